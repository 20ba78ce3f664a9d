//! The tray's prefill API and Cash callback in headless Chromium
//! (`cargo test --target wasm32-unknown-unknown --test web_tray`).
#![cfg(target_arch = "wasm32")]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use leptos::prelude::*;
use satchel::rules::expedition::money::LedgerEntry;
use satchel::rules::ix::pool::{Difficulty, Pool};
use satchel::ui::{DiceTray, Prefill, TrayContext, TrayRequest, provide_tray};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

async fn settle() {
    let (tx, rx) = futures_channel();
    set_timeout(move || tx(), Duration::from_millis(60));
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

fn body_text() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .map(|b| b.inner_text())
        .unwrap_or_default()
}

fn mount() -> TrayContext {
    let ctx = Arc::new(Mutex::new(None));
    let out = ctx.clone();
    leptos::mount::mount_to_body(move || {
        provide_tray();
        *out.lock().unwrap() = use_context::<TrayContext>();
        view! { <DiceTray/> }
    });
    let ctx = ctx.lock().unwrap().take();
    ctx.expect("the tray provides its context")
}

#[wasm_bindgen_test]
async fn a_sheet_opens_the_tray_prefilled_and_gets_the_cash_change() {
    let tray = mount();
    let mut pool = Pool::from_ratings(3, 2).unwrap();
    pool.add_difficulty(Difficulty::Average).unwrap();
    tray.open_tray(TrayRequest {
        label: "Lore check, Intellect 3, Lore 2, Average".into(),
        character_id: Some("c1".into()),
        character_name: Some("Vex".into()),
        prefill: Prefill::Ix(pool),
        ..Default::default()
    });
    settle().await;
    let text = body_text();
    assert!(text.contains("Dice tray"), "{text}");
    assert!(text.contains("1 Ability, 2 Mastery vs 2 Trial"), "{text}");
    tray.0.roll();
    settle().await;
    let log = tray.0.log.get_untracked();
    let last = log.entries.last().expect("the roll is logged");
    assert_eq!(
        last.record.label,
        "Lore check, Intellect 3, Lore 2, Average"
    );
    assert_eq!(last.record.character_id.as_deref(), Some("c1"));
    assert_eq!(last.record.character.as_deref(), Some("Vex"));
    assert_eq!(last.record.faces.len(), 5);

    // A Cash wager: refused above the Cash held, deducted through the callback otherwise.
    let got: Arc<Mutex<Vec<LedgerEntry>>> = Arc::default();
    let sink = got.clone();
    let request = move || TrayRequest {
        label: "Rope".into(),
        prefill: Prefill::CashWager { cost: 5 },
        cash: Some(4),
        wealth: Some(3),
        on_cash: Some(Arc::new({
            let sink = sink.clone();
            move |e: LedgerEntry| sink.lock().unwrap().push(e)
        })),
        ..Default::default()
    };
    tray.open_tray(request());
    tray.0.exp.wager.set(6);
    tray.0.roll();
    assert!(got.lock().unwrap().is_empty());
    assert!(
        tray.0
            .message
            .get_untracked()
            .unwrap_or_default()
            .contains("wager is 6")
    );
    tray.0.exp.wager.set(3);
    tray.0.roll();
    let entries = got.lock().unwrap().clone();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].amount, -3);
    assert_eq!(entries[0].balance, 1);
    assert!(entries[0].reason.contains("Rope"));
}
