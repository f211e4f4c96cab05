//! The typed model of a game, loaded from `data/<game>/game.yaml` and the card files it names.
//!
//! Loading is strict: an unknown field is an error naming the file, line and column with the
//! nearest known field, because a typo that silently does nothing costs a designer a print run.

pub mod print;
pub mod validate;

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::error::{Error, Result, suggestion};
use crate::model::print::{CardSize, PrintProfile};
use crate::project::Project;

/// Largest number of copies a single card may ask for; beyond this a count is surely a typo.
pub const MAX_COPIES: u32 = 10_000;

/// `data/<game>/game.yaml`.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub name: String,
    #[serde(default)]
    pub subtitle: Option<String>,
    /// The designer's revision label, printed on every face.
    pub revision: String,
    /// Language of the texts (BCP 47, e.g. `en`), used for hyphenation.
    #[serde(default = "default_language")]
    pub language: String,
    #[serde(default)]
    pub print: PrintProfile,
    /// Game-wide values for templates (`game.<key>`).
    #[serde(default)]
    pub data: Map<String, Value>,
    pub components: Vec<ComponentSpec>,
}

fn default_language() -> String {
    "en".to_owned()
}

/// What kind of physical thing a component is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum ComponentKind {
    /// A deck of cards imposed n-up on sheets, with duplex backs.
    #[default]
    Cards,
    /// Punch-out tokens (circles or squares), one or two sided, packed with cut lines.
    Tokens,
    /// Player boards; with `top:` a dual-layer board whose top layer has cut-out windows.
    Dashboard,
    /// A board, tiled over several pages when larger than the paper.
    Board,
    /// A six-sided die printed as a foldable net with glue tabs; faces from the card's
    /// `faces` list.
    Die,
    /// Fold-over pawn standees with a base tab.
    Standee,
    /// Parts bought, not printed (bags, pegs); listed with counts and their stand-ins.
    Bought,
}

impl ComponentKind {
    pub fn name(self) -> &'static str {
        match self {
            ComponentKind::Cards => "cards",
            ComponentKind::Tokens => "tokens",
            ComponentKind::Dashboard => "dashboard",
            ComponentKind::Board => "board",
            ComponentKind::Die => "die",
            ComponentKind::Standee => "standee",
            ComponentKind::Bought => "bought",
        }
    }

    /// The PDF a kind is printed into.
    pub fn output_file(self) -> Option<&'static str> {
        match self {
            ComponentKind::Cards => Some("cards.pdf"),
            ComponentKind::Dashboard | ComponentKind::Board => Some("boards.pdf"),
            ComponentKind::Tokens | ComponentKind::Die | ComponentKind::Standee => {
                Some("tokens.pdf")
            }
            ComponentKind::Bought => None,
        }
    }
}

/// Shape of a token.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum TokenShape {
    #[default]
    Circle,
    Square,
}

/// The top layer of a dual-layer dashboard.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TopLayer {
    pub template: String,
    /// Windows cut out of the top layer, in mm from the trim's top-left corner.
    #[serde(default)]
    pub windows: Vec<Window>,
}

/// A rectangular window to cut out of a dashboard's top layer.
#[derive(Debug, Clone, Copy, Deserialize, serde::Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Window {
    pub x_mm: f32,
    pub y_mm: f32,
    pub w_mm: f32,
    pub h_mm: f32,
}

/// One entry of `components:` in `game.yaml`.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ComponentSpec {
    /// Short stable name used in file names and references (`facility`).
    pub id: String,
    /// The name a player reads (`Facility Deck`).
    pub name: String,
    #[serde(default)]
    pub kind: ComponentKind,
    /// Trim size: a card, a token (its diameter is the width), a board, a die's face, a
    /// standee's figure. Not used by bought parts.
    #[serde(default)]
    pub size: Option<CardSize>,
    /// Front template, relative to `templates/<game>/` (or `common/...`).
    #[serde(default)]
    pub front: Option<String>,
    #[serde(default)]
    pub back: Option<BackSpec>,
    /// Tokens: circle (default) or square.
    #[serde(default)]
    pub shape: TokenShape,
    /// Dashboards: the top layer with its windows.
    #[serde(default)]
    pub top: Option<TopLayer>,
    /// Boards: how much neighbouring tiles overlap, in mm (default 10).
    #[serde(default)]
    pub overlap_mm: Option<f32>,
    /// Standees: depth of the base tab, in mm (default 15).
    #[serde(default)]
    pub base_mm: Option<f32>,
    /// Bleed for this component instead of the print profile's.
    #[serde(default)]
    pub bleed_mm: Option<f32>,
    /// The YAML file holding the cards, relative to `data/<game>/`.
    pub cards: String,
    /// The fields cards of this component may carry besides `id`, `name`, `count`, `back`.
    #[serde(default)]
    pub card_fields: Vec<String>,
    /// Component-wide values for templates (`component.<key>`).
    #[serde(default)]
    pub data: Map<String, Value>,
}

/// How a component's backs are made.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BackSpec {
    pub template: String,
    /// Render the back once per card (with that card's fields and its `back:` values), for
    /// two-sided cards; otherwise one back is shared by the whole component.
    #[serde(default)]
    pub per_card: bool,
}

/// One card entry of a cards file; `count` copies of it are printed.
#[derive(Debug, Clone)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub count: u32,
    /// The declared fields the card sets.
    pub fields: Map<String, Value>,
    /// Values for a per-card back (`back:` in the card).
    pub back: Map<String, Value>,
    /// Line of the card's entry in its file (1-based), when it could be found.
    pub line: Option<usize>,
}

/// A component with its cards loaded.
#[derive(Debug, Clone)]
pub struct Component {
    pub spec: ComponentSpec,
    pub cards: Vec<Card>,
    /// The cards file, as a path relative to the project.
    pub cards_file: PathBuf,
}

impl Component {
    /// Total copies printed (or bought).
    pub fn copies(&self) -> u32 {
        self.cards.iter().map(|c| c.count).sum()
    }

    /// The trim size. Every printed kind has one (checked when loading); bought parts, which
    /// have none, are never laid out.
    pub fn size(&self) -> CardSize {
        self.spec.size.unwrap_or(CardSize::custom(1.0, 1.0))
    }

    /// The front template; every printed kind has one (checked when loading).
    pub fn front(&self) -> &str {
        self.spec.front.as_deref().unwrap_or_default()
    }

    /// The bleed this component prints with.
    pub fn bleed(&self, print: &PrintProfile) -> f32 {
        match (self.spec.bleed_mm, self.spec.kind) {
            (Some(b), _) => b,
            // A die net and a standee are cut along their outline: no bleed to trim off.
            (None, ComponentKind::Die | ComponentKind::Standee) => 0.0,
            // Tokens sit close together on a punch sheet.
            (None, ComponentKind::Tokens) => print.bleed_mm.min(1.5),
            (None, _) => print.bleed_mm,
        }
    }

    pub fn printed(&self) -> bool {
        self.spec.kind != ComponentKind::Bought
    }
}

/// A whole game, loaded and validated.
#[derive(Debug, Clone)]
pub struct Game {
    /// The directory name under `data/`.
    pub id: String,
    /// The project it belongs to: every file it reads comes through it.
    pub project: Project,
    pub file: GameFile,
    pub components: Vec<Component>,
}

impl Game {
    /// `data/<game>`, relative to the project root.
    pub fn data_dir(&self) -> PathBuf {
        Project::data_dir(&self.id)
    }

    /// `templates/<game>`, relative to the project root.
    pub fn template_dir(&self) -> PathBuf {
        Project::templates_dir(&self.id)
    }

    /// Loads `data/<id>/game.yaml` of `project` and every cards file it names.
    pub fn load(project: &Project, id: &str) -> Result<Game> {
        project.check_game(id)?;
        let game_path = Project::game_file(id);
        let source = project.read_text(&game_path)?;
        let file: GameFile = parse_yaml(&source, &game_path)?;
        let game_err = |e: Error| e.game(id);

        check_slug(&file.components, &game_path, &source).map_err(game_err)?;
        validate::check_profile(&file.print).map_err(|e| {
            let line = find_line_after(&source, "print:", &format!("{}:", e.field));
            locate(e.into_error().in_file(&game_path), line, &source).game(id)
        })?;
        for spec in &file.components {
            validate::check_component(spec).map_err(|e| {
                let line = find_line_after(
                    &source,
                    &format!("id: {}", spec.id),
                    &format!("{}:", e.field),
                );
                locate(e.into_error().in_file(&game_path), line, &source)
                    .game(id)
                    .component(&spec.id)
            })?;
            check_kind(spec).map_err(|e| {
                let e = e.in_file(&game_path).game(id).component(&spec.id);
                match find_line(&source, &format!("id: {}", spec.id)) {
                    Some(l) => e.at(l, 1).with_source(&source),
                    None => e,
                }
            })?;
        }
        let mut components = Vec::with_capacity(file.components.len());
        for spec in &file.components {
            let cards_file = Project::data_dir(id).join(&spec.cards);
            let cards = load_cards(project, &cards_file, spec)
                .map_err(|e| e.component(&spec.id).game(id))?;
            components.push(Component {
                spec: spec.clone(),
                cards,
                cards_file,
            });
        }
        let pieces: u64 = components.iter().map(|c| u64::from(c.copies())).sum();
        validate::check_pieces(pieces).map_err(|e| e.in_file(&game_path).game(id))?;
        Ok(Game {
            id: id.to_owned(),
            project: project.clone(),
            file,
            components,
        })
    }
}

/// Each kind needs its own fields; say which is missing rather than fail later.
fn check_kind(spec: &ComponentSpec) -> Result<()> {
    let kind = spec.kind.name();
    let need =
        |what: &str, why: &str| Error::new(format!("a `{kind}` component needs `{what}` ({why})"));
    if spec.kind == ComponentKind::Bought {
        for (field, set) in [
            ("front", spec.front.is_some()),
            ("back", spec.back.is_some()),
            ("size", spec.size.is_some()),
        ] {
            if set {
                return Err(Error::new(format!(
                    "bought parts are not printed: remove `{field}`"
                )));
            }
        }
        return Ok(());
    }
    if spec.size.is_none() {
        return Err(need("size", "its trim size in mm, or a card size name"));
    }
    if spec.front.is_none() {
        return Err(need("front", "the template of its face"));
    }
    if spec.kind == ComponentKind::Die {
        if !spec.card_fields.iter().any(|f| f == "faces") {
            return Err(need("card_fields: [faces]", "each die lists its six faces"));
        }
        let s = spec.size.expect("checked above");
        if (s.width_mm - s.height_mm).abs() > 0.01 {
            return Err(Error::new(
                "a die's faces are square: give equal width_mm and height_mm",
            ));
        }
    }
    if spec.top.is_some() && spec.kind != ComponentKind::Dashboard {
        return Err(Error::new("only dashboards have a `top` layer"));
    }
    if let Some(top) = &spec.top {
        let s = spec.size.expect("checked above");
        for w in &top.windows {
            let inside = w.x_mm >= 0.0
                && w.y_mm >= 0.0
                && w.w_mm > 0.0
                && w.h_mm > 0.0
                && w.x_mm + w.w_mm <= s.width_mm
                && w.y_mm + w.h_mm <= s.height_mm;
            if !inside {
                return Err(Error::new(format!(
                    "window at ({}, {}) sized {} × {} mm lies outside the {} × {} mm dashboard",
                    w.x_mm, w.y_mm, w.w_mm, w.h_mm, s.width_mm, s.height_mm
                )));
            }
        }
    }
    Ok(())
}

/// Component ids must be unique and usable in file names.
fn check_slug(components: &[ComponentSpec], path: &Path, source: &str) -> Result<()> {
    let mut seen = HashSet::new();
    for spec in components {
        let line = find_line(source, &format!("id: {}", spec.id));
        let at = |e: Error| match line {
            Some(l) => e.at(l, 1).with_source(source),
            None => e,
        };
        if !is_slug(&spec.id) {
            return Err(at(Error::new(format!(
                "component id `{}` may use only lower-case letters, digits and '-'",
                spec.id
            ))
            .in_file(path)));
        }
        if !seen.insert(spec.id.as_str()) {
            return Err(at(Error::new(format!(
                "two components have the id `{}`",
                spec.id
            ))
            .in_file(path)));
        }
    }
    Ok(())
}

pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// `Salt & Pepper <Deluxe>` -> `salt-pepper-deluxe`.
pub fn slugify(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for ch in name.chars() {
        if ch.is_alphanumeric() {
            out.extend(ch.to_lowercase().filter(char::is_ascii_alphanumeric));
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// The first line containing `needle` at or after the first line containing `anchor`.
fn find_line_after(source: &str, anchor: &str, needle: &str) -> Option<usize> {
    let start = find_line(source, anchor)?;
    source
        .lines()
        .enumerate()
        .skip(start - 1)
        .find(|(_, l)| l.contains(needle))
        .map(|(i, _)| i + 1)
}

/// Points `e` at `line` of `source`, when known.
fn locate(e: Error, line: Option<usize>, source: &str) -> Error {
    match line {
        Some(l) => e.at(l, 1).with_source(source),
        None => e,
    }
}

/// The first line containing `needle`, 1-based.
fn find_line(source: &str, needle: &str) -> Option<usize> {
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
fn check_nesting(source: &str, path: &Path) -> Result<()> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(fields: &[&str]) -> ComponentSpec {
        ComponentSpec {
            id: "deck".into(),
            name: "Deck".into(),
            kind: ComponentKind::Cards,
            size: CardSize::named("poker"),
            front: Some("front.svg.tera".into()),
            back: None,
            shape: TokenShape::Circle,
            top: None,
            overlap_mm: None,
            base_mm: None,
            bleed_mm: None,
            cards: "deck.yaml".into(),
            card_fields: fields.iter().map(|s| s.to_string()).collect(),
            data: Map::new(),
        }
    }

    fn write_cards(yaml: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("deck.yaml"), yaml).unwrap();
        (dir, PathBuf::from("deck.yaml"))
    }

    #[test]
    fn slugify_keeps_words() {
        assert_eq!(slugify("Salt & Pepper <Deluxe>"), "salt-pepper-deluxe");
        assert_eq!(slugify("  Copper Wiring!"), "copper-wiring");
        assert_eq!(slugify("Émile's Axe"), "mile-s-axe");
    }

    #[test]
    fn cards_load_with_counts_and_fields() {
        let (dir, path) =
            write_cards("- name: Copper Wiring\n  count: 4\n  value: 3\n- name: Fuse\n");
        let cards = load_cards(
            &Project::open(dir.path()).unwrap(),
            &path,
            &spec(&["value"]),
        )
        .unwrap();
        assert_eq!(cards.len(), 2);
        assert_eq!(cards[0].id, "copper-wiring");
        assert_eq!(cards[0].count, 4);
        assert_eq!(cards[0].fields["value"], 3);
        assert_eq!(cards[1].count, 1);
        assert_eq!(cards[1].line, Some(4));
    }

    #[test]
    fn unknown_card_field_names_line_column_and_suggestion() {
        let (dir, path) = write_cards("- name: A\n  count: 1\n- name: B\n  valeu: 3\n");
        let err = load_cards(
            &Project::open(dir.path()).unwrap(),
            &path,
            &spec(&["value"]),
        )
        .unwrap_err();
        assert_eq!(err.line, Some(4), "{err}");
        assert_eq!(err.column, Some(3), "{err}");
        assert!(err.message.contains("valeu"), "{err}");
        assert!(err.message.contains("did you mean `value`"), "{err}");
    }

    #[test]
    fn negative_and_absurd_counts_are_errors() {
        let (dir, path) = write_cards("- name: A\n  count: -1\n");
        let err = load_cards(&Project::open(dir.path()).unwrap(), &path, &spec(&[])).unwrap_err();
        assert!(err.message.contains("count -1"), "{err}");
        assert_eq!(err.line, Some(2));
        let (dir, path) = write_cards("- name: A\n  count: 99999999\n");
        assert!(load_cards(&Project::open(dir.path()).unwrap(), &path, &spec(&[])).is_err());
    }

    #[test]
    fn duplicate_ids_name_the_second_card() {
        let (dir, path) = write_cards("- name: Fuse\n- name: fuse\n");
        let err = load_cards(&Project::open(dir.path()).unwrap(), &path, &spec(&[])).unwrap_err();
        assert!(err.message.contains("`fuse`"), "{err}");
        assert_eq!(err.line, Some(2));
    }

    #[test]
    fn unknown_game_field_suggests_the_nearest() {
        let src = "name: G\nrevision: '1'\ncomponets: []\n";
        let err = parse_yaml::<GameFile>(src, Path::new("game.yaml")).unwrap_err();
        assert_eq!(err.line, Some(3), "{err}");
        assert_eq!(
            err.help.as_deref(),
            Some("did you mean `components`?"),
            "{err}"
        );
    }

    #[test]
    fn non_utf8_file_is_reported_with_position() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x.yaml"), b"name: A\nbad: \xff\n").unwrap();
        let project = Project::open(dir.path()).unwrap();
        let err = project.read_text(Path::new("x.yaml")).unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(6)), "{err}");
    }
}
