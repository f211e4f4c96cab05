//! The build as a designer meets it: `protopress build` as a fresh process, cold, the median
//! of several runs, with the peak memory and CPU time of the process (as the kernel counted
//! them when it exited: Linux and other Unix) and the stage split that `--verbose` prints.
//!
//! Run with `cargo bench --bench cli` (builds the release binary first). Decks are generated
//! into a temporary project: 1,000 / 10,000 / 50,000 cards with 10 % unique faces, 10,000
//! all-unique plain cards, and 10,000 all-unique cards as rich as the examples' (Facility 07's
//! Ops front: frame, two icons and four fitted texts on every card); plus Death to Decorum
//! (its build, its `check`, each export, a rebuild that changed nothing, and a rebuild after
//! one card's edit and after a rules edit, with the build cache and without) and all five
//! example games from the repository. Each case reports the median wall time, the median peak
//! memory and CPU time over wall time (how busy the cores were).
//! `PROTOPRESS_BENCH_RUNS` sets the runs per case (default 5; 3 for the largest decks);
//! `PROTOPRESS_BENCH_BIN` measures another `protopress` binary (an older build) instead.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../tests/common/mod.rs"]
mod common;

/// One measured run.
struct Run {
    wall: Duration,
    peak_mb: f64,
    /// CPU seconds (user and system) over wall seconds.
    busy: f64,
    stdout: String,
}

/// The binary measured: `PROTOPRESS_BENCH_BIN` when set (an older build, to compare with),
/// else this tree's release build, built first.
fn binary() -> PathBuf {
    if let Some(bin) = std::env::var_os("PROTOPRESS_BENCH_BIN") {
        return PathBuf::from(bin);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    let bin = target.join("release/protopress");
    let built = Command::new(env!("CARGO"))
        .args(["build", "--release", "--bin", "protopress"])
        .status()
        .expect("cargo runs");
    assert!(built.success(), "the release binary builds");
    bin
}

/// Waits for `child` after reading its output to the end: its exit status, its output, and
/// what the kernel counted for it alone (`wait4`): its peak resident memory and its CPU time,
/// exact, where readings of /proc while it ran missed its last milliseconds.
fn wait_measured(mut child: std::process::Child) -> (i32, String, libc::rusage) {
    use std::io::Read;
    let mut stdout = String::new();
    if let Some(mut out) = child.stdout.take() {
        out.read_to_string(&mut stdout)
            .expect("protopress's output");
    }
    let mut status = 0;
    // SAFETY: a plain wait for our own child, with valid places for both results; the
    // `Child` is not waited for again (std never waits on drop).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32, "waiting for protopress");
    (status, stdout, usage)
}

fn run_once(bin: &Path, root: &Path, args: &[&str]) -> Run {
    // The last run's files are written back to disk first, untimed: writing back tens of
    // megabytes beside a run moved its median by tens of milliseconds.
    let _ = Command::new("sync").status();
    let start = Instant::now();
    let child = Command::new(bin)
        .arg("-C")
        .arg(root)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("protopress starts");
    let (status, stdout, usage) = wait_measured(child);
    let wall = start.elapsed();
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "protopress {args:?} failed"
    );
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let cpu = secs(usage.ru_utime) + secs(usage.ru_stime);
    Run {
        wall,
        // Kilobytes on Linux.
        peak_mb: usage.ru_maxrss as f64 / 1024.0,
        busy: cpu / wall.as_secs_f64(),
        stdout,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Runs `protopress -v build GAMES` `runs` times and prints the medians and the stage split.
fn case(bin: &Path, label: &str, root: &Path, games: &[&str], runs: usize) -> f64 {
    let out = root.join("output");
    let mut args = vec!["-v", "build"];
    args.extend(games);
    let runs: Vec<Run> = (0..runs)
        .map(|_| {
            let _ = std::fs::remove_dir_all(&out);
            run_once(bin, root, &args)
        })
        .collect();
    let secs = median(runs.iter().map(|r| r.wall.as_secs_f64()).collect());
    let mb = median(runs.iter().map(|r| r.peak_mb).collect());
    let busy = median(runs.iter().map(|r| r.busy).collect());
    let sizes = file_sizes(&out);
    println!(
        "{label}: median {secs:.2} s, peak {mb:.0} MB, CPU/wall {busy:.2} over {} runs; {sizes}",
        runs.len()
    );
    if let Some(last) = runs.last() {
        for line in last.stdout.lines().filter(|l| l.contains(" ms")) {
            println!("    {}", line.trim());
        }
    }
    secs
}

/// The sizes of cards.pdf, kit.pdf and index.html (with its images) of each game built.
fn file_sizes(out: &Path) -> String {
    let mut parts = Vec::new();
    let Ok(games) = std::fs::read_dir(out) else {
        return String::new();
    };
    // The build cache (`.cache`) is no game's folder.
    let is_game = |g: &std::fs::DirEntry| {
        g.path().is_dir() && !g.file_name().to_string_lossy().starts_with('.')
    };
    for game in games.flatten().filter(is_game) {
        // A game in several languages keeps its first language's kit in a folder of its own.
        let mut dir = game.path();
        if !dir.join("kit.pdf").exists()
            && let Some(lang) = std::fs::read_dir(&dir)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.join("kit.pdf").exists())
                .min()
        {
            dir = lang;
        }
        let size = |f: &str| std::fs::metadata(dir.join(f)).map_or(0, |m| m.len());
        let mb = |b: u64| b as f64 / 1e6;
        parts.push(format!(
            "{}: cards.pdf {:.1} MB, kit.pdf {:.1} MB, index.html {:.2} MB",
            game.file_name().to_string_lossy(),
            mb(size("cards.pdf")),
            mb(size("kit.pdf")),
            mb(size("index.html")),
        ));
    }
    parts.sort();
    parts.join("; ")
}

/// A project with one deck of `cards` cards of which `unique` differ.
fn deck_project(cards: usize, unique: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    common::copy_dir(
        &repo.join("templates/common"),
        &root.join("templates/common"),
    );
    let write = |path: &str, text: &str| {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    };
    write(
        "data/big/game.yaml",
        "name: Big Deck\nrevision: \"1\"\ncomponents:\n  - id: deck\n    name: Deck\n    size: poker\n    front: front.svg.tera\n    back: { template: back.svg.tera }\n    cards: deck.yaml\n    card_fields: [value, text]\n",
    );
    let copies = cards / unique;
    let mut list = String::new();
    for i in 0..unique {
        list.push_str(&format!(
            "- name: Card number {i}\n  count: {copies}\n  value: {}\n  text: \"Gain **{}** :coin: when you play this card, then *discard* a card of value {} or less.\"\n",
            i % 17,
            i % 7 + 1,
            i % 5 + 2
        ));
    }
    write("data/big/deck.yaml", &list);
    write(
        "templates/big/front.svg.tera",
        "{% <face_svg bg=\"#f4efe4\"> %}<rect x=\"5\" y=\"5\" width=\"{{ face.width - 10 }}\" height=\"12\" fill=\"#335\"/>{{ text_box(text=card.name, x=face.safe_left, y=face.safe_top, width=face.safe_right - face.safe_left, height=10, size=5, min_size=3, bold=true, fill=\"#fff\", max_lines=1) }}{{ text_box(text=card.text, x=face.safe_left, y=50, width=face.safe_right - face.safe_left, height=30, size=4, min_size=2.5, align=\"justify\") }}{% </face_svg> %}",
    );
    write(
        "templates/big/back.svg.tera",
        "{% <face_svg bg=\"#223\"> %}<circle cx=\"{{ face.width / 2 }}\" cy=\"{{ face.height / 2 }}\" r=\"15\" fill=\"#ccd\"/>{% </face_svg> %}",
    );
    dir
}

/// Runs `protopress ARGS` in `root` `runs` times, calling `before` ahead of each (untimed),
/// and prints the medians.
fn command_case(
    bin: &Path,
    label: &str,
    root: &Path,
    args: &[&str],
    runs: usize,
    before: impl Fn(usize),
) -> f64 {
    let runs: Vec<Run> = (0..runs)
        .map(|i| {
            before(i);
            run_once(bin, root, args)
        })
        .collect();
    let secs = median(runs.iter().map(|r| r.wall.as_secs_f64()).collect());
    let mb = median(runs.iter().map(|r| r.peak_mb).collect());
    let busy = median(runs.iter().map(|r| r.busy).collect());
    println!(
        "{label}: median {secs:.3} s, peak {mb:.0} MB, CPU/wall {busy:.2} over {} runs",
        runs.len()
    );
    secs
}

/// A project of one deck of `cards` unique cards drawn by Facility 07's Ops template, each
/// with its frame, its kind's icon, a card icon, a fitted name, text and rule: faces as rich as
/// the examples', none alike.
fn rich_project(cards: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (from, to) in [
        ("templates/common", "templates/common"),
        ("templates/facility-07", "templates/rich"),
        ("fonts", "fonts"),
    ] {
        common::copy_dir(&repo.join(from), &root.join(to));
    }
    let game = std::fs::read_to_string(repo.join("data/facility-07/game.yaml")).expect("game");
    let head = game.split("\ncomponents:").next().expect("head");
    let game = format!(
        "{}\ncomponents:\n  - id: ops\n    name: Ops Cards\n    size: poker\n    front: ops.svg.tera\n    back: {{ template: back.svg.tera }}\n    cards: ops.yaml\n    card_fields: [kind, weapon, text, icon]\n    data: {{ deck: ops }}\n",
        head.replace("name: Facility 07", "name: Rich Deck")
    );
    let ops = std::fs::read_to_string(repo.join("data/facility-07/ops.yaml")).expect("ops");
    let ops: Vec<serde_yaml::Value> = serde_yaml::from_str(&ops).expect("ops parse");
    let field = |v: &serde_yaml::Value, k: &str| {
        v.get(k)
            .and_then(|x| x.as_str())
            .unwrap_or_default()
            .to_owned()
    };
    let mut list = String::new();
    for i in 0..cards {
        let card = &ops[i % ops.len()];
        let kind = ["action", "gadget", "covert"][i % 3];
        let weapon = ["none", "melee", "ranged"][(i / 3) % 3];
        list.push_str(&format!(
            "- name: \"{} {i}\"\n  icon: {}\n  kind: {kind}\n  weapon: {weapon}\n  text: \"{} Then gain {} data.\"\n",
            field(card, "name"),
            field(&ops[(i * 7) % ops.len()], "icon"),
            field(card, "text"),
            i % 9 + 1
        ));
    }
    let write = |path: &str, text: &str| {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    };
    write("data/rich/game.yaml", &game);
    write("data/rich/ops.yaml", &list);
    dir
}

/// Death to Decorum's commands beside its build: `check` (after the build, which it reads the
/// faces' findings from, and without the cache), each export, and a build after one card's
/// text is edited (the build before it untimed).
fn death_to_decorum_commands(bin: &Path, root: &Path, runs: usize) {
    for (label, extra) in [("", None), (" --no-cache", Some("--no-cache"))] {
        let mut args = vec!["check", "death-to-decorum"];
        args.extend(extra);
        let label = format!("Death to Decorum check{label}");
        command_case(bin, &label, root, &args, runs, |_| {});
    }
    let export = root.join("output/death-to-decorum/export");
    for format in ["png", "tts", "tgc", "mpc", "pdf-cards"] {
        // png, tgc and mpc keep their images in the build cache: timed here from nothing.
        let mut args = vec!["export", "death-to-decorum", "--format", format, "-q"];
        let cold = takes_no_cache(bin, "export");
        args.extend(cold.then_some("--no-cache"));
        command_case(
            bin,
            &format!(
                "Death to Decorum export --format {format}{}",
                if cold { " --no-cache" } else { "" }
            ),
            root,
            &args,
            runs,
            |_| {
                let _ = std::fs::remove_dir_all(&export);
            },
        );
    }
    if takes_no_cache(bin, "export") {
        png_from_cache(bin, root, runs);
    }
    let game = "death-to-decorum";
    let label = "Death to Decorum build, nothing changed";
    unchanged_case(bin, label, root, &[game], runs);
    let cards = root.join("data/death-to-decorum/facility.yaml");
    let rules = root.join("data/death-to-decorum/rules.md");
    let edits = [
        ("one card's edit", &cards, "flavour: "),
        ("a rules edit", &rules, "# "),
    ];
    for (what, file, at) in edits {
        let label = format!("Death to Decorum build after {what}");
        edit_case(bin, &label, root, game, (file, at), runs);
    }
}

/// Death to Decorum's png export with the images an export before it kept in the build
/// cache: nothing changed since, and one card's text edited since (that export untimed).
fn png_from_cache(bin: &Path, root: &Path, runs: usize) {
    let cards = root.join("data/death-to-decorum/facility.yaml");
    let original = std::fs::read_to_string(&cards).expect("the cards");
    let args = ["export", "death-to-decorum", "--format", "png", "-q"];
    let export = || {
        let done = Command::new(bin).arg("-C").arg(root).args(args).status();
        assert!(done.expect("export").success());
    };
    export();
    let label = "Death to Decorum export --format png, nothing changed";
    command_case(bin, label, root, &args, runs, |_| {});
    let label = "Death to Decorum export --format png after one card's edit";
    command_case(bin, label, root, &args, runs, |i| {
        std::fs::write(&cards, &original).expect("restore");
        export();
        common::edit_file(&cards, "flavour: ", &format!("flavour: Edited {i}. "));
    });
    std::fs::write(&cards, &original).expect("restore");
}

/// A build of `game` after the text at `at` in `file` is edited, timed, the build before it
/// untimed: with the build cache (when the binary has one) and without.
fn edit_case(
    bin: &Path,
    label: &str,
    root: &Path,
    game: &str,
    (file, at): (&Path, &str),
    runs: usize,
) {
    let original = std::fs::read_to_string(file).expect("the file to edit");
    let build = |extra: &[&str]| {
        let built = Command::new(bin)
            .arg("-C")
            .arg(root)
            .args(["build", game, "-q"])
            .args(extra)
            .status()
            .expect("build");
        assert!(built.success());
    };
    for cache in [true, false] {
        let mut args = vec!["build", game, "-q"];
        if !cache {
            if !has_cache(bin) {
                continue;
            }
            args.push("--no-cache");
        }
        let label = format!("{label}{}", if cache { "" } else { ", --no-cache" });
        command_case(bin, &label, root, &args, runs, |i| {
            std::fs::write(file, &original).expect("restore");
            build(&[]);
            common::edit_file(file, at, &format!("{at}Edited {i}. "));
        });
    }
    std::fs::write(file, &original).expect("restore");
}

/// A build of `games` that changed nothing since the last: everything it can take from the
/// build cache, taken (a binary without a cache builds from nothing again).
fn unchanged_case(bin: &Path, label: &str, root: &Path, games: &[&str], runs: usize) {
    let mut args = vec!["build", "-q"];
    args.extend(games);
    run_once(bin, root, &args);
    command_case(bin, label, root, &args, runs, |_| {});
}

/// Whether `bin` keeps a build cache (an older binary knows no `--no-cache`).
fn has_cache(bin: &Path) -> bool {
    takes_no_cache(bin, "build")
}

/// Whether `bin`'s `command` takes `--no-cache` (a binary from before its cache does not).
fn takes_no_cache(bin: &Path, command: &str) -> bool {
    Command::new(bin)
        .args([command, "--help"])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("--no-cache"))
}

fn main() {
    let bin = binary();
    let runs: usize = std::env::var("PROTOPRESS_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let examples = tempfile::tempdir().expect("temp dir");
    common::copy_dir(&repo.join("data"), &examples.path().join("data"));
    common::copy_dir(&repo.join("templates"), &examples.path().join("templates"));
    common::copy_dir(&repo.join("fonts"), &examples.path().join("fonts"));
    case(
        &bin,
        "Death to Decorum kit",
        examples.path(),
        &["death-to-decorum"],
        runs,
    );
    case(&bin, "five example games", examples.path(), &[], runs);
    let mut scaling = Vec::new();
    for (cards, unique, n) in [
        (1_000, 100, runs),
        (10_000, 1_000, runs),
        (50_000, 5_000, 3),
    ] {
        let p = deck_project(cards, unique);
        let label = format!("{cards} cards, {unique} unique");
        scaling.push((cards, case(&bin, &label, p.path(), &["big"], n.min(runs))));
        if cards == 10_000 {
            let deck = p.path().join("data/big/deck.yaml");
            let label = format!("{label}, build after one card's edit");
            edit_case(&bin, &label, p.path(), "big", (&deck, "Gain "), 3.min(runs));
        }
    }
    let p = deck_project(10_000, 10_000);
    case(
        &bin,
        "10000 cards, all unique",
        p.path(),
        &["big"],
        3.min(runs),
    );
    let p = rich_project(10_000);
    case(
        &bin,
        "10000 rich cards, all unique",
        p.path(),
        &["rich"],
        3.min(runs),
    );
    let label = "10000 rich cards, rebuilt with nothing changed";
    unchanged_case(&bin, label, p.path(), &["rich"], 3.min(runs));
    death_to_decorum_commands(&bin, examples.path(), runs);
    if let [(_, small), _, (_, large)] = scaling[..] {
        println!(
            "50,000 / 1,000 cards: {:.1}× the time for 50× the cards",
            large / small
        );
    }
}
