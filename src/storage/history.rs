//! Earlier versions of each record, kept beside it: `satchel/v1/history/<record>/<saved ms>`
//! holds the record's text as it was stored, byte for byte. The rules for when a version is
//! kept and which ones go are `model::history`'s; this is where they meet storage.
//!
//! History is a convenience, never a reason to lose a change: the record is written first, a
//! version only after, and a version that does not fit makes room by dropping the same
//! record's oldest versions, or is not kept at all. It is never "owed".

use std::collections::BTreeSet;

use super::backend::{KeyValue, StorageError};
use super::store::Store;
use super::{CHARACTER_PREFIX, PREFIX, QUARANTINE_PREFIX};
use crate::model::history::{due, to_drop};

/// Prefix of every kept version.
pub const HISTORY_PREFIX: &str = "satchel/v1/history/";

/// One kept version of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    /// Where it is stored.
    pub key: String,
    /// When it was saved (as the record's text, not when the version was taken).
    pub saved_ms: u64,
}

/// Space all kept versions take, for Settings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HistoryUsage {
    pub versions: usize,
    pub records: usize,
    pub bytes: usize,
}

/// The history prefix of a record key (`satchel/v1/character/x` → `satchel/v1/history/character/x/`).
fn prefix_of(record_key: &str) -> String {
    let suffix = record_key.strip_prefix(PREFIX).unwrap_or(record_key);
    format!("{HISTORY_PREFIX}{suffix}/")
}

/// The record a version belongs to, and its time.
fn parse(version_key: &str) -> Option<(String, u64)> {
    let rest = version_key.strip_prefix(HISTORY_PREFIX)?;
    let (record, ms) = rest.rsplit_once('/')?;
    Some((format!("{PREFIX}{record}"), ms.parse().ok()?))
}

fn units(key: &str, value: &str) -> usize {
    key.encode_utf16().count() + value.encode_utf16().count()
}

impl<S: KeyValue> Store<S> {
    /// Writes a record, keeping the text it replaces as a version when one is due.
    pub(super) fn write_keeping_history(
        &self,
        key: &str,
        text: &str,
        now_ms: u64,
    ) -> Result<(), StorageError> {
        // Most writes fall inside the five minutes after the last version: no reads then.
        let newest = self.newest_version.borrow().get(key).copied();
        if newest.is_some() && !due(newest, now_ms, false) {
            return self.backend().set(key, text);
        }
        let before = self.backend().get(key).ok().flatten();
        self.backend().set(key, text)?;
        if let Some(before) = before
            && before != text
        {
            let _ = self.keep(key, &before, now_ms, false);
        }
        Ok(())
    }

    /// The kept versions of a record, oldest first.
    pub fn versions(&self, record_key: &str) -> Result<Vec<Version>, StorageError> {
        let prefix = prefix_of(record_key);
        let mut out: Vec<Version> = self
            .backend()
            .keys()?
            .into_iter()
            .filter(|k| k.starts_with(&prefix))
            .filter_map(|key| {
                let (record, saved_ms) = parse(&key)?;
                (record == record_key).then_some(Version { key, saved_ms })
            })
            .collect();
        out.sort_unstable_by(|a, b| (a.saved_ms, &a.key).cmp(&(b.saved_ms, &b.key)));
        Ok(out)
    }

    /// Keeps what is stored under `record_key` now as a version, whatever the time since the
    /// last one (before a restore, or when the user asks). Returns the version that holds it
    /// (the newest one already does when nothing changed since), or `None` when nothing is
    /// stored.
    pub fn keep_version(
        &self,
        record_key: &str,
        now_ms: u64,
    ) -> Result<Option<Version>, StorageError> {
        match self.backend().get(record_key)? {
            Some(text) => self.keep(record_key, &text, now_ms, true),
            None => Ok(None),
        }
    }

    /// Keeps `text` (what was stored under `record_key`) as a version when one is due; returns
    /// the version holding it, or `None` when none was due.
    pub(super) fn keep(
        &self,
        record_key: &str,
        text: &str,
        now_ms: u64,
        forced: bool,
    ) -> Result<Option<Version>, StorageError> {
        let mut versions = self.versions(record_key)?;
        let newest = versions.last();
        if let Some(v) = newest {
            self.newest_version
                .borrow_mut()
                .insert(record_key.to_string(), v.saved_ms);
        }
        if !due(newest.map(|v| v.saved_ms), now_ms, forced) {
            return Ok(None);
        }
        if let Some(v) = newest
            && self.backend().get(&v.key)?.as_deref() == Some(text)
        {
            return Ok(Some(v.clone()));
        }
        // Two versions in one millisecond (a restore right after a save) still get two keys.
        let saved_ms = newest.map_or(now_ms, |v| now_ms.max(v.saved_ms.saturating_add(1)));
        let key = format!("{}{saved_ms}", prefix_of(record_key));
        loop {
            match self.backend().set(&key, text) {
                Ok(()) => break,
                Err(StorageError::Full) if !versions.is_empty() => {
                    let oldest = versions.remove(0);
                    self.backend().remove(&oldest.key)?;
                }
                Err(e) => return Err(e),
            }
        }
        versions.push(Version { key, saved_ms });
        self.newest_version
            .borrow_mut()
            .insert(record_key.to_string(), saved_ms);
        self.prune(&versions)?;
        Ok(versions.last().cloned())
    }

    /// Drops the oldest versions beyond the count and size `model::history::to_drop` allows.
    fn prune(&self, versions: &[Version]) -> Result<(), StorageError> {
        let mut sizes = Vec::with_capacity(versions.len());
        for v in versions {
            let text = self.backend().get(&v.key)?.unwrap_or_default();
            sizes.push(units(&v.key, &text));
        }
        for v in &versions[..to_drop(&sizes)] {
            self.backend().remove(&v.key)?;
        }
        Ok(())
    }

    /// The text of a kept version.
    pub fn version_text(&self, version: &Version) -> Result<Option<String>, StorageError> {
        self.backend().get(&version.key)
    }

    /// Forgets the versions of characters that are gone (deleted, not merely set aside:
    /// versions of a record in quarantine stay, they may be the only good copy).
    pub fn forget_history_of_missing(&self) -> Result<(), StorageError> {
        // A sorted list rather than collected sets: this runs at every start, in the first
        // load, and collecting a `BTreeSet` compiles a stable sort of its own for each item
        // type (about 8 KB of the first load's wasm for these two, issue 20).
        let mut keys = self.backend().keys()?;
        keys.sort_unstable();
        let quarantined: Vec<&str> = keys
            .iter()
            .filter_map(|k| k.strip_prefix(QUARANTINE_PREFIX))
            .filter_map(|rest| rest.split_once('/').map(|(_, record)| record))
            .collect();
        for key in &keys {
            let Some((record, _)) = parse(key) else {
                continue;
            };
            let gone = record.starts_with(CHARACTER_PREFIX)
                && keys.binary_search(&record).is_err()
                && !quarantined.contains(&record.strip_prefix(PREFIX).unwrap_or(&record));
            if gone {
                self.backend().remove(key)?;
            }
        }
        Ok(())
    }

    /// How many versions are kept, of how many records, and the space they take.
    pub fn history_usage(&self) -> Result<HistoryUsage, StorageError> {
        let mut usage = HistoryUsage::default();
        let mut records = BTreeSet::new();
        for key in self.backend().keys()? {
            let Some((record, _)) = parse(&key) else {
                continue;
            };
            let text = self.backend().get(&key)?.unwrap_or_default();
            usage.versions += 1;
            usage.bytes += units(&key, &text) * 2;
            records.insert(record);
        }
        usage.records = records.len();
        Ok(usage)
    }

    /// Deletes every kept version (Settings, to make room). Records themselves are untouched.
    pub fn clear_history(&self) -> Result<(), StorageError> {
        self.newest_version.borrow_mut().clear();
        for key in self.backend().keys()? {
            if key.starts_with(HISTORY_PREFIX) {
                self.backend().remove(&key)?;
            }
        }
        Ok(())
    }
}
