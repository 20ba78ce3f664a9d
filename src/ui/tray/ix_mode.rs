//! Ix mode: the six die kinds by tap, difficulty presets, upgrades and downgrades, Fortune and
//! Peril, live exact odds with a chart of net Successes, and the roll.

use leptos::prelude::*;

use super::faces::{KindMark, Shown, SymbolMark};
use super::{CryptoRng, Outcome, Tray, TrayContext, one_decimal, pct};
use crate::rules::ix::dice::{CheckResult, DieKind, Symbol};
use crate::rules::ix::pool::{Difficulty, Pool};

/// Short reminders of what symbols can buy, in our own words.
fn reminders(r: &CheckResult) -> Vec<String> {
    let mut out = Vec::new();
    if r.net_boons > 0 {
        out.push("Boons buy small edges: a moment's recovery, a detail noticed, a bonus die for an ally.".into());
    }
    if r.net_boons < 0 {
        out.push(
            "Banes let the GM add a snag: lost footing, a dropped item, an opening for the foe."
                .into(),
        );
    }
    if r.breakthroughs > 0 {
        out.push("A Breakthrough buys something big: a critical hit, a lasting advantage, any strong Boon effect.".into());
    }
    if r.calamities > 0 {
        out.push("A Calamity lets the GM strike hard: gear breaks, a new threat arrives, any strong Bane effect.".into());
    }
    out
}

/// Rolls the pool as built.
pub fn roll(tray: &Tray) {
    let pool = tray.ix.get_untracked();
    if pool.is_empty() {
        tray.refuse("Add at least one die first.");
        return;
    }
    let rolled = pool.roll(&mut CryptoRng);
    let dice = rolled
        .dice
        .iter()
        .map(|d| (Shown::Ix(d.kind, d.face.symbols()), d.label()))
        .collect();
    if let Some(hook) = tray.on_ix.try_update(Option::take).flatten() {
        hook((pool, rolled.result));
    }
    tray.finish(Outcome {
        mode: "Ix",
        pool: pool.describe(),
        groups: vec![(String::new(), dice)],
        words: rolled.result.describe(),
        notes: reminders(&rolled.result),
    });
}

/// The Ix pool builder, its odds and the roll button.
#[component]
pub fn IxMode() -> impl IntoView {
    let tray = expect_context::<TrayContext>().0;
    let pool = tray.ix;
    // Every change goes through the rules; a refusal leaves the pool as it was.
    let change = move |f: &dyn Fn(&mut Pool) -> Result<(), String>| {
        let mut next = pool.get_untracked();
        match f(&mut next) {
            Ok(()) => {
                pool.set(next);
                tray.message.set(None);
            }
            Err(e) => tray.refuse(e),
        }
    };
    let odds = Memo::new(move |_| {
        let p = pool.get();
        (!p.is_empty()).then(|| p.odds())
    });

    let kinds = DieKind::ALL
        .into_iter()
        .map(|kind| {
            view! {
                <li class="kind">
                    <KindMark kind/>
                    <span class="kind-name">{kind.name()}</span>
                    <button
                        type="button"
                        class="step"
                        aria-label=format!("Remove one {}", kind.name())
                        on:click=move |_| change(&|p| p.remove_dice(kind, 1).map(|_| ()).map_err(|e| e.to_string()))
                    >
                        "−"
                    </button>
                    <span class="count" aria-label=move || format!("{} {}", pool.get().count(kind), kind.name())>
                        {move || pool.get().count(kind)}
                    </span>
                    <button
                        type="button"
                        class="step"
                        aria-label=format!("Add one {}", kind.name())
                        on:click=move |_| change(&|p| p.add_dice(kind, 1).map_err(|e| e.to_string()))
                    >
                        "+"
                    </button>
                </li>
            }
        })
        .collect_view();

    let presets = Difficulty::ALL
        .into_iter()
        .map(|d| {
            view! {
                <button
                    type="button"
                    aria-pressed=move || (pool.get().count(DieKind::Trial) == d.trial_dice()).to_string()
                    on:click=move |_| {
                        change(&|p| {
                            p.remove_dice(DieKind::Trial, i32::from(p.count(DieKind::Trial)))
                                .and_then(|_| p.add_difficulty(d))
                                .map_err(|e| e.to_string())
                        })
                    }
                >
                    {d.name()}
                </button>
            }
        })
        .collect_view();

    let odds_view = move || {
        odds.get().map(|o| {
            let max = o.net_successes.iter().map(|b| b.probability).fold(0.0, f64::max);
            let n = o.net_successes.len().max(1) as u32;
            let w = 200 / n;
            let most = o
                .net_successes
                .iter()
                .max_by(|a, b| a.probability.total_cmp(&b.probability))
                .map(|b| (b.net_successes, b.probability));
            let bars = o
                .net_successes
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let h = if max > 0.0 { (b.probability / max * 50.0).round() as u32 } else { 0 };
                    let x = i as u32 * w;
                    let class = if b.net_successes >= 1 { "bar pass" } else { "bar fail" };
                    view! {
                        <rect class=class x=x + 1 y=56 - h width=w.saturating_sub(2).max(1) height=h/>
                        {(n <= 16 || b.net_successes % 5 == 0).then(|| view! {
                            <text x=x + w / 2 y="68" text-anchor="middle">{b.net_successes}</text>
                        })}
                    }
                })
                .collect_view();
            let chart_label = most
                .map(|(k, p)| format!(
                    "Chart of net Successes from {} to {}; most likely {k} ({}). Bars at 1 or more are successes.",
                    o.net_successes.first().map_or(0, |b| b.net_successes),
                    o.net_successes.last().map_or(0, |b| b.net_successes),
                    pct(p)
                ))
                .unwrap_or_default();
            view! {
                <dl class="odds" aria-label="Odds">
                    <div><dt>"Success"</dt><dd>{pct(o.p_success)}</dd></div>
                    <div><dt>"Success with Boon"</dt><dd>{pct(o.p_success_with_boon)}</dd></div>
                    <div><dt>"Failure with Boon"</dt><dd>{pct(o.p_failure_with_boon)}</dd></div>
                    <div><dt>"Breakthrough"</dt><dd>{pct(o.p_breakthrough)}</dd></div>
                    <div><dt>"Calamity"</dt><dd>{pct(o.p_calamity)}</dd></div>
                    <div><dt>"Expected net Boons"</dt><dd>{one_decimal(o.expected_net_boons)}</dd></div>
                </dl>
                <svg class="chart" viewBox=format!("0 0 {} 72", w * n) role="img" aria-label=chart_label>
                    {bars}
                </svg>
            }
        })
    };

    view! {
        <section class="ix-mode" aria-label="Ix pool">
            <p class="pool-words">{move || pool.get().describe()}</p>
            <ul class="kinds">{kinds}</ul>
            <div class="row" role="group" aria-label="Difficulty">{presets}</div>
            <div class="row" role="group" aria-label="Upgrades">
                <button type="button" on:click=move |_| change(&|p| p.upgrade_ability(1).map(|_| ()).map_err(|e| e.to_string()))>
                    "Upgrade ability"
                </button>
                <button type="button" on:click=move |_| change(&|p| p.downgrade_ability(1).map(|_| ()).map_err(|e| e.to_string()))>
                    "Downgrade ability"
                </button>
                <button type="button" on:click=move |_| change(&|p| p.upgrade_difficulty(1).map(|_| ()).map_err(|e| e.to_string()))>
                    "Upgrade difficulty"
                </button>
                <button type="button" on:click=move |_| change(&|p| p.downgrade_difficulty(1).map(|_| ()).map_err(|e| e.to_string()))>
                    "Downgrade difficulty"
                </button>
            </div>
            <div class="row" role="group" aria-label="Story points">
                <button
                    type="button"
                    disabled=move || pool.get().fortune_spent()
                    on:click=move |_| change(&|p| p.spend_fortune().map(|_| ()).map_err(|e| e.to_string()))
                >
                    {move || if pool.get().fortune_spent() { "Fortune Point spent" } else { "Spend a Fortune Point" }}
                </button>
                <button
                    type="button"
                    disabled=move || pool.get().peril_spent()
                    on:click=move |_| change(&|p| p.spend_peril().map(|_| ()).map_err(|e| e.to_string()))
                >
                    {move || if pool.get().peril_spent() { "Peril Point spent" } else { "Spend a Peril Point" }}
                </button>
                <button type="button" on:click=move |_| change(&|p| { *p = Pool::new(); Ok(()) })>
                    "Clear"
                </button>
            </div>
            {odds_view}
            <button type="button" class="primary roll" on:click=move |_| roll(&tray)>
                "Roll"
            </button>
            <details class="legend">
                <summary>"Symbols"</summary>
                <ul>
                    {[
                        (Symbol::Success, "Success (triangle)"),
                        (Symbol::Failure, "Failure (cross)"),
                        (Symbol::Boon, "Boon (ring)"),
                        (Symbol::Bane, "Bane (square)"),
                        (Symbol::Breakthrough, "Breakthrough (star)"),
                        (Symbol::Calamity, "Calamity (burst)"),
                    ]
                        .into_iter()
                        .map(|(symbol, name)| view! { <li><SymbolMark symbol/>{name}</li> })
                        .collect_view()}
                </ul>
            </details>
        </section>
    }
}
