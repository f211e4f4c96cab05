//! Errors that point at the designer's own files.
//!
//! Every failure a designer can cause (a YAML typo, a template that does not parse, text that
//! does not fit) becomes an [`Error`] that names the file, the line and column where the format
//! has them, the component and the card. The message is what a person reads in the terminal, so
//! it says what is wrong and, where we can guess, what was meant.

use std::fmt;
use std::path::{Path, PathBuf};

/// A build failure with everything needed to find its cause.
///
/// Boxed so that `Result`s stay small on the happy path; the fields are reached through
/// `Deref` (`err.line`).
#[derive(Debug, Clone, Default)]
pub struct Error(Box<Details>);

/// What an [`Error`] knows.
#[derive(Debug, Clone, Default)]
pub struct Details {
    /// What went wrong, in one sentence.
    pub message: String,
    /// The file the problem is in, relative to the project where possible.
    pub file: Option<PathBuf>,
    /// 1-based line in `file`.
    pub line: Option<usize>,
    /// 1-based column in `file`.
    pub column: Option<usize>,
    /// The game the problem belongs to.
    pub game: Option<String>,
    /// The component (deck, board, ...) the problem belongs to.
    pub component: Option<String>,
    /// The card or face the problem belongs to.
    pub card: Option<String>,
    /// The card's own entry, its cards file and line (a spreadsheet's row), when the error is
    /// placed elsewhere (at the template line that failed on the card's data).
    pub card_entry: Option<(PathBuf, usize)>,
    /// A hint: "did you mean ...", or how to fix it.
    pub help: Option<String>,
    /// The source line the error points at, for a snippet with a caret.
    pub snippet: Option<String>,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl std::ops::Deref for Error {
    type Target = Details;
    fn deref(&self) -> &Details {
        &self.0
    }
}

impl std::ops::DerefMut for Error {
    fn deref_mut(&mut self) -> &mut Details {
        &mut self.0
    }
}

impl Error {
    pub fn new(message: impl Into<String>) -> Self {
        Error(Box::new(Details {
            message: message.into(),
            ..Default::default()
        }))
    }

    pub fn in_file(mut self, file: impl AsRef<Path>) -> Self {
        self.file = Some(file.as_ref().to_path_buf());
        self
    }

    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    pub fn game(mut self, game: impl Into<String>) -> Self {
        self.game.get_or_insert(game.into());
        self
    }

    pub fn component(mut self, component: impl Into<String>) -> Self {
        self.component.get_or_insert(component.into());
        self
    }

    pub fn card(mut self, card: impl Into<String>) -> Self {
        self.card.get_or_insert(card.into());
        self
    }

    /// The card's entry in its cards file (see [`Details::card_entry`]).
    pub fn card_entry(mut self, file: impl AsRef<Path>, line: usize) -> Self {
        self.card_entry = Some((file.as_ref().to_path_buf(), line));
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Attaches the offending source line (taken from `source`) so the report can show it.
    pub fn with_source(mut self, source: &str) -> Self {
        if let Some(line) = self.line {
            self.snippet = source
                .lines()
                .nth(line.saturating_sub(1))
                .map(str::to_owned);
        }
        self
    }

    /// A failure to write `path` (a file or folder of the output), worded for a person: a
    /// read-only or full disk is named as such.
    pub fn io_write(path: &Path, err: &std::io::Error) -> Self {
        let what = match err.kind() {
            std::io::ErrorKind::ReadOnlyFilesystem => "the disk is read-only".to_owned(),
            std::io::ErrorKind::StorageFull => "the disk is full".to_owned(),
            std::io::ErrorKind::PermissionDenied => {
                "permission denied (the folder is not writable)".to_owned()
            }
            _ => err.to_string(),
        };
        Error::new(format!("cannot write {}: {what}", path.display()))
            .in_file(path)
            .help("build into a writable folder (`--out DIR`), or free or unlock this one")
    }

    /// An I/O failure on `path`, worded for a person.
    pub fn io(path: &Path, err: &std::io::Error) -> Self {
        let what = match err.kind() {
            std::io::ErrorKind::NotFound => "file not found".to_owned(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
            std::io::ErrorKind::InvalidData => "the file is not valid UTF-8 text".to_owned(),
            _ => err.to_string(),
        };
        Error::new(format!("cannot read {}: {what}", path.display())).in_file(path)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)?;
        if let Some(file) = &self.file {
            write!(f, "\n  --> {}", file.display())?;
            if let Some(line) = self.line {
                write!(f, ":{line}")?;
                if let Some(col) = self.column {
                    write!(f, ":{col}")?;
                }
            }
        }
        if let (Some(snippet), Some(line)) = (&self.snippet, self.line) {
            let gutter = line.to_string().len();
            let (shown, caret) = window(snippet, self.column);
            write!(f, "\n {:gutter$} |\n {line} | {shown}", "")?;
            if let Some(pad) = caret {
                write!(f, "\n {:gutter$} | {:pad$}^", "", "")?;
            }
        }
        let mut place = Vec::new();
        if let Some(game) = &self.game {
            place.push(format!("game `{game}`"));
        }
        if let Some(component) = &self.component {
            place.push(format!("component `{component}`"));
        }
        if let Some(card) = &self.card {
            place.push(format!("card `{card}`"));
        }
        if !place.is_empty() {
            write!(f, "\n  = in {}", place.join(", "))?;
        }
        if let Some(help) = &self.help {
            write!(f, "\n  = help: {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// The known name closest to `unknown`, if it is close enough to be a likely typo.
pub fn nearest<'a>(unknown: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .map(|k| (strsim::jaro_winkler(unknown, k), k))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

/// "did you mean `x`?" for `unknown` among `known`, or a list of what is allowed.
pub fn suggestion<'a>(unknown: &str, known: impl IntoIterator<Item = &'a str> + Clone) -> String {
    match nearest(unknown, known.clone()) {
        Some(near) => format!("did you mean `{near}`?"),
        None => {
            let mut all: Vec<String> = Vec::new();
            for k in known {
                let named = format!("`{k}`");
                // A family with several styles is one name to choose.
                if !all.contains(&named) {
                    all.push(named);
                }
            }
            match all.is_empty() {
                true => "there are none to choose from".to_owned(),
                false => format!("expected one of {}", all.join(", ")),
            }
        }
    }
}

/// How much of a source line a snippet shows: a line of a minified file or an attack can be
/// megabytes long, and a terminal shows a screen's width.
const SNIPPET_CHARS: usize = 100;

/// The part of `line` a snippet shows, around 1-based column `column` (bytes), with `…` where
/// it is cut, and where the caret goes in it (characters from its start).
fn window(line: &str, column: Option<usize>) -> (String, Option<usize>) {
    let chars = line.chars().count();
    // The caret's character, from the byte column (the nearest boundary before it).
    let at = column.map(|c| {
        let byte = c.saturating_sub(1).min(line.len());
        let boundary = (0..=byte)
            .rev()
            .find(|&b| line.is_char_boundary(b))
            .unwrap_or(0);
        line[..boundary].chars().count() + (byte - boundary)
    });
    if chars <= SNIPPET_CHARS {
        return (line.to_owned(), at);
    }
    let start = at.map_or(0, |a| a.saturating_sub(SNIPPET_CHARS / 2));
    let start = start.min(chars - SNIPPET_CHARS);
    let end = start + SNIPPET_CHARS;
    let mut shown: String = line.chars().skip(start).take(SNIPPET_CHARS).collect();
    let lead = usize::from(start > 0);
    if start > 0 {
        shown.insert(0, '…');
    }
    if end < chars {
        shown.push('…');
    }
    (shown, at.map(|a| a - start + lead))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(nearest("cuont", ["count", "name", "id"]), Some("count"));
        assert_eq!(nearest("colour", ["color", "name"]), Some("color"));
        assert_eq!(nearest("zzz", ["count", "name"]), None);
        // Each name once (a font family's styles share one), and no empty list.
        assert_eq!(
            suggestion("zzz", ["Noto Sans", "Noto Sans", "Libertinus Serif"]),
            "expected one of `Noto Sans`, `Libertinus Serif`"
        );
        assert_eq!(suggestion("coin", []), "there are none to choose from");
    }

    #[test]
    fn report_names_file_line_card_and_caret() {
        let err = Error::new("unknown field `cuont`")
            .in_file("data/g/deck.yaml")
            .at(2, 3)
            .with_source("- name: A\n  cuont: 3\n")
            .game("g")
            .component("deck")
            .card("A")
            .help("did you mean `count`?");
        let text = err.to_string();
        assert!(text.contains("data/g/deck.yaml:2:3"), "{text}");
        assert!(text.contains(" 2 |   cuont: 3"), "{text}");
        assert!(text.contains("   |   ^"), "{text}");
        assert!(text.contains("card `A`"), "{text}");
        assert!(text.contains("did you mean `count`?"), "{text}");
    }

    #[test]
    fn a_long_line_is_shown_around_its_column() {
        let line = format!("{}X{}", "a".repeat(10_000), "b".repeat(10_000));
        let (shown, caret) = window(&line, Some(10_001));
        assert_eq!(shown.chars().count(), 102, "{shown}");
        assert!(shown.starts_with('…') && shown.ends_with('…'));
        assert_eq!(shown.chars().nth(caret.unwrap()), Some('X'));
        assert_eq!(window("short", Some(3)), ("short".to_owned(), Some(2)));
        let (end, caret) = window(&"é".repeat(300), Some(599));
        assert!(end.starts_with('…') && !end.ends_with('…'));
        assert_eq!(caret, Some(100));
    }
}
