//! Share a character as a link or a QR code, and open such a link (preview, then save).

use leptos::html;
use leptos::prelude::*;

use super::state::AppState;
use crate::model::{
    Character, ConflictChoice, ExportKind, ImportFile, PlanItem, ShareError, plan_import,
    read_share_fragment, share_fragment,
};

/// The page's address without its fragment, so a link opens this same deployment.
fn base_url() -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// The QR code's dark modules as one SVG path, with the standard 4-module quiet zone.
fn qr_path(text: &str) -> Option<(usize, String)> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    let width = code.width();
    let mut d = String::new();
    for (i, color) in code.to_colors().iter().enumerate() {
        if *color == qrcode::Color::Dark {
            d.push_str(&format!("M{} {}h1v1h-1z", i % width + 4, i / width + 4));
        }
    }
    Some((width + 8, d))
}

/// A dialog with the character's share link and its QR code.
#[component]
pub fn ShareDialog(character: Character, on_close: impl Fn() + Copy + 'static) -> impl IntoView {
    let link = format!("{}{}", base_url(), share_fragment(&character));
    let qr = qr_path(&link);
    let close_button = NodeRef::<html::Button>::new();
    Effect::new(move |_| {
        if let Some(b) = close_button.get() {
            let _ = b.focus();
        }
    });
    let title = format!("Share {}", character.name);
    view! {
        <div class="scrim" on:click=move |_| on_close()></div>
        <div
            class="tray share"
            role="dialog"
            aria-modal="true"
            aria-labelledby="share-title"
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    on_close();
                }
            }
        >
            <div class="tray-head">
                <h2 id="share-title">{title}</h2>
                <button type="button" node_ref=close_button on:click=move |_| on_close()>
                    "Close"
                </button>
            </div>
            <p class="muted">
                "The character travels inside the link itself: no server sees it. Whoever opens it is asked before anything is saved."
            </p>
            <label class="field">
                <span>"Share link"</span>
                <input
                    type="text"
                    readonly
                    prop:value=link.clone()
                    on:focus=move |ev| {
                        use wasm_bindgen::JsCast;
                        if let Some(i) = ev
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                        {
                            i.select();
                        }
                    }
                />
            </label>
            {match qr {
                Some((size, d)) => {
                    view! {
                        <svg
                            class="qr"
                            viewBox=format!("0 0 {size} {size}")
                            role="img"
                            aria-label="QR code of the share link"
                            shape-rendering="crispEdges"
                        >
                            <rect width=size.to_string() height=size.to_string() fill="#fff"></rect>
                            <path d=d fill="#000"></path>
                        </svg>
                    }
                        .into_any()
                }
                None => {
                    view! {
                        <p>"This character is too large for a QR code; send the link or export a file instead."</p>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}

/// Shown when the page was opened from a share link: what it holds, and whether to save it.
#[component]
pub fn SharePreview(fragment: String, on_done: impl Fn() + Copy + 'static) -> impl IntoView {
    let state = expect_context::<AppState>();
    let parsed: Result<Character, ShareError> = read_share_fragment(&fragment);
    let (message, set_message) = signal(None::<String>);
    match parsed {
        Err(e) => view! {
            <div class="panel share-preview" role="alert">
                <h2>"This link cannot be opened"</h2>
                <p>{e.to_string()}</p>
                <p class="muted">"Nothing was saved."</p>
                <button type="button" on:click=move |_| on_done()>"Back to the roster"</button>
            </div>
        }
        .into_any(),
        Ok(c) => {
            let file = ImportFile {
                kind: ExportKind::Character,
                app: String::new(),
                exported_ms: 0,
                characters: vec![c.clone()],
            };
            let plan = StoredValue::new(state.roster.with_untracked(|r| plan_import(r, &file)));
            let exists = plan.with_value(|p| matches!(p.first(), Some(PlanItem::Conflict { .. })));
            let save = move |choice: ConflictChoice| match state.import(&plan.get_value(), choice) {
                Ok(_) => on_done(),
                Err(why) => set_message.set(Some(why)),
            };
            view! {
                <section class="panel share-preview" aria-labelledby="share-preview-title">
                    <h2 id="share-preview-title">"A character was shared with you"</h2>
                    <p>
                        <strong>{c.name.clone()}</strong>
                        " (" {c.system.label()} ")"
                    </p>
                    {exists
                        .then(|| {
                            view! {
                                <p>"You already have this character. Replace yours, or keep both?"</p>
                            }
                        })}
                    <p class="field-error" role="alert">{move || message.get()}</p>
                    <div class="row">
                        {if exists {
                            view! {
                                <button type="button" class="primary" on:click=move |_| save(ConflictChoice::KeepBoth)>
                                    "Keep both"
                                </button>
                                <button type="button" on:click=move |_| save(ConflictChoice::Replace)>
                                    "Replace mine"
                                </button>
                            }
                                .into_any()
                        } else {
                            view! {
                                <button type="button" class="primary" on:click=move |_| save(ConflictChoice::Replace)>
                                    "Save to my roster"
                                </button>
                            }
                                .into_any()
                        }}
                        <button type="button" on:click=move |_| on_done()>"Don't save"</button>
                    </div>
                </section>
            }
            .into_any()
        }
    }
}
