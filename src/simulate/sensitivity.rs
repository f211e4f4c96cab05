//! Which numbers in the data move the win rate most: each knob one step down and up, played
//! on the same seeds as the base (common random numbers), ranked by effect.

use rayon::prelude::*;
use serde::Serialize;

use super::engine::Strategy;
use super::knobs;
use super::params::Params;
use super::stats::Rate;

/// One knob's effect.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub name: String,
    pub value: u32,
    pub step: u32,
    /// Win rates one step down and up (none where the step gives an unplayable game).
    pub down: Option<Rate>,
    pub up: Option<Rate>,
    /// The larger change in win rate, either way (a share, not percentage points).
    pub effect: f64,
}

/// The ranking, largest effect first.
#[derive(Debug, Clone, Serialize)]
pub struct Sensitivity {
    pub players: u32,
    pub strategy: Strategy,
    pub games: u32,
    pub seed: u64,
    pub base: Rate,
    pub rows: Vec<Row>,
}

fn win_rate(p: &Params, players: u32, strategy: Strategy, games: u32, seed: u64) -> Rate {
    let wins = (0..games)
        .into_par_iter()
        .filter(|&n| {
            let s = crate::simulate::seeds::game_seed(seed, players, strategy, n);
            super::engine::Game::new(p, players as usize, strategy, s, false)
                .play()
                .won
        })
        .count();
    Rate::new(wins as u64, u64::from(games))
}

/// `base` with one knob set, if that still plays.
fn varied(base: &Params, name: &str, value: u32) -> Option<Params> {
    let mut p = base.clone();
    knobs::set(&mut p, name, value).ok()?;
    let playable = p.check().is_ok()
        && p.midnight_at <= p.lockdown_at
        && p.lockdown_at <= p.red_pegs
        && p.weight_limit > 0;
    playable.then_some(p)
}

pub fn sensitivity(
    base: &Params,
    players: u32,
    strategy: Strategy,
    games: u32,
    seed: u64,
) -> Sensitivity {
    let base_rate = win_rate(base, players, strategy, games, seed);
    let mut rows: Vec<Row> = knobs::names(base)
        .into_iter()
        .filter_map(|name| {
            let value = knobs::get(base, &name).ok()?;
            let step = knobs::step(value);
            let rate = |v: Option<u32>| {
                let p = varied(base, &name, v?)?;
                Some(win_rate(&p, players, strategy, games, seed))
            };
            let (down, up) = (rate(value.checked_sub(step)), rate(Some(value + step)));
            let effect = [down, up]
                .iter()
                .flatten()
                .map(|r| (r.rate - base_rate.rate).abs())
                .fold(0.0, f64::max);
            Some(Row {
                name,
                value,
                step,
                down,
                up,
                effect,
            })
        })
        .collect();
    rows.sort_by(|a, b| b.effect.total_cmp(&a.effect).then(a.name.cmp(&b.name)));
    Sensitivity {
        players,
        strategy,
        games,
        seed,
        base: base_rate,
        rows,
    }
}
