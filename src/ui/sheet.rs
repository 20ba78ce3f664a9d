//! The character sheet screen: finds the character named by the link and shows the sheet of
//! its system. The sheets themselves live in `sheet_ix` and `sheet_exp`.

use leptos::prelude::*;

use super::lazy::{Deferred, exp_sheet_chunk, ix_sheet_chunk, share_dialog_chunk};
use super::state::AppState;
use crate::model::System;

/// The section of the sheet the link names (`#/c/<id>/<section>`), provided by the shell so
/// a sheet reads the address instead of keeping a copy of it.
#[derive(Clone, Copy)]
pub struct SheetSection(pub Memo<Option<String>>);

/// The sheet of the character `id`, or a way back when there is none.
#[component]
pub fn SheetScreen(id: Memo<Option<String>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    // Only the system is read here, so an edit to the sheet does not rebuild the whole screen.
    let system = Memo::new(move |_| {
        id.with(|id| {
            let id = id.as_deref()?;
            state.roster.with(|r| r.get(id).map(|c| c.system()))
        })
    });
    move || {
        match (id.get(), system.get()) {
        // Each game's sheet is a chunk of its own: opening one never fetches the other.
        (Some(id), Some(System::Ix)) => {
            view! { <Deferred load=move || ix_sheet_chunk(id.clone())/> }.into_any()
        }
        (Some(id), Some(System::Expedition)) => {
            view! { <Deferred load=move || exp_sheet_chunk(id.clone())/> }.into_any()
        }
        _ => view! {
            <section class="screen" aria-labelledby="sheet-missing">
                <h1 id="sheet-missing">"Character not found"</h1>
                <p>
                    "This link names a character that is not on this device (it may have been deleted, or the link came from someone else's Satchel)."
                </p>
                <p><a href="#/roster">"Back to the roster"</a></p>
            </section>
        }
        .into_any(),
    }
    }
}

/// Share, in the sheet's heading: the status update and the whole character. On the GM's
/// device, a player's character also says so here, with the device it came from.
#[component]
pub fn SheetShare(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = StoredValue::new(id);
    let (sharing, set_sharing) = signal(false);
    let button = NodeRef::<leptos::html::Button>::new();
    let stop_sharing = Callback::new(move |()| {
        set_sharing.set(false);
        if let Some(b) = button.get_untracked() {
            let _ = b.focus();
        }
    });
    let facts = Memo::new(move |_| {
        state.roster.with(|r| {
            r.get(&id.read_value())
                .map(|c| (c.name.clone(), c.owner.clone()))
                .unwrap_or_default()
        })
    });
    view! {
        {move || {
            facts
                .with(|(_, owner)| owner.clone())
                .map(|owner| view! { <MirrorFlag id=id.get_value() owner/> })
        }}
        <TableNote id=id.get_value()/>
        <button
            type="button"
            class="sheet-share"
            style:margin-left="auto"
            node_ref=button
            aria-label=move || facts.with(|(name, _)| format!("Share {name}"))
            on:click=move |_| set_sharing.set(true)
        >
            "Share"
        </button>
        {move || {
            sharing
                .get()
                .then(|| state.roster.with_untracked(|r| r.get(&id.read_value()).cloned()))
                .flatten()
                .map(|character| {
                    let load = move || share_dialog_chunk(character.clone(), stop_sharing);
                    view! { <Deferred load/> }
                })
        }}
    }
}

/// On the GM's device, a player's character: says whose device keeps it (a joined one by
/// name), that changes made here are asked of it, and lets the GM keep it here instead when
/// that device is not at the table.
#[component]
fn MirrorFlag(id: String, owner: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let book = state.doc::<crate::model::table_link::LinkBook>();
    let owner = StoredValue::new(owner);
    let joined =
        Memo::new(move |_| book.with(|b| b.peer(&owner.read_value()).map(|p| p.name.clone())));
    let id = StoredValue::new(id);
    let keep = move |_| {
        let id = id.get_value();
        let _ = state.dispatch_with(move |r, _| {
            let mut c = r
                .get(&id)
                .cloned()
                .ok_or_else(|| "This character is no longer here.".to_string())?;
            c.owner = None;
            r.upsert(c.clone());
            Ok::<_, String>(crate::model::Applied::Saved(c))
        });
    };
    view! {
        {move || match joined.get() {
            Some(name) => view! {
                <span class="flag calm">
                    {format!("Kept on {name}: changes here are sent there")}
                </span>
            }
            .into_any(),
            None => {
                let tail: String = owner
                    .read_value()
                    .chars()
                    .rev()
                    .take(4)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                view! {
                    <span class="flag calm" title="Updated by the player's codes">
                        {format!("A player's character, kept on device …{tail}")}
                    </span>
                    <button type="button" on:click=keep>"Keep it on this device"</button>
                }
                .into_any()
            }
        }}
    }
}

/// The last thing the table did to this character, from the link book ("Kara (from GM):
/// suffered 3 Wounds."): on the phone, what the GM's request did; on the GM's device, the
/// revision that answered it. Nothing when the table never touched it.
#[component]
fn TableNote(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let book = state.doc::<crate::model::table_link::LinkBook>();
    let last = Memo::new(move |_| {
        book.with(|b| {
            b.log
                .iter()
                .rev()
                .find(|l| l.id == id)
                .map(|l| l.text.clone())
        })
    });
    move || {
        last.get()
            .map(|text| view! { <span class="flag calm table-note" role="status">{text}</span> })
    }
}
