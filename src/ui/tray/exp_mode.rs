//! Expedition mode: an independent test (2 + Ability with bonus, penalty and helping dice,
//! Ob typed or worked out from factors shown as chips, free successes), a versus test,
//! variable damage (Nd, Save for half) and a purchase with a Cash wager. The odds and the
//! rolls are `roll.rs`'s; this is the view.

use leptos::prelude::*;

use super::TrayHandle;
use super::fields::Field;
use super::help_view::ExpHelpList;
use super::panel::NumField;
use super::state::{ExpKind, TrayAction};
use crate::rules::expedition::objective::{Complexity, GeneralFactors, Step, general_objective};

/// Where a yes/no factor lives.
type Toggle = fn(&mut GeneralFactors) -> &mut bool;

/// One chip group of the factor calculator.
struct ChipGroup {
    name: &'static str,
    options: [&'static str; 3],
    get: fn(&GeneralFactors) -> usize,
    set: fn(&mut GeneralFactors, usize),
}

fn step(i: usize) -> Step {
    match i {
        1 => Step::One,
        2 => Step::Two,
        _ => Step::None,
    }
}

fn step_index(s: Step) -> usize {
    match s {
        Step::None => 0,
        Step::One => 1,
        Step::Two => 2,
    }
}

const GROUPS: [ChipGroup; 4] = [
    ChipGroup {
        name: "Complexity",
        options: ["Low", "Moderate", "High"],
        get: |f| match f.complexity {
            Complexity::Low => 0,
            Complexity::Moderate => 1,
            Complexity::High => 2,
        },
        set: |f, i| {
            f.complexity = match i {
                0 => Complexity::Low,
                2 => Complexity::High,
                _ => Complexity::Moderate,
            }
        },
    },
    ChipGroup {
        name: "Pressure",
        options: ["None", "Some", "Substantial"],
        get: |f| step_index(f.pressure),
        set: |f, i| f.pressure = step(i),
    },
    ChipGroup {
        name: "Lighting",
        options: ["Good", "Dim", "Dark"],
        get: |f| step_index(f.lighting),
        set: |f, i| f.lighting = step(i),
    },
    ChipGroup {
        name: "Time",
        options: ["Normal", "Rushed", "Breakneck"],
        get: |f| step_index(f.time),
        set: |f, i| f.time = step(i),
    },
];

/// The factor calculator: chips per factor, the Ob and its reasons.
#[component]
fn Factors() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let f = tray.read(|s| s.factors());
    // Every chip edits a copy of the factors and hands it back through the reducer.
    let edit = move |change: &dyn Fn(&mut GeneralFactors)| {
        if let Some(mut x) = f.get_untracked() {
            change(&mut x);
            tray.act(TrayAction::SetFactors(Some(x)));
        }
    };
    let groups = GROUPS
        .iter()
        .map(|g| {
            let (get, set) = (g.get, g.set);
            view! {
                <div class="chips" role="group" aria-label=g.name>
                    <span class="chip-name">{g.name}</span>
                    {g.options
                        .iter()
                        .enumerate()
                        .map(|(i, label)| {
                            view! {
                                <button
                                    type="button"
                                    class="chip"
                                    aria-pressed=move || f.get().is_some_and(|x| get(&x) == i).to_string()
                                    on:click=move |_| edit(&|x| set(x, i))
                                >
                                    {*label}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            }
        })
        .collect_view();
    let toggles: [(&'static str, Toggle); 2] = [
        ("Inadequate tools", |x| &mut x.inadequate_tools),
        ("Relevant serious injury", |x| &mut x.serious_injury),
    ];
    let toggles = toggles
        .into_iter()
        .map(|(label, at)| {
            view! {
                <button
                    type="button"
                    class="chip"
                    aria-pressed=move || f.get().is_some_and(|mut x| *at(&mut x)).to_string()
                    on:click=move |_| edit(&|x| { let b = at(x); *b = !*b; })
                >
                    {label}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="factors">
            {groups}
            <div class="chips" role="group" aria-label="Other factors">{toggles}</div>
            <p class="ob-words">
                {move || f.get().and_then(|x| general_objective(&x).ok()).map(|o| o.words())}
            </p>
        </div>
    }
}

/// "Armour and shields weigh on this test": offered when the character carries either, and
/// not under a GM's sealed Ob (the GM counts them there).
#[component]
fn Encumbering() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let carried = tray.read(|s| (s.sealed_here().is_none()).then(|| s.carried()));
    let on = tray.read(|s| s.encumbering());
    move || {
        let c = carried.get().filter(|c| !c.is_empty())?;
        let mut what = Vec::new();
        if c.armour_worn > 0 {
            what.push("armour".to_string());
        }
        match c.shields_carried {
            0 => {}
            1 => what.push("a shield".into()),
            n => what.push(format!("{n} shields")),
        }
        let weight = u32::from(c.armour_worn) + u32::from(c.shields_carried);
        let verb = if what.len() == 1 && c.shields_carried < 2 {
            "weighs"
        } else {
            "weigh"
        };
        Some(view! {
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=move || on.get()
                    on:change=move |ev| {
                        tray.act(TrayAction::SetEncumbering(event_target_checked(&ev)));
                    }
                />
                {format!(
                    "Endurance, flexibility, balance, climbing or channeling: {} {verb} on it (Ob +{weight})",
                    what.join(" and "),
                )}
            </label>
        })
    }
}

/// Expedition pools, their odds and the roll button.
#[component]
pub fn ExpMode() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let kind = tray.read(|s| s.exp_kind());
    let saved = tray.read(|s| s.saved());
    let cash_to_sheet = tray.read(|s| s.cash_to_sheet());
    let plan = tray.read(|s| s.exp_plan().map_err(|e| e.to_string()));
    let kinds = [
        (ExpKind::Test, "Test"),
        (ExpKind::Versus, "Versus"),
        (ExpKind::Damage, "Damage"),
        (ExpKind::Cash, "Cash wager"),
    ]
    .into_iter()
    .map(|(k, label)| {
        view! {
            <button
                type="button"
                aria-pressed=move || (kind.get() == k).to_string()
                on:click=move |_| {
                    tray.act(TrayAction::SetExpKind(k));
                }
            >
                {label}
            </button>
        }
    })
    .collect_view();
    let using_factors = Signal::from(tray.read(|s| s.factors().is_some()));
    let fields = move || match kind.get() {
        ExpKind::Test | ExpKind::Versus => {
            let test = kind.get() == ExpKind::Test;
            view! {
                <div class="num-grid">
                    <NumField label="Ability" field=Field::Ability/>
                    <NumField label="Bonus dice" field=Field::Bonus/>
                    <NumField label="Penalty dice" field=Field::Penalty/>
                    <NumField label="Helping dice" field=Field::Helping/>
                    <NumField label="Free successes (+Ns)" field=Field::Free/>
                    {if test {
                        view! { <NumField label="Ob" field=Field::Ob disabled=using_factors/> }.into_any()
                    } else {
                        view! {
                            <NumField label="Opposing dice" field=Field::Opposing/>
                            <NumField label="Opposing free successes" field=Field::OpposingFree/>
                        }
                            .into_any()
                    }}
                </div>
                {test
                    .then(|| {
                        view! {
                            <button
                                type="button"
                                aria-pressed=move || using_factors.get().to_string()
                                on:click=move |_| {
                                    let next = (!using_factors.get_untracked()).then(GeneralFactors::default);
                                    tray.act(TrayAction::SetFactors(next));
                                }
                            >
                                "Work out Ob from factors"
                            </button>
                            <Show when=move || using_factors.get()>
                                <Factors/>
                            </Show>
                            <Encumbering/>
                        }
                    })}
            }
                .into_any()
        }
        ExpKind::Damage => view! {
            <div class="num-grid">
                <NumField label="Damage dice" field=Field::DamageDice/>
                <NumField label="Free successes (+Ns)" field=Field::Free/>
            </div>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=move || saved.get()
                    on:change=move |ev| {
                        tray.act(TrayAction::SetSaved(event_target_checked(&ev)));
                    }
                />
                "Save made (half damage, rounded up)"
            </label>
        }
        .into_any(),
        ExpKind::Cash => view! {
            <div class="num-grid">
                <NumField label="Wealth" field=Field::Wealth/>
                <NumField label="Cost" field=Field::Cost/>
                <NumField label="Scarcity" field=Field::Scarcity/>
                <NumField label="Cash held" field=Field::CashHeld/>
                <NumField label="Cash wagered" field=Field::Wager/>
            </div>
            <p class="muted small">
                {move || if cash_to_sheet.get() {
                    "The Cash change goes to the character's sheet."
                } else {
                    "No sheet is attached: the Cash held above is updated here."
                }}
            </p>
        }
        .into_any(),
    };
    let odds = move || match plan.get() {
        Ok(lines) => view! {
            <dl class="odds" aria-label="Odds">
                {lines
                    .into_iter()
                    .map(|(k, v)| view! { <div><dt>{k}</dt><dd>{v}</dd></div> })
                    .collect_view()}
            </dl>
        }
        .into_any(),
        Err(why) => view! { <p class="field-error">{why}</p> }.into_any(),
    };
    view! {
        <section class="exp-mode" aria-label="Expedition pool">
            <div class="row" role="group" aria-label="Kind of roll">{kinds}</div>
            {fields}
            {odds}
            <ExpHelpList/>
        </section>
    }
}
