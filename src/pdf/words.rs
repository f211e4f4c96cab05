//! The words the sheet writer prints itself: the label in each sheet's margin, the ruler's
//! check line, blank pages, the window and fold hints, in the kit's language, from its
//! catalogue (`i18n`), as the kit's own pages are (`rulebook::words`).
//!
//! Templates name their blanks (`{title}`, `{n}`, …), filled by [`fill`].

use std::sync::{Arc, OnceLock};

use crate::i18n::Catalogue;
use crate::model::print::Duplex;

/// One language's words.
pub struct SheetWords {
    /// `{title}`, `{n}` and `{of}`.
    pub sheet: String,
    pub fronts: String,
    pub single_sided: String,
    pub base_layer: String,
    pub base_layer_single_sided: String,
    /// `{flip}`.
    pub backs: String,
    pub flip_long: String,
    pub flip_short: String,
    pub top_layer: String,
    pub gutter_fold: String,
    /// `{row}`, `{col}`, `{rows}` and `{cols}`.
    pub tile: String,
    pub tile_glue: String,
    /// `{rev}`.
    pub revision: String,
    /// `{length}`: "50 mm" or "2 in".
    pub ruler: String,
    pub blank: String,
    pub cut_out: String,
    pub fold_hint: String,
    /// `{game}`, `{n}` and `{of}`.
    pub cut_sheet: String,
    /// `{game}`, `{n}` and `{of}`.
    pub shared_sheet: String,
    /// `{machine}`, `{how}` and `{stem}`.
    pub print_and_cut: String,
    pub duplex_cut_from_front: String,
    pub shared_finish: String,
    /// A shared sheet with nothing to fold or glue.
    pub cut_finish: String,
}

impl SheetWords {
    /// The words of `catalogue`'s language.
    pub fn of(catalogue: &Catalogue) -> SheetWords {
        let t = |id: &str| catalogue.template(&format!("sheet-{id}"));
        SheetWords {
            sheet: t("sheet"),
            fronts: t("fronts"),
            single_sided: t("single-sided"),
            base_layer: t("base-layer"),
            base_layer_single_sided: t("base-layer-single-sided"),
            backs: t("backs"),
            flip_long: t("flip-long"),
            flip_short: t("flip-short"),
            top_layer: t("top-layer"),
            gutter_fold: t("gutter-fold"),
            tile: t("tile"),
            tile_glue: t("tile-glue"),
            revision: t("revision"),
            ruler: t("ruler"),
            blank: t("blank"),
            cut_out: t("cut-out"),
            fold_hint: t("fold-hint"),
            cut_sheet: t("cut-sheet"),
            shared_sheet: t("shared-sheet"),
            print_and_cut: t("print-and-cut"),
            duplex_cut_from_front: t("duplex-cut-from-front"),
            shared_finish: t("shared-finish"),
            cut_finish: t("cut-finish"),
        }
    }

    /// The shipped English words, which a sheet writer prints until told its language.
    pub fn english() -> Arc<SheetWords> {
        static ENGLISH: OnceLock<Arc<SheetWords>> = OnceLock::new();
        ENGLISH
            .get_or_init(|| Arc::new(SheetWords::of(&Catalogue::english())))
            .clone()
    }

    /// "rev 3": the revision a sheet is of.
    pub fn rev(&self, revision: &str) -> String {
        fill(&self.revision, &[("rev", revision)])
    }

    /// "backs (flip on the long edge)": a backs page and how to turn the sheet for it.
    pub fn backs_page(&self, duplex: Duplex) -> String {
        let flip = match duplex {
            Duplex::ShortEdge => &self.flip_short,
            _ => &self.flip_long,
        };
        fill(&self.backs, &[("flip", flip)])
    }
}

/// `template` with each `{name}` replaced by its value, in one pass: a value that holds
/// braces itself (a deck named `Cards {of}`) is printed as it is.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            let found = values.iter().find(|(n, _)| *n == name);
            found.map(|(_, v)| (*v, close))
        });
        match value {
            Some((v, close)) => {
                out.push_str(v);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::SHIPPED;

    #[test]
    fn a_value_is_filled_in_once_as_it_is() {
        let at = [("title", "Cards {of}"), ("of", "5")];
        assert_eq!(fill("{title} of {of} {x}", &at), "Cards {of} of 5 {x}");
        assert_eq!(fill("{ {title}", &at), "{ Cards {of}");
    }

    #[test]
    fn templates_fill_in_the_kits_language() {
        let w = SheetWords::of(&Catalogue::shipped("de-CH").unwrap());
        assert_eq!(
            fill(&w.sheet, &[("title", "Karten"), ("n", "2"), ("of", "5")]),
            "Karten · Bogen 2 von 5"
        );
        assert_eq!(
            w.backs_page(Duplex::ShortEdge),
            "Rückseiten (an der kurzen Kante wenden)"
        );
        // Every blank a template names is one its callers fill, in every shipped language.
        for (lang, _) in SHIPPED {
            let w = SheetWords::of(&Catalogue::shipped(lang).unwrap());
            let filled = fill(
                &w.print_and_cut,
                &[("machine", "m"), ("how", "h"), ("stem", "s")],
            );
            assert!(!filled.contains('{'), "{lang}: {filled}");
        }
    }
}
