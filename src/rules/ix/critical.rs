//! Critical Injuries and Medicine (reference, "Critical Injuries", "Ix Critical Injury Table",
//! "Medicine checks during or immediately after combat"; RULINGS.md, "Critical Injuries").

use rand::Rng;

use super::dice::CheckResult;
use super::error::IxError;
use super::pool::{Difficulty, Pool};

/// Rows in the table: twenty 5-point rows to 100, five 10-point rows to 150.
pub const ROW_COUNT: usize = 25;
/// Highest total with its own row; anything above reads as Killed.
pub const TABLE_TOP: u32 = 150;
/// The most Critical Injuries a target can be recorded as carrying (each adds +10); well past
/// the point where every roll reads Killed.
pub const MAX_CARRIED: u32 = 20;

/// Severity band (reference, "Resolving it").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Severity {
    /// 01-30.
    Minor,
    /// 31-60.
    Moderate,
    /// 61-85.
    Severe,
    /// 86-100.
    Deadly,
    /// 101+.
    Mortal,
}

impl Severity {
    /// The band a table total falls in.
    pub fn for_total(total: u32) -> Severity {
        match total {
            0..=30 => Severity::Minor,
            31..=60 => Severity::Moderate,
            61..=85 => Severity::Severe,
            86..=100 => Severity::Deadly,
            _ => Severity::Mortal,
        }
    }

    /// Medicine difficulty to treat (reference, "Treatment by severity"; Mortal also needs
    /// the entry's extra requirement).
    pub fn treatment(self) -> Difficulty {
        match self {
            Severity::Minor => Difficulty::Easy,
            Severity::Moderate => Difficulty::Average,
            Severity::Severe => Difficulty::Hard,
            Severity::Deadly | Severity::Mortal => Difficulty::Severe,
        }
    }

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Minor => "Minor",
            Severity::Moderate => "Moderate",
            Severity::Severe => "Severe",
            Severity::Deadly => "Deadly",
            Severity::Mortal => "Mortal",
        }
    }
}

/// How soon a row must be treated (reference, "Medicine checks during or immediately after
/// combat").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum TreatmentClock {
    /// No clock beyond "persists until treated".
    None,
    /// Treat within the same turn (At Death's Door, 121-130).
    ThisTurn,
    /// Treat before the end of the round (Lights Going Out, 131-140).
    ThisRound,
    /// Cannot be treated: instant death (Killed, 141-150).
    Untreatable,
}

/// One row of the table. Bounds and severity follow the fixed structure; name and effect are
/// the GM's to edit.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CriticalRow {
    /// Lowest total on this row.
    pub low: u32,
    /// Highest total on this row.
    pub high: u32,
    /// Short name (placeholder until the GM writes one).
    pub name: String,
    /// Effect text (placeholder until the GM writes one).
    pub effect: String,
}

impl CriticalRow {
    /// Severity band of this row.
    pub fn severity(&self) -> Severity {
        Severity::for_total(self.low)
    }

    /// Medicine difficulty to treat this row.
    pub fn treatment(&self) -> Difficulty {
        self.severity().treatment()
    }
}

/// The standard bounds of row `i` (0-based).
pub fn row_bounds(i: usize) -> (u32, u32) {
    let i = i.min(ROW_COUNT - 1) as u32;
    if i < 20 {
        (i * 5 + 1, i * 5 + 5)
    } else {
        (101 + (i - 20) * 10, 110 + (i - 20) * 10)
    }
}

/// The row index a total reads on: totals below 1 read row 0, above 150 read Killed.
pub fn row_index(total: u32) -> usize {
    match total {
        0..=100 => (total.saturating_sub(1) / 5) as usize,
        101..=TABLE_TOP => 20 + ((total - 101) / 10) as usize,
        _ => ROW_COUNT - 1,
    }
}

/// How soon row `i` must be treated.
pub fn treatment_clock(i: usize) -> TreatmentClock {
    match i {
        22 => TreatmentClock::ThisTurn,
        23 => TreatmentClock::ThisRound,
        i if i >= 24 => TreatmentClock::Untreatable,
        _ => TreatmentClock::None,
    }
}

/// The Critical Injury table (reference, "Ix Critical Injury Table"): 25 rows, editable by
/// the GM and stored with the table settings.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CriticalTable {
    /// Exactly [`ROW_COUNT`] rows in order.
    pub rows: Vec<CriticalRow>,
}

// Our own short placeholders. The three named rows keep the reference's names because the
// Medicine rules refer to them by name.
const PLACEHOLDERS: [(&str, &str); ROW_COUNT] = [
    ("Scrape", "Lose 1 Strain."),
    ("Jarred", "Add 1 Bane die to your next check."),
    ("Winded", "Your next Maneuver costs 1 Strain."),
    ("Rattled", "Add 1 Bane die to Discipline checks this scene."),
    ("Bruised Ribs", "Lose 2 Strain."),
    ("Dazed", "Act last in the next round."),
    (
        "Sprained Limb",
        "Add 1 Bane die to Athletics and Coordination checks.",
    ),
    (
        "Torn Muscle",
        "Add 1 Bane die to Might checks until treated.",
    ),
    (
        "Cut Brow",
        "Add 1 Bane die to Perception checks until treated.",
    ),
    ("Knocked Down", "Fall prone; standing takes a Maneuver."),
    (
        "Ringing Ears",
        "Add 1 Bane die to Savvy checks until treated.",
    ),
    (
        "Deep Cut",
        "Lose 1 Wound at the end of each encounter until treated.",
    ),
    (
        "Cracked Bone",
        "Upgrade the difficulty of Might checks once until treated.",
    ),
    (
        "Concussed",
        "Upgrade the difficulty of Intellect checks once until treated.",
    ),
    (
        "Wrenched Joint",
        "Only one Maneuver per turn until treated.",
    ),
    (
        "Maimed Hand",
        "Add 1 Bane die to checks using that hand until treated.",
    ),
    (
        "Shaken Nerve",
        "Upgrade the difficulty of Willpower checks once until treated.",
    ),
    ("Broken Limb", "Use of the limb is lost until treated."),
    ("Heavy Bleeding", "Lose 1 Wound each round until treated."),
    (
        "Crushed",
        "Upgrade the difficulty of all checks once until treated.",
    ),
    (
        "Grievous Wound",
        "Lose 1 Wound each round; may leave a permanent mark.",
    ),
    (
        "Collapsing",
        "Incapacitated until treated; may leave a permanent mark.",
    ),
    ("At Death's Door", "Dies unless treated this same turn."),
    (
        "Lights Going Out",
        "Dies unless treated before the round ends.",
    ),
    ("Killed", "Instant death; no medical check applies."),
];

impl Default for CriticalTable {
    fn default() -> Self {
        CriticalTable {
            rows: PLACEHOLDERS
                .iter()
                .enumerate()
                .map(|(i, (name, effect))| {
                    let (low, high) = row_bounds(i);
                    CriticalRow {
                        low,
                        high,
                        name: (*name).to_string(),
                        effect: (*effect).to_string(),
                    }
                })
                .collect(),
        }
    }
}

/// A Critical Injury roll (reference, "Resolving it").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CriticalRoll {
    /// The d100 (1-100).
    pub d100: u32,
    /// Injuries already carried.
    pub carried: u32,
    /// d100 + 10 per carried injury.
    pub total: u32,
    /// Row read (index into the table).
    pub row: usize,
}

impl CriticalRoll {
    /// Severity of the row read.
    pub fn severity(&self) -> Severity {
        Severity::for_total(row_bounds(self.row).0)
    }

    /// True when the row is Killed (141-150 or any total above 150).
    pub fn killed(&self) -> bool {
        self.row >= ROW_COUNT - 1
    }
}

/// Result of stepping an injury down one row (reference, "Stepping an injury down").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum StepDown {
    /// The injury now reads this row.
    Row(usize),
    /// The lowest row steps down to nothing: the injury clears.
    Cleared,
}

/// Whether ordinary care (the sheet's "Step down") may step row `row` down: not a Mortal row
/// (101+), which only a rule that says so (a spell) steps down, and not Killed.
pub fn care_steps_down(row: usize) -> bool {
    Severity::for_total(row_bounds(row).0) != Severity::Mortal
}

/// Steps row `row` down one row. Killed is death and cannot step down.
pub fn step_down(row: usize) -> Result<StepDown, IxError> {
    if row >= ROW_COUNT - 1 {
        return Err(IxError::Dead);
    }
    Ok(match row {
        0 => StepDown::Cleared,
        r => StepDown::Row(r - 1),
    })
}

impl CriticalTable {
    /// Checks the shape: 25 rows with the standard bounds and a name on each.
    pub fn validate(&self) -> Result<(), IxError> {
        if self.rows.len() != ROW_COUNT {
            return Err(IxError::BadCriticalTable {
                reason: format!("it has {} rows; it must have {ROW_COUNT}", self.rows.len()),
            });
        }
        for (i, r) in self.rows.iter().enumerate() {
            let (low, high) = row_bounds(i);
            if (r.low, r.high) != (low, high) {
                return Err(IxError::BadCriticalTable {
                    reason: format!(
                        "row {} covers {}-{}; it must cover {low}-{high}",
                        i + 1,
                        r.low,
                        r.high
                    ),
                });
            }
            if r.name.trim().is_empty() {
                return Err(IxError::BadCriticalTable {
                    reason: format!("row {} ({low}-{high}) has no name", i + 1),
                });
            }
        }
        Ok(())
    }

    /// The row a total reads (above 150 reads Killed). `None` only for a malformed table.
    pub fn row_for_total(&self, total: u32) -> Option<&CriticalRow> {
        self.rows.get(row_index(total))
    }

    /// Indices of rows that must be treated within the turn or the round.
    pub fn urgent_rows(&self) -> Vec<(usize, TreatmentClock)> {
        (0..self.rows.len().min(ROW_COUNT))
            .map(|i| (i, treatment_clock(i)))
            .filter(|(_, c)| matches!(c, TreatmentClock::ThisTurn | TreatmentClock::ThisRound))
            .collect()
    }
}

/// Rolls d100 + 10 per injury carried (0-[`MAX_CARRIED`]) and reads the row
/// (reference, "Resolving it").
pub fn roll_critical<R: Rng + ?Sized>(rng: &mut R, carried: i32) -> Result<CriticalRoll, IxError> {
    IxError::check(
        "Critical Injuries carried",
        i64::from(carried),
        0,
        i64::from(MAX_CARRIED),
    )?;
    let carried = carried.clamp(0, MAX_CARRIED as i32) as u32;
    let d100 = rng.random_range(1..=100u32);
    Ok(critical_from_d100(d100, carried))
}

/// Reads a d100 already rolled (clamped to 1-100) with `carried` injuries.
pub fn critical_from_d100(d100: u32, carried: u32) -> CriticalRoll {
    let d100 = d100.clamp(1, 100);
    let carried = carried.min(MAX_CARRIED);
    let total = d100 + 10 * carried;
    CriticalRoll {
        d100,
        carried,
        total,
        row: row_index(total),
    }
}

/// A Medicine task (reference, "Medicine checks during or immediately after combat").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum MedicineTask {
    /// Average, an Action: stops bleeding out; restores no Wounds.
    Stabilise,
    /// Average: each net Success restores 1 Wound; once per encounter per target.
    TreatWounds,
    /// Treat a Critical Injury on table row `row` (difficulty by its severity).
    CriticalInjury {
        /// Row index of the injury.
        row: usize,
    },
}

impl MedicineTask {
    /// The task's difficulty; Killed cannot be treated at all.
    pub fn difficulty(self) -> Result<Difficulty, IxError> {
        match self {
            MedicineTask::Stabilise | MedicineTask::TreatWounds => Ok(Difficulty::Average),
            MedicineTask::CriticalInjury { row } => {
                if treatment_clock(row) == TreatmentClock::Untreatable {
                    Err(IxError::Dead)
                } else {
                    Ok(Severity::for_total(row_bounds(row).0).treatment())
                }
            }
        }
    }
}

/// Medicine check pool: Intellect with Medicine against the task's difficulty.
pub fn medicine_pool(intellect: i32, medicine: i32, task: MedicineTask) -> Result<Pool, IxError> {
    let mut p = Pool::from_ratings(intellect, medicine)?;
    p.add_difficulty(task.difficulty()?)?;
    Ok(p)
}

/// Who makes a Medicine check: a character on the roster, or one the GM names and rates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Healer {
    /// The healer's name, for the refusal and the tray's label.
    pub name: String,
    /// Intellect, 1-6.
    pub intellect: i32,
    /// Medicine rank, 0-5.
    pub medicine: i32,
    /// Standing: an incapacitated or dead healer cannot act, so cannot treat.
    pub can_act: bool,
}

impl Healer {
    /// A character as a healer: their Intellect, their Medicine skill (rank 0 if they have
    /// none) and whether they are standing.
    pub fn from_character(c: &super::character::IxCharacter) -> Healer {
        Healer {
            name: c.name.clone(),
            intellect: c.characteristics.intellect,
            medicine: super::stats::find_skill(&c.skills, "Medicine").map_or(0, |k| k.rank),
            can_act: c.health.vitality() == super::health::Vitality::Standing,
        }
    }

    /// The healer's Medicine pool for `task`; refused when the healer cannot act.
    pub fn pool(&self, task: MedicineTask) -> Result<Pool, IxError> {
        if !self.can_act {
            return Err(IxError::CannotTreat {
                who: self.name.clone(),
            });
        }
        medicine_pool(self.intellect, self.medicine, task)
    }
}

/// Wounds a successful "treat" check restores: 1 per net Success, none on failure.
pub fn wounds_restored(result: &CheckResult) -> u32 {
    if result.succeeded {
        result.net_successes.max(0).unsigned_abs()
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_and_index_are_inverse() {
        for i in 0..ROW_COUNT {
            let (lo, hi) = row_bounds(i);
            assert_eq!(row_index(lo), i);
            assert_eq!(row_index(hi), i);
        }
        assert_eq!(row_index(0), 0);
    }

    #[test]
    fn clocks_sit_on_the_named_rows() {
        assert_eq!(PLACEHOLDERS.get(22).map(|p| p.0), Some("At Death's Door"));
        assert_eq!(treatment_clock(22), TreatmentClock::ThisTurn);
        assert_eq!(treatment_clock(23), TreatmentClock::ThisRound);
        assert_eq!(treatment_clock(24), TreatmentClock::Untreatable);
        assert_eq!(treatment_clock(21), TreatmentClock::None);
    }
}
