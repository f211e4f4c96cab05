//! Drawing primitives on a krilla surface, in millimetres with a top-left origin.

use krilla::geom::PathBuilder;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, Stroke, StrokeDash};
use krilla::surface::Surface;

use crate::layout::imposition::{Line, Rect};
use crate::model::print::mm;

/// Appends `numbers` to a dry writer's notes, each by its bits: a note says the number to the
/// last digit, as the document it stands for would.
pub fn note_numbers(notes: &mut Vec<u8>, numbers: impl IntoIterator<Item = f32>) {
    for n in numbers {
        notes.extend(n.to_bits().to_le_bytes());
    }
}

/// The six numbers of a transform, for [`note_numbers`].
pub fn transform_numbers(t: krilla::geom::Transform) -> [f32; 6] {
    [t.sx(), t.kx(), t.ky(), t.sy(), t.tx(), t.ty()]
}

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
    fill_polygons_grey(surface, polys, ox, oy, 215);
}

/// Fills quadrilaterals (moved by `ox`, `oy`) in grey level `luma`.
pub fn fill_polygons_grey(
    surface: &mut Surface,
    polys: &[[(f32, f32); 4]],
    ox: f32,
    oy: f32,
    luma: u8,
) {
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
        paint: krilla::color::luma::Color::new(luma).into(),
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
    let paint = krilla::color::luma::Color::new(luma).into();
    stroke_paint(surface, pb, width_pt, dash, paint);
}

/// Strokes `pb` with `paint`, dashed when `dash` (in mm) is given.
fn stroke_paint(
    surface: &mut Surface,
    pb: PathBuilder,
    width_pt: f32,
    dash: Option<&[f32]>,
    paint: krilla::paint::Paint,
) {
    let Some(path) = pb.finish() else { return };
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke {
        paint,
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

/// The path of `lines`, none when there are none.
fn lines_path(lines: &[Line]) -> Option<PathBuilder> {
    if lines.is_empty() {
        return None;
    }
    let mut pb = PathBuilder::new();
    for l in lines {
        pb.move_to(mm(l.x1), mm(l.y1));
        pb.line_to(mm(l.x2), mm(l.y2));
    }
    Some(pb)
}

pub fn stroke_lines(surface: &mut Surface, lines: &[Line], width_pt: f32, dash: Option<&[f32]>) {
    if let Some(pb) = lines_path(lines) {
        stroke_path(surface, pb, width_pt, dash);
    }
}

/// Lines in grey level `luma`.
pub fn stroke_lines_grey(surface: &mut Surface, lines: &[Line], width_pt: f32, luma: u8) {
    if let Some(pb) = lines_path(lines) {
        stroke_path_grey(surface, pb, width_pt, None, luma);
    }
}

/// Lines in `rgb`, or black as grey level 0 when `None` (what every guide was before a colour
/// could be chosen, so default output stays the same).
pub fn stroke_lines_colour(
    surface: &mut Surface,
    lines: &[Line],
    width_pt: f32,
    dash: Option<&[f32]>,
    rgb: Option<[u8; 3]>,
) {
    let Some([r, g, b]) = rgb else {
        stroke_lines(surface, lines, width_pt, dash);
        return;
    };
    if let Some(pb) = lines_path(lines) {
        let paint = krilla::color::rgb::Color::new(r, g, b).into();
        stroke_paint(surface, pb, width_pt, dash, paint);
    }
}

/// Quarter circles of radius `r` at the four corners of `trim`, inside it: where a corner
/// punch cuts.
pub fn corner_arcs(pb: &mut PathBuilder, trim: Rect, r: f32) {
    let r = r.min(trim.w / 2.0).min(trim.h / 2.0);
    if r <= 0.0 {
        return;
    }
    let k = 0.552_284_8 * r;
    let (x0, y0, x1, y1) = (trim.x, trim.y, trim.right(), trim.bottom());
    // Each arc from one edge to the other, its control points toward the corner.
    let arcs = [
        (
            (x0, y0 + r),
            (x0, y0 + r - k),
            (x0 + r - k, y0),
            (x0 + r, y0),
        ),
        (
            (x1 - r, y0),
            (x1 - r + k, y0),
            (x1, y0 + r - k),
            (x1, y0 + r),
        ),
        (
            (x1, y1 - r),
            (x1, y1 - r + k),
            (x1 - r + k, y1),
            (x1 - r, y1),
        ),
        (
            (x0 + r, y1),
            (x0 + r - k, y1),
            (x0, y1 - r + k),
            (x0, y1 - r),
        ),
    ];
    for (a, b, c, d) in arcs {
        pb.move_to(mm(a.0), mm(a.1));
        pb.cubic_to(mm(b.0), mm(b.1), mm(c.0), mm(c.1), mm(d.0), mm(d.1));
    }
}

/// A rounded rectangle (radius 0: square corners).
pub fn push_round_rect(pb: &mut PathBuilder, r: Rect, radius: f32) {
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0);
    if rad <= 1e-4 {
        push_rect(pb, r);
        return;
    }
    let k = 0.552_284_8 * rad;
    let (x0, y0, x1, y1) = (r.x, r.y, r.right(), r.bottom());
    pb.move_to(mm(x0 + rad), mm(y0));
    pb.line_to(mm(x1 - rad), mm(y0));
    pb.cubic_to(
        mm(x1 - rad + k),
        mm(y0),
        mm(x1),
        mm(y0 + rad - k),
        mm(x1),
        mm(y0 + rad),
    );
    pb.line_to(mm(x1), mm(y1 - rad));
    pb.cubic_to(
        mm(x1),
        mm(y1 - rad + k),
        mm(x1 - rad + k),
        mm(y1),
        mm(x1 - rad),
        mm(y1),
    );
    pb.line_to(mm(x0 + rad), mm(y1));
    pb.cubic_to(
        mm(x0 + rad - k),
        mm(y1),
        mm(x0),
        mm(y1 - rad + k),
        mm(x0),
        mm(y1 - rad),
    );
    pb.line_to(mm(x0), mm(y0 + rad));
    pb.cubic_to(
        mm(x0),
        mm(y0 + rad - k),
        mm(x0 + rad - k),
        mm(y0),
        mm(x0 + rad),
        mm(y0),
    );
    pb.close();
}

/// The transform that lays a face turned a quarter onto `whole`, the rectangle it covers on
/// the page (mm): clockwise, its top to the right, or `anticlockwise`, its top to the left.
/// A face drawn upside down in `whole`: the back of a card printed with a short-edge flip, so
/// that the card turned over sideways shows it upright, as it does after a long-edge flip.
pub fn half_turn(whole: Rect) -> krilla::geom::Transform {
    krilla::geom::Transform::from_row(-1.0, 0.0, 0.0, -1.0, mm(whole.right()), mm(whole.bottom()))
}

pub fn quarter_turn(whole: Rect, anticlockwise: bool) -> krilla::geom::Transform {
    use krilla::geom::Transform;
    match anticlockwise {
        true => Transform::from_row(0.0, -1.0, 1.0, 0.0, mm(whole.x), mm(whole.bottom())),
        false => Transform::from_row(0.0, 1.0, -1.0, 0.0, mm(whole.right()), mm(whole.y)),
    }
}
