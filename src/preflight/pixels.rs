//! The face as the pixel classes read it: rendered once, small, and without its text.
//!
//! Without its text, the render is what stands behind the words, so the contrast of a text is
//! read straight off it. Text boxes drawn as shaped are not in the tree at all (their marker
//! groups draw nothing); text the SVG reader laid out is skipped here, which also halves the
//! render of such a face, glyph outlines being most of what a card draws. Groups that hold
//! text are walked into rather than drawn whole, so their own opacity, clip or mask is not
//! applied to the art beside the text: templates put those on the art itself, and a test here
//! is a reading, not a print.

use resvg::tiny_skia::{Pixmap, Transform};

use crate::render::faces::Face;

/// Pixels a millimetre: enough to tell what stands behind 6 pt text (2.1 mm, four pixels
/// high) and to see a 3 mm bleed (six pixels); a poker card is 26,000 pixels. Rasterising is
/// most of preflight's time, and it grows with this.
pub const PX_PER_MM: f32 = 2.0;
/// Most pixels of one render: a large board is rendered coarser (its text is large too).
const MAX_PIXELS: f32 = 100_000.0;

/// The face with its bleed, without its text, over nothing (transparent where nothing is
/// drawn), and its pixels a millimetre.
pub fn render(face: &Face, tree: &usvg::Tree) -> Option<(Pixmap, f32)> {
    let w_mm = face.size.width_mm + 2.0 * face.bleed;
    let h_mm = face.size.height_mm + 2.0 * face.bleed;
    let ppm = PX_PER_MM.min((MAX_PIXELS / (w_mm * h_mm)).sqrt());
    let (w, h) = ((w_mm * ppm).round() as u32, (h_mm * ppm).round() as u32);
    let mut pixmap = Pixmap::new(w.max(1), h.max(1))?;
    // Canvas units to pixels, axis by axis as `raster::draw_area` scales a face.
    let root = Transform::from_scale(
        w as f32 / tree.size().width(),
        h as f32 / tree.size().height(),
    );
    draw_without_text(tree.root(), root, &mut pixmap);
    Some((pixmap, w as f32 / w_mm))
}

/// Whether the SVG reader laid out text anywhere in `group`: a render of it without its text
/// then lacks more than the shaped text boxes drawn after it.
pub fn has_text(group: &usvg::Group) -> bool {
    group.children().iter().any(|n| match n {
        usvg::Node::Text(_) => true,
        usvg::Node::Group(g) => has_text(g),
        _ => false,
    })
}

/// Draws every node of `group` but text: a node without text whole, a group with text child
/// by child.
fn draw_without_text(group: &usvg::Group, root: Transform, pixmap: &mut Pixmap) {
    for node in group.children() {
        match node {
            usvg::Node::Text(_) => {}
            usvg::Node::Group(g) if has_text(g) => draw_without_text(g, root, pixmap),
            node => {
                let Some(bbox) = node.abs_layer_bounding_box() else {
                    continue;
                };
                // `render_node` draws a node where its parent's transform puts it, moved to the
                // origin by its box; the box's move is undone, and a group's own transform,
                // which `render_node` applies itself, is taken out of its absolute one.
                let parent = match node {
                    usvg::Node::Group(g) => g
                        .abs_transform()
                        .pre_concat(g.transform().invert().unwrap_or_default()),
                    other => other.abs_transform(),
                };
                let t = root.pre_concat(parent).pre_translate(bbox.x(), bbox.y());
                resvg::render_node(node, t, &mut pixmap.as_mut());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::print::CardSize;
    use crate::project::Project;
    use crate::render::faces::Side;
    use crate::render::raster::{render_face, render_face_over};
    use crate::text::fonts::Fonts;

    /// A poker card with its bleed: a dark frame, a pale panel, a disc and two lines of text.
    fn card() -> (Face, crate::render::shaped::ParsedFace) {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94"><rect width="69" height="94" fill="#202830"/><rect x="6" y="6" width="57" height="82" rx="3" fill="#f4ecd8"/><circle cx="34.5" cy="32" r="14" fill="#c8861a"/><text data-text-box="" font-family="Noto Sans" font-size="4" fill="#202830"><tspan x="10" y="60">Draw two cards,</tspan><tspan x="10" y="66" font-weight="bold">then rest.</tspan></text></svg>"##;
        let dir = tempfile::tempdir().unwrap();
        let project = Project::open(dir.path()).unwrap();
        let fonts = Fonts::bundled().unwrap();
        let parsed = crate::render::shaped::parse_face(svg, &fonts, &project, "".as_ref()).unwrap();
        assert_eq!(parsed.texts.len(), 1);
        let face = Face {
            svg: svg.to_owned(),
            hash: String::new(),
            size: CardSize::custom(63.0, 88.0),
            bleed: 3.0,
            component: "deck".into(),
            card: "card".into(),
            side: Side::Front,
        };
        (face, parsed)
    }

    /// The index page's thumbnail drawn from this render (shrunk, its text drawn over) is the
    /// thumbnail drawn from the face, to the softness of the shrinking.
    #[test]
    fn a_thumbnail_from_the_look_is_the_face_drawn() {
        let (face, parsed) = card();
        let (under, ppm) = render(&face, &parsed.tree).unwrap();
        assert_eq!(ppm, PX_PER_MM);
        assert!(!has_text(parsed.tree.root()));
        let size = (110, 150);
        let drawn = render_face(&face, &parsed, size.0, size.1, true).unwrap();
        let over = render_face_over(&face, &parsed, size, &under).unwrap();
        let (a, b) = (drawn.data(), over.data());
        let mean = a
            .iter()
            .zip(b)
            .map(|(x, y)| u64::from(x.abs_diff(*y)))
            .sum::<u64>()
            / a.len() as u64;
        let apart = a
            .iter()
            .zip(b)
            .filter(|(x, y)| x.abs_diff(**y) > 64)
            .count();
        assert!(mean <= 2, "on average {mean} apart");
        assert!(
            apart * 100 < a.len(),
            "{apart} of {} values far apart",
            a.len()
        );
        // The text is there: the panel under the first line is darker than beside it.
        let at = |x: usize, y: usize| b[(y * 110 + x) * 4] as u32;
        let row = (60.0 / 94.0 * 150.0) as usize - 1;
        let inked = (16..60).map(|x| at(x, row)).min().unwrap();
        assert!(inked < 128, "text inked the panel: {inked}");
    }
}
