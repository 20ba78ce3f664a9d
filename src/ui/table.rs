//! The GM table screen. Its tools arrive with the table issues; until then it says so.

use leptos::prelude::*;

/// GM tools, per system.
#[component]
pub fn TableScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="table-title">
            <h1 id="table-title">"Table"</h1>
            <div class="empty">
                <h2>"No GM tools yet"</h2>
                <p>
                    "This is where a GM will run the session: the Fortune and Peril pool, initiative, adversaries and the referee's rolls for each game."
                </p>
                <p>"For now, build your party on the " <a href="#/roster">"Roster"</a> "."</p>
            </div>
        </section>
    }
}
