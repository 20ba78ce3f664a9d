//! The one Ix check door, as a matrix: every door (each kind of action a screen rolls) against
//! every modifier that may bear on it (a condition, carried Bane dice, being down, a target's
//! Defense and guard, Fortune, a Minion group's size, a sealed difficulty), each cell written
//! by hand from the reference and RULINGS.md. `action_for` matches every [`ActionKind`]
//! exhaustively, so a new door does not compile until it has its row here. Then the bullets
//! of issue 40, each through the documents that own the state (`IxSheet`, the GM table).

use satchel::model::ix_checks::{FoeCheck, SheetCheck};
use satchel::model::ix_sheet::{IxEdit, IxSheet};
use satchel::model::ix_table::{Foe, FoeEntry, IxTableDoc, TableEdit};
use satchel::model::{CharacterAction, NamedDocument, Roster, System};
use satchel::rules::ix::adversary::{MinionGroup, Nemesis};
use satchel::rules::ix::check::{
    Action, ActionKind, Actor, Against, Fortune, FortuneState, MinionGroupSize, Ratings, Refusal,
    Target, check, may_act,
};
use satchel::rules::ix::checks::{Condition, FearRating, Guard, Tradition};
use satchel::rules::ix::critical::{MedicineTask, ROW_COUNT};
use satchel::rules::ix::dice::{CheckResult, DieKind};
use satchel::rules::ix::health::Vitality;
use satchel::rules::ix::pool::{Difficulty, Pool};
use satchel::rules::ix::weapon::{Attacker, CritBy, RangeBand, Weapon, attack_report};

const ALL_KINDS: [ActionKind; 10] = [
    ActionKind::Skill,
    ActionKind::Attack,
    ActionKind::Grapple,
    ActionKind::Contest,
    ActionKind::Cast,
    ActionKind::Medicine,
    ActionKind::Initiative,
    ActionKind::Fear,
    ActionKind::Rally,
    ActionKind::Maneuver,
];

/// Characteristic 3, skill 2: 1 Ability and 2 Mastery dice on every door.
fn rated() -> Ratings {
    Ratings::new(3, 2)
}

/// Each door's action and the GM's difficulty it is rolled against, with the Trial and
/// Crisis dice that gives (worked by hand): `None` for a door with no dice of its own.
fn action_for(kind: ActionKind) -> Option<(Action, Against, (u8, u8))> {
    let average = Against::Preset(Difficulty::Average);
    Some(match kind {
        ActionKind::Skill => (Action::Skill(rated()), average, (2, 0)),
        ActionKind::Attack => (
            Action::Attack {
                ratings: rated(),
                ranged: false,
            },
            average,
            (2, 0),
        ),
        // The target (Might 4, Agility 2 in `target`): 4 dice, 2 upgraded.
        ActionKind::Grapple => (Action::Grapple(rated()), Against::Own, (2, 2)),
        // A defender with Willpower 3 and Discipline 1: 3 dice, 1 upgraded.
        ActionKind::Contest => (
            Action::Contest {
                ratings: rated(),
                resist: Ratings::new(3, 1),
            },
            Against::Own,
            (2, 1),
        ),
        ActionKind::Cast => (
            Action::Cast {
                ratings: rated(),
                tradition: Tradition::Primal,
                spell_trial_dice: 3,
                grant: None,
            },
            Against::Own,
            (3, 0),
        ),
        ActionKind::Medicine => (
            Action::Medicine {
                ratings: rated(),
                task: MedicineTask::TreatWounds,
            },
            Against::Own,
            (2, 0),
        ),
        ActionKind::Initiative => (Action::Initiative(rated()), Against::Own, (0, 0)),
        ActionKind::Fear => (
            Action::Fear {
                ratings: rated(),
                rating: FearRating::new(3).unwrap(),
            },
            Against::Own,
            (3, 0),
        ),
        ActionKind::Rally => (
            Action::Rally {
                ratings: rated(),
                rating: FearRating::new(1).unwrap(),
            },
            Against::Own,
            (1, 0),
        ),
        // A Maneuver rolls nothing; it is only ever asked whether it is allowed.
        ActionKind::Maneuver => return None,
    })
}

fn target() -> Target {
    Target {
        name: "Reyna".into(),
        guard: Guard::None,
        melee_defense: 2,
        ranged_defense: 5,
        might: 4,
        agility: 2,
    }
}

/// Whether the rules let a character who is down take this action.
fn acts_while_down(kind: ActionKind) -> bool {
    matches!(
        kind,
        ActionKind::Skill | ActionKind::Initiative | ActionKind::Fear
    )
}

/// The door's pool for `actor`, against [`target`] (which only an attack or a grapple reads).
fn pool_of(actor: &Actor, kind: ActionKind) -> Option<Result<Pool, Refusal>> {
    let (action, against, _) = action_for(kind)?;
    Some(check(actor, action, Some(&target()), against).map(|c| c.pool()))
}

#[test]
fn every_door_builds_its_own_dice_and_difficulty() {
    for kind in ALL_KINDS {
        let Some((action, against, (trial, crisis))) = action_for(kind) else {
            assert_eq!(may_act(&Actor::default(), kind), Ok(()));
            continue;
        };
        let t = target();
        let c = check(&Actor::default(), action, Some(&t), against).unwrap();
        let p = c.pool();
        assert_eq!(
            (p.count(DieKind::Ability), p.count(DieKind::Mastery)),
            (1, 2),
            "{kind:?}"
        );
        // An attack's target adds its Melee Defense 2 as 2 Bane dice; nothing else does.
        let banes = if kind == ActionKind::Attack { 2 } else { 0 };
        assert_eq!(
            (
                p.count(DieKind::Trial),
                p.count(DieKind::Crisis),
                p.count(DieKind::BaneDie)
            ),
            (trial, crisis, banes),
            "{kind:?}"
        );
        assert_eq!(c.fortune, Fortune::May, "{kind:?}");
        // Every die has its reason, in words.
        assert!(c.reasons().iter().all(|r| r.contains(':')), "{kind:?}");
    }
}

#[test]
fn every_modifier_on_every_door() {
    for kind in ALL_KINDS {
        let Some(bare) = pool_of(&Actor::default(), kind) else {
            continue;
        };
        // What each modifier adds, over the door's own Bane dice (an attack's Defense).
        let base = bare.unwrap().count(DieKind::BaneDie);
        let banes = |actor: &Actor| {
            pool_of(actor, kind)
                .unwrap()
                .unwrap()
                .count(DieKind::BaneDie)
                - base
        };
        let attack = matches!(kind, ActionKind::Attack | ActionKind::Grapple);
        let frightened = Actor {
            conditions: vec![Condition::Frightened],
            ..Actor::default()
        };
        let demoralized = Actor {
            conditions: vec![Condition::Demoralized],
            ..Actor::default()
        };
        if kind == ActionKind::Rally {
            // A Frightened or Demoralized leader rallies no one (reference, "Lifting
            // Demoralized").
            for afraid in [&frightened, &demoralized] {
                assert_eq!(pool_of(afraid, kind), Some(Err(Refusal::LeaderAfraid)));
            }
        } else {
            // Frightened: a Bane die on every check (the source is near in play).
            assert_eq!(banes(&frightened), 1, "Frightened on {kind:?}");
            // Demoralized: on attacks only (listed, switched off, elsewhere).
            assert_eq!(
                banes(&demoralized),
                u8::from(attack),
                "Demoralized on {kind:?}"
            );
        }
        // Carried Bane dice: on whatever check is next.
        let carrying = Actor {
            carried_banes: 2,
            ..Actor::default()
        };
        assert_eq!(banes(&carrying), 2, "carried on {kind:?}");
        // Down: only a skill, initiative or a fear check.
        let down = Actor {
            vitality: Some(Vitality::Incapacitated { bleeding: true }),
            ..Actor::default()
        };
        match pool_of(&down, kind).unwrap() {
            Ok(_) => assert!(acts_while_down(kind), "{kind:?} while down"),
            Err(r) => {
                assert!(!acts_while_down(kind), "{kind:?} while down");
                assert_eq!(r, Refusal::Incapacitated);
            }
        }
        let dead = Actor {
            vitality: Some(Vitality::Dead),
            ..Actor::default()
        };
        assert_eq!(pool_of(&dead, kind).unwrap(), Err(Refusal::Dead));
        // Fortune: a player may; an adversary never.
        let (action, against, _) = action_for(kind).unwrap();
        let adversary = Actor {
            fortune: FortuneState::Adversary,
            ..Actor::default()
        };
        let c = check(&adversary, action, Some(&target()), against).unwrap();
        assert_eq!(c.fortune, Fortune::NotForAdversaries, "{kind:?}");
        // A Minion group of 3 standing: 2 Boon dice; of 6: the cap of 3; none standing: no check.
        let group = |standing| Actor {
            fortune: FortuneState::Adversary,
            minions: Some(MinionGroupSize { standing, cap: 3 }),
            ..Actor::default()
        };
        for (standing, boons) in [(1, 0), (3, 2), (6, 3)] {
            let p = pool_of(&group(standing), kind).unwrap().unwrap();
            assert_eq!(
                p.count(DieKind::BoonDie),
                boons,
                "{kind:?}, {standing} standing"
            );
        }
        assert_eq!(
            pool_of(&group(0), kind).unwrap(),
            Err(Refusal::GroupDefeated)
        );
        // Defensive Guard up: no attack, grapple or casting.
        let guarding = Actor {
            defensive_guard: true,
            ..Actor::default()
        };
        let refused = matches!(
            kind,
            ActionKind::Attack | ActionKind::Grapple | ActionKind::Cast
        );
        assert_eq!(
            pool_of(&guarding, kind).unwrap().is_err(),
            refused,
            "Defensive Guard on {kind:?}"
        );
        // A sealed difficulty (1 Trial, 1 Crisis, 1 Bane) takes the place of the GM's
        // preset; a door's own dice (a spell's, a resistance) stay.
        if kind == ActionKind::Rally {
            continue;
        }
        let mut sealed = Pool::new();
        sealed.add_dice(DieKind::Trial, 1).unwrap();
        sealed.add_dice(DieKind::Crisis, 1).unwrap();
        sealed.add_dice(DieKind::BaneDie, 1).unwrap();
        let c = check(
            &frightened,
            action,
            Some(&target()),
            match against {
                Against::Preset(_) => Against::Sealed(sealed),
                own => own,
            },
        )
        .unwrap()
        .under_seal(&sealed);
        let p = c.pool();
        // The door's own dice, kept under the seal: a spell's 3 Trial dice, the contest's
        // 2 Trial and 1 Crisis, the grapple's 2 Trial and 2 Crisis. The GM's own preset, a
        // task's or a fear rating's difficulty gives way to the seal.
        let (own_trial, own_crisis) = match kind {
            ActionKind::Cast => (3, 0),
            ActionKind::Contest => (2, 1),
            ActionKind::Grapple => (2, 2),
            _ => (0, 0),
        };
        assert_eq!(
            (
                p.count(DieKind::Trial),
                p.count(DieKind::Crisis),
                p.count(DieKind::BaneDie)
            ),
            (1 + own_trial, 1 + own_crisis, base + 2),
            "sealed {kind:?}"
        );
    }
}

#[test]
fn a_targets_defense_and_guard_weigh_on_attacks_by_kind() {
    let t = target();
    let attack = |ranged, t: &Target| {
        let action = Action::Attack {
            ratings: rated(),
            ranged,
        };
        check(
            &Actor::default(),
            action,
            Some(t),
            Against::Preset(Difficulty::Average),
        )
        .unwrap()
        .pool()
    };
    // Melee Defense 2: 2 Bane dice; Ranged Defense 5 is read through the cap of 3.
    assert_eq!(attack(false, &t).count(DieKind::BaneDie), 2);
    assert_eq!(attack(true, &t).count(DieKind::BaneDie), 3);
    // Guarded: one Trial die becomes a Crisis die, on top of Defense.
    let guarded = Target {
        guard: Guard::Guarded,
        ..t.clone()
    };
    let p = attack(false, &guarded);
    assert_eq!(
        (
            p.count(DieKind::Trial),
            p.count(DieKind::Crisis),
            p.count(DieKind::BaneDie)
        ),
        (1, 1, 2)
    );
    // A grapple: the guard, not Defense.
    let c = check(
        &Actor::default(),
        Action::Grapple(rated()),
        Some(&guarded),
        Against::Own,
    )
    .unwrap();
    assert_eq!(c.pool().count(DieKind::BaneDie), 0);
    assert_eq!(c.pool().count(DieKind::Crisis), 3);
}

fn roster_with(names: &[&str]) -> Roster {
    let mut r = Roster::default();
    for (k, n) in names.iter().enumerate() {
        r.apply(
            CharacterAction::Create {
                id: format!("id-{n}"),
                name: (*n).into(),
                system: System::Ix,
            },
            k as u64,
        )
        .unwrap();
    }
    r
}

fn sheet(r: &Roster, name: &str) -> IxSheet {
    r.get(&format!("id-{name}")).unwrap().ix().unwrap().clone()
}

fn edit(r: &mut Roster, name: &str, edit: IxEdit) {
    r.apply(
        CharacterAction::EditIx {
            id: format!("id-{name}"),
            edit,
        },
        0,
    )
    .unwrap();
}

#[test]
fn an_incapacitated_character_is_offered_no_attack_and_told_why() {
    let mut r = roster_with(&["Kara"]);
    edit(
        &mut r,
        "Kara",
        IxEdit::SaveWeapon(
            None,
            Box::new(Weapon {
                name: "Sword".into(),
                damage: 4,
                crit: 3,
                range: RangeBand::Engaged,
                skill: "Melee".into(),
            }),
        ),
    );
    assert_eq!(sheet(&r, "Kara").unable(), None);
    edit(
        &mut r,
        "Kara",
        IxEdit::Harm {
            strain: false,
            n: 10,
            from_attack: true,
        },
    );
    let kara = sheet(&r, "Kara");
    assert_eq!(kara.unable(), Some(Refusal::Incapacitated));
    let why = kara
        .check(
            SheetCheck::Weapon(0),
            FortuneState::Available,
            None,
            Against::Preset(Difficulty::Average),
        )
        .unwrap_err()
        .to_string();
    assert!(why.starts_with("Incapacitated"), "{why}");
    // A perception check or a fear check is still rolled.
    assert!(
        kara.check(
            SheetCheck::Fear {
                rating: FearRating::new(2).unwrap(),
                sudden: false
            },
            FortuneState::Available,
            None,
            Against::Own,
        )
        .is_ok()
    );
}

#[test]
fn a_healers_medicine_carries_the_healers_conditions_not_the_patients() {
    let mut r = roster_with(&["Dax", "Ame"]);
    // The patient is Frightened and carries the GM's Bane die; the healer carries neither.
    edit(&mut r, "Dax", IxEdit::AddCondition(Condition::Frightened));
    edit(&mut r, "Dax", IxEdit::CarryBane);
    let healer = sheet(&r, "Ame");
    let c = healer
        .check(
            SheetCheck::Medicine(MedicineTask::TreatWounds),
            FortuneState::Available,
            None,
            Against::Own,
        )
        .unwrap();
    assert_eq!(c.pool().count(DieKind::BaneDie), 0);
    // A Frightened healer brings their own die.
    edit(&mut r, "Ame", IxEdit::AddCondition(Condition::Frightened));
    let c = sheet(&r, "Ame")
        .check(
            SheetCheck::Medicine(MedicineTask::TreatWounds),
            FortuneState::Available,
            None,
            Against::Own,
        )
        .unwrap();
    assert_eq!(c.pool().count(DieKind::BaneDie), 1);
    assert!(c.reasons().iter().any(|r| r == "Frightened: +1 Bane die"));
}

#[test]
fn a_step_down_on_a_character_already_down_owes_the_automatic_crit() {
    let mut r = roster_with(&["Kara"]);
    // Down to 0: incapacitation owes one; roll it away.
    edit(
        &mut r,
        "Kara",
        IxEdit::Set(satchel::model::ix_sheet::Num::Wounds, 0),
    );
    assert!(sheet(&r, "Kara").critical_owed);
    edit(&mut r, "Kara", IxEdit::WaiveCritical);
    // The Wounds stepper's next step, and the turn order's "-1 Wound" (a Harm from an
    // attack), each owe the automatic one on a character already down.
    edit(
        &mut r,
        "Kara",
        IxEdit::Set(satchel::model::ix_sheet::Num::Wounds, -1),
    );
    assert!(sheet(&r, "Kara").critical_owed);
    edit(&mut r, "Kara", IxEdit::WaiveCritical);
    edit(
        &mut r,
        "Kara",
        IxEdit::Harm {
            strain: false,
            n: 1,
            from_attack: true,
        },
    );
    assert!(sheet(&r, "Kara").critical_owed);
    // Bleeding out is not a hit: nothing owed.
    edit(&mut r, "Kara", IxEdit::WaiveCritical);
    edit(&mut r, "Kara", IxEdit::BleedOut);
    assert!(!sheet(&r, "Kara").critical_owed);
}

fn sword() -> Weapon {
    Weapon {
        name: "Spear".into(),
        damage: 3,
        crit: 2,
        range: RangeBand::Engaged,
        skill: "Melee".into(),
    }
}

fn result(net_successes: i32, net_boons: i32, breakthroughs: u32) -> CheckResult {
    CheckResult {
        net_successes,
        net_boons,
        breakthroughs,
        calamities: 0,
        succeeded: net_successes >= 1,
    }
}

#[test]
fn crits_need_a_hit_and_a_minion_group_never_spends_a_breakthrough() {
    let mut doc = IxTableDoc::default();
    let roster = Roster::default();
    let group = MinionGroup::new("Spears", 4, 3, 1, false).unwrap();
    doc.apply(TableEdit::AddFoe(Foe::Minions(group)), &roster)
        .unwrap();
    let f: &FoeEntry = &doc.foes[0];
    assert_eq!(f.attacker(), Attacker::MinionGroup);
    // A Breakthrough on a hit: no crit for a Minion group; Boons at the rating still buy one.
    assert_eq!(
        attack_report(&sword(), &result(1, 0, 1), f.attacker()).critical,
        None
    );
    assert_eq!(
        attack_report(&sword(), &result(1, 2, 1), f.attacker()).critical,
        Some(CritBy::Boons)
    );
    // A miss buys nothing, whatever its Boons.
    assert_eq!(
        attack_report(&sword(), &result(0, 4, 1), Attacker::Single).critical,
        None
    );
}

#[test]
fn a_killed_crit_removes_an_adversary_from_the_fight() {
    let mut doc = IxTableDoc::default();
    let roster = Roster::default();
    let reyna = Nemesis::new("Reyna", 12, 10, 2, false).unwrap();
    doc.apply(TableEdit::AddFoe(Foe::Nemesis(reyna)), &roster)
        .unwrap();
    let mut block = doc.foes[0].stats.clone();
    block.weapons.push(sword());
    doc.apply(TableEdit::SetStats(0, Box::new(block)), &roster)
        .unwrap();
    assert_eq!(doc.foes[0].unable(), None);
    doc.apply(TableEdit::FoeInjury(0, ROW_COUNT - 1), &roster)
        .unwrap();
    let f = &doc.foes[0];
    assert!(f.dead() && f.down());
    assert_eq!(f.vitality(), Some(Vitality::Dead));
    assert_eq!(f.unable(), Some(Refusal::Dead));
    assert!(
        f.check(
            FoeCheck::Weapon(0),
            None,
            Against::Preset(Difficulty::Average)
        )
        .is_err()
    );
    // In a Minion group, a Killed row kills the minion it struck.
    let group = MinionGroup::new("Spears", 4, 3, 1, false).unwrap();
    doc.apply(TableEdit::AddFoe(Foe::Minions(group)), &roster)
        .unwrap();
    doc.apply(TableEdit::FoeInjury(1, ROW_COUNT - 1), &roster)
        .unwrap();
    let Foe::Minions(m) = &doc.foes[1].foe else {
        panic!("a group");
    };
    assert_eq!(m.standing(), 2);
}

#[test]
fn initiative_on_the_gm_table_goes_through_the_door() {
    use satchel::model::ix_table::Fighter;
    use satchel::rules::ix::session::InitiativeKind;
    let mut r = roster_with(&["Vex"]);
    edit(&mut r, "Vex", IxEdit::AddCondition(Condition::Frightened));
    let mut doc = IxTableDoc::default();
    let group = MinionGroup::new("Spears", 4, 3, 1, false).unwrap();
    doc.apply(TableEdit::AddFoe(Foe::Minions(group)), &r)
        .unwrap();
    doc.apply(TableEdit::JoinInitiative(0, InitiativeKind::OnWatch), &r)
        .unwrap();
    let vex = Fighter {
        name: String::new(),
        character_id: Some("id-Vex".into()),
        kind: InitiativeKind::OnWatch,
        rating: 0,
        rank: 0,
        result: None,
        foe_id: None,
    };
    // Vex's Frightened die goes on her initiative as on any check from her sheet.
    let p = doc.initiative_pool(&vex, &r).unwrap();
    assert_eq!(p.count(DieKind::BaneDie), 1);
    // The group of three: one member's ratings and two passive Boon dice.
    let spears = doc
        .fighters
        .iter()
        .find(|f| f.foe_id.is_some())
        .unwrap()
        .clone();
    let p = doc.initiative_pool(&spears, &r).unwrap();
    assert_eq!(p.count(DieKind::BoonDie), 2);
}
