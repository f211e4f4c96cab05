//! One thing preflight found on one face: its class, how much it counts, where it is and what
//! was measured.

use serde::{Deserialize, Serialize};

use crate::model::preflight::{Level, PreflightProfile};

/// A class of finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Contrast,
    SmallText,
    LowDpi,
    Hairline,
    Bleed,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Contrast => "contrast",
            Class::SmallText => "small_text",
            Class::LowDpi => "low_dpi",
            Class::Hairline => "hairline",
            Class::Bleed => "bleed",
        }
    }

    /// What its findings are measured in.
    pub fn unit(self) -> &'static str {
        match self {
            Class::Contrast => ":1",
            Class::SmallText | Class::Hairline => "pt",
            Class::LowDpi => "dpi",
            Class::Bleed => "mm",
        }
    }

    pub(crate) fn level(self, p: &PreflightProfile) -> Level {
        match self {
            Class::Contrast => p.contrast,
            Class::SmallText => p.small_text,
            Class::LowDpi => p.low_dpi,
            Class::Hairline => p.hairline,
            Class::Bleed => p.bleed,
        }
    }
}

/// How much a finding counts: an error fails `check`; neither fails a build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Error,
    Warning,
}

/// One thing preflight found on one face.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    pub class: Class,
    pub severity: Severity,
    /// Component id.
    pub component: String,
    /// The card's name (or `(shared back)`), the first card that prints the face.
    pub card: String,
    /// front, back, top layer, die face N.
    pub side: String,
    /// What on the face: the text's words, the image's link, the element's id, the side.
    pub element: String,
    /// What was measured, in `unit`: the contrast ratio, the size in pt, the resolution in dpi,
    /// the width in pt, how far the art reaches past the trim in mm.
    pub value: f32,
    /// What it should be at least.
    pub limit: f32,
    pub unit: &'static str,
    /// The finding in words, without the component and card (see [`Finding::place`]).
    pub message: String,
    /// The card's entry: its cards file and line, for an editor or a CI annotation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

impl Finding {
    /// `facility/Copper Wiring front`.
    pub fn place(&self) -> String {
        format!("{}/{} {}", self.component, self.card, self.side)
    }
}
