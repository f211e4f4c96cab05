//! Monte-Carlo playtest of Death to Decorum, from the same data the kit is printed from, and
//! deck statistics for any game.
//!
//! `params` reads the rules parameters from the game's YAML (components found by role),
//! `knobs` names and sets them, `engine` plays games by the rules with a named strategy, and
//! this module runs many seeded games in parallel (each game its own random stream, see
//! `rng`) for each crew size, and summarises them (`report`, `text`), with the best case the
//! data allows (`bound`), a sensitivity ranking (`sensitivity`) and SVG charts (`charts`).
//! `deck` gives card-draw odds for every game.

pub mod bound;
pub mod chart;
pub mod charts;
pub mod deck;
pub mod engine;
pub mod knobs;
pub mod params;
pub mod report;
pub mod rng;
pub mod seeds;
pub mod sensitivity;
pub mod stats;
mod text;

use rayon::prelude::*;
use serde::Serialize;

use crate::error::Result;
use crate::model::Game;
use engine::{GameRecord, READINGS, Reading, Strategy};
use params::Params;
pub use report::{CrewReport, StrategyReport};
pub use seeds::game_seed;
pub use sensitivity::Sensitivity;

/// What to simulate.
#[derive(Debug, Clone)]
pub struct SimOptions {
    /// Crew sizes, one report each.
    pub players: Vec<u32>,
    pub games: u32,
    pub seed: u64,
    pub strategies: Vec<Strategy>,
    /// `--set` changes to the parameters read from the data, applied in order.
    pub sets: Vec<(String, u32)>,
}

/// The whole simulation, as written to `simulation.json`.
#[derive(Debug, Clone, Serialize)]
pub struct SimReport {
    pub game: String,
    pub games: u32,
    pub seed: u64,
    pub sets: Vec<(String, u32)>,
    pub readings: Vec<Reading>,
    pub crews: Vec<CrewReport>,
}

/// The parameters for a crew of `players`, with `sets` applied.
pub fn params(game: &Game, players: u32, sets: &[(String, u32)]) -> Result<Params> {
    let mut p = Params::from_game(game, players)?;
    knobs::apply(&mut p, sets).map_err(|e| e.game(&game.id))?;
    Ok(p)
}

/// Plays `games` games of one strategy (in parallel; the results do not depend on the
/// thread count).
pub fn play(
    p: &Params,
    players: u32,
    strategy: Strategy,
    games: u32,
    seed: u64,
) -> Vec<GameRecord> {
    (0..games)
        .into_par_iter()
        .map(|n| {
            let s = game_seed(seed, players, strategy, n);
            engine::Game::new(p, players as usize, strategy, s, false).play()
        })
        .collect()
}

/// Plays `opts.games` games per strategy and crew size.
pub fn run(game: &Game, opts: &SimOptions) -> Result<SimReport> {
    let crews = opts
        .players
        .iter()
        .map(|&players| {
            let p = params(game, players, &opts.sets)?;
            let strategies = opts
                .strategies
                .iter()
                .map(|&s| report::summarise(s, &p, &play(&p, players, s, opts.games, opts.seed)))
                .collect();
            Ok(CrewReport {
                players,
                best_case: bound::best_case(&p, players),
                params: p,
                strategies,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(SimReport {
        game: game.id.clone(),
        games: opts.games,
        seed: opts.seed,
        sets: opts.sets.clone(),
        readings: READINGS.to_vec(),
        crews,
    })
}

/// One seeded game, turn by turn.
pub fn narrate(
    game: &Game,
    players: u32,
    strategy: Strategy,
    seed: u64,
    sets: &[(String, u32)],
) -> Result<Vec<String>> {
    let p = params(game, players, sets)?;
    let mut g = engine::Game::new(
        &p,
        players as usize,
        strategy,
        game_seed(seed, players, strategy, 0),
        true,
    );
    let rec = g.play();
    let mut log = g.log.take().unwrap_or_default();
    log.push(match rec.loss {
        Some(l) => format!("Result: lost ({l})."),
        None => "Result: won.".to_owned(),
    });
    Ok(log)
}

impl SimReport {
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}

/// Whether the game has the components the playtest plays (a Facility Deck and a ship);
/// every game gets deck statistics either way.
pub fn plays(game: &Game) -> bool {
    params::component(game, "facility").is_ok() && params::component(game, "ship").is_ok()
}

impl SimReport {
    /// The crew the single-crew charts and the sensitivity report are drawn for: 2 players
    /// (the size the seed asks about) when simulated, else the first.
    pub fn focus(&self) -> Option<&CrewReport> {
        self.crews
            .iter()
            .find(|c| c.players == 2)
            .or(self.crews.first())
    }
}
