//! Exact odds of d6 success pools ("The Basics: Successes and Failures": each die succeeds on
//! 4-6, i.e. with probability exactly 1/2). Probabilities are `f64` from a dynamic-programming
//! Pascal row (halving at each die), which never overflows; exact fractions (`u128` counts over
//! 2^n) are offered up to [`MAX_EXACT_POOL`] dice, where 2^n still fits.

use super::dice::{MAX_OB, MAX_POOL};
use super::error::{RulesError, RulesResult};
use serde::{Deserialize, Serialize};

/// Largest pool for which [`pass_fraction`] returns an exact fraction (2^n must fit `u128`).
pub const MAX_EXACT_POOL: u32 = 120;

fn check_dice(field: &str, n: u32, max: u32) -> RulesResult<()> {
    RulesError::check_range(field, i64::from(n), 0, i64::from(max))
}

/// Probability of exactly k Successes on n dice, for k = 0..=n ("The Basics"). Sums to 1.
pub fn success_distribution(n: u32) -> RulesResult<Vec<f64>> {
    check_dice("dice", n, MAX_POOL)?;
    // Each die halves the previous row and shifts half of it by one success.
    let mut row = vec![1.0_f64];
    for _ in 0..n {
        let mut next = vec![0.0_f64; row.len() + 1];
        for (k, p) in row.iter().enumerate() {
            if let Some(slot) = next.get_mut(k) {
                *slot += p * 0.5;
            }
            if let Some(slot) = next.get_mut(k + 1) {
                *slot += p * 0.5;
            }
        }
        row = next;
    }
    Ok(row)
}

/// P(at least `ob` Successes on `n` dice): the chance to pass an independent test.
pub fn pass_probability(n: u32, ob: u32) -> RulesResult<f64> {
    check_dice("Ob", ob, MAX_OB)?;
    let dist = success_distribution(n)?;
    Ok(dist.iter().skip(ob as usize).sum::<f64>().min(1.0))
}

/// Exact P(pass) as (favourable outcomes, 2^n) for n <= [`MAX_EXACT_POOL`].
pub fn pass_fraction(n: u32, ob: u32) -> RulesResult<(u128, u128)> {
    check_dice("dice", n, MAX_EXACT_POOL)?;
    check_dice("Ob", ob, MAX_OB)?;
    let mut row: Vec<u128> = vec![1];
    for _ in 0..n {
        let mut next = vec![0u128; row.len() + 1];
        for (k, c) in row.iter().enumerate() {
            if let Some(slot) = next.get_mut(k) {
                *slot += c;
            }
            if let Some(slot) = next.get_mut(k + 1) {
                *slot += c;
            }
        }
        row = next;
    }
    let favourable = row.iter().skip(ob as usize).sum::<u128>();
    Ok((favourable, 1u128 << n))
}

/// Chances of a versus test from side A's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct VersusOdds {
    /// A rolls more Successes.
    pub win: f64,
    /// Equal Successes.
    pub tie: f64,
    /// B rolls more Successes.
    pub lose: f64,
}

/// Win/tie/lose chances of `a` dice against `b` dice ("The Basics": Versus Test).
pub fn versus_odds(a: u32, b: u32) -> RulesResult<VersusOdds> {
    let da = success_distribution(a)?;
    let db = success_distribution(b)?;
    // Prefix sums of B make this O(a + b) instead of O(a * b).
    let mut below = Vec::with_capacity(db.len() + 1);
    let mut acc = 0.0;
    below.push(0.0);
    for p in &db {
        acc += p;
        below.push(acc);
    }
    let (mut win, mut tie) = (0.0, 0.0);
    for (k, pa) in da.iter().enumerate() {
        win += pa * below.get(k.min(db.len())).copied().unwrap_or(1.0);
        tie += pa * db.get(k).copied().unwrap_or(0.0);
    }
    let lose = (1.0 - win - tie).max(0.0);
    Ok(VersusOdds { win, tie, lose })
}

/// Expected damage of one Combat Check exchange between two combatants who threaten each other.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ExchangeExpectation {
    /// Expected damage dealt to A.
    pub to_a: f64,
    /// Expected damage dealt to B.
    pub to_b: f64,
}

/// Expected damage of a Combat Check exchange ("Dealing Damage"): the winner deals its margin
/// plus its +Ns, a tie deals 1 to both.
pub fn expected_exchange_damage(
    a: u32,
    b: u32,
    a_free: u32,
    b_free: u32,
) -> RulesResult<ExchangeExpectation> {
    check_dice("free successes", a_free, MAX_POOL)?;
    check_dice("free successes", b_free, MAX_POOL)?;
    let da = success_distribution(a)?;
    let db = success_distribution(b)?;
    let (mut to_a, mut to_b) = (0.0, 0.0);
    for (i, pa) in da.iter().enumerate() {
        for (j, pb) in db.iter().enumerate() {
            let p = pa * pb;
            if i > j {
                to_b += p * ((i - j) as f64 + f64::from(a_free));
            } else if j > i {
                to_a += p * ((j - i) as f64 + f64::from(b_free));
            } else {
                to_a += p;
                to_b += p;
            }
        }
    }
    Ok(ExchangeExpectation { to_a, to_b })
}

/// Expected damage of variable damage `n`d ("Variable Damage": each Success deals 1), with a
/// successful Save halving (round up, +Ns added first) when `halved`.
pub fn expected_variable_damage(n: u32, free: u32, halved: bool) -> RulesResult<f64> {
    check_dice("free successes", free, MAX_POOL)?;
    let d = success_distribution(n)?;
    Ok(d.iter()
        .enumerate()
        .map(|(k, p)| {
            let raw = k as u32 + free;
            let dmg = if halved { raw.div_ceil(2) } else { raw };
            p * f64::from(dmg)
        })
        .sum())
}

/// Odds in words for the UI, e.g. `"4 dice vs Ob 3: 31% to pass"`.
pub fn describe_pass_odds(n: u32, ob: u32) -> RulesResult<String> {
    let p = pass_probability(n, ob)?;
    Ok(format!(
        "{}: {:.0}% to pass",
        super::dice::describe_test(n, ob),
        p * 100.0
    ))
}

/// The chance to finish an extended test (digest, "extended test": several tests in a row, a
/// number of them to pass): `need` more passed tests, each passing with probability `p`,
/// before the failure that loses it. `failures_left` is how many more failures it survives
/// (`None`: failures never end it, so only a test that cannot pass stops it).
///
/// With r more failures allowed, the last of the `need` passes must come before failure r + 1:
/// the sum over j = 0..=r of C(need - 1 + j, j) p^need (1 - p)^j.
pub fn extended_finish_chance(p: f64, need: u32, failures_left: Option<u32>) -> f64 {
    let p = p.clamp(0.0, 1.0);
    if need == 0 {
        return 1.0;
    }
    if p == 0.0 {
        return 0.0;
    }
    let Some(r) = failures_left else {
        return 1.0;
    };
    let q = 1.0 - p;
    // term(j) = C(need - 1 + j, j) p^need q^j, each from the last: * (need - 1 + j) / j * q.
    let mut term = p.powi(need.min(i32::MAX as u32) as i32);
    let mut sum = term;
    for j in 1..=r {
        term *= f64::from(need - 1 + j) / f64::from(j) * q;
        sum += term;
    }
    sum.min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn hand_derived_pass_chances() {
        // 3 dice Ob 2: outcomes with >= 2 successes are C(3,2)+C(3,3) = 3+1 = 4 of 8 = 1/2.
        assert!(close(pass_probability(3, 2).unwrap(), 0.5));
        assert_eq!(pass_fraction(3, 2).unwrap(), (4, 8));
        // 4 dice Ob 3: C(4,3)+C(4,4) = 4+1 = 5 of 16.
        assert!(close(pass_probability(4, 3).unwrap(), 5.0 / 16.0));
        // 2 dice Ob 1: 1 - (1/2)^2 = 3/4.
        assert!(close(pass_probability(2, 1).unwrap(), 0.75));
        // Ob 0 always passes; 0 dice against Ob 1 never does.
        assert!(close(pass_probability(0, 0).unwrap(), 1.0));
        assert!(close(pass_probability(0, 1).unwrap(), 0.0));
        // 5 dice Ob 5: only all-successes, 1/32.
        assert!(close(pass_probability(5, 5).unwrap(), 1.0 / 32.0));
    }

    #[test]
    fn hand_derived_versus_chances() {
        // 1 die vs 1 die: win = P(S,F) = 1/4, tie = P(SS)+P(FF) = 1/2, lose = 1/4.
        let o = versus_odds(1, 1).unwrap();
        assert!(close(o.win, 0.25) && close(o.tie, 0.5) && close(o.lose, 0.25));
        // 2 dice vs 1 die: A has 0/1/2 with 1/4,1/2,1/4; B 0/1 with 1/2,1/2.
        // win = P(A1,B0)+P(A2,B0)+P(A2,B1) = 1/4+1/8+1/8 = 1/2;
        // tie = P(A0,B0)+P(A1,B1) = 1/8+1/4 = 3/8; lose = P(A0,B1) = 1/8.
        let o = versus_odds(2, 1).unwrap();
        assert!(close(o.win, 0.5));
        assert!(close(o.tie, 3.0 / 8.0));
        assert!(close(o.lose, 1.0 / 8.0));
    }

    #[test]
    fn hand_derived_exchange_damage() {
        // 1 vs 1: A deals 1 on (S,F) = 1/4, both take 1 on a tie = 1/2, so each expects 3/4.
        let e = expected_exchange_damage(1, 1, 0, 0).unwrap();
        assert!(close(e.to_a, 0.75) && close(e.to_b, 0.75));
        // With +2s for A: B takes (1+2) on A's win: 3/4 + 1/2 = 5/4.
        let e = expected_exchange_damage(1, 1, 2, 0).unwrap();
        assert!(close(e.to_b, 1.25));
    }

    #[test]
    fn hand_derived_variable_damage() {
        // 2d: 0/1/2 hits with 1/4,1/2,1/4 -> mean 1; halved rounding up: 0,1,1 -> 3/4.
        assert!(close(expected_variable_damage(2, 0, false).unwrap(), 1.0));
        assert!(close(expected_variable_damage(2, 0, true).unwrap(), 0.75));
    }

    #[test]
    fn refuses_oversized_pools() {
        assert!(success_distribution(MAX_POOL + 1).is_err());
        assert!(pass_fraction(MAX_EXACT_POOL + 1, 0).is_err());
    }
}
