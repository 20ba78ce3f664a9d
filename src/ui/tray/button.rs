//! The floating "Dice" button: always loaded, so a sheet can open the tray prefilled before
//! the panel's chunk has arrived. It owns whether the panel shows and where focus returns.

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::TrayHandle;
use crate::ui::icons::DieIcon;
use crate::ui::lazy::{Deferred, tray_chunk};

/// Floating "Dice" button and its panel (a bottom sheet on phones, a side panel when wide).
/// The panel is a chunk of its own, fetched on first use; the button and the state are here
/// so a sheet can open the tray prefilled before the panel has arrived.
#[component]
pub fn DiceTray() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let open = tray.open;
    let trigger = NodeRef::<html::Button>::new();
    let close_button = NodeRef::<html::Button>::new();

    let close = Callback::new(move |()| {
        open.set(false);
        // A sheet's hooks belong to the request it opened the tray with: closing drops them,
        // so a later unrelated roll never settles that check and a later wager never charges
        // that character. (The panel's chunk tells the state, see `panel.rs`.)
        tray.hooks.set_value(Default::default());
        let back = tray.opener.try_get_value().flatten();
        tray.opener.set_value(None);
        match back.and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok()) {
            Some(el) => {
                let _ = el.focus();
            }
            None => {
                if let Some(b) = trigger.get_untracked() {
                    let _ = b.focus();
                }
            }
        }
    });
    Effect::new(move |_| {
        if open.get()
            && let Some(b) = close_button.get()
        {
            // The panel comes from a chunk and is built before it is in the document: move
            // focus once it has been painted.
            request_animation_frame(move || {
                let _ = b.focus();
                // On a phone the sheet covers the lower part of the screen: bring the number
                // the tray was opened from to the top, where it stays visible.
                if let Some(el) = tray.opener.try_get_value().flatten() {
                    el.scroll_into_view_with_bool(true);
                }
            });
        }
    });
    let esc = window_event_listener(ev::keydown, move |e| {
        if e.key() == "Escape" && open.get_untracked() {
            close.run(());
        }
    });
    on_cleanup(move || esc.remove());

    view! {
        // A bar of its own along the bottom: the button never floats over a control.
        <div class="dock no-print">
        <button
            type="button"
            class="tray-button"
            node_ref=trigger
            aria-haspopup="dialog"
            aria-expanded=move || open.get().to_string()
            on:click=move |_| {
                if open.get_untracked() {
                    close.run(());
                } else {
                    tray.opener.set_value(None);
                    open.set(true);
                }
            }
        >
            <DieIcon/>
            <span>"Dice"</span>
        </button>
        </div>
        // A plain closure, not `<Show>`: one generic copy fewer in the first load.
        {move || open.get().then(|| view! { <Deferred load=move || tray_chunk(close, close_button)/> })}
    }
}
