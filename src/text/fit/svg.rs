//! The fitted text as SVG: one `text` element whose `tspan`s are the pieces of every line,
//! then the icons drawn after it.

use std::fmt::Write as _;

use super::boxes::{BoxSpec, Fitted, Piece};
use super::shaping::TextEngine;

impl TextEngine {
    /// SVG markup for fitted text: one `text` element whose `tspan`s are the pieces of every
    /// line, then the icons drawn after it.
    pub fn to_svg(&self, fitted: &Fitted, spec: &BoxSpec) -> String {
        let mut s = open_text(fitted, spec);
        let mut icons = String::new();
        for line in &fitted.lines {
            for piece in &line.pieces {
                match piece {
                    Piece::Text {
                        x,
                        text,
                        bold,
                        italic,
                        word_spacing,
                    } => {
                        let style = style_change(spec, *bold, *italic);
                        let spacing = match short(*word_spacing).as_str() {
                            "0" | "-0" => String::new(),
                            ws => format!(r#" word-spacing="{ws}""#),
                        };
                        let _ = write!(
                            s,
                            r#"<tspan x="{}" y="{}"{style}{spacing}>{}</tspan>"#,
                            short(*x),
                            short(line.baseline),
                            xml(text)
                        );
                    }
                    Piece::Icon { x, name } => {
                        icons.push_str(&self.icon_svg(name, *x, line.baseline, fitted.size, spec))
                    }
                }
            }
        }
        s.push_str("</text>");
        s.push_str(&icons);
        s
    }

    /// An icon at `x` on a line's `baseline`, as tall as the text times the box's icon scale.
    pub(super) fn icon_svg(
        &self,
        name: &str,
        x: f32,
        baseline: f32,
        size: f32,
        spec: &BoxSpec,
    ) -> String {
        let icon = self
            .icons
            .get(name)
            .expect("icons were checked when parsing");
        let h = size * spec.icon_scale;
        // Sit the icon on the baseline, a little below it like a digit's descent.
        let y = baseline - h * 0.82;
        format!(
            r#"<svg x="{}" y="{}" width="{}" height="{}" viewBox="{}" color="{}">{}</svg>"#,
            short(x),
            short(y),
            short(h),
            short(h),
            xml(&icon.view_box),
            xml(&spec.fill),
            icon.body
        )
    }
}

/// A number to three decimals, without trailing zeros.
pub(super) fn short(v: f32) -> String {
    format!("{:.3}", v)
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_owned()
}

/// The attribute that opens every `text` element `text_box` writes, so that the drawing can
/// take the text it fitted out of the face and draw it as shaped
/// (`render::shaped`).
pub const TEXT_BOX_MARK: &str = r#"data-text-box="""#;

/// The opening `text` tag of a box: its family, fitted size, fill and style.
pub(super) fn open_text(fitted: &Fitted, spec: &BoxSpec) -> String {
    format!(
        r#"<text {TEXT_BOX_MARK} font-family="{}" font-size="{}" fill="{}"{}{}>"#,
        xml(&spec.family),
        short(fitted.size),
        xml(&spec.fill),
        if spec.bold {
            r#" font-weight="bold""#
        } else {
            ""
        },
        if spec.italic {
            r#" font-style="italic""#
        } else {
            ""
        },
    )
}

/// The attributes a piece needs where its weight or slant differs from the box's.
pub(super) fn style_change(spec: &BoxSpec, bold: bool, italic: bool) -> String {
    let mut out = String::new();
    if bold != spec.bold {
        out.push_str(match bold {
            true => r#" font-weight="bold""#,
            false => r#" font-weight="normal""#,
        });
    }
    if italic != spec.italic {
        out.push_str(match italic {
            true => r#" font-style="italic""#,
            false => r#" font-style="normal""#,
        });
    }
    out
}

pub(super) fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
