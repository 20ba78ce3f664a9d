//! The Expedition referee's table: party size, exploration turn, a combat tracker and a log of
//! table rolls. Stored as the named document `exp-table`; edits go through a pure reducer, and
//! rolls carry a seed drawn by the UI.

use serde::{Deserialize, Serialize};

use super::exp_sheet::Seeded;
use crate::rules::expedition::combat::{Combatant, combat_exchange};
use crate::rules::expedition::referee::{
    Appearing, Population, adversary, encounter_check_due, roll_number_appearing,
};
use crate::rules::expedition::tables::{
    Disposition, EncounterScale, distance_roll, encounter_check, morale_check, reaction_roll,
};

/// Schema of the referee's table document.
pub const EXP_TABLE_SCHEMA: u32 = 1;
/// Name of the stored document.
pub const EXP_TABLE_DOC: &str = "exp-table";
/// Log lines kept.
pub const TABLE_LOG_KEPT: usize = 60;
/// Most combatants in the tracker.
pub const MAX_FIGHTERS: usize = 40;

/// One side of a fight in the tracker: an adversary by Level or a character typed in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// Name shown.
    pub name: String,
    /// Combat Check dice.
    pub dice: u32,
    /// Current HP.
    pub hp: u32,
    /// Maximum HP.
    pub max_hp: u32,
    /// Index of the fighter this one threatens this round.
    #[serde(default)]
    pub threatens: Option<usize>,
    /// Whether this one fights for the party (no threat defaults between allies).
    #[serde(default)]
    pub ally: bool,
}

/// The referee's document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpTable {
    /// Document schema.
    pub schema: u32,
    /// Players at the table (1-20).
    pub players: u32,
    /// Exploration turn count this delve.
    pub turn: u32,
    /// Session number.
    pub session: u32,
    /// The combat tracker.
    pub fighters: Vec<Fighter>,
    /// Table rolls in words, oldest first.
    pub log: Vec<String>,
}

impl Default for ExpTable {
    fn default() -> Self {
        ExpTable {
            schema: EXP_TABLE_SCHEMA,
            players: 4,
            turn: 0,
            session: 1,
            fighters: Vec::new(),
            log: Vec::new(),
        }
    }
}

/// A roll the table makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableRoll {
    /// Encounter check at a scale.
    Encounter(EncounterScale),
    /// Reaction d10.
    Reaction,
    /// Morale d6 by disposition (mortal danger routs without a roll).
    Morale(Disposition, bool),
    /// Encounter distance d6.
    Distance,
    /// Number appearing for a tag and the party size.
    Appearing(Appearing),
    /// One combat exchange between the fighters, as they threaten each other.
    Exchange,
}

/// One change to the table.
#[derive(Debug, Clone, PartialEq)]
pub enum TableEdit {
    /// Players at the table.
    Players(u32),
    /// Advance the exploration turn; says when an encounter check falls due.
    NextTurn(Population),
    /// A new session.
    NewSession,
    /// Add an adversary of a Level (Pool Level + 2, HP 2 x Level, at least 1 HP).
    AddAdversary(String, u32),
    /// Add a character by dice and HP.
    AddAlly(String, u32, u32),
    /// Damage (positive) or healing (negative) to a fighter.
    Harm(usize, i64),
    /// Who a fighter threatens.
    Threaten(usize, Option<usize>),
    /// Remove a fighter.
    Remove(usize),
    /// Clear the log.
    ClearLog,
    /// A roll from a seed.
    Roll(u64, TableRoll),
}

fn name(s: &str) -> Result<String, String> {
    let t = s.trim();
    if t.is_empty() || t.chars().count() > 60 {
        return Err("Type a name of 1 to 60 characters.".into());
    }
    Ok(t.to_string())
}

impl ExpTable {
    fn log(&mut self, line: String) {
        self.log.push(line);
        if self.log.len() > TABLE_LOG_KEPT {
            self.log.remove(0);
        }
    }

    fn add(&mut self, f: Fighter) -> Result<(), String> {
        if self.fighters.len() >= MAX_FIGHTERS {
            return Err(format!("The tracker holds at most {MAX_FIGHTERS}."));
        }
        self.fighters.push(f);
        Ok(())
    }

    /// Applies one edit; on error nothing changes and the message says why.
    pub fn apply(&mut self, edit: TableEdit) -> Result<(), String> {
        let mut next = self.clone();
        next.apply_in_place(edit)?;
        *self = next;
        Ok(())
    }

    fn apply_in_place(&mut self, edit: TableEdit) -> Result<(), String> {
        let e = |r: crate::rules::expedition::RulesError| r.to_string();
        match edit {
            TableEdit::Players(n) => {
                crate::rules::expedition::RulesError::check_range("players", n.into(), 1, 20)
                    .map_err(e)?;
                self.players = n;
            }
            TableEdit::NextTurn(pop) => {
                self.turn += 1;
                let due = encounter_check_due(pop, self.turn);
                self.log(format!(
                    "Turn {}: {}",
                    self.turn,
                    if due {
                        "an encounter check is due."
                    } else {
                        "no encounter check this turn."
                    }
                ));
            }
            TableEdit::NewSession => {
                self.session += 1;
                self.turn = 0;
                self.log(format!(
                    "Session {} begins: each player rolls Income; improvements and project ticks are available again.",
                    self.session
                ));
            }
            TableEdit::AddAdversary(n, level) => {
                let a = adversary(level).map_err(e)?;
                let n = name(&n)?;
                self.add(Fighter {
                    name: n,
                    dice: a.pool,
                    hp: a.hp.max(1),
                    max_hp: a.hp.max(1),
                    threatens: None,
                    ally: false,
                })?;
            }
            TableEdit::AddAlly(n, dice, hp) => {
                let n = name(&n)?;
                if dice > 30 || !(1..=20).contains(&hp) {
                    return Err("Dice must be 0 to 30 and HP 1 to 20.".into());
                }
                self.add(Fighter {
                    name: n,
                    dice,
                    hp,
                    max_hp: hp,
                    threatens: None,
                    ally: true,
                })?;
            }
            TableEdit::Harm(i, d) => {
                let f = self.fighters.get_mut(i).ok_or("No such fighter.")?;
                if !(-1000..=1000).contains(&d) {
                    return Err("Damage must be between -1000 and 1000.".into());
                }
                f.hp = (i64::from(f.hp) - d).clamp(0, f.max_hp.into()) as u32;
            }
            TableEdit::Threaten(i, t) => {
                let n = self.fighters.len();
                if i >= n || t.is_some_and(|t| t >= n || t == i) {
                    return Err("Pick another fighter to threaten.".into());
                }
                self.fighters[i].threatens = t;
            }
            TableEdit::Remove(i) => {
                if i >= self.fighters.len() {
                    return Err("No such fighter.".into());
                }
                self.fighters.remove(i);
                for f in &mut self.fighters {
                    f.threatens = match f.threatens {
                        Some(t) if t == i => None,
                        Some(t) if t > i => Some(t - 1),
                        t => t,
                    };
                }
            }
            TableEdit::ClearLog => self.log.clear(),
            TableEdit::Roll(seed, r) => {
                let line = self.roll(&mut Seeded(seed), r)?;
                self.log(line);
            }
        }
        Ok(())
    }

    fn roll(&mut self, rng: &mut Seeded, r: TableRoll) -> Result<String, String> {
        let scale_words = |s: EncounterScale| match s {
            EncounterScale::Exploration => "exploration",
            EncounterScale::OverlandDay => "overland, by day",
            EncounterScale::OverlandNight => "overnight",
            EncounterScale::Water => "on the water",
        };
        let e = |r: crate::rules::expedition::RulesError| r.to_string();
        Ok(match r {
            TableRoll::Encounter(scale) => {
                let t = encounter_check(rng, scale);
                format!(
                    "Encounter check ({}): rolled {}: {}.",
                    scale_words(scale),
                    t.faces[0],
                    t.reading.words()
                )
            }
            TableRoll::Reaction => {
                let t = reaction_roll(rng);
                format!("Reaction: rolled {}: {}.", t.faces[0], t.reading.words())
            }
            TableRoll::Morale(d, danger) => {
                let t = morale_check(rng, d, danger);
                match t.faces.first() {
                    Some(f) => format!(
                        "Morale (holds on {}+): rolled {f}: {}.",
                        d.target(),
                        t.reading.words()
                    ),
                    None => "Morale: in mortal danger they rout.".into(),
                }
            }
            TableRoll::Distance => {
                let t = distance_roll(rng);
                format!("Distance: rolled {}: {}.", t.faces[0], t.reading.words())
            }
            TableRoll::Appearing(tag) => {
                let n = roll_number_appearing(rng, tag, self.players).map_err(e)?;
                format!("Number appearing ({tag:?}, {} players): {n}.", self.players)
            }
            TableRoll::Exchange => {
                let cs: Vec<Combatant> = self
                    .fighters
                    .iter()
                    .map(|f| Combatant {
                        name: f.name.clone(),
                        dice: f.dice,
                        free_successes: 0,
                        helpless: f.hp == 0,
                    })
                    .collect();
                let threats: Vec<(usize, usize)> = self
                    .fighters
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.hp > 0)
                    .filter_map(|(i, f)| f.threatens.map(|t| (i, t)))
                    .collect();
                if threats.is_empty() {
                    return Err("Choose who threatens whom first.".into());
                }
                let o = combat_exchange(rng, &cs, &threats).map_err(e)?;
                let mut parts = Vec::new();
                for (i, f) in self.fighters.iter_mut().enumerate() {
                    let faces: Vec<String> = o.rolls[i].faces().iter().map(u8::to_string).collect();
                    parts.push(format!(
                        "{} rolled {} ({} successes)",
                        f.name,
                        if faces.is_empty() {
                            "nothing".into()
                        } else {
                            faces.join(", ")
                        },
                        o.successes[i]
                    ));
                    f.hp = f.hp.saturating_sub(o.damage[i]);
                }
                format!("Exchange: {}. {}", parts.join("; "), o.log.join(" "))
            }
        })
    }
}
