//! The rules of Death to Decorum as a state machine, played by simple strategies.
//!
//! Where the seed leaves room, the reading taken is listed in [`READINGS`] and printed with
//! every simulation report.

use serde::Serialize;

use super::params::{DieFace, Params, Room};
pub use super::rng::Rng;
use super::stats;

/// A reading of a rule the seed leaves open: `id` names the unit test that pins it down
/// (`reading_<id with underscores>` in this file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Reading {
    pub id: &'static str,
    pub text: &'static str,
}

/// The readings of ambiguous rules this engine plays by.
pub const READINGS: [Reading; 10] = [
    Reading {
        id: "branches",
        text: "The facility branches out from the ship: each branch is a corridor (tile 0 is the ship) whose frontier is its deepest revealed room. A crew that sticks together shares one branch; one that splits up gives each player their own.",
    },
    Reading {
        id: "push-deeper",
        text: "PUSH DEEPER at a branch's frontier reveals one card per cycle; every pusher there moves in, the first one fights. A pusher behind the frontier walks one tile deeper.",
    },
    Reading {
        id: "midnight-and-lockdown",
        text: "The 4th red peg starts Midnight at the end of its cycle (the Apex Stalkers join the deck then); the 6th red peg locks the facility down at once.",
    },
    Reading {
        id: "gauntlet",
        text: "After Midnight every MOVE (home or deeper) draws a card and resolves it; Shoes move two tiles and draw only on the second.",
    },
    Reading {
        id: "loot-pickup",
        text: "Loot is picked up by the first player on the tile with room for its weight; otherwise it stays behind.",
    },
    Reading {
        id: "downed-help",
        text: "A downed player is dragged by a teammate on the same tile with 3 weight to spare (a Grappling Hook pulls from any tile first); a Medkit on that tile revives to 1 life instead.",
    },
    Reading {
        id: "day-end",
        text: "The day ends when every standing player is on the ship and the crew chooses to leave, or at lockdown; anyone not on the ship then is lost with what they carry.",
    },
    Reading {
        id: "lives-and-clones",
        text: "Lives are restored at the start of each day; lost players come back as clones once their fee is paid.",
    },
    Reading {
        id: "clone-fees",
        text: "If the bank cannot pay the clone fees, it drops to 0 and the store closes for the rest of the game.",
    },
    Reading {
        id: "upgrades",
        text: "Upgrades belong to one player; each player buys at most one of each.",
    },
];

/// What a player does in a cycle, in resolution order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    Stay,
    MoveHome,
    MoveDeeper,
    PushDeeper,
}

impl Action {
    /// STAY resolves first, then MOVE, then PUSH DEEPER.
    pub fn order(self) -> u8 {
        match self {
            Action::Stay => 1,
            Action::MoveHome | Action::MoveDeeper => 2,
            Action::PushDeeper => 3,
        }
    }
}

/// The order actions resolve in: STAY, then MOVE, then PUSH DEEPER; players in seat order
/// within each.
pub fn resolution_order(actions: &[Option<Action>]) -> Vec<(usize, Action)> {
    let mut order: Vec<(usize, Action)> = actions
        .iter()
        .enumerate()
        .filter_map(|(i, a)| a.map(|a| (i, a)))
        .collect();
    order.sort_by_key(|(i, a)| (a.order(), *i));
    order
}

/// Upgrades a player owns.
#[derive(Debug, Clone, Default)]
pub struct Kit {
    pub cargo_pack: bool,
    pub baton: bool,
    pub gun: bool,
    pub shoes: bool,
    pub hook: bool,
    pub medkit: bool,
}

#[derive(Debug, Clone)]
pub struct Player {
    /// The branch of the facility this player explores.
    pub branch: usize,
    pub pos: u32,
    pub lives: u32,
    pub downed: bool,
    /// Loot carried: (value, weight).
    pub carried: Vec<(u32, u32)>,
    /// The downed teammate this player drags.
    pub dragging: Option<usize>,
    pub dragged: bool,
    pub sit_out: bool,
    pub kit: Kit,
    /// What downed this player today, if anything.
    pub downed_by: Option<Fate>,
}

impl Player {
    pub fn load(&self, p: &Params) -> u32 {
        self.carried.iter().map(|c| c.1).sum::<u32>()
            + if self.dragging.is_some() {
                p.body_drag_weight
            } else {
                0
            }
    }
    pub fn limit(&self, p: &Params) -> u32 {
        if self.kit.cargo_pack {
            p.upgraded_weight_limit
        } else {
            p.weight_limit
        }
    }
    pub fn value(&self) -> u32 {
        self.carried.iter().map(|c| c.0).sum()
    }
    fn active(&self) -> bool {
        !self.downed && !self.dragged
    }
}

/// How a strategy plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Strategy {
    /// Heads home with the day's quota in the bags, and always before Midnight.
    Cautious,
    /// Heads home with the quota and half again, or while the walk back still beats the
    /// expected lockdown with a margin.
    Balanced,
    /// Fills the packs; turns round only when the walk back matches the expected lockdown.
    Greedy,
}

impl Strategy {
    pub const ALL: [Strategy; 3] = [Strategy::Cautious, Strategy::Balanced, Strategy::Greedy];

    pub fn name(self) -> &'static str {
        match self {
            Strategy::Cautious => "cautious",
            Strategy::Balanced => "balanced",
            Strategy::Greedy => "greedy",
        }
    }

    pub fn parse(s: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|x| x.name() == s)
    }

    /// Whether the crew should head for the ship now; `far` is the deepest standing
    /// player's distance from the ship. One more room makes the walk home `far + 1` moves,
    /// with a peg drawn before each, so the risk is the chance of the clock striking within
    /// `far + 1` draws (exact, from the pegs left in the bag).
    fn going_home(self, s: &Day, carried: u32, need: u32, full: bool, far: u32) -> bool {
        let walk = far + 1;
        match self {
            // Together, home with the quota in the bags, and on the ship before Midnight.
            Strategy::Cautious => {
                s.midnight || carried >= need || s.p_reds_within(s.midnight_at, walk) > 0.2
            }
            // Home when the quota and a margin are in, or before a 1-in-20 lockdown risk.
            Strategy::Balanced => {
                full || carried >= need + need / 2 || s.p_reds_within(s.lockdown_at, walk) > 0.05
            }
            // Fill the packs; only a 1-in-4 lockdown risk turns them round.
            Strategy::Greedy => full || s.p_reds_within(s.lockdown_at, walk) > 0.25,
        }
    }

    /// Whether the crew splits up to explore one branch each.
    fn splits_up(self) -> bool {
        !matches!(self, Strategy::Cautious)
    }

    /// Upgrades in the order this strategy buys them, and the coins it keeps back (as a share
    /// of the next quota, in percent).
    fn shopping(self) -> (&'static [&'static str], u32) {
        match self {
            Strategy::Cautious => (&["Medkit", "Stun Baton"], 100),
            Strategy::Balanced => (&["Level 2 Pack", "Stun Baton", "Gun"], 60),
            Strategy::Greedy => (&["Level 2 Pack", "Gun", "Shoes"], 0),
        }
    }
}

/// One day's clock and map.
#[derive(Debug, Clone)]
pub struct Day {
    pub bag: Vec<bool>,
    pub reds: u32,
    pub whites: u32,
    pub midnight_at: u32,
    pub lockdown_at: u32,
    pub midnight: bool,
    pub lockdown: bool,
    pub deck: Vec<Room>,
    /// The deepest revealed room of each branch.
    pub frontier: Vec<u32>,
    pub cycle: u32,
    pub midnight_cycle: Option<u32>,
    pub lockdown_cycle: Option<u32>,
}

impl Day {
    /// A fresh day: pegs in the bag (`true` = red) and the Facility Deck, both shuffled.
    pub fn new(p: &Params, rng: &mut Rng) -> Day {
        let mut bag: Vec<bool> = std::iter::repeat_n(true, p.red_pegs as usize)
            .chain(std::iter::repeat_n(false, p.white_pegs as usize))
            .collect();
        rng.shuffle(&mut bag);
        let mut deck = p.facility.clone();
        rng.shuffle(&mut deck);
        Day {
            bag,
            reds: 0,
            whites: 0,
            midnight_at: p.midnight_at,
            lockdown_at: p.lockdown_at,
            midnight: false,
            lockdown: false,
            deck,
            frontier: vec![0; 8],
            cycle: 0,
            midnight_cycle: None,
            lockdown_cycle: None,
        }
    }

    /// Expected pegs still to draw until `reds_total` red pegs are out (infinite if the bag
    /// cannot get there): k more reds from R reds among N pegs take k(N+1)/(R+1) draws.
    pub fn expected_draws_until(&self, reds_total: u32) -> f64 {
        let k = reds_total.saturating_sub(self.reds);
        let red_left = self.bag.iter().filter(|r| **r).count() as u32;
        if k == 0 {
            return 0.0;
        }
        if k > red_left {
            return f64::INFINITY;
        }
        f64::from(k) * (self.bag.len() as f64 + 1.0) / (f64::from(red_left) + 1.0)
    }

    /// The chance that the `reds_total`-th red peg is out within the next `draws` draws.
    pub fn p_reds_within(&self, reds_total: u32, draws: u32) -> f64 {
        let k = reds_total.saturating_sub(self.reds);
        if k == 0 {
            return 1.0;
        }
        let red_left = self.bag.iter().filter(|r| **r).count() as u64;
        stats::at_least(
            self.bag.len() as u64,
            red_left,
            u64::from(draws),
            u64::from(k),
        )
    }

    /// Phase 1: draws a peg. Returns whether Midnight must start at the end of this cycle.
    pub fn telemetry(&mut self) -> bool {
        let Some(red) = self.bag.pop() else {
            return false;
        };
        if !red {
            self.whites += 1;
            return false;
        }
        self.reds += 1;
        if self.midnight && self.reds >= self.lockdown_at {
            self.lockdown = true;
            self.lockdown_cycle = Some(self.cycle);
        }
        !self.midnight && self.reds >= self.midnight_at
    }
}

/// What took a player who did not make it back to the ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case", tag = "by")]
pub enum Fate {
    /// Downed by a Facility Deck hazard of this tier.
    Hazard { tier: u32 },
    /// Downed by an Apex Stalker (after Midnight).
    Apex,
    /// Standing, but away from the ship at lockdown.
    Lockdown,
}

impl Fate {
    pub fn label(self) -> String {
        match self {
            Fate::Hazard { tier } => format!("downed by a tier {tier} hazard"),
            Fate::Apex => "downed by an Apex Stalker".to_owned(),
            Fate::Lockdown => "trapped at lockdown".to_owned(),
        }
    }
}

/// Why a game was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum LossCause {
    /// Everyone was lost in the facility; `fate` took the last of them.
    Wipe { fate: Fate },
    /// The clone fees paid earlier in the game would have covered the shortfall.
    CloneFees { short: u32, fees: u32 },
    /// The coins brought home fell `short` of the quota.
    QuotaMissed { short: u32 },
}

/// The day (1-based) and cause of a lost game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Loss {
    pub day: u32,
    pub cause: LossCause,
}

impl Loss {
    /// Where in the day the game ended: in the facility, or at the Intermission's quota.
    pub fn phase(&self) -> &'static str {
        match self.cause {
            LossCause::Wipe { .. } => "facility",
            _ => "intermission",
        }
    }

    /// Where the cause sorts among the others: wipes, then clone fees, then shortfalls by
    /// their band's smallest number (so 6-10 comes before 11-20, as words would not).
    pub fn rank(&self) -> u32 {
        match self.cause {
            LossCause::Wipe { .. } => 0,
            LossCause::CloneFees { .. } => 1,
            LossCause::QuotaMissed { short } => {
                2 + [5, 10, 20, 40].iter().filter(|&&top| short > top).count() as u32
            }
        }
    }

    /// The cause in words, grouped coarsely enough to count: shortfalls in bands of coins.
    pub fn label(&self) -> String {
        match self.cause {
            LossCause::Wipe { fate } => format!("wipe: {}", fate.label()),
            LossCause::CloneFees { .. } => "quota missed: clone fees took the savings".to_owned(),
            LossCause::QuotaMissed { short } => {
                let band = match short {
                    0..=5 => "1-5",
                    6..=10 => "6-10",
                    11..=20 => "11-20",
                    21..=40 => "21-40",
                    _ => "over 40",
                };
                format!("quota missed by {band} coins")
            }
        }
    }
}

impl std::fmt::Display for Loss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "day {}, {}", self.day, self.label())
    }
}

/// What happened in one game, for the statistics.
#[derive(Debug, Clone, Default)]
pub struct GameRecord {
    pub won: bool,
    pub loss: Option<Loss>,
    pub days_reached: u32,
    /// Coins brought home per day, and the quota of that day.
    pub coins: Vec<(u32, u32)>,
    pub midnight_cycles: Vec<u32>,
    pub lockdown_cycles: Vec<u32>,
    pub deaths: u32,
    pub purchases: Vec<String>,
    /// Clone fees paid over the game (including what the store covered).
    pub fees: u32,
}

/// One game of Death to Decorum.
pub struct Game<'p> {
    pub p: &'p Params,
    pub strategy: Strategy,
    pub players: Vec<Player>,
    pub bank: u32,
    pub store_closed: bool,
    pub rng: Rng,
    pub log: Option<Vec<String>>,
    /// The day being played (0-based), for the quota the crew is working toward.
    pub today: usize,
    /// What downed the last player to go down today.
    pub last_downed_by: Option<Fate>,
}

impl<'p> Game<'p> {
    pub fn new(
        p: &'p Params,
        players: usize,
        strategy: Strategy,
        seed: u64,
        narrate: bool,
    ) -> Game<'p> {
        let player = Player {
            branch: 0,
            pos: 0,
            lives: p.max_lives,
            downed: false,
            carried: Vec::new(),
            dragging: None,
            dragged: false,
            sit_out: false,
            kit: Kit::default(),
            downed_by: None,
        };
        Game {
            p,
            strategy,
            players: vec![player; players],
            bank: 0,
            store_closed: false,
            rng: Rng::new(seed),
            log: narrate.then(Vec::new),
            today: 0,
            last_downed_by: None,
        }
    }

    fn say(&mut self, line: impl FnOnce() -> String) {
        if let Some(log) = &mut self.log {
            log.push(line());
        }
    }

    /// Plays up to three days; returns the record.
    pub fn play(&mut self) -> GameRecord {
        let mut rec = GameRecord::default();
        for day in 0..self.p.quota.len() {
            self.today = day;
            rec.days_reached = day as u32 + 1;
            let mut d = Day::new(self.p, &mut self.rng);
            self.say(|| format!("== Day {} ==", day + 1));
            let (lost, fate) = self.play_day(&mut d);
            if let Some(c) = d.midnight_cycle {
                rec.midnight_cycles.push(c);
            }
            if let Some(c) = d.lockdown_cycle {
                rec.lockdown_cycles.push(c);
            }
            rec.deaths += lost;
            if !self.intermission(day, (lost, fate), &mut rec) {
                return rec;
            }
        }
        rec.won = true;
        self.say(|| "The crew met every quota. Contract complete.".to_owned());
        rec
    }

    /// Plays one day; returns how many players were lost, and what took the last of them.
    pub fn play_day(&mut self, d: &mut Day) -> (u32, Option<Fate>) {
        self.play_day_cycles(d, 300);
        self.leave_behind()
    }

    /// Starts a day and plays at most `cycles` cycles of it (the day may end sooner).
    pub fn play_day_cycles(&mut self, d: &mut Day, cycles: u32) {
        let max = self.p.max_lives;
        let split = self.strategy.splits_up();
        for (i, pl) in self.players.iter_mut().enumerate() {
            pl.branch = if split { i } else { 0 };
            pl.lives = max;
            pl.pos = 0;
            pl.downed = false;
            pl.carried.clear();
            pl.dragging = None;
            pl.dragged = false;
            pl.sit_out = false;
            pl.downed_by = None;
        }
        self.last_downed_by = None;
        while d.cycle < cycles {
            d.cycle += 1;
            let midnight_now = d.telemetry();
            let (reds, whites) = (d.reds, d.whites);
            self.say(|| format!("cycle {}: peg drawn, {reds} red / {whites} white", d.cycle));
            if d.lockdown {
                self.say(|| "The 6th red peg: LOCKDOWN.".to_owned());
                break;
            }
            let actions = self.choose(d);
            self.resolve(d, &actions);
            if midnight_now {
                d.midnight = true;
                d.midnight_cycle = Some(d.cycle);
                d.deck.extend_from_slice(&self.p.apex);
                self.rng.shuffle(&mut d.deck);
                self.say(|| {
                    "The 4th red peg: MIDNIGHT. The Apex Stalkers join the deck.".to_owned()
                });
            }
            let standing: Vec<&Player> = self.players.iter().filter(|p| p.active()).collect();
            if standing.is_empty() {
                self.say(|| "Nobody is left standing.".to_owned());
                break;
            }
            if standing.iter().all(|p| p.pos == 0) && self.wants_home(d) {
                self.say(|| "Everyone standing is on the ship: the crew leaves.".to_owned());
                break;
            }
        }
    }

    /// Anyone not on the ship is lost with what they carry; dragged teammates came home with
    /// their carrier. Returns how many were lost, and what took the last of them.
    pub fn leave_behind(&mut self) -> (u32, Option<Fate>) {
        let mut lost = 0;
        let mut trapped = false;
        for i in 0..self.players.len() {
            if self.players[i].pos > 0 {
                lost += 1;
                trapped |= self.players[i].active();
                self.players[i].carried.clear();
                self.say(|| format!("Player {} is lost in the facility.", i + 1));
            }
        }
        // A player trapped standing means the clock took the crew; else the last hazard did.
        let fate = if trapped {
            Some(Fate::Lockdown)
        } else {
            self.last_downed_by
        };
        (lost, fate)
    }

    pub fn crew_value(&self) -> u32 {
        self.players.iter().map(Player::value).sum()
    }

    fn wants_home(&self, d: &Day) -> bool {
        let need = self.need();
        let standing = || self.players.iter().filter(|p| p.active());
        let full = standing().all(|p| p.load(self.p) + 1 > p.limit(self.p));
        let far = standing().map(|p| p.pos).max().unwrap_or(0);
        self.strategy
            .going_home(d, self.crew_value(), need, full, far)
    }

    /// Coins still missing for today's quota.
    /// When the bank already holds today's quota, the crew works toward tomorrow's.
    fn need(&self) -> u32 {
        let q = |d: usize| self.p.quota.get(d).copied().unwrap_or(0);
        let today = q(self.today).saturating_sub(self.bank);
        if today > 0 {
            today
        } else {
            (q(self.today) + q(self.today + 1))
                .saturating_sub(self.bank)
                .max(1)
        }
    }

    /// Each standing player's action for this cycle.
    pub fn choose(&self, d: &Day) -> Vec<Option<Action>> {
        let home = self.wants_home(d);
        self.players
            .iter()
            .map(|pl| {
                if !pl.active() || pl.sit_out {
                    return None;
                }
                let full = pl.load(self.p) >= pl.limit(self.p);
                Some(if home || full {
                    if pl.pos > 0 {
                        Action::MoveHome
                    } else {
                        Action::Stay
                    }
                } else if pl.pos == d.frontier[pl.branch] {
                    Action::PushDeeper
                } else {
                    Action::MoveDeeper
                })
            })
            .collect()
    }

    /// Phase 4: resolves the chosen actions, STAY then MOVE then PUSH DEEPER.
    pub fn resolve(&mut self, d: &mut Day, actions: &[Option<Action>]) {
        let order = resolution_order(actions);
        for pl in &mut self.players {
            pl.sit_out = false;
        }
        let mut revealed = vec![false; d.frontier.len()];
        for (i, action) in order {
            if !self.players[i].active() {
                continue;
            }
            match action {
                Action::Stay => {}
                Action::MoveHome | Action::MoveDeeper => {
                    let steps = if self.players[i].kit.shoes { 2 } else { 1 };
                    for step in 0..steps {
                        let pl = &mut self.players[i];
                        if action == Action::MoveHome {
                            pl.pos = pl.pos.saturating_sub(1);
                        } else if pl.pos < d.frontier[pl.branch] {
                            pl.pos += 1;
                        }
                        let last = step + 1 == steps;
                        if d.midnight && last && self.players[i].pos > 0 {
                            self.say(|| format!("Player {} runs the gauntlet.", i + 1));
                            self.draw_room(d, i);
                        }
                        if !self.players[i].active() {
                            break;
                        }
                    }
                    self.arrive(i);
                }
                Action::PushDeeper => {
                    let b = self.players[i].branch;
                    if self.players[i].pos < d.frontier[b] {
                        self.players[i].pos += 1;
                    } else if !revealed[b] {
                        revealed[b] = true;
                        d.frontier[b] += 1;
                        let frontier = d.frontier[b];
                        // Everyone pushing at the old frontier follows the lead in.
                        for (j, a) in actions.iter().enumerate() {
                            let pj = &self.players[j];
                            if *a == Some(Action::PushDeeper)
                                && pj.active()
                                && pj.branch == b
                                && pj.pos + 1 == frontier
                            {
                                self.players[j].pos = frontier;
                            }
                        }
                        self.say(|| {
                            format!(
                                "Player {} pushes deeper into room {frontier} of branch {}.",
                                i + 1,
                                b + 1
                            )
                        });
                        self.draw_room(d, i);
                    }
                }
            }
        }
        self.help_downed();
    }

    /// Returning to the ship: a dragged teammate is revived there and sits out a cycle.
    fn arrive(&mut self, i: usize) {
        if self.players[i].pos != 0 {
            return;
        }
        if let Some(j) = self.players[i].dragging.take() {
            let max = self.p.max_lives;
            let other = &mut self.players[j];
            other.dragged = false;
            other.downed = false;
            other.lives = max;
            other.pos = 0;
            other.sit_out = true;
            self.say(|| format!("Player {} is revived on the ship.", j + 1));
        }
    }

    /// Draws a card for player `i` at their tile and resolves it.
    pub fn draw_room(&mut self, d: &mut Day, i: usize) {
        let Some(room) = d.deck.pop() else {
            self.say(|| "The deck is empty: a dead end.".to_owned());
            return;
        };
        match room {
            Room::Loot { value, weight, .. } => {
                let (pos, branch) = (self.players[i].pos, self.players[i].branch);
                let taker = (0..self.players.len())
                    .map(|k| (i + k) % self.players.len())
                    .find(|&k| {
                        let pl = &self.players[k];
                        pl.active()
                            && pl.pos == pos
                            && pl.branch == branch
                            && pl.load(self.p) + weight <= pl.limit(self.p)
                    });
                match taker {
                    Some(k) => {
                        self.players[k].carried.push((value, weight));
                        self.say(|| format!("  loot worth {value}c (weight {weight}) goes into player {}'s pack.", k + 1));
                    }
                    None => self
                        .say(|| format!("  loot worth {value}c is too heavy to carry and stays.")),
                }
            }
            Room::Hazard { damage, tier, apex } => {
                let fate = if apex {
                    Fate::Apex
                } else {
                    Fate::Hazard { tier }
                };
                let kit = self.players[i].kit.clone();
                let face = if kit.gun {
                    DieFace::Kill
                } else {
                    self.p.die[self.rng.below(self.p.die.len())]
                };
                let face = if face == DieFace::Die && kit.baton {
                    DieFace::Evade
                } else {
                    face
                };
                self.say(|| format!("  a hazard ({damage} damage): the die shows {face:?}."));
                match face {
                    DieFace::Kill | DieFace::Evade => {}
                    DieFace::Trade => self.down(i, fate),
                    DieFace::Die => {
                        let pl = &mut self.players[i];
                        pl.lives = pl.lives.saturating_sub(damage);
                        if pl.lives == 0 {
                            self.down(i, fate);
                        }
                    }
                }
            }
        }
    }

    pub fn down(&mut self, i: usize, fate: Fate) {
        self.last_downed_by = Some(fate);
        let pl = &mut self.players[i];
        pl.downed = true;
        pl.downed_by = Some(fate);
        pl.lives = 0;
        // A downed player drops whoever they were dragging.
        if let Some(j) = pl.dragging.take() {
            self.players[j].dragged = false;
        }
        self.say(|| format!("  player {} is DOWNED.", i + 1));
    }

    /// Teammates revive (Medkit), pull (Grappling Hook) or drag downed players.
    pub fn help_downed(&mut self) {
        for j in 0..self.players.len() {
            if !self.players[j].downed || self.players[j].dragged || self.players[j].pos == 0 {
                continue;
            }
            let (pos, branch) = (self.players[j].pos, self.players[j].branch);
            let helpers: Vec<usize> = (0..self.players.len())
                .filter(|&k| k != j && self.players[k].active())
                .collect();
            if let Some(&k) = helpers.iter().find(|&&k| {
                self.players[k].pos == pos
                    && self.players[k].branch == branch
                    && self.players[k].kit.medkit
            }) {
                self.players[k].kit.medkit = false;
                self.players[j].downed = false;
                self.players[j].lives = 1;
                self.say(|| format!("Player {} uses a Medkit on player {}.", k + 1, j + 1));
                continue;
            }
            let can_drag = |pl: &Player, p: &Params| {
                pl.dragging.is_none() && pl.load(p) + p.body_drag_weight <= pl.limit(p)
            };
            let here = helpers.iter().copied().find(|&k| {
                self.players[k].pos == pos
                    && self.players[k].branch == branch
                    && can_drag(&self.players[k], self.p)
            });
            let hooked = helpers
                .iter()
                .copied()
                .find(|&k| self.players[k].kit.hook && can_drag(&self.players[k], self.p));
            if let Some(k) = here.or(hooked) {
                self.players[j].pos = self.players[k].pos;
                self.players[j].branch = self.players[k].branch;
                self.players[j].dragged = true;
                self.players[k].dragging = Some(j);
                self.say(|| format!("Player {} drags player {}.", k + 1, j + 1));
            }
        }
        // Dragged players move with their carrier.
        for k in 0..self.players.len() {
            if let Some(j) = self.players[k].dragging {
                self.players[j].pos = self.players[k].pos;
                self.players[j].branch = self.players[k].branch;
            }
        }
    }

    /// Redeems loot, pays the quota and clone fees, shops. Returns whether the game goes on.
    /// `lost` is how many players were lost today and what took the last of them.
    pub fn intermission(
        &mut self,
        day: usize,
        lost: (u32, Option<Fate>),
        rec: &mut GameRecord,
    ) -> bool {
        let (lost, fate) = lost;
        let coins: u32 = self
            .players
            .iter()
            .filter(|p| p.pos == 0)
            .map(Player::value)
            .sum();
        self.bank += coins;
        let quota = self.p.quota[day];
        rec.coins.push((coins, quota));
        let bank = self.bank;
        self.say(|| {
            format!(
                "Intermission, day {}: {coins}c redeemed, bank {bank}c, quota {quota}c.",
                day + 1
            )
        });
        if self.bank < quota {
            rec.loss = Some(self.loss(day, lost, fate, quota - self.bank, rec.fees));
            self.say(|| "The quota is not met: the contract is terminated.".to_owned());
            return false;
        }
        self.bank -= quota;
        let fees = lost * self.p.clone_fee;
        rec.fees += fees;
        if fees > 0 {
            if self.bank >= fees {
                self.bank -= fees;
            } else {
                self.bank = 0;
                self.store_closed = true;
                self.say(|| "The store covers the clone fees and closes for good.".to_owned());
            }
        }
        if day + 1 < self.p.quota.len() && !self.store_closed {
            self.shop(day + 1, rec);
        }
        true
    }

    /// Why the quota of `day` was missed by `short` coins.
    fn loss(&self, day: usize, lost: u32, fate: Option<Fate>, short: u32, fees: u32) -> Loss {
        let cause = match fate {
            Some(fate) if lost as usize == self.players.len() => LossCause::Wipe { fate },
            _ if short <= fees => LossCause::CloneFees { short, fees },
            _ => LossCause::QuotaMissed { short },
        };
        Loss {
            day: day as u32 + 1,
            cause,
        }
    }

    pub fn shop(&mut self, next_day: usize, rec: &mut GameRecord) {
        let (list, reserve_pct) = self.strategy.shopping();
        let reserve = self.p.quota[next_day] * reserve_pct / 100;
        for name in list {
            let Some(price) = self.p.price(name) else {
                continue;
            };
            for i in 0..self.players.len() {
                if self.bank < price + reserve {
                    return;
                }
                let kit = &mut self.players[i].kit;
                let slot = match *name {
                    "Level 2 Pack" => &mut kit.cargo_pack,
                    "Stun Baton" => &mut kit.baton,
                    "Gun" => &mut kit.gun,
                    "Shoes" => &mut kit.shoes,
                    "Grappling Hook" => &mut kit.hook,
                    "Medkit" => &mut kit.medkit,
                    _ => continue,
                };
                if !*slot {
                    *slot = true;
                    self.bank -= price;
                    rec.purchases.push((*name).to_owned());
                    self.say(|| format!("Player {} buys a {name} for {price}c.", i + 1));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortfall_bands_rank_by_their_numbers() {
        let short = |s| Loss {
            day: 1,
            cause: LossCause::QuotaMissed { short: s },
        };
        let ranks: Vec<u32> = [3, 8, 15, 30, 99]
            .into_iter()
            .map(|s| short(s).rank())
            .collect();
        assert!(ranks.windows(2).all(|w| w[0] < w[1]), "{ranks:?}");
        assert_eq!(short(5).rank(), short(1).rank());
        assert_eq!(short(6).label(), "quota missed by 6-10 coins");
    }
    use crate::simulate::params::{DieFace, Params, Room};

    fn params() -> Params {
        Params {
            white_pegs: 20,
            red_pegs: 12,
            midnight_at: 4,
            lockdown_at: 6,
            facility: vec![
                Room::Loot {
                    value: 3,
                    weight: 1,
                    tier: 0
                };
                120
            ],
            apex: vec![
                Room::Hazard {
                    damage: 3,
                    tier: 3,
                    apex: true
                };
                10
            ],
            die: vec![DieFace::Kill],
            weight_limit: 5,
            upgraded_weight_limit: 8,
            max_lives: 4,
            quota: vec![15, 30, 55],
            clone_fee: 35,
            shop: Vec::new(),
            body_drag_weight: 3,
        }
    }

    /// A day whose bag draws `order` (true = red) first to last.
    fn stacked(p: &Params, order: &[bool]) -> Day {
        let mut d = Day::new(p, &mut Rng::new(1));
        d.bag = order.iter().rev().copied().collect();
        d
    }

    #[test]
    fn reading_midnight_and_lockdown() {
        let p = params();
        let mut d = stacked(
            &p,
            &[true, false, true, true, false, true, false, true, true],
        );
        let mut midnight_on = None;
        for draw in 1..=9 {
            d.cycle = draw;
            if d.telemetry() {
                midnight_on = Some(draw);
                d.midnight = true;
            }
            if d.lockdown {
                break;
            }
        }
        assert_eq!(midnight_on, Some(6), "the 4th red peg is the 6th draw");
        assert_eq!(d.lockdown_cycle, Some(9), "the 6th red peg is the 9th draw");
        assert_eq!(d.reds, 6);
    }

    #[test]
    fn expected_draws_follow_the_bag() {
        let p = params();
        let d = stacked(&p, &[true, true, true, true, false]);
        // 4 reds among 5 pegs: the 4th red takes 4 × 6 / 5 draws on average.
        assert!((d.expected_draws_until(4) - 4.8).abs() < 1e-9);
        assert!(d.expected_draws_until(9).is_infinite());
    }

    #[test]
    fn actions_resolve_stay_then_move_then_push() {
        let actions = [
            Some(Action::PushDeeper),
            Some(Action::MoveHome),
            None,
            Some(Action::Stay),
            Some(Action::MoveDeeper),
        ];
        let order: Vec<Action> = resolution_order(&actions)
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        assert_eq!(
            order,
            vec![
                Action::Stay,
                Action::MoveHome,
                Action::MoveDeeper,
                Action::PushDeeper
            ]
        );
    }

    #[test]
    fn reading_loot_pickup() {
        let p = params();
        let mut g = Game::new(&p, 1, Strategy::Greedy, 1, false);
        g.players[0].pos = 1;
        g.players[0].carried = vec![(3, 1); 4];
        let mut d = Day::new(&p, &mut Rng::new(1));
        d.deck = vec![Room::Loot {
            value: 8,
            weight: 2,
            tier: 0,
        }];
        g.draw_room(&mut d, 0);
        assert_eq!(
            g.players[0].load(&p),
            4,
            "a weight-2 item does not fit a pack at 4 of 5"
        );
        d.deck = vec![Room::Loot {
            value: 3,
            weight: 1,
            tier: 0,
        }];
        g.draw_room(&mut d, 0);
        assert_eq!(g.players[0].load(&p), 5);
        g.players[0].kit.cargo_pack = true;
        d.deck = vec![Room::Loot {
            value: 15,
            weight: 3,
            tier: 0,
        }];
        g.draw_room(&mut d, 0);
        assert_eq!(
            g.players[0].value(),
            3 * 5 + 15,
            "the cargo pack raises the limit to 8"
        );
    }

    #[test]
    fn a_missed_quota_ends_the_game() {
        let mut p = params();
        p.quota = vec![10_000, 1, 1];
        let rec = Game::new(&p, 2, Strategy::Balanced, 9, false).play();
        assert!(!rec.won);
        assert_eq!(rec.days_reached, 1);
        assert_eq!(rec.loss.unwrap().day, 1);
    }

    #[test]
    fn the_same_seed_plays_the_same_game() {
        let p = params();
        let a = Game::new(&p, 2, Strategy::Greedy, 42, true);
        let b = Game::new(&p, 2, Strategy::Greedy, 42, true);
        let (mut a, mut b) = (a, b);
        a.play();
        b.play();
        assert_eq!(a.log, b.log);
    }

    fn loot(value: u32) -> Room {
        Room::Loot {
            value,
            weight: 1,
            tier: 1,
        }
    }

    fn hazard() -> Room {
        Room::Hazard {
            damage: 1,
            tier: 1,
            apex: false,
        }
    }

    #[test]
    fn every_reading_has_a_test() {
        let src = include_str!("engine.rs");
        for r in READINGS {
            let name = format!("fn reading_{}()", r.id.replace('-', "_"));
            assert!(
                src.contains(&name),
                "no test `{name}` for the reading {}",
                r.id
            );
        }
    }

    #[test]
    fn reading_branches() {
        let p = params();
        let mut split = Game::new(&p, 3, Strategy::Balanced, 1, false);
        let mut d = Day::new(&p, &mut Rng::new(1));
        d.bag = vec![false; 20];
        split.play_day_cycles(&mut d, 1);
        let branches: Vec<usize> = split.players.iter().map(|pl| pl.branch).collect();
        assert_eq!(
            branches,
            vec![0, 1, 2],
            "a crew that splits up takes a branch each"
        );
        let mut together = Game::new(&p, 3, Strategy::Cautious, 1, false);
        let mut d = Day::new(&p, &mut Rng::new(1));
        d.bag = vec![false; 20];
        together.play_day_cycles(&mut d, 1);
        assert!(together.players.iter().all(|pl| pl.branch == 0));
    }

    #[test]
    fn reading_push_deeper() {
        let p = params();
        let mut g = Game::new(&p, 2, Strategy::Cautious, 1, false);
        let mut d = Day::new(&p, &mut Rng::new(1));
        d.deck = vec![loot(3), loot(3), loot(3)];
        let push = [Some(Action::PushDeeper), Some(Action::PushDeeper)];
        g.resolve(&mut d, &push);
        assert_eq!(d.frontier[0], 1, "one card revealed per branch per cycle");
        assert_eq!(d.deck.len(), 2);
        assert!(
            g.players.iter().all(|pl| pl.pos == 1),
            "the follower moves in"
        );
        g.players[1].pos = 0;
        g.resolve(&mut d, &[None, Some(Action::PushDeeper)]);
        assert_eq!(
            (g.players[1].pos, d.frontier[0]),
            (1, 1),
            "behind the frontier: one tile"
        );
    }

    #[test]
    fn reading_gauntlet() {
        let p = params();
        let mut g = Game::new(&p, 1, Strategy::Greedy, 1, false);
        let mut d = Day::new(&p, &mut Rng::new(1));
        d.frontier[0] = 5;
        g.players[0].pos = 5;
        d.deck = vec![loot(3), loot(3), loot(3)];
        g.resolve(&mut d, &[Some(Action::MoveHome)]);
        assert_eq!(d.deck.len(), 3, "moving is safe before Midnight");
        d.midnight = true;
        g.resolve(&mut d, &[Some(Action::MoveHome)]);
        assert_eq!(d.deck.len(), 2, "after Midnight a move draws");
        g.players[0].kit.shoes = true;
        g.resolve(&mut d, &[Some(Action::MoveHome)]);
        assert_eq!(
            (g.players[0].pos, d.deck.len()),
            (1, 1),
            "Shoes: two tiles, one draw"
        );
    }

    #[test]
    fn reading_downed_help() {
        let p = params();
        let mut g = Game::new(&p, 2, Strategy::Cautious, 1, false);
        for pl in &mut g.players {
            pl.pos = 2;
        }
        g.down(1, Fate::Hazard { tier: 1 });
        g.help_downed();
        assert_eq!(
            g.players[0].dragging,
            Some(1),
            "a teammate on the tile drags"
        );
        assert_eq!(g.players[0].load(&p), 3);
        let mut g = Game::new(&p, 2, Strategy::Cautious, 1, false);
        for pl in &mut g.players {
            pl.pos = 2;
        }
        g.players[0].kit.medkit = true;
        g.down(1, Fate::Hazard { tier: 1 });
        g.help_downed();
        assert!(
            !g.players[1].downed && g.players[1].lives == 1,
            "a Medkit revives to 1"
        );
        assert!(!g.players[0].kit.medkit, "and is used up");
    }

    #[test]
    fn reading_day_end() {
        let p = params();
        let mut g = Game::new(&p, 2, Strategy::Greedy, 1, false);
        g.players[0].carried = vec![(8, 2)];
        g.players[1].pos = 3;
        g.players[1].carried = vec![(15, 3)];
        let (lost, fate) = g.leave_behind();
        assert_eq!(
            (lost, fate),
            (1, Some(Fate::Lockdown)),
            "standing away at the end: trapped"
        );
        assert!(g.players[1].carried.is_empty(), "lost with what they carry");
        assert_eq!(g.crew_value(), 8);
    }

    #[test]
    fn reading_lives_and_clones() {
        let mut p = params();
        p.facility = vec![hazard(); 120];
        p.die = vec![DieFace::Die];
        p.quota = vec![0, 0, 0];
        p.clone_fee = 0;
        let mut g = Game::new(&p, 1, Strategy::Greedy, 3, false);
        let rec = g.play();
        assert_eq!(
            rec.days_reached, 3,
            "a lost player returns as a clone the next day"
        );
        assert!(rec.deaths >= 2);
        assert_eq!(g.players[0].lives, 0, "downed on day 3");
        let mut d = Day::new(&p, &mut Rng::new(1));
        d.bag = vec![false; 1];
        g.play_day_cycles(&mut d, 0);
        assert_eq!(
            g.players[0].lives, p.max_lives,
            "lives come back at the start of a day"
        );
    }

    #[test]
    fn reading_clone_fees() {
        let p = params();
        let mut g = Game::new(&p, 2, Strategy::Cautious, 1, false);
        g.bank = 20;
        let mut rec = GameRecord::default();
        assert!(g.intermission(0, (1, Some(Fate::Lockdown)), &mut rec));
        assert_eq!(
            (g.bank, g.store_closed),
            (0, true),
            "5 left cannot pay 35: bank 0, store shut"
        );
        assert_eq!(rec.fees, 35);
        let mut g = Game::new(&p, 2, Strategy::Cautious, 1, false);
        g.bank = 60;
        assert!(g.intermission(0, (1, None), &mut GameRecord::default()));
        assert_eq!((g.bank, g.store_closed), (10, false));
    }

    #[test]
    fn reading_upgrades() {
        let mut p = params();
        p.shop = vec![crate::simulate::params::ShopItem {
            name: "Gun".into(),
            price: 15,
        }];
        let mut g = Game::new(&p, 2, Strategy::Greedy, 1, false);
        g.bank = 100;
        let mut rec = GameRecord::default();
        g.shop(1, &mut rec);
        g.shop(1, &mut rec);
        assert_eq!(rec.purchases.len(), 2, "one Gun each, never two");
        assert!(g.players.iter().all(|pl| pl.kit.gun));
        assert_eq!(g.bank, 70);
    }

    #[test]
    fn a_wipe_is_blamed_on_what_took_the_crew() {
        let p = params();
        let mut g = Game::new(&p, 1, Strategy::Greedy, 1, false);
        g.players[0].pos = 2;
        g.down(0, Fate::Hazard { tier: 2 });
        let lost = g.leave_behind();
        assert_eq!(lost, (1, Some(Fate::Hazard { tier: 2 })));
        let mut rec = GameRecord::default();
        assert!(!g.intermission(0, lost, &mut rec));
        let loss = rec.loss.unwrap();
        assert_eq!(
            loss.cause,
            LossCause::Wipe {
                fate: Fate::Hazard { tier: 2 }
            }
        );
        assert_eq!(loss.phase(), "facility");
    }

    #[test]
    fn the_risk_of_lockdown_is_exact() {
        let p = params();
        let mut d = Day::new(&p, &mut Rng::new(1));
        d.bag = vec![true, false, true];
        d.reds = 4;
        // Two more reds among 3 pegs (2 red): both within 2 draws with chance 1/3.
        assert!((d.p_reds_within(6, 2) - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(d.p_reds_within(6, 3), 1.0);
        assert_eq!(d.p_reds_within(4, 1), 1.0);
    }
}
