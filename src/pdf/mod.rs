//! Writing sheet pages into PDF with krilla.

pub mod boards;
pub mod cards;
pub mod draw;
pub mod figures;
pub mod furniture;
pub mod import;
pub mod ink;
pub mod label;
pub mod lists;
pub mod save;
pub mod shapes;
pub mod shared_marks;
pub mod sheets;
pub mod stamp;
pub mod words;
