//! The font families a typeset document or a written PDF embeds, by the PostScript names the
//! PDF gives them: what the credits must name, read from the laid-out pages (the text of their
//! SVG images included) or from the PDF itself.

use std::collections::{BTreeSet, HashSet};

use typst::foundations::Smart;
use typst::layout::{Frame, FrameItem};
use typst::text::Font;
use typst::visualize::{ImageKind, Paint};
use typst_layout::PagedDocument;

use crate::text::fonts::BUNDLED;

/// The typesetter's own fonts beside the bundled ones: (PostScript prefix, family, credit).
pub(crate) const TYPESET_FONTS: [(&str, &str, &str); 2] = [
    (
        "LibertinusSerif",
        "Libertinus Serif",
        "Libertinus Serif, The Libertinus Project Authors, SIL Open Font License 1.1",
    ),
    (
        "NewCM",
        "New Computer Modern",
        "New Computer Modern, Antonis Tsolomitis, GUST Font License",
    ),
];

/// The font families a PDF embeds, by their PostScript names (`/BaseFont /ABCDEF+NotoSans-Bold`
/// is Noto Sans), sorted.
pub fn pdf_font_families(pdf: &[u8]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    // A colour font is written as a Type3 font, which has no `/BaseFont`; its descriptor's
    // `/FontName` names it (and repeats the name of every other font).
    for key in [&b"/BaseFont"[..], b"/FontName"] {
        out.extend(names_after(pdf, key));
    }
    out
}

/// The families of the font names that follow each `key` in a PDF.
fn names_after<'p>(pdf: &'p [u8], key: &'p [u8]) -> impl Iterator<Item = String> + 'p {
    memchr::memmem::find_iter(pdf, key).filter_map(move |i| {
        let start = i + key.len();
        let rest = &pdf[start..pdf.len().min(start + 200)];
        let name: String = rest
            .iter()
            .skip_while(|b| b.is_ascii_whitespace() || **b == b'/')
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'_'))
            .map(|&b| b as char)
            .collect();
        let name = name.split_once('+').map_or(name.as_str(), |(_, n)| n);
        (!name.is_empty()).then(|| family_of(name))
    })
}

/// The font families the PDF of a laid-out document will embed, by the same PostScript names
/// the PDF gives them: the fonts of its text, of text in a tiling (fill, stroke, page fill),
/// and of the text in its SVG images. `None` when it holds a PDF image, whose fonts only the
/// written PDF shows.
pub fn document_font_families(document: &PagedDocument) -> Option<BTreeSet<String>> {
    let mut out = Found::default();
    for page in document.pages() {
        frame_fonts(&page.frame, &mut out)?;
        // A page's fill is drawn apart from its frame.
        if let Smart::Custom(Some(fill)) = &page.fill {
            paint_fonts(fill, &mut out)?;
        }
    }
    Some(out.families)
}

/// The families found so far, and the fonts already named. A rulebook holds thousands of text
/// runs in a handful of fonts: reading a font's name table for each run cost more than the
/// walk itself.
#[derive(Default)]
struct Found {
    families: BTreeSet<String>,
    typst_fonts: HashSet<Font>,
    /// SVG fonts by their database (each image has its own) and id in it.
    svg_fonts: HashSet<(usize, usvg::fontdb::ID)>,
}

fn frame_fonts(frame: &Frame, out: &mut Found) -> Option<()> {
    for (_, item) in frame.items() {
        match item {
            FrameItem::Group(group) => frame_fonts(&group.frame, out)?,
            FrameItem::Text(text) => {
                if !text.glyphs.is_empty() && out.typst_fonts.insert(text.font.font().clone()) {
                    let name = postscript_name(text.font.ttf());
                    out.families.insert(family_of_name(name.as_deref()));
                }
                paint_fonts(&text.fill, out)?;
                if let Some(stroke) = &text.stroke {
                    paint_fonts(&stroke.paint, out)?;
                }
            }
            FrameItem::Shape(shape, _) => {
                let stroke = shape.stroke.as_ref().map(|s| &s.paint);
                for paint in shape.fill.iter().chain(stroke) {
                    paint_fonts(paint, out)?;
                }
            }
            FrameItem::Image(image, _, _) => match image.kind() {
                ImageKind::Svg(svg) => svg_fonts(svg.tree().root(), svg.tree(), out),
                ImageKind::Pdf(_) => return None,
                ImageKind::Raster(_) => {}
            },
            FrameItem::Link(..) | FrameItem::Tag(_) => {}
        }
    }
    Some(())
}

/// A font's PostScript name, which the PDF writer names it by.
fn postscript_name(face: &rustybuzz::ttf_parser::Face) -> Option<String> {
    let id = rustybuzz::ttf_parser::name_id::POST_SCRIPT_NAME;
    face.names()
        .into_iter()
        .filter(|n| n.name_id == id)
        .find_map(|n| n.to_string())
}

/// A tiling is a frame of its own, which may hold text.
fn paint_fonts(paint: &Paint, out: &mut Found) -> Option<()> {
    match paint {
        Paint::Tiling(tiling) => frame_fonts(tiling.frame(), out),
        Paint::Solid(_) | Paint::Gradient(_) => Some(()),
    }
}

/// The fonts of the glyphs the PDF writer (krilla-svg) draws as text from an SVG group: text
/// in groups, clip paths, masks, pattern fills and strokes, and nested SVG images. A group
/// with a filter is drawn as a picture, so its text embeds no font.
fn svg_fonts(group: &usvg::Group, tree: &usvg::Tree, out: &mut Found) {
    if !group.filters().is_empty() {
        return;
    }
    if let Some(clip) = group.clip_path() {
        svg_clip_fonts(clip, tree, out);
    }
    let mut mask = group.mask();
    while let Some(m) = mask {
        svg_fonts(m.root(), tree, out);
        mask = m.mask();
    }
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => svg_fonts(g, tree, out),
            usvg::Node::Text(text) => svg_text_fonts(text, tree, out),
            usvg::Node::Path(path) if path.is_visible() => {
                svg_paints_fonts(path.fill(), path.stroke(), tree, out)
            }
            usvg::Node::Image(image) if image.is_visible() => {
                if let usvg::ImageKind::SVG(inner) = image.kind() {
                    svg_fonts(inner.root(), inner, out);
                }
            }
            usvg::Node::Path(_) | usvg::Node::Image(_) => {}
        }
    }
}

/// A clip path the PDF writer can express as PDF clipping (no clipped group inside, and
/// non-zero fills or a single even-odd shape) is drawn as outlines: its text embeds no font.
/// Any other is drawn as a mask, text as text.
fn svg_clip_fonts(clip: &usvg::ClipPath, tree: &usvg::Tree, out: &mut Found) {
    let rules = clip_rules(clip.root());
    let even_odd = usvg::FillRule::EvenOdd;
    let native = simple_clip(clip.root())
        && (rules.iter().all(|r| *r == usvg::FillRule::NonZero)
            || (rules.len() == 1 && rules[0] == even_odd));
    if native {
        return;
    }
    if let Some(inner) = clip.clip_path() {
        svg_clip_fonts(inner, tree, out);
    }
    svg_fonts(clip.root(), tree, out);
}

fn simple_clip(group: &usvg::Group) -> bool {
    group.children().iter().all(|node| match node {
        usvg::Node::Group(g) => g.clip_path().is_none() && simple_clip(g),
        _ => true,
    })
}

fn clip_rules(group: &usvg::Group) -> Vec<usvg::FillRule> {
    let mut rules = Vec::new();
    for node in group.children() {
        match node {
            usvg::Node::Path(path) => rules.extend(path.fill().map(|f| f.rule())),
            usvg::Node::Text(text) => rules.extend(clip_rules(text.flattened())),
            usvg::Node::Group(g) => rules.extend(clip_rules(g)),
            usvg::Node::Image(_) => {}
        }
    }
    rules
}

/// The text of the patterns a fill and a stroke paint with.
fn svg_paints_fonts(
    fill: Option<&usvg::Fill>,
    stroke: Option<&usvg::Stroke>,
    tree: &usvg::Tree,
    out: &mut Found,
) {
    let paints = fill.map(|f| f.paint()).into_iter();
    for paint in paints.chain(stroke.map(|s| s.paint())) {
        if let usvg::Paint::Pattern(pattern) = paint {
            svg_fonts(pattern.root(), tree, out);
        }
    }
}

/// The fonts of a text's visible glyphs, and of text in its spans' patterns.
fn svg_text_fonts(text: &usvg::Text, tree: &usvg::Tree, out: &mut Found) {
    let spans = text.layouted().iter().filter(|span| span.visible);
    let mut ids = BTreeSet::new();
    for span in spans {
        ids.extend(span.positioned_glyphs.iter().map(|g| g.font));
        svg_paints_fonts(span.fill.as_ref(), span.stroke.as_ref(), tree, out);
        // Under-, over- and strike-through lines are paths, whose paint may hold text.
        let lines = [&span.underline, &span.overline, &span.line_through];
        for line in lines.into_iter().flatten() {
            svg_paints_fonts(line.fill(), line.stroke(), tree, out);
        }
    }
    let database = std::sync::Arc::as_ptr(tree.fontdb()) as usize;
    for id in ids
        .into_iter()
        .filter(|&id| out.svg_fonts.insert((database, id)))
    {
        // Typst hands an SVG its fonts without their names: read them from the data.
        let name = tree.fontdb().with_face_data(id, |data, index| {
            let face = rustybuzz::ttf_parser::Face::parse(data, index).ok()?;
            postscript_name(&face)
        });
        out.families
            .insert(family_of_name(name.flatten().as_deref()));
    }
}

/// The family of a font by its PostScript name as the PDF writer gives it, cut where the PDF
/// reader cuts it (see [`pdf_font_families`]), so that both name a font alike.
fn family_of_name(postscript: Option<&str>) -> String {
    let name: String = postscript
        .unwrap_or("unknown")
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '_'))
        .collect();
    family_of(&name)
}

/// The family a PostScript font name belongs to.
fn family_of(postscript: &str) -> String {
    let compact = |s: &str| s.replace(' ', "");
    // Longest names first: "DejaVu Sans Condensed" before "DejaVu Sans".
    let mut known: Vec<&str> = BUNDLED
        .iter()
        .map(|f| f.family)
        .chain(TYPESET_FONTS.iter().map(|f| f.1))
        .collect();
    known.sort_by_key(|f| std::cmp::Reverse(f.len()));
    for family in known {
        let prefix = TYPESET_FONTS
            .iter()
            .find(|f| f.1 == family)
            .map_or_else(|| compact(family), |f| f.0.to_owned());
        if postscript.starts_with(&prefix) {
            return family.to_owned();
        }
    }
    postscript
        .split('-')
        .next()
        .unwrap_or(postscript)
        .to_owned()
}
