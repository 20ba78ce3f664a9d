//! Conditions, guard and talents; magic: traditions, focus, patron and offenses, spells.

use leptos::prelude::*;

use super::{AddRow, Ctx};
use crate::model::ix_sheet::{IxEdit, Text};
use crate::rules::ix::character::KnownSpell;
use crate::rules::ix::checks::{Condition, Guard, Tradition};
use crate::ui::fields::{NumberInput, TextInput};

const TRADITIONS: [Tradition; 3] = [Tradition::Arcana, Tradition::Divine, Tradition::Primal];

/// Guard, conditions (Frightened with its source) and talents.
#[component]
pub fn Conditions() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let guard = move || ctx.read(|s| s.character.guard);
    let guards = [
        (Guard::None, "No guard"),
        (Guard::Guarded, "Guarded"),
        (Guard::DefensiveGuard, "Defensive Guard"),
    ]
    .map(|(g, label)| {
        view! {
            <button
                type="button"
                aria-pressed=move || (guard() == g).to_string()
                on:click=move |_| ctx.edit(IxEdit::SetGuard(g))
            >
                {label}
            </button>
        }
    });
    let conds = Memo::new(move |_| ctx.read(|s| s.character.conditions.clone()));
    let frightened = move || conds.with(|c| c.contains(&Condition::Frightened));
    let source = Signal::derive(move || ctx.read(|s| s.about.frightened_by.clone()));
    let talents = Memo::new(move |_| ctx.read(|s| s.character.talents.len()));
    let talent_rows = move || {
        (0..talents.get())
            .map(|i| {
                let t = move || {
                    ctx.read(|s| {
                        s.character.talents.get(i).cloned().unwrap_or_else(|| {
                            crate::rules::ix::character::Talent {
                                name: String::new(),
                                note: String::new(),
                            }
                        })
                    })
                };
                let note = Signal::derive(move || t().note);
                view! {
                    <li>
                        <TextInput
                            label=Signal::derive(move || format!("{} (what it does)", t().name))
                            value=note
                            on_commit=Callback::new(move |v| ctx.edit(IxEdit::TalentNote(i, v)))
                        />
                        {super::act(ctx, Signal::derive(move || format!("Remove {}", t().name)), IxEdit::RemoveTalent(i))}
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel" aria-labelledby="ix-cond">
            <h2 id="ix-cond">"Conditions and talents"</h2>
            <div class="row wrap" role="group" aria-label="Guard (they do not stack)">
                {guards}
            </div>
            <p class="muted small">
                "Guarded upgrades one difficulty die of attacks against you; Defensive Guard adds a Bane die. Only one applies."
            </p>
            <ul class="list-plain" aria-label="Conditions">
                {move || {
                    conds
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(i, c)| {
                            let name = c.name().to_string();
                            view! {
                                <li class="row">
                                    <span class="flag">{name.clone()}</span>
                                    {super::act(ctx, format!("Clear {name}"), IxEdit::RemoveCondition(i))}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            <Show when=frightened>
                <TextInput label="Frightened of" value=source on_commit=ctx.text(Text::FrightenedBy) max_chars=80/>
                <p class="muted small">"A Bane die on checks against the source or in its presence; you cannot close in on it."</p>
            </Show>
            <div class="row wrap">
                {super::act(ctx, "Frightened", IxEdit::AddCondition(Condition::Frightened))}
            </div>
            <AddRow label="Other condition" on_add=Callback::new(move |n| ctx.edit(IxEdit::AddCondition(Condition::Other(n))))/>
            <h3>"Talents"</h3>
            <ul class="list-plain">{talent_rows}</ul>
            <AddRow label="New talent" on_add=Callback::new(move |n| ctx.edit(IxEdit::AddTalent(n)))/>
            <p class="muted small">"The rules read two talents by name: Catch Breath and Guarded."</p>
        </section>
    }
}

/// Traditions, focus, patron and offenses, and spells that cast through the tray.
#[component]
pub fn Magic() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let focus = move || ctx.read(|s| s.focus);
    let cast = move |label: String, t: Tradition, trial: i32| {
        let f = focus() && t == Tradition::Arcana;
        let pool = ctx
            .read(|s| s.character.casting_pool(t, trial, f))
            .map_err(|e| e.to_string());
        ctx.roll(label, pool, None);
    };
    let trads = TRADITIONS.map(|t| {
        view! {
            <button type="button" class="rollable" on:click=move |_| cast(format!("{} casting check", t.skill_name()), t, 0)>
                <span>{t.skill_name()}</span>
                <small class="muted">
                    {move || ctx.read(|s| s.character.casting_pool(t, 0, false).map(|p| p.describe()).unwrap_or_default())}
                </small>
            </button>
        }
    });
    let patron =
        Signal::derive(move || ctx.read(|s| s.character.patron.clone().unwrap_or_default()));
    let offenses = Memo::new(move |_| ctx.read(|s| s.character.offenses.clone()));
    let note = RwSignal::new(String::new());
    let offense = move |e: fn(String) -> IxEdit| ctx.edit(e(note.get_untracked()));
    let overloads = RwSignal::new(0i64);
    let spells = Memo::new(move |_| ctx.read(|s| s.character.spells.clone()));
    let spell_rows = move || {
        spells
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, sp)| {
                let label = format!(
                    "{}: {}, {} Trial dice, {} Strain",
                    sp.name,
                    sp.tradition.skill_name(),
                    sp.trial_dice,
                    sp.strain
                );
                let name = sp.name.clone();
                view! {
                    <li class="row wrap">
                        <span>{label}</span>
                        <button
                            type="button"
                            on:click=move |_| {
                                let before = ctx.read(|s| s.character.health.strain);
                                ctx.edit(IxEdit::CastSpell(i));
                                if ctx.read(|s| s.character.health.strain) != before || sp.strain == 0 {
                                    let extra = overloads.get_untracked() as i32;
                                    cast(
                                        format!("Cast {} with {extra} Overloads", sp.name),
                                        sp.tradition,
                                        sp.trial_dice + extra,
                                    );
                                }
                            }
                        >
                            {format!("Cast {name}")}
                        </button>
                        {super::act(ctx, format!("Remove {name}"), IxEdit::RemoveSpell(i))}
                    </li>
                }
            })
            .collect_view()
    };
    let new_t = RwSignal::new(Tradition::Arcana);
    let new_trial = RwSignal::new(2i64);
    let new_strain = RwSignal::new(2i64);
    view! {
        <section class="panel" aria-labelledby="ix-magic">
            <h2 id="ix-magic">"Magic"</h2>
            <div class="list-plain">{trads}</div>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=focus
                    on:change=move |ev| ctx.edit(IxEdit::Focus(event_target_checked(&ev)))
                />
                "Arcane focus in hand (+1 Boon die on Arcana casting)"
            </label>
            <TextInput label="Divine patron" value=patron on_commit=ctx.text(Text::Patron) max_chars=80/>
            <p>
                <strong>{move || format!("Offenses: {}", offenses.with(|o| o.count))}</strong>
            </p>
            <div class="field">
                <label for="ix-offense-note">"Offense or repentance note"</label>
                <input
                    id="ix-offense-note"
                    type="text"
                    prop:value=move || note.get()
                    on:input=move |ev| note.set(event_target_value(&ev))
                />
            </div>
            <div class="row wrap" role="group" aria-label="Offense track">
                <button type="button" on:click=move |_| offense(|n| IxEdit::Offense(false, n))>"Minor offense (+1)"</button>
                <button type="button" on:click=move |_| offense(|n| IxEdit::Offense(true, n))>"Major offense (+2)"</button>
                <button type="button" on:click=move |_| offense(IxEdit::Repent)>"Repentance (−1)"</button>
            </div>
            <ul class="list-plain small" aria-label="Offense log">
                {move || offenses.with(|o| o.log.iter().map(|e| view! { <li>{format!("{:+} {}", e.change, e.note)}</li> }).collect_view())}
            </ul>
            <h3>"Spells"</h3>
            <NumberInput
                label="Overloads chosen for this casting"
                value=overloads
                min=0
                max=crate::rules::ix::magic::MAX_SPELL_OPTIONS as i64
                on_commit=Callback::new(move |v| overloads.set(v))
                hint="Each adds a Trial die to the casting check."
            />
            <ul class="list-plain">{spell_rows}</ul>
            <details>
                <summary>"New spell"</summary>
                <div class="field">
                    <label for="ix-spell-trad">"Tradition"</label>
                    <select
                        id="ix-spell-trad"
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some(t) = TRADITIONS.into_iter().find(|t| t.skill_name() == v) {
                                new_t.set(t);
                            }
                        }
                    >
                        {TRADITIONS.map(|t| view! { <option value=t.skill_name()>{t.skill_name()}</option> }).collect_view()}
                    </select>
                </div>
                <NumberInput label="Trial dice (difficulty)" value=new_trial min=0 max=10 on_commit=Callback::new(move |v| new_trial.set(v))/>
                <NumberInput label="Strain to cast" value=new_strain min=0 max=10 on_commit=Callback::new(move |v| new_strain.set(v))/>
                <AddRow
                    label="Spell name"
                    on_add=Callback::new(move |name| {
                        ctx.edit(IxEdit::AddSpell(KnownSpell {
                            name,
                            tradition: new_t.get_untracked(),
                            trial_dice: new_trial.get_untracked() as i32,
                            strain: new_strain.get_untracked() as i32,
                            notes: String::new(),
                        }))
                    })
                />
            </details>
        </section>
    }
}
