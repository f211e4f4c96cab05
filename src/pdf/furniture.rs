//! Sheet furniture: the check ruler and the page label in their band, the revision stamp on
//! each face, the map of a board's tiles, and the windows of a dashboard's top layer.

use krilla::geom::{PathBuilder, Point, Transform};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule};
use krilla::surface::Surface;

use crate::layout::imposition::{BAND_THICK, Band, BandSide, Line, Rect};
use crate::model::print::{Paper, PrintProfile, mm};
use crate::pdf::draw::{fill_rect, push_rect, rect_path, stroke_lines, stroke_path};
use crate::pdf::label::LabelFont;
use crate::pdf::words::fill;

/// Line width of cut guides, in points (a hairline that still prints on laser printers).
pub const CUT_PT: f32 = 0.3;
/// Font size of page labels, in points.
pub const LABEL_PT: f32 = 6.5;

/// The band along the bottom of a page with no grid, inside the printable `margin`.
pub fn bottom_band(pw: f32, ph: f32, margin: f32) -> Band {
    Band {
        side: BandSide::Bottom,
        rect: Rect {
            x: margin,
            y: ph - margin - BAND_THICK,
            w: pw - 2.0 * margin,
            h: BAND_THICK,
        },
    }
}

/// Roughly how long `text` runs at `pt` points, in mm (Noto Sans averages about half an em).
pub fn text_mm(text: &str, pt: f32) -> f32 {
    text.chars().count() as f32 * pt * 0.52 * 25.4 / 72.0
}

/// The check ruler ("this bar must measure 50 mm") and the page label, inside the band's
/// rectangle: a band down the side reads bottom to top. Text too long for the band is set
/// smaller so it stays inside.
pub fn draw_furniture(
    surface: &mut Surface,
    font: &LabelFont,
    band: Band,
    paper: Paper,
    label: &str,
) {
    let (ruler_mm, ruler_name) = paper.check_length_mm();
    let r = band.rect;
    // Local frame: u along the band, v across it (0 to BAND_THICK), both in mm.
    let frame = if band.side.vertical() {
        Transform::from_row(0.0, -1.0, 1.0, 0.0, mm(r.x), mm(r.bottom()))
    } else {
        Transform::from_translate(mm(r.x), mm(r.y))
    };
    let length = band.length();
    surface.push_transform(&frame);
    let (bar_top, bar_h) = (0.4, 1.6);
    let mut pb = PathBuilder::new();
    push_rect(
        &mut pb,
        Rect {
            x: 0.0,
            y: bar_top,
            w: ruler_mm,
            h: bar_h,
        },
    );
    // A tick every 10 mm (every 1/4 in on US paper).
    let step = if paper.imperial() { 25.4 / 4.0 } else { 10.0 };
    let mut u = step;
    while u < ruler_mm - 0.01 {
        pb.move_to(mm(u), mm(bar_top));
        pb.line_to(mm(u), mm(bar_top + bar_h * 0.6));
        u += step;
    }
    stroke_path(surface, pb, CUT_PT, None);
    let check = fill(&font.words.ruler, &[("length", ruler_name)]);
    let room = (length - ruler_mm - 2.0).max(1.0);
    let pt = LABEL_PT.min(LABEL_PT * room / text_mm(&check, LABEL_PT));
    draw_label_at(
        surface,
        font,
        mm(ruler_mm + 2.0),
        mm(bar_top + bar_h),
        &check,
        pt,
    );
    let pt = LABEL_PT.min(LABEL_PT * length / text_mm(label, LABEL_PT));
    draw_label_at(surface, font, 0.0, mm(BAND_THICK - 0.8), label, pt);
    surface.pop();
}

pub fn draw_label(surface: &mut Surface, font: &LabelFont, x: f32, y: f32, text: &str) {
    draw_label_at(surface, font, x, y, text, LABEL_PT);
}

fn draw_label_at(surface: &mut Surface, font: &LabelFont, x: f32, y: f32, text: &str, pt: f32) {
    surface.set_stroke(None);
    surface.set_fill(Some(Fill {
        opacity: NormalizedF32::ONE,
        ..Fill::default()
    }));
    font.draw(surface, Point::from_xy(x, y), pt, text);
    surface.set_fill(None);
}

/// A small map of the tiles with this one filled, at the right end of the band `r`.
pub fn draw_tile_map(
    surface: &mut Surface,
    r: Rect,
    cols: usize,
    rows: usize,
    row: usize,
    col: usize,
) {
    let cell = (r.h / rows.max(1) as f32).min(3.0);
    let x0 = r.right() - cols as f32 * cell;
    let y0 = r.y;
    let mut pb = PathBuilder::new();
    for rr in 0..rows {
        for c in 0..cols {
            push_rect(
                &mut pb,
                Rect {
                    x: x0 + c as f32 * cell,
                    y: y0 + rr as f32 * cell,
                    w: cell,
                    h: cell,
                },
            );
        }
    }
    stroke_path(surface, pb, CUT_PT, None);
    fill_rect(
        surface,
        Rect {
            x: x0 + col as f32 * cell,
            y: y0 + row as f32 * cell,
            w: cell,
            h: cell,
        },
        0.2,
    );
}

use crate::pdf::stamp::{STAMP_PT, StampSpot};

/// The stamp text: revision and the first six hex digits of the face's content hash.
pub fn stamp_text(revision: &str, hash: &str) -> String {
    format!("{revision}·{}", &hash[..hash.len().min(6)])
}

/// Draws `text` as the revision stamp of a face placed at `trim` where its own art is not
/// looked at (it lies turned): bottom-left in the cut margin, or just inside the safe zone.
pub fn draw_stamp(
    surface: &mut Surface,
    font: &LabelFont,
    trim: Rect,
    print: &PrintProfile,
    text: &str,
) {
    let Some(inset) = crate::pdf::stamp::inset(print) else {
        return;
    };
    let spot = StampSpot {
        x: trim.x + inset.max(1.5) + 0.5,
        baseline: trim.bottom() - inset,
        pt: STAMP_PT,
        grey: 60,
    };
    draw_stamp_at(surface, font, spot, text);
}

/// Draws `text` as a stamp at `spot`, here in page coordinates.
pub fn draw_stamp_at(surface: &mut Surface, font: &LabelFont, spot: StampSpot, text: &str) {
    surface.set_stroke(None);
    surface.set_fill(Some(Fill {
        paint: krilla::color::luma::Color::new(spot.grey).into(),
        ..Fill::default()
    }));
    font.draw(
        surface,
        Point::from_xy(mm(spot.x), mm(spot.baseline)),
        spot.pt,
        text,
    );
    surface.set_fill(None);
}

/// A window to cut out of a dashboard's top layer: solid cut line, hatching, "cut out".
pub fn draw_window(surface: &mut Surface, font: &LabelFont, r: Rect) {
    fill_rect(surface, r, 1.0);
    surface.push_clip_path(&rect_path(r), &FillRule::NonZero);
    let mut hatch = Vec::new();
    let mut d = -r.h;
    while d < r.w {
        hatch.push(Line {
            x1: r.x + d,
            y1: r.bottom(),
            x2: r.x + d + r.h,
            y2: r.y,
        });
        d += 2.5;
    }
    stroke_lines(surface, &hatch, 0.25, None);
    surface.pop();
    let mut pb = PathBuilder::new();
    push_rect(&mut pb, r);
    stroke_path(surface, pb, CUT_PT * 2.0, None);
    // A white box behind the words, at least 13 mm wide, wider for longer words.
    let text = &font.words.cut_out;
    let box_w = (text_mm(text, LABEL_PT) + 1.8).max(13.0);
    if r.w > box_w + 1.0 && r.h > 4.0 {
        fill_rect(
            surface,
            Rect {
                x: r.x + (r.w - box_w) / 2.0,
                y: r.y + r.h / 2.0 - 1.8,
                w: box_w,
                h: 3.4,
            },
            1.0,
        );
        draw_label(
            surface,
            font,
            mm(r.x + (r.w - box_w) / 2.0 + 0.9),
            mm(r.y + r.h / 2.0 + 0.9),
            text,
        );
    }
}
