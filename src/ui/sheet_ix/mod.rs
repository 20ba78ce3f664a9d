//! The Ix character sheet: identity, characteristics and skills, Wounds and Strain, Critical
//! Injuries, conditions and talents, magic, the session's Fortune Point, gear and the
//! character's own rolls. Every rule is the rules engine's; every change is an [`IxEdit`]
//! dispatched to the roster, and every rollable number opens the tray prefilled.

mod grapple;
mod health;
mod magic;
pub(crate) mod outcome;
mod skills;
mod spells;
mod weapons;

use leptos::prelude::*;
use std::sync::Arc;

use super::fields::{NumberInput, TextInput};
use super::gear::{Gear, GearMode};
use super::history::character_history;
use super::sections::{Part, SectionBar, Unfold, part_start};
use super::setup::{SETUP, Setup, Step};
use super::sheet::SheetSection;
use super::state::{AppState, Doc};
use super::tray::{CharacterRolls, Hook, Prefill, TrayHandle, TrayRequest};
use crate::model::CharacterAction;
use crate::model::ix_checks::SheetCheck;
use crate::model::ix_sheet::{IxEdit, IxSheet, Text};
use crate::model::ix_table::IxTableDoc;
use crate::model::session::{IxSession, SessionEdit};
use crate::rules::ix::check::{Against, Check, FortuneState, Reason, Target};
use crate::rules::ix::dice::CheckResult;
use crate::rules::ix::pool::Pool;

/// What the sheet's parts share: the character, the way to change it and the way to roll.
#[derive(Clone, Copy)]
pub(crate) struct Ctx {
    id: StoredValue<String>,
    sheet: Memo<Option<IxSheet>>,
    state: AppState,
    /// The GM's Critical Injury table, as stored on this device (default rows otherwise).
    table: Doc<IxTableDoc>,
    /// Who makes this sheet's Medicine checks (see `health::Medicine`).
    healer: health::HealerChoice,
    /// The line beside the controls in hand, where their refusals show (see [`Ctx::beside`]);
    /// `None`: the app's notice.
    said: Option<RwSignal<String>>,
}

/// Changes one Ix character through the app's state. It holds nothing of the sheet's own, so a
/// tray hook can keep it after the sheet has gone.
#[derive(Clone)]
pub(crate) struct Editor {
    state: AppState,
    id: String,
    said: Option<RwSignal<String>>,
}

impl Editor {
    /// Applies an edit and says whether it was; a refusal shows on the controls' line (a line
    /// that said an earlier refusal clears once an edit goes through).
    fn edit(&self, edit: IxEdit) -> bool {
        let action = CharacterAction::EditIx {
            id: self.id.clone(),
            edit,
        };
        match self.state.dispatch(action) {
            Ok(_) => {
                if let Some(said) = self.said {
                    said.try_set(String::new());
                }
                true
            }
            Err(msg) => {
                self.say(msg);
                false
            }
        }
    }

    /// Reads the character as the roster holds it now (`None` once it is gone); unlike the
    /// sheet's own reads, safe after the sheet has closed.
    fn read<T>(&self, f: impl FnOnce(&IxSheet) -> T) -> Option<T> {
        self.state
            .roster
            .with_untracked(|r| r.get(&self.id).and_then(|c| c.ix()).map(f))
    }

    /// Shows `msg` on the controls' line. A hook can outlive the sheet, and its line with it:
    /// then, and for controls with no line, the app's notice says it.
    fn say(&self, msg: String) {
        let unsaid = match self.said {
            Some(said) => said.try_set(msg),
            None => Some(msg),
        };
        if let Some(msg) = unsaid {
            self.state.notify(vec![msg]);
        }
    }
}

impl Ctx {
    /// This character's [`Editor`], for a hook that may outlive the sheet.
    fn editor(&self) -> Editor {
        Editor {
            state: self.state,
            id: self.id.get_value(),
            said: self.said,
        }
    }

    /// The same sheet, with its refusals shown on `said`: a panel's controls say what went
    /// wrong beside themselves, not in the app's notice at the top of a long page.
    fn beside(self, said: RwSignal<String>) -> Self {
        Ctx {
            said: Some(said),
            ..self
        }
    }

    /// Applies an edit; a refusal shows beside the control (see [`Ctx::beside`]) and changes
    /// nothing.
    fn edit(&self, edit: IxEdit) {
        self.try_edit(edit);
    }

    /// [`Ctx::edit`] that says whether the edit was applied.
    fn try_edit(&self, edit: IxEdit) -> bool {
        self.editor().edit(edit)
    }

    /// Applies an edit and hands back a refusal for the caller to show beside its control.
    fn attempt(&self, edit: IxEdit) -> Result<(), String> {
        self.state.dispatch(CharacterAction::EditIx {
            id: self.id.get_value(),
            edit,
        })
    }

    /// Whether this sheet is a mirror of a character another device keeps: a change made
    /// here is a request to it, which shows only when its revision comes back.
    fn is_mirror(&self) -> bool {
        self.state
            .roster
            .with_untracked(|r| r.is_mirror(&self.id.get_value()))
    }

    /// Shows `msg` on the controls' line (see [`Ctx::beside`]).
    fn say(&self, msg: String) {
        self.editor().say(msg);
    }

    /// Reads the sheet (tracked); a missing sheet reads as a fresh one.
    fn read<T>(&self, f: impl FnOnce(&IxSheet) -> T) -> T {
        self.sheet.with(|s| match s {
            Some(s) => f(s),
            None => f(&IxSheet::new("")),
        })
    }

    fn cb(self, f: impl Fn(i64) -> IxEdit + Send + Sync + 'static) -> Callback<i64> {
        Callback::new(move |v: i64| self.edit(f(v)))
    }

    fn text(self, f: Text) -> Callback<String> {
        Callback::new(move |v| self.edit(IxEdit::SetText(f, v)))
    }

    /// The check the one door (`rules::ix::check`) builds for `what` on this sheet.
    fn build(
        &self,
        what: SheetCheck<'_>,
        target: Option<&Target>,
        against: Against,
    ) -> Result<Check, String> {
        self.read(|s| s.check(what, FortuneState::Available, target, against))
            .map_err(|e| e.to_string())
    }

    /// Opens the tray with `check`, rolled by this character. `then` receives the result of
    /// the roll, even after the sheet has gone (see [`Hook`]). A Fortune Point spent in the
    /// tray is taken from the session's points by the tray itself. What the rules add on top
    /// (conditions, carried Bane dice, a target's guard and Defense) goes with it, named; the
    /// player unticks one the GM rules out.
    fn roll(&self, label: String, check: Result<Check, String>, then: Option<Hook<CheckResult>>) {
        self.roll_as(None, label, check, then);
    }

    /// [`Self::roll`] by another roster character (a healer's Medicine on this character):
    /// the roll, and any carried Bane dice it uses, are theirs.
    fn roll_as(
        &self,
        roller: Option<String>,
        label: String,
        check: Result<Check, String>,
        then: Option<Hook<CheckResult>>,
    ) {
        let check = match check {
            Ok(c) => c,
            Err(e) => return self.say(e),
        };
        if let Some(said) = self.said {
            said.set(String::new());
        }
        let on_ix: Hook<(Pool, CheckResult)> = Arc::new(move |(_, r)| {
            if let Some(then) = &then {
                then(r);
            }
        });
        let ratings = check.parts.iter().find_map(|(p, _)| match p.reason {
            Reason::Ratings {
                characteristic,
                skill,
            } => Some((characteristic, skill)),
            _ => None,
        });
        let attack = check.target_kind.is_some();
        expect_context::<TrayHandle>().open(TrayRequest {
            label,
            character_id: Some(roller.unwrap_or_else(|| self.id.get_value())),
            prefill: Prefill::IxCheck(Box::new(check)),
            on_ix: Some(on_ix),
            ratings,
            attack,
            ..Default::default()
        });
    }
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

/// A button that applies one fixed edit (one shared implementation for all of them).
pub(crate) fn act(ctx: Ctx, label: impl IntoView + 'static, e: IxEdit) -> impl IntoView {
    view! {
        <button type="button" on:click=move |_| ctx.edit(e.clone())>
            {label}
        </button>
    }
}

/// A text box and an Add button; `on_add` gets the trimmed text and the box clears.
#[component]
pub(crate) fn AddRow(label: &'static str, on_add: Callback<String>) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let id = super::fields::field_id("add");
    let go = move || {
        on_add.run(text.get_untracked().trim().to_string());
        text.set(String::new());
    };
    view! {
        <div class="add-row">
            <label for=id.clone()>{label}</label>
            <input
                id=id
                type="text"
                autocomplete="off"
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
                on:keydown=move |ev| {
                    if ev.key() == "Enter" {
                        ev.prevent_default();
                        go();
                    }
                }
            />
            <button type="button" on:click=move |_| go()>
                "Add"
            </button>
        </div>
    }
}

/// The sheet's sections, in order; the first is the one a bare sheet link shows.
const PARTS: [Part; 6] = [
    Part {
        slug: "play",
        label: "Play",
    },
    Part {
        slug: "skills",
        label: "Skills",
    },
    Part {
        slug: "character",
        label: "Character",
    },
    Part {
        slug: "magic",
        label: "Magic",
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

/// The sheet of the Ix character `id`.
#[component]
pub fn IxSheetView(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let key = id.clone();
    let sheet = Memo::new(move |_| {
        state
            .roster
            .with(|r| r.get(&key).and_then(|c| c.ix().cloned()))
            .map(|mut s| {
                // Older sheets show their spells where a saved edit will move them.
                s.migrate();
                s
            })
    });
    let table = state.doc::<IxTableDoc>();
    let ctx = Ctx {
        id: StoredValue::new(id.clone()),
        sheet,
        state,
        table,
        healer: health::HealerChoice::new(),
        said: None,
    };
    provide_context(ctx);
    let SheetSection(section) = expect_context::<SheetSection>();
    // Only entering or leaving the setup rebuilds the sheet, not a jump between sections.
    let setting_up = Memo::new(move |_| section.with(|s| s.as_deref() == Some(SETUP)));
    // Built untracked: only `setting_up` rebuilds the screen, never a read made while building.
    move || {
        let id = id.clone();
        if setting_up.get() {
            untrack(|| setup_view(ctx, id).into_any())
        } else {
            untrack(|| sheet_view(ctx, id).into_any())
        }
    }
}

/// The character's name as the roster has it. A plain closure, not a derived signal: it runs
/// as the roster changes, which can be as the sheet goes, and must own nothing that goes with it.
fn name_of(ctx: Ctx) -> impl Fn() -> String + Clone + Send + Sync + 'static {
    let state = ctx.state;
    let key = ctx.id.get_value();
    move || {
        state
            .roster
            .with(|r| r.get(&key).map(|c| c.name.clone()).unwrap_or_default())
    }
}

/// Player and concept.
fn identity(ctx: Ctx) -> impl IntoView {
    let texts = [
        ("Player", Text::Player),
        ("Concept or archetype", Text::Concept),
    ]
    .map(|(label, f)| {
        let value = Signal::derive(move || {
            ctx.read(|s| match f {
                Text::Player => s.about.player.clone(),
                _ => s.about.concept.clone(),
            })
        });
        view! { <TextInput label=label value on_commit=ctx.text(f) shared=true max_chars=80/> }
    });
    view! {
        <section class="panel" aria-labelledby="ix-who">
            <h2 id="ix-who">"Identity"</h2>
            {texts}
        </section>
    }
}

/// A new character, a step at a time: who they are, characteristics, skills, weapons, Wounds
/// and Strain, talents; then the Play section.
fn setup_view(ctx: Ctx, id: String) -> impl IntoView {
    let steps = vec![
        Step {
            title: "Who they are",
            guide: "Who plays them, and what they are in a few words: a soldier turned smuggler, a temple scribe. Both can change later.",
            body: ViewFn::from(move || identity(ctx)),
        },
        Step {
            title: "Characteristics",
            guide: "Six ratings from 1 to 6; 2 is ordinary, 3 good, 4 and up rare. Might: strength and toughness. Agility: speed and aim. Intellect: learning and healing. Savvy: noticing and street sense. Willpower: nerve and faith. Presence: leading and persuading.",
            body: ViewFn::from(|| view! { <skills::Characteristics/> }),
        },
        Step {
            title: "Skills",
            guide: "Ranks from 0 (untrained) to 5. Raise the handful your character has trained in; each skill names the characteristic it rolls with. Add a skill your setting has and the list does not.",
            body: ViewFn::from(|| view! { <skills::Skills/> }),
        },
        Step {
            title: "Weapons",
            guide: "What your character fights with: add each by name, then set its damage, Crit rating, range and the skill it attacks with, from your game's weapon list or your GM.",
            body: ViewFn::from(|| {
                view! {
                    <section class="panel" aria-label="Weapons">
                        <weapons::WeaponEditor open=true/>
                    </section>
                }
            }),
        },
        Step {
            title: "Wounds and Strain",
            guide: "The most Wounds and Strain your character can take, as your game's character rules or your GM set them. At 0 Wounds they fall and start bleeding out; Strain pays for spells and a second Maneuver.",
            body: ViewFn::from(move || health::maxima(ctx)),
        },
        Step {
            title: "Talents",
            guide: "Name the talents your character starts with and what each does, in your own words. The rules read two by name: Catch Breath and Guarded.",
            body: ViewFn::from(|| view! { <magic::Talents/> }),
        },
    ];
    view! { <Setup id name=name_of(ctx)() steps/> }
}

/// The whole sheet, in sections: Play at once, the rest as the page is idle ([`Unfold`]).
fn sheet_view(ctx: Ctx, id: String) -> impl IntoView {
    let name = name_of(ctx);
    let gear = Signal::derive(move || ctx.read(|s| s.gear().clone()));
    let on_edit = Callback::new(move |e| ctx.edit(IxEdit::Gear(e)));
    let notes = Signal::derive(move || ctx.read(|s| s.character.notes.clone()));
    let unfold = Unfold::new(&PARTS);
    let gear_id = id.clone();
    let record_id = id.clone();
    view! {
        <section class="screen sheet columns ix-sheet" aria-labelledby="sheet-title">
            <header class="sheet-head wide">
                <h1 id="sheet-title">{name}</h1>
                <span class="muted">"Ix character"</span>
                <super::sheet::SheetShare id=id.clone()/>
            </header>
            <SectionBar id=id.clone() parts=&PARTS/>
            // Play first: what a fight needs, then the checks, who the character is, and the rest.
            {part_start(PARTS[0])}
            <health::Health/>
            <health::Medicine/>
            <health::Injuries/>
            <magic::Conditions/>
            <Session/>
            // Attacks are checks: here with the skills they roll (Play has no room to spare
            // within three phone screens).
            {unfold.part(1, || view! {
                {part_start(PARTS[1])}
                <weapons::Weapons/>
                <skills::Skills/>
            })}
            {unfold.part(2, move || view! {
                {part_start(PARTS[2])}
                {identity(ctx)}
                <skills::Characteristics/>
                // Set once and rarely changed: here with who the character is, not in Play.
                <section class="panel" aria-labelledby="ix-limits">
                    <h2 id="ix-limits">"Wound and Strain maximum"</h2>
                    {health::maxima(ctx)}
                </section>
                <section class="panel" aria-labelledby="ix-talents">
                    <h2 id="ix-talents">"Talents"</h2>
                    <magic::Talents/>
                </section>
            })}
            {unfold.part(3, || view! {
                {part_start(PARTS[3])}
                <magic::Magic/>
            })}
            // The gear component is a panel of its own, with its "Gear" region and heading.
            {unfold.part(4, move || view! {
                {part_start(PARTS[4])}
                <Gear inventory=gear on_edit mode=GearMode::List character_id=gear_id.clone()/>
            })}
            {unfold.part(5, move || view! {
                {part_start(PARTS[5])}
                <section class="panel" aria-labelledby="ix-notes">
                    <h2 id="ix-notes">"Notes"</h2>
                    <TextInput label="Notes" value=notes on_commit=ctx.text(Text::Notes) shared=true multiline=true/>
                </section>
                <RollLog id=record_id.clone()/>
                {character_history(record_id.clone())}
            })}
        </section>
    }
}

/// The session's Fortune Points, as the session document holds them: how many the players'
/// side has and whether this character may spend one on the next check. A player alone
/// starts a session here; at a table the GM starts it on the GM table.
#[component]
fn Session() -> impl IntoView {
    let state = expect_context::<AppState>();
    let session = state.doc::<IxSession>();
    let players = RwSignal::new(
        state
            .roster
            .with_untracked(|r| r.characters.iter().filter(|c| c.ix().is_some()).count())
            .clamp(1, 12) as i64,
    );
    let error = RwSignal::new(None::<String>);
    let start = move |_| {
        let n = players.get_untracked() as i32;
        error.set(session.dispatch(SessionEdit::Start(n)).err());
    };
    // On a phone that joined a table the points are the GM's device's, as last heard.
    let joined = move || session.with(|s| s.host.is_some());
    let words =
        move || {
            session.with(|s| match (s.pool, s.host.is_some()) {
            (None, false) => "No session has started on this device.".to_string(),
            (None, true) => {
                "The GM's device keeps the session's points: no session has started there yet."
                    .to_string()
            }
            (Some(p), joined) => format!(
                "Fortune on the players' side: {} · Peril on the GM's side: {}{}. {}",
                p.fortune,
                p.peril,
                if joined { ", as the GM's device last said" } else { "" },
                match s.fortune_for_next_check() {
                    0 => "No Fortune Point to spend now: one comes back when the GM spends Peril.",
                    _ => "You may spend 1 on your next check (in the dice tray).",
                }
            ),
        })
        };
    view! {
        <section class="panel session" aria-labelledby="ix-fortune">
            <h2 id="ix-fortune">"Fortune and Peril"</h2>
            <p aria-live="polite">{words}</p>
            <details hidden=joined>
                <summary>"Start a new session"</summary>
                <p class="hint">"Each player brings 1 Fortune Point; the GM starts with 1 Peril Point. Nothing carries over."</p>
                <div class="row">
                    <NumberInput label="Players".to_string() value=Signal::derive(move || players.get()) min=1 max=12 on_commit=Callback::new(move |v| players.set(v))/>
                    <button type="button" on:click=start>"Start session"</button>
                </div>
                <p class="error" role="alert">{move || error.get()}</p>
            </details>
        </section>
    }
}

/// The newest rolls made for this character, from the tray's log.
#[component]
fn RollLog(id: String) -> impl IntoView {
    view! {
        <section class="panel no-print" aria-labelledby="ix-rolls">
            <h2 id="ix-rolls">"Recent rolls"</h2>
            <CharacterRolls character_id=id/>
        </section>
    }
}
