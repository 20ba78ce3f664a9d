//! Edits to a character's gear (the inventory-slot manager), shared by both sheets. A pure
//! reducer over `rules::expedition::Inventory`: a change that does not fit is refused whole.
//!
//! Carriers and items are addressed by position (carrier 0 is the character), because two
//! bundles may share a name; the component sends edits built from what it shows, and the
//! roster applies them at once, so positions never go stale.

use super::error::EditError;
use crate::rules::expedition::tables::DepletionReading;
use crate::rules::inventory::{CarrierKind, Inventory, Item, ItemKind, MAX_CARRIERS};

/// Longest item or carrier name.
pub const MAX_NAME: usize = 80;
/// Longest item notes.
pub const MAX_NOTES: usize = 500;
/// Most items on one inventory (a list without slot limits still has an end).
pub const MAX_ITEMS: usize = 300;

/// One change to an inventory.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
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
    /// Puts on (`true`) or takes off the armour at `index` of the character's own slots.
    Wear { index: usize, on: bool },
    /// Turns a treasure item with a Cash value into Cash dice ("Other Treasure": back in
    /// civilization, carried treasure converts to Cash). Here the item leaves the gear; the
    /// Expedition sheet adds its value to the purse, and any other sheet refuses it.
    CashIn { carrier: usize, index: usize },
    /// Lights (`true`) or puts out the light source at (carrier, index).
    Light {
        carrier: usize,
        index: usize,
        on: bool,
    },
}

fn item_ok(it: &Item) -> Result<(), EditError> {
    if let Some(e) = it.validate("item").into_iter().next() {
        return Err(e.into());
    }
    if let Some(e) = it.commodity_refusal() {
        return Err(e.into());
    }
    EditError::text("a name for the item", &it.name, MAX_NAME).map_err(|e| match e {
        EditError::TooLong { max, .. } => EditError::TooLong {
            what: "Item names".into(),
            max,
        },
        other => other,
    })?;
    if it.notes.chars().count() > MAX_NOTES {
        return Err(EditError::TooLong {
            what: "Item notes".into(),
            max: MAX_NOTES,
        });
    }
    Ok(())
}

fn carrier_name_ok(
    inv: &Inventory,
    name: &str,
    except: Option<usize>,
) -> Result<String, EditError> {
    let name = EditError::text("a name for the carrier", name, MAX_NAME).map_err(|e| match e {
        EditError::TooLong { max, .. } => EditError::TooLong {
            what: "Carrier names".into(),
            max,
        },
        other => other,
    })?;
    if inv
        .carriers
        .iter()
        .enumerate()
        .any(|(i, c)| Some(i) != except && c.name == name)
    {
        return Err(format!("There is already a carrier called \"{name}\".").into());
    }
    Ok(name)
}

fn no_item() -> EditError {
    EditError::Gone { what: "item" }
}

/// Applies one edit; on error the inventory is unchanged and the message says why.
pub fn apply_gear(inv: &mut Inventory, edit: GearEdit) -> Result<(), EditError> {
    let mut next = inv.clone();
    edit_in_place(&mut next, edit)?;
    *inv = next;
    Ok(())
}

fn edit_in_place(inv: &mut Inventory, edit: GearEdit) -> Result<(), EditError> {
    let count: usize = inv.carriers.iter().map(|c| c.items.len()).sum();
    let get = |inv: &Inventory, c: usize, i: usize| -> Result<Item, EditError> {
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
                return Err(format!("An inventory holds at most {MAX_ITEMS} items.").into());
            }
            inv.fits(carrier, item.size.into())
                .map_err(EditError::Expedition)?;
            inv.carriers[carrier].items.push(item);
        }
        GearEdit::Insert {
            carrier,
            index,
            item,
        } => {
            item_ok(&item)?;
            if count >= MAX_ITEMS {
                return Err(format!("An inventory holds at most {MAX_ITEMS} items.").into());
            }
            inv.fits(carrier, item.size.into())
                .map_err(EditError::Expedition)?;
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
                    .map_err(EditError::Expedition)?;
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
            inv.fits(to, it.size.into())
                .map_err(EditError::Expedition)?;
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
                return Err(format!("{} has no Depletion score.", it.name).into());
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
                return Err(format!("At most {MAX_CARRIERS} carriers.").into());
            }
            inv.add_carrier(&name, kind)
                .map_err(EditError::Expedition)?;
        }
        GearEdit::RenameCarrier { carrier, name } => {
            let name = carrier_name_ok(inv, &name, Some(carrier))?;
            let c = inv
                .carriers
                .get_mut(carrier)
                .ok_or(EditError::Gone { what: "carrier" })?;
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
                .ok_or(EditError::Gone { what: "carrier" })?;
            let size = gone.used();
            if !gone.items.is_empty() {
                inv.fits(items_to, size).map_err(EditError::Expedition)?;
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
        GearEdit::Wear { index, on } => inv.wear(index, on)?,
        GearEdit::Light { carrier, index, on } => {
            let it = get(inv, carrier, index)?;
            if it.kind != ItemKind::Light {
                return Err(format!("{} is not a light source.", it.name).into());
            }
            inv.carriers[carrier].items[index].lit = on;
        }
        GearEdit::CashIn { carrier, index } => {
            let it = get(inv, carrier, index)?;
            if !it.kind.has_cash_value() || it.value == 0 {
                return Err(format!(
                    "{} has no Cash value to cash in: give it one in Edit (as a treasure or commodity).",
                    it.name
                )
                .into());
            }
            inv.carriers[carrier].items.remove(index);
        }
    }
    // Whatever moved, only armour in the character's own slots stays worn.
    inv.settle_worn();
    Ok(())
}
