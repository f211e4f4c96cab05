//! Bad input, case by case: every broken fixture game must fail with an error that names the
//! file (and the line where the format has lines), exit non-zero, never panic, and leave the
//! previous good output exactly as it was.

mod common;

use std::process::Command;

use common::{Project, deck_game, snapshot};

const CARDS: &str = "- name: Alpha\n  count: 2\n  text: fine\n- name: Beta\n  text: also fine\n";

/// One broken game: how to break the good fixture, and what the error must say.
struct Case {
    name: &'static str,
    breaks: fn(&Project),
    /// Text the error must contain (a file name, usually).
    says: &'static [&'static str],
    /// The line the error must point at, where the format has lines.
    line: Option<usize>,
}

fn write(p: &Project, path: &str, text: &str) {
    p.write(path, text);
}

fn edit(p: &Project, path: &str, from: &str, to: &str) {
    let full = p.root().join(path);
    let text = std::fs::read_to_string(&full).unwrap();
    assert!(text.contains(from), "{path} has no {from:?}");
    std::fs::write(full, text.replacen(from, to, 1)).unwrap();
}

fn front(p: &Project, body: &str) {
    write(
        p,
        "templates/fixture/front.svg.tera",
        &format!("{{% <face_svg> %}}{body}{{% </face_svg> %}}"),
    );
}

const GAME: &str = "data/fixture/game.yaml";
const DECK: &str = "data/fixture/deck.yaml";
const RULES: &str = "data/fixture/rules.md";

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "malformed game.yaml",
            breaks: |p| edit(p, GAME, "name: Fixture", "name: [Fixture"),
            says: &["game.yaml"],
            line: Some(1),
        },
        Case {
            name: "malformed cards",
            breaks: |p| write(p, DECK, "- name: Alpha\n  count: [2\n"),
            says: &["deck.yaml"],
            line: Some(2),
        },
        Case {
            name: "game.yaml is a list",
            breaks: |p| write(p, GAME, "- a\n- b\n"),
            says: &["game.yaml"],
            line: Some(1),
        },
        Case {
            name: "cards file is a map",
            breaks: |p| write(p, DECK, "name: Alpha\n"),
            says: &["deck.yaml", "list of cards"],
            line: Some(1),
        },
        Case {
            name: "count is a word",
            breaks: |p| edit(p, DECK, "count: 2", "count: many"),
            says: &["deck.yaml"],
            line: Some(2),
        },
        Case {
            name: "bleed is a word",
            breaks: |p| edit(p, GAME, "paper: a4", "paper: a4\n  bleed_mm: three"),
            says: &["game.yaml", "bleed_mm"],
            line: Some(5),
        },
        Case {
            name: "components is a number",
            breaks: |p| write(p, GAME, "name: F\nrevision: \"1\"\ncomponents: 5\n"),
            says: &["game.yaml"],
            line: Some(3),
        },
        Case {
            name: "unknown game field",
            breaks: |p| edit(p, GAME, "revision:", "revison: x\nrevision:"),
            says: &["game.yaml", "did you mean `revision`"],
            line: Some(2),
        },
        Case {
            name: "empty revision",
            breaks: |p| edit(p, GAME, "revision: \"1\"", "revision: \"  \""),
            says: &["game.yaml", "`revision` is empty"],
            line: Some(2),
        },
        Case {
            name: "unknown print field",
            breaks: |p| edit(p, GAME, "paper: a4", "papr: a4"),
            says: &["game.yaml", "did you mean `paper`"],
            line: Some(4),
        },
        Case {
            name: "unknown component field",
            breaks: |p| edit(p, GAME, "    front:", "    frnt: x\n    front:"),
            says: &["game.yaml", "did you mean `front`"],
            line: Some(9),
        },
        Case {
            name: "unknown card field",
            breaks: |p| edit(p, DECK, "  text: fine", "  txt: fine"),
            says: &["deck.yaml", "did you mean `text`", "component `deck`"],
            line: Some(3),
        },
        Case {
            name: "unknown card size",
            breaks: |p| edit(p, GAME, "size: poker", "size: pokr"),
            says: &["game.yaml", "did you mean `poker`"],
            line: Some(8),
        },
        Case {
            name: "custom size without height",
            breaks: |p| edit(p, GAME, "size: poker", "size: { width_mm: 60 }"),
            says: &["game.yaml", "card size"],
            line: Some(8),
        },
        Case {
            name: "custom size of zero",
            breaks: |p| {
                edit(
                    p,
                    GAME,
                    "size: poker",
                    "size: { width_mm: 0, height_mm: 90 }",
                )
            },
            says: &["game.yaml", "outside 5 to 2000"],
            line: Some(8),
        },
        Case {
            name: "duplicate component ids",
            breaks: |p| {
                edit(
                    p,
                    GAME,
                    "components:\n",
                    "components:\n  - id: deck\n    name: Again\n    size: poker\n    front: front.svg.tera\n    cards: deck.yaml\n    card_fields: [text]\n",
                )
            },
            says: &["game.yaml", "two components have the id `deck`"],
            line: None,
        },
        Case {
            name: "component id with capitals",
            breaks: |p| edit(p, GAME, "id: deck", "id: Deck"),
            says: &["game.yaml", "lower-case"],
            line: Some(6),
        },
        Case {
            name: "duplicate card ids",
            breaks: |p| write(p, DECK, "- name: Alpha\n- name: alpha\n"),
            says: &["deck.yaml", "two cards have the id `alpha`"],
            line: Some(2),
        },
        Case {
            name: "negative count",
            breaks: |p| edit(p, DECK, "count: 2", "count: -2"),
            says: &["deck.yaml", "count -2"],
            line: Some(2),
        },
        Case {
            name: "absurd count",
            breaks: |p| edit(p, DECK, "count: 2", "count: 1000000000"),
            says: &["deck.yaml", "outside 0 to"],
            line: Some(2),
        },
        Case {
            name: "empty deck",
            breaks: |p| write(p, DECK, "[]\n"),
            says: &["deck.yaml", "no cards"],
            line: None,
        },
        Case {
            name: "cards file with only a comment",
            breaks: |p| write(p, DECK, "# nothing yet\n"),
            says: &["deck.yaml"],
            line: None,
        },
        Case {
            name: "missing cards file",
            breaks: |p| std::fs::remove_file(p.root().join(DECK)).unwrap(),
            says: &["deck.yaml", "file not found"],
            line: None,
        },
        Case {
            name: "missing front template",
            breaks: |p| {
                std::fs::remove_file(p.root().join("templates/fixture/front.svg.tera")).unwrap()
            },
            says: &["front.svg.tera", "not found", "component `deck`"],
            line: None,
        },
        Case {
            name: "misspelt back template",
            breaks: |p| {
                edit(
                    p,
                    GAME,
                    "template: back.svg.tera",
                    "template: bakc.svg.tera",
                )
            },
            says: &["bakc.svg.tera", "did you mean `back.svg.tera`"],
            line: None,
        },
        Case {
            name: "Tera syntax error",
            breaks: |p| {
                write(
                    p,
                    "templates/fixture/front.svg.tera",
                    "<svg>\n{% if card.name %}\n</svg>",
                )
            },
            says: &["front.svg.tera", "syntax"],
            line: Some(3),
        },
        Case {
            name: "Tera runtime error",
            breaks: |p| front(p, "{{ card.nothing | upper }}"),
            says: &["front.svg.tera", "card `Alpha`"],
            line: Some(1),
        },
        Case {
            name: "Tera unknown function",
            breaks: |p| front(p, "{{ make_coffee() }}"),
            says: &["front.svg.tera"],
            line: Some(1),
        },
        Case {
            name: "template emits invalid SVG",
            breaks: |p| {
                write(
                    p,
                    "templates/fixture/front.svg.tera",
                    "<svg xmlns=\"http://www.w3.org/2000/svg\"><g></svg>",
                )
            },
            says: &["invalid SVG", "card `alpha (front)`"],
            line: None,
        },
        Case {
            name: "template emits plain text",
            breaks: |p| write(p, "templates/fixture/front.svg.tera", "just words"),
            says: &["invalid SVG", "component `deck`"],
            line: None,
        },
        Case {
            name: "unknown font family in SVG",
            breaks: |p| {
                front(
                    p,
                    "<text y=\"20\" font-family=\"Wingdings 9\">{{ card.name }}</text>",
                )
            },
            says: &["Wingdings 9", "not loaded", "card `alpha (front)`"],
            line: None,
        },
        Case {
            name: "missing glyph",
            breaks: |p| edit(p, DECK, "- name: Alpha", "- name: \"Alpha \u{E123}\""),
            says: &["U+E123", "empty box"],
            line: None,
        },
        Case {
            name: "missing image",
            breaks: |p| {
                front(
                    p,
                    "<image href=\"art/none.png\" width=\"10\" height=\"10\"/>",
                )
            },
            says: &["art/none.png", "missing"],
            line: None,
        },
        Case {
            name: "image outside the project",
            breaks: |p| {
                front(
                    p,
                    "<image href=\"../../../../etc/hostname\" width=\"10\" height=\"10\"/>",
                )
            },
            says: &["outside the project"],
            line: None,
        },
        Case {
            name: "absolute image path",
            breaks: |p| {
                front(
                    p,
                    "<image href=\"/etc/hostname\" width=\"10\" height=\"10\"/>",
                )
            },
            says: &["absolute paths"],
            line: None,
        },
        Case {
            name: "network image",
            breaks: |p| {
                front(
                    p,
                    "<image href=\"https://example.org/a.png\" width=\"10\" height=\"10\"/>",
                )
            },
            says: &["network"],
            line: None,
        },
        Case {
            name: "corrupt image",
            breaks: |p| {
                write(
                    p,
                    "templates/fixture/art/bad.png",
                    "\u{89}PNG this is not really a png",
                );
                front(
                    p,
                    "<image href=\"art/bad.png\" width=\"10\" height=\"10\"/>",
                );
            },
            says: &["art/bad.png"],
            line: None,
        },
        Case {
            // The header reads (sizes, type); the pixels end early. Only the PDF writer
            // decodes them, long after the face was drawn: its error still names the face.
            name: "truncated image",
            breaks: |p| {
                let png = common::gray_png(90);
                let path = p.root().join("templates/fixture/art/cut.png");
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, &png[..png.len() - 20]).unwrap();
                front(
                    p,
                    "<image href=\"art/cut.png\" width=\"10\" height=\"10\"/>",
                );
            },
            says: &[
                "an image on deck/alpha (front) could not be read",
                "`art/cut.png` is damaged or cut short",
            ],
            line: None,
        },
        Case {
            name: "gigantic text",
            breaks: |p| {
                edit(
                    p,
                    DECK,
                    "text: fine",
                    &format!("text: \"{}\"", "word ".repeat(5000)),
                )
            },
            says: &["does not fit", "card `Alpha`", "front.svg.tera"],
            line: None,
        },
        Case {
            name: "text_box with unknown family",
            breaks: |p| {
                front(
                    p,
                    "{{ text_box(text=card.name, x=8, y=8, width=40, height=10, size=4, family=\"Comic Sans\") }}",
                )
            },
            says: &["Comic Sans", "not loaded", "front.svg.tera"],
            line: Some(1),
        },
        Case {
            name: "text_box with a negative line height",
            breaks: |p| {
                front(
                    p,
                    "{{ text_box(text=card.name, x=8, y=8, width=40, height=10, size=4, line_height=-1) }}",
                )
            },
            says: &["line_height above 0", "front.svg.tera"],
            line: Some(1),
        },
        Case {
            name: "text_box with no lines allowed",
            breaks: |p| {
                front(
                    p,
                    "{{ text_box(text=card.name, x=8, y=8, width=40, height=10, size=4, max_lines=0) }}",
                )
            },
            says: &["`max_lines` is 0", "front.svg.tera"],
            line: Some(1),
        },
        Case {
            name: "text_box with a minimum size of 0",
            breaks: |p| {
                front(
                    p,
                    "{{ text_box(text=card.name, x=8, y=8, width=40, height=10, size=4, min_size=0) }}",
                )
            },
            says: &["`min_size` is 0; it must be above 0", "front.svg.tera"],
            line: Some(1),
        },
        Case {
            name: "icon of a negative size",
            breaks: |p| {
                front(
                    p,
                    "{{ text_box(text=card.name, x=8, y=8, width=40, height=10, size=4) }}{{ icon(name=\"coin\", x=8, y=20, size=-5) }}",
                )
            },
            says: &["icon(): `size` is -5", "front.svg.tera"],
            line: Some(1),
        },
        Case {
            name: "unknown icon in card text",
            breaks: |p| edit(p, DECK, "text: fine", "text: \"pay {gold}\""),
            says: &["unknown icon `gold`", "card `Alpha`"],
            line: None,
        },
        Case {
            name: "text box outside the safe zone",
            breaks: |p| {
                front(
                    p,
                    "{{ text_box(text=card.name, x=0, y=0, width=40, height=10, size=4) }}",
                )
            },
            says: &["safe zone", "front.svg.tera"],
            line: Some(1),
        },
        Case {
            name: "rules with raw HTML",
            breaks: |p| write(p, RULES, "# Rules\n\n<script>alert(1)</script>\n"),
            says: &["rules.md", "HTML"],
            line: Some(3),
        },
        Case {
            name: "rules with a Tera error",
            breaks: |p| write(p, RULES, "# Rules\n\n{{ components.nope.count }}\n"),
            says: &["rules.md"],
            line: Some(3),
        },
        Case {
            name: "rules image of an unknown card",
            breaks: |p| write(p, RULES, "# Rules\n\n![x](component:deck/nobody)\n"),
            says: &["rules.md", "no card `nobody`"],
            line: Some(3),
        },
        Case {
            name: "rules image from the network",
            breaks: |p| write(p, RULES, "# Rules\n\n![x](https://example.org/x.png)\n"),
            says: &["rules.md", "network"],
            line: Some(3),
        },
        Case {
            name: "rules image outside the project",
            breaks: |p| write(p, RULES, "# Rules\n\n![x](../../../etc/hostname)\n"),
            says: &["rules.md", "inside data/fixture/"],
            line: Some(3),
        },
        Case {
            name: "manifest with an unknown field",
            breaks: |p| {
                write(
                    p,
                    "data/fixture/manifest.yaml",
                    "entries:\n  - name: Deck\n    cuont: 3\n",
                )
            },
            says: &["manifest.yaml", "did you mean `count`"],
            line: Some(3),
        },
        Case {
            name: "manifest naming a missing component",
            breaks: |p| {
                write(
                    p,
                    "data/fixture/manifest.yaml",
                    "entries:\n  - name: Deck\n    count: 3\n    component: dek\n",
                )
            },
            says: &["manifest.yaml", "did you mean `deck`"],
            line: None,
        },
        Case {
            name: "non-UTF-8 game.yaml",
            breaks: |p| std::fs::write(p.root().join(GAME), b"name: F\xe9e\n").unwrap(),
            says: &["game.yaml", "UTF-8"],
            line: Some(1),
        },
        Case {
            name: "non-UTF-8 template",
            breaks: |p| {
                std::fs::write(
                    p.root().join("templates/fixture/back.svg.tera"),
                    b"<svg>\xff</svg>",
                )
                .unwrap()
            },
            says: &["back.svg.tera", "UTF-8"],
            line: Some(1),
        },
        Case {
            name: "non-UTF-8 rules",
            breaks: |p| std::fs::write(p.root().join(RULES), b"# R\n\n\xc3\x28\n").unwrap(),
            says: &["rules.md", "UTF-8"],
            line: Some(3),
        },
        Case {
            name: "card larger than the paper",
            breaks: |p| {
                edit(
                    p,
                    GAME,
                    "size: poker",
                    "size: { width_mm: 400, height_mm: 500 }",
                )
            },
            says: &["does not fit", "component `deck`"],
            line: None,
        },
        Case {
            name: "corrupt font file",
            breaks: |p| write(p, "data/fixture/fonts/Broken.ttf", "not a font at all"),
            says: &["Broken.ttf", "font"],
            line: None,
        },
        Case {
            name: "card field clashing with a built-in",
            breaks: |p| {
                edit(p, GAME, "card_fields: [text]", "card_fields: [text, index]");
                edit(p, DECK, "text: fine", "text: fine\n  index: 7");
            },
            says: &["clashes", "card `Alpha`"],
            line: None,
        },
        Case {
            name: "die without six faces",
            breaks: |p| {
                edit(
                    p,
                    GAME,
                    "card_fields: [text]",
                    "card_fields: [text, faces]\n    kind: die",
                );
                edit(
                    p,
                    GAME,
                    "size: poker",
                    "size: { width_mm: 20, height_mm: 20 }",
                );
                edit(p, GAME, "    back: { template: back.svg.tera }\n", "");
                edit(p, DECK, "text: fine", "text: fine\n  faces: [a, b]");
            },
            says: &["6 `faces`", "card `Alpha`"],
            line: None,
        },
        Case {
            name: "bought part with a template",
            breaks: |p| {
                edit(
                    p,
                    GAME,
                    "card_fields: [text]",
                    "card_fields: [text]\n    kind: bought",
                );
            },
            says: &["bought parts are not printed", "game.yaml"],
            line: None,
        },
        Case {
            name: "window outside a dashboard",
            breaks: |p| {
                edit(
                    p,
                    GAME,
                    "card_fields: [text]",
                    "card_fields: [text]\n    kind: dashboard\n    top: { template: back.svg.tera, windows: [{ x_mm: 50, y_mm: 5, w_mm: 30, h_mm: 10 }] }",
                );
                edit(p, GAME, "    back: { template: back.svg.tera }\n", "");
            },
            says: &["window", "outside"],
            line: None,
        },
        Case {
            name: "unknown paper",
            breaks: |p| edit(p, GAME, "paper: a4", "paper: a7"),
            says: &["game.yaml", "a7"],
            line: Some(4),
        },
        Case {
            name: "unknown duplex mode",
            breaks: |p| edit(p, GAME, "paper: a4", "paper: a4\n  duplex: longedge"),
            says: &["game.yaml", "did you mean `long-edge`"],
            line: Some(5),
        },
    ]
}

fn good_game() -> Project {
    let p = deck_game("  paper: a4", CARDS);
    write(&p, RULES, "# Rules\n\nDraw a card.\n");
    p
}

fn protopress(p: &Project, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_protopress"))
        .arg("-C")
        .arg(p.root())
        .args(args)
        .output()
        .unwrap()
}

/// Every `  --> file:line[:column]` location an error gives, as (file, line, column): the
/// line is read as a whole number, so a column (`:3:7`) never passes for a line 7.
fn locations(stderr: &str) -> Vec<(String, usize, Option<usize>)> {
    stderr
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("--> "))
        .filter_map(|at| {
            let mut parts = at.rsplitn(3, ':');
            let (a, b, c) = (parts.next()?, parts.next(), parts.next());
            match (a.parse::<usize>(), b.map(str::parse::<usize>), c) {
                // file:line:column
                (Ok(col), Some(Ok(line)), Some(file)) => Some((file.to_owned(), line, Some(col))),
                // file:line
                (Ok(line), Some(_), _) => {
                    let file = at[..at.len() - a.len() - 1].to_owned();
                    Some((file, line, None))
                }
                _ => None,
            }
        })
        .collect()
}

#[test]
fn locations_are_read_line_first() {
    let err = "error: x\n  --> data/fixture/game.yaml:1:7\n   |\n 1 | name: [\n";
    assert_eq!(
        locations(err),
        [("data/fixture/game.yaml".to_owned(), 1, Some(7))]
    );
    assert_eq!(
        locations("  --> data/fixture/rules.md:12\n"),
        [("data/fixture/rules.md".to_owned(), 12, None)]
    );
    assert!(locations("  --> data/fixture/deck.yaml\n").is_empty());
}

/// At least forty of the cases break the build in forty different ways: each case is applied
/// to a good game built in memory, and the errors it gives (message, file and line) are told
/// apart, so a case whose break stopped breaking anything, or that repeats another, does not
/// count.
#[test]
fn there_are_at_least_forty_cases() {
    let mut errors = std::collections::BTreeMap::new();
    let mut built_anyway = Vec::new();
    for case in cases() {
        let p = good_game();
        (case.breaks)(&p);
        let session = protopress::assemble::Session::new(
            &protopress::Project::open(p.root()).unwrap(),
            &protopress::assemble::BuildOptions {
                paper: None,
                out_dir: p.out(),
                mark_printed: false,
                layout: None,
            },
        );
        match session.build_in_memory("fixture") {
            Ok(_) => built_anyway.push(case.name),
            Err(e) => {
                let text = e.to_string();
                let said = (text.lines().next().unwrap().to_owned(), locations(&text));
                errors.entry(said).or_insert(case.name);
            }
        }
    }
    assert!(built_anyway.is_empty(), "these built: {built_anyway:?}");
    assert!(
        errors.len() >= 40,
        "{} distinct errors from {} cases ({} built anyway: {built_anyway:?}): {errors:#?}",
        errors.len(),
        cases().len(),
        built_anyway.len()
    );
}

#[test]
fn every_broken_game_fails_clearly_and_loses_nothing() {
    let mut failures = Vec::new();
    for case in cases() {
        let p = good_game();
        let ok = protopress(&p, &["build", "fixture"]);
        assert!(
            ok.status.success(),
            "the good fixture must build: {}",
            String::from_utf8_lossy(&ok.stderr)
        );
        let before = snapshot(&p.out().join("fixture"));
        (case.breaks)(&p);
        let out = protopress(&p, &["build", "fixture"]);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let mut problems = Vec::new();
        if out.status.success() {
            problems.push("the build succeeded".to_owned());
        }
        if out.status.code().is_none()
            || stderr.contains("panicked")
            || stderr.contains("RUST_BACKTRACE")
        {
            problems.push("it panicked or crashed".to_owned());
        }
        for want in case.says {
            if !stderr.contains(want) {
                problems.push(format!("the error does not say {want:?}"));
            }
        }
        if let Some(line) = case.line {
            let at = locations(&stderr);
            if !at.iter().any(|&(_, l, _)| l == line) {
                problems.push(format!(
                    "the error does not point at line {line} (it points at {at:?})"
                ));
            }
        }
        if snapshot(&p.out().join("fixture")) != before {
            problems.push("the previous output changed".to_owned());
        }
        if !problems.is_empty() {
            failures.push(format!("{}: {}\n{stderr}", case.name, problems.join("; ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} cases failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn a_manifest_that_does_not_add_up_fails_the_build_after_writing_the_kit() {
    let p = good_game();
    write(
        &p,
        "data/fixture/manifest.yaml",
        "entries:\n  - name: Deck Cards\n    count: 3\n    component: deck\n    parts:\n      - { name: Alphas, count: 1, where: { name: Alpha } }\n      - { name: Betas, count: 1, where: { name: Beta } }\n",
    );
    let out = protopress(&p, &["build", "fixture"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("add up to 2, not 3"), "{stderr}");
    assert!(p.out().join("fixture/check.json").is_file());
    let check = protopress(&p, &["check", "fixture"]);
    assert_eq!(check.status.code(), Some(1));
}
