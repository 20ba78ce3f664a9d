use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::backend::{KeyValue, StorageError};
use super::{
    CHARACTER_PREFIX, DOC_PREFIX, INDEX_KEY, PREFIX, QUARANTINE_PREFIX, SETTINGS_KEY,
    character_key, doc_key, move_aside,
};
use crate::model::{
    Character, DocError, INDEX_SCHEMA, Index, Merged, NamedDoc, Roster, SETTINGS_SCHEMA, Settings,
    decode, decode_character, decode_current, encode, merge_characters, merge_keeping_mine,
};

/// A record written by a newer Satchel. It stays in place, untouched; the roster lists it as
/// read-only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockedRecord {
    pub key: String,
    /// The name, when it can be read without understanding the rest.
    pub name: Option<String>,
    pub found: u32,
}

/// A damaged record moved aside under a quarantine key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quarantined {
    pub key: String,
    pub raw: String,
}

/// Something the user should hear about after a load or a save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A damaged record was moved aside; its text is kept under `moved_to`.
    Quarantined {
        original: String,
        moved_to: String,
        reason: String,
    },
    /// A damaged record could not even be moved aside; it is left exactly where it was.
    Unreadable { key: String, reason: String },
    /// A record from a newer Satchel, opened read-only.
    Newer { key: String, reason: String },
    /// A character whose sheet holds a value out of its range (written by hand or by an old
    /// bug): kept as it is, editable, and the user is told what to fix.
    OutOfRange { name: String, why: String },
}

impl Problem {
    fn what(key: &str) -> &'static str {
        if key.starts_with(CHARACTER_PREFIX) {
            "A character"
        } else if key == INDEX_KEY {
            "The roster order"
        } else if key == SETTINGS_KEY {
            "Your settings"
        } else {
            "A saved record"
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Quarantined {
                original, reason, ..
            } => write!(
                f,
                "{} could not be read: {reason}. Its text was set aside untouched; download it from Settings.",
                Problem::what(original)
            ),
            Problem::Unreadable { key, reason } if key.starts_with(CHARACTER_PREFIX) => write!(
                f,
                "{} could not be read: {reason}. It was left exactly as it was; download or discard it in Settings.",
                Problem::what(key)
            ),
            Problem::Unreadable { key, reason } => write!(
                f,
                "{} could not be read: {reason}. It was left exactly as it was.",
                Problem::what(key)
            ),
            Problem::Newer { key, reason } => write!(
                f,
                "{} is read-only here: {reason}. Update Satchel to edit it.",
                Problem::what(key)
            ),
            Problem::OutOfRange { name, why } => write!(
                f,
                "{name} has a value out of range ({why}). It is kept as it is and can still be edited: fix it on the sheet."
            ),
        }
    }
}

/// Everything the roster needs after a load.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Loaded {
    pub roster: Roster,
    pub locked: Vec<LockedRecord>,
    pub problems: Vec<Problem>,
}

/// Writes this tab still owes storage: kept across failures so the next successful write
/// saves everything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pending {
    pub save: BTreeSet<String>,
    pub delete: BTreeSet<String>,
    pub index: bool,
}

impl Pending {
    /// Notes that this character must be written (and the roster order with it).
    pub fn saved(&mut self, id: &str) {
        self.delete.remove(id);
        self.save.insert(id.to_string());
        self.index = true;
    }

    /// Notes that this character's record must be removed (and the roster order rewritten).
    pub fn removed(&mut self, id: &str) {
        self.save.remove(id);
        self.delete.insert(id.to_string());
        self.index = true;
    }

    pub fn is_empty(&self) -> bool {
        self.save.is_empty() && self.delete.is_empty() && !self.index
    }
}

/// A stored text per character id. A list: a roster is dozens of characters, and it keeps a
/// map's code out of the first download.
#[derive(Default)]
struct Texts(RefCell<Vec<(String, String)>>);

impl Texts {
    fn get(&self, id: &str) -> Option<String> {
        self.0
            .borrow()
            .iter()
            .find(|(k, _)| k == id)
            .map(|(_, t)| t.clone())
    }

    fn set(&self, id: &str, text: String) {
        let mut all = self.0.borrow_mut();
        match all.iter_mut().find(|(k, _)| k == id) {
            Some(one) => one.1 = text,
            None => all.push((id.to_string(), text)),
        }
    }
}

/// Satchel's documents over any [`KeyValue`] store.
pub struct Store<S> {
    kv: S,
    /// False when the index or settings on disk are from a newer build: never overwrite them.
    index_writable: Cell<bool>,
    settings_writable: Cell<bool>,
    /// Named documents found written by a newer build: never overwrite them.
    newer_docs: RefCell<BTreeSet<String>>,
    /// When each record's newest kept version was saved, as far as this tab knows: a write
    /// inside the five minutes after it skips reading the old text and listing the versions
    /// (see `history`). Another tab's newer version only makes this one look again.
    pub(super) newest_version: RefCell<BTreeMap<String, u64>>,
    /// Each character's stored text as this tab last read or wrote it. A stored text that
    /// differs when this tab comes to write means another tab wrote in between.
    seen: Texts,
    /// The stored text this tab's last write of each character replaced: what that write and
    /// another tab's crossing write both started from.
    parent: Texts,
    /// Versions whose values gave way in a merge made on reload, by record key: kept in
    /// History once the merged character is written (storage may be full until then).
    yielded: RefCell<Vec<(String, String)>>,
    /// How a write settles a character another tab changed meanwhile (`merge_characters`). It
    /// reads the sheets, so the release's first load leaves it out: the `sheets` chunk puts it
    /// here ([`Store::can_settle`]), and until then such a write waits, still owed.
    settler: Cell<Option<Settler>>,
    /// Characters the last load found saved by an earlier Satchel, with the place each takes in
    /// the roster: [`Store::check`] brings them up to date and puts them there (start-up reads
    /// only current records, keeping the migrations out of the first load).
    outdated: RefCell<Vec<(usize, String)>>,
}

/// Settles `mine` with `theirs`, both changed from `base` (see `merge_characters`).
pub type Settler = fn(&Character, &Character, &Character) -> Option<Merged>;

/// Every build but the split release settles from the start; the split release, once the
/// `sheets` chunk has arrived.
#[cfg(not(feature = "split"))]
fn first_settler() -> Option<Settler> {
    Some(merge_characters)
}

#[cfg(feature = "split")]
fn first_settler() -> Option<Settler> {
    None
}

impl<S: KeyValue> Store<S> {
    pub fn new(kv: S) -> Self {
        Store {
            kv,
            index_writable: Cell::new(true),
            settings_writable: Cell::new(true),
            newer_docs: RefCell::new(BTreeSet::new()),
            newest_version: RefCell::default(),
            seen: Texts::default(),
            parent: Texts::default(),
            yielded: RefCell::default(),
            settler: Cell::new(first_settler()),
            outdated: RefCell::default(),
        }
    }

    /// Lets writes settle two tabs' changes from now on (called from the `sheets` chunk).
    pub fn can_settle(&self) {
        self.settler.set(Some(merge_characters));
    }

    /// Whether writes can settle two tabs' changes yet (see [`Store::can_settle`]).
    pub fn settles(&self) -> bool {
        self.settler.get().is_some()
    }

    pub fn backend(&self) -> &S {
        &self.kv
    }

    /// Loads the roster. Damaged records are quarantined (the rest still loads); newer ones are
    /// listed read-only. `now_ms` names the quarantine keys.
    pub fn load(&self, now_ms: u64) -> Result<Loaded, StorageError> {
        let mut loaded = self.load_unread(now_ms)?;
        let problems = self.check(&mut loaded.roster, now_ms);
        loaded.problems.extend(problems);
        Ok(loaded)
    }

    /// [`Store::load`] without reading the sheets: each character's sheet stays the text it is
    /// stored as (the roster shows only names and games). Start-up loads this way, and the
    /// sheets are checked by [`Store::check`] before any screen reads one.
    pub fn load_unread(&self, now_ms: u64) -> Result<Loaded, StorageError> {
        self.outdated.borrow_mut().clear();
        let keys = self.kv.keys()?;
        let mut loaded = Loaded::default();
        let mut order: Vec<String> = Vec::new();

        match self.kv.get(INDEX_KEY)? {
            None => {}
            Some(raw) => match decode::<Index>(&raw, INDEX_SCHEMA) {
                Ok(index) => order = index.characters,
                Err(e @ DocError::Newer { .. }) => {
                    self.index_writable.set(false);
                    loaded.problems.push(Problem::Newer {
                        key: INDEX_KEY.into(),
                        reason: e.to_string(),
                    });
                }
                Err(e) => loaded
                    .problems
                    .push(self.quarantine(INDEX_KEY, &raw, &e, now_ms)),
            },
        }

        // Characters on disk that the index misses (a write whose index update failed, or
        // another tab's) are appended rather than lost.
        let mut on_disk: Vec<String> = keys
            .iter()
            .filter_map(|k| k.strip_prefix(CHARACTER_PREFIX))
            .map(str::to_string)
            .collect();
        on_disk.sort_unstable();
        order.retain(|id| on_disk.contains(id));
        let mut seen = BTreeSet::new();
        order.retain(|id| seen.insert(id.clone()));
        for id in on_disk {
            if !seen.contains(&id) {
                order.push(id);
            }
        }

        for id in order {
            let key = character_key(&id);
            let Some(raw) = self.kv.get(&key)? else {
                continue;
            };
            match decode_current(&raw) {
                Ok(c) if c.id == id => {
                    self.seen.set(&id, raw.clone());
                    loaded.roster.characters.push(c);
                }
                Err(DocError::Outdated { .. }) => self
                    .outdated
                    .borrow_mut()
                    .push((loaded.roster.characters.len(), id)),
                Ok(_) => loaded
                    .problems
                    .push(self.quarantine(&key, &raw, &misplaced(), now_ms)),
                Err(e @ DocError::Newer { found, .. }) => {
                    loaded.locked.push(LockedRecord {
                        key: key.clone(),
                        name: peek_name(&raw),
                        found,
                    });
                    loaded.problems.push(Problem::Newer {
                        key,
                        reason: e.to_string(),
                    });
                }
                Err(e) => loaded
                    .problems
                    .push(self.quarantine(&key, &raw, &e, now_ms)),
            }
        }
        Ok(loaded)
    }

    /// Reads every sheet of `roster`: one that does not fit its game's sheet is set aside as a
    /// damaged record and leaves the roster; one with values out of range stays, named.
    pub fn check(&self, roster: &mut Roster, now_ms: u64) -> Vec<Problem> {
        let mut problems = self.bring_up_to_date(roster, now_ms);
        roster.characters.retain(|c| match c.sheet.try_sheet() {
            Ok(sheet) => {
                if let Some(why) = sheet.problems().into_iter().next() {
                    problems.push(Problem::OutOfRange {
                        name: c.name.clone(),
                        why,
                    });
                }
                true
            }
            Err(why) => {
                let key = character_key(&c.id);
                let raw = self.kv.get(&key).ok().flatten().unwrap_or_default();
                problems.push(self.quarantine(&key, &raw, &DocError::Malformed(why), now_ms));
                false
            }
        });
        problems
    }

    /// Whether the last load left characters saved by an earlier Satchel for [`Store::check`].
    pub fn has_outdated(&self) -> bool {
        !self.outdated.borrow().is_empty()
    }

    /// Migrates the characters the last load found outdated and puts each in its place in
    /// `roster` (one the roster already holds again is left alone); one that cannot be
    /// brought up to date is set aside as damaged, as a load would.
    fn bring_up_to_date(&self, roster: &mut Roster, now_ms: u64) -> Vec<Problem> {
        let mut problems = Vec::new();
        let outdated = std::mem::take(&mut *self.outdated.borrow_mut());
        // Each place counts the current characters before it; the ones put back before it
        // move it along by one each.
        let mut put_back = 0;
        for (at, id) in outdated {
            let key = character_key(&id);
            let Ok(Some(raw)) = self.kv.get(&key) else {
                continue;
            };
            if roster.get(&id).is_some() {
                continue;
            }
            match decode_character(&raw) {
                Ok(c) if c.id == id => {
                    self.seen.set(&id, raw);
                    let at = (at + put_back).min(roster.characters.len());
                    roster.characters.insert(at, c);
                    put_back += 1;
                }
                Ok(_) => problems.push(self.quarantine(&key, &raw, &misplaced(), now_ms)),
                Err(e) => problems.push(self.quarantine(&key, &raw, &e, now_ms)),
            }
        }
        problems
    }

    /// Sets a damaged record aside and says what happened to it.
    fn quarantine(&self, key: &str, raw: &str, why: &DocError, now_ms: u64) -> Problem {
        let reason = why.to_string();
        match move_aside(&self.kv, key, raw, now_ms) {
            Some(moved_to) => Problem::Quarantined {
                original: key.into(),
                moved_to,
                reason,
            },
            None => Problem::Unreadable {
                key: key.into(),
                reason,
            },
        }
    }

    /// Settles this tab's `mine` with the stored text another tab wrote, both started from
    /// `base` (stored texts). `None` when either stored text is not a character this build
    /// reads: then this tab's write goes ahead as before.
    fn settle(&self, base: &str, mine: &Character, theirs: &str) -> Option<Merged> {
        let settler = self.settler.get()?;
        // Current records only: another tab writes this schema, and an older text here (one
        // written before an update) only means the write goes ahead as it would without it.
        let base = decode_current(base).ok()?;
        let theirs = decode_current(theirs).ok()?;
        settler(&base, mine, &theirs)
    }

    /// Re-reads the roster after another tab wrote, settling each character both tabs
    /// changed at once. A character with a change this tab still owes (`pending`) is settled
    /// against the text both tabs last shared. One that this tab wrote and the other tab
    /// then wrote over without having seen it (its revision is not past ours) is settled
    /// against what this tab's write replaced. The settled characters are in the roster
    /// returned, and listed, to be written again.
    pub fn reload(
        &self,
        local: &Roster,
        pending: &Pending,
        now_ms: u64,
    ) -> Result<(Loaded, Vec<Merged>), StorageError> {
        // What the characters this tab still owes were last shared as, before the load below
        // replaces it with the other tab's text.
        let before: Vec<(String, String)> = pending
            .save
            .iter()
            .filter_map(|id| Some((id.clone(), self.seen.get(id)?)))
            .collect();
        let mut loaded = self.load(now_ms)?;
        let mut merged = Vec::new();
        for theirs in &mut loaded.roster.characters {
            let Some(ours) = local.get(&theirs.id) else {
                continue;
            };
            if ours == theirs {
                continue;
            }
            let unsaved = pending.save.contains(&theirs.id);
            let base = if unsaved {
                before
                    .iter()
                    .find(|(id, _)| *id == theirs.id)
                    .map(|(_, text)| text.clone())
            } else if theirs.rev <= ours.rev {
                self.parent.get(&theirs.id)
            } else {
                continue;
            };
            let Some(base) = base.and_then(|base| decode_character(&base).ok()) else {
                continue;
            };
            let settled = if unsaved {
                merge_keeping_mine(&base, ours, theirs)
            } else {
                merge_characters(&base, ours, theirs)
            };
            let Some(m) = settled else {
                continue;
            };
            if !m.conflicts.is_empty() {
                let yielded = if m.mine_won { &*theirs } else { ours };
                self.yielded
                    .borrow_mut()
                    .push((character_key(&theirs.id), encode(yielded)));
            }
            *theirs = m.character.clone();
            merged.push(m);
        }
        Ok((loaded, merged))
    }

    pub fn save_character(&self, c: &Character) -> Result<(), StorageError> {
        self.kv.set(&character_key(&c.id), &encode(c))
    }

    pub fn delete_character(&self, id: &str) -> Result<(), StorageError> {
        self.kv.remove(&character_key(id))
    }

    pub fn save_index(&self, ids: Vec<String>) -> Result<(), StorageError> {
        if !self.index_writable.get() {
            return Ok(());
        }
        self.kv.set(INDEX_KEY, &encode(&Index::new(ids)))
    }

    /// Writes everything `pending` lists, removing each item once it is stored. Stops at the
    /// first failure and leaves the rest pending for the next attempt.
    /// A character replaced here keeps its earlier text as a version (see `history`), stamped
    /// `now_ms`. See `flush_settling` for a character another tab wrote meanwhile.
    pub fn flush(
        &self,
        roster: &Roster,
        pending: &mut Pending,
        now_ms: u64,
    ) -> Result<(), StorageError> {
        self.flush_settling(roster, pending, now_ms, &mut Vec::new())
    }

    /// `flush`, where a character another tab wrote since this tab last read it is settled
    /// field by field (`merge_characters`) and written settled; each one is pushed to
    /// `merged`, for the caller to show in place of its own copy. Before the settling code is
    /// here ([`Store::can_settle`]) such a character is left owed, unwritten.
    pub fn flush_settling(
        &self,
        roster: &Roster,
        pending: &mut Pending,
        now_ms: u64,
        merged: &mut Vec<Merged>,
    ) -> Result<(), StorageError> {
        for id in pending.save.clone() {
            if let Some(c) = roster.get(&id) {
                let key = character_key(&id);
                let mut text = encode(c);
                let stored = self.kv.get(&key)?;
                let seen = self.seen.get(&id);
                // Another tab wrote since this tab last looked: keep its changes too.
                let crossed = matches!((&stored, &seen), (Some(stored), Some(seen)) if stored != seen && *stored != text);
                if crossed && self.settler.get().is_none() {
                    // Settled once the code that reads sheets is here (`AppState::flush`).
                    continue;
                }
                if let (Some(stored), Some(seen)) = (&stored, &seen)
                    && crossed
                    && let Some(m) = self.settle(seen, c, stored)
                {
                    // The version whose values gave way is kept, so History has them.
                    if !m.conflicts.is_empty() {
                        let yielded = if m.mine_won { stored } else { &text };
                        let _ = self.keep(&key, yielded, now_ms, true);
                    }
                    text = encode(&m.character);
                    merged.push(m);
                }
                self.write_keeping_history(&key, &text, now_ms)?;
                let owed: Vec<(String, String)> = {
                    let mut all = self.yielded.borrow_mut();
                    let (mine, rest) = all.drain(..).partition(|(k, _)| *k == key);
                    *all = rest;
                    mine
                };
                for (_, text) in owed {
                    let _ = self.keep(&key, &text, now_ms, true);
                }
                if let Some(from) = stored.or(seen) {
                    self.parent.set(&id, from);
                }
                self.seen.set(&id, text);
            }
            pending.save.remove(&id);
        }
        for id in pending.delete.clone() {
            self.delete_character(&id)?;
            pending.delete.remove(&id);
        }
        if pending.index {
            self.save_index(roster.ids())?;
            pending.index = false;
        }
        Ok(())
    }

    /// Loads settings; damaged settings are quarantined and defaults used.
    pub fn load_settings(&self, now_ms: u64) -> (Settings, Option<Problem>) {
        let raw = match self.kv.get(SETTINGS_KEY) {
            Ok(Some(raw)) => raw,
            _ => return (Settings::default(), None),
        };
        match decode::<Settings>(&raw, SETTINGS_SCHEMA) {
            Ok(s) => (s, None),
            Err(e @ DocError::Newer { .. }) => {
                self.settings_writable.set(false);
                let problem = Problem::Newer {
                    key: SETTINGS_KEY.into(),
                    reason: e.to_string(),
                };
                (Settings::default(), Some(problem))
            }
            Err(e) => (
                Settings::default(),
                Some(self.quarantine(SETTINGS_KEY, &raw, &e, now_ms)),
            ),
        }
    }

    pub fn save_settings(&self, s: &Settings) -> Result<(), StorageError> {
        if !self.settings_writable.get() {
            return Ok(());
        }
        self.kv.set(SETTINGS_KEY, &encode(s))
    }

    /// Loads a named document (`doc_key(name)`) of schema `schema`. Nothing stored gives
    /// `None`; a damaged one is quarantined and a newer one left untouched (and never
    /// overwritten by [`Store::save_doc`]), each with the problem to show.
    pub fn load_doc<T: serde::de::DeserializeOwned>(
        &self,
        name: &str,
        schema: u32,
        now_ms: u64,
    ) -> (Option<T>, Option<Problem>) {
        let key = doc_key(name);
        let raw = match self.kv.get(&key) {
            Ok(Some(raw)) => raw,
            Ok(None) => return (None, None),
            Err(e) => {
                let reason = e.to_string();
                return (None, Some(Problem::Unreadable { key, reason }));
            }
        };
        match decode::<T>(&raw, schema) {
            Ok(doc) => (Some(doc), None),
            Err(e @ DocError::Newer { .. }) => {
                self.newer_docs.borrow_mut().insert(name.to_string());
                let reason = e.to_string();
                (None, Some(Problem::Newer { key, reason }))
            }
            Err(e) => (None, Some(self.quarantine(&key, &raw, &e, now_ms))),
        }
    }

    /// Saves a named document, unless a newer build's copy is stored under that name.
    pub fn save_doc<T: serde::Serialize>(&self, name: &str, doc: &T) -> Result<(), StorageError> {
        if self.newer_docs.borrow().contains(name) {
            return Ok(());
        }
        self.kv.set(&doc_key(name), &encode(doc))
    }

    /// Saves a named document already encoded, keeping the text it replaces as a version
    /// (see `history`), stamped `now_ms`.
    pub fn save_doc_text(&self, name: &str, text: &str, now_ms: u64) -> Result<(), StorageError> {
        if self.newer_docs.borrow().contains(name) {
            return Ok(());
        }
        self.write_keeping_history(&doc_key(name), text, now_ms)
    }

    /// Every named document as stored (for an export). Records that are not JSON are left
    /// out: loading them quarantines them, and the Settings screen offers their raw text.
    pub fn docs(&self) -> Result<Vec<NamedDoc>, StorageError> {
        let mut out = Vec::new();
        for key in self.kv.keys()? {
            let Some(name) = key.strip_prefix(DOC_PREFIX) else {
                continue;
            };
            if let Some(raw) = self.kv.get(&key)?
                && let Ok(doc) = serde_json::from_str(&raw)
            {
                out.push(NamedDoc {
                    name: name.to_string(),
                    doc,
                });
            }
        }
        out.sort_unstable_by(|a, b| a.name.cmp(&b.name));
        Ok(out)
    }

    /// Writes an import, already checked by `parse_import`: its tables, its characters and the
    /// roster order, all or nothing. On the first refused write (storage full) every key
    /// already written is put back as it was, newest first, so storage holds exactly what it
    /// held before. A table or roster order a newer build wrote here is not replaced.
    pub fn import_all(
        &self,
        docs: &[NamedDoc],
        characters: &[Character],
        order: Vec<String>,
        now_ms: u64,
    ) -> Result<(), StorageError> {
        let mut writes: Vec<(String, String)> = Vec::new();
        for d in docs {
            // `parse_import` leaves out what no file may replace; kept out here as well, so
            // no other caller can write a planted seal either.
            let from_files = crate::model::doc_types::from_files(&d.name);
            if from_files && !self.newer_docs.borrow().contains(&d.name) {
                writes.push((doc_key(&d.name), d.doc.to_string()));
            }
        }
        for c in characters {
            writes.push((character_key(&c.id), encode(c)));
        }
        if self.index_writable.get() {
            writes.push((INDEX_KEY.to_string(), encode(&Index::new(order))));
        }
        let mut undo: Vec<(String, Option<String>)> = Vec::with_capacity(writes.len());
        for (key, value) in writes {
            let before = self.kv.get(&key);
            let done = before.and_then(|old| self.kv.set(&key, &value).map(|()| old));
            match done {
                Ok(old) => undo.push((key, old)),
                Err(e) => {
                    // Each step back returns storage to a size it already had, so it fits.
                    for (key, old) in undo.into_iter().rev() {
                        let _ = match old {
                            Some(v) => self.kv.set(&key, &v),
                            None => self.kv.remove(&key),
                        };
                    }
                    return Err(e);
                }
            }
        }
        for c in characters {
            self.seen.set(&c.id, encode(c));
        }
        // A record the file replaced keeps what it held as a version, so History can put it
        // back. Best effort: the import itself is already complete.
        for (key, old) in undo {
            if let Some(old) = old
                && key != INDEX_KEY
            {
                let _ = self.keep(&key, &old, now_ms, true);
            }
        }
        Ok(())
    }

    /// Damaged records set aside so far, oldest first.
    pub fn quarantined(&self) -> Result<Vec<Quarantined>, StorageError> {
        let mut out = Vec::new();
        for key in self.kv.keys()? {
            if key.starts_with(QUARANTINE_PREFIX)
                && let Some(raw) = self.kv.get(&key)?
            {
                out.push(Quarantined { key, raw });
            }
        }
        out.sort_unstable_by(|a, b| a.key.cmp(&b.key));
        Ok(out)
    }

    /// Damaged characters still in their place: storage had no room to set them aside when
    /// they were found. Settings lists them beside the records set aside, so a record too big
    /// to copy is still one the user can download or discard.
    pub fn stuck(&self) -> Result<Vec<Quarantined>, StorageError> {
        let mut out = Vec::new();
        for key in self.kv.keys()? {
            let Some(id) = key.strip_prefix(CHARACTER_PREFIX) else {
                continue;
            };
            let Some(raw) = self.kv.get(&key)? else {
                continue;
            };
            let damaged = match decode_character(&raw) {
                Ok(c) => c.id != id,
                Err(DocError::Newer { .. }) => false,
                Err(_) => true,
            };
            if damaged {
                out.push(Quarantined { key, raw });
            }
        }
        Ok(out)
    }

    /// Deletes a damaged record left in place (the user chose to discard it). Only a record
    /// `stuck` still lists goes: a key that reads fine by now is kept.
    pub fn discard_stuck(&self, key: &str) -> Result<(), StorageError> {
        if self.stuck()?.iter().any(|q| q.key == key) {
            self.kv.remove(key)
        } else {
            Ok(())
        }
    }

    /// Deletes a quarantined record (the user chose to discard it).
    pub fn discard(&self, key: &str) -> Result<(), StorageError> {
        if key.starts_with(QUARANTINE_PREFIX) {
            self.kv.remove(key)
        } else {
            Ok(())
        }
    }

    /// Raw text of any Satchel record, for downloads of read-only or damaged data.
    pub fn raw(&self, key: &str) -> Result<Option<String>, StorageError> {
        self.kv.get(key)
    }

    /// Bytes Satchel's records take, counted as browsers count them (UTF-16 code units x 2).
    pub fn usage_bytes(&self) -> Result<usize, StorageError> {
        let mut units = 0;
        for key in self.kv.keys()? {
            if key.starts_with(PREFIX) {
                let value = self.kv.get(&key)?.unwrap_or_default();
                units += key.encode_utf16().count() + value.encode_utf16().count();
            }
        }
        Ok(units * 2)
    }
}

/// A character stored under another's key: damaged, whatever it holds.
fn misplaced() -> DocError {
    DocError::Malformed("its id does not match where it is stored".into())
}

/// Reads `name` out of a record this build cannot otherwise parse.
fn peek_name(raw: &str) -> Option<String> {
    // Only the name, skipping the rest: a parsed tree would bring `serde_json::Value` into the
    // first load for this one field.
    #[derive(serde::Deserialize)]
    struct Named {
        name: Option<String>,
    }
    serde_json::from_str::<Named>(raw).ok()?.name
}
