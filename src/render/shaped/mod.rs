//! Text drawn as shaped: the words `text_box` fitted go into the print as the very glyphs it
//! measured, not laid out a second time by the SVG reader.
//!
//! usvg lays out every `text` it reads and turns each glyph into a path, and krilla-svg then
//! draws the glyphs one by one: at 10,000 rich cards that was a third of the build's time,
//! spent on text protopress had already shaped and fitted with the same fonts. So before a face
//! is parsed, each `text` element `text_box` wrote is taken out of its SVG and a marker group
//! left where it stood ([`extract`]); the rest is parsed as SVG. The texts are shaped into
//! glyph runs with the faces the fitter measured with ([`runs`]) and drawn after the face:
//! into the PDF as real text (searchable, selectable), into pixels from the glyphs' outlines
//! ([`draw`]). Drawing them last is only the same as drawing them in place when nothing drawn
//! after covers them and nothing around them changes how they paint ([`place`]); a face where
//! that does not hold is parsed whole, as any SVG.

pub mod draw;
pub mod extract;
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
    /// Whether `text_box` wrote text the face could not take out, so the SVG reader laid it
    /// out (see [`place`]).
    pub fell_back: bool,
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
            fell_back: false,
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
        let pieces = self.shaped.runs.iter().map(|r| r.piece).max().map_or(0, |n| n + 1);
        (0..pieces)
            .map(|p| self.shaped.piece_text(p))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The box around two boxes.
fn union(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])]
}

/// Parses a face's SVG as [`crate::render::svg::parse`] does, its text boxes taken out to be
/// drawn as shaped where that prints the same.
pub fn parse_face(svg: &str, fonts: &Fonts, project: &Project, base: &Path) -> Result<ParsedFace> {
    check_font_families(svg, fonts)?;
    check_links(svg, base)?;
    if let Some(face) = parse_shaped(svg, fonts, project, base) {
        return Ok(face);
    }
    let doc = read_xml(svg)?;
    let tree = parse_doc(&doc, svg, fonts, project, base)?;
    Ok(ParsedFace {
        fell_back: svg.contains(crate::text::fit::TEXT_BOX_MARK),
        ..ParsedFace::whole(tree)
    })
}

/// The face with its text boxes taken out; none when it has none or one of them must be laid
/// out by the SVG reader (an error is then met, and reported, by the whole parse).
fn parse_shaped(svg: &str, fonts: &Fonts, project: &Project, base: &Path) -> Option<ParsedFace> {
    let (stripped, elements) = extract::take_text_boxes(svg)?;
    let doc = read_xml(&stripped).ok()?;
    if !place::plain_surroundings(&doc, elements.len()) {
        return None;
    }
    let tree = parse_doc(&doc, &stripped, fonts, project, base).ok()?;
    let shaped: Vec<ShapedText> = elements
        .iter()
        .map(|e| runs::shape(&fonts.faces, e))
        .collect::<Option<_>>()?;
    let placements = place::place(&tree, &shaped)?;
    let texts = shaped
        .into_iter()
        .zip(placements)
        .map(|(shaped, p)| PlacedText {
            shaped,
            transform: p.transform,
        })
        .collect();
    Some(ParsedFace {
        tree,
        texts,
        fell_back: false,
    })
}
