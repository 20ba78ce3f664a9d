//! Hit points, harm and rest ("Damage, Death, and Healing": "Hit Points", "Bonus Hit Points",
//! "Down and Out", "Armor", "Shields", "Resting").
//!
//! [`wound`] is the one door damage goes through: whatever deals it (the sheet's "Take it",
//! the combat tracker's hits), it meets the Block offered, then an expelled infusion, then
//! the Bonus HP, then HP, and reaching 0 owes a Down and Out check. Damage no Block can meet
//! (the HP a channeling costs) enters at [`Health::take_damage`], the last step of that door;
//! the HP stepper sets HP through [`Health::set_hp`], which owes the check the same way.

use super::error::{RulesError, RulesResult};
use super::magic::{KnownSpell, release_infusion_block};
use super::tables::{
    DepletionReading, DownAndOutReading, TableRoll, depletion_check, down_and_out_roll,
};
use crate::rules::inventory::Inventory;
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

    /// Applies one instance of damage that no Block meets ("Bonus Hit Points": bonus pool
    /// first; "Down and Out": reaching 0 HP, or being hit while down, owes a Down and Out
    /// check). The last step of [`wound`]; called alone only for damage nothing can block,
    /// such as the HP a channeling costs.
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

    /// The HP stepper: sets HP to `hp` directly, leaving the Bonus HP alone (the player is
    /// correcting the number, not rolling damage). Reaching 0 from above is still being
    /// "reduced to zero Hit Points", so it owes a Down and Out check like any harm; setting 0
    /// again while down is no new instance and owes nothing more. Raising HP while a check is
    /// owed is refused, as healing is. Returns the checks this added (0 or 1).
    pub fn set_hp(&mut self, hp: u32) -> RulesResult<u32> {
        RulesError::check_range("HP", i64::from(hp), 0, i64::from(self.max_hp))?;
        if self.dead {
            return Err(RulesError::not_allowed("The character is dead"));
        }
        if hp > self.hp && self.pending_down_and_out > 0 {
            return Err(RulesError::not_allowed(
                "A Down and Out check is owed: roll it before raising HP",
            ));
        }
        let owed = u32::from(hp == 0 && self.hp > 0);
        self.hp = hp;
        self.pending_down_and_out = self.pending_down_and_out.saturating_add(owed);
        Ok(owed)
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

    /// The wound a Down and Out reading gives ("Down and Out"): death, a lingering wound (-1
    /// max HP for good, death at max HP 0) or a scar. HP stay where they are: the roll only
    /// decides the wound.
    fn suffer(&mut self, reading: DownAndOutReading) -> RulesResult<DownAndOutReading> {
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
        Ok(reading)
    }

    /// Settles one owed Down and Out check with its reading.
    pub fn apply_down_and_out(
        &mut self,
        reading: DownAndOutReading,
    ) -> RulesResult<DownAndOutReading> {
        self.suffer(reading)?;
        self.pending_down_and_out = self.pending_down_and_out.saturating_sub(1);
        Ok(reading)
    }

    /// A Down and Out check of its own, owed by no fall: a failed Spell Mastery's backlash
    /// ("3. Acquiring Spells": "immediately make a Down and Out Check") or a session ended away
    /// from safety. It comes on top of any check the character owes and leaves those owed.
    pub fn apply_unowed_down_and_out(
        &mut self,
        reading: DownAndOutReading,
    ) -> RulesResult<DownAndOutReading> {
        self.suffer(reading)
    }

    /// Rolls and settles an owed Down and Out check ("Down and Out"). `armour` is whether worn
    /// armour softens it.
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

/// Worn armour and carried shields with their daily Block ("Armor", "Shields"), as read from
/// the gear ([`Inventory::protection`]): a view for screens and for the Ob factors. The gear's
/// items hold the Blocks; [`wound`] spends them.
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
}

/// One instance of harm that something may meet before it reaches the character: a Block
/// (armour or one shield) and an infusion expelled against it, as the player chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Hit {
    /// Incoming damage (0-1,000).
    pub amount: u32,
    /// What Blocks it, if the player spends a Block.
    pub block: Option<BlockSource>,
    /// The known spell (by index) whose infusion is expelled to block 1 more.
    pub infusion: Option<usize>,
}

/// What one hit did on its way through [`wound`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Wound {
    /// The damage that came in.
    pub amount: u32,
    /// The Block spent and the damage it stopped (the whole Block 2 is spent even when less
    /// came in).
    pub blocked: Option<(BlockSource, u32)>,
    /// The infused spell expelled and the damage it stopped.
    pub infusion: Option<(String, u32)>,
    /// What got through to the Bonus HP and HP.
    pub damage: DamageReport,
}

/// The one door damage goes through ("Armor", "Shields", "2. Infusing Spells", "Bonus Hit
/// Points", "Down and Out"): the Block chosen stops 2 (spent as a lump, once a day per item,
/// marked on that item in `gear`), an expelled infusion 1 more, the Bonus HP pool takes what
/// is left first and HP the rest; reaching 0 HP, or being hit while down, owes a Down and Out
/// check. Everything is checked before anything changes, so a refusal (a Block already used,
/// nothing infused, a dead character) changes nothing.
pub fn wound(
    health: &mut Health,
    gear: &mut Inventory,
    spells: &mut [KnownSpell],
    hit: Hit,
) -> RulesResult<Wound> {
    RulesError::check_range("damage", i64::from(hit.amount), 0, i64::from(MAX_DAMAGE))?;
    if health.dead {
        return Err(RulesError::not_allowed("The character is dead"));
    }
    if let Some(i) = hit.infusion {
        let k = spells.get(i).ok_or_else(|| RulesError::NotFound {
            what: "spell".into(),
            name: format!("number {}", i + 1),
        })?;
        if !k.infused {
            return Err(RulesError::not_allowed(&format!(
                "{} is not infused, so there is nothing to expel",
                k.name
            )));
        }
    }
    let mut left = hit.amount;
    let blocked = match hit.block {
        Some(source) => {
            gear.spend_block(source)?;
            let after = left.saturating_sub(BLOCK);
            let stopped = left - after;
            left = after;
            Some((source, stopped))
        }
        None => None,
    };
    let infusion = match hit.infusion.and_then(|i| spells.get_mut(i)) {
        Some(k) => {
            let after = release_infusion_block(k, left)?;
            let stopped = left - after;
            left = after;
            Some((k.name.clone(), stopped))
        }
        None => None,
    };
    let damage = health.take_damage(left)?;
    Ok(Wound {
        amount: hit.amount,
        blocked,
        infusion,
        damage,
    })
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
/// Blocks are restored by [`Inventory::repair_blocks`] and [`super::magic::KnownSpell::long_rest`].
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
    use crate::rules::inventory::{Item, ItemKind};
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

    /// Armour and a shield in the character's own slots, and Conduit (Ob 2) infused.
    fn guarded(hp: u32) -> (Health, Inventory, Vec<KnownSpell>) {
        let mut gear = Inventory::new("Ada");
        gear.carriers[0].items.push(Item::armour("Mail"));
        gear.carriers[0].items.push(Item {
            kind: ItemKind::Shield,
            ..Item::new("Shield")
        });
        let mut conduit = KnownSpell::new("Conduit").unwrap();
        conduit.infused = true;
        (Health::new(hp).unwrap(), gear, vec![conduit])
    }

    #[test]
    fn a_hit_meets_the_block_then_the_infusion_then_bonus_hp_then_hp() {
        let (mut h, mut gear, mut spells) = guarded(6);
        h.add_bonus_hp(1).unwrap();
        let hit = Hit {
            amount: 5,
            block: Some(BlockSource::Armour),
            infusion: Some(0),
        };
        let w = wound(&mut h, &mut gear, &mut spells, hit).unwrap();
        // 5 - 2 (armour) - 1 (infusion) = 2: 1 from the Bonus HP, 1 from HP.
        assert_eq!(w.blocked, Some((BlockSource::Armour, 2)));
        assert_eq!(w.infusion, Some(("Conduit".to_string(), 1)));
        assert_eq!((w.damage.from_bonus, w.damage.from_hp), (1, 1));
        assert_eq!((h.hp, h.bonus_hp), (5, 0));
        assert!(gear.protection().armour_block_used && !spells[0].infused);
        // The armour blocks once a day, and nothing is infused now: refused, nothing changes.
        let before = (h.clone(), gear.clone(), spells.clone());
        for hit in [
            Hit {
                amount: 3,
                block: Some(BlockSource::Armour),
                infusion: None,
            },
            Hit {
                amount: 3,
                block: Some(BlockSource::Shield),
                infusion: Some(0),
            },
        ] {
            assert!(wound(&mut h, &mut gear, &mut spells, hit).is_err());
            assert_eq!((h.clone(), gear.clone(), spells.clone()), before);
        }
        // The shield's Block 2 is spent whole on 1 damage, so nothing gets through.
        let hit = Hit {
            amount: 1,
            block: Some(BlockSource::Shield),
            infusion: None,
        };
        let w = wound(&mut h, &mut gear, &mut spells, hit).unwrap();
        assert_eq!((w.blocked, h.hp), (Some((BlockSource::Shield, 1)), 5));
        assert_eq!(gear.protection().blocks_left(), 0);
        // Unblocked, 5 drops her to 0 and owes the check; a long rest repairs both Blocks.
        let hit = Hit {
            amount: 5,
            ..Hit::default()
        };
        let w = wound(&mut h, &mut gear, &mut spells, hit).unwrap();
        assert_eq!(
            (w.damage.down_and_out_checks, h.hp, h.pending_down_and_out),
            (1, 0, 1)
        );
        gear.repair_blocks();
        assert_eq!(gear.protection().blocks_left(), 2);
    }

    #[test]
    fn the_stepper_to_zero_owes_down_and_out_and_then_refuses_to_raise() {
        let mut h = Health::new(6).unwrap();
        h.add_bonus_hp(2).unwrap();
        assert_eq!(h.set_hp(2).unwrap(), 0);
        assert_eq!(
            (h.hp, h.bonus_hp),
            (2, 2),
            "the stepper leaves Bonus HP alone"
        );
        assert_eq!(h.set_hp(0).unwrap(), 1);
        assert_eq!(h.set_hp(0).unwrap(), 0, "0 again is no new instance");
        assert_eq!(h.pending_down_and_out, 1);
        assert!(h.set_hp(1).is_err());
        assert_eq!(h.heal(3), 0);
        h.apply_down_and_out(DownAndOutReading::Scar).unwrap();
        assert_eq!(h.set_hp(1).unwrap(), 0);
        assert!(h.set_hp(7).is_err());
    }

    #[test]
    fn an_unowed_down_and_out_leaves_the_owed_ones() {
        let mut h = Health::new(6).unwrap();
        h.take_damage(6).unwrap();
        h.apply_unowed_down_and_out(DownAndOutReading::Scar)
            .unwrap();
        assert_eq!((h.scars, h.pending_down_and_out), (1, 1));
        h.apply_down_and_out(DownAndOutReading::Scar).unwrap();
        assert_eq!((h.scars, h.pending_down_and_out), (2, 0));
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
