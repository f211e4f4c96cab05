//! `protopress reprint`: only what changed since the last print, with a changelog.

use std::path::Path;

use protopress::build::write_check;
use protopress::model::Game;
use protopress::output::record::load_record;
use protopress::output::write_atomic;
use protopress::reprint::{record_at_revision, reprint};
use protopress::{Error, Project, Result};

use super::Outcome;
use super::ui::{self, say};

pub fn run(project: &Project, id: &str, since: Option<&str>, out: &Path) -> Result<Outcome> {
    let done = reprint_only(project, id, since, out)?;
    // A reprint is a kit too: it is checked like a build (written, then exit 1 on a mismatch).
    let game = Game::load(project, id)?;
    match write_check(&game, &project.output_root(out))? {
        Some(report) if !report.passed => {
            anstream::eprintln!(
                "{id}: the manifest check FAILED ({}):\n{}",
                report.failing().join("; "),
                report.table()
            );
            Ok(Outcome::CheckFailed)
        }
        _ => Ok(done),
    }
}

fn reprint_only(project: &Project, id: &str, since: Option<&str>, out: &Path) -> Result<Outcome> {
    let old = match since {
        Some(rev) => record_at_revision(project, id, rev)?,
        None => load_record(&Game::load(project, id)?)?,
    };
    let r = reprint(project, id, &old)?;
    let path = project.output_root(out).join(id).join("reprint.pdf");
    if r.changes.is_empty() {
        // A reprint.pdf from an earlier change would now be wrong.
        if path.is_file() {
            std::fs::remove_file(&path).map_err(|e| Error::io(&path, &e))?;
        }
        say!("{id}: nothing changed since the last print; no reprint needed.");
        return Ok(Outcome::Done);
    }
    for c in &r.changes {
        say!("  {}", c.describe());
    }
    if let Some(pdf) = &r.pdf {
        write_atomic(&path, pdf)?;
    }
    let copies: u32 = r.print.values().flat_map(|c| c.values()).sum();
    say!(
        "{id}: {}, {} to print -> {}",
        ui::plural(r.changes.len(), "change", "changes"),
        ui::plural(copies as usize, "copy", "copies"),
        path.display()
    );
    Ok(Outcome::Done)
}
