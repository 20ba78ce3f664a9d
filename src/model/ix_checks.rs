//! Every Ix document's way into the one check door (`rules::ix::check`): a sheet and a table
//! adversary each say who they are as an [`Actor`] and name what they roll; the door builds
//! the check. Screens call these and show what comes back; none of them composes a pool.
//!
//! | Need | Call |
//! |---|---|
//! | A sheet's check (skill, weapon, grapple, spell, tradition, Medicine, initiative, fear) | [`IxSheet::check`]`(SheetCheck, target, against)` |
//! | The sheet as the acting side | [`IxSheet::actor`] |
//! | An adversary's check (weapon, skill, initiative, fear, Rally) | [`FoeEntry::check`]`(FoeCheck, target, against)` |
//! | The adversary as the acting side | [`FoeEntry::actor`] |

use super::error::EditError;
use super::ix_sheet::IxSheet;
use super::ix_table::{Foe, FoeEntry};
use crate::rules::ix::check::{
    Action, ActionKind, Actor, Against, Check, FortuneState, MINION_BONUS_CAP, MinionGroupSize,
    Ratings, Refusal, Target, check, may_act,
};
use crate::rules::ix::checks::{Condition, FearRating, ForbiddenGrantCase, Guard, Tradition};
use crate::rules::ix::critical::MedicineTask;
use crate::rules::ix::health::Vitality;
use crate::rules::ix::session::InitiativeKind;
use crate::rules::ix::stats::{Characteristic, find_skill, is_attack_skill};
use crate::rules::ix::weapon::{Attacker, RangeBand};

/// What a sheet rolls, by what the player tapped.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SheetCheck<'a> {
    /// A skill by name (an unknown one rolls its characteristic untrained).
    Skill(&'a str, Characteristic),
    /// An attack with weapon `i`.
    Weapon(usize),
    /// A grapple with a skill against the target's Might and Agility.
    Grapple(&'a str),
    /// Spell `i` with the Overload options picked and, for Divine, the GM's Grant ruling.
    Spell {
        spell: usize,
        picked: &'a [usize],
        grant: Option<ForbiddenGrantCase>,
    },
    /// A bare casting check of a tradition.
    Tradition(Tradition),
    /// This character's Medicine check as the healer.
    Medicine(MedicineTask),
    Initiative(InitiativeKind),
    /// A fear check: Discipline (dread) or Readiness (sudden).
    Fear {
        rating: FearRating,
        sudden: bool,
    },
}

impl IxSheet {
    /// The sheet as the acting side of a check: its conditions, carried Bane dice, where it
    /// stands on the Wound track, its focus and its guard. `fortune` is the session pool's
    /// word (another document's fact, passed in by whoever holds it).
    pub fn actor(&self, fortune: FortuneState) -> Actor {
        let c = &self.character;
        Actor {
            conditions: c.conditions.clone(),
            carried_banes: self.carried_banes,
            vitality: Some(c.health.vitality()),
            focus: self.focus,
            fortune,
            minions: None,
            defensive_guard: c.guard == Guard::DefensiveGuard,
        }
    }

    /// Why this character is offered no attack, casting or grapple at all (down or dead): a
    /// screen shows this in place of the button. A guard that refuses only when tapped is not
    /// counted here.
    pub fn unable(&self) -> Option<Refusal> {
        let actor = Actor {
            defensive_guard: false,
            ..self.actor(FortuneState::Available)
        };
        may_act(&actor, ActionKind::Attack).err()
    }

    /// A skill's ratings: the sheet's own rank, or the characteristic untrained.
    fn ratings(&self, skill: &str, fallback: Characteristic) -> Ratings {
        let c = &self.character;
        match find_skill(&c.skills, skill) {
            Some(k) => Ratings::new(c.characteristics.get(k.characteristic), k.rank),
            None => Ratings::new(c.characteristics.get(fallback), 0),
        }
    }

    /// The check `what` by the one door, against `target` and `against`.
    pub fn check(
        &self,
        what: SheetCheck<'_>,
        fortune: FortuneState,
        target: Option<&Target>,
        against: Against,
    ) -> Result<Check, EditError> {
        let action = self.action(what)?;
        Ok(check(&self.actor(fortune), action, target, against)?)
    }

    fn action(&self, what: SheetCheck<'_>) -> Result<Action, EditError> {
        let c = &self.character;
        Ok(match what {
            // Melee, Ranged and Brawl from the skills list are attacks without a weapon.
            SheetCheck::Skill(name, fallback) if is_attack_skill(name) => Action::Attack {
                ratings: self.ratings(name, fallback),
                ranged: name.trim().eq_ignore_ascii_case("Ranged"),
            },
            SheetCheck::Skill(name, fallback) => Action::Skill(self.ratings(name, fallback)),
            SheetCheck::Weapon(i) => {
                let w = self
                    .weapons
                    .get(i)
                    .ok_or(EditError::Gone { what: "weapon" })?;
                let k = find_skill(&c.skills, &w.skill).ok_or_else(|| {
                    EditError::from(format!(
                        "{} attacks with {}, which is no longer on the sheet.",
                        w.name, w.skill
                    ))
                })?;
                Action::Attack {
                    ratings: Ratings::new(c.characteristics.get(k.characteristic), k.rank),
                    ranged: w.range != RangeBand::Engaged,
                }
            }
            SheetCheck::Grapple(skill) => {
                let k = find_skill(&c.skills, skill).ok_or_else(|| {
                    EditError::from(format!("{} has no skill called {skill}.", c.name))
                })?;
                Action::Grapple(Ratings::new(
                    c.characteristics.get(k.characteristic),
                    k.rank,
                ))
            }
            SheetCheck::Spell {
                spell,
                picked,
                grant,
            } => {
                let d = &self
                    .spellbook
                    .get(spell)
                    .ok_or(EditError::Gone { what: "spell" })?
                    .design;
                if grant.is_some() && d.tradition != Tradition::Divine {
                    return Err("A Forbidden Grant ruling is for Divine spells only.".into());
                }
                Action::Cast {
                    ratings: self.ratings(d.tradition.skill_name(), d.tradition.characteristic()),
                    tradition: d.tradition,
                    spell_trial_dice: d.casting_trial_dice(picked)?,
                    grant,
                }
            }
            SheetCheck::Tradition(t) => Action::Cast {
                ratings: self.ratings(t.skill_name(), t.characteristic()),
                tradition: t,
                spell_trial_dice: 0,
                grant: None,
            },
            SheetCheck::Medicine(task) => Action::Medicine {
                ratings: self.ratings("Medicine", Characteristic::Intellect),
                task,
            },
            SheetCheck::Initiative(kind) => {
                let (ch, skill) = kind.parts();
                Action::Initiative(self.ratings(skill, ch))
            }
            SheetCheck::Fear { rating, sudden } => {
                let skill = if sudden { "Readiness" } else { "Discipline" };
                Action::Fear {
                    ratings: self.ratings(skill, Characteristic::Willpower),
                    rating,
                }
            }
        })
    }
}

/// What an adversary rolls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FoeCheck<'a> {
    /// An attack with its weapon `i`.
    Weapon(usize),
    Skill(&'a str),
    Initiative(InitiativeKind),
    Fear {
        rating: FearRating,
        sudden: bool,
    },
    /// A leader's Leadership check to lift Demoralized, against the rating that caused it.
    Rally(FearRating),
}

impl FoeEntry {
    /// The adversary as the acting side: its fear condition, where it stands, and for a
    /// Minion group how many stand (RULINGS.md, "Minion groups"). Adversaries spend Peril,
    /// never Fortune.
    pub fn actor(&self) -> Actor {
        let (vitality, minions) = match &self.foe {
            Foe::Minions(m) => {
                let standing = u32::try_from(m.standing()).unwrap_or(0);
                let size = MinionGroupSize {
                    standing,
                    cap: MINION_BONUS_CAP,
                };
                (None, Some(size))
            }
            Foe::Elite(e) => (Some(e.health.vitality()), None),
            Foe::Nemesis(n) => (Some(n.health.vitality()), None),
        };
        Actor {
            conditions: self
                .fear_condition()
                .into_iter()
                .collect::<Vec<Condition>>(),
            carried_banes: 0,
            vitality,
            focus: false,
            fortune: FortuneState::Adversary,
            minions,
            defensive_guard: false,
        }
    }

    /// Why it is offered no attack (its group is down, it is incapacitated or dead).
    pub fn unable(&self) -> Option<Refusal> {
        may_act(&self.actor(), ActionKind::Attack).err()
    }

    /// Who pays for a Critical Injury its attacks buy.
    pub fn attacker(&self) -> Attacker {
        match self.foe {
            Foe::Minions(_) => Attacker::MinionGroup,
            _ => Attacker::Single,
        }
    }

    /// The adversary as the target of a character's attack: its Defense from its block.
    pub fn as_target(&self) -> Target {
        Target {
            name: self.name().to_string(),
            guard: Guard::None,
            melee_defense: self.stats.melee_defense,
            ranged_defense: self.stats.ranged_defense,
            might: self.stats.characteristics.might,
            agility: self.stats.characteristics.agility,
        }
    }

    /// The check `what` by the one door.
    pub fn check(
        &self,
        what: FoeCheck<'_>,
        target: Option<&Target>,
        against: Against,
    ) -> Result<Check, EditError> {
        let rated = |name: &str| -> Result<Ratings, EditError> {
            let (_, (c, rank)) = self.stats.check_pool(name)?;
            Ok(Ratings::new(c, rank))
        };
        let action = match what {
            FoeCheck::Weapon(i) => {
                let w = self
                    .stats
                    .weapons
                    .get(i)
                    .ok_or(EditError::Gone { what: "weapon" })?;
                Action::Attack {
                    ratings: rated(&w.skill)?,
                    ranged: w.range != RangeBand::Engaged,
                }
            }
            FoeCheck::Skill(name) => Action::Skill(rated(name)?),
            FoeCheck::Initiative(kind) => Action::Initiative(rated(kind.parts().1)?),
            FoeCheck::Fear { rating, sudden } => Action::Fear {
                ratings: rated(if sudden { "Readiness" } else { "Discipline" })?,
                rating,
            },
            FoeCheck::Rally(rating) => Action::Rally {
                ratings: rated("Leadership")?,
                rating,
            },
        };
        Ok(check(&self.actor(), action, target, against)?)
    }

    /// Where it stands, in the rules' words, for the turn order.
    pub fn vitality(&self) -> Option<Vitality> {
        match &self.foe {
            Foe::Minions(_) => None,
            Foe::Elite(e) => Some(e.health.vitality()),
            Foe::Nemesis(n) => Some(n.health.vitality()),
        }
    }
}
