//! Two tabs changing one character at the same moment: each write stores the whole character,
//! so a write made without the other tab's latest change used to carry the old value of every
//! field that tab had not touched. Two `Store`s over one shared `MemoryStore` stand for two
//! tabs over one localStorage. Each test here failed before the per-field merge.

use std::rc::Rc;

use proptest::prelude::*;
use satchel::model::ix_sheet::{IxEdit, Num, Text};
use satchel::model::{
    Character, CharacterAction, Roster, System, decode_character, encode, merge_characters,
};
use satchel::storage::{KeyValue, MemoryStore, Pending, Store, character_key};

type Tab = Store<Rc<MemoryStore>>;

/// One localStorage, two tabs that have both loaded one Ix character ("v").
fn two_tabs() -> (Tab, Tab, Roster, Roster) {
    let shared = Rc::new(MemoryStore::new());
    let first = Store::new(shared.clone());
    let mut roster = Roster::default();
    roster
        .apply(
            CharacterAction::Create {
                id: "v".into(),
                system: System::Ix,
                name: "Vex".into(),
            },
            1_000,
        )
        .unwrap();
    first.flush(&roster, &mut saving("v"), 1_000).unwrap();
    let second = Store::new(shared);
    let a = first.load(1_000).unwrap().roster;
    let b = second.load(1_000).unwrap().roster;
    (first, second, a, b)
}

fn saving(id: &str) -> Pending {
    Pending {
        save: [id.to_string()].into(),
        index: true,
        ..Pending::default()
    }
}

fn edit(roster: &mut Roster, edit: IxEdit, now_ms: u64) {
    roster
        .apply(
            CharacterAction::EditIx {
                id: "v".into(),
                edit,
            },
            now_ms,
        )
        .unwrap();
}

fn harm_strain(n: i32) -> IxEdit {
    IxEdit::Harm {
        strain: true,
        n,
        from_attack: false,
    }
}

/// The character as stored now.
fn stored(tab: &Tab) -> Character {
    tab.load(0).unwrap().roster.get("v").unwrap().clone()
}

fn strain(c: &Character) -> i32 {
    c.ix().unwrap().character.health.strain
}

fn notes(c: &Character) -> String {
    c.ix().unwrap().character.notes.clone()
}

/// Writes `roster` from `tab`, returning the settled characters it reports.
fn write(tab: &Tab, roster: &Roster, now_ms: u64) -> Vec<satchel::model::Merged> {
    let mut merged = Vec::new();
    tab.flush_settling(roster, &mut saving("v"), now_ms, &mut merged)
        .unwrap();
    merged
}

#[test]
fn a_write_after_another_tabs_write_to_other_fields_keeps_both() {
    let (tab_a, tab_b, mut a, mut b) = two_tabs();
    let full = strain(a.get("v").unwrap());
    edit(&mut a, harm_strain(2), 2_000);
    assert!(write(&tab_a, &a, 2_000).is_empty(), "nothing to settle yet");
    // Tab B has not heard of A's write when it saves its notes.
    edit(
        &mut b,
        IxEdit::SetText(Text::Notes, "Owes the ferryman".into()),
        2_100,
    );
    let merged = write(&tab_b, &b, 2_100);
    assert_eq!(merged.len(), 1);
    assert!(merged[0].conflicts.is_empty(), "{:?}", merged[0].conflicts);
    assert_eq!(
        merged[0].sentence(),
        "Vex was changed in another tab at the same moment; both changes are kept."
    );
    let now = stored(&tab_a);
    assert_eq!(strain(&now), full - 2, "A's Strain survived B's write");
    assert_eq!(notes(&now), "Owes the ferryman");
    assert_eq!(now, merged[0].character, "what B shows is what is stored");
    // A hears of B's write: it is newer than A's own, so A takes it as it is.
    let (reloaded, settled) = tab_a.reload(&a, &Pending::default(), 2_200).unwrap();
    assert!(settled.is_empty());
    assert_eq!(reloaded.roster.get("v"), Some(&now));
}

#[test]
fn the_same_field_changed_in_both_keeps_the_later_change_and_says_so() {
    let (tab_a, tab_b, mut a, mut b) = two_tabs();
    edit(&mut a, IxEdit::SetText(Text::Notes, "mine".into()), 2_000);
    edit(&mut a, harm_strain(1), 2_000);
    write(&tab_a, &a, 2_000);
    edit(
        &mut b,
        IxEdit::SetText(Text::Notes, "theirs, later".into()),
        2_500,
    );
    let merged = write(&tab_b, &b, 2_500);
    assert_eq!(merged[0].conflicts, ["sheet.ix.character.notes"]);
    assert_eq!(
        merged[0].sentence(),
        "Vex was changed in another tab at the same moment. Both changes are kept, except notes (changed in both): the later change is kept, and History has the other."
    );
    let now = stored(&tab_a);
    assert_eq!(notes(&now), "theirs, later");
    // The notes that gave way are in History, whatever the time since the last version.
    let kept: Vec<String> = tab_b
        .versions(&character_key("v"))
        .unwrap()
        .iter()
        .filter_map(|v| tab_b.backend().get(&v.key).unwrap())
        .filter_map(|text| decode_character(&text).ok())
        .map(|c| notes(&c))
        .collect();
    assert!(kept.contains(&"mine".to_string()), "{kept:?}");
    assert_eq!(
        strain(&now),
        strain(a.get("v").unwrap()),
        "the field only A changed is A's"
    );
}

#[test]
fn a_write_that_landed_over_ours_unseen_is_settled_when_we_hear_of_it() {
    let (tab_a, tab_b, mut a, mut b) = two_tabs();
    edit(&mut a, harm_strain(3), 2_000);
    write(&tab_a, &a, 2_000);
    // B's write crosses A's: B's copy of storage had not caught up, so B wrote over A's
    // write without seeing it (the browser delivers other tabs' writes a moment later).
    edit(
        &mut b,
        IxEdit::SetText(Text::Concept, "Smuggler".into()),
        2_001,
    );
    tab_b.save_character(b.get("v").unwrap()).unwrap();
    assert_eq!(
        strain(&stored(&tab_a)),
        strain(b.get("v").unwrap()),
        "A's change was lost"
    );
    let (reloaded, settled) = tab_a.reload(&a, &Pending::default(), 2_100).unwrap();
    assert_eq!(settled.len(), 1);
    let shown = reloaded.roster.get("v").unwrap().clone();
    assert_eq!(shown, settled[0].character);
    assert_eq!(strain(&shown), strain(a.get("v").unwrap()));
    assert_eq!(shown.ix().unwrap().about.concept, "Smuggler");
    // A writes the settled character; B then takes it as the newest.
    let mut a = reloaded.roster;
    let again = write(&tab_a, &a, 2_100);
    assert!(again.is_empty(), "storage held what A had just read");
    assert_eq!(stored(&tab_b), shown);
    let (b_view, b_settled) = tab_b.reload(&b, &Pending::default(), 2_200).unwrap();
    assert!(b_settled.is_empty());
    assert_eq!(b_view.roster.get("v"), Some(&shown));
    // And the next change in A goes on from there with nothing to settle.
    edit(&mut a, harm_strain(1), 2_300);
    assert!(write(&tab_a, &a, 2_300).is_empty());
}

#[test]
fn a_later_write_that_undoes_ours_is_taken_as_it_is() {
    // B saw A's damage and healed it back: a newer revision, not a crossing write.
    let (tab_a, tab_b, mut a, _) = two_tabs();
    edit(&mut a, harm_strain(2), 2_000);
    write(&tab_a, &a, 2_000);
    let mut b = tab_b
        .reload(&Roster::default(), &Pending::default(), 2_050)
        .unwrap()
        .0
        .roster;
    edit(&mut b, IxEdit::Recover { strain: true, n: 2 }, 2_100);
    assert!(write(&tab_b, &b, 2_100).is_empty());
    let (view, settled) = tab_a.reload(&a, &Pending::default(), 2_200).unwrap();
    assert!(settled.is_empty());
    assert_eq!(view.roster.get("v"), b.get("v"));
}

#[test]
fn an_unsaved_change_meets_another_tabs_write_and_both_are_kept() {
    // Tab A's change is still owed (storage was full); tab B writes another field.
    let (tab_a, tab_b, mut a, mut b) = two_tabs();
    edit(&mut a, harm_strain(2), 2_000);
    edit(&mut b, IxEdit::Set(Num::Melee, 1), 2_100);
    write(&tab_b, &b, 2_100);
    let (view, settled) = tab_a.reload(&a, &saving("v"), 2_200).unwrap();
    assert_eq!(settled.len(), 1);
    let shown = view.roster.get("v").unwrap();
    assert_eq!(strain(shown), strain(a.get("v").unwrap()));
    assert_eq!(
        shown.ix().unwrap().character.defenses,
        b.get("v").unwrap().ix().unwrap().character.defenses
    );
    assert!(write(&tab_a, &view.roster, 2_200).is_empty());
    assert_eq!(&stored(&tab_b), shown);
}

#[test]
fn changes_that_do_not_fit_together_keep_the_later_version_whole() {
    // A lowers the Wound maximum below the Wounds B's heal leaves: each valid alone, not
    // together.
    let (tab_a, tab_b, mut a, mut b) = two_tabs();
    edit(
        &mut a,
        IxEdit::Harm {
            strain: false,
            n: 5,
            from_attack: false,
        },
        1_500,
    );
    write(&tab_a, &a, 1_500);
    b = tab_b
        .reload(&b, &Pending::default(), 1_600)
        .unwrap()
        .0
        .roster;
    let max = a
        .get("v")
        .unwrap()
        .ix()
        .unwrap()
        .character
        .health
        .wounds_max;
    edit(&mut a, IxEdit::Set(Num::WoundsMax, max - 4), 2_000);
    write(&tab_a, &a, 2_000);
    edit(
        &mut b,
        IxEdit::Recover {
            strain: false,
            n: 5,
        },
        2_100,
    );
    let merged = write(&tab_b, &b, 2_100);
    assert_eq!(merged.len(), 1);
    let kept = &merged[0].character;
    assert!(
        kept.sheet.problems().is_empty(),
        "{:?}",
        kept.sheet.problems()
    );
    let health = &kept.ix().unwrap().character.health;
    assert!(health.wounds <= health.wounds_max);
}

/// Edits tab A may make, and disjoint ones tab B may make.
fn a_edit() -> impl Strategy<Value = IxEdit> {
    prop_oneof![
        "[a-z ]{0,12}".prop_map(|s| IxEdit::SetText(Text::Player, s)),
        (1..4i32).prop_map(harm_strain),
        (0..3i32).prop_map(|n| IxEdit::Set(Num::Ranged, n)),
    ]
}

fn b_edit() -> impl Strategy<Value = IxEdit> {
    prop_oneof![
        "[a-z ]{0,12}".prop_map(|s| IxEdit::SetText(Text::Concept, s)),
        "[a-z ]{0,12}".prop_map(|s| IxEdit::SetText(Text::Notes, s)),
        (0..3i32).prop_map(|n| IxEdit::Set(Num::Melee, n)),
    ]
}

fn base() -> Character {
    let mut r = Roster::default();
    r.apply(
        CharacterAction::Create {
            id: "v".into(),
            system: System::Ix,
            name: "Vex".into(),
        },
        1,
    )
    .unwrap();
    r.get("v").unwrap().clone()
}

fn after(base: &Character, edits: &[IxEdit], now_ms: u64) -> Character {
    let mut r = Roster {
        characters: vec![base.clone()],
        ..Roster::default()
    };
    for e in edits {
        let _ = r.apply(
            CharacterAction::EditIx {
                id: "v".into(),
                edit: e.clone(),
            },
            now_ms,
        );
    }
    r.get("v").unwrap().clone()
}

proptest! {
    /// Changes to different fields from two tabs settle to what the two would make one after
    /// the other, whichever tab settles, and the two tabs settle to the same text.
    #[test]
    fn disjoint_changes_settle_to_both_in_either_tab(
        mine in prop::collection::vec(a_edit(), 1..4),
        theirs in prop::collection::vec(b_edit(), 1..4),
    ) {
        let base = base();
        let a = after(&base, &mine, 10);
        let b = after(&base, &theirs, 20);
        let in_a = merge_characters(&base, &a, &b).unwrap();
        let in_b = merge_characters(&base, &b, &a).unwrap();
        prop_assert_eq!(encode(&in_a.character), encode(&in_b.character));
        prop_assert!(in_a.conflicts.is_empty(), "{:?}", in_a.conflicts);
        let mut both = after(&a, &theirs, 20);
        both.rev = in_a.character.rev;
        both.updated_ms = in_a.character.updated_ms;
        prop_assert_eq!(in_a.character, both);
    }

    /// Whatever both tabs did, the settled character is one this build reads and accepts,
    /// its revision is past both, and the tabs agree on it.
    #[test]
    fn any_crossing_settles_the_same_in_both_tabs(
        mine in prop::collection::vec(prop_oneof![a_edit(), b_edit()], 1..5),
        theirs in prop::collection::vec(prop_oneof![a_edit(), b_edit()], 1..5),
    ) {
        let base = base();
        let a = after(&base, &mine, 10);
        let b = after(&base, &theirs, 20);
        let in_a = merge_characters(&base, &a, &b).unwrap();
        let in_b = merge_characters(&base, &b, &a).unwrap();
        prop_assert_eq!(&in_a.character, &in_b.character);
        prop_assert!(in_a.character.rev > a.rev.max(b.rev));
        prop_assert!(in_a.character.sheet.problems().is_empty());
    }
}

#[test]
fn an_unsaved_change_keeps_its_value_over_a_later_write_and_history_keeps_theirs() {
    // Tab A could not save its notes (storage full); tab B then wrote other notes. A's own
    // unsaved words stay (A is looking at them and was never told they were gone); B's go to
    // History when A's write lands.
    let (tab_a, tab_b, mut a, mut b) = two_tabs();
    edit(
        &mut a,
        IxEdit::SetText(Text::Notes, "unsaved here".into()),
        2_000,
    );
    edit(
        &mut b,
        IxEdit::SetText(Text::Notes, "written there".into()),
        2_100,
    );
    edit(&mut b, harm_strain(1), 2_100);
    write(&tab_b, &b, 2_100);
    let (view, settled) = tab_a.reload(&a, &saving("v"), 2_200).unwrap();
    assert_eq!(settled[0].conflicts, ["sheet.ix.character.notes"]);
    assert_eq!(
        settled[0].sentence(),
        "Vex was changed in another tab at the same moment. Both changes are kept, except notes (changed in both): this tab's unsaved change is kept, and History has the other tab's."
    );
    let shown = view.roster.get("v").unwrap();
    assert_eq!(notes(shown), "unsaved here");
    assert_eq!(strain(shown), strain(b.get("v").unwrap()));
    write(&tab_a, &view.roster, 2_300);
    assert_eq!(&stored(&tab_b), shown);
    let kept: Vec<String> = tab_a
        .versions(&character_key("v"))
        .unwrap()
        .iter()
        .filter_map(|v| tab_a.backend().get(&v.key).unwrap())
        .filter_map(|text| decode_character(&text).ok())
        .map(|c| notes(&c))
        .collect();
    assert!(kept.contains(&"written there".to_string()), "{kept:?}");
}
