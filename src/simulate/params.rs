//! The rules parameters of Death to Decorum, read from the game's own data, so that a tweak
//! to the YAML changes the print and the odds together.

use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, Result};
use crate::model::{Component, Game};

/// A card of the Facility Deck or the Apex reserve, as the simulation needs it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Room {
    Loot { value: u32, weight: u32 },
    Hazard { damage: u32 },
}

/// A face of the combat die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DieFace {
    Kill,
    Evade,
    Trade,
    Die,
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

fn component<'g>(game: &'g Game, id: &str) -> Result<&'g Component> {
    game.components
        .iter()
        .find(|c| c.spec.id == id)
        .ok_or_else(|| {
            Error::new(format!("the simulation needs the component `{id}`")).game(&game.id)
        })
}

fn num(v: Option<&Value>, what: &str) -> Result<u32> {
    v.and_then(Value::as_u64)
        .map(|n| n as u32)
        .ok_or_else(|| Error::new(format!("the simulation needs a number for {what}")))
}

fn rooms(comp: &Component) -> Result<Vec<Room>> {
    let mut out = Vec::new();
    for card in &comp.cards {
        let f = &card.fields;
        let room = match f.get("kind").and_then(Value::as_str) {
            Some("loot") => Room::Loot {
                value: num(f.get("value"), &format!("the value of `{}`", card.name))?,
                weight: num(f.get("weight"), &format!("the weight of `{}`", card.name))?,
            },
            _ => Room::Hazard {
                damage: num(f.get("damage"), &format!("the damage of `{}`", card.name))?,
            },
        };
        out.extend(std::iter::repeat_n(room, card.count as usize));
    }
    Ok(out)
}

impl Params {
    /// Reads the parameters for a crew of `players` from Death to Decorum's data.
    pub fn from_game(game: &Game, players: u32) -> Result<Params> {
        let bought = component(game, "bought")?;
        let pegs = |colour: &str| -> u32 {
            bought
                .cards
                .iter()
                .filter(|c| {
                    c.name.contains("Telemetry")
                        && c.fields.get("colour").and_then(Value::as_str) == Some(colour)
                })
                .map(|c| c.count)
                .sum()
        };
        let board = &component(game, "time-board")?.spec.data;
        let die = component(game, "combat-die")?;
        let faces = die
            .cards
            .first()
            .and_then(|c| c.fields.get("faces"))
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let die = faces
            .iter()
            .map(|f| match f.as_str() {
                Some("kill") => Ok(DieFace::Kill),
                Some("evade") => Ok(DieFace::Evade),
                Some("trade") => Ok(DieFace::Trade),
                Some("die") => Ok(DieFace::Die),
                other => Err(Error::new(format!("unknown die face {other:?}"))),
            })
            .collect::<Result<Vec<_>>>()?;
        let packs = &component(game, "backpacks")?.spec.data;
        let cargo = &component(game, "cargo-packs")?.spec.data;
        let ship = &component(game, "ship")?.spec.data;
        let quota = ship
            .get("quota")
            .and_then(Value::as_array)
            .and_then(|rows| {
                rows.iter().find(|r| {
                    let crew = r.get("crew").and_then(Value::as_str).unwrap_or("");
                    let (lo, hi) = crew.split_once('-').unwrap_or((crew, crew));
                    let (lo, hi): (u32, u32) = (
                        lo.trim().parse().unwrap_or(0),
                        hi.trim().parse().unwrap_or(0),
                    );
                    (lo..=hi).contains(&players)
                })
            })
            .and_then(|r| r.get("days"))
            .and_then(Value::as_array)
            .map(|d| {
                d.iter()
                    .filter_map(Value::as_u64)
                    .map(|v| v as u32)
                    .collect::<Vec<u32>>()
            })
            .ok_or_else(|| {
                Error::new(format!(
                    "the ship's quota table has no row for a crew of {players}"
                ))
            })?;
        let shop = ship
            .get("shop")
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(|i| {
                        Some(ShopItem {
                            name: i.get("name")?.as_str()?.to_owned(),
                            price: i.get("price")?.as_u64()? as u32,
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        let params = Params {
            white_pegs: pegs("white"),
            red_pegs: pegs("red"),
            midnight_at: num(board.get("midnight_at"), "the time board's midnight_at")?,
            lockdown_at: num(board.get("lockdown_at"), "the time board's lockdown_at")?,
            facility: rooms(component(game, "facility")?)?,
            apex: rooms(component(game, "apex")?)?,
            die,
            weight_limit: num(packs.get("weight_limit"), "the backpack's weight_limit")?,
            upgraded_weight_limit: num(cargo.get("weight_limit"), "the cargo pack's weight_limit")?,
            max_lives: num(packs.get("max_lives"), "the backpack's max_lives")?,
            quota,
            clone_fee: num(ship.get("clone_fee"), "the ship's clone_fee")?,
            shop,
            body_drag_weight: 3,
        };
        if params.die.is_empty() || params.facility.is_empty() || params.quota.is_empty() {
            return Err(
                Error::new("the simulation needs a die, a facility deck and a quota")
                    .game(&game.id),
            );
        }
        Ok(params)
    }

    pub fn price(&self, name: &str) -> Option<u32> {
        self.shop.iter().find(|i| i.name == name).map(|i| i.price)
    }
}
