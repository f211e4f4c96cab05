//! The `protopress` command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use protopress::build::{BuildOptions, build_game, discover_games, prepare, write_check};
use protopress::model::Game;
use protopress::output::write_atomic;
use protopress::print::Paper;
use protopress::reprint::{load_record, record_at_revision, record_of, record_path};
use protopress::simulate::{self, SimOptions, engine::Strategy};

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

    /// Print only errors.
    #[arg(long, short, global = true)]
    quiet: bool,

    /// Print the time of every stage.
    #[arg(long, short, global = true, conflicts_with = "quiet")]
    verbose: bool,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Build games into print-and-play kits: output/<game>/kit.pdf, rules.pdf, the sheet PDFs
    /// (cards, boards, tokens), build.json, check.json and index.html.
    Build {
        /// Games to build (directory names under data/); all games when none is given.
        games: Vec<String>,
        /// Paper for every sheet, overriding each game's print profile.
        #[arg(long, value_parser = parse_paper)]
        paper: Option<Paper>,
        /// Output root; each game is written to <OUT>/<game>/.
        #[arg(long, default_value = "output")]
        out: PathBuf,
        /// Record what was printed in data/<game>/printed.json (commit it with the game),
        /// so `reprint` can later print only what changed.
        #[arg(long)]
        mark_printed: bool,
    },
    /// Start a new game: data/NAME/ and templates/NAME/ with a deck, a back, tokens, a board,
    /// a manifest and rules that build and check clean at once.
    New {
        /// The game's directory name (lower case and dashes, e.g. space-traders).
        name: String,
    },
    /// Write JSON Schemas for the YAML files (game, manifest, each component's cards) so an
    /// editor can autocomplete fields and flag typos.
    Schema {
        #[arg(long, default_value = "schemas")]
        out: PathBuf,
    },
    /// Play many seeded games of Death to Decorum from its data and report the odds.
    /// Writes output/<game>/simulation.json and two SVG charts.
    Simulate {
        /// The game (its data must describe Death to Decorum's components).
        #[arg(default_value = "death-to-decorum")]
        game: String,
        /// Crew size.
        #[arg(long, default_value_t = 2)]
        players: u32,
        /// Games per strategy.
        #[arg(long, default_value_t = 10_000)]
        games: u32,
        /// Random seed: the same seed gives the same results.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// cautious, balanced, greedy, or all.
        #[arg(long, default_value = "all")]
        strategy: String,
        /// Print one seeded game turn by turn instead.
        #[arg(long)]
        narrate: bool,
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
    /// Rebuild a game whenever its files change, re-rendering only the faces whose template or
    /// data changed. Stop with Ctrl-C.
    Watch {
        game: String,
        #[arg(long, value_parser = parse_paper)]
        paper: Option<Paper>,
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
    /// Check components against the manifest and the rulebook, without printing anything.
    /// Writes output/<game>/check.json; exits non-zero on any mismatch.
    Check {
        /// Games to check; all games when none is given.
        games: Vec<String>,
        /// Output root for check.json.
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
    /// Export for print services and virtual tabletops: png, tts, tgc, mpc or pdf-cards,
    /// into output/<game>/export/.
    Export {
        game: String,
        #[arg(long)]
        format: String,
        /// Resolution of png exports.
        #[arg(long, default_value_t = 300.0)]
        dpi: f32,
        /// Leave the bleed off png exports.
        #[arg(long)]
        no_bleed: bool,
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
    /// Print only what changed since the last `build --mark-printed` (or a git revision):
    /// output/<game>/reprint.pdf with a changelog page.
    Reprint {
        game: String,
        /// Compare with the game at this git revision instead of printed.json.
        #[arg(long)]
        since: Option<String>,
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
}

/// How chatty the command is.
#[derive(Clone, Copy, Default)]
struct Ui {
    quiet: bool,
    verbose: bool,
}

static UI: std::sync::OnceLock<Ui> = std::sync::OnceLock::new();

fn ui() -> Ui {
    UI.get().copied().unwrap_or_default()
}

/// Prints normal output unless --quiet.
macro_rules! say {
    ($($arg:tt)*) => {
        if !ui().quiet {
            println!($($arg)*);
        }
    };
}

/// Prints an error, in red on a terminal.
fn report_error(e: &dyn std::fmt::Display) {
    use std::io::IsTerminal;
    if std::io::stderr().is_terminal() {
        eprintln!("\x1b[1;31merror\x1b[0m: {e}");
    } else {
        eprintln!("error: {e}");
    }
}

/// A one-line progress note on a terminal, replaced when the step is done.
fn progress(text: &str) {
    use std::io::{IsTerminal, Write};
    if !ui().quiet && std::io::stderr().is_terminal() {
        eprint!("\r\x1b[2K{text}");
        let _ = std::io::stderr().flush();
    }
}

fn progress_done() {
    progress("");
}

/// Size and modification time of every file a game is built from.
fn fingerprint(root: &Path, id: &str) -> Vec<(PathBuf, std::time::SystemTime, u64)> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = ["data", "templates"]
        .iter()
        .map(|d| root.join(d).join(id))
        .chain([root.join("templates/common"), root.join("fonts")])
        .collect();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            match e.metadata() {
                Ok(m) if m.is_dir() => stack.push(path),
                Ok(m) => out.push((path, m.modified().unwrap_or(std::time::UNIX_EPOCH), m.len())),
                Err(_) => {}
            }
        }
    }
    out.sort();
    out
}

fn watch(root: &Path, id: &str, paper: Option<Paper>, out: PathBuf) -> ExitCode {
    use std::sync::atomic::Ordering;
    let opts = BuildOptions {
        paper,
        out_dir: out_dir(root, out),
    };
    let cache = protopress::faces::RenderCache::new();
    let mut last = Vec::new();
    say!("watching {id}; press Ctrl-C to stop");
    loop {
        let now = fingerprint(root, id);
        if now != last {
            // Let an editor finish writing before reading.
            std::thread::sleep(std::time::Duration::from_millis(120));
            let now = fingerprint(root, id);
            let start = Instant::now();
            match protopress::build::build_game_cached(root, id, &opts, Some(&cache)) {
                Ok(outcome) => {
                    say!(
                        "rebuilt {id} in {:.0} ms: {} faces rendered, {} reused{}",
                        start.elapsed().as_secs_f64() * 1000.0,
                        cache.rendered.load(Ordering::Relaxed),
                        cache.reused.load(Ordering::Relaxed),
                        match &outcome.check {
                            Some(c) if !c.passed => "; the manifest check FAILED",
                            _ => "",
                        }
                    );
                }
                Err(e) => report_error(&e),
            }
            last = now;
        }
        std::thread::sleep(std::time::Duration::from_millis(250));
    }
}

fn new_game(root: &Path, name: &str) -> ExitCode {
    match protopress::scaffold::create(root, name) {
        Ok(files) => {
            say!("created the game `{name}`:");
            for f in files {
                say!("  {}", f.display());
            }
            say!("build it with: protopress build {name}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            report_error(&e);
            ExitCode::FAILURE
        }
    }
}

fn schema(root: &Path, out: PathBuf) -> ExitCode {
    let games: Vec<Game> = match discover_games(root) {
        Ok(ids) => {
            let mut games = Vec::new();
            for id in ids {
                match Game::load(root, &id) {
                    Ok(g) => games.push(g),
                    Err(e) => {
                        report_error(&e);
                        return ExitCode::FAILURE;
                    }
                }
            }
            games
        }
        Err(_) => Vec::new(),
    };
    match protopress::schema::write_all(&out_dir(root, out), &games) {
        Ok(files) => {
            say!("wrote {} schemas", files.len());
            ExitCode::SUCCESS
        }
        Err(e) => {
            report_error(&e);
            ExitCode::FAILURE
        }
    }
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
        mark_printed: false,
    });
    let ui = Ui {
        quiet: cli.quiet,
        verbose: cli.verbose,
    };
    UI.set(ui).ok();
    match command {
        Command::New { name } => new_game(&cli.project, &name),
        Command::Watch { game, paper, out } => watch(&cli.project, &game, paper, out),
        Command::Schema { out } => schema(&cli.project, out),
        Command::Build {
            games,
            paper,
            out,
            mark_printed,
        } => build(&cli.project, games, paper, out, mark_printed),
        Command::Export {
            game,
            format,
            dpi,
            no_bleed,
            out,
        } => export(&cli.project, &game, &format, dpi, !no_bleed, out),
        Command::Reprint { game, since, out } => {
            reprint(&cli.project, &game, since.as_deref(), out)
        }
        Command::Check { games, out } => check(&cli.project, games, out),
        Command::Simulate {
            game,
            players,
            games,
            seed,
            strategy,
            narrate,
            out,
        } => simulate(
            &cli.project,
            &game,
            players,
            games,
            seed,
            &strategy,
            narrate,
            out,
        ),
    }
}

/// The named games, or every game of the project.
fn games_or_all(root: &Path, games: Vec<String>) -> Option<Vec<String>> {
    if !games.is_empty() {
        return Some(games);
    }
    match discover_games(root) {
        Ok(g) if !g.is_empty() => Some(g),
        Ok(_) => {
            eprintln!(
                "error: no games found (no data/<game>/game.yaml under {})",
                root.display()
            );
            None
        }
        Err(e) => {
            report_error(&e);
            None
        }
    }
}

fn out_dir(root: &Path, out: PathBuf) -> PathBuf {
    if out.is_absolute() {
        out
    } else {
        root.join(out)
    }
}

#[allow(clippy::too_many_arguments)]
fn simulate(
    root: &Path,
    id: &str,
    players: u32,
    games: u32,
    seed: u64,
    strategy: &str,
    narrate: bool,
    out: PathBuf,
) -> ExitCode {
    let strategies = if strategy == "all" {
        Strategy::ALL.to_vec()
    } else {
        match Strategy::parse(strategy) {
            Some(s) => vec![s],
            None => {
                eprintln!(
                    "error: unknown strategy `{strategy}`; use cautious, balanced, greedy or all"
                );
                return ExitCode::FAILURE;
            }
        }
    };
    if players == 0 || games == 0 {
        eprintln!("error: --players and --games must be at least 1");
        return ExitCode::FAILURE;
    }
    let game = match Game::load(root, id) {
        Ok(g) => g,
        Err(e) => {
            report_error(&e);
            return ExitCode::FAILURE;
        }
    };
    if narrate {
        return match simulate::narrate(&game, players, strategies[0], seed) {
            Ok(lines) => {
                for l in lines {
                    println!("{l}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                report_error(&e);
                ExitCode::FAILURE
            }
        };
    }
    let start = Instant::now();
    let opts = SimOptions {
        players,
        games,
        seed,
        strategies,
    };
    let report = match simulate::run(&game, &opts) {
        Ok(r) => r,
        Err(e) => {
            report_error(&e);
            return ExitCode::FAILURE;
        }
    };
    let elapsed = start.elapsed().as_secs_f64();
    print!("{}", report.table());
    let dir = out_dir(root, out).join(id);
    let files = [
        ("simulation.json", report.to_json()),
        ("simulation-coins.svg", report.coins_chart()),
        ("simulation-midnight.svg", report.midnight_chart()),
    ];
    for (name, text) in files {
        if let Err(e) = write_atomic(&dir.join(name), text.as_bytes()) {
            report_error(&e);
            return ExitCode::FAILURE;
        }
    }
    println!(
        "\n{} games in {elapsed:.2} s; wrote {}",
        games as usize * opts.strategies.len(),
        dir.join("simulation.json").display()
    );
    ExitCode::SUCCESS
}

fn check(root: &Path, games: Vec<String>, out: PathBuf) -> ExitCode {
    let Some(games) = games_or_all(root, games) else {
        return ExitCode::FAILURE;
    };
    let out_dir = out_dir(root, out);
    let mut failed = 0;
    for id in &games {
        let result = Game::load(root, id).and_then(|game| write_check(&game, &out_dir));
        match result {
            Ok(Some(report)) => {
                println!("{id}:\n{}", report.table());
                if !report.passed {
                    failed += 1;
                }
            }
            Ok(None) => println!("{id}: no manifest.yaml, nothing to check"),
            Err(e) => {
                report_error(&e);
                failed += 1;
            }
        }
    }
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn reprint(root: &Path, id: &str, since: Option<&str>, out: PathBuf) -> ExitCode {
    let result = (|| {
        let old = match since {
            Some(rev) => record_at_revision(root, id, rev)?,
            None => load_record(&Game::load(root, id)?)?,
        };
        protopress::reprint::reprint(root, id, &old)
    })();
    let r = match result {
        Ok(r) => r,
        Err(e) => {
            report_error(&e);
            return ExitCode::FAILURE;
        }
    };
    if r.changes.is_empty() {
        println!("{id}: nothing changed since the last print; no reprint needed.");
        return ExitCode::SUCCESS;
    }
    for c in &r.changes {
        println!("  {}", c.describe());
    }
    let path = out_dir(root, out).join(id).join("reprint.pdf");
    match r.pdf.map(|pdf| write_atomic(&path, &pdf)) {
        Some(Err(e)) => {
            report_error(&e);
            ExitCode::FAILURE
        }
        _ => {
            let copies: u32 = r.print.values().flat_map(|c| c.values()).sum();
            println!(
                "{id}: {} changes, {copies} copies to print -> {}",
                r.changes.len(),
                path.display()
            );
            ExitCode::SUCCESS
        }
    }
}

fn export(root: &Path, id: &str, format: &str, dpi: f32, bleed: bool, out: PathBuf) -> ExitCode {
    let Some(format) = protopress::export::Format::parse(format) else {
        eprintln!("error: unknown format `{format}`; use png, tts, tgc, mpc or pdf-cards");
        return ExitCode::FAILURE;
    };
    if !(36.0..=1200.0).contains(&dpi) {
        eprintln!("error: --dpi must be between 36 and 1200");
        return ExitCode::FAILURE;
    }
    let opts = protopress::export::ExportOptions { format, dpi, bleed };
    match protopress::export::export(root, id, &opts, &out_dir(root, out)) {
        Ok(files) => {
            println!("{id}: exported {} files", files.len());
            ExitCode::SUCCESS
        }
        Err(e) => {
            report_error(&e);
            ExitCode::FAILURE
        }
    }
}

fn mark_printed(root: &Path, id: &str) -> protopress::Result<PathBuf> {
    let prepared = prepare(root, id, &BuildOptions::default(), &mut Vec::new())?;
    let record = record_of(&prepared)?;
    let path = record_path(&prepared.game);
    write_atomic(&root.join(&path), record.to_json().as_bytes())?;
    Ok(path)
}

fn build(
    root: &Path,
    games: Vec<String>,
    paper: Option<Paper>,
    out: PathBuf,
    mark: bool,
) -> ExitCode {
    let Some(games) = games_or_all(root, games) else {
        return ExitCode::FAILURE;
    };
    let out_dir = out_dir(root, out);
    let opts = BuildOptions { paper, out_dir };
    let mut failed = 0;
    for game in &games {
        let start = Instant::now();
        progress(&format!("building {game}…"));
        let result = build_game(root, game, &opts);
        progress_done();
        match result {
            Ok(outcome) => {
                let r = &outcome.report;
                let copies: u32 = r
                    .components
                    .iter()
                    .filter(|c| c.kind != "bought")
                    .map(|c| c.copies)
                    .sum();
                let pages: usize = r.files.iter().map(|f| f.pages).sum();
                say!(
                    "built {game}: {copies} printed pieces, {} unique faces, {pages} pages in {:.2} s -> {}",
                    r.unique_faces,
                    start.elapsed().as_secs_f64(),
                    opts.out_dir.join(game).display()
                );
                for w in &r.warnings {
                    say!("  warning: {w}");
                }
                if ui().verbose {
                    for (stage, d) in &outcome.timings {
                        println!("  {stage:<28} {:>8.1} ms", d.as_secs_f64() * 1000.0);
                    }
                }
                if mark {
                    match mark_printed(root, game) {
                        Ok(path) => say!("  recorded what was printed in {}", path.display()),
                        Err(e) => {
                            failed += 1;
                            report_error(&e);
                        }
                    }
                }
                if let Some(check) = &outcome.check {
                    if check.passed {
                        say!("  manifest check passed ({} entries)", check.entries.len());
                    } else {
                        failed += 1;
                        eprintln!(
                            "{game}: the kit was written, but the manifest check failed:\n{}",
                            check.table()
                        );
                    }
                }
            }
            Err(e) => {
                failed += 1;
                report_error(&e);
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
