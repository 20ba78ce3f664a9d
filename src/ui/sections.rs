//! A long sheet in sections: a sticky bar of links, one per section, each an address of its
//! own (`#/c/<id>/<section>`), so reload, Back and a shared link land on the same section.
//! Every section stays on the page (find-in-page, printing and screen readers see the whole
//! sheet); the bar jumps to one, with keyboard focus.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::route::section_href;
use super::sheet::SheetSection;

/// One section of a sheet: its address word and its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    pub slug: &'static str,
    pub label: &'static str,
}

/// The id of a section's anchor.
fn anchor_id(slug: &str) -> String {
    format!("part-{slug}")
}

/// Scrolls a section's start under the sticky bars and gives it keyboard focus, so the next
/// Tab continues inside it.
fn jump(slug: &str) {
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&anchor_id(slug)))
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let _ = el.focus();
    // Focus scrolls as the browser likes; this puts the start just under the sticky bars.
    el.scroll_into_view();
}

/// The section bar of the sheet of `id`. The first part is the one a bare `#/c/<id>` shows.
#[component]
pub fn SectionBar(id: String, parts: &'static [Part]) -> impl IntoView {
    let SheetSection(section) = expect_context::<SheetSection>();
    let current = Memo::new(move |_| {
        section.with(|s| {
            parts
                .iter()
                .find(|p| s.as_deref() == Some(p.slug))
                .unwrap_or(&parts[0])
                .slug
        })
    });
    // On arrival and on every change of address, the named section comes into view; a bare
    // sheet link stays at the top.
    let bar = NodeRef::<leptos::html::Nav>::new();
    Effect::new(move |_| {
        let slug = current.get();
        let named = section.with(Option::is_some);
        request_animation_frame(move || {
            if named {
                jump(slug);
            }
            // On a narrow screen the bar scrolls sideways: keep the current link in it.
            // The sheet may have been left within that frame: its bar is gone with it.
            if let Some(bar) = bar.try_get_untracked().flatten()
                && let Ok(Some(link)) = bar.query_selector("[aria-current]")
                && let Ok(link) = link.dyn_into::<web_sys::HtmlElement>()
            {
                bar.set_scroll_left(link.offset_left() - 16);
            }
        });
    });
    let links = parts
        .iter()
        .map(|p| {
            let href = section_href(&id, p.slug);
            let slug = p.slug;
            view! {
                <li>
                    <a
                        href=href
                        aria-current=move || (current.get() == slug).then_some("location")
                        on:click=move |_| {
                            // The same address again changes nothing the router sees: jump here.
                            if current.get_untracked() == slug && section.with_untracked(Option::is_some) {
                                jump(slug);
                            }
                        }
                    >
                        {p.label}
                    </a>
                </li>
            }
        })
        .collect_view();
    view! {
        <nav class="section-bar wide no-print" aria-label="Sheet sections" node_ref=bar>
            <ul>{links}</ul>
        </nav>
    }
}

/// Where a section starts: a heading kept out of sight (the bar already names the section)
/// but read by screen readers and focused by a jump, spanning the sheet's grid so each
/// section starts on a row of its own.
pub fn part_start(part: Part) -> impl IntoView {
    view! { <h2 class="part-start wide" id=anchor_id(part.slug) tabindex="-1">{part.label}</h2> }
}
