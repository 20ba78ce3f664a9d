//! WebRTC over web-sys, for the live link: one peer connection per linked device, one data
//! channel on it, no ICE servers (the devices at a table share a network, so their own host
//! candidates reach each other, and nothing is asked of any server). Each side waits until its
//! browser has gathered every candidate before its code is made, so the code holds them all
//! and nothing needs to be sent later.

use js_sys::Promise;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    RtcDataChannel, RtcIceGatheringState, RtcPeerConnection, RtcSdpType, RtcSessionDescriptionInit,
};

/// The channel's label: any name does; this one says whose it is in the browser's tools.
const CHANNEL: &str = "satchel";
/// How long to wait for the browser to gather candidates: on a local network it takes well
/// under a second; a device with a dead interface can hold gathering open far longer, and
/// what was gathered by then is enough.
const GATHER_MS: u32 = 4000;
const POLL_MS: u32 = 50;

/// Why a link could not be set up, in words.
fn failed(what: &str, e: &JsValue) -> String {
    let detail = e
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_default();
    if detail.is_empty() {
        format!("The browser could not {what}.")
    } else {
        format!("The browser could not {what} ({detail}).")
    }
}

/// Waits `ms` milliseconds.
pub async fn sleep(ms: u32) {
    let promise = Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// A peer connection with no ICE servers (the browser's default configuration has none).
pub fn connection() -> Result<RtcPeerConnection, String> {
    RtcPeerConnection::new().map_err(|e| failed("open a connection (WebRTC may be turned off)", &e))
}

fn description(kind: RtcSdpType, sdp: &str) -> RtcSessionDescriptionInit {
    let init = RtcSessionDescriptionInit::new(kind);
    init.set_sdp(sdp);
    init
}

/// This side's description once gathering is complete (or its time is up), with the
/// candidates in it.
async fn gathered(pc: &RtcPeerConnection) -> Result<String, String> {
    let mut waited = 0;
    while pc.ice_gathering_state() != RtcIceGatheringState::Complete && waited < GATHER_MS {
        sleep(POLL_MS).await;
        waited += POLL_MS;
    }
    pc.local_description()
        .map(|d| d.sdp())
        .ok_or_else(|| "The browser made no connection details.".to_string())
}

/// The host's side: a connection, its channel, and the full offer to trim into a join code.
pub async fn offer() -> Result<(RtcPeerConnection, RtcDataChannel, String), String> {
    let pc = connection()?;
    let dc = pc.create_data_channel(CHANNEL);
    let offer = JsFuture::from(pc.create_offer())
        .await
        .map_err(|e| failed("make an offer", &e))?;
    JsFuture::from(pc.set_local_description(offer.unchecked_ref()))
        .await
        .map_err(|e| failed("use its own offer", &e))?;
    let sdp = gathered(&pc).await?;
    Ok((pc, dc, sdp))
}

/// The joining side: takes the host's offer on `pc` (whose data-channel handler is already
/// set) and gives the full answer to trim into an answer code.
pub async fn answer(pc: &RtcPeerConnection, offer_sdp: &str) -> Result<String, String> {
    JsFuture::from(pc.set_remote_description(&description(RtcSdpType::Offer, offer_sdp)))
        .await
        .map_err(|e| failed("read the table's code", &e))?;
    let answer = JsFuture::from(pc.create_answer())
        .await
        .map_err(|e| failed("make an answer", &e))?;
    JsFuture::from(pc.set_local_description(answer.unchecked_ref()))
        .await
        .map_err(|e| failed("use its own answer", &e))?;
    gathered(pc).await
}

/// The host's side again: the joining device's answer completes the connection.
pub async fn accept(pc: &RtcPeerConnection, answer_sdp: &str) -> Result<(), String> {
    JsFuture::from(pc.set_remote_description(&description(RtcSdpType::Answer, answer_sdp)))
        .await
        .map(|_| ())
        .map_err(|e| failed("read the answer code", &e))
}

/// A handler kept alive as long as its connection is.
pub type Handler = Closure<dyn FnMut(JsValue)>;

pub fn handler(f: impl FnMut(JsValue) + 'static) -> Handler {
    Closure::new(f)
}

/// Sets `channel`'s open, message and close handlers; the message handler gets the text.
pub fn watch_channel(
    channel: &RtcDataChannel,
    on_open: impl FnMut() + 'static,
    mut on_text: impl FnMut(String) + 'static,
    on_close: impl FnMut() + 'static,
) -> Vec<Handler> {
    let mut on_open = on_open;
    let mut on_close = on_close;
    let open = handler(move |_| on_open());
    let message = handler(move |e: JsValue| {
        if let Some(text) = e
            .dyn_ref::<web_sys::MessageEvent>()
            .and_then(|m| m.data().as_string())
        {
            on_text(text);
        }
    });
    let close = handler(move |_| on_close());
    channel.set_onopen(Some(open.as_ref().unchecked_ref()));
    channel.set_onmessage(Some(message.as_ref().unchecked_ref()));
    channel.set_onclose(Some(close.as_ref().unchecked_ref()));
    vec![open, message, close]
}

/// Calls `lost` when the connection fails or closes (a phone gone to sleep, out of range).
pub fn watch_connection(pc: &RtcPeerConnection, mut lost: impl FnMut() + 'static) -> Handler {
    let target = pc.clone();
    let h = handler(move |_| {
        use web_sys::RtcPeerConnectionState as S;
        if matches!(target.connection_state(), S::Failed | S::Closed) {
            lost();
        }
    });
    pc.set_onconnectionstatechange(Some(h.as_ref().unchecked_ref()));
    h
}

/// Calls `f` with the channel the host opens (the joining side's end of it).
pub fn on_channel(pc: &RtcPeerConnection, mut f: impl FnMut(RtcDataChannel) + 'static) -> Handler {
    let h = handler(move |e: JsValue| {
        if let Some(e) = e.dyn_ref::<web_sys::RtcDataChannelEvent>() {
            f(e.channel());
        }
    });
    pc.set_ondatachannel(Some(h.as_ref().unchecked_ref()));
    h
}

/// Whether `channel` can send now.
pub fn is_open(channel: &RtcDataChannel) -> bool {
    channel.ready_state() == web_sys::RtcDataChannelState::Open
}

/// Closes a connection and drops its handlers' hold on it.
pub fn close(pc: &RtcPeerConnection, channel: Option<&RtcDataChannel>) {
    if let Some(dc) = channel {
        dc.set_onopen(None);
        dc.set_onmessage(None);
        dc.set_onclose(None);
        dc.close();
    }
    pc.set_onconnectionstatechange(None);
    pc.set_ondatachannel(None);
    pc.close();
}
