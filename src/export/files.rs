//! The files an export writes and how they are named: the output it gathers, each face's
//! file name, pixel sizes, JSON bytes and escaped URLs.

use serde::Serialize;

use crate::error::{Error, Result};
use crate::render::faces::{Face, Side};

/// What an export says of a component none of whose cards has a count above 0: it is left
/// out, and the designer should hear so rather than find the deck missing.
pub(super) fn no_copies(id: &str) -> String {
    format!("{id}: every card has count 0, nothing to export")
}

/// Files of an export in memory (path relative to the export's folder, bytes), with its
/// report lines.
#[derive(Default)]
pub(super) struct Output {
    pub(super) files: Vec<(String, Vec<u8>)>,
    pub(super) exported: Vec<String>,
    pub(super) skipped: Vec<String>,
    /// The build cache the export took from and made entries for, committed once its files
    /// are written.
    pub(super) cache: Option<crate::output::cache::DiskCache>,
    /// How many of `files` the cache gave.
    pub(super) cached: usize,
}

/// Percent-encodes what may not stand in a URL path.
pub(super) fn url_escape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' | b':' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

pub(super) fn px(mm_: f32, dpi: f32) -> u32 {
    (mm_ / 25.4 * dpi).round().max(1.0) as u32
}

/// A face's file name: `<card>-<side>`, `shared-back` for a back shared by a deck, and
/// `shared-back-<template>` for each back a `backs` rule picks (`shared-back-threat-back` for
/// `threat-back.svg.tera`), so that no two faces share a file.
pub(super) fn face_name(face: &Face) -> String {
    if let Some(template) = face.card.strip_prefix("(shared back: ") {
        let stem = template.trim_end_matches(')').trim_end_matches(".svg.tera");
        return format!("shared-back-{}", crate::slug::id_from_name(stem));
    }
    let side = match face.side {
        Side::Front => "front".to_owned(),
        Side::Back => "back".to_owned(),
        Side::Top => "top".to_owned(),
        Side::DieFace(n) => format!("face{}", n + 1),
    };
    let card = if face.card.starts_with('(') {
        "shared".to_owned()
    } else {
        face.card.clone()
    };
    format!("{card}-{side}")
}

/// Pretty JSON bytes.
pub(super) fn json_bytes(value: &impl Serialize) -> Result<Vec<u8>> {
    serde_json::to_vec_pretty(value)
        .map_err(|e| Error::new(format!("the export index could not be written: {e}")))
}
