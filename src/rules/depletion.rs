//! How long an item with a Depletion score should last (Expedition digest, "Depletion").
//!
//! The rule: after a scene of use, roll a d20; a result at or over the score marks the item
//! "last use", and its next use removes it without a roll.
//!
//! The derivation, for score `s` (1-20) and an item not yet marked:
//! - the next check marks it when the d20 shows `s..=20`, which is `21 - s` faces of 20, so
//!   `p = (21 - s) / 20`;
//! - each use is followed by a check, so the number of uses up to and including the one whose
//!   check marks it is geometric with chance `p`: on average `1 / p = 20 / (21 - s)` uses;
//! - then the item gives one more use, the last (no roll), so the expected uses left are
//!   `20 / (21 - s) + 1 = (41 - s) / (21 - s)`.
//!
//! An item already marked has exactly one use left. Examples: torches (15+) mark with
//! 6/20 = 3/10 and last 26/6 = 13/3, about 4 more uses; a score of 1 always marks, so exactly
//! 2 uses; a score of 20 marks with 1/20 and lasts 21 uses on average.

use super::expedition::error::{RulesError, RulesResult};

/// What the next uses of an item with a Depletion score look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DepletionOutlook {
    /// Chance the next check marks "last use", as (faces, 20); (0, 20) once marked (no more
    /// checks).
    pub mark_chance: (u32, u32),
    /// Expected uses left, the final one included, as an exact fraction (numerator,
    /// denominator).
    pub uses_left: (u32, u32),
}

/// The outlook of an item with Depletion `score` (1-20), marked "last use" or not.
pub fn depletion_outlook(score: u8, last_use: bool) -> RulesResult<DepletionOutlook> {
    RulesError::check_range("Depletion score", i64::from(score), 1, 20)?;
    if last_use {
        return Ok(DepletionOutlook {
            mark_chance: (0, 20),
            uses_left: (1, 1),
        });
    }
    let faces = 21 - u32::from(score);
    Ok(DepletionOutlook {
        mark_chance: (faces, 20),
        uses_left: (faces + 20, faces),
    })
}

impl DepletionOutlook {
    /// Expected uses left as a number.
    pub fn uses(&self) -> f64 {
        f64::from(self.uses_left.0) / f64::from(self.uses_left.1.max(1))
    }

    /// "about 4 more uses"; "2 more uses" when the count is certain; "1 more use, the last"
    /// once marked.
    pub fn words(&self) -> String {
        let (n, d) = self.uses_left;
        if self.mark_chance.0 == 0 {
            return "1 more use, the last".into();
        }
        // Certain only when every check marks (score 1): otherwise it is an average.
        let certain = self.mark_chance.0 == self.mark_chance.1;
        let rounded = (n + d / 2) / d.max(1);
        let noun = if rounded == 1 { "use" } else { "uses" };
        if certain {
            format!("{rounded} more {noun}")
        } else {
            format!("about {rounded} more {noun}")
        }
    }

    /// "30% the next check marks it last use" (whole percent, for a line beside the item).
    pub fn mark_words(&self) -> String {
        let (f, t) = self.mark_chance;
        format!("{}% the next check marks it last use", f * 100 / t.max(1))
    }
}
