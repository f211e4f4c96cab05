//! The rules text: `data/<game>/rules.md`, first rendered with Tera so it can quote the data
//! (`{{ components.facility.copies }}`, a price, a quota), so that a tweak to the data flows into
//! the rulebook.
//!
//! Unlike faces, the output is Markdown, not XML: values are inserted as they are.

use std::path::PathBuf;

use serde_json::{Map, Value, json};
use tera::{Context, Tera};

use crate::error::{Error, Result};
use crate::model::Game;
use crate::render::faces::{component_context, game_context};

/// The rendered rules of a game.
#[derive(Debug, Clone)]
pub struct Rules {
    /// `data/<game>/rules.md`, relative to the project.
    pub file: PathBuf,
    /// The Markdown after Tera.
    pub markdown: String,
}

/// Where a game's rules live: `rules.md`, or `rules.<lang>.md` for a kit in another language.
pub fn rules_path(game: &Game) -> PathBuf {
    game.rules_file()
}

/// Values the rules can quote: `game`, and `components.<id>` with its `cards`.
pub fn context(game: &Game) -> Result<Context> {
    let mut components = Map::new();
    for comp in &game.components {
        let mut value = component_context(comp)?;
        let cards: Vec<Value> = comp
            .cards
            .iter()
            .map(|c| {
                let mut m = c.fields.clone();
                m.insert("id".into(), json!(c.id));
                m.insert("name".into(), json!(c.name));
                m.insert("count".into(), json!(c.count));
                Value::Object(m)
            })
            .collect();
        if let Value::Object(m) = &mut value {
            m.insert("card_list".into(), Value::Array(cards));
        }
        components.insert(comp.spec.id.replace('-', "_"), value);
    }
    let mut ctx = Context::new();
    ctx.insert("game", &game_context(game)?);
    ctx.insert("components", &Value::Object(components));
    Ok(ctx)
}

/// Reads and renders the rules; `None` when the game has no `rules.md`.
pub fn load(game: &Game) -> Result<Option<Rules>> {
    let file = rules_path(game);
    let Some(source) = game.project.read_optional_text(&file)? else {
        return Ok(None);
    };
    let mut tera = Tera::new();
    tera.autoescape_on(Vec::<&str>::new());
    let name = file.to_string_lossy().into_owned();
    let err = |e: tera::Error| -> Error {
        let (msg, line, col) = match e.kind() {
            tera::ErrorKind::SyntaxError(r) | tera::ErrorKind::RenderingError(r) => (
                r.message().to_owned(),
                Some(r.span().start_line),
                r.span().start_col + 1,
            ),
            _ => (e.to_string(), None, 1),
        };
        let mut out = Error::new(format!("in the rules: {msg}"))
            .in_file(&file)
            .game(&game.id);
        if let Some(l) = line {
            out = out.at(l, col).with_source(&source);
        }
        out
    };
    tera.add_raw_template(&name, &source).map_err(err)?;
    let budget = crate::budget::Stage::open(
        format!("filling in the template of {}", file.display()),
        crate::budget::RULEBOOK_ALLOWANCE_MB,
    );
    let markdown = tera.render(&name, &context(game)?).map_err(err)?;
    drop(budget);
    let limit = max_rules_bytes();
    if markdown.len() > limit {
        return Err(Error::new(format!(
            "the rules are {} KB long, more than the {} KB a rulebook may have",
            markdown.len() >> 10,
            limit >> 10
        ))
        .in_file(&file)
        .game(&game.id)
        .help(
            "a rulebook of 1 MB is some 400 pages; if yours is longer, set \
             PROTOPRESS_MAX_RULES_KB to raise the limit",
        ));
    }
    Ok(Some(Rules { file, markdown }))
}

/// The longest rules text typeset (after its template is filled in): 1 MB, or
/// `PROTOPRESS_MAX_RULES_KB`. Typesetting takes some seconds and a third of a gigabyte per
/// megabyte of text, so a runaway text is stopped before it starts.
pub fn max_rules_bytes() -> usize {
    std::env::var("PROTOPRESS_MAX_RULES_KB")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(1024)
        .saturating_mul(1024)
}
