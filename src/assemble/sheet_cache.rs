//! The sheet PDFs, kept whole in the command line's build cache for the next build.
//!
//! A rebuild redrew every sheet and parsed every face to do it, though most builds change a
//! rule, a card or nothing. A sheet PDF is one krilla document: its fonts are subset for the
//! whole of it, so a page or a face's form cannot be taken from one document into another
//! unchanged, but a whole file can. Its key must cover everything drawn into it without
//! drawing it: the sheets are first written dry ([`SheetWriter::dry`]), every face an empty
//! form of its size, which costs the layout and the marks but no face. That document and the
//! faces drawn into it, in order, by their content hash and size, with the fonts they are set
//! in, are the key. A file found under its key is taken whole; the files not found are drawn
//! again, parsing only their faces, and the dry pass's layout is the real one (a board's tiling,
//! the one layout that looks into its face, is found from the face in either pass).
//!
//! [`SheetWriter::dry`]: crate::pdf::sheets::SheetWriter::dry

use std::collections::{BTreeMap, BTreeSet, HashSet};

use sha2::{Digest, Sha256};

use super::finish::{PDF_FILES, Sheets};
use super::phases::print_all;
use crate::error::Result;
use crate::model::Game;
use crate::output::cache::{DiskCache, Entry};
use crate::output::report::ComponentReport;
use crate::render::faces::{Face, Faces};
use crate::render::trees::FaceTrees;
use crate::text::fonts::Fonts;

/// The sheets as [`print_all`] prints them, each file taken whole from `disk` when an earlier
/// build wrote the same document; the others drawn, beside a thread parsing their faces
/// ahead.
///
/// The dry pass that finds the keys costs a large deck a fifth of its sheets. A file that
/// surely changed (a face it drew last time is gone) is not waited for: it is drawn at once,
/// while the dry pass runs beside it for the keys. Any other file its key finds changed is
/// drawn after.
pub(super) fn print_kept<'a>(
    game: &'a Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    disk: &DiskCache,
    warnings: &mut Vec<String>,
) -> Result<(Vec<ComponentReport>, Sheets)> {
    let earlier = Drawn::read(disk);
    let changed = earlier.changed(faces);
    let printer = Printer {
        game,
        faces,
        trees,
        fonts,
    };
    let (first, ((components, dry), dry_warnings)) = printer.first_pass(&earlier, &changed)?;
    Drawn::of(&dry, faces).keep(disk, &earlier);
    let names: Vec<String> = dry.pdfs.iter().map(|(name, _)| name.clone()).collect();
    let keys: Vec<String> = (dry.pdfs.iter().zip(&dry.drawn).zip(&dry.noted))
        .map(|(((_, pdf), drawn), noted)| {
            sheet_key([pdf, noted], drawn, &faces.faces, &fonts.digest)
        })
        .collect();
    // A file drawn in the first pass is not looked up: `changed` is empty without one.
    let is_changed = |name: &str| changed.contains(&name);
    let kept: Vec<Option<Vec<u8>>> = (names.iter().zip(&keys))
        .map(|(name, key)| match is_changed(name) {
            true => None,
            false => disk.get(Entry::Sheet, key, Some),
        })
        .collect();
    let missed: Vec<&str> = (names.iter().zip(&kept))
        .filter(|(name, kept)| kept.is_none() && !is_changed(name))
        .map(|(name, _)| name.as_str())
        .collect();
    let sheets = match (first, missed.is_empty()) {
        (None, true) => {
            warnings.extend(dry_warnings);
            dry
        }
        (Some(first), true) => {
            warnings.extend(first.1);
            first.0
        }
        (first, false) => printer.second_pass(&dry, &missed, first, warnings)?,
    };
    for ((name, pdf), key) in sheets.pdfs.iter().zip(&keys) {
        if is_changed(name) || missed.contains(&name.as_str()) {
            disk.put(Entry::Sheet, key, pdf);
        }
    }
    Ok((components, with_kept(sheets, kept)))
}

/// Sheets printed, with what they warned of.
type Warned = (Sheets, Vec<String>);

/// The components' reports and the sheets of a dry pass, with what it warned of.
type DryPass = ((Vec<ComponentReport>, Sheets), Vec<String>);

/// What every pass prints from.
struct Printer<'a> {
    game: &'a Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
}

impl<'a> Printer<'a> {
    /// The files `real` names printed for real, the rest dry, beside a thread parsing their
    /// faces ahead.
    fn print(&self, real: &(dyn Fn(&str) -> bool + Sync)) -> Result<Warned> {
        let mut warnings = Vec::new();
        let dry = |file: &str| !real(file);
        let (game, faces, trees, fonts) = (self.game, self.faces, self.trees, self.fonts);
        let (_, sheets) =
            trees.parsing_ahead(|| print_all(game, faces, trees, fonts, &dry, &mut warnings))?;
        Ok((sheets, warnings))
    }

    /// Every file dry, with the components' reports (a dry pass lays out as the real one).
    fn print_dry(&self) -> Result<DryPass> {
        let mut warnings = Vec::new();
        let (game, faces, trees, fonts) = (self.game, self.faces, self.trees, self.fonts);
        let printed = print_all(game, faces, trees, fonts, &|_| true, &mut warnings)?;
        Ok((printed, warnings))
    }

    /// The dry pass, and beside it the files that surely `changed` drawn for real (none when
    /// none did).
    fn first_pass(&self, earlier: &Drawn, changed: &[&str]) -> Result<(Option<Warned>, DryPass)> {
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
        let dry = dry.unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
        Ok((Some(first?), dry))
    }

    /// The files `missed` drawn after the dry pass, with those drawn in the `first` pass.
    fn second_pass(
        &self,
        dry: &Sheets,
        missed: &[&str],
        first: Option<Warned>,
        warnings: &mut Vec<String>,
    ) -> Result<Sheets> {
        let faces = self.faces.faces.len();
        self.trees.expect_draws(&draws(dry, missed, faces));
        let (mut sheets, warned) = self.print(&|file| missed.contains(&file))?;
        warnings.extend(warned);
        if let Some((first, _)) = first {
            take_drawn(&mut sheets, first, |name| !missed.contains(&name));
        }
        Ok(sheets)
    }
}

/// Moves into `sheets` the PDFs of `from` that `take` names.
fn take_drawn(sheets: &mut Sheets, from: Sheets, take: impl Fn(&str) -> bool) {
    for ((name, pdf), file) in from.pdfs.into_iter().zip(from.files) {
        if !take(&name) {
            continue;
        }
        if let Some(i) = sheets.pdfs.iter().position(|(n, _)| *n == name) {
            sheets.files[i] = file;
            sheets.pdfs[i].1 = pdf;
        }
    }
}

/// `sheets` with the PDFs found in the cache in place of their dry ones.
fn with_kept(mut sheets: Sheets, kept: Vec<Option<Vec<u8>>>) -> Sheets {
    for (i, kept) in kept.into_iter().enumerate() {
        if let Some(pdf) = kept {
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
    /// What the last build drew (nothing known when it kept nothing).
    fn read(disk: &DiskCache) -> Drawn {
        let decode = |bytes: Vec<u8>| serde_json::from_slice(&bytes).ok();
        disk.get(Entry::Drawn, DRAWN_KEY, decode)
            .unwrap_or_default()
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
    fn keep(&self, disk: &DiskCache, earlier: &Drawn) {
        if self == earlier {
            return;
        }
        if let Ok(bytes) = serde_json::to_vec(self) {
            disk.put(Entry::Drawn, DRAWN_KEY, &bytes);
        }
    }

    /// The sheet files that surely changed since: those the last build did not write (none,
    /// when it is not known), and those that drew a face no longer among `faces`.
    fn changed(&self, faces: &Faces) -> Vec<&'static str> {
        let now: HashSet<&str> = faces.faces.iter().map(|f| f.hash.as_str()).collect();
        PDF_FILES
            .into_iter()
            .filter(|file| {
                self.0
                    .get(*file)
                    .is_none_or(|drawn| drawn.iter().any(|h| !now.contains(h.as_str())))
            })
            .collect()
    }

    /// How many times the decks draw each face, but none for a face the last build drew only
    /// into files that did not change: the thread parsing ahead leaves those out.
    fn draws(&self, game: &Game, faces: &Faces, changed: &[&str]) -> Vec<u32> {
        let in_changed: HashSet<&str> = (self.0.iter())
            .filter(|(file, _)| changed.contains(&file.as_str()))
            .flat_map(|(_, drawn)| drawn.iter().map(String::as_str))
            .collect();
        let elsewhere: HashSet<&str> = (self.0.iter())
            .filter(|(file, _)| !changed.contains(&file.as_str()))
            .flat_map(|(_, drawn)| drawn.iter().map(String::as_str))
            .collect();
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
