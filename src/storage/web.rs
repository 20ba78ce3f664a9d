use gloo_storage::{LocalStorage, Storage};
use wasm_bindgen::{JsCast, JsValue};

use super::{KeyValue, StorageError};

/// The browser's localStorage, as `gloo_storage` hands it out.
///
/// Reads and writes go through the raw `web_sys::Storage` rather than gloo's typed `get`/`set`:
/// those store values as JSON of their own (a damaged record could not be read back byte for
/// byte to be set aside) and turn some browser exceptions into panics, where Satchel needs each
/// one as a `StorageError`.
pub struct BrowserStore(web_sys::Storage);

impl BrowserStore {
    /// Opens localStorage and proves it writable; private modes may expose it yet refuse writes.
    pub fn open() -> Result<Self, StorageError> {
        // `LocalStorage::raw()` throws, which would end the app, when there is no window or no
        // storage, or when reaching it raises a SecurityError (storage blocked); asked the same
        // way first, those are Unavailable and the app runs in memory instead.
        let reachable = web_sys::window().map(|window| window.local_storage());
        if !matches!(reachable, Some(Ok(Some(_)))) {
            return Err(StorageError::Unavailable);
        }
        let storage = LocalStorage::raw();
        let probe = "satchel/v1/probe";
        storage
            .set_item(probe, "1")
            .and_then(|()| storage.remove_item(probe))
            .map_err(|e| match classify(e) {
                StorageError::Full => StorageError::Full,
                _ => StorageError::Unavailable,
            })?;
        Ok(BrowserStore(storage))
    }
}

fn classify(err: JsValue) -> StorageError {
    match err.dyn_into::<web_sys::DomException>() {
        // Firefox names it differently; code 22 is the standard one.
        Ok(e)
            if e.name() == "QuotaExceededError"
                || e.name() == "NS_ERROR_DOM_QUOTA_REACHED"
                || e.code() == 22 =>
        {
            StorageError::Full
        }
        Ok(e) if e.name() == "SecurityError" => StorageError::Unavailable,
        Ok(e) => StorageError::Other(e.message()),
        Err(v) => StorageError::Other(v.as_string().unwrap_or_else(|| "unknown error".into())),
    }
}

impl KeyValue for BrowserStore {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        self.0.get_item(key).map_err(classify)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        self.0.set_item(key, value).map_err(classify)
    }

    fn remove(&self, key: &str) -> Result<(), StorageError> {
        self.0.remove_item(key).map_err(classify)
    }

    fn keys(&self) -> Result<Vec<String>, StorageError> {
        let n = self.0.length().map_err(classify)?;
        let mut keys = Vec::with_capacity(n as usize);
        for i in 0..n {
            if let Some(k) = self.0.key(i).map_err(classify)? {
                keys.push(k);
            }
        }
        Ok(keys)
    }
}
