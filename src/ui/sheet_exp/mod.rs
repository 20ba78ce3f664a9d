//! The Expedition character sheet.

use leptos::prelude::*;

/// The sheet of the Expedition character `id`.
#[component]
pub fn ExpeditionSheet(id: String) -> impl IntoView {
    let _ = id;
    view! {
        <section class="screen sheet" aria-labelledby="sheet-title">
            <h1 id="sheet-title">"Expedition sheet"</h1>
        </section>
    }
}
