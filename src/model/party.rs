//! The GM's party document: who is absent, shares set aside, the capacity the table gives Ix
//! gear lists, and the end-of-session treasure pay-out. The pay-out is planned here from the
//! roster and applied to it as one all-or-nothing [`CharacterAction::Batch`].

use serde::{Deserialize, Serialize};

use super::error::EditError;
use super::exp_sheet::{ExpEdit, ExpSheet, Procedure};
use super::gear::{GearEdit, MAX_ITEMS};
use super::{Character, CharacterAction, Roster};
use crate::rules::expedition::money::treasure_to_cash;
use crate::rules::inventory::{Inventory, Item, split_treasure};

/// Name of the GM's party document.
pub const PARTY_DOC: &str = "party";
/// Schema of the party document.
pub const PARTY_SCHEMA: u32 = 1;
/// The ledger reason of a treasure pay-out.
pub const SPLIT_REASON: &str = "treasure split";

/// The GM's party document: who missed the session, what has been set aside for them, and
/// the capacity the table gives Ix gear lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartyDoc {
    /// Document schema.
    pub schema: u32,
    /// Ids of characters whose players are absent.
    pub absent: Vec<String>,
    /// Whether absent players get no share set aside.
    #[serde(default)]
    pub no_set_aside: bool,
    /// Cash set aside for absent players by past pay-outs: (character id, Cash).
    #[serde(default)]
    pub aside: Vec<(String, u32)>,
    /// Cash that did not divide evenly in past pay-outs, for the table to decide.
    #[serde(default)]
    pub left_over: u32,
    /// Slots the table allows an Ix character's gear list: (character id, capacity).
    #[serde(default)]
    pub ix_capacity: Vec<(String, u32)>,
    /// The last pay-out, kept so it can be undone after leaving the screen or reloading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<Payout>,
}

impl Default for PartyDoc {
    fn default() -> Self {
        PartyDoc {
            schema: PARTY_SCHEMA,
            absent: Vec::new(),
            no_set_aside: false,
            aside: Vec::new(),
            left_over: 0,
            ix_capacity: Vec::new(),
            last: None,
        }
    }
}

/// One change to the party document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartyEdit {
    /// Whether a character's player is at the table this session.
    Present {
        /// The character.
        id: String,
        /// At the table.
        present: bool,
    },
    /// Whether absent players get a share set aside.
    SetAside(bool),
    /// The slots the table gives a character's Ix gear list (`None`: no limit).
    Capacity {
        /// The character.
        id: String,
        /// Slots, 1 to [`MAX_ITEMS`].
        cap: Option<u32>,
    },
    /// Sells the party's valued treasure and pays the present characters, all or nothing.
    PayOut,
    /// Takes the last pay-out back: Cash debited, treasure returned where it was.
    UndoPayOut,
    /// Gives the share set aside at this position to its character.
    GiveAside(usize),
}

impl super::NamedDocument for PartyDoc {
    const NAME: &'static str = PARTY_DOC;
    const SCHEMA: u32 = PARTY_SCHEMA;
    type Edit = PartyEdit;

    fn edit_in_place(
        &mut self,
        edit: PartyEdit,
        roster: &Roster,
    ) -> Result<Vec<CharacterAction>, EditError> {
        let next = self;
        let follow = match edit {
            PartyEdit::Present { id, present } => {
                next.absent.retain(|x| *x != id);
                if !present {
                    next.absent.push(id);
                }
                Vec::new()
            }
            PartyEdit::SetAside(on) => {
                next.no_set_aside = !on;
                Vec::new()
            }
            PartyEdit::Capacity { id, cap } => {
                next.set_capacity(&id, cap)?;
                Vec::new()
            }
            PartyEdit::PayOut => {
                let p = Payout::plan(roster, next)?;
                next.record(&p, false);
                p.actions()
            }
            PartyEdit::UndoPayOut => {
                let p = next
                    .last
                    .clone()
                    .ok_or(EditError::from("There is no pay-out to undo."))?;
                next.record(&p, true);
                p.undo_actions()
            }
            PartyEdit::GiveAside(i) => {
                let (id, cash) = next
                    .aside
                    .get(i)
                    .cloned()
                    .ok_or(EditError::Gone { what: "share" })?;
                next.aside.remove(i);
                vec![CharacterAction::EditExpedition {
                    id,
                    edit: ExpEdit::Cash(cash.into(), "treasure set aside".into()),
                }]
            }
        };
        next.schema = PARTY_SCHEMA;
        Ok(follow)
    }
}

impl PartyDoc {
    /// The capacity the table set for a character's Ix gear list.
    pub fn capacity(&self, id: &str) -> Option<u32> {
        self.ix_capacity.iter().find(|c| c.0 == id).map(|c| c.1)
    }

    /// Sets (or with `None` clears) an Ix gear list's capacity: 1 to [`MAX_ITEMS`] slots.
    pub fn set_capacity(&mut self, id: &str, cap: Option<u32>) -> Result<(), EditError> {
        if let Some(n) = cap
            && !(1..=MAX_ITEMS as u32).contains(&n)
        {
            return Err(format!(
                "A capacity is 1 to {MAX_ITEMS} slots; leave it empty for no limit."
            )
            .into());
        }
        self.ix_capacity.retain(|c| c.0 != id);
        if let Some(n) = cap {
            self.ix_capacity.push((id.to_string(), n));
        }
        Ok(())
    }

    /// Records a pay-out's set-aside shares and left over, keeping it for Undo (`undo` takes
    /// them back).
    pub fn record(&mut self, p: &Payout, undo: bool) {
        for (id, cash) in &p.aside {
            let at = match self.aside.iter().position(|a| a.0 == *id) {
                Some(i) => i,
                None => {
                    self.aside.push((id.clone(), 0));
                    self.aside.len() - 1
                }
            };
            let a = &mut self.aside[at].1;
            *a = if undo {
                a.saturating_sub(*cash)
            } else {
                a.saturating_add(*cash)
            };
        }
        self.aside.retain(|a| a.1 > 0);
        self.left_over = if undo {
            self.left_over.saturating_sub(p.left_over)
        } else {
            self.left_over.saturating_add(p.left_over)
        };
        self.last = (!undo).then(|| p.clone());
    }
}

/// The Expedition characters still in play on the roster, present or not, in roster order:
/// neither dead nor retired. The dead and the retired are records, off the table: they do not
/// rest, carry lights, roll the session's end or share a pay-out.
pub fn active_expedition(roster: &Roster) -> impl Iterator<Item = &Character> {
    roster
        .characters
        .iter()
        .filter(|c| c.expedition().is_some_and(in_play))
}

/// Neither dead nor retired.
fn in_play(s: &ExpSheet) -> bool {
    !s.core.health.dead && !s.retired
}

/// The Rations one member spends for the party's rest: whose, and where in their gear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RationsPick {
    /// The character carrying them.
    pub id: String,
    /// Carrier index in that character's gear.
    pub carrier: usize,
    /// Item index in that carrier.
    pub index: usize,
}

impl PartyDoc {
    /// Who rests together (and whose lights burn, and who rolls an unsafe session's end):
    /// every Expedition character in play whose player is not marked absent, in roster order.
    pub fn resting<'a>(&self, roster: &'a Roster) -> Vec<&'a Character> {
        active_expedition(roster)
            .filter(|c| !self.absent.contains(&c.id))
            .collect()
    }

    /// [`PartyDoc::resting`] as (id, name) pairs, for a screen's list.
    pub fn at_table(&self, roster: &Roster) -> Vec<(String, String)> {
        self.resting(roster)
            .into_iter()
            .map(|c| (c.id.clone(), c.name.clone()))
            .collect()
    }

    /// The party's rest ("Resting"): one member spends Rations for the group, so the rest
    /// makes one Depletion check, against that item's own score, and marks that item; every
    /// other present, living Expedition character rests on them. Planned as one
    /// all-or-nothing batch: if anyone cannot rest (today's short rest taken, Down and Out
    /// owed) nobody does, and the refusal names them.
    pub fn rest(
        &self,
        roster: &Roster,
        rations: &RationsPick,
        long: bool,
        seed: u64,
    ) -> Result<CharacterAction, EditError> {
        let party = self.resting(roster);
        let spender = party
            .iter()
            .find(|c| c.id == rations.id)
            .ok_or(EditError::from(
                "The Rations' carrier is not resting with the party (absent, dead or retired).",
            ))?;
        let by = spender.name.clone();
        let actions = party
            .iter()
            .map(|c| {
                let procedure = if c.id == rations.id {
                    if long {
                        Procedure::LongRest(rations.carrier, rations.index)
                    } else {
                        Procedure::ShortRest(rations.carrier, rations.index)
                    }
                } else {
                    Procedure::SharedRest {
                        long,
                        by: by.clone(),
                    }
                };
                CharacterAction::EditExpedition {
                    id: c.id.clone(),
                    edit: ExpEdit::Roll(seed, procedure),
                }
            })
            .collect();
        Ok(CharacterAction::Batch(actions))
    }
}

/// A warning when an Ix gear list holds more than the table's capacity (it is never refused).
pub fn over_capacity(inv: &Inventory, cap: Option<u32>) -> Option<String> {
    let cap = cap?;
    let used: u32 = inv.carriers.iter().map(|c| c.used()).sum();
    (used > cap).then(|| {
        format!(
            "Uses {used} slots; the table allows {cap}, so {} over.",
            used - cap
        )
    })
}

/// An end-of-session pay-out: every valued treasure the party's Expedition characters carry
/// is sold and its Cash divided among the present ones, with shares set aside for the absent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payout {
    /// Cash each present character receives.
    pub each: u32,
    /// Ids of the present characters paid.
    pub paid: Vec<String>,
    /// Cash set aside for each absent character: (id, Cash).
    pub aside: Vec<(String, u32)>,
    /// Cash that does not divide evenly.
    pub left_over: u32,
    /// The treasure sold: (character id, carrier, index, item), in inventory order.
    pub sold: Vec<(String, usize, usize, Item)>,
}

impl Payout {
    /// Plans a pay-out from the roster and who is absent. Only Expedition characters in play
    /// take part (the dead and the retired neither share nor have their gear sold); refused
    /// when no one is present, when there is nothing to sell, and while a character carrying
    /// treasure is not in a Haven phase (treasure turns into Cash only back home).
    pub fn plan(roster: &Roster, doc: &PartyDoc) -> Result<Payout, EditError> {
        let party: Vec<_> = active_expedition(roster).collect();
        let (away, here): (Vec<&Character>, Vec<&Character>) =
            party.iter().partition(|c| doc.absent.contains(&c.id));
        let mut sold = Vec::new();
        for c in &party {
            let Some(s) = c.expedition() else { continue };
            for (ci, car) in s.gear().carriers.iter().enumerate() {
                for (ii, it) in car.items.iter().enumerate() {
                    if it.kind.has_cash_value() && it.value > 0 {
                        treasure_to_cash(&format!("{}'s {}", c.name, it.name), s.core.in_haven)
                            .map_err(EditError::Expedition)?;
                        sold.push((c.id.clone(), ci, ii, it.clone()));
                    }
                }
            }
        }
        let total = sold.iter().fold(0u32, |t, s| t.saturating_add(s.3.value));
        if total == 0 {
            return Err("There is no valued treasure to pay out.".into());
        }
        let shares = if doc.no_set_aside { 0 } else { away.len() };
        let s = split_treasure(total, here.len() as u32, shares as u32)
            .map_err(|_| EditError::from("Mark at least one character present to pay out."))?;
        Ok(Payout {
            each: s.each,
            paid: here.iter().map(|c| c.id.clone()).collect(),
            aside: away
                .iter()
                .take(shares)
                .map(|c| (c.id.clone(), s.per_absent))
                .collect(),
            left_over: s.left_over,
            sold,
        })
    }

    fn edits(&self, undo: bool) -> Vec<CharacterAction> {
        let ex = |id: &String, edit| CharacterAction::EditExpedition {
            id: id.clone(),
            edit,
        };
        let mut out = Vec::new();
        // Removals run from the last item back, so earlier positions stay valid; Undo puts
        // them back first to last, so every item returns to exactly where it was.
        let gear = |(id, c, i, it): &(String, usize, usize, Item)| {
            let g = if undo {
                GearEdit::Insert {
                    carrier: *c,
                    index: *i,
                    item: it.clone(),
                }
            } else {
                GearEdit::Remove {
                    carrier: *c,
                    index: *i,
                }
            };
            ex(id, ExpEdit::Gear(g))
        };
        if undo {
            out.extend(self.sold.iter().map(gear));
        } else {
            out.extend(self.sold.iter().rev().map(gear));
        }
        if self.each > 0 {
            for id in &self.paid {
                out.push(ex(
                    id,
                    if undo {
                        ExpEdit::Cash(-i64::from(self.each), format!("{SPLIT_REASON} undone"))
                    } else {
                        ExpEdit::Cash(self.each.into(), SPLIT_REASON.into())
                    },
                ));
            }
        }
        out
    }

    /// The roster edits that pay out: the sold treasure removed, then each share credited.
    pub fn actions(&self) -> Vec<CharacterAction> {
        self.edits(false)
    }

    /// The roster edits that undo [`Payout::actions`]: shares debited, treasure put back.
    pub fn undo_actions(&self) -> Vec<CharacterAction> {
        self.edits(true)
    }
}
