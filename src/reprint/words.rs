//! The words of the reprint's changelog page, in the kit's language: German for a game whose
//! `language` is `de` (any region), English otherwise, as on the sheets (`pdf::words`).
//!
//! Templates name their blanks (`{component}`, `{count}`, …), filled by [`fill`].

pub use crate::pdf::words::fill;

/// One language's words.
pub struct ReprintWords {
    /// `{game}` and `{rev}`.
    pub title: &'static str,
    /// `{rev}`: the revision printed last.
    pub intro: &'static str,
    /// `{component}`.
    pub component_added: &'static str,
    /// `{component}`.
    pub component_removed: &'static str,
    /// `{component}`, `{card}` and `{count}`, as in the three below.
    pub card_added: &'static str,
    pub card_removed: &'static str,
    /// And `{what}`: the changed fields, or [`ReprintWords::faces_changed`].
    pub card_changed: &'static str,
    pub faces_changed: &'static str,
    /// A field that had no value.
    pub none: &'static str,
    /// `{component}`, `{card}`, and the ids `{from}` and `{to}`.
    pub card_renamed: &'static str,
    /// `{component}`, `{card}`, `{old}`, `{new}` and `{n}`, as in the one below.
    pub count_up: &'static str,
    pub count_down: &'static str,
    /// `{section}`, `{how}` (one of the three after it) and `{pages}` (empty, or one of the
    /// two after those).
    pub rules: &'static str,
    pub section_new: &'static str,
    pub section_changed: &'static str,
    pub section_removed: &'static str,
    /// The `{page}` of `rules.pdf` a section is on now (later pages may have moved with it).
    pub rules_page: &'static str,
    /// The `{pages}` of `rules.pdf` a section is on now, `3–4`.
    pub rules_pages: &'static str,
}

pub const ENGLISH: ReprintWords = ReprintWords {
    title: "{game}: reprint for revision {rev}",
    intro: "Changes since the last print (revision {rev}). The sheets that follow hold only what to print.",
    component_added: "New component {component}: print all of it.",
    component_removed: "Component {component} is gone: discard it.",
    card_added: "{component} › {card}: new card, print {count}.",
    card_removed: "{component} › {card}: removed, discard {count}.",
    card_changed: "{component} › {card}: changed ({what}); reprint all {count}, discard the old ones.",
    faces_changed: "its faces changed (template or shared data)",
    none: "(none)",
    card_renamed: "{component} › {card}: id {from} -> {to}, the same faces.",
    count_up: "{component} › {card}: count {old} -> {new}, print {n} more.",
    count_down: "{component} › {card}: count {old} -> {new}, discard {n}.",
    rules: "Rules, \"{section}\": {how}{pages}.",
    section_new: "new section",
    section_changed: "text changed",
    section_removed: "removed",
    rules_page: "; it is now on page {page} of rules.pdf",
    rules_pages: "; it is now on pages {pages} of rules.pdf",
};

pub const GERMAN: ReprintWords = ReprintWords {
    title: "{game}: Nachdruck für Revision {rev}",
    intro: "Änderungen seit dem letzten Druck (Revision {rev}). Die folgenden Bögen enthalten nur, was zu drucken ist.",
    component_added: "Neue Komponente {component}: ganz drucken.",
    component_removed: "Komponente {component} entfällt: aussortieren.",
    card_added: "{component} › {card}: neue Karte, {count} drucken.",
    card_removed: "{component} › {card}: entfernt, {count} aussortieren.",
    card_changed: "{component} › {card}: geändert ({what}); alle {count} neu drucken, die alten aussortieren.",
    faces_changed: "ihre Seiten haben sich geändert (Vorlage oder gemeinsame Daten)",
    none: "(leer)",
    card_renamed: "{component} › {card}: ID {from} -> {to}, dieselben Seiten.",
    count_up: "{component} › {card}: Anzahl {old} -> {new}, {n} weitere drucken.",
    count_down: "{component} › {card}: Anzahl {old} -> {new}, {n} aussortieren.",
    rules: "Regeln, „{section}“: {how}{pages}.",
    section_new: "neuer Abschnitt",
    section_changed: "Text geändert",
    section_removed: "entfernt",
    rules_page: "; jetzt auf Seite {page} von rules.pdf",
    rules_pages: "; jetzt auf den Seiten {pages} von rules.pdf",
};

/// The words for a language code.
pub fn reprint_words(code: &str) -> &'static ReprintWords {
    crate::model::lang::english_or_german(code, &ENGLISH, &GERMAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_for_german_kits_english_otherwise() {
        assert!(reprint_words("de-CH").title.contains("Nachdruck"));
        assert!(reprint_words("fr").title.contains("reprint"));
    }
}
