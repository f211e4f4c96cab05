//! The playtest reads its parameters from the game's data: tweak the data, and the odds move.

mod common;

use std::path::Path;

use common::copy_game;
use protopress::model::Game;
use protopress::simulate::engine::Strategy;
use protopress::simulate::{SimOptions, run};

fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join("data/death-to-decorum").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} has no {from:?}");
    std::fs::write(&path, text.replace(from, to)).unwrap();
}

fn simulate(root: &Path, strategy: Strategy) -> protopress::simulate::StrategyReport {
    let game = Game::load(
        &protopress::Project::open(root).unwrap(),
        "death-to-decorum",
    )
    .unwrap();
    let opts = SimOptions {
        players: 2,
        games: 4000,
        seed: 11,
        strategies: vec![strategy],
    };
    run(&game, &opts).unwrap().strategies.remove(0)
}

#[test]
fn parameters_come_from_the_data() {
    let game = Game::load(
        &protopress::Project::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap(),
        "death-to-decorum",
    )
    .unwrap();
    let p = protopress::simulate::params::Params::from_game(&game, 2).unwrap();
    assert_eq!(
        (p.white_pegs, p.red_pegs, p.midnight_at, p.lockdown_at),
        (20, 12, 4, 6)
    );
    assert_eq!(p.facility.len(), 120);
    assert_eq!(p.apex.len(), 10);
    assert_eq!(p.quota, vec![15, 30, 55]);
    assert_eq!(
        (p.weight_limit, p.upgraded_weight_limit, p.clone_fee),
        (5, 8, 35)
    );
    assert_eq!(p.die.len(), 6);
}

#[test]
fn a_lower_quota_in_the_data_raises_the_win_rate() {
    let base = simulate(Path::new(env!("CARGO_MANIFEST_DIR")), Strategy::Balanced);
    let dir = copy_game("death-to-decorum");
    edit(
        dir.path(),
        "game.yaml",
        "{ crew: \"1-2\", days: [15, 30, 55] }",
        "{ crew: \"1-2\", days: [5, 10, 15] }",
    );
    let easier = simulate(dir.path(), Strategy::Balanced);
    assert!(
        easier.win_rate > base.win_rate + 0.05,
        "{} vs {}",
        easier.win_rate,
        base.win_rate
    );
}

#[test]
fn more_red_pegs_bring_midnight_sooner() {
    let base = simulate(Path::new(env!("CARGO_MANIFEST_DIR")), Strategy::Greedy);
    let dir = copy_game("death-to-decorum");
    edit(
        dir.path(),
        "bought.yaml",
        "- name: Red Telemetry Peg\n  count: 12",
        "- name: Red Telemetry Peg\n  count: 20",
    );
    let harsher = simulate(dir.path(), Strategy::Greedy);
    assert!(
        harsher.mean_midnight_cycle < base.mean_midnight_cycle - 1.0,
        "{} vs {}",
        harsher.mean_midnight_cycle,
        base.mean_midnight_cycle
    );
    assert!(harsher.win_rate <= base.win_rate);
}

#[test]
fn a_seed_gives_the_same_report() {
    let game = Game::load(
        &protopress::Project::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap(),
        "death-to-decorum",
    )
    .unwrap();
    let opts = SimOptions {
        players: 2,
        games: 500,
        seed: 5,
        strategies: Strategy::ALL.to_vec(),
    };
    assert_eq!(
        run(&game, &opts).unwrap().to_json(),
        run(&game, &opts).unwrap().to_json()
    );
}
