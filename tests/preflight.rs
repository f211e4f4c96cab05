//! Preflight on a fixture game: each card's front shows one print problem (pale text, 5 pt
//! text, a 10 dpi image and a hairline, a colour that stops at the trim) and one is clean.
//! `check` fails naming the component and card, `check.json` and the JSON and GitHub formats
//! hold the findings, a build only warns, and the print profile turns classes down.

mod common;

use std::process::{Command, Output};

use common::Project;
use protopress::assemble::{BuildOptions, Session};
use serde_json::Value;

/// A face over the whole bleed in `bg`, with `body` on it.
fn face(bg: &str, body: &str) -> String {
    format!("{{% <face_svg bg=\"{bg}\"> %}}{body}{{% </face_svg> %}}")
}

/// Black 11 pt words in the safe zone: clean on a light face.
const WORDS: &str = "{{ text_box(text=card.name, x=face.safe_left, y=face.safe_top, width=face.safe_right - face.safe_left, height=10, size=4, min_size=3) }}";

/// The fixture: one deck whose cards each pick the front that shows their problem.
fn fixture(print: &str, cards: &[&str]) -> Project {
    let all = [
        ("clean", "- name: Clean Card\n  front: clean.svg.tera\n"),
        ("faint", "- name: Faint Card\n  front: faint.svg.tera\n"),
        ("tiny", "- name: Tiny Card\n  front: tiny.svg.tera\n"),
        ("art", "- name: Art Card\n  front: art.svg.tera\n"),
        ("short", "- name: Short Card\n  front: short.svg.tera\n"),
    ];
    let deck: String = all
        .iter()
        .filter(|(k, _)| cards.contains(k))
        .map(|(_, yaml)| *yaml)
        .collect();
    let game = format!(
        "name: Fixture\nrevision: \"1\"\nprint:\n  paper: a4\n{print}\ncomponents:\n  - id: deck\n    name: Deck\n    size: poker\n    front: clean.svg.tera\n    back: {{ template: back.svg.tera }}\n    cards: deck.yaml\n"
    );
    let p = Project::new(&[
        ("data/fixture/game.yaml", &game),
        ("data/fixture/deck.yaml", &deck),
        ("templates/fixture/clean.svg.tera", &face("#f4efe4", WORDS)),
        ("templates/fixture/back.svg.tera", &face("#222266", "")),
        // #b5b5b5 on white is 2:1.
        (
            "templates/fixture/faint.svg.tera",
            &face(
                "#ffffff",
                &WORDS.replace("min_size=3)", "min_size=3, fill=\"#b5b5b5\")"),
            ),
        ),
        // 1.764 mm is 5 pt.
        (
            "templates/fixture/tiny.svg.tera",
            &face(
                "#ffffff",
                "<text x=\"10\" y=\"20\" font-family=\"Noto Sans\" font-size=\"1.764\">small print</text>",
            ),
        ),
        // 4 × 4 pixels over 10 mm is 10 dpi; 0.05 mm is 0.14 pt.
        (
            "templates/fixture/art.svg.tera",
            &face(
                "#ffffff",
                "<image href=\"grey.png\" x=\"20\" y=\"20\" width=\"10\" height=\"10\"/><line id=\"hairline\" x1=\"10\" y1=\"50\" x2=\"50\" y2=\"50\" stroke=\"#000\" stroke-width=\"0.05\"/>",
            ),
        ),
        // A full colour that ends at the trim: white paper shows in the bleed all round.
        (
            "templates/fixture/short.svg.tera",
            &face(
                "#ffffff",
                "<rect x=\"{{ face.bleed }}\" y=\"{{ face.bleed }}\" width=\"{{ face.width - 2 * face.bleed }}\" height=\"{{ face.height - 2 * face.bleed }}\" fill=\"#1d3557\"/>",
            ),
        ),
    ]);
    std::fs::write(
        p.root().join("templates/fixture/grey.png"),
        common::gray_png(90),
    )
    .unwrap();
    p
}

fn check(p: &Project, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_protopress"))
        .arg("check")
        .args(args)
        .arg("-C")
        .arg(p.root())
        .output()
        .unwrap()
}

fn check_json(p: &Project) -> Value {
    let text = std::fs::read_to_string(p.out().join("fixture/check.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The findings of a preflight report as (class, card, severity).
fn findings(report: &Value) -> Vec<(String, String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            assert_eq!(f["component"], "deck", "{f}");
            (
                f["class"].as_str().unwrap().to_owned(),
                f["card"].as_str().unwrap().to_owned(),
                f["severity"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn with_manifest(p: &Project, count: usize) {
    p.write(
        "data/fixture/manifest.yaml",
        &format!("entries:\n  - name: Cards\n    count: {count}\n    component: deck\n"),
    );
}

#[test]
fn pale_and_small_text_fail_the_check_naming_component_and_card() {
    let p = fixture("", &["clean", "faint", "tiny"]);
    with_manifest(&p, 3);
    let out = check(&p, &["fixture"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "ERROR contrast: deck/Faint Card front: text \"Faint Card\" has a contrast of 2.0"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "ERROR small_text: deck/Tiny Card front: text \"small print\" is set at 5.00 pt"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("preflight FAILED: 2 errors"), "{stdout}");
    assert!(!stdout.contains("Clean Card"), "{stdout}");
    // check.json: the manifest passed, the preflight did not.
    let json = check_json(&p);
    assert_eq!(json["passed"], true);
    assert_eq!(json["preflight"]["passed"], false);
    let found = findings(&json["preflight"]);
    assert_eq!(
        found,
        [
            ("contrast".into(), "Faint Card".into(), "error".into()),
            ("small_text".into(), "Tiny Card".into(), "error".into()),
        ]
    );
    let contrast = &json["preflight"]["findings"][0];
    let ratio = contrast["value"].as_f64().unwrap();
    assert!((ratio - 2.0).abs() < 0.1, "{contrast}");
    assert_eq!(contrast["limit"], 4.5);
    assert_eq!(contrast["element"], "text \"Faint Card\"");
    assert_eq!(contrast["file"], "data/fixture/deck.yaml");
    assert_eq!(contrast["line"], 3);
    let size = json["preflight"]["findings"][1]["value"].as_f64().unwrap();
    assert!((size - 5.0).abs() < 0.01, "{size}");

    // The JSON document and the GitHub annotations say the same.
    let out = check(&p, &["fixture", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["summary"]["preflight_errors"], 2);
    assert_eq!(doc["preflight"][0]["kit"], "fixture");
    assert_eq!(findings(&doc["preflight"][0]["preflight"]).len(), 2);
    let out = check(&p, &["fixture", "--format", "github"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("::error file=data/fixture/deck.yaml,line=3,title=preflight contrast::fixture: deck/Faint Card front: text \"Faint Card\" has a contrast of 2.0"),
        "{stdout}"
    );
    assert!(
        stdout.contains("::error file=data/fixture/deck.yaml,line=5,title=preflight small_text::"),
        "{stdout}"
    );
    assert!(
        stdout.contains("preflight failed in 1 kit: 2 errors, 0 warnings"),
        "{stdout}"
    );
}

#[test]
fn soft_art_hairlines_and_short_bleed_are_warnings() {
    let p = fixture("", &["art", "short"]);
    // No manifest: the preflight is checked all the same.
    let out = check(&p, &["fixture", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let report = &doc["preflight"][0]["preflight"];
    let mut found = findings(report);
    found.sort();
    let warn = |class: &str, card: &str| (class.to_owned(), card.to_owned(), "warning".to_owned());
    assert_eq!(
        found,
        [
            warn("bleed", "Short Card"),
            warn("bleed", "Short Card"),
            warn("bleed", "Short Card"),
            warn("bleed", "Short Card"),
            warn("hairline", "Art Card"),
            warn("low_dpi", "Art Card"),
        ],
        "{report}"
    );
    let by_class = |class: &str| {
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["class"] == class)
            .unwrap()
            .clone()
    };
    let dpi = by_class("low_dpi");
    assert_eq!(dpi["element"], "image `grey.png`");
    assert!(
        (dpi["value"].as_f64().unwrap() - 10.16).abs() < 0.1,
        "{dpi}"
    );
    let line = by_class("hairline");
    assert_eq!(line["element"], "line #hairline");
    assert!(
        (line["value"].as_f64().unwrap() - 0.142).abs() < 0.01,
        "{line}"
    );
    let bleed = by_class("bleed");
    assert_eq!(bleed["element"], "top edge");
    assert_eq!(bleed["value"], 0.0);

    // A build shows them as warnings and succeeds.
    let opts = BuildOptions {
        out_dir: p.out(),
        ..BuildOptions::default()
    };
    let project = protopress::Project::open(p.root()).unwrap();
    let built = Session::new(&project, &opts)
        .build_in_memory("fixture")
        .unwrap();
    let w = &built.report.warnings;
    assert!(
        w.iter().any(|w| w.starts_with(
            "preflight low_dpi: deck/Art Card front: image `grey.png` prints at 10 dpi"
        )),
        "{w:?}"
    );
    assert!(
        w.iter().any(|w| w
            .starts_with("preflight hairline: deck/Art Card front: line #hairline is 0.142 pt")),
        "{w:?}"
    );
    assert!(
        w.iter()
            .any(|w| w.starts_with("preflight bleed: deck/Short Card front:")),
        "{w:?}"
    );
}

#[test]
fn a_build_warns_and_the_profile_turns_classes_down() {
    let p = fixture("", &["clean", "faint", "tiny"]);
    with_manifest(&p, 3);
    // A build never fails for preflight: its findings are warnings, and in check.json.
    let opts = BuildOptions {
        out_dir: p.out(),
        ..BuildOptions::default()
    };
    let project = protopress::Project::open(p.root()).unwrap();
    let outcome = Session::new(&project, &opts).build_game("fixture").unwrap();
    let w = &outcome.report.warnings;
    assert!(
        w.iter()
            .any(|w| w.starts_with("preflight contrast: deck/Faint Card front:")),
        "{w:?}"
    );
    assert!(outcome.check.as_ref().unwrap().passed);
    assert_eq!(check_json(&p)["preflight"]["errors"], 2);

    // `contrast: warn` makes it a warning; `small_text: off` stops looking, and a lower limit
    // lets 5 pt pass when it is on.
    p.edit(
        "data/fixture/game.yaml",
        "  paper: a4\n",
        "  paper: a4\n  preflight: { contrast: warn, small_text: off }\n",
    );
    let out = check(&p, &["fixture"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("warning contrast: deck/Faint Card"),
        "{stdout}"
    );
    assert!(!stdout.contains("small_text"), "{stdout}");
    assert!(
        stdout.contains("preflight passed with 1 warning"),
        "{stdout}"
    );
    p.edit(
        "data/fixture/game.yaml",
        "small_text: off }",
        "min_text_pt: 5 }",
    );
    let out = check(&p, &["fixture"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("small_text"));
    // A limit out of range is bad input, named.
    p.edit(
        "data/fixture/game.yaml",
        "min_text_pt: 5",
        "min_text_pt: -1",
    );
    let out = check(&p, &["fixture"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("preflight.min_text_pt"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_clean_face_passes() {
    let p = fixture("", &["clean"]);
    with_manifest(&p, 1);
    let out = check(&p, &["fixture"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("preflight passed"), "{stdout}");
    let json = check_json(&p);
    assert_eq!(json["preflight"]["passed"], true);
    assert_eq!(json["preflight"]["findings"], serde_json::json!([]));
    let opts = BuildOptions {
        out_dir: p.out(),
        ..BuildOptions::default()
    };
    let project = protopress::Project::open(p.root()).unwrap();
    let built = Session::new(&project, &opts)
        .build_in_memory("fixture")
        .unwrap();
    assert!(
        built.report.warnings.is_empty(),
        "{:?}",
        built.report.warnings
    );
}

/// A command-line build keeps each face's findings in its cache: the next build reads them
/// back and writes the same `check.json` as a build without the cache; a changed preflight
/// limit is measured again, and a card renamed without changing its face (the 5 pt words
/// are not its name) has its findings under its new name.
#[test]
fn the_build_cache_keeps_the_preflight_and_never_serves_it_stale() {
    let p = fixture("", &["clean", "faint", "tiny"]);
    with_manifest(&p, 3);
    let build = |args: &[&str]| {
        common::run_ok(p.root(), &[&["build", "fixture"], args].concat());
    };
    let cold = || {
        build(&["--no-cache", "--out", "cold"]);
        let text = std::fs::read_to_string(p.root().join("cold/fixture/check.json")).unwrap();
        serde_json::from_str::<Value>(&text).unwrap()
    };
    let kept = || {
        let dir = p.out().join(".cache/fixture/kit");
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("notes-"))
            .count()
    };
    build(&[]);
    assert_eq!(kept(), 1, "the findings of every face, one entry");
    build(&[]);
    assert_eq!(check_json(&p), cold());
    assert_eq!(check_json(&p)["preflight"]["errors"], 2);

    p.edit(
        "data/fixture/game.yaml",
        "  paper: a4\n",
        "  paper: a4\n  preflight: { contrast: warn, min_text_pt: 5 }\n",
    );
    build(&[]);
    assert_eq!(check_json(&p), cold());
    // 5 pt text passes at a 5 pt limit: not the findings of the 6 pt limit, kept.
    assert_eq!(check_json(&p)["preflight"]["errors"], 0);
    assert_eq!(check_json(&p)["preflight"]["warnings"], 1);
    p.edit("data/fixture/game.yaml", "min_text_pt: 5", "min_text_pt: 6");

    p.edit("data/fixture/deck.yaml", "Tiny Card", "Wee Card");
    build(&[]);
    assert_eq!(check_json(&p), cold());
    let found = findings(&check_json(&p)["preflight"]);
    assert!(
        found
            .iter()
            .any(|(class, card, _)| class == "small_text" && card == "Wee Card"),
        "{found:?}"
    );
}

/// `check` reads what the last build found on each face it kept, and looks again at a face
/// changed since: its findings are those of `check --no-cache`, and `--verbose` says how many
/// faces it took from the build.
#[test]
fn check_reads_the_last_builds_findings_and_looks_again_at_what_changed() {
    let p = fixture("", &["clean", "faint", "tiny"]);
    with_manifest(&p, 3);
    let checked = |args: &[&str]| {
        let out = check(&p, &[&["fixture", "--verbose"], args].concat());
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            check_json(&p),
        )
    };
    let (said, _) = checked(&[]);
    assert!(
        said.contains("4 faces looked at, 0 of them as the last build found them"),
        "{said}"
    );

    common::run_ok(p.root(), &["build", "fixture"]);
    let (said, json) = checked(&[]);
    assert!(
        said.contains("4 faces looked at, 4 of them as the last build found them"),
        "{said}"
    );
    assert_eq!(json, checked(&["--no-cache"]).1);
    let (said, _) = checked(&["--no-cache"]);
    assert!(said.contains(", 0 of them as"), "{said}");

    // The pale words made dark after the build: that face is looked at again, and passes.
    p.edit("templates/fixture/faint.svg.tera", "#b5b5b5", "#202020");
    let (said, json) = checked(&[]);
    assert!(
        said.contains("4 faces looked at, 3 of them as the last build found them"),
        "{said}"
    );
    assert_eq!(json, checked(&["--no-cache"]).1);
    let found = findings(&json["preflight"]);
    assert!(
        !found.iter().any(|(class, _, _)| class == "contrast"),
        "{found:?}"
    );
    assert!(
        found.iter().any(|(class, _, _)| class == "small_text"),
        "{found:?}"
    );
}
