//! Import is validate-first and all-or-nothing, whatever the bytes (property tests), and old
//! files keep importing.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::model::doc_types::{DEVICE_ONLY, DOC_TYPES};
use satchel::model::exp_table::{EXP_TABLE_DOC, EXP_TABLE_SCHEMA, ExpTable};
use satchel::model::sealed::{
    Receipt, SENT_DOC, SENT_SCHEMA, SealedCheck, SealedPool, SentChecks, SentEdit, Verdict,
    roll_sealed,
};
use satchel::model::{
    Character, ConflictChoice, DocError, EXPORT_FORMAT, ExportKind, ImportError, NamedDoc,
    Proposal, Roster, System, apply_import, doc_label, export_file, parse_import, plan_import,
};
use satchel::storage::{KeyValue, MemoryStore, Problem, Store, doc_key};

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

/// An everything-file carrying `documents` and no characters.
fn file_with_documents(documents: serde_json::Value) -> String {
    serde_json::json!({"format": EXPORT_FORMAT, "version": 1, "app": "x", "exported_ms": 0,
        "kind": "everything", "characters": [], "documents": documents})
    .to_string()
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/doc-{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A referee's table seats 1 to 20 players. A crafted one with 9999 was imported (and sized
/// every "number appearing" roll from it); now the file is refused with the field and the
/// range, and a stored one is set aside whole, byte for byte, as any damaged record is.
#[test]
fn a_table_with_players_out_of_range_is_refused_at_the_door() {
    let table = |players: u32| {
        let mut t: serde_json::Value = serde_json::from_str(&fixture("exp-table")).unwrap();
        t["players"] = players.into();
        t
    };
    for players in [9999, 0, 21] {
        let raw =
            file_with_documents(serde_json::json!([{"name": "exp-table", "doc": table(players)}]));
        let err = parse_import(&raw).unwrap_err();
        assert!(
            matches!(&err, ImportError::UnreadableDocument { name, .. } if name == "exp-table"),
            "{err:?}"
        );
        let words = err.to_string();
        assert!(
            words.starts_with(&format!(
                "The Expedition referee's table in the file cannot be imported: the saved data is damaged (players is {players}, but it must be between 1 and 20"
            )),
            "{words}"
        );
        assert!(words.ends_with("Nothing was imported."), "{words}");
    }
    for players in [1, 20] {
        let raw =
            file_with_documents(serde_json::json!([{"name": "exp-table", "doc": table(players)}]));
        assert_eq!(parse_import(&raw).map(|f| f.documents.len()), Ok(1));
    }

    let store = Store::new(MemoryStore::new());
    let stored = table(9999).to_string();
    store
        .backend()
        .set(&doc_key(EXP_TABLE_DOC), &stored)
        .unwrap();
    let (doc, problem) = store.load_doc::<ExpTable>(EXP_TABLE_DOC, EXP_TABLE_SCHEMA, 7);
    assert!(doc.is_none());
    assert!(
        matches!(problem, Some(Problem::Quarantined { .. })),
        "{problem:?}"
    );
    assert_eq!(store.quarantined().unwrap()[0].raw, stored);
}

/// A file's `sealed-checks` is read by its own decoder like every document (damaged or newer
/// refuses the file, with the reason) and is never written: the GM's pending checks stay, and
/// a seal planted in the file cannot make this device verify a check it never sent.
#[test]
fn an_import_never_replaces_the_gms_sealed_checks() {
    let newer = file_with_documents(
        serde_json::json!([{"name": "sealed-checks", "doc": {"schema": 99, "checks": []}}]),
    );
    assert_eq!(
        parse_import(&newer).unwrap_err().to_string(),
        "The sealed checks sent from this device in the file cannot be imported: it was saved by a newer version of Satchel (data version 99; this one reads up to 1). Nothing was imported."
    );
    let damaged = file_with_documents(
        serde_json::json!([{"name": "sealed-checks", "doc": {"schema": 1, "checks": "planted"}}]),
    );
    let words = parse_import(&damaged).unwrap_err().to_string();
    assert!(
        words.starts_with("The sealed checks sent from this device in the file cannot be imported: the saved data is damaged ("),
        "{words}"
    );

    // The GM's device has sent one check; the file plants another seal beside a table.
    let gm_check = SealedCheck::new(
        Proposal::Expedition {
            label: "Climb the wall".into(),
            ob: 3,
            why: Vec::new(),
        },
        1_733_580_000_000,
        &mut ChaCha8Rng::seed_from_u64(7),
    );
    let mut gm = SentChecks::default();
    gm.apply(SentEdit::Sent(gm_check)).unwrap();
    let store = Store::new(MemoryStore::new());
    store.save_doc(SENT_DOC, &gm).unwrap();
    let planted: serde_json::Value = serde_json::from_str(&fixture("sealed-checks")).unwrap();
    let raw = file_with_documents(serde_json::json!([
        {"name": "exp-table", "doc": serde_json::from_str::<serde_json::Value>(&fixture("exp-table")).unwrap()},
        {"name": "sealed-checks", "doc": planted.clone()},
    ]));
    let file = parse_import(&raw).unwrap();
    let names: Vec<&str> = file.documents.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["exp-table"]);
    assert_eq!(file.left_out, ["sealed-checks"]);
    store.import_all(&file.documents, &[], vec![], 9).unwrap();
    // Even handed the document itself, the store does not write it.
    let smuggled = NamedDoc {
        name: SENT_DOC.into(),
        doc: planted,
    };
    store.import_all(&[smuggled], &[], vec![], 10).unwrap();
    let (kept, problem) = store.load_doc::<SentChecks>(SENT_DOC, SENT_SCHEMA, 11);
    assert_eq!((kept.as_ref(), problem), (Some(&gm), None));

    // A receipt for the planted seal is one this device never sent.
    let planted_check = SealedCheck {
        seal: "0123456789abcdef0123456789abcdef".into(),
        proposal: Proposal::Expedition {
            label: "Climb the wall".into(),
            ob: 3,
            why: Vec::new(),
        },
        sent_ms: 1_733_580_000_000,
    };
    let pool = SealedPool::Expedition {
        dice: 4,
        ob: 3,
        free: 0,
    };
    let receipt = Receipt::of(
        &planted_check,
        "Rook",
        &roll_sealed(&planted_check, &pool).unwrap(),
    );
    let opened = kept.unwrap().open(&receipt);
    assert_eq!(
        (opened.verdict, opened.first_time),
        (Verdict::NeverSent, false)
    );
}

/// Every type that implements `NamedDocument` is in the registry with a decoder, and has a
/// fixture that decoder reads; the same decoder refuses its newer and damaged versions. A new
/// document type fails here until it has both.
#[test]
fn every_document_type_has_a_decoder_and_a_fixture() {
    fn impls_in(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                impls_in(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for line in text.lines().filter(|l| l.contains("NamedDocument for ")) {
                    found.push(format!("{}: {}", path.display(), line.trim()));
                }
            }
        }
    }
    let mut impls = Vec::new();
    impls_in(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut impls,
    );
    assert_eq!(impls.len(), DOC_TYPES.len(), "{impls:#?}");

    let mut documents = Vec::new();
    for t in DOC_TYPES {
        let text = fixture(t.name);
        assert_eq!((t.read)(&text), Ok(()), "{}", t.name);
        let mut newer: serde_json::Value = serde_json::from_str(&text).unwrap();
        newer["schema"] = 99.into();
        assert!(
            matches!(
                (t.read)(&newer.to_string()),
                Err(DocError::Newer { found: 99, .. })
            ),
            "{}",
            t.name
        );
        assert!(
            matches!((t.read)("{\"schema\":1,"), Err(DocError::Malformed(_))),
            "{}",
            t.name
        );
        assert_eq!(doc_label(t.name), t.label);
        documents.push(serde_json::json!({"name": t.name, "doc": serde_json::from_str::<serde_json::Value>(&text).unwrap()}));
    }
    for name in DEVICE_ONLY {
        assert!(DOC_TYPES.iter().any(|t| t.name == name), "{name}");
    }
    // A file carrying one of each imports every kind a file may replace, and leaves out the rest.
    let file = parse_import(&file_with_documents(documents.into())).unwrap();
    let imported: Vec<&str> = file.documents.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(imported, ["ix-session", "ix-table", "exp-table", "party"]);
    assert_eq!(file.left_out, ["sealed-checks", "table-link"]);
}
