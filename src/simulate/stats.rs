//! Rates with confidence intervals, and the hypergeometric odds of drawing from a deck.

use serde::Serialize;

/// A share of games with its 95 % Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rate {
    pub count: u64,
    pub of: u64,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

impl Rate {
    /// `count` of `of`, with the Wilson interval (sound at 0 % and 100 %, unlike the normal one).
    pub fn new(count: u64, of: u64) -> Rate {
        if of == 0 {
            return Rate {
                count,
                of,
                rate: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = of as f64;
        let p = count as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Rate {
            count,
            of,
            rate: p,
            low: if count == 0 {
                0.0
            } else {
                (centre - half).max(0.0)
            },
            high: if count >= of {
                1.0
            } else {
                (centre + half).min(1.0)
            },
        }
    }

    /// "1.6 % (1.4-1.9)".
    pub fn percent(&self) -> String {
        format!(
            "{:.1} % ({:.1}-{:.1})",
            100.0 * self.rate,
            100.0 * self.low,
            100.0 * self.high
        )
    }
}

/// ln C(n, k).
pub fn ln_choose(n: u64, k: u64) -> f64 {
    if k > n {
        return f64::NEG_INFINITY;
    }
    let k = k.min(n - k);
    (0..k).map(|i| ((n - i) as f64 / (i + 1) as f64).ln()).sum()
}

/// P(exactly `x` marked cards in `draws` draws without replacement from `total` cards of
/// which `marked` are marked).
pub fn hypergeometric(total: u64, marked: u64, draws: u64, x: u64) -> f64 {
    if x > marked || x > draws || draws > total || draws - x > total - marked {
        return 0.0;
    }
    (ln_choose(marked, x) + ln_choose(total - marked, draws - x) - ln_choose(total, draws)).exp()
}

/// P(at least `k` marked cards in `draws` draws).
pub fn at_least(total: u64, marked: u64, draws: u64, k: u64) -> f64 {
    let draws = draws.min(total);
    let p: f64 = (0..k.min(draws + 1))
        .map(|x| hypergeometric(total, marked, draws, x))
        .sum();
    (1.0 - p).clamp(0.0, 1.0)
}

/// Expected draws until the first marked card, the marked cards spread at random through the
/// deck: (N + 1) / (K + 1). None when nothing is marked.
pub fn expected_draws_to_first(total: u64, marked: u64) -> Option<f64> {
    (marked > 0).then(|| (total as f64 + 1.0) / (marked as f64 + 1.0))
}

/// The `q`-quantile (0..=1) of sorted values.
pub fn quantile(sorted: &[u32], q: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_a_worked_example() {
        // 16 of 1000: 1.6 %, Wilson 95 % interval about 0.99 %-2.58 %.
        let r = Rate::new(16, 1000);
        assert!((r.low - 0.00988).abs() < 2e-4, "{}", r.low);
        assert!((r.high - 0.02582).abs() < 2e-4, "{}", r.high);
        let zero = Rate::new(0, 10_000);
        assert_eq!(zero.low, 0.0);
        assert!(zero.high > 0.0003 && zero.high < 0.0004, "{}", zero.high);
    }

    #[test]
    fn hypergeometric_sums_to_one_and_matches_a_count() {
        let total: f64 = (0..=5).map(|x| hypergeometric(20, 7, 5, x)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // 1 ace among 4 in 2 draws from 52: 2·4·48 / (52·51).
        let p = hypergeometric(52, 4, 2, 1);
        assert!((p - 2.0 * 4.0 * 48.0 / (52.0 * 51.0)).abs() < 1e-12);
        assert!((at_least(52, 4, 2, 1) - (1.0 - 48.0 * 47.0 / (52.0 * 51.0))).abs() < 1e-12);
    }

    #[test]
    fn expected_draws_to_the_first_card() {
        assert_eq!(expected_draws_to_first(10, 0), None);
        assert_eq!(expected_draws_to_first(9, 9), Some(1.0));
        assert_eq!(expected_draws_to_first(52, 4), Some(53.0 / 5.0));
    }
}
