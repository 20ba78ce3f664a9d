//! Plain dice for tables and house rolls: d4, d6, d8, d10, d12, d20 and d100, several at once,
//! and simple notation such as `2d6+1` or `d20 - 2 + 1d4`. Pure: randomness comes in as
//! `&mut impl Rng`, and every input is checked before anything is rolled, so arbitrary text
//! gives a message, never a panic or a huge allocation.

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};

/// Dice sizes the tray offers.
pub const SIDES: [u32; 7] = [4, 6, 8, 10, 12, 20, 100];
/// Most dice of one kind in one roll (far above any table's needs; stops `999d999`).
pub const MAX_OF_A_KIND: u32 = 30;
/// Most dice in one expression, all kinds together.
pub const MAX_DICE: u32 = 60;
/// Largest absolute modifier.
pub const MAX_MODIFIER: i64 = 1000;
/// Longest expression accepted, in characters.
pub const MAX_LEN: usize = 80;

/// Why a count or an expression was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// Nothing to roll.
    Empty,
    /// Longer than [`MAX_LEN`].
    TooLong,
    /// Something that is not dice, a number, `+` or `-`, at this character position (1-based).
    Unexpected { at: usize, found: char },
    /// A size the tray does not roll (d7, d0...).
    UnknownDie(u64),
    /// Zero dice of a kind (`0d6`).
    ZeroDice,
    /// More than [`MAX_OF_A_KIND`] of one kind, or more than [`MAX_DICE`] in all.
    TooManyDice { kind: Option<u32>, count: u64 },
    /// A modifier beyond [`MAX_MODIFIER`].
    ModifierTooLarge,
    /// A count outside its range (used by the tray's number fields).
    OutOfRange {
        field: &'static str,
        value: i64,
        min: i64,
        max: i64,
    },
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::Empty => write!(f, "Type some dice, for example 2d6+1."),
            DiceError::TooLong => write!(f, "That is too long: at most {MAX_LEN} characters."),
            DiceError::Unexpected { at, found } => write!(
                f,
                "\"{found}\" at position {at} is not dice notation. Use forms like 3d6, d20+2 or 2d8-1."
            ),
            DiceError::UnknownDie(s) => write!(
                f,
                "There is no d{s} here: use d4, d6, d8, d10, d12, d20 or d100."
            ),
            DiceError::ZeroDice => write!(f, "Roll at least one die of each kind you name."),
            DiceError::TooManyDice {
                kind: Some(s),
                count,
            } => write!(
                f,
                "{count} d{s} is too many: at most {MAX_OF_A_KIND} of a kind."
            ),
            DiceError::TooManyDice { kind: None, count } => {
                write!(
                    f,
                    "{count} dice is too many: at most {MAX_DICE} in one roll."
                )
            }
            DiceError::ModifierTooLarge => {
                write!(f, "Modifiers go up to {MAX_MODIFIER} either way.")
            }
            DiceError::OutOfRange {
                field,
                value,
                min,
                max,
            } => write!(
                f,
                "{field} is {value}, but it must be between {min} and {max}."
            ),
        }
    }
}

impl std::error::Error for DiceError {}

/// Checks a count typed into a field: `min..=max`, reported with the field's name.
pub fn check_count(field: &'static str, value: i64, min: i64, max: i64) -> Result<u32, DiceError> {
    if value < min || value > max {
        return Err(DiceError::OutOfRange {
            field,
            value,
            min,
            max,
        });
    }
    Ok(value.clamp(0, i64::from(u32::MAX)) as u32)
}

/// A parsed expression: groups of dice and a flat modifier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notation {
    /// `(count, sides)`, merged per size in the order first named.
    pub groups: Vec<(u32, u32)>,
    /// Sum of the constant terms.
    pub modifier: i64,
}

/// One die as rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlainDie {
    pub sides: u32,
    pub face: u32,
}

impl PlainDie {
    /// Screen-reader words: "d6 showing 4".
    pub fn label(&self) -> String {
        format!("d{} showing {}", self.sides, self.face)
    }
}

/// A rolled expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlainRoll {
    pub notation: Notation,
    pub dice: Vec<PlainDie>,
    pub total: i64,
}

impl PlainRoll {
    /// "4 + 2 + 6 + 2 = 14".
    pub fn words(&self) -> String {
        let mut s = String::new();
        for (i, d) in self.dice.iter().enumerate() {
            if i > 0 {
                s.push_str(" + ");
            }
            s.push_str(&d.face.to_string());
        }
        if self.notation.modifier > 0 {
            s.push_str(&format!(" + {}", self.notation.modifier));
        } else if self.notation.modifier < 0 {
            s.push_str(&format!(" - {}", self.notation.modifier.unsigned_abs()));
        }
        format!("{s} = {}", self.total)
    }
}

impl Notation {
    /// Total dice.
    pub fn dice(&self) -> u32 {
        self.groups.iter().map(|g| g.0).sum()
    }

    /// Canonical form: "3d6+1d4+2".
    pub fn canonical(&self) -> String {
        let mut s = String::new();
        for (i, (n, sides)) in self.groups.iter().enumerate() {
            if i > 0 {
                s.push('+');
            }
            s.push_str(&format!("{n}d{sides}"));
        }
        if self.modifier > 0 {
            if !s.is_empty() {
                s.push('+');
            }
            s.push_str(&self.modifier.to_string());
        } else if self.modifier < 0 {
            s.push_str(&self.modifier.to_string());
        }
        s
    }

    /// Rolls every die (uniform on 1..=sides) and adds the modifier.
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> PlainRoll {
        let mut dice = Vec::with_capacity(self.dice() as usize);
        for &(n, sides) in &self.groups {
            for _ in 0..n {
                dice.push(PlainDie {
                    sides,
                    face: rng.random_range(1..=sides),
                });
            }
        }
        let total = dice.iter().map(|d| i64::from(d.face)).sum::<i64>() + self.modifier;
        PlainRoll {
            notation: self.clone(),
            dice,
            total,
        }
    }
}

/// Reads a number of at most 9 digits (anything longer is reported as too large by the
/// caller's limits, without overflow).
fn number(chars: &[char], i: &mut usize) -> Option<u64> {
    let start = *i;
    let mut v: u64 = 0;
    while let Some(c) = chars.get(*i).and_then(|c| c.to_digit(10)) {
        v = v.saturating_mul(10).saturating_add(u64::from(c));
        *i += 1;
    }
    (*i > start).then_some(v)
}

/// Parses notation: terms `NdS`, `dS` or a number, joined by `+` or `-`; spaces ignored,
/// `D` and `%` (`d%` = d100) accepted.
pub fn parse(input: &str) -> Result<Notation, DiceError> {
    if input.chars().count() > MAX_LEN {
        return Err(DiceError::TooLong);
    }
    let chars: Vec<char> = input.chars().filter(|c| !c.is_whitespace()).collect();
    if chars.is_empty() {
        return Err(DiceError::Empty);
    }
    // Positions refer to the text with spaces removed; close enough to point at the problem.
    let mut i = 0;
    let mut groups: Vec<(u32, u32)> = Vec::new();
    let mut modifier: i64 = 0;
    let mut total_dice: u64 = 0;
    let mut first = true;
    while i < chars.len() {
        let mut sign = 1i64;
        match chars.get(i) {
            Some('+') if !first => i += 1,
            Some('-') => {
                sign = -1;
                i += 1;
            }
            Some(&c) if !first => {
                return Err(DiceError::Unexpected {
                    at: i + 1,
                    found: c,
                });
            }
            _ => {}
        }
        first = false;
        let count = number(&chars, &mut i);
        match chars.get(i) {
            Some('d' | 'D') => {
                i += 1;
                if sign < 0 {
                    return Err(DiceError::Unexpected { at: i, found: '-' });
                }
                let sides = if chars.get(i) == Some(&'%') {
                    i += 1;
                    100
                } else {
                    match number(&chars, &mut i) {
                        Some(s) => s,
                        None => {
                            return Err(match chars.get(i) {
                                Some(&c) => DiceError::Unexpected {
                                    at: i + 1,
                                    found: c,
                                },
                                None => DiceError::Unexpected { at: i, found: 'd' },
                            });
                        }
                    }
                };
                if !SIDES.iter().any(|&s| u64::from(s) == sides) {
                    return Err(DiceError::UnknownDie(sides));
                }
                let sides = sides as u32;
                let count = count.unwrap_or(1);
                if count == 0 {
                    return Err(DiceError::ZeroDice);
                }
                total_dice = total_dice.saturating_add(count);
                let merged = groups
                    .iter()
                    .find(|g| g.1 == sides)
                    .map_or(0, |g| u64::from(g.0))
                    .saturating_add(count);
                if merged > u64::from(MAX_OF_A_KIND) {
                    return Err(DiceError::TooManyDice {
                        kind: Some(sides),
                        count: merged,
                    });
                }
                if total_dice > u64::from(MAX_DICE) {
                    return Err(DiceError::TooManyDice {
                        kind: None,
                        count: total_dice,
                    });
                }
                match groups.iter_mut().find(|g| g.1 == sides) {
                    Some(g) => g.0 = merged as u32,
                    None => groups.push((merged as u32, sides)),
                }
            }
            next => {
                let Some(n) = count else {
                    return Err(match next {
                        Some(&c) => DiceError::Unexpected {
                            at: i + 1,
                            found: c,
                        },
                        None => DiceError::Unexpected {
                            at: i,
                            found: if sign < 0 { '-' } else { '+' },
                        },
                    });
                };
                if n > MAX_MODIFIER as u64 {
                    return Err(DiceError::ModifierTooLarge);
                }
                modifier += sign * n as i64;
                if modifier.abs() > MAX_MODIFIER {
                    return Err(DiceError::ModifierTooLarge);
                }
            }
        }
    }
    if groups.is_empty() {
        return Err(DiceError::Empty);
    }
    Ok(Notation { groups, modifier })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn reads_common_forms() {
        let n = parse("3d6+2").unwrap();
        assert_eq!(n.groups, vec![(3, 6)]);
        assert_eq!(n.modifier, 2);
        assert_eq!(parse("d20").unwrap().groups, vec![(1, 20)]);
        assert_eq!(parse(" 2D8 - 1 ").unwrap().modifier, -1);
        assert_eq!(parse("d%").unwrap().groups, vec![(1, 100)]);
        assert_eq!(parse("1d6+1d6").unwrap().groups, vec![(2, 6)]);
        assert_eq!(parse("1d4+2d6-3+1").unwrap().canonical(), "1d4+2d6-2");
    }

    #[test]
    fn refuses_bad_input() {
        assert_eq!(parse(""), Err(DiceError::Empty));
        assert_eq!(parse("5"), Err(DiceError::Empty));
        assert!(matches!(parse("999d999"), Err(DiceError::UnknownDie(999))));
        assert!(matches!(
            parse("999d6"),
            Err(DiceError::TooManyDice { kind: Some(6), .. })
        ));
        assert!(matches!(parse("31d6"), Err(DiceError::TooManyDice { .. })));
        assert!(parse("30d6").is_ok());
        assert!(matches!(
            parse("30d6+30d8+1d4"),
            Err(DiceError::TooManyDice { kind: None, .. })
        ));
        assert!(matches!(parse("2d7"), Err(DiceError::UnknownDie(7))));
        assert!(matches!(parse("0d6"), Err(DiceError::ZeroDice)));
        assert!(matches!(parse("2d6+"), Err(DiceError::Unexpected { .. })));
        assert!(matches!(parse("2x6"), Err(DiceError::Unexpected { .. })));
        assert!(matches!(parse("-2d6"), Err(DiceError::Unexpected { .. })));
        assert!(matches!(
            parse("d6+99999999999999999999"),
            Err(DiceError::ModifierTooLarge)
        ));
        assert!(matches!(parse(&"1".repeat(100)), Err(DiceError::TooLong)));
    }

    #[test]
    fn rolls_add_up() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let n = parse("3d6+2").unwrap();
        for _ in 0..200 {
            let r = n.roll(&mut rng);
            assert_eq!(r.dice.len(), 3);
            assert!(r.dice.iter().all(|d| (1..=6).contains(&d.face)));
            assert_eq!(
                r.total,
                r.dice.iter().map(|d| i64::from(d.face)).sum::<i64>() + 2
            );
        }
    }
}
