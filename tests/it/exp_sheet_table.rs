//! The Expedition referee's table document: adversaries by Level, exchanges that apply damage,
//! seeded table rolls, and refusals that change nothing.

use satchel::model::Roster;
use satchel::model::exp_table::{ExpTable, TableEdit, TableRoll};

/// The referee's reducer as these tests use it: no roster characters, refusals in words.
trait Apply {
    fn apply(&mut self, e: TableEdit) -> Result<(), String>;
}

impl Apply for ExpTable {
    fn apply(&mut self, e: TableEdit) -> Result<(), String> {
        satchel::model::NamedDocument::apply(self, e, &Roster::default())
            .map(|follow| assert!(follow.is_empty(), "no character is in these fights"))
            .map_err(|e| e.to_string())
    }
}
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
fn an_extended_test_keeps_its_tally_and_the_chance_to_finish() {
    let mut t = ExpTable::default();
    assert!(t.apply(TableEdit::ExtendedRecord(true)).is_err());
    let start = |passes, ends_at_failure, dice, ob| TableEdit::ExtendedStart {
        name: "Crossing the marsh".into(),
        passes,
        ends_at_failure,
        dice,
        ob,
    };
    let before = t.clone();
    assert!(t.apply(start(0, None, 4, 3)).is_err());
    assert!(t.apply(start(2, Some(2), 4, 0)).is_err());
    assert!(t.apply(start(2, Some(2), 31, 3)).is_err());
    assert_eq!(t, before);
    // 2 dice against Ob 1 pass 3 times in 4; two passes before the second failure.
    t.apply(start(2, Some(2), 2, 1)).unwrap();
    let run = t.extended.clone().unwrap();
    // Orders that finish: PP, PFP, FPP = (3/4)^2 (1 + 2/4) = 27/32 = 84.375%.
    assert!((run.finish_chance() - 27.0 / 32.0).abs() < 1e-12);
    assert_eq!(
        run.words(),
        "Crossing the marsh: 0 of 2 passes, 0 of 2 failures. Chance to finish from here: 84.4% (2 dice against Ob 1 each)."
    );
    t.apply(TableEdit::ExtendedRecord(false)).unwrap();
    // Now it is lost at the next failure: both must pass, 9/16.
    assert!((t.extended.as_ref().unwrap().finish_chance() - 9.0 / 16.0).abs() < 1e-12);
    t.apply(TableEdit::ExtendedRecord(true)).unwrap();
    t.apply(TableEdit::ExtendedRecord(true)).unwrap();
    let done = t.extended.clone().unwrap();
    assert_eq!(
        done.words(),
        "Crossing the marsh: 2 of 2 passes, 1 of 2 failures. Done: the extended test succeeds."
    );
    assert!(
        t.log
            .last()
            .unwrap()
            .starts_with("Extended test, a pass: Crossing the marsh")
    );
    // Over: nothing more is recorded or rolled.
    let before = t.clone();
    assert!(t.apply(TableEdit::ExtendedRecord(true)).is_err());
    assert!(t.apply(TableEdit::ExtendedRoll(7)).is_err());
    assert_eq!(t, before);
    // A roll here is the rules' own test from the seed, recorded and logged with its dice.
    t.apply(start(3, None, 4, 2)).unwrap();
    let mut again = t.clone();
    t.apply(TableEdit::ExtendedRoll(11)).unwrap();
    again.apply(TableEdit::ExtendedRoll(11)).unwrap();
    assert_eq!(t, again);
    let test = t.extended.as_ref().unwrap().test;
    assert_eq!(test.passes + test.failures, 1);
    assert!(
        t.log
            .last()
            .unwrap()
            .starts_with("Extended test roll, 4 dice against Ob 2: ")
    );
    t.apply(TableEdit::ExtendedEnd).unwrap();
    assert!(t.extended.is_none());
    assert!(t.apply(TableEdit::ExtendedEnd).is_err());
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

/// An ogre (Level 4: 6 dice, 8 HP) fights Ada, who leads Bo in ganging up; Cy shoots at the
/// ogre from behind them.
fn ogre_fight() -> ExpTable {
    let mut t = ExpTable::default();
    t.apply(TableEdit::AddAdversary("Ogre".into(), 4)).unwrap();
    for n in ["Ada", "Bo", "Cy"] {
        t.apply(TableEdit::AddAlly(n.into(), 3, 10)).unwrap();
    }
    t.apply(TableEdit::Threaten(0, Some(1))).unwrap();
    t.apply(TableEdit::Threaten(1, Some(0))).unwrap();
    t.apply(TableEdit::Helps(2, Some(1))).unwrap();
    t.apply(TableEdit::Threaten(3, Some(0))).unwrap();
    t.apply(TableEdit::Ranged(3, true)).unwrap();
    t
}

fn hp(t: &ExpTable) -> Vec<u32> {
    t.fighters.iter().map(|f| f.hp).collect()
}

#[test]
fn ganging_up_adds_a_die_per_helper_and_helpers_share_the_leaders_loss() {
    // Seed 6: the ogre wins by 2, so Ada and her helper Bo each take 2.
    let mut t = ogre_fight();
    t.apply(TableEdit::Roll(6, TableRoll::Exchange)).unwrap();
    assert_eq!(hp(&t), vec![8, 8, 8, 10]);
    assert_eq!(
        t.log.last().unwrap(),
        "Exchange: Ada leads Bo in ganging up: 3 + 1 = 4 dice. Cy fires into melee at Ogre: 3 - 1 = 2 dice. \
         Ogre rolled 5, 3, 1, 1, 4, 5 (3 successes); Ada rolled 2, 2, 1, 6 (1 success); Bo helps (no roll); \
         Cy rolled 1, 3 (0 successes). Ogre beats Ada by 2: Ada takes 2. Ogre beats Cy by 3 but does not \
         threaten them: no damage. Bo ganged up with Ada: each takes 2 too."
    );
    // Seed 0: a tie hurts the ogre, the leader and every helper by 1.
    let mut t = ogre_fight();
    t.apply(TableEdit::Roll(0, TableRoll::Exchange)).unwrap();
    assert_eq!(hp(&t), vec![7, 9, 9, 10]);
    // Seed 5: the gang wins by 2; the helpers take nothing.
    let mut t = ogre_fight();
    t.apply(TableEdit::Roll(5, TableRoll::Exchange)).unwrap();
    assert_eq!(hp(&t), vec![6, 10, 10, 10]);
}

#[test]
fn a_shot_into_melee_that_misses_by_more_than_three_hits_an_engaged_ally() {
    // Seed 24: Cy rolls 1 success to the ogre's 5; the 3d stray shot (4, 5, 4) hits Ada for 3.
    let mut t = ogre_fight();
    t.apply(TableEdit::Roll(24, TableRoll::Exchange)).unwrap();
    assert_eq!(hp(&t), vec![8, 6, 9, 10]);
    assert!(
        t.log
            .last()
            .unwrap()
            .ends_with("Cy misses by 4: the stray shot hits Ada, 3d rolled 4, 5, 4: 3 damage."),
        "{}",
        t.log.last().unwrap()
    );
    // Seed 30: the stray shot lands on the helper, Bo, who is in the same melee.
    let mut t = ogre_fight();
    t.apply(TableEdit::Roll(30, TableRoll::Exchange)).unwrap();
    assert_eq!(hp(&t), vec![8, 8, 6, 10]);
    // With no ally engaged with its target, a shooter rolls its full pool and hits no one.
    let mut t = ExpTable::default();
    t.apply(TableEdit::AddAdversary("Ogre".into(), 4)).unwrap();
    t.apply(TableEdit::AddAlly("Cy".into(), 3, 10)).unwrap();
    t.apply(TableEdit::Threaten(1, Some(0))).unwrap();
    t.apply(TableEdit::Ranged(1, true)).unwrap();
    t.apply(TableEdit::Roll(24, TableRoll::Exchange)).unwrap();
    let line = t.log.last().unwrap();
    assert!(!line.contains("fires into melee"), "{line}");
    assert!(!line.contains("stray"), "{line}");
}

#[test]
fn gangs_are_validated_and_follow_removals() {
    let mut t = ogre_fight();
    let before = t.clone();
    // Bo helps Ada, so Bo cannot lead, and Ada (a leader) cannot help anyone.
    assert!(t.apply(TableEdit::Helps(3, Some(2))).is_err());
    assert!(t.apply(TableEdit::Helps(1, Some(3))).is_err());
    assert!(t.apply(TableEdit::Helps(2, Some(2))).is_err());
    // No ganging up with the other side.
    assert!(t.apply(TableEdit::Helps(3, Some(0))).is_err());
    assert!(t.apply(TableEdit::Ranged(9, true)).is_err());
    assert_eq!(t, before);
    // Removing the leader frees the helper, who then rolls for itself.
    t.apply(TableEdit::Remove(1)).unwrap();
    assert_eq!(t.fighters[1].name, "Bo");
    assert_eq!(t.fighters[1].helps, None);
    // The same seed always gives the same exchange.
    let (mut a, mut b) = (ogre_fight(), ogre_fight());
    a.apply(TableEdit::Roll(77, TableRoll::Exchange)).unwrap();
    b.apply(TableEdit::Roll(77, TableRoll::Exchange)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn several_adversaries_of_one_level_join_in_one_step_numbered_and_all_or_none() {
    let mut t = ExpTable::default();
    t.apply(TableEdit::AddAdversaries {
        name: "Beastman".into(),
        level: 3,
        count: 4,
    })
    .unwrap();
    let names: Vec<&str> = t.fighters.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        ["Beastman 1", "Beastman 2", "Beastman 3", "Beastman 4"]
    );
    // The Level rule: pool 3 + 2, HP 2 x 3.
    assert!(
        t.fighters
            .iter()
            .all(|f| (f.dice, f.hp, f.max_hp) == (5, 6, 6))
    );
    assert_eq!(
        t.log.last().map(String::as_str),
        Some("4 × Beastman join the fight: Level 3, 5 dice and 6 HP each.")
    );
    // More of them later carry on the numbering.
    t.apply(TableEdit::AddAdversaries {
        name: "Beastman".into(),
        level: 3,
        count: 2,
    })
    .unwrap();
    assert_eq!(t.fighters[5].name, "Beastman 6");
    // One at a time keeps the name as typed; Level 0 still has 1 HP.
    t.apply(TableEdit::AddAdversaries {
        name: "Rat".into(),
        level: 0,
        count: 1,
    })
    .unwrap();
    assert_eq!(
        (
            t.fighters[6].name.as_str(),
            t.fighters[6].dice,
            t.fighters[6].hp
        ),
        ("Rat", 2, 1)
    );
    // Not enough room: nobody joins, and the refusal says how many fit.
    t.apply(TableEdit::AddAdversaries {
        name: "Goblin".into(),
        level: 1,
        count: 20,
    })
    .unwrap();
    assert_eq!(
        t.fighters.last().map(|f| f.name.as_str()),
        Some("Goblin 20")
    );
    let before = t.clone();
    let err = t
        .apply(TableEdit::AddAdversaries {
            name: "Goblin".into(),
            level: 1,
            count: 20,
        })
        .unwrap_err();
    assert!(err.contains("room for 13 more"), "{err}");
    let err = t
        .apply(TableEdit::AddAdversaries {
            name: "Goblin".into(),
            level: 1,
            count: 21,
        })
        .unwrap_err();
    assert!(err.contains("How many"), "{err}");
    assert_eq!(t, before);
}

#[test]
fn an_exploration_turn_in_one_step_rolls_the_encounter_die_only_when_due() {
    use satchel::rules::expedition::tables::EncounterReading;
    let mut t = ExpTable::default();
    for turn in 1..=2 {
        t.apply(TableEdit::Roll(turn, TableRoll::Turn(Population::Empty)))
            .unwrap();
        assert_eq!(t.turn, turn as u32);
        assert_eq!(t.turn_check, None);
        assert_eq!(
            t.log.last().unwrap(),
            &format!("Turn {turn}: no encounter check this turn (one every 3 turns here).")
        );
    }
    // Every third turn where it is empty, and every turn where it is populous, the d6 is
    // rolled and read by the exploration scale: 1 an encounter, 2 an omen, 6 the lights.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200u64 {
        let mut t = ExpTable::default();
        t.apply(TableEdit::Roll(seed, TableRoll::Turn(Population::Populous)))
            .unwrap();
        let line = t.log.last().unwrap().clone();
        let face: u32 = line
            .strip_prefix("Turn 1: encounter check rolled ")
            .and_then(|r| r.split(':').next())
            .and_then(|f| f.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        let expected = match face {
            1 => EncounterReading::Encounter,
            2 => EncounterReading::Omen,
            6 => EncounterReading::DepleteLights,
            3..=5 => EncounterReading::Nothing,
            _ => panic!("a d6 rolled {face}"),
        };
        assert_eq!(t.turn_check, Some(expected), "{line}");
        seen.insert(face);
        // The next turn with no check due clears what the last one read.
        t.apply(TableEdit::NextTurn(Population::Empty)).unwrap();
        assert_eq!(t.turn_check, None);
    }
    assert_eq!(seen.len(), 6, "every face turns up in 200 seeds");
}
