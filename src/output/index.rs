//! `output/<game>/index.html`: the whole kit at a glance in a browser: the files, the
//! components, the manifest check, deck statistics, a thumbnail of the faces and of the sheet
//! pages.
//!
//! The page is a Tera template compiled into the binary; thumbnails are packed into a few PNG
//! files in `thumbs/` beside it ([`sprites`](crate::output::sprites)), loaded lazily. The page
//! stays small at any deck size: each component shows at most [`MAX_FACES_SHOWN`] faces and
//! each file [`MAX_PAGES_SHOWN`] pages, with a note pointing at the PDF for the rest, so a
//! 50,000-card deck costs no more than a small one here.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use resvg::tiny_skia::{Pixmap, PixmapPaint, Transform};
use serde::Serialize;
use tera::{Context, Tera};

use crate::check::manifest::{CheckReport, Status};
use crate::error::{Error, Result};
use crate::i18n::{Arg, Catalogue};
use crate::model::Game;
use crate::output::cache::{DiskCache, Entry, join_parts, split_parts};
use crate::output::report::BuildReport;
use crate::output::sprites::{self, Image, Slot};
use crate::pdf::sheets::Placed;
use crate::render::faces::{Face, Faces, Side};
use crate::render::raster::render_face;
use crate::render::trees::FaceTrees;
use crate::sync::lock;

/// Height of a face thumbnail in pixels.
const THUMB_PX: u32 = 150;
/// Widest face thumbnail in pixels: a long strip of a board is shown lower instead (at
/// 150 px high, a 2 m × 12 mm track with its bleed would be 16,716 px wide, in every
/// browser's memory).
const THUMB_MAX_W: u32 = 600;
/// Longest side of a page thumbnail in pixels.
const PAGE_PX: f32 = 160.0;
/// Faces shown per component.
pub const MAX_FACES_SHOWN: usize = 240;
/// Pages shown per file.
pub const MAX_PAGES_SHOWN: usize = 100;

const TEMPLATE: &str = include_str!("index.html.tera");

/// The pages of one PDF, for the previews.
pub struct FilePages {
    pub file: String,
    pub sizes: Vec<(f32, f32)>,
    pub placed: Vec<Vec<Placed>>,
}

/// The page and the images it links to (path relative to the page, PNG bytes).
pub struct IndexPage {
    pub html: String,
    pub images: Vec<Image>,
}

/// What the page is made from.
pub struct IndexInput<'a> {
    pub game: &'a Game,
    pub report: &'a BuildReport,
    pub check: Option<&'a CheckReport>,
    pub faces: &'a Faces,
    /// Whether `deck-stats.svg` and `.json` stand beside the page.
    pub has_deck_stats: bool,
}

/// The page's pictures, the costly part: face thumbnails and page previews. Made apart from
/// the page so a build can draw them while the kit is typeset.
pub struct IndexArt {
    thumbs: Vec<Option<Thumb>>,
    /// Where each shown face's thumbnail is, in face order.
    face_slots: Vec<Option<Slot>>,
    pages: Vec<FileView>,
    /// The sprites of the faces and of the pages.
    images: Vec<Image>,
}

/// The thumbnails of the faces the page shows, in face order (none for the others).
pub struct FaceThumbs(Vec<Option<Thumb>>);

/// Draws the thumbnails of the faces the page shows. They need no sheet, so a build draws them
/// whenever a core is free.
///
/// `cache` comes with a name for the fonts the faces are set in (a thumbnail drawn in other
/// fonts is not reused).
pub fn face_thumbnails(
    faces: &Faces,
    trees: &FaceTrees,
    cache: Option<(&ThumbCache, &str)>,
) -> Result<FaceThumbs> {
    let shown = shown_faces(faces);
    face_thumbs(faces, trees, &shown, cache).map(FaceThumbs)
}

/// The face thumbnails and the previews of the sheet pages drawn from them.
pub fn index_art(
    faces: &Faces,
    trees: &FaceTrees,
    thumbs: FaceThumbs,
    files: &[FilePages],
) -> Result<IndexArt> {
    let FaceThumbs(thumbs) = thumbs;
    let shown: Vec<&Pixmap> = thumbs.iter().flatten().map(|t| &**t).collect();
    let (slots, mut images) = sprites::pack("thumbs/faces", &shown)?;
    let mut slots = slots.into_iter();
    let face_slots = thumbs
        .iter()
        .map(|t| t.as_ref().and_then(|_| slots.next()))
        .collect();
    let placed = placed_thumbs(faces, trees, &thumbs, files)?;
    let (pages, page_images) = page_views(faces, files, &placed)?;
    images.extend(page_images);
    Ok(IndexArt {
        thumbs,
        face_slots,
        pages,
        images,
    })
}

/// Builds the page around its pictures.
pub fn index_page(input: &IndexInput, art: IndexArt) -> Result<IndexPage> {
    let IndexArt {
        thumbs,
        face_slots,
        pages,
        images,
    } = art;
    let mut ctx = Context::new();
    let f = &input.game.file;
    let edition = input.game.catalogue.text(
        "kit-edition",
        &[
            ("what", Arg::Text(&f.name)),
            ("rev", Arg::Text(&f.revision)),
        ],
    );
    ctx.insert("title", &edition);
    ctx.insert("lang", &f.language);
    ctx.insert("files", &input.report.files);
    ctx.insert("warnings", &input.report.warnings);
    ctx.insert("components", &component_rows(input.report));
    ctx.insert("layout", &layout_note(input.report, &input.game.catalogue));
    ctx.insert("cut_files", &input.report.cut_files);
    // The designer's side of the duplex calibration sheet, which speaks to players only.
    ctx.insert("calibration", &(input.report.kit.calibration > 0));
    ctx.insert("check", &input.check.map(check_view));
    ctx.insert("deck_stats", &input.has_deck_stats);
    ctx.insert("decks", &deck_views(input, &thumbs, &face_slots));
    ctx.insert("pages", &pages);
    let html = render(&ctx, &input.game.catalogue)?;
    Ok(IndexPage { html, images })
}

fn render(ctx: &Context, catalogue: &std::sync::Arc<crate::i18n::Catalogue>) -> Result<String> {
    let mut tera = Tera::new();
    tera.autoescape_on(vec![".html"]);
    super::index_words::register(&mut tera, catalogue);
    tera.add_raw_template("index.html", TEMPLATE)
        .and_then(|()| tera.render("index.html", ctx))
        .map_err(|e| Error::new(format!("index.html: {e}")))
}

#[derive(Serialize)]
struct ComponentRow<'a> {
    name: &'a str,
    kind: &'a str,
    copies: u32,
    unique_faces: usize,
    file: &'a str,
    pages: String,
    layout: &'a str,
}

/// What the sheets are, when not the usual duplex pairs.
fn layout_note(report: &BuildReport, words: &Catalogue) -> Option<String> {
    use crate::model::print::Layout;
    let files = report.cut_files.len() as u64;
    match report.layout {
        Layout::Duplex => None,
        Layout::GutterFold => Some(words.text("index-layout-gutter-fold", &[])),
        Layout::PrintAndCut => {
            Some(words.text("index-layout-print-and-cut", &[("n", Arg::Number(files))]))
        }
    }
}

/// A face's side under its picture, in the kit's language.
fn side_words(words: &Catalogue, side: Side) -> String {
    match side {
        Side::Front => words.text("index-side-front", &[]),
        Side::Back => words.text("index-side-back", &[]),
        Side::Top => words.text("index-side-top", &[]),
        Side::DieFace(n) => words.text("index-side-die", &[("n", Arg::Number(u64::from(n) + 1))]),
    }
}

fn component_rows(report: &BuildReport) -> Vec<ComponentRow<'_>> {
    report
        .components
        .iter()
        .map(|c| ComponentRow {
            name: &c.name,
            kind: &c.kind,
            copies: c.copies,
            unique_faces: c.unique_faces,
            file: c.file.as_deref().unwrap_or("—"),
            pages: match (c.pages.first(), c.pages.last()) {
                (Some(a), Some(b)) if a != b => format!("{a}–{b}"),
                (Some(a), _) => a.to_string(),
                _ => "—".to_owned(),
            },
            layout: &c.layout,
        })
        .collect()
}

#[derive(Serialize)]
struct CheckView {
    passed: bool,
    entries: Vec<EntryView>,
    /// Rules problems, decks and unlisted components: a failed check may fail on these alone.
    beyond: Vec<BeyondView>,
}

#[derive(Serialize)]
struct BeyondView {
    text: String,
    class: &'static str,
    word: &'static str,
    details: String,
}

#[derive(Serialize)]
struct EntryView {
    path: String,
    declared: u32,
    produced: String,
    stated: String,
    class: &'static str,
    word: &'static str,
    problems: String,
}

fn check_view(check: &CheckReport) -> CheckView {
    let entries = check
        .entries
        .iter()
        .map(|e| EntryView {
            path: e.path.clone(),
            declared: e.declared,
            produced: e.produced.map_or("—".to_owned(), |p| p.to_string()),
            stated: e.stated_text(""),
            class: match e.status {
                Status::Ok => "ok",
                Status::Mismatch => "bad",
                Status::Accepted => "acc",
            },
            word: e.status.word(),
            problems: e.problems.join("; "),
        })
        .collect();
    let beyond = crate::check::report::beyond_entries(check)
        .into_iter()
        .map(|b| BeyondView {
            // A note that fails nothing (no rulebook) is a caveat, not a pass.
            class: match (b.ok, b.heading) {
                (false, _) => "bad",
                (true, true) => "ok",
                (true, false) => "acc",
            },
            word: match (b.heading, b.ok) {
                (false, _) => "",
                (true, true) => Status::Ok.word(),
                (true, false) => Status::Mismatch.word(),
            },
            text: b.text,
            details: b.details.join("; "),
        })
        .collect();
    CheckView {
        passed: check.passed,
        entries,
        beyond,
    }
}

/// The faces a component shows, in order: its first [`MAX_FACES_SHOWN`], and its shared back
/// wherever that falls (it is on every card of the deck).
fn deck_shown(deck: &crate::render::faces::Deck) -> Vec<usize> {
    let used = deck.used_faces();
    let mut shown: Vec<usize> = used.iter().copied().take(MAX_FACES_SHOWN).collect();
    let mut backs = deck.copies.iter().map(|c| c.back);
    if let Some(Some(back)) = backs.next()
        && backs.all(|b| b == Some(back))
        && !shown.contains(&back)
    {
        shown.push(back);
        shown.sort_unstable();
    }
    shown
}

/// The faces each component shows, capped per component.
pub fn shown_faces(faces: &Faces) -> Vec<bool> {
    let mut shown = vec![false; faces.faces.len()];
    for deck in &faces.decks {
        for f in deck_shown(deck) {
            if let Some(s) = shown.get_mut(f) {
                *s = true;
            }
        }
    }
    shown
}

/// A face's size with its bleed, in mm.
fn with_bleed(face: &crate::render::faces::Face) -> (f32, f32) {
    (
        face.size.width_mm + 2.0 * face.bleed,
        face.size.height_mm + 2.0 * face.bleed,
    )
}

/// One face thumbnail (bleed included), shared with the session's cache.
type Thumb = Arc<Pixmap>;

/// A face's thumbnail size in pixels: [`THUMB_PX`] high, or [`THUMB_MAX_W`] wide at most.
fn thumb_size(face: &Face) -> (u32, u32) {
    let (fw, fh) = with_bleed(face);
    let px = |v: f32| v.round().max(1.0) as u32;
    match THUMB_PX as f32 * fw / fh {
        w if w > THUMB_MAX_W as f32 => (THUMB_MAX_W, px(THUMB_MAX_W as f32 * fh / fw)),
        w => (px(w), THUMB_PX),
    }
}

/// A face's thumbnail, drawn from its tree at `scale` of the thumbnail size.
fn draw_thumb(
    face: &Face,
    tree: &crate::render::shaped::ParsedFace,
    scale: f32,
) -> Result<Arc<Pixmap>> {
    let (w, h) = thumb_size(face);
    let px = |v: u32| (v as f32 * scale).round().max(1.0) as u32;
    render_face(face, tree, px(w), px(h), true).map(Arc::new)
}

/// The size, against a listed face's thumbnail, of a face drawn for the page previews alone:
/// a card is about 50 px high on a 160 px page.
const PREVIEW_SCALE: f32 = 0.4;

/// Face thumbnails kept between builds in one process (`watch`, `serve`), by the face's hash
/// and the fonts it was set in: a rebuild draws only the faces that changed. Holds what the
/// last few builds drew (`watch` builds each language in turn).
/// A command-line build keeps them on disk instead ([`ThumbCache::on_disk`]).
#[derive(Default)]
pub struct ThumbCache {
    map: Mutex<ThumbMap>,
    disk: Option<Arc<DiskCache>>,
}

/// Thumbnail by key, with the build that last used it.
#[derive(Default)]
struct ThumbMap {
    thumbs: HashMap<String, (Arc<Pixmap>, u64)>,
    build: u64,
}

impl ThumbCache {
    /// Builds whose thumbnails are kept.
    const BUILDS: u64 = 4;

    /// A cache backed by `disk`: the thumbnails a build draws are there for the next process.
    pub fn on_disk(disk: Arc<DiskCache>) -> ThumbCache {
        ThumbCache {
            disk: Some(disk),
            ..ThumbCache::default()
        }
    }

    /// The thumbnail of `size` kept under `key`, in memory or on disk.
    fn get(&self, key: &str, size: (u32, u32)) -> Option<Thumb> {
        let sized = |art: &Thumb| (art.width(), art.height()) == size;
        if let Some((art, _)) = lock(&self.map).thumbs.get(key) {
            return sized(art).then(|| Arc::clone(art));
        }
        let read = |payload: Vec<u8>| {
            let (head, data) = split_parts(payload)?;
            let (w, h): (u32, u32) = serde_json::from_slice(&head).ok()?;
            let art = Pixmap::from_vec(data, resvg::tiny_skia::IntSize::from_wh(w, h)?)?;
            Some(Arc::new(art)).filter(sized)
        };
        self.disk.as_ref()?.get(Entry::Thumb, key, read)
    }

    /// Keeps the thumbnails of this build (`drawn` marks those drawn anew, which go to disk),
    /// letting go of those no build used for a while.
    fn keep(&self, thumbs: impl Iterator<Item = (String, Thumb, bool)>) {
        let mut map = lock(&self.map);
        map.build += 1;
        let build = map.build;
        for (key, thumb, drawn) in thumbs {
            if let (Some(disk), true) = (&self.disk, drawn) {
                let head = serde_json::json!([thumb.width(), thumb.height()]).to_string();
                disk.put(
                    Entry::Thumb,
                    &key,
                    &join_parts(head.as_bytes(), thumb.data()),
                );
            }
            map.thumbs.insert(key, (thumb, build));
        }
        map.thumbs
            .retain(|_, (_, used)| *used + ThumbCache::BUILDS > build);
    }
}

/// Renders the shown faces' thumbnails in parallel (in face order, so files are stable).
fn face_thumbs(
    faces: &Faces,
    trees: &FaceTrees,
    shown: &[bool],
    cache: Option<(&ThumbCache, &str)>,
) -> Result<Vec<Option<Thumb>>> {
    let key = |face: &Face| cache.map_or_else(String::new, |(_, f)| format!("{}{f}", face.hash));
    let kept = |face: &Face| cache?.0.get(&key(face), thumb_size(face));
    // Each shown face's thumbnail, and whether it was drawn now (not kept).
    let thumbs: Vec<Option<(Thumb, bool)>> = faces
        .faces
        .par_iter()
        .zip(shown)
        .enumerate()
        .map(|(i, (face, &shown))| {
            if !shown {
                return Ok(None);
            }
            match kept(face) {
                Some(art) => Ok(Some((art, false))),
                None => match trees.get(i) {
                    Some(tree) => draw_thumb(face, &tree, 1.0).map(|t| Some((t, true))),
                    None => Ok(None),
                },
            }
        })
        .collect::<Result<_>>()?;
    if let Some((cache, _)) = cache {
        let drawn = faces.faces.iter().zip(&thumbs);
        cache.keep(drawn.filter_map(|(face, t)| {
            t.as_ref()
                .map(|(thumb, drawn)| (key(face), Arc::clone(thumb), *drawn))
        }));
    }
    Ok(thumbs
        .into_iter()
        .map(|t| t.map(|(thumb, _)| thumb))
        .collect())
}

#[derive(Serialize)]
struct DeckView {
    id: String,
    name: String,
    copies: usize,
    faces: Vec<FaceView>,
    more: usize,
}

#[derive(Serialize)]
struct FaceView {
    /// The sprite, and the thumbnail's place in it.
    src: String,
    x: u32,
    y: u32,
    width: u32,
    height: u32,
    card: String,
    side: String,
    /// The trim and the safe zone as insets from the bleed edge, in % of width and height;
    /// round for a round token.
    round: bool,
    trim_x: f32,
    trim_y: f32,
    safe_x: f32,
    safe_y: f32,
    /// The card's values and where it is written, for the click-to-see panel.
    data: String,
    source: String,
}

fn deck_views(
    input: &IndexInput,
    thumbs: &[Option<Thumb>],
    slots: &[Option<Slot>],
) -> Vec<DeckView> {
    let faces = input.faces;
    faces
        .decks
        .iter()
        .filter(|d| !d.copies.is_empty())
        .map(|deck| {
            let spec = &input.game.components[deck.component].spec;
            let round = spec.kind == crate::model::ComponentKind::Tokens
                && spec.shape.unwrap_or_default() == crate::model::TokenShape::Circle;
            let used = deck.used_faces().len();
            let shown = deck_shown(deck);
            let views = shown
                .iter()
                .filter_map(|&f| {
                    let thumb = thumbs.get(f)?.as_ref()?;
                    let slot = slots.get(f)?.as_ref()?;
                    let face = faces.faces.get(f)?;
                    let (fw, fh) = with_bleed(face);
                    let safe = input.game.file.print.safe_zone_mm;
                    let (data, source) = card_data(input.game, deck.component, &face.card);
                    Some(FaceView {
                        src: slot.src.clone(),
                        x: slot.x,
                        y: slot.y,
                        width: thumb.width(),
                        height: thumb.height(),
                        round,
                        card: face.card.clone(),
                        side: side_words(&input.game.catalogue, face.side),
                        trim_x: 100.0 * face.bleed / fw,
                        trim_y: 100.0 * face.bleed / fh,
                        safe_x: 100.0 * (face.bleed + safe) / fw,
                        safe_y: 100.0 * (face.bleed + safe) / fh,
                        data,
                        source,
                    })
                })
                .collect();
            DeckView {
                id: spec.id.clone(),
                name: spec.name.to_string(),
                copies: deck.copies.len(),
                faces: views,
                more: used - shown.len(),
            }
        })
        .collect()
}

/// A card's fields as YAML-like lines, and its file and line.
fn card_data(game: &Game, component: usize, card_id: &str) -> (String, String) {
    let Some(comp) = game.components.get(component) else {
        return (String::new(), String::new());
    };
    let Some(card) = comp.cards.iter().find(|c| c.id == card_id) else {
        return (String::new(), comp.cards_file.display().to_string());
    };
    let mut lines = vec![
        format!("name: {}", card.name),
        format!("count: {}", card.count),
    ];
    for (k, v) in &card.fields {
        let v = v.as_str().map_or_else(|| v.to_string(), str::to_owned);
        lines.push(format!("{k}: {v}"));
    }
    let source = match card.line {
        Some(l) => format!("{}:{l}", comp.cards_file.display()),
        None => comp.cards_file.display().to_string(),
    };
    (lines.join("\n"), source)
}

#[derive(Serialize)]
struct FileView {
    file: String,
    pages: Vec<PageView>,
    more: usize,
}

#[derive(Serialize)]
struct PageView {
    /// The sprite, and the preview's place in it.
    src: String,
    x: u32,
    y: u32,
    number: usize,
    width: u32,
    height: u32,
}

/// The thumbnails of every face the previewed pages place: those the page shows, and the
/// others drawn for the previews alone (past a component's [`MAX_FACES_SHOWN`], a shared back
/// may be on every back page and in no list of faces shown).
fn placed_thumbs(
    faces: &Faces,
    trees: &FaceTrees,
    thumbs: &[Option<Thumb>],
    files: &[FilePages],
) -> Result<Vec<Option<Thumb>>> {
    let mut needed = vec![false; faces.faces.len()];
    let previewed = files
        .iter()
        .flat_map(|f| f.placed.iter().take(MAX_PAGES_SHOWN));
    for p in previewed.flatten() {
        if let Some(n) = needed.get_mut(p.face) {
            *n = true;
        }
    }
    faces
        .faces
        .par_iter()
        .zip(thumbs)
        .zip(needed)
        .enumerate()
        .map(|(i, ((face, thumb), needed))| match thumb {
            Some(t) => Ok(Some(Arc::clone(t))),
            // Faces the list does not show were let go once drawn on the sheets: parsed again
            // here, and not kept (at 10,000 unique cards, 20 MB less, in no more time).
            None if needed => match trees.shared(i) {
                Some(tree) => draw_thumb(face, &tree, PREVIEW_SCALE).map(Some),
                None => Ok(None),
            },
            None => Ok(None),
        })
        .collect()
}

/// Page previews, drawn from the face thumbnails where the sheets place them, packed into
/// sprites of their own.
fn page_views(
    faces: &Faces,
    files: &[FilePages],
    thumbs: &[Option<Thumb>],
) -> Result<(Vec<FileView>, Vec<Image>)> {
    let drawn: Vec<Vec<Pixmap>> = files
        .iter()
        .map(|file| {
            file.sizes
                .par_iter()
                .zip(&file.placed)
                .take(MAX_PAGES_SHOWN)
                .map(|(&size, placed)| page_thumb(faces, thumbs, size, placed))
                .collect::<Result<Vec<Pixmap>>>()
        })
        .collect::<Result<_>>()?;
    let all: Vec<&Pixmap> = drawn.iter().flatten().collect();
    let (slots, images) = sprites::pack("thumbs/pages", &all)?;
    let mut slots = slots.into_iter();
    let views = files
        .iter()
        .zip(&drawn)
        .map(|(file, pages)| FileView {
            file: file.file.clone(),
            more: file.sizes.len().saturating_sub(MAX_PAGES_SHOWN),
            pages: pages
                .iter()
                .zip(slots.by_ref())
                .enumerate()
                .map(|(i, (page, slot))| PageView {
                    src: slot.src,
                    x: slot.x,
                    y: slot.y,
                    number: i + 1,
                    width: page.width(),
                    height: page.height(),
                })
                .collect(),
        })
        .collect();
    Ok((views, images))
}

/// One page: white paper with each placed face's thumbnail scaled into its trim, clipped.
fn page_thumb(
    faces: &Faces,
    thumbs: &[Option<Thumb>],
    (pw, ph): (f32, f32),
    placed: &[Placed],
) -> Result<Pixmap> {
    let scale = PAGE_PX / pw.max(ph);
    let (w, h) = ((pw * scale).round().max(1.0), (ph * scale).round().max(1.0));
    let mut page = Pixmap::new(w as u32, h as u32)
        .ok_or_else(|| Error::new("index.html: a page thumbnail has no size"))?;
    page.fill(resvg::tiny_skia::Color::WHITE);
    for p in placed {
        let (Some(Some(thumb)), Some(face)) = (thumbs.get(p.face), faces.faces.get(p.face)) else {
            continue; // Not shown: the page keeps a blank slot.
        };
        let b = face.bleed;
        let trim = p.rect.grow(-b, -b, -b, -b);
        let (tw, th) = (thumb.width() as f32, thumb.height() as f32);
        // Sheets may lay a card a quarter turn round to fit more: its slot is then the other
        // way round from the face.
        let turned = (face.size.width_mm - face.size.height_mm).abs() > 0.5
            && (face.size.width_mm > face.size.height_mm) != (trim.w > trim.h);
        let (x, y, w, h) = (
            trim.x * scale,
            trim.y * scale,
            trim.w * scale,
            trim.h * scale,
        );
        let t = match (turned, p.anticlockwise) {
            (true, false) => Transform::from_row(0.0, h / tw, -w / th, 0.0, x + w, y),
            (true, true) => Transform::from_row(0.0, -h / tw, w / th, 0.0, x, y + h),
            _ => Transform::from_row(w / tw, 0.0, 0.0, h / th, x, y),
        };
        page.draw_pixmap(
            0,
            0,
            Pixmap::as_ref(thumb),
            &PixmapPaint::default(),
            t,
            None,
        );
    }
    Ok(page)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::print::CardSize;
    use crate::render::faces::Side;

    fn face(w: f32, h: f32) -> Face {
        Face {
            svg: String::new(),
            hash: String::new(),
            size: CardSize::custom(w, h),
            bleed: 3.0,
            component: "board".into(),
            card: "track".into(),
            side: Side::Front,
        }
    }

    #[test]
    fn thumbnails_are_150_px_high_and_600_px_wide_at_most() {
        // A poker card with bleed, 69.5 × 94.9 mm.
        assert_eq!(thumb_size(&face(63.5, 88.9)), (110, 150));
        // A 2 m score track, 12 mm high: as wide as allowed, and lower.
        assert_eq!(thumb_size(&face(2000.0, 12.0)), (600, 5));
        assert_eq!(thumb_size(&face(80.0, 500.0)), (25, 150));
    }
}
