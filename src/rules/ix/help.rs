//! What would help a check: each single change a player could make or ask for (and what the
//! GM could do against it), with the odds it gives and the gain over the pool as it stands,
//! best first (reference, "Building a Dice Pool", "Fortune Points and Peril Points",
//! "Difficulty"; RULINGS.md, "Difficulty").
//!
//! | Need | Call |
//! |---|---|
//! | The usual candidates | [`candidates`]`(ratings, check.fortune)` |
//! | Weigh them | [`weigh`]`(&pool, &changes, on_top)` -> [`IxHelp`] |
//! | Make one | [`IxChange::apply`]`(&mut pool)`, the same function `weigh` used |
//!
//! Weighing and making a change share [`IxChange::apply`], so the chance a list promises is
//! the chance the pool shows once the change is made.

use std::fmt;

use super::check::Fortune;
use super::dice::DieKind;
use super::pool::{Pool, SKILL_RANGE};

/// Whose change it is: the acting side's own (one tap in the tray), the GM's to grant or
/// a sheet's to change (a "what if": a skill rank more, an easier difficulty, a Bane die
/// taken away), or the GM's to hinder the check. Only the first is offered as a tap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Player,
    WhatIf,
    Gm,
}

/// One single change to a pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IxChange {
    /// A Fortune Point: one Ability die becomes a Mastery die.
    SpendFortune,
    /// A Boon die from a helper, a talent or a good position.
    AddBoonDie,
    /// A Bane die taken away.
    RemoveBaneDie,
    /// One skill rank more, from these ratings `(characteristic, skill)`; `None` when the
    /// check did not come from a skill.
    SkillRank(Option<(u8, u8)>),
    /// A difficulty one step lower: one Trial die fewer.
    EasierDifficulty,
    /// The GM's Peril Point: one Trial die becomes a Crisis die.
    SpendPeril,
    /// The GM adds a Bane die.
    AddBaneDie,
}

/// Why a change cannot be made to this pool now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unavailable {
    /// One Fortune Point per check, and this check has one.
    FortuneSpent,
    /// One Peril Point per check, and this check has one.
    PerilSpent,
    /// No Bane die in the pool as built (a condition's die goes with the condition).
    NoBaneDie,
    /// No Trial die to take away (Crisis dice are upgrades, not steps of difficulty).
    NoTrialDie,
    /// The skill is at the top rank already.
    SkillAtTop,
    /// The check was not opened from a skill, so its ratings are unknown.
    NoSkill,
    /// The pool holds the most dice of a kind it can.
    Full(DieKind),
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unavailable::FortuneSpent => write!(f, "a Fortune Point is already on this check"),
            Unavailable::PerilSpent => write!(f, "a Peril Point is already on this check"),
            Unavailable::NoBaneDie => write!(f, "no Bane die to remove"),
            Unavailable::NoTrialDie => write!(f, "no Trial die left to take away"),
            Unavailable::SkillAtTop => write!(f, "the skill is at rank 5 already"),
            Unavailable::NoSkill => write!(f, "open the check from a skill on the sheet"),
            Unavailable::Full(kind) => write!(f, "the pool has the most {}s it can", kind.name()),
        }
    }
}

impl IxChange {
    /// The change in a few words ("Add a Boon die").
    pub fn label(self) -> &'static str {
        match self {
            IxChange::SpendFortune => "Fortune Point: upgrade an Ability die",
            IxChange::AddBoonDie => "Add a Boon die",
            IxChange::RemoveBaneDie => "Remove a Bane die",
            IxChange::SkillRank(_) => "One skill rank more",
            IxChange::EasierDifficulty => "Difficulty one step lower",
            IxChange::SpendPeril => "GM's Peril Point: upgrade a Trial die",
            IxChange::AddBaneDie => "GM adds a Bane die",
        }
    }

    /// Who makes this change.
    pub fn side(self) -> Side {
        match self {
            IxChange::SpendPeril | IxChange::AddBaneDie => Side::Gm,
            IxChange::SpendFortune | IxChange::AddBoonDie => Side::Player,
            IxChange::RemoveBaneDie | IxChange::SkillRank(_) | IxChange::EasierDifficulty => {
                Side::WhatIf
            }
        }
    }

    /// Makes the change, or says why it cannot be made (the pool is then unchanged).
    pub fn apply(self, pool: &mut Pool) -> Result<(), Unavailable> {
        let mut next = *pool;
        let full = |kind| move |_| Unavailable::Full(kind);
        match self {
            IxChange::SpendFortune => {
                if next.fortune_spent() {
                    return Err(Unavailable::FortuneSpent);
                }
                next.spend_fortune().map_err(full(DieKind::Mastery))?;
            }
            IxChange::SpendPeril => {
                if next.peril_spent() {
                    return Err(Unavailable::PerilSpent);
                }
                next.spend_peril().map_err(full(DieKind::Crisis))?;
            }
            IxChange::AddBoonDie => {
                next.add_dice(DieKind::BoonDie, 1)
                    .map_err(full(DieKind::BoonDie))?;
            }
            IxChange::AddBaneDie => {
                next.add_dice(DieKind::BaneDie, 1)
                    .map_err(full(DieKind::BaneDie))?;
            }
            IxChange::RemoveBaneDie => {
                if next.count(DieKind::BaneDie) == 0 {
                    return Err(Unavailable::NoBaneDie);
                }
                let _ = next.remove_dice(DieKind::BaneDie, 1);
            }
            IxChange::EasierDifficulty => {
                if next.count(DieKind::Trial) == 0 {
                    return Err(Unavailable::NoTrialDie);
                }
                let _ = next.remove_dice(DieKind::Trial, 1);
            }
            IxChange::SkillRank(None) => return Err(Unavailable::NoSkill),
            IxChange::SkillRank(Some((characteristic, skill))) => {
                if i32::from(skill) >= SKILL_RANGE.1 {
                    return Err(Unavailable::SkillAtTop);
                }
                // The higher rating is dice, the lower upgrades: a rank below the
                // characteristic turns an Ability die into Mastery; at or above it, the
                // skill is the higher rating and one more rank is one more Ability die.
                if skill < characteristic {
                    next.upgrade_ability(1).map_err(full(DieKind::Mastery))?;
                } else {
                    next.add_dice(DieKind::Ability, 1)
                        .map_err(full(DieKind::Ability))?;
                }
            }
        }
        *pool = next;
        Ok(())
    }
}

/// The usual changes to weigh: the acting side's own, the "what ifs", then the GM's.
/// `ratings` are the check's `(characteristic, skill)` when it came from a skill; a Fortune
/// Point is weighed only where the one check door says one may be spent (never on an
/// adversary's check).
pub fn candidates(ratings: Option<(u8, u8)>, fortune: Fortune) -> Vec<IxChange> {
    let fortune = (fortune != Fortune::NotForAdversaries).then_some(IxChange::SpendFortune);
    fortune
        .into_iter()
        .chain([
            IxChange::AddBoonDie,
            IxChange::RemoveBaneDie,
            IxChange::SkillRank(ratings),
            IxChange::EasierDifficulty,
            IxChange::SpendPeril,
            IxChange::AddBaneDie,
        ])
        .collect()
}

/// The three chances a change is judged by.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Chances {
    /// P(success).
    pub success: f64,
    /// P(success with at least one net Boon).
    pub success_with_boon: f64,
    /// P(at least one Breakthrough).
    pub breakthrough: f64,
}

impl Chances {
    /// The chances of a pool (none for an empty pool: nothing to roll).
    pub fn of(pool: &Pool) -> Chances {
        if pool.is_empty() {
            return Chances::default();
        }
        let o = pool.odds();
        Chances {
            success: o.p_success,
            success_with_boon: o.p_success_with_boon,
            breakthrough: o.p_breakthrough,
        }
    }

    fn minus(self, other: Chances) -> Chances {
        Chances {
            success: self.success - other.success,
            success_with_boon: self.success_with_boon - other.success_with_boon,
            breakthrough: self.breakthrough - other.breakthrough,
        }
    }
}

/// What a change would give.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IxGain {
    /// The chances with the change made.
    pub after: Chances,
    /// `after` minus the chances now (negative for the GM's changes).
    pub gain: Chances,
}

/// One weighed change.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IxOption {
    pub change: IxChange,
    /// What it gives, or why it cannot be made now.
    pub outcome: Result<IxGain, Unavailable>,
}

/// Every change weighed, each side best first (for the GM, the biggest drop first); changes
/// that cannot be made come last, in the order asked.
#[derive(Debug, Clone, PartialEq)]
pub struct IxHelp {
    /// The chances of the pool as it stands.
    pub now: Chances,
    /// The acting side's own changes: offered as taps.
    pub player: Vec<IxOption>,
    /// What a change the player cannot make alone would give: shown, never tapped.
    pub what_if: Vec<IxOption>,
    pub gm: Vec<IxOption>,
}

/// Weighs each change on `pool`. `on_top` adds what the check adds after the pool is built
/// (conditions, a target's guard); pass `|p| p` for a bare pool. Each change is made to the
/// pool as built and judged on `on_top` of it, which is what the tray rolls.
pub fn weigh(pool: &Pool, changes: &[IxChange], on_top: impl Fn(Pool) -> Pool) -> IxHelp {
    let now = Chances::of(&on_top(*pool));
    let mut player = Vec::new();
    let mut what_if = Vec::new();
    let mut gm = Vec::new();
    for &change in changes {
        let mut next = *pool;
        let outcome = change.apply(&mut next).map(|()| {
            let after = Chances::of(&on_top(next));
            IxGain {
                after,
                gain: after.minus(now),
            }
        });
        let option = IxOption { change, outcome };
        match change.side() {
            Side::Player => player.push(option),
            Side::WhatIf => what_if.push(option),
            Side::Gm => gm.push(option),
        }
    }
    // Success first, then a Boon with it, then a Breakthrough; the stable sort keeps the
    // asked order among equals and among the unavailable. Gains are compared to a billionth,
    // so two changes worth the same fraction, reached by different sums, count as equal.
    let key = |o: &IxOption, sign: f64| {
        let q = |x: f64| (sign * x * 1e9).round();
        o.outcome.as_ref().ok().map(|g| {
            (
                q(g.gain.success),
                q(g.gain.success_with_boon),
                q(g.gain.breakthrough),
            )
        })
    };
    let order = |sign: f64| {
        move |a: &IxOption, b: &IxOption| match (key(a, sign), key(b, sign)) {
            (Some(x), Some(y)) => {
                y.0.total_cmp(&x.0)
                    .then(y.1.total_cmp(&x.1))
                    .then(y.2.total_cmp(&x.2))
            }
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        }
    };
    player.sort_by(order(1.0));
    what_if.sort_by(order(1.0));
    gm.sort_by(order(-1.0));
    IxHelp {
        now,
        player,
        what_if,
        gm,
    }
}
