//! Board pages: one single-sided page per tile, with crop marks on every tile edge, the
//! dashed edge of each neighbour, registration crosses with a light halo, and a label with a
//! map of where the tile goes.

use krilla::geom::Transform;
use krilla::surface::Surface;

use crate::layout::imposition::{BAND_THICK, Band, BandSide, Line, Rect};
use crate::layout::plan::Role;
use crate::layout::tiling::{Tile, TileLayout};
use crate::model::print::mm;
use crate::pdf::draw::{page_settings, push_clip, stroke_lines, stroke_lines_grey};
use crate::pdf::furniture::{CUT_PT, draw_furniture, draw_tile_map};
use crate::pdf::sheets::{PagesUsed, Placed, SheetWriter};
use crate::pdf::words::fill;

/// Half the arm of a registration cross, in mm.
const CROSS: f32 = 2.5;

impl SheetWriter<'_> {
    /// A board: one page per tile.
    pub fn add_board(
        &mut self,
        title: &str,
        revision: &str,
        face: usize,
        layout: &TileLayout,
    ) -> PagesUsed {
        let mut used = PagesUsed {
            sheets: 1,
            pages: Vec::new(),
        };
        let w = self.label_font.words.clone();
        let rev = w.rev(revision);
        for tile in &layout.tiles {
            let tiled = layout.tiles.len() > 1;
            let label = if tiled {
                let [row, col, rows, cols] =
                    [tile.row + 1, tile.col + 1, layout.rows, layout.cols].map(|v| v.to_string());
                let at = [
                    ("row", &row),
                    ("col", &col),
                    ("rows", &rows),
                    ("cols", &cols),
                ];
                let tile = fill(&w.tile, &at.map(|(k, v)| (k, v.as_str())));
                format!(
                    "{title} · {tile} · {} · {} · {rev}",
                    w.single_sided, w.tile_glue
                )
            } else {
                format!("{title} · {} · {rev}", w.single_sided)
            };
            used.pages.push(self.tile_page(face, layout, tile, &label));
        }
        used
    }

    fn tile_page(&mut self, face: usize, layout: &TileLayout, tile: &Tile, label: &str) -> usize {
        let number = self.open(layout.paper_w, layout.paper_h, Role::Single);
        let mut page = self
            .doc
            .start_page_with(page_settings(layout.paper_w, layout.paper_h));
        let mut surface = page.surface();
        let graphic = self.forms.get(&mut surface, self.faces, self.trees, face);
        push_clip(&mut surface, tile.page_rect());
        let (ox, oy) = (tile.page_x - tile.src.x, tile.page_y - tile.src.y);
        let place = if layout.rotated {
            // A quarter turn clockwise: face (x, y) lands at (face_w - y, x) of the laid board.
            Transform::from_row(0.0, 1.0, -1.0, 0.0, mm(ox + layout.face_w), mm(oy))
        } else {
            Transform::from_translate(mm(ox), mm(oy))
        };
        surface.push_transform(&place);
        surface.draw_graphic(graphic);
        surface.pop();
        surface.pop();
        stroke_lines(&mut surface, &layout.trim_marks(tile), CUT_PT, None);
        // Where the neighbours' edges go: dashed, drawn over the art on a white line so it
        // shows on dark art.
        let edges = layout.alignment_lines(tile);
        stroke_lines_grey(&mut surface, &edges, CUT_PT * 3.0, 255);
        stroke_lines(&mut surface, &edges, CUT_PT * 1.5, Some(&[3.0, 2.0]));
        draw_crosses(&mut surface, layout, tile);
        let furniture = Furniture {
            font: &self.label_font,
            paper: self.paper,
            margin: self.margin,
        };
        furniture.tile(&mut surface, layout, tile, label);
        surface.finish();
        page.finish();
        self.note(Placed {
            face,
            rect: Rect {
                x: ox,
                y: oy,
                w: layout.face_w,
                h: layout.face_h,
            },
            clip: tile.page_rect(),
            anticlockwise: false,
        });
        number
    }
}

/// What the furniture of a tile page needs from the writer.
struct Furniture<'f> {
    font: &'f crate::pdf::label::LabelFont,
    paper: crate::model::print::Paper,
    margin: f32,
}

impl Furniture<'_> {
    /// The label and ruler along the bottom margin, the tile map at its right end.
    fn tile(&self, surface: &mut Surface, layout: &TileLayout, tile: &Tile, label: &str) {
        let m = self.margin;
        let tiled = layout.tiles.len() > 1;
        let map_w = if tiled {
            layout.cols as f32 * (BAND_THICK / layout.rows as f32).min(3.0) + 2.0
        } else {
            0.0
        };
        let rect = Rect {
            x: m,
            y: layout.paper_h - m - BAND_THICK,
            w: layout.paper_w - 2.0 * m - map_w,
            h: BAND_THICK,
        };
        let band = Band {
            side: BandSide::Bottom,
            rect,
        };
        draw_furniture(surface, self.font, band, self.paper, label);
        if tiled {
            let map = Rect {
                x: rect.right(),
                w: map_w,
                ..rect
            };
            draw_tile_map(surface, map, layout.cols, layout.rows, tile.row, tile.col);
        }
    }
}

/// Registration crosses in the overlap strips: a white halo under a black cross, so they show
/// on dark art as on light.
fn draw_crosses(surface: &mut Surface, layout: &TileLayout, tile: &Tile) {
    let mut crosses = Vec::new();
    for (bx, by) in layout.registration_points(tile) {
        let (x, y) = tile.to_page(bx, by);
        crosses.push(Line {
            x1: x - CROSS,
            y1: y,
            x2: x + CROSS,
            y2: y,
        });
        crosses.push(Line {
            x1: x,
            y1: y - CROSS,
            x2: x,
            y2: y + CROSS,
        });
    }
    stroke_lines_grey(surface, &crosses, 2.0, 255);
    stroke_lines(surface, &crosses, CUT_PT * 1.5, None);
}
