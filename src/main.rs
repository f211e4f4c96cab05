//! The `protopress` command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use protopress::build::{BuildOptions, build_game, discover_games};
use protopress::print::Paper;

/// Turn a tabletop game kept as YAML data, SVG templates and Markdown rules into a
/// print-and-play kit.
///
/// A project holds `data/<game>/game.yaml` (the game, its print profile and components),
/// card files next to it, and templates in `templates/<game>/` and `templates/common/`.
/// Run with no arguments to build every game into `output/`.
#[derive(Parser)]
#[command(name = "protopress", version, about, long_about)]
struct Cli {
    /// The project directory (holding data/ and templates/).
    #[arg(long, short = 'C', global = true, default_value = ".")]
    project: PathBuf,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Build games into print-ready PDFs: output/<game>/cards.pdf and build.json.
    Build {
        /// Games to build (directory names under data/); all games when none is given.
        games: Vec<String>,
        /// Paper for every sheet, overriding each game's print profile.
        #[arg(long, value_parser = parse_paper)]
        paper: Option<Paper>,
        /// Output root; each game is written to <OUT>/<game>/.
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
}

fn parse_paper(s: &str) -> Result<Paper, String> {
    Paper::parse(s).ok_or_else(|| format!("unknown paper `{s}`; use a4 or letter"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Build {
        games: Vec::new(),
        paper: None,
        out: PathBuf::from("output"),
    });
    match command {
        Command::Build { games, paper, out } => build(&cli.project, games, paper, out),
    }
}

fn build(root: &Path, games: Vec<String>, paper: Option<Paper>, out: PathBuf) -> ExitCode {
    let games = if games.is_empty() {
        match discover_games(root) {
            Ok(g) if !g.is_empty() => g,
            Ok(_) => {
                eprintln!(
                    "error: no games found (no data/<game>/game.yaml under {})",
                    root.display()
                );
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        games
    };
    let out_dir = if out.is_absolute() {
        out
    } else {
        root.join(out)
    };
    let opts = BuildOptions { paper, out_dir };
    let mut failed = 0;
    for game in &games {
        let start = Instant::now();
        match build_game(root, game, &opts) {
            Ok(outcome) => {
                let r = &outcome.report;
                let copies: u32 = r
                    .components
                    .iter()
                    .filter(|c| c.kind != "bought")
                    .map(|c| c.copies)
                    .sum();
                let pages: usize = r.files.iter().map(|f| f.pages).sum();
                println!(
                    "built {game}: {copies} printed pieces, {} unique faces, {pages} pages in {:.2} s -> {}",
                    r.unique_faces,
                    start.elapsed().as_secs_f64(),
                    opts.out_dir.join(game).display()
                );
                for w in &r.warnings {
                    println!("  warning: {w}");
                }
            }
            Err(e) => {
                failed += 1;
                eprintln!("error: {e}");
            }
        }
    }
    if failed > 0 {
        eprintln!(
            "{failed} of {} games failed; their previous output is untouched",
            games.len()
        );
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
