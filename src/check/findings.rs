//! What the manifest check finds, as `check.json` holds it: each entry's counts and status,
//! its problems with their rules lines, the rules side of each entry, and the whole report.

use serde::Serialize;

use crate::check::decks::DeckReport;
use crate::check::statements::{RulesProblem, Statement};

/// Status of one entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Ok,
    Mismatch,
    /// Only disagreements the manifest accepts, each with a reason.
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

/// One problem of an entry, with the rules line it is about when there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub line: Option<usize>,
    pub message: String,
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
    /// The problems with their rules lines (for annotations).
    #[serde(skip)]
    pub findings: Vec<Finding>,
    /// Disagreements accepted, with their reasons.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub accepted: Vec<String>,
    /// Its line in `manifest.yaml`, for annotations.
    #[serde(skip)]
    pub line: Option<usize>,
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

    pub(crate) fn add(&mut self, line: Option<usize>, message: String) {
        self.problems.push(message.clone());
        self.findings.push(Finding { line, message });
    }
}

/// The whole check, as written to `check.json`.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    pub game: String,
    /// The kit's language, for a game in several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    pub manifest: String,
    pub rules: Option<String>,
    pub entries: Vec<EntryReport>,
    /// Counts in the rules whose own parts or names disagree with them.
    pub rules_problems: Vec<RulesProblem>,
    /// Components shuffled together and whether their backs match.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<DeckReport>,
    /// Components of the game that no entry counts: nothing checks them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unlisted: Vec<String>,
    /// Whether the manifest check passed (the preflight has its own `passed`).
    pub passed: bool,
    /// What preflight found on the faces (`crate::preflight`), when it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preflight: Option<crate::preflight::Report>,
}

impl CheckReport {
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self)
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
        s.push('\n');
        s
    }

    /// The paths of the entries that fail, and the deck groups whose backs differ.
    pub fn failing(&self) -> Vec<String> {
        let entries = self
            .entries
            .iter()
            .filter(|e| e.status == Status::Mismatch)
            .map(|e| e.path.clone());
        let decks = self
            .decks
            .iter()
            .filter(|d| !d.passed)
            .map(|d| format!("deck {}", d.name));
        let unlisted = self
            .unlisted
            .iter()
            .map(|c| format!("component {c} (in no entry)"));
        entries.chain(decks).chain(unlisted).collect()
    }
}

/// The rules side of one entry.
#[derive(Debug, Clone)]
pub struct RulesRow {
    pub path: String,
    pub declared: u32,
    pub stated: Vec<Statement>,
    pub findings: Vec<Finding>,
    pub accepted: Vec<String>,
}

/// The rules side of the whole manifest: rows in report order and rules-level problems.
#[derive(Debug, Clone)]
pub struct RulesCheck {
    pub rows: Vec<RulesRow>,
    pub problems: Vec<RulesProblem>,
    /// Problems of counts that belong to no manifest entry (these fail the check on their own).
    pub unowned: Vec<RulesProblem>,
}

impl RulesRow {
    pub fn status(&self) -> Status {
        match (self.findings.is_empty(), self.accepted.is_empty()) {
            (false, _) => Status::Mismatch,
            (true, true) => Status::Ok,
            (true, false) => Status::Accepted,
        }
    }
}
