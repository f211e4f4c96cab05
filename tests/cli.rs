//! The command line as a designer meets it: `--quiet` on every command, `--lang` on the
//! commands that work on one kit, and errors that point at the file and line to fix.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{copy_game, edit_file};

fn run(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_protopress"))
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .unwrap()
}

/// A game `new` made in `root`, "pocket": its data folder, its game.yaml and what that says.
fn new_pocket(root: &Path) -> (PathBuf, PathBuf, String) {
    assert!(run(root, &["-q", "new", "pocket"]).status.success());
    let data = root.join("data/pocket");
    let game = data.join("game.yaml");
    let yaml = std::fs::read_to_string(&game).unwrap();
    (data, game, yaml)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `-q` leaves stdout empty for every command that succeeds (machine-readable check output
/// aside), and the work is still done.
#[test]
fn quiet_silences_every_command() {
    let dir = copy_game("veil-runners");
    let root = dir.path();
    for args in [
        &["-q", "build", "veil-runners", "--mark-printed"][..],
        &["-q", "check", "veil-runners"],
        &["-q", "export", "veil-runners", "--format", "pdf-cards"],
        &["-q", "reprint", "veil-runners"],
        &["-q", "schema", "--out", "schemas"],
        &["-q", "new", "quiet-game"],
        &["-q", "simulate", "veil-runners"],
    ] {
        let out = run(root, args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "", "{args:?} printed with -q");
        assert_eq!(stderr(&out), "", "{args:?} printed with -q");
    }
    assert!(root.join("output/veil-runners/de/kit.pdf").is_file());
    assert!(root.join("data/quiet-game/game.yaml").is_file());
    // The JSON report is the command's output, -q or not.
    let out = run(root, &["-q", "check", "veil-runners", "--format", "json"]);
    assert!(stdout(&out).contains("\"summary\""));
}

/// `simulate` without a game takes the project's only one, and refuses a playtest option on a
/// game it cannot play rather than ignore it.
#[test]
fn simulate_picks_the_only_game_and_refuses_options_it_cannot_apply() {
    let dir = copy_game("veil-runners");
    let root = dir.path();
    let out = run(root, &["simulate"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(root.join("output/veil-runners/deck-stats.json").is_file());
    for option in [
        &["--players", "2"][..],
        &["--narrate"],
        &["--set", "quota.day3=30"],
    ] {
        let mut args = vec!["simulate", "veil-runners"];
        args.extend(option);
        let out = run(root, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.contains(option[0]) && err.contains("no playtest model"),
            "{err}"
        );
    }
}

/// Switching a game between one language and several leaves no kit of the old layout beside
/// the new one, where it would pass for current.
#[test]
fn a_kit_of_the_other_layout_is_cleared_when_languages_change() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let (data, game, yaml) = new_pocket(root);
    let out = root.join("output/pocket");
    assert!(
        run(root, &["-q", "build", "--mark-printed"])
            .status
            .success()
    );
    assert!(out.join("kit.pdf").is_file());
    std::fs::write(&game, format!("languages: [en, de]\n{yaml}")).unwrap();
    std::fs::copy(data.join("rules.md"), data.join("rules.de.md")).unwrap();
    let built = run(root, &["-q", "build"]);
    assert!(built.status.success(), "{}", stderr(&built));
    assert!(out.join("de/kit.pdf").is_file() && out.join("en/kit.pdf").is_file());
    for stale in ["kit.pdf", "build.json", "thumbs", "index.html"] {
        assert!(
            !out.join(stale).exists(),
            "{stale} of the one-language kit is still there"
        );
    }
    // A language dropped: its kit goes, the others stay.
    std::fs::write(&game, format!("languages: [en, fr]\n{yaml}")).unwrap();
    std::fs::copy(data.join("rules.md"), data.join("rules.fr.md")).unwrap();
    let built = run(root, &["-q", "build"]);
    assert!(built.status.success(), "{}", stderr(&built));
    assert!(out.join("fr/kit.pdf").is_file() && out.join("en/kit.pdf").is_file());
    assert!(!out.join("de").exists());
    std::fs::write(&game, &yaml).unwrap();
    assert!(run(root, &["-q", "build"]).status.success());
    assert!(out.join("kit.pdf").is_file());
    assert!(!out.join("fr").exists() && !out.join("en").exists());
}

/// A first build of a game in two languages, one of which fails, leaves no output folder:
/// the kits wait in a folder of the output root, which the build made and removes again.
#[test]
fn a_failed_first_build_in_two_languages_leaves_no_output_folder() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let (data, game, yaml) = new_pocket(root);
    std::fs::write(&game, format!("languages: [en, de]\n{yaml}")).unwrap();
    let rules = std::fs::read_to_string(data.join("rules.md")).unwrap();
    let broken = format!("{rules}\n{{{{ components.nothing_here.name }}}}\n");
    std::fs::write(data.join("rules.de.md"), broken).unwrap();
    let built = run(root, &["-q", "build"]);
    assert_eq!(built.status.code(), Some(2), "{}", stderr(&built));
    assert!(
        stderr(&built).contains("nothing_here"),
        "{}",
        stderr(&built)
    );
    assert!(!root.join("output").exists(), "an output folder was left");
}

/// A game in two languages is checked, exported and reprinted once per language by default,
/// and in one language with `--lang`; an unknown language lists the game's.
#[test]
fn commands_work_on_every_language_or_the_one_named() {
    let dir = copy_game("veil-runners");
    let root = dir.path();
    let out = run(root, &["check", "veil-runners"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("veil-runners (en):") && text.contains("veil-runners (de):"),
        "{text}"
    );
    assert!(text.contains("checked 1 game (2 kits): 2 passed"), "{text}");
    for lang in ["en", "de"] {
        assert!(
            root.join(format!("output/veil-runners/{lang}/check.json"))
                .is_file()
        );
    }
    let out = run(
        root,
        &[
            "export",
            "veil-runners",
            "--format",
            "pdf-cards",
            "--lang",
            "de",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let export = |lang: &str| {
        root.join(format!(
            "output/veil-runners/{lang}/export/pdf-cards/cards-one-per-page.pdf"
        ))
    };
    assert!(export("de").is_file() && !export("en").exists());
    let out = run(root, &["export", "veil-runners", "--format", "pdf-cards"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(export("en").is_file());
    // The German cards export shows the German names.
    let de = std::fs::read(export("de")).unwrap();
    let en = std::fs::read(export("en")).unwrap();
    assert_ne!(de, en);

    let out = run(root, &["check", "veil-runners", "--lang", "fr"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("`fr` is not one of the languages of `veil-runners` (en, de)"),
        "{}",
        stderr(&out)
    );

    // A reprint after a change prints the same cards in each language's kit.
    assert!(
        run(root, &["-q", "build", "veil-runners", "--mark-printed"])
            .status
            .success()
    );
    let tokens = root.join("data/veil-runners/tokens.yaml");
    let text = std::fs::read_to_string(&tokens).unwrap();
    std::fs::write(&tokens, text.replace("label: FOCUS }", "label: FOCUS! }")).unwrap();
    let out = run(root, &["reprint", "veil-runners"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stdout(&out);
    assert!(
        said.contains("veil-runners (en): 1 change, 18 copies to print")
            && said.contains("veil-runners (de): 1 change, 18 copies to print"),
        "{said}"
    );
    for lang in ["en", "de"] {
        assert!(
            root.join(format!("output/veil-runners/{lang}/reprint.pdf"))
                .is_file()
        );
    } // Back to what was printed: each language's stale reprint.pdf goes.
    std::fs::write(&tokens, text).unwrap();
    let out = run(root, &["reprint", "veil-runners"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("veil-runners (de): nothing changed since the last print"),
        "{}",
        stdout(&out)
    );
    for lang in ["en", "de"] {
        let stale = root.join(format!("output/veil-runners/{lang}/reprint.pdf"));
        assert!(!stale.exists(), "{lang}: a stale reprint.pdf");
    }
    // The designer hears that it went.
    assert!(
        stdout(&out).contains("reprint.pdf no longer matches the data and was removed"),
        "{}",
        stdout(&out)
    );
}

/// A key written twice is an error at the second one, naming the first.
#[test]
fn a_duplicate_yaml_key_points_at_the_duplicate() {
    let dir = copy_game("facility-07");
    let root = dir.path();
    let game = root.join("data/facility-07/game.yaml");
    let text = std::fs::read_to_string(&game).unwrap();
    let first = text.lines().position(|l| l.starts_with("name:")).unwrap() + 1;
    std::fs::write(
        &game,
        text.replacen("name:", "name: Facility Seven\nname:", 1),
    )
    .unwrap();
    let out = run(root, &["build", "facility-07"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("data/facility-07/game.yaml:{}:1", first + 1)),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "the key `name` is given twice in one map (first on line {first})"
        )),
        "{err}"
    );
}

/// Errors in `rules.typ` point at its own line and column, and Typst errors from the rules'
/// Markdown (a broken image) at the rules line, not at the generated Typst.
#[test]
fn rulebook_errors_point_at_their_own_file_and_line() {
    let dir = copy_game("facility-07");
    let root = dir.path();
    let data = root.join("data/facility-07");
    std::fs::write(
        data.join("rules.typ"),
        "#set par(justify: true)\n\n#set text(size: nonsense)\n",
    )
    .unwrap();
    let out = run(root, &["build", "facility-07"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("data/facility-07/rules.typ:3:17"), "{err}");
    assert!(err.contains("unknown variable: nonsense"), "{err}");
    assert!(!err.contains("generated Typst"), "{err}");

    // A font the typesetter lacks, named in rules.typ, is found there too.
    std::fs::write(
        data.join("rules.typ"),
        "#set par(justify: true)\n#set text(font: \"Comic Sans MS\")\n",
    )
    .unwrap();
    let out = run(root, &["build", "facility-07"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("data/facility-07/rules.typ:2:17"), "{err}");
    assert!(err.contains("unknown font family: comic sans ms"), "{err}");

    std::fs::remove_file(data.join("rules.typ")).unwrap();
    let rules = std::fs::read_to_string(data.join("rules.md")).unwrap();
    let rules = rules.trim_end();
    let line = rules.lines().count() + 2;
    std::fs::write(
        data.join("rules.md"),
        format!("{rules}\n\nSee ![the board](broken.png) here.\n"),
    )
    .unwrap();
    std::fs::write(data.join("broken.png"), "not a picture").unwrap();
    let out = run(root, &["build", "facility-07"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("data/facility-07/rules.md:{line}:1")),
        "{err}"
    );
    assert!(!err.contains("generated Typst"), "{err}");
}

/// Counts of one read in the singular: `1 printed piece`, `1 entry`.
#[test]
fn one_of_a_thing_is_written_in_the_singular() {
    let p = common::deck_game("  paper: a4", "- name: Alpha\n");
    p.write(
        "data/fixture/manifest.yaml",
        "entries:\n  - { name: Deck, count: 1, component: deck, unstated: no rules }\n",
    );
    let out = run(p.root(), &["build", "fixture"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("built fixture: 1 printed piece, "), "{text}");
    assert!(text.contains("manifest check passed (1 entry)"), "{text}");
    // Printed single-sided, one card's sheet file has one page, and the index page says so.
    let single = common::deck_game("  paper: a4\n  duplex: none", "- name: Alpha\n");
    let out = run(single.root(), &["build", "fixture"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let index = std::fs::read_to_string(single.out().join("fixture/index.html")).unwrap();
    assert!(index.contains("cards.pdf</a> (1 page)"), "{index}");
    let out = run(p.root(), &["check", "fixture"]);
    let text = stdout(&out);
    assert!(
        text.contains(
            "checked 1 game: 1 passed, 0 failed, 0 with bad input; 0 of 1 entry mismatch"
        ),
        "{text}"
    );
}

/// `--lang de` names a game's `de-CH` for every command alike: build and check take it, and the
/// kit lands where a build without `--lang` puts it.
#[test]
fn a_base_language_names_the_listed_region_for_build_and_check() {
    let p = common::deck_game("  paper: a4", "- name: Alpha\n");
    let game = p.root().join("data/fixture/game.yaml");
    let yaml = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, format!("language: de-CH\n{yaml}")).unwrap();
    let out = run(p.root(), &["build", "fixture", "--lang", "de"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(p.out().join("fixture/kit.pdf").exists());
    let out = run(p.root(), &["check", "fixture", "--lang", "de"]);
    assert_ne!(out.status.code(), Some(2), "{}", stderr(&out));
    for command in ["build", "check"] {
        let out = run(p.root(), &[command, "fixture", "--lang", "fr"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains("`fr` is not one of the languages of `fixture` (de-CH)"),
            "{}",
            stderr(&out)
        );
    }
}

/// A language with a region typesets (Typst takes the region apart); a region that is not two
/// letters is an error at `language:` in game.yaml, not in the generated Typst.
#[test]
fn a_language_region_typesets_or_is_refused_at_its_line() {
    let p = common::deck_game("  paper: a4", "- name: Alpha\n");
    p.write(
        "data/fixture/rules.md",
        "# Regeln\n\n\"Grüezi\", sagt die Karte.\n",
    );
    let game = p.root().join("data/fixture/game.yaml");
    let yaml = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, format!("language: de-CH\n{yaml}")).unwrap();
    let out = run(p.root(), &["build", "fixture"]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::write(&game, format!("language: de-1996\n{yaml}")).unwrap();
    let out = run(p.root(), &["build", "fixture"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("data/fixture/game.yaml:1:1"), "{err}");
    assert!(err.contains("`de-1996` is not a language code"), "{err}");
    assert!(!err.contains("generated Typst"), "{err}");
}

/// An output folder that is the project or one of its source folders is refused before
/// anything is written: kit files would mix with the game's own.
#[test]
fn an_output_folder_among_the_sources_is_refused() {
    let dir = copy_game("veil-runners");
    let root = dir.path();
    let listing = |p: &Path| {
        let mut names: Vec<_> = std::fs::read_dir(p)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        names
    };
    let data_before = listing(&root.join("data/veil-runners"));
    for out in ["data", "data/veil-runners", ".", "templates/../fonts", ".."] {
        for command in ["build", "export", "check"] {
            let mut args = vec!["-q", command, "veil-runners", "--out", out];
            if command == "export" {
                args.extend(["--format", "pdf-cards"]);
            }
            let done = run(root, &args);
            assert_eq!(done.status.code(), Some(2), "{args:?}");
            assert!(
                stderr(&done).contains("source folders"),
                "{}",
                stderr(&done)
            );
        }
    }
    // Through a link, `..` is the parent of what it links to, as the system takes it.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("data/veil-runners", root.join("art")).unwrap();
        let done = run(
            root,
            &["-q", "check", "veil-runners", "--out", "art/../kits"],
        );
        assert_eq!(done.status.code(), Some(2), "{}", stderr(&done));
        assert!(!root.join("data/kits").exists());
    }
    assert_eq!(listing(&root.join("data/veil-runners")), data_before);
    assert!(!root.join("veil-runners").exists());
    // Beside the sources is fine.
    let done = run(root, &["-q", "check", "veil-runners", "--out", "kits"]);
    assert!(done.status.success(), "{}", stderr(&done));
}

/// A game's kits in several languages are written together or not at all: a mistake in the
/// German rules leaves the English kit as it was too, so the two still match.
#[test]
fn one_languages_mistake_writes_none_of_the_games_kits() {
    let dir = copy_game("veil-runners");
    let root = dir.path();
    assert!(run(root, &["-q", "build", "veil-runners"]).status.success());
    let kit = |lang: &str| {
        std::fs::read(root.join(format!("output/veil-runners/{lang}/kit.pdf"))).unwrap()
    };
    let (en, de) = (kit("en"), kit("de"));
    // A change both kits would show, and a mistake only the German one has.
    edit_file(&root.join("data/veil-runners/rules.md"), "# ", "# Changed ");
    let german = root.join("data/veil-runners/rules.de.md");
    let text = std::fs::read_to_string(&german).unwrap();
    std::fs::write(&german, format!("{text}\n\n<b>roh</b>\n")).unwrap();
    let done = run(root, &["build", "veil-runners"]);
    assert_eq!(done.status.code(), Some(2));
    assert!(stderr(&done).contains("rules.de.md"), "{}", stderr(&done));
    assert!(
        stderr(&done).contains("2 of 2 kits failed"),
        "{}",
        stderr(&done)
    );
    assert!(kit("en") == en, "the English kit was replaced alone");
    assert!(kit("de") == de);
}

/// A game in two languages with a manifest that cannot be read: both kits fail, and the count
/// says kits, not "2 of 1 game".
#[test]
fn a_failed_check_counts_the_kits_of_a_game_in_two_languages() {
    let dir = copy_game("veil-runners");
    let root = dir.path();
    let manifest = root.join("data/veil-runners/manifest.yaml");
    edit_file(&manifest, "component: ", "component: nosuch");
    let done = run(root, &["check", "veil-runners"]);
    assert_eq!(done.status.code(), Some(2));
    assert!(
        stderr(&done).contains("2 of 2 kits could not be checked"),
        "{}",
        stderr(&done)
    );
}

/// `check --format github` is read by CI as workflow commands on every stream: a game name (or
/// any text from a game) holding a line break cannot start a command of its own, on stdout or
/// on stderr (#40).
#[test]
fn github_check_output_cannot_be_made_to_write_its_own_commands() {
    let dir = copy_game("veil-runners");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_protopress"))
        .arg("-C")
        .arg(dir.path())
        .args([
            "check",
            "nope\n::notice file=x::injected",
            "--format",
            "github",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        let text = String::from_utf8_lossy(bytes);
        for line in text.lines() {
            assert!(
                !line.trim_start().starts_with("::notice"),
                "{stream} writes a command of its own: {line:?}"
            );
        }
    }
    assert!(String::from_utf8_lossy(&out.stderr).contains("%0A::notice"));
}

/// A build parses each unique face once: drawn, stamped and let go, a face is never asked
/// for again (placing its revision stamp after drawing it used to parse every face twice and
/// keep the second tree to the end). Shown failing by finding the stamp after the drawing.
#[test]
fn a_build_parses_each_unique_face_once() {
    // More cards than the index page shows: only faces it does not show are let go.
    let cards: String = (0..300)
        .map(|i| format!("- name: Card {i}\n  count: 2\n  text: Gain {i} coins.\n"))
        .collect();
    let p = common::deck_game("  paper: a4", &cards);
    let out = run(p.root(), &["-v", "build", "fixture"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("301 unique faces"), "{text}");
    assert!(text.contains("faces parsed: 301 (of 301 unique)"), "{text}");
}
