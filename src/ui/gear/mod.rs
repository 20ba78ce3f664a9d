//! The inventory-slot manager, shared by both sheets: each carrier's slots as a grid, the
//! item editor and quick-add, moving by tap, keyboard or drag, Use with the Depletion check,
//! and warnings. Every change is checked with the pure reducer first, so a refusal is shown
//! here, in words, and nothing is sent.
//!
//! Size matters more than anything here: the grids are drawn by one plain view function from
//! the current state, and every button says what it does in a `data-a` attribute read by one
//! delegated handler, so the component compiles to a handful of closures however many buttons
//! it draws. Focus is put back on the same button after each redraw.

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::tray::{CryptoRng, Outcome, Shown, TrayHandle};
use crate::model::EditError;
use crate::model::gear::{GearEdit, MAX_NAME, MAX_NOTES, apply_gear};
use crate::rules::expedition::money::treasure_to_cash;
use crate::rules::expedition::tables::{DepletionReading, depletion_check};
use crate::rules::inventory::{COMMON_ITEMS, CarrierKind, Inventory, Item, ItemKind, ix_item};

mod action;
mod markup;

pub use action::GearAction;

/// How the gear component draws an inventory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GearMode {
    /// Expedition: slot grids with capacities.
    Slots,
    /// Ix: a plain list without slot limits.
    List,
}

pub(crate) use markup::{Member, esc, party_html};

/// A button whose action is `act`, read by the delegated click handler.
fn btn(act: GearAction, label: &str) -> impl IntoView {
    view! { <button type="button" data-a=act.to_string()>{label.to_string()}</button> }
}

/// The `data-a` action of the element an event started in (or its nearest ancestor).
fn action_of(e: &web_sys::Event, attr: &str) -> Option<String> {
    e.target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest(&format!("[{attr}]"))
        .ok()??
        .get_attribute(attr)
}

/// The editor's first field, focused when the editor opens.
const EDITOR_FIELD: &str = ".gear .editor input";

/// Where keyboard focus goes after the next redraw (a CSS selector).
pub(crate) type Focus = StoredValue<Option<String>>;

/// Asks for focus on the button whose action is `act` once the markup is redrawn.
fn focus_act(want: Focus, act: GearAction) {
    let act = act.to_string();
    want.set_value(Some(format!("[data-a=\"{act}\"]")));
}

/// Brings the selected item's panel (its actions) into view when it sits below the screen's
/// visible part: the panel is not pinned over the grid, so on a phone it can start out of sight.
fn reveal_selected(body: NodeRef<html::Div>) {
    // Called a frame late: the gear may have gone by then, and its node reference with it.
    let Some(panel) = body
        .try_get_untracked()
        .flatten()
        .and_then(|b| b.query_selector(".selected").ok().flatten())
    else {
        return;
    };
    let Some(w) = web_sys::window() else { return };
    // The visible part ends where the dock (the Dice button's bar) starts.
    let visible_bottom = document()
        .query_selector(".dock")
        .ok()
        .flatten()
        .map(|dock| dock.get_bounding_client_rect().top())
        .or_else(|| w.inner_height().ok().and_then(|h| h.as_f64()))
        .unwrap_or(0.0);
    let bottom = panel.get_bounding_client_rect().bottom();
    if bottom > visible_bottom {
        w.scroll_by_with_x_and_y(0.0, bottom - visible_bottom + 8.0);
    }
}

/// Draws markup into `el` whenever `html` changes and, in the same task, puts focus where the
/// last action asked, so a key pressed straight after a redraw lands on the right control.
pub(crate) fn live_html(el: NodeRef<html::Div>, want: Focus, html: impl Fn() -> String + 'static) {
    Effect::new(move |_| {
        let h = html();
        let Some(el) = el.get() else { return };
        // Without an explicit request, the control that had focus keeps it (found again by
        // the attribute that names it).
        let mine = want.get_value().is_none();
        if mine
            && let Some(a) = document().active_element()
            && el.contains(Some(&a))
        {
            want.set_value(
                ["id", "data-a", "data-p", "data-cap", "value", "href"]
                    .iter()
                    .find_map(|k| {
                        a.get_attribute(k)
                            .map(|v| format!("[{k}=\"{}\"]", v.replace('"', "\\\"")))
                    }),
            );
        }
        el.set_inner_html(&h);
        if let Some(sel) = want.get_value()
            && let Some(t) = document()
                .query_selector(&sel)
                .ok()
                .flatten()
                .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
        {
            want.set_value(None);
            let _ = t.focus();
        }
        // A request that found nothing is dropped, so it cannot steal focus later; only the
        // editor's field waits for the editor's own redraw.
        if mine || want.get_value().is_some_and(|w| w != EDITOR_FIELD) {
            want.set_value(None);
        }
    });
}

/// What a form control holds now (read when a button acts, so typing costs no redraw).
fn value_of(el: Option<impl JsCast>) -> String {
    el.and_then(|e| js_sys::Reflect::get(e.unchecked_ref(), &"value".into()).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// Sends edits to the sheet after trying them on a copy.
#[derive(Clone, Copy)]
struct Sender {
    inventory: Signal<Inventory>,
    on_edit: Callback<GearEdit>,
    list: bool,
    msg: RwSignal<Option<String>>,
}

impl Sender {
    /// Every change is tried on a copy first: a refusal is shown in place and nothing is sent.
    /// Called from a dozen places, so kept out of line.
    #[inline(never)]
    fn send(self, e: GearEdit) -> bool {
        let mut copy = self.inventory.get_untracked();
        if self.list && !copy.unlimited {
            self.on_edit.run(GearEdit::Unlimited(true));
            copy.unlimited = true;
        }
        match apply_gear(&mut copy, e.clone()) {
            Ok(()) => {
                self.msg.set(None);
                self.on_edit.run(e);
                true
            }
            Err(m) => {
                self.msg.set(Some(m.to_string()));
                false
            }
        }
    }
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
    /// An Expedition character away from a Haven: treasure is not cashed in yet, and the
    /// refusal is said in the gear rather than sent to the sheet.
    #[prop(optional)]
    away_from_haven: Option<Signal<bool>>,
) -> impl IntoView {
    let list = mode == GearMode::List;
    let msg = RwSignal::new(None::<String>);
    let sel = RwSignal::new(None::<(usize, usize)>);
    let dest = RwSignal::new(None::<usize>);
    let editing = RwSignal::new(false);
    let undo = RwSignal::new(None::<(usize, Item, String)>);
    let renaming = RwSignal::new(None::<usize>);
    let ren_err = RwSignal::new(None::<(String, String)>);
    let want: Focus = StoredValue::new(None);
    let (body_el, editor_el) = (NodeRef::<html::Div>::new(), NodeRef::<html::Div>::new());
    // The table's slot limit for an Ix list (set on the party screen).
    let cap = list
        .then(|| {
            let id = character_id.clone();
            expect_context::<super::state::AppState>()
                .doc::<crate::model::party::PartyDoc>()
                .with_untracked(|d| d.capacity(&id))
        })
        .flatten();
    let removing = RwSignal::new(None::<usize>);
    let add_to = RwSignal::new(0usize);
    let who = StoredValue::new(character_id);
    let quick = RwSignal::new(String::new());
    let root = NodeRef::<html::Section>::new();
    // A control's value, read when a button acts (so typing costs no redraw).
    let field = move |name: &str| {
        let el = root
            .get_untracked()
            .and_then(|r| r.query_selector(&format!("[name={name}]")).ok().flatten());
        value_of(el)
    };

    let ctx = Sender {
        inventory,
        on_edit,
        list,
        msg,
    };
    let send = move |e: GearEdit| ctx.send(e);
    let item_at = move |c: usize, i: usize| {
        inventory.with_untracked(|v| v.carriers.get(c).and_then(|c| c.items.get(i)).cloned())
    };
    let clear = move || {
        sel.set(None);
        dest.set(None);
        editing.set(false);
    };
    let move_to = move |to: usize| {
        let Some((c, i)) = sel.get_untracked() else {
            return;
        };
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
            let (n, there) = inventory
                .with_untracked(|v| (v.carriers[to].items.len(), v.carriers[to].name.clone()));
            clear();
            msg.set(Some(format!("Moved {name} to {there}.")));
            focus_act(want, GearAction::Select(to, n.saturating_sub(1)));
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
            if let Some(tray) = use_context::<TrayHandle>() {
                let outcome = Outcome {
                    mode: "Table",
                    pool: format!("d20 vs Depletion {score}"),
                    groups: vec![(
                        String::new(),
                        vec![(Shown::Plain(20, face.into()), format!("d20 showing {face}"))],
                    )],
                    words,
                    notes: vec![],
                };
                let label = format!("Depletion: {}", it.name);
                tray.show_roll(Some(who.get_value()), label, outcome);
            }
        }
    };
    let add = move |new: bool| {
        let item = if new {
            Some(Item::new("New item"))
        } else {
            let q = field("q");
            quick.set(q.clone());
            if list {
                ix_item(&q)
            } else {
                COMMON_ITEMS.iter().find(|c| c.name == q).map(|c| c.item())
            }
        };
        let Some(item) = item else {
            msg.set(Some("Choose an item from the list first.".into()));
            return;
        };
        let to = if list {
            0
        } else {
            field("to").parse().unwrap_or(0)
        };
        add_to.set(to);
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

    // The editor is drawn when it opens and then left alone, so typing never rebuilds the
    // field being typed in; each field is saved as it changes.
    let eid = super::fields::field_id("gear-ed");
    let editor = move || {
        let open = editing.get();
        sel.get()
            .filter(|_| open)
            .and_then(|(c, i)| item_at(c, i))
            .map(|it| markup::editor_html(&it, &eid, list))
            .unwrap_or_default()
    };
    let save_field = move |el: &web_sys::Element| {
        let Some(key) = el.get_attribute("data-f") else {
            return;
        };
        let v = value_of(Some(el.clone()));
        let (Some((c, i)), Some(mut it)) = (
            sel.get_untracked(),
            sel.get_untracked().and_then(|(c, i)| item_at(c, i)),
        ) else {
            return;
        };
        let max = markup::FIELDS
            .iter()
            .find(|f| f.0 == key)
            .map_or(0, |f| f.3);
        let result = if key == "kind" {
            it.kind = v
                .parse::<usize>()
                .ok()
                .and_then(|i| ItemKind::ALL.get(i).copied())
                .unwrap_or_default();
            Ok(())
        } else if max > 0 {
            super::fields::check_number(&v, 0, max).map(|n| match key.as_str() {
                "size" => it.size = n as u8,
                "qty" => it.quantity = n as u32,
                "dep" => {
                    it.depletion = (n > 0).then_some(n as u8);
                    it.last_use &= n > 0;
                }
                _ => it.value = n as u32,
            })
        } else {
            let limit = if key == "notes" { MAX_NOTES } else { MAX_NAME };
            let n = v.chars().count();
            if n > limit {
                Err(format!("{n} characters; the limit here is {limit}."))
            } else {
                match key.as_str() {
                    "name" => it.name = v,
                    "notes" => it.notes = v,
                    _ => {
                        let t = (!v.trim().is_empty()).then(|| v.trim().to_string());
                        if matches!(it.kind, ItemKind::Ranged | ItemKind::Light) {
                            (it.needs_ammo, it.ammo_type) = (t, None);
                        } else {
                            (it.needs_ammo, it.ammo_type) = (None, t);
                        }
                    }
                }
                Ok(())
            }
        };
        let result = result.and_then(|()| {
            if send(GearEdit::Update {
                carrier: c,
                index: i,
                item: it,
            }) {
                Ok(())
            } else {
                Err(msg.get_untracked().unwrap_or_default())
            }
        });
        // The message sits under the field, in place, and the field keeps what was typed.
        let err = result.err();
        let _ = el.set_attribute("aria-invalid", if err.is_some() { "true" } else { "false" });
        if let Some(small) = document().get_element_by_id(&format!("{}-e", el.id())) {
            small.set_text_content(err.as_deref());
        }
    };
    let on_field = move |e: &ev::Event, typing: bool| {
        // A field being edited gets "change" as it is removed with the sheet (a character
        // deleted in another tab), after the sheet's signals are gone: nothing is left to save.
        if sel.is_disposed() {
            return;
        }
        let Some(el) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let text = matches!(
            el.get_attribute("data-f").as_deref(),
            Some("name" | "notes" | "ammo")
        );
        if typing == text {
            save_field(&el);
        }
    };

    // One handler for every button, by the action its `data-a` names.
    // A new selection starts with no destination chosen and the editor closed.
    let select = move |c: usize, i: usize| {
        sel.set(Some((c, i)));
        dest.set(None);
        editing.set(false);
    };
    // What an action says is drawn at the top of the gear, far above an item's actions on a
    // phone: it is brought into sight once drawn, wherever the tap was.
    Effect::new(move |built: Option<()>| {
        // Read on every run, the first too: an effect hears only what it has read.
        let said = msg.with(Option::is_some);
        if built.is_some() && said {
            request_animation_frame(move || {
                if let Some(line) = body_el
                    .try_get_untracked()
                    .flatten()
                    .and_then(|b| b.query_selector(".gear-msg").ok().flatten())
                {
                    crate::ui::sections::reveal(&line);
                }
            });
        }
    });
    let act = move |a: GearAction| {
        let s = sel.get_untracked();
        match a {
            GearAction::Select(x, y) if s == Some((x, y)) => clear(),
            GearAction::Select(x, y) => {
                select(x, y);
                request_animation_frame(move || reveal_selected(body_el));
            }
            GearAction::MoveTo(x) => move_to(x),
            GearAction::Wear(on) => {
                if let Some((0, i)) = s {
                    send(GearEdit::Wear { index: i, on });
                }
            }
            GearAction::Use => {
                if let Some((c, i)) = s {
                    use_item(c, i)
                }
            }
            GearAction::UsedUp => {
                if let Some((c, i)) = s {
                    remove(c, i, "used up")
                }
            }
            GearAction::CashIn => {
                if let Some((c, i)) = s
                    && let Some(it) = item_at(c, i)
                    && let Err(why) = treasure_to_cash(
                        &it.name,
                        !away_from_haven.is_some_and(|a| a.get_untracked()),
                    )
                {
                    msg.set(Some(EditError::from(why).to_string()));
                } else if let Some((c, i)) = s
                    && let Some(it) = item_at(c, i)
                    && send(GearEdit::CashIn {
                        carrier: c,
                        index: i,
                    })
                {
                    clear();
                    msg.set(Some(format!("Cashed in {}: +{} Cash.", it.name, it.value)));
                }
            }
            GearAction::Remove => {
                if let Some((c, i)) = s {
                    remove(c, i, "removed")
                }
            }
            GearAction::ToggleEditor => editing.update(|e| *e = !*e),
            GearAction::Deselect => clear(),
            GearAction::AddCommon => add(false),
            GearAction::AddNew => add(true),
            GearAction::Undo => {
                if let Some((c, it, _)) = undo.get_untracked() {
                    let c = inventory.with_untracked(|v| if c < v.carriers.len() { c } else { 0 });
                    if send(GearEdit::Add {
                        carrier: c,
                        item: it,
                    }) {
                        undo.set(None);
                    }
                }
            }
            GearAction::Rename(x) => {
                ren_err.set(None);
                renaming.set(Some(x));
            }
            GearAction::SaveName(x) => {
                let typed = field("rn");
                if send(GearEdit::RenameCarrier {
                    carrier: x,
                    name: typed.clone(),
                }) {
                    renaming.set(None);
                    ren_err.set(None);
                    focus_act(want, GearAction::Rename(x));
                    return;
                } else {
                    // The reason goes beside the field, which keeps what was typed.
                    ren_err.set(Some((typed, msg.get_untracked().unwrap_or_default())));
                    msg.set(None);
                    want.set_value(Some("[name=rn]".into()));
                    return;
                }
            }
            GearAction::RemoveCarrier(x) => {
                if inventory
                    .with_untracked(|v| v.carriers.get(x).is_some_and(|c| c.items.is_empty()))
                {
                    send(GearEdit::RemoveCarrier {
                        carrier: x,
                        items_to: 0,
                    });
                } else {
                    removing.set(Some(x));
                }
            }
            GearAction::EmptyInto(x, y) => {
                if send(GearEdit::RemoveCarrier {
                    carrier: x,
                    items_to: y,
                }) {
                    removing.set(None);
                    clear();
                }
            }
            GearAction::Cancel => {
                renaming.set(None);
                ren_err.set(None);
                removing.set(None);
            }
            GearAction::AddCarrier => {
                let k = field("kind").parse::<usize>().unwrap_or(0).min(5);
                let kind = CarrierKind::ADDABLE[k];
                let mut name = field("cname");
                if name.trim().is_empty() {
                    let n = inventory.with_untracked(|v| v.carriers.len());
                    name = format!("{} {n}", kind.label());
                }
                if send(GearEdit::AddCarrier { name, kind })
                    && let Some(el) = root
                        .get_untracked()
                        .and_then(|r| r.query_selector("[name=cname]").ok().flatten())
                {
                    let _ = js_sys::Reflect::set(&el, &"value".into(), &"".into());
                }
            }
        }
        match a {
            GearAction::ToggleEditor if editing.get_untracked() => {
                want.set_value(Some(EDITOR_FIELD.into()));
            }
            GearAction::Rename(_) => want.set_value(Some("[name=rn]".into())),
            GearAction::MoveTo(_) => {}
            // Wearing swaps the button for its opposite: focus follows to the new one.
            GearAction::Wear(on) => focus_act(want, GearAction::Wear(!on)),
            other => focus_act(want, other),
        }
    };
    let on_click = move |e: ev::MouseEvent| {
        if let Some(a) = action_of(&e, "data-a").and_then(|a| a.parse::<GearAction>().ok()) {
            act(a);
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
        if e.key() == "Enter"
            && let Some(el) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            && el.tag_name() == "INPUT"
            && el.has_attribute("data-f")
        {
            e.prevent_default();
            save_field(&el);
            return;
        }
        let on_item = action_of(&e, "data-a")
            .and_then(|a| a.parse::<GearAction>().ok())
            .is_some_and(|a| matches!(a, GearAction::Select(..)));
        let Some((c, i)) = sel.get_untracked() else {
            return;
        };
        if !on_item {
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
        if !matches!(e.key().as_str(), "Enter") {
            focus_act(want, GearAction::Select(c, i));
        }
    };
    let on_drag = move |e: ev::DragEvent| {
        if let Some(a) = action_of(&e, "data-a").and_then(|a| a.parse::<GearAction>().ok())
            && let GearAction::Select(c, i) = a
        {
            if let Some(dt) = e.data_transfer() {
                let _ = dt.set_data("text/plain", &a.to_string());
            }
            // Selected without bringing its panel into view: a scroll now would move the
            // drop targets under the pointer.
            if sel.get_untracked() != Some((c, i)) {
                select(c, i);
            }
        }
    };
    let on_drop = move |e: ev::DragEvent| {
        e.prevent_default();
        if let Some(c) = action_of(&e, "data-c").and_then(|c| c.parse().ok()) {
            move_to(c);
        }
    };

    // Everything but the editor and the carrier form, drawn from the current state.
    let body = move || {
        let ui = markup::Ui {
            list,
            sel: sel.get(),
            dest: dest.get(),
            renaming: renaming.get(),
            removing: removing.get(),
            editing: editing.get(),
            add_to: add_to.get(),
            quick: quick.get(),
            msg: msg.get(),
            undo: undo.with(|u| u.as_ref().map(|u| u.2.clone())),
            ren_err: ren_err.get(),
            cap,
        };
        inventory.with(|v| markup::gear_html(v, &ui))
    };
    live_html(body_el, want, Box::new(body));
    live_html(editor_el, want, Box::new(editor));

    view! {
        <section
            class="gear panel wide"
            aria-label="Gear"
            node_ref=root
            on:click=on_click
            on:keydown=on_key
            on:input=move |e| on_field(&e, true)
            on:change=move |e| on_field(&e, false)
            on:dragstart=on_drag
            on:dragover=|e: ev::DragEvent| e.prevent_default()
            on:drop=on_drop
        >
            <h2>"Gear"</h2>
            <div node_ref=body_el></div>
            <div node_ref=editor_el></div>
            {(!list).then(|| view! {
                <div class="row gear-carrier-add">
                    <label class="field">
                        "Carrier"
                        <select name="kind">
                            {CarrierKind::ADDABLE.iter().enumerate().map(|(i, k)| view! { <option value=i.to_string()>{format!("{} ({} slots)", k.label(), k.capacity())}</option> }).collect_view()}
                        </select>
                    </label>
                    <label class="field">
                        "Carrier name"
                        <input type="text" name="cname" maxlength=MAX_NAME/>
                    </label>
                    {btn(GearAction::AddCarrier, "Add carrier")}
                </div>
            })}
        </section>
    }
}
