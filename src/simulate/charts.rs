//! The simulation's SVG charts: win rate by crew size, coins against the quota, the clock,
//! and the sensitivity tornado. Every chart has labelled axes.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::chart::{COLOURS, Frame, escape, legend, open, pct, whole};
use super::report::CrewReport;
use super::{Sensitivity, SimReport};

impl SimReport {
    /// Win rate by crew size, a line per strategy, with 95 % interval whiskers.
    pub fn crews_chart(&self) -> String {
        let (w, h) = (720.0, 360.0);
        let max_p = self.crews.iter().map(|c| c.players).max().unwrap_or(1);
        let top = self
            .crews
            .iter()
            .flat_map(|c| c.strategies.iter().map(|s| s.win_rate.high))
            .fold(0.05, f64::max)
            .min(1.0);
        let f = Frame {
            left: 80.0,
            top: 50.0,
            width: w - 120.0,
            height: h - 110.0,
            x: (0.5, f64::from(max_p) + 0.5),
            y: (0.0, top),
        };
        let mut svg = open(
            w,
            h,
            &format!("{}: win rate by crew size (95 % intervals)", self.game),
        );
        f.axes(
            &mut svg,
            ("players", "games won"),
            |v| format!("{v:.1}"),
            pct,
        );
        let names = self
            .crews
            .first()
            .map(|c| {
                c.strategies
                    .iter()
                    .map(|s| s.strategy.name().to_owned())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        for si in 0..names.len() {
            let colour = COLOURS[si % COLOURS.len()];
            let mut pts = Vec::new();
            for c in &self.crews {
                let Some(s) = c.strategies.get(si) else {
                    continue;
                };
                let x = f.px(f64::from(c.players) + (si as f64 - 1.0) * 0.06);
                pts.push(format!("{x:.1},{:.1}", f.py(s.win_rate.rate)));
                let _ = write!(
                    svg,
                    r#"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="{colour}"/><circle cx="{x:.1}" cy="{:.1}" r="3" fill="{colour}"/>"#,
                    f.py(s.win_rate.low),
                    f.py(s.win_rate.high),
                    f.py(s.win_rate.rate)
                );
            }
            let _ = write!(
                svg,
                r#"<polyline fill="none" stroke="{colour}" points="{}"/>"#,
                pts.join(" ")
            );
        }
        legend(&mut svg, 80.0, h - 10.0, &names);
        svg.push_str("</svg>\n");
        svg
    }
}

/// Coins brought home per day against the quota: a panel per day, a line per strategy
/// (share of the games reaching that Intermission in each 5-coin bin).
pub fn coins_chart(c: &CrewReport) -> String {
    let days = c.params.quota.len().max(1);
    let (w, h) = (300.0 * days as f64 + 60.0, 340.0);
    let max_coin = c
        .strategies
        .iter()
        .flat_map(|s| s.coins.iter().flat_map(|d| d.histogram.keys().copied()))
        .chain(c.params.quota.iter().copied())
        .max()
        .unwrap_or(50)
        + 10;
    let shares = |h: &BTreeMap<u32, u32>| -> Vec<(u32, f64)> {
        let total: u32 = h.values().sum();
        h.iter()
            .map(|(k, v)| (*k, f64::from(*v) / f64::from(total.max(1))))
            .collect()
    };
    let peak = c
        .strategies
        .iter()
        .flat_map(|s| s.coins.iter().flat_map(|d| shares(&d.histogram)))
        .map(|x| x.1)
        .fold(0.05, f64::max);
    let mut svg = open(
        w,
        h,
        &format!(
            "Coins brought home per day against the quota, {} players",
            c.players
        ),
    );
    for d in 0..days {
        let f = Frame {
            left: 70.0 + d as f64 * 300.0,
            top: 50.0,
            width: 230.0,
            height: h - 120.0,
            x: (0.0, f64::from(max_coin)),
            y: (0.0, peak),
        };
        f.axes(
            &mut svg,
            (&format!("coins on day {}", d + 1), "share of games"),
            whole,
            pct,
        );
        let q = f64::from(c.params.quota[d]);
        let _ = write!(
            svg,
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#000" stroke-dasharray="4 3"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">quota {q}</text>"##,
            f.top,
            f.top + f.height,
            f.top - 4.0,
            x = f.px(q)
        );
        for (si, s) in c.strategies.iter().enumerate() {
            let Some(day) = s.coins.get(d) else { continue };
            let pts: Vec<String> = shares(&day.histogram)
                .iter()
                .map(|(k, v)| format!("{:.1},{:.1}", f.px(f64::from(*k) + 2.5), f.py(*v)))
                .collect();
            let _ = write!(
                svg,
                r#"<polyline fill="none" stroke="{}" stroke-width="1.5" points="{}"/>"#,
                COLOURS[si % COLOURS.len()],
                pts.join(" ")
            );
        }
    }
    let names: Vec<String> = c
        .strategies
        .iter()
        .map(|s| s.strategy.name().to_owned())
        .collect();
    legend(&mut svg, 70.0, h - 10.0, &names);
    svg.push_str("</svg>\n");
    svg
}

/// Cycles until Midnight (4th red peg) and lockdown (6th), all strategies.
pub fn midnight_chart(c: &CrewReport) -> String {
    let mut sets: [BTreeMap<u32, u32>; 2] = Default::default();
    for s in &c.strategies {
        for (i, m) in [&s.midnight_cycles, &s.lockdown_cycles].iter().enumerate() {
            for (k, v) in *m {
                *sets[i].entry(*k).or_insert(0) += v;
            }
        }
    }
    let max_c = sets
        .iter()
        .flat_map(|m| m.keys().copied())
        .max()
        .unwrap_or(30)
        .max(10);
    let totals: Vec<f64> = sets
        .iter()
        .map(|m| f64::from(m.values().sum::<u32>().max(1)))
        .collect();
    let peak = sets
        .iter()
        .zip(&totals)
        .flat_map(|(m, t)| m.values().map(move |v| f64::from(*v) / t))
        .fold(0.05, f64::max);
    let (w, h) = (900.0, 320.0);
    let f = Frame {
        left: 80.0,
        top: 50.0,
        width: w - 120.0,
        height: h - 110.0,
        x: (0.0, f64::from(max_c + 1)),
        y: (0.0, peak),
    };
    let mut svg = open(
        w,
        h,
        &format!("Cycles until Midnight and lockdown, {} players", c.players),
    );
    f.axes(&mut svg, ("cycle of the day", "share of days"), whole, pct);
    let bw = f.width / f64::from(max_c + 1) / 2.0;
    for (i, m) in sets.iter().enumerate() {
        for (k, v) in m {
            let share = f64::from(*v) / totals[i];
            let _ = write!(
                svg,
                r#"<rect x="{:.1}" y="{:.1}" width="{bw:.1}" height="{:.1}" fill="{}"/>"#,
                f.px(f64::from(*k)) + i as f64 * bw,
                f.py(share),
                f.py(0.0) - f.py(share),
                COLOURS[3 - i]
            );
        }
    }
    legend(
        &mut svg,
        80.0,
        h - 10.0,
        &["Midnight (4th red)".into(), "lockdown (6th red)".into()],
    );
    svg.push_str("</svg>\n");
    svg
}

impl Sensitivity {
    /// The tornado: each knob's change in win rate one step down and up, largest first.
    pub fn tornado(&self) -> String {
        let rows: Vec<_> = self.rows.iter().take(15).collect();
        let span = rows
            .iter()
            .flat_map(|r| [r.down, r.up])
            .flatten()
            .map(|r| (r.rate - self.base.rate).abs())
            .fold(0.01, f64::max);
        let (w, h) = (820.0, 110.0 + 22.0 * rows.len() as f64);
        let f = Frame {
            left: 230.0,
            top: 50.0,
            width: w - 280.0,
            height: 22.0 * rows.len() as f64,
            x: (-span, span),
            y: (0.0, 1.0),
        };
        let title = format!(
            "Change in win rate, one step down (blue) and up (red): {} players, {}, base {}",
            self.players,
            self.strategy.name(),
            self.base.percent()
        );
        let mut svg = open(w, h, &title);
        for (i, r) in rows.iter().enumerate() {
            let y = f.top + 22.0 * i as f64;
            let _ = write!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{} {} ±{}</text>"#,
                f.left - 8.0,
                y + 15.0,
                escape(&r.name),
                r.value,
                r.step
            );
            for (side, colour) in [(r.down, COLOURS[0]), (r.up, COLOURS[2])] {
                let Some(rate) = side else { continue };
                let d = rate.rate - self.base.rate;
                let (a, b) = (f.px(0.0), f.px(d));
                let _ = write!(
                    svg,
                    r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="8" fill="{colour}"/>"#,
                    a.min(b),
                    y + if colour == COLOURS[0] { 3.0 } else { 11.0 },
                    (b - a).abs()
                );
            }
        }
        let bottom = Frame { y: (0.0, 0.0), ..f };
        bottom.axes(
            &mut svg,
            ("change in win rate (percentage points)", ""),
            |v| format!("{:+.0}", 100.0 * v),
            |_| String::new(),
        );
        svg.push_str("</svg>\n");
        svg
    }
}
