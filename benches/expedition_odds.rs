//! Benchmark placeholder, filled in by the rules-engine work.
fn main() {}
