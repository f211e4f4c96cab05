//! The session a command builds with: the project, the command line's choices and, for
//! `watch` and `serve`, what one build leaves the next; and its entry points, from loading a
//! game and rendering its faces ([`Session::prepare`]) to writing its kit
//! ([`Session::build_game`]).

use std::sync::Arc;

use crate::assemble::built::{BuildCache, BuildOptions, BuildOutcome, Built, Prepared, Stopwatch};
use crate::assemble::parse::parse_faces;
use crate::assemble::phases::assemble_kit;
use crate::assemble::renders_cache::KeptRenders;
use crate::assemble::write::write_built;
use crate::error::{Error, Result};
use crate::model::Game;
use crate::output::cache::DiskCache;
use crate::output::record::record_of;
use crate::project::Project;
use crate::render::Renderer;
use crate::render::faces;
use crate::render::render_cache::RenderCache;

/// One build session: the project, the command line's choices and, for `watch` and `serve`,
/// what one build leaves the next.
pub struct Session {
    project: Project,
    opts: BuildOptions,
    cache: Option<BuildCache>,
    /// Whether each kit's build keeps what is dear to remake in the output root's cache.
    on_disk: bool,
}

impl Session {
    /// A session for one-off builds: nothing is kept between them.
    pub fn new(project: &Project, opts: &BuildOptions) -> Session {
        Session {
            project: project.clone(),
            opts: opts.clone(),
            cache: None,
            on_disk: false,
        }
    }

    /// A session that keeps between builds what the next can reuse (faces, trees, typeset
    /// PDFs, thumbnails).
    pub fn with_cache(project: &Project, opts: &BuildOptions) -> Session {
        Session {
            cache: Some(BuildCache::in_memory()),
            ..Session::new(project, opts)
        }
    }

    /// A session for command-line builds that keeps typeset PDFs and thumbnails on disk, in
    /// `<out>/.cache/`, for the next process (see [`crate::output::cache`]).
    pub fn with_disk_cache(project: &Project, opts: &BuildOptions) -> Session {
        Session {
            on_disk: true,
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
        self.cache.as_ref().and_then(|c| c.render.as_ref())
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
        self.prepare_with(id, lang, |_| {}, Parse::Now, OnPaper::Unused)
    }

    /// [`Session::prepare_images_in`] without parsing the faces: the caller parses those it
    /// draws ([`Prepared::parse_where`]).
    pub fn prepare_unparsed_in(&self, id: &str, lang: Option<&str>) -> Result<Prepared> {
        self.prepare_adjusted_unparsed_in(id, lang, |_| {})
    }

    /// [`Session::prepare_unparsed_in`] taking the faces' renders from the kit's build cache
    /// under the session's output root, as its last build kept them, and leaving it as it is:
    /// an image export after a build fills in only the templates whose values or sources
    /// changed since.
    pub fn prepare_unparsed_from_kit_in(&self, id: &str, lang: Option<&str>) -> Result<Prepared> {
        let steps = Steps {
            parse: Parse::ByCaller,
            on_paper: OnPaper::Unused,
            renders: Renders::ReadFromKit,
        };
        Ok(self.prepare_for(id, lang, |_| {}, steps)?.0)
    }

    /// [`Session::prepare_unparsed_in`] with `adjust` applied to the loaded game before
    /// anything is rendered (an export drawing the faces with a print service's bleed).
    pub fn prepare_adjusted_unparsed_in(
        &self,
        id: &str,
        lang: Option<&str>,
        adjust: impl FnOnce(&mut Game),
    ) -> Result<Prepared> {
        self.prepare_with(id, lang, adjust, Parse::ByCaller, OnPaper::Unused)
    }

    fn prepare_with(
        &self,
        id: &str,
        lang: Option<&str>,
        adjust: impl FnOnce(&mut Game),
        parse: Parse,
        on_paper: OnPaper,
    ) -> Result<Prepared> {
        let steps = Steps {
            parse,
            on_paper,
            renders: Renders::Fresh,
        };
        Ok(self.prepare_for(id, lang, adjust, steps)?.0)
    }

    /// [`Session::prepare_with`] taking `steps`, the faces' renders taken from where
    /// `steps.renders` says; with the kit's disk cache when the renders are kept with the kit
    /// and the session keeps one.
    fn prepare_for(
        &self,
        id: &str,
        lang: Option<&str>,
        adjust: impl FnOnce(&mut Game),
        Steps {
            parse,
            on_paper,
            renders,
        }: Steps,
    ) -> Result<(Prepared, Option<Arc<DiskCache>>)> {
        let mut timings = Vec::new();
        let mut clock = Stopwatch::start();
        let mut game = Game::load_in(&self.project, id, lang)?;
        if let Some(paper) = self.opts.paper {
            game.file.print.paper = paper;
        }
        if let Some(layout) = self.opts.layout {
            game.override_layout(layout);
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
        let (read, disk) = match renders {
            Renders::Fresh => (None, None),
            Renders::ReadFromKit => (DiskCache::of_kit(&self.opts.out_dir, &game), None),
            Renders::KeptWithKit => (None, self.disk_cache(&game)),
        };
        clock.lap("load", &mut timings);
        let kept = read.as_ref().or(disk.as_deref()).map(KeptRenders::read);
        let cache = self.cache().or(kept.as_ref().map(|k| &k.cache));
        let faces = faces::render(&game, &templates, cache)?;
        if let (Some(kept), Some(disk)) = (kept, &disk) {
            kept.write_back(disk, &faces.faces);
        }
        let mut warnings = engine.take_warnings();
        clock.lap("templates and text fitting", &mut timings);
        let mut trees = Vec::new();
        if parse == Parse::Now {
            trees = parse_faces(&game, &faces, &fonts, &mut warnings, self.cache())?;
            warnings.extend(faces::art_warnings(&game, &faces, &trees));
            clock.lap("SVG parsing", &mut timings);
        }
        let prepared = Prepared {
            game,
            fonts,
            faces,
            trees,
            warnings,
            timings,
        };
        Ok((prepared, disk))
    }

    /// Runs the whole pipeline for `id` in memory.
    pub fn build_in_memory(&self, id: &str) -> Result<Built> {
        self.build_in_memory_in(id, None)
    }

    /// Runs the whole pipeline for `id` in `lang` in memory, with the kit's print record
    /// when the options ask for one.
    pub fn build_in_memory_in(&self, id: &str, lang: Option<&str>) -> Result<Built> {
        let steps = Steps {
            parse: Parse::WhileDrawing,
            on_paper: OnPaper::Printed,
            renders: Renders::KeptWithKit,
        };
        let (prepared, disk) = self.prepare_for(id, lang, |_| {}, steps)?;
        let record = match self.opts.mark_printed {
            true => Some(record_of(&prepared.game, &prepared.faces)?),
            false => None,
        };
        let on_disk = disk.as_ref().map(BuildCache::on_disk);
        let built = assemble_kit(prepared, self.cache.as_ref().or(on_disk.as_ref()))?;
        Ok(Built {
            record,
            disk_cache: disk,
            ..built
        })
    }

    /// The disk cache of `game`'s kit, named as its output folder is (by its language, for a
    /// game in several), when the session keeps one.
    fn disk_cache(&self, game: &Game) -> Option<Arc<DiskCache>> {
        if !self.on_disk {
            return None;
        }
        let disk = DiskCache::of_kit(&self.opts.out_dir, game)?;
        disk.start_staging();
        Some(Arc::new(disk))
    }

    /// Runs the whole pipeline for `id` in memory with `adjust` applied to the loaded game
    /// first (the ink measure builds each kit with `ink: normal` and `ink: saver`).
    pub fn build_adjusted(&self, id: &str, adjust: impl FnOnce(&mut Game)) -> Result<Built> {
        let prepared =
            self.prepare_with(id, None, adjust, Parse::WhileDrawing, OnPaper::Printed)?;
        assemble_kit(prepared, self.cache.as_ref())
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
    /// All before `prepare` returns (the exports that keep no images, reprints: they need
    /// every tree at once).
    Now,
    /// In batches as the sheets first draw them, each let go once drawn (builds).
    WhileDrawing,
    /// By the caller, only the faces it draws ([`Prepared::parse_where`]): an image export
    /// whose images the build cache kept.
    ByCaller,
}

/// How a game is prepared: when its faces are parsed, whether its pieces must fit the paper,
/// and where its faces' renders come from.
#[derive(Debug, Clone, Copy)]
struct Steps {
    parse: Parse,
    on_paper: OnPaper,
    renders: Renders,
}

/// Where the faces' renders come from, besides what a session keeps in memory.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Renders {
    /// Every template filled in now.
    Fresh,
    /// The kit's build cache under the output root, as the kit's last build kept them, left
    /// as it is (an image export).
    ReadFromKit,
    /// The kit's build cache, when the session keeps one, written back for the next build
    /// (the kit's own build).
    KeptWithKit,
}

/// Whether what is made from the faces goes on the game's paper.
#[derive(Debug, Clone, Copy, PartialEq)]
enum OnPaper {
    /// Sheets (builds, reprints): every piece must fit the paper.
    Printed,
    /// Images and one-card pages (exports).
    Unused,
}
