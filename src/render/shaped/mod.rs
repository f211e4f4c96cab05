//! Text drawn as shaped: the words `text_box` fitted go into the print as the very glyphs it
//! measured, not laid out a second time by the SVG reader.
//!
//! usvg lays out every `text` it reads and turns each glyph into a path, and krilla-svg then
//! draws the glyphs one by one: at 10,000 rich cards that was a third of the build's time,
//! spent on text protopress had already shaped and fitted with the same fonts. So before a face
//! is parsed, each `text` element `text_box` wrote is taken out of its SVG and a marker group
//! left where it stood ([`extract`]); the rest is parsed as SVG. The texts are shaped into
//! glyph runs with the faces the fitter measured with ([`runs`]) and drawn after the face:
//! into the PDF as real text (searchable, selectable, [`draw`]), into pixels from the glyphs
//! ([`pixels`]). Drawing them last is only the same as drawing them in place when nothing
//! drawn after covers them and nothing around them changes how they paint ([`place`]); a face
//! where that does not hold is parsed whole, as any SVG.

pub mod draw;
pub mod extract;
pub mod pixels;
pub mod place;
pub mod runs;

use std::path::Path;

use crate::error::Result;
use crate::project::Project;
use crate::render::svg::{check_font_families, check_links, parse_doc, read_xml};
use crate::text::fonts::Fonts;

pub use runs::{GlyphRun, Ink, ShapedText};

/// A face read for drawing: its SVG tree and, when its text boxes were taken out, their text.
pub struct ParsedFace {
    pub tree: usvg::Tree,
    /// The text boxes taken out of the SVG, in paint order (by marker index); empty when the
    /// face was parsed whole.
    pub texts: Vec<PlacedText>,
    /// Why the SVG reader laid out text `text_box` wrote, when it did (see [`place`]).
    pub fell_back: Option<FellBack>,
}

/// Why a face's text boxes were left to the SVG reader, as `build -v` tells the designer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FellBack {
    /// Its SVG could not be read back as `text_box` writes it (a hand-made element, or
    /// broken SVG the whole parse reports).
    Unread,
    /// An element around a text box passes something on to it, or the face has a style sheet,
    /// a `tref`, or a `use` of the text.
    Surroundings,
    /// Its text or font needs the reader: right to left, colour or variable fonts, a fill that
    /// is no plain colour, a family list, numbers past any face.
    Text,
    /// Something drawn after a text box covers it, or a group's effect reaches it.
    Drawing,
}

impl FellBack {
    pub fn why(self) -> &'static str {
        match self {
            FellBack::Unread => "its text boxes could not be read back",
            FellBack::Surroundings => {
                "a group around a text box sets a text property, or the SVG has a style sheet, a tref or a use of the text"
            }
            FellBack::Text => {
                "a text box runs right to left, needs a colour or variable font, or has a fill or family the SVG reader resolves"
            }
            FellBack::Drawing => {
                "something drawn after a text box covers it, or a group's opacity, clip, mask or filter reaches it"
            }
        }
    }
}

/// A shaped text box and where its units stand on the face's canvas.
pub struct PlacedText {
    pub shaped: ShapedText,
    pub transform: usvg::Transform,
}

impl ParsedFace {
    /// A face parsed whole: all its text in the tree.
    pub fn whole(tree: usvg::Tree) -> ParsedFace {
        ParsedFace {
            tree,
            texts: Vec::new(),
            fell_back: None,
        }
    }

    /// Where a node of the tree draws on the canvas (x0, y0, x1, y1), strokes and the text
    /// boxes taken out of it included; none when it draws nothing.
    pub fn extent(&self, node: &usvg::Node) -> Option<[f32; 4]> {
        match node {
            usvg::Node::Group(g) => match self.text_of(g) {
                Some(text) => text.ink_on_canvas(),
                None => g
                    .children()
                    .iter()
                    .filter_map(|n| self.extent(n))
                    .reduce(union),
            },
            leaf => {
                let b = leaf.abs_stroke_bounding_box();
                (b.width() > 0.0 || b.height() > 0.0)
                    .then(|| [b.left(), b.top(), b.right(), b.bottom()])
            }
        }
    }

    /// The text box a group of the tree marks, if it is a marker.
    pub fn text_of(&self, group: &usvg::Group) -> Option<&PlacedText> {
        self.texts.get(extract::marker_index(group.id())?)
    }
}

impl PlacedText {
    /// Where its glyphs put ink on the face's canvas (x0, y0, x1, y1); none for no ink.
    pub fn ink_on_canvas(&self) -> Option<[f32; 4]> {
        self.shaped
            .runs
            .iter()
            .filter_map(|r| r.ink)
            .map(|b| place::on_canvas(b, self.transform))
            .reduce(union)
    }

    /// Its words, piece after piece, as a reader would copy them.
    pub fn words(&self) -> String {
        (0..self.shaped.pieces())
            .map(|p| self.shaped.piece_text(p))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The box around two boxes.
pub(super) fn union(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    [
        a[0].min(b[0]),
        a[1].min(b[1]),
        a[2].max(b[2]),
        a[3].max(b[3]),
    ]
}

/// Parses a face's SVG as [`crate::render::svg::parse`] does, its text boxes taken out to be
/// drawn as shaped where that prints the same.
pub fn parse_face(svg: &str, fonts: &Fonts, project: &Project, base: &Path) -> Result<ParsedFace> {
    check_font_families(svg, fonts)?;
    check_links(svg, base)?;
    let why = match parse_shaped(svg, fonts, project, base) {
        Ok(Some(face)) => return Ok(face),
        Ok(None) => None,
        Err(why) => Some(why),
    };
    let doc = read_xml(svg)?;
    let tree = parse_doc(&doc, svg, fonts, project, base)?;
    Ok(ParsedFace {
        fell_back: why,
        ..ParsedFace::whole(tree)
    })
}

/// The face with its text boxes taken out; none when it has none, or why one of them must be
/// laid out by the SVG reader (an error is then met, and reported, by the whole parse).
fn parse_shaped(
    svg: &str,
    fonts: &Fonts,
    project: &Project,
    base: &Path,
) -> std::result::Result<Option<ParsedFace>, FellBack> {
    if !svg.contains(crate::text::fit::TEXT_BOX_MARK) {
        return Ok(None);
    }
    let (stripped, elements) = extract::take_text_boxes(svg).ok_or(FellBack::Unread)?;
    let doc = read_xml(&stripped).map_err(|_| FellBack::Unread)?;
    if !place::plain_surroundings(&doc, elements.len()) {
        return Err(FellBack::Surroundings);
    }
    // Shaped before the tree is parsed: a face whose text must go to the SVG reader is then
    // parsed once, whole, and not a second time.
    let shaped: Vec<ShapedText> = elements
        .iter()
        .map(|e| runs::shape(&fonts.faces, e))
        .collect::<Option<_>>()
        .ok_or(FellBack::Text)?;
    let tree = parse_doc(&doc, &stripped, fonts, project, base).map_err(|_| FellBack::Unread)?;
    let placements = place::place(&tree, &shaped).ok_or(FellBack::Drawing)?;
    let texts = shaped
        .into_iter()
        .zip(placements)
        .map(|(shaped, p)| PlacedText {
            shaped,
            transform: p.transform,
        })
        .collect();
    Ok(Some(ParsedFace {
        tree,
        texts,
        fell_back: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOX: &str = r##"<text data-text-box="" font-family="Noto Sans" font-size="4" fill="#203040"><tspan x="10" y="20">Draw two</tspan><tspan x="10" y="25" font-weight="bold" word-spacing="0.5">then rest</tspan></text>"##;

    fn parse(body: &str) -> ParsedFace {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="90mm" viewBox="0 0 60 90">{body}</svg>"#
        );
        let dir = tempfile::tempdir().unwrap();
        let project = Project::open(dir.path()).unwrap();
        parse_face(&svg, &Fonts::bundled().unwrap(), &project, Path::new("")).unwrap()
    }

    fn has_svg_text(g: &usvg::Group) -> bool {
        g.children().iter().any(|n| match n {
            usvg::Node::Text(_) => true,
            usvg::Node::Group(g) => has_svg_text(g),
            _ => false,
        })
    }

    #[test]
    fn a_text_box_is_taken_out_and_shaped_where_it_stood() {
        let face = parse(&format!(
            r##"<rect width="60" height="90" fill="#eee"/><g transform="translate(5 0)">{BOX}</g>"##
        ));
        assert_eq!(face.fell_back, None);
        assert!(!has_svg_text(face.tree.root()));
        let [text] = &face.texts[..] else {
            panic!("one text box");
        };
        assert_eq!(text.words(), "Draw two then rest");
        assert_eq!(text.shaped.fill.unwrap().rgb, [0x20, 0x30, 0x40]);
        // The group's move and the viewBox's mm-to-px scale: 3.78 px a mm.
        let px = 96.0 / 25.4;
        assert!(
            (text.transform.tx - 5.0 * px).abs() < 1e-3,
            "{:?}",
            text.transform
        );
        assert!((text.transform.sx - px).abs() < 1e-3);
        let [x0, y0, _, y1] = text.ink_on_canvas().unwrap();
        assert!((x0 / px - 15.0).abs() < 0.5, "{x0}");
        // From the cap height of the first line to the baseline of the second.
        assert!(y0 / px > 16.5 && y0 / px < 17.5, "{y0}");
        assert!(y1 / px > 24.9 && y1 / px < 26.2, "{y1}");
    }

    #[test]
    fn a_face_that_would_print_differently_is_parsed_whole() {
        for body in [
            // Something drawn after the text, over it.
            format!(r##"{BOX}<rect x="9" y="16" width="20" height="10" fill="#f00"/>"##),
            // A group that changes how the text paints.
            format!(r#"<g opacity="0.5">{BOX}</g>"#),
            format!(
                r#"<g clip-path="url(#c)"><clipPath id="c"><rect width="30" height="30"/></clipPath>{BOX}</g>"#
            ),
            format!(r#"<g stroke="red" stroke-width="0.2">{BOX}</g>"#),
            format!(r#"<g style="letter-spacing: 1px">{BOX}</g>"#),
            format!(r#"<g font-weight="bold">{BOX}</g>"#),
            format!(r#"<style>text {{ fill: red }}</style>{BOX}"#),
            format!(r#"<g fill-rule="evenodd">{BOX}</g>"#),
            format!(r#"<g text-rendering="optimizeSpeed">{BOX}</g>"#),
            format!(r##"<g id="t">{BOX}</g><text x="5" y="80"><tref href="#t"/></text>"##),
            // A family the SVG reader resolves: generic, or a list.
            BOX.replace("Noto Sans", "monospace"),
            BOX.replace("Noto Sans", "Noto Sans, serif"),
            // Drawn more than once, or not in the face itself.
            format!(r##"<g id="t">{BOX}</g><use href="#t" x="20"/>"##),
            format!(
                r##"<g id="t">{BOX}</g><use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#t" x="20"/>"##
            ),
            format!(r##"<defs><g id="t">{BOX}</g></defs><use href="#t"/>"##),
        ] {
            let face = parse(&body);
            assert!(face.texts.is_empty(), "{body}");
            assert!(face.fell_back.is_some(), "{body}");
            assert!(
                has_svg_text(face.tree.root()),
                "{body}: the SVG reader lays it out"
            );
        }
    }

    /// `build -v` names why a face was read whole, by stage.
    #[test]
    fn a_face_read_whole_says_why() {
        let why = |body: &str| parse(body).fell_back;
        assert_eq!(
            why(&format!(r#"<g stroke="red">{BOX}</g>"#)),
            Some(FellBack::Surroundings)
        );
        assert_eq!(
            why(&BOX.replace("#203040", "currentColor")),
            Some(FellBack::Text)
        );
        assert_eq!(
            why(&format!(
                r##"{BOX}<rect x="9" y="16" width="20" height="10" fill="#f00"/>"##
            )),
            Some(FellBack::Drawing)
        );
        assert_eq!(
            why(&BOX.replace("<tspan", "<tspan letter-spacing=\"1\"")),
            Some(FellBack::Unread)
        );
        assert_eq!(
            why(r#"<text x="5" y="10" font-size="4">plain</text>"#),
            None
        );
    }

    #[test]
    fn what_is_drawn_after_but_beside_the_text_leaves_it_shaped() {
        let face = parse(&format!(
            r##"{BOX}<rect x="9" y="27" width="20" height="10" fill="#f00"/><rect x="40" y="10" width="5" height="20"/>"##
        ));
        assert_eq!(face.texts.len(), 1);
        assert_eq!(face.fell_back, None);
        // Inside the line's box, but in the space between two words: no glyph is covered.
        let alone = parse(BOX);
        let inks = &alone.texts[0].shaped.runs[0].glyph_inks;
        // "Draw two": the space draws nothing, so the fifth box is the `t`'s.
        let (w_end, t_start) = (inks[3][2], inks[4][0]);
        assert!(t_start - w_end > 0.5, "{inks:?}");
        let dot = |x: f32| {
            parse(&format!(
                r##"{BOX}<rect x="{x}" y="18" width="0.2" height="1" fill="#f00"/>"##
            ))
            .texts
            .len()
        };
        assert_eq!(
            dot((w_end + t_start) / 2.0 - 0.1),
            1,
            "between `Draw` and `two`"
        );
        assert_eq!(dot(t_start + 0.3), 0, "on the `t`");
    }

    #[test]
    fn a_face_of_thousands_of_texts_and_shapes_is_parsed_whole_rather_than_compared_at_length() {
        let one = |i: usize| {
            format!(
                r##"<text data-text-box="" font-family="Noto Sans" font-size="0.5" fill="#000"><tspan x="{}" y="{}">w</tspan></text><rect x="{}" y="80" width="0.01" height="0.01"/>"##,
                i % 50,
                i / 50 + 1,
                i % 50
            )
        };
        let many: String = (0..2100).map(one).collect();
        let face = parse(&many);
        assert!(face.fell_back.is_some() && face.texts.is_empty());
        let few: String = (0..100).map(one).collect();
        assert_eq!(parse(&few).texts.len(), 100);
    }

    /// Numbers a template may write that would overflow a glyph's box or transform: the face
    /// is left to the SVG reader, and drawing it (into the PDF and into pixels) does not fail.
    #[test]
    fn huge_numbers_are_left_to_the_svg_reader_and_draw_without_fault() {
        for body in [
            BOX.replace(r#"font-size="4""#, r#"font-size="3.4e38""#),
            BOX.replace(r#"x="10""#, r#"x="1e30""#),
            BOX.replace(r#"word-spacing="0.5""#, r#"word-spacing="1e38""#),
            format!(r#"<g transform="scale(1e30)">{BOX}</g>"#),
        ] {
            let face = parse(&body);
            assert!(face.texts.is_empty() && face.fell_back.is_some(), "{body}");
            let mut doc = krilla::Document::new();
            let mut page = doc.start_page();
            let mut surface = page.surface();
            draw::to_pdf(
                &mut surface,
                &face,
                krilla::geom::Size::from_wh(170.0, 255.0).unwrap(),
            );
            surface.finish();
            page.finish();
            assert!(doc.finish().is_ok(), "{body}");
            let mut pixmap = resvg::tiny_skia::Pixmap::new(60, 90).unwrap();
            pixels::to_pixels(&mut pixmap.as_mut(), &face, usvg::Transform::identity());
        }
    }

    /// The pixels of a text box drawn from its glyphs' outlines are the SVG reader's: the same
    /// ink in the same places, to the anti-aliasing of an edge.
    #[test]
    fn a_shaped_text_box_draws_the_pixels_the_svg_reader_draws() {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="90mm" viewBox="0 0 60 90"><g transform="translate(2 3)">{BOX}</g></svg>"#
        );
        let dir = tempfile::tempdir().unwrap();
        let project = Project::open(dir.path()).unwrap();
        let fonts = Fonts::bundled().unwrap();
        let shaped = parse_face(&svg, &fonts, &project, Path::new("")).unwrap();
        assert_eq!(shaped.texts.len(), 1);
        let whole = ParsedFace::whole(
            crate::render::svg::parse(&svg, &fonts, &project, Path::new("")).unwrap(),
        );
        let draw = |face: &ParsedFace| {
            let mut pixmap = resvg::tiny_skia::Pixmap::new(480, 720).unwrap();
            pixmap.fill(resvg::tiny_skia::Color::WHITE);
            let scale = 480.0 / face.tree.size().width();
            pixels::to_pixels(
                &mut pixmap.as_mut(),
                face,
                usvg::Transform::from_scale(scale, scale),
            );
            pixmap
                .data()
                .chunks_exact(4)
                .map(|p| p[0])
                .collect::<Vec<u8>>()
        };
        let (a, b) = (draw(&shaped), draw(&whole));
        let inked = b.iter().filter(|&&v| v < 128).count();
        let apart = a
            .iter()
            .zip(&b)
            .filter(|(x, y)| x.abs_diff(**y) > 64)
            .count();
        assert!(inked > 500, "the text put down ink: {inked} pixels");
        assert!(apart * 50 < inked, "{apart} of {inked} inked pixels differ");
    }

    #[test]
    fn raw_svg_text_is_left_to_the_svg_reader() {
        let face = parse(r#"<text x="5" y="10" font-size="4">Hand written</text>"#);
        assert!(face.texts.is_empty());
        assert_eq!(face.fell_back, None);
        assert!(has_svg_text(face.tree.root()));
    }
}
