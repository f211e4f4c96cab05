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
}
