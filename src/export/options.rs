//! What an export is asked for (a format and its options, checked against the format) and
//! what it reports having written.

use std::path::PathBuf;

use serde::Serialize;

use crate::error::{Error, Result};

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
    /// Keep `png`, `tgc` and `mpc` images in the build cache (`<out>/.cache/`) and take those
    /// of unchanged faces from it: the command line's way, unless `--no-cache`.
    pub cache: bool,
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
            cache: false,
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
    /// The files taken whole from the build cache (the images of unchanged faces).
    pub cached: usize,
}
