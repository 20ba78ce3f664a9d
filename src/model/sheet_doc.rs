//! A character's sheet as the roster holds it: the JSON text it is stored as, with its game, read
//! into a typed [`Sheet`] the first time something looks inside it.
//!
//! Why: the roster screen needs only each character's name and game, and a phone on a slow link
//! waits for every byte of the first load. Reading a sheet takes serde code for every type a
//! sheet holds (about a seventh of the first-load wasm, docs/size.md), so the first load only
//! carries the text; the sheets, tables and tray read it in their own chunks. Saving writes the
//! text back as it is, and an edit re-encodes it, so the text is always what storage should hold.

use serde::de::{Deserialize, Deserializer, IgnoredAny};
use serde::ser::{Serialize, Serializer};
use serde_json::value::RawValue;
use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use super::character::{Sheet, System};
use super::document::encode;

/// Where a blank sheet's template (`src/model/blank/`) takes the character's name, as a JSON
/// string.
pub const BLANK_NAME: &str = "\"$name\"";

/// A sheet kept as text until read. Cheap to clone; compares by its text, and by the sheets
/// themselves when the texts differ (an older record's may, for the same sheet).
#[derive(Clone)]
pub struct SheetDoc {
    game: System,
    text: Arc<RawValue>,
    /// Shared by every clone of this text (the app copies the roster on each change), so a
    /// sheet is read once however many copies look at it.
    read: Arc<OnceLock<Read>>,
}

/// A read sheet, or the reason it could not be read (with a blank sheet of its game in its
/// place, which no edit is ever saved over).
struct Read {
    sheet: Sheet,
    damaged: Option<String>,
    /// The sheet's encoding when it differs from the stored text (a record written by an
    /// earlier Satchel, brought up to date as it was read): what is saved from then on.
    rewritten: Option<Box<RawValue>>,
}

impl SheetDoc {
    /// A sheet made here (a new character, an edit): its text is its encoding.
    pub fn new(sheet: Sheet) -> Self {
        let text = RawValue::from_string(encode(&sheet))
            .map(Arc::from)
            .unwrap_or_else(|_| Arc::from(RawValue::NULL.to_owned()));
        let doc = SheetDoc {
            game: sheet.system(),
            text,
            read: Arc::new(OnceLock::new()),
        };
        let _ = doc.read.set(Read {
            sheet,
            damaged: None,
            rewritten: None,
        });
        doc
    }

    /// A new character's blank sheet, written from its game's template (`src/model/blank/`)
    /// with the name put in: the roster creates characters, and encoding a sheet takes serde
    /// code for every type in it, which the first load would otherwise carry for this alone
    /// (docs/size.md). A test keeps each template equal to what the encoder writes for
    /// [`Sheet::new`], and rewrites it on request when a blank sheet changes.
    pub fn blank(game: System, name: &str) -> Self {
        let template = match game {
            System::Ix => include_str!("blank/ix.json"),
            System::Expedition => include_str!("blank/expedition.json"),
        };
        // A string's JSON is its only serde code here, and the roster has it already.
        let name = serde_json::to_string(name).unwrap_or_else(|_| "\"\"".into());
        let text = template.trim_end().replace(BLANK_NAME, &name);
        SheetDoc {
            game,
            text: RawValue::from_string(text)
                .map(Arc::from)
                .unwrap_or_else(|_| Arc::from(RawValue::NULL.to_owned())),
            read: Arc::new(OnceLock::new()),
        }
    }

    /// The game, known without reading the sheet.
    pub fn system(&self) -> System {
        self.game
    }

    /// The text storage should hold for this sheet (`{"ix": {…}}`).
    pub fn text(&self) -> &str {
        self.raw().get()
    }

    fn raw(&self) -> &RawValue {
        match self.read.get().and_then(|r| r.rewritten.as_deref()) {
            Some(rewritten) => rewritten,
            None => &self.text,
        }
    }

    fn read(&self) -> &Read {
        self.read
            .get_or_init(|| match serde_json::from_str::<Sheet>(self.text.get()) {
                Ok(mut sheet) => {
                    sheet.migrate();
                    let encoded = encode(&sheet);
                    let rewritten = (encoded != self.text.get())
                        .then(|| RawValue::from_string(encoded).ok())
                        .flatten();
                    Read {
                        sheet,
                        damaged: None,
                        rewritten,
                    }
                }
                Err(e) => Read {
                    sheet: Sheet::new(self.game, ""),
                    damaged: Some(e.to_string()),
                    rewritten: None,
                },
            })
    }

    /// Reads the sheet, or says why it cannot be read (its text does not fit the game's sheet).
    /// Start-up checks every sheet this way before any screen reads one (`Store::check`).
    pub fn try_sheet(&self) -> Result<&Sheet, String> {
        let read = self.read();
        match &read.damaged {
            None => Ok(&read.sheet),
            Some(why) => Err(why.clone()),
        }
    }

    /// Whether the sheet can be opened as it is: it reads as its game's sheet and every value
    /// is in range; the first reason otherwise. Every door a character comes in by (a share
    /// link, a file, a linked device, a merge, a restore) asks this, so a record that start-up
    /// would set aside is refused at the door instead of replacing a good copy. (`problems()`
    /// alone would ask the blank sheet an unreadable one is read as, and find nothing.)
    pub fn check(&self) -> Result<(), String> {
        let sheet = self.try_sheet()?;
        match sheet.problems().into_iter().next() {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }

    /// Changes the sheet through `f`, keeping the change only when `f` succeeds; the text is
    /// re-encoded from the result. A sheet that could not be read is never written over.
    pub fn edit<T, E>(&mut self, f: impl FnOnce(&mut Sheet) -> Result<T, E>) -> Result<T, E> {
        let read = self.read();
        let damaged = read.damaged.is_some();
        let mut sheet = read.sheet.clone();
        let out = f(&mut sheet)?;
        if !damaged {
            *self = SheetDoc::new(sheet);
        }
        Ok(out)
    }
}

impl Deref for SheetDoc {
    type Target = Sheet;

    fn deref(&self) -> &Sheet {
        &self.read().sheet
    }
}

impl PartialEq for SheetDoc {
    fn eq(&self, other: &Self) -> bool {
        if self.game != other.game {
            return false;
        }
        if self.text() == other.text() {
            return true;
        }
        // The same sheet can be written two ways (an older record's field order): read both.
        let (a, b) = (self.read(), other.read());
        a.damaged.is_none() && b.damaged.is_none() && a.sheet == b.sheet
    }
}

impl fmt::Debug for SheetDoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SheetDoc")
            .field("game", &self.game)
            .field("text", &self.text())
            .finish()
    }
}

impl From<Sheet> for SheetDoc {
    fn from(sheet: Sheet) -> Self {
        SheetDoc::new(sheet)
    }
}

impl Serialize for SheetDoc {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.raw().serialize(serializer)
    }
}

/// Only the game's key is looked at: what is inside is read later.
#[derive(serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum GameKey {
    Ix(IgnoredAny),
    Expedition(IgnoredAny),
}

impl<'de> Deserialize<'de> for SheetDoc {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text: Box<RawValue> = Deserialize::deserialize(deserializer)?;
        let game =
            match serde_json::from_str::<GameKey>(text.get()).map_err(serde::de::Error::custom)? {
                GameKey::Ix(_) => System::Ix,
                GameKey::Expedition(_) => System::Expedition,
            };
        Ok(SheetDoc {
            game,
            text: Arc::from(text),
            read: Arc::new(OnceLock::new()),
        })
    }
}
