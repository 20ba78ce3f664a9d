//! Edits to a character's gear (the inventory-slot manager), shared by both sheets. A pure
//! reducer over `rules::expedition::Inventory`: a change that does not fit is refused whole.

use crate::rules::expedition::inventory::Inventory;

/// One change to an inventory.
#[derive(Debug, Clone, PartialEq)]
pub enum GearEdit {}

/// Applies one edit; on error the inventory is unchanged and the message says why.
pub fn apply_gear(_inventory: &mut Inventory, edit: GearEdit) -> Result<(), String> {
    match edit {}
}
