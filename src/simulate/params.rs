//! The rules parameters of Death to Decorum, read from the game's own data, so that a tweak
//! to the YAML changes the print and the odds together.
//!
//! Components are found by role: the id named in `game.yaml` under
//! `data: simulation: <role>: <component id>`, else the usual id, else the one component
//! whose kind and fields fit the role (see [`ROLES`]).

use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, Result};
use crate::model::{Component, ComponentKind, Game};

/// A card of the Facility Deck or the Apex reserve, as the simulation needs it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Room {
    Loot {
        value: u32,
        weight: u32,
        tier: u32,
    },
    /// `tier` from the card (its damage when the card has none); `apex` for the reserve.
    Hazard {
        damage: u32,
        tier: u32,
        apex: bool,
    },
}

/// A face of the combat die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DieFace {
    Kill,
    Evade,
    Trade,
    Die,
}

impl DieFace {
    pub const ALL: [DieFace; 4] = [DieFace::Kill, DieFace::Evade, DieFace::Trade, DieFace::Die];

    pub fn name(self) -> &'static str {
        match self {
            DieFace::Kill => "kill",
            DieFace::Evade => "evade",
            DieFace::Trade => "trade",
            DieFace::Die => "die",
        }
    }

    pub fn parse(s: &str) -> Option<DieFace> {
        DieFace::ALL.into_iter().find(|f| f.name() == s)
    }
}

/// An upgrade sold on the ship.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShopItem {
    pub name: String,
    pub price: u32,
}

/// Everything the rules engine reads from the data.
#[derive(Debug, Clone, Serialize)]
pub struct Params {
    pub white_pegs: u32,
    pub red_pegs: u32,
    /// Red pegs on the faults track that start Midnight (the 4th).
    pub midnight_at: u32,
    /// Red pegs that lock the facility down (the 6th).
    pub lockdown_at: u32,
    pub facility: Vec<Room>,
    pub apex: Vec<Room>,
    pub die: Vec<DieFace>,
    pub weight_limit: u32,
    pub upgraded_weight_limit: u32,
    pub max_lives: u32,
    /// Quota per day for the crew size played.
    pub quota: Vec<u32>,
    pub clone_fee: u32,
    pub shop: Vec<ShopItem>,
    /// Weight a dragged, downed teammate takes up.
    pub body_drag_weight: u32,
}

/// The roles the simulation looks components up by: (role, usual id, what it must be).
pub const ROLES: [(&str, &str, &str); 7] = [
    (
        "facility",
        "facility",
        "a deck of `kind: loot` and `kind: hazard` cards",
    ),
    (
        "apex",
        "apex",
        "a deck of hazard cards shuffled in at Midnight (`kind: apex`)",
    ),
    (
        "die",
        "combat-die",
        "a component of kind `die` whose card lists `faces`",
    ),
    (
        "pegs",
        "bought",
        "a `bought` component with red and white Telemetry Pegs",
    ),
    (
        "clock",
        "time-board",
        "a component whose `data:` has `midnight_at` and `lockdown_at`",
    ),
    (
        "packs",
        "backpacks",
        "a component whose `data:` has `weight_limit` and `max_lives`",
    ),
    (
        "ship",
        "ship",
        "a component whose `data:` has `quota`, `clone_fee` and `shop`",
    ),
];

fn game_yaml(game: &Game) -> std::path::PathBuf {
    game.data_dir().join("game.yaml")
}

/// Whether `c` can play `role`.
fn fits(role: &str, c: &Component) -> bool {
    let kinds = |k: &str| c.cards.iter().any(|card| card_kind(card) == Some(k));
    let has = |key: &str| c.spec.data.contains_key(key);
    match role {
        "facility" => kinds("loot") && kinds("hazard"),
        "apex" => kinds("apex"),
        "die" => c.spec.kind == ComponentKind::Die,
        "pegs" => c.spec.kind == ComponentKind::Bought && c.cards.iter().any(is_peg),
        "clock" => has("midnight_at") && has("lockdown_at"),
        "packs" => has("weight_limit") && has("max_lives"),
        "ship" => has("quota"),
        _ => false,
    }
}

fn card_kind(card: &crate::model::Card) -> Option<&str> {
    card.fields.get("kind").and_then(Value::as_str)
}

fn is_peg(card: &crate::model::Card) -> bool {
    card.name.contains("Telemetry") && card.fields.get("colour").is_some()
}

/// The component playing `role`.
pub fn component<'g>(game: &'g Game, role: &str) -> Result<&'g Component> {
    let (_, usual, what) = ROLES
        .iter()
        .find(|r| r.0 == role)
        .copied()
        .unwrap_or((role, role, role));
    let by_id = |id: &str| game.components.iter().find(|c| c.spec.id == id);
    let named = game
        .file
        .data
        .get("simulation")
        .and_then(|s| s.get(role))
        .and_then(Value::as_str);
    if let Some(id) = named {
        return by_id(id).ok_or_else(|| {
            Error::new(format!(
                "`data: simulation: {role}:` names the component `{id}`, which the game does not have"
            ))
            .in_file(game_yaml(game))
            .game(&game.id)
        });
    }
    by_id(usual)
        .filter(|c| fits(role, c))
        .or_else(|| game.components.iter().find(|c| fits(role, c)))
        .ok_or_else(|| {
            Error::new(format!(
                "the Death to Decorum simulation needs {what} (the `{role}` role), and no component fits"
            ))
            .in_file(game_yaml(game))
            .game(&game.id)
            .help(format!(
                "add such a component, or name it in game.yaml: `data: {{ simulation: {{ {role}: <component id> }} }}`"
            ))
        })
}

/// A whole number from a component's `data:` (in game.yaml).
fn data_num(game: &Game, comp: &Component, key: &str) -> Result<u32> {
    let v = comp.spec.data.get(key);
    v.and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            let found = v.map_or("nothing".to_owned(), |v| format!("`{v}`"));
            Error::new(format!(
                "the simulation needs a whole number for `data: {key}` of the component `{}`, and found {found}",
                comp.spec.id
            ))
            .in_file(game_yaml(game))
            .game(&game.id)
            .component(&comp.spec.id)
        })
}

/// A whole number from a card's field.
fn card_num(comp: &Component, card: &crate::model::Card, key: &str) -> Result<u32> {
    let v = card.fields.get(key);
    v.and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            let found = v.map_or("nothing".to_owned(), |v| format!("`{v}`"));
            let mut e = Error::new(format!(
                "the simulation needs a whole number for the `{key}` of the card `{}`, and found {found}",
                card.name
            ))
            .in_file(&comp.cards_file)
            .component(&comp.spec.id)
            .card(&card.name);
            if let Some(line) = card.line {
                e = e.at(line, 1);
            }
            e
        })
}

fn rooms(comp: &Component, apex: bool) -> Result<Vec<Room>> {
    let mut out = Vec::new();
    for card in &comp.cards {
        let room = if card_kind(card) == Some("loot") {
            Room::Loot {
                value: card_num(comp, card, "value")?,
                weight: card_num(comp, card, "weight")?,
                tier: card_num(comp, card, "tier").unwrap_or(0),
            }
        } else {
            let damage = card_num(comp, card, "damage")?;
            Room::Hazard {
                damage,
                tier: card_num(comp, card, "tier").unwrap_or(damage),
                apex,
            }
        };
        out.extend(std::iter::repeat_n(room, card.count as usize));
    }
    Ok(out)
}

fn die_faces(die: &Component) -> Result<Vec<DieFace>> {
    let err = |msg: String| {
        Error::new(msg)
            .in_file(&die.cards_file)
            .component(&die.spec.id)
    };
    let card = die
        .cards
        .first()
        .ok_or_else(|| err("the combat die has no card listing its faces".to_owned()))?;
    let faces = card
        .fields
        .get("faces")
        .and_then(Value::as_array)
        .ok_or_else(|| err(format!("the die `{}` has no `faces` list", card.name)))?;
    faces
        .iter()
        .map(|f| {
            f.as_str().and_then(DieFace::parse).ok_or_else(|| {
                let shown = f.as_str().map_or_else(|| f.to_string(), str::to_owned);
                err(format!(
                    "the combat die has a face `{shown}`; the simulation knows kill, evade, trade and die"
                ))
                .card(&card.name)
            })
        })
        .collect()
}

/// The quota row for a crew of `players`: rows are `{ crew: "1-2", days: [..] }`.
fn quota(game: &Game, ship: &Component, players: u32) -> Result<Vec<u32>> {
    let rows = ship.spec.data.get("quota").and_then(Value::as_array);
    let fits = |r: &&Value| {
        let crew = match r.get("crew") {
            Some(Value::String(s)) => s.clone(),
            Some(v) => v.to_string(),
            None => return false,
        };
        let (lo, hi) = crew.split_once('-').unwrap_or((&crew, &crew));
        match (lo.trim().parse::<u32>(), hi.trim().parse::<u32>()) {
            (Ok(lo), Ok(hi)) => (lo..=hi).contains(&players),
            _ => false,
        }
    };
    let days = rows
        .and_then(|rows| rows.iter().find(fits))
        .and_then(|r| r.get("days"))
        .and_then(Value::as_array)
        .ok_or_else(|| {
            Error::new(format!(
                "the ship's `data: quota` table has no row for a crew of {players} (rows look like `{{ crew: \"1-2\", days: [15, 30, 55] }}`)"
            ))
            .in_file(game_yaml(game))
            .component(&ship.spec.id)
        })?;
    Ok(days
        .iter()
        .filter_map(Value::as_u64)
        .map(|v| v as u32)
        .collect())
}

fn shop(ship: &Component) -> Vec<ShopItem> {
    let items = ship.spec.data.get("shop").and_then(Value::as_array);
    items
        .into_iter()
        .flatten()
        .filter_map(|i| {
            Some(ShopItem {
                name: i.get("name")?.as_str()?.to_owned(),
                price: u32::try_from(i.get("price")?.as_u64()?).ok()?,
            })
        })
        .collect()
}

/// The crew sizes the ship's quota table covers, in order.
pub fn crew_sizes(game: &Game) -> Result<Vec<u32>> {
    let ship = component(game, "ship")?;
    Ok((1..=8).filter(|&n| quota(game, ship, n).is_ok()).collect())
}

impl Params {
    /// Reads the parameters for a crew of `players` from Death to Decorum's data.
    pub fn from_game(game: &Game, players: u32) -> Result<Params> {
        let pegs_comp = component(game, "pegs")?;
        let pegs = |colour: &str| -> u32 {
            let has = |c: &&crate::model::Card| {
                is_peg(c) && c.fields.get("colour").and_then(Value::as_str) == Some(colour)
            };
            pegs_comp.cards.iter().filter(has).map(|c| c.count).sum()
        };
        let clock = component(game, "clock")?;
        let packs: Vec<&Component> = game
            .components
            .iter()
            .filter(|c| fits("packs", c))
            .collect();
        let pack = component(game, "packs")?;
        let cargo = packs
            .iter()
            .copied()
            .max_by_key(|c| c.spec.data.get("weight_limit").and_then(Value::as_u64))
            .unwrap_or(pack);
        let ship = component(game, "ship")?;
        let params = Params {
            white_pegs: pegs("white"),
            red_pegs: pegs("red"),
            midnight_at: data_num(game, clock, "midnight_at")?,
            lockdown_at: data_num(game, clock, "lockdown_at")?,
            facility: rooms(component(game, "facility")?, false)?,
            apex: rooms(component(game, "apex")?, true)?,
            die: die_faces(component(game, "die")?)?,
            weight_limit: data_num(game, pack, "weight_limit")?,
            upgraded_weight_limit: data_num(game, cargo, "weight_limit")?,
            max_lives: data_num(game, pack, "max_lives")?,
            quota: quota(game, ship, players)?,
            clone_fee: data_num(game, ship, "clone_fee")?,
            shop: shop(ship),
            body_drag_weight: 3,
        };
        params
            .check()
            .map_err(|e| e.in_file(game_yaml(game)).game(&game.id))?;
        Ok(params)
    }

    /// What the engine cannot play without.
    pub fn check(&self) -> Result<()> {
        let missing = [
            (self.die.is_empty(), "a die with faces"),
            (self.facility.is_empty(), "a Facility Deck with cards"),
            (self.quota.is_empty(), "a quota for at least one day"),
            (self.red_pegs == 0, "red Telemetry Pegs"),
            (
                self.midnight_at == 0 || self.lockdown_at == 0,
                "midnight_at and lockdown_at above 0",
            ),
        ];
        match missing.iter().find(|m| m.0) {
            Some((_, what)) => Err(Error::new(format!("the simulation needs {what}"))),
            None => Ok(()),
        }
    }

    pub fn price(&self, name: &str) -> Option<u32> {
        self.shop.iter().find(|i| i.name == name).map(|i| i.price)
    }
}
