//! The table's messages as links and QR codes, for when no live channel is open: the requests
//! a GM's device owes a phone ("3 changes for Kara"), a phone's revisions for the table, and
//! the page a `#/msg/` link opens. The same sealed messages as the live link
//! (`model::table_link`), so nothing is refused for coming by code, and nothing read twice.

use leptos::prelude::*;

use super::requests::{code_for, receive};
use super::share::{LinkField, LinkRefused, QrCode, base_url};
use super::state::AppState;
use crate::model::table_link::{LinkBook, read_msg_fragment};

/// What this device owes `device`, as codes to show it: the button seals them afresh.
#[component]
pub fn CodesFor(device: String, name: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let book = state.doc::<LinkBook>();
    let device = StoredValue::new(device);
    let owed = Memo::new(move |_| book.with(|b| b.owed_to(&device.read_value()).len()));
    let hosts =
        Memo::new(move |_| book.with(|b| b.peer(&device.read_value()).is_some_and(|p| p.hosts)));
    let (codes, set_codes) = signal(Vec::<String>::new());
    let (error, set_error) = signal(None::<String>);
    let show = move |_| match code_for(state, &device.read_value()) {
        Ok(c) => {
            set_error.set(None);
            set_codes.set(c);
        }
        Err(e) => set_error.set(Some(e)),
    };
    let title = name.clone();
    view! {
        <div class="table-codes">
            <p>
                {move || {
                    if hosts.get() {
                        format!("Your characters' changes, for {title}'s device.")
                    } else {
                        match owed.get() {
                            0 => format!("Nothing waiting for {title}; the code carries the session's Fortune and Peril."),
                            1 => format!("1 change for {title}."),
                            n => format!("{n} changes for {title}."),
                        }
                    }
                }}
            </p>
            <button type="button" on:click=show>
                {format!("Show the code for {name}")}
            </button>
            <p class="field-error" role="alert">{move || error.get()}</p>
            {move || {
                let base = base_url();
                codes
                    .get()
                    .into_iter()
                    .enumerate()
                    .map(|(i, code)| {
                        let link = format!("{base}{code}");
                        view! {
                            <div class="table-code">
                                <QrCode text=link.clone() label="QR code of a message for the table"/>
                                <LinkField
                                    link
                                    label="Message link"
                                    title=format!("Satchel: message {} for the table", i + 1)
                                />
                            </div>
                        }
                    })
                    .collect_view()
            }}
        </div>
    }
}

/// The page a `#/msg/` link opens: the message is checked and taken at once (it is from a
/// device this one joined, for this one, and new); what it did is said, and anything owed back
/// is offered as a code.
#[component]
pub fn MessagePreview(fragment: String, on_done: impl Fn() + Copy + 'static) -> impl IntoView {
    let state = expect_context::<AppState>();
    let taken = read_msg_fragment(&fragment)
        .map_err(|e| e.to_string())
        .and_then(|text| receive(state, &text));
    match taken {
        Err(why) => view! {
            <LinkRefused title="This message was refused" why kept="Nothing was changed." on_done/>
        }
        .into_any(),
        Ok(heard) => {
            let from = heard.from_name.clone();
            let answer = (!heard.answer.is_empty())
                .then(|| view! { <CodesFor device=heard.from.clone() name=from.clone()/> });
            view! {
                <section class="panel share-preview" aria-labelledby="msg-title">
                    <h2 id="msg-title">{format!("From {from}")}</h2>
                    <ul>
                        {heard.said.iter().map(|s| view! { <li>{s.clone()}</li> }).collect_view()}
                    </ul>
                    {answer}
                    <div class="row">
                        <button type="button" on:click=move |_| on_done()>"Done"</button>
                    </div>
                </section>
            }
            .into_any()
        }
    }
}
