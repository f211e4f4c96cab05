//! Grid sheets: cards, tokens and dashboards, a fronts page and its backs page per sheet (or a
//! base and a top layer), with cut guides and the furniture band on each side.

use krilla::geom::{PathBuilder, Transform};
use krilla::surface::Surface;

use crate::error::Result;
use crate::layout::imposition::{Grid, Line, Rect};
use crate::layout::plan::Role;
use crate::model::TokenShape;
use crate::model::print::{CropMarks, Duplex, mm};
use crate::pdf::draw::{
    page_settings, push_circle, push_clip, push_rect, stroke_lines, stroke_path,
};
use crate::pdf::furniture::{CUT_PT, draw_furniture, draw_stamp, draw_window};
use crate::pdf::sheets::{CutStyle, DeckSheets, PagesUsed, Placed, SheetWriter, graphic_for};
use crate::render::faces::CardCopy;

/// Which layer of a sheet a page prints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layer {
    Front,
    /// A dashboard's top layer: the fronts' positions, the second face, windows to cut out.
    Top,
    Back,
}

impl SheetWriter<'_> {
    /// Cards, tokens or dashboards on grid sheets: per sheet a fronts page and, with backs, a
    /// backs page right after it (duplex); a dual-layer dashboard's top layer follows on a
    /// single-sided page of its own.
    pub fn add_deck(&mut self, deck: &DeckSheets) -> Result<PagesUsed> {
        let grid = &deck.grid;
        let sheets: Vec<&[CardCopy]> = deck.copies.chunks(grid.per_sheet()).collect();
        let has_backs =
            deck.print.duplex != Duplex::None && deck.copies.iter().any(|c| c.back.is_some());
        let has_top = deck.copies.iter().any(|c| !c.extra.is_empty());
        let mut used = PagesUsed {
            sheets: sheets.len(),
            pages: Vec::new(),
        };
        let of = sheets.len();
        let flip = match deck.print.duplex {
            Duplex::ShortEdge => "flip on the short edge",
            _ => "flip on the long edge",
        };
        for (n, copies) in sheets.iter().enumerate() {
            let sheet = format!("{} · sheet {} of {of}", deck.title, n + 1);
            let rev = deck.revision;
            let (what, role) = match (has_top, has_backs) {
                (true, true) => ("base layer", Role::Front),
                (true, false) => ("base layer, single-sided", Role::Single),
                (false, true) => ("fronts", Role::Front),
                (false, false) => ("single-sided", Role::Single),
            };
            let label = format!("{sheet} · {what} · rev {rev}");
            used.pages
                .push(self.grid_page(deck, copies, Layer::Front, &label, role)?);
            if has_backs {
                let label = format!("{sheet} · backs ({flip}) · rev {rev}");
                used.pages
                    .push(self.grid_page(deck, copies, Layer::Back, &label, Role::Back)?);
            }
            if has_top {
                let label = format!(
                    "{sheet} · top layer, single-sided: cut out the hatched windows · rev {rev}"
                );
                used.pages
                    .push(self.grid_page(deck, copies, Layer::Top, &label, Role::Single)?);
            }
        }
        Ok(used)
    }

    fn grid_page(
        &mut self,
        deck: &DeckSheets,
        copies: &[CardCopy],
        layer: Layer,
        label: &str,
        role: Role,
    ) -> Result<usize> {
        let grid = &deck.grid;
        let print = deck.print;
        // Work out the guides first: a back offset the margin cannot take is an error.
        let lines = cut_guides(deck, copies.len(), layer)?;
        let band = match layer {
            Layer::Back => grid.back_band(print.duplex, print.back_offset_mm),
            _ => grid.band,
        };
        let number = self.open(grid.paper_w, grid.paper_h, role);
        let mut page = self
            .doc
            .start_page_with(page_settings(grid.paper_w, grid.paper_h));
        let mut surface = page.surface();
        let mut placed = Vec::new();
        for (slot, copy) in copies.iter().enumerate() {
            let face = match layer {
                Layer::Front => Some(copy.front),
                Layer::Top => copy.extra.first().copied(),
                Layer::Back => copy.back,
            };
            let Some(face) = face else { continue };
            let trim = place(grid, deck, layer, grid.front_trim(slot));
            let clip = place(grid, deck, layer, grid.front_bleed(slot, copies.len()));
            let graphic = graphic_for(
                &mut surface,
                &mut self.graphics,
                self.faces,
                self.trees,
                face,
            );
            push_clip(&mut surface, clip);
            let b = grid.bleed;
            surface.push_transform(&face_transform(
                trim.grow(b, b, b, b),
                grid.turned,
                layer,
                deck.print.duplex,
            ));
            surface.draw_graphic(graphic);
            surface.pop();
            surface.pop();
            placed.push(Placed {
                face,
                rect: trim.grow(b, b, b, b),
                clip,
            });
            decorate(
                &mut surface,
                &self.label_font,
                deck,
                trim,
                &self.faces[face].hash,
                layer,
            );
        }
        stroke_lines(&mut surface, &lines, CUT_PT, None);
        if let CutStyle::Outline(shape) = deck.cut {
            outlines(&mut surface, grid, deck, layer, copies.len(), shape);
        }
        if let Some(band) = band {
            draw_furniture(&mut surface, &self.label_font, band, self.paper, label);
        }
        surface.finish();
        page.finish();
        for p in placed {
            self.note(p);
        }
        Ok(number)
    }
}

/// The revision stamp of a face and, on a top layer, its windows.
fn decorate(
    surface: &mut Surface,
    font: &krilla::text::Font,
    deck: &DeckSheets,
    trim: Rect,
    hash: &str,
    layer: Layer,
) {
    let shape = match deck.cut {
        CutStyle::Outline(shape) => shape,
        CutStyle::CropMarks => TokenShape::Square,
    };
    draw_stamp(surface, font, trim, shape, deck.print, deck.revision, hash);
    if layer == Layer::Top {
        for w in deck.windows {
            let r = Rect {
                x: trim.x + w.x_mm,
                y: trim.y + w.y_mm,
                w: w.w_mm,
                h: w.h_mm,
            };
            draw_window(surface, font, r);
        }
    }
}

/// Places a face on its whole (bleed-included) rectangle. A turned card lies a quarter turn
/// clockwise, its top to the right; its back lies so that it reads upright behind the front: a
/// quarter turn anticlockwise after a long-edge flip (which brings the front's right to the
/// left), clockwise after a short-edge flip.
fn face_transform(whole: Rect, turned: bool, layer: Layer, duplex: Duplex) -> Transform {
    if !turned {
        return Transform::from_translate(mm(whole.x), mm(whole.y));
    }
    let clockwise = Transform::from_row(0.0, 1.0, -1.0, 0.0, mm(whole.right()), mm(whole.y));
    let anticlockwise = Transform::from_row(0.0, -1.0, 1.0, 0.0, mm(whole.x), mm(whole.bottom()));
    match (layer, duplex) {
        (Layer::Back, Duplex::LongEdge) => anticlockwise,
        _ => clockwise,
    }
}

/// Where a front-side rectangle lands on `layer`.
fn place(grid: &Grid, deck: &DeckSheets, layer: Layer, r: Rect) -> Rect {
    match layer {
        Layer::Back => grid.to_back(r, deck.print.duplex, deck.print.back_offset_mm),
        _ => r,
    }
}

/// Crop marks (and full cut lines) of a sheet of `used` pieces on `layer`; none for tokens,
/// which get outlines.
fn cut_guides(deck: &DeckSheets, used: usize, layer: Layer) -> Result<Vec<Line>> {
    let (grid, print) = (&deck.grid, deck.print);
    if deck.cut != CutStyle::CropMarks || print.crop_marks == CropMarks::None {
        return Ok(Vec::new());
    }
    let mut lines = match layer {
        Layer::Back => grid.back_marks(used, print.duplex, print.back_offset_mm)?,
        _ => grid.crop_marks(used),
    };
    if print.crop_marks == CropMarks::Full {
        lines.extend(grid.cut_lines(used).iter().map(|l| match layer {
            Layer::Back => l.to_back(grid, print.duplex, print.back_offset_mm),
            _ => *l,
        }));
    }
    Ok(lines)
}

/// The cut outline of every token on the page.
fn outlines(
    surface: &mut Surface,
    grid: &Grid,
    deck: &DeckSheets,
    layer: Layer,
    used: usize,
    shape: TokenShape,
) {
    let mut pb = PathBuilder::new();
    for slot in 0..used {
        let r = place(grid, deck, layer, grid.front_trim(slot));
        match shape {
            TokenShape::Circle => push_circle(&mut pb, r),
            TokenShape::Square => push_rect(&mut pb, r),
        }
    }
    stroke_path(surface, pb, CUT_PT, None);
}
