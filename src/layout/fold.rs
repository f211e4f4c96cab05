//! Gutter-fold: each front beside its own back, mirrored about a fold line across the middle of
//! the sheet, for printers without duplex.
//!
//! The sheet is printed on one side, folded in half along the line (paper edge on paper edge,
//! printed sides out), glued, and the cards cut through both layers at once. The fold is the
//! paper's centre line, so folding corner on corner puts it where it belongs. The fronts fill
//! one half as a grid; the backs are the fronts' grid mirrored about the fold, exactly as a
//! duplex printer mirrors them about the sheet's flip axis (a fold along the long side is a
//! long-edge flip, along the short side a short-edge flip), so backs are turned the same way.
//! Crop marks stand on the outer sides of the fronts only: none toward the fold, none on the
//! backs, which are cut through the fronts. Pure geometry in mm, top-left origin.

use crate::error::{Error, Result};
use crate::layout::imposition::{
    BAND_GAP, BAND_THICK, Band, BandSide, Grid, Line, MARK_LENGTH, Rect, axis, band_reserve,
    check_numbers, fit, mark_zone,
};
use crate::model::print::{CardSize, Duplex, Paper};

/// Least room between a bleed edge and the fold line.
pub const FOLD_GAP: f32 = 1.5;

/// Which way the sheet is folded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fold {
    /// Along the paper's long side: a vertical line down the middle, fronts on the left.
    LongSide,
    /// Along the paper's short side: a horizontal line across the middle, fronts on top.
    ShortSide,
}

impl Fold {
    /// The duplex flip that mirrors the same way.
    pub fn flip(self) -> Duplex {
        match self {
            Fold::LongSide => Duplex::LongEdge,
            Fold::ShortSide => Duplex::ShortEdge,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Fold::LongSide => "fold along the long side",
            Fold::ShortSide => "fold along the short side",
        }
    }
}

/// A gutter-fold sheet: the fronts' grid (its band spans both halves) and the fold.
#[derive(Debug, Clone, PartialEq)]
pub struct FoldLayout {
    pub grid: Grid,
    pub fold: Fold,
}

/// One axis of a half sheet: `outer` mm of room on the paper-edge side, [`FOLD_GAP`] beside
/// the fold; the block centred in what is left.
fn half_axis(
    half: f32,
    card: f32,
    bleed: f32,
    gutter: Option<f32>,
    outer: f32,
) -> (usize, f32, f32) {
    let gutters = match gutter {
        Some(g) => vec![g],
        None if bleed > 0.0 => vec![2.0 * bleed, 0.0],
        None => vec![0.0],
    };
    let mut best = (0, 0.0);
    for g in gutters {
        let n = fit(half, card, bleed, g, outer + FOLD_GAP);
        if n > best.0 {
            best = (n, g);
        }
    }
    let (n, g) = best;
    let block = n as f32 * card + n.saturating_sub(1) as f32 * g + 2.0 * bleed;
    let slack = (half - block - outer - FOLD_GAP).max(0.0);
    (n, g, outer + slack / 2.0 + bleed)
}

impl FoldLayout {
    /// The gutter-fold layout that fits the most pairs of `size` on `paper`: folded along the
    /// long or the short side, the cards upright or (when `may_turn`) turned a quarter; ties go
    /// to upright cards, then to a fold along the long side.
    pub fn new(
        paper: Paper,
        size: CardSize,
        bleed: f32,
        gutter: Option<f32>,
        margin: f32,
        may_turn: bool,
    ) -> Result<FoldLayout> {
        check_numbers(bleed, gutter, margin)?;
        let mut best: Option<FoldLayout> = None;
        let turns: &[bool] = if may_turn { &[false, true] } else { &[false] };
        for &turned in turns {
            for fold in [Fold::LongSide, Fold::ShortSide] {
                let Some(l) = Self::with(paper, size, bleed, gutter, margin, fold, turned) else {
                    continue;
                };
                if best
                    .as_ref()
                    .is_none_or(|b| l.grid.per_sheet() > b.grid.per_sheet())
                {
                    best = Some(l);
                }
            }
        }
        best.ok_or_else(|| {
            Error::new(format!(
                "a pair of {} × {} mm cards with {bleed} mm bleed (front and back, side by side) \
                 does not fit on half a sheet of {} paper for gutter-fold, with room for the \
                 crop marks inside the {margin} mm printable margin",
                size.width_mm,
                size.height_mm,
                paper.name()
            ))
            .help("use a larger paper, a smaller bleed, or the duplex layout for this game")
        })
    }

    fn with(
        paper: Paper,
        size: CardSize,
        bleed: f32,
        gutter: Option<f32>,
        margin: f32,
        fold: Fold,
        turned: bool,
    ) -> Option<FoldLayout> {
        let (pw, ph) = paper.size_mm();
        let (w, h) = if turned {
            (size.height_mm, size.width_mm)
        } else {
            (size.width_mm, size.height_mm)
        };
        let zone = mark_zone(margin);
        let ((cols, gx, ox), (rows, gy, oy)) = match fold {
            Fold::LongSide => {
                let y = axis(ph, h, bleed, gutter, margin, band_reserve());
                (
                    half_axis(pw / 2.0, w, bleed, gutter, zone),
                    (y.count, y.gutter, y.origin),
                )
            }
            Fold::ShortSide => {
                // The band goes along the bottom edge, under the backs: the fronts keep that
                // much room at the top, which the mirror gives the backs at the bottom.
                let outer = zone.max(margin + band_reserve());
                let x = axis(pw, w, bleed, gutter, margin, 0.0);
                (
                    (x.count, x.gutter, x.origin),
                    half_axis(ph / 2.0, h, bleed, gutter, outer),
                )
            }
        };
        if cols == 0 || rows == 0 {
            return None;
        }
        let mut grid = Grid {
            paper_w: pw,
            paper_h: ph,
            card_w: w,
            card_h: h,
            bleed,
            cols,
            rows,
            gutter_x: gx,
            gutter_y: gy,
            origin_x: ox,
            origin_y: oy,
            margin,
            band: None,
            turned,
            mark_len: MARK_LENGTH,
        };
        let band = band_of(&grid, fold, margin);
        grid.band = Some(Band {
            side: BandSide::Bottom,
            rect: band,
        });
        Some(FoldLayout { grid, fold })
    }

    /// Crop marks up to `len` mm long.
    pub fn with_mark_length(mut self, len: f32) -> FoldLayout {
        self.grid.mark_len = len;
        self
    }

    /// The fold line, from margin to margin (stopping above the band on a long-side fold).
    pub fn fold_line(&self) -> Line {
        let g = &self.grid;
        match self.fold {
            Fold::LongSide => Line {
                x1: g.paper_w / 2.0,
                y1: g.margin,
                x2: g.paper_w / 2.0,
                y2: g.band.map_or(g.paper_h - g.margin, |b| b.rect.y - BAND_GAP),
            },
            Fold::ShortSide => Line {
                x1: g.margin,
                y1: g.paper_h / 2.0,
                x2: g.paper_w - g.margin,
                y2: g.paper_h / 2.0,
            },
        }
    }

    /// Where a front-side rectangle's back lands: mirrored about the fold.
    pub fn to_back(&self, r: Rect) -> Rect {
        self.grid.to_back(r, self.fold.flip(), [0.0, 0.0])
    }

    /// The crop marks of the first `used` pairs: the fronts' marks on their outer sides only,
    /// none toward the fold.
    pub fn crop_marks(&self, used: usize) -> Vec<Line> {
        let block = self.grid.block(used);
        self.grid
            .crop_marks(used)
            .into_iter()
            .filter(|m| !self.toward_fold(m, block))
            .collect()
    }

    /// Full-length cut lines across the fronts' half, at every cut of the first `used` pairs.
    pub fn sheet_lines(&self, used: usize) -> Vec<Line> {
        let block = self.grid.block(used);
        let half = match self.fold {
            Fold::LongSide => self.grid.paper_w / 2.0 - FOLD_GAP / 2.0,
            Fold::ShortSide => self.grid.paper_h / 2.0 - FOLD_GAP / 2.0,
        };
        self.grid
            .sheet_lines(used)
            .into_iter()
            .map(|mut l| {
                match self.fold {
                    Fold::LongSide if l.y1 == l.y2 => {
                        l.x1 = l.x1.min(half);
                        l.x2 = l.x2.min(half);
                    }
                    Fold::ShortSide if l.x1 == l.x2 => {
                        l.y1 = l.y1.min(half);
                        l.y2 = l.y2.min(half);
                    }
                    _ => {}
                }
                l
            })
            .filter(|l| !self.toward_fold(l, block) && l.length() > 1e-3)
            .collect()
    }

    /// Whether a mark stands between the fronts and the fold.
    fn toward_fold(&self, m: &Line, block: Rect) -> bool {
        match self.fold {
            Fold::LongSide => m.y1 == m.y2 && m.x1.min(m.x2) >= block.right() - 1e-3,
            Fold::ShortSide => m.x1 == m.x2 && m.y1.min(m.y2) >= block.bottom() - 1e-3,
        }
    }
}

/// Where the label band of a gutter-fold sheet goes: under the block of pairs (folded along
/// the long side), or along the bottom edge, under the backs (folded along the short side).
fn band_of(grid: &Grid, fold: Fold, margin: f32) -> Rect {
    let (pw, ph) = (grid.paper_w, grid.paper_h);
    let block = grid.block(grid.per_sheet());
    match fold {
        Fold::LongSide => {
            let room =
                ph - margin - block.bottom() - crate::layout::imposition::MARK_GAP - band_reserve();
            let y = block.bottom()
                + crate::layout::imposition::MARK_GAP
                + room.min(MARK_LENGTH)
                + BAND_GAP;
            Rect {
                x: block.x,
                y,
                w: pw - 2.0 * block.x,
                h: BAND_THICK,
            }
        }
        Fold::ShortSide => Rect {
            x: block.x,
            y: ph - margin - BAND_THICK,
            w: block.w,
            h: BAND_THICK,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::print::NAMED_SIZES;

    #[test]
    fn poker_pairs_fit_a4_and_turn_when_that_fits_more() {
        let poker = CardSize::named("poker").unwrap();
        let l = FoldLayout::new(Paper::A4, poker, 3.0, None, 5.0, true).unwrap();
        assert_eq!(l.grid.per_sheet(), 4, "{l:?}");
        assert!(l.grid.turned);
        let upright = FoldLayout::new(Paper::A4, poker, 3.0, None, 5.0, false).unwrap();
        assert_eq!(upright.grid.per_sheet(), 3);
    }

    #[test]
    fn backs_mirror_about_the_fold_and_stay_on_their_half() {
        for &(name, _, _) in &NAMED_SIZES {
            for paper in [Paper::A4, Paper::Letter] {
                let size = CardSize::named(name).unwrap();
                let l = FoldLayout::new(paper, size, 3.0, None, 5.0, true)
                    .unwrap_or_else(|e| panic!("{name} on {paper:?}: {e}"));
                let g = &l.grid;
                let fold = l.fold_line();
                for slot in 0..g.per_sheet() {
                    let f = g.front_bleed(slot, g.per_sheet());
                    let b = l.to_back(f);
                    match l.fold {
                        Fold::LongSide => {
                            assert!(f.right() <= fold.x1 - FOLD_GAP + 1e-3);
                            assert!(((f.x + b.right()) / 2.0 - fold.x1).abs() < 1e-3);
                        }
                        Fold::ShortSide => {
                            assert!(f.bottom() <= fold.y1 - FOLD_GAP + 1e-3);
                            assert!(((f.y + b.bottom()) / 2.0 - fold.y1).abs() < 1e-3);
                        }
                    }
                    let band = g.band.unwrap().rect;
                    assert!(!band.overlaps(&f) && !band.overlaps(&b), "{name} {paper:?}");
                    assert!(band.inside_margin(g.paper_w, g.paper_h, g.margin));
                }
                for m in l.crop_marks(g.per_sheet()) {
                    for (x, y) in [(m.x1, m.y1), (m.x2, m.y2)] {
                        match l.fold {
                            Fold::LongSide => assert!(x < fold.x1, "{name}: {m:?}"),
                            Fold::ShortSide => assert!(y < fold.y1, "{name}: {m:?}"),
                        }
                    }
                }
            }
        }
    }

    /// Every named size on A4 and Letter, as the layout chooses it.
    fn every_layout() -> Vec<(&'static str, Paper, FoldLayout)> {
        let mut all = Vec::new();
        for &(name, _, _) in &NAMED_SIZES {
            for paper in [Paper::A4, Paper::Letter] {
                for may_turn in [false, true] {
                    let size = CardSize::named(name).unwrap();
                    if let Ok(l) = FoldLayout::new(paper, size, 3.0, None, 5.0, may_turn) {
                        all.push((name, paper, l));
                    }
                }
            }
        }
        all
    }

    /// The fold runs through the middle of the sheet, from margin to margin: down it on a
    /// long-side fold, stopping short of the label band, and across it on a short-side fold.
    #[test]
    fn the_fold_line_runs_through_the_middle_from_margin_to_margin() {
        let all = every_layout();
        for fold in [Fold::LongSide, Fold::ShortSide] {
            assert!(all.iter().any(|(_, _, l)| l.fold == fold), "no {fold:?}");
        }
        for (name, paper, l) in &all {
            let (g, line) = (&l.grid, l.fold_line());
            let close = |a: f32, b: f32| (a - b).abs() < 1e-3;
            let ok = match l.fold {
                Fold::LongSide => {
                    let band = g.band.unwrap().rect;
                    close(line.x1, g.paper_w / 2.0)
                        && close(line.x2, g.paper_w / 2.0)
                        && close(line.y1, g.margin)
                        && close(line.y2, band.y - BAND_GAP)
                }
                Fold::ShortSide => {
                    close(line.y1, g.paper_h / 2.0)
                        && close(line.y2, g.paper_h / 2.0)
                        && close(line.x1, g.margin)
                        && close(line.x2, g.paper_w - g.margin)
                }
            };
            assert!(ok, "{name} on {paper:?}: {line:?} {g:?}");
        }
    }

    /// On its half, the block of fronts stands as far from the marks' room at the paper's edge
    /// as from the gap beside the fold, and its cards keep twice the bleed between them when
    /// that fits as many.
    #[test]
    fn the_fronts_are_centred_on_their_half() {
        for (name, paper, l) in every_layout() {
            let g = &l.grid;
            let block = g.block(g.per_sheet());
            let (before, after, gutter) = match l.fold {
                Fold::LongSide => (
                    block.x - mark_zone(g.margin),
                    g.paper_w / 2.0 - FOLD_GAP - block.right(),
                    g.gutter_x,
                ),
                Fold::ShortSide => (
                    block.y - mark_zone(g.margin).max(g.margin + band_reserve()),
                    g.paper_h / 2.0 - FOLD_GAP - block.bottom(),
                    g.gutter_y,
                ),
            };
            assert!(
                (before - after).abs() < 1e-3 && before >= -1e-3,
                "{name} on {paper:?}: {before} before, {after} after"
            );
            assert!(
                gutter == 6.0 || gutter == 0.0,
                "{name} on {paper:?}: {gutter}"
            );
        }
    }

    /// One half's axis: as many cards as fit between the paper-edge room and the fold's gap,
    /// twice the bleed between them when that fits as many as none, the block centred.
    #[test]
    fn a_half_fits_its_cards_spaced_when_it_can_and_centres_them() {
        // 93.5 mm of room: two 30 mm cards either way, so spaced (72 mm with their bleed),
        // 21.5 mm over, half of it on each side.
        assert_eq!(half_axis(105.0, 30.0, 3.0, None, 10.0), (2, 6.0, 23.75));
        // Three 29 mm cards fit only side by side, bleeds shared: 93 mm, 0.5 mm over.
        assert_eq!(half_axis(105.0, 29.0, 3.0, None, 10.0), (3, 0.0, 13.25));
        // No bleed, no gutter; a gutter asked for is kept.
        assert_eq!(half_axis(105.0, 30.0, 0.0, None, 10.0), (3, 0.0, 11.75));
        assert_eq!(
            half_axis(105.0, 30.0, 3.0, Some(2.0), 10.0),
            (2, 2.0, 25.75)
        );
    }

    /// The fronts' crop marks stand on their outer sides, none between them and the fold; the
    /// full-length cut lines run across the fronts' half and stop at the fold's gap.
    #[test]
    fn marks_and_cut_lines_keep_to_the_fronts_half() {
        for (name, paper, l) in every_layout() {
            let g = &l.grid;
            let n = g.per_sheet();
            let block = g.block(n);
            let marks = l.crop_marks(n);
            assert!(!marks.is_empty(), "{name} on {paper:?}");
            // Marks along the fold's axis stand before the block, never past it.
            let along = |m: &Line| match l.fold {
                Fold::LongSide => m.y1 == m.y2,
                Fold::ShortSide => m.x1 == m.x2,
            };
            for m in marks.iter().filter(|m| along(m)) {
                let far = match l.fold {
                    Fold::LongSide => m.x1.max(m.x2) <= block.x + 1e-3,
                    Fold::ShortSide => m.y1.max(m.y2) <= block.y + 1e-3,
                };
                assert!(far, "{name} on {paper:?}: {m:?} beside the fold");
            }
            let lines = l.sheet_lines(n);
            let half = match l.fold {
                Fold::LongSide => g.paper_w / 2.0 - FOLD_GAP / 2.0,
                Fold::ShortSide => g.paper_h / 2.0 - FOLD_GAP / 2.0,
            };
            let reach: Vec<f32> = lines
                .iter()
                .filter(|m| along(m))
                .map(|m| match l.fold {
                    Fold::LongSide => m.x1.max(m.x2),
                    Fold::ShortSide => m.y1.max(m.y2),
                })
                .collect();
            assert!(!reach.is_empty(), "{name} on {paper:?}: no cut lines");
            assert!(
                reach.iter().all(|&r| (r - half).abs() < 1e-3),
                "{name} on {paper:?}: lines reach {reach:?}, the fold's gap is at {half}"
            );
        }
    }

    /// The label band: folded along the long side, right under the crop marks below the pairs
    /// and as wide as fronts and backs together; folded along the short side, on the bottom
    /// margin under the backs, as wide as the block.
    #[test]
    fn the_band_sits_under_the_marks_or_on_the_bottom_margin() {
        use crate::layout::imposition::MARK_GAP;
        for (name, paper, l) in every_layout() {
            let g = &l.grid;
            let block = g.block(g.per_sheet());
            let band = g.band.unwrap().rect;
            let close = |a: f32, b: f32| (a - b).abs() < 1e-3;
            assert!(
                close(band.h, BAND_THICK) && close(band.x, block.x),
                "{name} {paper:?}"
            );
            let ok = match l.fold {
                Fold::LongSide => {
                    let room = g.paper_h - g.margin - block.bottom() - MARK_GAP - band_reserve();
                    let marks = MARK_GAP + room.min(MARK_LENGTH);
                    close(band.y, block.bottom() + marks + BAND_GAP)
                        && close(band.right(), g.paper_w - block.x)
                }
                Fold::ShortSide => {
                    close(band.bottom(), g.paper_h - g.margin) && close(band.w, block.w)
                }
            };
            assert!(ok, "{name} on {paper:?}: {band:?} under {block:?}");
        }
    }

    #[test]
    fn a_card_too_large_for_half_a_sheet_is_an_error() {
        let big = CardSize::custom(150.0, 250.0);
        let err = FoldLayout::new(Paper::A4, big, 3.0, None, 5.0, true).unwrap_err();
        assert!(err.message.contains("gutter-fold"), "{}", err.message);
    }
}
