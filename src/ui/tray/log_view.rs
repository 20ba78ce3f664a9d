//! The roll log: newest first, filtered by character, exported as JSON or plain text, and
//! "Verify a log file", which checks an exported log's hash chain.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::TrayHandle;
use super::state::{Mode, TrayAction};
use crate::model::{
    ROLLS_KEPT, RollLog, VERIFY_MAX_BYTES, Verdict, find_code, short_code, verify_file,
};
use crate::ui::browser;

/// Rolls listed at once; the export holds them all.
const SHOWN: usize = 100;

fn date(ms: u64) -> js_sys::Date {
    js_sys::Date::new(&JsValue::from_f64(ms as f64))
}

/// Local time of day, "14:05".
fn clock(ms: u64) -> String {
    let d = date(ms);
    format!("{:02}:{:02}", d.get_hours(), d.get_minutes())
}

fn iso(ms: u64) -> String {
    date(ms).to_iso_string().into()
}

/// The newest `limit` rolls that pass `filter` ("" everyone, "-" nobody in particular, else a
/// character id), as list items.
fn log_rows(log: RwSignal<RollLog>, filter: &str, limit: usize) -> impl IntoView + use<> {
    log.with(|l| {
        l.entries
            .iter()
            .rev()
            .filter(|e| match filter {
                "" => true,
                "-" => e.record.character_id.is_none(),
                id => e.record.character_id.as_deref() == Some(id),
            })
            .take(limit)
            .map(|e| {
                let r = &e.record;
                let who = r.character.clone().unwrap_or_default();
                let what = [who.as_str(), r.label.as_str()]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join(" · ");
                view! {
                    <li>
                        <p class="outcome">{r.outcome.clone()}</p>
                        <p class="muted small">
                            {format!("#{} {} [{}] {}", e.seq, clock(r.time_ms), r.mode, what)}
                        </p>
                        <details>
                            <summary>{r.pool.clone()}</summary>
                            <p class="small">{r.faces.join("; ")}</p>
                        </details>
                    </li>
                }
            })
            .collect_view()
    })
}

/// One character's latest rolls, for its sheet. The tray's Log tab has the rest.
#[component]
pub fn CharacterRolls(character_id: String) -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    tray.read_log();
    let log = tray.log;
    let id = StoredValue::new(character_id);
    let any = move || {
        id.with_value(|id| {
            log.with(|l| {
                l.entries
                    .iter()
                    .any(|e| e.record.character_id.as_deref() == Some(id))
            })
        })
    };
    view! {
        <Show
            when=any
            fallback=|| view! { <p class="muted">"No rolls yet. Rolls made from this sheet show here."</p> }
        >
            <ol class="log" aria-label="This character's rolls, newest first">
                {move || id.with_value(|id| log_rows(log, id, 20))}
            </ol>
        </Show>
        <button
            type="button"
            on:click=move |_| {
                tray.act(TrayAction::SetMode(Mode::Log));
                tray.open.set(true);
            }
        >
            "Open the full log"
        </button>
    }
}

/// The log view.
#[component]
pub fn LogView() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    tray.read_log();
    let log = tray.log;
    // "" = everyone, "-" = rolls for nobody in particular, else a character id.
    let filter = RwSignal::new(String::new());
    let verdict = RwSignal::new(None::<String>);
    let noted = RwSignal::new(String::new());

    let people = move || {
        log.with(|l| {
            let mut seen: Vec<(String, String)> = Vec::new();
            for e in l.entries.iter().rev() {
                if let Some(id) = &e.record.character_id
                    && !seen.iter().any(|(i, _)| i == id)
                {
                    let name = e.record.character.clone().unwrap_or_else(|| id.clone());
                    seen.push((id.clone(), name));
                }
            }
            seen
        })
    };

    let rows = move || log_rows(log, &filter.get(), SHOWN);

    let on_file = move |ev: leptos::ev::Event| {
        let file = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|i| i.files())
            .and_then(|f| f.get(0));
        let Some(file) = file else {
            return;
        };
        // Refused by its size before a byte is read: a huge file would freeze the page.
        if file.size() > VERIFY_MAX_BYTES as f64 {
            verdict.set(Some(format!(
                "That file is {:.1} MB; an exported roll log is under {} MB, so it was not read.",
                file.size() / 1e6,
                VERIFY_MAX_BYTES / 1_000_000
            )));
            return;
        }
        verdict.set(Some("Checking…".into()));
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            let words = match text.ok().and_then(|t| t.as_string()) {
                Some(t) => {
                    let (v, entries) = verify_file(&t);
                    let code = noted.try_get_untracked().unwrap_or_default();
                    let code = code.trim();
                    match (&v, code.is_empty()) {
                        (Verdict::Intact { .. }, false) => match find_code(&entries, code) {
                            Some(seq) => format!(
                                "{} The code you noted, {code}, is roll #{seq} here: every roll up to it is as it was when you noted it.",
                                v.words()
                            ),
                            None => format!(
                                "{} The code you noted, {code}, is not in this file.",
                                v.words()
                            ),
                        },
                        _ => v.words(),
                    }
                }
                None => "That file could not be read.".to_string(),
            };
            verdict.set(Some(words));
        });
    };

    view! {
        <section class="log-view" aria-label="Roll log">
            <p class="muted small">
                {move || {
                    log.with(|l| {
                        format!(
                            "{} kept (the newest {ROLLS_KEPT}). Chain head code {}: note it to check a later export.",
                            match l.entries.len() {
                                1 => "1 roll".to_string(),
                                n => format!("{n} rolls"),
                            },
                            short_code(l.head())
                        )
                    })
                }}
            </p>
            {move || tray.log_note.with(|n| n.as_ref().map(|n| view! { <p class="field-error" role="alert">{n.to_string()}</p> }))}
            <label class="field">
                "Show rolls for"
                <select on:change=move |ev| filter.set(event_target_value(&ev)) prop:value=move || filter.get()>
                    <option value="">"Everyone"</option>
                    <option value="-">"No one"</option>
                    {move || {
                        people()
                            .into_iter()
                            .map(|(id, name)| view! { <option value=id>{name}</option> })
                            .collect_view()
                    }}
                </select>
            </label>
            <div class="row">
                <button
                    type="button"
                    on:click=move |_| browser::download("satchel-rolls.json", &log.with_untracked(|l| l.export_json()))
                >
                    "Export JSON"
                </button>
                <button
                    type="button"
                    on:click=move |_| browser::download("satchel-rolls.txt", &log.with_untracked(|l| l.export_text(iso)))
                >
                    "Export text"
                </button>
            </div>
            <label class="field">
                "Head code you noted (optional)"
                <input
                    type="text"
                    autocomplete="off"
                    spellcheck="false"
                    maxlength="64"
                    prop:value=move || noted.get()
                    on:input=move |ev| noted.set(event_target_value(&ev))
                />
            </label>
            <label class="field file">
                "Verify a log file"
                <input type="file" accept=".json,application/json" on:change=on_file/>
            </label>
            <p class="verdict" role="status">{move || verdict.get()}</p>
            <ol class="log" aria-label="Rolls, newest first">{rows}</ol>
        </section>
    }
}
