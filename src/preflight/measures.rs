//! What a parsed face holds, measured in print units: every run of text (its size in points,
//! weight, colour and where it stands in mm), every stroke's width and every raster image's
//! resolution as placed.
//!
//! Measured on the usvg tree rather than the SVG text: the tree has resolved the CSS, the
//! inherited font sizes and every transform, so a `<g transform="scale(0.5)">` around 10 pt
//! text is 5 pt here, as it prints.

use usvg::{Node, Paint};

use crate::render::shaped::{ParsedFace, PlacedText};

/// Millimetres per point (1 pt = 1/72 in).
pub const MM_PER_PT: f32 = 25.4 / 72.0;

/// A rectangle of a face in mm from its top-left corner, bleed included.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxMm {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

/// One run of text in one style: a line of a `text_box`, a bold word, a raw `<text>`.
#[derive(Debug, Clone)]
pub struct TextRun {
    /// Index of its `<text>` element in the face, to report an element once.
    pub element: usize,
    /// The element's `id`, empty when it has none.
    pub id: String,
    pub words: String,
    pub size_pt: f32,
    pub bold: bool,
    /// Solid fill as sRGB 0-255 and its opacity; `None` for a gradient, a pattern or no fill.
    pub fill: Option<([u8; 3], f32)>,
    /// Where its glyphs stand (their em boxes), in mm.
    pub bbox: BoxMm,
}

/// One stroked path.
#[derive(Debug, Clone)]
pub struct Stroke {
    pub id: String,
    pub width_pt: f32,
    /// Where the path stands, in mm (for a message when it has no id).
    pub at: (f32, f32),
}

/// One raster image as placed.
#[derive(Debug, Clone)]
pub struct Image<'a> {
    pub id: String,
    pub data: &'a [u8],
    /// Its pixels over its printed size in inches, the lower of the two axes.
    pub dpi: f32,
    pub pixels: (usize, usize),
    pub size_mm: (f32, f32),
}

/// Everything measured on one face.
#[derive(Debug, Default)]
pub struct Measures<'a> {
    pub texts: Vec<TextRun>,
    pub strokes: Vec<Stroke>,
    pub images: Vec<Image<'a>>,
}

/// Measures a parsed face; `mm_per_unit` converts its absolute (canvas) units to mm.
pub fn measure(face: &ParsedFace, mm_per_unit: f32) -> Measures<'_> {
    let mut m = Measures::default();
    let mut walk = Walk {
        face,
        tree: &face.tree,
        mm: mm_per_unit,
        out: &mut m,
        elements: 0,
    };
    walk.group(face.tree.root());
    m
}

struct Walk<'t, 'm> {
    face: &'t ParsedFace,
    tree: &'t usvg::Tree,
    mm: f32,
    out: &'m mut Measures<'t>,
    elements: usize,
}

/// A box that holds nothing yet: any point grows it to itself.
const NO_BOX: [f32; 4] = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];

/// Grows `b` (x0, y0, x1, y1) by a glyph's em box at font size `fs`, its origin on the
/// baseline where `t` puts the text's 0, 0 (the advance is not known: 0.6 em is a wide
/// letter's).
fn grow_by_em_box(b: &mut [f32; 4], t: usvg::Transform, fs: f32) {
    for (dx, dy) in [(0.0, -0.8), (0.6, -0.8), (0.0, 0.2), (0.6, 0.2)] {
        let mut p = usvg::tiny_skia_path::Point::from_xy(dx * fs, dy * fs);
        t.map_point(&mut p);
        *b = [b[0].min(p.x), b[1].min(p.y), b[2].max(p.x), b[3].max(p.y)];
    }
}

/// How much a transform scales lengths (the square root of its area scale, so a rotation
/// keeps 1 and a uniform scale is itself).
fn scale_of(t: usvg::Transform) -> f32 {
    (t.sx * t.sy - t.kx * t.ky).abs().sqrt()
}

impl<'t> Walk<'t, '_> {
    fn group(&mut self, group: &'t usvg::Group) {
        for node in group.children() {
            match node {
                Node::Group(g) => match self.face.text_of(g) {
                    Some(text) => self.shaped(text),
                    None => self.group(g),
                },
                Node::Text(text) => self.text(text),
                Node::Path(path) => self.path(path),
                Node::Image(image) => self.image(image),
            }
        }
    }

    fn text(&mut self, text: &usvg::Text) {
        let element = self.elements;
        self.elements += 1;
        let ts = text.abs_transform();
        let scale = scale_of(ts) * self.mm;
        for span in text.layouted() {
            if !span.visible || span.positioned_glyphs.is_empty() {
                continue;
            }
            let words: String = span
                .positioned_glyphs
                .iter()
                .map(|g| g.text.as_str())
                .collect();
            let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
            if words.is_empty() {
                continue;
            }
            let fs = span.font_size.get();
            let bold = span
                .positioned_glyphs
                .first()
                .and_then(|g| self.tree.fontdb().face(g.font))
                .is_some_and(|f| f.weight.0 >= 600);
            // Text that puts no ink down (no fill, or a transparent one, and no stroke) is not
            // printed: nothing to read.
            let inks = |o: f32| o > 0.01;
            let filled = span.fill.as_ref().is_some_and(|f| inks(f.opacity().get()));
            let stroked = span
                .stroke
                .as_ref()
                .is_some_and(|s| inks(s.opacity().get()));
            if !filled && !stroked {
                continue;
            }
            let fill = span
                .fill
                .as_ref()
                .filter(|f| inks(f.opacity().get()))
                .and_then(|f| match f.paint() {
                    Paint::Color(c) => Some(([c.red, c.green, c.blue], f.opacity().get())),
                    _ => None,
                });
            // Each glyph's em box from its origin, in the text's own space, onto the canvas.
            let mut b = NO_BOX;
            for g in &span.positioned_glyphs {
                grow_by_em_box(&mut b, ts.pre_concat(g_origin(g)), fs);
            }
            let [x0, y0, x1, y1] = b;
            self.out.texts.push(TextRun {
                element,
                id: text.id().to_owned(),
                words,
                size_pt: fs * scale / MM_PER_PT,
                bold,
                fill,
                bbox: BoxMm {
                    x0: x0 * self.mm,
                    y0: y0 * self.mm,
                    x1: x1 * self.mm,
                    y1: y1 * self.mm,
                },
            });
        }
    }

    /// A text box drawn as shaped: a run for each piece, measured as [`Walk::text`] measures
    /// usvg's spans.
    fn shaped(&mut self, text: &PlacedText) {
        let element = self.elements;
        self.elements += 1;
        let Some(ink) = text.shaped.fill.filter(|i| i.opacity > 0.01) else {
            return;
        };
        let ts = text.transform;
        let scale = scale_of(ts) * self.mm;
        let runs = &text.shaped.runs;
        let pieces = text.shaped.pieces();
        for piece in 0..pieces {
            let of_piece: Vec<_> = runs.iter().filter(|r| r.piece == piece).collect();
            let Some(first) = of_piece.first() else {
                continue;
            };
            let words = text.shaped.piece_text(piece);
            let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
            if words.is_empty() {
                continue;
            }
            let fs = first.size;
            let mut b = NO_BOX;
            for run in &of_piece {
                let mut pen = run.x;
                for g in &run.glyphs {
                    let (ox, oy) = (pen + g.x_offset * fs, run.y - g.y_offset * fs);
                    grow_by_em_box(&mut b, ts.pre_translate(ox, oy), fs);
                    pen += g.x_advance * fs;
                }
            }
            self.out.texts.push(TextRun {
                element,
                id: String::new(),
                words,
                size_pt: fs * scale / MM_PER_PT,
                bold: first.heavy,
                fill: Some((ink.rgb, ink.opacity)),
                bbox: BoxMm {
                    x0: b[0] * self.mm,
                    y0: b[1] * self.mm,
                    x1: b[2] * self.mm,
                    y1: b[3] * self.mm,
                },
            });
        }
    }

    fn path(&mut self, path: &usvg::Path) {
        let Some(stroke) = path.stroke() else {
            return;
        };
        if !path.is_visible() || stroke.opacity().get() <= 0.0 {
            return;
        }
        let width_mm = stroke.width().get() * scale_of(path.abs_transform()) * self.mm;
        let b = path.abs_bounding_box();
        self.out.strokes.push(Stroke {
            id: path.id().to_owned(),
            width_pt: width_mm / MM_PER_PT,
            at: (b.x() * self.mm, b.y() * self.mm),
        });
    }

    fn image(&mut self, image: &'t usvg::Image) {
        let data = match image.kind() {
            usvg::ImageKind::JPEG(d)
            | usvg::ImageKind::PNG(d)
            | usvg::ImageKind::GIF(d)
            | usvg::ImageKind::WEBP(d) => d.as_slice(),
            // Vector art prints sharp at any size.
            usvg::ImageKind::SVG(_) => return,
        };
        let Ok(size) = imagesize::blob_size(data) else {
            return;
        };
        let b = image.abs_bounding_box();
        let (w_mm, h_mm) = (b.width() * self.mm, b.height() * self.mm);
        if w_mm <= 0.0 || h_mm <= 0.0 || !image.is_visible() {
            return;
        }
        let dpi = (size.width as f32 / (w_mm / 25.4)).min(size.height as f32 / (h_mm / 25.4));
        self.out.images.push(Image {
            id: image.id().to_owned(),
            data,
            dpi,
            pixels: (size.width, size.height),
            size_mm: (w_mm, h_mm),
        });
    }
}

/// The transform from a glyph's em space (y down, origin on the baseline, one unit a pixel of
/// its font size) to its text's space: the glyph's own transform without the font's units.
fn g_origin(g: &usvg::layout::PositionedGlyph) -> usvg::Transform {
    // `transform()` scales font units by size/units-per-em; undo that scale, keeping the
    // position, rotation and any skew of the cluster.
    let t = g.transform();
    let s = scale_of(t);
    let fs = g.font_size();
    if s <= 0.0 || fs <= 0.0 {
        return t;
    }
    // Scale 1 unit = 1 user unit of the text.
    t.pre_scale(1.0 / s, 1.0 / s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(svg: &str) -> ParsedFace {
        let opts = usvg::Options {
            fontdb: crate::text::fonts::Fonts::bundled().unwrap().db,
            ..usvg::Options::default()
        };
        ParsedFace::whole(usvg::Tree::from_str(svg, &opts).unwrap())
    }

    /// `svg` as a build parses it: text boxes taken out and drawn as shaped.
    fn shaped(svg: &str) -> ParsedFace {
        let dir = tempfile::tempdir().unwrap();
        let project = crate::project::Project::open(dir.path()).unwrap();
        let fonts = crate::text::fonts::Fonts::bundled().unwrap();
        crate::render::shaped::parse_face(svg, &fonts, &project, std::path::Path::new("")).unwrap()
    }

    #[test]
    fn a_text_box_drawn_as_shaped_measures_as_the_svg_reader_laid_it_out() {
        let svg = format!(
            r##"{HEAD}<g transform="translate(2 1)"><text data-text-box="" font-family="Noto Sans" font-size="3" fill="#204060"><tspan x="4" y="8">Move one room,</tspan><tspan x="4" y="12" font-weight="bold" word-spacing="0.4">then draw</tspan><tspan x="24" y="12">two.</tspan></text></g></svg>"##
        );
        let (whole, drawn) = (tree(&svg), shaped(&svg));
        assert_eq!(drawn.texts.len(), 1, "taken out");
        let w = measure(&whole, 60.0 / whole.tree.size().width()).texts;
        let d = measure(&drawn, 60.0 / drawn.tree.size().width()).texts;
        assert_eq!(w.len(), 3, "{w:?}");
        assert_eq!(d.len(), w.len(), "{d:?}");
        for (a, b) in w.iter().zip(&d) {
            assert_eq!(
                (a.element, &a.words, a.bold, a.fill),
                (b.element, &b.words, b.bold, b.fill)
            );
            assert!((a.size_pt - b.size_pt).abs() < 1e-3, "{a:?} {b:?}");
            for (p, q) in [
                (a.bbox.x0, b.bbox.x0),
                (a.bbox.y0, b.bbox.y0),
                (a.bbox.x1, b.bbox.x1),
                (a.bbox.y1, b.bbox.y1),
            ] {
                assert!((p - q).abs() < 0.02, "{a:?} {b:?}");
            }
        }
    }

    const HEAD: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="40mm" viewBox="0 0 60 40">"#;

    #[test]
    fn text_is_measured_in_points_through_its_transforms() {
        // 3.528 mm is 10 pt; scaled by half it prints at 5 pt.
        let svg = format!(
            r##"{HEAD}<g transform="scale(0.5)"><text id="t" x="10" y="20" font-family="Noto Sans" font-size="3.528" font-weight="bold" fill="#336699">Hello there</text></g></svg>"##
        );
        let t = tree(&svg);
        let m = measure(&t, 60.0 / t.tree.size().width());
        assert_eq!(m.texts.len(), 1, "{m:?}");
        let run = &m.texts[0];
        assert!((run.size_pt - 5.0).abs() < 0.05, "{run:?}");
        assert!(
            run.bold && run.words == "Hello there" && run.id == "t",
            "{run:?}"
        );
        assert_eq!(run.fill, Some(([0x33, 0x66, 0x99], 1.0)));
        // Its box starts at x = 5 mm and stands above the baseline at y = 10 mm.
        assert!((run.bbox.x0 - 5.0).abs() < 0.3, "{run:?}");
        assert!(run.bbox.y0 < 10.0 && run.bbox.y1 > 10.0, "{run:?}");
    }

    #[test]
    fn text_that_puts_down_no_ink_is_not_measured() {
        let svg = format!(
            r#"{HEAD}<text x="10" y="20" font-family="Noto Sans" font-size="1" fill-opacity="0">hidden</text><text x="10" y="30" font-family="Noto Sans" font-size="1" fill="none">none</text></svg>"#
        );
        let t = tree(&svg);
        assert!(measure(&t, 60.0 / t.tree.size().width()).texts.is_empty());
    }

    #[test]
    fn strokes_are_measured_in_points() {
        let svg = format!(
            r#"{HEAD}<line id="hair" x1="0" y1="5" x2="60" y2="5" stroke="black" stroke-width="0.035"/><rect x="1" y="1" width="5" height="5" fill="red"/></svg>"#
        );
        let t = tree(&svg);
        let m = measure(&t, 60.0 / t.tree.size().width());
        assert_eq!(m.strokes.len(), 1);
        assert!(
            (m.strokes[0].width_pt - 0.0992).abs() < 0.002,
            "{:?}",
            m.strokes
        );
        assert_eq!(m.strokes[0].id, "hair");
    }
}
