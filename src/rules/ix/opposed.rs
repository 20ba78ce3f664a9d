//! Opposed checks (GM reference, "Tradition interactions"): each side builds its own pool as
//! usual, including any difficulty of its own working but none for being opposed; both roll
//! and the higher net Successes wins, a tie going to the defending (or already established)
//! side.
//!
//! The odds are exact: the two sides are independent, so the margin's distribution is the
//! difference of the two net-Success distributions that [`super::odds`] already computes.

use rand::Rng;

use super::dice::CheckResult;
use super::pool::{Pool, PoolRoll};

/// Which side of an opposed check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// The side that acts: it must beat the other to win.
    Acting,
    /// The side that resists, or the working already in place: it wins ties.
    Defending,
}

impl Side {
    /// "acting" / "defending", for sentences.
    pub fn word(self) -> &'static str {
        match self {
            Side::Acting => "acting",
            Side::Defending => "defending",
        }
    }
}

/// One margin (acting net Successes minus defending net Successes) and its chance.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MarginProbability {
    /// Acting minus defending net Successes (negative: the defending side is ahead).
    pub margin: i32,
    /// Its probability.
    pub probability: f64,
}

/// Exact odds of an opposed check before anyone rolls.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct OpposedOdds {
    /// P(acting net Successes > defending net Successes).
    pub acting_wins: f64,
    /// P(equal net Successes): the defending side holds.
    pub tie: f64,
    /// P(defending net Successes > acting net Successes).
    pub defending_ahead: f64,
    /// Expected margin (acting minus defending).
    pub expected_margin: f64,
    /// P(margin = k) for every reachable k, ascending.
    pub margins: Vec<MarginProbability>,
}

impl OpposedOdds {
    /// P(the defending side wins) = ahead or tied.
    pub fn defending_wins(&self) -> f64 {
        self.defending_ahead + self.tie
    }
}

/// Exact odds of `acting` against `defending` (see [`OpposedOdds`]).
pub fn opposed_odds(acting: &Pool, defending: &Pool) -> OpposedOdds {
    let a = acting.odds();
    let d = defending.odds();
    let lo = a.net_successes.first().map_or(0, |x| x.net_successes)
        - d.net_successes.last().map_or(0, |x| x.net_successes);
    let hi = a.net_successes.last().map_or(0, |x| x.net_successes)
        - d.net_successes.first().map_or(0, |x| x.net_successes);
    let mut margins: Vec<MarginProbability> = (lo..=hi)
        .map(|margin| MarginProbability {
            margin,
            probability: 0.0,
        })
        .collect();
    for x in &a.net_successes {
        for y in &d.net_successes {
            let m = x.net_successes - y.net_successes;
            if let Some(cell) = margins.get_mut((m - lo) as usize) {
                cell.probability += x.probability * y.probability;
            }
        }
    }
    let sum = |f: &dyn Fn(i32) -> bool| {
        margins
            .iter()
            .filter(|m| f(m.margin))
            .map(|m| m.probability)
            .sum::<f64>()
    };
    OpposedOdds {
        acting_wins: sum(&|m| m > 0),
        tie: sum(&|m| m == 0),
        defending_ahead: sum(&|m| m < 0),
        expected_margin: a.expected_net_successes - d.expected_net_successes,
        margins,
    }
}

/// The outcome of an opposed check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OpposedResult {
    /// The acting side's read result.
    pub acting: CheckResult,
    /// The defending side's read result.
    pub defending: CheckResult,
    /// Who won (the defending side on a tie).
    pub winner: Side,
    /// By how many net Successes the winner is ahead (0 on a tie).
    pub margin: u32,
}

impl OpposedResult {
    /// Compares two read results.
    pub fn compare(acting: CheckResult, defending: CheckResult) -> OpposedResult {
        let diff = i64::from(acting.net_successes) - i64::from(defending.net_successes);
        OpposedResult {
            acting,
            defending,
            winner: if diff > 0 {
                Side::Acting
            } else {
                Side::Defending
            },
            margin: u32::try_from(diff.unsigned_abs()).unwrap_or(u32::MAX),
        }
    }

    /// Whether the defending side won only because ties go to it.
    pub fn held_on_tie(&self) -> bool {
        self.margin == 0
    }

    /// The outcome in words, naming each side: "Ash wins by 2 net Successes." or
    /// "Tie at 1 net Success: the ward holds."
    pub fn describe(&self, acting: &str, defending: &str) -> String {
        let net = |n: i64| {
            if n.abs() == 1 {
                format!("{n} net Success")
            } else {
                format!("{n} net Successes")
            }
        };
        if self.held_on_tie() {
            return format!(
                "Tie at {}: {defending} holds (ties go to the defending side).",
                net(i64::from(self.acting.net_successes))
            );
        }
        let who = match self.winner {
            Side::Acting => acting,
            Side::Defending => defending,
        };
        format!("{who} wins by {}.", net(i64::from(self.margin)))
    }
}

/// Both sides' rolls and the outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpposedRoll {
    /// The acting side's dice.
    pub acting: PoolRoll,
    /// The defending side's dice.
    pub defending: PoolRoll,
    /// The comparison.
    pub result: OpposedResult,
}

/// Rolls both pools (acting first) and compares them.
pub fn roll_opposed<R: Rng + ?Sized>(acting: &Pool, defending: &Pool, rng: &mut R) -> OpposedRoll {
    let a = acting.roll(rng);
    let d = defending.roll(rng);
    let result = OpposedResult::compare(a.result, d.result);
    OpposedRoll {
        acting: a,
        defending: d,
        result,
    }
}
