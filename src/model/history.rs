//! Local history: the earlier saved versions of a character or a table, kept on this device so
//! an evening's edits can be looked over and any of them put back.
//!
//! Storage keeps the versions (`storage::Store::versions`); this module holds the rules that
//! decide when a version is kept and which ones go, and the list of what changed between two
//! versions. All of it is pure, so the policy is tested without a browser.

use serde_json::Value;

/// Versions kept per record, newest first; older ones are dropped.
pub const HISTORY_KEEP: usize = 20;

/// A new version is kept at most this often per record while it is edited (five minutes), so
/// twenty versions span the better part of an evening rather than the last twenty keystrokes.
pub const HISTORY_EVERY_MS: u64 = 5 * 60 * 1000;

/// Space one record's versions may take together, in UTF-16 units as browsers count them
/// (about 400 KB): a very large record keeps fewer versions rather than filling storage.
pub const HISTORY_MAX_UNITS: usize = 200_000;

/// Whether the version stored before a write should be kept, given when the newest kept
/// version was saved. `forced` (before a restore or an import that replaces the record) keeps
/// one regardless of the time.
pub fn due(newest_ms: Option<u64>, now_ms: u64, forced: bool) -> bool {
    forced
        || match newest_ms {
            None => true,
            Some(ms) => now_ms.saturating_sub(ms) >= HISTORY_EVERY_MS,
        }
}

/// How many of the oldest versions to drop, given every version's size (oldest first), so at
/// most [`HISTORY_KEEP`] remain and together they fit [`HISTORY_MAX_UNITS`]. The newest is
/// always kept, however large: it is the one a user most likely wants back.
pub fn to_drop(sizes: &[usize]) -> usize {
    let mut drop = sizes.len().saturating_sub(HISTORY_KEEP);
    let mut total: usize = sizes[drop..].iter().sum();
    while total > HISTORY_MAX_UNITS && drop + 1 < sizes.len() {
        total -= sizes[drop];
        drop += 1;
    }
    drop
}

/// One value that differs between two versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Where it is, in words ("Characteristics › Brawn", "Gear › 3 › Name").
    pub place: String,
    /// The earlier value in short words; `None` when the place did not exist.
    pub before: Option<String>,
    /// The later value; `None` when the place is gone.
    pub after: Option<String>,
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.before, &self.after) {
            (Some(b), Some(a)) => write!(f, "{}: {b} → {a}", self.place),
            (None, Some(a)) => write!(f, "{}: added ({a})", self.place),
            (Some(b), None) => write!(f, "{}: removed (was {b})", self.place),
            (None, None) => write!(f, "{}", self.place),
        }
    }
}

/// Bookkeeping every save changes; a difference only there is not a change to show.
const IGNORED: [&str; 3] = ["rev", "updated_ms", "schema"];

/// What differs between `older` and `newer` (two saved texts of one record), in document
/// order. Texts that are not JSON compare as a whole.
pub fn changes(older: &str, newer: &str) -> Vec<Change> {
    match (
        serde_json::from_str::<Value>(older),
        serde_json::from_str::<Value>(newer),
    ) {
        (Ok(a), Ok(b)) => {
            let mut out = Vec::new();
            diff(&mut Vec::new(), Some(&a), Some(&b), &mut out);
            out
        }
        _ if older == newer => Vec::new(),
        _ => vec![Change {
            place: "The whole record".into(),
            before: None,
            after: None,
        }],
    }
}

fn diff(path: &mut Vec<String>, a: Option<&Value>, b: Option<&Value>, out: &mut Vec<Change>) {
    match (a, b) {
        (Some(Value::Object(x)), Some(Value::Object(y))) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                if path.is_empty() && IGNORED.contains(&key.as_str()) {
                    continue;
                }
                path.push(key.clone());
                diff(path, x.get(key), y.get(key), out);
                path.pop();
            }
        }
        (Some(Value::Array(x)), Some(Value::Array(y))) => {
            for i in 0..x.len().max(y.len()) {
                path.push((i + 1).to_string());
                diff(path, x.get(i), y.get(i), out);
                path.pop();
            }
        }
        (a, b) if a == b => {}
        (a, b) => out.push(Change {
            place: place(path),
            before: a.map(short),
            after: b.map(short),
        }),
    }
}

/// Keys of the sheets that group other values without naming anything a player would.
const GROUPS: [&str; 3] = ["about", "character", "core"];

/// A path in words: the game's wrapper is left out, keys become words, list positions count
/// from 1.
fn place(path: &[String]) -> String {
    let inner = match path {
        [sheet, _game, rest @ ..] if sheet == "sheet" && !rest.is_empty() => rest,
        _ => path,
    };
    // Groups that only hold other values ("about", "core") would add a word and no meaning.
    let shown: Vec<String> = inner
        .iter()
        .enumerate()
        .filter(|(i, k)| *i + 1 == inner.len() || !GROUPS.contains(&k.as_str()))
        .map(|(_, k)| words(k))
        .collect();
    if shown.is_empty() {
        "The record".into()
    } else {
        shown.join(" › ")
    }
}

/// `max_wounds` → "Max wounds".
fn words(key: &str) -> String {
    let spaced = key.replace('_', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => spaced,
    }
}

/// A value in a few words: texts quoted and cut at 40 characters, lists and groups counted.
fn short(v: &Value) -> String {
    const CUT: usize = 40;
    match v {
        Value::Null => "none".into(),
        Value::Bool(true) => "yes".into(),
        Value::Bool(false) => "no".into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) if s.is_empty() => "empty".into(),
        Value::String(s) if s.chars().count() > CUT => {
            format!("“{}…”", s.chars().take(CUT).collect::<String>())
        }
        Value::String(s) => format!("“{s}”"),
        Value::Array(a) if a.len() == 1 => "1 entry".into(),
        Value::Array(a) => format!("{} entries", a.len()),
        Value::Object(_) => "a group of values".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_versions_are_kept_and_the_newest_always() {
        assert_eq!(to_drop(&[10; 25]), 5);
        assert_eq!(to_drop(&[10; 3]), 0);
        assert_eq!(to_drop(&[]), 0);
        // Two versions over the cap together: the older goes, the newer stays alone.
        assert_eq!(to_drop(&[150_000, 150_000]), 1);
        assert_eq!(to_drop(&[500_000]), 0);
    }

    #[test]
    fn a_version_is_due_every_five_minutes_or_when_forced() {
        assert!(due(None, 0, false));
        assert!(!due(Some(1_000), 1_000 + HISTORY_EVERY_MS - 1, false));
        assert!(due(Some(1_000), 1_000 + HISTORY_EVERY_MS, false));
        assert!(due(Some(1_000), 1_001, true));
    }

    #[test]
    fn changes_name_the_place_in_words() {
        let a = r#"{"schema":3,"rev":4,"name":"Ada","sheet":{"ix":{"characteristics":{"brawn":2},"notes":"old"}}}"#;
        let b = r#"{"schema":3,"rev":9,"name":"Ada","sheet":{"ix":{"characteristics":{"brawn":3},"notes":""}}}"#;
        let shown: Vec<String> = changes(a, b).iter().map(Change::to_string).collect();
        assert_eq!(
            shown,
            ["Characteristics › Brawn: 2 → 3", "Notes: “old” → empty"]
        );
        assert!(changes(a, a).is_empty());
        // A grouping key adds no word; a value named like one still shows.
        let c = r#"{"sheet":{"ix":{"character":{"notes":"x"},"about":{"player":"A"}}}}"#;
        let d = r#"{"sheet":{"ix":{"character":{"notes":"y"},"about":{"player":"B"}}}}"#;
        let shown: Vec<String> = changes(c, d).iter().map(Change::to_string).collect();
        assert_eq!(shown, ["Player: “A” → “B”", "Notes: “x” → “y”"]);
    }

    #[test]
    fn list_entries_count_from_one_and_report_additions() {
        let a = r#"{"foes":[{"name":"Orc"}]}"#;
        let b = r#"{"foes":[{"name":"Orc"},{"name":"Wolf"}]}"#;
        let shown: Vec<String> = changes(a, b).iter().map(Change::to_string).collect();
        assert_eq!(shown, ["Foes › 2: added (a group of values)"]);
        let back: Vec<String> = changes(b, a).iter().map(Change::to_string).collect();
        assert_eq!(back, ["Foes › 2: removed (was a group of values)"]);
    }
}
