//! Combat Checks ("Combat and Damage Procedures": "Surprise and Initiative", "Combat Checks",
//! "Dealing Damage", "Full Defense", "Backstabbing", "Ganging Up", "Firing Into Melee",
//! "Variable Damage").

use super::dice::{
    Ability, MAX_POOL, PoolRoll, VersusOutcome, VersusResult, roll_pool, versus_test,
};
use super::error::{RulesError, RulesResult};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Most combatants in one exchange.
pub const MAX_COMBATANTS: usize = 100;

/// What a combatant does this round, which fixes the Ability tested ("Combat Checks", "Full
/// Defense").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CombatAction {
    /// Swords, axes, bows, javelins: Might.
    HardAttack,
    /// Knives, crossbows, firearms: Agility.
    FastAttack,
    /// A non-combatant cowering or dodging: Agility + 1d.
    NonCombatant,
    /// A witch's elemental blast: Discipline.
    WitchBlast,
    /// Channeling a spell: the spell's Ability.
    Channeling(Ability),
    /// Full defense: Agility + 1d, or Might + 1d with a shield.
    FullDefense {
        /// Wielding a shield.
        shield: bool,
    },
}

impl CombatAction {
    /// Whether winning the exchange wounds the one this fighter threatens. Not on full defense
    /// or dodging ("Full Defense": all attention and effort on evading), and not while
    /// channeling, whose win is the power taking effect instead ("Dealing Damage": "or your
    /// power takes effect, if channeling a spell").
    pub fn deals_damage(self) -> bool {
        !matches!(
            self,
            CombatAction::NonCombatant
                | CombatAction::Channeling(_)
                | CombatAction::FullDefense { .. }
        )
    }

    /// What the fighter does, for a sentence: "is on full defense".
    pub fn doing(self) -> &'static str {
        match self {
            CombatAction::HardAttack | CombatAction::FastAttack => "attacks",
            CombatAction::NonCombatant => "dodges",
            CombatAction::WitchBlast => "blasts",
            CombatAction::Channeling(_) => "channels",
            CombatAction::FullDefense { .. } => "is on full defense",
        }
    }
}

/// The Ability and bonus dice for a combat action ("Combat Checks", "Full Defense").
pub fn combat_ability(action: CombatAction) -> (Ability, u32) {
    match action {
        CombatAction::HardAttack => (Ability::Might, 0),
        CombatAction::FastAttack => (Ability::Agility, 0),
        CombatAction::NonCombatant => (Ability::Agility, 1),
        CombatAction::WitchBlast => (Ability::Discipline, 0),
        CombatAction::Channeling(a) => (a, 0),
        CombatAction::FullDefense { shield: true } => (Ability::Might, 1),
        CombatAction::FullDefense { shield: false } => (Ability::Agility, 1),
    }
}

/// One participant of an exchange.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combatant {
    /// Name for the log.
    pub name: String,
    /// Dice rolled for the Combat Check (already including bonus/penalty dice).
    pub dice: u32,
    /// Free successes (+Ns): each adds 1 damage on a win.
    pub free_successes: u32,
    /// Helpless: rolls nothing, counts 0 Successes, threatens nobody ("Backstabbing").
    pub helpless: bool,
}

/// Who threatens whom: `(attacker index, target index)`.
pub type Threat = (usize, usize);

/// Result of one exchange.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExchangeOutcome {
    /// Each combatant's roll (empty for the helpless).
    pub rolls: Vec<PoolRoll>,
    /// Each combatant's Successes.
    pub successes: Vec<u32>,
    /// Damage each combatant takes.
    pub damage: Vec<u32>,
    /// One line per pairing, e.g. `"Ada beats Orc by 2: Orc takes 2"`.
    pub log: Vec<String>,
}

fn validate_exchange(combatants: &[Combatant], threats: &[Threat]) -> RulesResult<()> {
    RulesError::check_range(
        "combatants",
        combatants.len() as i64,
        1,
        MAX_COMBATANTS as i64,
    )?;
    for c in combatants {
        RulesError::check_range("dice", i64::from(c.dice), 0, i64::from(MAX_POOL))?;
        RulesError::check_range(
            "free successes",
            i64::from(c.free_successes),
            0,
            i64::from(MAX_POOL),
        )?;
    }
    let max = combatants.len() as i64 - 1;
    for &(a, t) in threats {
        RulesError::check_range("threat attacker", a as i64, 0, max)?;
        RulesError::check_range("threat target", t as i64, 0, max)?;
        if a == t {
            return Err(RulesError::not_allowed("A fighter cannot threaten itself"));
        }
    }
    Ok(())
}

/// Resolves an exchange from known Successes ("Dealing Damage", "Backstabbing"): for each
/// pairing in which at least one side threatens the other, a threatening winner deals its
/// margin plus its +Ns; a tie deals 1 to both. The helpless threaten nobody; an attacker who
/// rolls 0 against a helpless target (a 0-0 "tie") deals nothing.
pub fn resolve_exchange(
    combatants: &[Combatant],
    successes: &[u32],
    threats: &[Threat],
) -> RulesResult<(Vec<u32>, Vec<String>)> {
    validate_exchange(combatants, threats)?;
    if successes.len() != combatants.len() {
        return Err(RulesError::out_of_range(
            "successes",
            successes.len() as i64,
            combatants.len() as i64,
            combatants.len() as i64,
        ));
    }
    let mut damage = vec![0u32; combatants.len()];
    let mut log = Vec::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for &(a, t) in threats {
        if combatants.get(a).is_some_and(|c| c.helpless) {
            continue;
        }
        let key = (a.min(t), a.max(t));
        if !pairs.contains(&key) {
            pairs.push(key);
        }
    }
    let threatens = |x: usize, y: usize| {
        threats.contains(&(x, y)) && combatants.get(x).is_some_and(|c| !c.helpless)
    };
    for (x, y) in pairs {
        let (Some(cx), Some(cy)) = (combatants.get(x), combatants.get(y)) else {
            continue;
        };
        let sx = successes.get(x).copied().unwrap_or(0);
        let sy = successes.get(y).copied().unwrap_or(0);
        if sx == sy {
            if cx.helpless || cy.helpless {
                log.push(format!("{} and {}: no effect", cx.name, cy.name));
                continue;
            }
            for i in [x, y] {
                if let Some(d) = damage.get_mut(i) {
                    *d = d.saturating_add(1);
                }
            }
            log.push(format!("{} and {} tie: both take 1", cx.name, cy.name));
            continue;
        }
        let (w, l, cw, cl, margin) = if sx > sy {
            (x, y, cx, cy, sx - sy)
        } else {
            (y, x, cy, cx, sy - sx)
        };
        if threatens(w, l) {
            let dealt = margin.saturating_add(cw.free_successes);
            if let Some(d) = damage.get_mut(l) {
                *d = d.saturating_add(dealt);
            }
            log.push(format!(
                "{} beats {} by {margin}: {} takes {dealt}",
                cw.name, cl.name, cl.name
            ));
        } else {
            log.push(format!(
                "{} beats {} by {margin} but does not threaten them: no damage",
                cw.name, cl.name
            ));
        }
    }
    Ok((damage, log))
}

/// Rolls and resolves a Combat Check exchange ("Combat Checks", "Dealing Damage").
pub fn combat_exchange<R: Rng + ?Sized>(
    rng: &mut R,
    combatants: &[Combatant],
    threats: &[Threat],
) -> RulesResult<ExchangeOutcome> {
    validate_exchange(combatants, threats)?;
    let mut rolls = Vec::with_capacity(combatants.len());
    for c in combatants {
        rolls.push(if c.helpless {
            PoolRoll::default()
        } else {
            roll_pool(rng, c.dice)?
        });
    }
    let successes: Vec<u32> = rolls.iter().map(PoolRoll::successes).collect();
    let (damage, log) = resolve_exchange(combatants, &successes, threats)?;
    Ok(ExchangeOutcome {
        rolls,
        successes,
        damage,
        log,
    })
}

/// How an ambush's Acuity save reads ("Surprise and Initiative"; "Perceive Danger" is Acuity
/// against the ambushers' Agility).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AmbushReading {
    /// The lookout out-rolls the ambusher: the danger is seen in time, no free round.
    Spotted,
    /// Equal Successes: a tie (RULINGS, "Versus tie outside combat"), so not a clean surprise.
    /// The reactive side is not caught helpless: no free round.
    Tie,
    /// The ambusher out-rolls the lookout: the ambushers take a free round.
    Surprised,
}

impl AmbushReading {
    /// Whether the ambushers take a free round.
    pub fn free_round(self) -> bool {
        self == AmbushReading::Surprised
    }
}

/// An ambush's Acuity save: the lookout's roll against the ambusher's, and its reading.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AmbushSave {
    /// The versus test from the lookout's side (A is the lookout, B the ambusher).
    pub test: VersusOutcome,
    /// What it means for the fight.
    pub reading: AmbushReading,
}

/// Rolls the reactive side's Acuity save against an ambush ("Surprise and Initiative",
/// "Perceive Danger"): the lookout's pool (2 + Acuity for a character) against the ambusher's
/// (2 + Agility, or an adversary's pool). Only a lost save gives the ambushers a free round.
pub fn ambush_save<R: Rng + ?Sized>(
    rng: &mut R,
    lookout_dice: u32,
    ambusher_dice: u32,
) -> RulesResult<AmbushSave> {
    let test = versus_test(rng, lookout_dice, ambusher_dice, 0, 0)?;
    let reading = match test.result {
        VersusResult::Win => AmbushReading::Spotted,
        VersusResult::Tie => AmbushReading::Tie,
        VersusResult::Lose => AmbushReading::Surprised,
    };
    Ok(AmbushSave { test, reading })
}

/// Leader's pool when ganging up ("Ganging Up"): +1d per supporting ally.
pub fn gang_up_dice(leader_dice: u32, allies: u32) -> RulesResult<u32> {
    let total = u64::from(leader_dice) + u64::from(allies);
    RulesError::check_range(
        "gang pool",
        i64::try_from(total).unwrap_or(i64::MAX),
        0,
        i64::from(MAX_POOL),
    )?;
    Ok(total as u32)
}

/// Damage of a ganging-up exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GangOutcome {
    /// Damage to the target.
    pub to_target: u32,
    /// Damage to the leader and, equally, to each supporting ally.
    pub to_each_member: u32,
    /// Members hit: the leader plus every ally (when the target wins or ties).
    pub members_hit: u32,
}

/// Resolves ganging up ("Ganging Up"): the leader's single check against the target; if the
/// target wins, the leader and each ally take the target's margin (+Ns). A tie deals 1 to the
/// target and to every member of the gang (every participant of the exchange).
pub fn resolve_gang_up(
    leader_successes: u32,
    leader_free: u32,
    target_successes: u32,
    target_free: u32,
    allies: u32,
) -> GangOutcome {
    use std::cmp::Ordering;
    let members = allies.saturating_add(1);
    match leader_successes.cmp(&target_successes) {
        Ordering::Greater => GangOutcome {
            to_target: (leader_successes - target_successes).saturating_add(leader_free),
            to_each_member: 0,
            members_hit: 0,
        },
        Ordering::Less => GangOutcome {
            to_target: 0,
            to_each_member: (target_successes - leader_successes).saturating_add(target_free),
            members_hit: members,
        },
        Ordering::Equal => GangOutcome {
            to_target: 1,
            to_each_member: 1,
            members_hit: members,
        },
    }
}

/// A shooter's pool when firing into melee ("Firing Into Melee"): -1d, never below 0.
pub fn firing_into_melee_dice(dice: u32) -> u32 {
    dice.saturating_sub(1)
}

/// A stray shot ("Firing Into Melee").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StrayShot {
    /// Index (into the engaged allies) of the ally hit, chosen at random.
    pub ally: usize,
    /// The 3d rolled.
    pub roll: PoolRoll,
    /// Damage dealt.
    pub damage: u32,
}

/// Checks for a stray shot ("Firing Into Melee"): losing by more than 3 deals 3d to a random
/// engaged ally. `None` when the shot was not that bad or no ally is engaged.
pub fn stray_shot<R: Rng + ?Sized>(
    rng: &mut R,
    shooter_successes: u32,
    target_successes: u32,
    engaged_allies: usize,
) -> RulesResult<Option<StrayShot>> {
    RulesError::check_range(
        "engaged allies",
        engaged_allies as i64,
        0,
        MAX_COMBATANTS as i64,
    )?;
    if target_successes.saturating_sub(shooter_successes) <= 3 || engaged_allies == 0 {
        return Ok(None);
    }
    let ally = rng.random_range(0..engaged_allies);
    let roll = roll_pool(rng, 3)?;
    let damage = roll.successes();
    Ok(Some(StrayShot { ally, roll, damage }))
}

/// Variable damage result ("Variable Damage").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VariableDamage {
    /// The damage dice.
    pub roll: PoolRoll,
    /// Successes + free successes, before any halving.
    pub full: u32,
    /// Damage dealt: halved and rounded up after a successful Save.
    pub damage: u32,
}

/// Halves damage for a successful Save ("Rounding and Division": add +Ns first, round up).
pub fn halve_damage(rolled: u32, free: u32) -> u32 {
    rolled.saturating_add(free).div_ceil(2)
}

/// Rolls `n`d variable damage ("Variable Damage"): each Success 1 damage, plus +Ns; a
/// successful Save halves it rounding up (the pool is never reduced before rolling).
pub fn variable_damage<R: Rng + ?Sized>(
    rng: &mut R,
    n: u32,
    free: u32,
    saved: bool,
) -> RulesResult<VariableDamage> {
    RulesError::check_range("free successes", i64::from(free), 0, i64::from(MAX_POOL))?;
    let roll = roll_pool(rng, n)?;
    let full = roll.successes() + free;
    let damage = if saved {
        halve_damage(roll.successes(), free)
    } else {
        full
    };
    Ok(VariableDamage { roll, full, damage })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn c(name: &str, helpless: bool) -> Combatant {
        Combatant {
            name: name.into(),
            dice: 4,
            free_successes: 0,
            helpless,
        }
    }

    #[test]
    fn margins_and_ties() {
        let cs = vec![c("A", false), c("B", false), c("C", false)];
        // A and B threaten each other; C threatens B only.
        let threats = [(0, 1), (1, 0), (2, 1)];
        // A 3 vs B 1: B takes 2. C 1 vs B 1 tie: both take 1.
        let (dmg, log) = resolve_exchange(&cs, &[3, 1, 1], &threats).unwrap();
        assert_eq!(dmg, vec![0, 3, 1]);
        assert_eq!(log.len(), 2);
        // B beats C, but B does not threaten C: no damage.
        let (dmg, _) = resolve_exchange(&cs, &[1, 1, 0], &[(2, 1)]).unwrap();
        assert_eq!(dmg, vec![0, 0, 0]);
    }

    #[test]
    fn helpless_targets_take_full_successes() {
        let cs = vec![c("A", false), c("Sleeper", true)];
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let out = combat_exchange(&mut rng, &cs, &[(0, 1), (1, 0)]).unwrap();
        assert!(out.rolls[1].dice.is_empty());
        assert_eq!(out.damage[1], out.successes[0]);
        assert_eq!(out.damage[0], 0);
    }

    #[test]
    fn gang_up_spreads_damage() {
        assert_eq!(gang_up_dice(4, 3).unwrap(), 7);
        let g = resolve_gang_up(2, 0, 4, 1, 2);
        assert_eq!((g.to_each_member, g.members_hit), (3, 3));
        let g = resolve_gang_up(2, 0, 2, 0, 2);
        assert_eq!((g.to_target, g.to_each_member), (1, 1));
    }

    #[test]
    fn stray_shots_only_past_three() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        assert!(stray_shot(&mut rng, 1, 4, 2).unwrap().is_none());
        let s = stray_shot(&mut rng, 0, 4, 2).unwrap().unwrap();
        assert!(s.ally < 2);
        assert_eq!(s.roll.dice.len(), 3);
        assert_eq!(firing_into_melee_dice(0), 0);
    }

    #[test]
    fn abilities_by_action() {
        assert_eq!(
            combat_ability(CombatAction::HardAttack),
            (Ability::Might, 0)
        );
        assert_eq!(
            combat_ability(CombatAction::NonCombatant),
            (Ability::Agility, 1)
        );
        assert_eq!(
            combat_ability(CombatAction::FullDefense { shield: true }),
            (Ability::Might, 1)
        );
        assert_eq!(
            combat_ability(CombatAction::WitchBlast),
            (Ability::Discipline, 0)
        );
    }

    #[test]
    fn an_ambush_is_a_free_round_only_when_the_lookout_loses() {
        assert!(AmbushReading::Surprised.free_round());
        assert!(!AmbushReading::Tie.free_round());
        assert!(!AmbushReading::Spotted.free_round());
        // A lookout with no dice never wins; against no dice either, it is a tie.
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let s = ambush_save(&mut rng, 0, 0).unwrap();
        assert_eq!(s.reading, AmbushReading::Tie);
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let s = ambush_save(&mut rng, 0, 6).unwrap();
            assert_ne!(s.reading, AmbushReading::Spotted);
            assert_eq!(
                s.reading == AmbushReading::Surprised,
                s.test.b_successes > 0
            );
        }
        assert!(ambush_save(&mut rng, MAX_POOL + 1, 1).is_err());
    }

    #[test]
    fn halving_adds_free_successes_first() {
        // 3 rolled + 2 free = 5, halved rounding up = 3.
        assert_eq!(halve_damage(3, 2), 3);
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let v = variable_damage(&mut rng, 6, 0, true).unwrap();
        assert_eq!(v.damage, v.roll.successes().div_ceil(2));
    }
}
