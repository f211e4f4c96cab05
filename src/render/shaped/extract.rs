//! The `text` elements `text_box` wrote, taken out of a face's SVG text and read back, each
//! left behind as an empty marker group where it stood.

use crate::text::fit::TEXT_BOX_MARK;

/// The id of the marker group left where text box `index` stood.
pub fn marker_id(index: usize) -> String {
    format!("{MARKER_PREFIX}{index}")
}

pub const MARKER_PREFIX: &str = "protopress-text-";

/// The index of the text box a marker group stands for, from its id.
pub fn marker_index(id: &str) -> Option<usize> {
    id.strip_prefix(MARKER_PREFIX)?.parse().ok()
}

/// A `text` element as `text_box` writes it: the box's style and one piece per `tspan`.
#[derive(Debug, Clone, PartialEq)]
pub struct TextElement {
    pub family: String,
    pub size: f32,
    pub fill: String,
    pub bold: bool,
    pub italic: bool,
    pub pieces: Vec<PieceElement>,
}

/// A `tspan`: words of one style from (`x`, `y` on the baseline).
#[derive(Debug, Clone, PartialEq)]
pub struct PieceElement {
    pub x: f32,
    pub y: f32,
    pub bold: bool,
    pub italic: bool,
    pub word_spacing: f32,
    pub text: String,
}

/// The SVG with every `text_box` text replaced by a marker group, and the texts in the order
/// they stood; none when there is none, or one cannot be read back as `text_box` writes it
/// (the face is then parsed whole).
pub fn take_text_boxes(svg: &str) -> Option<(String, Vec<TextElement>)> {
    let open = format!("<text {TEXT_BOX_MARK}");
    if !svg.contains(&open) {
        return None;
    }
    let mut out = String::with_capacity(svg.len());
    let mut texts = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find(&open) {
        let len = rest[start..].find("</text>")? + "</text>".len();
        texts.push(read_element(&rest[start..start + len])?);
        out.push_str(&rest[..start]);
        out.push_str(&format!(r#"<g id="{}"/>"#, marker_id(texts.len() - 1)));
        rest = &rest[start + len..];
    }
    out.push_str(rest);
    Some((out, texts))
}

/// One element read back; none when it holds anything `text_box` does not write.
fn read_element(xml: &str) -> Option<TextElement> {
    let doc = roxmltree::Document::parse(xml).ok()?;
    let text = doc.root_element();
    let known = [
        "data-text-box",
        "font-family",
        "font-size",
        "fill",
        "font-weight",
        "font-style",
    ];
    if text.attributes().any(|a| !known.contains(&a.name())) {
        return None;
    }
    let bold = weight(text.attribute("font-weight"), false)?;
    let italic = slant(text.attribute("font-style"), false)?;
    let mut pieces = Vec::new();
    for child in text.children() {
        if !child.is_element() {
            // Only the tspans: text between them would be drawn too.
            if child.text().is_some_and(|t| !t.is_empty()) {
                return None;
            }
            continue;
        }
        pieces.push(read_piece(child, bold, italic)?);
    }
    Some(TextElement {
        family: text.attribute("font-family")?.to_owned(),
        size: number(text.attribute("font-size")?).filter(|&s| s > 0.0)?,
        fill: text.attribute("fill")?.to_owned(),
        bold,
        italic,
        pieces,
    })
}

fn read_piece(tspan: roxmltree::Node, bold: bool, italic: bool) -> Option<PieceElement> {
    let known = ["x", "y", "font-weight", "font-style", "word-spacing"];
    if tspan.tag_name().name() != "tspan"
        || tspan.attributes().any(|a| !known.contains(&a.name()))
        || tspan.children().any(|c| !c.is_text())
    {
        return None;
    }
    let text = tspan.text().unwrap_or_default();
    // SVG collapses runs of spaces and drops those at the ends: text_box writes none, and a
    // text that has them is left to the SVG reader.
    let plain = !text.contains("  ")
        && !text.starts_with(' ')
        && !text.ends_with(' ')
        && !text.contains(['\t', '\n', '\r']);
    if !plain || text.is_empty() {
        return None;
    }
    Some(PieceElement {
        x: number(tspan.attribute("x")?)?,
        y: number(tspan.attribute("y")?)?,
        bold: weight(tspan.attribute("font-weight"), bold)?,
        italic: slant(tspan.attribute("font-style"), italic)?,
        word_spacing: tspan.attribute("word-spacing").map_or(Some(0.0), number)?,
        text: text.to_owned(),
    })
}

/// Largest size, position or spacing drawn as shaped, in the face's units (millimetres on a
/// protopress face): far past any card or board, and far enough from the float limits that
/// no glyph box or transform made from it overflows. Larger numbers are left to the SVG reader.
const MAX_NUMBER: f32 = 100_000.0;

fn number(s: &str) -> Option<f32> {
    s.parse::<f32>()
        .ok()
        .filter(|v| v.is_finite() && v.abs() <= MAX_NUMBER)
}

fn weight(value: Option<&str>, inherited: bool) -> Option<bool> {
    match value {
        None => Some(inherited),
        Some("bold") => Some(true),
        Some("normal") => Some(false),
        Some(_) => None,
    }
}

fn slant(value: Option<&str>, inherited: bool) -> Option<bool> {
    match value {
        None => Some(inherited),
        Some("italic") => Some(true),
        Some("normal") => Some(false),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_box_is_read_back_and_left_as_a_marker() {
        let svg = r##"<svg><rect/><text data-text-box="" font-family="DejaVu Sans" font-size="4.1" fill="#222" font-weight="bold"><tspan x="3" y="10.5">Draw two</tspan><tspan x="20.25" y="10.5" font-weight="normal" word-spacing="0.3">&amp; keep</tspan></text><circle/></svg>"##;
        let (out, texts) = take_text_boxes(svg).unwrap();
        assert_eq!(
            out,
            r#"<svg><rect/><g id="protopress-text-0"/><circle/></svg>"#
        );
        assert_eq!(
            texts,
            vec![TextElement {
                family: "DejaVu Sans".into(),
                size: 4.1,
                fill: "#222".into(),
                bold: true,
                italic: false,
                pieces: vec![
                    PieceElement {
                        x: 3.0,
                        y: 10.5,
                        bold: true,
                        italic: false,
                        word_spacing: 0.0,
                        text: "Draw two".into()
                    },
                    PieceElement {
                        x: 20.25,
                        y: 10.5,
                        bold: false,
                        italic: false,
                        word_spacing: 0.3,
                        text: "& keep".into()
                    },
                ],
            }]
        );
        assert_eq!(marker_index("protopress-text-0"), Some(0));
    }

    #[test]
    fn anything_text_box_does_not_write_leaves_the_face_whole() {
        for svg in [
            // No text box at all.
            r#"<svg><text x="1" y="2">plain</text></svg>"#,
            // An attribute text_box never writes.
            r#"<svg><text data-text-box="" font-family="A" font-size="3" fill="red" letter-spacing="1"><tspan x="1" y="2">a</tspan></text></svg>"#,
            // Spaces an SVG reader would collapse.
            r#"<svg><text data-text-box="" font-family="A" font-size="3" fill="red"><tspan x="1" y="2"> a</tspan></text></svg>"#,
            // Text outside the tspans.
            r#"<svg><text data-text-box="" font-family="A" font-size="3" fill="red">b<tspan x="1" y="2">a</tspan></text></svg>"#,
            // Not closed.
            r#"<svg><text data-text-box="" font-family="A" font-size="3" fill="red"><tspan x="1" y="2">a</tspan>"#,
            // A size that is no number, none or less, or past any float.
            r#"<svg><text data-text-box="" font-family="A" font-size="big" fill="red"><tspan x="1" y="2">a</tspan></text></svg>"#,
            r#"<svg><text data-text-box="" font-family="A" font-size="-4" fill="red"><tspan x="1" y="2">a</tspan></text></svg>"#,
            r#"<svg><text data-text-box="" font-family="A" font-size="0" fill="red"><tspan x="1" y="2">a</tspan></text></svg>"#,
            r#"<svg><text data-text-box="" font-family="A" font-size="3" fill="red"><tspan x="1e39" y="2">a</tspan></text></svg>"#,
            r#"<svg><text data-text-box="" font-family="A" font-size="3" fill="red"><tspan x="NaN" y="2">a</tspan></text></svg>"#,
            r#"<svg><text data-text-box="" font-family="A" font-size="1e30" fill="red"><tspan x="1" y="2">a</tspan></text></svg>"#,
            r#"<svg><text data-text-box="" font-family="A" font-size="3" fill="red"><tspan x="1" y="2" word-spacing="1e38">a b</tspan></text></svg>"#,
        ] {
            assert!(take_text_boxes(svg).is_none(), "{svg}");
        }
    }
}
