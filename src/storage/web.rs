use wasm_bindgen::{JsCast, JsValue};

use super::{KeyValue, StorageError};

/// The browser's localStorage.
pub struct BrowserStore(web_sys::Storage);

impl BrowserStore {
    /// Opens localStorage and proves it writable; private modes may expose it yet refuse writes.
    pub fn open() -> Result<Self, StorageError> {
        let storage = web_sys::window()
            .ok_or(StorageError::Unavailable)?
            .local_storage()
            .map_err(|_| StorageError::Unavailable)?
            .ok_or(StorageError::Unavailable)?;
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
