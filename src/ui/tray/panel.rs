//! The tray's panel: modes, who rolls, the pool, odds and the result. A chunk of its own
//! (see `lazy.rs`), so everything that rolls dice is reached from here only.

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::fields::{EMPTY, Field};
use super::state::{Mode, TrayAction, TrayState};
use super::{Tray, TrayHandle, exp_mode, faces, ix_mode, log_view, plain_mode};

/// The panel itself; `close` and `close_button` belong to [`super::DiceTray`], which
/// handles focus.
#[component]
pub fn TrayPanel(close: Callback<()>, close_button: NodeRef<html::Button>) -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    // The session's points are attached here, in the panel's chunk, so the first load carries
    // none of their code; the buttons first need them once the panel is open.
    if tray.points.with_untracked(Option::is_none)
        && let Some(app) = tray.app
    {
        tray.points
            .set(Some(std::rc::Rc::new(crate::ui::session::SessionPoints(
                app,
            ))));
    }
    // Closing drops the request's hooks (`button.rs`); the state learns it here, in the
    // panel's chunk, so `apply` stays out of the first load.
    on_cleanup(move || {
        tray.act(TrayAction::EndRequest);
    });
    let mode = tray.read(TrayState::mode);
    let label = tray.read(|s| s.label().to_string());
    let who = tray.read(|s| (s.who().cloned(), s.who_name().cloned()));
    let message = tray.read(|s| s.message().map(ToString::to_string));
    let ask = RwSignal::new(None::<String>);
    // Enter rolls, unless focus is on something Enter already activates.
    let on_key = move |e: ev::KeyboardEvent| {
        if e.key() != "Enter" {
            return;
        }
        let tag = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .map(|el| (el.tag_name(), el.get_attribute("type").unwrap_or_default()));
        let typing =
            matches!(&tag, Some((t, ty)) if t == "INPUT" && ty != "checkbox" && ty != "file");
        let inert =
            matches!(&tag, Some((t, _)) if t == "DIV" || t == "SECTION" || t == "P" || t == "H2");
        if typing || inert {
            e.prevent_default();
            if ask.get_untracked().is_none() {
                roll_or_ask(tray, ask);
            }
        }
    };

    let who_options = move || {
        tray.app
            .map(|a| {
                a.roster.with(|r| {
                    r.characters
                        .iter()
                        .map(|c| (c.id.clone(), c.name.clone()))
                        .collect::<Vec<_>>()
                })
            })
            .unwrap_or_default()
    };

    view! {
            <div class="scrim" on:click=move |_| close.run(())></div>
            <div
                class="tray"
                class:prefilled=move || !label.with(String::is_empty)
                role="dialog"
                aria-modal="true"
                aria-labelledby="tray-title"
                on:keydown=on_key
            >
                <div class="tray-head">
                    <h2 id="tray-title">"Dice tray"</h2>
                    <button type="button" node_ref=close_button on:click=move |_| close.run(())>
                        "Close"
                    </button>
                </div>
                <div class="tray-modes" role="group" aria-label="Tray mode">
                    {Mode::ALL
                        .into_iter()
                        .map(|m| {
                            view! {
                                <button
                                    type="button"
                                    aria-pressed=move || (mode.get() == m).to_string()
                                    on:click=move |_| {
                                        tray.act(TrayAction::SetMode(m));
                                    }
                                >
                                    {m.label()}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <div class="tray-for">
                    <label class="field">
                        "Rolling for"
                        <select
                            prop:value=move || who.get().0.unwrap_or_default()
                            on:change=move |ev| {
                                let v = event_target_value(&ev);
                                tray.act(TrayAction::SetWho((!v.is_empty()).then_some(v)));
                            }
                        >
                            <option value="">"No one"</option>
                            {move || {
                                let mut opts = who_options();
                                if let (Some(id), Some(name)) = who.get()
                                    && !opts.iter().any(|(i, _)| *i == id)
                                {
                                    opts.push((id, name));
                                }
                                opts.into_iter()
                                    .map(|(id, name)| view! { <option value=id>{name}</option> })
                                    .collect_view()
                            }}
                        </select>
                    </label>
                    <label class="field">
                        "What for (optional)"
                        <input
                            type="text"
                            maxlength="120"
                            prop:value=move || label.get()
                            on:input=move |ev| {
                                tray.act(TrayAction::SetLabel(event_target_value(&ev)));
                            }
                        />
                    </label>
                </div>
                <Sealed/>
                {move || match mode.get() {
                    Mode::Ix => view! { <ix_mode::IxMode/> }.into_any(),
                    Mode::Expedition => view! { <exp_mode::ExpMode/> }.into_any(),
                    Mode::Plain => view! { <plain_mode::PlainMode/> }.into_any(),
                    Mode::Log => view! { <log_view::LogView/> }.into_any(),
                }}
                <Show when=move || matches!(mode.get(), Mode::Ix | Mode::Expedition)>
                    <crate::ui::share::ShareProposal/>
                </Show>
                <Show
                    when=move || mode.get() != Mode::Log
                    fallback=move || view! { <p class="tray-message" role="alert">{move || message.get()}</p> }
                >
                    <ResultView/>
                    <RollBar ask message/>
                </Show>
            </div>
    }
}

/// Rolls, unless the roll is a Cash wager that cannot succeed: that asks first, in `ask`,
/// since wagered dice are lost whatever the result.
fn roll_or_ask(tray: Tray, ask: RwSignal<Option<String>>) {
    if tray.state.with_untracked(|s| s.sealed_here().is_some()) {
        return roll_sealed(tray);
    }
    match tray.state.with_untracked(TrayState::hopeless_wager) {
        Some(why) => ask.set(Some(why)),
        None => tray.roll(),
    }
}

/// Rolls the GM's sealed check: the dice the seal gives this pool, shown like any roll, with
/// the receipt to send back once it is on screen.
fn roll_sealed(tray: Tray) {
    let (who, who_name) = tray
        .state
        .with_untracked(|s| (s.who().cloned(), s.who_name().cloned()));
    let name = tray
        .roster_name(who.as_ref())
        .or(who_name)
        .unwrap_or_else(|| "A player".into());
    if let Some(outcome) = tray.rolled_seal() {
        return tray.refuse(super::TrayError::SealRolled(outcome));
    }
    match tray.state.with_untracked(|s| s.roll_sealed(&name)) {
        Ok((rolled, receipt)) => {
            let before = tray.state.with_untracked(TrayState::rolls);
            tray.settle_roll(Ok(rolled));
            // A roll refused on the way (a Fortune Point not there) has no receipt.
            if tray.state.with_untracked(TrayState::rolls) != before {
                tray.act(TrayAction::Receipt(Box::new(receipt)));
            }
        }
        Err(why) => tray.refuse(why),
    }
}

/// The GM's sealed check waiting in the tray, from `state`.
#[component]
fn Sealed() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let check = tray.read(|s| s.sealed().cloned());
    let here = tray.read(|s| s.sealed_here().is_some());
    move || {
        check.get().map(|check| {
            view! {
                <crate::ui::sealed::SealedNotice
                    check
                    here=here.into()
                    on_leave=move || {
                        tray.act(TrayAction::EndSealed);
                    }
                />
            }
        })
    }
}

/// Pinned to the panel's foot, so on a phone the pool in words, its chance, any refusal and
/// Roll stay in reach however far the pool or the result has scrolled.
#[component]
fn RollBar(ask: RwSignal<Option<String>>, message: Memo<Option<String>>) -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let summary = tray.read(TrayState::roll_summary);
    // A refusal is said once: when Roll is refused for the reason the summary already gives
    // ("Add at least one die first.", notation that does not parse), the refusal line says it
    // and the summary steps aside, so the same words never stand twice in two styles.
    let said = Memo::new(move |_| message.with(|m| m.as_ref() == Some(&summary.get())));
    // Any change to what would be rolled answers the question by making it moot.
    Effect::new(move |_| {
        summary.track();
        ask.set(None);
    });
    view! {
        <div class="roll-bar">
            <p class="tray-message" role="alert">{move || message.get()}</p>
            {move || match ask.get() {
                Some(why) => view! {
                    <div class="ask" role="alertdialog" aria-labelledby="tray-ask">
                        <p id="tray-ask">{why}</p>
                        <div class="row">
                            <button type="button" on:click=move |_| {
                                ask.set(None);
                                tray.roll();
                            }>"Wager anyway"</button>
                            <button type="button" class="primary" on:click=move |_| ask.set(None)>
                                "Keep my Cash"
                            </button>
                        </div>
                    </div>
                }
                .into_any(),
                None => view! {
                    {move || (!said.get()).then(|| view! { <p class="roll-summary">{move || summary.get()}</p> })}
                    <button type="button" class="primary roll" on:click=move |_| roll_or_ask(tray, ask)>
                        "Roll"
                    </button>
                }
                .into_any(),
            }}
        </div>
    }
}

/// The latest result: every die drawn and named, the outcome in words, and notes.
#[component]
fn ResultView() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    // Keyed on the roll count (and whether a request cleared the result), so a change
    // elsewhere in the tray neither copies nor compares the dice.
    let key = tray.read(|s| (s.rolls(), s.result().is_some()));
    let receipt = tray.read(|s| s.receipt().cloned());
    let result = move || {
        // Read, not just tracked: a memo that is never read never runs, so never changes.
        key.get();
        tray.state.with_untracked(|s| s.result().cloned())
    };
    // A new roll brings its result into view, its top edge just under the pinned head, so on
    // a phone the outcome and dice show at once; Close (head) and Roll (foot) stay pinned.
    // Not on the first run: going back to a mode from the log keeps the place.
    let section = NodeRef::<html::Section>::new();
    Effect::new(move |before: Option<(u64, bool)>| {
        let now = key.get();
        if before.is_some_and(|b| b != now) && now.1 {
            request_animation_frame(move || {
                // The panel may have closed since (Escape right after the roll): its node
                // reference is gone with it.
                if let Some(el) = section.try_get_untracked().flatten() {
                    el.scroll_into_view_with_bool(true);
                }
            });
        }
        now
    });
    view! {
        <p class="sr-only" aria-live="polite">
            {move || {
                result().map(|o| format!("Roll {}: {}", key.get().0, o.words))
            }}
        </p>
        {move || {
            result()
                .map(|o| {
                    view! {
                        <section class="tray-result" aria-label="Result" node_ref=section>
                            <p class="outcome">{o.words.clone()}</p>
                            {o
                                .groups
                                .iter()
                                .map(|(name, dice)| {
                                    view! {
                                        <div class="dice-group">
                                            {(!name.is_empty()).then(|| view! { <h3>{name.clone()}</h3> })}
                                            <ul class="dice" aria-label=if name.is_empty() { "Dice".to_string() } else { format!("{name} dice") }>
                                                {dice
                                                    .iter()
                                                    .map(|(d, label)| {
                                                        view! { <li>{faces::die_view(d, label.clone())}</li> }
                                                    })
                                                    .collect_view()}
                                            </ul>
                                        </div>
                                    }
                                })
                                .collect_view()}
                            <ul class="notes">
                                {o.notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view()}
                            </ul>
                            <CarryBane/>
                            <p class="muted small">{format!("Pool: {}", o.pool)}</p>
                            {move || {
                                receipt
                                    .get()
                                    .map(|receipt| view! { <crate::ui::sealed::ReceiptShare receipt/> })
                            }}
                        </section>
                    }
                })
        }}
    }
}

/// The GM's Bane spend that lasts: one of the roll's Banes as a Bane die on the roller's next
/// check, kept on their sheet until that check is rolled. Only for a character on this
/// device's roster with an Ix sheet; what waits is read from the sheet, so it is the same
/// wherever it shows.
#[component]
fn CarryBane() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let left = tray.read(|s| s.carry_offer().map_or(0, |(_, n)| n));
    let who = tray.read(|s| s.who().cloned());
    // (name, Bane dice waiting) for the character on the roster now.
    let sheet = move || {
        let id = who.get()?;
        tray.app?.roster.with(|r| {
            let c = r.get(&id)?;
            Some((c.name.clone(), c.ix()?.carried_banes))
        })
    };
    move || {
        let (name, waiting) = sheet()?;
        let left = left.get();
        let waits = match waiting {
            0 => String::new(),
            1 => format!("{name}'s next check: 1 Bane die waits."),
            n => format!("{name}'s next check: {n} Bane dice wait."),
        };
        let button = (left > 0).then(|| {
            let name = name.clone();
            view! {
                <button type="button" on:click=move |_| tray.carry_bane()>
                    {format!("GM: spend a Bane as +1 Bane die on {name}'s next check")}
                </button>
                <span class="muted small">
                    {format!(" {left} Bane{} left to spend.", if left == 1 { "" } else { "s" })}
                </span>
            }
        });
        Some(view! {
            <div class="carry-bane">
                {button}
                <p class="said" role="status">{waits}</p>
            </div>
        })
    }
}

/// A labelled whole-number field bound to one of the tray's fields. Anything typed is kept
/// as typed; a roll checks the range when it uses the value, so refusals come with words.
#[component]
pub fn NumField(
    label: &'static str,
    field: Field,
    #[prop(optional)] disabled: Option<Signal<bool>>,
) -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let value = tray.read(move |s| s.field(field));
    view! {
        <label class="field num">
            <span>{label}</span>
            <input
                type="number"
                inputmode="numeric"
                prop:value=move || {
                    let v = value.get();
                    if v == EMPTY { String::new() } else { v.to_string() }
                }
                disabled=move || disabled.map(|d| d.get()).unwrap_or(false)
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    let v = text.trim().parse::<i64>().unwrap_or(EMPTY);
                    tray.act(TrayAction::SetField(field, v));
                }
            />
        </label>
    }
}
