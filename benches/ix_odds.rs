//! Times the exact Ix odds (dynamic programme over net Successes x net Boons) for a few pools.
//! Run with `cargo bench --bench ix_odds`; prints one line per pool, median microseconds per
//! call, e.g. `ix_odds_us 12.3` for the headline pool.

use std::hint::black_box;
use std::time::Instant;

use satchel::rules::ix::help::{candidates, weigh};
use satchel::rules::ix::opposed::opposed_odds;
use satchel::rules::ix::pool::Pool;

/// Median of `rounds` timings of weighing every "what would help" change (`rules::ix::help`),
/// each the mean of `per_round` calls, in microseconds.
fn help_median_us(pool: &Pool, rounds: usize, per_round: usize) -> f64 {
    let changes = candidates(Some((6, 5)), satchel::rules::ix::check::Fortune::May);
    let mut samples: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..per_round {
                black_box(weigh(black_box(pool), &changes, |p| p));
            }
            start.elapsed().as_secs_f64() * 1e6 / per_round as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples.get(samples.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Median of `rounds` timings, each the mean of `per_round` calls, in microseconds.
fn median_us(pool: &Pool, rounds: usize, per_round: usize) -> f64 {
    let mut samples: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..per_round {
                black_box(black_box(pool).odds());
            }
            start.elapsed().as_secs_f64() * 1e6 / per_round as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples.get(samples.len() / 2).copied().unwrap_or(f64::NAN)
}

fn main() {
    let pools = [
        // The headline pool: 4 Ability + 2 Mastery + 1 Boon vs 1 Trial + 3 Crisis + 1 Bane.
        ("ix_odds_us", Pool::from_counts(4, 2, 1, 1, 3, 1)),
        (
            "ix_odds_average_check_us",
            Pool::from_counts(1, 2, 0, 2, 0, 0),
        ),
        ("ix_odds_large_pool_us", Pool::from_counts(6, 5, 3, 5, 5, 3)),
        (
            "ix_odds_max_pool_us",
            Pool::from_counts(20, 20, 20, 20, 20, 20),
        ),
    ];
    for (label, pool) in pools {
        match pool {
            Ok(p) => {
                let rounds = if label == "ix_odds_max_pool_us" {
                    11
                } else {
                    101
                };
                let per_round = if label == "ix_odds_max_pool_us" {
                    1
                } else {
                    200
                };
                let us = median_us(&p, rounds, per_round);
                println!("{label} {us:.1}");
                if label == "ix_odds_us" {
                    let o = p.odds();
                    println!(
                        "  {}: P(success) {:.4}, P(Breakthrough) {:.4}, P(Calamity) {:.4}",
                        p.describe(),
                        o.p_success,
                        o.p_breakthrough,
                        o.p_calamity
                    );
                }
            }
            Err(e) => println!("{label} skipped: {e}"),
        }
    }
    // What would help: all seven changes weighed (seven odds plus the pool's own), for the
    // large pool and the tray bench's pool of 10 of each kind.
    for (label, pool, rounds, per_round) in [
        (
            "ix_help_large_pool_us",
            Pool::from_counts(6, 5, 3, 5, 5, 3),
            101,
            20,
        ),
        (
            "ix_help_10_each_us",
            Pool::from_counts(10, 10, 10, 10, 10, 10),
            21,
            2,
        ),
    ] {
        match pool {
            Ok(p) => println!("{label} {:.1}", help_median_us(&p, rounds, per_round)),
            Err(e) => println!("{label} skipped: {e}"),
        }
    }
    // Opposed checks: both sides' odds and every margin, for two large pools.
    if let (Ok(a), Ok(d)) = (
        Pool::from_counts(6, 5, 3, 2, 1, 1),
        Pool::from_counts(5, 4, 2, 3, 2, 2),
    ) {
        let mut samples: Vec<f64> = (0..51)
            .map(|_| {
                let start = Instant::now();
                for _ in 0..20 {
                    black_box(opposed_odds(black_box(&a), black_box(&d)));
                }
                start.elapsed().as_secs_f64() * 1e6 / 20.0
            })
            .collect();
        samples.sort_by(f64::total_cmp);
        let us = samples.get(samples.len() / 2).copied().unwrap_or(f64::NAN);
        println!("ix_opposed_large_pools_us {us:.1}");
    }
}
