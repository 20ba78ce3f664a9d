//! The roll log: chaining, trimming, export and verification, and its storage record.

use satchel::model::{
    GENESIS, ROLLS_KEPT, RollEntry, RollLog, RollRecord, VERIFY_MAX_BYTES, Verdict, entry_hash,
    find_code, short_code, verify_entries, verify_export,
};
use satchel::storage::{KeyValue, MemoryStore, ROLLS_KEY, RollStore, RollsProblem};

fn record(i: u64) -> RollRecord {
    RollRecord {
        time_ms: 1_700_000_000_000 + i,
        character_id: i.is_multiple_of(2).then(|| "abc".to_string()),
        character: i.is_multiple_of(2).then(|| "Vex".to_string()),
        mode: "Ix".into(),
        label: format!("Check {i}"),
        pool: "2 Ability vs 1 Trial".into(),
        faces: vec!["Ability die: Success".into(), "Trial die: blank".into()],
        outcome: "Success".into(),
        seal: None,
    }
}

fn log_of(n: u64) -> RollLog {
    let mut log = RollLog::default();
    for i in 1..=n {
        log.append(record(i));
    }
    log
}

#[test]
fn entries_chain_from_genesis() {
    let log = log_of(5);
    assert_eq!(log.entries[0].prev, GENESIS);
    assert_eq!(log.entries[0].seq, 1);
    for w in log.entries.windows(2) {
        assert_eq!(w[1].prev, w[0].hash);
        assert_eq!(w[1].seq, w[0].seq + 1);
    }
    for e in &log.entries {
        assert_eq!(e.hash, entry_hash(e.seq, &e.record, &e.prev));
        assert_eq!(e.hash.len(), 64);
    }
    assert_eq!(log.head(), log.entries[4].hash);
    assert_eq!(
        verify_entries(&log.entries),
        Verdict::Intact {
            count: 5,
            first: 1,
            last: 5,
            from_start: true,
            head: log.head().to_string(),
        }
    );
}

#[test]
fn hash_is_stable_and_sensitive() {
    let a = entry_hash(1, &record(1), GENESIS);
    assert_eq!(a, entry_hash(1, &record(1), GENESIS));
    assert_ne!(a, entry_hash(2, &record(1), GENESIS));
    let mut r = record(1);
    r.outcome = "Failure".into();
    assert_ne!(a, entry_hash(1, &r, GENESIS));
}

#[test]
fn keeps_the_newest_thousand_and_stays_verifiable() {
    let mut log = log_of(ROLLS_KEPT as u64);
    assert_eq!(log.append(record(9999)), 1);
    assert_eq!(log.entries.len(), ROLLS_KEPT);
    assert_eq!(log.entries[0].seq, 2);
    assert_eq!(
        log.entries.last().map(|e| e.seq),
        Some(ROLLS_KEPT as u64 + 1)
    );
    // Intact, but the file says it no longer starts at the log's first roll.
    let verdict = verify_export(&log.export_json());
    assert!(matches!(
        verdict,
        Verdict::Intact {
            first: 2,
            from_start: false,
            ..
        }
    ));
    assert!(
        verdict
            .words()
            .contains("does not start at the log's first roll: roll #1 is not in this file"),
        "{}",
        verdict.words()
    );
}

fn tamper(log: &RollLog, f: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(&log.export_json()).unwrap();
    f(&mut v);
    v.to_string()
}

#[test]
fn export_round_trips_and_verifies() {
    let log = log_of(6);
    assert_eq!(
        verify_export(&log.export_json()),
        Verdict::Intact {
            count: 6,
            first: 1,
            last: 6,
            from_start: true,
            head: log.head().to_string(),
        }
    );
    assert_eq!(
        verify_export(&RollLog::default().export_json()),
        Verdict::Intact {
            count: 0,
            first: 0,
            last: 0,
            from_start: true,
            head: GENESIS.to_string(),
        }
    );
}

#[test]
fn an_edited_entry_is_found() {
    let log = log_of(6);
    let text = tamper(&log, |v| {
        v["entries"][3]["record"]["outcome"] = "Failure".into()
    });
    assert_eq!(
        verify_export(&text),
        Verdict::Edited {
            position: 4,
            seq: 4
        }
    );
    let text = tamper(&log, |v| {
        v["entries"][0]["record"]["faces"][0] = "Ability die: two Successes".into()
    });
    assert_eq!(
        verify_export(&text),
        Verdict::Edited {
            position: 1,
            seq: 1
        }
    );
}

#[test]
fn an_edited_and_rehashed_entry_is_found_by_its_neighbour() {
    let log = log_of(6);
    let mut entries = log.entries.clone();
    entries[2].record.outcome = "Failure, 3 Banes".into();
    entries[2].hash = entry_hash(entries[2].seq, &entries[2].record, &entries[2].prev);
    assert_eq!(
        verify_entries(&entries),
        Verdict::Edited {
            position: 3,
            seq: 3
        }
    );
}

#[test]
fn a_removed_entry_is_found() {
    let log = log_of(6);
    let text = tamper(&log, |v| {
        v["entries"].as_array_mut().unwrap().remove(2);
        v["count"] = 5.into();
    });
    assert_eq!(
        verify_export(&text),
        Verdict::Removed {
            position: 3,
            after_seq: 2
        }
    );
    // The last entry removed: only the head and count in the file show it.
    let text = tamper(&log, |v| {
        v["entries"].as_array_mut().unwrap().pop();
    });
    assert_eq!(
        verify_export(&text),
        Verdict::Removed {
            position: 6,
            after_seq: 5
        }
    );
}

#[test]
fn an_inserted_entry_is_found() {
    let log = log_of(6);
    let mut entries = log.entries.clone();
    // A forged roll claiming to follow entry 3, with a correct hash of its own.
    let prev = entries[2].hash.clone();
    let mut forged = entries[3].clone();
    forged.record.outcome = "Success, 4 Boons".into();
    forged.prev = prev;
    forged.hash = entry_hash(forged.seq, &forged.record, &forged.prev);
    entries.insert(3, forged);
    assert_eq!(
        verify_entries(&entries),
        Verdict::Inserted {
            position: 4,
            seq: 4
        }
    );
}

#[test]
fn other_files_are_refused_in_words() {
    assert!(matches!(verify_export("not json"), Verdict::Unreadable(_)));
    assert!(matches!(
        verify_export(r#"{"format":"other","schema":1,"count":0,"head":"","entries":[]}"#),
        Verdict::Unreadable(_)
    ));
    assert!(
        verify_export("[]")
            .words()
            .contains("not a Satchel roll log")
    );
}

#[test]
fn text_export_lists_every_roll() {
    let log = log_of(3);
    let text = log.export_text(|ms| ms.to_string());
    assert!(text.starts_with("Satchel roll log: 3 rolls"));
    assert_eq!(text.matches("\n#").count(), 3);
    assert!(text.contains("Vex: Check 2"));
}

#[test]
fn storage_round_trip_and_damage() {
    let store = RollStore::new(MemoryStore::new());
    let kv = store.backend();
    let (empty, problem) = store.load(1);
    assert!(empty.entries.is_empty() && problem.is_none());
    let log = log_of(3);
    store.save(&log).unwrap();
    assert_eq!(store.load(2), (log, None));

    kv.set(ROLLS_KEY, "{not json").unwrap();
    let (log, problem) = store.load(3);
    assert!(log.entries.is_empty());
    assert!(matches!(
        problem,
        Some(RollsProblem::Damaged {
            moved_to: Some(_),
            ..
        })
    ));
    assert_eq!(
        kv.get("satchel/v1/quarantine/3/rolls").unwrap().as_deref(),
        Some("{not json")
    );
    assert_eq!(kv.get(ROLLS_KEY).unwrap(), None);
    assert!(store.writable());
}

#[test]
fn a_newer_log_is_never_overwritten() {
    let store = RollStore::new(MemoryStore::new());
    let kv = store.backend();
    let raw = r#"{"schema":99,"entries":[]}"#;
    kv.set(ROLLS_KEY, raw).unwrap();
    let (_, problem) = store.load(1);
    assert_eq!(problem, Some(RollsProblem::Newer { found: 99 }));
    assert!(store.save(&log_of(1)).is_err());
    assert_eq!(kv.get(ROLLS_KEY).unwrap().as_deref(), Some(raw));
}

#[test]
fn a_full_store_is_reported() {
    let store = RollStore::new(MemoryStore::with_quota(100));
    assert!(store.save(&log_of(5)).is_err());
}

#[test]
fn a_file_with_its_oldest_rolls_cut_is_intact_but_not_from_the_start() {
    let log = log_of(6);
    let text = tamper(&log, |v| {
        v["entries"].as_array_mut().unwrap().drain(..2);
        v["count"] = 4.into();
    });
    let verdict = verify_export(&text);
    assert_eq!(
        verdict,
        Verdict::Intact {
            count: 4,
            first: 3,
            last: 6,
            from_start: false,
            head: log.head().to_string(),
        }
    );
    assert_eq!(
        verdict.words(),
        format!(
            "The chain is intact: 4 rolls, #3 to #6, but it does not start at the log's first roll: rolls #1 to #2 are not in this file (the log keeps the newest {ROLLS_KEPT}, or they were cut). Its head code is {}.",
            &log.head()[..12]
        )
    );
    // The whole file names where it starts.
    assert!(
        verify_export(&log.export_json())
            .words()
            .contains("#1 to #6, from the log's first roll")
    );
}

#[test]
fn swapped_rolls_are_reported_as_swapped() {
    let log = log_of(6);
    let mut middle = log.entries.clone();
    middle.swap(2, 3);
    let verdict = verify_entries(&middle);
    assert_eq!(
        verdict,
        Verdict::Swapped {
            position: 3,
            seq: 4
        }
    );
    assert_eq!(
        verdict.words(),
        "Entries 3 and 4 were swapped: roll #4 comes before roll #3."
    );
    let mut start = log.entries.clone();
    start.swap(0, 1);
    assert_eq!(
        verify_entries(&start),
        Verdict::Swapped {
            position: 1,
            seq: 2
        }
    );
    let mut end = log.entries.clone();
    end.swap(4, 5);
    assert_eq!(
        verify_entries(&end),
        Verdict::Swapped {
            position: 5,
            seq: 6
        }
    );
}

#[test]
fn a_file_over_the_size_limit_is_refused_before_parsing() {
    let huge = format!(
        "{{\"format\":\"{}\"}}",
        "x".repeat(VERIFY_MAX_BYTES as usize)
    );
    let verdict = verify_export(&huge);
    assert!(matches!(verdict, Verdict::Unreadable(_)));
    assert!(verdict.words().contains("an exported log is under 4 MB"));
    // A full log of 1,000 rolls is far inside the limit.
    assert!((log_of(ROLLS_KEPT as u64).export_json().len() as u64) < VERIFY_MAX_BYTES / 4);
}

#[test]
fn a_noted_head_code_is_found_in_a_later_export() {
    let mut log = log_of(4);
    let noted = short_code(log.head()).to_string();
    assert_eq!(noted.len(), 12);
    log.append(record(5));
    log.append(record(6));
    assert_eq!(find_code(&log.entries, &noted), Some(4));
    assert_eq!(find_code(&log.entries, &noted.to_uppercase()), Some(4));
    // Too short or not hex: no match rather than a guess.
    assert_eq!(find_code(&log.entries, &noted[..4]), None);
    assert_eq!(find_code(&log.entries, "zzzzzzzzzzzz"), None);
    // A code from another log is not in this one.
    assert_eq!(find_code(&log_of(2).entries, &noted), None);
}

/// The four rolls of `tests/fixtures/roll-log-v1.json`, a log exported by this version: an Ix
/// check for a named character, a plain roll for nobody, an Expedition test whose label has
/// quotes, a dash and a backslash, and a sealed receipt.
fn fixture_records() -> Vec<RollRecord> {
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        RollRecord {
            time_ms: 1_733_580_000_000,
            character_id: Some("k3x9".into()),
            character: Some("Æsa Vey".into()),
            mode: "Ix".into(),
            label: "Lore check".into(),
            pool: "2 Ability, 1 Mastery vs 2 Trial".into(),
            faces: strings(&[
                "Ability die: Success",
                "Ability die: blank",
                "Mastery die: Success and Boon",
                "Trial die: Failure",
                "Trial die: blank",
            ]),
            outcome: "Success, 1 Boon".into(),
            seal: None,
        },
        RollRecord {
            time_ms: 1_733_580_042_500,
            character_id: None,
            character: None,
            mode: "Plain".into(),
            label: String::new(),
            pool: "2d6".into(),
            faces: strings(&["d6: 3", "d6: 5"]),
            outcome: "8".into(),
            seal: None,
        },
        RollRecord {
            time_ms: 1_733_580_101_000,
            character_id: Some("r00k".into()),
            character: Some("Rook".into()),
            mode: "Expedition".into(),
            label: "Open the \"red\" door \u{2014} wet C:\\stone".into(),
            pool: "4 dice vs Ob 2".into(),
            faces: strings(&[
                "d6: 4, success",
                "d6: 1",
                "d6: 6, success",
                "d6: 5, success",
            ]),
            outcome: "Pass by 1. 3 of 4 dice succeeded against Ob 2.".into(),
            seal: None,
        },
        RollRecord {
            time_ms: 1_733_580_200_000,
            character_id: None,
            character: Some("Rook".into()),
            mode: "Ix".into(),
            label: "Pick the lock".into(),
            pool: "2 Ability, 1 Mastery vs 1 Trial, 1 Crisis".into(),
            faces: strings(&[
                "Ability die: Boon",
                "Ability die: Success",
                "Mastery die: Breakthrough",
                "Trial die: blank",
                "Crisis die: Failure and Bane",
            ]),
            outcome: "Success, 1 Breakthrough (sealed, verified)".into(),
            seal: None,
        },
    ]
}

/// SHA-256 of each fixture entry, worked out with Python's hashlib (and `sha256sum` for the
/// second) over the exact bytes the chain hashes, the compact JSON
/// `{"seq":2,"record":{"time_ms":1733580042500,"character_id":null,"character":null,"mode":"Plain","label":"","pool":"2d6","faces":["d6: 3","d6: 5"],"outcome":"8"},"prev":"5884…ab1d"}`,
/// never with the code under test.
const FIXTURE_HASHES: [&str; 4] = [
    "5884d312d3138c02f67a0713a0289c195f7690faed4c09859fb5709197ecab1d",
    "f6fe04608bb3ae2b3a63303ee54844d333d22a9b016253a5fa42d00e334741a9",
    "c992579c17ba53e9f82b25a2ffb6fe4e41164466a8eecae94d1abb22a8ae6744",
    "0f0f5213d383bd9b9ba5e15e1a5e00c6f86415d5e3448c23d963351ad59a89a1",
];

/// A log exported before a change must still verify after it: a change to what the chain
/// hashes (field order, escaping, the hash itself) fails here, not on every player's old file.
#[test]
fn a_log_exported_today_keeps_its_known_hashes_and_verifies() {
    let file = include_str!("../fixtures/roll-log-v1.json");
    // The fixture is what this version's export writes for these rolls, byte for byte.
    let mut log = RollLog::default();
    for r in fixture_records() {
        log.append(r);
    }
    assert_eq!(log.export_json(), file);
    let hashes: Vec<&str> = log.entries.iter().map(|e| e.hash.as_str()).collect();
    assert_eq!(hashes, FIXTURE_HASHES);
    assert_eq!(log.entries[0].prev, GENESIS);
    for (e, want) in log.entries.iter().zip(FIXTURE_HASHES) {
        assert_eq!(
            entry_hash(e.seq, &e.record, &e.prev),
            want,
            "roll #{}",
            e.seq
        );
    }
    let verdict = verify_export(file);
    assert_eq!(
        verdict,
        Verdict::Intact {
            count: 4,
            first: 1,
            last: 4,
            from_start: true,
            head: FIXTURE_HASHES[3].to_string(),
        }
    );
    assert_eq!(
        verdict.words(),
        "The chain is intact: 4 rolls, #1 to #4, from the log's first roll. Its head code is 0f0f5213d383."
    );
}

/// A chained entry numbered `seq` after `prev`, as a file could carry it.
fn entry(seq: u64, i: u64, prev: &str) -> RollEntry {
    RollEntry {
        seq,
        record: record(i),
        prev: prev.to_string(),
        hash: entry_hash(seq, &record(i), prev),
    }
}

/// Roll numbers come from a stored log or a file: one at `u64::MAX` is checked, never wrapped to
/// 0 (which would make the next roll look like the log's first) and never a panic.
#[test]
fn roll_numbers_at_the_top_of_the_range_neither_wrap_nor_panic() {
    let first = entry(u64::MAX - 1, 1, GENESIS);
    let last = entry(u64::MAX, 2, &first.hash);
    let chain = vec![first.clone(), last.clone()];
    assert_eq!(
        verify_entries(&chain),
        Verdict::Intact {
            count: 2,
            first: u64::MAX - 1,
            last: u64::MAX,
            from_start: false,
            head: last.hash.clone(),
        }
    );
    // A roll 0 linked after roll u64::MAX does not follow it.
    let wrapped = entry(0, 3, &last.hash);
    assert_eq!(
        verify_entries(&[first, last.clone(), wrapped]),
        Verdict::Inserted {
            position: 3,
            seq: 0
        }
    );
    let mut log = RollLog {
        entries: chain,
        ..RollLog::default()
    };
    log.append(record(4));
    assert_eq!(log.entries[2].seq, u64::MAX);
    assert_eq!(log.entries[2].prev, last.hash);
}

#[test]
fn a_seal_rolled_on_this_device_is_found_and_no_other_record_carries_one() {
    let mut log = RollLog::default();
    let mut sealed = record(1);
    sealed.seal = Some("0123456789abcdef0123456789abcdef".into());
    log.append(record(0));
    log.append(sealed.clone());
    assert_eq!(
        log.rolled_seal("0123456789abcdef0123456789abcdef")
            .map(|e| &e.record),
        Some(&sealed)
    );
    assert!(
        log.rolled_seal("ffffffffffffffffffffffffffffffff")
            .is_none()
    );
    // A record without a seal hashes as before the field existed.
    let text = serde_json::to_string(&record(0)).unwrap();
    assert!(!text.contains("seal"), "{text}");
}
