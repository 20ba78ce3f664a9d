//! Named documents: the GM's tables, the party and the session's points. Each is stored under
//! its own key (`satchel/v1/doc/<name>`) and changed only through its pure [`NamedDocument::apply`],
//! the same shape as the roster's. A document never keeps a copy of a character: an edit that
//! changes one (damage from the combat tracker, a treasure pay-out) reads the roster and returns
//! the roster actions that make the change, which the caller applies all or nothing as one
//! [`CharacterAction::Batch`] before it keeps the document.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::EditError;
use super::{CharacterAction, Roster};

/// A document stored by name with a pure reducer.
pub trait NamedDocument:
    Clone + PartialEq + Default + Serialize + DeserializeOwned + 'static
{
    /// Storage name (`satchel/v1/doc/<NAME>`).
    const NAME: &'static str;
    /// Schema this build reads and writes.
    const SCHEMA: u32;
    /// One change to the document.
    type Edit;

    /// Applies one edit to the document in place; on error the document may be half changed,
    /// which [`NamedDocument::apply`] never lets anyone see.
    fn edit_in_place(
        &mut self,
        edit: Self::Edit,
        roster: &Roster,
    ) -> Result<Vec<CharacterAction>, EditError>;

    /// Applies one edit. On error nothing changes. `roster` is read-only: the returned actions
    /// are the changes the edit makes to characters (empty for most edits).
    fn apply(
        &mut self,
        edit: Self::Edit,
        roster: &Roster,
    ) -> Result<Vec<CharacterAction>, EditError> {
        let mut next = self.clone();
        let follow = next.edit_in_place(edit, roster)?;
        *self = next;
        Ok(follow)
    }
}

/// Applies a document edit and its roster changes together: both or neither. Returns what the
/// roster must save. Used by the app and by tests alike, so the two cannot drift.
pub fn apply_with_roster<D: NamedDocument>(
    doc: &mut D,
    roster: &mut Roster,
    edit: D::Edit,
    now_ms: u64,
) -> Result<Option<super::Applied>, super::RosterError> {
    let mut next = doc.clone();
    let follow = next
        .apply(edit, roster)
        .map_err(super::RosterError::Sheet)?;
    let applied = if follow.is_empty() {
        None
    } else {
        Some(roster.apply(CharacterAction::Batch(follow), now_ms)?)
    };
    *doc = next;
    Ok(applied)
}
