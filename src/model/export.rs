//! Export and import files: one versioned JSON file for a character or for everything.
//!
//! Import is validate-everything-first: [`parse_import`] either returns a fully decoded file
//! (every character migrated to the current schema) or one message saying what is wrong and
//! where; [`plan_import`] previews what would be added or replaced; [`apply_import`] changes
//! the roster all at once or not at all.

use serde::{Deserialize, Serialize};
use std::fmt;

use super::character::{Character, Roster, clean_name, routable_id};
use super::doc_types::{doc_type, from_files};
use super::document::{DocError, decode_character};

/// Marks a file as Satchel's, so a random JSON file is refused with a clear message.
pub const EXPORT_FORMAT: &str = "satchel-export";
/// Version of the export envelope this build writes and reads.
pub const EXPORT_VERSION: u32 = 1;
/// Largest file import accepts. A whole table of characters is tens of kilobytes.
pub const IMPORT_MAX_BYTES: usize = 2 * 1024 * 1024;
/// Most characters one file may carry.
pub const IMPORT_MAX_CHARACTERS: usize = 1000;
/// Most named documents (GM tables) one file may carry.
pub const IMPORT_MAX_DOCUMENTS: usize = 50;

/// A named document that is not a character (a GM table), as stored under
/// `satchel/v1/doc/<name>`. Import reads each through its type's decoder (`doc_types`), as
/// its screen would; a name this build has no type for is checked only for what every
/// document shares (a safe name, an object with a schema number).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NamedDoc {
    pub name: String,
    pub doc: serde_json::Value,
}

/// Names documents are stored under: short, lower-case letters, digits and dashes.
pub fn valid_doc_name(name: &str) -> bool {
    (1..=40).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// How a document is called in the import preview.
pub fn doc_label(name: &str) -> String {
    match doc_type(name) {
        Some(t) => t.label.into(),
        None => format!("the document \"{name}\""),
    }
}

/// What a file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExportKind {
    Character,
    Everything,
}

/// The envelope written to disk. Characters travel as JSON values so that each is decoded
/// (and migrated) through the same path as stored records.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExportFile {
    pub format: String,
    pub version: u32,
    /// The Satchel version that wrote the file (for people reading it; not interpreted).
    pub app: String,
    pub exported_ms: u64,
    pub kind: ExportKind,
    pub characters: Vec<serde_json::Value>,
    /// GM tables and other named documents (absent in files from before they existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub documents: Vec<NamedDoc>,
}

/// Builds an export file for the given characters and named documents.
pub fn export_file(
    kind: ExportKind,
    characters: &[Character],
    documents: &[NamedDoc],
    app: &str,
    now_ms: u64,
) -> String {
    let file = ExportFile {
        format: EXPORT_FORMAT.into(),
        version: EXPORT_VERSION,
        app: app.into(),
        exported_ms: now_ms,
        kind,
        characters: characters
            .iter()
            // Through the stored text rather than `to_value`: one serialiser for every
            // document type instead of two (the second cost kilobytes of wasm).
            .filter_map(|c| serde_json::from_str(&super::document::encode(c)).ok())
            .collect(),
        documents: documents.to_vec(),
    };
    serde_json::to_string_pretty(&file).unwrap_or_default()
}

/// Why a file cannot be imported. Nothing is applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    TooLarge {
        bytes: usize,
    },
    NotJson(String),
    NotSatchel,
    NewerFile {
        version: u32,
    },
    Empty,
    TooMany {
        count: usize,
    },
    BadCharacter {
        position: usize,
        why: DocError,
    },
    BadName {
        position: usize,
        why: String,
    },
    /// A value on a character's sheet is out of its range (the first such, in words).
    OutOfRange {
        position: usize,
        why: String,
    },
    RepeatedId {
        position: usize,
    },
    BadDocument {
        name: String,
        why: &'static str,
    },
    /// A table of a kind this build knows does not read as one (damaged, or newer).
    UnreadableDocument {
        name: String,
        why: DocError,
    },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::TooLarge { bytes } => write!(
                f,
                "This file is {} KB; Satchel imports files up to {} KB.",
                bytes / 1024,
                IMPORT_MAX_BYTES / 1024
            ),
            ImportError::NotJson(why) => {
                write!(
                    f,
                    "This file is not a Satchel export (it is not valid JSON: {why})."
                )
            }
            ImportError::NotSatchel => write!(f, "This file is not a Satchel export."),
            ImportError::NewerFile { version } => write!(
                f,
                "This file was made by a newer Satchel (file version {version}; this one reads up to {EXPORT_VERSION}). Update Satchel, then import it again."
            ),
            ImportError::Empty => write!(f, "This file holds no characters and no tables."),
            ImportError::TooMany { count } => write!(
                f,
                "This file holds {count} characters; one import takes at most {IMPORT_MAX_CHARACTERS}."
            ),
            ImportError::BadCharacter { position, why } => write!(
                f,
                "Character {} in the file cannot be imported: {why}. Nothing was imported.",
                position + 1
            ),
            ImportError::BadName { position, why } => write!(
                f,
                "Character {} in the file has an unusable name: {why} Nothing was imported.",
                position + 1
            ),
            ImportError::OutOfRange { position, why } => write!(
                f,
                "Character {} in the file has a value Satchel cannot use ({why}). Nothing was imported.",
                position + 1
            ),
            ImportError::RepeatedId { position } => write!(
                f,
                "Character {} in the file repeats another's id. Nothing was imported.",
                position + 1
            ),
            ImportError::BadDocument { name, why } => write!(
                f,
                "A table in the file (\"{}\") cannot be imported: {why}. Nothing was imported.",
                name.chars().take(40).collect::<String>()
            ),
            ImportError::UnreadableDocument { name, why } => write!(
                f,
                "{} in the file cannot be imported: {why}. Nothing was imported.",
                capitalised(&doc_label(name))
            ),
        }
    }
}

impl std::error::Error for ImportError {}

/// A file that passed every check, its characters at the current schema.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportFile {
    pub kind: ExportKind,
    pub app: String,
    pub exported_ms: u64,
    pub characters: Vec<Character>,
    /// Named documents; each replaces the one of the same name here.
    pub documents: Vec<NamedDoc>,
    /// Names of documents the file carries that no file may replace (the GM's sealed checks):
    /// read like the rest, then left out, for the preview to say so.
    pub left_out: Vec<String>,
}

fn check_documents(docs: &[NamedDoc]) -> Result<(), ImportError> {
    let bad = |d: &NamedDoc, why| {
        Err(ImportError::BadDocument {
            name: d.name.clone(),
            why,
        })
    };
    if docs.len() > IMPORT_MAX_DOCUMENTS {
        return Err(ImportError::TooMany { count: docs.len() });
    }
    for (i, d) in docs.iter().enumerate() {
        if !valid_doc_name(&d.name) {
            return bad(d, "its name is not one Satchel uses");
        }
        if docs[..i].iter().any(|x| x.name == d.name) {
            return bad(d, "the file has it twice");
        }
        if d.doc
            .get("schema")
            .and_then(serde_json::Value::as_u64)
            .is_none()
        {
            return bad(d, "it has no data version");
        }
        // Read exactly as the screen that shows it would, whatever its kind, so a damaged or
        // newer document is refused here instead of replacing a good one (or being skipped
        // unread). Names this build has no type for are kept as they are.
        if let Some(kind) = doc_type(&d.name) {
            (kind.read)(&d.doc.to_string()).map_err(|why| ImportError::UnreadableDocument {
                name: d.name.clone(),
                why,
            })?;
        }
    }
    Ok(())
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// Validates a whole file. Never panics, whatever the bytes.
pub fn parse_import(raw: &str) -> Result<ImportFile, ImportError> {
    if raw.len() > IMPORT_MAX_BYTES {
        return Err(ImportError::TooLarge { bytes: raw.len() });
    }
    let value: serde_json::Value =
        serde_json::from_str(raw).map_err(|e| ImportError::NotJson(e.to_string()))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(EXPORT_FORMAT) {
        return Err(ImportError::NotSatchel);
    }
    let version = value
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or(ImportError::NotSatchel)?;
    let version = u32::try_from(version).unwrap_or(u32::MAX);
    if version > EXPORT_VERSION {
        return Err(ImportError::NewerFile { version });
    }
    let file: ExportFile = serde_json::from_value(value).map_err(|_| ImportError::NotSatchel)?;
    if file.characters.is_empty() && file.documents.is_empty() {
        return Err(ImportError::Empty);
    }
    check_documents(&file.documents)?;
    let (documents, kept_out): (Vec<NamedDoc>, Vec<NamedDoc>) = file
        .documents
        .into_iter()
        .partition(|d| from_files(&d.name));
    if file.characters.len() > IMPORT_MAX_CHARACTERS {
        return Err(ImportError::TooMany {
            count: file.characters.len(),
        });
    }
    let mut characters: Vec<Character> = Vec::with_capacity(file.characters.len());
    for (position, value) in file.characters.iter().enumerate() {
        let mut c = decode_character(&value.to_string())
            .map_err(|why| ImportError::BadCharacter { position, why })?;
        c.id = routable_id(&c.id);
        clean_name(&c.name).map_err(|e| ImportError::BadName {
            position,
            why: e.to_string(),
        })?;
        c.sheet
            .check()
            .map_err(|why| ImportError::OutOfRange { position, why })?;
        if characters.iter().any(|x| x.id == c.id) {
            return Err(ImportError::RepeatedId { position });
        }
        characters.push(c);
    }
    // A file whose only document no file may replace has nothing to import.
    if characters.is_empty() && documents.is_empty() {
        return Err(ImportError::Empty);
    }
    Ok(ImportFile {
        kind: file.kind,
        app: file.app,
        exported_ms: file.exported_ms,
        characters,
        documents,
        left_out: kept_out.into_iter().map(|d| d.name).collect(),
    })
}

/// What importing one character would do.
// A preview holds a handful of these; boxing the conflict's two characters buys nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum PlanItem {
    /// Not here yet: it will be added.
    Add(Character),
    /// A character with the same id is here already.
    Conflict {
        incoming: Character,
        existing: Character,
    },
    /// The record with this id here was saved by a newer Satchel and is read-only: it is never
    /// replaced; "keep both" adds the file's copy beside it.
    ReadOnly(Character),
}

/// How to settle characters that already exist here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConflictChoice {
    /// The file's copy replaces the one here.
    Replace,
    /// Both stay: the file's copy is added under a new id, marked "(imported)".
    KeepBoth,
    /// The incoming copy replaces the one here with its own revision, so the player's next
    /// update still compares against theirs; refused unless it is newer (`model::sync`).
    Update,
}

/// Previews an import against the current roster and the ids of records that are read-only
/// here (written by a newer Satchel).
pub fn plan_import(roster: &Roster, read_only: &[String], file: &ImportFile) -> Vec<PlanItem> {
    file.characters
        .iter()
        .map(|c| match roster.get(&c.id) {
            _ if read_only.contains(&c.id) => PlanItem::ReadOnly(c.clone()),
            Some(existing) => PlanItem::Conflict {
                incoming: c.clone(),
                existing: existing.clone(),
            },
            None => PlanItem::Add(c.clone()),
        })
        .collect()
}

/// Applies a planned import, all or nothing. `new_id` supplies ids for "keep both" copies.
/// Returns the characters written, for the caller to persist.
pub fn apply_import(
    roster: &mut Roster,
    plan: &[PlanItem],
    choice: ConflictChoice,
    mut new_id: impl FnMut() -> String,
    now_ms: u64,
) -> Result<Vec<Character>, String> {
    let mut next = roster.clone();
    let mut written = Vec::new();
    for item in plan {
        let c = match (item, choice) {
            (PlanItem::Add(c), _) => c.clone(),
            (PlanItem::ReadOnly(_), ConflictChoice::Replace | ConflictChoice::Update) => continue,
            (PlanItem::Conflict { incoming, existing }, ConflictChoice::Update) => {
                if super::sync::Revision::of(incoming).compare(&super::sync::Revision::of(existing))
                    != super::sync::Newness::Newer
                {
                    return Err(format!(
                        "The copy of {} here is as new or newer; nothing was changed.",
                        existing.name
                    ));
                }
                incoming.clone()
            }
            (PlanItem::Conflict { incoming, existing }, ConflictChoice::Replace) => {
                let mut c = incoming.clone();
                // Past both revisions, so other tabs take it as the newest write.
                c.rev = super::character::next_rev(incoming.rev.max(existing.rev));
                c.updated_ms = now_ms;
                c
            }
            (
                PlanItem::Conflict { incoming, .. } | PlanItem::ReadOnly(incoming),
                ConflictChoice::KeepBoth,
            ) => {
                let mut c = incoming.clone();
                c.id = new_id();
                if next.get(&c.id).is_some() {
                    return Err("Could not make a new id for a copy; nothing was imported.".into());
                }
                let base: String = c.name.chars().take(super::NAME_MAX_CHARS - 11).collect();
                c.name = format!("{base} (imported)");
                c.rev = 1;
                c.updated_ms = now_ms;
                c
            }
        };
        next.upsert(c.clone());
        written.push(c);
    }
    *roster = next;
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::System;
    use crate::model::exp_table::ExpTable;
    use crate::model::session::IxSession;

    fn c(id: &str, name: &str, rev: u64) -> Character {
        let mut c = Character::new(id.into(), System::Ix, name.into(), 5);
        c.rev = rev;
        c
    }

    #[test]
    fn export_then_import_round_trips() {
        let chars = vec![c("a", "Ann", 3), c("b", "<b>Bo</b>", 1)];
        let docs = vec![NamedDoc {
            name: "ix-table".into(),
            doc: serde_json::json!({"schema": 1, "round": 3}),
        }];
        let raw = export_file(ExportKind::Everything, &chars, &docs, "0.1.0", 99);
        let file = parse_import(&raw).unwrap();
        assert_eq!(file.characters, chars);
        assert_eq!(file.documents, docs);
        assert_eq!((file.kind, file.exported_ms), (ExportKind::Everything, 99));
    }

    #[test]
    fn newer_files_and_foreign_files_are_refused_with_reasons() {
        let newer = r#"{"format":"satchel-export","version":2,"characters":[]}"#;
        assert_eq!(
            parse_import(newer),
            Err(ImportError::NewerFile { version: 2 })
        );
        assert_eq!(parse_import(r#"{"a":1}"#), Err(ImportError::NotSatchel));
        assert!(matches!(parse_import("nope"), Err(ImportError::NotJson(_))));
        let big = " ".repeat(IMPORT_MAX_BYTES + 1);
        assert!(matches!(
            parse_import(&big),
            Err(ImportError::TooLarge { .. })
        ));
    }

    #[test]
    fn one_bad_character_refuses_the_whole_file() {
        let chars = vec![c("a", "Ann", 1), c("b", "Bo", 1)];
        let mut file: serde_json::Value =
            serde_json::from_str(&export_file(ExportKind::Everything, &chars, &[], "x", 1))
                .unwrap();
        file["characters"][1]["schema"] = serde_json::json!(50);
        let err = parse_import(&file.to_string()).unwrap_err();
        assert!(matches!(err, ImportError::BadCharacter { position: 1, .. }));
        assert!(err.to_string().starts_with("Character 2 in the file"));

        file["characters"][1]["schema"] = serde_json::json!(1);
        file["characters"][1]["id"] = serde_json::json!("a");
        assert_eq!(
            parse_import(&file.to_string()),
            Err(ImportError::RepeatedId { position: 1 })
        );
    }

    #[test]
    fn documents_are_checked_before_anything_is_imported() {
        let file = |docs: serde_json::Value| {
            serde_json::json!({"format": "satchel-export", "version": 1, "app": "", "exported_ms": 0,
                "kind": "everything", "characters": [], "documents": docs})
            .to_string()
        };
        let ok = parse_import(&file(
            serde_json::json!([{"name": "ix-table", "doc": {"schema": 1}}]),
        ));
        assert_eq!(ok.map(|f| f.documents.len()), Ok(1));
        for (docs, why) in [
            (
                serde_json::json!([{"name": "../x", "doc": {"schema": 1}}]),
                "name",
            ),
            (
                serde_json::json!([{"name": "a", "doc": {"schema": 1}}, {"name": "a", "doc": {"schema": 1}}]),
                "twice",
            ),
            (
                serde_json::json!([{"name": "a", "doc": [1]}]),
                "data version",
            ),
        ] {
            let err = parse_import(&file(docs)).unwrap_err();
            assert!(err.to_string().contains(why), "{err}");
        }
        assert_eq!(
            parse_import(&file(serde_json::json!([]))),
            Err(ImportError::Empty)
        );
        assert!(valid_doc_name("expedition-table") && !valid_doc_name("Ix") && !valid_doc_name(""));
    }

    #[test]
    fn replace_and_keep_both_settle_conflicts() {
        let mut roster = Roster {
            characters: vec![c("a", "Here", 7)],
            ..Roster::default()
        };
        let file = ImportFile {
            kind: ExportKind::Everything,
            app: String::new(),
            exported_ms: 0,
            characters: vec![c("a", "From file", 2), c("n", "New", 1)],
            documents: vec![],
            left_out: vec![],
        };
        let plan = plan_import(&roster, &[], &file);
        assert!(matches!(plan[0], PlanItem::Conflict { .. }));
        assert!(matches!(plan[1], PlanItem::Add(_)));

        let mut kept = roster.clone();
        apply_import(&mut kept, &plan, ConflictChoice::KeepBoth, || "z".into(), 9).unwrap();
        let names: Vec<_> = kept.characters.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Here", "From file (imported)", "New"]);

        apply_import(
            &mut roster,
            &plan,
            ConflictChoice::Replace,
            || "z".into(),
            9,
        )
        .unwrap();
        assert_eq!(roster.characters[0].name, "From file");
        assert_eq!(roster.characters[0].rev, 8, "newer than both copies");
        assert_eq!(roster.characters.len(), 2);
    }

    #[test]
    fn a_read_only_record_is_never_replaced_by_an_import() {
        // "a" is stored here by a newer Satchel: not on the roster, read-only.
        let roster = Roster::default();
        let file = ImportFile {
            kind: ExportKind::Everything,
            app: String::new(),
            exported_ms: 0,
            characters: vec![c("a", "From file", 2)],
            documents: vec![],
            left_out: vec![],
        };
        let plan = plan_import(&roster, &["a".to_string()], &file);
        assert!(matches!(plan[0], PlanItem::ReadOnly(_)));
        let mut replaced = roster.clone();
        let written = apply_import(
            &mut replaced,
            &plan,
            ConflictChoice::Replace,
            || "z".into(),
            9,
        )
        .unwrap();
        assert!(written.is_empty() && replaced.characters.is_empty());
        let mut both = roster.clone();
        let written =
            apply_import(&mut both, &plan, ConflictChoice::KeepBoth, || "z".into(), 9).unwrap();
        assert_eq!(
            written[0].id, "z",
            "the file's copy goes beside it, under a new id"
        );
        assert_eq!(written[0].name, "From file (imported)");
    }

    #[test]
    fn keep_both_refuses_an_id_clash_and_changes_nothing() {
        let mut roster = Roster {
            characters: vec![c("a", "Here", 1), c("z", "Zed", 1)],
            ..Roster::default()
        };
        let file = ImportFile {
            kind: ExportKind::Character,
            app: String::new(),
            exported_ms: 0,
            characters: vec![c("n", "New", 1), c("a", "Again", 1)],
            documents: vec![],
            left_out: vec![],
        };
        let plan = plan_import(&roster, &[], &file);
        let before = roster.clone();
        assert!(
            apply_import(
                &mut roster,
                &plan,
                ConflictChoice::KeepBoth,
                || "z".into(),
                1
            )
            .is_err()
        );
        assert_eq!(roster, before);
    }

    #[test]
    fn a_damaged_or_newer_table_refuses_the_whole_file() {
        let chars = vec![c("a", "Ann", 1)];
        let good = |name: &str, doc: serde_json::Value| NamedDoc {
            name: name.into(),
            doc,
        };
        for (name, doc, says) in [
            (
                "exp-table",
                serde_json::json!({"schema": 1, "players": 4, "turn": 0, "session": 1, "fighters": "not a list", "log": []}),
                "damaged",
            ),
            (
                "ix-table",
                serde_json::json!({"schema": 9, "anything": true}),
                "newer version",
            ),
            (
                "ix-session",
                serde_json::json!({"schema": 1, "pool": {"fortune": "x"}}),
                "damaged",
            ),
        ] {
            let raw = export_file(ExportKind::Everything, &chars, &[good(name, doc)], "x", 1);
            let err = parse_import(&raw).unwrap_err();
            assert!(
                matches!(&err, ImportError::UnreadableDocument { name: n, .. } if n == name),
                "{err:?}"
            );
            let words = err.to_string();
            assert!(words.contains(says), "{words}");
            assert!(words.ends_with("Nothing was imported."), "{words}");
        }
        // A good table of each kind passes.
        let docs = vec![
            good(
                "ix-session",
                serde_json::to_value(IxSession::default()).unwrap(),
            ),
            good(
                "exp-table",
                serde_json::to_value(ExpTable::default()).unwrap(),
            ),
        ];
        let raw = export_file(ExportKind::Everything, &chars, &docs, "x", 1);
        assert_eq!(parse_import(&raw).unwrap().documents.len(), 2);
    }
}
