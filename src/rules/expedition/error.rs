//! Typed refusals for every Expedition rule. A refused operation never changes any state: each
//! function checks everything before it mutates anything.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Why an Expedition rule refused an input or an action.
///
/// Every variant names the field (or the thing) involved so the UI can show the message next to
/// the right control without re-deriving the rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RulesError {
    /// A number lies outside the range the reference allows.
    OutOfRange {
        /// The field, e.g. `"abilities.might"`.
        field: String,
        /// The offending value.
        value: i64,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// Not enough Cash dice for the wager or purchase ("Cash" in "3. Statistics").
    NotEnoughCash {
        /// Cash dice needed.
        needed: u32,
        /// Cash dice held.
        available: u32,
    },
    /// An item does not fit on a carrier ("Inventory Slots").
    DoesNotFit {
        /// The carrier's name.
        carrier: String,
        /// Slots the item needs.
        needed: u32,
        /// Slots still free on that carrier.
        free: u32,
    },
    /// No spell of that name in the catalogue ("4. Spell Families").
    UnknownSpell {
        /// The name that was asked for.
        name: String,
    },
    /// No item, carrier, faction, clock or other entry with that name.
    NotFound {
        /// What kind of thing was looked up, e.g. `"item"`.
        what: String,
        /// The name that was asked for.
        name: String,
    },
    /// Treasure turned into Cash away from a Haven ("5. Treasure": commodities and other
    /// treasure come home in the slots before they become Cash).
    TreasureAwayFromHaven {
        /// The treasure, as the player named it.
        item: String,
    },
    /// The action is not allowed right now; `reason` says why in plain words.
    NotAllowed {
        /// Plain-words reason, e.g. "Improvement is only possible in a Haven phase".
        reason: String,
    },
}

impl RulesError {
    /// Shorthand for [`RulesError::OutOfRange`].
    pub fn out_of_range(field: &str, value: i64, min: i64, max: i64) -> Self {
        RulesError::OutOfRange {
            field: field.to_string(),
            value,
            min,
            max,
        }
    }

    /// Shorthand for [`RulesError::NotAllowed`].
    pub fn not_allowed(reason: &str) -> Self {
        RulesError::NotAllowed {
            reason: reason.to_string(),
        }
    }

    /// Checks `min <= value <= max` and names `field` when it is not.
    pub fn check_range(field: &str, value: i64, min: i64, max: i64) -> Result<(), RulesError> {
        if value < min || value > max {
            Err(Self::out_of_range(field, value, min, max))
        } else {
            Ok(())
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::OutOfRange {
                field,
                value,
                min,
                max,
            } => write!(
                f,
                "{field} is {value}, but it must be between {min} and {max}"
            ),
            RulesError::NotEnoughCash { needed, available } => write!(
                f,
                "{needed} Cash dice needed but only {available} held (Cash never goes below 0)"
            ),
            RulesError::DoesNotFit {
                carrier,
                needed,
                free,
            } => write!(
                f,
                "{carrier}: the item needs {needed} slots but only {free} are free"
            ),
            RulesError::UnknownSpell { name } => {
                write!(f, "\"{name}\" is not one of the 81 catalogue spells")
            }
            RulesError::NotFound { what, name } => write!(f, "There is no {what} named \"{name}\""),
            RulesError::TreasureAwayFromHaven { item } => write!(
                f,
                "{item} turns into Cash only back in a Haven: carry it home in your slots, then cash it in during the Haven phase"
            ),
            RulesError::NotAllowed { reason } => write!(f, "{reason}"),
        }
    }
}

impl std::error::Error for RulesError {}

/// Result alias used throughout the Expedition rules.
pub type RulesResult<T> = Result<T, RulesError>;
