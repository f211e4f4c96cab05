//! Typesetting Typst markup into PDF with the typst library, in memory.
//!
//! The world holds one generated main file plus virtual files (the rules' images, icons, the
//! stand-ins of the faces it pictures), and only bundled fonts: Typst's own (Libertinus Serif,
//! New Computer Modern, DejaVu Sans Mono) and protopress's (Noto Sans, DejaVu Sans Condensed,
//! Noto Emoji). Nothing is read from the disk or the network while typesetting.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::OnceLock;

use typst::diag::{FileError, FileResult, Severity};
use typst::foundations::{Bytes, Datetime, Smart};
use typst::introspection::Introspector;
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World, WorldExt};
use typst_layout::PagedDocument;

use crate::digest::hex;
use crate::error::{Error, Result};
use crate::output::cache::{DiskCache, Entry, join_parts, split_parts};
use crate::pdf::figures::FacePages;
use crate::rulebook::embedded::{document_font_families, pdf_font_families};
use crate::rulebook::source_map::origin_of;
use crate::sync::lock;

/// Typst's `lang` argument for a language code, with its `region` when it has one:
/// `"de"`, or `"de", region: "CH"` for `de-CH` (Typst takes no region inside `lang`).
pub fn typst_lang(code: &str) -> String {
    let mut parts = code.split(['-', '_']);
    let lang = parts.next().unwrap_or(code).to_ascii_lowercase();
    match parts.next() {
        Some(region) => format!("\"{lang}\", region: \"{}\"", region.to_ascii_uppercase()),
        None => format!("\"{lang}\""),
    }
}

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

/// A Typst file's text, parsed when Typst first asks for it: a build whose typeset PDF comes
/// from the cache only hashes the text, and parsing the kit's and rulebook's markup was 4 %
/// of Death to Decorum's build (its instructions) when nothing had changed.
struct LazySource {
    id: FileId,
    text: String,
    parsed: std::sync::OnceLock<Source>,
}

impl LazySource {
    fn new(id: FileId, text: String) -> LazySource {
        LazySource {
            id,
            text,
            parsed: std::sync::OnceLock::new(),
        }
    }

    fn source(&self) -> Source {
        (self.parsed)
            .get_or_init(|| Source::new(self.id, self.text.clone()))
            .clone()
    }
}

/// An in-memory Typst project.
pub struct TypstWorld {
    main: LazySource,
    /// Typst files the main one includes, by path. A part that changes between passes (the
    /// credits) lives in one of its own: the main file's spans then stay the same, and Typst
    /// reuses what it laid out before.
    includes: HashMap<FileId, LazySource>,
    files: HashMap<String, Bytes>,
    today: Datetime,
    /// Whether the PDF carries a structure tree for screen readers.
    tagged: bool,
}

impl TypstWorld {
    /// A project whose main file is `markup`, dated `date` (year, month, day).
    pub fn new(markup: String, date: (i32, u8, u8)) -> TypstWorld {
        TypstWorld {
            main: LazySource::new(file_id("/main.typ"), markup),
            includes: HashMap::new(),
            files: HashMap::new(),
            today: Datetime::from_ymd(date.0, date.1, date.2)
                .unwrap_or_else(|| Datetime::from_ymd(2026, 1, 1).expect("a valid date")),
            tagged: true,
        }
    }

    /// Writes the PDF without a structure tree: for a document whose pages are later replaced
    /// by other PDFs' pages, which a tree made for the empty pages would describe wrongly.
    pub fn untagged(mut self) -> TypstWorld {
        self.tagged = false;
        self
    }

    /// Adds a virtual file the markup can refer to by `path` (e.g. `icons/coin.svg`).
    pub fn add_file(&mut self, path: &str, bytes: Vec<u8>) {
        self.files
            .insert(path.trim_start_matches('/').to_owned(), Bytes::new(bytes));
    }

    /// Adds a Typst file the markup includes by `path` (e.g. `#include "/credits.typ"`).
    pub fn add_include(&mut self, path: &str, markup: String) {
        let id = file_id(path);
        self.includes.insert(id, LazySource::new(id, markup));
    }

    pub fn main_text(&self) -> &str {
        &self.main.text
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
            let err = Error::new(format!("the rulebook asks for an {}", w.message));
            let (mut err, located) = self.at_span(err, w.span);
            let has = format!(
                "the typesetter has: {}",
                families.into_iter().collect::<Vec<_>>().join(", ")
            );
            // Unplaced, the help names the generated line: keep it after the fonts.
            return Err(match (located, err.help.take()) {
                (false, Some(line)) => err.help(format!("{has}; {line}")),
                _ => err.help(has),
            });
        }
        warned.output.map_err(|diags| {
            let first = diags
                .iter()
                .find(|d| d.severity == Severity::Error)
                .or(diags.first());
            let Some(d) = first else {
                return Error::new("the rulebook could not be typeset");
            };
            let err = Error::new(format!("the rulebook could not be typeset: {}", d.message));
            match (self.at_span(err, d.span), d.hints.first()) {
                ((err, true), Some(hint)) => err.help(hint.v.to_string()),
                ((err, _), _) => err,
            }
        })
    }

    /// `err` placed where `span` is: at the line and column of the game's file the markup
    /// came from (`rules.md`, `rules.typ`), then true; otherwise with the generated line as
    /// help. A span in an included file (the credits) is no place in the main text.
    fn at_span(&self, mut err: Error, span: typst::syntax::DiagSpan) -> (Error, bool) {
        let start = Some(span)
            .filter(|span| span.id() == Some(self.main.id))
            .and_then(|span| self.range(span))
            .map(|r| r.start);
        if let Some((file, line, column, source)) =
            start.and_then(|p| origin_of(&self.main.text, p))
        {
            err = err.in_file(file).at(line, column.unwrap_or(1));
            if let Some(text) = source {
                err = err.with_source(&text);
            }
            return (err, true);
        }
        let line = start.map(|p| self.main.text[..p].matches('\n').count() + 1);
        if let Some(l) = line {
            err = err.help(format!(
                "at line {l} of the generated Typst: {}",
                self.main.text.lines().nth(l - 1).unwrap_or("").trim()
            ));
        }
        (err, false)
    }

    /// Lays the project out and finds the fonts its PDF will embed, or takes the finished PDF
    /// from `cache` when the same markup, files, date and `ident` were typeset before (Typst's
    /// output depends on nothing else). The PDF is written by [`Laid::into_pdf`], so a pass
    /// that only shows which fonts to credit costs no PDF.
    pub fn lay_out<'c>(&self, ident: &str, cache: Option<&'c TypesetCache>) -> Result<Laid<'c>> {
        let cache = cache.map(|c| (c, self.key(ident)));
        if let Some(hit) = cache.as_ref().and_then(|(c, k)| c.get(k)) {
            return Ok(Laid {
                pages: hit.pages,
                fonts: hit.fonts,
                marks: hit.marks,
                pdf: LaidPdf::Written(hit.pdf),
                cache: None,
                laid_now: false,
            });
        }
        // A `rules.typ` can loop into unbounded memory; only running it shows that.
        let budget = crate::budget::Stage::open(
            format!("typesetting `{ident}` (its rules.md and rules.typ)"),
            crate::budget::RULEBOOK_ALLOWANCE_MB,
        );
        let document = self.compile()?;
        drop(budget);
        let found = document_font_families(&document);
        let unknown = found.is_none();
        let mut laid = Laid {
            pages: document.pages().len(),
            fonts: found.unwrap_or_default(),
            marks: page_marks(&document),
            pdf: LaidPdf::Pending {
                document: Box::new(document),
                ident: ident.to_owned(),
                tagged: self.tagged,
            },
            cache,
            laid_now: true,
        };
        if unknown {
            // A PDF image brings fonts that only the written PDF shows.
            laid.fonts = pdf_font_families(laid.write()?);
        }
        Ok(laid)
    }

    /// The pages of this document's `protopress:…` labels, when `cache` kept them from a
    /// layout never written ([`Self::remember_marks`]).
    pub fn laid_marks(
        &self,
        ident: &str,
        cache: Option<&TypesetCache>,
    ) -> Option<BTreeMap<String, usize>> {
        cache?.laid(&self.key(ident))
    }

    /// Keeps the labels' pages of this document, laid out and not to be written, in `cache`.
    pub fn remember_marks(
        &self,
        ident: &str,
        cache: Option<&TypesetCache>,
        marks: &BTreeMap<String, usize>,
    ) {
        if let Some(cache) = cache {
            cache.remember_laid(self.key(ident), marks);
        }
    }

    /// A hash of everything the typeset PDF depends on.
    fn key(&self, ident: &str) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        let mut field = |bytes: &[u8]| {
            h.update((bytes.len() as u64).to_le_bytes());
            h.update(bytes);
        };
        field(ident.as_bytes());
        field(format!("{:?} {}", self.today, self.tagged).as_bytes());
        field(self.main.text.as_bytes());
        let mut included: Vec<&LazySource> = self.includes.values().collect();
        included.sort_by_key(|s| s.id.get().vpath().get_without_slash());
        for source in included {
            field(source.id.get().vpath().get_without_slash().as_bytes());
            field(source.text.as_bytes());
        }
        let mut paths: Vec<&String> = self.files.keys().collect();
        paths.sort();
        for path in paths {
            field(path.as_bytes());
            field(self.files[path].as_slice());
        }
        h.finalize().into()
    }

    /// Lays out and writes the PDF. `ident` keeps the document id stable between builds.
    #[cfg(test)]
    pub fn pdf(&self, ident: &str) -> Result<(Vec<u8>, usize)> {
        let laid = self.lay_out(ident, None)?;
        let pages = laid.pages;
        Ok((laid.into_pdf()?, pages))
    }
}

/// A typeset document: its page count and the font families its PDF embeds, with the PDF
/// written only when asked for.
pub struct Laid<'c> {
    pub pages: usize,
    pub fonts: BTreeSet<String>,
    /// The page (1-based) of each of the document's `protopress:…` labels.
    pub marks: BTreeMap<String, usize>,
    pdf: LaidPdf,
    /// Where the written PDF is kept, under which key.
    cache: Option<(&'c TypesetCache, [u8; 32])>,
    /// Whether Typst laid it out now (not read back from the cache).
    pub laid_now: bool,
}

enum LaidPdf {
    Written(Vec<u8>),
    Pending {
        document: Box<PagedDocument>,
        ident: String,
        tagged: bool,
    },
}

impl Laid<'_> {
    /// A document whose PDF is already written (a test's stand-in for a pass).
    #[cfg(test)]
    pub fn written(pdf: Vec<u8>, pages: usize, fonts: BTreeSet<String>) -> Laid<'static> {
        Laid {
            pages,
            fonts,
            marks: BTreeMap::new(),
            pdf: LaidPdf::Written(pdf),
            cache: None,
            laid_now: false,
        }
    }

    /// The PDF, written now if it was not yet, and kept in the cache.
    pub fn into_pdf(self) -> Result<Vec<u8>> {
        self.into_typeset().map(|t| t.pdf)
    }

    /// The written PDF with what was learnt laying it out, kept in the cache.
    pub fn into_typeset(mut self) -> Result<Typeset> {
        let laid_now = self.laid_now;
        self.write()?;
        let LaidPdf::Written(pdf) = self.pdf else {
            unreachable!("written above")
        };
        let typeset = Typeset {
            pdf,
            pages: self.pages,
            fonts: self.fonts,
            marks: self.marks,
            laid_now,
        };
        if let Some((cache, key)) = self.cache {
            let kept = Typeset {
                laid_now: false,
                ..typeset.clone()
            };
            cache.put(key, kept);
        }
        Ok(typeset)
    }

    /// Writes the PDF, once.
    fn write(&mut self) -> Result<&[u8]> {
        if let LaidPdf::Pending {
            document,
            ident,
            tagged,
        } = &self.pdf
        {
            self.pdf = LaidPdf::Written(export(document, ident, *tagged)?);
        }
        match &self.pdf {
            LaidPdf::Written(pdf) => Ok(pdf),
            LaidPdf::Pending { .. } => unreachable!("written above"),
        }
    }
}

/// Writes a laid-out document as PDF. `ident` keeps the document id stable between builds.
fn export(document: &PagedDocument, ident: &str, tagged: bool) -> Result<Vec<u8>> {
    let options = typst_pdf::PdfOptions {
        ident: Smart::Custom(ident.to_owned()),
        timestamp: None,
        tagged,
        ..Default::default()
    };
    typst_pdf::pdf(document, &options).map_err(|diags| {
        let msg = diags
            .first()
            .map_or_else(|| "unknown error".to_owned(), |d| d.message.to_string());
        Error::new(format!("the rulebook PDF could not be written: {msg}"))
    })
}

/// Typeset PDFs kept between builds in one process (`watch`, `serve`): a rebuild after a card
/// edit that leaves the rulebook's markup and files as they were takes its PDF from here.
/// Holds the last few written documents only (a game's rulebook and its kit, per language).
/// A command-line build keeps them on disk instead ([`TypesetCache::on_disk`]).
#[derive(Default)]
pub struct TypesetCache {
    /// Most recently used last.
    entries: std::sync::Mutex<Vec<([u8; 32], Typeset)>>,
    /// The fonts each document last credited, by its ident and language: the next build's first guess,
    /// so an unchanged rulebook is laid out crediting the right fonts at once.
    credited: std::sync::Mutex<HashMap<String, BTreeSet<String>>>,
    /// The labels' pages of documents laid out but not written, by their key (see
    /// [`TypstWorld::laid_marks`]).
    laid: std::sync::Mutex<HashMap<[u8; 32], BTreeMap<String, usize>>>,
    /// Where entries are also kept, between processes.
    disk: Option<std::sync::Arc<DiskCache>>,
}

/// A written PDF with its page count, the font families it embeds and the pages of its
/// `protopress:…` labels.
#[derive(Clone)]
pub struct Typeset {
    pub pdf: Vec<u8>,
    pub pages: usize,
    pub fonts: BTreeSet<String>,
    pub marks: BTreeMap<String, usize>,
    /// Whether Typst laid it out in this build (not read back from the cache): a build plans
    /// what to do beside it by how long it took.
    pub laid_now: bool,
}

/// The prefix of the labels whose pages a typeset document reports (see [`Laid::marks`]).
pub const MARK: &str = "protopress:";

/// The page (1-based) of each `protopress:…` label: how the kit learns where a part it fills begins,
/// whatever the length of what comes before it (a cover may take more than one page).
fn page_marks(document: &PagedDocument) -> BTreeMap<String, usize> {
    let introspector = document.introspector();
    let labelled = introspector.query_labelled();
    labelled
        .iter()
        .filter_map(|content| {
            let name = content.label()?.resolve();
            let name = name.as_str();
            if !name.starts_with(MARK) {
                return None;
            }
            let page = introspector.page(content.location()?)?;
            Some((name.to_owned(), page.get()))
        })
        .fold(BTreeMap::new(), |mut marks, (name, page)| {
            // A label used twice marks its first page.
            marks.entry(name).or_insert(page);
            marks
        })
}

/// Lets go of the typesetter's memoised work not used by the last document or two: it is
/// kept process-wide for reuse and otherwise grows with every document typeset (a game in
/// 183 languages held 5 MB more for each).
pub fn release_memoised() {
    typst::comemo::evict(2);
}

impl TypesetCache {
    const KEEP: usize = 12;

    /// A cache backed by `disk`: what a build typesets is there for the next process.
    pub fn on_disk(disk: std::sync::Arc<DiskCache>) -> TypesetCache {
        TypesetCache {
            disk: Some(disk),
            ..TypesetCache::default()
        }
    }

    fn get(&self, key: &[u8; 32]) -> Option<Typeset> {
        let mut entries = lock(&self.entries);
        let Some(i) = entries.iter().position(|(k, _)| k == key) else {
            drop(entries);
            let disk = self.disk.as_ref()?;
            let typeset = disk.get(Entry::Typeset, &hex(key), Typeset::from_bytes)?;
            self.remember(*key, typeset.clone());
            return Some(typeset);
        };
        let entry = entries.remove(i);
        let out = entry.1.clone();
        entries.push(entry);
        Some(out)
    }

    /// The labels' pages of the document `key`, laid out earlier and not written.
    fn laid(&self, key: &[u8; 32]) -> Option<BTreeMap<String, usize>> {
        self.recall(&self.laid, (Entry::Laid, &hex(key)), *key)
    }

    fn remember_laid(&self, key: [u8; 32], marks: &BTreeMap<String, usize>) {
        self.keep_json(Entry::Laid, &hex(&key), marks);
        let mut laid = lock(&self.laid);
        // `watch` and `serve` lay kits out for as long as they run: a few are enough.
        if laid.len() >= 16 {
            laid.clear();
        }
        laid.insert(key, marks.clone());
    }

    /// The fonts the document `key` (its ident and language) credited last.
    pub fn credited(&self, key: &str) -> Option<BTreeSet<String>> {
        // Kept in memory too: `remember_credited` asks again, and need not read the file twice.
        self.recall(&self.credited, (Entry::Credited, key), key.to_owned())
    }

    pub fn remember_credited(&self, key: &str, fonts: &BTreeSet<String>) {
        if self.credited(key).as_ref() == Some(fonts) {
            return;
        }
        lock(&self.credited).insert(key.to_owned(), fonts.clone());
        self.keep_json(Entry::Credited, key, fonts);
    }

    /// `key`'s value in `memory`, else read from the disk entry `kind`/`name` (JSON) and kept
    /// in `memory`.
    fn recall<K: std::hash::Hash + Eq, V: Clone + serde::de::DeserializeOwned>(
        &self,
        memory: &std::sync::Mutex<HashMap<K, V>>,
        (kind, name): (Entry, &str),
        key: K,
    ) -> Option<V> {
        if let Some(value) = lock(memory).get(&key) {
            return Some(value.clone());
        }
        let read = |json: Vec<u8>| serde_json::from_slice(&json).ok();
        let value: V = self.disk.as_ref()?.get(kind, name, read)?;
        lock(memory).insert(key, value.clone());
        Some(value)
    }

    /// Writes `value` as JSON to the disk entry `kind`/`name`, when there is a disk.
    fn keep_json(&self, kind: Entry, name: &str, value: &impl serde::Serialize) {
        if let (Some(disk), Ok(json)) = (&self.disk, serde_json::to_vec(value)) {
            disk.put(kind, name, &json);
        }
    }

    /// A PDF an earlier build assembled (the kit with its sheets' and rulebook's pages filled
    /// in) under `key`, when the disk cache kept it.
    pub fn assembled(&self, key: &str) -> Option<Vec<u8>> {
        self.disk.as_ref()?.get(Entry::Assembled, key, Some)
    }

    /// Keeps `pdf`, assembled under `key`, for the next build: copied from `file` of the kit's
    /// folder once written. Only on disk: `watch` and `serve` fill the kit again on every
    /// rebuild, which keeps their memory to one kit.
    pub fn keep_assembled(&self, key: &str, file: &str, pdf: &[u8]) {
        if let Some(disk) = &self.disk {
            disk.put_written(Entry::Assembled, key, file, pdf);
        }
    }

    /// Faces drawn one a page for the pictures of a rulebook or kit, which an earlier build
    /// kept under `key` (the faces' content and the fonts).
    pub fn face_pages(&self, key: &str) -> Option<FacePages> {
        let decode = |bytes: Vec<u8>| {
            let (head, pdf) = split_parts(bytes)?;
            let faces = serde_json::from_slice(&head).ok()?;
            Some(FacePages { pdf, faces })
        };
        self.disk.as_ref()?.get(Entry::FacePages, key, decode)
    }

    /// Keeps `pages` under `key` for the next build; only on disk (`watch` and `serve` hold
    /// the parsed faces and draw them again).
    pub fn keep_face_pages(&self, key: &str, pages: &FacePages) {
        if let (Some(disk), Ok(head)) = (&self.disk, serde_json::to_vec(&pages.faces)) {
            disk.put(Entry::FacePages, key, &join_parts(&head, &pages.pdf));
        }
    }

    /// Whether what is kept outlives the process (`assembled` can find anything).
    pub fn has_disk(&self) -> bool {
        self.disk.is_some()
    }

    fn put(&self, key: [u8; 32], typeset: Typeset) {
        if let Some(disk) = &self.disk {
            disk.put(Entry::Typeset, &hex(&key), &typeset.to_bytes());
        }
        self.remember(key, typeset);
    }

    /// Keeps `typeset` in memory, the oldest entry going past [`Self::KEEP`].
    fn remember(&self, key: [u8; 32], typeset: Typeset) {
        let mut entries = lock(&self.entries);
        entries.retain(|(k, _)| *k != key);
        entries.push((key, typeset));
        let over = entries.len().saturating_sub(Self::KEEP);
        entries.drain(..over);
    }
}

impl Typeset {
    /// The document as a disk cache entry: what was learnt laying it out, then the PDF.
    fn to_bytes(&self) -> Vec<u8> {
        let head = serde_json::json!({
            "pages": self.pages,
            "fonts": self.fonts,
            "marks": self.marks,
        });
        join_parts(head.to_string().as_bytes(), &self.pdf)
    }

    /// The document of a disk cache entry written by [`Typeset::to_bytes`]; none when a
    /// label's page is not one of the document's (the kit counts pages from them).
    fn from_bytes(bytes: Vec<u8>) -> Option<Typeset> {
        #[derive(serde::Deserialize)]
        struct Head {
            pages: usize,
            fonts: BTreeSet<String>,
            marks: BTreeMap<String, usize>,
        }
        let (head, pdf) = split_parts(bytes)?;
        let head: Head = serde_json::from_slice(&head).ok()?;
        if head.marks.values().any(|&p| p == 0 || p > head.pages) {
            return None;
        }
        Some(Typeset {
            pdf,
            pages: head.pages,
            fonts: head.fonts,
            marks: head.marks,
            laid_now: false,
        })
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
        self.main.id
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id {
            Ok(self.main.source())
        } else {
            let include = self.includes.get(&id).ok_or(FileError::NotSource)?;
            Ok(include.source())
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
    use crate::rulebook::source_map::{Origin, source_end, source_marker};

    /// Finding a document in the cache reads its text but parses none of it; typesetting
    /// parses it once.
    #[test]
    fn markup_is_parsed_only_to_be_typeset() {
        let mut world = TypstWorld::new("= Title\n#include \"/part.typ\"\n".into(), (2026, 1, 1));
        world.add_include("/part.typ", "Some *text*.".into());
        let parsed = |w: &TypstWorld| {
            let include = w.includes.values().next().unwrap();
            (
                w.main.parsed.get().is_some(),
                include.parsed.get().is_some(),
            )
        };
        let key = world.key("test");
        assert!(world.main_text().starts_with("= Title"));
        assert_eq!(parsed(&world), (false, false));
        world.compile().unwrap();
        assert_eq!(parsed(&world), (true, true));
        assert_eq!(world.key("test"), key);
    }

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
    fn errors_in_a_marked_file_point_at_its_own_line_and_column() {
        let style = "#set text(size: 10pt)\n#set par(leading: 0.5em)\n#set text(fill: nocolour)\n";
        let markup = format!(
            "= Title\n{}{style}{}\nGenerated #oops()\n",
            source_marker(std::path::Path::new("data/g/rules.typ"), 1, Origin::Lines),
            source_end()
        );
        let err = TypstWorld::new(markup, (2026, 1, 1)).compile().unwrap_err();
        assert_eq!(
            err.file.as_deref(),
            Some(std::path::Path::new("data/g/rules.typ"))
        );
        assert_eq!((err.line, err.column), (Some(3), Some(17)), "{err}");
        assert_eq!(err.snippet.as_deref(), Some("#set text(fill: nocolour)"));
        // After the end marker, the generated Typst is generated again.
        let markup = format!(
            "{}ok\n{}#oops()\n",
            source_marker(std::path::Path::new("data/g/rules.md"), 7, Origin::Block),
            source_end()
        );
        let err = TypstWorld::new(markup, (2026, 1, 1)).compile().unwrap_err();
        assert!(err.file.is_none(), "{err}");
        let markup = format!(
            "{}Text #oops()\n",
            source_marker(std::path::Path::new("data/g/rules.md"), 7, Origin::Block)
        );
        let err = TypstWorld::new(markup, (2026, 1, 1)).compile().unwrap_err();
        assert_eq!(
            err.file.as_deref(),
            Some(std::path::Path::new("data/g/rules.md"))
        );
        assert_eq!(err.line, Some(7));
    }

    #[test]
    fn an_included_file_is_set_in_the_main_text() {
        let mut world = TypstWorld::new("Before\n#include \"/b.typ\"\nafter".into(), (2026, 1, 1));
        world.add_include("/b.typ", "#text(font: \"DejaVu Sans Mono\")[inside]".into());
        let laid = world.lay_out("t", None).unwrap();
        let fonts: Vec<&String> = laid.fonts.iter().collect();
        assert_eq!(fonts, ["DejaVu Sans Mono", "Libertinus Serif"]);
        let missing = TypstWorld::new("#include \"/c.typ\"".into(), (2026, 1, 1));
        assert!(missing.lay_out("t", None).is_err());
    }

    #[test]
    fn a_kept_document_comes_back_as_it_was_unless_a_label_is_off_its_pages() {
        let typeset = Typeset {
            pdf: b"%PDF-1.7 body".to_vec(),
            pages: 3,
            fonts: BTreeSet::from(["Noto Sans".to_owned()]),
            marks: BTreeMap::from([("protopress:rules".to_owned(), 3)]),
            laid_now: true,
        };
        let back = Typeset::from_bytes(typeset.to_bytes()).unwrap();
        assert_eq!(
            (back.pdf, back.pages, back.fonts, back.marks),
            (
                typeset.pdf.clone(),
                3,
                typeset.fonts.clone(),
                typeset.marks.clone()
            )
        );
        for page in [0, 4] {
            let off = Typeset {
                marks: BTreeMap::from([("protopress:rules".to_owned(), page)]),
                ..typeset.clone()
            };
            assert!(Typeset::from_bytes(off.to_bytes()).is_none(), "page {page}");
        }
    }

    #[test]
    fn the_cache_gives_the_same_pdf_and_misses_when_any_input_changes() {
        let dated = |text: &str, file: &[u8], day: u8| {
            let mut w = TypstWorld::new(text.into(), (2026, 1, day));
            w.add_file("a.txt", file.to_vec());
            w
        };
        let world = |text: &str, file: &[u8]| dated(text, file, 1);
        let cache = TypesetCache::default();
        let a = world("Hi", b"1");
        let cached = a.lay_out("t", Some(&cache)).unwrap().into_pdf().unwrap();
        assert_eq!(cached, a.pdf("t").unwrap().0);
        let hit = a.lay_out("t", Some(&cache)).unwrap();
        assert!(matches!(hit.pdf, LaidPdf::Written(_)));
        assert_eq!(hit.fonts.iter().collect::<Vec<_>>(), ["Libertinus Serif"]);
        assert_eq!(hit.into_pdf().unwrap(), cached);
        assert_eq!(a.key("t"), world("Hi", b"1").key("t"));
        assert_ne!(a.key("t"), world("Hi", b"2").key("t"));
        assert_ne!(a.key("t"), world("Ho", b"1").key("t"));
        assert_ne!(a.key("t"), a.key("u"));
        assert_ne!(a.key("t"), dated("Hi", b"1", 2).key("t"));
        assert_ne!(a.key("t"), world("Hi", b"1").untagged().key("t"));
        let included = |text: &str| {
            let mut w = world("Hi #include \"/b.typ\"", b"1");
            w.add_include("/b.typ", text.into());
            w
        };
        assert_ne!(included("x").key("t"), included("y").key("t"));
        // Only the last few documents are kept.
        for i in 0..20 {
            let empty = Typeset {
                pdf: Vec::new(),
                pages: 0,
                fonts: BTreeSet::new(),
                marks: BTreeMap::new(),
                laid_now: true,
            };
            cache.put([i; 32], empty);
        }
        assert!(cache.get(&a.key("t")).is_none());
        assert_eq!(lock(&cache.entries).len(), TypesetCache::KEEP);
    }

    #[test]
    fn region_codes_become_typst_regions() {
        assert_eq!(typst_lang("en"), "\"en\"");
        assert_eq!(typst_lang("de-CH"), "\"de\", region: \"CH\"");
        let markup = format!(
            "#set text(lang: {})\n„Grüezi“ und Straße.\n",
            typst_lang("pt_br")
        );
        assert!(TypstWorld::new(markup, (2026, 1, 1)).compile().is_ok());
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
