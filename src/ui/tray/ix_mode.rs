//! Ix mode: the six die kinds by tap, difficulty presets, upgrades and downgrades, Fortune and
//! Peril, and live exact odds with a chart of net Successes (the Roll button is the panel's).

use leptos::prelude::*;

use super::faces::{KindMark, SymbolMark};
use super::help_view::IxHelpList;
use super::state::{PoolStep, TrayAction, TrayError};
use super::{Tray, TrayHandle};
use crate::rules::ix::checks::Guard;
use crate::rules::ix::dice::{DieKind, Symbol};
use crate::rules::ix::pool::Difficulty;
use crate::ui::format::{one_decimal, pct};

/// Each odds line in a sentence of our own, shown on demand under the odds.
const ODDS_MEANINGS: [(&str, &str); 7] = [
    (
        "Success",
        "Successes outnumber Failures once they cancel: the task is done.",
    ),
    (
        "Success with Boon",
        "Done, and Boons outnumber Banes: something extra goes your way.",
    ),
    (
        "Success with Bane",
        "Done, but Banes outnumber Boons: it works, at a cost or with a complication.",
    ),
    (
        "Failure with Boon",
        "Not done, but Boons outnumber Banes: something useful comes of trying.",
    ),
    (
        "Breakthrough",
        "At least one Breakthrough shows (Mastery dice only). It counts as a Success and its \
         special effect always happens.",
    ),
    (
        "Calamity",
        "At least one Calamity shows (Crisis dice only). It counts as a Failure and its \
         special effect always happens.",
    ),
    (
        "Expected net Boons",
        "Boons minus Banes on an average roll; below 0 means Banes are likelier.",
    ),
];

/// Why the session cannot give a Fortune (or Peril) Point now, when a point is not yet marked
/// on this check. Tracked: a session document read by `check` redraws the reason.
fn point_refusal(tray: Tray, fortune: bool) -> Option<String> {
    let marked = tray.state.with(|s| {
        let p = s.ix();
        if fortune {
            p.fortune_spent()
        } else {
            p.peril_spent()
        }
    });
    if marked {
        return None;
    }
    tray.points
        .with(|p| p.as_ref().and_then(|p| p.check(fortune).err()))
}

/// Marks a point on the check, once the session says one is available.
pub(super) fn mark_point(tray: Tray, fortune: bool) {
    let available = tray
        .points
        .with_untracked(|p| p.as_ref().map_or(Ok(()), |p| p.check(fortune)));
    match available {
        Ok(()) => {
            tray.act(if fortune {
                TrayAction::MarkFortune
            } else {
                TrayAction::MarkPeril
            });
        }
        Err(why) => tray.refuse(TrayError::StoryPoint { fortune, why }),
    }
}

/// The Ix pool builder and its odds.
#[component]
pub fn IxMode() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let pool = tray.read(|s| s.ix());
    // The counters show and change the pool as built; conditions add their dice on top.
    let built = tray.read(|s| s.ix_built());
    let conditions = tray.read(|s| s.condition_lines());
    let target = tray.read(|s| s.target().map(|t| t.id.clone()));
    let target_line = tray.read(|s| s.target_line());
    // Every Ix character on this device, with the guard their sheet has up now.
    let targets = move || {
        tray.app
            .map(|a| {
                a.roster.with(|r| {
                    r.characters
                        .iter()
                        .filter_map(|c| {
                            Some((c.id.clone(), c.name.clone(), c.ix()?.character.guard))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .unwrap_or_default()
    };
    let choose_target = move |id: String| {
        tray.act(TrayAction::Target(tray.target_of(&id)));
    };
    let step_note = tray.read(|s| s.step_note().map(str::to_string));
    let act = move |a: TrayAction| {
        tray.act(a);
    };
    let odds = Memo::new(move |_| {
        let p = pool.get();
        (!p.is_empty()).then(|| p.odds())
    });
    let fortune_why = Memo::new(move |_| point_refusal(tray, true));
    let peril_why = Memo::new(move |_| point_refusal(tray, false));
    let why_id = |on: bool| on.then_some("tray-points-why");

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
                        on:click=move |_| act(TrayAction::RemoveDie(kind))
                    >
                        "−"
                    </button>
                    <span class="count" aria-label=move || format!("{} {}", built.get().count(kind), kind.name())>
                        {move || built.get().count(kind)}
                    </span>
                    <button
                        type="button"
                        class="step"
                        aria-label=format!("Add one {}", kind.name())
                        on:click=move |_| act(TrayAction::AddDie(kind))
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
                    aria-pressed=move || (built.get().difficulty_dice() == d.trial_dice()).to_string()
                    on:click=move |_| act(TrayAction::Difficulty(d))
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
            let lines = [
                ("Success", pct(o.p_success)),
                ("Success with Boon", pct(o.p_success_with_boon)),
                ("Success with Bane", pct(o.p_success_with_bane)),
                ("Failure with Boon", pct(o.p_failure_with_boon)),
                ("Breakthrough", pct(o.p_breakthrough)),
                ("Calamity", pct(o.p_calamity)),
                ("Expected net Boons", one_decimal(o.expected_net_boons)),
            ];
            view! {
                <dl class="odds" aria-label="Odds">
                    {lines
                        .into_iter()
                        .map(|(k, v)| view! { <div><dt>{k}</dt><dd>{v}</dd></div> })
                        .collect_view()}
                </dl>
                <figure class="chart-box">
                    <svg class="chart" viewBox=format!("0 0 {} 84", w * n) role="img" aria-label=chart_label>
                        {bars}
                        <text class="axis" x=w * n / 2 y="82" text-anchor="middle">"net Successes"</text>
                    </svg>
                    <figcaption class="muted small" aria-hidden="true">
                        "Bar height: the chance of each number of net Successes. Filled bars succeed."
                    </figcaption>
                </figure>
            }
        })
    };

    view! {
        <section class="ix-mode" aria-label="Ix pool">
            <p class="pool-words">{move || pool.get().describe()}</p>
            <Show when=move || conditions.with(|c| !c.is_empty())>
                <fieldset class="conditions">
                    <legend>"Added by the rules"</legend>
                    {move || {
                        conditions
                            .get()
                            .into_iter()
                            .enumerate()
                            .map(|(i, (line, on, switchable))| if switchable {
                                view! {
                                    <label class="check">
                                        <input
                                            type="checkbox"
                                            prop:checked=on
                                            on:change=move |_| act(TrayAction::ToggleCondition(i))
                                        />
                                        {line}
                                    </label>
                                }
                                .into_any()
                            } else {
                                view! { <p class="added">{line}</p> }.into_any()
                            })
                            .collect_view()
                    }}
                    <p class="muted small">"Untick one this check is exempt from."</p>
                </fieldset>
            </Show>
            <div class="field">
                <label for="tray-target">"Attack on"</label>
                <select
                    id="tray-target"
                    on:change=move |ev| choose_target(event_target_value(&ev))
                    prop:value=move || target.get().unwrap_or_default()
                >
                    <option value="">"No character (not an attack, or an adversary)"</option>
                    {move || {
                        targets()
                            .into_iter()
                            .map(|(id, name, guard)| {
                                let up = match guard {
                                    Guard::None => "",
                                    Guard::Guarded => " (Guarded)",
                                    Guard::DefensiveGuard => " (Defensive Guard)",
                                };
                                view! { <option value=id>{format!("{name}{up}")}</option> }
                            })
                            .collect_view()
                    }}
                </select>
            </div>
            {move || {
                target_line
                    .get()
                    .map(|(line, on)| view! {
                        <label class="check">
                            <input
                                type="checkbox"
                                prop:checked=on
                                on:change=move |_| act(TrayAction::ToggleTargetGuard)
                            />
                            {line}
                        </label>
                    })
            }}
            <ul class="kinds">{kinds}</ul>
            <div class="row" role="group" aria-label="Difficulty">{presets}</div>
            <div class="row" role="group" aria-label="Upgrades">
                <button type="button" on:click=move |_| act(TrayAction::Step(PoolStep::UpgradeAbility))>
                    "Upgrade ability"
                </button>
                <button type="button" on:click=move |_| act(TrayAction::Step(PoolStep::DowngradeAbility))>
                    "Downgrade ability"
                </button>
                <button type="button" on:click=move |_| act(TrayAction::Step(PoolStep::UpgradeDifficulty))>
                    "Upgrade difficulty"
                </button>
                <button type="button" on:click=move |_| act(TrayAction::Step(PoolStep::DowngradeDifficulty))>
                    "Downgrade difficulty"
                </button>
            </div>
            <p class="said" role="status">{move || step_note.get()}</p>
            <div class="row" role="group" aria-label="Story points">
                <button
                    type="button"
                    disabled=move || pool.get().fortune_spent()
                    aria-describedby=move || why_id(fortune_why.with(Option::is_some))
                    on:click=move |_| mark_point(tray, true)
                >
                    {move || if pool.get().fortune_spent() { "Fortune Point spent" } else { "Spend a Fortune Point" }}
                </button>
                <button
                    type="button"
                    disabled=move || pool.get().peril_spent()
                    aria-describedby=move || why_id(peril_why.with(Option::is_some))
                    on:click=move |_| mark_point(tray, false)
                >
                    {move || if pool.get().peril_spent() { "Peril Point spent" } else { "Spend a Peril Point" }}
                </button>
                <button type="button" on:click=move |_| act(TrayAction::ClearPool)>
                    "Clear"
                </button>
            </div>
            {move || {
                let mut why = [fortune_why.get(), peril_why.get()].into_iter().flatten().collect::<Vec<_>>();
                // One reason for both (no session yet) is said once.
                why.dedup();
                (!why.is_empty()).then(|| view! { <p id="tray-points-why" class="muted small">{why.join(" ")}</p> })
            }}
            {odds_view}
            <IxHelpList fortune_why peril_why/>
            <details class="legend">
                <summary>"What the odds mean"</summary>
                <dl class="meanings">
                    {ODDS_MEANINGS
                        .into_iter()
                        .map(|(k, v)| view! { <dt>{k}</dt><dd>{v}</dd> })
                        .collect_view()}
                </dl>
            </details>
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
