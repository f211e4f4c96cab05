//! `protopress check`: the manifest check and the faces' preflight, writing `check.json`,
//! reported as text, JSON or GitHub annotations, with a summary across games. Exit 1 when a
//! check fails (a mismatch, or a preflight error), 2 when a game cannot be checked (bad input).

use std::io::Write;
use std::path::Path;

use protopress::assemble::{Preflight, preflight_game, write_check_with};
use protopress::check::manifest::CheckReport;
use protopress::check::report::{self, Summary};
use protopress::model::Game;
use protopress::model::translations::{self, TranslationStatus};
use protopress::preflight;
use protopress::{Error, Project, Result};

use super::args::CheckFormat;
use super::games::{games_or_all, kit_label, kit_languages};
use super::outcome::Outcome;
use super::ui::{self, say};

/// Checks `games` (all when empty), each in `lang` or in every one of its languages; `cached`,
/// reading what the last build found on the faces it kept.
pub fn run(
    project: &Project,
    games: Vec<String>,
    out: &Path,
    format: CheckFormat,
    lang: Option<&str>,
    cached: bool,
) -> Result<Outcome> {
    let started = games_or_all(project, games).and_then(|g| Ok((g, project.output_root(out)?)));
    let (games, out_dir) = started.inspect_err(|e| say_unstarted(format, e))?;
    let mut found = Found::default();
    let kits = kits_of(project, &games, lang);
    found.summary.extra_kits = kits.len().saturating_sub(games.len());
    let kit_count = kits.len();
    for (id, kit_lang) in kits {
        let label = match &kit_lang {
            Ok(l) => kit_label(&id, l.as_deref()),
            Err(_) => id.clone(),
        };
        let checked =
            kit_lang.and_then(|l| check_kit(project, &id, l.as_deref(), &out_dir, cached));
        found.note(format, &label, checked);
    }
    let Found {
        summary,
        reports,
        failed_to_check,
        preflights,
        stale,
    } = found;
    match format {
        CheckFormat::Json => print(&json(
            &reports,
            &summary,
            &failed_to_check,
            &preflights,
            &stale,
        )),
        // Annotations are read by CI: their summary stays, like the JSON document.
        CheckFormat::Github => print(&format!("{}\n", summary.line())),
        CheckFormat::Text => say!("{}", summary.line()),
    }
    if summary.errors > 0 {
        return Err(Error::new(format!(
            "{} of {} could not be checked",
            summary.errors,
            match summary.extra_kits {
                0 => ui::plural(games.len(), "game", "games"),
                _ => ui::plural(kit_count, "kit", "kits"),
            }
        )));
    }
    Ok(if summary.failed > 0 || summary.preflight_failed > 0 {
        Outcome::CheckFailed
    } else {
        Outcome::Done
    })
}

/// Each game's kits to check: one per language (each against its own rulebook), or the one
/// `lang` names; a game whose languages cannot be read is one kit that fails to check.
fn kits_of(
    project: &Project,
    games: &[String],
    lang: Option<&str>,
) -> Vec<(String, Result<Option<String>>)> {
    games
        .iter()
        .flat_map(|id| match kit_languages(project, id, lang) {
            Ok(langs) => langs.into_iter().map(|l| (id.clone(), Ok(l))).collect(),
            Err(e) => vec![(id.clone(), Err(e))],
        })
        .collect()
}

/// One kit checked: its manifest check (none without a manifest), written to `check.json`
/// with the faces' preflight, and the preflight.
fn check_kit(
    project: &Project,
    id: &str,
    lang: Option<&str>,
    out_dir: &Path,
    cached: bool,
) -> Result<Checked> {
    let game = Game::load_in(project, id, lang)?;
    let Preflight {
        report: preflight,
        faces,
        kept,
    } = preflight_game(&game, out_dir, cached)?;
    let first = game.langs.all.first().cloned().unwrap_or_default();
    Ok(Checked {
        manifest: write_check_with(&game, out_dir, Some(preflight.clone()))?,
        preflight,
        faces_kept: (faces, kept),
        translations: translations::status(&game)?,
        first,
    })
}

/// What one kit's check found.
struct Checked {
    manifest: Option<CheckReport>,
    preflight: preflight::Report,
    /// The faces looked at, and how many as the last build found them.
    faces_kept: (usize, usize),
    translations: TranslationStatus,
    /// The game's first language, which translations are made from.
    first: String,
}

/// What the kits checked so far found, for the summary and the JSON document.
#[derive(Default)]
struct Found {
    summary: Summary,
    reports: Vec<CheckReport>,
    failed_to_check: Vec<serde_json::Value>,
    preflights: Vec<serde_json::Value>,
    stale: Vec<serde_json::Value>,
}

impl Found {
    /// Notes one kit's check and reports it as `format` says (text and annotations as each
    /// kit is checked; JSON at the end).
    fn note(&mut self, format: CheckFormat, label: &str, checked: Result<Checked>) {
        match checked {
            Ok(Checked {
                manifest,
                preflight,
                faces_kept,
                translations,
                first,
            }) => {
                self.note_translations(format, label, &translations, &first);
                if let Some(report) = &manifest {
                    self.summary.add(report);
                }
                let counted_passed = manifest.as_ref().is_some_and(|r| r.passed);
                self.summary.add_preflight(&preflight, counted_passed);
                match (format, &manifest) {
                    (CheckFormat::Text, Some(report)) => say!("{label}:\n{}", report.table()),
                    (CheckFormat::Text, None) => say!("{label}: no manifest.yaml"),
                    (CheckFormat::Github, Some(report)) => print(&report::github(report)),
                    _ => {}
                }
                match format {
                    CheckFormat::Text => say_preflight(&preflight, faces_kept),
                    CheckFormat::Github => print(&report::github_preflight(label, &preflight)),
                    CheckFormat::Json => {}
                }
                self.preflights
                    .push(serde_json::json!({ "kit": label, "preflight": preflight }));
                self.reports.extend(manifest);
            }
            Err(e) => {
                self.summary.errors += 1;
                if format == CheckFormat::Github {
                    print(&report::github_error(label, &e));
                }
                self.failed_to_check.push(error_json(Some(label), &e));
                ui::error(&e);
            }
        }
    }

    /// Stale translations are warnings: listed (in the JSON document too), never a failure.
    fn note_translations(
        &mut self,
        format: CheckFormat,
        label: &str,
        status: &TranslationStatus,
        first: &str,
    ) {
        for s in &status.stale {
            if format != CheckFormat::Json {
                ui::warning(&format!("{label}: {}", s.message(first)));
            }
            self.stale
                .push(serde_json::json!({ "kit": label, "stale": s, "first_language": first }));
        }
    }
}

/// A check that could not start (no such game, a refused `--out`): a JSON reader still gets
/// a document, and CI an annotation; the error itself is printed as for any command.
fn say_unstarted(format: CheckFormat, e: &Error) {
    // Every format ends with its summary, a run that could not start too.
    let summary = Summary {
        errors: 1,
        ..Summary::default()
    };
    match format {
        CheckFormat::Json => print(&json(&[], &summary, &[error_json(None, e)], &[], &[])),
        CheckFormat::Github => {
            print(&report::github_error("check", e));
            print(&format!("{}\n", summary.line()));
        }
        CheckFormat::Text => say!("{}", summary.line()),
    }
}

/// A kit that could not be checked, as the JSON report lists it: what and where.
fn error_json(kit: Option<&str>, e: &Error) -> serde_json::Value {
    serde_json::json!({
        "kit": kit,
        "message": e.message,
        "file": e.file.as_ref().map(|f| f.display().to_string()),
        "line": e.line,
        "column": e.column,
        "component": e.component,
        "card": e.card,
        "card_file": e.card_entry.as_ref().map(|(f, _)| f.display().to_string()),
        "card_line": e.card_entry.as_ref().map(|(_, l)| l),
        "help": e.help,
    })
}

/// A kit's preflight findings on the terminal, then its verdict; with `--verbose`, how many
/// faces were looked at and how many the last build had looked at already.
fn say_preflight(r: &preflight::Report, (faces, kept): (usize, usize)) {
    for line in r.lines() {
        say!("  {line}");
    }
    say!("{}", r.summary());
    if ui::ui().verbose {
        say!("  {faces} faces looked at, {kept} of them as the last build found them");
    }
}

fn json(
    reports: &[CheckReport],
    s: &Summary,
    errors: &[serde_json::Value],
    preflights: &[serde_json::Value],
    stale: &[serde_json::Value],
) -> String {
    let doc = serde_json::json!({
        "games": reports,
        "errors": errors,
        // Every kit's, with a manifest or without (a game's report above holds its own too).
        "preflight": preflights,
        // Translations whose first-language text changed since they were confirmed.
        "stale_translations": stale,
        "summary": {
            "games": (s.games + s.errors).saturating_sub(s.extra_kits),
            "kits": s.games + s.errors,
            "passed": s.passed,
            "failed": s.failed,
            "bad_input": s.errors,
            "entries": s.entries,
            "mismatches": s.mismatches,
            "preflight_failed": s.preflight_failed,
            "preflight_errors": s.preflight_errors,
            "preflight_warnings": s.preflight_warnings,
            "line": s.line(),
        },
    });
    let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
    text.push('\n');
    text
}

/// Machine-readable output goes to stdout even with `--quiet`.
fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}
