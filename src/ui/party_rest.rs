//! Who is at the table, and the party's rest on one member's Rations: the same controls on the
//! referee's table and on every Expedition sheet, reading presence from the party document so
//! the pay-out, the session's end and the rest agree on who is there.

use leptos::prelude::*;
use rand::RngCore;

use super::state::AppState;
use super::tray::CryptoRng;
use crate::model::party::{PartyDoc, PartyEdit, RationsPick, active_expedition};

/// The living Expedition characters on this device, each with a switch for "at the table"
/// (the party document's `absent` list, which the Party screen's pay-out also reads).
#[component]
pub fn PresentList() -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = state.doc::<PartyDoc>();
    let status = RwSignal::new(String::new());
    let party = move || {
        state.roster.with(|r| {
            active_expedition(r)
                .map(|c| (c.id.clone(), c.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <fieldset class="present">
            <legend>"At the table"</legend>
            {move || {
                party()
                    .into_iter()
                    .map(|(id, name)| {
                        let id2 = id.clone();
                        view! {
                            <label class="check">
                                <input
                                    type="checkbox"
                                    prop:checked=move || !doc.with(|d| d.absent.contains(&id))
                                    on:change=move |ev| {
                                        let present = event_target_checked(&ev);
                                        let id = id2.clone();
                                        status.set(doc.dispatch(PartyEdit::Present { id, present }).err().unwrap_or_default());
                                    }
                                />
                                {name}
                            </label>
                        }
                    })
                    .collect_view()
            }}
        </fieldset>
        <p class="said" role="status">{move || status.get()}</p>
    }
}

/// The party's rest: one member spends Rations for everyone at the table, so each rest makes
/// one Depletion check against that item's own score, and every present character heals. On a
/// sheet, `me` puts that character's own Rations first and the sheet shows who is at the table
/// here; the referee's table shows that list once, above its session tools.
#[component]
pub fn PartyRest(#[prop(optional, into)] me: Option<String>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = state.doc::<PartyDoc>();
    let me = StoredValue::new(me);
    let picked = RwSignal::new(0usize);
    let lines = RwSignal::new(Vec::<String>::new());
    // Every Rations item carried by someone at the table: (pick, words); `me`'s first.
    let rations = Memo::new(move |_| {
        let me = me.get_value();
        doc.with(|d| {
            state.roster.with(|r| {
                let mut party = d.resting(r);
                party.sort_by_key(|c| Some(&c.id) != me.as_ref());
                party
                    .into_iter()
                    .flat_map(|c| {
                        let gear = c.expedition().map(|s| &s.gear);
                        gear.into_iter().flat_map(move |g| {
                            g.rations().into_iter().map(move |(ci, ii)| {
                                let it = &g.carriers[ci].items[ii];
                                // The carrier's name first: a phone's select shows only the
                                // start of the line.
                                let mut words = format!("{}'s {}", c.name, it.name);
                                if ci > 0 {
                                    words.push_str(&format!(" on {}", g.carriers[ci].name));
                                }
                                if let Some(d) = it.depletion {
                                    words.push_str(&format!(" (Depletion {d}+)"));
                                }
                                if it.last_use {
                                    words.push_str(", last use");
                                }
                                let pick = RationsPick {
                                    id: c.id.clone(),
                                    carrier: ci,
                                    index: ii,
                                };
                                (pick, words)
                            })
                        })
                    })
                    .collect::<Vec<_>>()
            })
        })
    });
    let chosen = move || {
        rations.with(|r| {
            r.get(picked.get().min(r.len().saturating_sub(1)))
                .map(|x| x.0.clone())
        })
    };
    let rest = move |long: bool| {
        let Some(pick) = chosen() else {
            return;
        };
        let who = doc.with_untracked(|d| state.roster.with_untracked(|r| d.at_table(r)));
        let planned = doc.with_untracked(|d| {
            state
                .roster
                .with_untracked(|r| d.rest(r, &pick, long, CryptoRng.next_u64()))
        });
        let out = planned
            .map_err(|e| e.to_string())
            .and_then(|batch| state.dispatch(batch));
        lines.set(match out {
            Err(why) => vec![why],
            Ok(()) => who
                .into_iter()
                .map(|(id, name)| {
                    let line = state.roster.with_untracked(|r| {
                        r.get(&id)
                            .and_then(|c| c.expedition()?.last().map(str::to_string))
                            .unwrap_or_default()
                    });
                    format!("{name}: {line}")
                })
                .collect(),
        });
    };
    let short_taken = move || {
        doc.with(|d| {
            state.roster.with(|r| {
                d.resting(r).iter().any(|c| {
                    c.expedition()
                        .is_some_and(|s| s.core.health.short_rest_taken)
                })
            })
        })
    };
    let none = move || rations.with(Vec::is_empty);
    view! {
        <div class="no-print party-rest">
            {me.get_value().is_some().then(|| view! { <h3>"Rest"</h3> })}
            <p class="hint">"Everyone at the table rests together on one member's Rations: one Depletion check per rest (d20 at or over the item's score marks its last use)."</p>
            {me.get_value().is_some().then(|| view! { <PresentList/> })}
            <Show
                when=move || !none()
                fallback=|| view! { <p class="hint">"A rest spends Rations: add Rations to the gear of someone at the table."</p> }
            >
                <div class="field">
                    <label for=move || format!("rations-{}", me.get_value().unwrap_or_default())>"Rations to spend"</label>
                    <select
                        id=move || format!("rations-{}", me.get_value().unwrap_or_default())
                        on:change=move |ev| picked.set(event_target_value(&ev).parse().unwrap_or(0))
                    >
                        {move || rations.get().into_iter().enumerate().map(|(k, (_, words))| {
                            view! { <option value=k.to_string() selected=move || picked.get() == k>{words}</option> }
                        }).collect_view()}
                    </select>
                </div>
            </Show>
            <div class="exp-actions">
                <button type="button" disabled=move || none() || short_taken() on:click=move |_| rest(false)>
                    "Short rest (+3 HP)"
                </button>
                <button type="button" disabled=none on:click=move |_| rest(true)>
                    "Long rest"
                </button>
            </div>
            <p class="hint">
                {move || if short_taken() {
                    "Today's short rest is taken; a long rest starts a new day."
                } else {
                    "A short rest heals up to 3 HP, once a day; a long rest heals fully and restores Blocks and spells."
                }}
            </p>
            <Said label="Rest" lines/>
        </div>
    }
}

/// What a control did, one line per character, beside the control and announced: the results
/// of the party's rest, the lights' check and the session's end.
#[component]
pub fn Said(#[prop(into)] label: String, lines: RwSignal<Vec<String>>) -> impl IntoView {
    view! {
        <div role="status" aria-label=label>
            <ul class="list-plain said">
                {move || lines.get().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
            </ul>
        </div>
    }
}
