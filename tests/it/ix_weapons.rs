//! Weapons on the Ix sheet and the fight they start, through the reducers the screens use:
//! add, change and remove with refusals that change nothing, the attack pool from the
//! character's ratings, and issue 16's fight: a weapon hit triggers a crit, a second climbs by
//! +10, a healer treats one, Fortune is spent and flips, and a Killed result kills.

use satchel::model::EditError;
use satchel::model::ix_checks::SheetCheck;
use satchel::model::ix_sheet::{IxEdit, IxSheet};
use satchel::model::session::{IxSession, Point, SessionEdit};
use satchel::model::{CharacterAction, NamedDocument, Roster, System};
use satchel::rules::ix::check::{Against, FortuneState, Target};
use satchel::rules::ix::checks::Guard;
use satchel::rules::ix::critical::{Healer, MedicineTask, critical_from_d100};
use satchel::rules::ix::dice::{CheckResult, DieKind};
use satchel::rules::ix::health::Vitality;
use satchel::rules::ix::pool::{Difficulty, Pool};
use satchel::rules::ix::session::SessionPool;
use satchel::rules::ix::stats::Characteristic;
use satchel::rules::ix::weapon::{
    AttackReport, Attacker, CritBy, RangeBand, Weapon, attack_report,
};

/// Weapon `i`'s attack at Average with no target, as the one check door builds it.
fn attack_pool(s: &IxSheet, i: usize) -> Result<Pool, EditError> {
    let against = Against::Preset(Difficulty::Average);
    s.check(
        SheetCheck::Weapon(i),
        FortuneState::Available,
        None,
        against,
    )
    .map(|c| c.pool())
}

/// A grapple with `skill` on a target of Might `might` and Agility `agility`.
fn grapple_pool(s: &IxSheet, skill: &str, might: i32, agility: i32) -> Result<Pool, EditError> {
    let target = Target {
        might,
        agility,
        ..Target::default()
    };
    let what = SheetCheck::Grapple(skill);
    s.check(what, FortuneState::Available, Some(&target), Against::Own)
        .map(|c| c.pool())
}

fn weapon(name: &str, damage: i32, crit: i32, skill: &str) -> Box<Weapon> {
    Box::new(Weapon {
        name: name.into(),
        damage,
        crit,
        range: RangeBand::Engaged,
        skill: skill.into(),
    })
}

fn check(net_successes: i32, net_boons: i32, breakthroughs: u32) -> CheckResult {
    CheckResult {
        net_successes,
        net_boons,
        breakthroughs,
        calamities: 0,
        succeeded: net_successes >= 1,
    }
}

#[test]
fn weapons_are_added_changed_and_removed_with_refusals_that_change_nothing() {
    let mut s = IxSheet::new("Vex");
    s.apply(IxEdit::SaveWeapon(
        None,
        weapon(" Longsword ", 5, 3, "melee"),
    ))
    .unwrap();
    // The name is trimmed and the skill takes the sheet's own spelling.
    assert_eq!(s.weapons[0], *weapon("Longsword", 5, 3, "Melee"));
    let before = s.clone();
    for (w, why) in [
        (weapon("", 5, 3, "Melee"), "Give it a name."),
        (
            weapon("Maul", 21, 3, "Melee"),
            "Damage is 21; it must be from 0 to 20.",
        ),
        (
            weapon("Maul", 5, 0, "Melee"),
            "Crit rating is 0; it must be from 1 to 6.",
        ),
        (
            weapon("Maul", 5, 7, "Melee"),
            "Crit rating is 7; it must be from 1 to 6.",
        ),
        (
            weapon("Maul", 5, 3, "Polearms"),
            "There is no skill called Polearms on this sheet; add it under Skills first.",
        ),
        (
            weapon("longsword", 5, 3, "Melee"),
            "There is already a weapon called longsword.",
        ),
    ] {
        let err = s.apply(IxEdit::SaveWeapon(None, w)).unwrap_err();
        assert_eq!(err.to_string(), why);
        assert_eq!(s, before);
    }
    let err = s
        .apply(IxEdit::SaveWeapon(Some(3), weapon("Axe", 5, 3, "Melee")))
        .unwrap_err();
    assert_eq!(err.to_string(), "That weapon is no longer on the sheet.");
    assert_eq!(s, before);

    // Changing one keeps its own name free to reuse.
    let mut w = weapon("Longsword", 6, 2, "Melee");
    w.range = RangeBand::Short;
    s.apply(IxEdit::SaveWeapon(Some(0), w.clone())).unwrap();
    assert_eq!(s.weapons[0], *w);
    s.apply(IxEdit::RemoveWeapon(0)).unwrap();
    assert!(s.weapons.is_empty());
    assert!(s.apply(IxEdit::RemoveWeapon(0)).is_err());
}

#[test]
fn a_weapons_skill_follows_a_rename_and_cannot_be_removed_from_under_it() {
    let mut s = IxSheet::new("Vex");
    s.apply(IxEdit::SaveWeapon(None, weapon("Bow", 6, 3, "Ranged")))
        .unwrap();
    let ranged = s
        .character
        .skills
        .iter()
        .position(|k| k.name == "Ranged")
        .unwrap();
    s.apply(IxEdit::RenameSkill(ranged, "Archery".into()))
        .unwrap();
    assert_eq!(s.weapons[0].skill, "Archery");
    let before = s.clone();
    let err = s.apply(IxEdit::RemoveSkill(ranged)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Bow attacks with Archery: change or remove the weapon first."
    );
    assert_eq!(s, before);
    s.apply(IxEdit::RemoveWeapon(0)).unwrap();
    s.apply(IxEdit::RemoveSkill(ranged)).unwrap();
}

#[test]
fn an_attack_rolls_the_weapons_skill_against_average() {
    let mut s = IxSheet::new("Vex");
    s.apply(IxEdit::Characteristic(Characteristic::Agility, 3))
        .unwrap();
    let ranged = s
        .character
        .skills
        .iter()
        .position(|k| k.name == "Ranged")
        .unwrap();
    s.apply(IxEdit::SkillRank(ranged, 2)).unwrap();
    s.apply(IxEdit::SaveWeapon(None, weapon("Bow", 6, 3, "Ranged")))
        .unwrap();
    // Agility 3, Ranged 2: 3 dice, 2 of them upgraded; Average adds 2 Trial dice.
    let pool = attack_pool(&s, 0).unwrap();
    assert_eq!(
        [
            DieKind::Ability,
            DieKind::Mastery,
            DieKind::Trial,
            DieKind::Crisis
        ]
        .map(|k| pool.count(k)),
        [1, 2, 2, 0]
    );
    // Defensive Guard rules out the attack, as it does an attack skill.
    s.apply(IxEdit::SetGuard(Guard::DefensiveGuard)).unwrap();
    assert!(attack_pool(&s, 0).is_err());
    assert!(attack_pool(&s, 1).is_err());
}

#[test]
fn stored_sheets_without_weapons_load_and_store_as_before() {
    let s = IxSheet::new("Vex");
    let json = serde_json::to_value(&s).unwrap();
    assert!(json.get("weapons").is_none(), "{json}");
    let back: IxSheet = serde_json::from_value(json).unwrap();
    assert!(back.weapons.is_empty());
}

fn create(r: &mut Roster, id: &str, name: &str) {
    r.apply(
        CharacterAction::Create {
            id: id.into(),
            system: System::Ix,
            name: name.into(),
        },
        1,
    )
    .unwrap();
}

fn edit(r: &mut Roster, id: &str, edit: IxEdit) -> Result<(), String> {
    r.apply(
        CharacterAction::EditIx {
            id: id.into(),
            edit,
        },
        2,
    )
    .map(drop)
    .map_err(|e| e.to_string())
}

fn sheet<'a>(r: &'a Roster, id: &str) -> &'a IxSheet {
    r.get(id).unwrap().ix().unwrap()
}

/// Issue 16's fight, as the sheet's Attack, "Apply" and "Roll Critical Injury" buttons drive it:
/// the report comes from the rules, the damage goes through the target's own damage edit as
/// from an attack, the injury through its own roll edit.
#[test]
fn a_fight_from_the_weapon_hit_to_the_killed_result() {
    let mut r = Roster::default();
    create(&mut r, "vex", "Vex");
    create(&mut r, "bo", "Bo");
    create(&mut r, "mara", "Mara");
    edit(
        &mut r,
        "vex",
        IxEdit::SaveWeapon(None, weapon("Longsword", 5, 3, "Melee")),
    )
    .unwrap();
    let sword = sheet(&r, "vex").weapons[0].clone();

    // A session of two players: Vex spends Fortune on the attack, and it flips to Peril.
    let mut session = IxSession::default();
    session.apply(SessionEdit::Start(2), &r).unwrap();
    let mut pool = attack_pool(sheet(&r, "vex"), 0).unwrap();
    let mastery = pool.count(DieKind::Mastery);
    let mut points = session.pool.unwrap();
    points.spend_fortune_on(&mut pool).unwrap();
    assert_eq!(pool.count(DieKind::Mastery), mastery + 1);
    assert_eq!(
        points,
        SessionPool {
            fortune: 1,
            peril: 2
        }
    );
    session
        .apply(
            SessionEdit::Spend {
                point: Point::Fortune,
                who: "Vex".into(),
                what: "Attack with Longsword".into(),
            },
            &r,
        )
        .unwrap();
    assert_eq!(session.pool, Some(points));

    // The hit: 2 net Successes and 3 net Boons against Crit 3.
    let report = attack_report(&sword, &check(2, 3, 0), Attacker::Single);
    assert_eq!(
        report,
        AttackReport {
            hit: true,
            damage: 7,
            critical: Some(CritBy::Boons)
        }
    );
    edit(
        &mut r,
        "bo",
        IxEdit::Harm {
            strain: false,
            n: report.damage,
            from_attack: true,
        },
    )
    .unwrap();
    assert_eq!(sheet(&r, "bo").character.health.wounds, 3);
    // Still standing: only the Boons owe the injury, and the roll is Bo's (d100 40, none carried).
    assert!(!sheet(&r, "bo").critical_owed);
    edit(&mut r, "bo", IxEdit::AddInjury(critical_from_d100(40, 0))).unwrap();
    assert_eq!(sheet(&r, "bo").character.injuries_carried(), 1);

    // A second crit, by a Breakthrough: the same d100 climbs by +10 for the one carried.
    let second = attack_report(&sword, &check(1, 0, 1), Attacker::Single);
    assert_eq!(second.critical, Some(CritBy::Breakthrough));
    assert_eq!(second.damage, 6);
    let carried = sheet(&r, "bo").character.injuries_carried() as u32;
    let climb = critical_from_d100(40, carried);
    assert_eq!(climb.total, 50);
    edit(&mut r, "bo", IxEdit::AddInjury(climb)).unwrap();
    assert_eq!(sheet(&r, "bo").character.injuries_carried(), 2);

    // Mara treats the first: her Intellect and Medicine against the Moderate row's Average
    // difficulty; a successful check removes it.
    let row = sheet(&r, "bo").character.critical_injuries[0].row;
    let healer = Healer::from_character(&sheet(&r, "mara").character);
    let medicine = healer.pool(MedicineTask::CriticalInjury { row }).unwrap();
    assert_eq!(medicine.count(DieKind::Trial), 2);
    edit(&mut r, "bo", IxEdit::TreatInjury(0, check(1, 0, 0))).unwrap();
    assert_eq!(sheet(&r, "bo").character.injuries_carried(), 1);

    // The second hit takes Bo below 0: the damage edit owes an injury of its own.
    edit(
        &mut r,
        "bo",
        IxEdit::Harm {
            strain: false,
            n: second.damage,
            from_attack: true,
        },
    )
    .unwrap();
    let bo = sheet(&r, "bo");
    assert_eq!(bo.character.health.wounds, -3);
    assert!(bo.critical_owed);
    // A Killed result (d100 100 + 10 x 5 carried = 150) kills.
    edit(&mut r, "bo", IxEdit::AddInjury(critical_from_d100(100, 5))).unwrap();
    let bo = sheet(&r, "bo");
    assert!(!bo.critical_owed);
    assert_eq!(bo.character.health.vitality(), Vitality::Dead);

    // A miss deals nothing and offers no injury, whatever its Boons (RULINGS.md).
    let miss = attack_report(&sword, &check(-1, 2, 0), Attacker::Single);
    assert_eq!(
        miss,
        AttackReport {
            hit: false,
            damage: 0,
            critical: None
        }
    );
}

#[test]
fn a_grapple_rolls_the_skill_against_the_target_s_might_and_agility() {
    let mut s = IxSheet::new("Vex");
    s.apply(IxEdit::Characteristic(Characteristic::Might, 3))
        .unwrap();
    let athletics = s
        .character
        .skills
        .iter()
        .position(|k| k.name == "Athletics")
        .unwrap();
    s.apply(IxEdit::SkillRank(athletics, 1)).unwrap();
    // Might 3, Athletics 1: 2 Ability + 1 Mastery. A target of Might 4, Agility 2: the higher
    // (4) in dice, the lower (2) upgraded: 2 Trial + 2 Crisis.
    let pool = grapple_pool(&s, "athletics", 4, 2).unwrap();
    assert_eq!(pool.describe(), "2 Ability, 1 Mastery vs 2 Trial, 2 Crisis");
    // Agility higher than Might reads the same way round.
    let swapped = grapple_pool(&s, "Athletics", 2, 4).unwrap();
    assert_eq!(swapped, pool);
    // Out-of-range target ratings and a missing skill are refused by name.
    let e = grapple_pool(&s, "Athletics", 7, 2).unwrap_err().to_string();
    assert!(e.contains("Target Might is 7"), "{e}");
    let e = grapple_pool(&s, "Wrestling", 3, 3).unwrap_err().to_string();
    assert!(e.contains("no skill called Wrestling"), "{e}");
    // A grapple is an attack: Defensive Guard refuses it until it is lowered.
    s.apply(IxEdit::SetGuard(Guard::DefensiveGuard)).unwrap();
    assert!(grapple_pool(&s, "Athletics", 4, 2).is_err());
    s.apply(IxEdit::SetGuard(Guard::None)).unwrap();
    assert!(grapple_pool(&s, "Athletics", 4, 2).is_ok());
}
