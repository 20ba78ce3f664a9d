//! The tray's number fields (Expedition pools, purchases and the table rolls' parameters).
//! A field keeps whatever was typed; its range is checked when a roll uses it, so a refusal
//! names the field and the allowed values instead of the input silently snapping back.

use crate::rules::expedition::dice::MAX_OB;

/// What an empty or unreadable number field holds.
pub const EMPTY: i64 = i64::MIN;

/// Most of one kind of die a field takes (bonus, penalty, helping, free, opposing...).
const MOST: i64 = crate::model::TRAY_FIELD_MAX as i64;

/// One number field of the tray.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Ability,
    Bonus,
    Penalty,
    Helping,
    Free,
    Ob,
    Opposing,
    OpposingFree,
    DamageDice,
    Wealth,
    Cost,
    Scarcity,
    CashHeld,
    Wager,
    DepletionScore,
    InjuriesCarried,
    Reputation,
}

impl Field {
    const COUNT: usize = 17;

    /// The field's name inside a sentence ("bonus dice is 35, but it must be between 0 and 30").
    pub fn name(self) -> &'static str {
        match self {
            Field::Ability => "Ability",
            Field::Bonus => "bonus dice",
            Field::Penalty => "penalty dice",
            Field::Helping => "helping dice",
            Field::Free => "free successes",
            Field::Ob => "Ob",
            Field::Opposing => "opposing dice",
            Field::OpposingFree => "opposing free successes",
            Field::DamageDice => "damage dice",
            Field::Wealth => "Wealth",
            Field::Cost => "Cost",
            Field::Scarcity => "scarcity",
            Field::CashHeld => "Cash held",
            Field::Wager => "wager",
            Field::DepletionScore => "Depletion score",
            Field::InjuriesCarried => "injuries carried",
            Field::Reputation => "Reputation",
        }
    }

    /// The values a roll accepts, inclusive.
    pub fn range(self) -> (i64, i64) {
        match self {
            Field::Ability => (1, 8),
            Field::Bonus
            | Field::Penalty
            | Field::Helping
            | Field::Free
            | Field::Opposing
            | Field::OpposingFree => (0, MOST),
            Field::Ob => (0, MOST.min(i64::from(MAX_OB))),
            Field::DamageDice => (1, MOST),
            Field::Wealth => (0, 10),
            Field::Cost => (0, 100),
            Field::Scarcity => (0, 5),
            Field::CashHeld => (0, 100_000),
            Field::Wager => (0, 200),
            Field::DepletionScore => (1, 20),
            Field::InjuriesCarried => (0, 20),
            Field::Reputation => (-6, 6),
        }
    }
}

/// Every field's value as typed ([`EMPTY`] when it holds no number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fields([i64; Field::COUNT]);

impl Default for Fields {
    fn default() -> Self {
        let mut f = Fields([0; Field::COUNT]);
        for (field, v) in [
            (Field::Ability, 3),
            (Field::Ob, 2),
            (Field::Opposing, 4),
            (Field::DamageDice, 2),
            (Field::Wealth, 3),
            (Field::Cost, 5),
            (Field::Wager, 1),
            (Field::DepletionScore, 6),
            (Field::Reputation, 1),
        ] {
            f.set(field, v);
        }
        f
    }
}

impl Fields {
    /// The value as typed.
    pub fn get(&self, field: Field) -> i64 {
        self.0[field as usize]
    }

    pub(super) fn set(&mut self, field: Field, value: i64) {
        self.0[field as usize] = value;
    }

    /// The value for a roll: a number within the field's range, or why not.
    pub fn checked(&self, field: Field) -> Result<i64, FieldError> {
        let value = self.get(field);
        if value == EMPTY {
            return Err(FieldError::Empty(field));
        }
        let (min, max) = field.range();
        if !(min..=max).contains(&value) {
            return Err(FieldError::OutOfRange { field, value });
        }
        Ok(value)
    }

    /// [`Fields::checked`] for the fields that count things (never below zero).
    pub fn count(&self, field: Field) -> Result<u32, FieldError> {
        self.checked(field)
            .map(|v| u32::try_from(v).unwrap_or_default())
    }
}

/// Why a field cannot be used as it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldError {
    /// Nothing, or not a whole number, was typed.
    Empty(Field),
    /// A number outside [`Field::range`].
    OutOfRange { field: Field, value: i64 },
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            FieldError::Empty(field) => write!(f, "Type a whole number for {}.", field.name()),
            FieldError::OutOfRange { field, value } => {
                let (min, max) = field.range();
                write!(
                    f,
                    "{} is {value}, but it must be between {min} and {max}.",
                    field.name()
                )
            }
        }
    }
}
