//! The History panel of a sheet or table: the versions this device kept of the record, what
//! changed after each, and a way to put any of them back (the restore itself undoable).

use std::collections::BTreeMap;

use leptos::prelude::*;

use super::browser;
use super::format::plural;
use super::state::AppState;
use crate::model::history::{Change, HISTORY_EVERY_MS, HISTORY_KEEP, changes};
use crate::storage::Version;

/// Changes listed per version before the rest are counted.
const SHOWN: usize = 12;

/// Restores a version's text; returns the version holding what was there before.
pub type Restore = Callback<String, Result<Option<Version>, String>>;

/// One row of the list: a kept version and what changed after it.
#[derive(Clone, PartialEq)]
struct Row {
    version: Version,
    after: Vec<Change>,
}

/// The History panel for the record stored under `record_key`. `what` names it in sentences
/// ("this sheet", "this table"); `restore` puts a version back through the record's own path.
#[component]
pub fn HistoryPanel(
    record_key: String,
    #[prop(into)] what: String,
    restore: Restore,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let key = StoredValue::new(record_key);
    let what = StoredValue::new(what);
    let open = RwSignal::new(false);
    let message = RwSignal::new(None::<String>);
    // The version that holds what was there before the last restore, for "Undo restore".
    let undo = RwSignal::new(None::<Version>);
    // What changed between two kept versions never changes: compared once, by their keys. Only
    // the newest version's comparison with what is stored now is redone on each save.
    let compared = StoredValue::new(BTreeMap::<(String, String), Vec<Change>>::new());

    let rows = Memo::new(move |_| {
        if !open.get() {
            return Ok(Vec::new());
        }
        state.storage_rev.track();
        let list = state.history(&key.read_value())?;
        let mut rows = Vec::new();
        for pair in list.windows(2) {
            let ((newer, newer_text), (older, older_text)) = (&pair[0], &pair[1]);
            let Some(version) = older.clone() else {
                continue;
            };
            let after = match newer {
                None => changes(older_text, newer_text),
                Some(n) => {
                    let id = (version.key.clone(), n.key.clone());
                    let known = compared.with_value(|c| c.get(&id).cloned());
                    known.unwrap_or_else(|| {
                        let found = changes(older_text, newer_text);
                        compared.update_value(|c| {
                            c.insert(id, found.clone());
                        });
                        found
                    })
                }
            };
            rows.push(Row { version, after });
        }
        Ok::<_, String>(rows)
    });

    let keep_now = move |_| {
        message.set(Some(match state.keep_version(&key.read_value()) {
            Ok(Some(_)) => "Kept a version of how it is now.".into(),
            Ok(None) => "Nothing is saved yet to keep.".into(),
            Err(e) => e,
        }));
    };
    let put_back = move |version: Version| {
        let when = browser::local_moment(version.saved_ms);
        match state
            .version_text(&version)
            .and_then(|text| restore.run(text))
        {
            Ok(before) => {
                undo.set(before);
                message.set(Some(format!(
                    "Restored the version from {when}. How it was a moment ago is kept as a version too."
                )));
            }
            Err(e) => {
                undo.set(None);
                message.set(Some(e));
            }
        }
    };

    let list = move || match rows.get() {
        Err(e) => view! { <p class="error" role="alert">{e}</p> }.into_any(),
        Ok(rows) if rows.is_empty() => view! {
            <p class="muted">"No earlier version yet: the first is kept once this is edited."</p>
        }
        .into_any(),
        Ok(rows) => view! {
            <ol class="list-plain history-list">
                {rows.into_iter().map(|row| view! { <VersionRow row put_back/> }).collect_view()}
            </ol>
        }
        .into_any(),
    };

    view! {
        <section class="panel history no-print" aria-labelledby="history-title">
            <h2 id="history-title">"History"</h2>
            <p class="hint">
                {move || format!(
                    "This device keeps a version of {} every {} minutes while it is edited, the last {}, and one before every restore or import that replaces it.",
                    what.read_value(),
                    HISTORY_EVERY_MS / 60_000,
                    HISTORY_KEEP,
                )}
            </p>
            <div class="row">
                <button type="button" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                    {move || if open.get() { "Hide versions" } else { "Show versions" }}
                </button>
                <button type="button" on:click=keep_now>"Keep a version now"</button>
            </div>
            <div role="status" aria-live="polite" class="history-status">
                {move || message.get().map(|m| view! { <p>{m}</p> })}
                {move || undo.get().map(|v| {
                    view! {
                        <button type="button" on:click=move |_| {
                            undo.set(None);
                            put_back(v.clone());
                        }>"Undo restore"</button>
                    }
                })}
            </div>
            {move || open.get().then(list)}
        </section>
    }
}

/// One kept version: when, what changed after it, and Restore.
#[component]
fn VersionRow<F>(row: Row, put_back: F) -> impl IntoView
where
    F: Fn(Version) + Copy + 'static,
{
    let when = browser::local_moment(row.version.saved_ms);
    let count = row.after.len();
    let summary = match count {
        0 => "Nothing changed after it.".to_string(),
        n => format!("{} after it", plural(n, "change")),
    };
    let more = count.saturating_sub(SHOWN);
    let items = row
        .after
        .iter()
        .take(SHOWN)
        .map(|c| view! { <li>{c.to_string()}</li> })
        .collect_view();
    let label = format!("Restore the version from {when}");
    let version = row.version;
    view! {
        <li class="history-row">
            <p><strong>{when}</strong>" · "{summary.clone()}</p>
            {(count > 0).then(|| view! {
                <details>
                    <summary>"What changed after it"</summary>
                    <ul>
                        {items}
                        {(more > 0).then(|| view! { <li>{format!("and {more} more")}</li> })}
                    </ul>
                </details>
            })}
            <button type="button" aria-label=label on:click=move |_| put_back(version.clone())>
                "Restore"
            </button>
        </li>
    }
}

/// The History panel of a named document (a GM table, the party's gear).
pub fn doc_history<D: crate::model::NamedDocument>(what: &'static str) -> impl IntoView {
    let doc = expect_context::<AppState>().doc::<D>();
    let restore = Callback::new(move |text: String| doc.restore(&text));
    view! { <HistoryPanel record_key=crate::storage::doc_key(D::NAME) what restore/> }
}

/// The History panel of a character's sheet.
pub fn character_history(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let key = crate::storage::character_key(&id);
    let restore = Callback::new(move |text: String| state.restore_character(&id, &text));
    view! { <HistoryPanel record_key=key what="this sheet" restore/> }
}
