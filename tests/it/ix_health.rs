//! Ix Wounds and Strain, bleeding out, rest, Catch Breath, second Maneuver, Defense cap.

use satchel::rules::ix::dice::{CheckResult, SymbolTotals};
use satchel::rules::ix::error::IxError;
use satchel::rules::ix::health::{Defenses, Health, Vitality, capped_defense};

fn fresh() -> Health {
    Health::new(10, 8).expect("valid maxima")
}

#[test]
fn incapacitation_bleeding_stabilising_and_death() {
    let mut h = fresh();
    let r = h.suffer_wounds(4, true).expect("alive");
    assert_eq!((h.wounds, r.wounds_lost, r.critical_injury), (6, 4, false));
    let r = h.suffer_wounds(6, true).expect("alive");
    assert_eq!(h.wounds, 0);
    assert!(r.became_incapacitated && r.critical_injury && !r.died);
    assert_eq!(h.vitality(), Vitality::Incapacitated { bleeding: true });
    let r = h.bleed_out().expect("alive");
    assert_eq!((h.wounds, r.wounds_lost), (-1, 1));
    // An attack on an incapacitated target that deals at least 1 Wound: automatic Critical.
    let r = h.suffer_wounds(1, true).expect("alive");
    assert!(r.critical_injury && !r.became_incapacitated);
    assert_eq!(h.wounds, -2);
    assert!(h.stabilise().is_ok());
    assert_eq!(h.vitality(), Vitality::Incapacitated { bleeding: false });
    let r = h.bleed_out().expect("alive");
    assert_eq!((h.wounds, r.wounds_lost), (-2, 0));
    // Death at minus the maximum: the track stops there.
    let r = h.suffer_wounds(100, true).expect("alive until now");
    assert!(r.died);
    assert_eq!((h.wounds, r.wounds_lost), (-10, 8));
    assert_eq!(h.vitality(), Vitality::Dead);
    assert_eq!(h.heal_wounds(5), Err(IxError::Dead));
}

#[test]
fn bleeding_out_reaches_death() {
    let mut h = Health::new(2, 0).expect("valid");
    assert!(h.suffer_wounds(2, false).is_ok());
    // 0 -> -1 -> -2 (= minus the maximum): dead on the second round.
    assert!(!h.bleed_out().expect("alive").died);
    assert!(h.bleed_out().expect("alive").died);
    assert_eq!(h.bleed_out(), Err(IxError::Dead));
}

#[test]
fn strain_from_an_attack_on_an_incapacitated_target_triggers_a_critical() {
    let mut h = fresh();
    assert!(h.suffer_wounds(10, true).is_ok());
    let r = h.suffer_strain(1, true).expect("alive");
    assert!(r.critical_injury);
    let r = h.suffer_strain(1, false).expect("alive");
    assert!(!r.critical_injury);
}

#[test]
fn negative_wounds_block_rest_until_healed_to_zero() {
    let mut h = fresh();
    assert!(h.suffer_wounds(13, false).is_ok());
    assert!(h.suffer_strain(5, false).is_ok());
    assert_eq!(h.wounds, -3);
    let r = h.extended_rest(3).expect("alive");
    assert!(r.blocked_by_negative_wounds);
    assert_eq!((h.wounds, h.strain, r.strain), (-3, 8, 5));
    // Healing counts from the negative total.
    assert_eq!(h.heal_wounds(3), Ok(3));
    assert_eq!(h.wounds, 0);
    let r = h.extended_rest(3).expect("alive");
    assert_eq!((h.wounds, r.wounds), (3, 3));
    assert_eq!(h.vitality(), Vitality::Standing);
    assert!(h.extended_rest(7).is_err());
}

#[test]
fn rest_and_healing_stop_at_the_maximum() {
    let mut h = fresh();
    assert!(h.suffer_wounds(2, false).is_ok());
    let r = h.extended_rest(5).expect("alive");
    assert_eq!((h.wounds, r.wounds), (10, 2));
}

#[test]
fn catch_breath_once_per_encounter_with_talent_bonus() {
    let mut h = fresh();
    assert!(h.suffer_strain(5, false).is_ok());
    assert_eq!(h.catch_breath(false), Ok(1));
    assert_eq!(h.catch_breath(false), Err(IxError::CatchBreathUsed));
    h.new_encounter();
    assert_eq!(h.catch_breath(true), Ok(2));
    assert_eq!(h.strain, 6);
}

#[test]
fn second_maneuver_costs_two_strain_and_is_refused_when_short() {
    let mut h = Health::new(10, 3).expect("valid");
    assert!(h.second_maneuver().is_ok());
    assert_eq!(h.strain, 1);
    // One a turn (RULINGS.md): refused by that rule first, whatever the Strain.
    assert_eq!(h.second_maneuver(), Err(IxError::SecondManeuverTaken));
    h.turn_starts();
    let e = h.second_maneuver();
    assert_eq!(
        e,
        Err(IxError::NotEnoughStrain {
            needed: 2,
            remaining: 1
        })
    );
    assert_eq!(h.strain, 1, "a refused Maneuver costs nothing");
    // Down, no Maneuver at all, whatever the Strain.
    let mut down = Health::new(10, 10).expect("valid");
    down.suffer_wounds(10, false).expect("alive");
    assert_eq!(down.second_maneuver(), Err(IxError::CannotManeuver));
    assert_eq!(down.strain, 10);
    let msg = e.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        msg.contains("2 Strain") && msg.contains("1 Strain"),
        "{msg}"
    );
}

#[test]
fn medicine_treat_once_per_encounter_and_only_conscious() {
    let mut h = fresh();
    assert!(h.suffer_wounds(6, false).is_ok());
    let three = CheckResult::from_totals(&SymbolTotals {
        successes: 4,
        failures: 1,
        ..SymbolTotals::default()
    });
    assert_eq!(h.treat_wounds(&three), Ok(3));
    assert_eq!(h.wounds, 7);
    assert_eq!(
        h.treat_wounds(&three),
        Err(IxError::AlreadyTreatedThisEncounter)
    );
    let mut down = fresh();
    assert!(down.suffer_wounds(10, false).is_ok());
    assert!(down.treat_wounds(&three).is_err());
}

#[test]
fn defense_cap_of_three_each_independently() {
    assert_eq!(capped_defense(&[2, 2]), 3);
    assert_eq!(capped_defense(&[1, 1]), 2);
    assert_eq!(capped_defense(&[-4, 1]), 1);
    let d = Defenses {
        melee: 5,
        ranged: 1,
    };
    assert_eq!((d.effective_melee(), d.effective_ranged()), (3, 1));
}

#[test]
fn bad_maxima_are_rejected_with_field_names() {
    assert_eq!(
        Health::new(0, 5),
        Err(IxError::out_of_range("Wound maximum", 0, 1, 99))
    );
    let h = Health {
        wounds: 50,
        strain: -1,
        ..fresh()
    };
    let errs = h.validate();
    assert_eq!(errs.len(), 2);
    assert!(errs.contains(&IxError::out_of_range("Wounds", 50, -10, 10)));
    assert!(errs.contains(&IxError::out_of_range("Strain", -1, 0, 8)));
}

/// Property tests run natively only (proptest is not a wasm dev-dependency).
#[cfg(not(target_arch = "wasm32"))]
mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn health_never_panics_and_stays_on_the_track(
            wm in any::<i32>(), sm in any::<i32>(), w in any::<i32>(), s in any::<i32>(),
            ops in proptest::collection::vec((0u8..9, any::<i32>()), 0..20)
        ) {
            let mut h = Health { wounds_max: wm, wounds: w, strain_max: sm, strain: s,
                stabilised: false, catch_breath_used: false, treated_this_encounter: false,
                second_maneuver_taken: false };
            let valid_start = h.validate().is_empty();
            for (op, n) in ops {
                let _ = match op {
                    0 => h.suffer_wounds(n, true).map(|_| ()),
                    1 => h.suffer_strain(n, true).map(|_| ()),
                    2 => h.heal_wounds(n).map(|_| ()),
                    3 => h.recover_strain(n).map(|_| ()),
                    4 => h.bleed_out().map(|_| ()),
                    5 => h.stabilise(),
                    6 => h.extended_rest(n).map(|_| ()),
                    7 => h.catch_breath(n % 2 == 0).map(|_| ()),
                    _ => h.pay_strain(n),
                };
                let _ = h.vitality();
                let _ = h.validate();
            }
            if valid_start {
                prop_assert!(h.validate().is_empty(), "{:?}", h.validate());
            }
        }
    }
}

#[test]
fn the_state_label_follows_the_wounds_left() {
    let mut h = Health::new(14, 10).unwrap();
    let at = |h: &mut Health, w: i32| {
        h.wounds = w;
        h.state_label()
    };
    // Only every Wound left is "Healthy"; 3 of 14 (the group's Kara) is badly hurt.
    assert_eq!(at(&mut h, 14), "Healthy");
    assert_eq!(at(&mut h, 8), "Hurt");
    assert_eq!(at(&mut h, 7), "Badly hurt");
    assert_eq!(at(&mut h, 3), "Badly hurt");
    assert_eq!(at(&mut h, 1), "Badly hurt");
    assert_eq!(at(&mut h, 0), "Incapacitated and bleeding out");
    assert_eq!(at(&mut h, -14), "Dead");
}
