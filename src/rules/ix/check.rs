//! The one door for every Ix check (DESIGN.md, "One door per rule"): a sheet's skill, a
//! weapon attack, a grapple, casting, a healer's Medicine, initiative, fear, Rally, a contest
//! and a GM's sealed check are all built here, from the acting side's state, the action, the
//! target and the difficulty. Screens show what comes back; none of them decides whether a
//! rule applies.
//!
//! | Need | Call |
//! |---|---|
//! | Build any check | [`check`]`(&actor, action, target, against)` -> [`Check`] or [`Refusal`] |
//! | The acting side | [`Actor`] (a sheet's or a stat block's, built by its document) |
//! | The dice and why | [`Check::parts`]: every [`Part`] with its [`Reason`]; [`Check::pool`] folds them |
//! | What the tray starts from | [`Check::base`] (the actor's dice and the difficulty) and [`Check::additions`] (named) |
//! | A GM's seal on it | [`Check::under_seal`]`(&sealed_difficulty)` |
//! | A target chosen later | [`target_parts`]`(&target, check.target_kind)` |
//! | Whether an action is offered | [`may_act`]`(&actor, action_kind)` |
//!
//! Rulings applied (RULINGS.md, "Contests, Defense, crits"): each point of the target's
//! Defense of the attack's kind adds a Bane die; a contest's difficulty comes from the
//! defender's two ratings as a pool's dice come from the actor's; an incapacitated character
//! cannot attack, cast, grapple, contest, rally or heal; a Minion group adds one Boon die per
//! standing member beyond the first, at most its cap; a sealed difficulty replaces only the
//! GM's difficulty, and the actor's own additions still go on, each named.

use serde::{Deserialize, Serialize};
use std::fmt;

use super::checks::{Condition, FearRating, ForbiddenGrantCase, Guard, ShakyStrain, Tradition};
use super::critical::MedicineTask;
use super::dice::DieKind;
use super::error::IxError;
use super::health::{DEFENSE_CAP, Vitality};
use super::pool::{Difficulty, Pool, check_characteristic, check_skill, higher_lower};

/// A Minion group's passive bonus cap when the GM has not set another (RULINGS.md).
pub const MINION_BONUS_CAP: u8 = 3;

/// Who rolls: what of the acting side's state reaches a check. Built by the document that
/// owns that state (`IxSheet::actor`, a table adversary's `actor`), never by a screen.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Actor {
    /// Frightened, Demoralized and the table's own words (which add nothing).
    pub conditions: Vec<Condition>,
    /// Bane dice the GM spent on this actor's next check.
    pub carried_banes: u8,
    /// Where the actor stands on the Wound track.
    pub vitality: Option<Vitality>,
    /// An Arcana focus in hand.
    pub focus: bool,
    /// Who may spend a Fortune Point on this check.
    pub fortune: FortuneState,
    /// A Minion group: members standing and the cap of its passive bonus.
    pub minions: Option<MinionGroupSize>,
    /// Defensive Guard is up: no attacking or casting until the actor's next turn.
    pub defensive_guard: bool,
}

/// A Minion group's size for its passive bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinionGroupSize {
    pub standing: u32,
    pub cap: u8,
}

/// Whether the actor's side holds a Fortune Point to spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FortuneState {
    /// A player character, and the players' side has a point.
    #[default]
    Available,
    /// A player character, and no point is on the players' side now.
    NoneLeft,
    /// An adversary: the GM spends Peril, never Fortune.
    Adversary,
}

/// Two ratings: a characteristic (1-6) and a skill rank (0-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ratings {
    pub characteristic: i32,
    pub skill: i32,
}

impl Ratings {
    pub fn new(characteristic: i32, skill: i32) -> Ratings {
        Ratings {
            characteristic,
            skill,
        }
    }
}

/// What the actor does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Any skill check.
    Skill(Ratings),
    /// An attack with a weapon's skill; `ranged` picks the target's Ranged Defense.
    Attack { ratings: Ratings, ranged: bool },
    /// A grapple: against the target's Might and Agility (RULINGS.md, "Grapple").
    Grapple(Ratings),
    /// A contest against a defender's characteristic and skill (RULINGS.md, "Contests").
    Contest { ratings: Ratings, resist: Ratings },
    /// Casting: the spell's Trial dice (with Overloads) and, for Divine, the GM's Grant ruling.
    Cast {
        ratings: Ratings,
        tradition: Tradition,
        spell_trial_dice: i32,
        grant: Option<ForbiddenGrantCase>,
    },
    /// The actor's own Medicine check on a patient (the healer's state, not the patient's).
    Medicine {
        ratings: Ratings,
        task: MedicineTask,
    },
    /// Initiative: no difficulty.
    Initiative(Ratings),
    /// A fear check against a source's rating.
    Fear {
        ratings: Ratings,
        rating: FearRating,
    },
    /// A leader's Leadership check against the rating that caused Demoralized.
    Rally {
        ratings: Ratings,
        rating: FearRating,
    },
}

/// An action's kind, for asking whether it is offered at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActionKind {
    Skill,
    Attack,
    Grapple,
    Contest,
    Cast,
    Medicine,
    Initiative,
    Fear,
    Rally,
    /// A Maneuver (a second Maneuver, Guarded): acting, with no dice.
    Maneuver,
}

impl Action {
    pub fn kind(&self) -> ActionKind {
        match self {
            Action::Skill(_) => ActionKind::Skill,
            Action::Attack { .. } => ActionKind::Attack,
            Action::Grapple(_) => ActionKind::Grapple,
            Action::Contest { .. } => ActionKind::Contest,
            Action::Cast { .. } => ActionKind::Cast,
            Action::Medicine { .. } => ActionKind::Medicine,
            Action::Initiative(_) => ActionKind::Initiative,
            Action::Fear { .. } => ActionKind::Fear,
            Action::Rally { .. } => ActionKind::Rally,
        }
    }

    fn ratings(&self) -> Ratings {
        match *self {
            Action::Skill(r)
            | Action::Grapple(r)
            | Action::Initiative(r)
            | Action::Attack { ratings: r, .. }
            | Action::Contest { ratings: r, .. }
            | Action::Cast { ratings: r, .. }
            | Action::Medicine { ratings: r, .. }
            | Action::Fear { ratings: r, .. }
            | Action::Rally { ratings: r, .. } => r,
        }
    }

    /// Whether the target's guard and Defense bear on it, and which Defense.
    fn target_kind(&self) -> Option<TargetKind> {
        match self {
            Action::Attack { ranged: false, .. } => Some(TargetKind::Melee),
            Action::Attack { ranged: true, .. } => Some(TargetKind::Ranged),
            Action::Grapple(_) => Some(TargetKind::Grapple),
            _ => None,
        }
    }

    fn is_attack(&self) -> bool {
        self.target_kind().is_some()
    }
}

/// What a target's guard and Defense bear on: a guard on any attack or grapple, Melee or
/// Ranged Defense on an attack of that kind (RULINGS.md, "Defense").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TargetKind {
    Melee,
    Ranged,
    Grapple,
}

/// Who an attack, a grapple or a contest is against.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Target {
    pub name: String,
    pub guard: Guard,
    /// Raw Melee and Ranged Defense; read through the cap of 3.
    pub melee_defense: i32,
    pub ranged_defense: i32,
    /// For a grapple.
    pub might: i32,
    pub agility: i32,
}

/// The difficulty the GM chose, on top of what the action itself brings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Against {
    /// The action's own difficulty only (a grapple, a contest, fear, Rally, a spell,
    /// Medicine) or none (initiative).
    Own,
    /// A named difficulty.
    Preset(Difficulty),
    /// Trial dice by hand, 0-10.
    Count(i32),
    /// A GM's sealed check: its difficulty side, in place of any the GM would choose here.
    Sealed(Pool),
}

/// Why a die is in the pool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    /// The actor's characteristic and skill.
    Ratings {
        characteristic: u8,
        skill: u8,
    },
    /// The GM's difficulty (or a task's).
    Difficulty(u8),
    /// The difficulty a GM sealed.
    Sealed,
    /// A defender's two ratings (a grapple's Might and Agility, a contest's resistance).
    Resistance {
        higher: u8,
        lower: u8,
    },
    /// A spell's Trial dice, Overloads included.
    Spell(u8),
    /// An Arcana focus.
    Focus,
    /// A shaky Forbidden Grant.
    ShakyGrant(ShakyStrain),
    /// Standing Minions beyond the one whose rank is used.
    MinionBonus {
        beyond_first: u32,
    },
    Frightened,
    Demoralized,
    /// Bane dice the GM spent on this check.
    CarriedBanes(u8),
    /// The target's guard.
    Guard(Guard),
    /// The target's Defense against this kind of attack (after the cap).
    Defense {
        ranged: bool,
        points: u8,
    },
}

/// What a part does to the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Change {
    /// A positive side from two ratings (the higher in dice, the lower upgraded).
    Positive {
        higher: u8,
        lower: u8,
    },
    /// A negative side built the same way (Trial dice, the lower upgraded to Crisis).
    Negative {
        higher: u8,
        lower: u8,
    },
    Add(DieKind, u8),
    UpgradeDifficulty(u8),
}

/// One piece of a check: what it adds and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    pub reason: Reason,
    pub change: Change,
}

impl Part {
    fn new(reason: Reason, change: Change) -> Part {
        Part { reason, change }
    }

    /// Adds this part to `pool`; refused (changing nothing) past a pool's limits.
    pub fn apply_to(&self, pool: &mut Pool) -> Result<(), IxError> {
        let mut next = *pool;
        match self.change {
            Change::Positive { higher, lower } => {
                next.add_dice(DieKind::Ability, i32::from(higher - lower.min(higher)))?;
                next.add_dice(DieKind::Mastery, i32::from(lower.min(higher)))?;
            }
            Change::Negative { higher, lower } => {
                next.add_dice(DieKind::Trial, i32::from(higher - lower.min(higher)))?;
                next.add_dice(DieKind::Crisis, i32::from(lower.min(higher)))?;
            }
            Change::Add(kind, n) => next.add_dice(kind, i32::from(n))?,
            Change::UpgradeDifficulty(n) => {
                next.upgrade_difficulty(i32::from(n))?;
            }
        }
        *pool = next;
        Ok(())
    }

    /// Whether the part is what the tray's counters start from: the actor's dice and the
    /// GM's difficulty (or the seal's). Everything else the rules add on top, named.
    pub fn is_base(&self) -> bool {
        matches!(
            self.reason,
            Reason::Ratings { .. }
                | Reason::Difficulty(_)
                | Reason::Sealed
                | Reason::Focus
                | Reason::MinionBonus { .. }
        )
    }

    /// Whether the GM may rule it out for one check (a condition that does not bear on it,
    /// a guard or Defense that does not apply): the tray offers a switch for these only.
    pub fn switchable(&self) -> bool {
        matches!(
            self.reason,
            Reason::Frightened
                | Reason::Demoralized
                | Reason::CarriedBanes(_)
                | Reason::Guard(_)
                | Reason::Defense { .. }
        )
    }

    /// Whether it adds to the difficulty side (what a sealed check's receipt must name).
    pub fn negative(&self) -> bool {
        match self.change {
            Change::Positive { .. } => false,
            Change::Negative { .. } | Change::UpgradeDifficulty(_) => true,
            Change::Add(kind, _) => !kind.is_positive(),
        }
    }

    /// The part in words: "Frightened: +1 Bane die".
    pub fn label(&self) -> String {
        format!("{}: {}", self.reason, self.change)
    }
}

fn dice(n: u8, kind: DieKind) -> String {
    if n == 1 {
        format!("1 {}", kind.name())
    } else {
        format!("{n} {}", kind.name().replace(" die", " dice"))
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pair = |f: &mut fmt::Formatter<'_>, hi: u8, lo: u8, base: DieKind, up: DieKind| {
            let lo = lo.min(hi);
            let mut words = Vec::new();
            if hi > lo {
                words.push(dice(hi - lo, base));
            }
            if lo > 0 {
                words.push(dice(lo, up));
            }
            if words.is_empty() {
                words.push("no dice".into());
            }
            write!(f, "{}", words.join(", "))
        };
        match *self {
            Change::Positive { higher, lower } => {
                pair(f, higher, lower, DieKind::Ability, DieKind::Mastery)
            }
            Change::Negative { higher, lower } => {
                pair(f, higher, lower, DieKind::Trial, DieKind::Crisis)
            }
            Change::Add(kind, n) => write!(f, "+{}", dice(n, kind)),
            Change::UpgradeDifficulty(1) => write!(f, "one Trial die becomes a Crisis die"),
            Change::UpgradeDifficulty(n) => write!(f, "{n} Trial dice become Crisis dice"),
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Ratings {
                characteristic,
                skill,
            } => write!(f, "Characteristic {characteristic}, skill {skill}"),
            Reason::Difficulty(n) => match Difficulty::from_trial_dice(*n) {
                Some(d) => write!(f, "{} difficulty", d.name()),
                None => write!(f, "Difficulty"),
            },
            Reason::Sealed => write!(f, "The GM's sealed difficulty"),
            Reason::Resistance { higher, lower } => {
                write!(f, "The defender's ratings {higher} and {lower}")
            }
            Reason::Spell(_) => write!(f, "The spell"),
            Reason::Focus => write!(f, "Arcana focus"),
            Reason::ShakyGrant(_) => write!(f, "Shaky Forbidden Grant"),
            Reason::MinionBonus { beyond_first } => {
                write!(f, "Minion group, {beyond_first} more standing")
            }
            Reason::Frightened => write!(f, "Frightened"),
            Reason::Demoralized => write!(f, "Demoralized"),
            Reason::CarriedBanes(_) => write!(f, "Carried from an earlier check"),
            Reason::Guard(Guard::Guarded) => write!(f, "Target Guarded"),
            Reason::Guard(_) => write!(f, "Target's Defensive Guard"),
            Reason::Defense { ranged, points } => write!(
                f,
                "Target's {} Defense {points}",
                if *ranged { "Ranged" } else { "Melee" }
            ),
        }
    }
}

/// Whether a Fortune Point may go on this check, and if not, why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fortune {
    May,
    NoneLeft,
    /// Adversaries never spend Fortune.
    NotForAdversaries,
}

/// A check built by the rules: every part with its reason, on or off, and what may be spent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Each part, with whether it counts on this check (a condition that does not bear on
    /// this kind of check is listed, switched off, so the GM can rule it in).
    pub parts: Vec<(Part, bool)>,
    pub fortune: Fortune,
    /// An attack or a grapple: what a target chosen later adds ([`target_parts`]).
    pub target_kind: Option<TargetKind>,
}

impl Check {
    /// The pool to roll: every part switched on.
    pub fn pool(&self) -> Pool {
        fold(self.parts.iter().filter(|(_, on)| *on).map(|(p, _)| p))
    }

    /// The actor's dice and the difficulty, before what the rules add on top.
    pub fn base(&self) -> Pool {
        fold(self.parts.iter().map(|(p, _)| p).filter(|p| p.is_base()))
    }

    /// What the rules add on top, each with whether it counts.
    pub fn additions(&self) -> Vec<(Part, bool)> {
        self.parts
            .iter()
            .filter(|(p, _)| !p.is_base())
            .cloned()
            .collect()
    }

    /// The same check under a GM's seal: the sealed difficulty side takes the place of the
    /// difficulty chosen here; everything the rules add (a spell's dice, a grapple's
    /// resistance, conditions, the target's guard and Defense) stays, each named.
    pub fn under_seal(&self, sealed: &Pool) -> Check {
        let mut parts: Vec<(Part, bool)> = Vec::new();
        for (p, on) in &self.parts {
            if matches!(p.reason, Reason::Difficulty(_) | Reason::Sealed) {
                continue;
            }
            parts.push((p.clone(), *on));
            if matches!(p.reason, Reason::Ratings { .. }) {
                parts.extend(sealed_parts(sealed).into_iter().map(|s| (s, true)));
            }
        }
        Check {
            parts,
            fortune: self.fortune,
            target_kind: self.target_kind,
        }
    }

    /// The parts that count, in words, for a receipt or a screen reader.
    pub fn reasons(&self) -> Vec<String> {
        self.parts
            .iter()
            .filter(|(_, on)| *on)
            .map(|(p, _)| p.label())
            .collect()
    }
}

/// Folds parts into a pool; a part that would pass a pool's limits adds nothing.
pub fn fold<'a>(parts: impl IntoIterator<Item = &'a Part>) -> Pool {
    let mut pool = Pool::new();
    for p in parts {
        let _ = p.apply_to(&mut pool);
    }
    pool
}

/// Why the rules refuse a check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Wounds at 0 or below: the actor cannot act.
    Incapacitated,
    /// Defensive Guard is up.
    DefensiveGuard,
    Dead,
    /// A Minion group with no member standing.
    GroupDefeated,
    /// A Forbidden Grant in bad faith: the channel stays shut.
    ChannelShut,
    /// A Medicine task that cannot be attempted (a Killed injury).
    Untreatable,
    /// A Frightened or Demoralized leader cannot rally others (reference, "Lifting
    /// Demoralized").
    LeaderAfraid,
    /// A number out of range, by name.
    Invalid(IxError),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Incapacitated => write!(
                f,
                "Incapacitated (Wounds at 0 or below): no attack, casting, grapple or Maneuver until healed above 0."
            ),
            Refusal::DefensiveGuard => write!(
                f,
                "Defensive Guard is up: no attacking or casting until your next turn. Set No guard when it comes."
            ),
            Refusal::Dead => write!(f, "Dead: no more checks."),
            Refusal::GroupDefeated => write!(f, "Every member of the group is down."),
            Refusal::ChannelShut => write!(
                f,
                "Bad-faith Forbidden Grant: the channel stays shut and no Strain is spent."
            ),
            Refusal::Untreatable => write!(f, "A Killed injury cannot be treated."),
            Refusal::LeaderAfraid => write!(
                f,
                "A Frightened or Demoralized leader cannot rally anyone: another leader must."
            ),
            Refusal::Invalid(e) => write!(f, "{}.", capitalised(&e.to_string())),
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|first| first.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

impl From<IxError> for Refusal {
    fn from(e: IxError) -> Refusal {
        Refusal::Invalid(e)
    }
}

/// Whether the actor may take an action of this kind at all: what a screen asks before it
/// offers the button.
pub fn may_act(actor: &Actor, kind: ActionKind) -> Result<(), Refusal> {
    if actor.vitality == Some(Vitality::Dead) {
        return Err(Refusal::Dead);
    }
    if actor.minions.is_some_and(|m| m.standing == 0) {
        return Err(Refusal::GroupDefeated);
    }
    let down = matches!(actor.vitality, Some(Vitality::Incapacitated { .. }));
    let acting = !matches!(
        kind,
        ActionKind::Skill | ActionKind::Initiative | ActionKind::Fear
    );
    if down && acting {
        return Err(Refusal::Incapacitated);
    }
    let attacking = matches!(
        kind,
        ActionKind::Attack | ActionKind::Grapple | ActionKind::Cast
    );
    if actor.defensive_guard && attacking {
        return Err(Refusal::DefensiveGuard);
    }
    let afraid = actor
        .conditions
        .iter()
        .any(|c| matches!(c, Condition::Frightened | Condition::Demoralized));
    if kind == ActionKind::Rally && afraid {
        return Err(Refusal::LeaderAfraid);
    }
    Ok(())
}

/// Builds any Ix check. See the module's table.
pub fn check(
    actor: &Actor,
    action: Action,
    target: Option<&Target>,
    against: Against,
) -> Result<Check, Refusal> {
    may_act(actor, action.kind())?;
    let mut parts: Vec<(Part, bool)> = Vec::new();
    let mut fixed = |p: Part| parts.push((p, true));
    let r = action.ratings();
    let c = check_characteristic("characteristic", r.characteristic)?;
    let s = check_skill("skill rank", r.skill)?;
    let (hi, lo) = higher_lower(c, s);
    fixed(Part::new(
        Reason::Ratings {
            characteristic: c,
            skill: s,
        },
        Change::Positive {
            higher: hi,
            lower: lo,
        },
    ));
    for p in own_parts(actor, action, target)? {
        fixed(p);
    }
    for p in gm_difficulty(against)? {
        fixed(p);
    }
    for p in actor_additions(actor, action) {
        parts.push(p);
    }
    let target_kind = action.target_kind();
    if let (Some(kind), Some(t)) = (target_kind, target) {
        parts.extend(target_parts(t, kind).into_iter().map(|p| (p, true)));
    }
    let fortune = match actor.fortune {
        FortuneState::Available => Fortune::May,
        FortuneState::NoneLeft => Fortune::NoneLeft,
        FortuneState::Adversary => Fortune::NotForAdversaries,
    };
    let built = Check {
        parts,
        fortune,
        target_kind,
    };
    // A pool past the limits is refused here rather than rolled short.
    let mut probe = Pool::new();
    for (p, _) in &built.parts {
        p.apply_to(&mut probe)?;
    }
    Ok(built)
}

/// What the action brings itself: a grapple's or contest's resistance, a spell's dice, a
/// task's difficulty, a focus, a Grant, a Minion group's bonus.
fn own_parts(actor: &Actor, action: Action, target: Option<&Target>) -> Result<Vec<Part>, Refusal> {
    let mut parts = Vec::new();
    let resist = |a: u8, b: u8| {
        let (higher, lower) = higher_lower(a, b);
        Part::new(
            Reason::Resistance { higher, lower },
            Change::Negative { higher, lower },
        )
    };
    match action {
        Action::Grapple(_) => {
            let t = target.cloned().unwrap_or_default();
            let might = check_characteristic("target Might", t.might)?;
            let agility = check_characteristic("target Agility", t.agility)?;
            parts.push(resist(might, agility));
        }
        Action::Contest { resist: d, .. } => {
            let c = check_characteristic("the defender's characteristic", d.characteristic)?;
            let s = check_skill("the defender's skill rank", d.skill)?;
            parts.push(resist(c, s));
        }
        Action::Cast {
            tradition,
            spell_trial_dice,
            grant,
            ..
        } => {
            IxError::check("the spell's Trial dice", i64::from(spell_trial_dice), 0, 10)?;
            let n = spell_trial_dice.clamp(0, 10) as u8;
            if n > 0 {
                parts.push(Part::new(Reason::Spell(n), Change::Add(DieKind::Trial, n)));
            }
            if actor.focus && tradition == Tradition::Arcana {
                parts.push(Part::new(Reason::Focus, Change::Add(DieKind::BoonDie, 1)));
            }
            match (tradition, grant) {
                (Tradition::Divine, Some(ForbiddenGrantCase::BadFaith)) => {
                    return Err(Refusal::ChannelShut);
                }
                (Tradition::Divine, Some(ForbiddenGrantCase::Shaky(strain))) => {
                    let change = match strain {
                        ShakyStrain::UpgradeTrial => Change::UpgradeDifficulty(1),
                        ShakyStrain::BaneDice(k) => {
                            IxError::check("Forbidden Grant Bane dice", i64::from(k), 1, 2)?;
                            Change::Add(DieKind::BaneDie, k)
                        }
                    };
                    parts.push(Part::new(Reason::ShakyGrant(strain), change));
                }
                _ => {}
            }
        }
        Action::Medicine { task, .. } => {
            let d = task.difficulty().map_err(|_| Refusal::Untreatable)?;
            parts.push(difficulty_part(d.trial_dice()));
        }
        Action::Fear { rating, .. } | Action::Rally { rating, .. } => {
            parts.push(difficulty_part(rating.difficulty().trial_dice()));
        }
        Action::Skill(_) | Action::Attack { .. } | Action::Initiative(_) => {}
    }
    if let Some(m) = actor.minions {
        let beyond_first = m.standing.saturating_sub(1);
        let n = beyond_first.min(u32::from(m.cap)) as u8;
        if n > 0 {
            parts.push(Part::new(
                Reason::MinionBonus { beyond_first },
                Change::Add(DieKind::BoonDie, n),
            ));
        }
    }
    Ok(parts)
}

fn difficulty_part(n: u8) -> Part {
    Part::new(Reason::Difficulty(n), Change::Add(DieKind::Trial, n))
}

fn gm_difficulty(against: Against) -> Result<Vec<Part>, Refusal> {
    Ok(match against {
        Against::Own => Vec::new(),
        Against::Preset(d) => vec![difficulty_part(d.trial_dice())],
        Against::Count(n) => {
            IxError::check("difficulty (Trial dice)", i64::from(n), 0, 10)?;
            (n > 0)
                .then(|| difficulty_part(n.clamp(0, 10) as u8))
                .into_iter()
                .collect()
        }
        Against::Sealed(p) => sealed_parts(&p),
    })
}

/// A sealed difficulty side as sent, whole, so the seal's dice follow from it.
fn sealed_parts(p: &Pool) -> Vec<Part> {
    let (trial, crisis, banes) = (
        p.count(DieKind::Trial),
        p.count(DieKind::Crisis),
        p.count(DieKind::BaneDie),
    );
    let mut sealed = Vec::new();
    if trial + crisis > 0 {
        let change = Change::Negative {
            higher: trial + crisis,
            lower: crisis,
        };
        sealed.push(Part::new(Reason::Sealed, change));
    }
    if banes > 0 {
        sealed.push(Part::new(
            Reason::Sealed,
            Change::Add(DieKind::BaneDie, banes),
        ));
    }
    sealed
}

/// What the actor's own state adds: conditions and carried Bane dice, each with whether it
/// bears on this kind of check.
fn actor_additions(actor: &Actor, action: Action) -> Vec<(Part, bool)> {
    let mut out = Vec::new();
    for c in &actor.conditions {
        match c {
            // Frightened bears on checks against the source or in its presence, which is
            // every check in the scene unless the GM rules otherwise.
            Condition::Frightened => out.push((
                Part::new(Reason::Frightened, Change::Add(DieKind::BaneDie, 1)),
                true,
            )),
            Condition::Demoralized => out.push((
                Part::new(Reason::Demoralized, Change::Add(DieKind::BaneDie, 1)),
                action.is_attack(),
            )),
            Condition::CarriedBanes(n) if *n > 0 => out.push((
                Part::new(Reason::CarriedBanes(*n), Change::Add(DieKind::BaneDie, *n)),
                true,
            )),
            Condition::CarriedBanes(_) | Condition::Other(_) => {}
        }
    }
    if actor.carried_banes > 0 {
        let n = actor.carried_banes;
        out.push((
            Part::new(Reason::CarriedBanes(n), Change::Add(DieKind::BaneDie, n)),
            true,
        ));
    }
    out
}

/// What a target adds to an attack on them: their guard and their Defense of the attack's
/// kind (capped at 3), each a named part.
pub fn target_parts(target: &Target, kind: TargetKind) -> Vec<Part> {
    let mut out = Vec::new();
    match target.guard {
        Guard::None => {}
        Guard::Guarded => out.push(Part::new(
            Reason::Guard(Guard::Guarded),
            Change::UpgradeDifficulty(1),
        )),
        Guard::DefensiveGuard => out.push(Part::new(
            Reason::Guard(Guard::DefensiveGuard),
            Change::Add(DieKind::BaneDie, 1),
        )),
    }
    let (raw, ranged) = match kind {
        TargetKind::Melee => (target.melee_defense, false),
        TargetKind::Ranged => (target.ranged_defense, true),
        TargetKind::Grapple => (0, false),
    };
    let points = raw.clamp(0, DEFENSE_CAP) as u8;
    if points > 0 {
        out.push(Part::new(
            Reason::Defense { ranged, points },
            Change::Add(DieKind::BaneDie, points),
        ));
    }
    out
}
