//! "What would help", drawn: each change the rules weighed, best first, as a button that
//! makes it; a change that cannot be made now is plain text with the reason, never a button.
//! The numbers are the rules' (`TrayState::ix_help`, `TrayState::exp_help`); a tap dispatches
//! the change as a `TrayAction`, which makes it through the same rules function.

use leptos::prelude::*;

use super::TrayHandle;
use super::ix_mode::mark_point;
use super::state::TrayAction;
use crate::rules::expedition::help::{ExpChances, ExpOption};
use crate::rules::ix::help::{IxChange, IxOption, Side};
use crate::ui::format::pct;

/// A change in chance as signed percentage points, "+16.7" (integer arithmetic, as `pct`).
fn points(x: f64) -> String {
    let t = (x.clamp(-1.0, 1.0) * 1000.0).round() as i64;
    let sign = if t < 0 { "−" } else { "+" };
    format!("{sign}{}.{}", t.unsigned_abs() / 10, t.unsigned_abs() % 10)
}

/// One weighed Ix change as a list item: a button for the acting side's own change, plain
/// text for a "what if" or the GM's lever. `session_why` is the session's reason a point
/// cannot be spent now, which outranks what the pool alone allows.
fn ix_item(option: IxOption, session_why: Option<String>) -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let label = option.change.label();
    let outcome = match session_why {
        Some(why) => Err(why),
        None => option.outcome.map_err(|e| e.to_string()),
    };
    match outcome {
        Ok(g) if option.change.side() != Side::Player => {
            let (a, d) = (g.after, g.gain);
            view! {
                <li class="help-what-if">
                    <span class="help-what">{label}</span>
                    <span class="help-odds">
                        {format!(
                            "Success {} ({} points), with Boon {} ({})",
                            pct(a.success),
                            points(d.success),
                            pct(a.success_with_boon),
                            points(d.success_with_boon),
                        )}
                    </span>
                </li>
            }
            .into_any()
        }
        Ok(g) => {
            let (a, d) = (g.after, g.gain);
            let change = option.change;
            let tap = move |_| match change {
                IxChange::SpendFortune => mark_point(tray, true),
                IxChange::SpendPeril => mark_point(tray, false),
                _ => {
                    tray.act(TrayAction::Help(change));
                }
            };
            view! {
                <li>
                    <button type="button" class="help-option" on:click=tap>
                        <span class="help-what">{label}</span>
                        <span class="help-odds">
                            {format!(
                                "Success {} ({} points), with Boon {} ({}), Breakthrough {} ({})",
                                pct(a.success),
                                points(d.success),
                                pct(a.success_with_boon),
                                points(d.success_with_boon),
                                pct(a.breakthrough),
                                points(d.breakthrough),
                            )}
                        </span>
                    </button>
                </li>
            }
            .into_any()
        }
        Err(why) => view! {
            <li class="help-off">
                <span class="help-what">{label}</span>
                <span class="help-odds">{format!("Not now: {why}")}</span>
            </li>
        }
        .into_any(),
    }
}

/// The Ix list: the player's changes, then the GM's. `fortune_why` / `peril_why` are the
/// session's reasons no point can be spent now.
#[component]
pub fn IxHelpList(
    fortune_why: Memo<Option<String>>,
    peril_why: Memo<Option<String>>,
) -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let help = tray.read(|s| (!s.ix().is_empty()).then(|| s.ix_help()));
    let why = move |o: &IxOption| match o.change {
        IxChange::SpendFortune if o.outcome.is_ok() => fortune_why.get(),
        IxChange::SpendPeril if o.outcome.is_ok() => peril_why.get(),
        _ => None,
    };
    move || {
        help.get().map(|h| {
            let player = h
                .player
                .into_iter()
                .map(|o| ix_item(o, why(&o)))
                .collect_view();
            let what_if = h
                .what_if
                .into_iter()
                .map(|o| ix_item(o, why(&o)))
                .collect_view();
            let gm = h.gm.into_iter().map(|o| ix_item(o, why(&o))).collect_view();
            view! {
                <section class="help" aria-labelledby="help-title">
                    <h3 id="help-title">"What would help"</h3>
                    <p class="muted small">"Each change alone, best first. Tap one of yours to make it."</p>
                    <ol class="help-list" aria-label="Changes that would help">{player}</ol>
                    <h4>"What if (ask the GM, or change the sheet)"</h4>
                    <ol class="help-list" aria-label="What if">{what_if}</ol>
                    <h4>"What the GM could do"</h4>
                    <ol class="help-list" aria-label="Changes the GM could make">{gm}</ol>
                </section>
            }
        })
    }
}

fn exp_item(option: ExpOption) -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let label = option.change.label();
    match option.outcome {
        Ok(g) => {
            let words = match g.after {
                ExpChances::Pass(p) => format!("Pass {} ({} points)", pct(p), points(g.gain)),
                ExpChances::Versus(v) => format!(
                    "Win {} ({} points), tie {}, lose {}",
                    pct(v.win),
                    points(g.gain),
                    pct(v.tie),
                    pct(v.lose)
                ),
            };
            let change = option.change;
            view! {
                <li>
                    <button
                        type="button"
                        class="help-option"
                        on:click=move |_| {
                            tray.act(TrayAction::ExpHelp(change));
                        }
                    >
                        <span class="help-what">{label}</span>
                        <span class="help-odds">{words}</span>
                    </button>
                </li>
            }
            .into_any()
        }
        Err(why) => view! {
            <li class="help-off">
                <span class="help-what">{label}</span>
                <span class="help-odds">{format!("Not now: {why}")}</span>
            </li>
        }
        .into_any(),
    }
}

/// The Expedition list, for a test, a versus test or a wager (nothing for damage).
#[component]
pub fn ExpHelpList() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let help = tray.read(|s| s.exp_help().ok().flatten());
    move || {
        help.get().map(|h| {
            let items = h.options.into_iter().map(exp_item).collect_view();
            view! {
                <section class="help" aria-labelledby="help-title">
                    <h3 id="help-title">"What would help"</h3>
                    <p class="muted small">"Each change alone, best first. Tap one of yours to make it."</p>
                    <ol class="help-list" aria-label="Changes that would help">{items}</ol>
                </section>
            }
        })
    }
}
