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

/// Points `e` at `line` of `source`, when known: at its key, past the indentation and any
/// list dash.
pub(crate) fn locate(e: Error, line: Option<usize>, source: &str) -> Error {
    let Some(l) = line else {
        return e;
    };
    let text = source.lines().nth(l.saturating_sub(1)).unwrap_or("");
    e.at(l, key_column(text)).with_source(source)
}

/// The column of a YAML line's key: past its indentation and any list dash.
pub(crate) fn key_column(line: &str) -> usize {
    let key = line.trim_start_matches([' ', '-']);
    line[..line.len() - key.len()].chars().count() + 1
}

/// Where `word` first stands in `line` as a whole word: not run into a character that
/// `is_part` takes as part of a word on either side. A byte offset.
pub(crate) fn word_at(line: &str, word: &str, is_part: impl Fn(char) -> bool) -> Option<usize> {
    line.match_indices(word).map(|(at, _)| at).find(|&at| {
        let before = line[..at].chars().next_back().is_none_or(|c| !is_part(c));
        let after = line[at + word.len()..]
            .chars()
            .next()
            .is_none_or(|c| !is_part(c));
        before && after
    })
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
    check_source(source, path)?;
    if source.contains("<<") && has_merge_key(source) {
        return parse_merged(source, path);
    }
    serde_yaml::from_str(source).map_err(|e| yaml_error(&e, source, path))
}

/// Whether any map of the YAML has a merge key, which the typed parser would take for a
/// field of its own (refused, or kept as a key named `<<` in free-form data).
fn has_merge_key(source: &str) -> bool {
    fn any(value: &serde_yaml::Value) -> bool {
        match value {
            serde_yaml::Value::Mapping(map) => {
                map.iter().any(|(k, v)| k.as_str() == Some("<<") || any(v))
            }
            serde_yaml::Value::Sequence(items) => items.iter().any(any),
            serde_yaml::Value::Tagged(t) => any(&t.value),
            _ => false,
        }
    }
    serde_yaml::from_str::<serde_yaml::Value>(source).is_ok_and(|v| any(&v))
}

/// Parses YAML that uses merge keys (`<<: *common`), which the typed parser does not resolve:
/// read as plain values, merged, then typed. Errors past the merge name the place by its path
/// (`components[2].size`) rather than a line, which the merged text no longer shares.
fn parse_merged<T: de::DeserializeOwned>(source: &str, path: &Path) -> Result<T> {
    let value: serde_yaml::Value =
        serde_yaml::from_str(source).map_err(|e| yaml_error(&e, source, path))?;
    let merged = resolve_merges(value).map_err(|m| Error::new(m).in_file(path))?;
    let text = serde_yaml::to_string(&merged).map_err(|e| Error::new(e.to_string()))?;
    serde_yaml::from_str(&text).map_err(|e| {
        let mut err = yaml_error(&e, &text, path);
        (err.line, err.column, err.snippet) = (None, None, None);
        err
    })
}

/// `value` with every merge key resolved: a map keeps its own keys and takes those its `<<`
/// brings that it lacks; of a list of maps, the earlier win. A merged map's own merge keys
/// are resolved first, so chains of anchors work.
pub(crate) fn resolve_merges(
    value: serde_yaml::Value,
) -> std::result::Result<serde_yaml::Value, String> {
    use serde_yaml::Value;
    match value {
        Value::Sequence(items) => items
            .into_iter()
            .map(resolve_merges)
            .collect::<std::result::Result<_, _>>()
            .map(Value::Sequence),
        Value::Mapping(map) => {
            let mut out = serde_yaml::Mapping::new();
            let mut merged = None;
            for (key, value) in map {
                match key.as_str() {
                    Some("<<") => merged = Some(value),
                    _ => {
                        out.insert(key, resolve_merges(value)?);
                    }
                }
            }
            let sources = match merged {
                None => Vec::new(),
                Some(Value::Sequence(maps)) => maps,
                Some(one) => vec![one],
            };
            for source in sources {
                let Value::Mapping(fields) = resolve_merges(source)? else {
                    return Err("`<<` merges a map (`<<: *common`) or a list of maps".to_owned());
                };
                for (key, value) in fields {
                    out.entry(key).or_insert(value);
                }
            }
            Ok(Value::Mapping(out))
        }
        Value::Tagged(tagged) => Ok(Value::Tagged(Box::new(serde_yaml::value::TaggedValue {
            tag: tagged.tag,
            value: resolve_merges(tagged.value)?,
        }))),
        other => Ok(other),
    }
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
        let of_size = message.contains("card size") || message.contains("a size's `");
        if of_size && let Some((l, c)) = find_key_after(source, line, "size") {
            (line, column) = (l, c);
        }
        error = error.at(line, column).with_source(source);
    }
    if let Some(help) = unknown_name_help(&message) {
        error = error.help(help);
    }
    if message == "recursion limit exceeded" {
        // The parser's words for an alias inside the very map its anchor names (`&a` holding
        // `<<: *a`), which would repeat without end, or for nesting over a hundred levels.
        error.message = "this YAML repeats without end or nests too deeply: an alias (`*name`) inside the map its anchor (`&name`) starts copies that map into itself".to_owned();
        error = error.help("merge or repeat only an anchor whose map has ended before the alias");
    }
    if message == "repetition limit exceeded" {
        // Aliases of aliases (`&b [*a, *a, …]`) multiply: a few lines could stand for
        // billions of values, so the parser stops.
        error.message = "this YAML's aliases (`*name`) copy so much that it would hold millions of values: an anchor made of aliases of another anchor multiplies them".to_owned();
        error = error.help("write the values out, or use an alias of an alias only a few times");
    }
    error
}

/// The first `key:` at or after 1-based `line`, as (line, column).
pub(crate) fn find_key_after(source: &str, line: usize, key: &str) -> Option<(usize, usize)> {
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

/// The checks every YAML file of a game passes before it is parsed, so each mistake gets
/// its own words whichever file it is in: nesting depth, tabs, keys given twice.
pub(crate) fn check_source(source: &str, path: &Path) -> Result<()> {
    check_nesting(source, path)?;
    check_tab_indentation(source, path)?;
    check_duplicate_keys(source, path)
}

/// Refuses a line indented with a tab, naming it: YAML indents with spaces only, and the
/// parser's own words for it ("a tab character that violates indentation", or a key that
/// starts with a tab and so seems given twice) do not say what to do. A tab inside a block
/// scalar (`text: |`) is text and stays.
pub(crate) fn check_tab_indentation(source: &str, path: &Path) -> Result<()> {
    // The indentation of a line that opened a block scalar, while its lines are read.
    let mut block: Option<usize> = None;
    for (i, line) in source.lines().enumerate() {
        let content = line.trim_start_matches([' ', '\t']);
        let indent = line.len() - content.len();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        if let Some(opened) = block {
            if line[..indent].chars().filter(|c| *c == ' ').count() > opened {
                continue;
            }
            block = None;
        }
        if let Some(col) = line[..indent].find('\t') {
            return Err(Error::new(format!(
                "line {} is indented with a tab; YAML indents with spaces only",
                i + 1
            ))
            .in_file(path)
            .at(i + 1, col + 1)
            .with_source(source)
            .help("replace the tab with spaces (most editors can show tabs and convert them)"));
        }
        if opens_block_scalar(content) {
            block = Some(indent);
        }
    }
    Ok(())
}

/// Whether a line ends by opening a block scalar: `key: |`, `- >-`, `text: |2`.
fn opens_block_scalar(content: &str) -> bool {
    let code = content.split(" #").next().unwrap_or(content).trim_end();
    let Some(last) = code.rsplit([' ', ':']).next() else {
        return false;
    };
    let mut chars = last.chars();
    matches!(chars.next(), Some('|' | '>'))
        && chars.all(|c| matches!(c, '-' | '+') || c.is_ascii_digit())
        && (code.len() == last.len() || code[..code.len() - last.len()].ends_with([' ', ':']))
}

/// Refuses a key given twice in one block mapping, pointing at the second: YAML parsers
/// either keep the last value silently or report the mapping's first key, which hides
/// which line to fix.
pub(crate) fn check_duplicate_keys(source: &str, path: &Path) -> Result<()> {
    match find_duplicate_key(source) {
        Some(dup) => Err(Error::new(format!(
            "the key `{}` is given twice in one map (first on line {})",
            dup.key, dup.first_line
        ))
        .in_file(path)
        .at(dup.line, dup.column)
        .with_source(source)
        .help("remove one of the two, or merge their values")),
        None => Ok(()),
    }
}

/// A key found a second time in the same mapping.
#[derive(Debug, PartialEq, Eq)]
struct DuplicateKey {
    key: String,
    line: usize,
    column: usize,
    first_line: usize,
}

/// One open block mapping: its column and the keys seen in it, with their lines.
struct Level {
    column: usize,
    keys: Vec<(String, usize)>,
}

/// Scans block mappings line by line (sequence items open a new mapping each); block
/// scalars, multi-line flow collections and multi-line quoted strings are skipped.
fn find_duplicate_key(source: &str) -> Option<DuplicateKey> {
    let mut levels: Vec<Level> = Vec::new();
    // Inside a block scalar: the column of its key; more-indented lines belong to it.
    let mut block_scalar: Option<usize> = None;
    let mut skip = Skip::default();
    for (i, line) in source.lines().enumerate() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let trimmed = line.trim();
        if let Some(c) = block_scalar {
            if trimmed.is_empty() || indent > c {
                continue;
            }
            block_scalar = None;
        }
        if skip.active() {
            skip.scan(line);
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if trimmed == "---" || trimmed == "..." {
            levels.clear();
            continue;
        }
        let (mut column, mut rest, mut item) = (indent, &line[indent..], false);
        while let Some(r) = rest
            .strip_prefix('-')
            .filter(|r| r.is_empty() || r.starts_with(' '))
        {
            let r2 = r.trim_start_matches(' ');
            column += rest.len() - r2.len();
            rest = r2;
            item = true;
        }
        levels.retain(|l| l.column < column || (!item && l.column == column));
        let Some((key, value)) = split_key(rest) else {
            skip.scan(rest);
            continue;
        };
        match levels.last_mut().filter(|l| l.column == column) {
            Some(level) => {
                if let Some((_, first)) = level.keys.iter().find(|(k, _)| *k == key) {
                    return Some(DuplicateKey {
                        key,
                        line: i + 1,
                        column: column + 1,
                        first_line: *first,
                    });
                }
                level.keys.push((key, i + 1));
            }
            None => levels.push(Level {
                column,
                keys: vec![(key, i + 1)],
            }),
        }
        let value = value.trim_start();
        if value.starts_with('|') || value.starts_with('>') {
            block_scalar = Some(column);
        } else {
            skip.scan(value);
        }
    }
    None
}

/// A `key:` at the start of `text` (plain or quoted) and the text after the colon.
fn split_key(text: &str) -> Option<(String, &str)> {
    if let Some(q) = text.chars().next().filter(|c| *c == '"' || *c == '\'') {
        let end = text[1..].find(q)? + 1;
        let after = text[end + 1..].trim_start_matches(' ');
        let value = after.strip_prefix(':')?;
        return (value.is_empty() || value.starts_with(' '))
            .then(|| (text[1..end].to_owned(), value));
    }
    if text.starts_with(['{', '[', '&', '*', '!', '|', '>', '#', '%', '@', '`']) {
        return None;
    }
    let colon = text.match_indices(':').find(|(i, _)| {
        let after = &text[i + 1..];
        after.is_empty() || after.starts_with(' ')
    })?;
    let key = &text[..colon.0];
    (!key.contains(" #")).then(|| (key.trim_end().to_owned(), &text[colon.0 + 1..]))
}

/// Flow collections and quoted strings left open at the end of a line, which the following
/// lines continue.
#[derive(Default)]
struct Skip {
    depth: usize,
    quote: Option<char>,
}

impl Skip {
    fn active(&self) -> bool {
        self.depth > 0 || self.quote.is_some()
    }

    /// Follows `text`'s brackets and quotes (a comment ends the scan).
    fn scan(&mut self, text: &str) {
        let mut prev = ' ';
        for c in text.chars() {
            match (self.quote, c) {
                (Some('"'), '"') if prev != '\\' => self.quote = None,
                (Some('\''), '\'') => self.quote = None,
                (Some(_), _) => {}
                (None, '#') if prev == ' ' => return,
                (None, '"' | '\'') if matches!(prev, ' ' | '[' | '{' | ',' | ':') => {
                    self.quote = Some(c)
                }
                (None, '[' | '{') => self.depth += 1,
                (None, ']' | '}') => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
            prev = c;
        }
    }
}

#[cfg(test)]
mod duplicate_tests {
    use super::*;

    fn dup(source: &str) -> Option<(String, usize, usize, usize)> {
        find_duplicate_key(source).map(|d| (d.key, d.line, d.column, d.first_line))
    }

    #[test]
    fn a_second_key_is_found_at_its_own_line() {
        assert_eq!(
            dup("# c\nname: X\nname: Y\n"),
            Some(("name".into(), 3, 1, 2))
        );
        let cards = "- name: A\n  tone: good\n  text: |\n    tone: not a key\n    tone: again\n  tone: bad\n- name: B\n  tone: bad\n";
        assert_eq!(dup(cards), Some(("tone".into(), 6, 3, 2)));
        let nested =
            "print:\n  paper: a4\ndata:\n  paper: x\n  ink:\n    paper: y\n  \"paper\": z\n";
        assert_eq!(dup(nested), Some(("paper".into(), 7, 3, 4)));
    }

    #[test]
    fn items_flow_collections_and_strings_are_not_duplicates() {
        for ok in [
            "- name: A\n- name: B\n",
            "- - name: A\n  - name: B\n",
            "a: [x,\n  y]\nb: { c: 1,\n  c: 2 }\n",
            "a: \"one: 1\n  one: 2\"\nb: 1\n",
            "text: >\n  k: 1\n  k: 2\nother: 3\n",
            "url: http://x\nurl2: a:b\n",
            "a: 1\n---\na: 2\n",
        ] {
            assert_eq!(dup(ok), None, "{ok}");
        }
    }
}

#[cfg(test)]
mod merge_tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Part {
        id: String,
        size: String,
        #[serde(default)]
        back: Option<String>,
    }

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Box_ {
        parts: Vec<Part>,
        #[serde(default)]
        data: std::collections::BTreeMap<String, serde_yaml::Value>,
    }

    #[test]
    fn merge_keys_resolve_through_chains_and_lists() {
        let yaml = "parts:\n  - &card\n    id: a\n    size: poker\n    back: red\n  - &mini\n    <<: *card\n    id: b\n    size: mini\n  - <<: *mini\n    id: c\n  - <<: [{ size: tarot }, *card]\n    id: d\n";
        let parsed: Box_ = parse_yaml(yaml, Path::new("game.yaml")).unwrap();
        let got: Vec<(&str, &str, Option<&str>)> = parsed
            .parts
            .iter()
            .map(|p| (p.id.as_str(), p.size.as_str(), p.back.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                ("a", "poker", Some("red")),
                ("b", "mini", Some("red")),
                ("c", "mini", Some("red")),
                ("d", "tarot", Some("red")),
            ]
        );
        // Free-form data is merged too, not kept with a key named `<<`.
        let yaml =
            "parts: []\ndata:\n  base: &b { ink: black }\n  dark:\n    <<: *b\n    paper: grey\n";
        let parsed: Box_ = parse_yaml(yaml, Path::new("game.yaml")).unwrap();
        let dark = &parsed.data["dark"];
        assert_eq!(dark["ink"].as_str(), Some("black"));
        assert!(dark.get("<<").is_none());
    }

    #[test]
    fn a_mistake_past_a_merge_is_named_by_its_path() {
        let yaml = "parts:\n  - &card\n    id: a\n    size: poker\n  - <<: *card\n    id: b\n    colour: red\n";
        let e = parse_yaml::<Box_>(yaml, Path::new("game.yaml")).unwrap_err();
        assert!(e.message.contains("parts[1]"), "{e}");
        assert!(e.message.contains("unknown field `colour`"), "{e}");
        assert_eq!(e.line, None, "{e}");
        let e =
            parse_yaml::<Box_>("parts:\n  - <<: 3\n    id: a\n", Path::new("g.yaml")).unwrap_err();
        assert!(e.message.contains("merges a map"), "{e}");
    }

    #[test]
    fn a_tab_in_the_indentation_is_named_and_one_in_a_block_scalar_is_text() {
        let path = Path::new("deck.yaml");
        let tabbed = "- name: Scout\n\tcount: 6\n\tkind: crew\n";
        let e = check_tab_indentation(tabbed, path).unwrap_err().to_string();
        assert!(e.contains("line 2 is indented with a tab"), "{e}");
        let e = check_tab_indentation("a:\n  b: 1\n  \tc: 2\n", path).unwrap_err();
        assert!(
            e.to_string().contains("line 3 is indented with a tab"),
            "{e}"
        );
        let block = "- text: |\n    a\ttable\n  \t  column\n  count: 2\n";
        assert!(check_tab_indentation(block, path).is_ok());
        assert!(check_tab_indentation("a: 1 # x\t\n\t# a comment\nb:\t2\n", path).is_ok());
    }
}
