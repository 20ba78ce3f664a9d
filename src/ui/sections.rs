//! A long sheet in sections: a sticky bar of links, one per section, each an address of its
//! own (`#/c/<id>/<section>`), so reload, Back and a shared link land on the same section.
//! Every section stays on the page (find-in-page, printing and screen readers see the whole
//! sheet); the bar jumps to one, with keyboard focus.
//!
//! A sheet opened at its first section builds that section alone, and the others one at a time
//! while the page is idle after it has painted ([`Unfold`]): on a phone the whole sheet took
//! about half a second to build and lay out, and Play is what a player opened it for.

use leptos::ev;
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

/// Where the sticky bars at the top of the screen end (the app's header, a sheet's section
/// bar, the setup's Back and Next), in viewport pixels.
pub(crate) fn bars_bottom() -> f64 {
    let doc = document();
    [".top", ".section-bar", ".setup-nav"]
        .into_iter()
        .filter_map(|q| doc.query_selector(q).ok().flatten())
        .map(|b| b.get_bounding_client_rect().bottom())
        .fold(0.0, f64::max)
}

/// Scrolls the page just enough that `el` is in sight between the sticky bars and the dock
/// (the Dice button's bar): a result said under a button near the bottom of the screen comes
/// up, one said at the top of a long panel (a gear message, a turn order that wrapped) comes
/// down, and a page that already shows it does not move.
pub(crate) fn reveal(el: &web_sys::Element) {
    let Some(w) = web_sys::window() else { return };
    let visible_bottom = document()
        .query_selector(".dock")
        .ok()
        .flatten()
        .map(|dock| dock.get_bounding_client_rect().top())
        .or_else(|| w.inner_height().ok().and_then(|h| h.as_f64()))
        .unwrap_or(0.0);
    let top = bars_bottom() + 8.0;
    let rect = el.get_bounding_client_rect();
    if rect.top() < top {
        w.scroll_by_with_x_and_y(0.0, rect.top() - top);
        return;
    }
    // Never so far that the top goes under the sticky bars.
    let by = (rect.bottom() - visible_bottom + 8.0).min(rect.top() - top);
    if by > 0.0 {
        w.scroll_by_with_x_and_y(0.0, by);
    }
}

/// Each time `said` says something, brings `target` (the line, or the group it closes) into
/// sight a frame later, once the words are laid out. Not for what was said before `target`
/// was built: a list rebuilt by some other change must not pull the page back to an old answer.
pub(crate) fn reveal_when_said(
    said: RwSignal<String>,
    target: impl Fn() -> Option<web_sys::Element> + Clone + 'static,
) {
    Effect::new(move |built: Option<()>| {
        if said.with(String::is_empty) || built.is_none() {
            return;
        }
        let target = target.clone();
        request_animation_frame(move || {
            if let Some(el) = target() {
                reveal(&el);
            }
        });
    });
}

/// How much of a sheet is built: its first section at once, each later one in an idle moment
/// of its own after the first has painted, so a tap on Play waits for one section's building at
/// most. An address naming a later section (a link, Back, the bar), or printing, builds the
/// rest at once: a jump needs its section there, a printout the whole sheet.
#[derive(Clone, Copy)]
pub struct Unfold {
    built: RwSignal<usize>,
}

impl Unfold {
    /// Starts building the sections after the first of `parts`.
    pub fn new(parts: &'static [Part]) -> Self {
        let SheetSection(section) = expect_context::<SheetSection>();
        let total = parts.len();
        // Only this sheet's own later sections: the setup's address is a screen of its own.
        let later =
            move |s: &Option<String>| parts[1..].iter().any(|p| s.as_deref() == Some(p.slug));
        let built = RwSignal::new(if section.with_untracked(later) {
            total
        } else {
            1
        });
        let unfold = Unfold { built };
        Effect::new(move |_| {
            if section.with(later) {
                unfold.all(total);
            }
        });
        let print = window_event_listener(ev::beforeprint, move |_| unfold.all(total));
        on_cleanup(move || print.remove());
        unfold.next(total);
        unfold
    }

    /// Builds everything at once.
    fn all(self, total: usize) {
        if self.built.try_get_untracked().is_some_and(|n| n < total) {
            self.built.try_set(total);
        }
    }

    /// Builds the next section when the page is next idle (or a quarter second on, if it is
    /// kept busy), then the one after. A sheet left meanwhile has taken its signal with it: the
    /// chain stops there.
    fn next(self, total: usize) {
        super::browser::when_idle(250, move || {
            if let Some(n) = self.built.try_get_untracked()
                && n < total
            {
                self.built.try_set(n + 1);
                self.next(total);
            }
        });
    }

    /// Section `index` (0 is the first): built once its turn comes, untracked like the rest of
    /// the sheet, so nothing it reads rebuilds it.
    pub fn part<V: IntoView + 'static>(
        self,
        index: usize,
        body: impl Fn() -> V + Send + Sync + 'static,
    ) -> impl IntoView {
        let built = self.built;
        let shown = Memo::new(move |_| built.get() > index);
        move || shown.get().then(|| untrack(&body))
    }
}
