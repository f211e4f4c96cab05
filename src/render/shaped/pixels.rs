//! A parsed face drawn into pixels: its SVG tree as resvg draws it, then its shaped text boxes
//! from their glyphs.
//!
//! A text box upright on the pixel grid (scaled and moved, not turned or slanted) is drawn from
//! glyph masks its faces keep ([`crate::text::glyph_masks`]): the masks' coverage is added up
//! for the whole text, then its ink laid down through it once, as filling the text's outlines
//! as one path would (glyphs that touch do not darken where they meet under a translucent
//! ink). Any other text box is filled as that one path.

use resvg::tiny_skia::{self, PixmapMut, Transform};

use super::{Ink, ParsedFace, PlacedText};
use crate::text::glyph_masks::Placed;

/// Draws the face onto `pixmap` through `transform` (canvas units to pixels), as resvg draws
/// an SVG.
pub fn to_pixels(pixmap: &mut PixmapMut, face: &ParsedFace, transform: Transform) {
    resvg::render(&face.tree, transform, pixmap);
    texts_to_pixels(pixmap, face, transform);
}

/// Draws the face's shaped text boxes alone onto `pixmap` through `transform`, over what is
/// there (the face's tree, drawn before).
pub fn texts_to_pixels(pixmap: &mut PixmapMut, face: &ParsedFace, transform: Transform) {
    for text in &face.texts {
        let Some(ink) = text.shaped.fill else {
            continue;
        };
        let base = transform.pre_concat(text.transform);
        if !masked(pixmap, text, ink, base) {
            fill_outlines(pixmap, text, ink, base);
        }
    }
}

/// Draws `text` through `base` from its glyph masks; false, having drawn nothing, when `base`
/// turns or slants it, or a glyph is too large for a mask or placed too far out.
fn masked(pixmap: &mut PixmapMut, text: &PlacedText, ink: Ink, base: Transform) -> bool {
    let upright = base.kx == 0.0 && base.ky == 0.0 && base.is_finite();
    if !upright {
        return false;
    }
    let mut placed: Vec<Placed> = Vec::new();
    for run in &text.shaped.runs {
        let scale = (base.sx * run.size, -base.sy * run.size);
        let mut pen = run.x;
        for g in &run.glyphs {
            let (x, y) = (pen + g.x_offset * run.size, run.y - g.y_offset * run.size);
            let at = (base.tx + base.sx * x, base.ty + base.sy * y);
            let Some(glyph) = run.face.place_glyph(g.id, scale, at) else {
                return false;
            };
            placed.push(glyph);
            pen += g.x_advance * run.size;
        }
    }
    let Some(area) = Coverage::of(&placed, pixmap.width(), pixmap.height()) else {
        return true;
    };
    area.lay_ink(pixmap, ink);
    true
}

/// The text's coverage over the pixels it touches in the pixmap, glyph masks added up.
struct Coverage {
    x0: i32,
    y0: i32,
    width: usize,
    cells: Vec<u8>,
}

impl Coverage {
    /// The placed masks' coverage within a `w` × `h` pixmap; none when none falls inside.
    fn of(placed: &[Placed], w: u32, h: u32) -> Option<Coverage> {
        let boxes = placed.iter().filter_map(|((x, y), m)| {
            let m = m.as_ref()?;
            let (l, t) = (x + m.left, y + m.top);
            Some((l, t, l + m.width as i32, t + m.height as i32))
        });
        let (x0, y0, x1, y1) = boxes.fold((i32::MAX, i32::MAX, i32::MIN, i32::MIN), |a, b| {
            (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3))
        });
        let (x0, y0) = (x0.max(0), y0.max(0));
        let (x1, y1) = (x1.min(w as i32), y1.min(h as i32));
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        let width = (x1 - x0) as usize;
        let mut cells = vec![0u8; width * (y1 - y0) as usize];
        let rows = (y1 - y0) as usize;
        for ((x, y), mask) in placed {
            let Some(m) = mask else { continue };
            let (left, top) = (x + m.left - x0, y + m.top - y0);
            for (r, row) in m.coverage.chunks_exact(m.width as usize).enumerate() {
                let cy = top + r as i32;
                if cy < 0 || cy as usize >= rows {
                    continue;
                }
                // The columns of the row inside the area.
                let skip = (-left).max(0) as usize;
                let start = (left.max(0)) as usize;
                let line = &mut cells[cy as usize * width..][..width];
                for (cell, &c) in line.iter_mut().skip(start).zip(row.iter().skip(skip)) {
                    *cell = cell.saturating_add(c);
                }
            }
        }
        Some(Coverage {
            x0,
            y0,
            width,
            cells,
        })
    }

    /// Lays `ink` over the pixmap where the text covers it, source over, each pixel in
    /// proportion to its coverage.
    fn lay_ink(&self, pixmap: &mut PixmapMut, ink: Ink) {
        let alpha = u32::from((ink.opacity.clamp(0.0, 1.0) * 255.0).round() as u8);
        let stride = pixmap.width() as usize * 4;
        let data = pixmap.data_mut();
        for (r, line) in self.cells.chunks_exact(self.width).enumerate() {
            let row = (self.y0 as usize + r) * stride + self.x0 as usize * 4;
            let pixels = data[row..row + self.width * 4].chunks_exact_mut(4);
            for (px, &c) in pixels.zip(line) {
                if c == 0 {
                    continue;
                }
                let a = div255(alpha * u32::from(c));
                let keep = 255 - a;
                for (d, s) in px.iter_mut().zip(ink.rgb.iter().chain([&255])) {
                    *d = (div255(u32::from(*s) * a) + div255(u32::from(*d) * keep)) as u8;
                }
            }
        }
    }
}

/// `v / 255`, rounded, for `v` up to 255 × 255.
fn div255(v: u32) -> u32 {
    (v + 128 + ((v + 128) >> 8)) >> 8
}

/// Fills the text's glyph outlines through `base` as one path, as the SVG reader fills a
/// text's outlines.
fn fill_outlines(pixmap: &mut PixmapMut, text: &PlacedText, ink: Ink, base: Transform) {
    let mut paint = tiny_skia::Paint::default();
    paint.set_color_rgba8(
        ink.rgb[0],
        ink.rgb[1],
        ink.rgb[2],
        (ink.opacity * 255.0).round() as u8,
    );
    paint.anti_alias = true;
    let mut path = tiny_skia::PathBuilder::new();
    for run in &text.shaped.runs {
        let mut pen = run.x;
        for g in &run.glyphs {
            let at = Transform::from_translate(
                pen + g.x_offset * run.size,
                run.y - g.y_offset * run.size,
            )
            .pre_scale(run.size, -run.size);
            if let Some(outline) = run.face.outline(g.id)
                && let Some(placed) = (*outline).clone().transform(at)
            {
                path.push_path(&placed);
            }
            pen += g.x_advance * run.size;
        }
    }
    if let Some(path) = path.finish() {
        pixmap.fill_path(&path, &paint, tiny_skia::FillRule::Winding, base, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::Project;
    use crate::render::shaped::parse_face;
    use crate::text::fonts::Fonts;

    /// A face of two lines of text, the second bold, in `fill` (its alpha the ink's opacity).
    fn face(fill: &str) -> ParsedFace {
        let svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="90mm" viewBox="0 0 60 90"><text data-text-box="" font-family="Noto Sans" font-size="4" fill="{fill}"><tspan x="10" y="20">Draw two, lose one</tspan><tspan x="10" y="25" font-weight="bold">then rest</tspan></text></svg>"##
        );
        let dir = tempfile::tempdir().unwrap();
        let project = Project::open(dir.path()).unwrap();
        let face = parse_face(&svg, &Fonts::bundled().unwrap(), &project, "".as_ref()).unwrap();
        assert_eq!(face.texts.len(), 1);
        face
    }

    /// The face's text drawn over white through `t`, by masks when they can and always as
    /// outlines; and whether the masks drew it.
    fn both(face: &ParsedFace, t: Transform) -> (Vec<u8>, Vec<u8>, bool) {
        let text = &face.texts[0];
        let ink = text.shaped.fill.unwrap();
        let base = t.pre_concat(text.transform);
        let white = || {
            let mut p = tiny_skia::Pixmap::new(240, 360).unwrap();
            p.fill(tiny_skia::Color::WHITE);
            p
        };
        let (mut a, mut b) = (white(), white());
        let by_masks = masked(&mut a.as_mut(), text, ink, base);
        if !by_masks {
            fill_outlines(&mut a.as_mut(), text, ink, base);
        }
        fill_outlines(&mut b.as_mut(), text, ink, base);
        (a.take(), b.take(), by_masks)
    }

    /// How many channel values differ by more than `by`, and how many are inked at all. A
    /// glyph placed to the nearest quarter pixel moves its edges by an eighth of a pixel at
    /// most, which can turn one of an edge pixel's four sub-samples: a quarter of its ink.
    fn apart(a: &[u8], b: &[u8], by: u8) -> (usize, usize) {
        let differ = a
            .iter()
            .zip(b)
            .filter(|(x, y)| x.abs_diff(**y) > by)
            .count();
        (differ, b.iter().filter(|&&v| v < 200).count())
    }

    #[test]
    fn text_drawn_from_masks_is_the_text_its_outlines_fill() {
        for fill in ["#203040", "#c0202080"] {
            let face = face(fill);
            let (a, b, by_masks) = both(&face, Transform::from_scale(4.0, 4.0));
            assert!(by_masks);
            let (differ, inked) = apart(&a, &b, 64);
            assert!(inked > 2000, "the text put down ink: {inked}");
            assert!(differ * 100 < inked, "{fill}: {differ} of {inked}");
        }
    }

    #[test]
    fn text_off_the_edge_is_cut_there_and_turned_text_is_filled_as_outlines() {
        let face = face("#000000");
        // Moved half off the left and top edges.
        let (a, b, by_masks) = both(&face, Transform::from_row(4.0, 0.0, 0.0, 4.0, -70.0, -90.0));
        assert!(by_masks);
        let (differ, inked) = apart(&a, &b, 64);
        assert!(inked > 500 && differ * 100 < inked, "{differ} of {inked}");
        // Wholly off the pixmap: nothing drawn, and no fault.
        let (a, _, _) = both(&face, Transform::from_translate(-500.0, 0.0));
        assert!(a.iter().all(|&v| v == 255));
        let turned = Transform::from_row(3.9, 0.5, -0.5, 3.9, 20.0, 0.0);
        let (a, b, by_masks) = both(&face, turned);
        assert!(!by_masks);
        assert_eq!(a, b);
    }
}
