//! Ix Critical Injury table structure, rolls, stepping down and Medicine.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::rules::ix::critical::{
    CriticalTable, MedicineTask, ROW_COUNT, Severity, StepDown, TreatmentClock, critical_from_d100,
    medicine_pool, roll_critical, row_bounds, row_index, step_down, wounds_restored,
};
use satchel::rules::ix::dice::{CheckResult, DieKind, SymbolTotals};
use satchel::rules::ix::error::IxError;
use satchel::rules::ix::pool::Difficulty;

#[test]
fn default_table_has_the_standard_shape() {
    let t = CriticalTable::default();
    assert_eq!(t.validate(), Ok(()));
    assert_eq!(t.rows.len(), 25);
    let b = |i: usize| t.rows.get(i).map(|r| (r.low, r.high));
    assert_eq!(b(0), Some((1, 5)));
    assert_eq!(b(19), Some((96, 100)));
    assert_eq!(b(20), Some((101, 110)));
    assert_eq!(b(22), Some((121, 130)));
    assert_eq!(b(24), Some((141, 150)));
    let name = |i: usize| t.rows.get(i).map(|r| r.name.as_str());
    assert_eq!(name(22), Some("At Death's Door"));
    assert_eq!(name(23), Some("Lights Going Out"));
    assert_eq!(name(24), Some("Killed"));
    // Rows tile 1..=150 with no gap or overlap.
    let mut next = 1;
    for r in &t.rows {
        assert_eq!(r.low, next);
        next = r.high + 1;
    }
    assert_eq!(next, 151);
}

#[test]
fn totals_read_the_right_row_and_above_150_is_killed() {
    assert_eq!(row_index(1), 0);
    assert_eq!(row_index(5), 0);
    assert_eq!(row_index(6), 1);
    assert_eq!(row_index(100), 19);
    assert_eq!(row_index(101), 20);
    assert_eq!(row_index(140), 23);
    assert_eq!(row_index(150), 24);
    assert_eq!(row_index(151), 24);
    assert_eq!(row_index(1000), 24);
    let t = CriticalTable::default();
    assert_eq!(
        t.row_for_total(260).map(|r| r.name.as_str()),
        Some("Killed")
    );
}

#[test]
fn severity_bands_and_treatment_difficulty() {
    let cases = [
        (30, Severity::Minor, Difficulty::Easy),
        (31, Severity::Moderate, Difficulty::Average),
        (60, Severity::Moderate, Difficulty::Average),
        (61, Severity::Severe, Difficulty::Hard),
        (85, Severity::Severe, Difficulty::Hard),
        (86, Severity::Deadly, Difficulty::Severe),
        (100, Severity::Deadly, Difficulty::Severe),
        (101, Severity::Mortal, Difficulty::Severe),
    ];
    for (total, sev, diff) in cases {
        assert_eq!(Severity::for_total(total), sev, "total {total}");
        assert_eq!(sev.treatment(), diff);
    }
    // Rows 0-5 Minor, 6-11 Moderate, 12-16 Severe, 17-19 Deadly, 20-24 Mortal.
    let t = CriticalTable::default();
    let count = |s: Severity| t.rows.iter().filter(|r| r.severity() == s).count();
    assert_eq!(
        [
            Severity::Minor,
            Severity::Moderate,
            Severity::Severe,
            Severity::Deadly,
            Severity::Mortal
        ]
        .map(count),
        [6, 6, 5, 3, 5]
    );
}

#[test]
fn urgent_rows_and_untreatable_killed() {
    let t = CriticalTable::default();
    assert_eq!(
        t.urgent_rows(),
        vec![
            (22, TreatmentClock::ThisTurn),
            (23, TreatmentClock::ThisRound)
        ]
    );
    assert_eq!(
        MedicineTask::CriticalInjury { row: 24 }.difficulty(),
        Err(IxError::Dead)
    );
    assert_eq!(
        MedicineTask::CriticalInjury { row: 22 }.difficulty(),
        Ok(Difficulty::Severe)
    );
    assert_eq!(
        MedicineTask::CriticalInjury { row: 3 }.difficulty(),
        Ok(Difficulty::Easy)
    );
}

#[test]
fn stepping_down() {
    assert_eq!(step_down(0), Ok(StepDown::Cleared));
    assert_eq!(step_down(7), Ok(StepDown::Row(6)));
    assert_eq!(step_down(24), Err(IxError::Dead));
}

#[test]
fn seeded_rolls_add_ten_per_injury_carried() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for carried in 0..=6 {
        let r = roll_critical(&mut rng, carried).expect("carried in range");
        assert!((1..=100).contains(&r.d100));
        assert_eq!(r.total, r.d100 + 10 * carried as u32);
        assert_eq!(r.row, row_index(r.total));
        let (lo, hi) = row_bounds(r.row);
        assert!(r.total >= lo && (r.total <= hi || r.killed()));
    }
    assert!(roll_critical(&mut rng, -1).is_err());
    assert!(roll_critical(&mut rng, 21).is_err());
}

#[test]
fn a_first_critical_is_never_lethal() {
    // Fresh target: d100 + 0 <= 100, so at worst Deadly, never Mortal or Killed.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..2_000 {
        let r = roll_critical(&mut rng, 0).expect("0 in range");
        assert!(r.severity() <= Severity::Deadly && !r.killed());
    }
    // Five carried injuries and a 100: 150, Killed; a 91 with five carried: 141, Killed.
    assert!(critical_from_d100(100, 5).killed());
    assert!(critical_from_d100(91, 5).killed());
    assert!(!critical_from_d100(90, 5).killed());
}

#[test]
fn gm_can_rename_rows_and_the_table_round_trips() {
    let mut t = CriticalTable::default();
    if let Some(r) = t.rows.get_mut(3) {
        r.name = "Twisted Ankle".into();
        r.effect = "Half speed until treated.".into();
    }
    let json = serde_json::to_string(&t).unwrap_or_default();
    let back: CriticalTable = serde_json::from_str(&json).unwrap_or_default();
    assert_eq!(back, t);
    assert_eq!(back.validate(), Ok(()));
    let mut short = t.clone();
    short.rows.pop();
    assert!(matches!(
        short.validate(),
        Err(IxError::BadCriticalTable { .. })
    ));
    let mut unnamed = t;
    if let Some(r) = unnamed.rows.get_mut(0) {
        r.name = "  ".into();
    }
    assert!(unnamed.validate().is_err());
}

#[test]
fn medicine_pools_and_restored_wounds() {
    let p = medicine_pool(3, 2, MedicineTask::Stabilise).expect("valid");
    assert_eq!(DieKind::ALL.map(|k| p.count(k)), [1, 2, 0, 2, 0, 0]);
    let p = medicine_pool(2, 1, MedicineTask::CriticalInjury { row: 13 }).expect("valid");
    assert_eq!(p.count(DieKind::Trial), 3, "Severe row: Hard");
    let ok = CheckResult::from_totals(&SymbolTotals {
        successes: 3,
        breakthroughs: 1,
        failures: 2,
        ..SymbolTotals::default()
    });
    assert_eq!(wounds_restored(&ok), 2);
    let fail = CheckResult::from_totals(&SymbolTotals::default());
    assert_eq!(wounds_restored(&fail), 0);
}

#[test]
fn a_healer_rolls_their_own_intellect_and_medicine_if_they_can_act() {
    use satchel::rules::ix::character::IxCharacter;
    use satchel::rules::ix::critical::Healer;
    use satchel::rules::ix::stats::{Characteristic, Skill};
    let mut ada = IxCharacter::new("Ada", 10, 10).expect("valid");
    ada.characteristics.intellect = 3;
    ada.skills
        .retain(|k| !k.name.eq_ignore_ascii_case("Medicine"));
    ada.skills.push(Skill {
        name: "Medicine".into(),
        characteristic: Characteristic::Intellect,
        rank: 2,
    });
    let healer = Healer::from_character(&ada);
    assert_eq!(
        (healer.intellect, healer.medicine, healer.can_act),
        (3, 2, true)
    );
    // Intellect 3 with Medicine 2: 1 Ability and 2 Mastery, against Average (2 Trial).
    let p = healer
        .pool(MedicineTask::TreatWounds)
        .expect("standing healer");
    assert_eq!(DieKind::ALL.map(|k| p.count(k)), [1, 2, 0, 2, 0, 0]);
    // Without the skill: Intellect alone.
    ada.skills.retain(|k| k.name != "Medicine");
    let p = Healer::from_character(&ada)
        .pool(MedicineTask::Stabilise)
        .expect("valid");
    assert_eq!(DieKind::ALL.map(|k| p.count(k)), [3, 0, 0, 2, 0, 0]);
    // Down, a healer cannot act, so cannot treat.
    ada.health.wounds = 0;
    let down = Healer::from_character(&ada);
    assert!(!down.can_act);
    assert_eq!(
        down.pool(MedicineTask::Stabilise),
        Err(IxError::CannotTreat { who: "Ada".into() })
    );
    assert_eq!(
        IxError::CannotTreat { who: "Ada".into() }.to_string(),
        "Ada cannot act, so cannot make a Medicine check"
    );
}

/// Property tests run natively only (proptest is not a wasm dev-dependency).
#[cfg(not(target_arch = "wasm32"))]
mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn critical_reading_never_panics(d in any::<u32>(), carried in any::<u32>(), row in any::<usize>()) {
            let r = critical_from_d100(d, carried);
            prop_assert!(r.row < ROW_COUNT);
            prop_assert!(CriticalTable::default().row_for_total(r.total).is_some());
            let _ = step_down(row);
            let _ = MedicineTask::CriticalInjury { row }.difficulty();
            let (lo, hi) = row_bounds(row);
            prop_assert!(lo <= hi);
        }
    }
}
