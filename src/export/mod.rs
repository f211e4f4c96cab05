//! Exports beyond the home printer: PNGs (`png.rs`), a Tabletop Simulator saved object
//! (`tts.rs`), print-service images at each service's own grid (`services.rs`) and
//! one-card-per-page PDFs (`pdf.rs`).
//!
//! Images are rendered by resvg from the very trees the PDF draws, so they match the print.
//! Each export replaces its own folder, `<out>/<game>/export/<format>/`, as one set: files of
//! renamed or removed cards do not linger.

mod files;
mod kept;
mod options;
mod pdf;
mod png;
mod services;
mod tts;

use std::path::Path;

use crate::error::{Error, Result};
use crate::output::set::OutputLock;
use crate::project::Project;
use files::url_escape;

pub use options::{ExportOptions, ExportReport, Format};
pub use services::{Product, Service, Shape, match_product, service};
pub use tts::{TTS_COLS, TTS_MAX_SIDE, TTS_ROWS, tts_grid};

/// Runs an export of game `id` into `<out_dir>/<id>/export/<format>/`, replacing that folder.
pub fn export(
    project: &Project,
    id: &str,
    opts: &ExportOptions,
    out_dir: &Path,
) -> Result<ExportReport> {
    opts.check()?;
    let lang = opts.lang.as_deref();
    let languages = crate::model::Game::languages_of(project, id)?;
    let mut dir = out_dir.join(id);
    if languages.len() > 1 {
        dir = dir.join(
            lang.or(languages.first().map(String::as_str))
                .unwrap_or("en"),
        );
    }
    let dir = dir.join("export").join(opts.format.name());
    let output = match opts.format {
        Format::Png => png::export(project, id, opts, out_dir)?,
        Format::Tgc | Format::Mpc => {
            services::export(project, id, service(opts.format), opts, out_dir)?
        }
        Format::Tts => {
            let base = match &opts.base_url {
                Some(url) => url.trim_end_matches('/').to_owned(),
                None => file_url(&dir)?,
            };
            tts::export(project, id, &base, lang)?
        }
        Format::PdfCards => pdf::export(project, id, lang)?,
    };
    replace_folder(&dir, &output.files)?;
    // The images it made are copied into the cache from the files just written.
    if let Some(cache) = &output.cache {
        cache.commit_beside(&dir);
    }
    Ok(ExportReport {
        files: output.files.iter().map(|(n, _)| dir.join(n)).collect(),
        dir,
        exported: output.exported,
        skipped: output.skipped,
        cached: output.cached,
    })
}

/// Replaces `dir` with exactly `files`: every old entry goes.
fn replace_folder(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<()> {
    let lock = OutputLock::acquire(dir)?;
    let old: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    };
    let owned: Vec<&str> = old.iter().map(String::as_str).collect();
    lock.replace(files, &owned)
}

/// `file:///…` URL of a folder that may not exist yet, without a trailing slash.
fn file_url(dir: &Path) -> Result<String> {
    let abs = std::path::absolute(dir).map_err(|e| Error::io(dir, &e))?;
    let text = abs.to_string_lossy().replace('\\', "/");
    let path = text.trim_start_matches('/');
    Ok(format!("file:///{}", url_escape(path)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_that_do_not_apply_are_errors() {
        let with = |format, dpi, bleed, url: Option<&str>| ExportOptions {
            format,
            dpi,
            bleed,
            base_url: url.map(str::to_owned),
            lang: None,
            cache: false,
        };
        assert!(with(Format::Png, Some(150.0), false, None).check().is_ok());
        let err = with(Format::Tgc, Some(300.0), true, None)
            .check()
            .unwrap_err();
        assert!(err.to_string().contains("--dpi"), "{err}");
        assert!(with(Format::Mpc, None, false, None).check().is_err());
        assert!(with(Format::Png, Some(20.0), true, None).check().is_err());
        assert!(
            with(Format::Png, None, true, Some("https://x"))
                .check()
                .is_err()
        );
        assert!(
            with(Format::Tts, None, true, Some("ftp://x"))
                .check()
                .is_err()
        );
        assert!(
            with(Format::Tts, None, true, Some("https://x/y/"))
                .check()
                .is_ok()
        );
        // A share link's query, a fragment or a space would break every image's URL.
        for (url, says) in [
            ("https://x/y?dl=0", "a query"),
            ("https://x/y#top", "a fragment"),
            ("https://x/my game", "a space"),
        ] {
            let err = with(Format::Tts, None, true, Some(url))
                .check()
                .unwrap_err();
            assert!(err.to_string().contains(says), "{url}: {err}");
        }
    }

    #[test]
    fn local_urls_are_absolute_and_escaped() {
        assert_eq!(url_escape("a b/c#d.png"), "a%20b/c%23d.png");
        let url = file_url(Path::new("/tmp/my game/tts")).unwrap();
        assert_eq!(url, "file:///tmp/my%20game/tts");
        assert!(file_url(Path::new("rel")).unwrap().starts_with("file:///"));
    }
}
