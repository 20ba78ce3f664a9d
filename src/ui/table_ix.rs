//! The Ix GM table: session pool, initiative, adversaries, fear, Critical Injury table.
//! One stored document ([`IxTableDoc`]); every change goes through its pure reducer and is
//! saved at once. Rolls use the rules engine with the platform's generator.

use leptos::prelude::*;

mod foes;
mod opposed;

use super::fields::{NumberInput, TextInput};
use super::history::doc_history;
use super::party_rest::Said;
use super::sheet_ix::AddRow;
use super::state::{AppState, Doc};
use super::tray::CryptoRng;
use crate::model::CharacterAction;
use crate::model::ix_checks::{FoeCheck, SheetCheck};
use crate::model::ix_foe::StatBlock;
use crate::model::ix_sheet::{IxEdit, Text};
use crate::model::ix_table::{Fighter, Foe, FoeEntry, IxTableDoc, TableEdit};
use crate::model::session::{IxSession, Point, SessionEdit};
use crate::rules::ix::adversary::{Elite, MinionGroup, Nemesis};
use crate::rules::ix::check::{Against, FortuneState, Reason};
use crate::rules::ix::checks::{Condition, FearOutcome, FearRating, FearSubject, fear_outcome};
use crate::rules::ix::critical::{roll_critical, row_bounds};
use crate::rules::ix::dice::CheckResult;
use crate::rules::ix::error::IxError;
use crate::rules::ix::health::Vitality;
use crate::rules::ix::pool::Pool;
use crate::rules::ix::session::{InitiativeKind, TieBreaker};

/// The table's document and app state, with where the panel using it says what its controls
/// did: a refusal shows beside the buttons that caused it, not at the top of the page.
#[derive(Clone, Copy)]
struct T {
    doc: Doc<IxTableDoc>,
    state: AppState,
    said: RwSignal<Vec<String>>,
}

impl T {
    /// The same table, saying things in a place of its own (one per panel or card).
    fn here(self) -> T {
        T {
            said: RwSignal::new(Vec::new()),
            ..self
        }
    }

    fn say(&self, msg: impl Into<String>) {
        self.said.set(vec![msg.into()]);
    }

    /// Applies an edit; a refusal is said here, and a change that lands clears what was said.
    fn edit(&self, e: TableEdit) {
        match self.doc.dispatch(e) {
            Ok(()) if self.said.with_untracked(|l| !l.is_empty()) => self.said.set(Vec::new()),
            Ok(()) => {}
            Err(msg) => self.say(msg),
        }
    }

    /// Ix characters on the roster: (id, name).
    fn roster(&self) -> Vec<(String, String)> {
        self.state.roster.with(|r| {
            r.characters
                .iter()
                .filter(|c| c.ix().is_some())
                .map(|c| (c.id.clone(), c.name.clone()))
                .collect()
        })
    }

    /// The name of the participant an order slot names (by character id or adversary name).
    fn label(&self, key: &str) -> String {
        let fighter = self
            .doc
            .with(|d| d.fighters.iter().find(|f| f.key() == key).cloned());
        match fighter {
            Some(f) => self.state.roster.with(|r| f.display_name(r)),
            None => key.to_string(),
        }
    }

    /// A roster character's sheet (for pools and vitality).
    fn sheet<R>(
        &self,
        id: &str,
        f: impl FnOnce(&crate::model::ix_sheet::IxSheet) -> R,
    ) -> Option<R> {
        self.state
            .roster
            .with(|r| r.get(id).and_then(|c| c.ix()).map(f))
    }
}

fn roll(pool: Result<Pool, IxError>) -> Result<CheckResult, String> {
    pool.map(|p| p.roll(&mut CryptoRng).result)
        .map_err(|e| e.to_string())
}

fn kind_name(k: InitiativeKind) -> &'static str {
    match k {
        InitiativeKind::OnWatch => "On Watch",
        InitiativeKind::Surprised => "Surprised",
    }
}

/// A button that applies one fixed edit (one shared implementation for all of them).
fn act(t: T, label: impl IntoView + 'static, e: TableEdit) -> impl IntoView {
    view! {
        <button type="button" on:click=move |_| t.edit(e.clone())>
            {label}
        </button>
    }
}

/// A checkbox bound to a local signal (a form's yes/no read when its button is pressed).
fn toggle(label: &'static str, on: RwSignal<bool>) -> impl IntoView {
    view! {
        <label class="check">
            <input type="checkbox" prop:checked=move || on.get() on:change=move |ev| on.set(event_target_checked(&ev))/>
            {label}
        </label>
    }
}

/// A number field bound to a local signal (for forms whose values are used on a button).
fn local(label: &'static str, v: RwSignal<i64>, min: i64, max: i64) -> impl IntoView {
    view! { <NumberInput label value=v min max on_commit=Callback::new(move |x| v.set(x))/> }
}

/// The Ix GM table: session pool, initiative, adversaries, fear, Critical Injury table.
#[component]
pub fn IxTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = T {
        doc: state.doc::<IxTableDoc>(),
        state,
        said: RwSignal::new(Vec::new()),
    };
    provide_context(t);
    // An older version kept the session's points in this table: hand them to the session
    // document once, then forget them here.
    if let Some(pool) = t.doc.with_untracked(|d| d.legacy_session) {
        let flips = t.doc.with_untracked(|d| d.legacy_flips.clone());
        let session = state.doc::<IxSession>();
        if session.dispatch(SessionEdit::Adopt(pool, flips)).is_ok()
            && let Err(m) = t.doc.dispatch(TableEdit::DropLegacySession)
        {
            state.notify(vec![m]);
        }
    }
    view! {
        <div class="sheet columns ix-table">
            <Session/>
            <Initiative/>
            <Adversaries/>
            <foes::Library/>
            <Fear/>
            <opposed::Opposed/>
            <CritEditor/>
            {doc_history::<IxTableDoc>("this table")}
        </div>
    }
}

/// The session's Fortune and Peril Points: the same document every Ix sheet and the tray
/// read, so a point spent anywhere shows here.
#[component]
fn Session() -> impl IntoView {
    let t = expect_context::<T>().here();
    let session = t.state.doc::<IxSession>();
    let players = RwSignal::new(t.roster().len().clamp(1, 12) as i64);
    let who = RwSignal::new(String::new());
    let flip = move |point: Point| {
        let note = who.get_untracked();
        let (who, what) = match note.split_once(':') {
            Some((a, b)) => (a.to_string(), b.to_string()),
            None => (note, String::new()),
        };
        match session.dispatch(SessionEdit::Spend { point, who, what }) {
            Ok(()) => t.said.set(Vec::new()),
            Err(m) => t.say(m),
        }
    };
    let start = move |_| match session.dispatch(SessionEdit::Start(players.get_untracked() as i32))
    {
        Ok(()) => t.said.set(Vec::new()),
        Err(m) => t.say(m),
    };
    view! {
        <section class="panel" aria-labelledby="ixt-session">
            <h2 id="ixt-session">"Session"</h2>
            {local("Players at the table", players, 1, 12)}
            <button type="button" on:click=start>"Start session"</button>
            <p class="muted small">"A session starts with 1 Fortune Point per player and 1 Peril Point for the GM."</p>
            {move || {
                session.with(|s| s.pool).map(|p| {
                    view! {
                        <p class="state-words" role="status" aria-label="Points left">
                            {format!("Fortune {} · Peril {}", p.fortune, p.peril)}
                        </p>
                    }
                })
            }}
            <div class="field">
                <label for="ixt-who">"Who spends, and on what (optional)"</label>
                <input id="ixt-who" type="text" prop:value=move || who.get() on:input=move |ev| who.set(event_target_value(&ev))/>
            </div>
            <div class="row wrap">
                <button type="button" on:click=move |_| flip(Point::Fortune)>"A player spends Fortune"</button>
                <button type="button" on:click=move |_| flip(Point::Peril)>"The GM spends Peril"</button>
            </div>
            <Said label="Session points" lines=t.said/>
            <h3>"Flips"</h3>
            <ol class="small" reversed>
                {move || session.with(|s| s.flips.iter().rev().map(|f| view! { <li>{f.words()}</li> }).collect_view())}
            </ol>
            {move || session.with(|s| s.flips.is_empty()).then(|| view! { <p class="muted small">"No points spent yet."</p> })}
        </section>
    }
}

#[component]
fn Initiative() -> impl IntoView {
    let t = expect_context::<T>().here();
    // Adding participants says its refusals by the add buttons; the order's own below it.
    let setup = t.here();
    let pick = RwSignal::new(String::new());
    let npc_rating = RwSignal::new(2i64);
    let npc_rank = RwSignal::new(1i64);
    let add_pc = move |_| {
        let id = pick.get_untracked();
        if id.is_empty() {
            return setup.say("Choose a character first.");
        }
        setup.edit(TableEdit::AddFighter(Fighter {
            name: String::new(),
            character_id: Some(id),
            kind: InitiativeKind::OnWatch,
            rating: 0,
            rank: 0,
            result: None,
            foe_id: None,
        }));
    };
    let add_npc = Callback::new(move |name: String| {
        setup.edit(TableEdit::AddFighter(Fighter {
            name,
            character_id: None,
            kind: InitiativeKind::OnWatch,
            rating: npc_rating.get_untracked() as i32,
            rank: npc_rank.get_untracked() as i32,
            result: None,
            foe_id: None,
        }))
    });
    // An adversary already on the table joins by choosing it: its stat block rolls.
    let pick_foe = RwSignal::new(String::new());
    let add_foe = move |_| match pick_foe.get_untracked().parse::<usize>() {
        Ok(i) => setup.edit(TableEdit::JoinInitiative(i, InitiativeKind::OnWatch)),
        Err(_) => setup.say("Choose an adversary first."),
    };
    let foe_names = Memo::new(move |_| {
        t.doc.with(|d| {
            d.foes
                .iter()
                .map(|f| f.name().to_string())
                .collect::<Vec<_>>()
        })
    });
    let has_order = Memo::new(move |_| t.doc.with(|d| !d.order.is_empty()));
    let roll_all = move |_| {
        let fighters = t.doc.with_untracked(|d| d.fighters.clone());
        let mut results = Vec::new();
        for f in &fighters {
            let pool = t.state.roster.with_untracked(|r| {
                t.doc
                    .with_untracked(|d| d.initiative_pool(f, r))
                    .map_err(|e| e.to_string())
            });
            match pool.map(|p| p.roll(&mut CryptoRng).result) {
                Ok(r) => results.push(r),
                Err(e) => return t.say(format!("{}: {e}", t.label(f.key()))),
            }
        }
        t.edit(TableEdit::Rolled(results));
    };
    let fighters = move || {
        t.doc.with(|d| {
            d.fighters
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let name = t.label(f.key());
                    let kind = f.kind;
                    let other = match kind {
                        InitiativeKind::OnWatch => InitiativeKind::Surprised,
                        InitiativeKind::Surprised => InitiativeKind::OnWatch,
                    };
                    view! {
                        <li class="row wrap">
                            <span>{name.clone()}</span>
                            <button
                                type="button"
                                aria-label=format!("{name}: {}; switch to {}", kind_name(kind), kind_name(other))
                                on:click=move |_| t.edit(TableEdit::FighterKind(i, other))
                            >
                                {kind_name(kind)}
                            </button>
                            {act(t, format!("Remove {name}"), TableEdit::RemoveFighter(i))}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    // Mouse drag settles ties; the arrow buttons are the keyboard path to the same edit.
    let dragging = RwSignal::new(None::<usize>);
    let drop_on = Callback::new(move |(from, to): (usize, usize)| {
        let (same, name) = t.doc.with_untracked(|d| {
            let g = |k: usize| d.order.get(k).and_then(|s| s.tie_group);
            let key = d.order.get(from).map(|s| s.entry.name.clone());
            (
                g(from).is_some() && g(from) == g(to),
                key.unwrap_or_default(),
            )
        });
        let name = t.label(&name);
        if from == to {
        } else if same {
            t.edit(TableEdit::MoveSlot(from, to));
        } else {
            t.say(format!(
                "{name} can move only among the participants tied with it: drop it on one of them."
            ));
        }
    });
    // One row per slot, kept while what it shows of the order is the same: a hit on an
    // adversary redraws its numbers, not the row (an attack's words stay until the turn moves).
    let rows = Memo::new(move |_| {
        t.doc.with(|d| {
            let n = d.order.len();
            d.order
                .iter()
                .enumerate()
                .map(|(i, slot)| {
                    let group = slot.tie_group;
                    let can = |j: usize| j < n && group.is_some() && d.order[j].tie_group == group;
                    OrderRow {
                        i,
                        key: slot.entry.name.clone(),
                        result: slot.entry.result.describe(),
                        current: i == d.turn,
                        tie: slot.tie_broken_by,
                        grouped: group.is_some(),
                        up: i > 0 && can(i - 1),
                        down: can(i + 1),
                    }
                })
                .collect::<Vec<_>>()
        })
    });
    // Whoever acts now is in view when the turn moves: when the order wraps, the first row is
    // screens above the Next turn button the GM just pressed.
    let turn = Memo::new(move |_| t.doc.with(|d| (d.round, d.turn)));
    Effect::new(move |built: Option<()>| {
        turn.with(|_| ());
        if built.is_some() {
            request_animation_frame(|| {
                if let Ok(Some(row)) = document().query_selector(".order > li[aria-current]") {
                    crate::ui::sections::reveal(&row);
                }
            });
        }
    });
    let order = move || {
        view! {
            <For each=move || rows.get() key=|r| r.clone() let:r>
                <OrderSlot row=r dragging drop_on/>
            </For>
        }
    };
    view! {
        <section class="panel" aria-labelledby="ixt-init">
            <h2 id="ixt-init">"Initiative"</h2>
            // Setting up is done before the fight: once the order is rolled it folds away, so
            // the order (the fight) leads; it opens again on a tap or when the order is cleared.
            <details class="init-setup" prop:open=move || !has_order.get()>
            <summary>{move || {
                let n = t.doc.with(|d| d.fighters.len());
                match n {
                    0 => "Who takes part".to_string(),
                    1 => "Who takes part: 1".to_string(),
                    n => format!("Who takes part: {n}"),
                }
            }}</summary>
            <div class="field">
                <label for="ixt-pc">"Character from the roster"</label>
                <select id="ixt-pc" on:change=move |ev| pick.set(event_target_value(&ev))>
                    <option value="">"Choose…"</option>
                    {move || t.roster().into_iter().map(|(id, n)| view! { <option value=id>{n}</option> }).collect_view()}
                </select>
            </div>
            <button type="button" on:click=add_pc>"Add character"</button>
            <div class="field">
                <label for="ixt-foe-pick">"Adversary on the table"</label>
                <select id="ixt-foe-pick" on:change=move |ev| pick_foe.set(event_target_value(&ev))>
                    <option value="">"Choose…"</option>
                    {move || foe_names.get().into_iter().enumerate().map(|(i, n)| view! { <option value=i.to_string()>{n}</option> }).collect_view()}
                </select>
            </div>
            <button type="button" on:click=add_foe>"Add adversary"</button>
            <details>
                <summary>"Add an adversary or NPC by hand"</summary>
                <div class="ix-grid">
                    {local("Savvy or Willpower", npc_rating, 1, 6)}
                    {local("Perception or Readiness rank", npc_rank, 0, 5)}
                </div>
                <AddRow label="Adversary name" on_add=add_npc/>
            </details>
            <Said label="Adding to initiative" lines=setup.said/>
            <ul class="list-plain" aria-label="Participants">{fighters}</ul>
            <div class="row wrap">
                <button type="button" class="primary" on:click=roll_all>"Roll initiative for all"</button>
                {act(t, "Clear order", TableEdit::ClearInitiative)}
            </div>
            </details>
            <p role="status" class="state-words">
                {move || t.doc.with(|d| (d.round > 0).then(|| format!("Round {}", d.round)))}
            </p>
            <Upkeep/>
            {move || t.doc.with(|d| d.order.iter().any(|s| s.tie_group.is_some())).then(|| view! {
                <p class="muted small">"Tied participants show a grip: drag one within its tie, or use its arrow buttons."</p>
            })}
            <ol class="list-plain order" aria-label="Turn order">{order}</ol>
            <Said label="Initiative" lines=t.said/>
            // Turns can only be stepped once there is an order to step through. The memo redraws
            // the buttons only when that changes, so a keyboard user's focus stays on Next turn.
            {move || has_order.get().then(|| view! {
                <div class="row wrap">
                    {act(t, "Previous turn", TableEdit::Step(false))}
                    {act(t, "Next turn", TableEdit::Step(true))}
                </div>
            })}
        </section>
    }
}

/// What one turn-order row shows of the order itself (its state comes from the sheet or the
/// adversary, read live).
#[derive(Clone, PartialEq, Eq, Hash)]
struct OrderRow {
    i: usize,
    /// The participant's key (a roster id, or an adversary's name).
    key: String,
    /// The initiative check, in words.
    result: String,
    current: bool,
    tie: Option<TieBreaker>,
    grouped: bool,
    up: bool,
    down: bool,
}

/// One participant's row in the turn order: where it stands, its state at a glance and what
/// is done to it or by it in a fight, in place. Its own turn adds its attacks and the way on.
#[component]
fn OrderSlot(
    row: OrderRow,
    dragging: RwSignal<Option<usize>>,
    drop_on: Callback<(usize, usize)>,
) -> impl IntoView {
    // The row's refusals and what its buttons did, said in the row, for it and its parts.
    let t = expect_context::<T>().here();
    provide_context(t);
    let OrderRow {
        i,
        key,
        result,
        current,
        tie,
        grouped,
        up,
        down,
    } = row;
    let name = t.label(&key);
    let pc = t.doc.with_untracked(|d| {
        d.fighters
            .iter()
            .find(|f| f.key() == key)
            .and_then(|f| f.character_id.clone())
    });
    let foe = {
        let key = key.clone();
        Memo::new(move |_| t.doc.with(|d| d.foe_index(&key)))
    };
    let tie = tie.map(|b| match b {
        TieBreaker::Players => "tied: the players choose the order",
        TieBreaker::Gm => "tied: the GM chooses the order",
    });
    let drag_name = name.clone();
    let state = match pc {
        Some(id) => view! { <PcTurn id name=name.clone()/> }.into_any(),
        None => (move || foe.get().map(|f| view! { <FoeTurn i=f acting=current/> })).into_any(),
    };
    view! {
        <li
            aria-current=current.then_some("true")
            draggable=grouped.then_some("true")
            class:dragging=move || dragging.get() == Some(i)
            on:dragstart=move |ev| {
                dragging.set(Some(i));
                // Firefox starts a drag only when data is set.
                if let Some(dt) = ev.data_transfer() {
                    let _ = dt.set_data("text/plain", &drag_name);
                }
            }
            on:dragover=move |ev| {
                if dragging.get_untracked().is_some() {
                    ev.prevent_default();
                }
            }
            on:drop=move |ev| {
                ev.prevent_default();
                if let Some(from) = dragging.get_untracked() {
                    dragging.set(None);
                    drop_on.run((from, i));
                }
            }
            on:dragend=move |_| dragging.set(None)
        >
            <div class="row wrap order-head">
                {grouped.then(|| view! { <span class="grip" aria-hidden="true">"⠿"</span> })}
                <strong>{format!("{}. {name}", i + 1)}</strong>
                <span>{result}</span>
                {current.then(|| view! { <span class="flag">"Acting now"</span> })}
                {tie.map(|x| view! { <small class="muted">{x}</small> })}
                {up.then(|| {
                    let name = name.clone();
                    view! {
                        <button type="button" aria-label=format!("Move {name} up") on:click=move |_| t.edit(TableEdit::MoveSlot(i, i - 1))>"↑"</button>
                    }
                })}
                {down.then(|| {
                    let name = name.clone();
                    view! {
                        <button type="button" aria-label=format!("Move {name} down") on:click=move |_| t.edit(TableEdit::MoveSlot(i, i + 1))>"↓"</button>
                    }
                })}
            </div>
            {state}
            // On a phone the order's own buttons are far below a long fight: the one acting
            // hands on from its row.
            {current.then(|| view! {
                <div class="row wrap">
                    <button type="button" on:click=move |_| t.edit(TableEdit::Step(true))>
                        {format!("End {name}'s turn")}
                    </button>
                </div>
            })}
            <p class="said" role="status">{move || t.said.get().join(" ")}</p>
        </li>
    }
}

/// A roster character's state in the order, read from its sheet and changed through it (one
/// source of truth): Wounds and Strain, conditions, injuries, and the Critical Injury owed.
#[component]
fn PcTurn(id: String, name: String) -> impl IntoView {
    let t = expect_context::<T>();
    let id = StoredValue::new(id);
    let name = StoredValue::new(name);
    // A change, not a new total, so a step from another tab or the sheet is not undone; a
    // Wound taken here is a hit, which owes the automatic crit on a character already down.
    let hurt = move |delta: i32| {
        let id = id.get_value();
        let edit = if delta < 0 {
            IxEdit::Harm {
                strain: false,
                n: delta.saturating_neg(),
                from_attack: true,
            }
        } else {
            IxEdit::Recover {
                strain: false,
                n: delta,
            }
        };
        if let Err(m) = t.state.dispatch(CharacterAction::EditIx { id, edit }) {
            t.say(m);
        }
    };
    let roll_crit = move |_| {
        let said = crate::ui::sheet_ix::outcome::roll_injury_for(t.state, t.doc, &id.get_value());
        t.say(format!("{}: {said}", name.get_value()));
    };
    let state = move || {
        t.sheet(&id.get_value(), |s| {
            let c = &s.character;
            let h = &c.health;
            let mut words = vec![format!(
                "Wounds {} of {} · Strain {} of {}",
                h.wounds, h.wounds_max, h.strain, h.strain_max
            )];
            words.extend(c.conditions.iter().map(|x| x.name().to_string()));
            match c.critical_injuries.len() {
                0 => {}
                1 => words.push("1 Critical Injury".into()),
                n => words.push(format!("{n} Critical Injuries")),
            }
            (
                words.join(" · "),
                match h.vitality() {
                    Vitality::Standing => None,
                    Vitality::Dead => Some("Dead"),
                    Vitality::Incapacitated { .. } => Some("Incapacitated"),
                },
                s.critical_owed,
            )
        })
    };
    view! {
        {move || match state() {
            None => view! { <p class="muted small">"No longer on this device."</p> }.into_any(),
            Some((words, down, owed)) => {
                let n = name.get_value();
                view! {
                    <div class="row wrap">
                        {down.map(|flag| view! { <span class="flag">{flag}</span> })}
                        <span class="vitals">{words}</span>
                        <button type="button" aria-label=format!("{n} takes 1 Wound") on:click=move |_| hurt(-1)>"−1 Wound"</button>
                        <button type="button" aria-label=format!("{n} heals 1 Wound") on:click=move |_| hurt(1)>"+1 Wound"</button>
                        {owed.then(|| view! {
                            <span class="flag">"Critical Injury owed"</span>
                            <button type="button" class="primary" on:click=roll_crit>
                                {format!("Roll Critical Injury on {n}")}
                            </button>
                        })}
                    </div>
                }
                .into_any()
            }
        }}
    }
}

/// An adversary's state in the order (members standing, Wounds and Strain left, fear,
/// injuries) with damage and healing in place; on its turn, its attacks too.
#[component]
fn FoeTurn(i: usize, acting: bool) -> impl IntoView {
    let t = expect_context::<T>();
    let amount = RwSignal::new(1i64);
    let foe = move || t.doc.with(|d| d.foes.get(i).cloned());
    let name = Memo::new(move |_| foe().map(|f| f.name().to_string()).unwrap_or_default());
    let state = move || {
        foe().map(|f| {
            let mut words = vec![match &f.foe {
                Foe::Minions(m) => format!(
                    "{} of {} standing · Wounds {} of {}",
                    m.standing(),
                    m.members,
                    m.wounds.max(0),
                    m.wounds_max()
                ),
                Foe::Elite(e) => format!("Wounds {} of {}", e.health.wounds, e.health.wounds_max),
                Foe::Nemesis(n) => format!(
                    "Wounds {} of {} · Strain {} of {}",
                    n.health.wounds, n.health.wounds_max, n.health.strain, n.health.strain_max
                ),
            }];
            words.extend(f.condition().map(str::to_string));
            match f.injuries.len() {
                0 => {}
                1 => words.push("1 Critical Injury".into()),
                n => words.push(format!("{n} Critical Injuries")),
            }
            let flag = match (&f.foe, f.dead(), f.down()) {
                (Foe::Minions(_), _, true) => Some("Defeated"),
                (_, true, _) => Some("Dead"),
                (_, false, true) => Some("Incapacitated"),
                _ => None,
            };
            (words.join(" · "), flag, f.critical_owed)
        })
    };
    let amt = move || amount.get_untracked() as i32;
    view! {
        {move || state().map(|(words, down, owed)| {
            let n = name.get();
            view! {
                <div class="row wrap">
                    {down.map(|flag| view! { <span class="flag">{flag}</span> })}
                    <span class="vitals">{words}</span>
                    {owed.then(|| view! {
                        <span class="flag">"Critical Injury owed"</span>
                        <button type="button" class="primary" on:click=move |_| roll_foe_crit(t, i)>
                            {format!("Roll Critical Injury for {n}")}
                        </button>
                    })}
                </div>
            }
        })}
        <div class="row wrap foe-harm">
            <NumberInput label=Signal::derive(move || format!("Damage or heal {} by", name.get())) value=amount min=1 max=99 on_commit=Callback::new(move |v| amount.set(v))/>
            <button type="button" aria-label=move || format!("Damage {}", name.get()) on:click=move |_| t.edit(TableEdit::Damage(i, amt(), true))>"Damage"</button>
            <button type="button" aria-label=move || format!("Heal {}", name.get()) on:click=move |_| t.edit(TableEdit::Damage(i, -amt(), false))>"Heal"</button>
        </div>
        {acting.then(|| view! { <foes::FoeWeapons i in_order=true/> })}
    }
}

/// Rolls adversary `i`'s Critical Injury (+10 for each it carries) onto it.
fn roll_foe_crit(t: T, i: usize) {
    let carried = t
        .doc
        .with_untracked(|d| d.foes.get(i).map_or(0, |f| f.injuries.len() as i32));
    match roll_critical(&mut CryptoRng, carried) {
        Ok(r) => t.edit(TableEdit::FoeInjury(i, r.row)),
        Err(e) => t.say(e.to_string()),
    }
}

/// Each round's reminder for the characters in the fight who hold a Concentration spell: pay
/// 1 Strain (off their sheet, as the sheet's own button does) or let it go.
#[component]
fn Upkeep() -> impl IntoView {
    let t = expect_context::<T>().here();
    let held = Memo::new(move |_| {
        let round = t.doc.with(|d| d.round);
        let list = t.state.roster.with(|r| t.doc.with(|d| d.concentrating(r)));
        (round > 0 && !list.is_empty()).then_some((round, list))
    });
    move || {
        let (round, list) = held.get()?;
        let rows = list
            .into_iter()
            .map(|c| {
                let id = c.id.clone();
                let end = CharacterAction::EditIx {
                    id: c.id.clone(),
                    edit: IxEdit::EndConcentration,
                };
                let state = if c.paid {
                    format!(
                        "{} keeps {} going: paid for round {round}.",
                        c.name, c.spell
                    )
                } else {
                    format!(
                        "{} keeps {} going: 1 Strain due for round {round}.",
                        c.name, c.spell
                    )
                };
                view! {
                    <li class="row wrap">
                        <span>{state}</span>
                        {(!c.paid).then(|| view! {
                            <button
                                type="button"
                                aria-label=format!("{} pays 1 Strain for {}", c.name, c.spell)
                                on:click=move |_| t.edit(TableEdit::Upkeep(id.clone()))
                            >
                                "Pay 1 Strain"
                            </button>
                        })}
                        <button
                            type="button"
                            aria-label=format!("{} ends {}", c.name, c.spell)
                            on:click=move |_| {
                                if let Err(e) = t.state.dispatch(end.clone()) {
                                    t.say(e);
                                }
                            }
                        >
                            "End it"
                        </button>
                    </li>
                }
            })
            .collect_view();
        Some(view! {
            <div class="upkeep" role="group" aria-label="Concentration upkeep">
                <ul class="list-plain">{rows}</ul>
                <Said label="Concentration upkeep" lines=t.said/>
            </div>
        })
    }
}

#[component]
fn Adversaries() -> impl IntoView {
    let t = expect_context::<T>().here();
    let kind = RwSignal::new(0usize);
    let wounds = RwSignal::new(5i64);
    let members = RwSignal::new(3i64);
    let rank = RwSignal::new(1i64);
    let strain = RwSignal::new(10i64);
    let peril = RwSignal::new(2i64);
    let immune = RwSignal::new(false);
    let will = RwSignal::new(2i64);
    let discipline = RwSignal::new(1i64);
    let add = Callback::new(move |name: String| {
        let (w, im) = (wounds.get_untracked() as i32, immune.get_untracked());
        let foe = match kind.get_untracked() {
            0 => MinionGroup::new(
                &name,
                w,
                members.get_untracked() as i32,
                rank.get_untracked() as i32,
                im,
            )
            .map(Foe::Minions),
            1 => Elite::new(&name, w, im).map(Foe::Elite),
            _ => Nemesis::new(
                &name,
                w,
                strain.get_untracked() as i32,
                peril.get_untracked() as i32,
                im,
            )
            .map(Foe::Nemesis),
        };
        if name.is_empty() {
            return t.say("Give the adversary a name.");
        }
        let mut stats = StatBlock::default();
        stats.characteristics.willpower = will.get_untracked() as i32;
        // A Minion group checks with its group skill rank, typed above.
        let rank = discipline.get_untracked() as i32;
        if kind.get_untracked() != 0 && rank > 0 {
            stats.skills.push(crate::rules::ix::stats::Skill {
                name: "Discipline".into(),
                characteristic: crate::rules::ix::stats::Characteristic::Willpower,
                rank,
            });
        }
        match foe {
            Ok(f) => t.edit(TableEdit::AddFoeWithStats(f, Box::new(stats))),
            Err(e) => t.say(e.to_string()),
        }
    });
    let count = Memo::new(move |_| t.doc.with(|d| d.foes.len()));
    let cards = move || {
        (0..count.get())
            .map(|i| view! { <FoeCard i/> })
            .collect_view()
    };
    view! {
        <section class="panel" aria-labelledby="ixt-foes">
            <h2 id="ixt-foes">"Adversaries"</h2>
            // The cards first: in a fight they are what the GM works with, the acting one at
            // the top beside the turn order; the form to add one follows.
            <ul class="list-plain foes" aria-label="Adversaries on the table">{cards}</ul>
            <h3>"Add an adversary"</h3>
            <div class="row wrap" role="group" aria-label="Kind of adversary">
                {["Minion group", "Elite", "Nemesis"].into_iter().enumerate().map(|(k, l)| view! {
                    <button type="button" aria-pressed=move || (kind.get() == k).to_string() on:click=move |_| kind.set(k)>{l}</button>
                }).collect_view()}
            </div>
            <div class="ix-grid">
                {move || local(if kind.get() == 0 { "Wounds per minion" } else { "Wounds" }, wounds, 1, 99)}
                <Show when=move || kind.get() == 0>
                    {local("Members", members, 1, 30)}
                    {local("Group skill rank", rank, 0, 5)}
                </Show>
                <Show when=move || kind.get() == 2>
                    {local("Strain", strain, 0, 99)}
                    {local("Own Peril", peril, 0, 20)}
                </Show>
                {local("Willpower", will, 1, 6)}
                <Show when=move || kind.get() != 0>
                    {local("Discipline rank", discipline, 0, 5)}
                </Show>
            </div>
            {toggle("Immune to fear", immune)}
            <AddRow label="Adversary name" on_add=add/>
            <Said label="Adding an adversary" lines=t.said/>
        </section>
    }
}

#[component]
fn FoeCard(i: usize) -> impl IntoView {
    let t = expect_context::<T>().here();
    let amount = RwSignal::new(1i64);
    let foe = move || t.doc.with(|d| d.foes.get(i).cloned());
    let name = move || foe().map(|f| f.name().to_string()).unwrap_or_default();
    let summary = move || {
        foe().map(|f: FoeEntry| {
            let mut s = match &f.foe {
                Foe::Minions(m) => format!(
                    "Minion group: {} of {} standing, {} of {} Wounds; skill rank {}",
                    m.standing(),
                    m.members,
                    m.wounds.max(0),
                    m.wounds_max(),
                    m.best_skill_rank
                ),
                Foe::Elite(e) => format!(
                    "Elite: {} of {} Wounds (Strain is taken as Wounds)",
                    e.health.wounds, e.health.wounds_max
                ),
                Foe::Nemesis(n) => format!(
                    "Nemesis: {} of {} Wounds, {} of {} Strain, {} of {} Peril",
                    n.health.wounds,
                    n.health.wounds_max,
                    n.health.strain,
                    n.health.strain_max,
                    n.peril,
                    n.peril_max
                ),
            };
            let (will, rank) = f.fear_ratings("Discipline");
            s.push_str(&match f.foe {
                Foe::Minions(_) => format!("; fear checks: Willpower {will}"),
                _ => format!("; fear checks: Willpower {will}, Discipline {rank}"),
            });
            let b = &f.stats;
            if b.melee_defense > 0 || b.ranged_defense > 0 {
                s.push_str(&format!(
                    "; Defense: melee {}, ranged {}",
                    b.melee_defense, b.ranged_defense
                ));
            }
            if f.down() {
                s.push_str(". Down");
            }
            s
        })
    };
    let nemesis = move || matches!(foe().map(|f| f.foe), Some(Foe::Nemesis(_)));
    // The adversary whose turn it is leads the column (CSS `order`), beside the turn order on
    // a laptop: its card and its buttons in view without scrolling the column.
    let acting = Memo::new(move |_| {
        t.doc
            .with(|d| d.order.get(d.turn).and_then(|s| d.foe_index(&s.entry.name)) == Some(i))
    });
    let amt = move || amount.get_untracked() as i32;
    let crit = move |_| roll_foe_crit(t, i);
    let injuries = move || {
        let rows = foe().map(|f| f.injuries).unwrap_or_default();
        t.doc.with(|d| {
            rows.iter()
                .enumerate()
                .map(|(k, r)| {
                    let (lo, hi) = row_bounds(*r);
                    let n = d
                        .critical
                        .rows
                        .get(*r)
                        .map(|x| x.name.clone())
                        .unwrap_or_default();
                    view! {
                        <li class="row">
                            {format!("{n} ({lo}–{hi})")}
                            {act(t, format!("Remove {n}"), TableEdit::RemoveFoeInjury(i, k))}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <li class="foe" class:acting=move || acting.get()>
            <h3>{name}</h3>
            {move || acting.get().then(|| view! { <p class="flag">"Acting now"</p> })}
            <p role="status">{summary}</p>
            {move || foe().is_some_and(|f| f.critical_owed).then(|| view! {
                <p><span class="flag">"Critical Injury owed"</span>" A hit took them down, or hit them while down."</p>
            })}
            {move || foe().and_then(|f| f.condition()).map(|c| view! {
                <p><span class="flag">{c}</span>
                {act(t, format!("Clear {c}"), TableEdit::Calm(i))}</p>
            })}
            <NumberInput label=Signal::derive(move || format!("Amount for {}", name())) value=amount min=1 max=99 on_commit=Callback::new(move |v| amount.set(v))/>
            <div class="row wrap">
                <button type="button" on:click=move |_| t.edit(TableEdit::Damage(i, amt(), true))>"Damage"</button>
                <button type="button" on:click=move |_| t.edit(TableEdit::Damage(i, -amt(), false))>"Heal"</button>
                <Show when=nemesis>
                    <button type="button" on:click=move |_| t.edit(TableEdit::Strain(i, amt()))>"Strain"</button>
                    <button type="button" on:click=move |_| t.edit(TableEdit::Strain(i, -amt()))>"Recover Strain"</button>
                    <button type="button" on:click=move |_| {
                        let p = foe().and_then(|f| match f.foe { Foe::Nemesis(n) => Some(n.peril), _ => None }).unwrap_or(0);
                        t.edit(TableEdit::NemesisPeril(i, p - 1))
                    }>"Spend own Peril"</button>
                </Show>
                <button
                    type="button"
                    class:primary=move || foe().is_some_and(|f| f.critical_owed)
                    on:click=crit
                >
                    "Roll Critical Injury"
                </button>
                {act(t, Signal::derive(move || format!("Keep {} in the library", name())), TableEdit::Keep(i))}
                {act(t, Signal::derive(move || format!("Remove {}", name())), TableEdit::RemoveFoe(i))}
            </div>
            <Said label=format!("{} on the table", t.doc.with_untracked(|d| d.foes.get(i).map(|f| f.name().to_string())).unwrap_or_default()) lines=t.said/>
            <ul class="list-plain small" aria-label="Critical Injuries">{injuries}</ul>
            <foes::FoeStats i/>
        </li>
    }
}

#[component]
fn Fear() -> impl IntoView {
    let t = expect_context::<T>().here();
    let rating = RwSignal::new(2i64);
    let source = RwSignal::new(String::new());
    let discipline = RwSignal::new(false);
    let rally_target = RwSignal::new(None::<usize>);
    let rally_leader = RwSignal::new(None::<usize>);
    let rallied = RwSignal::new(String::new());
    let chosen = RwSignal::new(Vec::<String>::new());
    let lines = RwSignal::new(Vec::<String>::new());
    // Participants: "c:<id>" for roster characters, "f:<index>" for adversaries.
    let options = move || {
        let mut v: Vec<(String, String)> = t
            .roster()
            .into_iter()
            .map(|(id, n)| (format!("c:{id}"), n))
            .collect();
        t.doc.with(|d| {
            v.extend(
                d.foes
                    .iter()
                    .enumerate()
                    .map(|(i, f)| (format!("f:{i}"), f.name().to_string())),
            )
        });
        v
    };
    let run = move |_| {
        let r = match FearRating::new(rating.get_untracked() as i32) {
            Ok(r) => r,
            Err(e) => return t.say(e.to_string()),
        };
        let skill = if discipline.get_untracked() {
            "Discipline"
        } else {
            "Readiness"
        };
        let src = source.get_untracked().trim().to_string();
        if src.is_empty() {
            return lines.set(vec![
                "Name the source of fear first: each one is checked once a scene.".into(),
            ]);
        }
        let mut out = Vec::new();
        // Who checked, as the table remembers them: a roster id, or an adversary's name.
        let mut faced = Vec::new();
        for key in chosen.get_untracked() {
            let Some(name) = options().into_iter().find(|(k, _)| *k == key).map(|x| x.1) else {
                continue;
            };
            let who = key.strip_prefix("c:").unwrap_or(&name).to_string();
            if t.doc.with_untracked(|d| d.fear_faced(&src, &who)) {
                out.push(format!(
                    "{name}: already checked against {src} this scene (once per source a scene; New scene starts over)"
                ));
                continue;
            }
            faced.push(who);
            let sudden = skill == "Readiness";
            if let Some(id) = key.strip_prefix("c:") {
                // The one check door, as the sheet would: the character's own conditions and
                // carried Bane dice go on it (and the carried ones are used up by it).
                let check = t.sheet(id, |s| {
                    let what = SheetCheck::Fear { rating: r, sudden };
                    s.check(what, FortuneState::Available, None, Against::Own)
                });
                let Some(check) = check else { continue };
                let carried = check.as_ref().is_ok_and(|c| {
                    c.parts
                        .iter()
                        .any(|(p, on)| *on && matches!(p.reason, Reason::CarriedBanes(_)))
                });
                match check
                    .map_err(|e| e.to_string())
                    .and_then(|c| roll(Ok(c.pool())))
                {
                    Ok(res) => {
                        if carried {
                            let _ = t.state.dispatch(CharacterAction::EditIx {
                                id: id.to_string(),
                                edit: IxEdit::ClearCarriedBanes,
                            });
                        }
                        let o = fear_outcome(FearSubject::PlayerCharacter, false, &res);
                        if o == FearOutcome::Frightened {
                            for edit in [
                                IxEdit::AddCondition(Condition::Frightened),
                                IxEdit::SetText(Text::FrightenedBy, src.clone()),
                            ] {
                                let _ = t.state.dispatch(CharacterAction::EditIx {
                                    id: id.to_string(),
                                    edit,
                                });
                            }
                        }
                        out.push(format!("{name}: {} → {}", res.describe(), o.words()));
                    }
                    Err(e) => out.push(format!("{name}: {e}")),
                }
            } else if let Some(i) = key.strip_prefix("f:").and_then(|x| x.parse::<usize>().ok()) {
                let Some(f) = t.doc.with_untracked(|d| d.foes.get(i).cloned()) else {
                    continue;
                };
                let (subject, immune) = match &f.foe {
                    Foe::Minions(m) => (FearSubject::MinionGroup, m.immune_to_fear),
                    Foe::Elite(e) => (FearSubject::Elite, e.immune_to_fear),
                    Foe::Nemesis(n) => (FearSubject::Nemesis, n.immune_to_fear),
                };
                if immune {
                    out.push(format!("{name}: immune, no check"));
                    continue;
                }
                // The one door: its own ratings, its fear condition, a group's passive bonus.
                let check = f.check(FoeCheck::Fear { rating: r, sudden }, None, Against::Own);
                match check
                    .map_err(|e| e.to_string())
                    .and_then(|c| roll(Ok(c.pool())))
                {
                    Ok(res) => {
                        let o = fear_outcome(subject, false, &res);
                        t.edit(TableEdit::Fear(i, res, r));
                        out.push(format!("{name}: {} → {}", res.describe(), o.words()));
                    }
                    Err(e) => out.push(format!("{name}: {e}")),
                }
            }
        }
        if out.is_empty() {
            out.push("Tick at least one participant.".into());
        }
        if !faced.is_empty()
            && let Err(e) = t.doc.dispatch(TableEdit::FearFaced {
                source: src,
                who: faced,
            })
        {
            out.push(e);
        }
        lines.set(out);
    };
    // The Demoralized adversaries a leader could rally: (index, name).
    let demoralized = move || {
        t.doc.with(|d| {
            d.foes
                .iter()
                .enumerate()
                .filter(|(_, f)| f.condition() == Some("Demoralized"))
                .map(|(i, f)| (i, f.name().to_string()))
                .collect::<Vec<_>>()
        })
    };
    // Adversaries who could lead a Rally: (index, name).
    let leaders = move || {
        t.doc.with(|d| {
            d.foes
                .iter()
                .enumerate()
                .map(|(i, f)| (i, f.name().to_string()))
                .collect::<Vec<_>>()
        })
    };
    // One check rallies one Minion group or Elite, by the one door: the leader's own
    // Leadership and fear condition, against the rating that caused Demoralized.
    let rally = move |_| {
        let Some((i, name)) = demoralized()
            .into_iter()
            .find(|(i, _)| Some(*i) == rally_target.get_untracked())
            .or_else(|| demoralized().into_iter().next())
        else {
            return rallied.set("No adversary is Demoralized.".into());
        };
        let Some(leader) = rally_leader
            .get_untracked()
            .or_else(|| leaders().into_iter().map(|(l, _)| l).find(|l| *l != i))
        else {
            return rallied.set("Add the adversary who leads them first.".into());
        };
        let Ok(fallback) = FearRating::new(rating.get_untracked() as i32) else {
            return rallied.set("Set the Fear rating, 1 to 4.".into());
        };
        let check = t.doc.with_untracked(|d| d.rally_check(leader, i, fallback));
        let res = check
            .map_err(|e| e.to_string())
            .and_then(|c| roll(Ok(c.pool())));
        rallied.set(match res {
            Ok(res) => match t.doc.dispatch(TableEdit::Rally(i, res)) {
                Ok(()) if res.succeeded => {
                    format!("Leadership: {}. {name} is no longer Demoralized.", res.describe())
                }
                Ok(()) => format!(
                    "Leadership: {}. {name} stays Demoralized; the leader may try again on a later turn.",
                    res.describe()
                ),
                Err(e) => e,
            },
            Err(e) => format!("The leader cannot rally anyone: {e}"),
        });
    };
    view! {
        <section class="panel" aria-labelledby="ixt-fear">
            <h2 id="ixt-fear">"Fear"</h2>
            <div class="field">
                <label for="ixt-src">"Source of fear"</label>
                <input id="ixt-src" type="text" prop:value=move || source.get() on:input=move |ev| source.set(event_target_value(&ev))/>
            </div>
            <div class="ix-grid">
                {local("Fear rating", rating, 1, 4)}
            </div>
            {toggle("Dread that builds (Discipline; otherwise Readiness)", discipline)}
            <fieldset>
                <legend>"Who checks"</legend>
                {move || options().into_iter().map(|(k, n)| {
                    let k2 = k.clone();
                    view! {
                        <label class="check">
                            <input type="checkbox"
                                prop:checked=move || chosen.with(|c| c.contains(&k))
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    chosen.update(|c| { c.retain(|x| *x != k2); if on { c.push(k2.clone()); } });
                                }/>
                            {n}
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <div class="row wrap">
                <button type="button" class="primary" on:click=run>"Roll fear checks"</button>
                <button
                    type="button"
                    on:click=move |_| {
                        if t.doc.dispatch(TableEdit::NewScene).is_ok() {
                            lines.set(vec!["New scene: every source of fear may be checked against again.".into()]);
                        }
                    }
                >
                    "New scene"
                </button>
            </div>
            <p class="muted small">"Once per source a scene, when it is brought to bear; not again each round."</p>
            <Said label="Fear check" lines=t.said/>
            <div role="status"><ul class="list-plain" aria-label="Fear results">
                {move || lines.get().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
            </ul></div>
            <details>
                <summary>"Lift Demoralized with Leadership"</summary>
                <div class="field">
                    <label for="ixt-leader">"Leader"</label>
                    <select
                        id="ixt-leader"
                        on:change=move |ev| rally_leader.set(event_target_value(&ev).parse().ok())
                    >
                        {move || leaders().into_iter().map(|(i, n)| view! {
                            <option value=i.to_string() selected=move || rally_leader.get() == Some(i)>{n}</option>
                        }).collect_view()}
                    </select>
                </div>
                <div class="field">
                    <label for="ixt-rally">"Rally"</label>
                    <select
                        id="ixt-rally"
                        on:change=move |ev| rally_target.set(event_target_value(&ev).parse().ok())
                    >
                        {move || demoralized().into_iter().map(|(i, n)| view! {
                            <option value=i.to_string() selected=move || rally_target.get() == Some(i)>{n}</option>
                        }).collect_view()}
                    </select>
                </div>
                <p class="muted small">"Against the Fear rating that caused it; a Frightened or Demoralized leader cannot."</p>
                <button type="button" on:click=rally>"Roll Leadership"</button>
                <p class="said" role="status" aria-label="Leadership">{move || rallied.get()}</p>
            </details>
        </section>
    }
}

#[component]
fn CritEditor() -> impl IntoView {
    let t = expect_context::<T>().here();
    let rows = (0..crate::rules::ix::critical::ROW_COUNT)
        .map(|i| {
            let (lo, hi) = row_bounds(i);
            let get = move |effect: bool| {
                Signal::derive(move || {
                    t.doc.with(|d| {
                        d.critical
                            .rows
                            .get(i)
                            .map(|r| if effect { r.effect.clone() } else { r.name.clone() })
                            .unwrap_or_default()
                    })
                })
            };
            let (name, effect) = (get(false), get(true));
            let set = move |is_effect: bool| {
                Callback::new(move |v: String| {
                    let (n, e) = if is_effect { (name.get_untracked(), v) } else { (v, effect.get_untracked()) };
                    t.edit(TableEdit::CritRow(i, n, e))
                })
            };
            view! {
                <li>
                    <strong>{format!("{lo}–{hi}")}</strong>
                    <div>
                        <TextInput label=format!("Name of row {lo}–{hi}") value=name on_commit=set(false) max_chars=200 shared=true/>
                        <TextInput label=format!("Effect of row {lo}–{hi}") value=effect on_commit=set(true) max_chars=200 shared=true/>
                    </div>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="panel wide" aria-labelledby="ixt-crit">
            <h2 id="ixt-crit">"Critical Injury table"</h2>
            <details>
                <summary>"Edit the 25 rows"</summary>
                <ul class="list-plain crit-rows">{rows}</ul>
                {act(t, "Reset to default", TableEdit::ResetCritical)}
                <Said label="Critical Injury table" lines=t.said/>
            </details>
        </section>
    }
}
