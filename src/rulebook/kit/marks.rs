//! The labels the typeset pages carry, and the page numbers the kit prints: which page a
//! component's sheets start and end on, counted from the print plan ([`Numbers`]) or read
//! back from the labels by Typst, and where the rules and the printing guide begin.

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
/// The last page of the kit's plain part (cover to credits), after which the print plan's
/// pages follow.
pub(super) const PLAIN_END_MARK: &str = "protopress:plain-end";

pub(super) fn label(id: &str, which: &str) -> String {
    format!("sheet-{id}-{which}")
}

/// How the kit writes its page numbers. Counted, they are plain numbers: every page after the
/// plain part is one place of the print plan, so only the plain part's length is Typst's to
/// know, and the kit is laid out once with it guessed, again only when the guess was wrong.
/// Looked up, Typst reads each label's page, and lays the whole kit out again until the
/// numbers settle: a third of the kit's typesetting, the fallback when counting never settles
/// or the pages are not laid out as counting assumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Numbers {
    /// Looked up by Typst, for a kit printed `duplex` or not.
    LookedUp { duplex: bool },
    /// The plain part takes `plain` pages; in a `duplex` kit a blank page follows an odd
    /// number of them, so that the print plan starts on a front.
    Counted { plain: usize, duplex: bool },
}

/// What laying the kit out with counted numbers told of them.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Settled {
    /// They are the pages' own.
    Yes,
    /// The plain part took another length: count from it.
    Retry(Numbers),
    /// The pages are not as counting assumes: have Typst look the numbers up.
    LookUp,
}

impl Numbers {
    /// Typst code for the plain part's last page.
    pub(super) fn plain_end(self) -> String {
        match self {
            Numbers::LookedUp { .. } => format!("locate(<{PLAIN_END_MARK}>).page()"),
            Numbers::Counted { plain, .. } => plain.to_string(),
        }
    }

    /// Typst content (after a `#`) for "1–n", the plain part's pages.
    pub(super) fn plain_range(self) -> String {
        match self {
            Numbers::LookedUp { .. } => format!("context [1–#{}]", self.plain_end()),
            Numbers::Counted { plain, .. } => format!("[1–{plain}]"),
        }
    }

    /// The same kit's numbers, looked up by Typst.
    pub(super) fn looked_up(self) -> Numbers {
        match self {
            Numbers::LookedUp { duplex } | Numbers::Counted { duplex, .. } => {
                Numbers::LookedUp { duplex }
            }
        }
    }

    /// Typst code that ends the plain part: a blank page after an odd number of pages in a
    /// duplex kit, whose `blank` says so.
    pub(super) fn plain_part_end(self, blank: &str) -> String {
        let end = format!("\n#metadata(none) <{PLAIN_END_MARK}>\n");
        match self {
            Numbers::Counted { plain, duplex } if duplex && plain % 2 == 1 => {
                format!("{end}#{{ pagebreak(); {blank} }}\n")
            }
            Numbers::LookedUp { duplex: true } => format!(
                "{end}#context if calc.odd({}) {{ pagebreak(); {blank} }}\n",
                self.plain_end()
            ),
            _ => end,
        }
    }

    /// The page of place `n` of the print plan, when counted.
    fn place_page(self, n: usize) -> Option<usize> {
        match self {
            Numbers::LookedUp { .. } => None,
            Numbers::Counted { plain, duplex } => {
                Some(plain + usize::from(duplex && plain % 2 == 1) + n + 1)
            }
        }
    }

    /// The numbers to count from instead, when the laid-out kit's plain part ended on page
    /// `plain_end`, not where these counted it to.
    pub(super) fn retry(self, plain_end: Option<usize>) -> Option<Numbers> {
        match (self, plain_end) {
            (Numbers::Counted { plain, duplex }, Some(end)) if end != plain => {
                Some(Numbers::Counted { plain: end, duplex })
            }
            _ => None,
        }
    }

    /// Whether the laid-out kit has the numbers this wrote into it: its plain part ends on page
    /// `plain_end`, and of its `total` pages the last `places` are the print plan's, right
    /// after the plain part (and its blank back), as every counted number assumes.
    pub(super) fn settled(self, plain_end: Option<usize>, total: usize, places: usize) -> Settled {
        if let Some(next) = self.retry(plain_end) {
            return Settled::Retry(next);
        }
        match self {
            Numbers::LookedUp { .. } => Settled::Yes,
            _ if plain_end.is_some() && self.place_page(places) == Some(total + 1) => Settled::Yes,
            // Pages neither counted nor laid out as planned: only Typst's lookup can be trusted.
            _ => Settled::LookUp,
        }
    }

    /// Typst content (after a `#`) for "a–b" (one page: "a"), the pages of the print plan's
    /// places `span` (first, last), labelled `first` and `last`.
    pub(super) fn range(self, (first, last): (&str, &str), span: (usize, usize)) -> String {
        self.range_named((first, last), span, ("", ""))
    }

    /// Typst content for component `id`'s "page a" or "pages a–b", on the print plan's places
    /// `span`. A language with one word for both keeps the word outside the page lookup, in
    /// the same text run as what precedes it.
    pub(super) fn pages_of(
        self,
        id: &str,
        span: (usize, usize),
        (one, many): (&str, &str),
    ) -> String {
        let labels = (label(id, "first"), label(id, "last"));
        let labels = (labels.0.as_str(), labels.1.as_str());
        if one == many {
            format!("{many} #{}", self.range(labels, span))
        } else {
            format!("#{}", self.range_named(labels, span, (one, many)))
        }
    }

    /// Typst content for "page a" or "pages a–b", with the words for one page and for several
    /// (each followed by a space unless empty).
    fn range_named(
        self,
        (first, last): (&str, &str),
        span: (usize, usize),
        (one, many): (&str, &str),
    ) -> String {
        let word = |w: &str| match w.is_empty() {
            true => String::new(),
            false => format!("{w} "),
        };
        let (Some(a), Some(b)) = (self.place_page(span.0), self.place_page(span.1)) else {
            return format!(
                // A component spread over shared sheets may have its last-made page before its
                // first.
                "context {{ let (a, b) = (locate(label({})).page(), locate(label({})).page()); let (a, b) = (calc.min(a, b), calc.max(a, b)); if a == b [{}#a] else [{}#a–#b] }}",
                string(first),
                string(last),
                word(one),
                word(many)
            );
        };
        match (a.min(b), a.max(b)) {
            (a, b) if a == b => format!("[{}{a}]", word(one)),
            (a, b) => format!("[{}{a}–{b}]", word(many)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counted_pages_follow_the_plain_part_and_its_blank_back() {
        let duplex = |plain| Numbers::Counted {
            plain,
            duplex: true,
        };
        // Seven plain pages and a blank back: the plan's first place is page 9.
        assert_eq!(duplex(7).place_page(0), Some(9));
        assert_eq!(duplex(8).place_page(2), Some(11));
        let simplex = Numbers::Counted {
            plain: 7,
            duplex: false,
        };
        assert_eq!(simplex.place_page(0), Some(8));
        assert_eq!(Numbers::LookedUp { duplex: true }.place_page(0), None);
        assert_eq!(duplex(7).plain_range(), "[1–7]");
    }

    #[test]
    fn a_span_reads_as_one_page_or_a_range_in_page_order() {
        let n = Numbers::Counted {
            plain: 8,
            duplex: true,
        };
        assert_eq!(n.range(("a", "b"), (0, 3)), "[9–12]");
        // A component whose last-made page comes before its first.
        assert_eq!(n.range(("a", "b"), (3, 0)), "[9–12]");
        assert_eq!(n.pages_of("deck", (1, 1), ("page", "pages")), "#[page 10]");
        assert_eq!(n.pages_of("deck", (1, 2), ("S.", "S.")), "S. #[10–11]");
        let looked_up = Numbers::LookedUp { duplex: true }.range(("a", "b"), (0, 3));
        assert!(looked_up.starts_with("context") && looked_up.contains("locate(label(\"a\"))"));
    }

    #[test]
    fn only_an_odd_plain_part_of_a_duplex_kit_gets_a_blank_back() {
        let end = |plain, duplex| Numbers::Counted { plain, duplex }.plain_part_end("B");
        assert!(end(7, true).contains("pagebreak(); B"));
        assert!(!end(8, true).contains("pagebreak"));
        assert!(!end(7, false).contains("pagebreak"));
        let looked_up = |duplex| Numbers::LookedUp { duplex }.plain_part_end("B");
        assert!(looked_up(true).contains("calc.odd(locate("));
        assert!(!looked_up(false).contains("pagebreak"));
    }

    #[test]
    fn a_layout_settles_only_as_counted() {
        let n = Numbers::Counted {
            plain: 9,
            duplex: true,
        };
        // Nine plain pages, a blank back, 20 pages of the plan: 30 in all.
        assert_eq!(n.settled(Some(9), 30, 20), Settled::Yes);
        let ten = Numbers::Counted {
            plain: 10,
            duplex: true,
        };
        assert_eq!(n.settled(Some(10), 30, 20), Settled::Retry(ten));
        assert_eq!(n.retry(Some(10)), Some(ten));
        assert_eq!(n.retry(Some(9)), None);
        // Without the mark, or with a page more or less than counted between the plain part
        // and the plan's end, nothing counted can be trusted.
        assert_eq!(n.settled(None, 30, 20), Settled::LookUp);
        assert_eq!(n.settled(Some(9), 31, 20), Settled::LookUp);
        assert_eq!(n.settled(Some(9), 29, 20), Settled::LookUp);
        assert_eq!(
            Numbers::LookedUp { duplex: true }.settled(None, 3, 1),
            Settled::Yes
        );
        // Single-sided: no blank back; a kit of plain pages only has no place of the plan.
        let simplex = Numbers::Counted {
            plain: 7,
            duplex: false,
        };
        assert_eq!(simplex.settled(Some(7), 7, 0), Settled::Yes);
        assert_eq!(simplex.settled(Some(7), 8, 0), Settled::LookUp);
        assert_eq!(simplex.settled(Some(7), 12, 5), Settled::Yes);
        let duplex = Numbers::Counted {
            plain: 7,
            duplex: true,
        };
        assert_eq!(duplex.settled(Some(7), 10, 2), Settled::Yes);
    }
}
