//! Exports beyond the home printer: PNGs (`png.rs`), a Tabletop Simulator saved object
//! (`tts.rs`), print-service images at each service's own grid (`services.rs`) and
//! one-card-per-page PDFs (`pdf.rs`).
//!
//! Images are rendered by resvg from the very trees the PDF draws, so they match the print.
//! Each export replaces its own folder, `<out>/<game>/export/<format>/`, as one set: files of
//! renamed or removed cards do not linger.

mod pdf;
mod png;
mod services;
mod tts;

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::error::{Error, Result};
use crate::output::set::OutputLock;
use crate::project::Project;
use crate::render::faces::{Face, Side};

pub use services::{Product, Service, Shape, match_product, service};
pub use tts::{TTS_COLS, TTS_MAX_SIDE, TTS_ROWS, tts_grid};

/// What to export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    Tts,
    Tgc,
    Mpc,
    PdfCards,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "png" => Format::Png,
            "tts" => Format::Tts,
            "tgc" => Format::Tgc,
            "mpc" => Format::Mpc,
            "pdf-cards" => Format::PdfCards,
            _ => return None,
        })
    }

    /// The name on the command line, which is also the export's folder.
    pub fn name(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Tts => "tts",
            Format::Tgc => "tgc",
            Format::Mpc => "mpc",
            Format::PdfCards => "pdf-cards",
        }
    }
}

#[derive(Debug, Clone)]
pub struct ExportOptions {
    pub format: Format,
    /// Resolution of `png` exports (300 when not given); other formats have their own.
    pub dpi: Option<f32>,
    /// Include the bleed in `png` exports.
    pub bleed: bool,
    /// `tts`: where the images will be hosted; local `file:///` paths when not given.
    pub base_url: Option<String>,
    /// The language to export (one of the game's); the first when not given. A game in
    /// several languages is exported into `<id>/<lang>/export/<format>/`.
    pub lang: Option<String>,
}

impl ExportOptions {
    /// Default options of a format.
    pub fn new(format: Format) -> ExportOptions {
        ExportOptions {
            format,
            dpi: None,
            bleed: true,
            base_url: None,
            lang: None,
        }
    }

    /// Refuses options the format does not use, rather than ignoring them.
    pub fn check(&self) -> Result<()> {
        let f = self.format.name();
        if let Some(dpi) = self.dpi {
            if self.format != Format::Png {
                return Err(Error::new(format!(
                    "--dpi applies to png exports only; {f} images have the resolution {}",
                    match self.format {
                        Format::Tgc | Format::Mpc => "the service asks for (300 dpi)",
                        Format::Tts => "Tabletop Simulator's 4096-pixel sheets allow",
                        _ => "of the PDF (vector)",
                    }
                )));
            }
            if !(36.0..=1200.0).contains(&dpi) {
                return Err(Error::new("--dpi must be between 36 and 1200"));
            }
        }
        if !self.bleed && self.format != Format::Png {
            let why = match self.format {
                Format::Tts => "its images are the trim alone already",
                Format::PdfCards => "its pages keep the bleed around a trim box",
                _ => "the service prints with the bleed and cuts it off",
            };
            return Err(Error::new(format!(
                "--no-bleed applies to png exports only; {f}: {why}"
            )));
        }
        if let Some(url) = &self.base_url {
            if self.format != Format::Tts {
                return Err(Error::new(format!(
                    "--base-url applies to tts exports only, not {f}"
                )));
            }
            if !(url.starts_with("https://") || url.starts_with("http://")) {
                return Err(Error::new(format!(
                    "--base-url must start with https:// or http://, not `{url}`"
                )));
            }
            // Each image's URL is the base, a slash and its file name: a query or a fragment
            // would end up before the file name, and a space is no part of a URL.
            if let Some(c) = url
                .chars()
                .find(|c| matches!(c, '?' | '#') || c.is_whitespace() || c.is_control())
            {
                let what = match c {
                    '?' => "a query (`?`)".to_owned(),
                    '#' => "a fragment (`#`)".to_owned(),
                    _ => format!("a space or control character ({c:?})"),
                };
                return Err(Error::new(format!(
                    "--base-url `{url}` has {what}; the images' file names are added after it"
                ))
                .help("give the URL of the folder the images are served from, such as https://example.com/my-game (spaces written %20)"));
            }
        }
        Ok(())
    }
}

/// What an export wrote, for the command to report.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ExportReport {
    /// The folder the export replaced.
    pub dir: PathBuf,
    /// Every file written, under `dir`.
    pub files: Vec<PathBuf>,
    /// One line per exported component: what it became.
    pub exported: Vec<String>,
    /// One line per component left out, with the reason.
    pub skipped: Vec<String>,
}

/// What an export says of a component none of whose cards has a count above 0: it is left
/// out, and the designer should hear so rather than find the deck missing.
fn no_copies(id: &str) -> String {
    format!("{id}: every card has count 0, nothing to export")
}

/// Files of an export in memory (path relative to the export's folder, bytes), with its
/// report lines.
#[derive(Default)]
struct Output {
    files: Vec<(String, Vec<u8>)>,
    exported: Vec<String>,
    skipped: Vec<String>,
}

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
        Format::Png => png::export(project, id, opts)?,
        Format::Tgc | Format::Mpc => services::export(project, id, service(opts.format), lang)?,
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
    Ok(ExportReport {
        files: output.files.iter().map(|(n, _)| dir.join(n)).collect(),
        dir,
        exported: output.exported,
        skipped: output.skipped,
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

/// Percent-encodes what may not stand in a URL path.
fn url_escape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' | b':' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn px(mm_: f32, dpi: f32) -> u32 {
    (mm_ / 25.4 * dpi).round().max(1.0) as u32
}

/// A face's file name: `<card>-<side>`, `shared-back` for a back shared by a deck, and
/// `shared-back-<template>` for each back a `backs` rule picks (`shared-back-threat-back` for
/// `threat-back.svg.tera`), so that no two faces share a file.
fn face_name(face: &Face) -> String {
    if let Some(template) = face.card.strip_prefix("(shared back: ") {
        let stem = template.trim_end_matches(')').trim_end_matches(".svg.tera");
        return format!("shared-back-{}", crate::slug::id_from_name(stem));
    }
    let side = match face.side {
        Side::Front => "front".to_owned(),
        Side::Back => "back".to_owned(),
        Side::Top => "top".to_owned(),
        Side::DieFace(n) => format!("face{}", n + 1),
    };
    let card = if face.card.starts_with('(') {
        "shared".to_owned()
    } else {
        face.card.clone()
    };
    format!("{card}-{side}")
}

/// Pretty JSON bytes.
fn json_bytes(value: &impl Serialize) -> Result<Vec<u8>> {
    serde_json::to_vec_pretty(value)
        .map_err(|e| Error::new(format!("the export index could not be written: {e}")))
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
