//! The Fortune/Peril session pool and initiative (reference, "Fortune Points and Peril
//! Points", "Initiative and Turn Order"; RULINGS.md, "Session points, adversaries, fear").

use super::dice::CheckResult;
use super::error::IxError;
use super::pool::{Pool, UpgradeReport, check_characteristic, check_skill};
use super::stats::{Characteristic, Characteristics, Skill, skill_pool};

/// Most players a session pool accepts.
pub const MAX_PLAYERS: i32 = 12;

/// The session's Fortune and Peril Points. Points flip sides when spent and nothing carries
/// over: a new session starts from [`SessionPool::start`].
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct SessionPool {
    /// Fortune Points on the players' side.
    pub fortune: i32,
    /// Peril Points on the GM's side.
    pub peril: i32,
}

impl SessionPool {
    /// Start of a session: 1 Fortune per player (1-[`MAX_PLAYERS`]), 1 Peril for the GM.
    pub fn start(players: i32) -> Result<SessionPool, IxError> {
        IxError::check("players", i64::from(players), 1, i64::from(MAX_PLAYERS))?;
        Ok(SessionPool {
            fortune: players,
            peril: 1,
        })
    }

    /// A player spends a Fortune Point; it flips to the GM as Peril.
    pub fn spend_fortune(&mut self) -> Result<(), IxError> {
        if self.fortune <= 0 {
            return Err(IxError::NoPointToSpend {
                kind: "Fortune".to_string(),
            });
        }
        self.fortune -= 1;
        self.peril = self.peril.saturating_add(1);
        Ok(())
    }

    /// The GM spends a Peril Point; it flips to the players as Fortune.
    pub fn spend_peril(&mut self) -> Result<(), IxError> {
        if self.peril <= 0 {
            return Err(IxError::NoPointToSpend {
                kind: "Peril".to_string(),
            });
        }
        self.peril -= 1;
        self.fortune = self.fortune.saturating_add(1);
        Ok(())
    }

    /// Total points in play; spending never changes it.
    pub fn total(&self) -> i64 {
        i64::from(self.fortune) + i64::from(self.peril)
    }

    /// Spends a Fortune Point on a check in one step: the pool upgrades an Ability die and the
    /// point flips to Peril. Nothing changes if either side refuses.
    pub fn spend_fortune_on(&mut self, pool: &mut Pool) -> Result<UpgradeReport, IxError> {
        let mut next_pool = *pool;
        let mut next_self = *self;
        next_self.spend_fortune()?;
        let report = next_pool.spend_fortune()?;
        *pool = next_pool;
        *self = next_self;
        Ok(report)
    }

    /// Spends a Peril Point on a check in one step: the pool upgrades a Trial die and the point
    /// flips to Fortune. Nothing changes if either side refuses.
    pub fn spend_peril_on(&mut self, pool: &mut Pool) -> Result<UpgradeReport, IxError> {
        let mut next_pool = *pool;
        let mut next_self = *self;
        next_self.spend_peril()?;
        let report = next_pool.spend_peril()?;
        *pool = next_pool;
        *self = next_self;
        Ok(report)
    }
}

/// Which initiative pool a character rolls (reference, "Initiative and Turn Order").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum InitiativeKind {
    /// Aware that danger is possible: Savvy + Perception.
    OnWatch,
    /// Danger without warning: Willpower + Readiness.
    Surprised,
}

impl InitiativeKind {
    /// The characteristic and skill name used.
    pub fn parts(self) -> (Characteristic, &'static str) {
        match self {
            InitiativeKind::OnWatch => (Characteristic::Savvy, "Perception"),
            InitiativeKind::Surprised => (Characteristic::Willpower, "Readiness"),
        }
    }
}

/// The initiative pool from ratings (reference, "Initiative and Turn Order"). No Trial dice
/// are added: the reference names no difficulty for initiative.
pub fn initiative_pool(
    kind: InitiativeKind,
    characteristic: i32,
    skill: i32,
) -> Result<Pool, IxError> {
    let (c, name) = kind.parts();
    let c = check_characteristic(c.name(), characteristic)?;
    let s = check_skill(&format!("skill rank ({name})"), skill)?;
    Pool::from_ratings(i32::from(c), i32::from(s))
}

/// The initiative pool from a sheet, using the skill's name (a renamed or missing skill rolls
/// untrained).
pub fn initiative_pool_for(
    kind: InitiativeKind,
    characteristics: &Characteristics,
    skills: &[Skill],
) -> Result<Pool, IxError> {
    let (c, skill) = kind.parts();
    skill_pool(characteristics, skills, skill, c)
}

/// Which side a combatant is on, for tie-breaking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// A player character.
    Player,
    /// A non-player character or adversary.
    Npc,
}

/// Who breaks a tie (reference: players among players, the GM among NPCs, players for
/// player-NPC ties).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum TieBreaker {
    /// The players decide.
    Players,
    /// The GM decides.
    Gm,
}

/// One combatant's initiative roll.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct InitiativeEntry {
    /// Display name.
    pub name: String,
    /// Side, for tie-breaking.
    pub side: Side,
    /// The read initiative check.
    pub result: CheckResult,
}

/// A slot in the order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct InitiativeSlot {
    /// The combatant.
    pub entry: InitiativeEntry,
    /// Slots sharing a tie group tied on net Successes and net Boons; `None` when untied.
    pub tie_group: Option<u32>,
    /// Who orders this slot's tie group.
    pub tie_broken_by: Option<TieBreaker>,
}

/// Orders combatants by net Successes, then net Boons, highest first; remaining ties keep the
/// input order and are marked for the table to settle (RULINGS.md, "Initiative order").
pub fn initiative_order(entries: Vec<InitiativeEntry>) -> Vec<InitiativeSlot> {
    let mut sorted = entries;
    // Stable sort so that ties keep the order the table entered them in.
    sorted.sort_by(|a, b| {
        (b.result.net_successes, b.result.net_boons)
            .cmp(&(a.result.net_successes, a.result.net_boons))
    });
    let key = |e: &InitiativeEntry| (e.result.net_successes, e.result.net_boons);
    let mut slots: Vec<InitiativeSlot> = Vec::with_capacity(sorted.len());
    let mut group = 0u32;
    let mut i = 0usize;
    while i < sorted.len() {
        let k = sorted.get(i).map(key);
        let mut j = i;
        while j < sorted.len() && sorted.get(j).map(key) == k {
            j += 1;
        }
        let run: Vec<InitiativeEntry> = sorted.get(i..j).map(<[_]>::to_vec).unwrap_or_default();
        let tied = run.len() > 1;
        let breaker = if run.iter().all(|e| e.side == Side::Npc) {
            TieBreaker::Gm
        } else {
            TieBreaker::Players
        };
        for entry in run {
            slots.push(InitiativeSlot {
                entry,
                tie_group: tied.then_some(group),
                tie_broken_by: tied.then_some(breaker),
            });
        }
        if tied {
            group += 1;
        }
        i = j;
    }
    slots
}

/// Moves a slot to another position inside its own tie group (the table's choice); moves
/// that would jump past a better or worse result are refused.
pub fn reorder_tie(slots: &mut [InitiativeSlot], from: usize, to: usize) -> Result<(), IxError> {
    let len = slots.len() as i64;
    IxError::check("from position", from as i64, 0, len - 1)?;
    IxError::check("to position", to as i64, 0, len - 1)?;
    let g_from = slots.get(from).and_then(|s| s.tie_group);
    let g_to = slots.get(to).and_then(|s| s.tie_group);
    if g_from.is_none() || g_from != g_to {
        return Err(IxError::WrongCondition {
            needs: "two slots in the same tie".to_string(),
        });
    }
    if from < to {
        if let Some(s) = slots.get_mut(from..=to) {
            s.rotate_left(1);
        }
    } else if let Some(s) = slots.get_mut(to..=from) {
        s.rotate_right(1);
    }
    Ok(())
}
