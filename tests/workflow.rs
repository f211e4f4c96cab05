//! The designer's workflow: a new game builds and checks clean, the schemas accept the example
//! games and reject typos, the index page lists every component, the docs cover every field.

mod common;

use std::path::Path;

use serde_json::Value;

use protopress::assemble::BuildOptions;
use protopress::model::Game;
use protopress::scaffold::schema::{game_schema, manifest_schema, property_names};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn yaml(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    serde_yaml::from_str(&text).unwrap()
}

/// A validator for one of the schemas the project ships (`schemas/...`), by the `jsonschema`
/// crate: the schema itself is checked against its draft's meta-schema first.
fn shipped(rel: &str) -> jsonschema::Validator {
    let path = repo().join("schemas").join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let schema: Value = serde_json::from_str(&text).unwrap();
    assert!(
        jsonschema::meta::is_valid(&schema),
        "{rel} is not a valid JSON Schema"
    );
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Every violation of `v`, with where it is.
fn violations(schema: &jsonschema::Validator, v: &Value) -> Vec<String> {
    schema
        .iter_errors(v)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// The schema's file for a component's cards.
fn cards_rel(game: &str, component: &str) -> String {
    format!("{game}/{component}.cards.schema.json")
}

#[test]
fn the_schemas_accept_every_example_game() {
    let (gs, ms) = (shipped("game.schema.json"), shipped("manifest.schema.json"));
    let games = protopress::Project::open(repo()).unwrap().games().unwrap();
    assert_eq!(games.len(), common::GAMES.len(), "{games:?}");
    let mut documents = 0;
    for id in games {
        let game = Game::load(&protopress::Project::open(repo()).unwrap(), &id).unwrap();
        let dir = repo().join("data").join(&id);
        let errs = violations(&gs, &yaml(&dir.join("game.yaml")));
        assert!(errs.is_empty(), "{id}/game.yaml: {errs:#?}");
        documents += 1;
        if dir.join("manifest.yaml").is_file() {
            let errs = violations(&ms, &yaml(&dir.join("manifest.yaml")));
            assert!(errs.is_empty(), "{id}/manifest.yaml: {errs:#?}");
            documents += 1;
        }
        for comp in &game.components {
            let schema = shipped(&cards_rel(&id, &comp.spec.id));
            let errs = violations(&schema, &yaml(&dir.join(&comp.spec.cards)));
            assert!(errs.is_empty(), "{id}/{}: {errs:#?}", comp.spec.cards);
            documents += 1;
        }
    }
    assert!(documents > 50, "{documents} documents checked");
}

/// Invalid documents, each one change away from a valid example, are rejected, and the error
/// points at the change.
#[test]
fn the_schemas_reject_typos() {
    let dir = repo().join("data/death-to-decorum");
    let game = yaml(&dir.join("game.yaml"));
    let cards = yaml(&dir.join("facility.yaml"));
    let manifest = yaml(&dir.join("manifest.yaml"));
    let (gs, ms) = (shipped("game.schema.json"), shipped("manifest.schema.json"));
    let facility = shipped(&cards_rel("death-to-decorum", "facility"));
    // The originals pass, so each rejection below is the change's.
    assert!(violations(&gs, &game).is_empty());
    assert!(violations(&facility, &cards).is_empty());
    assert!(violations(&ms, &manifest).is_empty());
    type Change = fn(&mut Value);
    let game_cases: [(&str, Change, &str); 7] = [
        (
            "a misspelt component field",
            |g| g["components"][0]["card_feilds"] = Value::Array(Vec::new()),
            "card_feilds",
        ),
        (
            "a duplex mode not in the list",
            |g| g["print"]["duplex"] = "long_edge".into(),
            "long_edge",
        ),
        (
            "a paper size not in the list",
            |g| g["print"]["paper"] = "a7".into(),
            "a7",
        ),
        (
            "bleed as a word",
            |g| g["print"]["bleed_mm"] = "three".into(),
            "three",
        ),
        (
            "no name",
            |g| drop(g.as_object_mut().unwrap().remove("name")),
            "name",
        ),
        (
            "components as a number",
            |g| g["components"] = 5.into(),
            "5",
        ),
        (
            "a misspelt game field",
            |g| g["revison"] = "x".into(),
            "revison",
        ),
    ];
    for (what, change, says) in game_cases {
        let mut bad = game.clone();
        change(&mut bad);
        let errs = violations(&gs, &bad);
        assert!(!errs.is_empty(), "{what}: accepted");
        assert!(errs.iter().any(|e| e.contains(says)), "{what}: {errs:#?}");
    }
    let card_cases: [(&str, Change, &str); 4] = [
        (
            "a misspelt card field",
            |c| c[0]["vaule"] = 3.into(),
            "vaule",
        ),
        (
            "a count as a word",
            |c| c[0]["count"] = "many".into(),
            "many",
        ),
        ("a negative count", |c| c[0]["count"] = (-1).into(), "-1"),
        (
            "a map for a list",
            |c| *c = serde_json::json!({"name": "Alpha"}),
            "array",
        ),
    ];
    for (what, change, says) in card_cases {
        let mut bad = cards.clone();
        change(&mut bad);
        let errs = violations(&facility, &bad);
        assert!(!errs.is_empty(), "{what}: accepted");
        assert!(errs.iter().any(|e| e.contains(says)), "{what}: {errs:#?}");
    }
    let mut bad = manifest.clone();
    bad["entries"][0]["cuont"] = 3.into();
    let errs = violations(&ms, &bad);
    assert!(errs.iter().any(|e| e.contains("cuont")), "{errs:#?}");
}

#[test]
fn the_committed_schemas_are_current() {
    let games: Vec<Game> = protopress::Project::open(repo())
        .unwrap()
        .games()
        .unwrap()
        .iter()
        .map(|id| Game::load(&protopress::Project::open(repo()).unwrap(), id).unwrap())
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let written = protopress::scaffold::schema::write_all(dir.path(), &games).unwrap();
    for path in written {
        let rel = path.strip_prefix(dir.path()).unwrap();
        let committed =
            std::fs::read_to_string(repo().join("schemas").join(rel)).unwrap_or_default();
        assert_eq!(
            committed,
            std::fs::read_to_string(&path).unwrap(),
            "schemas/{} is stale: run `protopress schema`",
            rel.display()
        );
    }
}

#[test]
fn the_docs_cover_every_field_the_loader_accepts() {
    let docs: String = ["format.md", "printing.md", "templates.md"]
        .iter()
        .map(|f| std::fs::read_to_string(repo().join("docs").join(f)).unwrap())
        .collect();
    for schema in [game_schema(), manifest_schema()] {
        for field in property_names(&schema) {
            assert!(
                docs.contains(&format!("`{field}`")),
                "docs/ do not describe `{field}`"
            );
        }
    }
    for reserved in protopress::model::RESERVED_CARD_FIELDS {
        assert!(
            docs.contains(&format!("`{reserved}`")),
            "docs/ do not describe `{reserved}`"
        );
    }
}

#[test]
fn a_new_game_builds_and_checks_clean() {
    let dir = tempfile::tempdir().unwrap();
    protopress::scaffold::create(dir.path(), "space-traders").unwrap();
    let opts = BuildOptions {
        paper: None,
        out_dir: dir.path().join("output"),
        mark_printed: false,
        layout: None,
    };
    let outcome =
        protopress::assemble::Session::new(&protopress::Project::open(dir.path()).unwrap(), &opts)
            .build_game("space-traders")
            .unwrap();
    assert!(
        outcome.report.warnings.is_empty(),
        "{:?}",
        outcome.report.warnings
    );
    let check = outcome.check.expect("the scaffold has a manifest");
    assert!(check.passed, "{}", check.table());
    assert!(
        check
            .entries
            .iter()
            .filter(|e| !e.path.contains('›'))
            .all(|e| !e.stated.is_empty())
    );
    for f in [
        "kit.pdf",
        "rules.pdf",
        "cards.pdf",
        // The scaffold's small board shares the single-sided sheets of tokens.pdf.
        "tokens.pdf",
        "index.html",
    ] {
        assert!(
            dir.path().join("output/space-traders").join(f).is_file(),
            "{f}"
        );
    }
}

#[test]
fn the_index_page_lists_every_component_and_page() {
    let opts = BuildOptions {
        paper: None,
        out_dir: std::env::temp_dir(),
        mark_printed: false,
        layout: None,
    };
    let built =
        protopress::assemble::Session::new(&protopress::Project::open(repo()).unwrap(), &opts)
            .build_in_memory("death-to-decorum")
            .unwrap();
    let html = &built.index_html;
    for c in &built.report.components {
        assert!(
            html.contains(&format!("<td>{}</td>", c.name.replace('&', "&amp;"))),
            "{} missing",
            c.name
        );
    }
    for f in &built.report.files {
        assert!(html.contains(&format!("href=\"{}\"", f.file)));
    }
    let pages: usize = built
        .report
        .files
        .iter()
        .filter(|f| ["cards.pdf", "boards.pdf", "tokens.pdf"].contains(&f.file.as_str()))
        .map(|f| f.pages)
        .sum();
    assert_eq!(html.matches("<figcaption>page ").count(), pages);
    assert!(html.contains("Manifest check"));
    // Round tokens have round trim and safe lines: the 3 coins and the 4 peg stand-ins.
    assert_eq!(html.matches("class=\"face round\"").count(), 7);
}
