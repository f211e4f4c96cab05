//! protopress's own cover: the game's colours (from its `data:`, kept apart enough to read),
//! its facts, and a fan of its pieces.

use crate::model::Game;
use crate::model::game_file::Span;
use crate::render::faces::Faces;
use crate::rulebook::figure::{FaceSource, trimmed_face};
use crate::rulebook::markdown::string;
use crate::rulebook::words::words;

use super::assets::GameAssets;

/// The facts a box prints on its cover, as a Typst dictionary for `protopress-cover`.
pub(super) fn cover_info(game: &Game, what: &str) -> String {
    let f = &game.file;
    let opt = |v: Option<String>| v.map_or_else(|| "none".to_owned(), |v| string(&v));
    let w = words(game);
    format!(
        "(name: {name}, subtitle: {sub}, players: {players}, time: {time}, age: {age}, what: {what}, revision: {rev}, edition: {edition})",
        name = string(&f.name),
        sub = opt(f.subtitle.as_ref().map(|s| s.to_string())),
        players = opt(f.players.map(|p| w.fact("players", p))),
        time = opt(f.play_time.map(|t| w.fact("minutes", t))),
        age = opt(f.age.map(|a| w.fact("ages", Span::Exactly(a)))),
        what = string(what),
        rev = string(&f.revision),
        edition = string(&w.edition(what, &f.revision)),
    )
}

/// The relative luminance (0 black to 1 white, as WCAG reckons contrast) of `#rgb` or
/// `#rrggbb`; none for anything else.
fn luminance(colour: &str) -> Option<f32> {
    let hex = colour.trim().strip_prefix('#')?;
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |s: &str| u8::from_str_radix(s, 16).ok().map(f32::from);
    let (r, g, b) = match hex.len() {
        3 => {
            let c = |i: usize| channel(&hex[i..=i]).map(|v| v * 17.0);
            (c(0)?, c(1)?, c(2)?)
        }
        6 => (
            channel(&hex[0..2])?,
            channel(&hex[2..4])?,
            channel(&hex[4..6])?,
        ),
        _ => return None,
    };
    let linear = |v: f32| {
        let v = v / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    Some(0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b))
}

/// Whether two colours stand apart enough to tell at a glance (a contrast ratio of 2.5).
fn apart(a: &str, b: &str) -> bool {
    match (luminance(a), luminance(b)) {
        (Some(a), Some(b)) => (a.max(b) + 0.05) / (a.min(b) + 0.05) >= 2.5,
        _ => false,
    }
}

/// The colours of protopress's own cover, from the game's `data:`: `ink` as the ground,
/// `paper` for the words, and `accent` (else the first other colour by name) for the
/// details, when it stands out from the ground. A game without them gets a dark ground and
/// light words; words that would not show on the ground are light.
pub(super) fn cover_colours(game: &Game) -> (String, String, String) {
    let hex = |key: &str| {
        let value = game.file.data.get(key)?.as_str()?.trim().to_owned();
        luminance(&value).map(|_| value)
    };
    let ground = hex("ink").unwrap_or_else(|| "#22252b".to_owned());
    let words = hex("paper")
        .filter(|w| apart(w, &ground))
        .unwrap_or_else(|| "#f4f1ea".to_owned());
    let accent = std::iter::once("accent")
        .chain(
            game.file
                .data
                .keys()
                .map(String::as_str)
                .filter(|k| !matches!(*k, "ink" | "paper" | "accent")),
        )
        .filter_map(hex)
        .find(|a| apart(a, &ground));
    let rgb = |c: &str| format!("rgb(\"{c}\")");
    let accent = accent.map_or_else(
        || format!("{}.transparentize(45%)", rgb(&words)),
        |a| rgb(&a),
    );
    (rgb(&ground), rgb(&words), accent)
}

/// The pieces protopress's own cover shows: the back of the first component with backs and two
/// of its fronts, fanned out, as Typst (none when nothing prints a face).
pub(super) fn cover_art(game: &Game, faces: &Faces, assets: &mut GameAssets) -> Option<String> {
    let edge = format!("0.5pt + {}.transparentize(55%)", cover_colours(game).1);
    let (index, deck) = game
        .components
        .iter()
        .enumerate()
        .filter(|(_, c)| c.printed())
        .find_map(|(i, _)| {
            let deck = faces.decks.iter().find(|d| d.component == i)?;
            deck.copies.first()?.back.map(|_| (i, deck))
        })
        .or_else(|| {
            faces
                .decks
                .iter()
                .find(|d| !d.copies.is_empty())
                .map(|d| (d.component, d))
        })?;
    let component = &game.components[index];
    // The first three different cards (a deck of 50,000 copies is not walked further).
    let mut cards: Vec<usize> = Vec::new();
    for copy in &deck.copies {
        if !cards.contains(&copy.card) {
            cards.push(copy.card);
            if cards.len() == 3 {
                break;
            }
        }
    }
    let first = deck.copies.first()?;
    let face = &faces.faces[first.front];
    let (tw, th) = (face.size.width_mm, face.size.height_mm);
    // At most 60 mm wide and 88 mm tall: three fit side by side on any paper.
    let width = (60.0f32).min(88.0 * tw / th);
    let mut shown: Vec<String> = Vec::new();
    let card_id = |n: usize| component.cards.get(n).map(|c| c.id.clone());
    let id = &component.spec.id;
    if first.back.is_some() {
        shown.push(format!("{id}/{}/back", card_id(first.card)?));
    }
    for &card in cards.iter().take(3 - shown.len()) {
        shown.push(format!("{id}/{}", card_id(card)?));
    }
    let n = shown.len() as f32;
    let mut art = format!(
        "block(width: 100%, height: {h}mm, {{\n",
        h = width * th / tw + 20.0
    );
    for (i, spec) in shown.iter().enumerate() {
        let file = FaceSource::face(assets, spec).ok()?;
        let at = i as f32 - (n - 1.0) / 2.0;
        let picture = trimmed_face(&file, width, &edge);
        art.push_str(&format!(
            "  place(center + horizon, dx: {dx}mm, dy: {dy}mm, rotate({r}deg, reflow: false, {picture}))\n",
            dx = at * width * 0.78,
            dy = at.abs() * 5.0,
            r = at * 9.0,
        ));
    }
    art.push_str("})");
    Some(art)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cover_colours_stand_apart_from_their_ground() {
        assert_eq!(luminance("#000"), Some(0.0));
        assert!((luminance("#ffffff").unwrap() - 1.0).abs() < 1e-6);
        assert_eq!(luminance("#12345"), None);
        assert_eq!(luminance("red"), None);
        // A dark hull on a dark ink is no accent; a gold one is.
        assert!(!apart("#2b3340", "#14181f"));
        assert!(apart("#d4a017", "#14181f"));
        assert!(apart("#f2f0ea", "#14181f"));
    }
}
