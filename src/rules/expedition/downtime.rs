//! Downtime in a Haven ("Haven Turns", "Downtime Activities"): one substantial action a week,
//! the circles a character carouses with, and the week count that paces them.
//!
//! Roleplay, purchases and ordinary Connections checks are free; training (any improvement
//! attempt, founding a Stronghold included), a project's tick, carousing and any other
//! substantial activity each take the week's one action.

use serde::{Deserialize, Serialize};

use super::error::{RulesError, RulesResult};

/// Most circles a character keeps as habitual haunts.
pub const MAX_CIRCLES: usize = 12;

/// A substantial downtime action: the one a week allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DowntimeAction {
    /// Training: an attempt to improve a statistic (or found a Stronghold).
    Training,
    /// A tick of a project clock.
    Project,
    /// Carousing or socialising with a circle.
    Carousing,
    /// Anything else the Referee counts as substantial (a job, research, crafting).
    Other,
}

impl DowntimeAction {
    /// Name in sentences ("this week went on training").
    pub fn label(self) -> &'static str {
        match self {
            DowntimeAction::Training => "training",
            DowntimeAction::Project => "a project",
            DowntimeAction::Carousing => "carousing",
            DowntimeAction::Other => "another activity",
        }
    }
}

/// Where a character stands in the Haven's weeks.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Downtime {
    /// Week of the Haven phase under way, from 1; 0 outside a Haven.
    #[serde(default)]
    pub week: u32,
    /// The substantial action already taken this week.
    #[serde(default)]
    pub taken: Option<DowntimeAction>,
    /// Circles the character habitually carouses with: among them a Connections check's Ob
    /// is 1 lower, and related tests may earn +1d (RULINGS silent; docs/rules-expedition.md).
    #[serde(default)]
    pub circles: Vec<String>,
}

impl Downtime {
    /// A Haven phase starts (or stops): week 1 with the action free, or no week at all.
    pub fn set_haven(&mut self, in_haven: bool) {
        self.week = u32::from(in_haven);
        self.taken = None;
    }

    /// Why `what` cannot be taken now, if it cannot.
    pub fn refusal(&self, in_haven: bool, what: DowntimeAction) -> Option<RulesError> {
        if !in_haven {
            return Some(RulesError::not_allowed(&format!(
                "{} is a downtime action: it happens in a Haven phase",
                capitalised(what.label())
            )));
        }
        self.taken.map(|t| {
            RulesError::not_allowed(&format!(
                "Week {} already went on {}: one substantial downtime action a week. Start the next week first",
                self.week.max(1),
                t.label()
            ))
        })
    }

    /// Takes the week's action for `what`, or says why not (changing nothing).
    pub fn take(&mut self, in_haven: bool, what: DowntimeAction) -> RulesResult<()> {
        if let Some(e) = self.refusal(in_haven, what) {
            return Err(e);
        }
        self.taken = Some(what);
        Ok(())
    }

    /// The next week of the Haven phase: its action is free again. Returns the new week.
    pub fn next_week(&mut self, in_haven: bool) -> RulesResult<u32> {
        if !in_haven {
            return Err(RulesError::not_allowed(
                "Weeks pass in a Haven phase; start one first",
            ));
        }
        self.week = self.week.max(1).saturating_add(1);
        self.taken = None;
        Ok(self.week)
    }

    /// Carouses with `circle` as the week's action; the circle is kept (once, whatever its
    /// case) for later Connections checks among them.
    pub fn carouse(&mut self, in_haven: bool, circle: &str) -> RulesResult<()> {
        let circle = circle.trim();
        if circle.is_empty() {
            return Err(RulesError::not_allowed(
                "Name the circle you carouse with (dockhands, the merchants' guild...)",
            ));
        }
        let known = self.circles.iter().any(|c| c.eq_ignore_ascii_case(circle));
        if !known && self.circles.len() >= MAX_CIRCLES {
            return Err(RulesError::not_allowed(&format!(
                "At most {MAX_CIRCLES} circles; remove one first"
            )));
        }
        self.take(in_haven, DowntimeAction::Carousing)?;
        if !known {
            self.circles.push(circle.to_string());
        }
        Ok(())
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_action_a_week_in_a_haven() {
        let mut d = Downtime::default();
        assert!(d.take(false, DowntimeAction::Training).is_err());
        d.set_haven(true);
        assert_eq!(d.week, 1);
        d.take(true, DowntimeAction::Project).unwrap();
        let before = d.clone();
        let e = d.take(true, DowntimeAction::Training).unwrap_err();
        assert!(
            e.to_string().contains("Week 1 already went on a project"),
            "{e}"
        );
        assert_eq!(d, before);
        assert_eq!(d.next_week(true), Ok(2));
        d.take(true, DowntimeAction::Training).unwrap();
        d.set_haven(false);
        assert_eq!((d.week, d.taken), (0, None));
        assert!(d.next_week(false).is_err());
    }

    #[test]
    fn carousing_keeps_each_circle_once() {
        let mut d = Downtime::default();
        d.set_haven(true);
        assert!(d.carouse(true, "  ").is_err());
        d.carouse(true, "Dockhands").unwrap();
        assert!(d.carouse(true, "Guild").is_err(), "the week is spent");
        d.next_week(true).unwrap();
        d.carouse(true, "dockhands").unwrap();
        assert_eq!(d.circles, vec!["Dockhands".to_string()]);
    }
}
