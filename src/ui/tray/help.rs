//! "What would help": the tray's state handed to the rules' weighing (`rules::ix::help`,
//! `rules::expedition::help`), and a chosen change made through the same rules function.
//! Plain data, like `state.rs`; the list itself is drawn by `help_view.rs`.

use super::fields::Field;
use super::state::{ExpKind, TrayError, TrayState};
use crate::rules::expedition::help::{ExpChange, ExpHelp, ExpTest, candidates, weigh};
use crate::rules::expedition::money::purchase_plan;
use crate::rules::ix::help::{self as ix_help, IxChange, IxHelp};

impl TrayState {
    /// Every single change to the Ix pool as built, judged with what the check adds on top.
    pub fn ix_help(&self) -> IxHelp {
        let changes = ix_help::candidates(self.ratings(), self.fortune());
        ix_help::weigh(&self.ix_built(), &changes, |p| self.with_on_top(p))
    }

    /// The Expedition test as the rules weigh it; `None` for variable damage and for a
    /// purchase within Wealth (no roll), or fields that cannot be rolled as they stand.
    pub fn exp_test(&self) -> Result<Option<ExpTest>, TrayError> {
        let f = self.fields();
        let raw = || -> Result<i64, TrayError> {
            // The pool's own check of the ratings, then its count before the floor at 0.
            self.own_pool()?;
            let n = |field| f.count(field).map(i64::from);
            Ok(2 + n(Field::Ability)? + n(Field::Bonus)? - n(Field::Penalty)? + n(Field::Helping)?)
        };
        Ok(match self.exp_kind() {
            ExpKind::Test => Some(ExpTest::Independent {
                dice: raw()?,
                ob: self.ob()?.0,
                ob_from_factors: self.factors().is_some(),
                wise_used: self.wise_used(),
            }),
            ExpKind::Versus => Some(ExpTest::Versus {
                dice: raw()?,
                opposing: f.count(Field::Opposing)?,
                wise_used: self.wise_used(),
            }),
            ExpKind::Damage => None,
            ExpKind::Cash => {
                let wealth = f.count(Field::Wealth)?;
                let plan = purchase_plan(
                    u8::try_from(wealth).unwrap_or(u8::MAX),
                    f.count(Field::Cost)?,
                    f.count(Field::Scarcity)?,
                )?;
                plan.ob
                    .map(|ob| -> Result<ExpTest, TrayError> {
                        Ok(ExpTest::Wager {
                            wagered: f.count(Field::Wager)?,
                            ob,
                            held: f.count(Field::CashHeld)?,
                        })
                    })
                    .transpose()?
            }
        })
    }

    /// Every single change to the Expedition test, weighed; `None` where nothing is rolled.
    pub fn exp_help(&self) -> Result<Option<ExpHelp>, TrayError> {
        match self.exp_test()? {
            Some(t) => Ok(Some(weigh(&t, &candidates(&t))?)),
            None => Ok(None),
        }
    }

    /// Makes an Ix change: the rules' own `apply`, on the pool as built.
    pub(super) fn apply_ix_help(&mut self, change: IxChange) -> Result<(), TrayError> {
        let mut next = self.ix_built();
        change.apply(&mut next).map_err(TrayError::IxHelp)?;
        self.set_built(next);
        if let IxChange::SkillRank(Some((c, s))) = change {
            self.set_ratings(Some((c, s + 1)));
        }
        Ok(())
    }

    /// Makes an Expedition change: the rules say what the test becomes, and the field that
    /// holds that number takes it.
    pub(super) fn apply_exp_help(&mut self, change: ExpChange) -> Result<(), TrayError> {
        let Some(test) = self.exp_test()? else {
            return Err(TrayError::NothingToRoll);
        };
        change.apply(&test).map_err(TrayError::ExpHelp)?;
        let bump = |s: &mut Self, field: Field, by: i64| {
            let now = s.fields().get(field);
            s.set_field(field, now + by);
        };
        match change {
            ExpChange::BonusDie => bump(self, Field::Bonus, 1),
            ExpChange::Wise => {
                bump(self, Field::Bonus, 1);
                self.set_wise_used(true);
            }
            ExpChange::HelpingDie => bump(self, Field::Helping, 1),
            ExpChange::ObLower => bump(self, Field::Ob, -1),
            ExpChange::MoreCash(n) => bump(self, Field::Wager, i64::from(n)),
        }
        Ok(())
    }
}
