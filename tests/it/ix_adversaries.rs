//! Adversaries entered once with a stat block: old tables still load, blocks are checked
//! whole, initiative is joined by choosing an adversary (its own ratings roll), an attack's
//! pool comes from the block, and the GM's library keeps, copies and reuses adversaries.

use proptest::prelude::*;
use satchel::model::EditError;
use satchel::model::ix_checks::FoeCheck;
use satchel::model::ix_foe::StatBlock;
use satchel::model::ix_table::{Fighter, Foe, FoeEntry, IxTableDoc, TableEdit};
use satchel::model::{
    ExportKind, NamedDoc, NamedDocument, Roster, decode, export_file, parse_import,
};
use satchel::rules::ix::adversary::{Elite, MinionGroup, Nemesis};
use satchel::rules::ix::check::Against;
use satchel::rules::ix::dice::DieKind;
use satchel::rules::ix::pool::Difficulty;
use satchel::rules::ix::pool::Pool;
use satchel::rules::ix::session::InitiativeKind;
use satchel::rules::ix::stats::{Characteristic, Skill};
use satchel::rules::ix::weapon::{RangeBand, Weapon};

fn apply(d: &mut IxTableDoc, e: TableEdit) -> Result<(), String> {
    d.apply(e, &Roster::default())
        .map(drop)
        .map_err(|e| e.to_string())
}

fn skill(name: &str, c: Characteristic, rank: i32) -> Skill {
    Skill {
        name: name.into(),
        characteristic: c,
        rank,
    }
}

fn sword() -> Weapon {
    Weapon {
        name: "Sword".into(),
        damage: 5,
        crit: 3,
        range: RangeBand::Engaged,
        skill: "Melee".into(),
    }
}

/// A captain: Might 4, Agility 3, Savvy 3, Willpower 2; Melee 2, Perception 2, Discipline 1;
/// Melee Defense 1; a sword (Melee) and a crossbow (Ranged, no rank).
fn captain() -> StatBlock {
    let mut b = StatBlock::default();
    b.characteristics.might = 4;
    b.characteristics.agility = 3;
    b.characteristics.savvy = 3;
    b.skills = vec![
        skill("Melee", Characteristic::Might, 2),
        skill("Perception", Characteristic::Savvy, 2),
        skill("Discipline", Characteristic::Willpower, 1),
    ];
    b.melee_defense = 1;
    b.weapons = vec![
        sword(),
        Weapon {
            name: "Crossbow".into(),
            damage: 7,
            crit: 2,
            range: RangeBand::Medium,
            skill: "Ranged".into(),
        },
    ];
    b
}

/// Adversary `f`'s attack with weapon `i` at Average, as the one check door builds it.
fn attack(f: &FoeEntry, i: usize) -> Result<Pool, EditError> {
    f.check(
        FoeCheck::Weapon(i),
        None,
        Against::Preset(Difficulty::Average),
    )
    .map(|c| c.pool())
}

fn counts(p: &Pool) -> [u8; 4] {
    [
        p.count(DieKind::Ability),
        p.count(DieKind::Mastery),
        p.count(DieKind::Trial),
        p.count(DieKind::Crisis),
    ]
}

fn table_with_two() -> IxTableDoc {
    let mut d = IxTableDoc::default();
    apply(
        &mut d,
        TableEdit::AddFoeWithStats(
            Foe::Elite(Elite::new("Captain", 12, false).unwrap()),
            Box::new(captain()),
        ),
    )
    .unwrap();
    apply(
        &mut d,
        TableEdit::AddFoeWithStats(
            Foe::Minions(MinionGroup::new("Spears", 4, 3, 1, false).unwrap()),
            Box::default(),
        ),
    )
    .unwrap();
    d
}

#[test]
fn a_table_saved_before_stat_blocks_loads_with_its_fear_numbers_in_the_block() {
    // As schema 1 wrote it: `nerve` on adversaries, no `stats`, no ids, no library.
    let old = r#"{"schema":1,
        "fighters":[{"name":"Spears","character_id":null,"kind":"OnWatch","rating":3,"rank":1,"result":null}],
        "foes":[
          {"foe":{"Elite":{"name":"Captain","health":{"wounds_max":12,"wounds":9,"strain_max":0,"strain":0},
            "immune_to_fear":false,"demoralized":false}},"injuries":[2],"critical_owed":false,
            "nerve":{"willpower":4,"discipline":3}},
          {"foe":{"Minions":{"name":"Spears","wounds_per_minion":4,"members":3,"wounds":12,
            "best_skill_rank":2,"immune_to_fear":false,"demoralized":false}}}
        ]}"#;
    let d: IxTableDoc = decode(old, IxTableDoc::SCHEMA).unwrap();
    let cap = &d.foes[0];
    assert_eq!(cap.stats.characteristics.willpower, 4);
    assert_eq!(cap.stats.rank("Discipline"), 3);
    assert_eq!(cap.fear_ratings("Discipline"), (4, 3));
    assert_eq!(cap.injuries, vec![2]);
    // No nerve stored: Willpower 2 and no rank, as older versions read it.
    assert_eq!(d.foes[1].fear_ratings("Readiness"), (2, 2));
    assert_eq!(d.foes[1].stats, StatBlock::default());
    // A by-hand participant keeps rolling its typed numbers: Savvy 3, Perception 1.
    assert_eq!(d.fighters[0].foe_id, None);
    let p = d
        .initiative_pool(&d.fighters[0], &Roster::default())
        .unwrap();
    assert_eq!(counts(&p), [2, 1, 0, 0]);
    assert!(d.library.is_empty());
    // Written again, the old field is gone and the block stays.
    let json = serde_json::to_string(&d).unwrap();
    assert!(!json.contains("nerve"), "{json}");
    let again: IxTableDoc = serde_json::from_str(&json).unwrap();
    assert_eq!(again, d);
}

#[test]
fn a_stat_block_out_of_range_is_refused_whole_and_named() {
    let mut d = table_with_two();
    let before = d.clone();
    let refuse = |d: &mut IxTableDoc, change: &dyn Fn(&mut StatBlock)| {
        let mut b = captain();
        change(&mut b);
        apply(d, TableEdit::SetStats(0, Box::new(b))).unwrap_err()
    };
    assert_eq!(
        refuse(&mut d, &|b| b.characteristics.might = 7),
        "Might is 7; it must be from 1 to 6."
    );
    assert_eq!(
        refuse(&mut d, &|b| b.skills[0].rank = 6),
        "Skill rank (Melee) is 6; it must be from 0 to 5."
    );
    assert_eq!(
        refuse(&mut d, &|b| b.melee_defense = 4),
        "Melee Defense is 4; it must be from 0 to 3."
    );
    assert_eq!(
        refuse(&mut d, &|b| b.weapons[0].crit = 0),
        "Crit rating is 0; it must be from 1 to 6."
    );
    assert_eq!(
        refuse(&mut d, &|b| b.weapons[1].skill = "Juggling".into()),
        "Crossbow rolls Juggling, which is neither on this block nor a standard skill."
    );
    assert_eq!(
        refuse(&mut d, &|b| b.skills.push(skill(
            "melee",
            Characteristic::Might,
            1
        ))),
        "melee is listed twice."
    );
    assert_eq!(
        refuse(&mut d, &|b| b.weapons[0].name = "  ".into()),
        "Type a name for the weapon."
    );
    assert_eq!(d, before, "a refused block changes nothing");
    // The old fear numbers' limits still hold on adding.
    let mut b = captain();
    b.characteristics.willpower = 0;
    assert!(
        apply(
            &mut d,
            TableEdit::AddFoeWithStats(
                Foe::Elite(Elite::new("Brute", 6, false).unwrap()),
                Box::new(b)
            )
        )
        .is_err()
    );
    assert_eq!(d, before);
}

proptest! {
    /// Any block is either stored exactly as given or refused with the table unchanged.
    #[test]
    fn set_stats_stores_exactly_or_changes_nothing(
        c in proptest::array::uniform6(-2i32..9),
        rank in -2i32..8,
        defense in -1i32..6,
        damage in -2i32..25,
        crit in -1i32..9,
    ) {
        let mut d = table_with_two();
        let before = d.clone();
        let mut b = captain();
        for (k, ch) in Characteristic::ALL.into_iter().enumerate() {
            b.characteristics.set(ch, c[k]);
        }
        b.skills[0].rank = rank;
        b.ranged_defense = defense;
        b.weapons[0].damage = damage;
        b.weapons[0].crit = crit;
        let valid = c.iter().all(|v| (1..=6).contains(v))
            && (0..=5).contains(&rank)
            && (0..=3).contains(&defense)
            && (0..=20).contains(&damage)
            && (1..=6).contains(&crit);
        match apply(&mut d, TableEdit::SetStats(0, Box::new(b.clone()))) {
            Ok(()) => {
                prop_assert!(valid);
                prop_assert_eq!(&d.foes[0].stats, &b);
                prop_assert_eq!(&d.foes[1], &before.foes[1]);
            }
            Err(_) => {
                prop_assert!(!valid);
                prop_assert_eq!(&d, &before);
            }
        }
    }
}

#[test]
fn an_adversary_joins_initiative_by_choosing_it_and_rolls_its_own_ratings() {
    let mut d = table_with_two();
    let r = Roster::default();
    apply(
        &mut d,
        TableEdit::JoinInitiative(0, InitiativeKind::OnWatch),
    )
    .unwrap();
    apply(
        &mut d,
        TableEdit::JoinInitiative(1, InitiativeKind::Surprised),
    )
    .unwrap();
    assert_eq!(d.fighters[0].name, "Captain");
    assert_eq!(d.fighters[1].name, "Spears");
    assert_ne!(d.fighters[0].foe_id, d.fighters[1].foe_id);
    // On Watch: Savvy 3, Perception 2 -> 3 dice, 2 upgraded: 1 Ability, 2 Mastery.
    let p = d.initiative_pool(&d.fighters[0], &r).unwrap();
    assert_eq!(counts(&p), [1, 2, 0, 0]);
    // Surprised with an empty block: Willpower 2, no Readiness -> 2 Ability.
    let p = d.initiative_pool(&d.fighters[1], &r).unwrap();
    assert_eq!(counts(&p), [2, 0, 0, 0]);
    // A change to the block is what the next roll reads (one fact, one home).
    let mut b = captain();
    b.skills[1].rank = 4;
    apply(&mut d, TableEdit::SetStats(0, Box::new(b))).unwrap();
    let p = d.initiative_pool(&d.fighters[0], &r).unwrap();
    assert_eq!(counts(&p), [1, 3, 0, 0], "Perception 4 over Savvy 3");
    // Switching to Surprised rolls Willpower 2 with Readiness 0.
    apply(&mut d, TableEdit::FighterKind(0, InitiativeKind::Surprised)).unwrap();
    let p = d.initiative_pool(&d.fighters[0], &r).unwrap();
    assert_eq!(counts(&p), [2, 0, 0, 0]);
    // Twice is refused, as is a name a by-hand participant already has.
    let before = d.clone();
    assert_eq!(
        apply(
            &mut d,
            TableEdit::JoinInitiative(0, InitiativeKind::OnWatch)
        )
        .unwrap_err(),
        "Captain is already taking part."
    );
    assert!(
        apply(
            &mut d,
            TableEdit::JoinInitiative(5, InitiativeKind::OnWatch)
        )
        .is_err()
    );
    assert_eq!(d, before);
    // By hand still works beside them.
    apply(
        &mut d,
        TableEdit::AddFighter(Fighter {
            name: "Ferryman".into(),
            character_id: None,
            kind: InitiativeKind::OnWatch,
            rating: 2,
            rank: 1,
            result: None,
            foe_id: None,
        }),
    )
    .unwrap();
    assert_eq!(d.fighters.len(), 3);
    // Removing the adversary takes it out of initiative too.
    apply(&mut d, TableEdit::RemoveFoe(0)).unwrap();
    let names: Vec<_> = d.fighters.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["Spears", "Ferryman"]);
    // The remaining link still finds its adversary, now at index 0.
    let p = d.initiative_pool(&d.fighters[0], &r).unwrap();
    assert_eq!(counts(&p), [2, 0, 0, 0]);
}

#[test]
fn an_adversary_attack_rolls_its_weapon_skill_at_average() {
    let d = table_with_two();
    let f = &d.foes[0];
    // Sword, Melee 2 with Might 4: 4 dice, 2 upgraded; Average is 2 Trial dice.
    assert_eq!(counts(&attack(f, 0).unwrap()), [2, 2, 2, 0]);
    // Crossbow, Ranged not on the block: untrained with Agility 3.
    assert_eq!(counts(&attack(f, 1).unwrap()), [3, 0, 2, 0]);
    assert!(attack(f, 2).is_err());
    // Fear: Readiness is not on the block (rank 0), Discipline is (rank 1).
    assert_eq!(d.foes[0].fear_ratings("Readiness"), (2, 0));
    assert_eq!(d.foes[0].fear_ratings("Discipline"), (2, 1));
}

#[test]
fn the_library_keeps_copies_and_reuses_adversaries_unhurt() {
    let mut d = table_with_two();
    apply(&mut d, TableEdit::Damage(0, 5, true)).unwrap();
    apply(&mut d, TableEdit::Keep(0)).unwrap();
    let kept = &d.library[0];
    assert_eq!(kept.name(), "Captain");
    match &kept.foe {
        Foe::Elite(e) => assert_eq!((e.health.wounds, e.health.wounds_max), (12, 12)),
        other => panic!("kept as {other:?}"),
    }
    assert_eq!(kept.stats, captain());
    apply(&mut d, TableEdit::DuplicateKept(0)).unwrap();
    assert_eq!(d.library[1].name(), "Captain (copy)");
    apply(&mut d, TableEdit::RenameKept(1, " Sergeant ".into())).unwrap();
    assert_eq!(d.library[1].name(), "Sergeant");
    let before = d.clone();
    assert!(apply(&mut d, TableEdit::RenameKept(1, "  ".into())).is_err());
    assert!(apply(&mut d, TableEdit::FromLibrary(9, String::new())).is_err());
    assert_eq!(d, before);
    // Added to a later encounter: a fresh copy with the block, its own name or a new one.
    apply(&mut d, TableEdit::FromLibrary(1, String::new())).unwrap();
    apply(&mut d, TableEdit::FromLibrary(0, "Captain Ash".into())).unwrap();
    assert_eq!(d.foes.len(), 4);
    assert_eq!(d.foes[2].name(), "Sergeant");
    assert_eq!(d.foes[3].name(), "Captain Ash");
    assert_eq!(d.foes[3].stats, captain());
    assert!(!d.foes[3].down());
    // A Nemesis comes back with its full Peril budget.
    apply(
        &mut d,
        TableEdit::AddFoe(Foe::Nemesis(
            Nemesis::new("Wyrm", 20, 10, 3, false).unwrap(),
        )),
    )
    .unwrap();
    apply(&mut d, TableEdit::NemesisPeril(4, 0)).unwrap();
    apply(&mut d, TableEdit::Keep(4)).unwrap();
    match &d.library[2].foe {
        Foe::Nemesis(n) => assert_eq!((n.peril, n.peril_max), (3, 3)),
        other => panic!("kept as {other:?}"),
    }
    apply(&mut d, TableEdit::RemoveKept(0)).unwrap();
    let names: Vec<_> = d.library.iter().map(|k| k.name().to_string()).collect();
    assert_eq!(names, ["Sergeant", "Wyrm"]);
}

#[test]
fn the_library_travels_in_an_export() {
    let mut d = table_with_two();
    apply(&mut d, TableEdit::Keep(0)).unwrap();
    let doc = NamedDoc {
        name: IxTableDoc::NAME.into(),
        doc: serde_json::to_value(&d).unwrap(),
    };
    let raw = export_file(ExportKind::Everything, &[], &[doc], "t", 1);
    let file = parse_import(&raw).unwrap();
    let back: IxTableDoc = serde_json::from_value(file.documents[0].doc.clone()).unwrap();
    assert_eq!(back.library, d.library);
    assert_eq!(back.foes[0].stats, captain());
}

#[test]
fn a_minion_group_checks_with_one_minions_rank_and_a_boon_die_per_other_member_standing() {
    // Reference, "Minions operate in groups": one minion adds its skill rank to the group's
    // check; the rest help passively, which RULINGS.md makes one Boon die for each standing
    // member beyond the first, at most 3. Spears of 3 (4 Wounds each), Might 3, Melee 1.
    let mut d = table_with_two();
    let mut b = captain();
    b.characteristics.might = 3;
    b.skills = vec![skill("Melee", Characteristic::Might, 1)];
    b.weapons = vec![sword()];
    apply(&mut d, TableEdit::SetStats(1, Box::new(b))).unwrap();
    // Might 3, Melee 1: 2 Ability, 1 Mastery; Average adds 2 Trial. Not 3 ranks for 3 minions,
    // but two more standing: 2 Boon dice.
    let full = attack(&d.foes[1], 0).unwrap();
    assert_eq!(counts(&full), [2, 1, 2, 0]);
    assert_eq!(full.count(DieKind::BoonDie), 2);
    // One down: one Boon die; two down: the one rank alone.
    apply(&mut d, TableEdit::Damage(1, 4, true)).unwrap();
    assert_eq!(attack(&d.foes[1], 0).unwrap().count(DieKind::BoonDie), 1);
    apply(&mut d, TableEdit::Damage(1, 4, true)).unwrap();
    let Foe::Minions(m) = &d.foes[1].foe else {
        panic!("still a group");
    };
    assert_eq!(m.standing(), 1);
    let last = attack(&d.foes[1], 0).unwrap();
    assert_eq!(counts(&last), [2, 1, 2, 0]);
    assert_eq!(last.count(DieKind::BoonDie), 0);
    // All down: no attack at all, and the refusal says why.
    apply(&mut d, TableEdit::Damage(1, 4, true)).unwrap();
    let why = attack(&d.foes[1], 0).unwrap_err().to_string();
    assert_eq!(why, "Every member of the group is down.");
    // Its fear check: the group's best skill rank, once.
    assert_eq!(d.foes[1].fear_ratings("Discipline").1, 1);
}

#[test]
fn a_turn_order_row_finds_its_adversary_by_its_link_and_its_damage_shows_there() {
    let mut d = table_with_two();
    // A second adversary called Spears (names may repeat): the one that joins is the one found.
    apply(
        &mut d,
        TableEdit::AddFoe(Foe::Elite(Elite::new("Spears", 10, false).unwrap())),
    )
    .unwrap();
    apply(
        &mut d,
        TableEdit::JoinInitiative(2, InitiativeKind::OnWatch),
    )
    .unwrap();
    assert_eq!(
        d.foe_index("Spears"),
        Some(2),
        "the link, not the first name"
    );
    // Typed in by hand with an adversary's name: that adversary, by name.
    let by_hand = |name: &str| Fighter {
        name: name.into(),
        character_id: None,
        kind: InitiativeKind::OnWatch,
        rating: 2,
        rank: 1,
        result: None,
        foe_id: None,
    };
    apply(&mut d, TableEdit::AddFighter(by_hand("Captain"))).unwrap();
    assert_eq!(d.foe_index("Captain"), Some(0));
    apply(&mut d, TableEdit::AddFighter(by_hand("Ferryman"))).unwrap();
    assert_eq!(d.foe_index("Ferryman"), None, "no adversary of that name");
    // Damage through the row's index lands on that adversary: Elite Captain, 12 Wounds, takes
    // 5 from an attack and has 7 left.
    let i = d.foe_index("Captain").unwrap();
    apply(&mut d, TableEdit::Damage(i, 5, true)).unwrap();
    match &d.foes[0].foe {
        Foe::Elite(e) => assert_eq!((e.health.wounds, e.health.wounds_max), (7, 12)),
        other => panic!("not the Captain: {other:?}"),
    }
    // Removing an adversary earlier in the list: the link still finds Spears, one place up.
    apply(&mut d, TableEdit::RemoveFoe(1)).unwrap();
    assert_eq!(d.foe_index("Spears"), Some(1));
    // Removing the Captain leaves its by-hand participant with no adversary to show.
    apply(&mut d, TableEdit::RemoveFoe(0)).unwrap();
    assert_eq!(d.foe_index("Captain"), None);
    assert_eq!(d.foe_index("Spears"), Some(0));
}

#[test]
fn a_minion_group_row_counts_who_stands_after_damage() {
    let mut d = table_with_two();
    apply(
        &mut d,
        TableEdit::JoinInitiative(1, InitiativeKind::OnWatch),
    )
    .unwrap();
    let i = d.foe_index("Spears").unwrap();
    // 3 minions of 4 Wounds each: 5 damage fells one and leaves the next with 3; two stand.
    apply(&mut d, TableEdit::Damage(i, 5, true)).unwrap();
    let Foe::Minions(m) = &d.foes[i].foe else {
        panic!("Spears are a Minion group");
    };
    assert_eq!((m.standing(), m.wounds, m.wounds_max()), (2, 7, 12));
    // 7 more take the rest down: none stand, and the row reads it as down.
    apply(&mut d, TableEdit::Damage(i, 7, true)).unwrap();
    assert!(d.foes[i].down());
}

#[test]
fn an_adversary_rolls_a_side_of_the_opposed_check_from_its_stat_block() {
    use satchel::model::ix_table::{Contender, Contest};
    use satchel::rules::ix::dice::CheckResult;
    use satchel::rules::ix::opposed::{OpposedResult, Side};
    let roster = Roster::default();
    let mut d = table_with_two();
    // The acting side was rolling Melee (by hand); the captain takes it and keeps Melee.
    let melee = Contest {
        who: Contender::Character {
            id: "gone".into(),
            skill: "Melee".into(),
        },
        boon_dice: 1,
        ..Contest::by_hand("x")
    };
    d.opposed.acting = melee;
    apply(&mut d, TableEdit::ContestAdversary(Side::Acting, 0)).unwrap();
    let id = d.foes[0].id;
    assert_ne!(id, 0, "the captain was given a link");
    assert_eq!(
        d.opposed.acting.who,
        Contender::Adversary {
            id,
            skill: "Melee".into()
        }
    );
    assert_eq!(d.opposed.acting.boon_dice, 1, "its Boon die stays");
    // Might 4, Melee 2: 2 Ability and 2 Mastery, plus the Boon die.
    let (a, _) = d.opposed.pools(&roster, &d.foes).unwrap();
    assert_eq!(counts(&a), [2, 2, 0, 0]);
    assert_eq!(a.count(DieKind::BoonDie), 1);
    assert_eq!(d.opposed.acting.name(&roster, &d.foes), "Captain");

    // The stat block is read at roll time: Melee 3 now gives 1 Ability, 3 Mastery.
    let mut b = d.foes[0].stats.clone();
    b.skills[0].rank = 3;
    apply(&mut d, TableEdit::SetStats(0, Box::new(b))).unwrap();
    let (a, _) = d.opposed.pools(&roster, &d.foes).unwrap();
    assert_eq!(counts(&a), [1, 3, 0, 0]);

    // The Spears have no skills of their own: Melee is still a standard skill they roll at
    // rank 0 with Might 2 (two Ability dice).
    apply(&mut d, TableEdit::ContestAdversary(Side::Defending, 1)).unwrap();
    assert_eq!(
        d.opposed.defending.who,
        Contender::Adversary {
            id: d.foes[1].id,
            skill: "Discipline".into()
        },
        "a by-hand side had no skill to keep: Discipline"
    );
    assert_ne!(d.foes[1].id, id);

    // A skill the block cannot roll is refused and changes nothing.
    let before = d.clone();
    let juggling = Contest {
        who: Contender::Adversary {
            id,
            skill: "Juggling".into(),
        },
        ..Contest::by_hand("x")
    };
    let err = apply(&mut d, TableEdit::SetContest(Side::Acting, juggling)).unwrap_err();
    assert!(err.contains("Juggling"), "{err}");
    assert_eq!(d, before);
    // So is an adversary that is not on the table.
    assert!(apply(&mut d, TableEdit::ContestAdversary(Side::Acting, 7)).is_err());
    assert_eq!(d, before);

    // A roll is recorded with the adversary's name.
    let r = OpposedResult::compare(
        CheckResult {
            net_successes: 2,
            net_boons: 0,
            breakthroughs: 0,
            calamities: 0,
            succeeded: true,
        },
        CheckResult {
            net_successes: 0,
            net_boons: 0,
            breakthroughs: 0,
            calamities: 0,
            succeeded: false,
        },
    );
    apply(&mut d, TableEdit::OpposedRolled(r)).unwrap();
    assert_eq!(d.opposed.last, Some(r));

    // Removing the captain leaves its side rolling the same numbers by hand.
    apply(&mut d, TableEdit::RemoveFoe(0)).unwrap();
    assert_eq!(
        d.opposed.acting.who,
        Contender::ByHand {
            name: "Captain".into(),
            characteristic: 4,
            skill: 3
        }
    );
    assert_eq!(d.opposed.last, None);
    let (a, _) = d.opposed.pools(&roster, &d.foes).unwrap();
    assert_eq!(counts(&a), [1, 3, 0, 0]);
    // The Spears' side still reads the Spears.
    assert_eq!(d.opposed.defending.name(&roster, &d.foes), "Spears");
}

#[test]
fn every_skill_an_adversary_can_roll_lists_its_own_first_once_each() {
    let b = captain();
    let all = b.all_skills();
    let names: Vec<&str> = all.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(&names[..3], ["Melee", "Perception", "Discipline"]);
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "no skill twice: {names:?}");
    // Ranged is standard and not its own: listed once, rank 0, and it rolls Agility 3.
    let ranged = all.iter().find(|k| k.name == "Ranged").expect("standard");
    assert_eq!(ranged.rank, 0);
    assert_eq!(b.check_pool("Ranged").unwrap().1, (3, 0));
    assert!(b.check_pool("Juggling").is_err());
}
