//! A text box read back from the face, shaped into glyph runs: each piece cut by the face that
//! draws each character (as the fitter measured it), shaped, its spaces widened by the
//! piece's word spacing, and its ink box found from the glyphs' own boxes.

use std::sync::Arc;

use usvg::fontdb::ID;

use crate::text::faces::{FaceData, FontFaces, ShapedGlyph};

use super::extract::{PieceElement, TextElement};

/// A solid colour and its opacity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ink {
    pub rgb: [u8; 3],
    pub opacity: f32,
}

/// Glyphs of one face, drawn from a pen position on a baseline.
#[derive(Clone)]
pub struct GlyphRun {
    pub face: Arc<FaceData>,
    pub font: ID,
    /// The piece (`tspan`) it belongs to.
    pub piece: usize,
    pub size: f32,
    pub x: f32,
    pub y: f32,
    pub text: String,
    pub glyphs: Vec<ShapedGlyph>,
    /// Where its glyphs put ink, in the text's own units (x0, y0, x1, y1); none for spaces.
    pub ink: Option<[f32; 4]>,
    /// Where each glyph that draws puts ink, in the same units.
    pub glyph_inks: Vec<[f32; 4]>,
    /// Whether its face is bold or heavier (weight 600 and up), as the preflight reads it.
    pub heavy: bool,
}

/// A text box shaped: its colour (none when it draws nothing) and its runs.
#[derive(Clone)]
pub struct ShapedText {
    pub fill: Option<Ink>,
    pub runs: Vec<GlyphRun>,
}

impl ShapedText {
    /// How many pieces (`tspan`s) its runs come from.
    pub fn pieces(&self) -> usize {
        self.runs.iter().map(|r| r.piece).max().map_or(0, |n| n + 1)
    }

    /// The words of piece `piece`, as the reader sees them.
    pub fn piece_text(&self, piece: usize) -> String {
        self.runs
            .iter()
            .filter(|r| r.piece == piece)
            .map(|r| r.text.as_str())
            .collect()
    }
}

/// Shapes a text box; none when a piece needs what this drawing does not do (a character no
/// face has, colour glyphs, right-to-left text, a paint that is not a plain colour).
pub fn shape(faces: &FontFaces, element: &TextElement) -> Option<ShapedText> {
    let fill = ink(&element.fill)?;
    if !plain_family(&element.family) {
        return None;
    }
    let mut runs = Vec::new();
    for (p, piece) in element.pieces.iter().enumerate() {
        if piece.text.chars().any(right_to_left) {
            return None;
        }
        let primary = faces.select(&element.family, piece.bold, piece.italic)?;
        let mut x = piece.x;
        for (font, text) in faces.runs_by_face(primary, &piece.text) {
            let run = glyph_run(faces, font?, text, (x, piece.y), element.size, piece)?;
            let advance: f32 = run.glyphs.iter().map(|g| g.x_advance).sum();
            x += advance * element.size;
            runs.push(GlyphRun { piece: p, ..run });
        }
    }
    Some(ShapedText {
        fill: fill.filter(|i| i.opacity > 0.0),
        runs,
    })
}

/// Whether a family is named plainly, as text_box writes it: a list, quotes or a generic
/// family are the SVG reader's to resolve.
fn plain_family(family: &str) -> bool {
    let generic = [
        "serif",
        "sans-serif",
        "monospace",
        "cursive",
        "fantasy",
        "system-ui",
    ];
    !family.contains([',', '\'', '"'])
        && !generic.contains(&family.trim().to_ascii_lowercase().as_str())
}

/// `text` of `piece` shaped in face `font`, its pen at `(x, y)` on the baseline, its spaces
/// widened by the piece's word spacing; none when the face cannot draw it here.
fn glyph_run(
    faces: &FontFaces,
    font: ID,
    text: &str,
    (x, y): (f32, f32),
    size: f32,
    piece: &PieceElement,
) -> Option<GlyphRun> {
    let face = faces.face_data(font)?;
    // A face the PDF writer cannot take would leave its words out of the print.
    if !face.plain || face.pdf_font().is_none() {
        return None;
    }
    let mut glyphs = faces.shape(font, text)?.to_vec();
    let spacing = piece.word_spacing / size;
    if spacing != 0.0 {
        for g in &mut glyphs {
            if text[g.cluster as usize..]
                .chars()
                .next()
                .is_some_and(word_separator)
            {
                g.x_advance += spacing;
            }
        }
    }
    if glyphs.iter().any(|g| g.id == 0) {
        return None;
    }
    // Ems up from the pen to units down from the baseline.
    let glyph_inks: Vec<[f32; 4]> = faces
        .ink_boxes(font, &glyphs)
        .into_iter()
        .map(|[x0, y0, x1, y1]| [x + x0 * size, y - y1 * size, x + x1 * size, y - y0 * size])
        .collect();
    Some(GlyphRun {
        face,
        font,
        piece: 0,
        size,
        x,
        y,
        text: text.to_owned(),
        glyphs,
        ink: glyph_inks.iter().copied().reduce(super::union),
        glyph_inks,
        heavy: faces.db.face(font).is_some_and(|f| f.weight.0 >= 600),
    })
}

/// The paint of `fill`: a colour, or none for `none`; no answer for a gradient, a pattern or
/// `currentColor`, which the SVG reader resolves.
fn ink(fill: &str) -> Option<Option<Ink>> {
    if fill.trim() == "none" {
        return Some(None);
    }
    let c: svgtypes::Color = fill.parse().ok()?;
    Some(Some(Ink {
        rgb: [c.red, c.green, c.blue],
        opacity: f32::from(c.alpha) / 255.0,
    }))
}

/// The characters SVG widens by `word-spacing`.
fn word_separator(c: char) -> bool {
    matches!(
        c as u32,
        0x0020 | 0x00A0 | 0x1361 | 0x010100 | 0x010101 | 0x01039F | 0x01091F
    )
}

/// Characters of right-to-left scripts, and the marks that isolate them: their order on the
/// line is the SVG reader's to work out.
fn right_to_left(c: char) -> bool {
    use unicode_bidi::BidiClass::*;
    matches!(
        unicode_bidi::bidi_class(c),
        R | AL | AN | RLE | RLO | RLI | LRI | FSI | PDI | LRE | LRO | PDF
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::fonts::Fonts;

    fn element(fill: &str, pieces: &[(&str, f32)]) -> TextElement {
        TextElement {
            family: "Noto Sans".into(),
            size: 4.0,
            fill: fill.into(),
            bold: false,
            italic: false,
            pieces: pieces
                .iter()
                .map(|&(text, word_spacing)| PieceElement {
                    x: 10.0,
                    y: 20.0,
                    bold: false,
                    italic: false,
                    word_spacing,
                    text: text.into(),
                })
                .collect(),
        }
    }

    #[test]
    fn word_spacing_widens_each_space_and_nothing_else() {
        let fonts = Fonts::bundled().unwrap();
        let plain = shape(&fonts.faces, &element("#000", &[("a b c", 0.0)])).unwrap();
        let wide = shape(&fonts.faces, &element("#000", &[("a b c", 0.8)])).unwrap();
        let (p, w) = (&plain.runs[0].glyphs, &wide.runs[0].glyphs);
        assert_eq!(p.len(), 5);
        for (i, (a, b)) in p.iter().zip(w).enumerate() {
            let more = if i % 2 == 1 { 0.8 / 4.0 } else { 0.0 };
            assert!((b.x_advance - a.x_advance - more).abs() < 1e-6, "glyph {i}");
        }
    }

    #[test]
    fn the_ink_box_lies_on_the_baseline_from_the_pen() {
        let fonts = Fonts::bundled().unwrap();
        let t = shape(&fonts.faces, &element("#000", &[("Hx", 0.0)])).unwrap();
        let [x0, y0, x1, y1] = t.runs[0].ink.unwrap();
        // H stands on the baseline (y 20) and rises about 0.73 em (2.9 units at size 4).
        assert!((x0 - 10.0).abs() < 0.5 && x0 >= 10.0, "{x0}");
        assert!((y1 - 20.0).abs() < 0.05, "{y1}");
        assert!((20.0 - y0 - 2.9).abs() < 0.2, "{y0}");
        assert!(x1 > x0 + 4.0 && x1 < 10.0 + 4.0 * 1.5, "{x1}");
    }

    #[test]
    fn what_this_drawing_does_not_do_is_left_to_the_svg_reader() {
        let fonts = Fonts::bundled().unwrap();
        assert!(shape(&fonts.faces, &element("url(#g)", &[("a", 0.0)])).is_none());
        assert!(shape(&fonts.faces, &element("currentColor", &[("a", 0.0)])).is_none());
        assert!(shape(&fonts.faces, &element("#000", &[("שלום", 0.0)])).is_none());
        let none = shape(&fonts.faces, &element("none", &[("a", 0.0)])).unwrap();
        assert!(none.fill.is_none());
        let red = shape(&fonts.faces, &element("red", &[("a", 0.0)])).unwrap();
        assert_eq!(red.fill.unwrap().rgb, [255, 0, 0]);
    }

    #[test]
    fn a_character_the_style_lacks_is_drawn_by_the_face_that_has_it() {
        let fonts = Fonts::bundled().unwrap();
        let t = shape(&fonts.faces, &element("#000", &[("a → b", 0.0)])).unwrap();
        let text: String = t.runs.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(text, "a → b");
        assert_eq!(t.piece_text(0), "a → b");
        // Each run starts where the one before it ends.
        for pair in t.runs.windows(2) {
            let adv: f32 = pair[0].glyphs.iter().map(|g| g.x_advance).sum();
            assert!((pair[1].x - pair[0].x - adv * 4.0).abs() < 1e-4);
        }
    }
}
