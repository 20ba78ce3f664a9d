//! Settling one character that two tabs changed at the same moment.
//!
//! Each write stores the whole character, so without this a change made in one tab while
//! another tab wrote a different field was lost: the later write carried the earlier copy of
//! that field. A three-way merge against the version both tabs started from keeps every
//! field only one of them changed. Where both changed the same field differently, the later
//! change (by `updated_ms`) wins. The choice is made the same way in both tabs, so two tabs that
//! each settle the crossing write the same text and do not go back and forth.

use serde_json::{Map, Value};

use super::{Character, character_from_value, encode, next_rev};

/// The result of settling two versions of one character.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    pub character: Character,
    /// Fields both versions changed differently, named by their path (`sheet.ix.notes`). The
    /// later change is the one kept.
    pub conflicts: Vec<String>,
    /// Whether this tab's version won the conflicts (it was the later change, or a change
    /// this tab still owes storage).
    pub mine_won: bool,
    /// Settled in favour of this tab's unsaved change rather than by time.
    pub kept_unsaved: bool,
}

impl Merged {
    /// What to tell the user, in a sentence.
    pub fn sentence(&self) -> String {
        let name = &self.character.name;
        if self.conflicts.is_empty() {
            return format!(
                "{name} was changed in another tab at the same moment; both changes are kept."
            );
        }
        if self.conflicts.iter().any(String::is_empty) {
            return format!(
                "{name} was changed in another tab at the same moment, in ways that do not fit together; {} is kept, and History has the other.",
                if self.kept_unsaved {
                    "this tab's unsaved version"
                } else {
                    "the later version"
                }
            );
        }
        // A name is kept twice (the roster's and the sheet's): say it once.
        let mut said: Vec<String> = Vec::new();
        for path in &self.conflicts {
            let words = field_words(path);
            if !said.contains(&words) {
                said.push(words);
            }
        }
        let fields = said.join(", ");
        let which = if self.kept_unsaved {
            "this tab's unsaved change is kept, and History has the other tab's"
        } else {
            "the later change is kept, and History has the other"
        };
        format!(
            "{name} was changed in another tab at the same moment. Both changes are kept, except {fields} (changed in both): {which}."
        )
    }
}

/// A path's last named parts in words, without the containers every path passes through:
/// `sheet.expedition.hp.current` reads "hp current", `sheet.ix.character.notes` "notes".
fn field_words(path: &str) -> String {
    const CONTAINERS: [&str; 7] = [
        "sheet",
        "ix",
        "expedition",
        "character",
        "about",
        "core",
        "health",
    ];
    let (mut last, mut before) = (None, None);
    for part in path.split('.') {
        if !part.is_empty()
            && !part.bytes().all(|b| b.is_ascii_digit())
            && !CONTAINERS.contains(&part)
        {
            before = last.replace(part);
        }
    }
    let words = match (before, last) {
        (_, None) => return "the character".to_string(),
        (None, Some(one)) => one.to_string(),
        (Some(a), Some(b)) => format!("{a} {b}"),
    };
    words.replace('_', " ")
}

/// Settles `mine` and `theirs`, two versions of one character that both started from `base`.
/// The result's revision is past both, so every tab takes it as the newest. `None` when a
/// version cannot be read as a character (then the caller keeps the later write whole).
pub fn merge_characters(base: &Character, mine: &Character, theirs: &Character) -> Option<Merged> {
    settle(base, mine, theirs, later(mine, theirs), false)
}

/// `merge_characters` for a change this tab still owes storage (it was full) meeting another
/// tab's write: this tab's change wins where both changed a field. The user is looking at it
/// and has not been told it is gone; the other tab's value goes to History.
pub fn merge_keeping_mine(
    base: &Character,
    mine: &Character,
    theirs: &Character,
) -> Option<Merged> {
    settle(base, mine, theirs, true, true)
}

fn settle(
    base: &Character,
    mine: &Character,
    theirs: &Character,
    mine_won: bool,
    kept_unsaved: bool,
) -> Option<Merged> {
    let [b, m, t] = [base, mine, theirs].map(|c| serde_json::from_str::<Value>(&encode(c)).ok());
    let (b, m, t) = (b?, m?, t?);
    let mut conflicts = Vec::new();
    let mut path = String::new();
    let merged = merge(
        Some(&b),
        Some(&m),
        Some(&t),
        mine_won,
        &mut path,
        &mut conflicts,
    )??;
    // A merged field can break a rule that spans fields (a maximum lowered here, a value
    // raised there): then the winning version is kept whole, and History has the other.
    let mut character = character_from_value(merged)
        .ok()
        .filter(|c| c.sheet.check().is_ok())
        .unwrap_or_else(|| {
            conflicts = vec![String::new()];
            // The winner whole, unless it cannot be opened: never a copy start-up would set
            // aside over one that opens.
            let (winner, other) = if mine_won {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            match (winner.sheet.check(), other.sheet.check()) {
                (Err(_), Ok(())) => other,
                _ => winner,
            }
            .clone()
        });
    character.rev = next_rev(mine.rev.max(theirs.rev));
    character.updated_ms = mine.updated_ms.max(theirs.updated_ms);
    conflicts.retain(|p| p != "rev" && p != "updated_ms");
    Some(Merged {
        character,
        conflicts,
        mine_won,
        kept_unsaved,
    })
}

/// Whether `mine` is the later change. Ties are broken by the text, so both tabs agree.
fn later(mine: &Character, theirs: &Character) -> bool {
    (mine.updated_ms, mine.rev, encode(mine)) > (theirs.updated_ms, theirs.rev, encode(theirs))
}

/// The three-way merge of one value. `None` is a field absent from that version.
fn merge(
    base: Option<&Value>,
    mine: Option<&Value>,
    theirs: Option<&Value>,
    mine_won: bool,
    path: &mut String,
    conflicts: &mut Vec<String>,
) -> Option<Option<Value>> {
    if mine == theirs || theirs == base {
        return Some(mine.cloned());
    }
    if mine == base {
        return Some(theirs.cloned());
    }
    let merged = match (base, mine, theirs) {
        (Some(Value::Object(b)), Some(Value::Object(m)), Some(Value::Object(t))) => {
            let mut out = Map::new();
            // Every key of the three once (the map keeps its own order, so none is needed here).
            let keys = m
                .keys()
                .chain(t.keys().filter(|k| !m.contains_key(*k)))
                .chain(
                    b.keys()
                        .filter(|k| !m.contains_key(*k) && !t.contains_key(*k)),
                );
            for key in keys {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                let one = merge(
                    b.get(key),
                    m.get(key),
                    t.get(key),
                    mine_won,
                    path,
                    conflicts,
                )?;
                path.truncate(len);
                if let Some(v) = one {
                    out.insert(key.clone(), v);
                }
            }
            Some(Value::Object(out))
        }
        // Lists of the same length in all three (slots, skills, dice) merge item by item;
        // a list that grew or shrank on both sides is one change, settled by time.
        (Some(Value::Array(b)), Some(Value::Array(m)), Some(Value::Array(t)))
            if b.len() == m.len() && m.len() == t.len() =>
        {
            let mut out = Vec::with_capacity(m.len());
            for i in 0..m.len() {
                let len = path.len();
                path.push('.');
                path.push_str(&i.to_string());
                let one = merge(b.get(i), m.get(i), t.get(i), mine_won, path, conflicts)?;
                path.truncate(len);
                out.push(one?);
            }
            Some(Value::Array(out))
        }
        _ => {
            conflicts.push(path.clone());
            if mine_won {
                mine.cloned()
            } else {
                theirs.cloned()
            }
        }
    };
    Some(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_reads_as_words() {
        assert_eq!(field_words("sheet.ix.character.notes"), "notes");
        assert_eq!(field_words("sheet.ix.character.health.strain"), "strain");
        assert_eq!(field_words("sheet.expedition.hp.current"), "hp current");
        assert_eq!(field_words("sheet.ix.skills.3.rank"), "skills rank");
        assert_eq!(field_words("name"), "name");
        assert_eq!(field_words(""), "the character");
    }
}
