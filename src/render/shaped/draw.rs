//! A parsed face drawn into a PDF surface: its SVG tree, then its shaped text boxes over it as
//! real text (into pixels: [`super::pixels`]).

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Size};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule};
use krilla::surface::Surface;
use krilla::text::{GlyphId, KrillaGlyph};
use krilla_svg::{SurfaceExt, SvgSettings};

use super::{GlyphRun, ParsedFace, PlacedText};

/// Draws the face into `size` on `surface`, as krilla-svg draws an SVG: scaled to the size and
/// clipped to it.
pub fn to_pdf(surface: &mut Surface, face: &ParsedFace, size: Size) {
    surface.draw_svg(&face.tree, size, SvgSettings::default());
    if face.texts.is_empty() {
        return;
    }
    let canvas = face.tree.size();
    let scale = krilla::geom::Transform::from_scale(
        size.width() / canvas.width(),
        size.height() / canvas.height(),
    );
    surface.push_transform(&scale);
    let mut clip = PathBuilder::new();
    clip.push_rect(
        Rect::from_xywh(0.0, 0.0, canvas.width(), canvas.height())
            .expect("a parsed SVG has a size"),
    );
    let clip = clip.finish().expect("a rectangle is a path");
    surface.push_clip_path(&clip, &FillRule::NonZero);
    for text in &face.texts {
        text_to_pdf(surface, text);
    }
    surface.pop();
    surface.pop();
    surface.set_fill(None);
}

fn text_to_pdf(surface: &mut Surface, text: &PlacedText) {
    let Some(ink) = text.shaped.fill else {
        return;
    };
    let t = text.transform;
    surface.push_transform(&krilla::geom::Transform::from_row(
        t.sx, t.ky, t.kx, t.sy, t.tx, t.ty,
    ));
    surface.set_fill(Some(Fill {
        paint: rgb::Color::new(ink.rgb[0], ink.rgb[1], ink.rgb[2]).into(),
        opacity: NormalizedF32::new(ink.opacity).unwrap_or(NormalizedF32::ONE),
        rule: FillRule::NonZero,
    }));
    surface.set_stroke(None);
    for run in &text.shaped.runs {
        let Some(font) = run.face.pdf_font() else {
            continue;
        };
        let glyphs = pdf_glyphs(run);
        surface.draw_glyphs(
            Point::from_xy(run.x, run.y),
            &glyphs,
            font,
            &run.text,
            run.size,
            false,
        );
    }
    surface.pop();
}

/// A run's glyphs as the PDF writer takes them, each with the text of its cluster (the
/// characters up to the next cluster), so that the words copy out of the PDF.
fn pdf_glyphs(run: &GlyphRun) -> Vec<KrillaGlyph> {
    // A left-to-right run's clusters rise: a glyph's text ends where the next glyph's cluster
    // starts, or where that glyph's text ends when both share a cluster; found in one pass
    // from the end.
    let len = run.text.len();
    let mut ends = vec![len; run.glyphs.len()];
    for i in (0..run.glyphs.len()).rev() {
        let start = run.glyphs[i].cluster as usize;
        ends[i] = match run.glyphs.get(i + 1) {
            Some(next) if next.cluster as usize > start => next.cluster as usize,
            Some(_) if ends[i + 1] > start => ends[i + 1],
            _ => len,
        };
    }
    run.glyphs
        .iter()
        .zip(ends)
        .map(|(g, end)| {
            KrillaGlyph::new(
                GlyphId::new(u32::from(g.id)),
                g.x_advance,
                g.x_offset,
                g.y_offset,
                0.0,
                g.cluster as usize..end,
                None,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::faces::ShapedGlyph;
    use crate::text::fonts::Fonts;

    #[test]
    fn each_glyph_carries_the_text_of_its_cluster() {
        let fonts = Fonts::bundled().unwrap();
        let id = fonts.faces.select("Noto Sans", false, false).unwrap();
        let glyph = |cluster| ShapedGlyph {
            id: 1,
            cluster,
            x_advance: 0.5,
            x_offset: 0.0,
            y_offset: 0.0,
        };
        // "ffi x": a ligature of three letters, a space, a base letter with a mark (two
        // glyphs, one cluster).
        let run = GlyphRun {
            face: fonts.faces.face_data(id).unwrap(),
            font: id,
            piece: 0,
            size: 4.0,
            x: 0.0,
            y: 0.0,
            text: "ffi x\u{301}".into(),
            glyphs: vec![glyph(0), glyph(3), glyph(4), glyph(4)],
            ink: None,
            glyph_inks: Vec::new(),
            heavy: false,
        };
        let ranges: Vec<_> = pdf_glyphs(&run)
            .iter()
            .map(|g| g.text_range.clone())
            .collect();
        assert_eq!(ranges, [0..3, 3..4, 4..7, 4..7]);
    }
}
