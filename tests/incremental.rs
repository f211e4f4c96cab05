//! Rebuilds reuse the faces whose template and data did not change (what `watch` relies on).

mod common;

use std::path::Path;
use std::sync::atomic::Ordering;

use protopress::Project;
use protopress::assemble::{BuildOptions, Built, Session};

/// Every output file of `a` is byte for byte that of `b`.
fn same_files(a: &Built, b: &Built) {
    let names = |x: &Built| -> Vec<String> {
        x.pdfs
            .iter()
            .chain(&x.extras)
            .map(|(n, _)| n.clone())
            .collect()
    };
    assert_eq!(names(a), names(b));
    for ((name, x), (_, y)) in a
        .pdfs
        .iter()
        .chain(&a.extras)
        .zip(b.pdfs.iter().chain(&b.extras))
    {
        assert!(
            x == y,
            "{name} differs between the cached and the cold build"
        );
    }
    assert!(a.index_html == b.index_html, "index.html differs");
}

/// A build into the game's own `output/`, with its print profile as it is.
fn options(root: &std::path::Path) -> BuildOptions {
    BuildOptions {
        paper: None,
        out_dir: root.join("output"),
        mark_printed: false,
        layout: None,
    }
}

#[test]
fn only_changed_faces_are_rendered_again_and_the_output_is_the_same() {
    let dir = common::copy_game("death-to-decorum");
    let opts = options(dir.path());
    let project = Project::open(dir.path()).unwrap();
    let session = Session::with_cache(&project, &opts);
    let cache = session.cache().unwrap();
    let first = session.build_in_memory("death-to-decorum").unwrap();
    let all = cache.rendered.load(Ordering::Relaxed);
    assert!(all > 100);

    let again = session.build_in_memory("death-to-decorum").unwrap();
    assert_eq!(cache.rendered.load(Ordering::Relaxed), 0);
    assert_eq!(first.pdf("cards.pdf"), again.pdf("cards.pdf"));

    // One card's text: one face.
    let deck = dir.path().join("data/death-to-decorum/facility.yaml");
    let text = std::fs::read_to_string(&deck).unwrap();
    std::fs::write(
        &deck,
        text.replace(
            "Best before the incident.",
            "Best before the second incident.",
        ),
    )
    .unwrap();
    let edited = session.build_in_memory("death-to-decorum").unwrap();
    assert_eq!(cache.rendered.load(Ordering::Relaxed), 1);
    // The cached build prints exactly what a cold build prints.
    let cold = Session::new(&project, &opts)
        .build_in_memory("death-to-decorum")
        .unwrap();
    assert_eq!(edited.pdf("cards.pdf"), cold.pdf("cards.pdf"));
    // The rulebook and kit (typeset PDFs kept between builds) and the thumbnails too.
    same_files(&edited, &cold);

    // A rules edit typesets the rulebook and the kit again.
    let rules = dir.path().join("data/death-to-decorum/rules.md");
    let text = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(
        &rules,
        text.replacen("The **lead explorer**", "The **leading explorer**", 1),
    )
    .unwrap();
    let ruled = session.build_in_memory("death-to-decorum").unwrap();
    assert_ne!(ruled.pdf("rules.pdf"), edited.pdf("rules.pdf"));
    assert_ne!(ruled.pdf("kit.pdf"), edited.pdf("kit.pdf"));
    let cold = Session::new(&project, &opts)
        .build_in_memory("death-to-decorum")
        .unwrap();
    same_files(&ruled, &cold);

    // One template: only that template's faces.
    let tpl = dir.path().join("templates/death-to-decorum/ship.svg.tera");
    let text = std::fs::read_to_string(&tpl).unwrap();
    std::fs::write(&tpl, text.replace("#2f6db5", "#2f6db6")).unwrap();
    session.build_in_memory("death-to-decorum").unwrap();
    assert_eq!(
        cache.rendered.load(Ordering::Relaxed),
        1,
        "the ship card is one face"
    );
}

/// Art is an input like any other: a changed PNG reaches the next `watch` build.
#[test]
fn a_changed_image_is_parsed_again() {
    let dir = common::copy_game("death-to-decorum");
    let project = Project::open(dir.path()).unwrap();
    let opts = options(dir.path());
    let art = common::facility_back_with_art(dir.path());
    let session = Session::with_cache(&project, &opts);
    let first = session.build_in_memory("death-to-decorum").unwrap();
    std::fs::write(&art, common::gray_png(230)).unwrap();
    let second = session.build_in_memory("death-to-decorum").unwrap();
    assert_ne!(first.pdf("cards.pdf"), second.pdf("cards.pdf"));
    let cold = Session::new(&project, &opts)
        .build_in_memory("death-to-decorum")
        .unwrap();
    assert_eq!(second.pdf("cards.pdf"), cold.pdf("cards.pdf"));
}

/// An icon is an input of the faces that draw it: a changed icon file re-renders them in the
/// next `watch` build, which then prints what a cold build prints.
#[test]
fn a_changed_icon_renders_its_faces_again() {
    let dir = common::copy_game("death-to-decorum");
    let project = Project::open(dir.path()).unwrap();
    let opts = options(dir.path());
    let session = Session::with_cache(&project, &opts);
    let cache = session.cache().unwrap();
    let first = session.build_in_memory("death-to-decorum").unwrap();
    let icon = dir.path().join("templates/death-to-decorum/icons/kill.svg");
    std::fs::write(
        &icon,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#,
    )
    .unwrap();
    let second = session.build_in_memory("death-to-decorum").unwrap();
    assert!(
        cache.rendered.load(Ordering::Relaxed) > 0,
        "no face was rendered again after the icon changed"
    );
    assert_ne!(first.pdf("cards.pdf"), second.pdf("cards.pdf"));
    let cold = Session::new(&project, &opts)
        .build_in_memory("death-to-decorum")
        .unwrap();
    same_files(&second, &cold);
}

/// `protopress -v build` of veil-runners (two languages, so two kits and two caches) with a
/// fixed date, and its stdout.
fn cli_build(root: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_protopress"))
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .arg("-C")
        .arg(root)
        .args(["-v", "build", "veil-runners"])
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The exit code of `protopress -C root args`, run with the variables `env` set, and what it
/// printed to standard error.
fn exit_and_errors(root: &Path, env: &[(&str, &str)], args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_protopress"))
        .envs(env.iter().copied())
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), err)
}

/// What each kit's build did with its cache: (reused, made, let go), from `-v`'s lines.
fn cache_use(stdout: &str) -> Vec<[usize; 3]> {
    stdout
        .lines()
        .filter_map(|l| l.trim().strip_prefix("cache: "))
        .map(|l| {
            let n: Vec<usize> = l
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|w| w.parse().ok())
                .collect();
            [n[0], n[1], n[2]]
        })
        .collect()
}

/// The cache's entry files, by kit folder (not its CACHEDIR.TAG).
fn cache_entries(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut entries = common::snapshot(&root.join("output/.cache"));
    entries.retain(|(name, _)| name != "CACHEDIR.TAG");
    entries
}

/// The command line's disk cache: the next process takes the typeset rulebook and kit and
/// the index page's sprites from it, reading no thumbnail (all of them kept for a later edit),
/// and writes files identical to a build without it; an entry that does not match its digest
/// is made again; an edit makes only what changed and lets the old entry go; a build that
/// fails adds nothing. Shown failing by putting the entries into the
/// cache unchecked (a damaged entry then typesets a kit from a broken PDF).
#[test]
fn the_disk_cache_is_used_by_the_next_build_and_changes_no_byte() {
    let dir = common::copy_game("veil-runners");
    let root = dir.path();
    let first = cache_use(&cli_build(root, &[]));
    assert_eq!(first.len(), 2, "one cache per language");
    let made = first[0][1];
    assert!(made > 10, "typeset documents and thumbnails: {first:?}");
    assert!(
        first
            .iter()
            .all(|&[reused, _, gone]| reused == 0 && gone == 0)
    );
    assert_eq!(cache_entries(root).len(), first[0][1] + first[1][1]);
    // Each kit guessed its plain part a page short (its credits take a page of their own) and
    // keeps what the wrong guess laid out, which the next build reads back below.
    let laid = cache_entries(root);
    let laid = laid.iter().filter(|(name, _)| name.contains("/laid-"));
    assert_eq!(laid.count(), 2);

    let second = cache_use(&cli_build(root, &[]));
    // Every entry is read back but the thumbnails: the sprites they are packed into are.
    let thumbs = cache_entries(root)
        .iter()
        .filter(|(name, _)| name.contains("/thumb-"))
        .count();
    assert!(thumbs > 10, "{thumbs} thumbnails");
    let read: usize = second.iter().map(|[reused, _, _]| reused).sum();
    assert_eq!(read, first[0][1] + first[1][1] - thumbs, "{second:?}");
    assert!(
        second.iter().all(|&[_, made, gone]| made == 0 && gone == 0),
        "{second:?}"
    );
    assert_eq!(cache_entries(root).len(), first[0][1] + first[1][1]);
    let kits = |out: &str| common::snapshot(&root.join(out).join("veil-runners"));
    // The kits as they are against a build from nothing into `cold/`.
    let same_as_cold = |when: &str| {
        cli_build(root, &["--no-cache", "--out", "cold"]);
        assert!(
            kits("output") == kits("cold"),
            "cached and cold kits differ {when}"
        );
    };
    same_as_cold("on the second build");
    assert!(
        !root.join("cold/.cache").exists(),
        "--no-cache wrote a cache"
    );

    // Every entry damaged: each is a miss and made again, and the files do not change.
    for (name, mut bytes) in cache_entries(root) {
        *bytes.last_mut().unwrap() ^= 0x55;
        std::fs::write(root.join("output/.cache").join(name), bytes).unwrap();
    }
    let damaged = cache_use(&cli_build(root, &[]));
    assert_eq!(damaged, [[0, first[0][1], 0], [0, first[1][1], 0]]);
    assert!(
        kits("output") == kits("cold"),
        "a damaged cache changed the kit"
    );

    // One card's English text: its English thumbnail is made again, the old one let go.
    let deck = root.join("data/veil-runners/exploration.yaml");
    common::edit_file(&deck, "They are scared, and", "They are frightened, and");
    let edited = cache_use(&cli_build(root, &[]));
    let [_, made, gone] = edited[0];
    // The thumbnail, the sprites that show it, the page previews' sprites and the sheet file
    // that prints it, each in place of the old; and what parsing the faces found, the faces
    // each sheet file drew and the faces' renders, one entry each, written again under their
    // names.
    assert!(made >= 4 && gone == made - 3, "{edited:?}");
    assert_eq!(edited[1], second[1], "the German kit did not change");
    assert_eq!(cache_entries(root).len(), first[0][1] + first[1][1]);
    same_as_cold("after an edit");

    // A rules edit: the English rulebook and kit are typeset again, as a cold build would.
    let rules = root.join("data/veil-runners/rules.md");
    common::edit_file(&rules, "# ", "# Revised: ");
    let revised = cache_use(&cli_build(root, &[]));
    assert!(revised[0][1] >= 1, "{revised:?}");
    same_as_cold("after a rules edit");

    // A build that fails (a face that does not parse, found while the rulebook is typeset
    // beside the sheets) leaves the cache as it was.
    let before = cache_entries(root);
    common::edit_file(&rules, "# ", "# Changed ");
    let template = root.join("templates/veil-runners/explore-front.svg.tera");
    common::edit_file(&template, "{% <face_svg", "<g>{% <face_svg");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_protopress"))
        .arg("-C")
        .arg(root)
        .args(["build", "veil-runners"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("exploration"), "not the face's error: {err}");
    assert!(
        cache_entries(root) == before,
        "a failed build changed the cache"
    );
}

/// A listed face's thumbnail starts from its preflight's render in a game with rules: the
/// same thumbnail whether that render was made for the look now, or the look was kept from the
/// last build and the face rendered for the thumbnail alone; and a game whose rules go keeps
/// none of the thumbnails drawn the other way. Each time the index page is a cold build's.
#[test]
fn thumbnails_are_a_cold_builds_however_the_cache_found_their_faces() {
    let dir = common::copy_game("death-to-decorum");
    let root = dir.path();
    let build = |args: &[&str]| {
        let mut all = vec!["build", "death-to-decorum"];
        all.extend_from_slice(args);
        common::run_dated(root, &all)
    };
    let pictures = |out: &str| {
        let mut files = common::snapshot(&root.join(out).join("death-to-decorum"));
        files.retain(|(name, _)| name.starts_with("thumbs/") || name == "index.html");
        assert!(files.len() > 2, "{out}: {} pictures", files.len());
        files
    };
    let same_as_cold = |when: &str| {
        build(&["--no-cache", "--out", "cold"]);
        assert!(pictures("output") == pictures("cold"), "{when}");
    };
    build(&[]);
    // The thumbnails and sprites gone, the faces' notes kept: every thumbnail drawn again, each
    // from a render made for it alone.
    for (name, _) in cache_entries(root) {
        if name.contains("/thumb-") || name.contains("/sprite-") {
            std::fs::remove_file(root.join("output/.cache").join(name)).unwrap();
        }
    }
    build(&[]);
    same_as_cold("with the looks kept and the thumbnails drawn again");
    std::fs::remove_file(root.join("data/death-to-decorum/rules.md")).unwrap();
    std::fs::remove_file(root.join("data/death-to-decorum/rules.typ")).ok();
    let manifest = root.join("data/death-to-decorum/manifest.yaml");
    std::fs::remove_file(&manifest).ok();
    build(&[]);
    same_as_cold("without rules");
}

/// A game without a rulebook draws its face thumbnails beside the sheets, where a core is free;
/// rebuilt with nothing changed, it finds every sprite of them in the cache and reads no
/// thumbnail at all (nor holds them in memory); after an edit it draws them again.
#[test]
fn a_game_without_rules_rebuilt_unchanged_reads_no_thumbnail() {
    let p = common::deck_game(
        "  paper: a4\n",
        "- name: Alpha\n- name: Beta\n- name: Gamma\n",
    );
    let build = || cache_use(&common::run_dated(p.root(), &["-v", "build", "fixture"]))[0];
    let [_, made, _] = build();
    let entries = cache_entries(p.root());
    let thumbs = entries
        .iter()
        .filter(|(n, _)| n.contains("/thumb-"))
        .count();
    assert_eq!(
        (entries.len(), thumbs),
        (made, 4),
        "three fronts and the back"
    );
    let [reused, made, gone] = build();
    assert_eq!((reused, made, gone), (entries.len() - thumbs, 0, 0));
    assert_eq!(
        cache_entries(p.root()).len(),
        entries.len(),
        "the thumbnails are kept"
    );
    p.edit("data/fixture/deck.yaml", "Beta", "Bravo");
    let [reused, made, _] = build();
    // Read: the three other faces' thumbnails for the changed sprite, the kit's credited fonts,
    // the faces' notes, the faces the sheets drew and the renders; made: Bravo's thumbnail,
    // both sprites, the typeset kit (its cover pictures the card, by its new id), the faces it
    // pictures and the kit filled, the notes, cards.pdf, the faces it drew and the renders.
    assert_eq!((reused, made), (3 + 4, 10));
}

/// `protopress -v build <game>` with a fixed date: how many faces it parsed, and the names of
/// the sheet PDFs in its cache afterwards.
fn build_parsing(root: &Path, game: &str, args: &[&str]) -> (usize, Vec<String>) {
    let stdout = common::run_dated(root, &[&["-v", "build", game], args].concat());
    let parsed = stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("faces parsed: "))
        .and_then(|l| l.split(' ').next()?.parse().ok())
        .expect("-v tells the faces parsed");
    (parsed, entry_names(root, "/sheet-"))
}

/// The names of the cache's entries whose name holds `kind` (such as `/sheet-`), sorted.
fn entry_names(root: &Path, kind: &str) -> Vec<String> {
    let mut names: Vec<String> = cache_entries(root)
        .into_iter()
        .map(|(name, _)| name)
        .filter(|name| name.contains(kind))
        .collect();
    names.sort();
    names
}

/// The sheet PDFs are kept whole: a rebuild with nothing changed takes all three files of
/// Death to Decorum from the cache and parses only the boards' faces (their tiling looks into
/// them); a coin's colour changed draws tokens.pdf again, parsing only what it prints; a crop
/// mark's length, which changes no face, draws the cards and boards again, and a new revision
/// (the words of the labels and stamps) every file; so do both at once, and an offset of the
/// backs (only where faces land). Each time the kit is the one a build without the cache
/// writes. Shown failing by leaving out of the key the dry document (the
/// longer marks were then served from the cache), the faces' hashes (the old coin was) and the
/// text the dry writer noted (the old revision was); and by leaving the sheets' bytes out of
/// what the filled kit is kept under (the kit kept the old coin).
#[test]
fn sheet_pdfs_come_from_the_cache_whole_and_only_what_changed_is_drawn() {
    let dir = common::copy_game("death-to-decorum");
    let root = dir.path();
    let game = "death-to-decorum";
    let edit_and_build =
        |edits: &[(&str, &str, &str)], when: &str| edit_and_build_twice(root, game, edits, when);
    // How many of `now`'s sheet entries are `before`'s.
    let kept =
        |now: &[String], before: &[String]| now.iter().filter(|s| before.contains(s)).count();
    let (all, first) = build_parsing(root, game, &[]);
    assert_eq!(first.len(), 3, "cards, boards and tokens: {first:?}");
    let (boards, second) = edit_and_build(&[], "with nothing changed");
    assert_eq!(second, first);
    assert!(
        boards > 0 && boards * 10 < all,
        "{boards} of {all} faces parsed"
    );

    let coin = "templates/death-to-decorum/coin.svg.tera";
    let (parsed, coins) = edit_and_build(
        &[(coin, "\"10\": \"#d4af37\"", "\"10\": \"#d4af38\"")],
        "after a coin's edit",
    );
    assert_eq!(
        (coins.len(), kept(&coins, &first)),
        (3, 2),
        "only tokens.pdf is new"
    );
    let tokens = parsed - boards;
    assert!(
        tokens > 0 && tokens * 4 < all,
        "{parsed} of {all} faces parsed"
    );

    let yaml = "data/death-to-decorum/game.yaml";
    let (_, marks) = edit_and_build(
        &[(
            yaml,
            "  crop_marks: outer\n",
            "  crop_marks: outer\n  mark_length_mm: 9\n",
        )],
        "after the marks' length changed",
    );
    // Tokens are outlined, not marked: their file is the same.
    assert_eq!(
        (marks.len(), kept(&marks, &coins)),
        (3, 1),
        "{coins:?} then {marks:?}"
    );

    // A revision of as many letters: only the words of the labels and stamps change.
    let (_, revised) = edit_and_build(
        &[(yaml, "\nrevision: \"XII\"", "\nrevision: \"XIV\"")],
        "after a new revision",
    );
    assert_eq!(kept(&revised, &marks), 0, "{revised:?}");

    // Both at once: the coin's file, surely changed, is drawn beside the dry pass; the marks'
    // files, found changed by it, after.
    let (_, both) = edit_and_build(
        &[
            (coin, "\"10\": \"#d4af38\"", "\"10\": \"#d4af37\""),
            (yaml, "mark_length_mm: 9", "mark_length_mm: 10"),
        ],
        "after a coin's and the marks' edit",
    );
    assert_eq!(kept(&both, &revised), 0, "{both:?}");

    // The backs moved for a printer's misregistration (their marks and labels move too; where
    // a grid's faces land is shown noted by a unit test of `Forms::place_dry`).
    let (_, offset) = edit_and_build(
        &[(yaml, "back_offset_mm: [0, 0]", "back_offset_mm: [0.5, 0]")],
        "after the backs' offset changed",
    );
    assert!(kept(&offset, &both) < 3, "{offset:?}");
}

/// A card the rulebook pictures (a figure, and the kit's components page and cover) is edited:
/// neither book is laid out again, as Typst laid them out around the face's size alone, yet
/// both show the new card, as a build without the cache does. Shown failing by leaving the
/// drawn faces out of what the placed rulebook is kept under (the old card was served), and by
/// handing Typst the face itself (both books were typeset again).
#[test]
fn a_pictured_cards_edit_reaches_the_books_without_laying_them_out_again() {
    let dir = common::copy_game("death-to-decorum");
    let root = dir.path();
    let game = "death-to-decorum";
    let entries = |kind: &str| entry_names(root, kind);
    let book = |name: &str| std::fs::read(root.join("output").join(game).join(name)).unwrap();
    let cold = common::run_dated(root, &["-v", "build", game]);
    assert!(
        cold.contains("laid out by Typst: rules.pdf, kit.pdf"),
        "{cold}"
    );
    let (typeset, rules, kit) = (entries("/typeset-"), book("rules.pdf"), book("kit.pdf"));
    assert_eq!(typeset.len(), 2, "the rulebook and the kit: {typeset:?}");
    let faces = entries("/faces-");
    assert_eq!(faces.len(), 2, "the faces each book pictures: {faces:?}");
    // Copper Wiring is in the rules' second figure (its flavour text pointed at where it
    // starts, which does not move); the facility deck's first card is the one the components
    // page shows.
    let deck = "data/death-to-decorum/facility.yaml";
    edit_and_build_twice(
        root,
        game,
        &[(deck, "still humming.", "still buzzing.")],
        "after a pictured card's edit",
    );
    assert_eq!(entries("/typeset-"), typeset, "a book was laid out again");
    assert_ne!(book("rules.pdf"), rules, "the rulebook shows the old card");
    assert_ne!(book("kit.pdf"), kit);
    assert_eq!(
        entries("/faces-")
            .iter()
            .filter(|f| faces.contains(f))
            .count(),
        0,
        "both books picture the card"
    );
    let again = common::run_dated(root, &["-v", "build", game]);
    assert!(again.contains("laid out by Typst: none"), "{again}");
}

/// A card added at the end of a deck moves every face after it among the build's faces, but
/// no picture: a picture's place is its face's name, not its number. Neither book is laid
/// out again. Shown failing by naming each stand-in's file after its face's number (both books
/// were laid out again).
#[test]
fn a_card_added_to_another_deck_lays_out_no_book_again() {
    let dir = common::copy_game("death-to-decorum");
    let root = dir.path();
    let game = "death-to-decorum";
    let typeset = || entry_names(root, "/typeset-");
    build_parsing(root, game, &[]);
    let before = typeset();
    assert_eq!(before.len(), 2, "the rulebook and the kit: {before:?}");
    // The apex deck comes before the decks the rules picture; its copies stay ten.
    let apex = "data/death-to-decorum/apex.yaml";
    let host = "flavour: Every guest must leave. None may leave early.";
    let added = format!(
        "{host}\n- name: The Porter\n  count: 1\n  icon: monster-grasp\n  kind: apex\n  tier: 3\n  damage: 3\n  flavour: Your coat, at last.\n"
    );
    edit_and_build_twice(
        root,
        game,
        &[
            (
                apex,
                "- name: The Host\n  count: 2",
                "- name: The Host\n  count: 1",
            ),
            (apex, host, &added),
        ],
        "after a card was added",
    );
    assert_eq!(typeset(), before, "a book was laid out again");
}

/// Applies `edits` (file, from, to) to the game in `root`, builds it from the cache and
/// without it into `cold/`, and checks the two kits are the same, `when` saying what changed;
/// the faces parsed and the sheet entries after.
fn edit_and_build_twice(
    root: &Path,
    game: &str,
    edits: &[(&str, &str, &str)],
    when: &str,
) -> (usize, Vec<String>) {
    for (file, from, to) in edits {
        common::edit_file(&root.join(file), from, to);
    }
    let built = build_parsing(root, game, &[]);
    common::run_dated(root, &["build", game, "--no-cache", "--out", "cold"]);
    let kits = |out: &str| common::snapshot(&root.join(out).join(game));
    assert!(
        kits("output") == kits("cold"),
        "cached and cold kits differ {when}"
    );
    built
}

/// Art whose file name the template's escaping turns into a character reference
/// (`King&apos;s.png`) is part of its face's identity like any other: changed, the face and
/// its sheet are drawn again rather than taken from the cache. With the links read as
/// written, the parse refuses the face instead: it draws a file its text did not show.
#[test]
fn art_named_through_a_character_reference_changes_its_face() {
    let p = common::deck_game("  paper: a4\n", "- name: Alpha\n");
    let art = p.root().join("templates/fixture/King's.png");
    std::fs::write(&art, common::gray_png(40)).unwrap();
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg bg=\"#eeeeee\"> %}<image href=\"King&apos;s.png\" x=\"2\" y=\"2\" \
         width=\"20\" height=\"20\"/>{% </face_svg> %}",
    );
    let kit = |out: &str| common::snapshot(&p.root().join(out).join("fixture"));
    common::run_dated(p.root(), &["build", "fixture"]);
    std::fs::write(&art, common::gray_png(200)).unwrap();
    common::run_dated(p.root(), &["build", "fixture"]);
    common::run_dated(
        p.root(),
        &["build", "fixture", "--no-cache", "--out", "cold"],
    );
    assert!(kit("output") == kit("cold"), "the old art was served");

    // A lower limit on images: the face no longer parses, and a build from the cache says so
    // as one without it does, rather than serve the sheets it made before. Shown failing with
    // the limits left out of what the faces' notes are kept under.
    let limits = [("PROTOPRESS_MAX_IMAGE_MP", "0")];
    let (code, err) = exit_and_errors(p.root(), &limits, &["build", "fixture"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("megapixels"), "{err}");
}

/// A kit whose cover pictures a back no sheet prints, in a font only that back uses, rebuilt
/// with nothing changed makes nothing again: its credits settle at once. Shown failing by
/// crediting a kept face's fonts only after a layout that left them out (each build then
/// remembered the kit's credits twice over, and laid it out four times).
#[test]
fn a_kit_crediting_a_pictured_backs_font_rebuilds_unchanged() {
    let p = common::deck_game(
        "  paper: a4\n  layout: print-and-cut\n  duplex: none\n",
        "- name: Alpha\n",
    );
    p.write(
        "templates/fixture/back.svg.tera",
        "{% <face_svg bg=\"#222266\"> %}<text x=\"10\" y=\"40\" font-size=\"8\" font-family=\"DejaVu Sans Condensed\" fill=\"#ffffff\">BACK</text>{% </face_svg> %}",
    );
    let build = || cache_use(&common::run_dated(p.root(), &["-v", "build", "fixture"]))[0];
    build();
    // The first build's layout that credited too few fonts is let go once.
    let [reused, made, _] = build();
    assert!(reused > 0, "nothing was kept");
    assert_eq!(made, 0, "the kit was made again");
    let [_, made, gone] = build();
    assert_eq!((made, gone), (0, 0), "the kit was made again");
}

/// A game whose first card's text overflows its box under `text_overflow: warn`.
fn game_with_a_wordy_card() -> common::Project {
    let long = "word ".repeat(200);
    common::deck_game(
        "  paper: a4\n  text_overflow: warn",
        &format!("- name: Wordy Card\n  text: \"{long}\"\n- name: Plain\n  text: short\n"),
    )
}

/// The warnings `build.json` gives about the wordy card.
fn wordy_warnings(root: &Path) -> Vec<String> {
    let json = std::fs::read_to_string(root.join("output/fixture/build.json")).unwrap();
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let warnings = report["warnings"].as_array().unwrap();
    let wordy = warnings.iter().filter_map(|w| w.as_str());
    wordy
        .filter(|w| w.contains("Wordy Card") && w.contains("does not fit"))
        .map(str::to_owned)
        .collect()
}

/// A face taken from the render cache warns as its render did, in `watch` and from the
/// command line's disk cache, where a build with nothing changed renders nothing. Shown failing
/// when a reused render's warnings were not given again: the second build warned of nothing.
#[test]
fn a_face_reused_from_the_render_cache_warns_again() {
    let p = game_with_a_wordy_card();
    let project = Project::open(p.root()).unwrap();
    let session = Session::with_cache(&project, &options(p.root()));
    let cache = session.cache().unwrap();
    let warned = |b: &Built| {
        let w = b.report.warnings.iter();
        w.filter(|w| w.contains("Wordy Card")).count()
    };
    let first = session.build_in_memory("fixture").unwrap();
    assert_eq!(warned(&first), 1, "{:?}", first.report.warnings);
    let again = session.build_in_memory("fixture").unwrap();
    assert_eq!(cache.rendered.load(Ordering::Relaxed), 0);
    assert_eq!(again.report.warnings, first.report.warnings);
    // Another card's edit renders that card alone; the wordy one still warns.
    p.edit("data/fixture/deck.yaml", "short", "brief");
    let edited = session.build_in_memory("fixture").unwrap();
    assert_eq!(cache.rendered.load(Ordering::Relaxed), 1);
    assert_eq!(edited.report.warnings, first.report.warnings);

    let build = || {
        let stdout = common::run_dated(p.root(), &["-v", "build", "fixture"]);
        (cache_use(&stdout)[0], wordy_warnings(p.root()))
    };
    let ([_, made, _], warnings) = build();
    assert!(made > 0);
    assert_eq!(warnings.len(), 1);
    let ([reused, made, _], again) = build();
    assert_eq!(made, 0, "nothing rendered, nothing made");
    assert!(reused > 0);
    assert_eq!(again, warnings);
    p.edit("data/fixture/deck.yaml", "brief", "shorter");
    let (_, edited) = build();
    assert_eq!(edited, warnings);
}

/// The command line's renders are kept by their template and values and by every template
/// they may take part of: a change to a component the back calls, in a file whose name no
/// template quotes, renders the back again, and the kit is the one a build without the cache
/// makes. Shown failing when only partials (`_name`) and `common/` counted as shared.
#[test]
fn a_component_edit_is_not_hidden_by_the_kept_renders() {
    let p = game_with_a_wordy_card();
    p.write(
        "templates/fixture/widgets.svg.tera",
        "{% component badge() %}<rect width=\"9\" height=\"9\" fill=\"#c33\"/>{% endcomponent %}",
    );
    p.edit(
        "templates/fixture/back.svg.tera",
        "{% </face_svg> %}",
        "{% <badge> %}{% </badge> %}{% </face_svg> %}",
    );
    let build =
        |args: &[&str]| common::run_dated(p.root(), &[&["build", "fixture"], args].concat());
    build(&[]);
    p.edit("templates/fixture/widgets.svg.tera", "#c33", "#3c3");
    build(&[]);
    let kept = common::snapshot(&p.out().join("fixture"));
    build(&["--no-cache"]);
    let cold = common::snapshot(&p.out().join("fixture"));
    assert!(
        kept == cold,
        "the kit differs from a build without the cache"
    );
}

/// `check` takes the faces the last build rendered from the cache, but not a card edited
/// since: the edit's overflowing text fails the check as it fails a build. Shown failing by
/// keying the renders without the card's values (the check then passed on the old render).
#[test]
fn check_renders_a_card_edited_since_the_build() {
    let p = common::deck_game(
        "  paper: a4",
        "- name: Alpha\n  text: short\n- name: Beta\n",
    );
    common::run_dated(p.root(), &["build", "fixture"]);
    common::run_dated(p.root(), &["check", "fixture"]);
    let long = "word ".repeat(200);
    p.edit("data/fixture/deck.yaml", "short", &long);
    let (code, err) = exit_and_errors(p.root(), &[], &["check", "fixture"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("card `Alpha`") && err.contains("does not fit"),
        "{err}"
    );
}

/// Cards whose back a `backs` rule picks share its render, one job each under one key: a
/// rebuild with nothing changed takes it for every one of them and makes nothing. Shown
/// failing when a render read back was given to the first job that asked (the others filled
/// the template in again, and the renders were written again on every build).
#[test]
fn a_back_shared_by_a_rule_is_rendered_once_and_kept() {
    let p = common::deck_game(
        "  paper: a4",
        "- name: Coin\n  text: loot\n- name: Gem\n  text: loot\n- name: Pit\n  text: hazard\n",
    );
    p.edit(
        "data/fixture/game.yaml",
        "    cards: deck.yaml",
        "    backs: { text: { hazard: back.svg.tera } }\n    cards: deck.yaml",
    );
    let build = || cache_use(&common::run_dated(p.root(), &["-v", "build", "fixture"]))[0];
    let [_, made, _] = build();
    assert!(made > 0);
    let [reused, made, gone] = build();
    assert!(reused > 0);
    assert_eq!((made, gone), (0, 0), "nothing made again");
}
