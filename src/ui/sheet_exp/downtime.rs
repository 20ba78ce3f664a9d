//! The Haven's weeks on the sheet: what this week's one substantial downtime action went on,
//! the next week, carousing with a circle or another activity, and the circles kept for
//! Connections checks among them.

use leptos::prelude::*;

use super::Ctx;
use crate::model::exp_sheet::{ExpEdit, ListKind};
use crate::ui::fields::TextInput;

/// Downtime in a Haven: the week and its action, with each result beside the buttons.
pub(super) fn downtime(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    let circle = RwSignal::new(String::new());
    let other = RwSignal::new(String::new());
    let said = RwSignal::new(String::new());
    let run = move |e: ExpEdit| said.set(ctx.answer(ctx.editor().try_edit(e)));
    let week = move || {
        s.with(|s| {
            let d = &s.core.downtime;
            match d.taken {
                None => format!(
                    "Week {}: this week's downtime action is free.",
                    d.week.max(1)
                ),
                Some(a) => format!(
                    "Week {}: this week's downtime action went on {}.",
                    d.week.max(1),
                    a.label()
                ),
            }
        })
    };
    let circles = move || {
        s.with(|s| {
            s.core
                .downtime
                .circles
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let what = format!("the circle {c}");
                    view! {
                        <li class="tag">
                            {c.clone()}
                            <button type="button" class="exp-x" aria-label=format!("Remove {what}") on:click=move |_| run(ExpEdit::Remove(ListKind::Circle, i))>
                                "×"
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let has_circles = move || s.with(|s| !s.core.downtime.circles.is_empty());
    view! {
        <section class="panel" aria-labelledby="exp-downtime">
            <h2 id="exp-downtime">"Downtime"</h2>
            <Show
                when=move || s.with(|s| s.core.in_haven)
                fallback=|| view! { <p class="muted">"Downtime comes in a Haven phase: tick \"In a Haven phase\" above."</p> }
            >
                <p><strong>{week}</strong></p>
                <p class="hint">"One substantial action a week: training (an improvement or founding a stronghold), a project's tick, carousing, or another activity. Buying and most Connections checks take no week."</p>
                <button type="button" on:click=move |_| run(ExpEdit::NextWeek)>"Next week"</button>
                <div class="exp-add no-print">
                    <TextInput label="Circle to carouse with".to_string() value=circle max_chars=80 on_commit=Callback::new(move |t| circle.set(t))/>
                    <button type="button" on:click=move |_| run(ExpEdit::Carouse(circle.get_untracked()))>"Carouse"</button>
                </div>
                <div class="exp-add no-print">
                    <TextInput label="Another activity".to_string() value=other max_chars=80 on_commit=Callback::new(move |t| other.set(t))/>
                    <button type="button" on:click=move |_| run(ExpEdit::OtherDowntime(other.get_untracked()))>"Spend the week on it"</button>
                </div>
            </Show>
            <p class="said" role="status">{move || said.get()}</p>
            <Show when=has_circles>
                <h3>"Circles you carouse with"</h3>
                <p class="hint">"Among them a Connections check is Ob −1, and the Referee may grant +1d on tests their company helps."</p>
                <ul class="tags">{circles}</ul>
            </Show>
        </section>
    }
}
