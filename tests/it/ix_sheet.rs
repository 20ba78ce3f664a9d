//! The Ix sheet reducer: every edit with exact outcomes, refusals that change nothing, and the
//! stored document's round trip.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::model::EditError;
use satchel::model::ix_checks::SheetCheck;
use satchel::model::ix_sheet::{IxEdit, IxSheet, Num, SheetSpell, Text};
use satchel::rules::ix::character::KnownSpell;
use satchel::rules::ix::check::{Against, FortuneState};
use satchel::rules::ix::checks::ForbiddenGrantCase;
use satchel::rules::ix::checks::{Condition, Guard, Tradition};
use satchel::rules::ix::critical::{MedicineTask, critical_from_d100, roll_critical, row_bounds};
use satchel::rules::ix::dice::CheckResult;
use satchel::rules::ix::health::Vitality;
use satchel::rules::ix::magic::{EmpowerOption, EmpowerTrigger, SpellDesign, SpellRange};
use satchel::rules::ix::pool::Pool;
use satchel::rules::ix::stats::Characteristic;

fn sheet() -> IxSheet {
    IxSheet::new("Vex")
}

fn result(net: i32) -> CheckResult {
    CheckResult {
        net_successes: net,
        net_boons: 0,
        breakthroughs: 0,
        calamities: 0,
        succeeded: net >= 1,
    }
}

/// A listed spell with `overloads` options named "Overload 1".. and one Empower option.
fn spell(name: &str, trial: i32, strain: i32, overloads: usize) -> SheetSpell {
    let mut design = SpellDesign::listed(name, Tradition::Arcana, trial, strain);
    design.overloads = (1..=overloads).map(|k| format!("Overload {k}")).collect();
    design.empowers = vec![EmpowerOption {
        trigger: EmpowerTrigger::Boons(2),
        text: "One more target".into(),
    }];
    SheetSpell {
        design,
        effect: "A bolt of force.".into(),
    }
}

#[test]
fn new_sheet_has_defaults_and_the_default_skills() {
    let s = sheet();
    assert_eq!(s.character.name, "Vex");
    assert_eq!(s.character.skills.len(), 24);
    assert_eq!(
        (s.character.health.wounds, s.character.health.strain),
        (10, 10)
    );
}

#[test]
fn characteristics_and_skills_are_range_checked() {
    let mut s = sheet();
    s.apply(IxEdit::Characteristic(Characteristic::Intellect, 4))
        .unwrap();
    assert_eq!(s.character.characteristics.intellect, 4);
    let e = s
        .apply(IxEdit::Characteristic(Characteristic::Might, 7))
        .unwrap_err()
        .to_string();
    assert!(e.contains("Might") && e.contains('6'), "{e}");
    assert_eq!(s.character.characteristics.might, 2);
    s.apply(IxEdit::SkillRank(9, 3)).unwrap();
    assert_eq!(s.character.skills[9].name, "Medicine");
    assert_eq!(s.character.skills[9].rank, 3);
    assert!(s.apply(IxEdit::SkillRank(9, 6)).is_err());
    assert!(s.apply(IxEdit::SkillRank(99, 1)).is_err());
    // Intellect 4, Medicine 3: higher-of is 4 dice, 3 of them upgraded.
    let pool = s
        .character
        .skill_pool("Medicine", Characteristic::Intellect)
        .unwrap();
    assert_eq!(pool.describe(), "1 Ability, 3 Mastery vs no dice");
}

#[test]
fn custom_skills_add_rename_relink_remove() {
    let mut s = sheet();
    s.apply(IxEdit::AddSkill(
        "  Sailing ".into(),
        Characteristic::Agility,
    ))
    .unwrap();
    let i = s.character.skills.len() - 1;
    assert_eq!(s.character.skills[i].name, "Sailing");
    assert!(
        s.apply(IxEdit::AddSkill("lore".into(), Characteristic::Savvy))
            .unwrap_err()
            .to_string()
            .contains("already")
    );
    assert!(
        s.apply(IxEdit::AddSkill("  ".into(), Characteristic::Savvy))
            .is_err()
    );
    assert!(
        s.apply(IxEdit::AddSkill("x".repeat(41), Characteristic::Savvy))
            .is_err()
    );
    s.apply(IxEdit::RenameSkill(i, "Seamanship".into()))
        .unwrap();
    s.apply(IxEdit::LinkSkill(i, Characteristic::Intellect))
        .unwrap();
    assert_eq!(
        s.character.skills[i].characteristic,
        Characteristic::Intellect
    );
    assert!(s.apply(IxEdit::RenameSkill(i, "Stealth".into())).is_err());
    s.apply(IxEdit::RemoveSkill(i)).unwrap();
    assert_eq!(s.character.skills.len(), 24);
}

#[test]
fn wounds_run_through_the_rules_to_incapacitation_and_back() {
    let mut s = sheet();
    s.apply(IxEdit::Set(Num::Wounds, 3)).unwrap();
    assert_eq!(s.character.health.wounds, 3);
    s.apply(IxEdit::Set(Num::Wounds, 0)).unwrap();
    assert_eq!(
        s.character.health.vitality(),
        Vitality::Incapacitated { bleeding: true }
    );
    s.apply(IxEdit::BleedOut).unwrap();
    assert_eq!(s.character.health.wounds, -1);
    s.apply(IxEdit::Stabilise(result(1))).unwrap();
    s.apply(IxEdit::BleedOut).unwrap();
    assert_eq!(s.character.health.wounds, -1);
    // Below minus the maximum is out of range and refused.
    assert!(s.apply(IxEdit::Set(Num::Wounds, -11)).is_err());
    s.apply(IxEdit::Set(Num::Wounds, 2)).unwrap();
    assert_eq!(s.character.health.vitality(), Vitality::Standing);
    assert!(!s.character.health.stabilised);
    s.apply(IxEdit::Set(Num::Wounds, -10)).unwrap();
    assert_eq!(s.character.health.vitality(), Vitality::Dead);
    assert!(s.apply(IxEdit::Set(Num::Wounds, 5)).is_err());
}

#[test]
fn maxima_keep_damage_taken_and_strain_costs_refuse_when_short() {
    let mut s = sheet();
    s.apply(IxEdit::Set(Num::Wounds, 7)).unwrap();
    s.apply(IxEdit::Set(Num::WoundsMax, 14)).unwrap();
    assert_eq!(
        (s.character.health.wounds_max, s.character.health.wounds),
        (14, 11)
    );
    assert!(s.apply(IxEdit::Set(Num::WoundsMax, 0)).is_err());
    s.apply(IxEdit::Set(Num::Strain, 1)).unwrap();
    s.apply(IxEdit::CatchBreath).unwrap();
    assert_eq!(s.character.health.strain, 2);
    assert!(
        s.apply(IxEdit::CatchBreath)
            .unwrap_err()
            .to_string()
            .contains("Catch Breath")
    );
    s.apply(IxEdit::SaveSpell(None, Box::new(spell("Bolt", 2, 3, 1))))
        .unwrap();
    assert!(s.apply(IxEdit::CastSpell(0, vec![])).is_err());
    assert_eq!(s.character.health.strain, 2);
    s.apply(IxEdit::Rest).unwrap();
    assert_eq!(s.character.health.strain, 10);
    assert_eq!(s.character.health.wounds, 13);
    s.apply(IxEdit::CastSpell(0, vec![0])).unwrap();
    assert_eq!(s.character.health.strain, 7);
    s.apply(IxEdit::NewEncounter).unwrap();
    s.apply(IxEdit::CatchBreath).unwrap();
    assert_eq!(s.character.health.strain, 8);
}

#[test]
fn defense_is_stored_raw_and_read_capped() {
    let mut s = sheet();
    s.apply(IxEdit::Set(Num::Melee, 5)).unwrap();
    assert_eq!(s.character.defenses.effective_melee(), 3);
    assert!(s.apply(IxEdit::Set(Num::Ranged, 21)).is_err());
}

#[test]
fn critical_injuries_climb_step_down_and_treat() {
    let mut s = sheet();
    s.apply(IxEdit::AddInjury(critical_from_d100(12, 0)))
        .unwrap();
    let carried = s.character.injuries_carried();
    let second = critical_from_d100(12, carried as u32);
    assert_eq!(second.total, 22);
    s.apply(IxEdit::AddInjury(second)).unwrap();
    assert_eq!(s.character.critical_injuries[0].row, 2);
    assert_eq!(s.character.critical_injuries[1].row, 4);
    assert!(s.character.critical_injuries[1].note.contains("= 22"));
    s.apply(IxEdit::StepDownInjury(1)).unwrap();
    assert_eq!(s.character.critical_injuries[1].row, 3);
    let e = s
        .apply(IxEdit::TreatInjury(0, result(0)))
        .unwrap_err()
        .to_string();
    assert!(e.contains("failed"));
    assert_eq!(s.character.critical_injuries.len(), 2);
    s.apply(IxEdit::TreatInjury(0, result(1))).unwrap();
    assert_eq!(s.character.critical_injuries.len(), 1);
    s.apply(IxEdit::RemoveInjury(0)).unwrap();
    assert!(s.character.critical_injuries.is_empty());
    // A Mortal row (101-140) is not stepped down by ordinary means: refused, in words.
    s.apply(IxEdit::AddInjury(critical_from_d100(95, 1)))
        .unwrap();
    let mortal = s.character.critical_injuries[0].row;
    assert_eq!(row_bounds(mortal), (101, 110));
    let e = s.apply(IxEdit::StepDownInjury(0)).unwrap_err().to_string();
    assert!(e.contains("Mortal injury does not step down"), "{e}");
    assert_eq!(s.character.critical_injuries[0].row, mortal);
    // A Deadly row (86-100) still steps down.
    s.apply(IxEdit::RemoveInjury(0)).unwrap();
    s.apply(IxEdit::AddInjury(critical_from_d100(90, 0)))
        .unwrap();
    s.apply(IxEdit::StepDownInjury(0)).unwrap();
    assert_eq!(row_bounds(s.character.critical_injuries[0].row), (81, 85));
    s.apply(IxEdit::RemoveInjury(0)).unwrap();
    // A killed row cannot be treated or stepped down.
    s.apply(IxEdit::AddInjury(critical_from_d100(100, 5)))
        .unwrap();
    assert!(s.apply(IxEdit::TreatInjury(0, result(3))).is_err());
    assert!(s.apply(IxEdit::StepDownInjury(0)).is_err());
}

#[test]
fn take_and_recover_go_through_the_rules_and_owe_critical_injuries() {
    let mut s = sheet();
    let harm = |n, from_attack| IxEdit::Harm {
        strain: false,
        n,
        from_attack,
    };
    // 4 Wounds from an attack: 6 of 10 left, standing, nothing owed.
    s.apply(harm(4, true)).unwrap();
    assert_eq!(s.character.health.wounds, 6);
    assert!(!s.critical_owed);
    // 7 more: -1, incapacitated, and a Critical Injury is owed (attack or not).
    s.apply(harm(7, false)).unwrap();
    assert_eq!(s.character.health.wounds, -1);
    assert!(matches!(
        s.character.health.vitality(),
        Vitality::Incapacitated { bleeding: true }
    ));
    assert!(s.critical_owed);
    // Rolling it settles what is owed.
    s.apply(IxEdit::AddInjury(critical_from_d100(12, 0)))
        .unwrap();
    assert!(!s.critical_owed);
    // While down, Wounds not from an attack owe nothing; a hit from an attack owes one more,
    // and so does Strain from an attack.
    s.apply(harm(1, false)).unwrap();
    assert!(!s.critical_owed);
    s.apply(harm(1, true)).unwrap();
    assert!(s.critical_owed);
    s.apply(IxEdit::WaiveCritical).unwrap();
    s.apply(IxEdit::Harm {
        strain: true,
        n: 2,
        from_attack: true,
    })
    .unwrap();
    assert!(s.critical_owed);
    assert_eq!(s.character.health.strain, 8);
    // Healing counts up from the negative total: -3 + 5 = 2, standing again.
    s.apply(IxEdit::Recover {
        strain: false,
        n: 5,
    })
    .unwrap();
    assert_eq!(s.character.health.wounds, 2);
    assert_eq!(s.character.health.vitality(), Vitality::Standing);
    // Strain recovers to its maximum and no further; a full track refuses, in words.
    s.apply(IxEdit::Recover { strain: true, n: 9 }).unwrap();
    assert_eq!(s.character.health.strain, 10);
    let before = s.clone();
    let e = s
        .apply(IxEdit::Recover { strain: true, n: 1 })
        .unwrap_err()
        .to_string();
    assert_eq!(e, "Strain is already at its maximum (10).");
    assert_eq!(s, before);
    // Nothing taken is refused, and the sheet is unchanged.
    assert!(s.apply(harm(0, true)).is_err());
    assert_eq!(s, before);
    // The GM may waive the one owed; waiving when nothing is owed is refused.
    s.apply(IxEdit::WaiveCritical).unwrap();
    assert!(s.apply(IxEdit::WaiveCritical).is_err());
    // Lowering Wounds with the stepper past 0 owes one as well.
    s.apply(IxEdit::Set(Num::Wounds, 0)).unwrap();
    assert!(s.critical_owed);
}

#[test]
fn a_killed_critical_injury_kills() {
    let mut s = sheet();
    s.apply(IxEdit::Harm {
        strain: false,
        n: 12,
        from_attack: true,
    })
    .unwrap();
    // 100 + 10 x 5 carried = 150: Killed.
    let roll = critical_from_d100(100, 5);
    assert!(roll.killed());
    s.apply(IxEdit::AddInjury(roll)).unwrap();
    assert_eq!(s.character.health.vitality(), Vitality::Dead);
    assert_eq!(s.character.health.wounds, -10);
    assert!(!s.critical_owed);
    // A dead character is not healed.
    assert!(
        s.apply(IxEdit::Recover {
            strain: false,
            n: 3
        })
        .is_err()
    );
}

#[test]
fn seeded_critical_rolls_add_ten_per_injury_carried() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut s = sheet();
    for n in 0..3 {
        let roll = roll_critical(&mut rng, s.character.injuries_carried()).unwrap();
        assert_eq!(roll.total, roll.d100 + 10 * n);
        s.apply(IxEdit::AddInjury(roll)).unwrap();
    }
    assert_eq!(s.character.critical_injuries.len(), 3);
}

#[test]
fn conditions_guard_talents_fortune_and_offenses() {
    let mut s = sheet();
    s.apply(IxEdit::AddCondition(Condition::Frightened))
        .unwrap();
    s.apply(IxEdit::SetText(Text::FrightenedBy, "the wyrm".into()))
        .unwrap();
    assert!(
        s.apply(IxEdit::AddCondition(Condition::Frightened))
            .is_err()
    );
    s.apply(IxEdit::RemoveCondition(0)).unwrap();
    assert_eq!(s.about.frightened_by, "");
    // Guarded is the talent's Maneuver (RULINGS.md): refused without it.
    let e = s.apply(IxEdit::SetGuard(Guard::Guarded)).unwrap_err();
    assert!(e.to_string().contains("Guarded talent"), "{e}");
    s.apply(IxEdit::AddTalent("Guarded".into())).unwrap();
    s.apply(IxEdit::SetGuard(Guard::Guarded)).unwrap();
    s.apply(IxEdit::SetGuard(Guard::DefensiveGuard)).unwrap();
    assert_eq!(s.character.guard, Guard::DefensiveGuard);
    s.apply(IxEdit::AddTalent("Catch Breath".into())).unwrap();
    s.apply(IxEdit::TalentNote(0, "Recover 2".into())).unwrap();
    assert!(s.character.has_talent("catch breath"));
    s.apply(IxEdit::Set(Num::Strain, 5)).unwrap();
    s.apply(IxEdit::CatchBreath).unwrap();
    assert_eq!(s.character.health.strain, 7);
    s.apply(IxEdit::Offense(true, "broke an oath".into()))
        .unwrap();
    s.apply(IxEdit::Repent("penance".into())).unwrap();
    assert_eq!(s.character.offenses.count, 1);
    assert_eq!(s.character.offenses.log.len(), 2);
    s.apply(IxEdit::SetText(Text::Patron, "Ilmar".into()))
        .unwrap();
    assert_eq!(s.character.patron.as_deref(), Some("Ilmar"));
    let long = "word ".repeat(5000);
    s.apply(IxEdit::SetText(Text::Notes, long.clone())).unwrap();
    assert_eq!(s.character.notes, long);
}

#[test]
fn old_documents_without_the_new_fields_still_load() {
    let s = sheet();
    let gear = serde_json::to_value(&s.gear).unwrap();
    let old = serde_json::json!({ "gear": gear });
    let back: IxSheet = serde_json::from_value(old).unwrap();
    assert_eq!(back.character.skills.len(), 24);
    assert_eq!(back.gear, s.gear);
}

#[test]
fn the_spell_builder_saves_designs_and_casting_checks_overloads_and_pays_strain() {
    let mut s = sheet();
    s.apply(IxEdit::Characteristic(Characteristic::Intellect, 4))
        .unwrap();
    // Gravity Anchor: Protection (2) at Short range (+1), Concentration (+0), Strain 2.
    let mut anchor = spell("Gravity Anchor", 2, 2, 0);
    anchor.design.category.name = "Protection".into();
    anchor.design.range = SpellRange::Short;
    anchor.design.duration = "Concentration".into();
    anchor.design.overloads = vec![
        "  Extend to Medium range, or protect two targets  ".into(),
        "Increased damage".into(),
    ];
    s.apply(IxEdit::SaveSpell(None, Box::new(anchor.clone())))
        .unwrap();
    let saved = &s.spellbook[0].design;
    assert_eq!(saved.trial_dice(), 3);
    // Option text is stored trimmed.
    assert_eq!(
        saved.overloads[0],
        "Extend to Medium range, or protect two targets"
    );
    let trial = saved.casting_trial_dice(&[0]).unwrap();
    assert_eq!(trial, 4);
    let pool = s
        .character
        .casting_pool(Tradition::Arcana, trial, false)
        .unwrap();
    assert_eq!(pool.describe(), "4 Ability vs 4 Trial");

    // Refusals change nothing: a duplicate name, four Overloads, an empty option, a
    // difficulty above 10, an Empower on 0 Boons.
    let before = s.clone();
    let mut bad = vec![anchor.clone()];
    let mut four = spell("Four", 2, 2, 4);
    four.design.name = "Four".into();
    bad.push(four);
    let mut empty = spell("Empty", 2, 2, 1);
    empty.design.overloads[0] = "   ".into();
    bad.push(empty);
    let mut steep = spell("Steep", 9, 2, 0);
    steep.design.range = SpellRange::Long;
    bad.push(steep);
    let mut zero = spell("Zero", 2, 2, 0);
    zero.design.empowers[0].trigger = EmpowerTrigger::Boons(0);
    bad.push(zero);
    for b in bad {
        let name = b.design.name.clone();
        assert!(
            s.apply(IxEdit::SaveSpell(None, Box::new(b))).is_err(),
            "{name} was accepted"
        );
        assert_eq!(s, before);
    }
    let e = s
        .apply(IxEdit::SaveSpell(
            None,
            Box::new(spell("gravity anchor", 2, 2, 0)),
        ))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "There is already a spell called gravity anchor."
    );

    // Casting: an unknown or repeated Overload is refused before Strain is paid.
    assert!(s.apply(IxEdit::CastSpell(0, vec![2])).is_err());
    assert!(s.apply(IxEdit::CastSpell(0, vec![1, 1])).is_err());
    assert!(s.apply(IxEdit::CastSpell(1, vec![])).is_err());
    assert_eq!(s.character.health.strain, 10);
    s.apply(IxEdit::CastSpell(0, vec![0, 1])).unwrap();
    assert_eq!(s.character.health.strain, 8);

    // Editing replaces in place (same name allowed for itself); removing drops it.
    let mut edited = anchor;
    edited.design.strain = 5;
    s.apply(IxEdit::SaveSpell(Some(0), Box::new(edited)))
        .unwrap();
    assert_eq!((s.spellbook.len(), s.spellbook[0].design.strain), (1, 5));
    assert!(
        s.apply(IxEdit::SaveSpell(Some(3), Box::new(spell("X", 2, 2, 0))))
            .is_err()
    );
    s.apply(IxEdit::RemoveSpell(0)).unwrap();
    assert!(s.spellbook.is_empty());
}

#[test]
fn spells_of_older_sheets_move_to_the_spellbook_in_order() {
    let mut s = sheet();
    s.character.spells.push(KnownSpell {
        name: "Mend".into(),
        tradition: Tradition::Divine,
        trial_dice: 3,
        strain: 2,
        notes: "Heals 2 Wounds".into(),
    });
    s.spellbook.push(spell("Bolt", 2, 2, 1));
    let json = serde_json::to_string(&s).unwrap();
    let mut back: IxSheet = serde_json::from_str(&json).unwrap();
    assert_eq!(back.character.spells.len(), 1);
    back.apply(IxEdit::Focus(true)).unwrap();
    assert!(back.character.spells.is_empty());
    let names: Vec<&str> = back
        .spellbook
        .iter()
        .map(|x| x.design.name.as_str())
        .collect();
    assert_eq!(names, ["Mend", "Bolt"]);
    let mend = &back.spellbook[0];
    assert_eq!(
        (
            mend.design.trial_dice(),
            mend.design.strain,
            mend.effect.as_str()
        ),
        (3, 2, "Heals 2 Wounds")
    );
    assert_eq!(mend.design.tradition, Tradition::Divine);
    // A sheet stored before the spellbook existed loads with an empty one.
    let mut v = serde_json::to_value(sheet()).unwrap();
    v.as_object_mut().unwrap().remove("spellbook");
    let old: IxSheet = serde_json::from_value(v).unwrap();
    assert!(old.spellbook.is_empty());
}

#[test]
fn stabilising_is_a_medicine_check_on_a_bleeding_character_only() {
    let mut s = sheet();
    // Standing: nothing to stabilise, refused before anyone rolls and when a result arrives.
    let why = s.medicine_refusal(MedicineTask::Stabilise).unwrap_err();
    assert_eq!(
        why.to_string(),
        "Only a character who is bleeding out needs stabilising."
    );
    assert!(s.apply(IxEdit::Stabilise(result(2))).is_err());
    s.apply(IxEdit::Set(Num::Wounds, 0)).unwrap();
    assert_eq!(s.medicine_refusal(MedicineTask::Stabilise), Ok(()));
    // A failed check changes nothing and says so; the bleeding goes on.
    let before = s.clone();
    let failed = s.apply(IxEdit::Stabilise(result(0))).unwrap_err();
    assert_eq!(
        failed.to_string(),
        "The Medicine check failed; they are still bleeding out."
    );
    assert_eq!(s, before);
    s.apply(IxEdit::BleedOut).unwrap();
    assert_eq!(s.character.health.wounds, -1);
    // A success stops it: the next round's bleed costs nothing, and no Wound comes back.
    s.apply(IxEdit::Stabilise(result(1))).unwrap();
    assert_eq!(
        s.character.health.vitality(),
        Vitality::Incapacitated { bleeding: false }
    );
    s.apply(IxEdit::BleedOut).unwrap();
    assert_eq!(s.character.health.wounds, -1);
    assert_eq!(
        s.apply(IxEdit::Stabilise(result(3)))
            .unwrap_err()
            .to_string(),
        "Already stabilised: no longer bleeding out."
    );
    // A conscious patient is needed to treat Wounds.
    assert!(s.medicine_refusal(MedicineTask::TreatWounds).is_err());
    assert!(s.apply(IxEdit::TreatWounds(result(3))).is_err());
}

#[test]
fn treating_wounds_heals_one_per_net_success_once_per_encounter() {
    let mut s = sheet();
    assert_eq!(
        s.medicine_refusal(MedicineTask::TreatWounds)
            .unwrap_err()
            .to_string(),
        "Not wounded: Wounds are at their maximum (10)."
    );
    s.apply(IxEdit::Set(Num::Wounds, 4)).unwrap();
    // 3 net Successes heal 3 Wounds.
    s.apply(IxEdit::TreatWounds(result(3))).unwrap();
    assert_eq!(s.character.health.wounds, 7);
    // Once per encounter per patient, whatever the result.
    let again = s.apply(IxEdit::TreatWounds(result(2))).unwrap_err();
    assert_eq!(
        again.to_string(),
        "Already treated this encounter: Medicine treats a patient once per encounter."
    );
    assert_eq!(s.character.health.wounds, 7);
    s.apply(IxEdit::NewEncounter).unwrap();
    // A failed check still uses the encounter's treatment and heals nothing.
    s.apply(IxEdit::TreatWounds(result(-1))).unwrap();
    assert_eq!(s.character.health.wounds, 7);
    assert!(s.medicine_refusal(MedicineTask::TreatWounds).is_err());
    s.apply(IxEdit::NewEncounter).unwrap();
    // Healing stops at the maximum.
    s.apply(IxEdit::TreatWounds(result(5))).unwrap();
    assert_eq!(s.character.health.wounds, 10);
}

#[test]
fn a_second_maneuver_costs_two_strain_and_is_refused_with_the_reason() {
    let mut s = sheet();
    s.apply(IxEdit::Set(Num::Strain, 3)).unwrap();
    s.apply(IxEdit::SecondManeuver).unwrap();
    assert_eq!(s.character.health.strain, 1);
    let before = s.clone();
    // At most one a turn (RULINGS.md); the next turn brings it back.
    assert_eq!(
        s.apply(IxEdit::SecondManeuver).unwrap_err().to_string(),
        "A second Maneuver is already taken this turn (one a turn; it comes back when the next turn starts)."
    );
    assert_eq!(s, before);
    s.apply(IxEdit::TurnStarts).unwrap();
    let before = s.clone();
    assert_eq!(
        s.apply(IxEdit::SecondManeuver).unwrap_err().to_string(),
        "This costs 2 Strain but only 1 Strain remains."
    );
    assert_eq!(s, before);
    // Down, a character takes no Maneuvers at all, whatever their Strain.
    s.apply(IxEdit::Set(Num::Strain, 10)).unwrap();
    s.apply(IxEdit::Set(Num::Wounds, 0)).unwrap();
    assert_eq!(
        s.apply(IxEdit::SecondManeuver).unwrap_err().to_string(),
        "Incapacitated: no Maneuvers until they are back above 0 Wounds."
    );
    assert_eq!(s.character.health.strain, 10);
}

#[test]
fn no_medicine_reaches_the_dead() {
    let mut s = sheet();
    s.apply(IxEdit::Set(Num::Wounds, -10)).unwrap();
    for task in [MedicineTask::Stabilise, MedicineTask::TreatWounds] {
        assert_eq!(
            s.medicine_refusal(task).unwrap_err().to_string(),
            "The character is dead."
        );
    }
}

#[test]
fn defensive_guard_rules_out_attacking_and_casting_until_it_is_lowered() {
    let mut s = sheet();
    s.apply(IxEdit::SaveSpell(None, Box::new(spell("Bolt", 2, 1, 0))))
        .unwrap();
    s.apply(IxEdit::AddTalent("Guarded".into())).unwrap();
    s.apply(IxEdit::SetGuard(Guard::Guarded)).unwrap();
    // Guarded leaves the Action free.
    assert!(casts(&s).is_ok());
    s.apply(IxEdit::CastSpell(0, vec![])).unwrap();
    s.apply(IxEdit::SetGuard(Guard::DefensiveGuard)).unwrap();
    let why = casts(&s).unwrap_err().to_string();
    assert_eq!(
        why,
        "Defensive Guard is up: no attacking or casting until your next turn. Set No guard when it comes."
    );
    let before = s.clone();
    assert_eq!(
        s.apply(IxEdit::CastSpell(0, vec![]))
            .unwrap_err()
            .to_string(),
        why
    );
    assert_eq!(s, before, "no Strain paid");
    s.apply(IxEdit::SetGuard(Guard::None)).unwrap();
    s.apply(IxEdit::CastSpell(0, vec![])).unwrap();
    // A new encounter starts with no guard up.
    s.apply(IxEdit::SetGuard(Guard::DefensiveGuard)).unwrap();
    s.apply(IxEdit::NewEncounter).unwrap();
    assert!(casts(&s).is_ok());
}

/// Spell 0 cast with no Overload, as the one check door builds it.
fn casts(s: &IxSheet) -> Result<Pool, EditError> {
    let what = SheetCheck::Spell {
        spell: 0,
        picked: &[],
        grant: None,
    };
    s.check(what, FortuneState::Available, None, Against::Own)
        .map(|c| c.pool())
}

/// Spell `i` cast with no Overload under a Forbidden Grant ruling, as the door builds it.
fn cast_pool(s: &IxSheet, i: usize, grant: Option<ForbiddenGrantCase>) -> Result<Pool, EditError> {
    let what = SheetCheck::Spell {
        spell: i,
        picked: &[],
        grant,
    };
    s.check(what, FortuneState::Available, None, Against::Own)
        .map(|c| c.pool())
}

fn edit() -> impl Strategy<Value = IxEdit> {
    let ch = prop::sample::select(Characteristic::ALL.to_vec());
    prop_oneof![
        (ch.clone(), -3i32..10).prop_map(|(c, v)| IxEdit::Characteristic(c, v)),
        (0usize..30, -2i32..8).prop_map(|(i, v)| IxEdit::SkillRank(i, v)),
        (-25i32..25).prop_map(|v| IxEdit::Set(Num::Wounds, v)),
        (-5i32..25).prop_map(|v| IxEdit::Set(Num::Strain, v)),
        (-5i32..120).prop_map(|v| IxEdit::Set(Num::WoundsMax, v)),
        (-5i32..30).prop_map(|v| IxEdit::Set(Num::Melee, v)),
        (1u32..=100, 0u32..25).prop_map(|(d, c)| IxEdit::AddInjury(critical_from_d100(d, c))),
        (0usize..4).prop_map(IxEdit::StepDownInjury),
        (0usize..4, -2i32..3).prop_map(|(i, n)| IxEdit::TreatInjury(i, result(n))),
        Just(IxEdit::BleedOut),
        Just(IxEdit::Rest),
        Just(IxEdit::CatchBreath),
        (-2i32..3).prop_map(|n| IxEdit::Stabilise(result(n))),
        (-2i32..4).prop_map(|n| IxEdit::TreatWounds(result(n))),
        Just(IxEdit::NewEncounter),
        Just(IxEdit::SecondManeuver),
        (0usize..3, prop::collection::vec(0usize..4, 0..3))
            .prop_map(|(i, o)| IxEdit::CastSpell(i, o)),
        (
            "[A-Za-z ]{0,45}",
            0i32..10,
            0i32..12,
            0usize..5,
            prop::option::of(0usize..4)
        )
            .prop_map(|(n, t, st, o, at)| {
                let mut sp = spell("x", t, st, o);
                sp.design.name = n;
                IxEdit::SaveSpell(at, Box::new(sp))
            }),
        (0usize..3).prop_map(IxEdit::RemoveSpell),
        "[a-z ]{0,45}".prop_map(|n| IxEdit::AddSkill(n, Characteristic::Savvy)),
        (0usize..30, "[a-z ]{0,45}").prop_map(|(i, n)| IxEdit::RenameSkill(i, n)),
    ]
}

proptest! {
    #[test]
    fn a_refused_edit_changes_nothing_and_sheets_stay_valid(edits in prop::collection::vec(edit(), 1..40)) {
        let mut s = sheet();
        for e in edits {
            let before = s.clone();
            match s.apply(e) {
                Ok(()) => {
                    prop_assert!(s.character.validate().is_empty());
                    for sp in &s.spellbook {
                        prop_assert!(sp.design.validate().is_empty());
                        prop_assert!(sp.design.overloads.len() <= 3);
                    }
                }
                Err(msg) => {
                    prop_assert!(!msg.to_string().is_empty());
                    prop_assert_eq!(&s, &before);
                }
            }
            let json = serde_json::to_string(&s).unwrap();
            let back: IxSheet = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&back, &s);
        }
    }
}

#[test]
fn an_ix_character_has_no_cash_to_cash_treasure_into() {
    use satchel::model::gear::GearEdit;
    use satchel::rules::inventory::{Item, ItemKind};
    let mut s = sheet();
    s.apply(IxEdit::Gear(GearEdit::Add {
        carrier: 0,
        item: Item {
            kind: ItemKind::Treasure,
            value: 4,
            ..Item::new("Idol")
        },
    }))
    .unwrap();
    let before = s.clone();
    let why = s
        .apply(IxEdit::Gear(GearEdit::CashIn {
            carrier: 0,
            index: 0,
        }))
        .unwrap_err()
        .to_string();
    assert_eq!(
        why,
        "An Ix character keeps no Cash dice to cash treasure into."
    );
    assert_eq!(s, before);
}

#[test]
fn a_forbidden_grant_ruling_reaches_a_divine_casting_pool() {
    use satchel::rules::ix::checks::ShakyStrain;
    let mut s = IxSheet::new("Sister Ame");
    let mut mercy = spell("Mercy", 2, 1, 0);
    mercy.design.tradition = Tradition::Divine;
    s.apply(IxEdit::SaveSpell(None, Box::new(mercy))).unwrap();
    s.apply(IxEdit::SaveSpell(None, Box::new(spell("Bolt", 2, 1, 0))))
        .unwrap();
    // Willpower 2, Divine 0: two Ability dice against the spell's two Trial dice.
    let plain = cast_pool(&s, 0, None).unwrap();
    assert_eq!(plain.describe(), "2 Ability vs 2 Trial");
    // Sound: as usual.
    let sound = cast_pool(&s, 0, Some(ForbiddenGrantCase::Sound)).unwrap();
    assert_eq!(sound, plain);
    // Shaky: one Trial die becomes a Crisis die.
    let shaky = Some(ForbiddenGrantCase::Shaky(ShakyStrain::UpgradeTrial));
    let p = cast_pool(&s, 0, shaky).unwrap();
    assert_eq!(p.describe(), "2 Ability vs 1 Trial, 1 Crisis");
    // Shaky: two Bane dice instead.
    let banes = Some(ForbiddenGrantCase::Shaky(ShakyStrain::BaneDice(2)));
    let p = cast_pool(&s, 0, banes).unwrap();
    assert_eq!(p.describe(), "2 Ability vs 2 Trial, 2 Bane");
    // Bad faith: the channel stays shut, so the sheet never gets to the roll or the Strain.
    let e = cast_pool(&s, 0, Some(ForbiddenGrantCase::BadFaith))
        .unwrap_err()
        .to_string();
    assert!(e.contains("channel stays shut"), "{e}");
    // An Arcana spell has no Forbidden Grant to rule on.
    let e = cast_pool(&s, 1, Some(ForbiddenGrantCase::Sound))
        .unwrap_err()
        .to_string();
    assert!(e.contains("Divine spells only"), "{e}");
    assert!(cast_pool(&s, 5, None).is_err());
}

#[test]
fn divine_calamities_are_tallied_by_area_and_flagged_at_three() {
    let mut s = IxSheet::new("Sister Ame");
    for area in ["Healing the dying", "healing the dying ", "Oaths"] {
        s.apply(IxEdit::DivineCalamity(area.into())).unwrap();
    }
    let tally = &s.divine_calamities;
    assert_eq!(tally.areas.len(), 2);
    assert_eq!(tally.areas[0].calamities, 2);
    assert!(tally.flagged().is_empty());
    s.apply(IxEdit::DivineCalamity("HEALING THE DYING".into()))
        .unwrap();
    let flagged: Vec<&str> = s
        .divine_calamities
        .flagged()
        .iter()
        .map(|a| a.area.as_str())
        .collect();
    assert_eq!(flagged, vec!["Healing the dying"]);
    // A blank area is refused and changes nothing; clearing forgets one area.
    let before = s.clone();
    assert!(s.apply(IxEdit::DivineCalamity("  ".into())).is_err());
    assert_eq!(s, before);
    s.apply(IxEdit::ClearCalamityArea(0)).unwrap();
    assert_eq!(s.divine_calamities.areas.len(), 1);
    assert!(s.apply(IxEdit::ClearCalamityArea(4)).is_err());
    // Stored, loaded, and left out of a sheet that has none.
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<IxSheet>(&json).unwrap(), s);
    let fresh = serde_json::to_string(&IxSheet::new("X")).unwrap();
    assert!(!fresh.contains("divine_calamities"));
    // An imported tally out of range is named as a problem.
    let mut odd = s.clone();
    odd.divine_calamities.areas[0].calamities = -3;
    assert!(odd.problems().iter().any(|p| p.contains("Divine Calamity")));
}
