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

use sha2::{Digest, Sha256};

use super::finish::Sheets;
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
pub(super) fn print_kept<'a>(
    game: &'a Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    disk: &DiskCache,
    warnings: &mut Vec<String>,
) -> Result<(Vec<ComponentReport>, Sheets)> {
    let mut dry_warnings = Vec::new();
    let (components, dry) = print_all(game, faces, trees, fonts, &|_| true, &mut dry_warnings)?;
    let keys: Vec<String> = (dry.pdfs.iter().zip(&dry.drawn).zip(&dry.noted))
        .map(|(((_, pdf), drawn), noted)| {
            sheet_key([pdf, noted], drawn, &faces.faces, &fonts.digest)
        })
        .collect();
    let kept: Vec<Option<Vec<u8>>> = keys
        .iter()
        .map(|key| disk.get(Entry::Sheet, key, Some))
        .collect();
    let missed: Vec<&str> = (dry.pdfs.iter().zip(&kept))
        .filter(|(_, kept)| kept.is_none())
        .map(|((name, _), _)| name.as_str())
        .collect();
    if missed.is_empty() {
        warnings.extend(dry_warnings);
        return Ok((components, with_kept(dry, kept)));
    }
    trees.expect_draws(&draws(&dry, &missed, faces.faces.len()));
    let is_kept = |file: &str| !missed.contains(&file);
    let (components, sheets) =
        trees.parsing_ahead(|| print_all(game, faces, trees, fonts, &is_kept, warnings))?;
    for (((name, pdf), key), kept) in sheets.pdfs.iter().zip(&keys).zip(&kept) {
        if kept.is_none() && missed.contains(&name.as_str()) {
            disk.put(Entry::Sheet, key, pdf);
        }
    }
    Ok((components, with_kept(sheets, kept)))
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
