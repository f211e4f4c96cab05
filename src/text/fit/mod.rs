//! Measured text for card faces: wrapping, auto-fit, inline markup and icons.
//!
//! SVG has no line wrapping, so templates call `text_box(...)`, which shapes every word with
//! rustybuzz on the build's font bytes, breaks lines greedily, shrinks the size until the text
//! fits both the width and the height, and emits `<text data-text-box>`/`<tspan>` with
//! explicit positions: one `tspan` for each run of words in one style, its spaces widened by
//! `word-spacing` to the gap the words were placed by. The print draws those runs as shaped,
//! in the faces chosen here (`render::shaped`); a face it must leave to the SVG reader
//! is laid out by usvg from the same words and fonts, so what is measured here is what prints.
//!
//! Card text may carry `**bold**`, `*italic*`, line breaks and icons (`:kill:` or `{coin}`),
//! which are SVG files in `templates/<game>/icons/` or `templates/common/icons/` or built in
//! (see [`crate::library`]), sized to the text and measured as part of the line.
//!
//! One file a step, in the order text goes through them: the markup parsed (`markup.rs`, with
//! the icons it names from `icons.rs`), words shaped and measured (`shaping.rs`), broken into
//! lines (`breaking.rs`), the size fitted to the box (`fitting.rs`, the box and its result in
//! `boxes.rs`), the lines placed (`placing.rs`, right-to-left paragraphs in `bidi.rs`), and
//! written as SVG (`svg.rs`); `functions.rs` is what templates call.

mod bidi;
mod boxes;
mod breaking;
mod fitting;
mod functions;
mod icons;
mod markup;
mod placing;
mod shaping;
mod svg;
#[cfg(test)]
mod tests;

pub use boxes::{Align, BoxSpec, Fitted, LaidLine, Piece, VAlign};
pub use functions::register;
pub use icons::{Icon, IconOrigin, Icons, icon_name_char};
pub use shaping::TextEngine;
pub use svg::TEXT_BOX_MARK;
