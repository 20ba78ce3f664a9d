//! The storage layer against the real localStorage of headless Chromium
//! (`cargo test --target wasm32-unknown-unknown --test web_storage`).
#![cfg(target_arch = "wasm32")]

use satchel::model::{Character, CharacterAction, Roster, System};
use satchel::storage::{
    BrowserStore, KeyValue, Pending, Problem, StorageError, Store, character_key,
};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn clear() {
    let ls = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    ls.clear().unwrap();
}

fn open() -> Store<BrowserStore> {
    Store::new(BrowserStore::open().expect("localStorage is available in the test browser"))
}

#[wasm_bindgen_test]
fn characters_round_trip_through_local_storage() {
    clear();
    let store = open();
    let mut roster = Roster::default();
    let mut pending = Pending::default();
    for (id, system, name) in [
        ("a1", System::Ix, "Vex <img src=x onerror=alert(1)>"),
        ("b2", System::Expedition, "Rook"),
    ] {
        roster
            .apply(
                CharacterAction::Create {
                    id: id.into(),
                    system,
                    name: name.into(),
                },
                1,
            )
            .unwrap();
        pending.save.insert(id.into());
    }
    pending.index = true;
    store.flush(&roster, &mut pending, 0).unwrap();
    assert!(pending.is_empty());

    let reopened = open();
    assert_eq!(reopened.load(2).unwrap().roster, roster);
    let raw = reopened.raw(&character_key("a1")).unwrap().unwrap();
    assert!(raw.contains(&format!("\"schema\":{}", satchel::model::CHARACTER_SCHEMA)));
}

#[wasm_bindgen_test]
fn corrupt_records_are_set_aside_in_local_storage() {
    clear();
    let store = open();
    store
        .save_character(&Character::new("ok".into(), System::Ix, "Fine".into(), 1))
        .unwrap();
    store
        .backend()
        .set(&character_key("bad"), "{\"schema\":1,")
        .unwrap();
    let loaded = store.load(99).unwrap();
    assert_eq!(loaded.roster.characters.len(), 1);
    assert!(matches!(
        loaded.problems.as_slice(),
        [Problem::Quarantined { .. }]
    ));
    let q = store.quarantined().unwrap();
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].raw, "{\"schema\":1,");
    assert_eq!(q[0].key, "satchel/v1/quarantine/99/character/bad");
}

#[wasm_bindgen_test]
fn a_full_local_storage_reports_full_and_keeps_the_old_value() {
    clear();
    let store = open();
    let c = Character::new("big".into(), System::Ix, "Big".into(), 1);
    store.save_character(&c).unwrap();
    // Chromium allows about 5 MiB per origin; 8 Mi UTF-16 units is past it.
    let huge = "x".repeat(8 * 1024 * 1024);
    let err = store.backend().set(&character_key("big"), &huge);
    assert_eq!(err, Err(StorageError::Full));
    assert_eq!(open().load(0).unwrap().roster.characters, vec![c]);
    clear();
}
