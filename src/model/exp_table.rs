//! The Expedition referee's table: party size, exploration turn, a combat tracker and a log of
//! table rolls. Stored as the named document `exp-table`; edits go through a pure reducer, and
//! rolls carry a seed drawn by the UI. An ambush's free round and a spell channelled through a
//! round live in [`round`].

mod round;
mod wounds;

pub use round::Side;
pub use wounds::block_words;

use serde::{Deserialize, Serialize};

use super::error::EditError;
use super::named::NamedDocument;
use super::seeded::Seeded;
use super::{CharacterAction, Roster};
use crate::rules::expedition::combat::{
    CombatAction, Combatant, combat_exchange, firing_into_melee_dice, gang_up_dice,
    resolve_gang_up, stray_shot,
};
use crate::rules::expedition::dice::{
    ExtendedStatus, ExtendedTest, MAX_OB, PoolRoll, independent_test,
};
use crate::rules::expedition::harm::BlockSource;
use crate::rules::expedition::odds::pass_probability;
use crate::rules::expedition::referee::{
    Appearing, MAX_PLAYERS, Population, adversary, encounter_check_due, roll_number_appearing,
};
use crate::rules::expedition::tables::{
    Disposition, EncounterReading, EncounterScale, distance_roll, encounter_check, morale_check,
    reaction_roll,
};

/// Schema of the referee's table document.
pub const EXP_TABLE_SCHEMA: u32 = 1;
/// Name of the stored document.
pub const EXP_TABLE_DOC: &str = "exp-table";
/// Log lines kept.
pub const TABLE_LOG_KEPT: usize = 60;
/// Most combatants in the tracker.
pub const MAX_FIGHTERS: usize = 40;
/// The most adversaries added in one step.
pub const MAX_GROUP: u32 = 20;
/// Why a party size is not one the table seats (1 to the rules' [`MAX_PLAYERS`]), naming the
/// field and the range: the Players field and every stored or imported table keep to it.
fn check_players(n: u32) -> Result<(), crate::rules::expedition::RulesError> {
    crate::rules::expedition::RulesError::check_range("players", n.into(), 1, MAX_PLAYERS.into())
}

/// Reads `players` and refuses a count outside 1-20 at the door: a crafted table with 9999
/// players was accepted and then sized every "number appearing" roll from it. Refused here,
/// the stored table is set aside whole and an imported one refuses its file, with the reason.
fn players_in_range<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let n = u32::deserialize(d)?;
    check_players(n).map_err(serde::de::Error::custom)?;
    Ok(n)
}

/// One side of a fight in the tracker: an adversary by Level, an ally typed in, or a roster
/// character. A roster character is held by its id only: its name, HP and Abilities are read
/// from its sheet, and damage to it goes through the roster, so the tracker and the sheet
/// never disagree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// Name shown (adversaries and typed-in allies; empty for a roster character).
    #[serde(default)]
    pub name: String,
    /// The roster character this fighter is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub character: Option<String>,
    /// What a roster character does this round, which picks the Ability it rolls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<CombatAction>,
    /// Combat Check dice (not used for a roster character).
    #[serde(default)]
    pub dice: u32,
    /// Current HP (not used for a roster character).
    #[serde(default)]
    pub hp: u32,
    /// Maximum HP (not used for a roster character).
    #[serde(default)]
    pub max_hp: u32,
    /// Index of the fighter this one threatens this round.
    #[serde(default)]
    pub threatens: Option<usize>,
    /// Whether this one fights for the party (no threat defaults between allies).
    #[serde(default)]
    pub ally: bool,
    /// The leader this one gangs up behind: it rolls nothing itself, adds 1d to the leader's
    /// pool and shares the damage if the leader's target wins ("Ganging Up").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub helps: Option<usize>,
    /// Shoots rather than fights hand to hand: firing at a target engaged with its own side
    /// costs 1d and a bad miss can hit one of them ("Firing Into Melee").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ranged: bool,
    /// The spell a roster character channels this round, by catalogue name: its Ability is
    /// the Combat Check (`action` holds it), and the sheet casts it when the round resolves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub channeling: Option<String>,
    /// Damage the tracker dealt this fighter while it channels: +1 Ob each on the channeling.
    #[serde(default, skip_serializing_if = "round::is_zero")]
    pub channel_damage: u32,
    /// The dice the caster rolled as its Combat Check while channeling: the same roll is the
    /// Channeling Test when the spell resolves ("Spell Potency"), against the Ob the damage
    /// raised, so it is kept rather than rolled again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub channel_roll: Option<PoolRoll>,
    /// The Block a roster character spends on its next hit, chosen beside the fight before it
    /// lands ("Armor", "Shields"); used up by that hit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<BlockSource>,
}

/// A fighter as the exchange sees it, with a roster character's numbers read from its sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FighterView {
    /// Name shown.
    pub name: String,
    /// Combat Check dice this round.
    pub dice: u32,
    /// Current HP (Bonus HP not included).
    pub hp: u32,
    /// Maximum HP.
    pub max_hp: u32,
    /// Bonus HP, spent before HP.
    pub bonus_hp: u32,
    /// The roster character, when it is one.
    pub character: Option<String>,
}

impl FighterView {
    /// Out of the fight (down and out, or dead).
    pub fn down(&self) -> bool {
        self.hp == 0
    }
}

impl Fighter {
    fn new(name: String, dice: u32, hp: u32, ally: bool) -> Fighter {
        Fighter {
            name,
            character: None,
            action: None,
            dice,
            hp,
            max_hp: hp,
            threatens: None,
            ally,
            helps: None,
            ranged: false,
            channeling: None,
            channel_damage: 0,
            channel_roll: None,
            block: None,
        }
    }

    /// Whether a win this round wounds whom this fighter threatens: not on full defense,
    /// dodging or channeling ([`CombatAction::deals_damage`]). Adversaries and typed-in allies
    /// always fight to wound.
    pub fn strikes(&self) -> bool {
        self.action.is_none_or(CombatAction::deals_damage)
    }

    /// This fighter's numbers, a roster character's read from its sheet. A character no longer
    /// on the roster (deleted in another tab) shows as such and rolls nothing.
    pub fn view(&self, roster: &Roster) -> FighterView {
        let Some(id) = &self.character else {
            return FighterView {
                name: self.name.clone(),
                dice: self.dice,
                hp: self.hp,
                max_hp: self.max_hp,
                bonus_hp: 0,
                character: None,
            };
        };
        let found = roster
            .get(id)
            .and_then(|c| c.expedition().map(|s| (c.name.clone(), s)));
        match found {
            Some((name, s)) => {
                let h = &s.core.health;
                let action = self.action.unwrap_or(CombatAction::HardAttack);
                let dice = s.core.combat_pool(action, 0, 0).map_or(0, |p| p.dice());
                FighterView {
                    name,
                    dice,
                    hp: if h.dead { 0 } else { h.hp },
                    max_hp: h.max_hp,
                    bonus_hp: h.bonus_hp,
                    character: Some(id.clone()),
                }
            }
            None => FighterView {
                name: "(no longer on this device)".into(),
                dice: 0,
                hp: 0,
                max_hp: 0,
                bonus_hp: 0,
                character: Some(id.clone()),
            },
        }
    }
}

/// The referee's document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpTable {
    /// Document schema.
    pub schema: u32,
    /// Players at the table (1-20).
    #[serde(deserialize_with = "players_in_range")]
    pub players: u32,
    /// Exploration turn count this delve.
    pub turn: u32,
    /// Session number.
    pub session: u32,
    /// The combat tracker.
    pub fighters: Vec<Fighter>,
    /// Table rolls in words, oldest first.
    pub log: Vec<String>,
    /// The extended test under way, if any.
    #[serde(default)]
    pub extended: Option<ExtendedRun>,
    /// The side an ambush caught: helpless through the next exchange, the ambushers' free
    /// round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surprised: Option<Side>,
    /// What the last exploration turn's encounter check read, when one was rolled: the
    /// referee's panel offers what follows from it (an encounter's reaction, distance and
    /// numbers; the lights' Depletion checks on a 6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_check: Option<EncounterReading>,
}

/// The most dice one test of an extended test rolls (the tray's own field limit).
pub const MAX_EXTENDED_DICE: u32 = 30;

/// An extended test the referee runs: what it is, its tally, and the pool each test rolls
/// (for the odds of finishing and the referee's own roll).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtendedRun {
    pub name: String,
    pub test: ExtendedTest,
    /// Dice each test rolls (2 + Ability and any bonus), 0-30.
    pub dice: u32,
    /// Each test's Ob, 1-30.
    pub ob: u32,
}

impl ExtendedRun {
    /// The chance to finish from here, each test rolling `dice` against `ob`.
    pub fn finish_chance(&self) -> f64 {
        let p = pass_probability(self.dice, self.ob).unwrap_or(0.0);
        self.test.finish_chance(p)
    }

    /// The tally and where it stands, in words.
    pub fn words(&self) -> String {
        let end = match self.test.status() {
            ExtendedStatus::Succeeded => " Done: the extended test succeeds.".to_string(),
            ExtendedStatus::Failed => " Over: the extended test fails.".to_string(),
            ExtendedStatus::InProgress => format!(
                " Chance to finish from here: {:.1}% ({} dice against Ob {} each).",
                100.0 * self.finish_chance(),
                self.dice,
                self.ob
            ),
        };
        format!("{}: {}.{end}", self.name, self.test.words())
    }
}

impl Default for ExpTable {
    fn default() -> Self {
        ExpTable {
            schema: EXP_TABLE_SCHEMA,
            players: 4,
            turn: 0,
            session: 1,
            fighters: Vec::new(),
            log: Vec::new(),
            extended: None,
            surprised: None,
            turn_check: None,
        }
    }
}

/// A roll the table makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableRoll {
    /// Encounter check at a scale.
    Encounter(EncounterScale),
    /// Reaction d10.
    Reaction,
    /// Morale d6 by disposition (mortal danger routs without a roll).
    Morale(Disposition, bool),
    /// Encounter distance d6.
    Distance,
    /// Number appearing for a tag and the party size.
    Appearing(Appearing),
    /// An exploration turn in one step: the turn advances, and when an encounter check is
    /// due at this population it is rolled (the exploration scale's d6).
    Turn(Population),
    /// One combat exchange between the fighters, as they threaten each other.
    Exchange,
    /// The reactive side's Acuity save against an ambush: `lookout` (on the side that did not
    /// ambush) against `ambusher` (on `ambushers`). Lost, the ambushers take a free round.
    Ambush {
        ambushers: Side,
        lookout: usize,
        ambusher: usize,
    },
}

/// One change to the table.
#[derive(Debug, Clone, PartialEq)]
pub enum TableEdit {
    /// Players at the table.
    Players(u32),
    /// Advance the exploration turn; says when an encounter check falls due.
    NextTurn(Population),
    /// A new session.
    NewSession,
    /// Add an adversary of a Level (Pool Level + 2, HP 2 x Level, at least 1 HP).
    AddAdversary(String, u32),
    /// Add `count` adversaries of one Level at once ("4 beastmen, level 3"), numbered after
    /// any of that name already in the tracker: all of them or none.
    AddAdversaries {
        name: String,
        level: u32,
        count: u32,
    },
    /// Add an ally typed in by dice and HP (a hireling, an NPC).
    AddAlly(String, u32, u32),
    /// Add a roster character by id: its sheet supplies its name, dice and HP.
    AddCharacter(String),
    /// What a roster character fighter does this round (picks its Ability). Channeling is
    /// [`TableEdit::Channel`], which names the spell; another action drops a channeling.
    Action(usize, CombatAction),
    /// A roster character channels one of its spells this round: the spell's Ability is its
    /// Combat Check, and damage it takes adds to the channeling's Ob.
    Channel(usize, String),
    /// The channeling resolves at the end of the round: the sheet casts the spell from the
    /// seed with the damage taken, and the fighter goes back to a hard attack.
    Resolve(usize, u64),
    /// Calls off the ambushers' free round before it is rolled.
    CancelFreeRound,
    /// Damage (positive) or healing (negative) to a fighter. Damage to a roster character goes
    /// through its sheet's wound door, meeting the Block its row holds.
    Harm(usize, i64),
    /// The Block that meets a roster character's next hit (armour or a shield), or none.
    Block(usize, Option<BlockSource>),
    /// Who a fighter threatens.
    Threaten(usize, Option<usize>),
    /// Who a fighter gangs up behind (the leader), or no one.
    Helps(usize, Option<usize>),
    /// Whether a fighter shoots (ranged) this round.
    Ranged(usize, bool),
    /// Remove a fighter.
    Remove(usize),
    /// Clear the log.
    ClearLog,
    /// A roll from a seed.
    Roll(u64, TableRoll),
    /// Starts an extended test: its name, passes needed (1-20), the failure that ends it
    /// (1-20, or none), and each test's dice and Ob. Replaces one under way.
    ExtendedStart {
        name: String,
        passes: u32,
        ends_at_failure: Option<u32>,
        dice: u32,
        ob: u32,
    },
    /// One test of it, rolled elsewhere: passed or not.
    ExtendedRecord(bool),
    /// One test of it rolled here, from a seed.
    ExtendedRoll(u64),
    /// Puts it away.
    ExtendedEnd,
}

fn name(s: &str) -> Result<String, String> {
    let t = s.trim();
    if t.is_empty() || t.chars().count() > 60 {
        return Err("Type a name of 1 to 60 characters.".into());
    }
    Ok(t.to_string())
}

impl ExpTable {
    fn log(&mut self, line: String) {
        self.log.push(line);
        if self.log.len() > TABLE_LOG_KEPT {
            self.log.remove(0);
        }
    }

    fn add(&mut self, f: Fighter) -> Result<(), EditError> {
        if self.fighters.len() >= MAX_FIGHTERS {
            return Err(format!("The tracker holds at most {MAX_FIGHTERS}.").into());
        }
        self.fighters.push(f);
        Ok(())
    }

    /// Every fighter's numbers, roster characters' read from their sheets.
    pub fn views(&self, roster: &Roster) -> Vec<FighterView> {
        self.fighters.iter().map(|f| f.view(roster)).collect()
    }

    fn apply_in_place(
        &mut self,
        edit: TableEdit,
        roster: &Roster,
    ) -> Result<Vec<CharacterAction>, EditError> {
        let mut follow = Vec::new();
        let e = |r: crate::rules::expedition::RulesError| EditError::Expedition(r);
        match edit {
            TableEdit::Players(n) => {
                check_players(n).map_err(e)?;
                self.players = n;
            }
            TableEdit::NextTurn(pop) => {
                // Saturating: the count comes from a stored table.
                self.turn = self.turn.saturating_add(1);
                self.turn_check = None;
                let due = encounter_check_due(pop, self.turn);
                self.log(format!(
                    "Turn {}: {}",
                    self.turn,
                    if due {
                        "an encounter check is due."
                    } else {
                        "no encounter check this turn."
                    }
                ));
            }
            TableEdit::NewSession => {
                self.session = self.session.saturating_add(1);
                self.turn = 0;
                self.turn_check = None;
                self.log(format!(
                    "Session {} begins: each player rolls Income; improvements and project ticks are available again.",
                    self.session
                ));
            }
            TableEdit::AddAdversary(n, level) => {
                let a = adversary(level).map_err(e)?;
                let n = name(&n)?;
                self.add(Fighter::new(n, a.pool, a.hp.max(1), false))?;
            }
            TableEdit::AddAdversaries {
                name: n,
                level,
                count,
            } => {
                let a = adversary(level).map_err(e)?;
                let n = name(&n)?;
                EditError::check("How many", count.into(), 1, MAX_GROUP.into())?;
                let room = MAX_FIGHTERS - self.fighters.len();
                if count as usize > room {
                    return Err(format!(
                        "The tracker holds at most {MAX_FIGHTERS}: room for {room} more."
                    )
                    .into());
                }
                if count == 1 {
                    self.add(Fighter::new(n, a.pool, a.hp.max(1), false))?;
                    return Ok(Vec::new());
                }
                // "Beastman 3" and on, when Beastmen 1 and 2 are already fighting.
                let taken = self
                    .fighters
                    .iter()
                    .filter_map(|f| {
                        f.name
                            .strip_prefix(n.as_str())?
                            .strip_prefix(' ')?
                            .parse::<u32>()
                            .ok()
                    })
                    .max()
                    .unwrap_or(0);
                for i in 1..=count {
                    self.add(Fighter::new(
                        format!("{n} {}", taken + i),
                        a.pool,
                        a.hp.max(1),
                        false,
                    ))?;
                }
                self.log(format!(
                    "{count} × {n} join the fight: Level {level}, {} dice and {} HP each.",
                    a.pool,
                    a.hp.max(1)
                ));
            }
            TableEdit::AddAlly(n, dice, hp) => {
                let n = name(&n)?;
                EditError::check("Dice", dice.into(), 0, 30)?;
                EditError::check("HP", hp.into(), 1, 20)?;
                self.add(Fighter::new(n, dice, hp, true))?;
            }
            TableEdit::AddCharacter(id) => {
                let c = roster
                    .get(&id)
                    .ok_or(EditError::Gone { what: "character" })?;
                if c.expedition().is_none() {
                    return Err(format!("{} plays Ix, not Expedition.", c.name).into());
                }
                if self
                    .fighters
                    .iter()
                    .any(|f| f.character.as_deref() == Some(&id))
                {
                    return Err(format!("{} is already in the fight.", c.name).into());
                }
                self.add(Fighter {
                    character: Some(id),
                    action: Some(CombatAction::HardAttack),
                    ..Fighter::new(String::new(), 0, 0, true)
                })?;
            }
            TableEdit::Action(i, action) => {
                let f = self
                    .fighters
                    .get(i)
                    .ok_or(EditError::Gone { what: "fighter" })?;
                if f.character.is_none() {
                    return Err("Only a roster character picks an action here; an adversary rolls its Level's pool.".into());
                }
                if matches!(action, CombatAction::Channeling(_)) {
                    return Err(
                        "Pick the spell to channel: its Ability is the Combat Check.".into(),
                    );
                }
                if let Some(spell) = f.channeling.as_deref()
                    && (f.channel_roll.is_some() || f.channel_damage > 0)
                    && !self.views(roster)[i].down()
                {
                    return Err(format!(
                        "Resolve {spell} first: once the round has touched it, the spell happens whatever the roll."
                    )
                    .into());
                }
                let f = &mut self.fighters[i];
                f.action = Some(action);
                f.channeling = None;
                f.channel_damage = 0;
                f.channel_roll = None;
            }
            TableEdit::Channel(i, spell) => self.channel(i, &spell, roster)?,
            TableEdit::Resolve(i, seed) => follow.push(self.resolve(i, seed, roster)?),
            TableEdit::CancelFreeRound => self.cancel_free_round()?,
            TableEdit::Harm(i, d) => follow.extend(self.harm(i, d, roster)?),
            TableEdit::Block(i, b) => self.choose_block(i, b, roster)?,
            TableEdit::Threaten(i, t) => {
                let n = self.fighters.len();
                if i >= n || t.is_some_and(|t| t >= n || t == i) {
                    return Err("Pick another fighter to threaten.".into());
                }
                self.fighters[i].threatens = t;
            }
            TableEdit::Helps(i, l) => {
                let n = self.fighters.len();
                if i >= n || l.is_some_and(|l| l >= n || l == i) {
                    return Err("Pick another fighter to gang up with.".into());
                }
                if let Some(l) = l {
                    if self.fighters[l].ally != self.fighters[i].ally {
                        return Err(
                            "A gang fights on one side: pick someone on the same side.".into()
                        );
                    }
                    if self.fighters[l].helps.is_some() {
                        return Err(format!(
                            "{} is helping someone else: pick the leader of that gang.",
                            self.fighters[l].name
                        )
                        .into());
                    }
                    if self.fighters.iter().any(|f| f.helps == Some(i)) {
                        return Err(format!(
                            "Others gang up behind {}: a leader helps no one.",
                            self.fighters[i].name
                        )
                        .into());
                    }
                }
                self.fighters[i].helps = l;
            }
            TableEdit::Ranged(i, on) => {
                self.fighters
                    .get_mut(i)
                    .ok_or(EditError::Gone { what: "fighter" })?
                    .ranged = on;
            }
            TableEdit::Remove(i) => {
                if i >= self.fighters.len() {
                    return Err(EditError::Gone { what: "fighter" });
                }
                self.fighters.remove(i);
                let fix = |x: Option<usize>| match x {
                    Some(t) if t == i => None,
                    Some(t) if t > i => Some(t - 1),
                    t => t,
                };
                for f in &mut self.fighters {
                    f.threatens = fix(f.threatens);
                    f.helps = fix(f.helps);
                }
            }
            TableEdit::ClearLog => self.log.clear(),
            TableEdit::Roll(seed, r) => {
                let line = self.roll(&mut Seeded(seed), r, roster, &mut follow)?;
                self.log(line);
            }
            TableEdit::ExtendedStart {
                name: what,
                passes,
                ends_at_failure,
                dice,
                ob,
            } => {
                let what = name(&what)?;
                EditError::check("Dice per test", dice.into(), 0, MAX_EXTENDED_DICE.into())?;
                EditError::check("Ob per test", ob.into(), 1, MAX_OB.into())?;
                let test = ExtendedTest::new(passes, ends_at_failure).map_err(EditError::from)?;
                self.extended = Some(ExtendedRun {
                    name: what,
                    test,
                    dice,
                    ob,
                });
            }
            TableEdit::ExtendedRecord(passed) => {
                let run = self
                    .extended
                    .as_mut()
                    .ok_or("Start an extended test first.")?;
                run.test.record(passed).map_err(EditError::from)?;
                let line = format!(
                    "Extended test, {}: {}",
                    if passed { "a pass" } else { "a failure" },
                    run.words()
                );
                self.log(line);
            }
            TableEdit::ExtendedRoll(seed) => {
                let run = self
                    .extended
                    .as_mut()
                    .ok_or("Start an extended test first.")?;
                if run.test.status() != ExtendedStatus::InProgress {
                    return Err("That extended test is over: start a new one.".into());
                }
                let t = independent_test(&mut Seeded(seed), run.dice, run.ob, 0)
                    .map_err(EditError::from)?;
                run.test.record(t.passed).map_err(EditError::from)?;
                let line = format!(
                    "Extended test roll, {} dice against Ob {}: rolled {} ({}). {}",
                    run.dice,
                    run.ob,
                    t.roll
                        .faces()
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    t.words(),
                    run.words()
                );
                self.log(line);
            }
            TableEdit::ExtendedEnd => {
                if self.extended.take().is_none() {
                    return Err("No extended test is under way.".into());
                }
            }
        }
        Ok(follow)
    }

    fn roll(
        &mut self,
        rng: &mut Seeded,
        r: TableRoll,
        roster: &Roster,
        follow: &mut Vec<CharacterAction>,
    ) -> Result<String, EditError> {
        let scale_words = |s: EncounterScale| match s {
            EncounterScale::Exploration => "exploration",
            EncounterScale::OverlandDay => "overland, by day",
            EncounterScale::OverlandNight => "overnight",
            EncounterScale::Water => "on the water",
        };
        let e = |r: crate::rules::expedition::RulesError| EditError::Expedition(r);
        Ok(match r {
            TableRoll::Encounter(scale) => {
                let t = encounter_check(rng, scale);
                format!(
                    "Encounter check ({}): rolled {}: {}.",
                    scale_words(scale),
                    t.faces[0],
                    t.reading.words()
                )
            }
            TableRoll::Turn(pop) => {
                self.turn = self.turn.saturating_add(1);
                self.turn_check = None;
                if encounter_check_due(pop, self.turn) {
                    let t = encounter_check(rng, EncounterScale::Exploration);
                    self.turn_check = Some(t.reading);
                    format!(
                        "Turn {}: encounter check rolled {}: {}.",
                        self.turn,
                        t.faces[0],
                        t.reading.words()
                    )
                } else {
                    format!(
                        "Turn {}: no encounter check this turn (one every {} turns here).",
                        self.turn,
                        pop.interval()
                    )
                }
            }
            TableRoll::Reaction => {
                let t = reaction_roll(rng);
                format!("Reaction: rolled {}: {}.", t.faces[0], t.reading.words())
            }
            TableRoll::Morale(d, danger) => {
                let t = morale_check(rng, d, danger);
                match t.faces.first() {
                    Some(f) => format!(
                        "Morale (holds on {}+): rolled {f}: {}.",
                        d.target(),
                        t.reading.words()
                    ),
                    None => "Morale: in mortal danger they rout.".into(),
                }
            }
            TableRoll::Distance => {
                let t = distance_roll(rng);
                format!("Distance: rolled {}: {}.", t.faces[0], t.reading.words())
            }
            TableRoll::Appearing(tag) => {
                let n = roll_number_appearing(rng, tag, self.players).map_err(e)?;
                format!(
                    "Number appearing ({}, {} players): {n}.",
                    tag.label(),
                    self.players
                )
            }
            TableRoll::Exchange => self.exchange(rng, roster, follow)?,
            TableRoll::Ambush {
                ambushers,
                lookout,
                ambusher,
            } => self.ambush(rng, ambushers, lookout, ambusher, roster)?,
        })
    }

    /// Who gangs up behind leader `l` this round: helpers who can act, behind a leader who
    /// can act and threatens someone.
    fn gang(&self, out: &[bool], l: usize) -> Vec<usize> {
        let f = &self.fighters;
        if out[l] || f[l].helps.is_some() || f[l].threatens.is_none() || !f[l].strikes() {
            return Vec::new();
        }
        (0..f.len())
            .filter(|&i| f[i].helps == Some(l) && !out[i])
            .collect()
    }

    /// Those on the shooter's side engaged hand to hand with its target (either threatens the
    /// other), who a stray shot may hit.
    fn engaged_with(&self, out: &[bool], shooter: usize, t: usize) -> Vec<usize> {
        let f = &self.fighters;
        (0..f.len())
            .filter(|&j| {
                j != shooter
                    && j != t
                    && f[j].ally == f[shooter].ally
                    && !out[j]
                    && !f[j].ranged
                    && (f[j].threatens == Some(t) || f[t].threatens == Some(j) || {
                        // A helper is in the melee its leader is in.
                        f[j].helps.is_some_and(|l| f[l].threatens == Some(t))
                    })
            })
            .collect()
    }

    /// Who threatens whom this round among those who fight to wound. Full defense, dodging
    /// and channeling threaten no one: such a fighter's win only keeps it safe (or lets its
    /// spell take effect), so it wounds nobody; `notes` says so for each.
    fn striking_threats(
        &self,
        out: &[bool],
        gangs: &[Vec<usize>],
        v: &[FighterView],
        notes: &mut Vec<String>,
    ) -> Result<Vec<(usize, usize)>, EditError> {
        let helping = |i: usize| gangs.iter().any(|g| g.contains(&i));
        let mut defending = false;
        for (i, f) in self.fighters.iter().enumerate() {
            if let (Some(t), Some(a)) = (f.threatens, f.action)
                && !out[i]
                && !f.strikes()
            {
                defending = true;
                notes.push(format!(
                    "{} {}, so deals no damage to {}",
                    v[i].name,
                    a.doing(),
                    v[t].name
                ));
            }
        }
        let threats: Vec<(usize, usize)> = self
            .fighters
            .iter()
            .enumerate()
            .filter(|(i, f)| !out[*i] && !helping(*i) && f.strikes())
            .filter_map(|(i, f)| f.threatens.map(|t| (i, t)))
            .collect();
        if !threats.is_empty() {
            return Ok(threats);
        }
        Err(match self.surprised {
            Some(side) => format!(
                "Choose whom {} threaten in their free round first.",
                side.other().label()
            )
            .into(),
            None if defending => "No one fights to wound this round: full defense, dodging and channeling deal no damage. Choose an attacker who threatens someone.".into(),
            None => "Choose who threatens whom first.".into(),
        })
    }

    /// Each gang's share of what its leader takes ("Ganging Up"), added to `damage`.
    fn gang_damage(
        &self,
        gangs: &[Vec<usize>],
        successes: &[u32],
        damage: &mut [u32],
        log: &mut Vec<String>,
        v: &[FighterView],
    ) {
        let name = |i: usize| v[i].name.clone();
        for (l, gang) in gangs.iter().enumerate() {
            let Some(t) = self.fighters[l].threatens.filter(|_| !gang.is_empty()) else {
                continue;
            };
            let (sl, st) = (successes[l], successes[t]);
            let g = resolve_gang_up(sl, 0, st, 0, gang.len() as u32);
            // The helpers take what the leader takes: on a tie always, on a loss only when the
            // target fights the leader (as the leader's own damage is dealt).
            let hurt = sl == st || (st > sl && self.fighters[t].threatens == Some(l));
            if g.members_hit > 0 && hurt && g.to_each_member > 0 {
                for &j in gang {
                    damage[j] = damage[j].saturating_add(g.to_each_member);
                }
                let names: Vec<String> = gang.iter().map(|&j| name(j)).collect();
                log.push(format!(
                    "{} ganged up with {}: each takes {} too",
                    names.join(" and "),
                    name(l),
                    g.to_each_member
                ));
            }
        }
    }

    /// One exchange: everyone standing rolls their Combat Check at once, with ganging up and
    /// firing into melee applied, then damage is applied to the tracker.
    fn exchange(
        &mut self,
        rng: &mut Seeded,
        roster: &Roster,
        follow: &mut Vec<CharacterAction>,
    ) -> Result<String, EditError> {
        let e = |r: crate::rules::expedition::RulesError| EditError::Expedition(r);
        let n = self.fighters.len();
        let v = self.views(roster);
        // A spell resolves at the end of its round; its roll is spent once.
        if let Some((i, f)) = self
            .fighters
            .iter()
            .enumerate()
            .find(|(i, f)| f.channeling.is_some() && f.channel_roll.is_some() && !v[*i].down())
        {
            return Err(format!(
                "Resolve {} for {} first: the spell ends its round before the next exchange.",
                f.channeling.as_deref().unwrap_or_default(),
                v[i].name
            )
            .into());
        }
        // Helpless this exchange: down, or caught by an ambush (the ambushers' free round).
        let caught = |f: &Fighter| self.surprised == Some(Side::of(f));
        let out: Vec<bool> = (0..n)
            .map(|i| v[i].down() || caught(&self.fighters[i]))
            .collect();
        let gangs: Vec<Vec<usize>> = (0..n).map(|l| self.gang(&out, l)).collect();
        let helping = |i: usize| gangs.iter().any(|g| g.contains(&i));
        let mut notes = Vec::new();
        let mut shooters = Vec::new();
        let mut cs = Vec::with_capacity(n);
        for (i, f) in self.fighters.iter().enumerate() {
            let mut dice = v[i].dice;
            if helping(i) {
                dice = 0;
            } else if !gangs[i].is_empty() {
                dice = gang_up_dice(dice, gangs[i].len() as u32).map_err(e)?;
                let names: Vec<&str> = gangs[i].iter().map(|&j| v[j].name.as_str()).collect();
                notes.push(format!(
                    "{} leads {} in ganging up: {} + {} = {dice} dice",
                    v[i].name,
                    names.join(" and "),
                    v[i].dice,
                    gangs[i].len()
                ));
            }
            if f.ranged
                && !out[i]
                && f.strikes()
                && let Some(t) = f.threatens
                && !helping(i)
            {
                let near = self.engaged_with(&out, i, t);
                if !near.is_empty() {
                    let before = dice;
                    dice = firing_into_melee_dice(dice);
                    notes.push(format!(
                        "{} fires into melee at {}: {before} - 1 = {dice} dice",
                        v[i].name, v[t].name
                    ));
                    shooters.push((i, t, near));
                }
            }
            cs.push(Combatant {
                name: v[i].name.clone(),
                dice,
                free_successes: 0,
                helpless: out[i],
            });
        }
        let threats = self.striking_threats(&out, &gangs, &v, &mut notes)?;
        let o = combat_exchange(rng, &cs, &threats).map_err(e)?;
        let mut damage = o.damage.clone();
        let mut log = o.log.clone();
        let name = |i: usize| v[i].name.clone();
        self.gang_damage(&gangs, &o.successes, &mut damage, &mut log, &v);
        for (i, t, near) in shooters {
            let (si, st) = (o.successes[i], o.successes[t]);
            if let Some(shot) = stray_shot(rng, si, st, near.len()).map_err(e)? {
                let hit = near[shot.ally];
                damage[hit] = damage[hit].saturating_add(shot.damage);
                let faces: Vec<String> = shot.roll.faces().iter().map(u8::to_string).collect();
                log.push(format!(
                    "{} misses by {}: the stray shot hits {}, 3d rolled {}: {} damage",
                    name(i),
                    st - si,
                    name(hit),
                    faces.join(", "),
                    shot.damage
                ));
            }
        }
        let mut parts = Vec::new();
        for (i, f) in self.fighters.iter_mut().enumerate() {
            let faces: Vec<String> = o.rolls[i].faces().iter().map(u8::to_string).collect();
            parts.push(if helping(i) {
                format!("{} helps (no roll)", v[i].name)
            } else if out[i] && !v[i].down() {
                format!("{} is caught by surprise (no roll)", v[i].name)
            } else {
                format!(
                    "{} rolled {} ({} success{})",
                    v[i].name,
                    if faces.is_empty() {
                        "nothing".into()
                    } else {
                        faces.join(", ")
                    },
                    o.successes[i],
                    if o.successes[i] == 1 { "" } else { "es" }
                )
            });
            let mut blocked = 0;
            if f.character.is_some() {
                let hit = Self::hit_character(f, damage[i], roster);
                follow.extend(hit.action);
                log.extend(hit.note);
                blocked = hit.blocked;
            } else {
                f.hp = f.hp.saturating_sub(damage[i]);
            }
            if f.channeling.is_some() {
                // A Block "prevents and ignores" damage: only what gets past it was taken.
                f.channel_damage = f.channel_damage.saturating_add(damage[i] - blocked);
                if !o.rolls[i].dice.is_empty() {
                    f.channel_roll = Some(o.rolls[i].clone());
                }
            }
        }
        let mut line = match self.surprised.take() {
            Some(side) => format!(
                "Free round for {} ({} are caught by surprise and helpless). Exchange: ",
                side.other().label(),
                side.label()
            ),
            None => String::from("Exchange: "),
        };
        for n in &notes {
            line.push_str(n);
            line.push_str(". ");
        }
        line.push_str(&parts.join("; "));
        line.push_str(". ");
        line.push_str(&log.join(". "));
        line.push('.');
        Ok(line)
    }
}

impl NamedDocument for ExpTable {
    const NAME: &'static str = EXP_TABLE_DOC;
    const SCHEMA: u32 = EXP_TABLE_SCHEMA;
    type Edit = TableEdit;

    fn edit_in_place(
        &mut self,
        edit: TableEdit,
        roster: &Roster,
    ) -> Result<Vec<CharacterAction>, EditError> {
        self.apply_in_place(edit, roster)
    }
}
