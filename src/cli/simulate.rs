//! `protopress simulate`: seeded playtests of Death to Decorum from its data.

use std::time::Instant;

use protopress::model::Game;
use protopress::output::write_atomic;
use protopress::simulate::{self, SimOptions, engine::Strategy};
use protopress::{Project, Result};

use super::Outcome;
use super::args::{SimulateArgs, StrategyArg};
use super::ui::say;

pub fn run(project: &Project, args: SimulateArgs) -> Result<Outcome> {
    let strategies = match args.strategy {
        StrategyArg::All => Strategy::ALL.to_vec(),
        StrategyArg::Cautious => vec![Strategy::Cautious],
        StrategyArg::Balanced => vec![Strategy::Balanced],
        StrategyArg::Greedy => vec![Strategy::Greedy],
    };
    let game = Game::load(project, &args.game)?;
    if args.narrate {
        for line in simulate::narrate(&game, args.players, strategies[0], args.seed)? {
            println!("{line}");
        }
        return Ok(Outcome::Done);
    }
    let start = Instant::now();
    let opts = SimOptions {
        players: args.players,
        games: args.games,
        seed: args.seed,
        strategies,
    };
    let report = simulate::run(&game, &opts)?;
    let elapsed = start.elapsed().as_secs_f64();
    say!("{}", report.table());
    let dir = project.output_root(&args.out).join(&args.game);
    let files = [
        ("simulation.json", report.to_json()),
        ("simulation-coins.svg", report.coins_chart()),
        ("simulation-midnight.svg", report.midnight_chart()),
    ];
    for (name, text) in files {
        write_atomic(&dir.join(name), text.as_bytes())?;
    }
    say!(
        "\n{} games in {elapsed:.2} s; wrote {}",
        args.games as usize * opts.strategies.len(),
        dir.join("simulation.json").display()
    );
    Ok(Outcome::Done)
}
