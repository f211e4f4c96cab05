//! `data/<game>/printed.json`: what was printed, written by `build --mark-printed` and read by
//! `reprint`: the content hash of every face, every card's count and fields, and a hash per
//! rules section.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::digest::hex;
use crate::error::{Error, Result};
use crate::model::Game;
use crate::project::Project;
use crate::render::faces::Faces;

/// One card as printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardRecord {
    pub name: String,
    pub count: u32,
    /// Content hashes of its faces: front, back (if any), then any others (layers, die faces).
    pub faces: Vec<String>,
    pub fields: Map<String, Value>,
}

/// One component as printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ComponentRecord {
    pub name: String,
    pub cards: BTreeMap<String, CardRecord>,
}

/// What was printed, meant to be committed with the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PrintRecord {
    pub game: String,
    pub revision: String,
    pub components: BTreeMap<String, ComponentRecord>,
    /// Rules section title -> hash of its text.
    pub rules: BTreeMap<String, String>,
    /// The records of the game's other languages, by code: each kit's cards, texts and rules
    /// sections as printed in that language, for a reprint in it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub languages: BTreeMap<String, PrintRecord>,
    /// The language of a record made for a kit other than the first language's (never
    /// written: such a record is kept under its code in the first one's `languages`).
    #[serde(skip)]
    pub language: Option<String>,
}

/// `data/<game>/printed.json`, relative to the project.
pub fn record_path(game: &str) -> PathBuf {
    Project::data_dir(game).join("printed.json")
}

/// Hashes of the rules sections (by heading) of rendered Markdown.
fn sections(markdown: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut title = "(before the first heading)".to_owned();
    let mut text = String::new();
    let flush = |title: &str, text: &str, out: &mut BTreeMap<String, String>| {
        if !text.trim().is_empty() {
            out.insert(
                title.to_owned(),
                hex(&Sha256::digest(text.trim().as_bytes()))[..12].to_owned(),
            );
        }
    };
    for line in markdown.lines() {
        if line.starts_with('#') {
            flush(&title, &text, &mut out);
            title = line.trim_start_matches('#').trim().to_owned();
            text.clear();
        } else {
            text.push_str(line);
            text.push('\n');
        }
    }
    flush(&title, &text, &mut out);
    out
}

/// The record of a game whose faces are rendered.
pub fn record_of(game: &Game, faces: &Faces) -> Result<PrintRecord> {
    let mut components = BTreeMap::new();
    for deck in &faces.decks {
        let comp = &game.components[deck.component];
        let mut cards = BTreeMap::new();
        for (i, card) in comp.cards.iter().enumerate() {
            let copy = deck.copies.iter().find(|c| c.card == i);
            let faces: Vec<String> = copy
                .map(|c| c.faces().map(|f| faces.faces[f].hash.clone()).collect())
                .unwrap_or_default();
            cards.insert(
                card.id.clone(),
                CardRecord {
                    name: card.name.clone(),
                    count: card.count,
                    faces,
                    fields: card.fields.clone(),
                },
            );
        }
        components.insert(
            comp.spec.id.clone(),
            ComponentRecord {
                name: comp.spec.name.to_string(),
                cards,
            },
        );
    }
    let rules = crate::render::rules::load(game)?
        .map(|r| sections(&r.markdown))
        .unwrap_or_default();
    let langs = &game.langs;
    let first = langs.all.first() == Some(&langs.current);
    Ok(PrintRecord {
        game: game.id.clone(),
        revision: game.file.revision.clone(),
        components,
        rules,
        languages: BTreeMap::new(),
        language: (!first).then(|| langs.current.clone()),
    })
}

impl PrintRecord {
    /// Takes `record` (of one kit) into this print record: the first language's replaces the
    /// top level and keeps the other languages recorded before; another's is kept under its
    /// code.
    pub fn merge(self, record: PrintRecord) -> PrintRecord {
        match record.language.clone() {
            None => PrintRecord {
                languages: self.languages,
                ..record
            },
            Some(lang) => {
                let mut merged = self;
                merged.languages.insert(
                    lang,
                    PrintRecord {
                        language: None,
                        ..record
                    },
                );
                merged
            }
        }
    }

    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("records serialize");
        s.push('\n');
        s
    }
}

/// Reads `data/<game>/printed.json`.
pub fn load_record(game: &Game) -> Result<PrintRecord> {
    let path = record_path(&game.id);
    let text = game.project.read_text(&path).map_err(|e| {
        e.help(
            "print the game first with `protopress build GAME --mark-printed`, or use --since REV",
        )
    })?;
    parse_record(&text, &path)
}

/// Reads `data/<game>/printed.json` when there is one: a print recorded over a damaged record
/// would lose the other languages' silently, so damage is an error here too.
pub fn read_record(project: &Project, game: &str) -> Result<Option<PrintRecord>> {
    let path = record_path(game);
    match project.read_optional_text(&path)? {
        Some(text) => parse_record(&text, &path).map(Some),
        None => Ok(None),
    }
}

fn parse_record(text: &str, path: &std::path::Path) -> Result<PrintRecord> {
    serde_json::from_str(text).map_err(|e| {
        Error::new(format!("the print record is damaged: {e}"))
            .in_file(path)
            .at(e.line(), e.column())
            .help("restore it from git, or delete it and print again with --mark-printed")
    })
}
