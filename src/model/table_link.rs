//! The table across devices: every fact has one home, and the other devices ask it.
//!
//! | | |
//! | --- | --- |
//! | [`LinkBook`] | this device's joined devices (name, shared key, message counters) and the requests it still owes them |
//! | [`Change`], [`Request`] | a change to a character, asked of the device that owns it |
//! | [`Body`] | what one device tells another: a whole character, requests, the session's pool, a Fortune spend |
//! | [`LinkBook::seal`] / [`LinkBook::open`] | a message authenticated with the pair's key, numbered so none is taken twice |
//! | [`LinkBook::receive`] -> [`Heard`] | what a message changes here, checked by the same doors a tap uses |
//!
//! A player's character lives on the player's phone. The GM's device keeps a mirror of it
//! (`Character::owner` names the phone) that only the phone's revisions change: a GM table edit
//! of a mirror is returned by the roster's door as [`super::Applied::Requested`], queued here and
//! applied on the phone through its own reducer, and the phone's next revision flows back. A
//! revision only ever comes from the owner, so two copies are never both newer: messages are
//! ordered by the sender's counter, not by the character's revision. The GM's device owns the
//! Ix session's Fortune and Peril; a linked phone's spend is a request to it.
//!
//! Transport does not matter here: the same sealed text travels over the live WebRTC channel
//! or as a `#/msg/` link or QR code. Every message is authenticated with the key the two
//! devices shared when the phone joined (HMAC-SHA256), so a code seen over a shoulder cannot be
//! turned into another.

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use sha2::Sha256;
use std::fmt;

use super::error::EditError;
use super::exp_sheet::ExpEdit;
use super::ix_sheet::{IxEdit, Text};
use super::named::NamedDocument;
use super::session::{Point, SessionEdit};
use super::share::{ShareError, pack, unpack_within};
use super::{
    Character, CharacterAction, Roster, base64url_decode, base64url_encode, decode_character,
    encode, is_routable_id,
};
use crate::rules::ix::session::SessionPool;

/// Storage name of the link book.
pub const LINK_DOC: &str = "table-link";
/// Schema this build writes.
pub const LINK_SCHEMA: u32 = 1;
/// Route prefix of a message sent as a link or QR code.
pub const MSG_ROUTE: &str = "#/msg/";
/// Longest sealed message accepted (a whole character is a few kilobytes).
pub const MSG_MAX_JSON: usize = 256 * 1024;
/// Longest message link accepted.
pub const MSG_MAX_ENCODED: usize = 96 * 1024;
/// Most devices one book keeps (a GM and a table's phones, with room to spare).
pub const PEERS_MAX: usize = 20;
/// Most requests owed to one device before the oldest is refused to queue more.
pub const OUTBOX_MAX: usize = 200;
/// Most outcomes kept for "what the table did" on a sheet.
pub const LOG_KEPT: usize = 30;

/// A key two joined devices share: 32 random bytes from the device that offered the join.
pub type Key = [u8; 32];

/// One joined device, as this device knows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Peer {
    pub device: String,
    pub name: String,
    /// The shared key, base64url.
    pub key: String,
    /// The other device hosts the table (it is the GM's): its pool is the session's.
    pub hosts: bool,
    /// When a message from it was last taken (ms since the Unix epoch).
    #[serde(default)]
    pub last_heard_ms: u64,
    /// The highest message number taken from it.
    #[serde(default)]
    pub heard: u64,
    /// The last message number sealed for it.
    #[serde(default)]
    pub sent: u64,
    /// The last request number sent to it.
    #[serde(default)]
    pub asked: u64,
    /// The highest request number from it applied or refused here.
    #[serde(default)]
    pub answered: u64,
}

impl Peer {
    fn key(&self) -> Result<Key, LinkError> {
        base64url_decode(&self.key)
            .and_then(|k| Key::try_from(k.as_slice()).ok())
            .ok_or(LinkError::Damaged)
    }
}

/// A change to a character, as the device that owns it will apply it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Change {
    Ix(IxEdit),
    Expedition(ExpEdit),
}

impl Change {
    /// The roster action that makes the change on character `id`.
    pub fn action(&self, id: &str) -> CharacterAction {
        match self {
            Change::Ix(edit) => CharacterAction::EditIx {
                id: id.to_string(),
                edit: edit.clone(),
            },
            Change::Expedition(edit) => CharacterAction::EditExpedition {
                id: id.to_string(),
                edit: edit.clone(),
            },
        }
    }

    /// What the table may ask of a player's sheet: what happens to a character in play (harm,
    /// injuries, conditions, lights, rests, Cash handed out). The rest of a sheet (its name,
    /// ratings, spells, notes) is the player's alone to change.
    pub fn table_may_ask(&self) -> bool {
        match self {
            Change::Ix(edit) => matches!(
                edit,
                IxEdit::Harm { .. }
                    | IxEdit::Recover { .. }
                    | IxEdit::BleedOut
                    | IxEdit::Stabilise(_)
                    | IxEdit::TreatWounds(_)
                    | IxEdit::Rest
                    | IxEdit::CatchBreath
                    | IxEdit::NewEncounter
                    | IxEdit::TurnStarts
                    | IxEdit::AddInjury(_)
                    | IxEdit::WaiveCritical
                    | IxEdit::TreatInjury(..)
                    | IxEdit::StepDownInjury(_)
                    | IxEdit::RemoveInjury(_)
                    | IxEdit::SetGuard(_)
                    | IxEdit::AddCondition(_)
                    | IxEdit::SetText(Text::FrightenedBy, _)
                    | IxEdit::RemoveCondition(_)
                    | IxEdit::CarryBane
                    | IxEdit::ClearCarriedBanes
                    | IxEdit::Upkeep
                    | IxEdit::EndConcentration
                    | IxEdit::Gear(_)
            ),
            Change::Expedition(edit) => exp_may_ask(edit),
        }
    }

    /// The change in a few words, for the sheet's "from the table" list.
    pub fn words(&self) -> String {
        match self {
            Change::Ix(edit) => ix_words(edit),
            Change::Expedition(edit) => exp_words(edit),
        }
    }
}

fn exp_may_ask(edit: &ExpEdit) -> bool {
    match edit {
        ExpEdit::At(_, inner) => exp_may_ask(inner),
        ExpEdit::Damage { .. }
        | ExpEdit::Heal(_)
        | ExpEdit::Hp(_)
        | ExpEdit::BonusHp(_)
        | ExpEdit::ExpireBonus
        | ExpEdit::Roll(..)
        | ExpEdit::Gear(_)
        | ExpEdit::Ledger(_)
        | ExpEdit::Cash(..)
        | ExpEdit::Haven(_)
        | ExpEdit::NewSession
        | ExpEdit::NextWeek
        | ExpEdit::SpellPasses(_)
        | ExpEdit::TurnsPass(_)
        | ExpEdit::EndSpell(_) => true,
        _ => false,
    }
}

fn plural(n: i32, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

fn ix_words(edit: &IxEdit) -> String {
    let track = |strain: bool| if strain { "Strain" } else { "Wound" };
    match edit {
        IxEdit::Harm { strain, n, .. } => format!("suffered {}", plural(*n, track(*strain))),
        IxEdit::Recover { strain: true, n } => format!("recovered {n} Strain"),
        IxEdit::Recover { strain: false, n } => format!("healed {}", plural(*n, "Wound")),
        IxEdit::AddInjury(roll) => format!("Critical Injury rolled ({})", roll.total),
        IxEdit::WaiveCritical => "the owed Critical Injury waived".into(),
        IxEdit::RemoveInjury(_) | IxEdit::TreatInjury(..) => "a Critical Injury treated".into(),
        IxEdit::AddCondition(c) => format!("now {}", c.name()),
        IxEdit::RemoveCondition(_) => "a condition lifted".into(),
        IxEdit::Rest => "an extended rest".into(),
        IxEdit::CatchBreath => "caught their breath".into(),
        IxEdit::CarryBane => "one Bane die on the next check".into(),
        IxEdit::BleedOut => "bled 1 Wound".into(),
        IxEdit::Gear(_) => "gear changed".into(),
        _ => "a change to the sheet".into(),
    }
}

fn exp_words(edit: &ExpEdit) -> String {
    match edit {
        ExpEdit::At(_, inner) => exp_words(inner),
        ExpEdit::Damage { amount, .. } => format!("took {amount} damage"),
        ExpEdit::Heal(n) => format!("healed {n} HP"),
        ExpEdit::Hp(n) => format!("HP set to {n}"),
        ExpEdit::Roll(..) => "a procedure rolled".into(),
        ExpEdit::TurnsPass(n) => format!("{} passed", plural(*n as i32, "exploration turn")),
        ExpEdit::Gear(_) => "gear changed".into(),
        ExpEdit::Ledger(_) | ExpEdit::Cash(..) => "Cash changed".into(),
        _ => "a change to the sheet".into(),
    }
}

/// One numbered change the table asks of a character's owner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Numbered per device asked, from 1.
    pub n: u64,
    /// The device asked (the character's owner).
    pub to: String,
    /// The character.
    pub id: String,
    /// Its name when asked, for the GM's "changes for Kara".
    pub name: String,
    pub change: Change,
}

/// What one device tells another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Body {
    /// A whole character from its owner (joining, and every revision since), with the highest
    /// request from the receiver it has answered and the ones it refused, with why.
    Character {
        doc: String,
        answered: u64,
        #[serde(default)]
        refused: Vec<(u64, String)>,
    },
    /// Changes asked of the receiver's characters. Every request not yet answered travels in
    /// each message, so any one message brings the owner up to date.
    Requests(Vec<Request>),
    /// The session's Fortune and Peril as the host has them now.
    Pool(Option<SessionPool>),
    /// A player spends the players' Fortune Point: asked of the host, which owns the pool.
    Spend { who: String, what: String },
}

/// The signed part of a message.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Payload<'a> {
    f: String,
    t: String,
    s: u64,
    #[serde(borrow)]
    b: &'a RawValue,
}

/// A message on the wire: the payload's exact text and its MAC.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sealed {
    p: String,
    h: String,
}

/// Why a message changed nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    /// The link itself is unreadable (cut off, not ours, too long).
    Link(ShareError),
    /// It reads, but it is not a Satchel message.
    Foreign,
    /// From a device this one never joined.
    Stranger,
    /// For another device.
    NotForUs,
    /// The authentication does not match: forged or altered.
    Forged { from: String },
    /// Already taken, or older than one already taken.
    Replayed { from: String, n: u64, heard: u64 },
    /// This device's record of the pair is damaged.
    Damaged,
    /// A sender may not say this (a character it does not own, a pool it does not host).
    NotTheirs(String),
    /// A document in it cannot be read here.
    Unreadable(String),
    /// The book is full or a refusal from the reducers.
    Refused(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Link(e) => write!(f, "{e}"),
            LinkError::Foreign => write!(f, "This is not a message from a Satchel at your table."),
            LinkError::Stranger => write!(
                f,
                "This message comes from a device that has not joined this table; nothing was changed."
            ),
            LinkError::NotForUs => write!(
                f,
                "This message is for another device at the table; nothing was changed."
            ),
            LinkError::Forged { from } => write!(
                f,
                "This message claims to come from {from} but does not carry the key you share, so it is forged or altered; nothing was changed."
            ),
            LinkError::Replayed { from, n, heard } => write!(
                f,
                "This message from {from} (number {n}) is one already read, or older than the last one read (number {heard}); nothing was changed."
            ),
            LinkError::Damaged => write!(
                f,
                "This device's record of the link is damaged: join the table again."
            ),
            LinkError::NotTheirs(why) | LinkError::Refused(why) => write!(f, "{why}"),
            LinkError::Unreadable(why) => write!(
                f,
                "A character in this message cannot be read here ({why}); nothing was changed."
            ),
        }
    }
}

impl std::error::Error for LinkError {}

/// An outcome kept for the screens: what the table did, or what was refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Logged {
    pub at_ms: u64,
    /// The character it concerns, when one.
    #[serde(default)]
    pub id: String,
    pub text: String,
}

/// This device's side of the table: who it has joined and what it still owes them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LinkBook {
    pub schema: u32,
    #[serde(default)]
    pub peers: Vec<Peer>,
    /// Requests sent and not yet answered, oldest first.
    #[serde(default)]
    pub outbox: Vec<Request>,
    /// Recent outcomes, oldest first.
    #[serde(default)]
    pub log: Vec<Logged>,
    /// Requests from other devices refused here, told back with every revision sent to them.
    #[serde(default)]
    pub refused: Vec<Refusal>,
}

/// A request refused here: which device asked, its number, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    pub from: String,
    pub n: u64,
    pub why: String,
}

impl Default for LinkBook {
    fn default() -> Self {
        LinkBook {
            schema: LINK_SCHEMA,
            peers: Vec::new(),
            outbox: Vec::new(),
            log: Vec::new(),
            refused: Vec::new(),
        }
    }
}

/// One change to the book.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkEdit {
    /// A device joined (or joined again: its counters start afresh with the new key).
    Join(Peer),
    /// Forgets a device.
    Forget(String),
    /// Queues a change for a character's owner (from [`super::Applied::Requested`]).
    Ask {
        to: String,
        id: String,
        name: String,
        change: Change,
    },
}

/// What a received message changes here, for the caller to apply.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Heard {
    /// The sender.
    pub from: String,
    /// Its name.
    pub from_name: String,
    /// Roster actions to apply, each already tried on the roster (requests accepted).
    pub actions: Vec<CharacterAction>,
    /// Mirrors to put in place (revisions from their owners).
    pub mirrors: Vec<Character>,
    /// Session edits: what a phone asked of this host (a Fortune spend), or the pool as the
    /// host has it now, for a phone's session document (its one home here).
    pub session: Vec<SessionEdit>,
    /// Ids of the characters whose revision should go back to the sender.
    pub answer: Vec<String>,
    /// Outcomes in words.
    pub said: Vec<String>,
    /// The character each of `said` is about (empty for none).
    pub about: Vec<String>,
    /// What of `said` is worth a notice when it comes over the live link: what the table did
    /// and what was refused, not the routine revision that answers it.
    pub notable: Vec<String>,
}

impl Heard {
    fn say(&mut self, id: &str, text: String) {
        self.notable.push(text.clone());
        self.quietly(id, text);
    }

    fn quietly(&mut self, id: &str, text: String) {
        self.said.push(text);
        self.about.push(id.to_string());
    }
}

impl LinkBook {
    pub fn peer(&self, device: &str) -> Option<&Peer> {
        self.peers.iter().find(|p| p.device == device)
    }

    fn peer_mut(&mut self, device: &str) -> Result<&mut Peer, LinkError> {
        self.peers
            .iter_mut()
            .find(|p| p.device == device)
            .ok_or(LinkError::Stranger)
    }

    /// The device hosting the table this one joined, if any.
    pub fn host(&self) -> Option<&Peer> {
        self.peers.iter().find(|p| p.hosts)
    }

    /// Requests still owed to `device`, oldest first.
    pub fn owed_to(&self, device: &str) -> Vec<&Request> {
        self.outbox.iter().filter(|r| r.to == device).collect()
    }

    /// Seals `body` for `to`: numbered past the last message sent, authenticated with the
    /// pair's key. The book keeps the new number, so the caller saves it.
    pub fn seal(&mut self, me: &str, to: &str, body: &Body) -> Result<String, LinkError> {
        let peer = self.peer_mut(to)?;
        let key = peer.key()?;
        peer.sent += 1;
        let b = serde_json::to_string(body).map_err(|_| LinkError::Foreign)?;
        let raw = RawValue::from_string(b).map_err(|_| LinkError::Foreign)?;
        let p = serde_json::to_string(&Payload {
            f: me.to_string(),
            t: to.to_string(),
            s: peer.sent,
            b: &raw,
        })
        .map_err(|_| LinkError::Foreign)?;
        let h = base64url_encode(&mac(&key, p.as_bytes()));
        serde_json::to_string(&Sealed { p, h }).map_err(|_| LinkError::Foreign)
    }

    /// Checks a sealed message and reads its body: from a joined device, for this one, with
    /// that pair's key, numbered past the last one taken. Changes nothing.
    pub fn open(&self, me: &str, text: &str) -> Result<(String, u64, Body), LinkError> {
        if text.len() > MSG_MAX_JSON {
            return Err(LinkError::Foreign);
        }
        let sealed: Sealed = serde_json::from_str(text).map_err(|_| LinkError::Foreign)?;
        let payload: Payload = serde_json::from_str(&sealed.p).map_err(|_| LinkError::Foreign)?;
        let peer = self.peer(&payload.f).ok_or(LinkError::Stranger)?;
        let key = peer.key()?;
        let given = base64url_decode(&sealed.h).ok_or(LinkError::Foreign)?;
        // Only the MAC's own spelling: the last character of a 32-byte MAC carries two bits
        // no decoder reads, and a message with them changed is not the one that was sealed.
        if base64url_encode(&given) != sealed.h {
            return Err(LinkError::Forged {
                from: peer.name.clone(),
            });
        }
        let mut check =
            <Hmac<Sha256> as Mac>::new_from_slice(&key).map_err(|_| LinkError::Damaged)?;
        check.update(sealed.p.as_bytes());
        if check.verify_slice(&given).is_err() {
            return Err(LinkError::Forged {
                from: peer.name.clone(),
            });
        }
        if payload.t != me {
            return Err(LinkError::NotForUs);
        }
        if payload.s <= peer.heard {
            return Err(LinkError::Replayed {
                from: peer.name.clone(),
                n: payload.s,
                heard: peer.heard,
            });
        }
        let body: Body = serde_json::from_str(payload.b.get()).map_err(|_| LinkError::Foreign)?;
        Ok((payload.f, payload.s, body))
    }

    /// Takes a sealed message: checks it ([`LinkBook::open`]), then what it says by the same
    /// doors a tap here uses. A request the rules refuse is named and answered, never applied;
    /// a revision is taken only from the character's owner. On error nothing here changes.
    pub fn receive(
        &mut self,
        roster: &Roster,
        text: &str,
        now_ms: u64,
    ) -> Result<Heard, LinkError> {
        let (from, n, body) = self.open(&roster.device, text)?;
        let mut next = self.clone();
        let peer = next.peer_mut(&from)?;
        peer.heard = n;
        peer.last_heard_ms = now_ms;
        let mut heard = Heard {
            from: from.clone(),
            from_name: peer.name.clone(),
            ..Heard::default()
        };
        match body {
            Body::Character {
                doc,
                answered,
                refused,
            } => next.take_revision(roster, &from, &doc, answered, &refused, &mut heard)?,
            // Only the table's host asks: a phone has no mirror to ask about, and a forged
            // request from one would reach the GM's own characters.
            Body::Requests(_) if !next.peer(&from).is_some_and(|p| p.hosts) => {
                return Err(LinkError::NotTheirs(format!(
                    "{} does not host this table, so it cannot ask for changes here; nothing was changed.",
                    heard.from_name
                )));
            }
            Body::Requests(requests) => next.take_requests(roster, &from, requests, &mut heard),
            Body::Pool(pool) => {
                if !next.peer(&from).is_some_and(|p| p.hosts) {
                    return Err(LinkError::NotTheirs(format!(
                        "{} does not host this table, so its Fortune and Peril were not taken.",
                        heard.from_name
                    )));
                }
                heard.session.push(SessionEdit::Heard(pool, from.clone()));
            }
            Body::Spend { who, what } => {
                if next.peer(&from).is_some_and(|p| p.hosts) {
                    return Err(LinkError::NotTheirs(
                        "Only this device holds the session's Fortune and Peril.".into(),
                    ));
                }
                heard.session.push(SessionEdit::Spend {
                    point: Point::Fortune,
                    who,
                    what,
                });
            }
        }
        for (text, id) in heard.said.iter().zip(&heard.about) {
            next.log.push(Logged {
                at_ms: now_ms,
                id: id.clone(),
                text: text.clone(),
            });
        }
        let over = next.log.len().saturating_sub(LOG_KEPT);
        next.log.drain(..over);
        *self = next;
        Ok(heard)
    }

    fn take_revision(
        &mut self,
        roster: &Roster,
        from: &str,
        doc: &str,
        answered: u64,
        refused: &[(u64, String)],
        heard: &mut Heard,
    ) -> Result<(), LinkError> {
        let mut c = decode_character(doc).map_err(|e| LinkError::Unreadable(e.to_string()))?;
        if !is_routable_id(&c.id) {
            return Err(LinkError::Foreign);
        }
        c.sheet.check().map_err(LinkError::Unreadable)?;
        match roster.get(&c.id) {
            Some(here) if here.owner.as_deref() != Some(from) => {
                return Err(LinkError::NotTheirs(format!(
                    "{} is kept on this device, not on {}: the copy sent was not taken.",
                    here.name, heard.from_name
                )));
            }
            _ => {}
        }
        c.owner = Some(from.to_string());
        let name = c.name.clone();
        for (n, why) in refused {
            if let Some(r) = self.outbox.iter().find(|r| r.to == from && r.n == *n) {
                let text = format!("{}'s device refused “{}”: {why}", r.name, r.change.words());
                heard.say(&r.id.clone(), text);
            }
        }
        self.outbox.retain(|r| r.to != from || r.n > answered);
        let text = format!("{name}: revision from {}.", heard.from_name);
        heard.quietly(&c.id, text);
        heard.mirrors.push(c);
        Ok(())
    }

    fn take_requests(
        &mut self,
        roster: &Roster,
        from: &str,
        requests: Vec<Request>,
        heard: &mut Heard,
    ) {
        let Ok(peer) = self.peer_mut(from) else {
            return;
        };
        let before = peer.answered;
        let mut answered = before;
        let mut trial = roster.clone();
        for r in requests.into_iter().filter(|r| r.n > before) {
            answered = r.n;
            let outcome = request_outcome(&mut trial, &r);
            let name = roster.get(&r.id).map_or(r.name.clone(), |c| c.name.clone());
            match outcome {
                Ok(action) => {
                    let text =
                        format!("{} (from {}): {}.", name, heard.from_name, r.change.words());
                    heard.say(&r.id, text);
                    heard.actions.push(action);
                }
                Err(why) => {
                    let text = format!(
                        "Refused for {name} (from {}): {} ({why}).",
                        heard.from_name,
                        r.change.words()
                    );
                    heard.say(&r.id, text);
                    self.refused.push(Refusal {
                        from: from.to_string(),
                        n: r.n,
                        why,
                    });
                }
            }
            if !heard.answer.contains(&r.id) {
                heard.answer.push(r.id);
            }
        }
        if let Ok(peer) = self.peer_mut(from) {
            peer.answered = answered;
        }
        let over = self.refused.len().saturating_sub(LOG_KEPT);
        self.refused.drain(..over);
    }

    /// The refusals of requests from `device` not yet told back, as `(n, why)`; the answer
    /// message carries them.
    pub fn refusals_for(&self, device: &str) -> Vec<(u64, String)> {
        self.refused
            .iter()
            .filter(|r| r.from == device)
            .map(|r| (r.n, r.why.clone()))
            .collect()
    }

    /// The revision of character `c` for `to`, with what this device has answered of its
    /// requests.
    pub fn revision_body(&self, c: &Character, to: &str) -> Body {
        let mut own = c.clone();
        own.owner = None;
        Body::Character {
            doc: encode(&own),
            answered: self.peer(to).map_or(0, |p| p.answered),
            refused: self.refusals_for(to),
        }
    }
}

/// Tries request `r` on `trial` (the roster as the earlier requests left it): refused when the
/// character is not owned here, the table may not ask it, or the rules refuse.
fn request_outcome(trial: &mut Roster, r: &Request) -> Result<CharacterAction, String> {
    let Some(c) = trial.get(&r.id) else {
        return Err("that character is not on this device".into());
    };
    if c.owner.is_some() {
        return Err(format!("{} is not kept on this device", c.name));
    }
    if !r.change.table_may_ask() {
        return Err("only the player changes that part of the sheet".into());
    }
    let action = r.change.action(&r.id);
    trial.apply(action.clone(), 0).map_err(|e| e.to_string())?;
    Ok(action)
}

fn mac(key: &Key, text: &[u8]) -> Vec<u8> {
    let mut m = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes any key length");
    m.update(text);
    m.finalize().into_bytes().to_vec()
}

/// The fragment (`#/msg/...`) that carries a sealed message.
pub fn msg_fragment(sealed: &str) -> String {
    pack(sealed, MSG_ROUTE)
}

/// The sealed text of a `#/msg/` fragment.
pub fn read_msg_fragment(fragment: &str) -> Result<String, LinkError> {
    unpack_within(fragment, MSG_ROUTE, MSG_MAX_ENCODED, MSG_MAX_JSON).map_err(LinkError::Link)
}

impl NamedDocument for LinkBook {
    const NAME: &'static str = LINK_DOC;
    const SCHEMA: u32 = LINK_SCHEMA;
    type Edit = LinkEdit;

    fn edit_in_place(
        &mut self,
        edit: LinkEdit,
        _roster: &Roster,
    ) -> Result<Vec<CharacterAction>, EditError> {
        match edit {
            LinkEdit::Join(peer) => {
                if base64url_decode(&peer.key).is_none_or(|k| k.len() != 32) {
                    return Err("The join code's key is damaged: scan it again.".into());
                }
                // Joining again (a phone that reloaded) brings a new key, so the message
                // numbers start afresh; the requests, numbered on their own, carry on.
                let mut peer = peer;
                if let Some(old) = self.peers.iter().find(|p| p.device == peer.device) {
                    peer.asked = old.asked;
                    peer.answered = old.answered;
                }
                self.peers.retain(|p| p.device != peer.device);
                if self.peers.len() >= PEERS_MAX {
                    return Err(format!(
                        "This device has joined {PEERS_MAX} devices already: forget one first."
                    )
                    .into());
                }
                self.peers.push(peer);
            }
            LinkEdit::Forget(device) => {
                self.peers.retain(|p| p.device != device);
                self.outbox.retain(|r| r.to != device);
                self.refused.retain(|r| r.from != device);
            }
            LinkEdit::Ask {
                to,
                id,
                name,
                change,
            } => {
                if self.owed_to(&to).len() >= OUTBOX_MAX {
                    return Err(format!(
                        "{OUTBOX_MAX} changes are already waiting for {name}'s device: send them before asking more."
                    )
                    .into());
                }
                let peer = self.peers.iter_mut().find(|p| p.device == to).ok_or_else(|| {
                    EditError::from(format!(
                        "{name} is kept on a device that has not joined this table: join it, or keep {name} on this device."
                    ))
                })?;
                peer.asked += 1;
                let n = peer.asked;
                self.outbox.push(Request {
                    n,
                    to,
                    id,
                    name,
                    change,
                });
            }
        }
        Ok(Vec::new())
    }
}
