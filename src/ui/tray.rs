//! The dice tray's entry point, on every screen. The tray itself is built in its own issue;
//! here the panel opens, closes and handles focus as the finished tray will.

use leptos::ev;
use leptos::html;
use leptos::prelude::*;

use super::icons::DieIcon;

/// Floating "Dice" button and its panel (a bottom sheet on phones, a side panel when wide).
#[component]
pub fn DiceTray() -> impl IntoView {
    let (open, set_open) = signal(false);
    let trigger = NodeRef::<html::Button>::new();
    let close_button = NodeRef::<html::Button>::new();

    let close = move || {
        set_open.set(false);
        if let Some(b) = trigger.get_untracked() {
            let _ = b.focus();
        }
    };
    Effect::new(move |_| {
        if open.get()
            && let Some(b) = close_button.get()
        {
            let _ = b.focus();
        }
    });
    let esc = window_event_listener(ev::keydown, move |e| {
        if e.key() == "Escape" && open.get_untracked() {
            close();
        }
    });
    on_cleanup(move || esc.remove());

    view! {
        <button
            type="button"
            class="tray-button"
            node_ref=trigger
            aria-haspopup="dialog"
            aria-expanded=move || open.get().to_string()
            on:click=move |_| set_open.update(|o| *o = !*o)
        >
            <DieIcon/>
            <span>"Dice"</span>
        </button>
        <Show when=move || open.get()>
            <div class="scrim" on:click=move |_| close()></div>
            <div class="tray" role="dialog" aria-modal="true" aria-labelledby="tray-title">
                <div class="tray-head">
                    <h2 id="tray-title">"Dice tray"</h2>
                    <button type="button" node_ref=close_button on:click=move |_| close()>
                        "Close"
                    </button>
                </div>
                <p class="muted">
                    "Rolling is on its way: pools for Ix and Expedition with their exact odds will be built here."
                </p>
            </div>
        </Show>
    }
}
