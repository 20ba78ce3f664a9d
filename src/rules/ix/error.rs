//! Typed errors for the Ix rules. Every message names the field and, where there is one, the
//! allowed range, so the UI can show it next to the input as is.

use std::fmt;

/// Everything an Ix rule can refuse. The UI shows [`fmt::Display`] verbatim.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum IxError {
    /// A rating, count or score lies outside its allowed range (inclusive bounds).
    OutOfRange {
        /// Field name as the UI shows it, e.g. `"skill rank (Lore)"`.
        field: String,
        /// The rejected value.
        value: i64,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// "Fortune Points and Peril Points": one Fortune Point per check.
    FortuneAlreadySpent,
    /// "Fortune Points and Peril Points": one Peril Point per check.
    PerilAlreadySpent,
    /// The session pool has no point of that kind left to spend.
    NoPointToSpend {
        /// `"Fortune"` or `"Peril"`.
        kind: String,
    },
    /// "Ruling a Forbidden Grant": a bad-faith case keeps the channel shut.
    ChannelShut,
    /// A focus adds its Boon die to Arcana checks only ("Adjudicating Magic at the Table").
    FocusNotArcana,
    /// Strain is too low to pay a cost (second Maneuver, spell Strain...).
    NotEnoughStrain {
        /// Strain the action costs.
        needed: i32,
        /// Strain remaining.
        remaining: i32,
    },
    /// Catch Breath is once per encounter.
    CatchBreathUsed,
    /// Medicine "treat" is once per encounter per target.
    AlreadyTreatedThisEncounter,
    /// The action needs a character who is not incapacitated (or one who is).
    WrongCondition {
        /// What the action needs, in plain words.
        needs: String,
    },
    /// The character or adversary is dead; the action no longer applies.
    Dead,
    /// An incapacitated character takes no Maneuvers.
    CannotManeuver,
    /// A second Maneuver was already bought this turn.
    SecondManeuverTaken,
    /// A healer who is incapacitated or dead cannot make a Medicine check ("a character who
    /// cannot act cannot treat").
    CannotTreat {
        /// The healer's name.
        who: String,
    },
    /// A Critical Injury table does not have the standard 25-row shape.
    BadCriticalTable {
        /// What is wrong, in plain words.
        reason: String,
    },
    /// A name (skill, spell, area...) was not found.
    NotFound {
        /// What was looked for.
        what: String,
    },
}

impl IxError {
    /// Shorthand for [`IxError::OutOfRange`].
    pub fn out_of_range(field: impl Into<String>, value: i64, min: i64, max: i64) -> Self {
        IxError::OutOfRange {
            field: field.into(),
            value,
            min,
            max,
        }
    }

    /// Checks `value` against `min..=max` and names `field` when it is out.
    pub fn check(field: &str, value: i64, min: i64, max: i64) -> Result<(), IxError> {
        if value < min || value > max {
            Err(IxError::out_of_range(field, value, min, max))
        } else {
            Ok(())
        }
    }
}

impl fmt::Display for IxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IxError::OutOfRange {
                field,
                value,
                min,
                max,
            } => write!(f, "{field} is {value}; it must be from {min} to {max}"),
            IxError::FortuneAlreadySpent => {
                write!(
                    f,
                    "a Fortune Point is already spent on this check (one per check)"
                )
            }
            IxError::PerilAlreadySpent => {
                write!(
                    f,
                    "a Peril Point is already spent on this check (one per check)"
                )
            }
            IxError::NoPointToSpend { kind } => write!(f, "no {kind} Point is left to spend"),
            IxError::ChannelShut => write!(
                f,
                "bad-faith Forbidden Grant: the channel stays shut and no Strain is spent"
            ),
            IxError::FocusNotArcana => write!(f, "a focus only helps Arcana checks"),
            IxError::NotEnoughStrain { needed, remaining } => write!(
                f,
                "this costs {needed} Strain but only {remaining} Strain remains"
            ),
            IxError::CatchBreathUsed => write!(f, "Catch Breath is already used this encounter"),
            IxError::AlreadyTreatedThisEncounter => write!(
                f,
                "this character already had Medicine treatment this encounter"
            ),
            IxError::WrongCondition { needs } => write!(f, "this needs {needs}"),
            IxError::Dead => write!(f, "the character is dead"),
            IxError::CannotManeuver => write!(
                f,
                "incapacitated: no Maneuvers until they are back above 0 Wounds"
            ),
            IxError::SecondManeuverTaken => write!(
                f,
                "a second Maneuver is already taken this turn (one a turn; it comes back when the next turn starts)"
            ),
            IxError::CannotTreat { who } => {
                write!(f, "{who} cannot act, so cannot make a Medicine check")
            }
            IxError::BadCriticalTable { reason } => {
                write!(f, "the Critical Injury table is not valid: {reason}")
            }
            IxError::NotFound { what } => write!(f, "{what} was not found"),
        }
    }
}

impl std::error::Error for IxError {}
