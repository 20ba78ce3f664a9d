use std::cell::{Cell, RefCell};
use std::fmt;

/// Why a storage call failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageError {
    /// No storage at all (disabled, blocked, or a private mode that refuses it).
    Unavailable,
    /// The browser's quota for this site is used up.
    Full,
    /// Anything else the browser reported.
    Other(String),
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::Unavailable => write!(f, "this browser is not letting Satchel save"),
            StorageError::Full => write!(f, "this browser's storage for Satchel is full"),
            StorageError::Other(why) => write!(f, "the browser refused to save ({why})"),
        }
    }
}

impl std::error::Error for StorageError {}

/// A string key-value store with localStorage's semantics.
pub trait KeyValue {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError>;
    fn remove(&self, key: &str) -> Result<(), StorageError>;
    fn keys(&self) -> Result<Vec<String>, StorageError>;
}

/// In-memory store: the fallback when the browser offers no storage, and the test double.
/// `quota` (in UTF-16 units, as browsers count) lets tests reproduce a full store.
/// A plain list, not a map: it holds a few dozen keys, and a map's code would be one more
/// copy in the first download for a store most visits never use.
#[derive(Debug, Default)]
pub struct MemoryStore {
    entries: RefCell<Vec<(String, String)>>,
    quota: Cell<Option<usize>>,
}

impl MemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_quota(quota: usize) -> Self {
        let store = MemoryStore::default();
        store.set_quota(Some(quota));
        store
    }

    /// Changes the quota, e.g. to simulate the user freeing space.
    pub fn set_quota(&self, quota: Option<usize>) {
        self.quota.set(quota);
    }

    fn units(key: &str, value: &str) -> usize {
        key.encode_utf16().count() + value.encode_utf16().count()
    }
}

impl KeyValue for MemoryStore {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        Ok(self
            .entries
            .borrow()
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone()))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        let mut entries = self.entries.borrow_mut();
        let at = entries.iter().position(|(k, _)| k == key);
        if let Some(quota) = self.quota.get() {
            let others: usize = entries
                .iter()
                .enumerate()
                .filter(|(i, _)| Some(*i) != at)
                .map(|(_, (k, v))| Self::units(k, v))
                .sum();
            if others + Self::units(key, value) > quota {
                return Err(StorageError::Full);
            }
        }
        match at {
            Some(i) => entries[i].1 = value.to_string(),
            None => entries.push((key.to_string(), value.to_string())),
        }
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), StorageError> {
        self.entries.borrow_mut().retain(|(k, _)| k != key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, StorageError> {
        let mut keys: Vec<String> = self
            .entries
            .borrow()
            .iter()
            .map(|(k, _)| k.clone())
            .collect();
        keys.sort_unstable();
        Ok(keys)
    }
}

impl<T: KeyValue + ?Sized> KeyValue for Box<T> {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        (**self).get(key)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        (**self).set(key, value)
    }
    fn remove(&self, key: &str) -> Result<(), StorageError> {
        (**self).remove(key)
    }
    fn keys(&self) -> Result<Vec<String>, StorageError> {
        (**self).keys()
    }
}

/// One store shared by two `Store`s: two tabs over one localStorage, in tests.
impl<T: KeyValue + ?Sized> KeyValue for std::rc::Rc<T> {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        (**self).get(key)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        (**self).set(key, value)
    }
    fn remove(&self, key: &str) -> Result<(), StorageError> {
        (**self).remove(key)
    }
    fn keys(&self) -> Result<Vec<String>, StorageError> {
        (**self).keys()
    }
}
