//! Plain dice (d4-d100, several at once, notation like `2d6+1`) and the one-tap table rolls
//! both systems use (rolled by `tables.rs`).

use leptos::prelude::*;

use super::TrayHandle;
use super::fields::Field;
use super::panel::NumField;
use super::state::TrayAction;
use super::tables::Table;
use crate::rules::dice::{SIDES, parse};

/// Adds one die of a size to the notation: "2d6" + d6 = "3d6", + d8 = "3d6+1d8".
fn add_die(text: &str, sides: u32) -> String {
    match parse(text) {
        Ok(mut n) => {
            match n.groups.iter_mut().find(|g| g.1 == sides) {
                Some(g) => g.0 += 1,
                None => n.groups.push((1, sides)),
            }
            n.canonical()
        }
        Err(_) => format!("1d{sides}"),
    }
}

/// Plain dice and table rolls.
#[component]
pub fn PlainMode() -> impl IntoView {
    let tray = expect_context::<TrayHandle>().0;
    let text = tray.read(|s| s.plain().to_string());
    let armour = tray.read(|s| s.armour());
    let set_text = move |t: String| {
        tray.act(TrayAction::SetNotation(t));
    };
    let checked = Memo::new(move |_| parse(&text.get()).map(|n| n.canonical()));
    view! {
        <section class="plain-mode" aria-label="Plain dice">
            <div class="row" role="group" aria-label="Add a die">
                {SIDES
                    .into_iter()
                    .map(|s| {
                        view! {
                            <button
                                type="button"
                                class="step"
                                aria-label=format!("Add a d{s}")
                                on:click=move |_| set_text(text.with_untracked(|t| add_die(t, s)))
                            >
                                {format!("d{s}")}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field">
                "Dice to roll"
                <input
                    type="text"
                    autocomplete="off"
                    spellcheck="false"
                    aria-describedby="notation-help"
                    prop:value=move || text.get()
                    on:input=move |ev| set_text(event_target_value(&ev))
                />
            </label>
            <p id="notation-help" class="muted small">
                {move || match checked.get() {
                    Ok(c) => format!("Rolls {c}. Forms like 3d6, d20+2 or 2d8-1."),
                    Err(e) => e.to_string(),
                }}
            </p>
            <button type="button" on:click=move |_| set_text(String::new())>"Clear"</button>
            <h3>"Tables"</h3>
            <div class="num-grid">
                <NumField label="Depletion score" field=Field::DepletionScore/>
                <NumField label="Critical Injuries carried" field=Field::InjuriesCarried/>
                <NumField label="Reputation" field=Field::Reputation/>
            </div>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=move || armour.get()
                    on:change=move |ev| {
                        tray.act(TrayAction::SetArmour(event_target_checked(&ev)));
                    }
                />
                "Wearing armour (Down and Out)"
            </label>
            <div class="row tables" role="group" aria-label="Table rolls">
                {Table::ALL
                    .into_iter()
                    .map(|t| {
                        view! {
                            <button
                                type="button"
                                on:click=move |_| tray.roll_table(t)
                            >
                                {t.label()}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </section>
    }
}
