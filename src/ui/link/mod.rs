//! The live link: WebRTC data channels between the devices at a table, with no server.
//!
//! [`LinkHub`] is made once, when the app starts, and lives as long as the page: changing
//! screens never closes a channel. Its code arrives with the Table screen's chunk (the first
//! call to any of its methods sets it up), so the first load holds only the empty handle.
//!
//! | | |
//! | --- | --- |
//! | [`LinkHub::peers`] | every device this one is or was linked with (a tracked read) |
//! | [`LinkHub::send`] | opaque text to one linked device, or why not, in words |
//! | [`LinkHub::set_handler`] | the one handler of text arriving from any device |
//! | [`LinkHub::set_on_open`] | called when a device's channel opens and it has said who it is |
//!
//! On the channel, each side first says who it is (a hello: device id and name), pings every
//! 10 seconds so the other knows when it last heard it, and carries the table's messages as
//! data frames (`model::link_frame`). How the codes set a channel up: `docs/link.md`.

mod rtc;
mod screens;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use web_sys::{RtcDataChannel, RtcPeerConnection};

use super::browser::{new_id, now_ms};
use crate::model::link_code::{AnswerCode, JoinCode, LinkCodeError, TrimmedSdp, valid_device};
use crate::model::link_doc::{LINK_SCHEMA, LinkDoc, LinkedPeer, key_from_hex, key_hex};
pub use crate::model::link_doc::{PeerState, Role};
use crate::model::link_frame::Frame;
use crate::model::{DocError, decode, encode};
use crate::storage::{KeyValue, LINK_KEY};
pub use screens::{LinkIncoming, LinkTab};

/// How often the hub looks at its connections: a side still waiting for the other's hello
/// asks again at each look, so a lost hello costs a second, not a dead link.
const TICK_MS: u64 = 1_000;
/// How many looks between pings: often enough that "last heard" means something at a table.
const PING_TICKS: u32 = 10;

/// A device this one is, or was, linked with.
#[derive(Clone, Debug, PartialEq)]
pub struct PeerInfo {
    pub device: String,
    pub name: String,
    /// Which side the other device is: `Host` for the GM's device seen from a phone.
    pub role: Role,
    pub state: PeerState,
    /// When a frame last arrived from it (0: not since this page was loaded).
    pub last_heard_ms: u64,
    /// The join code's key, the same on both devices.
    pub key: [u8; 32],
}

/// The host's join code, as the Link tab shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum Offer {
    /// None asked for yet.
    None,
    Making,
    /// The fragment to show as a link and a QR code.
    Ready(String),
    Failed(String),
}

/// One peer connection and its channel.
struct Conn {
    id: u32,
    /// The device on the other end: unknown while the host's offer waits for an answer.
    device: RefCell<Option<String>>,
    pc: RtcPeerConnection,
    channel: RefCell<Option<RtcDataChannel>>,
    /// Whether the other side's hello has arrived on this connection.
    heard: Cell<bool>,
    /// The host's join code for this connection (until an answer takes it).
    join: Option<JoinCode>,
    handlers: RefCell<Vec<rtc::Handler>>,
}

impl Conn {
    fn is(&self, device: &str) -> bool {
        self.device.borrow().as_deref() == Some(device)
    }

    fn close(&self) {
        rtc::close(&self.pc, self.channel.borrow().as_ref());
        self.handlers.borrow_mut().clear();
    }
}

type TextHandler = Rc<dyn Fn(&str, String)>;
type OpenHandler = Rc<dyn Fn(&PeerInfo)>;
type ForgetHandler = Rc<dyn Fn(&str)>;

/// The hub's state, set up on first use.
struct Hub {
    kv: Box<dyn KeyValue>,
    doc: RefCell<LinkDoc>,
    /// False when a newer Satchel's link document is stored: it is left as it is.
    writable: bool,
    peers: ArcRwSignal<Vec<PeerInfo>>,
    offer: ArcRwSignal<Offer>,
    /// An answer code that arrived by link (`#/answer/...`), for the Link tab to use.
    incoming_answer: ArcRwSignal<Option<String>>,
    /// The answer this device made for its host, to show again after a change of screen.
    answer: ArcRwSignal<Option<(String, String)>>,
    save_error: ArcRwSignal<Option<String>>,
    conns: RefCell<Vec<Rc<Conn>>>,
    next_id: Cell<u32>,
    ticks: Cell<u32>,
    /// Counts join codes asked for: only the newest one asked for is shown and kept, so a
    /// code made slowly (before a rename) cannot replace, or wait beside, the one on screen.
    offers_asked: Cell<u32>,
    on_text: RefCell<Option<TextHandler>>,
    on_open: RefCell<Option<OpenHandler>>,
    /// Called when the codes are exchanged (before the channel opens, which it may never do):
    /// the link book takes the key then, so messages by code work without the channel.
    on_join: RefCell<Option<OpenHandler>>,
    /// Called when the user forgets a device, with its id.
    on_forget: RefCell<Option<ForgetHandler>>,
}

fn peer_info(p: &LinkedPeer) -> PeerInfo {
    PeerInfo {
        device: p.device.clone(),
        name: p.name.clone(),
        role: p.role,
        state: PeerState::Lost,
        last_heard_ms: 0,
        key: key_from_hex(&p.key).unwrap_or([0; 32]),
    }
}

impl Hub {
    /// Reads the stored link document: a damaged one is set aside (never overwritten), a
    /// newer Satchel's left alone. The device id is the one in Settings, which a character's
    /// revision names, so a linked device and the owner of a fact are one id.
    fn load(settings_device: Option<String>) -> Hub {
        let (kv, _memory_only) = crate::storage::open_local();
        let now = now_ms();
        let fresh = || LinkDoc::new(new_id(), format!("Device {}", &new_id()[..4]));
        let (mut doc, writable) = match kv.get(LINK_KEY) {
            Ok(Some(raw)) => match decode::<LinkDoc>(&raw, LINK_SCHEMA) {
                Ok(doc) if doc.is_sound() => (doc, true),
                Err(DocError::Newer { .. }) => (fresh(), false),
                _ => {
                    crate::storage::move_aside(&kv, LINK_KEY, &raw, now);
                    (fresh(), true)
                }
            },
            _ => (fresh(), true),
        };
        if let Some(device) = settings_device.filter(|d| valid_device(d)) {
            doc.device = device;
        }
        let peers = doc.peers.iter().map(peer_info).collect();
        let hub = Hub {
            kv,
            doc: RefCell::new(doc),
            writable,
            peers: ArcRwSignal::new(peers),
            offer: ArcRwSignal::new(Offer::None),
            incoming_answer: ArcRwSignal::new(None),
            answer: ArcRwSignal::new(None),
            save_error: ArcRwSignal::new(None),
            conns: RefCell::new(Vec::new()),
            next_id: Cell::new(1),
            ticks: Cell::new(0),
            offers_asked: Cell::new(0),
            on_text: RefCell::new(None),
            on_open: RefCell::new(None),
            on_join: RefCell::new(None),
            on_forget: RefCell::new(None),
        };
        hub.save();
        hub
    }

    fn save(&self) {
        if !self.writable {
            return;
        }
        let result = self.kv.set(LINK_KEY, &encode(&*self.doc.borrow()));
        self.save_error.set(result.err().map(|e| {
            format!("The list of linked devices was not saved: {e}. The links work until this page closes.")
        }));
    }

    fn conn(&self, id: u32) -> Option<Rc<Conn>> {
        self.conns.borrow().iter().find(|c| c.id == id).cloned()
    }

    fn conn_of(&self, device: &str) -> Option<Rc<Conn>> {
        self.conns.borrow().iter().find(|c| c.is(device)).cloned()
    }

    /// Closes and drops a connection once the browser event being handled has returned: its
    /// handlers are dropped with it, and a handler must not be dropped while it runs.
    fn drop_later(self: &Rc<Self>, id: u32) {
        let hub = self.clone();
        leptos::task::spawn_local(async move {
            let gone: Vec<Rc<Conn>> = {
                let mut conns = hub.conns.borrow_mut();
                let (gone, keep) = conns.drain(..).partition(|c| c.id == id);
                *conns = keep;
                gone
            };
            gone.iter().for_each(|c| c.close());
        });
    }

    fn update_peer(&self, device: &str, f: impl FnOnce(&mut PeerInfo)) {
        self.peers.update(|ps| {
            if let Some(p) = ps.iter_mut().find(|p| p.device == device) {
                f(p);
            }
        });
    }

    /// Drops any earlier connection to `device` (a rejoin) and records the new one.
    fn replace(&self, conn: &Rc<Conn>, device: &str) {
        let old: Vec<Rc<Conn>> = {
            let mut conns = self.conns.borrow_mut();
            let (old, keep) = conns
                .drain(..)
                .partition(|c| c.is(device) && c.id != conn.id);
            *conns = keep;
            old
        };
        old.iter().for_each(|c| c.close());
        *conn.device.borrow_mut() = Some(device.to_string());
    }

    /// Remembers a link (one entry per device: a rejoin replaces the old one) and shows it.
    fn remember(&self, peer: LinkedPeer) {
        let info = PeerInfo {
            state: PeerState::Connecting,
            ..peer_info(&peer)
        };
        self.doc.borrow_mut().link(peer);
        self.save();
        self.peers.update(|ps| {
            ps.retain(|p| p.device != info.device);
            ps.push(info.clone());
        });
        let on_join = self.on_join.borrow().clone();
        if let Some(f) = on_join {
            f(&info);
        }
    }
}

/// The live link's one handle, provided by the shell for the app's lifetime.
#[derive(Clone, Copy)]
pub struct LinkHub(StoredValue<Option<Rc<Hub>>, LocalStorage>);

impl Default for LinkHub {
    fn default() -> Self {
        Self::new()
    }
}

impl LinkHub {
    /// The empty handle (nothing is read or opened until a method is called).
    pub fn new() -> Self {
        LinkHub(StoredValue::new_local(None))
    }

    /// The hub provided by the shell.
    pub fn get() -> Self {
        expect_context::<LinkHub>()
    }

    fn hub(&self) -> Rc<Hub> {
        if let Some(hub) = self.0.get_value() {
            return hub;
        }
        let device = use_context::<super::AppState>()
            .map(|s| s.settings.with_untracked(|s| s.device.clone()));
        let hub = Rc::new(Hub::load(device));
        self.0.set_value(Some(hub.clone()));
        let this = *self;
        // What travels on the channel is the table's messages (`ui::requests`).
        if let Some(state) = use_context::<super::AppState>() {
            super::requests::install(this, state);
        }
        let _ = set_interval_with_handle(
            move || this.ping(),
            std::time::Duration::from_millis(TICK_MS),
        );
        hub
    }

    /// Every device this one is or was linked with, newest link last.
    pub fn peers(&self) -> Vec<PeerInfo> {
        self.hub().peers.get()
    }

    /// One device's entry.
    pub fn peer(&self, device: &str) -> Option<PeerInfo> {
        self.hub()
            .peers
            .with(|ps| ps.iter().find(|p| p.device == device).cloned())
    }

    /// Sends `text` to `device`; refused, in words, when that device is not linked now.
    pub fn send(&self, device: &str, text: String) -> Result<(), String> {
        let hub = self.hub();
        let name = self.peer(device).map(|p| p.name);
        let refused = |why: &str| match &name {
            Some(n) => format!("{n} is not linked now ({why}): nothing was sent."),
            None => "That device has never linked with this one: nothing was sent.".to_string(),
        };
        let conn = hub
            .conn_of(device)
            .ok_or_else(|| refused("its link was lost"))?;
        if self.peer(device).map(|p| p.state) != Some(PeerState::Open) {
            return Err(refused("still connecting, or its link was lost"));
        }
        let frame = Frame::Data(text).encode().map_err(|e| e.to_string())?;
        let channel = conn.channel.borrow().clone();
        match channel {
            Some(dc) if rtc::is_open(&dc) => dc
                .send_with_str(&frame)
                .map_err(|_| refused("the browser refused to send")),
            _ => Err(refused("its channel is closed")),
        }
    }

    /// The one handler of text arriving from any linked device (the sender's device id first).
    pub fn set_handler(&self, f: impl Fn(&str, String) + 'static) {
        *self.hub().on_text.borrow_mut() = Some(Rc::new(f));
    }

    /// Called each time a device's channel opens and it has said who it is (again after a
    /// rejoin): the moment to send it everything it needs.
    pub fn set_on_open(&self, f: impl Fn(&PeerInfo) + 'static) {
        *self.hub().on_open.borrow_mut() = Some(Rc::new(f));
    }

    /// Called when a device joins by the codes, before its channel opens (see `on_join`).
    pub fn set_on_join(&self, f: impl Fn(&PeerInfo) + 'static) {
        *self.hub().on_join.borrow_mut() = Some(Rc::new(f));
    }

    /// Called when the user forgets a device (see `on_forget`).
    pub fn set_on_forget(&self, f: impl Fn(&str) + 'static) {
        *self.hub().on_forget.borrow_mut() = Some(Rc::new(f));
    }

    /// This device's id and display name.
    pub fn me(&self) -> (String, String) {
        let hub = self.hub();
        let doc = hub.doc.borrow();
        (doc.device.clone(), doc.name.clone())
    }

    /// Renames this device; a join code already shown names the old one, so a new one is made.
    pub fn rename(&self, name: &str) -> Result<(), LinkCodeError> {
        let hub = self.hub();
        if hub.doc.borrow().name == name.trim() {
            return Ok(());
        }
        hub.doc.borrow_mut().rename(name)?;
        hub.save();
        if hub.offer.get_untracked() != Offer::None {
            self.fresh_offer();
        }
        Ok(())
    }

    /// Why the list of linked devices could not be saved, if it could not.
    pub fn save_error(&self) -> Option<String> {
        self.hub().save_error.get()
    }

    /// Forgets a device: its entry, and its channel if one is open.
    pub fn forget(&self, device: &str) {
        let hub = self.hub();
        if let Some(c) = hub.conn_of(device) {
            c.close();
            hub.conns.borrow_mut().retain(|x| x.id != c.id);
        }
        if hub.doc.borrow_mut().forget(device) {
            hub.save();
        }
        hub.peers.update(|ps| ps.retain(|p| p.device != device));
        let on_forget = hub.on_forget.borrow().clone();
        if let Some(f) = on_forget {
            f(device);
        }
    }

    fn new_conn(&self, pc: RtcPeerConnection, join: Option<JoinCode>) -> Rc<Conn> {
        let hub = self.hub();
        let id = hub.next_id.get();
        hub.next_id.set(id + 1);
        let this = *self;
        let lost = rtc::watch_connection(&pc, move || this.lost(id));
        let conn = Rc::new(Conn {
            id,
            device: RefCell::new(None),
            pc,
            channel: RefCell::new(None),
            heard: Cell::new(false),
            join,
            handlers: RefCell::new(vec![lost]),
        });
        hub.conns.borrow_mut().push(conn.clone());
        conn
    }

    fn attach(&self, conn: &Conn, channel: RtcDataChannel) {
        let (this, id) = (*self, conn.id);
        let handlers = rtc::watch_channel(
            &channel,
            move || this.opened(id),
            move |text| this.received(id, &text),
            move || this.lost(id),
        );
        conn.handlers.borrow_mut().extend(handlers);
        // The joining side's channel can arrive already open; say hello now rather than wait
        // for an `open` event that may have gone by.
        let open = rtc::is_open(&channel);
        *conn.channel.borrow_mut() = Some(channel);
        if open {
            self.opened(id);
        }
    }

    /// The host's current join code (a tracked read); makes the first one when none is.
    pub fn offer(&self) -> Offer {
        let hub = self.hub();
        if hub.offer.get_untracked() == Offer::None {
            self.fresh_offer();
        }
        hub.offer.get()
    }

    /// Drops the waiting offer, if any, and makes a new join code with a new key.
    pub fn fresh_offer(&self) {
        let hub = self.hub();
        let waiting: Vec<Rc<Conn>> = {
            let mut conns = hub.conns.borrow_mut();
            let (waiting, keep) = conns.drain(..).partition(|c| c.device.borrow().is_none());
            *conns = keep;
            waiting
        };
        waiting.iter().for_each(|c| c.close());
        hub.offer.set(Offer::Making);
        let asked = hub.offers_asked.get().wrapping_add(1);
        hub.offers_asked.set(asked);
        let this = *self;
        leptos::task::spawn_local(async move {
            let made = this.make_offer().await;
            let hub = this.hub();
            if hub.offers_asked.get() != asked {
                if let Ok((_, id)) = made {
                    hub.conns.borrow_mut().retain(|c| {
                        let stale = c.id == id;
                        if stale {
                            c.close();
                        }
                        !stale
                    });
                }
                return;
            }
            hub.offer.set(match made {
                Ok((fragment, _)) => Offer::Ready(fragment),
                Err(why) => Offer::Failed(why),
            });
        });
    }

    /// A new join code and the connection waiting for its answer.
    async fn make_offer(&self) -> Result<(String, u32), String> {
        let (pc, channel, sdp) = rtc::offer().await?;
        let (host, host_name) = self.me();
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).map_err(|_| {
            "This browser gives Satchel no secure random numbers, so no key could be made."
                .to_string()
        })?;
        let join = JoinCode {
            sdp: TrimmedSdp::from_sdp(&sdp).map_err(|e| e.to_string())?,
            host,
            host_name,
            key,
        };
        let fragment = join.fragment().map_err(|e| e.to_string())?;
        let conn = self.new_conn(pc, Some(join));
        self.attach(&conn, channel);
        Ok((fragment, conn.id))
    }

    /// An answer code that arrived by link, for the Link tab (a tracked read).
    pub fn incoming_answer(&self) -> Option<String> {
        self.hub().incoming_answer.get()
    }

    /// Hands an answer code that arrived by link to the Link tab.
    pub fn set_incoming_answer(&self, text: Option<String>) {
        self.hub().incoming_answer.set(text);
    }

    /// The host's side: a joining device's answer to the join code shown. Gives the device's
    /// name; a new join code for the next device is made at once.
    pub async fn accept_answer(&self, text: &str) -> Result<String, String> {
        let answer = AnswerCode::read(text).map_err(|e| e.to_string())?;
        let hub = self.hub();
        if answer.device == self.me().0 {
            return Err(
                "This answer code was made on this device: scan the one on the player's device."
                    .into(),
            );
        }
        // The answer fits the join code on screen: when two codes were made at once (a rename
        // while the first was being made), the one shown is the one to take, not the first.
        let shown = match hub.offer.get_untracked() {
            Offer::Ready(fragment) => Some(fragment),
            _ => None,
        };
        let waiting: Vec<Rc<Conn>> = hub
            .conns
            .borrow()
            .iter()
            .filter(|c| c.device.borrow().is_none() && c.join.is_some())
            .cloned()
            .collect();
        let conn = waiting
            .iter()
            .find(|c| {
                let made = c.join.as_ref().and_then(|j| j.fragment().ok());
                shown.is_some() && made == shown
            })
            .or(waiting.last())
            .cloned()
            .ok_or("No join code is waiting for an answer: show the player the join code above, then scan their new answer.")?;
        // The channel can open, and the phone's hello arrive, before the browser has told this
        // page the answer is set: the connection is the device's, and the device known, first.
        let key = conn.join.as_ref().map(|j| j.key).unwrap_or_default();
        *conn.device.borrow_mut() = Some(answer.device.clone());
        hub.remember(LinkedPeer {
            device: answer.device.clone(),
            name: answer.name.clone(),
            role: Role::Guest,
            key: key_hex(&key),
            linked_ms: now_ms(),
        });
        if let Err(why) = rtc::accept(&conn.pc, &answer.sdp.to_sdp()).await {
            *conn.device.borrow_mut() = None;
            hub.update_peer(&answer.device, |p| p.state = PeerState::Lost);
            return Err(format!(
                "{why} An answer fits only the join code it was made from: if this page was reloaded since, the player must scan the new join code."
            ));
        }
        hub.replace(&conn, &answer.device);
        self.fresh_offer();
        Ok(answer.name)
    }

    /// The joining side: takes a table's join code and gives the answer code's fragment to
    /// show the host.
    pub async fn join(&self, code: &JoinCode) -> Result<String, String> {
        let (device, name) = self.me();
        if code.host == device {
            return Err(
                "This join code was made on this device: scan it with the player's device.".into(),
            );
        }
        let pc = rtc::connection()?;
        let conn = self.new_conn(pc, None);
        let (this, id) = (*self, conn.id);
        let on_channel = rtc::on_channel(&conn.pc, move |channel| {
            if let Some(conn) = this.hub().conn(id) {
                this.attach(&conn, channel);
            }
        });
        conn.handlers.borrow_mut().push(on_channel);
        let made = async {
            let sdp = rtc::answer(&conn.pc, &code.sdp.to_sdp()).await?;
            let answer = AnswerCode {
                sdp: TrimmedSdp::from_sdp(&sdp).map_err(|e| e.to_string())?,
                device,
                name,
            };
            answer.fragment().map_err(|e| e.to_string())
        }
        .await;
        let hub = self.hub();
        let fragment = match made {
            Ok(f) => f,
            Err(why) => {
                conn.close();
                hub.conns.borrow_mut().retain(|c| c.id != id);
                return Err(why);
            }
        };
        hub.replace(&conn, &code.host);
        hub.remember(LinkedPeer {
            device: code.host.clone(),
            name: code.host_name.clone(),
            role: Role::Host,
            key: key_hex(&code.key),
            linked_ms: now_ms(),
        });
        hub.answer.set(Some((code.host.clone(), fragment.clone())));
        Ok(fragment)
    }

    /// The answer this device last made for `host` (a tracked read), while its link is alive.
    pub fn answer_for(&self, host: &str) -> Option<String> {
        let hub = self.hub();
        hub.answer
            .get()
            .filter(|(h, _)| h == host && hub.conn_of(host).is_some())
            .map(|(_, f)| f)
    }

    /// Whether this page holds a connection to `device` (so its code is in use, not stale).
    pub fn has_connection(&self, device: &str) -> bool {
        self.hub().conn_of(device).is_some()
    }

    fn send_frame(conn: &Conn, frame: &Frame) {
        let channel = conn.channel.borrow().clone();
        if let (Some(dc), Ok(text)) = (channel, frame.encode())
            && rtc::is_open(&dc)
        {
            let _ = dc.send_with_str(&text);
        }
    }

    fn opened(&self, id: u32) {
        if let Some(conn) = self.hub().conn(id) {
            self.say_hello(&conn, !conn.heard.get());
        }
    }

    fn say_hello(&self, conn: &Conn, asks: bool) {
        let (device, name) = self.me();
        Self::send_frame(conn, &Frame::Hello { device, name, asks });
    }

    fn received(&self, id: u32, text: &str) {
        let hub = self.hub();
        let Some(conn) = hub.conn(id) else { return };
        let Some(device) = conn.device.borrow().clone() else {
            return;
        };
        let Ok(frame) = Frame::decode(text) else {
            return;
        };
        let now = now_ms();
        hub.update_peer(&device, |p| p.last_heard_ms = now);
        match frame {
            Frame::Hello {
                device: said,
                name,
                asks,
            } => self.hello(&conn, &device, &said, name, asks),
            Frame::Ping => {}
            Frame::Data(text) => {
                let handler = hub.on_text.borrow().clone();
                if let Some(h) = handler {
                    h(&device, text);
                }
            }
        }
    }

    /// The other side says who it is: it must be the device its code named. The first hello
    /// on a connection opens it; a repeat (asked for, or crossing ours) only answers.
    fn hello(&self, conn: &Conn, device: &str, said: &str, name: String, asks: bool) {
        let hub = self.hub();
        if said != device {
            hub.drop_later(conn.id);
            hub.update_peer(device, |p| p.state = PeerState::Lost);
            return;
        }
        if asks {
            self.say_hello(conn, false);
        }
        let first = !conn.heard.replace(true);
        let renamed = {
            let mut doc = hub.doc.borrow_mut();
            match doc.peers.iter_mut().find(|p| p.device == device) {
                Some(p) if p.name != name => {
                    p.name.clone_from(&name);
                    true
                }
                _ => false,
            }
        };
        if renamed {
            hub.save();
        }
        hub.update_peer(device, |p| {
            p.name = name;
            p.state = PeerState::Open;
        });
        let on_open = hub.on_open.borrow().clone().filter(|_| first);
        if let (Some(f), Some(info)) = (on_open, self.peer(device)) {
            f(&info);
        }
    }

    fn lost(&self, id: u32) {
        let hub = self.hub();
        let device = hub.conn(id).and_then(|c| c.device.borrow().clone());
        if let Some(device) = device {
            hub.update_peer(&device, |p| p.state = PeerState::Lost);
            hub.drop_later(id);
        }
    }

    /// Each look: a connection still without the other's hello asks for it; every
    /// `PING_TICKS` looks, the others are pinged.
    fn ping(&self) {
        let hub = self.hub();
        let tick = hub.ticks.get().wrapping_add(1);
        hub.ticks.set(tick);
        let conns: Vec<Rc<Conn>> = hub.conns.borrow().clone();
        for c in conns.iter().filter(|c| c.device.borrow().is_some()) {
            if !c.heard.get() {
                self.say_hello(c, true);
            } else if tick.is_multiple_of(PING_TICKS) {
                Self::send_frame(c, &Frame::Ping);
            }
        }
    }
}
