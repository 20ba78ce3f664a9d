//! Dice pools: building from ratings, difficulty, upgrades and downgrades, Boon and Bane dice,
//! Fortune and Peril spends (reference, "Building a Dice Pool", "Difficulty",
//! "Fortune Points and Peril Points"; RULINGS.md, "Difficulty").

use rand::Rng;

use super::dice::{CheckResult, DieKind, RolledDie};
use super::error::IxError;

/// Most dice of one kind a pool may hold. Large enough for any check in the reference
/// (difficulty tops out at 10 by hand, ratings at 6) while keeping the odds table small.
pub const MAX_DICE_PER_KIND: u8 = 20;

/// Characteristic ratings run 1-6 (RULINGS.md, "Characteristics and skills").
pub const CHARACTERISTIC_RANGE: (i32, i32) = (1, 6);
/// Skill ranks run 0-5 (RULINGS.md, "Characteristics and skills").
pub const SKILL_RANGE: (i32, i32) = (0, 5);
/// A difficulty entered by hand is 0-10 Trial dice (RULINGS.md, "Difficulty").
pub const DIFFICULTY_COUNT_RANGE: (i32, i32) = (0, 10);

/// Named difficulty (reference, "Difficulty"; Trial-die counts from RULINGS.md).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Difficulty {
    /// 1 Trial die.
    Easy,
    /// 2 Trial dice: a trained person under normal conditions.
    Average,
    /// 3 Trial dice.
    Hard,
    /// 4 Trial dice: an expert at the edge of their capability.
    Severe,
    /// 5 Trial dice: the stuff of stories.
    Extreme,
}

impl Difficulty {
    /// All five, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Average,
        Difficulty::Hard,
        Difficulty::Severe,
        Difficulty::Extreme,
    ];

    /// Number of Trial dice this difficulty adds.
    pub fn trial_dice(self) -> u8 {
        match self {
            Difficulty::Easy => 1,
            Difficulty::Average => 2,
            Difficulty::Hard => 3,
            Difficulty::Severe => 4,
            Difficulty::Extreme => 5,
        }
    }

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy",
            Difficulty::Average => "Average",
            Difficulty::Hard => "Hard",
            Difficulty::Severe => "Severe",
            Difficulty::Extreme => "Extreme",
        }
    }

    /// Parses a name, ignoring case and surrounding spaces.
    pub fn from_name(name: &str) -> Option<Difficulty> {
        let n = name.trim();
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(n))
    }

    /// The named difficulty with exactly this many Trial dice, if any.
    pub fn from_trial_dice(count: u8) -> Option<Difficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.trial_dice() == count)
    }
}

/// What an upgrade did, so the UI can say it (RULINGS.md, "Difficulty": an upgrade with no die
/// left to upgrade adds a base die instead).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct UpgradeReport {
    /// Dice that became Mastery (or Crisis) dice.
    pub upgraded: u8,
    /// Ability (or Trial) dice added because none was left to upgrade.
    pub added: u8,
}

/// What a downgrade did (RULINGS.md, "Difficulty": with no upgraded die left, nothing happens).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct DowngradeReport {
    /// Dice turned back into Ability (or Trial) dice.
    pub downgraded: u8,
    /// Downgrades that found no upgraded die and did nothing.
    pub missing: u8,
}

impl DowngradeReport {
    /// Plain words for the UI, e.g. "no Mastery die left to downgrade (1 time)".
    pub fn describe(&self, upgraded_kind: DieKind) -> String {
        let mut parts = Vec::new();
        if self.downgraded > 0 {
            parts.push(format!(
                "{} {} downgraded",
                self.downgraded,
                upgraded_kind.short_name()
            ));
        }
        if self.missing > 0 {
            parts.push(format!(
                "no {} left to downgrade ({} time{})",
                upgraded_kind.name(),
                self.missing,
                if self.missing == 1 { "" } else { "s" }
            ));
        }
        if parts.is_empty() {
            "nothing to do".to_string()
        } else {
            parts.join("; ")
        }
    }
}

/// A check's dice pool plus the per-check Fortune/Peril flags
/// (reference, "Building a Dice Pool", "Fortune Points and Peril Points").
///
/// Counts are private so that every pool holds at most [`MAX_DICE_PER_KIND`] of each kind;
/// deserialising checks the same limit.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "PoolData", into = "PoolData")]
pub struct Pool {
    ability: u8,
    mastery: u8,
    boon_dice: u8,
    trial: u8,
    crisis: u8,
    bane_dice: u8,
    fortune_spent: bool,
    peril_spent: bool,
}

/// The stored form of a [`Pool`]; converting back checks every count.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct PoolData {
    /// Ability dice.
    pub ability: u8,
    /// Mastery dice.
    pub mastery: u8,
    /// Boon dice.
    pub boon_dice: u8,
    /// Trial dice.
    pub trial: u8,
    /// Crisis dice.
    pub crisis: u8,
    /// Bane dice.
    pub bane_dice: u8,
    /// A Fortune Point was spent on this check.
    #[serde(default)]
    pub fortune_spent: bool,
    /// A Peril Point was spent on this check.
    #[serde(default)]
    pub peril_spent: bool,
}

impl TryFrom<PoolData> for Pool {
    type Error = IxError;
    fn try_from(d: PoolData) -> Result<Self, IxError> {
        let mut p = Pool::from_counts(
            i32::from(d.ability),
            i32::from(d.mastery),
            i32::from(d.boon_dice),
            i32::from(d.trial),
            i32::from(d.crisis),
            i32::from(d.bane_dice),
        )?;
        p.fortune_spent = d.fortune_spent;
        p.peril_spent = d.peril_spent;
        Ok(p)
    }
}

impl From<Pool> for PoolData {
    fn from(p: Pool) -> Self {
        PoolData {
            ability: p.ability,
            mastery: p.mastery,
            boon_dice: p.boon_dice,
            trial: p.trial,
            crisis: p.crisis,
            bane_dice: p.bane_dice,
            fortune_spent: p.fortune_spent,
            peril_spent: p.peril_spent,
        }
    }
}

/// A rolled pool: every die's face for display, and the read result
/// (reference, "Reading Results").
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PoolRoll {
    /// Each die as it landed, in pool order (Ability, Mastery, Boon, Trial, Crisis, Bane).
    pub dice: Vec<RolledDie>,
    /// The result after cancellation.
    pub result: CheckResult,
}

/// Higher and lower of two ratings (reference, "Building a Dice Pool": higher = dice,
/// lower = upgrades).
pub fn higher_lower(a: u8, b: u8) -> (u8, u8) {
    (a.max(b), a.min(b))
}

fn check_count(field: &str, value: i32) -> Result<u8, IxError> {
    IxError::check(field, i64::from(value), 0, i64::from(MAX_DICE_PER_KIND))?;
    u8::try_from(value).map_err(|_| {
        IxError::out_of_range(field, i64::from(value), 0, i64::from(MAX_DICE_PER_KIND))
    })
}

fn field_for(kind: DieKind) -> &'static str {
    match kind {
        DieKind::Ability => "Ability dice",
        DieKind::Mastery => "Mastery dice",
        DieKind::BoonDie => "Boon dice",
        DieKind::Trial => "Trial dice",
        DieKind::Crisis => "Crisis dice",
        DieKind::BaneDie => "Bane dice",
    }
}

/// Checks a characteristic rating (1-6) and returns it as `u8`.
pub fn check_characteristic(field: &str, value: i32) -> Result<u8, IxError> {
    IxError::check(
        field,
        i64::from(value),
        i64::from(CHARACTERISTIC_RANGE.0),
        i64::from(CHARACTERISTIC_RANGE.1),
    )?;
    Ok(value.clamp(0, 255) as u8)
}

/// Checks a skill rank (0-5) and returns it as `u8`.
pub fn check_skill(field: &str, value: i32) -> Result<u8, IxError> {
    IxError::check(
        field,
        i64::from(value),
        i64::from(SKILL_RANGE.0),
        i64::from(SKILL_RANGE.1),
    )?;
    Ok(value.clamp(0, 255) as u8)
}

impl Pool {
    /// The player's side of this pool with the difficulty side of `proposal`: what a player's
    /// tray does with a difficulty the GM proposed (reference, "Building a Dice Pool": the
    /// player builds the positive dice, the GM the difficulty). Ability, Mastery and Boon dice
    /// and a Fortune spend stay; Trial, Crisis and Bane dice and a Peril spend are the GM's.
    pub fn with_difficulty_of(&self, proposal: &Pool) -> Pool {
        Pool {
            trial: proposal.trial,
            crisis: proposal.crisis,
            bane_dice: proposal.bane_dice,
            peril_spent: proposal.peril_spent,
            ..*self
        }
    }

    /// An empty pool.
    pub fn new() -> Self {
        Pool::default()
    }

    /// A pool from explicit counts, each 0..=[`MAX_DICE_PER_KIND`].
    pub fn from_counts(
        ability: i32,
        mastery: i32,
        boon_dice: i32,
        trial: i32,
        crisis: i32,
        bane_dice: i32,
    ) -> Result<Pool, IxError> {
        Ok(Pool {
            ability: check_count("Ability dice", ability)?,
            mastery: check_count("Mastery dice", mastery)?,
            boon_dice: check_count("Boon dice", boon_dice)?,
            trial: check_count("Trial dice", trial)?,
            crisis: check_count("Crisis dice", crisis)?,
            bane_dice: check_count("Bane dice", bane_dice)?,
            fortune_spent: false,
            peril_spent: false,
        })
    }

    /// The positive side from a characteristic (1-6) and a skill rank (0-5)
    /// (reference, "Building a Dice Pool"): the higher rating in dice, the lower of them
    /// upgraded to Mastery. Skill 0 gives Ability dice only.
    pub fn from_ratings(characteristic: i32, skill: i32) -> Result<Pool, IxError> {
        let c = check_characteristic("characteristic", characteristic)?;
        let s = check_skill("skill rank", skill)?;
        let (hi, lo) = higher_lower(c, s);
        Ok(Pool {
            ability: hi - lo,
            mastery: lo,
            ..Pool::default()
        })
    }

    /// Number of dice of a kind.
    pub fn count(&self, kind: DieKind) -> u8 {
        match kind {
            DieKind::Ability => self.ability,
            DieKind::Mastery => self.mastery,
            DieKind::BoonDie => self.boon_dice,
            DieKind::Trial => self.trial,
            DieKind::Crisis => self.crisis,
            DieKind::BaneDie => self.bane_dice,
        }
    }

    fn slot(&mut self, kind: DieKind) -> &mut u8 {
        match kind {
            DieKind::Ability => &mut self.ability,
            DieKind::Mastery => &mut self.mastery,
            DieKind::BoonDie => &mut self.boon_dice,
            DieKind::Trial => &mut self.trial,
            DieKind::Crisis => &mut self.crisis,
            DieKind::BaneDie => &mut self.bane_dice,
        }
    }

    /// Total dice in the pool.
    pub fn dice_count(&self) -> u32 {
        DieKind::ALL
            .into_iter()
            .map(|k| u32::from(self.count(k)))
            .sum()
    }

    /// True when no die is in the pool.
    pub fn is_empty(&self) -> bool {
        self.dice_count() == 0
    }

    /// Whether a Fortune Point was spent on this check.
    pub fn fortune_spent(&self) -> bool {
        self.fortune_spent
    }

    /// Whether a Peril Point was spent on this check.
    pub fn peril_spent(&self) -> bool {
        self.peril_spent
    }

    /// Adds `n` dice of a kind (Boon and Bane dice from circumstances, extra Trial dice...).
    /// Refused, with the pool unchanged, if the kind would exceed [`MAX_DICE_PER_KIND`].
    pub fn add_dice(&mut self, kind: DieKind, n: i32) -> Result<(), IxError> {
        let n = check_count(field_for(kind), n)?;
        let now = self.count(kind);
        let total = i32::from(now) + i32::from(n);
        let total = check_count(field_for(kind), total)?;
        *self.slot(kind) = total;
        Ok(())
    }

    /// Removes up to `n` dice of a kind and returns how many were actually removed
    /// (removing from an empty kind does nothing).
    pub fn remove_dice(&mut self, kind: DieKind, n: i32) -> Result<u8, IxError> {
        let n = check_count(field_for(kind), n)?;
        let slot = self.slot(kind);
        let removed = n.min(*slot);
        *slot -= removed;
        Ok(removed)
    }

    /// Adds a named difficulty's Trial dice (reference, "Difficulty").
    pub fn add_difficulty(&mut self, difficulty: Difficulty) -> Result<(), IxError> {
        self.add_dice(DieKind::Trial, i32::from(difficulty.trial_dice()))
    }

    /// The difficulty side's size: Trial dice plus the Crisis dice upgraded from them. A named
    /// difficulty is this many dice, whatever upgrades happened since.
    pub fn difficulty_dice(&self) -> u8 {
        self.count(DieKind::Trial) + self.count(DieKind::Crisis)
    }

    /// Replaces the difficulty side with a named difficulty: the Crisis dice already there
    /// (upgrades, a Peril Point) stay and count toward it, and Trial dice make up the rest. A
    /// preset never stacks on the Crisis dice: Hard after one upgrade is 1 Crisis + 2 Trial.
    /// More Crisis dice than the preset names are kept, with no Trial die beside them.
    pub fn set_difficulty(&mut self, difficulty: Difficulty) -> Result<(), IxError> {
        let mut next = *self;
        next.remove_dice(DieKind::Trial, i32::from(next.count(DieKind::Trial)))?;
        let trial = difficulty
            .trial_dice()
            .saturating_sub(next.count(DieKind::Crisis));
        next.add_dice(DieKind::Trial, i32::from(trial))?;
        *self = next;
        Ok(())
    }

    /// Adds a difficulty given as a count of Trial dice, 0-10 (RULINGS.md, "Difficulty").
    pub fn add_difficulty_count(&mut self, trial_dice: i32) -> Result<(), IxError> {
        IxError::check(
            "difficulty (Trial dice)",
            i64::from(trial_dice),
            i64::from(DIFFICULTY_COUNT_RANGE.0),
            i64::from(DIFFICULTY_COUNT_RANGE.1),
        )?;
        self.add_dice(DieKind::Trial, trial_dice)
    }

    fn upgrade(&mut self, base: DieKind, up: DieKind, n: i32) -> Result<UpgradeReport, IxError> {
        let n = check_count("upgrades", n)?;
        let mut next = *self;
        let mut report = UpgradeReport::default();
        for _ in 0..n {
            if next.count(base) > 0 {
                *next.slot(base) -= 1;
                if next.count(up) >= MAX_DICE_PER_KIND {
                    return Err(IxError::out_of_range(
                        field_for(up),
                        i64::from(MAX_DICE_PER_KIND) + 1,
                        0,
                        i64::from(MAX_DICE_PER_KIND),
                    ));
                }
                *next.slot(up) += 1;
                report.upgraded += 1;
            } else {
                // Narrative-dice convention: nothing left to upgrade adds a base die.
                next.add_dice(base, 1)?;
                report.added += 1;
            }
        }
        *self = next;
        Ok(report)
    }

    fn downgrade(
        &mut self,
        base: DieKind,
        up: DieKind,
        n: i32,
    ) -> Result<DowngradeReport, IxError> {
        let n = check_count("downgrades", n)?;
        let mut next = *self;
        let mut report = DowngradeReport::default();
        for _ in 0..n {
            if next.count(up) > 0 {
                if next.count(base) >= MAX_DICE_PER_KIND {
                    return Err(IxError::out_of_range(
                        field_for(base),
                        i64::from(MAX_DICE_PER_KIND) + 1,
                        0,
                        i64::from(MAX_DICE_PER_KIND),
                    ));
                }
                *next.slot(up) -= 1;
                *next.slot(base) += 1;
                report.downgraded += 1;
            } else {
                report.missing += 1;
            }
        }
        *self = next;
        Ok(report)
    }

    /// Upgrades `n` Ability dice to Mastery dice; with no Ability die left, each remaining
    /// upgrade adds an Ability die (RULINGS.md, "Difficulty"). All or nothing on error.
    pub fn upgrade_ability(&mut self, n: i32) -> Result<UpgradeReport, IxError> {
        self.upgrade(DieKind::Ability, DieKind::Mastery, n)
    }

    /// Upgrades `n` Trial dice to Crisis dice; with no Trial die left, each remaining upgrade
    /// adds a Trial die (reference, "Difficulty"; RULINGS.md, "Difficulty").
    pub fn upgrade_difficulty(&mut self, n: i32) -> Result<UpgradeReport, IxError> {
        self.upgrade(DieKind::Trial, DieKind::Crisis, n)
    }

    /// Turns `n` Mastery dice back into Ability dice; with none left, does nothing and says so.
    pub fn downgrade_ability(&mut self, n: i32) -> Result<DowngradeReport, IxError> {
        self.downgrade(DieKind::Ability, DieKind::Mastery, n)
    }

    /// Turns `n` Crisis dice back into Trial dice; with none left, does nothing and says so.
    pub fn downgrade_difficulty(&mut self, n: i32) -> Result<DowngradeReport, IxError> {
        self.downgrade(DieKind::Trial, DieKind::Crisis, n)
    }

    /// A player spends a Fortune Point before rolling: one Ability die becomes a Mastery die
    /// (reference, "Fortune Points and Peril Points"; one per check).
    pub fn spend_fortune(&mut self) -> Result<UpgradeReport, IxError> {
        if self.fortune_spent {
            return Err(IxError::FortuneAlreadySpent);
        }
        let r = self.upgrade_ability(1)?;
        self.fortune_spent = true;
        Ok(r)
    }

    /// The GM spends a Peril Point: one Trial die becomes a Crisis die
    /// (reference, "Fortune Points and Peril Points"; one per check).
    pub fn spend_peril(&mut self) -> Result<UpgradeReport, IxError> {
        if self.peril_spent {
            return Err(IxError::PerilAlreadySpent);
        }
        let r = self.upgrade_difficulty(1)?;
        self.peril_spent = true;
        Ok(r)
    }

    /// The pool in words: "2 Ability, 1 Mastery, 1 Boon vs 2 Trial, 1 Crisis".
    pub fn describe(&self) -> String {
        let side = |s: Option<String>| s.unwrap_or_else(|| "no dice".to_string());
        format!(
            "{} vs {}",
            side(self.describe_side(true)),
            side(self.describe_side(false))
        )
    }

    /// One side of the pool in words ("1 Ability, 2 Mastery"; "2 Trial, 1 Bane"): the
    /// player's (`positive`) or the difficulty; `None` when that side has no dice.
    pub fn describe_side(&self, positive: bool) -> Option<String> {
        let parts: Vec<String> = DieKind::ALL
            .into_iter()
            .filter(|k| k.is_positive() == positive && self.count(*k) > 0)
            .map(|k| format!("{} {}", self.count(k), k.short_name()))
            .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }

    /// Rolls every die and reads the result (reference, "Reading Results").
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> PoolRoll {
        let mut dice = Vec::with_capacity(self.dice_count() as usize);
        for kind in DieKind::ALL {
            for _ in 0..self.count(kind) {
                dice.push(kind.roll(rng));
            }
        }
        let result = CheckResult::from_faces(dice.iter().map(|d| &d.face));
        PoolRoll { dice, result }
    }
}
