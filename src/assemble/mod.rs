//! Assembling one game's kit: load, render faces, parse, impose, typeset, write.
//!
//! Each step is its own stage folder; this one only sequences them and decides what goes on
//! which sheet and what is written. Nothing is written until every step has succeeded, so a
//! broken input never replaces the last good output.
//!
//! - `session.rs`: the [`Session`] a command builds with, from loading a game to writing its kit
//! - `built.rs`: what a build is given and gives back, and what it keeps between builds
//! - `phases.rs`: the phases of one build, in the order they run, and what runs beside what
//! - `parse.rs`: the faces' SVG parsed (at once or as the sheets draw them), with its warnings
//! - `routing.rs`: which component goes on which sheet
//! - `own_sheets.rs`: components on sheets of their own (card grids, tiled boards)
//! - `mixed.rs`: the last cards of decks on one grid, on mixed sheets
//! - `shared.rs`: the shared sheets (dice, standees, tokens, small boards, the last few cards)
//! - `cut.rs`: print-and-cut: the shape each piece takes on the cut sheets
//! - `parts.rs`: the parts to buy
//! - `finish.rs`: the sheet files finished, and each component's pages in them
//! - `write.rs`: writing the output folder as one set

mod built;
mod cut;
mod finish;
mod mixed;
mod notes_cache;
mod own_sheets;
mod parse;
mod parts;
mod phases;
mod print;
mod renders_cache;
mod routing;
mod session;
mod shared;
mod sheet_cache;
mod write;

pub use built::{BuildOptions, BuildOutcome, Built, Prepared};
pub use finish::{PDF_FILES, cut_files};
pub use parse::{Preflight, preflight_game};
pub use routing::{SheetFiles, print_sheets};
pub use session::Session;
pub use write::{write_check, write_check_with};
