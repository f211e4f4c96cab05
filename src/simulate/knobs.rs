//! The numeric parameters a designer can turn: named, read, and set (`--set key=value`), and
//! the steps the sensitivity report takes.
//!
//! Names: `quota.day1`..`quota.dayN`, `clone_fee`, `pegs.red`, `pegs.white`, `midnight_at`,
//! `lockdown_at`, `weight_limit`, `cargo_weight_limit`, `max_lives`, `die.kill`, `die.evade`,
//! `die.trade`, `die.die` (faces of that kind on the die), `loot.tierN.count|value|weight`,
//! `hazard.tierN.count|damage`, `apex.count`, `price.<item>` (the item's name in lower case
//! with dashes, e.g. `price.level-2-pack`).

use crate::error::{Error, Result};
use crate::model::slugify;

use super::params::{DieFace, Params, Room};

/// Every knob the data gives, in a fixed order.
pub fn names(p: &Params) -> Vec<String> {
    let mut out: Vec<String> = (1..=p.quota.len())
        .map(|d| format!("quota.day{d}"))
        .collect();
    for n in [
        "clone_fee",
        "pegs.red",
        "pegs.white",
        "midnight_at",
        "lockdown_at",
        "weight_limit",
        "cargo_weight_limit",
        "max_lives",
    ] {
        out.push(n.to_owned());
    }
    out.extend(DieFace::ALL.iter().map(|f| format!("die.{}", f.name())));
    for t in tiers(p, true) {
        out.extend(["count", "value", "weight"].map(|k| format!("loot.tier{t}.{k}")));
    }
    for t in tiers(p, false) {
        out.extend(["count", "damage"].map(|k| format!("hazard.tier{t}.{k}")));
    }
    out.push("apex.count".to_owned());
    out.extend(p.shop.iter().map(|i| format!("price.{}", slugify(&i.name))));
    out
}

/// The loot (or hazard) tiers of the Facility Deck, ascending.
fn tiers(p: &Params, loot: bool) -> Vec<u32> {
    let mut t: Vec<u32> = p
        .facility
        .iter()
        .filter_map(|r| match (r, loot) {
            (Room::Loot { tier, .. }, true) => Some(*tier),
            (Room::Hazard { tier, .. }, false) => Some(*tier),
            _ => None,
        })
        .collect();
    t.sort_unstable();
    t.dedup();
    t
}

/// Whether a card belongs to the deck group `kind.tierN`.
fn in_group(r: &Room, loot: bool, tier: u32) -> bool {
    match r {
        Room::Loot { tier: t, .. } => loot && *t == tier,
        Room::Hazard { tier: t, .. } => !loot && *t == tier,
    }
}

fn unknown(name: &str, p: &Params) -> Error {
    Error::new(format!("there is no parameter `{name}` to set"))
        .help(format!("parameters: {}", names(p).join(", ")))
}

/// A deck knob `loot.tier2.value` as (loot?, tier, field).
fn deck_key(name: &str) -> Option<(bool, u32, &str)> {
    let (kind, rest) = name.split_once('.')?;
    let (tier, field) = rest.split_once('.')?;
    let tier = tier.strip_prefix("tier")?.parse().ok()?;
    match kind {
        "loot" => Some((true, tier, field)),
        "hazard" => Some((false, tier, field)),
        _ => None,
    }
}

/// The value of a knob.
pub fn get(p: &Params, name: &str) -> Result<u32> {
    let v = match name {
        "clone_fee" => p.clone_fee,
        "pegs.red" => p.red_pegs,
        "pegs.white" => p.white_pegs,
        "midnight_at" => p.midnight_at,
        "lockdown_at" => p.lockdown_at,
        "weight_limit" => p.weight_limit,
        "cargo_weight_limit" => p.upgraded_weight_limit,
        "max_lives" => p.max_lives,
        "apex.count" => p.apex.len() as u32,
        _ => return get_indexed(p, name),
    };
    Ok(v)
}

fn get_indexed(p: &Params, name: &str) -> Result<u32> {
    if let Some(day) = name.strip_prefix("quota.day") {
        let d: usize = day.parse().map_err(|_| unknown(name, p))?;
        return p
            .quota
            .get(d.wrapping_sub(1))
            .copied()
            .ok_or_else(|| unknown(name, p));
    }
    if let Some(face) = name.strip_prefix("die.").and_then(DieFace::parse) {
        return Ok(p.die.iter().filter(|f| **f == face).count() as u32);
    }
    if let Some(item) = name.strip_prefix("price.") {
        let found = p.shop.iter().find(|i| slugify(&i.name) == item);
        return found.map(|i| i.price).ok_or_else(|| unknown(name, p));
    }
    let (loot, tier, field) = deck_key(name).ok_or_else(|| unknown(name, p))?;
    let mut group = p.facility.iter().filter(|r| in_group(r, loot, tier));
    let first = group.clone().next().ok_or_else(|| unknown(name, p))?;
    match (field, first) {
        ("count", _) => Ok(group.by_ref().count() as u32),
        ("value", Room::Loot { value, .. }) => Ok(*value),
        ("weight", Room::Loot { weight, .. }) => Ok(*weight),
        ("damage", Room::Hazard { damage, .. }) => Ok(*damage),
        _ => Err(unknown(name, p)),
    }
}

/// Sets a knob. Die faces keep the die's size: added faces replace evade faces (kill faces
/// when setting `die.evade`), removed ones become evade (kill).
pub fn set(p: &mut Params, name: &str, value: u32) -> Result<()> {
    get(p, name)?;
    let slot = match name {
        "clone_fee" => &mut p.clone_fee,
        "pegs.red" => &mut p.red_pegs,
        "pegs.white" => &mut p.white_pegs,
        "midnight_at" => &mut p.midnight_at,
        "lockdown_at" => &mut p.lockdown_at,
        "weight_limit" => &mut p.weight_limit,
        "cargo_weight_limit" => &mut p.upgraded_weight_limit,
        "max_lives" => &mut p.max_lives,
        "apex.count" => return resize(&mut p.apex, |_| true, value, name),
        _ => return set_indexed(p, name, value),
    };
    *slot = value;
    Ok(())
}

fn set_indexed(p: &mut Params, name: &str, value: u32) -> Result<()> {
    if let Some(day) = name.strip_prefix("quota.day") {
        let d: usize = day.parse().unwrap_or(0);
        p.quota[d - 1] = value;
        return Ok(());
    }
    if let Some(face) = name.strip_prefix("die.").and_then(DieFace::parse) {
        return set_faces(p, face, value);
    }
    if let Some(item) = name.strip_prefix("price.") {
        for i in p.shop.iter_mut().filter(|i| slugify(&i.name) == item) {
            i.price = value;
        }
        return Ok(());
    }
    let Some((loot, tier, field)) = deck_key(name) else {
        return Err(unknown(name, p));
    };
    if field == "count" {
        return resize(&mut p.facility, |r| in_group(r, loot, tier), value, name);
    }
    for r in p.facility.iter_mut().filter(|r| in_group(r, loot, tier)) {
        match (field, r) {
            ("value", Room::Loot { value: v, .. })
            | ("weight", Room::Loot { weight: v, .. })
            | ("damage", Room::Hazard { damage: v, .. }) => *v = value,
            _ => {}
        }
    }
    Ok(())
}

/// Makes the cards matching `is` number `n`, copying the first of them or dropping the last.
fn resize(deck: &mut Vec<Room>, is: impl Fn(&Room) -> bool, n: u32, name: &str) -> Result<()> {
    let have = deck.iter().filter(|r| is(r)).count();
    let Some(&model) = deck.iter().find(|r| is(r)) else {
        return Err(Error::new(format!("`{name}` has no cards to copy")));
    };
    if (n as usize) > have {
        deck.extend(std::iter::repeat_n(model, n as usize - have));
    } else {
        let mut drop = have - n as usize;
        for i in (0..deck.len()).rev() {
            if drop > 0 && is(&deck[i]) {
                deck.remove(i);
                drop -= 1;
            }
        }
    }
    Ok(())
}

fn set_faces(p: &mut Params, face: DieFace, n: u32) -> Result<()> {
    let filler = if face == DieFace::Evade {
        DieFace::Kill
    } else {
        DieFace::Evade
    };
    if n as usize > p.die.len() {
        return Err(Error::new(format!(
            "the die has {} faces: it cannot show `{}` {n} times",
            p.die.len(),
            face.name()
        )));
    }
    let mut have = p.die.iter().filter(|f| **f == face).count();
    // Fillers are taken first, then any other face; removed faces become fillers.
    for pass_fillers in [true, false] {
        for f in p.die.iter_mut() {
            let spare = *f != face && (*f == filler) == pass_fillers;
            if have < n as usize && spare {
                *f = face;
                have += 1;
            } else if have > n as usize && *f == face {
                *f = filler;
                have -= 1;
            }
        }
    }
    Ok(())
}

/// Parses `key=value` for `--set`.
pub fn parse_assignment(s: &str) -> Result<(String, u32)> {
    let (k, v) = s.split_once('=').ok_or_else(|| {
        Error::new(format!(
            "`--set {s}` needs the form key=value, e.g. quota.day3=30"
        ))
    })?;
    let v = v.trim().parse::<u32>().map_err(|_| {
        Error::new(format!(
            "`--set {s}`: the value must be a whole number, not `{}`",
            v.trim()
        ))
    })?;
    Ok((k.trim().to_owned(), v))
}

/// Applies `--set` assignments in order.
pub fn apply(p: &mut Params, sets: &[(String, u32)]) -> Result<()> {
    for (k, v) in sets {
        set(p, k, *v)?;
    }
    p.check()
}

/// The step the sensitivity report takes: a tenth of the value, at least 1.
pub fn step(value: u32) -> u32 {
    ((f64::from(value) / 10.0).round() as u32).max(1)
}
