//! Share a character as a link or a QR code, and open such a link (preview, then save).

use leptos::html;
use leptos::prelude::*;

use super::state::AppState;
use super::tray::{Prefill, TrayHandle, TrayRequest};
use crate::model::{
    Character, ConflictChoice, ExportKind, ImportFile, PlanItem, Proposal, ShareError, plan_import,
    proposal_fragment, read_proposal_fragment, read_share_fragment, share_fragment,
};
use crate::rules::ix::pool::Pool as IxPool;

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

/// A share link, ready to copy, and its QR code.
#[component]
fn LinkAndCode(link: String) -> impl IntoView {
    let qr = qr_path(&link);
    view! {
        <label class="field">
            <span>"Share link"</span>
            <input
                type="text"
                readonly
                prop:value=link
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
                view! { <p>"Too large for a QR code; send the link or export a file instead."</p> }
                    .into_any()
            }
        }}
    }
}

/// A dialog with the character's share link and its QR code.
#[component]
pub fn ShareDialog(character: Character, on_close: impl Fn() + Copy + 'static) -> impl IntoView {
    let link = share_fragment(&character).map(|f| format!("{}{}", base_url(), f));
    let close_button = NodeRef::<html::Button>::new();
    // The dialog arrives in a chunk and is built before it is in the document: focus it once
    // it has been painted.
    Effect::new(move |_| {
        if let Some(b) = close_button.get() {
            request_animation_frame(move || {
                let _ = b.focus();
            });
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
            {match link {
                Ok(link) => view! {
                    <p class="muted">
                        "The character travels inside the link itself: no server sees it. Whoever opens it is asked before anything is saved."
                    </p>
                    <LinkAndCode link/>
                }
                    .into_any(),
                Err(why) => view! { <p class="field-error" role="alert">{why.to_string()}</p> }.into_any(),
            }}
        </div>
    }
}

/// In the tray: the GM shares the difficulty being built as a link and QR code, for a player
/// to open in their own tray.
#[component]
pub fn ShareProposal() -> impl IntoView {
    let tray = expect_context::<TrayHandle>();
    let (shown, set_shown) = signal(false);
    // A memo, so the QR code is drawn again only when the difficulty itself changes.
    let proposal = Memo::new(move |_| tray.proposal());
    view! {
        <div class="proposal-share">
            <button
                type="button"
                aria-expanded=move || shown.get().to_string()
                on:click=move |_| set_shown.update(|s| *s = !*s)
            >
                "Share this difficulty with a player"
            </button>
            {move || {
                shown
                    .get()
                    .then(|| match proposal.get() {
                        Ok(p) => {
                            let link = format!("{}{}", base_url(), proposal_fragment(&p));
                            view! {
                                <p class="muted">
                                    "The player opens it in their own tray: their dice stay, the difficulty becomes yours."
                                </p>
                                <LinkAndCode link/>
                            }
                                .into_any()
                        }
                        Err(why) => view! { <p class="field-error">{why.to_string()}</p> }.into_any(),
                    })
            }}
        </div>
    }
}

/// Shown when the page was opened from a proposed-difficulty link.
#[component]
pub fn ProposalPreview(fragment: String, on_done: impl Fn() + Copy + 'static) -> impl IntoView {
    let tray = expect_context::<TrayHandle>();
    match read_proposal_fragment(&fragment) {
        Err(e) => view! {
            <div class="panel share-preview" role="alert">
                <h2>"This link cannot be opened"</h2>
                <p>{e.to_string()}</p>
                <button type="button" on:click=move |_| on_done()>"Back to the roster"</button>
            </div>
        }
        .into_any(),
        Ok(p) => {
            let what = match &p {
                Proposal::Ix { pool, .. } => {
                    // Only the difficulty side travels into the player's tray.
                    let difficulty = IxPool::new().with_difficulty_of(pool);
                    format!("Ix: {}", difficulty.describe())
                }
                Proposal::Expedition { ob, .. } => format!("Expedition: Ob {ob}"),
            };
            let label = p.label().to_string();
            let proposal = StoredValue::new(p);
            let open = move |_| {
                // Only the difficulty travels: the player's own dice and fields stay.
                let (label, prefill) = proposal.with_value(|p| match p {
                    Proposal::Ix { label, pool } => (label.clone(), Prefill::IxDifficulty(*pool)),
                    Proposal::Expedition { label, ob } => (label.clone(), Prefill::Ob(*ob)),
                });
                tray.open(TrayRequest {
                    label,
                    prefill,
                    ..TrayRequest::default()
                });
                on_done();
            };
            view! {
                <section class="panel share-preview" aria-labelledby="proposal-title">
                    <h2 id="proposal-title">"Your GM proposes a difficulty"</h2>
                    {(!label.is_empty()).then(|| view! { <p><strong>{label}</strong></p> })}
                    <p>{what}</p>
                    <div class="row">
                        <button type="button" class="primary" on:click=open>
                            "Open in dice tray"
                        </button>
                        <button type="button" on:click=move |_| on_done()>"Dismiss"</button>
                    </div>
                </section>
            }
            .into_any()
        }
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
                documents: vec![],
            };
            let read_only = state.read_only_ids();
            let plan = StoredValue::new(
                state
                    .roster
                    .with_untracked(|r| plan_import(r, &read_only, &file)),
            );
            let exists = plan.with_value(|p| matches!(p.first(), Some(PlanItem::Conflict { .. })));
            let locked = plan.with_value(|p| matches!(p.first(), Some(PlanItem::ReadOnly(_))));
            let save =
                move |choice: ConflictChoice| match state.import(&plan.get_value(), &[], choice) {
                    Ok(_) => on_done(),
                    Err(why) => set_message.set(Some(why)),
                };
            view! {
                <section class="panel share-preview" aria-labelledby="share-preview-title">
                    <h2 id="share-preview-title">"A character was shared with you"</h2>
                    <p>
                        <strong>{c.name.clone()}</strong>
                        " (" {c.system().label()} ")"
                    </p>
                    {exists
                        .then(|| {
                            view! {
                                <p>"You already have this character. Replace yours, or keep both?"</p>
                            }
                        })}
                    {locked
                        .then(|| {
                            view! {
                                <p>"Your copy of this character was saved by a newer Satchel and is read-only here, so it is kept as it is. Saving adds the shared one beside it."</p>
                            }
                        })}
                    <p class="field-error" role="alert">{move || message.get()}</p>
                    <div class="row">
                        {if exists || locked {
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
