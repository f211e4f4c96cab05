//! Every number a designer writes, checked when the game is loaded: finite and within a stated
//! range, so a typo fails with the file and line instead of printing a wrong sheet, panicking
//! or allocating without end. Whether pieces fit the paper is `layout::fit`'s to say.

use crate::error::{Error, Result};
use crate::model::print::PrintProfile;
use crate::model::{ComponentSpec, GameFile, Span};

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

/// The largest back offset the print profile takes, in mm either way.
pub const MAX_BACK_OFFSET: f32 = 10.0;

/// The print profile's numbers.
pub fn check_profile(p: &PrintProfile) -> Result<(), OutOfRange> {
    in_range("bleed_mm", p.bleed_mm, 0.0, 10.0)?;
    for v in p.back_offset_mm {
        in_range("back_offset_mm", v, -MAX_BACK_OFFSET, MAX_BACK_OFFSET)?;
    }
    if let Some(g) = p.gutter_mm {
        in_range("gutter_mm", g, 0.0, 20.0)?;
    }
    in_range("printable_margin_mm", p.printable_margin_mm, 0.0, 20.0)?;
    in_range("mark_length_mm", p.mark_length_mm, 3.0, 20.0)?;
    if let Some(g) = p.piece_gap_mm {
        in_range("piece_gap_mm", g, 0.0, 20.0)?;
    }
    in_range("preflight.min_text_pt", p.preflight.min_text_pt, 0.0, 72.0)?;
    in_range("preflight.min_dpi", p.preflight.min_dpi, 0.0, 2400.0)?;
    in_range("preflight.min_line_pt", p.preflight.min_line_pt, 0.0, 10.0)?;
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

/// A span of the cover (players, minutes) within `1..=max`, its first value not above its
/// second.
fn span_in_range(field: &'static str, span: Span, max: u32) -> Result<(), OutOfRange> {
    let (a, b) = span.bounds();
    if a == 0 || b > max || a > b {
        return Err(OutOfRange {
            field,
            message: format!(
                "`{field}` is {}; it must be a number from 1 to {max}, or two such numbers [fewest, most]",
                span.text()
            ),
        });
    }
    Ok(())
}

/// The cover's numbers: players, playing time in minutes, minimum age.
pub fn check_cover(f: &GameFile) -> Result<(), OutOfRange> {
    // Printed on every sheet and face: empty, nothing would say which game or revision a
    // loose card is from.
    for (field, value) in [("name", f.name.as_str()), ("revision", f.revision.as_str())] {
        if value.trim().is_empty() {
            return Err(OutOfRange {
                field,
                message: format!("`{field}` is empty; it is printed on every sheet, so write one"),
            });
        }
    }
    if let Some(p) = f.players {
        span_in_range("players", p, 100)?;
    }
    if let Some(t) = f.play_time {
        span_in_range("play_time", t, 24 * 60)?;
    }
    if let Some(a) = f.age {
        in_range("age", a as f32, 1.0, 99.0)?;
    }
    Ok(())
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
    if let Some(n) = spec.copies
        && !(1..=crate::model::print::MAX_PRINT_COPIES).contains(&n)
    {
        return Err(OutOfRange {
            field: "copies",
            message: format!(
                "`copies` is {n}; it must be a whole number from 1 to {}",
                crate::model::print::MAX_PRINT_COPIES
            ),
        });
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

    #[test]
    fn cover_spans_are_checked() {
        let parse = |extra: &str| -> GameFile {
            serde_yaml::from_str(&format!("name: G\nrevision: '1'\ncomponents: []\n{extra}"))
                .unwrap()
        };
        let ok = parse("players: [2, 4]\nplay_time: 30\nage: 12\n");
        assert!(check_cover(&ok).is_ok());
        assert_eq!(ok.players.unwrap().text(), "2\u{2013}4");
        assert_eq!(ok.play_time.unwrap().text(), "30");
        for (yaml, field) in [
            ("players: [4, 2]", "players"),
            ("players: 0", "players"),
            ("play_time: [30, 5000]", "play_time"),
            ("age: 0", "age"),
        ] {
            let err = check_cover(&parse(yaml)).expect_err(yaml);
            assert_eq!(err.field, field);
        }
        // A value of the wrong shape names the field and what it takes, at the value.
        for yaml in [
            "players: 2.5",
            "players: [2, 4, 6]",
            "players: -3",
            "play_time: soon",
        ] {
            let source = format!("name: G\nrevision: '1'\ncomponents: []\n{yaml}\n");
            let err = serde_yaml::from_str::<GameFile>(&source).expect_err(yaml);
            let message = err.to_string();
            assert!(
                message.contains("a range of two such as [2, 4]"),
                "{message}"
            );
            let at = err.location().map(|l| (l.line(), l.column()));
            let column = yaml.find(' ').unwrap() + 2;
            assert_eq!(at, Some((4, column)), "{message}");
        }
    }
}
