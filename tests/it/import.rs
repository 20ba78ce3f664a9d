//! Import is validate-first and all-or-nothing, whatever the bytes (property tests), and old
//! files keep importing.

use proptest::prelude::*;
use satchel::model::{
    Character, ConflictChoice, EXPORT_FORMAT, ExportKind, ImportError, Roster, System,
    apply_import, export_file, parse_import, plan_import,
};

pub(crate) fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f)
            .map(serde_json::Value::Number)
            .unwrap_or(serde_json::Value::Null)),
        "\\PC{0,20}".prop_map(serde_json::Value::from),
        prop_oneof![
            Just("ix"),
            Just("expedition"),
            Just("schema"),
            Just("id"),
            Just("name")
        ]
        .prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::from),
            prop::collection::btree_map(
                prop_oneof![
                    Just("schema".to_string()),
                    Just("id".to_string()),
                    Just("system".to_string()),
                    Just("name".to_string()),
                    Just("rev".to_string()),
                    "[a-z]{1,6}",
                ],
                inner,
                0..6
            )
            .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

fn roster() -> Roster {
    Roster {
        characters: vec![
            Character::new("a".into(), System::Ix, "Ann".into(), 1),
            Character::new("b".into(), System::Expedition, "Bo".into(), 1),
        ],
        ..Roster::default()
    }
}

/// Either a clean import or a refusal with a message; applying never half-applies.
fn check(raw: &str) -> Result<(), TestCaseError> {
    match parse_import(raw) {
        Err(e) => prop_assert!(!e.to_string().is_empty()),
        Ok(file) => {
            for choice in [ConflictChoice::Replace, ConflictChoice::KeepBoth] {
                let mut r = roster();
                let before = r.clone();
                let plan = plan_import(&r, &[], &file);
                let mut n = 0;
                match apply_import(
                    &mut r,
                    &plan,
                    choice,
                    || {
                        n += 1;
                        format!("new{n}")
                    },
                    5,
                ) {
                    Ok(written) => {
                        prop_assert_eq!(written.len(), file.characters.len());
                        for c in &written {
                            prop_assert_eq!(r.get(&c.id), Some(c));
                        }
                    }
                    Err(_) => prop_assert_eq!(&r, &before),
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(raw in "\\PC{0,300}") {
        check(&raw)?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        check(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn arbitrary_json_in_a_satchel_envelope_never_panics(
        characters in prop::collection::vec(json_value(), 0..5),
        version in 0u64..4,
    ) {
        let raw = serde_json::json!({
            "format": EXPORT_FORMAT,
            "version": version,
            "app": "fuzz",
            "exported_ms": 0,
            "kind": "everything",
            "characters": characters,
        });
        check(&raw.to_string())?;
    }

    #[test]
    fn arbitrary_json_anywhere_never_panics(value in json_value()) {
        check(&value.to_string())?;
    }

    /// Whatever names and ids a valid file carries, export then import gives them back.
    #[test]
    fn exports_import_back_exactly(names in prop::collection::vec("\\PC{1,40}", 1..6)) {
        let chars: Vec<Character> = names
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.trim().is_empty())
            .map(|(i, n)| Character::new(format!("id{i}"), System::Ix, n.trim().to_string(), 3))
            .collect();
        prop_assume!(!chars.is_empty());
        let raw = export_file(ExportKind::Everything, &chars, &[], "t", 1);
        prop_assert_eq!(parse_import(&raw).map(|f| f.characters), Ok(chars));
    }
}

#[test]
fn the_version_1_export_fixture_imports() {
    let raw = include_str!("../fixtures/export-v1.json");
    let file = parse_import(raw).unwrap();
    assert_eq!(file.kind, ExportKind::Everything);
    let names: Vec<_> = file.characters.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Vex Arrandi", "<img src=x onerror=alert(1)>"]);
}

#[test]
fn hostile_and_empty_files_are_refused_with_reasons() {
    assert!(matches!(parse_import(""), Err(ImportError::NotJson(_))));
    let empty = format!(
        r#"{{"format":"{EXPORT_FORMAT}","version":1,"app":"x","exported_ms":0,"kind":"everything","characters":[]}}"#
    );
    assert_eq!(parse_import(&empty), Err(ImportError::Empty));
    let deep = "[".repeat(10_000);
    assert!(matches!(parse_import(&deep), Err(ImportError::NotJson(_))));
}

mod share_links {
    use proptest::prelude::*;
    use satchel::model::{
        Character, System, base64url_decode, base64url_encode, read_proposal_fragment,
        read_share_fragment, share_fragment,
    };

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// A fragment is untrusted: any text is either a valid character or a refusal.
        #[test]
        fn any_fragment_is_refused_or_valid(tail in "\\PC{0,200}", b64 in "[A-Za-z0-9_-]{0,300}") {
            for fragment in [format!("#/share/{tail}"), format!("#/share/{b64}"), tail.clone()] {
                match read_share_fragment(&fragment) {
                    Ok(c) => prop_assert!(!c.name.trim().is_empty()),
                    Err(e) => prop_assert!(!e.to_string().is_empty()),
                }
                let as_pool = fragment.replacen("#/share/", "#/pool/", 1);
                if let Err(e) = read_proposal_fragment(&as_pool) {
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }

        #[test]
        fn base64url_round_trips(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
            prop_assert_eq!(base64url_decode(&base64url_encode(&bytes)), Some(bytes));
        }

        #[test]
        fn shared_characters_come_back_exactly(name in "\\PC{1,120}", ix in any::<bool>()) {
            prop_assume!(!name.trim().is_empty());
            let system = if ix { System::Ix } else { System::Expedition };
            let c = Character::new("id1".into(), system, name.trim().to_string(), 7);
            prop_assert_eq!(share_fragment(&c).and_then(|f| read_share_fragment(&f)), Ok(c));
        }
    }
}

/// Ids from a file are used in addresses (`#/c/<id>`): one with `/`, `%` or a space would list
/// on the roster and then open "Character not found". Such ids are rewritten, the same way
/// each time, into ids an address carries.
#[test]
fn imported_ids_that_cannot_stand_in_an_address_are_rewritten_stably() {
    use satchel::model::{ID_MAX_CHARS, is_routable_id, routable_id};
    let mut characters = Vec::new();
    for (i, id) in ["a/b", "50%", "with space", "ok-id_1", &"x/".repeat(40)]
        .into_iter()
        .enumerate()
    {
        let mut c = Character::new(id.to_string(), System::Ix, format!("C{i}"), 1);
        c.id = id.to_string();
        characters.push(c);
    }
    let raw = export_file(ExportKind::Everything, &characters, &[], "x", 1);
    let file = parse_import(&raw).unwrap();
    let ids: Vec<&str> = file.characters.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids[0], "a_2fb");
    assert_eq!(ids[1], "50_25");
    assert_eq!(ids[2], "with_20space");
    assert_eq!(ids[3], "ok-id_1", "a good id is kept");
    assert_eq!(ids[4].len(), ID_MAX_CHARS);
    for id in &ids {
        assert!(is_routable_id(id), "{id}");
    }
    // Stable: the same file imported again finds the same characters.
    let again = parse_import(&raw).unwrap();
    assert_eq!(again.characters, file.characters);
    // Different bad ids stay different.
    assert_ne!(routable_id("a b"), routable_id("a%b"));
    assert_ne!(routable_id(&"é".repeat(40)), routable_id(&"ê".repeat(40)));
    // Nothing else about the character changes.
    assert_eq!(file.characters[0].name, "C0");
}

proptest! {
    #[test]
    fn any_id_becomes_routable(id in "\\PC{0,80}") {
        let safe = satchel::model::routable_id(&id);
        prop_assert!(satchel::model::is_routable_id(&safe), "{:?} -> {:?}", id, safe);
        prop_assert_eq!(&satchel::model::routable_id(&safe), &safe);
    }
}
