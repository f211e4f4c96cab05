//! Art that reaches the trim but not the bleed edge: the cutter drifts by a millimetre or so,
//! and a background that ends at the trim then leaves a white sliver along the card's edge.
//!
//! Judged from the render, edge by edge: along each side, the first pixels inside the trim
//! against the outermost pixels of the bleed. Where the first is inked and the second is
//! white (paper, or white drawn over it: both print as a white sliver), the art stops short. A
//! face that is white at its edge by design asks for no bleed; a token whose round art only
//! touches the trim is not counted either, since a few millimetres of such a side are too
//! little to judge (see [`MIN_SHARE`]).

use resvg::tiny_skia::Pixmap;

/// A side of a face.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Top,
    Right,
    Bottom,
    Left,
    /// The edge of a round token, cut along a circle.
    Round,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Right => "right",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Round => "round",
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

/// Whether the pixel prints ink: not white (nor within a few levels of it) on white paper.
fn inked(pixmap: &Pixmap, x: u32, y: u32) -> bool {
    crate::preflight::contrast::on_paper(pixmap, x, y)
        .iter()
        .any(|&c| c < 248)
}

/// Whether the pixel is well inked: art covers a good part of it, not the antialiased rim of
/// a line that stops a little inside the trim (a white border by design, judged at the
/// render's half-millimetre pixels).
fn solid(pixmap: &Pixmap, x: u32, y: u32) -> bool {
    crate::preflight::contrast::on_paper(pixmap, x, y)
        .iter()
        .any(|&c| c < 192)
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
        let len = match side {
            Side::Top | Side::Bottom => w - 2 * b,
            _ => h - 2 * b,
        };
        // A point along the side (from trim corner to trim corner) and a depth from the
        // outer edge, as pixel coordinates.
        let at = |i: u32, d: u32| match side {
            Side::Top => (b + i, d),
            Side::Bottom => (b + i, h - 1 - d),
            Side::Left => (d, b + i),
            Side::Right | Side::Round => (w - 1 - d, b + i),
        };
        let (mut short, mut worst) = (0u32, b);
        for i in 0..len {
            // The first pixel inside the trim: the art the cut shows. (Art that stops a
            // pixel or more inside the trim leaves a white border by design.)
            let (x, y) = at(i, b);
            if !solid(pixmap, x, y) {
                continue;
            }
            let (x, y) = at(i, 0);
            if inked(pixmap, x, y) {
                continue;
            }
            short += 1;
            // How far out from the trim the art still covers.
            let reach = (0..=b)
                .take_while(|&d| {
                    let (x, y) = at(i, b - d);
                    inked(pixmap, x, y)
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

/// [`gaps`] for a round token, cut along the circle its trim square holds: along that circle,
/// the pixels on it against those at the bleed circle's edge. A disc drawn to the
/// bleed's edge leaves the square's corners white, and that is no gap.
pub fn round_gaps(pixmap: &Pixmap, px_per_mm: f32, bleed_mm: f32) -> Vec<Gap> {
    let b = bleed_mm * px_per_mm;
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let (cx, cy) = (w / 2.0, h / 2.0);
    let trim = w.min(h) / 2.0 - b;
    if b < 2.0 || trim < 4.0 {
        return Vec::new();
    }
    let at = |r: f32, a: f32| {
        let (x, y) = (cx + r * a.cos(), cy + r * a.sin());
        (x.floor().max(0.0) as u32, y.floor().max(0.0) as u32)
    };
    // A sample for every pixel or so of the circle.
    let steps = (std::f32::consts::TAU * trim).ceil() as u32;
    let (mut short, mut worst) = (0u32, bleed_mm);
    for i in 0..steps {
        let a = i as f32 / steps as f32 * std::f32::consts::TAU;
        let (x, y) = at(trim - 0.5, a);
        if !solid(pixmap, x, y) {
            continue;
        }
        let (x, y) = at(trim + b - 1.0, a);
        if inked(pixmap, x, y) {
            continue;
        }
        short += 1;
        let reach = (0..b.floor() as u32)
            .take_while(|&d| {
                let (x, y) = at(trim + d as f32, a);
                inked(pixmap, x, y)
            })
            .count();
        worst = worst.min(reach as f32 / px_per_mm);
    }
    let share = short as f32 / steps as f32;
    if share < MIN_SHARE {
        return Vec::new();
    }
    vec![Gap {
        side: Side::Round,
        reach_mm: worst,
        share,
    }]
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

    fn disc(pixmap: &mut Pixmap, r: f32) {
        let mut paint = Paint::default();
        paint.set_color(Color::from_rgba8(30, 120, 140, 255));
        let c = pixmap.width() as f32 / 2.0;
        let path = resvg::tiny_skia::PathBuilder::from_circle(c, c, r).unwrap();
        pixmap.fill_path(
            &path,
            &paint,
            resvg::tiny_skia::FillRule::Winding,
            Transform::identity(),
            None,
        );
    }

    #[test]
    fn a_round_token_is_judged_along_its_circle() {
        // 22 mm with 1.5 mm of bleed at 4 px/mm: 100 px, trim radius 44 px.
        let mut to_bleed = Pixmap::new(100, 100).unwrap();
        disc(&mut to_bleed, 50.0);
        assert!(round_gaps(&to_bleed, 4.0, 1.5).is_empty());
        // The square check would take the white corners for a gap.
        assert!(!gaps(&to_bleed, 4.0, 1.5).is_empty());
        let mut to_trim = Pixmap::new(100, 100).unwrap();
        disc(&mut to_trim, 44.0);
        let found = round_gaps(&to_trim, 4.0, 1.5);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].share > 0.9 && found[0].reach_mm < 0.3, "{found:?}");
        // A white ring inside the cut by design: the art does not reach the trim.
        let mut inside = Pixmap::new(100, 100).unwrap();
        disc(&mut inside, 40.0);
        assert!(round_gaps(&inside, 4.0, 1.5).is_empty());
    }

    #[test]
    fn white_drawn_in_the_bleed_is_a_sliver_too() {
        let mut pixmap = Pixmap::new(50, 70).unwrap();
        let mut paint = Paint::default();
        paint.set_color(Color::WHITE);
        let all = Rect::from_xywh(0.0, 0.0, 50.0, 70.0).unwrap();
        pixmap.fill_rect(all, &paint, Transform::identity(), None);
        // A colour over the trim only: every side stops short.
        fill(&mut pixmap, 12.0, 12.0, 26.0, 46.0);
        let sides: Vec<Side> = gaps(&pixmap, 4.0, 3.0).iter().map(|g| g.side).collect();
        assert_eq!(sides, [Side::Top, Side::Right, Side::Bottom, Side::Left]);
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
