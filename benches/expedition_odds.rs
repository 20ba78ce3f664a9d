//! Times the exact odds of the Expedition rules (no criterion: `harness = false`). Prints one
//! line per figure, in microseconds per call, e.g. `expedition_pass_us 0.4`.

use satchel::rules::expedition::help::{ExpTest, candidates, weigh};
use satchel::rules::expedition::odds::{
    expected_exchange_damage, pass_probability, success_distribution, versus_odds,
};
use std::hint::black_box;
use std::time::Instant;

fn time_us<F: FnMut() -> f64>(iterations: u32, mut f: F) -> f64 {
    // Warm up so the first figures are not dominated by cold caches.
    let mut sink = 0.0;
    for _ in 0..iterations / 10 {
        sink += f();
    }
    let start = Instant::now();
    for _ in 0..iterations {
        sink += f();
    }
    let elapsed = start.elapsed();
    black_box(sink);
    elapsed.as_secs_f64() * 1e6 / f64::from(iterations)
}

fn main() {
    let n = 20_000;
    let figures = [
        (
            "expedition_pass_us",
            time_us(n, || {
                pass_probability(black_box(10), black_box(4)).unwrap_or(0.0)
            }),
        ),
        (
            "expedition_pass_4v3_us",
            time_us(n, || {
                pass_probability(black_box(4), black_box(3)).unwrap_or(0.0)
            }),
        ),
        (
            "expedition_pass_40v20_us",
            time_us(n, || {
                pass_probability(black_box(40), black_box(20)).unwrap_or(0.0)
            }),
        ),
        (
            "expedition_distribution_200_us",
            time_us(n / 10, || {
                success_distribution(black_box(200)).map_or(0.0, |d| d.iter().sum())
            }),
        ),
        (
            "expedition_versus_us",
            time_us(n, || {
                versus_odds(black_box(8), black_box(8)).map_or(0.0, |o| o.win)
            }),
        ),
        (
            "expedition_versus_20v20_us",
            time_us(n, || {
                versus_odds(black_box(20), black_box(20)).map_or(0.0, |o| o.win)
            }),
        ),
        (
            // What would help, every change weighed, for a large pool (30 dice vs Ob 12)
            // and a versus test of 20 against 20.
            "expedition_help_large_pool_us",
            time_us(n / 10, || {
                let t = ExpTest::Independent {
                    dice: black_box(30),
                    ob: 12,
                    ob_from_factors: false,
                    wise_used: false,
                };
                weigh(&t, &candidates(&t)).map_or(0.0, |h| h.options.len() as f64)
            }),
        ),
        (
            "expedition_help_versus_20v20_us",
            time_us(n / 10, || {
                let t = ExpTest::Versus {
                    dice: black_box(20),
                    opposing: 20,
                    wise_used: false,
                };
                weigh(&t, &candidates(&t)).map_or(0.0, |h| h.options.len() as f64)
            }),
        ),
        (
            "expedition_exchange_damage_us",
            time_us(n, || {
                expected_exchange_damage(black_box(8), black_box(8), 0, 0).map_or(0.0, |e| e.to_a)
            }),
        ),
    ];
    for (name, us) in figures {
        println!("{name} {us:.3}");
    }
}
