//! A sealed roll from the tray: the GM's check, the player's pool as built, and the dice the
//! seal gives that pool (`model::sealed`), shown like any roll and answered with a receipt.
//! Only the panel (a chunk) calls this, so none of it is in the first load.

use super::fields::Field;
use super::outcome::{Outcome, Rolled, Shown};
use super::roll::{dice_of, reminders};
use super::state::{Mode, TrayError, TrayState};
use crate::model::sealed::{RawRoll, Receipt, SealedPool, SealedRoll, roll_sealed};

impl TrayState {
    /// The whole pool a sealed roll would roll now: the Ix pool with its conditions, or the
    /// Expedition test's dice against its Ob.
    pub fn sealed_pool(&self) -> Result<SealedPool, TrayError> {
        match self.mode() {
            Mode::Expedition => {
                if self.fields().count(Field::Free)? > 0 {
                    return Err(TrayError::SealedFree);
                }
                let dice = self.own_pool()?.dice();
                Ok(SealedPool::Expedition {
                    dice,
                    ob: self.ob()?.0,
                })
            }
            _ => Ok(SealedPool::Ix(self.ix())),
        }
    }

    /// Rolls the sealed check waiting in this mode, for `character`: the roll to show and the
    /// receipt to send back. Refused, in the seal's words, when the pool cannot be rolled for
    /// it (its difficulty is not the GM's, say).
    pub fn roll_sealed(&self, character: &str) -> Result<(Rolled, Receipt), TrayError> {
        let check = self.sealed_here().ok_or(TrayError::NothingToRoll)?;
        let pool = self.sealed_pool()?;
        let roll = roll_sealed(check, &pool).map_err(TrayError::Sealed)?;
        let receipt = Receipt::of(check, character, &roll);
        Ok((rolled(&roll), receipt))
    }
}

/// The roll as the tray shows it, from the same dice the receipt carries.
fn rolled(roll: &SealedRoll) -> Rolled {
    let (outcome, ix) = match &roll.roll {
        RawRoll::Ix(r) => (
            Outcome {
                mode: "Ix",
                pool: roll.pool.describe(),
                groups: vec![(
                    String::new(),
                    r.dice
                        .iter()
                        .map(|d| (Shown::Ix(d.kind, d.face.symbols()), d.label()))
                        .collect(),
                )],
                words: r.result.describe(),
                notes: reminders(&r.result),
            },
            match roll.pool {
                SealedPool::Ix(pool) => Some((pool, r.result)),
                SealedPool::Expedition { .. } => None,
            },
        ),
        RawRoll::Expedition(t) => (
            Outcome {
                mode: "Expedition",
                pool: roll.pool.describe(),
                groups: vec![(String::new(), dice_of(&t.roll))],
                words: t.words(),
                notes: vec![format!(
                    "{} of {} dice succeeded against Ob {}.",
                    t.successes,
                    t.roll.dice.len(),
                    t.ob
                )],
            },
            None,
        ),
    };
    Rolled {
        outcome,
        ix,
        cash: None,
    }
}

#[cfg(test)]
#[path = "roll_sealed_tests.rs"]
mod tests;
