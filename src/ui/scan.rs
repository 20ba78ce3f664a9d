//! "Scan a code": the camera, opened only when asked, reads a Satchel QR code and opens it as
//! if its link had been followed (the status update, character, check or receipt preview).
//! The browser's barcode detector reads the frame where it has one; elsewhere the frame goes to
//! `model::scan` (rqrr, in this chunk). Browser calls go through `Reflect`, so no binding is
//! added to the first-load glue for a screen few open.

use std::time::Duration;

use js_sys::{Array, Function, Object, Promise, Reflect, Uint8ClampedArray};
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::model::scan::{ScanError, decode_luma, luma_from_rgba, satchel_fragment};

/// How often a frame is read: often enough to feel instant, rarely enough for an old phone.
const EVERY: Duration = Duration::from_millis(300);

fn get(target: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(target, &key.into())
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

fn call(target: &JsValue, method: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: Function = Reflect::get(target, &method.into())?.dyn_into()?;
    f.apply(target, &args.iter().collect::<Array>())
}

async fn settle(promise: JsValue) -> Result<JsValue, JsValue> {
    JsFuture::from(promise.dyn_into::<Promise>()?).await
}

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in pairs {
        let _ = Reflect::set(&o, &(*k).into(), v);
    }
    o.into()
}

/// Why the camera could not be had, in words, from the error's name.
fn refusal(error: &JsValue) -> String {
    let name = get(error, "name")
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    match name.as_str() {
        "NotAllowedError" | "SecurityError" => "The camera was refused, so nothing can be scanned. Satchel uses the camera only while this scanner is open and keeps no picture; to scan, allow the camera for this site in the browser's settings. A link sent to you opens without it.".into(),
        "NotFoundError" | "OverconstrainedError" => "This device has no camera Satchel can use. Open the link instead.".into(),
        "NotReadableError" => "The camera is busy in another app. Close it there and try again.".into(),
        _ => format!("The camera could not be started ({name}). Open the link instead."),
    }
}

/// The camera's stream and how its frames are read.
#[derive(Clone)]
struct Camera {
    stream: JsValue,
    /// The browser's `BarcodeDetector`, where it has one.
    detector: Option<JsValue>,
}

impl Camera {
    fn stop(&self) {
        if let Ok(tracks) = call(&self.stream, "getTracks", &[]) {
            for t in Array::from(&tracks).iter() {
                let _ = call(&t, "stop", &[]);
            }
        }
    }
}

/// Asks for the back camera (the prompt appears now, never before the button is pressed).
async fn start() -> Result<JsValue, String> {
    let media = web_sys::window()
        .map(|w| JsValue::from(w.navigator()))
        .and_then(|n| get(&n, "mediaDevices"))
        .ok_or("This browser gives this page no camera (it needs an https address). Open the link instead.")?;
    let constraints = object(&[
        ("audio", JsValue::FALSE),
        ("video", object(&[("facingMode", "environment".into())])),
    ]);
    let promise = call(&media, "getUserMedia", &[constraints]).map_err(|e| refusal(&e))?;
    settle(promise).await.map_err(|e| refusal(&e))
}

fn detector() -> Option<JsValue> {
    let class: Function = web_sys::window()
        .and_then(|w| get(&w, "BarcodeDetector"))?
        .dyn_into()
        .ok()?;
    let formats: Array = std::iter::once(JsValue::from("qr_code")).collect();
    Reflect::construct(
        &class,
        &std::iter::once(object(&[("formats", formats.into())])).collect(),
    )
    .ok()
}

/// One frame: the Satchel fragment in it, or why there is none yet.
async fn read_frame(
    camera: &Camera,
    video: &JsValue,
    canvas: &JsValue,
) -> Result<String, ScanError> {
    let size = |k| get(video, k).and_then(|v| v.as_f64()).unwrap_or(0.0) as u32;
    let (w, h) = (size("videoWidth"), size("videoHeight"));
    if w == 0 || h == 0 {
        return Err(ScanError::NothingFound);
    }
    if let Some(d) = &camera.detector
        && let Ok(p) = call(d, "detect", std::slice::from_ref(video))
        && let Ok(found) = settle(p).await
    {
        let texts: Vec<String> = Array::from(&found)
            .iter()
            .filter_map(|b| get(&b, "rawValue").and_then(|t| t.as_string()))
            .collect();
        if texts.is_empty() {
            return Err(ScanError::NothingFound);
        }
        return texts
            .iter()
            .find_map(|t| satchel_fragment(t).ok())
            .ok_or(ScanError::NotSatchel);
    }
    let _ = Reflect::set(canvas, &"width".into(), &w.into());
    let _ = Reflect::set(canvas, &"height".into(), &h.into());
    let options = object(&[("willReadFrequently", JsValue::TRUE)]);
    let ctx =
        call(canvas, "getContext", &["2d".into(), options]).map_err(|_| ScanError::BadFrame)?;
    call(&ctx, "drawImage", &[video.clone(), 0.into(), 0.into()])
        .map_err(|_| ScanError::BadFrame)?;
    let image = call(
        &ctx,
        "getImageData",
        &[0.into(), 0.into(), w.into(), h.into()],
    )
    .map_err(|_| ScanError::BadFrame)?;
    let rgba = get(&image, "data")
        .ok_or(ScanError::BadFrame)?
        .unchecked_into::<Uint8ClampedArray>()
        .to_vec();
    let text = decode_luma(w as usize, h as usize, &luma_from_rgba(&rgba))?;
    satchel_fragment(&text)
}

/// The scanner's state, as the view shows it.
#[derive(Clone, PartialEq)]
enum Scan {
    Closed,
    Asking,
    Looking(String),
    Refused(String),
}

/// A "Scan a code" button and, once pressed, the camera's picture with what it sees in words.
/// A Satchel code opens its preview (the page's fragment becomes the code's), or, given
/// `on_scan`, goes to the caller instead (the live link's answer); anything else is said and
/// scanning goes on.
#[component]
pub fn ScanCode(
    #[prop(optional)] on_scan: Option<Callback<String>>,
    #[prop(optional)] label: Option<&'static str>,
    #[prop(optional)] hint: Option<&'static str>,
) -> impl IntoView {
    let scan = RwSignal::new(Scan::Closed);
    let camera = StoredValue::new_local(None::<Camera>);
    let video = NodeRef::<html::Video>::new();
    let canvas = NodeRef::<html::Canvas>::new();
    let stop = move || {
        if let Some(c) = camera.try_update_value(Option::take).flatten() {
            c.stop();
        }
    };
    on_cleanup(stop);

    fn tick(
        scan: RwSignal<Scan>,
        camera: StoredValue<Option<Camera>, LocalStorage>,
        video: NodeRef<html::Video>,
        canvas: NodeRef<html::Canvas>,
        stop: impl Fn() + Copy + 'static,
        on_scan: Option<Callback<String>>,
    ) {
        set_timeout(
            move || {
                leptos::task::spawn_local(async move {
                    let Some(cam) = camera.try_get_value().flatten() else {
                        return;
                    };
                    let (Some(v), Some(c)) = (video.get_untracked(), canvas.get_untracked()) else {
                        return;
                    };
                    match read_frame(&cam, &v.into(), &c.into()).await {
                        Ok(fragment) => {
                            stop();
                            scan.set(Scan::Closed);
                            if let Some(f) = on_scan {
                                f.run(fragment);
                            } else if let Some(w) = web_sys::window() {
                                let _ = w.location().set_hash(&fragment);
                            }
                        }
                        Err(why) => {
                            scan.set(Scan::Looking(why.to_string()));
                            tick(scan, camera, video, canvas, stop, on_scan);
                        }
                    }
                });
            },
            EVERY,
        );
    }

    let open = move |_| {
        scan.set(Scan::Asking);
        leptos::task::spawn_local(async move {
            match start().await {
                Err(why) => scan.set(Scan::Refused(why)),
                Ok(stream) => {
                    let Some(v) = video.get_untracked() else {
                        return;
                    };
                    let v: JsValue = v.into();
                    let _ = Reflect::set(&v, &"srcObject".into(), &stream);
                    if let Ok(p) = call(&v, "play", &[]) {
                        let _ = settle(p).await;
                    }
                    camera.set_value(Some(Camera {
                        stream,
                        detector: detector(),
                    }));
                    scan.set(Scan::Looking(ScanError::NothingFound.to_string()));
                    tick(scan, camera, video, canvas, stop, on_scan);
                }
            }
        });
    };
    let close = move |_| {
        stop();
        scan.set(Scan::Closed);
    };
    let showing = move || matches!(scan.get(), Scan::Asking | Scan::Looking(_));
    view! {
        <div class="scan">
            <div class="row">
                <button type="button" on:click=open disabled=showing>{label.unwrap_or("Scan a code")}</button>
                <span class="muted small">
                    {hint.unwrap_or("A player's status update, character, or sealed-roll receipt, from their screen.")}
                </span>
            </div>
            <div class="scan-view" hidden=move || !showing()>
                <video node_ref=video muted=true playsinline=true aria-label="Camera picture"></video>
                <canvas node_ref=canvas hidden=true></canvas>
                <p role="status" aria-live="polite">
                    {move || match scan.get() {
                        Scan::Asking => "Asking for the camera…".to_string(),
                        Scan::Looking(said) => said,
                        _ => String::new(),
                    }}
                </p>
                <button type="button" on:click=close>"Stop scanning"</button>
            </div>
            {move || match scan.get() {
                Scan::Refused(why) => Some(view! { <p class="field-error" role="alert">{why}</p> }),
                _ => None,
            }}
        </div>
    }
}
