//! How the tracker's hits reach a roster character: through the sheet's one wound door
//! (`ExpEdit::Damage`, which calls `harm::wound`), with the Block the player chose beside the
//! fight. A Block is chosen before the hit lands, because once a hit drops a character to 0 the
//! sheet refuses healing until Down and Out is rolled, so a Block could not be given back after.

use super::{ExpTable, Fighter};
use crate::model::error::EditError;
use crate::model::exp_sheet::{ExpEdit, ExpSheet};
use crate::model::{CharacterAction, Roster};
use crate::rules::expedition::harm::{BLOCK, BlockSource};

/// The Blocks a sheet has ready today: the worn armour's, and a shield's while one is unused.
fn ready(s: &ExpSheet) -> Vec<BlockSource> {
    let p = s.protection();
    let mut out = Vec::new();
    if p.armour && !p.armour_block_used {
        out.push(BlockSource::Armour);
    }
    if p.shields > p.shield_blocks_used {
        out.push(BlockSource::Shield);
    }
    out
}

/// "armour" or "a shield", for a sentence.
pub fn block_words(b: BlockSource) -> &'static str {
    match b {
        BlockSource::Armour => "armour",
        BlockSource::Shield => "a shield",
    }
}

impl Fighter {
    /// The Blocks this roster character has ready to meet its next hit (empty for anyone
    /// else, and for the dead).
    pub fn block_options(&self, roster: &Roster) -> Vec<BlockSource> {
        self.character
            .as_deref()
            .and_then(|id| roster.get(id))
            .and_then(|c| c.expedition())
            .filter(|s| !s.core.health.dead)
            .map(ready)
            .unwrap_or_default()
    }
}

impl ExpTable {
    /// The Hit button: `d` damage (or, negative, healing) to fighter `i`. A roster character's
    /// goes to its sheet (damage through the wound door, with its row's Block); damage while
    /// channeling also raises the channeling's Ob. Returns the roster changes.
    pub(super) fn harm(
        &mut self,
        i: usize,
        d: i64,
        roster: &Roster,
    ) -> Result<Option<CharacterAction>, EditError> {
        EditError::check("Damage", d, -1000, 1000)?;
        let f = self
            .fighters
            .get_mut(i)
            .ok_or(EditError::Gone { what: "fighter" })?;
        let channeling = f.channeling.is_some() && d > 0;
        let Some(id) = f.character.clone() else {
            if channeling {
                f.channel_damage = f.channel_damage.saturating_add(d as u32);
            }
            f.hp = (i64::from(f.hp) - d).clamp(0, f.max_hp.into()) as u32;
            return Ok(None);
        };
        let amount = u32::try_from(d.unsigned_abs()).unwrap_or(u32::MAX);
        if d == 0 {
            return Ok(None);
        }
        if channeling {
            // Blocked damage is not taken: only what gets past the Block raises the Ob.
            let stopped = f
                .block
                .filter(|b| f.block_options(roster).contains(b))
                .map_or(0, |_| amount.min(BLOCK));
            f.channel_damage = f.channel_damage.saturating_add(amount - stopped);
        }
        if d < 0 || roster.get(&id).and_then(|c| c.expedition()).is_none() {
            // Healing, or a character deleted in another tab, which the roster refuses in
            // its own words.
            let edit = if d < 0 {
                ExpEdit::Heal(amount)
            } else {
                ExpEdit::Damage {
                    amount,
                    block: None,
                    infusion: None,
                }
            };
            return Ok(Some(CharacterAction::EditExpedition { id, edit }));
        }
        let name = f.view(roster).name;
        let TrackerHit { action, note, .. } = Self::hit_character(f, amount, roster);
        let hit = action.ok_or_else(|| format!("{name} is dead: there is no one left to hurt."))?;
        if let Some(n) = note {
            self.log(format!("{n}."));
        }
        Ok(Some(hit))
    }

    /// Chooses the Block that meets this character's next hit (or none). Refused for a
    /// fighter who is not a roster character (the tracker keeps no armour for them) and for a
    /// Block the sheet does not have ready.
    pub(super) fn choose_block(
        &mut self,
        i: usize,
        block: Option<BlockSource>,
        roster: &Roster,
    ) -> Result<(), EditError> {
        let f = self
            .fighters
            .get(i)
            .ok_or(EditError::Gone { what: "fighter" })?;
        if f.character.is_none() {
            return Err(format!(
                "{} has no sheet: only a character's armour and shields block here; take the Block off the damage by hand.",
                f.name
            )
            .into());
        }
        if let Some(b) = block
            && !f.block_options(roster).contains(&b)
        {
            let name = f.view(roster).name;
            return Err(format!(
                "{name} has no Block of {} ready: it is not carried, or it has blocked today (a long rest repairs it).",
                block_words(b)
            )
            .into());
        }
        self.fighters[i].block = block;
        Ok(())
    }

    /// What `amount` damage to a character does on the tracker: the roster change, through its
    /// sheet's wound door with the Block its row holds (spent, so it meets only this hit), a
    /// note for the log, and the damage the Block stops. A Block the sheet no longer has ready
    /// is dropped and said; a dead or missing character takes nothing. While channeling, only
    /// what gets past the Block raises the channeling's Ob (a Block "prevents and ignores" it).
    pub(super) fn hit_character(f: &mut Fighter, amount: u32, roster: &Roster) -> TrackerHit {
        let none = TrackerHit::default();
        let Some(id) = f.character.clone() else {
            return none;
        };
        let Some((name, s)) = roster
            .get(&id)
            .and_then(|c| c.expedition().map(|s| (c.name.clone(), s)))
        else {
            return none;
        };
        if amount == 0 || s.core.health.dead {
            return none;
        }
        let mut note = None;
        let block = f.block.take().filter(|b| {
            let ok = ready(s).contains(b);
            if !ok {
                let what = match b {
                    BlockSource::Armour => "armour has",
                    BlockSource::Shield => "shields have",
                };
                note = Some(format!("{name}'s {what} no Block left: not blocked"));
            }
            ok
        });
        if let Some(b) = block {
            note = Some(format!("{name} blocks with {}", block_words(b)));
        }
        let edit = ExpEdit::Damage {
            amount,
            block,
            infusion: None,
        };
        TrackerHit {
            action: Some(CharacterAction::EditExpedition { id, edit }),
            note,
            blocked: if block.is_some() {
                amount.min(BLOCK)
            } else {
                0
            },
        }
    }
}

/// What one hit on a character does on the tracker ([`ExpTable::hit_character`]).
#[derive(Default)]
pub(super) struct TrackerHit {
    /// The roster change (none for the dead or missing).
    pub action: Option<CharacterAction>,
    /// A note for the log (the Block used, or dropped).
    pub note: Option<String>,
    /// Damage the Block stopped.
    pub blocked: u32,
}
