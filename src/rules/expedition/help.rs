//! What would help a test: each single change a player could make or ask for, with the
//! chance it gives and the gain over the test as it stands, best first (digest, "Bonus and
//! Penalty Dice", "Helping and Teamwork", "Wises", "Objectives", "Purchases").
//!
//! | Need | Call |
//! |---|---|
//! | The usual candidates | [`candidates`]`(&test)` |
//! | Weigh them | [`weigh`]`(&test, &changes)` -> [`ExpHelp`] |
//! | Make one | [`ExpChange::apply`]`(&test)`, the same function `weigh` used |

use std::fmt;

use super::dice::MAX_POOL;
use super::error::RulesResult;
use super::odds::{VersusOdds, pass_probability, versus_odds};

/// A test as the tray holds it, reduced to what its odds depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpTest {
    /// An independent test: `dice` against `ob`. `dice` is 2 + Ability + bonus - penalty +
    /// helping before the floor at 0 dice, so a die more counts only once it covers the
    /// penalty. `ob_from_factors`: the Ob is worked out from factors, so it changes with a
    /// factor, not by a step.
    Independent {
        dice: i64,
        ob: u32,
        ob_from_factors: bool,
        /// A Wise is already counted among the bonus dice.
        wise_used: bool,
    },
    /// A versus test: `dice` (before the floor at 0, as above) against the other side's
    /// `opposing` dice.
    Versus {
        dice: i64,
        opposing: u32,
        wise_used: bool,
    },
    /// A purchase's wager: `wagered` Cash dice against `ob`, from `held` Cash dice.
    Wager { wagered: u32, ob: u32, held: u32 },
}

/// One single change to a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpChange {
    /// A bonus die for a substantial advantage (+1d).
    BonusDie,
    /// An ally's helping die (+1d).
    HelpingDie,
    /// A Wise that relates directly to the task (+1d).
    Wise,
    /// One factor less on the Objective (Ob - 1).
    ObLower,
    /// `n` Cash dice more on the wager.
    MoreCash(u32),
}

/// Why a change cannot be made to this test now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpUnavailable {
    /// A Cash test rolls only the Cash dice named.
    CashDiceOnly,
    /// Only a purchase's wager takes Cash dice.
    NotAWager,
    /// A versus test has no Ob.
    NoOb,
    /// The Ob is 0 already.
    ObZero,
    /// The Ob comes from the factor calculator: a factor changes it.
    ObFromFactors,
    /// A Wise is counted already (one invoked Wise, one die).
    WiseUsed,
    /// Not enough Cash held for the dice.
    NotEnoughCash { held: u32, needed: u32 },
    /// The pool holds the most dice it can.
    PoolFull,
}

impl fmt::Display for ExpUnavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpUnavailable::CashDiceOnly => write!(f, "a wager rolls only the Cash dice"),
            ExpUnavailable::NotAWager => write!(f, "only a purchase's wager takes Cash dice"),
            ExpUnavailable::NoOb => write!(f, "a versus test has no Ob"),
            ExpUnavailable::ObZero => write!(f, "the Ob is 0 already"),
            ExpUnavailable::ObFromFactors => {
                write!(f, "the Ob comes from the factors: change a factor")
            }
            ExpUnavailable::WiseUsed => write!(f, "a Wise is counted already"),
            ExpUnavailable::NotEnoughCash { held, needed } => {
                write!(f, "it needs {needed} Cash dice and {held} are held")
            }
            ExpUnavailable::PoolFull => write!(f, "the pool has the most dice it can"),
        }
    }
}

impl ExpChange {
    /// The change in a few words ("Add a helping die").
    pub fn label(self) -> String {
        match self {
            ExpChange::BonusDie => "Add a bonus die".into(),
            ExpChange::HelpingDie => "Add a helping die".into(),
            ExpChange::Wise => "Invoke a Wise that applies".into(),
            ExpChange::ObLower => "One factor less (Ob - 1)".into(),
            ExpChange::MoreCash(1) => "Wager one Cash die more".into(),
            ExpChange::MoreCash(n) => format!("Wager {n} Cash dice more"),
        }
    }

    /// The test with the change made, or why it cannot be made.
    pub fn apply(self, test: &ExpTest) -> Result<ExpTest, ExpUnavailable> {
        let more = |dice: i64| {
            Some(dice + 1)
                .filter(|d| *d <= i64::from(MAX_POOL))
                .ok_or(ExpUnavailable::PoolFull)
        };
        match (self, *test) {
            (ExpChange::MoreCash(_), ExpTest::Independent { .. } | ExpTest::Versus { .. }) => {
                Err(ExpUnavailable::NotAWager)
            }
            (ExpChange::MoreCash(n), ExpTest::Wager { wagered, ob, held }) => {
                let needed = wagered.saturating_add(n);
                if needed > held {
                    return Err(ExpUnavailable::NotEnoughCash { held, needed });
                }
                if needed > MAX_POOL {
                    return Err(ExpUnavailable::PoolFull);
                }
                Ok(ExpTest::Wager {
                    wagered: needed,
                    ob,
                    held,
                })
            }
            (_, ExpTest::Wager { .. }) => Err(ExpUnavailable::CashDiceOnly),
            (ExpChange::ObLower, ExpTest::Versus { .. }) => Err(ExpUnavailable::NoOb),
            (
                ExpChange::ObLower,
                ExpTest::Independent {
                    ob_from_factors: true,
                    ..
                },
            ) => Err(ExpUnavailable::ObFromFactors),
            (ExpChange::ObLower, ExpTest::Independent { ob: 0, .. }) => Err(ExpUnavailable::ObZero),
            (
                ExpChange::ObLower,
                ExpTest::Independent {
                    dice,
                    ob,
                    wise_used,
                    ..
                },
            ) => Ok(ExpTest::Independent {
                dice,
                ob: ob - 1,
                ob_from_factors: false,
                wise_used,
            }),
            (
                ExpChange::Wise,
                ExpTest::Independent {
                    wise_used: true, ..
                },
            )
            | (
                ExpChange::Wise,
                ExpTest::Versus {
                    wise_used: true, ..
                },
            ) => Err(ExpUnavailable::WiseUsed),
            (
                change,
                ExpTest::Independent {
                    dice,
                    ob,
                    ob_from_factors,
                    wise_used,
                },
            ) => Ok(ExpTest::Independent {
                dice: more(dice)?,
                ob,
                ob_from_factors,
                wise_used: wise_used || change == ExpChange::Wise,
            }),
            (
                change,
                ExpTest::Versus {
                    dice,
                    opposing,
                    wise_used,
                },
            ) => Ok(ExpTest::Versus {
                dice: more(dice)?,
                opposing,
                wise_used: wise_used || change == ExpChange::Wise,
            }),
        }
    }
}

/// The usual changes to weigh for this kind of test.
pub fn candidates(test: &ExpTest) -> Vec<ExpChange> {
    match test {
        ExpTest::Wager { .. } => vec![ExpChange::MoreCash(1), ExpChange::MoreCash(2)],
        ExpTest::Independent { .. } => vec![
            ExpChange::BonusDie,
            ExpChange::HelpingDie,
            ExpChange::Wise,
            ExpChange::ObLower,
        ],
        ExpTest::Versus { .. } => {
            vec![ExpChange::BonusDie, ExpChange::HelpingDie, ExpChange::Wise]
        }
    }
}

/// A pool never goes below 0 dice ("Ability Tests"); above the largest pool it is refused
/// by the odds, not wrapped.
fn floor(dice: i64) -> u32 {
    u32::try_from(dice.max(0)).unwrap_or(u32::MAX)
}

/// A test's chances: to pass (an independent test or a wager), or to win, tie or lose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExpChances {
    Pass(f64),
    Versus(VersusOdds),
}

impl ExpChances {
    /// The chances of a test.
    pub fn of(test: &ExpTest) -> RulesResult<ExpChances> {
        Ok(match *test {
            ExpTest::Independent { dice, ob, .. } => {
                ExpChances::Pass(pass_probability(floor(dice), ob)?)
            }
            ExpTest::Wager { wagered, ob, .. } => ExpChances::Pass(pass_probability(wagered, ob)?),
            ExpTest::Versus { dice, opposing, .. } => {
                ExpChances::Versus(versus_odds(floor(dice), opposing)?)
            }
        })
    }

    /// The chance to pass, or to win.
    pub fn headline(&self) -> f64 {
        match self {
            ExpChances::Pass(p) => *p,
            ExpChances::Versus(v) => v.win,
        }
    }
}

/// What a change would give.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpGain {
    /// The test with the change made.
    pub test: ExpTest,
    pub after: ExpChances,
    /// `after` minus now, on the headline chance (pass, or win).
    pub gain: f64,
}

/// One weighed change.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpOption {
    pub change: ExpChange,
    pub outcome: Result<ExpGain, ExpUnavailable>,
}

/// Every change weighed, best first; changes that cannot be made last, in the order asked.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpHelp {
    pub now: ExpChances,
    pub options: Vec<ExpOption>,
}

/// Weighs each change on `test`. Refused only when the test itself is out of range.
pub fn weigh(test: &ExpTest, changes: &[ExpChange]) -> RulesResult<ExpHelp> {
    let now = ExpChances::of(test)?;
    let mut options = Vec::with_capacity(changes.len());
    for &change in changes {
        let outcome = match change.apply(test) {
            Ok(next) => {
                let after = ExpChances::of(&next)?;
                Ok(ExpGain {
                    test: next,
                    after,
                    gain: after.headline() - now.headline(),
                })
            }
            Err(why) => Err(why),
        };
        options.push(ExpOption { change, outcome });
    }
    // Versus: the bigger win first, then the smaller loss. Compared to a billionth so equal
    // gains reached by different sums keep the asked order.
    let key = |o: &ExpOption| {
        o.outcome.as_ref().ok().map(|g| {
            let lose = match g.after {
                ExpChances::Versus(v) => v.lose,
                ExpChances::Pass(_) => 0.0,
            };
            ((g.gain * 1e9).round(), (-lose * 1e9).round())
        })
    };
    options.sort_by(|a, b| match (key(a), key(b)) {
        (Some(x), Some(y)) => y.0.total_cmp(&x.0).then(y.1.total_cmp(&x.1)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    Ok(ExpHelp { now, options })
}
