//! The GM's party view of everyone's gear and the treasure split.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::state::AppState;
use crate::rules::expedition::inventory::Inventory;

/// Who missed the session, kept between visits (document `party`).
#[derive(Default, Serialize, Deserialize)]
struct PartyDoc {
    schema: u32,
    /// Ids of characters whose players are absent.
    absent: Vec<String>,
    /// Whether absent players get a share set aside.
    #[serde(default)]
    no_set_aside: bool,
}

/// The GM's party view of everyone's gear and the treasure split.
#[component]
pub fn PartyGear() -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = state.load_doc::<PartyDoc>("party", 1);
    let absent = RwSignal::new(doc.absent);
    let set_aside = RwSignal::new(!doc.no_set_aside);
    Effect::new(move |first: Option<()>| {
        let d = PartyDoc {
            schema: 1,
            absent: absent.get(),
            no_set_aside: !set_aside.get(),
        };
        if first.is_some() {
            state.save_doc("party", &d);
        }
    });
    let party = Memo::new(move |_| {
        state.roster.with(|r| {
            r.characters
                .iter()
                .filter_map(|c| {
                    let g: &Inventory = c
                        .expedition
                        .as_ref()
                        .map(|s| s.gear())
                        .or_else(|| c.ix.as_ref().map(|s| s.gear()))?;
                    Some((c.id.clone(), c.name.clone(), g.clone()))
                })
                .collect::<Vec<_>>()
        })
    });
    // The view is markup drawn from the state (see `gear::markup`); one change handler serves
    // every checkbox: its value is the character id, "-" for the set-aside switch.
    let on_change = move |e: leptos::ev::Event| {
        let Some(el) = e
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
        else {
            return;
        };
        let (id, on) = (el.value(), el.checked());
        if id == "-" {
            set_aside.set(on);
        } else {
            absent.update(|a| {
                a.retain(|x| *x != id);
                if !on {
                    a.push(id);
                }
            });
        }
    };
    let body = move || {
        let aside = set_aside.get();
        absent.with(|a| party.with(|p| super::gear::party_html(p, a, aside)))
    };
    view! { <div class="party" on:change=on_change inner_html=body></div> }
}
