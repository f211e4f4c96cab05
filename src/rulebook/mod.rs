//! The rulebook and the kit: Markdown to Typst, typesetting, and the assembled `kit.pdf`.

pub mod anchors;
pub mod credits;
pub mod embedded;
pub mod figure;
pub mod kit;
pub mod markdown;
pub mod source_map;
pub mod typeset;
pub mod words;
