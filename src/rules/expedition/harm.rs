//! Hit points, harm and rest ("Damage, Death, and Healing": "Hit Points", "Bonus Hit Points",
//! "Down and Out", "Armor", "Shields", "Resting").

use super::error::{RulesError, RulesResult};
use super::tables::{
    DepletionReading, DownAndOutReading, TableRoll, depletion_check, down_and_out_roll,
};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Largest maximum HP (the improvement table caps Hit Points at 20).
pub const MAX_HP: u32 = 20;
/// Largest Bonus HP pool accepted.
pub const MAX_BONUS_HP: u32 = 100;
/// Largest single instance of damage accepted.
pub const MAX_DAMAGE: u32 = 1_000;
/// HP a short rest restores at most ("Resting").
pub const SHORT_REST_HP: u32 = 3;

/// A character's hit points and wounds ("Hit Points", "Bonus Hit Points", "Down and Out").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Health {
    /// Current HP, 0..=max_hp.
    pub hp: u32,
    /// Maximum HP, 0..=20 (0 means dead for good).
    pub max_hp: u32,
    /// Bonus HP pool: spent first, never regained.
    pub bonus_hp: u32,
    /// Lingering wounds taken (each cost 1 max HP for good).
    pub lingering_wounds: u32,
    /// Scars collected.
    pub scars: u32,
    /// Dead: doubles on Down and Out, or max HP reduced to 0.
    pub dead: bool,
    /// Down and Out checks owed (one on dropping to 0 HP, one more per instance of damage
    /// taken while down).
    pub pending_down_and_out: u32,
    /// Whether the short rest of the day has been taken.
    pub short_rest_taken: bool,
}

impl Health {
    /// Full health at `max_hp` (1-20).
    pub fn new(max_hp: u32) -> RulesResult<Self> {
        RulesError::check_range("max HP", i64::from(max_hp), 1, i64::from(MAX_HP))?;
        Ok(Health {
            hp: max_hp,
            max_hp,
            bonus_hp: 0,
            lingering_wounds: 0,
            scars: 0,
            dead: false,
            pending_down_and_out: 0,
            short_rest_taken: false,
        })
    }

    /// At 0 HP and alive: down and out.
    pub fn is_down(&self) -> bool {
        !self.dead && self.hp == 0
    }

    /// The state in a word or two: "Standing", "Down and out" or "Dead".
    pub fn state_label(&self) -> &'static str {
        if self.dead {
            "Dead"
        } else if self.is_down() {
            "Down and out"
        } else {
            "Standing"
        }
    }

    /// HP in words, e.g. `"5 of 8 HP (+2 bonus)"`.
    pub fn words(&self) -> String {
        let mut s = format!("{} of {} HP", self.hp, self.max_hp);
        if self.bonus_hp > 0 {
            s.push_str(&format!(" (+{} bonus)", self.bonus_hp));
        }
        if self.dead {
            s.push_str(", dead");
        } else if self.is_down() {
            s.push_str(", down and out");
        }
        s
    }

    /// Adds Bonus HP to the single pool ("Bonus Hit Points": all sources stack).
    pub fn add_bonus_hp(&mut self, amount: u32) -> RulesResult<()> {
        let total = u64::from(self.bonus_hp) + u64::from(amount);
        RulesError::check_range(
            "bonus HP",
            i64::try_from(total).unwrap_or(i64::MAX),
            0,
            i64::from(MAX_BONUS_HP),
        )?;
        self.bonus_hp = total as u32;
        Ok(())
    }

    /// Bonus HP expire at the end of their period ("Bonus Hit Points").
    pub fn expire_bonus_hp(&mut self) {
        self.bonus_hp = 0;
    }

    /// Applies one instance of damage ("Bonus Hit Points": bonus pool first; "Down and Out":
    /// reaching 0 HP, or being hit while down, owes a Down and Out check).
    pub fn take_damage(&mut self, amount: u32) -> RulesResult<DamageReport> {
        RulesError::check_range("damage", i64::from(amount), 0, i64::from(MAX_DAMAGE))?;
        if self.dead {
            return Err(RulesError::not_allowed("The character is dead"));
        }
        let was_down = self.is_down();
        let from_bonus = amount.min(self.bonus_hp);
        self.bonus_hp -= from_bonus;
        let from_hp = (amount - from_bonus).min(self.hp);
        self.hp -= from_hp;
        let mut checks = 0;
        if amount > 0 && self.hp == 0 && (was_down || from_hp > 0) && amount > from_bonus {
            checks = 1;
            self.pending_down_and_out = self.pending_down_and_out.saturating_add(1);
        }
        Ok(DamageReport {
            from_bonus,
            from_hp,
            down_and_out_checks: checks,
            down: self.is_down(),
        })
    }

    /// Regains HP up to the maximum (bonus HP are never regained). A character owed a Down
    /// and Out check regains nothing until it is rolled: aid is what triggers that roll
    /// ("Hit Points"), it does not take its place.
    pub fn heal(&mut self, amount: u32) -> u32 {
        if self.dead || self.pending_down_and_out > 0 {
            return 0;
        }
        let gained = amount.min(self.max_hp - self.hp.min(self.max_hp));
        self.hp += gained;
        gained
    }

    /// Applies a Down and Out reading ("Down and Out"): death, a lingering wound (-1 max HP for
    /// good, death at max HP 0) or a scar. The character stays at its current HP: the roll
    /// only decides the wound.
    pub fn apply_down_and_out(
        &mut self,
        reading: DownAndOutReading,
    ) -> RulesResult<DownAndOutReading> {
        if self.dead {
            return Err(RulesError::not_allowed("The character is already dead"));
        }
        match reading {
            DownAndOutReading::Death => self.dead = true,
            DownAndOutReading::LingeringWound => {
                self.lingering_wounds = self.lingering_wounds.saturating_add(1);
                self.max_hp = self.max_hp.saturating_sub(1);
                self.hp = self.hp.min(self.max_hp);
                if self.max_hp == 0 {
                    self.dead = true;
                }
            }
            DownAndOutReading::Scar => self.scars = self.scars.saturating_add(1),
        }
        self.pending_down_and_out = self.pending_down_and_out.saturating_sub(1);
        Ok(reading)
    }

    /// Rolls and applies a Down and Out check ("Down and Out"). `armour` is whether worn armour
    /// softens it (never for a failed Spell Mastery check).
    pub fn down_and_out<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        armour: bool,
    ) -> RulesResult<TableRoll<DownAndOutReading>> {
        if self.dead {
            return Err(RulesError::not_allowed("The character is already dead"));
        }
        let roll = down_and_out_roll(rng, armour);
        self.apply_down_and_out(roll.reading)?;
        Ok(roll)
    }
}

/// What one instance of damage did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DamageReport {
    /// Taken from the Bonus HP pool.
    pub from_bonus: u32,
    /// Taken from HP.
    pub from_hp: u32,
    /// Down and Out checks this instance added (0 or 1).
    pub down_and_out_checks: u32,
    /// Down and out after the damage.
    pub down: bool,
}

/// Worn armour and carried shields with their daily Block ("Armor", "Shields").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Protection {
    /// Wearing armour.
    pub armour: bool,
    /// Armour's Block used since the last long rest.
    pub armour_block_used: bool,
    /// Shields carried (0-5).
    pub shields: u8,
    /// Shield Blocks used since the last long rest (one per shield).
    pub shield_blocks_used: u8,
}

/// What blocks the damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BlockSource {
    /// The worn armour.
    Armour,
    /// One carried shield (splintered).
    Shield,
}

/// Block value of armour and of each shield ("Armor", "Shields").
pub const BLOCK: u32 = 2;

impl Protection {
    /// Blocks still available today.
    pub fn blocks_left(&self) -> u32 {
        let a = u32::from(self.armour && !self.armour_block_used);
        a + u32::from(self.shields.saturating_sub(self.shield_blocks_used))
    }

    /// Uses a Block on `incoming` damage and returns the damage left ("Armor": the whole Block 2
    /// is spent as a lump, even when some is wasted). Refused when that Block is unavailable.
    pub fn block(&mut self, source: BlockSource, incoming: u32) -> RulesResult<u32> {
        match source {
            BlockSource::Armour => {
                if !self.armour {
                    return Err(RulesError::not_allowed("No armour is worn to block with"));
                }
                if self.armour_block_used {
                    return Err(RulesError::not_allowed(
                        "The armour has already blocked today (a long rest repairs it)",
                    ));
                }
                self.armour_block_used = true;
            }
            BlockSource::Shield => {
                if self.shield_blocks_used >= self.shields {
                    return Err(RulesError::not_allowed(
                        "Every shield has already blocked today (a long rest repairs them)",
                    ));
                }
                self.shield_blocks_used += 1;
            }
        }
        Ok(incoming.saturating_sub(BLOCK))
    }

    /// A long rest repairs every Block ("Resting").
    pub fn repair(&mut self) {
        self.armour_block_used = false;
        self.shield_blocks_used = 0;
    }
}

/// The Rations one member spends on a rest ("Resting", "Depletion").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rations {
    /// Rations with this Depletion score (11 for standard Rations): checked after the rest.
    Score(u8),
    /// Rations already marked "last use": this use finishes them, without a roll.
    LastUse,
}

impl Rations {
    fn check<R: Rng + ?Sized>(
        self,
        rng: &mut R,
    ) -> RulesResult<Option<TableRoll<DepletionReading>>> {
        match self {
            Rations::Score(score) => {
                RulesError::check_range("Rations Depletion score", i64::from(score), 1, 20)?;
                Ok(Some(depletion_check(rng, score)?))
            }
            Rations::LastUse => Ok(None),
        }
    }

    fn validate(self) -> RulesResult<()> {
        match self {
            Rations::Score(score) => {
                RulesError::check_range("Rations Depletion score", i64::from(score), 1, 20)
            }
            Rations::LastUse => Ok(()),
        }
    }
}

/// Result of a rest for the whole party.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RestOutcome {
    /// HP each member regained, in order.
    pub healed: Vec<u32>,
    /// The Rations' Depletion check after the rest; `None` when they were on their last use
    /// and are now gone.
    pub rations: Option<TableRoll<DepletionReading>>,
}

/// Short rest ("Resting"): once per day, each living member regains up to 3 HP, then the
/// Rations take a Depletion check. Refused, changing nobody, if any member has already had
/// today's short rest.
pub fn short_rest<R: Rng + ?Sized>(
    rng: &mut R,
    party: &mut [Health],
    rations: Rations,
) -> RulesResult<RestOutcome> {
    rations.validate()?;
    let healed = rest_on_shared_rations(party, false)?;
    let rations = rations.check(rng)?;
    Ok(RestOutcome { healed, rations })
}

/// Long rest ("Resting"): every living member regains all HP (never Bonus HP) and the short
/// rest of the new day becomes available; then the Rations take a Depletion check. Spells and
/// Blocks are restored by [`Protection::repair`] and [`super::magic::KnownSpell::long_rest`].
pub fn long_rest<R: Rng + ?Sized>(
    rng: &mut R,
    party: &mut [Health],
    rations: Rations,
) -> RulesResult<RestOutcome> {
    rations.validate()?;
    let healed = rest_on_shared_rations(party, true)?;
    let rations = rations.check(rng)?;
    Ok(RestOutcome { healed, rations })
}

/// The rest of members who eat Rations another member spends: the same healing as
/// [`short_rest`] or [`long_rest`], with no Depletion check of their own. One member spends
/// Rations for the group, so a rest makes one check however many rest: the spender's rest makes
/// it, and the rest of the party, kept in other documents, rest through this. Returns the HP each
/// regained; a short rest is refused, changing nobody, if any member has had today's.
pub fn rest_on_shared_rations(party: &mut [Health], long: bool) -> RulesResult<Vec<u32>> {
    if !long && party.iter().any(|h| h.short_rest_taken) {
        return Err(RulesError::not_allowed(
            "Today's short rest is already taken (once per day; a long rest starts a new day)",
        ));
    }
    Ok(party
        .iter_mut()
        .map(|h| {
            h.short_rest_taken = !long;
            h.heal(if long { h.max_hp } else { SHORT_REST_HP })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn bonus_spent_first_then_down() {
        let mut h = Health::new(5).unwrap();
        h.add_bonus_hp(2).unwrap();
        let r = h.take_damage(3).unwrap();
        assert_eq!((r.from_bonus, r.from_hp, h.hp, h.bonus_hp), (2, 1, 4, 0));
        let r = h.take_damage(9).unwrap();
        assert_eq!((r.from_hp, r.down_and_out_checks), (4, 1));
        assert!(h.is_down());
        let r = h.take_damage(1).unwrap();
        assert_eq!(r.down_and_out_checks, 1);
        assert_eq!(h.pending_down_and_out, 2);
    }

    #[test]
    fn healing_waits_for_the_down_and_out_check() {
        let mut h = Health::new(5).unwrap();
        h.take_damage(5).unwrap();
        assert_eq!(h.heal(3), 0);
        assert_eq!((h.hp, h.pending_down_and_out), (0, 1));
        h.apply_down_and_out(DownAndOutReading::Scar).unwrap();
        assert_eq!(h.heal(3), 3);
        assert_eq!((h.hp, h.pending_down_and_out), (3, 0));
    }

    #[test]
    fn lingering_wound_can_kill_at_max_zero() {
        let mut h = Health::new(1).unwrap();
        h.take_damage(1).unwrap();
        h.apply_down_and_out(DownAndOutReading::LingeringWound)
            .unwrap();
        assert_eq!(h.max_hp, 0);
        assert!(h.dead);
        assert!(h.apply_down_and_out(DownAndOutReading::Scar).is_err());
    }

    #[test]
    fn blocks_once_per_day() {
        let mut p = Protection {
            armour: true,
            shields: 1,
            ..Default::default()
        };
        assert_eq!(p.blocks_left(), 2);
        assert_eq!(p.block(BlockSource::Armour, 3).unwrap(), 1);
        assert!(p.block(BlockSource::Armour, 3).is_err());
        assert_eq!(p.block(BlockSource::Shield, 1).unwrap(), 0);
        assert!(p.block(BlockSource::Shield, 1).is_err());
        p.repair();
        assert_eq!(p.blocks_left(), 2);
    }

    #[test]
    fn rests_heal_and_check_rations() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut party = vec![Health::new(10).unwrap(), Health::new(4).unwrap()];
        party[0].take_damage(7).unwrap();
        party[1].take_damage(1).unwrap();
        party[1].add_bonus_hp(3).unwrap();
        let out = short_rest(&mut rng, &mut party, Rations::Score(11)).unwrap();
        assert_eq!(out.healed, vec![3, 1]);
        assert_eq!(out.rations.map(|r| r.faces.len()), Some(1));
        assert!(short_rest(&mut rng, &mut party, Rations::Score(11)).is_err());
        let out = long_rest(&mut rng, &mut party, Rations::Score(11)).unwrap();
        assert_eq!(out.healed, vec![4, 0]);
        assert_eq!(party[1].bonus_hp, 3);
        assert!(short_rest(&mut rng, &mut party, Rations::Score(11)).is_ok());
    }

    #[test]
    fn rations_on_their_last_use_are_finished_without_a_roll() {
        use rand::RngCore;
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut untouched = rng.clone();
        let mut party = vec![Health::new(10).unwrap()];
        party[0].take_damage(5).unwrap();
        let out = long_rest(&mut rng, &mut party, Rations::LastUse).unwrap();
        assert_eq!((out.healed[0], out.rations), (5, None));
        assert_eq!(rng.next_u64(), untouched.next_u64(), "no die was rolled");
        assert!(short_rest(&mut rng, &mut party, Rations::Score(0)).is_err());
        assert!(long_rest(&mut rng, &mut party, Rations::Score(21)).is_err());
    }
}
