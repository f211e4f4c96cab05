//! Where each text box's marker landed, and whether its text may be drawn after the rest of
//! the face without changing what prints.
//!
//! Shaped text is drawn once the face's SVG is drawn, so over all of it. That prints the same
//! as drawing it where it stood as long as nothing drawn after it in the SVG covers its ink,
//! nothing around it changes how it is painted (a group's opacity, clip, mask or filter; a
//! stroke, spacing or style it would inherit), and it is drawn once, in the face itself (not
//! in a pattern, a clip or a `use`). Any face where that does not hold for every box is parsed
//! whole instead, its text laid out by the SVG reader as before.

use usvg::{Node, Transform};

use super::extract::{MARKER_PREFIX, marker_index};
use super::runs::ShapedText;

/// Properties a `text` inherits from the elements around it that change what it draws:
/// text_box sets its family, size and fill itself, and its weight and slant where they are
/// bold or italic.
const INHERITED: [&str; 27] = [
    "fill-opacity",
    "fill-rule",
    "text-rendering",
    "font-optical-sizing",
    "font-weight",
    "font-style",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-dasharray",
    "stroke-linejoin",
    "font",
    "font-stretch",
    "font-variant",
    "font-kerning",
    "font-feature-settings",
    "font-variation-settings",
    "letter-spacing",
    "word-spacing",
    "text-anchor",
    "text-decoration",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "writing-mode",
    "visibility",
    "paint-order",
];

/// Whether every marker stands where its text may simply be drawn: in the face's own content
/// (not in defs, a pattern, a clip or a mask), under elements that pass nothing on to text,
/// with no style sheet.
pub fn plain_surroundings(doc: &roxmltree::Document, count: usize) -> bool {
    let mut found = 0;
    // Ids of the markers and of every element around one: a `use` of any of them would draw
    // the text again, and usvg keeps no id in what it copies.
    let mut holding = std::collections::HashSet::new();
    let mut uses = Vec::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        let name = node.tag_name().name();
        // A style sheet may reach the text; a `tref` reads it by reference.
        if name == "style" || name == "tref" {
            return false;
        }
        if name == "use" {
            uses.extend(
                node.attributes()
                    .find(|a| a.name() == "href")
                    .map(|a| a.value().trim()),
            );
        }
        let Some(id) = node.attribute("id") else {
            continue;
        };
        if !id.starts_with(MARKER_PREFIX) {
            continue;
        }
        found += 1;
        if name != "g" || !node.ancestors().skip(1).all(passes_nothing_on) {
            return false;
        }
        holding.extend(node.ancestors().filter_map(|a| a.attribute("id")));
    }
    let used = |href: &str| {
        href.strip_prefix('#')
            .is_some_and(|id| holding.contains(id))
    };
    found == count && !uses.into_iter().any(used)
}

fn passes_nothing_on(node: roxmltree::Node) -> bool {
    if !node.is_element() {
        return true;
    }
    let hidden = matches!(
        node.tag_name().name(),
        "defs" | "symbol" | "pattern" | "marker" | "clipPath" | "mask" | "switch"
    );
    !hidden
        && node.attributes().all(|a| {
            let name = a.name();
            match name {
                "style" => !INHERITED.iter().any(|p| a.value().contains(p)),
                _ => !INHERITED.contains(&name) && !name.starts_with("stroke"),
            }
        })
}

/// What the drawing needs of a text box's place: the transform from its own units to the
/// face's canvas.
#[derive(Debug, Clone, Copy)]
pub struct Placement {
    pub transform: Transform,
}

/// One thing drawn, in paint order.
enum Item {
    Marker(usize, Transform),
    /// What a drawn element may cover, on the canvas (x0, y0, x1, y1).
    Ink([f32; 4]),
}

/// Most boxes compared for one face: a face of a few dozen texts and shapes needs some
/// thousands; one made of tens of thousands of each would take minutes, and is parsed whole.
const MAX_COMPARISONS: usize = 4_000_000;

/// The placement of each text box in `texts`, by index; none when any of them cannot be drawn
/// after the rest of the face (see the module comment).
pub fn place(tree: &usvg::Tree, texts: &[ShapedText]) -> Option<Vec<Placement>> {
    let mut items = Vec::new();
    walk(tree.root(), true, &mut items)?;
    let runs: usize = texts.iter().map(|t| t.runs.len()).sum();
    if runs.saturating_mul(items.len()) > MAX_COMPARISONS {
        return None;
    }
    let mut placed: Vec<Option<Placement>> = vec![None; texts.len()];
    for (at, item) in items.iter().enumerate() {
        let Item::Marker(i, transform) = *item else {
            continue;
        };
        let slot = placed.get_mut(i)?;
        if slot.is_some() || !moderate(transform) {
            return None;
        }
        *slot = Some(Placement { transform });
        for run in &texts[i].runs {
            let Some(ink) = run.ink.map(|b| on_canvas(b, transform)) else {
                continue;
            };
            // The run's box first; a shape that meets it is then held against each glyph.
            let covered = items[at + 1..].iter().any(|later| match later {
                Item::Ink(b) if overlap(*b, ink) => run
                    .glyph_inks
                    .iter()
                    .any(|&g| overlap(*b, on_canvas(g, transform))),
                _ => false,
            });
            if covered {
                return None;
            }
        }
    }
    placed.into_iter().collect()
}

/// Collects `group`'s drawing in paint order; none when a marker stands under a group that
/// changes how it is painted, or in a clip, mask or pattern.
fn walk(group: &usvg::Group, plain: bool, items: &mut Vec<Item>) -> Option<()> {
    for node in group.children() {
        let mut in_subroot = false;
        node.subroots(|g| in_subroot |= holds_marker(g));
        if in_subroot {
            return None;
        }
        match node {
            Node::Group(g) => {
                if let Some(i) = marker_index(g.id()) {
                    if !plain || !effect_free(g) || g.has_children() {
                        return None;
                    }
                    items.push(Item::Marker(i, g.abs_transform()));
                } else if !g.filters().is_empty() {
                    // A filter draws past its elements (a shadow, a blur): its region counts.
                    if holds_marker(g) {
                        return None;
                    }
                    items.push(Item::Ink(rect(g.abs_layer_bounding_box())));
                } else {
                    walk(g, plain && effect_free(g), items)?;
                }
            }
            Node::Path(p) => items.push(Item::Ink(rect_of(p.abs_stroke_bounding_box()))),
            Node::Image(i) => items.push(Item::Ink(rect_of(i.abs_bounding_box()))),
            Node::Text(t) => items.push(Item::Ink(rect_of(t.abs_stroke_bounding_box()))),
        }
    }
    Some(())
}

/// Whether a transform keeps a text's numbers far from the float limits: finite, and scaling
/// and moving by no more than a face could want.
fn moderate(t: Transform) -> bool {
    [t.sx, t.kx, t.ky, t.sy, t.tx, t.ty]
        .iter()
        .all(|v| v.is_finite() && v.abs() <= 1e6)
}

/// Whether a group paints its content as it is: no opacity, clip, mask, filter or blending.
fn effect_free(g: &usvg::Group) -> bool {
    g.opacity().get() >= 1.0
        && g.clip_path().is_none()
        && g.mask().is_none()
        && g.filters().is_empty()
        && g.blend_mode() == usvg::BlendMode::Normal
        && !g.isolate()
}

fn holds_marker(g: &usvg::Group) -> bool {
    g.children().iter().any(|n| {
        let mut inner = false;
        n.subroots(|s| inner |= holds_marker(s));
        inner
            || match n {
                Node::Group(g) => marker_index(g.id()).is_some() || holds_marker(g),
                _ => false,
            }
    })
}

fn rect(r: usvg::NonZeroRect) -> [f32; 4] {
    [r.left(), r.top(), r.right(), r.bottom()]
}

fn rect_of(r: usvg::Rect) -> [f32; 4] {
    [r.left(), r.top(), r.right(), r.bottom()]
}

/// A box in a text's own units, on the canvas: the box around its four corners.
pub fn on_canvas(b: [f32; 4], t: Transform) -> [f32; 4] {
    let mut out = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
    for (x, y) in [(b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])] {
        let mut p = usvg::tiny_skia_path::Point::from_xy(x, y);
        t.map_point(&mut p);
        out = [
            out[0].min(p.x),
            out[1].min(p.y),
            out[2].max(p.x),
            out[3].max(p.y),
        ];
    }
    out
}

/// Whether two boxes share some area (touching edges do not).
fn overlap(a: [f32; 4], b: [f32; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}
