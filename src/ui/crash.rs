//! What a user sees if Satchel panics: a banner that says their saved data is safe, a Reload
//! button and a report to copy, instead of a page that silently stops responding.
//!
//! The release build aborts on a panic, so by the time the hook runs nothing reactive will run
//! again: the banner is plain DOM, built here from a fixed template, and its buttons are
//! handled by `index.html`'s own script rather than by wasm that has just trapped. Every step
//! that can fail is skipped instead: a panic inside the hook would abort without a banner.

use std::panic::PanicHookInfo;
use wasm_bindgen::JsCast;

const REPORT_ID: &str = "crash-report";

/// The banner's fixed markup; only the report is filled in, as text. Its buttons carry
/// `data-crash`, which the page's script (`index.html`) acts on.
const BANNER: &str = concat!(
    "<p><strong>Something went wrong.</strong> Your saved data is safe. Reload to carry on.</p>",
    "<button type=\"button\" class=\"primary\" data-crash=\"reload\">Reload</button>",
    "<details><summary>Report for the developers</summary>",
    "<label for=\"crash-report\">What happened, to paste into a bug report</label>",
    "<textarea id=\"crash-report\" readonly rows=\"6\" spellcheck=\"false\"></textarea>",
    "<button type=\"button\" data-crash=\"copy\">Copy the report</button></details>",
);

/// A share link's fragment carries a whole character; the report needs only the route.
const MAX_HASH_CHARS: usize = 48;

/// Replaces the default hook (which writes to a stderr the browser does not have).
pub fn install() {
    std::panic::set_hook(Box::new(on_panic));
}

fn on_panic(info: &PanicHookInfo) {
    let message = info.payload_as_str().unwrap_or("(no message)");
    let location = info.location().map(ToString::to_string).unwrap_or_default();
    let window = web_sys::window();
    let hash = window
        .as_ref()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let agent = window
        .as_ref()
        .and_then(|w| w.navigator().user_agent().ok())
        .unwrap_or_default();
    let text = report(message, &location, &hash, &agent);
    let _ = show(&text);
    // The console keeps every panic, with its message, for whoever has the developer tools
    // open (the browser itself only says "unreachable").
    web_sys::console::error_1(&text.as_str().into());
}

/// The report a user copies: what panicked and where, which build, which screen, which browser.
pub fn report(message: &str, location: &str, hash: &str, agent: &str) -> String {
    let screen: String = match hash.char_indices().nth(MAX_HASH_CHARS) {
        Some((cut, _)) => format!("{}…", &hash[..cut]),
        None => hash.to_string(),
    };
    format!(
        "Satchel {} panicked at {location}\n{message}\nScreen: {screen}\nBrowser: {agent}\n",
        env!("CARGO_PKG_VERSION"),
    )
}

/// Puts the banner up, once: a later panic is most often the first one's echo (the aborted
/// code left a borrow or a lock behind), so the report keeps the first, and the console has all.
fn show(text: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    if document.get_element_by_id(REPORT_ID).is_some() {
        return None;
    }
    let banner = document.create_element("div").ok()?;
    banner.set_attribute("class", "banner error crash").ok()?;
    banner.set_attribute("role", "alert").ok()?;
    banner.set_inner_html(BANNER);
    let body = document.body()?;
    body.insert_before(&banner, body.first_child().as_ref())
        .ok()?;
    document
        .get_element_by_id(REPORT_ID)?
        .set_text_content(Some(text));
    // The screen below no longer responds: take it out of reach rather than let it look alive,
    // and put the keyboard on the way out.
    if let Some(app) = document.get_element_by_id("app") {
        let _ = app.set_attribute("inert", "");
    }
    banner
        .query_selector("button")
        .ok()??
        .dyn_into::<web_sys::HtmlElement>()
        .ok()?
        .focus()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::report;

    #[test]
    fn a_report_names_the_panic_the_build_the_screen_and_the_browser() {
        let r = report(
            "index out of bounds",
            "src/ui/party.rs:9:1",
            "#/table/party",
            "Chromium/1",
        );
        let version = env!("CARGO_PKG_VERSION");
        assert_eq!(
            r,
            format!(
                "Satchel {version} panicked at src/ui/party.rs:9:1\nindex out of bounds\nScreen: #/table/party\nBrowser: Chromium/1\n"
            )
        );
    }

    #[test]
    fn a_share_link_is_cut_to_its_route() {
        let long = format!("#/share/{}", "é".repeat(500));
        let r = report("m", "l", &long, "a");
        let screen = r.lines().find(|l| l.starts_with("Screen: ")).unwrap();
        assert_eq!(screen.chars().count(), "Screen: ".len() + 48 + 1);
        assert!(screen.starts_with("Screen: #/share/é"));
        assert!(screen.ends_with('…'));
    }
}
