//! Fold-up shapes on single-sided pages: die nets and fold-over standees, as many to a page
//! as fit, with cut and fold lines.

use krilla::geom::{PathBuilder, Transform};

use crate::layout::imposition::Line;
use crate::layout::nets::{DieNet, Standee};
use crate::layout::plan::Role;
use crate::layout::tiling::{LABEL_BAND, TILE_MARGIN};
use crate::model::print::{Paper, mm};
use crate::pdf::draw::{
    fill_polygons, fill_rect, page_settings, push_rect, stroke_lines, stroke_path,
};
use crate::pdf::furniture::{CUT_PT, bottom_band, draw_furniture};
use crate::pdf::sheets::{PagesUsed, Placed, SheetWriter, graphic_for};
use crate::render::faces::CardCopy;

/// Space between shapes (dice, standees) laid out on a page.
const SHAPE_GAP: f32 = 6.0;

impl SheetWriter<'_> {
    /// Dice nets, as many to a page as fit.
    pub fn add_dice(
        &mut self,
        title: &str,
        revision: &str,
        copies: &[CardCopy],
        net: &DieNet,
    ) -> PagesUsed {
        let placements = shape_grid(self.paper, net.width, net.height);
        let mut used = PagesUsed::default();
        for chunk in copies.chunks(placements.len().max(1)) {
            let (pw, ph) = self.paper.size_mm();
            let number = self.open(pw, ph, Role::Single);
            let mut page = self.doc.start_page_with(page_settings(pw, ph));
            let mut surface = page.surface();
            let mut placed = Vec::new();
            for (copy, &(ox, oy)) in chunk.iter().zip(&placements) {
                let faces: Vec<usize> = std::iter::once(copy.front)
                    .chain(copy.extra.iter().copied())
                    .collect();
                for (rect, &face) in net.faces.iter().zip(&faces) {
                    let g = graphic_for(
                        &mut surface,
                        &mut self.graphics,
                        self.faces,
                        self.trees,
                        face,
                    );
                    surface.push_transform(&Transform::from_translate(
                        mm(ox + rect.x),
                        mm(oy + rect.y),
                    ));
                    surface.draw_graphic(g);
                    let r = rect.translate(ox, oy);
                    placed.push(Placed {
                        face,
                        rect: r,
                        clip: r,
                    });
                    surface.pop();
                }
                let shift = |l: &Line| l.translate(ox, oy);
                fill_polygons(&mut surface, &net.tabs, ox, oy);
                stroke_lines(
                    &mut surface,
                    &net.cuts.iter().map(shift).collect::<Vec<_>>(),
                    CUT_PT * 1.5,
                    None,
                );
                stroke_lines(
                    &mut surface,
                    &net.folds.iter().map(shift).collect::<Vec<_>>(),
                    CUT_PT,
                    Some(&[2.0, 1.5]),
                );
            }
            let label = format!(
                "{title} · cut the solid lines, fold the dashed ones, glue the grey tabs inside · rev {revision}"
            );
            draw_furniture(
                &mut surface,
                &self.label_font,
                bottom_band(pw, ph, self.margin),
                self.paper,
                &label,
            );
            surface.finish();
            page.finish();
            for p in placed {
                self.note(p);
            }
            used.sheets += 1;
            used.pages.push(number);
        }
        used
    }

    /// Fold-over standees in rows.
    pub fn add_standees(
        &mut self,
        title: &str,
        revision: &str,
        copies: &[CardCopy],
        standee: &Standee,
    ) -> PagesUsed {
        let placements = shape_grid(self.paper, standee.outline.w, standee.outline.h);
        let mut used = PagesUsed::default();
        for chunk in copies.chunks(placements.len().max(1)) {
            let (pw, ph) = self.paper.size_mm();
            let number = self.open(pw, ph, Role::Single);
            let mut page = self.doc.start_page_with(page_settings(pw, ph));
            let mut surface = page.surface();
            let mut placed = Vec::new();
            for (copy, &(ox, oy)) in chunk.iter().zip(&placements) {
                let front = standee.front.translate(ox, oy);
                let back = standee.back.translate(ox, oy);
                let g = graphic_for(
                    &mut surface,
                    &mut self.graphics,
                    self.faces,
                    self.trees,
                    copy.front,
                );
                surface.push_transform(&Transform::from_translate(mm(front.x), mm(front.y)));
                surface.draw_graphic(g.clone());
                placed.push(Placed {
                    face: copy.front,
                    rect: front,
                    clip: front,
                });
                surface.pop();
                // The back reads upright once folded over the top: turn a back face by 180°;
                // without one, mirror the front top to bottom (its silhouette from behind).
                let (g, t) = match copy.back {
                    Some(b) => (
                        graphic_for(&mut surface, &mut self.graphics, self.faces, self.trees, b),
                        Transform::from_row(
                            -1.0,
                            0.0,
                            0.0,
                            -1.0,
                            mm(back.right()),
                            mm(back.bottom()),
                        ),
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
                    fill_rect(&mut surface, r, 0.85);
                }
                let outline = standee.outline.translate(ox, oy);
                let mut pb = PathBuilder::new();
                push_rect(&mut pb, outline);
                stroke_path(&mut surface, pb, CUT_PT * 1.5, None);
                let folds: Vec<Line> = standee.folds.iter().map(|l| l.translate(ox, oy)).collect();
                stroke_lines(&mut surface, &folds, CUT_PT, Some(&[2.0, 1.5]));
            }
            let label = format!(
                "{title} · cut out, fold on the dashed lines, fold the grey bases outwards · rev {revision}"
            );
            draw_furniture(
                &mut surface,
                &self.label_font,
                bottom_band(pw, ph, self.margin),
                self.paper,
                &label,
            );
            surface.finish();
            page.finish();
            for p in placed {
                self.note(p);
            }
            used.sheets += 1;
            used.pages.push(number);
        }
        used
    }
}

/// Top-left corners of equal shapes laid out in rows on `paper`, leaving the label band.
fn shape_grid(paper: Paper, w: f32, h: f32) -> Vec<(f32, f32)> {
    let (pw, ph) = paper.size_mm();
    let usable_w = pw - 2.0 * TILE_MARGIN;
    let usable_h = ph - 2.0 * TILE_MARGIN - LABEL_BAND;
    let cols = (((usable_w + SHAPE_GAP) / (w + SHAPE_GAP)).floor() as usize).max(1);
    let rows = (((usable_h + SHAPE_GAP) / (h + SHAPE_GAP)).floor() as usize).max(1);
    let block_w = cols as f32 * w + (cols - 1) as f32 * SHAPE_GAP;
    let x0 = (pw - block_w) / 2.0;
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            out.push((
                x0 + c as f32 * (w + SHAPE_GAP),
                TILE_MARGIN + r as f32 * (h + SHAPE_GAP),
            ));
        }
    }
    out
}
