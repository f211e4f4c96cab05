//! Exports match the print services' pixel sizes, and TTS sheets hold the right cards in the
//! right slots.

use std::path::Path;
use std::sync::OnceLock;

use protopress::build::BuildOptions;
use protopress::export::{ExportOptions, Format, TTS_COLS, TTS_MAX_WIDTH, TTS_ROWS, export};
use protopress::render::raster::render_face;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// (width, height, colour type) of a PNG.
fn png_info(path: &Path) -> (u32, u32, u8) {
    let d = std::fs::read(path).unwrap();
    (
        u32::from_be_bytes(d[16..20].try_into().unwrap()),
        u32::from_be_bytes(d[20..24].try_into().unwrap()),
        d[25],
    )
}

fn run(format: Format) -> &'static Path {
    static DIRS: OnceLock<std::sync::Mutex<Vec<(Format, &'static Path)>>> = OnceLock::new();
    let dirs = DIRS.get_or_init(Default::default);
    let mut dirs = dirs.lock().unwrap();
    if let Some((_, p)) = dirs.iter().find(|(f, _)| *f == format) {
        return p;
    }
    let dir: &'static tempfile::TempDir = Box::leak(Box::new(tempfile::tempdir().unwrap()));
    export(
        &protopress::Project::open(repo()).unwrap(),
        "death-to-decorum",
        &ExportOptions {
            format,
            dpi: 300.0,
            bleed: true,
        },
        dir.path(),
    )
    .unwrap();
    let p: &'static Path = Box::leak(dir.path().join("death-to-decorum/export").into_boxed_path());
    dirs.push((format, p));
    p
}

#[test]
fn the_game_crafter_and_makeplayingcards_sizes_to_the_pixel() {
    assert_eq!(
        png_info(&run(Format::Tgc).join("tgc/facility/copper-wiring-front.png")),
        (825, 1125, 2)
    );
    assert_eq!(
        png_info(&run(Format::Tgc).join("tgc/facility/shared-back.png")),
        (825, 1125, 2)
    );
    assert_eq!(
        png_info(&run(Format::Mpc).join("mpc/actions/red-stay-front.png")),
        (822, 1122, 2)
    );
}

#[test]
fn png_export_follows_the_dpi_with_or_without_bleed() {
    let dir = tempfile::tempdir().unwrap();
    export(
        &protopress::Project::open(repo()).unwrap(),
        "death-to-decorum",
        &ExportOptions {
            format: Format::Png,
            dpi: 150.0,
            bleed: false,
        },
        dir.path(),
    )
    .unwrap();
    let face = dir
        .path()
        .join("death-to-decorum/export/png/facility/copper-wiring-front.png");
    // 63.5 × 88.9 mm at 150 dpi.
    assert_eq!(png_info(&face), (375, 525, 2));
    let with_bleed = run(Format::Png).join("png/facility/copper-wiring-front.png");
    // 69.5 × 94.9 mm at 300 dpi.
    assert_eq!(png_info(&with_bleed), (821, 1121, 2));
    assert!(run(Format::Png).join("png/contact-sheet.png").is_file());
}

#[test]
fn tts_sheets_hold_the_right_cards_in_the_right_slots() {
    let dir = run(Format::Tts).join("tts");
    let decks: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("decks.json")).unwrap()).unwrap();
    let facility = decks
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["component"] == "facility")
        .unwrap();
    assert_eq!(
        (facility["columns"].as_u64(), facility["rows"].as_u64()),
        (Some(10), Some(7))
    );
    let cards = facility["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 33, "one slot per distinct card");
    assert_eq!(
        cards
            .iter()
            .map(|c| c["count"].as_u64().unwrap())
            .sum::<u64>(),
        120
    );
    let (w, h, _) = png_info(&dir.join("facility-sheet-1.png"));
    assert!(w <= TTS_MAX_WIDTH && w % TTS_COLS as u32 == 0 && h % TTS_ROWS as u32 == 0);
    // Slot 12 holds the card the index says, pixel for pixel.
    let (cw, ch) = (w / TTS_COLS as u32, h / TTS_ROWS as u32);
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(dir.join("facility-sheet-1.png")).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut buf).unwrap();
    let p = protopress::build::Session::new(
        &protopress::Project::open(repo()).unwrap(),
        &BuildOptions::default(),
    )
    .prepare("death-to-decorum")
    .unwrap();
    let deck = &p.faces.decks[0];
    for slot in [0usize, 12, 32] {
        let entry = &cards[slot];
        assert_eq!(entry["slot"].as_u64(), Some(slot as u64));
        let card = p.game.components[0]
            .cards
            .iter()
            .position(|c| c.id == entry["card"].as_str().unwrap())
            .unwrap();
        let face = deck.copies.iter().find(|c| c.card == card).unwrap().front;
        let img = render_face(&p.faces.faces[face], &p.trees[face], cw, ch, false).unwrap();
        let (x0, y0) = ((slot % TTS_COLS) as u32 * cw, (slot / TTS_COLS) as u32 * ch);
        for (x, y) in [(cw / 2, ch / 2), (cw / 3, ch / 5), (cw - 5, ch - 5)] {
            let sheet_px = &buf[(((y0 + y) * w + x0 + x) * 3) as usize..][..3];
            let face_px = &img.data()[((y * cw + x) * 4) as usize..][..3];
            assert_eq!(sheet_px, face_px, "slot {slot} at ({x}, {y})");
        }
    }
    // The 70th slot shows the back (the hidden-card image).
    assert!(dir.join("facility-back.png").is_file());
}

#[test]
fn pdf_cards_have_trim_and_bleed_boxes_and_alternate_fronts_and_backs() {
    let path = run(Format::PdfCards).join("cards-one-per-page.pdf");
    let doc = lopdf::Document::load(&path).unwrap();
    let pages: Vec<_> = doc.get_pages().into_values().collect();
    // 33 facility + 5 apex + 18 action cards, each a front and a back.
    assert_eq!(pages.len(), 2 * (33 + 5 + 18));
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
    let media = boxes(pages[0], b"MediaBox");
    let trim = boxes(pages[0], b"TrimBox");
    let bleed = boxes(pages[0], b"BleedBox");
    assert!(((media[2] - media[0]) / pt - 69.5).abs() < 0.05);
    assert!(((trim[2] - trim[0]) / pt - 63.5).abs() < 0.05);
    assert!(((trim[0] - media[0]) / pt - 3.0).abs() < 0.05);
    assert_eq!(bleed, media);
}
