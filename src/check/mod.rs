//! Checking a game against its manifest and the counts its rulebook states.

pub mod decks;
pub mod filter;
pub mod findings;
pub mod manifest;
pub mod markdown;
pub mod numbers;
pub mod report;
pub mod rulescan;
pub mod statements;
pub(crate) mod tables;
pub mod vocab;
