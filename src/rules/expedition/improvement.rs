//! Improving statistics with Cash ("Experience (Improving Statistics)"): a pure wager of Cash
//! dice against the Ob of the new rank, only in a Haven phase, each statistic once per session,
//! wagered dice lost whatever the result.

use super::dice::{Ability, TestOutcome, cash_test};
use super::error::{RulesError, RulesResult};
use super::money::{LedgerEntry, Purse};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A statistic that can be improved ("Cash Objective to Improve Statistic to Rank n").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stat {
    /// A Natural Ability: Ob 2n, max 8.
    Ability(Ability),
    /// Wealth: Ob 2n, max 10.
    Wealth,
    /// Maximum Hit Points: Ob n, max 20.
    HitPoints,
    /// Connections: Ob n, max 6.
    Connections,
    /// A Stronghold, by name: Ob 2n + 8, max 6.
    Stronghold(String),
}

impl Stat {
    /// Highest rank.
    pub fn max(&self) -> u32 {
        match self {
            Stat::Ability(_) => 8,
            Stat::Wealth => 10,
            Stat::HitPoints => 20,
            Stat::Connections => 6,
            Stat::Stronghold(_) => 6,
        }
    }

    /// Lowest rank one can improve to (Abilities start at 1, so "improve to 1" does not exist).
    pub fn min_target(&self) -> u32 {
        match self {
            Stat::Ability(_) => 2,
            _ => 1,
        }
    }

    /// The rank an improvement from `current` aims at.
    pub fn next_target(&self, current: u32) -> u32 {
        current.saturating_add(1).max(self.min_target())
    }

    /// Display name.
    pub fn name(&self) -> String {
        match self {
            Stat::Ability(a) => a.name().to_string(),
            Stat::Wealth => "Wealth".into(),
            Stat::HitPoints => "Hit Points".into(),
            Stat::Connections => "Connections".into(),
            Stat::Stronghold(n) => format!("Stronghold {n}"),
        }
    }
}

/// Ob to raise `stat` to rank `n` ("Cash Objective to Improve Statistic to Rank n").
pub fn improvement_ob(stat: &Stat, n: u32) -> RulesResult<u32> {
    RulesError::check_range(
        &format!("{} target rank", stat.name()),
        i64::from(n),
        i64::from(stat.min_target()),
        i64::from(stat.max()),
    )?;
    Ok(match stat {
        Stat::Ability(_) | Stat::Wealth => 2 * n,
        Stat::HitPoints | Stat::Connections => n,
        Stat::Stronghold(_) => 2 * n + 8,
    })
}

/// Result of an improvement attempt.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ImprovementOutcome {
    /// Statistic attempted.
    pub stat: Stat,
    /// Rank aimed for.
    pub target: u32,
    /// The Cash test.
    pub test: TestOutcome,
    /// New rank (unchanged on failure).
    pub new_rank: u32,
    /// The wagered Cash, lost whatever the result.
    pub entry: LedgerEntry,
}

/// Why an improvement would be refused, or `None` when it is allowed; the UI can show this
/// before the player wagers.
pub fn improvement_refusal(
    stat: &Stat,
    current: u32,
    in_haven: bool,
    improved_this_session: &[Stat],
) -> Option<RulesError> {
    if !in_haven {
        return Some(RulesError::not_allowed(
            "Improvement is only possible during a Haven phase",
        ));
    }
    if improved_this_session.contains(stat) {
        return Some(RulesError::not_allowed(&format!(
            "{} was already attempted this session (once per session)",
            stat.name()
        )));
    }
    if current >= stat.max() {
        return Some(RulesError::not_allowed(&format!(
            "{} is already at its maximum of {}",
            stat.name(),
            stat.max()
        )));
    }
    None
}

/// Attempts to raise `stat` from `current` by one rank ("Experience (Improving Statistics)").
/// On success or failure the statistic is recorded in `improved_this_session` and the wager is
/// spent; refusals change nothing.
pub fn attempt_improvement<R: Rng + ?Sized>(
    rng: &mut R,
    stat: &Stat,
    current: u32,
    wager: u32,
    in_haven: bool,
    improved_this_session: &mut Vec<Stat>,
    purse: &mut Purse,
) -> RulesResult<ImprovementOutcome> {
    if let Some(e) = improvement_refusal(stat, current, in_haven, improved_this_session) {
        return Err(e);
    }
    let target = stat.next_target(current);
    let ob = improvement_ob(stat, target)?;
    if wager == 0 || wager > purse.cash {
        if purse.cash == 0 {
            return Err(RulesError::NotEnoughCash {
                needed: 1,
                available: 0,
            });
        }
        return Err(RulesError::out_of_range(
            "wager",
            i64::from(wager),
            1,
            i64::from(purse.cash),
        ));
    }
    let test = cash_test(rng, wager, ob)?;
    let verdict = if test.passed { "success" } else { "failure" };
    let entry = purse.spend(
        wager,
        &format!("Training {} to {target} (Ob {ob}): {verdict}", stat.name()),
    )?;
    improved_this_session.push(stat.clone());
    let new_rank = if test.passed { target } else { current };
    Ok(ImprovementOutcome {
        stat: stat.clone(),
        target,
        test,
        new_rank,
        entry,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn ob_table() {
        assert_eq!(
            improvement_ob(&Stat::Ability(Ability::Might), 3).unwrap(),
            6
        );
        assert!(improvement_ob(&Stat::Ability(Ability::Might), 1).is_err());
        assert_eq!(improvement_ob(&Stat::Wealth, 1).unwrap(), 2);
        assert_eq!(improvement_ob(&Stat::HitPoints, 7).unwrap(), 7);
        assert_eq!(improvement_ob(&Stat::Connections, 6).unwrap(), 6);
        assert!(improvement_ob(&Stat::Connections, 7).is_err());
        assert_eq!(
            improvement_ob(&Stat::Stronghold("Keep".into()), 1).unwrap(),
            10
        );
    }

    #[test]
    fn refusals_say_why_and_change_nothing() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut purse = Purse::new(5).unwrap();
        let mut done = Vec::new();
        let r = attempt_improvement(&mut rng, &Stat::Wealth, 2, 3, false, &mut done, &mut purse);
        assert!(matches!(r, Err(RulesError::NotAllowed { .. })));
        let r = attempt_improvement(
            &mut rng,
            &Stat::Connections,
            6,
            3,
            true,
            &mut done,
            &mut purse,
        );
        assert!(r.is_err());
        assert_eq!(purse.cash, 5);
        assert!(done.is_empty());
        let o = attempt_improvement(&mut rng, &Stat::Wealth, 2, 3, true, &mut done, &mut purse)
            .unwrap();
        assert_eq!(purse.cash, 2);
        assert_eq!(o.test.ob, 6);
        assert_eq!(o.new_rank, if o.test.passed { 3 } else { 2 });
        let again = attempt_improvement(&mut rng, &Stat::Wealth, 2, 1, true, &mut done, &mut purse);
        assert!(again.is_err());
    }
}
