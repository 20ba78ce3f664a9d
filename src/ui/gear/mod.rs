//! The inventory-slot manager, shared by both sheets: each carrier's slots as a grid, the
//! item editor and quick-add, moving by tap, keyboard or drag, Use with the Depletion check,
//! and warnings. Every change is checked with the pure reducer first, so a refusal is shown
//! here, in words, and nothing is sent.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::fields::{NumberInput, TextInput};
use super::tray::faces::Shown;
use super::tray::{CryptoRng, Outcome, TrayContext};
use crate::model::gear::{GearEdit, MAX_NAME, MAX_NOTES, apply_gear};
use crate::rules::expedition::inventory::{COMMON_ITEMS, CarrierKind, Inventory, Item, ItemKind};
use crate::rules::expedition::tables::{DepletionReading, depletion_check};

/// How the gear component draws an inventory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GearMode {
    /// Expedition: slot grids with capacities.
    Slots,
    /// Ix: a plain list without slot limits.
    List,
}

/// "Torches (1 slot, last use)".
pub(crate) fn item_words(it: &Item) -> String {
    let mut parts = vec![match it.size {
        1 => "1 slot".to_string(),
        n => format!("{n} slots"),
    }];
    if it.quantity > 0 {
        parts.push(format!("× {}", it.quantity));
    }
    if let Some(d) = it.depletion {
        parts.push(format!("Depletion {d}+"));
    }
    if it.value > 0 {
        parts.push(format!("{} Cash", it.value));
    }
    if it.last_use {
        parts.push("last use".into());
    }
    format!("{} ({})", it.name, parts.join(", "))
}

fn is_item_button(e: &ev::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| el.class_list().contains("item"))
}

/// A character's gear. `inventory` is read from the character; every change is sent to
/// `on_edit` (the sheet wraps it in its own edit and dispatches it).
#[component]
pub fn Gear(
    inventory: Signal<Inventory>,
    on_edit: Callback<GearEdit>,
    mode: GearMode,
    /// The character, for the tray's log of Depletion checks.
    character_id: String,
) -> impl IntoView {
    let list = mode == GearMode::List;
    let msg = RwSignal::new(None::<String>);
    let sel = RwSignal::new(None::<(usize, usize)>);
    let dest = RwSignal::new(None::<usize>);
    let editing = RwSignal::new(false);
    let undo = RwSignal::new(None::<(usize, Item, String)>);
    let renaming = RwSignal::new(None::<usize>);
    let removing = RwSignal::new(None::<usize>);
    let add_to = RwSignal::new(0usize);
    let quick = RwSignal::new(String::new());
    let new_carrier = RwSignal::new(String::new());
    let new_kind = RwSignal::new(0usize);
    let who = StoredValue::new(character_id);

    // Every change is tried on a copy first: a refusal is shown here and nothing is sent.
    let send = move |e: GearEdit| -> bool {
        let mut copy = inventory.get_untracked();
        if list && !copy.unlimited {
            on_edit.run(GearEdit::Unlimited(true));
            copy.unlimited = true;
        }
        match apply_gear(&mut copy, e.clone()) {
            Ok(()) => {
                msg.set(None);
                on_edit.run(e);
                true
            }
            Err(m) => {
                msg.set(Some(m));
                false
            }
        }
    };
    let item_at = move |c: usize, i: usize| {
        inventory.with_untracked(|v| v.carriers.get(c).and_then(|c| c.items.get(i)).cloned())
    };
    let clear = move || {
        sel.set(None);
        dest.set(None);
        editing.set(false);
    };
    let move_to = move |to: usize| {
        if let Some((c, i)) = sel.get_untracked() {
            if c == to {
                dest.set(None);
                return;
            }
            let name = item_at(c, i).map(|it| it.name).unwrap_or_default();
            if send(GearEdit::Move {
                from: c,
                index: i,
                to,
            }) {
                let there = inventory.with_untracked(|v| v.carriers[to].name.clone());
                clear();
                msg.set(Some(format!("Moved {name} to {there}.")));
            }
        }
    };
    let remove = move |c: usize, i: usize, why: &str| {
        if let Some(it) = item_at(c, i)
            && send(GearEdit::Remove {
                carrier: c,
                index: i,
            })
        {
            clear();
            undo.set(Some((c, it.clone(), format!("{} {why}.", it.name))));
        }
    };
    let use_item = move |c: usize, i: usize| {
        let Some(it) = item_at(c, i) else { return };
        let Some(score) = it.depletion else { return };
        if it.last_use {
            remove(c, i, "was on its last use and is gone");
            return;
        }
        let Ok(r) = depletion_check(&mut CryptoRng, score) else {
            return;
        };
        let face = r.faces.first().copied().unwrap_or(0);
        let last = r.reading == DepletionReading::LastUse;
        let words = format!(
            "{}: d20 showing {face} against {score}+: {}",
            it.name,
            if last {
                "last use, it runs out next time"
            } else {
                "holds"
            }
        );
        if send(GearEdit::Depleted {
            carrier: c,
            index: i,
            reading: r.reading,
        }) {
            msg.set(Some(words.clone()));
            if let Some(TrayContext(tray)) = use_context::<TrayContext>() {
                tray.who.set(Some(who.get_value()));
                tray.label.set(format!("Depletion: {}", it.name));
                tray.finish(Outcome {
                    mode: "Table",
                    pool: format!("d20 vs Depletion {score}"),
                    groups: vec![(
                        String::new(),
                        vec![(Shown::Plain(20, face.into()), format!("d20 showing {face}"))],
                    )],
                    words,
                    notes: vec![],
                });
            }
        }
    };
    let step_dest = move |d: isize| {
        let Some((from, _)) = sel.get_untracked() else {
            return;
        };
        let n = inventory.with_untracked(|v| v.carriers.len()) as isize;
        if n < 2 {
            return;
        }
        let mut t = dest.get_untracked().map_or(from as isize, |x| x as isize);
        loop {
            t = (t + d).rem_euclid(n);
            if t as usize != from {
                break;
            }
        }
        dest.set(Some(t as usize));
    };
    let on_key = move |e: ev::KeyboardEvent| {
        if sel.get_untracked().is_none() || !is_item_button(&e) {
            return;
        }
        match e.key().as_str() {
            "ArrowRight" | "ArrowDown" => step_dest(1),
            "ArrowLeft" | "ArrowUp" => step_dest(-1),
            "Enter" if dest.get_untracked().is_some() => {
                if let Some(t) = dest.get_untracked() {
                    move_to(t);
                }
            }
            "Escape" => clear(),
            _ => return,
        }
        e.prevent_default();
    };

    let header = move || {
        inventory.with(|v| {
            let me = &v.carriers[0];
            let burdens = v
                .burdens()
                .iter()
                .map(|i| i.name.clone())
                .collect::<Vec<_>>();
            view! {
                {(!list).then(|| view! {
                    <p class="gear-count">
                        <strong>{format!("{} / {}", me.used(), me.kind.capacity())}</strong>
                        " slots used, "
                        {format!("{} free", me.free())}
                    </p>
                })}
                <ul class="gear-warn" aria-label="Gear warnings">
                    {v.warnings().into_iter().map(|w| view! { <li><span class="flag">"Warning"</span> " " {w}</li> }).collect_view()}
                </ul>
                {(!burdens.is_empty()).then(|| view! {
                    <p class="muted small">
                        {format!(
                            "Armour and shields carried (+{} Ob on endurance, balance and climbing tests and on channeling): {}",
                            burdens.len(),
                            burdens.join(", "),
                        )}
                    </p>
                })}
            }
        })
    };

    let carriers = move || {
        let rn = renaming.get();
        let rm = removing.get();
        inventory.with(|v| {
            let n = v.carriers.len();
            let all: Vec<(usize, String, u32)> = v
                .carriers
                .iter()
                .enumerate()
                .map(|(i, c)| (i, c.name.clone(), c.free()))
                .collect();
            v.carriers
                .iter()
                .enumerate()
                .take(if list { 1 } else { n })
                .map(|(ci, c)| {
                    let cap = c.kind.capacity();
                    let name = c.name.clone();
                    let title = if ci == 0 { "Carried".to_string() } else { name.clone() };
                    let cells = c.items.iter().enumerate().filter(|(_, it)| list || it.size > 0);
                    let items = cells
                        .map(|(ii, it)| {
                            let cols = if ci == 0 { 5 } else { 3 };
                            let span = u32::from(it.size).clamp(1, cols);
                            let rows = u32::from(it.size).div_ceil(cols).max(1);
                            let words = item_words(it);
                            view! {
                                <li class=format!("cell c{span} r{rows}")>
                                    <button
                                        type="button"
                                        class="item"
                                        class:last=it.last_use
                                        class:bulky=(it.size > 1)
                                        draggable="true"
                                        aria-pressed=move || (sel.get() == Some((ci, ii))).to_string()
                                        on:click=move |_| {
                                            if sel.get_untracked() == Some((ci, ii)) {
                                                clear();
                                            } else {
                                                sel.set(Some((ci, ii)));
                                                dest.set(None);
                                                editing.set(false);
                                            }
                                        }
                                        on:dragstart=move |e: ev::DragEvent| {
                                            if let Some(dt) = e.data_transfer() {
                                                let _ = dt.set_data("text/plain", &format!("{ci}:{ii}"));
                                            }
                                            sel.set(Some((ci, ii)));
                                        }
                                    >
                                        {words}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view();
                    let free_items = c
                        .items
                        .iter()
                        .enumerate()
                        .filter(|(_, it)| !list && it.size == 0)
                        .map(|(ii, it)| {
                            let words = item_words(it);
                            view! {
                                <li>
                                    <button
                                        type="button"
                                        class="item"
                                        class:last=it.last_use
                                        draggable="true"
                                        aria-pressed=move || (sel.get() == Some((ci, ii))).to_string()
                                        on:click=move |_| {
                                            if sel.get_untracked() == Some((ci, ii)) {
                                                clear();
                                            } else {
                                                sel.set(Some((ci, ii)));
                                                dest.set(None);
                                                editing.set(false);
                                            }
                                        }
                                        on:dragstart=move |_: ev::DragEvent| sel.set(Some((ci, ii)))
                                    >
                                        {words}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view();
                    let empty = (0..if list { 0 } else { c.free() })
                        .map(|_| view! { <li class="cell empty" aria-hidden="true"></li> })
                        .collect_view();
                    let used = c.used();
                    let free = c.free();
                    let over = !list && used > cap;
                    let label = title.clone();
                    let name2 = name.clone();
                    let name3 = name.clone();
                    let others = all.iter().filter(|(i, _, _)| *i != ci).cloned().collect::<Vec<_>>();
                    view! {
                        <section
                            class="carrier"
                            class:dest=move || dest.get() == Some(ci)
                            class:over=over
                            aria-label=label
                            on:dragover=move |e: ev::DragEvent| e.prevent_default()
                            on:drop=move |e: ev::DragEvent| {
                                e.prevent_default();
                                move_to(ci);
                            }
                        >
                            <div class="carrier-head">
                                <h3>{title}</h3>
                                {(!list).then(|| view! {
                                    <span class="muted">
                                        {format!("{} · {used} / {cap}", c.kind.label())}
                                        {over.then_some(" · over capacity")}
                                    </span>
                                })}
                                <button
                                    type="button"
                                    class="primary move-here"
                                    hidden=move || sel.get().is_none_or(|(c, _)| c == ci)
                                    on:click=move |_| move_to(ci)
                                >
                                    {format!("Move here ({free} free)")}
                                </button>
                            </div>
                            <ul class="grid" class:narrow=ci != 0 class:list=list aria-label=format!("{name} slots")>
                                {items}
                                {empty}
                            </ul>
                            {(!list && c.items.iter().any(|i| i.size == 0)).then(|| view! {
                                <div class="free-strip">
                                    <h4>"Free (0 slots)"</h4>
                                    <ul aria-label=format!("{name} free items")>{free_items}</ul>
                                </div>
                            })}
                            {(ci > 0).then(|| view! {
                                <div class="row">
                                    <button type="button" on:click=move |_| renaming.set(Some(ci))>
                                        {format!("Rename {name2}")}
                                    </button>
                                    <button
                                        type="button"
                                        class="danger"
                                        on:click=move |_| {
                                            let empty = inventory.with_untracked(|v| v.carriers[ci].items.is_empty());
                                            if empty {
                                                send(GearEdit::RemoveCarrier { carrier: ci, items_to: 0 });
                                            } else {
                                                removing.set(Some(ci));
                                            }
                                        }
                                    >
                                        {format!("Remove {name3}")}
                                    </button>
                                </div>
                            })}
                            {(rn == Some(ci)).then(|| {
                                let draft = RwSignal::new(name.clone());
                                view! {
                                    <form class="row" on:submit=move |e| {
                                        e.prevent_default();
                                        if send(GearEdit::RenameCarrier { carrier: ci, name: draft.get_untracked() }) {
                                            renaming.set(None);
                                        }
                                    }>
                                        <label class="field">
                                            {format!("New name for {name}")}
                                            <input type="text" maxlength=MAX_NAME prop:value=move || draft.get() on:input=move |e| draft.set(event_target_value(&e))/>
                                        </label>
                                        <button type="submit" class="primary">"Save name"</button>
                                        <button type="button" on:click=move |_| renaming.set(None)>"Cancel"</button>
                                    </form>
                                }
                            })}
                            {(rm == Some(ci)).then(|| view! {
                                <div class="ask" role="group" aria-label="Where should its items go?">
                                    <p>{format!("{} carries {used} slots of gear. Move it all to:", c.name)}</p>
                                    <div class="row">
                                        {others.iter().map(|(to, n, f)| {
                                            let to = *to;
                                            view! {
                                                <button type="button" on:click=move |_| {
                                                    if send(GearEdit::RemoveCarrier { carrier: ci, items_to: to }) {
                                                        removing.set(None);
                                                        clear();
                                                    }
                                                }>
                                                    {format!("{n} ({f} free)")}
                                                </button>
                                            }
                                        }).collect_view()}
                                        <button type="button" on:click=move |_| removing.set(None)>"Cancel"</button>
                                    </div>
                                </div>
                            })}
                        </section>
                    }
                })
                .collect_view()
        })
    };

    // The selected item's actions and, on demand, its editor. Outside the grids' view so
    // typing in the editor never rebuilds the field being typed in.
    let cur = Signal::derive(move || {
        sel.get().and_then(|(c, i)| {
            inventory.with(|v| v.carriers.get(c).and_then(|c| c.items.get(i)).cloned())
        })
    });
    let update = move |f: &dyn Fn(&mut Item)| {
        if let (Some((c, i)), Some(mut it)) = (sel.get_untracked(), cur.get_untracked()) {
            f(&mut it);
            send(GearEdit::Update {
                carrier: c,
                index: i,
                item: it,
            });
        }
    };
    let num =
        move |f: fn(&Item) -> i64| Signal::derive(move || cur.with(|c| c.as_ref().map_or(0, f)));
    let text = move |f: fn(&Item) -> String| {
        Signal::derive(move || cur.with(|c| c.as_ref().map(f).unwrap_or_default()))
    };
    let editor = move || {
        let ammo = move || {
            cur.with(|c| {
                c.as_ref()
                    .is_some_and(|c| matches!(c.kind, ItemKind::Ranged | ItemKind::Ammunition))
            })
        };
        view! {
            <div class="editor" role="group" aria-label="Edit item">
                <TextInput label="Name" value=text(|i| i.name.clone()) max_chars=MAX_NAME on_commit=Callback::new(move |s: String| update(&|i| i.name = s.clone()))/>
                <div class="editor-nums">
                    <NumberInput label="Slots" value=num(|i| i.size.into()) min=0 max=15 on_commit=Callback::new(move |n: i64| update(&|i| i.size = n as u8))/>
                    <NumberInput label="Quantity" hint="0 when not counted" value=num(|i| i.quantity.into()) min=0 max=9999 on_commit=Callback::new(move |n: i64| update(&|i| i.quantity = n as u32))/>
                    <NumberInput label="Depletion score" hint="1-20; 0 for none" value=num(|i| i.depletion.unwrap_or(0).into()) min=0 max=20 on_commit=Callback::new(move |n: i64| update(&|i| { i.depletion = (n > 0).then_some(n as u8); i.last_use &= n > 0; }))/>
                    <NumberInput label="Cash value" value=num(|i| i.value.into()) min=0 max=100_000 on_commit=Callback::new(move |n: i64| update(&|i| i.value = n as u32))/>
                </div>
                <label class="field">
                    "Kind"
                    <select
                        prop:value=move || cur.with(|c| c.as_ref().map(|c| format!("{:?}", c.kind)).unwrap_or_default())
                        on:change=move |e| {
                            let v = event_target_value(&e);
                            if let Some(k) = ItemKind::ALL.into_iter().find(|k| format!("{k:?}") == v) {
                                update(&|i| i.kind = k);
                            }
                        }
                    >
                        {ItemKind::ALL.into_iter().map(|k| view! { <option value=format!("{k:?}")>{k.label()}</option> }).collect_view()}
                    </select>
                </label>
                <Show when=ammo>
                    <TextInput
                        label="Ammunition type (e.g. arrows)"
                        value=text(|i| i.needs_ammo.clone().or_else(|| i.ammo_type.clone()).unwrap_or_default())
                        max_chars=MAX_NAME
                        on_commit=Callback::new(move |s: String| update(&|i| {
                            let t = (!s.trim().is_empty()).then(|| s.trim().to_string());
                            if i.kind == ItemKind::Ranged { i.needs_ammo = t; i.ammo_type = None } else { i.ammo_type = t; i.needs_ammo = None }
                        }))
                    />
                </Show>
                <TextInput label="Notes" multiline=true value=text(|i| i.notes.clone()) max_chars=MAX_NOTES on_commit=Callback::new(move |s: String| update(&|i| i.notes = s.clone()))/>
                <button type="button" class="primary" on:click=move |_| editing.set(false)>"Done"</button>
            </div>
        }
    };
    let selected = move || {
        let (c, i) = sel.get()?;
        let it = cur.get()?;
        let name = it.name.clone();
        let dest_words = dest.get().and_then(|t| {
            inventory.with(|v| {
                v.carriers.get(t).map(|c| {
                    format!(
                        "Destination: {}, {} free. Enter moves it, Escape cancels.",
                        c.name,
                        c.free()
                    )
                })
            })
        });
        Some(view! {
            <div class="selected" role="region" aria-label="Selected item">
                <p>
                    <strong>{item_words(&it)}</strong>
                    {(!it.notes.is_empty()).then(|| view! { <span class="muted">" · " {it.notes.clone()}</span> })}
                </p>
                <p class="muted small" aria-live="polite">
                    {dest_words.unwrap_or_else(|| if list { String::new() } else { "Tap \"Move here\" on a carrier, drag it, or press the arrow keys then Enter.".into() })}
                </p>
                <div class="row">
                    {it.depletion.map(|_| view! {
                        <button type="button" class="primary" on:click=move |_| use_item(c, i)>
                            {format!("Use {name}")}
                        </button>
                        <button type="button" on:click=move |_| remove(c, i, "used up")>"Used up"</button>
                    })}
                    <button type="button" aria-expanded=move || editing.get().to_string() on:click=move |_| editing.update(|e| *e = !*e)>"Edit"</button>
                    <button type="button" class="danger" on:click=move |_| remove(c, i, "removed")>"Remove"</button>
                    <button type="button" on:click=move |_| clear()>"Deselect"</button>
                </div>
            </div>
        })
    };

    let quick_add = move |new: bool| {
        let item = if new {
            Some(Item::new("New item"))
        } else {
            COMMON_ITEMS
                .iter()
                .find(|c| c.name == quick.get_untracked())
                .map(|c| c.item())
        };
        let Some(item) = item else {
            msg.set(Some("Choose an item from the list first.".into()));
            return;
        };
        let to = if list { 0 } else { add_to.get_untracked() };
        let name = item.name.clone();
        if send(GearEdit::Add { carrier: to, item }) {
            let (i, there) = inventory.with_untracked(|v| {
                let c = &v.carriers[to];
                (c.items.len() - 1, c.name.clone())
            });
            sel.set(Some((to, i)));
            dest.set(None);
            editing.set(new);
            msg.set(Some(format!("Added {name} to {there}.")));
        }
    };

    view! {
        <section class="gear panel wide" aria-label="Gear" on:keydown=on_key>
            <h2>"Gear"</h2>
            {header}
            <div class="gear-add row">
                <label class="field">
                    "Common item"
                    <select prop:value=move || quick.get() on:change=move |e| quick.set(event_target_value(&e))>
                        <option value="">"Choose…"</option>
                        {COMMON_ITEMS.iter().map(|c| {
                            let d = c.depletion.map(|d| format!(", Depletion {d}+")).unwrap_or_default();
                            view! { <option value=c.name>{format!("{} (Cost {}{d}, {} slot{})", c.name, c.cost, c.size, if c.size == 1 { "" } else { "s" })}</option> }
                        }).collect_view()}
                    </select>
                </label>
                {(!list).then(|| view! {
                    <label class="field">
                        "Add to"
                        <select prop:value=move || add_to.get().to_string() on:change=move |e| add_to.set(event_target_value(&e).parse().unwrap_or(0))>
                            {move || inventory.with(|v| v.carriers.iter().enumerate().map(|(i, c)| view! { <option value=i.to_string()>{format!("{} ({} free)", c.name, c.free())}</option> }).collect_view())}
                        </select>
                    </label>
                })}
                <button type="button" class="primary" on:click=move |_| quick_add(false)>"Add"</button>
                <button type="button" on:click=move |_| quick_add(true)>"New item"</button>
            </div>
            <p class="gear-msg" role="alert">{move || msg.get()}</p>
            {move || undo.get().map(|(c, it, words)| view! {
                <p class="gear-undo" role="status">
                    {words} " "
                    <button type="button" on:click=move |_| {
                        let c = inventory.with_untracked(|v| if c < v.carriers.len() { c } else { 0 });
                        if send(GearEdit::Add { carrier: c, item: it.clone() }) {
                            undo.set(None);
                        }
                    }>"Undo"</button>
                </p>
            })}
            <div class="carriers">{carriers}</div>
            {selected}
            <Show when=move || editing.get() && sel.get().is_some()>{editor}</Show>
            {(!list).then(|| view! {
                <form class="row gear-carrier-add" on:submit=move |e| {
                    e.prevent_default();
                    let kind = CarrierKind::ADDABLE[new_kind.get_untracked().min(5)];
                    let mut name = new_carrier.get_untracked();
                    if name.trim().is_empty() {
                        let n = inventory.with_untracked(|v| v.carriers.len());
                        name = format!("{} {n}", kind.label());
                    }
                    if send(GearEdit::AddCarrier { name, kind }) {
                        new_carrier.set(String::new());
                    }
                }>
                    <label class="field">
                        "Carrier"
                        <select prop:value=move || new_kind.get().to_string() on:change=move |e| new_kind.set(event_target_value(&e).parse().unwrap_or(0))>
                            {CarrierKind::ADDABLE.iter().enumerate().map(|(i, k)| view! { <option value=i.to_string()>{format!("{} ({} slots)", k.label(), k.capacity())}</option> }).collect_view()}
                        </select>
                    </label>
                    <label class="field">
                        "Carrier name"
                        <input type="text" maxlength=MAX_NAME prop:value=move || new_carrier.get() on:input=move |e| new_carrier.set(event_target_value(&e))/>
                    </label>
                    <button type="submit">"Add carrier"</button>
                </form>
            })}
        </section>
    }
}
