//! The terminal report: the crew-size table, then each crew's strategies, losses and coins.

use std::fmt::Write as _;

use super::report::{CrewReport, StrategyReport};
use super::{Sensitivity, SimReport};

fn verdict(c: &CrewReport) -> String {
    match c.best_case.out_of_reach_on_day {
        Some(d) => format!("out of reach from day {d} (data)"),
        None => format!(
            "reachable, {} coins to spare at best",
            c.best_case.spare.unwrap_or(0)
        ),
    }
}

impl SimReport {
    /// Win rate by crew size and strategy, with 95 % intervals.
    pub fn crew_table(&self) -> String {
        let names: Vec<&str> = self
            .crews
            .first()
            .map(|c| c.strategies.iter().map(|s| s.strategy.name()).collect())
            .unwrap_or_default();
        let mut out = format!("{:<8} {:<16}", "players", "quota");
        for n in &names {
            let _ = write!(out, " {:<22}", format!("{n} win %"));
        }
        out.push_str(" best case\n");
        for c in &self.crews {
            let q: Vec<String> = c.params.quota.iter().map(u32::to_string).collect();
            let _ = write!(out, "{:<8} {:<16}", c.players, q.join("/"));
            for s in &c.strategies {
                let _ = write!(out, " {:<22}", s.win_rate.percent());
            }
            let _ = writeln!(out, " {}", verdict(c));
        }
        out
    }

    /// A table for the terminal.
    pub fn table(&self) -> String {
        let mut out = format!(
            "{}: {} games per strategy and crew size, seed {}\n",
            self.game, self.games, self.seed
        );
        for (k, v) in &self.sets {
            let _ = writeln!(out, "  with {k} = {v}");
        }
        out.push('\n');
        out.push_str(&self.crew_table());
        for c in &self.crews {
            out.push_str(&crew_detail(c));
        }
        out.push_str("\nReadings of the rules played (each pinned by a unit test):\n");
        for r in &self.readings {
            let _ = writeln!(out, "  - [{}] {}", r.id, r.text);
        }
        out
    }
}

fn crew_detail(c: &CrewReport) -> String {
    let (plain, packs) = c.best_case.day_max;
    let mut out = format!(
        "\n{} players — best case a day: {plain} coins ({packs} with every Level 2 Pack); {}\n",
        c.players,
        verdict(c)
    );
    let _ = writeln!(
        out,
        "  {:<10} {:>22} {:>16} {:>9} {:>10} {:>7}",
        "strategy", "win % (95 % CI)", "coins/day (p50)", "midnight", "lockdowns", "deaths"
    );
    for s in &c.strategies {
        let coins: Vec<String> = s.coins.iter().map(|d| d.median.to_string()).collect();
        let _ = writeln!(
            out,
            "  {:<10} {:>22} {:>16} {:>9.1} {:>10.2} {:>7.2}",
            s.strategy.name(),
            s.win_rate.percent(),
            coins.join("/"),
            s.mean_midnight_cycle,
            s.lockdowns_per_game,
            s.deaths_per_game
        );
    }
    for s in &c.strategies {
        out.push_str(&losses(s));
    }
    out
}

fn losses(s: &StrategyReport) -> String {
    let mut out = format!(
        "  {} losses ({} of games):\n",
        s.strategy.name(),
        s.loss_rate.percent()
    );
    for row in s.losses.iter().filter(|r| r.rate.rate >= 0.005) {
        let _ = writeln!(
            out,
            "    day {} {:<12} {:<44} {}",
            row.day,
            row.phase,
            row.cause,
            row.rate.percent()
        );
    }
    let met: Vec<String> = s
        .coins
        .iter()
        .map(|d| format!("day {} {}", d.day, d.met_quota.percent()))
        .collect();
    let _ = writeln!(out, "    quota met when reached: {}", met.join("; "));
    out
}

impl Sensitivity {
    pub fn table(&self) -> String {
        let mut out = format!(
            "\nSensitivity ({} players, {}, {} games per change, same seeds): base win rate {}\n",
            self.players,
            self.strategy.name(),
            self.games,
            self.base.percent()
        );
        for r in self.rows.iter().take(12) {
            let side = |v: &Option<super::stats::Rate>| {
                v.map_or("-".to_owned(), |r| {
                    format!("{:+.1}", 100.0 * (r.rate - self.base.rate))
                })
            };
            let _ = writeln!(
                out,
                "  {:<26} {:>4} ±{:<3} down {:>6} pp  up {:>6} pp",
                r.name,
                r.value,
                r.step,
                side(&r.down),
                side(&r.up)
            );
        }
        out
    }
}
