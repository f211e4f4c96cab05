//! The best case the data allows: every hazard harmless and the most valuable loot in every
//! pack, one trip a day, Level 2 Packs bought whenever that helps. If even this misses a
//! quota, no strategy can win: the figures are the game's data, not the model.

use std::collections::BTreeMap;

use serde::Serialize;

use super::params::{Params, Room};

/// The upper bound for one crew size.
#[derive(Debug, Clone, Serialize)]
pub struct BestCase {
    /// Whether some sequence of days meets every quota.
    pub reachable: bool,
    /// The first day (1-based) no sequence can meet, if any.
    pub out_of_reach_on_day: Option<u32>,
    /// The most coins left after the last quota, when reachable: a thin margin means only
    /// near-perfect luck wins.
    pub spare: Option<u32>,
    /// The most coins one day's packs can carry home, without and with every Level 2 Pack.
    pub day_max: (u32, u32),
}

/// The most value fitting in `capacity` weight, each Facility Deck card used at most once.
pub fn knapsack(p: &Params, capacity: u32) -> u32 {
    let mut best = vec![0u32; capacity as usize + 1];
    for room in &p.facility {
        let Room::Loot { value, weight, .. } = *room else {
            continue;
        };
        let w = weight as usize;
        for c in (w..best.len()).rev() {
            best[c] = best[c].max(best[c - w] + value);
        }
    }
    best.last().copied().unwrap_or(0)
}

/// The price of the pack upgrade (the shop item raising the weight limit), if sold.
fn pack_price(p: &Params) -> Option<u32> {
    p.price("Level 2 Pack")
}

pub fn best_case(p: &Params, players: u32) -> BestCase {
    // Each pack is filled on its own: the best a pack of each size can hold.
    let (plain, big) = (
        knapsack(p, p.weight_limit),
        knapsack(p, p.upgraded_weight_limit),
    );
    let carry = |packs: u32| packs * big + (players - packs) * plain;
    // Upgraded players → the most coins left in the bank.
    let mut states: BTreeMap<u32, u32> = BTreeMap::from([(0, 0)]);
    for (d, &quota) in p.quota.iter().enumerate() {
        let mut next = BTreeMap::new();
        for (&packs, &bank) in &states {
            let Some(left) = (bank + carry(packs)).checked_sub(quota) else {
                continue;
            };
            for extra in 0..=(players - packs) {
                let cost = pack_price(p).map(|c| c * extra);
                let Some(after) = cost
                    .and_then(|c| left.checked_sub(c))
                    .or((extra == 0).then_some(left))
                else {
                    break;
                };
                let slot = next.entry(packs + extra).or_insert(0);
                *slot = (*slot).max(after);
            }
        }
        if next.is_empty() {
            return BestCase {
                reachable: false,
                out_of_reach_on_day: Some(d as u32 + 1),
                spare: None,
                day_max: (carry(0), carry(players)),
            };
        }
        states = next;
    }
    BestCase {
        reachable: true,
        out_of_reach_on_day: None,
        spare: states.values().copied().max(),
        day_max: (carry(0), carry(players)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulate::params::DieFace;

    fn params(quota: Vec<u32>) -> Params {
        let loot = |value, weight, tier| Room::Loot {
            value,
            weight,
            tier,
        };
        let mut facility = vec![loot(3, 1, 1); 40];
        facility.extend(vec![loot(8, 2, 2); 20]);
        facility.extend(vec![loot(15, 3, 3); 10]);
        Params {
            white_pegs: 20,
            red_pegs: 12,
            midnight_at: 4,
            lockdown_at: 6,
            facility,
            apex: Vec::new(),
            die: vec![DieFace::Kill],
            weight_limit: 5,
            upgraded_weight_limit: 8,
            max_lives: 4,
            quota,
            clone_fee: 35,
            shop: vec![super::super::params::ShopItem {
                name: "Level 2 Pack".into(),
                price: 25,
            }],
            body_drag_weight: 3,
        }
    }

    #[test]
    fn a_pack_of_five_carries_at_most_23_coins() {
        let p = params(vec![15, 30, 55]);
        assert_eq!(knapsack(&p, 5), 15 + 8);
        assert_eq!(knapsack(&p, 8), 15 + 15 + 8);
    }

    #[test]
    fn one_player_cannot_reach_55_on_day_3_but_two_can() {
        let p = params(vec![15, 30, 55]);
        let solo = best_case(&p, 1);
        assert!(!solo.reachable);
        assert_eq!(solo.out_of_reach_on_day, Some(3));
        assert!(best_case(&p, 2).reachable);
    }

    #[test]
    fn three_players_reach_110_only_with_2_coins_to_spare() {
        // 3 packs of 5 carry 69 a day: one pack bought after day 1, none after day 2, and
        // day 3 ends at 28 + 38 + 46 = 112.
        let p = params(vec![35, 65, 110]);
        assert_eq!(best_case(&p, 3).spare, Some(2));
        assert!(best_case(&p, 4).spare.unwrap() > 40);
    }
}
