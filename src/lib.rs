//! protopress turns a tabletop game kept as plain files into a print-and-play kit.
//!
//! One folder a stage of the data flow (see `ARCHITECTURE.md`):
//!
//! ```text
//! project ─▶ model ─▶ render (templates, text) ─▶ layout ─▶ pdf ─▶ output
//!                  └▶ check (manifest, rules) ──▶ rulebook (Typst) ─┘
//! ```
//!
//! [`assemble::Session::build_game`] runs it for one game; the `protopress` binary is a thin CLI over it.

pub mod allocator;
pub mod assemble;
pub mod budget;
pub mod check;
pub mod digest;
pub mod error;
pub mod export;
#[doc(hidden)]
pub mod fuzzing;
pub mod i18n;
pub mod layout;
pub mod library;
pub mod model;
pub mod output;
pub mod pdf;
pub mod preflight;
pub mod project;
pub mod render;
pub mod reprint;
pub mod rulebook;
pub mod scaffold;
pub mod simulate;
pub mod slug;
pub mod sync;
pub mod text;
pub mod xml;

pub use error::{Error, Result};
pub use project::Project;
