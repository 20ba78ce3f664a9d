use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use std::fmt;

use super::{CHARACTER_SCHEMA, Character, INDEX_SCHEMA, REV_MAX, SheetDoc, System};

/// Why a stored document could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocError {
    /// Not JSON, or JSON of the wrong shape: the record is damaged.
    Malformed(String),
    /// Written by a newer Satchel; this build must not touch it.
    Newer { found: u32, supported: u32 },
    /// An older schema this build has no migration for.
    Unsupported { found: u32 },
    /// An older schema read by [`decode_current`], which leaves migrations to
    /// [`decode_character`]: the record is fine, and is brought up to date there.
    Outdated { found: u32 },
}

impl fmt::Display for DocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DocError::Malformed(why) => write!(f, "the saved data is damaged ({why})"),
            DocError::Newer { found, supported } => write!(
                f,
                "it was saved by a newer version of Satchel (data version {found}; this one reads up to {supported})"
            ),
            DocError::Unsupported { found } => {
                write!(f, "its data version {found} is not one Satchel knows")
            }
            DocError::Outdated { found } => write!(
                f,
                "it was saved by an earlier version of Satchel (data version {found}) and is brought up to date when the sheets are read"
            ),
        }
    }
}

impl std::error::Error for DocError {}

/// The roster order: which character keys exist, in display order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Index {
    pub schema: u32,
    pub characters: Vec<String>,
}

impl Index {
    pub fn new(characters: Vec<String>) -> Self {
        Index {
            schema: INDEX_SCHEMA,
            characters,
        }
    }
}

/// Serialises any document. Our documents hold only strings, numbers and enums, so this
/// cannot fail; the fallback keeps the signature total rather than panicking.
pub fn encode<T: Serialize>(doc: &T) -> String {
    serde_json::to_string(doc).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The one field every document has.
#[derive(Deserialize)]
struct Head {
    schema: Option<u64>,
}

/// Reads the `schema` field first so a newer document is recognised even when its shape is
/// one this build cannot parse. From the text, skipping the rest, rather than from a parsed
/// tree: the first load then needs no `serde_json::Value` (issue 20).
fn schema_of_text(raw: &str) -> Result<u32, DocError> {
    let head: Head = match serde_json::from_str(raw) {
        Ok(head) => head,
        // Valid JSON whose `schema` is missing or not a whole number, or not JSON at all.
        Err(_) => {
            return Err(match serde_json::from_str::<IgnoredAny>(raw) {
                Ok(_) => DocError::Malformed("no data version".into()),
                Err(e) => DocError::Malformed(e.to_string()),
            });
        }
    };
    let n = head
        .schema
        .ok_or_else(|| DocError::Malformed("no data version".into()))?;
    u32::try_from(n).map_err(|_| DocError::Malformed("data version out of range".into()))
}

/// [`schema_of_text`] for a tree already parsed (a merge's).
fn schema_of(value: &serde_json::Value) -> Result<u32, DocError> {
    let n = value
        .get("schema")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| DocError::Malformed("no data version".into()))?;
    u32::try_from(n).map_err(|_| DocError::Malformed("data version out of range".into()))
}

fn parse_value(raw: &str) -> Result<serde_json::Value, DocError> {
    serde_json::from_str(raw).map_err(|e| DocError::Malformed(e.to_string()))
}

/// Decodes a document of a type with no migrations yet (index, settings).
pub fn decode<T: DeserializeOwned>(raw: &str, supported: u32) -> Result<T, DocError> {
    let found = schema_of_text(raw)?;
    if found > supported {
        return Err(DocError::Newer { found, supported });
    }
    if found < supported {
        return Err(DocError::Unsupported { found });
    }
    from_text(raw)
}

/// Deserialises from text, never from a parsed `Value`: `from_value` would compile a second
/// deserialiser for every document type, and all of them would sit in the first load.
fn from_text<T: DeserializeOwned>(raw: &str) -> Result<T, DocError> {
    serde_json::from_str(raw).map_err(|e| DocError::Malformed(e.to_string()))
}

/// Rewrites a character from schema `from` to `from + 1`. Each bump adds an arm here and a
/// fixture of the old version under `tests/fixtures/`.
fn migrate_step(mut value: serde_json::Value, from: u32) -> Result<serde_json::Value, DocError> {
    match from {
        // Schema 2 added the sheets. A schema 1 character has none; step 2 gives it a blank
        // sheet of its game, so only the number changes here. The bump itself matters: a
        // schema 1 build refuses a schema 2 document instead of loading it and writing it
        // back without its sheet.
        1 => {
            if let Some(obj) = value.as_object_mut() {
                obj.insert("schema".into(), 2.into());
            }
            Ok(value)
        }
        // Schema 3 holds the sheet as one value whose key is the game (`"sheet": {"ix": …}`)
        // instead of a `system` beside two optional sheets that could disagree with it.
        2 => {
            let obj = value
                .as_object_mut()
                .ok_or_else(|| DocError::Malformed("not an object".into()))?;
            // A hand-edited file may already hold the new shape under an old number.
            if obj.contains_key("sheet") && !obj.contains_key("system") {
                obj.insert("schema".into(), 3.into());
                return Ok(value);
            }
            let system: System = obj
                .remove("system")
                .and_then(|s| {
                    System::ALL
                        .into_iter()
                        .find(|g| s.as_str() == Some(g.slug()))
                })
                .ok_or_else(|| DocError::Malformed("no game named".into()))?;
            let ix = obj.remove("ix").filter(|v| !v.is_null());
            let expedition = obj.remove("expedition").filter(|v| !v.is_null());
            let sheet = match (system, ix, expedition) {
                (System::Ix, Some(sheet), _) | (System::Expedition, _, Some(sheet)) => sheet,
                // A schema 1 document migrated to 2 has no sheet yet: it gets a blank one.
                (system, _, _) => {
                    let name = obj.get("name").and_then(|n| n.as_str()).unwrap_or("");
                    // From the blank sheet's template, as a new character's: encoding a
                    // sheet here would bring every sheet's serializer into the first load.
                    match parse_value(SheetDoc::blank(system, name).text())? {
                        serde_json::Value::Object(mut tagged) => tagged
                            .remove(system.slug())
                            .unwrap_or(serde_json::Value::Null),
                        _ => serde_json::Value::Null,
                    }
                }
            };
            // Schema 2 kept armour and shields inside the rules' core, apart from the gear; the
            // sheet takes them aside and moves them onto the gear's items (`ExpSheet::migrate`).
            let mut sheet = sheet;
            if let Some(old) = sheet
                .get_mut("core")
                .and_then(|core| core.as_object_mut())
                .and_then(|core| core.remove("protection"))
                && let Some(s) = sheet.as_object_mut()
            {
                s.insert("legacy_protection".into(), old);
            }
            let mut tagged = serde_json::Map::new();
            tagged.insert(system.slug().into(), sheet);
            obj.insert("sheet".into(), tagged.into());
            obj.insert("schema".into(), 3.into());
            Ok(value)
        }
        _ => Err(DocError::Unsupported { found: from }),
    }
}

/// Decodes a character, migrating older schemas step by step to the current one.
pub fn decode_character(raw: &str) -> Result<Character, DocError> {
    match decode_current(raw) {
        Err(DocError::Outdated { .. }) => character_from(parse_value(raw)?),
        read => read,
    }
}

/// [`decode_character`] for a record of the current schema only: an older one is
/// [`DocError::Outdated`]. Start-up reads the roster with this, so the migrations (a parsed
/// tree edited in place) stay out of the first load and run in the `sheets` chunk's check
/// (`Store::check`), for the few records that need them.
pub fn decode_current(raw: &str) -> Result<Character, DocError> {
    match decode(raw, CHARACTER_SCHEMA) {
        // Older, and characters have migrations: `decode_character` decides.
        Err(DocError::Unsupported { found }) => Err(DocError::Outdated { found }),
        read => with_id(read?),
    }
}

/// What every character read from anywhere must have, whatever its schema: an id, and a
/// revision that can still move on (see [`REV_MAX`]).
fn with_id(character: Character) -> Result<Character, DocError> {
    if character.id.is_empty() {
        return Err(DocError::Malformed("empty id".into()));
    }
    if character.rev > REV_MAX {
        return Err(DocError::Malformed(format!(
            "its revision {} is past the highest Satchel counts to, {REV_MAX}",
            character.rev
        )));
    }
    // The sheet is read (and brought up to date) when something first looks at it.
    Ok(character)
}

/// `decode_character` from JSON already parsed (a merge of two versions works on the tree).
pub fn character_from_value(value: serde_json::Value) -> Result<Character, DocError> {
    character_from(value)
}

/// Decodes a parsed tree, migrating it first when it is older: from the tree's text, never
/// from the tree itself (see [`from_text`]). A current record's own text goes through
/// [`decode_current`] instead, without a tree.
fn character_from(mut value: serde_json::Value) -> Result<Character, DocError> {
    let mut found = schema_of(&value)?;
    if found > CHARACTER_SCHEMA {
        return Err(DocError::Newer {
            found,
            supported: CHARACTER_SCHEMA,
        });
    }
    while found < CHARACTER_SCHEMA {
        value = migrate_step(value, found)?;
        found += 1;
    }
    with_id(from_text(&value.to_string())?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::System;

    #[test]
    fn round_trip_keeps_every_field() {
        let c = Character::new("a1".into(), System::Expedition, "<b>Rook</b>".into(), 42);
        assert_eq!(decode_character(&encode(&c)), Ok(c));
    }

    #[test]
    fn newer_schema_is_recognised_even_with_an_unknown_shape() {
        let raw = r#"{"schema": 7, "id": 5, "whatever": [1,2]}"#;
        assert_eq!(
            decode_character(raw),
            Err(DocError::Newer {
                found: 7,
                supported: CHARACTER_SCHEMA
            })
        );
    }

    #[test]
    fn damaged_records_are_malformed() {
        for raw in [
            "",
            "{",
            "null",
            r#"{"id":"x"}"#,
            r#"{"schema":1,"id":"x","system":"chess","name":"n"}"#,
            r#"{"schema":1,"id":"","system":"ix","name":"n"}"#,
            r#"{"schema":-1}"#,
        ] {
            assert!(
                matches!(decode_character(raw), Err(DocError::Malformed(_))),
                "{raw:?} should be malformed"
            );
        }
        assert_eq!(
            decode_character(r#"{"schema":0}"#),
            Err(DocError::Unsupported { found: 0 })
        );
    }

    #[test]
    fn index_decodes_and_refuses_newer() {
        let idx = Index::new(vec!["a".into(), "b".into()]);
        assert_eq!(decode::<Index>(&encode(&idx), INDEX_SCHEMA), Ok(idx));
        assert!(matches!(
            decode::<Index>(r#"{"schema":2,"characters":[]}"#, INDEX_SCHEMA),
            Err(DocError::Newer { found: 2, .. })
        ));
    }
}
