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
}
