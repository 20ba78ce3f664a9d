use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
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
#[derive(Debug, Default)]
pub struct MemoryStore {
    map: RefCell<BTreeMap<String, String>>,
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

    fn used(map: &BTreeMap<String, String>) -> usize {
        map.iter()
            .map(|(k, v)| k.encode_utf16().count() + v.encode_utf16().count())
            .sum()
    }
}

impl KeyValue for MemoryStore {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        Ok(self.map.borrow().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        let mut map = self.map.borrow_mut();
        if let Some(quota) = self.quota.get() {
            let mut after = map.clone();
            after.insert(key.to_string(), value.to_string());
            if Self::used(&after) > quota {
                return Err(StorageError::Full);
            }
        }
        map.insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), StorageError> {
        self.map.borrow_mut().remove(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, StorageError> {
        Ok(self.map.borrow().keys().cloned().collect())
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
