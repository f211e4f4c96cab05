//! What the rulebook and the kit are made from, and what they give back: the typeset
//! rulebook and how the kit's pages divide.

use crate::check::manifest::CheckReport;
use crate::layout::plan::Role;
use crate::model::Game;
use crate::output::report::{ComponentReport, KitPages};
use crate::pdf::import::Bookmark;
use crate::render::faces::Faces;
use crate::render::rules::Rules;
use crate::render::trees::FaceTrees;
use crate::rulebook::typeset::TypesetCache;
use crate::rulebook::words::{Words, words};
use crate::text::fonts::Fonts;

/// One page of a sheet PDF, as the kit places it.
#[derive(Debug, Clone)]
pub struct SheetPage {
    pub file: String,
    /// 1-based page within `file`.
    pub page: usize,
    pub width_mm: f32,
    pub height_mm: f32,
    /// Its role in a duplex job.
    pub role: Role,
}

/// Everything the kit is made from.
pub struct KitInput<'a> {
    pub game: &'a Game,
    /// The typeset rulebook, whose pages (all but its cover) open the kit.
    pub rules: Option<&'a RulesBook>,
    pub faces: &'a Faces,
    pub fonts: &'a Fonts,
    pub components: &'a [ComponentReport],
    pub check: Option<&'a CheckReport>,
    /// The sheet PDFs by file name.
    pub sheet_pdfs: &'a [(String, Vec<u8>)],
    /// Every sheet page with its size, per component id, in kit order.
    pub sheet_pages: &'a [(String, Vec<SheetPage>)],
    pub date: (i32, u8, u8),
    pub cache: Option<&'a TypesetCache>,
}

/// What the rulebook alone is made from: it needs no sheet, so it is typeset while the sheets
/// are drawn.
#[derive(Clone, Copy)]
pub struct RulesInput<'a> {
    pub game: &'a Game,
    pub rules: &'a Rules,
    pub faces: &'a Faces,
    pub fonts: &'a Fonts,
    /// The faces the sheets parse, shared with a figure that looks for a text on a face.
    pub trees: Option<&'a FaceTrees<'a>>,
    pub date: (i32, u8, u8),
    pub cache: Option<&'a TypesetCache>,
}

/// `rules.pdf`, its page count, the fonts it embeds (and credits) and its outline, which the
/// kit takes over with its pages.
pub struct RulesBook {
    pub pdf: Vec<u8>,
    pub pages: usize,
    /// The pages its cover takes (one, unless the game's own cover takes more), which the kit
    /// replaces with its own cover.
    pub cover_pages: usize,
    pub fonts: std::collections::BTreeSet<String>,
    /// The icons its text and figures draw, which it credits.
    pub icons: std::collections::BTreeSet<String>,
    /// The pages its credits take at its end, which the kit leaves out: it credits everything
    /// it holds, the rulebook's fonts and icons included, once.
    pub credits_pages: usize,
    pub bookmarks: Vec<Bookmark>,
    /// Whether Typst laid it out in this build (not read back from the cache).
    pub laid_now: bool,
}

/// `kit.pdf`, how its pages divide, and whether Typst laid it out in this build.
pub struct KitBook {
    pub pdf: Vec<u8>,
    pub count: KitCount,
    /// Laid out now, not read back from the cache (for `--verbose`).
    pub laid_now: bool,
}

/// How the kit's pages divide.
#[derive(Debug, Clone, Copy)]
pub struct KitCount {
    pub total: usize,
    /// The cover, contents or rulebook pages and their credits, before the printing guide.
    pub front_and_rules: usize,
    /// The calibration sheet (none in a single-sided job) and every sheet page with its
    /// blank backs.
    pub sheet_slots: usize,
    pub calibration: usize,
}

impl KitCount {
    /// The kit's parts; the components pages are what the others leave.
    pub fn pages(self) -> KitPages {
        let calibration = self.calibration;
        let front = self.front_and_rules;
        KitPages {
            front_and_rules: front,
            components: self.total.saturating_sub(front + self.sheet_slots),
            calibration,
            sheets: self.sheet_slots - calibration,
            total: self.total,
        }
    }
}

/// The kit's own words, in the kit's language.
pub(super) fn kit_words(input: &KitInput) -> Words {
    words(input.game)
}
