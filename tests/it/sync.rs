//! Between phones: revisions, the status update and its reducer (`model::sync`), and the
//! share link's Update. A player's device and the GM's are two rosters with their own device
//! ids; everything goes through the reducers the app dispatches to.

use proptest::prelude::*;
use satchel::model::exp_sheet::ExpEdit;
use satchel::model::ix_sheet::{IxEdit, Num, Text};
use satchel::model::sync::{
    Newness, Revision, STATUS_MAX_JSON, STATUS_QR_MAX_VERSION, STATUS_ROUTE, StatusError,
    StatusUpdate, StatusVitals, apply_status, qr_size, read_status_fragment, status_fragment,
};
use satchel::model::{
    Character, CharacterAction, ConflictChoice, ExportKind, ImportFile, REV_MAX, Roster,
    ShareError, System, apply_import, base64url_encode, decode_character, encode, merge_characters,
    next_rev, parse_import, plan_import, read_share_fragment, share_fragment,
};
use satchel::rules::ix::checks::Condition;

/// A GitHub Pages address with a project sub-path: the longest base a link usually has.
const BASE: &str = "https://a-longer-user-name.github.io/satchel/";

fn device(name: &str) -> Roster {
    Roster {
        device: name.into(),
        ..Roster::default()
    }
}

fn create(r: &mut Roster, id: &str, system: System, now: u64) -> Character {
    r.apply(
        CharacterAction::Create {
            id: id.into(),
            system,
            name: format!("Hero {id}"),
        },
        now,
    )
    .unwrap();
    r.get(id).unwrap().clone()
}

fn wound(r: &mut Roster, id: &str, wounds: i32, now: u64) {
    r.apply(
        CharacterAction::EditIx {
            id: id.into(),
            edit: IxEdit::Set(Num::Wounds, wounds),
        },
        now,
    )
    .unwrap();
}

/// The GM takes the player's whole character from its share link.
fn gm_adds(gm: &mut Roster, c: &Character) {
    let mut shared = satchel::model::read_share_fragment(&share_fragment(c).unwrap()).unwrap();
    shared.owner = Some(shared.device.clone());
    let file = ImportFile {
        kind: ExportKind::Character,
        app: String::new(),
        exported_ms: 0,
        characters: vec![shared],
        documents: vec![],
        left_out: vec![],
    };
    let plan = plan_import(gm, &[], &file);
    apply_import(gm, &plan, ConflictChoice::Replace, || "x".into(), 1).unwrap();
}

fn well_filled() -> Vec<Character> {
    parse_import(&std::fs::read_to_string("tests/fixtures/well-filled.json").unwrap())
        .unwrap()
        .characters
}

#[test]
fn every_change_moves_the_revision_and_names_the_device() {
    let mut phone = device("phone");
    let c = create(&mut phone, "v", System::Ix, 10);
    assert_eq!((c.rev, c.updated_ms, c.device.as_str()), (1, 10, "phone"));
    wound(&mut phone, "v", 5, 20);
    let c = phone.get("v").unwrap();
    assert_eq!((c.rev, c.updated_ms, c.device.as_str()), (2, 20, "phone"));
    phone
        .apply(
            CharacterAction::EditIx {
                id: "v".into(),
                edit: IxEdit::SetText(Text::Notes, "x".into()),
            },
            30,
        )
        .unwrap();
    assert_eq!(phone.get("v").unwrap().rev, 3);
    // A refused edit moves nothing.
    let before = phone.clone();
    assert!(
        phone
            .apply(
                CharacterAction::EditIx {
                    id: "v".into(),
                    edit: IxEdit::Set(Num::Wounds, 99),
                },
                40,
            )
            .is_err()
    );
    assert_eq!(phone, before);
}

#[test]
fn a_character_saved_before_revisions_still_loads() {
    let mut c = Character::new("old".into(), System::Expedition, "Old".into(), 5);
    c.device = "gone".into();
    let mut value: serde_json::Value = serde_json::from_str(&encode(&c)).unwrap();
    let record = value.as_object_mut().unwrap();
    for key in ["rev", "updated_ms", "device", "owner"] {
        record.remove(key);
    }
    let loaded = decode_character(&value.to_string()).unwrap();
    assert_eq!(
        (
            loaded.rev,
            loaded.updated_ms,
            loaded.device.as_str(),
            loaded.owner
        ),
        (0, 0, "", None)
    );
    assert_eq!(loaded.sheet, c.sheet);
    // And a new record leaves out what it does not use.
    let fresh = encode(&Character::new("n".into(), System::Ix, "N".into(), 1));
    assert!(!fresh.contains("\"device\"") && !fresh.contains("\"owner\""));
}

#[test]
fn a_status_update_reaches_the_gm_and_an_older_one_is_refused() {
    let mut phone = device("phone");
    let mut gm = device("gm");
    create(&mut phone, "v", System::Ix, 10);
    gm_adds(&mut gm, phone.get("v").unwrap());
    let copy = gm.get("v").unwrap().clone();
    assert_eq!(copy.owner.as_deref(), Some("phone"));
    assert_eq!(Revision::of(&copy), Revision::of(phone.get("v").unwrap()));

    let old = status_fragment(phone.get("v").unwrap());
    wound(&mut phone, "v", 6, 20);
    let new = read_status_fragment(&status_fragment(phone.get("v").unwrap())).unwrap();
    let saved = apply_status(&mut gm, &new).unwrap();
    let ix = saved.ix().unwrap();
    assert_eq!(ix.character.health.wounds, 6);
    assert_eq!((saved.rev, saved.updated_ms), (2, 20));
    assert_eq!(saved.owner.as_deref(), Some("phone"), "still the player's");
    assert_eq!(saved.name, copy.name);

    // The same update again, and the one before it, change nothing.
    let before = gm.clone();
    assert_eq!(apply_status(&mut gm, &new), Err(StatusError::Same));
    let old = read_status_fragment(&old).unwrap();
    assert_eq!(apply_status(&mut gm, &old), Err(StatusError::Older));
    assert_eq!(
        StatusError::Older.to_string(),
        "This update is older than your copy, so your copy was kept."
    );
    assert_eq!(gm, before);
}

#[test]
fn a_status_update_changes_only_the_status_fields() {
    let mut phone = device("phone");
    let mut gm = device("gm");
    let [ix, exp] = &well_filled()[..] else {
        panic!("two characters")
    };
    for c in [ix, exp] {
        phone.upsert(c.clone());
        gm_adds(&mut gm, c);
    }
    // The GM's copy is a mirror: the GM cannot write on it (the table may only ask for what
    // happens in play), and the player's gear change does not travel by status.
    let refused = gm.apply(
        CharacterAction::EditIx {
            id: ix.id.clone(),
            edit: IxEdit::SetText(Text::Notes, "GM's note".into()),
        },
        2,
    );
    assert!(refused.is_err_and(|e| e.to_string().contains("only the player")));
    phone
        .apply(
            CharacterAction::EditIx {
                id: ix.id.clone(),
                edit: IxEdit::Set(Num::Strain, 1),
            },
            3,
        )
        .unwrap();
    phone
        .apply(
            CharacterAction::EditIx {
                id: ix.id.clone(),
                edit: IxEdit::Set(Num::Strain, 0),
            },
            4,
        )
        .unwrap();
    let copy_before = gm.get(&ix.id).unwrap().clone();
    let update = StatusUpdate::of(phone.get(&ix.id).unwrap());
    let saved = apply_status(&mut gm, &update).unwrap();
    assert_eq!(saved.ix().unwrap().character.health.strain, 0);
    assert_eq!(
        saved.ix().unwrap().character.notes,
        ix.ix().unwrap().character.notes
    );
    assert_eq!(saved.sheet.gear(), copy_before.sheet.gear());

    phone
        .apply(
            CharacterAction::EditExpedition {
                id: exp.id.clone(),
                edit: ExpEdit::Hp(1),
            },
            5,
        )
        .unwrap();
    let saved = apply_status(&mut gm, &StatusUpdate::of(phone.get(&exp.id).unwrap())).unwrap();
    let s = saved.expedition().unwrap();
    assert_eq!(s.core.health.hp, 1);
    assert_eq!(s.core.purse.cash, exp.expedition().unwrap().core.purse.cash);
    assert_eq!(s.notes, exp.expedition().unwrap().notes);
}

#[test]
fn unusable_status_updates_are_refused_with_a_reason_and_change_nothing() {
    let mut phone = device("phone");
    let mut gm = device("gm");
    create(&mut phone, "v", System::Ix, 10);
    create(&mut phone, "e", System::Expedition, 10);
    gm_adds(&mut gm, phone.get("v").unwrap());
    gm_adds(&mut gm, phone.get("e").unwrap());
    wound(&mut phone, "v", 4, 20);
    let good = status_fragment(phone.get("v").unwrap());
    let before = gm.clone();
    let pack = |json: &str| {
        format!(
            "{STATUS_ROUTE}{}",
            base64url_encode(&miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9))
        )
    };
    let mut tampered = good.clone().into_bytes();
    let at = STATUS_ROUTE.len() + 6;
    tampered[at] = if tampered[at] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    let bomb = {
        let json = format!(
            r#"{{"i":"v","r":9,"t":9,"c":[{{"Other":"{}"}}]}}"#,
            "a".repeat(STATUS_MAX_JSON)
        );
        pack(&json)
    };
    let cases: Vec<(&str, String)> = vec![
        ("truncated", good[..good.len() - 5].to_string()),
        ("tampered", tampered),
        ("oversized", format!("{STATUS_ROUTE}{}", "A".repeat(5000))),
        ("bomb", bomb),
        (
            "another route",
            share_fragment(phone.get("v").unwrap()).unwrap(),
        ),
        (
            "a character under the status route",
            pack(&encode(phone.get("v").unwrap())),
        ),
        (
            "unknown key",
            pack(r#"{"i":"v","r":9,"t":9,"x":[1,1,1,1,false,false],"z":1}"#),
        ),
        (
            "both games",
            pack(r#"{"i":"v","r":9,"t":9,"x":[1,1,1,1,false,false],"e":[1,1,0,0,false,0]}"#),
        ),
        ("no game", pack(r#"{"i":"v","r":9,"t":9}"#)),
        (
            "odd id",
            pack(r#"{"i":"a b","r":9,"t":9,"e":[1,1,0,0,false,0]}"#),
        ),
        (
            "wrong game",
            pack(r#"{"i":"v","r":9,"t":9,"e":[1,1,0,0,false,0]}"#),
        ),
        (
            "not here",
            pack(r#"{"i":"nobody","r":9,"t":9,"e":[1,1,0,0,false,0]}"#),
        ),
        (
            "out of range",
            pack(r#"{"i":"v","r":9,"t":9,"x":[50,10,1,1,false,false]}"#),
        ),
        (
            "negative Cash",
            pack(r#"{"i":"e","r":9,"t":9,"e":[1,1,0,0,false,-3]}"#),
        ),
    ];
    for (what, fragment) in cases {
        let result = read_status_fragment(&fragment).and_then(|u| apply_status(&mut gm, &u));
        let Err(why) = result else {
            panic!("{what} was applied")
        };
        assert!(!why.to_string().is_empty(), "{what} says why");
        assert_eq!(gm, before, "{what} changed nothing");
    }
    // The reasons a GM reads for the common cases.
    let refused = |f: &str| read_status_fragment(f).and_then(|u| apply_status(&mut gm.clone(), &u));
    assert_eq!(
        refused(&format!("{STATUS_ROUTE}{}", "A".repeat(5000))),
        Err(StatusError::Link(ShareError::TooLong))
    );
    assert_eq!(
        refused(&pack(r#"{"i":"nobody","r":9,"t":9,"e":[1,1,0,0,false,0]}"#)),
        Err(StatusError::NotHere)
    );
    assert!(matches!(
        refused(&pack(
            r#"{"i":"v","r":9,"t":9,"x":[50,10,1,1,false,false]}"#
        )),
        Err(StatusError::OutOfRange(_))
    ));
    // The good one still goes through.
    assert!(apply_status(&mut gm, &read_status_fragment(&good).unwrap()).is_ok());
}

#[test]
fn a_shared_link_updates_with_its_own_revision_and_an_older_one_needs_replace() {
    let mut phone = device("phone");
    let mut gm = device("gm");
    create(&mut phone, "v", System::Ix, 10);
    gm_adds(&mut gm, phone.get("v").unwrap());
    let old = phone.get("v").unwrap().clone();
    wound(&mut phone, "v", 3, 20);
    let newer = phone.get("v").unwrap().clone();
    let file = |c: &Character| ImportFile {
        kind: ExportKind::Character,
        app: String::new(),
        exported_ms: 0,
        characters: vec![c.clone()],
        documents: vec![],
        left_out: vec![],
    };
    let plan = plan_import(&gm, &[], &file(&newer));
    apply_import(&mut gm, &plan, ConflictChoice::Update, || "x".into(), 99).unwrap();
    assert_eq!(Revision::of(gm.get("v").unwrap()), Revision::of(&newer));
    // Update refuses an older copy; nothing changes.
    let before = gm.clone();
    let plan = plan_import(&gm, &[], &file(&old));
    assert!(apply_import(&mut gm, &plan, ConflictChoice::Update, || "x".into(), 99).is_err());
    assert_eq!(gm, before);
    // The player's next status update still compares against the player's own revision.
    wound(&mut phone, "v", 2, 30);
    assert!(apply_status(&mut gm, &StatusUpdate::of(phone.get("v").unwrap())).is_ok());
}

#[test]
fn status_updates_of_the_fixture_characters_fit_a_version_10_qr_code() {
    for c in well_filled() {
        let link = format!("{BASE}{}", status_fragment(&c));
        let (version, modules) = qr_size(&link, qrcode::EcLevel::M).unwrap();
        let whole = format!("{BASE}{}", share_fragment(&c).unwrap());
        let whole_size = qr_size(&whole, qrcode::EcLevel::M);
        println!(
            "{} ({}): status link {} chars, QR version {version} ({modules} modules); whole link {} chars, QR {:?}",
            c.name,
            c.system().label(),
            link.len(),
            whole.len(),
            whole_size
        );
        assert!(
            version <= STATUS_QR_MAX_VERSION,
            "{}: version {version}",
            c.name
        );
        // At the dialog's default size (288 px, whole pixels, at least 3 a module).
        let side = modules + 8;
        assert!((288 / side).max(3) >= 3);
    }
}

fn arb_revision() -> impl Strategy<Value = Revision> {
    (0u64..5, 0u64..5, prop::sample::select(vec!["", "a", "b"])).prop_map(|(rev, ms, d)| Revision {
        rev,
        updated_ms: ms,
        device: d.into(),
    })
}

fn arb_vitals() -> impl Strategy<Value = StatusVitals> {
    prop_oneof![
        (
            -20i32..20,
            0i32..20,
            0i32..20,
            0i32..20,
            any::<bool>(),
            any::<bool>(),
            prop::collection::vec(
                prop_oneof![
                    Just(Condition::Frightened),
                    Just(Condition::Demoralized),
                    "[a-zé ]{0,12}".prop_map(Condition::Other)
                ],
                0..3
            )
        )
            .prop_map(|(w, wm, s, sm, stab, owed, conditions)| StatusVitals::Ix {
                wounds: w,
                wounds_max: wm,
                strain: s,
                strain_max: sm,
                stabilised: stab,
                critical_owed: owed,
                conditions,
            }),
        (
            0u32..30,
            0u32..30,
            0u32..9,
            0u32..3,
            any::<bool>(),
            0u32..500
        )
            .prop_map(|(hp, max_hp, bonus_hp, pending, dead, cash)| {
                StatusVitals::Expedition {
                    hp,
                    max_hp,
                    bonus_hp,
                    pending_down_and_out: pending,
                    dead,
                    cash,
                }
            }),
    ]
}

proptest! {
    /// Two copies compare the same way from either side: newer one way is older the other.
    #[test]
    fn newer_and_older_are_antisymmetric(a in arb_revision(), b in arb_revision()) {
        let there = a.compare(&b);
        let back = b.compare(&a);
        let expected = match there {
            Newness::Newer => Newness::Older,
            Newness::Older => Newness::Newer,
            Newness::Same => Newness::Same,
        };
        prop_assert_eq!(back, expected);
        prop_assert_eq!(there == Newness::Same, a == b);
        prop_assert_eq!(a.compare(&a), Newness::Same);
    }

    /// Whatever the fields, an update reads back exactly as it was sent.
    #[test]
    fn a_status_update_survives_its_link(vitals in arb_vitals(), rev in 0u64..1_000_000, ms in 0u64..u64::MAX, dev in "[0-9a-f]{0,16}") {
        let mut c = Character::new(
            "k3j4h5g6f7d8s9a0".into(),
            match vitals { StatusVitals::Ix { .. } => System::Ix, _ => System::Expedition },
            "Round trip".into(),
            1,
        );
        c.rev = rev;
        c.updated_ms = ms;
        c.device = dev;
        let sent = StatusUpdate { vitals, ..StatusUpdate::of(&c) };
        let fragment = status_fragment_of(&sent);
        prop_assert_eq!(read_status_fragment(&fragment), Ok(sent));
    }
}

/// The link of an arbitrary update: built from a character carrying exactly its fields.
fn status_fragment_of(u: &StatusUpdate) -> String {
    let system = match u.vitals {
        StatusVitals::Ix { .. } => System::Ix,
        StatusVitals::Expedition { .. } => System::Expedition,
    };
    let mut c = Character::new(u.id.clone(), system, "x".into(), 1);
    c.rev = u.revision.rev;
    c.updated_ms = u.revision.updated_ms;
    c.device = u.revision.device.clone();
    let mut sheet = (*c.sheet).clone();
    match (&mut sheet, &u.vitals) {
        (
            satchel::model::Sheet::Ix(s),
            StatusVitals::Ix {
                wounds,
                wounds_max,
                strain,
                strain_max,
                stabilised,
                critical_owed,
                conditions,
            },
        ) => {
            let h = &mut s.character.health;
            (h.wounds, h.wounds_max, h.strain, h.strain_max, h.stabilised) =
                (*wounds, *wounds_max, *strain, *strain_max, *stabilised);
            s.critical_owed = *critical_owed;
            s.character.conditions.clone_from(conditions);
        }
        (
            satchel::model::Sheet::Expedition(s),
            StatusVitals::Expedition {
                hp,
                max_hp,
                bonus_hp,
                pending_down_and_out,
                dead,
                cash,
            },
        ) => {
            let h = &mut s.core.health;
            (h.hp, h.max_hp, h.bonus_hp, h.pending_down_and_out, h.dead) =
                (*hp, *max_hp, *bonus_hp, *pending_down_and_out, *dead);
            s.core.purse.cash = *cash;
        }
        _ => unreachable!(),
    }
    c.sheet = sheet.into();
    status_fragment(&c)
}

/// A character as stored, with its revision set to `rev`.
fn stored_with_rev(rev: u64) -> String {
    let mut value: serde_json::Value = serde_json::from_str(&encode(&Character::new(
        "vex".into(),
        System::Ix,
        "Vex".into(),
        1,
    )))
    .unwrap();
    value["rev"] = rev.into();
    value.to_string()
}

/// A revision past 2^53 - 1 is refused at every door a character comes in by (storage, a file,
/// a share link, a status update), with the number in the reason; the ceiling itself is taken.
#[test]
fn a_revision_past_the_ceiling_is_refused_at_every_door() {
    assert_eq!(REV_MAX, 9_007_199_254_740_991);
    let huge = stored_with_rev(u64::MAX);
    let why = decode_character(&huge).unwrap_err().to_string();
    assert_eq!(
        why,
        "the saved data is damaged (its revision 18446744073709551615 is past the highest Satchel counts to, 9007199254740991)"
    );
    assert!(decode_character(&stored_with_rev(REV_MAX + 1)).is_err());
    assert_eq!(
        decode_character(&stored_with_rev(REV_MAX)).map(|c| c.rev),
        Ok(REV_MAX)
    );

    let file = serde_json::json!({"format": "satchel-export", "version": 1, "app": "x",
        "exported_ms": 0, "kind": "character",
        "characters": [serde_json::from_str::<serde_json::Value>(&huge).unwrap()]});
    let refused = parse_import(&file.to_string()).unwrap_err().to_string();
    assert!(
        refused.starts_with("Character 1 in the file cannot be imported: the saved data is damaged (its revision 18446744073709551615"),
        "{refused}"
    );

    let link = format!(
        "#/share/{}",
        base64url_encode(&miniz_oxide::deflate::compress_to_vec(huge.as_bytes(), 9))
    );
    assert!(matches!(
        read_share_fragment(&link),
        Err(ShareError::Character(_))
    ));

    let mut gm = device("gm");
    let copy = create(&mut gm, "vex", System::Ix, 1);
    let mut crafted = copy.clone();
    crafted.rev = u64::MAX;
    let before = gm.clone();
    let refused = read_status_fragment(&status_fragment(&crafted)).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "This update has a value Satchel cannot use (revision 18446744073709551615 is past the highest Satchel counts to, 9007199254740991); nothing was changed."
    );
    assert_eq!(gm, before);
}

/// Every step that moves a revision on stops at the ceiling instead of wrapping to 0 (which made
/// the newest copy look the oldest): a merge, an edit, a replacing import. What it writes is
/// still readable at the door.
#[test]
fn revisions_never_wrap_and_stay_readable() {
    let mut r = device("phone");
    let base = create(&mut r, "vex", System::Ix, 1);
    let mut mine = base.clone();
    mine.name = "Vex the Bold".into();
    mine.rev = u64::MAX;
    mine.updated_ms = 5;
    let mut theirs = base.clone();
    theirs.rev = REV_MAX;
    theirs.updated_ms = 4;
    let merged = merge_characters(&base, &mine, &theirs).unwrap();
    assert_eq!(merged.character.rev, REV_MAX);
    assert_eq!(
        decode_character(&encode(&merged.character)).map(|c| c.rev),
        Ok(REV_MAX)
    );

    let mut at_ceiling = base.clone();
    at_ceiling.rev = REV_MAX;
    r.upsert(at_ceiling.clone());
    wound(&mut r, "vex", 2, 9);
    assert_eq!(r.get("vex").unwrap().rev, REV_MAX);
    assert_eq!(next_rev(REV_MAX - 1), REV_MAX);
    assert_eq!(next_rev(u64::MAX), REV_MAX);

    let file = ImportFile {
        kind: ExportKind::Character,
        app: String::new(),
        exported_ms: 0,
        characters: vec![at_ceiling],
        documents: vec![],
        left_out: vec![],
    };
    let plan = plan_import(&r, &[], &file);
    apply_import(&mut r, &plan, ConflictChoice::Replace, || "z".into(), 10).unwrap();
    assert_eq!(r.get("vex").unwrap().rev, REV_MAX);
}
