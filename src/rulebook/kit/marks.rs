//! The labels the typeset pages carry, and Typst that reads their page numbers back: which
//! page a component's sheets start and end on, where the rules and the printing guide begin.

use crate::rulebook::markdown::string;

/// Labels whose pages the typeset document reports: the rulebook's contents page, the kit's
/// first rulebook page and its printing guide. A heading's label is a slug, which never has a
/// colon, so these cannot be taken by the rules.
pub(super) const CONTENTS_MARK: &str = "protopress:contents";
pub(super) const RULES_MARK: &str = "protopress:rules";
pub(super) const GUIDE_MARK: &str = "protopress:guide";
/// The kit's first sheet page: Typst must lay out every page from it on, or the sheets
/// would be filled in pages off (the kit counts them back from its last page).
pub(super) const SHEETS_START_MARK: &str = "protopress:sheets-start";
/// The first and last page of the rules' text in the rulebook, and its credits page.
pub(super) const RULES_START_MARK: &str = "protopress:rules-start";
pub(super) const RULES_END_MARK: &str = "protopress:rules-end";
pub(super) const CREDITS_MARK: &str = "protopress:credits";

pub(super) fn label(id: &str, which: &str) -> String {
    format!("sheet-{id}-{which}")
}

/// Typst for "pages a–b" between two labels (one page: "a").
pub(super) fn page_range(first: &str, last: &str) -> String {
    page_range_named(first, last, ("", ""))
}

/// Typst for a component's "page a" or "pages a–b". A language with one word for both keeps
/// the word outside the page lookup, in the same text run as what precedes it.
pub(super) fn pages_of(id: &str, (one, many): (&str, &str)) -> String {
    let (first, last) = (label(id, "first"), label(id, "last"));
    if one == many {
        format!("{many} #{}", page_range(&first, &last))
    } else {
        format!("#{}", page_range_named(&first, &last, (one, many)))
    }
}

/// Typst for "page a" or "pages a–b" between two labels, with the words for one page and for
/// several (each followed by a space unless empty).
fn page_range_named(first: &str, last: &str, (one, many): (&str, &str)) -> String {
    let word = |w: &str| {
        if w.is_empty() {
            String::new()
        } else {
            format!("{w} ")
        }
    };
    format!(
        // A component spread over shared sheets may have its last-made page before its first.
        "context {{ let (a, b) = (locate(label({})).page(), locate(label({})).page()); let (a, b) = (calc.min(a, b), calc.max(a, b)); if a == b [{}#a] else [{}#a–#b] }}",
        string(first),
        string(last),
        word(one),
        word(many)
    )
}
