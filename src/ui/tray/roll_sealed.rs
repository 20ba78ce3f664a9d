//! A sealed roll from the tray: the GM's check, the player's pool as built, and the dice the
//! seal gives that pool (`model::sealed`), shown like any roll and answered with a receipt.
//! Only the panel (a chunk) calls this, so none of it is in the first load.

use super::fields::Field;
use super::outcome::Rolled;
use super::roll::{ix_rolled, test_outcome};
use super::state::{Mode, TrayError, TrayState};
use crate::model::sealed::{RawRoll, Receipt, SealedPool, SealedRoll, roll_sealed_with};
use crate::rules::ix::pool::Pool as IxPool;

impl TrayState {
    /// The whole pool a sealed roll would roll now: the Ix pool with what the rules add, or the
    /// Expedition test's dice against its Ob.
    pub fn sealed_pool(&self) -> Result<SealedPool, TrayError> {
        match self.mode() {
            Mode::Expedition => Ok(SealedPool::Expedition {
                dice: self.own_pool()?.dice(),
                ob: self.ob()?.0,
                free: self.fields().count(Field::Free)?,
            }),
            _ => Ok(SealedPool::Ix(self.ix())),
        }
    }

    /// Rolls the sealed check waiting in this mode, for `character`: the roll to show and the
    /// receipt to send back. Refused, in the seal's words, when the pool cannot be rolled for
    /// it (its difficulty is not the GM's, say).
    pub fn roll_sealed(&self, character: &str) -> Result<(Rolled, Receipt), TrayError> {
        let check = self.sealed_here().ok_or(TrayError::NothingToRoll)?;
        let pool = self.sealed_pool()?;
        let additions = match &pool {
            SealedPool::Ix(_) => self.sealed_additions(),
            SealedPool::Expedition { .. } => Vec::new(),
        };
        let roll = roll_sealed_with(check, &pool, &additions).map_err(TrayError::Sealed)?;
        let receipt = Receipt::of(check, character, &roll);
        Ok((rolled(&roll), receipt))
    }
}

/// The roll as the tray shows it, from the same dice the receipt carries.
fn rolled(roll: &SealedRoll) -> Rolled {
    match (&roll.roll, &roll.pool) {
        (RawRoll::Ix(r), SealedPool::Ix(pool)) => ix_rolled(*pool, r),
        (RawRoll::Expedition(t), pool) => Rolled {
            outcome: test_outcome(pool.describe(), t, &[]),
            ix: None,
            cash: None,
        },
        // `roll_sealed` rolls each pool with its own game's dice; this pairing never comes.
        (RawRoll::Ix(r), _) => Rolled {
            ix: None,
            ..ix_rolled(IxPool::new(), r)
        },
    }
}

#[cfg(test)]
#[path = "roll_sealed_tests.rs"]
mod tests;
