//! App-wide state: the roster and settings signals, and the one path by which changes reach
//! storage.

use std::any::Any;

use leptos::prelude::*;

use super::browser;
use crate::model::{
    Applied, Character, CharacterAction, ConflictChoice, ExportKind, Merged, NamedDoc,
    NamedDocument, PlanItem, Roster, Settings, Theme, apply_import, apply_with_roster, decode,
    decode_character, encode, export_file,
};
use crate::storage::{
    HistoryUsage, KeyValue, LockedRecord, Pending, Problem, Store, Version, open_local,
};

/// A load problem the user has not dismissed yet.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub id: u32,
    pub text: String,
}

/// A deleted character that can still be put back.
#[derive(Debug, Clone, PartialEq)]
pub struct Deleted {
    pub character: Character,
    pub position: usize,
}

/// Shared state, provided as context. Every field is a copyable handle.
#[derive(Clone, Copy)]
pub struct AppState {
    store: StoredValue<Store<Box<dyn KeyValue>>, LocalStorage>,
    pending: StoredValue<Pending>,
    pub roster: RwSignal<Roster>,
    pub locked: RwSignal<Vec<LockedRecord>>,
    pub notices: RwSignal<Vec<Notice>>,
    /// Set while a write has failed; cleared by the next successful write.
    pub save_error: RwSignal<Option<String>>,
    /// True when the browser gives no storage and everything lives in this tab only.
    pub memory_only: bool,
    pub settings: RwSignal<Settings>,
    pub deleted: RwSignal<Vec<Deleted>>,
    /// Characters another tab deleted while this tab had their sheet open: kept here, unsaved,
    /// until the user keeps them (saved again) or lets them go.
    pub orphans: RwSignal<Vec<Character>>,
    /// Bumped when storage changes in ways the Settings screen lists (quarantine, usage).
    pub storage_rev: RwSignal<u32>,
    /// The last named document another tab wrote, with a count so the same name twice still
    /// notifies (see [`AppState::on_external_doc`]).
    external_doc: RwSignal<(u32, String)>,
    /// The named documents opened so far, each an `RwSignal` of its type, kept for the app's
    /// whole life so leaving a screen never drops a table's state.
    docs: StoredValue<Vec<OpenDoc>, LocalStorage>,
    /// Named documents whose last write failed: (name, the text still owed), retried by
    /// [`AppState::flush`].
    owed_docs: StoredValue<Vec<(&'static str, String)>>,
    /// Writers kept outside the app's store (the dice tray's roll log) whose last write
    /// failed: each is run again by [`AppState::flush`] and dropped once it goes through.
    owed_writers: StoredValue<Vec<(&'static str, OwedWrite)>, LocalStorage>,
    /// The app's root owner: documents opened from a screen belong to the app, not the screen.
    owner: StoredValue<Option<Owner>, LocalStorage>,
    /// Changes to mirrors (characters kept on another device) that the roster's door turned
    /// into requests: handed to `ui::requests` by the dispatch that made them, which is always
    /// in a screen's chunk, so the first load carries none of the link's code.
    requested: StoredValue<Vec<Applied>>,
    /// Whether every sheet in the roster has been read and checked (`Store::check`). Start-up
    /// leaves them unread, so the first load carries no sheet decoder; the check runs from a
    /// chunk once the roster is idle, and before any screen that reads a sheet.
    checked: StoredValue<bool>,
}

/// A write to try again: `Ok` once what it owed is in storage.
pub type OwedWrite = std::rc::Rc<dyn Fn() -> Result<(), crate::storage::StorageError>>;

/// A named document opened so far: its name, its `RwSignal` (typed by the caller) and how to
/// read it again from storage.
type OpenDoc = (&'static str, Box<dyn Any>, std::rc::Rc<dyn Fn()>);

/// A named document held by the app (a GM table, the party, the session's points): read it
/// with [`Doc::with`], change it only with [`Doc::dispatch`]. Cheap to copy.
pub struct Doc<D: NamedDocument> {
    signal: RwSignal<D, LocalStorage>,
    state: AppState,
}

impl<D: NamedDocument> Clone for Doc<D> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<D: NamedDocument> Copy for Doc<D> {}

impl<D: NamedDocument> Doc<D> {
    /// Reads the document (tracked: a view or memo reading it redraws on change).
    pub fn with<R>(&self, f: impl FnOnce(&D) -> R) -> R {
        self.signal.with(f)
    }

    /// Subscribes the running effect to the document's changes.
    pub fn track(&self) {
        self.signal.track();
    }

    /// Reads the document without tracking.
    pub fn with_untracked<R>(&self, f: impl FnOnce(&D) -> R) -> R {
        self.signal.with_untracked(f)
    }

    /// Applies an edit through the document's reducer, with the roster changes it makes, all
    /// or nothing; saves both. A refusal changes nothing and comes back in words.
    pub fn dispatch(&self, edit: D::Edit) -> Result<(), String> {
        let now = browser::now_ms();
        let mut doc = self.signal.get_untracked();
        let mut roster = self.state.roster.get_untracked();
        let applied =
            apply_with_roster(&mut doc, &mut roster, edit, now).map_err(|e| e.to_string())?;
        if let Some(applied) = applied {
            self.state.roster.set(roster);
            self.state.record(&applied);
            self.state.flush();
        }
        self.state.save_named(D::NAME, encode(&doc));
        self.signal.set(doc);
        self.state.send_requested();
        Ok(())
    }

    /// Changes the document by a function of its own (a message received, with what it
    /// says), outside the edit enum because it returns more than roster actions; saved like
    /// [`Doc::dispatch`], and nothing changes on a refusal.
    pub fn update<R>(&self, f: impl FnOnce(&mut D) -> Result<R, String>) -> Result<R, String> {
        let mut doc = self.signal.get_untracked();
        let out = f(&mut doc)?;
        self.state.save_named(D::NAME, encode(&doc));
        self.signal.set(doc);
        Ok(out)
    }

    /// Puts back an earlier saved version of the document (History). What is stored now is
    /// kept as a version first, and returned, so the restore can itself be undone.
    pub fn restore(&self, text: &str) -> Result<Option<Version>, String> {
        let doc: D = decode(text, D::SCHEMA)
            .map_err(|e| format!("This version cannot be read by this Satchel: {e}."))?;
        let before = self
            .state
            .before_restore(&crate::storage::doc_key(D::NAME))?;
        self.state.save_named(D::NAME, encode(&doc));
        self.signal.set(doc);
        Ok(before)
    }
}

impl AppState {
    /// Opens storage and loads everything. Never fails: without storage the app runs in memory.
    pub fn init() -> Self {
        let (backend, memory_only) = open_local();
        let store = Store::new(backend);
        let now = browser::now_ms();
        let mut problems = Vec::new();
        let (mut settings, settings_problem) = store.load_settings(now);
        problems.extend(settings_problem);
        let new_device = settings.device.is_empty();
        if new_device {
            settings.device = browser::new_id();
        }
        let (mut roster, locked) = match store.load_unread(now) {
            Ok(loaded) => {
                problems.extend(loaded.problems);
                (loaded.roster, loaded.locked)
            }
            Err(e) => {
                problems.push(Problem::Unreadable {
                    key: String::new(),
                    reason: e.to_string(),
                });
                (Roster::default(), Vec::new())
            }
        };
        roster.device.clone_from(&settings.device);
        let state = AppState {
            store: StoredValue::new_local(store),
            pending: StoredValue::new(Pending::default()),
            roster: RwSignal::new(roster),
            locked: RwSignal::new(locked),
            notices: RwSignal::new(Vec::new()),
            save_error: RwSignal::new(None),
            memory_only,
            settings: RwSignal::new(settings),
            deleted: RwSignal::new(Vec::new()),
            orphans: RwSignal::new(Vec::new()),
            storage_rev: RwSignal::new(0),
            external_doc: RwSignal::new((0, String::new())),
            docs: StoredValue::new_local(Vec::new()),
            owed_docs: StoredValue::new(Vec::new()),
            owed_writers: StoredValue::new_local(Vec::new()),
            owner: StoredValue::new_local(Owner::current()),
            checked: StoredValue::new(false),
            requested: StoredValue::new(Vec::new()),
        };
        state.push_problems(problems);
        // Characters saved by an earlier Satchel join the roster once the sheets' chunk has
        // brought them up to date: fetch it now rather than when idle.
        if state.store.with_value(|s| s.has_outdated()) {
            leptos::task::spawn_local(async move {
                let _ = state.sheets_checked().await;
            });
        }
        // Housekeeping waits until the first screen is up: on a first visit to a slow phone,
        // writing the new device's id and walking every key took about 15 ms (4x slowed CPU)
        // before the roster could take a tap. Another write of the settings (a theme) carries
        // the id too, so nothing depends on this one being first.
        browser::when_idle(3000, move || {
            // Versions of characters deleted since the last visit go; best effort. `None`:
            // the app was taken down meanwhile (a test's), and nothing is left to do.
            let alive = state.store.try_with_value(|s| {
                let _ = s.forget_history_of_missing();
            });
            if alive.is_some() && new_device {
                state.save_settings();
            }
        });
        state
    }

    fn push_problems(&self, problems: Vec<Problem>) {
        if problems.is_empty() {
            return;
        }
        self.notify(problems.iter().map(Problem::to_string).collect());
        self.storage_rev.update(|r| *r += 1);
    }

    /// Shows messages in the banner until dismissed (the same text is shown once).
    pub fn notify(&self, texts: Vec<String>) {
        self.notices.update(|n| {
            let mut next = n.iter().map(|x| x.id + 1).max().unwrap_or(0);
            for text in texts {
                if !n.iter().any(|x| x.text == text) {
                    n.push(Notice { id: next, text });
                    next += 1;
                }
            }
        });
    }

    pub fn dismiss_notice(&self, id: u32) {
        self.notices.update(|n| n.retain(|x| x.id != id));
    }

    /// Applies a roster change and saves it. A refused change returns the reason and changes
    /// nothing; a failed save keeps the change in memory and shows the banner.
    pub fn dispatch(&self, action: CharacterAction) -> Result<(), String> {
        self.dispatch_with(|roster, now| roster.apply(action, now))?;
        self.send_requested();
        Ok(())
    }

    /// Queues and sends the requests the last dispatch made (see `requested`).
    pub fn send_requested(&self) {
        let asked = self
            .requested
            .try_update_value(std::mem::take)
            .unwrap_or_default();
        if !asked.is_empty() {
            super::requests::ask(*self, asked);
        }
    }

    /// `dispatch` for a change to the list itself (create, rename, duplicate, delete, undo):
    /// what the first screen needs, without the sheets' reducers (`Roster::apply_listing`).
    pub fn dispatch_listing(&self, action: CharacterAction) -> Result<(), String> {
        self.dispatch_with(|roster, now| roster.apply_listing(action, now))
    }

    /// Applies a reducer of the roster (the listing's, the sheets', a status update's) and
    /// saves what it changed; a refusal changes nothing and comes back in words.
    pub fn dispatch_with<E: std::fmt::Display>(
        &self,
        reduce: impl FnOnce(&mut Roster, u64) -> Result<Applied, E>,
    ) -> Result<(), String> {
        let now = browser::now_ms();
        let applied = self
            .roster
            .try_update(|r| reduce(r, now))
            .ok_or_else(|| "The app is shutting down.".to_string())?
            .map_err(|e| e.to_string())?;
        self.record(&applied);
        self.flush();
        Ok(())
    }

    /// Notes what an applied roster action changed: what storage owes, and what Undo can
    /// put back.
    fn record(&self, applied: &Applied) {
        for one in applied.each() {
            self.pending.update_value(|p| match one {
                Applied::Saved(c) => p.saved(&c.id),
                Applied::Removed { character, .. } => p.removed(&character.id),
                Applied::Many(_) | Applied::Requested { .. } => {}
            });
            match one {
                Applied::Removed {
                    character,
                    position,
                } => self.deleted.update(|d| {
                    d.push(Deleted {
                        character: character.clone(),
                        position: *position,
                    })
                }),
                Applied::Saved(c) => {
                    self.deleted
                        .update(|d| d.retain(|x| x.character.id != c.id));
                    // An edit to a character another tab deleted keeps it: it was just saved.
                    if self
                        .orphans
                        .with_untracked(|o| o.iter().any(|x| x.id == c.id))
                    {
                        self.orphans.update(|o| o.retain(|x| x.id != c.id));
                    }
                }
                Applied::Requested { .. } => self.requested.update_value(|q| q.push(one.clone())),
                Applied::Many(_) => {}
            }
        }
    }

    /// The app's copy of a named document, loaded on first use and kept for the app's life;
    /// another tab's write to it shows here without a reload.
    pub fn doc<D: NamedDocument>(&self) -> Doc<D> {
        let found = self.docs.with_value(|docs| {
            docs.iter()
                .find(|(name, ..)| *name == D::NAME)
                .and_then(|(_, any, _)| any.downcast_ref::<RwSignal<D, LocalStorage>>().copied())
        });
        if let Some(signal) = found {
            return Doc {
                signal,
                state: *self,
            };
        }
        let state = *self;
        let create = move || {
            let signal = RwSignal::new_local(state.load_doc::<D>(D::NAME, D::SCHEMA));
            let reload = move || {
                // Our own unsaved write wins over the other tab's until it is saved.
                if !state.owes(D::NAME) {
                    signal.set(state.load_doc::<D>(D::NAME, D::SCHEMA));
                }
            };
            state.on_external_doc(D::NAME, reload);
            (signal, reload)
        };
        let (signal, reload) = match self.owner.get_value() {
            Some(owner) => owner.with(create),
            None => create(),
        };
        self.docs
            .update_value(|docs| docs.push((D::NAME, Box::new(signal), std::rc::Rc::new(reload))));
        Doc {
            signal,
            state: *self,
        }
    }

    /// Runs `f` under the app's root owner: what it creates (an effect that keeps the table's
    /// devices up to date) lives as long as the app, not as long as the screen that asked.
    pub fn in_app(&self, f: impl FnOnce()) {
        match self.owner.get_value() {
            Some(owner) => owner.with(f),
            None => f(),
        }
    }

    /// Whether a write of the named document is still owed to storage.
    fn owes(&self, name: &str) -> bool {
        self.owed_docs
            .with_value(|owed| owed.iter().any(|(n, _)| *n == name))
    }

    /// Saves a named document's text; a failure keeps it owed (retried by the next flush) and
    /// shows the "Not saved" banner.
    fn save_named(&self, name: &'static str, text: String) {
        self.owed_docs.update_value(|owed| {
            owed.retain(|(n, _)| *n != name);
            owed.push((name, text));
        });
        self.flush();
    }

    /// The kept versions of the record stored under `key`, newest first, each with its text;
    /// the first item is what is stored now (`None` for its version).
    pub fn history(&self, key: &str) -> Result<Vec<(Option<Version>, String)>, String> {
        self.store
            .with_value(|s| {
                let mut out = Vec::new();
                if let Some(now) = s.raw(key)? {
                    out.push((None, now));
                }
                for v in s.versions(key)?.into_iter().rev() {
                    if let Some(text) = s.version_text(&v)? {
                        out.push((Some(v), text));
                    }
                }
                Ok(out)
            })
            .map_err(|e: crate::storage::StorageError| format!("History could not be read: {e}."))
    }

    /// The text of a kept version (to restore it).
    pub fn version_text(&self, version: &Version) -> Result<String, String> {
        match self.store.with_value(|s| s.version_text(version)) {
            Ok(Some(text)) => Ok(text),
            Ok(None) => {
                Err("That version is no longer kept (cleared, or removed in another tab).".into())
            }
            Err(e) => Err(format!("That version could not be read: {e}.")),
        }
    }

    /// Keeps what is stored under `key` now as a version, on the user's request.
    pub fn keep_version(&self, key: &str) -> Result<Option<Version>, String> {
        let kept = self
            .store
            .with_value(|s| s.keep_version(key, browser::now_ms()))
            .map_err(|e| format!("No version was kept: {e}."));
        self.storage_rev.update(|r| *r += 1);
        kept
    }

    /// Before a restore: refuses while any change is still unsaved (the restore would replace
    /// it unseen), then keeps what is stored as a version so the restore can be undone.
    fn before_restore(&self, key: &str) -> Result<Option<Version>, String> {
        if self.owes_writes() {
            return Err("Some changes are not saved yet. Free some space and press \"Try saving again\" first, so restoring cannot lose them.".into());
        }
        self.store
            .with_value(|s| s.keep_version(key, browser::now_ms()))
            .map_err(|e| {
                format!("Nothing was restored: the current version could not be kept first ({e}).")
            })
    }

    /// Puts back an earlier saved version of the character `id` (History); returns the
    /// version that holds what was there before, so the restore can be undone.
    pub fn restore_character(&self, id: &str, text: &str) -> Result<Option<Version>, String> {
        let character = decode_character(text)
            .map_err(|e| format!("This version cannot be read by this Satchel: {e}."))?;
        if character.id != id {
            return Err("This version belongs to another character.".into());
        }
        // A version that could not be opened would replace the good copy and then be set
        // aside at the next start: refused here, with its reason.
        character
            .sheet
            .check()
            .map_err(|e| format!("This version cannot be opened: {e}."))?;
        let before = self.before_restore(&crate::storage::character_key(id))?;
        self.dispatch(CharacterAction::Revert { character })?;
        Ok(before)
    }

    /// Space the kept versions take, for Settings.
    pub fn history_usage(&self) -> Option<HistoryUsage> {
        self.store.with_value(|s| s.history_usage()).ok()
    }

    /// Deletes every kept version (Settings).
    pub fn clear_history(&self) -> Result<(), String> {
        let done = self
            .store
            .with_value(|s| s.clear_history())
            .map_err(|e| format!("History could not be cleared: {e}."));
        self.storage_rev.update(|r| *r += 1);
        done
    }

    /// Ids of characters stored here by a newer Satchel: read-only, never replaced.
    pub fn read_only_ids(&self) -> Vec<String> {
        self.locked.with_untracked(|l| {
            l.iter()
                .filter_map(|r| r.key.strip_prefix(crate::storage::CHARACTER_PREFIX))
                .map(str::to_string)
                .collect()
        })
    }

    /// Puts back the most recently deleted character.
    pub fn undo_delete(&self) {
        let Some(last) = self.deleted.try_update(Vec::pop).flatten() else {
            return;
        };
        if let Err(msg) = self.dispatch_listing(CharacterAction::Restore {
            character: last.character,
            position: last.position,
        }) {
            self.notify(vec![format!("Could not undo: {msg}")]);
        }
    }

    /// Writes whatever this tab still owes storage: characters and the roster order, then
    /// every named document whose write failed before.
    pub fn flush(&self) {
        let now = browser::now_ms();
        let mut merged = Vec::new();
        let result = self.store.with_value(|store| {
            let roster = self.roster.with_untracked(|roster| {
                let mut pending = self.pending.get_value();
                let result = store.flush_settling(roster, &mut pending, now, &mut merged);
                self.pending.set_value(pending);
                result
            });
            let mut owed = self.owed_docs.get_value();
            let mut docs = Ok(());
            owed.retain(|(name, text)| match store.save_doc_text(name, text, now) {
                Ok(()) => false,
                Err(e) => {
                    docs = Err(e);
                    true
                }
            });
            self.owed_docs.set_value(owed);
            roster.and(docs)
        });
        // Run outside the store's borrow: a writer keeps its own (the roll log's).
        let mut others = Ok(());
        for (name, write) in self.owed_writers.get_value() {
            match write() {
                Ok(()) => self
                    .owed_writers
                    .update_value(|w| w.retain(|(n, _)| *n != name)),
                Err(e) => others = Err(e),
            }
        }
        if !merged.is_empty() {
            self.notify(settled_notices(&merged));
            self.roster.update(|r| {
                for m in merged {
                    r.upsert(m.character);
                }
            });
        }
        let result = result.and(others);
        // A character another tab changed meanwhile is written once the code that settles
        // the two has arrived (the `sheets` chunk, which start-up fetches anyway).
        if result.is_ok()
            && self.store.with_value(|s| !s.settles())
            && self.pending.with_value(|p| !p.save.is_empty())
        {
            let state = *self;
            leptos::task::spawn_local(async move {
                if super::lazy::check_chunk(state).await.is_ok() {
                    state.flush();
                }
            });
        }
        match result {
            Ok(()) => self.saved(),
            Err(e) => self.unsaved(e.to_string()),
        }
        self.storage_rev.update(|r| *r += 1);
    }

    /// A write went through: the failure banner goes, unless the roster still owes storage.
    fn saved(&self) {
        if self.owes_writes() {
            return;
        }
        if self.save_error.get_untracked().is_some() {
            self.save_error.set(None);
        }
        browser::set_root_attribute("data-unsaved", None);
    }

    /// A write kept outside the app's store failed: `write` is tried again with every flush
    /// (the banner's button, the next change, leaving the tab) until it goes through, and the
    /// "Not saved" banner shows until then.
    pub fn owe_write(&self, name: &'static str, write: OwedWrite) {
        self.owed_writers.update_value(|w| {
            w.retain(|(n, _)| *n != name);
            w.push((name, write));
        });
        self.flush();
    }

    /// What `owe_write` registered under `name` went through by other means (the next roll).
    pub fn wrote(&self, name: &'static str) {
        let had = self
            .owed_writers
            .try_update_value(|w| {
                let before = w.len();
                w.retain(|(n, _)| *n != name);
                w.len() != before
            })
            .unwrap_or(false);
        if had {
            self.saved();
        }
    }

    /// Whether any change made here has not reached storage yet.
    pub fn owes_writes(&self) -> bool {
        self.pending
            .try_with_value(|p| !p.save.is_empty() || !p.delete.is_empty() || p.index)
            .unwrap_or(false)
            || self
                .owed_docs
                .try_with_value(|o| !o.is_empty())
                .unwrap_or(false)
            || self
                .owed_writers
                .try_with_value(|o| !o.is_empty())
                .unwrap_or(false)
    }

    fn unsaved(&self, message: String) {
        self.save_error.set(Some(message));
        browser::set_root_attribute("data-unsaved", Some("true"));
    }

    /// Waits until every sheet in the roster has been read and checked, fetching the code that
    /// reads them the first time (see `checked`). A screen that reads sheets waits for this.
    pub async fn sheets_checked(self) -> Result<(), super::lazy::LoadFailed> {
        if self.checked.get_value() {
            return Ok(());
        }
        super::lazy::check_chunk(self).await
    }

    /// Reads every sheet in the roster once: one that cannot be read is set aside as a damaged
    /// record and leaves the roster, one with values out of range is named, as start-up did
    /// when it read every sheet itself. Runs in the `sheets` chunk.
    pub fn check_sheets(&self) {
        let _ = self.store.try_with_value(|s| s.can_settle());
        if self.checked.get_value() {
            return;
        }
        self.checked.set_value(true);
        let now = browser::now_ms();
        let mut roster = self.roster.get_untracked();
        let before: Vec<String> = roster.characters.iter().map(|c| c.id.clone()).collect();
        let Some(problems) = self.store.try_with_value(|s| s.check(&mut roster, now)) else {
            return;
        };
        // Characters leave (damaged) or arrive (brought up to date from an earlier Satchel).
        if !roster.characters.iter().map(|c| &c.id).eq(before.iter()) {
            self.roster.set(roster);
        }
        self.push_problems(problems);
    }

    /// Re-reads the roster after another tab wrote it, keeping this tab's unsaved changes.
    /// A character both tabs changed at once is settled field by field (`Store::reload`) and
    /// written again settled, so the other tab takes it too.
    pub fn reload_roster(&self) {
        let _ = self.store.try_with_value(|s| s.can_settle());
        let now = browser::now_ms();
        let local = self.roster.get_untracked();
        let mut pending = self.pending.get_value();
        let Some(Ok((loaded, merged))) = self
            .store
            .try_with_value(|s| s.reload(&local, &pending, now))
        else {
            return;
        };
        // Every sheet the load returns has been read and checked.
        self.checked.set_value(true);
        let mut roster = loaded.roster;
        roster.device.clone_from(&local.device);
        // Otherwise the last writer wins per character. A newer revision from the other tab is
        // an ordinary update; one that is not newer than ours replaced this tab's own change,
        // so say so.
        let overwritten: Vec<String> = roster
            .characters
            .iter()
            .filter(|theirs| !pending.save.contains(&theirs.id))
            .filter(|theirs| !merged.iter().any(|m| m.character.id == theirs.id))
            .filter_map(|theirs| {
                let ours = local.get(&theirs.id)?;
                (ours != theirs && theirs.rev <= ours.rev).then(|| {
                    format!(
                        "{} was changed in another tab at the same time; this tab now shows the version saved last.",
                        theirs.name
                    )
                })
            })
            .collect();
        self.notify(overwritten);
        self.notify(settled_notices(&merged));
        let settled: Vec<String> = merged.iter().map(|m| m.character.id.clone()).collect();
        for id in &pending.save {
            if settled.contains(id) {
                continue;
            }
            if let Some(c) = local.get(id) {
                roster.upsert(c.clone());
            }
        }
        for id in &pending.delete {
            roster.remove(id);
        }
        // Back in storage (the other tab's Undo): nothing left to decide.
        if self
            .orphans
            .with_untracked(|o| o.iter().any(|c| roster.get(&c.id).is_some()))
        {
            self.orphans
                .update(|o| o.retain(|c| roster.get(&c.id).is_none()));
        }
        // Deleted elsewhere while its sheet is open here: the sheet stays, and the user decides.
        let open = browser::current_hash();
        if let Some(id) = super::route::sheet_id(&open)
            && roster.get(&id).is_none()
            && let Some(c) = local.get(&id)
        {
            self.orphans.update(|o| {
                if !o.iter().any(|x| x.id == c.id) {
                    o.push(c.clone());
                }
            });
        }
        // Each one deleted elsewhere (none is in storage: see above) stays in this tab until
        // its banner is answered, its sheet open or not: Keep must still find it to save.
        let waiting: Vec<Character> = self
            .orphans
            .with_untracked(|o| o.iter().filter_map(|c| local.get(&c.id).cloned()).collect());
        for c in waiting {
            roster.upsert(c);
        }
        self.roster.set(roster);
        self.locked.set(loaded.locked);
        self.push_problems(loaded.problems);
        self.storage_rev.update(|r| *r += 1);
        if !settled.is_empty() {
            for id in &settled {
                pending.saved(id);
            }
            self.pending.set_value(pending);
            self.flush();
        }
    }

    /// Keeps a character another tab deleted: it is saved again, and every tab shows it.
    pub fn keep_orphan(&self, id: &str) {
        self.orphans.update(|o| o.retain(|c| c.id != id));
        self.pending.update_value(|p| p.saved(id));
        self.flush();
    }

    /// Lets a character another tab deleted go from this tab too.
    pub fn let_orphan_go(&self, id: &str) {
        self.orphans.update(|o| o.retain(|c| c.id != id));
        self.roster.update(|r| r.remove(id));
    }

    pub fn set_theme(&self, theme: Theme) {
        self.settings.update(|s| s.theme = theme);
        self.save_settings();
    }

    fn save_settings(&self) {
        let result = self
            .store
            .with_value(|s| s.save_settings(&self.settings.get_untracked()));
        match result {
            Ok(()) => self.saved(),
            Err(e) => self.unsaved(e.to_string()),
        }
    }

    /// Downloads one character, or everything, as a Satchel export file. The file's text is
    /// built in the Settings chunk (fetched first if need be), keeping that code out of the
    /// first load; if the chunk cannot be fetched, a notice says so and nothing changes.
    pub fn export(&self, id: Option<String>) {
        let state = *self;
        let now = browser::now_ms();
        let name = self
            .roster
            .with_untracked(|r| match id.as_ref().and_then(|id| r.get(id)) {
                Some(c) => format!("satchel-{}.json", file_stem(&c.name)),
                None => format!("satchel-backup-{}.json", browser::iso_day(now)),
            });
        leptos::task::spawn_local(async move {
            match super::lazy::export_chunk(state, id.clone(), now).await {
                Ok(text) => {
                    browser::download(&name, &text);
                    if id.is_none() {
                        state.settings.update(|s| s.last_export_ms = Some(now));
                        state.save_settings();
                    }
                }
                Err(_) => state.notify(vec![
                    "The export could not start: part of Satchel did not load. Check the connection and try again."
                        .into(),
                ]),
            }
        });
    }

    /// The text of an export file (see [`AppState::export`]): one character's file is just
    /// the character; everything includes the GM tables.
    pub(crate) fn export_text(&self, id: Option<String>, now: u64) -> String {
        let (kind, chars) = self.roster.with_untracked(|r| match &id {
            Some(id) => (
                ExportKind::Character,
                r.get(id).cloned().into_iter().collect::<Vec<_>>(),
            ),
            None => (ExportKind::Everything, r.characters.clone()),
        });
        let docs = match id {
            Some(_) => Vec::new(),
            // The link book's keys stay on this device: a backup is a file anyone may read.
            None => self
                .store
                .with_value(|s| s.docs())
                .unwrap_or_default()
                .into_iter()
                .filter(|d| d.name != crate::model::table_link::LINK_DOC)
                .collect(),
        };
        export_file(kind, &chars, &docs, env!("CARGO_PKG_VERSION"), now)
    }

    /// Applies a previewed import, all or nothing, and saves what it wrote.
    pub fn import(
        &self,
        plan: &[PlanItem],
        documents: &[NamedDoc],
        choice: ConflictChoice,
    ) -> Result<usize, String> {
        let now = browser::now_ms();
        let mut roster = self.roster.get_untracked();
        let written = apply_import(&mut roster, plan, choice, browser::new_id, now)?;
        // Storage first, all of it or none: only then does this tab show the import.
        self.store
            .with_value(|s| s.import_all(documents, &written, roster.ids(), now))
            .map_err(|e| format!("Nothing was imported: {e}."))?;
        self.roster.set(roster);
        // The file's tables replace this tab's copies, including a write still owed.
        self.owed_docs
            .update_value(|o| o.retain(|(n, _)| !documents.iter().any(|d| d.name == *n)));
        let reloads: Vec<std::rc::Rc<dyn Fn()>> = self.docs.with_value(|open| {
            open.iter()
                .filter(|(name, ..)| documents.iter().any(|d| d.name == *name))
                .map(|(_, _, reload)| reload.clone())
                .collect()
        });
        for reload in reloads {
            reload();
        }
        self.storage_rev.update(|r| *r += 1);
        Ok(written.len())
    }

    /// Loads a named document (a GM table, the party), or `T::default()` when there is none or
    /// it cannot be read; any problem is shown as a notice, and damaged data is kept aside.
    fn load_doc<T: serde::de::DeserializeOwned + Default>(&self, name: &str, schema: u32) -> T {
        let now = browser::now_ms();
        let (doc, problem) = self
            .store
            .with_value(|s| s.load_doc::<T>(name, schema, now));
        self.push_problems(problem.into_iter().collect());
        doc.unwrap_or_default()
    }

    /// Notes that another tab wrote the document `name` (from the `storage` event).
    pub fn external_doc_changed(&self, name: String) {
        self.external_doc.update(|(n, last)| {
            *n += 1;
            *last = name;
        });
    }

    /// Runs `reload` whenever another tab writes the document `name`, so a GM table open in two
    /// tabs shows the latest write instead of overwriting it with a stale copy.
    pub fn on_external_doc(&self, name: &'static str, reload: impl Fn() + 'static) {
        let external = self.external_doc;
        Effect::new(move |_| {
            let hit = external.with(|(n, last)| *n > 0 && last == name);
            if hit {
                untrack(&reload);
            }
        });
    }

    /// Runs `f` against the store (for the Settings screen's data section).
    pub fn with_store<T>(&self, f: impl FnOnce(&Store<Box<dyn KeyValue>>) -> T) -> T {
        self.store.with_value(f)
    }
}

/// A file-name-safe version of a character's name.
/// Crossing writes settled with nothing lost need no word; a field both tabs changed does,
/// since one of the two values is now only in History.
fn settled_notices(merged: &[Merged]) -> Vec<String> {
    merged
        .iter()
        .filter(|m| !m.conflicts.is_empty())
        .map(Merged::sentence)
        .collect()
}

fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let stem = stem.trim_matches('-');
    if stem.is_empty() {
        "character".into()
    } else {
        stem.chars().take(40).collect()
    }
}
