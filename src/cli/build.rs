//! `protopress build`: build kits, report what was written, optionally record the print.

use std::path::Path;
use std::time::{Duration, Instant};

use protopress::assemble::{BuildOptions, BuildOutcome, Built, Session};
use protopress::output::record::{read_record, record_path};
use protopress::output::write_atomic;
use protopress::{Error, Project, Result};

use super::args::BuildArgs;
use super::games::{games_or_all, kit_languages};
use super::outcome::Outcome;
use super::ui::{self, say};

pub fn run(project: &Project, args: BuildArgs) -> Result<Outcome> {
    let games = games_or_all(project, args.games.clone())?;
    let opts = BuildOptions {
        paper: args.paper.map(Into::into),
        out_dir: project.output_root(&args.out)?,
        mark_printed: args.mark_printed,
        layout: args.layout.map(Into::into),
    };
    let session = match args.no_cache {
        true => Session::new(project, &opts),
        false => Session::with_disk_cache(project, &opts),
    };
    let mut tally = Tally::default();
    for game in &games {
        let langs = match kit_languages(project, game, args.lang.as_deref()) {
            Ok(langs) => langs,
            // A game.yaml that does not load: its build reports where.
            Err(_) if args.lang.is_none() => vec![None],
            Err(e) => {
                (tally.kits, tally.errors) = (tally.kits + 1, tally.errors + 1);
                ui::error(&e);
                continue;
            }
        };
        tally.kits += langs.len();
        // Parking makes the output root: a first build that fails removes it again.
        let root_made = !opts.out_dir.exists();
        let parking = match park_for(&opts.out_dir, &langs) {
            Ok(parking) => parking,
            Err(e) => {
                tally.errors += langs.len();
                ui::error(&e);
                continue;
            }
        };
        let parked = parking.as_ref().map(tempfile::TempDir::path);
        let built = build_kits(&session, game, &langs, parked);
        if let Some(failed) = refused(game, &built) {
            tally.errors += failed;
            // The kits first (their cache's temporary files), then the parking folder.
            drop(built);
            drop(parking);
            if root_made {
                let _ = std::fs::remove_dir(&opts.out_dir);
            }
            continue;
        }
        for (i, (label, took, result)) in built.into_iter().enumerate() {
            let Ok(kit) = result else { continue };
            let writing = Instant::now();
            let kit = match parked {
                Some(dir) => kit.unpark(&dir.join(i.to_string())),
                None => Ok(kit),
            };
            match kit.and_then(|kit| session.write(kit)) {
                Ok(outcome) => {
                    summarise(&label, &outcome, took + writing.elapsed());
                    if !report_check(&label, &outcome) {
                        tally.check_failed += 1;
                    }
                    if args.mark_printed {
                        record_print(project, &outcome)?;
                    }
                }
                Err(e) => {
                    tally.errors += 1;
                    ui::error(&e);
                }
            }
        }
    }
    tally.outcome()
}

/// What the kits of a run came to.
#[derive(Default)]
struct Tally {
    kits: usize,
    errors: usize,
    check_failed: usize,
}

impl Tally {
    fn outcome(&self) -> Result<Outcome> {
        if self.errors > 0 {
            return Err(Error::new(format!(
                "{} of {} failed to build; their previous output is untouched",
                self.errors,
                ui::plural(self.kits, "kit", "kits")
            )));
        }
        Ok(match self.check_failed {
            0 => Outcome::Done,
            _ => Outcome::CheckFailed,
        })
    }
}

/// A kit built in memory: its label, how long it took and the result.
type KitBuild = (String, Duration, Result<Built>);

/// Where the kits of a game in several languages wait, file by file, until all are built:
/// a folder of the output root, removed when dropped.
fn park_for(out_dir: &Path, langs: &[Option<String>]) -> Result<Option<tempfile::TempDir>> {
    if langs.len() < 2 {
        return Ok(None);
    }
    std::fs::create_dir_all(out_dir).map_err(|e| Error::io_write(out_dir, &e))?;
    tempfile::Builder::new()
        .prefix(".protopress-parked-")
        .tempdir_in(out_dir)
        .map(Some)
        .map_err(|e| Error::io_write(out_dir, &e))
}

/// Every kit of `game` (one per language in `langs`), built and not yet written; parked in
/// `parked/<i>/` when given, so only one kit is in memory at a time.
fn build_kits(
    session: &Session,
    game: &str,
    langs: &[Option<String>],
    parked: Option<&Path>,
) -> Vec<KitBuild> {
    langs
        .iter()
        .enumerate()
        .map(|(i, lang)| {
            let label = match lang {
                Some(l) => format!("{game} ({l})"),
                None => game.to_owned(),
            };
            let start = Instant::now();
            let spinner = ui::spinner(format!("building {label}"));
            let result = session.build_in_memory_in(game, lang.as_deref());
            protopress::rulebook::typeset::release_memoised();
            let result = match parked {
                Some(dir) => result.and_then(|kit| kit.park(&dir.join(i.to_string()))),
                None => result,
            };
            spinner.finish_and_clear();
            (label, start.elapsed(), result)
        })
        .collect()
}

/// When any kit of a game failed, its errors (each said once: a mistake outside the
/// translations fails every language alike) and the number of kits left unwritten. The kits of
/// a game in several languages are written together or not at all, so one language's mistake
/// never leaves them out of step.
fn refused(game: &str, built: &[KitBuild]) -> Option<usize> {
    let errors: Vec<String> = built
        .iter()
        .filter_map(|(_, _, r)| r.as_ref().err().map(ToString::to_string))
        .collect();
    if errors.is_empty() {
        return None;
    }
    let mut said: Vec<&String> = Vec::new();
    for e in &errors {
        if !said.contains(&e) {
            ui::error(e);
            said.push(e);
        }
    }
    if built.len() > errors.len() {
        ui::warning(&format!(
            "{game}: its other languages were not written either, so its kits stay alike"
        ));
    }
    Some(built.len())
}

fn summarise(game: &str, outcome: &BuildOutcome, took: Duration) {
    let r = &outcome.report;
    let copies: u32 = r
        .components
        .iter()
        .filter(|c| c.kind != "bought")
        .map(|c| c.copies)
        .sum();
    let pages: usize = r.files.iter().map(|f| f.pages).sum();
    say!(
        "built {game}: {}, {}, {} in {:.2} s -> {}",
        ui::plural(copies as usize, "printed piece", "printed pieces"),
        ui::plural(r.unique_faces, "unique face", "unique faces"),
        ui::plural(pages, "page", "pages"),
        took.as_secs_f64(),
        kit_dir(outcome)
    );
    for w in &r.warnings {
        ui::warning(w);
    }
    if ui::ui().verbose {
        for (stage, d) in &outcome.timings {
            println!("  {stage:<30} {:>8.1} ms", d.as_secs_f64() * 1000.0);
        }
        println!(
            "  faces parsed: {} (of {} unique)",
            outcome.faces_parsed, r.unique_faces
        );
        if outcome.text_laid_out_whole > 0 {
            println!(
                "  faces whose text boxes the SVG reader laid out: {} (the first, {}; see docs/templates.md, text_box)",
                outcome.text_laid_out_whole,
                outcome.first_laid_out_whole.as_deref().unwrap_or("?")
            );
        }
        let laid = &outcome.books_laid_out;
        match laid.is_empty() {
            true => println!("  laid out by Typst: none (the books' layouts were kept)"),
            false => println!("  laid out by Typst: {}", laid.join(", ")),
        }
        if let Some(c) = outcome.cache_use {
            println!(
                "  cache: {} reused, {} made, {} of an earlier build let go",
                c.reused, c.written, c.pruned
            );
        }
    }
}

/// The folder a kit was written to.
fn kit_dir(outcome: &BuildOutcome) -> String {
    outcome
        .files
        .first()
        .and_then(|f| f.parent())
        .map_or_else(String::new, |d| d.display().to_string())
}

/// Says how the manifest check went; false when it failed.
fn report_check(game: &str, outcome: &BuildOutcome) -> bool {
    match &outcome.check {
        Some(check) if check.passed => {
            say!(
                "  manifest check passed ({})",
                ui::plural(check.entries.len(), "entry", "entries")
            );
            true
        }
        Some(check) => {
            anstream::eprintln!(
                "{game}: the kit was written, but the manifest check failed:\n{}",
                check.table()
            );
            false
        }
        None => true,
    }
}

/// Writes `data/<game>/printed.json` from the build just made, unless its check failed: the
/// kit is written all the same (the run then exits 1, as any failed check does), but a print
/// of a kit that does not match its manifest is not one to reprint from.
fn record_print(project: &Project, outcome: &BuildOutcome) -> Result<()> {
    let Some(record) = &outcome.record else {
        return Ok(());
    };
    if outcome.check.as_ref().is_some_and(|c| !c.passed) {
        ui::warning(&format!(
            "{}: the print was not recorded, as its manifest check failed; fix the mismatch and build again with --mark-printed",
            record.game
        ));
        return Ok(());
    }
    let path = record_path(&record.game);
    // The first language's kit replaces the record and keeps the other languages'; another
    // language's is kept beside it.
    let record = match (read_record(project, &record.game)?, &record.language) {
        (Some(earlier), _) => earlier.merge(record.clone()),
        (None, None) => record.clone(),
        (None, Some(lang)) => {
            ui::warning(&format!(
                "{}: the `{lang}` kit's print was not recorded: record the first language's kit first (build without --lang)",
                record.game
            ));
            return Ok(());
        }
    };
    write_atomic(&project.root().join(&path), record.to_json().as_bytes())?;
    say!("  recorded what was printed in {}", path.display());
    Ok(())
}
