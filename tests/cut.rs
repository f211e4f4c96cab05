//! Cut and fold, read back from what a build writes: gutter-fold backs mirrored about the fold,
//! print-and-cut files whose paths are the pieces' trims in the sheet's frame, the machines'
//! registration marks, `crop_marks: lines` through every trim edge, and ink-saver pages that
//! measurably spend less ink. The fixture game is tests/fixtures/cut-kit.

mod common;

use std::path::Path;

use common::{Pdf, close};
use protopress::assemble::{BuildOptions, Built, Session};
use protopress::layout::cut::{CRICUT_AREA, CRICUT_FRAME_GAP};
use protopress::layout::imposition::Grid;
use protopress::model::print::CardSize;

/// The fixture game with `print` lines added to its profile.
fn kit(print: &str) -> common::Project {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cut-kit");
    let p = common::Project::new(&[]);
    common::copy_dir(&repo.join("data"), &p.root().join("data"));
    common::copy_dir(&repo.join("templates"), &p.root().join("templates"));
    let game = p.root().join("data/cutkit/game.yaml");
    let text = std::fs::read_to_string(&game).unwrap();
    let text = text.replacen("  bleed_mm: 3\n", &format!("  bleed_mm: 3\n{print}"), 1);
    std::fs::write(&game, text).unwrap();
    p
}

fn build(p: &common::Project) -> Built {
    let opts = BuildOptions {
        out_dir: p.out(),
        ..BuildOptions::default()
    };
    Session::new(&protopress::Project::open(p.root()).unwrap(), &opts)
        .build_in_memory("cutkit")
        .unwrap_or_else(|e| panic!("{e}"))
}

fn hex(h: &str) -> [u8; 3] {
    let v = u32::from_str_radix(&h[1..], 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// The deck's cards: front colour and back colour.
fn pairs() -> [([u8; 3], [u8; 3]); 3] {
    [
        (hex("#10c020"), hex("#a01010")),
        (hex("#20b030"), hex("#b02020")),
        (hex("#30a040"), hex("#c03030")),
    ]
}

#[test]
fn gutter_fold_backs_mirror_their_fronts_about_the_fold() {
    let built = build(&kit("  layout: gutter-fold\n"));
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    // 7 cards, 4 pairs a sheet (poker on A4, turned, folded along the long side): 2 pages,
    // each single-sided with its backs on it.
    assert_eq!(pdf.pages.len(), 2);
    let deck = built.report.component("deck").unwrap();
    assert!(
        deck.layout.starts_with("gutter-fold, 1 × 4 pairs"),
        "{}",
        deck.layout
    );
    let fold_x = 210.0 / 2.0;
    let mut checked = 0;
    for page in &pdf.pages {
        // The fold line: dashed, down the middle of the paper.
        assert!(
            page.lines
                .iter()
                .any(|l| close(l[0], fold_x) && close(l[2], fold_x)),
            "no fold line"
        );
        let rects: Vec<([f32; 4], Vec<[u8; 3]>)> = (0..page.placements.len())
            .map(|i| {
                (
                    page.placed_rect(i, 69.5, 94.9),
                    pdf.form_fills(page.placements[i].2),
                )
            })
            .collect();
        for (front, fills) in &rects {
            let Some((_, back_colour)) = pairs().into_iter().find(|(f, _)| fills.contains(f))
            else {
                continue;
            };
            assert!(
                front[0] + front[2] <= fold_x,
                "a front beyond the fold: {front:?}"
            );
            let (back, _) = rects
                .iter()
                .find(|(r, f)| {
                    f.contains(&back_colour)
                        && (r[1] - front[1]).abs() < 0.1
                        && ((front[0] + r[0] + r[2]) / 2.0 - fold_x).abs() < 0.1
                })
                .unwrap_or_else(|| panic!("no back mirrored behind the front at {front:?}"));
            assert!((back[2] - front[2]).abs() < 0.1 && (back[3] - front[3]).abs() < 0.1);
            checked += 1;
        }
        // Crop marks stand beside the fronts only: nothing short and straight right of the
        // fold but the dashes of the fold line itself.
        for l in &page.lines {
            let len = ((l[2] - l[0]).powi(2) + (l[3] - l[1]).powi(2)).sqrt();
            if len < 6.0 && !close(l[0], fold_x) {
                assert!(
                    l[0].max(l[2]) < fold_x,
                    "a crop mark beyond the fold: {l:?}"
                );
            }
        }
    }
    assert_eq!(checked, 7, "every card's front found with its back");
}

#[test]
fn gutter_fold_is_one_single_sided_job() {
    let built = build(&kit("  layout: gutter-fold\n"));
    assert_eq!(built.report.kit.calibration, 0, "no duplex calibration");
    let kit = Pdf::load(built.pdf("kit.pdf").unwrap());
    let sheets: usize = ["cards.pdf", "boards.pdf", "tokens.pdf"]
        .iter()
        .filter_map(|f| built.pdf(f))
        .map(|b| Pdf::load(b).pages.len())
        .sum();
    // Every kit page after the plain part is a sheet: no blank backs.
    assert_eq!(built.report.kit.sheets, sheets, "{:?}", built.report.kit);
    assert!(kit.pages.len() >= sheets);
    // A deck without a duplex printer never prints a page on its own back.
    let cards = Pdf::load(built.pdf("cards.pdf").unwrap());
    assert!(cards.pages.iter().all(|p| !p.placements.is_empty()));
}

#[test]
fn a_card_too_large_to_fold_names_its_component() {
    let p = kit("  layout: gutter-fold\n");
    let game = p.root().join("data/cutkit/game.yaml");
    let text = std::fs::read_to_string(&game).unwrap().replacen(
        "size: poker",
        "size: { width_mm: 150, height_mm: 200 }",
        1,
    );
    std::fs::write(&game, text).unwrap();
    let opts = BuildOptions {
        out_dir: p.out(),
        ..BuildOptions::default()
    };
    let err = Session::new(&protopress::Project::open(p.root()).unwrap(), &opts)
        .build_in_memory("cutkit")
        .err()
        .expect("a 150 × 200 mm pair does not fit half an A4 sheet");
    let text = format!("{err:?}");
    assert!(
        text.contains("gutter-fold") && text.contains("deck"),
        "{text}"
    );
}

/// The paths of one of our cut files: (bounding box, corner radius) of each closed path, and
/// straight segments, per layer.
struct CutFile {
    cuts: Vec<([f32; 4], f32)>,
    cut_lines: usize,
    scores: usize,
}

fn read_svg(text: &str) -> CutFile {
    let doc = roxmltree::Document::parse(text).unwrap();
    let mut file = CutFile {
        cuts: Vec::new(),
        cut_lines: 0,
        scores: 0,
    };
    for g in doc.descendants().filter(|n| n.has_tag_name("g")) {
        let layer = g.attribute("id").unwrap_or("");
        for path in g.children().filter(|n| n.has_tag_name("path")) {
            let d = path.attribute("d").unwrap();
            let nums: Vec<f32> = d
                .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            match layer {
                "cut" if d.contains('L') => file.cut_lines += 1,
                "cut" => file.cuts.push(bounds(d, &nums)),
                "score" => file.scores += 1,
                _ => {}
            }
        }
    }
    file
}

/// Bounding box and radius of a path we write: a rectangle (`M x yH…V…`, arcs at rounded
/// corners) or a circle (two arcs).
fn bounds(d: &str, nums: &[f32]) -> ([f32; 4], f32) {
    if d.matches('A').count() == 2 && !d.contains('H') {
        // M (cx + r) cy A r r 0 1 1 (cx - r) cy …
        let (x1, cy, r) = (nums[0], nums[1], nums[2]);
        return ([x1 - 2.0 * r, cy - r, 2.0 * r, 2.0 * r], r);
    }
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    let mut radius = 0.0;
    // Walk the commands: M x y, H x, V y, A r r 0 0 1 x y.
    let mut it = d
        .char_indices()
        .filter(|(_, c)| c.is_ascii_alphabetic())
        .peekable();
    while let Some((i, c)) = it.next() {
        let end = it.peek().map_or(d.len(), |(j, _)| *j);
        let args: Vec<f32> = d[i + 1..end]
            .split(' ')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        match c {
            'M' => {
                xs.push(args[0]);
                ys.push(args[1]);
            }
            'H' => xs.push(args[0]),
            'V' => ys.push(args[0]),
            'A' => {
                radius = args[0];
                xs.push(args[5]);
                ys.push(args[6]);
            }
            _ => {}
        }
    }
    let (x0, x1) = (
        xs.iter().copied().fold(f32::MAX, f32::min),
        xs.iter().copied().fold(f32::MIN, f32::max),
    );
    let (y0, y1) = (
        ys.iter().copied().fold(f32::MAX, f32::min),
        ys.iter().copied().fold(f32::MIN, f32::max),
    );
    ([x0, y0, x1 - x0, y1 - y0], radius)
}

/// Trim sizes and corner radii of the fixture's pieces cut along their trim.
const PIECES: [(f32, f32, f32); 4] = [
    (63.5, 88.9, 3.0),
    (25.4, 25.4, 12.7),
    (19.05, 19.05, 2.0),
    (120.0, 80.0, 0.0),
];

#[test]
fn every_cut_path_is_its_pieces_trim_in_the_sheets_frame() {
    let p = kit("  layout: print-and-cut\n  cutter: silhouette\n");
    let built = build(&p);
    let cut_files: Vec<&(String, Vec<u8>)> = built
        .extras
        .iter()
        .filter(|(n, _)| n.starts_with("cut/") && n.ends_with(".svg"))
        .collect();
    assert!(!cut_files.is_empty());
    let mut trims_checked = 0;
    let mut windows = 0;
    let mut die_lines = 0;
    let mut scores = 0;
    for (name, bytes) in cut_files {
        // cut/cards-page-3.svg is page 3 of cards.pdf.
        let stem = name.trim_start_matches("cut/").trim_end_matches(".svg");
        let (file, page) = stem.rsplit_once("-page-").unwrap();
        let pdf = Pdf::load(built.pdf(&format!("{file}.pdf")).unwrap());
        let page = &pdf.pages[page.parse::<usize>().unwrap() - 1];
        let svg = String::from_utf8(bytes.clone()).unwrap();
        assert!(svg.contains("width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\""));
        let cut = read_svg(&svg);
        die_lines += cut.cut_lines;
        scores += cut.scores;
        // The trim of every face drawn: its form's centre, less its bleed.
        let trims: Vec<([f32; 4], f32)> = page
            .placements
            .iter()
            .filter_map(|&(x, y, id)| {
                let (w, h) = pdf.form_size(id);
                let (cx, cy) = (x + w / 2.0, y + h / 2.0);
                PIECES.iter().find_map(|&(tw, th, r)| {
                    [0.0, 1.5, 3.0]
                        .iter()
                        .any(|b| close(w - 2.0 * b, tw) && close(h - 2.0 * b, th))
                        .then_some(([cx - tw / 2.0, cy - th / 2.0, tw, th], r))
                })
            })
            .collect();
        for (b, r) in &cut.cuts {
            let on_trim = trims
                .iter()
                .any(|(t, tr)| (0..4).all(|k| (b[k] - t[k]).abs() < 0.05) && (r - tr).abs() < 0.05);
            if on_trim {
                trims_checked += 1;
                continue;
            }
            // A window of the dashboard's top layer: 10 mm in from a mat's trim, 30 × 20.
            let window = trims.iter().any(|(t, _)| {
                close(b[0], t[0] + 10.0)
                    && close(b[1], t[1] + 10.0)
                    && close(b[2], 30.0)
                    && close(b[3], 20.0)
            });
            // A standee's outline (no face has its size).
            let standee = close(b[2], 24.0) && close(b[3], 110.0);
            assert!(
                window || standee,
                "{name}: a cut path on no trim: {b:?} r {r}"
            );
            windows += window as usize;
        }
        // Every piece on the page has its cut.
        for (t, _) in &trims {
            assert!(
                cut.cuts
                    .iter()
                    .any(|(b, _)| (0..4).all(|k| (b[k] - t[k]).abs() < 0.05)),
                "{name}: the piece at {t:?} has no cut path"
            );
        }
    }
    // 7 cards, 4 coins, 5 chits, a mat's base and top layer.
    assert_eq!(trims_checked, 7 + 4 + 5 + 2);
    assert_eq!(windows, 1);
    // The die net: its outline cut (7 + 7 × 3 segments), its 12 folds a score layer; the
    // standees' 3 folds each.
    assert_eq!(die_lines, 28);
    assert_eq!(scores, 12 + 2 * 3);
    // The DXF beside each SVG.
    assert!(
        built
            .extras
            .iter()
            .any(|(n, b)| n.ends_with(".dxf") && String::from_utf8_lossy(b).contains("\nARC\n"))
    );
}

#[test]
fn registration_marks_sit_where_the_machines_look() {
    let built = build(&kit("  layout: print-and-cut\n  duplex: none\n"));
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    let page = &pdf.pages[0];
    // Silhouette: a 5 mm square 10 mm in from the top-left corner…
    assert!(
        page.fills.iter().any(|f| close(f[0], 10.0)
            && close(f[1], 10.0)
            && close(f[2], 5.0)
            && close(f[3], 5.0)),
        "{:?}",
        page.fills
    );
    // …and two L marks of 20 mm arms with their corners 10 mm in from the top-right and
    // bottom-left corners.
    let has = |x1: f32, y1: f32, x2: f32, y2: f32| {
        page.lines.iter().any(|l| {
            (close(l[0], x1) && close(l[1], y1) && close(l[2], x2) && close(l[3], y2))
                || (close(l[0], x2) && close(l[1], y2) && close(l[2], x1) && close(l[3], y1))
        })
    };
    assert!(has(180.0, 10.0, 200.0, 10.0) && has(200.0, 10.0, 200.0, 30.0));
    assert!(has(10.0, 287.0, 30.0, 287.0) && has(10.0, 287.0, 10.0, 267.0));
    // Every piece stays clear of the marks: inside 17 mm of every edge.
    for &(x, y, id) in &page.placements {
        let (w, h) = pdf.form_size(id);
        let (cx, cy) = (x + w / 2.0, y + h / 2.0);
        assert!(cx - 31.75 >= 17.0 - 0.01 && cy - 44.45 >= 17.0 - 0.01);
        assert!(cx + 31.75 <= 193.0 + 0.01 && cy + 44.45 <= 280.0 + 0.01);
    }
    // A single-sided print-and-cut kit is one single-sided job.
    assert_eq!(built.report.kit.calibration, 0);

    // Cricut: a frame around the largest Print Then Cut area, centred.
    let p = kit("  layout: print-and-cut\n  cutter: cricut\n");
    let game = p.root().join("data/cutkit/game.yaml");
    let text = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, text.replacen("paper: a4", "paper: letter", 1)).unwrap();
    let built = build(&p);
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    let page = &pdf.pages[0];
    let (ax, ay) = ((215.9 - CRICUT_AREA.0) / 2.0, (279.4 - CRICUT_AREA.1) / 2.0);
    let (fx, fy) = (ax - CRICUT_FRAME_GAP, ay - CRICUT_FRAME_GAP);
    let (fr, fb) = (215.9 - fx, 279.4 - fy);
    let frame = |x1: f32, y1: f32, x2: f32, y2: f32| {
        page.lines
            .iter()
            .any(|l| close(l[0], x1) && close(l[1], y1) && close(l[2], x2) && close(l[3], y2))
    };
    assert!(frame(fx, fy, fr, fy) && frame(fr, fy, fr, fb));
    assert!(frame(fr, fb, fx, fb) && frame(fx, fb, fx, fy));
    // With backs (duplex), each cut sheet is followed by its backs page.
    assert_eq!(pdf.pages.len() % 2, 0);
    assert!(
        pdf.pages[1].fills.is_empty()
            && pdf.pages[1].placements.len() == pdf.pages[0].placements.len()
    );
}

#[test]
fn cut_lines_pass_through_every_trim_edge() {
    let p = common::deck_game(
        "  paper: a4\n  crop_marks: lines\n  mark_colour: \"#ff0000\"",
        "- name: Alpha\n  count: 11\n",
    );
    let opts = BuildOptions {
        out_dir: p.out(),
        ..BuildOptions::default()
    };
    let built = Session::new(&protopress::Project::open(p.root()).unwrap(), &opts)
        .build_in_memory("fixture")
        .unwrap();
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    let grid = Grid::turning(
        protopress::model::print::Paper::A4,
        CardSize::named("poker").unwrap(),
        3.0,
        None,
        5.0,
    )
    .unwrap();
    // 11 cards: 6 and 5, as two cards alone would fill a sheet too thinly.
    for (n, used) in [(0, 6), (2, 5)] {
        let page = &pdf.pages[n];
        for slot in 0..used {
            let t = grid.front_trim(slot);
            let edges = [
                [t.x, t.y, t.x, t.bottom()],
                [t.right(), t.y, t.right(), t.bottom()],
                [t.x, t.y, t.right(), t.y],
                [t.x, t.bottom(), t.right(), t.bottom()],
            ];
            for e in edges {
                let through = page.lines.iter().any(|l| {
                    if close(e[0], e[2]) {
                        close(l[0], e[0])
                            && close(l[2], e[0])
                            && l[1].min(l[3]) <= e[1] + 0.01
                            && l[1].max(l[3]) >= e[3] - 0.01
                    } else {
                        close(l[1], e[1])
                            && close(l[3], e[1])
                            && l[0].min(l[2]) <= e[0] + 0.01
                            && l[0].max(l[2]) >= e[2] - 0.01
                    }
                });
                assert!(
                    through,
                    "page {}: no cut line through the edge {e:?}",
                    n + 1
                );
            }
        }
        // The lines run from margin to margin.
        assert!(
            page.lines
                .iter()
                .any(|l| close(l[1], 5.0) || close(l[3], 5.0))
        );
    }
}

#[test]
fn ink_saver_pages_are_measurably_lighter() {
    // A full sheet of cards, so that they print on a sheet of their own (seven would join the
    // shared sheets).
    let full_sheet = |p: common::Project| {
        let deck = p.root().join("data/cutkit/deck.yaml");
        let text = std::fs::read_to_string(&deck).unwrap();
        std::fs::write(&deck, text.replace("count: 2", "count: 3")).unwrap();
        p
    };
    let normal = build(&full_sheet(kit("")));
    let saver = build(&full_sheet(kit("  ink: saver\n")));
    assert_eq!(normal.report.component("deck").unwrap().pages, vec![1, 2]);
    let dark = protopress::pdf::ink::coverage(normal.pdf("cards.pdf").unwrap(), 24.0).unwrap();
    let light = protopress::pdf::ink::coverage(saver.pdf("cards.pdf").unwrap(), 24.0).unwrap();
    // The backs page loses its dark full bleed; the fronts are the same.
    assert!(
        light.mean() < dark.mean() - 0.05,
        "normal {:?}, saver {:?}",
        dark.pages,
        light.pages
    );
    assert!((light.pages[0] - dark.pages[0]).abs() < 0.005);
    assert!(light.pages[1] < dark.pages[1] - 0.1);
    // The writer's own fills (glue tabs, standee bases) are lighter too.
    let t_dark = protopress::pdf::ink::coverage(normal.pdf("tokens.pdf").unwrap(), 24.0).unwrap();
    let t_light = protopress::pdf::ink::coverage(saver.pdf("tokens.pdf").unwrap(), 24.0).unwrap();
    assert!(t_light.mean() < t_dark.mean(), "{t_dark:?} {t_light:?}");
}

/// A piece wider than the cutter's area that fits it turned a quarter lies turned: its cut is
/// its trim turned, its window cut where the drawing shows it, its face drawn over that trim,
/// and its back behind it, turned the other way so that it reads upright once the sheet is
/// flipped over its long edge.
#[test]
fn a_piece_that_fits_the_cutting_area_only_turned_lies_turned() {
    let p = kit("  layout: print-and-cut\n  cutter: silhouette\n");
    // 200 mm is wider than a Silhouette cuts on A4 (176 mm), but not taller.
    p.edit(
        "data/cutkit/game.yaml",
        "size: { width_mm: 120, height_mm: 80 }\n    front: token.svg.tera\n",
        "size: { width_mm: 200, height_mm: 100 }\n    front: token.svg.tera\n    back: { template: token.svg.tera, per_card: true }\n",
    );
    let built = build(&p);
    let mats = built.report.component("mats").unwrap();
    assert!(mats.layout.contains("turned a quarter"), "{}", mats.layout);
    let file = mats.file.clone().unwrap();
    let page = mats.pages[0];
    let stem = file.trim_end_matches(".pdf");
    let cut_file = |n: usize| {
        let name = format!("cut/{stem}-page-{n}.svg");
        // A backs page has none.
        let (_, bytes) = built.extras.iter().find(|(f, _)| *f == name)?;
        Some(read_svg(&String::from_utf8(bytes.clone()).unwrap()))
    };
    let base = cut_file(page).expect("the base's cut file");
    let trim = base
        .cuts
        .iter()
        .map(|(b, _)| *b)
        .find(|b| close(b[2], 100.0) && close(b[3], 200.0))
        .expect("the base's cut: its 200 × 100 mm trim turned upright on the page");
    let pdf = Pdf::load(built.pdf(&file).unwrap());
    let (front, back) = (&pdf.pages[page - 1], &pdf.pages[page]);
    // The face (200 × 100 mm and its 3 mm bleed) lies turned over the trim.
    let (w, h) = (206.0, 106.0);
    let i = pdf.placement_of_width(front, w).expect("the base's face");
    let f = front.placed_rect(i, w, h);
    let want = [trim[0] - 3.0, trim[1] - 3.0, 106.0, 206.0];
    assert!((0..4).all(|k| close(f[k], want[k])), "{f:?} over {trim:?}");
    // Its back: the same box mirrored across the sheet, turned the other way round.
    let j = pdf.placement_of_width(back, w).expect("the base's back");
    let b = back.placed_rect(j, w, h);
    assert!(
        close(b[0], front.width_mm - f[0] - f[2]) && close(b[1], f[1]),
        "{b:?}"
    );
    assert!(front.ctms[i][1] * back.ctms[j][1] < 0.0);
    // The top layer: its window (10 mm in from the left and the top, 30 × 20 mm) turned with
    // it, the face's top to the right, and drawn (filled white) where it is cut.
    let top_page = mats
        .pages
        .iter()
        .copied()
        .find(|&n| cut_file(n).is_some_and(|c| c.cuts.len() == 2))
        .expect("the top layer's page: its trim and one window");
    let top = cut_file(top_page).unwrap();
    let t = top
        .cuts
        .iter()
        .map(|(b, _)| *b)
        .find(|b| close(b[3], 200.0))
        .unwrap();
    let window = [t[0] + t[2] - 10.0 - 20.0, t[1] + 10.0, 20.0, 30.0];
    assert!(
        top.cuts
            .iter()
            .any(|(b, _)| (0..4).all(|k| close(b[k], window[k]))),
        "no window cut at {window:?}: {:?}",
        top.cuts
    );
    let drawn = &pdf.pages[top_page - 1].fills;
    assert!(
        drawn.iter().any(|b| (0..4).all(|k| close(b[k], window[k]))),
        "no window drawn at {window:?}"
    );
}

/// A dashboard that fits the paper only turned a quarter lies turned in its grid of crop
/// marks, as cards do: its face drawn over the turned trim, and its top layer's window cut
/// where the turned drawing shows it.
#[test]
fn a_dashboard_that_fits_the_paper_only_turned_lies_turned() {
    // 150 × 100 mm and its bleed is wider than A5 (148 mm), not taller.
    let p = kit("");
    p.edit("data/cutkit/game.yaml", "paper: a4", "paper: a5");
    p.edit(
        "data/cutkit/game.yaml",
        "size: { width_mm: 120, height_mm: 80 }\n    front: token.svg.tera\n",
        "size: { width_mm: 150, height_mm: 100 }\n    front: token.svg.tera\n",
    );
    let built = build(&p);
    let mats = built.report.component("mats").unwrap();
    let pdf = Pdf::load(built.pdf(mats.file.as_deref().unwrap()).unwrap());
    let (base, top) = (&pdf.pages[mats.pages[0] - 1], &pdf.pages[mats.pages[1] - 1]);
    let (w, h) = (156.0, 106.0);
    let face = |page: &common::PageInfo| {
        let i = pdf.placement_of_width(page, w).expect("a mat's face");
        page.placed_rect(i, w, h)
    };
    // Upright on the page: 106 mm across, 156 mm down, both layers in the same place.
    let (f, t) = (face(base), face(top));
    assert!(close(f[2], 106.0) && close(f[3], 156.0), "{f:?}");
    assert!((0..4).all(|k| close(f[k], t[k])), "{f:?} {t:?}");
    // The window, 10 mm in from the face's left and top and 30 × 20 mm, turned clockwise with
    // the face: 10 mm in from the trim's right and top, 20 × 30 mm.
    let trim = [f[0] + 3.0, f[1] + 3.0, 100.0, 150.0];
    let window = [trim[0] + trim[2] - 10.0 - 20.0, trim[1] + 10.0, 20.0, 30.0];
    let drawn = |page: &common::PageInfo| {
        page.fills
            .iter()
            .any(|b| (0..4).all(|k| close(b[k], window[k])))
    };
    assert!(drawn(top), "no window at {window:?}: {:?}", top.fills);
    assert!(!drawn(base), "the base has a window");
}

/// Cut sheets printed duplex put their front-and-back pairs first, then the single-sided
/// sheets, so that each file prints as one duplex job: a single-sided sheet before a pair
/// would put the pair's front on its back.
#[test]
fn cut_sheets_with_backs_come_before_single_sided_ones() {
    let p = kit("  layout: print-and-cut\n  cutter: silhouette\n");
    // Standees enough to fill sheets of their own; the coins have backs.
    p.edit("data/cutkit/pawns.yaml", "count: 2", "count: 16");
    let built = build(&p);
    for file in ["cards", "boards", "tokens"] {
        let Some(pdf) = built.pdf(&format!("{file}.pdf")) else {
            continue;
        };
        let pages = Pdf::load(pdf).pages.len();
        // A page with a cut file is a front or a single-sided sheet; one without, a backs page.
        let cut = |n: usize| {
            let name = format!("cut/{file}-page-{n}.svg");
            built.extras.iter().any(|(f, _)| *f == name)
        };
        let roles: Vec<&str> = (1..=pages)
            .filter(|&n| cut(n))
            .map(|n| match n < pages && !cut(n + 1) {
                true => "pair",
                false => "single",
            })
            .collect();
        let first_single = roles.iter().position(|r| *r == "single");
        let last_pair = roles.iter().rposition(|r| *r == "pair");
        if let (Some(s), Some(p)) = (first_single, last_pair) {
            assert!(p < s, "{file}.pdf: {roles:?}");
        }
        if file == "tokens" {
            assert!(
                roles.contains(&"pair") && roles.contains(&"single"),
                "{roles:?}"
            );
        }
    }
}

/// A piece too large for the cutter's area either way is printed with crop marks, with a
/// warning, never dropped.
#[test]
fn pieces_larger_than_the_cutting_area_are_printed_with_crop_marks_not_dropped() {
    let p = kit("  layout: print-and-cut\n  cutter: silhouette\n");
    p.edit(
        "data/cutkit/game.yaml",
        "size: { width_mm: 120, height_mm: 80 }",
        "size: { width_mm: 188, height_mm: 188 }",
    );
    let b = build(&p);
    for c in b.report.components.iter().filter(|c| c.kind != "bought") {
        assert!(!c.pages.is_empty(), "{} is on no page", c.id);
    }
    let mats = b.report.component("mats").unwrap();
    assert!(!mats.layout.contains("print-and-cut"), "{}", mats.layout);
    assert!(
        b.report
            .warnings
            .iter()
            .any(|w| w.starts_with("Mats: larger than the area")),
        "{:?}",
        b.report.warnings
    );
}

/// The sheet's label and its ruler keep out of the square each Silhouette L mark spans (and a
/// margin around it): the sensor reads the mark there, and print inside the L can be taken
/// for part of it.
#[test]
fn labels_keep_out_of_the_silhouette_marks_squares() {
    let p = kit("  layout: print-and-cut\n  cutter: silhouette\n");
    let built = build(&p);
    let (i, l, k) = (10.0, 20.0, 2.0);
    let mut checked = 0;
    for (name, _) in built.extras.iter().filter(|(n, _)| n.starts_with("cut/")) {
        let stem = name.trim_start_matches("cut/");
        let stem = stem.rsplit_once('.').unwrap().0;
        let (file, page) = stem.rsplit_once("-page-").unwrap();
        let pdf = Pdf::load(built.pdf(&format!("{file}.pdf")).unwrap());
        let page = &pdf.pages[page.parse::<usize>().unwrap() - 1];
        let (pw, ph) = (page.width_mm, page.height_mm);
        let squares =
            [(pw - i - l, i), (i, ph - i - l)].map(|(x, y)| [x - k, y - k, x + l + k, y + l + k]);
        let inside = |x: f32, y: f32| {
            squares
                .iter()
                .any(|s| x > s[0] && x < s[2] && y > s[1] && y < s[3])
        };
        for t in &page.texts {
            assert!(
                !inside(t[0], t[1]) && !inside(t[2], t[3]),
                "{name}: text at {t:?}"
            );
            checked += 1;
        }
        for r in &page.rects {
            assert!(
                !inside(r[0], r[1]) && !inside(r[0] + r[2], r[1] + r[3]),
                "{name}: rect {r:?}"
            );
        }
    }
    assert!(checked > 0);
}
