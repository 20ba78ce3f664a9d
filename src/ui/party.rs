//! The GM's party view of everyone's gear, the treasure split and its pay-out.

use leptos::prelude::*;

use super::history::doc_history;
use wasm_bindgen::JsCast;

use super::format::plural;
use super::gear::{Focus, Member, live_html, party_html};
use super::state::AppState;
use crate::model::Sheet;
use crate::model::party::{PartyDoc, PartyEdit};

/// The GM's party view of everyone's gear and the treasure split. The party document is the
/// app's (kept when this screen closes); the pay-out changes every paid character in one
/// all-or-nothing step through the party document's reducer.
#[component]
pub fn PartyGear() -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = state.doc::<PartyDoc>();
    let status = RwSignal::new(String::new());
    let el = NodeRef::<leptos::html::Div>::new();
    let want: Focus = StoredValue::new(None);
    let party = Memo::new(move |_| {
        state.roster.with(|r| {
            r.characters
                .iter()
                .map(|c| {
                    let (exp, ix) = match &*c.sheet {
                        // The dead and the retired are off the table, as in the pay-out.
                        Sheet::Expedition(s) => (!s.retired && !s.core.health.dead, false),
                        Sheet::Ix(_) => (false, true),
                    };
                    Member {
                        id: c.id.clone(),
                        name: c.name.clone(),
                        gear: c.sheet.gear().clone(),
                        exp,
                        ix,
                    }
                })
                .collect::<Vec<_>>()
        })
    });
    let names = move |ids: &[String]| {
        party.with_untracked(|p| {
            p.iter()
                .filter(|m| ids.contains(&m.id))
                .map(|m| m.name.clone())
                .collect::<Vec<_>>()
                .join(", ")
        })
    };
    let on_click = move |e: leptos::ev::MouseEvent| {
        let act = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.get_attribute("data-p"));
        let text = match act.as_deref() {
            Some("pay") => match doc.dispatch(PartyEdit::PayOut) {
                Ok(()) => match doc.with_untracked(|d| d.last.clone()) {
                    Some(p) => {
                        let aside: Vec<String> = p.aside.iter().map(|a| a.0.clone()).collect();
                        format!(
                            "Paid {} Cash each to {}; {} sold{}.",
                            p.each,
                            names(&p.paid),
                            plural(p.sold.len(), "treasure item"),
                            if aside.is_empty() {
                                String::new()
                            } else {
                                format!("; {} Cash set aside for {}", p.aside[0].1, names(&aside))
                            }
                        )
                    }
                    None => String::new(),
                },
                Err(m) => format!("Nothing was paid: {m}"),
            },
            Some("undo") => match doc.dispatch(PartyEdit::UndoPayOut) {
                Ok(()) => {
                    want.set_value(Some("[data-p=pay]".into()));
                    "The pay-out was undone: Cash taken back and the treasure returned.".into()
                }
                Err(m) => format!("Could not undo: {m}"),
            },
            Some(g) if g.starts_with("give:") => {
                let Some(i) = g[5..].parse::<usize>().ok() else {
                    return;
                };
                let Some((id, cash)) = doc.with_untracked(|d| d.aside.get(i).cloned()) else {
                    return;
                };
                want.set_value(Some("[data-p=pay]".into()));
                match doc.dispatch(PartyEdit::GiveAside(i)) {
                    Ok(()) => format!("Gave {} their {cash} Cash.", names(&[id])),
                    Err(m) => format!("Nothing was paid: {m}"),
                }
            }
            _ => return,
        };
        status.set(text);
    };
    // One change handler serves every control: a checkbox's value is the character id ("-"
    // for the set-aside switch); a slot-limit field names its character in `data-cap`.
    let on_change = move |e: leptos::ev::Event| {
        // A slot limit being typed gets "change" as it is removed with the screen, after the
        // screen's own signals (the status line, the members) are gone: reading them would
        // panic. (The shell blurs a field before a route change, so this is only the rare
        // late one.)
        if status.is_disposed() {
            return;
        }
        let Some(el) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        if let Some(id) = el.get_attribute("data-cap") {
            let v = el.value();
            let cap = if v.trim().is_empty() {
                Ok(None)
            } else {
                super::fields::check_number(&v, 1, crate::model::gear::MAX_ITEMS as i64)
                    .map(|n| Some(n as u32))
            };
            match cap.and_then(|cap| {
                doc.dispatch(PartyEdit::Capacity {
                    id: id.clone(),
                    cap,
                })
            }) {
                Ok(()) => {}
                Err(m) => {
                    let _ = el.set_attribute("aria-invalid", "true");
                    if let Some(s) = document().get_element_by_id(&format!("{}-e", el.id())) {
                        s.set_text_content(Some(&m));
                    }
                }
            }
            return;
        }
        let (id, on) = (el.value(), el.checked());
        let edit = if id == "-" {
            PartyEdit::SetAside(on)
        } else {
            PartyEdit::Present { id, present: on }
        };
        if let Err(m) = doc.dispatch(edit) {
            status.set(m);
        }
    };
    let body = move || {
        doc.with(|d| status.with(|s| party.with(|p| party_html(p, d, s, d.last.is_some()))))
    };
    live_html(el, want, Box::new(body));
    view! {
        <div class="party" node_ref=el on:change=on_change on:click=on_click></div>
        {doc_history::<PartyDoc>("the party's gear")}
    }
}
