//! The Ix GM table: session pool, initiative, adversaries, fear, Critical Injury table.

use leptos::prelude::*;

/// The Ix GM table: session pool, initiative, adversaries, fear, Critical Injury table.
#[component]
pub fn IxTable() -> impl IntoView {
    view! { <p>"Coming soon."</p> }
}
