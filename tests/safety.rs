//! Building a stranger's game: nothing read outside the project, no name taken as a path, no
//! number unchecked, limits on what could run without end, and an output folder that is always
//! a whole set, old or new, whatever happens to the build.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::{Project, deck_game, snapshot};

const CARDS: &str = "- name: Alpha\n  count: 2\n  text: fine\n- name: Beta\n  text: also fine\n";
const GAME: &str = "data/fixture/game.yaml";
const SECRET: &str = "TOP-SECRET-LINE";

fn protopress(p: &Project, args: &[&str]) -> Output {
    protopress_env(p, args, &[])
}

fn protopress_env(p: &Project, args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_protopress"))
        .arg("-C")
        .arg(p.root())
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A good game, built once, with a secret file beside (outside) the project.
fn built_game() -> (tempfile::TempDir, Project) {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.txt"), format!("{SECRET}\n")).unwrap();
    let p = deck_game("  paper: a4", CARDS);
    let ok = protopress(&p, &["build", "fixture"]);
    assert!(ok.status.success(), "{}", stderr(&ok));
    (outside, p)
}

/// The build fails with exit 2, says `says`, leaks no secret, panics not, changes nothing.
fn fails_cleanly(p: &Project, says: &str) {
    fails_cleanly_with(p, says, &[]);
}

fn fails_cleanly_with(p: &Project, says: &str, env: &[(&str, &str)]) {
    let before = snapshot(&p.out());
    let out = protopress_env(p, &["build", "fixture"], env);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(says), "expected {says:?} in:\n{err}");
    assert!(!err.contains(SECRET), "the secret leaked:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(snapshot(&p.out()) == before, "the previous output changed");
}

fn symlink(target: &Path, link: &Path) {
    let _ = std::fs::remove_file(link);
    std::os::unix::fs::symlink(target, link).unwrap();
}

#[test]
fn a_template_linked_out_of_the_project_is_refused_unread() {
    let (outside, p) = built_game();
    let link = p.root().join("templates/fixture/back.svg.tera");
    symlink(&outside.path().join("secret.txt"), &link);
    fails_cleanly(&p, "outside the project");
}

#[test]
fn a_cards_file_outside_the_project_is_refused_unread() {
    let (outside, p) = built_game();
    let game = std::fs::read_to_string(p.root().join(GAME)).unwrap();
    let secret = outside.path().join("secret.txt");
    for cards in [
        "../../../../../../../../etc/passwd".to_owned(),
        secret.display().to_string(),
        "../../../secret.txt".to_owned(),
    ] {
        p.write(
            GAME,
            &game.replace("cards: deck.yaml", &format!("cards: {cards}")),
        );
        fails_cleanly(&p, "outside the project");
    }
}

#[test]
fn special_files_are_refused_without_hanging() {
    let (_outside, p) = built_game();
    let game = std::fs::read_to_string(p.root().join(GAME)).unwrap();
    // /dev/zero through a link inside the project: no endless read.
    symlink(
        Path::new("/dev/zero"),
        &p.root().join("data/fixture/zero.yaml"),
    );
    p.write(GAME, &game.replace("cards: deck.yaml", "cards: zero.yaml"));
    fails_cleanly(&p, "outside the project");
    // A FIFO as a template: no endless wait.
    p.write(GAME, &game);
    let fifo = p.root().join("templates/fixture/back.svg.tera");
    std::fs::remove_file(&fifo).unwrap();
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    fails_cleanly(&p, "not a regular file");
    // A folder where the rules or the manifest should be.
    std::fs::remove_file(&fifo).unwrap();
    p.write(
        "templates/fixture/back.svg.tera",
        "{% <face_svg> %}{% </face_svg> %}",
    );
    std::fs::create_dir_all(p.root().join("data/fixture/rules.md")).unwrap();
    fails_cleanly(&p, "is a folder");
    std::fs::remove_dir(p.root().join("data/fixture/rules.md")).unwrap();
    std::fs::create_dir_all(p.root().join("data/fixture/manifest.yaml")).unwrap();
    fails_cleanly(&p, "is a folder");
}

#[test]
fn an_image_linked_out_of_the_project_is_refused() {
    let (outside, p) = built_game();
    std::fs::create_dir_all(p.root().join("templates/fixture/art")).unwrap();
    symlink(
        outside.path(),
        &p.root().join("templates/fixture/art/linked"),
    );
    std::fs::write(outside.path().join("x.png"), tiny_png(2, 2)).unwrap();
    p.write(
        "templates/fixture/back.svg.tera",
        "{% <face_svg> %}<image href=\"art/linked/x.png\" width=\"5\" height=\"5\"/>{% </face_svg> %}",
    );
    fails_cleanly(&p, "outside the project");
}

#[test]
fn game_names_are_never_paths() {
    let (outside, p) = built_game();
    let abs = outside.path().display().to_string();
    for name in [
        abs.as_str(),
        "../templates/fixture",
        "fixture/../fixture",
        "Fixture",
    ] {
        for cmd in ["build", "check", "watch", "export", "reprint", "simulate"] {
            let mut args = vec![cmd, name];
            if cmd == "export" {
                args.extend(["--format", "png"]);
            }
            let out = protopress(&p, &args);
            assert_eq!(out.status.code(), Some(2), "{cmd} {name}: {}", stderr(&out));
            assert!(
                stderr(&out).contains("game"),
                "{cmd} {name}: {}",
                stderr(&out)
            );
        }
    }
    assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 1);
    let near = protopress(&p, &["build", "fixtur"]);
    assert!(
        stderr(&near).contains("did you mean `fixture`"),
        "{}",
        stderr(&near)
    );
}

/// Every number of the profile and of components: NaN, negative, zero, huge.
#[test]
fn every_number_is_checked_with_its_line() {
    let cases: &[(&str, &str, &str)] = &[
        ("  paper: a4", "  paper: a4\n  bleed_mm: -3", "bleed_mm"),
        ("  paper: a4", "  paper: a4\n  bleed_mm: .nan", "bleed_mm"),
        ("  paper: a4", "  paper: a4\n  bleed_mm: 1e30", "bleed_mm"),
        (
            "  paper: a4",
            "  paper: a4\n  back_offset_mm: [.nan, 1]",
            "back_offset_mm",
        ),
        (
            "  paper: a4",
            "  paper: a4\n  back_offset_mm: [0, 1e30]",
            "back_offset_mm",
        ),
        (
            "  paper: a4",
            "  paper: a4\n  safe_zone_mm: -20",
            "safe_zone_mm",
        ),
        ("  paper: a4", "  paper: a4\n  gutter_mm: -1", "gutter_mm"),
        (
            "    size: poker",
            "    size: poker\n    bleed_mm: -1",
            "bleed_mm",
        ),
        (
            "    size: poker",
            "    size: { width_mm: 0, height_mm: 90 }",
            "size",
        ),
        (
            "    size: poker",
            "    size: { width_mm: .nan, height_mm: 90 }",
            "size",
        ),
        (
            "    size: poker",
            "    size: { width_mm: 400, height_mm: 90 }",
            "does not fit",
        ),
    ];
    for (from, to, says) in cases {
        let (_o, p) = built_game();
        let game = std::fs::read_to_string(p.root().join(GAME)).unwrap();
        p.write(GAME, &game.replacen(from, to, 1));
        fails_cleanly(&p, says);
        let err = stderr(&protopress(&p, &["build", "fixture"]));
        assert!(err.contains("game.yaml:"), "{to}: no line in {err}");
    }
}

fn board_game(extra: &str) -> Project {
    let p = deck_game("  paper: a4", CARDS);
    let game = std::fs::read_to_string(p.root().join(GAME)).unwrap();
    p.write(
        GAME,
        &format!(
            "{game}  - id: board\n    name: Board\n    kind: board\n    size: {{ width_mm: 400, height_mm: 300 }}\n    front: front.svg.tera\n    cards: board.yaml\n{extra}"
        ),
    );
    p.write("data/fixture/board.yaml", "- name: Map\n");
    p
}

#[test]
fn board_overlaps_die_and_standee_sizes_are_checked() {
    for (extra, says) in [
        ("    overlap_mm: 190\n", "overlap_mm"),
        ("    overlap_mm: 189.99\n", "overlap_mm"),
        ("    overlap_mm: -100\n", "overlap_mm"),
        ("    overlap_mm: .nan\n", "overlap_mm"),
    ] {
        let p = board_game(extra);
        let out = protopress(&p, &["build", "fixture"]);
        assert_eq!(out.status.code(), Some(2), "{extra}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"));
    }
    let p = deck_game("  paper: a4", CARDS);
    let game = std::fs::read_to_string(p.root().join(GAME)).unwrap();
    let die = "  - id: die\n    name: Die\n    kind: die\n    size: { width_mm: 80, height_mm: 80 }\n    front: front.svg.tera\n    cards: die.yaml\n    card_fields: [faces]\n";
    p.write(GAME, &format!("{game}{die}"));
    p.write(
        "data/fixture/die.yaml",
        "- name: D\n  faces: [1, 2, 3, 4, 5, 6]\n",
    );
    let out = protopress(&p, &["build", "fixture"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("die net"), "{}", stderr(&out));
    let standee = "  - id: st\n    name: St\n    kind: standee\n    size: { width_mm: 30, height_mm: 60 }\n    base_mm: .nan\n    front: front.svg.tera\n    cards: st.yaml\n";
    p.write(GAME, &format!("{game}{standee}"));
    p.write("data/fixture/st.yaml", "- name: S\n");
    let out = protopress(&p, &["build", "fixture"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("base_mm"), "{}", stderr(&out));
}

#[test]
fn undefined_template_values_and_unknown_arguments_are_errors() {
    let (_o, p) = built_game();
    let text_box = "{{ text_box(text=card.carg, x=5, y=5, width=40, size=4) }}";
    p.write(
        "templates/fixture/front.svg.tera",
        &format!("{{% <face_svg> %}}{text_box}{{% </face_svg> %}}"),
    );
    fails_cleanly(&p, "does not exist");
    let text_box = "{{ text_box(text=card.text, x=5, y=5, width=40, size=4, min_sz=2.6) }}";
    p.write(
        "templates/fixture/front.svg.tera",
        &format!("{{% <face_svg> %}}{text_box}{{% </face_svg> %}}"),
    );
    fails_cleanly(&p, "did you mean `min_size`");
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg> %}<text>{{ card.carg }}</text>{% </face_svg> %}",
    );
    fails_cleanly(&p, "front.svg.tera");
}

#[test]
fn limits_stop_what_would_run_without_end() {
    let (_o, p) = built_game();
    // Printed pieces per game.
    p.write("data/fixture/deck.yaml", "- name: Alpha\n  count: 9000\n");
    fails_cleanly_with(
        &p,
        "PROTOPRESS_MAX_PIECES",
        &[("PROTOPRESS_MAX_PIECES", "1000")],
    );
    // Deep YAML flow nesting.
    let deep = format!(
        "- name: A\n  text: {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    p.write("data/fixture/deck.yaml", &deep);
    fails_cleanly(&p, "nested more than");
    // Template output per face.
    p.write("data/fixture/deck.yaml", CARDS);
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg> %}{% for i in range(end=90000) %}{% for j in range(end=90000) %}<g/>{% endfor %}{% endfor %}{% </face_svg> %}",
    );
    fails_cleanly(&p, "nested loops");
    // Template output per face, without nesting.
    p.write(
        "templates/fixture/front.svg.tera",
        "<svg xmlns=\"http://www.w3.org/2000/svg\">{% for i in range(end=900000) %}<rect width=\"1\" height=\"1\" fill=\"#000\"/>{% endfor %}</svg>",
    );
    fails_cleanly(&p, "MB of SVG");
    // Image pixels, before decoding.
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg> %}<image href=\"big.png\" width=\"5\" height=\"5\"/>{% </face_svg> %}",
    );
    std::fs::write(
        p.root().join("templates/fixture/big.png"),
        tiny_png(30000, 30000),
    )
    .unwrap();
    fails_cleanly(&p, "megapixels");
    // Simulated games.
    let out = protopress(&p, &["simulate", "fixture", "--games", "1000000000"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// A build process the test owns: stopped, continued, and at the end killed and reaped
/// whatever happens, by the handle it was spawned with.
struct Build(std::process::Child);

impl Build {
    fn signal(&self, sig: &str) {
        // The child is not reaped yet, so its number is still its own.
        let ok = Command::new("kill")
            .args([sig, &self.0.id().to_string()])
            .status()
            .unwrap();
        assert!(ok.success(), "kill {sig}");
    }

    fn finish(mut self) -> Output {
        let mut out = Vec::new();
        let mut err = Vec::new();
        use std::io::Read;
        self.0.stdout.take().unwrap().read_to_end(&mut out).unwrap();
        self.0.stderr.take().unwrap().read_to_end(&mut err).unwrap();
        let status = self.0.wait().unwrap();
        Output {
            status,
            stdout: out,
            stderr: err,
        }
    }
}

impl Drop for Build {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Two builds of different inputs that really overlap: the first is stopped (SIGSTOP) while it
/// is writing its set, holding the folder's lock, and the second runs whole meanwhile. The
/// second is refused; the first, continued, writes its set whole; the second, run again,
/// replaces it whole. Each set is checked file by file against its `build.json`.
#[test]
fn two_builds_at_once_never_mix_their_files() {
    let (_o, p) = built_game();
    // Files another command left in the output folder: every build links them into its new
    // set, which keeps the write going long enough to stop it in the middle.
    let foreign = p.out().join("fixture/export/many");
    std::fs::create_dir_all(&foreign).unwrap();
    for i in 0..4000 {
        std::fs::write(foreign.join(format!("{i}.txt")), "x").unwrap();
    }
    let staging = p.out().join(".fixture.staging");
    let spawn = || {
        Build(
            Command::new(env!("CARGO_BIN_EXE_protopress"))
                .arg("-C")
                .arg(p.root())
                .args(["build", "fixture"])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap(),
        )
    };
    let mut caught = false;
    for _attempt in 0..50 {
        let zebra = set_of(&p, "Zebra", 4);
        let aardvark = set_of(&p, "Aardvark", 3);
        let first = spawn();
        // Wait for it to start writing, then stop it there.
        let mut done = false;
        while !staging.exists() {
            if first_done(&first) {
                done = true;
                break;
            }
        }
        if done {
            let out = first.finish();
            assert!(out.status.success(), "{}", stderr(&out));
            continue;
        }
        first.signal("-STOP");
        if !staging.exists() {
            // It had finished its swap before it stopped: try again.
            first.signal("-CONT");
            let out = first.finish();
            assert!(out.status.success(), "{}", stderr(&out));
            continue;
        }
        caught = true;
        // The first build is stopped holding the lock, half its set written. The second, of
        // other cards, runs whole meanwhile, and is refused.
        p.write("data/fixture/deck.yaml", "- name: Zebra\n  count: 4\n");
        let second = spawn().finish();
        first.signal("-CONT");
        let first = first.finish();
        assert!(first.status.success(), "{}", stderr(&first));
        assert!(
            !second.status.success() && stderr(&second).contains("another protopress is writing"),
            "the second build was not kept out: {}",
            stderr(&second)
        );
        assert_whole_set(&p.out().join("fixture"), &aardvark, &zebra);
        // Run again, the second build replaces the whole set.
        let again = protopress(&p, &["build", "fixture"]);
        assert!(again.status.success(), "{}", stderr(&again));
        assert_whole_set(&p.out().join("fixture"), &zebra, &aardvark);
        assert!(
            foreign.join("3999.txt").is_file(),
            "the other command's files were lost"
        );
        break;
    }
    assert!(caught, "no build was caught while writing in 50 attempts");
}

/// Whether the build has ended, read from `/proc` without reaping it (a zombie has ended).
fn first_done(b: &Build) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", b.0.id())).unwrap_or_default();
    stat.rsplit(") ")
        .next()
        .is_none_or(|rest| rest.starts_with('Z'))
}

/// A killed build (here: by the file size limit, as a full disk would stop it) leaves the old
/// set complete; the next build cleans up.
#[test]
fn a_build_killed_while_writing_leaves_the_old_set() {
    let (_o, p) = built_game();
    let before = snapshot(&p.out().join("fixture"));
    let alpha = set_of(&p, "Alpha", 2);
    let gamma = set_of(&p, "Gamma", 3);
    // Without the cache, whose entries are written while the build goes on: the limit then
    // stops the build where it writes the set.
    killed_then_built_again(&p, "--no-cache", &before);
    let names: Vec<String> = std::fs::read_dir(p.out())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        // The build cache (`.cache`) is the next build's, not a leftover.
        names
            .iter()
            .all(|n| n == "fixture" || n == ".fixture.lock" || n == ".cache"),
        "left behind: {names:?}"
    );
    assert_whole_set(&p.out().join("fixture"), &gamma, &alpha);
}

/// A build killed while it writes its cache entries (they are written as the build goes on)
/// leaves the old set, and its temporary files go with the next build.
#[test]
fn a_build_killed_while_writing_its_cache_leaves_nothing_for_long() {
    let (_o, p) = built_game();
    let before = snapshot(&p.out().join("fixture"));
    set_of(&p, "Alpha", 2);
    killed_then_built_again(&p, "", &before);
    let cache = p.out().join(".cache/fixture/kit");
    let left: Vec<String> = std::fs::read_dir(&cache)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// Builds the fixture (with `extra`, an option or nothing) under a file size limit of 8 KB,
/// as a full disk would stop it; checks it was stopped and left the set as it was (`before`),
/// then builds it again, which must succeed.
fn killed_then_built_again(p: &Project, extra: &str, before: &[(String, Vec<u8>)]) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 8; exec {} -C {} build fixture {extra}",
            env!("CARGO_BIN_EXE_protopress"),
            p.root().display()
        ))
        .output()
        .unwrap();
    assert!(!out.status.success(), "the build should have been stopped");
    assert!(
        snapshot(&p.out().join("fixture")) == before,
        "the old set changed"
    );
    let again = protopress(p, &["build", "fixture"]);
    assert!(again.status.success(), "{}", stderr(&again));
}

/// The set a build writes: every file present, `kit.pdf` holding the same cards as
/// `cards.pdf` (one build's output, not two).
/// The output folder holds one build's whole set: every file `build.json` records is there
/// with the bytes and pages it records, and every file of the set shows the build's cards
/// (`card`, `copies` of it) and never the other build's (`not`).
/// One build's input as its set shows it: the card's name, the revision stamp its fronts carry
/// (the first digits of the front face's hash) and how many copies are printed.
struct Set {
    card: &'static str,
    stamp: String,
    copies: u32,
}

/// The set the fixture project `p` builds with its present cards: one card `card` of `copies`.
fn set_of(p: &Project, card: &'static str, copies: u32) -> Set {
    p.write(
        "data/fixture/deck.yaml",
        &format!("- name: {card}\n  count: {copies}\n"),
    );
    let prepared = protopress::assemble::Session::new(
        &protopress::Project::open(p.root()).unwrap(),
        &protopress::assemble::BuildOptions::default(),
    )
    .prepare("fixture")
    .unwrap();
    let front = prepared.faces.decks[0].copies[0].front;
    let hash = &prepared.faces.faces[front].hash;
    Set {
        card,
        stamp: format!("1·{}", &hash[..6]),
        copies,
    }
}

fn assert_whole_set(dir: &Path, set: &Set, other: &Set) {
    let (card, copies, not) = (set.card, set.copies, other.card);
    for f in [
        "cards.pdf",
        "kit.pdf",
        "build.json",
        "index.html",
        "deck-stats.json",
        "deck-stats.svg",
    ] {
        assert!(dir.join(f).is_file(), "{f} missing");
    }
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("build.json")).unwrap()).unwrap();
    let files = report["files"].as_array().unwrap();
    assert!(!files.is_empty());
    for f in files {
        let name = f["file"].as_str().unwrap();
        let bytes = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            bytes.len() as u64,
            f["bytes"].as_u64().unwrap(),
            "{name}: size"
        );
        let pages = lopdf::Document::load_mem(&bytes).unwrap().get_pages().len();
        assert_eq!(pages as u64, f["pages"].as_u64().unwrap(), "{name}: pages");
        // The sheets' faces are the set's own: one front per copy, stamped with its face (the
        // stamp of a face placed upright is drawn in its form, on the page as often as the
        // form is placed).
        let text = common::pdf_text::flat(&common::pdf_text::pdf_lines(&bytes));
        let forms = common::pdf_text::form_texts_by_id(&bytes);
        let stamped = |stamp: &str| -> Vec<lopdf::ObjectId> {
            let stamped = forms.iter().filter(|(_, t)| t.contains(stamp));
            stamped.map(|(id, _)| *id).collect()
        };
        let shows = |stamp: &str| text.contains(stamp) || !stamped(stamp).is_empty();
        assert!(!shows(&other.stamp), "{name} shows {not}: {text} {forms:?}");
        if name == "cards.pdf" {
            let stamped_forms = stamped(&set.stamp);
            let forms_placed = common::Pdf::load(&bytes)
                .pages
                .iter()
                .flat_map(|p| &p.placements)
                .filter(|(_, _, id)| stamped_forms.contains(id))
                .count();
            assert_eq!(
                forms_placed + text.matches(&set.stamp).count(),
                copies as usize,
                "{name}: {text} {forms:?}"
            );
        } else {
            assert!(
                shows(&set.stamp),
                "{name} does not show {card}: {text} {forms:?}"
            );
        }
    }
    let deck = &report["components"][0];
    assert_eq!(deck["copies"].as_u64(), Some(u64::from(copies)), "{report}");
    for f in [
        "index.html",
        "deck-stats.json",
        "deck-stats.svg",
        "build.json",
    ] {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        assert!(!text.contains(not), "{f} shows {not}");
        if f != "build.json" {
            assert!(text.contains(card), "{f} does not show {card}");
        }
    }
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("deck-stats.json")).unwrap())
            .unwrap();
    assert_eq!(stats["decks"][0]["cards"].as_u64(), Some(u64::from(copies)));
    // The thumbnails the page shows are the set's own.
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    for thumb in index.split("thumbs/").skip(1) {
        let name: String = thumb
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '.')
            .collect();
        assert!(dir.join("thumbs").join(&name).is_file(), "thumbs/{name}");
    }
}

#[test]
fn exit_codes_tell_a_failed_check_from_bad_input() {
    let (_o, p) = built_game();
    p.write(
        "data/fixture/manifest.yaml",
        "entries:\n  - name: Deck Cards\n    count: 5\n    component: deck\n",
    );
    assert_eq!(protopress(&p, &["build", "fixture"]).status.code(), Some(1));
    assert_eq!(protopress(&p, &["check", "fixture"]).status.code(), Some(1));
    // With --mark-printed too: the kit is written (exit 1, not 2, which means nothing was
    // replaced), and the print is not recorded.
    let marked = protopress(&p, &["build", "fixture", "--mark-printed"]);
    assert_eq!(marked.status.code(), Some(1), "{}", stderr(&marked));
    assert!(
        stderr(&marked).contains("the print was not recorded"),
        "{}",
        stderr(&marked)
    );
    assert!(!p.root().join("data/fixture/printed.json").exists());
    // Rules a build refuses (an expression naming no component) fail the check too.
    p.write(
        "data/fixture/rules.md",
        "# Rules\n\n## Components\n\n- {{ components.nope.copies }} Deck Cards\n",
    );
    let checked = protopress(&p, &["check", "fixture"]);
    assert_eq!(checked.status.code(), Some(2), "{}", stderr(&checked));
    assert!(
        stderr(&checked).contains("rules.md:5"),
        "{}",
        stderr(&checked)
    );
    // A check that cannot start still ends with its summary, in every format.
    for format in ["text", "github", "json"] {
        let out = protopress(&p, &["check", "nosuch", "--format", format]);
        assert_eq!(out.status.code(), Some(2));
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.contains("1 with bad input"), "{format}: {said}");
    }
    assert_eq!(
        protopress(&p, &["build", "--paper", "a9"]).status.code(),
        Some(2)
    );
    let missing = Command::new(env!("CARGO_BIN_EXE_protopress"))
        .args(["-C", "/no/such/folder", "build"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("/no/such/folder"),
        "{}",
        stderr(&missing)
    );
}

/// A PNG of `w` × `h` pixels whose header is real (enough for size checks; the data is not).
fn tiny_png(w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w.min(4), h.min(4));
    enc.set_color(png::ColorType::Grayscale);
    let mut writer = enc.write_header().unwrap();
    writer
        .write_image_data(&vec![128; (w.min(4) * h.min(4)) as usize])
        .unwrap();
    drop(writer);
    // Patch the IHDR width and height (bytes 16..24) to the size asked for.
    out[16..20].copy_from_slice(&w.to_be_bytes());
    out[20..24].copy_from_slice(&h.to_be_bytes());
    out
}
