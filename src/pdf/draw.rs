//! Drawing primitives on a krilla surface, in millimetres with a top-left origin.

use krilla::geom::PathBuilder;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, Stroke, StrokeDash};
use krilla::surface::Surface;

use crate::layout::imposition::{Line, Rect};
use crate::model::print::mm;

pub fn page_settings(w_mm: f32, h_mm: f32) -> PageSettings {
    PageSettings::from_wh(mm(w_mm), mm(h_mm)).expect("paper sizes are positive")
}

pub fn push_clip(surface: &mut Surface, r: Rect) {
    surface.push_clip_path(&rect_path(r), &FillRule::NonZero);
}

pub fn rect_path(r: Rect) -> krilla::geom::Path {
    let mut pb = PathBuilder::new();
    push_rect(&mut pb, r);
    pb.finish().expect("a rectangle is a path")
}

pub fn push_rect(pb: &mut PathBuilder, r: Rect) {
    if let Some(rect) = krilla::geom::Rect::from_xywh(mm(r.x), mm(r.y), mm(r.w), mm(r.h)) {
        pb.push_rect(rect);
    }
}

/// A circle inscribed in `r`, as four Bézier quarter arcs.
pub fn push_circle(pb: &mut PathBuilder, r: Rect) {
    let (cx, cy, rad) = (
        mm(r.x + r.w / 2.0),
        mm(r.y + r.h / 2.0),
        mm(r.w.min(r.h) / 2.0),
    );
    let k = 0.552_284_8 * rad;
    pb.move_to(cx + rad, cy);
    pb.cubic_to(cx + rad, cy + k, cx + k, cy + rad, cx, cy + rad);
    pb.cubic_to(cx - k, cy + rad, cx - rad, cy + k, cx - rad, cy);
    pb.cubic_to(cx - rad, cy - k, cx - k, cy - rad, cx, cy - rad);
    pb.cubic_to(cx + k, cy - rad, cx + rad, cy - k, cx + rad, cy);
    pb.close();
}

pub fn fill_rect(surface: &mut Surface, r: Rect, lightness: f32) {
    let mut pb = PathBuilder::new();
    push_rect(&mut pb, r);
    let Some(path) = pb.finish() else { return };
    let l = (lightness.clamp(0.0, 1.0) * 255.0) as u8;
    surface.set_stroke(None);
    surface.set_fill(Some(Fill {
        paint: krilla::color::luma::Color::new(l).into(),
        ..Fill::default()
    }));
    surface.draw_path(&path);
    surface.set_fill(None);
}

pub fn fill_polygons(surface: &mut Surface, polys: &[[(f32, f32); 4]], ox: f32, oy: f32) {
    let mut pb = PathBuilder::new();
    for q in polys {
        pb.move_to(mm(q[0].0 + ox), mm(q[0].1 + oy));
        for p in &q[1..] {
            pb.line_to(mm(p.0 + ox), mm(p.1 + oy));
        }
        pb.close();
    }
    let Some(path) = pb.finish() else { return };
    surface.set_stroke(None);
    surface.set_fill(Some(Fill {
        paint: krilla::color::luma::Color::new(215).into(),
        ..Fill::default()
    }));
    surface.draw_path(&path);
    surface.set_fill(None);
}

pub fn stroke_path(surface: &mut Surface, pb: PathBuilder, width_pt: f32, dash: Option<&[f32]>) {
    stroke_path_grey(surface, pb, width_pt, dash, 0);
}

/// Strokes `pb` in grey level `luma` (0 black, 255 white).
pub fn stroke_path_grey(
    surface: &mut Surface,
    pb: PathBuilder,
    width_pt: f32,
    dash: Option<&[f32]>,
    luma: u8,
) {
    let Some(path) = pb.finish() else { return };
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke {
        paint: krilla::color::luma::Color::new(luma).into(),
        width: width_pt,
        dash: dash.map(|d| StrokeDash {
            array: d.iter().map(|v| mm(*v)).collect(),
            offset: 0.0,
        }),
        ..Stroke::default()
    }));
    surface.draw_path(&path);
    surface.set_stroke(None);
}

pub fn stroke_lines(surface: &mut Surface, lines: &[Line], width_pt: f32, dash: Option<&[f32]>) {
    if lines.is_empty() {
        return;
    }
    let mut pb = PathBuilder::new();
    for l in lines {
        pb.move_to(mm(l.x1), mm(l.y1));
        pb.line_to(mm(l.x2), mm(l.y2));
    }
    stroke_path(surface, pb, width_pt, dash);
}

/// Lines in grey level `luma`.
pub fn stroke_lines_grey(surface: &mut Surface, lines: &[Line], width_pt: f32, luma: u8) {
    if lines.is_empty() {
        return;
    }
    let mut pb = PathBuilder::new();
    for l in lines {
        pb.move_to(mm(l.x1), mm(l.y1));
        pb.line_to(mm(l.x2), mm(l.y2));
    }
    stroke_path_grey(surface, pb, width_pt, None, luma);
}
