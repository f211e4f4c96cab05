//! Every number a designer writes, checked when the game is loaded: finite and within a stated
//! range, so a typo fails with the file and line instead of printing a wrong sheet, panicking
//! or allocating without end. Whether pieces fit the paper is `layout::fit`'s to say.

use crate::error::{Error, Result};
use crate::model::ComponentSpec;
use crate::model::print::PrintProfile;

/// Printed pieces a game may have in all, unless `PROTOPRESS_MAX_PIECES` says otherwise.
pub const MAX_PIECES: u64 = 100_000;

/// A number out of range: the field and what is wrong with it.
pub struct OutOfRange {
    pub field: &'static str,
    pub message: String,
}

impl OutOfRange {
    /// As an error (located by the caller).
    pub fn into_error(self) -> Error {
        Error::new(self.message)
    }
}

/// Checks `value` of `field` lies in `min..=max` (and is a number at all).
fn in_range(field: &'static str, value: f32, min: f32, max: f32) -> Result<(), OutOfRange> {
    if value.is_finite() && (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(OutOfRange {
            field,
            message: format!("`{field}` is {value}; it must be a number from {min} to {max}"),
        })
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
    in_range("printable_margin_mm", p.printable_margin_mm, 0.0, 20.0)?;
    in_range("mark_length_mm", p.mark_length_mm, 3.0, 20.0)?;
    if let Some(g) = p.piece_gap_mm {
        in_range("piece_gap_mm", g, 0.0, 20.0)?;
    }
    if crate::model::print::parse_hex_colour(&p.mark_colour).is_none() {
        return Err(OutOfRange {
            field: "mark_colour",
            message: format!(
                "`mark_colour` is `{}`; it must be a colour written #rrggbb",
                p.mark_colour
            ),
        });
    }
    in_range("safe_zone_mm", p.safe_zone_mm, 0.0, 20.0)
}

/// A component's numbers.
pub fn check_component(spec: &ComponentSpec) -> Result<(), OutOfRange> {
    if let Some(b) = spec.bleed_mm {
        in_range("bleed_mm", b, 0.0, 10.0)?;
    }
    if let Some(o) = spec.overlap_mm {
        in_range("overlap_mm", o, 0.0, 30.0)?;
    }
    if let Some(b) = spec.base_mm {
        in_range("base_mm", b, 5.0, 100.0)?;
    }
    if let Some(r) = spec.corner_radius_mm {
        let half = spec
            .size
            .map_or(50.0, |s| s.width_mm.min(s.height_mm) / 2.0);
        in_range("corner_radius_mm", r, 0.0, half.min(50.0))?;
    }
    Ok(())
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
        assert!(check_profile(&PrintProfile::default()).is_ok());
        type Setter = fn(&mut PrintProfile);
        let cases: [(&str, Setter); 8] = [
            ("printable_margin_mm", |p| p.printable_margin_mm = -1.0),
            ("printable_margin_mm", |p| p.printable_margin_mm = f32::NAN),
            ("bleed_mm", |p| p.bleed_mm = -1.0),
            ("bleed_mm", |p| p.bleed_mm = f32::NAN),
            ("back_offset_mm", |p| p.back_offset_mm = [f32::NAN, 0.0]),
            ("back_offset_mm", |p| p.back_offset_mm = [0.0, 1e30]),
            ("safe_zone_mm", |p| p.safe_zone_mm = -20.0),
            ("gutter_mm", |p| p.gutter_mm = Some(f32::INFINITY)),
        ];
        for (field, set) in cases {
            let mut p = PrintProfile::default();
            set(&mut p);
            let err = check_profile(&p).expect_err(field);
            assert_eq!(err.field, field);
        }
    }
}
