//! Art that reaches the trim but not the bleed edge: the cutter drifts by a millimetre or so,
//! and a background that ends at the trim then leaves a white sliver along the card's edge.
//!
//! Judged from the render, edge by edge: along each side, the pixels just inside the trim
//! against the outermost pixels of the bleed. Where the art covers the first and not the
//! second, it stops short. A face that leaves its edge unpainted (white paper by design) asks
//! for no bleed; a token whose round art only touches the trim is not counted either, since
//! a few millimetres of such a side are too little to judge (see [`MIN_SHARE`]).

use resvg::tiny_skia::Pixmap;

/// A side of a face.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Top,
    Right,
    Bottom,
    Left,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Right => "right",
            Side::Bottom => "bottom",
            Side::Left => "left",
        }
    }
}

/// Least share of a side's length where the art stops short, for a finding: a title bar that
/// ends at the trim is one, a circle that touches it is not.
pub const MIN_SHARE: f32 = 0.15;

/// One side whose art stops short of the bleed edge.
#[derive(Debug, Clone, PartialEq)]
pub struct Gap {
    pub side: Side,
    /// How far past the trim the art reaches there at worst, in mm.
    pub reach_mm: f32,
    /// Share of the side's length where it stops short.
    pub share: f32,
}

fn painted(pixmap: &Pixmap, x: u32, y: u32) -> bool {
    pixmap.pixel(x, y).is_some_and(|p| p.alpha() >= 128)
}

/// The sides of a render at `px_per_mm` (bleed included, transparent where nothing is drawn)
/// whose art stops short of the bleed edge, for a face of `bleed_mm`.
pub fn gaps(pixmap: &Pixmap, px_per_mm: f32, bleed_mm: f32) -> Vec<Gap> {
    let b = (bleed_mm * px_per_mm).round() as u32;
    let (w, h) = (pixmap.width(), pixmap.height());
    // Less than two pixels of bleed cannot be told from antialiasing.
    if b < 2 || w <= 2 * b + 2 || h <= 2 * b + 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for side in [Side::Top, Side::Right, Side::Bottom, Side::Left] {
        // A point along the side (from trim corner to trim corner) and a depth from the
        // outer edge, as pixel coordinates.
        let (len, at): (u32, Box<dyn Fn(u32, u32) -> (u32, u32)>) = match side {
            Side::Top => (w - 2 * b, Box::new(move |i, d| (b + i, d))),
            Side::Bottom => (w - 2 * b, Box::new(move |i, d| (b + i, h - 1 - d))),
            Side::Left => (h - 2 * b, Box::new(move |i, d| (d, b + i))),
            Side::Right => (h - 2 * b, Box::new(move |i, d| (w - 1 - d, b + i))),
        };
        let (mut short, mut worst) = (0u32, b);
        for i in 0..len {
            // One pixel inside the trim: the art the cut shows.
            let (x, y) = at(i, b + 1);
            if !painted(pixmap, x, y) {
                continue;
            }
            let (x, y) = at(i, 0);
            if painted(pixmap, x, y) {
                continue;
            }
            short += 1;
            // How far out from the trim the art still covers.
            let reach = (0..=b)
                .take_while(|&d| {
                    let (x, y) = at(i, b - d);
                    painted(pixmap, x, y)
                })
                .count() as u32;
            worst = worst.min(reach.saturating_sub(1));
        }
        let share = short as f32 / len as f32;
        if share >= MIN_SHARE {
            out.push(Gap {
                side,
                reach_mm: worst as f32 / px_per_mm,
                share,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{Color, Paint, Rect, Transform};

    fn fill(pixmap: &mut Pixmap, x: f32, y: f32, w: f32, h: f32) {
        let mut paint = Paint::default();
        paint.set_color(Color::from_rgba8(200, 30, 30, 255));
        let r = Rect::from_xywh(x, y, w, h).unwrap();
        pixmap.fill_rect(r, &paint, Transform::identity(), None);
    }

    #[test]
    fn a_background_that_ends_at_the_trim_on_one_side_is_found() {
        // 50 × 70 px at 4 px/mm with 3 mm (12 px) of bleed; the colour stops at the right trim.
        let mut pixmap = Pixmap::new(50, 70).unwrap();
        fill(&mut pixmap, 0.0, 0.0, 38.0, 70.0);
        let gaps = gaps(&pixmap, 4.0, 3.0);
        assert_eq!(gaps.len(), 1, "{gaps:?}");
        assert_eq!(gaps[0].side, Side::Right);
        assert_eq!(gaps[0].reach_mm, 0.0);
        assert!(gaps[0].share > 0.99);
    }

    #[test]
    fn full_bleed_and_unpainted_edges_pass() {
        let mut pixmap = Pixmap::new(50, 70).unwrap();
        fill(&mut pixmap, 0.0, 0.0, 50.0, 70.0);
        assert!(gaps(&pixmap, 4.0, 3.0).is_empty());
        // White paper to the edge, art well inside the safe zone.
        let mut pixmap = Pixmap::new(50, 70).unwrap();
        fill(&mut pixmap, 20.0, 20.0, 10.0, 10.0);
        assert!(gaps(&pixmap, 4.0, 3.0).is_empty());
    }
}
