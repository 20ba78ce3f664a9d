//! Local history: earlier versions kept beside each record, never at the cost of a write, and
//! put back through the roster's reducer.

use proptest::prelude::*;
use satchel::model::history::{HISTORY_EVERY_MS, HISTORY_KEEP, changes};
use satchel::model::ix_sheet::{IxEdit, Text};
use satchel::model::{Character, CharacterAction, Roster, System, decode_character, encode};
use satchel::storage::{
    HISTORY_PREFIX, KeyValue, MemoryStore, Pending, StorageError, Store, character_key, doc_key,
};

const MIN: u64 = 60_000;

/// A roster of one Ix character, "Ada", and a store holding it.
fn setup() -> (Store<MemoryStore>, Roster, Pending) {
    let mut roster = Roster::default();
    let mut pending = Pending::default();
    roster
        .apply(
            CharacterAction::Create {
                id: "ada".into(),
                system: System::Ix,
                name: "Ada".into(),
            },
            0,
        )
        .unwrap();
    pending.saved("ada");
    let store = Store::new(MemoryStore::new());
    store.flush(&roster, &mut pending, 0).unwrap();
    (store, roster, pending)
}

/// Types `notes` into Ada's sheet at `at` and saves.
fn note(
    store: &Store<MemoryStore>,
    roster: &mut Roster,
    pending: &mut Pending,
    notes: &str,
    at: u64,
) {
    roster
        .apply(
            CharacterAction::EditIx {
                id: "ada".into(),
                edit: IxEdit::SetText(Text::Notes, notes.into()),
            },
            at,
        )
        .unwrap();
    pending.saved("ada");
    store.flush(roster, pending, at).unwrap();
}

fn notes_of(text: &str) -> String {
    decode_character(text)
        .unwrap()
        .ix()
        .unwrap()
        .character
        .notes
        .clone()
}

fn kept_notes(store: &Store<MemoryStore>) -> Vec<String> {
    store
        .versions(&character_key("ada"))
        .unwrap()
        .iter()
        .map(|v| notes_of(&store.version_text(v).unwrap().unwrap()))
        .collect()
}

/// Storage used, as the quota counts it.
fn used_units(store: &Store<MemoryStore>) -> usize {
    let kv = store.backend();
    kv.keys()
        .unwrap()
        .iter()
        .map(|k| k.encode_utf16().count() + kv.get(k).unwrap().unwrap().encode_utf16().count())
        .sum()
}

#[test]
fn a_version_is_kept_at_most_every_five_minutes_holding_the_text_it_replaced() {
    let (store, mut roster, mut pending) = setup();
    note(&store, &mut roster, &mut pending, "a", MIN);
    note(&store, &mut roster, &mut pending, "ab", 2 * MIN);
    note(&store, &mut roster, &mut pending, "abc", 3 * MIN);
    // Only the first write of the burst kept a version: the blank sheet it replaced.
    assert_eq!(kept_notes(&store), [""]);
    note(
        &store,
        &mut roster,
        &mut pending,
        "abcd",
        MIN + HISTORY_EVERY_MS,
    );
    assert_eq!(kept_notes(&store), ["", "abc"]);
}

#[test]
fn twenty_versions_are_kept_newest_last() {
    let (store, mut roster, mut pending) = setup();
    for i in 1..=30u64 {
        note(
            &store,
            &mut roster,
            &mut pending,
            &format!("v{i}"),
            i * HISTORY_EVERY_MS,
        );
    }
    let kept = kept_notes(&store);
    assert_eq!(kept.len(), HISTORY_KEEP);
    // Version i+1 replaced the text of write i; the newest kept is the one before "v30".
    assert_eq!(kept.last().unwrap(), "v29");
    assert_eq!(kept.first().unwrap(), "v10");
}

#[test]
fn restore_goes_through_the_reducer_and_can_itself_be_undone() {
    let (store, mut roster, mut pending) = setup();
    note(&store, &mut roster, &mut pending, "the plan", MIN);
    note(
        &store,
        &mut roster,
        &mut pending,
        "",
        HISTORY_EVERY_MS + MIN,
    );
    let key = character_key("ada");
    let old = store.versions(&key).unwrap();
    let text = store.version_text(old.last().unwrap()).unwrap().unwrap();
    assert_eq!(notes_of(&text), "the plan");

    // Restore: keep what is stored now, then revert through the roster's reducer.
    let now = 2 * HISTORY_EVERY_MS;
    let before = store.keep_version(&key, now).unwrap().unwrap();
    let rev = roster.get("ada").unwrap().rev;
    roster
        .apply(
            CharacterAction::Revert {
                character: decode_character(&text).unwrap(),
            },
            now,
        )
        .unwrap();
    pending.saved("ada");
    store.flush(&roster, &mut pending, now).unwrap();
    let ada = roster.get("ada").unwrap();
    assert_eq!(ada.ix().unwrap().character.notes, "the plan");
    assert_eq!(
        ada.rev,
        rev + 1,
        "other tabs take the restore as the newest write"
    );

    // Undo: the version kept just before holds the emptied notes.
    let undo = store.version_text(&before).unwrap().unwrap();
    assert_eq!(notes_of(&undo), "");
    roster
        .apply(
            CharacterAction::Revert {
                character: decode_character(&undo).unwrap(),
            },
            now + 1,
        )
        .unwrap();
    assert_eq!(roster.get("ada").unwrap().ix().unwrap().character.notes, "");
}

#[test]
fn revert_refuses_a_character_not_on_the_roster_and_changes_nothing() {
    let (_, mut roster, _) = setup();
    let before = roster.clone();
    let stranger = Character::new("zed".into(), System::Ix, "Zed".into(), 1);
    assert!(
        roster
            .apply(
                CharacterAction::Revert {
                    character: stranger
                },
                5
            )
            .is_err()
    );
    assert_eq!(roster, before);
}

#[test]
fn history_never_costs_a_write_and_makes_room_from_its_own_oldest() {
    let (store, mut roster, mut pending) = setup();
    note(&store, &mut roster, &mut pending, "one", MIN);
    note(
        &store,
        &mut roster,
        &mut pending,
        "two",
        MIN + HISTORY_EVERY_MS,
    );
    assert_eq!(kept_notes(&store), ["", "one"]);
    // Room for the record's growth and barely more: the next version pushes out the oldest.
    store.backend().set_quota(Some(used_units(&store) + 20));
    note(
        &store,
        &mut roster,
        &mut pending,
        "three",
        MIN + 2 * HISTORY_EVERY_MS,
    );
    assert!(pending.is_empty(), "the record itself was written");
    let kept = kept_notes(&store);
    assert_eq!(
        kept.last().unwrap(),
        "two",
        "the newest version is the one replaced"
    );
    assert!(!kept.contains(&String::new()), "the oldest made room");

    // No room even for one version: the write still succeeds, with no version kept.
    let (store, mut roster, mut pending) = setup();
    store.backend().set_quota(Some(used_units(&store) + 40));
    roster
        .apply(
            CharacterAction::EditIx {
                id: "ada".into(),
                edit: IxEdit::SetText(Text::Notes, "x".repeat(10)),
            },
            MIN,
        )
        .unwrap();
    pending.saved("ada");
    assert_eq!(store.flush(&roster, &mut pending, MIN), Ok(()));
    assert!(store.versions(&character_key("ada")).unwrap().is_empty());
}

#[test]
fn a_full_store_refuses_the_record_and_keeps_no_version() {
    let (store, mut roster, mut pending) = setup();
    store.backend().set_quota(Some(10));
    roster
        .apply(
            CharacterAction::EditIx {
                id: "ada".into(),
                edit: IxEdit::SetText(Text::Notes, "lost?".into()),
            },
            MIN,
        )
        .unwrap();
    pending.saved("ada");
    assert_eq!(
        store.flush(&roster, &mut pending, MIN),
        Err(StorageError::Full)
    );
    assert!(store.versions(&character_key("ada")).unwrap().is_empty());
}

#[test]
fn tables_keep_versions_and_an_import_keeps_what_it_replaced() {
    let store = Store::new(MemoryStore::new());
    store
        .save_doc_text("exp-table", r#"{"schema":1,"players":3}"#, 0)
        .unwrap();
    store
        .save_doc_text("exp-table", r#"{"schema":1,"players":4}"#, MIN)
        .unwrap();
    let key = doc_key("exp-table");
    let v = store.versions(&key).unwrap();
    assert_eq!(v.len(), 1);
    assert_eq!(
        store.version_text(&v[0]).unwrap().unwrap(),
        r#"{"schema":1,"players":3}"#
    );

    // An import replacing Ann keeps her stored text as a version, whatever the time.
    let ann = Character::new("a".into(), System::Ix, "Ann".into(), 1);
    store.save_character(&ann).unwrap();
    let replaced = Character::new("a".into(), System::Ix, "Ann, replaced".into(), 2);
    store
        .import_all(
            &[],
            std::slice::from_ref(&replaced),
            vec!["a".into()],
            2 * MIN,
        )
        .unwrap();
    let v = store.versions(&character_key("a")).unwrap();
    assert_eq!(v.len(), 1);
    assert_eq!(store.version_text(&v[0]).unwrap().unwrap(), encode(&ann));
}

#[test]
fn versions_of_deleted_characters_go_but_those_of_set_aside_ones_stay() {
    let (store, mut roster, mut pending) = setup();
    note(&store, &mut roster, &mut pending, "one", MIN);
    let kv = store.backend();
    // Bo's record was set aside as damaged; Cy's was deleted.
    kv.set(&format!("{HISTORY_PREFIX}character/bo/5"), "{}")
        .unwrap();
    kv.set("satchel/v1/quarantine/9/character/bo", "{damaged")
        .unwrap();
    kv.set(&format!("{HISTORY_PREFIX}character/cy/5"), "{}")
        .unwrap();
    store.forget_history_of_missing().unwrap();
    let left: Vec<String> = kv
        .keys()
        .unwrap()
        .into_iter()
        .filter(|k| k.starts_with(HISTORY_PREFIX))
        .collect();
    assert_eq!(left.len(), 2, "{left:?}");
    assert!(left.iter().any(|k| k.contains("/bo/")));
    assert!(left.iter().any(|k| k.contains("/ada/")));
    let usage = store.history_usage().unwrap();
    assert_eq!((usage.versions, usage.records), (2, 2));
    store.clear_history().unwrap();
    assert_eq!(store.history_usage().unwrap().versions, 0);
    assert!(
        kv.get(&character_key("ada")).unwrap().is_some(),
        "records stay"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The change list is empty exactly when the two versions are equal (bookkeeping aside).
    #[test]
    fn changes_are_empty_exactly_when_nothing_differs(
        a in crate::import::json_value(),
        b in crate::import::json_value(),
    ) {
        let (ta, tb) = (a.to_string(), b.to_string());
        prop_assert!(changes(&ta, &ta).is_empty());
        let strip = |v: &serde_json::Value| {
            let mut v = v.clone();
            if let Some(o) = v.as_object_mut() {
                for k in ["rev", "updated_ms", "schema"] {
                    o.remove(k);
                }
            }
            v
        };
        prop_assert_eq!(changes(&ta, &tb).is_empty(), strip(&a) == strip(&b));
    }
}
