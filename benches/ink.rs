//! Ink coverage of every game's kit with `ink: normal` and with `ink: saver`: each page of
//! kit.pdf rendered at 20 dpi and its mean darkness taken (0 white, 1 solid black), averaged
//! over the kit and over its sheet PDFs. `cargo bench --bench ink [GAME…]`.

use std::time::Instant;

use protopress::assemble::{BuildOptions, Session};
use protopress::model::print::Ink;
use protopress::pdf::ink::coverage;

const DPI: f32 = 20.0;

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let project = protopress::Project::open(root).expect("the repository is a project");
    let out = tempfile::tempdir().unwrap();
    let opts = BuildOptions {
        out_dir: out.path().to_path_buf(),
        ..BuildOptions::default()
    };
    let session = Session::new(&project, &opts);
    let asked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let games = if asked.is_empty() {
        project.games().unwrap()
    } else {
        asked
    };
    println!(
        "{:<26} {:>10} {:>10} {:>8}   {:>10} {:>10} {:>8}",
        "mean darkness", "kit", "kit saver", "change", "sheets", "saver", "change"
    );
    for game in games {
        let start = Instant::now();
        let mut kit = Vec::new();
        let mut sheets = Vec::new();
        for ink in [Ink::Normal, Ink::Saver] {
            let built = session
                .build_adjusted(&game, |g| g.file.print.ink = ink)
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            kit.push(coverage(built.pdf("kit.pdf").unwrap(), DPI).unwrap().mean());
            let mut pages = Vec::new();
            for f in ["cards.pdf", "boards.pdf", "tokens.pdf"] {
                if let Some(b) = built.pdf(f) {
                    pages.extend(coverage(b, DPI).unwrap().pages);
                }
            }
            sheets.push(pages.iter().sum::<f32>() / pages.len().max(1) as f32);
        }
        let change = |v: &[f32]| 100.0 * (v[1] - v[0]) / v[0].max(1e-6);
        println!(
            "{game:<26} {:>10.4} {:>10.4} {:>7.1}%   {:>10.4} {:>10.4} {:>7.1}%   ({:.1} s)",
            kit[0],
            kit[1],
            change(&kit),
            sheets[0],
            sheets[1],
            change(&sheets),
            start.elapsed().as_secs_f64()
        );
    }
}
