//! The words of the tray's reducer: what a request builds ([`Opening`], [`Prefill`]), every
//! change ([`TrayAction`]), what a change asks of its caller ([`TrayApplied`]) and why one was
//! refused ([`TrayError`]). Plain data, like `state.rs`.

use std::fmt;

use super::fields::{Field, FieldError};
use super::outcome::{LogDraft, RollElsewhere, Rolled, Wager};
use crate::model::sealed::{Receipt, SealError, SealedCheck};
use crate::rules::expedition::RulesError;
use crate::rules::expedition::help::{ExpChange, ExpUnavailable};
use crate::rules::expedition::objective::{Carried, GeneralFactors};
use crate::rules::ix::IxError;
use crate::rules::ix::check::Check as IxCheck;
use crate::rules::ix::dice::{CheckResult, DieKind};
use crate::rules::ix::help::{IxChange, Unavailable};
use crate::rules::ix::pool::{Difficulty, Pool as IxPool};

/// Which part of the tray is showing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Ix,
    Expedition,
    Plain,
    Log,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Ix, Mode::Expedition, Mode::Plain, Mode::Log];

    pub fn label(self) -> &'static str {
        match self {
            Mode::Ix => "Ix",
            Mode::Expedition => "Expedition",
            Mode::Plain => "Plain dice",
            Mode::Log => "Log",
        }
    }
}

/// Expedition sub-modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpKind {
    Test,
    Versus,
    Damage,
    Cash,
}

/// The pool a request builds.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Prefill {
    /// Leave the tray as it is.
    #[default]
    Keep,
    /// A plain Ix pool (a table roll, a pool the GM typed): nothing added on top.
    Ix(IxPool),
    /// A check built by the one door (`rules::ix::check::check`): its base pool on the
    /// counters and every part the rules add on top, named (a condition can be switched off
    /// for a check it does not bear on).
    IxCheck(Box<IxCheck>),
    /// The difficulty side of a pool the GM proposed: the tray's own positive dice stay
    /// (`Pool::with_difficulty_of`).
    IxDifficulty(IxPool),
    /// An Expedition independent test: Ability rating, bonus, penalty and helping dice, Ob
    /// and free successes. With `factors`, the Ob comes from the factor calculator, starting
    /// from those factors (the referee's calculator). `carried` is the character's worn
    /// armour and carried shields, counted when the test is one they weigh on.
    Expedition {
        ability: u8,
        bonus: u32,
        penalty: u32,
        helping: u32,
        ob: u32,
        free: u32,
        factors: Option<GeneralFactors>,
        carried: Carried,
    },
    /// An Ob the GM proposed: a test against it, the player's other fields as they are.
    Ob(u32),
    /// A versus test: this side's Ability (with bonus dice) against `opposing` dice.
    Versus {
        ability: u8,
        bonus: u32,
        opposing: u32,
    },
    /// `dice`d of variable damage with `free` extra.
    Damage { dice: u32, free: u32 },
    /// A purchase with a Cash wager (Wealth and Cash held come from the request).
    CashWager {
        cost: u32,
        scarcity: u32,
        wager: u32,
    },
    /// Plain notation, e.g. "2d6+1".
    Plain(String),
}

/// The data half of a request (the hooks stay with the component).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Opening {
    pub label: String,
    pub character_id: Option<String>,
    pub character_name: Option<String>,
    pub prefill: Prefill,
    pub cash: Option<u32>,
    pub wealth: Option<u8>,
    /// Whether the requester applies a wager's Cash change; otherwise the tray's own Cash
    /// field takes it.
    pub cash_to_sheet: bool,
    /// With an Ix pool from a skill: `(characteristic, skill)`, for "one skill rank more".
    pub ratings: Option<(u8, u8)>,
    /// The check is an attack: the same character's next attack keeps "Attack on".
    pub attack: bool,
    /// A sealed check from the GM: it stays in the tray until rolled elsewhere or left, and
    /// sets the difficulty of the checks opened meanwhile.
    pub sealed: Option<SealedCheck>,
}

/// The upgrade and downgrade buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PoolStep {
    UpgradeAbility,
    DowngradeAbility,
    UpgradeDifficulty,
    DowngradeDifficulty,
}

/// Every change to the tray.
#[derive(Debug, Clone, PartialEq)]
pub enum TrayAction {
    /// A request: builds its pool, names the roll and clears the last result and refusal.
    Open(Box<Opening>),
    /// The tray closed, and its request's hooks with it: a later wager's Cash change stays in
    /// the tray. The pool, fields and label stay for the next opening.
    EndRequest,
    /// The receipt of the sealed roll just shown, for the player to send back.
    Receipt(Box<Receipt>),
    /// The player leaves the sealed check: rolls are their own again.
    EndSealed,
    SetMode(Mode),
    /// The character the next roll is stored with.
    SetWho(Option<String>),
    SetLabel(String),
    AddDie(DieKind),
    /// Refused when the pool has no die of that kind.
    RemoveDie(DieKind),
    /// Replaces the Trial dice with a named difficulty's.
    Difficulty(Difficulty),
    Step(PoolStep),
    /// Marks a Fortune Point on this check (one Ability die becomes Mastery).
    MarkFortune,
    /// Marks a Peril Point on this check (one Trial die becomes Crisis).
    MarkPeril,
    ClearPool,
    /// Makes one change from "What would help" to the Ix pool (`IxChange::apply`).
    Help(IxChange),
    /// Makes one change from "What would help" to the Expedition test (`ExpChange::apply`).
    ExpHelp(ExpChange),
    /// Switches addition `i` (a condition, carried Bane dice) on or off for this check.
    ToggleCondition(usize),
    /// The character this check attacks, with their guard as it stands, or none.
    Target(Option<AttackTarget>),
    /// Switches the target's guard on or off for this check.
    ToggleTargetGuard,
    SetExpKind(ExpKind),
    /// A number field, as typed ([`super::fields::EMPTY`] when it holds no number).
    SetField(Field, i64),
    /// "Save made" on damage.
    SetSaved(bool),
    /// "Wearing armour" for Down and Out.
    SetArmour(bool),
    /// The Ob from these factors, or typed when `None`.
    SetFactors(Option<GeneralFactors>),
    /// Whether the test is one worn armour and carried shields weigh on.
    SetEncumbering(bool),
    SetNotation(String),
    /// A roll made from this state (`TrayState::roll`): shown, and handed back for the log.
    Rolled(Box<Rolled>),
    /// A roll made elsewhere: shown and logged under its character and label.
    Show(Box<RollElsewhere>),
    /// The GM spends one of the last roll's Banes on its character's next check (the
    /// caller has put the Bane die on their sheet).
    CarriedBane,
    /// Shows a refusal until the next change.
    Refused(TrayError),
}

/// The character an Ix check attacks: their guard and Defense change the attacker's pool
/// (`rules::ix::check::target_parts`). A copy taken when the target is chosen.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AttackTarget {
    /// Roster id.
    pub id: String,
    pub name: String,
    pub guard: crate::rules::ix::checks::Guard,
    /// Raw Melee and Ranged Defense, as the sheet has them (the rules apply the cap).
    pub melee_defense: i32,
    pub ranged_defense: i32,
    /// Whether the guard and Defense count on this check (on unless the GM rules otherwise).
    pub on: bool,
}

impl AttackTarget {
    /// The target as the rules read it.
    pub fn as_target(&self) -> crate::rules::ix::check::Target {
        crate::rules::ix::check::Target {
            name: self.name.clone(),
            guard: self.guard,
            melee_defense: self.melee_defense,
            ranged_defense: self.ranged_defense,
            ..Default::default()
        }
    }
}

/// What a change asks of its caller.
#[derive(Debug, Clone, PartialEq)]
pub enum TrayApplied {
    /// Nothing beyond the new state.
    Changed,
    /// A roll is on screen: log it, and hand `ix` / `cash` to the requester's hooks.
    Rolled(Box<Settled>),
}

/// A roll that has reached the screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Settled {
    pub log: LogDraft,
    pub ix: Option<(IxPool, CheckResult)>,
    pub cash: Option<Wager>,
    /// The roster character whose carried Bane dice this roll used up.
    pub used_carried: Option<String>,
}

/// Why the tray refused something. Shown as is: every variant reads as a sentence.
#[derive(Debug, Clone, PartialEq)]
pub enum TrayError {
    /// The Ix rules refused a pool change (a kind over its limit, a point already spent).
    Ix(IxError),
    /// The Expedition rules refused a roll (a wager above the Cash held...).
    Expedition(RulesError),
    /// Plain dice notation that cannot be rolled.
    Dice(crate::rules::dice::DiceError),
    /// A number field that is empty or out of range.
    Field(FieldError),
    /// "Remove one" on a kind the pool does not hold.
    NoDieToRemove(DieKind),
    /// Roll with an empty Ix pool.
    EmptyPool,
    /// Roll while the log is showing.
    NothingToRoll,
    /// A condition switch for a condition this check no longer has.
    NoSuchCondition,
    /// A Bane spent on the next check when the last roll has none left to spend.
    NoBaneToCarry,
    /// A character's sheet refused a change the tray asked of it; the words are the sheet's.
    Sheet(String),
    /// The session has no Fortune (or Peril) Point for this check; the words are the
    /// session's own.
    StoryPoint { fortune: bool, why: String },
    /// A change from "What would help" that the Ix rules cannot make now.
    IxHelp(Unavailable),
    /// A change from "What would help" that the Expedition rules cannot make now.
    ExpHelp(ExpUnavailable),
    /// A sealed roll that cannot be made as the pool stands.
    Sealed(SealError),
    /// This device rolled this seal already: its outcome, in words.
    SealRolled(String),
}

/// The rules word their refusals as clauses ("a Fortune Point is already spent on this
/// check"), so callers can embed them; alone in the tray they read as a sentence. (ASCII
/// case only: the rules' clauses start with an English word, and Unicode case tables would
/// add kilobytes to the tray's chunk.)
fn sentence(f: &mut fmt::Formatter<'_>, clause: &dyn fmt::Display) -> fmt::Result {
    let mut text = clause.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    f.write_str(&text)?;
    if text.ends_with(['.', '!', '?']) {
        Ok(())
    } else {
        f.write_str(".")
    }
}

impl fmt::Display for TrayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrayError::Ix(e) => sentence(f, e),
            TrayError::Expedition(e) => sentence(f, e),
            TrayError::Dice(e) => sentence(f, e),
            TrayError::Field(e) => e.fmt(f),
            TrayError::NoDieToRemove(kind) => {
                write!(f, "There is no {} in the pool to remove.", kind.name())
            }
            TrayError::EmptyPool => write!(f, "Add at least one die first."),
            TrayError::NothingToRoll => write!(f, "Choose Ix, Expedition or Plain dice to roll."),
            TrayError::NoSuchCondition => write!(f, "That condition is no longer on this check."),
            TrayError::NoBaneToCarry => write!(f, "The last roll has no Bane left to spend."),
            TrayError::Sheet(why) => write!(f, "{why}"),
            TrayError::StoryPoint { why, .. } => write!(f, "{why}"),
            TrayError::IxHelp(why) => sentence(f, why),
            TrayError::ExpHelp(why) => sentence(f, why),
            TrayError::Sealed(why) => why.fmt(f),
            TrayError::SealRolled(outcome) => write!(
                f,
                "You rolled this sealed check already ({outcome}). A seal is rolled once, whatever the pool: send your GM the receipt from then, or ask for a new check."
            ),
        }
    }
}

impl From<IxError> for TrayError {
    fn from(e: IxError) -> Self {
        TrayError::Ix(e)
    }
}

impl From<RulesError> for TrayError {
    fn from(e: RulesError) -> Self {
        TrayError::Expedition(e)
    }
}

impl From<FieldError> for TrayError {
    fn from(e: FieldError) -> Self {
        TrayError::Field(e)
    }
}

impl From<crate::rules::dice::DiceError> for TrayError {
    fn from(e: crate::rules::dice::DiceError) -> Self {
        TrayError::Dice(e)
    }
}
