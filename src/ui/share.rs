//! Share a character as a link or a QR code, and open such a link (preview, then save).

use leptos::html;
use leptos::prelude::*;

use super::state::AppState;
use super::tray::{Prefill, TrayHandle, TrayRequest};
use crate::model::sealed::ix_difficulty;
use crate::model::sync::{
    Newness, Revision, StatusUpdate, StatusVitals, apply_status, read_status_fragment,
    status_fragment, status_newness,
};
use crate::model::{
    Applied, Character, ConflictChoice, ExportKind, ImportFile, PlanItem, Proposal, ShareError,
    plan_import, proposal_fragment, read_proposal_fragment, read_share_fragment, share_fragment,
};

/// The page's address without its fragment, so a link opens this same deployment.
pub(super) fn base_url() -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// The QR code's dark modules as one SVG path, with the standard 4-module quiet zone; also
/// the code's version, for the caption. `low_ec`: level L instead of M, for codes shown on a
/// clean screen that must stay small (the live link's).
fn qr_path(text: &str, low_ec: bool) -> Option<(usize, i16, String)> {
    let ec = if low_ec {
        qrcode::EcLevel::L
    } else {
        qrcode::EcLevel::M
    };
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), ec).ok()?;
    let width = code.width();
    let version = match code.version() {
        qrcode::Version::Normal(v) | qrcode::Version::Micro(v) => v,
    };
    let mut d = String::new();
    for (i, color) in code.to_colors().iter().enumerate() {
        if *color == qrcode::Color::Dark {
            d.push_str(&format!("M{} {}h1v1h-1z", i % width + 4, i / width + 4));
        }
    }
    Some((width + 8, version, d))
}

/// CSS pixels a module at the default size: a whole number, at least 3 (a phone's camera
/// reads 3 px modules from a screen; 1.8 px ones it often does not), filling about 288 px.
fn module_px(size: usize) -> usize {
    (288 / size.max(1)).max(3)
}

/// A QR code drawn at a scannable size; a tap shows it as large as the screen allows.
#[component]
pub(super) fn QrCode(
    text: String,
    label: &'static str,
    #[prop(optional)] low_ec: bool,
) -> impl IntoView {
    let large = RwSignal::new(false);
    match qr_path(&text, low_ec) {
        Some((size, version, d)) => {
            let px = size * module_px(size);
            let modules = size - 8;
            view! {
                <button
                    type="button"
                    class="qr-button"
                    style:display="block"
                    style:margin="1rem auto 0"
                    style:padding="0.25rem"
                    style:background="#fff"
                    style:max-width="100%"
                    aria-pressed=move || large.get().to_string()
                    aria-label=move || {
                        if large.get() { "Show the QR code smaller" } else { "Show the QR code larger" }
                    }
                    on:click=move |_| large.update(|l| *l = !*l)
                >
                    <svg
                        class="qr"
                        viewBox=format!("0 0 {size} {size}")
                        style:width=move || {
                            if large.get() { "min(92vw, 80vh)".to_string() } else { format!("{px}px") }
                        }
                        style:max-width="100%"
                        style:margin="0 auto"
                        role="img"
                        aria-label=label
                        shape-rendering="crispEdges"
                    >
                        <rect width=size.to_string() height=size.to_string() fill="#fff"></rect>
                        <path d=d fill="#000"></path>
                    </svg>
                </button>
                <p class="muted qr-size" style:text-align="center">
                    {format!("QR version {version}, {modules}×{modules} modules. Tap it to enlarge.")}
                </p>
            }
            .into_any()
        }
        None => view! { <p>"Too large for a QR code; send the link or export a file instead."</p> }
            .into_any(),
    }
}

/// Calls `navigator[object][method](arg)` and waits for its promise; `false` when the
/// browser has no such call or refuses. Through `Reflect` and unchecked casts, so this chunk
/// adds as few browser bindings as it can to the first-load glue, where wasm-bindgen puts them.
async fn call_navigator(object: Option<&str>, method: &str, arg: wasm_bindgen::JsValue) -> bool {
    use wasm_bindgen::JsCast;
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    let target: wasm_bindgen::JsValue = match object {
        Some(name) => match js_sys::Reflect::get(&nav, &name.into()) {
            Ok(v) if v.is_object() => v,
            _ => return false,
        },
        None => nav.into(),
    };
    let f = match js_sys::Reflect::get(&target, &method.into()) {
        Ok(f) if f.is_function() => f.unchecked_into::<js_sys::Function>(),
        _ => return false,
    };
    match f.call1(&target, &arg) {
        Ok(p) if p.is_object() => {
            wasm_bindgen_futures::JsFuture::from(p.unchecked_into::<js_sys::Promise>())
                .await
                .is_ok()
        }
        _ => false,
    }
}

/// Whether the device offers its own share sheet (the Web Share API).
fn can_share() -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.navigator(), &"share".into()).ok())
        .is_some_and(|f| f.is_function())
}

/// A link in a read-only field, with Copy and (where the device has one) Share; what they
/// did is said in a live region beside them.
#[component]
pub(super) fn LinkField(link: String, label: &'static str, title: String) -> impl IntoView {
    let said = RwSignal::new(String::new());
    let link = StoredValue::new(link);
    let copy = move |_| {
        leptos::task::spawn_local(async move {
            let ok = call_navigator(Some("clipboard"), "writeText", link.get_value().into()).await;
            said.set(if ok {
                "Copied".into()
            } else {
                "Could not copy: select the link and copy it by hand.".into()
            });
        });
    };
    let title = StoredValue::new(title);
    let share = move |_| {
        leptos::task::spawn_local(async move {
            let data = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&data, &"title".into(), &title.get_value().into());
            let _ = js_sys::Reflect::set(&data, &"url".into(), &link.get_value().into());
            let ok = call_navigator(None, "share", data.into()).await;
            said.set(if ok {
                "Shared".into()
            } else {
                "Not shared".into()
            });
        });
    };
    view! {
        <label class="field">
            <span>{label}</span>
            <input
                type="text"
                readonly
                prop:value=link.get_value()
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
        <div class="row share-actions">
            <button type="button" aria-label=format!("Copy the {}", label.to_lowercase()) on:click=copy>
                "Copy"
            </button>
            {can_share()
                .then(|| {
                    view! {
                        <button type="button" aria-label=format!("Share the {}", label.to_lowercase()) on:click=share>
                            "Share…"
                        </button>
                    }
                })}
            <span class="share-said" role="status">{move || said.get()}</span>
        </div>
    }
}

/// A share link, ready to copy, and its QR code (the tray's proposed difficulty).
#[component]
fn LinkAndCode(link: String) -> impl IntoView {
    view! {
        <LinkField link=link.clone() label="Share link" title="Satchel".into()/>
        <QrCode text=link label="QR code of the share link"/>
    }
}

/// A dialog with the character's status update (link and QR code, small enough to scan)
/// and the whole character's link.
#[component]
pub fn ShareDialog(character: Character, on_close: impl Fn() + Copy + 'static) -> impl IntoView {
    let base = base_url();
    let link = share_fragment(&character).map(|f| format!("{base}{f}"));
    let status = format!("{base}{}", status_fragment(&character));
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
    // On the window, not the dialog: Escape closes it even before focus has moved inside
    // (the focus waits for a paint, and a quick key can come first).
    let esc = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            on_close();
        }
    });
    on_cleanup(move || esc.remove());
    let title = format!("Share {}", character.name);
    let name = character.name.clone();
    view! {
        <div class="scrim" on:click=move |_| on_close()></div>
        <div class="tray share" role="dialog" aria-modal="true" aria-labelledby="share-title">
            <div class="tray-head">
                <h2 id="share-title">{title}</h2>
                <button type="button" node_ref=close_button on:click=move |_| on_close()>
                    "Close"
                </button>
            </div>
            <p class="muted">
                "Everything travels inside the link itself: no server sees it. Whoever opens it is asked before anything is saved."
            </p>
            <section aria-labelledby="share-status-title">
                <h3 id="share-status-title">"Status update"</h3>
                <p class="muted">
                    "Health, conditions and Cash, with this sheet's revision: for the GM's copy of this character. An older update never replaces a newer one."
                </p>
                <QrCode text=status.clone() label="QR code of the status update"/>
                <LinkField link=status label="Status update link" title=format!("{name}: status")/>
            </section>
            <section aria-labelledby="share-whole-title">
                <h3 id="share-whole-title">"The whole character"</h3>
                {match link {
                    Ok(link) => view! {
                        <p class="muted">
                            "Everything on the sheet: send it once (or after changing gear, skills or notes). Too long for a QR code a phone reads well, so send the link or export a file from the roster."
                        </p>
                        <LinkField link label="Character link" title=name.clone()/>
                    }
                        .into_any(),
                    Err(why) => view! { <p class="field-error" role="alert">{why.to_string()}</p> }.into_any(),
                }}
            </section>
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
                                <super::sealed::SealCheck/>
                            }
                                .into_any()
                        }
                        Err(why) => view! { <p class="field-error">{why.to_string()}</p> }.into_any(),
                    })
            }}
        </div>
    }
}

/// A link that cannot be used: why, what was left alone, and the way back.
#[component]
pub(super) fn LinkRefused(
    title: &'static str,
    why: String,
    #[prop(optional)] kept: Option<&'static str>,
    on_done: impl Fn() + Copy + 'static,
) -> impl IntoView {
    view! {
        <div class="panel share-preview" role="alert">
            <h2>{title}</h2>
            <p>{why}</p>
            {kept.map(|k| view! { <p class="muted">{k}</p> })}
            <button type="button" on:click=move |_| on_done()>"Back to the roster"</button>
        </div>
    }
}

/// What a proposal asks, in words: "Ix: 2 Trial" (only the difficulty side travels) or
/// "Expedition: Ob 4 (Complexity: moderate +2, Lighting: dark +2)", the Factors shared.
pub(super) fn asks(p: &Proposal) -> String {
    match p {
        Proposal::Ix { pool, .. } => format!("Ix: {}", ix_difficulty(pool)),
        Proposal::Expedition { ob, why, .. } if why.is_empty() => format!("Expedition: Ob {ob}"),
        Proposal::Expedition { ob, why, .. } => {
            format!("Expedition: Ob {ob} ({})", why.join(", "))
        }
    }
}

/// The tray's request for a proposal: its difficulty (or Ob) and label; the player's own dice
/// and fields stay.
pub(super) fn request_for(p: &Proposal) -> TrayRequest {
    TrayRequest {
        label: p.label().to_string(),
        prefill: match p {
            Proposal::Ix { pool, .. } => Prefill::IxDifficulty(*pool),
            Proposal::Expedition { ob, .. } => Prefill::Ob(*ob),
        },
        ..TrayRequest::default()
    }
}

/// Shown when the page was opened from a proposed-difficulty link.
#[component]
pub fn ProposalPreview(fragment: String, on_done: impl Fn() + Copy + 'static) -> impl IntoView {
    let tray = expect_context::<TrayHandle>();
    match read_proposal_fragment(&fragment) {
        Err(e) => {
            view! { <LinkRefused title="This link cannot be opened" why=e.to_string() on_done/> }
                .into_any()
        }
        Ok(p) => {
            let what = asks(&p);
            let label = p.label().to_string();
            let proposal = StoredValue::new(p);
            let open = move |_| {
                tray.open(proposal.with_value(request_for));
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

/// Shown when the page was opened from a share link: what it holds, how it compares with
/// a copy already here, and whether to save it.
#[component]
pub fn SharePreview(fragment: String, on_done: impl Fn() + Copy + 'static) -> impl IntoView {
    let state = expect_context::<AppState>();
    let parsed: Result<Character, ShareError> = read_share_fragment(&fragment);
    let (message, set_message) = signal(None::<String>);
    match parsed {
        Err(e) => view! {
            <LinkRefused title="This link cannot be opened" why=e.to_string() kept="Nothing was saved." on_done/>
        }
        .into_any(),
        Ok(mut c) => {
            // Another device's character is a player's: the copy here records whose it is.
            // One that comes back to its owner is theirs again.
            let mine = state.settings.with_untracked(|s| s.device.clone());
            if c.owner.as_deref() == Some(mine.as_str()) {
                c.owner = None;
            } else if c.owner.is_none() && c.device != mine {
                c.owner = Some(c.device.clone());
            }
            let file = ImportFile {
                kind: ExportKind::Character,
                app: String::new(),
                exported_ms: 0,
                characters: vec![c.clone()],
                documents: vec![],
        left_out: vec![],
            };
            let read_only = state.read_only_ids();
            let plan = StoredValue::new(
                state
                    .roster
                    .with_untracked(|r| plan_import(r, &read_only, &file)),
            );
            let newness = plan.with_value(|p| match p.first() {
                Some(PlanItem::Conflict { incoming, existing }) => {
                    Some(Revision::of(incoming).compare(&Revision::of(existing)))
                }
                _ => None,
            });
            let locked = plan.with_value(|p| matches!(p.first(), Some(PlanItem::ReadOnly(_))));
            let save =
                move |choice: ConflictChoice| match state.import(&plan.get_value(), &[], choice) {
                    Ok(_) => on_done(),
                    Err(why) => set_message.set(Some(why)),
                };
            let compared = newness.map(|n| {
                format!(
                    "You already have this character. The shared copy is {} (change {} from {}).",
                    n.label(),
                    c.rev,
                    if c.updated_ms == 0 {
                        "an unknown time".to_string()
                    } else {
                        when(c.updated_ms)
                    }
                )
            });
            view! {
                <section class="panel share-preview" aria-labelledby="share-preview-title">
                    <h2 id="share-preview-title">"A character was shared with you"</h2>
                    <p>
                        <strong>{c.name.clone()}</strong>
                        " (" {c.system().label()} ")"
                        {c.owner.is_some().then_some(" · a player's character, kept on their device")}
                    </p>
                    {compared.map(|text| view! { <p class="share-newness">{text}</p> })}
                    {locked
                        .then(|| {
                            view! {
                                <p>"Your copy of this character was saved by a newer Satchel and is read-only here, so it is kept as it is. Saving adds the shared one beside it."</p>
                            }
                        })}
                    <p class="field-error" role="alert">{move || message.get()}</p>
                    <div class="row">
                        {match (newness, locked) {
                            (Some(Newness::Newer), _) => view! {
                                <button type="button" class="primary" on:click=move |_| save(ConflictChoice::Update)>
                                    "Update"
                                </button>
                                <button type="button" on:click=move |_| save(ConflictChoice::KeepBoth)>
                                    "Keep both"
                                </button>
                            }
                                .into_any(),
                            // An older copy replaces a newer one only when asked in so many words.
                            (Some(Newness::Older), _) => view! {
                                <button type="button" class="primary" on:click=move |_| on_done()>
                                    "Keep mine"
                                </button>
                                <button type="button" on:click=move |_| save(ConflictChoice::Replace)>
                                    "Replace mine with this older copy"
                                </button>
                                <button type="button" on:click=move |_| save(ConflictChoice::KeepBoth)>
                                    "Keep both"
                                </button>
                            }
                                .into_any(),
                            (Some(Newness::Same), _) => view! {
                                <button type="button" class="primary" on:click=move |_| on_done()>
                                    "Done"
                                </button>
                                <button type="button" on:click=move |_| save(ConflictChoice::KeepBoth)>
                                    "Keep both"
                                </button>
                            }
                                .into_any(),
                            (None, true) => view! {
                                <button type="button" class="primary" on:click=move |_| save(ConflictChoice::KeepBoth)>
                                    "Keep both"
                                </button>
                            }
                                .into_any(),
                            (None, false) => view! {
                                <button type="button" class="primary" on:click=move |_| save(ConflictChoice::Replace)>
                                    "Save to my roster"
                                </button>
                            }
                                .into_any(),
                        }}
                        <button type="button" on:click=move |_| on_done()>"Don't save"</button>
                    </div>
                </section>
            }
            .into_any()
        }
    }
}

/// When a revision was made, from here ("3 min ago"); the clock is the sender's.
fn when(ms: u64) -> String {
    if ms == 0 {
        "at a time not recorded".into()
    } else {
        super::format::ago(ms, super::browser::now_ms())
    }
}

/// A status update's fields in words.
fn describe(v: &StatusVitals) -> String {
    match v {
        StatusVitals::Ix {
            wounds,
            wounds_max,
            strain,
            strain_max,
            conditions,
            critical_owed,
            ..
        } => {
            let mut s =
                format!("Wounds {wounds} of {wounds_max} · Strain {strain} of {strain_max}");
            for c in conditions {
                s.push_str(" · ");
                s.push_str(c.name());
            }
            if *critical_owed {
                s.push_str(" · Critical Injury owed");
            }
            s
        }
        StatusVitals::Expedition {
            hp,
            max_hp,
            bonus_hp,
            cash,
            dead,
            ..
        } => {
            let mut s = format!("HP {hp} of {max_hp}");
            if *bonus_hp > 0 {
                s.push_str(&format!(" (+{bonus_hp} Bonus HP)"));
            }
            if *dead {
                s.push_str(" · dead");
            }
            s.push_str(&format!(" · Cash {cash}"));
            s
        }
    }
}

/// The joined device that keeps character `id`, by name, if its owner joined this table.
fn joined_owner(state: AppState, id: &str) -> Option<String> {
    let owner = state
        .roster
        .with_untracked(|r| r.get(id).and_then(|c| c.owner.clone()))?;
    state
        .doc::<crate::model::table_link::LinkBook>()
        .with_untracked(|b| b.peer(&owner).map(|p| p.name.clone()))
}

/// Shown when the page was opened from a status update's link: the new status of a
/// character the GM already has, applied only on Update and only when it is newer.
#[component]
pub fn StatusPreview(fragment: String, on_done: impl Fn() + Copy + 'static) -> impl IntoView {
    let state = expect_context::<AppState>();
    let (message, set_message) = signal(None::<String>);
    let read = read_status_fragment(&fragment)
        .and_then(|u| {
            let n = state.roster.with_untracked(|r| status_newness(r, &u))?;
            Ok((u, n))
        })
        .map_err(|e| e.to_string())
        .and_then(|(u, n)| match joined_owner(state, &u.id) {
            // A status code carries no key: once the player's device has joined, anyone who
            // saw one could forge the next, so only the link's authenticated messages count.
            Some(name) => Err(format!(
                "This character is kept on {name}, which joined this table: its changes come by the table link, checked with the key the two devices share. A status code carries no key, so it was not used."
            )),
            None => Ok((u, n)),
        });
    match read {
        Err(why) => view! {
            <LinkRefused title="This status update cannot be used" why kept="Nothing was changed." on_done/>
        }
        .into_any(),
        Ok((update, newness)) => {
            let name = state
                .roster
                .with_untracked(|r| r.get(&update.id).map(|c| c.name.clone()))
                .unwrap_or_default();
            let what = describe(&update.vitals);
            let at = when(update.revision.updated_ms);
            let update = StoredValue::new(update);
            let apply = move |_| {
                let result = update.with_value(|u: &StatusUpdate| {
                    state.dispatch_with(|r, _| apply_status(r, u).map(Applied::Saved))
                });
                match result {
                    Ok(()) => on_done(),
                    Err(why) => set_message.set(Some(why)),
                }
            };
            view! {
                <section class="panel share-preview" aria-labelledby="status-preview-title">
                    <h2 id="status-preview-title">{format!("Status update for {name}")}</h2>
                    <p>{what}</p>
                    <p class="share-newness">
                        {format!("Changed {at}: {}.", newness.label())}
                    </p>
                    <p class="field-error" role="alert">
                        {move || message.get()}
                        {(newness == Newness::Older)
                            .then_some("This update is older than your copy, so your copy was kept.")}
                    </p>
                    <div class="row">
                        {(newness == Newness::Newer)
                            .then(|| {
                                view! {
                                    <button type="button" class="primary" on:click=apply>
                                        "Update"
                                    </button>
                                }
                            })}
                        <button type="button" on:click=move |_| on_done()>
                            {if newness == Newness::Newer { "Not now" } else { "Back to the roster" }}
                        </button>
                    </div>
                </section>
            }
            .into_any()
        }
    }
}
