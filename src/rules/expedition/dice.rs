//! d6 success pools, independent, versus, Cash and extended tests ("2. Core Mechanics",
//! "The Basics: Successes and Failures", "Simple Tests", "Bonus and Penalty Dice", "Helping and
//! Teamwork", "Margins of Success and Failure").

use super::error::{RulesError, RulesResult};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Largest pool any function will build or roll. Far above anything the rules produce (Ability
/// 8 plus a handful of bonus dice, or a 160-Cash hoard), it keeps arbitrary input from
/// allocating without bound.
pub const MAX_POOL: u32 = 200;

/// Largest Objective accepted anywhere. Pools are capped at [`MAX_POOL`], so a higher Ob could
/// never be met anyway.
pub const MAX_OB: u32 = MAX_POOL;

/// Lowest face that counts as a Success ("The Basics: Successes and Failures": 4-6 succeeds).
pub const SUCCESS_FACE: u8 = 4;

/// One rolled d6 of a pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PoolDie {
    /// Face 1-6.
    pub face: u8,
}

impl PoolDie {
    /// A 4-6 is a Success ("The Basics: Successes and Failures").
    pub fn is_success(self) -> bool {
        self.face >= SUCCESS_FACE
    }

    /// Screen-reader label, e.g. `"4, success"` or `"2, failure"`.
    pub fn label(self) -> String {
        if self.is_success() {
            format!("{}, success", self.face)
        } else {
            format!("{}, failure", self.face)
        }
    }
}

/// Every die of one pool roll, in the order rolled.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct PoolRoll {
    /// The dice as rolled.
    pub dice: Vec<PoolDie>,
}

impl PoolRoll {
    /// Builds a roll from known faces (for replays and tests); faces outside 1-6 are refused.
    pub fn from_faces(faces: &[u8]) -> RulesResult<Self> {
        check_pool_size("dice", faces.len() as u64)?;
        for f in faces {
            RulesError::check_range("die face", i64::from(*f), 1, 6)?;
        }
        Ok(PoolRoll {
            dice: faces.iter().map(|&face| PoolDie { face }).collect(),
        })
    }

    /// Number of Successes (4-6).
    pub fn successes(&self) -> u32 {
        self.dice.iter().filter(|d| d.is_success()).count() as u32
    }

    /// The faces only.
    pub fn faces(&self) -> Vec<u8> {
        self.dice.iter().map(|d| d.face).collect()
    }

    /// One screen-reader label per die.
    pub fn labels(&self) -> Vec<String> {
        self.dice.iter().map(|d| d.label()).collect()
    }
}

fn check_pool_size(field: &str, dice: u64) -> RulesResult<()> {
    if dice > u64::from(MAX_POOL) {
        Err(RulesError::out_of_range(
            field,
            i64::try_from(dice).unwrap_or(i64::MAX),
            0,
            i64::from(MAX_POOL),
        ))
    } else {
        Ok(())
    }
}

fn check_ob(ob: u32) -> RulesResult<()> {
    RulesError::check_range("Ob", i64::from(ob), 0, i64::from(MAX_OB))
}

/// Rolls `dice` d6 ("2. Core Mechanics"). A 0-die pool rolls nothing and scores 0 Successes.
pub fn roll_pool<R: Rng + ?Sized>(rng: &mut R, dice: u32) -> RulesResult<PoolRoll> {
    check_pool_size("dice", u64::from(dice))?;
    Ok(PoolRoll {
        dice: (0..dice)
            .map(|_| PoolDie {
                face: rng.random_range(1..=6),
            })
            .collect(),
    })
}

/// What a pool is made of, so the UI can show where each die comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PoolKind {
    /// Ability test or save: 2 base dice + the Ability ("The Basics").
    Ability,
    /// Cash test: only the Cash dice named, no base dice ("Cash").
    Cash,
    /// Non-player character or adversary pool, rolled as listed ("3. Followers, Hirelings").
    Npc,
}

/// The dice of a test before it is rolled ("The Basics", "Bonus and Penalty Dice", "Helping and
/// Teamwork"): base + ability + bonus - penalty + helping, never below 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pool {
    /// Where the base dice come from.
    pub kind: PoolKind,
    /// Base dice: 2 for Ability tests, 0 otherwise.
    pub base: u32,
    /// Ability rating, Cash dice wagered, or NPC pool.
    pub rating: u32,
    /// Bonus dice (+Nd), including Wises, Stronghold, Reputation and ritual dice.
    pub bonus: u32,
    /// Penalty dice (-Nd).
    pub penalty: u32,
    /// Helping dice handed over by allies.
    pub helping: u32,
}

impl Pool {
    /// Ability test pool: 2 + ability + bonus - penalty + helping ("The Basics"). Ability must be
    /// 1-8 ("Natural Abilities").
    pub fn ability(ability: u8, bonus: u32, penalty: u32, helping: u32) -> RulesResult<Self> {
        RulesError::check_range("ability", i64::from(ability), 1, 8)?;
        Self::checked(Pool {
            kind: PoolKind::Ability,
            base: 2,
            rating: u32::from(ability),
            bonus,
            penalty,
            helping,
        })
    }

    /// Cash test pool: exactly the Cash dice named, no base dice ("Cash").
    pub fn cash(dice: u32) -> RulesResult<Self> {
        Self::checked(Pool {
            kind: PoolKind::Cash,
            base: 0,
            rating: dice,
            bonus: 0,
            penalty: 0,
            helping: 0,
        })
    }

    /// NPC or adversary pool with bonus/penalty dice ("3. Followers, Hirelings").
    pub fn npc(pool: u32, bonus: u32, penalty: u32) -> RulesResult<Self> {
        Self::checked(Pool {
            kind: PoolKind::Npc,
            base: 0,
            rating: pool,
            bonus,
            penalty,
            helping: 0,
        })
    }

    fn checked(p: Pool) -> RulesResult<Self> {
        for (field, v) in [
            ("rating", p.rating),
            ("bonus dice", p.bonus),
            ("penalty dice", p.penalty),
            ("helping dice", p.helping),
        ] {
            check_pool_size(field, u64::from(v))?;
        }
        let total =
            u64::from(p.base) + u64::from(p.rating) + u64::from(p.bonus) + u64::from(p.helping);
        check_pool_size("pool", total.saturating_sub(u64::from(p.penalty)))?;
        Ok(p)
    }

    /// Dice actually rolled: never below 0.
    pub fn dice(&self) -> u32 {
        (self
            .base
            .saturating_add(self.rating)
            .saturating_add(self.bonus)
            .saturating_add(self.helping))
        .saturating_sub(self.penalty)
    }

    /// Where the dice come from, e.g. `"2 base + 3 Ability + 1 bonus - 1 penalty = 5 dice"`.
    pub fn breakdown(&self) -> String {
        let mut s = match self.kind {
            PoolKind::Ability => format!("{} base + {} Ability", self.base, self.rating),
            PoolKind::Cash => format!("{} Cash", self.rating),
            PoolKind::Npc => format!("{} pool", self.rating),
        };
        if self.bonus > 0 {
            s.push_str(&format!(" + {} bonus", self.bonus));
        }
        if self.helping > 0 {
            s.push_str(&format!(" + {} helping", self.helping));
        }
        if self.penalty > 0 {
            s.push_str(&format!(" - {} penalty", self.penalty));
        }
        let n = self.dice();
        s.push_str(&format!(" = {n} {}", dice_word(n)));
        s
    }
}

/// "die" or "dice".
pub fn dice_word(n: u32) -> &'static str {
    if n == 1 { "die" } else { "dice" }
}

/// Short description of an independent test, e.g. `"4 dice vs Ob 3"`.
pub fn describe_test(dice: u32, ob: u32) -> String {
    format!("{dice} {} vs Ob {ob}", dice_word(dice))
}

/// Short description of a versus test, e.g. `"5 dice vs 4 dice"`.
pub fn describe_versus(a: u32, b: u32) -> String {
    format!("{a} {} vs {b} {}", dice_word(a), dice_word(b))
}

/// Result of an independent test ("The Basics": pass when Successes >= Ob).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TestOutcome {
    /// Every die rolled.
    pub roll: PoolRoll,
    /// The Objective.
    pub ob: u32,
    /// Successes rolled.
    pub successes: u32,
    /// Free successes (+Ns) offered; they count only after a pass.
    pub free_successes: u32,
    /// Whether the test passed.
    pub passed: bool,
    /// Margin of success (>= 0, free successes included) or of failure (< 0).
    pub margin: i64,
}

impl TestOutcome {
    /// Outcome in words: `"Pass by 1"`, `"Pass exactly"` or `"Fail by 2"`.
    pub fn words(&self) -> String {
        margin_words(self.passed, self.margin)
    }
}

fn margin_words(passed: bool, margin: i64) -> String {
    if passed {
        if margin == 0 {
            "Pass exactly".to_string()
        } else {
            format!("Pass by {margin}")
        }
    } else {
        format!("Fail by {}", margin.unsigned_abs())
    }
}

/// Reads an independent test from its Successes ("The Basics"; "Margins of Success and
/// Failure": +Ns count only after a pass and never turn a failure into a pass).
pub fn resolve_independent(successes: u32, ob: u32, free_successes: u32) -> (bool, i64) {
    let passed = successes >= ob;
    let mut margin = i64::from(successes) - i64::from(ob);
    if passed {
        margin += i64::from(free_successes);
    }
    (passed, margin)
}

/// Reads a roll already made as an independent test against `ob` (a channeling whose dice were
/// rolled as the caster's defensive Combat Check earlier in the round).
pub fn test_of_roll(roll: PoolRoll, ob: u32, free_successes: u32) -> RulesResult<TestOutcome> {
    check_ob(ob)?;
    check_pool_size("free successes", u64::from(free_successes))?;
    let successes = roll.successes();
    let (passed, margin) = resolve_independent(successes, ob, free_successes);
    Ok(TestOutcome {
        roll,
        ob,
        successes,
        free_successes,
        passed,
        margin,
    })
}

/// Rolls an independent test of `dice` against `ob` with `free_successes` (+Ns).
pub fn independent_test<R: Rng + ?Sized>(
    rng: &mut R,
    dice: u32,
    ob: u32,
    free_successes: u32,
) -> RulesResult<TestOutcome> {
    // Refused before any die is rolled, so a refusal draws nothing from the generator.
    check_ob(ob)?;
    check_pool_size("free successes", u64::from(free_successes))?;
    test_of_roll(roll_pool(rng, dice)?, ob, free_successes)
}

/// A Cash test ("Cash"): rolls exactly the `cash_dice` named, no base dice.
pub fn cash_test<R: Rng + ?Sized>(
    rng: &mut R,
    cash_dice: u32,
    ob: u32,
) -> RulesResult<TestOutcome> {
    independent_test(rng, cash_dice, ob, 0)
}

/// Result of a versus test from side A's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum VersusResult {
    /// A rolled more Successes.
    Win,
    /// Equal Successes (free successes never break a tie).
    Tie,
    /// B rolled more Successes.
    Lose,
}

/// Outcome of a versus test ("The Basics": whoever rolls more Successes wins).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VersusOutcome {
    /// Side A's dice.
    pub a: PoolRoll,
    /// Side B's dice.
    pub b: PoolRoll,
    /// Side A's Successes.
    pub a_successes: u32,
    /// Side B's Successes.
    pub b_successes: u32,
    /// Result for A.
    pub result: VersusResult,
    /// Winner's margin including the winner's free successes; 0 on a tie.
    pub margin: u32,
}

impl VersusOutcome {
    /// Outcome in words for side A: `"Win by 2"`, `"Tie"` or `"Lose by 1"`.
    pub fn words(&self) -> String {
        match self.result {
            VersusResult::Win => format!("Win by {}", self.margin),
            VersusResult::Tie => "Tie".to_string(),
            VersusResult::Lose => format!("Lose by {}", self.margin),
        }
    }
}

/// Reads a versus test: the winner's margin gains the winner's +Ns; ties stay ties.
pub fn resolve_versus(a: u32, b: u32, a_free: u32, b_free: u32) -> (VersusResult, u32) {
    use std::cmp::Ordering;
    match a.cmp(&b) {
        Ordering::Greater => (VersusResult::Win, (a - b).saturating_add(a_free)),
        Ordering::Less => (VersusResult::Lose, (b - a).saturating_add(b_free)),
        Ordering::Equal => (VersusResult::Tie, 0),
    }
}

/// Rolls a versus test between two pools ("The Basics", "Margins of Success and Failure").
pub fn versus_test<R: Rng + ?Sized>(
    rng: &mut R,
    a_dice: u32,
    b_dice: u32,
    a_free: u32,
    b_free: u32,
) -> RulesResult<VersusOutcome> {
    check_pool_size("free successes", u64::from(a_free))?;
    check_pool_size("free successes", u64::from(b_free))?;
    let a = roll_pool(rng, a_dice)?;
    let b = roll_pool(rng, b_dice)?;
    let (a_s, b_s) = (a.successes(), b.successes());
    let (result, margin) = resolve_versus(a_s, b_s, a_free, b_free);
    Ok(VersusOutcome {
        a,
        b,
        a_successes: a_s,
        b_successes: b_s,
        result,
        margin,
    })
}

/// State of an extended test ("Simple Tests": several tests toward a target of passes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExtendedStatus {
    /// Still rolling.
    InProgress,
    /// Reached the target number of passes.
    Succeeded,
    /// Ran out of allowed failures.
    Failed,
}

/// An extended test: a tally of passes and failures against a target ("Simple Tests").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExtendedTest {
    /// Passes needed, 1-20.
    pub target_passes: u32,
    /// Failures that end the attempt (`None`: unlimited).
    pub max_failures: Option<u32>,
    /// Passes so far.
    pub passes: u32,
    /// Failures so far.
    pub failures: u32,
}

impl ExtendedTest {
    /// Starts an extended test; `target_passes` 1-20, `max_failures` 1-20 when given.
    pub fn new(target_passes: u32, max_failures: Option<u32>) -> RulesResult<Self> {
        RulesError::check_range("target passes", i64::from(target_passes), 1, 20)?;
        if let Some(m) = max_failures {
            RulesError::check_range("maximum failures", i64::from(m), 1, 20)?;
        }
        Ok(ExtendedTest {
            target_passes,
            max_failures,
            passes: 0,
            failures: 0,
        })
    }

    /// Current status.
    pub fn status(&self) -> ExtendedStatus {
        if self.passes >= self.target_passes {
            ExtendedStatus::Succeeded
        } else if self.max_failures.is_some_and(|m| self.failures >= m) {
            ExtendedStatus::Failed
        } else {
            ExtendedStatus::InProgress
        }
    }

    /// Records one test; refused once the extended test is over.
    pub fn record(&mut self, passed: bool) -> RulesResult<ExtendedStatus> {
        if self.status() != ExtendedStatus::InProgress {
            return Err(RulesError::not_allowed(
                "That extended test is over: start a new one",
            ));
        }
        if passed {
            self.passes = self.passes.saturating_add(1);
        } else {
            self.failures = self.failures.saturating_add(1);
        }
        Ok(self.status())
    }

    /// The chance to finish from here when each test passes with probability `p`: 1 once
    /// succeeded, 0 once failed (see [`super::odds::extended_finish_chance`]).
    pub fn finish_chance(&self, p: f64) -> f64 {
        match self.status() {
            ExtendedStatus::Succeeded => 1.0,
            ExtendedStatus::Failed => 0.0,
            ExtendedStatus::InProgress => super::odds::extended_finish_chance(
                p,
                self.target_passes - self.passes,
                // The attempt ends at the `m`-th failure: it survives m - failures - 1 more.
                self.max_failures.map(|m| m - self.failures - 1),
            ),
        }
    }

    /// Tally in words, e.g. `"2 of 3 passes, 1 failure"`.
    pub fn words(&self) -> String {
        let f = if self.failures == 1 {
            "failure"
        } else {
            "failures"
        };
        match self.max_failures {
            // "1 of 2 failures": the count is of the limit's failures.
            Some(m) => format!(
                "{} of {} passes, {} of {m} {}",
                self.passes,
                self.target_passes,
                self.failures,
                if m == 1 { "failure" } else { "failures" }
            ),
            None => format!(
                "{} of {} passes, {} {f}",
                self.passes, self.target_passes, self.failures
            ),
        }
    }
}

/// The five Natural Abilities ("Natural Abilities"; RULINGS: the heading says six, the list
/// names five, and the app uses these five). Ratings are 1-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Ability {
    /// Strength, toughness, stamina.
    Might,
    /// Coordination, reflexes, balance.
    Agility,
    /// Rapport, charm, leadership.
    Presence,
    /// Awareness, insight, wits.
    Acuity,
    /// Resolve, composure, endurance.
    Discipline,
}

impl Ability {
    /// All five, in sheet order.
    pub const ALL: [Ability; 5] = [
        Ability::Might,
        Ability::Agility,
        Ability::Presence,
        Ability::Acuity,
        Ability::Discipline,
    ];

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Ability::Might => "Might",
            Ability::Agility => "Agility",
            Ability::Presence => "Presence",
            Ability::Acuity => "Acuity",
            Ability::Discipline => "Discipline",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn pool_counts_base_two_and_never_goes_below_zero() {
        let p = Pool::ability(3, 1, 1, 2).unwrap();
        assert_eq!(p.dice(), 2 + 3 + 1 - 1 + 2);
        let p = Pool::ability(1, 0, 9, 0).unwrap();
        assert_eq!(p.dice(), 0);
        assert_eq!(Pool::cash(4).unwrap().dice(), 4);
        assert!(Pool::ability(9, 0, 0, 0).is_err());
        assert!(Pool::ability(0, 0, 0, 0).is_err());
    }

    #[test]
    fn breakdown_names_each_source() {
        let p = Pool::ability(3, 1, 1, 0).unwrap();
        assert_eq!(
            p.breakdown(),
            "2 base + 3 Ability + 1 bonus - 1 penalty = 5 dice"
        );
    }

    #[test]
    fn free_successes_never_rescue_a_failure_nor_break_a_tie() {
        assert_eq!(resolve_independent(2, 3, 5), (false, -1));
        assert_eq!(resolve_independent(3, 3, 2), (true, 2));
        assert_eq!(resolve_versus(2, 2, 3, 3), (VersusResult::Tie, 0));
        assert_eq!(resolve_versus(3, 2, 1, 9), (VersusResult::Win, 2));
        assert_eq!(resolve_versus(1, 2, 9, 1), (VersusResult::Lose, 2));
    }

    #[test]
    fn seeded_test_reports_every_face() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let out = independent_test(&mut rng, 6, 3, 0).unwrap();
        assert_eq!(out.roll.dice.len(), 6);
        let counted = out.roll.faces().iter().filter(|&&f| f >= 4).count() as u32;
        assert_eq!(out.successes, counted);
        assert_eq!(out.passed, counted >= 3);
    }

    #[test]
    fn zero_die_pool_scores_zero() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let out = independent_test(&mut rng, 0, 1, 0).unwrap();
        assert_eq!(out.successes, 0);
        assert!(!out.passed);
        assert_eq!(out.words(), "Fail by 1");
    }

    #[test]
    fn words_for_the_ui() {
        let roll = PoolRoll::from_faces(&[4, 2, 6]).unwrap();
        assert_eq!(
            roll.labels(),
            vec!["4, success", "2, failure", "6, success"]
        );
        assert_eq!(roll.successes(), 2);
        assert_eq!(describe_test(4, 3), "4 dice vs Ob 3");
        assert_eq!(describe_versus(1, 2), "1 die vs 2 dice");
        let (passed, margin) = resolve_independent(4, 3, 0);
        assert_eq!(margin_words(passed, margin), "Pass by 1");
        assert_eq!(margin_words(true, 0), "Pass exactly");
        assert_eq!(margin_words(false, -2), "Fail by 2");
        assert!(PoolRoll::from_faces(&[7]).is_err());
    }

    #[test]
    fn extended_test_stops_at_target() {
        let mut e = ExtendedTest::new(2, Some(2)).unwrap();
        assert_eq!(e.record(true).unwrap(), ExtendedStatus::InProgress);
        assert_eq!(e.record(false).unwrap(), ExtendedStatus::InProgress);
        assert_eq!(e.record(true).unwrap(), ExtendedStatus::Succeeded);
        assert!(e.record(true).is_err());
        assert_eq!(e.passes, 2);
    }
}
