//! The Expedition character sheet.

use leptos::prelude::*;

use super::gear::{Gear, GearMode};
use super::state::AppState;
use crate::model::CharacterAction;
use crate::model::exp_sheet::ExpEdit;
use crate::rules::expedition::inventory::Inventory;

/// The sheet of the Expedition character `id`.
#[component]
pub fn ExpeditionSheet(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let key = id.clone();
    let gear = Signal::derive(move || {
        state.roster.with(|r| {
            r.get(&key)
                .and_then(|c| c.expedition.as_ref())
                .map(|s| s.gear().clone())
                .unwrap_or_else(|| Inventory::new(""))
        })
    });
    let target = id.clone();
    let on_edit = Callback::new(move |e| {
        let action = CharacterAction::EditExpedition {
            id: target.clone(),
            edit: ExpEdit::Gear(e),
        };
        if let Err(msg) = state.dispatch(action) {
            state.notify(vec![msg]);
        }
    });
    view! {
        <section class="screen sheet" aria-labelledby="sheet-title">
            <h1 id="sheet-title">"Expedition sheet"</h1>
            <Gear inventory=gear on_edit mode=GearMode::Slots character_id=id/>
        </section>
    }
}
