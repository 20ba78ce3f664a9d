//! Expedition mode: an independent test (2 + Ability with bonus, penalty and helping dice,
//! Ob typed or worked out from factors shown as chips, free successes), a versus test,
//! variable damage (Nd, Save for half) and a purchase with a Cash wager.

use leptos::prelude::*;

use super::faces::Shown;
use super::{
    CryptoRng, ExpFields, ExpKind, NumField, Outcome, Tray, TrayContext, field, one_decimal, pct,
};
use crate::rules::expedition::combat::variable_damage;
use crate::rules::expedition::dice::{
    MAX_OB, Pool, PoolRoll, describe_test, describe_versus, independent_test, versus_test,
};
use crate::rules::expedition::money::{Purse, purchase, purchase_plan};
use crate::rules::expedition::objective::{
    Complexity, GeneralFactors, Step, general_objective, ob_name,
};
use crate::rules::expedition::odds::{expected_variable_damage, pass_probability, versus_odds};

/// Most of one kind of die a field takes (bonus, penalty, helping, free, opposing...).
const MOST: i64 = 30;

fn dice_of(roll: &PoolRoll) -> Vec<(Shown, String)> {
    roll.dice
        .iter()
        .map(|d| (Shown::D6(d.face), format!("d6: {}", d.label())))
        .collect()
}

/// The character's pool from the fields, through the rules.
fn own_pool(e: &ExpFields) -> Result<Pool, String> {
    let ability = field("Ability", e.ability, 1, 8)?;
    let bonus = field("bonus dice", e.bonus, 0, MOST)?;
    let penalty = field("penalty dice", e.penalty, 0, MOST)?;
    let helping = field("helping dice", e.helping, 0, MOST)?;
    Pool::ability(ability as u8, bonus, penalty, helping).map_err(|e| e.to_string())
}

/// The purchase fields, each checked against its range.
struct CashFields {
    wealth: u32,
    cost: u32,
    scarcity: u32,
    cash: u32,
    wager: u32,
}

fn cash_fields(e: &ExpFields) -> Result<CashFields, String> {
    Ok(CashFields {
        wealth: field("Wealth", e.wealth, 0, 10)?,
        cost: field("Cost", e.cost, 0, 100)?,
        scarcity: field("scarcity", e.scarcity, 0, 5)?,
        cash: field("Cash held", e.cash, 0, 100_000)?,
        wager: field("wager", e.wager, 0, 200)?,
    })
}

/// The Ob: from the factor calculator when it is on, else as typed.
pub(crate) fn ob(e: &ExpFields) -> Result<(u32, Vec<String>), String> {
    match e.factors.get() {
        Some(f) => general_objective(&f)
            .map(|o| (o.ob, o.factors.iter().map(|f| f.words()).collect()))
            .map_err(|e| e.to_string()),
        None => field("Ob", e.ob, 0, MOST.min(i64::from(MAX_OB))).map(|ob| (ob, Vec::new())),
    }
}

/// What the current sub-mode would roll, with its odds in words, or why it cannot.
fn plan(e: &ExpFields) -> Result<Vec<(&'static str, String)>, String> {
    match e.kind.get() {
        ExpKind::Test => {
            let pool = own_pool(e)?;
            let (ob, _) = ob(e)?;
            let free = field("free successes", e.free, 0, MOST)?;
            let p = pass_probability(pool.dice(), ob).map_err(|e| e.to_string())?;
            let mut lines = vec![
                ("Pool", pool.breakdown()),
                (
                    "Test",
                    format!("{} ({})", describe_test(pool.dice(), ob), ob_name(ob)),
                ),
                ("Pass chance", pct(p)),
            ];
            if free > 0 {
                lines.push(("On a pass", format!("+{free}s added to the margin")));
            }
            Ok(lines)
        }
        ExpKind::Versus => {
            let pool = own_pool(e)?;
            let opp = field("opposing dice", e.opp, 0, MOST)?;
            field("free successes", e.free, 0, MOST)?;
            field("opposing free successes", e.opp_free, 0, MOST)?;
            let v = versus_odds(pool.dice(), opp).map_err(|e| e.to_string())?;
            Ok(vec![
                ("Pool", pool.breakdown()),
                ("Test", describe_versus(pool.dice(), opp)),
                ("Win", pct(v.win)),
                ("Tie", pct(v.tie)),
                ("Lose", pct(v.lose)),
            ])
        }
        ExpKind::Damage => {
            let n = field("damage dice", e.dmg, 1, MOST)?;
            let free = field("free successes", e.free, 0, MOST)?;
            let saved = e.saved.get();
            let x = expected_variable_damage(n, free, saved).map_err(|e| e.to_string())?;
            Ok(vec![
                (
                    "Damage",
                    format!(
                        "{n}d{}",
                        if free > 0 {
                            format!(" +{free}s")
                        } else {
                            String::new()
                        }
                    ),
                ),
                ("Expected damage", one_decimal(x)),
            ])
        }
        ExpKind::Cash => {
            let CashFields {
                wealth,
                cost,
                scarcity,
                cash,
                wager,
            } = cash_fields(e)?;
            let plan = purchase_plan(wealth as u8, cost, scarcity).map_err(|e| e.to_string())?;
            let mut lines = vec![
                ("Plan", plan.words.clone()),
                ("Cash held", cash.to_string()),
            ];
            if let Some(ob) = plan.ob {
                let p = pass_probability(wager, ob).map_err(|e| e.to_string())?;
                lines.push((
                    "Chance to buy",
                    format!("{} with {wager} Cash wagered", pct(p)),
                ));
            }
            Ok(lines)
        }
    }
}

/// Rolls the current sub-mode.
pub fn roll(tray: &Tray) {
    match roll_inner(tray) {
        Ok(o) => tray.finish(o),
        Err(why) => tray.refuse(why),
    }
}

fn roll_inner(tray: &Tray) -> Result<Outcome, String> {
    let e = tray.exp;
    let rng = &mut CryptoRng;
    let err = |e: crate::rules::expedition::RulesError| e.to_string();
    let free = || field("free successes", e.free, 0, MOST);
    match e.kind.get_untracked() {
        ExpKind::Test => {
            let pool = own_pool(&e)?;
            let (ob, factors) = ob(&e)?;
            let t = independent_test(rng, pool.dice(), ob, free()?).map_err(err)?;
            let mut notes = vec![format!(
                "{} of {} dice succeeded against Ob {ob}{}.",
                t.successes,
                pool.dice(),
                if t.free_successes > 0 && t.passed {
                    format!(", +{}s", t.free_successes)
                } else {
                    String::new()
                }
            )];
            if !factors.is_empty() {
                notes.push(format!("Ob from: {}.", factors.join(", ")));
            }
            Ok(Outcome {
                mode: "Expedition",
                pool: format!("{}; {}", pool.breakdown(), describe_test(pool.dice(), ob)),
                groups: vec![(String::new(), dice_of(&t.roll))],
                words: t.words(),
                notes,
            })
        }
        ExpKind::Versus => {
            let pool = own_pool(&e)?;
            let opp = field("opposing dice", e.opp, 0, MOST)?;
            let opp_free = field("opposing free successes", e.opp_free, 0, MOST)?;
            let v = versus_test(rng, pool.dice(), opp, free()?, opp_free).map_err(err)?;
            Ok(Outcome {
                mode: "Expedition",
                pool: format!("Versus: {}", describe_versus(pool.dice(), opp)),
                groups: vec![
                    ("Your dice".into(), dice_of(&v.a)),
                    ("Opposition".into(), dice_of(&v.b)),
                ],
                words: v.words(),
                notes: vec![format!(
                    "{} successes against {}.",
                    v.a_successes, v.b_successes
                )],
            })
        }
        ExpKind::Damage => {
            let n = field("damage dice", e.dmg, 1, MOST)?;
            let saved = e.saved.get_untracked();
            let d = variable_damage(rng, n, free()?, saved).map_err(err)?;
            Ok(Outcome {
                mode: "Expedition",
                pool: format!(
                    "{n}d damage{}",
                    if saved { ", Save made (half)" } else { "" }
                ),
                groups: vec![(String::new(), dice_of(&d.roll))],
                words: format!("{} damage", d.damage),
                notes: vec![if saved {
                    format!("{} before the Save, halved and rounded up.", d.full)
                } else {
                    format!("{} successes and free successes.", d.full)
                }],
            })
        }
        ExpKind::Cash => {
            let CashFields {
                wealth,
                cost,
                scarcity,
                cash,
                wager,
            } = cash_fields(&e)?;
            let mut purse = Purse::new(cash).map_err(err)?;
            let what = {
                let l = tray.label.get_untracked();
                if l.trim().is_empty() {
                    "an item".to_string()
                } else {
                    l
                }
            };
            let out = purchase(rng, wealth as u8, cost, scarcity, wager, &mut purse, &what)
                .map_err(err)?;
            // The sheet applies the change when it asked for this roll; otherwise the tray's
            // own Cash field stands in for the character's.
            let entry = out.entry.clone();
            match tray.on_cash.get_untracked() {
                Some(hook) => hook(entry.clone()),
                None => e.cash.set(i64::from(entry.balance)),
            }
            let spent = entry.amount.unsigned_abs();
            Ok(Outcome {
                mode: "Expedition",
                pool: out.plan.words.clone(),
                groups: out
                    .test
                    .as_ref()
                    .map(|t| vec![(String::new(), dice_of(&t.roll))])
                    .unwrap_or_default(),
                words: if out.acquired {
                    "Bought".into()
                } else {
                    "Not bought".into()
                },
                notes: vec![
                    out.test
                        .as_ref()
                        .map(|t| format!("{}.", t.words()))
                        .unwrap_or_else(|| "No roll needed.".into()),
                    format!(
                        "Cash {cash} → {}: {spent} spent ({}).",
                        entry.balance, entry.reason
                    ),
                ],
            })
        }
    }
}

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
    let e = expect_context::<TrayContext>().0.exp;
    let f = e.factors;
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
                                    on:click=move |_| f.update(|x| if let Some(x) = x { set(x, i) })
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
    let toggles: [(&'static str, Toggle); 3] = [
        ("Inadequate tools", |x| &mut x.inadequate_tools),
        ("Relevant serious injury", |x| &mut x.serious_injury),
        (
            "Endurance, balance, climbing or channeling (armour and shields count)",
            |x| &mut x.encumbering_test,
        ),
    ];
    let toggles = toggles
        .into_iter()
        .map(|(label, at)| {
            view! {
                <button
                    type="button"
                    class="chip"
                    aria-pressed=move || f.get().is_some_and(|mut x| *at(&mut x)).to_string()
                    on:click=move |_| f.update(|x| if let Some(x) = x { let b = at(x); *b = !*b; })
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

/// Expedition pools, their odds and the roll button.
#[component]
pub fn ExpMode() -> impl IntoView {
    let tray = expect_context::<TrayContext>().0;
    let e = tray.exp;
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
                aria-pressed=move || (e.kind.get() == k).to_string()
                on:click=move |_| {
                    e.kind.set(k);
                    tray.message.set(None);
                }
            >
                {label}
            </button>
        }
    })
    .collect_view();
    let using_factors = Signal::derive(move || e.factors.get().is_some());
    let fields = move || match e.kind.get() {
        ExpKind::Test | ExpKind::Versus => {
            let test = e.kind.get() == ExpKind::Test;
            view! {
                <div class="num-grid">
                    <NumField label="Ability" value=e.ability/>
                    <NumField label="Bonus dice" value=e.bonus/>
                    <NumField label="Penalty dice" value=e.penalty/>
                    <NumField label="Helping dice" value=e.helping/>
                    <NumField label="Free successes (+Ns)" value=e.free/>
                    {if test {
                        view! { <NumField label="Ob" value=e.ob disabled=using_factors/> }.into_any()
                    } else {
                        view! {
                            <NumField label="Opposing dice" value=e.opp/>
                            <NumField label="Opposing free successes" value=e.opp_free/>
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
                                on:click=move |_| e.factors.update(|f| {
                                    *f = if f.is_some() { None } else { Some(GeneralFactors::default()) }
                                })
                            >
                                "Work out Ob from factors"
                            </button>
                            <Show when=move || using_factors.get()>
                                <Factors/>
                            </Show>
                        }
                    })}
            }
                .into_any()
        }
        ExpKind::Damage => view! {
            <div class="num-grid">
                <NumField label="Damage dice" value=e.dmg/>
                <NumField label="Free successes (+Ns)" value=e.free/>
            </div>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=move || e.saved.get()
                    on:change=move |ev| e.saved.set(event_target_checked(&ev))
                />
                "Save made (half damage, rounded up)"
            </label>
        }
        .into_any(),
        ExpKind::Cash => view! {
            <div class="num-grid">
                <NumField label="Wealth" value=e.wealth/>
                <NumField label="Cost" value=e.cost/>
                <NumField label="Scarcity" value=e.scarcity/>
                <NumField label="Cash held" value=e.cash/>
                <NumField label="Cash wagered" value=e.wager/>
            </div>
            <p class="muted small">
                {move || if tray.on_cash.with(Option::is_some) {
                    "The Cash change goes to the character's sheet."
                } else {
                    "No sheet is attached: the Cash held above is updated here."
                }}
            </p>
        }
        .into_any(),
    };
    let odds = move || match plan(&e) {
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
            <button type="button" class="primary roll" on:click=move |_| roll(&tray)>
                "Roll"
            </button>
        </section>
    }
}
