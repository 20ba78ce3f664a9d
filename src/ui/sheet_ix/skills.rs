//! Characteristics and skills: ratings, ranks as pips, custom skills, and skill checks that
//! open the tray with the rules' pool at the chosen difficulty.

use leptos::prelude::*;

use super::{AddRow, Ctx};
use crate::model::ix_checks::SheetCheck;
use crate::model::ix_sheet::IxEdit;
use crate::rules::ix::check::Against;
use crate::rules::ix::pool::Difficulty;
use crate::rules::ix::stats::Characteristic;
use crate::ui::fields::{NumberInput, TextInput, field_id};

/// A select of the six characteristics.
#[component]
pub(crate) fn CharSelect(
    label: String,
    #[prop(into)] value: Signal<Characteristic>,
    on_pick: Callback<Characteristic>,
) -> impl IntoView {
    let id = field_id("char");
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <select
                id=id
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(c) = Characteristic::ALL.into_iter().find(|c| c.name() == v) {
                        on_pick.run(c);
                    }
                }
            >
                {Characteristic::ALL
                    .map(|c| {
                        view! {
                            <option value=c.name() selected=move || value.get() == c>
                                {c.name()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

/// The six characteristics, 1-6 each.
#[component]
pub fn Characteristics() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let fields = Characteristic::ALL.map(|c| {
        let value =
            Signal::derive(move || i64::from(ctx.read(|s| s.character.characteristics.get(c))));
        view! {
            <NumberInput
                label=c.name()
                value
                min=1
                max=6
                on_commit=ctx.cb(move |v| IxEdit::Characteristic(c, v as i32))
            />
        }
    });
    view! {
        <section class="panel" aria-labelledby="ix-chars">
            <h2 id="ix-chars">"Characteristics"</h2>
            <div class="ix-grid">{fields}</div>
        </section>
    }
}

/// Skills with ranks as pips; a tap rolls the check in the tray.
#[component]
pub fn Skills() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let difficulty = RwSignal::new(Some(Difficulty::Average));
    let count = Memo::new(move |_| ctx.read(|s| s.character.skills.len()));
    let skill = move |i: usize| ctx.read(|s| s.character.skills.get(i).cloned());
    // Each row says its own refusals (Defensive Guard up, an impossible pool) under itself.
    let roll = move |ctx: Ctx, i: usize| {
        let Some(sk) = skill(i) else { return };
        let d = difficulty.get_untracked();
        let against = d.map_or(Against::Own, Against::Preset);
        let check = ctx.build(
            SheetCheck::Skill(&sk.name, sk.characteristic),
            None,
            against,
        );
        let label = format!(
            "{} check ({}), {} {}, rank {}",
            sk.name,
            d.map_or("no difficulty", Difficulty::name),
            sk.characteristic.name(),
            ctx.read(|s| s.character.characteristics.get(sk.characteristic)),
            sk.rank
        );
        ctx.roll(label, check, None);
    };
    let rank = move |ctx: Ctx, i: usize, d: i32| {
        if let Some(sk) = skill(i) {
            ctx.edit(IxEdit::SkillRank(i, sk.rank + d));
        }
    };
    let diffs = std::iter::once(None)
        .chain(Difficulty::ALL.map(Some))
        .map(|d| {
            view! {
                <button
                    type="button"
                    aria-pressed=move || (difficulty.get() == d).to_string()
                    on:click=move |_| difficulty.set(d)
                >
                    {d.map_or("None", Difficulty::name)}
                </button>
            }
        })
        .collect_view();
    let rows = move || {
        (0..count.get())
            .map(|i| {
                let name = move || skill(i).map(|s| s.name).unwrap_or_default();
                let r = move || skill(i).map_or(0, |s| s.rank);
                let c = move || skill(i).map_or("", |s| s.characteristic.name());
                let said = RwSignal::new(String::new());
                let ctx = ctx.beside(said);
                view! {
                    <li class="skill">
                        <button type="button" class="rollable" on:click=move |_| roll(ctx, i)>
                            <span>
                                <span class="skill-name">{name}</span>
                                " "
                                <small class="muted">{c}</small>
                                <span class="sr-only">{move || format!(", rank {}; roll", r())}</span>
                            </span>
                            <span class="pips" aria-hidden="true">
                                {(1..=5i32)
                                    .map(|p| view! { <span class=move || { if r() >= p { "pip on" } else { "pip" } }></span> })
                                    .collect_view()}
                            </span>
                        </button>
                        <button
                            type="button"
                            class="step"
                            aria-label=move || format!("Lower {} rank", name())
                            disabled=move || { r() <= 0 }
                            on:click=move |_| rank(ctx, i, -1)
                        >
                            "−"
                        </button>
                        <button
                            type="button"
                            class="step"
                            aria-label=move || format!("Raise {} rank", name())
                            disabled=move || { r() >= 5 }
                            on:click=move |_| rank(ctx, i, 1)
                        >
                            "+"
                        </button>
                        {super::said_line(said)}
                    </li>
                }
            })
            .collect_view()
    };
    let editors = move || {
        (0..count.get())
            .map(|i| {
                let name = Signal::derive(move || skill(i).map(|s| s.name).unwrap_or_default());
                let link = Signal::derive(move || {
                    skill(i).map_or(Characteristic::Might, |s| s.characteristic)
                });
                let said = RwSignal::new(String::new());
                let ctx = ctx.beside(said);
                view! {
                    <li class="skill-edit">
                        <TextInput
                            label=format!("Name of skill {}", i + 1)
                            value=name
                            on_commit=Callback::new(move |v| ctx.edit(IxEdit::RenameSkill(i, v)))
                        />
                        <CharSelect
                            label=format!("Skill {} uses", i + 1)
                            value=link
                            on_pick=Callback::new(move |c| ctx.edit(IxEdit::LinkSkill(i, c)))
                        />
                        {super::act(ctx, Signal::derive(move || format!("Remove {}", name.get())), IxEdit::RemoveSkill(i))}
                        {super::said_line(said)}
                    </li>
                }
            })
            .collect_view()
    };
    let new_link = RwSignal::new(Characteristic::Intellect);
    let add_said = RwSignal::new(String::new());
    let add_ctx = ctx.beside(add_said);
    view! {
        <section class="panel" aria-labelledby="ix-skills">
            <h2 id="ix-skills">"Skills"</h2>
            <p class="muted small">
                "Tap a skill to roll it: the higher of characteristic and rank sets the dice, the lower upgrades that many."
            </p>
            <div class="row wrap" role="group" aria-label="Difficulty of skill checks">
                {diffs}
            </div>
            <ul class="list-plain skills">{rows}</ul>
            <details class="skill-editor">
                <summary>"Add, rename or remove skills"</summary>
                <ul class="list-plain">{editors}</ul>
                <CharSelect
                    label="New skill uses".into()
                    value=new_link
                    on_pick=Callback::new(move |c| new_link.set(c))
                />
                <AddRow
                    label="New skill"
                    on_add=Callback::new(move |n| add_ctx.edit(IxEdit::AddSkill(n, new_link.get_untracked())))
                />
                {super::said_line(add_said)}
            </details>
        </section>
    }
}
