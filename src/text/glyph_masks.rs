//! Glyphs rasterised once per size and quarter-pixel position, for text drawn into pixels.
//!
//! A face's thumbnail or print image draws the same letters at the same few sizes hundreds of
//! times (a deck's titles and rules share their fitted sizes), and filling every glyph's
//! outline again was more than half the time of a face's pixels. A glyph's coverage depends
//! only on its outline, its scale and where it falls inside a pixel, so one rasterised at a
//! position rounded to a quarter pixel serves every later copy: a quarter pixel is 0.02 mm at
//! 300 dpi, well under what anti-aliasing shows.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use resvg::tiny_skia::{FillRule, Mask, Transform};
use usvg::tiny_skia_path::Path;

use crate::sync::lock;

/// Positions a pixel is divided into, on each axis.
const STEPS: f32 = 4.0;
/// Bytes of coverage one face keeps: past them its masks are let go and made again as asked
/// for (a print export at 1,200 dpi would otherwise keep every glyph of every size).
const MAX_BYTES: usize = 4 << 20;
/// Widest or tallest mask, in pixels: a glyph larger than this is filled as an outline.
const MAX_SIDE: f32 = 512.0;
/// Farthest a glyph may be placed from the pixmap's origin, in pixels, to be drawn from a
/// mask (whose place is counted in whole pixels): text beyond it is filled as an outline.
pub const MAX_PLACE: f32 = 1e7;

/// A glyph's coverage, 0 to 255 a pixel, with the offset of its first pixel from the pixel its
/// origin falls in.
pub struct GlyphMask {
    pub left: i32,
    pub top: i32,
    pub width: u32,
    pub height: u32,
    pub coverage: Vec<u8>,
}

/// One glyph at one scale and quarter-pixel position.
#[derive(Hash, PartialEq, Eq)]
struct Key {
    glyph: u16,
    /// The pixels an em takes across and down (down negative for y-up outlines), as bits:
    /// only the very same scale is the same mask.
    scale: (u32, u32),
    step: (u8, u8),
}

/// A face's glyph masks, shared by the threads that draw.
#[derive(Default)]
pub struct GlyphMasks {
    masks: Mutex<Kept>,
}

/// The masks made so far (none for a glyph that covers no pixel), and their bytes.
#[derive(Default)]
struct Kept {
    by_key: HashMap<Key, Option<Arc<GlyphMask>>>,
    bytes: usize,
}

/// Where a glyph's mask goes: its pixel (the one its origin falls in) and its mask, none for a
/// glyph that draws nothing.
pub type Placed = ((i32, i32), Option<Arc<GlyphMask>>);

/// A glyph rasterised: its mask, nothing (it covers no pixel), or too large for a mask.
enum Rasterised {
    Mask(GlyphMask),
    Nothing,
    TooLarge,
}

impl GlyphMasks {
    /// Glyph `glyph`, its em `scale`d to pixels (x right, y down), its origin at pixel
    /// position `at`. `outline` gives its outline in ems, y up, when it is to be rasterised.
    /// None when the glyph is to be filled as an outline instead: placed beyond [`MAX_PLACE`],
    /// or larger than a mask may be.
    pub fn place(
        &self,
        glyph: u16,
        scale: (f32, f32),
        at: (f32, f32),
        outline: impl FnOnce() -> Option<Arc<Path>>,
    ) -> Option<Placed> {
        if !(at.0.abs() < MAX_PLACE && at.1.abs() < MAX_PLACE) {
            return None;
        }
        let (px, sx) = split(at.0);
        let (py, sy) = split(at.1);
        let key = Key {
            glyph,
            scale: (scale.0.to_bits(), scale.1.to_bits()),
            step: (sx, sy),
        };
        if let Some(mask) = lock(&self.masks).by_key.get(&key) {
            return Some(((px, py), mask.clone()));
        }
        let offset = (f32::from(sx) / STEPS, f32::from(sy) / STEPS);
        let rasterised = match outline() {
            Some(o) => rasterise(&o, scale, offset),
            None => Rasterised::Nothing,
        };
        let mask = match rasterised {
            Rasterised::Mask(mask) => Some(Arc::new(mask)),
            Rasterised::Nothing => None,
            Rasterised::TooLarge => return None,
        };
        let bytes = mask.as_ref().map_or(0, |m| m.coverage.len()) + 64;
        let mut kept = lock(&self.masks);
        if kept.bytes + bytes > MAX_BYTES {
            *kept = Kept::default();
        }
        kept.bytes += bytes;
        kept.by_key.insert(key, mask.clone());
        Some(((px, py), mask))
    }
}

/// A pixel position as the pixel it falls in and the quarter inside it, rounded.
fn split(v: f32) -> (i32, u8) {
    let quarters = (v * STEPS).round();
    let pixel = (quarters / STEPS).floor();
    (pixel as i32, (quarters - pixel * STEPS) as u8)
}

/// The outline's coverage, scaled and moved by `offset` inside its pixel.
fn rasterise(outline: &Path, scale: (f32, f32), offset: (f32, f32)) -> Rasterised {
    let t = Transform::from_row(scale.0, 0.0, 0.0, scale.1, offset.0, offset.1);
    let Some(path) = outline.clone().transform(t) else {
        return Rasterised::Nothing;
    };
    let b = path.bounds();
    let (left, top) = (b.left().floor(), b.top().floor());
    let (width, height) = (b.right().ceil() - left, b.bottom().ceil() - top);
    if !(width >= 1.0 && height >= 1.0) {
        return Rasterised::Nothing;
    }
    if !(width <= MAX_SIDE && height <= MAX_SIDE) {
        return Rasterised::TooLarge;
    }
    let Some(mut mask) = Mask::new(width as u32, height as u32) else {
        return Rasterised::TooLarge;
    };
    mask.fill_path(
        &path,
        FillRule::Winding,
        true,
        Transform::from_translate(-left, -top),
    );
    Rasterised::Mask(GlyphMask {
        left: left as i32,
        top: top as i32,
        width: width as u32,
        height: height as u32,
        coverage: mask.take(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use usvg::tiny_skia_path::PathBuilder;

    /// A square glyph of half an em, from (0.25, 0) to (0.75, 0.5) in ems, y up.
    fn square() -> Arc<Path> {
        let rect = usvg::tiny_skia_path::Rect::from_ltrb(0.25, 0.0, 0.75, 0.5).unwrap();
        Arc::new(PathBuilder::from_rect(rect))
    }

    #[test]
    fn a_position_splits_into_its_pixel_and_quarter() {
        assert_eq!(split(3.0), (3, 0));
        assert_eq!(split(3.3), (3, 1));
        assert_eq!(split(3.9), (4, 0));
        assert_eq!(split(-0.3), (-1, 3));
    }

    #[test]
    fn a_glyph_is_rasterised_once_per_scale_and_quarter() {
        let masks = GlyphMasks::default();
        let made = std::cell::Cell::new(0);
        let outline = || {
            made.set(made.get() + 1);
            Some(square())
        };
        // 8 px an em: the square is 4 px wide, from 2 px right of the origin, 4 px above it.
        let ((x, y), mask) = masks.place(7, (8.0, -8.0), (10.0, 20.0), outline).unwrap();
        let mask = mask.unwrap();
        assert_eq!((x, y), (10, 20));
        assert_eq!(
            (mask.left, mask.top, mask.width, mask.height),
            (2, -4, 4, 4)
        );
        assert!(mask.coverage.iter().all(|&c| c == 255));
        // Whole pixels away, the same mask; a quarter away, another, half covering its edges.
        let ((x, _), _) = masks
            .place(7, (8.0, -8.0), (31.0, 2.0), || unreachable!())
            .unwrap();
        assert_eq!(x, 31);
        let (_, moved) = masks.place(7, (8.0, -8.0), (10.25, 20.0), outline).unwrap();
        let moved = moved.unwrap();
        assert_eq!(made.get(), 2);
        assert_eq!((moved.left, moved.width), (2, 5));
        let first = moved.coverage[0];
        assert!(
            first.abs_diff(191) <= 2,
            "three quarters of the first column: {first}"
        );
        assert!(moved.coverage[1..4].iter().all(|&c| c == 255));
        // Another scale is another mask.
        masks.place(7, (9.0, -9.0), (10.0, 20.0), outline);
        assert_eq!(made.get(), 3);
        // Larger than a mask may be, or placed too far out: left to the outline's filling.
        assert!(
            masks
                .place(7, (2000.0, -2000.0), (0.0, 0.0), outline)
                .is_none()
        );
        assert!(masks.place(7, (8.0, -8.0), (3e9, 0.0), outline).is_none());
    }
}
