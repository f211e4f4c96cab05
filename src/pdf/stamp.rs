//! Where a face's revision stamp goes, and in what grey.
//!
//! The stamp (`XII·3fa2c1`: the revision and the face's content hash) lets a player match a
//! printed card with a reprint. It must be legible and must not run into the art: it goes
//! where the template puts it (`revision_stamp(x, y)`), or else in the first corner of the
//! cut margin where it crosses no drawn edge, in a grey that stands out from what is behind it.

use std::collections::HashMap;

use crate::model::print::{PrintProfile, RevisionStamp};
use crate::render::faces::Face;
use crate::render::shaped::ParsedFace;
pub use crate::render::shapes::STAMP_PT;
use crate::render::shapes::read_stamp_mark;
use crate::render::trees::FaceTrees;

/// Where a stamp is drawn on its face: the baseline's start, in mm from the face's top-left
/// corner (bleed included), its size, and its grey (0 black to 255 white).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StampSpot {
    pub x: f32,
    pub baseline: f32,
    pub pt: f32,
    pub grey: u8,
}

/// The stamp's greys: on light backgrounds and on dark ones.
const DARK: u8 = 30;
const LIGHT: u8 = 250;

/// How far inside the trim the profile's stamp sits; `None` when it prints none.
pub fn inset(print: &PrintProfile) -> Option<f32> {
    match print.revision_stamp {
        RevisionStamp::None => None,
        RevisionStamp::Margin => Some((print.safe_zone_mm * 0.5).min(1.6)),
        RevisionStamp::SafeZone => Some(print.safe_zone_mm + 0.4),
    }
}

/// Where `face`'s stamp goes on the face, found once per face and kept in `cache`. Without
/// `trees` (a dry writer) it goes where it would on a face without art.
pub fn cached(
    cache: &mut HashMap<usize, Option<StampSpot>>,
    (faces, trees): (&[Face], Option<&FaceTrees>),
    face: usize,
    print: &PrintProfile,
    text: &str,
) -> Option<StampSpot> {
    if let Some(spot) = cache.get(&face) {
        return *spot;
    }
    let tree = trees.and_then(|t| t.get(face));
    let spot = find(&faces[face], tree.as_deref(), print, text.chars().count());
    cache.insert(face, spot);
    spot
}

/// The stamp's place on `face`, whose parsed tree is `tree`, for a stamp of `chars`
/// characters; `None` when the profile prints no stamp, or when the template placed none and
/// no place on the face is clear of its art.
pub fn find(
    face: &Face,
    tree: Option<&ParsedFace>,
    print: &PrintProfile,
    chars: usize,
) -> Option<StampSpot> {
    let inset = inset(print)?;
    let (b, w, h) = (face.bleed, face.size.width_mm, face.size.height_mm);
    // The tree's units: a face sized in mm is laid out in CSS pixels.
    let scale = tree.map_or(1.0, |t| t.tree.size().width() / (w + 2.0 * b));
    let boxed = |s: StampSpot| text_box(s, chars).map(|v| v * scale);
    if let Some(spot) = marked(&face.svg) {
        let grey = tree.map_or(DARK, |t| grey_over(&t.tree, boxed(spot)));
        return Some(StampSpot { grey, ..spot });
    }
    let tw = text_width(chars, STAMP_PT);
    let cap = STAMP_PT * 0.3528 * 0.72;
    // Corners first, then the middle of the foot and of the head, each tried in the cut margin
    // and then further in, past frames that run round the face.
    let mut candidates = Vec::new();
    for step in [0.0, 1.5, 3.0, 4.5] {
        let inset = inset + step;
        let side = inset.max(1.5) + 0.5;
        let xs = [b + side, b + w - side - tw, b + (w - tw) / 2.0];
        for y in [b + h - inset, b + inset + cap] {
            for x in xs {
                candidates.push(StampSpot {
                    x,
                    baseline: y,
                    pt: STAMP_PT,
                    grey: DARK,
                });
            }
        }
    }
    let spot = match tree {
        None => *candidates.first()?,
        Some(t) => candidates
            .into_iter()
            .find(|s| !touches_art(t, boxed(*s)))?,
    };
    let grey = tree.map_or(DARK, |t| grey_over(&t.tree, boxed(spot)));
    Some(StampSpot { grey, ..spot })
}

/// Roughly how wide `chars` characters of the label font run at `pt`, in mm.
fn text_width(chars: usize, pt: f32) -> f32 {
    chars as f32 * pt * 0.52 * 0.3528
}

/// Whether a stamp at `spot` (from the face's top-left corner, bleed included), `width` mm
/// long, lies inside the face's trim, a whole em above its baseline and a third of one below:
/// then no clip of the face's place on a sheet, which never cuts into the trim, can cut it.
pub fn inside_trim(face: &Face, spot: StampSpot, width: f32) -> bool {
    let em = spot.pt * crate::preflight::measures::MM_PER_PT;
    let (b, w, h) = (face.bleed, face.size.width_mm, face.size.height_mm);
    spot.x >= b
        && spot.x + width <= b + w
        && spot.baseline - em >= b
        && spot.baseline + em / 3.0 <= b + h
}

/// The stamp's box (x, y, w, h), with a little room round the letters.
fn text_box(s: StampSpot, chars: usize) -> [f32; 4] {
    let cap = s.pt * 0.3528 * 0.72;
    let pad = 0.3;
    [
        s.x - pad,
        s.baseline - cap - pad,
        text_width(chars, s.pt) + 2.0 * pad,
        cap + 0.25 * s.pt * 0.3528 + 2.0 * pad,
    ]
}

/// The stamp a template placed, read from its mark.
fn marked(svg: &str) -> Option<StampSpot> {
    let (x, baseline, pt) = read_stamp_mark(svg)?;
    Some(StampSpot {
        x,
        baseline,
        pt,
        grey: DARK,
    })
}

/// Whether some drawn element's edge crosses the box: an element that overlaps the box without
/// holding all of it (a frame, a picture, words). A plain-coloured panel that holds the box
/// inside its outline (its stroke, if any, round the outside) is a background, and fine.
fn touches_art(face: &ParsedFace, r: [f32; 4]) -> bool {
    // Words drawn as shaped are not in the tree: they are art too.
    let mut touched = face.texts.iter().any(|t| {
        t.ink_on_canvas()
            .is_some_and(|[x0, y0, x1, y1]| overlaps([x0, y0, x1 - x0, y1 - y0], r))
    });
    leaves(face.tree.root(), &mut |node| {
        let Some(b) = bounds(node) else { return };
        if !overlaps(b, r) {
            return;
        }
        let background = match node {
            usvg::Node::Path(p) => {
                let plain = p
                    .fill()
                    .is_some_and(|f| matches!(f.paint(), usvg::Paint::Color(_)));
                let edge = p.stroke().map_or(0.0, |s| s.width().get());
                let inner = node.abs_bounding_box();
                let inner = [
                    inner.x() + edge,
                    inner.y() + edge,
                    inner.width() - 2.0 * edge,
                    inner.height() - 2.0 * edge,
                ];
                plain && holds(inner, r)
            }
            _ => false,
        };
        touched |= !background;
    });
    touched
}

fn overlaps(b: [f32; 4], r: [f32; 4]) -> bool {
    b[0] < r[0] + r[2] && r[0] < b[0] + b[2] && b[1] < r[1] + r[3] && r[1] < b[1] + b[3]
}

fn holds(b: [f32; 4], r: [f32; 4]) -> bool {
    b[0] <= r[0] && b[1] <= r[1] && b[0] + b[2] >= r[0] + r[2] && b[1] + b[3] >= r[1] + r[3]
}

/// The grey that reads best over what lies under the box: dark over light paper and colours,
/// light over dark ones.
fn grey_over(tree: &usvg::Tree, r: [f32; 4]) -> u8 {
    let mut under = [1.0f32, 1.0, 1.0];
    leaves(tree.root(), &mut |node| {
        let usvg::Node::Path(p) = node else { return };
        let Some(b) = bounds(node) else { return };
        let holds = b[0] <= r[0]
            && b[1] <= r[1]
            && b[0] + b[2] >= r[0] + r[2]
            && b[1] + b[3] >= r[1] + r[3];
        if let (true, Some(fill)) = (holds, p.fill())
            && let usvg::Paint::Color(c) = fill.paint()
            && fill.opacity().get() > 0.8
        {
            under = [c.red, c.green, c.blue].map(|v| f32::from(v) / 255.0);
        }
    });
    let lum = luminance(under);
    // Near black or near white, whichever stands out more from the background.
    let (dark, light) = (
        luminance([DARK as f32 / 255.0; 3]),
        luminance([LIGHT as f32 / 255.0; 3]),
    );
    let ratio = |a: f32, b: f32| (a.max(b) + 0.05) / (a.min(b) + 0.05);
    if ratio(lum, dark) >= ratio(lum, light) {
        DARK
    } else {
        LIGHT
    }
}

/// WCAG relative luminance of an sRGB colour (0 to 1 each).
fn luminance(rgb: [f32; 3]) -> f32 {
    let lin = |v: f32| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])
}

/// Calls `f` on every drawn leaf (paths, images, texts) in paint order.
fn leaves(group: &usvg::Group, f: &mut impl FnMut(&usvg::Node)) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => leaves(g, f),
            _ => f(node),
        }
    }
}

/// A leaf's box on the face (x, y, w, h), strokes included.
fn bounds(node: &usvg::Node) -> Option<[f32; 4]> {
    let b = node.abs_stroke_bounding_box();
    let b = match node {
        usvg::Node::Path(p) if p.stroke().is_none() => node.abs_bounding_box(),
        _ => b,
    };
    (b.width() > 0.0 || b.height() > 0.0).then(|| [b.x(), b.y(), b.width(), b.height()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::print::CardSize;
    use crate::render::faces::Side;

    fn face(body: &str) -> (Face, ParsedFace) {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="69.5mm" height="94.9mm" viewBox="0 0 69.5 94.9">{body}</svg>"#
        );
        let tree =
            ParsedFace::whole(usvg::Tree::from_str(&svg, &usvg::Options::default()).unwrap());
        let face = Face {
            svg,
            hash: "abcdef".into(),
            size: CardSize::named("poker").unwrap(),
            bleed: 3.0,
            component: "deck".into(),
            card: "one".into(),
            side: Side::Front,
        };
        (face, tree)
    }

    #[test]
    fn the_stamp_leaves_a_corner_a_frame_crosses_for_a_clear_one() {
        let print = PrintProfile::default();
        // A dark background, and a frame line across the bottom-left corner only.
        let (f, t) = face(
            r##"<rect width="69.5" height="94.9" fill="#202020"/><path d="M 0 89 L 20 89" stroke="#fff" stroke-width="0.5"/>"##,
        );
        let s = find(&f, Some(&t), &print, 10).unwrap();
        assert!(s.x > 30.0, "{s:?}: moved off the frame");
        assert!(s.baseline > 85.0, "{s:?}: still at the foot");
        assert_eq!(s.grey, LIGHT, "light on a dark card");
        // Nothing in the way: the first corner, dark on white.
        let (f, t) = face(r##"<rect width="69.5" height="94.9" fill="#ffffff"/>"##);
        let s = find(&f, Some(&t), &print, 10).unwrap();
        assert!(s.x < 10.0 && s.baseline > 85.0, "{s:?}");
        assert_eq!(s.grey, DARK);
        // A pattern of dots over the whole face: no clear place, no stamp.
        let dots: String = (0..28)
            .flat_map(|i| (0..38).map(move |j| (i, j)))
            .map(|(i, j)| {
                format!(
                    r##"<rect x="{}" y="{}" width="1" height="1" fill="#333"/>"##,
                    f64::from(i) * 2.5,
                    f64::from(j) * 2.5
                )
            })
            .collect();
        let (f, t) = face(&dots);
        assert_eq!(find(&f, Some(&t), &print, 10), None);
    }

    #[test]
    fn a_template_places_the_stamp_itself() {
        let print = PrintProfile::default();
        let (f, t) = face(&crate::render::shapes::stamp_mark(12.0, 40.5, 6.0));
        let s = find(&f, Some(&t), &print, 10).unwrap();
        assert_eq!((s.x, s.baseline, s.pt), (12.0, 40.5, 6.0));
    }
}
