//! Shapes templates cannot draw themselves (Tera has no trigonometry): `clock(...)` draws a
//! segmented progress clock, the pie of 4 to 12 wedges that role-playing and board games fill
//! in as trouble approaches; `walls(...)` draws the walls of a square room tile with a doorway
//! gap on every edge the card's data lists as open, so tiles laid edge to edge line up.

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

/// A paint argument (black by default), escaped for an SVG attribute: the functions' output is
/// marked safe, so Tera's own escaping does not apply.
fn paint(kwargs: &Kwargs, key: &str) -> tera::TeraResult<String> {
    Ok(crate::xml::escape(
        kwargs.get::<&str>(key)?.unwrap_or("#000"),
    ))
}

struct Clock;

impl tera::Function<tera::TeraResult<Value>> for Clock {
    fn call(&self, kwargs: Kwargs, _: &State) -> tera::TeraResult<Value> {
        crate::text::kwargs::check(
            &kwargs,
            "clock",
            &[
                "segments",
                "filled",
                "fill",
                "stroke",
                "cx",
                "cy",
                "r",
                "stroke_width",
            ],
        )?;
        let num = |k: &str| kwargs.must_get::<f64>(k);
        let segments = kwargs.must_get::<i64>("segments")?;
        if !(2..=24).contains(&segments) {
            return Err(tera::Error::message(format!(
                "a clock has 2 to 24 segments, not {segments}"
            )));
        }
        let filled = kwargs.get::<i64>("filled")?.unwrap_or(0).clamp(0, segments);
        let fill = paint(&kwargs, "fill")?;
        let stroke = paint(&kwargs, "stroke")?;
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

/// An edge of a rectangular tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    North,
    East,
    South,
    West,
}

impl Edge {
    /// Reads `n`/`north`/`top` and the like; anything else is a data error worth naming.
    pub fn parse(name: &str) -> Option<Edge> {
        match name.to_ascii_lowercase().as_str() {
            "n" | "north" | "top" => Some(Edge::North),
            "e" | "east" | "right" => Some(Edge::East),
            "s" | "south" | "bottom" => Some(Edge::South),
            "w" | "west" | "left" => Some(Edge::West),
            _ => None,
        }
    }
}

/// The walls of a tile: its box, wall thickness, doorway width and which edges are open.
pub struct WallSpec<'a> {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    pub thickness: f64,
    pub door: f64,
    pub open: &'a [Edge],
    pub fill: &'a str,
}

impl WallSpec<'_> {
    /// The wall rectangles, (x, y, w, h): the top and bottom walls run the full width, the
    /// side walls fit between them; an open edge leaves a centred gap `door` wide.
    pub fn rects(&self) -> Vec<[f64; 4]> {
        let Self {
            x,
            y,
            width: w,
            height: h,
            thickness: t,
            door,
            ..
        } = *self;
        let mut out = Vec::new();
        let mut horizontal = |top: f64, open: bool| {
            if open {
                let side = (w - door) / 2.0;
                out.push([x, top, side, t]);
                out.push([x + side + door, top, side, t]);
            } else {
                out.push([x, top, w, t]);
            }
        };
        horizontal(y, self.open.contains(&Edge::North));
        horizontal(y + h - t, self.open.contains(&Edge::South));
        let inner = h - 2.0 * t;
        let mut vertical = |left: f64, open: bool| {
            if open {
                let side = (inner - door) / 2.0;
                out.push([left, y + t, t, side]);
                out.push([left, y + t + side + door, t, side]);
            } else {
                out.push([left, y + t, t, inner]);
            }
        };
        vertical(x, self.open.contains(&Edge::West));
        vertical(x + w - t, self.open.contains(&Edge::East));
        out
    }

    pub fn svg(&self) -> String {
        let mut out = String::from("<g class=\"walls\">");
        for [x, y, w, h] in self.rects() {
            let _ = write!(
                out,
                r#"<rect x="{x:.3}" y="{y:.3}" width="{w:.3}" height="{h:.3}" fill="{}"/>"#,
                self.fill
            );
        }
        out.push_str("</g>");
        out
    }
}

struct Walls;

impl tera::Function<tera::TeraResult<Value>> for Walls {
    fn call(&self, kwargs: Kwargs, _: &State) -> tera::TeraResult<Value> {
        crate::text::kwargs::check(
            &kwargs,
            "walls",
            &[
                "open",
                "width",
                "height",
                "thickness",
                "door",
                "fill",
                "x",
                "y",
            ],
        )?;
        let num = |k: &str| kwargs.must_get::<f64>(k);
        let names = match kwargs.get::<Value>("open")? {
            Some(v) if !v.is_none() => v,
            _ => Value::from_serializable(&Vec::<String>::new()),
        };
        let Some(names) = names.as_array() else {
            return Err(tera::Error::message(format!(
                "walls(open=...) takes a list of edges such as [\"n\", \"e\"], not {names}"
            )));
        };
        let mut open = Vec::new();
        for name in names {
            let edge = name.as_str().and_then(Edge::parse).ok_or_else(|| {
                tera::Error::message(format!(
                    "unknown edge {name} in walls(open=...): use n, e, s or w (or north, top, ...)"
                ))
            })?;
            open.push(edge);
        }
        let (width, height) = (num("width")?, num("height")?);
        let thickness = kwargs.get::<f64>("thickness")?.unwrap_or(2.0);
        let door = kwargs.get::<f64>("door")?.unwrap_or(width / 3.0);
        let shortest = width.min(height) - 2.0 * thickness;
        if !(thickness > 0.0 && door > 0.0 && door < shortest) {
            return Err(tera::Error::message(format!(
                "walls: a {door} mm doorway with {thickness} mm walls does not fit a {width} x {height} mm tile"
            )));
        }
        let fill = paint(&kwargs, "fill")?;
        let spec = WallSpec {
            x: num("x")?,
            y: num("y")?,
            width,
            height,
            thickness,
            door,
            open: &open,
            fill: &fill,
        };
        Ok(Value::safe_string(&spec.svg()))
    }

    fn is_safe(&self) -> bool {
        true
    }
}

/// The revision stamp's size when a template names none, in points: small, but legible.
pub const STAMP_PT: f32 = 5.0;

/// How a face tells the sheets where its template put the revision stamp.
const STAMP_MARK: &str = "<!--protopress:stamp ";

/// The mark `revision_stamp(x, y, size)` leaves in a face (an SVG comment: it draws nothing).
pub fn stamp_mark(x: f64, y: f64, pt: f64) -> String {
    format!("{STAMP_MARK}x=\"{x:.2}\" y=\"{y:.2}\" size=\"{pt:.2}\"-->")
}

/// Where a face's template put its stamp, read back from its mark: the baseline's start in mm
/// and the size in points (4 to 12).
pub fn read_stamp_mark(svg: &str) -> Option<(f32, f32, f32)> {
    let at = svg.find(STAMP_MARK)? + STAMP_MARK.len();
    let end = at + svg[at..].find("-->")?;
    let attrs = &svg[at..end];
    let num = |name: &str| -> Option<f32> {
        let key = format!("{name}=\"");
        let from = attrs.find(&key)? + key.len();
        let to = from + attrs[from..].find('"')?;
        attrs[from..to].parse().ok().filter(|v: &f32| v.is_finite())
    };
    let pt = num("size").unwrap_or(STAMP_PT).clamp(4.0, 12.0);
    Some((num("x")?, num("y")?, pt))
}

/// `revision_stamp(x, y, size?)`: where the sheets print the face's revision stamp (the
/// baseline's start, in mm; size in points, 4 to 12, default 5), instead of a corner they pick.
struct Stamp;

impl tera::Function<tera::TeraResult<Value>> for Stamp {
    fn call(&self, kwargs: Kwargs, _: &State) -> tera::TeraResult<Value> {
        crate::text::kwargs::check(&kwargs, "revision_stamp", &["x", "y", "size"])?;
        let num = |name: &str| -> tera::TeraResult<f64> {
            let v: f64 = kwargs.must_get(name)?;
            match v.is_finite() {
                true => Ok(v),
                false => Err(tera::Error::message(format!(
                    "revision_stamp: `{name}` must be a number"
                ))),
            }
        };
        let size = match kwargs.get::<f64>("size")? {
            Some(v) if v.is_finite() => v,
            Some(_) => {
                return Err(tera::Error::message(
                    "revision_stamp: `size` must be a number",
                ));
            }
            None => f64::from(STAMP_PT),
        };
        Ok(Value::safe_string(&stamp_mark(num("x")?, num("y")?, size)))
    }

    fn is_safe(&self) -> bool {
        true
    }
}

/// Registers `clock(cx, cy, r, segments, filled?, fill?, stroke?, stroke_width?)`,
/// `walls(x, y, width, height, open?, thickness?, door?, fill?)` and
/// `revision_stamp(x, y, size?)`.
pub fn register(tera: &mut Tera) {
    tera.register_function("clock", Clock);
    tera.register_function("walls", Walls);
    tera.register_function("revision_stamp", Stamp);
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

    fn walls(open: &[Edge]) -> Vec<[f64; 4]> {
        WallSpec {
            x: 0.0,
            y: 0.0,
            width: 60.0,
            height: 60.0,
            thickness: 3.0,
            door: 12.0,
            open,
            fill: "#000",
        }
        .rects()
    }

    #[test]
    fn a_closed_tile_has_four_walls_and_each_open_edge_splits_one() {
        assert_eq!(walls(&[]).len(), 4);
        assert_eq!(walls(&[Edge::North, Edge::West]).len(), 6);
        assert_eq!(
            walls(&[Edge::North, Edge::East, Edge::South, Edge::West]).len(),
            8
        );
    }

    #[test]
    fn doorways_are_centred_so_neighbouring_tiles_line_up() {
        // The north gap runs from 24 to 36 mm: centred on the 60 mm edge.
        let r = walls(&[Edge::North]);
        assert_eq!(r[0], [0.0, 0.0, 24.0, 3.0]);
        assert_eq!(r[1], [36.0, 0.0, 24.0, 3.0]);
        // The east gap is centred on the whole edge too (27 mm of wall, then 12 mm open).
        let r = walls(&[Edge::East]);
        let east: Vec<_> = r.iter().filter(|r| r[0] == 57.0).collect();
        assert_eq!(east.len(), 2);
        assert_eq!(east[0][1] + east[0][3], 24.0);
        assert_eq!(east[1][1], 36.0);
        assert_eq!(east[1][1] + east[1][3], 57.0);
    }

    #[test]
    fn edge_names_read_compass_and_side_words() {
        assert_eq!(Edge::parse("N"), Some(Edge::North));
        assert_eq!(Edge::parse("right"), Some(Edge::East));
        assert_eq!(Edge::parse("bottom"), Some(Edge::South));
        assert_eq!(Edge::parse("w"), Some(Edge::West));
        assert_eq!(Edge::parse("up"), None);
    }
}
