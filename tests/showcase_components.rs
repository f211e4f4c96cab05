//! The example kits stay a showcase: each prints a quick-reference card with its cards, and no
//! deck of more than 20 cards leans on a handful of icons. Both are measured from what the
//! build renders (the face SVGs and the card sheets), never from a list kept in this file.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use protopress::assemble::{BuildOptions, Session};
use protopress::model::ComponentKind;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn options() -> BuildOptions {
    BuildOptions {
        paper: None,
        out_dir: std::env::temp_dir().join("protopress-showcase-unused"),
        mark_printed: false,
        layout: None,
    }
}

fn games() -> Vec<String> {
    protopress::Project::open(repo()).unwrap().games().unwrap()
}

/// The icons a game can draw, name → the markup an `icon()` call or a `:name:` in text copies
/// into the face. The game's own icons shadow the common ones, as in the build.
fn icon_bodies(game: &str) -> BTreeMap<String, String> {
    icon_bodies_in(repo(), game)
}

fn icon_bodies_in(root: &Path, game: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for dir in [
        root.join("templates/common/icons"),
        root.join("templates").join(game).join("icons"),
    ] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some("svg") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let doc = roxmltree::Document::parse(&text).unwrap();
            let root = doc.root_element();
            let (Some(first), Some(last)) = (root.first_child(), root.last_child()) else {
                continue;
            };
            let body = text[first.range().start..last.range().end].to_owned();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            map.insert(name, body);
        }
    }
    map
}

/// Distinct icons drawn on the faces of each deck (components of kind `cards`), with the
/// deck's printed copies.
fn icons_per_deck(game: &str) -> Vec<(String, u32, BTreeSet<String>)> {
    icons_per_deck_in(repo(), game)
}

fn icons_per_deck_in(root: &Path, game: &str) -> Vec<(String, u32, BTreeSet<String>)> {
    let session = Session::new(&protopress::Project::open(root).unwrap(), &options());
    let prepared = session
        .prepare(game)
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    let bodies = icon_bodies_in(root, game);
    let mut out = Vec::new();
    for deck in &prepared.faces.decks {
        let comp = &prepared.game.components[deck.component];
        if comp.spec.kind != ComponentKind::Cards {
            continue;
        }
        let mut seen = BTreeSet::new();
        for face in deck.used_faces() {
            let svg = &prepared.faces.faces[face].svg;
            for (name, body) in &bodies {
                if !body.is_empty() && svg.contains(body.as_str()) {
                    seen.insert(name.clone());
                }
            }
        }
        out.push((comp.spec.id.clone(), comp.copies(), seen));
    }
    out
}

#[test]
fn no_deck_of_more_than_twenty_cards_has_fewer_than_six_icons() {
    let mut short = Vec::new();
    for game in games() {
        for (deck, copies, icons) in icons_per_deck(&game) {
            if copies > 20 && icons.len() < 6 {
                short.push(format!("{game}/{deck}: {copies} cards, icons {icons:?}"));
            }
        }
    }
    assert!(
        short.is_empty(),
        "decks with too few icons:\n{}",
        short.join("\n")
    );
}

/// Distinct icons drawn at least `min_mm` wide (card art, not the small icons in text) on the
/// faces of one component.
fn art_icons(game: &str, component: &str, min_mm: f32) -> BTreeSet<String> {
    let session = Session::new(&protopress::Project::open(repo()).unwrap(), &options());
    let prepared = session.prepare(game).unwrap();
    let bodies = icon_bodies(game);
    let index = prepared
        .game
        .components
        .iter()
        .position(|c| c.spec.id == component)
        .unwrap_or_else(|| panic!("{game} has no component {component}"));
    let deck = prepared
        .faces
        .decks
        .iter()
        .find(|d| d.component == index)
        .unwrap();
    let mut seen = BTreeSet::new();
    for face in deck.used_faces() {
        let svg = &prepared.faces.faces[face].svg;
        let doc = roxmltree::Document::parse(svg).unwrap();
        for nested in doc
            .descendants()
            .filter(|n| n.has_tag_name("svg") && n.parent_element().is_some())
        {
            let width: f32 = nested
                .attribute("width")
                .and_then(|w| w.parse().ok())
                .unwrap_or(0.0);
            let (Some(first), Some(last)) = (nested.first_child(), nested.last_child()) else {
                continue;
            };
            let inner = &svg[first.range().start..last.range().end];
            if width >= min_mm
                && let Some((name, _)) = bodies.iter().find(|(_, b)| b.as_str() == inner)
            {
                seen.insert(name.clone());
            }
        }
    }
    seen
}

#[test]
fn the_decks_of_issue_23_carry_art_of_their_own() {
    // Each card's own icon, drawn large: Death to Decorum's Facility Deck once had two, Facility
    // 07's rooms and ops one per kind, The Captain is Dead's systems one for all.
    for (game, component, at_least) in [
        ("death-to-decorum", "facility", 30),
        ("facility-07", "rooms", 16),
        ("facility-07", "ops", 20),
        ("facility-07", "events", 8),
        ("the-captain-is-dead", "systems", 10),
    ] {
        let art = art_icons(game, component, 14.0);
        assert!(
            art.len() >= at_least,
            "{game}/{component}: {} large icons {art:?}",
            art.len()
        );
    }
}

#[test]
fn the_icon_count_sees_icons_and_only_icons() {
    // The measure itself: Death to Decorum's Facility Deck draws the coin icon in its value
    // line.
    let decks = icons_per_deck("death-to-decorum");
    let facility = decks.iter().find(|(id, _, _)| id == "facility").unwrap();
    assert!(facility.2.contains("coin"), "{:?}", facility.2);
    // Only icons: on a fixture whose one face draws the coin icon, writes the names of the
    // other common icons as text and draws a circle and a path of its own, the measure sees
    // the coin and nothing else; a deck drawing no icon has none.
    let p = common::deck_game("  paper: a4", "- name: Alpha\n  text: life damage weight\n");
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg bg=\"#eeeeee\"> %}{{ icon(name=\"coin\", x=8, y=8, size=8) }}{{ text_box(text=card.name ~ \" life damage weight coin\", x=8, y=20, width=48, height=10, size=4, min_size=3) }}<circle cx=\"30\" cy=\"60\" r=\"6\" fill=\"#333\"/><path d=\"M5 70 L20 80 L5 80 Z\"/>{% </face_svg> %}",
    );
    let drawn = icons_per_deck_in(p.root(), "fixture");
    let want: BTreeSet<String> = ["coin".to_owned()].into();
    assert_eq!(drawn, [("deck".to_owned(), 1, want)]);
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg bg=\"#eeeeee\"> %}{{ text_box(text=\"coin life\", x=8, y=20, width=48, height=10, size=4, min_size=3) }}{% </face_svg> %}",
    );
    let drawn = icons_per_deck_in(p.root(), "fixture");
    assert_eq!(drawn, [("deck".to_owned(), 1, BTreeSet::new())]);
}

/// The text element of `svg` with the most lines: (lines, font size in mm).
fn longest_text(svg: &str) -> (usize, f32) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let mut best = (0, 0.0);
    for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let ys: BTreeSet<String> = text
            .descendants()
            .filter(|n| n.has_tag_name("tspan"))
            .filter_map(|n| n.attribute("y").map(str::to_owned))
            .collect();
        let size: f32 = text
            .attribute("font-size")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0.0);
        if ys.len() > best.0 {
            best = (ys.len(), size);
        }
    }
    best
}

#[test]
fn every_example_game_prints_a_quick_reference_card_with_its_cards() {
    for game in games() {
        let session = Session::new(&protopress::Project::open(repo()).unwrap(), &options());
        let built = session
            .build_in_memory(&game)
            .unwrap_or_else(|e| panic!("{game}: {e}"));
        let qr = built
            .report
            .component("quick-reference")
            .unwrap_or_else(|| panic!("{game} has no quick-reference component"));
        assert_eq!(qr.kind, "cards", "{game}: the quick reference is a card");
        assert!(qr.copies >= 1, "{game}: no quick-reference card is printed");
        // With the cards, or (a last few) on the shared sheets with crop marks of their own.
        assert!(
            matches!(qr.file.as_deref(), Some("cards.pdf" | "tokens.pdf")) && !qr.pages.is_empty(),
            "{game}: the quick reference prints on {:?}",
            qr.file
        );
        assert!(
            !qr.pages.is_empty(),
            "{game}: the quick reference has no page"
        );
        // The card says something: its front carries text at a size a player can read.
        let prepared = session.prepare(&game).unwrap();
        let index = prepared
            .game
            .components
            .iter()
            .position(|c| c.spec.id == "quick-reference")
            .unwrap();
        let deck = prepared
            .faces
            .decks
            .iter()
            .find(|d| d.component == index)
            .unwrap();
        let front = &prepared.faces.faces[deck.copies[0].front].svg;
        let (lines, size) = longest_text(front);
        assert!(
            lines >= 8,
            "{game}: the quick-reference front holds {lines} lines of text"
        );
        // 2.2 mm type is about 6.2 pt: the smallest a player reads at arm's length.
        assert!(
            size >= 2.2,
            "{game}: the quick-reference text is set at {size} mm, too small to read"
        );
        // It sits in the manifest, so the count check accepts it.
        let manifest =
            std::fs::read_to_string(repo().join("data").join(&game).join("manifest.yaml")).unwrap();
        assert!(
            manifest.contains("component: quick-reference"),
            "{game}: the quick reference is not in the manifest"
        );
    }
}
