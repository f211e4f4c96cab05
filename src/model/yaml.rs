//! YAML parsing with errors that name the file, line and column, and a "did you mean" for
//! unknown fields and variants.

use std::path::Path;

use serde::de;

use crate::error::{Error, Result, suggestion};

/// The first line containing `needle` at or after the first line containing `anchor`.
pub(crate) fn find_line_after(source: &str, anchor: &str, needle: &str) -> Option<usize> {
    let start = find_line(source, anchor)?;
    source
        .lines()
        .enumerate()
        .skip(start - 1)
        .find(|(_, l)| l.contains(needle))
        .map(|(i, _)| i + 1)
}

/// Points `e` at `line` of `source`, when known.
pub(crate) fn locate(e: Error, line: Option<usize>, source: &str) -> Error {
    match line {
        Some(l) => e.at(l, 1).with_source(source),
        None => e,
    }
}

/// The first line containing `needle`, 1-based.
pub(crate) fn find_line(source: &str, needle: &str) -> Option<usize> {
    source
        .lines()
        .position(|l| l.contains(needle))
        .map(|i| i + 1)
}

/// Parses YAML into `T`, turning serde errors into errors that point at the file.
pub fn parse_yaml<T: de::DeserializeOwned>(source: &str, path: &Path) -> Result<T> {
    check_nesting(source, path)?;
    serde_yaml::from_str(source).map_err(|e| yaml_error(&e, source, path))
}

/// Deepest `[`/`{` nesting a YAML file may use. Real data needs a handful of levels; deep
/// flow nesting makes the parser slow out of all proportion, so it is refused up front.
pub const MAX_YAML_NESTING: usize = 64;

/// Refuses flow collections nested deeper than [`MAX_YAML_NESTING`], naming the place.
pub(crate) fn check_nesting(source: &str, path: &Path) -> Result<()> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let (mut line, mut column) = (1, 0);
    for c in source.chars() {
        column += 1;
        match (quote, c) {
            (_, '\n') => {
                (line, column) = (line + 1, 0);
                quote = None;
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => {
                depth += 1;
                if depth > MAX_YAML_NESTING {
                    return Err(Error::new(format!(
                        "lists or maps nested more than {MAX_YAML_NESTING} levels deep"
                    ))
                    .in_file(path)
                    .at(line, column));
                }
            }
            (None, ']' | '}') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// Converts a YAML error into an [`Error`] with location and a "did you mean" for unknown
/// fields and variants.
pub fn yaml_error(err: &serde_yaml::Error, source: &str, path: &Path) -> Error {
    let full = err.to_string();
    // serde_yaml appends " at line L column C"; the location is reported separately.
    let message = match full.rfind(" at line ") {
        Some(pos) if err.location().is_some() => full[..pos].to_owned(),
        _ => full.clone(),
    };
    let mut error = Error::new(message.clone()).in_file(path);
    if let Some(loc) = err.location() {
        let (mut line, mut column) = (loc.line(), loc.column());
        // Errors from a size's own parser are reported at its component; point at `size:`.
        if message.contains("card size")
            && let Some((l, c)) = find_key_after(source, line, "size")
        {
            (line, column) = (l, c);
        }
        error = error.at(line, column).with_source(source);
    }
    if let Some(help) = unknown_name_help(&message) {
        error = error.help(help);
    }
    error
}

/// The first `key:` at or after 1-based `line`, as (line, column).
fn find_key_after(source: &str, line: usize, key: &str) -> Option<(usize, usize)> {
    source
        .lines()
        .enumerate()
        .skip(line.saturating_sub(1))
        .find_map(|(i, l)| {
            let t = l.trim_start_matches([' ', '-']);
            t.starts_with(&format!("{key}:"))
                .then(|| (i + 1, l.len() - t.len() + 1))
        })
}

/// For serde's "unknown field `x`, expected one of `a`, `b`" (and the same for variants),
/// suggests the nearest expected name.
fn unknown_name_help(message: &str) -> Option<String> {
    let start = message
        .find("unknown field `")
        .map(|p| p + "unknown field `".len())
        .or_else(|| {
            message
                .find("unknown variant `")
                .map(|p| p + "unknown variant `".len())
        })?;
    let rest = &message[start..];
    let unknown = &rest[..rest.find('`')?];
    let expected: Vec<&str> = rest[unknown.len() + 1..]
        .split('`')
        .skip(1)
        .step_by(2)
        .collect();
    if expected.is_empty() {
        return None;
    }
    Some(suggestion(unknown, expected.iter().copied()))
}
