//! Edits to a character's gear (the inventory-slot manager), shared by both sheets. A pure
//! reducer over `rules::expedition::Inventory`: a change that does not fit is refused whole.
//!
//! Carriers and items are addressed by position (carrier 0 is the character), because two
//! bundles may share a name; the component sends edits built from what it shows, and the
//! roster applies them at once, so positions never go stale.

use serde::{Deserialize, Serialize};

use super::exp_sheet::ExpEdit;
use super::{Character, CharacterAction, Roster};
use crate::rules::expedition::inventory::{
    CarrierKind, Inventory, Item, ItemKind, MAX_CARRIERS, split_treasure,
};
use crate::rules::expedition::tables::DepletionReading;

/// Longest item or carrier name.
pub const MAX_NAME: usize = 80;
/// Longest item notes.
pub const MAX_NOTES: usize = 500;
/// Most items on one inventory (a list without slot limits still has an end).
pub const MAX_ITEMS: usize = 300;

/// One change to an inventory.
#[derive(Debug, Clone, PartialEq)]
pub enum GearEdit {
    /// Puts an item on a carrier (refused when it does not fit).
    Add { carrier: usize, item: Item },
    /// Replaces an item with its edited version (refused when a new size does not fit).
    Update {
        carrier: usize,
        index: usize,
        item: Item,
    },
    /// Puts an item back at a position (Undo of a removal or a pay-out); refused when it
    /// does not fit.
    Insert {
        carrier: usize,
        index: usize,
        item: Item,
    },
    /// Takes an item off for good (the component keeps it for Undo).
    Remove { carrier: usize, index: usize },
    /// Moves an item to another carrier; refused whole when it does not fit.
    Move {
        from: usize,
        index: usize,
        to: usize,
    },
    /// Records a Depletion check rolled in the UI: "last use" marks the item.
    Depleted {
        carrier: usize,
        index: usize,
        reading: DepletionReading,
    },
    /// Adds a carrier with its kind's capacity.
    AddCarrier { name: String, kind: CarrierKind },
    /// Renames a carrier (names stay unique).
    RenameCarrier { carrier: usize, name: String },
    /// Removes a carrier, moving everything it carries to `items_to` first; refused whole
    /// when that does not fit, so nothing is lost.
    RemoveCarrier { carrier: usize, items_to: usize },
    /// Turns slot limits off (Ix gear lists) or on.
    Unlimited(bool),
}

fn item_ok(it: &Item) -> Result<(), String> {
    if let Some(e) = it.validate("item").into_iter().next() {
        return Err(e.to_string());
    }
    let name = it.name.trim();
    if name.is_empty() {
        return Err("Give the item a name.".into());
    }
    if name.chars().count() > MAX_NAME {
        return Err(format!("Item names are at most {MAX_NAME} characters."));
    }
    if it.notes.chars().count() > MAX_NOTES {
        return Err(format!("Notes are at most {MAX_NOTES} characters."));
    }
    Ok(())
}

fn carrier_name_ok(inv: &Inventory, name: &str, except: Option<usize>) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("Give the carrier a name.".into());
    }
    if name.chars().count() > MAX_NAME {
        return Err(format!("Carrier names are at most {MAX_NAME} characters."));
    }
    if inv
        .carriers
        .iter()
        .enumerate()
        .any(|(i, c)| Some(i) != except && c.name == name)
    {
        return Err(format!("There is already a carrier called \"{name}\"."));
    }
    Ok(name.to_string())
}

fn no_item() -> String {
    "That item is no longer there.".into()
}

/// Applies one edit; on error the inventory is unchanged and the message says why.
pub fn apply_gear(inv: &mut Inventory, edit: GearEdit) -> Result<(), String> {
    let count: usize = inv.carriers.iter().map(|c| c.items.len()).sum();
    let get = |inv: &Inventory, c: usize, i: usize| -> Result<Item, String> {
        inv.carriers
            .get(c)
            .and_then(|c| c.items.get(i))
            .cloned()
            .ok_or_else(no_item)
    };
    match edit {
        GearEdit::Add { carrier, item } => {
            item_ok(&item)?;
            if count >= MAX_ITEMS {
                return Err(format!("An inventory holds at most {MAX_ITEMS} items."));
            }
            inv.fits(carrier, item.size.into())
                .map_err(|e| e.to_string())?;
            inv.carriers[carrier].items.push(item);
        }
        GearEdit::Insert {
            carrier,
            index,
            item,
        } => {
            item_ok(&item)?;
            if count >= MAX_ITEMS {
                return Err(format!("An inventory holds at most {MAX_ITEMS} items."));
            }
            inv.fits(carrier, item.size.into())
                .map_err(|e| e.to_string())?;
            let items = &mut inv.carriers[carrier].items;
            items.insert(index.min(items.len()), item);
        }
        GearEdit::Update {
            carrier,
            index,
            item,
        } => {
            let old = get(inv, carrier, index)?;
            item_ok(&item)?;
            if item.size > old.size {
                inv.fits(carrier, u32::from(item.size - old.size))
                    .map_err(|e| e.to_string())?;
            }
            inv.carriers[carrier].items[index] = item;
        }
        GearEdit::Remove { carrier, index } => {
            get(inv, carrier, index)?;
            inv.carriers[carrier].items.remove(index);
        }
        GearEdit::Move { from, index, to } => {
            let it = get(inv, from, index)?;
            if from == to {
                return Ok(());
            }
            inv.fits(to, it.size.into()).map_err(|e| e.to_string())?;
            inv.carriers[from].items.remove(index);
            inv.carriers[to].items.push(it);
        }
        GearEdit::Depleted {
            carrier,
            index,
            reading,
        } => {
            let it = get(inv, carrier, index)?;
            if it.depletion.is_none() {
                return Err(format!("{} has no Depletion score.", it.name));
            }
            if reading == DepletionReading::LastUse {
                inv.carriers[carrier].items[index].last_use = true;
            }
        }
        GearEdit::AddCarrier { name, kind } => {
            let name = carrier_name_ok(inv, &name, None)?;
            if kind == CarrierKind::Character {
                return Err("Only the character has a character's slots.".into());
            }
            if inv.carriers.len() >= MAX_CARRIERS {
                return Err(format!("At most {MAX_CARRIERS} carriers."));
            }
            inv.add_carrier(&name, kind).map_err(|e| e.to_string())?;
        }
        GearEdit::RenameCarrier { carrier, name } => {
            let name = carrier_name_ok(inv, &name, Some(carrier))?;
            let c = inv
                .carriers
                .get_mut(carrier)
                .ok_or("That carrier is no longer there.")?;
            c.name = name;
        }
        GearEdit::RemoveCarrier { carrier, items_to } => {
            if carrier == 0 {
                return Err("The character's own slots cannot be removed.".into());
            }
            if carrier == items_to || items_to >= inv.carriers.len() {
                return Err("Choose somewhere else for its items.".into());
            }
            let gone = inv
                .carriers
                .get(carrier)
                .ok_or("That carrier is no longer there.")?;
            let size = gone.used();
            if !gone.items.is_empty() {
                inv.fits(items_to, size).map_err(|e| e.to_string())?;
            }
            let gone = inv.carriers.remove(carrier);
            let to = if items_to > carrier {
                items_to - 1
            } else {
                items_to
            };
            inv.carriers[to].items.extend(gone.items);
        }
        GearEdit::Unlimited(on) => inv.unlimited = on,
    }
    Ok(())
}

/// Name of the GM's party document.
pub const PARTY_DOC: &str = "party";
/// Schema of the party document.
pub const PARTY_SCHEMA: u32 = 1;
/// The ledger reason of a treasure pay-out.
pub const SPLIT_REASON: &str = "treasure split";

/// The GM's party document: who missed the session, what has been set aside for them, and
/// the capacity the table gives Ix gear lists.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
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

impl PartyDoc {
    /// The capacity the table set for a character's Ix gear list.
    pub fn capacity(&self, id: &str) -> Option<u32> {
        self.ix_capacity.iter().find(|c| c.0 == id).map(|c| c.1)
    }

    /// Sets (or with `None` clears) an Ix gear list's capacity: 1 to [`MAX_ITEMS`] slots.
    pub fn set_capacity(&mut self, id: &str, cap: Option<u32>) -> Result<(), String> {
        if let Some(n) = cap
            && !(1..=MAX_ITEMS as u32).contains(&n)
        {
            return Err(format!(
                "A capacity is 1 to {MAX_ITEMS} slots; leave it empty for no limit."
            ));
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
    /// Plans a pay-out from the roster and who is absent. Only Expedition characters who are
    /// not retired take part; refused when no one is present or there is nothing to sell.
    pub fn plan(roster: &Roster, doc: &PartyDoc) -> Result<Payout, String> {
        let party: Vec<_> = roster
            .characters
            .iter()
            .filter(|c| c.expedition.as_ref().is_some_and(|s| !s.retired))
            .collect();
        let (away, here): (Vec<&Character>, Vec<&Character>) =
            party.iter().partition(|c| doc.absent.contains(&c.id));
        let mut sold = Vec::new();
        for c in &party {
            let Some(s) = &c.expedition else { continue };
            for (ci, car) in s.gear().carriers.iter().enumerate() {
                for (ii, it) in car.items.iter().enumerate() {
                    if it.kind == ItemKind::Treasure && it.value > 0 {
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
            .map_err(|_| "Mark at least one character present to pay out.".to_string())?;
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

/// Applies several roster edits all or nothing: on the first refusal the roster is left
/// exactly as it was and the message names the character.
pub fn apply_all(
    roster: &mut Roster,
    actions: &[CharacterAction],
    now_ms: u64,
) -> Result<(), String> {
    let mut next = roster.clone();
    for a in actions {
        // Stamped, so the Cash ledger says when the pay-out (or its undo) happened.
        let a = match a.clone() {
            CharacterAction::EditExpedition { id, edit } => CharacterAction::EditExpedition {
                id,
                edit: ExpEdit::At(now_ms, Box::new(edit)),
            },
            other => other,
        };
        next.apply(a.clone(), now_ms).map_err(|e| {
            let who = match &a {
                CharacterAction::EditExpedition { id, .. } => {
                    next.get(id).map(|c| c.name.clone()).unwrap_or_default()
                }
                _ => String::new(),
            };
            format!("{who}: {e}")
        })?;
    }
    *roster = next;
    Ok(())
}
