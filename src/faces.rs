//! Expanding counts into faces: every card copy gets a front and (unless the deck has none) a
//! back; identical faces are rendered and stored once.
//!
//! A face is identified by the hash of its rendered SVG, so two cards whose data renders the
//! same picture share one face even when the designer wrote them as separate entries.

use std::collections::HashMap;
use std::path::Path;

use rayon::prelude::*;
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};
use tera::Context;

use crate::error::{Error, Result};
use crate::model::{Card, Component, Game};
use crate::print::CardSize;
use crate::templates::Templates;

/// One unique rendered face.
#[derive(Debug, Clone)]
pub struct Face {
    /// The SVG text the template produced.
    pub svg: String,
    /// SHA-256 of `svg`, hex; stable across builds, used to tell faces apart.
    pub hash: String,
    /// Trim size of the face.
    pub size: CardSize,
    /// Who first produced it, for messages: component id, card id, side.
    pub component: String,
    pub card: String,
    pub side: &'static str,
}

/// One printed copy: indices into [`Faces::faces`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardCopy {
    pub front: usize,
    pub back: Option<usize>,
}

/// The copies of one component, in print order.
#[derive(Debug, Clone)]
pub struct Deck {
    pub component: usize,
    pub copies: Vec<CardCopy>,
    /// Unique face indices used by this deck (fronts and backs).
    pub unique_faces: usize,
}

/// All faces of a game and how the components use them.
#[derive(Debug, Clone, Default)]
pub struct Faces {
    pub faces: Vec<Face>,
    pub decks: Vec<Deck>,
}

/// The values a template sees as `face`: sizes in mm, bleed included in `width`/`height`.
pub fn face_context(size: CardSize, bleed: f32, safe: f32, side: &str) -> Value {
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
    });
    merge(as_map(base), &f.data, "the game's `data`")
}

pub fn component_context(c: &Component) -> Result<Value> {
    let s = &c.spec;
    let base = json!({
        "id": s.id,
        "name": s.name,
        "size": s.size,
        "copies": c.copies(),
        "cards": c.cards.len(),
    });
    merge(as_map(base), &s.data, "the component's `data`")
}

fn card_context(card: &Card, index: usize) -> Result<Value> {
    let base = json!({
        "id": card.id,
        "name": card.name,
        "count": card.count,
        "index": index,
        "back": card.back,
    });
    merge(as_map(base), &card.fields, "the card")
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
    side: &'static str,
    template: &'a str,
}

/// Renders every unique face of `game` and records which face each copy uses.
pub fn render(game: &Game, templates: &Templates) -> Result<Faces> {
    let print = &game.file.print;
    let game_ctx = game_context(game).map_err(|e| e.game(&game.id))?;
    let mut jobs = Vec::new();
    let mut comp_ctx = Vec::new();
    for (d, comp) in game.components.iter().enumerate() {
        let spec = &comp.spec;
        let err = |e: Error| e.game(&game.id).component(&spec.id);
        templates.require(&spec.front).map_err(err)?;
        if let Some(back) = &spec.back {
            templates.require(&back.template).map_err(err)?;
        }
        comp_ctx.push(component_context(comp).map_err(err)?);
        for (i, card) in comp.cards.iter().enumerate() {
            if card.count == 0 {
                continue;
            }
            jobs.push(Job {
                deck: d,
                card: Some(i),
                side: "front",
                template: &spec.front,
            });
            if let Some(back) = spec.back.as_ref().filter(|b| b.per_card) {
                jobs.push(Job {
                    deck: d,
                    card: Some(i),
                    side: "back",
                    template: &back.template,
                });
            }
        }
        if let Some(back) = spec.back.as_ref().filter(|b| !b.per_card) {
            jobs.push(Job {
                deck: d,
                card: None,
                side: "back",
                template: &back.template,
            });
        }
    }

    let root: &Path = &game.root;
    let rendered: Vec<Result<String>> = jobs
        .par_iter()
        .map(|job| {
            let comp = &game.components[job.deck];
            let card = job.card.map(|i| &comp.cards[i]);
            let err = |e: Error| {
                let e = e.game(&game.id).component(&comp.spec.id);
                match card {
                    Some(c) => e.card(&c.name),
                    None => e,
                }
            };
            let mut ctx = Context::new();
            ctx.insert("game", &game_ctx);
            ctx.insert("component", &comp_ctx[job.deck]);
            if let (Some(card), Some(i)) = (card, job.card) {
                ctx.insert("card", &card_context(card, i).map_err(err)?);
            }
            let face = face_context(comp.spec.size, print.bleed_mm, print.safe_zone_mm, job.side);
            ctx.insert("face", &face);
            templates.render(root, job.template, &ctx).map_err(err)
        })
        .collect();

    // Deduplicate in job order so face numbering is the same on every run.
    let mut faces: Vec<Face> = Vec::new();
    let mut by_hash: HashMap<String, usize> = HashMap::new();
    let mut job_face = Vec::with_capacity(jobs.len());
    for (job, svg) in jobs.iter().zip(rendered) {
        let svg = svg?;
        let hash = hex(&Sha256::digest(svg.as_bytes()));
        let comp = &game.components[job.deck];
        let index = *by_hash.entry(hash.clone()).or_insert_with(|| {
            faces.push(Face {
                svg,
                hash,
                size: comp.spec.size,
                component: comp.spec.id.clone(),
                card: job
                    .card
                    .map_or_else(|| "(shared back)".to_owned(), |i| comp.cards[i].id.clone()),
                side: job.side,
            });
            faces.len() - 1
        });
        job_face.push(index);
    }

    let mut decks: Vec<Deck> = (0..game.components.len())
        .map(|component| Deck {
            component,
            copies: Vec::new(),
            unique_faces: 0,
        })
        .collect();
    let shared_back: HashMap<usize, usize> = jobs
        .iter()
        .zip(&job_face)
        .filter(|(j, _)| j.card.is_none())
        .map(|(j, &f)| (j.deck, f))
        .collect();
    let mut i = 0;
    while i < jobs.len() {
        let job = &jobs[i];
        let Some(card) = job.card else {
            i += 1;
            continue;
        };
        let front = job_face[i];
        let per_card_back = jobs
            .get(i + 1)
            .filter(|n| n.card == Some(card) && n.deck == job.deck && n.side == "back")
            .map(|_| job_face[i + 1]);
        let back = per_card_back.or_else(|| shared_back.get(&job.deck).copied());
        let count = game.components[job.deck].cards[card].count;
        decks[job.deck].copies.extend(std::iter::repeat_n(
            CardCopy { front, back },
            count as usize,
        ));
        i += if per_card_back.is_some() { 2 } else { 1 };
    }
    for deck in &mut decks {
        let mut used: Vec<usize> = deck
            .copies
            .iter()
            .flat_map(|c| std::iter::once(c.front).chain(c.back))
            .collect();
        used.sort_unstable();
        used.dedup();
        deck.unique_faces = used.len();
    }
    Ok(Faces { faces, decks })
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
