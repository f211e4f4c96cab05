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

fn has_text(group: &usvg::Group) -> bool {
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
