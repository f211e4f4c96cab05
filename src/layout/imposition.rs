//! Imposition: where each card, its bleed, its back and the cut guides go on a sheet.
//!
//! Pure geometry in millimetres, page origin top-left (as in SVG and krilla), so that every rule
//! here can be unit tested without drawing anything. The drawing lives in `sheets`.
//!
//! The rules a home printer needs:
//! - cards are placed in a grid centred on the paper; between neighbours there is either the
//!   full double bleed (each card keeps all of its bleed) or, when that would cost a row or
//!   column, nothing at all (neighbours share one cut line);
//! - crop marks stand in the margin, at least [`MARK_GAP`] outside any card's bleed, and stop
//!   [`MARK_EDGE`] short of the page edge (marks to the edge make viewers shrink the page);
//! - backs mirror their fronts across the flip axis and move by the printer's back offset.

use crate::error::{Error, Result};
use crate::model::print::{CardSize, Duplex, Paper};

/// Space between a card's bleed and the start of a crop mark.
pub const MARK_GAP: f32 = 1.0;
/// Space left between the end of a crop mark and the paper edge.
pub const MARK_EDGE: f32 = 1.5;
/// Longest crop mark.
pub const MARK_LENGTH: f32 = 5.0;
/// Smallest margin (outside the bleed) that leaves room for a useful mark.
pub const MIN_MARK_ZONE: f32 = 3.0;

/// A rectangle in millimetres, top-left origin.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub fn right(&self) -> f32 {
        self.x + self.w
    }
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }
    pub fn grow(&self, left: f32, top: f32, right: f32, bottom: f32) -> Rect {
        Rect {
            x: self.x - left,
            y: self.y - top,
            w: self.w + left + right,
            h: self.h + top + bottom,
        }
    }
    pub fn translate(&self, dx: f32, dy: f32) -> Rect {
        Rect {
            x: self.x + dx,
            y: self.y + dy,
            ..*self
        }
    }
}

/// A straight line segment in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    pub x1: f32,
    pub y1: f32,
    pub x2: f32,
    pub y2: f32,
}

/// Where the sheet furniture (check ruler, "print at 100 %", sheet label) goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BandSide {
    Bottom,
    /// Along the right edge, text running bottom to top.
    Right,
}

/// Room for the furniture, beyond the ends of the crop marks so nothing collides.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    pub side: BandSide,
    /// Start of the band along its length (x for Bottom, y for Right).
    pub start: f32,
    /// Its length.
    pub length: f32,
    /// Distance from the page edge of the line where furniture starts (beyond the marks):
    /// a y for Bottom, an x for Right.
    pub inner: f32,
}

/// Margin from a bleed edge to the paper edge needed to hold marks plus furniture:
/// gap, mark, spacing, ruler bar and two text lines, and the edge clearance.
pub const BAND_ZONE: f32 = MARK_GAP + MARK_LENGTH + 1.0 + 5.0 + MARK_EDGE;

/// The n-up grid for one card size on one paper.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    pub paper_w: f32,
    pub paper_h: f32,
    pub card_w: f32,
    pub card_h: f32,
    pub bleed: f32,
    pub cols: usize,
    pub rows: usize,
    pub gutter_x: f32,
    pub gutter_y: f32,
    /// Top-left corner of the first card's trim box.
    pub origin_x: f32,
    pub origin_y: f32,
    pub band: Option<Band>,
}

/// How many cards of length `card` fit along `paper` with gutter `gutter`, keeping the bleed
/// and a mark zone on both outer sides, plus `reserve` extra on one side.
fn fit(paper: f32, card: f32, bleed: f32, gutter: f32, reserve: f32) -> usize {
    let room = paper - 2.0 * (bleed + MIN_MARK_ZONE) - reserve + gutter;
    if room < card {
        return 0;
    }
    ((room + 1e-3) / (card + gutter)).floor() as usize
}

/// The gutter along one axis: the double bleed unless it loses a card, then zero.
fn choose_gutter(paper: f32, card: f32, bleed: f32, reserve: f32) -> f32 {
    let full = 2.0 * bleed;
    if full > 0.0 && fit(paper, card, bleed, full, reserve) == fit(paper, card, bleed, 0.0, reserve)
    {
        full
    } else {
        0.0
    }
}

/// One axis of the layout: count, gutter and where the first trim starts.
struct Axis {
    count: usize,
    gutter: f32,
    origin: f32,
}

fn axis(paper: f32, card: f32, bleed: f32, gutter: Option<f32>, reserve: f32) -> Axis {
    let gutter = gutter.unwrap_or_else(|| choose_gutter(paper, card, bleed, reserve));
    let count = fit(paper, card, bleed, gutter, reserve);
    let block = count as f32 * card + count.saturating_sub(1) as f32 * gutter + 2.0 * bleed;
    // Split what is left over evenly, after giving the reserved side its extra room.
    let slack = (paper - block - 2.0 * MIN_MARK_ZONE - reserve).max(0.0);
    Axis {
        count,
        gutter,
        origin: MIN_MARK_ZONE + slack / 2.0 + bleed,
    }
}

impl Grid {
    /// Lays out `size` cards with `bleed` on `paper`; `gutter` overrides the automatic choice.
    ///
    /// The furniture band goes at the bottom if that costs no row, else at the right if that
    /// costs no column, else at the bottom at the cost of a row; only a card too large for
    /// any of these gets no band.
    pub fn new(paper: Paper, size: CardSize, bleed: f32, gutter: Option<f32>) -> Result<Grid> {
        let (paper_w, paper_h) = paper.size_mm();
        if !(0.0..=25.0).contains(&bleed) {
            return Err(Error::new(format!(
                "bleed {bleed} mm is outside 0 to 25 mm"
            )));
        }
        if let Some(g) = gutter
            && !(0.0..=50.0).contains(&g)
        {
            return Err(Error::new(format!("gutter {g} mm is outside 0 to 50 mm")));
        }
        let (w, h) = (size.width_mm, size.height_mm);
        let reserve = BAND_ZONE - MIN_MARK_ZONE;
        let plain_x = axis(paper_w, w, bleed, gutter, 0.0);
        let plain_y = axis(paper_h, h, bleed, gutter, 0.0);
        if plain_x.count == 0 || plain_y.count == 0 {
            return Err(Error::new(format!(
                "a {w} × {h} mm card with {bleed} mm bleed does not fit on {paper:?} paper \
                 with room for crop marks"
            ))
            .help("use a larger paper, a smaller bleed, or split the component into tiles"));
        }
        let banded_y = axis(paper_h, h, bleed, gutter, reserve);
        let banded_x = axis(paper_w, w, bleed, gutter, reserve);
        let (x, y, side) = if banded_y.count == plain_y.count {
            (plain_x, banded_y, Some(BandSide::Bottom))
        } else if banded_x.count == plain_x.count {
            (banded_x, plain_y, Some(BandSide::Right))
        } else if banded_y.count > 0 {
            (plain_x, banded_y, Some(BandSide::Bottom))
        } else {
            (plain_x, plain_y, None)
        };
        let mut grid = Grid {
            paper_w,
            paper_h,
            card_w: w,
            card_h: h,
            bleed,
            cols: x.count,
            rows: y.count,
            gutter_x: x.gutter,
            gutter_y: y.gutter,
            origin_x: x.origin,
            origin_y: y.origin,
            band: None,
        };
        let block = grid.block(grid.per_sheet());
        let furniture_gap = MARK_GAP + MARK_LENGTH + 1.0;
        grid.band = side.map(|side| match side {
            BandSide::Bottom => Band {
                side,
                start: block.x,
                length: block.w,
                inner: block.bottom() + furniture_gap,
            },
            BandSide::Right => Band {
                side,
                start: block.y,
                length: block.h,
                inner: block.right() + furniture_gap,
            },
        });
        Ok(grid)
    }

    pub fn per_sheet(&self) -> usize {
        self.cols * self.rows
    }

    /// The trim box of slot `index` on the front side.
    pub fn front_trim(&self, index: usize) -> Rect {
        let (col, row) = (index % self.cols, index / self.cols);
        Rect {
            x: self.origin_x + col as f32 * (self.card_w + self.gutter_x),
            y: self.origin_y + row as f32 * (self.card_h + self.gutter_y),
            w: self.card_w,
            h: self.card_h,
        }
    }

    /// Mirrors a front-side rectangle to where it lands on the back side, then applies the
    /// printer's back offset.
    pub fn to_back(&self, r: Rect, duplex: Duplex, offset: [f32; 2]) -> Rect {
        let mirrored = match duplex {
            Duplex::LongEdge => Rect {
                x: self.paper_w - r.x - r.w,
                ..r
            },
            Duplex::ShortEdge => Rect {
                y: self.paper_h - r.y - r.h,
                ..r
            },
            Duplex::None => r,
        };
        mirrored.translate(offset[0], offset[1])
    }

    /// The area of slot `index` that shows the face: the trim plus the bleed, cut back to the
    /// middle of the gutter where a neighbour is closer than two bleeds.
    pub fn front_bleed(&self, index: usize) -> Rect {
        let (col, row) = (index % self.cols, index / self.cols);
        let b = self.bleed;
        let inner_x = (self.gutter_x / 2.0).min(b);
        let inner_y = (self.gutter_y / 2.0).min(b);
        let left = if col == 0 { b } else { inner_x };
        let right = if col + 1 == self.cols { b } else { inner_x };
        let top = if row == 0 { b } else { inner_y };
        let bottom = if row + 1 == self.rows { b } else { inner_y };
        self.front_trim(index).grow(left, top, right, bottom)
    }

    /// Cut positions along x (vertical cuts) and y (horizontal cuts) for the first `used`
    /// slots, front side.
    pub fn cuts(&self, used: usize) -> (Vec<f32>, Vec<f32>) {
        let used = used.clamp(1, self.per_sheet());
        let cols = used.min(self.cols);
        let rows = used.div_ceil(self.cols);
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for c in 0..cols {
            let r = self.front_trim(c);
            xs.extend([r.x, r.right()]);
        }
        for row in 0..rows {
            let r = self.front_trim(row * self.cols);
            ys.extend([r.y, r.bottom()]);
        }
        dedup_close(&mut xs);
        dedup_close(&mut ys);
        (xs, ys)
    }

    /// The outer edge of the printed block (bleed included) for the first `used` slots.
    pub fn block(&self, used: usize) -> Rect {
        let used = used.clamp(1, self.per_sheet());
        let cols = used.min(self.cols);
        let rows = used.div_ceil(self.cols);
        let first = self.front_trim(0);
        let last = self.front_trim((rows - 1) * self.cols + cols - 1);
        Rect {
            x: first.x,
            y: first.y,
            w: last.right() - first.x,
            h: last.bottom() - first.y,
        }
        .grow(self.bleed, self.bleed, self.bleed, self.bleed)
    }

    /// Crop marks for the first `used` slots on the front side: short lines in the margin on
    /// the extension of every cut, outside all bleed, never reaching the paper edge.
    pub fn crop_marks(&self, used: usize) -> Vec<Line> {
        let (xs, ys) = self.cuts(used);
        let block = self.block(used);
        let mut marks = Vec::new();
        let span = |from: f32, toward_edge: f32| -> Option<(f32, f32)> {
            // `from` is the bleed edge, `toward_edge` the paper edge; returns the mark's ends.
            let dir = (toward_edge - from).signum();
            let start = from + dir * MARK_GAP;
            let room = (toward_edge - start).abs() - MARK_EDGE;
            (room > 0.5).then(|| (start, start + dir * room.min(MARK_LENGTH)))
        };
        for &x in &xs {
            for (from, edge) in [(block.y, 0.0), (block.bottom(), self.paper_h)] {
                if let Some((a, b)) = span(from, edge) {
                    marks.push(Line {
                        x1: x,
                        y1: a,
                        x2: x,
                        y2: b,
                    });
                }
            }
        }
        for &y in &ys {
            for (from, edge) in [(block.x, 0.0), (block.right(), self.paper_w)] {
                if let Some((a, b)) = span(from, edge) {
                    marks.push(Line {
                        x1: a,
                        y1: y,
                        x2: b,
                        y2: y,
                    });
                }
            }
        }
        marks
    }

    /// Hairlines along every cut, across the whole block (for `crop_marks: full`).
    pub fn cut_lines(&self, used: usize) -> Vec<Line> {
        let (xs, ys) = self.cuts(used);
        let block = self.block(used);
        let v = xs.iter().map(|&x| Line {
            x1: x,
            y1: block.y,
            x2: x,
            y2: block.bottom(),
        });
        let h = ys.iter().map(|&y| Line {
            x1: block.x,
            y1: y,
            x2: block.right(),
            y2: y,
        });
        v.chain(h).collect()
    }
}

impl Line {
    pub fn translate(&self, dx: f32, dy: f32) -> Line {
        Line {
            x1: self.x1 + dx,
            y1: self.y1 + dy,
            x2: self.x2 + dx,
            y2: self.y2 + dy,
        }
    }

    /// Mirrors the line like [`Grid::to_back`] mirrors rectangles.
    pub fn to_back(&self, grid: &Grid, duplex: Duplex, offset: [f32; 2]) -> Line {
        let (x1, x2, y1, y2) = match duplex {
            Duplex::LongEdge => (
                grid.paper_w - self.x1,
                grid.paper_w - self.x2,
                self.y1,
                self.y2,
            ),
            Duplex::ShortEdge => (
                self.x1,
                self.x2,
                grid.paper_h - self.y1,
                grid.paper_h - self.y2,
            ),
            Duplex::None => (self.x1, self.x2, self.y1, self.y2),
        };
        Line { x1, y1, x2, y2 }.translate(offset[0], offset[1])
    }
}

fn dedup_close(v: &mut Vec<f32>) {
    v.sort_by(f32::total_cmp);
    v.dedup_by(|a, b| (*a - *b).abs() < 1e-3);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poker(paper: Paper) -> Grid {
        Grid::new(paper, CardSize::named("poker").unwrap(), 3.0, None).unwrap()
    }

    #[test]
    fn poker_is_three_by_three_on_a4_and_letter() {
        for paper in [Paper::A4, Paper::Letter] {
            let g = poker(paper);
            assert_eq!((g.cols, g.rows), (3, 3), "{paper:?}");
        }
    }

    #[test]
    fn gutter_is_double_bleed_unless_it_costs_a_card() {
        let g = poker(Paper::A4);
        // 3 × 69.5 mm does not fit across A4 with marks, so cards share cut lines.
        assert_eq!((g.gutter_x, g.gutter_y), (0.0, 0.0));
        let mini = Grid::new(Paper::A4, CardSize::named("mini").unwrap(), 3.0, None).unwrap();
        assert_eq!((mini.cols, mini.rows, mini.gutter_x), (4, 4, 6.0));
    }

    #[test]
    fn grid_is_inside_the_paper_with_room_for_marks() {
        for paper in [Paper::A4, Paper::Letter] {
            let g = poker(paper);
            let block = g.block(g.per_sheet());
            for margin in [
                block.x,
                block.y,
                g.paper_w - block.right(),
                g.paper_h - block.bottom(),
            ] {
                assert!(margin >= MIN_MARK_ZONE - 1e-3, "{paper:?}: {margin}");
            }
        }
    }

    #[test]
    fn crop_marks_stay_outside_bleed_and_off_the_page_edge() {
        for paper in [Paper::A4, Paper::Letter] {
            let g = poker(paper);
            let block = g.block(9);
            let marks = g.crop_marks(9);
            // 4 vertical cuts × 2 ends... (A4 has 6 horizontal cuts with gutters)
            assert!(!marks.is_empty());
            for m in &marks {
                for (x, y) in [(m.x1, m.y1), (m.x2, m.y2)] {
                    let inside_block = x > block.x - MARK_GAP + 1e-3
                        && x < block.right() + MARK_GAP - 1e-3
                        && y > block.y - MARK_GAP + 1e-3
                        && y < block.bottom() + MARK_GAP - 1e-3;
                    assert!(!inside_block, "{paper:?} mark {m:?} touches the cards");
                    assert!(x >= MARK_EDGE - 1e-3 && x <= g.paper_w - MARK_EDGE + 1e-3);
                    assert!(y >= MARK_EDGE - 1e-3 && y <= g.paper_h - MARK_EDGE + 1e-3);
                }
            }
        }
    }

    #[test]
    fn crop_marks_line_up_with_the_cuts() {
        let g = poker(Paper::A4);
        let (xs, ys) = g.cuts(9);
        assert_eq!(xs.len(), 4, "shared cuts between touching columns");
        assert_eq!(ys.len(), 4);
        let marks = g.crop_marks(9);
        for x in xs {
            assert_eq!(marks.iter().filter(|m| m.x1 == x && m.x2 == x).count(), 2);
        }
    }

    #[test]
    fn long_edge_backs_mirror_rows_left_to_right() {
        let g = poker(Paper::A4);
        // Slot 0 (top-left) on the front lands top-right on the back: A B C -> C B A.
        let back0 = g.to_back(g.front_trim(0), Duplex::LongEdge, [0.0, 0.0]);
        let front2 = g.front_trim(2);
        assert!((back0.x - front2.x).abs() < 1e-3 && (back0.y - front2.y).abs() < 1e-3);
        // Short edge keeps the column and mirrors top to bottom about the page centre.
        let front0 = g.front_trim(0);
        let back0 = g.to_back(front0, Duplex::ShortEdge, [0.0, 0.0]);
        assert_eq!(back0.x, front0.x);
        assert!((back0.y - (g.paper_h - front0.y - front0.h)).abs() < 1e-3);
        // On Letter the block is off centre (ruler band on the right): mirroring is still
        // about the page centre, so a back lands exactly behind its front.
        let g = poker(Paper::Letter);
        let f = g.front_trim(0);
        let b = g.to_back(f, Duplex::LongEdge, [0.0, 0.0]);
        assert!((b.x + b.w - (g.paper_w - f.x)).abs() < 1e-3);
    }

    #[test]
    fn back_offset_moves_backs() {
        let g = poker(Paper::A4);
        let a = g.to_back(g.front_trim(4), Duplex::LongEdge, [0.0, 0.0]);
        let b = g.to_back(g.front_trim(4), Duplex::LongEdge, [1.5, -2.0]);
        assert!((b.x - a.x - 1.5).abs() < 1e-4 && (b.y - a.y + 2.0).abs() < 1e-4);
    }

    #[test]
    fn bleed_is_cut_back_to_the_gutter_middle() {
        let g = poker(Paper::A4);
        let middle = g.front_bleed(4);
        let trim = g.front_trim(4);
        // No gutter: neighbours touch, so the middle card shows no bleed past its trim.
        assert_eq!((middle.x, middle.y), (trim.x, trim.y));
        let mini = Grid::new(Paper::A4, CardSize::named("mini").unwrap(), 3.0, None).unwrap();
        let inner = mini.front_bleed(5);
        assert!(
            (mini.front_trim(5).x - inner.x - 3.0).abs() < 1e-4,
            "full bleed in a 6 mm gutter"
        );
        let corner = g.front_bleed(0);
        assert!((g.front_trim(0).x - corner.x - 3.0).abs() < 1e-4);
    }

    #[test]
    fn furniture_band_lies_beyond_the_marks() {
        for paper in [Paper::A4, Paper::Letter] {
            let g = poker(paper);
            let band = g.band.expect("poker sheets have room for the ruler");
            let marks = g.crop_marks(9);
            let (w, h) = paper.size_mm();
            match band.side {
                BandSide::Bottom => {
                    assert!(marks.iter().all(|m| m.y1.max(m.y2) < band.inner));
                    assert!(band.inner + 5.0 + MARK_EDGE <= h + 1e-3);
                }
                BandSide::Right => {
                    assert!(marks.iter().all(|m| m.x1.max(m.x2) < band.inner));
                    assert!(band.inner + 5.0 + MARK_EDGE <= w + 1e-3);
                }
            }
            assert!(band.length >= 120.0, "ruler and label need room");
        }
        assert_eq!(poker(Paper::A4).band.unwrap().side, BandSide::Bottom);
        assert_eq!(poker(Paper::Letter).band.unwrap().side, BandSide::Right);
    }

    #[test]
    fn too_large_a_card_is_an_error() {
        let err = Grid::new(Paper::A4, CardSize::custom(300.0, 300.0), 3.0, None).unwrap_err();
        assert!(err.message.contains("does not fit"));
    }
}
