//! Shapes templates cannot draw themselves (Tera has no trigonometry): `clock(...)` draws a
//! segmented progress clock, the pie of 4 to 12 wedges that role-playing and board games fill
//! in as trouble approaches.

use std::fmt::Write as _;

use tera::{Kwargs, State, Tera, Value};

/// A segmented clock: centre, radius, wedges, how many are filled, and its paint.
pub struct ClockSpec<'a> {
    pub cx: f64,
    pub cy: f64,
    pub r: f64,
    pub segments: u32,
    pub filled: u32,
    pub fill: &'a str,
    pub stroke: &'a str,
    pub width: f64,
}

impl ClockSpec<'_> {
    /// The SVG: one wedge per segment, clockwise from the top, the first `filled` filled.
    pub fn svg(&self) -> String {
        let Self {
            cx,
            cy,
            r,
            segments,
            filled,
            fill,
            stroke,
            width,
        } = *self;
        let mut out = String::from("<g class=\"clock\">");
        let n = f64::from(segments);
        let point = |k: f64| {
            let a = std::f64::consts::TAU * k / n - std::f64::consts::FRAC_PI_2;
            (cx + r * a.cos(), cy + r * a.sin())
        };
        for k in 0..segments {
            let (x1, y1) = point(f64::from(k));
            let (x2, y2) = point(f64::from(k + 1));
            let paint = if k < filled { fill } else { "none" };
            let _ = write!(
                out,
                r#"<path d="M {cx:.3} {cy:.3} L {x1:.3} {y1:.3} A {r:.3} {r:.3} 0 0 1 {x2:.3} {y2:.3} Z" fill="{paint}" stroke="{stroke}" stroke-width="{width}"/>"#
            );
        }
        out.push_str("</g>");
        out
    }
}

struct Clock;

impl tera::Function<tera::TeraResult<Value>> for Clock {
    fn call(&self, kwargs: Kwargs, _: &State) -> tera::TeraResult<Value> {
        let num = |k: &str| kwargs.must_get::<f64>(k);
        let segments = kwargs.must_get::<i64>("segments")?;
        if !(2..=24).contains(&segments) {
            return Err(tera::Error::message(format!(
                "a clock has 2 to 24 segments, not {segments}"
            )));
        }
        let filled = kwargs.get::<i64>("filled")?.unwrap_or(0).clamp(0, segments);
        let esc = |s: &str| {
            s.replace('&', "&amp;")
                .replace('"', "&quot;")
                .replace('<', "&lt;")
        };
        let fill = esc(kwargs.get::<&str>("fill")?.unwrap_or("#000"));
        let stroke = esc(kwargs.get::<&str>("stroke")?.unwrap_or("#000"));
        let spec = ClockSpec {
            cx: num("cx")?,
            cy: num("cy")?,
            r: num("r")?,
            segments: segments as u32,
            filled: filled as u32,
            fill: &fill,
            stroke: &stroke,
            width: kwargs.get::<f64>("stroke_width")?.unwrap_or(0.4),
        };
        Ok(Value::safe_string(&spec.svg()))
    }

    fn is_safe(&self) -> bool {
        true
    }
}

/// Registers `clock(cx, cy, r, segments, filled?, fill?, stroke?, stroke_width?)`.
pub fn register(tera: &mut Tera) {
    tera.register_function("clock", Clock);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_has_one_wedge_per_segment_and_fills_the_first() {
        for segments in [4, 6, 8, 10, 12] {
            let svg = ClockSpec {
                cx: 10.0,
                cy: 10.0,
                r: 8.0,
                segments,
                filled: 3,
                fill: "#c00",
                stroke: "#000",
                width: 0.4,
            }
            .svg();
            assert_eq!(svg.matches("<path").count() as u32, segments);
            assert_eq!(svg.matches("fill=\"#c00\"").count(), 3);
            let doc = format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20">{svg}</svg>"#
            );
            let tree = usvg::Tree::from_str(&doc, &usvg::Options::default()).unwrap();
            let b = tree.root().abs_bounding_box();
            // The wedges together span the circle.
            assert!(
                (b.width() - 16.0).abs() < 0.1 && (b.height() - 16.0).abs() < 0.1,
                "{b:?}"
            );
        }
    }

    #[test]
    fn the_first_wedge_starts_at_the_top() {
        let svg = ClockSpec {
            cx: 0.0,
            cy: 0.0,
            r: 10.0,
            segments: 4,
            filled: 0,
            fill: "#000",
            stroke: "#000",
            width: 0.4,
        }
        .svg();
        assert!(
            svg.contains("L 0.000 -10.000 A 10.000 10.000 0 0 1 10.000 0.000"),
            "{svg}"
        );
    }
}
