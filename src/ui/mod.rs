//! Leptos components.
use leptos::prelude::*;

/// Mounts the app on the document body.
pub fn mount() {
    leptos::mount::mount_to_body(|| view! { <p>"Satchel"</p> });
}
