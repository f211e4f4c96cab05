//! Text against what is behind it: WCAG 2's contrast ratio of the text's own colour and the
//! colour a low-resolution render of the face shows around its glyphs.
//!
//! The background is read from pixels, not from the SVG, because what is behind a word may be
//! a photo, a gradient, a shape several groups away, or paper: the render has already decided.
//! The render leaves the text out ([`crate::preflight::pixels`]); in the words' box, the most
//! common colour is the background (an icon beside the words, or the edge of a banner, covers
//! less of the box than what the words stand on).

use resvg::tiny_skia::Pixmap;

use crate::preflight::measures::BoxMm;

/// WCAG 2 relative luminance of an sRGB colour.
pub fn luminance(rgb: [u8; 3]) -> f32 {
    let lin = |c: u8| {
        let c = f32::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])
}

/// WCAG 2 contrast ratio of two colours, 1 to 21.
pub fn ratio(a: [u8; 3], b: [u8; 3]) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The ratio WCAG 2 (AA) asks of text: 3:1 for large text (18 pt, or 14 pt bold), else 4.5:1.
pub fn required(size_pt: f32, bold: bool) -> f32 {
    if size_pt >= 18.0 - 0.05 || (bold && size_pt >= 14.0 - 0.05) {
        3.0
    } else {
        4.5
    }
}

/// `#rrggbb`.
pub fn hex(rgb: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// A colour blended over another at `opacity`.
pub fn over(fg: [u8; 3], opacity: f32, bg: [u8; 3]) -> [u8; 3] {
    let a = opacity.clamp(0.0, 1.0);
    let mix = |f: u8, b: u8| (f32::from(f) * a + f32::from(b) * (1.0 - a)).round() as u8;
    [mix(fg[0], bg[0]), mix(fg[1], bg[1]), mix(fg[2], bg[2])]
}

/// The pixel at (x, y) as sRGB over white paper (the pixmap is premultiplied and may be
/// transparent where nothing is drawn).
pub fn on_paper(pixmap: &Pixmap, x: u32, y: u32) -> [u8; 3] {
    let Some(p) = pixmap.pixel(x, y) else {
        return [255; 3];
    };
    let paper = 255 - p.alpha();
    [
        p.red().saturating_add(paper),
        p.green().saturating_add(paper),
        p.blue().saturating_add(paper),
    ]
}

/// The colour behind text in `bbox` (mm) of a render of the face without its text at
/// `px_per_mm`: the most common colour there, averaged over its near shades. `None` when the
/// box is off the face.
pub fn background(pixmap: &Pixmap, px_per_mm: f32, bbox: BoxMm) -> Option<[u8; 3]> {
    let clamp = |v: f32, max: u32| (v * px_per_mm).round().clamp(0.0, max as f32) as u32;
    let (x0, x1) = (
        clamp(bbox.x0, pixmap.width()),
        clamp(bbox.x1, pixmap.width()),
    );
    let (y0, y1) = (
        clamp(bbox.y0, pixmap.height()),
        clamp(bbox.y1, pixmap.height()),
    );
    if x1 <= x0 || y1 <= y0 {
        return None;
    }
    // Bins of 8 levels a channel: a photo's or a gradient's near colours count together.
    let bin = |c: [u8; 3]| {
        (u16::from(c[0] >> 3) << 10) | (u16::from(c[1] >> 3) << 5) | u16::from(c[2] >> 3)
    };
    let mut pixels: Vec<(u16, [u8; 3])> = Vec::with_capacity(((x1 - x0) * (y1 - y0)) as usize);
    for y in y0..y1 {
        for x in x0..x1 {
            let c = on_paper(pixmap, x, y);
            pixels.push((bin(c), c));
        }
    }
    pixels.sort_unstable_by_key(|p| p.0);
    // The largest bin; of equal ones the first, so that a build reads the same every time.
    let mut best: &[(u16, [u8; 3])] = &[];
    for run in pixels.chunk_by(|a, b| a.0 == b.0) {
        if run.len() > best.len() {
            best = run;
        }
    }
    let n = best.len().max(1) as u32;
    let mut sum = [0u32; 3];
    for (_, c) in best {
        for i in 0..3 {
            sum[i] += u32::from(c[i]);
        }
    }
    Some(sum.map(|s| (s / n) as u8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{Color, Paint, Rect, Transform};

    #[test]
    fn ratios_match_wcag() {
        assert!((ratio([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 0.01);
        assert!((ratio([255; 3], [255; 3]) - 1.0).abs() < 0.001);
        // #777 on white is the classic 4.48:1, just under AA.
        assert!((ratio([0x77; 3], [255; 3]) - 4.48).abs() < 0.01);
        assert_eq!(required(12.0, false), 4.5);
        assert_eq!(required(14.0, true), 3.0);
        assert_eq!(required(14.0, false), 4.5);
        assert_eq!(required(18.0, false), 3.0);
    }

    #[test]
    fn the_background_is_the_commonest_colour_in_the_box() {
        let mut pixmap = Pixmap::new(40, 20).unwrap();
        let mut paint = Paint::default();
        paint.set_color(Color::from_rgba8(0x20, 0x40, 0x80, 255));
        let full = Rect::from_xywh(0.0, 0.0, 40.0, 20.0).unwrap();
        pixmap.fill_rect(full, &paint, Transform::identity(), None);
        // An icon beside the words: less of the box.
        paint.set_color(Color::from_rgba8(250, 250, 250, 255));
        let icon = Rect::from_xywh(2.0, 2.0, 8.0, 8.0).unwrap();
        pixmap.fill_rect(icon, &paint, Transform::identity(), None);
        let bbox = BoxMm {
            x0: 0.0,
            y0: 0.0,
            x1: 10.0,
            y1: 5.0,
        };
        let bg = background(&pixmap, 4.0, bbox).unwrap();
        assert_eq!(bg, [0x20, 0x40, 0x80]);
        // Where nothing is drawn, the paper is behind the text.
        let blank = Pixmap::new(40, 20).unwrap();
        assert_eq!(background(&blank, 4.0, bbox), Some([255; 3]));
        let off = BoxMm {
            x0: 20.0,
            y0: 0.0,
            x1: 30.0,
            y1: 5.0,
        };
        assert_eq!(background(&blank, 4.0, off), None);
    }
}
