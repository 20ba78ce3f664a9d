//! Plain dice (d4-d100, several at once, notation like `2d6+1`) and the one-tap table rolls
//! both systems use.

use leptos::prelude::*;

use super::faces::Shown;
use super::{CryptoRng, NumField, Outcome, Tray, TrayContext, field};
use crate::rules::dice::{SIDES, parse};
use crate::rules::expedition::tables::{
    DepletionReading, Disposition, Distance, EncounterReading, EncounterScale, MoraleReading,
    Reaction, depletion_check, distance_roll, down_and_out_roll, encounter_check, morale_check,
    reaction_roll, recognition_roll,
};
use crate::rules::ix::critical::{CriticalTable, roll_critical};

/// Rolls the typed notation.
pub fn roll_notation(tray: &Tray) {
    let text = tray.plain.get_untracked();
    match parse(&text) {
        Ok(n) => {
            let r = n.roll(&mut CryptoRng);
            tray.finish(Outcome {
                mode: "Plain",
                pool: n.canonical(),
                groups: vec![(
                    String::new(),
                    r.dice
                        .iter()
                        .map(|d| (Shown::Plain(d.sides, d.face), d.label()))
                        .collect(),
                )],
                words: format!("Total {}", r.total),
                notes: vec![r.words()],
            });
        }
        Err(e) => tray.refuse(e),
    }
}

/// Adds one die of a size to the notation: "2d6" + d6 = "3d6", + d8 = "3d6+1d8".
fn add_die(text: &str, sides: u32) -> String {
    match parse(text) {
        Ok(mut n) => {
            match n.groups.iter_mut().find(|g| g.1 == sides) {
                Some(g) => g.0 += 1,
                None => n.groups.push((1, sides)),
            }
            n.canonical()
        }
        Err(_) => format!("1d{sides}"),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Table {
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
    const ALL: [Table; 8] = [
        Table::Depletion,
        Table::Critical,
        Table::DownAndOut,
        Table::Reaction,
        Table::Recognition,
        Table::Encounter,
        Table::Morale,
        Table::Distance,
    ];
    fn label(self) -> &'static str {
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

/// Parameters the tables need, typed once and kept.
#[derive(Clone, Copy)]
struct TableFields {
    depletion: RwSignal<i64>,
    carried: RwSignal<i64>,
    armour: RwSignal<bool>,
    reputation: RwSignal<i64>,
}

fn roll_table(t: Table, f: TableFields) -> Result<Outcome, String> {
    let rng = &mut CryptoRng;
    let err = |e: crate::rules::expedition::RulesError| e.to_string();
    let one = |sides: u32, faces: &[u8]| -> Vec<(Shown, String)> {
        faces
            .iter()
            .map(|&x| {
                (
                    Shown::Plain(sides, u32::from(x)),
                    format!("d{sides} showing {x}"),
                )
            })
            .collect()
    };
    let (pool, dice, words, note): (String, Vec<(Shown, String)>, String, String) = match t {
        Table::Depletion => {
            let score = field("Depletion score", f.depletion, 1, 20)?;
            let r = depletion_check(rng, score as u8).map_err(err)?;
            let w = match r.reading {
                DepletionReading::Holds => "Holds",
                DepletionReading::LastUse => "Last use: it runs out after this",
            };
            (
                format!("d20 vs Depletion {score}"),
                one(20, &r.faces),
                w.into(),
                String::new(),
            )
        }
        Table::Critical => {
            let carried = field("injuries carried", f.carried, 0, 20)?;
            let r = roll_critical(rng, carried as i32).map_err(|e| e.to_string())?;
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
                row.map_or(String::new(), |x| x.effect.clone()),
            )
        }
        Table::DownAndOut => {
            let armour = f.armour.get_untracked();
            let r = down_and_out_roll(rng, armour);
            (
                format!("2d6{}", if armour { ", wearing armour" } else { "" }),
                one(6, &r.faces),
                r.reading.words().into(),
                String::new(),
            )
        }
        Table::Reaction => {
            let r = reaction_roll(rng);
            let w = match r.reading {
                Reaction::Aggressive => "Aggressive",
                Reaction::Cautious => "Cautious",
                Reaction::Friendly => "Friendly",
            };
            (
                "d10 reaction".into(),
                one(10, &r.faces),
                w.into(),
                String::new(),
            )
        }
        Table::Recognition => {
            let rep = f.reputation.get_untracked();
            if rep == super::EMPTY || !(-6..=6).contains(&rep) {
                return Err("Reputation must be between -6 and 6.".into());
            }
            let r = recognition_roll(rng, rep as i8).map_err(err)?;
            (
                format!("d8 vs Reputation {rep}"),
                one(8, &r.faces),
                if r.reading {
                    "Recognised"
                } else {
                    "Not recognised"
                }
                .into(),
                String::new(),
            )
        }
        Table::Encounter => {
            let r = encounter_check(rng, EncounterScale::Exploration);
            let w = match r.reading {
                EncounterReading::Encounter => "Encounter",
                EncounterReading::Omen => "An omen",
                EncounterReading::Nothing => "Nothing",
                EncounterReading::DepleteLights => "Lights burn down: make Depletion checks",
            };
            (
                "d6 encounter check".into(),
                one(6, &r.faces),
                w.into(),
                String::new(),
            )
        }
        Table::Morale => {
            let r = morale_check(rng, Disposition::Average, false);
            let w = match r.reading {
                MoraleReading::Holds => "Holds",
                MoraleReading::Routs => "Routs",
            };
            (
                "d6 morale, average disposition (4+)".into(),
                one(6, &r.faces),
                w.into(),
                String::new(),
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
            (
                "d6 distance".into(),
                one(6, &r.faces),
                w.into(),
                String::new(),
            )
        }
    };
    Ok(Outcome {
        mode: "Table",
        pool: format!("{}: {pool}", t.label()),
        groups: vec![(String::new(), dice)],
        words: words.to_string(),
        notes: if note.is_empty() {
            Vec::new()
        } else {
            vec![note]
        },
    })
}

/// Plain dice and table rolls.
#[component]
pub fn PlainMode() -> impl IntoView {
    let tray = expect_context::<TrayContext>().0;
    let text = tray.plain;
    let f = TableFields {
        depletion: RwSignal::new(6),
        carried: RwSignal::new(0),
        armour: RwSignal::new(false),
        reputation: RwSignal::new(1),
    };
    let checked = Memo::new(move |_| parse(&text.get()).map(|n| n.canonical()));
    view! {
        <section class="plain-mode" aria-label="Plain dice">
            <div class="row" role="group" aria-label="Add a die">
                {SIDES
                    .into_iter()
                    .map(|s| {
                        view! {
                            <button
                                type="button"
                                class="step"
                                aria-label=format!("Add a d{s}")
                                on:click=move |_| text.update(|t| *t = add_die(t, s))
                            >
                                {format!("d{s}")}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field">
                "Dice to roll"
                <input
                    type="text"
                    autocomplete="off"
                    spellcheck="false"
                    aria-describedby="notation-help"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                />
            </label>
            <p id="notation-help" class="muted small">
                {move || match checked.get() {
                    Ok(c) => format!("Rolls {c}. Forms like 3d6, d20+2 or 2d8-1."),
                    Err(e) => e.to_string(),
                }}
            </p>
            <div class="row">
                <button type="button" class="primary roll" on:click=move |_| roll_notation(&tray)>
                    "Roll"
                </button>
                <button type="button" on:click=move |_| text.set(String::new())>"Clear"</button>
            </div>
            <h3>"Tables"</h3>
            <div class="num-grid">
                <NumField label="Depletion score" value=f.depletion/>
                <NumField label="Critical Injuries carried" value=f.carried/>
                <NumField label="Reputation" value=f.reputation/>
            </div>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=move || f.armour.get()
                    on:change=move |ev| f.armour.set(event_target_checked(&ev))
                />
                "Wearing armour (Down and Out)"
            </label>
            <div class="row tables" role="group" aria-label="Table rolls">
                {Table::ALL
                    .into_iter()
                    .map(|t| {
                        view! {
                            <button
                                type="button"
                                on:click=move |_| match roll_table(t, f) {
                                    Ok(o) => tray.finish(o),
                                    Err(e) => tray.refuse(e),
                                }
                            >
                                {t.label()}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </section>
    }
}
