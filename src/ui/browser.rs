//! Thin wrappers over browser APIs the components need (clock, ids, downloads, theme).

use wasm_bindgen::JsCast;

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// A random 64-bit id in hex from the browser's cryptographic generator. Falls back to the
/// clock mixed with a counter if the generator is unavailable, so creating never fails.
pub fn new_id() -> String {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        bytes = (now_ms() ^ (js_sys::Math::random() * 1e15) as u64).to_le_bytes();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The address's fragment, `#/...` (empty when there is none).
pub fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The fragment of `url` as [`current_hash`] gives it: `#/...`, or empty for none (or a bare `#`).
pub fn hash_of(url: &str) -> String {
    match url.find('#') {
        Some(i) if i + 1 < url.len() => url[i..].to_string(),
        _ => String::new(),
    }
}

fn root() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.document_element()
}

/// Sets or clears a `data-*` attribute on `<html>`.
pub fn set_root_attribute(name: &str, value: Option<&str>) {
    if let Some(el) = root() {
        let _ = match value {
            Some(v) => el.set_attribute(name, v),
            None => el.remove_attribute(name),
        };
    }
}

pub fn set_title(title: &str) {
    if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
        doc.set_title(title);
    }
}

/// Offers `text` as a file download. A data URL keeps this free of Blob bookkeeping; the
/// records are small.
pub fn download(filename: &str, text: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(el) = doc.create_element("a") else {
        return;
    };
    let Ok(a) = el.dyn_into::<web_sys::HtmlAnchorElement>() else {
        return;
    };
    let encoded: String = js_sys::encode_uri_component(text).into();
    a.set_href(&format!("data:application/json;charset=utf-8,{encoded}"));
    a.set_download(filename);
    a.click();
}

/// Marks the moment the roster can be used, for the benchmark script.
pub fn mark(name: &str) {
    if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
        let _ = perf.mark(name);
    }
}

/// A date in the reader's locale, e.g. "2 Dec 2026".
pub fn local_date(ms: u64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    d.to_locale_date_string("default", &js_sys::Object::new())
        .as_string()
        .unwrap_or_default()
}

/// "3 Dec 2026, 19:42": a moment in the reader's locale and time zone.
pub fn local_moment(ms: u64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    format!(
        "{}, {:02}:{:02}",
        local_date(ms),
        d.get_hours(),
        d.get_minutes()
    )
}

/// `YYYY-MM-DD` (UTC) for file names.
pub fn iso_day(ms: u64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let iso: String = d.to_iso_string().into();
    iso.chars().take(10).collect()
}

/// Reads a picked file as text. Refuses files over `limit` bytes before reading them.
pub async fn read_file(file: web_sys::File, limit: usize) -> Result<String, String> {
    let size = file.size() as usize;
    if size > limit {
        return Err(format!(
            "This file is {} KB; Satchel imports files up to {} KB.",
            size / 1024,
            limit / 1024
        ));
    }
    let text = wasm_bindgen_futures::JsFuture::from(file.text())
        .await
        .map_err(|_| "The browser could not read that file.".to_string())?;
    text.as_string()
        .ok_or_else(|| "That file is not text.".to_string())
}

/// Whether the browser has promised to keep this site's data (`None`: cannot tell).
pub async fn storage_persisted(ask: bool) -> Option<bool> {
    let manager = web_sys::window()?.navigator().storage();
    let promise = if ask {
        manager.persist().ok()?
    } else {
        manager.persisted().ok()?
    };
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .ok()?
        .as_bool()
}

/// Starts fetching the screens' styles (sheets, GM tables, gear), which the first load leaves
/// out (`satchelStyles` in index.html, once per page); the future waits for them. It settles
/// whatever happens: a page without the function or a failed file still shows the screen.
pub fn screen_styles() -> impl std::future::Future<Output = ()> {
    let promise = web_sys::window().and_then(|window| {
        let load = js_sys::Reflect::get(&window, &"satchelStyles".into()).ok()?;
        let promise = load.dyn_ref::<js_sys::Function>()?.call0(&window).ok()?;
        promise.dyn_into::<js_sys::Promise>().ok()
    });
    async move {
        if let Some(promise) = promise {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        }
    }
}

/// Runs `f` once the page is idle, or after `within_ms` if it never is (a page kept busy). Where
/// the browser has no idle callbacks (Safari), after the next frame has painted. Leptos's
/// `request_idle_callback` does nothing there, and what waits on it (the rest of a sheet) must
/// still come.
pub fn when_idle(within_ms: u32, f: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let idle = js_sys::Reflect::get(&window, &"requestIdleCallback".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match idle {
        Some(idle) => {
            let options = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&options, &"timeout".into(), &within_ms.into());
            let _ = idle.call2(
                &window,
                &wasm_bindgen::closure::Closure::once_into_js(f),
                &options,
            );
        }
        None => leptos::prelude::request_animation_frame(move || {
            leptos::prelude::set_timeout(f, std::time::Duration::ZERO);
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::hash_of;

    #[test]
    fn a_hashchange_address_gives_the_fragment_as_location_hash_does() {
        assert_eq!(hash_of("http://127.0.0.1:8080/#/roster"), "#/roster");
        assert_eq!(
            hash_of("https://a.github.io/satchel/#/c/ab12/gear"),
            "#/c/ab12/gear"
        );
        assert_eq!(
            hash_of("https://a.github.io/satchel/#/share/x%23y"),
            "#/share/x%23y"
        );
        assert_eq!(hash_of("https://a.github.io/satchel/#"), "");
        assert_eq!(hash_of("https://a.github.io/satchel/"), "");
    }
}
