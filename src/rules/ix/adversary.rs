//! Adversary tiers: Minion groups, Elites and Nemeses (reference, "Adversary Tiers in
//! Practice", "Fear, Frightened, and Demoralized"; RULINGS.md, "Wounds and Strain",
//! "Session points, adversaries, fear").

use super::checks::{FearOutcome, FearSubject, fear_outcome};
use super::dice::CheckResult;
use super::error::IxError;
use super::health::{DamageReport, Health, MAX_TRACK};

/// Most members a Minion group may have (guards against typos only).
pub const MAX_MINIONS: i32 = 30;
/// Largest Nemesis Peril budget accepted.
pub const MAX_NEMESIS_PERIL: i32 = 20;

/// A Minion group pooling its Wounds (reference, "Minions operate in groups").
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct MinionGroup {
    /// Display name.
    pub name: String,
    /// Wounds of one minion, 1-[`MAX_TRACK`].
    pub wounds_per_minion: i32,
    /// Members at full strength, 1-[`MAX_MINIONS`].
    pub members: i32,
    /// Group Wounds remaining, 0 to per-minion x members.
    pub wounds: i32,
    /// The group's best rank in the relevant skill, used for its one Fear check.
    pub best_skill_rank: i32,
    /// Undead, constructs and the like never check fear.
    pub immune_to_fear: bool,
    /// Failed a Fear check.
    pub demoralized: bool,
}

impl MinionGroup {
    /// A fresh group at full Wounds.
    pub fn new(
        name: &str,
        wounds_per_minion: i32,
        members: i32,
        best_skill_rank: i32,
        immune_to_fear: bool,
    ) -> Result<MinionGroup, IxError> {
        IxError::check(
            "Wounds per minion",
            i64::from(wounds_per_minion),
            1,
            i64::from(MAX_TRACK),
        )?;
        IxError::check("members", i64::from(members), 1, i64::from(MAX_MINIONS))?;
        IxError::check("skill rank", i64::from(best_skill_rank), 0, 5)?;
        Ok(MinionGroup {
            name: name.to_string(),
            wounds_per_minion,
            members,
            wounds: wounds_per_minion * members,
            best_skill_rank,
            immune_to_fear,
            demoralized: false,
        })
    }

    /// Group Wound maximum: per-minion Wounds x members.
    pub fn wounds_max(&self) -> i64 {
        i64::from(self.wounds_per_minion.max(0)) * i64::from(self.members.max(0))
    }

    /// Members still standing: remaining Wounds / per-minion, rounded up.
    pub fn standing(&self) -> i64 {
        let per = i64::from(self.wounds_per_minion.max(1));
        let left = i64::from(self.wounds.max(0));
        (left + per - 1) / per
    }

    /// Defeated at 0 Wounds.
    pub fn defeated(&self) -> bool {
        self.wounds <= 0
    }

    /// Takes Wounds off the pooled track (never below 0). Returns Wounds actually lost.
    pub fn suffer_wounds(&mut self, n: i32) -> Result<i32, IxError> {
        IxError::check("Wounds suffered", i64::from(n), 0, i64::from(i32::MAX))?;
        let lost = n.min(self.wounds.max(0));
        self.wounds = self.wounds.saturating_sub(lost);
        Ok(lost)
    }

    /// Reads the group's single Fear check and records Demoralized on failure.
    pub fn resolve_fear(&mut self, result: &CheckResult) -> FearOutcome {
        let o = fear_outcome(FearSubject::MinionGroup, self.immune_to_fear, result);
        if o == FearOutcome::Demoralized {
            self.demoralized = true;
        }
        o
    }
}

/// An Elite: own Wound track, no Strain (reference, "Elites are individual adversaries").
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Elite {
    /// Display name.
    pub name: String,
    /// Wounds only; `strain_max` stays 0.
    pub health: Health,
    /// Never checks fear.
    pub immune_to_fear: bool,
    /// Failed a Fear check.
    pub demoralized: bool,
}

impl Elite {
    /// A fresh Elite.
    pub fn new(name: &str, wounds_max: i32, immune_to_fear: bool) -> Result<Elite, IxError> {
        Ok(Elite {
            name: name.to_string(),
            health: Health::new(wounds_max, 0)?,
            immune_to_fear,
            demoralized: false,
        })
    }

    /// Strain an Elite would suffer is taken as Wounds, 1:1.
    pub fn suffer_strain(&mut self, n: i32, from_attack: bool) -> Result<DamageReport, IxError> {
        self.health.suffer_wounds(n, from_attack)
    }

    /// Reads the Elite's Fear check and records Demoralized on failure.
    pub fn resolve_fear(&mut self, result: &CheckResult) -> FearOutcome {
        let o = fear_outcome(FearSubject::Elite, self.immune_to_fear, result);
        if o == FearOutcome::Demoralized {
            self.demoralized = true;
        }
        o
    }
}

/// A Nemesis: Wounds, Strain and its own Peril budget, separate from the session pool
/// (reference, "Peril Points are not a Nemesis's Peril pool").
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Nemesis {
    /// Display name.
    pub name: String,
    /// Wounds and Strain as for a player character.
    pub health: Health,
    /// Peril budget from the stat block, 0-[`MAX_NEMESIS_PERIL`].
    pub peril_max: i32,
    /// Peril left to spend.
    pub peril: i32,
    /// Never checks fear.
    pub immune_to_fear: bool,
    /// Failed a Fear check (Nemeses become Frightened, never Demoralized).
    pub frightened: bool,
}

impl Nemesis {
    /// A fresh Nemesis with a full Peril budget.
    pub fn new(
        name: &str,
        wounds_max: i32,
        strain_max: i32,
        peril: i32,
        immune_to_fear: bool,
    ) -> Result<Nemesis, IxError> {
        IxError::check(
            "Nemesis Peril",
            i64::from(peril),
            0,
            i64::from(MAX_NEMESIS_PERIL),
        )?;
        Ok(Nemesis {
            name: name.to_string(),
            health: Health::new(wounds_max, strain_max)?,
            peril_max: peril,
            peril,
            immune_to_fear,
            frightened: false,
        })
    }

    /// Spends `n` of the Nemesis's own Peril; the session pool is untouched.
    pub fn spend_peril(&mut self, n: i32) -> Result<(), IxError> {
        IxError::check("Peril spent", i64::from(n), 1, i64::from(self.peril.max(1)))?;
        if self.peril < n {
            return Err(IxError::NoPointToSpend {
                kind: "Nemesis Peril".to_string(),
            });
        }
        self.peril -= n;
        Ok(())
    }

    /// Reads the Nemesis's Fear check and records Frightened on failure.
    pub fn resolve_fear(&mut self, result: &CheckResult) -> FearOutcome {
        let o = fear_outcome(FearSubject::Nemesis, self.immune_to_fear, result);
        if o == FearOutcome::Frightened {
            self.frightened = true;
        }
        o
    }
}
