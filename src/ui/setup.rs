//! Guided setup of a new character (`#/c/<id>/setup`): a few short steps, each one of the
//! sheet's own panels with a sentence on what to fill in, then the Play section. Every value is
//! written by the sheet's reducer as it is typed, so leaving at any step keeps what was set and
//! "Skip the rest" simply goes to the sheet.

use leptos::prelude::*;

pub use super::route::SETUP;
use super::route::sheet_href;

/// One step: its title, what to do in our own words, and the controls.
pub struct Step {
    pub title: &'static str,
    pub guide: &'static str,
    pub body: ViewFn,
}

/// The steps of setting up the character `id` called `name`, one at a time, with Back, Next
/// and a way out at every step. Ends on the sheet's Play section.
#[component]
pub fn Setup(id: String, name: String, steps: Vec<Step>) -> impl IntoView {
    let steps = StoredValue::new_local(steps);
    let count = steps.with_value(Vec::len);
    let at = RwSignal::new(0usize);
    let heading = NodeRef::<leptos::html::H2>::new();
    // Each new step takes keyboard focus at its heading, so a screen reader reads it next and
    // a phone shows it from the top.
    Effect::new(move |before: Option<usize>| {
        let now = at.get();
        if before.is_some_and(|b| b != now)
            && let Some(h) = heading.get_untracked()
        {
            let _ = h.focus();
            h.scroll_into_view();
        }
        now
    });
    let play = sheet_href(&id);
    let rest = play.clone();
    let done = move |_| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_hash(play.trim_start_matches('#'));
        }
    };
    let title = move || steps.with_value(|s| s[at.get().min(count - 1)].title);
    let guide = move || steps.with_value(|s| s[at.get().min(count - 1)].guide);
    let body = move || steps.with_value(|s| s[at.get().min(count - 1)].body.run());
    let dots = move || {
        (0..count)
            .map(|i| {
                let label = steps.with_value(|s| s[i].title);
                view! {
                    <li aria-current=move || (at.get() == i).then_some("step")>
                        <button type="button" on:click=move |_| at.set(i)>
                            <span aria-hidden="true">{i + 1}</span>
                            <span class="sr-only">{format!("Step {}: ", i + 1)}</span>
                            <span class="setup-step-name">{label}</span>
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="screen setup" aria-labelledby="setup-title">
            <header class="sheet-head">
                <h1 id="setup-title">{format!("Set up {name}")}</h1>
                <a href=rest class="setup-skip">"Skip the rest"</a>
            </header>
            <nav aria-label="Setup steps">
                <ol class="list-plain setup-steps">{dots}</ol>
            </nav>
            <div class="row setup-nav">
                <button type="button" disabled=move || at.get() == 0 on:click=move |_| at.update(|a| *a = a.saturating_sub(1))>
                    "Back"
                </button>
                <Show
                    when=move || at.get() + 1 < count
                    fallback=move || view! { <button type="button" class="primary" on:click=done.clone()>"Done: to Play"</button> }
                >
                    <button type="button" class="primary" on:click=move |_| at.update(|a| *a += 1)>
                        "Next"
                    </button>
                </Show>
                <span class="muted setup-count">{move || format!("Step {} of {count}", at.get() + 1)}</span>
            </div>
            <div class="panel setup-step">
                <h2 node_ref=heading tabindex="-1">{title}</h2>
                <p class="hint">{guide}</p>
            </div>
            {body}
        </section>
    }
}
