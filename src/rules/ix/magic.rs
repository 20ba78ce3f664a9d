//! Magic bookkeeping: Divine offenses, Divine Calamities per area, and the spell builder
//! (reference, "Divine magic revocation", "Divine-tradition checks", "Building New Spells";
//! RULINGS.md, "Magic").

use super::checks::{Tradition, casting_pool};
use super::dice::CheckResult;
use super::error::IxError;
use super::pool::{DIFFICULTY_COUNT_RANGE, Pool};

/// Divine Calamities in one area that mean the deity has an opinion about it.
pub const CALAMITY_FLAG: i32 = 3;
/// Most Overload or Empower options a spell may list (reference: "Limit to 2-3 options").
pub const MAX_SPELL_OPTIONS: usize = 3;
/// Largest Strain cost or duration step the builder accepts (guards against typos).
pub const MAX_SPELL_STRAIN: i32 = 10;
/// Largest number of duration steps beyond the base.
pub const MAX_DURATION_STEPS: i32 = 4;

/// Kind of entry in the offense log (reference, "Track offenses in stages").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum OffenseKind {
    /// Counts 1.
    Minor,
    /// Counts 2: a direct betrayal of the deity's profile or Forbidden Grant.
    Major,
    /// Real repentance in the fiction lowers the count.
    Repentance,
}

impl OffenseKind {
    /// The kind in words for the log.
    pub fn words(self) -> &'static str {
        match self {
            OffenseKind::Minor => "Minor offense",
            OffenseKind::Major => "Major offense",
            OffenseKind::Repentance => "Repentance",
        }
    }
}

/// One log line.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct OffenseEntry {
    /// What happened.
    pub kind: OffenseKind,
    /// Change to the count (+1, +2 or negative for repentance).
    pub change: i32,
    /// The table's note.
    pub note: String,
}

/// A cleric's offense track with its log (reference, "Divine magic revocation").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub struct DivineOffenses {
    /// Current count; never below 0.
    pub count: i32,
    /// Every change, oldest first.
    pub log: Vec<OffenseEntry>,
}

impl DivineOffenses {
    /// Records a minor (1) or major (2) offense; returns the new count.
    pub fn record(&mut self, major: bool, note: &str) -> i32 {
        let (kind, change) = if major {
            (OffenseKind::Major, 2)
        } else {
            (OffenseKind::Minor, 1)
        };
        self.count = self.count.max(0).saturating_add(change);
        self.log.push(OffenseEntry {
            kind,
            change,
            note: note.to_string(),
        });
        self.count
    }

    /// Repentance lowers the count by `amount` (1 to the current count); returns the new count.
    pub fn repent(&mut self, amount: i32, note: &str) -> Result<i32, IxError> {
        IxError::check(
            "repentance",
            i64::from(amount),
            1,
            i64::from(self.count.max(1)),
        )?;
        if self.count <= 0 {
            return Err(IxError::WrongCondition {
                needs: "at least one offense to repent".to_string(),
            });
        }
        self.count -= amount;
        self.log.push(OffenseEntry {
            kind: OffenseKind::Repentance,
            change: -amount,
            note: note.to_string(),
        });
        Ok(self.count)
    }
}

/// Divine Calamities in one area.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct AreaCalamities {
    /// The area or recurring action, as the table names it.
    pub area: String,
    /// Calamities recorded there.
    pub calamities: i32,
}

impl AreaCalamities {
    /// Three or more: the god has an opinion about this area.
    pub fn flagged(&self) -> bool {
        self.calamities >= CALAMITY_FLAG
    }
}

/// Divine Calamity tally per area (reference, "Track Divine Calamities against recurring
/// actions": three in one area is flagged).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub struct CalamityTally {
    /// One entry per area, in first-seen order.
    pub areas: Vec<AreaCalamities>,
}

impl CalamityTally {
    /// Records one Calamity in `area` (names match ignoring case and outer spaces) and returns
    /// whether that area is now flagged.
    pub fn record(&mut self, area: &str) -> bool {
        let key = area.trim();
        let n = match self
            .areas
            .iter_mut()
            .find(|a| a.area.trim().eq_ignore_ascii_case(key))
        {
            Some(a) => {
                a.calamities = a.calamities.saturating_add(1);
                a.calamities
            }
            None => {
                self.areas.push(AreaCalamities {
                    area: key.to_string(),
                    calamities: 1,
                });
                1
            }
        };
        n >= CALAMITY_FLAG
    }

    /// Whether nothing has been recorded.
    pub fn is_empty(&self) -> bool {
        self.areas.is_empty()
    }

    /// Areas with three or more Calamities.
    pub fn flagged(&self) -> Vec<&AreaCalamities> {
        self.areas.iter().filter(|a| a.flagged()).collect()
    }
}

/// Spell range; each step beyond Engaged adds 1 Trial die (reference, "Step 2: Set Range and
/// Duration"; steps from RULINGS.md).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum SpellRange {
    /// Base range, 0 steps.
    #[default]
    Engaged,
    /// 1 step.
    Short,
    /// 2 steps.
    Medium,
    /// 3 steps.
    Long,
    /// 4 steps.
    Extreme,
}

impl SpellRange {
    /// Steps beyond the base.
    pub fn steps(self) -> i32 {
        match self {
            SpellRange::Engaged => 0,
            SpellRange::Short => 1,
            SpellRange::Medium => 2,
            SpellRange::Long => 3,
            SpellRange::Extreme => 4,
        }
    }
}

/// An effect category with its base Trial dice (*editable*; reference, "Step 1").
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct SpellCategory {
    /// Category name.
    pub name: String,
    /// Base Trial dice, 0-10.
    pub base_trial_dice: i32,
}

/// The categories the reference prices: Damage and Protection, both Average (2). The GM adds
/// others with their own base.
pub fn default_categories() -> Vec<SpellCategory> {
    ["Damage", "Protection"]
        .into_iter()
        .map(|n| SpellCategory {
            name: n.to_string(),
            base_trial_dice: 2,
        })
        .collect()
}

/// When an Empower option fires (reference, "Step 5").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum EmpowerTrigger {
    /// On this many Boons (usually 2 or 3).
    Boons(u8),
    /// On a Breakthrough.
    Breakthrough,
}

/// An Empower option: a trigger and the table's own text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct EmpowerOption {
    /// When it fires.
    pub trigger: EmpowerTrigger,
    /// What it does.
    pub text: String,
}

/// A spell built with the six steps of "Building New Spells".
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct SpellDesign {
    /// Spell name.
    pub name: String,
    /// Tradition, which picks the casting pool.
    pub tradition: Tradition,
    /// Effect category and its base.
    pub category: SpellCategory,
    /// Range.
    pub range: SpellRange,
    /// Duration as the table words it ("Instant", "Concentration"...).
    pub duration: String,
    /// Duration steps beyond the base, 0-[`MAX_DURATION_STEPS`] (the worked example prices
    /// Concentration at 0).
    pub duration_steps: i32,
    /// Strain cost, 0-[`MAX_SPELL_STRAIN`].
    pub strain: i32,
    /// Overload options; each one chosen adds a Trial die at casting.
    pub overloads: Vec<String>,
    /// Empower options.
    pub empowers: Vec<EmpowerOption>,
    /// Optional fallout text.
    pub fallout: Option<String>,
}

/// Strain a Concentration spell costs each round to keep going (reference, a spell's
/// "Duration: Concentration (1 Strain per round to maintain)").
pub const CONCENTRATION_STRAIN: i32 = 1;

impl SpellDesign {
    /// Whether the spell lasts while its caster concentrates: its duration is written as
    /// Concentration (any case, surrounding spaces ignored, "Concentration (...)" too).
    pub fn is_concentration(&self) -> bool {
        self.duration
            .trim()
            .get(..13)
            .is_some_and(|d| d.eq_ignore_ascii_case("concentration"))
    }

    /// Final difficulty in Trial dice: category base + range steps + duration steps
    /// (reference, "Step 4: Set Final Difficulty").
    pub fn trial_dice(&self) -> i64 {
        i64::from(self.category.base_trial_dice)
            + i64::from(self.range.steps())
            + i64::from(self.duration_steps)
    }

    /// Every out-of-range value, by field.
    pub fn validate(&self) -> Vec<IxError> {
        let mut e = Vec::new();
        let (lo, hi) = (
            i64::from(DIFFICULTY_COUNT_RANGE.0),
            i64::from(DIFFICULTY_COUNT_RANGE.1),
        );
        let checks = [
            (
                "category base (Trial dice)",
                i64::from(self.category.base_trial_dice),
                lo,
                hi,
            ),
            (
                "duration steps",
                i64::from(self.duration_steps),
                0,
                i64::from(MAX_DURATION_STEPS),
            ),
            (
                "Strain",
                i64::from(self.strain),
                0,
                i64::from(MAX_SPELL_STRAIN),
            ),
            (
                "Overload options",
                self.overloads.len() as i64,
                0,
                MAX_SPELL_OPTIONS as i64,
            ),
            (
                "Empower options",
                self.empowers.len() as i64,
                0,
                MAX_SPELL_OPTIONS as i64,
            ),
            ("final difficulty (Trial dice)", self.trial_dice(), lo, hi),
        ];
        for (field, v, min, max) in checks {
            if let Err(err) = IxError::check(field, v, min, max) {
                e.push(err);
            }
        }
        e
    }

    /// Design advice the reference gives as "should" (not errors): at least one Overload and
    /// one Empower option.
    pub fn advice(&self) -> Vec<String> {
        let mut a = Vec::new();
        if self.overloads.is_empty() {
            a.push("add at least one Overload option".to_string());
        }
        if self.empowers.is_empty() {
            a.push("add at least one Empower option".to_string());
        }
        a
    }

    /// Trial dice at casting with the chosen Overloads (indices into `overloads`, each at
    /// most once): final difficulty + 1 per Overload.
    pub fn casting_trial_dice(&self, chosen: &[usize]) -> Result<i32, IxError> {
        let mut seen: Vec<usize> = Vec::with_capacity(chosen.len());
        for &i in chosen {
            if i >= self.overloads.len() || seen.contains(&i) {
                return Err(IxError::NotFound {
                    what: format!("Overload option {}", i.saturating_add(1)),
                });
            }
            seen.push(i);
        }
        let total = self.trial_dice() + seen.len() as i64;
        IxError::check(
            "Trial dice at casting",
            total,
            i64::from(DIFFICULTY_COUNT_RANGE.0),
            i64::from(DIFFICULTY_COUNT_RANGE.1),
        )?;
        Ok(total as i32)
    }

    /// The casting pool: the tradition's ratings, the spell's Trial dice plus chosen Overloads,
    /// and a focus for Arcana.
    pub fn casting_pool(
        &self,
        characteristic: i32,
        skill: i32,
        chosen_overloads: &[usize],
        focus: bool,
    ) -> Result<Pool, IxError> {
        let trial = self.casting_trial_dice(chosen_overloads)?;
        casting_pool(self.tradition, characteristic, skill, trial, focus)
    }
}

impl SpellRange {
    /// Every range, nearest first.
    pub const ALL: [SpellRange; 5] = [
        SpellRange::Engaged,
        SpellRange::Short,
        SpellRange::Medium,
        SpellRange::Long,
        SpellRange::Extreme,
    ];

    /// The range's name.
    pub fn name(self) -> &'static str {
        match self {
            SpellRange::Engaged => "Engaged",
            SpellRange::Short => "Short",
            SpellRange::Medium => "Medium",
            SpellRange::Long => "Long",
            SpellRange::Extreme => "Extreme",
        }
    }
}

impl EmpowerTrigger {
    /// The triggers the reference names as common (2 Boons, 3 Boons, Breakthrough).
    pub const COMMON: [EmpowerTrigger; 3] = [
        EmpowerTrigger::Boons(2),
        EmpowerTrigger::Boons(3),
        EmpowerTrigger::Breakthrough,
    ];

    /// "On 2 Boons", "On Breakthrough".
    pub fn words(self) -> String {
        match self {
            EmpowerTrigger::Boons(n) => format!("On {n} Boons"),
            EmpowerTrigger::Breakthrough => "On Breakthrough".to_string(),
        }
    }

    /// Whether a casting result can pay for this option: only a successful cast empowers
    /// (reference, "Step 5"); Boons count net of Banes, a Breakthrough needs one rolled.
    pub fn reached_by(self, result: &CheckResult) -> bool {
        result.succeeded
            && match self {
                EmpowerTrigger::Boons(n) => result.net_boons >= i32::from(n),
                EmpowerTrigger::Breakthrough => result.breakthroughs >= 1,
            }
    }
}

impl SpellDesign {
    /// A spell taken from a list with a known difficulty (no builder steps): the difficulty
    /// is carried as the category base, so [`SpellDesign::trial_dice`] reads it back.
    pub fn listed(name: &str, tradition: Tradition, trial_dice: i32, strain: i32) -> SpellDesign {
        SpellDesign {
            name: name.to_string(),
            tradition,
            category: SpellCategory {
                name: "Listed spell".to_string(),
                base_trial_dice: trial_dice,
            },
            range: SpellRange::Engaged,
            duration: String::new(),
            duration_steps: 0,
            strain,
            overloads: Vec::new(),
            empowers: Vec::new(),
            fallout: None,
        }
    }

    /// Indices of the Empower options a casting result reaches. Each one spends its own
    /// symbols, so the player picks among them when Boons run short.
    pub fn empowers_reached(&self, result: &CheckResult) -> Vec<usize> {
        self.empowers
            .iter()
            .enumerate()
            .filter(|(_, e)| e.trigger.reached_by(result))
            .map(|(i, _)| i)
            .collect()
    }
}

/// The alternatives of one Overload option. An option written "A, or B" is one option
/// (RULINGS, "Spell builder"): the caster picks A or B for its one Trial die, so both halves are
/// returned; any other option is its own single alternative.
pub fn overload_alternatives(option: &str) -> Vec<&str> {
    option
        .split(", or ")
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .collect()
}

/// The upgrades the reference names as typical Overload options; a spell may name its own.
pub const OVERLOAD_PATTERNS: [&str; 3] = ["Increased damage", "Extended range", "An added target"];

/// Whether a casting result calls for the spell's Fallout entry: a success with net Banes or
/// a failure with net Boons (reference, "Step 6").
pub fn fallout_due(result: &CheckResult) -> bool {
    if result.succeeded {
        result.net_boons < 0
    } else {
        result.net_boons > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn res(net: i32, boons: i32, breakthroughs: u32) -> CheckResult {
        CheckResult {
            net_successes: net,
            net_boons: boons,
            breakthroughs,
            calamities: 0,
            succeeded: net >= 1,
        }
    }

    fn bolt() -> SpellDesign {
        let mut s = SpellDesign::listed("Bolt", Tradition::Arcana, 2, 2);
        s.range = SpellRange::Short;
        s.overloads = vec!["Extended range".into(), "An added target".into()];
        s.empowers = EmpowerTrigger::COMMON
            .iter()
            .map(|&trigger| EmpowerOption {
                trigger,
                text: trigger.words(),
            })
            .collect();
        s
    }

    #[test]
    fn offense_log_lines_read_in_words() {
        let mut o = DivineOffenses::default();
        o.record(true, "lied in the temple");
        o.repent(1, "absolved").unwrap();
        let words: Vec<&str> = o.log.iter().map(|e| e.kind.words()).collect();
        assert_eq!(words, ["Major offense", "Repentance"]);
        assert_eq!(o.count, 1);
    }

    #[test]
    fn ranges_are_named_and_stepped_in_order() {
        let steps: Vec<i32> = SpellRange::ALL.iter().map(|r| r.steps()).collect();
        assert_eq!(steps, [0, 1, 2, 3, 4]);
        assert_eq!(SpellRange::ALL[3].name(), "Long");
    }

    #[test]
    fn listed_spells_keep_their_difficulty_and_overloads_add_a_trial_die_each() {
        let s = SpellDesign::listed("Ward", Tradition::Divine, 4, 3);
        assert_eq!((s.trial_dice(), s.strain), (4, 3));
        assert!(s.validate().is_empty());
        let b = bolt();
        assert_eq!(b.trial_dice(), 3);
        assert_eq!(b.casting_trial_dice(&[]), Ok(3));
        assert_eq!(b.casting_trial_dice(&[1]), Ok(4));
        assert_eq!(b.casting_trial_dice(&[0, 1]), Ok(5));
        assert!(b.casting_trial_dice(&[2]).is_err());
        assert!(b.casting_trial_dice(&[0, 0]).is_err());
    }

    #[test]
    fn an_or_option_is_one_overload_with_two_alternatives() {
        // The reference's own example: one option, the caster picks one half.
        assert_eq!(
            overload_alternatives("Extend to Medium range, or protect two targets instead of one"),
            [
                "Extend to Medium range",
                "protect two targets instead of one"
            ]
        );
        assert_eq!(
            overload_alternatives("Increased damage"),
            ["Increased damage"]
        );
        // However it is picked, the one option adds one Trial die; distinct options combine.
        let mut s = bolt();
        s.overloads = vec![
            "Extend to Medium range, or protect two targets instead of one".into(),
            "Increased damage".into(),
        ];
        assert_eq!(s.casting_trial_dice(&[0]), Ok(4));
        assert_eq!(s.casting_trial_dice(&[0, 1]), Ok(5));
        assert!(s.casting_trial_dice(&[0, 0]).is_err());
    }

    #[test]
    fn empower_options_need_a_success_and_their_symbols() {
        let b = bolt();
        assert_eq!(EmpowerTrigger::Boons(2).words(), "On 2 Boons");
        assert_eq!(EmpowerTrigger::Breakthrough.words(), "On Breakthrough");
        assert_eq!(b.empowers_reached(&res(1, 1, 0)), Vec::<usize>::new());
        assert_eq!(b.empowers_reached(&res(1, 2, 0)), vec![0]);
        assert_eq!(b.empowers_reached(&res(2, 3, 1)), vec![0, 1, 2]);
        assert_eq!(b.empowers_reached(&res(1, 0, 1)), vec![2]);
        // A failed cast empowers nothing, however many Boons.
        assert_eq!(b.empowers_reached(&res(0, 4, 0)), Vec::<usize>::new());
    }

    #[test]
    fn fallout_follows_successes_with_banes_and_failures_with_boons() {
        assert!(fallout_due(&res(1, -1, 0)));
        assert!(fallout_due(&res(-1, 2, 0)));
        assert!(!fallout_due(&res(2, 0, 0)));
        assert!(!fallout_due(&res(1, 3, 0)));
        assert!(!fallout_due(&res(0, -2, 0)));
    }
}
