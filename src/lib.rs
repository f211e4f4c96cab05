//! protopress turns a tabletop game kept as plain files into a print-and-play kit.
//!
//! The pipeline, one module a stage:
//!
//! ```text
//! data/<game>/*.yaml ─ model ─▶ Game ─ faces (templates) ─▶ unique face SVGs
//!     ─ svg ─▶ usvg trees ─ imposition + sheets ─▶ cards.pdf ─ report ─▶ build.json
//! ```
//!
//! [`build::build_game`] runs it for one game; the `protopress` binary is a thin CLI over it.

pub mod build;
pub mod error;
pub mod export;
pub mod faces;
pub mod fonts;
#[doc(hidden)]
pub mod fuzzing;
pub mod imposition;
pub mod index;
pub mod manifest;
pub mod markdown;
pub mod model;
pub mod nets;
pub mod output;
pub mod print;
pub mod report;
pub mod reprint;
pub mod rulebook;
pub mod rules;
pub mod rulescan;
pub mod scaffold;
pub mod schema;
pub mod shapes;
pub mod sheets;
pub mod simulate;
pub mod svg;
pub mod templates;
pub mod textfit;
pub mod tiling;
pub mod typeset;

pub use error::{Error, Result};
