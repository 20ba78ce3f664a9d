//! Wealth, Lifestyle, Cash with its ledger, Income and the purchase flow (the wager is rolled in
//! the tray, whose ledger entry comes back to the character).

use leptos::prelude::*;
use std::sync::Arc;

use super::{Ctx, local};
use crate::model::exp_sheet::{ExpEdit, Procedure};
use crate::rules::expedition::money::{
    COST_GUIDE, MAX_COST, MAX_SCARCITY, lifestyle, purchase_plan,
};
use crate::ui::fields::TextInput;
use crate::ui::tray::{Prefill, TrayRequest, Wager};

/// When a ledger entry was made, compactly in the reader's locale: the time of day for today,
/// the day and time otherwise.
fn when(ms: u64) -> String {
    let d = js_sys::Date::new(&ms_js(ms));
    let today = js_sys::Date::new_0().to_date_string() == d.to_date_string();
    let o = js_sys::Object::new();
    let mut parts = vec![("hour", "2-digit"), ("minute", "2-digit")];
    if !today {
        parts.extend([("month", "short"), ("day", "numeric")]);
    }
    for (k, v) in parts {
        let _ = js_sys::Reflect::set(&o, &k.into(), &v.into());
    }
    d.to_locale_string("default", &o).into()
}

fn ms_js(ms: u64) -> wasm_bindgen::JsValue {
    wasm_bindgen::JsValue::from_f64(ms as f64)
}

/// "Lifestyle: Modest." for a Wealth rating (empty for one out of range).
pub(super) fn lifestyle_words(wealth: u8) -> String {
    lifestyle(wealth)
        .map(|l| format!("Lifestyle: {}.", l.label()))
        .unwrap_or_default()
}

/// The Wealth and Cash panel.
pub(super) fn money(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    // Income, and buying or selling, each answer under their buttons.
    let (income_said, trade_said) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let (income_ctx, trade_ctx) = (ctx.beside(income_said), ctx.beside(trade_said));
    let cost = RwSignal::new(5i64);
    // Scarcity is the Referee's call for this purchase (usually +1), not the normal price.
    let scarcity = RwSignal::new(0i64);
    let change = RwSignal::new(1i64);
    let reason = RwSignal::new(String::new());
    let what = RwSignal::new(String::new());
    let wager = RwSignal::new(1i64);
    // What is sold: goods outside the slots, or an item of the gear, which then leaves them.
    let selling = RwSignal::new(None::<(usize, usize)>);
    let sellable = move || {
        s.with(|s| {
            s.gear
                .carriers
                .iter()
                .enumerate()
                .flat_map(|(ci, k)| {
                    k.items
                        .iter()
                        .enumerate()
                        .map(move |(ii, it)| (ci, ii, format!("{} ({})", it.name, k.name)))
                })
                .collect::<Vec<_>>()
        })
    };
    let sell = move |_| {
        let cost = cost.get_untracked().max(0) as u32;
        match selling.get_untracked() {
            Some((carrier, index)) => {
                selling.set(None);
                trade_ctx.roll(Procedure::SellItem {
                    carrier,
                    index,
                    cost,
                })
            }
            None => trade_ctx.roll(Procedure::Sell(cost)),
        }
    };
    let cash = move || s.with(|s| s.core.purse.cash);
    let wealth = move || s.with(|s| s.core.wealth);
    let plan = move || {
        purchase_plan(
            wealth(),
            cost.get().max(0) as u32,
            scarcity.get().max(0) as u32,
        )
    };
    let odds = move || match plan() {
        Ok(p) => match p.ob {
            Some(ob) => match super::wager_odds(ob, cash()) {
                Some(odds) => format!("{}. Chance by Cash dice wagered: {odds}.", p.words),
                None => format!("{}. No Cash to wager.", p.words),
            },
            None => format!("{}.", p.words),
        },
        Err(e) => e.to_string(),
    };
    let buy = move |_| {
        let (w, c) = (wealth(), cash());
        let w2 = what.get_untracked();
        let count = |v: i64| u32::try_from(v.max(0)).unwrap_or(u32::MAX);
        let editor = ctx.editor();
        let item = w2.clone();
        ctx.tray(TrayRequest {
            label: if w2.trim().is_empty() {
                "Purchase".into()
            } else {
                w2
            },
            prefill: Prefill::CashWager {
                cost: count(cost.get_untracked()),
                scarcity: count(scarcity.get_untracked()),
                wager: count(wager.get_untracked()),
            },
            wealth: Some(w),
            cash: Some(c),
            on_cash: Some(Arc::new(move |w: Wager| {
                editor.edit_beside(
                    trade_said,
                    ExpEdit::Bought {
                        entry: w.entry,
                        acquired: w.acquired,
                        item: item.clone(),
                    },
                )
            })),
            ..Default::default()
        });
    };
    // The result shows beside the button; once recorded, the fields clear so the same change
    // cannot be recorded twice by a second tap.
    let recorded = RwSignal::new(None::<String>);
    let record = move |_| {
        let (amount, why) = (change.get_untracked(), reason.get_untracked());
        // The form's own check: the ledger takes zero changes (a pay-out of nothing records
        // one), but a tap on Record with nothing typed should not.
        if amount == 0 {
            recorded.set(Some("Type an amount other than 0.".into()));
            return;
        }
        match ctx.editor().try_edit(ExpEdit::Cash(amount, why.clone())) {
            Ok(()) => {
                change.set(0);
                reason.set(String::new());
                let why = if why.trim().is_empty() {
                    String::new()
                } else {
                    format!(" ({})", why.trim())
                };
                recorded.set(Some(format!(
                    "Recorded {amount:+} Cash{why}. Cash is now {}.",
                    cash()
                )));
            }
            Err(e) => recorded.set(Some(e)),
        }
    };
    view! {
        <section class="panel" aria-labelledby="exp-money">
            <h2 id="exp-money">"Wealth and Cash"</h2>
            <div class="exp-row">
                {ctx.num("Wealth", 0, 10, |s| s.core.wealth.into(), |v| ExpEdit::Wealth(v as u8))}
                <p class="exp-big">
                    <span class="muted">"Cash "</span>
                    <strong>{cash}</strong>
                    <span class="muted">" dice"</span>
                </p>
            </div>
            <p>{move || lifestyle_words(wealth())}</p>
            <button
                type="button"
                disabled=move || s.with(|s| s.core.purse.income_rolled_this_session)
                on:click=move |_| income_ctx.roll(Procedure::Income)
            >
                {move || if s.with(|s| s.core.purse.income_rolled_this_session) { "Income rolled this session" } else { "Roll Income (Wealth dice)" }}
            </button>
            <Show when=move || !s.with(|s| s.core.in_haven)>
                <span class="muted">" Income is rolled in a Haven phase (Haven phase, below)."</span>
            </Show>
            {super::said_line(income_said)}
            <div class="no-print">
            <h3>"Buy or sell"</h3>
            <div class="field">
                <label for="exp-guide">"Cost guideline"</label>
                <select
                    id="exp-guide"
                    on:change=move |ev| {
                        if let Some((n, c)) = event_target_value(&ev).parse::<usize>().ok().and_then(|i| COST_GUIDE.get(i)) {
                            cost.set(i64::from(*c));
                            what.set((*n).to_string());
                        }
                    }
                >
                    <option value="">"None: type a Cost below"</option>
                    {COST_GUIDE
                        .iter()
                        .enumerate()
                        .map(|(i, (n, c))| view! { <option value=i.to_string()>{format!("Cost {c}: {n}")}</option> })
                        .collect_view()}
                </select>
            </div>
            <TextInput label="What".to_string() value=what max_chars=80 on_commit=Callback::new(move |t| what.set(t))/>
            <div class="exp-row">
                {local("Cost", cost, 0, MAX_COST.into())}
                {local("Scarcity (Referee's call, usually +1)", scarcity, 0, MAX_SCARCITY.into())}
            </div>
            <p aria-live="polite">{odds}</p>
            {local("Wager (Cash dice)", wager, 1, 200)}
            <div class="field">
                <label for="exp-sell-what">"Selling"</label>
                <select
                    id="exp-sell-what"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        selling.set(v.split_once(':').and_then(|(c, i)| Some((c.parse().ok()?, i.parse().ok()?))));
                    }
                >
                    <option value="" selected=move || selling.get().is_none()>"Goods not in the slots"</option>
                    {move || sellable().into_iter().map(|(c, i, words)| view! {
                        <option value=format!("{c}:{i}") selected=move || selling.get() == Some((c, i))>{words}</option>
                    }).collect_view()}
                </select>
            </div>
            <div class="exp-actions">
                <button type="button" on:click=buy>"Buy in the tray"</button>
                <button type="button" on:click=sell>
                    {move || if selling.get().is_some() { "Sell it at this Cost" } else { "Sell goods of this Cost" }}
                </button>
            </div>
            {super::said_line(trade_said)}
            <h3>"Cash gained or spent"</h3>
            <div class="exp-row">
                {local("Amount (negative spends)", change, -100_000, 100_000)}
                <TextInput label="Reason".to_string() value=reason max_chars=80 on_commit=Callback::new(move |t| reason.set(t))/>
            </div>
            <button type="button" on:click=record>
                "Record"
            </button>
            <p class="field-result" role="status">{move || recorded.get()}</p>
            </div>
            <h3 id="exp-ledger">"Ledger"</h3>
            <ol class="list-plain exp-ledger" reversed tabindex="0" aria-labelledby="exp-ledger">
                {move || {
                    s.with(|s| {
                        s.core
                            .purse
                            .ledger
                            .iter()
                            .rev()
                            .take(12)
                            .map(|l| {
                                view! {
                                    <li>
                                        {format!("{:+} {}: Cash {}", l.amount, l.reason, l.balance)}
                                        {l.at.map(|t| view! { " " <time class="muted" datetime=js_sys::Date::new(&ms_js(t)).to_iso_string().as_string()>{when(t)}</time> })}
                                    </li>
                                }
                            })
                            .collect_view()
                    })
                }}
            </ol>
            {move || s.with(|s| s.core.purse.ledger.is_empty()).then(|| view! { <p class="muted small">"No Cash changes yet."</p> })}
        </section>
    }
}
