//! The Ix GM table document: initiative, adversaries and the GM's Critical Injury table.
//! Stored as the named document [`DOC_NAME`]; its reducer is pure like the sheets'. The
//! session's Fortune and Peril Points live in their own document (`model::session`), shared
//! with the sheets and the tray; a participant who is a roster character is held by id, its
//! name and Wounds read from its sheet.

use serde::{Deserialize, Serialize};

use super::error::EditError;
use super::named::NamedDocument;
use super::{CharacterAction, Roster};

use super::ix_checks::{FoeCheck, SheetCheck};
use super::ix_foe::StatBlock;
use super::ix_sheet::IxEdit;
use crate::rules::ix::IxError;
use crate::rules::ix::adversary::{Elite, MinionGroup, Nemesis};
use crate::rules::ix::check::{Against, Check, FortuneState};
use crate::rules::ix::checks::{Condition, FearRating, Guard};
use crate::rules::ix::critical::{CriticalTable, ROW_COUNT};
use crate::rules::ix::dice::CheckResult;
use crate::rules::ix::health::Vitality;
use crate::rules::ix::opposed::{OpposedResult, Side as Role};
use crate::rules::ix::pool::Pool;
use crate::rules::ix::session::{
    InitiativeEntry, InitiativeKind, InitiativeSlot, SessionPool, Side, initiative_order,
    initiative_pool, reorder_tie,
};
use crate::rules::ix::stats::{Characteristic, Skill, find_skill};

/// Storage name of the table.
pub const DOC_NAME: &str = "ix-table";
/// Schema this build writes.
pub const SCHEMA: u32 = 1;
/// Most flips kept in the history.
pub const FLIPS_KEPT: usize = 50;
/// Longest row name or effect in the Critical Injury table editor.
pub const CRIT_TEXT_MAX: usize = 200;
/// Most adversaries on the table, and kept in the library (typo and runaway guards).
pub const FOES_MAX: usize = 60;
pub const LIBRARY_MAX: usize = 100;

/// An adversary on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Foe {
    Minions(MinionGroup),
    Elite(Elite),
    Nemesis(Nemesis),
}

/// An adversary and what the table tracks beside the rules' numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "StoredFoe")]
pub struct FoeEntry {
    pub foe: Foe,
    /// Critical Injury rows carried.
    pub injuries: Vec<usize>,
    /// A hit triggered a Critical Injury not yet rolled (as on a character's sheet).
    pub critical_owed: bool,
    /// Its ratings and weapons: what its initiative, attacks and fear checks roll.
    pub stats: StatBlock,
    /// Links an initiative participant to this adversary; 0 until it first joins initiative
    /// (names may repeat, so the link cannot be the name).
    pub id: u32,
    /// The rating of the fear that made it Demoralized: a leader's Rally is checked against
    /// it (reference, "Lifting Demoralized"), whatever source the Fear form shows later.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demoralized_by: Option<FearRating>,
}

/// A [`FoeEntry`] as any version stored it: tables from before stat blocks kept a fear
/// check's Willpower and Discipline rank as `nerve`, which become the block's.
#[derive(Deserialize)]
struct StoredFoe {
    foe: Foe,
    #[serde(default)]
    injuries: Vec<usize>,
    #[serde(default)]
    critical_owed: bool,
    #[serde(default)]
    stats: Option<StatBlock>,
    #[serde(default)]
    nerve: Option<Nerve>,
    #[serde(default)]
    id: u32,
    #[serde(default)]
    demoralized_by: Option<FearRating>,
}

#[derive(Deserialize)]
struct Nerve {
    willpower: i32,
    #[serde(default)]
    discipline: i32,
}

impl From<StoredFoe> for FoeEntry {
    fn from(s: StoredFoe) -> Self {
        let stats = s.stats.unwrap_or_else(|| {
            let mut b = StatBlock::default();
            if let Some(n) = s.nerve {
                b.characteristics.willpower = n.willpower;
                if n.discipline != 0 {
                    b.skills.push(Skill {
                        name: "Discipline".into(),
                        characteristic: Characteristic::Willpower,
                        rank: n.discipline,
                    });
                }
            }
            b
        });
        FoeEntry {
            foe: s.foe,
            injuries: s.injuries,
            critical_owed: s.critical_owed,
            stats,
            id: s.id,
            demoralized_by: s.demoralized_by,
        }
    }
}

impl Foe {
    /// The same adversary unhurt and steady, as its stat block describes it (what the library
    /// keeps and what a copy from it starts as).
    pub fn fresh(&self, name: &str) -> Result<Foe, IxError> {
        Ok(match self {
            Foe::Minions(m) => Foe::Minions(MinionGroup::new(
                name,
                m.wounds_per_minion,
                m.members,
                m.best_skill_rank,
                m.immune_to_fear,
            )?),
            Foe::Elite(e) => Foe::Elite(Elite::new(name, e.health.wounds_max, e.immune_to_fear)?),
            Foe::Nemesis(n) => Foe::Nemesis(Nemesis::new(
                name,
                n.health.wounds_max,
                n.health.strain_max,
                n.peril_max,
                n.immune_to_fear,
            )?),
        })
    }

    fn name(&self) -> &str {
        match self {
            Foe::Minions(m) => &m.name,
            Foe::Elite(e) => &e.name,
            Foe::Nemesis(n) => &n.name,
        }
    }
}

/// An adversary the GM keeps for reuse: its kind, numbers and stat block, unhurt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Kept {
    pub foe: Foe,
    #[serde(default)]
    pub stats: StatBlock,
}

impl Kept {
    pub fn name(&self) -> &str {
        self.foe.name()
    }
}

impl FoeEntry {
    /// The adversary's name.
    pub fn name(&self) -> &str {
        self.foe.name()
    }

    /// The pool numbers of this adversary's fear check with `skill` (Readiness or
    /// Discipline): its Willpower and the rank that goes with it. A Minion group checks with
    /// the group's best relevant rank (reference, "Minion groups and Elites").
    pub fn fear_ratings(&self, skill: &str) -> (i32, i32) {
        let rank = match &self.foe {
            Foe::Minions(m) => m.best_skill_rank,
            Foe::Elite(_) | Foe::Nemesis(_) => self.stats.rank(skill),
        };
        (self.stats.characteristics.willpower, rank)
    }

    /// Demoralized (Minions, Elites) or Frightened (Nemesis), in words.
    pub fn condition(&self) -> Option<&'static str> {
        self.fear_condition().map(|c| match c {
            Condition::Frightened => "Frightened",
            _ => "Demoralized",
        })
    }

    /// The fear condition it carries, as the rules' condition its checks add dice for.
    pub fn fear_condition(&self) -> Option<Condition> {
        match &self.foe {
            Foe::Minions(m) => m.demoralized.then_some(Condition::Demoralized),
            Foe::Elite(e) => e.demoralized.then_some(Condition::Demoralized),
            Foe::Nemesis(n) => n.frightened.then_some(Condition::Frightened),
        }
    }

    /// A Killed Critical Injury (RULINGS.md, "Contests, Defense, crits"): an Elite or a
    /// Nemesis dies (Wounds at minus the maximum); in a Minion group, the minion it struck.
    pub fn kill(&mut self) {
        match &mut self.foe {
            Foe::Minions(m) => {
                let per = m.wounds_per_minion.max(1);
                let left = (m.standing() - 1).max(0);
                m.wounds = m
                    .wounds
                    .min(i32::try_from(left).unwrap_or(0).saturating_mul(per));
            }
            Foe::Elite(e) => e.health.wounds = e.health.wounds_max.saturating_neg(),
            Foe::Nemesis(n) => n.health.wounds = n.health.wounds_max.saturating_neg(),
        }
    }

    /// Dead (a Killed injury, or Wounds at minus the maximum), or for a Minion group, every
    /// member fallen.
    pub fn dead(&self) -> bool {
        match &self.foe {
            Foe::Minions(m) => m.defeated(),
            Foe::Elite(e) => e.health.vitality() == Vitality::Dead,
            Foe::Nemesis(n) => n.health.vitality() == Vitality::Dead,
        }
    }

    /// Out of the fight (every minion down, or incapacitated).
    pub fn down(&self) -> bool {
        match &self.foe {
            Foe::Minions(m) => m.defeated(),
            Foe::Elite(e) => e.health.wounds <= 0,
            Foe::Nemesis(n) => n.health.wounds <= 0,
        }
    }
}

/// A participant in initiative: a roster character or an adversary, with its roll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fighter {
    /// An adversary's name (empty for a roster character, whose name is on its sheet).
    #[serde(default)]
    pub name: String,
    /// Roster id of a player character.
    #[serde(default)]
    pub character_id: Option<String>,
    /// On Watch or Surprised.
    pub kind: InitiativeKind,
    /// For an adversary: the characteristic rating (Savvy On Watch, Willpower Surprised).
    #[serde(default)]
    pub rating: i32,
    /// For an adversary: the skill rank (Perception or Readiness).
    #[serde(default)]
    pub rank: i32,
    /// The read initiative check, once rolled.
    #[serde(default)]
    pub result: Option<CheckResult>,
    /// The adversary on the table it is (its [`FoeEntry::id`]), whose own ratings it rolls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foe_id: Option<u32>,
}

impl Fighter {
    /// What the order calls this participant: the character id for a roster character (so a
    /// rename on the sheet never orphans its slot), the name for an adversary.
    pub fn key(&self) -> &str {
        self.character_id.as_deref().unwrap_or(&self.name)
    }

    /// The name to show, a roster character's read from the roster.
    pub fn display_name(&self, roster: &Roster) -> String {
        match &self.character_id {
            Some(id) => roster
                .get(id)
                .map_or_else(|| "(no longer on this device)".into(), |c| c.name.clone()),
            None => self.name.clone(),
        }
    }
}

/// The whole GM table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IxTableDoc {
    pub schema: u32,
    /// A session pool kept here by older versions; read once and handed to the session
    /// document, never written again.
    #[serde(default, rename = "session", skip_serializing)]
    pub legacy_session: Option<SessionPool>,
    /// Flips kept here by older versions, handed over with [`IxTableDoc::legacy_session`].
    #[serde(default, rename = "flips", skip_serializing)]
    pub legacy_flips: Vec<String>,
    /// Participants as added.
    #[serde(default)]
    pub fighters: Vec<Fighter>,
    /// The order after rolling (with tie groups), empty before.
    #[serde(default)]
    pub order: Vec<InitiativeSlot>,
    /// Index into `order` of whose turn it is.
    #[serde(default)]
    pub turn: usize,
    /// Round number, 1 from the first roll.
    #[serde(default)]
    pub round: u32,
    #[serde(default)]
    pub foes: Vec<FoeEntry>,
    /// The GM's Critical Injury table (names and effects).
    #[serde(default)]
    pub critical: CriticalTable,
    /// The opposed check being set up, and its last result.
    #[serde(default)]
    pub opposed: OpposedCheck,
    /// The GM's own adversaries, kept for reuse across encounters.
    #[serde(default)]
    pub library: Vec<Kept>,
    /// Who has checked against which source of fear this scene.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fear_faced: Vec<FearFaced>,
    /// Whose Concentration upkeep is paid, and for which round.
    #[serde(default, skip_serializing_if = "Upkeep::is_empty")]
    pub upkeep: Upkeep,
}

/// One participant's fear check against one source: the reference allows one per source per
/// scene, when the source is brought to bear, "not again each round".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FearFaced {
    /// The source as the GM named it (compared ignoring case and outer spaces).
    pub source: String,
    /// A roster character's id, or an adversary's name.
    pub who: String,
}

/// Most fear checks one scene remembers (a guard against runaway growth, not a rule).
pub const FEAR_FACED_MAX: usize = 200;

/// The roster characters who paid 1 Strain to keep a Concentration spell going in `round`.
/// Only the current round's payers matter, so an older round's list reads as nobody.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Upkeep {
    pub round: u32,
    pub paid: Vec<String>,
}

impl Upkeep {
    fn is_empty(&self) -> bool {
        self.paid.is_empty()
    }
}

/// A roster character in the fight who holds a Concentration spell, for the round's reminder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Concentrating {
    pub id: String,
    pub name: String,
    pub spell: String,
    /// Paid for the current round.
    pub paid: bool,
}

/// Who rolls one side of an opposed check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Contender {
    /// A roster character with one of its skills; the sheet holds the ratings, read at roll
    /// time, so a change on the sheet shows here.
    Character { id: String, skill: String },
    /// An adversary on the table (its [`FoeEntry::id`]) with one of its skills; its stat
    /// block holds the ratings, read at roll time like a character's sheet.
    Adversary { id: u32, skill: String },
    /// Anyone else (an adversary, a warded door), by its characteristic and skill rank.
    ByHand {
        name: String,
        characteristic: i32,
        skill: i32,
    },
}

/// One side of an opposed check: who, and the dice their own working or circumstances add
/// (never difficulty for being opposed: the other side's roll is the opposition).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contest {
    pub who: Contender,
    #[serde(default)]
    pub boon_dice: i32,
    #[serde(default)]
    pub bane_dice: i32,
    /// Trial dice of the side's own working (a spell's difficulty, for instance).
    #[serde(default)]
    pub trial: i32,
    #[serde(default)]
    pub crisis: i32,
}

impl Contest {
    /// Someone set by hand at characteristic 2, skill 0, with nothing added.
    pub fn by_hand(name: &str) -> Contest {
        Contest {
            who: Contender::ByHand {
                name: name.into(),
                characteristic: 2,
                skill: 0,
            },
            boon_dice: 0,
            bane_dice: 0,
            trial: 0,
            crisis: 0,
        }
    }

    /// The side's name as the table shows it.
    pub fn name(&self, roster: &Roster, foes: &[FoeEntry]) -> String {
        match &self.who {
            Contender::Character { id, .. } => roster
                .get(id)
                .map_or_else(|| "A character no longer here".into(), |c| c.name.clone()),
            Contender::Adversary { id, .. } => foes
                .iter()
                .find(|f| f.id == *id)
                .map_or_else(|| "An adversary no longer here".into(), |f| f.name().into()),
            Contender::ByHand { name, .. } if name.trim().is_empty() => "Unnamed".into(),
            Contender::ByHand { name, .. } => name.clone(),
        }
    }

    /// The side's pool, from the character's sheet or the adversary's stat block as it is
    /// now, or from the numbers given.
    pub fn pool(&self, roster: &Roster, foes: &[FoeEntry]) -> Result<Pool, EditError> {
        let mut pool = match &self.who {
            Contender::Character { id, skill } => {
                let sheet = roster
                    .get(id)
                    .and_then(|c| c.ix())
                    .ok_or(EditError::Gone { what: "character" })?;
                let c = &sheet.character;
                let k = find_skill(&c.skills, skill).ok_or_else(|| {
                    EditError::from(format!("{} has no skill called {skill}.", c.name))
                })?;
                Pool::from_ratings(c.characteristics.get(k.characteristic), k.rank)?
            }
            Contender::Adversary { id, skill } => {
                let f = foes
                    .iter()
                    .find(|f| f.id == *id)
                    .ok_or(EditError::Gone { what: "adversary" })?;
                f.stats
                    .check_pool(skill)
                    .map_err(|_| {
                        EditError::from(format!("{} has no skill called {skill}.", f.name()))
                    })?
                    .0
            }
            Contender::ByHand {
                characteristic,
                skill,
                ..
            } => Pool::from_ratings(*characteristic, *skill)?,
        };
        let add = |pool: &mut Pool, kind, field: &str, n: i32| -> Result<(), EditError> {
            IxError::check(field, i64::from(n), 0, 10)?;
            pool.add_dice(kind, n)?;
            Ok(())
        };
        use crate::rules::ix::dice::DieKind;
        add(&mut pool, DieKind::BoonDie, "Boon dice", self.boon_dice)?;
        add(&mut pool, DieKind::BaneDie, "Bane dice", self.bane_dice)?;
        add(&mut pool, DieKind::Trial, "Trial dice", self.trial)?;
        add(&mut pool, DieKind::Crisis, "Crisis dice", self.crisis)?;
        Ok(pool)
    }
}

/// An opposed check on the table (rules in [`crate::rules::ix::opposed`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpposedCheck {
    pub acting: Contest,
    pub defending: Contest,
    /// The last roll's outcome. Any change to a side forgets it, so the sides as they are
    /// now are the ones that rolled it (their names are read from them, not kept here).
    #[serde(default)]
    pub last: Option<OpposedResult>,
}

impl Default for OpposedCheck {
    fn default() -> Self {
        OpposedCheck {
            acting: Contest::by_hand("Acting side"),
            defending: Contest::by_hand("Defending side"),
            last: None,
        }
    }
}

impl OpposedCheck {
    /// Both pools, acting first; the first side that cannot be built refuses.
    pub fn pools(&self, roster: &Roster, foes: &[FoeEntry]) -> Result<(Pool, Pool), EditError> {
        Ok((
            self.acting.pool(roster, foes)?,
            self.defending.pool(roster, foes)?,
        ))
    }

    fn side(&mut self, role: Role) -> &mut Contest {
        match role {
            Role::Acting => &mut self.acting,
            Role::Defending => &mut self.defending,
        }
    }
}

impl Default for IxTableDoc {
    fn default() -> Self {
        IxTableDoc {
            schema: SCHEMA,
            legacy_session: None,
            legacy_flips: Vec::new(),
            fighters: Vec::new(),
            order: Vec::new(),
            turn: 0,
            round: 0,
            foes: Vec::new(),
            critical: CriticalTable::default(),
            opposed: OpposedCheck::default(),
            library: Vec::new(),
            fear_faced: Vec::new(),
            upkeep: Upkeep::default(),
        }
    }
}

/// One change to the GM table.
#[derive(Debug, Clone, PartialEq)]
pub enum TableEdit {
    /// Forgets the pool an older version kept here, once the session document has it.
    DropLegacySession,
    AddFighter(Fighter),
    RemoveFighter(usize),
    FighterKind(usize, InitiativeKind),
    /// Records every participant's initiative roll (in `fighters` order) and orders them.
    Rolled(Vec<CheckResult>),
    /// Moves an order slot within its tie group.
    MoveSlot(usize, usize),
    /// Next (true) or previous turn; wrapping advances or rewinds the round.
    Step(bool),
    ClearInitiative,
    AddFoe(Foe),
    /// Adds an adversary with its stat block (refused whole when the block is not valid).
    AddFoeWithStats(Foe, Box<StatBlock>),
    /// Replaces adversary `i`'s stat block (refused, changing nothing, when not valid).
    SetStats(usize, Box<StatBlock>),
    /// Adversary `i` joins initiative, rolling from its own ratings.
    JoinInitiative(usize, InitiativeKind),
    /// Keeps adversary `i`, unhurt, in the library.
    Keep(usize),
    /// Copies library entry `k` beside itself, as a new name to edit.
    DuplicateKept(usize),
    /// Renames library entry `k`.
    RenameKept(usize, String),
    RemoveKept(usize),
    /// Puts a fresh copy of library entry `k` on the table under the name given.
    FromLibrary(usize, String),
    RemoveFoe(usize),
    /// Damage (positive) or healing (negative) in Wounds; Strain for Elites is taken as Wounds.
    Damage(usize, i32, bool),
    /// Strain to a Nemesis (positive) or recovered (negative).
    Strain(usize, i32),
    NemesisPeril(usize, i32),
    /// A fear check's result for adversary `i` against a source of `FearRating` (immune ones
    /// are unchanged); one it demoralizes keeps the rating for its Rally.
    Fear(usize, CheckResult, FearRating),
    /// Lifts Demoralized (a leader's Leadership check succeeded) or Frightened.
    Calm(usize),
    /// A leader's Leadership check to rally adversary `i` (reference, "Lifting
    /// Demoralized"): a success ends Demoralized for that one Minion group or Elite; a failure
    /// leaves it. Refused for one that is not Demoralized. The check is built by
    /// [`IxTableDoc::rally_check`].
    Rally(usize, CheckResult),
    FoeInjury(usize, usize),
    RemoveFoeInjury(usize, usize),
    /// Renames row `i` of the Critical Injury table and sets its effect.
    CritRow(usize, String, String),
    ResetCritical,
    /// Sets one side of the opposed check; refused (changing nothing) when its pool cannot
    /// be built. Forgets the last result, which no longer matches the sides.
    SetContest(Role, Contest),
    /// Adversary `i` rolls one side: the skill that side had when the adversary can roll it,
    /// else the first of its own, else Discipline. Its Boon and Bane dice stay.
    ContestAdversary(Role, usize),
    /// Exchanges the two sides (who acts and who defends).
    SwapContest,
    /// Records a roll of the opposed check as set up now.
    OpposedRolled(OpposedResult),
    /// Records that each of `who` (roster ids or adversary names) checked against `source`
    /// this scene. Refused, recording nothing, for an unnamed source or anyone who already has.
    FearFaced {
        source: String,
        who: Vec<String>,
    },
    /// A new scene: every source of fear may be checked against again.
    NewScene,
    /// Roster character `id` pays this round's Strain for their Concentration spell (the
    /// Strain comes off their sheet, in the same step).
    Upkeep(String),
}

impl NamedDocument for IxTableDoc {
    const NAME: &'static str = DOC_NAME;
    const SCHEMA: u32 = SCHEMA;
    type Edit = TableEdit;

    fn edit_in_place(
        &mut self,
        edit: TableEdit,
        roster: &Roster,
    ) -> Result<Vec<CharacterAction>, EditError> {
        let next_turn = matches!(edit, TableEdit::Step(true));
        let upkeep = match &edit {
            TableEdit::Upkeep(id) => Some(id.clone()),
            _ => None,
        };
        self.apply_inner(edit, roster)?;
        Ok(if let Some(id) = upkeep {
            vec![CharacterAction::EditIx {
                id,
                edit: IxEdit::Upkeep,
            }]
        } else if next_turn {
            self.guard_ends(roster)
        } else {
            Vec::new()
        })
    }
}

impl IxTableDoc {
    /// A guard lasts until its character's next turn (reference, "Defensive Guard",
    /// "Guarded"): the turn order reaching a player character lowers theirs.
    fn guard_ends(&self, roster: &Roster) -> Vec<CharacterAction> {
        let Some(slot) = self.order.get(self.turn) else {
            return Vec::new();
        };
        if slot.entry.side != Side::Player {
            return Vec::new();
        }
        let id = &slot.entry.name;
        match roster.get(id).and_then(|c| c.ix()) {
            Some(s)
                if s.character.guard != Guard::None || s.character.health.second_maneuver_taken =>
            {
                vec![CharacterAction::EditIx {
                    id: id.clone(),
                    edit: IxEdit::TurnStarts,
                }]
            }
            _ => Vec::new(),
        }
    }

    /// Whether `who` has checked against `source` this scene already.
    pub fn fear_faced(&self, source: &str, who: &str) -> bool {
        let source = source.trim();
        self.fear_faced
            .iter()
            .any(|f| f.who == who && f.source.eq_ignore_ascii_case(source))
    }

    /// Whether roster character `id` has paid this round's Concentration upkeep.
    pub fn upkeep_paid(&self, id: &str) -> bool {
        self.round > 0
            && self.upkeep.round == self.round
            && self.upkeep.paid.iter().any(|p| p == id)
    }

    /// Roster characters in initiative who hold a Concentration spell, in turn order (or as
    /// added before initiative is rolled), with whether this round is paid.
    pub fn concentrating(&self, roster: &Roster) -> Vec<Concentrating> {
        self.fighters
            .iter()
            .filter_map(|f| {
                let id = f.character_id.as_ref()?;
                let c = roster.get(id)?;
                let spell = c.ix()?.concentrating.clone()?;
                Some(Concentrating {
                    id: id.clone(),
                    name: c.name.clone(),
                    spell,
                    paid: self.upkeep_paid(id),
                })
            })
            .collect()
    }

    fn kept(&self, k: usize) -> Result<&Kept, EditError> {
        self.library.get(k).ok_or(EditError::Gone {
            what: "kept adversary",
        })
    }

    /// The adversary on the table that initiative participant `key` is: the one it joined
    /// from, or, for a participant typed in by hand, the adversary of that name. A roster
    /// character is never one.
    pub fn foe_index(&self, key: &str) -> Option<usize> {
        let fighter = self.fighters.iter().find(|f| f.key() == key);
        match fighter {
            Some(f) if f.character_id.is_some() => None,
            Some(Fighter {
                foe_id: Some(id), ..
            }) => self.foes.iter().position(|x| x.id == *id),
            _ => self.foes.iter().position(|x| x.name() == key),
        }
    }

    /// Adversary `i`'s link, given it now if it has none yet.
    fn foe_id(&mut self, i: usize) -> Result<u32, EditError> {
        let next = self.next_foe_id();
        let f = self.foe(i)?;
        if f.id == 0 {
            f.id = next;
        }
        Ok(f.id)
    }

    fn next_foe_id(&self) -> u32 {
        self.foes
            .iter()
            .map(|f| f.id)
            .max()
            .unwrap_or(0)
            .saturating_add(1)
    }

    fn add_foe(&mut self, foe: Foe, stats: StatBlock) -> Result<(), EditError> {
        if self.foes.len() >= FOES_MAX {
            return Err(format!("A table holds at most {FOES_MAX} adversaries.").into());
        }
        self.foes.push(FoeEntry {
            foe,
            injuries: Vec::new(),
            critical_owed: false,
            stats,
            id: 0,
            demoralized_by: None,
        });
        Ok(())
    }

    /// A leader's Rally of adversary `target`, by the one check door: the leader's Presence
    /// and Leadership from its stat block, its own fear condition (a Frightened or
    /// Demoralized leader is refused), against the rating that made the target Demoralized
    /// (`fallback` only for a table kept before that was recorded).
    pub fn rally_check(
        &self,
        leader: usize,
        target: usize,
        fallback: FearRating,
    ) -> Result<Check, EditError> {
        let t = self
            .foes
            .get(target)
            .ok_or(EditError::Gone { what: "adversary" })?;
        if t.condition() != Some("Demoralized") {
            return Err(format!("{} is not Demoralized.", t.name()).into());
        }
        if leader == target {
            return Err(
                "A Demoralized adversary cannot rally itself: choose another leader.".into(),
            );
        }
        let l = self
            .foes
            .get(leader)
            .ok_or(EditError::Gone { what: "adversary" })?;
        let rating = t.demoralized_by.unwrap_or(fallback);
        l.check(FoeCheck::Rally(rating), None, Against::Own)
    }

    /// The pool a participant's initiative check rolls, by the one check door: a roster
    /// character's from its sheet (with its conditions), an adversary's from its stat block
    /// (a Minion group with its passive bonus), anyone else's from the numbers typed in.
    pub fn initiative_pool(&self, f: &Fighter, roster: &Roster) -> Result<Pool, EditError> {
        if let Some(id) = &f.character_id {
            let sheet = roster
                .get(id)
                .and_then(|c| c.ix())
                .ok_or(EditError::Gone { what: "character" })?;
            let what = SheetCheck::Initiative(f.kind);
            let check = sheet.check(what, FortuneState::Available, None, Against::Own)?;
            return Ok(check.pool());
        }
        if let Some(id) = f.foe_id {
            let foe = self
                .foes
                .iter()
                .find(|x| x.id == id)
                .ok_or(EditError::Gone { what: "adversary" })?;
            let check = foe.check(FoeCheck::Initiative(f.kind), None, Against::Own)?;
            return Ok(check.pool());
        }
        Ok(initiative_pool(f.kind, f.rating, f.rank)?)
    }

    fn foe(&mut self, i: usize) -> Result<&mut FoeEntry, EditError> {
        self.foes
            .get_mut(i)
            .ok_or(EditError::Gone { what: "adversary" })
    }

    fn apply_inner(&mut self, edit: TableEdit, roster: &Roster) -> Result<(), EditError> {
        let s = EditError::Ix;
        match edit {
            TableEdit::SetContest(role, contest) => {
                if let Contender::ByHand { name, .. } = &contest.who {
                    EditError::text("the side's name", name, 60)?;
                }
                contest.pool(roster, &self.foes)?;
                *self.opposed.side(role) = contest;
                self.opposed.last = None;
            }
            TableEdit::ContestAdversary(role, i) => {
                let id = self.foe_id(i)?;
                let f = &self.foes[i];
                let mut contest = self.opposed.side(role).clone();
                let keep = match &contest.who {
                    Contender::Character { skill, .. } | Contender::Adversary { skill, .. } => {
                        f.stats.skill(skill).map(|k| k.name)
                    }
                    Contender::ByHand { .. } => None,
                };
                let skill = keep
                    .or_else(|| f.stats.skills.first().map(|k| k.name.clone()))
                    .unwrap_or_else(|| "Discipline".into());
                contest.who = Contender::Adversary { id, skill };
                self.apply_inner(TableEdit::SetContest(role, contest), roster)?;
            }
            TableEdit::SwapContest => {
                let o = &mut self.opposed;
                std::mem::swap(&mut o.acting, &mut o.defending);
                o.last = None;
            }
            TableEdit::OpposedRolled(result) => {
                self.opposed.pools(roster, &self.foes)?;
                self.opposed.last = Some(result);
            }
            TableEdit::FearFaced { source, who } => {
                let source = source.trim();
                if source.is_empty() {
                    return Err("Name the source of fear: each one is checked once a scene.".into());
                }
                EditError::text("the source of fear", source, 80)?;
                if let Some(w) = who.iter().find(|w| self.fear_faced(source, w)) {
                    let name = roster.get(w).map_or(w.as_str(), |c| c.name.as_str());
                    return Err(
                        format!("{name} has already checked against {source} this scene.").into(),
                    );
                }
                if self.fear_faced.len() + who.len() > FEAR_FACED_MAX {
                    return Err("This scene has seen enough fear checks: start a New scene.".into());
                }
                self.fear_faced.extend(who.into_iter().map(|who| FearFaced {
                    source: source.to_string(),
                    who,
                }));
            }
            TableEdit::NewScene => self.fear_faced.clear(),
            TableEdit::Upkeep(id) => {
                if self.round == 0 {
                    return Err("Roll initiative first: upkeep is paid each round.".into());
                }
                let c = roster
                    .get(&id)
                    .ok_or(EditError::Gone { what: "character" })?;
                if self.upkeep_paid(&id) {
                    return Err(
                        format!("{} has paid for round {} already.", c.name, self.round).into(),
                    );
                }
                if self.upkeep.round != self.round {
                    self.upkeep = Upkeep {
                        round: self.round,
                        paid: Vec::new(),
                    };
                }
                self.upkeep.paid.push(id);
            }
            TableEdit::DropLegacySession => {
                self.legacy_session = None;
                self.legacy_flips.clear();
            }
            TableEdit::AddFighter(mut f) => {
                match &f.character_id {
                    Some(id) => {
                        let c = roster
                            .get(id)
                            .ok_or(EditError::Gone { what: "character" })?;
                        if self
                            .fighters
                            .iter()
                            .any(|g| g.character_id == f.character_id)
                        {
                            return Err(format!("{} is already taking part.", c.name).into());
                        }
                        // The sheet holds the name; a copy here would go stale on a rename.
                        f.name.clear();
                    }
                    None => {
                        f.name = EditError::text("a name for the participant", &f.name, 60)?;
                        if self.fighters.iter().any(|g| g.key() == f.name) {
                            return Err(format!(
                                "There is already a participant called {}; give this one another name.",
                                f.name
                            )
                            .into());
                        }
                    }
                }
                self.fighters.push(f);
            }
            TableEdit::RemoveFighter(i) => {
                if i >= self.fighters.len() {
                    return Err(EditError::Gone {
                        what: "participant",
                    });
                }
                let f = self.fighters.remove(i);
                self.order.retain(|o| o.entry.name != f.key());
                self.turn = self.turn.min(self.order.len().saturating_sub(1));
            }
            TableEdit::FighterKind(i, k) => {
                let f = self.fighters.get_mut(i).ok_or(EditError::Gone {
                    what: "participant",
                })?;
                f.kind = k;
            }
            TableEdit::Rolled(results) => {
                if results.len() != self.fighters.len() || results.is_empty() {
                    return Err("Add participants, then roll for all of them.".into());
                }
                let entries = self
                    .fighters
                    .iter_mut()
                    .zip(results)
                    .map(|(f, r)| {
                        f.result = Some(r);
                        InitiativeEntry {
                            name: f.key().to_string(),
                            side: if f.character_id.is_some() {
                                Side::Player
                            } else {
                                Side::Npc
                            },
                            result: r,
                        }
                    })
                    .collect();
                self.order = initiative_order(entries);
                self.turn = 0;
                self.round = 1;
            }
            TableEdit::MoveSlot(from, to) => {
                reorder_tie(&mut self.order, from, to).map_err(s)?;
            }
            TableEdit::Step(forward) => {
                let n = self.order.len();
                if n == 0 {
                    return Err("Roll initiative first.".into());
                }
                if forward {
                    self.turn += 1;
                    if self.turn >= n {
                        self.turn = 0;
                        // Saturating: the count comes from a stored table.
                        self.round = self.round.saturating_add(1);
                    }
                } else if self.turn > 0 {
                    self.turn -= 1;
                } else if self.round > 1 {
                    self.turn = n - 1;
                    self.round -= 1;
                } else {
                    return Err("This is the first turn of the first round.".into());
                }
            }
            TableEdit::ClearInitiative => {
                self.order.clear();
                self.turn = 0;
                self.round = 0;
                for f in &mut self.fighters {
                    f.result = None;
                }
            }
            TableEdit::AddFoe(foe) => self.add_foe(foe, StatBlock::default())?,
            TableEdit::AddFoeWithStats(foe, stats) => {
                stats.validate()?;
                self.add_foe(foe, *stats)?;
            }
            TableEdit::SetStats(i, stats) => {
                stats.validate()?;
                self.foe(i)?.stats = *stats;
            }
            TableEdit::JoinInitiative(i, kind) => {
                let id = self.foe_id(i)?;
                let name = self.foes[i].name().to_string();
                if self.fighters.iter().any(|g| g.foe_id == Some(id)) {
                    return Err(format!("{name} is already taking part.").into());
                }
                if self.fighters.iter().any(|g| g.key() == name) {
                    return Err(format!(
                        "There is already a participant called {name}; remove it first."
                    )
                    .into());
                }
                self.fighters.push(Fighter {
                    name,
                    character_id: None,
                    kind,
                    rating: 0,
                    rank: 0,
                    result: None,
                    foe_id: Some(id),
                });
            }
            TableEdit::RemoveFoe(i) => {
                let id = self.foe(i)?.id;
                let gone = self.foes.remove(i);
                // A side it rolled keeps its numbers, set by hand, rather than failing to roll.
                for role in [Role::Acting, Role::Defending] {
                    let side = self.opposed.side(role);
                    if let Contender::Adversary { id: of, skill } = &side.who
                        && *of == id
                        && id != 0
                    {
                        let (characteristic, skill) =
                            gone.stats.check_pool(skill).map_or((2, 0), |(_, r)| r);
                        side.who = Contender::ByHand {
                            name: gone.name().to_string(),
                            characteristic,
                            skill,
                        };
                        self.opposed.last = None;
                    }
                }
                // Its participant would roll numbers no longer on the table.
                if id != 0
                    && let Some(k) = self.fighters.iter().position(|f| f.foe_id == Some(id))
                {
                    self.apply_inner(TableEdit::RemoveFighter(k), roster)?;
                }
            }
            TableEdit::Keep(i) => {
                let f = self.foe(i)?.clone();
                if self.library.len() >= LIBRARY_MAX {
                    return Err(
                        format!("The library keeps at most {LIBRARY_MAX} adversaries.").into(),
                    );
                }
                let foe = f.foe.fresh(f.name()).map_err(s)?;
                self.library.push(Kept {
                    foe,
                    stats: f.stats,
                });
            }
            TableEdit::DuplicateKept(k) => {
                if self.library.len() >= LIBRARY_MAX {
                    return Err(
                        format!("The library keeps at most {LIBRARY_MAX} adversaries.").into(),
                    );
                }
                let kept = self.kept(k)?;
                let name = format!("{} (copy)", kept.name());
                let copy = Kept {
                    foe: kept.foe.fresh(&name).map_err(s)?,
                    stats: kept.stats.clone(),
                };
                self.library.insert(k + 1, copy);
            }
            TableEdit::RenameKept(k, name) => {
                let name = EditError::text("a name for the adversary", &name, 60)?;
                let kept = self.kept(k)?;
                let foe = kept.foe.fresh(&name).map_err(s)?;
                self.library[k].foe = foe;
            }
            TableEdit::RemoveKept(k) => {
                self.kept(k)?;
                self.library.remove(k);
            }
            TableEdit::FromLibrary(k, name) => {
                let kept = self.kept(k)?.clone();
                let name = if name.trim().is_empty() {
                    kept.name().to_string()
                } else {
                    EditError::text("a name for the adversary", &name, 60)?
                };
                let foe = kept.foe.fresh(&name).map_err(s)?;
                self.add_foe(foe, kept.stats)?;
            }
            TableEdit::Damage(i, n, from_attack) => {
                let f = self.foe(i)?;
                match (&mut f.foe, n >= 0) {
                    (Foe::Minions(m), true) => {
                        m.suffer_wounds(n).map_err(s)?;
                    }
                    (Foe::Minions(m), false) => {
                        let max = m.wounds_max().min(i64::from(i32::MAX)) as i32;
                        m.wounds = m.wounds.saturating_sub(n).min(max);
                    }
                    (Foe::Elite(e), true) => {
                        f.critical_owed |=
                            e.suffer_strain(n, from_attack).map_err(s)?.critical_injury;
                    }
                    (Foe::Elite(e), false) => {
                        e.health.heal_wounds(n.saturating_neg()).map_err(s)?;
                    }
                    (Foe::Nemesis(x), true) => {
                        let r = x.health.suffer_wounds(n, from_attack).map_err(s)?;
                        f.critical_owed |= r.critical_injury;
                    }
                    (Foe::Nemesis(x), false) => {
                        x.health.heal_wounds(n.saturating_neg()).map_err(s)?;
                    }
                }
            }
            TableEdit::Strain(i, n) => match self.foe(i)? {
                FoeEntry {
                    foe: Foe::Nemesis(x),
                    critical_owed,
                    ..
                } if n >= 0 => {
                    *critical_owed |= x.health.suffer_strain(n, true).map_err(s)?.critical_injury;
                }
                FoeEntry {
                    foe: Foe::Nemesis(x),
                    ..
                } => {
                    x.health.recover_strain(n.saturating_neg()).map_err(s)?;
                }
                _ => return Err("Only a Nemesis tracks Strain.".into()),
            },
            TableEdit::NemesisPeril(i, n) => match &mut self.foe(i)?.foe {
                Foe::Nemesis(x) => {
                    crate::rules::ix::error::IxError::check(
                        "Nemesis Peril",
                        i64::from(n),
                        0,
                        i64::from(crate::rules::ix::adversary::MAX_NEMESIS_PERIL),
                    )
                    .map_err(s)?;
                    x.peril = n;
                }
                _ => return Err("Only a Nemesis has its own Peril.".into()),
            },
            TableEdit::Fear(i, r, rating) => {
                let f = self.foe(i)?;
                let was = f.condition() == Some("Demoralized");
                match &mut f.foe {
                    Foe::Minions(m) => m.resolve_fear(&r),
                    Foe::Elite(e) => e.resolve_fear(&r),
                    Foe::Nemesis(x) => x.resolve_fear(&r),
                };
                if !was && f.condition() == Some("Demoralized") {
                    f.demoralized_by = Some(rating);
                }
            }
            TableEdit::Calm(i) => {
                let f = self.foe(i)?;
                f.demoralized_by = None;
                match &mut f.foe {
                    Foe::Minions(m) => m.demoralized = false,
                    Foe::Elite(e) => e.demoralized = false,
                    Foe::Nemesis(x) => x.frightened = false,
                }
            }
            TableEdit::Rally(i, result) => {
                let f = self.foe(i)?;
                if f.condition() != Some("Demoralized") {
                    return Err(format!("{} is not Demoralized.", f.name()).into());
                }
                if result.succeeded {
                    f.demoralized_by = None;
                    match &mut f.foe {
                        Foe::Minions(m) => m.demoralized = false,
                        Foe::Elite(e) => e.demoralized = false,
                        Foe::Nemesis(_) => {}
                    }
                }
            }
            TableEdit::FoeInjury(i, row) => {
                if row >= ROW_COUNT {
                    return Err("No such Critical Injury row.".into());
                }
                let f = self.foe(i)?;
                f.injuries.push(row);
                f.critical_owed = false;
                if row >= ROW_COUNT - 1 {
                    f.kill();
                }
            }
            TableEdit::RemoveFoeInjury(i, k) => {
                let f = self.foe(i)?;
                if k >= f.injuries.len() {
                    return Err("That injury is no longer listed.".into());
                }
                f.injuries.remove(k);
            }
            TableEdit::CritRow(i, name, effect) => {
                let row = self.critical.rows.get_mut(i).ok_or(EditError::Gone {
                    what: "Critical Injury row",
                })?;
                if name.trim().is_empty() {
                    return Err("Each row needs a name.".into());
                }
                for t in [&name, &effect] {
                    let n = t.chars().count();
                    if n > CRIT_TEXT_MAX {
                        return Err(format!("{n} characters; a row holds {CRIT_TEXT_MAX}.").into());
                    }
                }
                row.name = name;
                row.effect = effect;
            }
            TableEdit::ResetCritical => self.critical = CriticalTable::default(),
        }
        Ok(())
    }
}
