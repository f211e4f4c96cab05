//! `protopress watch GAME`: rebuild on every save, re-rendering only the faces that changed.
//!
//! File events come from `notify`, debounced so an editor's save (often a write, a rename and a
//! metadata change) triggers one build.

use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use notify_debouncer_mini::new_debouncer;
use notify_debouncer_mini::notify::RecursiveMode;
use protopress::build::{BuildOptions, Session};
use protopress::{Error, Project, Result};

use super::Outcome;
use super::args::PaperArg;
use super::ui::{self, say};

pub fn run(project: &Project, id: &str, paper: Option<PaperArg>, out: &Path) -> Result<Outcome> {
    project.check_game(id)?;
    let opts = BuildOptions {
        paper: paper.map(Into::into),
        out_dir: project.output_root(out),
        mark_printed: false,
    };
    let session = Session::with_cache(project, &opts);
    let (tx, rx) = mpsc::channel();
    let mut debouncer = new_debouncer(Duration::from_millis(150), tx)
        .map_err(|e| Error::new(format!("cannot watch files: {e}")))?;
    for dir in Project::source_dirs(id) {
        let path = project.root().join(&dir);
        if path.is_dir() {
            debouncer
                .watcher()
                .watch(&path, RecursiveMode::Recursive)
                .map_err(|e| Error::new(format!("cannot watch {}: {e}", dir.display())))?;
        }
    }
    say!("watching {id}; press Ctrl-C to stop");
    rebuild(&session, id);
    for events in rx {
        match events {
            // The output folder may sit inside a watched one; its writes are not edits.
            Ok(events) if events.iter().any(|e| !e.path.starts_with(&opts.out_dir)) => {
                rebuild(&session, id)
            }
            Ok(_) => {}
            Err(e) => ui::error(&Error::new(format!("watching files: {e}"))),
        }
    }
    Ok(Outcome::Done)
}

fn rebuild(session: &Session, id: &str) {
    use std::sync::atomic::Ordering;
    let start = Instant::now();
    match session.build_game(id) {
        Ok(outcome) => {
            let (rendered, reused) = session.cache().map_or((0, 0), |c| {
                (
                    c.rendered.load(Ordering::Relaxed),
                    c.reused.load(Ordering::Relaxed),
                )
            });
            say!(
                "rebuilt {id} in {:.0} ms: {} rendered, {reused} reused",
                start.elapsed().as_secs_f64() * 1000.0,
                ui::plural(rendered, "face", "faces"),
            );
            for w in &outcome.report.warnings {
                ui::warning(w);
            }
            if let Some(check) = outcome.check.as_ref().filter(|c| !c.passed) {
                anstream::eprintln!(
                    "the manifest check FAILED for {}:\n{}",
                    check.failing().join(", "),
                    check.table()
                );
            }
        }
        Err(e) => ui::error(&e),
    }
}
