//! `protopress watch GAME`: rebuild on every save, re-rendering only the faces that changed.
//!
//! File events come from `notify`, debounced so an editor's save (often a write, a rename and a
//! metadata change) triggers one build.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime};

use notify_debouncer_mini::new_debouncer;
use notify_debouncer_mini::notify::RecursiveMode;
use protopress::assemble::{BuildOptions, Session};
use protopress::{Error, Project, Result};

use super::args::PaperArg;
use super::games::{kit_label, kit_languages};
use super::outcome::Outcome;
use super::ui::{self, say};

/// Watches `id`, rebuilding the kit in `lang` or every language's kit on each save.
pub fn run(
    project: &Project,
    id: &str,
    paper: Option<PaperArg>,
    out: &Path,
    lang: Option<&str>,
) -> Result<Outcome> {
    project.check_game(id)?;
    let langs = kit_languages(project, id, lang)?;
    let opts = BuildOptions {
        paper: paper.map(Into::into),
        out_dir: project.output_root(out)?,
        mark_printed: false,
        layout: None,
    };
    let session = Session::with_cache(project, &opts);
    let saves = Saves::watch(project, id, &opts.out_dir)?;
    say!("watching {id}; press Ctrl-C to stop");
    let rebuild_all = || {
        for lang in &langs {
            rebuild(&session, id, lang.as_deref());
        }
    };
    rebuild_all();
    saves.each(rebuild_all);
    Ok(Outcome::Done)
}

/// The saves to the files a build of `id` reads, watched from the moment it is made: a
/// caller makes it before the first build is served, so no save falls between the two.
pub struct Saves {
    _debouncer: notify_debouncer_mini::Debouncer<notify_debouncer_mini::notify::RecommendedWatcher>,
    events: mpsc::Receiver<notify_debouncer_mini::DebounceEventResult>,
    /// Size and modification time of every source file when last seen.
    seen: HashMap<PathBuf, Option<(SystemTime, u64)>>,
    out_dir: PathBuf,
}

impl Saves {
    /// Starts watching `id`'s folders. Writes under `out_dir` (which may sit inside a watched
    /// folder) are ignored.
    pub fn watch(project: &Project, id: &str, out_dir: &Path) -> Result<Saves> {
        let (tx, events) = mpsc::channel();
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
        // Reading a file is an event too on some systems (a build reads every file): only a
        // changed size or modification time counts as a save.
        let mut seen = HashMap::new();
        for dir in Project::source_dirs(id) {
            for rel in project.files_under(&dir, "").unwrap_or_default() {
                let path = project.root().join(rel);
                seen.insert(path.clone(), stamp(&path));
            }
        }
        Ok(Saves {
            _debouncer: debouncer,
            events,
            seen,
            out_dir: out_dir.to_path_buf(),
        })
    }

    /// Calls `changed` after every saved change, until the watcher fails.
    pub fn each(mut self, mut changed: impl FnMut()) {
        for events in &self.events {
            match events {
                Ok(events) => {
                    let mut edited = false;
                    // Folders change when editors make and remove temporary files: only files
                    // count.
                    let files = events
                        .iter()
                        .filter(|e| !e.path.starts_with(&self.out_dir) && !e.path.is_dir());
                    for e in files {
                        let now = stamp(&e.path);
                        edited |= self.seen.insert(e.path.clone(), now) != Some(now);
                    }
                    if edited {
                        changed();
                    }
                }
                Err(e) => ui::error(&Error::new(format!("watching files: {e}"))),
            }
        }
    }
}

/// Size and modification time of a file, `None` when it is gone.
fn stamp(path: &Path) -> Option<(SystemTime, u64)> {
    std::fs::metadata(path)
        .ok()
        .map(|m| (m.modified().unwrap_or(SystemTime::UNIX_EPOCH), m.len()))
}

fn rebuild(session: &Session, id: &str, lang: Option<&str>) {
    use std::sync::atomic::Ordering;
    let start = Instant::now();
    let label = kit_label(id, lang);
    match session.build_game_in(id, lang) {
        Ok(outcome) => {
            let (rendered, reused) = session.cache().map_or((0, 0), |c| {
                (
                    c.rendered.load(Ordering::Relaxed),
                    c.reused.load(Ordering::Relaxed),
                )
            });
            say!(
                "rebuilt {label} in {:.0} ms: {} rendered, {reused} reused",
                start.elapsed().as_secs_f64() * 1000.0,
                ui::plural(rendered, "face", "faces"),
            );
            for w in &outcome.report.warnings {
                ui::warning(w);
            }
            if let Some(check) = outcome.check.as_ref().filter(|c| !c.passed) {
                anstream::eprintln!(
                    "{label}: the manifest check FAILED for {}:\n{}",
                    check.failing().join(", "),
                    check.table()
                );
            }
        }
        Err(e) => ui::error(&e),
    }
}
