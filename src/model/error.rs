//! Why a document refused an edit. Reducers return these typed values; the words a user reads
//! are made by [`fmt::Display`] at the edge, so a test can match on what went wrong without
//! comparing sentences, and a rules refusal keeps its own type up to the screen.

use std::borrow::Cow;
use std::fmt;

use crate::rules::expedition::RulesError;
use crate::rules::ix::check::Refusal;
use crate::rules::ix::error::IxError;

/// A refused edit. The document it was aimed at is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditError {
    /// A number outside the range the field allows.
    Range {
        /// The field as a user knows it ("Max HP").
        field: Cow<'static, str>,
        /// What was asked for.
        value: i64,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// A text field left empty.
    Empty {
        /// What the text names ("a name for the carrier").
        what: Cow<'static, str>,
    },
    /// A text field over its limit.
    TooLong {
        /// What the text is ("Item names").
        what: Cow<'static, str>,
        /// The limit in characters.
        max: usize,
    },
    /// The entry the edit names is no longer there (another tab or an undo removed it).
    Gone {
        /// The kind of entry ("item", "adversary").
        what: &'static str,
    },
    /// An Expedition rule refused.
    Expedition(RulesError),
    /// An Ix rule refused.
    Ix(IxError),
    /// The one Ix check door refused the check (the actor cannot act, the channel is shut).
    Check(Refusal),
    /// The document's own rule refused; the reason is already a sentence.
    Refused(Cow<'static, str>),
}

impl EditError {
    /// Checks `min <= value <= max` for the field a user knows as `field`.
    pub fn check(
        field: impl Into<Cow<'static, str>>,
        value: i64,
        min: i64,
        max: i64,
    ) -> Result<(), EditError> {
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(EditError::Range {
                field: field.into(),
                value,
                min,
                max,
            })
        }
    }

    /// Trims `text` and checks it is neither empty nor longer than `max` characters.
    pub fn text(
        what: impl Into<Cow<'static, str>>,
        text: &str,
        max: usize,
    ) -> Result<String, EditError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(EditError::Empty { what: what.into() });
        }
        if t.chars().count() > max {
            return Err(EditError::TooLong {
                what: what.into(),
                max,
            });
        }
        Ok(t.to_string())
    }
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::Range {
                field,
                value,
                min,
                max,
            } => write!(
                f,
                "{field} must be from {min} to {max}; {value} is outside that."
            ),
            EditError::Empty { what } => write!(f, "Type {what}."),
            EditError::TooLong { what, max } => {
                write!(f, "{what} hold at most {max} characters.")
            }
            EditError::Gone { what } => write!(
                f,
                "That {what} is no longer there (another tab may have changed it)."
            ),
            EditError::Expedition(e) => sentence(f, &rules_words(e)),
            EditError::Ix(e) => sentence(f, &e.to_string()),
            EditError::Check(r) => r.fmt(f),
            EditError::Refused(why) => f.write_str(why),
        }
    }
}

/// A rules refusal in a player's words: the engine names a field by its path
/// ("abilities.might"), which reads like program output beside a button, so a path keeps only
/// its last part ("might").
fn rules_words(e: &RulesError) -> String {
    match e {
        RulesError::OutOfRange {
            field,
            value,
            min,
            max,
        } => {
            let last = field.rsplit('.').next().unwrap_or(field);
            let name = last.split('[').next().unwrap_or(last).replace('_', " ");
            format!("{name} is {value}, but it must be between {min} and {max}")
        }
        other => other.to_string(),
    }
}

/// Writes a rules message as a sentence: capitalised and closed with a full stop. Our messages
/// start with an English word; one that starts with a player's own name keeps it as written.
/// (ASCII only: Unicode's case tables would be 12 KB of the first load for this one letter.)
fn sentence(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    let mut chars = text.chars();
    if let Some(first) = chars.next() {
        write!(f, "{}{}", first.to_ascii_uppercase(), chars.as_str())?;
    }
    if !text.ends_with(['.', '!', '?']) {
        f.write_str(".")?;
    }
    Ok(())
}

impl std::error::Error for EditError {}

impl From<RulesError> for EditError {
    fn from(e: RulesError) -> Self {
        EditError::Expedition(e)
    }
}

impl From<Refusal> for EditError {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::Invalid(e) => EditError::Ix(e),
            r => EditError::Check(r),
        }
    }
}

impl From<IxError> for EditError {
    fn from(e: IxError) -> Self {
        EditError::Ix(e)
    }
}

impl From<&'static str> for EditError {
    fn from(why: &'static str) -> Self {
        EditError::Refused(Cow::Borrowed(why))
    }
}

impl From<String> for EditError {
    fn from(why: String) -> Self {
        EditError::Refused(Cow::Owned(why))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_messages_read_as_sentences() {
        let e = EditError::from(RulesError::not_allowed("no armour worn"));
        assert_eq!(e.to_string(), "No armour worn.");
        let e = EditError::from(IxError::CatchBreathUsed);
        assert!(e.to_string().ends_with('.'));
        assert!(e.to_string().chars().next().unwrap().is_uppercase());
    }

    #[test]
    fn range_and_text_checks_name_the_field() {
        let e = EditError::check("Max HP", 21, 1, 20).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Max HP must be from 1 to 20; 21 is outside that."
        );
        assert!(EditError::check("Max HP", 20, 1, 20).is_ok());
        assert_eq!(
            EditError::text("a name", "   ", 5).unwrap_err().to_string(),
            "Type a name."
        );
        assert_eq!(
            EditError::text("Names", "abcdef", 5).unwrap_err(),
            EditError::TooLong {
                what: "Names".into(),
                max: 5
            }
        );
        assert_eq!(EditError::text("a name", " ab ", 5).unwrap(), "ab");
    }
}
