//! Pure game rules. Nothing in here may depend on leptos, web-sys, gloo, js-sys or
//! wasm-bindgen: randomness arrives as `&mut impl Rng`, so every rule runs natively under a
//! seeded generator in tests.

pub mod dice;
pub mod expedition;
pub mod ix;
