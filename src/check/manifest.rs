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
//! Parts inherit their parent's component and filter. Every entry must be stated in the
//! rulebook's components section unless it says `unstated: "reason"`. A known disagreement of
//! one rules statement is accepted with `accept: [{ line: 12, reason: "..." }]` (or `phrase:`
//! instead of `line:`): it still shows, but only that statement stops failing the check.
//!
//! `decks:` names components shuffled together during play; their printed backs must match
//! (see [`crate::check::decks`]).

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::check::decks::DeckReport;
pub use crate::check::filter::card_matches;
pub use crate::check::findings::{CheckReport, EntryReport, Finding, RulesCheck, RulesRow, Status};
use crate::check::rulescan;
use crate::check::statements::{Known, Scan};
use crate::check::vocab::Vocab;
use crate::error::{Error, Result};
use crate::model::{Card, ComponentKind, Game, parse_yaml};
use crate::render::faces::Faces;

/// `data/<game>/manifest.yaml`.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManifestFile {
    pub entries: Vec<Entry>,
    /// Components shuffled into one deck during play: their backs must be the same.
    #[serde(default)]
    pub decks: Vec<crate::check::decks::DeckGroup>,
    /// The file's text, for errors found after parsing to point at their line.
    #[serde(skip)]
    #[schemars(skip)]
    pub source: String,
}

/// One accepted disagreement: a rules statement (by line or phrase) and the reason.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Accept {
    /// The `rules.md` line of the statement.
    #[serde(default)]
    pub line: Option<usize>,
    /// Or a phrase of the statement as written (`10 Colour Cards`).
    #[serde(default)]
    pub phrase: Option<String>,
    /// Why the disagreement is acceptable.
    pub reason: String,
    /// The language of the rules the statement is in (`de` for `rules.de.md`); the first
    /// language's `rules.md` when not given.
    #[serde(default)]
    pub lang: Option<String>,
}

impl Accept {
    /// Whether this accepts statements of the rules in `lang` (`first`: the first language).
    fn applies_to(&self, lang: &str, first: bool) -> bool {
        self.lang.as_deref().map_or(first, |l| {
            crate::model::lang::base(l) == crate::model::lang::base(lang)
        })
    }

    /// Whether this accepts a statement or problem on `line` reading `text`.
    fn covers(&self, line: usize, text: &str) -> bool {
        let by_line = self.line.is_none_or(|l| l == line);
        let by_phrase = self
            .phrase
            .as_ref()
            .is_none_or(|p| text.to_lowercase().contains(&p.to_lowercase()));
        by_line && by_phrase
    }

    fn describe(&self) -> String {
        match (&self.line, &self.phrase) {
            (Some(l), Some(p)) => format!("line {l}, \"{p}\""),
            (Some(l), None) => format!("line {l}"),
            (None, Some(p)) => format!("\"{p}\""),
            (None, None) => "nothing".to_owned(),
        }
    }
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
    /// Its names in the rules of other languages, by language: `{ de: [Crewbögen] }`.
    #[serde(default)]
    pub names: std::collections::BTreeMap<String, Vec<String>>,
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
    /// Known disagreements of single rules statements, each with its reason.
    #[serde(default)]
    pub accept: Vec<Accept>,
    /// Why the rules need not state this entry (inherited by its parts).
    #[serde(default)]
    pub unstated: Option<String>,
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

pub fn manifest_path(game: &Game) -> PathBuf {
    Path::new("data").join(&game.id).join("manifest.yaml")
}

/// Loads the manifest; `None` when the game has none.
pub fn load(game: &Game) -> Result<Option<ManifestFile>> {
    let path = manifest_path(game);
    let Some(source) = game.project.read_optional_text(&path)? else {
        return Ok(None);
    };
    let mut file: ManifestFile = parse_yaml(&source, &path).map_err(|e| e.game(&game.id))?;
    file.source = source;
    validate(&file).map_err(|e| e.in_file(&path).game(&game.id))?;
    Ok(Some(file))
}

/// Checks what YAML types cannot: every `accept` names a line or a phrase, and languages are
/// language codes.
pub fn validate(file: &ManifestFile) -> Result<()> {
    for (entry, path, _) in flatten(&file.entries) {
        let langs = entry
            .names
            .keys()
            .chain(entry.accept.iter().filter_map(|a| a.lang.as_ref()));
        for lang in langs {
            crate::model::lang::check_code(lang).map_err(|e| {
                Error::new(format!("manifest entry `{path}`: {e}"))
                    .help("`names` and `accept: lang` take a language code, e.g. `names: { de: [Karten] }`")
            })?;
        }
        if entry
            .accept
            .iter()
            .any(|a| a.line.is_none() && a.phrase.is_none())
        {
            return Err(Error::new(format!(
                "manifest entry `{path}`: each `accept` needs the `line` or `phrase` of the rules statement it accepts"
            ))
            .help("accept one statement, e.g. `accept: [{ line: 12, reason: \"the rules round up\" }]`"));
        }
    }
    Ok(())
}

/// Entries in report order (each before its parts): entry, path, parent index.
pub fn flatten(entries: &[Entry]) -> Vec<(&Entry, String, Option<usize>)> {
    fn walk<'e>(
        e: &'e Entry,
        path: &str,
        parent: Option<usize>,
        out: &mut Vec<(&'e Entry, String, Option<usize>)>,
    ) {
        let path = if path.is_empty() {
            e.name.clone()
        } else {
            format!("{path} › {}", e.name)
        };
        let index = out.len();
        out.push((e, path.clone(), parent));
        for p in &e.parts {
            walk(p, &path, Some(index), out);
        }
    }
    let mut out = Vec::new();
    for e in entries {
        walk(e, "", None, &mut out);
    }
    out
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
        .filter(|(_, card)| card_matches(card, filter))
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

/// The rulebook a check reads: its text, its language and how messages name it.
#[derive(Debug, Clone)]
pub struct RulesSource<'a> {
    pub text: &'a str,
    /// The language the text is written in: its number words, and the manifest's `names`.
    pub lang: &'a str,
    /// Whether it is the first language's `rules.md` (an `accept` without `lang` is for it).
    pub first: bool,
    /// How messages name it: `rules` for `rules.md`, else the file name (`rules.de.md`).
    pub label: String,
    /// The words of `lang` it is read with (the project's own, when it has them).
    pub vocab: &'static Vocab,
}

impl<'a> RulesSource<'a> {
    /// An English `rules.md`.
    pub fn english(text: &'a str) -> RulesSource<'a> {
        RulesSource {
            text,
            lang: "en",
            first: true,
            label: "rules".to_owned(),
            vocab: Vocab::of("en"),
        }
    }
}

/// Checks the manifest against itself (parts add up) and against English rules (stated
/// counts, their own sums, every entry stated), without the game's data.
pub fn check_rules(manifest: &ManifestFile, rules: Option<&str>) -> RulesCheck {
    check_rules_in(manifest, rules.map(RulesSource::english))
}

/// The names of each entry as the scanner compares them: the names in the rules' language
/// first, then the name and aliases.
fn known_names(flat: &[(&Entry, String, Option<usize>)], lang: &str, vocab: &Vocab) -> Vec<Known> {
    let base = crate::model::lang::base(lang);
    flat.iter()
        .map(|(e, _, parent)| Known {
            parent: *parent,
            names: e
                .names
                .iter()
                .filter(|(l, _)| crate::model::lang::base(l) == base)
                .flat_map(|(_, names)| names)
                .chain(std::iter::once(&e.name))
                .chain(&e.aliases)
                .map(|n| crate::check::numbers::words(n, vocab))
                .filter(|w| !w.is_empty())
                .collect(),
        })
        .collect()
}

/// [`check_rules`] for rules in any language.
pub fn check_rules_in(manifest: &ManifestFile, rules: Option<RulesSource>) -> RulesCheck {
    let flat = flatten(&manifest.entries);
    let lang = rules.as_ref().map_or("en", |r| r.lang);
    let vocab = rules.as_ref().map_or(Vocab::of("en"), |r| r.vocab);
    let known = known_names(&flat, lang, vocab);
    let scan = rules
        .as_ref()
        .map(|r| rulescan::scan(r.text, &known, r.vocab))
        .unwrap_or_default();
    let default_source = RulesSource::english("");
    let source = rules.as_ref().unwrap_or(&default_source);
    let mut rows = Vec::with_capacity(flat.len());
    for (i, (entry, path, _)) in flat.iter().enumerate() {
        let unstated = unstated_reason(&flat, i);
        let mut row = RulesRow {
            path: path.clone(),
            declared: entry.count,
            stated: scan
                .statements
                .iter()
                .filter(|(e, _)| *e == i)
                .map(|(_, s)| s.clone())
                .collect(),
            findings: Vec::new(),
            accepted: Vec::new(),
        };
        parts_add_up(entry, &mut row);
        rules_findings(entry, i, &scan, source, &mut row);
        if rules.is_some() && unstated.is_none() && !row.stated.iter().any(|s| s.section) {
            row.findings.push(Finding {
                line: None,
                message: not_stated_message(scan.section),
            });
        }
        rows.push(row);
    }
    RulesCheck {
        rows,
        unowned: scan
            .problems
            .iter()
            .filter(|(e, _)| e.is_none())
            .map(|(_, p)| p.clone())
            .collect(),
        problems: scan.problems.into_iter().map(|(_, p)| p).collect(),
    }
}

fn not_stated_message(section: bool) -> String {
    if section {
        "the rules' components section does not state it; list it there, or give the entry `unstated: <reason>`".to_owned()
    } else {
        "the rules have no components section (a heading such as `## Components`, or `<!-- components -->` before the list), so nothing is stated".to_owned()
    }
}

fn unstated_reason<'e>(
    flat: &[(&'e Entry, String, Option<usize>)],
    mut i: usize,
) -> Option<&'e str> {
    loop {
        let (e, _, parent) = flat.get(i)?;
        if let Some(r) = &e.unstated {
            return Some(r);
        }
        i = (*parent)?;
    }
}

fn parts_add_up(entry: &Entry, row: &mut RulesRow) {
    if entry.parts.is_empty() {
        return;
    }
    let sum: u64 = entry.parts.iter().map(|p| u64::from(p.count)).sum();
    if sum != u64::from(entry.count) {
        let terms: Vec<String> = entry
            .parts
            .iter()
            .map(|p| format!("{} {}", p.count, p.name))
            .collect();
        row.findings.push(Finding {
            line: None,
            message: format!(
                "the parts add up to {sum}, not {}: {}",
                entry.count,
                terms.join(" + ")
            ),
        });
    }
}

/// Stated counts that differ, and rules problems about this entry, unless accepted.
fn rules_findings(
    entry: &Entry,
    index: usize,
    scan: &Scan,
    source: &RulesSource,
    row: &mut RulesRow,
) {
    let label = &source.label;
    let applies: Vec<bool> = entry
        .accept
        .iter()
        .map(|a| a.applies_to(source.lang, source.first))
        .collect();
    // Accepts for the rules of another language count as used here.
    let mut used: Vec<bool> = applies.iter().map(|a| !a).collect();
    let mut found: Vec<(usize, String, String)> = row
        .stated
        .iter()
        .filter(|s| s.count != entry.count)
        .map(|s| {
            let msg = format!(
                "{label} line {} says {}, the manifest {}: \"{}\"",
                s.line, s.count, entry.count, s.text
            );
            (s.line, s.text.clone(), msg)
        })
        .collect();
    found.extend(
        scan.problems
            .iter()
            .filter(|(e, _)| *e == Some(index))
            .map(|(_, p)| {
                (
                    p.line,
                    p.text.clone(),
                    format!("{label} line {}: {}", p.line, p.text),
                )
            }),
    );
    for (line, text, message) in found {
        let accepted = (entry.accept.iter().zip(&applies))
            .position(|(a, applies)| *applies && a.covers(line, &text));
        match accepted {
            Some(k) => {
                if let (Some(u), Some(a)) = (used.get_mut(k), entry.accept.get(k)) {
                    *u = true;
                    row.accepted
                        .push(format!("{message} (accepted: {})", a.reason));
                }
            }
            None => row.findings.push(Finding {
                line: Some(line),
                message,
            }),
        }
    }
    for (a, _) in entry.accept.iter().zip(&used).filter(|(_, u)| !**u) {
        row.findings.push(Finding {
            line: a.line,
            message: format!(
                "`accept` for {} matches no disagreeing rules statement; remove it",
                a.describe()
            ),
        });
    }
}

struct Checker<'a> {
    game: &'a Game,
    /// The manifest's text, to point an error at its line.
    source: &'a str,
    rows: Vec<EntryReport>,
}

impl Checker<'_> {
    fn unknown_component(&self, path: &str, id: &str) -> Error {
        let known: Vec<&str> = self
            .game
            .components
            .iter()
            .map(|c| c.spec.id.as_str())
            .collect();
        let e = Error::new(format!(
            "manifest entry `{path}` names component `{id}`, which the game does not have"
        ))
        .help(crate::error::suggestion(id, known));
        self.at_line(e, path, |l| l.contains("component") && has_word(l, id))
    }

    /// Points `e` at the first line that `holds` within entry `path`: from the line of its
    /// top entry, found by following the path's names down, each after the one before (two
    /// entries may have parts of the same name, or name the same component or field, and the
    /// error is this one's). A part's filter may be its parent's, so the search starts at the
    /// top entry rather than at the part. From the top of the file when no line names it.
    fn at_line(&self, e: Error, path: &str, holds: impl Fn(&str) -> bool) -> Error {
        let lines: Vec<&str> = self.source.lines().collect();
        let mut top = None;
        let mut from = 0;
        for name in path.split(" › ") {
            let Some(i) = (from..lines.len()).find(|&i| names_entry(lines[i], name)) else {
                break;
            };
            top.get_or_insert(i);
            from = i + 1;
        }
        let start = top.unwrap_or(0);
        let found = (start..lines.len())
            .find(|&i| holds(lines[i]))
            .or_else(|| lines.iter().position(|l| holds(l)));
        match found {
            Some(i) => e
                .at(i + 1, crate::model::yaml::key_column(lines[i]))
                .with_source(self.source),
            None => e,
        }
    }

    /// The card fields `where` may name for components `ids`: `name`, `id`, the declared
    /// fields and those the cards set.
    fn filter_fields<'a>(&'a self, ids: &'a [String]) -> std::collections::BTreeSet<&'a str> {
        let mut known: std::collections::BTreeSet<&str> = ["name", "id"].into_iter().collect();
        for c in self
            .game
            .components
            .iter()
            .filter(|c| ids.contains(&c.spec.id))
        {
            known.extend(c.spec.card_fields.names());
            known.extend(
                c.cards
                    .iter()
                    .flat_map(|card| card.fields.keys().map(String::as_str)),
            );
        }
        known
    }

    /// A key of `filter` that no card of components `ids` has: a misspelt field would
    /// select no card and read as a count the data does not produce.
    fn unknown_filter_field<'f>(
        &self,
        filter: &'f Map<String, Value>,
        ids: &[String],
    ) -> Option<&'f str> {
        if filter.is_empty() || ids.is_empty() {
            return None;
        }
        let known = self.filter_fields(ids);
        filter
            .keys()
            .map(String::as_str)
            .find(|k| !known.contains(k))
    }

    fn unknown_field(&self, path: &str, key: &str, ids: &[String]) -> Error {
        let known = self.filter_fields(ids);
        let e = Error::new(format!(
            "manifest entry `{path}`: `where` names the field `{key}`, which no card of {} has",
            ids.join(", ")
        ))
        .help(crate::error::suggestion(key, known.iter().copied()));
        let as_key = format!("{key}:");
        self.at_line(e, path, |l| l.contains("where") && has_word(l, &as_key))
    }

    /// Checks `entry` (with inherited component ids and filter) and its parts against the
    /// data; returns what the data produces for it.
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
        if let Some(id) = ids
            .iter()
            .find(|id| !self.game.components.iter().any(|c| &c.spec.id == *id))
        {
            return Err(self.unknown_component(&path, id));
        }
        let mut filter = filter.clone();
        filter.extend(entry.filter.clone());
        // With what a part inherits: a parent naming no component filters its parts' cards.
        if let Some(key) = self.unknown_filter_field(&filter, &ids) {
            return Err(self.unknown_field(&path, key, &ids));
        }
        let index = self.rows.len();
        self.rows.push(EntryReport {
            path: path.clone(),
            declared: entry.count,
            produced: None,
            bought: entry_bought,
            stated: Vec::new(),
            status: Status::Ok,
            problems: Vec::new(),
            findings: Vec::new(),
            accepted: Vec::new(),
            line: entry_line(self.source, &path),
        });
        let mut part_produced = Vec::new();
        for part in &entry.parts {
            part_produced.push(self.entry(part, &path, &ids, &filter, entry_bought)?);
        }
        let produced = if ids.is_empty() {
            let all: Option<Vec<u32>> = part_produced.into_iter().collect();
            all.filter(|_| !entry.parts.is_empty())
                .map(|v| v.iter().sum())
        } else {
            let (n, problems) = self.data(entry, &ids, &filter, entry_bought);
            if let Some(row) = self.rows.get_mut(index) {
                for p in problems {
                    row.add(None, p);
                }
            }
            Some(n)
        };
        if let Some(row) = self.rows.get_mut(index) {
            row.produced = produced;
        }
        Ok(produced)
    }

    /// What the data produces for an entry that names components, and what disagrees.
    fn data(
        &self,
        entry: &Entry,
        ids: &[String],
        filter: &Map<String, Value>,
        entry_bought: bool,
    ) -> (u32, Vec<String>) {
        let mut problems = Vec::new();
        let cards = select(self.game, ids, filter);
        let n: u32 = cards.iter().map(|(_, c)| c.count).sum();
        if n != entry.count {
            let diff = i64::from(n) - i64::from(entry.count);
            let what = if diff > 0 {
                format!("{diff} extra")
            } else {
                format!("{} missing", -diff)
            };
            // Which parts give other counts than they declare says where the difference is.
            let uneven: Vec<String> = entry
                .parts
                .iter()
                .filter_map(|p| {
                    let mut f = filter.clone();
                    f.extend(p.filter.clone());
                    let got: u32 = select(self.game, ids, &f)
                        .iter()
                        .map(|(_, c)| c.count)
                        .sum();
                    (got != p.count).then(|| format!("{} gives {got} of {}", p.name, p.count))
                })
                .collect();
            let detail = match (uneven.is_empty(), cards.is_empty()) {
                (false, _) => format!("in its parts: {}", uneven.join(", ")),
                (true, true) => "counted: no cards match".to_owned(),
                (true, false) => format!("counted: {}", list_cards(&cards)),
            };
            problems.push(format!(
                "the data gives {n}, the manifest declares {} ({what}); {detail}",
                entry.count
            ));
        }
        if !entry.parts.is_empty() {
            let uncovered: Vec<(&str, &Card)> = cards
                .iter()
                .filter(|(_, c)| {
                    !entry.parts.iter().any(|p| {
                        let mut f = filter.clone();
                        f.extend(p.filter.clone());
                        card_matches(c, &f)
                    })
                })
                .copied()
                .collect();
            if !uncovered.is_empty() {
                problems.push(format!("in no part: {}", list_cards(&uncovered)));
            }
        }
        let bought = self
            .game
            .components
            .iter()
            .filter(|c| ids.contains(&c.spec.id))
            .all(|c| c.spec.kind == ComponentKind::Bought);
        if bought != entry_bought {
            problems.push(if entry_bought {
                "declared bought, but its component is printed".to_owned()
            } else {
                "its component is bought, not printed: add `bought: true`".to_owned()
            });
        }
        (n, problems)
    }
}

/// Runs the checks: the data, the manifest's own sums, the rules, and (given `decks`) the
/// backs of components shuffled together. `rules_source` is the raw `rules.md`.
/// The line of the entry `path` ("Deck › Part") in the manifest's text: each name's `name:`
/// line, looked for after its parent's.
fn entry_line(source: &str, path: &str) -> Option<usize> {
    let mut from = 0;
    let mut found = None;
    for name in path.split(" › ") {
        let at = source
            .lines()
            .enumerate()
            .skip(from)
            .find(|(_, l)| {
                let l = l
                    .trim_start()
                    .trim_start_matches("- ")
                    .trim_start_matches("{ ");
                l.strip_prefix("name:").is_some_and(|rest| {
                    let rest = rest.trim();
                    let value = rest.split([',', '}']).next().unwrap_or(rest).trim();
                    value.trim_matches(['"', '\'']) == name
                })
            })?
            .0;
        from = at + 1;
        found = Some(at + 1);
    }
    found
}

pub fn check(
    game: &Game,
    manifest: &ManifestFile,
    rules_source: Option<&str>,
    decks: Vec<DeckReport>,
) -> Result<CheckReport> {
    let mut checker = Checker {
        game,
        source: &manifest.source,
        rows: Vec::new(),
    };
    for entry in &manifest.entries {
        checker
            .entry(entry, "", &[], &Map::new(), false)
            .map_err(|e| e.in_file(manifest_path(game)).game(&game.id))?;
    }
    let rules_file = crate::render::rules::rules_path(game);
    let label = match rules_file.file_name().and_then(|n| n.to_str()) {
        Some("rules.md") | None => "rules".to_owned(),
        Some(name) => name.to_owned(),
    };
    let lang = game.rules_language();
    let first = game
        .langs
        .all
        .first()
        .is_none_or(|f| crate::model::lang::base(f) == crate::model::lang::base(lang));
    let vocab = Vocab::for_project(&game.project, lang).map_err(|e| e.game(&game.id))?;
    let source = rules_source.map(|text| RulesSource {
        text,
        lang,
        first,
        label: label.clone(),
        vocab,
    });
    let rules = check_rules_in(manifest, source);
    for (row, r) in checker.rows.iter_mut().zip(rules.rows) {
        let data_problems = !row.findings.is_empty();
        row.stated = r.stated;
        for f in r.findings {
            row.add(f.line, f.message);
        }
        row.accepted = r.accepted;
        row.status = match (
            data_problems || !row.findings.is_empty(),
            row.accepted.is_empty(),
        ) {
            (true, _) => Status::Mismatch,
            (false, true) => Status::Ok,
            (false, false) => Status::Accepted,
        };
    }
    let unlisted = unlisted_components(game, manifest);
    let passed = rules.unowned.is_empty()
        && checker.rows.iter().all(|r| r.status != Status::Mismatch)
        && decks.iter().all(|d| d.passed)
        && unlisted.is_empty();
    Ok(CheckReport {
        game: game.id.clone(),
        lang: game.is_multilingual().then(|| game.langs.current.clone()),
        manifest: manifest_path(game).to_string_lossy().into_owned(),
        rules: rules_source.map(|_| {
            crate::render::rules::rules_path(game)
                .to_string_lossy()
                .into_owned()
        }),
        entries: checker.rows,
        rules_problems: rules.problems,
        decks,
        unlisted,
        passed,
        preflight: None,
    })
}

/// Whether `line` holds `word` not run into other letters, digits, `-` or `_` on either side.
/// Whether `line` gives an entry the name `name` (`- name: Tier 1`, `{ name: "Tier 1", …`):
/// the whole value, and not a `where: { name: … }` filter.
fn names_entry(line: &str, name: &str) -> bool {
    line.match_indices("name:").any(|(at, key)| {
        let before = &line[..at];
        let value = line[at + key.len()..].trim_start();
        let value = value.strip_prefix(['"', '\'']).unwrap_or(value);
        let whole = value.strip_prefix(name).is_some_and(|rest| {
            let rest = rest.trim_start();
            rest.is_empty() || rest.starts_with(['"', '\'', ',', '}', '#'])
        });
        let key_alone = before
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric() && c != '_');
        whole && key_alone && !before.contains("where")
    })
}

fn has_word(line: &str, word: &str) -> bool {
    let part = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    crate::model::yaml::word_at(line, word, part).is_some()
}

/// The ids of the game's components that no manifest entry (nor part) names: a component
/// added to the game but not to the manifest would otherwise pass unchecked.
fn unlisted_components(game: &Game, manifest: &ManifestFile) -> Vec<String> {
    let named: std::collections::BTreeSet<String> = flatten(&manifest.entries)
        .iter()
        .filter_map(|(e, _, _)| e.component.as_ref())
        .flat_map(OneOrMany::ids)
        .collect();
    game.components
        .iter()
        .map(|c| c.spec.id.clone())
        .filter(|id| !named.contains(id))
        .collect()
}

/// Loads the manifest and rules of `game` and checks them, rendering the backs of the decks
/// the manifest names; `None` without a manifest.
pub fn check_game(game: &Game, faces: Option<&Faces>) -> Result<Option<CheckReport>> {
    let Some(manifest) = load(game)? else {
        return Ok(None);
    };
    let decks = match faces {
        Some(faces) => crate::check::decks::check_decks(game, &manifest.decks, faces)?,
        None => crate::check::decks::check_game_decks(game, &manifest.decks)?,
    };
    let rules_file = crate::render::rules::rules_path(game);
    let rules = game.project.read_optional_text(&rules_file)?;
    // The check reads the rules with their Tera expressions blanked; `check` alone (no build,
    // which renders them anyway) renders them too, so that an expression a build would refuse
    // fails the check as well instead of passing unseen.
    if faces.is_none() {
        crate::render::rules::load(game)?;
    }
    check(game, &manifest, rules.as_deref(), decks).map(Some)
}
