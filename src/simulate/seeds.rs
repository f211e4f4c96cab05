//! Where each simulated game's random stream starts: a function of the run's seed, the crew,
//! the strategy and the game's number, never of the thread that plays it.

use crate::simulate::engine::Strategy;
use crate::simulate::rng;

/// The random stream of game `n` of `strategy` for a crew of `players`: independent of every
/// other game and of the thread that plays it.
pub fn game_seed(seed: u64, players: u32, strategy: Strategy, n: u32) -> u64 {
    let s = Strategy::ALL
        .iter()
        .position(|x| *x == strategy)
        .unwrap_or(0);
    rng::stream_seed(seed, &[u64::from(players), s as u64, u64::from(n)])
}
