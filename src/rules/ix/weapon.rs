//! Weapons and what an attack with one did. The reference names a weapon's Crit rating and
//! what it triggers ("Critical Injuries": net Boons at or above it, or a Breakthrough, may be
//! spent on a Critical Injury); it gives no damage formula, no Soak and no difficulty by range,
//! so those are the choices listed in `docs/rules-ix.md`.
//!
//! | Need | Call |
//! |---|---|
//! | A weapon's numbers, checked | [`Weapon`], [`Weapon::validate`] |
//! | What a rolled attack did | [`attack_report`] -> [`AttackReport`] (hit, damage, Critical Injury) |

use serde::{Deserialize, Serialize};

use super::dice::CheckResult;
use super::error::IxError;

/// Highest base damage a weapon may carry (a typo guard, above any listed weapon).
pub const DAMAGE_MAX: i32 = 20;
/// Crit ratings run 1 (every net Boon can crit) to 6 (rarely without a Breakthrough).
pub const CRIT_MAX: i32 = 6;

/// The range bands the reference names (its spell builder's steps). A weapon's band says how
/// far it reaches; the reference ties no difficulty to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RangeBand {
    Engaged,
    Short,
    Medium,
    Long,
    Extreme,
}

impl RangeBand {
    pub const ALL: [RangeBand; 5] = [
        RangeBand::Engaged,
        RangeBand::Short,
        RangeBand::Medium,
        RangeBand::Long,
        RangeBand::Extreme,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RangeBand::Engaged => "Engaged",
            RangeBand::Short => "Short",
            RangeBand::Medium => "Medium",
            RangeBand::Long => "Long",
            RangeBand::Extreme => "Extreme",
        }
    }
}

/// A weapon as a sheet carries it. The skill is named, not copied: its rank and
/// characteristic stay on the character's skill list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    /// Base damage of a hit, 0 to [`DAMAGE_MAX`].
    pub damage: i32,
    /// Net Boons that may buy a Critical Injury, 1 to [`CRIT_MAX`].
    pub crit: i32,
    pub range: RangeBand,
    /// The skill an attack rolls (Melee, Ranged, Brawl or one of the sheet's own).
    pub skill: String,
}

impl Weapon {
    /// The first number out of range, by name.
    pub fn validate(&self) -> Result<(), IxError> {
        IxError::check("damage", i64::from(self.damage), 0, i64::from(DAMAGE_MAX))?;
        IxError::check("Crit rating", i64::from(self.crit), 1, i64::from(CRIT_MAX))
    }
}

/// What may pay for a Critical Injury on the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CritBy {
    /// Net Boons reached the Crit rating (spending them buys it).
    Boons,
    /// No Boons enough, but a Breakthrough "may always be spent instead".
    Breakthrough,
}

/// What one attack did, read from its check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackReport {
    /// The check succeeded (at least one net Success).
    pub hit: bool,
    /// The weapon's damage plus the net Successes on a hit; 0 on a miss.
    pub damage: i32,
    /// A Critical Injury the attacker may inflict, and what pays for it.
    pub critical: Option<CritBy>,
}

/// Who attacks, for what may pay for a Critical Injury: a Minion group never spends a
/// Breakthrough (reference, "Minions").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attacker {
    /// A character, an Elite or a Nemesis.
    Single,
    MinionGroup,
}

/// Reads a rolled attack with `weapon`. A hit deals the weapon's damage plus one per net
/// Success (the narrative-dice convention whose faces RULINGS.md adopts; the reference gives
/// no formula). A Critical Injury needs the hit (RULINGS.md, "Contests, Defense, crits"):
/// net Boons at the Crit rating, or a Breakthrough unless a Minion group rolled it.
pub fn attack_report(weapon: &Weapon, result: &CheckResult, attacker: Attacker) -> AttackReport {
    let hit = result.succeeded;
    let damage = if hit {
        weapon
            .damage
            .max(0)
            .saturating_add(result.net_successes.max(0))
    } else {
        0
    };
    // A stored rating below 1 is out of range; read as 1 rather than "every roll crits".
    let critical = if !hit {
        None
    } else if result.net_boons >= weapon.crit.max(1) {
        Some(CritBy::Boons)
    } else if result.breakthroughs > 0 && attacker == Attacker::Single {
        Some(CritBy::Breakthrough)
    } else {
        None
    };
    AttackReport {
        hit,
        damage,
        critical,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sword() -> Weapon {
        Weapon {
            name: "Sword".into(),
            damage: 5,
            crit: 3,
            range: RangeBand::Engaged,
            skill: "Melee".into(),
        }
    }

    fn result(net_successes: i32, net_boons: i32, breakthroughs: u32) -> CheckResult {
        CheckResult {
            net_successes,
            net_boons,
            breakthroughs,
            calamities: 0,
            succeeded: net_successes >= 1,
        }
    }

    #[test]
    fn a_hit_deals_damage_plus_net_successes() {
        let r = attack_report(&sword(), &result(2, 0, 0), Attacker::Single);
        assert_eq!(
            r,
            AttackReport {
                hit: true,
                damage: 7,
                critical: None
            }
        );
        assert_eq!(
            attack_report(&sword(), &result(1, -2, 0), Attacker::Single).damage,
            6
        );
    }

    #[test]
    fn a_miss_deals_nothing() {
        for s in [0, -3] {
            let r = attack_report(&sword(), &result(s, 1, 0), Attacker::Single);
            assert!(!r.hit);
            assert_eq!(r.damage, 0);
        }
    }

    #[test]
    fn boons_at_the_crit_rating_offer_a_critical_injury() {
        assert_eq!(
            attack_report(&sword(), &result(1, 2, 0), Attacker::Single).critical,
            None
        );
        assert_eq!(
            attack_report(&sword(), &result(1, 3, 0), Attacker::Single).critical,
            Some(CritBy::Boons)
        );
        assert_eq!(
            attack_report(&sword(), &result(3, 4, 1), Attacker::Single).critical,
            Some(CritBy::Boons)
        );
    }

    #[test]
    fn a_breakthrough_may_always_pay_instead() {
        assert_eq!(
            attack_report(&sword(), &result(1, 0, 1), Attacker::Single).critical,
            Some(CritBy::Breakthrough)
        );
        assert_eq!(
            attack_report(&sword(), &result(2, -3, 1), Attacker::Single).critical,
            Some(CritBy::Breakthrough)
        );
    }

    #[test]
    fn a_miss_offers_no_critical_injury_whatever_its_boons() {
        // RULINGS.md: a crit from Boons or a Breakthrough needs the attack to hit.
        let r = attack_report(&sword(), &result(0, 3, 0), Attacker::Single);
        assert!(!r.hit);
        assert_eq!(r.critical, None);
        assert_eq!(
            attack_report(&sword(), &result(-1, 4, 1), Attacker::Single).critical,
            None
        );
    }

    #[test]
    fn a_minion_group_never_spends_a_breakthrough() {
        let r = attack_report(&sword(), &result(2, 0, 1), Attacker::MinionGroup);
        assert!(r.hit);
        assert_eq!(r.critical, None);
        // Its Boons still may.
        assert_eq!(
            attack_report(&sword(), &result(2, 3, 1), Attacker::MinionGroup).critical,
            Some(CritBy::Boons)
        );
    }

    #[test]
    fn numbers_out_of_range_are_named() {
        assert_eq!(sword().validate(), Ok(()));
        let mut w = sword();
        w.crit = 0;
        assert_eq!(
            w.validate().unwrap_err().to_string(),
            "Crit rating is 0; it must be from 1 to 6"
        );
        w.crit = 2;
        w.damage = 21;
        assert_eq!(
            w.validate().unwrap_err().to_string(),
            "damage is 21; it must be from 0 to 20"
        );
        // A stored Crit rating of 0 does not make every roll a crit.
        w.damage = 4;
        w.crit = 0;
        assert_eq!(
            attack_report(&w, &result(1, 0, 0), Attacker::Single).critical,
            None
        );
        assert_eq!(
            attack_report(&w, &result(1, 1, 0), Attacker::Single).critical,
            Some(CritBy::Boons)
        );
    }
}
