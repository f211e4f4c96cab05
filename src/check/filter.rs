//! The card filter of a manifest entry or a deck group (`where:`): a card field, `name` or
//! `id` against a value or a list of values.

use serde_json::{Map, Value};

use crate::model::Card;

/// Whether `card` passes `filter` (a card field, `name` or `id` against a value or a list).
pub fn card_matches(card: &Card, filter: &Map<String, Value>) -> bool {
    filter.iter().all(|(k, want)| {
        let have = match k.as_str() {
            "name" => Some(Value::String(card.name.clone())),
            "id" => Some(Value::String(card.id.clone())),
            _ => card.fields.get(k).cloned(),
        };
        match (have, want) {
            (Some(h), Value::Array(options)) => options.contains(&h),
            (Some(h), w) => &h == w,
            (None, _) => false,
        }
    })
}
