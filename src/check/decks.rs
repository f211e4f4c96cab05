//! Deck backs: cards shuffled together during play must share one back, or players can tell
//! them apart face down.
//!
//! The manifest names each deck that forms during play and the components (or the cards of a
//! component, by a field filter) that go into it:
//!
//! ```yaml
//! decks:
//!   - name: Facility Deck after Midnight
//!     components: [facility, apex]
//!   - name: Ops Deck
//!     components: [ops, { component: wild, where: { deck: ops } }]
//! ```
//!
//! The check compares the hashes of the rendered back faces of every copy in the deck.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::check::filter::card_matches;
use crate::error::{Error, Result};
use crate::model::Game;
use crate::render::Renderer;
use crate::render::faces::{self, Faces};

/// A deck that forms during play.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckGroup {
    pub name: String,
    /// The components shuffled into it: an id, or `{ component, where }` for some of its cards.
    pub components: Vec<DeckMember>,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum DeckMember {
    Id(String),
    Filtered {
        component: String,
        #[serde(default, rename = "where")]
        filter: Map<String, Value>,
    },
}

impl DeckMember {
    fn id(&self) -> &str {
        match self {
            DeckMember::Id(id) | DeckMember::Filtered { component: id, .. } => id,
        }
    }

    fn filter(&self) -> Option<&Map<String, Value>> {
        match self {
            DeckMember::Id(_) => None,
            DeckMember::Filtered { filter, .. } => Some(filter),
        }
    }
}

/// The backs of one deck.
#[derive(Debug, Clone, Serialize)]
pub struct DeckReport {
    pub name: String,
    pub components: Vec<String>,
    /// How many different backs its copies print.
    pub backs: usize,
    pub passed: bool,
    pub problems: Vec<String>,
}

/// Renders the game's faces (templates only, no rasterising) to learn its backs.
pub fn render_faces(game: &Game) -> Result<Faces> {
    faces::render(game, &Renderer::load(game)?.templates, None)
}

/// Renders the backs (when `groups` is not empty) and checks them.
pub fn check_game_decks(game: &Game, groups: &[DeckGroup]) -> Result<Vec<DeckReport>> {
    if groups.is_empty() {
        return Ok(Vec::new());
    }
    let faces = render_faces(game)?;
    check_decks(game, groups, &faces)
}

/// Checks that every copy of each deck prints the same back. An unknown component id is an
/// error (bad input); differing or missing backs are failed decks.
pub fn check_decks(game: &Game, groups: &[DeckGroup], faces: &Faces) -> Result<Vec<DeckReport>> {
    groups.iter().map(|g| check_group(game, g, faces)).collect()
}

fn check_group(game: &Game, group: &DeckGroup, faces: &Faces) -> Result<DeckReport> {
    // back hash -> the first "component: card" printing it
    let mut backs: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut problems = Vec::new();
    for member in &group.components {
        let id = member.id();
        let Some(ci) = game.components.iter().position(|c| c.spec.id == id) else {
            let known: Vec<&str> = game.components.iter().map(|c| c.spec.id.as_str()).collect();
            return Err(Error::new(format!(
                "deck `{}` names component `{id}`, which the game does not have",
                group.name
            ))
            .help(crate::error::suggestion(id, known)));
        };
        let comp = game.components.get(ci);
        let mut selected = 0;
        for deck in faces.decks.iter().filter(|d| d.component == ci) {
            for copy in &deck.copies {
                let Some(card) = comp.and_then(|c| c.cards.get(copy.card)) else {
                    continue;
                };
                if member.filter().is_some_and(|f| !card_matches(card, f)) {
                    continue;
                }
                selected += 1;
                let who = format!("{id}: {}", card.name);
                match copy.back.and_then(|b| faces.faces.get(b)) {
                    Some(face) => {
                        let names = backs.entry(face.hash.clone()).or_default();
                        if !names.contains(&who) {
                            names.push(who);
                        }
                    }
                    None => problems.push(format!("{who} prints no back")),
                }
            }
        }
        if selected == 0 {
            problems.push(format!("`{id}` puts no cards into the deck"));
        }
    }
    if backs.len() > 1 {
        let kinds: Vec<String> = backs
            .values()
            .map(|names| {
                let mut n = names.clone();
                let more = n.len().saturating_sub(3);
                n.truncate(3);
                if more > 0 {
                    n.push(format!("{more} more"));
                }
                n.join(", ")
            })
            .collect();
        problems.push(format!(
            "{} different backs in one deck, so its cards can be told apart face down: {}",
            backs.len(),
            kinds.join(" | ")
        ));
    }
    Ok(DeckReport {
        name: group.name.clone(),
        components: group.components.iter().map(|m| m.id().to_owned()).collect(),
        backs: backs.len(),
        passed: problems.is_empty(),
        problems,
    })
}
