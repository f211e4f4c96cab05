//! Expanding counts into faces: every card copy gets a front and (unless the deck has none) a
//! back; identical faces are rendered and stored once.
//!
//! A face is identified by the hash of its rendered SVG, so two cards whose data renders the
//! same picture share one face even when the designer wrote them as separate entries.

use std::collections::HashMap;
use std::path::PathBuf;

use rayon::prelude::*;
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};
use tera::Context;

use crate::digest::hex;
use crate::error::{Error, Result};
use crate::model::print::CardSize;
use crate::model::{Card, CardFields, Component, ComponentKind, Game, Window};
use crate::render::render_cache::{Asked, RenderCache, Rendered};
use crate::render::shaped::ParsedFace;
use crate::render::templates::Templates;

/// One unique rendered face.
#[derive(Debug, Clone)]
pub struct Face {
    /// The SVG text the template produced.
    pub svg: String,
    /// SHA-256 of `svg`, hex; stable across builds, used to tell faces apart.
    pub hash: String,
    /// Trim size of the face.
    pub size: CardSize,
    /// Bleed drawn around the trim.
    pub bleed: f32,
    /// Who first produced it, for messages: component id, card id, side.
    pub component: String,
    pub card: String,
    pub side: Side,
}

/// Which face of a copy a template renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Front,
    Back,
    /// The top layer of a dual-layer dashboard.
    Top,
    /// Face `n` (0-based) of a die.
    DieFace(u8),
}

impl Side {
    pub fn name(self) -> String {
        match self {
            Side::Front => "front".to_owned(),
            Side::Back => "back".to_owned(),
            Side::Top => "top layer".to_owned(),
            Side::DieFace(n) => format!("die face {}", n + 1),
        }
    }
}

/// One printed copy: indices into [`Faces::faces`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardCopy {
    /// The card index within its component.
    pub card: usize,
    /// The front (a dashboard's base layer, a die's first face).
    pub front: usize,
    pub back: Option<usize>,
    /// A dashboard's top layer, or a die's faces 2 to 6.
    pub extra: Vec<usize>,
}

/// The copies of one component, in print order.
#[derive(Debug, Clone)]
pub struct Deck {
    pub component: usize,
    pub copies: Vec<CardCopy>,
    /// Unique face indices used by this deck.
    pub unique_faces: usize,
}

impl CardCopy {
    /// Every face this copy prints: front, back, then the others.
    pub fn faces(&self) -> impl Iterator<Item = usize> + '_ {
        std::iter::once(self.front)
            .chain(self.back)
            .chain(self.extra.iter().copied())
    }
}

impl Deck {
    /// The distinct faces this deck prints, in face order.
    pub fn used_faces(&self) -> Vec<usize> {
        used_faces(&self.copies)
    }
}

fn used_faces(copies: &[CardCopy]) -> Vec<usize> {
    let mut used: Vec<usize> = copies.iter().flat_map(CardCopy::faces).collect();
    used.sort_unstable();
    used.dedup();
    used
}

/// All faces of a game and how the components use them.
#[derive(Debug, Clone, Default)]
pub struct Faces {
    pub faces: Vec<Face>,
    pub decks: Vec<Deck>,
    /// The icons the faces were drawn with, loaded once for the build: the rulebook and the
    /// kit find which they draw, and credit their sets, from these.
    pub icons: std::sync::Arc<crate::text::fit::Icons>,
}

/// The values a template sees as `face`: sizes in mm, bleed included in `width`/`height`.
pub fn face_context(
    size: CardSize,
    bleed: f32,
    safe: f32,
    side: &str,
    windows: &[Window],
) -> Value {
    let (w, h) = (size.width_mm + 2.0 * bleed, size.height_mm + 2.0 * bleed);
    json!({
        "side": side,
        "width": w,
        "height": h,
        "bleed": bleed,
        "trim_width": size.width_mm,
        "trim_height": size.height_mm,
        "safe": safe,
        "size": size.name,
        // Inner edge of the safe zone, measured from the face's top-left (bleed included).
        "safe_left": bleed + safe,
        "safe_top": bleed + safe,
        "safe_right": w - bleed - safe,
        "safe_bottom": h - bleed - safe,
        "view_box": format!("0 0 {w} {h}"),
        // Dashboard windows, in face coordinates (bleed included).
        "windows": windows.iter().map(|win| json!({
            "x": win.x_mm + bleed, "y": win.y_mm + bleed, "w": win.w_mm, "h": win.h_mm,
        })).collect::<Vec<_>>(),
    })
}

/// Merges designer values into a map of built-in ones; a clash is an error, because a value
/// silently shadowing `name` or `id` would print the wrong thing.
fn merge(mut base: Map<String, Value>, extra: &Map<String, Value>, what: &str) -> Result<Value> {
    for (k, v) in extra {
        if base.contains_key(k) {
            return Err(Error::new(format!(
                "`{k}` in {what} clashes with a built-in value of the same name"
            ))
            .help("rename the field"));
        }
        base.insert(k.clone(), v.clone());
    }
    Ok(Value::Object(base))
}

pub fn game_context(game: &Game) -> Result<Value> {
    let f = &game.file;
    let base = json!({
        "id": game.id,
        "name": f.name,
        "subtitle": f.subtitle,
        "revision": f.revision,
        "language": f.language,
        "languages": game.langs.all,
    });
    merge(as_map(base), &f.data, "the game's `data`")
}

pub fn component_context(c: &Component) -> Result<Value> {
    let s = &c.spec;
    let base = json!({
        "id": s.id,
        "name": s.name,
        "size": s.size,
        "kind": s.kind.name(),
        "copies": c.copies(),
        "cards": c.cards.len(),
    });
    merge(as_map(base), &s.data, "the component's `data`")
}

/// A face's identity: its SVG and the content of every file it links (art), so a changed
/// image is a changed face for the render cache and for `reprint`. `linked` keeps each file's
/// digest for the build, so shared art is read once.
fn face_hash(game: &Game, svg: &str, linked: &mut HashMap<PathBuf, String>) -> String {
    let mut h = Sha256::new();
    h.update(svg.as_bytes());
    let base = game.template_dir();
    for href in crate::render::svg::linked_files(svg) {
        let Ok(path) = crate::render::svg::sandboxed(&base, &href) else {
            continue; // The parse stage reports it.
        };
        let digest = linked.entry(path).or_insert_with_key(|path| {
            game.project
                .read(path)
                .map_or_else(|_| String::new(), |bytes| hex(&Sha256::digest(&bytes)))
        });
        h.update(href.as_bytes());
        h.update(digest.as_bytes());
    }
    hex(&h.finalize())
}

/// A card's values for templates. Declared fields the card leaves out are `none`, so a
/// template can test them, while a misspelt field stays undefined and fails the render.
fn card_context(card: &Card, index: usize, declared: &CardFields) -> Result<Value> {
    let base = json!({
        "id": card.id,
        "name": card.name,
        "count": card.count,
        "index": index,
        "back": card.back,
    });
    let mut fields = card.fields.clone();
    for field in declared.names() {
        fields.entry(field.to_owned()).or_insert(Value::Null);
    }
    merge(as_map(base), &fields, "the card")
}

fn as_map(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// What one template render produces a face for.
struct Job<'a> {
    deck: usize,
    card: Option<usize>,
    side: Side,
    template: &'a str,
    /// A back shared by cards: rendered without a card's values.
    shared: bool,
}

/// The renders a component needs: per card a front (six faces for a die), a back when it is
/// rendered per card or picked by a rule, a top layer; one shared back otherwise.
fn component_jobs<'a>(
    game: &Game,
    d: usize,
    comp: &'a Component,
    templates: &Templates,
    jobs: &mut Vec<Job<'a>>,
) -> Result<()> {
    let spec = &comp.spec;
    for t in spec
        .back
        .iter()
        .map(|b| &b.template)
        .chain(spec.top.iter().map(|t| &t.template))
        .chain(spec.front.iter())
        .chain(rule_templates(spec.fronts.as_ref()))
        .chain(rule_templates(spec.backs.as_ref()))
    {
        templates
            .require(t)
            .map_err(|e| game.at_component_line(&spec.id, t, e))?;
    }
    let shared_back = spec.backs.is_none() && !comp.back_per_card();
    for (i, card) in comp.cards.iter().enumerate() {
        if card.count == 0 {
            continue;
        }
        let job = |side, template, shared| Job {
            deck: d,
            card: Some(i),
            side,
            template,
            shared,
        };
        let front = front_template(comp, card, templates)?;
        if spec.kind == ComponentKind::Die {
            check_die(game, comp, card)?;
            jobs.extend((0..6).map(|n| job(Side::DieFace(n), front, false)));
            continue;
        }
        jobs.push(job(Side::Front, front, false));
        if let (false, Some(back)) = (shared_back, comp.back_of(card)) {
            jobs.push(job(Side::Back, back, !comp.back_per_card()));
        }
        if let Some(top) = &spec.top {
            jobs.push(job(Side::Top, &top.template, false));
        }
    }
    if let (true, Some(back)) = (shared_back, &spec.back) {
        jobs.push(Job {
            deck: d,
            card: None,
            side: Side::Back,
            template: &back.template,
            shared: true,
        });
    }
    Ok(())
}

/// Every template a `fronts`/`backs` rule names.
fn rule_templates(rule: Option<&crate::model::TemplateRule>) -> impl Iterator<Item = &String> {
    rule.into_iter()
        .flat_map(|r| r.values())
        .flat_map(|m| m.values())
}

/// The front template of `card`, which must exist; the error points at the card.
fn front_template<'a>(
    comp: &'a Component,
    card: &'a Card,
    templates: &Templates,
) -> Result<&'a str> {
    let at = |e: Error| {
        let e = e.card(&card.name).in_file(&comp.cards_file);
        match card.line {
            Some(l) => e.at(l, 1),
            None => e,
        }
    };
    let Some(front) = comp.front_of(card) else {
        return Err(at(Error::new(
            "the card has no front template: the component's `fronts` has none for its value \
             and the component has no `front`",
        )));
    };
    templates.require(front).map_err(at)?;
    Ok(front)
}

/// Which faces each component's copies print, from the face every job produced.
type FaceOf = HashMap<(usize, Option<usize>, Side), usize>;

fn decks_of(game: &Game, face_of: &FaceOf) -> Result<Vec<Deck>> {
    let mut decks = Vec::with_capacity(game.components.len());
    for (d, comp) in game.components.iter().enumerate() {
        let mut copies = Vec::new();
        for (i, card) in comp.cards.iter().enumerate().filter(|(_, c)| c.count > 0) {
            if !comp.printed() {
                break;
            }
            let get = |side| face_of.get(&(d, Some(i), side)).copied();
            let missing = || {
                Error::new("internal error: a card has no rendered front")
                    .game(&game.id)
                    .component(&comp.spec.id)
                    .card(&card.name)
            };
            let (front, extra) = if comp.spec.kind == ComponentKind::Die {
                let all: Vec<usize> = (0..6).filter_map(|n| get(Side::DieFace(n))).collect();
                let (first, rest) = all.split_first().ok_or_else(missing)?;
                (*first, rest.to_vec())
            } else {
                let front = get(Side::Front).ok_or_else(missing)?;
                (front, get(Side::Top).into_iter().collect())
            };
            let back = get(Side::Back).or_else(|| face_of.get(&(d, None, Side::Back)).copied());
            let copy = CardCopy {
                card: i,
                front,
                back,
                extra,
            };
            copies.extend(std::iter::repeat_n(copy, card.count as usize));
        }
        let used = used_faces(&copies);
        decks.push(Deck {
            component: d,
            copies,
            unique_faces: used.len(),
        });
    }
    Ok(decks)
}

/// A die lists six faces; the error points at its `faces:` (or the card, without one).
fn check_die(game: &Game, comp: &Component, card: &Card) -> Result<()> {
    let faces = card
        .fields
        .get("faces")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    if faces == 6 {
        return Ok(());
    }
    let mut e = Error::new(format!("a die lists 6 `faces`, this one {faces}"))
        .card(&card.name)
        .in_file(&comp.cards_file);
    let source = game.project.read_text(&comp.cards_file).unwrap_or_default();
    let at = card
        .line
        .map(|l| crate::model::cards::key_in_block(&source, l, "faces").unwrap_or((l, 1)));
    if let Some((line, column)) = at {
        e = e.at(line, column).with_source(&source);
    }
    Err(e)
}

/// What every render of a game shares.
struct RenderEnv<'a> {
    game: &'a Game,
    templates: &'a Templates,
    cache: Option<&'a RenderCache>,
    game_ctx: &'a Value,
    comp_ctx: &'a [Value],
    /// The hash of the game's and each component's values, for the render cache's keys.
    ctx_hashes: &'a [String],
}

/// An error while rendering a face, naming its game, component and card. The template's line
/// is the error's place; a card's own line is worth a look too, so it goes in the help.
fn face_error(game: &Game, comp: &Component, card: Option<&Card>, e: Error) -> Error {
    let e = e.game(&game.id).component(&comp.spec.id);
    let Some(card) = card else {
        return e;
    };
    let mut e = e.card(&card.name);
    if let Some(line) = card.line {
        e = e.card_entry(&comp.cards_file, line);
    }
    let at = |line| format!("the card is at {}:{line}", comp.cards_file.display());
    match (card.line, e.help.clone()) {
        (Some(line), None) => e.help(at(line)),
        // A suggestion for a misspelt name keeps the card's place beside it.
        (Some(line), Some(h)) if h.starts_with("did you mean") => {
            e.help(format!("{h} ({})", at(line)))
        }
        _ => e,
    }
}

/// The values one render sees besides the game's and its component's.
struct JobValues {
    card: Option<Value>,
    die_face: Option<Value>,
    face: Value,
    print: Value,
}

impl JobValues {
    fn of(env: &RenderEnv, job: &Job) -> Result<JobValues> {
        let print = &env.game.file.print;
        let comp = &env.game.components[job.deck];
        let card = job
            .card
            .filter(|_| !job.shared)
            .map(|i| (i, &comp.cards[i]));
        let card_ctx = card
            .map(|(i, card)| card_context(card, i, &comp.spec.card_fields))
            .transpose()
            .map_err(|e| face_error(env.game, comp, card.map(|c| c.1), e))?;
        let die_face = match (job.side, card) {
            (Side::DieFace(n), Some((_, card))) => {
                let value = card.fields.get("faces").and_then(|f| f.get(n as usize));
                Some(json!({ "index": n, "number": n + 1, "value": value }))
            }
            _ => None,
        };
        let windows = comp.spec.top.as_ref().map_or(&[][..], |t| &t.windows[..]);
        let side = match job.side {
            Side::Top => "top",
            Side::Back => "back",
            _ => "front",
        };
        let face = face_context(
            comp.size(),
            comp.bleed(print),
            print.safe_zone_mm,
            side,
            windows,
        );
        let print = json!({ "ink_saver": print.ink == crate::model::print::Ink::Saver });
        Ok(JobValues {
            card: card_ctx,
            die_face,
            face,
            print,
        })
    }

    /// The render cache's key of a face rendered from these values by `job`'s template (and
    /// the shared ones), for the game's and component's values hashed as `context`.
    fn key(&self, templates: &Templates, job: &Job, context: &str) -> String {
        let mut h = Sha256::new();
        h.update(templates.source_hash(job.template).as_bytes());
        h.update(job.template.as_bytes());
        h.update(context.as_bytes());
        // JSON texts, each telling where it ends, written straight into the hash.
        let _ = serde_json::to_writer(&mut h, &self.card);
        let _ = serde_json::to_writer(&mut h, &self.die_face);
        let _ = serde_json::to_writer(&mut h, &self.face);
        let _ = serde_json::to_writer(&mut h, &self.print);
        h.update(format!("{:?}", job.side).as_bytes());
        hex(&h.finalize())
    }
}

/// Renders `job`'s template with `values`.
fn render_values(env: &RenderEnv, job: &Job, values: &JobValues) -> Result<String> {
    let mut ctx = Context::new();
    ctx.insert("game", env.game_ctx);
    ctx.insert("component", &env.comp_ctx[job.deck]);
    if let Some(card) = &values.card {
        ctx.insert("card", card);
    }
    if let Some(die_face) = &values.die_face {
        ctx.insert("die_face", die_face);
    }
    ctx.insert("face", &values.face);
    ctx.insert("print", &values.print);
    let comp = &env.game.components[job.deck];
    let card = job.card.filter(|_| !job.shared).map(|i| &comp.cards[i]);
    env.templates
        .render(job.template, &ctx)
        .map_err(|e| face_error(env.game, comp, card, e))
}

/// Renders one job's face, from the cache when its template and values are unchanged; the
/// values are made into the template's context only for a render. With a cache, the render's
/// key and warnings come with it.
fn render_job(env: &RenderEnv, job: &Job) -> Result<(String, Option<Asked>)> {
    let values = JobValues::of(env, job)?;
    let Some(cache) = env.cache else {
        return Ok((render_values(env, job, &values)?, None));
    };
    let key = values.key(env.templates, job, &env.ctx_hashes[job.deck]);
    let engine = &env.templates.engine;
    if let Some(kept) = cache.get(&key) {
        engine.warn_again(&kept.warnings);
        let warnings = kept.warnings;
        return Ok((kept.svg, Some(Asked { key, warnings })));
    }
    let (svg, warnings) = engine.with_warnings(|| render_values(env, job, &values));
    let rendered = Rendered {
        svg: svg?,
        warnings,
    };
    cache.put(&key, &rendered);
    let warnings = rendered.warnings;
    Ok((rendered.svg, Some(Asked { key, warnings })))
}

/// The hash of the game's and each component's values, which every render key of the
/// component holds: hashed once rather than once a card.
fn context_hashes(game_ctx: &Value, comp_ctx: &[Value]) -> Vec<String> {
    let mut game = Sha256::new();
    let _ = serde_json::to_writer(&mut game, game_ctx);
    let game = game.finalize();
    comp_ctx
        .iter()
        .map(|comp| {
            let mut h = Sha256::new();
            h.update(game);
            let _ = serde_json::to_writer(&mut h, comp);
            hex(&h.finalize())
        })
        .collect()
}

/// Renders every face of `game`, reusing the faces of `cache` whose template and values are
/// unchanged (`watch`'s, or the command line's read from its build cache).
pub fn render(game: &Game, templates: &Templates, cache: Option<&RenderCache>) -> Result<Faces> {
    if let Some(c) = cache {
        c.reset_counts();
    }
    let print = &game.file.print;
    let game_ctx = game_context(game).map_err(|e| e.game(&game.id))?;
    let mut jobs = Vec::new();
    let mut comp_ctx = Vec::new();
    for (d, comp) in game.components.iter().enumerate() {
        let err = |e: Error| e.game(&game.id).component(&comp.spec.id);
        comp_ctx.push(component_context(comp).map_err(err)?);
        if comp.printed() {
            component_jobs(game, d, comp, templates, &mut jobs).map_err(err)?;
        }
    }

    let ctx_hashes = match cache {
        Some(_) => context_hashes(&game_ctx, &comp_ctx),
        None => Vec::new(),
    };
    let env = RenderEnv {
        game,
        templates,
        cache,
        game_ctx: &game_ctx,
        comp_ctx: &comp_ctx,
        ctx_hashes: &ctx_hashes,
    };
    let rendered: Vec<Result<_>> = jobs.par_iter().map(|job| render_job(&env, job)).collect();

    // Deduplicate in job order so face numbering is the same on every run.
    let mut faces: Vec<Face> = Vec::new();
    let mut by_hash: HashMap<String, usize> = HashMap::new();
    let mut face_of: FaceOf = HashMap::new();
    let mut linked = HashMap::new();
    for (job, result) in jobs.iter().zip(rendered) {
        let (svg, asked) = result?;
        let hash = face_hash(game, &svg, &mut linked);
        let comp = &game.components[job.deck];
        let index = *by_hash.entry(hash.clone()).or_insert_with(|| {
            faces.push(Face {
                svg,
                hash,
                size: comp.size(),
                bleed: comp.bleed(print),
                component: comp.spec.id.clone(),
                card: match (job.card, job.shared) {
                    (Some(i), false) => comp.cards[i].id.clone(),
                    // A back a `backs` rule picks: one per template, each its own face.
                    (Some(_), true) => format!("(shared back: {})", job.template),
                    (None, _) => "(shared back)".to_owned(),
                },
                side: job.side,
            });
            faces.len() - 1
        });
        face_of.insert((job.deck, job.card, job.side), index);
        if let (Some(cache), Some(asked)) = (cache, asked) {
            cache.asked_for(asked, index);
        }
    }

    let decks = decks_of(game, &face_of)?;
    Ok(Faces {
        faces,
        decks,
        icons: std::sync::Arc::clone(&templates.engine.icons),
    })
}

/// Print resolution below which art gets a warning.
pub const MIN_ART_DPI: f32 = 300.0;

/// Warnings for raster art that prints at under [`MIN_ART_DPI`]: one per image and
/// component, naming the first card that prints it, the image and its resolution.
pub fn art_warnings(
    game: &Game,
    faces: &Faces,
    trees: &[std::sync::Arc<ParsedFace>],
) -> Vec<String> {
    let findings = faces
        .faces
        .iter()
        .zip(trees)
        .flat_map(|(face, tree)| art_findings(game, face, &tree.tree));
    first_per_image(findings)
}

/// One low-resolution image of one face: (component, image) and the warning.
pub type ArtFinding = ((String, String), String);

/// Keeps the first warning of each image in each component, in the order given (face order).
pub fn first_per_image(findings: impl IntoIterator<Item = ArtFinding>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    findings
        .into_iter()
        .filter(|(key, _)| seen.insert(key.clone()))
        .map(|(_, warning)| warning)
        .collect()
}

/// The raster images of one face that print at under [`MIN_ART_DPI`].
/// The link in `face`'s SVG of the image whose file holds `data`: the parsed tree keeps only
/// the pixels, the designer knows the file.
pub fn linked_image(game: &Game, face: &Face, data: &[u8]) -> Option<String> {
    let base = game.template_dir();
    crate::render::svg::linked_files(&face.svg)
        .into_iter()
        .find(|href| {
            crate::render::svg::sandboxed(&base, href)
                .ok()
                .and_then(|path| game.project.read(&path).ok())
                .as_deref()
                == Some(data)
        })
}

pub fn art_findings(game: &Game, face: &Face, tree: &usvg::Tree) -> Vec<ArtFinding> {
    let mut images = Vec::new();
    collect_images(tree.root(), &mut images);
    let mut out = Vec::new();
    for (data, printed) in images {
        let Ok(size) = imagesize::blob_size(data) else {
            continue;
        };
        // usvg measures the face in px at 96 per inch.
        let (w_in, h_in) = (printed.width() / 96.0, printed.height() / 96.0);
        if w_in <= 0.0 || h_in <= 0.0 {
            continue;
        }
        let dpi = (size.width as f32 / w_in).min(size.height as f32 / h_in);
        if dpi >= MIN_ART_DPI {
            continue;
        }
        let name = linked_image(game, face, data)
            .map_or_else(|| "an image".to_owned(), |h| format!("`{h}`"));
        let warning = format!(
            "{}/{} {}: art {name} prints at {:.0} dpi ({} × {} px over {:.1} × {:.1} mm); \
             use at least {MIN_ART_DPI:.0} dpi for a sharp print",
            face.component,
            face.card,
            face.side.name(),
            dpi,
            size.width,
            size.height,
            w_in * 25.4,
            h_in * 25.4,
        );
        out.push(((face.component.clone(), name), warning));
    }
    out
}

/// Every raster image of a tree with its printed box (px at 96 per inch).
fn collect_images<'a>(group: &'a usvg::Group, out: &mut Vec<(&'a [u8], usvg::Rect)>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => collect_images(g, out),
            usvg::Node::Image(image) => {
                let data = match image.kind() {
                    usvg::ImageKind::JPEG(d)
                    | usvg::ImageKind::PNG(d)
                    | usvg::ImageKind::GIF(d)
                    | usvg::ImageKind::WEBP(d) => d.as_slice(),
                    usvg::ImageKind::SVG(_) => continue,
                };
                out.push((data, image.abs_bounding_box()));
            }
            _ => {}
        }
    }
}
