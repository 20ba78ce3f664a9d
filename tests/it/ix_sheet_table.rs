//! The Ix GM table reducer: initiative order and turns, adversary damage, fear, and the
//! Critical Injury table editor. (The session's points have a document of their own,
//! `model::session`, tested there and in `one_source.rs`.)

use proptest::prelude::*;
use satchel::model::ix_table::{Fighter, Foe, IxTableDoc, TableEdit};
use satchel::model::{CharacterAction, Roster, System};
use satchel::rules::ix::adversary::{Elite, MinionGroup, Nemesis};
use satchel::rules::ix::dice::CheckResult;
use satchel::rules::ix::session::InitiativeKind;

fn result(net: i32, boons: i32) -> CheckResult {
    CheckResult {
        net_successes: net,
        net_boons: boons,
        breakthroughs: 0,
        calamities: 0,
        succeeded: net >= 1,
    }
}

/// The roster these tests play with: Ix characters Vex and Ada (ids `id-Vex`, `id-Ada`).
fn roster() -> Roster {
    let mut r = Roster::default();
    for name in ["Vex", "Ada"] {
        r.apply(
            CharacterAction::Create {
                id: format!("id-{name}"),
                system: System::Ix,
                name: name.into(),
            },
            1,
        )
        .unwrap();
    }
    r
}

/// The table's reducer as these tests use it: with [`roster`], refusals in words.
trait Apply {
    fn apply(&mut self, e: TableEdit) -> Result<(), String>;
}

impl Apply for IxTableDoc {
    fn apply(&mut self, e: TableEdit) -> Result<(), String> {
        satchel::model::NamedDocument::apply(self, e, &roster())
            .map(|follow| assert!(follow.is_empty(), "the Ix table changes no character"))
            .map_err(|e| e.to_string())
    }
}

/// The names in the order, a character's read from the roster.
fn order_names(d: &IxTableDoc) -> Vec<String> {
    let r = roster();
    d.order
        .iter()
        .map(|s| {
            d.fighters
                .iter()
                .find(|f| f.key() == s.entry.name)
                .map(|f| f.display_name(&r))
                .unwrap_or_default()
        })
        .collect()
}

fn fighter(name: &str, pc: bool) -> Fighter {
    Fighter {
        name: if pc { String::new() } else { name.into() },
        character_id: pc.then(|| format!("id-{name}")),
        kind: InitiativeKind::OnWatch,
        rating: 2,
        rank: 1,
        result: None,
        foe_id: None,
    }
}

#[test]
fn initiative_orders_by_successes_then_boons_and_turns_wrap_rounds() {
    let mut d = IxTableDoc::default();
    for (n, pc) in [("Vex", true), ("Goblins", false), ("Ada", true)] {
        d.apply(TableEdit::AddFighter(fighter(n, pc))).unwrap();
    }
    assert!(d.apply(TableEdit::Rolled(vec![result(1, 0)])).is_err());
    d.apply(TableEdit::Rolled(vec![
        result(1, 0),
        result(2, -1),
        result(1, 0),
    ]))
    .unwrap();
    assert_eq!(order_names(&d), ["Goblins", "Vex", "Ada"]);
    // A character's slot is named by its id, so a rename on the sheet cannot orphan it.
    assert_eq!(d.order[1].entry.name, "id-Vex");
    assert_eq!(d.order[1].tie_group, d.order[2].tie_group);
    assert!(d.order[1].tie_group.is_some());
    // Ties settle by moving within the group only.
    d.apply(TableEdit::MoveSlot(2, 1)).unwrap();
    assert_eq!(order_names(&d)[1], "Ada");
    assert!(d.apply(TableEdit::MoveSlot(1, 0)).is_err());
    assert_eq!((d.turn, d.round), (0, 1));
    assert!(d.apply(TableEdit::Step(false)).is_err());
    for _ in 0..3 {
        d.apply(TableEdit::Step(true)).unwrap();
    }
    assert_eq!((d.turn, d.round), (0, 2));
    d.apply(TableEdit::Step(false)).unwrap();
    assert_eq!((d.turn, d.round), (2, 1));
}

#[test]
fn a_guard_ends_when_its_characters_next_turn_comes() {
    use satchel::model::apply_with_roster;
    use satchel::model::ix_sheet::IxEdit;
    use satchel::rules::ix::checks::Guard;
    let guard = |r: &Roster, name: &str| {
        r.get(&format!("id-{name}"))
            .unwrap()
            .ix()
            .unwrap()
            .character
            .guard
    };
    let mut r = roster();
    let mut d = IxTableDoc::default();
    for (n, pc) in [("Vex", true), ("Goblins", false), ("Ada", true)] {
        d.apply(TableEdit::AddFighter(fighter(n, pc))).unwrap();
    }
    d.apply(TableEdit::Rolled(vec![
        result(3, 0),
        result(2, 0),
        result(1, 0),
    ]))
    .unwrap();
    assert_eq!(order_names(&d), ["Vex", "Goblins", "Ada"]);
    // On her turn Vex takes Defensive Guard; Ada, earlier, was Guarded (her talent).
    r.apply(
        CharacterAction::EditIx {
            id: "id-Ada".into(),
            edit: IxEdit::AddTalent("Guarded".into()),
        },
        2,
    )
    .unwrap();
    for (name, g) in [("Vex", Guard::DefensiveGuard), ("Ada", Guard::Guarded)] {
        r.apply(
            CharacterAction::EditIx {
                id: format!("id-{name}"),
                edit: IxEdit::SetGuard(g),
            },
            2,
        )
        .unwrap();
    }
    // The Goblins' turn: both guards still stand against their attacks.
    apply_with_roster(&mut d, &mut r, TableEdit::Step(true), 3).unwrap();
    assert_eq!(guard(&r, "Vex"), Guard::DefensiveGuard);
    assert_eq!(guard(&r, "Ada"), Guard::Guarded);
    // Ada's turn lowers Ada's guard only.
    let saved = apply_with_roster(&mut d, &mut r, TableEdit::Step(true), 4).unwrap();
    assert!(
        saved.is_some(),
        "the character's change is saved with the turn"
    );
    assert_eq!(guard(&r, "Ada"), Guard::None);
    assert_eq!(guard(&r, "Vex"), Guard::DefensiveGuard);
    // The round wraps to Vex: hers goes too.
    apply_with_roster(&mut d, &mut r, TableEdit::Step(true), 5).unwrap();
    assert_eq!((d.turn, d.round), (0, 2));
    assert_eq!(guard(&r, "Vex"), Guard::None);
    // Stepping back never raises or lowers a guard.
    r.apply(
        CharacterAction::EditIx {
            id: "id-Ada".into(),
            edit: IxEdit::SetGuard(Guard::Guarded),
        },
        6,
    )
    .unwrap();
    assert_eq!(
        apply_with_roster(&mut d, &mut r, TableEdit::Step(false), 7).unwrap(),
        None
    );
    assert_eq!(guard(&r, "Ada"), Guard::Guarded);
}

#[test]
fn a_dragged_tie_lands_where_it_is_dropped() {
    let mut d = IxTableDoc::default();
    for n in ["A", "B", "C", "D"] {
        d.apply(TableEdit::AddFighter(fighter(n, false))).unwrap();
    }
    d.apply(TableEdit::Rolled(vec![result(1, 0); 4])).unwrap();
    let names =
        |d: &IxTableDoc| -> String { d.order.iter().map(|s| s.entry.name.as_str()).collect() };
    assert_eq!(names(&d), "ABCD");
    // A drag from the first place to the last moves one slot; the others close up.
    d.apply(TableEdit::MoveSlot(0, 3)).unwrap();
    assert_eq!(names(&d), "BCDA");
    d.apply(TableEdit::MoveSlot(3, 1)).unwrap();
    assert_eq!(names(&d), "BACD");
    assert!(d.apply(TableEdit::MoveSlot(1, 4)).is_err());
    assert_eq!(names(&d), "BACD");
}

#[test]
fn fear_outcomes_read_in_words() {
    use satchel::rules::ix::checks::FearOutcome;
    let words: Vec<&str> = [
        FearOutcome::Immune,
        FearOutcome::Steady,
        FearOutcome::Frightened,
        FearOutcome::Demoralized,
    ]
    .map(FearOutcome::words)
    .to_vec();
    assert_eq!(
        words,
        [
            "immune, no check",
            "holds steady",
            "Frightened",
            "Demoralized"
        ]
    );
}

#[test]
fn minion_groups_lose_members_as_damage_lands() {
    let mut d = IxTableDoc::default();
    d.apply(TableEdit::AddFoe(Foe::Minions(
        MinionGroup::new("Goblins", 4, 3, 1, false).unwrap(),
    )))
    .unwrap();
    d.apply(TableEdit::Damage(0, 5, true)).unwrap();
    let Foe::Minions(m) = &d.foes[0].foe else {
        panic!("a minion group")
    };
    assert_eq!((m.wounds, m.standing()), (7, 2));
    d.apply(TableEdit::Damage(0, -2, false)).unwrap();
    d.apply(TableEdit::Damage(0, 20, true)).unwrap();
    assert!(d.foes[0].down());
    d.apply(TableEdit::Fear(
        0,
        result(0, 0),
        satchel::rules::ix::checks::FearRating::new(2).unwrap(),
    ))
    .unwrap();
    assert_eq!(d.foes[0].condition(), Some("Demoralized"));
    d.apply(TableEdit::Calm(0)).unwrap();
    assert_eq!(d.foes[0].condition(), None);
}

#[test]
fn elites_take_strain_as_wounds_and_nemeses_track_everything() {
    let mut d = IxTableDoc::default();
    d.apply(TableEdit::AddFoe(Foe::Elite(
        Elite::new("Captain", 12, true).unwrap(),
    )))
    .unwrap();
    d.apply(TableEdit::AddFoe(Foe::Nemesis(
        Nemesis::new("Wyrm", 20, 10, 3, false).unwrap(),
    )))
    .unwrap();
    d.apply(TableEdit::Damage(0, 5, true)).unwrap();
    assert!(d.apply(TableEdit::Strain(0, 1)).is_err());
    d.apply(TableEdit::Fear(
        0,
        result(0, 0),
        satchel::rules::ix::checks::FearRating::new(2).unwrap(),
    ))
    .unwrap();
    assert_eq!(d.foes[0].condition(), None, "immune to fear");
    d.apply(TableEdit::Strain(1, 4)).unwrap();
    d.apply(TableEdit::NemesisPeril(1, 2)).unwrap();
    assert!(d.apply(TableEdit::NemesisPeril(1, 21)).is_err());
    d.apply(TableEdit::Fear(
        1,
        result(-1, 0),
        satchel::rules::ix::checks::FearRating::new(2).unwrap(),
    ))
    .unwrap();
    assert_eq!(d.foes[1].condition(), Some("Frightened"));
    let Foe::Nemesis(n) = &d.foes[1].foe else {
        panic!("a nemesis")
    };
    assert_eq!((n.health.strain, n.peril), (6, 2));
    let Foe::Elite(e) = &d.foes[0].foe else {
        panic!("an elite")
    };
    assert_eq!(e.health.wounds, 7);
    d.apply(TableEdit::FoeInjury(1, 24)).unwrap();
    assert!(d.apply(TableEdit::FoeInjury(1, 25)).is_err());
    d.apply(TableEdit::RemoveFoeInjury(1, 0)).unwrap();
    assert!(d.foes[1].injuries.is_empty());
}

#[test]
fn a_hit_that_downs_an_adversary_owes_a_critical_injury_until_rolled() {
    let mut d = IxTableDoc::default();
    d.apply(TableEdit::AddFoe(Foe::Elite(
        Elite::new("Captain", 6, false).unwrap(),
    )))
    .unwrap();
    d.apply(TableEdit::AddFoe(Foe::Nemesis(
        Nemesis::new("Wyrm", 8, 4, 3, false).unwrap(),
    )))
    .unwrap();
    // 5 of 6: standing, nothing owed; 1 more: 0, down, owed.
    d.apply(TableEdit::Damage(0, 5, true)).unwrap();
    assert!(!d.foes[0].critical_owed);
    d.apply(TableEdit::Damage(0, 1, true)).unwrap();
    assert!(d.foes[0].critical_owed);
    // Rolling one (row 3) settles it; a further hit from an attack while down owes another.
    d.apply(TableEdit::FoeInjury(0, 3)).unwrap();
    assert!(!d.foes[0].critical_owed);
    d.apply(TableEdit::Damage(0, 1, true)).unwrap();
    assert!(d.foes[0].critical_owed);
    // A Nemesis down to 0 Wounds, then Strain from an attack, owes one each time.
    d.apply(TableEdit::Damage(1, 8, true)).unwrap();
    assert!(d.foes[1].critical_owed);
    d.apply(TableEdit::FoeInjury(1, 0)).unwrap();
    d.apply(TableEdit::Strain(1, 1)).unwrap();
    assert!(d.foes[1].critical_owed);
}

#[test]
fn a_successful_leadership_check_rallies_one_demoralized_group() {
    use satchel::model::ix_foe::StatBlock;
    use satchel::rules::ix::checks::FearRating;
    use satchel::rules::ix::dice::DieKind;
    use satchel::rules::ix::stats::{Characteristic, Skill};
    let hard = FearRating::new(3).unwrap();
    let mut d = IxTableDoc::default();
    for name in ["Spears", "Bows"] {
        d.apply(TableEdit::AddFoe(Foe::Minions(
            MinionGroup::new(name, 4, 3, 1, false).unwrap(),
        )))
        .unwrap();
        // A failed fear check against a rating-3 source demoralizes each group.
        let i = d.foes.len() - 1;
        d.apply(TableEdit::Fear(i, result(-1, 0), hard)).unwrap();
        assert_eq!(d.foes[i].condition(), Some("Demoralized"));
        assert_eq!(d.foes[i].demoralized_by, Some(hard));
    }
    // The leader: an Elite with Presence 3 and Leadership 2.
    let mut block = StatBlock::default();
    block.characteristics.presence = 3;
    block.skills.push(Skill {
        name: "Leadership".into(),
        characteristic: Characteristic::Presence,
        rank: 2,
    });
    d.apply(TableEdit::AddFoeWithStats(
        Foe::Elite(Elite::new("Captain", 12, false).unwrap()),
        Box::new(block),
    ))
    .unwrap();
    // Against the rating that caused it (Hard: 3 Trial dice), whatever the Fear form shows now.
    let check = d.rally_check(2, 1, FearRating::new(1).unwrap()).unwrap();
    let p = check.pool();
    assert_eq!(
        [
            p.count(DieKind::Ability),
            p.count(DieKind::Mastery),
            p.count(DieKind::Trial)
        ],
        [1, 2, 3]
    );
    // A Demoralized group cannot lead its own Rally, and a frightened leader cannot at all.
    assert!(d.rally_check(1, 1, hard).is_err());
    d.apply(TableEdit::Fear(2, result(-1, 0), hard)).unwrap();
    let why = d.rally_check(2, 1, hard).unwrap_err().to_string();
    assert!(why.contains("cannot rally"), "{why}");
    d.apply(TableEdit::Calm(2)).unwrap();

    // A failure leaves it; a success ends it for the one group rallied, not the other.
    d.apply(TableEdit::Rally(1, result(0, 0))).unwrap();
    assert_eq!(d.foes[1].condition(), Some("Demoralized"));
    d.apply(TableEdit::Rally(1, result(2, 0))).unwrap();
    assert_eq!(d.foes[1].condition(), None);
    assert_eq!(d.foes[1].demoralized_by, None);
    assert_eq!(d.foes[0].condition(), Some("Demoralized"));
    // One not Demoralized is refused, unchanged.
    let before = d.clone();
    let why = d
        .apply(TableEdit::Rally(1, result(2, 0)))
        .unwrap_err()
        .to_string();
    assert_eq!(why, "Bows is not Demoralized.");
    assert_eq!(d, before);
}

#[test]
fn each_adversary_checks_fear_with_its_own_willpower_and_rank() {
    use satchel::model::ix_foe::StatBlock;
    use satchel::rules::ix::checks::{FearRating, fear_check_pool};
    use satchel::rules::ix::stats::{Characteristic, Skill};
    let mut d = IxTableDoc::default();
    let nerve = |willpower, discipline| {
        let mut b = StatBlock::default();
        b.characteristics.willpower = willpower;
        b.skills.push(Skill {
            name: "Discipline".into(),
            characteristic: Characteristic::Willpower,
            rank: discipline,
        });
        Box::new(b)
    };
    d.apply(TableEdit::AddFoeWithStats(
        Foe::Minions(MinionGroup::new("Spears", 4, 3, 2, false).unwrap()),
        nerve(1, 0),
    ))
    .unwrap();
    d.apply(TableEdit::AddFoeWithStats(
        Foe::Elite(Elite::new("Captain", 12, false).unwrap()),
        nerve(4, 3),
    ))
    .unwrap();
    // Older tables' adversaries read Willpower 2 and no rank.
    d.apply(TableEdit::AddFoe(Foe::Nemesis(
        Nemesis::new("Wyrm", 20, 10, 3, false).unwrap(),
    )))
    .unwrap();
    // A Minion group uses its group's best skill rank; an Elite its Discipline.
    assert_eq!(d.foes[0].fear_ratings("Discipline"), (1, 2));
    assert_eq!(d.foes[1].fear_ratings("Discipline"), (4, 3));
    assert_eq!(d.foes[2].fear_ratings("Discipline"), (2, 0));
    // The Elite's pool: Willpower 4 with rank 3 is 1 Ability + 3 Mastery, against rating 2.
    let (w, r) = d.foes[1].fear_ratings("Discipline");
    let pool = fear_check_pool(w, r, FearRating::new(2).unwrap()).unwrap();
    assert!(
        pool.describe().starts_with("1 Ability, 3 Mastery vs "),
        "{}",
        pool.describe()
    );
    // Out of range: refused, nothing added.
    let before = d.clone();
    assert!(
        d.apply(TableEdit::AddFoeWithStats(
            Foe::Elite(Elite::new("Brute", 6, false).unwrap()),
            nerve(7, 0),
        ))
        .is_err()
    );
    assert!(
        d.apply(TableEdit::AddFoeWithStats(
            Foe::Elite(Elite::new("Brute", 6, false).unwrap()),
            nerve(3, 6),
        ))
        .is_err()
    );
    assert_eq!(d, before);
}

#[test]
fn critical_table_rows_rename_refuse_empty_and_reset() {
    let mut d = IxTableDoc::default();
    d.apply(TableEdit::CritRow(
        0,
        "Graze".into(),
        "Lose 1 Strain".into(),
    ))
    .unwrap();
    assert_eq!(d.critical.rows[0].name, "Graze");
    assert!(d.critical.validate().is_ok());
    assert!(
        d.apply(TableEdit::CritRow(1, " ".into(), String::new()))
            .is_err()
    );
    assert!(
        d.apply(TableEdit::CritRow(1, "x".repeat(201), String::new()))
            .is_err()
    );
    let json = serde_json::to_string(&d).unwrap();
    let back: IxTableDoc = serde_json::from_str(&json).unwrap();
    assert_eq!(back, d);
    d.apply(TableEdit::ResetCritical).unwrap();
    assert_eq!(d.critical, IxTableDoc::default().critical);
}

fn edit() -> impl Strategy<Value = TableEdit> {
    prop_oneof![
        (0usize..3).prop_map(TableEdit::RemoveFighter),
        (0usize..4, -30i32..30, any::<bool>()).prop_map(|(i, n, a)| TableEdit::Damage(i, n, a)),
        (0usize..4, -5i32..25).prop_map(|(i, n)| TableEdit::NemesisPeril(i, n)),
        any::<bool>().prop_map(TableEdit::Step),
        (0usize..4, 0usize..4).prop_map(|(a, b)| TableEdit::MoveSlot(a, b)),
        (0usize..30, "[a-z ]{0,3}").prop_map(|(i, n)| TableEdit::CritRow(i, n, String::new())),
    ]
}

proptest! {
    #[test]
    fn refused_table_edits_change_nothing(edits in prop::collection::vec(edit(), 1..30)) {
        let mut d = IxTableDoc::default();
        d.apply(TableEdit::AddFoe(Foe::Minions(MinionGroup::new("G", 3, 4, 1, false).unwrap()))).unwrap();
        d.apply(TableEdit::AddFoe(Foe::Nemesis(Nemesis::new("N", 9, 5, 2, false).unwrap()))).unwrap();
        for e in edits {
            let before = d.clone();
            if d.apply(e).is_err() {
                prop_assert_eq!(&d, &before);
            }
            prop_assert!(d.critical.validate().is_ok());
            prop_assert!(d.turn <= d.order.len());
        }
    }
}
