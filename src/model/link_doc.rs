//! What this device remembers of its live links (`satchel/v1/link`): its own device id and
//! display name, and each linked device's id, name, side and key. Channels never outlive a
//! page, so after a reload every remembered device is shown as lost, with how to rejoin.
//!
//! | | |
//! | --- | --- |
//! | [`LinkDoc`] | this device and the devices it has linked with |
//! | [`LinkDoc::link`] | a device joined (again): one entry per device id, the newest wins |
//! | [`Role`], [`PeerState`] | which side a linked device is, and how its channel is |

use serde::{Deserialize, Serialize};

use super::link_code::{valid_device, valid_name};

/// Schema of the link document.
pub const LINK_SCHEMA: u32 = 1;
/// Devices remembered: a table is a GM and a few players, and an old entry is dropped first.
pub const PEERS_KEPT: usize = 16;

/// Which side of a link a device is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// The device that showed the join code (the GM's).
    Host,
    /// A device that joined with it (a player's).
    Guest,
}

impl Role {
    pub fn label(self) -> &'static str {
        match self {
            Role::Host => "hosts the table",
            Role::Guest => "joined the table",
        }
    }
}

/// How a linked device's channel is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeerState {
    /// Codes exchanged; the channel is not open, or the device has not said who it is yet.
    Connecting,
    /// Open, and the other side has said who it is.
    Open,
    /// The channel closed, or this page was reloaded since.
    Lost,
}

impl PeerState {
    pub fn label(self) -> &'static str {
        match self {
            PeerState::Connecting => "Connecting",
            PeerState::Open => "Linked",
            PeerState::Lost => "Lost",
        }
    }
}

/// A device this one has linked with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkedPeer {
    pub device: String,
    pub name: String,
    pub role: Role,
    /// The join code's key, as 64 hex digits, while this page lives. Never stored here: the
    /// link book (`model::table_link`) is the key's one home, and authenticates with it.
    #[serde(default, skip_serializing)]
    pub key: String,
    pub linked_ms: u64,
}

/// This device and the devices it has linked with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkDoc {
    pub schema: u32,
    /// This device's id (see `link_code::device_id`).
    pub device: String,
    /// The name other devices show for this one.
    pub name: String,
    pub peers: Vec<LinkedPeer>,
}

impl LinkDoc {
    /// A device's first link document.
    pub fn new(device: String, name: String) -> Self {
        LinkDoc {
            schema: LINK_SCHEMA,
            device,
            name,
            peers: Vec::new(),
        }
    }

    /// Whether a stored document is one this build can use (an id and name it would make).
    pub fn is_sound(&self) -> bool {
        valid_device(&self.device)
            && valid_name(&self.name)
            && self.peers.iter().all(|p| valid_device(&p.device))
    }

    /// Records a link: a device that links again replaces its old entry (same device id), so
    /// a rejoining phone is one row, with the new key.
    pub fn link(&mut self, peer: LinkedPeer) {
        self.peers.retain(|p| p.device != peer.device);
        self.peers.push(peer);
        if self.peers.len() > PEERS_KEPT {
            self.peers.remove(0);
        }
    }

    /// Forgets a device.
    pub fn forget(&mut self, device: &str) -> bool {
        let before = self.peers.len();
        self.peers.retain(|p| p.device != device);
        before != self.peers.len()
    }

    /// Renames this device; refuses a name a code cannot carry.
    pub fn rename(&mut self, name: &str) -> Result<(), super::link_code::LinkCodeError> {
        let name = name.trim();
        if !valid_name(name) {
            return Err(super::link_code::LinkCodeError::BadName);
        }
        self.name = name.to_string();
        Ok(())
    }
}

/// A key as hex, for the document.
pub fn key_hex(key: &[u8; 32]) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

/// A key from the document's hex; `None` when it is not 64 hex digits.
pub fn key_from_hex(hex: &str) -> Option<[u8; 32]> {
    if hex.len() != 64 || !hex.is_ascii() {
        return None;
    }
    let mut key = [0u8; 32];
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(key)
}

/// How to rejoin a lost device, from this device's side.
pub fn rejoin_words(peer_name: &str, role: Role) -> String {
    match role {
        Role::Guest => format!(
            "On {peer_name}, scan the table's code again (the join code on this screen), then scan or paste the answer it shows."
        ),
        Role::Host => format!(
            "On {peer_name}, open Table, then Link, and scan the table's code there again with this device (Scan a code), then show it the answer."
        ),
    }
}
