//! Exports beyond the home printer: PNGs, Tabletop Simulator deck sheets, print-service card
//! images (The Game Crafter, MakePlayingCards) and one-card-per-page PDFs.
//!
//! PNGs are rendered by resvg from the very trees the PDF draws, so they match the print.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use krilla::Document;
use krilla::geom::{Size, Transform};
use krilla::page::PageSettings;
use krilla_svg::{SurfaceExt, SvgSettings};
use resvg::tiny_skia::{self, Pixmap, PixmapPaint};
use serde::Serialize;

use crate::build::{BuildOptions, Prepared, Session};
use crate::error::{Error, Result};
use crate::model::ComponentKind;
use crate::model::print::mm;
use crate::output::write_atomic;
use crate::project::Project;
use crate::render::faces::{Face, Side};
use crate::render::raster::{png_rgb, render_face};

/// What to export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    Tts,
    Tgc,
    Mpc,
    PdfCards,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "png" => Format::Png,
            "tts" => Format::Tts,
            "tgc" => Format::Tgc,
            "mpc" => Format::Mpc,
            "pdf-cards" => Format::PdfCards,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone)]
pub struct ExportOptions {
    pub format: Format,
    /// Resolution of `png` exports.
    pub dpi: f32,
    /// Include the bleed in `png` exports.
    pub bleed: bool,
}

/// Pixel sizes (with bleed) print services ask for, by card size name.
pub fn service_size(format: Format, size: &str) -> Option<(u32, u32)> {
    match (format, size) {
        (Format::Tgc, "poker") => Some((825, 1125)),
        (Format::Tgc, "bridge") => Some((750, 1125)),
        (Format::Tgc, "mini") => Some((600, 825)),
        (Format::Tgc, "tarot") => Some((900, 1500)),
        (Format::Mpc, "poker") => Some((822, 1122)),
        _ => None,
    }
}

/// Writes an export's index as pretty JSON.
fn write_json(path: &Path, value: &impl Serialize) -> Result<PathBuf> {
    let text = serde_json::to_string_pretty(value).expect("indexes serialize");
    write_atomic(path, text.as_bytes())?;
    Ok(path.to_path_buf())
}

/// Draws `img` into cell `slot` of a grid `cols` wide (cells of `cell` pixels, the grid
/// starting `margin` pixels in from the top-left corner).
fn paste_in_grid(
    sheet: &mut Pixmap,
    img: &Pixmap,
    slot: usize,
    cols: usize,
    cell: (u32, u32),
    margin: u32,
) {
    let x = (slot % cols) as u32 * cell.0 + margin;
    let y = (slot / cols) as u32 * cell.1 + margin;
    sheet.draw_pixmap(
        x as i32,
        y as i32,
        img.as_ref(),
        &PixmapPaint::default(),
        tiny_skia::Transform::identity(),
        None,
    );
}

fn px(mm_: f32, dpi: f32) -> u32 {
    (mm_ / 25.4 * dpi).round() as u32
}

fn face_name(face: &Face) -> String {
    let side = match face.side {
        Side::Front => "front".to_owned(),
        Side::Back => "back".to_owned(),
        Side::Top => "top".to_owned(),
        Side::DieFace(n) => format!("face{}", n + 1),
    };
    let card = if face.card.starts_with('(') {
        "shared".to_owned()
    } else {
        face.card.clone()
    };
    format!("{card}-{side}")
}

/// Where a card of a TTS deck sits.
#[derive(Debug, Clone, Serialize)]
pub struct TtsCard {
    pub card: String,
    pub name: String,
    pub count: u32,
    pub sheet: String,
    /// 0-based slot on the 10 × 7 sheet.
    pub slot: usize,
}

/// The TTS index of one deck.
#[derive(Debug, Clone, Serialize)]
pub struct TtsDeck {
    pub component: String,
    pub columns: usize,
    pub rows: usize,
    pub back: String,
    pub cards: Vec<TtsCard>,
}

/// TTS sheets hold 10 × 7 images; the last (70th) shows hidden cards, so 69 cards a sheet.
pub const TTS_COLS: usize = 10;
pub const TTS_ROWS: usize = 7;
pub const TTS_PER_SHEET: usize = TTS_COLS * TTS_ROWS - 1;
/// Widest sheet TTS accepts.
pub const TTS_MAX_WIDTH: u32 = 4096;

/// Runs an export of game `id`; returns the files written.
pub fn export(
    project: &Project,
    id: &str,
    opts: &ExportOptions,
    out_dir: &Path,
) -> Result<Vec<PathBuf>> {
    let p = Session::new(project, &BuildOptions::default()).prepare(id)?;
    let dir = out_dir.join(id).join("export");
    match opts.format {
        Format::Png => export_png(&p, opts, &dir.join("png")),
        Format::Tgc | Format::Mpc => export_service(
            &p,
            opts.format,
            &dir.join(if opts.format == Format::Tgc {
                "tgc"
            } else {
                "mpc"
            }),
        ),
        Format::Tts => export_tts(&p, &dir.join("tts")),
        Format::PdfCards => export_pdf_cards(&p, &dir),
    }
}

fn export_png(p: &Prepared, opts: &ExportOptions, dir: &Path) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    let mut thumbs = Vec::new();
    for (face, tree) in p.faces.faces.iter().zip(&p.trees) {
        let (wmm, hmm) = if opts.bleed {
            (
                face.size.width_mm + 2.0 * face.bleed,
                face.size.height_mm + 2.0 * face.bleed,
            )
        } else {
            (face.size.width_mm, face.size.height_mm)
        };
        let pixmap = render_face(face, tree, px(wmm, opts.dpi), px(hmm, opts.dpi), opts.bleed)?;
        let path = dir
            .join(&face.component)
            .join(format!("{}.png", face_name(face)));
        write_atomic(&path, &png_rgb(&pixmap)?)?;
        written.push(path);
        // Contact sheet thumbnail, 240 px tall.
        let th = 240;
        let tw = ((th as f32) * wmm / hmm).round() as u32;
        thumbs.push(render_face(face, tree, tw, th, opts.bleed)?);
    }
    let cols = 10usize;
    let cell_w = thumbs.iter().map(Pixmap::width).max().unwrap_or(1) + 10;
    let cell_h = 250;
    let rows = thumbs.len().div_ceil(cols).max(1);
    let mut sheet = Pixmap::new(cell_w * cols as u32 + 10, cell_h * rows as u32 + 10)
        .ok_or_else(|| Error::new("contact sheet too large"))?;
    sheet.fill(tiny_skia::Color::from_rgba8(235, 235, 235, 255));
    for (i, t) in thumbs.iter().enumerate() {
        paste_in_grid(&mut sheet, t, i, cols, (cell_w, cell_h), 10);
    }
    let path = dir.join("contact-sheet.png");
    write_atomic(&path, &png_rgb(&sheet)?)?;
    written.push(path);
    Ok(written)
}

#[derive(Serialize)]
struct ServiceCard {
    component: String,
    card: String,
    count: u32,
    front: String,
    back: Option<String>,
}

fn export_service(p: &Prepared, format: Format, dir: &Path) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    let mut index = Vec::new();
    let mut done: BTreeMap<usize, String> = BTreeMap::new();
    for deck in &p.faces.decks {
        let comp = &p.game.components[deck.component];
        if comp.spec.kind != ComponentKind::Cards || deck.copies.is_empty() {
            continue;
        }
        let size = comp.size();
        let (w, h) = service_size(format, size.name).ok_or_else(|| {
            Error::new(format!(
                "{} has no standard {} image size for `{}` cards",
                if format == Format::Tgc {
                    "The Game Crafter"
                } else {
                    "MakePlayingCards"
                },
                if format == Format::Tgc { "TGC" } else { "MPC" },
                size.name
            ))
            .component(&comp.spec.id)
            .game(&p.game.id)
        })?;
        let mut file_of = |face: usize| -> Result<String> {
            if let Some(f) = done.get(&face) {
                return Ok(f.clone());
            }
            let f = &p.faces.faces[face];
            let pixmap = render_face(f, &p.trees[face], w, h, true)?;
            let rel = format!("{}/{}.png", f.component, face_name(f));
            let path = dir.join(&rel);
            write_atomic(&path, &png_rgb(&pixmap)?)?;
            written.push(path);
            done.insert(face, rel.clone());
            Ok(rel)
        };
        for (i, card) in comp.cards.iter().enumerate() {
            let Some(copy) = deck.copies.iter().find(|c| c.card == i) else {
                continue;
            };
            index.push(ServiceCard {
                component: comp.spec.id.clone(),
                card: card.id.clone(),
                count: card.count,
                front: file_of(copy.front)?,
                back: copy.back.map(&mut file_of).transpose()?,
            });
        }
    }
    written.push(write_json(&dir.join("cards.json"), &index)?);
    Ok(written)
}

fn export_tts(p: &Prepared, dir: &Path) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    let mut decks = Vec::new();
    for deck in &p.faces.decks {
        let comp = &p.game.components[deck.component];
        if comp.spec.kind != ComponentKind::Cards || deck.copies.is_empty() {
            continue;
        }
        let size = comp.size();
        let cell_w = TTS_MAX_WIDTH / TTS_COLS as u32;
        let cell_h = (cell_w as f32 * size.height_mm / size.width_mm).round() as u32;
        // One slot per distinct card; copies share it (the JSON gives the count).
        let mut cards: Vec<(usize, usize)> = Vec::new(); // (card index, front face)
        for (i, _) in comp.cards.iter().enumerate() {
            if let Some(copy) = deck.copies.iter().find(|c| c.card == i) {
                cards.push((i, copy.front));
            }
        }
        let back_face = deck.copies.iter().find_map(|c| c.back);
        let back_img = match back_face {
            Some(b) => Some(render_face(
                &p.faces.faces[b],
                &p.trees[b],
                cell_w,
                cell_h,
                false,
            )?),
            None => None,
        };
        let back_name = format!("{}-back.png", comp.spec.id);
        if let Some(img) = &back_img {
            let path = dir.join(&back_name);
            write_atomic(&path, &png_rgb(img)?)?;
            written.push(path);
        }
        let mut index = Vec::new();
        for (n, chunk) in cards.chunks(TTS_PER_SHEET).enumerate() {
            let mut sheet = Pixmap::new(cell_w * TTS_COLS as u32, cell_h * TTS_ROWS as u32)
                .ok_or_else(|| Error::new("TTS sheet too large"))?;
            sheet.fill(tiny_skia::Color::WHITE);
            let name = format!("{}-sheet-{}.png", comp.spec.id, n + 1);
            for (slot, &(card, face)) in chunk.iter().enumerate() {
                let img = render_face(&p.faces.faces[face], &p.trees[face], cell_w, cell_h, false)?;
                paste_in_grid(&mut sheet, &img, slot, TTS_COLS, (cell_w, cell_h), 0);
                let c = &comp.cards[card];
                index.push(TtsCard {
                    card: c.id.clone(),
                    name: c.name.clone(),
                    count: c.count,
                    sheet: name.clone(),
                    slot,
                });
            }
            // The 70th slot: what TTS shows for hidden cards.
            if let Some(img) = &back_img {
                let last = TTS_COLS * TTS_ROWS - 1;
                paste_in_grid(&mut sheet, img, last, TTS_COLS, (cell_w, cell_h), 0);
            }
            let path = dir.join(&name);
            write_atomic(&path, &png_rgb(&sheet)?)?;
            written.push(path);
        }
        decks.push(TtsDeck {
            component: comp.spec.id.clone(),
            columns: TTS_COLS,
            rows: TTS_ROWS,
            back: back_name,
            cards: index,
        });
    }
    written.push(write_json(&dir.join("decks.json"), &decks)?);
    Ok(written)
}

/// One page per face, MediaBox = the face with bleed, TrimBox = the card, BleedBox set;
/// each card's front then its back.
fn export_pdf_cards(p: &Prepared, dir: &Path) -> Result<Vec<PathBuf>> {
    let mut doc = Document::new();
    for deck in &p.faces.decks {
        let comp = &p.game.components[deck.component];
        if comp.spec.kind != ComponentKind::Cards {
            continue;
        }
        for (i, _) in comp.cards.iter().enumerate() {
            let Some(copy) = deck.copies.iter().find(|c| c.card == i) else {
                continue;
            };
            for face in std::iter::once(copy.front).chain(copy.back) {
                let f = &p.faces.faces[face];
                let (w, h) = (
                    f.size.width_mm + 2.0 * f.bleed,
                    f.size.height_mm + 2.0 * f.bleed,
                );
                let bleed_box = krilla::geom::Rect::from_xywh(0.0, 0.0, mm(w), mm(h));
                let trim = krilla::geom::Rect::from_xywh(
                    mm(f.bleed),
                    mm(f.bleed),
                    mm(f.size.width_mm),
                    mm(f.size.height_mm),
                );
                let settings = PageSettings::from_wh(mm(w), mm(h))
                    .expect("face sizes are positive")
                    .with_trim_box(trim)
                    .with_bleed_box(bleed_box);
                let mut page = doc.start_page_with(settings);
                let mut surface = page.surface();
                surface.push_transform(&Transform::identity());
                surface.draw_svg(
                    &p.trees[face],
                    Size::from_wh(mm(w), mm(h)).expect("positive"),
                    SvgSettings::default(),
                );
                surface.pop();
                surface.finish();
                page.finish();
            }
        }
    }
    let bytes = doc
        .finish()
        .map_err(|e| Error::new(format!("the PDF could not be written: {e:?}")))?;
    let path = dir.join("cards-one-per-page.pdf");
    write_atomic(&path, &bytes)?;
    Ok(vec![path])
}
