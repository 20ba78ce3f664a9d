//! Serde documents stored by the app. Every document carries a `schema` number; older schemas
//! migrate on load, newer ones are refused so a newer build's data is never misread or
//! overwritten. The reducers here are pure: ids and timestamps come in as arguments, so the
//! roster logic is testable without a browser.

mod character;
mod document;
mod settings;

pub use character::{
    Applied, Character, CharacterAction, NAME_MAX_CHARS, Roster, RosterError, System,
};
pub use document::{DocError, Index, decode, decode_character, encode};
pub use settings::{Settings, Theme};

/// Schema of character documents this build writes and reads.
pub const CHARACTER_SCHEMA: u32 = 1;
/// Schema of the roster index.
pub const INDEX_SCHEMA: u32 = 1;
/// Schema of the settings document.
pub const SETTINGS_SCHEMA: u32 = 1;
