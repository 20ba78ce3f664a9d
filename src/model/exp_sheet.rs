//! The Expedition character sheet document: what a COEAC player tracks, stored inside the
//! character. Edits go through [`ExpSheet::apply`], a pure reducer.

use serde::{Deserialize, Serialize};

use super::gear::{GearEdit, apply_gear};
use crate::rules::expedition::inventory::Inventory;

/// Everything on an Expedition sheet beyond the roster's name and id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExpSheet {
    /// The character's gear (the inventory-slot manager's data).
    pub gear: Inventory,
}

impl ExpSheet {
    /// A fresh sheet for a new character called `name`.
    pub fn new(name: &str) -> Self {
        ExpSheet {
            gear: Inventory::new(name),
        }
    }

    /// The inventory the gear component shows and edits.
    pub fn gear(&self) -> &Inventory {
        &self.gear
    }

    /// Applies one edit; on error the sheet is unchanged and the message says why.
    pub fn apply(&mut self, edit: ExpEdit) -> Result<(), String> {
        match edit {
            ExpEdit::Gear(e) => apply_gear(&mut self.gear, e),
        }
    }
}

/// One change to an Expedition sheet.
#[derive(Debug, Clone, PartialEq)]
pub enum ExpEdit {
    /// A change to the character's gear.
    Gear(GearEdit),
}
