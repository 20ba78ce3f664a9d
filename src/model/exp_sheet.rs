//! The Expedition character sheet document: what a COEAC player tracks, stored inside the
//! character. Edits go through [`ExpSheet::apply`], a pure reducer.

use serde::{Deserialize, Serialize};

/// Everything on an Expedition sheet beyond the roster's name and id.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ExpSheet {}

impl ExpSheet {
    /// A fresh sheet for a new character called `name`.
    pub fn new(_name: &str) -> Self {
        ExpSheet::default()
    }

    /// Applies one edit; on error the sheet is unchanged and the message says why.
    pub fn apply(&mut self, edit: ExpEdit) -> Result<(), String> {
        match edit {}
    }
}

/// One change to an Expedition sheet.
#[derive(Debug, Clone, PartialEq)]
pub enum ExpEdit {}
