//! The rulebook and the kit: Markdown to Typst, typesetting, and the assembled `kit.pdf`.

pub mod kit;
pub mod markdown;
pub mod typeset;
