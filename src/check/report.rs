//! Check reports for people and for CI: a terminal table, GitHub annotations and a summary
//! across games.

use crate::check::findings::{CheckReport, Status};

/// A table for the terminal.
pub fn table(r: &CheckReport) -> String {
    let width = r
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
    for e in &r.entries {
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
        for a in &e.accepted {
            out.push_str(&format!("    accepted: {a}\n"));
        }
    }
    for f in beyond_entries(r) {
        let word = if f.ok { "ok" } else { "MISMATCH" };
        match f.heading {
            true => out.push_str(&format!("{} {word}\n", f.text)),
            false => out.push_str(&format!("{}\n", f.text)),
        }
        for p in &f.details {
            out.push_str(&format!("    - {p}\n"));
        }
    }
    out.push_str(if r.passed {
        "manifest check passed\n"
    } else {
        "manifest check FAILED\n"
    });
    out
}

/// A finding of the check beyond the manifest's entries, as the terminal and the index page
/// show it.
pub struct Beyond {
    pub text: String,
    /// Whether it stands: a matching deck. A rules problem or an unlisted component does not.
    pub ok: bool,
    /// Whether the text takes an ok/mismatch word (a deck, an unlisted component) or is a
    /// problem in its own words (a rules statement).
    pub heading: bool,
    pub details: Vec<String>,
}

/// Whether a rules problem is one an entry's finding already says, at the same line: it is
/// then said once, under the entry.
fn said_by_an_entry(r: &CheckReport, p: &crate::check::statements::RulesProblem) -> bool {
    r.entries.iter().any(|e| {
        e.status == Status::Mismatch
            && e.findings
                .iter()
                .any(|f| f.line == Some(p.line) && f.message.contains(&p.text))
    })
}

/// The rules statements that disagree with themselves, the decks shuffled together and the
/// components no entry counts: what fails a check besides its entries.
pub fn beyond_entries(r: &CheckReport) -> Vec<Beyond> {
    // `rules` for rules.md, the file's name for another language's rules.
    let label = r
        .rules
        .as_deref()
        .and_then(|f| std::path::Path::new(f).file_name()?.to_str())
        .filter(|n| *n != "rules.md")
        .unwrap_or("rules");
    let rules = r
        .rules_problems
        .iter()
        .filter(|p| !said_by_an_entry(r, p))
        .map(|p| Beyond {
            text: format!("{label} line {}: {}", p.line, p.text),
            ok: false,
            heading: false,
            details: Vec::new(),
        });
    let decks = r.decks.iter().map(|d| Beyond {
        text: format!(
            "deck {} ({}): {}",
            d.name,
            d.components.join(" + "),
            if d.backs == 1 {
                "one back"
            } else {
                "backs differ"
            }
        ),
        ok: d.passed,
        heading: true,
        details: d.problems.clone(),
    });
    let unlisted = r.unlisted.iter().map(|c| Beyond {
        text: format!("component {c}: in no manifest entry, so nothing checks its count"),
        ok: false,
        heading: true,
        details: Vec::new(),
    });
    // Not a failure: a game may have no rulebook yet. But a pass then means less.
    let no_rules = r.rules.is_none().then(|| Beyond {
        text: "no rulebook: the counts were checked against the data, not against the rules"
            .to_owned(),
        ok: true,
        heading: false,
        details: Vec::new(),
    });
    no_rules
        .into_iter()
        .chain(rules)
        .chain(decks)
        .chain(unlisted)
        .collect()
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

fn annotation(file: &str, line: Option<usize>, message: &str) -> String {
    let line = line.map_or(String::new(), |l| format!(",line={l}"));
    format!(
        "::error file={}{line}::{}\n",
        escape_property(file),
        escape_data(message)
    )
}

/// A GitHub Actions annotation for input the check could not read, attached to its file,
/// line and column where known; the message is the error's first line with its help. An error
/// placed at a template line while drawing a card is also annotated at the card's entry (its
/// line in a YAML file, its row in a spreadsheet), where the data to change often is.
pub fn github_error(label: &str, e: &crate::error::Error) -> String {
    let mut message = format!("{label}: {}", e.message);
    if let Some(help) = &e.help {
        message.push_str(&format!(" (help: {help})"));
    }
    let Some(file) = &e.file else {
        return format!("::error::{}\n", escape_data(&message));
    };
    let mut place = format!("file={}", escape_property(&file.display().to_string()));
    if let Some(line) = e.line {
        place.push_str(&format!(",line={line}"));
    }
    if let Some(column) = e.column {
        place.push_str(&format!(",col={column}"));
    }
    let mut out = format!("::error {place}::{}\n", escape_data(&message));
    if let Some((entry, line)) = &e.card_entry
        && (Some(entry) != e.file.as_ref() || Some(*line) != e.line)
    {
        let card = e.card.as_deref().unwrap_or("this card");
        let at = match (e.line, e.column) {
            (Some(l), _) => format!("{}:{l}", file.display()),
            _ => file.display().to_string(),
        };
        let message = format!("{label}: card `{card}`: {} (at {at})", e.message);
        out.push_str(&annotation(
            &entry.display().to_string(),
            Some(*line),
            &message,
        ));
    }
    out
}

/// GitHub Actions annotations, one per failing finding: rules lines point into `rules.md`,
/// the rest at `manifest.yaml`.
pub fn github(r: &CheckReport) -> String {
    let rules = r
        .rules
        .clone()
        .unwrap_or_else(|| format!("data/{}/rules.md", r.game));
    let mut out = String::new();
    for e in r.entries.iter().filter(|e| e.status == Status::Mismatch) {
        for f in &e.findings {
            let (file, line) = match f.line {
                Some(line) => (&rules, Some(line)),
                None => (&r.manifest, e.line),
            };
            out.push_str(&annotation(
                file,
                line,
                &format!("{}: {}: {}", r.game, e.path, f.message),
            ));
        }
    }
    for p in &r.rules_problems {
        if said_by_an_entry(r, p) {
            continue;
        }
        out.push_str(&annotation(
            &rules,
            Some(p.line),
            &format!("{}: the rules disagree with themselves: {}", r.game, p.text),
        ));
    }
    for d in r.decks.iter().filter(|d| !d.passed) {
        for p in &d.problems {
            out.push_str(&annotation(
                &r.manifest,
                None,
                &format!("{}: deck {}: {p}", r.game, d.name),
            ));
        }
    }
    for c in &r.unlisted {
        out.push_str(&annotation(
            &r.manifest,
            None,
            &format!("{}: component {c} is in no manifest entry", r.game),
        ));
    }
    out
}

/// GitHub Actions annotations for a kit's preflight, one per finding: an error or a warning
/// as the print profile rates it, at the card's entry in its cards file when it has one.
pub fn github_preflight(label: &str, r: &crate::preflight::Report) -> String {
    let mut out = String::new();
    for f in &r.findings {
        let kind = match f.severity {
            crate::preflight::Severity::Error => "error",
            crate::preflight::Severity::Warning => "warning",
        };
        let mut place = String::new();
        if let Some(file) = &f.file {
            place = format!(" file={}", escape_property(file));
            if let Some(line) = f.line {
                place.push_str(&format!(",line={line}"));
            }
        }
        let title = format!("preflight {}", f.class.name());
        place.push_str(&format!(
            "{}title={}",
            if place.is_empty() { " " } else { "," },
            escape_property(&title)
        ));
        let message = format!("{label}: {}: {}", f.place(), f.message);
        out.push_str(&format!("::{kind}{place}::{}\n", escape_data(&message)));
    }
    out
}

/// Counts across games for the summary line; a game in several languages is one kit (and one
/// report) per language.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Kits checked without bad input (one per game and language).
    pub games: usize,
    /// Kits beyond one per game: the other languages of games in several.
    pub extra_kits: usize,
    pub passed: usize,
    pub failed: usize,
    pub errors: usize,
    pub entries: usize,
    pub mismatches: usize,
    /// Kits whose preflight found an error, and the findings of all kits.
    pub preflight_failed: usize,
    pub preflight_errors: usize,
    pub preflight_warnings: usize,
}

impl Summary {
    pub fn add(&mut self, r: &CheckReport) {
        self.games += 1;
        if r.passed {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
        self.entries += r.entries.len();
        self.mismatches += r
            .entries
            .iter()
            .filter(|e| e.status == Status::Mismatch)
            .count();
    }

    /// Counts a kit's preflight. A kit whose manifest passed (`counted_passed`) but whose
    /// preflight failed is a failed kit: "1 passed" beside "preflight failed" misled.
    pub fn add_preflight(&mut self, r: &crate::preflight::Report, counted_passed: bool) {
        if !r.passed && counted_passed {
            self.passed -= 1;
            self.failed += 1;
        }
        self.preflight_failed += usize::from(!r.passed);
        self.preflight_errors += r.errors;
        self.preflight_warnings += r.warnings;
    }

    /// `checked 5 games: 4 passed, 1 failed, 0 with bad input; 2 of 71 entries mismatch`, or
    /// `checked 1 game (2 kits): ...` for a game in two languages.
    pub fn line(&self) -> String {
        let kits = self.games + self.errors;
        let games = kits.saturating_sub(self.extra_kits);
        let kits_note = if self.extra_kits > 0 {
            format!(" ({kits} kits)")
        } else {
            String::new()
        };
        let n =
            |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
        // A kit passes when its manifest and its preflight do; the preflight's own tally follows.
        let preflight = match (self.preflight_failed, self.preflight_warnings) {
            (0, 0) => String::new(),
            (0, w) => format!("; preflight: {}", n(w, "warning", "warnings")),
            (k, w) => format!(
                "; preflight failed in {}: {}, {}",
                n(k, "kit", "kits"),
                n(self.preflight_errors, "error", "errors"),
                n(w, "warning", "warnings")
            ),
        };
        format!(
            "checked {} {}{kits_note}: {} passed, {} failed, {} with bad input; {} of {} {} mismatch{preflight}",
            games,
            if games == 1 { "game" } else { "games" },
            self.passed,
            self.failed,
            self.errors,
            self.mismatches,
            self.entries,
            if self.entries == 1 {
                "entry"
            } else {
                "entries"
            }
        )
    }
}

impl CheckReport {
    /// A table for the terminal.
    pub fn table(&self) -> String {
        table(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_in_two_languages_is_one_game_of_two_kits() {
        let s = Summary {
            games: 2,
            extra_kits: 1,
            passed: 2,
            entries: 1,
            ..Summary::default()
        };
        assert_eq!(
            s.line(),
            "checked 1 game (2 kits): 2 passed, 0 failed, 0 with bad input; 0 of 1 entry mismatch"
        );
    }

    #[test]
    fn annotations_escape_what_github_reads_as_syntax() {
        assert_eq!(
            annotation("data/g/rules.md", Some(4), "a: 50%\nb"),
            "::error file=data/g/rules.md,line=4::a: 50%25%0Ab\n"
        );
        assert_eq!(escape_property("a,b:c"), "a%2Cb%3Ac");
    }

    #[test]
    fn an_unreadable_input_is_annotated_at_its_file_and_line() {
        let e = crate::error::Error::new("unknown field `cuont`")
            .in_file("data/g/manifest.yaml")
            .at(2, 5)
            .help("did you mean `count`?");
        assert_eq!(
            github_error("g", &e),
            "::error file=data/g/manifest.yaml,line=2,col=5::g: unknown field `cuont` (help: did you mean `count`?)\n"
        );
        assert_eq!(
            github_error("g", &crate::error::Error::new("x")),
            "::error::g: x\n"
        );
    }

    #[test]
    fn a_cards_error_at_a_template_line_is_annotated_at_its_row_too() {
        let e = crate::error::Error::new("unknown icon `cion`")
            .in_file("templates/g/front.svg.tera")
            .at(9, 4)
            .card("Merchant")
            .card_entry("data/g/deck.csv", 3);
        let lines: Vec<String> = github_error("g", &e).lines().map(str::to_owned).collect();
        assert_eq!(
            lines,
            [
                "::error file=templates/g/front.svg.tera,line=9,col=4::g: unknown icon `cion`",
                "::error file=data/g/deck.csv,line=3::g: card `Merchant`: unknown icon `cion` (at templates/g/front.svg.tera:9)",
            ]
        );
        // Placed at the card's entry already: said once.
        let e = crate::error::Error::new("bad")
            .in_file("data/g/deck.csv")
            .at(3, 1)
            .card_entry("data/g/deck.csv", 3);
        assert_eq!(github_error("g", &e).lines().count(), 1);
    }

    #[test]
    fn a_kit_whose_preflight_fails_is_a_failed_kit() {
        let mut s = Summary {
            games: 1,
            passed: 1,
            entries: 3,
            ..Summary::default()
        };
        let failed = crate::preflight::Report {
            passed: false,
            errors: 19,
            ..Default::default()
        };
        s.add_preflight(&failed, true);
        assert_eq!(
            s.line(),
            "checked 1 game: 0 passed, 1 failed, 0 with bad input; 0 of 3 entries mismatch; \
             preflight failed in 1 kit: 19 errors, 0 warnings"
        );
    }

    #[test]
    fn the_summary_counts_games_and_entries() {
        let s = Summary {
            games: 2,
            passed: 1,
            failed: 1,
            errors: 1,
            entries: 10,
            mismatches: 2,
            extra_kits: 0,
            ..Summary::default()
        };
        assert_eq!(
            s.line(),
            "checked 3 games: 1 passed, 1 failed, 1 with bad input; 2 of 10 entries mismatch"
        );
        let s = Summary {
            preflight_failed: 1,
            preflight_errors: 2,
            preflight_warnings: 1,
            ..s
        };
        assert!(
            s.line()
                .ends_with("mismatch; preflight failed in 1 kit: 2 errors, 1 warning"),
            "{}",
            s.line()
        );
        let s = Summary {
            preflight_failed: 0,
            preflight_errors: 0,
            ..s
        };
        assert!(
            s.line().ends_with("mismatch; preflight: 1 warning"),
            "{}",
            s.line()
        );
    }

    #[test]
    fn preflight_annotations_point_at_the_card_and_escape_github_syntax() {
        let f = crate::preflight::Finding {
            class: crate::preflight::Class::Contrast,
            severity: crate::preflight::Severity::Error,
            component: "deck".to_owned(),
            card: "Fire, Ice".to_owned(),
            side: "front".to_owned(),
            element: "text \"50%\"".to_owned(),
            value: 2.0,
            limit: 4.5,
            unit: ":1",
            message: "text \"50%\" has a contrast of 2.00:1\nnext".to_owned(),
            file: Some("data/g/deck,1.yaml".to_owned()),
            line: Some(7),
        };
        let warning = crate::preflight::Finding {
            severity: crate::preflight::Severity::Warning,
            file: None,
            line: None,
            ..f.clone()
        };
        let r = crate::preflight::Report::new(vec![f, warning]);
        let text = github_preflight("g", &r);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "::error file=data/g/deck%2C1.yaml,line=7,title=preflight contrast::g: deck/Fire, Ice front: text \"50%25\" has a contrast of 2.00:1%0Anext"
        );
        assert!(
            lines[1].starts_with("::warning title=preflight contrast::g: "),
            "{}",
            lines[1]
        );
    }
}
