//! Text on faces: the bundled fonts and measured, fitted text boxes.

pub mod faces;
pub mod fit;
pub mod fonts;
pub mod glyph_masks;
pub mod kwargs;
pub mod shaper;
