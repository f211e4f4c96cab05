//! Checking a game against its manifest and the counts its rulebook states.

pub mod manifest;
pub mod rulescan;
