//! The box text is fitted into (what `text_box` is given) and what fitting gives back: the
//! chosen size and the lines, each a baseline and its positioned pieces.

/// Horizontal alignment of lines in a box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
    Justify,
}

/// Vertical placement of the text block in its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VAlign {
    Top,
    Middle,
    Bottom,
}

/// Everything `text_box` needs; lengths in SVG user units (mm on protopress faces).
#[derive(Debug, Clone)]
pub struct BoxSpec {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
    pub size: f32,
    pub min_size: f32,
    pub family: String,
    pub bold: bool,
    pub italic: bool,
    pub align: Align,
    pub valign: VAlign,
    pub line_height: f32,
    pub max_lines: usize,
    pub fill: String,
    /// Icon size relative to the font size.
    pub icon_scale: f32,
}

/// A positioned piece of a laid-out line.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// Words of one style from `x`, with `word_spacing` (user units) added to each space.
    Text {
        x: f32,
        text: String,
        bold: bool,
        italic: bool,
        word_spacing: f32,
    },
    Icon {
        x: f32,
        name: String,
    },
}

/// A laid-out line: its baseline and pieces.
#[derive(Debug, Clone, PartialEq)]
pub struct LaidLine {
    pub baseline: f32,
    pub width: f32,
    pub pieces: Vec<Piece>,
}

/// The result of fitting text into a box.
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    /// The chosen font size.
    pub size: f32,
    pub lines: Vec<LaidLine>,
    /// Whether it fits at `size` (false only when it did not fit even at the minimum size).
    pub fits: bool,
}
