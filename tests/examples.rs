//! The example games that ship with protopress build, and produce what their data promises.

mod common;

use std::path::Path;

use common::Pdf;
use protopress::build::{BuildOptions, build_in_memory, discover_games};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn options() -> BuildOptions {
    BuildOptions {
        paper: None,
        out_dir: std::env::temp_dir().join("protopress-examples-unused"),
    }
}

#[test]
fn every_example_game_builds() {
    let games = discover_games(repo()).unwrap();
    assert!(games.contains(&"death-to-decorum".to_owned()), "{games:?}");
    for game in games {
        let built = build_in_memory(repo(), &game, &options()).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            built.report.warnings.is_empty(),
            "{game}: {:?}",
            built.report.warnings
        );
    }
}

#[test]
fn death_to_decorum_decks_match_the_manifest() {
    let built = build_in_memory(repo(), "death-to-decorum", &options()).unwrap();
    let by_id = |id: &str| {
        built
            .report
            .components
            .iter()
            .find(|c| c.id == id)
            .unwrap()
            .clone()
    };
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
    // 120 + 10 + 18 cards on 3 × 3 sheets, each sheet a front and a back page.
    assert_eq!(facility.sheets, 14);
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    assert_eq!(pdf.pages.len(), 2 * (14 + 2 + 2));
    let placed: usize = pdf.pages.iter().map(|p| p.placements.len()).sum();
    assert_eq!(placed, 2 * 148);
    let card_faces: usize = built
        .report
        .components
        .iter()
        .filter(|c| c.kind == "cards")
        .map(|c| c.unique_faces)
        .sum();
    assert_eq!(pdf.distinct_placed(), card_faces);
}
