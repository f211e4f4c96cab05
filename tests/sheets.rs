//! Print geometry, read back from the PDFs protopress writes: page sizes, where every face lands,
//! crop marks, duplex mirroring and back offsets, faces stored once, fonts embedded, and
//! byte-identical rebuilds.

mod common;

use common::{Pdf, close, deck_game};
use protopress::assemble::BuildOptions;
use protopress::layout::imposition::{Grid, MARK_GAP, MARK_MIN, Rect};
use protopress::model::print::{CardSize, Duplex, Paper};

/// 11 copies of 3 distinct cards: two sheets of 3 × 3 poker cards.
const ELEVEN: &str =
    "- name: Alpha\n  count: 5\n- name: Beta\n  count: 4\n- name: Gamma\n  count: 2\n";

fn opts(p: &common::Project) -> BuildOptions {
    BuildOptions {
        paper: None,
        out_dir: p.out(),
        mark_printed: false,
        layout: None,
    }
}

/// The fixture game of `p`, built in memory.
fn build_fixture(p: &common::Project) -> protopress::assemble::Built {
    protopress::assemble::Session::new(&protopress::Project::open(p.root()).unwrap(), &opts(p))
        .build_in_memory("fixture")
        .unwrap()
}

fn build(print: &str) -> (Pdf, Grid) {
    let p = deck_game(print, ELEVEN);
    let built = build_fixture(&p);
    let paper = built.game.file.print.paper;
    let grid = Grid::turning(
        paper,
        CardSize::named("poker").unwrap(),
        built.game.file.print.bleed_mm,
        None,
        5.0,
    )
    .unwrap();
    (Pdf::load(built.pdf("cards.pdf").unwrap()), grid)
}

#[test]
fn pages_are_paper_sized_and_fronts_alternate_with_backs() {
    for (paper, w, h) in [("a4", 210.0, 297.0), ("letter", 215.9, 279.4)] {
        let (pdf, _) = build(&format!("  paper: {paper}"));
        assert_eq!(pdf.pages.len(), 4, "{paper}: 2 sheets, fronts and backs");
        // A4 holds 9 poker cards, Letter 2 × 4 turned with marks inside the 5 mm margin: the
        // 11 go 6 and 5 rather than leave 2 or 3 alone on a sheet.
        let want = vec![6, 6, 5, 5];
        for page in &pdf.pages {
            assert!(
                close(page.width_mm, w) && close(page.height_mm, h),
                "{paper}: {page:?}"
            );
        }
        let counts: Vec<usize> = pdf.pages.iter().map(|p| p.placements.len()).collect();
        assert_eq!(counts, want, "{paper}");
    }
}

#[test]
fn fronts_sit_on_the_grid_with_their_bleed() {
    let (pdf, grid) = build("  paper: a4\n  bleed_mm: 3");
    let front = &pdf.pages[0];
    for (slot, &(x, y, _)) in front.placements.iter().enumerate() {
        let trim = grid.front_trim(slot);
        assert!(
            close(x, trim.x - 3.0) && close(y, trim.y - 3.0),
            "slot {slot}: ({x}, {y}) vs {trim:?}"
        );
    }
}

#[test]
fn long_edge_backs_mirror_each_row() {
    let (pdf, grid) = build("  duplex: long-edge");
    let back = &pdf.pages[1];
    for (slot, &(x, y, _)) in back.placements.iter().enumerate() {
        let trim = grid.front_trim(slot);
        let want_x = grid.paper_w - trim.x - trim.w - 3.0;
        assert!(
            close(x, want_x) && close(y, trim.y - 3.0),
            "slot {slot}: ({x}, {y})"
        );
    }
    // The last sheet holds 2 cards in slots 0 and 1: their backs sit behind them, at the
    // right end.
    let last = &pdf.pages[3];
    let first = grid.front_trim(0);
    assert!(close(
        last.placements[0].0,
        grid.paper_w - first.right() - 3.0
    ));
}

#[test]
fn short_edge_backs_mirror_top_to_bottom() {
    let (pdf, grid) = build("  duplex: short-edge");
    for (slot, &(x, y, _)) in pdf.pages[1].placements.iter().enumerate() {
        // Each back is drawn turned half round: the face's own top-left corner is the far
        // corner of the slot mirrored top to bottom.
        let trim = grid.front_trim(slot);
        let want_y = grid.paper_h - trim.y + 3.0;
        assert!(
            close(x, trim.right() + 3.0) && close(y, want_y),
            "slot {slot}: ({x}, {y})"
        );
    }
}

/// A card printed short-edge is the same card as one printed long-edge: turned over sideways,
/// its back reads upright. The short-edge flip brings the back page round upside down, so each
/// back is drawn turned half round: its transformation is the long-edge one negated.
#[test]
fn short_edge_backs_are_long_edge_backs_turned_half_round() {
    let (long, _) = build("  duplex: long-edge");
    let (short, _) = build("  duplex: short-edge");
    let (l, s) = (&long.pages[1].ctms, &short.pages[1].ctms);
    assert_eq!(l.len(), s.len());
    assert!(!l.is_empty());
    for (l, s) in l.iter().zip(s) {
        assert!(l[0] > 0.0 && l[3] != 0.0, "{l:?}");
        for i in 0..4 {
            assert!(close(s[i], -l[i]), "long-edge {l:?}, short-edge {s:?}");
        }
    }
    // The fronts are drawn alike.
    for (l, s) in long.pages[0].ctms.iter().zip(&short.pages[0].ctms) {
        assert!((0..6).all(|i| close(l[i], s[i])), "{l:?} / {s:?}");
    }
}

#[test]
fn back_offset_moves_backs_and_their_marks_together() {
    let (plain, _) = build("  paper: letter\n  duplex: long-edge");
    let (shifted, _) = build("  paper: letter\n  duplex: long-edge\n  back_offset_mm: [1, -1]");
    let (a, b) = (&plain.pages[1], &shifted.pages[1]);
    assert!(!a.placements.is_empty());
    assert_eq!(a.placements.len(), b.placements.len());
    for (p, q) in a.placements.iter().zip(&b.placements) {
        assert!(close(q.0 - p.0, 1.0) && close(q.1 - p.1, -1.0));
    }
    // Fronts do not move.
    for (p, q) in plain.pages[0]
        .placements
        .iter()
        .zip(&shifted.pages[0].placements)
    {
        assert!(close(p.0, q.0) && close(p.1, q.1));
    }
    // Crop marks on the back move by the same amount (some are cut back at the margin).
    let marks = |page: &common::PageInfo| -> Vec<[f32; 4]> {
        page.lines
            .iter()
            .copied()
            .filter(|l| (l[2] - l[0]).abs() < 6.0 && (l[3] - l[1]).abs() < 6.0)
            .collect()
    };
    let (ma, mb) = (marks(a), marks(b));
    assert!(ma.len() >= 16, "{ma:?}");
    // Every mark of the plain back is on the shifted back, moved by [1, -1]; an end that the
    // move would take past the 5 mm margin stops at it (the mark is cut back). None is left
    // behind, none added.
    let (w, h) = (a.width_mm, a.height_mm);
    let mut left: Vec<[f32; 4]> = mb.clone();
    for m in &ma {
        let want = [
            (m[0] + 1.0).clamp(5.0, w - 5.0),
            (m[1] - 1.0).clamp(5.0, h - 5.0),
            (m[2] + 1.0).clamp(5.0, w - 5.0),
            (m[3] - 1.0).clamp(5.0, h - 5.0),
        ];
        let at = left
            .iter()
            .position(|n| (0..4).all(|i| close(n[i], want[i])))
            .unwrap_or_else(|| panic!("the mark {m:?} did not move to {want:?}: {mb:?}"));
        left.remove(at);
    }
    assert!(left.is_empty(), "marks on the shifted back only: {left:?}");
}

/// An offset that would push the backs over their ruler is an error naming the limits; one
/// towards the ruler within the room the crop marks leave is taken (the ruler stays inside
/// the printable margin), so a printer that puts its backs a little low can be set right.
#[test]
fn an_offset_that_pushes_the_backs_onto_their_ruler_is_an_error() {
    let built = |offset: &str| {
        let p = deck_game(&format!("  paper: a4\n  back_offset_mm: {offset}"), ELEVEN);
        protopress::assemble::Session::new(&protopress::Project::open(p.root()).unwrap(), &opts(&p))
            .build_in_memory("fixture")
            .map(|_| ())
    };
    assert!(built("[0, 0.5]").is_ok(), "half a millimetre down");
    assert!(built("[0, 2]").is_ok());
    // Without crop marks too: the offset moves the backs all the same.
    assert!(built("[0, 9]\n  crop_marks: none").is_err());
    let err = built("[0, 9]").expect_err("9 mm down puts the backs on the ruler");
    let text = format!("{err:?}");
    assert!(text.contains("printable margin"), "{text}");
    assert!(text.contains("must be from"), "{text}");
    assert!(text.contains("game.yaml"), "{text}");
    // Sideways and up, the marks that would leave the printable area are left off instead.
    assert!(built("[1.5, -2]").is_ok());
}

/// The printable area less the margin, and the furniture band of a page (front or back).
fn band_of(grid: &Grid, back: Option<(protopress::model::print::Duplex, [f32; 2])>) -> Rect {
    match back {
        None => grid.band.unwrap().rect,
        Some((d, o)) => grid.back_band(d, o).unwrap().rect,
    }
}

#[test]
fn crop_marks_stand_outside_every_card_inside_the_margin() {
    for paper in ["a4", "letter"] {
        let (pdf, grid) = build(&format!("  paper: {paper}\n  crop_marks: outer"));
        let page = &pdf.pages[0];
        let used = page.placements.len();
        assert_eq!(used, 6, "{paper}: 11 cards go 6 and 5");
        let block = grid.block(used);
        let (xs, ys) = grid.cuts(used);
        let band = band_of(&grid, None);
        let in_band = |l: &[f32; 4]| {
            l[0].min(l[2]) >= band.x - 0.01
                && l[1].min(l[3]) >= band.y - 0.01
                && l[0].max(l[2]) <= band.right() + 0.01
                && l[1].max(l[3]) <= band.bottom() + 0.01
        };
        let marks: Vec<&[f32; 4]> = page.lines.iter().filter(|l| !in_band(l)).collect();
        for x in &xs {
            assert!(
                marks.iter().any(|m| close(m[0], *x) && close(m[2], *x)),
                "{paper}: no mark for x = {x}"
            );
        }
        for y in &ys {
            assert!(
                marks.iter().any(|m| close(m[1], *y) && close(m[3], *y)),
                "{paper}: no mark for y = {y}"
            );
        }
        for m in &marks {
            let len = ((m[2] - m[0]).powi(2) + (m[3] - m[1]).powi(2)).sqrt();
            assert!(len >= MARK_MIN - 0.01, "{paper}: {m:?} is {len} mm long");
            for (x, y) in [(m[0], m[1]), (m[2], m[3])] {
                let inside = x > block.x - MARK_GAP + 0.01
                    && x < block.right() + MARK_GAP - 0.01
                    && y > block.y - MARK_GAP + 0.01
                    && y < block.bottom() + MARK_GAP - 0.01;
                assert!(!inside, "{paper}: mark {m:?} reaches into the cards");
                assert!(
                    x >= grid.margin - 0.01 && x <= grid.paper_w - grid.margin + 0.01,
                    "{paper}: {m:?} crosses the printable margin"
                );
                assert!(
                    y >= grid.margin - 0.01 && y <= grid.paper_h - grid.margin + 0.01,
                    "{paper}: {m:?} crosses the printable margin"
                );
            }
            // Every mark continues a cut line.
            let vertical = close(m[0], m[2]);
            let on_cut = if vertical {
                xs.iter().any(|&x| close(x, m[0]))
            } else {
                ys.iter().any(|&y| close(y, m[1]))
            };
            assert!(on_cut, "{paper}: {m:?} is not on a cut");
        }
    }
}

/// The trim of every face drawn on a page of the poker fixture, turned or not: the grid slot
/// (on the front, or mirrored and moved by the sheet's `offset` on a back) that lies inside the
/// face's clip. Only the sheet's own offset is tried: a slot moved by another one may lie
/// inside the clip too, within the bleed.
fn trims_of(grid: &Grid, page: &common::PageInfo, offset: [f32; 2]) -> Vec<[f32; 4]> {
    use protopress::model::print::Duplex;
    let mut slots: Vec<Rect> = (0..grid.per_sheet()).map(|i| grid.front_trim(i)).collect();
    for duplex in [Duplex::LongEdge, Duplex::ShortEdge] {
        for i in 0..grid.per_sheet() {
            slots.push(grid.to_back(grid.front_trim(i), duplex, offset));
        }
    }
    let b = grid.bleed;
    page.clips
        .iter()
        .map(|c| {
            let c = c.expect("every card is clipped to its bleed");
            let t = slots
                .iter()
                .find(|t| {
                    t.x >= c[0] - 0.01
                        && t.y >= c[1] - 0.01
                        && t.right() <= c[0] + c[2] + 0.01
                        && t.bottom() <= c[1] + c[3] + 0.01
                        && c[0] >= t.x - b - 0.01
                        && c[1] >= t.y - b - 0.01
                        && c[0] + c[2] <= t.right() + b + 0.01
                        && c[1] + c[3] <= t.bottom() + b + 0.01
                })
                .unwrap_or_else(|| panic!("no grid slot inside the clip {c:?}"));
            [t.x, t.y, t.w, t.h]
        })
        .collect()
}

/// The whole face rectangles (bleed included) of a page of the poker fixture.
fn face_rects(grid: &Grid, page: &common::PageInfo, offset: [f32; 2]) -> Vec<[f32; 4]> {
    let b = grid.bleed;
    trims_of(grid, page, offset)
        .iter()
        .map(|t| [t[0] - b, t[1] - b, t[2] + 2.0 * b, t[3] + 2.0 * b])
        .collect()
}

fn inside(r: &[f32; 4], x: f32, y: f32) -> bool {
    x > r[0] + 0.01 && x < r[0] + r[2] - 0.01 && y > r[1] + 0.01 && y < r[1] + r[3] - 0.01
}

#[test]
fn furniture_never_touches_a_face_and_stays_inside_the_margin() {
    let cases = [
        ("  paper: a4\n  duplex: long-edge", [0.0, 0.0]),
        ("  paper: a4\n  duplex: short-edge", [0.0, 0.0]),
        ("  paper: letter\n  duplex: long-edge", [0.0, 0.0]),
        ("  paper: letter\n  duplex: short-edge", [0.0, 0.0]),
        (
            "  paper: letter\n  duplex: long-edge\n  back_offset_mm: [1, -1]",
            [1.0, -1.0],
        ),
        (
            "  paper: letter\n  duplex: short-edge\n  back_offset_mm: [-1, 1]",
            [-1.0, 1.0],
        ),
        // Sideways on A4, where the full-width ruler band is shortened.
        (
            "  paper: a4\n  duplex: long-edge\n  back_offset_mm: [2, -1.5]",
            [2.0, -1.5],
        ),
        (
            "  paper: a4\n  duplex: short-edge\n  back_offset_mm: [-2, 1]",
            [-2.0, 1.0],
        ),
    ];
    for (case, offset) in cases {
        let (pdf, grid) = build(case);
        let m = grid.margin;
        for (n, page) in pdf.pages.iter().enumerate() {
            let faces = face_rects(&grid, page, offset);
            let mut points: Vec<(f32, f32)> = Vec::new();
            for l in &page.lines {
                points.extend([
                    (l[0], l[1]),
                    (l[2], l[3]),
                    ((l[0] + l[2]) / 2.0, (l[1] + l[3]) / 2.0),
                ]);
            }
            for r in &page.rects {
                points.extend([(r[0], r[1]), (r[0] + r[2], r[1] + r[3])]);
            }
            // Sheet labels and the ruler caption, 6.5 pt (the revision stamps, 5 pt, are on the
            // faces by design).
            for t in page.texts.iter().filter(|t| t[4] > 5.5) {
                points.extend([(t[0], t[1]), (t[2], t[3])]);
            }
            assert!(
                page.texts.iter().any(|t| t[4] > 5.5),
                "{case:?} page {}: no label found",
                n + 1
            );
            for &(x, y) in &points {
                for f in &faces {
                    assert!(
                        !inside(f, x, y),
                        "{case:?} page {}: ({x}, {y}) inside a face at {f:?}",
                        n + 1
                    );
                }
                assert!(
                    x >= m - 0.05
                        && x <= grid.paper_w - m + 0.05
                        && y >= m - 0.05
                        && y <= grid.paper_h - m + 0.05,
                    "{case:?} page {}: ({x}, {y}) crosses the printable margin",
                    n + 1
                );
            }
        }
    }
}

#[test]
fn every_edge_of_every_card_has_its_bleed_or_a_neighbour() {
    for case in [
        "  paper: a4",
        "  paper: letter",
        "  paper: a4\n  duplex: short-edge",
    ] {
        let (pdf, grid) = build(case);
        let b = grid.bleed;
        for (n, page) in pdf.pages.iter().enumerate() {
            let trims = trims_of(&grid, page, [0.0, 0.0]);
            for (t, clip) in trims.iter().zip(&page.clips) {
                let c = clip.expect("every face is clipped to its bleed");
                let overlap_y = |o: &[f32; 4]| o[1] < t[1] + t[3] - 0.1 && o[1] + o[3] > t[1] + 0.1;
                let overlap_x = |o: &[f32; 4]| o[0] < t[0] + t[2] - 0.1 && o[0] + o[2] > t[0] + 0.1;
                let left = trims
                    .iter()
                    .any(|o| close(o[0] + o[2], t[0]) && overlap_y(o));
                let right = trims
                    .iter()
                    .any(|o| close(o[0], t[0] + t[2]) && overlap_y(o));
                let top = trims
                    .iter()
                    .any(|o| close(o[1] + o[3], t[1]) && overlap_x(o));
                let bottom = trims
                    .iter()
                    .any(|o| close(o[1], t[1] + t[3]) && overlap_x(o));
                let edges = [
                    (left, t[0] - c[0]),
                    (top, t[1] - c[1]),
                    (right, c[0] + c[2] - t[0] - t[2]),
                    (bottom, c[1] + c[3] - t[1] - t[3]),
                ];
                for (shared, bleed) in edges {
                    assert!(
                        shared || bleed >= b - 0.01,
                        "{case:?} page {}: a card at {t:?} has {bleed} mm of bleed on an unshared edge",
                        n + 1
                    );
                }
            }
        }
    }
}

#[test]
fn no_crop_marks_when_asked_for_none() {
    let (pdf, grid) = build("  crop_marks: none");
    let band = grid.band.unwrap().rect;
    // Only the ruler remains, in its band below the marks' place.
    assert!(!pdf.pages[0].lines.is_empty());
    assert!(
        pdf.pages[0]
            .lines
            .iter()
            .all(|l| l[1].min(l[3]) >= band.y - 0.01)
    );
}

#[test]
fn every_sheet_has_a_check_ruler_of_the_right_length() {
    for (paper, len) in [("a4", 50.0), ("letter", 50.8)] {
        let (pdf, _) = build(&format!("  paper: {paper}"));
        for (n, page) in pdf.pages.iter().enumerate() {
            let found = page.lines.iter().any(|l| {
                let d = ((l[2] - l[0]).powi(2) + (l[3] - l[1]).powi(2)).sqrt();
                (d - len).abs() < 0.05
            });
            assert!(found, "{paper} page {}: no {len} mm ruler", n + 1);
        }
    }
}

#[test]
fn identical_faces_are_stored_once_and_fonts_are_embedded() {
    let (pdf, _) = build("  duplex: long-edge");
    // Three distinct fronts and one shared back, however many copies.
    assert_eq!(pdf.distinct_placed(), 4);
    assert!(pdf.embeds_fonts());
}

#[test]
fn duplex_none_prints_no_backs() {
    let (pdf, _) = build("  duplex: none");
    assert_eq!(pdf.pages.len(), 2);
}

#[test]
fn rebuilds_are_byte_identical() {
    let p = deck_game("  paper: a4", ELEVEN);
    protopress::assemble::Session::new(&protopress::Project::open(p.root()).unwrap(), &opts(&p))
        .build_game("fixture")
        .unwrap();
    let first = std::fs::read(p.out().join("fixture/cards.pdf")).unwrap();
    let first_json = std::fs::read(p.out().join("fixture/build.json")).unwrap();
    protopress::assemble::Session::new(&protopress::Project::open(p.root()).unwrap(), &opts(&p))
        .build_game("fixture")
        .unwrap();
    assert_eq!(
        first,
        std::fs::read(p.out().join("fixture/cards.pdf")).unwrap()
    );
    assert_eq!(
        first_json,
        std::fs::read(p.out().join("fixture/build.json")).unwrap()
    );
}

#[test]
fn paper_option_overrides_the_game() {
    let p = deck_game("  paper: a4", ELEVEN);
    let o = BuildOptions {
        paper: Some(Paper::Letter),
        out_dir: p.out(),
        mark_printed: false,
        layout: None,
    };
    let built =
        protopress::assemble::Session::new(&protopress::Project::open(p.root()).unwrap(), &o)
            .build_in_memory("fixture")
            .unwrap();
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    assert!(close(pdf.pages[0].width_mm, 215.9));
    assert_eq!(built.report.paper, Paper::Letter);
    let _ = Duplex::LongEdge;
}

/// Three two-sided cards (a system online on one side, offline on the other): every card has a
/// back of its own, and it must print behind its own front.
#[test]
fn per_card_backs_print_behind_their_own_fronts() {
    let game = "name: Fixture\nrevision: \"1\"\nprint:\n  duplex: long-edge\ncomponents:\n  - id: systems\n    name: Systems\n    size: poker\n    front: system.svg.tera\n    back: { template: system.svg.tera, per_card: true }\n    cards: systems.yaml\n    card_fields: [online, offline]\n";
    let cards = "- { name: Shields, online: \"#10c020\", offline: \"#a01010\" }\n- { name: Teleporter, online: \"#20b030\", offline: \"#b02020\" }\n- { name: Jump Core, online: \"#30a040\", offline: \"#c03030\" }\n";
    // One template for both sides, branching on face.side.
    let template = "{% <face_svg bg={card.offline if face.side == \"back\" else card.online}> %}{% </face_svg> %}";
    let p = common::Project::new(&[
        ("data/fixture/game.yaml", game),
        ("data/fixture/systems.yaml", cards),
        ("templates/fixture/system.svg.tera", template),
    ]);
    let built = build_fixture(&p);
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    let hex = |h: &str| -> [u8; 3] {
        let v = u32::from_str_radix(&h[1..], 16).unwrap();
        [(v >> 16) as u8, (v >> 8) as u8, v as u8]
    };
    let pairs = [
        (hex("#10c020"), hex("#a01010")),
        (hex("#20b030"), hex("#b02020")),
        (hex("#30a040"), hex("#c03030")),
    ];
    let (front, back) = (&pdf.pages[0], &pdf.pages[1]);
    assert_eq!(front.placements.len(), 3);
    assert_eq!(back.placements.len(), 3);
    assert_eq!(pdf.distinct_placed(), 6, "three fronts and three backs");
    let paper_w = front.width_mm;
    for &(x, y, id) in &front.placements {
        let fills = pdf.form_fills(id);
        let (_, want_back) = pairs
            .iter()
            .find(|(f, _)| fills.contains(f))
            .unwrap_or_else(|| panic!("front at ({x}, {y}) paints {fills:?}"));
        // Long-edge duplex: the back sits mirrored left to right (faces are 69.5 mm wide).
        let mirrored_x = paper_w - x - 69.5;
        let &(_, _, back_id) = back
            .placements
            .iter()
            .find(|&&(bx, by, _)| close(bx, mirrored_x) && close(by, y))
            .unwrap_or_else(|| panic!("no back behind the front at ({x}, {y})"));
        let back_fills = pdf.form_fills(back_id);
        assert!(
            back_fills.contains(want_back),
            "the back behind ({x}, {y}) paints {back_fills:?}, not {want_back:?}"
        );
    }
}

#[test]
fn every_paper_size_prints_inside_its_margin() {
    for (paper, w, h) in [
        ("a3", 297.0, 420.0),
        ("a5", 148.0, 210.0),
        ("legal", 215.9, 355.6),
        ("tabloid", 279.4, 431.8),
        ("{ width_mm: 320, height_mm: 240 }", 320.0, 240.0),
    ] {
        let p = deck_game(&format!("  paper: {paper}"), ELEVEN);
        let built = protopress::assemble::Session::new(
            &protopress::Project::open(p.root()).unwrap(),
            &opts(&p),
        )
        .build_in_memory("fixture")
        .unwrap_or_else(|e| panic!("{paper}: {e}"));
        let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
        for page in &pdf.pages {
            assert!(
                close(page.width_mm, w) && close(page.height_mm, h),
                "{paper}: {page:?}"
            );
            for l in &page.lines {
                for (x, y) in [(l[0], l[1]), (l[2], l[3])] {
                    assert!(
                        x >= 4.99 && x <= w - 4.99 && y >= 4.99 && y <= h - 4.99,
                        "{paper}: {l:?}"
                    );
                }
            }
        }
        let kit = Pdf::load(built.pdf("kit.pdf").unwrap());
        assert!(
            close(kit.pages[0].width_mm, w),
            "{paper}: the kit is on the same paper"
        );
    }
}

#[test]
fn a_card_larger_than_the_paper_is_a_clear_error() {
    let game = "name: Fixture\nrevision: \"1\"\nprint:\n  paper: a5\ncomponents:\n  - id: deck\n    name: Deck\n    size: { width_mm: 140, height_mm: 200 }\n    front: front.svg.tera\n    cards: deck.yaml\n";
    let p = common::Project::new(&[
        ("data/fixture/game.yaml", game),
        ("data/fixture/deck.yaml", "- name: Alpha\n  count: 1\n"),
        (
            "templates/fixture/front.svg.tera",
            "{% <face_svg bg=\"#eeeeee\"> %}{% </face_svg> %}",
        ),
    ]);
    let err = protopress::assemble::Session::new(
        &protopress::Project::open(p.root()).unwrap(),
        &opts(&p),
    )
    .build_in_memory("fixture")
    .err()
    .expect("a 140 × 200 mm card does not fit A5");
    let text = err.to_string();
    assert!(
        text.contains("does not fit") && text.contains("game.yaml"),
        "{text}"
    );
}

/// On Letter the cards lie turned: each back still lands behind its own front, turned the other
/// way so that it reads upright once the sheet is flipped over its long edge.
#[test]
fn turned_backs_print_behind_their_own_fronts() {
    let game = "name: Fixture\nrevision: \"1\"\nprint:\n  paper: letter\n  duplex: long-edge\ncomponents:\n  - id: systems\n    name: Systems\n    size: poker\n    front: system.svg.tera\n    back: { template: system.svg.tera, per_card: true }\n    cards: systems.yaml\n    card_fields: [online, offline]\n";
    let cards = "- { name: Shields, online: \"#10c020\", offline: \"#a01010\" }\n- { name: Teleporter, online: \"#20b030\", offline: \"#b02020\" }\n- { name: Jump Core, online: \"#30a040\", offline: \"#c03030\" }\n";
    let template = "{% <face_svg bg={card.offline if face.side == \"back\" else card.online}> %}{% </face_svg> %}";
    let p = common::Project::new(&[
        ("data/fixture/game.yaml", game),
        ("data/fixture/systems.yaml", cards),
        ("templates/fixture/system.svg.tera", template),
    ]);
    let built = build_fixture(&p);
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    let (front, back) = (&pdf.pages[0], &pdf.pages[1]);
    let pairs = [
        ([0x10, 0xc0, 0x20], [0xa0, 0x10, 0x10]),
        ([0x20, 0xb0, 0x30], [0xb0, 0x20, 0x20]),
        ([0x30, 0xa0, 0x40], [0xc0, 0x30, 0x30]),
    ];
    let (w, h) = (69.5, 94.9);
    for i in 0..front.placements.len() {
        let f = front.placed_rect(i, w, h);
        assert!(f[2] > f[3], "the card lies turned: {f:?}");
        let fills = pdf.form_fills(front.placements[i].2);
        let (_, want) = pairs.iter().find(|(a, _)| fills.contains(a)).unwrap();
        let j = (0..back.placements.len())
            .find(|&j| {
                let b = back.placed_rect(j, w, h);
                close(b[0], front.width_mm - f[0] - f[2]) && close(b[1], f[1])
            })
            .unwrap_or_else(|| panic!("no back behind {f:?}"));
        assert!(pdf.form_fills(back.placements[j].2).contains(want));
        // Turned the other way round.
        assert!(front.ctms[i][1] * back.ctms[j][1] < 0.0);
    }
}

/// The colour at (`x`, `y`) of an index thumbnail, read from its sprite.
fn thumbnail_rgb(
    built: &protopress::assemble::Built,
    window: &common::SpriteWindow,
    x: usize,
    y: usize,
) -> [u8; 3] {
    let (_, bytes) = built
        .extras
        .iter()
        .find(|(n, _)| *n == window.src)
        .unwrap_or_else(|| panic!("no {}", window.src));
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    let bpp = frame.line_size / frame.width as usize;
    assert!(
        x < window.width && y < window.height,
        "({x}, {y}) outside {window:?}"
    );
    let i = (window.y + y) * frame.line_size + (window.x + x) * bpp;
    [buf[i], buf[i + 1], buf[i + 2]]
}

/// The index page's preview of a backs page shows each turned card's back as the sheet has
/// it: a quarter turn anticlockwise after a long-edge flip, its top to the left. Each preview
/// and each face's thumbnail is a window onto a sprite, and shows its own picture.
#[test]
fn page_previews_show_turned_backs_the_way_they_lie() {
    let game = "name: Fixture\nrevision: \"1\"\nprint:\n  paper: letter\n  duplex: long-edge\ncomponents:\n  - id: systems\n    name: Systems\n    size: poker\n    front: face.svg.tera\n    back: { template: face.svg.tera, per_card: true }\n    cards: systems.yaml\n";
    // Red above, blue below, on every face.
    let template = r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ face.width }}mm" height="{{ face.height }}mm" viewBox="{{ face.view_box }}"><rect width="{{ face.width }}" height="{{ face.height / 2 }}" fill="#ff0000"/><rect y="{{ face.height / 2 }}" width="{{ face.width }}" height="{{ face.height / 2 }}" fill="#0000ff"/></svg>"##;
    let p = common::Project::new(&[
        ("data/fixture/game.yaml", game),
        ("data/fixture/systems.yaml", "- name: Shields\n"),
        ("templates/fixture/face.svg.tera", template),
    ]);
    let built = build_fixture(&p);
    let red = |rgb: [u8; 3]| rgb[0] > 200 && rgb[2] < 80;
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    for (page, top_on_left) in [(1, false), (2, true)] {
        let info = &pdf.pages[page - 1];
        let slot = info.placed_rect(0, 69.5, 94.9);
        assert!(slot[2] > slot[3], "the card lies turned: {slot:?}");
        let preview = common::sprite_window(&built.index_html, &format!("alt=\"page {page}\""));
        let scale = preview.width as f32 / info.width_mm;
        let red_at = |fx: f32| {
            let x = ((slot[0] + fx * slot[2]) * scale) as usize;
            let y = ((slot[1] + 0.5 * slot[3]) * scale) as usize;
            red(thumbnail_rgb(&built, &preview, x, y))
        };
        assert_eq!(
            (red_at(0.2), red_at(0.8)),
            (top_on_left, !top_on_left),
            "page {page}"
        );
    }
    let face = common::sprite_window(&built.index_html, "alt=\"shields\"");
    let (mid, h) = (face.width / 2, face.height);
    assert!(red(thumbnail_rgb(&built, &face, mid, h / 4)), "{face:?}");
    assert_eq!(
        thumbnail_rgb(&built, &face, mid, 3 * h / 4)[2],
        255,
        "{face:?}"
    );
}

/// A card nearly as large as the paper fits when the printable margin leaves room for it and
/// its crop marks, and the margin the game sets is the one the check uses.
#[test]
fn a_card_near_the_paper_size_fits_by_the_printable_margin_given() {
    let built = |margin: &str| {
        let p = deck_game(&format!("  paper: a4\n  bleed_mm: 3\n{margin}"), ELEVEN);
        p.edit(
            "data/fixture/game.yaml",
            "size: poker",
            "size: { width_mm: 186, height_mm: 271 }",
        );
        protopress::assemble::Session::new(&protopress::Project::open(p.root()).unwrap(), &opts(&p))
            .build_in_memory("fixture")
    };
    let big = built("").expect("186 × 271 mm with bleed fits A4 inside a 5 mm margin");
    let pdf = Pdf::load(big.pdf("cards.pdf").unwrap());
    let face = pdf.pages[0].placed_rect(0, 192.0, 277.0);
    // Within the 5 mm margin, each card on a page of its own.
    assert!(face[0] >= 5.0 && face[0] + face[2] <= 205.0, "{face:?}");
    assert!(face[1] >= 5.0 && face[1] + face[3] <= 292.0, "{face:?}");
    let err = built("  printable_margin_mm: 9\n")
        .err()
        .expect("no room inside 9 mm");
    assert!(
        err.message.contains("inside the 9 mm printable margin"),
        "{err}"
    );
    assert!(err.message.contains("192.0 × 277.0 mm"), "{err}");
}

/// Tokens go on shared sheets above the label band, upright: a token too tall for that room
/// is refused at its size, never left off the sheets without a word.
#[test]
fn a_token_too_tall_for_the_shared_sheet_is_refused() {
    let built = |height: u32| {
        let p = deck_game("  paper: a4\n  bleed_mm: 3", ELEVEN);
        p.append(
            "data/fixture/game.yaml",
            &format!("  - id: chits\n    name: Chits\n    kind: tokens\n    shape: square\n    size: {{ width_mm: 100, height_mm: {height} }}\n    front: front.svg.tera\n    cards: deck.yaml\n    card_fields: [text]\n"),
        );
        protopress::assemble::Session::new(&protopress::Project::open(p.root()).unwrap(), &opts(&p))
            .build_in_memory("fixture")
    };
    // A4 less two 5 mm margins and the 7 mm label band is 280 mm; tokens keep 1.5 mm of bleed.
    let err = built(279)
        .err()
        .expect("282 mm with its bleed is taller than 280 mm");
    assert!(err.message.contains("does not fit"), "{err}");
    assert_eq!(err.component.as_deref(), Some("chits"));
    let fits = built(276).expect("279 mm with its bleed fits");
    let chits = fits.report.component("chits").unwrap();
    assert!(!chits.pages.is_empty());
}

/// A deck whose every count is 0 prints nothing; the build says so rather than pass in
/// silence (a game without a manifest has no check to catch it).
#[test]
fn a_deck_of_nothing_but_zero_counts_is_a_warning() {
    let p = deck_game(
        "  paper: a4",
        "- name: A\n  count: 0\n- name: B\n  count: 0\n",
    );
    let built = build_fixture(&p);
    assert!(
        built
            .report
            .warnings
            .iter()
            .any(|w| w == "Deck prints nothing: the count of each of its 2 entries is 0"),
        "{:?}",
        built.report.warnings
    );
    // One card printed is no warning.
    let p = deck_game(
        "  paper: a4",
        "- name: A\n  count: 0\n- name: B\n  count: 1\n",
    );
    let built = build_fixture(&p);
    assert!(
        built.report.warnings.is_empty(),
        "{:?}",
        built.report.warnings
    );
}

/// Past the faces the index lists for a component, the page previews still draw every face
/// their pages place (backs of the last cards of a big deck), and the list still shows a
/// shared back wherever it falls.
#[test]
fn previews_of_a_big_deck_draw_every_face_they_place() {
    let cards: String = (0..245).map(|i| format!("- name: C{i}\n")).collect();
    let p = deck_game("  paper: a4", &cards);
    let built = build_fixture(&p);
    let html = &built.index_html;
    assert!(html.contains("(shared back)"), "the back is listed");
    let more = html.find("class=\"more\"").map(|i| &html[i..i + 40]);
    assert!(
        html.contains("and 5 more faces"),
        "245 fronts and a back, 241 shown: {more:?}"
    );
    // Backs of their own, each naming its card: 490 faces, of which the first 240 (cards 0
    // to 119, front and back) are listed. Page 30 holds the backs of cards 126 to 134.
    p.edit(
        "data/fixture/game.yaml",
        "back: { template: back.svg.tera }",
        "back: { template: back.svg.tera, per_card: true }",
    );
    p.edit(
        "templates/fixture/back.svg.tera",
        "fill=\"#fff\"/>",
        "fill=\"#fff\"/><text x=\"5\" y=\"10\" font-size=\"4\">{{ card.name }}</text>",
    );
    let built = build_fixture(&p);
    let html = &built.index_html;
    assert!(html.contains("alt=\"c119\""), "card 119 is listed");
    assert!(!html.contains("alt=\"c126\""), "card 126 is past the list");
    // The page's middle card, above its white circle, is the back's dark blue (#222266), not
    // blank paper.
    let back_page = common::sprite_window(html, "alt=\"page 30\"");
    let (x, y) = (back_page.width / 2, back_page.height * 2 / 5);
    assert_eq!(thumbnail_rgb(&built, &back_page, x, y), [0x22, 0x22, 0x66]);
}

/// A card's fitted text is in its face's form as real text, the glyphs the fitter measured,
/// which a reader can search and copy out; not as outlines.
#[test]
fn a_text_box_prints_as_text_a_reader_can_copy() {
    let p = deck_game(
        "  paper: a4",
        "- name: Alpha\n  text: \"Draw two cards, then **rest** a turn.\"\n- name: Beta\n",
    );
    let built = build_fixture(&p);
    let texts = common::pdf_text::form_texts(built.pdf("cards.pdf").unwrap());
    // Each front's form ends with its revision stamp ("1·" and six digits of its hash).
    let words = |t: &String| t.rsplit_once(" 1·").map(|(words, _)| words.to_owned());
    let words: Vec<String> = texts.iter().filter_map(words).collect();
    assert!(
        words.contains(&"Alpha Draw two cards, then rest a turn.".to_owned()),
        "{texts:?}"
    );
    assert!(words.contains(&"Beta".to_owned()), "{texts:?}");
    let fonts: Vec<String> = {
        let doc = lopdf::Document::load_mem(built.pdf("cards.pdf").unwrap()).unwrap();
        doc.objects
            .values()
            .filter_map(|o| o.as_dict().ok())
            .filter(|d| {
                d.get(b"Type").and_then(|t| t.as_name()).ok() == Some(&b"FontDescriptor"[..])
            })
            .filter_map(|d| {
                d.get(b"FontName")
                    .ok()?
                    .as_name()
                    .ok()
                    .map(|n| String::from_utf8_lossy(n).into_owned())
            })
            .collect()
    };
    // The bold word in the bold face, subset and embedded.
    assert!(
        fonts.iter().any(|f| f.ends_with("NotoSans-Bold")),
        "{fonts:?}"
    );
}

/// A face's revision stamp inside its trim is drawn into its form, once for every copy; one
/// a template puts past the trim stays on the page, where no clip of the face's place on the
/// sheet can cut it. The same face printed as its own back, turned on a short-edge duplex
/// sheet, carries its stamp in its form on the fronts and on the page on the backs.
#[test]
fn a_stamp_goes_into_the_face_only_where_the_face_cannot_cut_it() {
    let inside = deck_game("  paper: a4", "- name: Alpha\n  count: 3\n");
    let built = build_fixture(&inside);
    let cards = built.pdf("cards.pdf").unwrap();
    let page = common::pdf_text::flat(&common::pdf_text::pdf_lines(cards));
    let forms = common::pdf_text::form_texts(cards);
    assert!(!page.contains("1·"), "no stamp on the page: {page}");
    assert!(forms.iter().any(|t| t.starts_with("Alpha 1·")), "{forms:?}");

    let past = deck_game("  paper: a4\n  gutter_mm: 0", "- name: Alpha\n  count: 3\n");
    past.edit(
        "templates/fixture/front.svg.tera",
        "{% </face_svg> %}",
        "{{ revision_stamp(x=face.width - 4, y=face.height - 4, size=8) }}{% </face_svg> %}",
    );
    let built = build_fixture(&past);
    let cards = built.pdf("cards.pdf").unwrap();
    let page = common::pdf_text::flat(&common::pdf_text::pdf_lines(cards));
    // The fronts' stamps, each copy's on the page; the backs' lie inside their trim.
    let stamp = page.split(' ').find(|w| w.starts_with("1·")).unwrap();
    assert_eq!(page.matches(stamp).count(), 3, "{page}");
    let forms = common::pdf_text::form_texts(cards);
    assert!(forms.iter().all(|t| !t.contains(stamp)), "{forms:?}");

    // Front and back one face: upright on the fronts page, half turned on the backs page.
    let same = deck_game(
        "  paper: a4\n  duplex: short-edge",
        "- name: Alpha\n  count: 3\n",
    );
    let face = "{% <face_svg bg=\"#eeeeee\"> %}<text x=\"10\" y=\"20\" font-family=\"Noto Sans\" font-size=\"4\">Same</text>{% </face_svg> %}";
    same.write("templates/fixture/front.svg.tera", face);
    same.write("templates/fixture/back.svg.tera", face);
    let built = build_fixture(&same);
    let forms = common::pdf_text::form_texts(built.pdf("cards.pdf").unwrap());
    let stamped = forms
        .iter()
        .filter(|t| t.replace(' ', "").starts_with("Same1·"));
    assert_eq!(stamped.count(), 1, "the fronts' form: {forms:?}");
    let page = common::pdf_text::flat(&common::pdf_text::pdf_lines(
        built.pdf("cards.pdf").unwrap(),
    ));
    assert_eq!(
        page.matches("1·").count(),
        3,
        "the turned backs' stamps: {page}"
    );
}
