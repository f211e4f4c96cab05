//! A budget for SVG filters, judged from the parsed face before anything is drawn.
//!
//! A filter is drawn as pixels over its whole region, and some primitives cost far more than
//! one step per pixel: a morphology of radius r visits (2r + 1)² neighbours of each. On a
//! metre-wide board, a few blurred and dilated layers ran past two minutes. The cost is
//! counted at print resolution ([`PX_PER_UNIT`]) and a face over the budget is an error naming
//! its size, before the PDF writer, the thumbnails or the preflight render it.

use usvg::filter::Kind;
use usvg::{Group, Node, Tree};

use crate::error::{Error, Result};

/// Pixels at the resolution a filter may be drawn at (300 dpi) per unit of the tree's canvas,
/// which is the CSS pixel (1/96 inch) whatever units the face is written in.
const PX_PER_UNIT: f64 = 300.0 / 96.0;
/// Pixel operations a face's filters may take, in billions: a blur over an A3 sheet is
/// about 0.1, a metre-wide board blurred whole about 2 (some seconds).
pub const DEFAULT_LIMIT_GOPS: f64 = 8.0;

/// Refuses a face whose filters would take longer to draw than the budget allows.
pub fn check_filter_cost(tree: &Tree) -> Result<()> {
    let cost = group_cost(tree.root());
    let limit = limit_gops();
    if cost / 1e9 <= limit {
        return Ok(());
    }
    Err(Error::new(format!(
        "the face's filters would take too long to draw: about {:.0} billion pixel operations, \
         over the limit of {limit:.0}",
        cost / 1e9
    ))
    .help(
        "shrink the filter region (x, y, width, height on <filter>) or the blur or morphology \
         radius, or draw the effect as an image; PROTOPRESS_MAX_FILTER_GOPS raises the limit",
    ))
}

pub(crate) fn limit_gops() -> f64 {
    std::env::var("PROTOPRESS_MAX_FILTER_GOPS")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|v| *v > 0.0)
        .unwrap_or(DEFAULT_LIMIT_GOPS)
}

/// The pixel operations of every filter in `group` and below.
fn group_cost(group: &Group) -> f64 {
    let (sx, sy) = group.abs_transform().get_scale();
    let px = |len: f32, scale: f32| f64::from(len * scale) * PX_PER_UNIT;
    let mut cost = 0.0;
    for filter in group.filters() {
        let rect = filter.rect();
        let pixels = px(rect.width(), sx) * px(rect.height(), sy);
        let per_pixel: f64 = filter
            .primitives()
            .iter()
            .map(|p| primitive_cost(p.kind(), |v| px(v, sx.max(sy))))
            .sum();
        cost += pixels * per_pixel.max(1.0);
    }
    for child in group.children() {
        if let Node::Group(g) = child {
            cost += group_cost(g);
        }
    }
    cost
}

/// Operations per pixel of one primitive; `px` turns a length into pixels.
fn primitive_cost(kind: &Kind, px: impl Fn(f32) -> f64) -> f64 {
    match kind {
        Kind::Morphology(m) => {
            (2.0 * px(m.radius_x().get()) + 1.0) * (2.0 * px(m.radius_y().get()) + 1.0)
        }
        Kind::ConvolveMatrix(c) => f64::from(c.matrix().columns() * c.matrix().rows()),
        // Three box blurs each way, whatever the deviation.
        Kind::GaussianBlur(_) | Kind::DropShadow(_) => 6.0,
        Kind::DiffuseLighting(_) | Kind::SpecularLighting(_) => 9.0,
        Kind::Turbulence(t) => 10.0 * f64::from(t.num_octaves().max(1)),
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(svg: &str) -> Tree {
        Tree::from_str(svg, &usvg::Options::default()).unwrap()
    }

    #[test]
    fn a_card_with_a_blur_passes_and_a_board_of_dilated_layers_does_not() {
        let card = tree(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94"><filter id="b"><feGaussianBlur stdDeviation="2"/><feMorphology radius="0.5"/></filter><rect width="60" height="80" filter="url(#b)"/></svg>"#,
        );
        assert!(check_filter_cost(&card).is_ok());
        let layers: String = (0..10)
            .map(|i| format!(r#"<rect x="{i}" width="900" height="600" filter="url(#m)"/>"#))
            .collect();
        let board = tree(&format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="1000mm" height="700mm" viewBox="0 0 1000 700"><filter id="m" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="300"/><feMorphology radius="50"/></filter>{layers}</svg>"#
        ));
        let e = check_filter_cost(&board).unwrap_err().to_string();
        assert!(e.contains("too long to draw"), "{e}");
    }
}
