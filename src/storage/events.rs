use super::{CHARACTER_PREFIX, DOC_PREFIX, INDEX_KEY, QUARANTINE_PREFIX, SETTINGS_KEY};
use crate::model::{SETTINGS_SCHEMA, Settings, decode};

/// What another tab's write means for this one.
#[derive(Debug, Clone, PartialEq)]
pub enum ExternalChange {
    /// The roster (a character or the index) changed: reload it.
    Roster,
    /// Settings changed to these.
    Settings(Settings),
    /// The quarantine list changed.
    Quarantine,
    /// A named document (a GM table, the party notes) changed: screens showing it re-read it.
    Doc(String),
    /// Not Satchel's, or nothing this tab shows.
    Ignored,
}

/// Classifies a `storage` event by its key and new value. A `None` key means the other tab
/// cleared the whole store.
pub fn classify_event(key: Option<&str>, new_value: Option<&str>) -> ExternalChange {
    let Some(key) = key else {
        return ExternalChange::Roster;
    };
    if key == INDEX_KEY || key.starts_with(CHARACTER_PREFIX) {
        ExternalChange::Roster
    } else if key == SETTINGS_KEY {
        match new_value.map(|raw| decode::<Settings>(raw, SETTINGS_SCHEMA)) {
            Some(Ok(s)) => ExternalChange::Settings(s),
            None => ExternalChange::Settings(Settings::default()),
            Some(Err(_)) => ExternalChange::Ignored,
        }
    } else if key.starts_with(QUARANTINE_PREFIX) {
        ExternalChange::Quarantine
    } else if let Some(name) = key.strip_prefix(DOC_PREFIX) {
        ExternalChange::Doc(name.to_string())
    } else {
        ExternalChange::Ignored
    }
}
