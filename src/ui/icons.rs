//! The project's own inline SVG icons. Decorative: each sits beside text that says the same.

use leptos::prelude::*;

use crate::model::System;

/// System mark: a hexagon for Ix, a square die face for Expedition (shape, not only colour).
#[component]
pub fn SystemMark(system: System) -> impl IntoView {
    match system {
        System::Ix => view! {
            <svg class="mark" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M10 1.5 17.4 5.75v8.5L10 18.5 2.6 14.25v-8.5z" fill="none" stroke="currentColor" stroke-width="2"/>
                <circle cx="10" cy="10" r="2.6" fill="currentColor"/>
            </svg>
        }
        .into_any(),
        System::Expedition => view! {
            <svg class="mark" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <rect x="2" y="2" width="16" height="16" rx="3.5" fill="none" stroke="currentColor" stroke-width="2"/>
                <circle cx="6.5" cy="6.5" r="1.6" fill="currentColor"/>
                <circle cx="10" cy="10" r="1.6" fill="currentColor"/>
                <circle cx="13.5" cy="13.5" r="1.6" fill="currentColor"/>
            </svg>
        }
        .into_any(),
    }
}

/// The dice tray button's die.
#[component]
pub fn DieIcon() -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <rect x="3" y="3" width="18" height="18" rx="4" fill="none" stroke="currentColor" stroke-width="2"/>
            <circle cx="8" cy="8" r="1.7" fill="currentColor"/>
            <circle cx="16" cy="8" r="1.7" fill="currentColor"/>
            <circle cx="12" cy="12" r="1.7" fill="currentColor"/>
            <circle cx="8" cy="16" r="1.7" fill="currentColor"/>
            <circle cx="16" cy="16" r="1.7" fill="currentColor"/>
        </svg>
    }
}
