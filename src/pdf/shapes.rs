//! Shared single-sided sheets: die nets, fold-over standees, token sets without backs and
//! small boards of different components packed together (`layout::pack`), instead of a
//! mostly empty page each.

use std::collections::HashMap;

use krilla::geom::{PathBuilder, Transform};
use krilla::graphic::Graphic;
use krilla::surface::Surface;
use krilla::text::Font;

use crate::layout::imposition::{Line, MARK_GAP, Rect};
use crate::layout::nets::{DieNet, Standee};
use crate::layout::pack::{Spot, pack};
use crate::layout::plan::Role;
use crate::layout::tiling::{LABEL_BAND, TILE_MARK};
use crate::model::TokenShape;
use crate::model::print::{PrintProfile, mm};
use crate::pdf::draw::{
    fill_polygons, fill_rect, page_settings, push_circle, push_clip, push_rect, stroke_lines,
    stroke_path,
};
use crate::pdf::furniture::{CUT_PT, bottom_band, draw_furniture, draw_stamp};
use crate::pdf::sheets::{PagesUsed, Placed, SheetWriter, graphic_for};
use crate::render::faces::{CardCopy, Face};

/// Space kept around a die net or a standee (they have no bleed of their own): tokens and
/// boards keep their bleed, which already parts their cuts from their neighbours'.
const PAD: f32 = 2.0;
/// Room around a small board's face for its crop marks.
const BOARD_MARKS: f32 = MARK_GAP + TILE_MARK + 0.5;

/// What a piece is, with its geometry.
#[derive(Clone, Copy)]
pub enum Shape<'a> {
    Die(&'a DieNet),
    Standee(&'a Standee),
    /// A token of `w` × `h` mm with `bleed` all round, cut along its outline.
    Token {
        shape: TokenShape,
        w: f32,
        h: f32,
        bleed: f32,
    },
    /// A small board of `w` × `h` mm with `bleed`, cut at crop marks.
    Board {
        w: f32,
        h: f32,
        bleed: f32,
    },
}

impl Shape<'_> {
    /// The room the piece takes on the page, with its padding.
    pub fn size(&self) -> (f32, f32) {
        match *self {
            Shape::Die(net) => (net.width + 2.0 * PAD, net.height + 2.0 * PAD),
            Shape::Standee(s) => (s.outline.w + 2.0 * PAD, s.outline.h + 2.0 * PAD),
            Shape::Token { w, h, bleed, .. } => (w + 2.0 * bleed, h + 2.0 * bleed),
            Shape::Board { w, h, bleed } => (
                w + 2.0 * (bleed + BOARD_MARKS),
                h + 2.0 * (bleed + BOARD_MARKS),
            ),
        }
    }
}

/// One piece to put on a shared sheet; `owner` indexes `SharedSheets::owners`.
pub struct Piece<'a> {
    pub owner: usize,
    pub copy: &'a CardCopy,
    pub shape: Shape<'a>,
}

/// The pieces of several components to pack together.
pub struct SharedSheets<'a> {
    /// "Death to Decorum".
    pub game: &'a str,
    pub revision: &'a str,
    /// The components' names.
    pub owners: Vec<String>,
    pub pieces: Vec<Piece<'a>>,
    pub print: &'a PrintProfile,
}

/// What drawing a piece needs from the writer.
struct Ctx<'c, 'a> {
    graphics: &'c mut HashMap<usize, Graphic>,
    faces: &'a [Face],
    trees: &'a crate::render::trees::FaceTrees<'a>,
    font: &'c Font,
    print: &'c PrintProfile,
    revision: &'c str,
    placed: Vec<Placed>,
}

impl SheetWriter<'_> {
    /// Packs the pieces onto single-sided pages; returns the pages of each owner.
    pub fn add_shared(&mut self, sheets: &SharedSheets) -> Vec<PagesUsed> {
        let (pw, ph) = self.paper.size_mm();
        let m = self.margin;
        let area = Rect {
            x: m,
            y: m,
            w: pw - 2.0 * m,
            h: ph - 2.0 * m - LABEL_BAND,
        };
        let sizes: Vec<(f32, f32)> = sheets.pieces.iter().map(|p| p.shape.size()).collect();
        let spots = pack(&sizes, area, 0.0);
        let count = spots
            .iter()
            .flatten()
            .map(|s| s.page + 1)
            .max()
            .unwrap_or(0);
        let mut used = vec![PagesUsed::default(); sheets.owners.len()];
        for n in 0..count {
            let on_page: Vec<(&Piece, Spot)> = sheets
                .pieces
                .iter()
                .zip(&spots)
                .filter_map(|(p, s)| s.filter(|s| s.page == n).map(|s| (p, s)))
                .collect();
            let number = self.shared_page(sheets, &on_page, n, count);
            let mut owners: Vec<usize> = on_page.iter().map(|(p, _)| p.owner).collect();
            owners.dedup();
            for o in owners {
                used[o].sheets += 1;
                used[o].pages.push(number);
            }
        }
        used
    }

    fn shared_page(
        &mut self,
        sheets: &SharedSheets,
        on_page: &[(&Piece, Spot)],
        n: usize,
        of: usize,
    ) -> usize {
        let (pw, ph) = self.paper.size_mm();
        let number = self.open(pw, ph, Role::Single);
        let mut page = self.doc.start_page_with(page_settings(pw, ph));
        let mut surface = page.surface();
        let mut ctx = Ctx {
            graphics: &mut self.graphics,
            faces: self.faces,
            trees: self.trees,
            font: &self.label_font,
            print: sheets.print,
            revision: sheets.revision,
            placed: Vec::new(),
        };
        for (piece, spot) in on_page {
            let (ox, oy) = (spot.x, spot.y);
            match piece.shape {
                Shape::Die(net) => {
                    draw_die(&mut surface, &mut ctx, piece.copy, net, ox + PAD, oy + PAD)
                }
                Shape::Standee(s) => {
                    draw_standee(&mut surface, &mut ctx, piece.copy, s, ox + PAD, oy + PAD)
                }
                Shape::Token { shape, w, h, bleed } => draw_token(
                    &mut surface,
                    &mut ctx,
                    piece.copy.front,
                    shape,
                    (w, h, bleed),
                    ox,
                    oy,
                ),
                Shape::Board { w, h, bleed } => draw_small_board(
                    &mut surface,
                    &mut ctx,
                    piece.copy.front,
                    (w, h, bleed),
                    ox,
                    oy,
                ),
            }
        }
        let mut names: Vec<&str> = on_page
            .iter()
            .map(|(p, _)| sheets.owners[p.owner].as_str())
            .collect();
        names.dedup();
        let label = format!(
            "{} · shared sheet {} of {of}: {} · single-sided · cut the solid lines, fold the dashed ones, glue the grey tabs and bases · rev {}",
            sheets.game,
            n + 1,
            names.join(", "),
            sheets.revision
        );
        draw_furniture(
            &mut surface,
            &self.label_font,
            bottom_band(pw, ph, self.margin),
            self.paper,
            &label,
        );
        let placed = std::mem::take(&mut ctx.placed);
        surface.finish();
        page.finish();
        for p in placed {
            self.note(p);
        }
        number
    }
}

/// A die net: six faces, grey glue tabs, solid cuts and dashed folds.
fn draw_die(surface: &mut Surface, ctx: &mut Ctx, copy: &CardCopy, net: &DieNet, ox: f32, oy: f32) {
    let faces: Vec<usize> = std::iter::once(copy.front)
        .chain(copy.extra.iter().copied())
        .collect();
    for (rect, &face) in net.faces.iter().zip(&faces) {
        let g = graphic_for(surface, ctx.graphics, ctx.faces, ctx.trees, face);
        surface.push_transform(&Transform::from_translate(mm(ox + rect.x), mm(oy + rect.y)));
        surface.draw_graphic(g);
        let r = rect.translate(ox, oy);
        ctx.placed.push(Placed {
            face,
            rect: r,
            clip: r,
        });
        surface.pop();
    }
    let shift = |l: &Line| l.translate(ox, oy);
    fill_polygons(surface, &net.tabs, ox, oy);
    stroke_lines(
        surface,
        &net.cuts.iter().map(shift).collect::<Vec<_>>(),
        CUT_PT * 1.5,
        None,
    );
    stroke_lines(
        surface,
        &net.folds.iter().map(shift).collect::<Vec<_>>(),
        CUT_PT,
        Some(&[2.0, 1.5]),
    );
}

/// A fold-over standee: front, back turned over, grey bases, outline and folds.
fn draw_standee(
    surface: &mut Surface,
    ctx: &mut Ctx,
    copy: &CardCopy,
    standee: &Standee,
    ox: f32,
    oy: f32,
) {
    let front = standee.front.translate(ox, oy);
    let back = standee.back.translate(ox, oy);
    let g = graphic_for(surface, ctx.graphics, ctx.faces, ctx.trees, copy.front);
    surface.push_transform(&Transform::from_translate(mm(front.x), mm(front.y)));
    surface.draw_graphic(g.clone());
    ctx.placed.push(Placed {
        face: copy.front,
        rect: front,
        clip: front,
    });
    surface.pop();
    // The back reads upright once folded over the top: turn a back face by 180°;
    // without one, mirror the front top to bottom (its silhouette from behind).
    let (g, t) = match copy.back {
        Some(b) => (
            graphic_for(surface, ctx.graphics, ctx.faces, ctx.trees, b),
            Transform::from_row(-1.0, 0.0, 0.0, -1.0, mm(back.right()), mm(back.bottom())),
        ),
        None => (
            g,
            Transform::from_row(1.0, 0.0, 0.0, -1.0, mm(back.x), mm(back.bottom())),
        ),
    };
    surface.push_transform(&t);
    surface.draw_graphic(g);
    surface.pop();
    for base in &standee.bases {
        let r = base.translate(ox, oy);
        fill_rect(surface, r, 0.85);
    }
    let outline = standee.outline.translate(ox, oy);
    let mut pb = PathBuilder::new();
    push_rect(&mut pb, outline);
    stroke_path(surface, pb, CUT_PT * 1.5, None);
    let folds: Vec<Line> = standee.folds.iter().map(|l| l.translate(ox, oy)).collect();
    stroke_lines(surface, &folds, CUT_PT, Some(&[2.0, 1.5]));
}

/// A token: its face with the whole bleed, its revision stamp and its cut outline.
fn draw_token(
    surface: &mut Surface,
    ctx: &mut Ctx,
    face: usize,
    shape: TokenShape,
    (w, h, b): (f32, f32, f32),
    ox: f32,
    oy: f32,
) {
    let whole = Rect {
        x: ox,
        y: oy,
        w: w + 2.0 * b,
        h: h + 2.0 * b,
    };
    let trim = Rect {
        x: ox + b,
        y: oy + b,
        w,
        h,
    };
    place_face(surface, ctx, face, whole);
    draw_stamp(
        surface,
        ctx.font,
        trim,
        shape,
        ctx.print,
        ctx.revision,
        &ctx.faces[face].hash,
    );
    let mut pb = PathBuilder::new();
    match shape {
        TokenShape::Circle => push_circle(&mut pb, trim),
        TokenShape::Square => push_rect(&mut pb, trim),
    }
    stroke_path(surface, pb, CUT_PT, None);
}

/// A small board: its face with the whole bleed and crop marks on its four cuts.
fn draw_small_board(
    surface: &mut Surface,
    ctx: &mut Ctx,
    face: usize,
    (w, h, b): (f32, f32, f32),
    ox: f32,
    oy: f32,
) {
    let whole = Rect {
        x: ox + BOARD_MARKS,
        y: oy + BOARD_MARKS,
        w: w + 2.0 * b,
        h: h + 2.0 * b,
    };
    place_face(surface, ctx, face, whole);
    let trim = Rect {
        x: whole.x + b,
        y: whole.y + b,
        w,
        h,
    };
    let mut marks = Vec::new();
    for x in [trim.x, trim.right()] {
        for (from, dir) in [(whole.y, -1.0), (whole.bottom(), 1.0)] {
            marks.push(Line {
                x1: x,
                y1: from + dir * MARK_GAP,
                x2: x,
                y2: from + dir * (MARK_GAP + TILE_MARK),
            });
        }
    }
    for y in [trim.y, trim.bottom()] {
        for (from, dir) in [(whole.x, -1.0), (whole.right(), 1.0)] {
            marks.push(Line {
                x1: from + dir * MARK_GAP,
                y1: y,
                x2: from + dir * (MARK_GAP + TILE_MARK),
                y2: y,
            });
        }
    }
    stroke_lines(surface, &marks, CUT_PT, None);
}

/// Draws a whole face (bleed included) at `whole`, clipped to it.
fn place_face(surface: &mut Surface, ctx: &mut Ctx, face: usize, whole: Rect) {
    let g = graphic_for(surface, ctx.graphics, ctx.faces, ctx.trees, face);
    push_clip(surface, whole);
    surface.push_transform(&Transform::from_translate(mm(whole.x), mm(whole.y)));
    surface.draw_graphic(g);
    surface.pop();
    surface.pop();
    ctx.placed.push(Placed {
        face,
        rect: whole,
        clip: whole,
    });
}
