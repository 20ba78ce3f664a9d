//! The dice tray, on every screen: Ix and Expedition pools with exact odds, plain dice and
//! table rolls, and the chained roll log. Everything about dice comes from `crate::rules`;
//! this module builds pools from taps, shows what the rules compute, and stores the log.
//!
//! Sheets open it prefilled through [`TrayContext::open_tray`] (the context is provided by
//! the shell), with a [`TrayRequest`] naming the roll, the character and the pool.

pub(crate) mod exp_mode;
pub mod faces;
mod ix_mode;
mod log_view;
mod plain_mode;
mod rng;

use std::time::Duration;

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::browser;
use super::icons::DieIcon;
use super::lazy::{Deferred, tray_chunk};
use super::state::AppState;
use crate::model::{RollLog, RollRecord};
use crate::rules::expedition::money::LedgerEntry;
use crate::rules::expedition::objective::GeneralFactors;
use crate::rules::ix::dice::CheckResult as IxResult;
use crate::rules::ix::pool::Pool as IxPool;
use crate::storage::{KeyValue, RollStore, open_local};
use faces::Shown;
pub use log_view::CharacterRolls;
pub use rng::CryptoRng;

/// Which part of the tray is showing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Ix,
    Expedition,
    Plain,
    Log,
}

impl Mode {
    const ALL: [Mode; 4] = [Mode::Ix, Mode::Expedition, Mode::Plain, Mode::Log];
    fn label(self) -> &'static str {
        match self {
            Mode::Ix => "Ix",
            Mode::Expedition => "Expedition",
            Mode::Plain => "Plain dice",
            Mode::Log => "Log",
        }
    }
}

/// Expedition sub-modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpKind {
    Test,
    Versus,
    Damage,
    Cash,
}

/// What a sheet asks done with a roll's result. A shared closure rather than a `Callback`: the
/// tray outlives the sheet that opened it, and a roll made after leaving that sheet still
/// belongs to its character, whereas a `Callback` is disposed with the sheet (and running it
/// then panics). So a hook captures only what lives as long as the app: the [`AppState`] and
/// the character's id, never the sheet's own signals.
pub type Hook<T> = std::sync::Arc<dyn Fn(T) + Send + Sync>;

/// What a sheet asks the tray to roll. Everything is optional: an empty request just opens.
#[derive(Clone, Default)]
pub struct TrayRequest {
    /// Shown above the pool and stored with the roll: "Lore check, Intellect 3, Lore 2".
    pub label: String,
    /// The character rolling, stored with the roll.
    pub character_id: Option<String>,
    /// Used when the id is not on the roster (or to override the roster name).
    pub character_name: Option<String>,
    /// The pool to build.
    pub prefill: Prefill,
    /// Cash dice the character holds, for a Cash wager.
    pub cash: Option<u32>,
    /// The character's Wealth, for a Cash wager.
    pub wealth: Option<u8>,
    /// Receives the Cash change of a wager (the sheet applies it to the character). Without
    /// one, the tray only updates its own Cash field.
    pub on_cash: Option<Hook<LedgerEntry>>,
    /// Receives the pool as rolled and the result of the next Ix roll (once), so a sheet can
    /// record what the check decided (a treated injury, a spent Fortune Point).
    pub on_ix: Option<Hook<(IxPool, IxResult)>>,
}

/// The pool a request builds.
#[derive(Clone, Default)]
pub enum Prefill {
    /// Leave the tray as it is.
    #[default]
    Keep,
    /// An Ix pool, built by the sheet with `rules::ix` (e.g. `Pool::from_ratings` plus a
    /// difficulty).
    Ix(IxPool),
    /// An Expedition independent test: Ability rating, bonus, penalty and helping dice, Ob
    /// and free successes.
    Expedition {
        ability: u8,
        bonus: u32,
        penalty: u32,
        helping: u32,
        ob: u32,
        free: u32,
    },
    /// A versus test: this side's Ability (with bonus dice) against `opposing` dice.
    Versus {
        ability: u8,
        bonus: u32,
        opposing: u32,
    },
    /// `dice`d of variable damage with `free` extra.
    Damage { dice: u32, free: u32 },
    /// A purchase with a Cash wager: Cost of the item (Wealth and Cash come from the request).
    CashWager { cost: u32 },
    /// Plain notation, e.g. "2d6+1".
    Plain(String),
}

/// A result on screen and in the log.
#[derive(Clone, PartialEq)]
pub struct Outcome {
    /// "Ix", "Expedition", "Plain", "Table".
    pub mode: &'static str,
    /// The pool in words.
    pub pool: String,
    /// Named groups of dice ("Your dice", "Opposition"), each die with its spoken label.
    pub groups: Vec<(String, Vec<(Shown, String)>)>,
    /// The outcome in words.
    pub words: String,
    /// Extra lines (margins, Cash change, what to spend symbols on).
    pub notes: Vec<String>,
}

/// Expedition fields, as typed (numbers are checked when used, so every refusal has words).
#[derive(Clone, Copy)]
pub struct ExpFields {
    pub kind: RwSignal<ExpKind>,
    pub ability: RwSignal<i64>,
    pub bonus: RwSignal<i64>,
    pub penalty: RwSignal<i64>,
    pub helping: RwSignal<i64>,
    pub ob: RwSignal<i64>,
    pub free: RwSignal<i64>,
    /// `Some` while the Ob comes from the factor calculator.
    pub factors: RwSignal<Option<GeneralFactors>>,
    pub opp: RwSignal<i64>,
    pub opp_free: RwSignal<i64>,
    pub dmg: RwSignal<i64>,
    pub saved: RwSignal<bool>,
    pub wealth: RwSignal<i64>,
    pub cost: RwSignal<i64>,
    pub scarcity: RwSignal<i64>,
    pub cash: RwSignal<i64>,
    pub wager: RwSignal<i64>,
}

/// The tray's state; one per app, shared by its parts.
#[derive(Clone, Copy)]
pub struct Tray {
    pub open: RwSignal<bool>,
    pub mode: RwSignal<Mode>,
    pub label: RwSignal<String>,
    /// Character id the next roll is stored with.
    pub who: RwSignal<Option<String>>,
    request_name: RwSignal<Option<String>>,
    pub on_cash: RwSignal<Option<Hook<LedgerEntry>>>,
    /// The requester's hook for the next Ix roll; taken when it runs.
    pub on_ix: RwSignal<Option<Hook<(IxPool, IxResult)>>>,
    pub result: RwSignal<Option<Outcome>>,
    /// Counts rolls, so the same words are announced again and dice redraw (and animate).
    pub rolls: RwSignal<u64>,
    /// A refusal in words, shown until the next change.
    pub message: RwSignal<Option<String>>,
    pub log: RwSignal<RollLog>,
    pub log_problem: RwSignal<Option<String>>,
    store: StoredValue<RollStore<Box<dyn KeyValue>>, LocalStorage>,
    app: Option<AppState>,
    pub ix: RwSignal<IxPool>,
    pub exp: ExpFields,
    pub plain: RwSignal<String>,
    /// Where focus was when a request opened the tray, to bring it back into view.
    opener: StoredValue<Option<web_sys::Element>, LocalStorage>,
}

/// What sheets use to open the tray: `expect_context::<TrayContext>().open_tray(request)`.
#[derive(Clone, Copy)]
pub struct TrayContext(pub Tray);

impl TrayContext {
    /// Opens the tray with the request's pool built and its label shown.
    pub fn open_tray(&self, request: TrayRequest) {
        self.0.apply(request);
    }
}

/// Creates the tray's state, loads the log and provides [`TrayContext`]. Call once, in the
/// shell, before the screens render so sheets find the context.
pub fn provide_tray() {
    let store = RollStore::new(open_local().0);
    let (log, problem) = store.load(browser::now_ms());
    let sig = |v: i64| RwSignal::new(v);
    let tray = Tray {
        open: RwSignal::new(false),
        mode: RwSignal::new(Mode::Ix),
        label: RwSignal::new(String::new()),
        who: RwSignal::new(None),
        request_name: RwSignal::new(None),
        on_cash: RwSignal::new(None),
        on_ix: RwSignal::new(None),
        result: RwSignal::new(None),
        rolls: RwSignal::new(0),
        message: RwSignal::new(None),
        log: RwSignal::new(log),
        log_problem: RwSignal::new(problem.map(|p| p.to_string())),
        store: StoredValue::new_local(store),
        app: use_context::<AppState>(),
        ix: RwSignal::new(IxPool::new()),
        exp: ExpFields {
            kind: RwSignal::new(ExpKind::Test),
            ability: sig(3),
            bonus: sig(0),
            penalty: sig(0),
            helping: sig(0),
            ob: sig(2),
            free: sig(0),
            factors: RwSignal::new(None),
            opp: sig(4),
            opp_free: sig(0),
            dmg: sig(2),
            saved: RwSignal::new(false),
            wealth: sig(3),
            cost: sig(5),
            scarcity: sig(0),
            cash: sig(0),
            wager: sig(1),
        },
        plain: RwSignal::new("2d6".to_string()),
        opener: StoredValue::new_local(None),
    };
    provide_context(TrayContext(tray));
}

impl Tray {
    fn apply(&self, r: TrayRequest) {
        let e = self.exp;
        match r.prefill {
            Prefill::Keep => {}
            Prefill::Ix(pool) => {
                self.ix.set(pool);
                self.mode.set(Mode::Ix);
            }
            Prefill::Expedition {
                ability,
                bonus,
                penalty,
                helping,
                ob,
                free,
            } => {
                e.ability.set(ability.into());
                e.bonus.set(bonus.into());
                e.penalty.set(penalty.into());
                e.helping.set(helping.into());
                e.ob.set(ob.into());
                e.free.set(free.into());
                e.factors.set(None);
                e.kind.set(ExpKind::Test);
                self.mode.set(Mode::Expedition);
            }
            Prefill::Versus {
                ability,
                bonus,
                opposing,
            } => {
                e.ability.set(ability.into());
                e.bonus.set(bonus.into());
                e.opp.set(opposing.into());
                e.kind.set(ExpKind::Versus);
                self.mode.set(Mode::Expedition);
            }
            Prefill::Damage { dice, free } => {
                e.dmg.set(dice.into());
                e.free.set(free.into());
                e.kind.set(ExpKind::Damage);
                self.mode.set(Mode::Expedition);
            }
            Prefill::CashWager { cost } => {
                e.cost.set(cost.into());
                e.kind.set(ExpKind::Cash);
                self.mode.set(Mode::Expedition);
            }
            Prefill::Plain(text) => {
                self.plain.set(text);
                self.mode.set(Mode::Plain);
            }
        }
        if let Some(c) = r.cash {
            e.cash.set(c.into());
        }
        if let Some(w) = r.wealth {
            e.wealth.set(w.into());
        }
        self.label.set(r.label);
        self.who.set(r.character_id);
        self.request_name.set(r.character_name);
        self.on_cash.set(r.on_cash);
        self.on_ix.set(r.on_ix);
        self.result.set(None);
        self.message.set(None);
        let active = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element());
        self.opener.set_value(active);
        self.open.set(true);
    }

    /// The name of the character a roll is for.
    fn who_name(&self) -> Option<String> {
        let id = self.who.get_untracked()?;
        let from_roster = self.app.and_then(|a| {
            a.roster
                .with_untracked(|r| r.get(&id).map(|c| c.name.clone()))
        });
        from_roster.or_else(|| self.request_name.get_untracked())
    }

    /// Shows a refusal.
    pub fn refuse(&self, why: impl ToString) {
        self.message.set(Some(why.to_string()));
    }

    /// Shows a result at once and stores it in the log just after, so the dice paint first.
    pub fn finish(&self, o: Outcome) {
        let record = RollRecord {
            time_ms: browser::now_ms(),
            character_id: self.who.get_untracked(),
            character: self.who_name(),
            mode: o.mode.to_string(),
            label: self.label.get_untracked(),
            pool: o.pool.clone(),
            faces: o
                .groups
                .iter()
                .flat_map(|(_, dice)| dice.iter().map(|(_, l)| l.clone()))
                .collect(),
            outcome: if o.notes.is_empty() {
                o.words.clone()
            } else {
                format!("{}. {}", o.words, o.notes.join(" "))
            },
        };
        self.message.set(None);
        self.rolls.update(|n| *n += 1);
        self.result.set(Some(o));
        let tray = *self;
        // Hashing and saving wait until the dice have painted (a timer rather than an
        // animation frame, so a roll in a background tab is still saved).
        set_timeout(move || tray.record(record), Duration::from_millis(20));
    }

    /// Appends to the log as stored now (another tab may have rolled meanwhile), then saves.
    fn record(&self, record: RollRecord) {
        let Some((mut log, problem)) = self.store.try_with_value(|s| s.load(browser::now_ms()))
        else {
            return;
        };
        if problem.is_some() {
            // Unreadable or newer: keep this tab's log rather than start over.
            log = self.log.get_untracked();
        }
        let trimmed = log.append(record);
        let saved = self.store.with_value(|s| s.save(&log));
        self.log.set(log);
        self.log_problem.set(match (saved, problem) {
            (Err(e), _) => Some(format!(
                "The roll is kept in this tab but was not saved: {e}."
            )),
            (Ok(()), Some(p)) => Some(p.to_string()),
            (Ok(()), None) if trimmed > 0 => Some(
                "The log keeps the newest 1,000 rolls; the oldest was dropped. Export the log to keep a full history."
                    .into(),
            ),
            _ => None,
        });
    }

    /// Rolls whatever the current mode has built (what Enter and the Roll buttons do).
    pub fn roll(&self) {
        match self.mode.get_untracked() {
            Mode::Ix => ix_mode::roll(self),
            Mode::Expedition => exp_mode::roll(self),
            Mode::Plain => plain_mode::roll_notation(self),
            Mode::Log => {}
        }
    }
}

/// What an empty or unreadable number field holds.
pub const EMPTY: i64 = i64::MIN;

/// Reads a field for use: a whole number in `min..=max`, or a refusal in words.
pub fn field(name: &'static str, value: RwSignal<i64>, min: i64, max: i64) -> Result<u32, String> {
    let v = value.get();
    if v == EMPTY {
        return Err(format!("Type a whole number for {name}."));
    }
    crate::rules::dice::check_count(name, v, min, max).map_err(|e| e.to_string())
}

pub use super::format::{one_decimal, pct};

/// Floating "Dice" button and its panel (a bottom sheet on phones, a side panel when wide).
#[component]
pub fn DiceTray() -> impl IntoView {
    let tray = expect_context::<TrayContext>().0;
    let open = tray.open;
    let trigger = NodeRef::<html::Button>::new();
    let close_button = NodeRef::<html::Button>::new();

    let close = Callback::new(move |()| {
        open.set(false);
        // A sheet's hook belongs to the check it opened the tray for: closing without rolling
        // drops it, so a later unrelated roll never settles that check.
        tray.on_ix.set(None);
        let back = tray.opener.try_get_value().flatten();
        tray.opener.set_value(None);
        match back.and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok()) {
            Some(el) => {
                let _ = el.focus();
            }
            None => {
                if let Some(b) = trigger.get_untracked() {
                    let _ = b.focus();
                }
            }
        }
    });
    Effect::new(move |_| {
        if open.get()
            && let Some(b) = close_button.get()
        {
            // The panel comes from a chunk and is built before it is in the document: move
            // focus once it has been painted.
            request_animation_frame(move || {
                let _ = b.focus();
                // On a phone the sheet covers the lower part of the screen: bring the number
                // the tray was opened from to the top, where it stays visible.
                if let Some(el) = tray.opener.try_get_value().flatten() {
                    el.scroll_into_view_with_bool(true);
                }
            });
        }
    });
    let esc = window_event_listener(ev::keydown, move |e| {
        if e.key() == "Escape" && open.get_untracked() {
            close.run(());
        }
    });
    on_cleanup(move || esc.remove());

    view! {
        <button
            type="button"
            class="tray-button"
            node_ref=trigger
            aria-haspopup="dialog"
            aria-expanded=move || open.get().to_string()
            on:click=move |_| {
                tray.opener.set_value(None);
                open.update(|o| *o = !*o)
            }
        >
            <DieIcon/>
            <span>"Dice"</span>
        </button>
        <Show when=move || open.get()>
            <Deferred load=move || tray_chunk(close, close_button)/>
        </Show>
    }
}

/// The tray's panel: modes, who rolls, the pool, odds and the result. It is a chunk of its own
/// (see `lazy.rs`); `close` and `close_button` belong to [`DiceTray`], which handles focus.
#[component]
pub fn TrayPanel(close: Callback<()>, close_button: NodeRef<html::Button>) -> impl IntoView {
    let tray = expect_context::<TrayContext>().0;
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
            tray.roll();
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
                class:prefilled=move || !tray.label.with(String::is_empty)
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
                                    aria-pressed=move || (tray.mode.get() == m).to_string()
                                    on:click=move |_| {
                                        tray.mode.set(m);
                                        tray.message.set(None);
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
                            prop:value=move || tray.who.get().unwrap_or_default()
                            on:change=move |ev| {
                                let v = event_target_value(&ev);
                                tray.who.set((!v.is_empty()).then_some(v));
                            }
                        >
                            <option value="">"No one"</option>
                            {move || {
                                let mut opts = who_options();
                                if let (Some(id), Some(name)) = (tray.who.get(), tray.request_name.get())
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
                            prop:value=move || tray.label.get()
                            on:input=move |ev| tray.label.set(event_target_value(&ev))
                        />
                    </label>
                </div>
                {move || match tray.mode.get() {
                    Mode::Ix => view! { <ix_mode::IxMode/> }.into_any(),
                    Mode::Expedition => view! { <exp_mode::ExpMode/> }.into_any(),
                    Mode::Plain => view! { <plain_mode::PlainMode/> }.into_any(),
                    Mode::Log => view! { <log_view::LogView/> }.into_any(),
                }}
                <Show when=move || matches!(tray.mode.get(), Mode::Ix | Mode::Expedition)>
                    <super::share::ShareProposal/>
                </Show>
                <p class="tray-message" role="alert">
                    {move || tray.message.get()}
                </p>
                <Show when=move || tray.mode.get() != Mode::Log>
                    <ResultView/>
                </Show>
            </div>
    }
}

/// The latest result: every die drawn and named, the outcome in words, and notes.
#[component]
fn ResultView() -> impl IntoView {
    let tray = expect_context::<TrayContext>().0;
    view! {
        <p class="sr-only" aria-live="polite">
            {move || {
                tray.result
                    .with(|r| {
                        r.as_ref()
                            .map(|o| format!("Roll {}: {}", tray.rolls.get(), o.words))
                    })
            }}
        </p>
        {move || {
            tray.result
                .get()
                .map(|o| {
                    view! {
                        <section class="tray-result" aria-label="Result">
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
                            <p class="muted small">{format!("Pool: {}", o.pool)}</p>
                        </section>
                    }
                })
        }}
    }
}

/// A labelled whole-number field bound to a signal. Anything typed is kept as typed; the
/// caller checks the range when it uses the value, so refusals come with words.
#[component]
pub fn NumField(
    label: &'static str,
    value: RwSignal<i64>,
    #[prop(optional)] disabled: Option<Signal<bool>>,
) -> impl IntoView {
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
                    value.set(text.trim().parse::<i64>().unwrap_or(EMPTY));
                }
            />
        </label>
    }
}
