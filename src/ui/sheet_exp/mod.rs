//! The Expedition character sheet: identity, Natural Abilities (each opens a test in the tray),
//! Hit Points with Blocks, Down and Out and rests, then money, the Haven phase, the social
//! ledger, spells, companions, gear and the roll history. Every change is an [`ExpEdit`]
//! through the roster; rolled procedures carry a seed from the crypto generator.

mod downtime;
mod haven;
mod money;
mod spells;

use leptos::prelude::*;
use rand::RngCore;
use wasm_bindgen::JsCast;

use super::fields::{NumberInput, Stepper, TextInput};
use super::gear::{Gear, GearMode};
use super::history::character_history;
use super::party_rest::PartyRest;
use super::sections::{Part, SectionBar, Unfold, part_start};
use super::setup::{SETUP, Setup, Step};
use super::sheet::SheetSection;
use super::state::AppState;
use super::tray::{CharacterRolls, CryptoRng, Prefill, TrayHandle, TrayRequest};
use crate::model::CharacterAction;
use crate::model::exp_sheet::{BonusUntil, ExpEdit, ExpSheet, NOTES_MAX, Procedure};
use crate::model::gear::GearEdit;
use crate::rules::expedition::dice::Ability;
use crate::rules::expedition::harm::BlockSource;
use crate::rules::expedition::objective::{Carried, DEFAULT_OB};
use crate::rules::inventory::ItemKind;

/// What every part of the sheet shares: the sheet as stored and the way to change it.
#[derive(Clone, Copy)]
pub(crate) struct Ctx {
    pub s: Memo<ExpSheet>,
    pub edit: Callback<ExpEdit>,
    pub id: StoredValue<String>,
    state: AppState,
    /// The stake the sheet is asking about, if any ([`StakeQuestion`]).
    ask: RwSignal<Option<Asked>>,
}

/// A roll held back to ask first: why its Cash stake cannot succeed, and the roll itself.
#[derive(Clone)]
pub(crate) struct Asked {
    why: String,
    /// The button that rolls anyway: a wager's, or a ritual's sacrifice.
    anyway: &'static str,
    go: Callback<()>,
}

/// Changes one Expedition character through the app's state. Unlike the sheet's `edit`, it
/// holds nothing of the sheet's own, so a tray hook can keep it after the sheet has gone.
#[derive(Clone)]
pub(crate) struct Editor {
    state: AppState,
    id: String,
}

impl Editor {
    /// Applies an edit stamped with the moment it was made (the Cash ledger shows when); a
    /// refusal shows as a notice.
    pub fn edit(&self, e: ExpEdit) {
        if let Err(msg) = self.try_edit(e) {
            self.state.notify(vec![msg]);
        }
    }

    /// `edit` for a control that shows its own result beside it: the refusal comes back.
    /// Whether the sheet is a mirror of a character another device keeps (its changes are
    /// requests, seen only when its revision comes back).
    pub fn is_mirror(&self) -> bool {
        self.state.roster.with_untracked(|r| r.is_mirror(&self.id))
    }

    pub fn try_edit(&self, e: ExpEdit) -> Result<(), String> {
        self.state.dispatch(CharacterAction::EditExpedition {
            id: self.id.clone(),
            edit: ExpEdit::At(super::browser::now_ms(), Box::new(e)),
        })
    }

    /// Applies an edit and answers on `said`: the line a rolled procedure wrote, or the
    /// refusal; an edit that writes nothing clears the line. A hook can outlive the sheet and
    /// its line with it: then the app's notice says the answer.
    pub fn edit_beside(&self, said: RwSignal<String>, e: ExpEdit) {
        let rolled = matches!(e, ExpEdit::Roll(..));
        let before = self.newest();
        let answer = match self.try_edit(e) {
            Ok(()) => match self.newest() {
                (len, Some(line))
                    if rolled || len != before.0 || Some(&line) != before.1.as_ref() =>
                {
                    line
                }
                _ => String::new(),
            },
            Err(e) => e,
        };
        if let Some(unsaid) = said.try_set(answer)
            && !unsaid.is_empty()
        {
            self.state.notify(vec![unsaid]);
        }
    }

    /// The history's length and newest line as the roster holds them now, to tell whether an
    /// edit wrote a line (safe after the sheet has gone).
    fn newest(&self) -> (usize, Option<String>) {
        self.state.roster.with_untracked(|r| {
            r.get(&self.id)
                .and_then(|c| c.expedition())
                .map_or((0, None), |s| {
                    (s.history.len(), s.last().map(str::to_string))
                })
        })
    }
}

impl Ctx {
    /// This character's [`Editor`], for a hook that may outlive the sheet.
    pub fn editor(self) -> Editor {
        Editor {
            state: self.state,
            id: self.id.get_value(),
        }
    }

    /// The same sheet, with every edit through `edit` answered on `said`: the line a rolled
    /// procedure wrote, or the refusal, beside the controls in hand rather than in the app's
    /// notice at the top of a long page. An edit that writes nothing clears the line.
    pub fn beside(self, said: RwSignal<String>) -> Self {
        let editor = self.editor();
        let edit = Callback::new(move |e: ExpEdit| editor.edit_beside(said, e));
        Ctx { edit, ..self }
    }

    /// Rolls a procedure in the reducer from a fresh seed; the result is announced (beside
    /// the control when this `Ctx` is [`Ctx::beside`] one).
    ///
    /// A roll whose Cash stake cannot succeed asks first ([`StakeQuestion`]): the Cash would
    /// be spent whatever the result.
    pub fn roll(self, p: Procedure) {
        self.roll_then(p, || ());
    }

    /// [`Ctx::roll`], then `after`, once the roll is made (at once, or when the player
    /// wagers anyway; never when the player keeps the Cash).
    pub fn roll_then(self, p: Procedure, after: impl Fn() + Send + Sync + 'static) {
        let hopeless = self.s.with_untracked(|s| s.hopeless_stake(&p));
        let edit = self.edit;
        let go = move || {
            edit.run(ExpEdit::Roll(CryptoRng.next_u64(), p.clone()));
            after();
        };
        match hopeless {
            Some(h) => self.ask.set(Some(Asked {
                why: h.to_string(),
                anyway: if h.is_wager() {
                    "Wager anyway"
                } else {
                    "Sacrifice anyway"
                },
                go: Callback::new(move |()| go()),
            })),
            None => go(),
        }
    }

    /// What an edit beside a control did, for its `said` line: the history line it wrote
    /// (only for edits that write one), or the refusal.
    pub fn answer(self, done: Result<(), String>) -> String {
        match done {
            Ok(()) => self
                .s
                .with_untracked(|s| s.last().unwrap_or_default().to_string()),
            Err(e) => e,
        }
    }

    /// Opens the tray for this character.
    pub fn tray(self, request: TrayRequest) {
        expect_context::<TrayHandle>().open(TrayRequest {
            character_id: Some(self.id.get_value()),
            ..request
        });
    }

    /// A number field bound to the sheet.
    pub fn num(
        self,
        label: &'static str,
        min: i64,
        max: i64,
        get: fn(&ExpSheet) -> i64,
        set: fn(i64) -> ExpEdit,
    ) -> impl IntoView {
        let s = self.s;
        view! {
            <NumberInput
                label=label.to_string()
                value=Signal::derive(move || s.with(get))
                min
                max
                on_commit=Callback::new(move |v| self.edit.run(set(v)))
            />
        }
    }
}

/// The chance of passing Ob `ob` for each wager from one Cash die up to what is held (at most
/// 10), with the hopeless small wagers folded into one entry so the useful ones stand out;
/// `None` when no Cash is held.
pub(crate) fn wager_odds(ob: u32, cash: u32) -> Option<String> {
    use crate::rules::expedition::odds::pass_probability;
    let top = cash.min(10);
    if top == 0 {
        return None;
    }
    let odds: Vec<f64> = (1..=top)
        .map(|w| pass_probability(w, ob).unwrap_or(0.0))
        .collect();
    let hopeless = odds.iter().take_while(|p| **p == 0.0).count();
    let mut parts = Vec::new();
    match hopeless {
        0 => {}
        1 => parts.push("1: no chance".to_string()),
        n => parts.push(format!("1–{n}: no chance")),
    }
    parts.extend(
        odds.iter()
            .enumerate()
            .skip(hopeless)
            .map(|(i, p)| format!("{}: {}", i + 1, super::format::pct(*p))),
    );
    Some(parts.join(", "))
}

/// The line where a panel's controls say what they did or why they refused, announced to
/// screen readers and scrolled into sight; empty, it takes no room.
pub(crate) fn said_line(said: RwSignal<String>) -> impl IntoView {
    let line = NodeRef::<leptos::html::P>::new();
    super::sections::reveal_when_said(said, move || {
        line.try_get_untracked().flatten().map(Into::into)
    });
    view! { <p node_ref=line role="status" class="said">{move || said.get()}</p> }
}

/// A panel's answer line when its controls sit in a list the sheet rebuilds on every change:
/// the answer is kept by the panel and shown on the row whose control caused it (or on the
/// panel's own line), and one live region announces it, so it survives the rebuild.
#[derive(Clone, Copy)]
pub(crate) struct ListSaid {
    said: RwSignal<String>,
    /// The row that spoke last (`None`: a control outside the list).
    row: RwSignal<Option<String>>,
}

impl ListSaid {
    pub fn new() -> Self {
        ListSaid {
            said: RwSignal::new(String::new()),
            row: RwSignal::new(None),
        }
    }

    /// The sheet for the panel's controls outside the list, answered on [`ListSaid::line`]
    /// with no key.
    pub fn panel(self, ctx: Ctx) -> Ctx {
        self.marked(ctx.beside(self.said), None)
    }

    /// The sheet for the row `key`'s controls; `panel` is [`ListSaid::panel`]'s.
    pub fn row(self, panel: Ctx, key: String) -> Ctx {
        self.marked(panel, Some(key))
    }

    /// `ctx` whose edits mark `key` as the row that spoke. Marked after the edit: `ctx` may be
    /// the panel's, which marks no row first.
    fn marked(self, ctx: Ctx, key: Option<String>) -> Ctx {
        let row = self.row;
        let inner = ctx.edit;
        Ctx {
            edit: Callback::new(move |e| {
                inner.run(e);
                row.set(key.clone());
            }),
            ..ctx
        }
    }

    /// The visible answer, on the row `key` (or the panel's line for `None`), scrolled into
    /// sight when it changes.
    pub fn line(self, key: Option<String>) -> impl IntoView {
        let (said, row) = (self.said, self.row);
        let line = NodeRef::<leptos::html::P>::new();
        let mine = key.clone();
        super::sections::reveal_when_said(said, move || {
            // Only the row that spoke: every row's line hears the same answer.
            row.with_untracked(|r| *r == mine)
                .then(|| line.try_get_untracked().flatten().map(Into::into))
                .flatten()
        });
        view! {
            <p node_ref=line class="said">{move || row.with(|r| *r == key).then(|| said.get())}</p>
        }
    }

    /// Says `msg` on the row `key`: a refusal made at the edge (a field that cannot be read).
    pub fn say(self, key: &str, msg: &str) {
        self.row.set(Some(key.to_string()));
        self.said.set(msg.to_string());
    }

    /// The live region that announces every answer once, wherever it shows.
    pub fn announce(self) -> impl IntoView {
        let said = self.said;
        view! { <p class="sr-only" role="status">{move || said.get()}</p> }
    }
}

/// A number field bound to a local signal (amounts typed before a button uses them).
pub(crate) fn local(label: &'static str, sig: RwSignal<i64>, min: i64, max: i64) -> impl IntoView {
    view! { <NumberInput label=label.to_string() value=sig min max on_commit=Callback::new(move |v| sig.set(v))/> }
}

/// A checkbox row.
pub(crate) fn check(
    label: &'static str,
    on: Signal<bool>,
    set: impl Fn(bool) + 'static,
) -> impl IntoView {
    view! {
        <label class="check">
            <input type="checkbox" prop:checked=move || on.get() on:change=move |ev| set(event_target_checked(&ev))/>
            {label}
        </label>
    }
}

/// The sheet's sections, in order; the first is the one a bare sheet link shows.
const PARTS: [Part; 7] = [
    Part {
        slug: "play",
        label: "Play",
    },
    Part {
        slug: "town",
        label: "Town",
    },
    Part {
        slug: "people",
        label: "People",
    },
    Part {
        slug: "holdings",
        label: "Holdings",
    },
    Part {
        slug: "spells",
        label: "Spells",
    },
    Part {
        slug: "gear",
        label: "Gear",
    },
    Part {
        slug: "notes",
        label: "Notes",
    },
];

/// The sheet of the Expedition character `id`.
#[component]
pub fn ExpeditionSheet(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let key = id.clone();
    let s = Memo::new(move |_| {
        state.roster.with(|r| {
            r.get(&key)
                .and_then(|c| c.expedition().cloned())
                .unwrap_or_else(|| ExpSheet::new(""))
        })
    });
    let name = {
        let key = id.clone();
        move || {
            state
                .roster
                .with(|r| r.get(&key).map(|c| c.name.clone()).unwrap_or_default())
        }
    };
    let editor = Editor {
        state,
        id: id.clone(),
    };
    let edit = Callback::new(move |e: ExpEdit| editor.edit(e));
    let ctx = Ctx {
        s,
        edit,
        id: StoredValue::new(id.clone()),
        state,
        ask: RwSignal::new(None),
    };
    let SheetSection(section) = expect_context::<SheetSection>();
    // Only entering or leaving the setup rebuilds the sheet, not a jump between sections.
    let setting_up = Memo::new(move |_| section.with(|s| s.as_deref() == Some(SETUP)));
    // Built untracked: only `setting_up` rebuilds the screen, never a read made while building.
    move || {
        let (id, name) = (id.clone(), name.clone());
        if setting_up.get() {
            untrack(|| setup_view(ctx, id, name()).into_any())
        } else {
            untrack(|| sheet_view(ctx, id, name).into_any())
        }
    }
}

/// A new character, a step at a time: the five Abilities, Hit Points, Wealth, starting gear;
/// then the Play section.
fn setup_view(ctx: Ctx, id: String, name: String) -> impl IntoView {
    let s = ctx.s;
    let gear_id = id.clone();
    let steps = vec![
        Step {
            title: "Natural Abilities",
            guide: "Five ratings from 1 to 8, from your questionnaire or your Referee. Might: strength and melee. Agility: speed and aim. Presence: charm and command. Acuity: senses and wits. Discipline: will and spellcraft.",
            body: ViewFn::from(move || view! { <Abilities ctx/> }),
        },
        Step {
            title: "Hit Points",
            guide: "Your maximum Hit Points: staying power in a fight, not wounds. At 0 you are down and out.",
            body: ViewFn::from(move || {
                view! {
                    <section class="panel" aria-label="Hit Points">
                        <div class="exp-row">
                            {ctx.num("Max HP", 1, 20, |s| s.core.health.max_hp.into(), |v| ExpEdit::MaxHp(v as u32))}
                            {ctx.num("HP", 0, 20, |s| s.core.health.hp.into(), |v| ExpEdit::Hp(v as u32))}
                        </div>
                    </section>
                }
            }),
        },
        Step {
            title: "Wealth and Lifestyle",
            guide: "Wealth from 0 to 10 sums up what your character owns and earns; it rolls your Income each session and decides when a purchase needs a wager. Lifestyle follows from it.",
            body: ViewFn::from(move || {
                view! {
                    <section class="panel" aria-label="Wealth">
                        {ctx.num("Wealth", 0, 10, |s| s.core.wealth.into(), |v| ExpEdit::Wealth(v as u8))}
                        <p aria-live="polite">
                            {move || s.with(|s| money::lifestyle_words(s.core.wealth))}
                        </p>
                    </section>
                }
            }),
        },
        Step {
            title: "Starting gear",
            guide: "Fill your 15 slots: add what you start with from the quick-add list or by name. Armour takes 2 slots; a light source and Rations matter on a delve.",
            body: ViewFn::from(move || {
                let gear = Signal::derive(move || s.with(|s| s.gear().clone()));
                let on_gear = Callback::new(move |e| ctx.edit.run(ExpEdit::Gear(e)));
                let away = Signal::derive(move || s.with(|s| !s.core.in_haven));
                view! { <Gear inventory=gear on_edit=on_gear mode=GearMode::Slots character_id=gear_id.clone() away_from_haven=away/> }
            }),
        },
    ];
    view! { <Setup id name steps/> }
}

/// The whole sheet, in sections: Play at once, the rest as the page is idle ([`Unfold`]).
fn sheet_view(
    ctx: Ctx,
    id: String,
    name: impl Fn() -> String + Send + Sync + 'static,
) -> impl IntoView {
    let (s, edit) = (ctx.s, ctx.edit);
    let gear = Signal::derive(move || s.with(|s| s.gear().clone()));
    let on_gear = Callback::new(move |e| edit.run(ExpEdit::Gear(e)));
    let away = Signal::derive(move || s.with(|s| !s.core.in_haven));
    let notes = Signal::derive(move || s.with(|s| s.notes.clone()));
    let unfold = Unfold::new(&PARTS);
    let gear_id = id.clone();
    view! {
        <section class="screen sheet columns exp-sheet" aria-labelledby="sheet-title">
            <header class="sheet-head wide">
                <h1 id="sheet-title">{name}</h1>
                <span class="muted">"Expedition character"</span>
                <super::sheet::SheetShare id=id.clone()/>
                {move || s.with(|s| s.core.in_haven).then(|| view! { <span class="flag">"Haven phase"</span> })}
            </header>
            <SectionBar id=id.clone() parts=&PARTS/>
            <StakeQuestion ask=ctx.ask/>
            // Play first: what a delve needs, then the town and downtime, spells, gear and the record.
            {part_start(PARTS[0])}
            <p class="exp-last wide" role="status">
                {move || s.with(|s| s.last().map(|l| format!("Latest: {l}")))}
            </p>
            <Abilities ctx/>
            <Health ctx/>
            {unfold.part(1, move || view! {
                {part_start(PARTS[1])}
                {money::money(ctx)}
                {haven::haven(ctx)}
                {downtime::downtime(ctx)}
            })}
            {unfold.part(2, move || view! {
                {part_start(PARTS[2])}
                {haven::social(ctx)}
                {haven::companions(ctx)}
            })}
            {unfold.part(3, move || view! {
                {part_start(PARTS[3])}
                {haven::holdings(ctx)}
                {haven::retirement(ctx)}
            })}
            {unfold.part(4, move || view! {
                {part_start(PARTS[4])}
                {spells::spells(ctx)}
            })}
            // The gear component is a panel of its own, with its "Gear" region and heading.
            {unfold.part(5, move || view! {
                {part_start(PARTS[5])}
                <Gear inventory=gear on_edit=on_gear mode=GearMode::Slots character_id=gear_id.clone() away_from_haven=away/>
            })}
            {unfold.part(6, move || view! {
                {part_start(PARTS[6])}
                <section class="panel" aria-labelledby="exp-notes">
                    <h2 id="exp-notes">"Notes"</h2>
                    <TextInput
                        label="Notes".to_string()
                        value=notes
                        multiline=true
                        max_chars=NOTES_MAX
                        on_commit=Callback::new(move |t| edit.run(ExpEdit::Notes(t)))
                    />
                </section>
                <section class="panel" aria-labelledby="exp-log">
                    <h2 id="exp-log">"Roll history"</h2>
                    // Scrolls when long, so it takes focus for keyboard scrolling.
                    <ol class="list-plain exp-history" reversed tabindex="0" aria-labelledby="exp-log">
                        {move || {
                            s.with(|s| {
                                s.history.iter().rev().map(|l| view! { <li>{l.clone()}</li> }).collect_view()
                            })
                        }}
                    </ol>
                    <h3>"Rolled in the dice tray"</h3>
                    <CharacterRolls character_id=ctx.id.get_value()/>
                </section>
                {character_history(ctx.id.get_value())}
            })}
        </section>
    }
}

/// The question a hopeless Cash stake asks before it is rolled, pinned above the dock so it
/// is in view wherever the control was. "Keep my Cash" has focus and Escape gives it; either
/// answer hands focus back to the control that asked.
#[component]
fn StakeQuestion(ask: RwSignal<Option<Asked>>) -> impl IntoView {
    let keep = NodeRef::<leptos::html::Button>::new();
    let asker = StoredValue::new_local(None::<web_sys::HtmlElement>);
    Effect::new(move |_| {
        if let (true, Some(b)) = (ask.with(Option::is_some), keep.get()) {
            // Once per question: a second run would find the question's own button.
            if asker.with_value(Option::is_none) {
                let active = document().active_element();
                asker.set_value(active.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()));
            }
            let _ = b.focus();
        }
    });
    let answer = move |wager: bool| {
        if let Some(a) = ask.get_untracked() {
            ask.set(None);
            if wager {
                a.go.run(());
            }
        }
        if let Some(el) = asker.get_value() {
            asker.set_value(None);
            let _ = el.focus();
        }
    };
    move || {
        ask.get().map(|a| {
            view! {
                <div
                    class="ask stake-ask"
                    role="alertdialog"
                    aria-labelledby="stake-ask"
                    on:keydown=move |ev| {
                        if ev.key() == "Escape" {
                            answer(false);
                        }
                    }
                >
                    <p id="stake-ask">{a.why}</p>
                    <div class="row">
                        <button type="button" on:click=move |_| answer(true)>{a.anyway}</button>
                        <button type="button" class="primary" node_ref=keep on:click=move |_| answer(false)>
                            "Keep my Cash"
                        </button>
                    </div>
                </div>
            }
        })
    }
}

/// The five Natural Abilities, each with its test button.
#[component]
fn Abilities(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    let rows = Ability::ALL
        .into_iter()
        .map(|a| {
            let r = move || s.with(|s| s.core.abilities.get(a));
            let test = move |_| {
                let (r, p) = s.with_untracked(|s| (s.core.abilities.get(a), s.protection()));
                // Worn armour and carried shields go with the test; the tray counts them on
                // the tests they weigh on (endurance, flexibility, balance, climbing).
                let carried = Carried {
                    armour_worn: u8::from(p.armour),
                    shields_carried: p.shields,
                };
                ctx.tray(TrayRequest {
                    label: format!("{} test", a.name()),
                    prefill: Prefill::Expedition {
                        ability: r,
                        bonus: 0,
                        penalty: 0,
                        helping: 0,
                        ob: DEFAULT_OB,
                        free: 0,
                        factors: None,
                        carried,
                    },
                    ..Default::default()
                });
            };
            view! {
                <li class="exp-ability">
                    <NumberInput
                        label=a.name().to_string()
                        value=Signal::derive(move || i64::from(r()))
                        min=1
                        max=8
                        on_commit=Callback::new(move |v| ctx.edit.run(ExpEdit::Ability(a, v as u8)))
                    />
                    <button type="button" class="rollable" on:click=test>
                        {format!("Test {}", a.name())}
                        <span class="muted">{move || format!("{} dice", 2 + r())}</span>
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="panel" aria-labelledby="exp-ab">
            <h2 id="exp-ab">"Natural Abilities"</h2>
            <p class="hint">"Each test rolls 2 + the Ability in d6; 4 to 6 is a success. Set bonus, helping dice and the Ob in the tray; a Wise gives +1d where it applies."</p>
            <ul class="list-plain">{rows}</ul>
        </section>
    }
}

/// Hit Points, Bonus HP, damage with Blocks, Down and Out, armour and rests.
#[component]
fn Health(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    let dmg = RwSignal::new(1i64);
    let h = move || s.with(|s| s.core.health.clone());
    // What is worn and what still blocks comes from the gear, the one record of it.
    let p = move || s.with(|s| s.protection());
    // What a take or heal did, beside its buttons; a refusal too. The HP fields above them
    // answer on a line of their own.
    let said = RwSignal::new(String::new());
    let hp_said = RwSignal::new(String::new());
    let (ctx, down_ctx) = (ctx.beside(hp_said), ctx.beside(said));
    let edit = ctx.edit;
    let hp_now = move || {
        s.with_untracked(|s| {
            let h = &s.core.health;
            format!("{} of {} HP left.", h.hp, h.max_hp)
        })
    };
    let take = move |block, infusion| {
        let amount = dmg.get_untracked().max(0) as u32;
        let done = ctx.editor().try_edit(ExpEdit::Damage {
            amount,
            block,
            infusion,
        });
        said.set(match done {
            Ok(()) if ctx.editor().is_mirror() => format!(
                "Asked of the player's device: took {amount} damage. Their sheet applies it and sends it back."
            ),
            Ok(()) => format!(
                "{} {}",
                s.with_untracked(|s| s.last().unwrap_or_default().to_string()),
                hp_now()
            ),
            Err(e) => e,
        });
    };
    let heal = move || {
        let before = s.with_untracked(|s| s.core.health.hp);
        let done = ctx
            .editor()
            .try_edit(ExpEdit::Heal(dmg.get_untracked().clamp(0, 1000) as u32));
        said.set(match done {
            Ok(()) => {
                let healed = s
                    .with_untracked(|s| s.core.health.hp)
                    .saturating_sub(before);
                if healed == 0 {
                    format!("Nothing to heal: {}", hp_now())
                } else {
                    format!("Healed {healed} HP: {}", hp_now())
                }
            }
            Err(e) => e,
        });
    };
    // Each stored infusion can be expelled to block 1 point of this damage.
    let infused = move || {
        s.with(|s| {
            s.core
                .spells
                .iter()
                .enumerate()
                .filter(|(_, k)| k.infused)
                .map(|(i, k)| {
                    view! {
                        <button type="button" on:click=move |_| take(None, Some(i))>
                            {format!("Expel infused {} (−1)", k.name)}
                        </button>
                    }
                })
                .collect_view()
        })
    };
    let until = [
        (BonusUntil::Manual, "Until I end them"),
        (BonusUntil::AnyRest, "Until the next rest"),
        (BonusUntil::LongRest, "Until a long rest"),
    ];
    let until_opts = until
        .iter()
        .enumerate()
        .map(|(i, (u, l))| {
            let u = *u;
            view! { <option value=i.to_string() selected=move || s.with(|s| s.bonus_until == u)>{*l}</option> }
        })
        .collect_view();
    let max = Memo::new(move |_| s.with(|s| i64::from(s.core.health.max_hp)));
    // A hit that puts the character down owes a roll: its buttons come into sight with the
    // words of the hit above them, not below the fold of a phone.
    let owed = Memo::new(move |_| s.with(|s| s.core.health.pending_down_and_out));
    let alert = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |before: Option<u32>| {
        let now = owed.get();
        if before.is_some_and(|b| now > b) {
            request_animation_frame(move || {
                if let Some(el) = alert.try_get_untracked().flatten() {
                    super::sections::reveal(&el);
                }
            });
        }
        now
    });
    view! {
        <section class="panel" aria-labelledby="exp-hp">
            <h2 id="exp-hp">"Hit Points"</h2>
            <p class="state-words" aria-live="polite">{move || h().words()}</p>
            {move || h().dead.then(|| view! { <p class="flag">"Dead"</p> })}
            // Rebuilt only when max HP changes, so typing a value above it says why.
            {move || {
                let max = max.get();
                view! {
                    <Stepper
                        label="HP".to_string()
                        value=Signal::derive(move || i64::from(h().hp))
                        min=0
                        max
                        noun="HP"
                        on_commit=Callback::new(move |v: i64| edit.run(ExpEdit::Hp(v as u32)))
                    />
                }
            }}
            <div class="exp-row">
                {ctx.num("Max HP", 1, 20, |s| s.core.health.max_hp.into(), |v| ExpEdit::MaxHp(v as u32))}
                {ctx.num("Bonus HP", 0, 100, |s| s.core.health.bonus_hp.into(), |v| ExpEdit::BonusHp(v as u32))}
            </div>
            <div class="exp-row">
                <div class="field">
                    <label for="exp-bonus-until">"Bonus HP last"</label>
                    <select
                        id="exp-bonus-until"
                        on:change=move |ev| {
                            let i: usize = event_target_value(&ev).parse().unwrap_or(0);
                            edit.run(ExpEdit::BonusUntil(until[i.min(2)].0));
                        }
                    >
                        {until_opts}
                    </select>
                </div>
                <button type="button" on:click=move |_| edit.run(ExpEdit::ExpireBonus)>"End Bonus HP"</button>
            </div>
            {said_line(hp_said)}
            // Controls for play, left off the paper copy.
            <div class="no-print">
            <h3>"Take damage or heal"</h3>
            {local("HP to take or heal", dmg, 0, 1000)}
            <div class="exp-actions">
                <button type="button" on:click=move |_| take(None, None)>"Take it"</button>
                <button type="button" on:click=move |_| heal()>
                    "Heal"
                </button>
                <button type="button" disabled=move || !p().armour || p().armour_block_used on:click=move |_| take(Some(BlockSource::Armour), None)>
                    "Block with armour (−2)"
                </button>
                <button type="button" disabled=move || { p().shield_blocks_used >= p().shields } on:click=move |_| take(Some(BlockSource::Shield), None)>
                    "Block with a shield (−2)"
                </button>
                {infused}
            </div>
            {said_line(said)}
            </div>
            <Show when=move || { let h = h(); h.pending_down_and_out > 0 && !h.dead }>
                <div class="exp-alert" role="alert" node_ref=alert>
                    <p>
                        <strong>"Down and Out. "</strong>
                        {move || format!("{} owed. Tended: roll 2d6 (doubles kill{}). Untended by the end of the scene: death.", crate::ui::format::plural(h().pending_down_and_out as usize, "check"), if p().armour { "; armour turns double 5s and 6s into a lingering wound, 9+ wounds" } else { "; 7+ is a lingering wound" })}
                    </p>
                    <button type="button" on:click=move |_| down_ctx.roll(Procedure::DownAndOut { aided: true })>"Tended: roll 2d6"</button>
                    <button type="button" on:click=move |_| down_ctx.roll(Procedure::DownAndOut { aided: false })>"Untended at scene end"</button>
                </div>
            </Show>
            <Protection ctx/>
            <Lights ctx/>
            <Rest ctx/>
        </section>
    }
}

/// Worn armour and carried shields, read from the gear: what each still blocks today, and
/// the armour's Wear switch (the same one the gear offers).
#[component]
fn Protection(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    let said = RwSignal::new(String::new());
    let ctx = ctx.beside(said);
    let rows = move || {
        s.with(|s| {
            let me = s.gear.carriers.first();
            me.into_iter()
                .flat_map(|c| c.items.iter().enumerate())
                .filter(|(_, it)| matches!(it.kind, ItemKind::Armour | ItemKind::Shield))
                .map(|(i, it)| {
                    let armour = it.kind == ItemKind::Armour;
                    let state = match (armour, it.worn, it.block_used) {
                        (true, false, _) => "carried, not worn",
                        (_, _, true) => "Block used (a long rest repairs it)",
                        _ => "Block 2 ready",
                    };
                    let name = it.name.clone();
                    let worn = it.worn;
                    view! {
                        <li>
                            <strong>{name.clone()}</strong>
                            {format!(": {state}")}
                            {armour.then(|| view! {
                                <button
                                    type="button"
                                    on:click=move |_| ctx.edit.run(ExpEdit::Gear(GearEdit::Wear { index: i, on: !worn }))
                                >
                                    {format!("{} {name}", if worn { "Take off" } else { "Wear" })}
                                </button>
                            })}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <h3>"Armour and shields"</h3>
        <ul class="list-plain" aria-label="Armour and shields">{rows}</ul>
        {said_line(said)}
        <p>
            {move || {
                let p = s.with(|s| s.protection());
                if !p.armour && p.shields == 0 {
                    "Nothing worn: armour or a shield added to your own slots in Gear shows here.".to_string()
                } else {
                    format!(
                        "Blocks left today: {}. Worn armour and each shield add +1 Ob to endurance, flexibility, balance, climbing and channeling tests.",
                        p.blocks_left()
                    )
                }
            }}
        </p>
    }
}

/// Light sources carried, each lit or put out here, and the encounter die's 6: every light in
/// use is checked for Depletion, a lantern through the oil it burns.
#[component]
fn Lights(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    let said = RwSignal::new(String::new());
    let rows = move || {
        s.with(|s| {
            let g = &s.gear;
            g.carriers
                .iter()
                .enumerate()
                .flat_map(|(ci, c)| c.items.iter().enumerate().map(move |(ii, it)| (ci, ii, it)))
                .filter(|(_, _, it)| it.kind == ItemKind::Light)
                .map(|(ci, ii, it)| {
                    let mut words = it.name.clone();
                    if ci > 0 {
                        words.push_str(&format!(" (on {})", g.carriers[ci].name));
                    }
                    let burns = match (it.depletion, &it.needs_ammo) {
                        (Some(d), _) => format!("Depletion {d}+"),
                        (None, Some(fuel)) => match g.fuel_for(ci, fuel) {
                            Some((fc, fi)) => {
                                let f = &g.carriers[fc].items[fi];
                                format!(
                                    "burns {} ({}+{})",
                                    f.name,
                                    f.depletion.unwrap_or_default(),
                                    if f.last_use { ", last use" } else { "" }
                                )
                            }
                            None => format!("burns {fuel}"),
                        },
                        (None, None) => "nothing to check".into(),
                    };
                    let lit = it.lit;
                    let name = it.name.clone();
                    view! {
                        <li>
                            <span>{format!("{words}: {burns}{}", if lit { ". Lit" } else { "" })}</span>
                            " "
                            <button
                                type="button"
                                aria-pressed=lit.to_string()
                                on:click=move |_| {
                                    let edit = ExpEdit::Gear(GearEdit::Light { carrier: ci, index: ii, on: !lit });
                                    said.set(match ctx.editor().try_edit(edit) {
                                        Ok(()) if lit => format!("{name} put out."),
                                        Ok(()) => format!("{name} lit."),
                                        Err(why) => why,
                                    });
                                }
                            >
                                {format!("{} {}", if lit { "Put out" } else { "Light" }, it.name)}
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let any = move || {
        s.with(|s| {
            s.gear
                .carriers
                .iter()
                .flat_map(|c| &c.items)
                .any(|i| i.kind == ItemKind::Light)
        })
    };
    let burn = move |_| {
        let edit = ExpEdit::Roll(CryptoRng.next_u64(), Procedure::LightsBurn);
        said.set(match ctx.editor().try_edit(edit) {
            Ok(()) => s.with_untracked(|s| s.last().unwrap_or_default().to_string()),
            Err(why) => why,
        });
    };
    view! {
        <Show when=any>
            <div class="no-print">
                <h3>"Lights"</h3>
                <ul class="list-plain" aria-label="Light sources">{rows}</ul>
                <button type="button" on:click=burn>"Encounter 6: check the lights in use"</button>
                <p class="said" role="status">{move || said.get()}</p>
            </div>
        </Show>
    }
}

/// The party's rest, from this sheet: this character's Rations come first in the list, and
/// anyone else at the table may spend theirs instead.
#[component]
fn Rest(ctx: Ctx) -> impl IntoView {
    view! { <PartyRest me=ctx.id.get_value()/> }
}

#[cfg(test)]
mod tests {
    use super::wager_odds;

    #[test]
    fn wager_odds_fold_the_hopeless_wagers() {
        // Ob 3: one or two dice can never make it; three dice all succeed 1/8 of the time; four
        // dice make three or more in (4 + 1) / 16 = 31.25%.
        let odds = |ob, cash| wager_odds(ob, cash).unwrap_or_default();
        assert_eq!(odds(3, 4), "1–2: no chance, 3: 12.5%, 4: 31.3%");
        assert_eq!(odds(2, 2), "1: no chance, 2: 25.0%");
        assert_eq!(odds(0, 1), "1: 100.0%");
        assert_eq!(odds(6, 3), "1–3: no chance");
        assert_eq!(wager_odds(1, 0), None);
        // Never more than ten wagers listed, however rich the character: 1 - 1/512 and
        // 1 - 1/1024.
        assert!(odds(1, 40).ends_with("9: 99.8%, 10: 99.9%"));
    }
}
