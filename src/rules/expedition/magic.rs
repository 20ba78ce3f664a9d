//! Channeling, Fell Blast, ritual casting, infusing and Spell Mastery ("II. Magic":
//! "Channeling Tests", "Spell Potency", "Spell Durations", "Arcane Ceremony (Ritual Casting)",
//! "2. Infusing Spells", "3. Acquiring Spells", "Fell Blast (Special)").

use super::dice::{Pool, PoolRoll, TestOutcome, independent_test, roll_pool, test_of_roll};
use super::error::{RulesError, RulesResult};
use super::harm::{DamageReport, Health};
use super::money::{HopelessStake, LedgerEntry, Purse};
use super::objective::{Objective, channeling_objective};
use super::spells::{FELL_BLAST, Spell, SpellOb, find_spell};
use super::tables::{DownAndOutReading, TableRoll, down_and_out_roll};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A spell the character knows, with its runestone's state.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KnownSpell {
    /// Catalogue name.
    pub name: String,
    /// Exhausted until a long rest (failed channeling, or infused).
    pub exhausted: bool,
    /// Its energy is stored in the body, waiting to be released.
    pub infused: bool,
    /// Whether an instance of it is active in the world ("Sigils, Signatures, and Signs": one
    /// at a time).
    pub active: Option<SpellDuration>,
}

impl KnownSpell {
    /// A fresh runestone for a catalogue spell; unknown names are refused.
    pub fn new(name: &str) -> RulesResult<Self> {
        let s = find_spell(name)?;
        Ok(KnownSpell {
            name: s.name.to_string(),
            exhausted: false,
            infused: false,
            active: None,
        })
    }

    /// The catalogue entry.
    pub fn spell(&self) -> RulesResult<&'static Spell> {
        find_spell(&self.name)
    }

    /// The catalogue entry, when the runestone can be channelled now: refused while it is
    /// exhausted, and for Fell Blast, which is rolled against Combat Checks instead.
    pub fn channelable(&self) -> RulesResult<&'static Spell> {
        let spell = self.spell()?;
        if spell.ob == SpellOb::VersusCombatCheck {
            return Err(RulesError::not_allowed(
                "Fell Blast is rolled against the targets' Combat Checks: use Cast Fell Blast",
            ));
        }
        if self.exhausted {
            return Err(RulesError::not_allowed(&format!(
                "{} is exhausted until a long rest",
                spell.name
            )));
        }
        Ok(spell)
    }

    /// The active instance ends (its duration ran out or it was dismissed).
    pub fn end_effect(&mut self) {
        self.active = None;
    }

    /// `units` of the active instance's own unit pass; it ends when none are left. Returns
    /// what is left (`None`: ended). Refused when nothing is active or its duration is not
    /// counted (a special duration ends by [`KnownSpell::end_effect`]).
    pub fn pass_time(&mut self, units: u32) -> RulesResult<Option<SpellDuration>> {
        let Some(mut d) = self.active else {
            return Err(RulesError::not_allowed(&format!(
                "{} is not active",
                self.name
            )));
        };
        if d.unit.names().is_none() {
            return Err(RulesError::not_allowed(&format!(
                "{}'s duration is not counted: end it when its condition is met",
                self.name
            )));
        }
        d.count = d.count.saturating_sub(units);
        self.active = (d.count > 0).then_some(d);
        Ok(self.active)
    }

    /// A long rest replenishes the runestone ("Resting"). An infusion not yet released is lost
    /// ("2. Infusing Spells": it lasts until the next long rest).
    pub fn long_rest(&mut self) {
        self.exhausted = false;
        self.infused = false;
    }
}

/// Unit of a spell's duration ("Spell Durations").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DurationUnit {
    /// Instantaneous, permanent change.
    Instant,
    /// One combat round per Success.
    Rounds,
    /// One exploration turn per Success (the default).
    ExplorationTurns,
    /// One day per Success.
    Days,
    /// One minute per Success.
    Minutes,
    /// One hour per Success.
    Hours,
    /// Not counted in Successes: until a condition is met, while the caster concentrates, or a
    /// set period ([`Spell::duration_note`] says which).
    Special,
}

impl DurationUnit {
    /// The unit's names, singular and plural, when it is counted in Successes; `None` for an
    /// instant or a special duration, which nothing counts down.
    pub fn names(self) -> Option<(&'static str, &'static str)> {
        match self {
            DurationUnit::Rounds => Some(("round", "rounds")),
            DurationUnit::ExplorationTurns => Some(("exploration turn", "exploration turns")),
            DurationUnit::Days => Some(("day", "days")),
            DurationUnit::Minutes => Some(("minute", "minutes")),
            DurationUnit::Hours => Some(("hour", "hours")),
            DurationUnit::Instant | DurationUnit::Special => None,
        }
    }
}

/// A duration computed from potency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SpellDuration {
    /// How many units.
    pub count: u32,
    /// Which unit.
    pub unit: DurationUnit,
}

impl SpellDuration {
    /// `"3 exploration turns"`.
    pub fn words(&self) -> String {
        let Some((one, many)) = self.unit.names() else {
            return match self.unit {
                DurationUnit::Special => "until its condition ends",
                _ => "instant",
            }
            .to_string();
        };
        format!(
            "{} {}",
            self.count,
            if self.count == 1 { one } else { many }
        )
    }
}

/// Duration from potency ("Spell Durations": one unit per Success).
pub fn duration_from_potency(unit: DurationUnit, potency: u32) -> SpellDuration {
    SpellDuration {
        count: if matches!(unit, DurationUnit::Instant | DurationUnit::Special) {
            0
        } else {
            potency
        },
        unit,
    }
}

/// What the caster brings to a channeling.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct ChannelingSetup {
    /// The spell's Ability rating, 1-8.
    pub ability: u8,
    /// Other bonus dice (Wises never apply; Stronghold, infusion boosts, ...).
    pub bonus: u32,
    /// Penalty dice.
    pub penalty: u32,
    /// Worn armour (0-5).
    pub armour: u8,
    /// Carried shields (0-5).
    pub shields: u8,
    /// Damage taken while channeling this round.
    pub damage_this_round: u32,
    /// Ritual: HP self-inflicted for +1d each ("Arcane Ceremony").
    pub ritual_hp: u32,
    /// Ritual: Cash dice sacrificed for +1d each ("Arcane Ceremony").
    pub ritual_cash: u32,
    /// How long the effect lasts per Success.
    pub duration: Option<DurationUnit>,
    /// The Channeling Test's dice when they were already rolled as the caster's defensive
    /// Combat Check this round ("Spell Potency": the one result serves both, with whatever
    /// the round added, such as helpers ganging up); read now against the Ob with the damage
    /// taken. `None` rolls them here.
    pub rolled: Option<PoolRoll>,
}

/// Result of a channeling.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChannelOutcome {
    /// The effective Objective and its factors.
    pub objective: Objective,
    /// The Channeling Test.
    pub test: TestOutcome,
    /// Potency = Successes ("Spell Potency"); also the Ob of Saves against the spell.
    pub potency: u32,
    /// The runestone is exhausted until a long rest.
    pub exhausted: bool,
    /// Zero Successes on a failed test: dice of cascade damage to everyone in the area
    /// (3 per point of effective Ob), Save for half.
    pub cascade_dice: Option<u32>,
    /// Whether an earlier instance of this spell was still active and has now ended
    /// ("Sigils, Signatures, and Signs": one instance at a time).
    pub replaced_previous: bool,
    /// Damage the caster took (1 for channeling + ritual HP).
    pub self_damage: DamageReport,
    /// Ledger entry for sacrificed Cash.
    pub ledger: Option<LedgerEntry>,
    /// Duration of the effect, when one was asked for.
    pub duration: Option<SpellDuration>,
}

fn check_caster(health: &Health, cost: u32) -> RulesResult<()> {
    if health.dead {
        return Err(RulesError::not_allowed("A dead character cannot channel"));
    }
    if health.hp.saturating_add(health.bonus_hp) < cost.max(1) {
        return Err(RulesError::not_allowed(
            "Not enough HP to power the spell: channeling costs 1 HP, plus any ritual HP",
        ));
    }
    Ok(())
}

/// The Channeling Test a setup rolls: its Objective (the spell's Ob, armour, shields and the
/// round's damage) and its pool (the Ability, with +1d for each ritual HP and Cash).
pub fn channeling_plan(spell: &Spell, setup: &ChannelingSetup) -> RulesResult<(Objective, Pool)> {
    let objective = channeling_objective(
        spell.fixed_ob().unwrap_or(1),
        setup.armour,
        setup.shields,
        setup.damage_this_round,
    )?;
    RulesError::check_range("ritual HP", i64::from(setup.ritual_hp), 0, 20)?;
    let bonus = setup
        .bonus
        .saturating_add(setup.ritual_hp)
        .saturating_add(setup.ritual_cash);
    Ok((
        objective,
        Pool::ability(setup.ability, bonus, setup.penalty, 0)?,
    ))
}

/// A ritual whose sacrificed Cash cannot make the test pass, asked about before the Cash is
/// spent. Dice already rolled this round stake nothing new.
pub fn channeling_stake(spell: &Spell, setup: &ChannelingSetup) -> Option<HopelessStake> {
    if setup.rolled.is_some() {
        return None;
    }
    let (objective, pool) = channeling_plan(spell, setup).ok()?;
    HopelessStake::check(pool.dice(), objective.ob, setup.ritual_cash)
}

/// Channels a known spell ("Channeling Tests"): take 1 damage, then test the spell's Ability
/// against Ob + armour + shields + damage this round; the effect happens whatever the result,
/// lasting by its Potency and replacing any earlier instance; failure exhausts the runestone; zero Successes cascades. Ritual HP and Cash add +1d each
/// ("Arcane Ceremony"). Casting again ends the previous instance. Everything is checked before
/// anything changes.
pub fn channel<R: Rng + ?Sized>(
    rng: &mut R,
    known: &mut KnownSpell,
    setup: &ChannelingSetup,
    health: &mut Health,
    purse: &mut Purse,
) -> RulesResult<ChannelOutcome> {
    let spell = known.channelable()?;
    let (objective, pool) = channeling_plan(spell, setup)?;
    if setup.ritual_cash > purse.cash {
        return Err(RulesError::NotEnoughCash {
            needed: setup.ritual_cash,
            available: purse.cash,
        });
    }
    let self_cost = 1 + setup.ritual_hp;
    check_caster(health, self_cost)?;

    let self_damage = health.take_damage(self_cost)?;
    let ledger = if setup.ritual_cash > 0 {
        Some(purse.spend(
            setup.ritual_cash,
            &format!("Sacrificed in a ritual for {}", spell.name),
        )?)
    } else {
        None
    };
    let test = match &setup.rolled {
        Some(r) => test_of_roll(r.clone(), objective.ob, 0)?,
        None => independent_test(rng, pool.dice(), objective.ob, 0)?,
    };
    let potency = test.successes;
    let exhausted = !test.passed;
    let cascade_dice = (exhausted && potency == 0).then(|| 3 * objective.ob);
    if exhausted {
        known.exhausted = true;
    }
    // "Regardless of the result of the test, the spell effect occurs": a failed channeling
    // starts its duration too, from its Potency, and as any casting it ends the earlier
    // instance ("only one instance of a given spell may be active"). An instant effect, or a
    // counted one whose Potency is 0, leaves nothing running.
    let duration = setup.duration.map(|u| duration_from_potency(u, potency));
    let lasting = duration.filter(|d| d.unit == DurationUnit::Special || d.count > 0);
    let replaced_previous = known.active.is_some();
    known.active = lasting;
    Ok(ChannelOutcome {
        objective,
        test,
        potency,
        exhausted,
        cascade_dice,
        replaced_previous,
        self_damage,
        ledger,
        duration,
    })
}

/// Cascade damage for one target ("Spell Potency": 3d per point of Ob, Save for half, round up).
pub fn cascade_damage<R: Rng + ?Sized>(
    rng: &mut R,
    cascade_dice: u32,
    saved: bool,
) -> RulesResult<(PoolRoll, u32)> {
    let roll = roll_pool(rng, cascade_dice)?;
    let raw = roll.successes();
    Ok((roll, if saved { raw.div_ceil(2) } else { raw }))
}

/// How Fell Blast is aimed ("Fell Blast (Special)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FellBlastMode {
    /// One target: 4d.
    Single,
    /// Everyone in a melee area: 2d to each one beaten.
    Area,
}

/// Result of a Fell Blast.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FellBlastOutcome {
    /// The caster's Discipline roll.
    pub roll: PoolRoll,
    /// For each target: the damage dice rolled when beaten (None when not beaten) and damage.
    pub hits: Vec<Option<(PoolRoll, u32)>>,
    /// The 1 HP channeling cost.
    pub self_damage: DamageReport,
}

/// Fell Blast ("Fell Blast (Special)"): Discipline against each target's Combat Check; never
/// penalised by armour or damage, never exhausted. Beaten targets take 4d (single) or 2d each
/// (area).
pub fn fell_blast<R: Rng + ?Sized>(
    rng: &mut R,
    discipline: u8,
    bonus: u32,
    mode: FellBlastMode,
    target_successes: &[u32],
    health: &mut Health,
) -> RulesResult<FellBlastOutcome> {
    let pool = Pool::ability(discipline, bonus, 0, 0)?;
    if mode == FellBlastMode::Single && target_successes.len() != 1 {
        return Err(RulesError::out_of_range(
            "targets",
            target_successes.len() as i64,
            1,
            1,
        ));
    }
    RulesError::check_range("targets", target_successes.len() as i64, 1, 50)?;
    check_caster(health, 1)?;
    let self_damage = health.take_damage(1)?;
    let roll = roll_pool(rng, pool.dice())?;
    let mine = roll.successes();
    let dice = if mode == FellBlastMode::Single { 4 } else { 2 };
    let mut hits = Vec::with_capacity(target_successes.len());
    for &t in target_successes {
        if mine > t {
            let r = roll_pool(rng, dice)?;
            let d = r.successes();
            hits.push(Some((r, d)));
        } else {
            hits.push(None);
        }
    }
    Ok(FellBlastOutcome {
        roll,
        hits,
        self_damage,
    })
}

/// Infuses a spell ("2. Infusing Spells"): drains (exhausts) the runestone and stores the
/// energy. Refused if already exhausted or infused.
pub fn infuse(known: &mut KnownSpell) -> RulesResult<()> {
    let spell = known.spell()?;
    if spell.fixed_ob().is_none() {
        return Err(RulesError::not_allowed("Fell Blast cannot be infused"));
    }
    if known.infused {
        return Err(RulesError::not_allowed("That spell is already infused"));
    }
    if known.exhausted {
        return Err(RulesError::not_allowed(
            "The runestone is exhausted until a long rest",
        ));
    }
    known.exhausted = true;
    known.infused = true;
    Ok(())
}

/// Releases an infusion to block 1 point of physical damage ("2. Infusing Spells"); returns the
/// damage left.
pub fn release_infusion_block(known: &mut KnownSpell, incoming: u32) -> RulesResult<u32> {
    if !known.infused {
        return Err(RulesError::not_allowed("Nothing is infused"));
    }
    known.infused = false;
    Ok(incoming.saturating_sub(1))
}

/// Releases an infusion to add +Ob bonus dice, all at once, to one test or save, at the cost of
/// 1 HP ("2. Infusing Spells"). Returns the bonus dice.
pub fn release_infusion_boost(known: &mut KnownSpell, health: &mut Health) -> RulesResult<u32> {
    if !known.infused {
        return Err(RulesError::not_allowed("Nothing is infused"));
    }
    let ob = known.spell()?.fixed_ob().unwrap_or(0);
    check_caster(health, 1)?;
    health.take_damage(1)?;
    known.infused = false;
    Ok(u32::from(ob))
}

/// Result of a Spell Mastery check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum MasteryOutcome {
    /// Learned: the spell joins the known spells.
    Learned {
        /// The check.
        test: TestOutcome,
        /// The new runestone state.
        spell: KnownSpell,
    },
    /// Failed: never learnable, and a Down and Out check without armour's help.
    Failed {
        /// The check.
        test: TestOutcome,
        /// The Down and Out roll.
        down_and_out: TableRoll<DownAndOutReading>,
    },
}

/// Spell Mastery for a plundered runestone ("3. Acquiring Spells"): the spell's Ability at
/// its Ob + 1. Failure: never learnable (the name is added to `never_learnable`) and a Down and
/// Out check that armour does not soften. Refused for spells already known or unlearnable.
pub fn spell_mastery<R: Rng + ?Sized>(
    rng: &mut R,
    name: &str,
    ability: u8,
    known: &[KnownSpell],
    never_learnable: &mut Vec<String>,
    health: &mut Health,
) -> RulesResult<MasteryOutcome> {
    let spell = find_spell(name)?;
    let Some(ob) = spell.fixed_ob() else {
        return Err(RulesError::not_allowed(
            "Fell Blast is not learned from runestones",
        ));
    };
    if known.iter().any(|k| k.name == spell.name) {
        return Err(RulesError::not_allowed("That spell is already known"));
    }
    if never_learnable.iter().any(|n| n == spell.name) {
        return Err(RulesError::not_allowed(
            "A failed Spell Mastery means this spell can never be learned",
        ));
    }
    if health.dead {
        return Err(RulesError::not_allowed(
            "A dead character cannot master a spell",
        ));
    }
    let pool = Pool::ability(ability, 0, 0, 0)?;
    let test = independent_test(rng, pool.dice(), u32::from(ob) + 1, 0)?;
    if test.passed {
        Ok(MasteryOutcome::Learned {
            test,
            spell: KnownSpell::new(spell.name)?,
        })
    } else {
        never_learnable.push(spell.name.to_string());
        // The backlash is a check of its own, on top of any a fall owes: it must not settle one.
        let down_and_out = down_and_out_roll(rng, false);
        health.apply_unowed_down_and_out(down_and_out.reading)?;
        Ok(MasteryOutcome::Failed { test, down_and_out })
    }
}

/// The Fell Blast catalogue entry, for the UI.
pub fn fell_blast_spell() -> &'static Spell {
    &FELL_BLAST
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn channel_costs_one_hp_and_sets_potency() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let mut k = KnownSpell::new("Leech").unwrap();
        let mut h = Health::new(6).unwrap();
        let mut p = Purse::new(2).unwrap();
        let setup = ChannelingSetup {
            ability: 4,
            armour: 1,
            ritual_cash: 2,
            duration: Some(DurationUnit::Rounds),
            ..Default::default()
        };
        let o = channel(&mut rng, &mut k, &setup, &mut h, &mut p).unwrap();
        assert_eq!(o.objective.ob, 5);
        assert_eq!(h.hp, 5);
        assert_eq!(p.cash, 0);
        // 2 base + 4 Might + 2 ritual dice.
        assert_eq!(o.test.roll.dice.len(), 8);
        assert_eq!(o.potency, o.test.successes);
        assert_eq!(k.exhausted, !o.test.passed);
        // The effect occurs whatever the result: a round per Success, passed or failed.
        assert_eq!(o.duration.map(|d| d.count), Some(o.potency));
        assert_eq!(
            k.active.map(|d| d.count),
            (o.potency > 0).then_some(o.potency)
        );
        assert!(!o.replaced_previous);
        k.exhausted = false;
        let again = channel(&mut rng, &mut k, &setup_no_cash(), &mut h, &mut p).unwrap();
        // Casting again ends whatever the first left running, whether either passed.
        assert_eq!(again.replaced_previous, o.potency > 0);
        assert_eq!(
            k.active.map(|d| d.count),
            (again.potency > 0).then_some(again.potency)
        );
    }

    fn setup_no_cash() -> ChannelingSetup {
        ChannelingSetup {
            ability: 4,
            duration: Some(DurationUnit::Rounds),
            ..Default::default()
        }
    }

    #[test]
    fn exhausted_rune_is_refused_without_change() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut k = KnownSpell::new("Bind").unwrap();
        k.exhausted = true;
        let mut h = Health::new(6).unwrap();
        let mut p = Purse::new(0).unwrap();
        let setup = ChannelingSetup {
            ability: 3,
            ..Default::default()
        };
        assert!(channel(&mut rng, &mut k, &setup, &mut h, &mut p).is_err());
        assert_eq!(h.hp, 6);
        k.long_rest();
        assert!(!k.exhausted);
    }

    #[test]
    fn infusion_cycle() {
        let mut k = KnownSpell::new("Carapace").unwrap();
        let mut h = Health::new(5).unwrap();
        infuse(&mut k).unwrap();
        assert!(k.exhausted && k.infused);
        assert!(infuse(&mut k).is_err());
        assert_eq!(release_infusion_boost(&mut k, &mut h).unwrap(), 4);
        assert_eq!(h.hp, 4);
        assert!(release_infusion_block(&mut k, 3).is_err());
    }

    #[test]
    fn unknown_spell_is_refused() {
        assert!(matches!(
            KnownSpell::new("Fireball"),
            Err(RulesError::UnknownSpell { .. })
        ));
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(
            duration_from_potency(DurationUnit::ExplorationTurns, 3).words(),
            "3 exploration turns"
        );
        assert_eq!(
            duration_from_potency(DurationUnit::Days, 1).words(),
            "1 day"
        );
    }
}
