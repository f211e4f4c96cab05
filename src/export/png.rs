//! `--format png`: one PNG per face at `--dpi`, with or without bleed, and a contact sheet.
//!
//! A command-line export keeps its images in the build cache, by all they are drawn from: an
//! export after one card's edit draws that card's image and the contact sheet again, and
//! parses only the faces it draws.

use std::sync::Arc;

use rayon::prelude::*;
use resvg::tiny_skia::{self, Pixmap};

use super::files::{Output, face_name, px};
use super::options::ExportOptions;
use crate::assemble::{BuildOptions, Session};
use crate::error::{Error, Result};
use crate::output::cache::{DiskCache, Entry};
use crate::project::Project;
use crate::render::faces::Face;
use crate::render::raster::{max_pixels, png_rgb_at, render_face};
use crate::render::shaped::ParsedFace;

/// Height of a contact-sheet thumbnail, in pixels.
const THUMB_H: u32 = 240;

/// Renders every face at `--dpi` and a contact sheet of them all, taking from the build cache
/// under `out` what it kept (when `opts.cache`). The thumbnails come first (a tenth of the
/// work), so that the contact sheet is encoded beside the faces rather than after them; the
/// faces are drawn largest first, so that no core is left alone with a large board at the end.
pub(super) fn export(
    project: &Project,
    id: &str,
    opts: &ExportOptions,
    out: &std::path::Path,
) -> Result<Output> {
    let p = Session::new(project, &BuildOptions::default())
        .prepare_unparsed_in(id, opts.lang.as_deref())?;
    let dpi = opts.dpi.unwrap_or(300.0);
    let cache = opts
        .cache
        .then(|| DiskCache::of_export(out, &p.game, "png"))
        .flatten();
    let fonts = p.fonts.digest.as_str();
    let size = |face: &Face| {
        let extra = if opts.bleed { 2.0 * face.bleed } else { 0.0 };
        (face.size.width_mm + extra, face.size.height_mm + extra)
    };
    let faces = &p.faces.faces;
    let keys: Vec<String> = (faces.iter())
        .map(|face| {
            let (wmm, hmm) = size(face);
            image_key(face, fonts, (px(wmm, dpi), px(hmm, dpi)), dpi, opts.bleed)
        })
        .collect();
    let sheet_key = contact_sheet_key(faces, fonts, opts.bleed);
    let kept = |key: &str| cache.as_ref()?.get(Entry::Image, key, Some);
    let mut images: Vec<Option<Vec<u8>>> = keys.par_iter().map(|k| kept(k)).collect();
    let kept_sheet = kept(&sheet_key);
    // The faces drawn now: those whose image was not kept, and every face for the thumbnails
    // of a contact sheet that was not.
    let trees = p.parse_where(|i| kept_sheet.is_none() || images[i].is_none())?;
    let drawn: Vec<(usize, &Face, &ParsedFace)> = (faces.iter().zip(&trees).enumerate())
        .filter(|(i, _)| images[*i].is_none())
        .filter_map(|(i, (face, tree))| Some((i, face, &**tree.as_ref()?)))
        .collect();
    let draw_sheet = || match &kept_sheet {
        Some(png) => Ok(png.clone()),
        None => {
            let thumbs = thumbnails(faces, &trees, size, opts.bleed)?;
            png_rgb_at(&contact_sheet(&thumbs)?, 72.0)
        }
    };
    let (sheet, made) = rayon::join(draw_sheet, || {
        largest_first(&drawn, |&(_, face, tree)| {
            let (wmm, hmm) = size(face);
            let pixmap = render_face(face, tree, px(wmm, dpi), px(hmm, dpi), opts.bleed)?;
            png_rgb_at(&pixmap, dpi)
        })
    });
    let (sheet, made) = (sheet?, made?);
    let made_count = made.len() + usize::from(kept_sheet.is_none());
    if let Some(cache) = &cache {
        for (&(i, ..), png) in drawn.iter().zip(&made) {
            cache.put(Entry::Image, &keys[i], png);
        }
        match kept_sheet {
            Some(_) => cache.keep(Entry::Image, &sheet_key),
            None => cache.put(Entry::Image, &sheet_key, &sheet),
        }
    }
    for ((i, ..), png) in drawn.into_iter().zip(made) {
        images[i] = Some(png);
    }
    let mut files = Vec::with_capacity(faces.len() + 1);
    for (face, png) in faces.iter().zip(images) {
        let png =
            png.ok_or_else(|| Error::new("internal: a face's image was neither kept nor drawn"))?;
        files.push((format!("{}/{}.png", face.component, face_name(face)), png));
    }
    files.push(("contact-sheet.png".to_owned(), sheet));
    let mut out = Output {
        cached: files.len() - made_count,
        files,
        cache,
        ..Output::default()
    };
    out.exported.push(format!(
        "{} faces at {dpi} dpi{}",
        faces.len(),
        if opts.bleed { " with bleed" } else { "" }
    ));
    Ok(out)
}

/// What a face's image is kept under: all it is drawn from (the face's hash, which holds its
/// art's, and the fonts it is set in), its size and bleed, and how it is drawn (its pixels,
/// resolution and bleed or not), with the largest image an export may draw, which could
/// refuse it.
fn image_key(face: &Face, fonts: &str, (w, h): (u32, u32), dpi: f32, bleed: bool) -> String {
    let (wmm, hmm) = (face.size.width_mm, face.size.height_mm);
    format!(
        "png {} {fonts} {wmm}x{hmm}+{} {w}x{h} {dpi} {bleed} {}",
        face.hash,
        face.bleed,
        max_pixels()
    )
}

/// What the contact sheet is kept under: every face's hash and size in order, the fonts and
/// whether the thumbnails have their bleed.
fn contact_sheet_key(faces: &[Face], fonts: &str, bleed: bool) -> String {
    let mut key = format!("contact sheet {THUMB_H} {fonts} {bleed} {}", max_pixels());
    for face in faces {
        let (wmm, hmm) = (face.size.width_mm, face.size.height_mm);
        key.push_str(&format!(" {} {wmm}x{hmm}+{}", face.hash, face.bleed));
    }
    key
}

/// Every face's contact-sheet thumbnail, [`THUMB_H`] high, from `trees` (all parsed).
fn thumbnails(
    faces: &[Face],
    trees: &[Option<Arc<ParsedFace>>],
    size: impl Fn(&Face) -> (f32, f32) + Sync,
    bleed: bool,
) -> Result<Vec<Pixmap>> {
    // Collected whole before the first error is taken: rayon's `Result` collect would report
    // whichever failed first in time, another face from run to run.
    let thumbs: Vec<Result<Pixmap>> = (faces.par_iter().zip(trees))
        .map(|(face, tree)| {
            let tree = tree
                .as_ref()
                .ok_or_else(|| Error::new("internal: a face not parsed"))?;
            let (wmm, hmm) = size(face);
            let tw = ((THUMB_H as f32) * wmm / hmm).round().max(1.0) as u32;
            render_face(face, tree, tw, THUMB_H, bleed)
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
    let mut sheet =
        Pixmap::new(width, height).ok_or_else(|| Error::new("contact sheet too large"))?;
    sheet.fill(tiny_skia::Color::from_rgba8(235, 235, 235, 255));
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
