//! Serde documents stored by the app. Every document carries a `schema` number; older schemas
//! migrate on load, newer ones are refused so a newer build's data is never misread or
//! overwritten. The reducers here are pure: ids and timestamps come in as arguments, so the
//! roster logic is testable without a browser.

mod character;
pub mod doc_types;
mod document;
mod error;
pub mod exp_sheet;
pub mod exp_table;
mod export;
pub mod gear;
pub mod history;
pub mod ix_checks;
pub mod ix_foe;
pub mod ix_sheet;
pub mod ix_table;
pub mod link_code;
pub mod link_doc;
pub mod link_frame;
mod merge;
mod named;
pub mod party;
pub mod party_status;
mod rolls;
pub mod scan;
pub mod sealed;
pub mod seeded;
pub mod session;
mod settings;
mod share;
mod sheet_doc;
pub mod sync;
pub mod table_link;

pub use character::{
    Applied, Character, CharacterAction, ID_MAX_CHARS, ListingError, NAME_MAX_CHARS, REV_MAX,
    Roster, RosterError, Sheet, System, is_routable_id, next_rev, routable_id,
};
pub use document::{
    DocError, Index, character_from_value, decode, decode_character, decode_current, encode,
};
pub use error::EditError;
pub use export::{
    ConflictChoice, EXPORT_FORMAT, EXPORT_VERSION, ExportKind, IMPORT_MAX_BYTES,
    IMPORT_MAX_CHARACTERS, IMPORT_MAX_DOCUMENTS, ImportError, ImportFile, NamedDoc, PlanItem,
    apply_import, doc_label, export_file, parse_import, plan_import, valid_doc_name,
};
pub use merge::{Merged, merge_characters, merge_keeping_mine};
pub use named::{NamedDocument, apply_with_roster};
pub use rolls::{
    GENESIS, ROLLS_KEPT, ROLLS_SCHEMA, RollEntry, RollExportFile, RollLog, RollRecord,
    VERIFY_MAX_BYTES, Verdict, entry_hash, find_code, short_code, verify_entries, verify_export,
    verify_file,
};
pub use settings::{Settings, Theme};
pub use share::{
    POOL_ROUTE, Proposal, SHARE_MAX_ENCODED, SHARE_ROUTE, ShareError, TRAY_FIELD_MAX,
    base64url_decode, base64url_encode, proposal_fragment, read_proposal_fragment,
    read_share_fragment, share_fragment,
};
pub use sheet_doc::{BLANK_NAME, SheetDoc};

/// Schema of character documents this build writes and reads.
pub const CHARACTER_SCHEMA: u32 = 3;
/// Schema of the roster index.
pub const INDEX_SCHEMA: u32 = 1;
/// Schema of the settings document.
pub const SETTINGS_SCHEMA: u32 = 1;
