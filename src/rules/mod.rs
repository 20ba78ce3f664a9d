//! Pure game rules. Nothing in here may depend on the UI framework or any browser binding:
//! randomness arrives as `&mut impl Rng`, so every rule runs natively under a
//! seeded generator in tests.

pub mod depletion;
pub mod dice;
pub mod expedition;
pub mod inventory;
pub mod ix;
