//! The rulebook and the print-and-play kit, typeset with Typst.
//!
//! `rules.pdf` is the title page, a contents page when the rules are long enough to need one,
//! the game's rules and a page of their credits. `kit.pdf` is its own cover, then `rules.pdf`'s
//! pages between its cover and its credits (taken as they are, not typeset again), then a
//! printing guide, a components page (every component, its count and its pages in the kit, and
//! the parts to buy), the kit's credits (the only ones it prints: they cover the rulebook's
//! fonts and icons too), a duplex calibration sheet (front and back), and every sheet of the
//! build. Every page speaks to the player who prints, cuts and plays; what the designer must
//! do goes to the build's own output. The rulebook's and the sheets' pages are placed page by
//! page from their PDFs, so faces and fonts are stored once; page numbers in the guide and the
//! components table come from Typst itself (labels on the empty pages they fill).
//! The words of the pages the kit writes itself follow the kit's language (`words`).
//!
//! One file a part: what they are made from (`inputs.rs`), the files of their Typst world
//! (`assets.rs`), the cover (`cover.rs`) and the front matter around it (`front_matter.rs`),
//! `rules.pdf` (`rules.rs`), the credits (`credits.rs`), `kit.pdf` (`book.rs`) with its
//! printing guide (`guide.rs`), components checklist (`checklist.rs`), calibration sheet
//! (`calibration.rs`) and the order of its pages (`plan.rs`), the labels its pages carry
//! (`marks.rs`), the date a build prints (`date.rs`), and the assembled PDFs kept in the build
//! cache (`kept.rs`).

mod assets;
mod book;
mod calibration;
mod checklist;
mod cover;
mod credits;
mod date;
mod front_matter;
mod guide;
mod inputs;
mod kept;
mod marks;
mod plan;
mod rules;

pub use book::kit_pdf;
pub use date::build_date;
pub use front_matter::{CONTENTS_AFTER_PAGES, CONTENTS_FROM_HEADINGS};
pub use inputs::{KitBook, KitCount, KitInput, RulesBook, RulesInput, SheetPage};
pub use rules::rules_pdf;

/// The kit's file name in the game's output folder.
pub const KIT_PDF: &str = "kit.pdf";
