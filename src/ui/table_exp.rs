//! The Expedition referee's tools.

use leptos::prelude::*;

/// The Expedition referee's tools.
#[component]
pub fn ExpeditionReferee() -> impl IntoView {
    view! { <p>"Coming soon."</p> }
}
