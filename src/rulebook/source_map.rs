//! Markers in the generated Typst that say which lines come from which file (`rules.md`,
//! `rules.typ`), so that a Typst error points at the designer's own line; and reading them
//! back from a position in the generated text.

/// Starts a marker comment in the generated Typst: the text after it comes from a file.
const SOURCE: &str = "// @source ";

/// Ends the text a marker started: what follows is generated.
const SOURCE_END: &str = "// @source-end";

/// How the text after a marker maps to its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Line for line, from `line` on (a `rules.typ` copied as it is).
    Lines,
    /// All from one line: a Markdown block converted into other markup.
    Block,
}

/// A marker line saying the text after it comes from `file`, starting at `line`; errors
/// inside it then point at that file and line, not at the generated Typst.
pub fn source_marker(file: &std::path::Path, line: usize, origin: Origin) -> String {
    let kind = match origin {
        Origin::Lines => "lines",
        Origin::Block => "block",
    };
    format!("\n{SOURCE}{kind} {line} {}\n", file.display())
}

/// The marker line ending a file's text.
pub fn source_end() -> String {
    format!("\n{SOURCE_END}\n")
}

/// Where byte `pos` of `main` came from: the file, line and column (column only for text
/// copied line for line), and that file's text when it was copied whole.
pub(crate) fn origin_of(
    main: &str,
    pos: usize,
) -> Option<(String, usize, Option<usize>, Option<String>)> {
    let before = main.get(..pos)?;
    // The last marker of either kind: after an end marker the text is generated.
    let at = before.rfind(SOURCE.trim_end())?;
    if main[at..].starts_with(SOURCE_END) {
        return None;
    }
    let marker_line_end = at + main[at..].find('\n')?;
    let marker = main.get(at + SOURCE.len()..marker_line_end)?;
    let mut parts = marker.splitn(3, ' ');
    let (kind, line, file) = (parts.next()?, parts.next()?, parts.next()?);
    let first: usize = line.parse().ok()?;
    let text_start = marker_line_end + 1;
    if pos < text_start {
        return None;
    }
    if kind == "block" {
        return Some((file.to_owned(), first, None, None));
    }
    let copied = &main[text_start..];
    let copied = &copied[..copied.find(SOURCE_END).unwrap_or(copied.len())];
    let offset = pos - text_start;
    let line = first + copied.get(..offset)?.matches('\n').count();
    let line_start = copied[..offset].rfind('\n').map_or(0, |i| i + 1);
    let column = copied[line_start..offset].chars().count() + 1;
    let mut source = "\n".repeat(first.saturating_sub(1));
    source.push_str(copied.trim_end_matches('\n'));
    Some((file.to_owned(), line, Some(column), Some(source)))
}
