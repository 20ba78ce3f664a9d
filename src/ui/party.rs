//! The GM's party view of everyone's gear and the treasure split.

use leptos::prelude::*;

/// The GM's party view of everyone's gear and the treasure split.
#[component]
pub fn PartyGear() -> impl IntoView {
    view! { <p>"Coming soon."</p> }
}
