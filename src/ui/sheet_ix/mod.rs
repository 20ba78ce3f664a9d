//! The Ix character sheet.

use leptos::prelude::*;

use super::gear::{Gear, GearMode};
use super::state::AppState;
use crate::model::CharacterAction;
use crate::model::ix_sheet::IxEdit;
use crate::rules::expedition::inventory::Inventory;

/// The sheet of the Ix character `id`.
#[component]
pub fn IxSheetView(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let key = id.clone();
    let gear = Signal::derive(move || {
        state.roster.with(|r| {
            r.get(&key)
                .and_then(|c| c.ix.as_ref())
                .map(|s| s.gear().clone())
                .unwrap_or_else(|| Inventory::new(""))
        })
    });
    let target = id.clone();
    let on_edit = Callback::new(move |e| {
        let action = CharacterAction::EditIx {
            id: target.clone(),
            edit: IxEdit::Gear(e),
        };
        if let Err(msg) = state.dispatch(action) {
            state.notify(vec![msg]);
        }
    });
    view! {
        <section class="screen sheet" aria-labelledby="sheet-title">
            <h1 id="sheet-title">"Ix sheet"</h1>
            <Gear inventory=gear on_edit mode=GearMode::List character_id=id/>
        </section>
    }
}
