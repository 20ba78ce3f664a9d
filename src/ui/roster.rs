//! The roster: every character of both games; create, rename, duplicate, delete (with undo).

use leptos::html;
use leptos::prelude::*;

use super::browser;
use super::icons::SystemMark;
use super::lazy::{Deferred, share_dialog_chunk, warm_sheet};
use super::route::{SETUP, section_href, sheet_href};
use super::state::AppState;
use crate::model::{CharacterAction, NAME_MAX_CHARS, System};

/// The Roster screen.
#[component]
pub fn RosterScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let (creating, set_creating) = signal(false);
    let new_button = NodeRef::<html::Button>::new();
    let count = move || state.roster.with(|r| r.characters.len());
    let is_empty = move || count() == 0 && state.locked.with(Vec::is_empty);
    // Memos and plain closures rather than `<Show>`s: each `Show` is one more copy of its
    // generic code in the first load, and a memo keeps what `Show` gives, a part built again
    // only when its condition flips.
    let show_new = Memo::new(move |_| !is_empty() || creating.get());
    let show_empty = Memo::new(move |_| is_empty() && !creating.get());
    let show_count = Memo::new(move |_| count() > 0);
    let finish = move || {
        set_creating.set(false);
        if let Some(b) = new_button.get_untracked() {
            let _ = b.focus();
        }
    };

    view! {
        <section class="screen" aria-labelledby="roster-title">
            <div class="screen-head">
                <h1 id="roster-title">"Roster"</h1>
                {move || {
                    show_new.get().then(|| view! {
                    <button
                        type="button"
                        class="primary"
                        node_ref=new_button
                        aria-expanded=move || creating.get().to_string()
                        on:click=move |_| set_creating.update(|c| *c = !*c)
                    >
                        "New character"
                    </button>
                    })
                }}
            </div>
            {move || creating.get().then(|| view! { <CreateForm on_done=finish/> })}
            {move || {
                show_empty.get().then(|| view! {
                <div class="empty">
                    <h2>"No characters yet"</h2>
                    <p>
                        "Create a character for Ix or Expedition to begin. Everything stays in this browser: nothing is sent anywhere, and it works offline after this visit."
                    </p>
                    <button type="button" class="primary" on:click=move |_| set_creating.set(true)>
                        "Create your first character"
                    </button>
                </div>
                })
            }}
            {move || {
                show_count.get().then(|| view! {
                <p class="muted" aria-live="polite">
                    {move || match count() {
                        1 => "1 character".to_string(),
                        n => format!("{n} characters"),
                    }}
                </p>
                })
            }}
            <ul class="cards" aria-label="Characters">
                <For
                    each=move || state.roster.with(|r| r.ids())
                    key=|id| id.clone()
                    children=move |id| view! { <CharacterCard id/> }
                />
                // A record only this Satchel's successor can edit: a plain list, as it holds no
                // input to keep (the keyed diff stays for the cards, whose rename fields do).
                {move || {
                    state
                        .locked
                        .get()
                        .into_iter()
                        .map(|l| {
                        let key = l.key.clone();
                        let name = l.name.clone().unwrap_or_else(|| "Unnamed character".into());
                        let label = format!("Download {name}");
                        view! {
                            <li class="card locked">
                                <div class="card-main">
                                    <h2 class="card-name">{name}</h2>
                                    <p class="muted">
                                        "Read-only: saved by a newer Satchel (data version " {l.found}
                                        "). Update Satchel to edit it."
                                    </p>
                                </div>
                                <div class="card-actions">
                                    <button
                                        type="button"
                                        aria-label=label
                                        on:click=move |_| {
                                            if let Ok(Some(raw)) = state.with_store(|s| s.raw(&key)) {
                                                browser::download("satchel-character.json", &raw);
                                            }
                                        }
                                    >
                                        "Download"
                                    </button>
                                </div>
                            </li>
                        }
                        })
                        .collect_view()
                }}
            </ul>
        </section>
    }
}

/// Dispatches a create or rename. A refused name is explained next to the field, and focus goes
/// back to it so the user can fix it at once.
fn submit_name(
    state: AppState,
    action: CharacterAction,
    set_error: WriteSignal<Option<String>>,
    input: NodeRef<html::Input>,
) -> bool {
    match state.dispatch_listing(action) {
        Ok(()) => true,
        Err(msg) => {
            set_error.set(Some(msg));
            if let Some(i) = input.get_untracked() {
                let _ = i.focus();
            }
            false
        }
    }
}

/// Name and game for a new character.
#[component]
fn CreateForm(on_done: impl Fn() + Copy + Send + Sync + 'static) -> impl IntoView {
    let state = expect_context::<AppState>();
    let (system, set_system) = signal(System::Ix);
    let (name, set_name) = signal(String::new());
    let (error, set_error) = signal(None::<String>);
    let input = NodeRef::<html::Input>::new();
    Effect::new(move |_| {
        if let Some(i) = input.get() {
            let _ = i.focus();
        }
    });

    // "Create and set up" (the form's own submit, so Enter does it) goes on to the guided
    // setup; "Create" stays on the roster.
    let create = move |set_up: bool| {
        let id = browser::new_id();
        let action = CharacterAction::Create {
            id: id.clone(),
            system: system.get_untracked(),
            name: name.get_untracked(),
        };
        if submit_name(state, action, set_error, input) {
            // The first character is the moment there is something to lose: ask the browser
            // to keep the data (Chrome decides quietly, Firefox asks). Settings explains it.
            if state.roster.with_untracked(|r| r.characters.len()) == 1 {
                leptos::task::spawn_local(async {
                    let _ = browser::storage_persisted(true).await;
                });
            }
            on_done();
            if set_up && let Some(w) = web_sys::window() {
                let _ = w.location().set_hash(&section_href(&id, SETUP));
            }
        }
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        create(true);
    };

    view! {
        <form class="panel create" on:submit=submit aria-labelledby="create-title">
            <h2 id="create-title">"New character"</h2>
            <fieldset class="choices">
                <legend>"Game"</legend>
                {System::ALL
                    .into_iter()
                    .map(|s| {
                        view! {
                            <label class="choice">
                                <input
                                    type="radio"
                                    name="system"
                                    value=s.slug()
                                    prop:checked=move || system.get() == s
                                    on:change=move |_| {
                                        set_system.set(s);
                                        warm_sheet(s);
                                    }
                                />
                                <span class="choice-body">
                                    <span class=format!("badge badge-{}", s.slug())>
                                        <SystemMark system=s/>
                                        {s.label()}
                                    </span>
                                    <span class="muted">{s.blurb()}</span>
                                </span>
                            </label>
                        }
                    })
                    .collect_view()}
            </fieldset>
            <label class="field">
                <span>"Name"</span>
                <input
                    type="text"
                    node_ref=input
                    autocomplete="off"
                    maxlength=NAME_MAX_CHARS.to_string()
                    aria-invalid=move || error.get().is_some().then_some("true")
                    aria-describedby="create-error"
                    prop:value=move || name.get()
                    on:input=move |ev| {
                        set_name.set(event_target_value(&ev));
                        set_error.set(None);
                    }
                />
            </label>
            <p id="create-error" class="field-error" role="alert">
                {move || error.get()}
            </p>
            <div class="row">
                <button type="submit" class="primary">"Create and set up"</button>
                <button type="button" on:click=move |_| create(false)>"Create"</button>
                <button type="button" on:click=move |_| on_done()>"Cancel"</button>
            </div>
        </form>
    }
}

/// One character in the roster, with its actions.
#[component]
fn CharacterCard(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = StoredValue::new(id);
    let character = move || state.roster.with(|r| r.get(&id.read_value()).cloned());
    let name = move || character().map(|c| c.name).unwrap_or_default();
    let system = character().map(|c| c.system()).unwrap_or(System::Ix);
    let (renaming, set_renaming) = signal(false);
    let (sharing, set_sharing) = signal(false);
    let share_button = NodeRef::<html::Button>::new();
    let stop_sharing = Callback::new(move |()| {
        set_sharing.set(false);
        if let Some(b) = share_button.get_untracked() {
            let _ = b.focus();
        }
    });
    let (draft, set_draft) = signal(String::new());
    let (error, set_error) = signal(None::<String>);
    let input = NodeRef::<html::Input>::new();
    let rename_button = NodeRef::<html::Button>::new();
    let error_id = format!("rename-error-{}", id.read_value());

    Effect::new(move |_| {
        if renaming.get()
            && let Some(i) = input.get()
        {
            let _ = i.focus();
            i.select();
        }
    });
    let stop_renaming = move || {
        set_renaming.set(false);
        set_error.set(None);
        if let Some(b) = rename_button.get_untracked() {
            let _ = b.focus();
        }
    };
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let action = CharacterAction::Rename {
            id: id.get_value(),
            name: draft.get_untracked(),
        };
        if submit_name(state, action, set_error, input) {
            stop_renaming();
        }
    };
    let duplicate = move |_| {
        let action = CharacterAction::Duplicate {
            id: id.get_value(),
            new_id: browser::new_id(),
        };
        if let Err(msg) = state.dispatch_listing(action) {
            state.notify(vec![msg]);
        }
    };
    let delete = move |_| {
        if let Err(msg) = state.dispatch_listing(CharacterAction::Delete { id: id.get_value() }) {
            state.notify(vec![msg]);
        }
    };

    view! {
        <li class=format!("card system-{}", system.slug())>
            <div class="card-main">
                <span class=format!("badge badge-{}", system.slug())>
                    <SystemMark system/>
                    {system.label()}
                </span>
                {move || {
                    if !renaming.get() {
                        return view! {
                            <h2 class="card-name">
                                <a href=sheet_href(&id.read_value())>{name}</a>
                            </h2>
                        }
                        .into_any();
                    }
                    view! {
                    <form
                        class="rename"
                        on:submit=save
                        on:keydown=move |ev| {
                            if ev.key() == "Escape" {
                                ev.stop_propagation();
                                stop_renaming();
                            }
                        }
                    >
                        <label class="field">
                            <span>{move || format!("New name for {}", name())}</span>
                            <input
                                type="text"
                                node_ref=input
                                autocomplete="off"
                                maxlength=NAME_MAX_CHARS.to_string()
                                aria-invalid=move || error.get().is_some().then_some("true")
                                aria-describedby=error_id.clone()
                                prop:value=move || draft.get()
                                on:input=move |ev| {
                                    set_draft.set(event_target_value(&ev));
                                    set_error.set(None);
                                }
                            />
                        </label>
                        <p id=error_id.clone() class="field-error" role="alert">
                            {move || error.get()}
                        </p>
                        <div class="row">
                            <button type="submit" class="primary">"Save name"</button>
                            <button type="button" on:click=move |_| stop_renaming()>"Cancel"</button>
                        </div>
                    </form>
                    }
                    .into_any()
                }}
            </div>
            {move || {
                (!renaming.get()).then(|| view! {
                <div class="card-actions">
                    <button
                        type="button"
                        node_ref=rename_button
                        aria-label=move || format!("Rename {}", name())
                        on:click=move |_| {
                            set_draft.set(name());
                            set_renaming.set(true);
                        }
                    >
                        "Rename"
                    </button>
                    <button
                        type="button"
                        aria-label=move || format!("Duplicate {}", name())
                        on:click=duplicate
                    >
                        "Duplicate"
                    </button>
                    <button
                        type="button"
                        aria-label=move || format!("Export {}", name())
                        on:click=move |_| state.export(Some(id.get_value()))
                    >
                        "Export"
                    </button>
                    <button
                        type="button"
                        node_ref=share_button
                        aria-label=move || format!("Share {}", name())
                        on:click=move |_| set_sharing.set(true)
                    >
                        "Share"
                    </button>
                    <button
                        type="button"
                        class="danger"
                        aria-label=move || format!("Delete {}", name())
                        on:click=delete
                    >
                        "Delete"
                    </button>
                </div>
                })
            }}
            {move || {
                sharing
                    .get()
                    .then(character)
                    .flatten()
                    .map(|character| {
                        let load = move || share_dialog_chunk(character.clone(), stop_sharing);
                        view! { <Deferred load/> }
                    })
            }}
        </li>
    }
}
