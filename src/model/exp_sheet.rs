//! The Expedition character sheet document: what a COEAC player tracks, stored inside the
//! character. Edits go through [`ExpSheet::apply`], a pure reducer: rolled procedures carry a
//! seed drawn by the UI, so the same edit always gives the same result and a test can replay it.

use serde::{Deserialize, Serialize};

use super::error::EditError;
use super::gear::{GearEdit, apply_gear};
use super::seeded::Seeded;
use crate::rules::expedition::character::{Abilities, Character, Companion, CompanionKind};
use crate::rules::expedition::dice::{Ability, MAX_POOL, Pool, PoolRoll};
use crate::rules::expedition::downtime::{Downtime, DowntimeAction};
use crate::rules::expedition::error::RulesError;
use crate::rules::expedition::harm::{
    BlockSource, Health, Hit, MAX_HP, Protection, Rations, Wound, long_rest,
    rest_on_shared_rations, short_rest, wound,
};
use crate::rules::expedition::improvement::Stat;
use crate::rules::expedition::magic::{
    ChannelingSetup, DurationUnit, FellBlastMode, MasteryOutcome, SpellDuration, cascade_damage,
    channel, channeling_stake, fell_blast, fell_blast_spell, infuse, release_infusion_boost,
    spell_mastery,
};
use crate::rules::expedition::money::{
    HopelessStake, LedgerEntry, MAX_CASH, Purse, roll_income, sell, treasure_to_cash,
};
use crate::rules::expedition::objective::{ConnectionsFactors, Objective, connections_objective};
use crate::rules::expedition::referee::hireling_morale;
use crate::rules::expedition::social::{
    ProjectClock, Reputation, Stronghold, connections_check, connections_pool, retire,
};
use crate::rules::expedition::spells::{Spell, find_spell};
use crate::rules::expedition::tables::{
    DepletionReading, Disposition, DownAndOutReading, down_and_out_roll, morale_check,
    recognition_roll,
};
use crate::rules::inventory::{Burn, COMMON_ITEMS, Inventory, Item, ItemKind, LightBurn};

/// Lines kept in the sheet's history of rolled procedures.
pub const HISTORY_KEPT: usize = 40;
/// Longest name, tag or note line the sheet stores.
pub const TEXT_MAX: usize = 80;
/// Longest notes.
pub const NOTES_MAX: usize = 4000;
/// Why a character owed a Down and Out check cannot be healed or rest yet: tending them is
/// what calls for the roll (digest, "Hit Points"), so the roll comes first.
const DOWN_FIRST: &str = "Down and Out comes first: tending a downed character calls for the \
2d6 roll (\"Tended: roll 2d6\" under Hit Points); heal them after it.";

/// Everything on an Expedition sheet beyond the roster's name and id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExpSheet {
    /// The character's gear (the inventory-slot manager's data). This is the one authoritative
    /// inventory: `core.inventory` is kept empty and only borrows this one during a rules call.
    pub gear: Inventory,
    /// The rules engine's character (Abilities, Health, Protection, Purse, Haven state...).
    /// Boxed so a character document stays small to move around; left out of the JSON while
    /// untouched, so a new character's share link stays short. Its `name` stays empty: the
    /// roster's name is the character's name.
    #[serde(default = "default_core", skip_serializing_if = "is_default_core")]
    pub core: Box<Character>,
    /// Free notes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Rolled procedures in words, oldest first (newest [`HISTORY_KEPT`] kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<String>,
    /// Retired: kept as a non-player record with the Wealth it retired at.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub retired: bool,
    /// When the Bonus HP pool expires by itself (it can always be emptied by hand).
    #[serde(default, skip_serializing_if = "BonusUntil::is_manual")]
    pub bonus_until: BonusUntil,
    /// Asks whose Connections check failed by 3 or more: the Referee may make them rivals
    /// (the Enmity Clause). The player removes a flag once the Referee has decided.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enmities: Vec<String>,
    /// Armour and shields as schema 2 kept them, apart from the gear; moved onto the gear's
    /// items by [`ExpSheet::migrate`] and never written again.
    #[serde(default, skip_serializing)]
    pub legacy_protection: Option<Protection>,
    /// Nothing has happened since a new session began, so the character may still retire
    /// ("Retirement": at the beginning of a session).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub session_fresh: bool,
    /// Dice of a cascade not yet rolled: a channeling failed with no successes at all, and
    /// everyone in the area, the caster first, takes them (Save for half).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cascade_owed: Option<u32>,
}

/// When the Bonus HP pool expires. The reference only says bonus HP "almost always expire" at
/// the end of the period their source sets; the sheet applies the two periods it can see (the
/// rests) and leaves the end of a scene or day to the "End Bonus HP" button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum BonusUntil {
    /// Until emptied by hand (the end of a scene, a day, a spell's duration).
    #[default]
    Manual,
    /// At the next short or long rest.
    AnyRest,
    /// At the next long rest.
    LongRest,
}

impl BonusUntil {
    fn is_manual(&self) -> bool {
        *self == BonusUntil::Manual
    }
}

fn is_default_core(c: &Character) -> bool {
    *c == *default_core()
}

fn default_core() -> Box<Character> {
    // A literal rather than `Character::new`: the defaults are in range (tested), and the
    // validating constructor would pull its messages into the bundle for nothing.
    Box::new(Character {
        name: String::new(),
        abilities: Abilities {
            might: 2,
            agility: 2,
            presence: 2,
            acuity: 2,
            discipline: 2,
        },
        health: Health {
            hp: 6,
            max_hp: 6,
            bonus_hp: 0,
            lingering_wounds: 0,
            scars: 0,
            dead: false,
            pending_down_and_out: 0,
            short_rest_taken: false,
        },
        wealth: 1,
        purse: Purse::default(),
        connections: 0,
        reputation: Vec::new(),
        wises: Vec::new(),
        strongholds: Vec::new(),
        spells: Vec::new(),
        never_learnable: Vec::new(),
        companions: Vec::new(),
        inventory: Inventory::new(""),
        projects: Vec::new(),
        improved_this_session: Vec::new(),
        in_haven: false,
        downtime: Downtime::default(),
    })
}

/// An Objective in words, "Ob 1 (no factors)" rather than an empty list of factors.
pub fn ob_words(o: &Objective) -> String {
    if o.factors.is_empty() {
        format!("Ob {} (no factors)", o.ob)
    } else {
        o.words()
    }
}

/// A list on the sheet that entries can be removed from by index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ListKind {
    /// Wises.
    Wise,
    /// Known spells.
    Spell,
    /// Project clocks.
    Project,
    /// Strongholds.
    Stronghold,
    /// Followers, hirelings and animals.
    Companion,
    /// Reputation entries.
    Reputation,
    /// Enmity Clause flags.
    Enmity,
    /// Circles the character carouses with.
    Circle,
}

/// A procedure rolled inside the reducer from the edit's seed.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Procedure {
    /// Down and Out: aided rolls 2d6 with the armour rule; unaided by the end of the scene dies.
    DownAndOut {
        /// Whether someone tends the character.
        aided: bool,
    },
    /// The session ended before the party got back to a safe haven ("End of Session
    /// Procedures"): a Down and Out check with the armour rule, whatever the HP left.
    UnsafeReturn,
    /// Short rest, spending the Rations item at (carrier, index) of this character's gear.
    ShortRest(usize, usize),
    /// Long rest, spending the Rations item at (carrier, index); also repairs Blocks and
    /// spells.
    LongRest(usize, usize),
    /// A rest on Rations another member spends for the group: the same healing and
    /// restoring, no Depletion check here (the spender's rest makes the party's one check).
    SharedRest {
        /// A long rest rather than a short one.
        long: bool,
        /// Who spent the Rations, for the ledger line.
        by: String,
    },
    /// An encounter die's 6: every light source in use is checked for Depletion, itself or
    /// the fuel it burns.
    LightsBurn,
    /// Income, once per session.
    Income,
    /// Sell goods of a Cost: Cost - Wealth dice, one Cash per success.
    Sell(u32),
    /// Sell one of an item at (carrier, index) of this character's gear, at a Cost: the same
    /// roll as [`Procedure::Sell`], and the item leaves the slots (one of a stack).
    SellItem {
        carrier: usize,
        index: usize,
        cost: u32,
    },
    /// Buy a spell's runestone (Cost 3 x Ob) with a Cash wager; bought means learned.
    Runestone {
        /// The spell.
        spell: String,
        /// The Referee's scarcity for this purchase (Cost +n, usually +1; RULINGS "Money").
        scarcity: u32,
        /// Cash dice wagered when the Cost is over Wealth.
        wager: u32,
    },
    /// Does someone of this faction recognise the character? (d8 against |Reputation|)
    Recognition(String),
    /// Spell Mastery of a plundered runestone: the spell's Ability at Ob + 1; failure means
    /// never learnable and a Down and Out roll without armour's help.
    Mastery(String),
    /// An improvement attempt with a Cash wager.
    Improve(Stat, u32),
    /// Channel a known spell.
    Channel {
        /// Spell name.
        spell: String,
        /// Damage taken this round (+1 Ob each).
        damage: u32,
        /// Ritual casting (an exploration turn instead of a round): HP self-inflicted, +1d each.
        ritual_hp: u32,
        /// Ritual casting: Cash dice sacrificed, +1d each.
        ritual_cash: u32,
        /// The dice already rolled as the caster's defensive Combat Check this round (the
        /// tracker's exchange), read now rather than rolled again.
        rolled: Option<PoolRoll>,
    },
    /// The cascade owed on the caster: its dice rolled, halved (rounded up) when `saved`, and
    /// taken as one instance of damage, blocked first if the player chooses.
    Cascade {
        saved: bool,
        block: Option<BlockSource>,
    },
    /// Fell Blast: Discipline against each target's Combat Check successes (one target 4d,
    /// a melee area 2d to each beaten).
    FellBlast {
        /// Everyone in a melee area rather than one target.
        area: bool,
        /// Each target's Combat Check successes.
        targets: Vec<u32>,
    },
    /// A Connections check: the Ask, the Referee's factors and the faction whose positive
    /// Reputation helps.
    Connections {
        /// Who the character looks for.
        ask: String,
        /// The Connections factors.
        factors: ConnectionsFactors,
        /// The relevant faction, if any.
        faction: Option<String>,
    },
    /// A trained animal's Morale Check: a d6 against its disposition (3+, 4+ or 5+); in
    /// mortal danger it fails without a roll.
    BeastMorale {
        /// Index of the animal among the companions.
        companion: usize,
        /// How steady the beast is.
        disposition: Disposition,
        /// Impending mortal danger: the check fails.
        mortal_danger: bool,
    },
    /// A hireling's morale: the character's Presence against `opposition` dice (0: the
    /// hireling's own pool).
    Morale {
        /// Index of the hireling among the companions.
        companion: usize,
        /// Opposing dice; 0 uses the hireling's pool.
        opposition: u32,
    },
}

/// One change to an Expedition sheet.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ExpEdit {
    /// A change to the character's gear.
    Gear(GearEdit),
    /// Notes text.
    Notes(String),
    /// Set one Natural Ability (1-8).
    Ability(Ability, u8),
    /// Set current HP (0..max).
    Hp(u32),
    /// Set max HP (1-20); current HP is kept at most the new maximum.
    MaxHp(u32),
    /// Set the Bonus HP pool (0-100).
    BonusHp(u32),
    /// Bonus HP expire.
    ExpireBonus,
    /// One instance of damage, optionally blocked first.
    Damage {
        /// Incoming damage.
        amount: u32,
        /// What blocks it, if the player chooses to.
        block: Option<BlockSource>,
        /// A known spell (by index) whose infusion is expelled to block 1 more.
        infusion: Option<usize>,
    },
    /// When the Bonus HP pool expires by itself.
    BonusUntil(BonusUntil),
    /// An edit made at a moment (milliseconds since 1970): Cash changes it records are stamped
    /// with that time. The UI wraps every edit in one; the reducer never reads a clock.
    At(u64, Box<ExpEdit>),
    /// Heal HP.
    Heal(u32),
    /// Wealth (0-10).
    Wealth(u8),
    /// Connections (0-6).
    Connections(u8),
    /// Haven phase on or off.
    Haven(bool),
    /// A Cash change the tray already computed (a wager): applied to the purse with its reason.
    Ledger(LedgerEntry),
    /// A purchase by wager the tray rolled: its Cash change, and, when it bought `item`, the
    /// item into the character's own slots (a common item with its size and kind; anything
    /// else as a 1-slot item). The Cash is spent whatever happens to the item: with no room,
    /// the history says so and the gear is left to the player.
    Bought {
        entry: LedgerEntry,
        acquired: bool,
        item: String,
    },
    /// A Cash change typed by the player.
    Cash(i64, String),
    /// A new session: Income, improvements and project ticks become available.
    NewSession,
    /// Add a Wise.
    AddWise(String),
    /// Set Reputation with a faction (-6..6), adding it if new.
    Reputation(String, i8),
    /// Learn a spell from the catalogue.
    Learn(String),
    /// Start a project clock (name, size 2-8).
    AddProject(String, u8),
    /// Tick a project clock (once per session).
    TickProject(usize),
    /// Found a stronghold at rating 1 (or add one at a given rating).
    AddStronghold(String, u8),
    /// Replace a stronghold's tags.
    StrongholdTags(usize, Vec<String>),
    /// Add one of the two tags a stronghold's rise in rating made due.
    DueTag(usize, String),
    /// The Haven phase moves on a week: the downtime action is free again.
    NextWeek,
    /// Carouse with a circle as this week's downtime action.
    Carouse(String),
    /// Spend this week's downtime action on something else, described.
    OtherDowntime(String),
    /// Add a follower, hireling or animal.
    AddCompanion(Companion),
    /// Set a companion's current HP.
    CompanionHp(usize, u8),
    /// Remove an entry from a list.
    Remove(ListKind, usize),
    /// A rolled procedure and the seed it rolls from.
    Roll(u64, Procedure),
    /// Infuse a known spell (by index): its runestone drains and holds the energy.
    Infuse(usize),
    /// Release an infusion (by index) for +Ob bonus dice on one test or save, at 1 HP.
    Release(usize),
    /// One unit of an active spell's own duration passes (a round, a turn, an hour...); at
    /// none left it ends.
    SpellPasses(usize),
    /// Exploration turns pass (1-6): every active spell measured in exploration turns counts
    /// down by as many (the referee's "Next turn"; a short rest takes two).
    TurnsPass(u32),
    /// An active spell ends early (dismissed, or its special condition met).
    EndSpell(usize),
    /// Retire the character (Wealth 4 or more); it stays as a record.
    Retire,
    /// A successor takes the retiree's three benefits: +1 to `ability` (not above the
    /// retiree's score there), +1 Wealth per 3 of the retiree's Wealth, one of its Wises.
    Inherit {
        /// The Ability raised.
        ability: Ability,
        /// The retiree's score in it.
        retiree_ability: u8,
        /// The retiree's Wealth.
        retiree_wealth: u8,
        /// The retiree's Wises.
        retiree_wises: Vec<String>,
        /// The Wise inherited.
        wise: Option<String>,
    },
}

impl ExpEdit {
    /// Whether the edit is something happening in play (a roll, harm, healing, Cash changing
    /// hands, a week of downtime), after which the session is no longer at its start.
    /// Bookkeeping (notes, names, settings, tidying gear) is not.
    fn is_play(&self) -> bool {
        match self {
            ExpEdit::At(_, inner) => inner.is_play(),
            ExpEdit::Roll(..)
            | ExpEdit::Gear(GearEdit::CashIn { .. })
            | ExpEdit::Damage { .. }
            | ExpEdit::Heal(_)
            | ExpEdit::Hp(_)
            | ExpEdit::Ledger(_)
            | ExpEdit::Bought { .. }
            | ExpEdit::Cash(..)
            | ExpEdit::TickProject(_)
            | ExpEdit::NextWeek
            | ExpEdit::Carouse(_)
            | ExpEdit::OtherDowntime(_)
            | ExpEdit::Infuse(_)
            | ExpEdit::Release(_)
            | ExpEdit::SpellPasses(_)
            | ExpEdit::EndSpell(_) => true,
            _ => false,
        }
    }
}

fn text(what: &str, s: &str, max: usize) -> Result<String, EditError> {
    let t = s.trim();
    if t.is_empty() {
        let article = if what.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        return Err(format!("Type {article} {what}.").into());
    }
    if t.chars().count() > max {
        return Err(format!("The {what} is too long (at most {max} characters).").into());
    }
    Ok(t.to_string())
}

fn range(field: &str, v: i64, min: i64, max: i64) -> Result<(), EditError> {
    RulesError::check_range(field, v, min, max).map_err(EditError::Expedition)
}

/// One hit in words: "Took 4 damage (armour blocked 2): 1 from Bonus HP, 1 from HP."
fn wound_words(w: &Wound) -> String {
    let mut note = String::new();
    if let Some((source, stopped)) = w.blocked {
        let what = match source {
            BlockSource::Armour => "armour",
            BlockSource::Shield => "a shield",
        };
        note.push_str(&format!(" ({what} blocked {stopped})"));
    }
    if let Some((name, stopped)) = &w.infusion {
        note.push_str(&format!(" (infused {name} expelled, blocked {stopped})"));
    }
    let mut line = format!(
        "Took {} damage{note}: {} from Bonus HP, {} from HP.",
        w.amount, w.damage.from_bonus, w.damage.from_hp
    );
    if w.damage.down_and_out_checks > 0 {
        line.push_str(" Down and Out check owed.");
    }
    line
}

fn dao_words(faces: &[u8], r: DownAndOutReading) -> String {
    format!(
        "Down and Out: rolled {} and {}: {}",
        faces[0],
        faces[1],
        r.words()
    )
}

impl ExpSheet {
    /// What every rest does besides the healing, whoever spent the Rations: a long rest
    /// restores spells and Blocks; Bonus HP expire as the character's setting says. Returns the
    /// ledger line.
    /// Whether an active spell here is measured in exploration turns (so a turn passing
    /// concerns this character).
    pub fn counts_turns(&self) -> bool {
        self.core.spells.iter().any(|k| counts_turns(k.active))
    }

    /// Counts down each active spell measured in exploration turns by `n`: the line saying
    /// what is left of each, or none when no spell counts turns.
    fn turns_pass(&mut self, n: u32) -> Option<String> {
        let words: Vec<String> = self
            .core
            .spells
            .iter_mut()
            .filter(|k| counts_turns(k.active))
            .map(|k| match k.pass_time(n) {
                Ok(Some(left)) => format!("{} {} left.", k.name, left.words()),
                _ => format!("{} has run its course.", k.name),
            })
            .collect();
        let passed = if n == 1 {
            "An exploration turn passes".to_string()
        } else {
            format!("{n} exploration turns pass")
        };
        (!words.is_empty()).then(|| format!("{passed}: {}", words.join(" ")))
    }

    fn after_rest(&mut self, long: bool, healed: u32, rations_line: &str) -> String {
        if long {
            self.core.long_rest_spells();
            self.gear.repair_blocks();
        }
        let c = &mut self.core;
        let lost = c.health.bonus_hp;
        let expires = match self.bonus_until {
            BonusUntil::Manual => false,
            BonusUntil::AnyRest => true,
            BonusUntil::LongRest => long,
        };
        let mut line = format!(
            "{} rest: regained {healed} HP{}. {rations_line}",
            if long { "Long" } else { "Short" },
            if long {
                "; Blocks and spells restored"
            } else {
                ""
            },
        );
        if expires && lost > 0 {
            c.health.expire_bonus_hp();
            line.push_str(&format!(" {lost} Bonus HP expired."));
        }
        // A short rest takes two exploration turns (RULINGS, "Hit points, harm, rest").
        if !long && let Some(spells) = self.turns_pass(2) {
            line.push(' ');
            line.push_str(&spells);
        }
        line
    }
}

fn counts_turns(active: Option<SpellDuration>) -> bool {
    active.is_some_and(|d| d.unit == DurationUnit::ExplorationTurns)
}

fn burn_words(b: &LightBurn) -> String {
    let what = match &b.fuel {
        Some(f) => format!("{} ({f})", b.light),
        None => b.light.clone(),
    };
    match &b.burn {
        Burn::Checked(r) => match r.reading {
            DepletionReading::Holds => format!("{what}: Depletion d20 {}, holds.", r.faces[0]),
            DepletionReading::LastUse => format!(
                "{what}: Depletion d20 {}, last use marked (the next check uses it up).",
                r.faces[0]
            ),
        },
        Burn::UsedUp => match &b.fuel {
            Some(f) => format!(
                "{f} was on its last use and is gone: the {} goes out.",
                b.light
            ),
            None => format!("{} were on their last use and are gone.", b.light),
        },
        Burn::Shared => format!("{what}: already checked this time."),
        Burn::NoFuel => format!(
            "{}: nothing carried for it to burn, so it goes out.",
            b.light
        ),
    }
}

fn rations_words(name: &str, faces: &[u8], r: DepletionReading) -> String {
    match r {
        DepletionReading::Holds => format!("{name} Depletion d20 {}: they hold.", faces[0]),
        DepletionReading::LastUse => format!(
            "{name} Depletion d20 {}: marked last use (the next rest finishes them).",
            faces[0]
        ),
    }
}

fn faces(f: &[u8]) -> String {
    let v: Vec<String> = f.iter().map(u8::to_string).collect();
    if v.is_empty() {
        "no dice".into()
    } else {
        v.join(", ")
    }
}

/// What a channeling adds to the spell's own test: the round's damage and a ritual's HP and
/// Cash.
struct Ritual {
    damage: u32,
    hp: u32,
    cash: u32,
}

impl Ritual {
    /// The Channeling Test's setup for `spell`, with the armour and shields the gear holds.
    fn setup(
        &self,
        gear: &Inventory,
        abilities: &Abilities,
        spell: &Spell,
        rolled: Option<PoolRoll>,
    ) -> ChannelingSetup {
        let worn = gear.protection();
        ChannelingSetup {
            ability: abilities.get(spell.ability),
            bonus: 0,
            penalty: 0,
            armour: u8::from(worn.armour),
            shields: worn.shields,
            damage_this_round: self.damage,
            ritual_hp: self.hp,
            ritual_cash: self.cash,
            duration: Some(spell.duration()),
            rolled,
        }
    }
}

impl ExpSheet {
    /// Cash a procedure would stake on a test that cannot pass (an improvement, a runestone
    /// bought by wager, a ritual's sacrifice): the sheet asks before it rolls. `None` when
    /// the stake has a chance, nothing is staked, or the roll would be refused anyway.
    pub fn hopeless_stake(&self, p: &Procedure) -> Option<HopelessStake> {
        let c = &self.core;
        match p {
            Procedure::Improve(stat, wager) => c.improvement_stake(stat, *wager),
            Procedure::Runestone {
                spell,
                scarcity,
                wager,
            } => c.runestone_stake(spell, *scarcity, *wager),
            Procedure::Channel {
                spell,
                damage,
                ritual_hp,
                ritual_cash,
                rolled,
            } => {
                let entry = c.spells.iter().find(|s| &s.name == spell)?.spell().ok()?;
                let ritual = Ritual {
                    damage: *damage,
                    hp: *ritual_hp,
                    cash: *ritual_cash,
                };
                let setup = ritual.setup(&self.gear, &c.abilities, entry, rolled.clone());
                channeling_stake(entry, &setup)
            }
            _ => None,
        }
    }
}

impl ExpSheet {
    /// A fresh sheet for a new character called `name`.
    pub fn new(name: &str) -> Self {
        ExpSheet {
            gear: Inventory::new(name),
            core: default_core(),
            notes: String::new(),
            history: Vec::new(),
            retired: false,
            bonus_until: BonusUntil::Manual,
            enmities: Vec::new(),
            legacy_protection: None,
            session_fresh: false,
            cascade_owed: None,
        }
    }

    /// Brings data written by older versions into today's shape (idempotent). Before schema 3
    /// the sheet kept "armour worn", "shields carried" and their used Blocks apart from the
    /// gear, and the two could disagree; the gear now holds them, so the old numbers move onto
    /// the items they describe (added to the character's own slots when missing), and Rations
    /// typed as a plain consumable become Rations.
    pub fn migrate(&mut self) {
        let old = self.legacy_protection.take().unwrap_or_default();
        self.gear.settle_worn();
        if old != Protection::default() {
            self.adopt_protection(&old);
        }
        for it in self
            .gear
            .carriers
            .iter_mut()
            .flat_map(|c| c.items.iter_mut())
        {
            if it.kind == ItemKind::Consumable && it.name.trim().eq_ignore_ascii_case("rations") {
                it.kind = ItemKind::Rations;
            }
            // Lanterns and their oil from before lights named their fuel: the lantern burns
            // oil, so an encounter 6 checks the oil.
            let lantern = it.name.to_ascii_lowercase().contains("lantern");
            if lantern
                && it.kind == ItemKind::Light
                && it.depletion.is_none()
                && it.needs_ammo.is_none()
            {
                it.needs_ammo = Some("oil".into());
            }
            if lantern
                && it.kind == ItemKind::Consumable
                && it.name.to_ascii_lowercase().contains("oil")
                && it.ammo_type.is_none()
            {
                it.ammo_type = Some("oil".into());
            }
        }
    }

    fn adopt_protection(&mut self, old: &Protection) {
        use crate::rules::inventory::Item;
        let Some(me) = self.gear.carriers.first_mut() else {
            return;
        };
        if old.armour {
            if !me
                .items
                .iter()
                .any(|i| i.kind == ItemKind::Armour && i.worn)
            {
                match me.items.iter_mut().find(|i| i.kind == ItemKind::Armour) {
                    Some(a) => a.worn = true,
                    None => me.items.push(Item::armour("Armour")),
                }
            }
            if old.armour_block_used
                && let Some(a) = me
                    .items
                    .iter_mut()
                    .find(|i| i.kind == ItemKind::Armour && i.worn)
            {
                a.block_used = true;
            }
        }
        let have = me
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Shield)
            .count();
        for _ in have..usize::from(old.shields) {
            me.items.push(Item {
                kind: ItemKind::Shield,
                ..Item::new("Shield")
            });
        }
        let mut used = old.shield_blocks_used;
        for s in me.items.iter_mut().filter(|i| i.kind == ItemKind::Shield) {
            if used == 0 {
                break;
            }
            s.block_used = true;
            used -= 1;
        }
    }

    /// Worn armour and carried shields with their Blocks, read from the gear.
    pub fn protection(&self) -> Protection {
        self.gear.protection()
    }

    /// The inventory the gear component shows and edits.
    pub fn gear(&self) -> &Inventory {
        &self.gear
    }

    /// Every problem with the stored values (empty when valid), the gear included.
    pub fn validate(&self) -> Vec<String> {
        let mut c = self.core.clone();
        c.inventory = self.gear.clone();
        let mut bad: Vec<String> = c.validate().iter().map(ToString::to_string).collect();
        if let Some(d) = self.cascade_owed.filter(|&d| d == 0 || d > MAX_POOL) {
            bad.push(format!(
                "A cascade of {d} dice is not one a channeling makes (1 to {MAX_POOL})."
            ));
        }
        bad
    }

    /// Puts a bought item into the character's own slots, saying where it went.
    fn stow_bought(&mut self, name: &str) -> String {
        let item = COMMON_ITEMS
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
            .map_or_else(|| Item::new(name), |c| c.item());
        let (slots, name) = (item.size, item.name.clone());
        match apply_gear(&mut self.gear, GearEdit::Add { carrier: 0, item }) {
            Ok(()) => format!(
                "Bought {name}: added to your slots ({slots} slot{}).",
                if slots == 1 { "" } else { "s" }
            ),
            Err(why) => format!(
                "Bought {name}, but it is not in your gear: {why} Make room, then add it in Gear."
            ),
        }
    }

    fn log(&mut self, line: String) {
        self.history.push(line);
        if self.history.len() > HISTORY_KEPT {
            self.history.remove(0);
        }
    }

    /// The newest history line.
    pub fn last(&self) -> Option<&str> {
        self.history.last().map(String::as_str)
    }

    /// Applies one edit; on error the sheet is unchanged and the message says why.
    pub fn apply(&mut self, edit: ExpEdit) -> Result<(), EditError> {
        let mut next = self.clone();
        let play = edit.is_play();
        next.apply_in_place(edit)?;
        if play {
            next.session_fresh = false;
        }
        *self = next;
        Ok(())
    }

    fn apply_in_place(&mut self, edit: ExpEdit) -> Result<(), EditError> {
        let c = &mut self.core;
        let h = &mut c.health;
        let e = |r: RulesError| EditError::Expedition(r);
        match edit {
            ExpEdit::Gear(GearEdit::CashIn { carrier, index }) => {
                let (name, value, treasure) = self
                    .gear
                    .carriers
                    .get(carrier)
                    .and_then(|c| c.items.get(index))
                    .map(|it| (it.name.clone(), it.value, it.kind.has_cash_value()))
                    .ok_or(EditError::Gone { what: "item" })?;
                // Only treasure turns into Cash (the gear refuses the rest in its words), and
                // only once it is home.
                if treasure {
                    treasure_to_cash(&name, self.core.in_haven).map_err(EditError::Expedition)?;
                }
                apply_gear(&mut self.gear, GearEdit::CashIn { carrier, index })?;
                let c = &mut self.core;
                c.purse
                    .gain(value, &format!("Cashed in {name}"))
                    .map_err(EditError::Expedition)?;
                let line = format!("Cashed in {name}: +{value} Cash (now {}).", c.purse.cash);
                self.log(line);
            }
            ExpEdit::Gear(g) => return apply_gear(&mut self.gear, g),
            ExpEdit::Notes(s) => {
                if s.chars().count() > NOTES_MAX {
                    return Err(format!("Notes are at most {NOTES_MAX} characters.").into());
                }
                self.notes = s;
            }
            ExpEdit::Ability(a, v) => {
                range(a.name(), v.into(), 1, 8)?;
                *match a {
                    Ability::Might => &mut c.abilities.might,
                    Ability::Agility => &mut c.abilities.agility,
                    Ability::Presence => &mut c.abilities.presence,
                    Ability::Acuity => &mut c.abilities.acuity,
                    Ability::Discipline => &mut c.abilities.discipline,
                } = v;
            }
            ExpEdit::Hp(v) => {
                range("HP", v.into(), 0, h.max_hp.into())?;
                if h.dead {
                    return Err("The character is dead.".into());
                }
                if v > h.hp && h.pending_down_and_out > 0 {
                    return Err(DOWN_FIRST.into());
                }
                // Down to 0 by the stepper is being reduced to zero HP like any harm: the
                // check is owed, and healing waits for it.
                if h.set_hp(v).map_err(e)? > 0 {
                    self.log("HP set to 0: Down and Out check owed.".into());
                }
            }
            ExpEdit::MaxHp(v) => {
                range("Max HP", v.into(), 1, MAX_HP.into())?;
                h.max_hp = v;
                h.hp = h.hp.min(v);
            }
            ExpEdit::BonusHp(v) => {
                h.bonus_hp = 0;
                h.add_bonus_hp(v).map_err(e)?;
            }
            ExpEdit::ExpireBonus => h.expire_bonus_hp(),
            ExpEdit::BonusUntil(b) => self.bonus_until = b,
            ExpEdit::At(ms, inner) => {
                let n = c.purse.ledger.len();
                self.apply_in_place(*inner)?;
                for l in self.core.purse.ledger.iter_mut().skip(n) {
                    l.at.get_or_insert(ms);
                }
            }
            ExpEdit::Damage {
                amount,
                block,
                infusion,
            } => {
                let hit = Hit {
                    amount,
                    block,
                    infusion,
                };
                let w = wound(&mut c.health, &mut self.gear, &mut c.spells, hit).map_err(e)?;
                self.log(wound_words(&w));
            }
            ExpEdit::Heal(v) => {
                range("healing", v.into(), 1, MAX_HP.into())?;
                if h.dead {
                    return Err("The character is dead.".into());
                }
                if h.pending_down_and_out > 0 {
                    return Err(DOWN_FIRST.into());
                }
                h.heal(v);
            }
            ExpEdit::Wealth(v) => {
                range("Wealth", v.into(), 0, 10)?;
                c.wealth = v;
            }
            ExpEdit::Connections(v) => {
                range("Connections", v.into(), 0, 6)?;
                c.connections = v;
            }
            ExpEdit::Haven(on) => {
                if on != c.in_haven {
                    c.downtime.set_haven(on);
                }
                c.in_haven = on;
            }
            ExpEdit::Ledger(l) => record_ledger(&mut c.purse, &l)?,
            ExpEdit::Bought {
                entry,
                acquired,
                item,
            } => {
                record_ledger(&mut c.purse, &entry)?;
                let name = item.trim();
                if acquired && !name.is_empty() {
                    let line = self.stow_bought(name);
                    self.log(line);
                }
            }
            ExpEdit::Cash(amount, reason) => {
                let reason = text("reason", &reason, TEXT_MAX)?;
                range("Cash change", amount, -i64::from(MAX_CASH), MAX_CASH.into())?;
                let n = amount.unsigned_abs() as u32;
                if amount >= 0 {
                    c.purse.gain(n, &reason).map_err(e)?;
                } else {
                    c.purse.spend(n, &reason).map_err(e)?;
                }
            }
            ExpEdit::NewSession => {
                c.new_session();
                self.log("New session: Income, improvements and project ticks reset.".into());
                self.session_fresh = true;
            }
            ExpEdit::NextWeek => {
                let week = c.downtime.next_week(c.in_haven).map_err(e)?;
                self.log(format!(
                    "Haven week {week} begins: a downtime action is free."
                ));
            }
            ExpEdit::Carouse(circle) => {
                let circle = text("circle", &circle, TEXT_MAX)?;
                c.downtime.carouse(c.in_haven, &circle).map_err(e)?;
                let week = c.downtime.week;
                self.log(format!(
                    "Week {week}: caroused with {circle} (Connections among them: Degree of Connection +0)."
                ));
            }
            ExpEdit::OtherDowntime(what) => {
                let what = text("activity", &what, TEXT_MAX)?;
                c.downtime
                    .take(c.in_haven, DowntimeAction::Other)
                    .map_err(e)?;
                let week = c.downtime.week;
                self.log(format!("Week {week}: {what}."));
            }
            ExpEdit::AddWise(w) => {
                let w = text("Wise", &w, TEXT_MAX)?;
                if c.wises.contains(&w) {
                    return Err(format!("{w} is already a Wise.").into());
                }
                c.wises.push(w);
            }
            ExpEdit::Reputation(f, score) => {
                let f = text("faction", &f, TEXT_MAX)?;
                range("Reputation", score.into(), -6, 6)?;
                match c.reputation.iter_mut().find(|r| r.faction == f) {
                    Some(r) => r.score = score,
                    None => c.reputation.push(Reputation { faction: f, score }),
                }
            }
            ExpEdit::Learn(name) => c.learn_spell(&name).map_err(e)?,
            ExpEdit::AddProject(name, size) => {
                let name = text("project name", &name, TEXT_MAX)?;
                c.projects.push(ProjectClock::new(&name, size).map_err(e)?);
            }
            ExpEdit::TickProject(i) => {
                let words = c.tick_project(i).map_err(e)?.words();
                let line = format!("Week {}: {words}.", c.downtime.week);
                self.log(line);
            }
            ExpEdit::AddStronghold(name, rating) => {
                let name = text("stronghold name", &name, TEXT_MAX)?;
                if c.strongholds.iter().any(|s| s.name == name) {
                    return Err(format!("There is already a stronghold called {name}.").into());
                }
                c.strongholds
                    .push(Stronghold::new(&name, rating).map_err(e)?);
            }
            ExpEdit::StrongholdTags(i, tags) => {
                let s = c.strongholds.get_mut(i).ok_or("No such stronghold.")?;
                let mut clean = Vec::new();
                for t in tags {
                    if !t.trim().is_empty() {
                        clean.push(text("tag", &t, TEXT_MAX)?);
                    }
                }
                s.tags = clean;
            }
            ExpEdit::DueTag(i, tag) => {
                let s = c.strongholds.get_mut(i).ok_or("No such stronghold.")?;
                let tag = text("tag", &tag, TEXT_MAX)?;
                s.add_due_tag(&tag).map_err(e)?;
                let line = match s.tags_due {
                    0 => format!("{} gains the tag {tag}.", s.name),
                    n => format!("{} gains the tag {tag} ({n} more due).", s.name),
                };
                self.log(line);
            }
            ExpEdit::AddCompanion(mut p) => {
                p.name = text("name", &p.name, TEXT_MAX)?;
                p.role = p.role.trim().chars().take(TEXT_MAX).collect();
                range("Pool", p.pool.into(), 0, 12)?;
                range("Max HP", p.max_hp.into(), 1, 20)?;
                p.hp = p.max_hp;
                c.companions.push(p);
            }
            ExpEdit::CompanionHp(i, v) => {
                let p = c.companions.get_mut(i).ok_or("No such companion.")?;
                range("HP", v.into(), 0, p.max_hp.into())?;
                p.hp = v;
            }
            ExpEdit::Remove(kind, i) => {
                let len = match kind {
                    ListKind::Wise => c.wises.len(),
                    ListKind::Spell => c.spells.len(),
                    ListKind::Project => c.projects.len(),
                    ListKind::Stronghold => c.strongholds.len(),
                    ListKind::Companion => c.companions.len(),
                    ListKind::Reputation => c.reputation.len(),
                    ListKind::Enmity => self.enmities.len(),
                    ListKind::Circle => c.downtime.circles.len(),
                };
                if i >= len {
                    return Err("That entry is no longer there.".into());
                }
                match kind {
                    ListKind::Wise => drop(c.wises.remove(i)),
                    ListKind::Spell => drop(c.spells.remove(i)),
                    ListKind::Project => drop(c.projects.remove(i)),
                    ListKind::Stronghold => drop(c.strongholds.remove(i)),
                    ListKind::Companion => drop(c.companions.remove(i)),
                    ListKind::Reputation => drop(c.reputation.remove(i)),
                    ListKind::Enmity => drop(self.enmities.remove(i)),
                    ListKind::Circle => drop(c.downtime.circles.remove(i)),
                }
            }
            ExpEdit::Roll(seed, p) => {
                let line = self.roll(&mut Seeded(seed), p)?;
                self.log(line);
            }
            ExpEdit::Infuse(i) | ExpEdit::Release(i) => {
                let k = c.spells.get_mut(i).ok_or("No such spell.")?;
                let line = if matches!(edit, ExpEdit::Infuse(_)) {
                    infuse(k).map_err(e)?;
                    format!("Infused {}: the runestone holds its energy.", k.name)
                } else {
                    let n = release_infusion_boost(k, &mut c.health).map_err(e)?;
                    format!(
                        "Released {}: +{n} bonus dice to one test or save, for 1 HP.",
                        k.name
                    )
                };
                self.log(line);
            }
            ExpEdit::TurnsPass(n) => {
                range("exploration turns", n.into(), 1, 6)?;
                if let Some(line) = self.turns_pass(n) {
                    self.log(line);
                }
            }
            ExpEdit::SpellPasses(i) => {
                let k = c.spells.get_mut(i).ok_or("No such spell.")?;
                let line = match k.pass_time(1).map_err(e)? {
                    Some(left) => format!("{}: {} left.", k.name, left.words()),
                    None => format!("{} has run its course.", k.name),
                };
                self.log(line);
            }
            ExpEdit::EndSpell(i) => {
                let k = c.spells.get_mut(i).ok_or("No such spell.")?;
                if k.active.is_none() {
                    return Err(format!("{} is not active.", k.name).into());
                }
                k.end_effect();
                let line = format!("{} ends.", k.name);
                self.log(line);
            }
            ExpEdit::Retire => {
                if self.retired {
                    return Err("The character has already retired.".into());
                }
                if c.wealth < 4 {
                    return Err(format!(
                        "Retiring needs Wealth 4 or more; this character has {}.",
                        c.wealth
                    )
                    .into());
                }
                if !self.session_fresh {
                    return Err("Retiring happens at the start of a session: choose \"Start a new session\", then retire before anything else happens.".into());
                }
                let line = format!("Retired at Wealth {}.", c.wealth);
                self.retired = true;
                self.log(line);
            }
            ExpEdit::Inherit {
                ability,
                retiree_ability,
                retiree_wealth,
                retiree_wises,
                wise,
            } => {
                let b = retire(
                    retiree_wealth,
                    retiree_ability,
                    c.abilities.get(ability),
                    ability,
                    &retiree_wises,
                    wise.as_deref(),
                )
                .map_err(e)?;
                self.apply_in_place(ExpEdit::Ability(ability, b.new_ability_score))?;
                let c = &mut self.core;
                c.wealth = (c.wealth + b.wealth_bonus).min(10);
                if let Some(w) = b.wise.filter(|w| !c.wises.contains(w)) {
                    c.wises.push(w);
                }
                self.log(format!(
                    "Succeeded a retiree: {} {}, Wealth +{}.",
                    ability.name(),
                    b.new_ability_score,
                    b.wealth_bonus
                ));
            }
        }
        Ok(())
    }

    fn roll(&mut self, rng: &mut Seeded, p: Procedure) -> Result<String, EditError> {
        let c = &mut self.core;
        let e = |r: RulesError| EditError::Expedition(r);
        Ok(match p {
            Procedure::DownAndOut { aided } => {
                if c.health.dead {
                    return Err("The character is already dead.".into());
                }
                if c.health.pending_down_and_out == 0 {
                    return Err("No Down and Out check is owed (the character is not down, or was hit no more since).".into());
                }
                if aided {
                    let r = down_and_out_roll(rng, self.gear.protection().armour);
                    c.health.apply_down_and_out(r.reading).map_err(e)?;
                    dao_words(&r.faces, r.reading)
                } else {
                    c.health
                        .apply_down_and_out(DownAndOutReading::Death)
                        .map_err(e)?;
                    "Down and Out: no one tended the character by the end of the scene: Death"
                        .into()
                }
            }
            Procedure::UnsafeReturn => {
                if c.health.dead {
                    return Err("The character is already dead.".into());
                }
                // Not the check a fall owes: this one comes on top, and leaves any owed.
                let r = down_and_out_roll(rng, self.gear.protection().armour);
                c.health.apply_unowed_down_and_out(r.reading).map_err(e)?;
                format!(
                    "Session ended away from safety. {}",
                    dao_words(&r.faces, r.reading)
                )
            }
            Procedure::ShortRest(carrier, index) | Procedure::LongRest(carrier, index) => {
                let long = matches!(p, Procedure::LongRest(..));
                if c.health.pending_down_and_out > 0 && !c.health.dead {
                    return Err(DOWN_FIRST.into());
                }
                let item = self
                    .gear
                    .carriers
                    .get(carrier)
                    .and_then(|c| c.items.get(index))
                    .ok_or(EditError::Gone {
                        what: "Rations item",
                    })?;
                let rations = match (item.kind, item.depletion) {
                    (ItemKind::Rations, _) if item.last_use => Rations::LastUse,
                    (ItemKind::Rations, Some(score)) => Rations::Score(score),
                    (ItemKind::Rations, None) => {
                        return Err(format!(
                            "{} has no Depletion score: set one in Gear (standard Rations are 11).",
                            item.name
                        )
                        .into());
                    }
                    _ => return Err(format!("{} is not Rations.", item.name).into()),
                };
                let rations_name = item.name.clone();
                let mut party = [c.health.clone()];
                let out = if long {
                    long_rest(rng, &mut party, rations)
                } else {
                    short_rest(rng, &mut party, rations)
                }
                .map_err(e)?;
                let [h] = party;
                c.health = h;
                let rations_line = match &out.rations {
                    None => {
                        self.gear.carriers[carrier].items.remove(index);
                        format!("{rations_name} were on their last use: now used up.")
                    }
                    Some(check) => {
                        if check.reading == DepletionReading::LastUse {
                            self.gear.carriers[carrier].items[index].last_use = true;
                        }
                        rations_words(&rations_name, &check.faces, check.reading)
                    }
                };
                self.after_rest(long, out.healed[0], &rations_line)
            }
            Procedure::SharedRest { long, by } => {
                if c.health.pending_down_and_out > 0 && !c.health.dead {
                    return Err(DOWN_FIRST.into());
                }
                let mut party = [c.health.clone()];
                let healed = rest_on_shared_rations(&mut party, long).map_err(e)?;
                let [h] = party;
                c.health = h;
                self.after_rest(long, healed[0], &format!("{by} spent the Rations."))
            }
            Procedure::LightsBurn => {
                let burns = self.gear.burn_lights(rng).map_err(e)?;
                if burns.is_empty() {
                    return Err("No light source is in use: light one under Lights first.".into());
                }
                let words: Vec<String> = burns.iter().map(burn_words).collect();
                format!("The lights burn down. {}", words.join(" "))
            }
            Procedure::Income => {
                let o = roll_income(rng, c.wealth, c.in_haven, &mut c.purse).map_err(e)?;
                format!(
                    "Income: {} Wealth dice rolled {}: {} Cash gained (now {}).",
                    c.wealth,
                    faces(&o.roll.faces()),
                    o.gained,
                    o.entry.balance
                )
            }
            Procedure::Sell(cost) => {
                let o = sell(rng, c.wealth, cost, &mut c.purse, "goods").map_err(e)?;
                format!(
                    "Sold goods of Cost {cost}: {} dice rolled {}: {} Cash gained (now {}).",
                    o.dice,
                    faces(&o.roll.faces()),
                    o.gained,
                    c.purse.cash
                )
            }
            Procedure::SellItem {
                carrier,
                index,
                cost,
            } => {
                let item = self
                    .gear
                    .carriers
                    .get(carrier)
                    .and_then(|k| k.items.get(index))
                    .ok_or(EditError::Gone { what: "item" })?;
                let name = item.name.clone();
                let o = sell(rng, c.wealth, cost, &mut c.purse, &name).map_err(e)?;
                let one_of_many = &mut self.gear.carriers[carrier].items[index].quantity;
                if *one_of_many > 1 {
                    *one_of_many -= 1;
                } else {
                    apply_gear(&mut self.gear, GearEdit::Remove { carrier, index })?;
                }
                format!(
                    "Sold {name} (Cost {cost}): {} dice rolled {}: {} Cash gained (now {}). {name} left the slots.",
                    o.dice,
                    faces(&o.roll.faces()),
                    o.gained,
                    c.purse.cash
                )
            }
            Procedure::Runestone {
                spell,
                scarcity,
                wager,
            } => {
                let o = c.buy_runestone(rng, &spell, scarcity, wager).map_err(e)?;
                let scarce = if scarcity > 0 {
                    format!(" (scarcity +{scarcity})")
                } else {
                    String::new()
                };
                let roll = o.test.as_ref().map_or(String::new(), |t| {
                    format!(", rolled {}: {}", faces(&t.roll.faces()), t.words())
                });
                format!(
                    "Runestone of {spell}{scarce}: {}{roll}. {} (Cash {}).",
                    o.plan.words,
                    if o.acquired {
                        "Bought and learned"
                    } else {
                        "Not bought"
                    },
                    c.purse.cash
                )
            }
            Procedure::Recognition(faction) => {
                let rep = c.reputation_with(&faction);
                let t = recognition_roll(rng, rep).map_err(e)?;
                format!(
                    "Recognition by {faction} (Reputation {rep}): d8 rolled {}: {}.",
                    t.faces[0],
                    match (t.reading, rep < 0) {
                        (false, _) => "not recognised",
                        (true, false) => "recognised, favourably",
                        (true, true) => "recognised, with hostility",
                    }
                )
            }
            Procedure::Mastery(name) => {
                let a = find_spell(&name).map_err(e)?.ability;
                let o = spell_mastery(
                    rng,
                    &name,
                    c.abilities.get(a),
                    &c.spells,
                    &mut c.never_learnable,
                    &mut c.health,
                )
                .map_err(e)?;
                match o {
                    MasteryOutcome::Learned { test, spell } => {
                        let line = format!(
                            "Spell Mastery of {name}: Ob {}, rolled {}: {}. Learned.",
                            test.ob,
                            faces(&test.roll.faces()),
                            test.words()
                        );
                        c.spells.push(spell);
                        line
                    }
                    MasteryOutcome::Failed { test, down_and_out } => format!(
                        "Spell Mastery of {name}: Ob {}, rolled {}: {}. Never learnable. {} (no armour).",
                        test.ob,
                        faces(&test.roll.faces()),
                        test.words(),
                        dao_words(&down_and_out.faces, down_and_out.reading)
                    ),
                }
            }
            Procedure::Cascade { saved, block } => {
                let dice = self.cascade_owed.ok_or(
                    "No cascade is waiting: only a channeling that fails with no successes at all cascades.",
                )?;
                let (roll, amount) = cascade_damage(rng, dice, saved).map_err(e)?;
                let hit = Hit {
                    amount,
                    block,
                    infusion: None,
                };
                let w = wound(&mut c.health, &mut self.gear, &mut c.spells, hit).map_err(e)?;
                self.cascade_owed = None;
                let halved = if saved {
                    format!(", halved by the Save to {amount}")
                } else {
                    String::new()
                };
                format!(
                    "Cascade: {dice}d rolled {}: {} successes{halved}. {}",
                    faces(&roll.faces()),
                    roll.successes(),
                    wound_words(&w)
                )
            }
            Procedure::FellBlast { area, targets } => {
                let name = fell_blast_spell().name;
                if !c.spells.iter().any(|k| k.name == name) {
                    return Err(format!("{name} is not a known spell.").into());
                }
                let mode = if area {
                    FellBlastMode::Area
                } else {
                    FellBlastMode::Single
                };
                let o = fell_blast(
                    rng,
                    c.abilities.discipline,
                    0,
                    mode,
                    &targets,
                    &mut c.health,
                )
                .map_err(e)?;
                let mut line = format!(
                    "Fell Blast ({}): Discipline rolled {}: {} successes.",
                    if area {
                        "melee area, 2d to each beaten"
                    } else {
                        "one target, 4d"
                    },
                    faces(&o.roll.faces()),
                    o.roll.successes()
                );
                for (n, (t, hit)) in targets.iter().zip(&o.hits).enumerate() {
                    line.push_str(&match hit {
                        Some((r, d)) => format!(
                            " Target {} (Combat Check {t}): beaten, rolled {}: {d} damage.",
                            n + 1,
                            faces(&r.faces())
                        ),
                        None => format!(" Target {} (Combat Check {t}): not beaten.", n + 1),
                    });
                }
                if o.self_damage.down_and_out_checks > 0 {
                    line.push_str(" Down and Out check owed.");
                }
                line
            }
            Procedure::Connections {
                ask,
                factors,
                faction,
            } => {
                let ask = text("Ask", &ask, TEXT_MAX)?;
                if factors.caroused && c.downtime.circles.is_empty() {
                    return Err("You carouse with no circle yet: carousing is a downtime action in the Haven phase.".into());
                }
                let rep = faction.as_deref().map_or(0, |f| c.reputation_with(f));
                let pool = connections_pool(c.abilities.presence, c.connections, rep).map_err(e)?;
                let ob = connections_objective(&factors);
                let o = connections_check(rng, &pool, &ob).map_err(e)?;
                let mut line = format!(
                    "Connections check to find {ask}: {}; {} dice rolled {}: {}. {}",
                    ob_words(&ob),
                    pool.dice(),
                    faces(&o.test.roll.faces()),
                    o.test.words(),
                    if o.test.passed {
                        "Found, and amenable."
                    } else {
                        "Found, but not amenable without more."
                    }
                );
                if o.enmity_clause {
                    line.push_str(" Enmity Clause: the Referee may make them a rival.");
                    if !self.enmities.contains(&ask) {
                        self.enmities.push(ask);
                    }
                }
                line
            }
            Procedure::Morale {
                companion,
                opposition,
            } => {
                let mine = Pool::ability(c.abilities.presence, 0, 0, 0)
                    .map_err(e)?
                    .dice();
                let p = c
                    .companions
                    .get_mut(companion)
                    .ok_or("No such companion.")?;
                if p.kind != CompanionKind::Hireling {
                    return Err(format!(
                        "{} is not a hireling: followers are loyal, and only hirelings check morale by contested Presence.",
                        p.name
                    ).into());
                }
                let opp = if opposition == 0 {
                    u32::from(p.pool)
                } else {
                    opposition
                };
                let (v, r) = hireling_morale(rng, mine, opp).map_err(e)?;
                p.morale = Some(r);
                format!(
                    "Morale of {}: Presence {mine} dice rolled {} ({} successes) against {opp} dice rolled {} ({}): {}.",
                    p.name,
                    faces(&v.a.faces()),
                    v.a_successes,
                    faces(&v.b.faces()),
                    v.b_successes,
                    r.words()
                )
            }
            Procedure::BeastMorale {
                companion,
                disposition,
                mortal_danger,
            } => {
                let p = c
                    .companions
                    .get_mut(companion)
                    .ok_or("No such companion.")?;
                if p.kind != CompanionKind::Animal {
                    return Err(format!(
                        "{} is not a trained animal: the d6 Morale Check is for beasts bought and trained; followers and animal companions are loyal, and hirelings check by contested Presence.",
                        p.name
                    )
                    .into());
                }
                let r = morale_check(rng, disposition, mortal_danger);
                p.morale = Some(r.reading);
                let how = match r.faces.first() {
                    Some(f) => format!("d6 rolled {f} (holds on {}+)", disposition.target()),
                    None => "in mortal danger, no roll".into(),
                };
                format!("Morale of {}: {how}: {}.", p.name, r.reading.words())
            }
            Procedure::Improve(stat, wager) => {
                std::mem::swap(&mut self.gear, &mut c.inventory);
                let r = c.improve(rng, &stat, wager);
                std::mem::swap(&mut self.gear, &mut c.inventory);
                let o = r.map_err(e)?;
                format!(
                    "Improve {} to {}: wagered {wager} Cash vs Ob {}, rolled {}: {}. {} is now {}.",
                    stat.name(),
                    o.target,
                    o.test.ob,
                    faces(&o.test.roll.faces()),
                    o.test.words(),
                    stat.name(),
                    o.new_rank
                )
            }
            Procedure::Channel {
                spell,
                damage,
                ritual_hp,
                ritual_cash,
                rolled,
            } => {
                let known = c
                    .spells
                    .iter_mut()
                    .find(|s| s.name == spell)
                    .ok_or_else(|| format!("{spell} is not a known spell."))?;
                let entry = known.spell().map_err(e)?;
                let ritual = Ritual {
                    damage,
                    hp: ritual_hp,
                    cash: ritual_cash,
                };
                let setup = ritual.setup(&self.gear, &c.abilities, entry, rolled);
                let o = channel(rng, known, &setup, &mut c.health, &mut c.purse).map_err(e)?;
                if o.cascade_dice.is_some() {
                    self.cascade_owed = o.cascade_dice;
                }
                let ritual = if ritual_hp + ritual_cash > 0 {
                    format!(
                        " as a ritual ({ritual_hp} HP and {ritual_cash} Cash for +{}d)",
                        ritual_hp + ritual_cash
                    )
                } else {
                    String::new()
                };
                let mut line = format!(
                    "Channel {spell}{ritual}: {}; rolled {}: {}. Potency {}",
                    o.objective.words(),
                    faces(&o.test.roll.faces()),
                    o.test.words(),
                    o.potency
                );
                match o.duration.map(|d| d.unit) {
                    None | Some(DurationUnit::Instant) => {}
                    Some(DurationUnit::Special) => line.push_str(&format!(
                        ", lasts {}",
                        entry.duration_note().unwrap_or("until its condition ends")
                    )),
                    Some(_) => {
                        let d = o.duration.map(|d| d.words()).unwrap_or_default();
                        line.push_str(&format!(", lasts {d}"));
                    }
                }
                line.push('.');
                if o.replaced_previous {
                    line.push_str(" The earlier instance ends.");
                }
                if o.exhausted {
                    line.push_str(" The runestone is exhausted until a long rest.");
                }
                if let Some(d) = o.cascade_dice {
                    line.push_str(&format!(
                        " Cascade! {d}d of damage to everyone in the area, the caster too (Save for half)."
                    ));
                }
                if o.potency == 0
                    && let Some(what) = entry.zero_successes()
                {
                    line.push_str(&format!(" Zero successes: {what}."));
                }
                if o.self_damage.down_and_out_checks > 0 {
                    line.push_str(" Down and Out check owed.");
                }
                line
            }
        })
    }
}

/// Applies a Cash change the tray computed to the purse, with its reason.
fn record_ledger(purse: &mut Purse, l: &LedgerEntry) -> Result<(), EditError> {
    let amount = u32::try_from(l.amount.unsigned_abs()).map_err(|_| "Too much Cash.")?;
    if l.amount >= 0 {
        purse.gain(amount, &l.reason)
    } else {
        purse.spend(amount, &l.reason)
    }
    .map(drop)
    .map_err(EditError::Expedition)
}
