//! The inventory-slot manager, shared by both sheets.

use leptos::prelude::*;

use crate::model::gear::GearEdit;
use crate::rules::expedition::inventory::Inventory;

/// How the gear component draws an inventory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GearMode {
    /// Expedition: slot grids with capacities.
    Slots,
    /// Ix: a plain list without slot limits.
    List,
}

/// A character's gear. `inventory` is read from the character; every change is sent to
/// `on_edit` (the sheet wraps it in its own edit and dispatches it).
#[component]
pub fn Gear(
    inventory: Signal<Inventory>,
    on_edit: Callback<GearEdit>,
    mode: GearMode,
    /// The character, for the tray's log of Depletion checks.
    character_id: String,
) -> impl IntoView {
    let _ = (on_edit, mode, character_id);
    view! {
        <section class="gear" aria-label="Gear">
            <p>{move || inventory.with(|i| i.carriers.len())} " carriers"</p>
        </section>
    }
}
