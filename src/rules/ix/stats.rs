//! Characteristics and skills (RULINGS.md, "Characteristics and skills"; reference,
//! "Building a Dice Pool").

use super::error::IxError;
use super::pool::{Pool, check_characteristic, check_skill};

/// The six characteristics (RULINGS.md: the reference names five; Presence is the sixth).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Characteristic {
    /// Might.
    Might,
    /// Agility.
    Agility,
    /// Intellect.
    Intellect,
    /// Savvy.
    Savvy,
    /// Willpower.
    Willpower,
    /// Presence.
    Presence,
}

impl Characteristic {
    /// All six, sheet order.
    pub const ALL: [Characteristic; 6] = [
        Characteristic::Might,
        Characteristic::Agility,
        Characteristic::Intellect,
        Characteristic::Savvy,
        Characteristic::Willpower,
        Characteristic::Presence,
    ];

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Characteristic::Might => "Might",
            Characteristic::Agility => "Agility",
            Characteristic::Intellect => "Intellect",
            Characteristic::Savvy => "Savvy",
            Characteristic::Willpower => "Willpower",
            Characteristic::Presence => "Presence",
        }
    }
}

/// A character's six ratings, each 1-6. Stored as `i32` so an out-of-range value typed by a
/// user survives a round-trip and can be reported by [`Characteristics::validate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Characteristics {
    /// Might.
    pub might: i32,
    /// Agility.
    pub agility: i32,
    /// Intellect.
    pub intellect: i32,
    /// Savvy.
    pub savvy: i32,
    /// Willpower.
    pub willpower: i32,
    /// Presence.
    pub presence: i32,
}

impl Default for Characteristics {
    fn default() -> Self {
        Characteristics {
            might: 2,
            agility: 2,
            intellect: 2,
            savvy: 2,
            willpower: 2,
            presence: 2,
        }
    }
}

impl Characteristics {
    /// The rating of one characteristic.
    pub fn get(&self, c: Characteristic) -> i32 {
        match c {
            Characteristic::Might => self.might,
            Characteristic::Agility => self.agility,
            Characteristic::Intellect => self.intellect,
            Characteristic::Savvy => self.savvy,
            Characteristic::Willpower => self.willpower,
            Characteristic::Presence => self.presence,
        }
    }

    /// Sets one characteristic (unchecked; see [`Characteristics::validate`]).
    pub fn set(&mut self, c: Characteristic, value: i32) {
        let slot = match c {
            Characteristic::Might => &mut self.might,
            Characteristic::Agility => &mut self.agility,
            Characteristic::Intellect => &mut self.intellect,
            Characteristic::Savvy => &mut self.savvy,
            Characteristic::Willpower => &mut self.willpower,
            Characteristic::Presence => &mut self.presence,
        };
        *slot = value;
    }

    /// Every out-of-range rating, one error per field.
    pub fn validate(&self) -> Vec<IxError> {
        Characteristic::ALL
            .into_iter()
            .filter_map(|c| check_characteristic(c.name(), self.get(c)).err())
            .collect()
    }
}

/// A skill on the sheet: name, governing characteristic and rank 0-5
/// (RULINGS.md, default list *editable*).
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Skill {
    /// Display name; the user may rename it.
    pub name: String,
    /// The characteristic it pairs with; the user may re-link it.
    pub characteristic: Characteristic,
    /// Rank 0-5.
    pub rank: i32,
}

/// The default skill list of RULINGS.md, "Characteristics and skills", all at rank 0.
pub fn default_skills() -> Vec<Skill> {
    use Characteristic::*;
    [
        ("Athletics", Might),
        ("Brawl", Might),
        ("Melee", Might),
        ("Resilience", Might),
        ("Coordination", Agility),
        ("Ranged", Agility),
        ("Riding", Agility),
        ("Stealth", Agility),
        ("Lore", Intellect),
        ("Medicine", Intellect),
        ("Arcana", Intellect),
        ("Perception", Savvy),
        ("Skulduggery", Savvy),
        ("Streetwise", Savvy),
        ("Survival", Savvy),
        ("Deception", Savvy),
        ("Primal", Savvy),
        ("Discipline", Willpower),
        ("Readiness", Willpower),
        ("Intimidation", Willpower),
        ("Divine", Willpower),
        ("Charm", Presence),
        ("Leadership", Presence),
        ("Negotiation", Presence),
    ]
    .into_iter()
    .map(|(name, characteristic)| Skill {
        name: name.to_string(),
        characteristic,
        rank: 0,
    })
    .collect()
}

/// The default skills whose checks are attacks (RULINGS.md's list: Brawl, Melee, Ranged), by
/// name, ignoring case: a Demoralized attacker's check takes its Bane die on these.
pub fn is_attack_skill(name: &str) -> bool {
    ["Brawl", "Melee", "Ranged"]
        .iter()
        .any(|k| k.eq_ignore_ascii_case(name.trim()))
}

/// Finds a skill by name, ignoring case.
pub fn find_skill<'a>(skills: &'a [Skill], name: &str) -> Option<&'a Skill> {
    skills
        .iter()
        .find(|s| s.name.trim().eq_ignore_ascii_case(name.trim()))
}

/// The positive side of a check with a named skill (reference, "Building a Dice Pool"),
/// using the skill's linked characteristic. A skill missing from the list is rolled
/// untrained (rank 0) with `fallback` as its characteristic.
pub fn skill_pool(
    characteristics: &Characteristics,
    skills: &[Skill],
    name: &str,
    fallback: Characteristic,
) -> Result<Pool, IxError> {
    let (c, rank) = match find_skill(skills, name) {
        Some(s) => (s.characteristic, s.rank),
        None => (fallback, 0),
    };
    let rating = characteristics.get(c);
    check_characteristic(c.name(), rating)?;
    check_skill(&format!("skill rank ({name})"), rank)?;
    Pool::from_ratings(rating, rank)
}
