//! `data/<game>/translated.json`: the first-language text each translation was confirmed
//! against (a digest of it), so a later change of that text marks the translation stale.
//!
//! `protopress translations --confirm` writes it; `build` warns of what is stale, `check`
//! lists it. A game without the file has no translation tracked: nothing is stale.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::model::Game;
use crate::project::Project;

/// Language → `component/card/field` → digest of the first language's text it was
/// confirmed against.
pub type TranslationRecord = BTreeMap<String, BTreeMap<String, String>>;

/// `data/<game>/translated.json`, relative to the project.
pub fn record_path(game: &str) -> PathBuf {
    Project::data_dir(game).join("translated.json")
}

/// A translated field whose first-language text changed since its translation was confirmed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StaleTranslation {
    pub component: String,
    pub card: String,
    pub field: String,
    pub language: String,
}

impl StaleTranslation {
    /// The warning `build` and `check` print.
    pub fn message(&self, first: &str) -> String {
        format!(
            "component `{}`, card `{}`: the `{}` text of `{}` was translated from `{first}` text that has changed since; update it, then run `protopress translations --confirm`",
            self.component, self.card, self.language, self.field
        )
    }
}

/// The translations of the language a game is loaded in, against its record.
#[derive(Debug, Default, Clone, Serialize)]
pub struct TranslationStatus {
    /// Whether the game has a `translated.json` at all.
    pub tracked: bool,
    pub stale: Vec<StaleTranslation>,
    /// Translated fields the record does not know yet: added since the last confirmation, or
    /// moved to a new card id (its first-language name changed).
    pub unconfirmed: usize,
}

impl TranslationStatus {
    /// The warning for translations a tracked game has not confirmed yet: a renamed card's
    /// translations would otherwise leave the record unnoticed.
    pub fn unconfirmed_warning(&self, lang: &str) -> Option<String> {
        (self.tracked && self.unconfirmed > 0).then(|| {
            format!(
                "{} translated `{lang}` text(s) not confirmed yet (new cards, or cards whose name changed): check them, then run `protopress translations --confirm`",
                self.unconfirmed
            )
        })
    }
}

/// Every translated field of `game` in the language it is loaded in, keyed
/// `component/card/field`, with the digest of its first-language text now.
pub fn current(game: &Game) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for comp in &game.components {
        for card in &comp.cards {
            for (field, digest) in &card.translated {
                let key = format!("{}/{}/{field}", comp.spec.id, card.id);
                out.insert(key, digest.clone());
            }
        }
    }
    out
}

/// Reads `translated.json`; none when the game has none.
pub fn load(game: &Game) -> Result<Option<TranslationRecord>> {
    let path = record_path(&game.id);
    let Some(text) = game.project.read_optional_text(&path)? else {
        return Ok(None);
    };
    serde_json::from_str(&text).map(Some).map_err(|e| {
        Error::new(format!("the translation record is damaged: {e}"))
            .in_file(&path)
            .at(e.line(), e.column())
            .help("run `protopress translations --confirm` to write it again")
    })
}

/// The stale and the unconfirmed translations of `game` in the language it is loaded in.
pub fn status(game: &Game) -> Result<TranslationStatus> {
    let Some(record) = load(game)? else {
        return Ok(TranslationStatus::default());
    };
    let lang = &game.langs.current;
    let confirmed = record.get(lang.as_str());
    let mut status = TranslationStatus {
        tracked: true,
        ..TranslationStatus::default()
    };
    for (key, digest) in current(game) {
        match confirmed.and_then(|c| c.get(&key)) {
            None => status.unconfirmed += 1,
            Some(was) if *was != digest => status.stale.push(stale(&key, lang)),
            Some(_) => {}
        }
    }
    Ok(status)
}

fn stale(key: &str, lang: &str) -> StaleTranslation {
    let mut parts = key.splitn(3, '/');
    let mut next = || parts.next().unwrap_or_default().to_owned();
    StaleTranslation {
        component: next(),
        card: next(),
        field: next(),
        language: lang.to_owned(),
    }
}

/// `record` with the language `game` is loaded in confirmed as it is now.
pub fn confirm(mut record: TranslationRecord, game: &Game) -> TranslationRecord {
    record.insert(game.langs.current.clone(), current(game));
    record
}

/// The record as written: sorted, one entry a line, ending in a newline.
pub fn to_json(record: &TranslationRecord) -> String {
    let mut text = serde_json::to_string_pretty(record).expect("records serialize");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_names_component_card_and_field() {
        let s = stale("deck/loot/text", "fr");
        assert_eq!(
            (s.component.as_str(), s.card.as_str(), s.field.as_str()),
            ("deck", "loot", "text")
        );
        let m = s.message("en");
        assert!(
            m.contains("card `loot`") && m.contains("`fr` text of `text`"),
            "{m}"
        );
    }
}
