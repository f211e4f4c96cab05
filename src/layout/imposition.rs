//! Imposition: where each card, its bleed, its back and the cut guides go on a sheet.
//!
//! Pure geometry in millimetres, page origin top-left (as in SVG and krilla), so that every rule
//! here can be unit tested without drawing anything. The drawing lives in `pdf`.
//!
//! The rules a home printer needs:
//! - cards are placed in a grid centred on the paper; between neighbours there is either the
//!   full double bleed (each card keeps all of its bleed) or, when that would cost a row or
//!   column, nothing at all (neighbours share one cut line); an edge with no neighbour (beside
//!   an empty slot, in a short last row) always gets its whole bleed;
//! - crop marks stand outside the printable margin's border, at least [`MARK_GAP`] outside any
//!   card's bleed and at least [`MARK_MIN`] long; the ruler and label band lies beyond them;
//! - backs mirror their fronts across the flip axis and move by the printer's back offset, and
//!   so do their marks and their band, which must stay inside the printable margin.

use crate::error::{Error, Result};
use crate::model::print::{CardSize, Duplex, Paper};
use crate::model::validate::MAX_BACK_OFFSET;

/// Space between a card's bleed and the start of a crop mark.
pub const MARK_GAP: f32 = 0.5;
/// Shortest crop mark.
pub const MARK_MIN: f32 = 3.0;
/// Longest crop mark.
pub const MARK_LENGTH: f32 = 5.0;
/// Default distance from the paper edge that no mark, ruler or label crosses.
pub const DEFAULT_MARGIN: f32 = 5.0;
/// Thickness of the furniture band (ruler bar, its caption and the sheet label).
pub const BAND_THICK: f32 = 6.0;
/// Space between the ends of the crop marks and the furniture band.
pub const BAND_GAP: f32 = 1.0;

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
    /// Whether the two rectangles share any area (touching edges do not count).
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.right() - 1e-3
            && o.x < self.right() - 1e-3
            && self.y < o.bottom() - 1e-3
            && o.y < self.bottom() - 1e-3
    }
    /// Whether the rectangle lies inside the paper less `margin` on every side.
    pub fn inside_margin(&self, paper_w: f32, paper_h: f32, margin: f32) -> bool {
        self.x >= margin - 1e-3
            && self.y >= margin - 1e-3
            && self.right() <= paper_w - margin + 1e-3
            && self.bottom() <= paper_h - margin + 1e-3
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
    /// Above the cards: the bottom band of a front, on a back flipped over the short edge.
    Top,
    /// Along the right edge, text running bottom to top.
    Right,
    /// Along the left edge: the right band of a front, on a back flipped over the long edge.
    Left,
}

impl BandSide {
    /// Whether the band runs down the page (its text turned to read bottom to top).
    pub fn vertical(self) -> bool {
        matches!(self, BandSide::Right | BandSide::Left)
    }
}

/// Room for the furniture, beyond the ends of the crop marks so nothing collides.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    pub side: BandSide,
    /// The area the ruler and the label are drawn in.
    pub rect: Rect,
}

impl Band {
    /// Length along the band.
    pub fn length(&self) -> f32 {
        if self.side.vertical() {
            self.rect.h
        } else {
            self.rect.w
        }
    }
}

/// Margin beyond a bleed edge for the marks alone, and for marks plus furniture.
pub(crate) fn mark_zone(margin: f32) -> f32 {
    MARK_GAP + MARK_MIN + margin
}
pub(crate) fn band_reserve() -> f32 {
    BAND_GAP + BAND_THICK
}

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
    /// Distance from the paper edge that no mark, ruler or label crosses.
    pub margin: f32,
    pub band: Option<Band>,
    /// The cards lie turned a quarter on the sheet (`card_w` and `card_h` are then the card's
    /// height and width): chosen only when it fits more cards.
    pub turned: bool,
    /// Longest crop mark ([`MARK_LENGTH`] unless the profile says otherwise).
    pub mark_len: f32,
}

/// How many cards of length `card` fit along `paper` with gutter `gutter`, keeping the bleed
/// on both outer sides and `outer` mm of room beyond the bleeds in all.
pub(crate) fn fit(paper: f32, card: f32, bleed: f32, gutter: f32, outer: f32) -> usize {
    let room = paper - 2.0 * bleed - outer + gutter;
    if room < card {
        return 0;
    }
    ((room + 1e-3) / (card + gutter)).floor() as usize
}

/// One axis of the layout: count, gutter and where the first trim starts.
pub(crate) struct Axis {
    pub count: usize,
    pub gutter: f32,
    pub origin: f32,
}

/// Lays out one axis. Tries, in order of preference, the double-bleed gutter (every card keeps
/// its own bleed) before shared cuts, and marks on both sides before marks on the far side
/// only (right or bottom, the near side keeping just the printable margin); keeps the first
/// that fits the most cards. `reserve` is extra room on the far side (the furniture band).
pub(crate) fn axis(
    paper: f32,
    card: f32,
    bleed: f32,
    gutter: Option<f32>,
    margin: f32,
    reserve: f32,
) -> Axis {
    let zone = mark_zone(margin);
    let gutters = match gutter {
        Some(g) => vec![g],
        None if bleed > 0.0 => vec![2.0 * bleed, 0.0],
        None => vec![0.0],
    };
    let mut best: Option<(usize, f32, f32)> = None;
    for &g in &gutters {
        for near in [zone, margin] {
            let n = fit(paper, card, bleed, g, near + zone + reserve);
            if best.is_none_or(|(count, _, _)| n > count) {
                best = Some((n, g, near));
            }
        }
    }
    let (count, gutter, near) = best.unwrap_or((0, 0.0, zone));
    let block = count as f32 * card + count.saturating_sub(1) as f32 * gutter + 2.0 * bleed;
    // Split what is left over evenly, after giving each side the room it needs.
    let slack = (paper - block - near - zone - reserve).max(0.0);
    Axis {
        count,
        gutter,
        origin: near + slack / 2.0 + bleed,
    }
}

impl Grid {
    /// Lays out `size` cards with `bleed` on `paper` with the default printable margin;
    /// `gutter` overrides the automatic choice.
    pub fn new(paper: Paper, size: CardSize, bleed: f32, gutter: Option<f32>) -> Result<Grid> {
        Grid::with_margin(paper, size, bleed, gutter, DEFAULT_MARGIN)
    }

    /// Lays out `size` cards keeping marks and furniture `margin` mm inside the paper edge.
    ///
    /// The furniture band goes at the bottom if that costs no row, else at the right if that
    /// costs no column, else at the bottom at the cost of a row; only a card too large for
    /// any of these gets no band.
    pub fn with_margin(
        paper: Paper,
        size: CardSize,
        bleed: f32,
        gutter: Option<f32>,
        margin: f32,
    ) -> Result<Grid> {
        let (paper_w, paper_h) = paper.size_mm();
        check_numbers(bleed, gutter, margin)?;
        let (w, h) = (size.width_mm, size.height_mm);
        let plain_x = axis(paper_w, w, bleed, gutter, margin, 0.0);
        let plain_y = axis(paper_h, h, bleed, gutter, margin, 0.0);
        if plain_x.count == 0 || plain_y.count == 0 {
            return Err(Error::new(format!(
                "a {w} × {h} mm card with {bleed} mm bleed does not fit on {} paper \
                 with room for crop marks inside the {margin} mm printable margin",
                paper.name()
            ))
            .help(
                "use a larger paper, a smaller bleed, or make the component a `board` to tile it",
            ));
        }
        let banded_y = axis(paper_h, h, bleed, gutter, margin, band_reserve());
        let banded_x = axis(paper_w, w, bleed, gutter, margin, band_reserve());
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
            margin,
            band: None,
            turned: false,
            mark_len: MARK_LENGTH,
        };
        grid.band = side.map(|side| grid.front_band(side));
        Ok(grid)
    }

    /// Like [`Grid::with_margin`], but turns the cards a quarter when that fits more of them
    /// on the sheet (poker cards on Letter: 2 × 4 turned instead of 3 × 2).
    pub fn turning(
        paper: Paper,
        size: CardSize,
        bleed: f32,
        gutter: Option<f32>,
        margin: f32,
    ) -> Result<Grid> {
        let upright = Grid::with_margin(paper, size, bleed, gutter, margin);
        let across = CardSize::custom(size.height_mm, size.width_mm);
        let turned = Grid::with_margin(paper, across, bleed, gutter, margin);
        match (upright, turned) {
            (Ok(u), Ok(t)) if t.per_sheet() > u.per_sheet() => Ok(Grid { turned: true, ..t }),
            (Err(_), Ok(t)) => Ok(Grid { turned: true, ..t }),
            (u, _) => u,
        }
    }

    /// Crop marks up to `len` mm long (where there is room); the band moves beyond them.
    pub fn with_mark_length(mut self, len: f32) -> Grid {
        if (len - self.mark_len).abs() > 1e-6 {
            self.mark_len = len;
            self.band = self.band.map(|b| self.front_band(b.side));
        }
        self
    }

    /// The band on the front: beyond the full block's marks, as long as the block.
    pub(crate) fn front_band(&self, side: BandSide) -> Band {
        let block = self.block(self.per_sheet());
        let rect = match side {
            BandSide::Right | BandSide::Left => {
                let room = self.paper_w - self.margin - block.right() - MARK_GAP - band_reserve();
                let x = block.right() + MARK_GAP + room.min(self.mark_len) + BAND_GAP;
                Rect {
                    x,
                    y: block.y,
                    w: BAND_THICK,
                    h: block.h,
                }
            }
            BandSide::Bottom | BandSide::Top => {
                let room = self.paper_h - self.margin - block.bottom() - MARK_GAP - band_reserve();
                let y = block.bottom() + MARK_GAP + room.min(self.mark_len) + BAND_GAP;
                Rect {
                    x: block.x,
                    y,
                    w: block.w,
                    h: BAND_THICK,
                }
            }
        };
        Band { side, rect }
    }

    /// The band on the back: mirrored with the sheet and moved by the back offset, so that it
    /// stays beside the backs instead of over them, but never into the printable margin: an
    /// offset towards the band brings the backs nearer to it instead, into the room the crop
    /// marks leave between them (`offset_limits` keeps the backs off the band).
    pub fn back_band(&self, duplex: Duplex, offset: [f32; 2]) -> Option<Band> {
        let band = self.band?;
        let side = match (duplex, band.side) {
            (Duplex::LongEdge, BandSide::Right) => BandSide::Left,
            (Duplex::LongEdge, BandSide::Left) => BandSide::Right,
            (Duplex::ShortEdge, BandSide::Bottom) => BandSide::Top,
            (Duplex::ShortEdge, BandSide::Top) => BandSide::Bottom,
            (_, s) => s,
        };
        // Moved along its length by the offset, the band is cut back to the printable area
        // (its ruler and label are set to the length it keeps): a full-width band would
        // otherwise forbid any sideways offset.
        let rect = self.to_back(band.rect, duplex, offset);
        let (m, pw, ph) = (self.margin, self.paper_w, self.paper_h);
        let rect = if side.vertical() {
            let (top, bottom) = (rect.y.max(m), rect.bottom().min(ph - m));
            Rect {
                x: rect.x.clamp(m, (pw - m - rect.w).max(m)),
                y: top,
                h: (bottom - top).max(0.0),
                ..rect
            }
        } else {
            let (left, right) = (rect.x.max(m), rect.right().min(pw - m));
            Rect {
                x: left,
                y: rect.y.clamp(m, (ph - m - rect.h).max(m)),
                w: (right - left).max(0.0),
                ..rect
            }
        };
        Some(Band { side, rect })
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

    /// The area of slot `index` that shows the face when the first `used` slots are filled:
    /// the trim plus the whole bleed on every edge, cut back to the middle of the gutter only
    /// where a filled neighbour is closer than two bleeds.
    pub fn front_bleed(&self, index: usize, used: usize) -> Rect {
        let used = used.min(self.per_sheet());
        let (col, row) = (index % self.cols, index / self.cols);
        let b = self.bleed;
        let filled = |c: isize, r: isize| -> bool {
            c >= 0
                && r >= 0
                && (c as usize) < self.cols
                && (r as usize * self.cols + c as usize) < used
        };
        let (c, r) = (col as isize, row as isize);
        let inner_x = (self.gutter_x / 2.0).min(b);
        let inner_y = (self.gutter_y / 2.0).min(b);
        let side = |has: bool, inner: f32| if has { inner } else { b };
        self.front_trim(index).grow(
            side(filled(c - 1, r), inner_x),
            side(filled(c, r - 1), inner_y),
            side(filled(c + 1, r), inner_x),
            side(filled(c, r + 1), inner_y),
        )
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

    /// How far marks may reach on each side (left, top, right, bottom edges of the area):
    /// the printable margin, or the band's near edge less [`BAND_GAP`] on the band's side.
    fn mark_limits(&self) -> Rect {
        let m = self.margin;
        let mut area = Rect {
            x: m,
            y: m,
            w: self.paper_w - 2.0 * m,
            h: self.paper_h - 2.0 * m,
        };
        if let Some(band) = self.band {
            match band.side {
                BandSide::Bottom => area.h = band.rect.y - BAND_GAP - area.y,
                BandSide::Right => area.w = band.rect.x - BAND_GAP - area.x,
                BandSide::Top | BandSide::Left => {}
            }
        }
        area
    }

    /// Crop marks for the first `used` slots on the front side: lines in the margin on the
    /// extension of every cut, outside all bleed, inside the printable margin, at least
    /// [`MARK_MIN`] long where there is room (the layout makes room).
    pub fn crop_marks(&self, used: usize) -> Vec<Line> {
        let (xs, ys) = self.cuts(used);
        let block = self.block(used);
        let area = self.mark_limits();
        let mut marks = Vec::new();
        let span = |from: f32, limit: f32| -> Option<(f32, f32)> {
            let dir = (limit - from).signum();
            let start = from + dir * MARK_GAP;
            let room = (limit - start) * dir;
            (room >= MARK_MIN - 1e-3).then(|| (start, start + dir * room.min(self.mark_len)))
        };
        for &x in &xs {
            for (from, limit) in [(block.y, area.y), (block.bottom(), area.bottom())] {
                if let Some((a, b)) = span(from, limit) {
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
            for (from, limit) in [(block.x, area.x), (block.right(), area.right())] {
                if let Some((a, b)) = span(from, limit) {
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

    /// Fails, naming the offsets this sheet allows, when `offset` would push a back's trim
    /// into the printable margin or the backs onto their ruler's band.
    pub fn check_back_offset(&self, duplex: Duplex, offset: [f32; 2]) -> Result<()> {
        let (lo_x, hi_x, lo_y, hi_y) = self.offset_limits(duplex);
        let [dx, dy] = offset;
        if dx < lo_x - 1e-3 || dx > hi_x + 1e-3 || dy < lo_y - 1e-3 || dy > hi_y + 1e-3 {
            return Err(Error::new(format!(
                "back_offset_mm [{dx}, {dy}] pushes the backs into the {} mm printable margin \
                 or onto their ruler: on these sheets the offset must be from {lo_x:.1} to \
                 {hi_x:.1} mm across and from {lo_y:.1} to {hi_y:.1} mm down",
                self.margin
            ))
            .help("measure the offset again with the calibration sheet, or lower `printable_margin_mm` if your printer prints closer to the edge"));
        }
        Ok(())
    }

    /// The crop marks of the backs: the front's mirrored and moved by the back offset, their
    /// outer ends cut back to the printable margin and short of the ruler's band. A mark the
    /// offset moves into the margin, or leaves shorter than [`MARK_MIN`], is left out: the
    /// backs still land where the calibration says, and the fronts' marks guide the cut.
    /// Fails as [`Grid::check_back_offset`] does.
    pub fn back_marks(&self, used: usize, duplex: Duplex, offset: [f32; 2]) -> Result<Vec<Line>> {
        self.check_back_offset(duplex, offset)?;
        let (m, pw, ph) = (self.margin, self.paper_w, self.paper_h);
        let inside = |v: f32, max: f32| v >= m - 1e-3 && v <= max - m + 1e-3;
        let marks = self
            .crop_marks(used)
            .iter()
            .map(|l| l.to_back(self, duplex, offset))
            .filter(|b| match b.x1 == b.x2 {
                true => inside(b.x1, pw),
                false => inside(b.y1, ph),
            })
            .collect::<Vec<_>>();
        Ok(self
            .on_back_page(&marks, duplex, offset)
            .into_iter()
            .filter(|b| b.length() >= MARK_MIN - 1e-3)
            .collect())
    }

    /// Lines of the backs kept to the back page's room: cut back to the printable margin and
    /// short of the ruler's band (which an offset towards it brings nearer to the backs).
    pub fn on_back_page(&self, lines: &[Line], duplex: Duplex, offset: [f32; 2]) -> Vec<Line> {
        let (m, pw, ph) = (self.margin, self.paper_w, self.paper_h);
        let clamp = |v: f32, max: f32| v.clamp(m, max - m);
        let band = self.back_band(duplex, offset).map(|b| {
            let g = BAND_GAP;
            b.rect.grow(g, g, g, g)
        });
        lines
            .iter()
            .map(|b| Line {
                x1: clamp(b.x1, pw),
                y1: clamp(b.y1, ph),
                x2: clamp(b.x2, pw),
                y2: clamp(b.y2, ph),
            })
            .filter_map(|l| match band {
                Some(band) => l.off(band),
                None => Some(l),
            })
            .collect()
    }

    /// The back offsets (from, to across; from, to down) that keep every back's trim in the
    /// printable area and the backs, with their bleed, off their ruler's band, which stays
    /// inside the printable area. Along its length the band is shortened, so only the offset
    /// across it is limited.
    fn offset_limits(&self, duplex: Duplex) -> (f32, f32, f32, f32) {
        let (m, pw, ph) = (self.margin, self.paper_w, self.paper_h);
        let max = MAX_BACK_OFFSET;
        let (mut lo_x, mut hi_x, mut lo_y, mut hi_y) = (-max, max, -max, max);
        for slot in 0..self.per_sheet() {
            let t = self.to_back(self.front_trim(slot), duplex, [0.0, 0.0]);
            lo_x = lo_x.max(m - t.x);
            hi_x = hi_x.min(pw - m - t.right());
            lo_y = lo_y.max(m - t.y);
            hi_y = hi_y.min(ph - m - t.bottom());
        }
        // The band stops at the margin; the backs, with their bleed, may come up to it.
        let band = self.back_band(duplex, [0.0, 0.0]);
        if let (Some(band), Some(backs)) = (band, self.back_block(duplex)) {
            let r = band.rect;
            match band.side {
                BandSide::Left => lo_x = lo_x.max(m + r.w - backs.x),
                BandSide::Right => hi_x = hi_x.min(pw - m - r.w - backs.right()),
                BandSide::Top => lo_y = lo_y.max(m + r.h - backs.y),
                BandSide::Bottom => hi_y = hi_y.min(ph - m - r.h - backs.bottom()),
            }
        }
        (lo_x, hi_x, lo_y, hi_y)
    }

    /// The box round every back of a full sheet, bleed included, with no offset.
    fn back_block(&self, duplex: Duplex) -> Option<Rect> {
        let b = self.bleed;
        (0..self.per_sheet())
            .map(|slot| {
                let t = self.to_back(self.front_trim(slot), duplex, [0.0, 0.0]);
                t.grow(b, b, b, b)
            })
            .reduce(|a, r| {
                let (x, y) = (a.x.min(r.x), a.y.min(r.y));
                Rect {
                    x,
                    y,
                    w: a.right().max(r.right()) - x,
                    h: a.bottom().max(r.bottom()) - y,
                }
            })
    }

    /// Cut lines at every cut of the first `used` slots, across the whole sheet from margin to
    /// margin (stopping short of the band), for `crop_marks: lines`: a trimmer's blade is lined
    /// up on a line. They run along trim edges and through bleed only, never across a face.
    pub fn sheet_lines(&self, used: usize) -> Vec<Line> {
        let (xs, ys) = self.cuts(used);
        let area = self.mark_limits();
        let v = xs.iter().map(|&x| Line {
            x1: x,
            y1: area.y,
            x2: x,
            y2: area.bottom(),
        });
        let h = ys.iter().map(|&y| Line {
            x1: area.x,
            y1: y,
            x2: area.right(),
            y2: y,
        });
        v.chain(h).collect()
    }

    /// Hairlines along every cut (for `crop_marks: full`), each across the pieces it cuts and
    /// their bleed: over the empty slots of a sheet's last row it would cut nothing.
    pub fn cut_lines(&self, used: usize) -> Vec<Line> {
        let (xs, ys) = self.cuts(used);
        let trims: Vec<Rect> = (0..used.clamp(1, self.per_sheet()))
            .map(|slot| self.front_trim(slot))
            .collect();
        let near = |a: f32, b: f32| (a - b).abs() < 1e-3;
        // The extent, bleed included, of the pieces with an edge on the cut.
        let extent = |cut: &dyn Fn(&Rect) -> bool, lo: fn(&Rect) -> f32, hi: fn(&Rect) -> f32| {
            let on: Vec<&Rect> = trims.iter().filter(|r| cut(r)).collect();
            let start = on.iter().map(|r| lo(r)).fold(f32::INFINITY, f32::min);
            let end = on.iter().map(|r| hi(r)).fold(f32::NEG_INFINITY, f32::max);
            (start - self.bleed, end + self.bleed)
        };
        let v = xs.iter().map(|&x| {
            let (y1, y2) = extent(
                &|r| near(r.x, x) || near(r.right(), x),
                |r| r.y,
                Rect::bottom,
            );
            Line {
                x1: x,
                y1,
                x2: x,
                y2,
            }
        });
        let h = ys.iter().map(|&y| {
            let (x1, x2) = extent(
                &|r| near(r.y, y) || near(r.bottom(), y),
                |r| r.x,
                Rect::right,
            );
            Line {
                x1,
                y1: y,
                x2,
                y2: y,
            }
        });
        v.chain(h).collect()
    }
}

pub(crate) fn check_numbers(bleed: f32, gutter: Option<f32>, margin: f32) -> Result<()> {
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
    if !(0.0..=30.0).contains(&margin) {
        return Err(Error::new(format!(
            "printable margin {margin} mm is outside 0 to 30 mm"
        )));
    }
    Ok(())
}

impl Line {
    /// The line kept out of `r`: whole when it does not cross it, else its longer part on
    /// one side of it (a mark keeps the end near its card); none when nothing is left. For
    /// horizontal and vertical lines, the only ones the sheets draw.
    pub fn off(&self, r: Rect) -> Option<Line> {
        let vertical = self.x1 == self.x2;
        let (across, (a, b), (lo, hi)) = match vertical {
            true => (self.x1, (self.y1, self.y2), (r.y, r.bottom())),
            false => (self.y1, (self.x1, self.x2), (r.x, r.right())),
        };
        let (side_lo, side_hi) = match vertical {
            true => (r.x, r.right()),
            false => (r.y, r.bottom()),
        };
        let (start, end) = (a.min(b), a.max(b));
        if across <= side_lo || across >= side_hi || end <= lo || start >= hi {
            return Some(*self);
        }
        let before = (start, end.min(lo));
        let after = (start.max(hi), end);
        let (s, e) = match before.1 - before.0 >= after.1 - after.0 {
            true => before,
            false => after,
        };
        if e - s <= 1e-3 {
            return None;
        }
        // Keep the direction the line was drawn in.
        let (s, e) = if a <= b { (s, e) } else { (e, s) };
        Some(match vertical {
            true => Line {
                x1: across,
                y1: s,
                x2: across,
                y2: e,
            },
            false => Line {
                x1: s,
                y1: across,
                x2: e,
                y2: across,
            },
        })
    }

    pub fn translate(&self, dx: f32, dy: f32) -> Line {
        Line {
            x1: self.x1 + dx,
            y1: self.y1 + dy,
            x2: self.x2 + dx,
            y2: self.y2 + dy,
        }
    }

    pub fn length(&self) -> f32 {
        ((self.x2 - self.x1).powi(2) + (self.y2 - self.y1).powi(2)).sqrt()
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
    fn poker_is_nine_up_on_a4_and_six_on_letter() {
        let g = poker(Paper::A4);
        assert_eq!((g.cols, g.rows), (3, 3));
        // Letter is too short for three rows with marks inside a 5 mm margin.
        let g = poker(Paper::Letter);
        assert_eq!((g.cols, g.rows), (3, 2));
    }

    #[test]
    fn gutter_is_double_bleed_unless_it_costs_a_card() {
        let g = poker(Paper::A4);
        assert_eq!((g.gutter_x, g.gutter_y), (0.0, 0.0));
        let bridge = Grid::new(Paper::A4, CardSize::named("bridge").unwrap(), 3.0, None).unwrap();
        assert_eq!((bridge.cols, bridge.gutter_x), (3, 6.0));
    }

    #[test]
    fn marks_and_band_stay_inside_the_printable_margin() {
        for paper in [Paper::A4, Paper::Letter, Paper::A3, Paper::A5, Paper::Legal] {
            let g = poker(paper);
            let block = g.block(g.per_sheet());
            let marks = g.crop_marks(g.per_sheet());
            assert!(!marks.is_empty());
            for m in &marks {
                assert!(m.length() >= MARK_MIN - 1e-3, "{paper:?}: {m:?}");
                for (x, y) in [(m.x1, m.y1), (m.x2, m.y2)] {
                    let inside = x > block.x - MARK_GAP + 1e-3
                        && x < block.right() - 1e-3 + MARK_GAP
                        && y > block.y - MARK_GAP + 1e-3
                        && y < block.bottom() + MARK_GAP - 1e-3;
                    assert!(!inside, "{paper:?} mark {m:?} touches the cards");
                    assert!(x >= g.margin - 1e-3 && x <= g.paper_w - g.margin + 1e-3);
                    assert!(y >= g.margin - 1e-3 && y <= g.paper_h - g.margin + 1e-3);
                }
            }
            let band = g.band.expect("room for the ruler");
            assert!(
                band.rect.inside_margin(g.paper_w, g.paper_h, g.margin),
                "{paper:?}"
            );
            assert!(!band.rect.overlaps(&block));
            assert!(
                band.length() >= 120.0,
                "{paper:?}: ruler and label need room"
            );
        }
    }

    #[test]
    fn every_cut_has_marks() {
        let g = poker(Paper::A4);
        let (xs, ys) = g.cuts(9);
        assert_eq!(
            (xs.len(), ys.len()),
            (4, 4),
            "shared cuts between touching cards"
        );
        let marks = g.crop_marks(9);
        for x in xs {
            assert!(marks.iter().any(|m| m.x1 == x && m.x2 == x));
        }
        for y in ys {
            assert!(marks.iter().any(|m| m.y1 == y && m.y2 == y));
        }
    }

    #[test]
    fn a_line_kept_off_a_box_keeps_its_longer_side() {
        let r = Rect {
            x: 0.0,
            y: 10.0,
            w: 100.0,
            h: 5.0,
        };
        let down = Line {
            x1: 50.0,
            y1: 2.0,
            x2: 50.0,
            y2: 12.0,
        };
        assert_eq!(down.off(r).unwrap().y2, 10.0);
        let through = Line {
            x1: 50.0,
            y1: 0.0,
            x2: 50.0,
            y2: 40.0,
        };
        let kept = through.off(r).unwrap();
        assert_eq!((kept.y1, kept.y2), (15.0, 40.0));
        let beside = Line {
            x1: 120.0,
            ..through
        };
        assert_eq!(beside.off(r), Some(beside));
        let inside = Line {
            x1: 50.0,
            y1: 11.0,
            x2: 50.0,
            y2: 14.0,
        };
        assert_eq!(inside.off(r), None);
    }

    #[test]
    fn long_edge_backs_mirror_rows_left_to_right() {
        let g = poker(Paper::A4);
        // Slot 0 (top-left) on the front lands top-right on the back: A B C -> C B A, about
        // the page centre even though the block is off centre.
        let f = g.front_trim(0);
        let b = g.to_back(f, Duplex::LongEdge, [0.0, 0.0]);
        assert!((b.x + b.w - (g.paper_w - f.x)).abs() < 1e-3 && b.y == f.y);
        let b = g.to_back(f, Duplex::ShortEdge, [0.0, 0.0]);
        assert_eq!(b.x, f.x);
        assert!((b.y - (g.paper_h - f.y - f.h)).abs() < 1e-3);
    }

    #[test]
    fn back_bands_are_mirrored_beside_the_backs() {
        for paper in [Paper::A4, Paper::Letter] {
            let g = poker(paper);
            for duplex in [Duplex::LongEdge, Duplex::ShortEdge] {
                let band = g.back_band(duplex, [0.0, 0.0]).unwrap();
                for slot in 0..g.per_sheet() {
                    let back = g.to_back(g.front_bleed(slot, 9), duplex, [0.0, 0.0]);
                    assert!(
                        !band.rect.overlaps(&back),
                        "{paper:?} {duplex:?} slot {slot}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_side_band_on_the_back_keeps_to_the_printable_area() {
        let g = Grid::new(Paper::Letter, CardSize::named("mini").unwrap(), 3.0, None).unwrap();
        let front = g.band.unwrap();
        assert_eq!(front.side, BandSide::Right);
        let (m, pw, ph) = (g.margin, g.paper_w, g.paper_h);
        // Over the short edge it stays at the right. Pushed 10 mm right and 8 mm up, it
        // stops at the right margin and is cut at the top one, its foot moved by the offset.
        let offset = [10.0, -8.0];
        let band = g.back_band(Duplex::ShortEdge, offset).unwrap();
        let moved = g.to_back(front.rect, Duplex::ShortEdge, offset);
        let r = band.rect;
        assert_eq!((band.side, r.w), (BandSide::Right, BAND_THICK));
        assert!((r.right() - (pw - m)).abs() < 1e-3, "{r:?}");
        assert!((r.y - m).abs() < 1e-3, "{r:?}");
        assert!((r.bottom() - moved.bottom()).abs() < 1e-3, "{r:?}");
        // Over the long edge it lands on the left: pushed left and down, it stops at the left
        // margin and is cut at the bottom one, its head moved by the offset.
        let offset = [-10.0, 8.0];
        let band = g.back_band(Duplex::LongEdge, offset).unwrap();
        let moved = g.to_back(front.rect, Duplex::LongEdge, offset);
        let r = band.rect;
        assert_eq!((band.side, r.w), (BandSide::Left, BAND_THICK));
        assert!((r.x - m).abs() < 1e-3, "{r:?}");
        assert!((r.y - moved.y).abs() < 1e-3, "{r:?}");
        assert!((r.bottom() - (ph - m)).abs() < 1e-3, "{r:?}");
    }

    #[test]
    fn a_bottom_band_on_the_back_keeps_to_the_printable_area() {
        let g = poker(Paper::A4);
        let (m, pw, ph) = (g.margin, g.paper_w, g.paper_h);
        let front = g.band.unwrap().rect;
        assert!((front.bottom() - (ph - m)).abs() < 1e-3, "{front:?}");
        // Pushed 6 mm left and 3 mm down, it stays on the bottom margin and is cut at the left.
        let offset = [-6.0, 3.0];
        let band = g.back_band(Duplex::LongEdge, offset).unwrap();
        let moved = g.to_back(front, Duplex::LongEdge, offset);
        let r = band.rect;
        assert_eq!((band.side, r.h), (BandSide::Bottom, BAND_THICK));
        assert!((r.bottom() - (ph - m)).abs() < 1e-3, "{r:?}");
        assert!((r.x - m).abs() < 1e-3, "{r:?}");
        assert!((r.right() - moved.right()).abs() < 1e-3, "{r:?}");
        // Pushed right instead, it is cut at the right margin.
        let moved = g.to_back(front, Duplex::LongEdge, [6.0, 0.0]);
        let r = g.back_band(Duplex::LongEdge, [6.0, 0.0]).unwrap().rect;
        assert!((r.x - moved.x).abs() < 1e-3, "{r:?}");
        assert!((r.right() - (pw - m)).abs() < 1e-3, "{r:?}");
    }

    #[test]
    fn an_offset_beyond_the_margin_is_an_error_naming_the_limit() {
        let g = poker(Paper::A4);
        let err = g
            .back_marks(9, Duplex::LongEdge, [0.0, 30.0])
            .expect_err("30 mm down pushes the backs over the ruler's band");
        assert!(err.message.contains("printable margin"), "{}", err.message);
        // The band sits on the margin; a printer that puts the backs a little low is still set
        // right, the band staying where it is and the backs coming nearer to it, up to it.
        let down: f32 = err.message.split(" to ").last().unwrap()[..3]
            .parse()
            .unwrap();
        assert!(down >= 2.0, "{}", err.message);
        assert!(g.back_marks(9, Duplex::LongEdge, [0.0, down]).is_ok());
        assert!(
            g.back_marks(9, Duplex::LongEdge, [0.0, down + 0.2])
                .is_err()
        );
        let band = g.back_band(Duplex::LongEdge, [0.0, down]).unwrap().rect;
        assert!(band.bottom() <= g.paper_h - g.margin + 1e-3, "{band:?}");
        for slot in 0..g.per_sheet() {
            let back = g.to_back(g.front_bleed(slot, 9), Duplex::LongEdge, [0.0, down]);
            assert!(
                !band.grow(-1e-3, -1e-3, -1e-3, -1e-3).overlaps(&back),
                "{slot}"
            );
        }
        // Nor do the backs' crop marks, or full cut lines, run onto the band.
        let marks = g.back_marks(9, Duplex::LongEdge, [0.0, down]).unwrap();
        let backs: Vec<Line> = g
            .sheet_lines(9)
            .iter()
            .map(|l| l.to_back(&g, Duplex::LongEdge, [0.0, down]))
            .collect();
        let lines = g.on_back_page(&backs, Duplex::LongEdge, [0.0, down]);
        assert!(!marks.is_empty() && !lines.is_empty());
        for l in marks.iter().chain(&lines) {
            let (x0, x1) = (l.x1.min(l.x2), l.x1.max(l.x2));
            let (y0, y1) = (l.y1.min(l.y2), l.y1.max(l.y2));
            let crosses = x1 > band.x && x0 < band.right() && y1 > band.y && y0 < band.bottom();
            assert!(!crosses, "{l:?} runs onto the band {band:?}");
        }
        // Nor may the backs themselves leave the printable area.
        assert!(g.back_marks(9, Duplex::LongEdge, [10.0, 0.0]).is_err());
        assert!(g.back_marks(9, Duplex::LongEdge, [-10.0, 0.0]).is_err());
        // Marks the offset would push into the margin are left out; the rest stay whole.
        let marks = g.back_marks(9, Duplex::LongEdge, [1.5, -2.0]).unwrap();
        assert!(!marks.is_empty());
        for m in &marks {
            assert!(m.length() >= MARK_MIN - 1e-3);
            for (v, max) in [
                (m.x1, g.paper_w),
                (m.x2, g.paper_w),
                (m.y1, g.paper_h),
                (m.y2, g.paper_h),
            ] {
                assert!(v >= g.margin - 1e-3 && v <= max - g.margin + 1e-3, "{m:?}");
            }
        }
        assert!(err.message.contains("must be from"), "{}", err.message);
        assert!(g.back_marks(9, Duplex::LongEdge, [0.0, 0.0]).is_ok());
        // Sideways, the full-width band is shortened rather than refusing the offset.
        for duplex in [Duplex::LongEdge, Duplex::ShortEdge] {
            let r = g.back_marks(9, duplex, [2.0, 0.0]);
            assert!(r.is_ok(), "{duplex:?} {:?}", r.err());
            let band = g.back_band(duplex, [2.0, 0.0]).unwrap().rect;
            assert!(band.x >= g.margin - 1e-3 && band.right() <= g.paper_w - g.margin + 1e-3);
        }
        // Where there is room, an offset moves the marks and keeps them long enough.
        let g = poker(Paper::Letter);
        let marks = g.back_marks(6, Duplex::LongEdge, [1.0, -2.0]).unwrap();
        assert!(marks.iter().all(|m| m.length() >= MARK_MIN - 1e-3));
    }

    #[test]
    fn full_cut_lines_stop_where_the_pieces_stop() {
        let g = poker(Paper::A4);
        assert_eq!((g.cols, g.rows), (3, 3));
        let full = g.block(9);
        let (a, b) = (g.front_trim(0), g.front_trim(8));
        assert!((b.right() - g.front_trim(5).right()).abs() < 1e-3);
        // A full sheet: every line crosses the whole block.
        for l in g.cut_lines(9) {
            let (lo, hi) = match l.x1 == l.x2 {
                true => (full.y, full.bottom()),
                false => (full.x, full.right()),
            };
            let (s, e) = match l.x1 == l.x2 {
                true => (l.y1, l.y2),
                false => (l.x1, l.x2),
            };
            assert!((s - lo).abs() < 1e-3 && (e - hi).abs() < 1e-3, "{l:?}");
        }
        // Seven cards: the last row holds one. The right edge of the third column stops at
        // the second row's bleed, and the last row's bottom edge under its one card.
        let lines = g.cut_lines(7);
        let right = lines
            .iter()
            .find(|l| l.x1 == l.x2 && (l.x1 - b.right()).abs() < 1e-3)
            .unwrap();
        let second_row = g.front_trim(5).bottom() + g.bleed;
        assert!((right.y2 - second_row).abs() < 1e-3, "{right:?}");
        let bottom = lines
            .iter()
            .find(|l| l.y1 == l.y2 && (l.y1 - g.front_trim(6).bottom()).abs() < 1e-3)
            .unwrap();
        assert!((bottom.x1 - (a.x - g.bleed)).abs() < 1e-3, "{bottom:?}");
        assert!(
            (bottom.x2 - (g.front_trim(6).right() + g.bleed)).abs() < 1e-3,
            "{bottom:?}"
        );
        // Seen from the first column, its left edge still runs the three rows.
        let left = lines
            .iter()
            .find(|l| l.x1 == l.x2 && (l.x1 - a.x).abs() < 1e-3)
            .unwrap();
        assert!(
            (left.y2 - (g.front_trim(6).bottom() + g.bleed)).abs() < 1e-3,
            "{left:?}"
        );
    }

    #[test]
    fn bleed_is_whole_beside_empty_slots() {
        let g = poker(Paper::A4);
        // A full sheet: the middle card shares all four cuts.
        let middle = g.front_bleed(4, 9);
        assert_eq!(middle, g.front_trim(4));
        // Two cards: the second one's right edge and both bottoms have no neighbour.
        let b = g.front_bleed(1, 2);
        let t = g.front_trim(1);
        assert!((b.right() - t.right() - 3.0).abs() < 1e-4);
        assert!((b.bottom() - t.bottom() - 3.0).abs() < 1e-4);
        assert!((b.x - t.x).abs() < 1e-4, "shared with the first card");
        // Seven cards: the card above the empty slot 7 keeps its bottom bleed.
        let b = g.front_bleed(4, 7);
        assert!((b.bottom() - g.front_trim(4).bottom() - 3.0).abs() < 1e-4);
        let bridge = Grid::new(Paper::A4, CardSize::named("bridge").unwrap(), 3.0, None).unwrap();
        let inner = bridge.front_bleed(4, 9);
        assert!(
            (bridge.front_trim(4).x - inner.x - 3.0).abs() < 1e-4,
            "full bleed in a gutter"
        );
    }

    #[test]
    fn poker_cards_turn_on_letter_to_fit_eight() {
        let size = CardSize::named("poker").unwrap();
        let g = Grid::turning(Paper::Letter, size, 3.0, None, DEFAULT_MARGIN).unwrap();
        assert!(g.turned);
        assert_eq!(g.per_sheet(), 8);
        assert_eq!((g.card_w, g.card_h), (88.9, 63.5));
        let g = Grid::turning(Paper::A4, size, 3.0, None, DEFAULT_MARGIN).unwrap();
        assert!(!g.turned, "nine upright beat eight turned");
    }

    #[test]
    fn a_card_that_fits_only_turned_is_turned() {
        let size = CardSize::custom(250.0, 150.0);
        let g = Grid::turning(Paper::A4, size, 3.0, None, DEFAULT_MARGIN).unwrap();
        assert!(g.turned);
        assert_eq!((g.card_w, g.card_h), (150.0, 250.0));
    }

    #[test]
    fn a_square_card_is_not_turned_for_nothing() {
        let size = CardSize::custom(64.0, 64.0);
        let g = Grid::turning(Paper::A4, size, 3.0, None, DEFAULT_MARGIN).unwrap();
        assert!(!g.turned, "as many fit upright");
    }

    #[test]
    fn too_large_a_card_is_an_error() {
        let err = Grid::new(Paper::A4, CardSize::custom(300.0, 300.0), 3.0, None).unwrap_err();
        assert!(err.message.contains("does not fit"));
        // On A3 it fits.
        assert!(Grid::new(Paper::A3, CardSize::custom(250.0, 300.0), 3.0, None).is_ok());
    }

    fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    #[test]
    fn rectangles_overlap_past_a_micrometre_and_not_when_they_touch() {
        let a = rect(0.0, 0.0, 10.0, 10.0);
        let t = 1e-3;
        // Beside a on each side: touching, within the tolerance, and a true overlap.
        let right = |x: f32| rect(x, 2.0, 10.0, 5.0);
        let below = |y: f32| rect(2.0, y, 5.0, 10.0);
        for (touching, tolerated, over) in [
            (right(10.0), right(10.0 - t), right(10.0 - 2.0 * t)),
            (below(10.0), below(10.0 - t), below(10.0 - 2.0 * t)),
        ] {
            for (p, q) in [
                (&a, &touching),
                (&a, &tolerated),
                (&touching, &a),
                (&tolerated, &a),
            ] {
                assert!(!p.overlaps(q), "{p:?} {q:?}");
            }
            assert!(a.overlaps(&over) && over.overlaps(&a), "{over:?}");
        }
        assert!(a.overlaps(&rect(2.0, 2.0, 1.0, 1.0)), "inside");
        assert!(!a.overlaps(&rect(20.0, 20.0, 1.0, 1.0)), "apart");
        assert!(!a.overlaps(&rect(5.0, 20.0, 1.0, 1.0)), "apart below");
        assert!(!a.overlaps(&rect(20.0, 5.0, 1.0, 1.0)), "apart beside");
    }

    #[test]
    fn a_rectangle_inside_the_margin_may_touch_it_on_every_side() {
        // A4 less 5 mm: 5 to 205 across, 5 to 292 down.
        let inside = |r: Rect| r.inside_margin(210.0, 297.0, 5.0);
        assert!(
            inside(rect(5.0, 5.0, 200.0, 287.0)),
            "touching all four sides"
        );
        assert!(inside(rect(50.0, 50.0, 10.0, 10.0)));
        for out in [
            rect(4.99, 50.0, 10.0, 10.0),
            rect(50.0, 4.99, 10.0, 10.0),
            rect(195.01, 50.0, 10.0, 10.0),
            rect(50.0, 282.01, 10.0, 10.0),
        ] {
            assert!(!inside(out), "{out:?}");
        }
    }

    #[test]
    fn a_card_exactly_as_long_as_the_room_fits_once() {
        assert_eq!(fit(100.0, 100.0, 0.0, 0.0, 0.0), 1);
        assert_eq!(fit(100.0, 100.5, 0.0, 0.0, 0.0), 0);
        // Room 210 - 6 - 10 + 6 = 200 for cards of 63 + 6.
        assert_eq!(fit(210.0, 63.0, 3.0, 6.0, 10.0), 2);
        assert_eq!(fit(210.0, 63.0, 3.0, 0.0, 10.0), 3);
    }

    #[test]
    fn an_axis_centres_its_cards_in_the_room_left_over() {
        let got = |a: Axis| (a.count, a.gutter, a.origin);
        // 63 mm poker cards across A4: three with shared cuts (a double-bleed gutter fits only
        // two), marks on the far side only: 195 mm of block, 1.5 mm over, half each side.
        assert_eq!(got(axis(210.0, 63.0, 3.0, None, 5.0, 0.0)), (3, 0.0, 8.75));
        // 88 mm down A4: three with gutters of twice the bleed, the marks' 8.5 mm room at the
        // bottom.
        assert_eq!(got(axis(297.0, 88.0, 3.0, None, 5.0, 0.0)), (3, 6.0, 8.75));
        // With the 7 mm band at the bottom: shared cuts and marks on both sides keep three.
        assert_eq!(got(axis(297.0, 88.0, 3.0, None, 5.0, 7.0)), (3, 0.0, 13.0));
        // A gutter asked for is kept.
        assert_eq!(got(axis(210.0, 63.0, 3.0, Some(2.0), 5.0, 0.0)).1, 2.0);
    }

    fn custom(w: f32, h: f32, bleed: f32) -> Grid {
        Grid::new(Paper::A4, CardSize::custom(w, h), bleed, None).unwrap()
    }

    fn ends(lines: &[Line]) -> Vec<[f32; 4]> {
        lines.iter().map(|l| [l.x1, l.y1, l.x2, l.y2]).collect()
    }

    #[test]
    fn the_band_goes_where_it_costs_no_card_else_below_for_a_row_else_nowhere() {
        // 185 × 140 on A4: a band below would cost the second row, at the right it costs
        // nothing; it stands 3.5 mm past the block (less than the 5 mm marks: no more room).
        let g = custom(185.0, 140.0, 0.0);
        assert_eq!((g.cols, g.rows), (1, 2));
        let band = g.band.unwrap();
        assert_eq!(band.side, BandSide::Right);
        assert_eq!(band.rect, rect(199.0, 8.5, 6.0, 280.0));
        // 195 mm wide leaves no room at the right: the band goes below, at the cost of a row.
        let g = custom(195.0, 140.0, 0.0);
        assert_eq!(
            (g.rows, g.band.map(|b| b.side)),
            (1, Some(BandSide::Bottom))
        );
        // 280 mm high leaves none below either: no band, the one card kept.
        let g = custom(195.0, 280.0, 0.0);
        assert_eq!((g.rows, g.band), (1, None));
    }

    #[test]
    fn shorter_marks_bring_the_band_closer() {
        let g = custom(63.0, 88.0, 3.0);
        assert_eq!(g.band.unwrap().rect, rect(5.75, 286.0, 195.0, 6.0));
        let short = g.clone().with_mark_length(3.0);
        assert_eq!(short.mark_len, 3.0);
        assert_eq!(short.band.unwrap().rect.y, 284.5);
        assert_eq!(g.clone().with_mark_length(MARK_LENGTH), g);
        let right = custom(185.0, 140.0, 0.0).with_mark_length(3.0);
        assert_eq!(right.band.unwrap().rect.x, 198.5);
    }

    #[test]
    fn crop_marks_reach_the_margin_or_the_band_in_millimetres() {
        // 63 × 88 cards on A4, shared cuts: marks above and below every vertical cut, up to
        // the 5 mm margin and to 1 mm short of the band (285); the horizontal cuts are marked
        // on the right only (the left keeps just the margin), out to 205.
        let marks = ends(&custom(63.0, 88.0, 3.0).crop_marks(9));
        let mut want = Vec::new();
        for x in [8.75, 71.75, 134.75, 197.75] {
            want.extend([[x, 9.5, x, 5.0], [x, 280.5, x, 285.0]]);
        }
        for y in [13.0, 101.0, 189.0, 277.0] {
            want.push([201.25, y, 205.0, y]);
        }
        assert_eq!(marks, want);
        // With the band at the right: the horizontal marks stop 1 mm short of it (198).
        let marks = ends(&custom(185.0, 140.0, 0.0).crop_marks(2));
        let mut want = Vec::new();
        for x in [9.0, 194.0] {
            want.extend([[x, 8.0, x, 5.0], [x, 289.0, x, 292.0]]);
        }
        for y in [8.5, 148.5, 288.5] {
            want.extend([[8.5, y, 5.0, y], [194.5, y, 198.0, y]]);
        }
        assert_eq!(marks, want);
    }

    #[test]
    fn a_back_offset_up_to_its_limits_passes_and_a_hundredth_past_fails() {
        let g = custom(63.0, 88.0, 3.0);
        // Backs mirrored over the long edge: their trims span 12.25 to 201.25 across and 13 to
        // 277 down, the band's 6 mm below them (280 with the bleed) up to the 292 mm margin.
        let limits = g.offset_limits(Duplex::LongEdge);
        assert_eq!(limits, (-7.25, 3.75, -8.0, 6.0));
        let (lo_x, hi_x, lo_y, hi_y) = limits;
        let t = 1e-3;
        let check = |offset: [f32; 2]| g.check_back_offset(Duplex::LongEdge, offset);
        for ok in [
            [lo_x, 0.0],
            [hi_x, 0.0],
            [0.0, lo_y],
            [0.0, hi_y],
            [lo_x - t, 0.0],
            [hi_x + t, 0.0],
            [0.0, lo_y - t],
            [0.0, hi_y + t],
        ] {
            assert!(check(ok).is_ok(), "{ok:?}");
        }
        for bad in [
            [lo_x - 0.01, 0.0],
            [hi_x + 0.01, 0.0],
            [0.0, lo_y - 0.01],
            [0.0, hi_y + 0.01],
        ] {
            assert!(check(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn slots_step_by_the_card_and_its_gutter() {
        let g = Grid::new(Paper::A4, CardSize::custom(60.0, 80.0), 3.0, Some(4.0)).unwrap();
        assert_eq!((g.cols, g.rows, g.gutter_x, g.gutter_y), (3, 3, 4.0, 4.0));
        let (first, middle) = (g.front_trim(0), g.front_trim(4));
        assert_eq!(middle, rect(first.x + 64.0, first.y + 84.0, 60.0, 80.0));
    }

    #[test]
    fn back_marks_mirror_the_fronts_and_keep_what_the_offset_leaves_room_for() {
        let g = custom(63.0, 88.0, 3.0);
        let back = |offset: [f32; 2]| ends(&g.back_marks(9, Duplex::LongEdge, offset).unwrap());
        // Mirrored over the long edge: the cuts at 210 - x, the horizontal cuts' marks on the
        // left, from 8.75 out to the 5 mm margin.
        let mut want = Vec::new();
        for x in [201.25, 138.25, 75.25, 12.25] {
            want.extend([[x, 9.5, x, 5.0], [x, 280.5, x, 285.0]]);
        }
        for y in [13.0, 101.0, 189.0, 277.0] {
            want.push([8.75, y, 5.0, y]);
        }
        assert_eq!(back([0.0, 0.0]), want);
        // At the offsets' limits the outermost marks lie on the margin and stay.
        let left = back([-7.25, 0.0]);
        assert!(left.iter().any(|m| m[0] == 5.0 && m[2] == 5.0), "{left:?}");
        let right = back([3.75, 0.0]);
        assert!(
            right.iter().any(|m| m[0] == 205.0 && m[2] == 205.0),
            "{right:?}"
        );
        let up = back([0.0, -8.0]);
        assert!(up.iter().any(|m| m[1] == 5.0 && m[3] == 5.0), "{up:?}");
        // 1.5 mm up, the marks above the backs are cut to exactly 3 mm and kept; 0.5 mm more
        // and they are too short.
        let tops =
            |marks: &[[f32; 4]]| marks.iter().filter(|m| m[3] == 5.0 && m[0] == m[2]).count();
        assert_eq!(tops(&back([0.0, -1.5])), 4);
        assert_eq!(tops(&back([0.0, -2.0])), 0);
    }

    #[test]
    fn back_marks_stay_inside_the_printable_area_at_every_offset_limit() {
        for g in [custom(63.0, 88.0, 3.0), custom(185.0, 140.0, 0.0)] {
            for duplex in [Duplex::LongEdge, Duplex::ShortEdge] {
                let (lo_x, hi_x, lo_y, hi_y) = g.offset_limits(duplex);
                for offset in [[lo_x, 0.0], [hi_x, 0.0], [0.0, lo_y], [0.0, hi_y]] {
                    let marks = g.back_marks(g.per_sheet(), duplex, offset).unwrap();
                    for m in ends(&marks) {
                        let inside =
                            |v: f32, max: f32| (5.0 - 1e-3..=max - 5.0 + 1e-3).contains(&v);
                        assert!(
                            inside(m[0], 210.0) && inside(m[2], 210.0),
                            "{duplex:?} {offset:?}: {m:?}"
                        );
                        assert!(
                            inside(m[1], 297.0) && inside(m[3], 297.0),
                            "{duplex:?} {offset:?}: {m:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn back_offset_limits_come_from_the_outermost_backs_and_the_band_on_each_side() {
        // 185 × 140, band at the right of the fronts. Over the long edge the backs span 16 to
        // 201 across and the band comes to the left (5 to 11): from -5 to 4 across; the rows,
        // 8.5 to 288.5 down, allow 3.5 each way.
        let g = custom(185.0, 140.0, 0.0);
        assert_eq!(g.offset_limits(Duplex::LongEdge), (-5.0, 4.0, -3.5, 3.5));
        // Over the short edge the backs stay at 9 to 194 and the band at the right.
        assert_eq!(g.offset_limits(Duplex::ShortEdge), (-4.0, 5.0, -3.5, 3.5));
        // 63 × 88 over the short edge: the backs' trims 20 to 284 down, the band above them
        // (5 to 11), the backs' bleed from 17.
        let g = custom(63.0, 88.0, 3.0);
        assert_eq!(g.offset_limits(Duplex::ShortEdge), (-3.75, 7.25, -6.0, 8.0));
    }

    #[test]
    fn a_slot_shows_its_whole_bleed_except_towards_a_filled_neighbour() {
        // 4 mm gutters, 3 mm bleed: towards a filled neighbour the face stops mid-gutter (2).
        let g = Grid::new(Paper::A4, CardSize::custom(60.0, 80.0), 3.0, Some(4.0)).unwrap();
        let shown = |slot: usize, used: usize| {
            let t = g.front_trim(slot);
            let r = g.front_bleed(slot, used);
            [
                t.x - r.x,
                t.y - r.y,
                r.right() - t.right(),
                r.bottom() - t.bottom(),
            ]
        };
        assert_eq!(shown(4, 9), [2.0, 2.0, 2.0, 2.0]);
        assert_eq!(shown(0, 9), [3.0, 3.0, 2.0, 2.0]);
        assert_eq!(shown(8, 9), [2.0, 2.0, 3.0, 3.0]);
        // Five slots filled: the middle one has neighbours to the left and above only, the
        // third none to its right (the sheet's edge) nor below (empty).
        assert_eq!(shown(4, 5), [2.0, 2.0, 3.0, 3.0]);
        assert_eq!(shown(2, 5), [2.0, 3.0, 3.0, 3.0]);
    }

    #[test]
    fn numbers_outside_their_range_are_refused_by_name() {
        let poker = CardSize::named("poker").unwrap();
        let err = |r: Result<Grid>| r.unwrap_err().message.clone();
        assert_eq!(
            err(Grid::new(Paper::A4, poker, 26.0, None)),
            "bleed 26 mm is outside 0 to 25 mm"
        );
        assert_eq!(
            err(Grid::new(Paper::A4, poker, 3.0, Some(51.0))),
            "gutter 51 mm is outside 0 to 50 mm"
        );
        assert_eq!(
            err(Grid::with_margin(Paper::A4, poker, 3.0, None, 31.0)),
            "printable margin 31 mm is outside 0 to 30 mm"
        );
        assert!(Grid::new(Paper::A4, poker, 3.0, Some(4.0)).is_ok());
        assert!(Grid::with_margin(Paper::A4, poker, 0.0, Some(0.0), 0.0).is_ok());
    }

    #[test]
    fn a_line_is_kept_out_of_a_rectangle_by_its_longer_part() {
        let r = rect(10.0, 10.0, 10.0, 10.0);
        let line = |x1, y1, x2, y2| Line { x1, y1, x2, y2 };
        let off = |l: Line| l.off(r).map(|l| [l.x1, l.y1, l.x2, l.y2]);
        // Beside, above, below, on an edge: whole.
        for whole in [
            line(5.0, 0.0, 5.0, 30.0),
            line(25.0, 0.0, 25.0, 30.0),
            line(15.0, 0.0, 15.0, 8.0),
            line(15.0, 25.0, 15.0, 30.0),
            line(10.0, 0.0, 10.0, 30.0),
            line(0.0, 5.0, 30.0, 5.0),
            line(0.0, 15.0, 8.0, 15.0),
        ] {
            assert_eq!(off(whole), Some([whole.x1, whole.y1, whole.x2, whole.y2]));
        }
        // Across it: the longer part, in the direction it was drawn.
        assert_eq!(
            off(line(15.0, 0.0, 15.0, 26.0)),
            Some([15.0, 0.0, 15.0, 10.0])
        );
        assert_eq!(
            off(line(15.0, 30.0, 15.0, 4.0)),
            Some([15.0, 30.0, 15.0, 20.0])
        );
        assert_eq!(
            off(line(12.0, 15.0, 40.0, 15.0)),
            Some([20.0, 15.0, 40.0, 15.0])
        );
        // Inside it: nothing left.
        assert_eq!(off(line(15.0, 12.0, 15.0, 18.0)), None);
    }

    #[test]
    fn back_marks_over_the_short_edge_turn_top_to_bottom() {
        let g = custom(63.0, 88.0, 3.0);
        let marks = ends(&g.back_marks(9, Duplex::ShortEdge, [0.0, 0.0]).unwrap());
        // The cuts stay across, come to 297 - y down; the band is now above the backs.
        let mut want = Vec::new();
        for x in [8.75, 71.75, 134.75, 197.75] {
            want.extend([[x, 287.5, x, 292.0], [x, 16.5, x, 12.0]]);
        }
        for y in [284.0, 196.0, 108.0, 20.0] {
            want.push([201.25, y, 205.0, y]);
        }
        assert_eq!(marks, want);
        // 1 mm right and 2 up: the marks below the backs move with them; those above come
        // within 2.5 mm of the band and those at the right within 2.75 mm of the margin,
        // shorter than 3 mm, and are left out.
        let moved = ends(&g.back_marks(9, Duplex::ShortEdge, [1.0, -2.0]).unwrap());
        let want: Vec<[f32; 4]> = [9.75, 72.75, 135.75, 198.75]
            .iter()
            .map(|&x| [x, 285.5, x, 290.0])
            .collect();
        assert_eq!(moved, want);
    }
}
