//! Writing a built kit: its folder replaced as one set, the kits of the game's other layout
//! (one language or several) cleared, and `check.json` on its own for `check`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::assemble::built::{BuildOutcome, Built};
use crate::check::manifest::CheckReport;
use crate::error::{Error, Result};
use crate::model::Game;
use crate::output::set::OutputLock;
use crate::output::write_atomic;

/// Every file a build owns in its output folder: replaced by each build, removed when a build
/// no longer makes it. Anything else there (exports, simulations) is left alone.
const BUILD_FILES: [&str; 12] = [
    "cards.pdf",
    "boards.pdf",
    "tokens.pdf",
    "rules.pdf",
    "kit.pdf",
    "build.json",
    "index.html",
    "check.json",
    "thumbs",
    "deck-stats.json",
    "deck-stats.svg",
    "cut",
];

/// Writes a built game under `<out_dir>/<id>/`, replacing the old set whole.
pub(super) fn write_built(built: Built, out_dir: &Path) -> Result<BuildOutcome> {
    let Built {
        game,
        pdfs: mut files,
        report,
        index_html,
        extras,
        check,
        record,
        timings,
        faces_parsed,
        text_laid_out_whole,
        first_laid_out_whole,
        books_laid_out,
        disk_cache,
    } = built;
    let mut dir = out_dir.join(&game.id);
    if game.is_multilingual() {
        dir = dir.join(&game.langs.current);
    }
    files.push(("build.json".to_owned(), report.to_json().into_bytes()));
    files.push(("index.html".to_owned(), index_html.into_bytes()));
    files.extend(extras);
    if let Some(check) = &check {
        files.push(("check.json".to_owned(), check.to_json().into_bytes()));
    }
    let start = Instant::now();
    let lock = OutputLock::acquire(&dir)?;
    lock.replace(&files, &BUILD_FILES)?;
    // Under the kit's lock: a second build of the same kit waits rather than prune this one's.
    let cache_use = disk_cache.map(|c| c.commit_beside(&dir));
    drop(lock);
    let mut report = report;
    report
        .warnings
        .extend(clear_other_layout(out_dir, &game, &dir));
    let mut timings = timings;
    timings.push(("writing the files", start.elapsed()));
    Ok(BuildOutcome {
        report,
        files: files.iter().map(|(name, _)| dir.join(name)).collect(),
        check,
        record,
        timings,
        faces_parsed,
        text_laid_out_whole,
        first_laid_out_whole,
        books_laid_out,
        cache_use,
    })
}

/// Removes the kits a build in the game's other layout left, which would otherwise stand
/// beside the new ones as if current: a game now built per language leaves no one-language kit
/// in its folder nor the kit of a language it dropped, and a game built in one language no
/// kits in language folders. Only the build's own files go (an export, a reprint stay), each
/// under its folder's lock. The new kit is written by then, so a failure is a warning, never
/// a failed build.
fn clear_other_layout(out_dir: &Path, game: &Game, written: &Path) -> Vec<String> {
    let top = out_dir.join(&game.id);
    let built = |dir: &Path| dir.join("build.json").is_file();
    let kept = |lang: &str| game.is_multilingual() && game.langs.all.iter().any(|l| l == lang);
    let mut stale: Vec<PathBuf> = Some(top.clone())
        .filter(|t| game.is_multilingual() && built(t))
        .into_iter()
        .collect();
    if let Ok(entries) = std::fs::read_dir(&top) {
        stale.extend(
            entries
                .flatten()
                // A link is never followed: what it points at is not the build's to remove.
                .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                .filter(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    crate::model::lang::check_code(&name).is_ok() && !kept(&name)
                })
                .map(|e| e.path())
                .filter(|d| built(d)),
        );
    }
    let mut warnings = Vec::new();
    // The folder just written is current whatever its name (`--lang de` of `de-CH`).
    for dir in stale.into_iter().filter(|d| d != written) {
        if let Err(e) = remove_build_files(&dir) {
            warnings.push(format!(
                "the kit of the game's old layout in {} could not be removed: {}",
                dir.display(),
                e.message
            ));
        }
    }
    warnings
}

/// Removes the build's own files from `dir` (not the folder's other contents), then the
/// folder itself if that left it empty.
fn remove_build_files(dir: &Path) -> Result<()> {
    let _lock = OutputLock::acquire(dir)?;
    for name in BUILD_FILES {
        let path = dir.join(name);
        let removed = match std::fs::symlink_metadata(&path) {
            Err(_) => Ok(()),
            Ok(m) if m.is_dir() => std::fs::remove_dir_all(&path),
            Ok(_) => std::fs::remove_file(&path),
        };
        removed.map_err(|e| Error::io_write(&path, &e))?;
    }
    // remove_dir takes only an empty folder: a language folder that held nothing else.
    let _ = std::fs::remove_dir(dir);
    Ok(())
}

/// Runs the manifest check of a loaded game and writes `check.json` beside the kit.
pub fn write_check(game: &Game, out_dir: &Path) -> Result<Option<CheckReport>> {
    write_check_with(game, out_dir, None)
}

/// [`write_check`] with the faces' preflight in `check.json` (`protopress check`).
pub fn write_check_with(
    game: &Game,
    out_dir: &Path,
    preflight: Option<crate::preflight::Report>,
) -> Result<Option<CheckReport>> {
    let Some(mut report) = crate::check::manifest::check_game(game, None)? else {
        return Ok(None);
    };
    report.preflight = preflight;
    let mut dir = out_dir.join(&game.id);
    if game.is_multilingual() {
        dir = dir.join(&game.langs.current);
    }
    write_atomic(&dir.join("check.json"), report.to_json().as_bytes())?;
    Ok(Some(report))
}
