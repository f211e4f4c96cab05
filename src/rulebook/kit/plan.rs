//! The order of the kit's pages and the empty pages other PDFs fill: the rulebook's pages
//! after the cover, and after the plain part the print plan of the calibration sheet and every
//! sheet page (each front on an odd page, its back next, blank backs behind single sides).

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::layout::plan::{Role, Slot, plan, plan_single_sided};
use crate::pdf::import::PageFill;
use crate::rulebook::markdown::escape;
use crate::rulebook::words::Words;

use super::calibration::{calibration_back, calibration_front};
use super::inputs::{KitInput, SheetPage, kit_words};
use super::marks::{RULES_MARK, SHEETS_START_MARK, label};

/// The name the rulebook's pages are filled from.
pub(super) const RULES: &str = "rules.pdf";

/// After the kit's cover, an empty page for each page of the rulebook but its cover, carrying
/// the rulebook's bookmarks; or, without a rulebook, a contents page. The fills' targets count
/// from the first of these pages.
pub(super) fn rules_pages(input: &KitInput) -> (String, Vec<PageFill>) {
    // Without a rulebook, the printing guide is the kit's contents.
    let Some(book) = input.rules else {
        return (String::new(), Vec::new());
    };
    let (w, h) = input.game.file.print.paper.size_mm();
    let mut s = String::new();
    let mut fills = Vec::new();
    let cover = book.cover_pages;
    // The rulebook's credits stay out: the kit's own credit all it holds, theirs included.
    for page in cover..book.pages - book.credits_pages {
        let mut marks = match page == cover {
            true => format!("#metadata(none) <{RULES_MARK}>"),
            false => String::new(),
        };
        let headings = book
            .bookmarks
            .iter()
            // A bookmark to the rulebook's cover goes with its first page after it.
            .filter(|b| b.page.max(cover) == page)
            .map(|b| {
                format!(
                    "#place(hide(heading(level: {}, numbering: none, outlined: true)[{}]))",
                    b.level,
                    escape(&b.title)
                )
            });
        marks.extend(headings);
        s.push_str(&format!(
            "#page(width: {w}mm, height: {h}mm, margin: 0mm, header: none, footer: none, columns: 1, fill: none)[{marks}]\n"
        ));
        fills.push(PageFill {
            target: page - cover,
            file: RULES.to_owned(),
            page: page + 1,
        });
    }
    (s, fills)
}

/// What an intentionally blank page says.
pub(super) fn blank(w: &Words) -> String {
    format!(
        "align(center + horizon, text(size: 9pt, fill: luma(120))[{}])",
        w.blank
    )
}

/// One page after the plain part of the kit.
pub(super) enum KitPage<'a> {
    CalibrationFront,
    CalibrationBack,
    /// A sheet page, with the components it is the first or last page of (a shared sheet
    /// holds several components).
    Sheet {
        page: &'a SheetPage,
        marks: Vec<(&'a str, bool, bool)>,
    },
}

/// The sheet pages of `parts` (components and their pages), each printed once however many
/// components share it, in their files' order (files as the components first name them, pages
/// as the file numbers them), each marked as the first or last page of the components on it.
fn sheet_run<'a>(parts: &[&'a (String, Vec<SheetPage>)]) -> Vec<KitPage<'a>> {
    // By index, not by search: a 50,000-card deck has 22,000 sheet pages, and finding each
    // page and each component's first and last page by scanning made the kit quadratic.
    let mut files: Vec<&str> = Vec::new();
    let mut taken: Vec<(&SheetPage, Vec<&str>)> = Vec::new();
    let mut at: HashMap<(&str, usize), usize> = HashMap::new();
    for (id, list) in parts {
        for page in list {
            if !files.contains(&page.file.as_str()) {
                files.push(&page.file);
            }
            match at.entry((page.file.as_str(), page.page)) {
                Entry::Occupied(e) => taken[*e.get()].1.push(id),
                Entry::Vacant(e) => {
                    e.insert(taken.len());
                    taken.push((page, vec![id]));
                }
            }
        }
    }
    let file_rank = |f: &str| files.iter().position(|x| *x == f).unwrap_or(usize::MAX);
    taken.sort_by_key(|(p, _)| (file_rank(&p.file), p.page));
    // Each component's first and last page in the run.
    let mut span: HashMap<&str, (usize, usize)> = HashMap::new();
    for (n, (_, ids)) in taken.iter().enumerate() {
        for id in ids {
            span.entry(id).and_modify(|s| s.1 = n).or_insert((n, n));
        }
    }
    taken
        .iter()
        .enumerate()
        .map(|(n, (page, ids))| KitPage::Sheet {
            page,
            marks: ids
                .iter()
                .map(|id| {
                    let (first, last) = span[id];
                    (*id, first == n, last == n)
                })
                .collect(),
        })
        .collect()
}

/// The pages after the kit's plain part and the print plan that orders them, worked out once
/// a kit (a 50,000-card deck's plan took 6 ms, and the guide, the components page and the
/// sheet pages each read it).
pub(super) struct KitPlan<'a> {
    pub(super) pages: Vec<KitPage<'a>>,
    /// The print plan: a page of `pages`, or a blank back, for each page in order.
    pub(super) slots: Vec<Slot>,
    /// Each component's first and last place in the plan.
    pub(super) spans: HashMap<&'a str, (usize, usize)>,
    /// The calibration sheet's first place.
    pub(super) calibration: Option<usize>,
}

/// The pages after the plain part and the print plan that orders them (plain pages, the parts
/// to buy, first, then the calibration sheet, then every component's sheets), with each
/// component's span in it and the calibration sheet's place.
pub(super) fn kit_plan<'a>(input: &KitInput<'a>) -> KitPlan<'a> {
    // A single-sided layout (gutter-fold, print-and-cut without backs) prints as one
    // single-sided job: no calibration sheet, no blank backs.
    let simplex = input.game.single_sided();
    let plain = |p: &[SheetPage]| !p.is_empty() && p.iter().all(|s| s.role == Role::Plain);
    let (plain_parts, sheets): (Vec<_>, Vec<_>) =
        input.sheet_pages.iter().partition(|(_, p)| plain(p));
    let mut pages: Vec<KitPage> = sheet_run(&plain_parts);
    // The calibration sheet goes before the first two-sided sheet, or last of all.
    if !simplex {
        pages.extend([KitPage::CalibrationFront, KitPage::CalibrationBack]);
    }
    pages.extend(sheet_run(&sheets));
    let roles: Vec<Role> = pages
        .iter()
        .map(|k| match k {
            KitPage::CalibrationFront => Role::Front,
            KitPage::CalibrationBack => Role::Back,
            KitPage::Sheet { page, .. } => page.role,
        })
        .collect();
    let slots = if simplex {
        plan_single_sided(&roles)
    } else {
        plan(&roles)
    };
    let (spans, calibration) = slot_spans(&pages, &slots);
    KitPlan {
        pages,
        slots,
        spans,
        calibration,
    }
}

/// Each component's first and last place in the print plan `slots` of `pages`, and the
/// calibration sheet's first.
fn slot_spans<'a>(
    pages: &[KitPage<'a>],
    slots: &[Slot],
) -> (HashMap<&'a str, (usize, usize)>, Option<usize>) {
    let mut span: HashMap<&str, (usize, usize)> = HashMap::new();
    let mut calibration = None;
    for (n, slot) in slots.iter().enumerate() {
        let Slot::Page(i) = slot else { continue };
        match &pages[*i] {
            KitPage::CalibrationFront => calibration = Some(n),
            KitPage::CalibrationBack => {}
            KitPage::Sheet { marks, .. } => {
                for (id, _, _) in marks {
                    span.entry(id).and_modify(|s| s.1 = n).or_insert((n, n));
                }
            }
        }
    }
    (span, calibration)
}

/// The pages after the plain part, in the order of the print plan: plain pages (parts to
/// buy) first, then the calibration sheet, then every component's sheets, each front on an
/// odd page with its back next and a blank back behind single-sided pages. Returns the markup,
/// the number of pages it makes and which of them (counted from the first) take which sheet
/// page.
pub(super) fn sheet_pages(input: &KitInput, plan: &KitPlan) -> (String, usize, Vec<PageFill>) {
    let KitPlan { pages, slots, .. } = plan;
    let paper = input.game.file.print.paper.size_mm();
    let mut s = String::new();
    let mut fills = Vec::new();
    let mut size = (210.0, 297.0);
    // Sheet pages of one size run on in one `page` call, a page break between them: a call
    // per page cost Typst 15 µs more a page, a third of a second at 22,000 sheet pages.
    let mut run: Option<(f32, f32)> = None;
    for (n, slot) in slots.iter().enumerate() {
        let page = match slot {
            Slot::Page(i) => Some(&pages[*i]),
            Slot::Blank => None,
        };
        if let Some(KitPage::Sheet { page, marks }) = page {
            let wh = (page.width_mm, page.height_mm);
            match run {
                Some(open) if open == wh => s.push_str("#pagebreak()"),
                _ => {
                    if run.is_some() {
                        s.push_str(RUN_END);
                    }
                    s.push_str(&page_open(wh));
                    run = Some(wh);
                }
            }
            if fills.is_empty() {
                s.push_str(&format!("#metadata(none) <{SHEETS_START_MARK}>"));
            }
            s.push_str(&sheet_labels(input, marks));
            size = wh;
            fills.push(PageFill {
                target: n,
                file: page.file.clone(),
                page: page.page,
            });
            continue;
        }
        if run.take().is_some() {
            s.push_str(RUN_END);
        }
        match page {
            None => s.push_str(&format!(
                "{}#{}]\n",
                page_open(size),
                blank(&kit_words(input))
            )),
            Some(KitPage::CalibrationFront) => {
                s.push_str(&calibration_front(&kit_words(input)));
                size = paper;
            }
            Some(KitPage::CalibrationBack) => {
                s.push_str(&calibration_back(&kit_words(input)));
                size = paper;
            }
            Some(KitPage::Sheet { .. }) => {}
        }
    }
    if run.is_some() {
        s.push_str(RUN_END);
    }
    (s, slots.len(), fills)
}

/// The end of a run of sheet pages. Typst drops a last page that holds only labels when a
/// page of another size follows; an empty box keeps it.
const RUN_END: &str = "#box()]\n";

/// A page of `wh` mm with nothing round it, its body left open.
fn page_open((w, h): (f32, f32)) -> String {
    format!("#page(width: {w}mm, height: {h}mm, margin: 0mm, header: none, footer: none)[")
}

/// The labels and outline entries of a sheet page that is the first or last of components.
fn sheet_labels(input: &KitInput, marks: &[(&str, bool, bool)]) -> String {
    let mut labels = String::new();
    for &(id, first, last) in marks {
        let name = input
            .components
            .iter()
            .find(|c| c.id == id)
            .map_or(id, |c| c.name.as_str());
        if first {
            labels.push_str(&format!("#metadata(none) <{}>", label(id, "first")));
            labels.push_str(&format!(
                "#place(hide(heading(level: 1, outlined: true)[{}]))",
                escape(name)
            ));
        }
        if last {
            labels.push_str(&format!("#metadata(none) <{}>", label(id, "last")));
        }
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_sheets_go_in_their_files_order_whatever_the_components_order() {
        let page = |file: &str, page: usize| SheetPage {
            file: file.to_owned(),
            page,
            width_mm: 210.0,
            height_mm: 297.0,
            role: Role::Single,
        };
        // The pawns are on all three token sheets; the bars only on the third, and first.
        let parts = [
            ("bars".to_owned(), vec![page("tokens.pdf", 3)]),
            (
                "pawns".to_owned(),
                vec![
                    page("tokens.pdf", 3),
                    page("tokens.pdf", 1),
                    page("tokens.pdf", 2),
                ],
            ),
            ("board".to_owned(), vec![page("boards.pdf", 1)]),
        ];
        let refs: Vec<&(String, Vec<SheetPage>)> = parts.iter().collect();
        let run = sheet_run(&refs);
        type Marked<'a> = (String, usize, Vec<(&'a str, bool, bool)>);
        let got: Vec<Marked> = run
            .iter()
            .map(|k| match k {
                KitPage::Sheet { page, marks } => (page.file.clone(), page.page, marks.clone()),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(
            got,
            [
                ("tokens.pdf".to_owned(), 1, vec![("pawns", true, false)]),
                ("tokens.pdf".to_owned(), 2, vec![("pawns", false, false)]),
                (
                    "tokens.pdf".to_owned(),
                    3,
                    vec![("bars", true, true), ("pawns", false, true)]
                ),
                ("boards.pdf".to_owned(), 1, vec![("board", true, true)]),
            ]
        );
    }
}
