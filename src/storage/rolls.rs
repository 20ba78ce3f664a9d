//! The roll log's record (`satchel/v1/rolls`), through the same [`KeyValue`] backends as
//! everything else. A damaged log is copied aside under a quarantine key before a fresh one
//! starts; a log written by a newer Satchel is left alone and not written to.

use std::fmt;

use super::{KeyValue, StorageError, move_aside};
use crate::model::{DocError, ROLLS_SCHEMA, RollLog, decode, encode};

/// Key of the roll log.
pub const ROLLS_KEY: &str = "satchel/v1/rolls";

/// Why the log could not be loaded as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RollsProblem {
    /// Storage refused to read.
    Storage(StorageError),
    /// The record was damaged; its text now lives at `moved_to` (or, if even that failed,
    /// is still in place and `moved_to` is `None`).
    Damaged {
        reason: String,
        moved_to: Option<String>,
    },
    /// Written by a newer Satchel: shown empty here, never overwritten.
    Newer { found: u32 },
}

impl fmt::Display for RollsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RollsProblem::Storage(e) => write!(f, "The roll log could not be read: {e}."),
            RollsProblem::Damaged {
                moved_to: Some(_), ..
            } => write!(
                f,
                "The roll log was damaged; it was set aside (see Settings) and a new log started."
            ),
            RollsProblem::Damaged { reason, .. } => {
                write!(
                    f,
                    "The roll log is damaged ({reason}) and is not being saved."
                )
            }
            RollsProblem::Newer { found } => write!(
                f,
                "The roll log was written by a newer Satchel (data version {found}); new rolls are not saved here."
            ),
        }
    }
}

/// Loads and saves the roll log.
pub struct RollStore<S> {
    kv: S,
    /// False after a load that must not be overwritten (newer or unmovable damaged record).
    writable: std::cell::Cell<bool>,
}

impl<S: KeyValue> RollStore<S> {
    pub fn new(kv: S) -> Self {
        RollStore {
            kv,
            writable: std::cell::Cell::new(true),
        }
    }

    /// The backend, for tests and for reading raw text.
    pub fn backend(&self) -> &S {
        &self.kv
    }

    /// Whether saves go through (false after a newer or unmovable record was found).
    pub fn writable(&self) -> bool {
        self.writable.get()
    }

    /// Loads the log; problems come back beside an empty (or partial) log, never as a panic.
    pub fn load(&self, now_ms: u64) -> (RollLog, Option<RollsProblem>) {
        let raw = match self.kv.get(ROLLS_KEY) {
            Ok(Some(raw)) => raw,
            Ok(None) => return (RollLog::default(), None),
            Err(e) => return (RollLog::default(), Some(RollsProblem::Storage(e))),
        };
        match decode::<RollLog>(&raw, ROLLS_SCHEMA) {
            Ok(log) => (log, None),
            Err(DocError::Newer { found, .. }) => {
                self.writable.set(false);
                (RollLog::default(), Some(RollsProblem::Newer { found }))
            }
            Err(e) => {
                let moved_to = move_aside(&self.kv, ROLLS_KEY, &raw, now_ms);
                if moved_to.is_none() {
                    self.writable.set(false);
                }
                (
                    RollLog::default(),
                    Some(RollsProblem::Damaged {
                        reason: e.to_string(),
                        moved_to,
                    }),
                )
            }
        }
    }

    /// Saves the whole log (a few hundred KB at most at 1,000 entries).
    pub fn save(&self, log: &RollLog) -> Result<(), StorageError> {
        if !self.writable.get() {
            return Err(StorageError::Other(
                "the roll log belongs to a newer or damaged record".into(),
            ));
        }
        self.kv.set(ROLLS_KEY, &encode(log))
    }
}
