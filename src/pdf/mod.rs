//! Writing sheet pages into PDF with krilla.

pub mod sheets;
