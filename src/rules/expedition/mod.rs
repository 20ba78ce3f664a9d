//! Expedition (COEAC digest) rules: d6 success pools against an Objective, as pure Rust.
//!
//! Randomness always arrives as `&mut R` with `R: rand::Rng + ?Sized`; every rule refuses bad
//! input with a [`RulesError`] naming the field and the allowed range, and a refusal changes
//! nothing. Section names in the docs refer to the COEAC digest and `RULINGS.md`.
//!
//! # API overview
//! - [`dice`]: [`dice::Pool`] (2 + Ability + bonus - penalty + helping, never below 0; Cash and
//!   NPC pools), [`dice::roll_pool`], [`dice::independent_test`], [`dice::versus_test`],
//!   [`dice::cash_test`], [`dice::ExtendedTest`]. Rolls keep every die ([`dice::PoolDie::label`]
//!   gives "4, success"); outcomes have `words()` ("Pass by 1") and
//!   [`dice::describe_test`] gives "4 dice vs Ob 3".
//! - [`odds`]: exact [`odds::pass_probability`], [`odds::pass_fraction`],
//!   [`odds::success_distribution`], [`odds::versus_odds`], [`odds::expected_exchange_damage`],
//!   [`odds::expected_variable_damage`].
//! - [`help`]: what would help a test: [`help::weigh`]`(&test, &help::candidates(&test))`
//!   gives each single change (a bonus, helping or Wise die, Ob - 1, more Cash dice on a wager)
//!   with its chance and gain, best first, or why it cannot be made now.
//! - [`tables`]: d20 Depletion, 2d6 Down and Out, d10 reaction, d8 recognition, d6 encounter /
//!   morale / distance, overland and water checks; each returns a [`tables::TableRoll`] with the
//!   faces and the reading.
//! - [`objective`]: [`objective::general_objective`], [`objective::connections_objective`],
//!   [`objective::channeling_objective`], each an [`objective::Objective`] with its factors.
//! - [`combat`]: [`combat::combat_exchange`] / [`combat::resolve_exchange`], ganging up,
//!   firing into melee, variable damage with a Save for half, an ambush's Acuity save
//!   ([`combat::ambush_save`], read as [`combat::AmbushReading`]).
//! - [`harm`]: [`harm::wound`], the one door damage goes through (a Block, an infusion, Bonus
//!   HP, HP, Down and Out owed); [`harm::Health`] (bonus HP, Down and Out, lingering wounds,
//!   scars, death, the HP stepper's [`harm::Health::set_hp`]), [`harm::Protection`] (the
//!   gear's Blocks, read), [`harm::short_rest`], [`harm::long_rest`],
//!   [`harm::rest_on_shared_rations`].
//! - [`money`]: [`money::Purse`] with its ledger, [`money::lifestyle`], [`money::roll_income`],
//!   [`money::purchase_plan`], [`money::purchase`], [`money::sell`], [`money::runestone_cost`].
//! - [`improvement`]: [`improvement::improvement_ob`], [`improvement::attempt_improvement`],
//!   [`improvement::improvement_refusal`].
//! - [`magic`]: [`magic::channel`] (whether a runestone can be channelled now:
//!   [`magic::KnownSpell::channelable`]), [`magic::fell_blast`], [`magic::infuse`] and its releases,
//!   [`magic::spell_mastery`], durations from potency; [`spells`]: the 81-spell catalogue.
//! - Gear and slots live in [`crate::rules::inventory`], shared with Ix.
//! - [`downtime`]: [`downtime::Downtime`], one substantial action a week in a Haven, and the
//!   circles a character carouses with.
//! - [`social`]: Connections checks and the Enmity Clause, Reputation, Wises, Strongholds,
//!   project clocks, retirement.
//! - [`referee`]: encounter frequency, number appearing, adversaries, hirelings for hire and
//!   their morale, treasure, runestones for sale.
//! - [`character`]: the stored [`character::Character`], its validation, and sheet-level
//!   helpers (`ability_pool`, `combat_pool`, `improve`, `buy_runestone`, `new_session`).

pub mod character;
pub mod combat;
pub mod dice;
pub mod downtime;
pub mod error;
pub mod harm;
pub mod help;
pub mod improvement;
pub mod magic;
pub mod money;
pub mod objective;
pub mod odds;
pub mod referee;
pub mod social;
pub mod spells;
pub mod tables;

pub use error::{RulesError, RulesResult};
