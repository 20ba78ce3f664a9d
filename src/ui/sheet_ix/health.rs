//! Wounds, Strain, Defense and Critical Injuries.

use leptos::prelude::*;
use std::sync::Arc;

use super::Ctx;
use crate::model::ix_sheet::{IxEdit, Num};
use crate::rules::ix::critical::{
    MedicineTask, TreatmentClock, medicine_pool, roll_critical, row_bounds, treatment_clock,
};
use crate::rules::ix::dice::CheckResult;
use crate::rules::ix::health::{DEFENSE_CAP, Vitality};
use crate::rules::ix::stats::find_skill;
use crate::ui::fields::{NumberInput, Stepper};
use crate::ui::tray::{CryptoRng, Hook};

/// The character's state in words, and what it means.
fn state_words(v: Vitality, max: i32) -> (&'static str, String) {
    match v {
        Vitality::Standing => ("Healthy", "Standing and able to act.".into()),
        Vitality::Incapacitated { bleeding: true } => (
            "Incapacitated and bleeding out",
            format!(
                "Cannot act. Loses 1 Wound at the end of each round until stabilised; dies at −{max}. Roll a Critical Injury."
            ),
        ),
        Vitality::Incapacitated { bleeding: false } => (
            "Incapacitated, stabilised",
            "Cannot act, but no longer bleeding. Healing above 0 brings them back.".into(),
        ),
        Vitality::Dead => ("Dead", format!("Wounds reached −{max}.")),
    }
}

/// Wounds and Strain with steppers, the state in words, rest and Defense.
#[component]
pub fn Health() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let h = move || ctx.read(|s| s.character.health);
    let num = move |n: Num| {
        Signal::derive(move || {
            let c = ctx.read(|s| (s.character.health, s.character.defenses));
            i64::from(match n {
                Num::Wounds => c.0.wounds,
                Num::WoundsMax => c.0.wounds_max,
                Num::Strain => c.0.strain,
                Num::StrainMax => c.0.strain_max,
                Num::Melee => c.1.melee,
                Num::Ranged => c.1.ranged,
            })
        })
    };
    let set = move |n: Num| ctx.cb(move |v| IxEdit::Set(n, v as i32));
    // The steppers' ranges follow the maxima; rebuilt only when a maximum changes.
    let maxima = Memo::new(move |_| {
        let h = h();
        (i64::from(h.wounds_max), i64::from(h.strain_max))
    });
    let words = move || state_words(h().vitality(), h().wounds_max);
    let actions = [
        ("End of round: bleed out", IxEdit::BleedOut),
        ("Stabilised", IxEdit::Stabilise),
        ("Catch Breath", IxEdit::CatchBreath),
        ("Extended rest", IxEdit::Rest),
        ("New encounter", IxEdit::NewEncounter),
    ]
    .map(|(label, e)| super::act(ctx, label, e));
    let defenses = [
        ("Melee Defense", Num::Melee),
        ("Ranged Defense", Num::Ranged),
    ]
    .map(|(label, n)| {
        let value = num(n);
        let hint = Signal::derive(move || {
            let v = value.get();
            if v > i64::from(DEFENSE_CAP) {
                format!("Sources add up to {v}; it counts as {DEFENSE_CAP}, the cap.")
            } else {
                format!("Counts as {v} (the cap is {DEFENSE_CAP}).")
            }
        });
        view! { <NumberInput label value min=0 max=20 on_commit=set(n) hint/> }
    });
    view! {
        <section class="panel" aria-labelledby="ix-health">
            <h2 id="ix-health">"Wounds and Strain"</h2>
            <p class="ix-state" role="status">
                <strong class="state-words">{move || words().0}</strong>
                ": "
                {move || words().1}
            </p>
            {move || {
                let (wm, sm) = maxima.get();
                view! {
                    <Stepper
                        label=format!("Wounds remaining (of {wm})")
                        value=num(Num::Wounds)
                        min=-wm
                        max=wm
                        on_commit=set(Num::Wounds)
                        noun="Wound"
                        hint=format!("From −{wm} to {wm}; at 0 or below, incapacitated.")
                    />
                    <Stepper
                        label=format!("Strain remaining (of {sm})")
                        value=num(Num::Strain)
                        min=0
                        max=sm
                        on_commit=set(Num::Strain)
                        noun="Strain"
                    />
                }
            }}
            <div class="ix-grid">
                <NumberInput label="Wound maximum" value=num(Num::WoundsMax) min=1 max=99 on_commit=set(Num::WoundsMax)/>
                <NumberInput label="Strain maximum" value=num(Num::StrainMax) min=0 max=99 on_commit=set(Num::StrainMax)/>
            </div>
            <div class="row wrap" role="group" aria-label="Recovery">
                {actions}
            </div>
            <p class="muted small">
                "Catch Breath: once per encounter, recover 1 Strain (2 with the talent). Extended rest: Strain to full and Might in Wounds, unless Wounds are below 0."
            </p>
            <div class="ix-grid">{defenses}</div>
        </section>
    }
}

/// Critical Injuries: roll with +10 per injury carried, treat, step down, remove.
#[component]
pub fn Injuries() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let list = Memo::new(move |_| ctx.read(|s| s.character.critical_injuries.clone()));
    let last = RwSignal::new(String::new());
    let roll = move |_| {
        let carried = ctx.read(|s| s.character.injuries_carried());
        match roll_critical(&mut CryptoRng, carried) {
            Ok(r) => {
                let name = ctx
                    .table
                    .with_untracked(|t| t.critical.rows.get(r.row).map(|x| x.name.clone()));
                last.set(format!(
                    "Rolled {} + {} ({} carried) = {}: {}",
                    r.d100,
                    10 * r.carried,
                    r.carried,
                    r.total,
                    name.unwrap_or_default()
                ));
                ctx.edit(IxEdit::AddInjury(r));
            }
            Err(e) => ctx.state.notify(vec![e.to_string()]),
        }
    };
    let treat = move |i: usize, row: usize| {
        let task = MedicineTask::CriticalInjury { row };
        let (intellect, rank) = ctx.read(|s| {
            let c = &s.character;
            (
                c.characteristics.intellect,
                find_skill(&c.skills, "Medicine").map_or(0, |k| k.rank),
            )
        });
        let d = task.difficulty().map(|d| d.name()).unwrap_or_default();
        let pool = medicine_pool(intellect, rank, task).map_err(|e| e.to_string());
        let editor = ctx.editor();
        let on: Hook<CheckResult> = Arc::new(move |r| {
            editor.edit(IxEdit::TreatInjury(i, r));
        });
        ctx.roll(
            format!("Medicine ({d}) to treat a Critical Injury"),
            pool,
            Some(on),
        );
    };
    let rows = move || {
        list.get()
            .into_iter()
            .enumerate()
            .map(|(i, inj)| {
                let (name, effect) = ctx.table.with(|t| {
                    t.critical
                        .rows
                        .get(inj.row)
                        .map(|r| (r.name.clone(), r.effect.clone()))
                        .unwrap_or_default()
                });
                let (low, high) = row_bounds(inj.row);
                let task = MedicineTask::CriticalInjury { row: inj.row };
                let severity = crate::rules::ix::critical::Severity::for_total(low);
                let clock = match treatment_clock(inj.row) {
                    TreatmentClock::ThisTurn => Some("Treat this turn or die"),
                    TreatmentClock::ThisRound => Some("Treat before the round ends or die"),
                    TreatmentClock::Untreatable => Some("Killed"),
                    TreatmentClock::None => None,
                };
                let treat_with = task.difficulty().ok();
                view! {
                    <li class="injury">
                        <p>
                            <strong>{format!("{name} ({low}–{high})")}</strong>
                            " "
                            {severity.name()}
                            {treat_with.map(|d| format!("; treat: {} Medicine", d.name()))}
                            " "
                            {clock.map(|c| view! { <span class="flag">{c}</span> })}
                        </p>
                        <p class="small">{effect}</p>
                        <p class="muted small">{inj.note.clone()}</p>
                        <div class="row wrap">
                            {treat_with.map(|_| view! {
                                <button type="button" on:click=move |_| treat(i, inj.row)>
                                    {format!("Treat {name}")}
                                </button>
                            })}
                            {crate::rules::ix::critical::care_steps_down(inj.row)
                                .then(|| super::act(ctx, "Step down", IxEdit::StepDownInjury(i)))}
                            {super::act(ctx, "Remove", IxEdit::RemoveInjury(i))}
                        </div>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel" aria-labelledby="ix-crit">
            <h2 id="ix-crit">"Critical Injuries"</h2>
            <button type="button" class="primary" on:click=roll>
                "Roll Critical Injury"
            </button>
            <p class="muted small">
                {move || format!("d100 + 10 for each injury carried (now +{}).", 10 * list.with(Vec::len))}
            </p>
            <p role="status" class="crit-last">{move || last.get()}</p>
            <ul class="list-plain injuries" aria-label="Critical Injuries carried">{rows}</ul>
        </section>
    }
}
