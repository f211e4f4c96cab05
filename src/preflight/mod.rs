//! Preflight: what a print shop's preflight would reject or question, found on every face
//! before it is printed.
//!
//! Five classes, each named after what goes wrong on paper: text that cannot be read against
//! what is behind it (`contrast`), text too small to read (`small_text`), raster art that prints
//! soft (`low_dpi`), lines too thin to print (`hairline`) and background art that stops at the
//! trim instead of the bleed edge (`bleed`). The limits and how much each class matters come
//! from the print profile (`print: preflight:`, [`PreflightProfile`](crate::model::preflight::PreflightProfile)).
//!
//! It runs in every build, so it has to be cheap: a face is measured on the tree the build
//! parsed anyway ([`measures`]), and rendered once, at a few pixels a millimetre, for the two
//! classes only pixels can judge ([`contrast`], [`bleed`]). Each unique face is looked at
//! once, whichever cards share it.

pub mod bleed;
pub mod contrast;
pub mod finding;
pub mod measures;
pub mod pixels;
pub mod report;

use resvg::tiny_skia::Pixmap;
use sha2::Digest;

use crate::model::Game;
use crate::model::preflight::Level;
use crate::render::faces::Face;
use crate::render::shaped::ParsedFace;

pub use finding::{Class, Finding, Severity};
pub use report::Report;

/// The preflight findings of one face, in a fixed order (contrast and text size by text
/// element, then lines, art and bleed).
pub fn face(game: &Game, face: &Face, parsed: &ParsedFace) -> Vec<Finding> {
    placed(game, face, raw(game, face, parsed))
}

/// What a face's findings depend on, as a key for the build cache: the face (its SVG and the
/// art it links), its size and bleed, whether it is cut round, the fonts (`fonts` names the
/// game's own, and whatever else the caller's parse depends on) and the print profile's
/// preflight settings.
pub fn cache_key(game: &Game, face: &Face, fonts: &str) -> String {
    let profile = serde_json::to_string(&game.file.print.preflight).unwrap_or_default();
    let shape = (
        face.size.width_mm,
        face.size.height_mm,
        face.bleed,
        round(game, face),
    );
    let key = format!("{} {fonts} {shape:?} {profile}", face.hash);
    crate::digest::hex(&sha2::Sha256::digest(key.as_bytes()))
}

/// A face's findings before they are placed on the card that prints it: what the build cache
/// keeps (a card renamed changes its findings' card, not what was measured).
pub fn raw(game: &Game, face: &Face, parsed: &ParsedFace) -> Vec<report::Raw> {
    raw_and_pixels(game, face, parsed).0
}

/// [`raw`], with the face as the findings read it in pixels when they did ([`pixels::render`]:
/// without its text, and its pixels a millimetre), for the index page's thumbnail to start
/// from rather than render the face a second time.
pub fn raw_and_pixels(
    game: &Game,
    face: &Face,
    parsed: &ParsedFace,
) -> (Vec<report::Raw>, Option<(Pixmap, f32)>) {
    let tree = &parsed.tree;
    let profile = &game.file.print.preflight;
    let full_w = face.size.width_mm + 2.0 * face.bleed;
    let full_h = face.size.height_mm + 2.0 * face.bleed;
    if tree.size().width() <= 0.0 || full_w <= 0.0 || full_h <= 0.0 {
        return (Vec::new(), None);
    }
    let m = measures::measure(parsed, full_w / tree.size().width());
    let on = |c: Class| c.level(profile) != Level::Off;
    let needs_pixels =
        (on(Class::Contrast) && !m.texts.is_empty()) || (on(Class::Bleed) && face.bleed > 0.0);
    let pixels = needs_pixels.then(|| pixels::render(face, tree)).flatten();
    let mut raw = Vec::new();
    if on(Class::Contrast)
        && let Some((pixmap, ppm)) = &pixels
    {
        raw.extend(report::contrast(&m.texts, pixmap, *ppm));
    }
    if on(Class::SmallText) {
        raw.extend(report::small_text(&m.texts, profile.min_text_pt));
    }
    if on(Class::Hairline) {
        raw.extend(report::hairlines(&m.strokes, profile.min_line_pt));
    }
    if on(Class::LowDpi) {
        raw.extend(report::low_dpi(game, face, &m.images, profile.min_dpi));
    }
    if on(Class::Bleed)
        && let Some((pixmap, ppm)) = &pixels
    {
        let gaps = match round(game, face) {
            true => bleed::round_gaps(pixmap, *ppm, face.bleed),
            false => bleed::gaps(pixmap, *ppm, face.bleed),
        };
        raw.extend(report::bleed(&gaps, face.bleed));
    }
    (raw, pixels)
}

/// A face's findings, placed on the first card that prints it, each counting as the print
/// profile says.
pub fn placed(game: &Game, face: &Face, raw: Vec<report::Raw>) -> Vec<Finding> {
    if raw.is_empty() {
        return Vec::new();
    }
    let profile = &game.file.print.preflight;
    let (card, file, line) = card_of(game, face);
    raw.into_iter()
        .map(|r| Finding {
            class: r.class,
            severity: match r.class.level(profile) {
                Level::Error => Severity::Error,
                _ => Severity::Warning,
            },
            component: face.component.clone(),
            card: card.clone(),
            side: face.side.name(),
            element: r.element,
            value: r.value,
            limit: r.limit,
            unit: r.class.unit(),
            message: r.message,
            file: file.clone(),
            line,
        })
        .collect()
}

/// Whether `face` is cut along a circle (a round token).
fn round(game: &Game, face: &Face) -> bool {
    game.components.iter().any(|c| {
        c.spec.id == face.component
            && c.spec.kind == crate::model::ComponentKind::Tokens
            && c.spec.token_shape() == crate::model::TokenShape::Circle
    })
}

/// The name of the card that first prints `face`, its cards file and line.
fn card_of(game: &Game, face: &Face) -> (String, Option<String>, Option<usize>) {
    let comp = game.components.iter().find(|c| c.spec.id == face.component);
    let card = comp.and_then(|c| c.cards.iter().find(|card| card.id == face.card));
    match (comp, card) {
        (Some(c), Some(card)) => (
            card.name.clone(),
            Some(c.cards_file.to_string_lossy().into_owned()),
            card.line,
        ),
        _ => (face.card.clone(), None, None),
    }
}
