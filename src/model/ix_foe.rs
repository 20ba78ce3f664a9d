//! An Ix adversary's stat block: what the GM enters once so the table can build its pools by
//! the rules (initiative, attacks, fear) instead of asking for numbers at every check.
//!
//! The reference gives adversaries the player characters' ratings ("Elites ... follow the
//! same rules as player characters for checks") and names no Soak, so a block holds the six
//! characteristics, the skills it has ranks in, Melee and Ranged Defense (each capped at 3)
//! and weapons of the sheet's own kind.

use serde::{Deserialize, Serialize};

use super::error::EditError;
use crate::rules::ix::IxError;
use crate::rules::ix::health::DEFENSE_CAP;
use crate::rules::ix::pool::Pool;
use crate::rules::ix::session::{InitiativeKind, initiative_pool_for};
use crate::rules::ix::stats::{Characteristics, Skill, default_skills, find_skill, skill_pool};
use crate::rules::ix::weapon::Weapon;

/// Most skills and weapons one block lists (typo guards, far above a written stat block).
pub const SKILLS_MAX: usize = 30;
pub const WEAPONS_MAX: usize = 10;
/// Longest skill or weapon name.
pub const NAME_MAX: usize = 40;

/// An adversary's ratings and weapons. Serde-default throughout: a table saved before blocks
/// existed loads every adversary at 2 in each characteristic, no ranks, no weapons.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct StatBlock {
    #[serde(default)]
    pub characteristics: Characteristics,
    /// Only the skills it has a rank in; any other default skill rolls untrained.
    #[serde(default)]
    pub skills: Vec<Skill>,
    #[serde(default)]
    pub melee_defense: i32,
    #[serde(default)]
    pub ranged_defense: i32,
    #[serde(default)]
    pub weapons: Vec<Weapon>,
}

impl StatBlock {
    /// The first thing out of range or unnamed, in words; a refused block changes nothing.
    pub fn validate(&self) -> Result<(), EditError> {
        if let Some(e) = self.characteristics.validate().into_iter().next() {
            return Err(EditError::Ix(e));
        }
        if self.skills.len() > SKILLS_MAX {
            return Err(format!("A stat block lists at most {SKILLS_MAX} skills.").into());
        }
        for (k, s) in self.skills.iter().enumerate() {
            EditError::text("a name for the skill", &s.name, NAME_MAX)?;
            IxError::check(
                &format!("skill rank ({})", s.name.trim()),
                i64::from(s.rank),
                0,
                5,
            )?;
            if self.skills[..k]
                .iter()
                .any(|o| o.name.trim().eq_ignore_ascii_case(s.name.trim()))
            {
                return Err(format!("{} is listed twice.", s.name.trim()).into());
            }
        }
        let cap = i64::from(DEFENSE_CAP);
        IxError::check("Melee Defense", i64::from(self.melee_defense), 0, cap)?;
        IxError::check("Ranged Defense", i64::from(self.ranged_defense), 0, cap)?;
        if self.weapons.len() > WEAPONS_MAX {
            return Err(format!("A stat block lists at most {WEAPONS_MAX} weapons.").into());
        }
        for w in &self.weapons {
            EditError::text("a name for the weapon", &w.name, NAME_MAX)?;
            w.validate()?;
            self.skill(&w.skill).ok_or_else(|| {
                EditError::from(format!(
                    "{} rolls {}, which is neither on this block nor a standard skill.",
                    w.name.trim(),
                    w.skill.trim()
                ))
            })?;
        }
        Ok(())
    }

    /// A skill by name: the block's own rank, or a standard skill rolled untrained.
    pub fn skill(&self, name: &str) -> Option<Skill> {
        find_skill(&self.skills, name)
            .cloned()
            .or_else(|| find_skill(&default_skills(), name).cloned())
    }

    /// The rank the block has in `name` (0 when it has none).
    pub fn rank(&self, name: &str) -> i32 {
        find_skill(&self.skills, name).map_or(0, |s| s.rank)
    }

    /// The initiative check (reference, "Initiative and Turn Order"): Savvy and Perception
    /// On Watch, Willpower and Readiness Surprised, from the block's own ratings.
    pub fn initiative_pool(&self, kind: InitiativeKind) -> Result<Pool, EditError> {
        Ok(initiative_pool_for(
            kind,
            &self.characteristics,
            &self.skills,
        )?)
    }

    /// A check with skill `name`, before any difficulty: the block's characteristic for it
    /// and its rank (0 for a standard skill it has none in). A Minion group rolls one
    /// minion's rank (reference, "Minions operate in groups"). Also returns (characteristic,
    /// rank).
    pub fn check_pool(&self, name: &str) -> Result<(Pool, (i32, i32)), EditError> {
        let skill = self.skill(name).ok_or_else(|| {
            EditError::from(format!(
                "{} is neither on this stat block nor a standard skill.",
                name.trim()
            ))
        })?;
        let rating = self.characteristics.get(skill.characteristic);
        let pool = skill_pool(
            &self.characteristics,
            std::slice::from_ref(&skill),
            &skill.name,
            skill.characteristic,
        )?;
        Ok((pool, (rating, skill.rank)))
    }

    /// Every skill it can roll, its own (with ranks) first, then the standard ones it has no
    /// rank in.
    pub fn all_skills(&self) -> Vec<Skill> {
        let mut all = self.skills.clone();
        all.extend(
            default_skills()
                .into_iter()
                .filter(|d| find_skill(&self.skills, &d.name).is_none()),
        );
        all
    }
}
