//! A component's own `layout:` and a sheet's `copies:`, read back from the PDFs a build writes:
//! one deck gutter-fold and another duplex in one kit, and a score pad printed thirty times as
//! the printing guide says. The fixture game is tests/fixtures/cut-kit, with a second deck and
//! a score pad added.

mod common;

use std::path::Path;

use common::pdf_text::{flat, pdf_lines};
use common::{Pdf, close};
use protopress::assemble::{BuildOptions, Built, Session};
use protopress::model::print::Layout;

/// The components added to the fixture: the same cards again, folded, and a score pad.
const ADDED: &str = "  - id: folded
    name: Folded Deck
    size: poker
    layout: gutter-fold
    front: card.svg.tera
    back: { template: card.svg.tera, per_card: true }
    cards: deck.yaml
    card_fields: [face, reverse]
  - id: pad
    name: Score Pad
    kind: board
    size: { width_mm: 100, height_mm: 140 }
    copies: 30
    front: token.svg.tera
    cards: pad.yaml
    card_fields: [face, reverse]
";

/// The cut-kit fixture with `ADDED` (edited by `edit`) after its components.
fn kit(edit: impl Fn(&str) -> String) -> common::Project {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cut-kit");
    let p = common::Project::new(&[]);
    common::copy_dir(&repo.join("data"), &p.root().join("data"));
    common::copy_dir(&repo.join("templates"), &p.root().join("templates"));
    p.append("data/cutkit/game.yaml", &edit(ADDED));
    p.write(
        "data/cutkit/pad.yaml",
        "- { name: Score Sheet, face: \"#f4f4f4\", reverse: \"#000000\" }\n",
    );
    p
}

fn build(p: &common::Project, layout: Option<Layout>) -> Result<Built, protopress::Error> {
    let opts = BuildOptions {
        out_dir: p.out(),
        layout,
        ..BuildOptions::default()
    };
    Session::new(&protopress::Project::open(p.root()).unwrap(), &opts).build_in_memory("cutkit")
}

fn hex(h: &str) -> [u8; 3] {
    let v = u32::from_str_radix(&h[1..], 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// The fronts' and the backs' colours of deck.yaml.
fn colours() -> (Vec<[u8; 3]>, Vec<[u8; 3]>) {
    let fronts = ["#10c020", "#20b030", "#30a040"].map(hex).to_vec();
    let backs = ["#a01010", "#b02020", "#c03030"].map(hex).to_vec();
    (fronts, backs)
}

/// The card colours page `n` (1-based) of `pdf` draws.
fn page_colours(pdf: &Pdf, n: usize) -> Vec<[u8; 3]> {
    let page = &pdf.pages[n - 1];
    page.placements
        .iter()
        .flat_map(|p| pdf.form_fills(p.2))
        .collect()
}

/// Whether page `n` has the dashed fold line down the middle of an A4 sheet.
fn has_fold_line(pdf: &Pdf, n: usize) -> bool {
    let fold_x = 210.0 / 2.0;
    pdf.pages[n - 1]
        .lines
        .iter()
        .any(|l| close(l[0], fold_x) && close(l[2], fold_x))
}

#[test]
fn a_gutter_fold_deck_and_a_duplex_deck_build_in_one_kit() {
    let built = build(&kit(str::to_owned), None).unwrap_or_else(|e| panic!("{e}"));
    let (fronts, backs) = colours();
    let cards = Pdf::load(built.pdf("cards.pdf").unwrap());
    let folded = built.report.component("folded").unwrap();
    assert!(
        folded.layout.starts_with("gutter-fold"),
        "{}",
        folded.layout
    );
    assert_eq!(folded.file.as_deref(), Some("cards.pdf"));
    // 7 cards, 4 pairs a sheet: 2 single-sided pages, each front beside its back.
    assert_eq!(folded.pages.len(), 2, "{:?}", folded.pages);
    for &n in &folded.pages {
        assert!(has_fold_line(&cards, n), "page {n}: no fold line");
        let on = page_colours(&cards, n);
        assert!(on.iter().any(|c| fronts.contains(c)), "page {n}: no front");
        assert!(on.iter().any(|c| backs.contains(c)), "page {n}: no back");
    }
    // The duplex deck (short of a sheet, on the shared duplex sheets): a fronts page, then
    // its backs page, no fold.
    let deck = built.report.component("deck").unwrap();
    assert!(!deck.layout.contains("gutter-fold"), "{}", deck.layout);
    let file = Pdf::load(built.pdf(deck.file.as_deref().unwrap()).unwrap());
    let (front_pages, back_pages): (Vec<usize>, Vec<usize>) = deck.pages.iter().partition(|&&n| {
        let on = page_colours(&file, n);
        on.iter().any(|c| fronts.contains(c)) && !on.iter().any(|c| backs.contains(c))
    });
    assert!(!front_pages.is_empty(), "{:?}", deck.pages);
    for n in &front_pages {
        assert!(
            !has_fold_line(&file, *n),
            "page {n} of the duplex deck folds"
        );
        assert!(
            back_pages.contains(&(n + 1)),
            "fronts page {n} without its backs after it"
        );
        let behind = page_colours(&file, n + 1);
        assert!(behind.iter().any(|c| backs.contains(c)), "page {}", n + 1);
        assert!(behind.iter().all(|c| !fronts.contains(c)), "page {}", n + 1);
    }
    // The kit stays one duplex job: its calibration sheet, and the guide says how each prints.
    assert_eq!(built.report.kit.calibration, 2);
    let text = flat(&pdf_lines(built.pdf("kit.pdf").unwrap()));
    assert!(text.contains("one duplex job"), "{text}");
    assert!(text.contains("Folded Deck (7 cards)"), "{text}");
    assert!(text.contains("Fold on the dashed line"), "{text}");
    assert!(text.contains("duplex, flip on the long edge"), "{text}");
}

#[test]
fn a_sheet_printed_several_times_says_so_in_the_printing_guide() {
    let built = build(&kit(str::to_owned), None).unwrap_or_else(|e| panic!("{e}"));
    let pad = built.report.component("pad").unwrap();
    // Small enough for the shared sheets, it has a page of its own to print 30 times.
    assert_eq!(pad.file.as_deref(), Some("boards.pdf"), "{pad:?}");
    assert_eq!((pad.pages.len(), pad.sheets), (1, 1));
    // Alone on its page: no other part is printed thirty times with it.
    for other in built.report.components.iter().filter(|c| c.id != "pad") {
        let shares = other.file == pad.file && other.pages.contains(&pad.pages[0]);
        assert!(!shares, "{} shares the pad's page", other.id);
    }
    let text = flat(&pdf_lines(built.pdf("kit.pdf").unwrap()));
    assert!(text.contains("Score Pad (1 board)"), "{text}");
    assert!(text.contains("30 copies"), "{text}");
    // The sheet count takes in the further copies: 28 more than for two.
    let two = build(&kit(|a| a.replace("copies: 30", "copies: 2")), None).unwrap();
    let count = |t: &str| -> usize {
        let at = t.find("The kit takes ").unwrap() + "The kit takes ".len();
        t[at..].split(' ').next().unwrap().parse().unwrap()
    };
    let text_two = flat(&pdf_lines(two.pdf("kit.pdf").unwrap()));
    assert!(text_two.contains("2 copies"), "{text_two}");
    assert_eq!(count(&text), count(&text_two) + 28, "{text}");
    // Printed once, the pad shares a sheet as any small board does, and nothing says copies.
    let once = build(&kit(|a| a.replace("    copies: 30\n", "")), None).unwrap();
    let pad = once.report.component("pad").unwrap();
    assert!(pad.layout.contains("shared sheets"), "{}", pad.layout);
    let text_once = flat(&pdf_lines(once.pdf("kit.pdf").unwrap()));
    assert!(!text_once.contains("copies"), "{text_once}");
}

#[test]
fn the_command_lines_layout_overrides_each_components() {
    let built = build(&kit(str::to_owned), Some(Layout::Duplex)).unwrap();
    let folded = built.report.component("folded").unwrap();
    assert!(!folded.layout.contains("gutter-fold"), "{}", folded.layout);
    let built = build(&kit(str::to_owned), Some(Layout::GutterFold)).unwrap();
    let deck = built.report.component("deck").unwrap();
    assert!(deck.layout.starts_with("gutter-fold"), "{}", deck.layout);
    assert_eq!(built.report.kit.calibration, 0, "one single-sided job");
}

#[test]
fn a_layout_or_copies_a_component_cannot_take_is_refused_at_its_line() {
    for (from, to, says) in [
        (
            "    layout: gutter-fold\n",
            "    layout: print-and-cut\n",
            "unknown variant `print-and-cut`",
        ),
        ("    copies: 30\n", "    copies: 0\n", "`copies` is 0"),
        (
            "    layout: gutter-fold\n",
            "    copies: 2\n",
            "does not use `copies` (only boards and dashboards",
        ),
        (
            "    copies: 30\n",
            "    layout: duplex\n",
            "does not use `layout` (only cards, tokens and dashboards",
        ),
    ] {
        let p = kit(|a| a.replacen(from, to, 1));
        let e = build(&p, None).err().expect("refused");
        assert!(e.message.contains(says), "{to}: {e}");
        assert!(
            e.file.as_deref() == Some(Path::new("data/cutkit/game.yaml")) && e.line.is_some(),
            "{to}: {e}"
        );
    }
}
