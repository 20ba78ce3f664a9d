//! Connections, Reputation, Wises, Strongholds, project clocks and retirement ("Connections",
//! "Reputation", "Wises", "Strongholds", "Project Clocks", "Retirement").

use super::dice::{Ability, Pool, TestOutcome, independent_test};
use super::error::{RulesError, RulesResult};
use super::objective::Objective;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Margin of failure at which the Enmity Clause may be invoked ("Connections").
pub const ENMITY_MARGIN: i64 = 3;

/// Connections check pool ("Connections", "Reputation"): 2 + Presence + Connections + positive
/// relevant Reputation (negative Reputation adds nothing).
pub fn connections_pool(
    presence: u8,
    connections: u8,
    relevant_reputation: i8,
) -> RulesResult<Pool> {
    RulesError::check_range("connections", i64::from(connections), 0, 6)?;
    RulesError::check_range("reputation", i64::from(relevant_reputation), -6, 6)?;
    let rep = relevant_reputation.max(0).unsigned_abs();
    Pool::ability(presence, u32::from(connections) + u32::from(rep), 0, 0)
}

/// Result of a Connections check.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ConnectionsOutcome {
    /// The pool used.
    pub pool: Pool,
    /// The test.
    pub test: TestOutcome,
    /// Failed by 3 or more: the Referee may invoke the Enmity Clause.
    pub enmity_clause: bool,
}

/// Rolls a Connections check against an Objective from
/// [`super::objective::connections_objective`] ("Connections").
pub fn connections_check<R: Rng + ?Sized>(
    rng: &mut R,
    pool: &Pool,
    objective: &Objective,
) -> RulesResult<ConnectionsOutcome> {
    let test = independent_test(rng, pool.dice(), objective.ob, 0)?;
    let enmity_clause = !test.passed && test.margin <= -ENMITY_MARGIN;
    Ok(ConnectionsOutcome {
        pool: *pool,
        test,
        enmity_clause,
    })
}

/// Reputation with one faction ("Reputation": -6..+6, starting at 0).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reputation {
    /// Faction name.
    pub faction: String,
    /// Score -6..+6.
    pub score: i8,
}

impl Reputation {
    /// Changes the score by `delta`, clamped to -6..+6 ("Reputation": to a limit of +-6);
    /// returns the actual change.
    pub fn adjust(&mut self, delta: i32) -> i32 {
        let old = i32::from(self.score);
        let new = old.saturating_add(delta).clamp(-6, 6);
        self.score = new as i8;
        new - old
    }
}

/// Kinds of test on which Wises never help ("Wises").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TestDomain {
    /// Any other test.
    General,
    /// Combat.
    Combat,
    /// Perception.
    Perception,
    /// Stealth.
    Stealth,
}

/// Bonus dice from invoking a Wise ("Wises"): +1d, never on combat, perception or stealth.
pub fn wise_bonus(domain: TestDomain) -> RulesResult<u32> {
    match domain {
        TestDomain::General => Ok(1),
        _ => Err(RulesError::not_allowed(
            "Wises never help on combat, perception or stealth tests",
        )),
    }
}

/// A Stronghold ("Strongholds").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stronghold {
    /// Name.
    pub name: String,
    /// Rating 1-6.
    pub rating: u8,
    /// Tags, e.g. "Library", "Garrison".
    pub tags: Vec<String>,
    /// New tags the company may still add for the last rises in rating: two per rise
    /// ("Strongholds").
    #[serde(default)]
    pub tags_due: u8,
}

/// Tag counted for the garrison's population.
pub const GARRISON_TAG: &str = "Garrison";

impl Stronghold {
    /// A new Stronghold of `rating` 1-6.
    pub fn new(name: &str, rating: u8) -> RulesResult<Self> {
        RulesError::check_range("stronghold rating", i64::from(rating), 1, 6)?;
        Ok(Stronghold {
            name: name.into(),
            rating,
            tags: Vec::new(),
            tags_due: 0,
        })
    }

    /// A Stronghold just founded: rating 1, which is its first rise, so two tags are due.
    pub fn founded(name: &str) -> RulesResult<Self> {
        Ok(Stronghold {
            tags_due: 2,
            ..Stronghold::new(name, 1)?
        })
    }

    /// The rating changes to `rating`; each rank it rises makes two new tags due.
    pub fn rise(&mut self, rating: u8) -> RulesResult<()> {
        RulesError::check_range("stronghold rating", i64::from(rating), 1, 6)?;
        let ranks = rating.saturating_sub(self.rating);
        self.tags_due = self.tags_due.saturating_add(2 * ranks);
        self.rating = rating;
        Ok(())
    }

    /// Adds one of the tags a rise made due.
    pub fn add_due_tag(&mut self, tag: &str) -> RulesResult<()> {
        let tag = tag.trim();
        if self.tags_due == 0 {
            return Err(RulesError::not_allowed(&format!(
                "No new tags are due for {}: two come with each rise in rating (others come from what happens in play; add them under Tags)",
                self.name
            )));
        }
        if tag.is_empty() {
            return Err(RulesError::not_allowed("Type the tag first"));
        }
        if self.tags.iter().any(|t| t.eq_ignore_ascii_case(tag)) {
            return Err(RulesError::not_allowed(&format!(
                "{} already has the tag {tag}",
                self.name
            )));
        }
        self.tags.push(tag.to_string());
        self.tags_due -= 1;
        Ok(())
    }

    /// Bonus dice on a task tied to `tag`: the rating when the Stronghold has the tag
    /// ("Strongholds"), else 0. Tags compare without case.
    pub fn bonus_dice(&self, tag: &str) -> u32 {
        if self.tags.iter().any(|t| t.eq_ignore_ascii_case(tag)) {
            u32::from(self.rating)
        } else {
            0
        }
    }

    /// Garrison/Staff population = (Garrison tags)^2 x 10 ("Sample Tags").
    pub fn garrison_population(&self) -> u32 {
        let n = self
            .tags
            .iter()
            .filter(|t| t.eq_ignore_ascii_case(GARRISON_TAG))
            .count() as u32;
        n.saturating_mul(n).saturating_mul(10)
    }
}

/// A project clock ("Project Clocks": 2-8 ticks, one per session).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ProjectClock {
    /// Name.
    pub name: String,
    /// Ticks to finish, 2-8.
    pub size: u8,
    /// Ticks filled.
    pub filled: u8,
    /// Whether this session's tick was filled.
    pub ticked_this_session: bool,
}

impl ProjectClock {
    /// A new, empty clock of 2-8 ticks.
    pub fn new(name: &str, size: u8) -> RulesResult<Self> {
        RulesError::check_range("project clock size", i64::from(size), 2, 8)?;
        Ok(ProjectClock {
            name: name.into(),
            size,
            filled: 0,
            ticked_this_session: false,
        })
    }

    /// Fills one tick; refused if complete or already ticked this session.
    pub fn tick(&mut self) -> RulesResult<bool> {
        if self.is_complete() {
            return Err(RulesError::not_allowed("That project is already complete"));
        }
        if self.ticked_this_session {
            return Err(RulesError::not_allowed(
                "That project already had its tick this session (one per session)",
            ));
        }
        self.filled += 1;
        self.ticked_this_session = true;
        Ok(self.is_complete())
    }

    /// Complete when every tick is filled.
    pub fn is_complete(&self) -> bool {
        self.filled >= self.size
    }

    /// `"Library: 3 of 6 ticks"`.
    pub fn words(&self) -> String {
        format!("{}: {} of {} ticks", self.name, self.filled, self.size)
    }
}

/// What a retiree passes on ("Retirement").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RetirementBenefits {
    /// +1 to this Ability of the successor, not above the retiree's score.
    pub ability: Ability,
    /// The successor's new score in that Ability.
    pub new_ability_score: u8,
    /// Wealth gained: +1 per 3 full ranks of the retiree's Wealth.
    pub wealth_bonus: u8,
    /// The Wise inherited.
    pub wise: Option<String>,
}

/// Retirement ("Retirement"): needs Wealth 4+. The successor gains +1 to a chosen Ability (up
/// to the retiree's score there), +1 Wealth per 3 full ranks of the retiree's Wealth, and one of
/// the retiree's Wises.
pub fn retire(
    retiree_wealth: u8,
    retiree_ability: u8,
    successor_ability: u8,
    ability: Ability,
    retiree_wises: &[String],
    wise: Option<&str>,
) -> RulesResult<RetirementBenefits> {
    RulesError::check_range("wealth", i64::from(retiree_wealth), 0, 10)?;
    RulesError::check_range("retiree ability", i64::from(retiree_ability), 1, 8)?;
    RulesError::check_range("successor ability", i64::from(successor_ability), 1, 8)?;
    if retiree_wealth < 4 {
        return Err(RulesError::not_allowed("Retirement needs Wealth 4 or more"));
    }
    let wise = match wise {
        Some(w) => {
            if !retiree_wises.iter().any(|x| x == w) {
                return Err(RulesError::NotFound {
                    what: "wise".into(),
                    name: w.into(),
                });
            }
            Some(w.to_string())
        }
        None => None,
    };
    let new_ability_score = if successor_ability < retiree_ability {
        successor_ability + 1
    } else {
        successor_ability
    };
    Ok(RetirementBenefits {
        ability,
        new_ability_score,
        wealth_bonus: retiree_wealth / 3,
        wise,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::expedition::objective::{ConnectionsFactors, connections_objective};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn connections_pool_ignores_negative_reputation() {
        assert_eq!(connections_pool(3, 2, 2).unwrap().dice(), 2 + 3 + 2 + 2);
        assert_eq!(connections_pool(3, 2, -4).unwrap().dice(), 7);
        assert!(connections_pool(3, 7, 0).is_err());
    }

    #[test]
    fn enmity_on_failure_by_three() {
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        let pool = connections_pool(1, 0, 0).unwrap();
        let ob = connections_objective(&ConnectionsFactors {
            role: crate::rules::expedition::objective::Role::Unique,
            degree: crate::rules::expedition::objective::Degree::VeryDifferentCircles,
            ..Default::default()
        });
        let out = connections_check(&mut rng, &pool, &ob).unwrap();
        assert_eq!(out.enmity_clause, out.test.successes + 3 <= 6);
    }

    #[test]
    fn reputation_clamps() {
        let mut r = Reputation {
            faction: "Guild".into(),
            score: 5,
        };
        assert_eq!(r.adjust(4), 1);
        assert_eq!(r.score, 6);
        assert_eq!(r.adjust(-20), -12);
        assert_eq!(r.score, -6);
    }

    #[test]
    fn two_tags_come_with_each_rise() {
        let mut s = Stronghold::founded("Keep").unwrap();
        assert_eq!((s.rating, s.tags_due), (1, 2));
        s.add_due_tag("Library").unwrap();
        assert!(s.add_due_tag("library").is_err(), "no tag twice");
        s.add_due_tag("Garrison").unwrap();
        let before = s.clone();
        assert!(s.add_due_tag("Stables").is_err(), "both are used");
        assert_eq!(s, before);
        s.rise(2).unwrap();
        assert_eq!(s.tags_due, 2);
        s.rise(2).unwrap();
        assert_eq!(s.tags_due, 2, "no rise, no new tags");
        assert!(s.rise(7).is_err());
        assert_eq!(Stronghold::new("Held", 3).unwrap().tags_due, 0);
    }

    #[test]
    fn strongholds_and_clocks() {
        let mut s = Stronghold::new("Keep", 3).unwrap();
        s.tags = vec!["Library".into(), "Garrison".into(), "garrison".into()];
        assert_eq!(s.bonus_dice("library"), 3);
        assert_eq!(s.bonus_dice("Stables"), 0);
        assert_eq!(s.garrison_population(), 40);
        let mut c = ProjectClock::new("Tower", 2).unwrap();
        assert!(!c.tick().unwrap());
        assert!(c.tick().is_err());
        c.ticked_this_session = false;
        assert!(c.tick().unwrap());
        assert!(ProjectClock::new("x", 9).is_err());
        assert!(wise_bonus(TestDomain::Combat).is_err());
        assert_eq!(wise_bonus(TestDomain::General).unwrap(), 1);
    }

    #[test]
    fn retirement_benefits() {
        let wises = vec!["Sailing-wise".to_string()];
        let b = retire(7, 5, 3, Ability::Might, &wises, Some("Sailing-wise")).unwrap();
        assert_eq!((b.new_ability_score, b.wealth_bonus), (4, 2));
        let b = retire(4, 3, 3, Ability::Might, &wises, None).unwrap();
        assert_eq!((b.new_ability_score, b.wealth_bonus), (3, 1));
        assert!(retire(3, 5, 3, Ability::Might, &wises, None).is_err());
    }
}
