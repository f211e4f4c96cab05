//! Tiling a board larger than the paper over several pages.
//!
//! The board face (bleed included) is cut into a grid of tiles that overlap by a strip, so the
//! tiles can be glued onto each other without a gap. Each tile carries, in its overlap strips,
//! a dashed line where the next tile's edge goes and registration crosses at fixed board
//! positions; the same crosses appear on both neighbours and must be laid on top of each other.
//! Geometry only, in mm with a top-left origin; drawing is in `sheets`.

use crate::layout::imposition::{Line, Rect};
use crate::model::print::Paper;

/// Page margin around the printed part of a tile.
pub const TILE_MARGIN: f32 = 10.0;
/// Extra room at the bottom of a tile page for the label, map and check ruler.
pub const LABEL_BAND: f32 = 16.0;

/// One page of a tiled board.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    pub row: usize,
    pub col: usize,
    /// The part of the board face shown, in face coordinates (bleed included).
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
    /// Board face size, bleed included.
    pub face_w: f32,
    pub face_h: f32,
    pub bleed: f32,
    pub overlap: f32,
    pub cols: usize,
    pub rows: usize,
    pub tiles: Vec<Tile>,
}

/// Start offsets and lengths of tiles covering `total` with windows of `window`, overlapping
/// by `overlap`.
fn spans(total: f32, window: f32, overlap: f32) -> Vec<(f32, f32)> {
    if total <= window + 1e-3 {
        return vec![(0.0, total)];
    }
    let step = window - overlap;
    let n = ((total - overlap) / step).ceil().max(1.0) as usize;
    (0..n)
        .map(|i| {
            let start = i as f32 * step;
            (start, window.min(total - start))
        })
        .collect()
}

impl TileLayout {
    /// Tiles a `w` × `h` mm board (trim) with `bleed` on `paper`, choosing portrait or
    /// landscape pages, whichever needs fewer.
    pub fn new(paper: Paper, w: f32, h: f32, bleed: f32, overlap: f32) -> TileLayout {
        let (pw, ph) = paper.size_mm();
        let portrait = Self::with_page(pw, ph, w, h, bleed, overlap);
        let landscape = Self::with_page(ph, pw, w, h, bleed, overlap);
        if landscape.tiles.len() < portrait.tiles.len() {
            landscape
        } else {
            portrait
        }
    }

    fn with_page(pw: f32, ph: f32, w: f32, h: f32, bleed: f32, overlap: f32) -> TileLayout {
        let (face_w, face_h) = (w + 2.0 * bleed, h + 2.0 * bleed);
        let window_w = pw - 2.0 * TILE_MARGIN;
        let window_h = ph - 2.0 * TILE_MARGIN - LABEL_BAND;
        let xs = spans(face_w, window_w, overlap);
        let ys = spans(face_h, window_h, overlap);
        let mut tiles = Vec::new();
        for (row, &(y, th)) in ys.iter().enumerate() {
            for (col, &(x, tw)) in xs.iter().enumerate() {
                // A lone tile is centred; a tiled one sits at the margin so strips line up.
                let page_x = if xs.len() == 1 {
                    (pw - tw) / 2.0
                } else {
                    TILE_MARGIN
                };
                let page_y = if ys.len() == 1 {
                    TILE_MARGIN + (window_h - th) / 2.0
                } else {
                    TILE_MARGIN
                };
                tiles.push(Tile {
                    row,
                    col,
                    src: Rect { x, y, w: tw, h: th },
                    page_x,
                    page_y,
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
            cols: xs.len(),
            rows: ys.len(),
            tiles,
        }
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

    /// Registration crosses (centres, in board face coordinates) inside every overlap strip
    /// that touches `tile`: a neighbour shows the very same board points.
    pub fn registration_points(&self, tile: &Tile) -> Vec<(f32, f32)> {
        let mut pts = Vec::new();
        let s = &tile.src;
        let strip_x = |col: usize| -> f32 {
            // Middle of the strip between column `col` and `col + 1`.
            let start = (col + 1) as f32 * self.tiles[0].src.w - (col + 1) as f32 * self.overlap;
            start + self.overlap / 2.0
        };
        let strip_y = |row: usize| -> f32 {
            let h = self.tiles[0].src.h;
            let start = (row + 1) as f32 * h - (row + 1) as f32 * self.overlap;
            start + self.overlap / 2.0
        };
        let mut xs = Vec::new();
        if tile.col + 1 < self.cols {
            xs.push(strip_x(tile.col));
        }
        if tile.col > 0 {
            xs.push(strip_x(tile.col - 1));
        }
        let mut ys = Vec::new();
        if tile.row + 1 < self.rows {
            ys.push(strip_y(tile.row));
        }
        if tile.row > 0 {
            ys.push(strip_y(tile.row - 1));
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

    /// Trim lines of the board's outer edges that fall on `tile`, as short marks outside it.
    pub fn trim_marks(&self, tile: &Tile) -> Vec<Line> {
        let mut marks = Vec::new();
        let b = self.bleed;
        let r = tile.page_rect();
        let len = 4.0;
        let gap = 1.0;
        let (left, top) = tile.to_page(b, b);
        let (right, bottom) = tile.to_page(self.face_w - b, self.face_h - b);
        let on_x = |x: f32| x >= r.x - 1e-3 && x <= r.right() + 1e-3;
        let on_y = |y: f32| y >= r.y - 1e-3 && y <= r.bottom() + 1e-3;
        for x in [left, right] {
            if on_x(x) {
                if tile.row == 0 {
                    marks.push(Line {
                        x1: x,
                        y1: r.y - gap,
                        x2: x,
                        y2: r.y - gap - len,
                    });
                }
                if tile.row + 1 == self.rows {
                    marks.push(Line {
                        x1: x,
                        y1: r.bottom() + gap,
                        x2: x,
                        y2: r.bottom() + gap + len,
                    });
                }
            }
        }
        for y in [top, bottom] {
            if on_y(y) {
                if tile.col == 0 {
                    marks.push(Line {
                        x1: r.x - gap,
                        y1: y,
                        x2: r.x - gap - len,
                        y2: y,
                    });
                }
                if tile.col + 1 == self.cols {
                    marks.push(Line {
                        x1: r.right() + gap,
                        y1: y,
                        x2: r.right() + gap + len,
                        y2: y,
                    });
                }
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
