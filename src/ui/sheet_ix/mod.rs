//! The Ix character sheet.

use leptos::prelude::*;

/// The sheet of the Ix character `id`.
#[component]
pub fn IxSheetView(id: String) -> impl IntoView {
    let _ = id;
    view! {
        <section class="screen sheet" aria-labelledby="sheet-title">
            <h1 id="sheet-title">"Ix sheet"</h1>
        </section>
    }
}
