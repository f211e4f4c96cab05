//! Text read back from a PDF as its pages draw it: runs of glyphs mapped through each font's
//! ToUnicode map, with their widths, joined into lines. Text inside placed forms (images,
//! imported sheets) is not read.

use std::collections::{BTreeMap, HashMap};

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object};

/// One line of text as the page draws it (text inside placed images and sheets excluded).
#[derive(Debug, Clone)]
pub struct Line {
    /// Left edge and baseline, in points from the page's bottom-left.
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub text: String,
}

/// A font's glyph-to-text map and glyph widths (thousandths of an em).
struct Font {
    unicode: HashMap<u32, String>,
    widths: HashMap<u32, f32>,
    default_width: f32,
}

fn resolve<'a>(doc: &'a Document, o: &'a Object) -> &'a Object {
    match o {
        Object::Reference(r) => doc.get_object(*r).unwrap_or(o),
        o => o,
    }
}

fn number(o: &Object) -> f32 {
    match o {
        Object::Integer(i) => *i as f32,
        Object::Real(r) => *r,
        _ => 0.0,
    }
}

fn hex_tokens(text: &str) -> Vec<Vec<u8>> {
    text.split('<')
        .skip(1)
        .filter_map(|t| t.split('>').next())
        .map(|h| {
            (0..h.len() / 2)
                .filter_map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).ok())
                .collect()
        })
        .collect()
}

fn code(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0, |a, b| (a << 8) | u32::from(*b))
}

fn utf16(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks(2)
        .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
        .collect();
    String::from_utf16_lossy(&units)
}

/// The ToUnicode CMap's `bfchar` and `bfrange` entries.
fn to_unicode(cmap: &str) -> HashMap<u32, String> {
    let mut map = HashMap::new();
    for section in cmap.split("beginbfchar").skip(1) {
        let body = section.split("endbfchar").next().unwrap_or("");
        for pair in hex_tokens(body).chunks(2) {
            if let [from, to] = pair {
                map.insert(code(from), utf16(to));
            }
        }
    }
    for section in cmap.split("beginbfrange").skip(1) {
        let body = section.split("endbfrange").next().unwrap_or("");
        for triple in hex_tokens(body).chunks(3) {
            if let [lo, hi, to] = triple {
                let start = code(to);
                for (i, c) in (code(lo)..=code(hi)).enumerate() {
                    let ch = char::from_u32(start + i as u32).unwrap_or('?');
                    map.insert(c, ch.to_string());
                }
            }
        }
    }
    map
}

fn font(doc: &Document, dict: &Dictionary) -> Font {
    let unicode = dict
        .get(b"ToUnicode")
        .ok()
        .map(|o| resolve(doc, o))
        .and_then(|o| o.as_stream().ok())
        .and_then(|s| s.decompressed_content().ok())
        .map(|b| to_unicode(&String::from_utf8_lossy(&b)))
        .unwrap_or_default();
    let mut widths = HashMap::new();
    let mut default_width = 500.0;
    let descendant = dict
        .get(b"DescendantFonts")
        .ok()
        .map(|o| resolve(doc, o))
        .and_then(|o| o.as_array().ok())
        .and_then(|a| a.first())
        .map(|o| resolve(doc, o))
        .and_then(|o| o.as_dict().ok());
    if let Some(d) = descendant {
        if let Ok(dw) = d.get(b"DW") {
            default_width = number(dw);
        }
        if let Some(w) = d
            .get(b"W")
            .ok()
            .map(|o| resolve(doc, o))
            .and_then(|o| o.as_array().ok())
        {
            let mut i = 0;
            while i + 1 < w.len() {
                let first = number(&w[i]) as u32;
                match resolve(doc, &w[i + 1]) {
                    Object::Array(list) => {
                        for (k, v) in list.iter().enumerate() {
                            widths.insert(first + k as u32, number(v));
                        }
                        i += 2;
                    }
                    last => {
                        let width = w.get(i + 2).map_or(0.0, number);
                        for c in first..=number(last) as u32 {
                            widths.insert(c, width);
                        }
                        i += 3;
                    }
                }
            }
        }
    }
    Font {
        unicode,
        widths,
        default_width,
    }
}

/// The font a `Tf` operation selects, among a content stream's fonts.
fn selected<'f>(
    op: &lopdf::content::Operation,
    fonts: &'f BTreeMap<Vec<u8>, Font>,
) -> Option<&'f Font> {
    op.operands
        .first()
        .and_then(|o| o.as_name().ok())
        .and_then(|name| fonts.get(name))
}

/// A run of text: where it starts, how wide it is, its size and its characters.
struct Run {
    x: f32,
    y: f32,
    width: f32,
    size: f32,
    text: String,
}

fn page_runs(doc: &Document, page: lopdf::ObjectId) -> Vec<Run> {
    let fonts: BTreeMap<Vec<u8>, Font> = doc
        .get_page_fonts(page)
        .unwrap_or_default()
        .into_iter()
        .map(|(name, dict)| (name, font(doc, dict)))
        .collect();
    let content = Content::decode(&doc.get_page_content(page)).unwrap();
    let mut ctm = [1.0f32, 0.0, 0.0, 1.0, 0.0, 0.0];
    let mut stack = Vec::new();
    let (mut current, mut size) = (None::<&Font>, 0.0f32);
    let mut runs = Vec::new();
    for op in &content.operations {
        let n: Vec<f32> = op.operands.iter().map(number).collect();
        match op.operator.as_str() {
            "q" => stack.push(ctm),
            "Q" => ctm = stack.pop().unwrap_or(ctm),
            "cm" if n.len() == 6 => {
                let m = [n[0], n[1], n[2], n[3], n[4], n[5]];
                ctm = [
                    m[0] * ctm[0] + m[1] * ctm[2],
                    m[0] * ctm[1] + m[1] * ctm[3],
                    m[2] * ctm[0] + m[3] * ctm[2],
                    m[2] * ctm[1] + m[3] * ctm[3],
                    m[4] * ctm[0] + m[5] * ctm[2] + ctm[4],
                    m[4] * ctm[1] + m[5] * ctm[3] + ctm[5],
                ];
            }
            "Tf" => {
                current = selected(op, &fonts);
                size = n.get(1).copied().unwrap_or(0.0) * ctm[0].abs().max(ctm[3].abs());
            }
            "TJ" => {
                let Some(f) = current else { continue };
                let (mut text, mut width) = (String::new(), 0.0);
                for item in op
                    .operands
                    .iter()
                    .flat_map(|o| o.as_array().cloned().unwrap_or_default())
                {
                    match item {
                        Object::String(bytes, _) => {
                            for g in bytes.chunks(2) {
                                let g = code(g);
                                text.push_str(f.unicode.get(&g).map_or("?", String::as_str));
                                width += f.widths.get(&g).copied().unwrap_or(f.default_width);
                            }
                        }
                        other => width -= number(&other),
                    }
                }
                runs.push(Run {
                    x: ctm[4],
                    y: ctm[5],
                    width: width / 1000.0 * size,
                    size,
                    text,
                });
            }
            _ => {}
        }
    }
    runs
}

/// The lines of every page: runs on one baseline, split where a gap wider than an em shows
/// a new column or table cell.
pub fn pdf_lines(bytes: &[u8]) -> Vec<(f32, Vec<Line>)> {
    let doc = Document::load_mem(bytes).unwrap();
    let mut pages = Vec::new();
    for (_, id) in doc.get_pages() {
        let width = doc
            .get_dictionary(id)
            .ok()
            .and_then(|d| d.get(b"MediaBox").ok())
            .and_then(|o| o.as_array().ok())
            .map_or(595.0, |a| number(&a[2]));
        let mut runs = page_runs(&doc, id);
        runs.sort_by(|a, b| {
            (b.y.round() as i64, a.x.round() as i64).cmp(&(a.y.round() as i64, b.x.round() as i64))
        });
        let mut lines: Vec<(Line, f32)> = Vec::new();
        for r in runs {
            match lines.last_mut() {
                Some((line, end))
                    if (line.y - r.y).abs() < 0.6
                        && (-2.0..r.size.max(line.size)).contains(&(r.x - *end)) =>
                {
                    if r.x - *end > 0.15 * r.size && !line.text.ends_with(' ') {
                        line.text.push(' ');
                    }
                    line.text.push_str(&r.text);
                    line.size = line.size.max(r.size);
                    *end = r.x + r.width;
                }
                _ => {
                    let end = r.x + r.width;
                    lines.push((
                        Line {
                            x: r.x,
                            y: r.y,
                            size: r.size,
                            text: r.text,
                        },
                        end,
                    ));
                }
            }
        }
        pages.push((width, lines.into_iter().map(|(l, _)| l).collect()));
    }
    pages
}

/// All the text of some pages, column by column, lines joined by single spaces.
pub fn flat(pages: &[(f32, Vec<Line>)]) -> String {
    let mut joined = Vec::new();
    for (width, lines) in pages {
        let mut lines: Vec<&Line> = lines.iter().collect();
        lines.sort_by(|a, b| {
            (a.x >= width / 2.0)
                .cmp(&(b.x >= width / 2.0))
                .then(b.y.total_cmp(&a.y))
        });
        joined.extend(lines.iter().map(|l| l.text.as_str()));
    }
    joined
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text each form XObject of a PDF draws (a face's form: its words, then the revision
/// stamp of a face placed upright), each text-showing operation (a run of one style on one
/// line) followed by a space, in object order; forms that draw no text are left out.
pub fn form_texts(bytes: &[u8]) -> Vec<String> {
    form_texts_by_id(bytes)
        .into_iter()
        .map(|(_, t)| t)
        .collect()
}

/// [`form_texts`], each with its form's object id.
pub fn form_texts_by_id(bytes: &[u8]) -> Vec<(lopdf::ObjectId, String)> {
    let doc = Document::load_mem(bytes).unwrap();
    let mut out = Vec::new();
    for (&id, object) in &doc.objects {
        let Ok(stream) = object.as_stream() else {
            continue;
        };
        if stream.dict.get(b"Subtype").and_then(|o| o.as_name()).ok() != Some(&b"Form"[..]) {
            continue;
        }
        let fonts: BTreeMap<Vec<u8>, Font> = stream
            .dict
            .get(b"Resources")
            .ok()
            .map(|o| resolve(&doc, o))
            .and_then(|o| o.as_dict().ok())
            .and_then(|r| r.get(b"Font").ok())
            .map(|o| resolve(&doc, o))
            .and_then(|o| o.as_dict().ok())
            .map(|d| {
                d.iter()
                    .filter_map(|(name, o)| {
                        let dict = resolve(&doc, o).as_dict().ok()?;
                        Some((name.clone(), font(&doc, dict)))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let Ok(content) = stream
            .decompressed_content()
            .or_else(|_| Ok::<_, ()>(stream.content.clone()))
        else {
            continue;
        };
        let Ok(content) = Content::decode(&content) else {
            continue;
        };
        let mut current = None::<&Font>;
        let mut text = String::new();
        for op in &content.operations {
            match op.operator.as_str() {
                "Tf" => current = selected(op, &fonts),
                "TJ" | "Tj" => {
                    let Some(f) = current else { continue };
                    let strings = op.operands.iter().flat_map(|o| match o {
                        Object::Array(a) => a.clone(),
                        other => vec![other.clone()],
                    });
                    for item in strings {
                        if let Object::String(bytes, _) = item {
                            for g in bytes.chunks(2) {
                                text.push_str(f.unicode.get(&code(g)).map_or("?", String::as_str));
                            }
                        }
                    }
                    text.push(' ');
                }
                _ => {}
            }
        }
        if !text.is_empty() {
            out.push((id, text.trim_end().to_owned()));
        }
    }
    out
}
