//! The phases of one build, in the order they run: the sheets, with the rulebook typeset
//! beside them (it needs no sheet); then the kit, typeset while the index page's pictures are
//! drawn; then the index page. Typst is mostly one thread, so the other core draws.

use std::time::{Duration, Instant};

use crate::assemble::built::{BuildCache, Built, Prepared, Stopwatch};
use crate::assemble::finish::{NamedFiles, Sheets, sheet_pages};
use crate::assemble::parse::{ParseNotes, face_trees};
use crate::assemble::print::print_all;
use crate::assemble::sheet_cache::{KeysLater, print_kept};
use crate::check::manifest::CheckReport;
use crate::error::Result;
use crate::model::Game;
use crate::output::index::{
    FaceArt, FilePages, IndexArt, IndexInput, Look, Pool, ThumbCache, face_art, index_art,
    index_page,
};
use crate::output::report::{BuildReport, ComponentReport, FileReport, KitPages};
use crate::render::faces::Faces;
use crate::render::shaped::ParsedFace;
use crate::render::trees::FaceTrees;
use crate::rulebook::kit::{
    KIT_PDF, KitInput, RulesBook, RulesInput, build_date, kit_pdf, rules_pdf,
};
use crate::rulebook::typeset::TypesetCache;
use crate::text::fonts::Fonts;

/// Lays out, writes the PDFs, typesets the rulebook and kit, and checks the manifest.
pub(super) fn assemble_kit(prepared: Prepared, cache: Option<&BuildCache>) -> Result<Built> {
    let Prepared {
        game,
        fonts,
        faces,
        trees,
        mut warnings,
        mut timings,
    } = prepared;
    let mut clock = Stopwatch::start();
    let parsed = parse_notes(&game, &faces, &fonts, cache);
    let render = cache.and_then(|c| c.render.as_ref());
    let trees = face_trees(trees, &game, &faces, &fonts, render, &parsed);
    let date = build_date();
    let look = |i: usize, tree: &ParsedFace| parsed.look_for_thumb(i, &game, &faces.faces[i], tree);
    let thumbs = ThumbsBy::of(&parsed, &look);
    let FirstPhase {
        components,
        mut sheets,
        mut check,
        rulebook,
        rulebook_time,
        face_art,
        sheet_warnings,
        keys_later,
    } = sheets_and_rulebook(&game, &faces, &trees, &fonts, date, cache, thumbs)?;
    clock.lap("sheets and PDF", &mut timings);
    let_go_of_memoised(render.is_some(), &sheets.pdfs);
    first_phase_times(&mut timings, &trees, rulebook_time);
    let input = KitInput {
        game: &game,
        rules: rulebook.as_ref(),
        faces: &faces,
        fonts: &fonts,
        components: &components,
        check: check.as_ref(),
        sheet_pdfs: &sheets.pdfs,
        sheet_pages: &sheet_pages(&components, &sheets.plans),
        date,
        cache: cache.map(|c| &c.typeset),
    };
    let disk = cache.and_then(|c| c.disk.as_deref());
    let printer = (&game, &faces, &trees, &fonts);
    let later = keys_later
        .zip(disk)
        .map(|(keys, disk)| keys.later(printer, disk, &sheets.pdfs));
    let art: IndexArtOf = (face_art, &sheets.previews, thumbs);
    let (books, art) = kit_beside_index_art(&input, &trees, art, cache, later)?;
    parsed.look_at_waiting(&game, &faces, &trees);
    note_findings(&parsed, &mut warnings, &mut check, sheet_warnings);
    language_warnings(&game, &mut warnings)?;
    let (kit_pages, books_laid_out) = books.join(&mut sheets);
    clock.lap("kit", &mut timings);

    let report = build_report(&game, &faces, components, &mut sheets, kit_pages, warnings);
    let (index_html, mut extras) = index_files(&game, &faces, &report, check.as_ref(), art)?;
    extras.extend(sheets.cut_files);
    clock.lap("index page", &mut timings);
    let faces_parsed = trees.parses();
    let (text_laid_out_whole, first_laid_out_whole) = parsed.fell_back();
    // The trees borrow the game (to parse on demand); they go before it, on a thread of their
    // own while the files are written.
    trees.release_in_background();
    Ok(Built {
        game,
        pdfs: sheets.pdfs,
        report,
        index_html,
        extras,
        check,
        record: None,
        timings,
        faces_parsed,
        text_laid_out_whole,
        first_laid_out_whole,
        books_laid_out,
        disk_cache: None,
    })
}

/// What parsing the faces will find, kept in the build cache's `disk` when there is one.
///
/// In a game with rules, the faces the index page shows are looked at (their preflight) as
/// their thumbnails are drawn rather than as the sheets parse them ([`ParseNotes`]), and the
/// thumbnails start from the looks' renders. A build that typesets the rulebook draws the
/// thumbnails beside the kit, while Typst keeps one core and the other waits: the looks move
/// there from the sheets, the build's busiest stretch (Death to Decorum 0.18 → 0.17 s); one
/// whose rulebook comes from the cache draws them beside the sheets, where the looks were.
/// Without rules the thumbnails are drawn beside the sheets, and moving the looks only lets the
/// faces parsed ahead of them pile up (10,000 rich faces held 26 MB more).
fn parse_notes(
    game: &Game,
    faces: &Faces,
    fonts: &Fonts,
    cache: Option<&BuildCache>,
) -> ParseNotes {
    let rules = crate::render::rules::rules_path(game);
    let from_looks = game.project.is_file(&rules);
    let shown = crate::output::index::shown_faces(faces);
    ParseNotes::kept_in(cache.and_then(|c| c.disk.clone()), fonts, shown, from_looks)
}

/// What the kit's language lacks in its catalogue (printed in English instead), and its
/// translations that are stale or unconfirmed, into the build's warnings.
fn language_warnings(game: &Game, warnings: &mut Vec<String>) -> Result<()> {
    warnings.extend(game.catalogue.warnings().iter().cloned());
    let first = game.langs.all.first().map_or("", String::as_str);
    let translations = crate::model::translations::status(game)?;
    warnings.extend(translations.stale.iter().map(|s| s.message(first)));
    warnings.extend(translations.unconfirmed_warning(&game.langs.current));
    Ok(())
}

/// What parsing the faces found (faces of the wrong proportions, the preflight, which goes
/// into the manifest check too), then what the sheets warned of, into the build's warnings.
fn note_findings(
    parsed: &ParseNotes,
    warnings: &mut Vec<String>,
    check: &mut Option<CheckReport>,
    sheet_warnings: Vec<String>,
) {
    warnings.extend(parsed.warnings());
    parsed.keep_notes();
    let preflight = parsed.preflight();
    warnings.extend(preflight.warnings());
    if let Some(check) = check {
        check.preflight = Some(preflight);
    }
    warnings.extend(sheet_warnings);
}

/// `build.json`'s report: the game, its components, the files written (the sheets' printed
/// sides and cut files taken from `sheets`) and the kit's pages.
fn build_report(
    game: &Game,
    faces: &Faces,
    components: Vec<ComponentReport>,
    sheets: &mut Sheets,
    kit: KitPages,
    warnings: Vec<String>,
) -> BuildReport {
    let print = &game.file.print;
    BuildReport {
        game: game.id.clone(),
        name: game.file.name.to_string(),
        revision: game.file.revision.clone(),
        paper: print.paper,
        components,
        unique_faces: faces.faces.len(),
        files: std::mem::take(&mut sheets.files),
        kit,
        warnings,
        layout: print.layout,
        cut_files: sheets
            .cut_files
            .iter()
            .map(|(name, _)| name.clone())
            .collect(),
        sheet_pages: std::mem::take(&mut sheets.pages),
    }
}

/// The kit, typeset beside the index page's pictures: Typst is mostly one thread, so the
/// page previews (and the face sprites, unless made beside the sheets) take the other core.
/// Their time is counted under "kit" (face sprites made beside the sheets, under none). A
/// picture's error comes after the kit's, wherever the face sprites were made. `later` (the
/// sheet files' keys, still to be found) runs beside both, taking what they leave of the cores.
fn kit_beside_index_art<'a>(
    input: &KitInput<'a>,
    trees: &'a FaceTrees<'a>,
    (faces, previews, thumbs): IndexArtOf<'a, '_>,
    cache: Option<&'a BuildCache>,
    later: Option<impl FnOnce() + Send>,
) -> Result<(Books, IndexArt)> {
    let art = || {
        let faces = match faces {
            Some(faces) => faces?,
            None => face_art(
                input.faces,
                trees,
                thumb_cache(cache, thumbs.notes),
                Some(thumbs.look),
                Pool::Shared,
            )?,
        };
        index_art(faces, previews)
    };
    let (kit, art) = std::thread::scope(|scope| {
        if let Some(later) = later {
            scope.spawn(|| {
                crate::sync::lower_this_thread();
                later();
            });
        }
        rayon::join(|| kit_and_rules(input), art)
    });
    Ok((kit?, art?))
}

/// What the index page's pictures are made of after the sheets: the face sprites, when made
/// beside them; the sheets' pages to preview; and the look that draws a face's thumbnail
/// from its preflight (`ParseNotes::look_for_thumb`).
type IndexArtOf<'a, 'p> = (Option<Result<FaceArt<'a>>>, &'p [FilePages], ThumbsBy<'a>);

/// How the faces' thumbnails are drawn and kept: from the faces' looks (what parsing them
/// found, `notes`, and `look`, which draws a face's thumbnail from its look), under the
/// notes' name for them.
#[derive(Clone, Copy)]
struct ThumbsBy<'a> {
    notes: &'a ParseNotes,
    look: &'a Look<'a>,
}

impl<'a> ThumbsBy<'a> {
    fn of(notes: &'a ParseNotes, look: &'a Look<'a>) -> ThumbsBy<'a> {
        ThumbsBy { notes, look }
    }
}

/// The times of the work beside the sheets, after theirs: the faces parsed while the sheets
/// waited for them moved out of the sheets' own time, then those parsed ahead of them and
/// the rulebook.
fn first_phase_times(
    timings: &mut Vec<(&'static str, Duration)>,
    trees: &FaceTrees,
    rulebook: Duration,
) {
    split_parsing(timings, trees.parsing_time());
    timings.push(("SVG parsing, beside the sheets", trees.parsing_ahead_time()));
    timings.push(("rulebook, beside the sheets", rulebook));
}

/// The session's thumbnails, with the name of the fonts the faces are set in.
fn thumb_cache<'a>(
    cache: Option<&'a BuildCache>,
    notes: &'a ParseNotes,
) -> Option<(&'a ThumbCache, &'a str)> {
    cache.map(|c| (&c.thumbs, notes.thumbs_name()))
}

/// Sheet PDFs past this many bytes in all make a build large enough to let go of the memoised
/// work before its kit ([`let_go_of_memoised`]).
const LARGE_SHEETS: usize = 8 << 20;

/// In a one-shot build (no session keeps its work for the next) of large sheets, lets go of
/// what krilla and Typst memoised, every deflated stream of the sheets among it, before the
/// kit, the build's peak (10,000 rich faces: 36 MB). Small games keep it: the kit reuses the
/// rulebook's fonts and words (10 ms of Death to Decorum's 0.2 s).
fn let_go_of_memoised(in_session: bool, sheet_pdfs: &[(String, Vec<u8>)]) {
    let bytes: usize = sheet_pdfs.iter().map(|(_, b)| b.len()).sum();
    if !in_session && bytes > LARGE_SHEETS {
        typst::comemo::evict(0);
    }
}

/// What the sheets and the work beside them made.
struct FirstPhase<'a> {
    components: Vec<ComponentReport>,
    sheets: Sheets,
    check: Option<CheckReport>,
    rulebook: Option<RulesBook>,
    rulebook_time: Duration,
    /// The index page's face sprites, when made beside the sheets (their error, if any, is
    /// told after the kit's).
    face_art: Option<Result<FaceArt<'a>>>,
    sheet_warnings: Vec<String>,
    /// The sheet files' keys in the build cache, when they are still to be found.
    keys_later: Option<KeysLater>,
}

/// The sheets, and beside them the rulebook (it needs no sheet) and then the index page's
/// face sprites (nor do they), on the core the rulebook leaves free: unless Typst laid the
/// rulebook out now, which keeps that core busy as long as the sheets, while the kit's Typst
/// leaves the other core free later. Errors come in the order they came when all ran one after
/// the other: a face's or a sheet's, the manifest's, then the rulebook's.
fn sheets_and_rulebook<'a>(
    game: &'a Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    date: (i32, u8, u8),
    cache: Option<&'a BuildCache>,
    thumbs: ThumbsBy<'a>,
) -> Result<FirstPhase<'a>> {
    let typeset = cache.map(|c| &c.typeset);
    let (early, printed) = rayon::join(
        || -> Result<_> {
            let book = rulebook(game, faces, trees, fonts, date, typeset)?;
            let laid_now = book.0.as_ref().is_some_and(|b| b.laid_now);
            let cache = thumb_cache(cache, thumbs.notes);
            let art = (!laid_now)
                .then(|| face_art(faces, trees, cache, Some(thumbs.look), Pool::Shunned));
            Ok((book, art))
        },
        || {
            let mut sheet_warnings = Vec::new();
            let printed = match cache.and_then(|c| c.disk.as_deref()) {
                Some(disk) => print_kept(game, faces, trees, fonts, disk, &mut sheet_warnings),
                None => trees
                    .parsing_ahead(|| {
                        print_all(game, faces, trees, fonts, &|_| false, &mut sheet_warnings)
                    })
                    .map(|(components, sheets)| (components, sheets, None)),
            };
            printed.map(|p| (p, sheet_warnings))
        },
    );
    let ((components, sheets, keys_later), sheet_warnings) = printed?;
    // A face the sheets did not parse (its file taken from the cache) is not parsed to be
    // noted when the cache kept what an earlier build's parse of it found.
    trees.finish_except(|i| thumbs.notes.note_kept(i, game, &faces.faces[i]))?;
    let check = crate::check::manifest::check_game(game, Some(faces))?;
    let ((rulebook, rulebook_time), face_art) = early?;
    Ok(FirstPhase {
        components,
        sheets,
        check,
        rulebook,
        rulebook_time,
        face_art,
        sheet_warnings,
        keys_later,
    })
}

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

/// `rules.pdf` (when the game has rules) and `kit.pdf`, with their reports, and which of them
/// Typst laid out in this build.
struct Books {
    pdfs: Vec<(String, Vec<u8>)>,
    files: Vec<FileReport>,
    pages: KitPages,
    laid_out: Vec<&'static str>,
}

impl Books {
    /// Puts the books' files among the sheets', giving back how the kit's pages divide and
    /// which books Typst laid out.
    fn join(self, sheets: &mut Sheets) -> (KitPages, Vec<&'static str>) {
        sheets.pdfs.extend(self.pdfs);
        sheets.files.extend(self.files);
        (self.pages, self.laid_out)
    }
}

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
    let kit = kit_pdf(input)?;
    let mut pdfs = Vec::new();
    let mut files = Vec::new();
    let mut laid = Vec::new();
    if let Some(RulesBook {
        pdf,
        pages,
        laid_now,
        ..
    }) = input.rules
    {
        if *laid_now {
            laid.push("rules.pdf");
        }
        files.push(FileReport {
            file: "rules.pdf".to_owned(),
            pages: *pages,
            bytes: pdf.len(),
        });
        pdfs.push(("rules.pdf".to_owned(), pdf.clone()));
    }
    files.push(FileReport {
        file: KIT_PDF.to_owned(),
        pages: kit.count.total,
        bytes: kit.pdf.len(),
    });
    if kit.laid_now {
        laid.push(KIT_PDF);
    }
    pdfs.push((KIT_PDF.to_owned(), kit.pdf));
    Ok(Books {
        pdfs,
        files,
        pages: kit.count.pages(),
        laid_out: laid,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing_time_moves_out_of_the_sheets_line() {
        let sheets = Duration::from_millis(500);
        let mut timings = vec![
            ("load", Duration::from_millis(10)),
            ("sheets and PDF", sheets),
        ];
        split_parsing(&mut timings, Duration::from_millis(200));
        assert_eq!(
            timings,
            [
                ("load", Duration::from_millis(10)),
                ("SVG parsing", Duration::from_millis(200)),
                ("sheets and PDF", Duration::from_millis(300)),
            ]
        );
        let before = timings.clone();
        split_parsing(&mut timings, Duration::ZERO);
        assert_eq!(timings, before);
    }
}
