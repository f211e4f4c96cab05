//! The printing guide: how many sheets of which paper, then which pages print how, and what
//! to cut, fold and glue, row by row in the order the pages come in the kit.

use crate::layout::plan::{Role, Slot};
use crate::model::print::{Duplex, Layout, Paper};
use crate::output::report::ComponentReport;
use crate::rulebook::markdown::escape;
use crate::rulebook::words::Words;

use super::inputs::{KitInput, SheetPage, kit_words};
use super::marks::{GUIDE_MARK, Numbers, label};
use super::plan::{KitPage, KitPlan};

/// What to do with a component's pieces once printed: a dashboard with a top layer is glued
/// onto its base; a board printed on more pages than it has copies is tiled.
fn finishing<'w>(input: &KitInput, w: &'w Words, c: &ComponentReport) -> &'w str {
    let f = &w.guide.finishing;
    let spec = input.game.components.iter().find(|k| k.spec.id == c.id);
    let layered = spec.is_some_and(|k| k.spec.top.is_some());
    let tiled = c.pages.len() > c.copies as usize;
    if c.layout.starts_with("gutter-fold") {
        return &f.gutter_fold;
    }
    if c.layout.contains("print-and-cut") {
        return match c.kind.as_str() {
            "die" | "standee" => &f.print_and_cut_fold,
            "dashboard" if layered => &f.print_and_cut_layered,
            _ => &f.print_and_cut,
        };
    }
    match c.kind.as_str() {
        "cards" => &f.crop_marks,
        "tokens" => &f.outlines,
        "dashboard" if layered => &f.layered_dashboard,
        "dashboard" => &f.crop_marks,
        "board" if tiled => &f.tiled_board,
        "board" => &f.crop_marks,
        "die" => &f.die,
        "standee" => &f.standee,
        _ => &f.other,
    }
}

/// The page a player follows: how many sheets of which paper, then which pages, on which
/// paper, duplex or single-sided, and what to cut, fold and glue, row by row in the order the
/// pages come in the kit. Parts on the very same pages (a shared sheet) share a row.
pub(super) fn guide_page(input: &KitInput, plan: &KitPlan, numbers: Numbers) -> String {
    let w = kit_words(input);
    let g = &w.guide;
    let print = &input.game.file.print;
    let flip = match print.duplex {
        Duplex::ShortEdge => &g.short_edge,
        _ => &g.long_edge,
    };
    let [pages, what, paper, print_head, then] = &g.heads;
    let mut s = format!(
        "#page(header: none, footer: none, columns: 1, margin: (x: 2.2cm, top: 2.5cm, bottom: 2.2cm))[\n#metadata(none) <{GUIDE_MARK}>\n#text(font: \"Noto Sans\", weight: \"bold\", size: 17pt)[{title}]\n\n{job} {sheets} {parts}\n\n#set text(size: 9pt)\n#table(columns: (auto, 1fr, auto, auto, 1.6fr), align: left, table.header([{pages}], [{what}], [{paper}], [{print_head}], [{then}]),\n",
        title = g.title,
        job = print_job(g, input, flip),
        sheets = sheet_count(input, g, plan, numbers),
        parts = g.parts,
    );
    s.push_str(&format!(
        "  [#{}], [{}], [{}], [{}], [{}],\n",
        numbers.plain_range(),
        g.rules_and_components,
        g.plain,
        g.duplex_or_single,
        g.keep
    ));
    for row in guide_rows(input, &w, flip, (plan, numbers)) {
        s.push_str(&row);
    }
    s.push_str(")\n]\n");
    s
}

/// "The kit takes 43 sheets of A4, printed on both sides: 5 of plain paper, 38 of cardstock."
/// The plain part's length is Typst's to know (or counted, `numbers`), the rest is counted
/// from the print plan: in a duplex job a sheet is a pair of pages, cardstock when either
/// side is a printed sheet's page.
fn sheet_count(
    input: &KitInput,
    g: &crate::rulebook::words::Guide,
    plan: &KitPlan,
    numbers: Numbers,
) -> String {
    let KitPlan { pages, slots, .. } = plan;
    let simplex = input.game.single_sided();
    let plain_page = |slot: &Slot| match slot {
        Slot::Blank => true,
        Slot::Page(i) => match &pages[*i] {
            KitPage::CalibrationFront | KitPage::CalibrationBack => true,
            KitPage::Sheet { page, .. } => page.role == Role::Plain,
        },
    };
    let per_sheet = if simplex { 1 } else { 2 };
    let (mut plain, mut card) = (0, 0);
    for sheet in slots.chunks(per_sheet) {
        match sheet.iter().all(plain_page) {
            true => plain += 1,
            false => card += 1,
        }
    }
    // The further copies of sheets printed several times.
    card += input
        .components
        .iter()
        .map(|c| (print_copies(input, c) as usize - 1) * c.sheets)
        .sum::<usize>();
    let front = match simplex {
        true => numbers.plain_end(),
        false => format!("calc.ceil({} / 2)", numbers.plain_end()),
    };
    let text = if simplex {
        &g.sheets_single
    } else {
        &g.sheets_duplex
    };
    let text = text
        .replace("{total}", &format!("#(front + {})", plain + card))
        .replace("{plain}", &format!("#(front + {plain})"))
        .replace("{card}", &card.to_string())
        .replace("{paper}", &escape(&paper_name(input.game.file.print.paper)));
    // Counted, the number needs no context, which would have Typst lay the kit out again.
    let context = if matches!(numbers, Numbers::LookedUp { .. }) {
        "context "
    } else {
        ""
    };
    format!("#{context}{{ let front = {front}; [{text}] }}")
}

/// The paper as a player names it at the printer.
fn paper_name(paper: Paper) -> String {
    match paper {
        Paper::A4 => "A4".to_owned(),
        Paper::A3 => "A3".to_owned(),
        Paper::A5 => "A5".to_owned(),
        Paper::Letter => "Letter".to_owned(),
        Paper::Legal => "Legal".to_owned(),
        Paper::Tabloid => "Tabloid".to_owned(),
        Paper::Custom { .. } => {
            let (w, h) = paper.size_mm();
            format!("{w} × {h} mm")
        }
    }
}

/// One row of the guide: the pages it covers (as slots of the print plan, and as Typst), the
/// parts on them, their paper, how they print and what to do with them then.
struct Row<'w> {
    span: (usize, usize),
    pages: String,
    what: Vec<String>,
    paper: &'w str,
    print: String,
    then: Vec<&'w str>,
}

impl Row<'_> {
    /// The row as cells of the guide's table.
    fn cells(&self) -> String {
        format!(
            "  [#{}], [{}], [{}], [{}], [{}],\n",
            self.pages,
            self.what.join(", "),
            self.paper,
            self.print,
            self.then.join(" ")
        )
    }
}

/// The guide's rows after the rules: the calibration sheet and every component, in the order
/// of their first page in the kit (then of their last); components on exactly the same pages
/// make one row.
fn guide_rows(
    input: &KitInput,
    w: &Words,
    flip: &str,
    (plan, numbers): (&KitPlan, Numbers),
) -> Vec<String> {
    let g = &w.guide;
    let (span, calibration) = (&plan.spans, plan.calibration);
    let mut rows: Vec<Row> = Vec::new();
    if let Some(n) = calibration {
        rows.push(Row {
            span: (n, n + 1),
            pages: numbers.range(
                ("kit-calibration-first", "kit-calibration-last"),
                (n, n + 1),
            ),
            what: vec![w.calibration.title.to_owned()],
            paper: &g.plain,
            print: flip.to_owned(),
            then: vec![&g.calibrate],
        });
    }
    for (id, sheet_pages) in input.sheet_pages {
        let (Some(c), Some(&span)) = (
            input.components.iter().find(|c| &c.id == id),
            span.get(id.as_str()),
        ) else {
            continue;
        };
        let (what, paper, print) = guide_part(input, w, c, sheet_pages, flip);
        let then = finishing(input, w, c);
        let pages = numbers.range((&label(id, "first"), &label(id, "last")), span);
        match rows
            .iter_mut()
            .find(|r| r.span == span && r.paper == paper && r.print == print)
        {
            Some(row) => {
                row.what.push(what);
                if !row.then.contains(&then) {
                    row.then.push(then);
                }
            }
            None => rows.push(Row {
                span,
                pages,
                what: vec![what],
                paper,
                print,
                then: vec![then],
            }),
        }
    }
    // Stable: parts that start and end on the same pages keep the data's order.
    rows.sort_by_key(|r| r.span);
    rows.iter().map(Row::cells).collect()
}

/// How the whole PDF prints: one duplex job, or one single-sided job for a gutter-fold or
/// print-and-cut kit.
fn print_job(g: &crate::rulebook::words::Guide, input: &KitInput, flip: &str) -> String {
    let print = &input.game.file.print;
    if !input.game.single_sided() {
        return g.duplex_job.replace("{flip}", flip);
    }
    match print.layout {
        Layout::GutterFold => g.gutter_fold_job.to_owned(),
        _ => g.print_and_cut_job.replace("{cutter}", print.cutter.name()),
    }
}

/// What the guide says of one component: what it is, its paper and how it prints.
fn guide_part<'w>(
    input: &KitInput,
    w: &'w Words,
    c: &ComponentReport,
    pages: &[SheetPage],
    flip: &str,
) -> (String, &'w str, String) {
    let g = &w.guide;
    let plain = pages.iter().all(|s| s.role == Role::Plain);
    let (paper, print) = if plain {
        (&g.plain, g.single.as_str())
    } else if pages.iter().any(|p| p.role == Role::Back) {
        (&g.cardstock, flip)
    } else if input.game.single_sided() {
        (&g.cardstock, g.single.as_str())
    } else {
        (&g.cardstock, g.single_blank_backs.as_str())
    };
    let what = if plain {
        g.parts_to_buy.to_owned()
    } else {
        g.component
            .replace("{name}", &escape(&c.name))
            .replace("{pieces}", &escape(&w.pieces(c.copies, &c.kind)))
    };
    // A sheet printed several times (a score pad) says how many copies.
    let print = match print_copies(input, c) {
        1 => print.to_owned(),
        n => format!("{print}, {}", w.copies(n)),
    };
    (what, paper, print)
}

/// How many times component `c`'s pages are printed (its `copies:`).
fn print_copies(input: &KitInput, c: &ComponentReport) -> u32 {
    let spec = input.game.components.iter().find(|k| k.spec.id == c.id);
    spec.map_or(1, |k| k.print_copies())
}
