//! Typed card fields: what `card_fields` declares and how a card's values are checked against
//! it.
//!
//! `card_fields` is either a plain list of names (any value goes, as before) or a map from name
//! to a type: `text`, `markup`, `integer`, `number`, `boolean`, `image`, `any`, a list of the
//! allowed values, or `{ type: ..., description: ... }`. Values are checked (and, from a
//! spreadsheet, converted) when the cards are loaded, so a template can rely on them.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde_json::{Number, Value, json};

use crate::error::suggestion;

/// The type names `card_fields` accepts, in the order the docs list them.
pub const TYPE_NAMES: [&str; 7] = [
    "text", "markup", "integer", "number", "boolean", "image", "any",
];

/// What values a card field takes.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldType {
    /// Anything (a field of a plain `card_fields` list).
    Any,
    /// Plain text.
    Text,
    /// Text with `text_box` markup (`**bold**`, `:icon:`).
    Markup,
    /// A whole number.
    Integer,
    /// Any finite number.
    Number,
    /// `true` or `false`.
    Boolean,
    /// A PNG, JPEG, WebP or SVG file of the game, relative to `data/<game>/`.
    Image,
    /// One of a fixed list of values.
    OneOf(Vec<String>),
}

impl FieldType {
    fn from_name(name: &str) -> Option<FieldType> {
        Some(match name {
            "text" => FieldType::Text,
            "markup" => FieldType::Markup,
            "integer" => FieldType::Integer,
            "number" => FieldType::Number,
            "boolean" => FieldType::Boolean,
            "image" => FieldType::Image,
            "any" => FieldType::Any,
            _ => return None,
        })
    }

    /// How a message names the type: `an integer`, `one of loot, hazard`.
    pub fn describe(&self) -> String {
        match self {
            FieldType::Any => "any value".to_owned(),
            FieldType::Text => "text".to_owned(),
            FieldType::Markup => "text (with markup)".to_owned(),
            FieldType::Integer => "a whole number".to_owned(),
            FieldType::Number => "a number".to_owned(),
            FieldType::Boolean => "true or false".to_owned(),
            FieldType::Image => "an image file (PNG, JPEG, WebP or SVG)".to_owned(),
            FieldType::OneOf(v) => format!("one of {}", v.join(", ")),
        }
    }

    /// Whether values of the type are words a reader reads (and so can be translated).
    pub fn is_text(&self) -> bool {
        matches!(self, FieldType::Text | FieldType::Markup)
    }

    /// The JSON Schema of one value of this type.
    pub fn schema(&self) -> Value {
        match self {
            FieldType::Any => json!({}),
            FieldType::Text | FieldType::Markup => json!({ "type": ["string", "number"] }),
            FieldType::Integer => json!({ "type": "integer" }),
            FieldType::Number => json!({ "type": "number" }),
            FieldType::Boolean => json!({ "type": "boolean" }),
            FieldType::Image => {
                json!({ "type": "string", "pattern": "(?i)\\.(png|jpe?g|webp|svg)$" })
            }
            FieldType::OneOf(v) => json!({ "enum": v }),
        }
    }

    /// Checks `value` against the type and returns it in the form templates see. `from_text`
    /// says the value came from a spreadsheet cell, where every value is written as text: then
    /// `"3"` is the integer 3 and `"yes"` is true.
    pub fn coerce(&self, value: Value, from_text: bool) -> Result<Value, String> {
        if value.is_null() {
            return Ok(value);
        }
        let text = value.as_str().map(str::trim).filter(|_| from_text);
        let wrong = || format!("must be {}, not {}", self.describe(), shown(&value));
        match self {
            FieldType::Any => Ok(match text {
                Some(t) => infer(t),
                None => value,
            }),
            FieldType::Text | FieldType::Markup => match &value {
                Value::String(_) => Ok(value),
                Value::Number(n) => Ok(Value::String(n.to_string())),
                Value::Bool(b) => Ok(Value::String(b.to_string())),
                _ => Err(wrong()),
            },
            FieldType::Integer => integer(&value, text).ok_or_else(wrong),
            FieldType::Number => number(&value, text).ok_or_else(wrong),
            FieldType::Boolean => boolean(&value, text).ok_or_else(wrong),
            FieldType::Image => match &value {
                Value::String(s) if !s.trim().is_empty() => Ok(Value::String(s.trim().into())),
                _ => Err(wrong()),
            },
            FieldType::OneOf(allowed) => one_of(&value, allowed).ok_or_else(|| {
                format!(
                    "must be one of {}, not {} ({})",
                    allowed.join(", "),
                    shown(&value),
                    suggestion(&scalar_text(&value), allowed.iter().map(String::as_str))
                )
            }),
        }
    }
}

/// A value as a message quotes it.
fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => format!("`{s}`"),
        Value::Array(_) => "a list".to_owned(),
        Value::Object(_) => "a map".to_owned(),
        other => format!("`{other}`"),
    }
}

/// A scalar as text (`3`, `true`, `loot`); lists and maps as nothing.
pub fn scalar_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

fn integer(value: &Value, text: Option<&str>) -> Option<Value> {
    if let Some(t) = text {
        return t.parse::<i64>().ok().map(Value::from);
    }
    let n = value.as_number()?;
    if let Some(i) = n.as_i64() {
        return Some(Value::from(i));
    }
    // Spreadsheets store every number as a float: 2.0 is the integer 2.
    let f = n.as_f64()?;
    (f.fract() == 0.0 && f.abs() < 9.0e15).then(|| Value::from(f as i64))
}

fn number(value: &Value, text: Option<&str>) -> Option<Value> {
    if let Some(t) = text {
        return t
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .and_then(Number::from_f64)
            .map(Value::Number);
    }
    value.is_number().then(|| value.clone())
}

fn boolean(value: &Value, text: Option<&str>) -> Option<Value> {
    match text.map(str::to_ascii_lowercase).as_deref() {
        Some("true" | "yes") => Some(Value::Bool(true)),
        Some("false" | "no") => Some(Value::Bool(false)),
        Some(_) => None,
        None => value.is_boolean().then(|| value.clone()),
    }
}

fn one_of(value: &Value, allowed: &[String]) -> Option<Value> {
    if !(value.is_string() || value.is_number() || value.is_boolean()) {
        return None;
    }
    let text = scalar_text(value);
    let text = text.trim();
    allowed
        .iter()
        .any(|a| a == text)
        .then(|| Value::String(text.to_owned()))
}

/// A spreadsheet cell of an untyped field, read the way YAML would read it.
fn infer(text: &str) -> Value {
    if let Ok(i) = text.parse::<i64>() {
        return Value::from(i);
    }
    if let Some(n) = text
        .parse::<f64>()
        .ok()
        .filter(|f| f.is_finite())
        .and_then(Number::from_f64)
    {
        return Value::Number(n);
    }
    match text {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => Value::String(text.to_owned()),
    }
}

/// One declared card field.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldDecl {
    pub name: String,
    pub ty: FieldType,
    pub description: Option<String>,
}

/// The fields a component's cards may carry, in the order they were declared.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CardFields(pub Vec<FieldDecl>);

impl CardFields {
    /// Untyped fields, as a plain list declares them.
    pub fn untyped<S: AsRef<str>>(names: &[S]) -> CardFields {
        CardFields(
            names
                .iter()
                .map(|n| FieldDecl {
                    name: n.as_ref().to_owned(),
                    ty: FieldType::Any,
                    description: None,
                })
                .collect(),
        )
    }

    pub fn get(&self, name: &str) -> Option<&FieldDecl> {
        self.0.iter().find(|f| f.name == name)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    pub fn names(&self) -> impl Iterator<Item = &str> + Clone {
        self.0.iter().map(|f| f.name.as_str())
    }

    pub fn iter(&self) -> impl Iterator<Item = &FieldDecl> {
        self.0.iter()
    }
}

impl<'de> Deserialize<'de> for CardFields {
    fn deserialize<D: de::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        de.deserialize_any(FieldsVisitor)
    }
}

struct FieldsVisitor;

impl<'de> Visitor<'de> for FieldsVisitor {
    type Value = CardFields;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of field names, or a map from field name to its type")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CardFields, A::Error> {
        let mut names: Vec<String> = Vec::new();
        while let Some(name) = seq.next_element::<String>()? {
            if names.contains(&name) {
                return Err(de::Error::custom(format!("`{name}` is declared twice")));
            }
            names.push(name);
        }
        Ok(CardFields::untyped(&names))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CardFields, A::Error> {
        let mut fields = CardFields::default();
        while let Some(name) = map.next_key::<String>()? {
            if fields.contains(&name) {
                return Err(de::Error::custom(format!("`{name}` is declared twice")));
            }
            let spec: Value = map.next_value()?;
            let (ty, description) = field_spec(&name, spec).map_err(de::Error::custom)?;
            fields.0.push(FieldDecl {
                name,
                ty,
                description,
            });
        }
        Ok(fields)
    }
}

/// Reads the type of field `name`: a type name, a list of values, or
/// `{ type: ..., description: ... }`.
fn field_spec(name: &str, spec: Value) -> Result<(FieldType, Option<String>), String> {
    match spec {
        Value::String(t) => FieldType::from_name(&t)
            .map(|ty| (ty, None))
            .ok_or_else(|| {
                format!(
                    "`{t}` is not a field type for `{name}` ({}; the types are {}, or a list of \
                 allowed values)",
                    suggestion(&t, TYPE_NAMES),
                    TYPE_NAMES.join(", ")
                )
            }),
        Value::Array(values) => {
            let values: Vec<String> = values.iter().map(scalar_text).collect();
            if values.is_empty() || values.iter().any(String::is_empty) {
                return Err(format!(
                    "the values allowed for `{name}` must be a non-empty list of words or numbers"
                ));
            }
            Ok((FieldType::OneOf(values), None))
        }
        Value::Object(mut m) => {
            if let Some(key) = m.keys().find(|k| *k != "type" && *k != "description") {
                return Err(format!(
                    "unknown key `{key}` in the declaration of `{name}` ({})",
                    suggestion(key, ["type", "description"])
                ));
            }
            let description = match m.remove("description") {
                None => None,
                Some(Value::String(d)) => Some(d),
                Some(_) => return Err(format!("the description of `{name}` must be text")),
            };
            let ty = m.remove("type").ok_or_else(|| {
                format!("the declaration of `{name}` needs a `type` (or write the type alone)")
            })?;
            Ok((field_spec(name, ty)?.0, description))
        }
        _ => Err(format!(
            "the type of `{name}` must be a type name ({}) or a list of allowed values",
            TYPE_NAMES.join(", ")
        )),
    }
}

impl schemars::JsonSchema for CardFields {
    fn schema_name() -> Cow<'static, str> {
        "CardFields".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let type_name = json!({
            "enum": TYPE_NAMES,
            "description": "text, markup (text_box markup), integer, number, boolean, image (a \
                            file of the game), or any."
        });
        let values = json!({
            "type": "array",
            "items": { "type": ["string", "number", "boolean"] },
            "minItems": 1,
            "description": "The values the field may take."
        });
        schemars::json_schema!({
            "description": "The fields a card of this component may have besides id, name, \
                            count, front and back: a list of names (any value), or a map from \
                            name to its type.",
            "anyOf": [
                { "type": "array", "items": { "type": "string" } },
                {
                    "type": "object",
                    "additionalProperties": {
                        "anyOf": [
                            type_name,
                            values,
                            {
                                "type": "object",
                                "properties": {
                                    "type": {
                                        "anyOf": [type_name, values],
                                        "description": "The field's type, or the values it may take."
                                    },
                                    "description": {
                                        "type": "string",
                                        "description": "What the field means, shown by editors."
                                    }
                                },
                                "required": ["type"],
                                "additionalProperties": false
                            }
                        ]
                    }
                }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(yaml: &str) -> Result<CardFields, String> {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    }

    #[test]
    fn lists_and_maps_both_declare_fields() {
        let plain = fields("[a, b]").unwrap();
        assert_eq!(plain.names().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(plain.0[0].ty, FieldType::Any);
        let typed = fields(
            "{ tier: integer, kind: [loot, hazard], flavour: { type: markup, description: Said } }",
        )
        .unwrap();
        assert_eq!(typed.0[0].ty, FieldType::Integer);
        assert_eq!(
            typed.0[1].ty,
            FieldType::OneOf(vec!["loot".into(), "hazard".into()])
        );
        assert_eq!(typed.0[2].description.as_deref(), Some("Said"));
    }

    #[test]
    fn an_unknown_type_suggests_the_nearest() {
        let e = fields("{ tier: intger }").unwrap_err();
        assert!(e.contains("did you mean `integer`"), "{e}");
        assert!(fields("{ tier: { tipe: integer } }").is_err());
        assert!(fields("{ tier: [] }").is_err());
        assert!(fields("[a, a]").is_err());
    }

    #[test]
    fn values_are_checked_and_converted() {
        let int = FieldType::Integer;
        assert_eq!(int.coerce(json!(2), false), Ok(json!(2)));
        assert_eq!(int.coerce(json!(2.0), false), Ok(json!(2)));
        assert_eq!(int.coerce(json!("2"), true), Ok(json!(2)));
        assert!(
            int.coerce(json!("two"), false)
                .unwrap_err()
                .contains("`two`")
        );
        assert!(int.coerce(json!("2"), false).is_err());
        assert_eq!(
            FieldType::Boolean.coerce(json!("Yes"), true),
            Ok(json!(true))
        );
        assert_eq!(
            FieldType::Text.coerce(json!(1984), false),
            Ok(json!("1984"))
        );
        assert_eq!(FieldType::Any.coerce(json!("3"), true), Ok(json!(3)));
        assert_eq!(FieldType::Any.coerce(json!("3"), false), Ok(json!("3")));
        let kind = FieldType::OneOf(vec!["loot".into(), "hazard".into()]);
        assert_eq!(kind.coerce(json!("loot"), false), Ok(json!("loot")));
        let e = kind.coerce(json!("lot"), false).unwrap_err();
        assert!(e.contains("did you mean `loot`"), "{e}");
        assert!(FieldType::Number.coerce(json!("NaN"), true).is_err());
    }
}
