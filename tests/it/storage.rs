//! The storage layer over an in-memory store: load order, quarantine, newer data, full
//! storage and other tabs' events. The same layer runs against real localStorage in
//! `tests/web_storage.rs`.

use proptest::prelude::*;
use satchel::model::{
    Character, CharacterAction, Roster, Settings, System, Theme, decode_character, encode,
};
use satchel::storage::{
    ExternalChange, INDEX_KEY, KeyValue, MemoryStore, Pending, Problem, SETTINGS_KEY, StorageError,
    Store, character_key, classify_event,
};

fn character(id: &str, name: &str) -> Character {
    Character::new(id.into(), System::Ix, name.into(), 1)
}

/// A store holding `chars`, in that order (also used by `unread_sheets`).
pub(crate) fn store_with(chars: &[Character]) -> Store<MemoryStore> {
    let store = Store::new(MemoryStore::new());
    for c in chars {
        store.save_character(c).unwrap();
    }
    store
        .save_index(chars.iter().map(|c| c.id.clone()).collect())
        .unwrap();
    store
}

fn names(store: &Store<MemoryStore>) -> Vec<String> {
    store
        .load(0)
        .unwrap()
        .roster
        .characters
        .into_iter()
        .map(|c| c.name)
        .collect()
}

#[test]
fn load_follows_the_index_order() {
    let store = store_with(&[character("b", "Second"), character("a", "First")]);
    assert_eq!(names(&store), ["Second", "First"]);
}

#[test]
fn characters_missing_from_the_index_are_appended_not_lost() {
    let store = store_with(&[character("a", "Indexed")]);
    store.save_character(&character("z", "Orphan")).unwrap();
    assert_eq!(names(&store), ["Indexed", "Orphan"]);
}

#[test]
fn index_entries_without_a_record_are_dropped() {
    let store = store_with(&[character("a", "Kept"), character("b", "Gone")]);
    store.delete_character("b").unwrap();
    assert_eq!(names(&store), ["Kept"]);
}

#[test]
fn a_corrupt_record_is_quarantined_byte_for_byte_and_the_rest_loads() {
    let store = store_with(&[character("a", "Fine"), character("b", "Broken")]);
    let raw = "{\"schema\":1,\"id\":\"b\",\"name\":\"Bro"; // cut off mid-write
    store.backend().set(&character_key("b"), raw).unwrap();

    let loaded = store.load(777).unwrap();
    assert_eq!(loaded.roster.characters.len(), 1);
    assert_eq!(loaded.roster.characters[0].name, "Fine");
    let [Problem::Quarantined { moved_to, .. }] = loaded.problems.as_slice() else {
        panic!("expected one quarantine, got {:?}", loaded.problems)
    };
    assert_eq!(moved_to, "satchel/v1/quarantine/777/character/b");
    assert_eq!(store.backend().get(moved_to).unwrap().as_deref(), Some(raw));
    assert_eq!(store.backend().get(&character_key("b")).unwrap(), None);
    let q = store.quarantined().unwrap();
    assert_eq!((q.len(), q[0].raw.as_str()), (1, raw));
    assert!(loaded.problems[0].to_string().contains("Settings"));

    store.discard(moved_to).unwrap();
    assert!(store.quarantined().unwrap().is_empty());
}

#[test]
fn a_record_that_cannot_be_moved_aside_is_left_untouched() {
    let store = Store::new(MemoryStore::with_quota(10_000));
    store.save_character(&character("a", "Fine")).unwrap();
    let raw = "x".repeat(4000);
    store.backend().set(&character_key("bad"), &raw).unwrap();
    // No room for a copy: the record must stay where it is.
    store.backend().set_quota(Some(1));
    let loaded = store.load(5).unwrap();
    assert!(matches!(
        loaded.problems.as_slice(),
        [Problem::Unreadable { .. }]
    ));
    assert_eq!(
        store.backend().get(&character_key("bad")).unwrap(),
        Some(raw.clone())
    );
    // Settings still lists it, to download or discard; good and newer records are not listed.
    let newer = r#"{"schema":9,"id":"n","name":"From the future","sheet":{"x":1}}"#;
    store.backend().set_quota(None);
    store.backend().set(&character_key("n"), newer).unwrap();
    let stuck = store.stuck().unwrap();
    assert_eq!(stuck.len(), 1);
    assert_eq!(
        (stuck[0].key.as_str(), stuck[0].raw.as_str()),
        (character_key("bad").as_str(), raw.as_str())
    );
    // Discarding takes only a listed record.
    store.discard_stuck(&character_key("a")).unwrap();
    store.discard_stuck(&character_key("n")).unwrap();
    assert!(store.backend().get(&character_key("a")).unwrap().is_some());
    assert!(store.backend().get(&character_key("n")).unwrap().is_some());
    store.discard_stuck(&character_key("bad")).unwrap();
    assert_eq!(store.backend().get(&character_key("bad")).unwrap(), None);
    assert!(store.stuck().unwrap().is_empty());
}

#[test]
fn a_newer_record_is_read_only_and_never_rewritten() {
    let store = store_with(&[character("a", "Mine")]);
    let newer = r#"{"schema":9,"id":"n","name":"From the future","sheet":{"x":1}}"#;
    store.backend().set(&character_key("n"), newer).unwrap();

    let loaded = store.load(0).unwrap();
    assert_eq!(loaded.roster.characters.len(), 1);
    assert_eq!(loaded.locked.len(), 1);
    assert_eq!(loaded.locked[0].name.as_deref(), Some("From the future"));
    assert_eq!(loaded.locked[0].found, 9);
    assert!(matches!(
        loaded.problems.as_slice(),
        [Problem::Newer { .. }]
    ));

    let mut roster = loaded.roster;
    roster
        .apply(
            CharacterAction::Rename {
                id: "a".into(),
                name: "Renamed".into(),
            },
            2,
        )
        .unwrap();
    let mut pending = Pending {
        save: ["a".to_string()].into(),
        index: true,
        ..Pending::default()
    };
    store.flush(&roster, &mut pending, 0).unwrap();
    assert_eq!(
        store.backend().get(&character_key("n")).unwrap().as_deref(),
        Some(newer)
    );
    assert_eq!(store.load(0).unwrap().locked.len(), 1);
}

#[test]
fn a_newer_index_is_not_overwritten() {
    let store = store_with(&[character("a", "A")]);
    let newer_index = r#"{"schema":3,"order":{"a":0}}"#;
    store.backend().set(INDEX_KEY, newer_index).unwrap();
    let loaded = store.load(0).unwrap();
    assert_eq!(
        loaded.roster.characters.len(),
        1,
        "scan still finds the character"
    );
    store.save_index(vec!["a".into()]).unwrap();
    assert_eq!(
        store.backend().get(INDEX_KEY).unwrap().as_deref(),
        Some(newer_index)
    );
}

#[test]
fn a_corrupt_index_is_quarantined_and_rebuilt_from_the_records() {
    let store = store_with(&[character("a", "A"), character("b", "B")]);
    store.backend().set(INDEX_KEY, "[not json").unwrap();
    let loaded = store.load(3).unwrap();
    assert_eq!(loaded.roster.characters.len(), 2);
    assert_eq!(store.quarantined().unwrap()[0].raw, "[not json");
}

#[test]
fn a_full_store_keeps_pending_writes_until_a_later_flush_succeeds() {
    let store = Store::new(MemoryStore::with_quota(200));
    let mut roster = Roster::default();
    let mut pending = Pending::default();
    for (i, name) in ["Alpha", "Beta", "Gamma"].iter().enumerate() {
        let id = format!("id{i}");
        roster
            .apply(
                CharacterAction::Create {
                    id: id.clone(),
                    system: System::Expedition,
                    name: name.to_string(),
                },
                1,
            )
            .unwrap();
        pending.save.insert(id);
        pending.index = true;
    }
    assert_eq!(
        store.flush(&roster, &mut pending, 0),
        Err(StorageError::Full)
    );
    assert!(!pending.is_empty(), "failed writes stay pending");

    store.backend().set_quota(None);
    store.flush(&roster, &mut pending, 0).unwrap();
    assert!(pending.is_empty());
    assert_eq!(store.load(0).unwrap().roster, roster);
}

#[test]
fn settings_round_trip_and_damaged_settings_fall_back_to_defaults() {
    let store = Store::new(MemoryStore::new());
    assert_eq!(store.load_settings(0), (Settings::default(), None));
    let dark = Settings {
        theme: Theme::Dark,
        ..Settings::default()
    };
    store.save_settings(&dark).unwrap();
    assert_eq!(store.load_settings(0).0, dark);

    store
        .backend()
        .set(SETTINGS_KEY, "{\"schema\":1,\"theme\":\"plaid\"}")
        .unwrap();
    let (s, problem) = store.load_settings(4);
    assert_eq!(s, Settings::default());
    assert!(matches!(problem, Some(Problem::Quarantined { .. })));

    store
        .backend()
        .set(SETTINGS_KEY, "{\"schema\":2,\"theme\":\"dark\"}")
        .unwrap();
    let (_, problem) = store.load_settings(5);
    assert!(matches!(problem, Some(Problem::Newer { .. })));
    store.save_settings(&Settings::default()).unwrap();
    assert_eq!(
        store.backend().get(SETTINGS_KEY).unwrap().as_deref(),
        Some("{\"schema\":2,\"theme\":\"dark\"}")
    );
}

#[test]
fn usage_counts_utf16_bytes_of_satchel_keys_only() {
    let store = Store::new(MemoryStore::new());
    store.backend().set("other-app", "ignored").unwrap();
    store.backend().set("satchel/v1/x", "é").unwrap();
    // "satchel/v1/x" is 12 code units, "é" is 1: 13 units of 2 bytes.
    assert_eq!(store.usage_bytes().unwrap(), 26);
}

#[test]
fn other_tabs_events_are_classified() {
    assert_eq!(classify_event(None, None), ExternalChange::Roster);
    assert_eq!(
        classify_event(Some("satchel/v1/character/abc"), Some("{}")),
        ExternalChange::Roster
    );
    assert_eq!(
        classify_event(Some(INDEX_KEY), None),
        ExternalChange::Roster
    );
    let dark = encode(&Settings {
        theme: Theme::Dark,
        ..Settings::default()
    });
    assert!(matches!(
        classify_event(Some(SETTINGS_KEY), Some(&dark)),
        ExternalChange::Settings(Settings {
            theme: Theme::Dark,
            ..
        })
    ));
    assert_eq!(
        classify_event(Some(SETTINGS_KEY), Some("garbage")),
        ExternalChange::Ignored
    );
    assert_eq!(
        classify_event(Some("satchel/v1/doc/ix-table"), Some("{}")),
        ExternalChange::Doc("ix-table".into())
    );
    assert_eq!(
        classify_event(Some("satchel/v1/doc/party"), None),
        ExternalChange::Doc("party".into())
    );
    assert_eq!(
        classify_event(Some("satchel/v1/quarantine/1/character/x"), Some("x")),
        ExternalChange::Quarantine
    );
    assert_eq!(
        classify_event(Some("someone-else"), Some("x")),
        ExternalChange::Ignored
    );
}

#[test]
fn the_schema_1_fixture_still_loads() {
    let raw = include_str!("../fixtures/character-v1.json");
    let c = decode_character(raw).unwrap();
    assert_eq!(c.name, "Rook of the Ninth Lantern");
    assert_eq!(c.system(), System::Expedition);
    assert_eq!((c.rev, c.updated_ms), (4, 1_764_680_000_000));
    // Schema 2 added the sheets: the old character migrates to the current schema with a
    // blank sheet of its own system and none of the other.
    assert_eq!(c.schema, satchel::model::CHARACTER_SCHEMA);
    assert!(c.expedition().is_some() && c.ix().is_none());
    let again = decode_character(&satchel::model::encode(&c)).unwrap();
    assert_eq!(again, c);
}

#[test]
fn an_older_build_would_see_a_schema_3_character_as_newer() {
    let c = satchel::model::Character::new("a".into(), System::Ix, "Vex".into(), 1);
    let raw = satchel::model::encode(&c);
    let v: serde_json::Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(v["schema"], 3);
    // One sheet, keyed by its game; no separate `system` to disagree with it.
    assert!(v["sheet"].get("ix").is_some());
    assert!(v.get("system").is_none() && v.get("ix").is_none());
}

fn action() -> impl Strategy<Value = CharacterAction> {
    let id = (0u8..6).prop_map(|n| format!("c{n}"));
    let name = "\\PC{0,130}";
    prop_oneof![
        (id.clone(), any::<bool>(), name).prop_map(|(id, ix, name)| CharacterAction::Create {
            id,
            system: if ix { System::Ix } else { System::Expedition },
            name,
        }),
        (id.clone(), name).prop_map(|(id, name)| CharacterAction::Rename { id, name }),
        (id.clone(), id.clone()).prop_map(|(id, new_id)| CharacterAction::Duplicate { id, new_id }),
        id.prop_map(|id| CharacterAction::Delete { id }),
    ]
}

proptest! {
    /// Whatever the user does, what storage holds after a flush loads back as the same roster.
    #[test]
    fn any_edit_sequence_round_trips_through_storage(actions in prop::collection::vec(action(), 0..25)) {
        let store = Store::new(MemoryStore::new());
        let mut roster = Roster::default();
        let mut pending = Pending::default();
        for (t, a) in actions.into_iter().enumerate() {
            match roster.apply(a, t as u64) {
                Ok(satchel::model::Applied::Saved(c)) => pending.saved(&c.id),
                Ok(satchel::model::Applied::Removed { character, .. }) => {
                    pending.removed(&character.id)
                }
                Ok(satchel::model::Applied::Many(_) | satchel::model::Applied::Requested { .. }) | Err(_) => {}
            }
            store.flush(&roster, &mut pending, 0).unwrap();
        }
        let loaded = store.load(0).unwrap();
        prop_assert!(loaded.problems.is_empty());
        prop_assert_eq!(loaded.roster, roster);
    }
}

#[derive(Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
struct Table {
    schema: u32,
    round: u32,
}

#[test]
fn named_documents_save_load_quarantine_and_respect_newer_builds() {
    let store = Store::new(MemoryStore::new());
    let (none, problem) = store.load_doc::<Table>("ix-table", 1, 5);
    assert_eq!((none, problem), (None, None));

    store
        .save_doc(
            "ix-table",
            &Table {
                schema: 1,
                round: 3,
            },
        )
        .unwrap();
    let (doc, _) = store.load_doc::<Table>("ix-table", 1, 5);
    assert_eq!(doc.map(|t| t.round), Some(3));
    assert_eq!(store.docs().unwrap()[0].name, "ix-table");

    // Damaged: set aside byte for byte, nothing loaded.
    store
        .backend()
        .set("satchel/v1/doc/ix-table", "{\"schema\":1,\"round\":")
        .unwrap();
    let (doc, problem) = store.load_doc::<Table>("ix-table", 1, 6);
    assert!(doc.is_none());
    assert!(matches!(problem, Some(Problem::Quarantined { .. })));
    assert_eq!(
        store.backend().get("satchel/v1/doc/ix-table").unwrap(),
        None
    );
    assert!(store.quarantined().unwrap()[0].raw.ends_with("\"round\":"));

    // Newer: left in place and never overwritten by this build.
    let newer = "{\"schema\":9,\"round\":1}";
    store
        .backend()
        .set("satchel/v1/doc/ix-table", newer)
        .unwrap();
    let (doc, problem) = store.load_doc::<Table>("ix-table", 1, 7);
    assert!(doc.is_none() && matches!(problem, Some(Problem::Newer { .. })));
    store.save_doc("ix-table", &Table::default()).unwrap();
    assert_eq!(
        store
            .backend()
            .get("satchel/v1/doc/ix-table")
            .unwrap()
            .as_deref(),
        Some(newer)
    );
}

/// Everything a store holds, key by key.
fn snapshot(store: &Store<MemoryStore>) -> Vec<(String, Option<String>)> {
    let kv = store.backend();
    let mut keys = kv.keys().unwrap();
    keys.sort();
    keys.into_iter()
        .map(|k| {
            let v = kv.get(&k).unwrap();
            (k, v)
        })
        .collect()
}

#[test]
fn an_import_that_does_not_fit_leaves_storage_exactly_as_it_was() {
    use satchel::model::NamedDoc;
    let store = store_with(&[character("a", "Ann"), character("b", "Bo")]);
    let table = NamedDoc {
        name: "exp-table".into(),
        doc: serde_json::json!({"schema": 1, "players": 3, "turn": 0, "session": 1, "fighters": [], "log": []}),
    };
    store.save_doc("exp-table", &serde_json::json!({"schema": 1, "players": 5, "turn": 2, "session": 4, "fighters": [], "log": []})).unwrap();
    let before = snapshot(&store);
    let used: usize = before
        .iter()
        .map(|(k, v)| k.encode_utf16().count() + v.as_ref().map_or(0, |v| v.encode_utf16().count()))
        .sum();
    // Room for the table, a replaced Ann and a little more, but not for a hundred newcomers.
    store.backend().set_quota(Some(used + 4_000));
    let mut incoming = vec![character("a", "Ann, replaced")];
    incoming.extend((0..100).map(|i| character(&format!("n{i}"), &format!("New {i}"))));
    let mut order: Vec<String> = incoming.iter().map(|c| c.id.clone()).collect();
    order.insert(1, "b".into());
    let err = store
        .import_all(std::slice::from_ref(&table), &incoming, order.clone(), 0)
        .unwrap_err();
    assert_eq!(err, StorageError::Full);
    assert_eq!(snapshot(&store), before, "not one key changed");
    assert_eq!(names(&store), ["Ann", "Bo"]);

    // With room, all of it lands: the table, the replaced character, the newcomers, the order.
    store.backend().set_quota(None);
    store.import_all(&[table], &incoming, order, 0).unwrap();
    let loaded = store.load(0).unwrap();
    assert_eq!(loaded.roster.characters.len(), 102);
    assert_eq!(loaded.roster.characters[0].name, "Ann, replaced");
    assert_eq!(loaded.roster.characters[1].name, "Bo");
    let (t, _) = store.load_doc::<serde_json::Value>("exp-table", 1, 0);
    assert_eq!(t.unwrap()["players"], 3);
}
