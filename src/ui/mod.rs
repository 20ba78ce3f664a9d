//! Leptos components: the shell, the screens and the dice tray's entry point.
//!
//! State lives in [`AppState`], provided once as context; components read its signals and
//! change things only through its methods, so every change reaches storage the same way.

mod backup;
mod browser;
mod crash;
pub mod fields;
mod format;
pub mod gear;
mod history;
mod icons;
mod lazy;
mod link;
mod party;
mod party_rest;
mod party_status;
mod requests;
mod roster;
mod route;
mod scan;
mod sealed;
mod sections;
mod session;
mod settings;
mod setup;
mod share;
mod sheet;
mod sheet_exp;
mod sheet_ix;
mod shell;
mod state;
mod table;
mod table_codes;
mod table_exp;
mod table_ix;
mod tray;

pub use link::{LinkHub, PeerInfo, PeerState, Role};
pub use route::Screen;
pub use state::AppState;
pub use tray::{
    CharacterRolls, DiceTray, Prefill, StoryPoints, TrayError, TrayHandle, TrayRequest, Wager,
    provide_tray,
};

/// Mounts the app into `#app`, replacing the static boot shell `index.html` paints first.
pub fn mount() {
    use wasm_bindgen::JsCast;
    crash::install();
    let host = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    match host {
        Some(host) => {
            host.set_inner_html("");
            leptos::mount::mount_to(host, shell::App).forget();
        }
        None => leptos::mount::mount_to_body(shell::App),
    }
    browser::mark("satchel-interactive");
}
