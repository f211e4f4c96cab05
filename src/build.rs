//! The build pipeline of one game: load, render faces, parse, impose, write.
//!
//! Each step is its own module; this one only sequences them and decides what is written.
//! Nothing is written until every step has succeeded, so a broken input never replaces the
//! last good output.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::faces::{self, Faces};
use crate::fonts::Fonts;
use crate::imposition::Grid;
use crate::model::Game;
use crate::output::write_atomic;
use crate::print::Paper;
use crate::report::{BuildReport, ComponentReport, FileReport};
use crate::sheets::{DeckSheets, SheetWriter};
use crate::templates::Templates;
use crate::textfit::{Icons, TextEngine};
use std::sync::Arc;

/// Choices from the command line that override the game's own.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// Paper for every game, instead of each game's print profile.
    pub paper: Option<Paper>,
    /// Output root; each game goes to `<out>/<game>/`.
    pub out_dir: PathBuf,
}

/// What one game's build wrote.
#[derive(Debug, Clone)]
pub struct BuildOutcome {
    pub report: BuildReport,
    pub files: Vec<PathBuf>,
}

/// The games of a project: every directory under `data/` holding a `game.yaml`, sorted.
pub fn discover_games(root: &Path) -> Result<Vec<String>> {
    let data = root.join("data");
    let entries = std::fs::read_dir(&data).map_err(|e| {
        Error::io(Path::new("data"), &e).help("run protopress from the project directory")
    })?;
    let mut games: Vec<String> = entries
        .flatten()
        .filter(|e| e.path().join("game.yaml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    games.sort();
    Ok(games)
}

/// Everything a build computes before writing: the PDF bytes and the report.
pub struct Built {
    pub game: Game,
    pub cards_pdf: Vec<u8>,
    pub report: BuildReport,
    /// Wall time of each stage, for `--verbose` and the benchmark (never in build.json,
    /// which must not change between identical builds).
    pub timings: Vec<(&'static str, Duration)>,
}

/// Runs the whole pipeline for `id` in memory.
pub fn build_in_memory(root: &Path, id: &str, opts: &BuildOptions) -> Result<Built> {
    let mut timings = Vec::new();
    let mut clock = Instant::now();
    let mut lap = |name: &'static str, timings: &mut Vec<(&'static str, Duration)>| {
        timings.push((name, clock.elapsed()));
        clock = Instant::now();
    };
    let mut game = Game::load(root, id)?;
    if let Some(paper) = opts.paper {
        game.file.print.paper = paper;
    }
    let fonts = Fonts::load(&[&root.join("fonts"), &game.data_dir().join("fonts")])
        .map_err(|e| e.game(id))?;
    let icons = Icons::load(root, id).map_err(|e| e.game(id))?;
    let engine = Arc::new(TextEngine::new(
        fonts.db.clone(),
        icons,
        game.file.print.text_overflow,
    ));
    let templates = Templates::load(root, id, Arc::clone(&engine)).map_err(|e| e.game(id))?;
    lap("load", &mut timings);
    let faces = faces::render(&game, &templates)?;
    let mut warnings = engine.take_warnings();
    lap("templates and text fitting", &mut timings);
    let trees = parse_faces(&game, &faces, &fonts, &mut warnings)?;
    lap("SVG parsing", &mut timings);

    let print = &game.file.print;
    let mut writer = SheetWriter::new(&faces.faces, &trees, &fonts.label)?;
    let mut components = Vec::new();
    for deck in &faces.decks {
        let comp = &game.components[deck.component];
        let spec = &comp.spec;
        let grid = Grid::new(print.paper, spec.size, print.bleed_mm, print.gutter_mm)
            .map_err(|e| e.game(id).component(&spec.id))?;
        if grid.band.is_none() {
            warnings.push(format!(
                "{}: no room for the check ruler on its sheets",
                spec.id
            ));
        }
        let pages = writer.add_deck(&DeckSheets {
            title: format!("{} · {}", game.file.name, spec.name),
            revision: &game.file.revision,
            grid: grid.clone(),
            copies: &deck.copies,
            print,
        });
        components.push(ComponentReport {
            id: spec.id.clone(),
            name: spec.name.clone(),
            kind: "cards".to_owned(),
            size: spec.size,
            cards: comp.cards.len(),
            copies: comp.copies(),
            unique_faces: deck.unique_faces,
            sheets: pages.sheets,
            file: "cards.pdf".to_owned(),
            pages: pages.pages,
            grid: format!("{} × {}", grid.cols, grid.rows),
        });
    }
    let page_count = writer.page_count();
    let cards_pdf = writer.finish().map_err(|e| e.game(id))?;
    lap("sheets and PDF", &mut timings);
    let report = BuildReport {
        game: id.to_owned(),
        name: game.file.name.clone(),
        revision: game.file.revision.clone(),
        paper: print.paper,
        components,
        unique_faces: faces.faces.len(),
        files: vec![FileReport {
            file: "cards.pdf".to_owned(),
            pages: page_count,
            bytes: cards_pdf.len(),
        }],
        warnings,
    };
    Ok(Built {
        game,
        cards_pdf,
        report,
        timings,
    })
}

/// Builds `id` and writes its files under `opts.out_dir/<id>/`.
pub fn build_game(root: &Path, id: &str, opts: &BuildOptions) -> Result<BuildOutcome> {
    let built = build_in_memory(root, id, opts)?;
    let dir = opts.out_dir.join(id);
    let cards = dir.join("cards.pdf");
    let json = dir.join("build.json");
    write_atomic(&cards, &built.cards_pdf)?;
    write_atomic(&json, built.report.to_json().as_bytes())?;
    Ok(BuildOutcome {
        report: built.report,
        files: vec![cards, json],
    })
}

/// Parses every face in parallel; errors name the component, card and side.
fn parse_faces(
    game: &Game,
    faces: &Faces,
    fonts: &Fonts,
    warnings: &mut Vec<String>,
) -> Result<Vec<usvg::Tree>> {
    let base = game.template_dir();
    let root = &game.root;
    let trees: Vec<Result<usvg::Tree>> = faces
        .faces
        .par_iter()
        .map(|face| {
            crate::svg::parse(&face.svg, fonts, root, &base).map_err(|e| {
                let card = format!("{} ({})", face.card, face.side);
                e.game(&game.id).component(&face.component).card(card)
            })
        })
        .collect();
    let trees: Vec<usvg::Tree> = trees.into_iter().collect::<Result<_>>()?;
    for (face, tree) in faces.faces.iter().zip(&trees) {
        // A template that forgot the bleed draws a face of the wrong proportions; it would be
        // stretched to fit, so say so.
        let bleed = game.file.print.bleed_mm;
        let want = (face.size.width_mm + 2.0 * bleed) / (face.size.height_mm + 2.0 * bleed);
        let got = tree.size().width() / tree.size().height();
        if (want - got).abs() / want > 0.01 {
            warnings.push(format!(
                "{}/{} {}: the SVG is {:.1} × {:.1} px, not the proportions of the face with \
                 bleed ({:.2} × {:.2} mm); it is stretched to fit",
                face.component,
                face.card,
                face.side,
                tree.size().width(),
                tree.size().height(),
                face.size.width_mm + 2.0 * bleed,
                face.size.height_mm + 2.0 * bleed,
            ));
        }
    }
    Ok(trees)
}
