//! The Ix character sheet document: what a player of Exodus NDS tracks, stored inside the
//! character. Edits go through [`IxSheet::apply`], a pure reducer, so every change is testable
//! without a browser and reaches storage the same way.

use serde::{Deserialize, Serialize};

/// Everything on an Ix sheet beyond the roster's name and id.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct IxSheet {}

impl IxSheet {
    /// A fresh sheet for a new character called `name`.
    pub fn new(_name: &str) -> Self {
        IxSheet::default()
    }

    /// Applies one edit; on error the sheet is unchanged and the message says why.
    pub fn apply(&mut self, edit: IxEdit) -> Result<(), String> {
        match edit {}
    }
}

/// One change to an Ix sheet.
#[derive(Debug, Clone, PartialEq)]
pub enum IxEdit {}
