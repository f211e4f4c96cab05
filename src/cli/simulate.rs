//! `protopress simulate`: deck statistics for any game, and seeded playtests of Death to
//! Decorum from its data.

use std::path::Path;
use std::time::Instant;

use protopress::model::Game;
use protopress::output::write_atomic;
use protopress::simulate::{self, SimOptions, charts, deck, engine::Strategy, knobs, params};
use protopress::{Error, Project, Result};

use super::args::{SimulateArgs, StrategyArg};
use super::outcome::Outcome;
use super::ui::say;

/// `2`, `1-6` or `all` as crew sizes, checked against the quota table.
fn crews(game: &Game, spec: &str) -> Result<Vec<u32>> {
    let covered = params::crew_sizes(game)?;
    let wanted: Vec<u32> = match spec.trim() {
        "all" => covered.clone(),
        s => {
            let (lo, hi) = s.split_once('-').unwrap_or((s, s));
            let parse = |x: &str| x.trim().parse::<u32>().ok().filter(|n| (1..=8).contains(n));
            match (parse(lo), parse(hi)) {
                (Some(lo), Some(hi)) if lo <= hi => (lo..=hi).collect(),
                _ => {
                    return Err(Error::new(format!(
                        "--players {s}: give a crew size from 1 to 8, a range such as 1-6, or all"
                    )));
                }
            }
        }
    };
    match wanted.iter().find(|n| !covered.contains(n)) {
        Some(n) => Err(Error::new(format!(
            "--players: the ship's quota table has no row for a crew of {n} (it covers {covered:?})"
        ))),
        None => Ok(wanted),
    }
}

fn write_all(dir: &Path, files: &[(String, String)]) -> Result<()> {
    for (name, text) in files {
        write_atomic(&dir.join(name), text.as_bytes())?;
    }
    Ok(())
}

/// Games per strategy and crew size, and per step of the sensitivity report, unless given.
const GAMES: u32 = 10_000;
const SENSITIVITY_GAMES: u32 = 2_000;
/// The seed, unless given.
const SEED: u64 = 1;

/// The game named, or death-to-decorum, or the project's only game.
fn game_id(project: &Project, named: Option<&str>) -> Result<String> {
    if let Some(id) = named {
        return Ok(id.to_owned());
    }
    let games = project.games()?;
    match games.as_slice() {
        [only] => Ok(only.clone()),
        _ if games.iter().any(|g| g == "death-to-decorum") => Ok("death-to-decorum".to_owned()),
        _ => Err(Error::new("simulate: name the game to simulate")
            .help(format!("the project's games: {}", games.join(", ")))),
    }
}

/// The first option given that only a played game uses.
fn playtest_option(args: &SimulateArgs) -> Option<&'static str> {
    [
        (args.players.is_some(), "--players"),
        (args.games.is_some(), "--games"),
        (args.seed.is_some(), "--seed"),
        (args.strategy.is_some(), "--strategy"),
        (!args.sets.is_empty(), "--set"),
        (args.sensitivity_games.is_some(), "--sensitivity-games"),
        (args.narrate, "--narrate"),
    ]
    .into_iter()
    .find_map(|(given, name)| given.then_some(name))
}

pub fn run(project: &Project, args: SimulateArgs) -> Result<Outcome> {
    let id = game_id(project, args.game.as_deref())?;
    let game = Game::load(project, &id)?;
    let sets = args
        .sets
        .iter()
        .map(|s| knobs::parse_assignment(s))
        .collect::<Result<Vec<_>>>()?;
    let dir = project.output_root(&args.out)?.join(&id);
    let stats = deck::game_deck_stats(&game);
    if !simulate::plays(&game) {
        // An option that does nothing here would look as if it had been applied.
        if let Some(option) = playtest_option(&args) {
            return Err(Error::new(format!(
                "{option}: {id} has no playtest model, only deck statistics"
            ))
            .help(
                "playtests need Death to Decorum's Facility Deck and ship; leave the option out",
            ));
        }
        return deck_stats_only(&dir, &stats, &id);
    }
    let players = crews(&game, args.players.as_deref().unwrap_or("all"))?;
    if players.is_empty() {
        return Err(Error::new(
            "the ship's quota table covers no crew size to simulate",
        ));
    }
    let strategies = strategies(args.strategy.unwrap_or(StrategyArg::All));
    if args.narrate {
        for line in simulate::narrate(
            &game,
            players[0],
            strategies[0],
            args.seed.unwrap_or(SEED),
            &sets,
        )? {
            println!("{line}");
        }
        return Ok(Outcome::Done);
    }
    let start = Instant::now();
    let opts = SimOptions {
        players,
        games: args.games.unwrap_or(GAMES),
        seed: args.seed.unwrap_or(SEED),
        strategies,
        sets,
    };
    let report = simulate::run(&game, &opts)?;
    let focus = report
        .focus()
        .ok_or_else(|| Error::new("the ship's quota table covers no crew size to simulate"))?;
    let mut files = vec![
        ("simulation.json".to_owned(), report.to_json()),
        ("simulation-crews.svg".to_owned(), report.crews_chart()),
        (
            "simulation-coins.svg".to_owned(),
            charts::coins_chart(focus),
        ),
        (
            "simulation-midnight.svg".to_owned(),
            charts::midnight_chart(focus),
        ),
        ("deck-stats.json".to_owned(), stats.to_json()),
        ("deck-stats.svg".to_owned(), stats.chart()),
    ];
    say!("{}", report.table());
    if args.sensitivity_games.unwrap_or(SENSITIVITY_GAMES) > 0 {
        files.extend(sensitivity(&args, &opts, focus));
    }
    write_all(&dir, &files)?;
    say!(
        "\n{} games in {:.2} s; wrote {}",
        u64::from(opts.games) * (opts.strategies.len() * opts.players.len()) as u64,
        start.elapsed().as_secs_f64(),
        dir.join("simulation.json").display()
    );
    Ok(Outcome::Done)
}

fn strategies(arg: StrategyArg) -> Vec<Strategy> {
    match arg {
        StrategyArg::All => Strategy::ALL.to_vec(),
        StrategyArg::Cautious => vec![Strategy::Cautious],
        StrategyArg::Balanced => vec![Strategy::Balanced],
        StrategyArg::Greedy => vec![Strategy::Greedy],
    }
}

/// A game without a playtest model: its deck statistics alone.
fn deck_stats_only(dir: &Path, stats: &deck::GameDeckStats, game: &str) -> Result<Outcome> {
    write_all(
        dir,
        &[
            ("deck-stats.json".into(), stats.to_json()),
            ("deck-stats.svg".into(), stats.chart()),
        ],
    )?;
    say!("{}", stats.table());
    say!(
        "\n{game} has no playtest model (it lacks Death to Decorum's Facility Deck and ship); wrote {}",
        dir.join("deck-stats.json").display()
    );
    Ok(Outcome::Done)
}

/// Which numbers matter most, played with the balanced strategy when it was asked for: its
/// table, and its files.
fn sensitivity(
    args: &SimulateArgs,
    opts: &SimOptions,
    focus: &simulate::CrewReport,
) -> Vec<(String, String)> {
    let strategy = if opts.strategies.contains(&Strategy::Balanced) {
        Strategy::Balanced
    } else {
        opts.strategies[0]
    };
    let sens = simulate::sensitivity::sensitivity(
        &focus.params,
        focus.players,
        strategy,
        args.sensitivity_games.unwrap_or(SENSITIVITY_GAMES),
        args.seed.unwrap_or(SEED),
    );
    say!("{}", sens.table());
    vec![
        ("simulation-sensitivity.json".to_owned(), to_json(&sens)),
        ("simulation-sensitivity.svg".to_owned(), sens.tornado()),
    ]
}

fn to_json(s: &simulate::Sensitivity) -> String {
    let mut t = serde_json::to_string_pretty(s).unwrap_or_default();
    t.push('\n');
    t
}
