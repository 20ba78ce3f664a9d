//! The tray's handle in headless Chromium (`cargo test --target wasm32-unknown-unknown --test
//! web_tray`): a request opens the tray prefilled, a roll is logged and its Cash change
//! reaches the requester, and the session's Story points are asked before a point is marked
//! and spent when the check is rolled. The tests drive the panel as a user does, by its
//! buttons, and read what a user (or the log) sees.
#![cfg(target_arch = "wasm32")]

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use leptos::prelude::*;
use satchel::rules::expedition::money::LedgerEntry;
use satchel::rules::ix::pool::{Difficulty, Pool};
use satchel::ui::{DiceTray, Prefill, StoryPoints, TrayHandle, TrayRequest, Wager, provide_tray};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

async fn settle() {
    let (tx, rx) = futures_channel();
    set_timeout(tx, Duration::from_millis(60));
    let _ = rx.await;
}

// A one-shot timer future without extra crates: a JS promise resolved by the timeout.
fn futures_channel() -> (impl FnOnce() + 'static, wasm_bindgen_futures::JsFuture) {
    let mut resolve = None;
    let promise = js_sys::Promise::new(&mut |r, _| resolve = Some(r));
    let resolve = resolve.expect("the executor runs synchronously");
    (
        move || {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        },
        wasm_bindgen_futures::JsFuture::from(promise),
    )
}

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a document")
}

fn body_text() -> String {
    document()
        .body()
        .map(|b| b.inner_text())
        .unwrap_or_default()
}

fn element(selector: &str) -> web_sys::HtmlElement {
    document()
        .query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        .unwrap_or_else(|| panic!("{selector} is on the page:\n{}", body_text()))
}

fn text(selector: &str) -> String {
    element(selector).inner_text()
}

async fn click(selector: &str) {
    element(selector).click();
    settle().await;
}

const ROLL: &str = ".tray button.roll";
const FORTUNE: &str = ".tray [aria-label='Story points'] button:nth-child(1)";

/// The roll log as stored (what survives a reload).
fn logged() -> Vec<serde_json::Value> {
    let stored = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item("satchel/v1/rolls").ok().flatten())
        .unwrap_or_else(|| r#"{"entries":[]}"#.into());
    let log: serde_json::Value = serde_json::from_str(&stored).expect("the log is JSON");
    log["entries"].as_array().cloned().unwrap_or_default()
}

/// Mounts the tray on an empty log; the tray stays until the returned guard is dropped.
fn mount(points: Option<Rc<dyn StoryPoints>>) -> (TrayHandle, impl Drop) {
    if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.clear();
    }
    let ctx = Arc::new(Mutex::new(None));
    let out = ctx.clone();
    let body = document().body().expect("a body");
    let mounted = leptos::mount::mount_to(body, move || {
        provide_tray(points);
        *out.lock().unwrap() = use_context::<TrayHandle>();
        view! { <DiceTray/> }
    });
    let handle = ctx.lock().unwrap().take();
    (handle.expect("the tray provides its handle"), mounted)
}

fn lore_pool() -> Pool {
    let mut pool = Pool::from_ratings(3, 2).unwrap();
    pool.add_difficulty(Difficulty::Average).unwrap();
    pool
}

#[wasm_bindgen_test]
async fn a_sheet_opens_the_tray_prefilled_and_gets_the_cash_change() {
    let (tray, _mounted) = mount(None);
    tray.open(TrayRequest {
        label: "Lore check, Intellect 3, Lore 2, Average".into(),
        character_id: Some("c1".into()),
        character_name: Some("Vex".into()),
        prefill: Prefill::Ix(lore_pool()),
        ..Default::default()
    });
    settle().await;
    let shown = body_text();
    assert!(shown.contains("Dice tray"), "{shown}");
    assert_eq!(text(".pool-words"), "1 Ability, 2 Mastery vs 2 Trial");
    click(ROLL).await;
    let log = logged();
    let last = &log.last().expect("the roll is logged")["record"];
    assert_eq!(last["label"], "Lore check, Intellect 3, Lore 2, Average");
    assert_eq!(last["character_id"], "c1");
    assert_eq!(last["character"], "Vex");
    assert_eq!(last["faces"].as_array().map(Vec::len), Some(5));

    // A Cash wager: refused above the Cash held, deducted through the callback otherwise.
    let got: Arc<Mutex<Vec<LedgerEntry>>> = Arc::default();
    let wager = |wager: u32| TrayRequest {
        label: "Rope".into(),
        prefill: Prefill::CashWager {
            cost: 5,
            scarcity: 0,
            wager,
        },
        cash: Some(4),
        wealth: Some(3),
        on_cash: Some(Arc::new({
            let sink = got.clone();
            move |w: Wager| sink.lock().unwrap().push(w.entry)
        })),
        ..Default::default()
    };
    tray.open(wager(6));
    settle().await;
    click(ROLL).await;
    assert!(got.lock().unwrap().is_empty());
    assert!(
        text(".tray-message").contains("Wager is 6, but it must be between 1 and 4."),
        "{}",
        text(".tray-message")
    );
    tray.open(wager(3));
    settle().await;
    click(ROLL).await;
    let entries = got.lock().unwrap().clone();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].amount, -3);
    assert_eq!(entries[0].balance, 1);
    assert!(entries[0].reason.contains("Rope"));

    // The hook belongs to the purchase that opened the tray: once it is closed, a wager made
    // from the Dice button charges no one, and the tray's own Cash held takes the change.
    click(".tray-head button").await;
    click(".tray-button").await;
    assert!(
        text(".exp-mode").contains("No sheet is attached"),
        "{}",
        text(".exp-mode")
    );
    click(ROLL).await;
    assert_eq!(got.lock().unwrap().len(), 1, "no second charge");
    let cash_held = element(".exp-mode .num-grid label:nth-child(4)");
    assert_eq!(
        text(".exp-mode .num-grid label:nth-child(4) span"),
        "Cash held"
    );
    let cash_held = cash_held
        .query_selector("input")
        .ok()
        .flatten()
        .and_then(|n| n.dyn_into::<web_sys::HtmlInputElement>().ok())
        .expect("the Cash held field");
    assert_eq!(cash_held.value(), "1");
}

/// A session pool that can run dry or refuse to spend, and remembers what was spent.
#[derive(Default)]
struct Session {
    fortune_left: Cell<u32>,
    refuse_spend: Cell<bool>,
    spent: RefCell<Vec<(bool, Option<String>, String)>>,
}

struct Points(Rc<Session>);

impl StoryPoints for Points {
    fn check(&self, fortune: bool) -> Result<(), String> {
        if fortune && self.0.fortune_left.get() == 0 {
            return Err("No Fortune Point is left in the session pool.".into());
        }
        Ok(())
    }

    fn spend(&self, fortune: bool, who: Option<String>, label: &str) -> Result<(), String> {
        if self.0.refuse_spend.get() {
            return Err("The session pool is on the GM's device; spend the point there.".into());
        }
        if fortune {
            self.0.fortune_left.set(self.0.fortune_left.get() - 1);
        }
        self.0
            .spent
            .borrow_mut()
            .push((fortune, who, label.to_string()));
        Ok(())
    }
}

#[wasm_bindgen_test]
async fn story_points_are_asked_before_marking_and_spent_when_rolled() {
    let session = Rc::new(Session::default());
    let points = || Some(Rc::new(Points(session.clone())) as Rc<dyn StoryPoints>);
    let (tray, _mounted) = mount(points());
    tray.open(TrayRequest {
        label: "Lore check".into(),
        character_id: Some("c1".into()),
        prefill: Prefill::Ix(lore_pool()),
        ..Default::default()
    });
    settle().await;

    // None left: the reason is beside the buttons, and pressing anyway marks nothing.
    assert_eq!(
        text("#tray-points-why"),
        "No Fortune Point is left in the session pool."
    );
    click(FORTUNE).await;
    assert_eq!(
        text(".tray-message"),
        "No Fortune Point is left in the session pool."
    );
    assert_eq!(text(".pool-words"), "1 Ability, 2 Mastery vs 2 Trial");

    // One is granted (a real session document would redraw by itself; this one is told).
    session.fortune_left.set(1);
    tray.set_story_points(points());
    settle().await;
    assert!(
        document()
            .query_selector("#tray-points-why")
            .unwrap()
            .is_none()
    );
    click(FORTUNE).await;
    assert_eq!(text(".pool-words"), "3 Mastery vs 2 Trial");
    assert_eq!(text(FORTUNE), "Fortune Point spent");

    // The session refuses the spend: nothing is rolled, shown or logged.
    session.refuse_spend.set(true);
    click(ROLL).await;
    assert_eq!(
        text(".tray-message"),
        "The session pool is on the GM's device; spend the point there."
    );
    assert!(document().query_selector(".tray-result").unwrap().is_none());
    assert!(logged().is_empty());

    session.refuse_spend.set(false);
    click(ROLL).await;
    assert_eq!(
        *session.spent.borrow(),
        [(true, Some("c1".to_string()), "Lore check".to_string())]
    );
    assert_eq!(session.fortune_left.get(), 0);
    assert_eq!(logged().len(), 1);
    assert!(document().query_selector(".tray-result").unwrap().is_some());
}
