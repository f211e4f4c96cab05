//! The playtest reads its parameters from the game's data: tweak the data, and the odds move.

mod common;

use std::path::Path;

use common::copy_game;
use protopress::model::Game;
use protopress::simulate::engine::Strategy;
use protopress::simulate::{SimOptions, deck, params, run, sensitivity};

fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join("data/death-to-decorum").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} has no {from:?}");
    std::fs::write(&path, text.replace(from, to)).unwrap();
}

fn load(root: &Path, id: &str) -> Game {
    Game::load(&protopress::Project::open(root).unwrap(), id).unwrap()
}

fn here() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn opts(players: u32, games: u32, seed: u64, strategies: Vec<Strategy>) -> SimOptions {
    SimOptions {
        players: vec![players],
        games,
        seed,
        strategies,
        sets: Vec::new(),
    }
}

fn simulate(root: &Path, strategy: Strategy) -> protopress::simulate::StrategyReport {
    let game = load(root, "death-to-decorum");
    let mut r = run(&game, &opts(2, 4000, 11, vec![strategy])).unwrap();
    r.crews.remove(0).strategies.remove(0)
}

#[test]
fn parameters_come_from_the_data() {
    let game = load(here(), "death-to-decorum");
    let p = params::Params::from_game(&game, 2).unwrap();
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
    assert_eq!(params::crew_sizes(&game).unwrap(), vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn a_lower_quota_in_the_data_raises_the_win_rate() {
    let base = simulate(here(), Strategy::Balanced);
    let dir = copy_game("death-to-decorum");
    edit(
        dir.path(),
        "game.yaml",
        "{ crew: \"1-2\", days: [15, 30, 55] }",
        "{ crew: \"1-2\", days: [5, 10, 15] }",
    );
    let easier = simulate(dir.path(), Strategy::Balanced);
    assert!(
        easier.win_rate.rate > base.win_rate.rate + 0.05,
        "{:?} vs {:?}",
        easier.win_rate,
        base.win_rate
    );
}

#[test]
fn more_red_pegs_bring_midnight_sooner() {
    let base = simulate(here(), Strategy::Greedy);
    let dir = copy_game("death-to-decorum");
    edit(
        dir.path(),
        "bought.yaml",
        "- name: Red Telemetry Peg\n  count: 12",
        "- name: Red Telemetry Peg\n  count: 20",
    );
    let harsher = simulate(dir.path(), Strategy::Greedy);
    assert!(harsher.mean_midnight_cycle < base.mean_midnight_cycle - 1.0);
    assert!(harsher.win_rate.rate <= base.win_rate.rate);
}

#[test]
fn a_seed_repeats_whatever_the_thread_count() {
    let game = load(here(), "death-to-decorum");
    let o = opts(2, 600, 5, Strategy::ALL.to_vec());
    let on = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| run(&game, &o).unwrap().to_json())
    };
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one, on(3));
}

#[test]
fn two_seeds_give_different_games() {
    let game = load(here(), "death-to-decorum");
    let json = |seed| {
        run(&game, &opts(2, 2000, seed, vec![Strategy::Balanced]))
            .unwrap()
            .to_json()
    };
    let first = json(1);
    for seed in 2..6 {
        assert_ne!(first, json(seed), "seeds 1 and {seed}");
    }
}

#[test]
fn the_loss_breakdown_sums_to_the_loss_rate() {
    let game = load(here(), "death-to-decorum");
    let r = run(
        &game,
        &SimOptions {
            players: vec![1, 2, 4],
            ..opts(2, 2000, 3, Strategy::ALL.to_vec())
        },
    )
    .unwrap();
    assert_eq!(r.crews.len(), 3);
    for c in &r.crews {
        for s in &c.strategies {
            let lost: u64 = s.losses.iter().map(|l| l.rate.count).sum();
            assert_eq!(lost, u64::from(s.games - s.wins));
            let share: f64 = s.losses.iter().map(|l| l.rate.rate).sum();
            assert!((share - s.loss_rate.rate).abs() < 1e-9);
            assert!(s.win_rate.low <= s.win_rate.rate && s.win_rate.rate <= s.win_rate.high);
        }
    }
    // A crew of one cannot carry the day-3 quota home: the data, not the model.
    assert_eq!(r.crews[0].best_case.out_of_reach_on_day, Some(3));
}

#[test]
fn the_day_3_quota_outranks_an_inert_price() {
    let game = load(here(), "death-to-decorum");
    let p = params::Params::from_game(&game, 2).unwrap();
    let s = sensitivity::sensitivity(&p, 2, Strategy::Balanced, 1500, 7);
    let rank = |n: &str| s.rows.iter().position(|r| r.name == n).unwrap();
    // The balanced crew never buys a Grappling Hook: its price cannot matter.
    let hook = &s.rows[rank("price.grappling-hook")];
    assert_eq!(hook.effect, 0.0);
    assert!(rank("quota.day3") < rank("price.grappling-hook"));
    assert!(s.rows[rank("quota.day3")].effect > 0.005);
    assert!(s.tornado().contains("quota.day3"));
}

#[test]
fn set_changes_a_parameter_without_editing_files() {
    let game = load(here(), "death-to-decorum");
    let base = run(&game, &opts(2, 3000, 9, vec![Strategy::Balanced])).unwrap();
    let mut o = opts(2, 3000, 9, vec![Strategy::Balanced]);
    o.sets = vec![("quota.day3".into(), 30), ("die.trade".into(), 0)];
    let eased = run(&game, &o).unwrap();
    assert_eq!(eased.crews[0].params.quota, vec![15, 30, 30]);
    assert!(!eased.crews[0].params.die.contains(&params::DieFace::Trade));
    assert!(
        eased.crews[0].strategies[0].win_rate.rate
            > base.crews[0].strategies[0].win_rate.rate + 0.05
    );
    o.sets = vec![("quota.day9".into(), 1)];
    let err = run(&game, &o).unwrap_err();
    assert!(
        err.to_string().contains("no parameter `quota.day9`"),
        "{err}"
    );
}

#[test]
fn an_unknown_die_face_is_named_plainly() {
    let dir = copy_game("death-to-decorum");
    edit(dir.path(), "die.yaml", "faces: [kill,", "faces: [banana,");
    let game = load(dir.path(), "death-to-decorum");
    let err = params::Params::from_game(&game, 2).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("`banana`") && !msg.contains("Some("), "{msg}");
    assert!(err.file.as_ref().unwrap().ends_with("die.yaml"));
}

#[test]
fn a_missing_component_says_what_the_simulation_expects() {
    let dir = copy_game("death-to-decorum");
    edit(
        dir.path(),
        "game.yaml",
        "kind: die",
        "kind: tokens\n    shape: square",
    );
    let game = load(dir.path(), "death-to-decorum");
    let err = params::Params::from_game(&game, 2).unwrap_err();
    assert!(err.to_string().contains("component of kind `die`"), "{err}");
    assert!(err.help.as_deref().unwrap_or("").contains("simulation:"));
}

#[test]
fn deck_statistics_follow_the_hypergeometric_formula() {
    let game = load(here(), "death-to-decorum");
    let stats = deck::game_deck_stats(&game);
    let facility = stats
        .decks
        .iter()
        .find(|d| d.component == "facility")
        .unwrap();
    assert_eq!(
        (facility.cards, facility.grouped_by.as_str()),
        (120, "kind")
    );
    let hazard = facility
        .groups
        .iter()
        .find(|g| g.value == "hazard")
        .unwrap();
    // P(no hazard in 5 draws) = C(70,5)/C(120,5), as a product.
    let none: f64 = (0..5)
        .map(|i| (70.0 - i as f64) / (120.0 - i as f64))
        .product();
    assert!((hazard.at_least_one[&5] - (1.0 - none)).abs() < 1e-12);
    assert!((hazard.expected_draws_to_first.unwrap() - 121.0 / 51.0).abs() < 1e-12);
    assert!((facility.tiers["1"] - 65.0 / 120.0).abs() < 1e-12);
}

#[test]
fn every_example_game_gets_deck_statistics() {
    for id in [
        "death-to-decorum",
        "facility-07",
        "red-faction-underground",
        "the-captain-is-dead",
        "veil-runners",
    ] {
        let game = load(here(), id);
        let stats = deck::game_deck_stats(&game);
        assert!(!stats.decks.is_empty(), "{id} has no deck");
        assert!(stats.chart().contains("share of the deck"));
        assert_eq!(
            protopress::simulate::plays(&game),
            id == "death-to-decorum",
            "{id}"
        );
    }
}
