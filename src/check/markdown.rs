//! A rulebook read as a document: headings, list items with their nesting, paragraphs and table
//! rows, each with the source line of every piece of its text, and whether it lies in the
//! components section.
//!
//! The components section is the one under a heading such as `Components`, `Contents`,
//! `What's in the Box`, `In the Kit` or `Manifest` (numbering such as `2.` is ignored), down to
//! the next heading of the same or a higher level. A designer whose heading says something else
//! marks the list with `<!-- components -->` (and optionally `<!-- /components -->`; without it
//! the marked part ends at the next heading).
//!
//! Tera expressions (`{{ }}`, `{% %}`, `{# #}`) are blanked first: counts written with them come
//! from the data and cannot disagree with it.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::check::numbers::words;
use crate::check::vocab::Vocab;

/// Text gathered from several source pieces, with the line each piece starts on.
#[derive(Debug, Clone, Default)]
pub struct Text {
    pub s: String,
    marks: Vec<(usize, usize)>,
}

impl Text {
    fn push(&mut self, piece: &str, line: usize) {
        if !piece.is_empty() {
            self.marks.push((self.s.len(), line));
            self.s.push_str(piece);
        }
    }

    /// The 1-based source line of byte `pos` of the text.
    pub fn line_at(&self, pos: usize) -> usize {
        // The marks are in text order: a binary search keeps a long text's tokens linear.
        let after = self.marks.partition_point(|&(start, _)| start <= pos);
        let mark = self.marks.get(after.saturating_sub(1));
        mark.map_or(1, |m| m.1)
    }
}

/// What a block is.
#[derive(Debug, Clone)]
pub enum Kind {
    Heading,
    Paragraph,
    /// A list item; `parent` is the block of the item it is nested in.
    Item {
        parent: Option<usize>,
    },
    /// A table row; cells in order.
    Row {
        table: usize,
        header: bool,
        cells: Vec<Text>,
    },
}

#[derive(Debug, Clone)]
pub struct Block {
    pub kind: Kind,
    pub text: Text,
    pub in_section: bool,
    /// The top-level list, table or paragraph it belongs to.
    pub group: usize,
}

/// Replaces Tera expressions with letters of the same byte length (newlines kept), so offsets
/// and lines stay where they were.
pub fn blank_tera(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    loop {
        let open = ["{{", "{%", "{#"]
            .iter()
            .filter_map(|o| rest.find(o).map(|i| (i, *o)))
            .min();
        let Some((start, open)) = open else {
            out.push_str(rest);
            return out;
        };
        let close = match open {
            "{{" => "}}",
            "{%" => "%}",
            _ => "#}",
        };
        out.push_str(&rest[..start]);
        let end = rest[start + 2..]
            .find(close)
            .map_or(rest.len(), |i| start + 2 + i + 2);
        for c in rest[start..end].chars() {
            if c == '\n' {
                out.push('\n');
            } else {
                out.extend(std::iter::repeat_n('Z', c.len_utf8()));
            }
        }
        rest = &rest[end..];
    }
}

/// Whether a heading names the components section, in the language of `v` or in English.
pub fn is_section_heading(text: &str, v: &Vocab) -> bool {
    let english = Vocab::of("en");
    names_section(text, v) || (!std::ptr::eq(v, english) && names_section(text, english))
}

fn names_section(text: &str, v: &Vocab) -> bool {
    let w: Vec<String> = words(text, v)
        .into_iter()
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .collect();
    let joined = format!(" {} ", w.join(" "));
    let phrase = |p: &str| format!(" {} ", words(p, v).join(" "));
    if v.not_section.iter().any(|p| joined.contains(&phrase(p))) {
        return false;
    }
    let single: Vec<String> = v.section_words.iter().map(|x| v.singular(x)).collect();
    w.iter().any(|x| single.contains(x))
        || v.section_phrases
            .iter()
            .any(|p| joined.contains(&phrase(p)))
}

struct Reader {
    vocab: &'static Vocab,
    blocks: Vec<Block>,
    items: Vec<usize>,
    current: Option<usize>,
    row: Option<(Vec<Text>, bool)>,
    cell: Option<Text>,
    tables: usize,
    groups: usize,
    /// The level of the components heading we are under.
    section: Option<usize>,
    marker: bool,
    code: bool,
    /// Inside struck-out text or an image's alt text: words no reader takes as stated.
    hidden: usize,
}

impl Reader {
    fn in_section(&self) -> bool {
        self.section.is_some() || self.marker
    }

    fn open(&mut self, kind: Kind) -> usize {
        self.blocks.push(Block {
            kind,
            text: Text::default(),
            in_section: self.in_section(),
            group: self.groups,
        });
        self.blocks.len() - 1
    }

    fn text(&mut self, piece: &str, line: usize) {
        if self.code || self.hidden > 0 {
            return;
        }
        if let Some(cell) = self.cell.as_mut() {
            cell.push(piece, line);
            return;
        }
        let target = self.current.or(self.items.last().copied());
        if let Some(b) = target.and_then(|i| self.blocks.get_mut(i)) {
            b.text.push(piece, line);
        }
    }

    fn heading_end(&mut self, level: usize) {
        let Some(idx) = self.current.take() else {
            return;
        };
        let text = self
            .blocks
            .get(idx)
            .map(|b| b.text.s.clone())
            .unwrap_or_default();
        self.marker = false;
        if is_section_heading(&text, self.vocab) {
            self.section = Some(level);
        } else if self.section.is_some_and(|l| level <= l) {
            self.section = None;
        }
    }

    /// The end of a paragraph. One that is only a section's name (`**Components**`,
    /// `What's in the box:`) opens the section as a heading would, down to the next heading.
    fn label_end(&mut self) {
        let Some(idx) = self.current.take() else {
            return;
        };
        let text = self.blocks.get(idx).map_or("", |b| b.text.s.as_str());
        let label = text.trim().trim_end_matches(':').trim();
        if label.chars().count() <= 40 && is_section_heading(label, self.vocab) {
            self.marker = false;
            // Deeper than any heading: the next heading of any level ends it.
            self.section = Some(7);
        }
    }

    fn html(&mut self, html: &str) {
        let inner = html
            .trim()
            .trim_start_matches("<!--")
            .trim_end_matches("-->")
            .trim()
            .to_lowercase();
        match inner.as_str() {
            "components" | "protopress: components" => self.marker = true,
            "/components" | "end components" | "protopress: end components" => {
                self.marker = false;
                self.section = None;
            }
            _ => {}
        }
    }

    fn start(&mut self, tag: &Tag) {
        match tag {
            Tag::Heading { .. } => {
                self.groups += 1;
                self.current = Some(self.open(Kind::Heading));
            }
            Tag::Paragraph if self.items.is_empty() => {
                self.groups += 1;
                self.current = Some(self.open(Kind::Paragraph));
            }
            Tag::List(_) if self.items.is_empty() => self.groups += 1,
            Tag::Item => {
                let parent = self.items.last().copied();
                let idx = self.open(Kind::Item { parent });
                self.items.push(idx);
            }
            Tag::Table(_) => {
                self.groups += 1;
                self.tables += 1;
            }
            Tag::TableHead => self.row = Some((Vec::new(), true)),
            Tag::TableRow => self.row = Some((Vec::new(), false)),
            Tag::TableCell => self.cell = Some(Text::default()),
            Tag::CodeBlock(_) => self.code = true,
            Tag::Strikethrough | Tag::Image { .. } => self.hidden += 1,
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Heading(level) => self.heading_end(level as usize),
            TagEnd::Paragraph if self.items.is_empty() => self.label_end(),
            TagEnd::Item => {
                self.items.pop();
            }
            TagEnd::TableCell => {
                if let (Some(cell), Some((cells, _))) = (self.cell.take(), self.row.as_mut()) {
                    cells.push(cell);
                }
            }
            TagEnd::TableHead | TagEnd::TableRow => {
                if let Some((cells, header)) = self.row.take() {
                    let table = self.tables;
                    let idx = self.open(Kind::Row {
                        table,
                        header,
                        cells,
                    });
                    self.set_row_text(idx);
                }
            }
            TagEnd::CodeBlock => self.code = false,
            TagEnd::Strikethrough | TagEnd::Image => self.hidden = self.hidden.saturating_sub(1),
            _ => {}
        }
    }

    /// A row's text is its cells joined, so its line is known.
    fn set_row_text(&mut self, idx: usize) {
        if let Some(b) = self.blocks.get_mut(idx)
            && let Kind::Row { cells, .. } = &b.kind
        {
            let line = cells
                .iter()
                .find_map(|c| c.marks.first().map(|m| m.1))
                .unwrap_or(1);
            let joined: Vec<&str> = cells.iter().map(|c| c.s.as_str()).collect();
            b.text.push(&joined.join(" | "), line);
        }
    }
}

/// The blocks of `source`, a rulebook in the language of `vocab`, in document order.
pub fn blocks(source: &str, vocab: &'static Vocab) -> Vec<Block> {
    // Lines may end in `\r` alone (old Mac files): each is a line all the same.
    let source = blank_tera(&source.replace("\r\n", "\n").replace('\r', "\n"));
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(source.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_of = |offset: usize| line_starts.partition_point(|&s| s <= offset).max(1);
    let mut r = Reader {
        vocab,
        blocks: Vec::new(),
        items: Vec::new(),
        current: None,
        row: None,
        cell: None,
        tables: 0,
        groups: 0,
        section: None,
        marker: false,
        code: false,
        hidden: 0,
    };
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let parser = Parser::new_ext(&source, options).into_offset_iter();
    for (event, range) in parser {
        let line = line_of(range.start);
        match event {
            Event::Start(tag) => r.start(&tag),
            Event::End(tag) => r.end(tag),
            Event::Text(t) | Event::Code(t) => r.text(&t, line),
            Event::SoftBreak | Event::HardBreak => r.text(" ", line),
            Event::Html(h) | Event::InlineHtml(h) => r.html(&h),
            _ => {}
        }
    }
    r.blocks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::vocab::{ENGLISH, GERMAN};

    #[test]
    fn section_headings_are_recognised() {
        for h in [
            "Components",
            "2. Game Components",
            "What's in the Box",
            "What Is in the Kit",
            "Contents",
            "Manifest",
        ] {
            assert!(is_section_heading(h, &ENGLISH), "{h}");
        }
        for h in ["Setup", "Table of Contents", "Playing a Turn"] {
            assert!(!is_section_heading(h, &ENGLISH), "{h}");
        }
        for h in [
            "Spielmaterial",
            "Was im Kit steckt",
            "2. Komponenten",
            "Inhalt der Schachtel",
            "Components",
        ] {
            assert!(is_section_heading(h, &GERMAN), "{h}");
        }
        for h in ["Aufbau", "Inhaltsverzeichnis", "Ein Spielzug"] {
            assert!(!is_section_heading(h, &GERMAN), "{h}");
        }
    }

    #[test]
    fn section_headings_of_every_language_are_recognised() {
        let cases: [(&str, &[&str], &[&str]); 6] = [
            (
                "fr",
                &[
                    "Matériel",
                    "Contenu de la boîte",
                    "2. Composants",
                    "Éléments de jeu",
                ],
                &["Mise en place", "Table des matières", "Tour de jeu"],
            ),
            (
                "es",
                &["Componentes", "Contenido", "Material", "En la caja"],
                &["Preparación", "Índice", "Turno de juego"],
            ),
            (
                "it",
                &["Componenti", "Materiale", "Contenuto della scatola"],
                &["Preparazione", "Indice", "Turno di gioco"],
            ),
            (
                "pl",
                &["Elementy gry", "Zawartość pudełka", "Komponenty"],
                &["Przygotowanie", "Spis treści", "Przebieg gry"],
            ),
            (
                "nl",
                &["Spelmateriaal", "Inhoud", "Onderdelen", "In de doos"],
                &["Voorbereiding", "Inhoudsopgave", "Spelverloop"],
            ),
            (
                "pt",
                &["Componentes", "Conteúdo", "Material", "Na caixa"],
                &["Preparação", "Índice", "Turno de jogo"],
            ),
        ];
        for (code, yes, no) in cases {
            let v = Vocab::of(code);
            for h in yes.iter().chain(&["Components"]) {
                assert!(is_section_heading(h, v), "{code}: {h}");
            }
            for h in no {
                assert!(!is_section_heading(h, v), "{code}: {h}");
            }
        }
    }

    #[test]
    fn blocks_know_their_lines_nesting_and_section() {
        let src = "# Game\n\nIntro 3 cards.\n\n## Components\n\n- 54 Harbor cards\n  - 36 Boat\n    cards\n\n| A | B |\n| - | - |\n| x | 2 |\n\n## Setup\n\nDeal.\n";
        let b = blocks(src, &ENGLISH);
        let items: Vec<&Block> = b
            .iter()
            .filter(|b| matches!(b.kind, Kind::Item { .. }))
            .collect();
        assert_eq!(items.len(), 2);
        assert!(items.iter().all(|i| i.in_section));
        assert!(matches!(items[1].kind, Kind::Item { parent: Some(_) }));
        assert_eq!(items[1].text.s, "36 Boat cards");
        assert_eq!(items[1].text.line_at(9), 9);
        let rows: Vec<&Block> = b
            .iter()
            .filter(|b| matches!(b.kind, Kind::Row { .. }))
            .collect();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1].text.line_at(0), 13);
        assert!(!b.last().is_some_and(|l| l.in_section));
        assert!(!b[1].in_section);
    }

    #[test]
    fn a_bold_label_opens_the_section_down_to_the_next_heading() {
        let src = "# Game\n\n- 3 Gem tokens\n\n**Components**\n\n- 12 Gem tokens\n\nWhat's in the box:\n\n- 1 Board\n\n## Setup\n\n- 2 Gem tokens\n";
        let in_section: Vec<bool> = blocks(src, &ENGLISH)
            .iter()
            .filter(|b| matches!(b.kind, Kind::Item { .. }))
            .map(|b| b.in_section)
            .collect();
        assert_eq!(in_section, [false, true, true, false]);
    }

    #[test]
    fn tera_is_blanked_and_markers_open_a_section() {
        assert_eq!(blank_tera("a {{ x }}\nb"), "a ZZZZZZZ\nb");
        let b = blocks(
            "## Stuff\n\n<!-- components -->\n\n- 3 Dice\n\n## Next\n\n- 4 Dice\n",
            &ENGLISH,
        );
        let items: Vec<bool> = b
            .iter()
            .filter(|b| matches!(b.kind, Kind::Item { .. }))
            .map(|b| b.in_section)
            .collect();
        assert_eq!(items, vec![true, false]);
    }
}
