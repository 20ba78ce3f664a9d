//! Ix (Exodus NDS) rules: narrative dice, pools, exact odds and every GM procedure of the
//! core rules reference (`exodus-nds-ix-gm-core-rules.txt`), with the gaps settled by
//! RULINGS.md. Pure Rust: randomness comes in as `&mut R` where `R: rand::Rng + ?Sized`.
//!
//! # API overview for the UI
//!
//! | Need | Call |
//! |---|---|
//! | Build a check | [`Pool::from_ratings`]`(characteristic, skill)`, then [`Pool::add_difficulty`]`(Difficulty::Average)` or [`Pool::add_difficulty_count`]`(n)` |
//! | Modify it | [`Pool::upgrade_ability`], [`Pool::upgrade_difficulty`], `downgrade_*`, [`Pool::add_dice`]`(DieKind::BoonDie, 1)`, [`Pool::remove_dice`] |
//! | Fortune / Peril on a check | [`SessionPool::spend_fortune_on`]`(&mut pool)` / [`SessionPool::spend_peril_on`] (flip the point and upgrade the die together; one each per check) |
//! | Show it | [`Pool::describe`] -> `"2 Ability, 1 Mastery, 1 Boon vs 2 Trial, 1 Crisis"` |
//! | Roll it | [`Pool::roll`]`(&mut rng)` -> [`PoolRoll`]: each [`RolledDie`] (with [`RolledDie::label`] for screen readers) and the [`CheckResult`] ([`CheckResult::describe`] -> `"Success, 2 Boons, 1 Breakthrough"`) |
//! | Odds | [`Pool::odds`] -> [`Odds`] (probabilities, expectations, net-Success bars); [`odds::joint_distribution`] for a heat map |
//! | What would help | [`help::weigh`]`(&pool, &help::candidates(ratings), on_top)` -> [`help::IxHelp`]: each single change with its odds and gain, best first; [`help::IxChange::apply`] makes one |
//! | Opposed checks | [`opposed::opposed_odds`]`(&acting, &defending)` (exact: who wins, the tie, each margin), [`opposed::roll_opposed`], [`opposed::OpposedResult::compare`] (ties go to the defending side) |
//! | Named procedures | [`checks`]: grapple, fear, Frightened/Demoralized, guards, casting pools, Forbidden Grant |
//! | Wounds and Strain | [`Health`]: `suffer_wounds`, `suffer_strain`, `heal_wounds`, `bleed_out`, `stabilise`, `extended_rest`, `catch_breath`, `second_maneuver`, `treat_wounds`; [`health::capped_defense`] |
//! | Critical Injuries | [`critical::roll_critical`], [`CriticalTable`] (GM-editable), [`critical::step_down`], [`critical::MedicineTask`], [`critical::medicine_pool`] |
//! | Adversaries | [`adversary::MinionGroup`], [`adversary::Elite`], [`adversary::Nemesis`] |
//! | Initiative | [`session::initiative_pool`], [`session::initiative_order`], [`session::reorder_tie`] |
//! | Magic bookkeeping | [`magic::DivineOffenses`], [`magic::CalamityTally`], [`magic::SpellDesign`] |
//! | Weapons and attacks | [`weapon::Weapon`] (damage, Crit rating, range band, skill), [`weapon::attack_report`] (hit, damage, a Critical Injury offered) |
//! | The sheet | [`IxCharacter`] with [`IxCharacter::validate`] (every out-of-range field, by name) |
//!
//! Every refusal is an [`IxError`] whose `Display` names the field and the allowed range.
//! Functions never panic, whatever the input; counts and ratings are taken as `i32` so that a
//! typed-in negative or huge value is reported rather than wrapped.

pub mod adversary;
pub mod character;
pub mod check;
pub mod checks;
pub mod critical;
pub mod dice;
pub mod error;
pub mod health;
pub mod help;
pub mod magic;
pub mod odds;
pub mod opposed;
pub mod pool;
pub mod session;
pub mod stats;
pub mod weapon;

pub use character::IxCharacter;
pub use critical::CriticalTable;
pub use dice::{CheckResult, DieKind, Face, RolledDie, Symbol};
pub use error::IxError;
pub use health::Health;
pub use odds::Odds;
pub use pool::{Difficulty, Pool, PoolRoll};
pub use session::SessionPool;
