//! Tiling a board larger than the paper over several pages.
//!
//! The board face (bleed included) is cut into a grid of tiles that overlap by a strip, so the
//! tiles can be glued onto each other without a gap. Each tile carries, in its overlap strips,
//! a dashed line where the next tile's edge goes and registration crosses at fixed board
//! positions; the same crosses appear on both neighbours and must be laid on top of each other.
//! Every edge of every tile has crop marks: the board's trim on outer edges, the tile's own
//! edge on seams.
//!
//! The layout tries portrait and landscape pages, with the board upright and turned a quarter,
//! and keeps the one with the fewest pages; the board is split evenly between the tiles of a
//! row or column, so no tile is a thin leftover. Geometry only, in mm with a top-left origin.

use crate::layout::imposition::{BAND_GAP, BAND_THICK, DEFAULT_MARGIN, Line, MARK_GAP, Rect};
use crate::model::print::Paper;

/// Length of the crop marks around a tile.
pub const TILE_MARK: f32 = 4.0;
/// Extra room at the bottom of a tile page for the label, map and check ruler.
pub const LABEL_BAND: f32 = BAND_GAP + BAND_THICK;
/// Page margin around the printed part of a tile, at the default printable margin.
pub const TILE_MARGIN: f32 = DEFAULT_MARGIN + MARK_GAP + TILE_MARK;

/// Page margin around a tile's printed part: the printable margin, then room for the marks.
pub fn tile_margin(printable: f32) -> f32 {
    printable + MARK_GAP + TILE_MARK
}

/// One page of a tiled board.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    pub row: usize,
    pub col: usize,
    /// The part of the board face shown, in face coordinates (bleed included; turned a
    /// quarter when the layout is `rotated`).
    pub src: Rect,
    /// Where `src`'s top-left corner lands on the page.
    pub page_x: f32,
    pub page_y: f32,
}

impl Tile {
    /// Maps a point of the board face to the page.
    pub fn to_page(&self, x: f32, y: f32) -> (f32, f32) {
        (self.page_x + x - self.src.x, self.page_y + y - self.src.y)
    }

    /// The printed area of this tile on the page.
    pub fn page_rect(&self) -> Rect {
        Rect {
            x: self.page_x,
            y: self.page_y,
            w: self.src.w,
            h: self.src.h,
        }
    }
}

/// How a board is spread over pages.
#[derive(Debug, Clone, PartialEq)]
pub struct TileLayout {
    pub paper_w: f32,
    pub paper_h: f32,
    /// Board face size as laid on the pages (bleed included; width and height swapped when
    /// `rotated`).
    pub face_w: f32,
    pub face_h: f32,
    pub bleed: f32,
    pub overlap: f32,
    /// The board is turned a quarter clockwise on the pages.
    pub rotated: bool,
    /// The printable margin of the pages.
    pub margin: f32,
    pub cols: usize,
    pub rows: usize,
    pub tiles: Vec<Tile>,
    /// Regions to keep whole that some seam crosses all the same.
    pub cut_through: Vec<Rect>,
}

/// Start offsets and lengths of the fewest equal tiles covering `total` with windows of at
/// most `window`, overlapping by `overlap`.
pub fn spans(total: f32, window: f32, overlap: f32) -> Vec<(f32, f32)> {
    if total <= window + 1e-3 {
        return vec![(0.0, total)];
    }
    let step = (window - overlap).max(1.0);
    let n = ((total - overlap - 1e-3) / step).ceil().max(1.0) as usize;
    let len = (total + (n - 1) as f32 * overlap) / n as f32;
    (0..n).map(|i| (i as f32 * (len - overlap), len)).collect()
}

/// Start offsets and lengths along one side of a board (or intervals of it).
pub type Spans = Vec<(f32, f32)>;

/// As [`spans`], with the seams moved off `keep` (intervals of `total` a seam's overlap strip
/// must not cross: a card slot, a title) and, where that still leaves a choice, off `words`:
/// each seam goes at the place nearest its even-split place that crosses the fewest, as long as
/// every tile still fits its window and the tiles that follow can still cover the rest. Also
/// returns the `keep` intervals some seam could not avoid.
pub fn spans_avoiding(
    total: f32,
    window: f32,
    overlap: f32,
    keep: &[(f32, f32)],
    words: &[(f32, f32)],
) -> (Spans, Spans) {
    let even = spans(total, window, overlap);
    let n = even.len();
    if n < 2 || (keep.is_empty() && words.is_empty()) {
        return (even, Vec::new());
    }
    let step = (window - overlap).max(1.0);
    let crossed = |list: &[(f32, f32)], end: f32| -> Vec<(f32, f32)> {
        list.iter()
            .copied()
            .filter(|&(a, b)| end - overlap < b - 1e-3 && a + 1e-3 < end)
            .collect()
    };
    let mut out = Vec::with_capacity(n);
    let mut missed = Vec::new();
    let mut start = 0.0f32;
    for (k, &(ideal_start, len)) in even.iter().enumerate().take(n - 1) {
        let ideal = ideal_start + len;
        // This tile fits its window; the tiles after it can still reach the end.
        let hi = start + window;
        let lo = (total - (n - 1 - k) as f32 * step).max(start + overlap + 1.0);
        let mut candidates = vec![ideal.clamp(lo, hi)];
        for &(a, b) in keep.iter().chain(words) {
            candidates.extend([a, b + overlap]);
        }
        let end = candidates
            .into_iter()
            .filter(|&e| e >= lo - 1e-3 && e <= hi + 1e-3)
            .min_by_key(|&e| {
                let cost = (crossed(keep, e).len(), crossed(words, e).len());
                (cost, ((e - ideal).abs() * 100.0) as i64)
            })
            .unwrap_or(ideal)
            .clamp(lo, hi);
        missed.extend(crossed(keep, end));
        out.push((start, end - start));
        start = end - overlap;
    }
    out.push((start, total - start));
    (out, missed)
}

impl TileLayout {
    /// Tiles a `w` × `h` mm board (trim) with `bleed` on `paper` at the default margin.
    pub fn new(paper: Paper, w: f32, h: f32, bleed: f32, overlap: f32) -> TileLayout {
        TileLayout::with_margin(paper, w, h, bleed, overlap, DEFAULT_MARGIN)
    }

    /// Tiles a board keeping marks and labels `margin` mm inside the paper edge: portrait or
    /// landscape pages, board upright or turned, whichever takes the fewest pages (then the
    /// least blank paper).
    pub fn with_margin(
        paper: Paper,
        w: f32,
        h: f32,
        bleed: f32,
        overlap: f32,
        margin: f32,
    ) -> TileLayout {
        Self::keeping(paper, (w, h, bleed), overlap, margin, (&[], &[]))
    }

    /// As [`TileLayout::with_margin`], with the seams kept off `keep` (rectangles of the
    /// upright board face, bleed included, that must not be cut) where the tiles allow, and
    /// then off `words`; [`TileLayout::cuts`] tells the `keep` regions they could not avoid.
    pub fn keeping(
        paper: Paper,
        (w, h, bleed): (f32, f32, f32),
        overlap: f32,
        margin: f32,
        (keep, words): (&[Rect], &[Rect]),
    ) -> TileLayout {
        let (pw, ph) = paper.size_mm();
        let (fw, fh) = (w + 2.0 * bleed, h + 2.0 * bleed);
        let mut best: Option<TileLayout> = None;
        for (page_w, page_h) in [(pw, ph), (ph, pw)] {
            for rotated in [false, true] {
                let (lw, lh) = if rotated { (fh, fw) } else { (fw, fh) };
                // A board turned a quarter clockwise: its left edge is the laid top.
                let lay = |rects: &[Rect]| -> Vec<Rect> {
                    rects
                        .iter()
                        .map(|r| match rotated {
                            false => *r,
                            true => Rect {
                                x: fh - r.y - r.h,
                                y: r.x,
                                w: r.h,
                                h: r.w,
                            },
                        })
                        .collect()
                };
                let page = (page_w, page_h);
                let laid = (lay(keep), lay(words));
                let t = Self::with_page(page, (lw, lh), bleed, overlap, margin, rotated, &laid);
                // Fewest pages, then the fewest regions cut, then the board upright, then the
                // least blank paper.
                let key = |l: &TileLayout| (l.tiles.len(), l.cut_through.len(), l.rotated);
                let better = best.as_ref().is_none_or(|b| {
                    key(&t) < key(b) || (key(&t) == key(b) && t.blank() < b.blank() - 1e-4)
                });
                if better {
                    best = Some(t);
                }
            }
        }
        best.expect("four candidate layouts")
    }

    /// The printable window of a tile page (inside the margins and above the label band).
    pub fn window(&self) -> (f32, f32) {
        let m = tile_margin(self.margin);
        (self.paper_w - 2.0 * m, self.paper_h - 2.0 * m - LABEL_BAND)
    }

    /// The largest share of any tile's window left blank (0 = full, 1 = empty).
    pub fn blank(&self) -> f32 {
        let (ww, wh) = self.window();
        self.tiles
            .iter()
            .map(|t| 1.0 - (t.src.w * t.src.h) / (ww * wh))
            .fold(0.0, f32::max)
    }

    fn with_page(
        (pw, ph): (f32, f32),
        (face_w, face_h): (f32, f32),
        bleed: f32,
        overlap: f32,
        margin: f32,
        rotated: bool,
        (keep, words): &(Vec<Rect>, Vec<Rect>),
    ) -> TileLayout {
        let m = tile_margin(margin);
        let (window_w, window_h) = (pw - 2.0 * m, ph - 2.0 * m - LABEL_BAND);
        let across = |rs: &[Rect]| rs.iter().map(|r| (r.x, r.right())).collect::<Vec<_>>();
        let down = |rs: &[Rect]| rs.iter().map(|r| (r.y, r.bottom())).collect::<Vec<_>>();
        let (xs, missed_x) =
            spans_avoiding(face_w, window_w, overlap, &across(keep), &across(words));
        let (ys, missed_y) = spans_avoiding(face_h, window_h, overlap, &down(keep), &down(words));
        let cut_through: Vec<Rect> = keep
            .iter()
            .filter(|r| {
                missed_x.contains(&(r.x, r.right())) || missed_y.contains(&(r.y, r.bottom()))
            })
            .copied()
            .collect();
        let mut tiles = Vec::new();
        for (row, &(y, th)) in ys.iter().enumerate() {
            for (col, &(x, tw)) in xs.iter().enumerate() {
                // Every tile is centred in its window.
                tiles.push(Tile {
                    row,
                    col,
                    src: Rect { x, y, w: tw, h: th },
                    page_x: (pw - tw) / 2.0,
                    page_y: m + (window_h - th) / 2.0,
                });
            }
        }
        TileLayout {
            paper_w: pw,
            paper_h: ph,
            face_w,
            face_h,
            bleed,
            overlap,
            rotated,
            margin,
            cols: xs.len(),
            rows: ys.len(),
            tiles,
            cut_through,
        }
    }

    /// Whether a seam still crosses `region` (of the upright face): it was larger than the
    /// room a tile leaves to move its seam.
    pub fn cuts(&self, region: &Rect) -> bool {
        let laid = match self.rotated {
            false => *region,
            true => Rect {
                x: self.face_w - region.y - region.h,
                y: region.x,
                w: region.h,
                h: region.w,
            },
        };
        self.cut_through
            .iter()
            .any(|r| (r.x - laid.x).abs() < 1e-3 && (r.y - laid.y).abs() < 1e-3)
    }

    /// Dashed lines on `tile` marking where its right and lower neighbours' edges go.
    pub fn alignment_lines(&self, tile: &Tile) -> Vec<Line> {
        let r = tile.page_rect();
        let mut lines = Vec::new();
        if tile.col + 1 < self.cols {
            let x = r.right() - self.overlap;
            lines.push(Line {
                x1: x,
                y1: r.y,
                x2: x,
                y2: r.bottom(),
            });
        }
        if tile.row + 1 < self.rows {
            let y = r.bottom() - self.overlap;
            lines.push(Line {
                x1: r.x,
                y1: y,
                x2: r.right(),
                y2: y,
            });
        }
        lines
    }

    /// The middle of the overlap strip after column `col` (x) or row `row` (y), in face
    /// coordinates.
    fn strip_x(&self, col: usize) -> f32 {
        let t = self
            .tiles
            .iter()
            .find(|t| t.col == col)
            .map_or(0.0, |t| t.src.right());
        t - self.overlap / 2.0
    }
    fn strip_y(&self, row: usize) -> f32 {
        let t = self
            .tiles
            .iter()
            .find(|t| t.row == row)
            .map_or(0.0, |t| t.src.bottom());
        t - self.overlap / 2.0
    }

    /// Registration crosses (centres, in board face coordinates) inside every overlap strip
    /// that touches `tile`: a neighbour shows the very same board points.
    pub fn registration_points(&self, tile: &Tile) -> Vec<(f32, f32)> {
        let mut pts = Vec::new();
        let s = &tile.src;
        let mut xs = Vec::new();
        if tile.col + 1 < self.cols {
            xs.push(self.strip_x(tile.col));
        }
        if tile.col > 0 {
            xs.push(self.strip_x(tile.col - 1));
        }
        let mut ys = Vec::new();
        if tile.row + 1 < self.rows {
            ys.push(self.strip_y(tile.row));
        }
        if tile.row > 0 {
            ys.push(self.strip_y(tile.row - 1));
        }
        for &x in &xs {
            for frac in [0.25, 0.75] {
                pts.push((x, s.y + s.h * frac));
            }
        }
        for &y in &ys {
            for frac in [0.25, 0.75] {
                pts.push((s.x + s.w * frac, y));
            }
        }
        pts
    }

    /// Where `tile` is cut, on the page: the board's trim on its outer edges, the tile's own
    /// edge on a seam (the next tile is laid over the strip up to the dashed line).
    pub fn cut_rect(&self, tile: &Tile) -> Rect {
        let r = tile.page_rect();
        let b = self.bleed;
        let left = if tile.col == 0 { r.x + b } else { r.x };
        let top = if tile.row == 0 { r.y + b } else { r.y };
        let right = if tile.col + 1 == self.cols {
            r.right() - b
        } else {
            r.right()
        };
        let bottom = if tile.row + 1 == self.rows {
            r.bottom() - b
        } else {
            r.bottom()
        };
        Rect {
            x: left,
            y: top,
            w: right - left,
            h: bottom - top,
        }
    }

    /// Crop marks on every edge of `tile`: short lines outside its printed area on the
    /// extension of each of its four cuts, seams included.
    pub fn trim_marks(&self, tile: &Tile) -> Vec<Line> {
        let r = tile.page_rect();
        let cut = self.cut_rect(tile);
        let (len, gap) = (TILE_MARK, MARK_GAP);
        let mut marks = Vec::new();
        for x in [cut.x, cut.right()] {
            for (from, dir) in [(r.y, -1.0), (r.bottom(), 1.0)] {
                marks.push(Line {
                    x1: x,
                    y1: from + dir * gap,
                    x2: x,
                    y2: from + dir * (gap + len),
                });
            }
        }
        for y in [cut.y, cut.bottom()] {
            for (from, dir) in [(r.x, -1.0), (r.right(), 1.0)] {
                marks.push(Line {
                    x1: from + dir * gap,
                    y1: y,
                    x2: from + dir * (gap + len),
                    y2: y,
                });
            }
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_that_fits_is_one_centred_tile() {
        let t = TileLayout::new(Paper::A4, 140.0, 200.0, 3.0, 10.0);
        assert_eq!((t.cols, t.rows), (1, 1));
        assert!((t.tiles[0].page_x - (210.0 - 146.0) / 2.0).abs() < 1e-3);
    }

    #[test]
    fn tiles_cover_the_board_with_the_overlap() {
        let t = TileLayout::new(Paper::A4, 400.0, 280.0, 3.0, 10.0);
        assert!(t.tiles.len() > 1);
        // Along each row, every tile starts `overlap` before the previous one ends, and the
        // last one ends at the board's edge.
        for row in 0..t.rows {
            let row_tiles: Vec<&Tile> = t.tiles.iter().filter(|x| x.row == row).collect();
            for pair in row_tiles.windows(2) {
                let overlap = pair[0].src.right() - pair[1].src.x;
                assert!((overlap - 10.0).abs() < 1e-3, "overlap {overlap}");
            }
            assert!((row_tiles.last().unwrap().src.right() - t.face_w).abs() < 1e-3);
            assert_eq!(row_tiles[0].src.x, 0.0);
        }
        // Every tile fits its page inside the margins.
        for tile in &t.tiles {
            let r = tile.page_rect();
            assert!(r.x >= TILE_MARGIN - 1e-3 && r.right() <= t.paper_w - TILE_MARGIN + 1e-3);
            assert!(r.bottom() <= t.paper_h - TILE_MARGIN - LABEL_BAND + 1e-3);
        }
    }

    #[test]
    fn boards_take_the_fewest_pages_split_evenly() {
        // Death to Decorum's time board: 3 A4 pages, not 4.
        let t = TileLayout::new(Paper::A4, 400.0, 260.0, 3.0, 10.0);
        assert!(t.tiles.len() <= 3, "{} tiles", t.tiles.len());
        // The Captain is Dead's board: 6 pages, none of them a thin leftover.
        let t = TileLayout::new(Paper::A4, 540.0, 400.0, 3.0, 10.0);
        assert_eq!(t.tiles.len(), 6);
        assert!(t.blank() < 1.0 / 3.0, "{}", t.blank());
        let widths: Vec<f32> = t.tiles.iter().map(|x| x.src.w).collect();
        assert!(
            widths.iter().all(|w| (w - widths[0]).abs() < 1e-3),
            "{widths:?}"
        );
    }

    #[test]
    fn every_tile_edge_has_crop_marks_inside_the_margin() {
        let t = TileLayout::new(Paper::A4, 540.0, 400.0, 3.0, 10.0);
        for tile in &t.tiles {
            let marks = t.trim_marks(tile);
            let cut = t.cut_rect(tile);
            for x in [cut.x, cut.right()] {
                assert_eq!(marks.iter().filter(|m| m.x1 == x && m.x2 == x).count(), 2);
            }
            for y in [cut.y, cut.bottom()] {
                assert_eq!(marks.iter().filter(|m| m.y1 == y && m.y2 == y).count(), 2);
            }
            for m in &marks {
                for (x, y) in [(m.x1, m.y1), (m.x2, m.y2)] {
                    assert!(x >= DEFAULT_MARGIN - 1e-3 && x <= t.paper_w - DEFAULT_MARGIN + 1e-3);
                    assert!(y >= DEFAULT_MARGIN - 1e-3 && y <= t.paper_h - DEFAULT_MARGIN + 1e-3);
                }
            }
        }
    }

    #[test]
    fn spans_are_even() {
        let s = spans(406.0, 190.0, 10.0);
        assert_eq!(s.len(), 3);
        assert!((s[2].0 + s[2].1 - 406.0).abs() < 1e-3);
        assert!((s[0].1 - s[2].1).abs() < 1e-3);
    }

    #[test]
    fn landscape_is_chosen_when_it_saves_pages() {
        let t = TileLayout::new(Paper::A4, 250.0, 160.0, 3.0, 10.0);
        assert_eq!(t.tiles.len(), 1);
        assert!(t.paper_w > t.paper_h);
    }

    #[test]
    fn alignment_lines_mark_the_neighbours_edge() {
        let t = TileLayout::new(Paper::A4, 400.0, 280.0, 3.0, 10.0);
        let first = &t.tiles[0];
        let lines = t.alignment_lines(first);
        let right = t.tiles.iter().find(|x| x.row == 0 && x.col == 1).unwrap();
        // The dashed line sits where the right neighbour's content begins, in board terms.
        let v = lines.iter().find(|l| l.x1 == l.x2).unwrap();
        let board_x = v.x1 - first.page_x + first.src.x;
        assert!((board_x - right.src.x).abs() < 1e-3);
    }

    #[test]
    fn registration_crosses_match_between_neighbours() {
        let t = TileLayout::new(Paper::A4, 400.0, 280.0, 3.0, 10.0);
        let a = &t.tiles[0];
        let b = t.tiles.iter().find(|x| x.row == 0 && x.col == 1).unwrap();
        let pa = t.registration_points(a);
        let pb = t.registration_points(b);
        let shared: Vec<_> = pa
            .iter()
            .filter(|p| {
                pb.iter()
                    .any(|q| (p.0 - q.0).abs() < 1e-3 && (p.1 - q.1).abs() < 1e-3)
            })
            .collect();
        assert!(shared.len() >= 2, "{pa:?} vs {pb:?}");
        for p in shared {
            // Inside both tiles' strips.
            assert!(p.0 >= b.src.x && p.0 <= a.src.right());
        }
    }

    #[test]
    fn the_tile_margins_and_label_band_in_millimetres() {
        assert_eq!(LABEL_BAND, 7.0);
        assert_eq!(TILE_MARGIN, 9.5);
        assert_eq!(tile_margin(3.0), 7.5);
    }

    #[test]
    fn a_board_point_lands_on_the_page_by_the_tiles_offset() {
        let tile = Tile {
            row: 1,
            col: 2,
            src: Rect {
                x: 100.0,
                y: 50.0,
                w: 80.0,
                h: 60.0,
            },
            page_x: 20.0,
            page_y: 30.0,
        };
        assert_eq!(tile.to_page(110.0, 55.0), (30.0, 35.0));
        assert_eq!(tile.to_page(100.0, 50.0), (20.0, 30.0));
    }

    #[test]
    fn spans_exactly_as_long_as_two_windows_take_two() {
        // 190 + 190 - 10: two full windows overlapping by 10, and not a third tile.
        assert_eq!(spans(370.0, 190.0, 10.0), [(0.0, 190.0), (180.0, 190.0)]);
        // A board a hair longer than the window still takes one page, a mm more takes two.
        assert_eq!(spans(190.0005, 190.0, 10.0), [(0.0, 190.0005)]);
        assert_eq!(spans(191.0, 190.0, 10.0).len(), 2);
    }

    /// 406 mm in windows of 190 overlapping by 10: three tiles of 142, seams (the overlap strips)
    /// at 132-142 and 264-274.
    const EVEN: [(f32, f32); 3] = [(0.0, 142.0), (132.0, 142.0), (264.0, 142.0)];

    fn close_spans(got: &[(f32, f32)], want: &[(f32, f32)]) -> bool {
        got.len() == want.len()
            && got
                .iter()
                .zip(want)
                .all(|(g, w)| (g.0 - w.0).abs() < 1e-3 && (g.1 - w.1).abs() < 1e-3)
    }

    #[test]
    fn a_seam_moves_off_a_region_to_keep_to_the_nearest_free_place() {
        assert!(close_spans(&spans(406.0, 190.0, 10.0), &EVEN));
        // Nothing to keep: the even split.
        let (s, missed) = spans_avoiding(406.0, 190.0, 10.0, &[], &[]);
        assert!(close_spans(&s, &EVEN) && missed.is_empty());
        // A slot at 128-146 under the first seam: free ends are 100, 122, 128 and 156 (the
        // slot's and its neighbour's edges); 128 and 156 are nearest the even 142, and the
        // first found wins the tie.
        let keep = [(100.0, 112.0), (128.0, 146.0)];
        let (s, missed) = spans_avoiding(406.0, 190.0, 10.0, &keep, &[]);
        assert!(
            close_spans(&s, &[(0.0, 128.0), (118.0, 156.0), (264.0, 142.0)]),
            "{s:?}"
        );
        assert!(missed.is_empty());
        // A slot crossing the second seam's strip at one end only (270-300) is avoided too.
        let (s, _) = spans_avoiding(406.0, 190.0, 10.0, &[(270.0, 300.0)], &[]);
        assert!(
            close_spans(&s, &[(0.0, 142.0), (132.0, 138.0), (260.0, 146.0)]),
            "{s:?}"
        );
    }

    #[test]
    fn a_seam_prefers_the_nearer_place_to_a_millimetre() {
        // Free ends at 128.3 (13.7 from the even 142) and 155.6 (13.6): the nearer, although
        // found second.
        let keep = [(128.3, 145.6)];
        let (s, _) = spans_avoiding(406.0, 190.0, 10.0, &keep, &[]);
        assert!((s[0].1 - 155.6).abs() < 1e-3, "{s:?}");
    }

    #[test]
    fn a_seam_stays_where_the_tiles_can_still_cover_the_board() {
        // Free places at 40 (tile too short for the rest to cover the board) and 200 (tile
        // wider than the window): the seam stays at the even split and cuts the slot.
        let keep = [(40.0, 190.0)];
        let (s, missed) = spans_avoiding(406.0, 190.0, 10.0, &keep, &[]);
        assert!(close_spans(&s, &EVEN), "{s:?}");
        assert_eq!(missed, keep);
        // Two tiles: the seam still moves (a board of two pages is no exception).
        let (s, missed) = spans_avoiding(300.0, 190.0, 10.0, &[(140.0, 160.0)], &[]);
        assert!(close_spans(&s, &[(0.0, 140.0), (130.0, 170.0)]), "{s:?}");
        assert!(missed.is_empty());
        // One tile: nothing to move.
        let (s, missed) = spans_avoiding(150.0, 190.0, 10.0, &[(10.0, 20.0)], &[]);
        assert_eq!((s, missed), (vec![(0.0, 150.0)], vec![]));
    }

    #[test]
    fn words_yield_to_regions_to_keep_and_move_a_seam_alone() {
        // Words under the even seam, nothing to keep: the seam moves off the words.
        let words = [(135.0, 150.0)];
        let (s, missed) = spans_avoiding(406.0, 190.0, 10.0, &[], &words);
        assert!(close_spans(&s[..1], &[(0.0, 135.0)]), "{s:?}");
        assert!(missed.is_empty(), "words are never reported");
        // No place within reach is free of both a slot (40-150) and words (150-200): the
        // seam keeps off the slot and cuts the words.
        let (s, missed) = spans_avoiding(406.0, 190.0, 10.0, &[(40.0, 150.0)], &[(150.0, 200.0)]);
        assert!(close_spans(&s[..1], &[(0.0, 160.0)]), "{s:?}");
        assert!(missed.is_empty());
    }

    #[test]
    fn the_window_is_the_page_inside_the_marks_above_the_label_band() {
        let t = TileLayout::new(Paper::A4, 140.0, 200.0, 3.0, 10.0);
        assert_eq!((t.paper_w, t.paper_h), (210.0, 297.0));
        assert_eq!(t.window(), (191.0, 271.0));
        // One tile of 146 × 206 in 191 × 271.
        assert!((t.blank() - (1.0 - 146.0 * 206.0 / (191.0 * 271.0))).abs() < 1e-5);
        let wide = TileLayout::with_margin(Paper::A4, 140.0, 200.0, 3.0, 10.0, 8.0);
        assert_eq!(wide.window(), (185.0, 265.0));
    }

    #[test]
    fn a_board_that_fits_both_ways_takes_the_page_it_fills_best() {
        // 106 mm square: 78.0 % of a landscape window blank, 78.3 % of a portrait one.
        let t = TileLayout::new(Paper::A4, 100.0, 100.0, 3.0, 10.0);
        assert_eq!(t.tiles.len(), 1);
        assert!(!t.rotated);
        assert_eq!((t.paper_w, t.paper_h), (297.0, 210.0));
    }

    #[test]
    fn a_turned_board_keeps_its_regions_where_they_are_on_the_board() {
        // 526 × 186 mm with bleed: turned a quarter on portrait pages it takes two tiles (three
        // upright), one seam across the laid board at 258-268 mm from its laid top, which is
        // the upright board's left edge.
        let slot = Rect {
            x: 250.0,
            y: 20.0,
            w: 30.0,
            h: 40.0,
        };
        let elsewhere = Rect { x: 20.0, ..slot };
        let keep = [slot, elsewhere];
        let t = TileLayout::keeping(Paper::A4, (520.0, 180.0, 3.0), 10.0, 5.0, (&keep, &[]));
        assert!(t.rotated);
        assert_eq!(
            (t.paper_w, t.paper_h, t.face_w, t.face_h),
            (210.0, 297.0, 186.0, 526.0)
        );
        assert_eq!((t.cols, t.rows), (1, 2));
        // The slot lies across the seam and the tiles cannot move it far enough: laid, it is
        // 40 wide from 186 - 20 - 40 = 126 across, 30 high from 250 down.
        let laid = Rect {
            x: 126.0,
            y: 250.0,
            w: 40.0,
            h: 30.0,
        };
        assert_eq!(t.cut_through, [laid]);
        assert!(t.cuts(&slot));
        assert!(!t.cuts(&elsewhere));
    }

    /// A 340 × 480 mm board with 3 mm bleed on A4: two columns and two rows of 178 × 248 mm
    /// tiles overlapping by 10 mm, each centred in its window at (16, 21).
    fn two_by_two() -> TileLayout {
        let t = TileLayout::new(Paper::A4, 340.0, 480.0, 3.0, 10.0);
        assert_eq!((t.cols, t.rows, t.rotated), (2, 2, false));
        t
    }

    fn tile(t: &TileLayout, row: usize, col: usize) -> &Tile {
        t.tiles
            .iter()
            .find(|x| (x.row, x.col) == (row, col))
            .unwrap()
    }

    fn close_all(got: &[[f32; 4]], want: &[[f32; 4]]) -> bool {
        got.len() == want.len()
            && got
                .iter()
                .zip(want)
                .all(|(g, w)| g.iter().zip(w).all(|(a, b)| (a - b).abs() < 1e-3))
    }

    fn ends(lines: &[Line]) -> Vec<[f32; 4]> {
        lines.iter().map(|l| [l.x1, l.y1, l.x2, l.y2]).collect()
    }

    #[test]
    fn tiles_of_a_two_by_two_board_in_millimetres() {
        let t = two_by_two();
        let placed: Vec<[f32; 4]> = t
            .tiles
            .iter()
            .map(|x| [x.src.x, x.src.y, x.page_x, x.page_y])
            .collect();
        let want = [
            [0.0, 0.0, 16.0, 21.0],
            [168.0, 0.0, 16.0, 21.0],
            [0.0, 238.0, 16.0, 21.0],
            [168.0, 238.0, 16.0, 21.0],
        ];
        assert!(close_all(&placed, &want), "{placed:?}");
        assert!(t.tiles.iter().all(|x| (x.src.w, x.src.h) == (178.0, 248.0)));
    }

    #[test]
    fn each_tile_is_cut_at_the_trim_outside_and_at_its_edge_on_a_seam() {
        let t = two_by_two();
        let rect = |r: Rect| [r.x, r.y, r.w, r.h];
        // The printed area is (16, 21) to (194, 269); the trim is 3 mm in on outer edges.
        assert_eq!(rect(t.cut_rect(tile(&t, 0, 0))), [19.0, 24.0, 175.0, 245.0]);
        assert_eq!(rect(t.cut_rect(tile(&t, 0, 1))), [16.0, 24.0, 175.0, 245.0]);
        assert_eq!(rect(t.cut_rect(tile(&t, 1, 1))), [16.0, 21.0, 175.0, 245.0]);
        let marks = ends(&t.trim_marks(tile(&t, 0, 0)));
        let want = [
            [19.0, 20.5, 19.0, 16.5],
            [19.0, 269.5, 19.0, 273.5],
            [194.0, 20.5, 194.0, 16.5],
            [194.0, 269.5, 194.0, 273.5],
            [15.5, 24.0, 11.5, 24.0],
            [194.5, 24.0, 198.5, 24.0],
            [15.5, 269.0, 11.5, 269.0],
            [194.5, 269.0, 198.5, 269.0],
        ];
        assert!(close_all(&marks, &want), "{marks:?}");
    }

    #[test]
    fn dashed_lines_and_crosses_sit_in_the_overlap_strips() {
        let t = two_by_two();
        // Where the right and lower neighbours' edges go: 10 mm in from the seam edges.
        let lines = ends(&t.alignment_lines(tile(&t, 0, 0)));
        let want = [[184.0, 21.0, 184.0, 269.0], [16.0, 259.0, 194.0, 259.0]];
        assert!(close_all(&lines, &want), "{lines:?}");
        assert_eq!(t.alignment_lines(tile(&t, 0, 1)).len(), 1);
        assert!(t.alignment_lines(tile(&t, 1, 1)).is_empty());
        // Crosses in the middle of each strip (x 173, y 243 on the board), a quarter and three
        // quarters along the tile.
        let points = |row, col| -> Vec<[f32; 4]> {
            let p = t.registration_points(tile(&t, row, col));
            p.iter().map(|&(x, y)| [x, y, 0.0, 0.0]).collect()
        };
        let first = [[173.0, 62.0], [173.0, 186.0], [44.5, 243.0], [133.5, 243.0]];
        let last = [
            [173.0, 300.0],
            [173.0, 424.0],
            [212.5, 243.0],
            [301.5, 243.0],
        ];
        let flat = |p: &[[f32; 2]]| p.iter().map(|&[x, y]| [x, y, 0.0, 0.0]).collect::<Vec<_>>();
        assert!(
            close_all(&points(0, 0), &flat(&first)),
            "{:?}",
            points(0, 0)
        );
        assert!(close_all(&points(1, 1), &flat(&last)), "{:?}", points(1, 1));
        // A middle tile of three has both strips on each side.
        let wide = TileLayout::new(Paper::A4, 520.0, 220.0, 3.0, 10.0);
        let middle = wide.tiles.iter().find(|x| x.col == 1).unwrap();
        assert_eq!(wide.registration_points(middle).len(), 4);
    }

    #[test]
    fn a_seam_may_go_exactly_as_far_as_the_window_or_the_rest_allows() {
        // Free places at 60 (82 mm from the even 142) and at 190, the window's very end (48
        // mm): the seam goes to the window's end.
        let (s, _) = spans_avoiding(406.0, 190.0, 10.0, &[(60.0, 180.0)], &[]);
        assert!(close_spans(&s[..1], &[(0.0, 190.0)]), "{s:?}");
        // The only free place is 46, as short as the first tile may be for two more to cover
        // the remaining 370 mm: the seam goes there.
        let keep = [(46.0, 180.0), (185.0, 200.0)];
        let (s, missed) = spans_avoiding(406.0, 190.0, 10.0, &keep, &[]);
        assert!(
            close_spans(&s, &[(0.0, 46.0), (36.0, 190.0), (216.0, 190.0)]),
            "{s:?}"
        );
        assert!(missed.is_empty());
    }

    #[test]
    fn of_two_layouts_with_as_many_pages_the_fuller_wins_even_if_found_first() {
        // 192 × 260 mm with bleed: two portrait pages or two landscape ones; the portrait
        // tiles leave 49.27 % of their window blank, the landscape ones 49.33 %.
        let t = TileLayout::new(Paper::A4, 186.0, 254.0, 3.0, 10.0);
        assert_eq!((t.tiles.len(), t.rotated), (2, false));
        assert_eq!((t.paper_w, t.paper_h), (210.0, 297.0));
        assert!((t.blank() - 0.49267).abs() < 1e-4, "{}", t.blank());
    }

    #[test]
    fn a_seam_is_not_moved_where_the_last_tile_could_not_reach_the_end() {
        // A slot from 220 to 330 under the second seam (264-274): its free edges are 220, too
        // early (the last tile would be 196 mm, past its 190 mm window), and 340, past this
        // tile's window. The seam stays and cuts the slot.
        let (s, missed) = spans_avoiding(406.0, 190.0, 10.0, &[(220.0, 330.0)], &[]);
        assert!(close_spans(&s, &EVEN), "{s:?}");
        assert_eq!(missed, [(220.0, 330.0)]);
    }

    #[test]
    fn every_tile_but_the_last_is_longer_than_its_overlap() {
        // 190.5 mm in windows of 190: two tiles. A slot from 10.6 mm leaves its edge free,
        // 89.65 mm from the even seam (100.25), nearer than the slot's far side (190, 89.75
        // away); but a first tile of 10.6 mm would be hardly more than the 10 mm overlap, so
        // the seam goes to 190.
        let (s, missed) = spans_avoiding(190.5, 190.0, 10.0, &[(10.6, 180.0)], &[]);
        assert!(close_spans(&s, &[(0.0, 190.0), (180.0, 10.5)]), "{s:?}");
        assert!(missed.is_empty());
    }
}
