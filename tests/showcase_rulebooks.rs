//! The rulebooks and kits of the example games as a player meets them: a cover with players,
//! playing time and age; lines of a readable length; no heading left alone at the foot of a
//! column; every embedded font credited; a counting checklist in kit.pdf and the developer's
//! manifest table only in index.html. Text is read back from the PDFs themselves.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object};
use protopress::build::{BuildOptions, Built};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn build(game: &str) -> Built {
    let opts = BuildOptions {
        paper: None,
        out_dir: std::env::temp_dir().join("protopress-showcase-unused"),
        mark_printed: false,
        layout: None,
    };
    protopress::build::Session::new(&protopress::Project::open(repo()).unwrap(), &opts)
        .build_in_memory(game)
        .unwrap_or_else(|e| panic!("{game}: {e}"))
}

const GAMES: [&str; 5] = [
    "death-to-decorum",
    "facility-07",
    "red-faction-underground",
    "the-captain-is-dead",
    "veil-runners",
];

/// One line of text as the page draws it (text inside placed images and sheets excluded).
#[derive(Debug, Clone)]
struct Line {
    /// Left edge and baseline, in points from the page's bottom-left.
    x: f32,
    y: f32,
    size: f32,
    text: String,
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
                current = op
                    .operands
                    .first()
                    .and_then(|o| o.as_name().ok())
                    .and_then(|name| fonts.get(name));
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
fn pdf_lines(bytes: &[u8]) -> Vec<(f32, Vec<Line>)> {
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
fn flat(pages: &[(f32, Vec<Line>)]) -> String {
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

fn is_leader_line(text: &str) -> bool {
    text.contains(". . .") || text.contains("....")
}

#[test]
fn rulebooks_keep_a_readable_measure_a_cover_and_their_headings_with_their_text() {
    for game in GAMES {
        let built = build(game);
        let pdf = built.pdf("rules.pdf").unwrap();
        let pages = pdf_lines(pdf);

        // The cover names the game, the players, the playing time and the age.
        let cover = flat(&pages[..1]);
        let f = &built.game.file;
        let players = f.players.unwrap_or_else(|| panic!("{game}: no players"));
        let time = f
            .play_time
            .unwrap_or_else(|| panic!("{game}: no play_time"));
        let age = f.age.unwrap_or_else(|| panic!("{game}: no age"));
        for want in [
            format!("{} players", players.text()),
            format!("{} minutes", time.text()),
            format!("ages {age}+"),
        ] {
            assert!(
                cover.contains(&want),
                "{game}: the cover lacks {want:?}:\n{cover}"
            );
        }
        assert!(
            cover.to_lowercase().contains(&f.name.to_lowercase()),
            "{game}: the cover lacks the name:\n{cover}"
        );

        // Body lines (not the cover, nor the contents' leader lines) are 75 characters at most,
        // and most run well past a narrow strip.
        let mut lengths: Vec<usize> = pages[1..]
            .iter()
            .flat_map(|(_, lines)| lines.iter())
            .filter(|l| (8.5..=12.5).contains(&l.size) && !is_leader_line(&l.text))
            .map(|l| l.text.trim().chars().count())
            .filter(|&n| n > 0)
            .collect();
        lengths.sort_unstable();
        let longest = *lengths.last().unwrap();
        if longest > 75 {
            for (_, lines) in &pages[1..] {
                for l in lines.iter().filter(|l| l.text.trim().chars().count() > 75) {
                    eprintln!(
                        "{game} long line at x {} y {} size {}: {:?}",
                        l.x, l.y, l.size, l.text
                    );
                }
            }
        }
        let upper_quartile = lengths[lengths.len() * 3 / 4];
        assert!(longest <= 75, "{game}: a line of {longest} characters");
        assert!(
            upper_quartile >= 40,
            "{game}: full lines hold only {upper_quartile} characters"
        );

        // No heading is the last line of a column on any page but the last.
        let rules = protopress::render::rules::load(&built.game)
            .unwrap()
            .unwrap();
        let headings: Vec<String> = rules
            .markdown
            .lines()
            .filter_map(|l| l.strip_prefix('#'))
            .map(|h| h.trim_start_matches('#').trim().to_lowercase())
            .collect();
        // The check can see headings: most are a line of their own (a long one may wrap).
        let all_lines: Vec<String> = pages
            .iter()
            .flat_map(|(_, lines)| lines.iter().map(|l| l.text.trim().to_lowercase()))
            .collect();
        let seen = headings.iter().filter(|h| all_lines.contains(h)).count();
        assert!(
            seen * 5 >= headings.len() * 4,
            "{game}: only {seen} of {} headings read back",
            headings.len()
        );
        for (n, (width, lines)) in pages[1..pages.len() - 1].iter().enumerate() {
            let body: Vec<&Line> = lines
                .iter()
                .filter(|l| (8.5..=24.0).contains(&l.size) && l.y > 75.0)
                .collect();
            for left_column in [true, false] {
                let last = body
                    .iter()
                    .filter(|l| (l.x < width / 2.0) == left_column)
                    .min_by(|a, b| a.y.total_cmp(&b.y));
                if let Some(l) = last {
                    let text = l.text.trim().to_lowercase();
                    assert!(
                        !headings.contains(&text),
                        "{game}: the heading {:?} ends a column on page {}",
                        l.text,
                        n + 2
                    );
                }
            }
        }
    }
}

#[test]
fn kits_count_their_pieces_credit_every_font_and_keep_the_manifest_for_developers() {
    for game in GAMES {
        let built = build(game);
        for name in ["kit.pdf", "rules.pdf"] {
            let pdf = built.pdf(name).unwrap();
            let text = flat(&pdf_lines(pdf));
            for family in protopress::rulebook::credits::pdf_font_families(pdf) {
                assert!(
                    text.contains(&format!("{family},")),
                    "{game} {name}: the font {family} is not credited"
                );
            }
            // The PDF maps a hyphen glyph to no text once it has served as a soft hyphen.
            assert!(
                text.replace(['-', ' '], "").contains("gameicons.net"),
                "{game} {name}: icons uncredited in {}",
                &text[text.len().saturating_sub(1500)..]
            );
            if name == "kit.pdf" {
                // The checklist: every printed component with its count.
                assert!(text.contains("One piece"), "{game}: no checklist header");
                for c in built
                    .report
                    .components
                    .iter()
                    .filter(|c| c.kind != "bought")
                {
                    assert!(
                        text.contains(&c.name),
                        "{game}: {} is missing from the checklist",
                        c.name
                    );
                }
                // The manifest check is for developers: not in the player's kit.
                for developer in ["Manifest check", "Declared", "Produced", "(line "] {
                    assert!(
                        !text.contains(developer),
                        "{game}: kit.pdf shows {developer:?}"
                    );
                }
            }
        }
        assert!(
            built.index_html.contains("Manifest check"),
            "{game}: index.html lost the manifest table"
        );
    }
}
