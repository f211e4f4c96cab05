//! Every number a designer writes, checked when the game is loaded: finite, within a stated
//! range, and consistent with the paper, so a typo fails with the file and line instead of
//! printing a wrong sheet, panicking or allocating without end.

use crate::error::{Error, Result};
use crate::layout::nets::{DieNet, Standee};
use crate::model::print::PrintProfile;
use crate::model::{ComponentKind, ComponentSpec};

/// Printed pieces a game may have in all, unless `PROTOPRESS_MAX_PIECES` says otherwise.
pub const MAX_PIECES: u64 = 100_000;

/// Room a die net or standee needs around it on the paper (marks and label), in mm.
const SHEET_MARGIN_MM: f32 = 10.0;

/// A number out of range: the field, its value and the range it must lie in.
pub struct OutOfRange {
    pub field: &'static str,
    pub message: String,
}

impl OutOfRange {
    fn new(field: &'static str, message: String) -> OutOfRange {
        OutOfRange { field, message }
    }
}

/// Checks `value` of `field` lies in `min..=max` (and is a number at all).
fn in_range(field: &'static str, value: f32, min: f32, max: f32) -> Result<(), OutOfRange> {
    if value.is_finite() && (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(OutOfRange::new(
            field,
            format!("`{field}` is {value}; it must be a number from {min} to {max}"),
        ))
    }
}

/// The print profile's numbers.
pub fn check_profile(p: &PrintProfile) -> Result<(), OutOfRange> {
    in_range("bleed_mm", p.bleed_mm, 0.0, 10.0)?;
    for v in p.back_offset_mm {
        in_range("back_offset_mm", v, -10.0, 10.0)?;
    }
    if let Some(g) = p.gutter_mm {
        in_range("gutter_mm", g, 0.0, 20.0)?;
    }
    in_range("safe_zone_mm", p.safe_zone_mm, 0.0, 20.0)
}

/// A component's numbers, and whether its pieces fit the paper.
pub fn check_component(spec: &ComponentSpec, print: &PrintProfile) -> Result<(), OutOfRange> {
    if let Some(b) = spec.bleed_mm {
        in_range("bleed_mm", b, 0.0, 10.0)?;
    }
    if let Some(o) = spec.overlap_mm {
        in_range("overlap_mm", o, 0.0, 30.0)?;
    }
    if let Some(b) = spec.base_mm {
        in_range("base_mm", b, 5.0, 100.0)?;
    }
    let Some(size) = spec.size else {
        return Ok(());
    };
    let (pw, ph) = print.paper.size_mm();
    let (room_w, room_h) = (pw - 2.0 * SHEET_MARGIN_MM, ph - 2.0 * SHEET_MARGIN_MM);
    let fits = |w: f32, h: f32| (w <= room_w && h <= room_h) || (h <= room_w && w <= room_h);
    let too_big = |what: &str, w: f32, h: f32| {
        OutOfRange::new(
            "size",
            format!(
                "the {what} is {w:.0} × {h:.0} mm and does not fit the printable area of {} \
                 paper ({room_w:.0} × {room_h:.0} mm)",
                paper_name(print)
            ),
        )
    };
    let bleed = spec.bleed_mm.unwrap_or(print.bleed_mm);
    match spec.kind {
        ComponentKind::Die => {
            let net = DieNet::new(size.width_mm);
            if !fits(net.width, net.height) {
                return Err(too_big("die net", net.width, net.height));
            }
        }
        ComponentKind::Standee => {
            let s = Standee::new(size.width_mm, size.height_mm, spec.base_mm.unwrap_or(15.0));
            if !fits(s.outline.w, s.outline.h) {
                return Err(too_big("standee", s.outline.w, s.outline.h));
            }
        }
        ComponentKind::Cards | ComponentKind::Tokens | ComponentKind::Dashboard => {
            let (w, h) = (size.width_mm + 2.0 * bleed, size.height_mm + 2.0 * bleed);
            if !fits(w, h) {
                return Err(too_big("piece with its bleed", w, h).with_help_board());
            }
        }
        ComponentKind::Board | ComponentKind::Bought => {}
    }
    Ok(())
}

impl OutOfRange {
    fn with_help_board(mut self) -> OutOfRange {
        self.message
            .push_str("; make it a `board` to tile it over several sheets");
        self
    }

    /// As an error (located by the caller).
    pub fn into_error(self) -> Error {
        Error::new(self.message)
    }
}

fn paper_name(print: &PrintProfile) -> String {
    serde_json::to_value(print.paper)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// Checks the game's printed pieces stay under the limit.
pub fn check_pieces(total: u64) -> Result<()> {
    let limit = std::env::var("PROTOPRESS_MAX_PIECES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(MAX_PIECES);
    if total > limit {
        return Err(Error::new(format!(
            "the game prints {total} pieces, more than the limit of {limit}"
        ))
        .help("check the counts, or set PROTOPRESS_MAX_PIECES to raise the limit"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_numbers_must_be_finite_and_in_range() {
        let ok = PrintProfile::default();
        assert!(check_profile(&ok).is_ok());
        for (field, set) in [
            (
                "bleed_mm",
                (|p: &mut PrintProfile| p.bleed_mm = -1.0) as fn(&mut PrintProfile),
            ),
            ("bleed_mm", |p| p.bleed_mm = f32::NAN),
            ("back_offset_mm", |p| p.back_offset_mm = [f32::NAN, 0.0]),
            ("back_offset_mm", |p| p.back_offset_mm = [0.0, 1e30]),
            ("safe_zone_mm", |p| p.safe_zone_mm = -20.0),
            ("gutter_mm", |p| p.gutter_mm = Some(f32::INFINITY)),
        ] {
            let mut p = PrintProfile::default();
            set(&mut p);
            let err = check_profile(&p).err().expect(field);
            assert_eq!(err.field, field);
        }
    }
}
