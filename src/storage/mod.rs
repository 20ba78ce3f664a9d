//! The only code that touches localStorage.
//!
//! One key per document (`satchel/v1/character/<id>`) plus an index and a settings record, so
//! one damaged record cannot take the others down and each write stays small. Loading never
//! overwrites what it cannot read: damaged records are moved aside under a quarantine key (the
//! raw text kept byte for byte), and records from a newer Satchel are left in place, read-only.
//! Every operation returns a typed error instead of panicking; the UI shows it and keeps its
//! in-memory state.

mod backend;
mod events;
mod history;
mod rolls;
mod store;
#[cfg(target_arch = "wasm32")]
mod web;

pub use backend::{KeyValue, MemoryStore, StorageError};
pub use events::{ExternalChange, classify_event};
pub use history::{HISTORY_PREFIX, HistoryUsage, Version};
pub use rolls::{ROLLS_KEY, RollStore, RollsProblem};
pub use store::{Loaded, LockedRecord, Pending, Problem, Quarantined, Store};
#[cfg(target_arch = "wasm32")]
pub use web::BrowserStore;

/// Prefix of every key Satchel writes.
pub const PREFIX: &str = "satchel/v1/";
pub const INDEX_KEY: &str = "satchel/v1/index";
pub const SETTINGS_KEY: &str = "satchel/v1/settings";
pub const CHARACTER_PREFIX: &str = "satchel/v1/character/";
pub const QUARANTINE_PREFIX: &str = "satchel/v1/quarantine/";
/// This device's live links (`model::link_doc`): its own, never exported or imported.
pub const LINK_KEY: &str = "satchel/v1/link";

/// Prefix of named documents that are not characters (a GM's table, the party).
pub const DOC_PREFIX: &str = "satchel/v1/doc/";

pub fn doc_key(name: &str) -> String {
    format!("{DOC_PREFIX}{name}")
}

pub fn character_key(id: &str) -> String {
    format!("{CHARACTER_PREFIX}{id}")
}

/// The browser's localStorage, or an in-memory store when the browser gives none (the `bool`
/// says which: `true` means nothing outlives the tab).
pub fn open_local() -> (Box<dyn KeyValue>, bool) {
    #[cfg(target_arch = "wasm32")]
    if let Ok(store) = BrowserStore::open() {
        return (Box::new(store), false);
    }
    (Box::new(MemoryStore::new()), true)
}

/// Moves a damaged record aside under a quarantine key named by the time: copy first, remove
/// only once the copy is stored, so a failure at any step leaves the text intact somewhere.
/// Returns the quarantine key, or `None` when the record had to stay where it was.
pub(crate) fn move_aside(kv: &impl KeyValue, key: &str, raw: &str, now_ms: u64) -> Option<String> {
    let suffix = key.strip_prefix(PREFIX).unwrap_or(key);
    let moved_to = format!("{QUARANTINE_PREFIX}{now_ms}/{suffix}");
    kv.set(&moved_to, raw)
        .and_then(|()| kv.remove(key))
        .ok()
        .map(|()| moved_to)
}
