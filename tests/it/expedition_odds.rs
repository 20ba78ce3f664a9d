//! Exact odds against hand-derived fractions, and their invariants ("The Basics: Successes and
//! Failures": each die succeeds with probability 1/2).

use proptest::prelude::*;
use satchel::rules::expedition::odds::{
    expected_exchange_damage, extended_finish_chance, pass_fraction, pass_probability,
    success_distribution, versus_odds,
};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn extended_test_finish_chances_by_hand() {
    // Two passes needed, lost at the second failure (one more failure survived), p = 1/2:
    // the winning orders are SS (1/4), SFS and FSS (1/8 each) = 1/2.
    assert!(close(extended_finish_chance(0.5, 2, Some(1)), 0.5));
    // Two more failures survived: add SFFS, FSFS, FFSS (1/16 each) = 11/16.
    assert!(close(extended_finish_chance(0.5, 2, Some(2)), 11.0 / 16.0));
    // Lost at the next failure: every test must pass.
    assert!(close(
        extended_finish_chance(1.0 / 3.0, 1, Some(0)),
        1.0 / 3.0
    ));
    assert!(close(extended_finish_chance(0.5, 3, Some(0)), 1.0 / 8.0));
    // Failures never end it: it finishes whenever a test can pass.
    assert!(close(extended_finish_chance(0.01, 5, None), 1.0));
    assert!(close(extended_finish_chance(0.0, 1, None), 0.0));
    assert!(close(extended_finish_chance(0.0, 0, Some(0)), 1.0));
}

#[test]
fn pass_fractions_by_hand() {
    // 3 dice Ob 2: C(3,2) + C(3,3) = 3 + 1 = 4 of 2^3 = 8 -> 1/2.
    assert_eq!(pass_fraction(3, 2).unwrap(), (4, 8));
    // 4 dice Ob 3 (the "4 dice vs Ob 3" of the UI): C(4,3) + C(4,4) = 5 of 16.
    assert_eq!(pass_fraction(4, 3).unwrap(), (5, 16));
    // 5 dice Ob 3: C(5,3) + C(5,4) + C(5,5) = 10 + 5 + 1 = 16 of 32 -> 1/2.
    assert!(close(pass_probability(5, 3).unwrap(), 0.5));
    // 6 dice Ob 4: C(6,4) + C(6,5) + C(6,6) = 15 + 6 + 1 = 22 of 64 = 11/32.
    assert_eq!(pass_fraction(6, 4).unwrap(), (22, 64));
    assert!(close(pass_probability(6, 4).unwrap(), 11.0 / 32.0));
    // 4 dice Ob 1: 1 - (1/2)^4 = 15/16.
    assert!(close(pass_probability(4, 1).unwrap(), 15.0 / 16.0));
    // More Successes needed than dice: impossible.
    assert_eq!(pass_fraction(3, 4).unwrap(), (0, 8));
}

#[test]
fn the_digests_cash_example_by_hand() {
    use satchel::rules::expedition::money::purchase_plan;
    // Wealth 6, Cost 8: wager against Ob 2. Two dice pass only on two successes: 1/4. Three
    // dice: C(3,2) + C(3,3) = 4 of 8 = 1/2. Four dice: C(4,2) + C(4,3) + C(4,4) = 11 of 16.
    assert_eq!(purchase_plan(6, 8, 0).unwrap().ob, Some(2));
    assert_eq!(pass_fraction(2, 2).unwrap(), (1, 4));
    assert_eq!(pass_fraction(3, 2).unwrap(), (4, 8));
    assert_eq!(pass_fraction(4, 2).unwrap(), (11, 16));
}

#[test]
fn down_and_out_distribution_by_hand() {
    use satchel::rules::expedition::tables::{DownAndOutReading as R, read_down_and_out};
    // Over the 36 ordered pairs of 2d6. Without armour: the 6 doubles kill (1/6); the other 30
    // are a lingering wound at 7+ (sums 7: 6, 8: 4, 9: 4, 10: 2, 11: 2 = 18, so 1/2), else a
    // scar (12, 1/3). With armour: doubles 1-4 kill (4, 1/9), double 5s and 6s linger (2), and
    // non-doubles linger at 9+ (3-6, 4-5, 4-6, 5-6 each way = 8): 10/36 = 5/18; scars 22/36 =
    // 11/18.
    for (armour, want) in [(false, [6, 18, 12]), (true, [4, 10, 22])] {
        let mut got = [0; 3];
        for a in 1..=6 {
            for b in 1..=6 {
                got[match read_down_and_out(a, b, armour).unwrap() {
                    R::Death => 0,
                    R::LingeringWound => 1,
                    R::Scar => 2,
                }] += 1;
            }
        }
        assert_eq!(got, want, "armour {armour}");
    }
}

#[test]
fn distribution_by_hand() {
    // 3 dice: 0..3 Successes with C(3,k)/8 = 1/8, 3/8, 3/8, 1/8.
    let d = success_distribution(3).unwrap();
    let want = [1.0 / 8.0, 3.0 / 8.0, 3.0 / 8.0, 1.0 / 8.0];
    assert_eq!(d.len(), 4);
    for (a, b) in d.iter().zip(want) {
        assert!(close(*a, b));
    }
    assert_eq!(success_distribution(0).unwrap(), vec![1.0]);
}

#[test]
fn versus_by_hand() {
    // 2 vs 2: each side 0/1/2 with 1/4, 1/2, 1/4. Tie = 1/16 + 1/4 + 1/16 = 3/8;
    // win = lose by symmetry = (1 - 3/8) / 2 = 5/16.
    let o = versus_odds(2, 2).unwrap();
    assert!(close(o.tie, 3.0 / 8.0));
    assert!(close(o.win, 5.0 / 16.0));
    assert!(close(o.lose, 5.0 / 16.0));
    // 0 dice vs 1 die: A always 0; B 1 with 1/2 -> lose 1/2, tie 1/2.
    let o = versus_odds(0, 1).unwrap();
    assert!(close(o.win, 0.0) && close(o.tie, 0.5) && close(o.lose, 0.5));
}

#[test]
fn exchange_damage_by_hand() {
    // 2 vs 1 threatening each other. A: 0/1/2 with 1/4,1/2,1/4; B: 0/1 with 1/2,1/2.
    // Damage to B: A1B0 margin 1 (1/4), A2B0 margin 2 (1/8), A2B1 margin 1 (1/8),
    //   ties A0B0 (1/8) and A1B1 (1/4) deal 1 each -> 1/4 + 2/8 + 1/8 + 1/8 + 1/4 = 1.
    // Damage to A: A0B1 margin 1 (1/8) + ties 3/8 -> 1/2.
    let e = expected_exchange_damage(2, 1, 0, 0).unwrap();
    assert!(close(e.to_b, 1.0));
    assert!(close(e.to_a, 0.5));
}

proptest! {
    #[test]
    fn pass_monotone_in_dice_and_antimonotone_in_ob(n in 0u32..60, ob in 0u32..60) {
        let p = pass_probability(n, ob).unwrap();
        prop_assert!((0.0..=1.0).contains(&p));
        prop_assert!(pass_probability(n + 1, ob).unwrap() >= p - 1e-12);
        prop_assert!(pass_probability(n, ob + 1).unwrap() <= p + 1e-12);
    }

    #[test]
    fn distributions_sum_to_one(n in 0u32..=200) {
        let d = success_distribution(n).unwrap();
        prop_assert_eq!(d.len() as u32, n + 1);
        let s: f64 = d.iter().sum();
        prop_assert!((s - 1.0).abs() < 1e-9);
    }

    #[test]
    fn exact_and_float_agree(n in 0u32..=60, ob in 0u32..=61) {
        let (num, den) = pass_fraction(n, ob).unwrap();
        let p = pass_probability(n, ob).unwrap();
        prop_assert!((num as f64 / den as f64 - p).abs() < 1e-9);
    }

    #[test]
    fn versus_sums_to_one_and_mirrors(a in 0u32..40, b in 0u32..40) {
        let o = versus_odds(a, b).unwrap();
        prop_assert!((o.win + o.tie + o.lose - 1.0).abs() < 1e-9);
        let m = versus_odds(b, a).unwrap();
        prop_assert!((o.win - m.lose).abs() < 1e-9);
        prop_assert!((o.tie - m.tie).abs() < 1e-9);
    }

    #[test]
    fn odds_never_panic(n in any::<u32>(), ob in any::<u32>(), f in any::<u32>()) {
        let p = pass_probability(n, ob);
        prop_assert_eq!(p.is_ok(), n <= 200 && ob <= 200);
        let exact = pass_fraction(n, ob);
        prop_assert_eq!(exact.is_ok(), n <= 120 && ob <= 200);
        let r = expected_exchange_damage(n % 300, ob % 300, f, 0);
        if n % 300 > 200 || f > 200 { prop_assert!(r.is_err()); }
    }
}
