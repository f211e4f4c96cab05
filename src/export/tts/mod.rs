//! `--format tts`: a Tabletop Simulator saved object (`<game>.json`, with its thumbnail
//! `<game>.png`) that TTS loads from its Saved Objects folder, and the images it refers to.
//!
//! - Every card component becomes one `Deck` (a `Card` when it has a single copy) with every
//!   copy expanded: `DeckIDs` lists one CardID per printed copy, `ContainedObjects` one `Card`
//!   each. Faces sit on `CustomDeck` sheets of at most 10 × 7 cards and 4096 px a side.
//!   `BackIsHidden` is set, so all 70 slots hold cards and the back is what other players see.
//! - Cards with their own backs (per-card backs, two-sided cards) use TTS's `UniqueBack`: the
//!   `BackURL` is a second sheet laid out like the faces, each card's back in its slot. A deck
//!   with one back for all its cards has a single back image.
//! - One-sided tokens and standees are `Custom_Token`s (TTS cuts them along the image's
//!   transparency, so round tokens are masked round); two-sided tokens are `Custom_Tile`s with
//!   the back as the secondary image. Copies of a component go into a `Bag`.
//! - Boards and dashboards are `Custom_Board`s, dice `Custom_Dice` (D6) with the faces on a net.
//!
//! Images are referred to by `file:///` URLs of the export folder, or by `--base-url`.

mod images;

use rayon::prelude::*;
use resvg::tiny_skia::Pixmap;
use serde_json::{Map, Value, json};

use super::files::{Output, json_bytes, no_copies, url_escape};
use crate::assemble::{BuildOptions, Prepared, Session};
use crate::error::{Error, Result};
use crate::model::{Component, ComponentKind, TokenShape};
use crate::project::Project;
use crate::render::faces::{CardCopy, Deck};
use crate::render::raster::{blank, png_rgb_at};
pub use images::TTS_MAX_SIDE;
use images::{DrawnImages, ImageJob, TTS_DPI, board_job, die_job, paste, render_trim, token_jobs};

/// The largest sheet: 10 cards across, 7 down.
pub const TTS_COLS: usize = 10;
pub const TTS_ROWS: usize = 7;

/// Columns and rows of a sheet for `n` cards: at most 10 × 7, at least 2 × 2.
pub fn tts_grid(n: usize) -> (usize, usize) {
    let cols = n.clamp(2, TTS_COLS);
    let rows = n.div_ceil(cols).clamp(2, TTS_ROWS);
    (cols, rows)
}

/// Pixel size of one card on a sheet of `cols` × `rows`, the sheet within 4096 px a side.
fn cell_size(w_mm: f32, h_mm: f32, cols: usize, rows: usize) -> (u32, u32) {
    let by_width = (TTS_MAX_SIDE / cols.max(1) as u32) as f32;
    let by_height = (TTS_MAX_SIDE / rows.max(1) as u32) as f32 * w_mm / h_mm;
    let at_dpi = w_mm / 25.4 * TTS_DPI;
    let w = by_width.min(by_height).min(at_dpi).floor().max(1.0);
    (w as u32, (w * h_mm / w_mm).floor().max(1.0) as u32)
}

/// The export under way: the game, where images will be found, the files made so far.
struct Ctx<'a> {
    p: &'a Prepared,
    base: &'a str,
    out: Output,
    /// The images of tokens, boards and dice, drawn ahead and taken by the objects.
    drawn: DrawnImages,
    next_key: u32,
    next_guid: u32,
}

impl Ctx<'_> {
    fn url(&self, file: &str) -> String {
        format!("{}/{}", self.base, url_escape(file))
    }

    fn guid(&mut self) -> String {
        self.next_guid += 1;
        format!("{:06x}", 0x00a000 + self.next_guid)
    }

    /// Adds an image file and returns its URL.
    fn add(&mut self, file: String, bytes: Vec<u8>) -> String {
        let url = self.url(&file);
        if !self.out.files.iter().any(|(f, _)| *f == file) {
            self.out.files.push((file, bytes));
        }
        url
    }

    /// The URL of a job's image, adding its file the first time: as drawn ahead, or drawn now.
    fn image(&mut self, job: ImageJob) -> Result<String> {
        if self.out.files.iter().any(|(f, _)| *f == job.file) {
            return Ok(self.url(&job.file));
        }
        let bytes = match self.drawn.remove(&job.file) {
            Some(drawn) => drawn?,
            None => job.draw(self.p)?,
        };
        Ok(self.add(job.file, bytes))
    }

    /// The common fields of an object, at `pos` (x, z) on the table; `note` goes in its GM
    /// notes.
    fn object(
        &mut self,
        name: &str,
        nickname: &str,
        note: &str,
        pos: (f64, f64),
        scale: (f64, f64),
    ) -> Map<String, Value> {
        let guid = self.guid();
        let mut o = Map::new();
        o.insert("GUID".into(), json!(guid));
        o.insert("Name".into(), json!(name));
        o.insert("Transform".into(), transform(pos, scale));
        o.insert("Nickname".into(), json!(nickname));
        o.insert("Description".into(), json!(""));
        // What protopress made it from: `<component>` or `<component>/<card>`.
        o.insert("GMNotes".into(), json!(note));
        o.insert("ColorDiffuse".into(), json!({"r": 1.0, "g": 1.0, "b": 1.0}));
        for (k, v) in [
            ("Locked", false),
            ("Grid", true),
            ("Snap", true),
            ("Autoraise", true),
            ("Sticky", true),
            ("Tooltip", true),
        ] {
            o.insert(k.into(), json!(v));
        }
        for k in ["LuaScript", "LuaScriptState", "XmlUI"] {
            o.insert(k.into(), json!(""));
        }
        o
    }
}

/// Where an object lies and its scale across and down the table (x, z).
fn transform(pos: (f64, f64), scale: (f64, f64)) -> Value {
    json!({
        "posX": pos.0, "posY": 1.0, "posZ": pos.1,
        "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
        "scaleX": scale.0, "scaleY": 1.0, "scaleZ": scale.1,
    })
}

/// The same scale both ways: for objects that take their shape from their image or model.
fn even(scale: f64) -> (f64, f64) {
    (scale, scale)
}

/// The scale of a card `w` × `h` mm: Tabletop Simulator draws every custom card on a poker
/// card (63.5 × 88.9 mm; turned for a sideways card) and stretches its image to it, so a card
/// of another shape is scaled unevenly back to its own.
fn card_scale(w: f32, h: f32) -> (f64, f64) {
    let (pw, ph) = match w > h {
        true => (88.9, 63.5),
        false => (63.5, 88.9),
    };
    (f64::from(w / pw), f64::from(h / ph))
}

pub(super) fn export(
    project: &Project,
    id: &str,
    base: &str,
    lang: Option<&str>,
) -> Result<Output> {
    let p = Session::new(project, &BuildOptions::default()).prepare_images_in(id, lang)?;
    let (mut drawn, images) = rayon::join(|| draw_card_decks(&p), || images::draw_ahead(&p));
    let mut ctx = Ctx {
        p: &p,
        base,
        out: Output::default(),
        drawn: images,
        next_key: 0,
        next_guid: 0,
    };
    let mut objects = Vec::new();
    for (n, deck) in p.faces.decks.iter().enumerate() {
        let Some(comp) = p.game.components.get(deck.component) else {
            continue;
        };
        if !comp.printed() {
            ctx.out
                .skipped
                .push(format!("{}: bought, not printed", comp.spec.id));
            continue;
        }
        if deck.copies.is_empty() {
            ctx.out.skipped.push(no_copies(&comp.spec.id));
            continue;
        }
        let pos = (
            n as f64 % 6.0 * 8.0 - 20.0,
            (n as f64 / 6.0).floor() * -12.0 + 0.0,
        );
        let object = match comp.spec.kind {
            ComponentKind::Cards => {
                let sheets = drawn[n]
                    .take()
                    .ok_or_else(|| Error::new("internal: a deck's TTS sheets were not drawn"))?;
                deck_object(&mut ctx, comp, deck, pos, sheets)?
            }
            ComponentKind::Tokens | ComponentKind::Standee => {
                token_objects(&mut ctx, comp, deck, pos)?
            }
            ComponentKind::Board | ComponentKind::Dashboard => {
                board_objects(&mut ctx, comp, deck, pos)?
            }
            ComponentKind::Die => dice_objects(&mut ctx, comp, deck, pos)?,
            ComponentKind::Bought => continue,
        };
        objects.push(object);
    }
    let save = json!({
        "SaveName": p.game.file.name,
        "GameMode": "",
        "Date": "",
        "VersionNumber": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "TabStates": {},
        "ObjectStates": objects,
    });
    let mut out = ctx.out;
    out.files.push((format!("{id}.json"), json_bytes(&save)?));
    if let Some(thumb) = thumbnail(&p)? {
        out.files.push((format!("{id}.png"), thumb));
    }
    Ok(out)
}

/// Every card deck's sheets drawn and encoded at once, in parallel, to be named in order:
/// a deck at a time left a core idle while one large sheet was encoded. None for a deck that
/// is no printed card deck.
fn draw_card_decks(p: &Prepared) -> Vec<Option<DrawnDeck>> {
    p.faces
        .decks
        .par_iter()
        .map(|deck| {
            let comp = p.game.components.get(deck.component)?;
            let cards =
                comp.printed() && !deck.copies.is_empty() && comp.spec.kind == ComponentKind::Cards;
            cards.then(|| {
                let slots = slots(comp, &deck.copies);
                let sheets = draw_sheets(p, comp, &slots);
                (slots, sheets)
            })
        })
        .collect()
}

/// One slot of a deck's sheets: a distinct card.
struct Slot {
    card: usize,
    front: usize,
    back: Option<usize>,
}

/// The distinct cards of a deck, in the component's order.
fn slots(comp: &Component, copies: &[CardCopy]) -> Vec<Slot> {
    (0..comp.cards.len())
        .filter_map(|i| copies.iter().find(|c| c.card == i))
        .map(|c| Slot {
            card: c.card,
            front: c.front,
            back: c.back,
        })
        .collect()
}

/// The `CustomDeck` sheets of a deck, and the CardID of each card.
struct Sheets {
    custom_deck: Map<String, Value>,
    card_ids: Vec<u32>,
    unique_back: bool,
}

/// Draws the sheets of a deck: faces 70 at most a sheet, and either a back sheet laid out the
/// same (cards with their own backs) or one back image for all.
fn sheets(
    ctx: &mut Ctx,
    comp: &Component,
    slots: &[Slot],
    drawn: Vec<Result<DrawnSheet>>,
) -> Result<Sheets> {
    let id = &comp.spec.id;
    let backs = distinct_backs(slots);
    let unique_back = backs.len() > 1;
    let mut custom_deck = Map::new();
    let mut card_ids = vec![0u32; comp.cards.len()];
    let mut shared_back: Option<String> = None;
    let chunks: Vec<&[Slot]> = slots.chunks(TTS_COLS * TTS_ROWS).collect();
    for (n, (chunk, sheet)) in chunks.iter().zip(drawn).enumerate() {
        let DrawnSheet {
            cols,
            rows,
            cell,
            front,
            back,
        } = sheet?;
        let face_url = ctx.add(format!("{id}/faces-{}.png", n + 1), front);
        let back_url = match (&shared_back, back) {
            (_, Some(sheet)) => ctx.add(format!("{id}/backs-{}.png", n + 1), sheet),
            (Some(url), None) => url.clone(),
            (None, None) => {
                let img = sheet_png(ctx.p, &[backs.first().copied()], 1, 1, cell)?;
                let url = ctx.add(format!("{id}/back.png"), img);
                shared_back = Some(url.clone());
                url
            }
        };
        ctx.next_key += 1;
        let key = ctx.next_key;
        custom_deck.insert(
            key.to_string(),
            json!({
                "FaceURL": face_url, "BackURL": back_url,
                "NumWidth": cols, "NumHeight": rows,
                "BackIsHidden": true, "UniqueBack": unique_back, "Type": 0,
            }),
        );
        for (slot, s) in chunk.iter().enumerate() {
            if let Some(c) = card_ids.get_mut(s.card) {
                *c = key * 100 + slot as u32;
            }
        }
    }
    Ok(Sheets {
        custom_deck,
        card_ids,
        unique_back,
    })
}

/// The backs a deck's cards show, each once.
fn distinct_backs(slots: &[Slot]) -> Vec<usize> {
    let mut backs: Vec<usize> = slots.iter().filter_map(|s| s.back).collect();
    backs.sort_unstable();
    backs.dedup();
    backs
}

/// Draws and encodes every sheet of a deck, in parallel: its fronts and, for cards with backs
/// of their own, its backs.
fn draw_sheets(p: &Prepared, comp: &Component, slots: &[Slot]) -> Vec<Result<DrawnSheet>> {
    let unique_back = distinct_backs(slots).len() > 1;
    let size = comp.size();
    let chunks: Vec<&[Slot]> = slots.chunks(TTS_COLS * TTS_ROWS).collect();
    chunks
        .par_iter()
        .map(|chunk| {
            let (cols, rows) = tts_grid(chunk.len());
            let cell = cell_size(size.width_mm, size.height_mm, cols, rows);
            let fronts: Vec<Option<usize>> = chunk.iter().map(|s| Some(s.front)).collect();
            let backs: Vec<Option<usize>> = chunk.iter().map(|s| s.back).collect();
            let (front, back) = rayon::join(
                || sheet_png(p, &fronts, cols, rows, cell),
                || {
                    unique_back
                        .then(|| sheet_png(p, &backs, cols, rows, cell))
                        .transpose()
                },
            );
            Ok(DrawnSheet {
                cols,
                rows,
                cell,
                front: front?,
                back: back?,
            })
        })
        .collect()
}

/// A card deck's distinct cards and its sheets, drawn and encoded.
type DrawnDeck = (Vec<Slot>, Vec<Result<DrawnSheet>>);

/// One sheet of a deck, drawn and encoded: its grid, its cell size, its fronts and (cards
/// with backs of their own) its backs.
struct DrawnSheet {
    cols: usize,
    rows: usize,
    cell: (u32, u32),
    front: Vec<u8>,
    back: Option<Vec<u8>>,
}

/// A card component as one `Deck` (or a lone `Card`), copies expanded.
fn deck_object(
    ctx: &mut Ctx,
    comp: &Component,
    deck: &Deck,
    pos: (f64, f64),
    (slots, drawn): DrawnDeck,
) -> Result<Value> {
    let sheets = sheets(ctx, comp, &slots, drawn)?;
    let size = comp.size();
    let scale = card_scale(size.width_mm, size.height_mm);
    let sideways = size.width_mm > size.height_mm;
    let mut cards = Vec::new();
    let mut ids = Vec::new();
    for copy in &deck.copies {
        let cid = sheets.card_ids.get(copy.card).copied().unwrap_or_default();
        let name = comp.cards.get(copy.card).map_or("", |c| c.name.as_str());
        let mut card = ctx.object("Card", name, &card_note(comp, copy.card), pos, scale);
        card.insert("CardID".into(), json!(cid));
        card.insert("SidewaysCard".into(), json!(sideways));
        card.insert("HideWhenFaceDown".into(), json!(true));
        let key = (cid / 100).to_string();
        let own = sheets.custom_deck.get(&key).cloned();
        card.insert("CustomDeck".into(), json!({ key: own }));
        cards.push(card);
        ids.push(cid);
    }
    ctx.out.exported.push(format!(
        "{}: deck of {} card{} ({} distinct, {} sheet{}{})",
        comp.spec.id,
        cards.len(),
        if cards.len() == 1 { "" } else { "s" },
        slots.len(),
        sheets.custom_deck.len(),
        if sheets.custom_deck.len() == 1 {
            ""
        } else {
            "s"
        },
        if sheets.unique_back {
            ", each card its own back"
        } else {
            ""
        }
    ));
    if cards.len() == 1 {
        let mut card = cards.remove(0);
        card.insert("Nickname".into(), json!(comp.spec.name));
        return Ok(Value::Object(card));
    }
    let mut o = ctx.object("Deck", &comp.spec.name, &comp.spec.id, pos, scale);
    if let Some(Value::Object(t)) = o.get_mut("Transform") {
        // Face down, like a draw pile.
        t.insert("rotZ".into(), json!(180.0));
    }
    o.insert("SidewaysCard".into(), json!(sideways));
    o.insert("HideWhenFaceDown".into(), json!(true));
    o.insert("DeckIDs".into(), json!(ids));
    o.insert("CustomDeck".into(), Value::Object(sheets.custom_deck));
    o.insert("ContainedObjects".into(), json!(cards));
    Ok(Value::Object(o))
}

/// A sheet of `cols` × `rows` cells, `faces` filling them row by row (the trim of each);
/// cells without a face stay white.
fn sheet_png(
    p: &Prepared,
    faces: &[Option<usize>],
    cols: usize,
    rows: usize,
    cell: (u32, u32),
) -> Result<Vec<u8>> {
    let (cw, ch) = cell;
    let cells: Vec<Result<Option<Pixmap>>> = faces
        .par_iter()
        .map(|f| f.map(|f| render_trim(p, &[f], &[], cw, ch)).transpose())
        .collect();
    let mut sheet = blank("TTS sheet", cw * cols as u32, ch * rows as u32)?;
    for (slot, img) in cells.into_iter().enumerate() {
        let Some(img) = img? else { continue };
        let (x, y) = ((slot % cols) as u32 * cw, (slot / cols) as u32 * ch);
        paste(&mut sheet, &img, x, y);
    }
    let dpi = cw as f32 / (face_width_mm(p, faces).max(1.0) / 25.4);
    png_rgb_at(&sheet, dpi)
}

fn face_width_mm(p: &Prepared, faces: &[Option<usize>]) -> f32 {
    faces
        .iter()
        .flatten()
        .find_map(|&f| p.faces.faces.get(f))
        .map_or(25.4, |f| f.size.width_mm)
}

/// Copies of one component in a `Bag`, or the object itself when there is one.
fn bagged(
    ctx: &mut Ctx,
    comp: &Component,
    mut items: Vec<Map<String, Value>>,
    pos: (f64, f64),
) -> Value {
    if items.len() == 1 {
        return Value::Object(items.remove(0));
    }
    let mut bag = ctx.object("Bag", &comp.spec.name, &comp.spec.id, pos, (1.0, 1.0));
    bag.insert("MaterialIndex".into(), json!(-1));
    bag.insert("MeshIndex".into(), json!(-1));
    bag.insert("ContainedObjects".into(), json!(items));
    Value::Object(bag)
}

/// `<component>/<card>`, the GM note of a copy.
fn card_note(comp: &Component, card: usize) -> String {
    let id = comp.cards.get(card).map_or("", |c| c.id.as_str());
    format!("{}/{id}", comp.spec.id)
}

/// Tokens and standees: `Custom_Token`s, or `Custom_Tile`s when they have a back.
fn token_objects(ctx: &mut Ctx, comp: &Component, deck: &Deck, pos: (f64, f64)) -> Result<Value> {
    let size = comp.size();
    let round =
        comp.spec.kind == ComponentKind::Tokens && comp.spec.token_shape() == TokenShape::Circle;
    let standee = comp.spec.kind == ComponentKind::Standee;
    let mut items = Vec::new();
    for copy in &deck.copies {
        let name = comp
            .cards
            .get(copy.card)
            .map_or("", |c| c.name.as_str())
            .to_owned();
        let (front_job, back_job) = token_jobs(ctx.p, comp, copy);
        let front = ctx.image(front_job)?;
        let back = back_job.map(|job| ctx.image(job)).transpose()?;
        // A token or tile takes its shape from its image: one scale for both.
        let scale = even(f64::from(size.width_mm.max(size.height_mm) / 25.4));
        let (kind, image) = token_image(front, back, round, standee);
        let mut item = ctx.object(kind, &name, &card_note(comp, copy.card), pos, scale);
        item.insert("CustomImage".into(), image);
        items.push(item);
    }
    ctx.out.exported.push(format!(
        "{}: {} {}",
        comp.spec.id,
        items.len(),
        if standee { "standing tokens" } else { "tokens" }
    ));
    Ok(bagged(ctx, comp, items, pos))
}

/// The object name and `CustomImage` of a token: a `Custom_Tile` when it has a back, else a
/// `Custom_Token` (standing up for a standee).
fn token_image(
    front: String,
    back: Option<String>,
    round: bool,
    standee: bool,
) -> (&'static str, Value) {
    match back {
        Some(back) => (
            "Custom_Tile",
            json!({
                "ImageURL": front, "ImageSecondaryURL": back,
                "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomTile": {
                    "Type": if round { 2 } else { 0 },
                    "Thickness": 0.2, "Stackable": true, "Stretch": true,
                },
            }),
        ),
        None => (
            "Custom_Token",
            json!({
                "ImageURL": front, "ImageSecondaryURL": "",
                "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomToken": {
                    "Thickness": if standee { 0.1 } else { 0.2 },
                    "MergeDistancePixels": 15.0,
                    "StandUp": standee, "Stackable": !standee,
                },
            }),
        ),
    }
}

/// Boards and dashboards (the top layer over the base): `Custom_Board`s.
fn board_objects(ctx: &mut Ctx, comp: &Component, deck: &Deck, pos: (f64, f64)) -> Result<Value> {
    let size = comp.size();
    let longest = size.width_mm.max(size.height_mm);
    let one = ImageObject {
        kind: "Custom_Board",
        scale: even(f64::from(longest / 254.0)),
        extra: None,
    };
    let items = image_objects(ctx, comp, deck, pos, &one, board_job)?;
    ctx.out.exported.push(format!(
        "{}: {} board{}",
        comp.spec.id,
        items.len(),
        if items.len() == 1 { "" } else { "s" }
    ));
    Ok(bagged(ctx, comp, items, pos))
}

/// Dice: `Custom_Dice` of type D6.
fn dice_objects(ctx: &mut Ctx, comp: &Component, deck: &Deck, pos: (f64, f64)) -> Result<Value> {
    let one = ImageObject {
        kind: "Custom_Dice",
        scale: even(f64::from(comp.size().width_mm / 25.4)),
        extra: Some(("CustomDice", json!({ "Type": 1 }))),
    };
    let items = image_objects(ctx, comp, deck, pos, &one, die_job)?;
    ctx.out
        .exported
        .push(format!("{}: {} D6", comp.spec.id, items.len()));
    Ok(bagged(ctx, comp, items, pos))
}

/// An object shown by one image: its TTS kind, its scale, and what its `CustomImage` holds
/// beside the image.
struct ImageObject {
    kind: &'static str,
    scale: (f64, f64),
    extra: Option<(&'static str, Value)>,
}

/// One object of `one`'s kind for each copy of the deck, showing the image `job` describes.
fn image_objects<'c>(
    ctx: &mut Ctx,
    comp: &'c Component,
    deck: &Deck,
    pos: (f64, f64),
    one: &ImageObject,
    job: impl Fn(&Prepared, &'c Component, &CardCopy) -> ImageJob<'c>,
) -> Result<Vec<Map<String, Value>>> {
    let mut items = Vec::new();
    for copy in &deck.copies {
        let name = comp.cards.get(copy.card).map_or("", |c| c.name.as_str());
        let url = ctx.image(job(ctx.p, comp, copy))?;
        let mut o = ctx.object(one.kind, name, &card_note(comp, copy.card), pos, one.scale);
        let mut image = json!({
            "ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
        });
        if let (Some((key, value)), Value::Object(map)) = (&one.extra, &mut image) {
            map.insert((*key).into(), value.clone());
        }
        o.insert("CustomImage".into(), image);
        items.push(o);
    }
    Ok(items)
}

/// `<game>.png` beside the saved object, which TTS shows in its list: the first card's front.
fn thumbnail(p: &Prepared) -> Result<Option<Vec<u8>>> {
    let first = p.faces.decks.iter().find_map(|d| {
        let comp = p.game.components.get(d.component)?;
        (comp.spec.kind == ComponentKind::Cards).then(|| d.copies.first().map(|c| c.front))?
    });
    let Some(face) = first.or_else(|| {
        p.faces
            .decks
            .iter()
            .find_map(|d| d.copies.first().map(|c| c.front))
    }) else {
        return Ok(None);
    };
    let Some(f) = p.faces.faces.get(face) else {
        return Ok(None);
    };
    let h = (256.0 * f.size.height_mm / f.size.width_mm)
        .round()
        .clamp(1.0, 1024.0) as u32;
    let img = render_trim(p, &[face], &[], 256, h)?;
    Ok(Some(png_rgb_at(&img, 72.0)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_stay_within_ten_by_seven_and_two_by_two() {
        assert_eq!(tts_grid(1), (2, 2));
        assert_eq!(tts_grid(5), (5, 2));
        assert_eq!(tts_grid(33), (10, 4));
        assert_eq!(tts_grid(70), (10, 7));
    }

    #[test]
    fn sheets_stay_within_4096_pixels() {
        for (w, h) in [(63.5, 88.9), (70.0, 70.0), (88.9, 63.5), (44.45, 63.5)] {
            for n in [2, 9, 33, 70] {
                let (cols, rows) = tts_grid(n);
                let (cw, ch) = cell_size(w, h, cols, rows);
                assert!(cw * cols as u32 <= TTS_MAX_SIDE && ch * rows as u32 <= TTS_MAX_SIDE);
                assert!(cw as f32 <= w / 25.4 * TTS_DPI + 1.0);
            }
        }
    }

    #[test]
    fn cards_of_other_shapes_are_scaled_back_from_a_poker_card() {
        let close =
            |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 1e-3 && (a.1 - b.1).abs() < 1e-3;
        assert!(close(card_scale(63.5, 88.9), (1.0, 1.0)));
        assert!(close(card_scale(88.9, 63.5), (1.0, 1.0)), "sideways poker");
        // A square card is narrower down the table than across, as a poker card is not.
        assert!(close(card_scale(70.0, 70.0), (70.0 / 63.5, 70.0 / 88.9)));
        assert!(close(card_scale(70.0, 120.0), (70.0 / 63.5, 120.0 / 88.9)));
    }
}
