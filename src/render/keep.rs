//! What a board's seams must not cut, read from its parsed face.
//!
//! A template marks a region to keep whole by giving its element an `id` that starts with
//! `keep` (`<rect id="keep-journal" …>`: a card slot, a title, a track); words are kept whole
//! too, as far as the tiles allow. Rectangles in mm of the face, bleed included.

use crate::layout::imposition::Rect;

/// The regions of a face to keep whole: those the template marks, and those its words cover.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct KeepWhole {
    pub marked: Vec<(String, Rect)>,
    pub words: Vec<Rect>,
}

/// Reads the regions of `tree`, a face `face_w` mm wide (bleed included).
pub fn keep_whole(tree: &usvg::Tree, face_w: f32) -> KeepWhole {
    // A face sized in mm is laid out in CSS pixels.
    let scale = face_w / tree.size().width().max(1e-3);
    let mut out = KeepWhole::default();
    walk(tree.root(), scale, false, &mut out);
    out
}

fn walk(group: &usvg::Group, scale: f32, inside_marked: bool, out: &mut KeepWhole) {
    for node in group.children() {
        let marked = !inside_marked && node.id().starts_with("keep");
        if marked {
            if let Some(r) = rect(node, scale) {
                out.marked.push((node.id().to_owned(), r));
            }
        } else if let usvg::Node::Text(_) = node
            && let Some(r) = rect(node, scale)
        {
            out.words.push(r);
        }
        if let usvg::Node::Group(g) = node {
            walk(g, scale, inside_marked || marked, out);
        }
    }
}

fn rect(node: &usvg::Node, scale: f32) -> Option<Rect> {
    let b = node.abs_stroke_bounding_box();
    (b.width() > 0.0 && b.height() > 0.0).then(|| Rect {
        x: b.x() * scale,
        y: b.y() * scale,
        w: b.width() * scale,
        h: b.height() * scale,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_elements_and_words_are_kept_whole() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="50mm" viewBox="0 0 100 50">
            <rect id="keep-slot" x="10" y="5" width="30" height="40" fill="#eee"/>
            <rect x="50" y="5" width="30" height="40" fill="#ddd"/>
            </svg>"##;
        let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).unwrap();
        let k = keep_whole(&tree, 100.0);
        assert_eq!(k.marked.len(), 1);
        let (id, r) = &k.marked[0];
        assert_eq!(id, "keep-slot");
        assert!(
            (r.x - 10.0).abs() < 0.01 && (r.w - 30.0).abs() < 0.01,
            "{r:?}"
        );
        assert!(k.words.is_empty());
    }
}
