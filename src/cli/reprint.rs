//! `protopress reprint`: only what changed since the last print, with a changelog, once per
//! language of a game in several (or in `--lang`).

use std::path::{Path, PathBuf};

use protopress::assemble::write_check;
use protopress::model::Game;
use protopress::output::record::{PrintRecord, load_record};
use protopress::output::write_atomic;
use protopress::reprint::{CUT_DIR, record_at_revision, reprint_in};
use protopress::{Error, Project, Result};

use super::games::{kit_label, kit_languages};
use super::outcome::Outcome;
use super::ui::{self, say};

pub fn run(
    project: &Project,
    id: &str,
    since: Option<&str>,
    out: &Path,
    lang: Option<&str>,
) -> Result<Outcome> {
    let langs = kit_languages(project, id, lang)?;
    let old = match since {
        Some(rev) => record_at_revision(project, id, rev, &project.output_root(out)?)?,
        None => load_record(&Game::load(project, id)?)?,
    };
    let first = Game::languages_of(project, id)?.into_iter().next();
    let mut outcome = Outcome::Done;
    for lang in langs {
        let lang = lang.as_deref();
        if let Some(l) = lang.filter(|l| Some(*l) != first.as_deref())
            && !old.languages.contains_key(l)
        {
            ui::warning(&format!(
                "{}: the last print recorded no `{l}` kit, so it is compared in the first language: a change to the `{l}` texts alone is not seen (print with --mark-printed to record every language)",
                kit_label(id, lang)
            ));
        }
        reprint_only(project, id, &old, out, lang)?;
        // A reprint is a kit too: it is checked like a build (written, then exit 1 on a
        // mismatch).
        let game = Game::load_in(project, id, lang)?;
        if let Some(report) = write_check(&game, &project.output_root(out)?)?
            && !report.passed
        {
            anstream::eprintln!(
                "{}: the manifest check FAILED ({}):\n{}",
                kit_label(id, lang),
                report.failing().join("; "),
                report.table()
            );
            outcome = Outcome::CheckFailed;
        }
    }
    Ok(outcome)
}

/// `<out>/<id>/reprint.pdf`, or `<out>/<id>/<lang>/reprint.pdf` for one language's kit.
fn reprint_path(project: &Project, id: &str, out: &Path, lang: Option<&str>) -> Result<PathBuf> {
    let dir = project.output_root(out)?.join(id);
    Ok(lang
        .map_or_else(|| dir.clone(), |l| dir.join(l))
        .join("reprint.pdf"))
}

fn reprint_only(
    project: &Project,
    id: &str,
    old: &PrintRecord,
    out: &Path,
    lang: Option<&str>,
) -> Result<()> {
    let label = kit_label(id, lang);
    let r = reprint_in(project, id, old, lang)?;
    let path = reprint_path(project, id, out, lang)?;
    // A reprint and cut files from an earlier change would now be wrong.
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let cut_dir = dir.join(CUT_DIR);
    if cut_dir.is_dir() {
        std::fs::remove_dir_all(&cut_dir).map_err(|e| Error::io(&cut_dir, &e))?;
    }
    if r.changes.is_empty() {
        let stale = path.is_file();
        if stale {
            std::fs::remove_file(&path).map_err(|e| Error::io(&path, &e))?;
        }
        say!("{label}: nothing changed since the last print; no reprint needed.");
        if stale {
            say!(
                "{label}: the earlier {} no longer matches the data and was removed",
                path.display()
            );
        }
        return Ok(());
    }
    for c in &r.changes {
        say!("  {}", c.describe());
    }
    if let Some(pdf) = &r.pdf {
        write_atomic(&path, pdf)?;
    }
    for (name, bytes) in &r.cut_files {
        write_atomic(&dir.join(name), bytes)?;
    }
    if !r.cut_files.is_empty() {
        say!(
            "{label}: the cutting machine's files for its pages -> {}",
            cut_dir.display()
        );
    }
    let copies: u32 = r.print.values().flat_map(|c| c.values()).sum();
    say!(
        "{label}: {}, {} to print -> {}",
        ui::plural(r.changes.len(), "change", "changes"),
        ui::plural(copies as usize, "copy", "copies"),
        path.display()
    );
    Ok(())
}
