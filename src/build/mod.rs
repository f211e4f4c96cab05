//! The build pipeline of one game: load, render faces, parse, impose, write.
//!
//! Each step is its own module; this one only sequences them and decides what is written.
//! Nothing is written until every step has succeeded, so a broken input never replaces the
//! last good output.

mod mixed;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::build::mixed::GridRuns;
use crate::check::manifest::CheckReport;
use crate::error::{Error, Result};
use crate::layout::fold::FoldLayout;
use crate::layout::imposition::{Grid, Rect};
use crate::layout::nets::{DieNet, Standee};
use crate::layout::plan::Role;
use crate::layout::tiling::TileLayout;
use crate::model::ComponentKind;
use crate::model::Game;
use crate::model::print::{Duplex, Ink, Layout, Paper};
use crate::output::index::{
    FaceThumbs, FilePages, IndexArt, IndexInput, ThumbCache, face_thumbnails, index_art,
    index_page, shown_faces,
};
use crate::output::record::{PrintRecord, record_of};
use crate::output::report::{BuildReport, ComponentReport, FileReport, KitPages};
use crate::output::set::OutputLock;
use crate::output::write_atomic;
use crate::pdf::shapes::{Piece, Shape, SharedSheets};
use crate::pdf::sheets::{CutStyle, DeckSheets, PagesUsed, SheetWriter};
use crate::project::Project;
use crate::render::Renderer;
use crate::render::faces::{self, Face, Faces, RenderCache};
use crate::render::trees::FaceTrees;
use crate::rulebook::kit::{
    KitInput, RulesBook, RulesInput, SheetPage, build_date, kit_pdf, rules_pdf,
};
use crate::rulebook::typeset::TypesetCache;
use crate::sync::lock;
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
}

impl Built {
    /// The bytes of one output PDF.
    pub fn pdf(&self, name: &str) -> Option<&[u8]> {
        self.pdfs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.as_slice())
    }
}

/// The PDFs a game can produce, in the order they are written and reported.
pub const PDF_FILES: [&str; 3] = ["cards.pdf", "boards.pdf", "tokens.pdf"];

/// A game loaded, its faces rendered and parsed: everything before the PDFs.
pub struct Prepared {
    pub game: Game,
    pub fonts: Fonts,
    pub faces: Faces,
    /// Every face's tree, in face order; empty when the build parses them as it draws.
    pub trees: Vec<Arc<usvg::Tree>>,
    /// Every warning of the build so far, in the order it was found.
    pub warnings: Vec<String>,
    /// Wall time of each stage so far.
    pub timings: Vec<(&'static str, Duration)>,
}

/// One build session: the project, the command line's choices and, for `watch` and `serve`,
/// what one build leaves the next.
pub struct Session {
    project: Project,
    opts: BuildOptions,
    cache: Option<BuildCache>,
}

/// What `watch` and `serve` carry from one build to the next: rendered faces and parsed trees,
/// typeset PDFs and the index page's thumbnails, each reused while its inputs are unchanged.
#[derive(Default)]
struct BuildCache {
    render: RenderCache,
    typeset: TypesetCache,
    thumbs: ThumbCache,
}

impl Session {
    /// A session for one-off builds: nothing is kept between them.
    pub fn new(project: &Project, opts: &BuildOptions) -> Session {
        Session {
            project: project.clone(),
            opts: opts.clone(),
            cache: None,
        }
    }

    /// A session that keeps between builds what the next can reuse (faces, trees, typeset
    /// PDFs, thumbnails).
    pub fn with_cache(project: &Project, opts: &BuildOptions) -> Session {
        Session {
            cache: Some(BuildCache::default()),
            ..Session::new(project, opts)
        }
    }

    pub fn project(&self) -> &Project {
        &self.project
    }

    pub fn options(&self) -> &BuildOptions {
        &self.opts
    }

    /// The render cache, for its counts.
    pub fn cache(&self) -> Option<&RenderCache> {
        self.cache.as_ref().map(|c| &c.render)
    }

    /// Loads `id`, checks that its pieces fit the paper, and renders and parses every face.
    pub fn prepare(&self, id: &str) -> Result<Prepared> {
        self.prepare_with(id, None, |_| {}, Parse::Now, OnPaper::Printed)
    }

    /// Loads `id` in `lang` (one of its languages; the first when `None`), checks that its
    /// pieces fit the paper, and renders and parses every face.
    pub fn prepare_in(&self, id: &str, lang: Option<&str>) -> Result<Prepared> {
        self.prepare_with(id, lang, |_| {}, Parse::Now, OnPaper::Printed)
    }

    /// Like [`Session::prepare_in`] for images (exports), which put nothing on the paper: a
    /// piece too large for it is no error there.
    pub fn prepare_images_in(&self, id: &str, lang: Option<&str>) -> Result<Prepared> {
        self.prepare_adjusted_in(id, lang, |_| {})
    }

    /// [`Session::prepare_images_in`] with `adjust` applied to the loaded game before anything
    /// is rendered (an export drawing the faces with a print service's bleed).
    pub fn prepare_adjusted_in(
        &self,
        id: &str,
        lang: Option<&str>,
        adjust: impl FnOnce(&mut Game),
    ) -> Result<Prepared> {
        self.prepare_with(id, lang, adjust, Parse::Now, OnPaper::Unused)
    }

    fn prepare_with(
        &self,
        id: &str,
        lang: Option<&str>,
        adjust: impl FnOnce(&mut Game),
        parse: Parse,
        on_paper: OnPaper,
    ) -> Result<Prepared> {
        let mut timings = Vec::new();
        let mut clock = Stopwatch::start();
        let mut game = Game::load_in(&self.project, id, lang)?;
        if let Some(paper) = self.opts.paper {
            game.file.print.paper = paper;
        }
        if let Some(layout) = self.opts.layout {
            game.file.print.layout = layout;
        }
        adjust(&mut game);
        if on_paper == OnPaper::Printed {
            crate::layout::fit::check(&game)?;
        }
        let Renderer {
            fonts,
            engine,
            templates,
        } = Renderer::load(&game)?;
        clock.lap("load", &mut timings);
        let faces = faces::render(&game, &templates, self.cache())?;
        let mut warnings = engine.take_warnings();
        clock.lap("templates and text fitting", &mut timings);
        let mut trees = Vec::new();
        if parse == Parse::Now {
            trees = parse_faces(&game, &faces, &fonts, &mut warnings, self.cache())?;
            warnings.extend(faces::art_warnings(&game, &faces, &trees));
            clock.lap("SVG parsing", &mut timings);
        }
        Ok(Prepared {
            game,
            fonts,
            faces,
            trees,
            warnings,
            timings,
        })
    }

    /// Runs the whole pipeline for `id` in memory.
    pub fn build_in_memory(&self, id: &str) -> Result<Built> {
        self.build_in_memory_in(id, None)
    }

    /// Runs the whole pipeline for `id` in `lang` in memory. The print record is only made
    /// for the first language.
    pub fn build_in_memory_in(&self, id: &str, lang: Option<&str>) -> Result<Built> {
        let prepared =
            self.prepare_with(id, lang, |_| {}, Parse::WhileDrawing, OnPaper::Printed)?;
        let first = prepared.game.langs.all.first() == Some(&prepared.game.langs.current);
        let record = match self.opts.mark_printed && first {
            true => Some(record_of(&prepared.game, &prepared.faces)?),
            false => None,
        };
        Ok(Built {
            record,
            ..assemble(prepared, self.cache.as_ref())?
        })
    }

    /// Runs the whole pipeline for `id` in memory with `adjust` applied to the loaded game
    /// first (the ink measure builds each kit with `ink: normal` and `ink: saver`).
    pub fn build_adjusted(&self, id: &str, adjust: impl FnOnce(&mut Game)) -> Result<Built> {
        let prepared =
            self.prepare_with(id, None, adjust, Parse::WhileDrawing, OnPaper::Printed)?;
        assemble(prepared, self.cache.as_ref())
    }

    /// Builds `id` and writes its files under `<out>/<id>/`; a game in several languages is
    /// built once per language, into `<out>/<id>/<lang>/`, and the outcome is the first
    /// language's, listing the files of all.
    pub fn build_game(&self, id: &str) -> Result<BuildOutcome> {
        let mut outcomes = Vec::new();
        for lang in Game::languages_of(&self.project, id)? {
            outcomes.push(self.build_game_in(id, Some(&lang))?);
        }
        let mut outcomes = outcomes.into_iter();
        let mut first = outcomes
            .next()
            .ok_or_else(|| Error::new("the game has no language").game(id))?;
        for other in outcomes {
            first.files.extend(other.files);
        }
        Ok(first)
    }

    /// Builds `id` in `lang` (the first language when `None`) and writes its files under
    /// `<out>/<id>/`, or `<out>/<id>/<lang>/` for a game in several languages.
    pub fn build_game_in(&self, id: &str, lang: Option<&str>) -> Result<BuildOutcome> {
        let built = self.build_in_memory_in(id, lang)?;
        self.write(built)
    }

    /// Writes a kit built in memory to the output folder, replacing its previous files.
    pub fn write(&self, built: Built) -> Result<BuildOutcome> {
        write_built(built, &self.opts.out_dir)
    }

    /// The languages of `id`, one kit each, the first language first.
    pub fn languages(&self, id: &str) -> Result<Vec<String>> {
        Game::languages_of(&self.project, id)
    }
}

/// When the faces' SVG is parsed.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Parse {
    /// All before `prepare` returns (exports, reprints: they need every tree at once).
    Now,
    /// In batches as the sheets first draw them, each let go once drawn (builds).
    WhileDrawing,
}

/// Whether what is made from the faces goes on the game's paper.
#[derive(Debug, Clone, Copy, PartialEq)]
enum OnPaper {
    /// Sheets (builds, reprints): every piece must fit the paper.
    Printed,
    /// Images and one-card pages (exports).
    Unused,
}

/// Times the stages of a build.
struct Stopwatch(Instant);

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch(Instant::now())
    }

    /// Records the time since the last lap under `name`.
    fn lap(&mut self, name: &'static str, timings: &mut Vec<(&'static str, Duration)>) {
        timings.push((name, self.0.elapsed()));
        self.0 = Instant::now();
    }
}

/// A sheet file's name, page sizes and page roles.
type FilePlan<'n> = (&'n str, Vec<(f32, f32)>, Vec<Role>);

/// Lays out, writes the PDFs, typesets the rulebook and kit, and checks the manifest.
fn assemble(prepared: Prepared, cache: Option<&BuildCache>) -> Result<Built> {
    let Prepared {
        game,
        fonts,
        faces,
        trees,
        mut warnings,
        mut timings,
    } = prepared;
    let id = game.id.as_str();
    let mut clock = Stopwatch::start();
    let print = &game.file.print;
    let parsed = ParseNotes::default();
    let render = cache.map(|c| &c.render);
    let trees = face_trees(trees, &game, &faces, &fonts, render, &parsed);
    let date = build_date();
    let FirstPhase {
        components,
        sheets,
        mut check,
        rulebook,
        rulebook_time,
        thumbs,
        sheet_warnings,
    } = sheets_and_rulebook(&game, &faces, &trees, &fonts, date, cache)?;
    let Sheets {
        mut pdfs,
        pages: printed_pages,
        mut files,
        plans,
        previews,
        cut_files,
    } = sheets;
    warnings.extend(parsed.warnings());
    let preflight = parsed.preflight();
    warnings.extend(preflight.warnings());
    if let Some(check) = &mut check {
        check.preflight = Some(preflight);
    }
    warnings.extend(sheet_warnings);
    clock.lap("sheets and PDF", &mut timings);
    split_parsing(&mut timings, trees.parsing_time());
    timings.push(("rulebook, beside the sheets", rulebook_time));
    let sheet_pages = sheet_pages(&components, &plans);
    let input = KitInput {
        game: &game,
        rules: rulebook.as_ref(),
        faces: &faces,
        fonts: &fonts,
        components: &components,
        check: check.as_ref(),
        sheet_pdfs: &pdfs,
        sheet_pages: &sheet_pages,
        date,
        cache: cache.map(|c| &c.typeset),
    };
    let ((books, book_files, kit_pages), art) =
        kit_beside_index_art(&input, &trees, thumbs, &previews, cache)?;
    pdfs.extend(books);
    files.extend(book_files);
    clock.lap("kit", &mut timings);

    let report = BuildReport {
        game: id.to_owned(),
        name: game.file.name.clone(),
        revision: game.file.revision.clone(),
        paper: print.paper,
        components,
        unique_faces: faces.faces.len(),
        files,
        kit: kit_pages,
        warnings,
        layout: print.layout,
        cut_files: cut_files.iter().map(|(name, _)| name.clone()).collect(),
        sheet_pages: printed_pages,
    };
    let (index_html, mut extras) = index_files(&game, &faces, &report, check.as_ref(), art)?;
    extras.extend(cut_files);
    clock.lap("index page", &mut timings);
    // The trees borrow the game (to parse on demand); they go before it, on a thread of their
    // own while the files are written.
    trees.release_in_background();
    Ok(Built {
        game,
        pdfs,
        report,
        index_html,
        extras,
        check,
        record: None,
        timings,
    })
}

/// The kit, typeset beside the index page's pictures: Typst is mostly one thread, so the
/// pictures (and the face thumbnails, unless drawn beside the sheets) take the other core.
/// Their time is counted under "kit".
fn kit_beside_index_art(
    input: &KitInput,
    trees: &FaceTrees,
    thumbs: Option<FaceThumbs>,
    previews: &[FilePages],
    cache: Option<&BuildCache>,
) -> Result<(Books, IndexArt)> {
    let (kit, art) = rayon::join(
        || kit_and_rules(input),
        || {
            let thumbs = match thumbs {
                Some(thumbs) => thumbs,
                None => face_thumbnails(input.faces, trees, thumb_cache(cache, input.fonts))?,
            };
            index_art(input.faces, trees, thumbs, previews)
        },
    );
    Ok((kit?, art?))
}

/// The session's thumbnails, with the name of the fonts the faces are set in.
fn thumb_cache<'a>(
    cache: Option<&'a BuildCache>,
    fonts: &'a Fonts,
) -> Option<(&'a ThumbCache, &'a str)> {
    cache.map(|c| (&c.thumbs, fonts.digest.as_str()))
}

/// What the sheets and the work beside them made.
struct FirstPhase {
    components: Vec<ComponentReport>,
    sheets: Sheets,
    check: Option<CheckReport>,
    rulebook: Option<RulesBook>,
    rulebook_time: Duration,
    thumbs: Option<FaceThumbs>,
    sheet_warnings: Vec<String>,
}

/// The sheets, and beside them the rulebook (it needs no sheet) or, for a game without one,
/// the index page's face thumbnails. Errors come in the order they came when all ran one after
/// the other: a sheet's, a face's, the manifest's, then the rulebook's.
fn sheets_and_rulebook(
    game: &Game,
    faces: &Faces,
    trees: &FaceTrees,
    fonts: &Fonts,
    date: (i32, u8, u8),
    cache: Option<&BuildCache>,
) -> Result<FirstPhase> {
    let typeset = cache.map(|c| &c.typeset);
    let (early, printed) = rayon::join(
        || -> Result<_> {
            let book = rulebook(game, faces, trees, fonts, date, typeset)?;
            let thumbs = match book.0 {
                None => Some(face_thumbnails(faces, trees, thumb_cache(cache, fonts))?),
                Some(_) => None,
            };
            Ok((book, thumbs))
        },
        || {
            let mut sheet_warnings = Vec::new();
            print_all(game, faces, trees, fonts, &mut sheet_warnings).map(|p| (p, sheet_warnings))
        },
    );
    let ((components, sheets), sheet_warnings) = printed?;
    trees.finish()?;
    let check = crate::check::manifest::check_game(game, Some(faces))?;
    let ((rulebook, rulebook_time), thumbs) = early?;
    Ok(FirstPhase {
        components,
        sheets,
        check,
        rulebook,
        rulebook_time,
        thumbs,
        sheet_warnings,
    })
}

/// Every component onto its sheets, finished into PDFs, with the components' reports.
fn print_all<'a>(
    game: &'a Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    warnings: &mut Vec<String>,
) -> Result<(Vec<ComponentReport>, Sheets)> {
    let id = game.id.as_str();
    let mut writers: Vec<(&str, SheetWriter)> = Vec::new();
    // A face that does not parse is the error to show, before anything it broke on the sheets.
    let parse_first = |e: Error| trees.finish().err().unwrap_or(e);
    let route = |k: ComponentKind| k.output_file();
    let mut components = print_sheets(game, faces, trees, fonts, &mut writers, warnings, route)
        .map_err(parse_first)?;
    add_parts_to_buy(game, faces, trees, fonts, &mut writers, &mut components)
        .map_err(parse_first)?;
    // Every count at 0 is more likely a slip than a wish (a manifest would catch it; not
    // every game has one).
    for c in components
        .iter()
        .filter(|c| c.kind != "bought" && c.copies == 0)
    {
        // Entries, not cards: tokens, dice and boards are counted alike.
        warnings.push(match c.cards {
            1 => format!("{} prints nothing: its one entry's count is 0", c.name),
            n => format!(
                "{} prints nothing: the count of each of its {n} entries is 0",
                c.name
            ),
        });
    }
    // A component no sheet took would vanish from the kit while its count checks out.
    if let Some(c) = components
        .iter()
        .find(|c| c.kind != "bought" && c.copies > 0 && c.pages.is_empty())
    {
        return Err(Error::new(format!(
            "{} was placed on no sheet: its pieces do not fit the paper's printable area",
            c.name
        ))
        .game(id)
        .component(&c.id));
    }
    Ok((components, finish_sheets(writers, &faces.faces, id)?))
}

/// Files by name (relative to the game's output folder) and bytes.
type NamedFiles = Vec<(String, Vec<u8>)>;

/// `index.html` around its pictures, and the files beside it (thumbnails, deck statistics).
fn index_files(
    game: &Game,
    faces: &Faces,
    report: &BuildReport,
    check: Option<&CheckReport>,
    art: crate::output::index::IndexArt,
) -> Result<(String, NamedFiles)> {
    let stats = crate::simulate::deck::game_deck_stats(game);
    let has_deck_stats = !stats.decks.is_empty();
    let input = IndexInput {
        game,
        report,
        check,
        faces,
        has_deck_stats,
    };
    let index = index_page(&input, art)?;
    let mut extras = index.images;
    if has_deck_stats {
        extras.push(("deck-stats.json".to_owned(), stats.to_json().into_bytes()));
        extras.push(("deck-stats.svg".to_owned(), stats.chart().into_bytes()));
    }
    Ok((index.html, extras))
}

/// The faces' trees for `assemble`: those `prepare` parsed, or (a build) parsed as the sheets
/// draw them, with what parsing found noted in `notes`.
fn face_trees<'a>(
    trees: Vec<Arc<usvg::Tree>>,
    game: &'a Game,
    faces: &'a Faces,
    fonts: &'a Fonts,
    cache: Option<&'a RenderCache>,
    notes: &'a ParseNotes,
) -> FaceTrees<'a> {
    let set = if trees.len() == faces.faces.len() {
        FaceTrees::new(trees)
    } else {
        FaceTrees::lazy(
            faces.faces.len(),
            Box::new(move |i| {
                let face = &faces.faces[i];
                let tree = parse_face(game, face, fonts, cache)?;
                notes.note(i, game, face, &tree);
                Ok(tree)
            }),
        )
    };
    set.forget_once_drawn(forgettable(faces))
}

/// What parsing faces on demand found, by face, so the warnings come out in face order
/// whatever order the sheets drew them in.
#[derive(Default)]
struct ParseNotes {
    proportions: std::sync::Mutex<Vec<(usize, String)>>,
    preflight: std::sync::Mutex<Vec<(usize, Vec<crate::preflight::Finding>)>>,
}

impl ParseNotes {
    fn note(&self, i: usize, game: &Game, face: &Face, tree: &usvg::Tree) {
        if let Some(w) = proportion_warning(face, tree) {
            lock(&self.proportions).push((i, w));
        }
        let found = crate::preflight::face(game, face, tree);
        lock(&self.preflight).push((i, found));
    }

    /// Proportion warnings in face order, once per face (a face parsed again after being let
    /// go is noted twice).
    fn warnings(&self) -> Vec<String> {
        let mut proportions = std::mem::take(&mut *lock(&self.proportions));
        proportions.sort_by_key(|(i, _)| *i);
        proportions.dedup_by_key(|(i, _)| *i);
        proportions.into_iter().map(|(_, w)| w).collect()
    }

    /// The preflight of every face (low-resolution art among it), in face order, once per face.
    fn preflight(&self) -> crate::preflight::Report {
        let mut found = std::mem::take(&mut *lock(&self.preflight));
        found.sort_by_key(|(i, _)| *i);
        found.dedup_by_key(|(i, _)| *i);
        crate::preflight::Report::new(found.into_iter().flat_map(|(_, f)| f).collect())
    }
}

/// Moves the time spent parsing faces out of the sheets stage into its own line.
fn split_parsing(timings: &mut Vec<(&'static str, Duration)>, parsing: Duration) {
    if parsing.is_zero() {
        return;
    }
    if let Some(sheets) = timings.pop() {
        timings.push(("SVG parsing", parsing));
        timings.push((sheets.0, sheets.1.saturating_sub(parsing)));
    }
}

/// The faces a build may forget once drawn: those of a single component (so of a single sheet
/// file) that the index page does not show.
fn forgettable(faces: &Faces) -> Vec<bool> {
    let shown = shown_faces(faces);
    let mut decks_using = vec![0u8; faces.faces.len()];
    for deck in &faces.decks {
        for f in deck.used_faces() {
            if let Some(n) = decks_using.get_mut(f) {
                *n = n.saturating_add(1);
            }
        }
    }
    decks_using
        .iter()
        .zip(&shown)
        .map(|(&n, &shown)| n == 1 && !shown)
        .collect()
}

/// The sheet PDFs of a build, finished: their bytes, reports, page plans and previews.
struct Sheets {
    pdfs: Vec<(String, Vec<u8>)>,
    /// Every printed side, for build.json.
    pages: Vec<crate::output::report::SheetPageReport>,
    files: Vec<FileReport>,
    plans: Vec<FilePlan<'static>>,
    previews: Vec<FilePages>,
    /// `cut/<file>-page-<n>.svg` and `.dxf` of every print-and-cut page.
    cut_files: Vec<(String, Vec<u8>)>,
}

/// Finishes each sheet writer into its PDF, in the fixed file order.
fn finish_sheets(
    mut writers: Vec<(&str, SheetWriter)>,
    faces: &[Face],
    id: &str,
) -> Result<Sheets> {
    let mut sheets = Sheets {
        pdfs: Vec::new(),
        pages: Vec::new(),
        files: Vec::new(),
        plans: Vec::new(),
        previews: Vec::new(),
        cut_files: Vec::new(),
    };
    for name in PDF_FILES {
        let Some(pos) = writers.iter().position(|(f, _)| *f == name) else {
            continue;
        };
        let (_, writer) = writers.remove(pos);
        let pages = writer.page_count();
        let sizes = writer.page_sizes().to_vec();
        sheets
            .plans
            .push((name, sizes.clone(), writer.roles().to_vec()));
        sheets.previews.push(FilePages {
            file: name.to_owned(),
            sizes,
            placed: writer.placements().to_vec(),
        });
        sheets.cut_files.extend(cut_files(&writer, "cut"));
        sheets.pages.extend(printed_sides(name, &writer, faces));
        let bytes = writer.finish().map_err(|e| e.game(id))?;
        sheets.files.push(FileReport {
            file: name.to_owned(),
            pages,
            bytes: bytes.len(),
        });
        sheets.pdfs.push((name.to_owned(), bytes));
    }
    Ok(sheets)
}

/// What each printed side of `writer`'s pages holds and how much paper it uses.
fn printed_sides(
    file: &str,
    writer: &SheetWriter,
    faces: &[Face],
) -> Vec<crate::output::report::SheetPageReport> {
    let on_pages: Vec<Vec<(&str, f32)>> = writer
        .placements()
        .iter()
        .map(|page| {
            page.iter()
                .map(|p| {
                    // A board's tile shows only the part of the face its clip lets through.
                    let f = &faces[p.face];
                    let trim = f.size.width_mm * f.size.height_mm;
                    (f.component.as_str(), trim.min(p.clip.w * p.clip.h))
                })
                .collect()
        })
        .collect();
    let (pw, ph) = writer.paper_size();
    let m = writer.margin();
    let printable = (pw - 2.0 * m) * (ph - 2.0 * m);
    crate::output::report::sheet_page_reports(
        file,
        writer.roles(),
        &on_pages,
        |page| writer.trim_area(page),
        printable,
    )
}

/// The cut files (SVG and DXF) of a writer's print-and-cut pages, named `<dir>/<stem>.svg`
/// after the page they cut.
pub fn cut_files(writer: &SheetWriter, dir: &str) -> NamedFiles {
    let mut files = Vec::new();
    for sheet in writer.cut_sheets() {
        let stem = sheet.stem();
        files.push((format!("{dir}/{stem}.svg"), sheet.svg().into_bytes()));
        files.push((format!("{dir}/{stem}.dxf"), sheet.dxf().into_bytes()));
    }
    files
}

/// Every component's pages in the sheet PDFs, with their sizes and roles, for the kit. The
/// parts to buy are left out: the kit's components page lists them with pictures of their
/// printed stand-ins, and `tokens.pdf`'s own list page names its pages, not the kit's.
fn sheet_pages(
    components: &[ComponentReport],
    plans: &[FilePlan],
) -> Vec<(String, Vec<SheetPage>)> {
    components
        .iter()
        .filter(|c| c.kind != "bought")
        .filter_map(|c| {
            let file = c.file.as_deref()?;
            let runs = std::iter::once((file, &c.pages))
                .chain(c.also.iter().map(|(f, p)| (f.as_str(), p)));
            let mut pages = Vec::new();
            for (file, numbers) in runs {
                let Some((_, sizes, roles)) = plans.iter().find(|(n, _, _)| *n == file) else {
                    continue;
                };
                pages.extend(numbers.iter().filter_map(|&page| {
                    let (w, h) = *sizes.get(page.checked_sub(1)?)?;
                    Some(SheetPage {
                        file: file.to_owned(),
                        page,
                        width_mm: w,
                        height_mm: h,
                        role: *roles.get(page - 1)?,
                    })
                }));
            }
            Some((c.id.clone(), pages))
        })
        .collect()
}

/// `rules.pdf` (when the game has rules) and `kit.pdf`, with their reports.
type Books = (Vec<(String, Vec<u8>)>, Vec<FileReport>, KitPages);

/// The game's typeset rulebook (none without rules), and the time it took.
type Rulebook = (Option<RulesBook>, Duration);

fn rulebook(
    game: &Game,
    faces: &Faces,
    trees: &FaceTrees,
    fonts: &Fonts,
    date: (i32, u8, u8),
    cache: Option<&TypesetCache>,
) -> Result<Rulebook> {
    let start = Instant::now();
    let Some(rules) = crate::render::rules::load(game)? else {
        return Ok((None, start.elapsed()));
    };
    let input = RulesInput {
        game,
        rules: &rules,
        faces,
        fonts,
        trees: Some(trees),
        date,
        cache,
    };
    let book = rules_pdf(&input)?;
    Ok((Some(book), start.elapsed()))
}

/// The kit, crediting the rulebook's fonts and the sheets', beside the finished rulebook.
fn kit_and_rules(input: &KitInput) -> Result<Books> {
    let (kit, count) = kit_pdf(input)?;
    let mut pdfs = Vec::new();
    let mut files = Vec::new();
    if let Some(RulesBook { pdf, pages, .. }) = input.rules {
        files.push(FileReport {
            file: "rules.pdf".to_owned(),
            pages: *pages,
            bytes: pdf.len(),
        });
        pdfs.push(("rules.pdf".to_owned(), pdf.clone()));
    }
    files.push(FileReport {
        file: "kit.pdf".to_owned(),
        pages: count.total,
        bytes: kit.len(),
    });
    pdfs.push(("kit.pdf".to_owned(), kit));
    Ok((pdfs, files, count.pages()))
}

/// The sourcing list: every bought part with its count and the printed stand-in that can
/// replace it, on a page of `tokens.pdf`.
fn add_parts_to_buy<'a>(
    game: &Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    writers: &mut Vec<(&'static str, SheetWriter<'a>)>,
    components: &mut [ComponentReport],
) -> Result<()> {
    let bought: Vec<&crate::model::Component> =
        game.components.iter().filter(|c| !c.printed()).collect();
    if bought.is_empty() {
        return Ok(());
    }
    let mut rows = Vec::new();
    for comp in &bought {
        for part in &comp.cards {
            let stand_in = part.fields.get("stand_in").and_then(|v| v.as_str());
            let instead = match stand_in {
                Some(id) => match components.iter().find(|c| c.id == id) {
                    Some(c) => format!(
                        "print instead: {} ({}, page {})",
                        c.name,
                        c.file.as_deref().unwrap_or("-"),
                        c.pages.first().copied().unwrap_or(0)
                    ),
                    None => format!("instead: {id}"),
                },
                None => String::new(),
            };
            rows.push(format!("{:>3} × {}    {instead}", part.count, part.name));
        }
    }
    let file = "tokens.pdf";
    let pos = match writers.iter().position(|(f, _)| *f == file) {
        Some(p) => p,
        None => {
            writers.push((
                file,
                SheetWriter::new(&faces.faces, trees, &fonts.label, game.file.print.paper)?
                    .with_margin(game.file.print.printable_margin_mm)
                    .named(file)
                    .with_ink_saver(game.file.print.ink == Ink::Saver)
                    .in_language(&game.file.language),
            ));
            writers.len() - 1
        }
    };
    let used = writers[pos].1.add_list_page(
        &format!("{}: parts to buy", game.file.name),
        "Not printed. Buy these, or use the printed stand-ins named beside them.",
        &rows,
    );
    for comp in bought {
        if let Some(report) = components.iter_mut().find(|c| c.id == comp.spec.id) {
            report.file = Some(file.to_owned());
            report.pages = used.pages.clone();
        }
    }
    Ok(())
}

/// Prints every deck of `faces` into `writers` (one per output file, as `route` decides by
/// kind) and reports each component. Bought parts are reported but not printed. Decks with
/// sheets of their own print their full sheets in order (the last cards of decks on one grid
/// go on mixed sheets after them, `mixed.rs`); the pieces sharing sheets (dice, standees,
/// tokens, small boards, the last cards when that saves paper, or every piece of a
/// print-and-cut layout) are packed together after them.
pub fn print_sheets<'a>(
    game: &Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    writers: &mut Vec<(&'static str, SheetWriter<'a>)>,
    warnings: &mut Vec<String>,
    route: impl Fn(ComponentKind) -> Option<&'static str>,
) -> Result<Vec<ComponentReport>> {
    let mut components = Vec::new();
    let mut shared = Vec::new();
    let mut cut = Vec::new();
    // Tokens with backs: (deck, copies on grid sheets of their own, the shape of the rest).
    let mut backed: Vec<(usize, usize, SharedShape)> = Vec::new();
    let mut runs = GridRuns::plan(
        game,
        faces,
        |deck| {
            deck_grid(game, deck)
                .ok()
                .filter(|(_, fold)| fold.is_none())
                .map(|(g, _)| g)
        },
        &route,
    );
    for (d, deck) in faces.decks.iter().enumerate() {
        let mut report = component_report(game, deck);
        let Some(file) = route(game.components[deck.component].spec.kind) else {
            components.push(report);
            continue;
        };
        if deck.copies.is_empty() {
            components.push(report);
            continue;
        }
        if let Some(shape) = print_and_cut_shape(game, deck, &mut report, warnings) {
            cut.push((components.len(), deck, shape, file));
        } else if let Some(shape) = shared_shape(game, deck) {
            report.layout = shape.describe();
            shared.push((components.len(), deck, shape, &deck.copies[..]));
        } else if let Some((run, own)) = runs.of(d) {
            report.file = Some(file.to_owned());
            if own > 0 {
                let pos = writer_for(writers, file, game, faces, trees, fonts)?;
                let copies = &deck.copies[..own];
                let pages = print_grid(
                    game,
                    deck,
                    copies,
                    &mut writers[pos].1,
                    &mut report,
                    warnings,
                )?;
                report.sheets = pages.sheets;
                report.pages = pages.pages;
            } else {
                report.layout = grid_layout(&run.grid, None);
            }
            if own < deck.copies.len() {
                report
                    .layout
                    .push_str(", the last copies on sheets shared with other decks");
            }
        } else {
            match backed_tokens(game, deck) {
                // Full grid sheets (how many is settled with the shared sheets), the rest
                // beside the shared pieces.
                Some((own, shape)) => backed.push((components.len(), own, shape)),
                None => {
                    let pos = writer_for(writers, file, game, faces, trees, fonts)?;
                    let writer = &mut writers[pos].1;
                    let pages = print_component(game, deck, writer, &mut report, warnings)?;
                    report.sheets = pages.sheets;
                    report.pages = pages.pages;
                }
            }
            report.file = Some(file.to_owned());
        }
        components.push(report);
    }
    let area = crate::pdf::shapes::shared_area(&game.file.print, true);
    settle_backed_tokens(game, faces, &shared, &mut backed, area);
    for &(d, own, ref shape) in &backed {
        let deck = &faces.decks[d];
        let report = &mut components[d];
        if own > 0 {
            let file = route(ComponentKind::Tokens).unwrap_or("tokens.pdf");
            let pos = writer_for(writers, file, game, faces, trees, fonts)?;
            let copies = &deck.copies[..own];
            let pages = print_grid(game, deck, copies, &mut writers[pos].1, report, warnings)?;
            report.sheets = pages.sheets;
            report.pages = pages.pages;
            report.layout.push_str(", the rest on shared sheets");
        } else {
            report.layout = shape.describe();
        }
        shared.push((d, deck, shape.clone(), &deck.copies[own..]));
    }
    if route(ComponentKind::Tokens).is_some() {
        take_in_mixed_sheets(game, faces, &mut runs, &mut shared, area);
    }
    // The mixed sheets left print after their files' own sheets.
    for run in runs.runs.iter().filter(|r| !r.shared.mixed.is_empty()) {
        let pos = writer_for(writers, run.file, game, faces, trees, fonts)?;
        run.print_mixed(game, faces, &mut writers[pos].1, &mut components)
            .map_err(|e| locate_profile(game, e.game(&game.id)))?;
    }
    let mut groups = Vec::new();
    if let Some(file) = route(ComponentKind::Tokens).filter(|_| !shared.is_empty()) {
        groups.push((file, shared, None));
    }
    // Print-and-cut: the pieces of each file packed onto its cut sheets, the files in the
    // build's order (a reprint has one file of its own).
    let mut cut_to: Vec<&str> = cut.iter().map(|(_, _, _, f)| *f).collect();
    cut_to.sort_by_key(|f| PDF_FILES.iter().position(|p| p == f));
    cut_to.dedup();
    for file in cut_to {
        let group: Vec<_> = cut
            .iter()
            .filter(|(_, _, _, f)| *f == file)
            .map(|(i, d, s, _)| (*i, *d, s.clone(), &d.copies[..]))
            .collect();
        if !group.is_empty() {
            groups.push((file, group, Some(game.file.print.cutter)));
        }
    }
    for (file, group, cutter) in groups {
        let pos = writer_for(writers, file, game, faces, trees, fonts)?;
        print_shared(
            game,
            &group,
            &mut writers[pos].1,
            file,
            &mut components,
            cutter,
        );
    }
    Ok(components)
}

/// A component's report before it is printed: what it is and how many pieces it has.
fn component_report(game: &Game, deck: &crate::render::faces::Deck) -> ComponentReport {
    let comp = &game.components[deck.component];
    let spec = &comp.spec;
    ComponentReport {
        id: spec.id.clone(),
        name: spec.name.clone(),
        kind: spec.kind.name().to_owned(),
        size: spec.size,
        cards: comp.cards.len(),
        copies: comp.copies(),
        unique_faces: deck.unique_faces,
        sheets: 0,
        file: None,
        pages: Vec::new(),
        also: Vec::new(),
        layout: String::new(),
    }
}

/// In a print-and-cut layout, the shape a deck takes on the cut sheets, with the layout noted
/// in its report; `None` in other layouts, or (with a warning) for a piece larger than the
/// cutter's area, which is then printed with crop marks to cut by hand.
fn print_and_cut_shape(
    game: &Game,
    deck: &crate::render::faces::Deck,
    report: &mut ComponentReport,
    warnings: &mut Vec<String>,
) -> Option<SharedShape> {
    let print = &game.file.print;
    if print.layout != Layout::PrintAndCut {
        return None;
    }
    let upright = cut_shape(game, deck)?;
    let fits = |s: &SharedShape| fits_cut_area(game, deck.component, s);
    let turned_to_fit = upright.turned().filter(|s| !fits(&upright) && fits(s));
    let Some(shape) = turned_to_fit.or_else(|| fits(&upright).then_some(upright)) else {
        warnings.push(format!(
            "{}: larger than the area the {} cuts on {}; printed with crop marks, to cut by hand",
            report.name,
            print.cutter.name(),
            print.paper.name().to_uppercase()
        ));
        return None;
    };
    let net = match &shape {
        SharedShape::Die(net) => format!("cube net, {} mm faces, ", net.edge),
        _ => String::new(),
    };
    let turn_note = match shape {
        SharedShape::Card { turned: true, .. } => ", turned a quarter to fit",
        _ => "",
    };
    report.layout = format!(
        "{net}print-and-cut sheets ({}){turn_note}",
        print.cutter.name()
    );
    Some(shape)
}

/// A sheet writer for `file`, made on first use.
fn writer_for<'a>(
    writers: &mut Vec<(&'static str, SheetWriter<'a>)>,
    file: &'static str,
    game: &Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
) -> Result<usize> {
    if let Some(p) = writers.iter().position(|(f, _)| *f == file) {
        return Ok(p);
    }
    let print = &game.file.print;
    writers.push((
        file,
        SheetWriter::new(&faces.faces, trees, &fonts.label, print.paper)?
            .with_margin(print.printable_margin_mm)
            .named(file)
            .with_ink_saver(print.ink == Ink::Saver)
            .in_language(&game.file.language),
    ));
    Ok(writers.len() - 1)
}

/// The geometry of a component printed on shared single-sided sheets (or, print-and-cut, on
/// cut sheets).
#[derive(Clone)]
enum SharedShape {
    Die(DieNet),
    Standee(Standee),
    Token {
        w: f32,
        h: f32,
        bleed: f32,
    },
    Board {
        w: f32,
        h: f32,
        bleed: f32,
        /// Laid a quarter turn round, to fit the page.
        turned: bool,
    },
    /// A card from the last mixed sheet of a run, cut by hand from the shared sheets.
    MarkedCard {
        w: f32,
        h: f32,
        bleed: f32,
    },
    /// Print-and-cut: a card or a dashboard (its top layer as a second piece).
    Card {
        w: f32,
        h: f32,
        bleed: f32,
        /// Laid a quarter turn round, to fit the cutter's area.
        turned: bool,
    },
}

impl SharedShape {
    /// The piece turned a quarter, when it is one that can lie so: a card or dashboard, whose
    /// cut is its trim (and windows) whichever way it lies.
    fn turned(&self) -> Option<SharedShape> {
        match *self {
            SharedShape::Card {
                w,
                h,
                bleed,
                turned: false,
            } => Some(SharedShape::Card {
                w,
                h,
                bleed,
                turned: true,
            }),
            _ => None,
        }
    }

    fn describe(&self) -> String {
        match self {
            SharedShape::Die(net) => format!("cube net, {} mm faces, shared sheets", net.edge),
            SharedShape::Standee(_) => "fold-over standee, shared sheets".to_owned(),
            SharedShape::Token { .. } => "tokens, shared sheets".to_owned(),
            SharedShape::Board { turned: false, .. } => "small board, shared sheets".to_owned(),
            SharedShape::Board { turned: true, .. } => {
                "small board, shared sheets, turned a quarter".to_owned()
            }
            SharedShape::Card { .. } => "cut sheets".to_owned(),
            SharedShape::MarkedCard { .. } => "shared sheets".to_owned(),
        }
    }
}

impl SharedShape {
    /// The piece as the shared sheets draw it.
    fn piece<'s>(&'s self, spec: &crate::model::ComponentSpec) -> Shape<'s> {
        let radius = spec.corner_radius_mm.unwrap_or(0.0);
        match self {
            SharedShape::Die(net) => Shape::Die(net),
            SharedShape::Standee(s) => Shape::Standee(s),
            &SharedShape::Token { w, h, bleed } => Shape::Token {
                shape: spec.token_shape(),
                w,
                h,
                bleed,
            },
            &SharedShape::Board {
                w,
                h,
                bleed,
                turned,
            } => Shape::Board {
                w,
                h,
                bleed,
                turned,
            },
            &SharedShape::MarkedCard { w, h, bleed } => Shape::MarkedCard { w, h, bleed },
            &SharedShape::Card {
                w,
                h,
                bleed,
                turned,
            } => Shape::Card {
                w,
                h,
                bleed,
                radius,
                top: false,
                windows: &[],
                turned,
            },
        }
    }
}

/// Whether `shape` fits the area a cutting machine cuts on this paper, the way it lies.
fn fits_cut_area(game: &Game, comp: usize, shape: &SharedShape) -> bool {
    let print = &game.file.print;
    let area = crate::layout::cut::cut_area(print.cutter, print.paper);
    let (w, h) = shape.piece(&game.components[comp].spec).size();
    w <= area.w + 1e-3 && h <= area.h + 1e-3
}

/// Print-and-cut: every component but a board tiled over several pages goes on the cut
/// sheets, keeping [`crate::layout::cut::CUT_BLEED`] of its bleed at most.
fn cut_shape(game: &Game, deck: &crate::render::faces::Deck) -> Option<SharedShape> {
    let comp = &game.components[deck.component];
    let size = comp.size();
    let (w, h) = (size.width_mm, size.height_mm);
    let bleed = comp
        .bleed(&game.file.print)
        .min(crate::layout::cut::CUT_BLEED);
    match comp.spec.kind {
        ComponentKind::Cards | ComponentKind::Dashboard => Some(SharedShape::Card {
            w,
            h,
            bleed,
            turned: false,
        }),
        ComponentKind::Tokens => Some(SharedShape::Token { w, h, bleed }),
        ComponentKind::Die | ComponentKind::Standee | ComponentKind::Board => {
            shared_shape(game, deck)
        }
        ComponentKind::Bought => None,
    }
}

/// A component's pieces on the shared sheets: its report's index, its deck, the shape its
/// pieces take and which of its copies go there.
type SharedEntry<'a> = (
    usize,
    &'a crate::render::faces::Deck,
    SharedShape,
    &'a [crate::render::faces::CardCopy],
);

/// The shared sheets take in the last mixed sheets of card runs: first where that saves a
/// sheet, then where it evens out a thin page.
fn take_in_mixed_sheets<'a>(
    game: &Game,
    faces: &'a Faces,
    runs: &mut GridRuns,
    shared: &mut Vec<SharedEntry<'a>>,
    area: Rect,
) {
    if shared.is_empty() {
        return;
    }
    for evening in [false, true] {
        let pool = pool_sizes(game, shared);
        // The pool is packed once a pass; each trial packs the pool with its cards.
        let before = shared_summary(&pool, area);
        for (d, range) in runs.absorb(faces, |cards| {
            worth_taking(
                (&pool, before),
                &card_sizes(game, faces, cards),
                area,
                evening,
            )
        }) {
            let deck = &faces.decks[d];
            shared.push((d, deck, marked_card(game, deck), &deck.copies[range]));
        }
    }
}

/// A piece of the shared sheets: the room it takes (w, h) and the paper under its cut, mm².
type SizedPiece = ((f32, f32), f32);

/// The room each piece of the shared sheets takes, in order, and the paper under its cut.
fn pool_sizes(game: &Game, shared: &[SharedEntry]) -> Vec<SizedPiece> {
    shared
        .iter()
        .flat_map(|(_, deck, shape, copies)| sized(game, deck, shape, copies.len()))
        .collect()
}

/// The same for the given copies of cards (deck, copies) as marked cards on a shared sheet.
fn card_sizes(
    game: &Game,
    faces: &Faces,
    cards: &[(usize, std::ops::Range<usize>)],
) -> Vec<SizedPiece> {
    cards
        .iter()
        .flat_map(|(d, range)| {
            let deck = &faces.decks[*d];
            sized(game, deck, &marked_card(game, deck), range.len())
        })
        .collect()
}

/// `n` pieces of `deck` in `shape`: the room each takes and the paper under its cut.
fn sized(
    game: &Game,
    deck: &crate::render::faces::Deck,
    shape: &SharedShape,
    n: usize,
) -> std::iter::RepeatN<SizedPiece> {
    let piece = shape.piece(&game.components[deck.component].spec);
    std::iter::repeat_n((piece.size(), piece.trim_area()), n)
}

/// Pages taken on shared sheets and the thinnest page's fill.
type Summary = Option<(usize, f32)>;

/// The pages `pieces` (each its room and the paper under its cut) take on shared sheets, and
/// the thinnest page's fill; `None` when a piece does not fit at all.
fn shared_summary(pieces: &[SizedPiece], area: Rect) -> Summary {
    use crate::layout::pack::pack_tidy;
    use crate::layout::share::MIN_FILL;
    let sizes: Vec<(f32, f32)> = pieces.iter().map(|p| p.0).collect();
    let trims: Vec<f32> = pieces.iter().map(|p| p.1).collect();
    let spots = pack_tidy(&sizes, &trims, &vec![0; sizes.len()], area, 0.0, MIN_FILL);
    let mut fill: Vec<f32> = Vec::new();
    for (s, trim) in spots.iter().zip(&trims) {
        let s = (*s)?;
        if fill.len() <= s.page {
            fill.resize(s.page + 1, 0.0);
        }
        fill[s.page] += trim / (area.w * area.h);
    }
    Some((fill.len(), fill.into_iter().fold(f32::MAX, f32::min)))
}

/// Whether the shared sheets should take `extra` pieces (a mixed card sheet's, a token
/// sheet's) beside `pool`, whose own pages and thinnest fill are `before`: when they need no
/// more pages than the pool alone (a sheet saved), or, `evening`, one more while the pool
/// alone leaves a page too thin and the two together leave none as thin (as many sheets, the
/// thinnest one fuller).
fn worth_taking(
    (pool, before): (&[SizedPiece], Summary),
    extra: &[SizedPiece],
    area: Rect,
    evening: bool,
) -> bool {
    let both: Vec<SizedPiece> = pool.iter().chain(extra).copied().collect();
    match (before, shared_summary(&both, area)) {
        (Some((a, _)), Some((b, _))) if b <= a => true,
        (Some((a, thin)), Some((b, least))) => {
            evening && b == a + 1 && thin < crate::layout::share::MIN_FILL && least > thin
        }
        _ => false,
    }
}

/// How many copies of each deck of tokens with backs print on grid sheets of their own: all
/// their full sheets, but the last one of a deck joins the shared sheets when they would
/// otherwise leave a page nearly blank and it evens them out at no cost in sheets.
fn settle_backed_tokens(
    game: &Game,
    faces: &Faces,
    shared: &[SharedEntry],
    backed: &mut [(usize, usize, SharedShape)],
    area: Rect,
) {
    let mut pool = pool_sizes(game, shared);
    for (d, own, shape) in backed.iter() {
        pool.extend(sized(
            game,
            &faces.decks[*d],
            shape,
            faces.decks[*d].copies.len() - own,
        ));
    }
    let mut before = shared_summary(&pool, area);
    for (d, own, shape) in backed.iter_mut() {
        let deck = &faces.decks[*d];
        let per = deck_grid(game, deck).map_or(0, |(g, _)| g.per_sheet());
        if per == 0 || *own < per {
            continue;
        }
        let sheet: Vec<_> = sized(game, deck, shape, per).collect();
        if worth_taking((&pool, before), &sheet, area, true) {
            *own -= per;
            pool.extend(sheet);
            before = shared_summary(&pool, area);
        }
    }
}

/// A card of `deck` as a shared sheet holds it: with its bleed and crop marks.
fn marked_card(game: &Game, deck: &crate::render::faces::Deck) -> SharedShape {
    let comp = &game.components[deck.component];
    let size = comp.size();
    SharedShape::MarkedCard {
        w: size.width_mm,
        h: size.height_mm,
        bleed: comp.bleed(&game.file.print),
    }
}

/// Tokens with backs in a duplex layout fill whole grid sheets of their own; the copies left
/// over (all of them, short of a sheet) go on the shared sheets, each with its back behind it.
/// How many copies the grid takes, and the shape of the rest; `None` when none are left over.
fn backed_tokens(game: &Game, deck: &crate::render::faces::Deck) -> Option<(usize, SharedShape)> {
    let comp = &game.components[deck.component];
    let print = &game.file.print;
    let backs = print.duplex != Duplex::None && deck.copies.iter().any(|c| c.back.is_some());
    if comp.spec.kind != ComponentKind::Tokens || !backs || print.layout != Layout::Duplex {
        return None;
    }
    let (grid, _) = deck_grid(game, deck).ok()?;
    let own = deck.copies.len() / grid.per_sheet().max(1) * grid.per_sheet();
    let (size, bleed) = (comp.size(), comp.bleed(print));
    let shape = SharedShape::Token {
        w: size.width_mm,
        h: size.height_mm,
        bleed,
    };
    (own < deck.copies.len()).then_some((own, shape))
}

/// The largest share of a page a board on the shared sheets may take when it lies turned (it
/// then leaves a strip beside it for smaller pieces).
const SHARED_BOARD: f32 = 0.6;

/// Dice, standees, token sets without backs and boards smaller than half a page (or, turned,
/// three fifths of one) go on shared single-sided sheets; everything else has sheets of its
/// own.
fn shared_shape(game: &Game, deck: &crate::render::faces::Deck) -> Option<SharedShape> {
    let comp = &game.components[deck.component];
    let print = &game.file.print;
    let (size, bleed) = (comp.size(), comp.bleed(print));
    let (w, h) = (size.width_mm, size.height_mm);
    match comp.spec.kind {
        ComponentKind::Die => Some(SharedShape::Die(DieNet::new(w))),
        ComponentKind::Standee => Some(SharedShape::Standee(Standee::new(
            w,
            h,
            comp.spec.base_mm.unwrap_or(15.0),
        ))),
        ComponentKind::Tokens => {
            let backs =
                print.duplex != Duplex::None && deck.copies.iter().any(|c| c.back.is_some());
            (!backs).then_some(SharedShape::Token { w, h, bleed })
        }
        ComponentKind::Board => {
            let (pw, ph) = print.paper.size_mm();
            let m = print.printable_margin_mm;
            let room = (
                pw - 2.0 * m,
                ph - 2.0 * m - crate::layout::tiling::LABEL_BAND,
            );
            let marks = 2.0
                * (bleed
                    + crate::layout::imposition::MARK_GAP
                    + crate::layout::tiling::TILE_MARK
                    + 0.5);
            let (fw, fh) = (w + marks, h + marks);
            let small = fw <= room.0 && fh <= room.1 && fw * fh <= 0.5 * room.0 * room.1;
            // A board that fits only turned, and leaves room beside it, shares its page too.
            let beside = !small
                && fw > room.0
                && fh <= room.0
                && fw <= room.1
                && fw * fh <= SHARED_BOARD * room.0 * room.1;
            (small || beside).then_some(SharedShape::Board {
                w,
                h,
                bleed,
                turned: beside,
            })
        }
        _ => None,
    }
}

/// Packs the shared components onto common sheets of `writer` and fills in their reports.
fn print_shared(
    game: &Game,
    shared: &[SharedEntry],
    writer: &mut SheetWriter,
    file: &str,
    components: &mut [ComponentReport],
    cutter: Option<crate::model::print::Cutter>,
) {
    let mut pieces = Vec::new();
    for (owner, (_, deck, shape, copies)) in shared.iter().enumerate() {
        let spec = &game.components[deck.component].spec;
        let radius = spec.corner_radius_mm.unwrap_or(0.0);
        let shape = shape.piece(spec);
        for copy in *copies {
            pieces.push(Piece { owner, copy, shape });
            if let (
                Shape::Card {
                    w,
                    h,
                    bleed,
                    turned,
                    ..
                },
                Some(top),
            ) = (shape, spec.top.as_ref())
                && !copy.extra.is_empty()
            {
                let shape = Shape::Card {
                    w,
                    h,
                    bleed,
                    radius,
                    top: true,
                    windows: &top.windows,
                    turned,
                };
                pieces.push(Piece { owner, copy, shape });
            }
        }
    }
    let sheets = SharedSheets {
        game: &game.file.name,
        revision: &game.file.revision,
        owners: shared
            .iter()
            .map(|(i, _, _, _)| components[*i].name.clone())
            .collect(),
        pieces,
        print: &game.file.print,
        cutter,
        radii: shared
            .iter()
            .map(|(_, d, _, _)| {
                game.components[d.component]
                    .spec
                    .corner_radius_mm
                    .unwrap_or(0.0)
            })
            .collect(),
    };
    let used = writer.add_shared(&sheets);
    for ((i, _, _, _), pages) in shared.iter().zip(used) {
        let report = &mut components[*i];
        report.sheets += pages.sheets;
        match report.file.as_deref() {
            Some(own) if own != file && !report.pages.is_empty() => {
                report.also.push((file.to_owned(), pages.pages))
            }
            _ => {
                report.pages.extend(pages.pages);
                report.file = Some(file.to_owned());
            }
        }
    }
}

/// Cards, tokens and dashboards on grid sheets.
fn print_grid<'a>(
    game: &Game,
    deck: &'a crate::render::faces::Deck,
    copies: &'a [crate::render::faces::CardCopy],
    writer: &mut SheetWriter<'a>,
    report: &mut ComponentReport,
    warnings: &mut Vec<String>,
) -> Result<PagesUsed> {
    let comp = &game.components[deck.component];
    let spec = &comp.spec;
    let print = &game.file.print;
    let err = |e: Error| e.game(&game.id).component(&spec.id);
    let (grid, fold) = deck_grid(game, deck).map_err(err)?;
    if grid.band.is_none() {
        warnings.push(format!(
            "{}: no room for the check ruler on its sheets",
            spec.id
        ));
    }
    report.layout = grid_layout(&grid, fold.as_ref());
    writer
        .add_deck(&DeckSheets {
            title: format!("{} · {}", game.file.name, spec.name),
            revision: &game.file.revision,
            grid,
            copies,
            print,
            cut: match spec.kind {
                ComponentKind::Tokens => CutStyle::Outline(spec.token_shape()),
                _ => CutStyle::CropMarks,
            },
            windows: spec.top.as_ref().map_or(&[][..], |t| &t.windows[..]),
            fold,
            corner_radius: spec.corner_radius_mm,
            numbering: None,
        })
        .map_err(|e| locate_profile(game, err(e)))
}

/// The grid a deck's sheets use, and in a gutter-fold layout of a deck with backs, the fold
/// that prints each back beside its front.
fn deck_grid(
    game: &Game,
    deck: &crate::render::faces::Deck,
) -> Result<(Grid, Option<crate::layout::fold::Fold>)> {
    let comp = &game.components[deck.component];
    let print = &game.file.print;
    let (size, bleed) = (comp.size(), comp.bleed(print));
    // Tokens keep their whole bleed on every side: always a double-bleed gutter.
    let gutter = match comp.spec.kind {
        ComponentKind::Tokens => Some(
            print
                .gutter_mm
                .unwrap_or(0.0)
                .max(2.0 * bleed)
                .max(print.piece_gap_mm.unwrap_or(0.0)),
        ),
        _ => print.gutter_mm,
    };
    let margin = print.printable_margin_mm;
    let cards = comp.spec.kind == ComponentKind::Cards;
    // Cards and dashboards may lie turned when that fits more to a sheet (or fits at all);
    // tokens stay upright.
    let turns = cards || comp.spec.kind == ComponentKind::Dashboard;
    let grid = match turns {
        true => Grid::turning(print.paper, size, bleed, gutter, margin),
        false => Grid::with_margin(print.paper, size, bleed, gutter, margin),
    }?;
    let has_backs = print.duplex != Duplex::None && deck.copies.iter().any(|c| c.back.is_some());
    if print.layout == Layout::GutterFold && has_backs {
        let folded = FoldLayout::new(print.paper, size, bleed, gutter, margin, turns)?
            .with_mark_length(print.mark_length_mm);
        return Ok((folded.grid, Some(folded.fold)));
    }
    Ok((grid.with_mark_length(print.mark_length_mm), None))
}

/// How a deck lies on its sheets, for the build report.
fn grid_layout(grid: &Grid, fold: Option<&crate::layout::fold::Fold>) -> String {
    let turned = if grid.turned { ", turned" } else { "" };
    match fold {
        Some(f) => format!(
            "gutter-fold, {} × {} pairs per sheet, {}{turned}",
            grid.cols,
            grid.rows,
            f.describe()
        ),
        None => format!("{} × {} per sheet{turned}", grid.cols, grid.rows),
    }
}

/// Lays out one component's copies in `writer`, by kind, and notes its layout in `report`.
fn print_component<'a>(
    game: &Game,
    deck: &'a crate::render::faces::Deck,
    writer: &mut SheetWriter<'a>,
    report: &mut ComponentReport,
    warnings: &mut Vec<String>,
) -> Result<PagesUsed> {
    let comp = &game.components[deck.component];
    let spec = &comp.spec;
    let pages = match spec.kind {
        ComponentKind::Cards | ComponentKind::Tokens | ComponentKind::Dashboard => {
            print_grid(game, deck, &deck.copies, writer, report, warnings)?
        }
        ComponentKind::Board => print_board(game, deck, writer, report, warnings),
        // Dice and standees always go on shared sheets (`print_shared`).
        ComponentKind::Die | ComponentKind::Standee => PagesUsed::default(),
        ComponentKind::Bought => unreachable!("bought parts have no output file"),
    };
    Ok(pages)
}

/// A board's copies, each tiled over as many pages as it needs, with the seams kept off what
/// its face marks to keep whole (and off its words) where the tiles leave room.
fn print_board<'a>(
    game: &Game,
    deck: &'a crate::render::faces::Deck,
    writer: &mut SheetWriter<'a>,
    report: &mut ComponentReport,
    warnings: &mut Vec<String>,
) -> PagesUsed {
    let comp = &game.components[deck.component];
    let print = &game.file.print;
    let (size, bleed) = (comp.size(), comp.bleed(print));
    let overlap = comp.spec.overlap_mm.unwrap_or(10.0);
    let mut used = PagesUsed::default();
    for copy in &deck.copies {
        let face_w = size.width_mm + 2.0 * bleed;
        let keep = writer
            .trees
            .get(copy.front)
            .map(|t| crate::render::keep::keep_whole(&t, face_w))
            .unwrap_or_default();
        let layout = TileLayout::keeping(
            print.paper,
            (size.width_mm, size.height_mm, bleed),
            overlap,
            print.printable_margin_mm,
            (
                &keep.marked.iter().map(|(_, r)| *r).collect::<Vec<_>>(),
                &keep.words,
            ),
        );
        report.layout = format!(
            "{} × {} tiles{}",
            layout.cols,
            layout.rows,
            if layout.rotated { ", turned" } else { "" }
        );
        let name = &comp.cards[copy.card].name;
        let cut = keep
            .marked
            .iter()
            .filter(|(_, r)| layout.cuts(r))
            .map(|(id, _)| format!("`{id}`"))
            .collect::<Vec<_>>();
        if !cut.is_empty() {
            warnings.push(format!(
                "{name}: a seam between its tiles crosses {}: larger than the room the tiles leave to move a seam; mark a smaller region, or make the board fit fewer pages",
                cut.join(", ")
            ));
        }
        let p = writer.add_board(
            &format!("{} · {name}", game.file.name),
            &game.file.revision,
            copy.front,
            &layout,
        );
        used.sheets += p.pages.len();
        used.pages.extend(p.pages);
    }
    used
}

/// Points a print-profile error at the `print:` block of `game.yaml`.
fn locate_profile(game: &Game, e: Error) -> Error {
    let path = Project::game_file(&game.id);
    let e = e.in_file(&path);
    let Ok(source) = game.project.read_text(&path) else {
        return e;
    };
    let line = source
        .lines()
        .position(|l| l.trim_start().starts_with("back_offset_mm:"))
        .or_else(|| source.lines().position(|l| l.starts_with("print:")));
    match line {
        Some(l) => e.at(l + 1, 1).with_source(&source),
        None => e,
    }
}

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
fn write_built(built: Built, out_dir: &Path) -> Result<BuildOutcome> {
    let Built {
        game,
        pdfs: mut files,
        report,
        index_html,
        extras,
        check,
        record,
        timings,
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
        removed.map_err(|e| Error::io(&path, &e))?;
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

/// Parses every face in parallel; errors name the component, card and side.
fn parse_faces(
    game: &Game,
    faces: &Faces,
    fonts: &Fonts,
    warnings: &mut Vec<String>,
    cache: Option<&RenderCache>,
) -> Result<Vec<Arc<usvg::Tree>>> {
    let trees: Vec<Result<Arc<usvg::Tree>>> = faces
        .faces
        .par_iter()
        .map(|face| parse_face(game, face, fonts, cache))
        .collect();
    let trees: Vec<Arc<usvg::Tree>> = trees.into_iter().collect::<Result<_>>()?;
    for (face, tree) in faces.faces.iter().zip(&trees) {
        warnings.extend(proportion_warning(face, tree));
    }
    Ok(trees)
}

/// Parses one face, or takes its tree from the session's cache.
fn parse_face(
    game: &Game,
    face: &Face,
    fonts: &Fonts,
    cache: Option<&RenderCache>,
) -> Result<Arc<usvg::Tree>> {
    // A tree depends on the SVG (and its art, in the hash) and on the fonts.
    let key = format!("{}{}", face.hash, fonts.digest);
    let cached = |c: &RenderCache| {
        let trees = lock(&c.trees);
        trees.get(&key).cloned()
    };
    if let Some(tree) = cache.and_then(cached) {
        return Ok(tree);
    }
    let base = game.template_dir();
    let parsed = crate::render::svg::parse(&face.svg, fonts, &game.project, &base).map(Arc::new);
    if let (Some(c), Ok(tree)) = (cache, &parsed) {
        let mut trees = lock(&c.trees);
        trees.insert(key, tree.clone());
    }
    parsed.map_err(|e| {
        let card = format!("{} ({})", face.card, face.side.name());
        e.game(&game.id).component(&face.component).card(card)
    })
}

/// A template that forgot the bleed draws a face of the wrong proportions; it would be
/// stretched to fit, so say so.
fn proportion_warning(face: &Face, tree: &usvg::Tree) -> Option<String> {
    let bleed = face.bleed;
    let want = (face.size.width_mm + 2.0 * bleed) / (face.size.height_mm + 2.0 * bleed);
    let got = tree.size().width() / tree.size().height();
    ((want - got).abs() / want > 0.01).then(|| {
        format!(
            "{}/{} {}: the SVG is {:.1} × {:.1} px, not the proportions of the face with \
             bleed ({:.2} × {:.2} mm); it is stretched to fit",
            face.component,
            face.card,
            face.side.name(),
            tree.size().width(),
            tree.size().height(),
            face.size.width_mm + 2.0 * bleed,
            face.size.height_mm + 2.0 * bleed,
        )
    })
}
