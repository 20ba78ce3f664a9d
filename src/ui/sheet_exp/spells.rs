//! Known spells with their channeling Ob (armour, shields, damage this round) and odds, and the
//! 81-spell catalogue with search and a family filter.

use leptos::prelude::*;

use super::{Ctx, ListSaid, local};
use crate::model::exp_sheet::{ExpEdit, ListKind, Procedure};
use crate::rules::expedition::dice::Ability;
use crate::rules::expedition::harm::BlockSource;
use crate::rules::expedition::magic::DurationUnit;
use crate::rules::expedition::money::{MAX_SCARCITY, purchase_plan, runestone_cost};
use crate::rules::expedition::objective::channeling_objective;
use crate::rules::expedition::objective::{Carried, DEFAULT_OB};
use crate::rules::expedition::odds::pass_probability;
use crate::rules::expedition::spells::{CATALOGUE, Family, find_spell};
use crate::ui::fields::TextInput;
use crate::ui::format::pct;
use crate::ui::tray::{Prefill, TrayRequest};

/// Releasing an infused spell boosts one test (digest, "Infusing Spells": +Ob dice, all at
/// once, for 1 HP): the player picks the Ability, the sheet pays the HP and drains the
/// runestone, and the tray opens on that test with the dice already in the pool.
fn release_for_test(
    ctx: Ctx,
    said: ListSaid,
    key: String,
    i: usize,
    name: String,
    boost: u32,
) -> impl IntoView {
    let s = ctx.s;
    let buttons = Ability::ALL
        .into_iter()
        .map(|a| {
            let (name, key) = (name.clone(), key.clone());
            let release = move |_| {
                let (rating, p) = s.with_untracked(|s| (s.core.abilities.get(a), s.protection()));
                match ctx.editor().try_edit(ExpEdit::Release(i)) {
                    Ok(()) => ctx.tray(TrayRequest {
                        label: format!("{} test, {name} released (+{boost}d)", a.name()),
                        prefill: Prefill::Expedition {
                            ability: rating,
                            bonus: boost,
                            penalty: 0,
                            helping: 0,
                            ob: DEFAULT_OB,
                            free: 0,
                            factors: None,
                            carried: Carried {
                                armour_worn: u8::from(p.armour),
                                shields_carried: p.shields,
                            },
                        },
                        ..Default::default()
                    }),
                    Err(why) => said.say(&key, &why),
                }
            };
            view! { <button type="button" on:click=release>{format!("{} +{boost}d", a.name())}</button> }
        })
        .collect_view();
    view! {
        <details class="exp-release">
            <summary>{format!("Release {name}: +{boost}d to one test (1 HP)")}</summary>
            <div class="exp-actions">{buttons}</div>
        </details>
    }
}

/// A cascade owed on the caster: rolled here (Save for half, a Block if one is left), and the
/// same dice for anyone else in the area through the tray's variable damage.
fn cascade(ctx: Ctx, said: ListSaid) -> impl IntoView {
    let s = ctx.s;
    let saved = RwSignal::new(false);
    let owed = move || s.with(|sh| sh.cascade_owed);
    let roll = move |block: Option<BlockSource>| {
        said.row(ctx, "Cascade".into()).roll(Procedure::Cascade {
            saved: saved.get_untracked(),
            block,
        });
    };
    let others = move |_| {
        if let Some(dice) = owed() {
            ctx.tray(TrayRequest {
                label: "Cascade".into(),
                prefill: Prefill::Damage { dice, free: 0 },
                ..Default::default()
            });
        }
    };
    let armour_left = move || {
        s.with(|sh| {
            let p = sh.protection();
            p.armour && !p.armour_block_used
        })
    };
    view! {
        {move || owed().map(|dice| view! {
            <div class="exp-alert no-print" role="alert">
                <p>
                    <strong>"Cascade. "</strong>
                    {format!("{dice}d of damage to everyone in the area, the caster too; a Save (Discipline unless the Referee names another) halves it, rounded up.")}
                </p>
                <label class="check">
                    <input
                        type="checkbox"
                        prop:checked=move || saved.get()
                        on:change=move |ev| saved.set(event_target_checked(&ev))
                    />
                    "Save made"
                </label>
                <div class="exp-actions">
                    <button type="button" on:click=move |_| roll(None)>"Roll the cascade on me"</button>
                    <button type="button" disabled=move || !armour_left() on:click=move |_| roll(Some(BlockSource::Armour))>
                        "Roll it, Block with armour (−2)"
                    </button>
                    <button type="button" on:click=others>"Roll it for someone else (tray)"</button>
                </div>
            </div>
        })}
        {said.line(Some("Cascade".into()))}
    }
}

/// The spells panel.
pub(super) fn spells(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    let damage = RwSignal::new(0i64);
    let query = RwSignal::new(String::new());
    let family = RwSignal::new(String::new());
    let wager = RwSignal::new(1i64);
    // The Referee's scarcity for the next runestone bought (RULINGS: editable per purchase).
    let scarcity = RwSignal::new(0i64);
    let scarce = move || scarcity.get().clamp(0, MAX_SCARCITY.into()) as u32;
    let rit_hp = RwSignal::new(0i64);
    let rit_cash = RwSignal::new(0i64);
    let fb_area = RwSignal::new(false);
    let fb_targets = RwSignal::new(String::new());
    // Every change rebuilds the lists; the answer is kept here and shown on its spell's row.
    let said = ListSaid::new();
    let ctx = said.panel(ctx);
    let blast = move |_| {
        let t: Result<Vec<u32>, _> = fb_targets
            .get_untracked()
            .split([',', ' '])
            .filter(|x| !x.is_empty())
            .map(str::parse)
            .collect();
        let row = said.row(ctx, "Fell Blast".into());
        match t {
            Ok(targets) if !targets.is_empty() => row.roll(Procedure::FellBlast {
                area: fb_area.get_untracked(),
                targets,
            }),
            _ => said.say(
                "Fell Blast",
                "Type each target's Combat Check successes as whole numbers, e.g. 2 or 1, 3.",
            ),
        }
    };
    let known = move || {
        let dmg = damage.get().max(0) as u32;
        let ritual = (rit_hp.get().max(0) + rit_cash.get().max(0)) as u32;
        s.with(|sh| {
            let c = &sh.core;
            let worn = sh.protection();
            c.spells
                .iter()
                .enumerate()
                .filter_map(|(i, k)| {
                    let sp = find_spell(&k.name).ok()?;
                    let a = c.abilities.get(sp.ability);
                    let key = k.name.clone();
                    let ctx = said.row(ctx, key.clone());
                    let forget = view! {
                        <button type="button" on:click=move |_| ctx.edit.run(ExpEdit::Remove(ListKind::Spell, i))>
                            {format!("Forget {}", k.name)}
                        </button>
                    };
                    if sp.fixed_ob().is_none() {
                        // Fell Blast: rolled against Combat Checks, never penalised or exhausted.
                        return Some(view! {
                            <li class="exp-spell">
                                <strong>{k.name.clone()}</strong>
                                {format!(" (Discipline {a}: {} dice against each target's Combat Check; 1 HP). ", 2 + a)}
                                <span class="muted">{sp.summary}</span>
                                <div class="exp-row">
                                    <div class="field">
                                        <label for="exp-fb-aim">"Aim"</label>
                                        <select id="exp-fb-aim" on:change=move |ev| fb_area.set(event_target_value(&ev) == "1")>
                                            <option value="0" selected=move || !fb_area.get()>"One target: 4d"</option>
                                            <option value="1" selected=move || fb_area.get()>"A melee area: 2d to each beaten"</option>
                                        </select>
                                    </div>
                                    <TextInput label="Targets' Combat Check successes".to_string() value=fb_targets max_chars=60 on_commit=Callback::new(move |t| fb_targets.set(t))/>
                                </div>
                                <div class="exp-actions">
                                    <button type="button" on:click=blast>"Cast Fell Blast"</button>
                                    {forget}
                                </div>
                                {said.line(Some(key))}
                            </li>
                        }
                        .into_any());
                    }
                    let ob = channeling_objective(
                        sp.fixed_ob().unwrap_or(1),
                        u8::from(worn.armour),
                        worn.shields,
                        dmg,
                    )
                    .ok()?;
                    let dice = 2 + u32::from(a) + ritual;
                    let odds = pct(pass_probability(dice, ob.ob).unwrap_or(0.0));
                    let name = k.name.clone();
                    let infused = k.infused;
                    let mut state = Vec::new();
                    if infused {
                        state.push(format!(
                            "infused: release for +{} dice, or expel it to block 1 damage (Take damage)",
                            sp.fixed_ob().unwrap_or(0)
                        ));
                    }
                    let exhausted = k.exhausted;
                    // Each active spell counts down in its own unit.
                    let active = k.active;
                    // The unit that counts down, when it is counted at all.
                    let counted = active.and_then(|d| d.unit.names()).map(|n| n.0);
                    if let Some(d) = active {
                        state.push(match d.unit {
                            DurationUnit::Special => format!(
                                "active {}",
                                sp.duration_note().unwrap_or("until its condition ends")
                            ),
                            _ => format!("active, {} left", d.words()),
                        });
                    }
                    let lasts = sp.duration_words();
                    Some(view! {
                        <li class="exp-spell">
                            <strong>{name.clone()}</strong>
                            {format!(" ({}, {} {}). {} {dice} dice: {odds}. ", sp.family.name(), sp.ability.name(), a, ob.words())}
                            // Exhaustion is a warning; being infused or active is not.
                            {exhausted.then(|| view! { <span class="flag">"exhausted until a long rest"</span> })}
                            {(!state.is_empty()).then(|| view! { <span class="flag calm">{state.join("; ")}</span> })}
                            <span class="muted">{format!(
                                "{} Lasts: {lasts}.{}",
                                sp.summary,
                                sp.zero_successes().map(|z| format!(" On zero successes, {z}.")).unwrap_or_default()
                            )}</span>
                            <div class="exp-actions">
                                <button
                                    type="button"
                                    on:click=move |_| {
                                        ctx.roll(Procedure::Channel {
                                            spell: name.clone(),
                                            damage: damage.get_untracked().max(0) as u32,
                                            ritual_hp: rit_hp.get_untracked().max(0) as u32,
                                            ritual_cash: rit_cash.get_untracked().max(0) as u32,
                                            rolled: None,
                                        });
                                        // A ritual's costs are for one casting only.
                                        rit_hp.set(0);
                                        rit_cash.set(0);
                                    }
                                >
                                    {format!("Channel {}", k.name)}
                                </button>
                                {counted.map(|unit_name| view! {
                                    <button type="button" on:click=move |_| ctx.edit.run(ExpEdit::SpellPasses(i))>
                                        {format!("One {unit_name} passes: {}", k.name)}
                                    </button>
                                })}
                                {active.is_some().then(|| view! {
                                    <button type="button" on:click=move |_| ctx.edit.run(ExpEdit::EndSpell(i))>
                                        {format!("End {}", k.name)}
                                    </button>
                                })}
                                {if infused {
                                    release_for_test(ctx, said, key.clone(), i, k.name.clone(), u32::from(sp.fixed_ob().unwrap_or(0))).into_any()
                                } else {
                                    view! {
                                        <button type="button" on:click=move |_| ctx.edit.run(ExpEdit::Infuse(i))>
                                            {format!("Infuse {}", k.name)}
                                        </button>
                                    }
                                    .into_any()
                                }}
                                {forget}
                            </div>
                            {said.line(Some(key))}
                        </li>
                    }
                    .into_any())
                })
                .collect_view()
        })
    };
    let catalogue = move || {
        let q = query.get().to_ascii_lowercase();
        let fam = family.get();
        CATALOGUE
            .iter()
            .filter(|sp| fam.is_empty() || sp.family.name() == fam)
            .filter(|sp| q.is_empty() || sp.name.to_ascii_lowercase().contains(&q) || sp.summary.to_ascii_lowercase().contains(&q))
            .map(|sp| {
                let name = sp.name;
                let cost = sp.fixed_ob().and_then(|o| runestone_cost(o).ok());
                let key = format!("catalogue:{name}");
                let ctx = said.row(ctx, key.clone());
                view! {
                    <li class="exp-add">
                        <button type="button" class="rollable" on:click=move |_| ctx.edit.run(ExpEdit::Learn(name.into()))>
                            <span>{format!("Learn {name}")}</span>
                            <span class="muted">{sp.words()}</span>
                        </button>
                        <button type="button" aria-label=format!("Master a plundered runestone: {name}") on:click=move |_| ctx.roll(Procedure::Mastery(name.into()))>
                            "Master a plundered runestone"
                        </button>
                        {cost.map(|c| view! {
                            <span class="muted small">{move || runestone_odds(ctx.s, c, scarce())}</span>
                            <button
                                type="button"
                                aria-label=move || format!("Buy runestone (Cost {}): {name}", c + scarce())
                                on:click=move |_| ctx.roll(Procedure::Runestone {
                                    spell: name.into(),
                                    scarcity: scarce(),
                                    wager: wager.get_untracked().max(0) as u32,
                                })
                            >
                                {move || format!("Buy runestone (Cost {})", c + scarce())}
                            </button>
                        })}
                        {said.line(Some(key))}
                    </li>
                }
            })
            .collect_view()
    };
    let families = Family::ROLLABLE
        .iter()
        .map(|f| view! { <option value=f.name()>{f.name()}</option> })
        .collect_view();

    view! {
        <section class="panel" aria-labelledby="exp-spells">
            <h2 id="exp-spells">"Spells"</h2>
            {said.announce()}
            <p class="hint">"Learn a spell the Referee grants, or buy its runestone (Cost 3 x Ob: one Cash die within Wealth, else a wager), or master a plundered one (Ob + 1; failing is final and rolls Down and Out). Channeling costs 1 HP; failing exhausts the runestone until a long rest; no successes at all cascades."</p>
            <div class="exp-row no-print">
                {local("Damage taken this round", damage, 0, 100)}
            </div>
            <fieldset class="exp-ritual">
                <legend>"Ritual (an exploration turn)"</legend>
                <div class="exp-row">
                    {local("Ritual HP (+1d each)", rit_hp, 0, 20)}
                    {local("Ritual Cash (+1d each)", rit_cash, 0, 200)}
                </div>
            </fieldset>
            <ul class="list-plain">{known}</ul>
            {cascade(ctx, said)}
            <details class="exp-cat">
                <summary>"Learn a spell (catalogue of 81)"</summary>
                <div class="exp-row">
                    <TextInput label="Search".to_string() value=query max_chars=40 on_commit=Callback::new(move |t| query.set(t))/>
                    <div class="field">
                        <label for="exp-fam">"Family"</label>
                        <select id="exp-fam" on:change=move |ev| family.set(event_target_value(&ev))>
                            <option value="">"All families"</option>
                            {families}
                        </select>
                    </div>
                </div>
                <div class="exp-row">
                    {local("Cash to wager on a runestone", wager, 1, 200)}
                    {local("Runestone scarcity (Referee's call, usually +1)", scarcity, 0, MAX_SCARCITY.into())}
                </div>
                <ul class="list-plain exp-catalogue">{catalogue}</ul>
            </details>
        </section>
    }
}

/// What buying a runestone of Cost `cost` takes from this character, before the tap: one Cash
/// die within Wealth, or the wager's Ob with the chance for each wager up to the Cash held,
/// as the Haven's rows say it.
fn runestone_odds(s: Memo<crate::model::exp_sheet::ExpSheet>, cost: u32, scarcity: u32) -> String {
    s.with(|s| {
        let (wealth, cash) = (s.core.wealth, s.core.purse.cash);
        match purchase_plan(wealth, cost, scarcity) {
            Ok(plan) => match plan.ob {
                None => format!("Within Wealth {wealth}: 1 Cash die, no roll."),
                Some(ob) => format!(
                    "Over Wealth {wealth}: a wager against Ob {ob} · {}.",
                    super::wager_odds(ob, cash).unwrap_or_else(|| "no Cash to wager".into())
                ),
            },
            Err(e) => e.to_string(),
        }
    })
}
