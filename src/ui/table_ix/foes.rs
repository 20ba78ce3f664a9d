//! An adversary's stat block on its card: the editor (folded: set once, read every fight),
//! its weapons with Attack buttons that roll in the tray on the character picked there, and
//! what the attack did, with its damage and Critical Injury to put on that character through
//! their own sheet. The weapons and the outcome show in its turn-order row as well.

use leptos::prelude::*;
use std::sync::Arc;

use super::T;
use crate::model::ix_checks::FoeCheck;
use crate::model::ix_foe::StatBlock;
use crate::model::ix_table::{Foe, TableEdit};
use crate::rules::ix::check::Against;
use crate::rules::ix::dice::CheckResult;
use crate::rules::ix::pool::Difficulty;
use crate::rules::ix::pool::Pool;
use crate::rules::ix::stats::{Characteristic, Skill, default_skills};
use crate::rules::ix::weapon::{CRIT_MAX, DAMAGE_MAX, RangeBand, Weapon, attack_report};
use crate::ui::fields::{NumberInput, TextInput, field_id};
use crate::ui::sheet_ix::AddRow;
use crate::ui::sheet_ix::outcome::{Attack, AttackOutcome};
use crate::ui::tray::{Hook, Prefill, TrayHandle, TrayRequest};

/// The adversary's weapons with Attack, and what the last attack did.
#[component]
pub(super) fn FoeWeapons(
    i: usize,
    /// Drawn in its row of the turn order: the weapons as buttons, not a list.
    #[prop(optional)]
    in_order: bool,
) -> impl IntoView {
    let t = expect_context::<T>().here();
    let tray = expect_context::<TrayHandle>();
    let weapons = Memo::new(move |_| {
        t.doc.with(|d| {
            d.foes
                .get(i)
                .map(|f| f.stats.weapons.clone())
                .unwrap_or_default()
        })
    });
    let last = RwSignal::new(None::<Attack>);
    let after = RwSignal::new(String::new());
    // Down, dead or every member fallen: no Attack is offered, and the card says why.
    let unable = Memo::new(move |_| {
        t.doc
            .with(|d| d.foes.get(i).and_then(|f| f.unable()))
            .map(|r| r.to_string())
    });
    let attack = move |k: usize| {
        let Some(f) = t.doc.with_untracked(|d| d.foes.get(i).cloned()) else {
            return;
        };
        let Some(w) = f.stats.weapons.get(k).cloned() else {
            return;
        };
        // Average, as a character's attack; the GM changes it in the tray. A Demoralized
        // adversary's Bane die, a Minion group's passive bonus and a fallen one's refusal all
        // come from the one door.
        let check = match f.check(
            FoeCheck::Weapon(k),
            None,
            Against::Preset(Difficulty::Average),
        ) {
            Ok(c) => c,
            Err(e) => return t.say(e.to_string()),
        };
        let attacker = f.attacker();
        let label = format!(
            "{} attacks with {} ({}, Average), {}",
            f.name(),
            w.name,
            w.range.name(),
            w.skill
        );
        let on_ix: Hook<(Pool, CheckResult)> = Arc::new(move |(_, r)| {
            after.try_set(String::new());
            last.try_set(Some(Attack {
                report: attack_report(&w, &r, attacker),
                weapon: w.clone(),
                net_boons: r.net_boons,
                net_successes: r.net_successes,
                target: tray.attack_target(),
                applied: false,
            }));
        });
        t.said.set(Vec::new());
        tray.open(TrayRequest {
            label,
            character_name: Some(f.name().to_string()),
            prefill: Prefill::IxCheck(Box::new(check)),
            on_ix: Some(on_ix),
            // Its next attack keeps "Attack on": the GM swings again at the same character.
            attack: true,
            ..Default::default()
        });
    };
    let rows = move || {
        weapons
            .get()
            .into_iter()
            .enumerate()
            .map(|(k, w)| {
                let line = format!(
                    "Damage {} · Crit {} · {} · {}",
                    w.damage,
                    w.crit,
                    w.range.name(),
                    w.skill
                );
                view! {
                    <li class="weapon">
                        <p><strong>{w.name.clone()}</strong>" "<small class="muted">{line}</small></p>
                        <button
                            type="button"
                            class="primary"
                            aria-label=format!("Attack with {}", w.name)
                            on:click=move |_| attack(k)
                        >
                            "Attack"
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    // In the turn order the weapons are a row of buttons (the order is a list of its own).
    let buttons = move || {
        weapons
            .get()
            .into_iter()
            .enumerate()
            .map(|(k, w)| {
                view! {
                    <button
                        type="button"
                        aria-label=format!("Attack with {}", w.name)
                        on:click=move |_| attack(k)
                    >
                        {format!("Attack: {}", w.name)}
                    </button>
                }
            })
            .collect_view()
    };
    view! {
        <Show when=move || unable.with(Option::is_some)>
            <p class="refused">{move || unable.get()}</p>
        </Show>
        <Show when=move || weapons.with(|w| !w.is_empty()) && unable.with(Option::is_none)>
            {if in_order {
                view! { <div class="row wrap" role="group" aria-label="Weapons">{buttons}</div> }.into_any()
            } else {
                view! { <ul class="list-plain weapons" aria-label="Weapons">{rows}</ul> }.into_any()
            }}
        </Show>
        <div class="attack-result" role="status" aria-label="Last attack">
            <AttackOutcome last after state=t.state table=t.doc/>
            <p class="said">{move || t.said.get().join(" ")}</p>
        </div>
    }
}

/// The adversary's weapons with Attack and what the last attack did, then its stat block.
#[component]
pub(super) fn FoeStats(i: usize) -> impl IntoView {
    view! {
        <FoeWeapons i/>
        <StatsEditor i/>
    }
}

/// Every number of the block, folded. Each change sends the whole block through the
/// reducer, which refuses one out of range and keeps the block as it was.
#[component]
fn StatsEditor(i: usize) -> impl IntoView {
    let t = expect_context::<T>().here();
    let block = move || {
        t.doc
            .with(|d| d.foes.get(i).map(|f| f.stats.clone()))
            .unwrap_or_default()
    };
    let name = Memo::new(move |_| {
        t.doc
            .with(|d| d.foes.get(i).map(|f| f.name().to_string()))
            .unwrap_or_default()
    });
    let save = move |change: &dyn Fn(&mut StatBlock)| {
        let mut b = t
            .doc
            .with_untracked(|d| d.foes.get(i).map(|f| f.stats.clone()));
        if let Some(b) = b.as_mut() {
            change(b);
            t.edit(TableEdit::SetStats(i, Box::new(b.clone())));
        }
    };
    let characteristics = Characteristic::ALL
        .into_iter()
        .map(|c| {
            view! {
                <NumberInput
                    label=Signal::derive(move || format!("{} {}", name.get(), c.name()))
                    value=Signal::derive(move || i64::from(block().characteristics.get(c)))
                    min=1
                    max=6
                    on_commit=Callback::new(move |v: i64| save(&|b| b.characteristics.set(c, v as i32)))
                />
            }
        })
        .collect_view();
    let skill_count = Memo::new(move |_| block().skills.len());
    let skills = move || {
        (0..skill_count.get())
            .map(|k| {
                let skill = move || block().skills.get(k).cloned();
                let label = move || skill().map(|s| s.name).unwrap_or_default();
                view! {
                    <li class="row wrap">
                        <NumberInput
                            label=Signal::derive(move || format!("{} rank", label()))
                            value=Signal::derive(move || i64::from(skill().map_or(0, |s| s.rank)))
                            min=0
                            max=5
                            on_commit=Callback::new(move |v: i64| save(&|b| {
                                if let Some(s) = b.skills.get_mut(k) {
                                    s.rank = v as i32;
                                }
                            }))
                        />
                        <button
                            type="button"
                            aria-label=move || format!("Remove {}", label())
                            on:click=move |_| save(&|b| {
                                if k < b.skills.len() {
                                    b.skills.remove(k);
                                }
                            })
                        >
                            "Remove"
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    // A skill is picked from the standard list (its characteristic comes with it) at rank 1.
    let new_skill = RwSignal::new(String::new());
    let skill_id = field_id("foe-skill");
    let add_skill = move |_| {
        let n = new_skill.get_untracked();
        let Some(s) = default_skills().into_iter().find(|s| s.name == n) else {
            return t.say("Choose a skill to add.");
        };
        save(&|b| {
            b.skills.push(Skill {
                rank: 1,
                ..s.clone()
            })
        });
    };
    let weapon_count = Memo::new(move |_| block().weapons.len());
    let weapon_editors = move || {
        (0..weapon_count.get())
            .map(|k| {
                let w = move || block().weapons.get(k).cloned();
                let wname = Signal::derive(move || w().map(|w| w.name).unwrap_or_default());
                let set = move |change: &dyn Fn(&mut Weapon)| {
                    save(&|b| {
                        if let Some(w) = b.weapons.get_mut(k) {
                            change(w);
                        }
                    })
                };
                let num = move |crit: bool| {
                    Signal::derive(move || {
                        i64::from(w().map_or(0, |w| if crit { w.crit } else { w.damage }))
                    })
                };
                let range_id = field_id("foe-range");
                let wskill_id = field_id("foe-wskill");
                view! {
                    <li class="weapon-edit">
                        <TextInput
                            label=Signal::derive(move || format!("Name of weapon {}", k + 1))
                            value=wname
                            max_chars=40
                            on_commit=Callback::new(move |v: String| set(&|w| w.name = v.clone()))
                        />
                        <div class="ix-grid">
                            <NumberInput
                                label=Signal::derive(move || format!("{} damage", wname.get()))
                                value=num(false)
                                min=0
                                max=i64::from(DAMAGE_MAX)
                                on_commit=Callback::new(move |v: i64| set(&|w| w.damage = v as i32))
                            />
                            <NumberInput
                                label=Signal::derive(move || format!("{} Crit rating", wname.get()))
                                value=num(true)
                                min=1
                                max=i64::from(CRIT_MAX)
                                on_commit=Callback::new(move |v: i64| set(&|w| w.crit = v as i32))
                            />
                            <div class="field">
                                <label for=range_id.clone()>{move || format!("{} range", wname.get())}</label>
                                <select id=range_id on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    if let Some(r) = RangeBand::ALL.into_iter().find(|r| r.name() == v) {
                                        set(&|w| w.range = r);
                                    }
                                }>
                                    {RangeBand::ALL.map(|r| view! {
                                        <option value=r.name() selected=move || w().is_some_and(|w| w.range == r)>{r.name()}</option>
                                    }).collect_view()}
                                </select>
                            </div>
                            <div class="field">
                                <label for=wskill_id.clone()>{move || format!("{} skill", wname.get())}</label>
                                <select id=wskill_id on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    set(&|w| w.skill = v.clone());
                                }>
                                    {["Melee", "Ranged", "Brawl"].map(|n| view! {
                                        <option value=n selected=move || w().is_some_and(|w| w.skill.eq_ignore_ascii_case(n))>{n}</option>
                                    }).collect_view()}
                                </select>
                            </div>
                        </div>
                        <button
                            type="button"
                            aria-label=move || format!("Remove {}", wname.get())
                            on:click=move |_| save(&|b| {
                                if k < b.weapons.len() {
                                    b.weapons.remove(k);
                                }
                            })
                        >
                            "Remove weapon"
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    let add_weapon = Callback::new(move |wname: String| {
        if wname.is_empty() {
            return t.say("Give the weapon a name.");
        }
        save(&|b| {
            b.weapons.push(Weapon {
                name: wname.clone(),
                damage: 4,
                crit: 3,
                range: RangeBand::Engaged,
                skill: "Melee".into(),
            })
        });
    });
    let is_minions = move || {
        t.doc
            .with(|d| matches!(d.foes.get(i).map(|f| &f.foe), Some(Foe::Minions(_))))
    };
    view! {
        <details class="stat-block">
            <summary>{move || format!("Stat block of {}", name.get())}</summary>
            <div class="ix-grid">{characteristics}</div>
            <h4>"Skills"</h4>
            <Show when=is_minions>
                <p class="muted small">"A Minion group's fear check uses its group skill rank."</p>
            </Show>
            <ul class="list-plain">{skills}</ul>
            <div class="row wrap">
                <div class="field">
                    <label for=skill_id.clone()>{move || format!("Skill to add to {}", name.get())}</label>
                    <select id=skill_id on:change=move |ev| new_skill.set(event_target_value(&ev))>
                        <option value="">"Choose…"</option>
                        {default_skills().into_iter().map(|s| view! { <option value=s.name.clone()>{s.name.clone()}</option> }).collect_view()}
                    </select>
                </div>
                <button type="button" on:click=add_skill>"Add skill"</button>
            </div>
            <div class="ix-grid">
                <NumberInput
                    label=Signal::derive(move || format!("{} Melee Defense", name.get()))
                    value=Signal::derive(move || i64::from(block().melee_defense))
                    min=0
                    max=3
                    on_commit=Callback::new(move |v: i64| save(&|b| b.melee_defense = v as i32))
                />
                <NumberInput
                    label=Signal::derive(move || format!("{} Ranged Defense", name.get()))
                    value=Signal::derive(move || i64::from(block().ranged_defense))
                    min=0
                    max=3
                    on_commit=Callback::new(move |v: i64| save(&|b| b.ranged_defense = v as i32))
                />
            </div>
            <h4>"Weapons"</h4>
            <ul class="list-plain">{weapon_editors}</ul>
            <AddRow label="New weapon" on_add=add_weapon/>
            <p class="muted small">
                "A new weapon starts at damage 4, Crit 3, Engaged, with Melee. No Soak: the rules have none."
            </p>
        </details>
    }
}

/// The GM's own adversaries, kept across encounters: each put on the table as a fresh copy,
/// duplicated to make a variant, renamed or removed.
#[component]
pub(super) fn Library() -> impl IntoView {
    let t = expect_context::<T>().here();
    let count = Memo::new(move |_| t.doc.with(|d| d.library.len()));
    let entries = move || {
        (0..count.get())
            .map(|k| {
                let name = Signal::derive(move || {
                    t.doc
                        .with(|d| d.library.get(k).map(|x| x.name().to_string()))
                        .unwrap_or_default()
                });
                let kind = move || {
                    t.doc.with(|d| match d.library.get(k).map(|x| &x.foe) {
                        Some(Foe::Minions(m)) => format!("Minion group of {}", m.members),
                        Some(Foe::Elite(_)) => "Elite".into(),
                        Some(Foe::Nemesis(_)) => "Nemesis".into(),
                        None => String::new(),
                    })
                };
                view! {
                    <li class="kept">
                        <TextInput
                            label=Signal::derive(move || format!("Name of kept adversary {}", k + 1))
                            value=name
                            max_chars=60
                            on_commit=Callback::new(move |v: String| t.edit(TableEdit::RenameKept(k, v)))
                        />
                        <small class="muted">{kind}</small>
                        <div class="row wrap">
                            <button type="button" aria-label=move || format!("Add {} to the table", name.get())
                                on:click=move |_| t.edit(TableEdit::FromLibrary(k, String::new()))>"Add to the table"</button>
                            <button type="button" aria-label=move || format!("Duplicate {}", name.get())
                                on:click=move |_| t.edit(TableEdit::DuplicateKept(k))>"Duplicate"</button>
                            <button type="button" aria-label=move || format!("Remove {} from the library", name.get())
                                on:click=move |_| t.edit(TableEdit::RemoveKept(k))>"Remove"</button>
                        </div>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel" aria-labelledby="ixt-library">
            <h2 id="ixt-library">"Adversary library"</h2>
            <Show
                when=move || { count.get() > 0 }
                fallback=|| view! { <p class="muted small">"Nothing kept yet: \"Keep in the library\" on an adversary's card keeps it, unhurt, for later encounters."</p> }
            >
                <ul class="list-plain" aria-label="Kept adversaries">{entries}</ul>
            </Show>
            <crate::ui::party_rest::Said label="Adversary library" lines=t.said/>
        </section>
    }
}
