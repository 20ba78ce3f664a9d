//! The one-tap table rolls both systems use (Depletion, Critical Injury, Down and Out,
//! reaction, recognition, encounter, morale, distance), rolled from the tray's fields like
//! `roll.rs`: pure, with the generator passed in.

use rand::Rng;

use super::fields::Field;
use super::outcome::{Outcome, Rolled, Shown};
use super::state::{TrayError, TrayState};
use crate::rules::expedition::tables::{
    DepletionReading, Disposition, Distance, EncounterReading, EncounterScale, MoraleReading,
    Reaction, depletion_check, distance_roll, down_and_out_roll, encounter_check, morale_check,
    reaction_roll, recognition_roll,
};
use crate::rules::ix::critical::{CriticalTable, roll_critical};

/// A table the Plain dice mode rolls in one tap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    Depletion,
    Critical,
    DownAndOut,
    Reaction,
    Recognition,
    Encounter,
    Morale,
    Distance,
}

impl Table {
    pub const ALL: [Table; 8] = [
        Table::Depletion,
        Table::Critical,
        Table::DownAndOut,
        Table::Reaction,
        Table::Recognition,
        Table::Encounter,
        Table::Morale,
        Table::Distance,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Table::Depletion => "Depletion (d20)",
            Table::Critical => "Critical Injury (d100)",
            Table::DownAndOut => "Down and Out (2d6)",
            Table::Reaction => "Reaction (d10)",
            Table::Recognition => "Recognition (d8)",
            Table::Encounter => "Encounter check (d6)",
            Table::Morale => "Morale (d6)",
            Table::Distance => "Encounter distance (d6)",
        }
    }
}

/// Dice of one size, each with its spoken label.
fn faces_of(sides: u32, faces: &[u8]) -> Vec<(Shown, String)> {
    faces
        .iter()
        .map(|&x| {
            (
                Shown::Plain(sides, u32::from(x)),
                format!("d{sides} showing {x}"),
            )
        })
        .collect()
}

impl TrayState {
    /// Rolls one table with the parameters typed in the Plain dice mode; the state is not
    /// changed (see [`TrayState::roll`]).
    pub fn roll_table<R: Rng + ?Sized>(
        &self,
        table: Table,
        rng: &mut R,
    ) -> Result<Rolled, TrayError> {
        let f = self.fields();
        let plain = |pool: String, dice, words: &str| (pool, dice, words.to_string(), None);
        let (pool, dice, words, note): (String, Vec<(Shown, String)>, String, Option<String>) =
            match table {
                Table::Depletion => {
                    let score = f.count(Field::DepletionScore)?;
                    let r = depletion_check(rng, score as u8)?;
                    let w = match r.reading {
                        DepletionReading::Holds => "Holds",
                        DepletionReading::LastUse => "Last use: it runs out after this",
                    };
                    plain(
                        format!("d20 vs Depletion {score}"),
                        faces_of(20, &r.faces),
                        w,
                    )
                }
                Table::Critical => {
                    let carried = f.count(Field::InjuriesCarried)?;
                    let r = roll_critical(rng, carried as i32)?;
                    let table = CriticalTable::default();
                    let row = table.rows.get(r.row);
                    (
                        format!("d100 + 10 x {carried} carried"),
                        vec![(
                            Shown::Plain(100, r.d100),
                            format!("d100 showing {}", r.d100),
                        )],
                        format!(
                            "{} ({}): {}",
                            row.map_or("", |x| x.name.as_str()),
                            r.severity().name(),
                            r.total
                        ),
                        row.map(|x| x.effect.clone()).filter(|e| !e.is_empty()),
                    )
                }
                Table::DownAndOut => {
                    let armour = self.armour();
                    let r = down_and_out_roll(rng, armour);
                    plain(
                        format!("2d6{}", if armour { ", wearing armour" } else { "" }),
                        faces_of(6, &r.faces),
                        r.reading.words(),
                    )
                }
                Table::Reaction => {
                    let r = reaction_roll(rng);
                    let w = match r.reading {
                        Reaction::Aggressive => "Aggressive",
                        Reaction::Cautious => "Cautious",
                        Reaction::Friendly => "Friendly",
                    };
                    plain("d10 reaction".into(), faces_of(10, &r.faces), w)
                }
                Table::Recognition => {
                    let rep = f.checked(Field::Reputation)?;
                    let r = recognition_roll(rng, rep as i8)?;
                    let w = if r.reading {
                        "Recognised"
                    } else {
                        "Not recognised"
                    };
                    plain(format!("d8 vs Reputation {rep}"), faces_of(8, &r.faces), w)
                }
                Table::Encounter => {
                    let r = encounter_check(rng, EncounterScale::Exploration);
                    let w = match r.reading {
                        EncounterReading::Encounter => "Encounter",
                        EncounterReading::Omen => "An omen",
                        EncounterReading::Nothing => "Nothing",
                        EncounterReading::DepleteLights => {
                            "Lights burn down: make Depletion checks"
                        }
                    };
                    plain("d6 encounter check".into(), faces_of(6, &r.faces), w)
                }
                Table::Morale => {
                    let r = morale_check(rng, Disposition::Average, false);
                    let w = match r.reading {
                        MoraleReading::Holds => "Holds",
                        MoraleReading::Routs => "Routs",
                    };
                    plain(
                        "d6 morale, average disposition (4+)".into(),
                        faces_of(6, &r.faces),
                        w,
                    )
                }
                Table::Distance => {
                    let r = distance_roll(rng);
                    let w = match r.reading {
                        Distance::Underfoot => "Underfoot",
                        Distance::Close => "Close",
                        Distance::Near => "Near",
                        Distance::Middling => "Middling",
                        Distance::Distant => "Distant",
                        Distance::Far => "Far",
                    };
                    plain("d6 distance".into(), faces_of(6, &r.faces), w)
                }
            };
        Ok(Rolled {
            outcome: Outcome {
                mode: "Table",
                pool: format!("{}: {pool}", table.label()),
                groups: vec![(String::new(), dice)],
                words,
                notes: note.into_iter().collect(),
            },
            ix: None,
            cash: None,
        })
    }
}
