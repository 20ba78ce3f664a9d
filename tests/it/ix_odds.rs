//! Exact odds against fractions derived by hand, and against brute-force enumeration.

use satchel::rules::ix::dice::{CheckResult, DieKind, Face};
use satchel::rules::ix::odds::odds;
use satchel::rules::ix::pool::Pool;

const EPS: f64 = 1e-12;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < EPS
}

fn pool(a: i32, m: i32, bd: i32, t: i32, c: i32, nd: i32) -> Pool {
    Pool::from_counts(a, m, bd, t, c, nd).expect("test pool within limits")
}

#[test]
fn one_ability_die() {
    // Ability d8: blank, S, S, SS, B, B, SB, BB.
    // Success (>=1 S): S, S, SS, SB = 4/8. With Boon: SB = 1/8.
    // Failure with Boon: B, B, BB = 3/8.
    // E[S] = (1+1+2+1)/8 = 5/8; E[B] = (1+1+1+2)/8 = 5/8.
    // Net S: 0 on blank, B, B, BB (4/8); 1 on S, S, SB (3/8); 2 on SS (1/8).
    let o = odds(&pool(1, 0, 0, 0, 0, 0));
    assert!(close(o.p_success, 1.0 / 2.0));
    assert!(close(o.p_success_with_boon, 1.0 / 8.0));
    assert!(close(o.p_failure_with_boon, 3.0 / 8.0));
    assert!(close(o.p_success_with_bane, 0.0));
    assert!(close(o.expected_net_successes, 5.0 / 8.0));
    assert!(close(o.expected_net_boons, 5.0 / 8.0));
    assert!(close(o.p_breakthrough, 0.0) && close(o.p_calamity, 0.0));
    let bars: Vec<(i32, f64)> = o
        .net_successes
        .iter()
        .map(|b| (b.net_successes, b.probability))
        .collect();
    assert_eq!(bars.len(), 3);
    for ((k, p), (wk, wp)) in bars.iter().zip([(0, 0.5), (1, 0.375), (2, 0.125)]) {
        assert_eq!(*k, wk);
        assert!(close(*p, wp));
    }
}

#[test]
fn one_mastery_die() {
    // Mastery d12: blank, S, S, SS, SS, B, SB, SB, SB, BB, BB, T (T counts one Success).
    // Success: S, S, SS, SS, SB x3, T = 8/12 = 2/3. With Boon: SB x3 = 1/4.
    // Failure with Boon: B, BB, BB = 3/12 = 1/4. Breakthrough: 1/12.
    // E[S] = (1+1+2+2+1+1+1+1)/12 = 10/12; E[B] = (1+1+1+1+2+2)/12 = 8/12.
    let o = odds(&pool(0, 1, 0, 0, 0, 0));
    assert!(close(o.p_success, 2.0 / 3.0));
    assert!(close(o.p_success_with_boon, 1.0 / 4.0));
    assert!(close(o.p_failure_with_boon, 1.0 / 4.0));
    assert!(close(o.p_breakthrough, 1.0 / 12.0));
    assert!(close(o.expected_net_successes, 10.0 / 12.0));
    assert!(close(o.expected_net_boons, 8.0 / 12.0));
}

#[test]
fn one_ability_vs_one_trial() {
    // 64 equally likely outcomes.
    // Ability net S: 0 (4/8), 1 (3/8), 2 (1/8).
    // Trial blank, F, FF, N, N, N, NN, FN -> Failures 0 (5/8), 1 (2/8: F, FN), 2 (1/8: FF).
    // P(success) = 3/8*5/8 + 1/8*7/8 = 22/64.
    // Success with Boon: only Ability SB against a blank Trial: 1/64.
    // Failure with Boon: B x2 vs (blank, F, FF) = 6; SB vs (F, FF) = 2;
    // BB vs anything with at most 1 Bane (blank, F, FF, N x3, FN) = 7. Total 15/64.
    let o = odds(&pool(1, 0, 0, 1, 0, 0));
    assert!(close(o.p_success, 22.0 / 64.0));
    assert!(close(o.p_success_with_boon, 1.0 / 64.0));
    assert!(close(o.p_failure_with_boon, 15.0 / 64.0));
    // E[S] = 5/8 - (1+2+1)/8 = 1/8; E[B] = 5/8 - (1+1+1+2+1)/8 = -1/8.
    assert!(close(o.expected_net_successes, 1.0 / 8.0));
    assert!(close(o.expected_net_boons, -1.0 / 8.0));
}

#[test]
fn one_mastery_vs_one_crisis() {
    // 144 outcomes. Mastery (s, b): blank(0,0), S(1,0)x2, SS(2,0)x2, B(0,1), SB(1,1)x3,
    // BB(0,2)x2, T(1,0). Crisis (f, n): blank(0,0), F(1,0)x2, FF(2,0)x2, N(0,1)x2,
    // FN(1,1)x2, NN(0,2)x2, C(1,0) (Calamity counts one Failure).
    // Mastery S: 0 on 4 faces, 1 on 6, 2 on 2. Crisis F: 0 on 5, 1 on 5, 2 on 2.
    // P(success) = 6*5 + 2*(5+5) = 50/144.
    // Success with Boon: SB x3 vs blank = 3/144.
    // Success with Bane: S x2 and T vs f=0,n>=1 (N x2, NN x2): 3*4 = 12;
    //   SS x2 vs f<=1,n>=1 (N x2, NN x2, FN x2): 12; SB x3 vs NN x2: 6. Total 30/144.
    // Failure with Boon: B vs n=0 (blank, F x2, FF x2, C) = 6; SB x3 vs f>=1,n=0
    //   (F x2, FF x2, C) = 15; BB x2 vs n<=1 (6 + N x2 + FN x2 = 10) = 20. Total 41/144.
    // E[S] = 10/12 - (1+1+2+2+1+1+1)/12 = 1/12; E[B] = 8/12 - (1+1+1+1+2+2)/12 = 0.
    let o = odds(&pool(0, 1, 0, 0, 1, 0));
    assert!(close(o.p_success, 50.0 / 144.0));
    assert!(close(o.p_success_with_boon, 3.0 / 144.0));
    assert!(close(o.p_success_with_bane, 30.0 / 144.0));
    assert!(close(o.p_failure_with_boon, 41.0 / 144.0));
    assert!(close(o.p_breakthrough, 1.0 / 12.0));
    assert!(close(o.p_calamity, 1.0 / 12.0));
    assert!(close(o.expected_net_successes, 1.0 / 12.0));
    assert!(close(o.expected_net_boons, 0.0));
}

#[test]
fn two_ability_dice_and_two_mastery_breakthrough_closed_forms() {
    // Two Ability dice fail only if both show no Success: (1/2)^2, so P = 3/4.
    assert!(close(odds(&pool(2, 0, 0, 0, 0, 0)).p_success, 3.0 / 4.0));
    // At least one Breakthrough on two Mastery dice: 1 - (11/12)^2 = 23/144.
    assert!(close(
        odds(&pool(0, 2, 0, 0, 0, 0)).p_breakthrough,
        23.0 / 144.0
    ));
    // At least one Calamity on three Crisis dice: 1 - (11/12)^3 = (1728 - 1331)/1728.
    assert!(close(
        odds(&pool(0, 0, 0, 0, 3, 0)).p_calamity,
        397.0 / 1728.0
    ));
}

#[test]
fn boon_die_alone_and_bane_die_alone() {
    // Boon die d6: blank, blank, S, SB, BB, B -> success S, SB = 2/6; with Boon SB = 1/6;
    // failure with Boon BB, B = 2/6.
    let o = odds(&pool(0, 0, 1, 0, 0, 0));
    assert!(close(o.p_success, 1.0 / 3.0));
    assert!(close(o.p_success_with_boon, 1.0 / 6.0));
    assert!(close(o.p_failure_with_boon, 1.0 / 3.0));
    // A pool with only negative dice can never succeed.
    assert!(close(odds(&pool(0, 0, 0, 0, 0, 1)).p_success, 0.0));
    // The empty pool: certain failure, net 0.
    let e = odds(&Pool::new());
    assert!(close(e.p_success, 0.0));
    assert_eq!(e.net_successes.len(), 1);
    assert!(close(
        e.net_successes.first().map_or(0.0, |b| b.probability),
        1.0
    ));
}

/// Enumerates every face combination of a small pool: the slow, obvious way.
fn brute_force(p: &Pool) -> [f64; 6] {
    let mut dice: Vec<&'static [Face]> = Vec::new();
    for k in DieKind::ALL {
        for _ in 0..p.count(k) {
            dice.push(k.faces());
        }
    }
    let total: usize = dice.iter().map(|d| d.len()).product();
    let mut acc = [0.0f64; 6];
    for mut idx in 0..total {
        let mut faces = Vec::with_capacity(dice.len());
        for d in &dice {
            faces.push(d[idx % d.len()]);
            idx /= d.len();
        }
        let r = CheckResult::from_faces(faces.iter());
        let w = 1.0 / total as f64;
        if r.succeeded {
            acc[0] += w;
            if r.net_boons >= 1 {
                acc[1] += w;
            }
        } else if r.net_boons >= 1 {
            acc[2] += w;
        }
        if r.breakthroughs >= 1 {
            acc[3] += w;
        }
        if r.calamities >= 1 {
            acc[4] += w;
        }
        acc[5] += w * f64::from(r.net_successes);
    }
    acc
}

/// Property tests run natively only (proptest is not a wasm dev-dependency).
#[cfg(not(target_arch = "wasm32"))]
mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn odds_match_brute_force_enumeration(
            a in 0i32..=2, m in 0i32..=2, bd in 0i32..=1, t in 0i32..=2, c in 0i32..=2, nd in 0i32..=1
        ) {
            let p = pool(a, m, bd, t, c, nd);
            prop_assume!(p.dice_count() <= 6);
            let o = odds(&p);
            let b = brute_force(&p);
            prop_assert!((o.p_success - b[0]).abs() < 1e-9);
            prop_assert!((o.p_success_with_boon - b[1]).abs() < 1e-9);
            prop_assert!((o.p_failure_with_boon - b[2]).abs() < 1e-9);
            prop_assert!((o.p_breakthrough - b[3]).abs() < 1e-9);
            prop_assert!((o.p_calamity - b[4]).abs() < 1e-9);
            prop_assert!((o.expected_net_successes - b[5]).abs() < 1e-9);
        }
    }
}
