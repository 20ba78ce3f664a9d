//! Satchel: a table companion for Ix (Exodus NDS narrative dice) and Expedition (COEAC d6 pools).
//!
//! `rules` is pure game logic (no browser APIs; randomness is injected), `model` holds the serde
//! documents the app stores, `storage` is the only code that touches localStorage, and `ui` holds
//! the Leptos components.

pub mod model;
pub mod rules;
pub mod storage;
pub mod ui;
