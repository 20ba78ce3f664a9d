//! The GM's party view of everyone's gear, the treasure split and its pay-out.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::gear::{Focus, Member, live_html, party_html};
use super::state::AppState;
use crate::model::CharacterAction;
use crate::model::exp_sheet::ExpEdit;
use crate::model::gear::{PARTY_DOC, PARTY_SCHEMA, PartyDoc, Payout, apply_all};

/// The GM's party view of everyone's gear and the treasure split.
#[component]
pub fn PartyGear() -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = RwSignal::new(state.load_doc::<PartyDoc>(PARTY_DOC, PARTY_SCHEMA));
    // The party notes open in another tab: show its writes rather than overwrite them later.
    state.on_external_doc(PARTY_DOC, move || {
        doc.set(state.load_doc(PARTY_DOC, PARTY_SCHEMA))
    });
    let status = RwSignal::new(String::new());
    let el = NodeRef::<leptos::html::Div>::new();
    let want: Focus = StoredValue::new(None);
    let save = move |f: &dyn Fn(&mut PartyDoc)| {
        doc.update(|d| {
            f(d);
            d.schema = PARTY_SCHEMA;
        });
        doc.with_untracked(|d| state.save_doc(PARTY_DOC, d));
    };
    let party = Memo::new(move |_| {
        state.roster.with(|r| {
            r.characters
                .iter()
                .filter_map(|c| {
                    let (gear, exp, ix) = match (&c.expedition, &c.ix) {
                        (Some(s), _) => (s.gear(), !s.retired, false),
                        (None, Some(s)) => (s.gear(), false, true),
                        _ => return None,
                    };
                    Some(Member {
                        id: c.id.clone(),
                        name: c.name.clone(),
                        gear: gear.clone(),
                        exp,
                        ix,
                    })
                })
                .collect::<Vec<_>>()
        })
    });
    // Several characters change at once: every edit is tried on a copy of the roster first,
    // so a refusal anywhere (a purse at its limit, an item moved since) changes nothing.
    let run = move |p: &Payout, back: bool| -> Result<(), String> {
        let acts = if back { p.undo_actions() } else { p.actions() };
        apply_all(&mut state.roster.get_untracked(), &acts, 0)?;
        for a in acts {
            state.dispatch(a)?;
        }
        save(&|d| d.record(p, back));
        Ok(())
    };
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
            Some("pay") => {
                let plan = state
                    .roster
                    .with_untracked(|r| doc.with_untracked(|d| Payout::plan(r, d)));
                match plan.and_then(|p| run(&p, false).map(|()| p)) {
                    Ok(p) => {
                        let aside: Vec<String> = p.aside.iter().map(|a| a.0.clone()).collect();
                        let t = format!(
                            "Paid {} Cash each to {}; {} treasure item(s) sold{}.",
                            p.each,
                            names(&p.paid),
                            p.sold.len(),
                            if aside.is_empty() {
                                String::new()
                            } else {
                                format!("; {} Cash set aside for {}", p.aside[0].1, names(&aside))
                            }
                        );
                        t
                    }
                    Err(m) => format!("Nothing was paid: {m}"),
                }
            }
            Some("undo") => match doc.with_untracked(|d| d.last.clone()) {
                Some(p) => match run(&p, true) {
                    Ok(()) => {
                        want.set_value(Some("[data-p=pay]".into()));
                        "The pay-out was undone: Cash taken back and the treasure returned.".into()
                    }
                    Err(m) => format!("Could not undo: {m}"),
                },
                None => return,
            },
            Some(g) if g.starts_with("give:") => {
                let Some((id, cash)) = g[5..]
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| doc.with_untracked(|d| d.aside.get(i).cloned()))
                else {
                    return;
                };
                let done = state.dispatch(CharacterAction::EditExpedition {
                    id: id.clone(),
                    edit: ExpEdit::At(
                        super::browser::now_ms(),
                        Box::new(ExpEdit::Cash(cash.into(), "treasure set aside".into())),
                    ),
                });
                want.set_value(Some("[data-p=pay]".into()));
                match done {
                    Ok(()) => {
                        save(&|d| d.aside.retain(|a| a.0 != id));
                        format!("Gave {} their {cash} Cash.", names(&[id]))
                    }
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
        // screen's signals are gone: nothing is left to save it to.
        if doc.is_disposed() {
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
            match cap {
                Ok(c) => save(&|d| {
                    let _ = d.set_capacity(&id, c);
                }),
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
        save(&|d| {
            if id == "-" {
                d.no_set_aside = !on;
            } else {
                d.absent.retain(|x| *x != id);
                if !on {
                    d.absent.push(id.clone());
                }
            }
        });
    };
    let body = move || {
        doc.with(|d| status.with(|s| party.with(|p| party_html(p, d, s, d.last.is_some()))))
    };
    live_html(el, want, Box::new(body));
    view! { <div class="party" node_ref=el on:change=on_change on:click=on_click></div> }
}
