//! JSON Schemas for the YAML files of a game, so an editor can autocomplete fields and flag
//! typos while the designer types.
//!
//! `game.schema.json` and `manifest.schema.json` describe every game; a cards file gets a
//! schema of its own per component, built from the fields that component declares, so a
//! misspelt card field is caught too.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::check::manifest::ManifestFile;
use crate::error::Result;
use crate::model::{Component, FieldDecl, Game, GameFile, RESERVED_CARD_FIELDS};
use crate::output::write_atomic;

fn to_value(schema: schemars::Schema) -> Value {
    serde_json::to_value(schema).expect("schemas serialize")
}

/// The schema of `game.yaml`.
pub fn game_schema() -> Value {
    to_value(schemars::schema_for!(GameFile))
}

/// The schema of `manifest.yaml`.
pub fn manifest_schema() -> Value {
    to_value(schemars::schema_for!(ManifestFile))
}

/// The schema of a component's cards file: its declared fields and the reserved ones.
pub fn cards_schema(comp: &Component) -> Value {
    let mut props = serde_json::Map::new();
    props.insert(
        "name".into(),
        json!({
            "anyOf": [
                { "type": ["string", "number"], "minLength": 1 },
                { "type": "object", "additionalProperties": { "type": "string" } }
            ],
            "description": "The card's name, as printed (or `{ en: ..., de: ... }` per language)."
        }),
    );
    props.insert("id".into(), json!({ "type": "string", "pattern": "^[a-z0-9-]+$", "description": "Stable id; defaults to the name in lower case with dashes." }));
    props.insert("count".into(), json!({ "type": "integer", "minimum": 0, "maximum": crate::model::MAX_COPIES, "description": "Copies to print (default 1)." }));
    props.insert("back".into(), json!({ "type": "object", "description": "Values for a per-card back template (card.back)." }));
    props.insert("front".into(), json!({ "type": "string", "description": "This card's front template, instead of the component's." }));
    props.insert("<<".into(), json!({ "type": ["object", "array"], "description": "A YAML merge key: another card's fields (`<<: *scout`), for those this card does not set." }));
    for field in comp.spec.card_fields.iter() {
        props.insert(field.name.clone(), field_schema(comp, field));
    }
    debug_assert!(RESERVED_CARD_FIELDS.iter().all(|f| props.contains_key(*f)));
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": format!("Cards of {}", comp.spec.name),
        "type": "array",
        "items": {
            "type": "object",
            "properties": props,
            "required": ["name"],
            "additionalProperties": false
        }
    })
}

/// The schema of one declared field: its type, its description (or one saying the type), and
/// for text a map of translations.
fn field_schema(comp: &Component, field: &FieldDecl) -> Value {
    let description = field.description.clone().unwrap_or_else(|| {
        format!(
            "A field of component `{}`: {}.",
            comp.spec.id,
            field.ty.describe()
        )
    });
    let mut schema = field.ty.schema();
    if field.ty.is_text() {
        schema = json!({ "anyOf": [
            schema,
            {
                "type": "object",
                "additionalProperties": { "type": ["string", "number"] },
                "description": "The text in each language: `{ en: ..., de: ... }`."
            }
        ]});
    }
    if let Value::Object(m) = &mut schema {
        m.insert("description".into(), Value::String(description));
    }
    schema
}

/// Writes the schemas under `dir`: the two shared ones, and one per component of each game.
pub fn write_all(dir: &Path, games: &[Game]) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    let pretty = |v: &Value| {
        let mut s = serde_json::to_string_pretty(v).expect("serializes");
        s.push('\n');
        s
    };
    for (name, schema) in [
        ("game.schema.json", game_schema()),
        ("manifest.schema.json", manifest_schema()),
    ] {
        let path = dir.join(name);
        write_atomic(&path, pretty(&schema).as_bytes())?;
        written.push(path);
    }
    for game in games {
        for comp in game.components.iter() {
            let path = dir
                .join(&game.id)
                .join(format!("{}.cards.schema.json", comp.spec.id));
            write_atomic(&path, pretty(&cards_schema(comp)).as_bytes())?;
            written.push(path);
        }
    }
    Ok(written)
}

/// Every property name a schema mentions (for checking the docs cover them).
pub fn property_names(schema: &Value) -> Vec<String> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                if let Some(Value::Object(props)) = m.get("properties") {
                    out.extend(props.keys().cloned());
                }
                m.values().for_each(|x| walk(x, out));
            }
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    walk(schema, &mut out);
    out.sort();
    out.dedup();
    out
}
