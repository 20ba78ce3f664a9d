//! Nothing a player writes is locked away or silently half-applied: a sheet with a value out
//! of range (from a hand-edited file, a link or an old bug) stays editable and says what to
//! fix; links and files carrying one are refused with the reason.

use satchel::model::ix_sheet::IxEdit;
use satchel::model::{
    Character, CharacterAction, ExportKind, ImportError, Roster, SHARE_MAX_ENCODED, ShareError,
    Sheet, System, decode_character, encode, export_file, parse_import, read_share_fragment,
    share_fragment,
};
use satchel::rules::inventory::Item;
use satchel::rules::ix::stats::Characteristic;
use satchel::storage::{MemoryStore, Problem, Store};

/// An Ix character whose Might was set to 99 outside Satchel.
fn mighty() -> Character {
    let c = Character::new("vex".into(), System::Ix, "Vex".into(), 1);
    let mut v: serde_json::Value = serde_json::from_str(&encode(&c)).unwrap();
    v["sheet"]["ix"]["character"]["characteristics"]["might"] = 99.into();
    decode_character(&v.to_string()).expect("a value out of range still decodes")
}

fn edit(r: &mut Roster, edit: IxEdit) -> Result<(), String> {
    r.apply(
        CharacterAction::EditIx {
            id: "vex".into(),
            edit,
        },
        2,
    )
    .map(drop)
    .map_err(|e| e.to_string())
}

#[test]
fn a_sheet_with_a_value_out_of_range_is_kept_editable_and_can_be_mended() {
    let c = mighty();
    assert!(
        c.sheet.problems()[0].contains("Might"),
        "{:?}",
        c.sheet.problems()
    );
    // Stored, it loads with a notice that names the character and the value.
    let store = Store::new(MemoryStore::new());
    store.save_character(&c).unwrap();
    store.save_index(vec!["vex".into()]).unwrap();
    let loaded = store.load(0).unwrap();
    assert_eq!(loaded.roster.characters, vec![c.clone()]);
    let notice = loaded
        .problems
        .iter()
        .find(|p| matches!(p, Problem::OutOfRange { .. }))
        .expect("the user is told")
        .to_string();
    assert!(
        notice.starts_with("Vex has a value out of range (") && notice.contains("Might"),
        "{notice}"
    );

    // Edits that leave the old problem alone go through; one that adds a problem does not.
    let mut r = loaded.roster;
    edit(&mut r, IxEdit::Characteristic(Characteristic::Intellect, 4)).unwrap();
    let before = r.clone();
    let err = edit(&mut r, IxEdit::Characteristic(Characteristic::Agility, 9)).unwrap_err();
    assert!(err.contains("Agility"), "{err}");
    assert_eq!(r, before);
    // Mending the value itself clears the problem.
    edit(&mut r, IxEdit::Characteristic(Characteristic::Might, 3)).unwrap();
    assert!(r.get("vex").unwrap().sheet.problems().is_empty());
}

#[test]
fn links_and_files_carrying_a_value_out_of_range_are_refused_with_the_reason() {
    let c = mighty();
    let err = read_share_fragment(&share_fragment(&c).unwrap()).unwrap_err();
    assert!(matches!(err, ShareError::OutOfRange(_)), "{err:?}");
    assert!(err.to_string().contains("Might"), "{err}");
    let good = Character::new("ann".into(), System::Expedition, "Ann".into(), 1);
    let raw = export_file(ExportKind::Everything, &[good, c], &[], "x", 1);
    let err = parse_import(&raw).unwrap_err();
    assert!(
        matches!(err, ImportError::OutOfRange { position: 1, .. }),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .starts_with("Character 2 in the file has a value"),
        "{err}"
    );
}

/// A character whose gear names no compressor can shrink, `items` of them.
fn packed_with(items: usize) -> Character {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut c = Character::new("big".into(), System::Ix, "Big".into(), 1);
    let _ = c.sheet.edit(|sheet| -> Result<(), ()> {
        let Sheet::Ix(sheet) = sheet else {
            unreachable!("made as an Ix character")
        };
        for _ in 0..items {
            let name: String = (0..40)
                .map(|_| char::from(rng.sample(rand::distr::Alphanumeric)))
                .collect();
            sheet.gear.carriers[0].items.push(Item::mouth_sized(&name));
        }
        Ok(())
    });
    c
}

#[test]
fn a_character_too_big_for_a_link_is_never_offered_one() {
    // Every link offered opens; one that would not is refused when made, with the way out.
    let small = packed_with(50);
    assert_eq!(
        read_share_fragment(&share_fragment(&small).unwrap()),
        Ok(small)
    );
    let err = share_fragment(&packed_with(600)).unwrap_err();
    assert!(
        matches!(err, ShareError::TooBigToShare { bytes } if bytes > SHARE_MAX_ENCODED),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("a link carries at most 16 KB). Export it from the roster"),
        "{err}"
    );
}

/// Vex's record with a higher revision and one sheet field (`strain_max`) taken out: what a
/// crafted link or file carries to replace the good copy with one that cannot be opened.
fn crafted(good: &Character) -> Character {
    let mut v: serde_json::Value = serde_json::from_str(&encode(good)).unwrap();
    v["rev"] = (good.rev + 5).into();
    let health = v["sheet"]["ix"]["character"]["health"]
        .as_object_mut()
        .expect("an Ix sheet has its health");
    assert!(health.remove("strain_max").is_some());
    decode_character(&v.to_string()).expect("the roster's fields still decode")
}

#[test]
fn a_record_whose_sheet_cannot_be_opened_is_refused_at_every_door() {
    let good = Character::new("vex".into(), System::Ix, "Vex".into(), 1);
    let bad = crafted(&good);
    let why = bad.sheet.check().unwrap_err();
    assert!(why.contains("strain_max"), "{why}");
    // Its values are not what is wrong: the blank sheet it reads as has none out of range.
    assert!(bad.sheet.problems().is_empty());

    // A share link: refused with the reason, so "newer than yours" is never offered.
    let err = read_share_fragment(&share_fragment(&bad).unwrap()).unwrap_err();
    assert!(matches!(err, ShareError::OutOfRange(_)), "{err:?}");
    assert!(err.to_string().contains("strain_max"), "{err}");

    // A file: the whole import is refused, whatever it would replace.
    let raw = export_file(
        ExportKind::Everything,
        std::slice::from_ref(&bad),
        &[],
        "x",
        1,
    );
    let err = parse_import(&raw).unwrap_err();
    assert!(
        matches!(err, ImportError::OutOfRange { position: 0, .. }),
        "{err:?}"
    );

    // Two tabs' copies merged: the unreadable one never wins a field; the good copy is kept.
    let mut mine = good.clone();
    mine.name = "Vex the Bold".into();
    mine.rev += 1;
    let merged = satchel::model::merge_characters(&good, &mine, &bad).expect("settled");
    assert!(merged.character.sheet.check().is_ok());
    assert_eq!(merged.character.name, "Vex the Bold");
}
