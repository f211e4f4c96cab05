//! The manifest check on fixture games and rulebooks in several layouts, including broken ones,
//! and on Death to Decorum, which must pass clean.

mod common;

use std::path::Path;
use std::process::Command;

use common::Project;
use protopress::check::manifest::{Status, check_game};
use protopress::model::Game;

/// A game whose deck has 4 + 3 + 2 red, blue and green cards.
fn game(manifest: &str, rules: &str) -> Project {
    let p = common::deck_game(
        "  paper: a4",
        "- name: Red One\n  count: 4\n  text: red\n- name: Blue One\n  count: 3\n  text: blue\n- name: Green One\n  count: 2\n  text: green\n",
    );
    p.write("data/fixture/manifest.yaml", manifest);
    p.write("data/fixture/rules.md", rules);
    p
}

const MANIFEST: &str = "entries:\n  - name: Colour Cards\n    count: 9\n    component: deck\n    parts:\n      - { name: Red Cards, count: 4, where: { text: red } }\n      - { name: Blue Cards, count: 3, where: { text: blue } }\n      - { name: Green Cards, count: 2, where: { text: green } }\n";

/// Adds a second deck to the fixture, `spares`, one card with a field `kind: x` that the
/// main deck lacks.
fn add_spares(p: &Project) {
    let yaml = std::fs::read_to_string(p.root().join("data/fixture/game.yaml")).unwrap();
    p.write(
        "data/fixture/game.yaml",
        &format!("{yaml}  - id: spares\n    name: Spare Cards\n    size: poker\n    front: front.svg.tera\n    back: back.svg.tera\n    cards: spares.yaml\n    card_fields: [kind]\n"),
    );
    p.write(
        "data/fixture/spares.yaml",
        "- name: Spare\n  count: 1\n  kind: x\n",
    );
}

fn run(p: &Project) -> protopress::check::manifest::CheckReport {
    let g = Game::load(&protopress::Project::open(p.root()).unwrap(), "fixture").unwrap();
    check_game(&g, None)
        .unwrap()
        .expect("the fixture has a manifest")
}

#[test]
fn bold_nx_form_with_parts_passes() {
    let p = game(
        MANIFEST,
        "# Box\n\n* **9x Colour Cards:** 4x Red Cards, 3x Blue Cards, 2x Green Cards.\n",
    );
    let r = run(&p);
    assert!(r.passed, "{}", r.table());
    let red = r
        .entries
        .iter()
        .find(|e| e.path == "Colour Cards › Red Cards")
        .unwrap();
    assert_eq!(
        (
            red.declared,
            red.produced,
            red.stated[0].count,
            red.stated[0].line
        ),
        (4, Some(4), 4, 3)
    );
}

#[test]
fn only_the_components_list_and_explicit_totals_are_read() {
    let p = game(
        MANIFEST,
        "## Components\n\n- 9 Colour Cards: 4 Red Cards, 3 Blue Cards, 2 Green Cards\n\n## Play\n\n4 RED CARDS\n\nShuffle the 9-card Colour Cards pile. Draw 2 Colour Cards.\n",
    );
    let r = run(&p);
    assert!(r.passed, "{}", r.table());
    let top = &r.entries[0];
    assert_eq!(
        top.stated.iter().map(|s| s.line).collect::<Vec<_>>(),
        vec![3, 9]
    );
}

#[test]
fn an_entry_the_components_list_does_not_state_fails_unless_it_says_why() {
    let rules =
        "## Components\n\n- 9 Colour Cards: 4 Red Cards and 3 Blue Cards, and two green ones\n";
    let r = run(&game(MANIFEST, rules));
    assert!(!r.passed, "{}", r.table());
    let green = r
        .entries
        .iter()
        .find(|e| e.path.ends_with("Green Cards"))
        .unwrap();
    assert_eq!(green.status, Status::Mismatch);
    assert!(
        green.problems[0].contains("does not state it"),
        "{}",
        r.table()
    );
    let opted = MANIFEST.replace(
        "{ name: Green Cards, count: 2,",
        "{ name: Green Cards, count: 2, unstated: \"the rules call them green ones\",",
    );
    let r = run(&game(&opted, rules));
    assert!(r.passed, "{}", r.table());
}

#[test]
fn parts_that_do_not_add_up_fail() {
    let broken = MANIFEST.replace("count: 9", "count: 10");
    let r = run(&game(&broken, ""));
    assert!(!r.passed);
    let top = &r.entries[0];
    assert_eq!(top.status, Status::Mismatch);
    assert!(
        top.problems
            .iter()
            .any(|p| p.contains("add up to 9, not 10")),
        "{}",
        r.table()
    );
}

#[test]
fn a_card_missing_from_the_data_is_named() {
    let p = game(MANIFEST, "");
    p.write(
        "data/fixture/deck.yaml",
        "- name: Red One\n  count: 3\n  text: red\n- name: Blue One\n  count: 3\n  text: blue\n- name: Green One\n  count: 2\n  text: green\n- name: Stray\n  text: purple\n",
    );
    let r = run(&p);
    assert!(!r.passed);
    let red = r
        .entries
        .iter()
        .find(|e| e.path.ends_with("Red Cards"))
        .unwrap();
    assert!(
        red.problems[0].contains("1 missing") && red.problems[0].contains("Red One ×3"),
        "{}",
        r.table()
    );
    let top = &r.entries[0];
    assert!(
        top.problems
            .iter()
            .any(|p| p.contains("in no part: Stray ×1")),
        "{}",
        r.table()
    );
}

#[test]
fn a_rules_count_that_disagrees_gives_its_line() {
    let r = run(&game(
        MANIFEST,
        "Intro.\n\n- 9 Colour Cards\n- 5 Blue Cards\n",
    ));
    assert!(!r.passed);
    let blue = r
        .entries
        .iter()
        .find(|e| e.path.ends_with("Blue Cards"))
        .unwrap();
    assert!(
        blue.problems
            .iter()
            .any(|p| p.contains("rules line 4 says 5")),
        "{}",
        r.table()
    );
}

#[test]
fn the_captain_is_dead_seed_list_is_flagged() {
    // The seed's own list says "6 System Cards" and then names 13.
    let seed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/captain-is-dead-seed-components.md"),
    )
    .unwrap();
    let manifest = "entries:\n  - name: System Cards\n    count: 13\n    component: deck\n  - name: Skill Cards\n    count: 48\n    component: deck\n";
    let r = run(&game(manifest, &seed));
    assert!(!r.passed, "{}", r.table());
    assert_eq!(r.rules_problems.len(), 1, "{:?}", r.rules_problems);
    assert_eq!(r.rules_problems[0].line, 3);
    assert_eq!(r.rules_problems[0].text, "6 System Cards name 13");
    // The rules' 6 also disagrees with the 13 the kit declares.
    let system = &r.entries[0];
    assert!(system.problems.iter().any(|p| p.contains("says 6")));
    // "48 Skill Cards (Command, Engineering, Science, Tactical)" lists types, not names.
    assert_eq!(r.entries[1].stated[0].count, 48);
}

/// The kit itself passes; with the seed's own component list as its rulebook, the same check
/// flags the "6 System Cards" line, which names thirteen.
#[test]
fn the_captain_is_dead_kit_flags_the_seed_list_as_its_rules() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = common::copy_game("the-captain-is-dead");
    let check = || {
        check_game(
            &Game::load(
                &protopress::Project::open(dir.path()).unwrap(),
                "the-captain-is-dead",
            )
            .unwrap(),
            None,
        )
        .unwrap()
        .unwrap()
    };
    assert!(check().passed, "{}", check().table());
    let seed =
        std::fs::read_to_string(repo.join("tests/fixtures/captain-is-dead-seed-components.md"))
            .unwrap();
    std::fs::write(dir.path().join("data/the-captain-is-dead/rules.md"), seed).unwrap();
    let r = check();
    assert!(!r.passed);
    assert_eq!(r.rules_problems.len(), 1, "{:?}", r.rules_problems);
    assert!(
        r.rules_problems[0].text.contains("6 System Cards"),
        "{:?}",
        r.rules_problems
    );
    let systems = r.entries.iter().find(|e| e.path == "System Cards").unwrap();
    assert_eq!(systems.produced, Some(13));
    assert!(
        systems.problems.iter().any(|p| p.contains("says 6")),
        "{:?}",
        systems.problems
    );
    // The seed's other counts agree with the kit: only the system line is wrong.
    for e in r.entries.iter().filter(|e| e.path != "System Cards") {
        assert!(
            e.problems.iter().all(|p| !p.contains("says")),
            "{}: {:?}",
            e.path,
            e.problems
        );
    }
}

const ROUNDED: &str =
    "## Components\n\n- 10 Colour Cards: 4 Red Cards, 3 Blue Cards, 2 Green Cards\n";

#[test]
fn an_accepted_disagreement_shows_but_passes() {
    let accepted = MANIFEST.replacen(
        "    count: 9\n",
        "    count: 9\n    accept: [{ line: 3, reason: \"the rules round up\" }]\n",
        1,
    );
    let r = run(&game(&accepted, ROUNDED));
    assert!(r.passed, "{}", r.table());
    assert_eq!(r.entries[0].status, Status::Accepted);
    assert!(
        r.table().contains("(accepted: the rules round up)"),
        "{}",
        r.table()
    );
}

#[test]
fn accept_covers_one_statement_not_the_whole_entry() {
    let accepted = MANIFEST.replacen(
        "    count: 9\n",
        "    count: 9\n    accept: [{ phrase: \"10 Colour Cards\", reason: \"the rules round up\" }]\n",
        1,
    );
    // A card missing from the data is still a mismatch beside the accepted line.
    let p = game(
        &accepted,
        &format!("{ROUNDED}\n## End\n\nThe game ends when all 11 Colour Cards are out.\n"),
    );
    p.write(
        "data/fixture/deck.yaml",
        "- name: Red One\n  count: 4\n  text: red\n- name: Blue One\n  count: 3\n  text: blue\n- name: Green One\n  count: 1\n  text: green\n",
    );
    let r = run(&p);
    assert!(!r.passed);
    let top = &r.entries[0];
    assert_eq!(top.status, Status::Mismatch, "{}", r.table());
    assert!(
        top.problems.iter().any(|p| p.contains("1 missing")),
        "{}",
        r.table()
    );
    assert!(
        top.problems.iter().any(|p| p.contains("line 7 says 11")),
        "{}",
        r.table()
    );
    assert!(
        top.problems.iter().all(|p| !p.contains("says 10")),
        "{}",
        r.table()
    );
    // An accept that matches nothing is stale and fails.
    let stale = MANIFEST.replacen(
        "    count: 9\n",
        "    count: 9\n    accept: [{ line: 40, reason: \"old\" }]\n",
        1,
    );
    let r = run(&game(
        &stale,
        "## Components\n\n- 9 Colour Cards: 4 Red Cards, 3 Blue Cards, 2 Green Cards\n",
    ));
    assert!(
        r.entries[0]
            .problems
            .iter()
            .any(|p| p.contains("matches no")),
        "{}",
        r.table()
    );
}

#[test]
fn accept_without_line_or_phrase_is_bad_input() {
    let bad = MANIFEST.replacen(
        "    count: 9\n",
        "    count: 9\n    accept: [{ reason: \"x\" }]\n",
        1,
    );
    let p = game(&bad, "");
    let g = Game::load(&protopress::Project::open(p.root()).unwrap(), "fixture").unwrap();
    let err = check_game(&g, None).unwrap_err().to_string();
    assert!(
        err.contains("`line` or `phrase`") && err.contains("manifest.yaml"),
        "{err}"
    );
}

#[test]
fn unknown_component_in_manifest_is_an_error() {
    let p = game(&MANIFEST.replace("component: deck", "component: dekc"), "");
    let g = Game::load(&protopress::Project::open(p.root()).unwrap(), "fixture").unwrap();
    let err = check_game(&g, None).unwrap_err();
    assert!(err.to_string().contains("did you mean `deck`"), "{err}");
    // At the key, past its indentation.
    assert_eq!((err.line, err.column), (Some(4), Some(5)), "{err}");
}

#[test]
fn a_misspelt_field_in_where_is_an_error_not_a_count_of_zero() {
    let p = game(
        &MANIFEST.replace("where: { text: blue }", "where: { txet: blue }"),
        "",
    );
    let g = Game::load(&protopress::Project::open(p.root()).unwrap(), "fixture").unwrap();
    let err = check_game(&g, None).unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("`txet`") && message.contains("Blue Cards"),
        "{err}"
    );
    assert!(message.contains("did you mean `text`"), "{err}");
    assert_eq!(err.line, Some(7), "{err}");
    // The line is the entry's own, not that of an earlier entry filtering on the same field.
    let p = game(
        &MANIFEST
            .replace(
                "entries:\n",
                "entries:\n  - { name: Spare Cards, count: 1, component: spares, where: { kind: x } }\n",
            )
            .replace("where: { text: blue }", "where: { kind: blue }"),
        "",
    );
    add_spares(&p);
    let g = Game::load(&protopress::Project::open(p.root()).unwrap(), "fixture").unwrap();
    let err = check_game(&g, None).unwrap_err();
    assert!(
        err.to_string().contains("`kind`") && err.to_string().contains("Blue Cards"),
        "{err}"
    );
    assert_eq!(err.line, Some(8), "{err}");
    // Parts of the same name under two entries: the line is in the entry the error is about.
    let p = game(
        "entries:\n  - name: Spare Cards\n    count: 1\n    component: spares\n    parts:\n      - { name: Tier 1, count: 1, where: { kind: x } }\n  - name: Colour Cards\n    count: 9\n    component: deck\n    parts:\n      - { name: Tier 1, count: 9, where: { kind: red } }\n",
        "",
    );
    add_spares(&p);
    let g = Game::load(&protopress::Project::open(p.root()).unwrap(), "fixture").unwrap();
    let err = check_game(&g, None).unwrap_err();
    assert!(err.to_string().contains("Colour Cards › Tier 1"), "{err}");
    assert_eq!(err.line, Some(11), "{err}");
    // A parent naming no component passes its filter to its parts: checked there.
    let p = game(
        "entries:\n  - name: Colour Cards\n    count: 4\n    where: { txet: red }\n    parts:\n      - { name: Red Cards, count: 4, component: deck }\n",
        "",
    );
    let g = Game::load(&protopress::Project::open(p.root()).unwrap(), "fixture").unwrap();
    let err = check_game(&g, None).unwrap_err();
    assert!(err.to_string().contains("`txet`"), "{err}");
    // The line is the parent's filter, even with the same mistake in a later entry.
    assert_eq!(err.line, Some(4), "{err}");
    p.write(
        "data/fixture/manifest.yaml",
        "entries:\n  - name: Colour Cards\n    count: 4\n    where: { txet: red }\n    parts:\n      - { name: Red Cards, count: 4, component: deck }\n  - { name: Blue Cards, count: 3, component: deck, where: { txet: blue } }\n",
    );
    let g = Game::load(&protopress::Project::open(p.root()).unwrap(), "fixture").unwrap();
    let err = check_game(&g, None).unwrap_err();
    assert_eq!(err.line, Some(4), "{err}");
    // A field the deck declares but no card sets, `name` and `id` are fine.
    let p = game(
        &MANIFEST.replace("where: { text: blue }", "where: { name: Blue One }"),
        "",
    );
    let g = Game::load(&protopress::Project::open(p.root()).unwrap(), "fixture").unwrap();
    assert!(check_game(&g, None).is_ok());
}

#[test]
fn a_game_without_rules_passes_and_says_what_was_not_checked() {
    let p = game(MANIFEST, "");
    std::fs::remove_file(p.root().join("data/fixture/rules.md")).unwrap();
    let report = run(&p);
    assert!(report.passed && report.rules.is_none());
    assert!(
        report
            .table()
            .contains("no rulebook: the counts were checked against the data")
    );
    // With a rulebook, no such line.
    let p = game(MANIFEST, "- 9 Colour Cards\n");
    assert!(!run(&p).table().contains("no rulebook"));
}

#[test]
fn a_component_no_entry_names_fails_the_check() {
    let p = game(MANIFEST, "");
    let yaml = std::fs::read_to_string(p.root().join("data/fixture/game.yaml")).unwrap();
    let extra = "  - id: spares\n    name: Spare Cards\n    size: poker\n    front: front.svg.tera\n    back: back.svg.tera\n    cards: deck.yaml\n    card_fields: [text]\n";
    p.write("data/fixture/game.yaml", &format!("{yaml}{extra}"));
    let report = run(&p);
    assert_eq!(report.unlisted, ["spares"]);
    assert!(!report.passed);
    assert!(report.failing().iter().any(|f| f.contains("spares")));
    assert!(
        report
            .table()
            .contains("component spares: in no manifest entry")
    );
    // The index page says why the check failed, not only that it did.
    Command::new(env!("CARGO_BIN_EXE_protopress"))
        .args(["-q", "build", "fixture", "-C"])
        .arg(p.root())
        .output()
        .unwrap();
    let index = std::fs::read_to_string(p.out().join("fixture/index.html")).unwrap();
    assert!(
        index.contains("<span class=\"bad\">failed</span>"),
        "{index}"
    );
    assert!(
        index.contains(
            "component spares: in no manifest entry, so nothing checks its count <b>mismatch</b>"
        ),
        "{index}"
    );
    // Named by an entry, it is counted like any other.
    p.write(
        "data/fixture/manifest.yaml",
        &format!("{MANIFEST}  - {{ name: Spare Cards, count: 9, component: spares }}\n"),
    );
    assert!(run(&p).unlisted.is_empty());
}

#[test]
fn death_to_decorum_passes_clean() {
    let g = Game::load(
        &protopress::Project::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap(),
        "death-to-decorum",
    )
    .unwrap();
    let r = check_game(&g, None).unwrap().unwrap();
    assert!(r.passed, "{}", r.table());
    assert!(r.rules_problems.is_empty());
    // All 15 entries of the seed's print manifest, plus the printed peg stand-ins and the
    // quick-reference card.
    let top_level: Vec<&str> = r
        .entries
        .iter()
        .map(|e| e.path.as_str())
        .filter(|p| !p.contains('›'))
        .collect();
    assert_eq!(top_level.len(), 15);
    // Every top-level entry is stated in the rulebook.
    for e in &r.entries {
        assert!(
            e.stated.iter().any(|s| s.section),
            "{} is not in the rules",
            e.path
        );
    }
    // The Facility Deck and the Apex Stalkers it takes in at Midnight share one back.
    assert_eq!(r.decks.len(), 1, "{}", r.table());
    assert!(r.decks[0].passed, "{}", r.table());
}

#[test]
fn death_to_decorum_apex_cards_carry_the_facility_back() {
    let g = Game::load(
        &protopress::Project::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap(),
        "death-to-decorum",
    )
    .unwrap();
    let manifest = protopress::check::manifest::load(&g).unwrap().unwrap();
    let midnight = manifest
        .decks
        .iter()
        .find(|d| d.name.contains("Midnight"))
        .expect("the manifest names the deck formed at Midnight");
    let decks =
        protopress::check::decks::check_game_decks(&g, std::slice::from_ref(midnight)).unwrap();
    assert!(decks[0].passed, "{:?}", decks[0].problems);
    assert_eq!(decks[0].backs, 1);
}

#[test]
fn facility_07_wild_cards_carry_their_decks_backs() {
    let g = Game::load(
        &protopress::Project::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap(),
        "facility-07",
    )
    .unwrap();
    let manifest = protopress::check::manifest::load(&g).unwrap().unwrap();
    assert!(manifest.decks.len() >= 4);
    let decks = protopress::check::decks::check_game_decks(&g, &manifest.decks).unwrap();
    assert!(decks.iter().all(|d| d.passed && d.backs == 1), "{decks:?}");
    // Putting a wild ops card into the agent deck is caught.
    let wrong: protopress::check::decks::DeckGroup = serde_yaml::from_str(
        "{ name: Agents, components: [agents, { component: wild, where: { deck: ops } }] }",
    )
    .unwrap();
    let decks = protopress::check::decks::check_game_decks(&g, &[wrong]).unwrap();
    assert!(!decks[0].passed && decks[0].backs == 2, "{decks:?}");
}

#[test]
fn cli_check_exits_non_zero_and_writes_check_json() {
    let p = game(MANIFEST, "- 8 Colour Cards\n");
    let out = Command::new(env!("CARGO_BIN_EXE_protopress"))
        .args(["check", "fixture", "-C"])
        .arg(p.root())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("MISMATCH") && stdout.contains("rules line 1 says 8"),
        "{stdout}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(p.out().join("fixture/check.json")).unwrap())
            .unwrap();
    assert_eq!(json["passed"], false);
    assert_eq!(json["entries"][0]["declared"], 9);
}

#[test]
fn cli_check_formats_for_ci_and_tells_mismatch_from_bad_input() {
    let p = game(MANIFEST, "- 8 Colour Cards\n");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_protopress"))
            .args(args)
            .arg("-C")
            .arg(p.root())
            .output()
            .unwrap()
    };
    let out = run(&["check", "--format", "github"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "::error file=data/fixture/rules.md,line=1::fixture: Colour Cards: rules line 1 says 8"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("checked 1 game: 0 passed, 1 failed"),
        "{stdout}"
    );
    let out = run(&["check", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["games"][0]["passed"], false);
    assert_eq!(json["summary"]["failed"], 1);
    // Parts that do not add up are one annotation, not one per way of saying it.
    p.write(
        "data/fixture/rules.md",
        "- 9 Colour Cards (4 Red Cards, 3 Blue Cards, 3 Green Cards)\n",
    );
    let out = run(&["check", "--format", "github"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("split into").count(), 1, "{stdout}");
    // And one line of text, under its entry.
    let out = run(&["check"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("split into").count(), 1, "{stdout}");
    p.write("data/fixture/manifest.yaml", "entries: [");
    let out = run(&["check"]);
    assert_eq!(out.status.code(), Some(2));
    // Bad input in JSON says what and where, and an unknown game still gives a document.
    let out = run(&["check", "--format", "json"]);
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let error = &json["errors"][0];
    assert_eq!(error["kit"], "fixture");
    assert!(
        error["file"].as_str().unwrap().ends_with("manifest.yaml"),
        "{error}"
    );
    assert!(
        error["line"].is_number() && error["message"].is_string(),
        "{error}"
    );
    assert_eq!(json["summary"]["bad_input"], 1);
    let out = run(&["check", "--format", "json", "nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        json["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("nosuch")
    );
}

/// A deck one card short names the part that is short, not the first cards it counted.
#[test]
fn a_short_deck_names_the_part_that_is_short() {
    let p = game(MANIFEST, "");
    p.write(
        "data/fixture/deck.yaml",
        "- name: Red One\n  count: 4\n  text: red\n- name: Blue One\n  count: 2\n  text: blue\n- name: Green One\n  count: 2\n  text: green\n",
    );
    let r = run(&p);
    let top = &r.entries[0];
    assert_eq!(top.status, Status::Mismatch);
    assert!(
        top.problems[0].contains("1 missing")
            && top.problems[0].contains("in its parts: Blue Cards gives 2 of 3")
            && !top.problems[0].contains("Red One"),
        "{}",
        r.table()
    );
}

/// GitHub annotations of a count that disagrees with the data point at the entry's own line
/// in `manifest.yaml`, a part's included.
#[test]
fn annotations_carry_the_manifest_line_of_their_entry() {
    let p = game(MANIFEST, "");
    p.write(
        "data/fixture/deck.yaml",
        "- name: Red One\n  count: 3\n  text: red\n- name: Blue One\n  count: 3\n  text: blue\n- name: Green One\n  count: 2\n  text: green\n",
    );
    let out = protopress::check::report::github(&run(&p));
    assert!(
        out.contains("manifest.yaml,line=2::fixture: Colour Cards: the data gives 8"),
        "{out}"
    );
    assert!(
        out.contains("manifest.yaml,line=6::fixture: Colour Cards › Red Cards: the data gives 3"),
        "{out}"
    );
}
