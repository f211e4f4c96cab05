//! Build benchmark: the Death to Decorum decks and a generated 10,000-card deck
//! (1,000 unique cards × 10 copies, every face with fitted, wrapped text).
//!
//! Run with `cargo bench --bench build_bench`; prints wall times per stage, cards per second
//! and PDF sizes. It is a benchmark, not a test: nothing here asserts a time.

use std::path::Path;
use std::time::Instant;

use protopress::assemble::{BuildOptions, Built};

// The test helpers (copying a game into a scratch project).
#[path = "../tests/common/mod.rs"]
mod common;

fn run(root: &Path, game: &str, rounds: usize) -> (Built, f64) {
    let opts = BuildOptions {
        paper: None,
        out_dir: root.join("output"),
        mark_printed: false,
        layout: None,
    };
    // One warm-up build, then the best of `rounds`.
    let mut best = f64::MAX;
    let mut last =
        protopress::assemble::Session::new(&protopress::Project::open(root).unwrap(), &opts)
            .build_in_memory(game)
            .expect("benchmark game builds");
    for _ in 0..rounds {
        let start = Instant::now();
        last = protopress::assemble::Session::new(&protopress::Project::open(root).unwrap(), &opts)
            .build_in_memory(game)
            .expect("benchmark game builds");
        best = best.min(start.elapsed().as_secs_f64());
    }
    (last, best)
}

fn report(label: &str, built: &Built, secs: f64) {
    let copies: u32 = built
        .report
        .components
        .iter()
        .filter(|c| c.kind != "bought")
        .map(|c| c.copies)
        .sum();
    let files: Vec<String> = built
        .report
        .files
        .iter()
        .map(|f| {
            format!(
                "{} {} p. {:.0} KB",
                f.file,
                f.pages,
                f.bytes as f64 / 1024.0
            )
        })
        .collect();
    println!(
        "{label}: {copies} printed pieces, {} unique faces; {}: best {:.1} ms ({:.0} pieces/s)",
        built.report.unique_faces,
        files.join(", "),
        secs * 1000.0,
        f64::from(copies) / secs
    );
    for (stage, d) in &built.timings {
        println!("    {stage:<28} {:>8.1} ms", d.as_secs_f64() * 1000.0);
    }
    let unique = built.report.unique_faces as f64;
    let fit = built
        .timings
        .iter()
        .find(|t| t.0.starts_with("templates"))
        .map_or(0.0, |t| t.1.as_secs_f64());
    println!(
        "    templates + text fit per unique face: {:.1} µs",
        fit / unique * 1e6
    );
}

fn write(root: &Path, path: &str, text: &str) {
    let p = root.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn big_deck(root: &Path) {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    common::copy_dir(
        &repo.join("templates/common"),
        &root.join("templates/common"),
    );
    write(
        root,
        "data/big/game.yaml",
        "name: Big Deck\nrevision: \"1\"\ncomponents:\n  - id: deck\n    name: Deck\n    size: poker\n    front: front.svg.tera\n    back: { template: back.svg.tera }\n    cards: deck.yaml\n    card_fields: [value, text]\n",
    );
    let mut cards = String::new();
    for i in 0..1000 {
        cards.push_str(&format!(
            "- name: Card number {i}\n  count: 10\n  value: {}\n  text: \"Gain **{}** :coin: when you play this card, then *discard* a card of value {} or less from the display.\"\n",
            i % 17,
            i % 7 + 1,
            i % 5 + 2
        ));
    }
    write(root, "data/big/deck.yaml", &cards);
    write(
        root,
        "templates/big/front.svg.tera",
        "{% <face_svg bg=\"#f4efe4\"> %}<rect x=\"5\" y=\"5\" width=\"{{ face.width - 10 }}\" height=\"12\" fill=\"#335\"/>{{ text_box(text=card.name, x=face.safe_left, y=face.safe_top, width=face.safe_right - face.safe_left, height=10, size=5, min_size=3, bold=true, fill=\"#fff\", max_lines=1) }}{{ text_box(text=card.text, x=face.safe_left, y=50, width=face.safe_right - face.safe_left, height=30, size=4, min_size=2.5, align=\"justify\") }}{% </face_svg> %}",
    );
    write(
        root,
        "templates/big/back.svg.tera",
        "{% <face_svg bg=\"#223\"> %}<circle cx=\"{{ face.width / 2 }}\" cy=\"{{ face.height / 2 }}\" r=\"15\" fill=\"#ccd\"/>{% </face_svg> %}",
    );
}

/// Peak resident memory of this process so far, in MB (Linux).
fn peak_rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).map(|l| {
                l.split_whitespace()
                    .nth(1)
                    .unwrap_or("0")
                    .parse::<f64>()
                    .unwrap_or(0.0)
            })
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// A rebuild after a one-card edit, reusing unchanged faces as `watch` does: the first build
/// fills the session's cache, then `file` has `from` replaced by `to` and the game is built
/// again in the same session and written out, as `watch` and `serve` do.
fn incremental(label: &str, root: &Path, game: &str, file: &str, from: &str, to: &str) {
    let opts = BuildOptions {
        paper: None,
        out_dir: root.join("output"),
        mark_printed: false,
        layout: None,
    };
    let project = protopress::Project::open(root).unwrap();
    let session = protopress::assemble::Session::with_cache(&project, &opts);
    session.build_game(game).unwrap();
    let path = root.join("data").join(game).join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} has `{from}`");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    let start = Instant::now();
    let built = session.build_game(game).unwrap();
    println!(
        "{label}: rebuild after a one-card edit (watch, in the same process): {:.1} ms",
        start.elapsed().as_secs_f64() * 1000.0
    );
    for (stage, d) in &built.timings {
        println!("    {stage:<28} {:>8.1} ms", d.as_secs_f64() * 1000.0);
    }
}

fn main() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (built, secs) = run(repo, "death-to-decorum", 10);
    report("Death to Decorum kit", &built, secs);

    let game = protopress::model::Game::load(
        &protopress::Project::open(repo).unwrap(),
        "death-to-decorum",
    )
    .unwrap();
    let opts = protopress::simulate::SimOptions {
        players: vec![2],
        games: 10_000,
        seed: 1,
        strategies: protopress::simulate::engine::Strategy::ALL.to_vec(),
        sets: Vec::new(),
    };
    let start = Instant::now();
    let sim = protopress::simulate::run(&game, &opts).unwrap();
    println!(
        "Simulation: 3 strategies × 10,000 games of Death to Decorum in {:.1} ms",
        start.elapsed().as_secs_f64() * 1000.0
    );
    for s in sim.crews.iter().flat_map(|c| &c.strategies) {
        println!(
            "    {:<9} win rate {}",
            s.strategy.name(),
            s.win_rate.percent()
        );
    }

    let dtd = common::copy_game("death-to-decorum");
    incremental(
        "Death to Decorum",
        dtd.path(),
        "death-to-decorum",
        "facility.yaml",
        "Best before the incident.",
        "Best before the next incident.",
    );

    let dir = tempfile::tempdir().unwrap();
    big_deck(dir.path());
    let edit = tempfile::tempdir().unwrap();
    big_deck(edit.path());
    incremental(
        "10,000-card deck, 1,000 unique",
        edit.path(),
        "big",
        "deck.yaml",
        "Card number 500",
        "Card number 500b",
    );
    let (built, secs) = run(dir.path(), "big", 3);
    report("10,000-card deck", &built, secs);
    println!(
        "Peak memory of the benchmark process: {:.0} MB",
        peak_rss_mb()
    );
    // For the peer comparison (benches/peer_pipeline.sh): the unique faces as SVG files.
    if let Ok(out) = std::env::var("PEER_SVG_DIR") {
        let p = protopress::assemble::Session::new(
            &protopress::Project::open(dir.path()).unwrap(),
            &BuildOptions::default(),
        )
        .prepare("big")
        .unwrap();
        std::fs::create_dir_all(&out).unwrap();
        for (i, face) in p.faces.faces.iter().enumerate() {
            std::fs::write(Path::new(&out).join(format!("face-{i:04}.svg")), &face.svg).unwrap();
        }
        println!("wrote {} face SVGs to {out}", p.faces.faces.len());
    }
}
