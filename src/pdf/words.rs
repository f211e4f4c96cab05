//! The words the sheet writer prints itself: the label in each sheet's margin, the ruler's
//! check line, blank pages, the window and fold hints. In the kit's language: German for a game
//! whose `language` is `de` (any region), English otherwise (the kit's own pages follow the
//! same rule in `rulebook::words`).
//!
//! Templates name their blanks (`{title}`, `{n}`, …), filled by [`fill`].

use crate::model::print::Duplex;

/// One language's words.
pub struct SheetWords {
    /// `{title}`, `{n}` and `{of}`.
    pub sheet: &'static str,
    pub fronts: &'static str,
    pub single_sided: &'static str,
    pub base_layer: &'static str,
    pub base_layer_single_sided: &'static str,
    /// `{flip}`.
    pub backs: &'static str,
    pub flip_long: &'static str,
    pub flip_short: &'static str,
    pub top_layer: &'static str,
    pub gutter_fold: &'static str,
    /// `{row}`, `{col}`, `{rows}` and `{cols}`.
    pub tile: &'static str,
    pub tile_glue: &'static str,
    /// `{rev}`.
    pub revision: &'static str,
    /// `{length}`: "50 mm" or "2 in".
    pub ruler: &'static str,
    pub blank: &'static str,
    pub cut_out: &'static str,
    pub fold_hint: &'static str,
    /// `{game}`, `{n}` and `{of}`.
    pub cut_sheet: &'static str,
    /// `{game}`, `{n}` and `{of}`.
    pub shared_sheet: &'static str,
    /// `{machine}`, `{how}` and `{stem}`.
    pub print_and_cut: &'static str,
    pub duplex_cut_from_front: &'static str,
    pub shared_finish: &'static str,
    /// A shared sheet with nothing to fold or glue.
    pub cut_finish: &'static str,
}

pub const ENGLISH: SheetWords = SheetWords {
    sheet: "{title} · sheet {n} of {of}",
    fronts: "fronts",
    single_sided: "single-sided",
    base_layer: "base layer",
    base_layer_single_sided: "base layer, single-sided",
    backs: "backs ({flip})",
    flip_long: "flip on the long edge",
    flip_short: "flip on the short edge",
    top_layer: "top layer, single-sided: cut out the hatched windows",
    gutter_fold: "gutter-fold, single-sided: fold on the dashed line, printed sides out, glue the blank sides together, then cut through both",
    tile: "tile in row {row}, column {col} ({cols} × {rows}: columns × rows)",
    tile_glue: "glue over the dashed strips, crosses on crosses",
    revision: "rev {rev}",
    ruler: "Print at 100 % (actual size): this bar must measure {length}.",
    blank: "This page is intentionally blank.",
    cut_out: "CUT OUT",
    fold_hint: "FOLD printed sides out · GLUE the blank sides",
    cut_sheet: "{game} · cut sheet {n} of {of}",
    shared_sheet: "{game} · shared sheet {n} of {of}",
    print_and_cut: "print-and-cut ({machine}): {how}, load cut/{stem}.svg",
    duplex_cut_from_front: "duplex, cut from the front",
    shared_finish: "cut the solid lines, fold the dashed ones, glue the grey tabs and bases",
    cut_finish: "cut along the solid lines",
};

pub const GERMAN: SheetWords = SheetWords {
    sheet: "{title} · Bogen {n} von {of}",
    fronts: "Vorderseiten",
    single_sided: "einseitig",
    base_layer: "Grundschicht",
    base_layer_single_sided: "Grundschicht, einseitig",
    backs: "Rückseiten ({flip})",
    flip_long: "an der langen Kante wenden",
    flip_short: "an der kurzen Kante wenden",
    top_layer: "obere Schicht, einseitig: die schraffierten Fenster ausschneiden",
    gutter_fold: "Falzbogen, einseitig: an der gestrichelten Linie falten, bedruckte Seiten nach außen, die leeren Seiten zusammenkleben, dann durch beide schneiden",
    tile: "Teil in Reihe {row}, Spalte {col} ({cols} × {rows}: Spalten × Reihen)",
    tile_glue: "über die gestrichelten Streifen kleben, Kreuz auf Kreuz",
    revision: "Rev. {rev}",
    ruler: "Mit 100 % (Originalgröße) drucken: dieser Balken muss {length} messen.",
    blank: "Diese Seite bleibt absichtlich leer.",
    cut_out: "AUSSCHNEIDEN",
    fold_hint: "Bedruckte Seiten nach außen FALTEN · leere Seiten KLEBEN",
    cut_sheet: "{game} · Schneidebogen {n} von {of}",
    shared_sheet: "{game} · Sammelbogen {n} von {of}",
    print_and_cut: "Drucken und Schneiden ({machine}): {how}, cut/{stem}.svg laden",
    duplex_cut_from_front: "beidseitig, von vorn geschnitten",
    shared_finish: "an den durchgezogenen Linien schneiden, an den gestrichelten falten, die grauen Laschen und Sockel kleben",
    cut_finish: "an den durchgezogenen Linien schneiden",
};

impl SheetWords {
    /// "rev 3": the revision a sheet is of.
    pub fn rev(&self, revision: &str) -> String {
        fill(self.revision, &[("rev", revision)])
    }

    /// "backs (flip on the long edge)": a backs page and how to turn the sheet for it.
    pub fn backs_page(&self, duplex: Duplex) -> String {
        let flip = match duplex {
            Duplex::ShortEdge => self.flip_short,
            _ => self.flip_long,
        };
        fill(self.backs, &[("flip", flip)])
    }
}

/// The words for a language code (`de`, `de-AT`, `en`, …).
pub fn sheet_words(code: &str) -> &'static SheetWords {
    crate::model::lang::english_or_german(code, &ENGLISH, &GERMAN)
}

/// `template` with each `{name}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_fill_and_languages_fall_back_to_english() {
        let w = sheet_words("de-CH");
        assert_eq!(
            fill(w.sheet, &[("title", "Karten"), ("n", "2"), ("of", "5")]),
            "Karten · Bogen 2 von 5"
        );
        assert_eq!(sheet_words("fr").blank, ENGLISH.blank);
        // Every blank a template names is one its callers fill.
        for w in [&ENGLISH, &GERMAN] {
            let filled = fill(
                w.print_and_cut,
                &[("machine", "m"), ("how", "h"), ("stem", "s")],
            );
            assert!(!filled.contains('{'), "{filled}");
        }
    }
}
