//! The sheet PDFs, kept whole in the command line's build cache for the next build.
//!
//! A rebuild redrew every sheet and parsed every face to do it, though most builds change a
//! rule, a card or nothing. A sheet PDF is one krilla document: its fonts are subset for the
//! whole of it, so a page or a face's form cannot be taken from one document into another
//! unchanged, but a whole file can. Its key must cover everything drawn into it without
//! drawing it: the sheets are first written dry ([`SheetWriter::dry`]), which costs the layout
//! and the marks but no face: a face is an empty form of its size, or on a card grid a note of
//! where it lands, and the writer's own text is noted rather than drawn. That document, its
//! notes and the faces drawn into it, in order, by their content hash and size, with the fonts
//! they are set in, are the key: whatever the real document holds is in the dry one or its
//! notes (where each face lands, the marks, the words of the labels) or follows from a face's
//! content (where its revision stamp fits, which the dry pass does not look for). A file found under its key is taken
//! whole; the files not found are drawn again, parsing only their faces. The dry pass lays out
//! as the real one (a board's tiling, the one layout that looks into a face, parses that face
//! in either), so the pages, previews and reports of a file taken whole are its own.
//!
//! [`SheetWriter::dry`]: crate::pdf::sheets::SheetWriter::dry

use std::collections::{BTreeMap, BTreeSet, HashSet};

use sha2::{Digest, Sha256};

use super::finish::{PDF_FILES, Sheets};
use super::print::print_all;
use crate::error::Result;
use crate::model::Game;
use crate::output::cache::{DiskCache, Entry};
use crate::output::report::ComponentReport;
use crate::render::faces::{Face, Faces};
use crate::render::trees::FaceTrees;
use crate::text::fonts::Fonts;

/// The sheets as [`print_all`] prints them, each file taken whole from `disk` when an earlier
/// build wrote the same document; the others drawn, beside a thread parsing their faces
/// ahead. With them, when every file was drawn, the dry pass still owed for their keys.
///
/// The dry pass that finds the keys costs a large deck a fifth of its sheets, so nothing waits
/// for it that need not. When no file can come from the cache (the first build, or every file
/// the last one wrote surely changed: a face it drew is gone), all are drawn at once and the
/// keys found later, beside the kit ([`KeysLater`]). When some surely changed, those are drawn
/// at once while the dry pass runs beside them. Any other file its key finds changed is drawn
/// after it.
pub(super) fn print_kept<'a>(
    game: &'a Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    disk: &DiskCache,
    warnings: &mut Vec<String>,
) -> Result<(Vec<ComponentReport>, Sheets, Option<KeysLater>)> {
    let printer = Printer {
        game,
        faces,
        trees,
        fonts,
    };
    let earlier = Drawn::read(disk);
    let now: HashSet<&str> = faces.faces.iter().map(|f| f.hash.as_str()).collect();
    let changed = earlier.as_ref().map(|e| e.changed(&now));
    // Nothing known of the last build, or every file it wrote surely changed.
    let none_reusable = match (&earlier, &changed) {
        (Some(earlier), Some(changed)) => earlier.all_in(changed),
        _ => true,
    };
    if none_reusable {
        let ((components, sheets), warned) = printer.print(&|_| true)?;
        warnings.extend(warned);
        return Ok((components, sheets, Some(KeysLater { earlier })));
    }
    let (earlier, changed) = (earlier.unwrap_or_default(), changed.unwrap_or_default());
    let (first, ((components, dry), dry_warnings)) = printer.first_pass(&earlier, &changed)?;
    Drawn::of(&dry, faces).keep(disk, Some(&earlier));
    let keys = keys(&dry, faces, fonts);
    // A file drawn in the first pass is not looked up (`changed` is empty without one).
    let is_changed = |name: &str| changed.contains(&name);
    let kept: Vec<Option<Vec<u8>>> = (keys.iter())
        .map(|(name, key)| match is_changed(name) {
            true => None,
            false => disk.get(Entry::Sheet, key, Some),
        })
        .collect();
    let missed: Vec<&str> = (keys.iter().zip(&kept))
        .filter(|((name, _), kept)| kept.is_none() && !is_changed(name))
        .map(|((name, _), _)| name.as_str())
        .collect();
    let sheets = match (first, missed.is_empty()) {
        (None, true) => {
            warnings.extend(dry_warnings);
            dry
        }
        (Some((first, warned)), true) => {
            warnings.extend(warned);
            first
        }
        (first, false) => {
            let first = first.map(|(sheets, _)| (sheets, &changed[..]));
            printer.second_pass(&dry, &missed, first, warnings)?
        }
    };
    for (name, key) in &keys {
        if let Some((_, pdf)) = sheets.pdfs.iter().find(|(n, _)| n == name)
            && (is_changed(name) || missed.contains(&name.as_str()))
        {
            disk.put_written(Entry::Sheet, key, name, pdf);
        }
    }
    let kept = keys.into_iter().map(|(name, _)| name).zip(kept);
    Ok((components, with_kept(sheets, kept), None))
}

/// The keys of sheet files drawn without waiting for them: the dry pass owed, run when the
/// kit is typeset (on a core it leaves free), then each file kept under its key.
pub(super) struct KeysLater {
    earlier: Option<Drawn>,
}

impl KeysLater {
    /// [`KeysLater::keep`], to run later (beside the kit).
    pub(super) fn later<'a>(
        self,
        printer: (&'a Game, &'a Faces, &'a FaceTrees<'a>, &'a Fonts),
        disk: &'a DiskCache,
        pdfs: &'a [(String, Vec<u8>)],
    ) -> impl FnOnce() + Send + 'a {
        move || self.keep(printer, disk, pdfs)
    }

    /// Runs the dry pass of `game`'s sheets and keeps each of `pdfs` (the files as drawn) under
    /// its key. A dry pass that fails keeps nothing: the files are only not cached.
    pub(super) fn keep(
        self,
        (game, faces, trees, fonts): (&Game, &Faces, &FaceTrees, &Fonts),
        disk: &DiskCache,
        pdfs: &[(String, Vec<u8>)],
    ) {
        let printer = Printer {
            game,
            faces,
            trees,
            fonts,
        };
        let Ok(((_, dry), _)) = printer.print_dry() else {
            return;
        };
        Drawn::of(&dry, faces).keep(disk, self.earlier.as_ref());
        for (name, key) in keys(&dry, faces, fonts) {
            if let Some((_, pdf)) = pdfs.iter().find(|(n, _)| *n == name) {
                disk.put_written(Entry::Sheet, &key, &name, pdf);
            }
        }
    }
}

/// Sheets printed, with what they warned of.
type Warned = (Sheets, Vec<String>);

/// The components' reports and the sheets of a pass, with what it warned of.
type Pass = ((Vec<ComponentReport>, Sheets), Vec<String>);

/// What every pass prints from.
struct Printer<'a> {
    game: &'a Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
}

impl Printer<'_> {
    /// The files `real` names printed for real, the rest dry, beside a thread parsing their
    /// faces ahead.
    fn print(&self, real: &(dyn Fn(&str) -> bool + Sync)) -> Result<Pass> {
        let mut warnings = Vec::new();
        let dry = |file: &str| !real(file);
        let (game, faces, trees, fonts) = (self.game, self.faces, self.trees, self.fonts);
        let printed =
            trees.parsing_ahead(|| print_all(game, faces, trees, fonts, &dry, &mut warnings))?;
        Ok((printed, warnings))
    }

    /// Every file dry, with the components' reports (a dry pass lays out as the real one).
    fn print_dry(&self) -> Result<Pass> {
        let mut warnings = Vec::new();
        let (game, faces, trees, fonts) = (self.game, self.faces, self.trees, self.fonts);
        let printed = print_all(game, faces, trees, fonts, &|_| true, &mut warnings)?;
        Ok((printed, warnings))
    }

    /// The dry pass, and beside it the files that surely `changed` drawn for real (none when
    /// none did).
    fn first_pass(&self, earlier: &Drawn, changed: &[&str]) -> Result<(Option<Warned>, Pass)> {
        if changed.is_empty() {
            return Ok((None, self.print_dry()?));
        }
        self.trees
            .expect_draws(&earlier.draws(self.game, self.faces, changed));
        // The dry pass on a thread of its own at a lower priority: the changed files and the
        // parsing ahead of them are the build's longest path, and it takes the time they leave.
        let (first, dry) = std::thread::scope(|scope| {
            let dry = scope.spawn(|| {
                crate::sync::lower_this_thread();
                self.print_dry()
            });
            let first = self.print(&|file| changed.contains(&file));
            (first, dry.join())
        });
        // The real pass's error first: it parses faces, and a face that does not parse is the
        // error a build without the cache shows.
        let ((_, first), warned) = first?;
        let dry = dry.unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
        Ok((Some((first, warned)), dry))
    }

    /// The files `missed` drawn after the dry pass, with the files the `first` pass drew (and
    /// which they are) put in place of their dry ones.
    fn second_pass(
        &self,
        dry: &Sheets,
        missed: &[&str],
        first: Option<(Sheets, &[&str])>,
        warnings: &mut Vec<String>,
    ) -> Result<Sheets> {
        let faces = self.faces.faces.len();
        self.trees.expect_draws(&draws(dry, missed, faces));
        let ((_, mut sheets), warned) = self.print(&|file| missed.contains(&file))?;
        warnings.extend(warned);
        if let Some((first, drawn)) = first {
            take_drawn(&mut sheets, first, drawn);
        }
        Ok(sheets)
    }
}

/// Each sheet file's name and key, from its dry pass.
fn keys(dry: &Sheets, faces: &Faces, fonts: &Fonts) -> Vec<(String, String)> {
    (dry.pdfs.iter().zip(&dry.drawn).zip(&dry.noted))
        .map(|(((name, pdf), drawn), noted)| {
            let key = sheet_key([pdf, noted], drawn, &faces.faces, &fonts.digest);
            (name.clone(), key)
        })
        .collect()
}

/// Moves into `sheets` the PDFs of `from` named in `take`, with their reports.
fn take_drawn(sheets: &mut Sheets, from: Sheets, take: &[&str]) {
    for ((name, pdf), file) in from.pdfs.into_iter().zip(from.files) {
        if !take.contains(&name.as_str()) {
            continue;
        }
        if let Some(i) = sheets.pdfs.iter().position(|(n, _)| *n == name) {
            sheets.files[i] = file;
            sheets.pdfs[i].1 = pdf;
        }
    }
}

/// `sheets` with the PDFs found in the cache, by name, in place of their dry ones.
fn with_kept(mut sheets: Sheets, kept: impl Iterator<Item = (String, Option<Vec<u8>>)>) -> Sheets {
    for (name, kept) in kept {
        let at = sheets.pdfs.iter().position(|(n, _)| *n == name);
        if let (Some(i), Some(pdf)) = (at, kept) {
            sheets.files[i].bytes = pdf.len();
            sheets.pdfs[i].1 = pdf;
        }
    }
    sheets
}

/// How many times the files `missed` draw each face, as the dry pass found.
fn draws(dry: &Sheets, missed: &[&str], faces: usize) -> Vec<u32> {
    let mut draws = vec![0u32; faces];
    for ((name, _), drawn) in dry.pdfs.iter().zip(&dry.drawn) {
        if missed.contains(&name.as_str()) {
            for &f in drawn {
                draws[f] = draws[f].saturating_add(1);
            }
        }
    }
    draws
}

/// The content hashes of the faces each sheet PDF drew, by file: kept for the next build to
/// tell a file that surely changed.
#[derive(Default, PartialEq, serde::Serialize, serde::Deserialize)]
struct Drawn(BTreeMap<String, BTreeSet<String>>);

/// The entry's key: one per kit.
const DRAWN_KEY: &str = "faces drawn";

impl Drawn {
    /// What the last build drew, when it is known.
    fn read(disk: &DiskCache) -> Option<Drawn> {
        let decode = |bytes: Vec<u8>| serde_json::from_slice(&bytes).ok();
        disk.get(Entry::Drawn, DRAWN_KEY, decode)
    }

    /// What the dry sheets drew.
    fn of(dry: &Sheets, faces: &Faces) -> Drawn {
        let files = (dry.pdfs.iter().zip(&dry.drawn)).map(|((name, _), drawn)| {
            let hashes = drawn.iter().map(|&f| faces.faces[f].hash.clone());
            (name.clone(), hashes.collect())
        });
        Drawn(files.collect())
    }

    /// Keeps these for the next build, unless they are the last build's.
    fn keep(&self, disk: &DiskCache, earlier: Option<&Drawn>) {
        if earlier == Some(self) {
            return;
        }
        if let Ok(bytes) = serde_json::to_vec(self) {
            disk.put(Entry::Drawn, DRAWN_KEY, &bytes);
        }
    }

    /// Whether every file the last build wrote is among `changed`: then none can come from
    /// the cache.
    fn all_in(&self, changed: &[&str]) -> bool {
        self.0.keys().all(|file| changed.contains(&file.as_str()))
    }

    /// The files of the last build that surely changed since: each that drew a face whose
    /// hash is not among the faces `now`.
    fn changed(&self, now: &HashSet<&str>) -> Vec<&'static str> {
        PDF_FILES
            .into_iter()
            .filter(|file| {
                self.0
                    .get(*file)
                    .is_some_and(|drawn| drawn.iter().any(|h| !now.contains(h.as_str())))
            })
            .collect()
    }

    /// How many times the decks draw each face, but none for a face the last build drew only
    /// into files that did not change: the thread parsing ahead leaves those out.
    fn draws(&self, game: &Game, faces: &Faces, changed: &[&str]) -> Vec<u32> {
        let drawn_in = |in_changed: bool| -> HashSet<&str> {
            (self.0.iter())
                .filter(|(file, _)| changed.contains(&file.as_str()) == in_changed)
                .flat_map(|(_, drawn)| drawn.iter().map(String::as_str))
                .collect()
        };
        let (in_changed, elsewhere) = (drawn_in(true), drawn_in(false));
        let mut draws = super::parse::draws(game, faces);
        for (face, n) in faces.faces.iter().zip(&mut draws) {
            let hash = face.hash.as_str();
            if elsewhere.contains(hash) && !in_changed.contains(hash) {
                *n = 0;
            }
        }
        draws
    }
}

/// The key of a sheet PDF: its dry document and the text it noted, each face drawn into it
/// in order (its content hash, which covers the art it links, and its size and bleed, which
/// size its form) and the fonts the faces are set in.
fn sheet_key(dry: [&[u8]; 2], drawn: &[usize], faces: &[Face], fonts: &str) -> String {
    let mut h = Sha256::new();
    h.update(fonts.as_bytes());
    for part in dry {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    for &f in drawn {
        let face = &faces[f];
        h.update(face.hash.as_bytes());
        for n in [face.size.width_mm, face.size.height_mm, face.bleed] {
            h.update(n.to_bits().to_le_bytes());
        }
    }
    crate::digest::hex(&h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::report::FileReport;

    fn drawn(files: &[(&str, &[&str])]) -> Drawn {
        let set = |hashes: &[&str]| hashes.iter().map(|h| h.to_string()).collect();
        Drawn(files.iter().map(|(f, h)| (f.to_string(), set(h))).collect())
    }

    #[test]
    fn a_file_surely_changed_when_a_face_it_drew_is_gone() {
        let earlier = drawn(&[("cards.pdf", &["a", "b"]), ("tokens.pdf", &["c"])]);
        let now = HashSet::from(["a", "c", "new"]);
        assert_eq!(earlier.changed(&now), ["cards.pdf"]);
        assert!(!earlier.all_in(&["cards.pdf"]));
        assert!(earlier.all_in(&["cards.pdf", "tokens.pdf"]));
        // A file it did not write is not changed: whether it prints now, the dry pass tells.
        let cards_only = drawn(&[("cards.pdf", &["a"])]);
        assert!(cards_only.changed(&now).is_empty());
        assert!(!cards_only.all_in(&[]));
        assert!(
            Drawn::default().all_in(&[]),
            "nothing written: nothing to take"
        );
    }

    fn sheets(files: &[(&str, &[u8])]) -> Sheets {
        Sheets {
            pdfs: files
                .iter()
                .map(|(n, b)| (n.to_string(), b.to_vec()))
                .collect(),
            pages: Vec::new(),
            files: (files.iter())
                .map(|(n, b)| FileReport {
                    file: n.to_string(),
                    pages: 1,
                    bytes: b.len(),
                })
                .collect(),
            plans: Vec::new(),
            previews: Vec::new(),
            cut_files: Vec::new(),
            drawn: Vec::new(),
            noted: Vec::new(),
        }
    }

    #[test]
    fn files_from_the_cache_and_the_first_pass_take_the_places_named() {
        let dry = sheets(&[("cards.pdf", b"dry"), ("tokens.pdf", b"dry")]);
        let kept = [("tokens.pdf".to_owned(), Some(b"kept tokens".to_vec()))];
        let mut got = with_kept(dry, kept.into_iter());
        assert_eq!(got.pdfs[0].1, b"dry");
        assert_eq!(got.pdfs[1].1, b"kept tokens");
        assert_eq!(got.files[1].bytes, 11);
        let first = sheets(&[("cards.pdf", b"real cards"), ("tokens.pdf", b"dry again")]);
        take_drawn(&mut got, first, &["cards.pdf"]);
        assert_eq!(got.pdfs[0].1, b"real cards");
        assert_eq!(got.files[0].bytes, 10);
        assert_eq!(
            got.pdfs[1].1, b"kept tokens",
            "a file not drawn first stays"
        );
    }
}
