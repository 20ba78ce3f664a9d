//! Rolling what the tray has built, and the Expedition odds shown before a roll. Pure: the
//! state is read, never changed, and the dice come from the generator passed in, so tests
//! roll with a seed. Only the panel (a chunk) calls this, which keeps the rules' rolling code
//! out of the first load.

use rand::Rng;

use super::fields::Field;
use super::outcome::{Outcome, Rolled, Shown, Wager};
use super::state::{ExpKind, Mode, TrayError, TrayState};
use crate::rules::dice::parse;
use crate::rules::expedition::combat::variable_damage;
use crate::rules::expedition::dice::{
    Pool, PoolRoll, TestOutcome, describe_test, describe_versus, independent_test, versus_test,
};
use crate::rules::expedition::money::{HopelessStake, Purse, purchase, purchase_plan};
use crate::rules::expedition::objective::ob_name;
use crate::rules::expedition::odds::{expected_variable_damage, pass_probability, versus_odds};
use crate::rules::ix::dice::CheckResult;
use crate::rules::ix::pool::{Pool as IxPool, PoolRoll as IxPoolRoll};
use crate::ui::format::{one_decimal, pct};

/// Short reminders of what symbols can buy, in our own words.
/// What the symbols left over buy, as the GM's spend menus have it (reference, "The GM's Spend
/// Menus"), in our own short words, with how many there are to spend.
fn reminders(r: &CheckResult) -> Vec<String> {
    let count = |n: u32, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let mut out = Vec::new();
    if r.net_boons > 0 {
        out.push(format!(
            "{} to spend: a moment's recovery, a detail noticed, a bonus die for an ally.",
            count(r.net_boons.unsigned_abs(), "Boon", "Boons")
        ));
    }
    if r.net_boons < 0 {
        out.push(format!(
            "{} for the GM, each one of: a Bane die on this character's next check; 1 Strain to an ally; a foe shakes off a minor condition; a torch, tool or ration runs out; a hazard starts or worsens; the foe gains a free Maneuver.",
            count(r.net_boons.unsigned_abs(), "Bane", "Banes")
        ));
    }
    if r.breakthroughs > 0 {
        out.push(format!(
            "{}: something big, such as a Critical Injury on the target of an attack or a lasting advantage.",
            count(r.breakthroughs, "Breakthrough", "Breakthroughs")
        ));
    }
    if r.calamities > 0 {
        out.push(format!(
            "{} for the GM, each one of: a Critical Injury to the character (in a fight); a weapon jams, breaks or drops; an ally in danger; a faction's plans advance a step; a hidden enemy is alerted.",
            count(r.calamities, "Calamity", "Calamities")
        ));
    }
    out
}

/// An Ix roll of `pool` as the tray shows it and hands it back.
pub(super) fn ix_rolled(pool: IxPool, rolled: &IxPoolRoll) -> Rolled {
    let dice = rolled
        .dice
        .iter()
        .map(|d| (Shown::Ix(d.kind, d.face.symbols()), d.label()))
        .collect();
    Rolled {
        outcome: Outcome {
            mode: "Ix",
            pool: pool.describe(),
            groups: vec![(String::new(), dice)],
            words: rolled.result.describe(),
            notes: reminders(&rolled.result),
        },
        ix: Some((pool, rolled.result)),
        cash: None,
    }
}

/// An Expedition test as the tray shows it: `pool` in words, the dice, the successes against
/// the Ob (with free successes after a pass) and where the Ob came from.
pub(super) fn test_outcome(pool: String, t: &TestOutcome, factors: &[String]) -> Outcome {
    let mut notes = vec![format!(
        "{} of {} dice succeeded against Ob {}{}.",
        t.successes,
        t.roll.dice.len(),
        t.ob,
        if t.free_successes > 0 && t.passed {
            format!(", +{}s", t.free_successes)
        } else {
            String::new()
        }
    )];
    if !factors.is_empty() {
        notes.push(format!("Ob from: {}.", factors.join(", ")));
    }
    Outcome {
        mode: "Expedition",
        pool,
        groups: vec![(String::new(), dice_of(&t.roll))],
        words: t.words(),
        notes,
    }
}

fn dice_of(roll: &PoolRoll) -> Vec<(Shown, String)> {
    roll.dice
        .iter()
        .map(|d| (Shown::D6(d.face), format!("d6: {}", d.label())))
        .collect()
}

/// The purchase fields, each checked against its range.
struct CashFields {
    wealth: u32,
    cost: u32,
    scarcity: u32,
    cash: u32,
    wager: u32,
}

impl TrayState {
    /// Rolls whatever the current mode has built. The state is not changed: the caller puts
    /// the roll on screen with `TrayAction::Rolled`, or drops it (a refused Story point).
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Rolled, TrayError> {
        match self.mode() {
            Mode::Ix => self.roll_ix(rng),
            Mode::Expedition => self.roll_expedition(rng),
            Mode::Plain => self.roll_notation(rng),
            Mode::Log => Err(TrayError::NothingToRoll),
        }
    }

    fn roll_ix<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Rolled, TrayError> {
        let pool = self.ix();
        if pool.is_empty() {
            return Err(TrayError::EmptyPool);
        }
        Ok(ix_rolled(pool, &pool.roll(rng)))
    }

    fn roll_notation<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Rolled, TrayError> {
        let n = parse(self.plain())?;
        let r = n.roll(rng);
        Ok(Rolled {
            outcome: Outcome {
                mode: "Plain",
                pool: n.canonical(),
                groups: vec![(
                    String::new(),
                    r.dice
                        .iter()
                        .map(|d| (Shown::Plain(d.sides, d.face), d.label()))
                        .collect(),
                )],
                words: format!("Total {}", r.total),
                notes: vec![r.words()],
            },
            ix: None,
            cash: None,
        })
    }

    /// One line for beside the Roll button: what a tap would roll and, where the rules give
    /// it, the chance; or why it cannot roll yet.
    pub fn roll_summary(&self) -> String {
        match self.mode() {
            Mode::Ix => {
                let pool = self.ix();
                if pool.is_empty() {
                    return TrayError::EmptyPool.to_string();
                }
                format!(
                    "{}: {} to succeed",
                    pool.describe(),
                    pct(pool.odds().p_success)
                )
            }
            Mode::Expedition => {
                let lines = match self.exp_plan() {
                    Ok(lines) => lines,
                    Err(why) => return why.to_string(),
                };
                let line = |key: &str| {
                    lines
                        .iter()
                        .find(|(k, _)| *k == key)
                        .map_or("", |(_, v)| v.as_str())
                };
                match self.exp_kind() {
                    ExpKind::Test => format!("{}: {} to pass", line("Test"), line("Pass chance")),
                    ExpKind::Versus => format!("{}: {} to win", line("Test"), line("Win")),
                    ExpKind::Damage => format!(
                        "Damage {}: about {} expected",
                        line("Damage"),
                        line("Expected damage")
                    ),
                    ExpKind::Cash => match line("Chance to buy") {
                        "" => line("Plan").to_string(),
                        chance => format!("Chance to buy: {chance}"),
                    },
                }
            }
            Mode::Plain => match parse(self.plain()) {
                Ok(n) => format!("Rolls {}", n.canonical()),
                Err(why) => why.to_string(),
            },
            Mode::Log => String::new(),
        }
    }

    /// Why the Cash wager about to be rolled cannot succeed, asked before the Cash is spent:
    /// wagered dice are lost whatever the result ("Buying"). `None` when it has a chance, or
    /// when it is not a wager.
    pub fn hopeless_wager(&self) -> Option<String> {
        if self.mode() != Mode::Expedition || self.exp_kind() != ExpKind::Cash {
            return None;
        }
        let c = self.cash_fields().ok()?;
        let ob = purchase_plan(c.wealth as u8, c.cost, c.scarcity).ok()?.ob?;
        HopelessStake::wager(c.wager, c.cash, ob).map(|h| h.to_string())
    }

    /// The character's pool from the fields, through the rules.
    pub(super) fn own_pool(&self) -> Result<Pool, TrayError> {
        let f = self.fields();
        let ability = f.count(Field::Ability)?;
        let bonus = f.count(Field::Bonus)?;
        let penalty = f.count(Field::Penalty)?;
        let helping = f.count(Field::Helping)?;
        Ok(Pool::ability(ability as u8, bonus, penalty, helping)?)
    }

    fn cash_fields(&self) -> Result<CashFields, TrayError> {
        let f = self.fields();
        Ok(CashFields {
            wealth: f.count(Field::Wealth)?,
            cost: f.count(Field::Cost)?,
            scarcity: f.count(Field::Scarcity)?,
            cash: f.count(Field::CashHeld)?,
            wager: f.count(Field::Wager)?,
        })
    }

    /// What the Expedition sub-mode would roll, with its odds in words, or why it cannot.
    pub fn exp_plan(&self) -> Result<Vec<(&'static str, String)>, TrayError> {
        let f = self.fields();
        match self.exp_kind() {
            ExpKind::Test => {
                let pool = self.own_pool()?;
                let (ob, _) = self.ob()?;
                let free = f.count(Field::Free)?;
                let p = pass_probability(pool.dice(), ob)?;
                let mut lines = vec![
                    ("Pool", pool.breakdown()),
                    (
                        "Test",
                        format!("{} ({})", describe_test(pool.dice(), ob), ob_name(ob)),
                    ),
                    ("Pass chance", pct(p)),
                ];
                if free > 0 {
                    lines.push(("On a pass", format!("+{free}s added to the margin")));
                }
                Ok(lines)
            }
            ExpKind::Versus => {
                let pool = self.own_pool()?;
                let opp = f.count(Field::Opposing)?;
                f.count(Field::Free)?;
                f.count(Field::OpposingFree)?;
                let v = versus_odds(pool.dice(), opp)?;
                Ok(vec![
                    ("Pool", pool.breakdown()),
                    ("Test", describe_versus(pool.dice(), opp)),
                    ("Win", pct(v.win)),
                    ("Tie", pct(v.tie)),
                    ("Lose", pct(v.lose)),
                ])
            }
            ExpKind::Damage => {
                let n = f.count(Field::DamageDice)?;
                let free = f.count(Field::Free)?;
                let x = expected_variable_damage(n, free, self.saved())?;
                let extra = if free > 0 {
                    format!(" +{free}s")
                } else {
                    String::new()
                };
                Ok(vec![
                    ("Damage", format!("{n}d{extra}")),
                    ("Expected damage", one_decimal(x)),
                ])
            }
            ExpKind::Cash => {
                let CashFields {
                    wealth,
                    cost,
                    scarcity,
                    cash,
                    wager,
                } = self.cash_fields()?;
                let plan = purchase_plan(wealth as u8, cost, scarcity)?;
                let mut lines = vec![
                    ("Plan", plan.words.clone()),
                    ("Cash held", cash.to_string()),
                ];
                if let Some(ob) = plan.ob {
                    let p = pass_probability(wager, ob)?;
                    lines.push((
                        "Chance to buy",
                        format!("{} with {wager} Cash wagered", pct(p)),
                    ));
                }
                Ok(lines)
            }
        }
    }

    fn roll_expedition<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Rolled, TrayError> {
        let f = self.fields();
        let free = || f.count(Field::Free);
        let outcome = match self.exp_kind() {
            ExpKind::Test => {
                let pool = self.own_pool()?;
                let (ob, factors) = self.ob()?;
                let t = independent_test(rng, pool.dice(), ob, free()?)?;
                let words = format!("{}; {}", pool.breakdown(), describe_test(pool.dice(), ob));
                test_outcome(words, &t, &factors)
            }
            ExpKind::Versus => {
                let pool = self.own_pool()?;
                let opp = f.count(Field::Opposing)?;
                let opp_free = f.count(Field::OpposingFree)?;
                let v = versus_test(rng, pool.dice(), opp, free()?, opp_free)?;
                Outcome {
                    mode: "Expedition",
                    pool: format!("Versus: {}", describe_versus(pool.dice(), opp)),
                    groups: vec![
                        ("Your dice".into(), dice_of(&v.a)),
                        ("Opposition".into(), dice_of(&v.b)),
                    ],
                    words: v.words(),
                    notes: vec![format!(
                        "{} successes against {}.",
                        v.a_successes, v.b_successes
                    )],
                }
            }
            ExpKind::Damage => {
                let n = f.count(Field::DamageDice)?;
                let saved = self.saved();
                let d = variable_damage(rng, n, free()?, saved)?;
                Outcome {
                    mode: "Expedition",
                    pool: format!(
                        "{n}d damage{}",
                        if saved { ", Save made (half)" } else { "" }
                    ),
                    groups: vec![(String::new(), dice_of(&d.roll))],
                    words: format!("{} damage", d.damage),
                    notes: vec![if saved {
                        format!("{} before the Save, halved and rounded up.", d.full)
                    } else {
                        format!("{} successes and free successes.", d.full)
                    }],
                }
            }
            ExpKind::Cash => return self.roll_purchase(rng),
        };
        Ok(Rolled {
            outcome,
            ix: None,
            cash: None,
        })
    }

    fn roll_purchase<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Rolled, TrayError> {
        let CashFields {
            wealth,
            cost,
            scarcity,
            cash,
            wager,
        } = self.cash_fields()?;
        let mut purse = Purse::new(cash)?;
        let what = match self.label().trim() {
            "" => "an item",
            _ => self.label(),
        };
        let out = purchase(rng, wealth as u8, cost, scarcity, wager, &mut purse, what)?;
        let entry = out.entry.clone();
        let spent = entry.amount.unsigned_abs();
        let outcome = Outcome {
            mode: "Expedition",
            pool: out.plan.words.clone(),
            groups: out
                .test
                .as_ref()
                .map(|t| vec![(String::new(), dice_of(&t.roll))])
                .unwrap_or_default(),
            words: if out.acquired {
                "Bought".into()
            } else {
                "Not bought".into()
            },
            notes: vec![
                out.test
                    .as_ref()
                    .map(|t| format!("{}.", t.words()))
                    .unwrap_or_else(|| "No roll needed.".into()),
                format!(
                    "Cash {cash} → {}: {spent} spent ({}).",
                    entry.balance, entry.reason
                ),
            ],
        };
        Ok(Rolled {
            outcome,
            ix: None,
            cash: Some(Wager {
                entry,
                acquired: out.acquired,
            }),
        })
    }
}

#[cfg(test)]
mod spend_tests {
    use super::*;

    #[test]
    fn leftover_symbols_name_the_spend_menu_with_their_count() {
        let r = CheckResult {
            net_successes: 1,
            net_boons: -2,
            breakthroughs: 0,
            calamities: 1,
            succeeded: true,
        };
        let lines = reminders(&r);
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with(
            "2 Banes for the GM, each one of: a Bane die on this character's next check;"
        ));
        assert!(lines[1].starts_with("1 Calamity for the GM, each one of: a Critical Injury"));
        let r = CheckResult {
            net_boons: 1,
            breakthroughs: 2,
            calamities: 0,
            ..r
        };
        assert_eq!(
            reminders(&r),
            vec![
                "1 Boon to spend: a moment's recovery, a detail noticed, a bonus die for an ally.".to_string(),
                "2 Breakthroughs: something big, such as a Critical Injury on the target of an attack or a lasting advantage.".to_string(),
            ]
        );
        let even = CheckResult {
            net_boons: 0,
            breakthroughs: 0,
            ..r
        };
        assert!(reminders(&even).is_empty());
    }
}
