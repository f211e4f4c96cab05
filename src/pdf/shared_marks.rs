//! What a shared or cut sheet prints besides its pieces: a cut sheet's registration marks and
//! its label band along the cutter's area, a backs page's band where the flip brings it, and
//! where a piece's back lands behind its front.

use krilla::surface::Surface;

use crate::layout::cut::{Registration, registration};
use crate::layout::imposition::{BAND_THICK, Band, BandSide, Rect};
use crate::model::print::{Cutter, Duplex, PrintProfile, mm};
use crate::pdf::draw::{fill_rect, stroke_lines};

/// Where a piece's back goes: its front's box mirrored across the sheet the way the printer
/// flips it, then moved by the profile's back offset.
pub(crate) fn mirrored(print: &PrintProfile, pw: f32, ph: f32, r: Rect) -> Rect {
    let [dx, dy] = print.back_offset_mm;
    let m = match print.duplex {
        Duplex::ShortEdge => Rect {
            y: ph - r.y - r.h,
            ..r
        },
        _ => Rect {
            x: pw - r.x - r.w,
            ..r
        },
    };
    m.translate(dx, dy)
}

/// The label band of a backs page: at the foot of the cutter's area, on the side the sheet
/// comes back on.
pub(crate) fn backs_band(cutter: Cutter, duplex: Duplex, pw: f32, ph: f32) -> Band {
    let r = registration(cutter, pw, ph);
    let band = Rect {
        x: r.area.x,
        y: r.area.bottom() - BAND_THICK,
        w: r.area.w,
        h: BAND_THICK,
    };
    Band {
        side: BandSide::Bottom,
        rect: match duplex {
            Duplex::ShortEdge => Rect {
                y: ph - band.bottom(),
                ..band
            },
            _ => band,
        },
    }
}

/// A front page's label band as it lands on the back: a short-edge flip brings the foot of
/// the sheet to its head.
pub(crate) fn flipped_band(band: Band, duplex: Duplex, ph: f32) -> Band {
    match duplex {
        Duplex::ShortEdge => Band {
            side: BandSide::Top,
            rect: Rect {
                y: ph - band.rect.bottom(),
                ..band.rect
            },
        },
        _ => band,
    }
}

/// The label band of a cut sheet: along the bottom of the cutting area, starting past the
/// square of the bottom-left L mark.
pub(crate) fn cut_band(r: &Registration) -> Band {
    let mut rect = Rect {
        x: r.area.x,
        y: r.area.bottom() - BAND_THICK,
        w: r.area.w,
        h: BAND_THICK,
    };
    // Only a mark at the band's start moves it (on paper too short for the band to clear the
    // top-right mark, that one is left alone), and never past its end.
    for mark in &r.keep_clear {
        if mark.x <= rect.x && mark.overlaps(&rect) {
            let past = (mark.right() - rect.x).min(rect.w * 0.5);
            rect.x += past;
            rect.w -= past;
        }
    }
    Band {
        side: BandSide::Bottom,
        rect,
    }
}

/// The registration marks: filled squares and stroked lines, black whatever the ink mode (the
/// machine's sensor needs them black).
pub(crate) fn draw_registration(surface: &mut Surface, reg: &Registration) {
    for q in &reg.squares {
        fill_rect(surface, *q, 0.0);
    }
    stroke_lines(surface, &reg.lines, mm(reg.width), None);
}
