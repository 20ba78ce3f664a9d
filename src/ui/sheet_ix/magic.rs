//! Conditions, guard and talents; magic: traditions, focus, patron and offenses, spells.

use leptos::prelude::*;

use super::{AddRow, Ctx};
use crate::model::ix_checks::SheetCheck;
use crate::model::ix_sheet::{IxEdit, Text};
use crate::rules::ix::check::Against;
use crate::rules::ix::checks::{Condition, Guard, Tradition};
use crate::rules::ix::magic::CALAMITY_FLAG;
use crate::ui::fields::TextInput;

const TRADITIONS: [Tradition; 3] = [Tradition::Arcana, Tradition::Divine, Tradition::Primal];

/// Guard and conditions (Frightened with its source).
#[component]
pub fn Conditions() -> impl IntoView {
    let said = RwSignal::new(String::new());
    let ctx = expect_context::<Ctx>().beside(said);
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
    view! {
        <section class="panel" aria-labelledby="ix-cond">
            <h2 id="ix-cond">"Conditions"</h2>
            <div class="row wrap" role="group" aria-label="Guard (they do not stack)">
                {guards}
            </div>
            <p class="muted small">
                "Until your next turn. Guarded: attacks on you upgrade one difficulty die. Defensive Guard: they add a Bane die; you cannot attack or cast."
            </p>
            <ul class="list-plain condition-tags" aria-label="Conditions">
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
                                    <button
                                        type="button"
                                        class="tag-x"
                                        aria-label=format!("Clear {name}")
                                        on:click=move |_| ctx.edit(IxEdit::RemoveCondition(i))
                                    >
                                        "×"
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            {move || {
                let n = ctx.read(|s| s.carried_banes);
                (n > 0).then(|| {
                    let dice = if n == 1 { "1 Bane die".to_string() } else { format!("{n} Bane dice") };
                    view! {
                        <p class="row carried">
                            <span class="flag">{format!("Next check: +{dice} (the GM's spend)")}</span>
                            <button
                                type="button"
                                class="tag-x"
                                aria-label="Clear the Bane dice waiting for the next check"
                                on:click=move |_| ctx.edit(IxEdit::ClearCarriedBanes)
                            >
                                "×"
                            </button>
                        </p>
                    }
                })
            }}
            <Show when=frightened>
                <TextInput label="Frightened of" value=source on_commit=ctx.text(Text::FrightenedBy) max_chars=80/>
                <p class="muted small">"A Bane die on checks against the source or in its presence; you cannot close in on it."</p>
            </Show>
            // Adding is rarer than reading in a fight: folded, open while none is carried.
            <details class="add-condition" open=conds.with_untracked(Vec::is_empty)>
                <summary>"Add a condition"</summary>
                <div class="row wrap">
                    {super::act(ctx, "Frightened", IxEdit::AddCondition(Condition::Frightened))}
                </div>
                <AddRow label="Other condition" on_add=Callback::new(move |n| ctx.edit(IxEdit::AddCondition(Condition::Other(n))))/>
            </details>
            {super::said_line(said)}
        </section>
    }
}

/// The character's talents, each with a note of what it does.
#[component]
pub fn Talents() -> impl IntoView {
    let said = RwSignal::new(String::new());
    let ctx = expect_context::<Ctx>().beside(said);
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
                            shared=true
                        />
                        {super::act(ctx, Signal::derive(move || format!("Remove {}", t().name)), IxEdit::RemoveTalent(i))}
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <ul class="list-plain">{talent_rows}</ul>
        <AddRow label="New talent" on_add=Callback::new(move |n| ctx.edit(IxEdit::AddTalent(n)))/>
        {super::said_line(said)}
        <p class="muted small">"The rules read two talents by name: Catch Breath and Guarded."</p>
    }
}

/// Traditions, focus, patron and offenses, and spells that cast through the tray.
#[component]
pub fn Magic() -> impl IntoView {
    // The casting checks and the offense track each say their refusals under their buttons.
    let (cast_said, offense_said) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let ctx = expect_context::<Ctx>();
    let offense_ctx = ctx.beside(offense_said);
    let focus = move || ctx.read(|s| s.focus);
    let cast = move |label: String, t: Tradition| {
        let row = ctx.beside(cast_said);
        let check = row.build(SheetCheck::Tradition(t), None, Against::Own);
        row.roll(label, check, None);
    };
    let trads = TRADITIONS.map(|t| {
        view! {
            <button type="button" class="rollable" on:click=move |_| cast(format!("{} casting check", t.skill_name()), t)>
                <span>{t.skill_name()}</span>
                <small class="muted">
                    {move || ctx.build(SheetCheck::Tradition(t), None, Against::Own).map(|c| c.pool().describe()).unwrap_or_default()}
                </small>
            </button>
        }
    });
    let patron =
        Signal::derive(move || ctx.read(|s| s.character.patron.clone().unwrap_or_default()));
    let offenses = Memo::new(move |_| ctx.read(|s| s.character.offenses.clone()));
    let note = RwSignal::new(String::new());
    let offense = move |e: fn(String) -> IxEdit| offense_ctx.edit(e(note.get_untracked()));
    view! {
        <section class="panel" aria-labelledby="ix-magic">
            <h2 id="ix-magic">"Magic"</h2>
            <div class="list-plain">{trads}</div>
            {super::said_line(cast_said)}
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
            <div class="field no-print">
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
            {super::said_line(offense_said)}
            <ul class="list-plain small" aria-label="Offense log">
                {move || offenses.with(|o| o.log.iter().map(|e| view! { <li>{format!("{} ({:+}){}{}", e.kind.words(), e.change, if e.note.is_empty() { "" } else { ": " }, e.note)}</li> }).collect_view())}
            </ul>
            <DivineCalamities/>
            <super::spells::Spells/>
        </section>
    }
}

/// The Divine Calamity tally: each Calamity on a Divine working recorded against the area or
/// recurring action it fell on; three in one area is flagged in words, not only by colour.
#[component]
fn DivineCalamities() -> impl IntoView {
    let said = RwSignal::new(String::new());
    let ctx = expect_context::<Ctx>().beside(said);
    let areas = Memo::new(move |_| ctx.read(|s| s.divine_calamities.areas.clone()));
    let area = RwSignal::new(String::new());
    let record = move || {
        let name = area.get_untracked();
        if ctx.try_edit(IxEdit::DivineCalamity(name.clone())) {
            let Some(a) = areas.with_untracked(|a| {
                a.iter()
                    .find(|x| x.area.eq_ignore_ascii_case(name.trim()))
                    .cloned()
            }) else {
                return;
            };
            let n = a.calamities;
            said.set(if a.flagged() {
                format!(
                    "{n} Divine Calamities on {}: the god has an opinion about it.",
                    name.trim()
                )
            } else {
                format!(
                    "{n} of {CALAMITY_FLAG} Divine Calamities on {}.",
                    name.trim()
                )
            });
            area.set(String::new());
        }
    };
    let rows = move || {
        areas
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, a)| {
                let flagged = a.flagged();
                let words = if flagged {
                    format!("{}: {} (the god has an opinion about this)", a.area, a.calamities)
                } else {
                    format!("{}: {} of {CALAMITY_FLAG}", a.area, a.calamities)
                };
                let clear = format!("Clear {}", a.area);
                view! {
                    <li class:flagged=flagged>
                        <span>{flagged.then_some("⚠ ")}{words}</span>
                        " "
                        <button type="button" aria-label=clear on:click=move |_| ctx.edit(IxEdit::ClearCalamityArea(i))>"Clear"</button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <h3>"Divine Calamities by area"</h3>
        <ul class="list-plain small" aria-label="Divine Calamities by area">{rows}</ul>
        <div class="field no-print">
            <label for="ix-calamity-area">"Area or recurring action"</label>
            <input
                id="ix-calamity-area"
                type="text"
                prop:value=move || area.get()
                on:input=move |ev| area.set(event_target_value(&ev))
                on:keydown=move |ev| {
                    if ev.key() == "Enter" {
                        ev.prevent_default();
                        record();
                    }
                }
            />
        </div>
        <button type="button" class="no-print" on:click=move |_| record()>"Record a Divine Calamity"</button>
        {super::said_line(said)}
    }
}
