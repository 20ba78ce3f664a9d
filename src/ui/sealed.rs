//! Sealed rolls on screen: the GM seals a check in the tray and sends it; the player opens it
//! (the tray keeps it until rolled) and sends back the receipt shown with the result; the
//! GM's device opens the receipt, rolls again from the seal, and says whether it matches.
//! The rules of it are `model::sealed`; everything here is in the tray's or the share chunk.

use leptos::prelude::*;

use super::browser::now_ms;
use super::format::ago;
use super::share::{LinkField, LinkRefused, QrCode, asks, base_url, request_for};
use super::state::AppState;
use super::tray::{CryptoRng, TrayHandle, TrayRequest};
use crate::model::Proposal;
use crate::model::sealed::{
    Receipt, SealedCheck, SentChecks, SentEdit, Verdict, check_fragment, read_check_fragment,
    read_receipt_fragment, receipt_fragment, receipt_record,
};

/// In the tray, beside "Share this difficulty": the GM seals the difficulty being built into a
/// check only one roll answers, keeps it to verify the receipt, and sends its link.
#[component]
pub fn SealCheck() -> impl IntoView {
    let tray = expect_context::<TrayHandle>();
    let state = expect_context::<AppState>();
    let sent = RwSignal::new(None::<Result<String, String>>);
    let seal = move |_| {
        let made = tray.proposal().map_err(|e| e.to_string()).and_then(|p| {
            let check = SealedCheck::new(p, now_ms(), &mut CryptoRng);
            let link = format!("{}{}", base_url(), check_fragment(&check));
            state
                .doc::<SentChecks>()
                .dispatch(SentEdit::Sent(check))
                .map(|()| link)
        });
        sent.set(Some(made));
    };
    view! {
        <div class="sealed-ask">
            <button type="button" on:click=seal>"Ask for a sealed roll"</button>
            <p class="muted small">
                "The player's dice come from a seal made now and their pool, so the roll cannot be redone; their receipt is checked on this device."
            </p>
            {move || {
                sent.get()
                    .map(|made| match made {
                        Ok(link) => view! {
                            <p role="status">"Sealed. Send this to the player; their receipt comes back to this device."</p>
                            <LinkField link=link.clone() label="Sealed check link" title="Satchel sealed check".into()/>
                            <QrCode text=link label="QR code of the sealed check"/>
                        }
                        .into_any(),
                        Err(why) => view! { <p class="field-error" role="alert">{why}</p> }.into_any(),
                    })
            }}
        </div>
    }
}

/// Shown when the page was opened from a sealed check's link: what the GM asks, and the tray
/// opened with it.
#[component]
pub fn CheckPreview(fragment: String, on_done: impl Fn() + Copy + 'static) -> impl IntoView {
    let tray = expect_context::<TrayHandle>();
    match read_check_fragment(&fragment) {
        Err(e) => view! {
            <LinkRefused title="This sealed check cannot be opened" why=e.to_string() kept="Nothing was changed." on_done/>
        }
        .into_any(),
        Ok(check) => {
            let label = check.proposal.label().to_string();
            let what = asks(&check.proposal);
            let check = StoredValue::new(check);
            let open = move |_| {
                let check = check.get_value();
                tray.open(TrayRequest {
                    sealed: Some(check.clone()),
                    ..request_for(&check.proposal)
                });
                on_done();
            };
            view! {
                <section class="panel share-preview" aria-labelledby="sealed-title">
                    <h2 id="sealed-title">"Your GM asks for a sealed roll"</h2>
                    {(!label.is_empty()).then(|| view! { <p><strong>{label}</strong></p> })}
                    <p>{what}</p>
                    <p class="muted">
                        "Add your own dice in the tray, then roll. The dice follow from the GM's seal and your pool: this device rolls a seal once, so build the whole pool first. Send the receipt shown with the result back to your GM."
                    </p>
                    <div class="row">
                        <button type="button" class="primary" on:click=open>"Open in dice tray"</button>
                        <button type="button" on:click=move |_| on_done()>"Dismiss"</button>
                    </div>
                </section>
            }
            .into_any()
        }
    }
}

/// In the tray, above the pool: the sealed check waiting, and a way to leave it.
#[component]
pub fn SealedNotice(
    check: SealedCheck,
    here: Signal<bool>,
    on_leave: impl Fn() + Copy + 'static,
) -> impl IntoView {
    let label = check.proposal.label().to_string();
    let what = asks(&check.proposal);
    let (game, whole) = match check.proposal {
        Proposal::Ix { .. } => (
            "Ix",
            "the GM's difficulty is the whole difficulty (a condition's die is theirs to add)",
        ),
        Proposal::Expedition { .. } => (
            "Expedition (a test against the Ob)",
            "the GM's Ob is the whole Ob (your armour and shields are theirs to count); your free successes count after a pass",
        ),
    };
    view! {
        <div class="banner sealed-notice" role="region" aria-label="Sealed check">
            <p>
                <strong>"Sealed check from your GM"</strong>
                {(!label.is_empty()).then(|| format!(": {label}"))}
                {format!(". {what}; {whole}. Your dice come from the seal and your pool.")}
            </p>
            {move || (!here.get()).then(|| view! { <p>{format!("Switch to {game} to roll it.")}</p> })}
            <button type="button" on:click=move |_| on_leave()>"Leave the sealed check"</button>
        </div>
    }
}

/// With a sealed roll's result: the receipt for the GM, as a link and a QR code.
#[component]
pub fn ReceiptShare(receipt: Receipt) -> impl IntoView {
    let link = format!("{}{}", base_url(), receipt_fragment(&receipt));
    view! {
        <div class="sealed-receipt">
            <h3>"Receipt for your GM"</h3>
            <p class="muted small">"Their device rolls again from the seal and your pool, and checks these dice."</p>
            <LinkField link=link.clone() label="Receipt link" title="Satchel sealed roll receipt".into()/>
            <QrCode text=link label="QR code of the receipt"/>
        </div>
    }
}

/// Shown when the page was opened from a receipt: checked against the checks sent from here,
/// and put in the roll log once (a match, a mismatch with why, or a second receipt for a check
/// already verified), however often it is opened.
#[component]
pub fn ReceiptPreview(fragment: String, on_done: impl Fn() + Copy + 'static) -> impl IntoView {
    let state = expect_context::<AppState>();
    let tray = expect_context::<TrayHandle>();
    let receipt = match read_receipt_fragment(&fragment) {
        Ok(r) => r,
        Err(e) => {
            return view! {
                <LinkRefused title="This receipt cannot be opened" why=e.to_string() kept="Nothing was recorded." on_done/>
            }
            .into_any();
        }
    };
    let doc = state.doc::<SentChecks>();
    let opened = doc.with_untracked(|d| d.open(&receipt));
    let now = now_ms();
    // Remembered first, so a receipt is logged only when this device will know it was.
    let logged = opened.first_time && doc.dispatch(SentEdit::Opened(receipt.clone())).is_ok();
    if logged {
        tray.log_record(receipt_record(&receipt, &opened.verdict, now));
    }
    // What the screen says follows what was logged, not what was expected to be.
    let already = !logged;
    let logged_words = if already {
        "Already in the roll log as not verified: not logged again."
    } else {
        "Recorded in the roll log as not verified."
    };
    let verdict = opened.verdict;
    let who = if receipt.label.is_empty() {
        format!("{}'s sealed roll", receipt.character)
    } else {
        format!("{}'s sealed roll: {}", receipt.character, receipt.label)
    };
    let body = match verdict {
        Verdict::Verified { sent_ms, roll } => view! {
            <h2 id="receipt-title">"Receipt verified"</h2>
            <p><strong>{who}</strong></p>
            <p role="status">
                {format!(
                    "{}. The dice are the ones the seal gives this pool, against the difficulty sent {}.",
                    roll.outcome,
                    ago(sent_ms, now)
                )}
            </p>
            <p class="muted small">{format!("Pool: {}", roll.pool.describe())}</p>
            {(!roll.additions.is_empty()).then(|| view! {
                <p class="small">"Added by the rules to the difficulty sent:"</p>
                <ul class="notes" aria-label="Added by the rules">
                    {roll.additions.iter().map(|a| view! { <li>{a.label()}</li> }).collect_view()}
                </ul>
            })}
            <ul class="notes" aria-label="The dice">
                {roll.dice.into_iter().map(|d| view! { <li>{d}</li> }).collect_view()}
            </ul>
            <p class="muted small">
                {if already {
                    "Already verified on this device: not logged again."
                } else {
                    "Added to the roll log."
                }}
            </p>
        }
        .into_any(),
        Verdict::Differs(why) => view! {
            <h2 id="receipt-title">"This receipt does not match"</h2>
            <p><strong>{who}</strong></p>
            <div role="alert">
                <ul aria-label="What differs">
                {why.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
            </ul>
            </div>
            <p class="muted small">{logged_words}</p>
        }
        .into_any(),
        Verdict::AnsweredBefore { sent_ms } => view! {
            <h2 id="receipt-title">"This check was already answered"</h2>
            <p><strong>{who}</strong></p>
            <p role="alert">
                {format!(
                    "This device already verified a different receipt for this check (sent {}). A seal verifies once: a second receipt may be a pool tried after the first, so this one is not verified.",
                    ago(sent_ms, now)
                )}
            </p>
            <p class="muted small">{logged_words}</p>
        }
        .into_any(),
        Verdict::NeverSent => view! {
            <h2 id="receipt-title">"Not a check from this device"</h2>
            <p><strong>{who}</strong></p>
            <p role="alert">
                "This device never sent a check with this seal (or it was one of more than 50 older ones). It cannot be verified here; nothing was recorded."
            </p>
        }
        .into_any(),
    };
    view! {
        <section class="panel share-preview" aria-labelledby="receipt-title">
            {body}
            <button type="button" on:click=move |_| on_done()>"Done"</button>
        </section>
    }
    .into_any()
}
