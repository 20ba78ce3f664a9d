//! The Expedition referee's table document: adversaries by Level, exchanges that apply damage,
//! seeded table rolls, and refusals that change nothing.

use satchel::model::exp_table::{ExpTable, TableEdit, TableRoll};
use satchel::rules::expedition::referee::{Appearing, Population};
use satchel::rules::expedition::tables::{Disposition, EncounterScale};

#[test]
fn adversaries_by_level_and_damage() {
    let mut t = ExpTable::default();
    t.apply(TableEdit::AddAdversary("Ghoul".into(), 3)).unwrap();
    let g = &t.fighters[0];
    assert_eq!((g.dice, g.hp, g.max_hp), (5, 6, 6));
    t.apply(TableEdit::Harm(0, 4)).unwrap();
    assert_eq!(t.fighters[0].hp, 2);
    t.apply(TableEdit::Harm(0, 9)).unwrap();
    assert_eq!(t.fighters[0].hp, 0);
    t.apply(TableEdit::Harm(0, -100)).unwrap();
    assert_eq!(t.fighters[0].hp, 6);
    let before = t.clone();
    assert!(t.apply(TableEdit::AddAdversary("Lich".into(), 21)).is_err());
    assert!(t.apply(TableEdit::AddAdversary("  ".into(), 1)).is_err());
    assert!(t.apply(TableEdit::Threaten(0, Some(0))).is_err());
    assert!(t.apply(TableEdit::Roll(1, TableRoll::Exchange)).is_err());
    assert_eq!(t, before);
}

#[test]
fn exchange_applies_the_rules_damage() {
    let mut t = ExpTable::default();
    t.apply(TableEdit::AddAdversary("Ghoul".into(), 2)).unwrap();
    t.apply(TableEdit::AddAlly("Rook".into(), 4, 6)).unwrap();
    t.apply(TableEdit::Threaten(0, Some(1))).unwrap();
    t.apply(TableEdit::Threaten(1, Some(0))).unwrap();
    let mut again = t.clone();
    t.apply(TableEdit::Roll(99, TableRoll::Exchange)).unwrap();
    again
        .apply(TableEdit::Roll(99, TableRoll::Exchange))
        .unwrap();
    assert_eq!(t, again);
    let line = t.log.last().unwrap();
    assert!(line.starts_with("Exchange: Ghoul rolled "), "{line}");
    // Both threaten each other: someone takes damage (a tie hurts both).
    let lost = (4 - t.fighters[0].hp) + (6 - t.fighters[1].hp);
    assert!(lost >= 1, "{line}");
    // Removing a fighter re-points threats at the ones that remain.
    t.apply(TableEdit::Remove(0)).unwrap();
    assert_eq!(t.fighters[0].threatens, None);
}

#[test]
fn table_rolls_and_turns() {
    let mut t = ExpTable::default();
    for r in [
        TableRoll::Encounter(EncounterScale::OverlandNight),
        TableRoll::Reaction,
        TableRoll::Morale(Disposition::Timid, false),
        TableRoll::Distance,
        TableRoll::Appearing(Appearing::Several),
    ] {
        t.apply(TableEdit::Roll(5, r)).unwrap();
    }
    assert_eq!(t.log.len(), 5);
    assert!(t.log[0].starts_with("Encounter check (overnight): rolled "));
    assert!(
        !t.log
            .iter()
            .any(|l| l.contains("Overland") || l.contains("Timid")),
        "words, not Rust names"
    );
    assert!(t.log[2].contains("holds on 5+"));
    // Several for 4 players: 2 +- 1.
    let n: u32 = t.log[4]
        .trim_end_matches('.')
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=3).contains(&n), "{}", t.log[4]);
    t.apply(TableEdit::Roll(
        5,
        TableRoll::Morale(Disposition::Militant, true),
    ))
    .unwrap();
    assert_eq!(t.log.last().unwrap(), "Morale: in mortal danger they rout.");
    t.apply(TableEdit::NextTurn(Population::Average)).unwrap();
    t.apply(TableEdit::NextTurn(Population::Average)).unwrap();
    assert_eq!(t.log.last().unwrap(), "Turn 2: an encounter check is due.");
    t.apply(TableEdit::NewSession).unwrap();
    assert_eq!((t.session, t.turn), (2, 0));
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(serde_json::from_str::<ExpTable>(&json).unwrap(), t);
}
