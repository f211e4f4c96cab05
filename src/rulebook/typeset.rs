//! Typesetting Typst markup into PDF with the typst library, in memory.
//!
//! The world holds one generated main file plus virtual files (face SVGs, icons, the sheet
//! PDFs the kit places page by page), and only bundled fonts: Typst's own (Libertinus Serif,
//! New Computer Modern, DejaVu Sans Mono) and protopress's (Noto Sans, DejaVu Sans Condensed,
//! Noto Emoji). Nothing is read from the disk or the network while typesetting.

use std::collections::HashMap;
use std::sync::OnceLock;

use typst::diag::{FileError, FileResult, Severity};
use typst::foundations::{Bytes, Datetime, Smart};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World, WorldExt};
use typst_layout::PagedDocument;

use crate::error::{Error, Result};

/// Every font the typesetter may use, parsed once per process.
fn fonts() -> &'static (LazyHash<FontBook>, Vec<Font>) {
    static FONTS: OnceLock<(LazyHash<FontBook>, Vec<Font>)> = OnceLock::new();
    FONTS.get_or_init(|| {
        let ours = crate::text::fonts::bundled_data();
        let fonts: Vec<Font> = typst_assets::fonts()
            .chain(ours)
            .flat_map(|data| Font::iter(Bytes::new(data)))
            .collect();
        (LazyHash::new(FontBook::from_fonts(&fonts)), fonts)
    })
}

fn library() -> &'static LazyHash<Library> {
    static LIBRARY: OnceLock<LazyHash<Library>> = OnceLock::new();
    LIBRARY.get_or_init(|| LazyHash::new(Library::default()))
}

fn file_id(path: &str) -> FileId {
    let vpath = VirtualPath::new(path)
        .unwrap_or_else(|_| VirtualPath::new("/invalid").expect("a valid path"));
    RootedPath::new(VirtualRoot::Project, vpath).intern()
}

/// An in-memory Typst project.
pub struct TypstWorld {
    main: Source,
    files: HashMap<String, Bytes>,
    today: Datetime,
}

impl TypstWorld {
    /// A project whose main file is `markup`, dated `date` (year, month, day).
    pub fn new(markup: String, date: (i32, u8, u8)) -> TypstWorld {
        TypstWorld {
            main: Source::new(file_id("/main.typ"), markup),
            files: HashMap::new(),
            today: Datetime::from_ymd(date.0, date.1, date.2)
                .unwrap_or_else(|| Datetime::from_ymd(2026, 1, 1).expect("a valid date")),
        }
    }

    /// Adds a virtual file the markup can refer to by `path` (e.g. `faces/loot/a.svg`).
    pub fn add_file(&mut self, path: &str, bytes: Vec<u8>) {
        self.files
            .insert(path.trim_start_matches('/').to_owned(), Bytes::new(bytes));
    }

    pub fn main_text(&self) -> &str {
        self.main.text()
    }

    /// Lays the project out; errors carry Typst's message and the line of the main file.
    pub fn compile(&self) -> Result<PagedDocument> {
        let warned = typst::compile::<PagedDocument>(self);
        // A misspelt font would silently fall back to another one: stop instead.
        if let Some(w) = warned
            .warnings
            .iter()
            .find(|w| w.message.starts_with("unknown font family"))
        {
            let families: std::collections::BTreeSet<&str> =
                fonts().1.iter().map(|f| f.info().family.as_str()).collect();
            return Err(
                Error::new(format!("the rulebook asks for an {}", w.message)).help(format!(
                    "the typesetter has: {}",
                    families.into_iter().collect::<Vec<_>>().join(", ")
                )),
            );
        }
        warned.output.map_err(|diags| {
            let first = diags
                .iter()
                .find(|d| d.severity == Severity::Error)
                .or(diags.first());
            let Some(d) = first else {
                return Error::new("the rulebook could not be typeset");
            };
            let line = self
                .range(d.span)
                .map(|r| self.main.text()[..r.start].matches('\n').count() + 1);
            let mut err = Error::new(format!("the rulebook could not be typeset: {}", d.message));
            if let Some(l) = line {
                err = err.help(format!(
                    "at line {l} of the generated Typst: {}",
                    self.main.text().lines().nth(l - 1).unwrap_or("").trim()
                ));
            }
            err
        })
    }

    /// Lays out and writes the PDF. `ident` keeps the document id stable between builds.
    pub fn pdf(&self, ident: &str) -> Result<(Vec<u8>, usize)> {
        let document = self.compile()?;
        let pages = document.pages().len();
        let options = typst_pdf::PdfOptions {
            ident: Smart::Custom(ident.to_owned()),
            timestamp: None,
            ..Default::default()
        };
        let bytes = typst_pdf::pdf(&document, &options).map_err(|diags| {
            let msg = diags
                .first()
                .map_or_else(|| "unknown error".to_owned(), |d| d.message.to_string());
            Error::new(format!("the rulebook PDF could not be written: {msg}"))
        })?;
        Ok((bytes, pages))
    }
}

impl World for TypstWorld {
    fn library(&self) -> &LazyHash<Library> {
        library()
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &fonts().0
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id() {
            Ok(self.main.clone())
        } else {
            Err(FileError::NotSource)
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        let path = id.get().vpath().get_without_slash();
        self.files
            .get(path)
            .cloned()
            .ok_or_else(|| FileError::NotFound(path.into()))
    }

    fn font(&self, index: usize) -> Option<Font> {
        fonts().1.get(index).cloned()
    }

    fn today(&self, _offset: Option<typst::foundations::Duration>) -> Option<Datetime> {
        Some(self.today)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typesets_text_with_emoji_to_pdf() {
        let p = TypstWorld::new(
            "= Hello\n\nThe ☠️ and 🪓 print. #datetime.today().display()".into(),
            (2026, 11, 22),
        );
        let (bytes, pages) = p.pdf("test").unwrap();
        assert_eq!(pages, 1);
        assert!(bytes.starts_with(b"%PDF"));
        // Deterministic for the same input.
        assert_eq!(bytes, p.pdf("test").unwrap().0);
    }

    #[test]
    fn an_unknown_font_is_an_error_naming_the_fonts_there_are() {
        let p = TypstWorld::new(
            "#set text(font: \"Nonexistent Sans\")\nHi".into(),
            (2026, 1, 1),
        );
        let err = p.compile().unwrap_err();
        assert!(err.message.contains("nonexistent sans"), "{err}");
        assert!(
            err.help.as_deref().unwrap().contains("Libertinus Serif"),
            "{err}"
        );
    }

    #[test]
    fn errors_point_at_the_generated_line() {
        let p = TypstWorld::new("ok\n#nonexistent()\n".into(), (2026, 1, 1));
        let err = p.compile().unwrap_err();
        assert!(err.help.as_deref().unwrap().contains("line 2"), "{err}");
    }
}
