//! The images of tokens, boards and dice. Each is described first, as an [`ImageJob`], so
//! that all of them are drawn at once, in parallel beside the card sheets and the largest
//! first; the objects then take them by file name. Drawn one by one as the objects were made,
//! they left a core idle for nearly half of Death to Decorum's export.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};

use rayon::prelude::*;
use resvg::tiny_skia::{self, Pixmap, PixmapPaint};

use crate::assemble::Prepared;
use crate::error::Result;
use crate::export::files::{face_name, px};
use crate::model::{Component, ComponentKind, TokenShape, Window};
use crate::render::faces::CardCopy;
use crate::render::raster::{Area, blank, draw_layers, png_rgb_at, png_rgba};

/// The longest side of an image TTS loads.
pub const TTS_MAX_SIDE: u32 = 4096;
/// Cards are never drawn sharper than this.
pub const TTS_DPI: f32 = 300.0;
/// Boards are drawn at this resolution, or less to stay within [`TTS_MAX_SIDE`].
const BOARD_DPI: f32 = 150.0;

/// Where face `n` (0-based) of a D6 sits on the die's image, a 4 × 3 cross net: 1 on top, 2 to
/// 5 around, 6 at the bottom.
const DIE_NET: [(u32, u32); 6] = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)];

/// Images drawn ahead, by file name.
pub(super) type DrawnImages = HashMap<String, Result<Vec<u8>>>;

/// One image file of the export and how it is drawn.
pub(super) struct ImageJob<'a> {
    /// Its path in the export folder, `<component>/<face>.png`: copies that show the same face
    /// share it.
    pub file: String,
    how: Drawing<'a>,
}

enum Drawing<'a> {
    /// A token or standee face with its transparency; a round token is cut round.
    Token {
        face: usize,
        size: (u32, u32),
        round: bool,
    },
    /// A board, or a dashboard's base with its top layer over it, open at its windows.
    Board {
        layers: Vec<usize>,
        windows: &'a [Window],
        size: (u32, u32),
        dpi: f32,
    },
    /// A die's faces on a cross net, `cell` pixels a face.
    DieNet { faces: Vec<usize>, cell: u32 },
}

impl ImageJob<'_> {
    /// The pixels it draws, to start the largest first.
    fn pixels(&self) -> u64 {
        let area = |(w, h): (u32, u32)| u64::from(w) * u64::from(h);
        match &self.how {
            Drawing::Token { size, .. } => area(*size),
            Drawing::Board { layers, size, .. } => area(*size) * layers.len() as u64,
            Drawing::DieNet { faces, cell } => area((*cell, *cell)) * faces.len() as u64,
        }
    }

    /// Draws and encodes the image.
    pub fn draw(&self, p: &Prepared) -> Result<Vec<u8>> {
        match &self.how {
            Drawing::Token { face, size, round } => {
                let mut img = render_trim(p, &[*face], &[], size.0, size.1)?;
                if *round {
                    mask_circle(&mut img);
                }
                png_rgba(&img, TTS_DPI)
            }
            Drawing::Board {
                layers,
                windows,
                size,
                dpi,
            } => png_rgb_at(&render_trim(p, layers, windows, size.0, size.1)?, *dpi),
            Drawing::DieNet { faces, cell } => {
                let cell = *cell;
                let mut net = blank("die net", cell * 4, cell * 3)?;
                for (&face, &(cx, cy)) in faces.iter().zip(&DIE_NET) {
                    let img = render_trim(p, &[face], &[], cell, cell)?;
                    paste(&mut net, &img, cx * cell, cy * cell);
                }
                png_rgb_at(&net, TTS_DPI)
            }
        }
    }
}

/// Draws every token, board and die image of the game's printed components at once, the
/// largest first so that no core is left alone with a large board at the end.
pub(super) fn draw_ahead(p: &Prepared) -> DrawnImages {
    let mut seen = HashSet::new();
    let mut jobs: Vec<ImageJob> = p
        .faces
        .decks
        .iter()
        .filter_map(|deck| {
            let comp = p.game.components.get(deck.component)?;
            comp.printed().then_some((comp, &deck.copies))
        })
        .flat_map(|(comp, copies)| copies.iter().flat_map(move |c| jobs_of(p, comp, c)))
        .filter(|job| seen.insert(job.file.clone()))
        .collect();
    jobs.sort_by_key(|job| Reverse(job.pixels()));
    jobs.into_par_iter()
        .map(|job| {
            let bytes = job.draw(p);
            (job.file, bytes)
        })
        .collect()
}

/// The images one copy of a component shows on the table.
fn jobs_of<'a>(p: &Prepared, comp: &'a Component, copy: &CardCopy) -> Vec<ImageJob<'a>> {
    match comp.spec.kind {
        ComponentKind::Tokens | ComponentKind::Standee => {
            let (front, back) = token_jobs(p, comp, copy);
            std::iter::once(front).chain(back).collect()
        }
        ComponentKind::Board | ComponentKind::Dashboard => vec![board_job(p, comp, copy)],
        ComponentKind::Die => vec![die_job(p, comp, copy)],
        ComponentKind::Cards | ComponentKind::Bought => Vec::new(),
    }
}

/// A token's front image and, for a two-sided token (a standee shows its front both ways),
/// its back.
pub(super) fn token_jobs<'a>(
    p: &Prepared,
    comp: &'a Component,
    copy: &CardCopy,
) -> (ImageJob<'a>, Option<ImageJob<'a>>) {
    let size = comp.size();
    let px_size = (px(size.width_mm, TTS_DPI), px(size.height_mm, TTS_DPI));
    let round =
        comp.spec.kind == ComponentKind::Tokens && comp.spec.token_shape() == TokenShape::Circle;
    let standee = comp.spec.kind == ComponentKind::Standee;
    let job = |face| ImageJob {
        file: face_file(p, comp, face, ""),
        how: Drawing::Token {
            face,
            size: px_size,
            round,
        },
    };
    (job(copy.front), copy.back.filter(|_| !standee).map(job))
}

/// A board or dashboard copy's image, at [`BOARD_DPI`] or less to stay within
/// [`TTS_MAX_SIDE`].
pub(super) fn board_job<'a>(p: &Prepared, comp: &'a Component, copy: &CardCopy) -> ImageJob<'a> {
    let size = comp.size();
    let longest = size.width_mm.max(size.height_mm);
    let dpi = BOARD_DPI.min(TTS_MAX_SIDE as f32 * 25.4 / longest);
    ImageJob {
        file: face_file(p, comp, copy.front, ""),
        how: Drawing::Board {
            layers: std::iter::once(copy.front)
                .chain(copy.extra.iter().copied())
                .collect(),
            windows: comp.spec.top.as_ref().map_or(&[][..], |t| &t.windows),
            size: (
                px(size.width_mm, dpi).min(TTS_MAX_SIDE),
                px(size.height_mm, dpi).min(TTS_MAX_SIDE),
            ),
            dpi,
        },
    }
}

/// A die copy's net: its six faces (the back, if any, left off) at 300 dpi, 512 px at most.
pub(super) fn die_job<'a>(p: &Prepared, comp: &'a Component, copy: &CardCopy) -> ImageJob<'a> {
    ImageJob {
        file: face_file(p, comp, copy.front, "-net"),
        how: Drawing::DieNet {
            faces: copy
                .faces()
                .filter(|&f| Some(f) != copy.back)
                .take(6)
                .collect(),
            cell: px(comp.size().width_mm, TTS_DPI).min(512),
        },
    }
}

/// `<component>/<face><suffix>.png`.
fn face_file(p: &Prepared, comp: &Component, face: usize, suffix: &str) -> String {
    let name = p
        .faces
        .faces
        .get(face)
        .map_or_else(|| face.to_string(), face_name);
    format!("{}/{name}{suffix}.png", comp.spec.id)
}

/// Draws `img` onto `sheet` with its top-left corner at (`x`, `y`). A cell without
/// transparency (the faces are white-backed) covers what is under it: its rows are copied, far
/// cheaper than blending them in.
pub(super) fn paste(sheet: &mut Pixmap, img: &Pixmap, x: u32, y: u32) {
    let fits = x + img.width() <= sheet.width() && y + img.height() <= sheet.height();
    if fits && img.pixels().iter().all(|p| p.alpha() == u8::MAX) {
        let (row, sheet_row) = (img.width() as usize * 4, sheet.width() as usize * 4);
        let at = |r: u32| (y + r) as usize * sheet_row + x as usize * 4;
        let data = sheet.data_mut();
        for (r, line) in img.data().chunks_exact(row).enumerate() {
            let start = at(r as u32);
            data[start..start + row].copy_from_slice(line);
        }
        return;
    }
    sheet.draw_pixmap(
        x as i32,
        y as i32,
        img.as_ref(),
        &PixmapPaint::default(),
        tiny_skia::Transform::identity(),
        None,
    );
}

/// The trim of `layers` (drawn one over the other, the base showing through a top layer's
/// `windows`) at `w` × `h` pixels, white-backed.
pub(super) fn render_trim(
    p: &Prepared,
    layers: &[usize],
    windows: &[Window],
    w: u32,
    h: u32,
) -> Result<Pixmap> {
    let mut pixmap = blank("TTS image", w, h)?;
    let layers: Vec<_> = layers
        .iter()
        .filter_map(|&l| Some((p.faces.faces.get(l)?, &**p.trees.get(l)?)))
        .map(|(face, tree)| (face, tree, Area::of(face, false)))
        .collect();
    draw_layers(&mut pixmap, &layers, windows);
    Ok(pixmap)
}

/// Makes everything outside the circle inscribed in `pixmap` transparent.
pub(super) fn mask_circle(pixmap: &mut Pixmap) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let (cx, cy, r) = (w / 2.0, h / 2.0, w.min(h) / 2.0);
    let width = pixmap.width() as usize;
    for (i, px) in pixmap.pixels_mut().iter_mut().enumerate() {
        let (x, y) = ((i % width) as f32 + 0.5, (i / width) as f32 + 0.5);
        // Coverage of the pixel, from its distance to the edge (a one-pixel ramp).
        let cover = (r - ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() + 0.5).clamp(0.0, 1.0);
        if cover < 1.0 {
            let c = px.demultiply();
            let a = (f32::from(c.alpha()) * cover).round() as u8;
            *px = tiny_skia::ColorU8::from_rgba(c.red(), c.green(), c.blue(), a).premultiply();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_tokens_are_cut_round() {
        let mut p = Pixmap::new(20, 20).unwrap();
        p.fill(tiny_skia::Color::WHITE);
        mask_circle(&mut p);
        assert_eq!(p.pixel(0, 0).unwrap().alpha(), 0);
        assert_eq!(p.pixel(10, 10).unwrap().alpha(), 255);
    }
}
