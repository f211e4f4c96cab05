//! The one slug rule: names made into ids, file names and heading labels. Words in any script
//! keep their letters ("Émile's Axe" → `émile-s-axe`); everything else becomes a single `-`.

/// `Salt & Pepper <Deluxe>` → `salt-pepper-deluxe`.
pub fn slugify(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for ch in name.chars() {
        if ch.is_alphanumeric() {
            out.extend(ch.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// The longest id, in bytes: ids go into file names (`deck-<id>-front.png` in an export),
/// which most file systems cut off at 255 bytes.
pub const MAX_ID_BYTES: usize = 80;

/// The id a name makes: its slug, cut at a word's end to at most [`MAX_ID_BYTES`] (a whole
/// sentence used as a card's name would otherwise make a file name too long to write).
pub fn id_from_name(name: &str) -> String {
    let slug = slugify(name);
    if slug.len() <= MAX_ID_BYTES {
        return slug;
    }
    let mut end = MAX_ID_BYTES;
    while !slug.is_char_boundary(end) {
        end -= 1;
    }
    let cut = &slug[..end];
    if slug[end..].starts_with('-') {
        return cut.to_owned();
    }
    // At the last dash, unless that leaves too little of the name.
    let cut = match cut.rfind('-') {
        Some(dash) if dash >= MAX_ID_BYTES / 2 => &cut[..dash],
        _ => cut.trim_end_matches('-'),
    };
    cut.to_owned()
}

/// Whether `s` is a slug: lower-case letters (of any script), digits and `-`.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| (c.is_alphanumeric() && !c.is_uppercase()) || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_words_in_any_script() {
        assert_eq!(slugify("Salt & Pepper <Deluxe>"), "salt-pepper-deluxe");
        assert_eq!(slugify("  Copper Wiring!"), "copper-wiring");
        assert_eq!(slugify("Émile's Axe"), "émile-s-axe");
        assert_eq!(slugify("Straße 7"), "straße-7");
        assert!(is_slug("émile-s-axe") && is_slug("a-1"));
        assert!(!is_slug("Émile") && !is_slug("a b") && !is_slug(""));
    }

    #[test]
    fn an_id_from_a_long_name_ends_at_a_word() {
        assert_eq!(id_from_name("Copper Wiring"), "copper-wiring");
        let long = "Ärger ".repeat(60);
        let id = id_from_name(&long);
        assert!(
            id.len() <= MAX_ID_BYTES && id.len() > MAX_ID_BYTES / 2,
            "{id}"
        );
        assert!(
            id.starts_with("ärger-ärger") && id.ends_with("ärger"),
            "{id}"
        );
        // One endless word is cut inside it, on a character's boundary.
        // A cut that falls just before a dash keeps its last word whole.
        let exact = format!("{} {} c", "a".repeat(40), "b".repeat(39));
        assert_eq!(id_from_name(&exact).len(), MAX_ID_BYTES);
        let word = "é".repeat(100);
        let id = id_from_name(&word);
        assert_eq!(id.len(), MAX_ID_BYTES);
        assert!(is_slug(&id));
    }
}
