//! The live link's screens: the host's Link tab (`#/table/link`: the join code, the answer,
//! the linked devices), a player's "Join the table" (`#/join/<code>`), and an answer code
//! opened as a link on the host (`#/answer/<code>`), which goes to the Link tab.

use std::time::Duration;

use leptos::prelude::*;

use super::{LinkHub, Offer, PeerInfo, PeerState};
use crate::model::link_code::{ANSWER_ROUTE, JoinCode, NAME_MAX_CHARS};
use crate::model::link_doc::{Role, rejoin_words};
use crate::ui::browser::now_ms;
use crate::ui::scan::ScanCode;
use crate::ui::share::{LinkField, QrCode, base_url};

/// "last heard 12 s ago", in words.
fn heard(p: &PeerInfo, now: u64) -> String {
    if p.last_heard_ms == 0 {
        return "not heard from since this page was opened".into();
    }
    let s = now.saturating_sub(p.last_heard_ms) / 1000;
    match s {
        0..=1 => "last heard just now".into(),
        2..=89 => format!("last heard {s} s ago"),
        90..=5399 => format!("last heard {} min ago", (s + 30) / 60),
        _ => format!("last heard {} h ago", (s + 1800) / 3600),
    }
}

/// A clock for "last heard", ticking while its screen shows.
fn ticking() -> RwSignal<u64> {
    let now = RwSignal::new(now_ms());
    if let Ok(tick) = set_interval_with_handle(move || now.set(now_ms()), Duration::from_secs(1)) {
        on_cleanup(move || tick.clear());
    }
    now
}

/// This device's name, as the other devices will see it.
#[component]
fn NameField(hub: LinkHub, hint: &'static str) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    let name = hub.me().1;
    view! {
        <label class="field">
            <span>"This device's name at the table"</span>
            <input
                type="text"
                maxlength=NAME_MAX_CHARS.to_string()
                prop:value=name
                on:change=move |ev| {
                    error.set(hub.rename(&event_target_value(&ev)).err().map(|e| e.to_string()));
                }
            />
        </label>
        <p class="hint">{hint}</p>
        {move || error.get().map(|e| view! { <p class="field-error" role="alert">{e}</p> })}
    }
}

/// One linked device: name, side, state in words, when last heard, and how to rejoin if lost.
/// Only "last heard" follows the clock, so the row (and a focused button in it) stays put.
fn peer_row(
    p: (String, String, Role, PeerState),
    now: RwSignal<u64>,
    hub: LinkHub,
) -> impl IntoView {
    let (device, name, role, state) = p;
    let rejoin = match state {
        PeerState::Lost => Some(rejoin_words(&name, role)),
        // An answer made from a join code that has since been replaced fits no connection
        // here and never opens: the one sign of it is a link that stays "Connecting".
        PeerState::Connecting if role == Role::Guest => Some(format!(
            "If this stays Connecting, the join code {name} scanned may have been replaced (a new one is made after each link and after a rename): they scan the one shown now and send a new answer."
        )),
        _ => None,
    };
    let forget_label = format!("Forget {name}");
    let name_for_codes = name.clone();
    let heard_of = device.clone();
    view! {
        <li class="link-peer">
            <p>
                <strong>{name}</strong>
                {format!(" {}. ", role.label())}
                <span class=format!("link-state link-{}", state.label().to_lowercase())>
                    {state.label()}
                </span>
                {move || {
                    let now = now.get();
                    hub.peer(&heard_of).map(|p| format!(", {}.", heard(&p, now)))
                }}
            </p>
            {rejoin.map(|words| view! { <p class="hint">{words}</p> })}
            <details class="link-codes">
                <summary>{format!("Without the link: codes for {name_for_codes}")}</summary>
                <crate::ui::table_codes::CodesFor device=device.clone() name=name_for_codes.clone()/>
            </details>
            <button type="button" class="quiet" on:click=move |_| hub.forget(&device)>
                {forget_label}
            </button>
        </li>
    }
}

/// Every device this one is or was linked with, newest first.
#[component]
fn PeerList(hub: LinkHub) -> impl IntoView {
    let now = ticking();
    let rows = Memo::new(move |_| {
        hub.peers()
            .into_iter()
            .rev()
            .map(|p| (p.device, p.name, p.role, p.state))
            .collect::<Vec<_>>()
    });
    view! {
        <section class="panel" aria-labelledby="link-peers-title">
            <h2 id="link-peers-title">"Linked devices"</h2>
            {move || {
                let rows = rows.get();
                if rows.is_empty() {
                    view! { <p class="muted">"No device has linked with this one yet."</p> }.into_any()
                } else {
                    view! {
                        <ul class="list-plain link-peers">
                            {rows.into_iter().map(|p| peer_row(p, now, hub)).collect_view()}
                        </ul>
                    }
                    .into_any()
                }
            }}
            {move || hub.save_error().map(|e| view! { <p class="field-error" role="alert">{e}</p> })}
        </section>
    }
}

/// The host's join code: its QR code (error correction L, so a join link stays at version 10
/// or below) and its link to copy; a new one replaces it once a device has joined with it.
#[component]
fn JoinCodePanel(hub: LinkHub) -> impl IntoView {
    view! {
        <section class="panel" aria-labelledby="link-join-title">
            <h2 id="link-join-title">"Join code"</h2>
            <p class="hint">
                "On a player's phone, scan this code with its camera or with Satchel's Scan a code (Table, then Link), or open the link. One code links one device: a new one appears once it is used."
            </p>
            {move || match hub.offer() {
                Offer::None | Offer::Making => {
                    view! { <p role="status">"Making a join code…"</p> }.into_any()
                }
                Offer::Ready(fragment) => {
                    let link = format!("{}{fragment}", base_url());
                    view! {
                        <QrCode text=link.clone() label="QR code of the join link" low_ec=true/>
                        <LinkField link label="Join link" title="Join the table in Satchel".into()/>
                    }
                    .into_any()
                }
                Offer::Failed(why) => {
                    view! {
                        <p class="field-error" role="alert">{why}</p>
                        <button type="button" on:click=move |_| hub.fresh_offer()>"Make a new join code"</button>
                    }
                    .into_any()
                }
            }}
        </section>
    }
}

/// The answer a joining device shows, pasted or scanned, and Connect.
#[component]
fn AnswerPanel(hub: LinkHub) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let said = RwSignal::new(None::<Result<String, String>>);
    let busy = RwSignal::new(false);
    let connect = move || {
        let answer = text.get_untracked();
        if answer.trim().is_empty() {
            said.set(Some(Err(
                "Paste or scan the answer code from the player's device first.".into(),
            )));
            return;
        }
        busy.set(true);
        said.set(None);
        leptos::task::spawn_local(async move {
            let result = hub.accept_answer(&answer).await;
            if result.is_ok() {
                text.set(String::new());
            }
            said.set(Some(result.map(|name| {
                format!("Connecting to {name}… It shows as Linked below once both sides have said who they are.")
            })));
            busy.set(false);
        });
    };
    // An answer opened as a link on this device (`#/answer/...`) is used at once.
    Effect::new(move |_| {
        if let Some(answer) = hub.incoming_answer() {
            hub.set_incoming_answer(None);
            text.set(answer);
            connect();
        }
    });
    let scanned = Callback::new(move |fragment: String| {
        text.set(fragment);
        connect();
    });
    view! {
        <section class="panel" aria-labelledby="link-answer-title">
            <h2 id="link-answer-title">"Answer code"</h2>
            <p class="hint">
                "Once the player's phone has joined, it shows an answer code: scan it here, or paste its link, then Connect."
            </p>
            <ScanCode on_scan=scanned label="Scan the answer" hint="The answer code on the player's screen."/>
            <label class="field">
                <span>"Answer code"</span>
                <textarea
                    rows="3"
                    spellcheck="false"
                    autocomplete="off"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                ></textarea>
            </label>
            <button type="button" class="primary" disabled=move || busy.get() on:click=move |_| connect()>
                "Connect"
            </button>
            {move || match said.get() {
                Some(Ok(words)) => Some(view! { <p role="status">{words}</p> }.into_any()),
                Some(Err(why)) => Some(view! { <p class="field-error" role="alert">{why}</p> }.into_any()),
                None => None,
            }}
        </section>
    }
}

/// The Table screen's Link tab: host a live link, and see every linked device.
#[component]
pub fn LinkTab() -> impl IntoView {
    let hub = LinkHub::get();
    let hosting = RwSignal::new(false);
    let joined = move || hub.peers().iter().any(|p| p.role == Role::Host);
    view! {
        <div class="link-tab">
            <p class="hint">
                "Link the players' phones to this device over the table's own network (the same Wi-Fi): no server, no internet, nothing sent anywhere else. Each phone scans the join code, shows an answer code, and this device scans the answer."
            </p>
            <NameField hub hint="Players see this name when they join."/>
            // A phone that joined a table sees its link first; hosting a table of its own (a
            // join code, which opens a connection of its own) waits until asked.
            <Show
                when=move || hosting.get() || !joined()
                fallback=move || view! {
                    <PeerList hub/>
                    <button type="button" on:click=move |_| hosting.set(true)>"Host a table on this device"</button>
                }
            >
                <JoinCodePanel hub/>
                <AnswerPanel hub/>
                <PeerList hub/>
            </Show>
            <section class="panel" aria-labelledby="link-scan-title">
                <h2 id="link-scan-title">"Join another table"</h2>
                <p class="hint">"On a player's phone: scan the join code the GM's device shows."</p>
                <ScanCode label="Scan a join code" hint="The join code on the GM's screen."/>
            </section>
        </div>
    }
}

/// The answer this device made, to show the host until the link opens.
fn answer_view(hub: LinkHub, host: &str, host_name: &str) -> Option<AnyView> {
    let fragment = hub.answer_for(host)?;
    let link = format!("{}{fragment}", base_url());
    Some(
        view! {
            <p role="status">{format!("Now show this answer code to {host_name}: it scans it (Scan the answer), or its Answer code field takes the link.")}</p>
            <QrCode text=link.clone() label="QR code of the answer link" low_ec=true/>
            <LinkField link label="Answer link" title="Answer for the table".into()/>
        }
        .into_any(),
    )
}

/// "Linked to …", or how to rejoin: announced when it changes, so it does not follow the
/// clock ("last heard" is beside it, outside the live region).
fn guest_status(state: Option<(PeerState, String)>) -> Option<AnyView> {
    let (state, name) = state?;
    match state {
        PeerState::Open => Some(
            view! { <p class="link-linked"><strong>{format!("Linked to {name}")}</strong></p> }
                .into_any(),
        ),
        PeerState::Lost => Some(
            view! {
                <p><strong>{format!("The link to {name} was lost")}</strong>
                    " (this page was reloaded, or a device slept or left the network)."</p>
                <p>{rejoin_words(&name, Role::Host)}</p>
            }
            .into_any(),
        ),
        PeerState::Connecting => None,
    }
}

/// A player's screen for a join code: who hosts the table, Join, then the answer to show back
/// and the link's state.
#[component]
fn JoinScreen(code: JoinCode, on_done: Callback<()>) -> impl IntoView {
    let hub = LinkHub::get();
    let now = ticking();
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let code = StoredValue::new(code);
    let host_name = code.with_value(|c| c.host_name.clone());
    // A code this page already used, or one used before a reload (its key is remembered):
    // one code links one connection, so Join is offered only for a code not yet used.
    let book = expect_context::<crate::ui::AppState>().doc::<crate::model::table_link::LinkBook>();
    let used = move || {
        code.with_value(|c| {
            let key = crate::model::base64url_encode(&c.key);
            hub.peer(&c.host).is_some_and(|p| p.key == c.key)
                || book.with(|b| b.peer(&c.host).is_some_and(|p| p.key == key))
        })
    };
    let state = Memo::new(move |_| code.with_value(|c| hub.peer(&c.host).map(|p| p.state)));
    let status =
        Memo::new(move |_| code.with_value(|c| hub.peer(&c.host).map(|p| (p.state, p.name))));
    let join = move |_| {
        busy.set(true);
        error.set(None);
        leptos::task::spawn_local(async move {
            let code = code.get_value();
            if let Err(why) = hub.join(&code).await {
                error.set(Some(why));
            }
            busy.set(false);
        });
    };
    view! {
        <section class="panel link-join" aria-labelledby="join-title">
            <h2 id="join-title">"Join the table"</h2>
            <p>{format!("{host_name} hosts this table and asks this device to link with it, over the table's own network.")}</p>
            {move || {
                (!used())
                    .then(|| {
                        view! {
                            <NameField hub hint="The GM's device shows this name."/>
                            <button type="button" class="primary" disabled=move || busy.get() on:click=join>
                                "Join"
                            </button>
                        }
                    })
            }}
            {move || error.get().map(|e| view! { <p class="field-error" role="alert">{e}</p> })}
            {move || {
                (state.get() == Some(PeerState::Connecting))
                    .then(|| code.with_value(|c| answer_view(hub, &c.host, &c.host_name)))
                    .flatten()
            }}
            <div role="status">{move || guest_status(status.get())}</div>
            {move || {
                let now = now.get();
                code.with_value(|c| hub.peer(&c.host))
                    .filter(|p| p.state == PeerState::Open)
                    .map(|p| view! { <p class="muted">{format!("{}: {}.", p.name, heard(&p, now))}</p> })
            }}
            <div class="row">
                <button type="button" on:click=move |_| on_done.run(())>"Close"</button>
            </div>
        </section>
    }
}

/// An answer code opened as a link on this device: hands it to the Link tab and goes there.
#[component]
fn AnswerArrived(fragment: String) -> impl IntoView {
    let hub = LinkHub::get();
    hub.set_incoming_answer(Some(fragment));
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash("/table/link");
    }
    view! { <p role="status">"Opening the Link tab…"</p> }
}

/// A `#/join/...` or `#/answer/...` fragment, in the Table screen's chunk.
#[component]
pub fn LinkIncoming(fragment: String, on_done: Callback<()>) -> impl IntoView {
    if fragment.starts_with(ANSWER_ROUTE) {
        return view! { <AnswerArrived fragment/> }.into_any();
    }
    match JoinCode::read(&fragment) {
        Ok(code) => view! { <JoinScreen code on_done/> }.into_any(),
        Err(why) => view! {
            <section class="panel" aria-labelledby="join-title">
                <h2 id="join-title">"Join the table"</h2>
                <p class="field-error" role="alert">{why.to_string()}</p>
                <button type="button" on:click=move |_| on_done.run(())>"Close"</button>
            </section>
        }
        .into_any(),
    }
}

#[cfg(test)]
mod tests {
    use super::{PeerInfo, PeerState, Role, heard};

    #[test]
    fn last_heard_reads_in_words() {
        let at = |ms| PeerInfo {
            device: "0123456789abcdef".into(),
            name: "Kara's phone".into(),
            role: Role::Guest,
            state: PeerState::Open,
            last_heard_ms: ms,
            key: [0; 32],
        };
        let now = 10_000_000;
        assert_eq!(
            heard(&at(0), now),
            "not heard from since this page was opened"
        );
        assert_eq!(heard(&at(now - 400), now), "last heard just now");
        assert_eq!(heard(&at(now - 12_000), now), "last heard 12 s ago");
        assert_eq!(heard(&at(now - 150_000), now), "last heard 3 min ago");
        assert_eq!(heard(&at(now - 7_200_000), now), "last heard 2 h ago");
        // A clock that stepped back reads as just now, never as a negative time.
        assert_eq!(heard(&at(now + 5_000), now), "last heard just now");
    }
}
