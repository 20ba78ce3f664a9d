//! Backup and restore: export files, import with a preview, and the browser's promise to keep
//! the data.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use super::browser;
use super::state::AppState;
use crate::model::{
    ConflictChoice, IMPORT_MAX_BYTES, ImportFile, PlanItem, doc_label, parse_import, plan_import,
};

const CONFLICT_CHOICES: [(ConflictChoice, &str); 2] = [
    (
        ConflictChoice::KeepBoth,
        "Keep both (the file's copies are added, marked “imported”)",
    ),
    (
        ConflictChoice::Replace,
        "Replace the ones here with the file's copies",
    ),
];

/// A validated file waiting for the user's go-ahead.
#[derive(Clone)]
struct Preview {
    file: ImportFile,
    plan: Vec<PlanItem>,
}

/// Export everything, import a file (validated, previewed, applied all or nothing).
#[component]
pub fn BackupPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let (preview, set_preview) = signal(None::<Preview>);
    let (choice, set_choice) = signal(ConflictChoice::KeepBoth);
    let (message, set_message) = signal(None::<(bool, String)>);
    let last_export = move || state.settings.with(|s| s.last_export_ms);

    let on_pick = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        // Clear so picking the same file again fires another change.
        input.set_value("");
        set_preview.set(None);
        set_message.set(None);
        spawn_local(async move {
            let result = browser::read_file(file, IMPORT_MAX_BYTES)
                .await
                .and_then(|raw| parse_import(&raw).map_err(|e| e.to_string()));
            match result {
                Ok(file) => {
                    let read_only = state.read_only_ids();
                    let plan = state
                        .roster
                        .with_untracked(|r| plan_import(r, &read_only, &file));
                    set_preview.set(Some(Preview { file, plan }));
                }
                Err(why) => set_message.set(Some((false, why))),
            }
        });
    };

    let confirm = move |_| {
        let Some(p) = preview.get_untracked() else {
            return;
        };
        match state.import(&p.plan, &p.file.documents, choice.get_untracked()) {
            Ok(n) => {
                set_preview.set(None);
                let tables = match p.file.documents.len() {
                    0 => String::new(),
                    1 => " and 1 table".into(),
                    t => format!(" and {t} tables"),
                };
                let chars = match n {
                    1 => "1 character".to_string(),
                    n => format!("{n} characters"),
                };
                set_message.set(Some((true, format!("Imported {chars}{tables}."))));
            }
            Err(why) => set_message.set(Some((false, why))),
        }
    };

    view! {
        <div class="panel">
            <h2>"Backup and restore"</h2>
            <p>
                "Export saves every character to a file you keep. Import reads such a file back, here or on another device, and shows what it will change first."
            </p>
            <p class="muted">
                {move || match last_export() {
                    Some(ms) => format!("Last full export: {}.", browser::local_date(ms)),
                    None => "You have not exported everything from this browser yet.".to_string(),
                }}
            </p>
            <div class="row">
                <button type="button" class="primary" on:click=move |_| state.export(None)>
                    "Export everything"
                </button>
                <label class="file-button">
                    <input type="file" accept=".json,application/json" on:change=on_pick/>
                    <span>"Import a file…"</span>
                </label>
            </div>
            <div role="status" aria-live="polite">
                {move || {
                    message
                        .get()
                        .map(|(ok, text)| {
                            view! { <p class=if ok { "ok" } else { "field-error" }>{text}</p> }
                        })
                }}
            </div>
            {move || {
                preview
                    .get()
                    .map(|p| {
                        let conflicts = p
                            .plan
                            .iter()
                            .filter(|i| matches!(i, PlanItem::Conflict { .. } | PlanItem::ReadOnly(_)))
                            .count();
                        let count = p.plan.len();
                        view! {
                            <section class="preview" aria-labelledby="import-title">
                                <h3 id="import-title">
                                    {format!(
                                        "Import {} from Satchel {}?",
                                        match (count, p.file.documents.len()) {
                                            (1, 0) => "1 character".to_string(),
                                            (n, 0) => format!("{n} characters"),
                                            (0, t) => format!("{t} table(s)"),
                                            (n, t) => format!("{n} character(s) and {t} table(s)"),
                                        },
                                        p.file.app,
                                    )}
                                </h3>
                                <ul class="plain">
                                    {p
                                        .plan
                                        .iter()
                                        .map(|item| match item {
                                            PlanItem::Add(c) => {
                                                view! {
                                                    <li>
                                                        <strong>"New: "</strong>
                                                        {c.name.clone()}
                                                        " (" {c.system().label()} ")"
                                                    </li>
                                                }
                                                    .into_any()
                                            }
                                            PlanItem::Conflict { incoming, existing } => {
                                                view! {
                                                    <li>
                                                        <strong>"Already here: "</strong>
                                                        {incoming.name.clone()}
                                                        " (here as " {existing.name.clone()} ")"
                                                    </li>
                                                }
                                                    .into_any()
                                            }
                                            PlanItem::ReadOnly(incoming) => {
                                                view! {
                                                    <li>
                                                        <strong>"Kept as it is: "</strong>
                                                        {incoming.name.clone()}
                                                        " (the copy here was saved by a newer Satchel and is read-only; keeping both adds the file's copy beside it)"
                                                    </li>
                                                }
                                                    .into_any()
                                            }
                                        })
                                        .collect_view()}
                                    {p
                                        .file
                                        .documents
                                        .iter()
                                        .map(|d| {
                                            view! {
                                                <li>
                                                    <strong>"Replaces: "</strong>
                                                    {doc_label(&d.name)}
                                                </li>
                                            }
                                        })
                                        .collect_view()}
                                    {p
                                        .file
                                        .left_out
                                        .iter()
                                        .map(|name| {
                                            view! {
                                                <li>
                                                    <strong>"Not imported: "</strong>
                                                    {doc_label(name)}
                                                    " (only this device can vouch for them; the ones here are kept)"
                                                </li>
                                            }
                                        })
                                        .collect_view()}
                                </ul>
                                {(conflicts > 0)
                                    .then(|| {
                                        view! {
                                            <fieldset class="choices">
                                                <legend>
                                                    {format!(
                                                        "{conflicts} already here: what should happen to them?",
                                                    )}
                                                </legend>
                                                {CONFLICT_CHOICES
                                                    .into_iter()
                                                    .map(|(c, label)| {
                                                        view! {
                                                            <label class="choice">
                                                                <input
                                                                    type="radio"
                                                                    name="conflict"
                                                                    prop:checked=move || choice.get() == c
                                                                    on:change=move |_| set_choice.set(c)
                                                                />
                                                                <span>{label}</span>
                                                            </label>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </fieldset>
                                        }
                                    })}
                                <div class="row">
                                    <button type="button" class="primary" on:click=confirm>
                                        "Import"
                                    </button>
                                    <button type="button" on:click=move |_| set_preview.set(None)>
                                        "Cancel"
                                    </button>
                                </div>
                            </section>
                        }
                    })
            }}
        </div>
    }
}

/// Whether the browser promised to keep Satchel's data, and a way to ask.
#[component]
pub fn PersistencePanel() -> impl IntoView {
    let (persisted, set_persisted) = signal(None::<bool>);
    spawn_local(async move { set_persisted.set(browser::storage_persisted(false).await) });
    let ask = move |_| {
        spawn_local(async move { set_persisted.set(browser::storage_persisted(true).await) })
    };
    view! {
        <div class="persist">
            {move || match persisted.get() {
                Some(true) => {
                    view! {
                        <p>
                            "This browser has promised to keep Satchel's data: it will not clear it to make room, only you can (by clearing site data). Satchel asked when your first character was created. Exporting now and then still guards against a lost or broken device."
                        </p>
                    }
                        .into_any()
                }
                Some(false) => {
                    view! {
                        <p>
                            "This browser has not promised to keep Satchel's data: it may clear it after some weeks unused (Safari does this for sites not added to the home screen). Install Satchel (Add to Home Screen) and export now and then."
                        </p>
                        <button type="button" on:click=ask>"Ask to keep my data"</button>
                    }
                        .into_any()
                }
                // WebKitGTK (and any browser without navigator.storage): nothing to ask, so
                // say what keeps the data safe instead.
                None => {
                    view! {
                        <p class="muted">
                            "This browser does not say whether it keeps site data, so Satchel cannot ask it to: export now and then to keep a copy. On an iPhone or iPad, Add to Home Screen also keeps Safari from clearing it after some weeks unused."
                        </p>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}
