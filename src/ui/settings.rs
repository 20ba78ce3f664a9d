//! Settings: theme, what is stored and where, records set aside, credits.

use leptos::prelude::*;

use super::backup::{BackupPanel, PersistencePanel};
use super::browser;
use super::format;
use super::state::AppState;
use crate::model::Theme;
use crate::storage::Quarantined;

/// The Settings screen.
#[component]
pub fn SettingsScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let theme = move || state.settings.with(|s| s.theme);
    let usage = move || {
        state.storage_rev.track();
        state.with_store(|s| s.usage_bytes())
    };
    let quarantined = move || {
        state.storage_rev.track();
        state.with_store(|s| s.quarantined()).unwrap_or_default()
    };
    let stuck = move || {
        state.storage_rev.track();
        state.with_store(|s| s.stuck()).unwrap_or_default()
    };

    view! {
        <section class="screen" aria-labelledby="settings-title">
            <h1 id="settings-title">"Settings"</h1>
            <div class="panel">
                <h2>"Appearance"</h2>
                <fieldset class="choices inline">
                    <legend>"Theme"</legend>
                    {Theme::ALL
                        .into_iter()
                        .map(|t| {
                            view! {
                                <label class="choice">
                                    <input
                                        type="radio"
                                        name="theme"
                                        prop:checked=move || theme() == t
                                        on:change=move |_| state.set_theme(t)
                                    />
                                    <span>{t.label()}</span>
                                </label>
                            }
                        })
                        .collect_view()}
                </fieldset>
            </div>
            <div class="panel">
                <h2>"Your data"</h2>
                <p>
                    {if state.memory_only {
                        "This browser is not letting Satchel save: everything lives in this tab only."
                    } else {
                        "Everything is saved in this browser the moment it changes. Nothing is sent anywhere."
                    }}
                </p>
                <PersistencePanel/>
                <p>
                    "Storage used: "
                    {move || match usage() {
                        Ok(b) => format::bytes(b),
                        Err(e) => format!("unknown ({e})"),
                    }}
                </p>
                <h3>"Earlier versions"</h3>
                {move || {
                    state.storage_rev.track();
                    let usage = state.history_usage().unwrap_or_default();
                    if usage.versions == 0 {
                        view! {
                            <p class="muted">"None kept yet. Each sheet and table keeps its earlier versions here as it is edited; open History at the end of one to look back or restore."</p>
                        }
                        .into_any()
                    } else {
                        view! {
                            <p>
                                {format!(
                                    "{} of {} ({}). Open History at the end of a sheet or table to look back or restore.",
                                    format::plural(usage.versions, "version"),
                                    match usage.records {
                                        1 => "1 sheet or table".to_string(),
                                        n => format!("{n} sheets or tables"),
                                    },
                                    format::bytes(usage.bytes),
                                )}
                            </p>
                            <p class="hint">"Clearing them frees that space; your characters and tables stay exactly as they are now."</p>
                            <button type="button" class="danger" on:click=move |_| {
                                if let Err(e) = state.clear_history() {
                                    state.notify(vec![e]);
                                }
                            }>"Clear earlier versions"</button>
                        }
                        .into_any()
                    }
                }}
                <h3>"Records set aside"</h3>
                {move || {
                    let list = quarantined();
                    if list.is_empty() {
                        // Damaged records left in place are listed below; this list only
                        // says that none were moved.
                        let text = if stuck().is_empty() {
                            "None. Damaged records would appear here, kept untouched for you to download."
                        } else {
                            "None were moved aside: the damaged records below are still in their place."
                        };
                        view! { <p class="muted">{text}</p> }.into_any()
                    } else {
                        damaged_list(state, list, false).into_any()
                    }
                }}
                {move || {
                    let list = stuck();
                    (!list.is_empty())
                        .then(|| {
                            view! {
                                <h3>"Damaged records left in place"</h3>
                                <p>
                                    "Storage had no room to set these aside, so each is still where it was found. Download it to keep its text, then discard it to free the room."
                                </p>
                                {damaged_list(state, list, true)}
                            }
                        })
                }}
            </div>
            <BackupPanel/>
            <div class="panel">
                <h2>"About"</h2>
                <p>
                    "Satchel " {env!("CARGO_PKG_VERSION")}
                    ": character sheets, gear and dice for two games, working offline in your browser."
                </p>
                <p>"Rules references:"</p>
                <ul>
                    <li>"Ix: the Exodus NDS core rules (GM summary), narrative dice."</li>
                    <li>"Expedition: the Central Oregon Expeditionary Adventuring Company (COEAC) rules digest."</li>
                </ul>
                <p class="muted">"Satchel shows numbers and short summaries in its own words; the references remain their authors' work."</p>
            </div>
        </section>
    }
}

/// Damaged records, each with Download and Discard: set aside (`in_place` false) or still where
/// they were found.
fn damaged_list(state: AppState, list: Vec<Quarantined>, in_place: bool) -> impl IntoView {
    view! {
        <ul class="plain">
            {list
                .into_iter()
                .map(|q| {
                    let key = StoredValue::new(q.key.clone());
                    let raw = StoredValue::new(q.raw.clone());
                    let size = format::bytes(q.raw.len());
                    let discard = move |_| {
                        let key = key.get_value();
                        let done = state
                            .with_store(|s| if in_place { s.discard_stuck(&key) } else { s.discard(&key) });
                        if let Err(e) = done {
                            state.notify(vec![e.to_string()]);
                        }
                        state.storage_rev.update(|r| *r += 1);
                    };
                    view! {
                        <li class="row">
                            <code>{q.key.clone()}</code>
                            <span class="muted">{size}</span>
                            <button
                                type="button"
                                on:click=move |_| {
                                    browser::download("satchel-damaged-record.txt", &raw.get_value())
                                }
                            >
                                "Download"
                            </button>
                            <button type="button" class="danger" on:click=discard>
                                "Discard"
                            </button>
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}
