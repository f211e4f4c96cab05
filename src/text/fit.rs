//! Measured text for card faces: wrapping, auto-fit, inline markup and icons.
//!
//! SVG has no line wrapping, so templates call `text_box(...)`, which shapes every word with
//! rustybuzz on the very font bytes usvg will render with, breaks lines greedily, shrinks the
//! size until the text fits both the width and the height, and emits `<text>`/`<tspan>` with
//! explicit positions: one `tspan` for each run of words in one style, its spaces widened by
//! `word-spacing` to the gap the words were placed by. Because usvg shapes the same words with
//! the same fonts, what is measured here is what prints.
//!
//! Card text may carry `**bold**`, `*italic*`, line breaks and icons (`:kill:` or `{coin}`),
//! which are SVG files in `templates/<game>/icons/` or `templates/common/icons/`, sized to the
//! text and measured as part of the line.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

use tera::{Kwargs, State, Tera, Value};
use usvg::fontdb::{self, Database, ID};

use crate::error::{Error, Result, suggestion};
use crate::model::print::OverflowPolicy;
use crate::project::Project;
use crate::sync::lock;
use crate::text::fonts::DEFAULT_FAMILY;

/// An icon usable inline in text.
#[derive(Debug, Clone)]
pub struct Icon {
    pub view_box: String,
    pub body: String,
}

/// Whether `c` may be part of an icon's name, in card text and in the rules alike: an icon's
/// file may be named in any script (`münze.svg`, `コイン.svg`), with `-` and `_`.
pub fn icon_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// Icons by name; a game's own icons shadow the common ones.
#[derive(Debug, Clone, Default)]
pub struct Icons {
    map: BTreeMap<String, Icon>,
}

impl Icons {
    /// Loads `icons/*.svg` of the common templates, then of the game (which wins).
    pub fn load(project: &Project, game: &str) -> Result<Icons> {
        let mut map = BTreeMap::new();
        let [game_dir, common_dir] = Project::icon_dirs(game);
        for dir in [common_dir, game_dir] {
            for rel in project.files_under(&dir, ".svg")? {
                // Only the icons folder itself: subfolders are the designer's own business.
                if rel.parent() != Some(dir.as_path()) {
                    continue;
                }
                let name = rel
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                let text = project.read_text(&rel)?;
                map.insert(name, parse_icon(&text).map_err(|e| e.in_file(&rel))?);
            }
        }
        Ok(Icons { map })
    }

    pub fn get(&self, name: &str) -> Option<&Icon> {
        self.map.get(name)
    }

    pub fn names(&self) -> impl Iterator<Item = &str> + Clone {
        self.map.keys().map(String::as_str)
    }
}

/// The root `viewBox` and inner markup of an icon file.
fn parse_icon(text: &str) -> Result<Icon> {
    let doc = roxmltree::Document::parse(text)
        .map_err(|e| Error::new(format!("the icon is not valid SVG: {e}")))?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" {
        return Err(Error::new("the icon file's root element is not <svg>"));
    }
    let view_box = root
        .attribute("viewBox")
        .map(str::to_owned)
        .or_else(|| {
            let w = root.attribute("width")?;
            let h = root.attribute("height")?;
            Some(format!("0 0 {w} {h}"))
        })
        .ok_or_else(|| Error::new("the icon has no viewBox"))?;
    let mut children = root.children();
    let body = match (children.next(), root.last_child()) {
        (Some(first), Some(last)) => text[first.range().start..last.range().end].to_owned(),
        _ => String::new(),
    };
    Ok(Icon { view_box, body })
}

/// Style of a run of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
struct Style {
    bold: bool,
    italic: bool,
}

/// A piece of parsed card text.
#[derive(Debug, Clone, PartialEq)]
enum Atom {
    Text(String, Style),
    Icon(String),
    Space,
    Break,
}

/// The stars of `chars` that are markup, by the index of their first star. As in Markdown, a
/// star opens before a non-space and closes after one, and a star that pairs with none is
/// text: `Dragon*`, `2 * 3` and `5*` print their stars. A `**` that opens and never closes is
/// returned apart: unlike a lone star, it is nearly always a forgotten close.
fn markup_stars(chars: &[char]) -> (std::collections::HashSet<usize>, Option<usize>) {
    let mut paired = std::collections::HashSet::new();
    // The open star of each kind (one star, two) waiting for its close.
    let mut pending: [Option<usize>; 2] = [None, None];
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\\' {
            i += 2;
            continue;
        }
        if chars[i] != '*' {
            i += 1;
            continue;
        }
        let end = (i..chars.len())
            .find(|&j| chars[j] != '*')
            .unwrap_or(chars.len());
        let can_open = chars.get(end).is_some_and(|c| !c.is_whitespace());
        let can_close = i > 0 && !chars[i - 1].is_whitespace();
        let mut at = i;
        while at < end {
            let len = if end - at >= 2 { 2 } else { 1 };
            let slot = &mut pending[len - 1];
            match *slot {
                Some(open) if can_close => {
                    paired.insert(open);
                    paired.insert(at);
                    *slot = None;
                }
                // A second `**` opening while one waits: the first was never closed.
                Some(open) if can_open && len == 2 => return (paired, Some(open)),
                _ if can_open => *slot = Some(at),
                _ => {}
            }
            at += len;
        }
        i = end;
    }
    (paired, pending[1])
}

/// The icon `:name:` or `{name}` opening at `chars[at]`, with the index of its closing
/// character; none when the text there is no icon (`10:30:`). An unknown name is an error
/// where it must have been meant as an icon: always in braces, and between colons when it is
/// written as icon names are (lower case and dashes).
fn icon_at(
    chars: &[char],
    at: usize,
    icons: &Icons,
) -> std::result::Result<Option<(String, usize)>, String> {
    let close = if chars[at] == '{' { '}' } else { ':' };
    // A `:name:` stands apart from the words around it: `Spieler:innen:` is a word.
    if close == ':' && at > 0 && chars[at - 1].is_alphanumeric() {
        return Ok(None);
    }
    let mut name = String::new();
    let mut end = None;
    for (i, &c) in chars.iter().enumerate().skip(at + 1) {
        if c == close {
            end = (!name.is_empty()).then_some(i);
            break;
        }
        if !icon_name_char(c) {
            break;
        }
        name.push(c);
    }
    let Some(end) = end else {
        return Ok(None);
    };
    if icons.get(&name).is_some() {
        return Ok(Some((name, end)));
    }
    if close == '}' || name.chars().all(|ch| ch.is_ascii_lowercase() || ch == '-') {
        return Err(format!(
            "unknown icon `{name}` ({})",
            suggestion(&name, icons.names())
        ));
    }
    Ok(None)
}

/// Parses `**bold**`, `*italic*`, `\n`, `:icon:`, `{icon}`; a backslash escapes the next char.
fn parse_markup(text: &str, icons: &Icons) -> std::result::Result<Vec<Atom>, String> {
    let mut atoms = Vec::new();
    let mut style = Style::default();
    let mut buf = String::new();
    let chars: Vec<char> = text.chars().collect();
    let flush = |buf: &mut String, atoms: &mut Vec<Atom>, style: Style| {
        if !buf.is_empty() {
            atoms.push(Atom::Text(std::mem::take(buf), style));
        }
    };
    let (stars, unclosed) = markup_stars(&chars);
    if unclosed.is_some() {
        return Err(format!(
            "unclosed `**` in text {} (a star that is not markup is written \\*)",
            quote(text)
        ));
    }
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' if i + 1 < chars.len() => {
                buf.push(chars[i + 1]);
                i += 2;
                continue;
            }
            '*' if stars.contains(&i) && chars.get(i + 1) == Some(&'*') => {
                flush(&mut buf, &mut atoms, style);
                style.bold = !style.bold;
                i += 2;
                continue;
            }
            '*' if stars.contains(&i) => {
                flush(&mut buf, &mut atoms, style);
                style.italic = !style.italic;
            }
            '\n' => {
                flush(&mut buf, &mut atoms, style);
                atoms.push(Atom::Break);
            }
            c if c.is_whitespace() => {
                flush(&mut buf, &mut atoms, style);
                if !matches!(atoms.last(), Some(Atom::Space | Atom::Break) | None) {
                    atoms.push(Atom::Space);
                }
            }
            ':' | '{' => match icon_at(&chars, i, icons)? {
                Some((name, end)) => {
                    flush(&mut buf, &mut atoms, style);
                    atoms.push(Atom::Icon(name));
                    i = end + 1;
                    continue;
                }
                None => buf.push(c),
            },
            c => buf.push(c),
        }
        i += 1;
    }
    flush(&mut buf, &mut atoms, style);
    while matches!(atoms.last(), Some(Atom::Space)) {
        atoms.pop();
    }
    Ok(atoms)
}

/// Horizontal alignment of lines in a box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
    Justify,
}

/// Vertical placement of the text block in its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VAlign {
    Top,
    Middle,
    Bottom,
}

/// Everything `text_box` needs; lengths in SVG user units (mm on protopress faces).
#[derive(Debug, Clone)]
pub struct BoxSpec {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
    pub size: f32,
    pub min_size: f32,
    pub family: String,
    pub bold: bool,
    pub italic: bool,
    pub align: Align,
    pub valign: VAlign,
    pub line_height: f32,
    pub max_lines: usize,
    pub fill: String,
    /// Icon size relative to the font size.
    pub icon_scale: f32,
}

/// A positioned piece of a laid-out line.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// Words of one style from `x`, with `word_spacing` (user units) added to each space.
    Text {
        x: f32,
        text: String,
        bold: bool,
        italic: bool,
        word_spacing: f32,
    },
    Icon {
        x: f32,
        name: String,
    },
}

/// A laid-out line: its baseline and pieces.
#[derive(Debug, Clone, PartialEq)]
pub struct LaidLine {
    pub baseline: f32,
    pub width: f32,
    pub pieces: Vec<Piece>,
}

/// The result of fitting text into a box.
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    /// The chosen font size.
    pub size: f32,
    pub lines: Vec<LaidLine>,
    /// Whether it fits at `size` (false only when it did not fit even at the minimum size).
    pub fits: bool,
}

/// Raw font bytes of one face, shared between threads.
struct FaceData {
    /// The font file, shared with the database (none of the fonts is copied).
    data: Arc<dyn AsRef<[u8]> + Send + Sync>,
    index: u32,
    units_per_em: f32,
    ascender: f32,
    descender: f32,
}

/// Shapes and measures text with the build's fonts.
pub struct TextEngine {
    db: Arc<Database>,
    faces: Mutex<HashMap<ID, Arc<FaceData>>>,
    coverage: Mutex<HashMap<(ID, char), bool>>,
    /// Widths of runs already shaped: fitting tries several sizes, and card after card
    /// repeats the same words.
    widths: Mutex<HashMap<(ID, String), f32>>,
    pub icons: Icons,
    pub policy: OverflowPolicy,
    warnings: Mutex<Vec<String>>,
}

/// A word: consecutive atoms without a space, measured at size 1.
#[derive(Debug, Clone)]
struct Word {
    parts: Vec<(Atom, f32)>,
    width: f32,
}

impl TextEngine {
    pub fn new(db: Arc<Database>, icons: Icons, policy: OverflowPolicy) -> TextEngine {
        TextEngine {
            db,
            faces: Mutex::new(HashMap::new()),
            coverage: Mutex::new(HashMap::new()),
            widths: Mutex::new(HashMap::new()),
            icons,
            policy,
            warnings: Mutex::new(Vec::new()),
        }
    }

    /// Warnings recorded under `text_overflow: warn`, in no particular order.
    pub fn take_warnings(&self) -> Vec<String> {
        let mut w = std::mem::take(&mut *lock(&self.warnings));
        w.sort();
        w
    }

    fn face_data(&self, id: ID) -> Option<Arc<FaceData>> {
        let mut cache = lock(&self.faces);
        if let Some(f) = cache.get(&id) {
            return Some(Arc::clone(f));
        }
        let bytes: Arc<dyn AsRef<[u8]> + Send + Sync> = match self.db.face_source(id)? {
            (fontdb::Source::Binary(bytes), _) => bytes,
            _ => Arc::new(self.db.with_face_data(id, |data, _| data.to_vec())?),
        };
        let data = self.db.with_face_data(id, |data, index| {
            let face = rustybuzz::ttf_parser::Face::parse(data, index).ok()?;
            Some(FaceData {
                data: Arc::clone(&bytes),
                index,
                units_per_em: f32::from(face.units_per_em()),
                ascender: f32::from(face.ascender()),
                descender: -f32::from(face.descender()),
            })
        })??;
        let data = Arc::new(data);
        cache.insert(id, Arc::clone(&data));
        Some(data)
    }

    /// Whether face `id` has a glyph for `c` (cached: fallback search asks often).
    fn has_char(&self, id: ID, c: char) -> bool {
        let key = (id, c);
        if let Some(&known) = lock(&self.coverage).get(&key) {
            return known;
        }
        let has = self.face_data(id).is_some_and(|fd| {
            rustybuzz::ttf_parser::Face::parse((*fd.data).as_ref(), fd.index)
                .is_ok_and(|f| f.glyph_index(c).is_some())
        });
        lock(&self.coverage).insert(key, has);
        has
    }

    /// The face usvg would choose for this family and style.
    fn select(&self, family: &str, style: Style) -> Option<ID> {
        let families = [fontdb::Family::Name(family), fontdb::Family::Serif];
        self.db.query(&fontdb::Query {
            families: &families,
            weight: if style.bold {
                fontdb::Weight::BOLD
            } else {
                fontdb::Weight::NORMAL
            },
            stretch: fontdb::Stretch::Normal,
            style: if style.italic {
                fontdb::Style::Italic
            } else {
                fontdb::Style::Normal
            },
        })
    }

    /// The fallback usvg would use for a character the main face lacks: the first face in
    /// load order that has it.
    fn fallback(&self, primary: ID, c: char) -> Option<ID> {
        self.db
            .faces()
            .find(|f| f.id != primary && self.has_char(f.id, c))
            .map(|f| f.id)
    }

    /// Advance width of `text` at font size 1.
    fn advance(&self, family: &str, style: Style, text: &str) -> f32 {
        let Some(primary) = self.select(family, style) else {
            return 0.0;
        };
        // Split into runs by the face that will draw each character.
        let mut total = 0.0;
        let mut run = String::new();
        let mut run_face = primary;
        for c in text.chars() {
            let face = if self.has_char(primary, c) || c.is_whitespace() {
                primary
            } else {
                // Variation selectors and joiners ride along with their base character.
                if matches!(c, '\u{FE0E}' | '\u{FE0F}' | '\u{200D}') {
                    run.push(c);
                    continue;
                }
                self.fallback(primary, c).unwrap_or(primary)
            };
            if face != run_face && !run.is_empty() {
                total += self.shape_width(run_face, &run);
                run.clear();
            }
            run_face = face;
            run.push(c);
        }
        if !run.is_empty() {
            total += self.shape_width(run_face, &run);
        }
        total
    }

    fn shape_width(&self, id: ID, text: &str) -> f32 {
        let key = (id, text.to_owned());
        if let Some(&w) = lock(&self.widths).get(&key) {
            return w;
        }
        let w = self.shape(id, text);
        lock(&self.widths).insert(key, w);
        w
    }

    fn shape(&self, id: ID, text: &str) -> f32 {
        let Some(fd) = self.face_data(id) else {
            return 0.0;
        };
        let Some(face) = rustybuzz::Face::from_slice((*fd.data).as_ref(), fd.index) else {
            return 0.0;
        };
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        let shaped = rustybuzz::shape(&face, &[], buffer);
        let units: i32 = shaped.glyph_positions().iter().map(|p| p.x_advance).sum();
        units as f32 / fd.units_per_em
    }

    /// Ascender and descender of the family's regular face, at size 1.
    fn metrics(&self, family: &str) -> (f32, f32) {
        self.select(family, Style::default())
            .and_then(|id| self.face_data(id))
            .map(|f| (f.ascender / f.units_per_em, f.descender / f.units_per_em))
            .unwrap_or((0.9, 0.25))
    }

    fn words(&self, atoms: &[Atom], spec: &BoxSpec) -> Vec<Option<Word>> {
        // None marks a forced line break.
        let base = Style {
            bold: spec.bold,
            italic: spec.italic,
        };
        let mut out = Vec::new();
        let mut word: Option<Word> = None;
        for atom in atoms {
            match atom {
                Atom::Space => out.extend(word.take().map(Some)),
                Atom::Break => {
                    out.extend(word.take().map(Some));
                    out.push(None);
                }
                Atom::Text(t, s) => {
                    let style = Style {
                        bold: base.bold || s.bold,
                        italic: base.italic != s.italic,
                    };
                    let w = self.advance(&spec.family, style, t);
                    let entry = word.get_or_insert(Word {
                        parts: Vec::new(),
                        width: 0.0,
                    });
                    entry.parts.push((Atom::Text(t.clone(), style), w));
                    entry.width += w;
                }
                Atom::Icon(name) => {
                    let w = spec.icon_scale + 0.08;
                    let entry = word.get_or_insert(Word {
                        parts: Vec::new(),
                        width: 0.0,
                    });
                    entry.parts.push((Atom::Icon(name.clone()), w));
                    entry.width += w;
                }
            }
        }
        out.extend(word.map(Some));
        out
    }

    /// Breaks words into lines at size 1 for a box `width / size` wide; returns the line
    /// word ranges and whether every word fit.
    fn break_lines(words: &[Option<Word>], space: f32, width: f32) -> (Vec<Vec<usize>>, bool) {
        let mut lines: Vec<Vec<usize>> = vec![Vec::new()];
        let mut line_w = 0.0f32;
        let mut ok = true;
        for (i, w) in words.iter().enumerate() {
            let Some(w) = w else {
                lines.push(Vec::new());
                line_w = 0.0;
                continue;
            };
            let cur = lines.last_mut().expect("lines is never empty");
            if cur.is_empty() {
                cur.push(i);
                line_w = w.width;
            } else if line_w + space + w.width <= width + 1e-4 {
                cur.push(i);
                line_w += space + w.width;
            } else {
                lines.push(vec![i]);
                line_w = w.width;
            }
            ok &= w.width <= width + 1e-4;
        }
        (lines, ok)
    }

    /// Fits `text` in the box: the largest size from `spec.size` down to `spec.min_size`
    /// (in steps of 1/40 of the range, at least 0.05) at which it fits width and height.
    pub fn fit(&self, text: &str, spec: &BoxSpec) -> std::result::Result<Fitted, String> {
        let atoms = parse_markup(text, &self.icons)?;
        let mut words = self.words(&atoms, spec);
        let space = self.advance(
            &spec.family,
            Style {
                bold: spec.bold,
                italic: spec.italic,
            },
            " ",
        );
        let (asc, desc) = self.metrics(&spec.family);
        let fits_at = |size: f32| -> Option<Vec<Vec<usize>>> {
            let (lines, ok) = Self::break_lines(&words, space, spec.width / size);
            let height = size * (asc + desc) + (lines.len() as f32 - 1.0) * size * spec.line_height;
            (ok && lines.len() <= spec.max_lines && height <= spec.height + 1e-4).then_some(lines)
        };
        // Fitting is monotonic in the size, so bisect on a fine grid.
        let step = ((spec.size - spec.min_size) / 40.0).max(0.05);
        let steps = ((spec.size - spec.min_size) / step).round().max(0.0) as i32;
        let size_at = |k: i32| spec.size - k as f32 * step;
        let (size, lines, fits) = if let Some(lines) = fits_at(spec.size) {
            (spec.size, lines, true)
        } else {
            let (mut lo, mut hi) = (0, steps); // invariant: lo fails
            match fits_at(size_at(hi)) {
                None => {
                    let s = spec.min_size;
                    let (lines, _) = Self::break_lines(&words, space, spec.width / s);
                    let lines = self.cut_to_box(&mut words, lines, space, s, asc + desc, spec);
                    (s, lines, false)
                }
                Some(_) => {
                    while hi - lo > 1 {
                        let mid = (lo + hi) / 2;
                        if fits_at(size_at(mid)).is_some() {
                            hi = mid;
                        } else {
                            lo = mid;
                        }
                    }
                    let s = size_at(hi);
                    (s, fits_at(s).expect("checked above"), true)
                }
            }
        };
        Ok(self.place(&words, &lines, space, asc, desc, size, fits, spec))
    }

    /// Text that does not fit even at its minimum size `size` (printed under `text_overflow:
    /// warn`) keeps the lines its box holds, within `max_lines` (one at least), the last ending
    /// in an ellipsis: it is cut where the proof shows it rather than run down past the box
    /// into the trim. (A single word wider than the box still reaches past its side; it is
    /// reported all the same.) `extent` is the font's ascent and descent in ems.
    fn cut_to_box(
        &self,
        words: &mut Vec<Option<Word>>,
        mut lines: Vec<Vec<usize>>,
        space: f32,
        size: f32,
        extent: f32,
        spec: &BoxSpec,
    ) -> Vec<Vec<usize>> {
        let by_height = ((spec.height / size - extent) / spec.line_height).floor() + 1.0;
        let keep = spec.max_lines.min(by_height.max(1.0) as usize);
        if lines.len() <= keep {
            return lines;
        }
        lines.truncate(keep);
        let style = Style {
            bold: spec.bold,
            italic: spec.italic,
        };
        let width = self.advance(&spec.family, style, "…");
        words.push(Some(Word {
            parts: vec![(Atom::Text("…".to_owned(), style), width)],
            width,
        }));
        let room = spec.width / size;
        let last = lines.last_mut().expect("keep is at least one");
        let used = |line: &[usize]| -> f32 {
            let widths: f32 = line
                .iter()
                .filter_map(|&i| words[i].as_ref())
                .map(|w| w.width)
                .sum();
            widths + space * line.len() as f32
        };
        while last.len() > 1 && used(last) + width > room + 1e-4 {
            last.pop();
        }
        last.push(words.len() - 1);
        lines
    }

    #[allow(clippy::too_many_arguments)]
    fn place(
        &self,
        words: &[Option<Word>],
        lines: &[Vec<usize>],
        space: f32,
        asc: f32,
        desc: f32,
        size: f32,
        fits: bool,
        spec: &BoxSpec,
    ) -> Fitted {
        let block_h = size * (asc + desc) + (lines.len() as f32 - 1.0) * size * spec.line_height;
        let top = match spec.valign {
            VAlign::Top => spec.y,
            VAlign::Middle => spec.y + (spec.height - block_h) / 2.0,
            VAlign::Bottom => spec.y + spec.height - block_h,
        };
        let mut out = Vec::with_capacity(lines.len());
        for (n, line) in lines.iter().enumerate() {
            let baseline = top + size * asc + n as f32 * size * spec.line_height;
            let natural: f32 = line
                .iter()
                .filter_map(|&i| words[i].as_ref())
                .map(|w| w.width)
                .sum::<f32>()
                + space * line.len().saturating_sub(1) as f32;
            let width = natural * size;
            let last_of_paragraph = n + 1 == lines.len()
                || lines[n + 1]
                    .first()
                    .is_some_and(|&i| i > 0 && words[i - 1].is_none())
                || lines[n + 1].is_empty();
            let gap = match spec.align {
                Align::Justify if line.len() > 1 && !last_of_paragraph => {
                    (spec.width - width) / (line.len() - 1) as f32 + space * size
                }
                _ => space * size,
            };
            let x = match spec.align {
                Align::Left | Align::Justify => spec.x,
                Align::Center => spec.x + (spec.width - width) / 2.0,
                Align::Right => spec.x + spec.width - width,
            };
            let pieces = self.line_pieces(words, line, x, gap, size, spec);
            out.push(LaidLine {
                baseline,
                width,
                pieces,
            });
        }
        Fitted {
            size,
            lines: out,
            fits,
        }
    }

    /// A line's pieces from `x`, its words `gap` apart. Words of one style run on in one
    /// piece, spaced by `word_spacing`: a drawing program shapes a run once, where it would
    /// shape each word of its own again, and draws it as one. An icon ends a run.
    fn line_pieces(
        &self,
        words: &[Option<Word>],
        line: &[usize],
        mut x: f32,
        gap: f32,
        size: f32,
        spec: &BoxSpec,
    ) -> Vec<Piece> {
        let mut pieces: Vec<Piece> = Vec::new();
        // Where each piece starts and ends on the line (an icon: its slot).
        let mut extents: Vec<(f32, f32)> = Vec::new();
        // Whether the last piece is text the next may join.
        let mut open = false;
        for (k, &i) in line.iter().enumerate() {
            let Some(word) = &words[i] else {
                open = false;
                continue;
            };
            if k > 0 {
                x += gap;
            }
            for (p, (atom, w)) in word.parts.iter().enumerate() {
                let end = x + w * size;
                match atom {
                    Atom::Text(t, s) => {
                        // A space kept inside a word (`10\ gold`) must not widen with the gaps
                        // between words: such a part runs on with nothing.
                        let kept_space = t.contains(char::is_whitespace);
                        let joins = match pieces.last_mut() {
                            Some(Piece::Text {
                                text, bold, italic, ..
                            }) if open && !kept_space && (*bold, *italic) == (s.bold, s.italic) => {
                                if k > 0 && p == 0 {
                                    text.push(' ');
                                }
                                text.push_str(t);
                                true
                            }
                            _ => false,
                        };
                        if joins {
                            extents.last_mut().expect("a piece to join").1 = end;
                        } else {
                            // The run's own space, set to the gap the words were placed by.
                            let space = self.advance(&spec.family, *s, " ") * size;
                            pieces.push(Piece::Text {
                                x,
                                text: t.clone(),
                                bold: s.bold,
                                italic: s.italic,
                                word_spacing: if kept_space { 0.0 } else { gap - space },
                            });
                            extents.push((x, end));
                        }
                        open = !kept_space;
                    }
                    Atom::Icon(name) => {
                        pieces.push(Piece::Icon {
                            x: x + 0.04 * size,
                            name: name.clone(),
                        });
                        extents.push((x, end));
                        open = false;
                    }
                    _ => {}
                }
                x = end;
            }
        }
        if line.first().is_some_and(|&i| right_to_left(words, i)) {
            mirror(&mut pieces, &extents);
            isolate_right_to_left(&mut pieces);
        }
        pieces
    }

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
    fn icon_svg(&self, name: &str, x: f32, baseline: f32, size: f32, spec: &BoxSpec) -> String {
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

/// Whether the paragraph holding word `i` reads right to left: its first letter with a
/// direction (Hebrew, Arabic…) says so, as a reader's bidi algorithm decides.
fn right_to_left(words: &[Option<Word>], i: usize) -> bool {
    let start = words[..i]
        .iter()
        .rposition(Option::is_none)
        .map_or(0, |p| p + 1);
    let texts = words[start..]
        .iter()
        .map_while(Option::as_ref)
        .flat_map(|w| &w.parts)
        .filter_map(|(atom, _)| match atom {
            Atom::Text(t, _) => Some(t.as_str()),
            _ => None,
        });
    for text in texts {
        match unicode_bidi::get_base_direction(text) {
            unicode_bidi::Direction::Rtl => return true,
            unicode_bidi::Direction::Ltr => return false,
            unicode_bidi::Direction::Mixed => {}
        }
    }
    false
}

/// Marks each text piece of a right-to-left paragraph as a right-to-left isolate
/// (U+2067 … U+2069): the drawing program orders a piece's words and punctuation for a reader
/// starting on the left unless told otherwise, which put a sentence's full stop on its right.
/// The marks draw nothing and take no room.
fn isolate_right_to_left(pieces: &mut [Piece]) {
    for piece in pieces {
        if let Piece::Text { text, .. } = piece {
            *text = format!("\u{2067}{text}\u{2069}");
        }
    }
}

/// Lays a line's pieces out from the right: the first piece read ends where the line ends.
/// Within a piece the drawing program orders the words itself; across pieces (a bold word in
/// a Hebrew sentence) only the order given here says which comes first.
fn mirror(pieces: &mut [Piece], extents: &[(f32, f32)]) {
    let (Some(&(left, _)), Some(&(_, right))) = (extents.first(), extents.last()) else {
        return;
    };
    for (piece, &(start, end)) in pieces.iter_mut().zip(extents) {
        let shift = left + right - end - start;
        match piece {
            Piece::Text { x, .. } | Piece::Icon { x, .. } => *x += shift,
        }
    }
}

/// A number to three decimals, without trailing zeros.
fn short(v: f32) -> String {
    format!("{:.3}", v)
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_owned()
}

/// The opening `text` tag of a box: its family, fitted size, fill and style.
fn open_text(fitted: &Fitted, spec: &BoxSpec) -> String {
    format!(
        r#"<text font-family="{}" font-size="{}" fill="{}"{}{}>"#,
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
fn style_change(spec: &BoxSpec, bold: bool, italic: bool) -> String {
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

fn xml(s: &str) -> String {
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

/// Reads the kwargs of `text_box` into a [`BoxSpec`].
fn spec_from_kwargs(kwargs: &Kwargs) -> tera::TeraResult<BoxSpec> {
    let num = |k: &str| kwargs.must_get::<f64>(k).map(|v| v as f32);
    let opt = |k: &str, d: f32| kwargs.get::<f64>(k).map(|v| v.map_or(d, |v| v as f32));
    let size = num("size")?;
    let align = match kwargs.get::<&str>("align")?.unwrap_or("left") {
        "left" | "start" => Align::Left,
        "center" | "centre" | "middle" => Align::Center,
        "right" | "end" => Align::Right,
        "justify" => Align::Justify,
        other => {
            return Err(tera::Error::message(format!(
                "align `{other}` is not one of left, center, right, justify"
            )));
        }
    };
    let valign = match kwargs.get::<&str>("valign")?.unwrap_or("top") {
        "top" => VAlign::Top,
        "middle" | "center" | "centre" => VAlign::Middle,
        "bottom" => VAlign::Bottom,
        other => {
            return Err(tera::Error::message(format!(
                "valign `{other}` is not one of top, middle, bottom"
            )));
        }
    };
    let spec = BoxSpec {
        x: num("x")?,
        y: num("y")?,
        width: num("width")?,
        height: opt("height", f32::INFINITY)?,
        size,
        min_size: opt("min_size", size)?,
        family: kwargs
            .get::<String>("family")?
            .unwrap_or_else(|| DEFAULT_FAMILY.to_owned()),
        bold: kwargs.get::<bool>("bold")?.unwrap_or(false),
        italic: kwargs.get::<bool>("italic")?.unwrap_or(false),
        align,
        valign,
        line_height: opt("line_height", 1.2)?,
        max_lines: match kwargs.get::<i64>("max_lines")? {
            None => usize::MAX,
            Some(n) if n >= 1 => usize::try_from(n).unwrap_or(usize::MAX),
            Some(n) => {
                return Err(tera::Error::message(format!(
                    "text_box(): `max_lines` is {n}; a box holds one line at least"
                )));
            }
        },
        fill: kwargs
            .get::<String>("fill")?
            .unwrap_or_else(|| "#000".to_owned()),
        icon_scale: opt("icon_scale", 1.1)?,
    };
    check_box(&spec)?;
    Ok(spec)
}

/// Refuses a box's numbers that would lay nothing out, or lay it outside the box.
fn check_box(spec: &BoxSpec) -> tera::TeraResult<()> {
    for (key, value) in [
        ("width", spec.width),
        ("height", spec.height),
        ("size", spec.size),
        ("min_size", spec.min_size),
    ] {
        if value.is_nan() || value <= 0.0 {
            return Err(tera::Error::message(format!(
                "text_box(): `{key}` is {value}; it must be above 0"
            )));
        }
    }
    if spec.min_size > spec.size {
        return Err(tera::Error::message(format!(
            "text_box(): `min_size` ({}) is larger than `size` ({}): the text would grow to fit",
            spec.min_size, spec.size
        )));
    }
    // Lines at a spacing of 0 or less stack upwards, out of their box.
    if !(spec.line_height > 0.0 && spec.line_height <= 10.0) {
        return Err(tera::Error::message(format!(
            "text_box needs a line_height above 0 and at most 10 (a multiple of the size), not {}",
            spec.line_height
        )));
    }
    Ok(())
}

/// A short quote of the text for messages.
fn quote(text: &str) -> String {
    let t: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        format!("\"{t}…\"")
    } else {
        format!("\"{t}\"")
    }
}

/// Registers `text_box` and `icon` on a Tera environment.
///
/// `text_box(text, x, y, width, height, size, min_size?, family?, bold?, italic?, align?,
/// valign?, line_height?, max_lines?, fill?, icon_scale?, name?)`
///
/// `icon(name, x, y, size, fill?)`: the named icon as a `size` × `size` square.
pub fn register(tera: &mut Tera, engine: Arc<TextEngine>) {
    tera.register_function("text_box", TextBox(Arc::clone(&engine)));
    tera.register_function("icon", IconFn(engine));
}

struct IconFn(Arc<TextEngine>);

impl tera::Function<tera::TeraResult<Value>> for IconFn {
    fn call(&self, kwargs: Kwargs, _: &State) -> tera::TeraResult<Value> {
        crate::text::kwargs::check(&kwargs, "icon", &["name", "x", "y", "size", "fill"])?;
        let name = kwargs.must_get::<&str>("name")?;
        let icons = &self.0.icons;
        let icon = icons.get(name).ok_or_else(|| {
            tera::Error::message(format!(
                "unknown icon `{name}` ({})",
                suggestion(name, icons.names())
            ))
        })?;
        let num = |k: &str| kwargs.must_get::<f64>(k);
        let size = num("size")?;
        if !(size.is_finite() && size > 0.0) {
            return Err(tera::Error::message(format!(
                "icon(): `size` is {size}; it must be above 0 (mm)"
            )));
        }
        let fill = kwargs.get::<&str>("fill")?.unwrap_or("#000");
        Ok(Value::safe_string(&format!(
            r#"<svg x="{}" y="{}" width="{}" height="{}" viewBox="{}" color="{}">{}</svg>"#,
            num("x")?,
            num("y")?,
            size,
            size,
            xml(&icon.view_box),
            xml(fill),
            icon.body
        )))
    }

    fn is_safe(&self) -> bool {
        true
    }
}

struct TextBox(Arc<TextEngine>);

impl TextEngine {
    /// Fails when no loaded font has `family`, suggesting the nearest.
    fn check_family(&self, family: &str) -> tera::TeraResult<()> {
        let names: Vec<&str> = self
            .db
            .faces()
            .flat_map(|f| f.families.iter().map(|(n, _)| n.as_str()))
            .collect();
        if names.iter().any(|n| n.eq_ignore_ascii_case(family)) {
            return Ok(());
        }
        Err(tera::Error::message(format!(
            "font family `{family}` is not loaded ({})",
            suggestion(family, names.iter().copied())
        )))
    }

    /// Text that does not fit: an error, or a warning naming the card, as the profile says.
    fn overflow(&self, msg: String, state: &State) -> tera::TeraResult<()> {
        match self.policy {
            OverflowPolicy::Error => Err(tera::Error::message(format!(
                "{msg}; shorten it, enlarge the box or lower min_size"
            ))),
            OverflowPolicy::Warn => {
                let card = state
                    .get::<Value>("card")?
                    .and_then(|c| {
                        c.get_from_path("name")
                            .and_then(|n| n.as_str().map(str::to_owned))
                    })
                    .unwrap_or_default();
                lock(&self.warnings).push(format!("card `{card}`: {msg}"));
                Ok(())
            }
        }
    }
}

/// The box must stay inside the face's safe zone.
fn check_safe_zone(spec: &BoxSpec, face: &Value, what: &str) -> tera::TeraResult<()> {
    let get = |k: &str| {
        face.get_from_path(k)
            .and_then(Value::as_f64)
            .map(|v| v as f32)
    };
    let (Some(l), Some(t), Some(r), Some(b)) = (
        get("safe_left"),
        get("safe_top"),
        get("safe_right"),
        get("safe_bottom"),
    ) else {
        return Ok(());
    };
    let eps = 1e-3;
    let bottom = if spec.height.is_finite() {
        spec.y + spec.height
    } else {
        spec.y
    };
    if spec.x < l - eps || spec.y < t - eps || spec.x + spec.width > r + eps || bottom > b + eps {
        return Err(tera::Error::message(format!(
            "text box {what}({} , {}, {} × {}) crosses the safe zone ({l}..{r} × {t}..{b})",
            spec.x, spec.y, spec.width, spec.height
        )));
    }
    Ok(())
}

/// Every argument `text_box` takes.
const TEXT_BOX_ARGS: &[&str] = &[
    "text",
    "x",
    "y",
    "width",
    "height",
    "size",
    "min_size",
    "family",
    "bold",
    "italic",
    "align",
    "valign",
    "line_height",
    "max_lines",
    "fill",
    "icon_scale",
    "name",
    "face",
    "card",
];

impl tera::Function<tera::TeraResult<Value>> for TextBox {
    fn call(&self, kwargs: Kwargs, state: &State) -> tera::TeraResult<Value> {
        let engine = &self.0;
        crate::text::kwargs::check(&kwargs, "text_box", TEXT_BOX_ARGS)?;
        let text = match kwargs.must_get::<&Value>("text")? {
            v if v.is_none() || v.is_undefined() => String::new(),
            v => v
                .as_str()
                .map(str::to_owned)
                .unwrap_or_else(|| v.to_string()),
        };
        let spec = spec_from_kwargs(&kwargs)?;
        let what = kwargs
            .get::<String>("name")?
            .map_or_else(String::new, |n| format!("`{n}` "));
        engine.check_family(&spec.family)?;
        if let Some(face) = state.get::<Value>("face")? {
            check_safe_zone(&spec, &face, &what)?;
        }
        let fitted = engine.fit(&text, &spec).map_err(tera::Error::message)?;
        if !fitted.fits {
            let msg = format!(
                "text {what}{} does not fit its {} × {} box even at the minimum size {}",
                quote(&text),
                // To the tenth of a millimetre: a box computed in the template (`R - L - 12`)
                // may come out as 45.499996 on one face and 45.500004 on the next.
                (spec.width * 10.0).round() / 10.0,
                (spec.height * 10.0).round() / 10.0,
                (spec.min_size * 100.0).round() / 100.0
            );
            engine.overflow(msg, state)?;
        }
        Ok(Value::safe_string(&engine.to_svg(&fitted, &spec)))
    }

    fn is_safe(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::fonts::Fonts;

    fn engine() -> TextEngine {
        let fonts = Fonts::bundled().unwrap();
        let mut icons = Icons::default();
        icons.map.insert(
            "coin".into(),
            parse_icon(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="currentColor"/></svg>"#).unwrap(),
        );
        TextEngine::new(fonts.db.clone(), icons, OverflowPolicy::Error)
    }

    fn spec(width: f32, height: f32, size: f32, min: f32) -> BoxSpec {
        BoxSpec {
            x: 5.0,
            y: 5.0,
            width,
            height,
            size,
            min_size: min,
            family: DEFAULT_FAMILY.into(),
            bold: false,
            italic: false,
            align: Align::Left,
            valign: VAlign::Top,
            line_height: 1.2,
            max_lines: usize::MAX,
            fill: "#000".into(),
            icon_scale: 1.1,
        }
    }

    /// Renders the fitted text with usvg and returns the text's bounding box.
    fn usvg_bbox(engine: &TextEngine, fitted: &Fitted, spec: &BoxSpec) -> usvg::Rect {
        usvg_tree(engine, fitted, spec).root().abs_bounding_box()
    }

    /// The fitted text as usvg reads it, on a 100 × 100 canvas.
    fn usvg_tree(engine: &TextEngine, fitted: &Fitted, spec: &BoxSpec) -> usvg::Tree {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">{}</svg>"#,
            engine.to_svg(fitted, spec)
        );
        let opts = usvg::Options {
            fontdb: engine.db.clone(),
            font_family: DEFAULT_FAMILY.into(),
            ..Default::default()
        };
        usvg::Tree::from_str(&svg, &opts).unwrap()
    }

    #[test]
    fn markup_parses_styles_icons_and_breaks() {
        let e = engine();
        // A colon inside a word opens no icon.
        let atoms = parse_markup("für Spieler:innen: alle", &e.icons).unwrap();
        assert_eq!(
            atoms[2],
            Atom::Text("Spieler:innen:".into(), Style::default())
        );
        let atoms = parse_markup("Gain **3** :coin: *now*\nthen", &e.icons).unwrap();
        assert_eq!(
            atoms,
            vec![
                Atom::Text("Gain".into(), Style::default()),
                Atom::Space,
                Atom::Text(
                    "3".into(),
                    Style {
                        bold: true,
                        italic: false
                    }
                ),
                Atom::Space,
                Atom::Icon("coin".into()),
                Atom::Space,
                Atom::Text(
                    "now".into(),
                    Style {
                        bold: false,
                        italic: true
                    }
                ),
                Atom::Break,
                Atom::Text("then".into(), Style::default()),
            ]
        );
        assert!(
            parse_markup("pay {coins}", &e.icons)
                .unwrap_err()
                .contains("did you mean `coin`")
        );
        assert!(parse_markup("**open", &e.icons).is_err());
        // Times like 10:30: are not icons.
        assert!(parse_markup("at 10:30:", &e.icons).is_ok());
        // An icon named in another script.
        let mut icons = Icons::default();
        let coin = e.icons.map.get("coin").unwrap().clone();
        icons.map.insert("münze".into(), coin);
        let atoms = parse_markup("2 :münze: {münze}", &icons).unwrap();
        assert_eq!(atoms[2], Atom::Icon("münze".into()));
        assert_eq!(atoms[4], Atom::Icon("münze".into()));
    }

    /// Renders `text` as plain words with `[b]`/`[i]` around styled runs, for short asserts.
    fn styled(text: &str) -> String {
        let e = engine();
        let atoms = parse_markup(text, &e.icons).unwrap();
        atoms
            .iter()
            .map(|a| match a {
                Atom::Text(t, s) if s.bold => format!("[b]{t}"),
                Atom::Text(t, s) if s.italic => format!("[i]{t}"),
                Atom::Text(t, _) => t.clone(),
                Atom::Space => " ".into(),
                _ => "|".into(),
            })
            .collect()
    }

    #[test]
    fn a_star_that_pairs_with_none_is_text() {
        assert_eq!(styled("Dragon*"), "Dragon*");
        assert_eq!(styled("Deal 2 * 3 damage"), "Deal 2 * 3 damage");
        assert_eq!(styled("*Rare card"), "*Rare card");
        assert_eq!(styled("Attack 5* (see rules)"), "Attack 5* (see rules)");
        assert_eq!(styled("a *b *c* d"), "a *b [i]c d");
        assert_eq!(styled("Gain **2** gold*"), "Gain [b]2 gold*");
        assert_eq!(styled("***all***"), "[b]all");
        assert_eq!(styled("keep \\*this*"), "keep *this*");
        // A forgotten close of bold is still an error: it is rarely meant as text.
        let e = engine();
        assert!(
            parse_markup("Gain **3 gold", &e.icons)
                .unwrap_err()
                .contains("unclosed `**`")
        );
        // A `**` opened and never closed before the next opens: its close was forgotten.
        assert!(
            parse_markup("Gain **3 gold, then **draw** a card", &e.icons)
                .unwrap_err()
                .contains("unclosed `**`")
        );
        // A `**` between spaces opens nothing, so it is text.
        assert_eq!(styled("2 ** 3"), "2 ** 3");
    }

    #[test]
    fn short_text_keeps_its_size_on_one_line() {
        let e = engine();
        let s = spec(50.0, 10.0, 4.0, 2.0);
        let f = e.fit("Copper Wiring", &s).unwrap();
        assert_eq!((f.size, f.lines.len(), f.fits), (4.0, 1, true));
    }

    #[test]
    fn long_text_wraps_and_shrinks_and_stays_inside_usvg_bbox() {
        let e = engine();
        let text = "When you draw this card, roll the **combat die** :coin: and *every* player in the \
                    room loses one life unless someone spends 3 coins to patch the leak before Midnight.";
        let s = spec(40.0, 20.0, 4.0, 2.0);
        let f = e.fit(text, &s).unwrap();
        assert!(f.fits);
        assert!(f.size < 4.0 && f.size >= 2.0, "shrunk to {}", f.size);
        assert!(f.lines.len() > 2);
        let bbox = usvg_bbox(&e, &f, &s);
        assert!(bbox.left() >= s.x - 0.05, "{bbox:?}");
        assert!(bbox.right() <= s.x + s.width + 0.05, "{bbox:?}");
        assert!(bbox.top() >= s.y - 0.05, "{bbox:?}");
        assert!(bbox.bottom() <= s.y + s.height + 0.05, "{bbox:?}");
    }

    #[test]
    fn measured_width_matches_usvg_exactly() {
        let e = engine();
        let s = spec(200.0, 20.0, 5.0, 5.0);
        let f = e.fit("Salvage the ☠️ 🪓 reactor", &s).unwrap();
        let bbox = usvg_bbox(&e, &f, &s);
        // The ink box is inside the advance box, and close to it.
        let measured = f.lines[0].width;
        assert!(
            bbox.width() <= measured + 0.01,
            "{} vs {measured}",
            bbox.width()
        );
        assert!(
            bbox.width() >= measured - 1.0,
            "{} vs {measured}",
            bbox.width()
        );
    }

    /// The words usvg draws, line by line: each word's text and the x of its first glyph, from
    /// usvg's own layout of the fitted SVG.
    fn usvg_words(engine: &TextEngine, fitted: &Fitted, spec: &BoxSpec) -> Vec<Vec<(f32, String)>> {
        let tree = usvg_tree(engine, fitted, spec);
        let Some(usvg::Node::Text(text)) = tree.root().children().first() else {
            panic!("no text");
        };
        let mut lines: Vec<(f32, Vec<(f32, String)>)> = Vec::new();
        // A span (a run of one style) starts a word; so does a space.
        let glyphs = text.layouted().iter().flat_map(|s| {
            let starts = (0..s.positioned_glyphs.len()).map(|i| i == 0);
            s.positioned_glyphs.iter().zip(starts)
        });
        for (glyph, span_start) in glyphs {
            let t = glyph.transform();
            if lines.last().is_none_or(|(y, _)| (y - t.ty).abs() > 0.01) {
                lines.push((t.ty, Vec::new()));
            }
            let words = &mut lines.last_mut().unwrap().1;
            if span_start {
                words.push((f32::NAN, String::new()));
            }
            match glyph.text.trim().is_empty() {
                true => words.push((f32::NAN, String::new())),
                false => match words.last_mut() {
                    Some((x, w)) if x.is_nan() || !w.is_empty() => {
                        if x.is_nan() {
                            *x = t.tx;
                        }
                        w.push_str(&glyph.text);
                    }
                    _ => words.push((t.tx, glyph.text.clone())),
                },
            }
        }
        let words = |w: Vec<(f32, String)>| w.into_iter().filter(|(_, w)| !w.is_empty()).collect();
        lines.into_iter().map(|(_, w)| words(w)).collect()
    }

    /// Where each word of a line must end, by the engine's own measure: `(start, end)`.
    fn word_spans(
        e: &TextEngine,
        line: &[(f32, String)],
        size: f32,
        bold: &[&str],
    ) -> Vec<(f32, f32)> {
        line.iter()
            .map(|(x, w)| {
                let style = Style {
                    bold: bold.contains(&w.as_str()),
                    italic: false,
                };
                (*x, x + e.advance(DEFAULT_FAMILY, style, w) * size)
            })
            .collect()
    }

    #[test]
    fn a_space_kept_inside_a_word_does_not_widen() {
        let e = engine();
        let mut s = spec(42.0, 40.0, 3.0, 3.0);
        s.align = Align::Justify;
        let f = e
            .fit(
                "Pay 10\\ gold to draw a card and keep it hidden until the final round of play",
                &s,
            )
            .unwrap();
        let svg = e.to_svg(&f, &s);
        // The part with the kept space is a piece of its own, not widened.
        assert!(svg.contains(">10 gold</tspan>"), "{svg}");
        let piece = svg
            .split("<tspan")
            .find(|t| t.contains(">10 gold<"))
            .unwrap();
        assert!(!piece.contains("word-spacing"), "{piece}");
    }

    #[test]
    fn justify_fills_the_width_except_the_last_line() {
        let e = engine();
        let mut s = spec(30.0, 100.0, 3.0, 3.0);
        s.align = Align::Justify;
        let f = e
            .fit(
                "one two three four five six seven eight nine ten eleven twelve",
                &s,
            )
            .unwrap();
        assert!(f.lines.len() >= 2);
        let lines = usvg_words(&e, &f, &s);
        let first = word_spans(&e, &lines[0], f.size, &[]);
        let end = first.last().unwrap().1;
        assert!((end - (s.x + s.width)).abs() < 0.01, "line ends at {end}");
        let last = word_spans(&e, lines.last().unwrap(), f.size, &[]);
        assert!(last.last().unwrap().1 < s.x + s.width - 1.0, "{last:?}");
    }

    #[test]
    fn a_right_to_left_line_reads_from_the_right_across_styles() {
        // Three Hebrew words, the middle one bold: read from the right, the first word is
        // rightmost and the last leftmost. A Latin line keeps its order.
        let e = engine();
        let s = spec(80.0, 10.0, 4.0, 4.0);
        let x_of = |text: &str, marks: [char; 3]| -> Vec<f32> {
            let f = e.fit(text, &s).unwrap();
            let words = usvg_words(&e, &f, &s).concat();
            marks
                .iter()
                .map(|m| words.iter().find(|(_, w)| w.contains(*m)).unwrap().0)
                .collect()
        };
        let hebrew = x_of("אבג **דהו** זחט", ['א', 'ד', 'ז']);
        assert!(hebrew[0] > hebrew[1] && hebrew[1] > hebrew[2], "{hebrew:?}");
        // Within a piece, too: the words read from the right and the full stop ends the
        // sentence on the left.
        let sentence = x_of("אבג דהו זחט.", ['א', 'ד', '.']);
        assert!(
            sentence[0] > sentence[1] && sentence[1] > sentence[2],
            "{sentence:?}"
        );
        let latin = x_of("abc **def** ghi", ['a', 'd', 'g']);
        assert!(latin[0] < latin[1] && latin[1] < latin[2], "{latin:?}");
        // Still on the box's left, as wide as before.
        assert!((hebrew[2] - s.x).abs() < 0.01, "{hebrew:?}");
    }

    #[test]
    fn words_run_on_where_the_fitter_placed_them() {
        // A justified box with bold words mid-line, laid out by usvg from runs of words: each
        // word starts at the box's left or one even gap after the word before, and every line
        // but the last ends at the box's right.
        let e = engine();
        let mut s = spec(42.0, 40.0, 3.0, 2.0);
        s.align = Align::Justify;
        let text = "Spend **two coins** to move the guard one room, then draw a card and keep \
                    it hidden until the **final round** when every player shows theirs.";
        let f = e.fit(text, &s).unwrap();
        let bold = ["two", "coins", "final", "round"];
        let lines = usvg_words(&e, &f, &s);
        assert_eq!(lines.len(), f.lines.len());
        assert!(lines.len() >= 3, "{lines:?}");
        assert!(
            f.lines.iter().any(|l| l.pieces.len() > 1),
            "a line mixes bold and regular"
        );
        let runs: usize = f.lines.iter().map(|l| l.pieces.len()).sum();
        let words: usize = lines.iter().map(Vec::len).sum();
        assert!(runs * 2 < words, "{runs} runs for {words} words");
        for (n, line) in lines.iter().enumerate() {
            let spans = word_spans(&e, line, f.size, &bold);
            assert!(
                (spans[0].0 - s.x).abs() < 0.01,
                "line {n} starts at {}",
                spans[0].0
            );
            let gaps: Vec<f32> = spans.windows(2).map(|w| w[1].0 - w[0].1).collect();
            for g in &gaps {
                assert!((g - gaps[0]).abs() < 0.01, "line {n}: uneven gaps {gaps:?}");
            }
            let end = spans.last().unwrap().1;
            if n + 1 < lines.len() {
                assert!(
                    (end - (s.x + s.width)).abs() < 0.02,
                    "line {n} ends at {end}"
                );
            }
        }
        // Centred, the same runs sit in the middle.
        s.align = Align::Center;
        let f = e.fit(text, &s).unwrap();
        for (n, line) in usvg_words(&e, &f, &s).iter().enumerate() {
            let spans = word_spans(&e, line, f.size, &bold);
            let (left, right) = (spans[0].0 - s.x, s.x + s.width - spans.last().unwrap().1);
            assert!(
                (left - right).abs() < 0.02,
                "line {n}: {left} left, {right} right"
            );
        }
    }

    #[test]
    fn text_that_cannot_fit_reports_overflow() {
        let e = engine();
        let s = spec(10.0, 4.0, 3.0, 2.5);
        let f = e
            .fit("This sentence is far too long for a tiny box", &s)
            .unwrap();
        assert!(!f.fits);
    }

    #[test]
    fn overflowing_text_is_cut_to_its_box_and_max_lines_with_an_ellipsis() {
        let e = engine();
        let long = "Dragon of the Extraordinarily Long Name That Goes On And On Forever";
        let mut s = spec(30.0, 10.0, 5.0, 4.0);
        s.max_lines = 1;
        let f = e.fit(long, &s).unwrap();
        assert!(!f.fits);
        assert_eq!(f.lines.len(), 1);
        let text = |f: &Fitted| format!("{:?}", f.lines);
        assert!(text(&f).contains('…'), "{}", text(&f));
        // Without max_lines the box's height decides: 12 mm holds two lines at 4 mm.
        s.max_lines = usize::MAX;
        s.height = 12.0;
        let f = e.fit(long, &s).unwrap();
        assert_eq!(f.lines.len(), 2);
        assert!(text(&f).contains('…'));
        // A box too low for one line still keeps one.
        s.height = 1.0;
        assert_eq!(e.fit(long, &s).unwrap().lines.len(), 1);
    }

    #[test]
    fn max_lines_one_shrinks_a_title() {
        let e = engine();
        let mut s = spec(30.0, 10.0, 6.0, 2.0);
        s.max_lines = 1;
        let f = e.fit("Quantum Flux Capacitor", &s).unwrap();
        assert_eq!(f.lines.len(), 1);
        assert!(f.fits && f.size < 6.0);
    }
}
