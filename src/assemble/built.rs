//! What a build is given and gives back: the command line's choices, a game prepared (loaded,
//! its faces rendered and parsed), a kit built in memory and what writing it wrote; what
//! `watch` and `serve` keep between builds; and the stopwatch that times the stages.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::check::manifest::CheckReport;
use crate::error::{Error, Result};
use crate::model::Game;
use crate::model::print::{Layout, Paper};
use crate::output::cache::{CacheUse, DiskCache};
use crate::output::index::ThumbCache;
use crate::output::record::PrintRecord;
use crate::output::report::BuildReport;
use crate::render::faces::Faces;
use crate::render::render_cache::RenderCache;
use crate::render::shaped::ParsedFace;
use crate::rulebook::typeset::TypesetCache;
use crate::text::fonts::Fonts;

/// Choices from the command line that override the game's own.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// Paper for every game, instead of each game's print profile.
    pub paper: Option<Paper>,
    /// Layout for every game, instead of each game's print profile.
    pub layout: Option<Layout>,
    /// Output root; each game goes to `<out>/<game>/`.
    pub out_dir: PathBuf,
    /// Also make the print record (`printed.json`) of what is built.
    pub mark_printed: bool,
}

impl BuildOptions {
    /// The options of a build into the output root `out`, with each game's print profile.
    pub fn in_folder(out: &Path) -> BuildOptions {
        BuildOptions {
            out_dir: out.to_path_buf(),
            ..BuildOptions::default()
        }
    }
}

/// What one game's build wrote.
#[derive(Debug, Clone)]
pub struct BuildOutcome {
    pub report: BuildReport,
    pub files: Vec<PathBuf>,
    /// The manifest check, when the game has a manifest.
    pub check: Option<CheckReport>,
    /// The print record, when the options ask for it.
    pub record: Option<PrintRecord>,
    /// Wall time of each stage.
    pub timings: Vec<(&'static str, Duration)>,
    /// How many faces were parsed while drawing (for `--verbose`).
    pub faces_parsed: usize,
    /// How many faces' text boxes the SVG reader laid out rather than drawn as shaped (for
    /// `--verbose`).
    pub text_laid_out_whole: usize,
    /// The first of those faces and why, for the designer to look at.
    pub first_laid_out_whole: Option<String>,
    /// The books Typst laid out in this build; the others came from the cache.
    pub books_laid_out: Vec<&'static str>,
    /// What the build did with the disk cache, when it had one.
    pub cache_use: Option<CacheUse>,
}

/// Everything a build computes before writing: the PDFs and the report.
pub struct Built {
    pub game: Game,
    /// Output file name and bytes, in a fixed order.
    pub pdfs: Vec<(String, Vec<u8>)>,
    pub report: BuildReport,
    /// `index.html`: the kit at a glance.
    pub index_html: String,
    /// Files beside it: the thumbnails it shows (`thumbs/…`) and `deck-stats.json`.
    pub extras: Vec<(String, Vec<u8>)>,
    /// The manifest check, when the game has a manifest.
    pub check: Option<CheckReport>,
    /// The print record, when the options ask for it.
    pub record: Option<PrintRecord>,
    /// Wall time of each stage, for `--verbose` and the benchmark (never in build.json,
    /// which must not change between identical builds).
    pub timings: Vec<(&'static str, Duration)>,
    /// How many faces were parsed while drawing: the unique faces once each, unless one was
    /// let go and asked for again (for `--verbose` and the tests).
    pub faces_parsed: usize,
    /// How many faces' text boxes the SVG reader laid out rather than drawn as shaped (for
    /// `--verbose`).
    pub text_laid_out_whole: usize,
    /// The first of those faces and why, for the designer to look at.
    pub first_laid_out_whole: Option<String>,
    /// The books (`rules.pdf`, `kit.pdf`) Typst laid out in this build; the others came
    /// from the cache (for `--verbose` and the tests).
    pub books_laid_out: Vec<&'static str>,
    /// The kit's disk cache, when the build had one: what it made is written (and what it did
    /// not use removed) once the kit is written.
    pub disk_cache: Option<Arc<DiskCache>>,
}

impl Built {
    /// Moves the kit's file contents into `dir` (a folder of the output root), keeping only
    /// their names: a game in many languages waits for all its kits before writing any, and
    /// holding each kit's bytes meanwhile grew with the number of languages (184: 4.1 GB).
    /// The cache entries the kit made leave memory too ([`DiskCache::park`]).
    pub fn park(mut self, dir: &Path) -> Result<Built> {
        if let Some(cache) = &self.disk_cache {
            cache.park(&dir.join("cache"))?;
        }
        let index = std::mem::take(&mut self.index_html).into_bytes();
        for (i, (_, bytes)) in self.files_mut().enumerate() {
            crate::output::write_atomic(&dir.join(i.to_string()), bytes)?;
            *bytes = Vec::new();
        }
        crate::output::write_atomic(&dir.join("index.html"), &index)?;
        Ok(self)
    }

    /// Takes back the file contents [`park`](Self::park) moved into `dir`.
    pub fn unpark(mut self, dir: &Path) -> Result<Built> {
        let read = |name: &str| {
            std::fs::read(dir.join(name)).map_err(|e| {
                Error::new(format!("cannot read the parked kit file {name}: {e}")).in_file(dir)
            })
        };
        for (i, (_, bytes)) in self.files_mut().enumerate() {
            *bytes = read(&i.to_string())?;
        }
        self.index_html = String::from_utf8_lossy(&read("index.html")?).into_owned();
        Ok(self)
    }

    fn files_mut(&mut self) -> impl Iterator<Item = &mut (String, Vec<u8>)> {
        self.pdfs.iter_mut().chain(self.extras.iter_mut())
    }

    /// The bytes of one output PDF.
    pub fn pdf(&self, name: &str) -> Option<&[u8]> {
        self.pdfs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.as_slice())
    }
}

/// A game loaded, its faces rendered and parsed: everything before the PDFs.
pub struct Prepared {
    pub game: Game,
    pub fonts: Fonts,
    pub faces: Faces,
    /// Every face's tree, in face order; empty when the build parses them as it draws.
    pub trees: Vec<Arc<ParsedFace>>,
    /// Every warning of the build so far, in the order it was found.
    pub warnings: Vec<String>,
    /// Wall time of each stage so far.
    pub timings: Vec<(&'static str, Duration)>,
}

/// What `watch` and `serve` carry from one build to the next: rendered faces and parsed trees,
/// typeset PDFs and the index page's thumbnails, each reused while its inputs are unchanged.
/// A command-line build keeps the typeset PDFs and thumbnails on disk instead
/// ([`BuildCache::on_disk`]).
pub(super) struct BuildCache {
    /// Faces and their trees: in memory only (a tree cannot be written down, and keeping every
    /// tree would hold the whole deck's in memory).
    pub(super) render: Option<RenderCache>,
    pub(super) typeset: TypesetCache,
    pub(super) thumbs: ThumbCache,
    /// The cache on disk, for what is kept there alone (the sheet PDFs whole, what parsing the
    /// faces found, the faces each sheet file drew).
    pub(super) disk: Option<Arc<DiskCache>>,
}

impl BuildCache {
    /// Everything kept in memory, for the next build of the same process.
    pub(super) fn in_memory() -> BuildCache {
        BuildCache {
            render: Some(RenderCache::default()),
            typeset: TypesetCache::default(),
            thumbs: ThumbCache::default(),
            disk: None,
        }
    }

    /// Typeset PDFs and thumbnails kept in `disk`, for the next process.
    pub(super) fn on_disk(disk: &Arc<DiskCache>) -> BuildCache {
        BuildCache {
            render: None,
            typeset: TypesetCache::on_disk(Arc::clone(disk)),
            thumbs: ThumbCache::on_disk(Arc::clone(disk)),
            disk: Some(Arc::clone(disk)),
        }
    }
}

/// Times the stages of a build.
pub(super) struct Stopwatch(Instant);

impl Stopwatch {
    pub(super) fn start() -> Stopwatch {
        Stopwatch(Instant::now())
    }

    /// Records the time since the last lap under `name`.
    pub(super) fn lap(&mut self, name: &'static str, timings: &mut Vec<(&'static str, Duration)>) {
        timings.push((name, self.0.elapsed()));
        self.0 = Instant::now();
    }
}
