//! The Ix character sheet document: what a player of Exodus NDS tracks, stored inside the
//! character. Edits go through [`IxSheet::apply`], a pure reducer, so every change is testable
//! without a browser and reaches storage the same way.

use serde::{Deserialize, Serialize};

use super::gear::{GearEdit, apply_gear};
use crate::rules::expedition::inventory::Inventory;

/// Everything on an Ix sheet beyond the roster's name and id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IxSheet {
    /// The character's gear (the inventory-slot manager's data).
    pub gear: Inventory,
}

impl IxSheet {
    /// A fresh sheet for a new character called `name`.
    pub fn new(name: &str) -> Self {
        IxSheet {
            gear: Inventory::new(name),
        }
    }

    /// The inventory the gear component shows and edits.
    pub fn gear(&self) -> &Inventory {
        &self.gear
    }

    /// Applies one edit; on error the sheet is unchanged and the message says why.
    pub fn apply(&mut self, edit: IxEdit) -> Result<(), String> {
        match edit {
            IxEdit::Gear(e) => apply_gear(&mut self.gear, e),
        }
    }
}

/// One change to an Ix sheet.
#[derive(Debug, Clone, PartialEq)]
pub enum IxEdit {
    /// A change to the character's gear.
    Gear(GearEdit),
}
