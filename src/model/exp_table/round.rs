//! What the tracker carries across a round: an ambush's free round ("Surprise and Initiative":
//! the reactive side's Acuity save, rolled against the ambushers' Agility as "Perceive Danger"
//! has it) and a spell channelled through a round, whose Ability is the caster's Combat Check
//! and whose Ob grows with the damage the caster takes before it resolves ("Spell Potency").

use serde::{Deserialize, Serialize};

use super::{ExpTable, Fighter};
use crate::model::error::EditError;
use crate::model::exp_sheet::{ExpEdit, ExpSheet, Procedure};
use crate::model::seeded::Seeded;
use crate::model::{Character, CharacterAction, Roster};
use crate::rules::expedition::combat::{AmbushReading, CombatAction, ambush_save};
use crate::rules::expedition::dice::{Ability, PoolRoll};

/// For `skip_serializing_if`.
pub(super) fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One side of a fight: the party (fighters marked `ally`) or the foes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The characters and their allies.
    Party,
    /// Everyone else in the tracker.
    Foes,
}

impl Side {
    /// The side a fighter is on.
    pub fn of(f: &Fighter) -> Side {
        if f.ally { Side::Party } else { Side::Foes }
    }

    /// The side facing this one.
    pub fn other(self) -> Side {
        match self {
            Side::Party => Side::Foes,
            Side::Foes => Side::Party,
        }
    }

    /// "the party" or "the foes", for a sentence.
    pub fn label(self) -> &'static str {
        match self {
            Side::Party => "the party",
            Side::Foes => "the foes",
        }
    }
}

impl Fighter {
    /// The spells this roster character can channel now, each with the Ability it tests: known,
    /// not exhausted, and not Fell Blast. Empty for anyone else.
    pub fn channel_options(&self, roster: &Roster) -> Vec<(&'static str, Ability)> {
        let Some(s) = self
            .character
            .as_deref()
            .and_then(|id| roster.get(id))
            .and_then(|c| c.expedition())
        else {
            return Vec::new();
        };
        s.core
            .spells
            .iter()
            .filter_map(|k| k.channelable().ok())
            .map(|sp| (sp.name, sp.ability))
            .collect()
    }
}

/// A roster character and its Expedition sheet, or why it is gone (deleted in another tab).
fn sheet_of<'a>(roster: &'a Roster, id: &str) -> Result<(&'a Character, &'a ExpSheet), EditError> {
    roster
        .get(id)
        .and_then(|c| c.expedition().map(|s| (c, s)))
        .ok_or(EditError::Gone { what: "character" })
}

fn rolled(r: &PoolRoll) -> String {
    let faces: Vec<String> = r.faces().iter().map(u8::to_string).collect();
    let n = r.successes();
    format!(
        "rolled {} ({n} success{})",
        if faces.is_empty() {
            "nothing".to_string()
        } else {
            faces.join(", ")
        },
        if n == 1 { "" } else { "es" }
    )
}

impl ExpTable {
    /// A fighter's name and the dice it rolls for `ability` outside an exchange: a roster
    /// character 2 + that Ability from its sheet, anyone else its own pool.
    fn test_pool(
        &self,
        i: usize,
        ability: Ability,
        roster: &Roster,
    ) -> Result<(String, u32, String), EditError> {
        let f = &self.fighters[i];
        let Some(id) = &f.character else {
            return Ok((f.name.clone(), f.dice, "its pool".into()));
        };
        let (c, s) = sheet_of(roster, id)?;
        let dice = s.core.ability_pool(ability, 0, 0, 0)?.dice();
        Ok((c.name.clone(), dice, format!("2 + {}", ability.name())))
    }

    /// The reactive side's Acuity save against an ambush; a lost save leaves that side
    /// helpless through the next exchange.
    pub(super) fn ambush(
        &mut self,
        rng: &mut Seeded,
        ambushers: Side,
        lookout: usize,
        ambusher: usize,
        roster: &Roster,
    ) -> Result<String, EditError> {
        if let Some(side) = self.surprised {
            return Err(format!(
                "{} already have a free round waiting: roll the exchange or cancel it first.",
                capital(side.other().label())
            )
            .into());
        }
        let (Some(l), Some(a)) = (self.fighters.get(lookout), self.fighters.get(ambusher)) else {
            return Err(EditError::Gone { what: "fighter" });
        };
        let views = self.views(roster);
        if Side::of(l) == ambushers {
            return Err(format!(
                "{} is with {}, who lay the ambush: the lookout comes from {}.",
                views[lookout].name,
                ambushers.label(),
                ambushers.other().label()
            )
            .into());
        }
        if Side::of(a) != ambushers {
            return Err(format!(
                "{} is not with {}: roll against one of the ambushers.",
                views[ambusher].name,
                ambushers.label()
            )
            .into());
        }
        if views[lookout].down() {
            return Err(format!(
                "{} is down and cannot keep watch: pick another lookout.",
                views[lookout].name
            )
            .into());
        }
        if views[ambusher].down() {
            return Err(format!(
                "{} is down and cannot spring the ambush: pick another ambusher.",
                views[ambusher].name
            )
            .into());
        }
        let (ln, ld, lw) = self.test_pool(lookout, Ability::Acuity, roster)?;
        let (an, ad, aw) = self.test_pool(ambusher, Ability::Agility, roster)?;
        let save = ambush_save(rng, ld, ad)?;
        let reading = match save.reading {
            AmbushReading::Spotted => "The ambush is spotted: no free round.".to_string(),
            AmbushReading::Tie => "A tie: not a clean surprise, so no free round.".to_string(),
            AmbushReading::Surprised => {
                self.surprised = Some(ambushers.other());
                format!(
                    "The save fails: {} take a free round, and {} are helpless through the next exchange.",
                    ambushers.label(),
                    ambushers.other().label()
                )
            }
        };
        Ok(format!(
            "Ambush by {}: {ln} keeps watch, {ld} dice ({lw}) against {an}'s {ad} ({aw}). \
             {ln} {}; {an} {}. {reading}",
            ambushers.label(),
            rolled(&save.test.a),
            rolled(&save.test.b),
        ))
    }

    /// Calls off a waiting free round.
    pub(super) fn cancel_free_round(&mut self) -> Result<(), EditError> {
        let side = self.surprised.take().ok_or("No free round is waiting.")?;
        self.log(format!(
            "The free round for {} is called off.",
            side.other().label()
        ));
        Ok(())
    }

    /// A roster character channels a spell it knows and can channel now.
    pub(super) fn channel(
        &mut self,
        i: usize,
        spell: &str,
        roster: &Roster,
    ) -> Result<(), EditError> {
        let f = self
            .fighters
            .get(i)
            .ok_or(EditError::Gone { what: "fighter" })?;
        let Some(id) = &f.character else {
            return Err(
                "Only a character from this device channels here: its spells are on its sheet."
                    .into(),
            );
        };
        let (c, s) = sheet_of(roster, id)?;
        if f.view(roster).down() {
            return Err(format!("{} is down and cannot channel.", c.name).into());
        }
        if self.surprised == Some(Side::of(f)) {
            return Err(format!(
                "{} is caught by surprise: nothing can be channelled in the ambushers' free round.",
                c.name
            )
            .into());
        }
        let known = s
            .core
            .spells
            .iter()
            .find(|k| k.name == spell)
            .ok_or_else(|| format!("{} does not know {spell}.", c.name))?;
        let entry = known.channelable()?;
        if let Some(now) = f.channeling.as_deref()
            && now != entry.name
            && (f.channel_damage > 0 || f.channel_roll.is_some())
        {
            return Err(format!(
                "{} has taken damage channeling {now}: resolve it first.",
                c.name
            )
            .into());
        }
        let f = &mut self.fighters[i];
        if f.channeling.as_deref() != Some(entry.name) {
            f.channel_damage = 0;
            f.channel_roll = None;
        }
        f.channeling = Some(entry.name.to_string());
        f.action = Some(CombatAction::Channeling(entry.ability));
        Ok(())
    }

    /// The end of the round for a channeling: the roster action that casts the spell on the
    /// sheet with the damage taken; the fighter goes back to a hard attack. The sheet's own
    /// line for the casting goes to the table's log.
    pub(super) fn resolve(
        &mut self,
        i: usize,
        seed: u64,
        roster: &Roster,
    ) -> Result<CharacterAction, EditError> {
        let view = self
            .fighters
            .get(i)
            .ok_or(EditError::Gone { what: "fighter" })?
            .view(roster);
        let f = &mut self.fighters[i];
        let (Some(spell), Some(id)) = (f.channeling.take(), f.character.clone()) else {
            return Err(format!("{} is not channeling a spell.", view.name).into());
        };
        let damage = std::mem::take(&mut f.channel_damage);
        let rolled = f.channel_roll.take();
        f.action = Some(CombatAction::HardAttack);
        let edit = ExpEdit::Roll(
            seed,
            Procedure::Channel {
                spell: spell.clone(),
                damage,
                ritual_hp: 0,
                ritual_cash: 0,
                rolled,
            },
        );
        // The same seed on a copy of the sheet gives the line the roster is about to record
        // (or its refusal, before anything changes).
        let mut sheet = roster
            .get(&id)
            .and_then(|c| c.expedition())
            .ok_or(EditError::Gone { what: "character" })?
            .clone();
        sheet.apply(edit.clone())?;
        let taken = if damage > 0 {
            format!(" (+{damage} Ob for damage taken while channeling)")
        } else {
            String::new()
        };
        self.log(format!(
            "{} resolves {spell} at the end of the round{taken}. {}",
            view.name,
            sheet.last().unwrap_or_default()
        ));
        Ok(CharacterAction::EditExpedition { id, edit })
    }
}

/// "The party" for "the party".
fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
