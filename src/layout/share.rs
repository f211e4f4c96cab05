//! Decks that print on the same grid sharing their last sheets.
//!
//! Each deck prints its full sheets on its own, so a player sorting the cut cards finds a deck
//! together; the copies left over after its last full sheet go on mixed sheets with the other
//! decks' leftovers, each slot keeping its own back. A mixed sheet is filled before the next
//! is started, unless that leaves the last one under the least fill a sheet must earn: then
//! the mixed sheets are evened out, and when even that is too thin (a few leftovers in all),
//! the last full sheet of a deck joins them, so that no sheet goes through the printer nearly
//! blank. Pure counting: no geometry but the share of the paper one slot covers.

/// The least share of a sheet's printable area a sheet of leftovers should cover.
pub const MIN_FILL: f32 = 0.35;

/// How a run of decks on one grid is split between sheets of their own and mixed sheets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shared {
    /// For each deck, how many of its first copies go on sheets of its own (whole sheets).
    pub own: Vec<usize>,
    /// How many copies each mixed sheet holds; the copies are every deck's remaining ones, in
    /// deck order.
    pub mixed: Vec<usize>,
}

/// Splits decks of `counts` copies over sheets of `per_sheet` slots, where one slot covers
/// `slot_fill` of the sheet's printable area and no mixed sheet should cover less than
/// `min_fill` of it.
pub fn share(counts: &[usize], per_sheet: usize, slot_fill: f32, min_fill: f32) -> Shared {
    let per = per_sheet.max(1);
    let mut own: Vec<usize> = counts.iter().map(|c| c / per * per).collect();
    let mut left: usize = counts.iter().zip(&own).map(|(c, o)| c - o).sum();
    if left == 0 {
        return Shared {
            own,
            mixed: Vec::new(),
        };
    }
    let thin = |n: usize| (n as f32) * slot_fill < min_fill;
    loop {
        let sheets = left.div_ceil(per);
        let last = left - (sheets - 1) * per;
        if !thin(last) {
            return Shared {
                own,
                mixed: filled(left, per),
            };
        }
        if !thin(left / sheets) {
            return Shared {
                own,
                mixed: evened(left, sheets),
            };
        }
        // Too few leftovers to earn a sheet: the last deck with a sheet of its own gives one up.
        match own.iter().rposition(|&o| o >= per) {
            Some(i) => {
                own[i] -= per;
                left += per;
            }
            None => {
                return Shared {
                    own,
                    mixed: filled(left, per),
                };
            }
        }
    }
}

/// `left` copies on full sheets of `per`, the last one holding the rest.
fn filled(left: usize, per: usize) -> Vec<usize> {
    let mut out = vec![per; left / per];
    if !left.is_multiple_of(per) {
        out.push(left % per);
    }
    out
}

/// `left` copies spread over `sheets` sheets as evenly as they go, the fuller ones first.
fn evened(left: usize, sheets: usize) -> Vec<usize> {
    let (base, extra) = (left / sheets, left % sheets);
    (0..sheets).map(|i| base + usize::from(i < extra)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A poker card on A4 inside a 5 mm margin.
    const POKER: f32 = 63.5 * 88.9 / (200.0 * 287.0);

    #[test]
    fn leftovers_of_several_decks_fill_one_sheet() {
        // Death to Decorum: 120 facility cards, 10 apex, 18 actions, 1 quick reference.
        let s = share(&[120, 10, 18, 1], 9, POKER, 0.35);
        assert_eq!(s.own, vec![117, 9, 18, 0]);
        assert_eq!(s.mixed, vec![5]);
    }

    #[test]
    fn a_thin_last_sheet_is_evened_out_with_the_others() {
        // 19 leftovers: 9 + 9 + 1 would leave one card alone; 7 + 6 + 6 does not.
        let s = share(&[5, 5, 5, 4], 9, POKER, 0.35);
        assert_eq!(s.own, vec![0, 0, 0, 0]);
        assert_eq!(s.mixed, vec![7, 6, 6]);
    }

    #[test]
    fn a_few_leftovers_in_all_take_a_full_sheet_with_them() {
        // 38 room tiles six to a sheet: 6 full sheets and 2 tiles; the 2 alone fill 17 %, and
        // a sheet needs 5 tiles (43 %): 3 full sheets and 4 of 5.
        let tile = 70.0 * 70.0 / (200.0 * 287.0);
        let s = share(&[38], 6, tile, 0.35);
        assert_eq!(s.own, vec![18]);
        assert_eq!(s.mixed, vec![5, 5, 5, 5]);
        // Nothing to take: one card stays alone.
        let s = share(&[1], 9, POKER, 0.35);
        assert_eq!(s.own, vec![0]);
        assert_eq!(s.mixed, vec![1]);
    }

    #[test]
    fn a_sheet_exactly_at_the_least_fill_earns_its_place() {
        // Two quarter-sheet tiles cover half the sheet, which is just what is asked: they go
        // on their own mixed sheet and the deck keeps its full one.
        let s = share(&[6], 4, 0.25, 0.5);
        assert_eq!(s.own, vec![4]);
        assert_eq!(s.mixed, vec![2]);
    }

    #[test]
    fn every_copy_is_printed_once_and_no_sheet_is_thinner_than_it_must_be() {
        for counts in [
            vec![1, 2, 3],
            vec![40, 8, 13],
            vec![9, 9],
            vec![0, 17],
            vec![100],
        ] {
            let s = share(&counts, 9, POKER, 0.35);
            let total: usize = counts.iter().sum();
            assert_eq!(
                s.own.iter().sum::<usize>() + s.mixed.iter().sum::<usize>(),
                total
            );
            assert!(s.own.iter().all(|o| o % 9 == 0));
            assert!(s.mixed.iter().all(|&m| (1..=9).contains(&m)));
            if total >= 4 {
                assert!(s.mixed.iter().all(|&m| m >= 4), "{counts:?}: {s:?}");
            }
        }
    }
}
