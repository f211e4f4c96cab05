//! The duplex calibration sheet: a cross at the page's centre on its front, scales around the
//! centre on its back; held against the light, they read the back offset.

use crate::rulebook::words::Words;

/// The front of the calibration sheet: a cross at the exact centre of the page (the one
/// point a flip maps onto itself). Held against the light, the back shows where the front's
/// cross landed: the readings are the back offset.
pub(super) fn calibration_front(w: &Words) -> String {
    format!(
        r##"
#page(margin: 0mm, header: none, footer: none)[
  #metadata(none) <kit-calibration-first>
  #place(top + left, dx: 22mm, dy: 22mm, block(width: 100% - 44mm)[
    #heading(level: 1)[{}] <kit-calibration>
    {}
  ])
  #place(center + horizon, line(length: 50mm, stroke: 0.6pt))
  #place(center + horizon, line(angle: 90deg, length: 50mm, stroke: 0.6pt))
  #place(center + horizon, circle(radius: 3mm, stroke: 0.6pt))
]
"##,
        w.calibration.title, w.calibration.front
    )
}

/// The back of the calibration sheet: scales in x and y around the page centre.
pub(super) fn calibration_back(w: &Words) -> String {
    let mut scale = String::new();
    for i in -20i32..=20 {
        let len = if i % 5 == 0 { 3.5 } else { 1.8 };
        scale.push_str(&format!(
            "  place(center + horizon, dx: {i}mm, line(angle: 90deg, length: {l}mm, stroke: 0.3pt))\n  place(center + horizon, dy: {i}mm, line(length: {l}mm, stroke: 0.3pt))\n",
            l = 2.0 * len
        ));
        if i % 5 == 0 && i != 0 {
            // The labels of the two scales turn like a pinwheel (x: below on the right, above
            // on the left; y: left going down, right going up), so no two labels meet where
            // the scales cross.
            let below = if i > 0 { 6 } else { -6 };
            let beside = if i > 0 { -7 } else { 7 };
            scale.push_str(&format!(
                "  place(center + horizon, dx: {i}mm, dy: {below}mm, text(size: 7pt, \"{i}\"))\n  place(center + horizon, dx: {beside}mm, dy: {i}mm, text(size: 7pt, \"{i}\"))\n"
            ));
        }
    }
    format!(
        r##"
#page(margin: 0mm, header: none, footer: none)[
  #metadata(none) <kit-calibration-last>
  #place(top + left, dx: 22mm, dy: 22mm, block(width: 100% - 44mm)[
    #text(font: "Noto Sans", weight: "bold", size: 14pt)[{title}]

    {text}
  ])
  #{{
{scale}  }}
  #place(center + horizon, dx: 29mm, text(size: 8pt)[*x* →])
  #place(center + horizon, dy: 27mm, text(size: 8pt)[*y* ↓])
]
"##,
        title = w.calibration.back_title,
        text = w.calibration.back,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `place(center + horizon, dx: …, dy: …, text(…))` of the calibration back, as
    /// (dx, dy, text) in mm.
    fn back_labels() -> Vec<(f32, f32, String)> {
        let page = calibration_back(&crate::rulebook::words::shipped_words("en"));
        let num = |s: &str, key: &str| -> f32 {
            s.split(key)
                .nth(1)
                .map(|r| r.split("mm").next().unwrap().trim().parse().unwrap())
                .unwrap_or(0.0)
        };
        page.lines()
            .filter(|l| l.contains("text(size"))
            .map(|l| {
                let text = l.rsplit("text(size").next().unwrap().to_owned();
                (num(l, "dx:"), num(l, "dy:"), text)
            })
            .collect()
    }

    #[test]
    fn calibration_axes_are_named_at_their_own_ends() {
        let labels = back_labels();
        let x = labels.iter().find(|l| l.2.contains("*x*")).unwrap();
        let y = labels.iter().find(|l| l.2.contains("*y*")).unwrap();
        // x runs left to right: its name sits on the horizontal scale, past its end.
        assert!(x.0 > 20.0 && x.1 == 0.0, "{x:?}");
        // y runs top to bottom: its name sits on the vertical scale, below its end.
        assert!(y.1 > 20.0 && y.0 == 0.0, "{y:?}");
    }

    #[test]
    fn calibration_scale_labels_keep_apart() {
        let labels = back_labels();
        assert!(labels.len() >= 16, "{labels:?}");
        for (i, a) in labels.iter().enumerate() {
            for b in &labels[i + 1..] {
                let apart = (a.0 - b.0).abs() >= 4.0 || (a.1 - b.1).abs() >= 4.0;
                assert!(apart, "{a:?} and {b:?} overlap");
            }
        }
    }
}
