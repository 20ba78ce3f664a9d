//! The GM's party view of everyone's gear and the treasure split.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::state::AppState;
use crate::rules::expedition::inventory::{Inventory, split_treasure};

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
    let total = move || party.with(|p| p.iter().map(|(_, _, g)| g.treasure_value()).sum::<u32>());
    let split = move || {
        let (present, away) = party.with(|p| {
            absent.with(|a| {
                let away: Vec<String> = p
                    .iter()
                    .filter(|(id, _, _)| a.contains(id))
                    .map(|(_, n, _)| n.clone())
                    .collect();
                (p.len() - away.len(), away)
            })
        });
        let shares = if set_aside.get() { away.len() } else { 0 };
        match split_treasure(total(), present as u32, shares as u32) {
            Err(_) => view! { <p>"Mark at least one character present to split the treasure."</p> }.into_any(),
            Ok(s) => view! {
                <dl>
                    <dt>"Each present character"</dt>
                    <dd>{format!("{} Cash ({present} present)", s.each)}</dd>
                    {(shares > 0).then(|| view! {
                        <dt>"Set aside"</dt>
                        <dd>{format!("{} Cash for each of {} ({} in all)", s.per_absent, away.join(", "), s.set_aside)}</dd>
                    })}
                    <dt>"Left over"</dt>
                    <dd>{format!("{} Cash, for the table to decide", s.left_over)}</dd>
                </dl>
            }
            .into_any(),
        }
    };
    view! {
        <div class="party">
            <section class="panel" aria-labelledby="treasure-title">
                <h2 id="treasure-title">"Treasure"</h2>
                <p>
                    "Total treasure value: "
                    <strong>{move || format!("{} Cash", total())}</strong>
                </p>
                <fieldset>
                    <legend>"Present this session"</legend>
                    {move || {
                        party.with(|p| {
                            p.iter()
                                .map(|(id, name, _)| {
                                    let id2 = id.clone();
                                    let id = id.clone();
                                    view! {
                                        <label class="present">
                                            <input
                                                type="checkbox"
                                                prop:checked=move || absent.with(|a| !a.contains(&id))
                                                on:change=move |e| {
                                                    let on = event_target_checked(&e);
                                                    absent.update(|a| {
                                                        a.retain(|x| *x != id2);
                                                        if !on {
                                                            a.push(id2.clone());
                                                        }
                                                    });
                                                }
                                            />
                                            {name.clone()}
                                        </label>
                                    }
                                })
                                .collect_view()
                        })
                    }}
                </fieldset>
                <label class="present">
                    <input
                        type="checkbox"
                        prop:checked=move || set_aside.get()
                        on:change=move |e| set_aside.set(event_target_checked(&e))
                    />
                    "Set aside a share for each absent player"
                </label>
                {split}
            </section>
            <div class="party-chars">
                {move || {
                    party.with(|p| {
                        if p.is_empty() {
                            return view! { <p class="muted">"No characters yet: create them on the roster."</p> }.into_any();
                        }
                        p.iter()
                            .map(|(id, name, g)| {
                                view! {
                                    <section class="panel" aria-label=format!("{name}'s gear")>
                                        <h2><a href=format!("#/c/{id}")>{name.clone()}</a></h2>
                                        <p class="muted small">{format!("Treasure: {} Cash", g.treasure_value())}</p>
                                        {g.carriers.iter().map(|c| view! {
                                            <h3>{if g.unlimited { c.name.clone() } else { c.words() }}</h3>
                                            <ul>
                                                {c.items.iter().map(|i| view! { <li>{super::gear::item_words(i)}</li> }).collect_view()}
                                            </ul>
                                        }).collect_view()}
                                        <ul class="gear-warn">
                                            {g.warnings().into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
                                        </ul>
                                    </section>
                                }
                            })
                            .collect_view()
                            .into_any()
                    })
                }}
            </div>
        </div>
    }
}
