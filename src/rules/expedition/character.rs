//! The Expedition character the sheet stores ("3. Statistics", "III. Character Guide") and its
//! validation, which reports every out-of-range value by field name and allowed range.

use super::combat::{CombatAction, combat_ability};
use super::dice::{Ability, Pool};
use super::downtime::{Downtime, DowntimeAction};
use super::error::{RulesError, RulesResult};
use super::harm::{Health, MAX_BONUS_HP, MAX_HP};
use super::improvement::{
    ImprovementOutcome, Stat, attempt_improvement, improvement_ob, improvement_refusal,
};
use super::magic::KnownSpell;
use super::money::{
    HopelessStake, MAX_CASH, PurchaseOutcome, Purse, purchase, purchase_plan, runestone_cost,
};
use super::social::{ProjectClock, Reputation, Stronghold};
use super::spells::find_spell;
use crate::rules::inventory::Inventory;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// The five Natural Abilities, each 1-8 ("Natural Abilities").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Abilities {
    /// Might.
    pub might: u8,
    /// Agility.
    pub agility: u8,
    /// Presence.
    pub presence: u8,
    /// Acuity.
    pub acuity: u8,
    /// Discipline.
    pub discipline: u8,
}

impl Abilities {
    /// The rating of one Ability.
    pub fn get(&self, a: Ability) -> u8 {
        match a {
            Ability::Might => self.might,
            Ability::Agility => self.agility,
            Ability::Presence => self.presence,
            Ability::Acuity => self.acuity,
            Ability::Discipline => self.discipline,
        }
    }

    fn get_mut(&mut self, a: Ability) -> &mut u8 {
        match a {
            Ability::Might => &mut self.might,
            Ability::Agility => &mut self.agility,
            Ability::Presence => &mut self.presence,
            Ability::Acuity => &mut self.acuity,
            Ability::Discipline => &mut self.discipline,
        }
    }
}

/// A follower, hireling or animal ("3. Followers, Hirelings, and Animal Companions").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CompanionKind {
    /// Loyal, controlled by the player, no morale checks.
    Follower,
    /// Hired for a task; checks morale by contested Presence.
    Hireling,
    /// A trained beast, bought: follows commands until it fails a Morale Check (the Referee's
    /// d6 by disposition).
    Animal,
    /// An animal companion: an animal Follower, loyal, no morale checks.
    AnimalCompanion,
}

/// An NPC travelling with the character: Pool, Role and HP ("3. Followers, Hirelings").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Companion {
    /// Name.
    pub name: String,
    /// Kind.
    pub kind: CompanionKind,
    /// Role tag, e.g. "Torchbearer".
    pub role: String,
    /// Pool 0-12.
    pub pool: u8,
    /// Current HP, 0..=max_hp.
    pub hp: u8,
    /// Maximum HP 1-20.
    pub max_hp: u8,
    /// The last morale outcome (hirelings: contested Presence), if any was rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub morale: Option<super::tables::MoraleReading>,
}

/// The stored Expedition character.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Character {
    /// Name.
    pub name: String,
    /// Natural Abilities.
    pub abilities: Abilities,
    /// HP, bonus HP, lingering wounds, scars.
    pub health: Health,
    /// Wealth 0-10.
    pub wealth: u8,
    /// Cash and its ledger.
    pub purse: Purse,
    /// Connections 0-6.
    pub connections: u8,
    /// Reputation per faction, -6..+6.
    pub reputation: Vec<Reputation>,
    /// Wises.
    pub wises: Vec<String>,
    /// Strongholds, ratings 1-6.
    pub strongholds: Vec<Stronghold>,
    /// Spells known with their runestone state.
    pub spells: Vec<KnownSpell>,
    /// Spells a failed Spell Mastery put out of reach for good.
    pub never_learnable: Vec<String>,
    /// Followers, hirelings and animals.
    pub companions: Vec<Companion>,
    /// Slots and carriers.
    pub inventory: Inventory,
    /// Project clocks.
    pub projects: Vec<ProjectClock>,
    /// Statistics attempted this session (each once per session).
    pub improved_this_session: Vec<Stat>,
    /// Whether the party is in a Haven phase.
    pub in_haven: bool,
    /// The Haven's weeks: this week's downtime action and the circles caroused with.
    #[serde(default)]
    pub downtime: Downtime,
}

fn push_range(errs: &mut Vec<RulesError>, field: &str, v: i64, min: i64, max: i64) {
    if let Err(e) = RulesError::check_range(field, v, min, max) {
        errs.push(e);
    }
}

impl Character {
    /// A new character; every field is checked and every problem reported at once.
    pub fn new(
        name: &str,
        abilities: Abilities,
        max_hp: u32,
        wealth: u8,
        cash: u32,
    ) -> Result<Self, Vec<RulesError>> {
        let c = Character {
            name: name.to_string(),
            abilities,
            health: Health {
                hp: max_hp,
                max_hp,
                bonus_hp: 0,
                lingering_wounds: 0,
                scars: 0,
                dead: false,
                pending_down_and_out: 0,
                short_rest_taken: false,
            },
            wealth,
            purse: Purse {
                cash,
                ..Default::default()
            },
            connections: 0,
            reputation: Vec::new(),
            wises: Vec::new(),
            strongholds: Vec::new(),
            spells: Vec::new(),
            never_learnable: Vec::new(),
            companions: Vec::new(),
            inventory: Inventory::new(name),
            projects: Vec::new(),
            improved_this_session: Vec::new(),
            in_haven: false,
            downtime: Downtime::default(),
        };
        let errs = c.validate();
        if errs.is_empty() { Ok(c) } else { Err(errs) }
    }

    /// Every out-of-range value, by field name and allowed range (empty when valid).
    pub fn validate(&self) -> Vec<RulesError> {
        let mut e = Vec::new();
        for a in Ability::ALL {
            push_range(
                &mut e,
                &format!("abilities.{}", a.name().to_lowercase()),
                i64::from(self.abilities.get(a)),
                1,
                8,
            );
        }
        let h = &self.health;
        push_range(
            &mut e,
            "health.max_hp",
            i64::from(h.max_hp),
            0,
            i64::from(MAX_HP),
        );
        push_range(
            &mut e,
            "health.hp",
            i64::from(h.hp),
            0,
            i64::from(h.max_hp.min(MAX_HP)),
        );
        push_range(
            &mut e,
            "health.bonus_hp",
            i64::from(h.bonus_hp),
            0,
            i64::from(MAX_BONUS_HP),
        );
        push_range(
            &mut e,
            "health.lingering_wounds",
            i64::from(h.lingering_wounds),
            0,
            100,
        );
        push_range(&mut e, "health.scars", i64::from(h.scars), 0, 1000);
        push_range(
            &mut e,
            "health.pending_down_and_out",
            i64::from(h.pending_down_and_out),
            0,
            1000,
        );
        push_range(&mut e, "wealth", i64::from(self.wealth), 0, 10);
        push_range(
            &mut e,
            "purse.cash",
            i64::from(self.purse.cash),
            0,
            i64::from(MAX_CASH),
        );
        push_range(&mut e, "connections", i64::from(self.connections), 0, 6);
        for (i, r) in self.reputation.iter().enumerate() {
            push_range(
                &mut e,
                &format!("reputation[{i}] ({})", r.faction),
                i64::from(r.score),
                -6,
                6,
            );
        }
        for (i, s) in self.strongholds.iter().enumerate() {
            push_range(
                &mut e,
                &format!("strongholds[{i}].rating"),
                i64::from(s.rating),
                1,
                6,
            );
            push_range(
                &mut e,
                &format!("strongholds[{i}].tags_due"),
                i64::from(s.tags_due),
                0,
                12,
            );
        }
        push_range(
            &mut e,
            "downtime.circles",
            self.downtime.circles.len() as i64,
            0,
            super::downtime::MAX_CIRCLES as i64,
        );
        for (i, s) in self.spells.iter().enumerate() {
            if find_spell(&s.name).is_err() {
                e.push(RulesError::UnknownSpell {
                    name: format!("spells[{i}]: {}", s.name),
                });
            }
        }
        for (i, c) in self.companions.iter().enumerate() {
            push_range(
                &mut e,
                &format!("companions[{i}].pool"),
                i64::from(c.pool),
                0,
                12,
            );
            push_range(
                &mut e,
                &format!("companions[{i}].max_hp"),
                i64::from(c.max_hp),
                1,
                20,
            );
            push_range(
                &mut e,
                &format!("companions[{i}].hp"),
                i64::from(c.hp),
                0,
                i64::from(c.max_hp),
            );
        }
        for (i, c) in self.projects.iter().enumerate() {
            push_range(
                &mut e,
                &format!("projects[{i}].size"),
                i64::from(c.size),
                2,
                8,
            );
            push_range(
                &mut e,
                &format!("projects[{i}].filled"),
                i64::from(c.filled),
                0,
                i64::from(c.size),
            );
        }
        e.extend(self.inventory.validate());
        e
    }

    /// Ability test pool for this character ("The Basics").
    pub fn ability_pool(
        &self,
        a: Ability,
        bonus: u32,
        penalty: u32,
        helping: u32,
    ) -> RulesResult<Pool> {
        Pool::ability(self.abilities.get(a), bonus, penalty, helping)
    }

    /// Combat Check pool for an action ("Combat Checks", "Full Defense"): the action's Ability
    /// with its bonus die, plus any other bonus or penalty dice.
    pub fn combat_pool(&self, action: CombatAction, bonus: u32, penalty: u32) -> RulesResult<Pool> {
        let (a, extra) = combat_ability(action);
        Pool::ability(
            self.abilities.get(a),
            bonus.saturating_add(extra),
            penalty,
            0,
        )
    }

    /// Buys a runestone ("Purchasing Runestones (Spells Known)"): Cost 3 x the spell's Ob by
    /// the purchase rule, and the spell is learned with no Mastery check when bought. Unknown,
    /// already known and never-learnable spells are refused before any Cash is spent.
    pub fn buy_runestone<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        name: &str,
        scarcity: u32,
        wager: u32,
    ) -> RulesResult<PurchaseOutcome> {
        let spell = find_spell(name)?;
        let Some(ob) = spell.fixed_ob() else {
            return Err(RulesError::not_allowed(
                "Fell Blast is not sold as a runestone",
            ));
        };
        if self.spells.iter().any(|s| s.name == spell.name) {
            return Err(RulesError::not_allowed("That spell is already known"));
        }
        if self.never_learnable.iter().any(|n| n == spell.name) {
            return Err(RulesError::not_allowed(
                "A failed Spell Mastery means this spell can never be learned",
            ));
        }
        let cost = runestone_cost(ob)?;
        let what = format!("runestone of {}", spell.name);
        let out = purchase(
            rng,
            self.wealth,
            cost,
            scarcity,
            wager,
            &mut self.purse,
            &what,
        )?;
        if out.acquired {
            self.spells.push(KnownSpell::new(spell.name)?);
        }
        Ok(out)
    }

    /// Current rank of an improvable statistic.
    pub fn rank(&self, stat: &Stat) -> RulesResult<u32> {
        Ok(match stat {
            Stat::Ability(a) => u32::from(self.abilities.get(*a)),
            Stat::Wealth => u32::from(self.wealth),
            Stat::HitPoints => self.health.max_hp,
            Stat::Connections => u32::from(self.connections),
            Stat::Stronghold(n) => u32::from(
                self.strongholds
                    .iter()
                    .find(|s| &s.name == n)
                    .map_or(0, |s| s.rating),
            ),
        })
    }

    /// Attempts an improvement and applies the new rank ("Experience (Improving Statistics)").
    /// A new Stronghold (rank 0 to 1) is created with that name. Max HP gained also adds 1 HP.
    pub fn improve<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        stat: &Stat,
        wager: u32,
    ) -> RulesResult<ImprovementOutcome> {
        let current = self.rank(stat)?;
        if let Some(e) = self.training_refusal(stat) {
            return Err(e);
        }
        let out = attempt_improvement(
            rng,
            stat,
            current,
            wager,
            self.in_haven,
            &mut self.improved_this_session,
            &mut self.purse,
        )?;
        self.downtime.taken = Some(DowntimeAction::Training);
        if out.new_rank > current {
            let r = out.new_rank;
            match stat {
                Stat::Ability(a) => *self.abilities.get_mut(*a) = r.min(8) as u8,
                Stat::Wealth => self.wealth = r.min(10) as u8,
                Stat::HitPoints => {
                    self.health.max_hp = r.min(MAX_HP);
                    self.health.hp = self.health.hp.saturating_add(1).min(self.health.max_hp);
                }
                Stat::Connections => self.connections = r.min(6) as u8,
                Stat::Stronghold(n) => {
                    if let Some(s) = self.strongholds.iter_mut().find(|s| &s.name == n) {
                        s.rise(r.min(6) as u8)?;
                    } else {
                        self.strongholds.push(Stronghold::founded(n)?);
                    }
                }
            }
        }
        Ok(out)
    }

    /// Why an attempt to improve `stat` would be refused now: outside a Haven, already tried
    /// this session, at its maximum, or this week's downtime action already taken.
    pub fn training_refusal(&self, stat: &Stat) -> Option<RulesError> {
        let current = self.rank(stat).ok()?;
        improvement_refusal(stat, current, self.in_haven, &self.improved_this_session).or_else(
            || {
                self.downtime
                    .refusal(self.in_haven, DowntimeAction::Training)
            },
        )
    }

    /// An improvement of `stat` by `wager` Cash dice that cannot succeed, asked about before
    /// it is rolled; `None` when it has a chance or would be refused for its own reason.
    pub fn improvement_stake(&self, stat: &Stat, wager: u32) -> Option<HopelessStake> {
        if self.training_refusal(stat).is_some() {
            return None;
        }
        let ob = improvement_ob(stat, stat.next_target(self.rank(stat).ok()?)).ok()?;
        HopelessStake::wager(wager, self.purse.cash, ob)
    }

    /// A runestone bought with a `wager` that cannot succeed (its Cost over Wealth by more
    /// than the dice can make); `None` when no wager is needed or it has a chance.
    pub fn runestone_stake(&self, name: &str, scarcity: u32, wager: u32) -> Option<HopelessStake> {
        let spell_ob = find_spell(name).ok()?.fixed_ob()?;
        let plan = purchase_plan(self.wealth, runestone_cost(spell_ob).ok()?, scarcity).ok()?;
        HopelessStake::wager(wager, self.purse.cash, plan.ob?)
    }

    /// Ticks project `i` as the week's downtime action ("Project Clocks": once a session, and
    /// only in downtime).
    pub fn tick_project(&mut self, i: usize) -> RulesResult<&ProjectClock> {
        let mut p = self
            .projects
            .get(i)
            .cloned()
            .ok_or_else(|| RulesError::not_allowed("That project is no longer there"))?;
        p.tick()?;
        self.downtime.take(self.in_haven, DowntimeAction::Project)?;
        self.projects[i] = p;
        Ok(&self.projects[i])
    }

    /// Starts a new session: Income, improvements and project ticks become available again.
    pub fn new_session(&mut self) {
        self.purse.new_session();
        self.improved_this_session.clear();
        for p in &mut self.projects {
            p.ticked_this_session = false;
        }
    }

    /// A long rest for this character's spells: each replenished ("Resting"). HP come back
    /// through [`super::harm::long_rest`]; the Blocks of armour and shields are the gear's
    /// (`Inventory::repair_blocks`).
    pub fn long_rest_spells(&mut self) {
        for s in &mut self.spells {
            s.long_rest();
        }
    }

    /// Reputation with a faction (0 when never recorded).
    pub fn reputation_with(&self, faction: &str) -> i8 {
        self.reputation
            .iter()
            .find(|r| r.faction == faction)
            .map_or(0, |r| r.score)
    }

    /// Learns a spell by purchase ("Purchasing Runestones"): no Mastery check. Unknown or
    /// already-known spells are refused.
    pub fn learn_spell(&mut self, name: &str) -> RulesResult<()> {
        let k = KnownSpell::new(name)?;
        if self.spells.iter().any(|s| s.name == k.name) {
            return Err(RulesError::not_allowed("That spell is already known"));
        }
        self.spells.push(k);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn abilities() -> Abilities {
        Abilities {
            might: 3,
            agility: 2,
            presence: 4,
            acuity: 1,
            discipline: 5,
        }
    }

    #[test]
    fn validation_reports_every_bad_field() {
        let bad = Abilities {
            might: 0,
            agility: 9,
            ..abilities()
        };
        let errs = Character::new("X", bad, 25, 11, 0).unwrap_err();
        let fields: Vec<String> = errs
            .iter()
            .filter_map(|e| match e {
                RulesError::OutOfRange { field, .. } => Some(field.clone()),
                _ => None,
            })
            .collect();
        for f in [
            "abilities.might",
            "abilities.agility",
            "health.max_hp",
            "wealth",
        ] {
            assert!(fields.iter().any(|x| x == f), "missing {f} in {fields:?}");
        }
        assert!(
            errs.iter()
                .any(|e| e.to_string().contains("between 1 and 8"))
        );
    }

    #[test]
    fn improvement_applies_rank() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut c = Character::new("Ada", abilities(), 6, 3, 30).unwrap();
        c.in_haven = true;
        let o = c.improve(&mut rng, &Stat::HitPoints, 20).unwrap();
        // Ob 7 on 20 dice.
        assert_eq!(o.test.ob, 7);
        assert_eq!(c.health.max_hp, if o.test.passed { 7 } else { 6 });
        assert_eq!(c.purse.cash, 10);
        assert!(c.improve(&mut rng, &Stat::HitPoints, 1).is_err());
        c.new_session();
        let e = c.improve(&mut rng, &Stat::HitPoints, 1).unwrap_err();
        assert!(e.to_string().contains("already went on training"), "{e}");
        c.downtime.next_week(true).unwrap();
        assert!(c.improve(&mut rng, &Stat::HitPoints, 1).is_ok());
    }

    #[test]
    fn runestone_purchase_learns_the_spell() {
        let mut rng = ChaCha8Rng::seed_from_u64(30);
        let mut c = Character::new("Ada", abilities(), 6, 10, 3).unwrap();
        // Conduit is Ob 2: Cost 6 <= Wealth 10, so one Cash die and no roll.
        let o = c.buy_runestone(&mut rng, "Conduit", 0, 0).unwrap();
        assert!(o.acquired && o.test.is_none());
        assert_eq!(c.purse.cash, 2);
        assert_eq!(c.spells.len(), 1);
        assert!(c.buy_runestone(&mut rng, "Conduit", 0, 0).is_err());
        assert!(c.buy_runestone(&mut rng, "Fell Blast", 0, 1).is_err());
        assert_eq!(c.purse.cash, 2);
        // Time Skip is Ob 5: Cost 15 - Wealth 10 = Ob 5 with 2 dice, which cannot pass.
        let o = c.buy_runestone(&mut rng, "Time Skip", 0, 2).unwrap();
        assert!(!o.acquired);
        assert_eq!((c.purse.cash, c.spells.len()), (0, 1));
        let p = c
            .combat_pool(CombatAction::FullDefense { shield: true }, 0, 0)
            .unwrap();
        assert_eq!(p.dice(), 2 + 3 + 1);
    }

    #[test]
    fn serde_round_trip() {
        let mut c = Character::new("Ada", abilities(), 6, 3, 2).unwrap();
        c.learn_spell("Bind").unwrap();
        assert!(c.learn_spell("bind").is_err());
        let json = serde_json::to_string(&c).unwrap();
        let back: Character = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
    }
}
