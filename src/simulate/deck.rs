//! Deck statistics for any game, from its data: for each deck, the share of each kind of
//! card (by its `kind`, `tier`, `type` or `deck` field, else by name), the chance to draw at
//! least one of each kind in the first N draws, and the expected draws until the first of
//! each kind and of each card.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;
use serde_json::Value;

use super::chart::{COLOURS, Frame, escape, open, pct};
use super::stats::{at_least, expected_draws_to_first};
use crate::model::{Component, ComponentKind, Game};

/// The draw counts the odds are given for.
pub const DRAWS: [u64; 8] = [1, 2, 3, 5, 7, 10, 15, 20];

/// "1 card", "12 cards".
fn cards(n: u64) -> String {
    match n {
        1 => "1 card".to_owned(),
        n => format!("{n} cards"),
    }
}

/// A generous average character width of the chart's 11 px sans-serif labels, in px (mixed
/// text in DejaVu Sans, the widest sans-serif a browser is likely to pick, sets about 0.58 em).
const LABEL_EM: f64 = 11.0 * 0.62;

/// Fields a deck is grouped by, first present wins.
const GROUP_FIELDS: [&str; 5] = ["kind", "tier", "type", "deck", "level"];

/// One kind of card in a deck.
#[derive(Debug, Clone, Serialize)]
pub struct Group {
    pub value: String,
    pub count: u64,
    pub share: f64,
    /// Chance of at least one in the first n draws, for n in [`DRAWS`] (n ≤ deck size).
    pub at_least_one: BTreeMap<u64, f64>,
    pub expected_draws_to_first: Option<f64>,
}

/// One card (all its copies).
#[derive(Debug, Clone, Serialize)]
pub struct CardOdds {
    pub name: String,
    pub count: u64,
    pub expected_draws_to_first: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct DeckStats {
    pub component: String,
    pub name: String,
    pub cards: u64,
    /// The field the groups are taken from (`name` when the cards have none of
    /// `kind`, `tier`, `type`, `deck`, `level`).
    pub grouped_by: String,
    pub groups: Vec<Group>,
    /// Shares of each tier, when the cards have a `tier` (else empty).
    pub tiers: BTreeMap<String, f64>,
    pub by_card: Vec<CardOdds>,
}

#[derive(Debug, Clone, Serialize)]
pub struct GameDeckStats {
    pub game: String,
    pub decks: Vec<DeckStats>,
}

fn field_text(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_owned)
}

/// Counts of cards by `field` (or by name when `field` is "name").
fn counts(c: &Component, field: &str) -> BTreeMap<String, u64> {
    let mut m = BTreeMap::new();
    for card in &c.cards {
        let key = match field {
            "name" => card.name.clone(),
            f => card.fields.get(f).map_or("(none)".to_owned(), field_text),
        };
        *m.entry(key).or_insert(0) += u64::from(card.count);
    }
    m
}

pub fn deck_stats(c: &Component) -> DeckStats {
    let total: u64 = c.cards.iter().map(|k| u64::from(k.count)).sum();
    let field = GROUP_FIELDS
        .iter()
        .find(|f| c.cards.iter().any(|k| k.fields.contains_key(**f)))
        .copied()
        .unwrap_or("name");
    let groups = counts(c, field)
        .into_iter()
        .map(|(value, count)| Group {
            at_least_one: DRAWS
                .iter()
                .filter(|&&n| n <= total)
                .map(|&n| (n, at_least(total, count, n, 1)))
                .collect(),
            expected_draws_to_first: expected_draws_to_first(total, count),
            share: count as f64 / total.max(1) as f64,
            value,
            count,
        })
        .collect();
    let has_tier = c.cards.iter().any(|k| k.fields.contains_key("tier"));
    let tiers = if has_tier {
        counts(c, "tier")
            .into_iter()
            .map(|(k, v)| (k, v as f64 / total.max(1) as f64))
            .collect()
    } else {
        BTreeMap::new()
    };
    let by_card = counts(c, "name")
        .into_iter()
        .map(|(name, count)| CardOdds {
            expected_draws_to_first: expected_draws_to_first(total, count),
            name,
            count,
        })
        .collect();
    DeckStats {
        component: c.spec.id.clone(),
        name: c.spec.name.to_string(),
        cards: total,
        grouped_by: field.to_owned(),
        groups,
        tiers,
        by_card,
    }
}

/// Statistics for every deck (`kind: cards`) of a game.
pub fn game_deck_stats(game: &Game) -> GameDeckStats {
    GameDeckStats {
        game: game.id.clone(),
        decks: game
            .components
            .iter()
            .filter(|c| c.spec.kind == ComponentKind::Cards && c.copies() > 0)
            .map(deck_stats)
            .collect(),
    }
}

impl GameDeckStats {
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    /// One bar per deck, split into its kinds (share of the deck), with each kind's chance of
    /// showing in the first 5 draws.
    pub fn chart(&self) -> String {
        let rows = self.decks.len().max(1) as f64;
        let labels: Vec<String> = self
            .decks
            .iter()
            .map(|d| format!("{} ({}, by {})", d.name, cards(d.cards), d.grouped_by))
            .collect();
        // Room for the longest deck label, set right-aligned before the bars.
        let left = labels
            .iter()
            .map(|l| LABEL_EM * l.chars().count() as f64 + 28.0)
            .fold(200.0, f64::max);
        let (w, h) = (left + 700.0, 110.0 + 46.0 * rows);
        let f = Frame {
            left,
            top: 50.0,
            width: 660.0,
            height: 46.0 * rows,
            x: (0.0, 1.0),
            y: (0.0, 0.0),
        };
        let mut svg = open(
            w,
            h,
            &format!(
                "{}: what each deck is made of (share of cards; % = at least one in 5 draws)",
                self.game
            ),
        );
        for (i, (d, label)) in self.decks.iter().zip(&labels).enumerate() {
            let y = f.top + 46.0 * i as f64 + 8.0;
            let _ = write!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
                f.left - 8.0,
                y + 18.0,
                escape(label),
            );
            let mut x = 0.0;
            for (gi, g) in d.groups.iter().enumerate() {
                let (a, b) = (f.px(x), f.px(x + g.share));
                let p5 = g
                    .at_least_one
                    .range(..=5)
                    .next_back()
                    .map_or(0.0, |(_, p)| *p);
                let _ = write!(
                    svg,
                    r##"<rect x="{a:.1}" y="{y:.1}" width="{:.1}" height="28" fill="{}" stroke="#fff"><title>{}: {} cards</title></rect>"##,
                    b - a,
                    COLOURS[gi % COLOURS.len()],
                    escape(&g.value),
                    g.count
                );
                if b - a > 60.0 {
                    let _ = write!(
                        svg,
                        r##"<text x="{:.1}" y="{:.1}" fill="#fff">{} {}</text>"##,
                        a + 4.0,
                        y + 18.0,
                        escape(&g.value),
                        pct(p5)
                    );
                }
                x += g.share;
            }
        }
        f.axes(&mut svg, ("share of the deck", ""), pct, |_| String::new());
        svg.push_str("</svg>\n");
        svg
    }
}

impl GameDeckStats {
    /// A table for the terminal.
    pub fn table(&self) -> String {
        let mut out = format!("{}: deck statistics\n", self.game);
        for d in &self.decks {
            let _ = writeln!(
                out,
                "\n{} ({}, by {}):",
                d.name,
                cards(d.cards),
                d.grouped_by
            );
            for g in &d.groups {
                let p = |n: u64| {
                    g.at_least_one
                        .get(&n)
                        .map_or("-".to_owned(), |p| format!("{:.0} %", 100.0 * p))
                };
                let _ = writeln!(
                    out,
                    "  {:<24} {:>4} {:<5} {:>5.1} %   ≥1 in 3 draws {:>5}, in 5 {:>5}   first after {} draws",
                    g.value,
                    g.count,
                    if g.count == 1 { "card" } else { "cards" },
                    100.0 * g.share,
                    p(3),
                    p(5),
                    g.expected_draws_to_first
                        .map_or("-".to_owned(), |e| format!("{e:.1}"))
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The left end of every text in `svg` as set with the bundled sans-serif, in px.
    fn text_left_edges(svg: &str) -> Vec<f32> {
        let fonts = crate::text::fonts::Fonts::bundled().unwrap();
        let options = usvg::Options {
            fontdb: fonts.db.clone(),
            ..Default::default()
        };
        let tree = usvg::Tree::from_str(svg, &options).unwrap();
        let mut edges = Vec::new();
        collect(tree.root(), &mut edges);
        edges
    }

    fn collect(group: &usvg::Group, edges: &mut Vec<f32>) {
        for node in group.children() {
            match node {
                usvg::Node::Text(t) => edges.push(t.abs_bounding_box().x()),
                usvg::Node::Group(g) => collect(g, edges),
                _ => {}
            }
        }
    }

    #[test]
    fn long_deck_names_stay_inside_the_chart() {
        let deck = |name: &str| DeckStats {
            component: "c".into(),
            name: name.into(),
            cards: 120,
            grouped_by: "kind".into(),
            groups: Vec::new(),
            tiers: BTreeMap::new(),
            by_card: Vec::new(),
        };
        let stats = GameDeckStats {
            game: "g".into(),
            decks: vec![
                deck("Loot"),
                deck("Apex Stalker Reserve"),
                deck("The Extraordinarily Long Name of a Deck of Cards"),
            ],
        };
        let edges = text_left_edges(&stats.chart());
        assert!(edges.len() >= 4, "the labels were set: {edges:?}");
        assert!(edges.iter().all(|&x| x >= 0.0), "{edges:?}");
    }
}
