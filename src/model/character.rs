use serde::{Deserialize, Serialize};
use std::fmt;

use super::CHARACTER_SCHEMA;
use super::error::EditError;
use super::exp_sheet::{ExpEdit, ExpSheet};
use super::ix_sheet::{IxEdit, IxSheet, Num};
use super::sheet_doc::SheetDoc;
use super::table_link::Change;
use crate::rules::inventory::Inventory;

/// Longest name the roster accepts; longer input is refused with a message, never truncated.
pub const NAME_MAX_CHARS: usize = 120;

/// The game a character belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum System {
    /// Exodus NDS narrative dice, Ix setting.
    Ix,
    /// The COEAC d6 success-pool game.
    Expedition,
}

impl System {
    pub const ALL: [System; 2] = [System::Ix, System::Expedition];

    pub fn label(self) -> &'static str {
        match self {
            System::Ix => "Ix",
            System::Expedition => "Expedition",
        }
    }

    /// One line, in our own words, to help a newcomer pick.
    pub fn blurb(self) -> &'static str {
        match self {
            System::Ix => {
                "Narrative dice: Ability, Mastery and Boon dice against Trial, Crisis and Bane dice."
            }
            System::Expedition => "Pools of six-sided dice, 4 to 6 succeeds, against an Objective.",
        }
    }

    /// Stable token for ids, CSS classes and test selectors.
    pub fn slug(self) -> &'static str {
        match self {
            System::Ix => "ix",
            System::Expedition => "expedition",
        }
    }
}

/// The sheet of a character's game. A character holds exactly one, so the game is never stored
/// apart from the sheet that belongs to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sheet {
    /// An Ix (Exodus NDS) sheet.
    Ix(IxSheet),
    /// An Expedition (COEAC) sheet.
    Expedition(ExpSheet),
}

impl Sheet {
    /// A blank sheet of `system` for a character called `name`.
    pub fn new(system: System, name: &str) -> Self {
        match system {
            System::Ix => Sheet::Ix(IxSheet::new(name)),
            System::Expedition => Sheet::Expedition(ExpSheet::new(name)),
        }
    }

    /// The game this sheet belongs to.
    pub fn system(&self) -> System {
        match self {
            Sheet::Ix(_) => System::Ix,
            Sheet::Expedition(_) => System::Expedition,
        }
    }

    /// The character's gear, whichever the game.
    pub fn gear(&self) -> &Inventory {
        match self {
            Sheet::Ix(s) => &s.gear,
            Sheet::Expedition(s) => &s.gear,
        }
    }

    /// Every value out of its range, in words (empty when the sheet is sound).
    pub fn problems(&self) -> Vec<String> {
        match self {
            Sheet::Ix(s) => s.problems(),
            Sheet::Expedition(s) => s.validate(),
        }
    }

    /// Brings data written by older versions into today's shape (idempotent).
    pub fn migrate(&mut self) {
        match self {
            Sheet::Ix(s) => s.migrate(),
            Sheet::Expedition(s) => s.migrate(),
        }
    }
}

/// The highest revision a character may carry: the largest whole number JavaScript holds
/// exactly (2^53 - 1). At a change a millisecond that is 285,000 years of edits, so only a
/// crafted record comes near it, and every door refuses one past it (`decode_character`, a
/// status update): a revision of `u64::MAX` used to be taken and then wrapped to 0 on the next
/// merge, making the newest copy look the oldest.
pub const REV_MAX: u64 = (1 << 53) - 1;

/// The revision after `rev`: one more, held at [`REV_MAX`] so it never wraps and never leaves
/// what the doors accept (a revision written past it would be refused when read back).
pub fn next_rev(rev: u64) -> u64 {
    rev.saturating_add(1).min(REV_MAX)
}

/// A character document: the roster's fields plus the sheet of its game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Character {
    pub schema: u32,
    pub id: String,
    pub name: String,
    /// Bumped on every change; lets two tabs tell whose write is newer.
    #[serde(default)]
    pub rev: u64,
    /// Milliseconds since the Unix epoch of the last change.
    #[serde(default)]
    pub updated_ms: u64,
    /// The device that made the last change: with `rev` and `updated_ms`, the revision that
    /// tells two phones' copies apart (`model::sync`). Empty in records saved before it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub device: String,
    /// On the GM's device, a copy of a player's character: the device that owns it. Updates
    /// come from that player's share links, so the copy is read-mostly here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// The sheet, which fixes the character's game: kept as its stored text until something
    /// reads it (see [`SheetDoc`]).
    pub sheet: SheetDoc,
}

impl Character {
    pub fn new(id: String, system: System, name: String, now_ms: u64) -> Self {
        let sheet = SheetDoc::blank(system, &name);
        Character {
            schema: CHARACTER_SCHEMA,
            id,
            name,
            rev: 1,
            updated_ms: now_ms,
            device: String::new(),
            owner: None,
            sheet,
        }
    }

    /// The character's game.
    pub fn system(&self) -> System {
        self.sheet.system()
    }

    /// The Ix sheet, for an Ix character.
    pub fn ix(&self) -> Option<&IxSheet> {
        match &*self.sheet {
            Sheet::Ix(s) => Some(s),
            Sheet::Expedition(_) => None,
        }
    }

    /// The Expedition sheet, for an Expedition character.
    pub fn expedition(&self) -> Option<&ExpSheet> {
        match &*self.sheet {
            Sheet::Expedition(s) => Some(s),
            Sheet::Ix(_) => None,
        }
    }

    fn touch(&mut self, now_ms: u64, device: &str) {
        self.rev = next_rev(self.rev);
        self.updated_ms = now_ms;
        device.clone_into(&mut self.device);
    }
}

/// Why a change to the list itself (create, rename, duplicate, delete, restore) was refused.
/// Its own type, so the first screen's messages do not carry every sheet's (a `RosterError`
/// names the sheets' refusals too, and the release build's first load holds what it can say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListingError {
    EmptyName,
    NameTooLong {
        chars: usize,
    },
    NotFound {
        id: String,
    },
    DuplicateId {
        id: String,
    },
    /// A sheet edit or a batch sent to `Roster::apply_listing`, which changes only the list.
    NotAListChange,
}

impl fmt::Display for ListingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListingError::EmptyName => write!(f, "A name needs at least one letter or number."),
            ListingError::NameTooLong { chars } => write!(
                f,
                "That name has {chars} characters; the limit is {NAME_MAX_CHARS}."
            ),
            ListingError::NotFound { .. } => write!(
                f,
                "That character no longer exists here (another tab may have deleted it)."
            ),
            ListingError::DuplicateId { .. } => {
                write!(f, "A character with that id already exists.")
            }
            ListingError::NotAListChange => write!(
                f,
                "That change is made from the character's sheet, not the roster."
            ),
        }
    }
}

impl std::error::Error for ListingError {}

/// Why a roster change was refused. The roster is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RosterError {
    /// A change to the list was refused.
    List(ListingError),
    /// A sheet edit was refused.
    Sheet(EditError),
    /// A sheet edit of one game was sent to a character of the other.
    WrongGame(System),
    /// One action of a batch was refused, so none of the batch was applied.
    InBatch {
        /// The name of the character that action was for (empty when it names none).
        name: String,
        /// Why it was refused.
        error: Box<RosterError>,
    },
}

impl From<ListingError> for RosterError {
    fn from(e: ListingError) -> Self {
        RosterError::List(e)
    }
}

impl fmt::Display for RosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RosterError::List(why) => write!(f, "{why}"),
            RosterError::Sheet(why) => write!(f, "{why}"),
            RosterError::WrongGame(system) => write!(
                f,
                "That change is for an {} sheet, and this character plays another game.",
                system.label()
            ),
            RosterError::InBatch { name, error } if name.is_empty() => {
                write!(f, "{error} Nothing was changed.")
            }
            RosterError::InBatch { name, error } => {
                write!(f, "{name}: {error} Nothing was changed.")
            }
        }
    }
}

impl std::error::Error for RosterError {}

/// Longest character id: ids appear in addresses (`#/c/<id>`) and storage keys.
pub const ID_MAX_CHARS: usize = 64;

/// Whether `id` can stand in an address as it is: 1 to 64 letters, digits, `-` or `_`.
pub fn is_routable_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= ID_MAX_CHARS
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// An id from outside (a file, a link) that can stand in an address: a routable id is kept;
/// any other is rewritten, the same way every time, so the character opens from the roster
/// and importing the same file twice still finds it. Other bytes become `_` and their hex
/// code; an id that would grow past the limit is cut and ends with a hash of the original.
pub fn routable_id(id: &str) -> String {
    if is_routable_id(id) {
        return id.to_string();
    }
    let mut out = String::new();
    for b in id.bytes() {
        if b.is_ascii_alphanumeric() || b == b'-' {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("_{b:02x}"));
        }
    }
    if out.is_empty() || out.len() > ID_MAX_CHARS {
        // The roll log's SHA-256, so two long ids that share a start stay apart.
        use sha2::{Digest, Sha256};
        let hash = super::rolls::hex(&Sha256::digest(id.as_bytes()));
        out.truncate(ID_MAX_CHARS - 17);
        out.push('-');
        out.push_str(&hash[..16]);
    }
    out
}

/// Trims a proposed name and checks it against the limits.
pub(crate) fn clean_name(raw: &str) -> Result<String, ListingError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(ListingError::EmptyName);
    }
    let chars = name.chars().count();
    if chars > NAME_MAX_CHARS {
        return Err(ListingError::NameTooLong { chars });
    }
    Ok(name.to_string())
}

/// A change to the roster. Ids and the clock are supplied by the caller.
#[derive(Debug, Clone, PartialEq)]
pub enum CharacterAction {
    Create {
        id: String,
        system: System,
        name: String,
    },
    Rename {
        id: String,
        name: String,
    },
    Duplicate {
        id: String,
        new_id: String,
    },
    Delete {
        id: String,
    },
    /// Puts a deleted character back where it was (undo).
    Restore {
        character: Character,
        position: usize,
    },
    /// Puts an earlier saved version of a character back in its place (History). The id must
    /// be one on the roster; the revision moves past the current one, so other tabs take it.
    Revert {
        character: Character,
    },
    /// Changes an Ix character's sheet.
    EditIx {
        id: String,
        edit: IxEdit,
    },
    /// Changes an Expedition character's sheet.
    EditExpedition {
        id: String,
        edit: ExpEdit,
    },
    /// Several actions applied all or nothing (a treasure pay-out, a fight's damage): on the
    /// first refusal the roster is left exactly as it was.
    Batch(Vec<CharacterAction>),
}

impl CharacterAction {
    /// The character an action is for, when it names one.
    fn target(&self) -> Option<&str> {
        match self {
            CharacterAction::Create { id, .. }
            | CharacterAction::Rename { id, .. }
            | CharacterAction::Duplicate { id, .. }
            | CharacterAction::Delete { id }
            | CharacterAction::EditIx { id, .. }
            | CharacterAction::EditExpedition { id, .. } => Some(id),
            CharacterAction::Restore { character, .. } | CharacterAction::Revert { character } => {
                Some(&character.id)
            }
            CharacterAction::Batch(_) => None,
        }
    }
}

/// The ordered list of characters, in the order the user sees them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Roster {
    pub characters: Vec<Character>,
    /// This device's id, stamped on every change `apply` makes (the UI passes it in once).
    pub device: String,
}

/// What an applied action changed, so the caller knows what to persist.
#[derive(Debug, Clone, PartialEq)]
pub enum Applied {
    /// This character was written (created, renamed, duplicated or restored).
    Saved(Character),
    /// This character was removed from `position`.
    Removed {
        character: Character,
        position: usize,
    },
    /// Each action of a batch, in order.
    Many(Vec<Applied>),
    /// Nothing changed here: the character is a mirror of one kept on device `owner`, so the
    /// change (checked by the same rules first) is a request to that device
    /// (`model::table_link`), and the owner's next revision brings it back.
    Requested {
        owner: String,
        id: String,
        name: String,
        change: Change,
    },
}

impl Applied {
    /// Every single change, a batch's flattened, in the order they happened.
    pub fn each(&self) -> Vec<&Applied> {
        match self {
            Applied::Many(all) => all.iter().flat_map(Applied::each).collect(),
            one => vec![one],
        }
    }
}

impl Roster {
    pub fn position(&self, id: &str) -> Option<usize> {
        self.characters.iter().position(|c| c.id == id)
    }

    pub fn get(&self, id: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.id == id)
    }

    pub fn ids(&self) -> Vec<String> {
        self.characters.iter().map(|c| c.id.clone()).collect()
    }

    /// Applies one action. On error nothing changes.
    pub fn apply(&mut self, action: CharacterAction, now_ms: u64) -> Result<Applied, RosterError> {
        match action {
            CharacterAction::EditIx { id, edit } if self.is_mirror(&id) => {
                self.request(&id, Change::Ix(edit), now_ms)
            }
            CharacterAction::EditExpedition { id, edit } if self.is_mirror(&id) => {
                self.request(&id, Change::Expedition(edit), now_ms)
            }
            CharacterAction::EditIx { id, edit } => self.edit(&id, now_ms, |c| {
                c.sheet.edit(|s| match s {
                    Sheet::Ix(sheet) => sheet.apply(edit).map_err(RosterError::Sheet),
                    Sheet::Expedition(_) => Err(RosterError::WrongGame(System::Ix)),
                })
            }),
            // Stamped here, so every Cash change the edit records says when it happened.
            CharacterAction::EditExpedition { id, edit } => self.edit(&id, now_ms, |c| {
                c.sheet.edit(|s| match s {
                    Sheet::Expedition(sheet) => sheet
                        .apply(ExpEdit::At(now_ms, Box::new(edit)))
                        .map_err(RosterError::Sheet),
                    Sheet::Ix(_) => Err(RosterError::WrongGame(System::Expedition)),
                })
            }),
            CharacterAction::Batch(actions) => {
                let mut next = self.clone();
                let mut done = Vec::with_capacity(actions.len());
                for action in actions {
                    let name = action
                        .target()
                        .and_then(|id| next.get(id))
                        .map(|c| c.name.clone())
                        .unwrap_or_default();
                    let applied =
                        next.apply(action, now_ms)
                            .map_err(|error| RosterError::InBatch {
                                name,
                                error: Box::new(error),
                            })?;
                    done.push(applied);
                }
                *self = next;
                Ok(Applied::Many(done))
            }
            listing => Ok(self.apply_listing(listing, now_ms)?),
        }
    }

    /// Applies a change to the list itself (create, rename, duplicate, delete, restore) and
    /// refuses sheet edits and batches. The roster screen dispatches through this, so the
    /// first-load code does not carry every sheet's reducer: the release build fetches those
    /// with the sheets (`docs/size.md`).
    pub fn apply_listing(
        &mut self,
        action: CharacterAction,
        now_ms: u64,
    ) -> Result<Applied, ListingError> {
        match action {
            CharacterAction::Create { id, system, name } => {
                self.ensure_free(&id)?;
                let mut c = Character::new(id, system, clean_name(&name)?, now_ms);
                c.device.clone_from(&self.device);
                self.characters.push(c.clone());
                Ok(Applied::Saved(c))
            }
            CharacterAction::Rename { id, name } => {
                let name = clean_name(&name)?;
                let device = self.device.clone();
                let c = self.find_mut(&id)?;
                c.name = name;
                c.touch(now_ms, &device);
                Ok(Applied::Saved(c.clone()))
            }
            CharacterAction::Duplicate { id, new_id } => {
                self.ensure_free(&new_id)?;
                let pos = self.position(&id).ok_or(ListingError::NotFound { id })?;
                let mut copy = self.characters[pos].clone();
                copy.id = new_id;
                copy.name = copy_name(&copy.name);
                copy.rev = 1;
                copy.updated_ms = now_ms;
                copy.device.clone_from(&self.device);
                // A copy is a new character of this device's own, not the player's.
                copy.owner = None;
                self.characters.insert(pos + 1, copy.clone());
                Ok(Applied::Saved(copy))
            }
            CharacterAction::Delete { id } => {
                let position = self.position(&id).ok_or(ListingError::NotFound { id })?;
                let character = self.characters.remove(position);
                Ok(Applied::Removed {
                    character,
                    position,
                })
            }
            CharacterAction::Restore {
                mut character,
                position,
            } => {
                self.ensure_free(&character.id)?;
                character.touch(now_ms, &self.device);
                let at = position.min(self.characters.len());
                self.characters.insert(at, character.clone());
                Ok(Applied::Saved(character))
            }
            CharacterAction::Revert { mut character } => {
                let device = self.device.clone();
                let current = self.find_mut(&character.id)?;
                character.rev = current.rev;
                character.touch(now_ms, &device);
                *current = character.clone();
                Ok(Applied::Saved(character))
            }
            CharacterAction::EditIx { .. }
            | CharacterAction::EditExpedition { .. }
            | CharacterAction::Batch(_) => Err(ListingError::NotAListChange),
        }
    }

    /// Whether character `id` is a mirror of one another device keeps.
    pub fn is_mirror(&self, id: &str) -> bool {
        self.get(id).is_some_and(|c| c.owner.is_some())
    }

    /// A change to a mirror: tried on a copy of the mirror (as the owner's reducer will try
    /// it), so what the rules refuse is refused now, in the same words; otherwise returned as
    /// a request and the mirror is left as its owner last sent it.
    fn request(&mut self, id: &str, change: Change, now_ms: u64) -> Result<Applied, RosterError> {
        let c = self
            .get(id)
            .ok_or_else(|| ListingError::NotFound { id: id.to_string() })?;
        let owner = c.owner.clone().unwrap_or_default();
        let name = c.name.clone();
        // A stepper sends a total; asked of another device it becomes the change it makes
        // here, so a request never overwrites what the owner did meanwhile.
        let change = match (change, c.ix()) {
            (Change::Ix(IxEdit::Set(num @ (Num::Wounds | Num::Strain), to)), Some(s)) => {
                let strain = num == Num::Strain;
                let h = &s.character.health;
                let now = if strain { h.strain } else { h.wounds };
                match to.cmp(&now) {
                    std::cmp::Ordering::Less => Change::Ix(IxEdit::Harm {
                        strain,
                        n: now - to,
                        from_attack: false,
                    }),
                    _ => Change::Ix(IxEdit::Recover {
                        strain,
                        n: to - now,
                    }),
                }
            }
            (change, _) => change,
        };
        if !change.table_may_ask() {
            return Err(RosterError::Sheet(
                format!("{name} is kept on their player's device: only the player changes that part of the sheet there.").into(),
            ));
        }
        let mut trial = Roster {
            characters: vec![c.clone()],
            device: self.device.clone(),
        };
        trial.characters[0].owner = None;
        trial.apply(change.action(id), now_ms)?;
        Ok(Applied::Requested {
            owner,
            id: id.to_string(),
            name,
            change,
        })
    }

    /// Runs a sheet edit against one character; the sheet is edited on a copy, so a refused
    /// edit leaves the character exactly as it was.
    fn edit(
        &mut self,
        id: &str,
        now_ms: u64,
        f: impl FnOnce(&mut Character) -> Result<(), RosterError>,
    ) -> Result<Applied, RosterError> {
        let device = self.device.clone();
        let c = self.find_mut(id)?;
        f(c)?;
        c.touch(now_ms, &device);
        Ok(Applied::Saved(c.clone()))
    }

    /// Replaces or inserts a character written elsewhere (another tab), keeping the order.
    pub fn upsert(&mut self, character: Character) {
        match self.position(&character.id) {
            Some(i) => self.characters[i] = character,
            None => self.characters.push(character),
        }
    }

    /// Drops a character removed elsewhere.
    pub fn remove(&mut self, id: &str) {
        self.characters.retain(|c| c.id != id);
    }

    fn find_mut(&mut self, id: &str) -> Result<&mut Character, ListingError> {
        self.characters
            .iter_mut()
            .find(|c| c.id == id)
            .ok_or_else(|| ListingError::NotFound { id: id.to_string() })
    }

    fn ensure_free(&self, id: &str) -> Result<(), ListingError> {
        match self.position(id) {
            Some(_) => Err(ListingError::DuplicateId { id: id.to_string() }),
            None => Ok(()),
        }
    }
}

/// "Name (copy)", kept within the name limit so a copy can always be saved.
fn copy_name(name: &str) -> String {
    const SUFFIX: &str = " (copy)";
    let keep = NAME_MAX_CHARS - SUFFIX.chars().count();
    let base: String = name.chars().take(keep).collect();
    format!("{base}{SUFFIX}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster_with(names: &[(&str, System)]) -> Roster {
        let mut r = Roster::default();
        for (i, (name, system)) in names.iter().enumerate() {
            r.apply(
                CharacterAction::Create {
                    id: format!("id{i}"),
                    system: *system,
                    name: name.to_string(),
                },
                1000,
            )
            .unwrap();
        }
        r
    }

    #[test]
    fn create_trims_and_rejects_bad_names_without_change() {
        let mut r = roster_with(&[("  Vex  ", System::Ix)]);
        assert_eq!(r.characters[0].name, "Vex");
        let before = r.clone();
        let err = r.apply(
            CharacterAction::Create {
                id: "x".into(),
                system: System::Ix,
                name: "   ".into(),
            },
            5,
        );
        assert_eq!(err, Err(RosterError::List(ListingError::EmptyName)));
        let long = "a".repeat(NAME_MAX_CHARS + 1);
        let err = r.apply(
            CharacterAction::Rename {
                id: "id0".into(),
                name: long,
            },
            5,
        );
        assert_eq!(
            err,
            Err(RosterError::List(ListingError::NameTooLong {
                chars: NAME_MAX_CHARS + 1
            }))
        );
        assert_eq!(r, before);
    }

    #[test]
    fn rename_bumps_revision_and_time() {
        let mut r = roster_with(&[("Vex", System::Ix)]);
        r.apply(
            CharacterAction::Rename {
                id: "id0".into(),
                name: "Vexa".into(),
            },
            2000,
        )
        .unwrap();
        let c = &r.characters[0];
        assert_eq!((c.name.as_str(), c.rev, c.updated_ms), ("Vexa", 2, 2000));
    }

    #[test]
    fn duplicate_inserts_a_copy_after_the_original() {
        let mut r = roster_with(&[("A", System::Ix), ("B", System::Expedition)]);
        r.apply(
            CharacterAction::Duplicate {
                id: "id0".into(),
                new_id: "id9".into(),
            },
            3,
        )
        .unwrap();
        let names: Vec<_> = r.characters.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["A", "A (copy)", "B"]);
        assert_eq!(r.characters[1].system(), System::Ix);
        let long = "n".repeat(NAME_MAX_CHARS);
        r.apply(
            CharacterAction::Rename {
                id: "id0".into(),
                name: long,
            },
            4,
        )
        .unwrap();
        let Applied::Saved(copy) = r
            .apply(
                CharacterAction::Duplicate {
                    id: "id0".into(),
                    new_id: "id10".into(),
                },
                5,
            )
            .unwrap()
        else {
            panic!("duplicate must save")
        };
        assert_eq!(copy.name.chars().count(), NAME_MAX_CHARS);
        assert!(copy.name.ends_with(" (copy)"));
    }

    #[test]
    fn delete_then_restore_puts_it_back_in_place() {
        let mut r = roster_with(&[("A", System::Ix), ("B", System::Ix), ("C", System::Ix)]);
        let Applied::Removed {
            character,
            position,
        } = r
            .apply(CharacterAction::Delete { id: "id1".into() }, 9)
            .unwrap()
        else {
            panic!("delete must remove")
        };
        assert_eq!((character.name.as_str(), position), ("B", 1));
        r.apply(
            CharacterAction::Restore {
                character,
                position,
            },
            10,
        )
        .unwrap();
        let names: Vec<_> = r.characters.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["A", "B", "C"]);
    }

    #[test]
    fn unknown_ids_and_reused_ids_are_refused() {
        let mut r = roster_with(&[("A", System::Ix)]);
        assert!(matches!(
            r.apply(CharacterAction::Delete { id: "nope".into() }, 1),
            Err(RosterError::List(ListingError::NotFound { .. }))
        ));
        assert!(matches!(
            r.apply(
                CharacterAction::Duplicate {
                    id: "id0".into(),
                    new_id: "id0".into()
                },
                1
            ),
            Err(RosterError::List(ListingError::DuplicateId { .. }))
        ));
        assert_eq!(r.characters.len(), 1);
    }

    #[test]
    fn a_refused_list_change_says_the_same_through_either_reducer_and_inside_a_batch() {
        let mut r = roster_with(&[("A", System::Ix)]);
        let blank = CharacterAction::Rename {
            id: "id0".into(),
            name: " ".into(),
        };
        let listing = r.clone().apply_listing(blank.clone(), 1).unwrap_err();
        assert_eq!(listing, ListingError::EmptyName);
        let full = r.apply(blank.clone(), 1).unwrap_err();
        assert_eq!(full, RosterError::List(listing.clone()));
        assert_eq!(full.to_string(), listing.to_string());
        assert_eq!(
            full.to_string(),
            "A name needs at least one letter or number."
        );

        let before = r.clone();
        let batch = CharacterAction::Batch(vec![
            CharacterAction::Duplicate {
                id: "id0".into(),
                new_id: "id1".into(),
            },
            blank,
        ]);
        assert_eq!(
            r.apply(batch, 2).unwrap_err().to_string(),
            "A: A name needs at least one letter or number. Nothing was changed."
        );
        assert_eq!(r, before);
    }

    #[test]
    fn the_listing_reducer_makes_list_changes_like_apply_and_refuses_sheet_edits() {
        let mut by_apply = roster_with(&[("A", System::Ix), ("B", System::Expedition)]);
        let mut by_listing = by_apply.clone();
        let actions = [
            CharacterAction::Rename {
                id: "id0".into(),
                name: " Ada ".into(),
            },
            CharacterAction::Duplicate {
                id: "id1".into(),
                new_id: "id2".into(),
            },
            CharacterAction::Delete { id: "id0".into() },
        ];
        for action in actions {
            assert_eq!(
                by_apply.apply(action.clone(), 5),
                by_listing
                    .apply_listing(action, 5)
                    .map_err(RosterError::from)
            );
        }
        assert_eq!(by_apply, by_listing);

        let before = by_listing.clone();
        let edit = CharacterAction::EditIx {
            id: "id1".into(),
            edit: IxEdit::SetText(super::super::ix_sheet::Text::Notes, "x".into()),
        };
        assert_eq!(
            by_listing.apply_listing(edit.clone(), 6),
            Err(ListingError::NotAListChange)
        );
        assert_eq!(
            by_listing.apply_listing(CharacterAction::Batch(vec![edit]), 6),
            Err(ListingError::NotAListChange)
        );
        assert_eq!(by_listing, before);
    }
}
