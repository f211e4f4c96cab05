//! The preflight settings of a print profile (`print: preflight:` in `game.yaml`): how much
//! each class of print problem matters to this game, and the limits it is measured against.
//!
//! A publisher's preflight rejects a file for unreadable text and lets a printer decide about
//! soft art; the defaults follow that: contrast and small text are errors of `check`, the rest
//! warnings. A game whose designer knows better turns a class into a warning or off.

use serde::{Deserialize, Serialize};

/// How a class of preflight finding counts.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Fails `protopress check` (exit 1); a warning in a build.
    #[default]
    Error,
    /// Reported, never fails.
    Warn,
    /// Not looked for.
    Off,
}

/// `preflight:` in the print profile.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct PreflightProfile {
    /// Text against what is behind it, under WCAG 2's 4.5:1 (3:1 for text of 18 pt, or 14 pt
    /// bold): `error` (default), `warn` or `off`.
    pub contrast: Level,
    /// Text under `min_text_pt`: `error` (default), `warn` or `off`.
    pub small_text: Level,
    /// Raster art printed under `min_dpi`: `warn` (default), `error` or `off`.
    pub low_dpi: Level,
    /// Strokes thinner than `min_line_pt`: `warn` (default), `error` or `off`.
    pub hairline: Level,
    /// Background art that reaches the trim but stops short of the bleed edge: `warn`
    /// (default), `error` or `off`.
    pub bleed: Level,
    /// The smallest text size, in points (default 6).
    pub min_text_pt: f32,
    /// The lowest resolution of raster art as printed, in dots per inch (default 300; 1 % under
    /// it still passes).
    pub min_dpi: f32,
    /// The thinnest stroke, in points (default 0.25).
    pub min_line_pt: f32,
}

impl Default for PreflightProfile {
    fn default() -> Self {
        PreflightProfile {
            contrast: Level::Error,
            small_text: Level::Error,
            low_dpi: Level::Warn,
            hairline: Level::Warn,
            bleed: Level::Warn,
            min_text_pt: 6.0,
            min_dpi: 300.0,
            min_line_pt: 0.25,
        }
    }
}
