//! Form fields shared by the sheets and tables: a number that validates in place, a stepper
//! with large +/- buttons, and text that saves as it is typed. One implementation each keeps
//! the bundle small and the behaviour the same everywhere.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Reads typed text as a whole number in `min..=max`, or says why not.
pub fn check_number(text: &str, min: i64, max: i64) -> Result<i64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(format!("Type a number from {min} to {max}."));
    }
    match t.parse::<i64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        Ok(v) if v < min => Err(format!("{v} is below the least, {min}.")),
        Ok(v) => Err(format!("{v} is above the most, {max}.")),
        Err(_) => Err(format!(
            "\"{t}\" is not a whole number; use {min} to {max}."
        )),
    }
}

static NEXT_FIELD: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// A page-unique id for labels and error messages.
pub fn field_id(prefix: &str) -> String {
    let n = NEXT_FIELD.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{prefix}-{n}")
}

/// A labelled whole-number field. What is typed stays as typed; a value in range is sent to
/// `on_commit` when the field changes, anything else shows why beside the field and changes
/// nothing.
#[component]
pub fn NumberInput(
    /// Visible label.
    #[prop(into)]
    label: Signal<String>,
    /// The stored value.
    #[prop(into)]
    value: Signal<i64>,
    min: i64,
    max: i64,
    on_commit: Callback<i64>,
    /// A short note under the field (what the number means).
    #[prop(optional, into)]
    hint: Option<Signal<String>>,
) -> impl IntoView {
    let id = field_id("num");
    let err_id = format!("{id}-err");
    let (error, set_error) = signal(None::<String>);
    // The draft follows the stored value until the user types something refused.
    let draft = RwSignal::new(value.get_untracked().to_string());
    Effect::new(move |_| {
        let v = value.get();
        if error.get_untracked().is_none() {
            draft.set(v.to_string());
        }
    });
    let commit = move |text: String| match check_number(&text, min, max) {
        // A field still being typed in when its screen goes (a character deleted in another
        // tab) gets "change" from the browser as it is removed, after the screen's signals
        // are gone: there is nothing left to commit to.
        Ok(_) if draft.is_disposed() => {}
        Ok(v) => {
            set_error.set(None);
            on_commit.run(v);
            draft.set(value.get_untracked().to_string());
        }
        Err(why) => set_error.set(Some(why)),
    };
    let described = {
        let err_id = err_id.clone();
        move || error.with(|e| e.is_some().then(|| err_id.clone()))
    };
    view! {
        <div class="field num" class:invalid=move || error.with(Option::is_some)>
            <label for=id.clone()>{label}</label>
            <input
                id=id
                type="text"
                inputmode="numeric"
                autocomplete="off"
                aria-invalid=move || error.with(|e| e.is_some().then_some("true"))
                aria-describedby=described
                prop:value=move || draft.get()
                on:input=move |ev| draft.set(event_target_value(&ev))
                on:change=move |ev| commit(event_target_value(&ev))
                on:keydown=move |ev| {
                    if ev.key() == "Enter" {
                        ev.prevent_default();
                        commit(draft.get_untracked());
                    }
                }
            />
            {move || hint.map(|h| view! { <small class="hint">{h}</small> })}
            <small id=err_id class="error" role="alert">
                {move || error.get()}
            </small>
        </div>
    }
}

/// A number with large − and + buttons either side of a typed field, for Wounds, Strain, HP
/// and the like. `noun` names one unit for screen readers ("Wound" gives "Remove one Wound").
#[component]
pub fn Stepper(
    #[prop(into)] label: Signal<String>,
    #[prop(into)] value: Signal<i64>,
    min: i64,
    max: i64,
    on_commit: Callback<i64>,
    noun: &'static str,
    #[prop(optional, into)] hint: Option<Signal<String>>,
) -> impl IntoView {
    let step = move |d: i64| {
        let v = value.get_untracked().saturating_add(d).clamp(min, max);
        on_commit.run(v);
    };
    let label_text = label;
    view! {
        <div class="stepper" role="group" aria-label=move || label_text.get()>
            <button
                type="button"
                class="step"
                aria-label=format!("Remove one {noun}")
                disabled=move || { value.get() <= min }
                on:click=move |_| step(-1)
            >
                "−"
            </button>
            {match hint {
                Some(hint) => {
                    view! { <NumberInput label value min max on_commit hint/> }.into_any()
                }
                None => view! { <NumberInput label value min max on_commit/> }.into_any(),
            }}
            <button
                type="button"
                class="step"
                aria-label=format!("Add one {noun}")
                disabled=move || { value.get() >= max }
                on:click=move |_| step(1)
            >
                "+"
            </button>
        </div>
    }
}

/// A labelled text field that saves as it is typed (every keystroke reaches storage, so
/// closing the tab mid-word loses nothing). `max_chars` refuses more with a message and keeps
/// what was typed in the field; `None` means no limit.
///
/// `shared`: the value lives in a stored document another tab may write while this field is
/// being typed in. Then what is typed stays, caret and all: a change from elsewhere to this
/// field while it has focus never replaces the text. A copy that merely lags behind (a value
/// this field held a moment ago, carried by the other tab's write of another field) is written
/// over at once; a value this field never held is the other tab's own edit, and the field
/// offers it: keep mine (written then), or take theirs. Out of focus, the field shows the
/// stored value.
#[component]
pub fn TextInput(
    #[prop(into)] label: Signal<String>,
    #[prop(into)] value: Signal<String>,
    on_commit: Callback<String>,
    #[prop(optional)] multiline: bool,
    #[prop(optional)] max_chars: Option<usize>,
    #[prop(optional)] shared: bool,
) -> impl IntoView {
    let id = field_id("text");
    let err_id = format!("{id}-err");
    let (error, set_error) = signal(None::<String>);
    // Values this field held since it took focus: the stored value then, and each commit.
    let held = StoredValue::new(Vec::<String>::new());
    let theirs = RwSignal::new(None::<String>);
    let input = move |text: String| {
        let n = text.chars().count();
        match max_chars {
            Some(max) if n > max => {
                set_error.set(Some(format!("{n} characters; the limit here is {max}.")))
            }
            _ => {
                set_error.set(None);
                held.update_value(|h| {
                    if h.len() >= 200 {
                        h.remove(1);
                    }
                    h.push(text.clone());
                });
                on_commit.run(text);
            }
        }
    };
    if shared {
        let id = id.clone();
        // The document's other edits re-run this too: only a change of this value counts, so
        // a value the reducer would not take as typed (refused, say) is not written again.
        let last_seen = StoredValue::new(value.get_untracked());
        Effect::new(move |_| {
            let stored = value.get();
            if last_seen.with_value(|l| *l == stored) {
                return;
            }
            last_seen.set_value(stored.clone());
            let Some(el) = document().get_element_by_id(&id) else {
                return;
            };
            let typed = dom_text(&el);
            if typed == stored {
                return;
            }
            if document().active_element().as_ref() != Some(&el) {
                // Undecided offer: the field keeps the text typed; the offer shows the newest.
                if theirs.with_untracked(Option::is_some) {
                    theirs.set(Some(stored));
                } else {
                    set_dom_text(&el, &stored);
                }
                return;
            }
            if held.with_value(|h| h.contains(&stored)) {
                // A copy lagging behind ours: written over after this update settles.
                // Not if the field has gone meanwhile (its screen left in the same task).
                queue_microtask(move || {
                    if !held.is_disposed() {
                        input(typed)
                    }
                });
            } else {
                // The other tab's own edit: offered, never written over unasked (two tabs
                // doing that to each other would never stop).
                theirs.set(Some(stored));
            }
        });
    }
    let focus = move |_| {
        held.set_value(vec![value.get_untracked()]);
    };
    let blur = {
        let id = id.clone();
        move |_| {
            // A value changed while typing (by a choice below, or the reducer) shows now.
            let stored = value.get_untracked();
            if let Some(el) = document().get_element_by_id(&id)
                && dom_text(&el) != stored
                && theirs.with_untracked(Option::is_none)
            {
                set_dom_text(&el, &stored);
            }
        }
    };
    let keep_mine = {
        let id = id.clone();
        move |_| {
            if let Some(el) = document().get_element_by_id(&id) {
                input(dom_text(&el));
            }
            theirs.set(None);
        }
    };
    let take_theirs = {
        let id = id.clone();
        move |_| {
            if let Some(t) = theirs.get_untracked() {
                if let Some(el) = document().get_element_by_id(&id) {
                    set_dom_text(&el, &t);
                }
                input(t);
            }
            theirs.set(None);
        }
    };
    // In shared mode the DOM value is set once here and then only by the effect above.
    let shown = move || {
        if shared {
            value.get_untracked()
        } else {
            value.get()
        }
    };
    let described = {
        let err_id = err_id.clone();
        move || error.with(|e| e.is_some().then(|| err_id.clone()))
    };
    let invalid = move || error.with(|e| e.is_some().then_some("true"));
    let control = if multiline {
        view! {
            <textarea
                id=id.clone()
                rows="4"
                aria-invalid=invalid
                aria-describedby=described
                prop:value=shown
                on:input=move |ev| input(event_target_value(&ev))
                on:focus=focus
                on:blur=blur
            ></textarea>
        }
        .into_any()
    } else {
        view! {
            <input
                id=id.clone()
                type="text"
                autocomplete="off"
                aria-invalid=invalid
                aria-describedby=described
                prop:value=shown
                on:input=move |ev| input(event_target_value(&ev))
                on:focus=focus
                on:blur=blur
            />
        }
        .into_any()
    };
    view! {
        <div class="field text" class:invalid=move || error.with(Option::is_some)>
            <label for=id>{label}</label>
            {control}
            <small id=err_id class="error" role="alert">
                {move || error.get()}
            </small>
            {move || {
                theirs
                    .get()
                    .map(|t| {
                        view! {
                            <div class="conflict" role="status">
                                <p>
                                    {format!("Another tab changed {} to “{t}” while you typed here.", label.get())}
                                </p>
                                <div class="row">
                                    <button type="button" on:click=keep_mine.clone()>
                                        "Keep mine"
                                    </button>
                                    <button type="button" on:click=take_theirs.clone()>
                                        "Take theirs"
                                    </button>
                                </div>
                            </div>
                        }
                    })
            }}
        </div>
    }
}

/// The text of an `<input>` or `<textarea>`.
fn dom_text(el: &web_sys::Element) -> String {
    if let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        i.value()
    } else if let Some(t) = el.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        t.value()
    } else {
        String::new()
    }
}

fn set_dom_text(el: &web_sys::Element, text: &str) {
    if let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        i.set_value(text);
    } else if let Some(t) = el.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        t.set_value(text);
    }
}

#[cfg(test)]
mod tests {
    use super::check_number;

    #[test]
    fn numbers_are_checked_with_reasons() {
        assert_eq!(check_number(" 4 ", 1, 6), Ok(4));
        assert_eq!(check_number("1", 1, 6), Ok(1));
        assert!(check_number("7", 1, 6).unwrap_err().contains("above"));
        assert!(check_number("0", 1, 6).unwrap_err().contains("below"));
        assert!(
            check_number("x", 1, 6)
                .unwrap_err()
                .contains("not a whole number")
        );
        assert!(check_number("", 1, 6).unwrap_err().contains("1 to 6"));
    }
}
