//! Language codes: the ones a game may name, a code's base language, and which listed code
//! a `--lang` names.

use crate::error::suggestion;

/// The ISO 639-1 language codes.
pub const ISO_639_1: [&str; 184] = [
    "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be", "bg", "bh",
    "bi", "bm", "bn", "bo", "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy", "da",
    "de", "dv", "dz", "ee", "el", "en", "eo", "es", "et", "eu", "fa", "ff", "fi", "fj", "fo", "fr",
    "fy", "ga", "gd", "gl", "gn", "gu", "gv", "ha", "he", "hi", "ho", "hr", "ht", "hu", "hy", "hz",
    "ia", "id", "ie", "ig", "ii", "ik", "io", "is", "it", "iu", "ja", "jv", "ka", "kg", "ki", "kj",
    "kk", "kl", "km", "kn", "ko", "kr", "ks", "ku", "kv", "kw", "ky", "la", "lb", "lg", "li", "ln",
    "lo", "lt", "lu", "lv", "mg", "mh", "mi", "mk", "ml", "mn", "mr", "ms", "mt", "my", "na", "nb",
    "nd", "ne", "ng", "nl", "nn", "no", "nr", "nv", "ny", "oc", "oj", "om", "or", "os", "pa", "pi",
    "pl", "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc", "sd", "se", "sg", "si", "sk",
    "sl", "sm", "sn", "so", "sq", "sr", "ss", "st", "su", "sv", "sw", "ta", "te", "tg", "th", "ti",
    "tk", "tl", "tn", "to", "tr", "ts", "tt", "tw", "ty", "ug", "uk", "ur", "uz", "ve", "vi", "vo",
    "wa", "wo", "xh", "yi", "yo", "za", "zh", "zu",
];

/// Checks a language code: ISO 639-1 (`de`), optionally with a two-letter region (`de-CH`,
/// `pt-BR`), which is what the typesetter's hyphenation and quotes take.
pub fn check_code(code: &str) -> Result<(), String> {
    let base = code.split(['-', '_']).next().unwrap_or(code);
    let region_ok = code.len() == base.len()
        || code[base.len() + 1..]
            .chars()
            .all(|c| c.is_ascii_alphabetic())
            && code.len() == base.len() + 3;
    if ISO_639_1.contains(&base) && region_ok {
        return Ok(());
    }
    Err(format!(
        "`{code}` is not a language code ({}; use an ISO 639-1 code such as en, de, fr, optionally with a two-letter region: de-CH)",
        suggestion(&base.to_ascii_lowercase(), ISO_639_1)
    ))
}

/// The base code of a language (`de` of `de-CH`), which translations are keyed by.
pub fn base(code: &str) -> &str {
    code.split(['-', '_']).next().unwrap_or(code)
}

/// The code among `listed` that `asked` names: the same code, or the one listed code with
/// `asked` as its base (`de` names `de-CH` when no plain `de` is listed). Kits, folders and
/// rulebooks are named by the listed code, so every command resolves `--lang` the same way.
/// Case does not matter (`de-ch` names `de-CH`), as in every language tag.
pub fn resolve<'a>(listed: &'a [String], asked: &str) -> Option<&'a str> {
    let same = listed.iter().find(|l| l.eq_ignore_ascii_case(asked));
    let mut by_base = listed
        .iter()
        .filter(|l| base(l).eq_ignore_ascii_case(asked));
    let only = match (by_base.next(), by_base.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    };
    same.or(only).map(String::as_str)
}
