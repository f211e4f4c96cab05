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
use crate::output::sprites::{self, Image, Picture, Slot, SpriteStore};
use crate::pdf::sheets::Placed;
use crate::render::faces::{Face, Faces, Side};
use crate::render::raster::{render_face, render_face_over};
use crate::render::shaped::ParsedFace;
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
    /// Where each shown face's thumbnail is, in face order.
    face_slots: Vec<Option<Slot>>,
    pages: Vec<FileView>,
    /// The sprites of the faces and of the pages.
    images: Vec<Image>,
}

/// The faces' half of the page's pictures: the sprites of the faces it lists, and the
/// thumbnails fetched to make them (the page previews may need more). Made beside the sheets
/// where a core is free once the rulebook is typeset, else beside the kit.
pub struct FaceArt<'a> {
    thumbs: Thumbs<'a>,
    store: Option<&'a dyn SpriteStore>,
    /// Where each listed face's thumbnail is, in face order.
    face_slots: Vec<Option<Slot>>,
    images: Vec<Image>,
}

/// The sprites of the faces the page lists. With a build cache, a sprite that shows what it
/// showed last time is read back whole, and thumbnails are drawn or read only for the sprites
/// that changed: a rebuild after no change reads none of them.
///
/// `cache` comes with a name for the fonts the faces are set in (a thumbnail drawn in other
/// fonts is not reused).
pub fn face_art<'a>(
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    cache: Option<(&'a ThumbCache, &'a str)>,
    look: Option<&'a Look<'a>>,
    pool: Pool,
) -> Result<FaceArt<'a>> {
    let store = cache.and_then(|(c, _)| c.sprite_store());
    let mut thumbs = Thumbs::new(faces, trees, cache, shown_faces(faces), pool);
    thumbs.look = look;
    let (listed, pictures) = thumbs.face_pictures();
    let (slots, images) = sprites::pack(FACE_SPRITES, &pictures, store, |wanted| {
        let got = thumbs.fetch(wanted.iter().map(|&k| listed[k]))?;
        Ok(wanted.iter().map(|&k| got[listed[k]].clone()).collect())
    })?;
    let mut slots = slots.into_iter();
    let face_slots = thumbs
        .shown
        .iter()
        .map(|&s| if s { slots.next() } else { None })
        .collect();
    Ok(FaceArt {
        thumbs,
        store,
        face_slots,
        images,
    })
}

/// The page's pictures: the faces' sprites, and the previews of the sheet pages drawn from
/// their thumbnails (only for the sprites not in the cache).
pub fn index_art(art: FaceArt, files: &[FilePages]) -> Result<IndexArt> {
    let FaceArt {
        mut thumbs,
        store,
        face_slots,
        mut images,
    } = art;
    // The sheets are done: the page previews' thumbnails may take every core.
    thumbs.pool = Pool::Shared;
    let (pages, page_images) = page_views(files, store, &mut thumbs)?;
    images.extend(page_images);
    thumbs.keep_unfetched();
    Ok(IndexArt {
        face_slots,
        pages,
        images,
    })
}

/// The prefix of the face sprites' files.
const FACE_SPRITES: &str = "thumbs/faces";

/// Looks at a face whose thumbnail is about to be drawn (the build's preflight), and gives
/// back the face as the look rendered it (with its bleed, without its shaped text, over
/// nothing) when it did: the thumbnail is then drawn from that ([`render_face_over`]).
pub type Look<'a> = dyn Fn(usize, &ParsedFace) -> Option<Pixmap> + Sync + 'a;

/// Whether thumbnails may be drawn on the shared thread pool: not beside the sheets.
#[derive(Clone, Copy)]
pub enum Pool {
    Shared,
    Shunned,
}

/// The listed faces' thumbnails, fetched (read from the cache, or drawn) only as the sprites
/// that changed need them: a rebuild after one card's edit reads a few dozen, not them all.
struct Thumbs<'a> {
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    cache: Option<(&'a ThumbCache, &'a str)>,
    /// The faces the page lists.
    shown: Vec<bool>,
    /// In face order; those not fetched yet are none.
    got: Vec<Option<Thumb>>,
    fetched: Vec<bool>,
    pool: Pool,
    look: Option<&'a Look<'a>>,
}

impl<'a> Thumbs<'a> {
    fn new(
        faces: &'a Faces,
        trees: &'a FaceTrees<'a>,
        cache: Option<(&'a ThumbCache, &'a str)>,
        shown: Vec<bool>,
        pool: Pool,
    ) -> Thumbs<'a> {
        let n = faces.faces.len();
        Thumbs {
            faces,
            trees,
            cache,
            shown,
            got: vec![None; n],
            fetched: vec![false; n],
            pool,
            look: None,
        }
    }

    /// The name of the fonts the faces are set in.
    fn fonts(&self) -> &'a str {
        self.cache.map_or("", |(_, fonts)| fonts)
    }

    /// The faces the page lists, and their thumbnails as pictures for the sprites.
    fn face_pictures(&self) -> (Vec<usize>, Vec<Picture>) {
        let faces = &self.faces.faces;
        let listed: Vec<usize> = (0..faces.len()).filter(|&i| self.shown[i]).collect();
        let pictures = listed
            .iter()
            .map(|&i| Picture {
                size: thumb_size(&faces[i]),
                name: thumb_key(&faces[i], self.fonts()),
            })
            .collect();
        (listed, pictures)
    }

    /// What a page preview shows, as a name for the sprite cache: its size and each face
    /// placed on it, where, which way round and at which size.
    fn page_name(&self, size: (f32, f32), placed: &[Placed]) -> String {
        let mut name = format!("{size:?}");
        for p in placed {
            let Some(face) = self.faces.faces.get(p.face) else {
                continue;
            };
            let kind = if self.shown.get(p.face) == Some(&true) {
                "listed"
            } else {
                "preview"
            };
            let r = &p.rect;
            name.push_str(&format!(
                ";{kind} {} {:?} {:?} at {:?} {:?} {:?} {:?} {}",
                thumb_key(face, self.fonts()),
                (face.size.width_mm, face.size.height_mm),
                face.bleed,
                r.x,
                r.y,
                r.w,
                r.h,
                p.anticlockwise
            ));
        }
        name
    }

    /// The thumbnails in face order, those of the listed faces among `wanted` fetched.
    fn fetch(&mut self, wanted: impl IntoIterator<Item = usize>) -> Result<&[Option<Thumb>]> {
        let mut mask = vec![false; self.got.len()];
        for i in wanted {
            if self.shown.get(i) == Some(&true) && !self.fetched[i] {
                mask[i] = true;
            }
        }
        if mask.contains(&true) {
            let source = (self.faces, self.trees, self.cache, self.look);
            let new = face_thumbs(source, &mask, self.pool)?;
            for (i, thumb) in new.into_iter().enumerate().filter(|&(i, _)| mask[i]) {
                (self.got[i], self.fetched[i]) = (thumb, true);
            }
        }
        Ok(&self.got)
    }

    /// Keeps the listed thumbnails no sprite needed on disk: the next build may.
    fn keep_unfetched(&self) {
        if let Some((cache, fonts)) = self.cache {
            let unfetched = (self.faces.faces.iter().zip(&self.shown).zip(&self.fetched))
                .filter(|((_, shown), fetched)| **shown && !**fetched)
                .map(|((face, _), _)| thumb_key(face, fonts));
            cache.keep_unread(unfetched);
        }
    }
}

/// Builds the page around its pictures.
pub fn index_page(input: &IndexInput, art: IndexArt) -> Result<IndexPage> {
    let IndexArt {
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
    ctx.insert("decks", &deck_views(input, &face_slots));
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

/// What a face's thumbnail is kept under: the face's hash and the name of the fonts it is set
/// in (the same face set in other fonts is another picture).
fn thumb_key(face: &Face, fonts: &str) -> String {
    format!("{}{fonts}", face.hash)
}

/// A face's thumbnail size in pixels: [`THUMB_PX`] high, or [`THUMB_MAX_W`] wide at most.
fn thumb_size(face: &Face) -> (u32, u32) {
    let (fw, fh) = with_bleed(face);
    let px = |v: f32| v.round().max(1.0) as u32;
    match THUMB_PX as f32 * fw / fh {
        w if w > THUMB_MAX_W as f32 => (THUMB_MAX_W, px(THUMB_MAX_W as f32 * fh / fw)),
        w => (px(w), THUMB_PX),
    }
}

/// A face's thumbnail, drawn from its tree at `scale` of the thumbnail size: from `under`
/// (the face rendered without its shaped text) when that is at least as fine.
fn draw_thumb(
    face: &Face,
    tree: &ParsedFace,
    scale: f32,
    under: Option<Pixmap>,
) -> Result<Arc<Pixmap>> {
    let (w, h) = thumb_size(face);
    let px = |v: u32| (v as f32 * scale).round().max(1.0) as u32;
    let (w, h) = (px(w), px(h));
    match under {
        Some(under) if under.width() >= w && under.height() >= h => {
            render_face_over(face, tree, (w, h), &under).map(Arc::new)
        }
        _ => render_face(face, tree, w, h, true).map(Arc::new),
    }
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

    /// The disk, as the keeper of the index's sprites: in memory (`watch`, `serve`) the
    /// thumbnails are at hand and a sprite costs no more to make than to look up.
    fn sprite_store(&self) -> Option<&dyn SpriteStore> {
        self.disk.as_ref().map(|_| self as &dyn SpriteStore)
    }

    /// Keeps the thumbnails under `keys` on disk, though this build did not read them.
    fn keep_unread(&self, keys: impl Iterator<Item = String>) {
        if let Some(disk) = &self.disk {
            keys.for_each(|key| disk.keep(Entry::Thumb, &key));
        }
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

impl SpriteStore for ThumbCache {
    fn sprite(&self, key: &str) -> Option<Vec<u8>> {
        self.disk.as_ref()?.get(Entry::Sprite, key, Some)
    }

    fn keep_sprite(&self, key: &str, png: &[u8]) {
        if let Some(disk) = &self.disk {
            disk.put(Entry::Sprite, key, png);
        }
    }
}

/// Where thumbnails come from: the faces, their trees, the thumbnails kept (with the name of
/// the faces' fonts) and what looks at a face before its thumbnail is drawn.
type ThumbSource<'s, 'a> = (
    &'s Faces,
    &'s FaceTrees<'a>,
    Option<(&'s ThumbCache, &'s str)>,
    Option<&'s Look<'a>>,
);

/// Renders the shown faces' thumbnails in parallel (in face order, so files are stable).
///
/// Beside the sheets (`Pool::Shunned`) they are drawn one after the other on this thread: a
/// job in the shared pool could be stolen by the sheets' thread while it waits for a batch of
/// faces it is parsing, and wait there for one of them itself, for ever.
fn face_thumbs(
    (faces, trees, cache, look): ThumbSource,
    shown: &[bool],
    pool: Pool,
) -> Result<Vec<Option<Thumb>>> {
    let key = |face: &Face| cache.map_or_else(String::new, |(_, f)| thumb_key(face, f));
    let kept = |face: &Face| cache?.0.get(&key(face), thumb_size(face));
    // Each shown face's thumbnail, and whether it was drawn now (not kept).
    let one = |(i, (face, &shown)): (usize, (&Face, &bool))| -> Result<Option<(Thumb, bool)>> {
        if !shown {
            return Ok(None);
        }
        match kept(face) {
            Some(art) => Ok(Some((art, false))),
            None => match trees.get(i) {
                Some(tree) => {
                    let under = look.and_then(|look| look(i, &tree));
                    draw_thumb(face, &tree, 1.0, under).map(|t| Some((t, true)))
                }
                None => Ok(None),
            },
        }
    };
    let each = faces.faces.iter().zip(shown).enumerate();
    // All collected before the first error in face order is taken, not the first in time.
    let thumbs: Vec<Result<Option<(Thumb, bool)>>> = match pool {
        Pool::Shared => faces
            .faces
            .par_iter()
            .zip(shown)
            .enumerate()
            .map(one)
            .collect(),
        Pool::Shunned => each.map(one).collect(),
    };
    let thumbs = thumbs.into_iter().collect::<Result<Vec<_>>>()?;
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

fn deck_views(input: &IndexInput, slots: &[Option<Slot>]) -> Vec<DeckView> {
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
                    let slot = slots.get(f)?.as_ref()?;
                    let face = faces.faces.get(f)?;
                    let (width, height) = thumb_size(face);
                    let (fw, fh) = with_bleed(face);
                    let safe = input.game.file.print.safe_zone_mm;
                    let (data, source) = card_data(input.game, deck.component, &face.card);
                    Some(FaceView {
                        src: slot.src.clone(),
                        x: slot.x,
                        y: slot.y,
                        width,
                        height,
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
    pages: &[&[Placed]],
) -> Result<Vec<Option<Thumb>>> {
    let mut needed = vec![false; faces.faces.len()];
    for p in pages.iter().copied().flatten() {
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
                Some(tree) => draw_thumb(face, &tree, PREVIEW_SCALE, None).map(Some),
                None => Ok(None),
            },
            None => Ok(None),
        })
        .collect()
}

/// The pages previewed, file by file: each file's first [`MAX_PAGES_SHOWN`].
fn previewed(files: &[FilePages]) -> Vec<(&FilePages, usize)> {
    files
        .iter()
        .flat_map(|f| (0..previewed_pages(f)).map(move |p| (f, p)))
        .collect()
}

/// How many of a file's pages are previewed.
fn previewed_pages(file: &FilePages) -> usize {
    file.sizes.len().min(file.placed.len()).min(MAX_PAGES_SHOWN)
}

/// Page previews, drawn from the face thumbnails where the sheets place them (only for the
/// sprites not in `store`), packed into sprites of their own.
fn page_views(
    files: &[FilePages],
    store: Option<&dyn SpriteStore>,
    thumbs: &mut Thumbs,
) -> Result<(Vec<FileView>, Vec<Image>)> {
    let previewed = previewed(files);
    let pictures: Vec<Picture> = previewed
        .iter()
        .map(|&(f, p)| Picture {
            size: page_px(f.sizes[p]),
            name: thumbs.page_name(f.sizes[p], &f.placed[p]),
        })
        .collect();
    let (faces, trees) = (thumbs.faces, thumbs.trees);
    let (slots, images) = sprites::pack("thumbs/pages", &pictures, store, |wanted| {
        let pages: Vec<&[Placed]> = wanted
            .iter()
            .map(|&k| previewed[k].0.placed[previewed[k].1].as_slice())
            .collect();
        let got = thumbs.fetch(
            pages
                .iter()
                .flat_map(|placed| placed.iter().map(|p| p.face)),
        )?;
        let placed = placed_thumbs(faces, trees, got, &pages)?;
        wanted
            .par_iter()
            .zip(&pages)
            .map(|(&k, on)| {
                let page = page_thumb(faces, &placed, previewed[k].0.sizes[previewed[k].1], on)?;
                Ok(Some(Arc::new(page)))
            })
            .collect()
    })?;
    let mut slots = slots.into_iter();
    let views = files
        .iter()
        .map(|file| FileView {
            file: file.file.clone(),
            more: file.sizes.len().saturating_sub(MAX_PAGES_SHOWN),
            pages: (0..previewed_pages(file))
                .zip(slots.by_ref())
                .map(|(i, slot)| {
                    let (width, height) = page_px(file.sizes[i]);
                    PageView {
                        src: slot.src,
                        x: slot.x,
                        y: slot.y,
                        number: i + 1,
                        width,
                        height,
                    }
                })
                .collect(),
        })
        .collect();
    Ok((views, images))
}

/// A page preview's size in pixels: [`PAGE_PX`] its longest side.
fn page_px((pw, ph): (f32, f32)) -> (u32, u32) {
    let scale = PAGE_PX / pw.max(ph);
    let px = |v: f32| (v * scale).round().max(1.0) as u32;
    (px(pw), px(ph))
}

/// One page: white paper with each placed face's thumbnail scaled into its trim, clipped.
fn page_thumb(
    faces: &Faces,
    thumbs: &[Option<Thumb>],
    (pw, ph): (f32, f32),
    placed: &[Placed],
) -> Result<Pixmap> {
    let scale = PAGE_PX / pw.max(ph);
    let (w, h) = page_px((pw, ph));
    let mut page =
        Pixmap::new(w, h).ok_or_else(|| Error::new("index.html: a page thumbnail has no size"))?;
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
