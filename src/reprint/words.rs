//! The words of the reprint's changelog page, in the kit's language, from its catalogue
//! (`i18n`), as on the sheets (`pdf::words`).
//!
//! Templates name their blanks (`{component}`, `{count}`, …), filled by [`fill`].

pub use crate::pdf::words::fill;

use crate::i18n::Catalogue;

/// One language's words.
pub struct ReprintWords {
    /// `{game}` and `{rev}`.
    pub title: String,
    /// `{rev}`: the revision printed last.
    pub intro: String,
    /// `{component}`.
    pub component_added: String,
    /// `{component}`.
    pub component_removed: String,
    /// `{component}`, `{card}` and `{count}`, as in the three below.
    pub card_added: String,
    pub card_removed: String,
    /// And `{what}`: the changed fields, or [`ReprintWords::faces_changed`].
    pub card_changed: String,
    pub faces_changed: String,
    /// A field that had no value.
    pub none: String,
    /// `{component}`, `{card}`, and the ids `{from}` and `{to}`.
    pub card_renamed: String,
    /// `{component}`, `{card}`, `{old}`, `{new}` and `{n}`, as in the one below.
    pub count_up: String,
    pub count_down: String,
    /// `{section}`, `{how}` (one of the three after it) and `{pages}` (empty, or one of the
    /// two after those).
    pub rules: String,
    pub section_new: String,
    pub section_changed: String,
    pub section_removed: String,
    /// The `{page}` of `rules.pdf` a section is on now (later pages may have moved with it).
    pub rules_page: String,
    /// The `{pages}` of `rules.pdf` a section is on now, `3–4`.
    pub rules_pages: String,
}

impl ReprintWords {
    /// The words of `catalogue`'s language.
    pub fn of(catalogue: &Catalogue) -> ReprintWords {
        let t = |id: &str| catalogue.template(&format!("reprint-{id}"));
        ReprintWords {
            title: t("title"),
            intro: t("intro"),
            component_added: t("component-added"),
            component_removed: t("component-removed"),
            card_added: t("card-added"),
            card_removed: t("card-removed"),
            card_changed: t("card-changed"),
            faces_changed: t("faces-changed"),
            none: t("none"),
            card_renamed: t("card-renamed"),
            count_up: t("count-up"),
            count_down: t("count-down"),
            rules: t("rules"),
            section_new: t("section-new"),
            section_changed: t("section-changed"),
            section_removed: t("section-removed"),
            rules_page: t("rules-page"),
            rules_pages: t("rules-pages"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changelog_speaks_the_kits_language() {
        let de = ReprintWords::of(&Catalogue::shipped("de-CH").unwrap());
        assert!(de.title.contains("Nachdruck"), "{}", de.title);
        let en = ReprintWords::of(&Catalogue::english());
        assert_eq!(en.title, "{game}: reprint for revision {rev}");
    }
}
