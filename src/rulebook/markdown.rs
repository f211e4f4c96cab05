//! Markdown to Typst markup, for the rulebook.
//!
//! Everything that comes from the Markdown is escaped, so no text can break the typesetting;
//! structure is emitted as Typst function calls (`#strong[..]`, `#list(..)`, `#table(..)`),
//! which nest without the indentation rules of Typst's own list syntax. A construct that cannot
//! be typeset (raw HTML) is an error naming the file and line.

use std::collections::HashMap;
use std::path::Path;

use pulldown_cmark::{
    Alignment, CodeBlockKind, Event, Options, Parser, Tag, TagEnd, TextMergeWithOffset,
};

use crate::error::{Error, Result};
use crate::rulebook::anchors::Anchors;
use crate::rulebook::source_map::{Origin, source_end, source_marker};

/// How images and icons in the rules are resolved to files of the typesetting world.
pub trait Assets {
    /// The virtual path of an image given in `![](dest)`, or an error message.
    fn image(&mut self, dest: &str) -> std::result::Result<String, String>;
    /// The Typst markup of the face whose stand-in is `path`, cut to its trim and `height_mm`
    /// tall; none for any other image.
    fn picture(&self, path: &str, height_mm: f32) -> Option<String> {
        let _ = (path, height_mm);
        None
    }
    /// The virtual path of an inline icon `:name:`, if there is such an icon.
    fn icon(&mut self, name: &str) -> Option<String>;
    /// The names of every icon there is, to suggest one for a misspelt name.
    fn icon_names(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// The Typst markup of a ```` ```figure ```` block (see `rulebook::figure`), or an error
    /// message.
    fn figure(&mut self, yaml: &str) -> std::result::Result<String, String> {
        let _ = yaml;
        Err("figures cannot be drawn here".to_owned())
    }
}

/// A heading's label: the project's one slug rule.
pub use crate::slug::slugify as slug;

/// Escapes text for Typst markup. Markup characters get a backslash; quotes stay unescaped so
/// they become typographic quotes. A long run of markup characters (`[[[[…`) goes as one
/// string instead: each escape is an element of its own to the typesetter, whose line
/// breaking grows with the square of a paragraph's elements (100,000 brackets took 17 s).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut prev_digit = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let run = special_run(rest, prev_digit);
        if run >= LONG_SPECIAL_RUN {
            out.push_str(&format!("#{};", string(&rest[..run])));
            prev_digit = false;
            rest = &rest[run..];
            continue;
        }
        if is_special(c, prev_digit) {
            out.push('\\');
        }
        out.push(c);
        prev_digit = c.is_ascii_digit();
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Markup characters in a row that go as one string rather than escaped one by one.
const LONG_SPECIAL_RUN: usize = 16;

/// The length in bytes of the run of markup characters `text` starts with.
fn special_run(text: &str, mut prev_digit: bool) -> usize {
    let mut len = 0;
    for c in text.chars() {
        if !is_special(c, prev_digit) {
            break;
        }
        prev_digit = false;
        len += c.len_utf8();
    }
    len
}

/// Whether `c` means something in Typst markup (a `.` only after a digit: `1.` is a list).
fn is_special(c: char, prev_digit: bool) -> bool {
    matches!(
        c,
        '\\' | '#'
            | '$'
            | '*'
            | '_'
            | '`'
            | '<'
            | '>'
            | '@'
            | '['
            | ']'
            | '~'
            | '/'
            | '='
            | '-'
            | '+'
    ) || (c == '.' && prev_digit)
}

/// A Typst string literal.
pub fn string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Where output goes while a construct is open.
enum Frame {
    /// A heading, from where its markup starts, with its words as written, for its label.
    Heading {
        level: usize,
        start: usize,
        words: String,
    },
    List,
    Item,
    /// A table, from where its markup starts, with the rows seen so far.
    Table {
        start: usize,
        rows: usize,
    },
    Cell,
    Other,
}

/// Converts rendered rules Markdown to Typst markup. `file` names the rules in errors.
pub fn to_typst(md: &str, file: &Path, assets: &mut dyn Assets) -> Result<String> {
    // The character that marks a link's place until it is resolved is no text's.
    let md = &crate::rulebook::anchors::unmarked(md);
    let opts = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_FOOTNOTES;
    let mut c = Converter {
        md,
        file,
        assets,
        out: String::with_capacity(md.len() * 2),
        stack: Vec::new(),
        anchors: Anchors::default(),
        code: None,
        depth: 0,
        // A second reading only for rules that may have footnotes.
        footnotes: match md.contains("[^") {
            true => footnotes(Parser::new_ext(md, opts)),
            false => HashMap::new(),
        },
        in_footnote: false,
        html: None,
    };
    // Text split at every character that might open markup (`[[[[` is a thousand pieces)
    // is joined again, so a run of them can be escaped as one.
    let events = TextMergeWithOffset::new(Parser::new_ext(md, opts).into_offset_iter());
    for (event, range) in events {
        c.event(event, range.start)?;
    }
    let mut out = c
        .anchors
        .resolve(&c.out)
        .map_err(|u| c.error(u.message, u.offset).help(u.help))?;
    out.push_str(&source_end());
    Ok(out)
}

/// The text of each footnote (`[^label]: …`) by its label, as plain words: a footnote is
/// typeset where it is referred to, and its definition may come anywhere after.
fn footnotes<'a>(events: impl Iterator<Item = Event<'a>>) -> HashMap<String, String> {
    let mut notes = HashMap::new();
    let mut open: Option<(String, String)> = None;
    for event in events {
        match (event, &mut open) {
            (Event::Start(Tag::FootnoteDefinition(label)), _) => {
                open = Some((label.to_string(), String::new()));
            }
            (Event::End(TagEnd::FootnoteDefinition), _) => {
                if let Some((label, text)) = open.take() {
                    notes.insert(label, text.trim().to_owned());
                }
            }
            (Event::Text(t) | Event::Code(t), Some((_, text))) => text.push_str(&t),
            (
                Event::SoftBreak | Event::HardBreak | Event::End(TagEnd::Paragraph),
                Some((_, text)),
            ) => text.push(' '),
            _ => {}
        }
    }
    notes
}

/// Tables of at most this many body rows are kept on one page.
const SHORT_TABLE_ROWS: usize = 12;

/// A code block being read.
struct Code {
    lang: String,
    text: String,
    offset: usize,
}

/// Typst's parser has a depth limit; stop well before it with an error a person can act on.
const MAX_DEPTH: usize = 40;

/// The state of one conversion: the markup so far and the open structures.
struct Converter<'a> {
    md: &'a str,
    file: &'a Path,
    assets: &'a mut dyn Assets,
    out: String,
    stack: Vec<Frame>,
    /// The headings' labels and the links within the rules, resolved at the end.
    anchors: Anchors,
    /// Inside a code block: its language, its text and where it starts.
    code: Option<Code>,
    depth: usize,
    /// Footnote texts by label (see [`footnotes`]).
    footnotes: HashMap<String, String>,
    /// Inside a footnote's definition, which is typeset where it is referred to instead.
    in_footnote: bool,
    /// Inside an HTML block: its text so far and where it starts.
    html: Option<(String, usize)>,
}

/// Whether `html` holds nothing but HTML comments (and white space).
fn only_comments(html: &str) -> bool {
    let mut rest = html.trim();
    while let Some(after) = rest.strip_prefix("<!--") {
        match after.find("-->") {
            Some(end) => rest = after[end + 3..].trim_start(),
            None => return false,
        }
    }
    rest.is_empty()
}

impl Converter<'_> {
    /// The 1-based line of `offset` in the Markdown.
    fn line_of(&self, offset: usize) -> usize {
        self.md[..offset.min(self.md.len())].matches('\n').count() + 1
    }

    /// Before a top-level block, a marker with its line, so a Typst error inside it points at
    /// the rules file and line.
    fn mark(&mut self, tag: &Tag, offset: usize) {
        let block = matches!(
            tag,
            Tag::Paragraph
                | Tag::Heading { .. }
                | Tag::BlockQuote(_)
                | Tag::CodeBlock(_)
                | Tag::List(_)
                | Tag::Table(_)
        );
        if block && self.stack.is_empty() && self.code.is_none() {
            let marker = source_marker(self.file, self.line_of(offset), Origin::Block);
            self.out.push_str(&marker);
        }
    }

    /// An error at the line of `offset` in the Markdown.
    fn error(&self, msg: String, offset: usize) -> Error {
        let line = self.line_of(offset);
        // The column of the construct itself (an inline `<b>` mid-line), in characters.
        let before = self.md.get(..offset).unwrap_or("");
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Error::new(msg)
            .in_file(self.file)
            .at(line, column)
            .with_source(self.md)
    }

    fn event(&mut self, event: Event, offset: usize) -> Result<()> {
        if self.footnote_event(&event, offset)? || self.in_footnote {
            return Ok(());
        }
        match event {
            Event::Start(tag) => self.start_nested(tag, offset)?,
            Event::End(tag) => {
                self.depth = self.depth.saturating_sub(1);
                self.end(tag)?;
            }
            Event::Text(text) => match &mut self.code {
                Some(code) => code.text.push_str(&text),
                None => {
                    self.heading_words(&text);
                    let t = with_icons(&text, self.assets).map_err(|m| self.error(m, offset))?;
                    self.out.push_str(&t);
                }
            },
            Event::Code(code) => {
                self.heading_words(&code);
                self.out.push_str(&format!("#raw({});", string(&code)));
            }
            Event::SoftBreak => self.out.push(' '),
            // A call, not Typst's trailing backslash, which would escape a following `]`.
            Event::HardBreak => self.out.push_str("#linebreak();"),
            Event::Rule => self
                .out
                .push_str("\n#line(length: 100%, stroke: 0.5pt + luma(150))\n"),
            // A block's lines, gathered to be judged whole at its end.
            Event::Html(html) if self.html.is_some() => {
                if let Some((text, _)) = &mut self.html {
                    text.push_str(&html);
                }
            }
            // Comments (the check's `<!-- components -->` marker) typeset as nothing.
            Event::Html(html) | Event::InlineHtml(html) if only_comments(&html) => {}
            Event::Html(_) | Event::InlineHtml(_) => {
                return Err(self
                    .error(
                        "raw HTML cannot be typeset in a rulebook".to_owned(),
                        offset,
                    )
                    .help("use Markdown instead (emphasis, lists, tables, images); an HTML comment `<!-- … -->` is left out"));
            }
            Event::InlineMath(_)
            | Event::DisplayMath(_)
            | Event::FootnoteReference(_)
            | Event::TaskListMarker(_) => {
                return Err(self.error(
                    "this Markdown construct cannot be typeset".to_owned(),
                    offset,
                ));
            }
        }
        Ok(())
    }

    /// A footnote's definition was read beforehand; it is typeset where it is referred to.
    /// Notes entering and leaving a definition, and typesets a reference; returns whether the
    /// event is handled.
    fn footnote_event(&mut self, event: &Event, offset: usize) -> Result<bool> {
        match event {
            Event::Start(Tag::FootnoteDefinition(_)) => self.in_footnote = true,
            Event::End(TagEnd::FootnoteDefinition) => {
                self.in_footnote = false;
                return Ok(true);
            }
            Event::FootnoteReference(label) => {
                let text = self
                    .footnotes
                    .get(label.as_ref())
                    .cloned()
                    .unwrap_or_default();
                let body = with_icons(&text, self.assets).map_err(|m| self.error(m, offset))?;
                self.out.push_str(&format!("#footnote[{body}];"));
                return Ok(true);
            }
            _ => {}
        }
        Ok(false)
    }

    /// Opens `tag` one level deeper, refusing Markdown nested deeper than [`MAX_DEPTH`].
    fn start_nested(&mut self, tag: Tag, offset: usize) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let msg =
                format!("Markdown nested more than {MAX_DEPTH} levels deep cannot be typeset");
            return Err(self
                .error(msg, offset)
                .help("flatten the emphasis, lists or quotes on this line"));
        }
        self.mark(&tag, offset);
        self.start(tag, offset)
    }

    fn start(&mut self, tag: Tag, offset: usize) -> Result<()> {
        match tag {
            Tag::Paragraph => {}
            Tag::Heading { level, .. } => {
                self.out.push('\n');
                self.stack.push(Frame::Heading {
                    level: level as usize,
                    start: self.out.len(),
                    words: String::new(),
                });
            }
            Tag::BlockQuote(_) => {
                self.out.push_str("\n#quote(block: true)[");
                self.stack.push(Frame::Other);
            }
            Tag::CodeBlock(kind) => {
                let lang = match kind {
                    CodeBlockKind::Fenced(l) => l.trim().to_owned(),
                    CodeBlockKind::Indented => String::new(),
                };
                self.code = Some(Code {
                    lang,
                    text: String::new(),
                    offset,
                });
            }
            Tag::List(start) => {
                match start {
                    Some(n) => self.out.push_str(&format!("\n#enum(start: {n}, ")),
                    None => self.out.push_str("\n#list("),
                }
                self.stack.push(Frame::List);
            }
            Tag::Item => {
                self.out.push('[');
                self.stack.push(Frame::Item);
            }
            Tag::Table(aligns) => self.start_table(&aligns),
            Tag::TableHead => self.out.push_str("table.header("),
            Tag::TableRow => {
                if let Some(Frame::Table { rows, .. }) = self.stack.last_mut() {
                    *rows += 1;
                }
            }
            Tag::TableCell => {
                self.out.push('[');
                self.stack.push(Frame::Cell);
            }
            Tag::Emphasis => self.out.push_str("#emph["),
            Tag::Strong => self.out.push_str("#strong["),
            Tag::Strikethrough => self.out.push_str("#strike["),
            Tag::Link { dest_url, .. } => self.start_link(&dest_url, offset),
            Tag::Image { dest_url, .. } => self.start_image(&dest_url, offset)?,
            // Its lines follow as `Html` events; the block is judged at its end.
            Tag::HtmlBlock => self.html = Some((String::new(), offset)),
            other => {
                return Err(self.error(
                    format!("this Markdown construct cannot be typeset: {other:?}"),
                    offset,
                ));
            }
        }
        Ok(())
    }

    /// A link: to a heading of the rules by its label, or to an address.
    fn start_link(&mut self, dest_url: &str, offset: usize) {
        if let Some(anchor) = dest_url.strip_prefix('#') {
            let label = self.anchors.link(anchor, offset);
            self.out.push_str(&format!("#link({label})["));
        } else {
            self.out.push_str(&format!("#link({})[", string(dest_url)));
        }
    }

    /// An image, as a file of the Typst project; its alt text, which follows, is hidden.
    fn start_image(&mut self, dest_url: &str, offset: usize) -> Result<()> {
        let path = self
            .assets
            .image(dest_url)
            .map_err(|m| self.error(m, offset))?;
        // A face as the player holds it once cut, an image of the game's own as it is.
        let picture = self.assets.picture(&path, 32.0);
        let picture = picture.unwrap_or_else(|| format!("image({}, height: 3.2cm)", string(&path)));
        self.out.push_str(&format!("#box({picture});"));
        // The alt text follows as events; swallow it.
        self.stack.push(Frame::Other);
        self.out.push_str("#hide[");
        Ok(())
    }

    fn end(&mut self, tag: TagEnd) -> Result<()> {
        if tag == TagEnd::HtmlBlock
            && let Some((html, offset)) = self.html.take()
            && !only_comments(&html)
        {
            return Err(self
                .error("raw HTML cannot be typeset in a rulebook".to_owned(), offset)
                .help("use Markdown instead (emphasis, lists, tables, images); an HTML comment `<!-- … -->` is left out"));
        }
        match tag {
            TagEnd::Paragraph => self.out.push_str("\n\n"),
            TagEnd::Heading(_) => self.end_heading(),
            TagEnd::BlockQuote(_) => {
                self.stack.pop();
                self.out.push_str("]\n");
            }
            TagEnd::CodeBlock => self.end_code()?,
            TagEnd::List(_) => {
                self.stack.pop();
                self.out.push_str(")\n");
            }
            TagEnd::Item => {
                self.stack.pop();
                while self.out.ends_with('\n') {
                    self.out.pop();
                }
                self.out.push_str("], ");
            }
            TagEnd::Table => {
                self.out.push(')');
                // A short table moves to the next page whole rather than leave a row or two
                // behind; a long one may break, repeating its header.
                if let Some(Frame::Table { start, rows }) = self.stack.pop()
                    && rows <= SHORT_TABLE_ROWS
                {
                    self.out.insert_str(start, "\n#block(breakable: false)[");
                    self.out.push(']');
                }
                self.out.push_str("\n\n");
            }
            TagEnd::TableHead => self.out.push_str("), "),
            TagEnd::TableRow => {}
            TagEnd::TableCell => {
                self.stack.pop();
                self.out.push_str("], ");
            }
            // `;` ends the call, so a following `(`, `[` or `.` stays text.
            TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link => {
                self.out.push_str("];")
            }
            TagEnd::Image => {
                self.stack.pop();
                self.out.push_str("];");
            }
            _ => {}
        }
        Ok(())
    }

    /// A code block: a drawn figure for the `figure` language, else verbatim text.
    fn end_code(&mut self) -> Result<()> {
        let Some(code) = self.code.take() else {
            return Ok(());
        };
        if code.lang == "figure" {
            let markup = self.assets.figure(&code.text).map_err(|m| {
                let (shown, place) = split_place(&m);
                self.error(shown, figure_offset(self.md, &code, &m, place))
            })?;
            self.out.push_str(&markup);
            return Ok(());
        }
        let lang = if code.lang.is_empty() {
            String::new()
        } else {
            format!(", lang: {}", string(&code.lang))
        };
        self.out.push_str(&format!(
            "\n#raw(block: true{lang}, {})\n",
            string(&code.text)
        ));
        Ok(())
    }

    fn start_table(&mut self, aligns: &[Alignment]) {
        let align: Vec<&str> = aligns
            .iter()
            .map(|a| match a {
                Alignment::Center => "center",
                Alignment::Right => "right",
                _ => "left",
            })
            .collect();
        let start = self.out.len();
        self.out.push_str(&format!(
            "\n#table(columns: {}, align: ({},), ",
            aligns.len(),
            align.join(", ")
        ));
        self.stack.push(Frame::Table { start, rows: 0 });
    }

    /// Words of an open heading, kept as written: its markup holds calls (a link, an icon)
    /// whose arguments are no words of the heading's name.
    fn heading_words(&mut self, text: &str) {
        if let Some(Frame::Heading { words, .. }) = self.stack.last_mut() {
            words.push_str(text);
        }
    }

    /// Closes a heading: its text moves into `= text <label>` with a unique label.
    fn end_heading(&mut self) {
        let Some(Frame::Heading {
            level,
            start,
            words,
        }) = self.stack.pop()
        else {
            return;
        };
        let text = self.out[start..].to_owned();
        self.out.truncate(start);
        // A bare `##` would print an empty heading, and an entry in the contents, of nothing.
        if text.trim().is_empty() {
            return;
        }
        let label = self.anchors.heading(&words);
        self.out.push_str(&format!(
            "{} {} <{label}>\n",
            "=".repeat(level),
            text.trim()
        ));
    }
}

/// Where in the rules a figure's error is: the YAML parser's `place` in the block when it gave
/// one, else the first line of the block that holds what the message names in backticks (a
/// face, a text to find), else the block's fence. Of several names, the one on the fewest lines
/// says most (`deck/nosuch`, not `deck`), then the one the message names first: a message
/// names what is wrong (a callout's text) before where it is (its piece).
fn figure_offset(md: &str, code: &Code, message: &str, place: Option<(usize, usize)>) -> usize {
    let body = md.get(code.offset..).unwrap_or("");
    // The block's text starts after its fence line.
    let start = body.find('\n').map_or(0, |i| i + 1);
    let lines: Vec<(usize, &str)> = body[start..]
        .split_inclusive('\n')
        .scan(start, |at, line| {
            let here = *at;
            *at += line.len();
            Some((here, line))
        })
        .take_while(|(_, line)| !line.trim_start().starts_with("```"))
        .collect();
    // The YAML parser's own place in the block, where it gives one.
    if let Some((line, column)) = place
        && let Some((at, raw)) = lines.get(line.wrapping_sub(1))
    {
        // The parser counts in the block's own line; in a list item or a quote, the rules'
        // line holds the container's indent or `> ` before it.
        let raw = raw.trim_end_matches(['\n', '\r']);
        let own = code.text.lines().nth(line - 1).filter(|l| raw.ends_with(l));
        let (prefix, own) = own.map_or((0, raw), |l| (raw.len() - l.len(), l));
        let column: usize = own
            .chars()
            .take(column.saturating_sub(1))
            .map(char::len_utf8)
            .sum();
        return code.offset + at + prefix + column;
    }
    let named = message
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|n| !n.is_empty())
        .enumerate()
        .map(|(i, n)| (lines.iter().filter(|(_, l)| l.contains(n)).count(), i, n))
        .filter(|(count, _, _)| *count > 0)
        .min_by_key(|(count, i, _)| (*count, *i));
    let hit = named.and_then(|(_, _, n)| {
        let (at, line) = lines.iter().find(|(_, l)| l.contains(n))?;
        Some(at + (line.len() - line.trim_start().len()))
    });
    code.offset + hit.unwrap_or(0)
}

/// How a figure's YAML error starts (see `figure::to_typst`).
const YAML_ERROR: &str = "in a figure block: ";

/// A figure's message, and the 1-based line and column in the block the YAML parser gives
/// (`… at line 3 column 20`), taken out of the message: the error shows it as the rules' own
/// line and column. Only the parser's own messages are read so; others quote the designer's
/// words, and stay whole.
fn split_place(message: &str) -> (String, Option<(usize, usize)>) {
    let whole = || (message.to_owned(), None);
    let Some(yaml) = message.strip_prefix(YAML_ERROR) else {
        return whole();
    };
    let Some(at) = yaml.find(" at line ") else {
        return whole();
    };
    let Some((line, after)) = yaml[at + " at line ".len()..].split_once(" column ") else {
        return whole();
    };
    let digits = after.chars().take_while(char::is_ascii_digit).count();
    let (Ok(line), Ok(column)) = (line.parse(), after[..digits].parse()) else {
        return whole();
    };
    let shown = format!("{}{}", &message[..YAML_ERROR.len() + at], &after[digits..]);
    (shown, Some((line, column)))
}

/// Escaped text, with `:icon:` names replaced by inline icon images. A name of two or more
/// lowercase letters and hyphens that is no icon is an error, as in card text: it is nearly
/// always a misspelt icon; other colons (`10:30`, `1:2:3`, `a:b:`, `Note:`) are text.
pub(crate) fn with_icons(
    text: &str,
    assets: &mut dyn Assets,
) -> std::result::Result<String, String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(':') {
        let after = &rest[start + 1..];
        let end = after.find(':');
        // A name stands apart from the words around it: `Spieler:innen:` is a word.
        let apart = !rest[..start]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric);
        // Only an unknown name of lower-case ASCII letters is taken for a misspelt icon, below.
        let name = end
            .map(|e| &after[..e])
            .filter(|n| apart && !n.is_empty() && n.chars().all(crate::text::fit::icon_name_char));
        match name.map(|n| (n, assets.icon(n))) {
            Some((n, Some(path))) => {
                out.push_str(&escape(&rest[..start]));
                out.push_str(&format!(
                    "#box(height: 0.9em, baseline: 0.12em, image({}, height: 0.9em));",
                    string(&path)
                ));
                rest = &after[n.len() + 1..];
            }
            Some((n, None))
                if n.len() > 1
                    && n.chars().any(|c| c.is_ascii_lowercase())
                    && n.chars().all(|c| c.is_ascii_lowercase() || c == '-') =>
            {
                let names = assets.icon_names();
                return Err(format!(
                    "unknown icon `:{n}:` ({}; if the colons are text, put a space after the first)",
                    crate::error::suggestion(n, names.iter().map(String::as_str))
                ));
            }
            _ => {
                out.push_str(&escape(&rest[..=start]));
                rest = after;
            }
        }
    }
    out.push_str(&escape(rest));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoAssets;
    impl Assets for NoAssets {
        fn image(&mut self, dest: &str) -> std::result::Result<String, String> {
            Ok(format!("img/{dest}"))
        }
        fn icon(&mut self, name: &str) -> Option<String> {
            ["coin", "münze", "コイン"]
                .contains(&name)
                .then(|| format!("icons/{name}.svg"))
        }
        fn icon_names(&mut self) -> Vec<String> {
            vec!["coin".to_owned()]
        }
    }

    fn convert(md: &str) -> String {
        to_typst(md, Path::new("rules.md"), &mut NoAssets).unwrap()
    }

    #[test]
    fn text_is_escaped() {
        let t = convert("Pay #3 = $5 * 2 < now > @you [x] 1. item_a\n");
        assert!(
            t.contains("Pay \\#3 \\= \\$5 \\* 2 \\< now \\> \\@you \\[x\\] 1\\. item\\_a"),
            "{t}"
        );
    }

    #[test]
    fn headings_get_labels_and_links_point_to_them() {
        let t = convert("# The Setup\n\nSee [setup](#the-setup).\n\n# The Setup\n");
        assert!(t.contains("= The Setup <the-setup>"), "{t}");
        assert!(t.contains("= The Setup <the-setup-2>"), "{t}");
        assert!(t.contains("#link(label(\"the-setup\"))[setup]"), "{t}");
    }

    #[test]
    fn a_heading_with_a_link_or_an_icon_is_named_by_its_words() {
        let t = convert(
            "## Scoring, see [Setup](#setup)\n\n## Setup\n\n## Pay :coin: `now`\n\nSee [s](#scoring-see-setup) and [p](#pay-coin-now).\n",
        );
        assert!(t.contains("<scoring-see-setup>"), "{t}");
        assert!(t.contains("<pay-coin-now>"), "{t}");
        assert!(t.contains("#link(label(\"scoring-see-setup\"))[s]"), "{t}");
    }

    #[test]
    fn a_link_to_a_missing_heading_is_an_error_at_the_link() {
        // A link before its heading is fine.
        let t = convert("See [the end](#Game-End).\n\n## Game End\n");
        assert!(t.contains("#link(label(\"game-end\"))"), "{t}");
        let err = |md: &str| to_typst(md, Path::new("rules.md"), &mut NoAssets).unwrap_err();
        let e = err("# Setup\n\n## Scoring\n\nText, then [scores](#scorin) and [x](#setup).\n");
        assert_eq!((e.line, e.column), (Some(5), Some(12)), "{e}");
        assert!(e.message.contains("`#scorin` goes to no heading"), "{e}");
        assert_eq!(e.help.as_deref(), Some("did you mean `#scoring`?"));
        let e = err("# Setup\n\n## Play\n\nSee [x](#victory-points).\n");
        assert!(
            e.help.as_deref().unwrap().ends_with("`#setup`, `#play`"),
            "{e:?}"
        );
        let e = err("See [x](#rules).\n");
        assert_eq!(e.help.as_deref(), Some("the rules have no heading"));
    }

    #[test]
    fn an_empty_heading_is_dropped_and_one_of_signs_gets_a_label() {
        let t = convert("# Play\n\n##\n\nText.\n\n## ???\n\n## !!!\n");
        assert!(!t.contains("<>"), "{t}");
        assert!(!t.contains("== \n") && !t.contains("==  <"), "{t}");
        assert!(t.contains("<section>") && t.contains("<section-2>"), "{t}");
    }

    #[test]
    fn nested_lists_and_emphasis() {
        let t = convert("- **Bold** and *it*\n  1. inner\n  2. two\n- last\n");
        assert!(t.contains("#list("), "{t}");
        assert!(t.contains("#enum(start: 1, "), "{t}");
        assert!(
            t.contains("#strong[Bold]") && t.contains("#emph[it]"),
            "{t}"
        );
    }

    #[test]
    fn tables_become_typst_tables() {
        let t = convert("| a | b |\n| :-- | --: |\n| 1 | 2 |\n");
        assert!(
            t.contains(
                "#block(breakable: false)[\n#table(columns: 2, align: (left, right,), table.header([a], [b], ), [1], [2], )]"
            ),
            "{t}"
        );
        let long: String = (0..20).map(|i| format!("| {i} | x |\n")).collect();
        let t = convert(&format!("| a | b |\n| --- | --- |\n{long}"));
        assert!(t.contains("#table(") && !t.contains("breakable"), "{t}");
    }

    #[test]
    fn icons_and_code() {
        let t = convert("Gain :coin: now and `a*b`, or 2 :münze: or :コイン:.\n");
        assert!(t.contains("image(\"icons/coin.svg\""), "{t}");
        assert!(t.contains("image(\"icons/münze.svg\""), "{t}");
        assert!(t.contains("image(\"icons/コイン.svg\""), "{t}");
        assert!(t.contains("#raw(\"a*b\")"), "{t}");
        // Colons that name no icon by their shape are text.
        let t = convert(
            "At 10:30:45, a ratio of 1:2:3. Note: x2:y: and :Coin: too, :--: für Spieler:innen: alle.\n",
        );
        assert!(t.contains("Spieler:innen:"), "{t}");
        assert!(
            t.contains("10:30:45") && t.contains("1:2:3") && t.contains(":Coin:"),
            "{t}"
        );
        // A misspelt icon is an error at its line, as in card text.
        let err = to_typst(
            "# Rules\n\nPay :coni: to pass.\n",
            Path::new("rules.md"),
            &mut NoAssets,
        )
        .unwrap_err();
        assert_eq!(err.line, Some(3), "{err}");
        assert!(
            err.message
                .contains("unknown icon `:coni:` (did you mean `coin`?"),
            "{err}"
        );
    }

    #[test]
    fn a_footnote_is_typeset_where_it_is_referred_to() {
        let t = convert(
            "# Rules\n\nDraw two cards.[^why] Then play.\n\n[^why]: The deck is *shuffled*\n    first.\n\nLast words.\n",
        );
        assert!(t.contains("#footnote[The deck is shuffled first.];"), "{t}");
        assert!(!t.contains("[^why]") && !t.contains("\\[^"), "{t}");
        // The definition prints nowhere else; the text after it does.
        assert_eq!(t.matches("shuffled").count(), 1, "{t}");
        assert!(t.contains("Last words"), "{t}");
    }

    #[test]
    fn a_figure_error_points_at_the_entry_it_names() {
        /// Rules whose figures are drawn by the given function.
        struct Figures(fn(&str) -> std::result::Result<String, String>);
        impl Assets for Figures {
            fn image(&mut self, _: &str) -> std::result::Result<String, String> {
                Err("no images".to_owned())
            }
            fn icon(&mut self, _: &str) -> Option<String> {
                None
            }
            fn figure(&mut self, yaml: &str) -> std::result::Result<String, String> {
                (self.0)(yaml)
            }
        }
        let mut naming = Figures(|_| {
            Err("component `deck` has no card `b` for `deck/b`, `width_mm` too".to_owned())
        });
        let md = "# R\n\n```figure\nwidth_mm: 50\npieces:\n  - face: deck/a\n  - face: deck/b\n    width_mm: 0\n```\n";
        let err = to_typst(md, Path::new("rules.md"), &mut naming).unwrap_err();
        assert_eq!((err.line, err.column), (Some(7), Some(3)), "{err}");
        // A text a callout cannot find: its callout's line, not its piece's.
        let mut finding = Figures(|_| {
            Err("`Third` is neither a text nor an element id on `deck/dragon`".to_owned())
        });
        let md = "# R\n\n```figure\npieces:\n  - face: deck/dragon\n    callouts:\n      - { find: Third, label: X }\n```\n";
        let err = to_typst(md, Path::new("rules.md"), &mut finding).unwrap_err();
        assert_eq!((err.line, err.column), (Some(7), Some(7)), "{err}");
        // Naming nothing in the block, it points at the fence.
        let err = to_typst(md, Path::new("rules.md"), &mut NoAssets).unwrap_err();
        assert_eq!((err.line, err.column), (Some(3), Some(1)), "{err}");
        // The YAML parser's own place in the block, when it gives one.
        let mut yaml = Figures(|yaml| crate::rulebook::figure::to_typst(yaml, &mut NoFaces));
        let md = "# R\n\n```figure\nwidth_mm: 50\nheight_mm: 20\ncaption: Gain :coin:\n```\n";
        let err = to_typst(md, Path::new("rules.md"), &mut yaml).unwrap_err();
        // libyaml notices at the line's end.
        assert_eq!((err.line, err.column), (Some(6), Some(20)), "{err}");
        // In a list item, past the item's indent.
        let md = "- Setup:\n\n  ```figure\n  width_mm: 50\n  height_mm: 20\n  caption: Gain :coin:\n  ```\n";
        let indented = to_typst(md, Path::new("rules.md"), &mut yaml).unwrap_err();
        assert_eq!(
            (indented.line, indented.column),
            (Some(6), Some(22)),
            "{indented}"
        );
        assert!(
            err.message
                .contains("must be quoted: `caption: \"Gain :coin:\"`"),
            "{err}"
        );
        assert!(
            err.message
                .starts_with("in a figure block: mapping values are not allowed in this context ("),
            "{err}"
        );
    }

    #[test]
    fn only_the_yaml_parser_s_place_is_read_from_a_figure_message() {
        let yaml = "in a figure block: bad at line 3 column 20 (quote it)";
        assert_eq!(
            split_place(yaml),
            (
                "in a figure block: bad (quote it)".to_owned(),
                Some((3, 20))
            )
        );
        // A note's own words are not a place.
        let words = "note `stop at line 2 column 5` starts off the canvas";
        assert_eq!(split_place(words), (words.to_owned(), None));
    }

    /// A figure source with no faces: enough for the figure's own YAML.
    struct NoFaces;
    impl crate::rulebook::figure::FaceSource for NoFaces {
        fn face(
            &mut self,
            spec: &str,
        ) -> std::result::Result<crate::rulebook::figure::FaceFile, String> {
            Err(format!("no face `{spec}`"))
        }
        fn locate(&mut self, spec: &str, _: &str) -> std::result::Result<[f32; 4], String> {
            Err(format!("no face `{spec}`"))
        }
        fn text(&mut self, text: &str) -> std::result::Result<String, String> {
            Ok(escape(text))
        }
    }

    #[test]
    fn comments_such_as_the_components_marker_typeset_as_nothing() {
        for md in [
            "## Components\n\n<!-- components -->\n\n- 3 Dice\n\n<!-- /components -->\n",
            "Text <!-- an aside --> more.\n\n<!--\na comment\nover lines\n-->\n",
        ] {
            let out = convert(md);
            assert!(
                !out.contains("components -->") && !out.contains("aside"),
                "{out}"
            );
        }
        let err = to_typst(
            "<!-- fine -->\n<div>not fine</div>\n",
            Path::new("rules.md"),
            &mut NoAssets,
        );
        assert!(err.is_err());
    }

    #[test]
    fn raw_html_is_an_error_with_its_line() {
        let err = to_typst(
            "# Rules\n\nText\n\n<div>no</div>\n",
            Path::new("rules.md"),
            &mut NoAssets,
        )
        .unwrap_err();
        assert_eq!(err.line, Some(5), "{err}");
        assert!(err.message.contains("HTML"));
        // Inline, at the tag itself.
        let err = to_typst(
            "# Rules\n\nPlay <b>one</b> card.\n",
            Path::new("rules.md"),
            &mut NoAssets,
        )
        .unwrap_err();
        assert_eq!((err.line, err.column), (Some(3), Some(6)), "{err}");
    }

    /// Images as files, and one face among them, whose picture is its own markup.
    struct OneFace;
    impl Assets for OneFace {
        fn image(&mut self, d: &str) -> std::result::Result<String, String> {
            Ok(d.trim_start_matches("component:").into())
        }
        fn icon(&mut self, _: &str) -> Option<String> {
            None
        }
        fn picture(&self, path: &str, height_mm: f32) -> Option<String> {
            (path == "deck/a").then(|| format!("face({height_mm})"))
        }
    }

    #[test]
    fn a_face_is_shown_as_its_picture_and_an_image_as_it_is() {
        let md = "A card ![a](component:deck/a) and art ![b](art.png).\n";
        let t = to_typst(md, Path::new("r.md"), &mut OneFace).unwrap();
        assert!(t.contains("#box(face(32));"), "{t}");
        assert!(
            t.contains("#box(image(\"art.png\", height: 3.2cm));"),
            "{t}"
        );
    }
}

#[cfg(test)]
mod fuzz_regressions {
    use super::*;

    struct A;
    impl Assets for A {
        fn image(&mut self, d: &str) -> std::result::Result<String, String> {
            Ok(d.into())
        }
        fn icon(&mut self, _: &str) -> Option<String> {
            None
        }
    }

    #[test]
    fn deep_nesting_is_an_error_with_its_line() {
        let md = format!("ok\n\n{}x{}\n", "*".repeat(300), "*".repeat(300));
        let e = to_typst(&md, Path::new("r.md"), &mut A).unwrap_err();
        assert!(e.message.contains("nested"), "{e}");
        assert_eq!(e.line, Some(3));
    }

    /// Inputs the fuzzer found: each must convert to Typst without syntax errors.
    #[test]
    fn calls_do_not_continue_into_the_following_text() {
        for md in [
            "*(*(",
            "`y`(x)",
            "**a**[b]",
            "*a*.b",
            "# X\n\n[l](#x)(y)",
            "- \\\n\u{c}",
        ] {
            let t = to_typst(md, Path::new("r.md"), &mut A).unwrap();
            let (errors, _) = typst::syntax::parse(&t).errors_and_warnings();
            assert!(errors.is_empty(), "{md:?} -> {t:?}: {errors:?}");
        }
    }
}
