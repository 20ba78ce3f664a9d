//! The roll log: chaining, trimming, export and verification, and its storage record.

use satchel::model::{
    GENESIS, ROLLS_KEPT, RollLog, RollRecord, Verdict, entry_hash, verify_entries, verify_export,
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
            last: 5
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
    assert!(matches!(
        verify_export(&log.export_json()),
        Verdict::Intact { first: 2, .. }
    ));
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
            last: 6
        }
    );
    assert_eq!(
        verify_export(&RollLog::default().export_json()),
        Verdict::Intact {
            count: 0,
            first: 0,
            last: 0
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
