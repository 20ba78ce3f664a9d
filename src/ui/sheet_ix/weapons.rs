//! Weapons in the Skills section: each one's numbers in a line and an Attack button that rolls
//! its skill in the tray. What the attack did comes back under the list in words, with the
//! damage to put on the character attacked (through their own damage edit, as from an attack)
//! and the Critical Injury to roll on them.

use leptos::prelude::*;
use std::sync::Arc;

use super::outcome::{Attack, AttackOutcome};
use super::{AddRow, Ctx};
use crate::model::ix_checks::SheetCheck;
use crate::model::ix_sheet::{IxEdit, IxSheet};
use crate::rules::ix::check::Against;
use crate::rules::ix::pool::Difficulty;
use crate::rules::ix::weapon::{Attacker, CRIT_MAX, DAMAGE_MAX, RangeBand, Weapon, attack_report};
use crate::ui::fields::{NumberInput, TextInput, field_id};
use crate::ui::tray::{Hook, TrayHandle};

/// The weapons list with Attack buttons, what the last attack did, and the editor (folded).
#[component]
pub fn Weapons() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let tray = expect_context::<TrayHandle>();
    let count = Memo::new(move |_| ctx.read(|s| s.weapons.len()));
    let weapon = move |i: usize| ctx.read(|s| s.weapons.get(i).cloned());
    // Down or dead: no Attack is offered, and the line says why.
    let unable = Memo::new(move |_| ctx.read(|s| s.unable().map(|r| r.to_string())));
    let last = RwSignal::new(None::<Attack>);
    // What applying the damage or rolling the injury said.
    let after = RwSignal::new(String::new());
    // The last attack's headline, set with each roll (what brings the result into sight).
    let news = RwSignal::new(String::new());
    let attack = move |row: Ctx, i: usize| {
        let Some(w) = weapon(i) else { return };
        // Average: the reference's "a trained person under normal conditions"; it sets no
        // difficulty by range. The GM changes it in the tray.
        let against = Against::Preset(Difficulty::Average);
        let check = row.build(SheetCheck::Weapon(i), None, against);
        let label = format!(
            "Attack with {} ({}, Average), {}",
            w.name,
            w.range.name(),
            w.skill
        );
        let on: Hook<crate::rules::ix::CheckResult> = Arc::new(move |r| {
            let attack = Attack {
                report: attack_report(&w, &r, Attacker::Single),
                weapon: w.clone(),
                net_boons: r.net_boons,
                net_successes: r.net_successes,
                target: tray.attack_target(),
                applied: false,
            };
            let headline = attack.hit_words().0;
            after.try_set(String::new());
            last.try_set(Some(attack));
            news.try_set(headline);
        });
        row.roll(label, check, Some(on));
    };
    let rows = move || {
        (0..count.get())
            .map(|i| {
                let w = move || weapon(i);
                let name = move || w().map(|w| w.name).unwrap_or_default();
                let line = move || {
                    w().map(|w| {
                        format!(
                            "Damage {} · Crit {} · {} · {}",
                            w.damage,
                            w.crit,
                            w.range.name(),
                            w.skill
                        )
                    })
                };
                let said = RwSignal::new(String::new());
                let row = ctx.beside(said);
                view! {
                    <li class="weapon">
                        <p>
                            <strong>{name}</strong>
                            " "
                            <small class="muted">{line}</small>
                        </p>
                        {move || match unable.get() {
                            Some(why) => view! { <p class="refused">{why}</p> }.into_any(),
                            None => view! {
                                <button
                                    type="button"
                                    class="primary"
                                    aria-label=move || format!("Attack with {}", name())
                                    on:click=move |_| attack(row, i)
                                >
                                    "Attack"
                                </button>
                            }
                            .into_any(),
                        }}
                        {super::said_line(said)}
                    </li>
                }
            })
            .collect_view()
    };
    // The result comes back while the tray is open; it and what its buttons did are brought
    // into sight as they change, below the sticky bars as well as above the dock.
    let group = NodeRef::<leptos::html::Div>::new();
    let list = NodeRef::<leptos::html::Ul>::new();
    Effect::new(move |built: Option<()>| {
        news.with(|_| ());
        after.with(|_| ());
        if built.is_some() {
            request_animation_frame(move || {
                if let Some(el) = group.try_get_untracked().flatten() {
                    let list = list.try_get_untracked().flatten().map(Into::into);
                    bring_into_sight(&el, list);
                }
            });
        }
    });
    let any = move || count.get() > 0;
    view! {
        <section class="panel" aria-labelledby="ix-weapons">
            <h2 id="ix-weapons">"Weapons"</h2>
            <Show
                when=any
                fallback=|| view! { <p class="muted small">"No weapons yet: add one below."</p> }
            >
                <ul node_ref=list class="list-plain weapons" aria-label="Weapons carried">{rows}</ul>
            </Show>
            <div node_ref=group class="attack-result" role="status" aria-label="Last attack">
                <AttackOutcome last after state=ctx.state table=ctx.table/>
            </div>
            <super::grapple::Grapple/>
            <WeaponEditor/>
        </section>
    }
}

/// Every weapon's fields, a new weapon and Remove, folded on the sheet (set once, read every
/// fight) and `open` in the setup's Weapons step.
#[component]
pub fn WeaponEditor(#[prop(optional)] open: bool) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let count = Memo::new(move |_| ctx.read(|s| s.weapons.len()));
    let editors = move || {
        (0..count.get())
            .map(|i| {
                let said = RwSignal::new(String::new());
                let row = ctx.beside(said);
                let w = move || ctx.read(|s| s.weapons.get(i).cloned());
                let save = move |change: &dyn Fn(&mut Weapon)| {
                    if let Some(mut w) = w() {
                        change(&mut w);
                        row.edit(IxEdit::SaveWeapon(Some(i), Box::new(w)));
                    }
                };
                let name = Signal::derive(move || w().map(|w| w.name).unwrap_or_default());
                let num = move |crit: bool| {
                    Signal::derive(move || {
                        i64::from(w().map_or(0, |w| if crit { w.crit } else { w.damage }))
                    })
                };
                let range_id = field_id("range");
                let skill_id = field_id("skill");
                let skills = move || ctx.read(skill_names);
                view! {
                    <li class="weapon-edit">
                        <TextInput
                            label=format!("Name of weapon {}", i + 1)
                            value=name
                            max_chars=40
                            on_commit=Callback::new(move |v: String| save(&|w| w.name = v.clone()))
                        />
                        <div class="ix-grid">
                            <NumberInput
                                label=Signal::derive(move || format!("{} damage", name.get()))
                                value=num(false)
                                min=0
                                max=i64::from(DAMAGE_MAX)
                                on_commit=Callback::new(move |v: i64| save(&|w| w.damage = v as i32))
                            />
                            <NumberInput
                                label=Signal::derive(move || format!("{} Crit rating", name.get()))
                                value=num(true)
                                min=1
                                max=i64::from(CRIT_MAX)
                                on_commit=Callback::new(move |v: i64| save(&|w| w.crit = v as i32))
                            />
                            <div class="field">
                                <label for=range_id.clone()>{move || format!("{} range", name.get())}</label>
                                <select
                                    id=range_id
                                    on:change=move |ev| {
                                        let v = event_target_value(&ev);
                                        if let Some(b) = RangeBand::ALL.into_iter().find(|b| b.name() == v) {
                                            save(&|w| w.range = b);
                                        }
                                    }
                                >
                                    {RangeBand::ALL
                                        .map(|b| view! {
                                            <option value=b.name() selected=move || w().is_some_and(|w| w.range == b)>
                                                {b.name()}
                                            </option>
                                        })
                                        .collect_view()}
                                </select>
                            </div>
                            <div class="field">
                                <label for=skill_id.clone()>{move || format!("{} skill", name.get())}</label>
                                <select
                                    id=skill_id
                                    on:change=move |ev| {
                                        let v = event_target_value(&ev);
                                        save(&|w| w.skill = v.clone());
                                    }
                                >
                                    {move || skills()
                                        .into_iter()
                                        .map(|n| {
                                            let on = n.clone();
                                            let value = n.clone();
                                            view! {
                                                <option value=value selected=move || w().is_some_and(|w| w.skill.eq_ignore_ascii_case(&on))>
                                                    {n}
                                                </option>
                                            }
                                        })
                                        .collect_view()}
                                </select>
                            </div>
                        </div>
                        {super::act(row, Signal::derive(move || format!("Remove {}", name.get())), IxEdit::RemoveWeapon(i))}
                        {super::said_line(said)}
                    </li>
                }
            })
            .collect_view()
    };
    let add_said = RwSignal::new(String::new());
    let add_ctx = ctx.beside(add_said);
    let add = Callback::new(move |name: String| {
        let skill = add_ctx.read(|s| {
            let names = skill_names(s);
            names
                .iter()
                .find(|n| n.eq_ignore_ascii_case("Melee"))
                .or(names.first())
                .cloned()
                .unwrap_or_default()
        });
        add_ctx.edit(IxEdit::SaveWeapon(
            None,
            Box::new(Weapon {
                name,
                damage: 4,
                crit: 3,
                range: RangeBand::Engaged,
                skill,
            }),
        ));
    });
    view! {
        <details class="weapon-editor" open=open>
            <summary>"Add, change or remove weapons"</summary>
            <ul class="list-plain">{editors}</ul>
            <AddRow label="New weapon" on_add=add/>
            <p class="muted small">
                "A new weapon starts at damage 4, Crit 3, Engaged, with Melee: change them above. A hit deals the damage plus the net Successes."
            </p>
            {super::said_line(add_said)}
        </details>
    }
}

/// The sheet's skills by name, for a weapon's skill select.
fn skill_names(s: &IxSheet) -> Vec<String> {
    s.character.skills.iter().map(|k| k.name.clone()).collect()
}

/// Scrolls `el` above the dock (as a said line is) and, when its top is under the sticky bars
/// (an attack's words start above where its Attack button was), down from under them.
fn bring_into_sight(el: &web_sys::Element, list: Option<web_sys::Element>) {
    crate::ui::sections::reveal(el);
    let Some(w) = web_sys::window() else { return };
    let bars = crate::ui::sections::bars_bottom();
    let height = w
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let result = el.get_bounding_client_rect();
    // The Attack buttons come into sight with the result when both fit below the bars, so the
    // next attack is one tap and no button sits half under a bar; otherwise the result leads.
    let top = list
        .map(|l| l.get_bounding_client_rect().top())
        .filter(|&t| result.bottom() - t <= height - bars - 16.0)
        .unwrap_or(result.top());
    if top < bars + 8.0 {
        w.scroll_by_with_x_and_y(0.0, top - bars - 8.0);
    } else if result.bottom() > height - 8.0 {
        w.scroll_by_with_x_and_y(0.0, (result.bottom() - height + 8.0).min(top - bars - 8.0));
    }
}
