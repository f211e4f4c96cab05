//! The manifest check: what the data produces is what the manifest declares, the manifest adds
//! up, and the rulebook states the same counts.
//!
//! `data/<game>/manifest.yaml` lists named entries with a count, the component (and a field
//! filter) each one means, and optional parts that must add up to it:
//!
//! ```yaml
//! entries:
//!   - name: Main Facility Deck
//!     count: 120
//!     component: facility
//!     parts:
//!       - name: Loot Cards
//!         count: 70
//!         where: { kind: loot }
//!         parts:
//!           - { name: Tier 1, count: 40, where: { tier: 1 } }
//! ```
//!
//! Parts inherit their parent's component and filter. An entry may carry `accept: "reason"`
//! to mark a known disagreement: it still shows, but does not fail the check.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::check::rulescan::{self, Statement};
use crate::error::{Error, Result};
use crate::model::{Card, ComponentKind, Game, parse_yaml};

/// `data/<game>/manifest.yaml`.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManifestFile {
    pub entries: Vec<Entry>,
}

/// One named thing in the box.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub name: String,
    pub count: u32,
    /// Other names the rules use for it.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The component id(s) this entry counts; parts inherit it.
    #[serde(default)]
    pub component: Option<OneOrMany>,
    /// Only cards whose fields match (a value, or a list of accepted values).
    #[serde(default, rename = "where")]
    pub filter: Map<String, Value>,
    /// Bought rather than printed; must match the component's kind.
    #[serde(default)]
    pub bought: bool,
    #[serde(default)]
    pub parts: Vec<Entry>,
    /// A known disagreement, with the reason it is accepted.
    #[serde(default)]
    pub accept: Option<String>,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    fn ids(&self) -> Vec<String> {
        match self {
            OneOrMany::One(s) => vec![s.clone()],
            OneOrMany::Many(v) => v.clone(),
        }
    }
}

/// Status of one entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Ok,
    Mismatch,
    /// A mismatch the manifest accepts, with a reason.
    Accepted,
}

impl Status {
    /// The word reports use for it.
    pub fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Mismatch => "mismatch",
            Status::Accepted => "accepted",
        }
    }
}

impl EntryReport {
    /// The counts the rules state, as "70 (line 31), ..." (or `none` when there are none).
    pub fn stated_text(&self, none: &str) -> String {
        if self.stated.is_empty() {
            return none.to_owned();
        }
        let parts: Vec<String> = self
            .stated
            .iter()
            .map(|s| format!("{} (line {})", s.count, s.line))
            .collect();
        parts.join(", ")
    }
}

/// The check of one entry (parts are reported as their own rows).
#[derive(Debug, Clone, Serialize)]
pub struct EntryReport {
    /// "Main Facility Deck › Loot Cards › Tier 1".
    pub path: String,
    pub declared: u32,
    /// What the data produces; `None` when the entry names no component and has no parts.
    pub produced: Option<u32>,
    pub bought: bool,
    /// Counts the rules state for it, with their lines.
    pub stated: Vec<Statement>,
    pub status: Status,
    pub problems: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accepted: Option<String>,
}

/// The whole check, as written to `check.json`.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    pub game: String,
    pub manifest: String,
    pub rules: Option<String>,
    pub entries: Vec<EntryReport>,
    /// Rules lines whose own list disagrees with its count (`6 System Cards (A, B, ... 13)`).
    pub rules_problems: Vec<String>,
    pub passed: bool,
}

impl CheckReport {
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("reports serialize");
        s.push('\n');
        s
    }

    /// A table for the terminal.
    pub fn table(&self) -> String {
        let width = self
            .entries
            .iter()
            .map(|e| e.path.chars().count())
            .max()
            .unwrap_or(5)
            .max(5);
        let mut out = format!(
            "{:width$}  {:>8}  {:>8}  {:>10}  status\n",
            "entry", "declared", "produced", "rules"
        );
        for e in &self.entries {
            let produced = e.produced.map_or("-".to_owned(), |p| p.to_string());
            let stated = if e.stated.is_empty() {
                "-".to_owned()
            } else {
                e.stated
                    .iter()
                    .map(|s| format!("{}@{}", s.count, s.line))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            // Shouted on the terminal, where it has to stand out.
            let status = match e.status {
                Status::Mismatch => "MISMATCH",
                other => other.word(),
            };
            out.push_str(&format!(
                "{:width$}  {:>8}  {:>8}  {:>10}  {status}{}\n",
                e.path,
                e.declared,
                produced,
                stated,
                if e.bought { " (bought)" } else { "" }
            ));
            for p in &e.problems {
                out.push_str(&format!("    - {p}\n"));
            }
            if let Some(reason) = &e.accepted {
                out.push_str(&format!("    accepted: {reason}\n"));
            }
        }
        for p in &self.rules_problems {
            out.push_str(&format!("rules: {p}\n"));
        }
        out.push_str(if self.passed {
            "manifest check passed\n"
        } else {
            "manifest check FAILED\n"
        });
        out
    }
}

pub fn manifest_path(game: &Game) -> PathBuf {
    Path::new("data").join(&game.id).join("manifest.yaml")
}

/// Loads the manifest; `None` when the game has none.
pub fn load(game: &Game) -> Result<Option<ManifestFile>> {
    let path = manifest_path(game);
    let Some(source) = game.project.read_optional_text(&path)? else {
        return Ok(None);
    };
    let file: ManifestFile = parse_yaml(&source, &path).map_err(|e| e.game(&game.id))?;
    Ok(Some(file))
}

fn matches(card: &Card, filter: &Map<String, Value>) -> bool {
    filter.iter().all(|(k, want)| {
        let have = match k.as_str() {
            "name" => Some(Value::String(card.name.clone())),
            "id" => Some(Value::String(card.id.clone())),
            _ => card.fields.get(k).cloned(),
        };
        match (have, want) {
            (Some(h), Value::Array(options)) => options.contains(&h),
            (Some(h), w) => &h == w,
            (None, _) => false,
        }
    })
}

/// The cards an entry selects: (component id, card) pairs.
fn select<'g>(
    game: &'g Game,
    ids: &[String],
    filter: &Map<String, Value>,
) -> Vec<(&'g str, &'g Card)> {
    game.components
        .iter()
        .filter(|c| ids.contains(&c.spec.id))
        .flat_map(|c| c.cards.iter().map(move |card| (c.spec.id.as_str(), card)))
        .filter(|(_, card)| matches(card, filter))
        .collect()
}

fn list_cards(cards: &[(&str, &Card)]) -> String {
    let mut names: Vec<String> = cards
        .iter()
        .map(|(_, c)| format!("{} ×{}", c.name, c.count))
        .collect();
    if names.len() > 8 {
        let more = names.len() - 8;
        names.truncate(8);
        names.push(format!("and {more} more"));
    }
    names.join(", ")
}

struct Checker<'a> {
    game: &'a Game,
    statements: &'a [(Vec<String>, Statement)],
    rows: Vec<EntryReport>,
}

impl Checker<'_> {
    /// Checks `entry` (with inherited component ids and filter) and its parts; returns what
    /// the data produces for it.
    fn entry(
        &mut self,
        entry: &Entry,
        path: &str,
        ids: &[String],
        filter: &Map<String, Value>,
        parent_bought: bool,
    ) -> Result<Option<u32>> {
        let entry_bought = entry.bought || parent_bought;
        let path = if path.is_empty() {
            entry.name.clone()
        } else {
            format!("{path} › {}", entry.name)
        };
        let ids: Vec<String> = entry
            .component
            .as_ref()
            .map_or_else(|| ids.to_vec(), OneOrMany::ids);
        for id in &ids {
            if !self.game.components.iter().any(|c| &c.spec.id == id) {
                let known: Vec<&str> = self
                    .game
                    .components
                    .iter()
                    .map(|c| c.spec.id.as_str())
                    .collect();
                return Err(Error::new(format!(
                    "manifest entry `{path}` names component `{id}`, which the game does not have"
                ))
                .help(crate::error::suggestion(id, known)));
            }
        }
        let mut filter = filter.clone();
        filter.extend(entry.filter.clone());
        let index = self.rows.len();
        self.rows.push(EntryReport {
            path: path.clone(),
            declared: entry.count,
            produced: None,
            bought: entry.bought || parent_bought,
            stated: Vec::new(),
            status: Status::Ok,
            problems: Vec::new(),
            accepted: entry.accept.clone(),
        });
        let mut problems = Vec::new();

        // (1) The parts add up.
        if !entry.parts.is_empty() {
            let sum: u32 = entry.parts.iter().map(|p| p.count).sum();
            if sum != entry.count {
                let terms: Vec<String> = entry
                    .parts
                    .iter()
                    .map(|p| format!("{} {}", p.count, p.name))
                    .collect();
                problems.push(format!(
                    "the parts add up to {sum}, not {}: {}",
                    entry.count,
                    terms.join(" + ")
                ));
            }
        }
        let mut part_produced = Vec::new();
        for part in &entry.parts {
            part_produced.push(self.entry(part, &path, &ids, &filter, entry_bought)?);
        }

        // (2) The data produces the declared count.
        let produced = if !ids.is_empty() {
            let cards = select(self.game, &ids, &filter);
            let n: u32 = cards.iter().map(|(_, c)| c.count).sum();
            if n != entry.count {
                let diff = i64::from(n) - i64::from(entry.count);
                let what = if diff > 0 {
                    format!("{diff} extra")
                } else {
                    format!("{} missing", -diff)
                };
                problems.push(format!(
                    "the data gives {n}, the manifest declares {} ({what}); counted: {}",
                    entry.count,
                    if cards.is_empty() {
                        "no cards match".to_owned()
                    } else {
                        list_cards(&cards)
                    }
                ));
            }
            if !entry.parts.is_empty() {
                let uncovered: Vec<(&str, &Card)> = cards
                    .iter()
                    .filter(|(_, c)| {
                        !entry.parts.iter().any(|p| {
                            let mut f = filter.clone();
                            f.extend(p.filter.clone());
                            matches(c, &f)
                        })
                    })
                    .copied()
                    .collect();
                if !uncovered.is_empty() {
                    problems.push(format!("in no part: {}", list_cards(&uncovered)));
                }
            }
            let kinds: Vec<ComponentKind> = self
                .game
                .components
                .iter()
                .filter(|c| ids.contains(&c.spec.id))
                .map(|c| c.spec.kind)
                .collect();
            let bought = kinds.iter().all(|k| *k == ComponentKind::Bought);
            if bought != entry_bought {
                problems.push(if entry_bought {
                    "declared bought, but its component is printed".to_owned()
                } else {
                    "its component is bought, not printed: add `bought: true`".to_owned()
                });
            }
            Some(n)
        } else if part_produced.iter().all(Option::is_some) && !entry.parts.is_empty() {
            Some(part_produced.iter().flatten().sum())
        } else {
            None
        };

        // (3) The rules state the same count.
        let names: Vec<String> = std::iter::once(&entry.name)
            .chain(&entry.aliases)
            .map(|n| rulescan::normalise(n))
            .collect();
        let stated: Vec<Statement> = self
            .statements
            .iter()
            .filter(|(p, _)| {
                p.last().is_some_and(|last| names.contains(last)) && parent_matches(p, &path)
            })
            .map(|(_, s)| s.clone())
            .collect();
        for s in &stated {
            if s.count != entry.count {
                problems.push(format!(
                    "rules line {} says {}, the manifest {}: \"{}\"",
                    s.line, s.count, entry.count, s.text
                ));
            }
        }

        let row = &mut self.rows[index];
        row.produced = produced;
        row.stated = stated;
        row.status = match (problems.is_empty(), &entry.accept) {
            (true, _) => Status::Ok,
            (false, Some(_)) => Status::Accepted,
            (false, None) => Status::Mismatch,
        };
        row.problems = problems;
        Ok(produced)
    }
}

/// A statement found under a parent (`["loot cards", "tier 1"]`) belongs to an entry whose
/// path ends with those names; one found at top level matches any entry of that name.
fn parent_matches(found: &[String], path: &str) -> bool {
    if found.len() < 2 {
        return true;
    }
    let parents: Vec<String> = path.split(" › ").map(rulescan::normalise).collect();
    let parent = &found[found.len() - 2];
    parents.len() >= 2 && &parents[parents.len() - 2] == parent
}

/// Runs the three checks. `rules_source` is the raw `rules.md` (counts written with
/// `{{ }}` come from the data and cannot disagree).
pub fn check(
    game: &Game,
    manifest: &ManifestFile,
    rules_source: Option<&str>,
) -> Result<CheckReport> {
    // Every name the manifest knows, with its parent's name for parts.
    let mut tree: Vec<(String, Vec<String>)> = Vec::new();
    fn collect(e: &Entry, parent: Option<&str>, out: &mut Vec<(String, Vec<String>)>) {
        for n in std::iter::once(&e.name).chain(&e.aliases) {
            out.push((
                n.clone(),
                parent.map(|p| vec![p.to_owned()]).unwrap_or_default(),
            ));
        }
        for p in &e.parts {
            collect(p, Some(&e.name), out);
        }
    }
    for e in &manifest.entries {
        collect(e, None, &mut tree);
    }
    let scan = rules_source
        .map(|src| rulescan::scan(src, &tree))
        .unwrap_or_default();
    let mut checker = Checker {
        game,
        statements: &scan.statements,
        rows: Vec::new(),
    };
    for entry in &manifest.entries {
        checker
            .entry(entry, "", &[], &Map::new(), false)
            .map_err(|e| e.in_file(manifest_path(game)).game(&game.id))?;
    }
    let rules_problems: Vec<String> = scan.problems;
    let passed =
        rules_problems.is_empty() && checker.rows.iter().all(|r| r.status != Status::Mismatch);
    Ok(CheckReport {
        game: game.id.clone(),
        manifest: manifest_path(game).to_string_lossy().into_owned(),
        rules: rules_source.map(|_| {
            crate::render::rules::rules_path(game)
                .to_string_lossy()
                .into_owned()
        }),
        entries: checker.rows,
        rules_problems,
        passed,
    })
}

/// Loads the manifest and rules of `game` and checks them; `None` without a manifest.
pub fn check_game(game: &Game) -> Result<Option<CheckReport>> {
    let Some(manifest) = load(game)? else {
        return Ok(None);
    };
    let rules_file = crate::render::rules::rules_path(game);
    let rules = game.project.read_optional_text(&rules_file)?;
    check(game, &manifest, rules.as_deref()).map(Some)
}
