//! What a board's seams must not cut, read from its parsed face.
//!
//! A template marks a region to keep whole by giving its element an `id` that starts with
//! `keep` (`<rect id="keep-journal" …>`: a card slot, a title, a track); words are kept whole
//! too, as far as the tiles allow. Rectangles in mm of the face, bleed included.

use crate::layout::imposition::Rect;
use crate::render::shaped::ParsedFace;

/// The regions of a face to keep whole: those the template marks, and those its words cover.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct KeepWhole {
    pub marked: Vec<(String, Rect)>,
    pub words: Vec<Rect>,
}

/// Reads the regions of `face`, a face `face_w` mm wide (bleed included).
pub fn keep_whole(face: &ParsedFace, face_w: f32) -> KeepWhole {
    // A face sized in mm is laid out in CSS pixels.
    let scale = face_w / face.tree.size().width().max(1e-3);
    let mut out = KeepWhole::default();
    walk(face, face.tree.root(), scale, false, &mut out);
    out
}

fn walk(face: &ParsedFace, group: &usvg::Group, scale: f32, inside: bool, out: &mut KeepWhole) {
    for node in group.children() {
        let marked = !inside && node.id().starts_with("keep");
        let text = match node {
            usvg::Node::Text(_) => true,
            usvg::Node::Group(g) => face.text_of(g).is_some(),
            _ => false,
        };
        if marked {
            if let Some(r) = rect(face.extent(node), scale) {
                out.marked.push((node.id().to_owned(), r));
            }
        } else if text && let Some(r) = rect(face.extent(node), scale) {
            out.words.push(r);
        }
        if let usvg::Node::Group(g) = node {
            walk(face, g, scale, inside || marked, out);
        }
    }
}

fn rect(b: Option<[f32; 4]>, scale: f32) -> Option<Rect> {
    let [x0, y0, x1, y1] = b?;
    (x1 > x0 && y1 > y0).then_some(Rect {
        x: x0 * scale,
        y: y0 * scale,
        w: (x1 - x0) * scale,
        h: (y1 - y0) * scale,
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
        let k = keep_whole(&ParsedFace::whole(tree), 100.0);
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
