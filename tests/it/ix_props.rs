//! Property tests for the Ix dice, pools and odds: invariants and "never panics".
//! Native only: proptest is not a wasm dev-dependency.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::rules::ix::dice::{CheckResult, DieKind, Symbol, SymbolTotals};
use satchel::rules::ix::odds::{joint_distribution, odds};
use satchel::rules::ix::pool::{Difficulty, Pool};

fn small_pool() -> impl Strategy<Value = Pool> {
    (0i32..=4, 0i32..=4, 0i32..=3, 0i32..=4, 0i32..=4, 0i32..=3)
        .prop_map(|(a, m, b, t, c, n)| Pool::from_counts(a, m, b, t, c, n).unwrap_or_default())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn cancellation_identity(p in small_pool(), seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let roll = p.roll(&mut rng);
        prop_assert_eq!(roll.dice.len() as u32, p.dice_count());
        let syms: Vec<Symbol> = roll.dice.iter().flat_map(|d| d.face.symbols()).collect();
        let n = |s: Symbol| syms.iter().filter(|x| **x == s).count() as i32;
        prop_assert_eq!(
            roll.result.net_successes,
            n(Symbol::Success) + n(Symbol::Breakthrough) - n(Symbol::Failure) - n(Symbol::Calamity)
        );
        prop_assert_eq!(roll.result.net_boons, n(Symbol::Boon) - n(Symbol::Bane));
        prop_assert_eq!(roll.result.breakthroughs as i32, n(Symbol::Breakthrough));
        prop_assert_eq!(roll.result.calamities as i32, n(Symbol::Calamity));
        prop_assert_eq!(roll.result.succeeded, roll.result.net_successes >= 1);
    }

    #[test]
    fn reading_never_panics_on_any_totals(
        s in any::<u32>(), f in any::<u32>(), b in any::<u32>(),
        n in any::<u32>(), t in any::<u32>(), c in any::<u32>()
    ) {
        let r = CheckResult::from_totals(&SymbolTotals {
            successes: s, failures: f, boons: b, banes: n, breakthroughs: t, calamities: c,
        });
        prop_assert_eq!(r.succeeded, r.net_successes >= 1);
        prop_assert!(!r.describe().is_empty());
    }

    #[test]
    fn pool_building_law(c in 1i32..=6, s in 0i32..=5) {
        let p = Pool::from_ratings(c, s).unwrap_or_default();
        let dice = i32::from(p.count(DieKind::Ability)) + i32::from(p.count(DieKind::Mastery));
        prop_assert_eq!(dice, c.max(s));
        prop_assert_eq!(i32::from(p.count(DieKind::Mastery)), c.min(s));
    }

    #[test]
    fn out_of_range_ratings_are_rejected_never_panic(c in any::<i32>(), s in any::<i32>()) {
        let ok = (1..=6).contains(&c) && (0..=5).contains(&s);
        prop_assert_eq!(Pool::from_ratings(c, s).is_ok(), ok);
    }

    #[test]
    fn upgrade_then_downgrade_is_identity_when_dice_exist(p in small_pool(), n in 1i32..=4) {
        let mut q = p;
        if p.count(DieKind::Ability) as i32 >= n {
            prop_assert!(q.upgrade_ability(n).is_ok());
            prop_assert!(q.downgrade_ability(n).is_ok());
            prop_assert_eq!(q, p);
        }
        let mut q = p;
        if p.count(DieKind::Trial) as i32 >= n {
            prop_assert!(q.upgrade_difficulty(n).is_ok());
            prop_assert!(q.downgrade_difficulty(n).is_ok());
            prop_assert_eq!(q, p);
        }
    }

    #[test]
    fn upgrades_keep_or_grow_the_die_count(p in small_pool(), n in 0i32..=4) {
        let mut q = p;
        let r = q.upgrade_ability(n);
        prop_assert!(r.is_ok());
        let r = r.unwrap_or_default();
        prop_assert_eq!(i32::from(r.upgraded) + i32::from(r.added), n);
        prop_assert_eq!(q.dice_count(), p.dice_count() + u32::from(r.added));
    }

    #[test]
    fn pool_operations_never_panic(
        p in small_pool(), k in 0usize..6, n in any::<i32>(), seed in any::<u64>()
    ) {
        let kind = DieKind::ALL.get(k).copied().unwrap_or(DieKind::Ability);
        let mut q = p;
        let _ = q.add_dice(kind, n);
        let _ = q.remove_dice(kind, n);
        let _ = q.upgrade_ability(n);
        let _ = q.upgrade_difficulty(n);
        let _ = q.downgrade_ability(n);
        let _ = q.downgrade_difficulty(n);
        let _ = q.add_difficulty_count(n);
        let _ = q.spend_fortune();
        let _ = q.spend_peril();
        for kind in DieKind::ALL {
            prop_assert!(q.count(kind) <= 20);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        prop_assert_eq!(q.roll(&mut rng).dice.len() as u32, q.dice_count());
        prop_assert!(q.describe().contains(" vs "));
    }

    #[test]
    fn distributions_sum_to_one(p in small_pool()) {
        let j = joint_distribution(&p);
        prop_assert!((j.total() - 1.0).abs() < 1e-9);
        let o = odds(&p);
        let s: f64 = o.net_successes.iter().map(|b| b.probability).sum();
        prop_assert!((s - 1.0).abs() < 1e-9);
        for bar in &o.net_successes {
            prop_assert!(bar.probability >= -1e-15);
        }
        // The chart and the headline agree.
        let ps: f64 = o.net_successes.iter().filter(|b| b.net_successes >= 1).map(|b| b.probability).sum();
        prop_assert!((ps - o.p_success).abs() < 1e-9);
        // The distribution's mean is the closed-form expectation.
        let mean: f64 = o.net_successes.iter().map(|b| f64::from(b.net_successes) * b.probability).sum();
        prop_assert!((mean - o.expected_net_successes).abs() < 1e-9);
        prop_assert!(o.p_success_with_boon <= o.p_success + 1e-12);
        prop_assert!(o.p_success_with_boon + o.p_success_with_bane <= o.p_success + 1e-12);
        prop_assert!(o.p_failure_with_boon <= 1.0 - o.p_success + 1e-12);
    }

    #[test]
    fn adding_an_ability_die_never_lowers_the_odds(p in small_pool()) {
        let mut q = p;
        prop_assume!(q.add_dice(DieKind::Ability, 1).is_ok());
        let (a, b) = (odds(&p), odds(&q));
        prop_assert!(b.p_success >= a.p_success - 1e-12);
        prop_assert!(b.expected_net_successes > a.expected_net_successes);
        prop_assert!(b.expected_net_boons > a.expected_net_boons);
    }

    #[test]
    fn harder_difficulty_never_raises_the_odds(p in small_pool(), d in 0usize..5) {
        let diff = Difficulty::ALL.get(d).copied().unwrap_or(Difficulty::Easy);
        let mut q = p;
        prop_assume!(q.add_difficulty(diff).is_ok());
        prop_assert!(odds(&q).p_success <= odds(&p).p_success + 1e-12);
    }
}
