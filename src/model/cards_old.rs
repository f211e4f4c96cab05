/// The fields every card may have, whatever its component declares.
pub const RESERVED_CARD_FIELDS: [&str; 4] = ["id", "name", "count", "back"];

fn load_cards(project: &Project, path: &Path, spec: &ComponentSpec) -> Result<Vec<Card>> {
    let source = project.read_text(path)?;
    parse_cards(&source, path, &spec.card_fields)
}

/// Parses a cards file's text (`path` names it in errors) with the given declared fields.
pub fn parse_cards(source: &str, path: &Path, card_fields: &[String]) -> Result<Vec<Card>> {
    let source = source.to_owned();
    check_nesting(&source, path)?;
    let de = serde_yaml::Deserializer::from_str(&source);
    let raw = CardListSeed {
        allowed: card_fields,
    }
    .deserialize(de)
    .map_err(|e| locate_key(yaml_error(&e, &source, path), &source))?;

    let lines = top_level_item_lines(&source);
    let mut seen = HashSet::new();
    let mut cards = Vec::with_capacity(raw.len());
    for (index, raw) in raw.into_iter().enumerate() {
        let line = lines.get(index).copied();
        let at = |e: Error| {
            let e = e.in_file(path);
            match line {
                Some(l) => e.at(l, 1).with_source(&source),
                None => e,
            }
        };
        let name = raw
            .name
            .ok_or_else(|| at(Error::new(format!("card {} has no `name`", index + 1))))?;
        if name.trim().is_empty() {
            return Err(at(Error::new(format!(
                "card {} has an empty name",
                index + 1
            ))));
        }
        let id = raw.id.unwrap_or_else(|| slugify(&name));
        if !is_slug(&id) {
            return Err(at(Error::new(format!(
                "card id `{id}` may use only lower-case letters, digits and '-'"
            ))
            .card(&name)));
        }
        if !seen.insert(id.clone()) {
            return Err(at(Error::new(format!("two cards have the id `{id}`"))
                .card(&name)
                .help("give one of them its own `id:` or a different name")));
        }
        cards.push(Card {
            id,
            name,
            count: raw.count.unwrap_or(1),
            fields: raw.fields,
            back: raw.back,
            line,
        });
    }
    if cards.is_empty() {
        return Err(Error::new("the cards file holds no cards").in_file(path));
    }
    Ok(cards)
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

#[derive(Default)]
struct RawCard {
    id: Option<String>,
    name: Option<String>,
    count: Option<u32>,
    fields: Map<String, Value>,
    back: Map<String, Value>,
}

/// Deserializes a list of cards, checking each key against the component's declared fields
/// while the YAML parser still knows where the key is (so errors carry line and column).
struct CardListSeed<'a> {
    allowed: &'a [String],
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
    allowed: &'a [String],
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
        while let Some(key) = map.next_key::<String>()? {
            if seen.insert(key.clone(), ()).is_some() {
                return Err(de::Error::custom(format!("duplicate field `{key}`")));
            }
            match key.as_str() {
                "id" => card.id = Some(map.next_value()?),
                "name" => card.name = Some(map.next_value()?),
                "count" => {
                    let count: i64 = map.next_value()?;
                    if !(0..=i64::from(MAX_COPIES)).contains(&count) {
                        return Err(de::Error::custom(format!(
                            "count {count} is outside 0 to {MAX_COPIES}"
                        )));
                    }
                    card.count = Some(count as u32);
                }
                "back" => card.back = map.next_value()?,
                field if self.allowed.iter().any(|a| a == field) => {
                    let value: Value = map.next_value()?;
                    card.fields.insert(key, value);
                }
                field => {
                    let known = RESERVED_CARD_FIELDS
                        .iter()
                        .copied()
                        .chain(self.allowed.iter().map(String::as_str));
                    return Err(de::Error::custom(format!(
                        "unknown card field `{field}` ({}; declare new fields in the \
                         component's `card_fields`)",
                        suggestion(field, known)
                    )));
                }
            }
        }
        Ok(card)
    }
}

