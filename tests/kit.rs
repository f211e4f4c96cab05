//! The physical kit beyond cards, read back from the PDFs: tiled boards, dual-layer
//! dashboards, token sheets, die nets and standees, on Death to Decorum's own data.

mod common;

use std::path::Path;
use std::sync::OnceLock;

use common::{Pdf, close};
use protopress::assemble::{BuildOptions, Built};
use protopress::layout::imposition::Grid;
use protopress::layout::nets::DieNet;
use protopress::layout::tiling::TileLayout;
use protopress::model::print::{CardSize, Paper};

fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        let opts = BuildOptions {
            paper: None,
            out_dir: std::env::temp_dir().join("protopress-kit-unused"),
            mark_printed: false,
            layout: None,
        };
        protopress::assemble::Session::new(
            &protopress::Project::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap(),
            &opts,
        )
        .build_in_memory("death-to-decorum")
        .unwrap()
    })
}

fn pages_of(id: &str) -> Vec<usize> {
    built().report.component(id).unwrap().pages.clone()
}

#[test]
fn the_board_is_tiled_with_overlap_and_alignment_lines() {
    let pdf = Pdf::load(built().pdf("boards.pdf").unwrap());
    let layout = TileLayout::new(Paper::A4, 400.0, 260.0, 3.0, 10.0);
    let pages = pages_of("time-board");
    assert_eq!(pages.len(), layout.tiles.len());
    assert!(
        layout.tiles.len() <= 3,
        "a 400 × 260 mm board fits 3 A4 pages, not {}",
        layout.tiles.len()
    );
    // Tiles cover the board face exactly, overlapping by 10 mm.
    let row0: Vec<_> = layout.tiles.iter().filter(|t| t.row == 0).collect();
    let covered: f32 = row0.iter().map(|t| t.src.w).sum::<f32>() - 10.0 * (row0.len() - 1) as f32;
    assert!(close(covered, 406.0));
    for (tile, &page) in layout.tiles.iter().zip(&pages) {
        let info = &pdf.pages[page - 1];
        assert!(close(info.width_mm, layout.paper_w) && close(info.height_mm, layout.paper_h));
        // The board face is placed so that the tile's part of it lands in the printed area.
        let (x, y, _) = info.placements[0];
        assert!(
            close(x, tile.page_x - tile.src.x) && close(y, tile.page_y - tile.src.y),
            "{x},{y}"
        );
        // A line where the right neighbour's edge goes, full tile height.
        if tile.col + 1 < layout.cols {
            let want = tile.page_x + tile.src.w - 10.0;
            assert!(
                info.lines.iter().any(|l| close(l[0], want)
                    && close(l[2], want)
                    && (l[3] - l[1]).abs() > tile.src.h - 0.1),
                "tile {},{}: no alignment line at x = {want}",
                tile.row,
                tile.col
            );
        }
        // Registration crosses in the strips, the same board points on each neighbour.
        for (bx, by) in layout.registration_points(tile) {
            let (px, py) = tile.to_page(bx, by);
            assert!(
                info.lines
                    .iter()
                    .any(|l| close(l[1], py) && close(l[3], py) && close((l[0] + l[2]) / 2.0, px)),
                "tile {},{}: no cross at ({px}, {py})",
                tile.row,
                tile.col
            );
        }
    }
}

#[test]
fn the_ship_card_fits_one_page() {
    assert_eq!(pages_of("ship").len(), 1);
}

#[test]
fn dual_layer_dashboards_print_both_layers_at_identical_positions() {
    let pdf = Pdf::load(built().pdf("boards.pdf").unwrap());
    let pages = pages_of("backpacks");
    assert_eq!(
        pages.len(),
        6,
        "6 dashboards, 2 to a sheet, base and top pages"
    );
    let grid = Grid::new(Paper::A4, CardSize::custom(180.0, 120.0), 3.0, None).unwrap();
    let game = &built().game;
    let windows = &game
        .components
        .iter()
        .find(|c| c.spec.id == "backpacks")
        .unwrap()
        .spec
        .top
        .as_ref()
        .unwrap()
        .windows;
    for pair in pages.chunks(2) {
        let (base, top) = (&pdf.pages[pair[0] - 1], &pdf.pages[pair[1] - 1]);
        assert_eq!(base.placements.len(), top.placements.len());
        for (slot, (a, b)) in base.placements.iter().zip(&top.placements).enumerate() {
            assert!(
                close(a.0, b.0) && close(a.1, b.1),
                "layers differ in position"
            );
            let trim = grid.front_trim(slot);
            // Every window's cut line is on the top layer, none on the base.
            for w in windows.iter() {
                let (x, y) = (trim.x + w.x_mm, trim.y + w.y_mm);
                let has_edge = |p: &common::PageInfo| {
                    p.rects.iter().any(|r| {
                        close(r[0], x)
                            && close(r[1], y)
                            && close(r[2], w.w_mm)
                            && close(r[3], w.h_mm)
                    }) || p.lines.iter().any(|l| {
                        close(l[0], x)
                            && close(l[2], x)
                            && close(l[1].min(l[3]), y)
                            && close((l[3] - l[1]).abs(), w.h_mm)
                    })
                };
                assert!(has_edge(top), "window at {x},{y} has no cut line");
                assert!(!has_edge(base), "the base layer has a window cut line");
            }
        }
        // Both layers use the same face size: their XObjects are placed with equal offsets
        // to the grid.
        assert!(close(base.placements[0].0, grid.front_trim(0).x - 3.0));
    }
}

/// The pages of Death to Decorum's sheets that print the front of a piece of `id` (a front
/// with its backs next, or a single side), from the build report.
fn printed_sides_of(id: &str) -> Vec<usize> {
    built()
        .report
        .sheet_pages
        .iter()
        .filter(|s| s.pieces.iter().any(|(c, _)| c == id))
        .map(|s| s.page)
        .collect()
}

#[test]
fn tokens_are_packed_without_overlap_and_counted() {
    let pdf = Pdf::load(built().pdf("tokens.pdf").unwrap());
    for (id, count, diameter) in [("coins", 80, 24.0), ("peg-tokens", 39, 16.0)] {
        let pages = pages_of(id);
        let report = built().report.component(id).unwrap();
        assert_eq!(report.copies, count);
        // The printed sides holding the tokens (coins also have a backs page per sheet).
        let fronts = printed_sides_of(id);
        assert!(fronts.iter().all(|p| pages.contains(p)), "{id}");
        // Peg tokens share their sheet with other pieces: theirs are the faces clipped to a
        // whole token with its bleed.
        let bleed = 1.5;
        let mine = |info: &common::PageInfo| -> Vec<(f32, f32)> {
            info.placements
                .iter()
                .zip(&info.clips)
                .filter(|(_, c)| c.is_some_and(|c| close(c[2], diameter + 2.0 * bleed)))
                .map(|(&(x, y, _), _)| (x, y))
                .collect()
        };
        let placed: usize = fronts.iter().map(|&p| mine(&pdf.pages[p - 1]).len()).sum();
        assert_eq!(placed, count as usize, "{id}");
        for &p in &fronts {
            let info = &pdf.pages[p - 1];
            let centres: Vec<(f32, f32)> = mine(info)
                .iter()
                .map(|&(x, y)| (x + bleed + diameter / 2.0, y + bleed + diameter / 2.0))
                .collect();
            for (i, a) in centres.iter().enumerate() {
                assert!(a.0 - diameter / 2.0 > 0.0 && a.0 + diameter / 2.0 < info.width_mm);
                for b in &centres[i + 1..] {
                    let d = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
                    assert!(d >= diameter - 0.01, "{id}: tokens overlap ({d} mm apart)");
                }
            }
            // Packed tightly: neighbours in a row are at most a diameter and two bleeds apart.
            if let [a, b, ..] = centres[..] {
                let step = b.0 - a.0;
                assert!(
                    step <= diameter + 2.0 * bleed + 0.01,
                    "{id}: {step} mm between tokens"
                );
            }
        }
    }
}

#[test]
fn the_die_net_has_six_equal_faces_in_a_cross() {
    let pdf = Pdf::load(built().pdf("tokens.pdf").unwrap());
    let pages = printed_sides_of("combat-die");
    assert_eq!(pages.len(), 1);
    let page = &pdf.pages[pages[0] - 1];
    // The die shares its sheet: its faces are the unclipped ones of less than 30 mm.
    let mut info = common::PageInfo::default();
    for (p, c) in page.placements.iter().zip(&page.clips) {
        if c.is_none() && pdf.form_size(p.2).1 < 30.0 {
            info.placements.push(*p);
        }
    }
    info.lines = page.lines.clone();
    assert_eq!(info.placements.len(), 6);
    let net = DieNet::new(25.0);
    let (ox, oy) = (
        info.placements[0].0 - net.faces[0].x,
        info.placements[0].1 - net.faces[0].y,
    );
    for (placed, face) in info.placements.iter().zip(&net.faces) {
        assert!(close(placed.0, ox + face.x) && close(placed.1, oy + face.y));
    }
    // Faces use the die's data: KILL twice, EVADE twice, TRADE, DIE: four distinct pictures.
    let mut ids: Vec<_> = info.placements.iter().map(|p| p.2).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 4);
    // Cut outline: the tabs' outer edges are 25 - 2 × tab long.
    let outer = 25.0 - 2.0 * net.tab;
    let tab_edges = info
        .lines
        .iter()
        .filter(|l| {
            close(
                ((l[2] - l[0]).powi(2) + (l[3] - l[1]).powi(2)).sqrt(),
                outer,
            )
        })
        .count();
    assert_eq!(tab_edges, 7);
}

#[test]
fn standees_fold_over_with_a_base() {
    let pdf = Pdf::load(built().pdf("tokens.pdf").unwrap());
    let pages = pages_of("pawns");
    // A pawn is 26 × 42 mm with the default 15 mm base: a strip of base, back, front, base.
    let (w, h, base) = (26.0, 42.0, 15.0);
    let near = |a: f32, b: f32| (a - b).abs() < 0.05;
    let mut pawns = 0;
    for &p in &pages {
        let page = &pdf.pages[p - 1];
        // Standee faces are the unclipped ones of the pawn's size (the sheet is shared).
        let mut by_form: std::collections::BTreeMap<_, Vec<usize>> = Default::default();
        for (i, q) in page.placements.iter().enumerate() {
            let size = pdf.form_size(q.2);
            if page.clips[i].is_none() && near(size.0, w) && near(size.1, h) {
                by_form.entry(q.2).or_default().push(i);
            }
        }
        // A horizontal line drawn at `y` across the whole width of the strip at `x`.
        let across = |x: f32, y: f32| {
            page.lines.iter().any(|l| {
                near(l[1], y)
                    && near(l[3], y)
                    && l[0].min(l[2]) < x + 0.05
                    && l[0].max(l[2]) > x + w - 0.05
            })
        };
        for (form, placed) in by_form {
            // Each pawn's face twice: its front, and above it, across the fold, its back.
            assert_eq!(placed.len(), 2, "{form:?} on page {p}");
            let rect = |i: usize| page.placed_rect(i, w, h);
            let (back, front) = if rect(placed[0])[1] < rect(placed[1])[1] {
                (placed[0], placed[1])
            } else {
                (placed[1], placed[0])
            };
            let (f, b) = (rect(front), rect(back));
            assert!(
                near(b[0], f[0]) && near(b[1] + h, f[1]),
                "back {b:?}, front {f:?}"
            );
            // The back is the front reflected in the fold between them: folded over, every
            // point of it lies behind the same point of the front.
            let (cf, cb) = (page.ctms[front], page.ctms[back]);
            assert!(
                near(cb[0], cf[0]) && near(cb[3], -cf[3]) && near(cb[1], 0.0) && near(cb[2], 0.0),
                "front {cf:?}, back {cb:?}"
            );
            // Three folds across the strip: base to back, back to front, front to base.
            for y in [b[1], f[1], f[1] + h] {
                assert!(
                    across(f[0], y),
                    "no fold at {y} mm for the pawn at {f:?} on page {p}"
                );
            }
            // The bases: the strip is cut a base's depth beyond the outer folds.
            for y in [b[1] - base, f[1] + h + base] {
                assert!(
                    across(f[0], y),
                    "no base edge at {y} mm for the pawn at {f:?} on page {p}"
                );
            }
            pawns += 1;
        }
    }
    assert_eq!(
        pawns,
        built().report.component("pawns").unwrap().copies as usize
    );
    assert_eq!(pawns, 6);
}

#[test]
fn every_component_of_the_kit_is_printed_or_listed() {
    let report = &built().report;
    for c in &report.components {
        if c.kind == "bought" {
            // Listed on the parts-to-buy page.
            assert!(
                c.file.as_deref() == Some("tokens.pdf") && c.pages.len() == 1 && c.copies > 0,
                "{}",
                c.id
            );
        } else {
            assert!(
                c.file.is_some() && !c.pages.is_empty(),
                "{} has no pages",
                c.id
            );
        }
    }
    let files: Vec<&str> = report.files.iter().map(|f| f.file.as_str()).collect();
    assert_eq!(
        files,
        [
            "cards.pdf",
            "boards.pdf",
            "tokens.pdf",
            "rules.pdf",
            "kit.pdf"
        ]
    );
}

/// Builds one of the example games in memory.
fn build_example(id: &str) -> Built {
    let opts = BuildOptions {
        paper: None,
        out_dir: std::env::temp_dir().join("protopress-kit-unused"),
        mark_printed: false,
        layout: None,
    };
    protopress::assemble::Session::new(
        &protopress::Project::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap(),
        &opts,
    )
    .build_in_memory(id)
    .unwrap()
}

use common::GAMES;

#[derive(Clone, Copy, PartialEq, Debug)]
enum Expect {
    Front,
    Back,
    Single,
}

/// What each page of each sheet file must be, from the report: cards and tokens with backs
/// alternate fronts and backs; dashboards print a base, its back if any, and a single-sided top
/// layer; boards, dice and standees are single-sided. The parts to buy, a plain list page of
/// `tokens.pdf`, are not in the kit (its components page lists them).
fn expected_roles(b: &Built) -> Vec<(String, usize, Expect)> {
    let mut out = Vec::new();
    for side in &b.report.sheet_pages {
        let (file, page) = (side.file.clone(), side.page);
        match side.role {
            protopress::layout::plan::Role::Front => {
                out.push((file.clone(), page, Expect::Front));
                out.push((file, page + 1, Expect::Back));
            }
            _ => out.push((file, page, Expect::Single)),
        }
    }
    // Every page a component reports is one of them (or a back).
    for c in b.report.components.iter().filter(|c| c.kind != "bought") {
        for &p in &c.pages {
            let file = c.file.as_deref().unwrap_or_default();
            assert!(
                out.iter().any(|(f, q, _)| f == file && *q == p),
                "{}: page {p} of {file} is no printed side",
                c.id
            );
        }
    }
    out
}

/// Checks that `doc` keeps duplex parity for the sheet pages of `sources`: every front on an
/// odd page with its own back on the next page, every single-sided page on an odd page with a
/// blank after it, every back on an even page. Returns how many sheet pages it found.
fn check_parity(
    what: &str,
    doc: &Pdf,
    sources: &[(String, usize, Expect)],
    sheets: &std::collections::HashMap<String, Pdf>,
) -> usize {
    let prints: std::collections::HashMap<&String, Vec<Vec<String>>> = sheets
        .iter()
        .map(|(f, pdf)| (f, pdf.page_fingerprints()))
        .collect();
    // The kit's sheet pages are the sheets' own pages, drawn by the same content.
    let kit: Vec<Option<Vec<String>>> = doc.page_fingerprints().into_iter().map(Some).collect();
    let mut found = 0;
    for (file, page, role) in sources {
        let own = &prints[file][page - 1];
        let at: Vec<usize> = (0..kit.len())
            .filter(|&k| kit[k].as_ref() == Some(own))
            .collect();
        assert!(
            !at.is_empty(),
            "{what}: {file} page {page} is not in the document"
        );
        let source = &sheets[file];
        for k in at {
            found += 1;
            let n = k + 1;
            let (mine, theirs) = (&doc.pages[k], &source.pages[page - 1]);
            assert_eq!(
                (mine.trim_box, mine.bleed_box, mine.width_mm, mine.height_mm),
                (
                    theirs.trim_box,
                    theirs.bleed_box,
                    theirs.width_mm,
                    theirs.height_mm
                ),
                "{what}: kit page {n} has other boxes than {file} p{page}"
            );
            match role {
                Expect::Front => {
                    let back = &prints[file][*page];
                    assert!(
                        n % 2 == 1,
                        "{what}: the front {file} p{page} is on page {n}"
                    );
                    assert_eq!(
                        kit.get(k + 1).cloned().flatten().as_ref(),
                        Some(back),
                        "{what}: page {n}'s back is not next"
                    );
                }
                Expect::Back => {
                    assert!(n % 2 == 0, "{what}: the back {file} p{page} is on page {n}")
                }
                Expect::Single => {
                    assert!(
                        n % 2 == 1,
                        "{what}: the single-sided {file} p{page} is on page {n}"
                    );
                    assert!(
                        doc.pages
                            .get(k + 1)
                            .is_some_and(|p| p.placements.is_empty()),
                        "{what}: something prints behind page {n}"
                    );
                }
            }
        }
    }
    found
}

fn sheet_pdfs(b: &Built) -> std::collections::HashMap<String, Pdf> {
    ["cards.pdf", "boards.pdf", "tokens.pdf"]
        .iter()
        .filter_map(|f| Some((f.to_string(), Pdf::load(b.pdf(f)?))))
        .collect()
}

#[test]
fn every_kit_prints_as_one_duplex_job() {
    for id in GAMES {
        let b = build_example(id);
        let kit = Pdf::load(b.pdf("kit.pdf").unwrap());
        let roles = expected_roles(&b);
        let sheets = sheet_pdfs(&b);
        let found = check_parity(id, &kit, &roles, &sheets);
        assert!(
            found >= roles.len(),
            "{id}: {found} of {} sheet pages",
            roles.len()
        );
        // The parts-to-buy page of tokens.pdf, which cites tokens.pdf's pages, stays out.
        let kit_pages = kit.page_fingerprints();
        for c in b.report.components.iter().filter(|c| c.kind == "bought") {
            let file = c.file.as_ref().unwrap();
            for &page in &c.pages {
                let own = &sheets[file].page_fingerprints()[page - 1];
                assert!(
                    !kit_pages.contains(own),
                    "{id}: {file} page {page} is in the kit"
                );
            }
        }
        assert!(
            kit.pages.len().is_multiple_of(2),
            "{id}: {} pages",
            kit.pages.len()
        );
    }
}

/// What the front of board `comp` of game `id` asks its seams to keep whole, read from its face
/// as the build parses it.
fn board_keep(id: &str, comp: &str, face_w: f32) -> protopress::render::keep::KeepWhole {
    let project = protopress::Project::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap();
    let opts = BuildOptions::default();
    let prepared = protopress::assemble::Session::new(&project, &opts)
        .prepare(id)
        .unwrap();
    let face = prepared
        .faces
        .faces
        .iter()
        .find(|f| f.component == comp)
        .unwrap();
    let game = &prepared.game;
    let tree = protopress::render::shaped::parse_face(
        &face.svg,
        &prepared.fonts,
        &game.project,
        &game.template_dir(),
    )
    .unwrap();
    protopress::render::keep::keep_whole(&tree, face_w)
}

#[test]
fn every_tile_has_crop_marks_on_every_edge_and_no_tile_is_mostly_blank() {
    for id in GAMES {
        let b = build_example(id);
        let Some(bytes) = b.pdf("boards.pdf") else {
            continue;
        };
        let pdf = Pdf::load(bytes);
        for comp in b
            .game
            .components
            .iter()
            .filter(|c| c.spec.kind.name() == "board")
        {
            let report = b.report.component(&comp.spec.id).unwrap();
            if report.layout.contains("shared") {
                continue;
            }
            let size = comp.size();
            let bleed = comp.bleed(&b.game.file.print);
            let overlap = comp.spec.overlap_mm.unwrap_or(10.0);
            // The seams keep off what the face marks to keep whole, and off its words.
            let keep = board_keep(id, &comp.spec.id, size.width_mm + 2.0 * bleed);
            let marked: Vec<_> = keep.marked.iter().map(|(_, r)| *r).collect();
            let layout = TileLayout::keeping(
                Paper::A4,
                (size.width_mm, size.height_mm, bleed),
                overlap,
                5.0,
                (&marked, &keep.words),
            );
            if layout.tiles.len() > 1 {
                assert!(
                    layout.blank() <= 1.0 / 3.0,
                    "{id} {}: a tile is {:.0} % blank",
                    comp.spec.id,
                    100.0 * layout.blank()
                );
            }
            // Each copy of the board takes one page per tile.
            let tiles = layout.tiles.iter().cycle();
            for (tile, &page) in tiles.zip(&report.pages) {
                let info = &pdf.pages[page - 1];
                for m in layout.trim_marks(tile) {
                    assert!(
                        info.lines.iter().any(|l| close(l[0], m.x1)
                            && close(l[1], m.y1)
                            && close(l[2], m.x2)
                            && close(l[3], m.y2)),
                        "{id} {}: tile {},{} has no mark {m:?}",
                        comp.spec.id,
                        tile.row,
                        tile.col
                    );
                }
            }
        }
    }
}

#[test]
fn tokens_keep_their_bleed_on_every_side() {
    let pdf = Pdf::load(built().pdf("tokens.pdf").unwrap());
    // Coins and peg tokens share pages with each other, a die and standees (not clipped):
    // every clipped face is a whole token of one of the two sizes, with its 1.5 mm bleed.
    let sizes = [24.0 + 3.0, 16.0 + 3.0];
    let mut seen = [0, 0];
    let mut pages: Vec<usize> = pages_of("coins");
    pages.extend(pages_of("peg-tokens"));
    pages.sort();
    pages.dedup();
    let id = "coins and peg tokens";
    {
        for &p in &pages {
            let page = &pdf.pages[p - 1];
            for (&(x, y, _), clip) in page.placements.iter().zip(&page.clips) {
                let Some(c) = *clip else { continue };
                let size = sizes.iter().position(|&s| close(c[2], s) && close(c[3], s));
                assert!(
                    close(c[0], x) && close(c[1], y) && size.is_some(),
                    "{id}: a token shows {c:?} of its face at ({x}, {y})"
                );
                seen[size.unwrap()] += 1;
            }
        }
    }
    // Each front is drawn once and its back once (peg tokens have no backs).
    assert_eq!(seen, [2 * 80, 39]);
}
