//! Every named document type this build knows, each with the one decoder that reads it
//! wherever it comes from: storage (`Store::load_doc`), History (`Doc::restore`) and a file
//! (`parse_import`). All three call `decode` at the type's schema, so a document a screen
//! would refuse is refused at the door, never written and set aside later.
//!
//! The registry is what an import checks a file's documents against, and what a test walks:
//! `tests/it/import.rs` fails when a type implementing `NamedDocument` is missing here or has
//! no fixture (`tests/fixtures/doc-<name>.json`) that its decoder reads.

use super::document::{DocError, decode};
use super::exp_table::ExpTable;
use super::ix_table::IxTableDoc;
use super::named::NamedDocument;
use super::party::PartyDoc;
use super::sealed::{SENT_DOC, SentChecks};
use super::session::IxSession;
use super::table_link::{LINK_DOC, LinkBook};

/// A named document type: its storage name, how the preview calls it, and its decoder.
#[derive(Debug, Clone, Copy)]
pub struct DocType {
    /// Storage name (`satchel/v1/doc/<name>`).
    pub name: &'static str,
    /// How the import preview calls it.
    pub label: &'static str,
    /// Reads the text as the type's screen would: damaged or newer is an error, in words.
    pub read: fn(&str) -> Result<(), DocError>,
}

/// Documents no import may replace. The GM's sealed checks are this device's own word that it
/// sent a check, which no file can give: a planted seal would make the device verify a roll it
/// never asked for. A list of names apart from [`DOC_TYPES`], so the storage code that asks
/// ([`from_files`]) does not bring every decoder into the first load.
///
/// The link book holds the keys this device shares with the table's other devices: a file
/// carrying one would let whoever made it speak for a joined device.
pub const DEVICE_ONLY: [&str; 2] = [SENT_DOC, LINK_DOC];

/// Whether an import may replace the document stored under `name`.
pub fn from_files(name: &str) -> bool {
    !DEVICE_ONLY.contains(&name)
}

fn read<D: NamedDocument>(raw: &str) -> Result<(), DocError> {
    decode::<D>(raw, D::SCHEMA).map(drop)
}

/// Every named document type, by name.
pub const DOC_TYPES: [DocType; 6] = [
    DocType {
        name: IxSession::NAME,
        label: "the Ix session's Fortune and Peril",
        read: read::<IxSession>,
    },
    DocType {
        name: IxTableDoc::NAME,
        label: "the Ix GM table",
        read: read::<IxTableDoc>,
    },
    DocType {
        name: ExpTable::NAME,
        label: "the Expedition referee's table",
        read: read::<ExpTable>,
    },
    DocType {
        name: PartyDoc::NAME,
        label: "the party's gear notes",
        read: read::<PartyDoc>,
    },
    DocType {
        name: SentChecks::NAME,
        label: "the sealed checks sent from this device",
        read: read::<SentChecks>,
    },
    DocType {
        name: LinkBook::NAME,
        label: "the devices this one joined at the table",
        read: read::<LinkBook>,
    },
];

/// The type stored under `name`, if this build knows one.
pub fn doc_type(name: &str) -> Option<&'static DocType> {
    DOC_TYPES.iter().find(|t| t.name == name)
}
