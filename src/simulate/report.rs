//! Summaries of many games: rates with intervals, why games were lost, coins against quota.

use std::collections::BTreeMap;

use serde::Serialize;

use super::bound::BestCase;
use super::engine::{GameRecord, Loss, Strategy};
use super::params::Params;
use super::stats::{Rate, quantile};

/// One line of the loss breakdown.
#[derive(Debug, Clone, Serialize)]
pub struct LossRow {
    pub day: u32,
    pub phase: &'static str,
    pub cause: String,
    /// Share of all games lost this way.
    pub rate: Rate,
}

/// Coins brought home on one day against its quota.
#[derive(Debug, Clone, Serialize)]
pub struct DayCoins {
    pub day: u32,
    pub quota: u32,
    /// Games that reached this day's Intermission.
    pub games: u64,
    pub mean: f64,
    pub p10: u32,
    pub median: u32,
    pub p90: u32,
    /// Of the games reaching the Intermission, those that paid the quota.
    pub met_quota: Rate,
    /// Games per 5-coin bin (bin start → games).
    pub histogram: BTreeMap<u32, u32>,
}

/// The summary of one strategy.
#[derive(Debug, Clone, Serialize)]
pub struct StrategyReport {
    pub strategy: Strategy,
    pub games: u32,
    pub wins: u32,
    pub win_rate: Rate,
    pub loss_rate: Rate,
    /// Why games were lost; the rows add up to the loss rate.
    pub losses: Vec<LossRow>,
    pub days_reached: Vec<u32>,
    pub coins: Vec<DayCoins>,
    /// Cycles until the 4th red peg (Midnight) and the 6th (lockdown), histograms.
    pub midnight_cycles: BTreeMap<u32, u32>,
    pub lockdown_cycles: BTreeMap<u32, u32>,
    pub mean_midnight_cycle: f64,
    pub lockdowns_per_game: f64,
    pub deaths_per_game: f64,
    pub purchases: BTreeMap<String, u32>,
}

/// One crew size: its parameters, the best case the data allows, and each strategy.
#[derive(Debug, Clone, Serialize)]
pub struct CrewReport {
    pub players: u32,
    pub params: Params,
    pub best_case: BestCase,
    pub strategies: Vec<StrategyReport>,
}

fn loss_rows(records: &[GameRecord]) -> Vec<LossRow> {
    type Key = (u32, &'static str, u32, String);
    let mut by: BTreeMap<Key, u64> = BTreeMap::new();
    for l in records.iter().filter_map(|r| r.loss.as_ref()) {
        *by.entry((l.day, l.phase(), l.rank(), l.label()))
            .or_insert(0) += 1;
    }
    let n = records.len() as u64;
    by.into_iter()
        .map(|((day, phase, _, cause), k)| LossRow {
            day,
            phase,
            cause,
            rate: Rate::new(k, n),
        })
        .collect()
}

fn day_coins(records: &[GameRecord], p: &Params) -> Vec<DayCoins> {
    (0..p.quota.len())
        .map(|d| {
            let mut coins: Vec<u32> = records
                .iter()
                .filter_map(|r| r.coins.get(d).map(|c| c.0))
                .collect();
            coins.sort_unstable();
            let failed = records
                .iter()
                .filter(|r| {
                    r.loss
                        .as_ref()
                        .is_some_and(|l: &Loss| l.day as usize == d + 1)
                })
                .count() as u64;
            let n = coins.len() as u64;
            let mut histogram = BTreeMap::new();
            for c in &coins {
                *histogram.entry(c / 5 * 5).or_insert(0) += 1;
            }
            DayCoins {
                day: d as u32 + 1,
                quota: p.quota[d],
                games: n,
                mean: coins.iter().map(|&c| f64::from(c)).sum::<f64>() / (n.max(1) as f64),
                p10: quantile(&coins, 0.1),
                median: quantile(&coins, 0.5),
                p90: quantile(&coins, 0.9),
                met_quota: Rate::new(n.saturating_sub(failed), n),
                histogram,
            }
        })
        .collect()
}

fn histogram(values: impl Iterator<Item = u32>) -> (BTreeMap<u32, u32>, u64, u64) {
    let (mut map, mut sum, mut n) = (BTreeMap::new(), 0u64, 0u64);
    for v in values {
        *map.entry(v).or_insert(0) += 1;
        sum += u64::from(v);
        n += 1;
    }
    (map, sum, n)
}

pub fn summarise(strategy: Strategy, p: &Params, records: &[GameRecord]) -> StrategyReport {
    let n = records.len() as u64;
    let wins = records.iter().filter(|r| r.won).count() as u64;
    let mut days = vec![0; p.quota.len()];
    for r in records {
        for reached in days.iter_mut().take(r.days_reached as usize) {
            *reached += 1;
        }
    }
    let (midnight, mid_sum, mid_n) = histogram(
        records
            .iter()
            .flat_map(|r| r.midnight_cycles.iter().copied()),
    );
    let (lockdown, _, lock_n) = histogram(
        records
            .iter()
            .flat_map(|r| r.lockdown_cycles.iter().copied()),
    );
    let mut purchases = BTreeMap::new();
    for item in records.iter().flat_map(|r| &r.purchases) {
        *purchases.entry(item.clone()).or_insert(0) += 1;
    }
    let deaths: u64 = records.iter().map(|r| u64::from(r.deaths)).sum();
    let per = |x: u64| x as f64 / n.max(1) as f64;
    StrategyReport {
        strategy,
        games: n as u32,
        wins: wins as u32,
        win_rate: Rate::new(wins, n),
        loss_rate: Rate::new(n - wins, n),
        losses: loss_rows(records),
        days_reached: days,
        coins: day_coins(records, p),
        midnight_cycles: midnight,
        lockdown_cycles: lockdown,
        mean_midnight_cycle: mid_sum as f64 / mid_n.max(1) as f64,
        lockdowns_per_game: per(lock_n),
        deaths_per_game: per(deaths),
        purchases,
    }
}
