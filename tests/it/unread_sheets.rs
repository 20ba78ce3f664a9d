//! The roster holds each sheet as its stored text until something reads it (`SheetDoc`,
//! issue 20): start-up loads names and games only, `Store::check` reads and checks every sheet
//! later, and nothing about a sheet is lost or changed by not reading it.

use proptest::prelude::*;
use satchel::model::ix_sheet::IxEdit;
use satchel::model::{
    BLANK_NAME, CHARACTER_SCHEMA, Character, CharacterAction, DocError, Roster, Sheet, SheetDoc,
    System, decode, decode_character, decode_current, encode,
};

use satchel::rules::ix::stats::Characteristic;
use satchel::storage::{KeyValue, Problem, character_key};

use super::storage::store_with;

/// A stored character whose sheet says `sheet` (JSON) in place of its own.
fn with_sheet_text(c: &Character, sheet: &str) -> String {
    let mut value: serde_json::Value = serde_json::from_str(&encode(c)).unwrap();
    value["sheet"] = serde_json::from_str(sheet).unwrap();
    value.to_string()
}

#[test]
fn an_unread_sheet_saves_back_exactly_as_it_was_stored() {
    let c = Character::new("a".into(), System::Ix, "Vex".into(), 1);
    let text = encode(&c);
    let loaded = decode_character(&text).unwrap();
    assert_eq!(loaded.system(), System::Ix);
    assert_eq!(encode(&loaded), text);
    assert_eq!(loaded, c);
}

#[test]
fn the_game_is_known_without_reading_the_sheet_and_an_unknown_game_is_refused() {
    let c = Character::new("a".into(), System::Expedition, "Rook".into(), 1);
    let loaded = decode_character(&encode(&c)).unwrap();
    assert_eq!(loaded.system(), System::Expedition);
    let chess = with_sheet_text(&c, r#"{"chess": {}}"#);
    assert!(decode_character(&chess).is_err());
}

#[test]
fn an_edit_reencodes_the_text_and_a_refused_edit_changes_nothing() {
    let mut roster = Roster::default();
    roster
        .apply(
            CharacterAction::Create {
                id: "a".into(),
                system: System::Ix,
                name: "Vex".into(),
            },
            1,
        )
        .unwrap();
    let before = encode(&roster.characters[0]);
    // Read back from storage: the sheet is text again, unread.
    roster.characters[0] = decode_character(&before).unwrap();
    roster
        .apply(
            CharacterAction::EditIx {
                id: "a".into(),
                edit: IxEdit::Characteristic(Characteristic::Might, 3),
            },
            2,
        )
        .unwrap();
    let after = encode(&roster.characters[0]);
    let reread = decode_character(&after).unwrap();
    assert_eq!(
        reread
            .ix()
            .unwrap()
            .character
            .characteristics
            .get(Characteristic::Might),
        3
    );
    // A refused edit (out of range) leaves the text as it was.
    let refused = roster.apply(
        CharacterAction::EditIx {
            id: "a".into(),
            edit: IxEdit::Characteristic(Characteristic::Might, 99),
        },
        3,
    );
    assert!(refused.is_err());
    assert_eq!(encode(&roster.characters[0]), after);
}

#[test]
fn a_sheet_that_does_not_fit_its_game_is_set_aside_by_the_check_not_by_the_load() {
    let fine = Character::new("a".into(), System::Ix, "Fine".into(), 1);
    let bad = Character::new("b".into(), System::Ix, "Bent".into(), 1);
    let store = store_with(&[fine.clone(), bad.clone()]);
    let raw = with_sheet_text(&bad, r#"{"ix": {"character": "not a character"}}"#);
    store.backend().set(&character_key("b"), &raw).unwrap();

    // Start-up's load lists both: it reads names and games only.
    let mut unread = store.load_unread(5).unwrap();
    assert_eq!(unread.roster.characters.len(), 2);
    assert!(unread.problems.is_empty());

    // The check reads every sheet: the bad one is set aside, byte for byte.
    let problems = store.check(&mut unread.roster, 5);
    assert_eq!(unread.roster.ids(), ["a"]);
    let [Problem::Quarantined { moved_to, .. }] = problems.as_slice() else {
        panic!("expected one quarantine, got {problems:?}")
    };
    assert_eq!(
        store.backend().get(moved_to).unwrap().as_deref(),
        Some(raw.as_str())
    );
    assert_eq!(store.backend().get(&character_key("b")).unwrap(), None);

    // `load` is both at once, as before.
    let again = store_with(&[fine, bad]);
    again.backend().set(&character_key("b"), &raw).unwrap();
    let loaded = again.load(6).unwrap();
    assert_eq!(loaded.roster.ids(), ["a"]);
    assert!(matches!(
        loaded.problems.as_slice(),
        [Problem::Quarantined { .. }]
    ));
}

/// The fixtures of each earlier schema, with the id each is stored under.
const OUTDATED: [(&str, &str); 3] = [
    (
        "0f3c9a7e12b45d68",
        include_str!("../fixtures/character-v1.json"),
    ),
    ("vex-v2", include_str!("../fixtures/character-v2-ix.json")),
    (
        "mara-v2",
        include_str!("../fixtures/character-v2-expedition.json"),
    ),
];

#[test]
fn start_up_reads_current_records_only_and_names_the_version_of_an_older_one() {
    for (_, raw) in OUTDATED {
        let found = if raw.contains("\"schema\":1") { 1 } else { 2 };
        assert_eq!(
            decode_current(raw).unwrap_err(),
            DocError::Outdated { found },
            "{raw}"
        );
        // The full decoder brings the same record up to date.
        assert_eq!(decode_character(raw).unwrap().schema, CHARACTER_SCHEMA);
    }
    let c = Character::new("a".into(), System::Ix, "Vex".into(), 1);
    assert_eq!(decode_current(&encode(&c)).unwrap(), c);
}

#[test]
fn a_documents_version_is_read_from_its_text_whatever_else_it_holds() {
    let no_version = DocError::Malformed("no data version".into());
    let index = |raw: &str| decode::<satchel::model::Index>(raw, 1);
    assert_eq!(index(r#"{"characters":[]}"#).unwrap_err(), no_version);
    assert_eq!(
        index(r#"{"schema":"1","characters":[]}"#).unwrap_err(),
        no_version
    );
    assert_eq!(
        index(r#"{"schema":-1,"characters":[]}"#).unwrap_err(),
        no_version
    );
    assert_eq!(
        index(r#"{"schema":1.5,"characters":[]}"#).unwrap_err(),
        no_version
    );
    assert_eq!(index("[1, 2]").unwrap_err(), no_version);
    assert_eq!(
        index(r#"{"schema":5000000000}"#).unwrap_err(),
        DocError::Malformed("data version out of range".into())
    );
    // Not JSON at all: the parser's own words, as before.
    let DocError::Malformed(why) = index(r#"{"schema":1,"#).unwrap_err() else {
        panic!("expected a damaged record")
    };
    assert!(why.contains("line 1"), "{why}");
    // A newer document is known as newer whatever its shape.
    assert_eq!(
        index(r#"{"schema":9,"whatever":{"x":[1,2,{"y":null}]}}"#).unwrap_err(),
        DocError::Newer {
            found: 9,
            supported: 1
        }
    );
    assert_eq!(
        index(r#"{"characters":["b","a"],"schema":1}"#)
            .unwrap()
            .characters,
        ["b", "a"]
    );
}

#[test]
fn the_check_brings_older_records_up_to_date_each_in_its_place() {
    let first = Character::new("first".into(), System::Ix, "First".into(), 1);
    let middle = Character::new("middle".into(), System::Expedition, "Middle".into(), 1);
    let last = Character::new("last".into(), System::Ix, "Last".into(), 1);
    let store = store_with(&[first.clone(), middle.clone(), last.clone()]);
    for (id, raw) in OUTDATED {
        store.backend().set(&character_key(id), raw).unwrap();
    }
    // The roster's order puts the older records between the current ones.
    let order = [
        "0f3c9a7e12b45d68",
        "first",
        "vex-v2",
        "middle",
        "mara-v2",
        "last",
    ];
    store
        .save_index(order.iter().map(|s| s.to_string()).collect())
        .unwrap();

    let mut unread = store.load_unread(5).unwrap();
    assert_eq!(unread.roster.ids(), ["first", "middle", "last"]);
    assert!(unread.problems.is_empty() && unread.locked.is_empty());
    assert!(store.has_outdated());

    let problems = store.check(&mut unread.roster, 5);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(unread.roster.ids(), order);
    assert!(!store.has_outdated());
    for (id, raw) in OUTDATED {
        // As the full decoder reads it, and still stored as it was until it is next saved.
        assert_eq!(unread.roster.get(id), Some(&decode_character(raw).unwrap()));
        assert_eq!(
            store.backend().get(&character_key(id)).unwrap().as_deref(),
            Some(raw)
        );
    }
    // `load` does both, as before.
    let loaded = store.load(6).unwrap();
    assert_eq!(loaded.roster.ids(), order);
    assert_eq!(loaded.roster, unread.roster);
}

#[test]
fn an_older_record_that_cannot_be_brought_up_to_date_is_set_aside_by_the_check() {
    let fine = Character::new("a".into(), System::Ix, "Fine".into(), 1);
    let store = store_with(&[fine]);
    // Schema 2 with no game named: nothing to migrate it to.
    let raw = r#"{"schema":2,"id":"old","name":"Lost","rev":1,"updated_ms":1}"#;
    store.backend().set(&character_key("old"), raw).unwrap();
    let mut unread = store.load_unread(5).unwrap();
    assert_eq!(unread.roster.ids(), ["a"]);
    assert!(unread.problems.is_empty());
    let problems = store.check(&mut unread.roster, 5);
    assert_eq!(unread.roster.ids(), ["a"]);
    let [Problem::Quarantined { moved_to, .. }] = problems.as_slice() else {
        panic!("expected one quarantine, got {problems:?}")
    };
    assert_eq!(store.backend().get(moved_to).unwrap().as_deref(), Some(raw));
    assert_eq!(store.backend().get(&character_key("old")).unwrap(), None);
}

#[test]
fn a_damaged_sheet_read_anyway_is_never_written_over() {
    let c = Character::new("b".into(), System::Ix, "Bent".into(), 1);
    let raw = with_sheet_text(&c, r#"{"ix": {"character": 7}}"#);
    let mut loaded = decode_character(&raw).unwrap();
    assert!(loaded.sheet.try_sheet().is_err());
    let text = loaded.sheet.text().to_string();
    let _ = loaded.sheet.edit(|s| -> Result<(), ()> {
        *s = Sheet::new(System::Ix, "Overwritten");
        Ok(())
    });
    assert_eq!(loaded.sheet.text(), text);
}

#[test]
fn clones_share_one_reading() {
    let c = Character::new("a".into(), System::Ix, "Vex".into(), 1);
    let loaded = decode_character(&encode(&c)).unwrap();
    let copy = loaded.clone();
    let first: *const Sheet = &*loaded.sheet;
    let second: *const Sheet = &*copy.sheet;
    assert_eq!(
        first, second,
        "the copy reads the same sheet, not a second decoding"
    );
}

#[test]
fn the_same_sheet_written_in_another_key_order_is_equal() {
    let c = Character::new("a".into(), System::Expedition, "Rook".into(), 1);
    let sorted: serde_json::Value = serde_json::from_str(&encode(&c)).unwrap();
    // serde_json's Value keeps keys sorted: a different text for the same sheet.
    let resorted = decode_character(&sorted.to_string()).unwrap();
    assert_ne!(resorted.sheet.text(), c.sheet.text());
    assert_eq!(resorted.sheet, c.sheet);
    assert_eq!(SheetDoc::from((*c.sheet).clone()), c.sheet);
}

/// The blank sheets' templates (`src/model/blank/`) are what the encoder writes for a new
/// character's sheet. Run with `SATCHEL_BLESS=1` to rewrite them after changing a blank sheet.
#[test]
fn a_new_characters_sheet_is_written_as_the_encoder_writes_it() {
    for game in System::ALL {
        let expected = encode(&Sheet::new(game, "\u{0}")).replace("\"\\u0000\"", BLANK_NAME);
        let path = format!(
            "{}/src/model/blank/{}.json",
            env!("CARGO_MANIFEST_DIR"),
            game.slug()
        );
        if std::env::var_os("SATCHEL_BLESS").is_some() {
            // The template is compiled in: the next run checks what was written now.
            std::fs::write(&path, format!("{expected}\n")).unwrap();
            continue;
        }
        for name in [
            "Vex",
            "",
            "Zoë \"the Quick\" O'Hara",
            "back\\slash",
            "tab\there",
            "🎲 Mira",
            "$name",
        ] {
            let blank = SheetDoc::blank(game, name);
            assert_eq!(
                blank.text(),
                encode(&Sheet::new(game, name)),
                "{path} no longer matches a blank {game:?} sheet: run the tests with SATCHEL_BLESS=1",
            );
            assert_eq!(blank.system(), game);
            assert_eq!(*blank, Sheet::new(game, name));
            assert_eq!(blank.try_sheet(), Ok(&Sheet::new(game, name)));
        }
    }
}

proptest! {
    /// Any name a player types makes the same sheet through the template as through the encoder.
    #[test]
    fn any_name_makes_the_same_blank_sheet(name in "\\PC{0,40}", ix in any::<bool>()) {
        let game = if ix { System::Ix } else { System::Expedition };
        let blank = SheetDoc::blank(game, &name);
        prop_assert_eq!(blank.text(), encode(&Sheet::new(game, &name)));
        prop_assert_eq!(blank, SheetDoc::new(Sheet::new(game, &name)));
    }

    /// Whatever a sheet's values, reading it from its text gives the sheet that was saved.
    #[test]
    fn any_might_survives_the_text(might in 1i32..=6, name in "[A-Za-z][A-Za-z ]{0,19}") {
        let mut roster = Roster::default();
        roster.apply(CharacterAction::Create { id: "a".into(), system: System::Ix, name: name.clone() }, 1).unwrap();
        roster.apply(CharacterAction::EditIx { id: "a".into(), edit: IxEdit::Characteristic(Characteristic::Might, might) }, 2).unwrap();
        let c = &roster.characters[0];
        let back = decode_character(&encode(c)).unwrap();
        prop_assert_eq!(back.ix().unwrap(), c.ix().unwrap());
        prop_assert_eq!(&back, c);
    }
}
