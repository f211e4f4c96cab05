//! Monte-Carlo playtest of Death to Decorum, from the same data the kit is printed from.
//!
//! `params` reads the rules parameters from the game's YAML, `engine` plays games by the rules
//! with a named strategy, and this module runs many seeded games in parallel and summarises
//! them as a table, `simulation.json` and two SVG charts.

pub mod engine;
pub mod params;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use rayon::prelude::*;
use serde::Serialize;

use crate::error::Result;
use crate::model::Game;
use engine::{GameRecord, READINGS, Strategy};
use params::Params;

/// What to simulate.
#[derive(Debug, Clone)]
pub struct SimOptions {
    pub players: u32,
    pub games: u32,
    pub seed: u64,
    pub strategies: Vec<Strategy>,
}

/// The summary of one strategy.
#[derive(Debug, Clone, Serialize)]
pub struct StrategyReport {
    pub strategy: Strategy,
    pub games: u32,
    pub wins: u32,
    pub win_rate: f64,
    /// Why games were lost, with counts.
    pub losses: BTreeMap<String, u32>,
    /// Games that reached day 1, 2, 3.
    pub days_reached: Vec<u32>,
    /// Mean coins brought home on each day, and that day's quota.
    pub mean_coins: Vec<f64>,
    pub quota: Vec<u32>,
    /// Coins brought home per day: histogram in 5-coin bins, per day.
    pub coins_histogram: Vec<BTreeMap<u32, u32>>,
    /// Cycles until the 4th red peg (Midnight) and the 6th (lockdown), histograms.
    pub midnight_cycles: BTreeMap<u32, u32>,
    pub lockdown_cycles: BTreeMap<u32, u32>,
    pub mean_midnight_cycle: f64,
    pub lockdowns_per_game: f64,
    pub deaths_per_game: f64,
    pub purchases: BTreeMap<String, u32>,
}

/// The whole simulation, as written to `simulation.json`.
#[derive(Debug, Clone, Serialize)]
pub struct SimReport {
    pub game: String,
    pub players: u32,
    pub games: u32,
    pub seed: u64,
    pub params: Params,
    pub readings: Vec<&'static str>,
    pub strategies: Vec<StrategyReport>,
}

/// The seed of game `n`: spread so neighbouring games share nothing.
fn game_seed(seed: u64, strategy: usize, n: u32) -> u64 {
    let mut r = engine::Rng::new(seed ^ ((strategy as u64) << 40) ^ u64::from(n));
    r.next_u64()
}

/// Plays `opts.games` games per strategy.
pub fn run(game: &Game, opts: &SimOptions) -> Result<SimReport> {
    let params = Params::from_game(game, opts.players)?;
    let strategies = opts
        .strategies
        .iter()
        .enumerate()
        .map(|(si, &strategy)| {
            let records: Vec<GameRecord> = (0..opts.games)
                .into_par_iter()
                .map(|n| {
                    engine::Game::new(
                        &params,
                        opts.players as usize,
                        strategy,
                        game_seed(opts.seed, si, n),
                        false,
                    )
                    .play()
                })
                .collect();
            summarise(strategy, &params, &records)
        })
        .collect();
    Ok(SimReport {
        game: game.id.clone(),
        players: opts.players,
        games: opts.games,
        seed: opts.seed,
        params,
        readings: READINGS.to_vec(),
        strategies,
    })
}

/// One seeded game, turn by turn.
pub fn narrate(game: &Game, players: u32, strategy: Strategy, seed: u64) -> Result<Vec<String>> {
    let params = Params::from_game(game, players)?;
    let mut g = engine::Game::new(
        &params,
        players as usize,
        strategy,
        game_seed(seed, 0, 0),
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

fn summarise(strategy: Strategy, p: &Params, records: &[GameRecord]) -> StrategyReport {
    let games = records.len() as u32;
    let wins = records.iter().filter(|r| r.won).count() as u32;
    let mut losses = BTreeMap::new();
    let mut days = vec![0; p.quota.len()];
    let mut coin_sums = vec![0u64; p.quota.len()];
    let mut coin_counts = vec![0u64; p.quota.len()];
    let mut hist = vec![BTreeMap::new(); p.quota.len()];
    let mut midnight = BTreeMap::new();
    let mut lockdown = BTreeMap::new();
    let mut purchases = BTreeMap::new();
    let (mut mid_sum, mut mid_n, mut lock_n, mut deaths) = (0u64, 0u64, 0u64, 0u64);
    for r in records {
        if let Some(l) = &r.loss {
            *losses.entry(l.clone()).or_insert(0) += 1;
        }
        for reached in days.iter_mut().take(r.days_reached as usize) {
            *reached += 1;
        }
        for (d, &(coins, _)) in r.coins.iter().enumerate() {
            coin_sums[d] += u64::from(coins);
            coin_counts[d] += 1;
            *hist[d].entry(coins / 5 * 5).or_insert(0) += 1;
        }
        for &c in &r.midnight_cycles {
            *midnight.entry(c).or_insert(0) += 1;
            mid_sum += u64::from(c);
            mid_n += 1;
        }
        for &c in &r.lockdown_cycles {
            *lockdown.entry(c).or_insert(0) += 1;
            lock_n += 1;
        }
        deaths += u64::from(r.deaths);
        for item in &r.purchases {
            *purchases.entry(item.clone()).or_insert(0) += 1;
        }
    }
    let per = |x: u64| {
        if games == 0 {
            0.0
        } else {
            x as f64 / f64::from(games)
        }
    };
    StrategyReport {
        strategy,
        games,
        wins,
        win_rate: per(u64::from(wins)),
        losses,
        days_reached: days,
        mean_coins: coin_sums
            .iter()
            .zip(&coin_counts)
            .map(|(s, n)| if *n == 0 { 0.0 } else { *s as f64 / *n as f64 })
            .collect(),
        quota: p.quota.clone(),
        coins_histogram: hist,
        midnight_cycles: midnight,
        lockdown_cycles: lockdown,
        mean_midnight_cycle: if mid_n == 0 {
            0.0
        } else {
            mid_sum as f64 / mid_n as f64
        },
        lockdowns_per_game: per(lock_n),
        deaths_per_game: per(deaths),
        purchases,
    }
}

impl SimReport {
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("reports serialize");
        s.push('\n');
        s
    }

    /// A table for the terminal.
    pub fn table(&self) -> String {
        let mut out = format!(
            "{}: {} games per strategy, {} players, seed {}\n\n{:<10} {:>7} {:>14} {:>10} {:>10} {:>8}  losses\n",
            self.game,
            self.games,
            self.players,
            self.seed,
            "strategy",
            "win %",
            "coins d1/d2/d3",
            "midnight",
            "lockdowns",
            "deaths"
        );
        for s in &self.strategies {
            let coins: Vec<String> = s.mean_coins.iter().map(|c| format!("{c:.0}")).collect();
            let losses: Vec<String> = s
                .losses
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{k}: {:.1} %",
                        100.0 * f64::from(*v) / f64::from(s.games.max(1))
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "{:<10} {:>6.1}% {:>14} {:>10.1} {:>10.2} {:>8.2}  {}",
                s.strategy.name(),
                100.0 * s.win_rate,
                coins.join("/"),
                s.mean_midnight_cycle,
                s.lockdowns_per_game,
                s.deaths_per_game,
                losses.join("; ")
            );
        }
        let quota: Vec<String> = self.params.quota.iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            "\nquota for {} players: {} coins",
            self.players,
            quota.join(" / ")
        );
        out.push_str("\nReadings of the rules played:\n");
        for r in &self.readings {
            let _ = writeln!(out, "  - {r}");
        }
        out
    }

    /// Coins brought home per day against the quota line: one panel per day, a line per
    /// strategy (share of games in each 5-coin bin).
    pub fn coins_chart(&self) -> String {
        let (w, h, pad) = (900.0, 320.0, 40.0);
        let days = self.params.quota.len();
        let panel = (w - pad) / days as f64;
        let max_coin = self
            .strategies
            .iter()
            .flat_map(|s| s.coins_histogram.iter().flat_map(|m| m.keys().copied()))
            .max()
            .unwrap_or(50)
            .max(self.params.quota.iter().copied().max().unwrap_or(0))
            + 10;
        let colours = ["#2f6db5", "#2f8f4e", "#c8323c"];
        let mut svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11"><rect width="{w}" height="{h}" fill="#ffffff"/><text x="{pad}" y="18" font-size="14">Coins brought home per day (share of games) against the quota</text>"##
        );
        for d in 0..days {
            let x0 = pad + d as f64 * panel;
            let (top, bottom) = (40.0, h - 40.0);
            let sx = |c: f64| x0 + 10.0 + c / max_coin as f64 * (panel - 30.0);
            let _ = write!(
                svg,
                r##"<line x1="{}" y1="{bottom}" x2="{}" y2="{bottom}" stroke="#000"/><text x="{}" y="{}">day {}</text>"##,
                sx(0.0),
                sx(max_coin as f64),
                sx(0.0),
                bottom + 28.0,
                d + 1
            );
            for tick in (0..=max_coin).step_by(((max_coin / 5).max(1)) as usize) {
                let _ = write!(
                    svg,
                    r##"<text x="{}" y="{}" text-anchor="middle">{tick}</text>"##,
                    sx(f64::from(tick)),
                    bottom + 14.0
                );
            }
            let q = f64::from(self.params.quota[d]);
            let _ = write!(
                svg,
                r##"<line x1="{x}" y1="{top}" x2="{x}" y2="{bottom}" stroke="#000" stroke-dasharray="4 3"/><text x="{x}" y="{}" text-anchor="middle">quota {q}</text>"##,
                top - 4.0,
                x = sx(q)
            );
            for (si, s) in self.strategies.iter().enumerate() {
                let Some(hist) = s.coins_histogram.get(d) else {
                    continue;
                };
                let total: u32 = hist.values().sum();
                if total == 0 {
                    continue;
                }
                let peak = hist.values().copied().max().unwrap_or(1) as f64 / f64::from(total);
                let pts: Vec<String> = hist
                    .iter()
                    .map(|(c, n)| {
                        let share = f64::from(*n) / f64::from(total);
                        format!(
                            "{:.1},{:.1}",
                            sx(f64::from(*c) + 2.5),
                            bottom - share / peak.max(0.01) * (bottom - top - 10.0)
                        )
                    })
                    .collect();
                let _ = write!(
                    svg,
                    r#"<polyline fill="none" stroke="{}" stroke-width="1.5" points="{}"/>"#,
                    colours[si % 3],
                    pts.join(" ")
                );
            }
        }
        for (si, s) in self.strategies.iter().enumerate() {
            let _ = write!(
                svg,
                r#"<text x="{}" y="18" fill="{}">{}</text>"#,
                w - 250.0 + si as f64 * 80.0,
                colours[si % 3],
                s.strategy.name()
            );
        }
        svg.push_str("</svg>\n");
        svg
    }

    /// How many cycles until Midnight (4th red peg) and lockdown (6th), all strategies.
    pub fn midnight_chart(&self) -> String {
        let mut mid: BTreeMap<u32, u32> = BTreeMap::new();
        let mut lock: BTreeMap<u32, u32> = BTreeMap::new();
        for s in &self.strategies {
            for (k, v) in &s.midnight_cycles {
                *mid.entry(*k).or_insert(0) += v;
            }
            for (k, v) in &s.lockdown_cycles {
                *lock.entry(*k).or_insert(0) += v;
            }
        }
        let (w, h, pad) = (900.0, 300.0, 40.0);
        let max_c = mid
            .keys()
            .chain(lock.keys())
            .copied()
            .max()
            .unwrap_or(30)
            .max(10);
        let max_n = mid
            .values()
            .chain(lock.values())
            .copied()
            .max()
            .unwrap_or(1)
            .max(1);
        let bw = (w - 2.0 * pad) / f64::from(max_c + 1);
        let mut svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11"><rect width="{w}" height="{h}" fill="#ffffff"/><text x="{pad}" y="18" font-size="14">Cycles until Midnight (4th red peg, amber) and lockdown (6th red peg, red)</text>"##
        );
        let bottom = h - 30.0;
        for (map, colour, offset) in [(&mid, "#d18f1d", 0.0), (&lock, "#c8323c", 0.5)] {
            for (c, n) in map {
                let bh = f64::from(*n) / f64::from(max_n) * (bottom - 40.0);
                let _ = write!(
                    svg,
                    r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{colour}"/>"#,
                    pad + f64::from(*c) * bw + offset * bw,
                    bottom - bh,
                    bw * 0.5,
                    bh
                );
            }
        }
        let _ = write!(
            svg,
            r##"<line x1="{pad}" y1="{bottom}" x2="{}" y2="{bottom}" stroke="#000"/>"##,
            w - pad
        );
        for c in (0..=max_c).step_by(5) {
            let _ = write!(
                svg,
                r#"<text x="{:.1}" y="{}" text-anchor="middle">{c}</text>"#,
                pad + f64::from(c) * bw + bw / 2.0,
                bottom + 14.0
            );
        }
        svg.push_str("</svg>\n");
        svg
    }
}
