//! Print facts: units, paper sizes, card sizes and the print profile a game chooses.
//!
//! Everything the designer writes is in millimetres; PDF wants points. The conversion lives here
//! and nowhere else so that a rounding choice cannot differ between layout and drawing.

use serde::{Deserialize, Deserializer, Serialize};

/// Points per millimetre (1 in = 25.4 mm = 72 pt).
pub const PT_PER_MM: f32 = 72.0 / 25.4;

/// Millimetres to PDF points.
pub fn mm(v: f32) -> f32 {
    v * PT_PER_MM
}

/// Paper the sheets are printed on: a named size or a custom one (`{ width_mm, height_mm }`,
/// kept in tenths of a millimetre so that papers compare exactly).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    A3,
    A5,
    Letter,
    Legal,
    Tabloid,
    Custom {
        width_tenths: u32,
        height_tenths: u32,
    },
}

/// The named papers.
const PAPERS: [Paper; 6] = [
    Paper::A4,
    Paper::A3,
    Paper::A5,
    Paper::Letter,
    Paper::Legal,
    Paper::Tabloid,
];

impl Paper {
    /// A custom paper of `w` × `h` mm (portrait or landscape as given), 50 to 2000 mm a side.
    pub fn custom(w: f32, h: f32) -> Option<Paper> {
        let ok = |v: f32| v.is_finite() && (50.0..=2000.0).contains(&v);
        (ok(w) && ok(h)).then(|| Paper::Custom {
            width_tenths: (w * 10.0).round() as u32,
            height_tenths: (h * 10.0).round() as u32,
        })
    }
}

impl Serialize for Paper {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Paper::Custom { .. } => {
                let (w, h) = self.size_mm();
                let mut map = ser.serialize_map(Some(2))?;
                map.serialize_entry("width_mm", &w)?;
                map.serialize_entry("height_mm", &h)?;
                map.end()
            }
            named => ser.serialize_str(named.name()),
        }
    }
}

/// A size as the designer writes it: a name (`a4`, `poker`) or `{ width_mm, height_mm }`.
#[derive(Deserialize)]
#[serde(untagged)]
enum NameOrSize {
    Name(String),
    Custom(SizeMm),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SizeMm {
    width_mm: f32,
    height_mm: f32,
}

impl<'de> Deserialize<'de> for Paper {
    /// Accepts a paper name (`a4`) or `{ width_mm: 300, height_mm: 400 }`.
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;

        let names = || PAPERS.iter().map(|p| p.name());
        match NameOrSize::deserialize(de).map_err(|_| {
            D::Error::custom(
                "a paper is a name (a4, a3, a5, letter, legal, tabloid) \
                 or { width_mm: W, height_mm: H }",
            )
        })? {
            NameOrSize::Name(name) => Paper::parse(&name).ok_or_else(|| {
                D::Error::custom(format!(
                    "unknown paper `{name}`, {}",
                    crate::error::suggestion(&name, names())
                ))
            }),
            NameOrSize::Custom(c) => Paper::custom(c.width_mm, c.height_mm).ok_or_else(|| {
                D::Error::custom(format!(
                    "paper {} × {} mm is outside 50 to 2000 mm",
                    c.width_mm, c.height_mm
                ))
            }),
        }
    }
}

impl schemars::JsonSchema for Paper {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Paper".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = PAPERS.iter().map(|p| p.name()).collect();
        schemars::json_schema!({
            "description": "A paper name, or a custom paper size in millimetres.",
            "oneOf": [
                { "type": "string", "enum": names },
                {
                    "type": "object",
                    "properties": {
                        "width_mm": { "type": "number", "minimum": 50, "maximum": 2000 },
                        "height_mm": { "type": "number", "minimum": 50, "maximum": 2000 }
                    },
                    "required": ["width_mm", "height_mm"],
                    "additionalProperties": false
                }
            ]
        })
    }
}

impl Paper {
    /// Width and height in millimetres, portrait.
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::A3 => (297.0, 420.0),
            Paper::A5 => (148.0, 210.0),
            Paper::Letter => (215.9, 279.4),
            Paper::Legal => (215.9, 355.6),
            Paper::Tabloid => (279.4, 431.8),
            Paper::Custom {
                width_tenths,
                height_tenths,
            } => (width_tenths as f32 / 10.0, height_tenths as f32 / 10.0),
        }
    }

    /// Whether the paper is a US size (inch ruler).
    pub fn imperial(self) -> bool {
        matches!(self, Paper::Letter | Paper::Legal | Paper::Tabloid)
    }

    /// The check ruler: 50 mm on metric paper, 2 in on US paper, so the designer can measure
    /// it with the ruler they have at hand; and the spacing of its ticks.
    pub fn check_length_mm(self) -> (f32, &'static str) {
        if self.imperial() {
            (50.8, "2 in")
        } else {
            (50.0, "50 mm")
        }
    }

    /// The name as written in `game.yaml`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::A3 => "a3",
            Paper::A5 => "a5",
            Paper::Letter => "letter",
            Paper::Legal => "legal",
            Paper::Tabloid => "tabloid",
            Paper::Custom { .. } => "custom",
        }
    }

    pub fn parse(name: &str) -> Option<Paper> {
        let name = name.to_ascii_lowercase();
        PAPERS.into_iter().find(|p| p.name() == name)
    }
}

/// How card backs are matched to fronts.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Duplex {
    /// The sheet flips over its long edge: each row of backs is mirrored left to right.
    #[default]
    LongEdge,
    /// The sheet flips over its short edge: columns of backs are mirrored top to bottom.
    ShortEdge,
    /// No backs are printed.
    None,
}

/// Which cut guides to draw.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum CropMarks {
    /// No guides at all.
    None,
    /// Short marks in the margin, outside every card, never reaching the page edge.
    #[default]
    Outer,
    /// Outer marks plus hairlines along every cut, across the sheet.
    Full,
    /// Full-length cut lines across the whole sheet, from margin to margin, at every cut: for
    /// a rotary or guillotine trimmer, whose blade is lined up on a line, not a mark.
    Lines,
}

/// How the kit's sheets are laid out for the way they are printed and cut.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// A fronts page and its backs page per sheet, printed as one duplex job.
    #[default]
    Duplex,
    /// Each front beside its own back, mirrored about a fold line across the middle of the
    /// sheet: printed single-sided, folded, glued and cut.
    GutterFold,
    /// Sheets with the registration marks of a cutting machine (`cutter`) and a cut file per
    /// sheet in `cut/`.
    PrintAndCut,
}

impl Layout {
    pub fn name(self) -> &'static str {
        match self {
            Layout::Duplex => "duplex",
            Layout::GutterFold => "gutter-fold",
            Layout::PrintAndCut => "print-and-cut",
        }
    }

    pub fn is_duplex(&self) -> bool {
        *self == Layout::Duplex
    }
}

/// The cutting machine a `print-and-cut` layout is made for.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Cutter {
    /// Silhouette Cameo and Portrait (Silhouette Studio): a square mark top left and two L
    /// marks, top right and bottom left.
    #[default]
    Silhouette,
    /// Cricut Explore and Maker (Design Space, Print Then Cut): a black frame around the area.
    Cricut,
}

impl Cutter {
    pub fn name(self) -> &'static str {
        match self {
            Cutter::Silhouette => "silhouette",
            Cutter::Cricut => "cricut",
        }
    }
}

/// What happens when card text does not fit its box.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum OverflowPolicy {
    #[default]
    Error,
    Warn,
}

/// What happens when a card text has no translation into the language being built.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum MissingTranslation {
    /// The build fails, naming the card and the field.
    #[default]
    Error,
    /// The text of the game's first language is printed instead.
    FirstLanguage,
}

/// Where the revision stamp ("XII·3fa2c1") goes on every printed face.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum RevisionStamp {
    /// In the cut margin: inside the trim, outside the safe zone, in tiny type.
    #[default]
    Margin,
    /// Inside the safe zone, where it survives any cut.
    SafeZone,
    None,
}

/// The print profile of a game (`print:` in `game.yaml`).
#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct PrintProfile {
    pub paper: Paper,
    /// Bleed around every face, in mm (3 mm is the European norm, 3.175 the US one).
    pub bleed_mm: f32,
    pub crop_marks: CropMarks,
    pub duplex: Duplex,
    /// The correction for this printer's backs, [x, y] in mm: every back, its cut guides and
    /// its ruler are drawn this far right (x) and down (y) on its backs page, as that page reads.
    /// Enter the two readings of the calibration sheet: where the front's cross falls on the
    /// scales of its back (right and down are positive).
    pub back_offset_mm: [f32; 2],
    /// Space between neighbouring cards; by default the full double bleed when the grid does
    /// not lose a card for it, else none (cards share their cut lines).
    pub gutter_mm: Option<f32>,
    /// Distance inside the trim that text must stay within.
    pub safe_zone_mm: f32,
    pub text_overflow: OverflowPolicy,
    /// Revision and content hash on every face, to tell reprints apart.
    pub revision_stamp: RevisionStamp,
    /// A card text without a translation into the language built: `error` (default) or
    /// `first-language`, to print the first language's text instead.
    pub missing_translation: MissingTranslation,
    /// Distance from the paper edge that no crop mark, ruler or label crosses: the edge most
    /// printers cannot print.
    pub printable_margin_mm: f32,
    /// `saver` asks templates (through `print.ink_saver`) and the sheet writer for light
    /// versions of dark backgrounds, for home printers.
    pub ink: Ink,
    /// `duplex` (default), `gutter-fold` or `print-and-cut`; `build --layout` overrides it.
    pub layout: Layout,
    /// The cutting machine of a `print-and-cut` layout: `silhouette` (default) or `cricut`.
    pub cutter: Cutter,
    /// Longest crop mark, in mm (3 to 20).
    pub mark_length_mm: f32,
    /// Colour of crop marks and cut lines, `#rrggbb` (black by default).
    pub mark_colour: String,
    /// A thin quarter circle at every card corner, where a corner punch cuts
    /// (`corner_radius_mm` of the component, else 3 mm).
    pub corner_guides: bool,
    /// At least this much between the cut lines of neighbouring tokens, standees and die nets,
    /// for a punch or a cutting machine, in mm (0 to 20). Unset: tokens keep their double
    /// bleed, the rest packs close.
    pub piece_gap_mm: Option<f32>,
    /// What the preflight of every face reports and how much it matters (`contrast: warn`,
    /// `min_text_pt: 6`, ...).
    pub preflight: crate::model::preflight::PreflightProfile,
}

/// How much ink the kit may spend.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Ink {
    /// The designs as drawn.
    #[default]
    Normal,
    /// Light backgrounds instead of dark full-bleed ones.
    Saver,
}

impl Default for PrintProfile {
    fn default() -> Self {
        PrintProfile {
            paper: Paper::A4,
            bleed_mm: 3.0,
            crop_marks: CropMarks::Outer,
            duplex: Duplex::LongEdge,
            back_offset_mm: [0.0, 0.0],
            gutter_mm: None,
            safe_zone_mm: 3.0,
            text_overflow: OverflowPolicy::Error,
            revision_stamp: RevisionStamp::Margin,
            missing_translation: MissingTranslation::Error,
            printable_margin_mm: 5.0,
            ink: Ink::Normal,
            layout: Layout::Duplex,
            cutter: Cutter::Silhouette,
            mark_length_mm: DEFAULT_MARK_LENGTH,
            mark_colour: DEFAULT_MARK_COLOUR.to_owned(),
            corner_guides: false,
            piece_gap_mm: None,
            preflight: Default::default(),
        }
    }
}

/// The default longest crop mark, in mm.
pub const DEFAULT_MARK_LENGTH: f32 = 5.0;
/// The default colour of crop marks: black.
pub const DEFAULT_MARK_COLOUR: &str = "#000000";

impl PrintProfile {
    /// The colour of crop marks and cut lines as RGB, `None` for plain black (drawn as grey
    /// level 0, as before the colour could be chosen).
    pub fn mark_rgb(&self) -> Option<[u8; 3]> {
        let rgb = parse_hex_colour(&self.mark_colour)?;
        (rgb != [0, 0, 0]).then_some(rgb)
    }

    /// Whether the sheets are printed on one side only, with no backs page behind a front.
    pub fn single_sided(&self) -> bool {
        match self.layout {
            Layout::Duplex => false,
            Layout::GutterFold => true,
            Layout::PrintAndCut => self.duplex == Duplex::None,
        }
    }
}

/// `#rrggbb` (or `#rgb`) as RGB.
pub fn parse_hex_colour(s: &str) -> Option<[u8; 3]> {
    let hex = s.strip_prefix('#')?;
    let digits: Vec<u8> = hex
        .chars()
        .map(|c| c.to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()?;
    match digits.len() {
        6 => Some([
            digits[0] * 16 + digits[1],
            digits[2] * 16 + digits[3],
            digits[4] * 16 + digits[5],
        ]),
        3 => Some([digits[0] * 17, digits[1] * 17, digits[2] * 17]),
        _ => None,
    }
}

/// The trim size of a face in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CardSize {
    /// The name the designer used (`poker`, ...) or `custom`.
    pub name: &'static str,
    pub width_mm: f32,
    pub height_mm: f32,
}

/// The standard card sizes, in mm.
pub const NAMED_SIZES: [(&str, f32, f32); 5] = [
    ("poker", 63.5, 88.9),
    ("bridge", 57.15, 88.9),
    ("mini", 44.45, 63.5),
    ("tarot", 70.0, 120.0),
    ("square", 70.0, 70.0),
];

impl CardSize {
    pub fn named(name: &str) -> Option<CardSize> {
        NAMED_SIZES
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(name, width_mm, height_mm)| CardSize {
                name,
                width_mm,
                height_mm,
            })
    }

    pub fn custom(width_mm: f32, height_mm: f32) -> CardSize {
        CardSize {
            name: "custom",
            width_mm,
            height_mm,
        }
    }
}

impl schemars::JsonSchema for CardSize {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "CardSize".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = NAMED_SIZES.iter().map(|(n, _, _)| *n).collect();
        schemars::json_schema!({
            "description": "A card size name, or a custom size in millimetres.",
            "oneOf": [
                { "type": "string", "enum": names },
                {
                    "type": "object",
                    "properties": {
                        "width_mm": { "type": "number", "minimum": 5, "maximum": 2000, "description": "Trim width in mm." },
                        "height_mm": { "type": "number", "minimum": 5, "maximum": 2000, "description": "Trim height in mm." }
                    },
                    "required": ["width_mm", "height_mm"],
                    "additionalProperties": false
                }
            ]
        })
    }
}

impl<'de> Deserialize<'de> for CardSize {
    /// Accepts a size name (`poker`) or `{ width_mm: 60, height_mm: 90 }`.
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;

        let names = || NAMED_SIZES.iter().map(|(n, _, _)| *n);
        match NameOrSize::deserialize(de).map_err(|_| {
            D::Error::custom(
                "a card size is a name (poker, bridge, mini, tarot, square) \
                 or { width_mm: W, height_mm: H }",
            )
        })? {
            NameOrSize::Name(name) => CardSize::named(&name).ok_or_else(|| {
                D::Error::custom(format!(
                    "unknown card size `{name}`, {}",
                    crate::error::suggestion(&name, names())
                ))
            }),
            NameOrSize::Custom(c) => {
                for (key, v) in [("width_mm", c.width_mm), ("height_mm", c.height_mm)] {
                    if !(v.is_finite() && (5.0..=2000.0).contains(&v)) {
                        // A number past f32's range reads as infinity: say so, not "inf";
                        // `.nan` is not a number at all, as the other fields say.
                        let message = if v.is_nan() {
                            format!(
                                "a size's `{key}` is NaN (not a number); give millimetres from 5 to 2000"
                            )
                        } else if v.is_finite() {
                            format!("a size's `{key}` is {v} mm, outside 5 to 2000 mm")
                        } else {
                            format!(
                                "a size's `{key}` is a number too large to read, outside 5 to 2000 mm"
                            )
                        };
                        return Err(D::Error::custom(message));
                    }
                }
                Ok(CardSize::custom(c.width_mm, c.height_mm))
            }
        }
    }
}

/// The largest `copies:` a component may ask for.
pub const MAX_PRINT_COPIES: u32 = 1000;

/// A component's own layout, instead of the print profile's `layout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SheetLayout {
    /// Its fronts page and backs page per sheet, printed duplex.
    Duplex,
    /// Each front beside its own back, mirrored about a fold: single-sided, folded, glued.
    GutterFold,
}

impl From<SheetLayout> for Layout {
    fn from(l: SheetLayout) -> Layout {
        match l {
            SheetLayout::Duplex => Layout::Duplex,
            SheetLayout::GutterFold => Layout::GutterFold,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_sizes_are_the_print_standards() {
        let poker = CardSize::named("poker").unwrap();
        assert_eq!((poker.width_mm, poker.height_mm), (63.5, 88.9));
        assert_eq!(CardSize::named("tarot").unwrap().height_mm, 120.0);
        assert!(CardSize::named("jumbo").is_none());
    }

    #[test]
    fn card_size_from_yaml_name_or_custom() {
        let s: CardSize = serde_yaml::from_str("mini").unwrap();
        assert_eq!(s.width_mm, 44.45);
        let s: CardSize = serde_yaml::from_str("{ width_mm: 60, height_mm: 90 }").unwrap();
        assert_eq!((s.name, s.width_mm), ("custom", 60.0));
        let err = serde_yaml::from_str::<CardSize>("pokr")
            .unwrap_err()
            .to_string();
        assert!(err.contains("did you mean `poker`"), "{err}");
        let err = |yaml: &str| {
            serde_yaml::from_str::<CardSize>(yaml)
                .unwrap_err()
                .to_string()
        };
        let e = err("{ width_mm: 60, height_mm: 2001 }");
        assert!(
            e.contains("`height_mm` is 2001 mm, outside 5 to 2000 mm"),
            "{e}"
        );
        let e = err("{ width_mm: 1e308, height_mm: 90 }");
        assert!(
            e.contains("`width_mm` is a number too large to read"),
            "{e}"
        );
    }

    #[test]
    fn papers_by_name_or_size() {
        let p: Paper = serde_yaml::from_str("tabloid").unwrap();
        assert_eq!(p.size_mm(), (279.4, 431.8));
        let p: Paper = serde_yaml::from_str("{ width_mm: 300, height_mm: 450.5 }").unwrap();
        assert_eq!(p.size_mm(), (300.0, 450.5));
        assert_eq!(
            serde_yaml::to_string(&p).unwrap().trim(),
            "width_mm: 300.0\nheight_mm: 450.5"
        );
        let err = serde_yaml::from_str::<Paper>("a6").unwrap_err().to_string();
        assert!(
            err.contains("unknown paper `a6`") && err.contains("a4"),
            "{err}"
        );
        assert!(serde_yaml::from_str::<Paper>("{ width_mm: 10, height_mm: 400 }").is_err());
    }

    #[test]
    fn millimetres_to_points() {
        assert!((mm(25.4) - 72.0).abs() < 1e-4);
        assert!((mm(210.0) - 595.2756).abs() < 1e-3);
    }
}
