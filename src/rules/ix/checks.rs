//! Pool builders for named procedures: grapple, fear, Frightened/Demoralized, guards, magic
//! traditions and the Forbidden Grant (reference sections named on each item).

use super::dice::{CheckResult, DieKind};
use super::error::IxError;
use super::pool::{Difficulty, Pool, UpgradeReport, check_characteristic, check_skill};
use super::stats::Characteristic;

/// Grapple difficulty (reference, "Initiative and Turn Order", "Grapple difficulty
/// construction"): the target's higher of Might/Agility in Trial dice, upgraded to Crisis dice
/// by the lower. Returns a pool holding only that negative side.
pub fn grapple_difficulty(target_might: i32, target_agility: i32) -> Result<Pool, IxError> {
    let m = check_characteristic("target Might", target_might)?;
    let a = check_characteristic("target Agility", target_agility)?;
    let (hi, lo) = (m.max(a), m.min(a));
    Pool::from_counts(0, 0, 0, i32::from(hi - lo), i32::from(lo), 0)
}

impl Pool {
    /// Adds the grapple difficulty of a target (see [`grapple_difficulty`]).
    pub fn add_grapple_difficulty(
        &mut self,
        target_might: i32,
        target_agility: i32,
    ) -> Result<(), IxError> {
        let d = grapple_difficulty(target_might, target_agility)?;
        let mut next = *self;
        next.add_dice(DieKind::Trial, i32::from(d.count(DieKind::Trial)))?;
        next.add_dice(DieKind::Crisis, i32::from(d.count(DieKind::Crisis)))?;
        *self = next;
        Ok(())
    }

    /// Applies the GM's Forbidden Grant ruling to a Divine casting pool
    /// (reference, "Ruling a Forbidden Grant"). A bad-faith case is refused: the channel stays
    /// shut and nothing is rolled.
    pub fn apply_forbidden_grant(
        &mut self,
        case: ForbiddenGrantCase,
    ) -> Result<Option<UpgradeReport>, IxError> {
        match case {
            ForbiddenGrantCase::Sound => Ok(None),
            ForbiddenGrantCase::Shaky(ShakyStrain::UpgradeTrial) => {
                self.upgrade_difficulty(1).map(Some)
            }
            ForbiddenGrantCase::Shaky(ShakyStrain::BaneDice(n)) => {
                IxError::check("Forbidden Grant Bane dice", i64::from(n), 1, 2)?;
                self.add_dice(DieKind::BaneDie, i32::from(n))?;
                Ok(None)
            }
            ForbiddenGrantCase::BadFaith => Err(IxError::ChannelShut),
        }
    }
}

/// The GM's reading of a Forbidden Grant case (reference, "Ruling a Forbidden Grant").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ForbiddenGrantCase {
    /// Serves the god's deeper aim: normal difficulty.
    Sound,
    /// Strained justification: allowed with visible strain.
    Shaky(ShakyStrain),
    /// Rationalisation: the channel stays shut.
    BadFaith,
}

/// How a shaky Forbidden Grant shows its strain (reference, "Ruling a Forbidden Grant").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ShakyStrain {
    /// Upgrade one Trial die to a Crisis die.
    UpgradeTrial,
    /// Add 1 or 2 Bane dice.
    BaneDice(u8),
}

/// A fear source's rating, 1-4 (reference, "Fear, Frightened, and Demoralized").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "i32", into = "i32")]
pub struct FearRating(u8);

impl TryFrom<i32> for FearRating {
    type Error = IxError;
    fn try_from(v: i32) -> Result<Self, IxError> {
        FearRating::new(v)
    }
}

impl From<FearRating> for i32 {
    fn from(r: FearRating) -> i32 {
        i32::from(r.0)
    }
}

impl FearRating {
    /// A rating 1-4.
    pub fn new(rating: i32) -> Result<FearRating, IxError> {
        IxError::check("Fear rating", i64::from(rating), 1, 4)?;
        Ok(FearRating(rating.clamp(1, 4) as u8))
    }

    /// The rating as a number.
    pub fn value(self) -> u8 {
        self.0
    }

    /// The check's difficulty: 1 Easy, 2 Average, 3 Hard, 4 Severe.
    pub fn difficulty(self) -> Difficulty {
        match self.0 {
            1 => Difficulty::Easy,
            2 => Difficulty::Average,
            3 => Difficulty::Hard,
            _ => Difficulty::Severe,
        }
    }
}

/// Which skill answers a fear source (reference, "Readiness or Discipline"); both are
/// Willpower skills (RULINGS.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum FearSkill {
    /// Sudden shock.
    Readiness,
    /// Dread that builds.
    Discipline,
}

/// Who checks against fear (reference, "Minion groups and Elites", "Nemeses check
/// individually").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum FearSubject {
    /// A player character.
    PlayerCharacter,
    /// A Nemesis.
    Nemesis,
    /// A Minion group (one check for the group, best relevant rank).
    MinionGroup,
    /// An Elite.
    Elite,
}

/// What a fear check leaves behind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum FearOutcome {
    /// Immune creatures never check (reference, "Immunities").
    Immune,
    /// The check succeeded.
    Steady,
    /// Player characters and Nemeses who fail.
    Frightened,
    /// Minion groups and Elites who fail.
    Demoralized,
}

/// The fear check pool: Willpower with Readiness or Discipline against the rating's
/// difficulty (reference, "Assigning a Fear rating"). The skill choice does not change the
/// dice because both skills use Willpower; it only chooses which rank is passed in.
pub fn fear_check_pool(
    willpower: i32,
    skill_rank: i32,
    rating: FearRating,
) -> Result<Pool, IxError> {
    let mut p = Pool::from_ratings(willpower, skill_rank)?;
    p.add_difficulty(rating.difficulty())?;
    Ok(p)
}

/// Reads a fear check (reference, "Fear, Frightened, and Demoralized"). `result` is ignored
/// for immune subjects, who never check.
pub fn fear_outcome(subject: FearSubject, immune: bool, result: &CheckResult) -> FearOutcome {
    if immune {
        FearOutcome::Immune
    } else if result.succeeded {
        FearOutcome::Steady
    } else {
        match subject {
            FearSubject::PlayerCharacter | FearSubject::Nemesis => FearOutcome::Frightened,
            FearSubject::MinionGroup | FearSubject::Elite => FearOutcome::Demoralized,
        }
    }
}

/// A condition on a sheet (reference, "Running Frightened", "Minion groups and Elites").
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Condition {
    /// Adds 1 Bane die to checks against the source or in its presence; cannot close in.
    Frightened,
    /// Will not advance; adds 1 Bane die to its attacks; spends its Action to withdraw,
    /// surrender or defend.
    Demoralized,
    /// Anything else the table tracks, in its own words.
    Other(String),
    /// Bane dice the GM spent, from earlier checks' Banes, on this character's next check
    /// (reference, "The GM's Spend Menus"): added to that check whatever it is.
    CarriedBanes(u8),
}

impl Condition {
    /// Display name.
    pub fn name(&self) -> &str {
        match self {
            Condition::Frightened => "Frightened",
            Condition::Demoralized => "Demoralized",
            Condition::Other(s) => s,
            Condition::CarriedBanes(_) => "Carried from an earlier check",
        }
    }
}

/// A defender's guard until their next turn (reference, "Initiative and Turn Order").
/// One value, not two flags, because Guarded and Defensive Guard do not stack.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Guard {
    /// No guard.
    #[default]
    None,
    /// The Guarded talent: attacks against them upgrade one Trial die.
    Guarded,
    /// Defensive Guard action: attacks against them add 1 Bane die.
    DefensiveGuard,
}

/// The three player traditions (reference, "Adjudicating Magic at the Table").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Tradition {
    /// Intellect + Arcana; a focus adds 1 Boon die.
    Arcana,
    /// Willpower + Divine; subject to the Forbidden Grant.
    Divine,
    /// Savvy + Primal; the GM may add Bane dice where natural sources are cut off.
    Primal,
}

impl Tradition {
    /// The characteristic a casting check uses.
    pub fn characteristic(self) -> Characteristic {
        match self {
            Tradition::Arcana => Characteristic::Intellect,
            Tradition::Divine => Characteristic::Willpower,
            Tradition::Primal => Characteristic::Savvy,
        }
    }

    /// The skill a casting check uses (same name as the tradition).
    pub fn skill_name(self) -> &'static str {
        match self {
            Tradition::Arcana => "Arcana",
            Tradition::Divine => "Divine",
            Tradition::Primal => "Primal",
        }
    }
}

/// A casting pool (reference, "Adjudicating Magic at the Table"): the tradition's
/// characteristic and skill, the spell's Trial dice (0-10), and for Arcana an optional focus
/// (+1 Boon die). A focus on another tradition is refused. For Primal severance the GM adds
/// Bane dice afterwards with [`Pool::add_dice`].
pub fn casting_pool(
    tradition: Tradition,
    characteristic: i32,
    skill: i32,
    trial_dice: i32,
    focus: bool,
) -> Result<Pool, IxError> {
    if focus && tradition != Tradition::Arcana {
        return Err(IxError::FocusNotArcana);
    }
    let c = check_characteristic(tradition.characteristic().name(), characteristic)?;
    let s = check_skill(&format!("skill rank ({})", tradition.skill_name()), skill)?;
    let mut p = Pool::from_ratings(i32::from(c), i32::from(s))?;
    p.add_difficulty_count(trial_dice)?;
    if focus {
        p.add_dice(DieKind::BoonDie, 1)?;
    }
    Ok(p)
}

impl FearOutcome {
    /// The outcome in words for logs and screen readers.
    pub fn words(self) -> &'static str {
        match self {
            FearOutcome::Immune => "immune, no check",
            FearOutcome::Steady => "holds steady",
            FearOutcome::Frightened => "Frightened",
            FearOutcome::Demoralized => "Demoralized",
        }
    }
}
