//! Languages: the codes a game may name, and picking a text's translation for the language
//! being built.

use serde_json::Value;

use crate::error::suggestion;

// Language codes belong to the words protopress prints (`i18n`), which sits below the model.
pub use crate::i18n::codes::{ISO_639_1, base, check_code, resolve};

/// The languages of a game and the one being built.
#[derive(Debug, Clone, PartialEq)]
pub struct Langs {
    /// The language being built.
    pub current: String,
    /// Every language of the game, the first being the one translations fall back to.
    pub all: Vec<String>,
    /// Whether a missing translation falls back to the first language instead of failing.
    pub fallback: bool,
}

impl Default for Langs {
    fn default() -> Langs {
        Langs {
            current: "en".to_owned(),
            all: vec!["en".to_owned()],
            fallback: false,
        }
    }
}

impl Langs {
    /// Whether `key` names one of the game's languages, by its code (`de-CH`) or its base (`de`).
    fn knows(&self, key: &str) -> bool {
        self.all
            .iter()
            .any(|l| l.eq_ignore_ascii_case(key) || base(l).eq_ignore_ascii_case(key))
    }

    /// Whether `value` is meant as a set of translations: a map with a key naming one of the
    /// game's languages, or whose keys are all language codes.
    fn is_translations(&self, value: &Value) -> bool {
        matches!(value, Value::Object(m) if !m.is_empty()
            && (m.keys().any(|k| self.knows(k)) || m.keys().all(|k| check_code(k).is_ok())))
    }

    /// The translation of `value` into the language being built; a value that is not a set of
    /// translations is the same in every language. Without the language, `fallback` takes the
    /// first language's text; otherwise it is an error.
    pub fn pick(&self, value: &Value, fallback: bool) -> Result<Value, String> {
        self.pick_in(value, &self.current, fallback)
    }

    /// The first language's text of `value`.
    pub fn first(&self, value: &Value) -> Result<Value, String> {
        let first = self.all.first().map_or("en", String::as_str);
        self.pick_in(value, first, false)
    }

    /// `value` with every set of translations inside it (at any depth) replaced by its text in
    /// the language being built: a template's `data` may translate any of its values. Here a
    /// map is a set of translations only when a key names one of the game's languages, so a
    /// map keyed `no` or `it` stays data in a game without Norwegian or Italian.
    pub fn localize(&self, value: &Value, fallback: bool) -> Result<Value, String> {
        if matches!(value, Value::Object(m) if m.keys().any(|k| self.knows(k))) {
            return self.pick(value, fallback);
        }
        match value {
            Value::Object(map) => {
                let mut out = serde_json::Map::new();
                for (k, v) in map {
                    let v = self
                        .localize(v, fallback)
                        .map_err(|m| format!("`{k}` {m}"))?;
                    out.insert(k.clone(), v);
                }
                Ok(Value::Object(out))
            }
            Value::Array(items) => items
                .iter()
                .map(|v| self.localize(v, fallback))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array),
            _ => Ok(value.clone()),
        }
    }

    /// When `value` has a translation of its own into the language being built (not the
    /// first language's text standing in), a digest of the first language's text it was
    /// translated from: a later change of that text makes the translation stale.
    pub fn source_digest(&self, value: &Value) -> Option<String> {
        let first = self.all.first()?;
        let Value::Object(map) = value else {
            return None;
        };
        if first == &self.current || !self.is_translations(value) {
            return None;
        }
        translation(map, &self.current)?;
        let source = translation(map, first)?;
        let text = match source {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        Some(text_digest(&text))
    }

    fn pick_in(&self, value: &Value, lang: &str, fallback: bool) -> Result<Value, String> {
        let Value::Object(map) = value else {
            return Ok(value.clone());
        };
        if !self.is_translations(value) {
            return Ok(value.clone());
        }
        self.check_keys(map)?;
        match (translation(map, lang), fallback) {
            (Some(v), _) => Ok(v.clone()),
            (None, true) => self
                .all
                .first()
                .and_then(|l| translation(map, l))
                .cloned()
                .ok_or_else(|| format!("has no `{}` text", self.all.join("` or `"))),
            (None, false) => Err(format!("has no `{lang}` translation")),
        }
    }

    /// Every key of a set of translations names one of the game's languages; a key that is
    /// no language code at all is most likely misspelt.
    fn check_keys(&self, map: &serde_json::Map<String, Value>) -> Result<(), String> {
        let Some(other) = map.keys().find(|k| !self.knows(k)) else {
            return Ok(());
        };
        if check_code(other).is_ok() {
            return Err(format!(
                "has a translation in `{other}`, but the game's languages are {}",
                self.all.join(", ")
            ));
        }
        let listed: Vec<&str> = self.all.iter().map(String::as_str).collect();
        Err(format!(
            "has a translation keyed `{other}`, which is not one of the game's languages ({}; they are {})",
            suggestion(other, listed.iter().copied()),
            self.all.join(", ")
        ))
    }
}

/// A short digest of a source text, as `translated.json` keeps it: enough to see a change.
pub fn text_digest(text: &str) -> String {
    use sha2::{Digest, Sha256};
    crate::digest::hex(&Sha256::digest(text.as_bytes())[..6])
}

/// The text of `map` for `lang`: its own code's (`de-CH`), else its base's (`de`).
fn translation<'a>(map: &'a serde_json::Map<String, Value>, lang: &str) -> Option<&'a Value> {
    let find = |code: &str| {
        map.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(code))
            .map(|(_, v)| v)
    };
    find(lang).or_else(|| find(base(lang)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn codes_are_checked() {
        assert!(check_code("en").is_ok());
        assert!(check_code("de-CH").is_ok());
        assert!(check_code("pt_BR").is_ok());
        let e = check_code("xx").unwrap_err();
        assert!(e.contains("not a language code"), "{e}");
        assert!(check_code("de-").is_err());
        assert!(check_code("de-1996").is_err());
        assert!(check_code("zh-Hans").is_err());
        assert!(check_code("english").is_err());
    }

    #[test]
    fn a_base_code_names_the_one_listed_code_with_that_base() {
        let listed = |codes: &[&str]| codes.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert_eq!(resolve(&listed(&["en", "de-CH"]), "de"), Some("de-CH"));
        assert_eq!(resolve(&listed(&["en", "de-CH"]), "de-CH"), Some("de-CH"));
        assert_eq!(resolve(&listed(&["de", "de-CH"]), "de"), Some("de"));
        // Two regions of one language: `de` names neither.
        assert_eq!(resolve(&listed(&["de-AT", "de-CH"]), "de"), None);
        assert_eq!(resolve(&listed(&["en"]), "fr"), None);
        // Language tags ignore case.
        assert_eq!(resolve(&listed(&["en", "de-CH"]), "de-ch"), Some("de-CH"));
        assert_eq!(resolve(&listed(&["EN", "de-CH"]), "en"), Some("EN"));
        assert_eq!(resolve(&listed(&["en", "de-CH"]), "DE"), Some("de-CH"));
    }

    #[test]
    fn a_region_takes_its_own_text_then_its_base_language() {
        let langs = |current: &str| Langs {
            current: current.into(),
            all: vec!["de-DE".into(), "de-CH".into()],
            fallback: false,
        };
        let text = json!({ "de": "Straße", "de-CH": "Strasse" });
        assert_eq!(langs("de-CH").pick(&text, false), Ok(json!("Strasse")));
        assert_eq!(langs("de-DE").pick(&text, false), Ok(json!("Straße")));
        let nested = json!({ "labels": [{ "de": "Tür", "de-CH": "Türe" }], "size": 3 });
        assert_eq!(
            langs("de-CH").localize(&nested, false),
            Ok(json!({ "labels": ["Türe"], "size": 3 }))
        );
    }

    #[test]
    fn translations_are_picked_or_missed() {
        let langs = Langs {
            current: "de".into(),
            all: vec!["en".into(), "de".into()],
            fallback: false,
        };
        let text = json!({ "en": "Loot", "de": "Beute" });
        assert_eq!(langs.pick(&text, false), Ok(json!("Beute")));
        assert_eq!(langs.first(&text), Ok(json!("Loot")));
        assert_eq!(langs.pick(&json!("Same"), false), Ok(json!("Same")));
        let only_en = json!({ "en": "Loot" });
        assert!(langs.pick(&only_en, false).unwrap_err().contains("`de`"));
        assert_eq!(langs.pick(&only_en, true), Ok(json!("Loot")));
        assert!(langs.pick(&json!({ "fr": "Butin" }), false).is_err());
        // A misspelt key is named, with the language it most likely means.
        let typo = langs.pick(&json!({ "en": "Loot", "dee": "Beute" }), false);
        assert!(typo.unwrap_err().contains("`dee`"));
        // A map of other keys is not a set of translations.
        assert_eq!(
            langs.pick(&json!({ "colour": "red" }), false),
            Ok(json!({ "colour": "red" }))
        );
    }
}
