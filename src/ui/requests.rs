//! Between the app's state and the table's other devices: requests for characters kept
//! elsewhere, revisions of the ones kept here, and the session's pool. What a message means is
//! decided by `model::table_link`; this module only moves its results into the documents (by
//! their own doors) and hands sealed text to a transport: the live channel when it is open
//! (`ui::link`), otherwise the code a screen shows (`#/msg/`, see [`code_for`]).

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;

use super::browser;
use super::link::{LinkHub, PeerInfo, Role};
use super::state::AppState;
use crate::model::base64url_encode;
use crate::model::session::{IxSession, SessionEdit};
use crate::model::table_link::{Body, Heard, LinkBook, LinkEdit, Peer, msg_fragment};
use crate::model::{Applied, Character};

/// Sends sealed text to a device over the live channel; `Err` when no channel is open to it.
pub type LiveSend = Rc<dyn Fn(&str, String) -> Result<(), String>>;

thread_local! {
    /// The live link's sender, once the link's code has started (`ui::link`).
    static LIVE: RefCell<Option<LiveSend>> = const { RefCell::new(None) };
}

/// Puts the table's messages on the live link: what arrives is taken by [`receive_live`]; a
/// device that joins goes into the link book with its key (the key's one home); a channel
/// that opens gets what it is owed (a phone its requests and the pool, the host every
/// character kept here); and from then on changes flow by themselves ([`watch`]).
pub fn install(hub: LinkHub, state: AppState) {
    set_live(Rc::new(move |to: &str, text| hub.send(to, text)));
    hub.set_handler(move |_, text| receive_live(state, &text));
    hub.set_on_join(move |peer| join(state, peer));
    hub.set_on_forget(move |device| forget(state, device));
    hub.set_on_open(move |peer| {
        join(state, peer);
        if peer.role == Role::Host {
            send_revisions(state, &own_ids(state), &peer.device);
        } else {
            send_owed(state, &peer.device);
            send_pool(state);
        }
    });
    state.in_app(move || watch(state));
}

/// Records a joined device in the link book, with the key the two now share.
fn join(state: AppState, peer: &PeerInfo) {
    if peer.key == [0; 32] {
        return;
    }
    let key = base64url_encode(&peer.key);
    let book = state.doc::<LinkBook>();
    if book.with_untracked(|b| b.peer(&peer.device).is_some_and(|p| p.key == key)) {
        return;
    }
    let joined = book.dispatch(LinkEdit::Join(Peer {
        device: peer.device.clone(),
        name: peer.name.clone(),
        key,
        hosts: peer.role == Role::Host,
        last_heard_ms: 0,
        heard: 0,
        sent: 0,
        asked: 0,
        answered: 0,
    }));
    if let Err(e) = joined {
        state.notify(vec![e]);
    }
    if peer.role == Role::Host {
        // From now on the session's points are the host's.
        let _ = state
            .doc::<IxSession>()
            .dispatch(SessionEdit::Heard(None, peer.device.clone()));
    }
}

/// A device this one no longer links with: its key and what was owed to it are dropped; a
/// table's host forgotten gives the session's points back to this device.
fn forget(state: AppState, device: &str) {
    let book = state.doc::<LinkBook>();
    let hosted = book.with_untracked(|b| b.peer(device).is_some_and(|p| p.hosts));
    let _ = book.dispatch(LinkEdit::Forget(device.to_string()));
    let session = state.doc::<IxSession>();
    if hosted && session.with_untracked(|s| s.host.as_deref() == Some(device)) {
        let _ = session.dispatch(SessionEdit::KeepHere);
    }
}

/// Lets the live link carry messages from now on.
fn set_live(send: LiveSend) {
    LIVE.with(|l| *l.borrow_mut() = Some(send));
}

fn send_live(to: &str, text: String) -> Result<(), String> {
    let send = LIVE.with(|l| l.borrow().clone());
    match send {
        Some(send) => send(to, text),
        None => Err("no live link".into()),
    }
}

/// Seals `body` for `to` and sends it live. `false` when no channel is open (the message is
/// not kept: what it says is still owed, and the code screen seals it again).
fn seal_and_send(state: AppState, to: &str, body: &Body) -> bool {
    let me = state.roster.with_untracked(|r| r.device.clone());
    let book = state.doc::<LinkBook>();
    let open = LIVE.with(|l| l.borrow().is_some());
    if !open {
        return false;
    }
    match book.update(|b| b.seal(&me, to, body).map_err(|e| e.to_string())) {
        Ok(text) => send_live(to, text).is_ok(),
        Err(e) => {
            state.notify(vec![e]);
            false
        }
    }
}

/// Queues the requests a dispatch made (changes to mirrors) and sends each owner what it is
/// owed. A device with no open channel gets them as a code from the Link tab.
pub fn ask(state: AppState, asked: Vec<Applied>) {
    let book = state.doc::<LinkBook>();
    let mut owners: Vec<(String, String)> = Vec::new();
    for a in asked {
        let Applied::Requested {
            owner,
            id,
            name,
            change,
        } = a
        else {
            continue;
        };
        match book.dispatch(LinkEdit::Ask {
            to: owner.clone(),
            id,
            name: name.clone(),
            change,
        }) {
            Ok(()) if !owners.iter().any(|(o, _)| *o == owner) => owners.push((owner, name)),
            Ok(()) => {}
            Err(e) => state.notify(vec![e]),
        }
    }
    for (owner, name) in owners {
        if !send_owed(state, &owner) {
            let n = book.with_untracked(|b| b.owed_to(&owner).len());
            state.notify(vec![format!(
                "{name}'s device is not linked now: {n} change{} waiting for it (Table › Link shows the code).",
                if n == 1 { "" } else { "s" }
            )]);
        }
    }
}

/// Sends every request still owed to `device` over the live channel.
pub fn send_owed(state: AppState, device: &str) -> bool {
    let owed: Vec<_> = state
        .doc::<LinkBook>()
        .with_untracked(|b| b.owed_to(device).into_iter().cloned().collect());
    owed.is_empty() || seal_and_send(state, device, &Body::Requests(owed))
}

/// The revision of character `id` (kept here) for `to`.
fn revision(state: AppState, id: &str, to: &str) -> Option<Body> {
    let c: Character = state.roster.with_untracked(|r| r.get(id).cloned())?;
    (c.owner.is_none()).then(|| {
        state
            .doc::<LinkBook>()
            .with_untracked(|b| b.revision_body(&c, to))
    })
}

/// Sends the revision of each character in `ids` to `to`.
pub fn send_revisions(state: AppState, ids: &[String], to: &str) {
    for id in ids {
        if let Some(body) = revision(state, id, to) {
            seal_and_send(state, to, &body);
        }
    }
}

/// The characters kept here that a joined table mirrors: every one this device owns.
pub fn own_ids(state: AppState) -> Vec<String> {
    state.roster.with_untracked(|r| {
        r.characters
            .iter()
            .filter(|c| c.owner.is_none())
            .map(|c| c.id.clone())
            .collect()
    })
}

/// Sends the session's pool to every device that joined this one's table.
pub fn send_pool(state: AppState) {
    let pool = state
        .doc::<IxSession>()
        .with_untracked(|s| s.host.is_none().then_some(s.pool));
    let Some(pool) = pool else { return };
    let guests: Vec<String> = state.doc::<LinkBook>().with_untracked(|b| {
        b.peers
            .iter()
            .filter(|p| !p.hosts)
            .map(|p| p.device.clone())
            .collect()
    });
    for g in guests {
        seal_and_send(state, &g, &Body::Pool(pool));
    }
}

/// A player's Fortune spend, asked of the table's host. `Err` in words when it cannot go.
pub fn spend(state: AppState, who: String, what: String) -> Result<(), String> {
    let host = state
        .doc::<LinkBook>()
        .with_untracked(|b| b.host().map(|p| (p.device.clone(), p.name.clone())));
    let Some((host, name)) = host else {
        return Err("This device joined no table to spend the session's Fortune at.".into());
    };
    if seal_and_send(state, &host, &Body::Spend { who, what }) {
        Ok(())
    } else {
        Err(format!(
            "The link to {name} is down, so the Fortune Point was not spent: rejoin the table, or ask the GM to flip it there."
        ))
    }
}

/// A sealed message for `to` as a `#/msg/` link: the requests owed to it (on the table's
/// device) or the revisions of every character kept here (on a phone), for when there is no
/// live channel. Each call numbers a new message, so the newest code is the one to show.
pub fn code_for(state: AppState, to: &str) -> Result<Vec<String>, String> {
    let me = state.roster.with_untracked(|r| r.device.clone());
    let book = state.doc::<LinkBook>();
    let owed: Vec<_> = book.with_untracked(|b| b.owed_to(to).into_iter().cloned().collect());
    let mut bodies = Vec::new();
    if !owed.is_empty() {
        bodies.push(Body::Requests(owed));
    }
    let hosts = book.with_untracked(|b| b.peer(to).is_some_and(|p| p.hosts));
    if hosts {
        for id in own_ids(state) {
            bodies.extend(revision(state, &id, to));
        }
    } else {
        let pool = state
            .doc::<IxSession>()
            .with_untracked(|s| s.host.is_none().then_some(s.pool));
        bodies.extend(pool.map(Body::Pool));
    }
    bodies
        .iter()
        .map(|body| {
            book.update(|b| b.seal(&me, to, body).map_err(|e| e.to_string()))
                .map(|text| msg_fragment(&text))
        })
        .collect()
}

/// Takes a sealed message (live or from a code): checks it, applies what it says through the
/// documents' own doors, answers a request with the new revisions, and says what happened.
pub fn receive(state: AppState, text: &str) -> Result<Heard, String> {
    let (heard, said) = take(state, text)?;
    if said.len() > heard.said.len() {
        state.notify(said[heard.said.len()..].to_vec());
    }
    Ok(heard)
}

/// [`receive`] for the live channel: what happened shows as a notice.
fn receive_live(state: AppState, text: &str) {
    match take(state, text) {
        Ok((heard, said)) => {
            let mut notable = heard.notable.clone();
            notable.extend(said.into_iter().skip(heard.said.len()));
            if !notable.is_empty() {
                state.notify(notable);
            }
        }
        Err(e) => state.notify(vec![e]),
    }
}

fn take(state: AppState, text: &str) -> Result<(Heard, Vec<String>), String> {
    let roster = state.roster.get_untracked();
    let now = browser::now_ms();
    let heard = state
        .doc::<LinkBook>()
        .update(|b| b.receive(&roster, text, now).map_err(|e| e.to_string()))?;
    let mut said = heard.said.clone();
    for action in &heard.actions {
        if let Err(e) = state.dispatch(action.clone()) {
            said.push(e);
        }
    }
    if !heard.mirrors.is_empty() {
        let mirrors = heard.mirrors.clone();
        let _ = state.dispatch_with(move |r, _| {
            let saved = mirrors
                .into_iter()
                .map(|m| {
                    r.upsert(m.clone());
                    Applied::Saved(m)
                })
                .collect();
            Ok::<_, String>(Applied::Many(saved))
        });
    }
    if !heard.session.is_empty() {
        for edit in heard.session.clone() {
            if let Err(e) = state.doc::<IxSession>().dispatch(edit) {
                said.push(format!("Fortune from {} refused: {e}", heard.from_name));
            }
        }
        send_pool(state);
    }
    send_revisions(state, &heard.answer, &heard.from);
    Ok((heard, said))
}

/// Keeps the table up to date from now on: on a phone, every change to a character kept here
/// goes to the table's host as a revision; on the host, every change to the session's pool
/// goes to the phones. Started once, with the live link.
fn watch(state: AppState) {
    let sent = StoredValue::new(std::collections::HashMap::<String, u64>::new());
    Effect::new(move |_| {
        let revs: Vec<(String, u64)> = state.roster.with(|r| {
            r.characters
                .iter()
                .filter(|c| c.owner.is_none())
                .map(|c| (c.id.clone(), c.rev))
                .collect()
        });
        let host = state
            .doc::<LinkBook>()
            .with_untracked(|b| b.host().map(|p| p.device.clone()));
        let Some(host) = host else { return };
        let changed: Vec<String> = revs
            .into_iter()
            .filter(|(id, rev)| sent.with_value(|s| s.get(id) != Some(rev)))
            .map(|(id, _)| id)
            .collect();
        for id in &changed {
            if let Some(body) = revision(state, id, &host)
                && seal_and_send(state, &host, &body)
            {
                let rev = state
                    .roster
                    .with_untracked(|r| r.get(id).map_or(0, |c| c.rev));
                sent.update_value(|s| {
                    s.insert(id.clone(), rev);
                });
            }
        }
    });
    let session = state.doc::<IxSession>();
    Effect::new(move |_| {
        session.track();
        send_pool(state);
    });
}
