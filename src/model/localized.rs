//! Text a designer writes once or once per language: `name: Loot`, or
//! `name: { en: Loot, de: Beute }`, as card fields are translated.

use std::fmt;
use std::ops::Deref;

use serde::Deserialize;
use serde_json::Value;

use crate::model::lang::Langs;

/// A text of `game.yaml` (the game's name, its subtitle, a component's name) in the language
/// being built; until [`Localized::pick`] it is the text as first written.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Localized {
    text: String,
    /// As written: a string, or a map of language codes to strings.
    written: Value,
}

impl Localized {
    /// Takes the text of the language `langs` is built in.
    pub fn pick(&mut self, langs: &Langs) -> Result<(), String> {
        match langs.pick(&self.written, langs.fallback)? {
            Value::String(text) if !text.trim().is_empty() => self.text = text,
            Value::String(_) => return Err("is empty".to_owned()),
            _ => return Err("must be text, once or per language".to_owned()),
        }
        Ok(())
    }

    /// The text in the language built.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The translations as written, when there are any.
    pub fn written(&self) -> &Value {
        &self.written
    }
}

impl From<&str> for Localized {
    fn from(text: &str) -> Localized {
        Localized {
            text: text.to_owned(),
            written: Value::String(text.to_owned()),
        }
    }
}

impl Deref for Localized {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for Localized {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Written as the text of the language built, as templates and exports see it.
impl serde::Serialize for Localized {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

/// Read by hand rather than as an untagged enum, which reads ahead to try each form and so
/// reports a malformed value where the reading stopped, lines later, not where it starts.
impl<'de> Deserialize<'de> for Localized {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Localized, D::Error> {
        d.deserialize_any(LocalizedVisitor)
    }
}

struct LocalizedVisitor;

impl<'de> serde::de::Visitor<'de> for LocalizedVisitor {
    type Value = Localized;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("text, or a map of language codes to text ({ en: Loot, de: Beute })")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Localized, E> {
        Ok(Localized::from(text))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Localized, A::Error> {
        let mut written = serde_json::Map::new();
        while let Some((lang, text)) = map.next_entry::<String, String>()? {
            written.insert(lang, Value::String(text));
        }
        let text = written
            .values()
            .next()
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        Ok(Localized {
            text,
            written: Value::Object(written),
        })
    }
}

/// How a [`Localized`] text is written, for the JSON Schema (read by [`LocalizedVisitor`]).
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(
    untagged,
    expecting = "text, or a map of language codes to text ({ en: Loot, de: Beute })"
)]
pub enum LocalizedInput {
    Text(String),
    PerLanguage(std::collections::BTreeMap<String, String>),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn langs(current: &str) -> Langs {
        Langs {
            current: current.into(),
            all: vec!["en".into(), "fr".into()],
            fallback: false,
        }
    }

    #[test]
    fn a_name_is_read_once_or_per_language() {
        let mut one: Localized = serde_yaml::from_str("Loot").unwrap();
        one.pick(&langs("fr")).unwrap();
        assert_eq!(&*one, "Loot");
        let mut per: Localized = serde_yaml::from_str("{ en: Loot, fr: Butin }").unwrap();
        assert_eq!(&*per, "Loot");
        per.pick(&langs("fr")).unwrap();
        assert_eq!(per.to_string(), "Butin");
        let mut typo: Localized = serde_yaml::from_str("{ en: Loot, frr: Butin }").unwrap();
        assert!(typo.pick(&langs("fr")).unwrap_err().contains("`frr`"));
        assert!(serde_yaml::from_str::<Localized>("[1, 2]").is_err());
    }
}
