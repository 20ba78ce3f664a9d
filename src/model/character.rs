use serde::{Deserialize, Serialize};
use std::fmt;

use super::CHARACTER_SCHEMA;
use super::exp_sheet::{ExpEdit, ExpSheet};
use super::ix_sheet::{IxEdit, IxSheet};

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

/// A character document: the roster's fields plus the sheet of its system (exactly one of
/// `ix` and `expedition` is present; [`Character::ensure_sheet`] restores that after a load).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Character {
    pub schema: u32,
    pub id: String,
    pub system: System,
    pub name: String,
    /// Bumped on every change; lets two tabs tell whose write is newer.
    #[serde(default)]
    pub rev: u64,
    /// Milliseconds since the Unix epoch of the last change.
    #[serde(default)]
    pub updated_ms: u64,
    /// The Ix sheet, for an Ix character.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ix: Option<IxSheet>,
    /// The Expedition sheet, for an Expedition character.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expedition: Option<ExpSheet>,
}

impl Character {
    pub fn new(id: String, system: System, name: String, now_ms: u64) -> Self {
        let mut c = Character {
            schema: CHARACTER_SCHEMA,
            id,
            system,
            name,
            rev: 1,
            updated_ms: now_ms,
            ix: None,
            expedition: None,
        };
        c.ensure_sheet();
        c
    }

    /// Gives the character a blank sheet of its system if it has none (a schema 1 document,
    /// or a hand-edited file), and drops a sheet of the other system, which nothing shows.
    pub fn ensure_sheet(&mut self) {
        match self.system {
            System::Ix => {
                self.expedition = None;
                if self.ix.is_none() {
                    self.ix = Some(IxSheet::new(&self.name));
                }
            }
            System::Expedition => {
                self.ix = None;
                if self.expedition.is_none() {
                    self.expedition = Some(ExpSheet::new(&self.name));
                }
            }
        }
    }

    fn touch(&mut self, now_ms: u64) {
        self.rev = self.rev.saturating_add(1);
        self.updated_ms = now_ms;
    }
}

/// Why a roster change was refused. The roster is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RosterError {
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
    /// A sheet edit was refused; the text says why.
    Sheet(String),
}

impl fmt::Display for RosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RosterError::EmptyName => write!(f, "A name needs at least one letter or number."),
            RosterError::NameTooLong { chars } => write!(
                f,
                "That name has {chars} characters; the limit is {NAME_MAX_CHARS}."
            ),
            RosterError::NotFound { .. } => write!(
                f,
                "That character no longer exists here (another tab may have deleted it)."
            ),
            RosterError::DuplicateId { .. } => {
                write!(f, "A character with that id already exists.")
            }
            RosterError::Sheet(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for RosterError {}

/// Trims a proposed name and checks it against the limits.
pub(crate) fn clean_name(raw: &str) -> Result<String, RosterError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(RosterError::EmptyName);
    }
    let chars = name.chars().count();
    if chars > NAME_MAX_CHARS {
        return Err(RosterError::NameTooLong { chars });
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
}

/// The ordered list of characters, in the order the user sees them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Roster {
    pub characters: Vec<Character>,
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
            CharacterAction::Create { id, system, name } => {
                self.ensure_free(&id)?;
                let c = Character::new(id, system, clean_name(&name)?, now_ms);
                self.characters.push(c.clone());
                Ok(Applied::Saved(c))
            }
            CharacterAction::Rename { id, name } => {
                let name = clean_name(&name)?;
                let c = self.find_mut(&id)?;
                c.name = name;
                c.touch(now_ms);
                Ok(Applied::Saved(c.clone()))
            }
            CharacterAction::Duplicate { id, new_id } => {
                self.ensure_free(&new_id)?;
                let pos = self.position(&id).ok_or(RosterError::NotFound { id })?;
                let mut copy = self.characters[pos].clone();
                copy.id = new_id;
                copy.name = copy_name(&copy.name);
                copy.rev = 1;
                copy.updated_ms = now_ms;
                self.characters.insert(pos + 1, copy.clone());
                Ok(Applied::Saved(copy))
            }
            CharacterAction::Delete { id } => {
                let position = self.position(&id).ok_or(RosterError::NotFound { id })?;
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
                character.touch(now_ms);
                let at = position.min(self.characters.len());
                self.characters.insert(at, character.clone());
                Ok(Applied::Saved(character))
            }
            CharacterAction::EditIx { id, edit } => self.edit(&id, now_ms, |c| {
                let mut sheet = c.ix.clone().unwrap_or_else(|| IxSheet::new(&c.name));
                sheet.apply(edit)?;
                c.ix = Some(sheet);
                Ok(())
            }),
            CharacterAction::EditExpedition { id, edit } => self.edit(&id, now_ms, |c| {
                let mut sheet = c
                    .expedition
                    .clone()
                    .unwrap_or_else(|| ExpSheet::new(&c.name));
                sheet.apply(edit)?;
                c.expedition = Some(sheet);
                Ok(())
            }),
        }
    }

    /// Runs a sheet edit against one character; the sheet is edited on a copy, so a refused
    /// edit leaves the character exactly as it was.
    fn edit(
        &mut self,
        id: &str,
        now_ms: u64,
        f: impl FnOnce(&mut Character) -> Result<(), String>,
    ) -> Result<Applied, RosterError> {
        let c = self.find_mut(id)?;
        f(c).map_err(RosterError::Sheet)?;
        c.touch(now_ms);
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

    fn find_mut(&mut self, id: &str) -> Result<&mut Character, RosterError> {
        self.characters
            .iter_mut()
            .find(|c| c.id == id)
            .ok_or_else(|| RosterError::NotFound { id: id.to_string() })
    }

    fn ensure_free(&self, id: &str) -> Result<(), RosterError> {
        match self.position(id) {
            Some(_) => Err(RosterError::DuplicateId { id: id.to_string() }),
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
        assert_eq!(err, Err(RosterError::EmptyName));
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
            Err(RosterError::NameTooLong {
                chars: NAME_MAX_CHARS + 1
            })
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
        assert_eq!(r.characters[1].system, System::Ix);
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
            Err(RosterError::NotFound { .. })
        ));
        assert!(matches!(
            r.apply(
                CharacterAction::Duplicate {
                    id: "id0".into(),
                    new_id: "id0".into()
                },
                1
            ),
            Err(RosterError::DuplicateId { .. })
        ));
        assert_eq!(r.characters.len(), 1);
    }
}
