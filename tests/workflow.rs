//! The designer's workflow: a new game builds and checks clean, the schemas accept the example
//! games and reject typos, the index page lists every component, the docs cover every field.

mod common;

use std::path::Path;

use serde_json::Value;

use protopress::assemble::BuildOptions;
use protopress::model::Game;
use protopress::scaffold::schema::{cards_schema, game_schema, manifest_schema, property_names};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Validates `v` against the subset of JSON Schema that schemars writes. Returns the path of
/// the first violation.
fn validate(schema: &Value, root: &Value, v: &Value, at: &str) -> Result<(), String> {
    let s = match schema.get("$ref").and_then(Value::as_str) {
        Some(r) => {
            let name = r.rsplit('/').next().unwrap();
            return validate(&root["$defs"][name], root, v, at);
        }
        None => schema,
    };
    if s == &Value::Bool(true) {
        return Ok(());
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(options) = s.get(key).and_then(Value::as_array)
            && !options.iter().any(|o| validate(o, root, v, at).is_ok())
        {
            return Err(format!("{at}: matches none of {key}"));
        }
    }
    if let Some(all) = s.get("allOf").and_then(Value::as_array) {
        for o in all {
            validate(o, root, v, at)?;
        }
    }
    if let Some(options) = s.get("enum").and_then(Value::as_array)
        && !options.contains(v)
    {
        return Err(format!("{at}: {v} is not one of {options:?}"));
    }
    if let Some(c) = s.get("const")
        && c != v
    {
        return Err(format!("{at}: {v} is not {c}"));
    }
    let types: Vec<&str> = match s.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if !types.is_empty() {
        let ok = types.iter().any(|t| match *t {
            "object" => v.is_object(),
            "array" => v.is_array(),
            "string" => v.is_string(),
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            "boolean" => v.is_boolean(),
            "null" => v.is_null(),
            _ => true,
        });
        if !ok {
            return Err(format!("{at}: {v} is not of type {types:?}"));
        }
    }
    if let Value::Object(map) = v {
        let props = s.get("properties").and_then(Value::as_object);
        for req in s
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let req = req.as_str().unwrap();
            if !map.contains_key(req) {
                return Err(format!("{at}: missing `{req}`"));
            }
        }
        for (k, val) in map {
            match props.and_then(|p| p.get(k)) {
                Some(ps) => validate(ps, root, val, &format!("{at}.{k}"))?,
                None if s.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    return Err(format!("{at}: unknown field `{k}`"));
                }
                None => {}
            }
        }
    }
    if let (Value::Array(items), Some(item_schema)) = (v, s.get("items")) {
        for (i, item) in items.iter().enumerate() {
            validate(item_schema, root, item, &format!("{at}[{i}]"))?;
        }
    }
    Ok(())
}

fn yaml(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    serde_yaml::from_str(&text).unwrap()
}

fn check(schema: &Value, v: &Value) -> Result<(), String> {
    validate(schema, schema, v, "$")
}

#[test]
fn the_schemas_accept_every_example_game() {
    let (gs, ms) = (game_schema(), manifest_schema());
    for id in protopress::Project::open(repo()).unwrap().games().unwrap() {
        let game = Game::load(&protopress::Project::open(repo()).unwrap(), &id).unwrap();
        let dir = repo().join("data").join(&id);
        check(&gs, &yaml(&dir.join("game.yaml"))).unwrap_or_else(|e| panic!("{id}/game.yaml: {e}"));
        if dir.join("manifest.yaml").is_file() {
            check(&ms, &yaml(&dir.join("manifest.yaml")))
                .unwrap_or_else(|e| panic!("{id}/manifest.yaml: {e}"));
        }
        for comp in &game.components {
            let cards = yaml(&dir.join(&comp.spec.cards));
            check(&cards_schema(comp), &cards)
                .unwrap_or_else(|e| panic!("{id}/{}: {e}", comp.spec.cards));
        }
    }
}

#[test]
fn the_schemas_reject_typos() {
    let dir = repo().join("data/death-to-decorum");
    let mut game = yaml(&dir.join("game.yaml"));
    game["components"][0]["card_feilds"] = Value::Array(Vec::new());
    let err = check(&game_schema(), &game).unwrap_err();
    assert!(err.contains("card_feilds"), "{err}");
    let mut print = yaml(&dir.join("game.yaml"));
    print["print"]["duplex"] = Value::String("long_edge".into());
    assert!(check(&game_schema(), &print).is_err());
    let g = Game::load(
        &protopress::Project::open(repo()).unwrap(),
        "death-to-decorum",
    )
    .unwrap();
    let facility = g
        .components
        .iter()
        .find(|c| c.spec.id == "facility")
        .unwrap();
    let mut cards = yaml(&dir.join("facility.yaml"));
    cards[0]["vaule"] = Value::from(3);
    assert!(
        check(&cards_schema(facility), &cards)
            .unwrap_err()
            .contains("vaule")
    );
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
