//! The Ix character sheet: identity, characteristics and skills, Wounds and Strain, Critical
//! Injuries, conditions and talents, magic, the session's Fortune Point, gear and the
//! character's own rolls. Every rule is the rules engine's; every change is an [`IxEdit`]
//! dispatched to the roster, and every rollable number opens the tray prefilled.

mod health;
mod magic;
mod skills;
mod spells;

use leptos::prelude::*;
use std::sync::Arc;

use super::fields::TextInput;
use super::gear::{Gear, GearMode};
use super::state::AppState;
use super::tray::{CharacterRolls, Hook, Prefill, TrayContext, TrayRequest};
use crate::model::CharacterAction;
use crate::model::ix_sheet::{IxEdit, IxSheet, Text};
use crate::model::ix_table::IxTableDoc;
use crate::rules::ix::dice::CheckResult;
use crate::rules::ix::pool::Pool;

/// What the sheet's parts share: the character, the way to change it and the way to roll.
#[derive(Clone, Copy)]
pub(crate) struct Ctx {
    id: StoredValue<String>,
    sheet: Memo<Option<IxSheet>>,
    state: AppState,
    /// The GM's Critical Injury table, as stored on this device (default rows otherwise).
    table: StoredValue<IxTableDoc>,
}

/// Changes one Ix character through the app's state. It holds nothing of the sheet's own, so a
/// tray hook can keep it after the sheet has gone.
#[derive(Clone)]
pub(crate) struct Editor {
    state: AppState,
    id: String,
}

impl Editor {
    /// Applies an edit and says whether it was; a refusal shows as a notice.
    fn edit(&self, edit: IxEdit) -> bool {
        let action = CharacterAction::EditIx {
            id: self.id.clone(),
            edit,
        };
        match self.state.dispatch(action) {
            Ok(_) => true,
            Err(msg) => {
                self.state.notify(vec![msg]);
                false
            }
        }
    }

    /// Whether the character holds this session's Fortune Point, as stored now.
    fn holds_fortune(&self) -> bool {
        self.state.roster.with_untracked(|r| {
            r.get(&self.id)
                .and_then(|c| c.ix.as_ref())
                .is_some_and(|s| s.fortune)
        })
    }
}

impl Ctx {
    /// This character's [`Editor`], for a hook that may outlive the sheet.
    fn editor(&self) -> Editor {
        Editor {
            state: self.state,
            id: self.id.get_value(),
        }
    }

    /// Applies an edit; a refusal shows as a notice and changes nothing.
    fn edit(&self, edit: IxEdit) {
        self.try_edit(edit);
    }

    /// [`Ctx::edit`] that says whether the edit was applied.
    fn try_edit(&self, edit: IxEdit) -> bool {
        self.editor().edit(edit)
    }

    fn notify(&self, msg: String) {
        self.state.notify(vec![msg]);
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

    /// Opens the tray with `pool`. `then` receives the result of the roll; a held Fortune
    /// Point spent in the tray is marked spent on the sheet either way.
    fn roll(&self, label: String, pool: Result<Pool, String>, then: Option<Hook<CheckResult>>) {
        let pool = match pool {
            Ok(p) => p,
            Err(e) => return self.state.notify(vec![e]),
        };
        let editor = self.editor();
        let on_ix: Hook<(Pool, CheckResult)> = Arc::new(move |(p, r)| {
            if p.fortune_spent() && editor.holds_fortune() {
                editor.edit(IxEdit::Fortune(false));
            }
            if let Some(then) = &then {
                then(r);
            }
        });
        expect_context::<TrayContext>().open_tray(TrayRequest {
            label,
            character_id: Some(self.id.get_value()),
            prefill: Prefill::Ix(pool),
            on_ix: Some(on_ix),
            ..Default::default()
        });
    }
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

/// The sheet of the Ix character `id`.
#[component]
pub fn IxSheetView(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let key = id.clone();
    let sheet = Memo::new(move |_| {
        state
            .roster
            .with(|r| r.get(&key).and_then(|c| c.ix.clone()))
            .map(|mut s| {
                // Older sheets show their spells where a saved edit will move them.
                s.migrate();
                s
            })
    });
    let table = StoredValue::new(state.load_doc::<IxTableDoc>(
        crate::model::ix_table::DOC_NAME,
        crate::model::ix_table::SCHEMA,
    ));
    let ctx = Ctx {
        id: StoredValue::new(id.clone()),
        sheet,
        state,
        table,
    };
    provide_context(ctx);
    let key = id.clone();
    let name = move || {
        state
            .roster
            .with(|r| r.get(&key).map(|c| c.name.clone()).unwrap_or_default())
    };
    let gear = Signal::derive(move || ctx.read(|s| s.gear().clone()));
    let on_edit = Callback::new(move |e| ctx.edit(IxEdit::Gear(e)));
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
        view! { <TextInput label=label value on_commit=ctx.text(f) max_chars=80/> }
    });
    let notes = Signal::derive(move || ctx.read(|s| s.character.notes.clone()));
    view! {
        <section class="screen sheet columns ix-sheet" aria-labelledby="sheet-title">
            <header class="sheet-head wide">
                <h1 id="sheet-title">{name}</h1>
                <span class="muted">"Ix character"</span>
            </header>
            <section class="panel" aria-labelledby="ix-who">
                <h2 id="ix-who">"Identity"</h2>
                {texts}
                <Session/>
            </section>
            <skills::Characteristics/>
            <skills::Skills/>
            <health::Health/>
            <health::Injuries/>
            <magic::Conditions/>
            <magic::Magic/>
            // The gear component is a panel of its own, with its "Gear" region and heading.
            <Gear inventory=gear on_edit mode=GearMode::List character_id=id.clone()/>
            <section class="panel" aria-labelledby="ix-notes">
                <h2 id="ix-notes">"Notes"</h2>
                <TextInput label="Notes" value=notes on_commit=ctx.text(Text::Notes) multiline=true/>
            </section>
            <RollLog id/>
        </section>
    }
}

/// The character's Fortune Point for this session.
#[component]
fn Session() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let held = move || ctx.read(|s| s.fortune);
    view! {
        <label class="check">
            <input
                type="checkbox"
                prop:checked=held
                on:change=move |ev| ctx.edit(IxEdit::Fortune(event_target_checked(&ev)))
            />
            "Holds a Fortune Point this session"
        </label>
        <p class="muted small">
            {move || {
                if held() {
                    "Spend it in the tray (Spend a Fortune Point); it is marked spent when you roll."
                } else {
                    "No Fortune Point held. The GM grants one at the start of a session."
                }
            }}
        </p>
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
