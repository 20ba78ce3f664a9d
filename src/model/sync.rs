//! Between phones: a player keeps a character, the GM's device keeps a copy of it.
//!
//! | | |
//! | --- | --- |
//! | [`Revision`], [`Newness`] | which of two copies of one character is newer |
//! | [`StatusUpdate`] | the few fields a fight changes, small enough for a low-version QR code |
//! | [`status_fragment`], [`read_status_fragment`] | the update as a `#/status/` link, and back |
//! | [`apply_status`] | the reducer that puts an update on the GM's copy, or refuses it |
//! | [`qr_size`] | the QR version and modules a link needs |
//!
//! A character is "the same" on both devices by its id, which every share link carries. A
//! status update carries only the fields below and the revision; anything else (gear, notes,
//! skills) travels with the whole character as a link or a file.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

use super::character::{Character, REV_MAX, Roster, Sheet, is_routable_id};
use super::share::{ShareError, pack, unpack_within};
use crate::rules::ix::checks::Condition;

/// Route prefix of a status update's fragment.
pub const STATUS_ROUTE: &str = "#/status/";
/// Longest encoded status update accepted: a real one is a few hundred characters.
pub const STATUS_MAX_ENCODED: usize = 2048;
/// Largest status update after inflating (stops a "zip bomb" fragment).
pub const STATUS_MAX_JSON: usize = 4096;
/// The highest QR version a status update is meant to fit (57 modules a side).
pub const STATUS_QR_MAX_VERSION: i16 = 10;

/// Who changed a character last, and when: the counter first (it moves on every change on
/// the device that made it), then the time, then the device, so two copies always compare
/// the same way from either side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revision {
    pub rev: u64,
    pub updated_ms: u64,
    pub device: String,
}

/// How one copy compares with another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Newness {
    Newer,
    Older,
    Same,
}

impl Newness {
    /// The words a preview shows, from the incoming copy's side.
    pub fn label(self) -> &'static str {
        match self {
            Newness::Newer => "newer than yours",
            Newness::Older => "older than yours",
            Newness::Same => "the same as yours",
        }
    }
}

impl Revision {
    pub fn of(c: &Character) -> Self {
        Revision {
            rev: c.rev,
            updated_ms: c.updated_ms,
            device: c.device.clone(),
        }
    }

    /// Whether `self` is newer, older or the same as `other`.
    pub fn compare(&self, other: &Revision) -> Newness {
        let key = |r: &Revision| (r.rev, r.updated_ms, r.device.clone());
        match key(self).cmp(&key(other)) {
            Ordering::Greater => Newness::Newer,
            Ordering::Less => Newness::Older,
            Ordering::Equal => Newness::Same,
        }
    }
}

/// The status a GM's board shows, as one player's device last saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusUpdate {
    pub id: String,
    pub revision: Revision,
    pub vitals: StatusVitals,
}

/// The fields a status update carries, by game. Slots and lights are read from gear, which
/// only the whole character carries: copying a number derived from gear onto the GM's copy
/// would make a second home for it. Fortune is the GM's own session document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatusVitals {
    Ix {
        wounds: i32,
        wounds_max: i32,
        strain: i32,
        strain_max: i32,
        stabilised: bool,
        critical_owed: bool,
        conditions: Vec<Condition>,
    },
    Expedition {
        hp: u32,
        max_hp: u32,
        bonus_hp: u32,
        pending_down_and_out: u32,
        dead: bool,
        cash: u32,
    },
}

/// The wire form: one-letter keys and positional numbers, because every byte makes the QR
/// code denser. Unknown keys are refused, so a payload of another kind is never half-read.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    i: String,
    r: u64,
    t: u64,
    #[serde(default)]
    d: String,
    /// Ix: wounds, wounds max, strain, strain max, stabilised, Critical Injury owed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    x: Option<(i32, i32, i32, i32, bool, bool)>,
    /// Ix conditions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    c: Vec<Condition>,
    /// Expedition: HP, max HP, Bonus HP, Down and Out checks owed, dead, Cash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    e: Option<(u32, u32, u32, u32, bool, u32)>,
}

impl StatusUpdate {
    /// The status of `c` as it is now, with its revision.
    pub fn of(c: &Character) -> Self {
        let vitals = match &*c.sheet {
            Sheet::Ix(s) => {
                let h = &s.character.health;
                StatusVitals::Ix {
                    wounds: h.wounds,
                    wounds_max: h.wounds_max,
                    strain: h.strain,
                    strain_max: h.strain_max,
                    stabilised: h.stabilised,
                    critical_owed: s.critical_owed,
                    conditions: s.character.conditions.clone(),
                }
            }
            Sheet::Expedition(s) => {
                let h = &s.core.health;
                StatusVitals::Expedition {
                    hp: h.hp,
                    max_hp: h.max_hp,
                    bonus_hp: h.bonus_hp,
                    pending_down_and_out: h.pending_down_and_out,
                    dead: h.dead,
                    cash: s.core.purse.cash,
                }
            }
        };
        StatusUpdate {
            id: c.id.clone(),
            revision: Revision::of(c),
            vitals,
        }
    }

    fn to_wire(&self) -> Wire {
        let mut w = Wire {
            i: self.id.clone(),
            r: self.revision.rev,
            t: self.revision.updated_ms,
            d: self.revision.device.clone(),
            x: None,
            c: Vec::new(),
            e: None,
        };
        match &self.vitals {
            StatusVitals::Ix {
                wounds,
                wounds_max,
                strain,
                strain_max,
                stabilised,
                critical_owed,
                conditions,
            } => {
                w.x = Some((
                    *wounds,
                    *wounds_max,
                    *strain,
                    *strain_max,
                    *stabilised,
                    *critical_owed,
                ));
                w.c.clone_from(conditions);
            }
            StatusVitals::Expedition {
                hp,
                max_hp,
                bonus_hp,
                pending_down_and_out,
                dead,
                cash,
            } => w.e = Some((*hp, *max_hp, *bonus_hp, *pending_down_and_out, *dead, *cash)),
        }
        w
    }

    fn from_wire(w: Wire) -> Result<Self, StatusError> {
        if !is_routable_id(&w.i) {
            return Err(StatusError::Foreign);
        }
        // Refused at the door like a stored one: the copy here would take it as its revision.
        if w.r > REV_MAX {
            return Err(StatusError::OutOfRange(format!(
                "revision {} is past the highest Satchel counts to, {REV_MAX}",
                w.r
            )));
        }
        let vitals = match (w.x, w.e) {
            (Some((wounds, wounds_max, strain, strain_max, stabilised, critical_owed)), None) => {
                StatusVitals::Ix {
                    wounds,
                    wounds_max,
                    strain,
                    strain_max,
                    stabilised,
                    critical_owed,
                    conditions: w.c,
                }
            }
            (None, Some((hp, max_hp, bonus_hp, pending_down_and_out, dead, cash)))
                if w.c.is_empty() =>
            {
                StatusVitals::Expedition {
                    hp,
                    max_hp,
                    bonus_hp,
                    pending_down_and_out,
                    dead,
                    cash,
                }
            }
            _ => return Err(StatusError::Foreign),
        };
        Ok(StatusUpdate {
            id: w.i,
            revision: Revision {
                rev: w.r,
                updated_ms: w.t,
                device: w.d,
            },
            vitals,
        })
    }
}

/// Why a status update changed nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatusError {
    /// The link itself is unreadable (cut off, not base64url, not deflate, too long, a bomb).
    Link(ShareError),
    /// It reads, but it is not a status update Satchel made.
    Foreign,
    /// No character with its id on this device: the whole character has to come first.
    NotHere,
    /// The character here plays the other game.
    WrongGame,
    /// The copy here is newer: the update is older than it.
    Older,
    /// The copy here already has this revision.
    Same,
    /// A value is out of its range once applied, in words.
    OutOfRange(String),
}

impl fmt::Display for StatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatusError::Link(e) => write!(f, "{e}"),
            StatusError::Foreign => write!(f, "This is not a Satchel status update."),
            StatusError::NotHere => write!(
                f,
                "This character is not on this device yet: ask the player for the whole character's link first."
            ),
            StatusError::WrongGame => write!(
                f,
                "The character here with this id plays another game; nothing was changed."
            ),
            StatusError::Older => write!(
                f,
                "This update is older than your copy, so your copy was kept."
            ),
            StatusError::Same => write!(f, "Your copy already has this update."),
            StatusError::OutOfRange(why) => write!(
                f,
                "This update has a value Satchel cannot use ({why}); nothing was changed."
            ),
        }
    }
}

impl std::error::Error for StatusError {}

/// The fragment (starting with `#/status/`) that carries `c`'s status.
pub fn status_fragment(c: &Character) -> String {
    let json = serde_json::to_string(&StatusUpdate::of(c).to_wire()).unwrap_or_default();
    pack(&json, STATUS_ROUTE)
}

/// Reads a status fragment; refuses anything but a well-formed update, saying why.
pub fn read_status_fragment(fragment: &str) -> Result<StatusUpdate, StatusError> {
    let text = unpack_within(fragment, STATUS_ROUTE, STATUS_MAX_ENCODED, STATUS_MAX_JSON)
        .map_err(StatusError::Link)?;
    let wire: Wire = serde_json::from_str(&text).map_err(|_| StatusError::Foreign)?;
    StatusUpdate::from_wire(wire)
}

/// How `update` compares with the copy here, or why there is nothing to compare it with.
pub fn status_newness(roster: &Roster, update: &StatusUpdate) -> Result<Newness, StatusError> {
    let here = roster.get(&update.id).ok_or(StatusError::NotHere)?;
    Ok(update.revision.compare(&Revision::of(here)))
}

/// Puts a newer status update on the copy here: only its status fields and its revision
/// change. Older, same, unknown, other-game or out-of-range updates change nothing.
pub fn apply_status(roster: &mut Roster, update: &StatusUpdate) -> Result<Character, StatusError> {
    match status_newness(roster, update)? {
        Newness::Newer => {}
        Newness::Older => return Err(StatusError::Older),
        Newness::Same => return Err(StatusError::Same),
    }
    let pos = roster.position(&update.id).ok_or(StatusError::NotHere)?;
    let mut c = roster.characters[pos].clone();
    let vitals = &update.vitals;
    c.sheet.edit(|sheet| match (sheet, vitals) {
        (
            Sheet::Ix(s),
            StatusVitals::Ix {
                wounds,
                wounds_max,
                strain,
                strain_max,
                stabilised,
                critical_owed,
                conditions,
            },
        ) => {
            let h = &mut s.character.health;
            h.wounds = *wounds;
            h.wounds_max = *wounds_max;
            h.strain = *strain;
            h.strain_max = *strain_max;
            h.stabilised = *stabilised;
            s.critical_owed = *critical_owed;
            s.character.conditions.clone_from(conditions);
            Ok(())
        }
        (
            Sheet::Expedition(s),
            StatusVitals::Expedition {
                hp,
                max_hp,
                bonus_hp,
                pending_down_and_out,
                dead,
                cash,
            },
        ) => {
            let h = &mut s.core.health;
            h.hp = *hp;
            h.max_hp = *max_hp;
            h.bonus_hp = *bonus_hp;
            h.pending_down_and_out = *pending_down_and_out;
            h.dead = *dead;
            s.core.purse.cash = *cash;
            Ok(())
        }
        _ => Err(StatusError::WrongGame),
    })?;
    c.sheet.check().map_err(StatusError::OutOfRange)?;
    c.rev = update.revision.rev;
    c.updated_ms = update.revision.updated_ms;
    c.device.clone_from(&update.revision.device);
    roster.characters[pos] = c.clone();
    Ok(c)
}

/// The QR version (1-40) and modules a side that `text` needs at the given error
/// correction, or `None` when it is too long for any QR code.
pub fn qr_size(text: &str, ec: qrcode::EcLevel) -> Option<(i16, usize)> {
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), ec).ok()?;
    let version = match code.version() {
        qrcode::Version::Normal(v) | qrcode::Version::Micro(v) => v,
    };
    Some((version, code.width()))
}
