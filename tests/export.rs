//! Exports as their users take them: print-service images at the service's pixel grid with the
//! trim where it belongs, a Tabletop Simulator saved object of the published format with every
//! copy and every back, PNGs that say their resolution, and folders replaced whole.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

use protopress::assemble::{BuildOptions, Session};
use protopress::export::{
    ExportOptions, ExportReport, Format, TTS_COLS, TTS_MAX_SIDE, TTS_ROWS, export,
};
use protopress::model::ComponentKind;
use protopress::render::raster::render_face;
use serde_json::Value;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn project() -> protopress::Project {
    protopress::Project::open(repo()).unwrap()
}

/// (width, height, colour type) of a PNG.
fn png_info(path: &Path) -> (u32, u32, u8) {
    let d = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (
        u32::from_be_bytes(d[16..20].try_into().unwrap()),
        u32::from_be_bytes(d[20..24].try_into().unwrap()),
        d[25],
    )
}

/// The data of a PNG chunk.
fn chunk(path: &Path, name: &[u8; 4]) -> Option<Vec<u8>> {
    let d = std::fs::read(path).unwrap();
    let mut at = 8;
    while at + 8 <= d.len() {
        let len = u32::from_be_bytes(d[at..at + 4].try_into().unwrap()) as usize;
        if &d[at + 4..at + 8] == name {
            return Some(d[at + 8..at + 8 + len].to_vec());
        }
        at += 12 + len;
    }
    None
}

/// Pixels per inch a PNG's pHYs chunk gives.
fn dpi_of(path: &Path) -> Option<f32> {
    let phys = chunk(path, b"pHYs")?;
    assert_eq!(phys[8], 1, "{}: pHYs in metres", path.display());
    Some(u32::from_be_bytes(phys[0..4].try_into().unwrap()) as f32 * 0.0254)
}

/// Decoded RGB(A) pixels, with the bytes per pixel.
fn pixels(path: &Path) -> (u32, u32, usize, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let bpp = info.color_type.samples();
    (info.width, info.height, bpp, buf)
}

/// Exports `game` once per format for the whole test run; returns `<out>/<game>/export`.
fn run(game: &str, format: Format) -> &'static Path {
    type Done = Mutex<Vec<(String, Format, &'static Path)>>;
    static DIRS: OnceLock<Done> = OnceLock::new();
    let mut dirs = DIRS.get_or_init(Default::default).lock().unwrap();
    if let Some((_, _, p)) = dirs.iter().find(|(g, f, _)| g == game && *f == format) {
        return p;
    }
    let dir: &'static tempfile::TempDir = Box::leak(Box::new(tempfile::tempdir().unwrap()));
    let report = export(&project(), game, &ExportOptions::new(format), dir.path()).unwrap();
    // `<game>/export/`, or `<game>/<lang>/export/` for a game in several languages.
    let export_dir = report.dir.parent().unwrap().to_path_buf();
    let p: &'static Path = Box::leak(export_dir.into_boxed_path());
    dirs.push((game.to_owned(), format, p));
    p
}

#[test]
fn the_game_crafter_and_makeplayingcards_sizes_to_the_pixel() {
    let tgc = run("death-to-decorum", Format::Tgc).join("tgc");
    assert_eq!(
        png_info(&tgc.join("facility/copper-wiring-front.png")),
        (825, 1125, 2)
    );
    assert_eq!(
        png_info(&tgc.join("facility/shared-back.png")),
        (825, 1125, 2)
    );
    let mpc = run("death-to-decorum", Format::Mpc).join("mpc");
    assert_eq!(
        png_info(&mpc.join("actions/red-stay-front.png")),
        (822, 1122, 2)
    );
    for file in [
        tgc.join("facility/copper-wiring-front.png"),
        mpc.join("actions/red-stay-front.png"),
    ] {
        assert_eq!(
            dpi_of(&file).map(f32::round),
            Some(300.0),
            "{}",
            file.display()
        );
        assert!(chunk(&file, b"sRGB").is_some(), "{}", file.display());
    }
    // The index lists every card with its count and images.
    let index: Value =
        serde_json::from_slice(&std::fs::read(tgc.join("index.json")).unwrap()).unwrap();
    let facility = index["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["component"] == "facility")
        .unwrap();
    assert_eq!(facility["product"], "poker card");
    let copies: u64 = facility["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["count"].as_u64().unwrap())
        .sum();
    assert_eq!(copies, 120);
}

/// A project whose cards are black exactly on the trim and white in the bleed, so the trim can
/// be measured in the images; with a square deck no service makes and a 1 in round token.
fn trim_game() -> common::Project {
    let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ face.width }}mm" height="{{ face.height }}mm" viewBox="{{ face.view_box }}"><rect width="{{ face.width }}" height="{{ face.height }}" fill="#ffffff"/><rect x="{{ face.bleed }}" y="{{ face.bleed }}" width="{{ face.trim_width }}" height="{{ face.trim_height }}" fill="#000000"/></svg>"##;
    let game = "name: Trim\nrevision: \"1\"\nprint:\n  paper: a4\ncomponents:\n  - id: deck\n    name: Deck\n    size: poker\n    front: trim.svg.tera\n    back: { template: trim.svg.tera }\n    cards: deck.yaml\n  - id: rooms\n    name: Rooms\n    size: { width_mm: 70, height_mm: 70 }\n    front: trim.svg.tera\n    cards: deck.yaml\n  - id: chits\n    name: Chits\n    kind: tokens\n    size: { width_mm: 25.4, height_mm: 25.4 }\n    front: trim.svg.tera\n    cards: deck.yaml\n";
    common::Project::new(&[
        ("data/trim/game.yaml", game),
        (
            "data/trim/deck.yaml",
            "- name: A\n  count: 2\n- name: B\n  count: 1\n",
        ),
        ("templates/trim/trim.svg.tera", svg),
    ])
}

/// Left, top, width and height of the black pixels on the middle row and column.
fn measure_black(path: &Path) -> (u32, u32, u32, u32) {
    let (w, h, bpp, data) = pixels(path);
    let dark = |x: u32, y: u32| data[((y * w + x) as usize) * bpp] < 128;
    let row: Vec<u32> = (0..w).filter(|&x| dark(x, h / 2)).collect();
    let col: Vec<u32> = (0..h).filter(|&y| dark(w / 2, y)).collect();
    (row[0], col[0], row.len() as u32, col.len() as u32)
}

#[test]
fn service_images_put_the_trim_at_the_card_size_and_skip_what_has_no_product() {
    let p = trim_game();
    let proj = protopress::Project::open(p.root()).unwrap();
    for (format, size, bleed) in [
        (Format::Tgc, (825, 1125), 37.5),
        (Format::Mpc, (822, 1122), 36.0),
    ] {
        let report = export(&proj, "trim", &ExportOptions::new(format), &p.out()).unwrap();
        let dir = &report.dir;
        let front = dir.join("deck/a-front.png");
        let (w, h, _) = png_info(&front);
        assert_eq!((w, h), size, "{format:?}");
        let (left, top, tw, th) = measure_black(&front);
        // 63.5 × 88.9 mm at 300 dpi is 750 × 1050 px.
        assert!(
            tw.abs_diff(750) <= 1 && th.abs_diff(1050) <= 1,
            "{format:?}: {tw} × {th}"
        );
        assert!((left as f32 - bleed).abs() <= 1.0 && (top as f32 - bleed).abs() <= 1.0);
        assert!(
            report
                .skipped
                .iter()
                .any(|s| s.starts_with("rooms:") && s.contains("70 × 70 mm")),
            "{:?}",
            report.skipped
        );
        assert!(!dir.join("rooms").exists());
        if format == Format::Tgc {
            // A 1 in round token is a medium round chit: 1.25 in with bleed.
            let chit = dir.join("chits/a-front.png");
            assert_eq!(png_info(&chit).0, 375);
            let (_, _, cw, _) = measure_black(&chit);
            assert!(cw.abs_diff(300) <= 1, "{cw}");
        }
    }
}

#[test]
fn a_game_with_a_size_the_service_lacks_still_exports_its_other_decks() {
    let dir = run("facility-07", Format::Tgc).join("tgc");
    assert!(!dir.join("rooms").exists());
    assert_eq!(
        png_info(&dir.join("agents/shared-back.png")),
        (825, 1125, 2)
    );
    let index: Value =
        serde_json::from_slice(&std::fs::read(dir.join("index.json")).unwrap()).unwrap();
    let skipped = index["skipped"].as_array().unwrap();
    assert!(
        skipped
            .iter()
            .any(|s| s.as_str().unwrap().starts_with("rooms:"))
    );
    let exported: Vec<&str> = index["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["component"].as_str().unwrap())
        .collect();
    assert_eq!(
        exported,
        [
            "agents",
            "ops",
            "events",
            "top-secret",
            "wild",
            "quick-reference",
            // 20 mm tokens are 0.75 in (19.05 mm) small round chits, within a millimetre.
            "guards",
            "wild-tokens"
        ]
    );
}

/// A deck whose backs a `backs` rule picks by a card field: every card's back is its own
/// kind's, one file per back template, in every image export.
#[test]
fn backs_picked_by_a_field_keep_their_own_files_in_every_export() {
    let p = trim_game();
    let red = r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ face.width }}mm" height="{{ face.height }}mm" viewBox="{{ face.view_box }}"><rect width="{{ face.width }}" height="{{ face.height }}" fill="#ff0000"/></svg>"##;
    p.write("templates/trim/threat-back.svg.tera", red);
    p.edit(
        "data/trim/game.yaml",
        "    back: { template: trim.svg.tera }\n    cards: deck.yaml\n",
        "    back: { template: trim.svg.tera }\n    backs: { kind: { threat: threat-back.svg.tera } }\n    cards: threats.yaml\n    card_fields: [kind]\n",
    );
    p.write(
        "data/trim/threats.yaml",
        "- name: A\n  kind: threat\n- name: B\n  kind: ally\n- name: C\n  kind: threat\n",
    );
    let proj = protopress::Project::open(p.root()).unwrap();
    let red_at_centre = |path: &Path| {
        let (w, h, bpp, data) = pixels(path);
        let i = (((h / 2) * w + w / 2) as usize) * bpp;
        data[i..i + 3] == [255, 0, 0]
    };
    for format in [Format::Tgc, Format::Mpc] {
        let report = export(&proj, "trim", &ExportOptions::new(format), &p.out()).unwrap();
        let index: Value =
            serde_json::from_slice(&std::fs::read(report.dir.join("index.json")).unwrap()).unwrap();
        let deck = &index["components"][0]["cards"];
        let back = |card: usize| report.dir.join(deck[card]["back"].as_str().unwrap());
        assert_eq!(
            back(0),
            back(2),
            "{format:?}: both threats share their back"
        );
        assert_ne!(back(0), back(1), "{format:?}");
        assert!(
            red_at_centre(&back(0)) && red_at_centre(&back(2)),
            "{format:?}"
        );
        assert!(
            !red_at_centre(&back(1)),
            "{format:?}: the ally's back is the deck's"
        );
    }
    let png = export(&proj, "trim", &ExportOptions::new(Format::Png), &p.out()).unwrap();
    // The threats' back has its own file (the allies' back draws as the fronts do, so it is
    // their file).
    let red = png.dir.join("deck/shared-back-threat-back.png");
    assert!(red_at_centre(&red));
}

/// A dashboard exports as it is played: its base showing through its top layer's windows.
/// It is an image, not a sheet, so a dashboard larger than the game's paper (The Game Crafter's
/// 18 × 9 in bi-fold board, on A4) exports too.
#[test]
fn a_dashboard_exports_with_its_base_showing_through_its_windows() {
    let fill = |colour: &str| {
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{{{ face.width }}}}mm" height="{{{{ face.height }}}}mm" viewBox="{{{{ face.view_box }}}}"><rect width="{{{{ face.width }}}}" height="{{{{ face.height }}}}" fill="{colour}"/></svg>"##
        )
    };
    let game = "name: Mats\nrevision: \"1\"\nprint:\n  paper: a4\ncomponents:\n  - id: mats\n    name: Mats\n    kind: dashboard\n    size: { width_mm: 457.2, height_mm: 228.6 }\n    front: base.svg.tera\n    top:\n      template: top.svg.tera\n      windows:\n        - { x_mm: 100, y_mm: 50, w_mm: 60, h_mm: 40 }\n    cards: mats.yaml\n";
    let p = common::Project::new(&[
        ("data/mats/game.yaml", game),
        ("data/mats/mats.yaml", "- name: Mat\n"),
        ("templates/mats/base.svg.tera", &fill("#00ff00")),
        ("templates/mats/top.svg.tera", &fill("#0000ff")),
    ]);
    let proj = protopress::Project::open(p.root()).unwrap();
    for format in [Format::Tgc, Format::Tts] {
        let report = export(&proj, "mats", &ExportOptions::new(format), &p.out())
            .unwrap_or_else(|e| panic!("{format:?}: {e}"));
        let image = std::fs::read_dir(report.dir.join("mats"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|f| f.to_string_lossy().ends_with("-front.png"))
            .unwrap();
        let (w, h, bpp, data) = pixels(&image);
        // The trim's point at (x, y) mm; a TGC image has its bleed around the trim.
        let bleed = if format == Format::Tgc {
            0.125 * 300.0
        } else {
            0.0
        };
        let (sx, sy) = (
            (w as f32 - 2.0 * bleed) / 457.2,
            (h as f32 - 2.0 * bleed) / 228.6,
        );
        let at = |x: f32, y: f32| {
            let (px, py) = ((bleed + x * sx) as u32, (bleed + y * sy) as u32);
            let i = ((py * w + px) as usize) * bpp;
            [data[i], data[i + 1], data[i + 2]]
        };
        assert_eq!(
            at(130.0, 70.0),
            [0, 255, 0],
            "{format:?}: the base in the window"
        );
        assert_eq!(
            at(50.0, 70.0),
            [0, 0, 255],
            "{format:?}: the top layer elsewhere"
        );
        assert_eq!(
            at(170.0, 70.0),
            [0, 0, 255],
            "{format:?}: right of the window"
        );
    }
}

#[test]
fn png_export_follows_the_dpi_with_or_without_bleed_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let opts = ExportOptions {
        dpi: Some(150.0),
        bleed: false,
        ..ExportOptions::new(Format::Png)
    };
    let report = export(&project(), "death-to-decorum", &opts, dir.path()).unwrap();
    let face = report.dir.join("facility/copper-wiring-front.png");
    // 63.5 × 88.9 mm at 150 dpi.
    assert_eq!(png_info(&face), (375, 525, 2));
    assert_eq!(dpi_of(&face).map(f32::round), Some(150.0));
    let with_bleed =
        run("death-to-decorum", Format::Png).join("png/facility/copper-wiring-front.png");
    // 69.5 × 94.9 mm at 300 dpi.
    assert_eq!(png_info(&with_bleed), (821, 1121, 2));
    assert!(
        run("death-to-decorum", Format::Png)
            .join("png/contact-sheet.png")
            .is_file()
    );
}

/// Each export replaces its folder: files of cards that are gone go too, and the same input
/// gives the same bytes.
#[test]
fn an_export_replaces_its_folder_and_is_deterministic() {
    let p = trim_game();
    let proj = protopress::Project::open(p.root()).unwrap();
    let opts = ExportOptions::new(Format::Tgc);
    let first: ExportReport = export(&proj, "trim", &opts, &p.out()).unwrap();
    let bytes: Vec<Vec<u8>> = first
        .files
        .iter()
        .map(|f| std::fs::read(f).unwrap())
        .collect();
    std::fs::create_dir_all(first.dir.join("deck")).unwrap();
    std::fs::write(first.dir.join("deck/renamed-card-front.png"), "old").unwrap();
    std::fs::write(first.dir.join("stale.json"), "old").unwrap();
    let second = export(&proj, "trim", &opts, &p.out()).unwrap();
    assert_eq!(first.files, second.files);
    assert!(!second.dir.join("deck/renamed-card-front.png").exists());
    assert!(!second.dir.join("stale.json").exists());
    for (f, b) in second.files.iter().zip(&bytes) {
        assert_eq!(&std::fs::read(f).unwrap(), b, "{}", f.display());
    }
}

/// A deck whose fronts are filled with each card's colour, on a shared plain back.
fn tint_game() -> common::Project {
    let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ face.width }}mm" height="{{ face.height }}mm" viewBox="{{ face.view_box }}"><rect width="{{ face.width }}" height="{{ face.height }}" fill="{{ card.tint }}"/></svg>"##;
    let back = svg.replace("{{ card.tint }}", "#ffffff");
    let game = "name: Tint\nrevision: \"1\"\nprint:\n  paper: a4\ncomponents:\n  - id: deck\n    name: Deck\n    size: poker\n    front: tint.svg.tera\n    back: { template: back.svg.tera }\n    cards: deck.yaml\n    card_fields: [tint]\n";
    common::Project::new(&[
        ("data/tint/game.yaml", game),
        (
            "data/tint/deck.yaml",
            "- name: A\n  count: 2\n  tint: \"#aa0000\"\n- name: B\n  count: 1\n  tint: \"#00aa00\"\n",
        ),
        ("templates/tint/tint.svg.tera", svg),
        ("templates/tint/back.svg.tera", &back),
    ])
}

/// A format's default options, keeping its images in the build cache as the command line does.
fn with_cache(format: Format) -> ExportOptions {
    ExportOptions {
        cache: true,
        ..ExportOptions::new(format)
    }
}

/// Each file of an export as it is now, by its path in the export's folder.
fn exported(report: &ExportReport) -> Vec<(PathBuf, Vec<u8>)> {
    let files = report.files.iter();
    files
        .map(|f| {
            (
                f.strip_prefix(&report.dir).unwrap().into(),
                std::fs::read(f).unwrap(),
            )
        })
        .collect()
}

/// A png export keeps its images in the build cache: the next takes them all, the same bytes;
/// after one card's edit only that card's image and the contact sheet are drawn again, and the
/// files are those of an export without the cache. The folder holds one export's worth, and a
/// damaged entry is drawn again rather than trusted.
#[test]
fn png_exports_take_the_images_of_unchanged_faces_from_the_build_cache() {
    let p = tint_game();
    let proj = protopress::Project::open(p.root()).unwrap();
    let cached = with_cache(Format::Png);
    let first = export(&proj, "tint", &cached, &p.out()).unwrap();
    // Two fronts and the shared back, and the contact sheet.
    assert_eq!((first.files.len(), first.cached), (4, 0));
    let before = exported(&first);
    let second = export(&proj, "tint", &cached, &p.out()).unwrap();
    assert_eq!(second.cached, 4);
    assert!(exported(&second) == before, "the same bytes from the cache");

    p.edit("data/tint/deck.yaml", "#aa0000", "#0000aa");
    let edited = export(&proj, "tint", &cached, &p.out()).unwrap();
    assert_eq!(
        edited.cached, 2,
        "card A's front and the contact sheet drawn again"
    );
    let plain_out = p.root().join("plain");
    let plain = export(&proj, "tint", &ExportOptions::new(Format::Png), &plain_out).unwrap();
    assert_eq!(plain.cached, 0);
    let after = exported(&plain);
    assert!(exported(&edited) == after, "as without the cache");
    let changed: Vec<&PathBuf> = (before.iter().zip(&after))
        .filter(|(b, a)| b != a)
        .map(|(b, _)| &b.0)
        .collect();
    assert_eq!(
        changed,
        ["deck/a-front.png", "contact-sheet.png"]
            .map(PathBuf::from)
            .iter()
            .collect::<Vec<_>>()
    );
    assert!(
        !plain_out.join(".cache").exists(),
        "no cache without asking"
    );

    let folder = p.out().join(".cache/tint/kit/export-png");
    let entries: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(entries.len(), 4, "one export's worth: {entries:?}");
    for entry in &entries {
        let mut bytes = std::fs::read(entry).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(entry, bytes).unwrap();
    }
    let damaged = export(&proj, "tint", &cached, &p.out()).unwrap();
    assert_eq!(damaged.cached, 0);
    assert!(
        exported(&damaged) == after,
        "drawn again, as without the cache"
    );

    // Another resolution draws every face again and keeps the contact sheet (its thumbnails
    // have none); without the bleed, nothing is kept.
    for (bleed, kept) in [(true, 1), (false, 0)] {
        let opts = ExportOptions {
            dpi: Some(150.0),
            bleed,
            ..cached.clone()
        };
        let report = export(&proj, "tint", &opts, &p.out()).unwrap();
        assert_eq!(report.cached, kept, "bleed {bleed}");
        let fresh = ExportOptions {
            cache: false,
            ..opts
        };
        let fresh = export(&proj, "tint", &fresh, &p.root().join("fresh")).unwrap();
        assert!(exported(&report) == exported(&fresh), "bleed {bleed}");
    }
}

/// A png export after a build takes the faces as the build rendered them, but renders a card
/// edited since: its images are those an export without any cache draws. Shown failing with
/// the cards' values left out of the renders' keys (a front then took another's render).
#[test]
fn a_png_export_after_a_build_renders_a_card_edited_since() {
    let p = tint_game();
    common::run_dated(p.root(), &["build", "tint"]);
    p.edit("data/tint/deck.yaml", "#00aa00", "#0000aa");
    let png = ["export", "tint", "--format", "png"];
    let folder = p.out().join("tint/export/png");
    // The kit's own cache, but for the export's folder in it.
    let kit_cache = || {
        let mut files = common::snapshot(&p.out().join(".cache/tint/kit"));
        files.retain(|(name, _)| !name.starts_with("export-"));
        files
    };
    let before = kit_cache();
    common::run_dated(p.root(), &png);
    assert!(
        kit_cache() == before,
        "the export left the kit's cache as it was"
    );
    let kept = common::snapshot(&folder);
    common::run_dated(p.root(), &[&png[..], &["--no-cache"]].concat());
    assert!(kept == common::snapshot(&folder), "as without the cache");
    let (_, _, _, b) = pixels(&folder.join("deck/b-front.png"));
    assert_eq!(b[..3], [0x00, 0x00, 0xaa], "card B's new tint");
}

/// A print service's images are kept as png's are: after one card's edit only its image is
/// drawn again, and the files are those of an export without the cache.
#[test]
fn service_exports_take_the_images_of_unchanged_faces_from_the_build_cache() {
    let p = tint_game();
    let proj = protopress::Project::open(p.root()).unwrap();
    let cached = with_cache(Format::Tgc);
    let first = export(&proj, "tint", &cached, &p.out()).unwrap();
    // Two fronts, the shared back and the index.
    assert_eq!((first.files.len(), first.cached), (4, 0));
    assert_eq!(export(&proj, "tint", &cached, &p.out()).unwrap().cached, 3);
    p.edit("data/tint/deck.yaml", "#00aa00", "#00aaaa");
    let edited = export(&proj, "tint", &cached, &p.out()).unwrap();
    assert_eq!(edited.cached, 2, "card B's front drawn again");
    let fresh = p.root().join("fresh");
    let fresh = export(&proj, "tint", &ExportOptions::new(Format::Tgc), &fresh).unwrap();
    assert!(
        exported(&edited) == exported(&fresh),
        "as without the cache"
    );
    assert!(
        !p.root().join("fresh/.cache").exists(),
        "no cache without asking"
    );
    // Each format keeps its own folder: another's export prunes none of them.
    let mpc = with_cache(Format::Mpc);
    assert_eq!(export(&proj, "tint", &mpc, &p.out()).unwrap().cached, 0);
    assert_eq!(export(&proj, "tint", &cached, &p.out()).unwrap().cached, 3);
}

#[test]
fn options_that_do_not_apply_are_refused_and_the_command_says_where_it_wrote() {
    let p = trim_game();
    let cli = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_protopress"))
            .arg("-C")
            .arg(p.root())
            .args(args)
            .output()
            .unwrap()
    };
    let out = cli(&["export", "trim", "--format", "tgc", "--dpi", "300"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--dpi"));
    let out = cli(&[
        "export",
        "trim",
        "--format",
        "png",
        "--base-url",
        "https://x.org",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = cli(&["export", "trim", "--format", "tgc"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("export/tgc"), "{said}");
    assert!(said.contains("skipped rooms"), "{said}");
    // png keeps its images in the build cache, unless told not to; the next export says what
    // it took from there.
    let png = ["export", "trim", "--format", "png"];
    let out = cli(&[&png[..], &["--no-cache"]].concat());
    assert_eq!(out.status.code(), Some(0));
    assert!(!p.out().join(".cache/trim/kit/export-png").exists());
    let said = |out: std::process::Output| String::from_utf8_lossy(&out.stdout).into_owned();
    let first = said(cli(&png));
    assert!(!first.contains("build cache"), "{first}");
    let again = said(cli(&png));
    assert!(
        again.contains("4 of 4 files taken from the build cache"),
        "{again}"
    );
    // The limits parsing a face keeps to are in the keys: a kept face never meets them.
    let limited = Command::new(env!("CARGO_BIN_EXE_protopress"))
        .env("PROTOPRESS_MAX_FILTER_GOPS", "5")
        .arg("-C")
        .arg(p.root())
        .args(png)
        .output()
        .unwrap();
    assert_eq!(limited.status.code(), Some(0));
    let limited = said(limited);
    assert!(!limited.contains("build cache"), "{limited}");
}

// ---- Tabletop Simulator ----

/// A field name and the test of its type.
type Field = (&'static str, fn(&Value) -> bool);

/// Field names and types of the saved-object format, by object `Name`.
fn check_fields(o: &Value, at: &str) {
    let obj = o
        .as_object()
        .unwrap_or_else(|| panic!("{at}: not an object"));
    let name = obj["Name"].as_str().unwrap_or_else(|| panic!("{at}: Name"));
    let is = |k: &str, f: fn(&Value) -> bool| {
        let v = obj
            .get(k)
            .unwrap_or_else(|| panic!("{at} ({name}): no {k}"));
        assert!(f(v), "{at} ({name}): {k} = {v}");
    };
    for k in [
        "GUID",
        "Nickname",
        "Description",
        "GMNotes",
        "LuaScript",
        "LuaScriptState",
        "XmlUI",
    ] {
        is(k, Value::is_string);
    }
    for k in ["Locked", "Grid", "Snap", "Autoraise", "Sticky", "Tooltip"] {
        is(k, Value::is_boolean);
    }
    let t = obj["Transform"].as_object().unwrap();
    for k in [
        "posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ",
    ] {
        assert!(t[k].is_number(), "{at}: Transform.{k}");
    }
    assert!(
        ["r", "g", "b"]
            .iter()
            .all(|k| obj["ColorDiffuse"][k].is_number())
    );
    let custom_image = |inner: &str, fields: &[Field]| {
        let ci = &obj["CustomImage"];
        assert!(
            ci["ImageURL"].is_string() && ci["ImageSecondaryURL"].is_string(),
            "{at}"
        );
        assert!(
            ci["ImageScalar"].is_number() && ci["WidthScale"].is_number(),
            "{at}"
        );
        for (k, f) in fields {
            assert!(f(&ci[inner][*k]), "{at}: CustomImage.{inner}.{k}");
        }
    };
    match name {
        "Deck" => {
            assert!(obj["DeckIDs"].as_array().unwrap().iter().all(Value::is_u64));
            is("SidewaysCard", Value::is_boolean);
            check_custom_deck(&obj["CustomDeck"], at);
            for (i, c) in obj["ContainedObjects"]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
            {
                check_fields(c, &format!("{at}/{i}"));
            }
        }
        "Card" => {
            is("CardID", Value::is_u64);
            check_custom_deck(&obj["CustomDeck"], at);
        }
        "Bag" => {
            for (i, c) in obj["ContainedObjects"]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
            {
                check_fields(c, &format!("{at}/{i}"));
            }
        }
        "Custom_Token" => custom_image(
            "CustomToken",
            &[
                ("Thickness", Value::is_number),
                ("MergeDistancePixels", Value::is_number),
                ("StandUp", Value::is_boolean),
                ("Stackable", Value::is_boolean),
            ],
        ),
        "Custom_Tile" => custom_image(
            "CustomTile",
            &[
                ("Type", Value::is_u64),
                ("Thickness", Value::is_number),
                ("Stackable", Value::is_boolean),
                ("Stretch", Value::is_boolean),
            ],
        ),
        "Custom_Board" => custom_image("", &[]),
        "Custom_Dice" => custom_image("CustomDice", &[("Type", Value::is_u64)]),
        other => panic!("{at}: unexpected object {other}"),
    }
}

fn check_custom_deck(cd: &Value, at: &str) {
    for (key, sheet) in cd.as_object().unwrap_or_else(|| panic!("{at}: CustomDeck")) {
        assert!(key.parse::<u32>().is_ok(), "{at}: CustomDeck key {key}");
        assert!(sheet["FaceURL"].is_string() && sheet["BackURL"].is_string());
        let (w, h) = (
            sheet["NumWidth"].as_u64().unwrap(),
            sheet["NumHeight"].as_u64().unwrap(),
        );
        assert!((1..=TTS_COLS as u64).contains(&w) && (1..=TTS_ROWS as u64).contains(&h));
        assert!(sheet["BackIsHidden"].is_boolean() && sheet["UniqueBack"].is_boolean());
        assert!(sheet["Type"].is_u64());
    }
}

/// The local file a `file:///` URL names.
fn file_of(url: &str) -> PathBuf {
    let path = url
        .strip_prefix("file://")
        .unwrap_or_else(|| panic!("{url}"));
    PathBuf::from(path.replace("%20", " "))
}

/// Every image URL of the save, found anywhere.
fn urls(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, v) in m {
                match v.as_str() {
                    Some(s) if k.ends_with("URL") && !s.is_empty() => out.push(s.to_owned()),
                    _ => urls(v, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|v| urls(v, out)),
        _ => {}
    }
}

fn tts_save(game: &str) -> (PathBuf, Value) {
    let dir = run(game, Format::Tts).join("tts");
    let json = std::fs::read(dir.join(format!("{game}.json"))).unwrap();
    (dir, serde_json::from_slice(&json).unwrap())
}

#[test]
fn tts_saved_objects_follow_the_format_and_expand_every_copy() {
    for game in [
        "death-to-decorum",
        "facility-07",
        "red-faction-underground",
        "the-captain-is-dead",
        "veil-runners",
    ] {
        let (dir, save) = tts_save(game);
        assert!(save["SaveName"].is_string(), "{game}");
        assert!(
            dir.join(format!("{game}.png")).is_file(),
            "{game}: thumbnail"
        );
        let objects = save["ObjectStates"].as_array().unwrap();
        for (i, o) in objects.iter().enumerate() {
            check_fields(o, &format!("{game}/{i}"));
        }
        let mut all = Vec::new();
        urls(&save, &mut all);
        for url in &all {
            assert!(file_of(url).is_file(), "{game}: {url}");
        }
        let g = protopress::model::Game::load(&project(), game).unwrap();
        let mut guids: Vec<String> = Vec::new();
        collect_guids(&save["ObjectStates"], &mut guids);
        let n = guids.len();
        guids.sort();
        guids.dedup();
        assert_eq!(guids.len(), n, "{game}: GUIDs are unique");
        for comp in g
            .components
            .iter()
            .filter(|c| c.printed() && c.copies() > 0)
        {
            let o = object_of(objects, &comp.spec.id)
                .unwrap_or_else(|| panic!("{game}: no object for {}", comp.spec.id));
            check_copies(game, comp, o, &dir);
        }
    }
}

fn collect_guids(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            if let Some(g) = m.get("GUID").and_then(Value::as_str) {
                out.push(g.to_owned());
            }
            m.values().for_each(|v| collect_guids(v, out));
        }
        Value::Array(a) => a.iter().for_each(|v| collect_guids(v, out)),
        _ => {}
    }
}

/// The object made from a component: GM notes `<component>`, or `<component>/<card>` for a
/// lone copy.
fn object_of<'a>(objects: &'a [Value], id: &str) -> Option<&'a Value> {
    objects.iter().find(|o| {
        let note = o["GMNotes"].as_str().unwrap_or_default();
        note == id || note.split('/').next() == Some(id)
    })
}

/// The object of a component holds every copy, each card where its CardID says.
fn check_copies(game: &str, comp: &protopress::model::Component, o: &Value, _dir: &Path) {
    let copies = comp.copies() as usize;
    let at = format!("{game}/{}", comp.spec.id);
    match comp.spec.kind {
        ComponentKind::Cards if copies > 1 => {
            assert_eq!(o["Name"], "Deck", "{at}");
            let ids = o["DeckIDs"].as_array().unwrap();
            let cards = o["ContainedObjects"].as_array().unwrap();
            assert_eq!(ids.len(), copies, "{at}: every copy in DeckIDs");
            assert_eq!(cards.len(), copies, "{at}");
            for (id, card) in ids.iter().zip(cards) {
                assert_eq!(&card["CardID"], id, "{at}");
                let id = id.as_u64().unwrap();
                let sheet = &o["CustomDeck"][(id / 100).to_string()];
                let slots =
                    sheet["NumWidth"].as_u64().unwrap() * sheet["NumHeight"].as_u64().unwrap();
                assert!(id % 100 < slots, "{at}: card {id}");
                let (w, h, _) = png_info(&file_of(sheet["FaceURL"].as_str().unwrap()));
                assert!(w <= TTS_MAX_SIDE && h <= TTS_MAX_SIDE, "{at}: {w} × {h}");
                assert_eq!(w % sheet["NumWidth"].as_u64().unwrap() as u32, 0, "{at}");
                assert_eq!(h % sheet["NumHeight"].as_u64().unwrap() as u32, 0, "{at}");
            }
            // Each card is named by its own entry.
            let names: std::collections::BTreeSet<&str> = cards
                .iter()
                .map(|c| c["Nickname"].as_str().unwrap())
                .collect();
            let distinct = comp.cards.iter().filter(|c| c.count > 0).count();
            assert!(names.len() <= distinct, "{at}");
        }
        ComponentKind::Cards => assert_eq!(o["Name"], "Card", "{at}"),
        ComponentKind::Tokens
        | ComponentKind::Standee
        | ComponentKind::Die
        | ComponentKind::Board
        | ComponentKind::Dashboard => {
            let n = if o["Name"] == "Bag" {
                o["ContainedObjects"].as_array().unwrap().len()
            } else {
                1
            };
            assert_eq!(n, copies, "{at}: every copy");
        }
        ComponentKind::Bought => {}
    }
}

/// The pixel at (x, y) of a sheet, RGB.
fn sheet_pixel(buf: &(u32, u32, usize, Vec<u8>), x: u32, y: u32) -> [u8; 3] {
    let (w, _, bpp, data) = buf;
    let i = ((y * w + x) as usize) * bpp;
    [data[i], data[i + 1], data[i + 2]]
}

/// For each card of `deck_name` with its own back: the slot on the back sheet shows that card's
/// back, pixel for pixel.
fn check_unique_backs(game: &str, component: &str) -> usize {
    let (_, save) = tts_save(game);
    let p = Session::new(&project(), &BuildOptions::default())
        .prepare(game)
        .unwrap();
    let ci = p
        .game
        .components
        .iter()
        .position(|c| c.spec.id == component)
        .unwrap();
    let comp = &p.game.components[ci];
    let deck = p.faces.decks.iter().find(|d| d.component == ci).unwrap();
    let o = object_of(save["ObjectStates"].as_array().unwrap(), component).unwrap();
    let mut checked = 0;
    for card in o["ContainedObjects"].as_array().unwrap() {
        let id = card["CardID"].as_u64().unwrap();
        let sheet = &o["CustomDeck"][(id / 100).to_string()];
        assert_eq!(sheet["UniqueBack"], true, "{game}/{component}");
        let backs = pixels(&file_of(sheet["BackURL"].as_str().unwrap()));
        let (cols, rows) = (
            sheet["NumWidth"].as_u64().unwrap() as u32,
            sheet["NumHeight"].as_u64().unwrap() as u32,
        );
        let (cw, ch) = (backs.0 / cols, backs.1 / rows);
        let slot = (id % 100) as u32;
        let note = card["GMNotes"].as_str().unwrap();
        let index = comp
            .cards
            .iter()
            .position(|c| format!("{component}/{}", c.id) == note)
            .unwrap();
        let copy = deck.copies.iter().find(|c| c.card == index).unwrap();
        let back = copy.back.unwrap();
        let img = render_face(&p.faces.faces[back], &p.trees[back], cw, ch, false).unwrap();
        let (x0, y0) = ((slot % cols) * cw, (slot / cols) * ch);
        for (x, y) in [(cw / 2, ch / 2), (cw / 3, ch / 5), (cw - 5, ch - 5)] {
            let face_px = &img.data()[((y * cw + x) * 4) as usize..][..3];
            assert_eq!(
                &sheet_pixel(&backs, x0 + x, y0 + y),
                face_px,
                "{game}/{component} card {id} at ({x}, {y})"
            );
        }
        checked += 1;
    }
    checked
}

#[test]
fn tts_cards_with_their_own_backs_keep_them() {
    // All 18 Death to Decorum action cards, each with its colour's back.
    assert_eq!(check_unique_backs("death-to-decorum", "actions"), 18);
    // Every two-sided Captain is Dead system card shows its own other side.
    assert_eq!(check_unique_backs("the-captain-is-dead", "systems"), 13);
    // A deck with one back for all its cards has one back image.
    let (_, save) = tts_save("death-to-decorum");
    let facility = object_of(save["ObjectStates"].as_array().unwrap(), "facility").unwrap();
    for sheet in facility["CustomDeck"].as_object().unwrap().values() {
        assert_eq!(sheet["UniqueBack"], false);
        assert!(
            sheet["BackURL"]
                .as_str()
                .unwrap()
                .ends_with("facility/back.png")
        );
    }
}

#[test]
fn tts_images_are_local_files_unless_a_base_url_is_given() {
    let (dir, save) = tts_save("veil-runners");
    let mut all = Vec::new();
    urls(&save, &mut all);
    let abs = std::path::absolute(&dir).unwrap();
    assert!(
        all.iter()
            .all(|u| u.starts_with(&format!("file://{}", abs.display())))
    );
    let out = tempfile::tempdir().unwrap();
    let opts = ExportOptions {
        base_url: Some("https://example.org/vr/".into()),
        ..ExportOptions::new(Format::Tts)
    };
    let report = export(&project(), "veil-runners", &opts, out.path()).unwrap();
    let save: Value =
        serde_json::from_slice(&std::fs::read(report.dir.join("veil-runners.json")).unwrap())
            .unwrap();
    let mut hosted = Vec::new();
    urls(&save, &mut hosted);
    assert_eq!(hosted.len(), all.len());
    for url in &hosted {
        let rel = url.strip_prefix("https://example.org/vr/").unwrap();
        assert!(report.dir.join(rel).is_file(), "{url}");
    }
}

#[test]
fn pdf_cards_have_trim_and_bleed_boxes_and_alternate_fronts_and_backs() {
    let path = run("death-to-decorum", Format::PdfCards).join("pdf-cards/cards-one-per-page.pdf");
    let doc = lopdf::Document::load(&path).unwrap();
    let pages: Vec<_> = doc.get_pages().into_values().collect();
    // 33 facility + 5 apex + 18 action cards and the quick-reference card, each a front and
    // a back.
    assert_eq!(pages.len(), 2 * (33 + 5 + 18 + 1));
    let pt = 72.0 / 25.4;
    let boxes = |id, key: &[u8]| -> Vec<f32> {
        let dict = doc.get_dictionary(id).unwrap();
        dict.get(key)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_float().unwrap())
            .collect()
    };
    for (i, &page) in pages.iter().enumerate() {
        let media = boxes(page, b"MediaBox");
        let trim = boxes(page, b"TrimBox");
        let bleed = boxes(page, b"BleedBox");
        assert!(
            ((media[2] - media[0]) / pt - 69.5).abs() < 0.05,
            "page {}",
            i + 1
        );
        assert!(
            ((trim[2] - trim[0]) / pt - 63.5).abs() < 0.05,
            "page {}",
            i + 1
        );
        assert!(
            ((trim[0] - media[0]) / pt - 3.0).abs() < 0.05,
            "page {}",
            i + 1
        );
        assert_eq!(bleed, media, "page {}", i + 1);
    }
    // Which face each page must show, from the faces the build renders (not from the PDF):
    // each card's front, then its back, deck by deck.
    let prepared = Session::new(&project(), &BuildOptions::default())
        .prepare("death-to-decorum")
        .unwrap();
    let mut want: Vec<(String, &str)> = Vec::new();
    for deck in &prepared.faces.decks {
        let comp = &prepared.game.components[deck.component];
        if comp.spec.kind != ComponentKind::Cards {
            continue;
        }
        for i in 0..comp.cards.len() {
            if let Some(copy) = deck.copies.iter().find(|c| c.card == i) {
                want.push((prepared.faces.faces[copy.front].hash.clone(), "front"));
                let back = copy.back.expect("every card here has a back");
                want.push((prepared.faces.faces[back].hash.clone(), "back"));
            }
        }
    }
    assert_eq!(want.len(), pages.len());
    // No front is drawn like a back, so a front where a back belongs is seen.
    for (f, _) in want.iter().filter(|w| w.1 == "front") {
        assert!(!want.iter().any(|(b, side)| *side == "back" && b == f));
    }
    // Every page, read back: two pages draw the same thing exactly when they are to show the
    // same face. A front out of turn with its back, two backs in a row, or a card given another
    // deck's back breaks this somewhere.
    let drawn = common::Pdf::load(&std::fs::read(&path).unwrap()).page_fingerprints();
    for i in 0..pages.len() {
        assert!(!drawn[i].is_empty(), "page {} draws nothing", i + 1);
        for j in 0..i {
            assert_eq!(
                drawn[i] == drawn[j],
                want[i].0 == want[j].0,
                "page {} ({}) and page {} ({}) should {}show the same face",
                j + 1,
                want[j].1,
                i + 1,
                want[i].1,
                if want[i].0 == want[j].0 { "" } else { "not " }
            );
        }
    }
}

/// A deck whose cards all have count 0 is named as left out, never dropped in silence, and a
/// one-card-per-page PDF with no card in it is refused rather than written as a blank page.
#[test]
fn a_deck_of_count_zero_is_reported_not_dropped_in_silence() {
    let p = common::deck_game("  paper: a4", "- name: Alpha\n  count: 0\n");
    let export = |format: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_protopress"))
            .args(["export", "fixture", "--format", format, "-C"])
            .arg(p.root())
            .output()
            .unwrap()
    };
    for format in ["tts", "tgc"] {
        let out = export(format);
        let said = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{said}");
        assert!(
            said.contains("deck: every card has count 0, nothing to export"),
            "{format}: {said}"
        );
    }
    let out = export("pdf-cards");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has no card to export one per page"), "{err}");
}

/// A deck within a millimetre of a product prints as that product: protopress's `tarot`
/// (70 × 120 mm) is The Game Crafter's and MakePlayingCards' 2.75 × 4.75 in tarot card, its
/// own trim centred unscaled. A landscape card is told to turn upright.
#[test]
fn a_deck_within_a_millimetre_of_a_product_is_exported_as_it() {
    let p = trim_game();
    p.edit("data/trim/game.yaml", "size: poker", "size: tarot");
    p.edit(
        "data/trim/game.yaml",
        "size: { width_mm: 70, height_mm: 70 }",
        "size: { width_mm: 88.9, height_mm: 63.5 }",
    );
    let proj = protopress::Project::open(p.root()).unwrap();
    for (format, size) in [(Format::Tgc, (900, 1500)), (Format::Mpc, (897, 1497))] {
        let report = export(&proj, "trim", &ExportOptions::new(format), &p.out()).unwrap();
        let front = report.dir.join("deck/a-front.png");
        assert_eq!(png_info(&front).0, size.0, "{format:?}");
        assert_eq!(png_info(&front).1, size.1, "{format:?}");
        let (left, top, tw, th) = measure_black(&front);
        // 70 × 120 mm at 300 dpi, unscaled: 827 × 1417 px, in the middle.
        assert!(
            tw.abs_diff(827) <= 1 && th.abs_diff(1417) <= 1,
            "{format:?}: {tw} × {th}"
        );
        assert!(left.abs_diff((size.0 - 827) / 2) <= 1, "{left}");
        assert!(top.abs_diff((size.1 - 1417) / 2) <= 1, "{top}");
        let rooms = report
            .skipped
            .iter()
            .find(|s| s.starts_with("rooms:"))
            .unwrap();
        assert!(
            rooms.contains("turned a quarter (63.5 × 88.9 mm) it would be a poker card"),
            "{rooms}"
        );
    }
}

/// An export that cannot draw several faces (each past the pixel limit) names the first of
/// them in the game's order, whichever core reached its face first.
#[test]
fn a_failed_png_export_names_the_first_face_every_time() {
    let p = common::deck_game(
        "  paper: a4\n",
        "- name: Alpha\n- name: Beta\n- name: Gamma\n- name: Delta\n- name: Epsilon\n",
    );
    let messages: std::collections::BTreeSet<String> = (0..6)
        .map(|_| {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_protopress"))
                .args(["export", "fixture", "--format", "png", "--dpi", "400", "-C"])
                .arg(p.root())
                .env("PROTOPRESS_MAX_EXPORT_MP", "1")
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2));
            String::from_utf8_lossy(&out.stderr).into_owned()
        })
        .collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
    let message = messages.first().unwrap();
    assert!(message.contains("deck/alpha"), "{message}");
}
