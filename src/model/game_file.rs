//! `game.yaml` as it is read: the game, its print profile and its components' specs (kind,
//! size, faces, backs, fields), and a component loaded with its cards.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::model::cards::Card;
use crate::model::fields::CardFields;
use crate::model::localized::{Localized, LocalizedInput};
use crate::model::print::{CardSize, PrintProfile};

/// `data/<game>/game.yaml`.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// The game's name, printed on sheets and the rulebook: text, or text per language.
    #[schemars(with = "LocalizedInput")]
    pub name: Localized,
    /// A second line for the rulebook's title page, once or per language.
    #[serde(default)]
    #[schemars(with = "Option<LocalizedInput>")]
    pub subtitle: Option<Localized>,
    /// The designer's revision label, printed on every face.
    pub revision: String,
    /// How many people play: `4`, or `[2, 4]` for two to four. Printed on the rulebook's cover.
    #[serde(default)]
    pub players: Option<Span>,
    /// How long a game takes in minutes: `30`, or `[60, 120]`. Printed on the cover.
    #[serde(default)]
    pub play_time: Option<Span>,
    /// The youngest age the game suits (`12` prints as "12+"). Printed on the cover.
    #[serde(default)]
    pub age: Option<u32>,
    /// Language of the texts (an ISO 639-1 code, e.g. `en`, optionally with a region:
    /// `de-CH`): hyphenation and quotes follow it. While a kit of another language is built,
    /// this is that language.
    #[serde(default = "default_language")]
    pub language: String,
    /// Every language the game is printed in, one kit each (`output/<game>/<lang>/`); the
    /// first is the one translations fall back to. Without it, the game has one language.
    #[serde(default)]
    pub languages: Vec<String>,
    #[serde(default)]
    pub print: PrintProfile,
    /// Game-wide values for templates (`game.<key>`).
    #[serde(default)]
    pub data: Map<String, Value>,
    /// The game's components: decks, tokens, boards, dice, standees and bought parts.
    pub components: Vec<ComponentSpec>,
}

/// One number or a range of two, as a box states players and playing time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Span {
    Exactly(u32),
    Between(u32, u32),
}

/// Read by hand rather than as an untagged enum, whose one error ("did not match any variant")
/// names neither the field nor what it takes, and points at the map rather than the value.
impl<'de> Deserialize<'de> for Span {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Span, D::Error> {
        d.deserialize_any(SpanVisitor)
    }
}

struct SpanVisitor;

impl<'de> serde::de::Visitor<'de> for SpanVisitor {
    type Value = Span;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a whole number such as 4, or a range of two such as [2, 4]")
    }

    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Span, E> {
        let invalid = || E::invalid_value(serde::de::Unexpected::Unsigned(n), &self);
        u32::try_from(n).map(Span::Exactly).map_err(|_| invalid())
    }

    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Span, E> {
        match u64::try_from(n) {
            Ok(n) => self.visit_u64(n),
            Err(_) => Err(E::invalid_value(serde::de::Unexpected::Signed(n), &self)),
        }
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Span, A::Error> {
        let mut next = |at: usize| -> Result<u32, A::Error> {
            seq.next_element()?
                .ok_or_else(|| serde::de::Error::invalid_length(at, &self))
        };
        let (low, high) = (next(0)?, next(1)?);
        if seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
            return Err(serde::de::Error::invalid_length(3, &self));
        }
        Ok(Span::Between(low, high))
    }
}

impl Span {
    /// The smallest and the largest value.
    pub fn bounds(self) -> (u32, u32) {
        match self {
            Span::Exactly(n) => (n, n),
            Span::Between(a, b) => (a, b),
        }
    }

    /// As a box prints it: `4`, or `2–4` with an en dash.
    pub fn text(self) -> String {
        match self.bounds() {
            (a, b) if a == b => a.to_string(),
            (a, b) => format!("{a}\u{2013}{b}"),
        }
    }
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
    /// The template of the top layer.
    pub template: String,
    /// Windows cut out of the top layer, in mm from the trim's top-left corner.
    #[serde(default)]
    pub windows: Vec<Window>,
}

/// A rectangular window to cut out of a dashboard's top layer.
#[derive(Debug, Clone, Copy, Deserialize, serde::Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Window {
    /// Left edge, in mm from the trim's left edge.
    pub x_mm: f32,
    /// Top edge, in mm from the trim's top edge.
    pub y_mm: f32,
    /// Width in mm.
    pub w_mm: f32,
    /// Height in mm.
    pub h_mm: f32,
}

/// One entry of `components:` in `game.yaml`.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ComponentSpec {
    /// Short stable name used in file names and references (`facility`).
    pub id: String,
    /// The name a player reads (`Facility Deck`), once or per language.
    #[schemars(with = "LocalizedInput")]
    pub name: Localized,
    #[serde(default)]
    pub kind: ComponentKind,
    /// Trim size: a card, a token (its diameter is the width), a board, a die's face, a
    /// standee's figure. Not used by bought parts.
    #[serde(default)]
    pub size: Option<CardSize>,
    /// Front template, relative to `templates/<game>/` (or `common/...`).
    #[serde(default)]
    pub front: Option<String>,
    /// Front templates picked by a card field's value: `{ kind: { loot: loot.svg.tera } }`.
    /// A card's own `front:` wins; a value without a template takes `front`.
    #[serde(default)]
    pub fronts: Option<TemplateRule>,
    /// How the backs are made: a template's name, or `{ template, per_card }`.
    #[serde(default, deserialize_with = "back_or_template")]
    #[schemars(with = "Option<BackInput>")]
    pub back: Option<BackSpec>,
    /// Back templates picked by a card field's value, like `fronts`; a value without one takes
    /// `back`'s template.
    #[serde(default)]
    pub backs: Option<TemplateRule>,
    // Kept as written (none when left out) so that a shape on another kind, which nothing
    // would read, can be refused; read it with `token_shape`.
    /// Tokens: circle (default) or square.
    #[serde(default)]
    pub shape: Option<TokenShape>,
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
    /// Radius of the rounded corners the pieces are cut with, in mm: the cut files of a
    /// `print-and-cut` layout follow it, and `corner_guides` show it. Square corners when unset.
    #[serde(default)]
    pub corner_radius_mm: Option<f32>,
    /// Cards, tokens and dashboards: their layout instead of the print profile's `layout`,
    /// `duplex` or `gutter-fold` (one deck folded, the rest duplex, in one kit).
    #[serde(default)]
    pub layout: Option<crate::model::print::SheetLayout>,
    /// Boards and dashboards: how many times to print their pages (a score pad's sheet, 1 to
    /// 1000). The kit holds them once; its printing guide says how many copies to print.
    #[serde(default)]
    #[schemars(range(min = 1, max = 1000))]
    pub copies: Option<u32>,
    /// The file holding the cards, relative to `data/<game>/`: YAML, or a spreadsheet
    /// (`.csv`, `.tsv`, `.xlsx`, `.ods`; a workbook's sheet after `#`: `cards.xlsx#Loot`).
    pub cards: String,
    /// The fields cards of this component may carry besides `id`, `name`, `count`, `front`,
    /// `back`: a list of names, or a map from name to type (`text`, `markup`, `integer`,
    /// `number`, `boolean`, `image`, `any`, or a list of allowed values).
    #[serde(default)]
    pub card_fields: CardFields,
    /// Component-wide values for templates (`component.<key>`).
    #[serde(default)]
    pub data: Map<String, Value>,
}

impl ComponentSpec {
    /// The cut outline of a token: its `shape`, circle when left out.
    pub fn token_shape(&self) -> TokenShape {
        self.shape.unwrap_or_default()
    }
}

/// A template per value of one card field: `{ kind: { loot: loot.svg.tera } }`.
pub type TemplateRule = BTreeMap<String, BTreeMap<String, String>>;

/// How a component's backs are made.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BackSpec {
    /// The back template (the default one, when `backs` picks by a field).
    pub template: String,
    /// Render the back once per card (with that card's fields and its `back:` values), for
    /// two-sided cards; otherwise one back is shared by the whole component.
    #[serde(default)]
    pub per_card: bool,
}

/// `back:` as written, for the schema: the template's name alone, or the whole form.
#[derive(schemars::JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum BackInput {
    Template(String),
    Form(BackSpec),
}

/// `back: card-back.svg.tera` is the common case's shorthand for `back: { template: … }`. A
/// visitor rather than an untagged enum, whose one error would hide a misspelt field's name
/// and place.
fn back_or_template<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<BackSpec>, D::Error> {
    d.deserialize_any(BackVisitor)
}

struct BackVisitor;

impl<'de> serde::de::Visitor<'de> for BackVisitor {
    type Value = Option<BackSpec>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a back template's name, or { template: ..., per_card: true }")
    }

    /// `back: ~` is no back, as for any optional field.
    fn visit_unit<E: serde::de::Error>(self) -> Result<Option<BackSpec>, E> {
        Ok(None)
    }

    fn visit_str<E: serde::de::Error>(self, template: &str) -> Result<Option<BackSpec>, E> {
        Ok(Some(BackSpec {
            template: template.to_owned(),
            per_card: false,
        }))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Option<BackSpec>, A::Error> {
        BackSpec::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(Some)
    }
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

    /// The front template of `card`: its own `front:`, else the component's `fronts` rule for
    /// the card's value, else the component's `front`.
    pub fn front_of<'a>(&'a self, card: &'a Card) -> Option<&'a str> {
        card.front
            .as_deref()
            .or_else(|| rule_pick(self.spec.fronts.as_ref(), card))
            .or(self.spec.front.as_deref())
    }

    /// The back template of `card`: the `backs` rule for its value, else `back`'s template.
    pub fn back_of(&self, card: &Card) -> Option<&str> {
        rule_pick(self.spec.backs.as_ref(), card)
            .or_else(|| self.spec.back.as_ref().map(|b| b.template.as_str()))
    }

    /// Whether backs are rendered with each card's values.
    pub fn back_per_card(&self) -> bool {
        self.spec.back.as_ref().is_some_and(|b| b.per_card)
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

/// The template a rule picks for `card`'s value of the rule's field.
fn rule_pick<'a>(rule: Option<&'a TemplateRule>, card: &Card) -> Option<&'a str> {
    let (field, by_value) = rule?.iter().next()?;
    let value = crate::model::fields::scalar_text(card.fields.get(field)?);
    by_value.get(&value).map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::yaml::parse_yaml;
    use crate::project::Project;
    use std::path::Path;

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
    fn a_back_is_a_template_name_or_the_whole_form() {
        let back = |yaml: &str| {
            let src = format!(
                "name: G\nrevision: '1'\ncomponents:\n  - id: d\n    name: D\n    size: poker\n    front: f.svg.tera\n    cards: d.yaml\n    back: {yaml}\n"
            );
            parse_yaml::<GameFile>(&src, Path::new("game.yaml")).map(|g| {
                let b = g.components[0].back.clone().unwrap();
                (b.template, b.per_card)
            })
        };
        assert_eq!(back("b.svg.tera").unwrap(), ("b.svg.tera".into(), false));
        let form = back("{ template: b.svg.tera, per_card: true }").unwrap();
        assert_eq!(form, ("b.svg.tera".into(), true));
        let none = "name: G\nrevision: '1'\ncomponents:\n  - id: d\n    name: D\n    size: poker\n    front: f.svg.tera\n    cards: d.yaml\n    back: ~\n";
        let g = parse_yaml::<GameFile>(none, Path::new("game.yaml")).unwrap();
        assert!(g.components[0].back.is_none());
        let err = back("{ template: b.svg.tera, per_crd: true }").unwrap_err();
        assert_eq!(
            (err.line, err.help.as_deref()),
            (Some(9), Some("did you mean `per_card`?"))
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

    #[test]
    fn a_byte_order_mark_is_not_read_as_text() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x.yaml"), b"\xef\xbb\xbfname: A\n").unwrap();
        let project = Project::open(dir.path()).unwrap();
        let text = project.read_text(Path::new("x.yaml")).unwrap();
        assert_eq!(text, "name: A\n");
    }
}
