//! Small SVG charts with axes, ticks and labels, shared by every simulation chart.

use std::fmt::Write as _;

/// Series colours, in order.
pub const COLOURS: [&str; 6] = [
    "#2f6db5", "#2f8f4e", "#c8323c", "#d18f1d", "#7b4aa8", "#555555",
];

/// A plotting area in pixels and the data range it shows.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
    pub x: (f64, f64),
    pub y: (f64, f64),
}

impl Frame {
    pub fn px(&self, x: f64) -> f64 {
        let span = (self.x.1 - self.x.0).max(1e-9);
        self.left + (x - self.x.0) / span * self.width
    }

    pub fn py(&self, y: f64) -> f64 {
        let span = (self.y.1 - self.y.0).max(1e-9);
        self.top + self.height - (y - self.y.0) / span * self.height
    }

    fn bottom(&self) -> f64 {
        self.top + self.height
    }

    /// Both axes with `ticks` tick marks each, tick labels formatted by `fx` and `fy`, and
    /// the axis titles.
    pub fn axes(
        &self,
        svg: &mut String,
        titles: (&str, &str),
        fx: impl Fn(f64) -> String,
        fy: impl Fn(f64) -> String,
    ) {
        let (b, l, r) = (self.bottom(), self.left, self.left + self.width);
        let _ = write!(
            svg,
            r##"<line x1="{l:.1}" y1="{b:.1}" x2="{r:.1}" y2="{b:.1}" stroke="#000"/><line x1="{l:.1}" y1="{:.1}" x2="{l:.1}" y2="{b:.1}" stroke="#000"/>"##,
            self.top
        );
        for i in 0..=4 {
            let t = f64::from(i) / 4.0;
            let (xv, yv) = (
                self.x.0 + t * (self.x.1 - self.x.0),
                self.y.0 + t * (self.y.1 - self.y.0),
            );
            let (x, y) = (self.px(xv), self.py(yv));
            let _ = write!(
                svg,
                r##"<line x1="{x:.1}" y1="{b:.1}" x2="{x:.1}" y2="{:.1}" stroke="#000"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text><line x1="{:.1}" y1="{y:.1}" x2="{l:.1}" y2="{y:.1}" stroke="#000"/><line x1="{l:.1}" y1="{y:.1}" x2="{r:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
                b + 4.0,
                b + 15.0,
                fx(xv),
                l - 4.0,
                l - 6.0,
                y + 4.0,
                fy(yv)
            );
        }
        let _ = write!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text><text transform="translate({:.1},{:.1}) rotate(-90)" text-anchor="middle">{}</text>"#,
            l + self.width / 2.0,
            b + 30.0,
            escape(titles.0),
            l - 40.0,
            self.top + self.height / 2.0,
            escape(titles.1)
        );
    }
}

/// The opening of a chart: the `svg` element, a white ground and the title.
pub fn open(w: f64, h: f64, title: &str) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11"><rect width="{w}" height="{h}" fill="#ffffff"/><text x="20" y="20" font-size="14">{}</text>"##,
        escape(title)
    )
}

/// A legend row of coloured names starting at (x, y).
pub fn legend(svg: &mut String, x: f64, y: f64, names: &[String]) {
    for (i, n) in names.iter().enumerate() {
        let lx = x + i as f64 * 110.0;
        let _ = write!(
            svg,
            r#"<rect x="{lx:.1}" y="{:.1}" width="10" height="10" fill="{}"/><text x="{:.1}" y="{y:.1}">{}</text>"#,
            y - 9.0,
            COLOURS[i % COLOURS.len()],
            lx + 14.0,
            escape(n)
        );
    }
}

pub use crate::xml::escape;

/// "12 %".
pub fn pct(v: f64) -> String {
    format!("{:.0} %", 100.0 * v)
}

/// A whole number.
pub fn whole(v: f64) -> String {
    format!("{:.0}", v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_have_ticks_and_titles() {
        let f = Frame {
            left: 50.0,
            top: 10.0,
            width: 200.0,
            height: 100.0,
            x: (0.0, 40.0),
            y: (0.0, 1.0),
        };
        let mut s = open(300.0, 160.0, "t");
        f.axes(&mut s, ("coins", "share of games"), whole, pct);
        assert!(s.contains(">coins<") && s.contains(">share of games<"));
        assert!(s.contains(">100 %<") && s.contains(">40<"));
        assert_eq!(f.px(20.0), 150.0);
        assert_eq!(f.py(1.0), 10.0);
    }
}
