//! The example games that ship with protopress build, and produce what their data promises.

mod common;

use std::path::Path;

use common::Pdf;
use protopress::assemble::BuildOptions;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn options() -> BuildOptions {
    BuildOptions {
        paper: None,
        out_dir: std::env::temp_dir().join("protopress-examples-unused"),
        mark_printed: false,
        layout: None,
    }
}

#[test]
fn every_example_game_builds() {
    let games = protopress::Project::open(repo()).unwrap().games().unwrap();
    assert!(games.contains(&"death-to-decorum".to_owned()), "{games:?}");
    for game in games {
        let built = protopress::assemble::Session::new(
            &protopress::Project::open(repo()).unwrap(),
            &options(),
        )
        .build_in_memory(&game)
        .unwrap_or_else(|e| panic!("{e}"));
        // Any warning is a regression, preflight's included, but one: The Captain is Dead's
        // deck plan has card slots side by side across its whole width, so two of them lie
        // where a seam must go, and the build says so.
        let warnings: Vec<&String> = built
            .report
            .warnings
            .iter()
            .filter(|w| !(game == "the-captain-is-dead" && w.starts_with("Starship Board: a seam")))
            .collect();
        assert!(warnings.is_empty(), "{game}: {warnings:?}");
    }
}

#[test]
fn death_to_decorum_decks_match_the_manifest() {
    let built =
        protopress::assemble::Session::new(&protopress::Project::open(repo()).unwrap(), &options())
            .build_in_memory("death-to-decorum")
            .unwrap();
    let by_id = |id: &str| built.report.component(id).unwrap().clone();
    let facility = by_id("facility");
    assert_eq!(facility.copies, 120);
    let comp = &built
        .game
        .components
        .iter()
        .find(|c| c.spec.id == "facility")
        .unwrap();
    let count = |kind: &str, tier: i64| -> u32 {
        comp.cards
            .iter()
            .filter(|c| c.fields["kind"] == kind && c.fields["tier"] == tier)
            .map(|c| c.count)
            .sum()
    };
    assert_eq!(
        (count("loot", 1), count("loot", 2), count("loot", 3)),
        (40, 20, 10)
    );
    assert_eq!(
        (count("hazard", 1), count("hazard", 2), count("hazard", 3)),
        (25, 15, 10)
    );
    for c in &comp.cards {
        let (kind, tier) = (
            c.fields["kind"].as_str().unwrap(),
            c.fields["tier"].as_i64().unwrap(),
        );
        if kind == "loot" {
            let value = [0, 3, 8, 15][tier as usize];
            assert_eq!(c.fields["value"], value, "{}", c.name);
        } else {
            assert_eq!(c.fields["damage"], tier, "{}", c.name);
        }
    }
    assert_eq!(by_id("apex").copies, 10);
    assert_eq!(by_id("actions").copies, 18);
    assert_eq!(by_id("quick-reference").copies, 6);
    // 120 + 10 + 18 cards and a quick-reference card per player (6) on 3 × 3 sheets, each sheet
    // a front and a back page: each deck's full sheets (13 + 1 + 2), then two sheets of the
    // 3 + 1 + 6 left over, five each (nine and one would leave one card alone on a sheet).
    assert_eq!(facility.sheets, 14);
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    assert_eq!(pdf.pages.len(), 2 * (13 + 1 + 2 + 2));
    let placed: usize = pdf.pages.iter().map(|p| p.placements.len()).sum();
    assert_eq!(placed, 2 * 154);
    let card_faces: usize = built
        .report
        .components
        .iter()
        .filter(|c| c.kind == "cards")
        .map(|c| c.unique_faces)
        .sum();
    // The Apex Stalker reserve shares the Facility back (it is shuffled in at Midnight), so
    // the PDF holds that face once although both components count it.
    assert_eq!(pdf.distinct_placed(), card_faces - 1);
}

/// The five games of the seed documents, one per kind of design they stress.
const SEED_GAMES: [&str; 5] = [
    "death-to-decorum",
    "red-faction-underground",
    "the-captain-is-dead",
    "facility-07",
    "veil-runners",
];

#[test]
fn every_seed_game_ships_and_passes_its_manifest_check() {
    let games = protopress::Project::open(repo()).unwrap().games().unwrap();
    for id in SEED_GAMES {
        assert!(games.contains(&id.to_owned()), "{id} is missing: {games:?}");
        let game =
            protopress::model::Game::load(&protopress::Project::open(repo()).unwrap(), id).unwrap();
        let report = protopress::check::manifest::check_game(&game, None)
            .unwrap()
            .unwrap_or_else(|| panic!("{id} has no manifest"));
        assert!(report.passed, "{id}:\n{}", report.table());
        // Every top-level entry is stated in the rulebook too, not only declared.
        for e in report.entries.iter().filter(|e| !e.path.contains('›')) {
            assert!(
                !e.stated.is_empty(),
                "{id}: rules.md never states {}",
                e.path
            );
        }
    }
}

fn prepared(id: &str) -> protopress::assemble::Prepared {
    protopress::assemble::Session::new(
        &protopress::Project::open(repo()).unwrap(),
        &BuildOptions::default(),
    )
    .prepare(id)
    .unwrap()
}

/// A component's printed copies and its cards.
fn deck<'p>(
    p: &'p protopress::assemble::Prepared,
    id: &str,
) -> (
    &'p protopress::render::faces::Deck,
    &'p [protopress::model::Card],
) {
    let comp = p
        .game
        .components
        .iter()
        .position(|c| c.spec.id == id)
        .unwrap();
    let deck = p.faces.decks.iter().find(|d| d.component == comp).unwrap();
    (deck, &p.game.components[comp].cards)
}

#[test]
fn facility_07_room_tiles_open_exactly_the_edges_their_data_lists() {
    use protopress::render::raster::render_face;
    let p = prepared("facility-07");
    let (deck, cards) = deck(&p, "rooms");
    let paper = [0xf5, 0xf3, 0xee];
    // 10 px per mm: 76 mm with the bleed, the trim from 30 to 730 px.
    let (px, bleed) = (760u32, 30u32);
    let mut seen = std::collections::HashSet::new();
    for copy in &deck.copies {
        if !seen.insert(copy.card) {
            continue;
        }
        let card = &cards[copy.card];
        let doors: Vec<&str> = card.fields["doors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_str().unwrap())
            .collect();
        let img = render_face(
            &p.faces.faces[copy.front],
            &p.trees[copy.front],
            px,
            px,
            true,
        )
        .unwrap();
        let at = |x: u32, y: u32| {
            let i = ((y * px + x) * 4) as usize;
            [img.data()[i], img.data()[i + 1], img.data()[i + 2]]
        };
        // The middle of each edge, 2 mm inside the trim: inside the 4 mm wall if it is closed.
        let (mid, inside, far) = (px / 2, bleed + 20, px - bleed - 20);
        for (edge, (x, y)) in [
            ("n", (mid, inside)),
            ("e", (far, mid)),
            ("s", (mid, far)),
            ("w", (inside, mid)),
        ] {
            let open = at(x, y) == paper;
            assert_eq!(
                open,
                doors.contains(&edge),
                "{}: edge {edge} is {} but doors are {doors:?}",
                card.name,
                if open { "open" } else { "walled" }
            );
            // A doorway is 18 mm wide: 10 mm off centre along the edge is wall again.
            let (wx, wy) = if edge == "n" || edge == "s" {
                (mid + 100, y)
            } else {
                (x, mid + 100)
            };
            assert_ne!(
                at(wx, wy),
                paper,
                "{}: the {edge} wall beside the door",
                card.name
            );
        }
    }
    assert_eq!(seen.len(), 20, "every distinct room was looked at");
}

#[test]
fn veil_runners_clocks_have_the_segments_their_data_asks_for() {
    let p = prepared("veil-runners");
    let (deck, cards) = deck(&p, "clocks");
    let mut sizes = Vec::new();
    for copy in &deck.copies {
        let svg = &p.faces.faces[copy.front].svg;
        let start = svg.find("<g class=\"clock\">").expect("a clock group");
        let group = &svg[start..start + svg[start..].find("</g>").unwrap()];
        let wedges = group.matches("<path").count();
        let segments = cards[copy.card].fields["segments"].as_u64().unwrap() as usize;
        assert_eq!(wedges, segments, "{}", cards[copy.card].name);
        sizes.push(segments);
    }
    sizes.sort();
    assert_eq!(sizes, [4, 4, 6, 6, 8, 8, 10, 10, 12, 12]);
}

#[test]
fn the_captain_is_dead_two_sided_cards_and_alert_backs() {
    let p = prepared("the-captain-is-dead");
    let deck_of = |id: &str| deck(&p, id).0;
    // Systems, upgrades and tools: every card has a back of its own, unlike its front.
    for id in ["systems", "upgrades", "tools"] {
        let deck = deck_of(id);
        let backs: std::collections::HashSet<_> = deck
            .copies
            .iter()
            .map(|c| p.faces.faces[c.back.unwrap()].hash.clone())
            .collect();
        assert_eq!(backs.len(), deck.copies.len(), "{id}: one back per card");
        for c in &deck.copies {
            assert_ne!(
                p.faces.faces[c.front].hash,
                p.faces.faces[c.back.unwrap()].hash
            );
        }
    }
    // The three alert decks share no back, and within a deck every card shares one.
    let mut alert_backs = Vec::new();
    for id in ["yellow-alerts", "orange-alerts", "red-alerts"] {
        let deck = deck_of(id);
        let backs: std::collections::HashSet<_> =
            deck.copies.iter().map(|c| c.back.unwrap()).collect();
        assert_eq!(backs.len(), 1, "{id}");
        alert_backs.push(p.faces.faces[*backs.iter().next().unwrap()].hash.clone());
    }
    alert_backs.dedup();
    assert_eq!(alert_backs.len(), 3);
    let copies = |id: &str| deck_of(id).copies.len();
    assert_eq!(
        (
            copies("yellow-alerts"),
            copies("orange-alerts"),
            copies("red-alerts")
        ),
        (24, 25, 6)
    );
    assert_eq!(
        (copies("systems"), copies("skills"), copies("roles")),
        (13, 48, 18)
    );
}

#[test]
fn printed_six_sided_dice_have_opposite_faces_adding_up_to_seven() {
    // The cross net folds face 0 onto 5, 1 onto 3 and 2 onto 4.
    for (game, component) in [("veil-runners", "ship-dice"), ("facility-07", "dice")] {
        let g = protopress::model::Game::load(&protopress::Project::open(repo()).unwrap(), game)
            .unwrap();
        let comp = g
            .components
            .iter()
            .find(|c| c.spec.id == component)
            .unwrap();
        for card in &comp.cards {
            let f: Vec<i64> = card.fields["faces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect();
            for (a, b) in [(0, 5), (1, 3), (2, 4)] {
                assert_eq!(f[a] + f[b], 7, "{game}: {} faces {f:?}", card.name);
            }
        }
    }
}
