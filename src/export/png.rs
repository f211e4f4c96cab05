//! `--format png`: one PNG per face at `--dpi`, with or without bleed, and a contact sheet.
//!
//! A command-line export keeps its images in the build cache, by all they are drawn from: an
//! export after one card's edit draws that card's image and the contact sheet again, and
//! parses only the faces it draws.

use std::sync::Arc;

use rayon::prelude::*;
use resvg::tiny_skia::Pixmap;

use super::files::{Output, face_name, px};
use super::kept::{KeptImages, Taken, face_key, limits};
use super::options::ExportOptions;
use crate::assemble::{BuildOptions, Session};
use crate::error::{Error, Result};
use crate::project::Project;
use crate::render::faces::Face;
use crate::render::raster::{filled, png_rgb_at, render_face};
use crate::render::shaped::ParsedFace;

/// Height of a contact-sheet thumbnail, in pixels.
const THUMB_H: u32 = 240;

/// Renders every face at `--dpi` and a contact sheet of them all, taking from the build cache
/// under `out` what an export before kept there and the faces as the kit's last build rendered
/// them (when `opts.cache`), and parsing only the faces it draws.
pub(super) fn export(
    project: &Project,
    id: &str,
    opts: &ExportOptions,
    out: &std::path::Path,
) -> Result<Output> {
    // After a build, the faces as it rendered them; the export keeps its images alone.
    let session = Session::new(project, &BuildOptions::in_folder(out));
    let lang = opts.lang.as_deref();
    let p = match opts.cache {
        true => session.prepare_unparsed_from_kit_in(id, lang)?,
        false => session.prepare_unparsed_in(id, lang)?,
    };
    let look = Look {
        dpi: opts.dpi.unwrap_or(300.0),
        bleed: opts.bleed,
    };
    let faces = &p.faces.faces;
    let keys = keys(faces, &p.fonts.digest, look);
    let kept = KeptImages::read((out, &p.game), "png", opts.cache, keys);
    // Parsed: the faces whose image was not kept, and every face for the thumbnails of a
    // contact sheet that was not.
    let sheet = contact_sheet_at(faces);
    let trees = p.parse_where(|i| !kept.has(sheet) || !kept.has(i))?;
    let drawn = draw(faces, &trees, &kept, look)?;
    let names: Vec<String> = (faces.iter())
        .map(|f| format!("{}/{}.png", f.component, face_name(f)))
        .chain([CONTACT_SHEET.to_owned()])
        .collect();
    let Taken {
        images,
        cache,
        taken,
    } = kept.with(drawn, &names)?;
    Ok(Output {
        files: names.into_iter().zip(images).collect(),
        cache,
        cached: taken,
        exported: vec![format!(
            "{} faces at {} dpi{}",
            faces.len(),
            look.dpi,
            if look.bleed { " with bleed" } else { "" }
        )],
        ..Output::default()
    })
}

/// The contact sheet's file name.
const CONTACT_SHEET: &str = "contact-sheet.png";

/// The contact sheet's place among the images (and their keys and files): after every face's.
fn contact_sheet_at(faces: &[Face]) -> usize {
    faces.len()
}

/// How the faces are drawn: at `dpi`, with their bleed or without.
#[derive(Clone, Copy)]
struct Look {
    dpi: f32,
    bleed: bool,
}

impl Look {
    /// A face's drawn size in mm.
    fn size_mm(self, face: &Face) -> (f32, f32) {
        let extra = if self.bleed { 2.0 * face.bleed } else { 0.0 };
        (face.size.width_mm + extra, face.size.height_mm + extra)
    }

    /// A face's image in pixels.
    fn pixels(self, face: &Face) -> (u32, u32) {
        let (wmm, hmm) = self.size_mm(face);
        (px(wmm, self.dpi), px(hmm, self.dpi))
    }

    /// A face's image, as a PNG.
    fn png(self, face: &Face, tree: &ParsedFace) -> Result<Vec<u8>> {
        let (w, h) = self.pixels(face);
        png_rgb_at(&render_face(face, tree, w, h, self.bleed)?, self.dpi)
    }
}

/// What each face's image is kept under, then the contact sheet's: all an image is drawn from
/// (the face's hash, its art's within it, the fonts it is set in, its size and bleed), how
/// (pixels, resolution, bleed or not), and what could refuse it ([`limits`]).
fn keys(faces: &[Face], fonts: &str, look: Look) -> Vec<String> {
    let limits = limits();
    let set_in_fonts = |face: &Face| format!("{} {fonts}", face_key(face));
    let mut sheet = format!("contact sheet {THUMB_H} {} {limits}", look.bleed);
    for face in faces {
        sheet.push(' ');
        sheet.push_str(&set_in_fonts(face));
    }
    (faces.iter())
        .map(|face| {
            let (w, h) = look.pixels(face);
            let (dpi, bleed) = (look.dpi, look.bleed);
            format!("png {} {w}x{h} {dpi} {bleed} {limits}", set_in_fonts(face))
        })
        .chain([sheet])
        .collect()
}

/// Draws the images `kept` lacks from `trees`, by their place (the contact sheet's after the
/// faces'). The thumbnails come first (a tenth of the work), so that the contact sheet is
/// encoded beside the faces rather than after them; the faces are drawn largest first, so that
/// no core is left alone with a large board at the end. Errors come as they would drawing
/// everything: a thumbnail's, a face's, then the sheet's.
fn draw(
    faces: &[Face],
    trees: &[Option<Arc<ParsedFace>>],
    kept: &KeptImages,
    look: Look,
) -> Result<Vec<(usize, Vec<u8>)>> {
    let missing: Vec<(usize, &Face, &ParsedFace)> = (faces.iter().zip(trees).enumerate())
        .filter(|(i, _)| !kept.has(*i))
        .filter_map(|(i, (face, tree))| Some((i, face, &**tree.as_ref()?)))
        .collect();
    let thumbs = match kept.has(contact_sheet_at(faces)) {
        true => None,
        false => Some(thumbnails(faces, trees, look)?),
    };
    let sheet = || {
        let thumbs = thumbs.as_deref()?;
        Some(contact_sheet(thumbs).and_then(|sheet| png_rgb_at(&sheet, 72.0)))
    };
    let (sheet, images) = rayon::join(sheet, || {
        largest_first(&missing, |&(_, face, tree)| look.png(face, tree))
    });
    let mut drawn: Vec<(usize, Vec<u8>)> = missing.iter().map(|m| m.0).zip(images?).collect();
    drawn.extend(sheet.transpose()?.map(|png| (contact_sheet_at(faces), png)));
    Ok(drawn)
}

/// Every face's contact-sheet thumbnail, [`THUMB_H`] high, from `trees` (all parsed).
fn thumbnails(
    faces: &[Face],
    trees: &[Option<Arc<ParsedFace>>],
    look: Look,
) -> Result<Vec<Pixmap>> {
    // Collected whole before the first error is taken: rayon's `Result` collect would report
    // whichever failed first in time, another face from run to run.
    let thumbs: Vec<Result<Pixmap>> = (faces.par_iter().zip(trees))
        .map(|(face, tree)| {
            let tree = tree
                .as_ref()
                .ok_or_else(|| Error::new("internal: a face not parsed"))?;
            let (wmm, hmm) = look.size_mm(face);
            let tw = ((THUMB_H as f32) * wmm / hmm).round().max(1.0) as u32;
            render_face(face, tree, tw, THUMB_H, look.bleed)
        })
        .collect();
    thumbs.into_iter().collect()
}

/// `f` of every face, in parallel, the faces of the most area started first; the results
/// in the faces' order, and the first error in that order (not the first in time).
fn largest_first<T: Send>(
    faces: &[(usize, &Face, &ParsedFace)],
    f: impl Fn(&(usize, &Face, &ParsedFace)) -> Result<T> + Sync,
) -> Result<Vec<T>> {
    let mut order: Vec<usize> = (0..faces.len()).collect();
    order.sort_by(|&a, &b| {
        let area = |i: usize| faces[i].1.size.width_mm * faces[i].1.size.height_mm;
        area(b).total_cmp(&area(a))
    });
    let mut done: Vec<(usize, Result<T>)> =
        order.into_par_iter().map(|i| (i, f(&faces[i]))).collect();
    done.sort_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, t)| t).collect()
}

/// The gap between thumbnails and around them, in pixels.
const GAP: u32 = 10;

/// Every thumbnail on one grey sheet, in rows as wide as ten of the median thumbnail: each
/// takes its own width, so one wide board no longer widens every cell (Death to Decorum's
/// sheet went from 10.4 to 6.6 megapixels).
fn contact_sheet(thumbs: &[Pixmap]) -> Result<Pixmap> {
    let (width, spots) = shelves(&thumbs.iter().map(Pixmap::width).collect::<Vec<_>>());
    let height = spots.last().map_or(GAP, |&(_, y)| y) + THUMB_H + GAP;
    let mut sheet = filled((width, height), [235, 235, 235, 255])?;
    for (t, &(x, y)) in thumbs.iter().zip(&spots) {
        paste(&mut sheet, t, x, y);
    }
    Ok(sheet)
}

/// Copies the opaque `thumb` onto `sheet` with its top-left corner at (`x`, `y`), row by row:
/// what drawing it over the sheet gives, without the drawing pipeline, which took a third as
/// long as rendering the thumbnails (the part of a row that would fall off the sheet is left
/// out).
fn paste(sheet: &mut Pixmap, thumb: &Pixmap, x: u32, y: u32) {
    let sheet_row = sheet.width() as usize * 4;
    let (x, y) = (x as usize * 4, y as usize);
    let row = (thumb.width() as usize * 4).min(sheet_row.saturating_sub(x));
    let data = sheet.data_mut();
    for (n, src) in thumb
        .data()
        .chunks_exact(thumb.width() as usize * 4)
        .enumerate()
    {
        let at = (y + n) * sheet_row + x;
        if let Some(dst) = data.get_mut(at..at + row) {
            dst.copy_from_slice(&src[..row]);
        }
    }
}

/// The sheet's width and each thumbnail's top-left corner, for thumbnails of `widths`, all
/// [`THUMB_H`] high, placed in order left to right and row by row.
fn shelves(widths: &[u32]) -> (u32, Vec<(u32, u32)>) {
    let mut sorted = widths.to_vec();
    sorted.sort_unstable();
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(1);
    let widest = sorted.last().copied().unwrap_or(1);
    let width = (10 * (median + GAP)).max(widest + GAP) + GAP;
    let (mut x, mut y) = (GAP, GAP);
    let spots = widths
        .iter()
        .map(|&w| {
            if x > GAP && x + w + GAP > width {
                (x, y) = (GAP, y + THUMB_H + GAP);
            }
            let spot = (x, y);
            x += w + GAP;
            spot
        })
        .collect();
    (width, spots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia;

    /// Pasting gives the pixels drawing the opaque thumbnail over the sheet gives, and a
    /// thumbnail that would run off the sheet is cut at its edge.
    #[test]
    fn a_pasted_thumbnail_is_the_thumbnail_drawn() {
        let mut thumb = Pixmap::new(3, 2).unwrap();
        for (i, p) in thumb.data_mut().chunks_exact_mut(4).enumerate() {
            p.copy_from_slice(&[i as u8 * 40, 7, 200, 255]);
        }
        let grey = tiny_skia::Color::from_rgba8(235, 235, 235, 255);
        for (x, y) in [(1, 1), (3, 2)] {
            let (mut pasted, mut drawn) = (Pixmap::new(5, 4).unwrap(), Pixmap::new(5, 4).unwrap());
            pasted.fill(grey);
            drawn.fill(grey);
            paste(&mut pasted, &thumb, x, y);
            drawn.draw_pixmap(
                x as i32,
                y as i32,
                thumb.as_ref(),
                &tiny_skia::PixmapPaint::default(),
                tiny_skia::Transform::identity(),
                None,
            );
            assert_eq!(pasted.data(), drawn.data(), "at ({x}, {y})");
        }
    }

    #[test]
    fn thumbnails_fill_rows_by_their_own_width() {
        let mut widths = vec![100; 12];
        widths.insert(3, 500);
        let (width, spots) = shelves(&widths);
        assert_eq!(width, 10 * 110 + 10);
        assert_eq!(spots[0], (10, 10));
        assert_eq!(spots[1], (120, 10));
        // The wide one takes its own width, and two more fit after it on the first row.
        assert_eq!(spots[3], (340, 10));
        assert_eq!(spots[5], (960, 10));
        assert_eq!(spots[6], (10, 10 + THUMB_H + 10));
        assert_eq!(spots[12], (670, 10 + THUMB_H + 10));
        // Wider than ten of the median, a thumbnail widens the sheet to fit.
        assert_eq!(shelves(&[100, 2000, 100]).0, 2020);
    }
}
