//! The roll log: every roll with its time, character, label, pool, faces and outcome, chained
//! by SHA-256 so an exported log can be checked for edited, inserted or removed entries.
//!
//! Each entry's hash covers its own content and the previous entry's hash. Nothing here is
//! secret, so the chain proves consistency, not authorship: someone who rewrites an entry and
//! every hash after it produces a valid chain with a different head. That is why the tray
//! shows the head's first characters, which a table can note down.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Schema of the stored roll log.
pub const ROLLS_SCHEMA: u32 = 1;
/// Entries kept; older ones are trimmed from the front (export first to keep them).
pub const ROLLS_KEPT: usize = 1000;
/// `prev` of the very first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";
/// Names the export format, so "Verify" can tell a roll log from any other JSON.
pub const EXPORT_FORMAT: &str = "satchel-roll-log";

/// What an entry records, before it is chained.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct RollRecord {
    /// Milliseconds since the Unix epoch.
    pub time_ms: u64,
    /// Character id, if the roll was for one.
    #[serde(default)]
    pub character_id: Option<String>,
    /// Character name at the time of the roll.
    #[serde(default)]
    pub character: Option<String>,
    /// "Ix", "Expedition", "Plain", "Table".
    pub mode: String,
    /// What the roll was for ("Lore check"), possibly empty.
    #[serde(default)]
    pub label: String,
    /// The pool in words ("2 Ability, 1 Mastery vs 2 Trial").
    pub pool: String,
    /// Every die, spelled out ("Mastery die: Success and Boon", "d6 showing 4").
    pub faces: Vec<String>,
    /// The outcome in words.
    pub outcome: String,
    /// The GM's seal, when this was a sealed check's roll: a device rolls a seal once, so a
    /// player cannot try pools until the dice please (`RollLog::rolled_seal`). Absent from
    /// every other record, which keeps the hashes of records kept before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seal: Option<String>,
}

/// A chained entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollEntry {
    /// Position in the whole history (1, 2, 3...); survives trimming, so gaps show removals.
    pub seq: u64,
    /// What was rolled (nested rather than flattened: serde's flatten costs code size).
    pub record: RollRecord,
    /// Hash of the previous entry ([`GENESIS`] for the first ever).
    pub prev: String,
    /// SHA-256 of this entry's content and `prev`, in lowercase hex.
    pub hash: String,
}

/// Exactly what is hashed, in a fixed field order (serde keeps declaration order).
#[derive(Serialize)]
struct Hashed<'a> {
    seq: u64,
    record: &'a RollRecord,
    prev: &'a str,
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// The hash an entry with this content should carry.
pub fn entry_hash(seq: u64, record: &RollRecord, prev: &str) -> String {
    let text = serde_json::to_string(&Hashed { seq, record, prev }).unwrap_or_default();
    hex(&Sha256::digest(text.as_bytes()))
}

/// The stored log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollLog {
    pub schema: u32,
    pub entries: Vec<RollEntry>,
}

impl Default for RollLog {
    fn default() -> Self {
        RollLog {
            schema: ROLLS_SCHEMA,
            entries: Vec::new(),
        }
    }
}

impl RollLog {
    /// The roll this device made of the sealed check `seal`, if it made one.
    pub fn rolled_seal(&self, seal: &str) -> Option<&RollEntry> {
        self.entries
            .iter()
            .find(|e| e.record.seal.as_deref() == Some(seal))
    }

    /// The newest entry's hash ([`GENESIS`] when empty).
    pub fn head(&self) -> &str {
        self.entries.last().map_or(GENESIS, |e| e.hash.as_str())
    }

    /// Appends a roll, chained to the newest entry, and trims to [`ROLLS_KEPT`]. Returns the
    /// number of entries trimmed. Entries are never edited or replaced.
    pub fn append(&mut self, record: RollRecord) -> usize {
        // Saturating: a stored log's `seq` is not ours to trust, and a wrap would restart at 0.
        let seq = self.entries.last().map_or(1, |e| e.seq.saturating_add(1));
        let prev = self.head().to_string();
        let hash = entry_hash(seq, &record, &prev);
        self.entries.push(RollEntry {
            seq,
            record,
            prev,
            hash,
        });
        let over = self.entries.len().saturating_sub(ROLLS_KEPT);
        self.entries.drain(..over);
        over
    }

    /// The export file: the entries plus the head and count, so a removed last entry shows.
    pub fn export_json(&self) -> String {
        let file = RollExportFile {
            format: EXPORT_FORMAT.into(),
            schema: ROLLS_SCHEMA,
            count: self.entries.len() as u64,
            head: self.head().to_string(),
            entries: self.entries.clone(),
        };
        serde_json::to_string(&file).unwrap_or_default()
    }

    /// The log as plain text, one block per roll, oldest first.
    pub fn export_text(&self, time: impl Fn(u64) -> String) -> String {
        let mut s = format!(
            "Satchel roll log: {} rolls, chain head {}\n",
            self.entries.len(),
            self.head()
        );
        for e in &self.entries {
            let r = &e.record;
            s.push_str(&format!("\n#{} {} [{}]", e.seq, time(r.time_ms), r.mode));
            if let Some(c) = &r.character {
                s.push_str(&format!(" {c}"));
            }
            if !r.label.is_empty() {
                s.push_str(&format!(": {}", r.label));
            }
            s.push_str(&format!(
                "\n  Pool: {}\n  Dice: {}\n  Result: {}\n  Hash: {}\n",
                r.pool,
                r.faces.join("; "),
                r.outcome,
                e.hash
            ));
        }
        s
    }
}

/// The exported file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollExportFile {
    pub format: String,
    pub schema: u32,
    pub count: u64,
    pub head: String,
    pub entries: Vec<RollEntry>,
}

/// The largest log file "Verify a log file" reads: 1,000 rolls come to well under 1 MB, so a
/// bigger file is not an export of ours, and is refused before it is read or parsed.
pub const VERIFY_MAX_BYTES: u64 = 4_000_000;

/// How many hex digits of a hash the app shows as a roll's code (the tray's chain head).
pub const CODE_CHARS: usize = 12;

/// The short code of a hash, as the tray shows it.
pub fn short_code(hash: &str) -> &str {
    hash.get(..CODE_CHARS).unwrap_or(hash)
}

/// What "Verify a log file" found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Every link holds: `count` entries, from roll `first` to roll `last`. `from_start` says
    /// whether the file begins at the log's first roll (roll #1, chained from nothing); when it
    /// does not, rolls before `first` are not in the file (trimmed or cut). `head` is the last
    /// entry's hash.
    Intact {
        count: usize,
        first: u64,
        last: u64,
        from_start: bool,
        head: String,
    },
    /// The entry at `position` (1-based in the file), roll `seq`, does not match its hash, or
    /// was re-hashed so that the next entry no longer links to it.
    Edited { position: usize, seq: u64 },
    /// The entry at `position` does not belong between its neighbours.
    Inserted { position: usize, seq: u64 },
    /// Entries are missing just before `position` (or at the end, when `position` is past
    /// the last entry).
    Removed { position: usize, after_seq: u64 },
    /// The entries at `position` and `position + 1` are both in the chain, in the wrong order:
    /// roll `seq` comes before roll `seq - 1`.
    Swapped { position: usize, seq: u64 },
    /// Not a Satchel roll log at all.
    Unreadable(String),
}

impl Verdict {
    /// The verdict in a sentence.
    pub fn words(&self) -> String {
        match self {
            Verdict::Intact { count: 0, .. } => "The chain is intact (the log is empty).".into(),
            Verdict::Intact {
                count,
                first,
                last,
                from_start: true,
                head,
            } => format!(
                "The chain is intact: {count} rolls, #{first} to #{last}, from the log's first roll. Its head code is {}.",
                short_code(head)
            ),
            Verdict::Intact {
                count,
                first,
                last,
                from_start: false,
                head,
            } => {
                let missing = match first.saturating_sub(1) {
                    1 => "roll #1 is".to_string(),
                    n => format!("rolls #1 to #{n} are"),
                };
                format!(
                    "The chain is intact: {count} rolls, #{first} to #{last}, but it does not start at the log's first roll: {missing} not in this file (the log keeps the newest {ROLLS_KEPT}, or they were cut). Its head code is {}.",
                    short_code(head)
                )
            }
            Verdict::Edited { position, seq } => format!(
                "Entry {position} (roll #{seq}) was edited: its content no longer matches its hash."
            ),
            Verdict::Inserted { position, seq } => format!(
                "Entry {position} (marked roll #{seq}) was inserted: it is not part of the chain."
            ),
            Verdict::Removed {
                position,
                after_seq,
            } => format!("Rolls were removed after roll #{after_seq} (before entry {position})."),
            Verdict::Swapped { position, seq } => format!(
                "Entries {position} and {} were swapped: roll #{seq} comes before roll #{}.",
                position + 1,
                seq.saturating_sub(1)
            ),
            Verdict::Unreadable(why) => format!("This is not a Satchel roll log ({why})."),
        }
    }
}

/// Where a code the GM noted (a chain head, at least 6 hex digits) is in `entries`: the roll it
/// names, so every roll up to it is known unchanged since the code was noted. `None` when no
/// entry's hash starts with it.
pub fn find_code(entries: &[RollEntry], code: &str) -> Option<u64> {
    let code = code.trim().to_ascii_lowercase();
    if code.len() < 6 || !code.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    entries
        .iter()
        .find(|e| e.hash.starts_with(&code))
        .map(|e| e.seq)
}

/// Checks an exported log's text and reports the first break in the chain.
pub fn verify_export(text: &str) -> Verdict {
    verify_file(text).0
}

/// `verify_export`, with the file's entries when it could be read (to look up a noted code).
pub fn verify_file(text: &str) -> (Verdict, Vec<RollEntry>) {
    if text.len() as u64 > VERIFY_MAX_BYTES {
        return (
            Verdict::Unreadable(format!(
                "the file is {:.1} MB; an exported log is under {} MB",
                text.len() as f64 / 1e6,
                VERIFY_MAX_BYTES / 1_000_000
            )),
            Vec::new(),
        );
    }
    let file: RollExportFile = match serde_json::from_str(text) {
        Ok(f) => f,
        Err(e) => return (Verdict::Unreadable(e.to_string()), Vec::new()),
    };
    if file.format != EXPORT_FORMAT {
        return (
            Verdict::Unreadable(format!("format is \"{}\"", file.format)),
            Vec::new(),
        );
    }
    let v = verify_entries(&file.entries);
    if !matches!(v, Verdict::Intact { .. }) {
        return (v, file.entries);
    }
    let head = file.entries.last().map_or(GENESIS, |e| e.hash.as_str());
    if file.head != head || file.count != file.entries.len() as u64 {
        let removed = Verdict::Removed {
            position: file.entries.len() + 1,
            after_seq: file.entries.last().map_or(0, |e| e.seq),
        };
        return (removed, file.entries);
    }
    (v, file.entries)
}

/// Whether roll `later` comes right after roll `earlier`. Checked, because the numbers come
/// from a file: `u64::MAX + 1` must not wrap to 0 (or stop a debug build).
fn next_seq(earlier: u64, later: u64) -> bool {
    earlier.checked_add(1) == Some(later)
}

/// Walks a chain: each entry must match its own hash and link to the one before it.
pub fn verify_entries(entries: &[RollEntry]) -> Verdict {
    for (i, e) in entries.iter().enumerate() {
        if entry_hash(e.seq, &e.record, &e.prev) != e.hash {
            return Verdict::Edited {
                position: i + 1,
                seq: e.seq,
            };
        }
        if i == 0 {
            // The first entry's own predecessor may have been trimmed; only its content counts.
            continue;
        }
        let before = &entries[i - 1];
        if e.prev == before.hash && next_seq(before.seq, e.seq) {
            continue;
        }
        // Two neighbours in the wrong order: the first of them links to the second, and the
        // entry after them links to the one before them.
        if let Some(next) = entries.get(i + 1)
            && next.prev == before.hash
            && e.prev == next.hash
            && next_seq(next.seq, e.seq)
        {
            return Verdict::Swapped {
                position: i + 1,
                seq: e.seq,
            };
        }
        // The same at the file's start, where the earlier has no predecessor to show it.
        if before.prev == e.hash && next_seq(e.seq, before.seq) {
            return Verdict::Swapped {
                position: i,
                seq: before.seq,
            };
        }
        // Classify the break by what the entry links to instead.
        if i >= 2 && e.prev == entries[i - 2].hash {
            return Verdict::Inserted {
                position: i,
                seq: before.seq,
            };
        }
        if i == 1 && e.prev == before.prev {
            return Verdict::Inserted {
                position: i,
                seq: before.seq,
            };
        }
        if e.seq > before.seq.saturating_add(1) {
            return Verdict::Removed {
                position: i + 1,
                after_seq: before.seq,
            };
        }
        if e.seq <= before.seq {
            return Verdict::Inserted {
                position: i + 1,
                seq: e.seq,
            };
        }
        return Verdict::Edited {
            position: i,
            seq: before.seq,
        };
    }
    Verdict::Intact {
        count: entries.len(),
        first: entries.first().map_or(0, |e| e.seq),
        last: entries.last().map_or(0, |e| e.seq),
        from_start: entries
            .first()
            .is_none_or(|e| e.seq == 1 && e.prev == GENESIS),
        head: entries
            .last()
            .map_or(GENESIS, |e| e.hash.as_str())
            .to_string(),
    }
}
