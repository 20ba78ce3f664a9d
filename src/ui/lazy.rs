//! Screens that load on demand. The first load carries the shell, the roster and the dice
//! tray's state; each game's sheet, the GM tools, Settings, sharing and the tray's panel arrive
//! as separate wasm chunks when first needed (and the service worker keeps them for offline use).
//!
//! The release build (`--features split`) marks each screen below as a split point for
//! `wasm_split_cli` (run by `scripts/wasm.mjs`). Every other build (tests, `cargo check`) gets a
//! plain `async fn` with the same body, because an unsplit module cannot resolve the loader
//! imports a split point leaves behind.

use leptos::html;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use super::route::TableTab;
use super::settings::SettingsScreen;
use super::share::{ProposalPreview, ShareDialog, SharePreview, StatusPreview};
use super::sheet_exp::ExpeditionSheet;
use super::sheet_ix::IxSheetView;
use super::table::TableScreen;
use super::tray::TrayPanel;
use crate::model::{Character, System};

/// A chunk could not be fetched (offline before it was ever cached, or a server error).
pub struct LoadFailed;

impl From<leptos::wasm_split::SplitLoaderError> for LoadFailed {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        LoadFailed
    }
}

/// Declares a loader: a split point in the release build, a plain async fn otherwise.
/// Loaders naming the same chunk share one wasm file; `$preload` fetches it without running it.
macro_rules! chunk {
    ($(#[$doc:meta])* $chunk:ident / $preload:ident :: $name:ident($($arg:ident: $ty:ty),*) => $body:expr) => {
        $(#[$doc])*
        #[cfg(feature = "split")]
        #[leptos::wasm_split::wasm_split(
            $chunk,
            fallible,
            wasm_split_path = ::leptos::wasm_split,
            preload(#[allow(dead_code)] $preload)
        )]
        pub fn $name($($arg: $ty),*) -> Result<AnyView, LoadFailed> {
            Ok($body.into_any())
        }

        $(#[$doc])*
        #[cfg(not(feature = "split"))]
        pub async fn $name($($arg: $ty),*) -> Result<AnyView, LoadFailed> {
            Ok($body.into_any())
        }

        #[cfg(not(feature = "split"))]
        #[allow(dead_code)]
        pub async fn $preload() -> Result<(), leptos::wasm_split::SplitLoaderError> {
            Ok(())
        }
    };
}

chunk!(
    /// The Ix character sheet.
    ix_sheet / preload_ix_sheet :: ix_sheet_chunk(id: String) => view! { <IxSheetView id/> }
);
chunk!(
    /// The Expedition character sheet, with the Haven phase.
    exp_sheet / preload_exp_sheet :: exp_sheet_chunk(id: String) => view! { <ExpeditionSheet id/> }
);
chunk!(
    /// The GM tools: the Ix table, the Expedition referee, the party's status and its gear.
    table / preload_table :: table_chunk(tab: Memo<TableTab>) => view! { <TableScreen tab/> }
);
chunk!(
    /// Settings, backups and import.
    settings / preload_settings :: settings_chunk() => view! { <SettingsScreen/> }
);
/// Builds an export file's text. In the Settings chunk (the backup screen exports too); the
/// download itself stays in the first load, with the browser calls it makes.
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(settings, fallible, wasm_split_path = ::leptos::wasm_split)]
pub fn export_chunk(
    state: super::state::AppState,
    id: Option<String>,
    now: u64,
) -> Result<String, LoadFailed> {
    Ok(state.export_text(id, now))
}

/// [`export_chunk`] outside the split build.
#[cfg(not(feature = "split"))]
pub async fn export_chunk(
    state: super::state::AppState,
    id: Option<String>,
    now: u64,
) -> Result<String, LoadFailed> {
    Ok(state.export_text(id, now))
}

/// Reads and checks every sheet once ([`super::state::AppState::check_sheets`]); with the
/// roster's reload after another tab's change, the `sheets` chunk: the first load carries no
/// sheet decoder.
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(sheets, fallible, wasm_split_path = ::leptos::wasm_split)]
pub fn check_chunk(state: super::state::AppState) -> Result<(), LoadFailed> {
    state.check_sheets();
    Ok(())
}

/// [`check_chunk`] outside the split build.
#[cfg(not(feature = "split"))]
pub async fn check_chunk(state: super::state::AppState) -> Result<(), LoadFailed> {
    state.check_sheets();
    Ok(())
}

/// Re-reads the roster after another tab wrote it ([`super::state::AppState::reload_roster`]),
/// in the `sheets` chunk: settling two tabs' edits reads the sheets.
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(sheets, fallible, wasm_split_path = ::leptos::wasm_split)]
pub fn reload_chunk(state: super::state::AppState) -> Result<(), LoadFailed> {
    state.reload_roster();
    Ok(())
}

/// [`reload_chunk`] outside the split build.
#[cfg(not(feature = "split"))]
pub async fn reload_chunk(state: super::state::AppState) -> Result<(), LoadFailed> {
    state.reload_roster();
    Ok(())
}

chunk!(
    /// The dice tray's panel (its button and state stay in the first load, so a sheet can
    /// prefill it before the panel has arrived).
    tray / preload_tray :: tray_chunk(close: Callback<()>, close_button: NodeRef<html::Button>) =>
        view! { <TrayPanel close close_button/> }
);
chunk!(
    /// Sharing a character: the link and QR code.
    share / preload_share :: share_dialog_chunk(character: Character, on_close: Callback<()>) =>
        view! { <ShareDialog character on_close=move || on_close.run(())/> }
);
chunk!(
    /// A character, or a player's status update, arriving by link. One split point for both:
    /// each loader costs the first load a stub and a `Deferred` of its own.
    share / preload_share_in :: share_preview_chunk(fragment: String, on_done: Callback<()>) => {
        if fragment.starts_with(crate::model::table_link::MSG_ROUTE) {
            use super::table_codes::MessagePreview;
            view! { <MessagePreview fragment on_done=move || on_done.run(())/> }.into_any()
        } else if fragment.starts_with(crate::model::sync::STATUS_ROUTE) {
            view! { <StatusPreview fragment on_done=move || on_done.run(())/> }.into_any()
        } else {
            view! { <SharePreview fragment on_done=move || on_done.run(())/> }.into_any()
        }
    }
);
chunk!(
    /// A difficulty proposed by the GM, a sealed check, or a sealed roll's receipt, arriving
    /// by link (one split point: see above).
    share / preload_proposal :: proposal_chunk(fragment: String, on_done: Callback<()>) => {
        use crate::model::sealed::{CHECK_ROUTE, RECEIPT_ROUTE};
        use super::sealed::{CheckPreview, ReceiptPreview};
        if fragment.starts_with(CHECK_ROUTE) {
            view! { <CheckPreview fragment on_done=move || on_done.run(())/> }.into_any()
        } else if fragment.starts_with(RECEIPT_ROUTE) {
            view! { <ReceiptPreview fragment on_done=move || on_done.run(())/> }.into_any()
        } else {
            view! { <ProposalPreview fragment on_done=move || on_done.run(())/> }.into_any()
        }
    }
);

chunk!(
    /// A table's join code (`#/join/...`) or a player's answer (`#/answer/...`) arriving by
    /// link: the live link's code, with the Table screen's.
    table / preload_link :: link_chunk(fragment: String, on_done: Callback<()>) =>
        view! { <super::link::LinkIncoming fragment on_done/> }
);

/// Fetches, once the first screen is up and the browser is idle, what a player most likely
/// opens next: the code that reads and checks the roster's sheets (which then runs), the sheet
/// of `game` (the first character's, or the new-character form's default) and the screens'
/// styles, then the dice tray's panel, so neither tap waits on the network. A failure here is
/// not shown: opening the screen retries and says so.
pub fn warm_next(state: super::state::AppState, game: System) {
    leptos::task::spawn_local(async move {
        let styles = super::browser::screen_styles();
        // The sheets' check and the sheet share most of their code: fetched together.
        let _ = futures::future::join(state.sheets_checked(), warm_sheet_now(game)).await;
        styles.await;
        let _ = preload_tray().await;
    });
}

/// Fetches `game`'s sheet without showing it (the new-character form's choice).
pub fn warm_sheet(game: System) {
    leptos::task::spawn_local(warm_sheet_now(game));
}

async fn warm_sheet_now(game: System) {
    let _ = match game {
        System::Ix => preload_ix_sheet().await,
        System::Expedition => preload_exp_sheet().await,
    };
}

/// Shows what `load` produces once its chunk has arrived; until then a short status line, and
/// if the chunk cannot be fetched, a message and a way to try again (nothing is lost: the data
/// lives in storage, not in the chunk).
#[component]
pub fn Deferred<F, Fut>(load: F) -> impl IntoView
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<AnyView, LoadFailed>> + 'static,
{
    deferred(Arc::new(move || {
        Box::pin(load()) as Pin<Box<dyn Future<Output = _>>>
    }))
}

/// A chunk's loader, its future boxed.
type Loader =
    Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Result<AnyView, LoadFailed>>>> + Send + Sync>;

/// [`Deferred`]'s body, written once for every loader: generic, it was compiled again for each
/// screen (its suspense and futures, about 2 KB a time, all in the first load).
fn deferred(load: Loader) -> impl IntoView {
    // Absent only where a part is mounted on its own (the tray's browser tests).
    let state = use_context::<super::state::AppState>();
    let attempt = RwSignal::new(0u32);
    move || {
        attempt.track();
        // The chunk loader's future holds JS promises, which are not Send; the app is
        // single-threaded, so the wrapper's runtime check never fires.
        // Every screen loaded here reads sheets: the roster's are checked first (see
        // `AppState::sheets_checked`), while the screen's chunk is fetched.
        let checked = async move {
            match state {
                Some(state) => state.sheets_checked().await,
                None => Ok(()),
            }
        };
        let ready = SendWrapper::new(futures::future::join(checked, load()));
        // The screens' styles are fetched with the first chunk shown (see `satchelStyles`),
        // already on their way while the chunk arrives, so no screen paints unstyled.
        let styles = SendWrapper::new(super::browser::screen_styles());
        view! {
            <Suspense fallback=|| view! { <p class="boot" role="status">"Opening…"</p> }>
                {Suspend::new(async move {
                    let (checked, chunk) = ready.await;
                    styles.await;
                    match checked.and(chunk) {
                        Ok(view) => view,
                        Err(LoadFailed) => view! {
                            <div class="banner warn" role="alert">
                                <p>
                                    "This part of Satchel has not been downloaded yet and could not be fetched now. Your data is safe; check the connection and try again."
                                </p>
                                <button type="button" on:click=move |_| attempt.update(|n| *n += 1)>
                                    "Try again"
                                </button>
                            </div>
                        }
                        .into_any(),
                    }
                })}
            </Suspense>
        }
    }
}
