//! Card text's markup parsed into atoms: `**bold**`, `*italic*` (a star that pairs with none
//! is text), line breaks, and icons written `:name:` or `{name}`; a backslash escapes.

use crate::error::suggestion;

use super::icons::{Icons, icon_name_char};

/// Style of a run of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(super) struct Style {
    pub(super) bold: bool,
    pub(super) italic: bool,
}

/// A piece of parsed card text.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Atom {
    Text(String, Style),
    Icon(String),
    Space,
    Break,
}

/// The stars of `chars` that are markup, by the index of their first star. As in Markdown, a
/// star opens before a non-space and closes after one, and a star that pairs with none is
/// text: `Dragon*`, `2 * 3` and `5*` print their stars. A `**` that opens and never closes is
/// returned apart: unlike a lone star, it is nearly always a forgotten close.
pub(super) fn markup_stars(chars: &[char]) -> (std::collections::HashSet<usize>, Option<usize>) {
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
pub(super) fn icon_at(
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
pub(super) fn parse_markup(text: &str, icons: &Icons) -> std::result::Result<Vec<Atom>, String> {
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

/// A short quote of the text for messages.
pub(super) fn quote(text: &str) -> String {
    let t: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        format!("\"{t}…\"")
    } else {
        format!("\"{t}\"")
    }
}
