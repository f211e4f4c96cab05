//! Cards: read from a YAML list or a spreadsheet, then checked the same way (names, ids, the
//! declared fields and their types), with errors at the file, line or row, and column.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::Path;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::error::{Error, Result, suggestion};
use crate::model::fields::{CardFields, FieldType};
use crate::model::lang::Langs;
use crate::model::table::Table;
use crate::model::yaml::{check_source, yaml_error};
use crate::model::{MAX_ID_BYTES, id_from_name, is_slug};

/// Largest number of copies a single card may ask for; beyond this a count is surely a typo.
pub const MAX_COPIES: u32 = 10_000;

/// The fields every card may have, whatever its component declares.
pub const RESERVED_CARD_FIELDS: [&str; 5] = ["id", "name", "count", "back", "front"];

/// One card entry of a cards file; `count` copies of it are printed.
#[derive(Debug, Clone)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub count: u32,
    /// The card's own front template (`front:`), instead of the component's.
    pub front: Option<String>,
    /// The declared fields the card sets.
    pub fields: Map<String, Value>,
    /// Values for a per-card back (`back:` in the card).
    pub back: Map<String, Value>,
    /// Line of the card's entry in its file (its row, for a spreadsheet), 1-based.
    pub line: Option<usize>,
    /// The fields (`name` among them) translated into the language built, each with the
    /// digest of the first language's text it was translated from.
    pub translated: Vec<(String, String)>,
}

/// How cards are checked: the declared fields, how image fields become links, and the
/// language being built.
pub struct CardRules<'a> {
    pub fields: &'a CardFields,
    /// Checks an image field's value and returns the link templates get; an error message
    /// otherwise.
    pub images: &'a dyn Fn(&str) -> std::result::Result<String, String>,
    pub langs: &'a Langs,
}

/// A card as read, before it is checked.
#[derive(Default)]
pub(crate) struct RawCard {
    pub id: Option<String>,
    pub name: Option<Value>,
    pub count: Option<u32>,
    pub front: Option<String>,
    pub fields: Map<String, Value>,
    pub back: Map<String, Value>,
}

/// Where the cards came from, so an error can point at a card's key or cell.
pub(crate) enum Origin<'a> {
    Yaml {
        source: &'a str,
        /// The line each card starts on.
        lines: Vec<usize>,
    },
    Sheet {
        table: &'a Table,
        /// The row of each card.
        rows: Vec<usize>,
    },
}

impl Origin<'_> {
    /// An error about card `index` (and its `key`, when known), located in its file.
    pub fn error(&self, path: &Path, index: usize, key: Option<&str>, message: &str) -> Error {
        match self {
            Origin::Yaml { source, lines } => {
                let Some(&line) = lines.get(index) else {
                    return Error::new(message).in_file(path);
                };
                let (line, column) = key
                    .and_then(|k| key_in_block(source, line, k))
                    .unwrap_or((line, 1));
                Error::new(message)
                    .in_file(path)
                    .at(line, column)
                    .with_source(source)
            }
            Origin::Sheet { table, rows } => {
                let row = rows.get(index).copied().unwrap_or(table.header_row);
                let column = key
                    .and_then(|k| table.columns.iter().find(|(n, _)| n == k))
                    .or_else(|| table.columns.iter().find(|(n, _)| n == "name"))
                    .map_or(1, |(_, c)| *c);
                table.error(path, row, column, message)
            }
        }
    }

    fn line(&self, index: usize) -> Option<usize> {
        match self {
            Origin::Yaml { lines, .. } => lines.get(index).copied(),
            Origin::Sheet { rows, .. } => rows.get(index).copied(),
        }
    }
}

/// The (line, column) of `key:` inside the YAML card that starts on `line`.
pub(crate) fn key_in_block(source: &str, line: usize, key: &str) -> Option<(usize, usize)> {
    let lines: Vec<&str> = source.lines().collect();
    let start = line.checked_sub(1)?;
    (start..lines.len())
        .take_while(|&i| i == start || !lines[i].starts_with('-'))
        .find_map(|i| {
            let l = lines[i];
            let t = l.trim_start_matches([' ', '-']);
            t.starts_with(&format!("{key}:"))
                .then(|| (i + 1, l.len() - t.len() + 1))
        })
}

/// Checks cards as read and makes them [`Card`]s. `from_text` says every value was written
/// as text (a spreadsheet).
pub(crate) fn finish(
    raw: Vec<RawCard>,
    path: &Path,
    origin: &Origin,
    rules: &CardRules,
    from_text: bool,
) -> Result<Vec<Card>> {
    let mut seen = HashSet::new();
    let mut cards = Vec::with_capacity(raw.len());
    for (index, raw) in raw.into_iter().enumerate() {
        let at = |key: Option<&str>, message: String| origin.error(path, index, key, &message);
        let mut translated = Vec::new();
        if let Some(digest) = raw.name.as_ref().and_then(|n| rules.langs.source_digest(n)) {
            translated.push(("name".to_owned(), digest));
        }
        let name = card_name(raw.name, rules.langs)
            .map_err(|m| at(Some("name"), format!("card {}: {m}", index + 1)))?;
        let raw_had_id = raw.id.is_some();
        let id = match raw.id {
            Some(id) => id,
            None => id_from_name(&name.1),
        };
        if id.is_empty() && !raw_had_id {
            // A spreadsheet takes its id from a column, a YAML list from a key.
            let give = match from_text {
                true => "fill in its `id` column (add one if the sheet has none), e.g. `dragon`",
                false => "give it an `id:`, e.g. `id: dragon`",
            };
            return Err(at(
                Some("name"),
                format!(
                    "card `{}` makes no id from its name (an id takes its letters and digits); {give}",
                    name.1
                ),
            )
            .card(&name.0));
        }
        if !is_slug(&id) {
            return Err(at(
                Some("id"),
                format!("card id `{id}` may use only lower-case letters, digits and '-'"),
            )
            .card(&name.0));
        }
        if id.len() > MAX_ID_BYTES {
            return Err(at(
                Some("id"),
                format!("card id `{id}` is longer than {MAX_ID_BYTES} bytes (a letter beyond ASCII takes two or more); it names files"),
            )
            .card(&name.0));
        }
        if !seen.insert(id.clone()) {
            return Err(at(Some("id"), format!("two cards have the id `{id}`"))
                .card(&name.0)
                .help("give one of them its own `id` or a different name"));
        }
        let fields = typed_fields(raw.fields, rules, from_text, &mut translated)
            .map_err(|(key, m)| at(Some(&key), format!("card field `{key}` {m}")).card(&name.0))?;
        cards.push(Card {
            id,
            name: name.0,
            count: raw.count.unwrap_or(1),
            front: raw.front.filter(|f| !f.trim().is_empty()),
            fields,
            back: raw.back,
            line: origin.line(index),
            translated,
        });
    }
    if cards.is_empty() {
        return Err(Error::new("the cards file holds no cards").in_file(path));
    }
    Ok(cards)
}

/// The card's name in the language built, and in the first language (which the id comes
/// from).
fn card_name(name: Option<Value>, langs: &Langs) -> std::result::Result<(String, String), String> {
    let name = name.ok_or("has no `name`")?;
    let first = langs
        .first(&name)?
        .as_str()
        .map(str::to_owned)
        .unwrap_or_else(|| crate::model::fields::scalar_text(&name));
    let built = langs
        .pick(&name, langs.fallback)
        .map_err(|m| format!("its name `{first}` {m}"))?;
    let built = match built {
        Value::String(s) => s,
        Value::Number(_) | Value::Bool(_) => crate::model::fields::scalar_text(&built),
        _ => return Err("the name must be text".to_owned()),
    };
    if built.trim().is_empty() {
        return Err("has an empty name".to_owned());
    }
    Ok((built, first))
}

/// A card's declared fields, typed and translated; each translated one's digest of its
/// first-language text goes to `translated`. An error names the field.
fn typed_fields(
    raw: Map<String, Value>,
    rules: &CardRules,
    from_text: bool,
    translated: &mut Vec<(String, String)>,
) -> std::result::Result<Map<String, Value>, (String, String)> {
    let mut fields = Map::new();
    for (key, value) in raw {
        let ty = rules.fields.get(&key).map_or(&FieldType::Any, |d| &d.ty);
        if ty.is_text() || *ty == FieldType::Any {
            translated.extend(rules.langs.source_digest(&value).map(|d| (key.clone(), d)));
        }
        match typed_value(ty, value, rules, from_text) {
            Ok(value) => {
                fields.insert(key, value);
            }
            Err(m) => return Err((key, m)),
        }
    }
    Ok(fields)
}

/// A field's value: translated when it is text, checked against its type, and an image
/// turned into the link templates use.
fn typed_value(
    ty: &FieldType,
    value: Value,
    rules: &CardRules,
    from_text: bool,
) -> std::result::Result<Value, String> {
    let value = match ty {
        t if t.is_text() => rules.langs.pick(&value, rules.langs.fallback)?,
        // An undeclared type takes translations too, at any depth (a list of texts).
        FieldType::Any => rules.langs.localize(&value, rules.langs.fallback)?,
        _ => value,
    };
    let value = ty.coerce(value, from_text)?;
    match (ty, &value) {
        (FieldType::Image, Value::String(file)) => (rules.images)(file).map(Value::String),
        _ => Ok(value),
    }
}

/// Parses a YAML cards file's text (`path` names it in errors).
pub fn parse_yaml_cards(source: &str, path: &Path, rules: &CardRules) -> Result<Vec<Card>> {
    check_source(source, path)?;
    let de = serde_yaml::Deserializer::from_str(source);
    let raw = CardListSeed {
        allowed: rules.fields,
    }
    .deserialize(de)
    .map_err(|e| locate_key(card_numbered(yaml_error(&e, source, path), source), source))?;
    let origin = Origin::Yaml {
        source,
        lines: top_level_item_lines(source),
    };
    finish(raw, path, &origin, rules, false)
}

/// Parses a cards file's text with untyped declared fields (kept for the fuzz targets).
pub fn parse_cards(source: &str, path: &Path, card_fields: &[String]) -> Result<Vec<Card>> {
    let fields = CardFields::untyped(card_fields);
    let rules = CardRules {
        fields: &fields,
        images: &|f| Ok(f.to_owned()),
        langs: &Langs::default(),
    };
    parse_yaml_cards(source, path, &rules)
}

/// The parser's path to a card's key (`.[0].count: …`) as words: `card 1: …`, with the card
/// named by its `name` when the source gives one (the card is not read yet).
fn card_numbered(mut err: Error, source: &str) -> Error {
    let rest = err
        .message
        .strip_prefix(".[")
        .or(err.message.strip_prefix("["));
    let parsed = rest.and_then(|r| {
        let (index, after) = r.split_once(']')?;
        let index: usize = index.parse().ok()?;
        let (key, message) = after.split_once(": ")?;
        // The key is in the message already when the card's own check wrote it (`count …`).
        let text = match key.trim_start_matches('.') {
            k if k.is_empty() || message.starts_with(k) => format!("card {}: {message}", index + 1),
            k => format!("card {}, `{k}`: {message}", index + 1),
        };
        Some((index, text))
    });
    if let Some((index, message)) = parsed {
        err.message = message;
        if let Some(name) = written_name(source, index) {
            err = err.card(name);
        }
    }
    err
}

/// The `name:` written in the card that is item `index` of the YAML list, as text.
fn written_name(source: &str, index: usize) -> Option<String> {
    let line = *top_level_item_lines(source).get(index)?;
    let (l, column) = key_in_block(source, line, "name")?;
    let text = source.lines().nth(l - 1)?;
    // The value as YAML reads it: quotes, `''` and a trailing comment as YAML has them.
    let value = match serde_yaml::from_str(text.get(column - 1 + "name:".len()..)?).ok()? {
        serde_yaml::Value::String(s) => s,
        serde_yaml::Value::Number(n) => n.to_string(),
        _ => return None,
    };
    let value = value.trim();
    (!value.is_empty()).then(|| value.to_owned())
}

/// serde_yaml reports errors raised inside a card at the start of the card's map; move them to
/// the key they are about, which is what the designer has to fix.
fn locate_key(mut err: Error, source: &str) -> Error {
    let key = ["unknown card field `", "duplicate field `"]
        .iter()
        .find_map(|p| err.message.split(p).nth(1))
        .and_then(|rest| rest.split('`').next())
        .map(str::to_owned)
        .or_else(|| err.message.contains("count ").then(|| "count".to_owned()));
    let (Some(key), Some(line)) = (key, err.line) else {
        return err;
    };
    let lines: Vec<&str> = source.lines().collect();
    let mut hits = (line.saturating_sub(1)..lines.len())
        .take_while(|&i| i + 1 == line || !lines[i].starts_with('-'))
        .filter(|&i| {
            let t = lines[i].trim_start_matches([' ', '-']);
            t.starts_with(&format!("{key}:"))
        });
    // For a duplicate, the second occurrence is the one to point at.
    let hit = if err.message.contains("duplicate") {
        hits.nth(1)
    } else {
        hits.next()
    };
    if let Some(i) = hit {
        let col = lines[i].len() - lines[i].trim_start_matches([' ', '-']).len() + 1;
        err = err.at(i + 1, col).with_source(source);
    }
    err
}

/// Lines where the top-level sequence items start (`- ` at column 0), 1-based.
fn top_level_item_lines(source: &str) -> Vec<usize> {
    source
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("- ") || *l == "-")
        .map(|(i, _)| i + 1)
        .collect()
}

/// The message for a key no card may have, with the nearest known one.
pub(crate) fn unknown_field(field: &str, allowed: &CardFields) -> String {
    let known = RESERVED_CARD_FIELDS.iter().copied().chain(allowed.names());
    format!(
        "unknown card field `{field}` ({}; declare new fields in the component's `card_fields`)",
        suggestion(field, known)
    )
}

/// A count read where the YAML parser still knows its place: any other kind of value (a list,
/// a map) is an error at the count itself.
struct WholeCount(i64);

impl<'de> de::Deserialize<'de> for WholeCount {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct Count;
        impl<'de> Visitor<'de> for Count {
            type Value = i64;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number of copies")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> std::result::Result<i64, E> {
                Ok(v)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> std::result::Result<i64, E> {
                Ok(i64::try_from(v).unwrap_or(i64::MAX))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> std::result::Result<i64, E> {
                whole_count(&serde_json::json!(v)).map_err(E::custom)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> std::result::Result<i64, E> {
                whole_count(&Value::String(v.to_owned())).map_err(E::custom)
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> std::result::Result<i64, E> {
                whole_count(&Value::Bool(v)).map_err(E::custom)
            }
            fn visit_unit<E: de::Error>(self) -> std::result::Result<i64, E> {
                Err(E::custom(
                    "count is empty: write how many copies to print, e.g. count: 3",
                ))
            }
        }
        d.deserialize_any(Count).map(WholeCount)
    }
}

/// A count as written: a whole number, said plainly when it is not (`1.5`, `two`).
fn whole_count(value: &Value) -> std::result::Result<i64, String> {
    match value {
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => Ok(i),
            (None, Some(f)) if f.fract() != 0.0 => {
                Err(format!("count {n} is not a whole number of copies"))
            }
            // A whole number written with a point (3.0), or one past any limit.
            (None, Some(f)) if f.abs() < 1e15 => Ok(f as i64),
            _ => Ok(i64::MAX),
        },
        other => Err(format!(
            "count {other} is not a number: write how many copies to print, e.g. count: 3"
        )),
    }
}

/// Checks a count: a whole number from 0 to [`MAX_COPIES`].
pub(crate) fn check_count(count: i64) -> std::result::Result<u32, String> {
    if (0..=i64::from(MAX_COPIES)).contains(&count) {
        Ok(count as u32)
    } else {
        Err(format!("count {count} is outside 0 to {MAX_COPIES}"))
    }
}

/// Deserializes a list of cards, checking each key against the component's declared fields
/// while the YAML parser still knows where the key is (so errors carry line and column).
struct CardListSeed<'a> {
    allowed: &'a CardFields,
}

impl<'de> DeserializeSeed<'de> for CardListSeed<'_> {
    type Value = Vec<RawCard>;

    fn deserialize<D: de::Deserializer<'de>>(self, de: D) -> Result<Self::Value, D::Error> {
        de.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for CardListSeed<'_> {
    type Value = Vec<RawCard>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of cards (`- name: ...`)")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut cards = Vec::new();
        while let Some(card) = seq.next_element_seed(CardSeed {
            allowed: self.allowed,
        })? {
            cards.push(card);
        }
        Ok(cards)
    }
}

struct CardSeed<'a> {
    allowed: &'a CardFields,
}

impl<'de> DeserializeSeed<'de> for CardSeed<'_> {
    type Value = RawCard;

    fn deserialize<D: de::Deserializer<'de>>(self, de: D) -> Result<Self::Value, D::Error> {
        de.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for CardSeed<'_> {
    type Value = RawCard;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a card: a map with `name`, `count` and the component's fields")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut card = RawCard::default();
        let mut seen: BTreeMap<String, ()> = BTreeMap::new();
        let mut merged: Vec<(String, Value)> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.insert(key.clone(), ()).is_some() {
                return Err(de::Error::custom(format!("duplicate field `{key}`")));
            }
            match key.as_str() {
                // A YAML merge key (`<<: *scout`): the fields of another card, for those this
                // one does not set itself.
                "<<" => merged = merge_fields(map.next_value()?).map_err(de::Error::custom)?,
                "id" => card.id = Some(map.next_value()?),
                "name" => card.name = Some(merged_in(map.next_value()?)?),
                "front" => card.front = Some(map.next_value()?),
                "count" => {
                    let WholeCount(count) = map.next_value()?;
                    card.count = Some(check_count(count).map_err(de::Error::custom)?);
                }
                "back" => card.back = map.next_value()?,
                field if self.allowed.contains(field) => {
                    let value = merged_in(map.next_value()?)?;
                    card.fields.insert(key, value);
                }
                field => return Err(de::Error::custom(unknown_field(field, self.allowed))),
            }
        }
        // A card's id is its own: one merged from the card it is built on would collide.
        for (key, value) in merged.into_iter().filter(|(k, _)| k != "id") {
            if seen.insert(key.clone(), ()).is_none() {
                set_merged(&mut card, key, value, self.allowed).map_err(de::Error::custom)?;
            }
        }
        Ok(card)
    }
}

/// The fields a merge key brings, in order of precedence: one map, or a list of maps of
/// which the earlier win (as YAML merges them). A merged map's own merge keys are resolved
/// first, so a card built on a card built on a third has the fields of all three.
fn merge_fields(value: Value) -> std::result::Result<Vec<(String, Value)>, String> {
    let maps = match value {
        Value::Array(items) => items,
        single => vec![single],
    };
    let mut out: Vec<(String, Value)> = Vec::new();
    for map in maps {
        let Value::Object(fields) = resolve_merges(map)? else {
            return Err("`<<` merges a map (`<<: *card`) or a list of maps".to_owned());
        };
        for (key, value) in fields {
            if !out.iter().any(|(k, _)| *k == key) {
                out.push((key, value));
            }
        }
    }
    Ok(out)
}

/// A field's value with its merge keys resolved, as a deserializer's error.
fn merged_in<E: de::Error>(value: Value) -> std::result::Result<Value, E> {
    resolve_merges(value).map_err(E::custom)
}

/// `value` with every merge key inside it resolved: a map's own keys, then those its `<<`
/// brings that it does not set (a field's translations may be merged too).
fn resolve_merges(value: Value) -> std::result::Result<Value, String> {
    match value {
        Value::Array(items) => items
            .into_iter()
            .map(resolve_merges)
            .collect::<std::result::Result<_, _>>()
            .map(Value::Array),
        Value::Object(fields) => {
            let mut out = Map::new();
            let mut merged = None;
            for (key, value) in fields {
                match key.as_str() {
                    "<<" => merged = Some(value),
                    _ => {
                        out.insert(key, resolve_merges(value)?);
                    }
                }
            }
            for (key, value) in merged.map(merge_fields).transpose()?.unwrap_or_default() {
                out.entry(key).or_insert(value);
            }
            Ok(Value::Object(out))
        }
        other => Ok(other),
    }
}

/// Sets one field a merge key brought, checked as if written in the card.
fn set_merged(
    card: &mut RawCard,
    key: String,
    value: Value,
    allowed: &CardFields,
) -> std::result::Result<(), String> {
    let typed = |e: serde_json::Error| format!("`{key}` (merged with `<<`): {e}");
    match key.as_str() {
        "id" => card.id = Some(serde_json::from_value(value).map_err(typed)?),
        "name" => card.name = Some(value),
        "front" => card.front = Some(serde_json::from_value(value).map_err(typed)?),
        "count" => {
            card.count = Some(check_count(whole_count(&value)?)?);
        }
        "back" => card.back = serde_json::from_value(value).map_err(typed)?,
        field if allowed.contains(field) => {
            card.fields.insert(key, value);
        }
        field => return Err(unknown_field(field, allowed)),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(yaml: &str, fields: &[&str]) -> Result<Vec<Card>> {
        let fields: Vec<String> = fields.iter().map(|s| s.to_string()).collect();
        parse_cards(yaml, Path::new("deck.yaml"), &fields)
    }

    #[test]
    fn a_merge_key_brings_another_cards_fields_under_its_own() {
        let yaml = "- &scout\n  name: Scout\n  count: 2\n  kind: crew\n  value: 1\n- <<: *scout\n  name: Scout Captain\n  value: 3\n- <<: [{ kind: beast, value: 9 }, *scout]\n  name: Wolf\n";
        let cards = parse(yaml, &["kind", "value"]).unwrap();
        assert_eq!(cards.len(), 3);
        let captain = &cards[1];
        assert_eq!((captain.name.as_str(), captain.count), ("Scout Captain", 2));
        assert_eq!(captain.fields["kind"], "crew");
        assert_eq!(captain.fields["value"], 3);
        // Of a list, the earlier map wins.
        assert_eq!(cards[2].fields["kind"], "beast");
        assert_eq!(cards[2].count, 2);
        // What is merged is checked as if written there.
        let yaml =
            "- name: A\n  count: 1\n  back: &b { colour: red }\n- <<: *b\n  name: B\n  count: 1\n";
        let e = parse(yaml, &[]).unwrap_err();
        assert!(e.message.contains("unknown card field `colour`"), "{e}");
        assert_eq!(e.line, Some(4), "{e}");
        let e = parse("- <<: 3\n  name: B\n  count: 1\n", &[]).unwrap_err();
        assert!(e.message.contains("merges a map"), "{e}");
    }

    #[test]
    fn a_count_that_is_not_a_whole_number_is_said_plainly() {
        let e = parse("- name: A\n  count: 1.5\n", &[]).unwrap_err();
        assert!(e.message.contains("count 1.5 is not a whole number"), "{e}");
        assert!(e.message.starts_with("card 1: count"), "{e}");
        // A key the message does not name is given.
        let e = parse("- name: A\n  front: [x]\n", &[]).unwrap_err();
        assert!(e.message.starts_with("card 1, `front`: "), "{e}");
        assert!(!e.message.contains("i64"), "{e}");
        let e = parse("- name: A\n  count: two\n", &[]).unwrap_err();
        assert!(e.message.contains("count \"two\" is not a number"), "{e}");
        assert_eq!(parse("- name: A\n  count: 3.0\n", &[]).unwrap()[0].count, 3);
        for empty in ["count:", "count: ~"] {
            let e = parse(&format!("- name: A\n  {empty}\n"), &[]).unwrap_err();
            assert!(e.message.contains("count is empty"), "{e}");
        }
    }

    #[test]
    fn aliases_that_multiply_are_said_plainly() {
        let mut yaml = "- name: Bomb\n  l0: &a0 [l, l, l, l, l, l, l, l, l]\n".to_owned();
        for i in 1..9 {
            let p = format!("*a{}", i - 1);
            let nine = [p.as_str(); 9].join(", ");
            yaml.push_str(&format!("  l{i}: &a{i} [{nine}]\n"));
        }
        let fields = ["l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8"];
        let e = parse(&yaml, &fields).unwrap_err();
        assert!(e.message.contains("aliases (`*name`) copy so much"), "{e}");
    }

    #[test]
    fn a_merge_into_its_own_anchor_is_said_plainly_at_its_card() {
        let yaml = "- &a\n  name: Scout\n  count: 6\n  <<: *a\n";
        let e = parse(yaml, &[]).unwrap_err();
        assert!(e.message.contains("repeats without end"), "{e}");
        assert!(!e.message.contains("recursion limit"), "{e}");
        assert_eq!(e.line, Some(1), "{e}");
    }

    #[test]
    fn a_name_without_the_kits_language_is_named() {
        let fields = CardFields::untyped::<&str>(&[]);
        let langs = Langs {
            current: "de".into(),
            all: vec!["en".into(), "de".into()],
            fallback: false,
        };
        let rules = CardRules {
            fields: &fields,
            images: &|f| Ok(f.to_owned()),
            langs: &langs,
        };
        let yaml = "- name: A\n- name: { en: Merchant }\n";
        let e = parse_yaml_cards(yaml, Path::new("deck.yaml"), &rules).unwrap_err();
        assert!(
            e.message
                .contains("card 2: its name `Merchant` has no `de` translation"),
            "{e}"
        );
        assert_eq!(e.line, Some(2), "{e}");
    }

    #[test]
    fn a_long_name_makes_an_id_short_enough_to_name_files() {
        let name = "Ärger ".repeat(60);
        let cards = parse(&format!("- name: \"{name}\"\n"), &[]).unwrap();
        assert!(cards[0].id.len() <= MAX_ID_BYTES, "{}", cards[0].id);
        let id = "a".repeat(MAX_ID_BYTES + 1);
        let e = parse(&format!("- name: A\n  id: {id}\n"), &[]).unwrap_err();
        assert!(e.message.contains("is longer than 80 bytes"), "{e}");
        assert_eq!(e.line, Some(2), "{e}");
    }

    #[test]
    fn a_name_that_makes_no_id_asks_for_one_at_the_name() {
        let e = parse("- name: \"🐉\"\n  count: 1\n", &[]).unwrap_err();
        assert!(
            e.message.contains("card `🐉` makes no id from its name"),
            "{e}"
        );
        assert_eq!(e.line, Some(1), "{e}");
        // With an id it loads.
        assert!(parse("- name: \"🐉\"\n  id: dragon\n  count: 1\n", &[]).is_ok());
    }

    #[test]
    fn merges_chain_skip_the_id_and_reach_inside_fields() {
        let yaml = "- &scout\n  id: scout\n  name: Scout\n  count: 2\n  kind: crew\n  text: &say { short: Look, long: Schau }\n- &captain\n  <<: *scout\n  name: Scout Captain\n  value: 3\n- <<: *captain\n  name: Scout Admiral\n  text: { <<: *say, long: Blick }\n";
        let cards = parse(yaml, &["kind", "value", "text"]).unwrap();
        let admiral = &cards[2];
        // Through the captain, the scout's kind and count reach the admiral.
        assert_eq!(admiral.fields["kind"], "crew");
        assert_eq!(admiral.fields["value"], 3);
        assert_eq!(admiral.count, 2);
        // Its id is its own, from its name, not the scout's.
        assert_eq!(
            (cards[0].id.as_str(), cards[1].id.as_str()),
            ("scout", "scout-captain")
        );
        assert_eq!(admiral.id, "scout-admiral");
        // A merge inside a field: the short text is the scout's, the long its own.
        assert_eq!(admiral.fields["text"]["short"], "Look");
        assert_eq!(admiral.fields["text"]["long"], "Blick");
        assert!(admiral.fields["text"].get("<<").is_none());
    }

    fn typed(yaml: &str, fields: &str, langs: &Langs) -> Result<Vec<Card>> {
        let fields: CardFields = serde_yaml::from_str(fields).unwrap();
        let rules = CardRules {
            fields: &fields,
            images: &|f| Ok(format!("linked/{f}")),
            langs,
        };
        parse_yaml_cards(yaml, Path::new("deck.yaml"), &rules)
    }

    #[test]
    fn cards_load_with_counts_and_fields() {
        let cards = parse(
            "- name: Copper Wiring\n  count: 4\n  value: 3\n- name: Fuse\n  front: f.svg.tera\n",
            &["value"],
        )
        .unwrap();
        assert_eq!(cards.len(), 2);
        assert_eq!(cards[0].id, "copper-wiring");
        assert_eq!(cards[0].count, 4);
        assert_eq!(cards[0].fields["value"], 3);
        assert_eq!(cards[1].count, 1);
        assert_eq!(cards[1].line, Some(4));
        assert_eq!(cards[1].front.as_deref(), Some("f.svg.tera"));
    }

    #[test]
    fn unknown_card_field_names_line_column_and_suggestion() {
        let err = parse("- name: A\n  count: 1\n- name: B\n  valeu: 3\n", &["value"]).unwrap_err();
        assert_eq!(err.line, Some(4), "{err}");
        assert_eq!(err.column, Some(3), "{err}");
        assert!(err.message.contains("valeu"), "{err}");
        assert!(err.message.contains("did you mean `value`"), "{err}");
    }

    #[test]
    fn negative_and_absurd_counts_are_errors() {
        let err = parse("- name: A\n  count: -1\n", &[]).unwrap_err();
        assert!(err.message.contains("count -1"), "{err}");
        assert_eq!(err.line, Some(2));
        // The card is named by what its `name` says, though it could not be read.
        let err = parse(
            "- name: A\n- name: \"Old Map\"  # the map\n  count: lots\n",
            &[],
        )
        .unwrap_err();
        assert_eq!(err.card.as_deref(), Some("Old Map"), "{err}");
        let name = |yaml: &str| written_name(yaml, 0);
        assert_eq!(
            name("- name: \"Rule #1\"  # one\n").as_deref(),
            Some("Rule #1")
        );
        assert_eq!(name("- name: 'It''s'\n").as_deref(), Some("It's"));
        assert_eq!(name("- name: Plain # note\n").as_deref(), Some("Plain"));
        assert_eq!(name("- name: |\n    Long\n"), None);
        assert_eq!(name("- name: 42\n").as_deref(), Some("42"));
        assert!(parse("- name: A\n  count: 99999999\n", &[]).is_err());
    }

    #[test]
    fn duplicate_ids_name_the_second_card() {
        let err = parse("- name: Fuse\n- name: fuse\n", &[]).unwrap_err();
        assert!(err.message.contains("`fuse`"), "{err}");
        assert_eq!(err.line, Some(2));
    }

    #[test]
    fn typed_fields_are_checked_at_their_key() {
        let fields = "{ tier: integer, kind: [loot, hazard], art: image }";
        let langs = Langs::default();
        let ok = typed(
            "- name: A\n  tier: 2\n  kind: loot\n  art: a.png\n",
            fields,
            &langs,
        );
        let ok = ok.unwrap();
        assert_eq!(ok[0].fields["tier"], 2);
        assert_eq!(ok[0].fields["art"], "linked/a.png");
        let err = typed(
            "- name: A\n- name: B\n  kind: loot\n  tier: two\n",
            fields,
            &langs,
        )
        .unwrap_err();
        assert_eq!((err.line, err.column), (Some(4), Some(3)), "{err}");
        assert!(
            err.message.contains("`tier` must be a whole number"),
            "{err}"
        );
        assert_eq!(err.card.as_deref(), Some("B"));
        let err = typed("- name: A\n  kind: lot\n", fields, &langs).unwrap_err();
        assert!(err.message.contains("did you mean `loot`"), "{err}");
        assert_eq!(err.line, Some(2));
    }

    #[test]
    fn text_fields_are_translated() {
        let langs = Langs {
            current: "de".into(),
            all: vec!["en".into(), "de".into()],
            fallback: false,
        };
        let yaml = "- name: { en: Loot, de: Beute }\n  text: { en: Take it., de: Nimm es. }\n";
        let cards = typed(yaml, "{ text: markup }", &langs).unwrap();
        assert_eq!(cards[0].name, "Beute");
        assert_eq!(cards[0].id, "loot");
        assert_eq!(cards[0].fields["text"], "Nimm es.");
        let err = typed(
            "- name: Loot\n  text: { en: Take it. }\n",
            "{ text: text }",
            &langs,
        )
        .unwrap_err();
        assert!(err.message.contains("no `de` translation"), "{err}");
        assert_eq!(err.card.as_deref(), Some("Loot"));
        assert_eq!(err.line, Some(2));
    }
}
