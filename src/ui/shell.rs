//! The app shell: header and navigation, the storage banner, the current screen, the dice
//! tray's entry point and the undo toast.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::browser;
use super::lazy::{
    Deferred, link_chunk, proposal_chunk, settings_chunk, share_preview_chunk, table_chunk,
    warm_next,
};
use super::link::LinkHub;
use super::roster::RosterScreen;
use super::route::{Screen, TableTab, sheet_id, sheet_section};
use super::sheet::{SheetScreen, SheetSection};
use super::state::AppState;
use super::tray::{DiceTray, provide_tray};
use crate::model::link_code::{ANSWER_ROUTE, JOIN_ROUTE};
use crate::model::scan::LINK_ROUTES;
use crate::model::sealed::{CHECK_ROUTE, RECEIPT_ROUTE};
use crate::model::{POOL_ROUTE, System};
use crate::storage::{ExternalChange, classify_event};

/// Lets a text field still being typed in commit, by blurring it, while its screen is still
/// there. Back (a phone's back gesture with the keyboard up) changes the screen without moving
/// focus first; the browser would then blur the field only as it is removed, after the
/// screen's signals are gone: the edit would be lost, and its handler would panic.
fn commit_typing() {
    let Some(field) = document().active_element() else {
        return;
    };
    if matches!(field.tag_name().as_str(), "INPUT" | "TEXTAREA") {
        let _ = field.unchecked_ref::<web_sys::HtmlElement>().blur();
    }
}

/// Whether a fragment carries a share link (a character, a status update, a proposed
/// difficulty, a sealed check or its receipt).
fn is_share(hash: &str) -> bool {
    LINK_ROUTES.iter().any(|r| hash.starts_with(r))
}

/// Whether a fragment carries a live link's code (a table's join code or a player's answer).
fn is_live_link(hash: &str) -> bool {
    hash.starts_with(JOIN_ROUTE) || hash.starts_with(ANSWER_ROUTE)
}

/// Whether a fragment is for the tray's side of sharing: a difficulty, a sealed check or its
/// receipt.
fn is_proposal(hash: &str) -> bool {
    [POOL_ROUTE, CHECK_ROUTE, RECEIPT_ROUTE]
        .iter()
        .any(|r| hash.starts_with(r))
}

/// The root component.
#[component]
pub fn App() -> impl IntoView {
    let state = AppState::init();
    provide_context(state);
    // The session's Fortune/Peril pool is not wired yet: points are always available.
    provide_tray(None);
    // The live link lives as long as the page: changing screens never closes a channel.
    provide_context(LinkHub::new());

    // The location hash is the one source; the screen and any incoming share derive from it.
    let (hash, set_hash) = signal(browser::current_hash());
    let screen = Memo::new(move |_| hash.with(|h| Screen::from_hash(h)));
    // The sheet's id and the table's tab change only while their own screen shows. Leaving the
    // Table for the roster used to turn the tab to its default (Ix) in the same update that
    // removed the Table screen; Leptos still ran the screen's already-notified tab switch once,
    // outside its disposed owner, and the Ix table's `expect_context` panicked there
    // (leptos-rs/leptos#3922). A screen that is going away must see nothing change.
    let sheet = Memo::new(move |last: Option<&Option<String>>| {
        hash.with(|h| match Screen::from_hash(h) {
            Screen::Sheet => sheet_id(h),
            _ => last.cloned().flatten(),
        })
    });
    let section = Memo::new(move |last: Option<&Option<String>>| {
        hash.with(|h| match Screen::from_hash(h) {
            Screen::Sheet => sheet_section(h),
            _ => last.cloned().flatten(),
        })
    });
    provide_context(SheetSection(section));
    // A new page opens at its top, as a followed link does: a hash change keeps the old
    // scroll, which left "Done: to Play" 2,400 px down in the sheet's Town. A jump between
    // one sheet's sections is the section bar's to make.
    let page = Memo::new(move |_| {
        hash.with(|h| {
            let screen = Screen::from_hash(h);
            let sheet = (screen == Screen::Sheet).then(|| sheet_id(h));
            let setup = sheet_section(h).as_deref() == Some(super::route::SETUP);
            (screen, sheet, setup)
        })
    });
    Effect::new(move |before: Option<()>| {
        // Read, not just tracked: a memo never read never recomputes, so never changes.
        page.with(|_| ());
        if before.is_some()
            && let Some(w) = web_sys::window()
        {
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
    });
    let table_tab = Memo::new(move |last: Option<&TableTab>| {
        hash.with(|h| match Screen::from_hash(h) {
            Screen::Table => TableTab::from_hash(h),
            _ => last.copied().unwrap_or(TableTab::Ix),
        })
    });
    let incoming =
        Memo::new(move |_| hash.with(|h| (is_share(h) || is_live_link(h)).then(|| h.clone())));
    // Each change's own address, not the address when the event is handled: "Done" on a link's
    // preview followed at once by the same link again would otherwise read the link twice, and
    // the preview, seen not to change, would never be built again for the second visit.
    let hash_listener = window_event_listener(ev::hashchange, move |e| {
        commit_typing();
        set_hash.set(browser::hash_of(&e.new_url()));
    });
    // Leaves the share link's fragment behind once handled, so a reload does not ask again.
    let share_done = Callback::new(move |()| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_hash("/roster");
        }
    });
    let storage_listener = window_event_listener(ev::storage, move |e| {
        match classify_event(e.key().as_deref(), e.new_value().as_deref()) {
            ExternalChange::Roster => {
                leptos::task::spawn_local(async move {
                    let _ = super::lazy::reload_chunk(state).await;
                });
            }
            ExternalChange::Settings(s) => state.settings.set(s),
            ExternalChange::Quarantine => state.storage_rev.update(|r| *r += 1),
            ExternalChange::Doc(name) => state.external_doc_changed(name),
            ExternalChange::Ignored => {}
        }
    });
    // Closing the tab while storage still refuses a write would lose it: try once more, and
    // if something is still owed, let the browser ask before the page goes.
    let unload_listener = window_event_listener(ev::beforeunload, move |e| {
        state.flush();
        if state.owes_writes() {
            e.prevent_default();
            e.set_return_value("Some changes are not saved yet.");
        }
    });
    on_cleanup(move || {
        hash_listener.remove();
        storage_listener.remove();
        unload_listener.remove();
    });

    Effect::new(move |_| {
        browser::set_root_attribute("data-theme", state.settings.with(|s| s.theme.attribute()));
    });
    // The sheet a player most likely opens next, and the tray's panel, are chunks of their
    // own: fetch them once the first screen is up. An empty roster's next step is the new
    // character form, whose default game is Ix (it fetches another game's sheet when chosen).
    super::browser::when_idle(2000, move || {
        let first = state
            .roster
            .with_untracked(|r| r.characters.first().map(|c| c.system()));
        warm_next(state, first.unwrap_or(System::Ix));
    });
    Effect::new(move |_| browser::set_title(&format!("{} · Satchel", screen.get().label())));

    view! {
        <a class="skip" href="#main">"Skip to content"</a>
        <header class="top">
            <div class="top-inner">
                <a class="brand" href="#/roster">
                    <svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
                        <path d="M9 11V8a7 7 0 0 1 14 0v3" fill="none" stroke="currentColor" stroke-width="2.5"/>
                        <rect x="4" y="11" width="24" height="18" rx="5" fill="currentColor"/>
                        <circle cx="16" cy="20" r="3" fill="var(--bg)"/>
                    </svg>
                    <span>"Satchel"</span>
                </a>
                <nav aria-label="Main">
                    <ul>
                        {Screen::ALL
                            .into_iter()
                            .map(|s| {
                                view! {
                                    <li>
                                        <a
                                            href=s.href()
                                            aria-current=move || (screen.get() == s).then_some("page")
                                        >
                                            {s.label()}
                                        </a>
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                </nav>
            </div>
        </header>
        <StorageBanner/>
        <main id="main" tabindex="-1">
            {move || {
                incoming
                    .get()
                    .map(|fragment| {
                        let fragment = StoredValue::new(fragment);
                        if fragment.with_value(|f| is_live_link(f)) {
                            let load = move || link_chunk(fragment.get_value(), share_done);
                            view! { <Deferred load/> }.into_any()
                        } else if fragment.with_value(|f| is_proposal(f)) {
                            let load = move || proposal_chunk(fragment.get_value(), share_done);
                            view! { <Deferred load/> }.into_any()
                        } else {
                            let load = move || share_preview_chunk(fragment.get_value(), share_done);
                            view! { <Deferred load/> }.into_any()
                        }
                    })
            }}
            {move || match screen.get() {
                Screen::Roster => view! { <RosterScreen/> }.into_any(),
                Screen::Sheet => view! { <SheetScreen id=sheet/> }.into_any(),
                Screen::Table => {
                    view! { <Deferred load=move || table_chunk(table_tab)/> }.into_any()
                }
                Screen::Settings => view! { <Deferred load=settings_chunk/> }.into_any(),
            }}
        </main>
        <UndoToast screen/>
        <DiceTray/>
    }
}

/// Storage trouble in plain words: failed saves, memory-only mode, records set aside.
#[component]
fn StorageBanner() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <div class="banners">
            {state
                .memory_only
                .then(|| {
                    view! {
                        <div class="banner warn" role="alert">
                            <p>
                                <strong>"Not saving. "</strong>
                                "This browser is not letting Satchel store anything (private browsing or blocked storage). "
                                "What you do here lasts only until this tab closes: export before you leave."
                            </p>
                            <button type="button" on:click=move |_| state.export(None)>
                                "Export everything"
                            </button>
                        </div>
                    }
                })}
            {move || {
                state
                    .save_error
                    .get()
                    .map(|why| {
                        view! {
                            <div class="banner error" role="alert">
                                <p>
                                    <strong>"Not saved: "</strong>
                                    {why}
                                    ". Your changes are kept in this tab and will be saved with your next change. Do not close the tab yet."
                                </p>
                                <p class="hint">
                                    "To make room, clear earlier versions or download and discard what you no longer need in "
                                    <a href="#/settings">"Settings"</a>
                                    "."
                                </p>
                                <button type="button" on:click=move |_| state.flush()>
                                    "Try saving again"
                                </button>
                            </div>
                        }
                    })
            }}
            // Plain lists rather than keyed `For`s: a banner holds no input to keep, and the
            // keyed diff's code would then be in the first load for the roster's cards only.
            {move || {
                state
                    .orphans
                    .get()
                    .into_iter()
                    .map(|c| {
                    // Plain values, not arena ones: a value made here is disposed when the
                    // list is built again, and the rebuilt buttons must not reach for it.
                    let keep = c.id.clone();
                    let go = c.id.clone();
                    view! {
                        <div class="banner warn" role="alert">
                            <p>
                                <strong>{format!("Another tab deleted {}", c.name)}</strong>
                                " while its sheet was open here. It is still here, unsaved: keep it, or let it go."
                            </p>
                            <div class="row">
                                <button
                                    type="button"
                                    class="primary"
                                    on:click=move |_| state.keep_orphan(&keep)
                                >
                                    {format!("Keep {}", c.name)}
                                </button>
                                <button
                                    type="button"
                                    on:click=move |_| {
                                        state.let_orphan_go(&go);
                                        if let Some(w) = web_sys::window() {
                                            let _ = w.location().set_hash("/roster");
                                        }
                                    }
                                >
                                    "Let it go"
                                </button>
                            </div>
                        </div>
                    }
                    })
                    .collect_view()
            }}
            {move || {
                state
                    .notices
                    .get()
                    .into_iter()
                    .map(|n| {
                    let id = n.id;
                    view! {
                        <div class="banner warn" role="alert">
                            <p>{n.text}</p>
                            <button type="button" on:click=move |_| state.dismiss_notice(id)>
                                "Dismiss"
                            </button>
                        </div>
                    }
                    })
                    .collect_view()
            }}
        </div>
    }
}

/// "Deleted X. Undo" for the most recent deletion. It steps aside after a while or on a
/// change of screen; the deletion itself stays undoable until then only, like a mail app's.
#[component]
fn UndoToast(screen: Memo<Screen>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let last = move || {
        state
            .deleted
            .with(|d| d.last().map(|x| x.character.name.clone()))
    };
    let dismiss = move || state.deleted.set(Vec::new());
    // Each deletion restarts the clock; only the newest timer may dismiss.
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        if state.deleted.with(Vec::len) == 0 {
            return;
        }
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        set_timeout(
            move || {
                if generation.try_get_value() == Some(mine) {
                    dismiss();
                }
            },
            std::time::Duration::from_secs(12),
        );
    });
    Effect::new(move |previous: Option<Screen>| {
        let now = screen.get();
        if previous.is_some_and(|p| p != now) {
            dismiss();
        }
        now
    });
    view! {
        <div class="toast-host" role="status">
            {move || {
                last()
                    .map(|name| {
                        view! {
                            <div class="toast">
                                <p>"Deleted " <strong>{name}</strong> "."</p>
                                <button type="button" class="primary" on:click=move |_| state.undo_delete()>
                                    "Undo"
                                </button>
                                <button type="button" aria-label="Dismiss" on:click=move |_| dismiss()>
                                    "×"
                                </button>
                            </div>
                        }
                    })
            }}
        </div>
    }
}
