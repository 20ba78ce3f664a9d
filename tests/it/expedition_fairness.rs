//! Chi-square goodness-of-fit for every die the Expedition rules roll (fixed seeds, so the
//! test is deterministic). Critical values are the chi-square quantiles at p = 0.001.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::rules::expedition::dice::roll_pool;
use satchel::rules::expedition::tables::{DieSize, roll_die};

fn chi_square(counts: &[u64], n: u64) -> f64 {
    let expected = n as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| {
            let d = c as f64 - expected;
            d * d / expected
        })
        .sum()
}

fn check_die(size: DieSize, seed: u64, critical: f64) {
    let sides = usize::from(size.sides());
    let n = 2_000 * sides as u64;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut counts = vec![0u64; sides];
    for _ in 0..n {
        let f = roll_die(&mut rng, size);
        assert!((1..=size.sides()).contains(&f), "face {f} out of range");
        counts[usize::from(f) - 1] += 1;
    }
    let chi = chi_square(&counts, n);
    assert!(
        chi < critical,
        "{size:?}: chi-square {chi:.2} >= critical {critical}"
    );
    assert!(
        counts.iter().all(|&c| c > 0),
        "{size:?}: a face never came up"
    );
}

#[test]
fn d6_is_fair() {
    // df = 5, p = 0.001 -> 20.515
    check_die(DieSize::D6, 1, 20.515);
}

#[test]
fn d8_is_fair() {
    // df = 7 -> 24.322
    check_die(DieSize::D8, 2, 24.322);
}

#[test]
fn d10_is_fair() {
    // df = 9 -> 27.877
    check_die(DieSize::D10, 3, 27.877);
}

#[test]
fn d20_is_fair() {
    // df = 19 -> 43.820
    check_die(DieSize::D20, 4, 43.820);
}

#[test]
fn d100_is_fair() {
    // df = 99 -> 148.230
    check_die(DieSize::D100, 5, 148.230);
}

#[test]
fn pool_dice_are_fair_d6() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut counts = [0u64; 6];
    let mut n = 0u64;
    for _ in 0..2_000 {
        let roll = roll_pool(&mut rng, 6).unwrap();
        for f in roll.faces() {
            counts[usize::from(f) - 1] += 1;
            n += 1;
        }
    }
    assert_eq!(n, 12_000);
    let chi = chi_square(&counts, n);
    assert!(chi < 20.515, "pool d6 chi-square {chi:.2}");
}

/// The generator the app's reducers really roll with: `Seeded` (SplitMix64) from one seed per
/// edit. Two ways it is used: the first die of each edit's fresh generator, over consecutive
/// seeds (the worst case for a seeded generator; the app draws its seeds from the browser's
/// crypto), and a whole pool from one seed. Each face of d6 and d20 must be fair.
#[test]
fn the_reducers_generator_is_fair_per_edit_and_within_an_edit() {
    use satchel::model::seeded::Seeded;
    for (size, critical) in [(DieSize::D6, 20.515), (DieSize::D20, 43.820)] {
        let sides = usize::from(size.sides());
        let n = 2_000 * sides as u64;
        let mut first = vec![0u64; sides];
        for seed in 0..n {
            let f = roll_die(&mut Seeded(seed), size);
            first[usize::from(f) - 1] += 1;
        }
        let chi = chi_square(&first, n);
        assert!(chi < critical, "{size:?} first draws: chi-square {chi:.2}");
    }
    let mut counts = [0u64; 6];
    for seed in 0..2_000u64 {
        for f in roll_pool(&mut Seeded(seed), 6).unwrap().faces() {
            counts[usize::from(f) - 1] += 1;
        }
    }
    let chi = chi_square(&counts, 12_000);
    assert!(chi < 20.515, "Seeded pool d6 chi-square {chi:.2}");
}
