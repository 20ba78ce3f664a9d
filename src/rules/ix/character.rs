//! The Ix character sheet as stored, with validation of every field (RULINGS.md,
//! "Characteristics and skills", "Wounds and Strain", "Magic"; reference sections on each item).

use super::checks::{Condition, Guard, Tradition, casting_pool};
use super::critical::{MAX_CARRIED, ROW_COUNT};
use super::error::IxError;
use super::health::{Defenses, Health};
use super::magic::{DivineOffenses, MAX_SPELL_STRAIN};
use super::pool::{DIFFICULTY_COUNT_RANGE, Pool, check_skill};
use super::session::{InitiativeKind, initiative_pool_for};
use super::stats::{
    Characteristic, Characteristics, Skill, default_skills, find_skill, skill_pool,
};

/// Largest raw Defense total accepted before the cap of 3 is applied.
pub const MAX_RAW_DEFENSE: i32 = 20;

/// A talent on the sheet (names and text are the player's).
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Talent {
    /// Name, e.g. "Catch Breath" or "Guarded".
    pub name: String,
    /// The player's note on what it does.
    #[serde(default)]
    pub note: String,
}

/// A Critical Injury the character carries (reference, "Critical Injuries"): the table row
/// it reads and a note. Each one adds +10 to later Critical Injury rolls until treated.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CarriedInjury {
    /// Row index into the table, 0-24.
    pub row: usize,
    /// The table's note.
    #[serde(default)]
    pub note: String,
}

/// A spell the character knows (from the Player Guide list or the spell builder).
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct KnownSpell {
    /// Name.
    pub name: String,
    /// Tradition.
    pub tradition: Tradition,
    /// Difficulty in Trial dice, 0-10.
    pub trial_dice: i32,
    /// Strain cost, 0-10.
    pub strain: i32,
    /// Free text (Overloads, Empower, notes).
    #[serde(default)]
    pub notes: String,
}

/// The Ix sheet (issue "Character model").
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct IxCharacter {
    /// Character name.
    pub name: String,
    /// Six characteristics, 1-6.
    pub characteristics: Characteristics,
    /// Skills with their characteristic and rank 0-5 (default list editable).
    pub skills: Vec<Skill>,
    /// Wounds and Strain, maxima and current.
    pub health: Health,
    /// Melee and Ranged Defense before the cap.
    pub defenses: Defenses,
    /// Current guard (Guarded or Defensive Guard, never both).
    #[serde(default)]
    pub guard: Guard,
    /// Talents.
    #[serde(default)]
    pub talents: Vec<Talent>,
    /// Critical Injuries carried.
    #[serde(default)]
    pub critical_injuries: Vec<CarriedInjury>,
    /// Conditions (Frightened, Demoralized, others).
    #[serde(default)]
    pub conditions: Vec<Condition>,
    /// Known spells.
    #[serde(default)]
    pub spells: Vec<KnownSpell>,
    /// Divine patron, if any.
    #[serde(default)]
    pub patron: Option<String>,
    /// Divine offense track and log.
    #[serde(default)]
    pub offenses: DivineOffenses,
    /// Free notes.
    #[serde(default)]
    pub notes: String,
}

impl IxCharacter {
    /// A new character with every characteristic at 2, the default skills at rank 0 and the
    /// given Wound and Strain maxima (entered by the player; the reference has no formula).
    pub fn new(name: &str, wounds_max: i32, strain_max: i32) -> Result<IxCharacter, IxError> {
        Ok(IxCharacter {
            name: name.to_string(),
            characteristics: Characteristics::default(),
            skills: default_skills(),
            health: Health::new(wounds_max, strain_max)?,
            defenses: Defenses::default(),
            guard: Guard::None,
            talents: Vec::new(),
            critical_injuries: Vec::new(),
            conditions: Vec::new(),
            spells: Vec::new(),
            patron: None,
            offenses: DivineOffenses::default(),
            notes: String::new(),
        })
    }

    /// Every out-of-range value on the sheet, each naming its field and allowed range.
    /// Empty means valid.
    pub fn validate(&self) -> Vec<IxError> {
        let mut e = self.characteristics.validate();
        for s in &self.skills {
            if let Err(err) = check_skill(&format!("skill rank ({})", s.name), s.rank) {
                e.push(err);
            }
        }
        e.extend(self.health.validate());
        let mut push = |field: String, v: i64, min: i64, max: i64| {
            if let Err(err) = IxError::check(&field, v, min, max) {
                e.push(err);
            }
        };
        let raw = i64::from(MAX_RAW_DEFENSE);
        push(
            "Melee Defense".into(),
            i64::from(self.defenses.melee),
            0,
            raw,
        );
        push(
            "Ranged Defense".into(),
            i64::from(self.defenses.ranged),
            0,
            raw,
        );
        push(
            "Critical Injuries carried".into(),
            self.critical_injuries.len() as i64,
            0,
            i64::from(MAX_CARRIED),
        );
        for (i, c) in self.critical_injuries.iter().enumerate() {
            push(
                format!("Critical Injury {} row", i + 1),
                i64::try_from(c.row).unwrap_or(i64::MAX),
                0,
                ROW_COUNT as i64 - 1,
            );
        }
        for s in &self.spells {
            push(
                format!("spell difficulty ({})", s.name),
                i64::from(s.trial_dice),
                i64::from(DIFFICULTY_COUNT_RANGE.0),
                i64::from(DIFFICULTY_COUNT_RANGE.1),
            );
            push(
                format!("spell Strain ({})", s.name),
                i64::from(s.strain),
                0,
                i64::from(MAX_SPELL_STRAIN),
            );
        }
        push(
            "Divine offenses".into(),
            i64::from(self.offenses.count),
            0,
            i64::from(i32::MAX),
        );
        e
    }

    /// The positive side of a check with a named skill (a missing skill rolls untrained on
    /// `fallback`).
    pub fn skill_pool(&self, skill: &str, fallback: Characteristic) -> Result<Pool, IxError> {
        skill_pool(&self.characteristics, &self.skills, skill, fallback)
    }

    /// The initiative pool (On Watch or Surprised).
    pub fn initiative_pool(&self, kind: InitiativeKind) -> Result<Pool, IxError> {
        initiative_pool_for(kind, &self.characteristics, &self.skills)
    }

    /// A casting pool for a tradition, with the spell's Trial dice and an optional focus.
    pub fn casting_pool(
        &self,
        tradition: Tradition,
        trial_dice: i32,
        focus: bool,
    ) -> Result<Pool, IxError> {
        let rating = self.characteristics.get(tradition.characteristic());
        let rank = find_skill(&self.skills, tradition.skill_name()).map_or(0, |s| s.rank);
        casting_pool(tradition, rating, rank, trial_dice, focus)
    }

    /// Whether the sheet lists a talent by this name (ignoring case).
    pub fn has_talent(&self, name: &str) -> bool {
        self.talents
            .iter()
            .any(|t| t.name.trim().eq_ignore_ascii_case(name.trim()))
    }

    /// Catch Breath, using the Catch Breath talent when the sheet has it.
    pub fn catch_breath(&mut self) -> Result<i32, IxError> {
        let talent = self.has_talent("Catch Breath");
        self.health.catch_breath(talent)
    }

    /// Injuries carried, for the +10 each on the next Critical Injury roll.
    /// The character as the target of an attack or a grapple (`check::check`).
    pub fn as_target(&self) -> super::check::Target {
        super::check::Target {
            name: self.name.clone(),
            guard: self.guard,
            melee_defense: self.defenses.melee,
            ranged_defense: self.defenses.ranged,
            might: self.characteristics.might,
            agility: self.characteristics.agility,
        }
    }

    pub fn injuries_carried(&self) -> i32 {
        i32::try_from(self.critical_injuries.len()).unwrap_or(i32::MAX)
    }
}
