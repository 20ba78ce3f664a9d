//! Spells: the spellbook with casting (Overload choices add Trial dice, Strain is paid when
//! the roll is made, the Empower options the result reaches are listed) and the spell builder.

use leptos::html;
use leptos::prelude::*;
use std::sync::Arc;

use super::{AddRow, Ctx};
use crate::model::ix_checks::SheetCheck;
use crate::model::ix_sheet::{IxEdit, NAME_MAX, SheetSpell};
use crate::rules::ix::check::{Against, Check, Reason};
use crate::rules::ix::checks::{ForbiddenGrantCase, ShakyStrain, Tradition};
use crate::rules::ix::dice::CheckResult;
use crate::rules::ix::magic::{
    EmpowerOption, EmpowerTrigger, MAX_DURATION_STEPS, MAX_SPELL_STRAIN, OVERLOAD_PATTERNS,
    SpellCategory, SpellDesign, SpellRange, default_categories, fallout_due, overload_alternatives,
};
use crate::ui::fields::{NumberInput, TextInput, field_id};
use crate::ui::tray::Hook;

const TRADITIONS: [Tradition; 3] = [Tradition::Arcana, Tradition::Divine, Tradition::Primal];

fn blank() -> SheetSpell {
    let mut design = SpellDesign::listed("", Tradition::Arcana, 2, 2);
    design.category = default_categories().remove(0);
    design.duration = "Instant".into();
    SheetSpell {
        design,
        effect: String::new(),
    }
}

/// The builder's draft and which saved spell it edits (`None`: a new one).
#[derive(Clone, Copy)]
struct Draft {
    spell: RwSignal<SheetSpell>,
    editing: RwSignal<Option<usize>>,
    open: RwSignal<bool>,
    summary: NodeRef<html::Summary>,
}

/// The spellbook and the spell builder.
#[component]
pub fn Spells() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let draft = Draft {
        spell: RwSignal::new(blank()),
        editing: RwSignal::new(None),
        open: RwSignal::new(false),
        summary: NodeRef::new(),
    };
    let count = Memo::new(move |_| ctx.read(|s| s.spellbook.len()));
    let cards = move || {
        (0..count.get())
            .map(|i| view! { <SpellCard i draft/> })
            .collect_view()
    };
    view! {
        <h3>"Spells"</h3>
        <Concentration/>
        <ul class="list-plain spells" aria-label="Spells">{cards}</ul>
        <Builder draft/>
    }
}

/// The Concentration spell held, with this round's upkeep and letting it go. The GM table
/// reminds every round; paying here or there is the same edit.
#[component]
fn Concentration() -> impl IntoView {
    let said = RwSignal::new(String::new());
    let ctx = expect_context::<Ctx>().beside(said);
    let held = Memo::new(move |_| ctx.read(|s| s.concentrating.clone()));
    move || {
        held.get().map(|spell| {
            view! {
                <div class="concentration" role="group" aria-label="Concentration">
                    <p>
                        <strong>{format!("Concentrating on {spell}")}</strong>
                        " "
                        <small class="muted">"1 Strain a round to keep it going."</small>
                    </p>
                    <div class="row wrap">
                        <button
                            type="button"
                            on:click=move |_| {
                                if ctx.try_edit(IxEdit::Upkeep) {
                                    said.set("Paid 1 Strain for this round.".into());
                                }
                            }
                        >
                            "Pay 1 Strain"
                        </button>
                        {super::act(ctx, "End concentration", IxEdit::EndConcentration)}
                    </div>
                    {super::said_line(said)}
                </div>
            }
        })
    }
}

/// One saved spell: its design, Overload checkboxes, Empower options and the Cast button.
#[component]
fn SpellCard(i: usize, draft: Draft) -> impl IntoView {
    // A refusal (short of Strain, Defensive Guard up) shows under the card's buttons.
    let said = RwSignal::new(String::new());
    let ctx = expect_context::<Ctx>().beside(said);
    let spell = Memo::new(move |_| {
        ctx.read(|s| s.spellbook.get(i).cloned())
            .unwrap_or_else(blank)
    });
    let chosen = RwSignal::new(Vec::<usize>::new());
    // Which half of an "A, or B" option was picked: (option, alternative). One option costs
    // one Trial die whichever half is cast, so picking one half drops the other.
    let halves = RwSignal::new(Vec::<(usize, usize)>::new());
    let last = RwSignal::new(None::<String>);
    let name = move || spell.with(|s| s.design.name.clone());
    // The GM's Forbidden Grant ruling for this casting (Divine spells only), by its index in
    // GRANTS; 0 is "not a Forbidden Grant".
    let grant = RwSignal::new(0usize);
    let ruling = move || {
        GRANTS
            .get(grant.get())
            .and_then(|g| g.1)
            .filter(|_| spell.with(|s| s.design.tradition == Tradition::Divine))
    };
    let check = move || {
        let picked = chosen.get();
        let what = SheetCheck::Spell {
            spell: i,
            picked: &picked,
            grant: ruling(),
        };
        ctx.build(what, None, Against::Own)
    };
    let cast = move |_| {
        let picked = chosen.get_untracked();
        // A bad-faith Forbidden Grant keeps the channel shut before anything else is asked.
        let check = untrack(check);
        if let Err(e) = &check {
            return ctx.say(e.clone());
        }
        // A dry run refuses before the tray opens (short of Strain, incapacitated).
        if let Err(e) = ctx.read(|s| s.clone().apply(IxEdit::CastSpell(i, picked.clone()))) {
            return ctx.say(e.to_string());
        }
        let d = spell.get_untracked().design;
        let mut label = format!("Cast {}", d.name);
        if !picked.is_empty() {
            let halves = halves.get_untracked();
            let names: Vec<&str> = picked
                .iter()
                .filter_map(|&k| {
                    let alts = overload_alternatives(d.overloads.get(k)?);
                    let h = halves.iter().find(|h| h.0 == k).map_or(0, |h| h.1);
                    alts.get(h).or(alts.first()).copied()
                })
                .collect();
            label.push_str(&format!(" with Overload: {}", names.join("; ")));
        }
        if let Some(case) = ruling() {
            label.push_str(&format!(" ({})", grant_words(case)));
        }
        let editor = ctx.editor();
        let then: Hook<CheckResult> = Arc::new(move |r| {
            let paid = editor.edit(IxEdit::CastSpell(i, picked.clone()));
            let mut words = format!("Last cast: {}.", r.describe());
            if paid {
                words.push_str(&format!(" {} Strain paid.", d.strain));
            }
            if paid && d.is_concentration() && editor.edit(IxEdit::CastResult(i, r)) {
                words.push_str(if r.succeeded {
                    " Concentrating: 1 Strain each round to keep it going."
                } else {
                    " It did not take hold, so there is nothing to concentrate on."
                });
            }
            let reached: Vec<String> = d
                .empowers_reached(&r)
                .into_iter()
                .map(|k| format!("{}: {}", d.empowers[k].trigger.words(), d.empowers[k].text))
                .collect();
            if !reached.is_empty() {
                words.push_str(&format!(
                    " Empower within reach (each spends its own symbols): {}.",
                    reached.join("; ")
                ));
            }
            if d.tradition == Tradition::Divine && r.calamities > 0 {
                words.push_str(
                    " A Calamity on a Divine working: record it under Divine Calamities by area.",
                );
            }
            if let (true, Some(f)) = (fallout_due(&r), &d.fallout) {
                words.push_str(&format!(" Fallout: {f}"));
            }
            // The words belong to this card: if the sheet has gone, there is nowhere to show them.
            last.try_set(Some(words));
        });
        ctx.roll(label, check, Some(then));
    };
    let overloads = move || {
        spell
            .with(|s| s.design.overloads.clone())
            .into_iter()
            .enumerate()
            .flat_map(|(k, o)| {
                overload_alternatives(&o)
                    .into_iter()
                    .map(str::to_string)
                    .enumerate()
                    .map(move |(h, alt)| (k, h, alt))
                    .collect::<Vec<_>>()
            })
            .map(|(k, h, alt)| {
                let picked = move || {
                    chosen.with(|c| c.contains(&k))
                        && halves.with(|x| x.iter().find(|x| x.0 == k).map_or(0, |x| x.1)) == h
                };
                view! {
                    <label class="check">
                        <input
                            type="checkbox"
                            prop:checked=picked
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                chosen.update(|c| {
                                    c.retain(|x| *x != k);
                                    if on {
                                        c.push(k);
                                    }
                                });
                                halves.update(|x| {
                                    x.retain(|x| x.0 != k);
                                    if on {
                                        x.push((k, h));
                                    }
                                });
                            }
                        />
                        {format!("Overload (+1 Trial die): {alt}")}
                    </label>
                }
            })
            .collect_view()
    };
    let details = move || {
        spell.with(|s| {
            let d = &s.design;
            let mut facts = vec![
                d.tradition.skill_name().to_string(),
                d.category.name.clone(),
                format!("{} range", d.range.name()),
            ];
            facts.extend((!d.duration.trim().is_empty()).then(|| d.duration.clone()));
            facts.push(format!("{} Trial dice", d.trial_dice()));
            facts.push(format!("{} Strain", d.strain));
            let empowers = d
                .empowers
                .iter()
                .map(|e| view! { <li>{format!("Empower {}: {}", e.trigger.words(), e.text)}</li> })
                .collect_view();
            view! {
                <p class="small spell-facts">{facts.join(" · ")}</p>
                {(!s.effect.is_empty()).then(|| view! { <p class="spell-effect">{s.effect.clone()}</p> })}
                <ul class="list-plain small">{empowers}</ul>
                {d.fallout.clone().map(|f| view! { <p class="small">{format!("Fallout: {f}")}</p> })}
            }
        })
    };
    let edit = move |_| {
        draft.spell.set(spell.get_untracked());
        draft.editing.set(Some(i));
        draft.open.set(true);
        if let Some(s) = draft.summary.get_untracked() {
            let _ = s.focus();
        }
    };
    view! {
        <li class="spell">
            <h4>{name}</h4>
            {details}
            <fieldset class="overloads" class:empty=move || spell.with(|s| s.design.overloads.is_empty())>
                <legend>{move || format!("Overload {} this casting", name())}</legend>
                {overloads}
            </fieldset>
            {move || spell.with(|s| s.design.tradition == Tradition::Divine).then(|| {
                let id = field_id("grant");
                view! {
                    <div class="field">
                        <label for=id.clone()>"Forbidden Grant (the GM's ruling)"</label>
                        <select id=id on:change=move |ev| grant.set(event_target_value(&ev).parse().unwrap_or(0))>
                            {GRANTS.iter().enumerate().map(|(k, (words, _))| view! {
                                <option value=k.to_string() selected=move || grant.get() == k>{*words}</option>
                            }).collect_view()}
                        </select>
                    </div>
                }
            })}
            <p class="small">
                {move || match check() {
                    Ok(c) => casting_words(&c),
                    Err(e) => e,
                }}
            </p>
            <div class="row wrap">
                <button type="button" class="primary" on:click=cast>{move || format!("Cast {}", name())}</button>
                <button type="button" on:click=edit>{move || format!("Edit {}", name())}</button>
                <button
                    type="button"
                    on:click=move |_| {
                        // Positions shift: a spell open in the builder is saved as a new one.
                        if ctx.try_edit(IxEdit::RemoveSpell(i)) {
                            draft.editing.set(None);
                        }
                    }
                >
                    {move || format!("Remove {}", name())}
                </button>
            </div>
            {super::said_line(said)}
            <p role="status" class="small">{move || last.get()}</p>
        </li>
    }
}

/// The GM's readings of a Forbidden Grant case, in the order the select offers them.
const GRANTS: [(&str, Option<ForbiddenGrantCase>); 6] = [
    ("Not a Forbidden Grant", None),
    (
        "Sound: serves the god's aim, normal difficulty",
        Some(ForbiddenGrantCase::Sound),
    ),
    (
        "Shaky: one Trial die becomes a Crisis die",
        Some(ForbiddenGrantCase::Shaky(ShakyStrain::UpgradeTrial)),
    ),
    (
        "Shaky: 1 Bane die",
        Some(ForbiddenGrantCase::Shaky(ShakyStrain::BaneDice(1))),
    ),
    (
        "Shaky: 2 Bane dice",
        Some(ForbiddenGrantCase::Shaky(ShakyStrain::BaneDice(2))),
    ),
    (
        "Bad faith: the channel stays shut",
        Some(ForbiddenGrantCase::BadFaith),
    ),
];

/// A ruling in a few words, for the tray's label.
fn grant_words(case: ForbiddenGrantCase) -> &'static str {
    match case {
        ForbiddenGrantCase::Sound => "Forbidden Grant, sound",
        ForbiddenGrantCase::Shaky(_) => "Forbidden Grant, shaky",
        ForbiddenGrantCase::BadFaith => "Forbidden Grant, bad faith",
    }
}

/// The casting pool in words, with what the rules added beyond the spell's own dice (a
/// focus, a shaky Forbidden Grant, a condition): "Casting pool: 2 Ability vs 1 Trial, 1 Crisis
/// (Shaky Forbidden Grant: one Trial die becomes a Crisis die)".
fn casting_words(check: &Check) -> String {
    let pool = check.pool().describe();
    let added: Vec<String> = check
        .parts
        .iter()
        .filter(|(p, on)| {
            // The spell's own dice, the ratings and a focus's Boon die read from the pool
            // itself; what else the rules added is named.
            *on && !matches!(
                p.reason,
                Reason::Ratings { .. } | Reason::Spell(_) | Reason::Focus
            )
        })
        .map(|(p, _)| p.label())
        .collect();
    if added.is_empty() {
        format!("Casting pool: {pool}")
    } else {
        format!("Casting pool: {pool} ({})", added.join("; "))
    }
}

/// A labelled select over `names`; `pick` gets the chosen index.
fn choice(
    label: &'static str,
    names: Vec<String>,
    selected: impl Fn() -> usize + Send + Sync + Copy + 'static,
    pick: impl Fn(usize) + Send + Sync + Copy + 'static,
) -> impl IntoView {
    let id = crate::ui::fields::field_id("sel");
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <select id=id on:change=move |ev| {
                if let Ok(k) = event_target_value(&ev).parse() {
                    pick(k);
                }
            }>
                {names.into_iter().enumerate().map(|(k, n)| view! {
                    <option value=k.to_string() prop:selected=move || selected() == k>{n}</option>
                }).collect_view()}
            </select>
        </div>
    }
}

type TextGet = fn(&SheetSpell) -> String;
type TextPut = fn(&mut SheetSpell, String);
type NumGet = fn(&SheetSpell) -> i32;
type NumPut = fn(&mut SheetSpell, i32);

/// The spell builder (reference, "Building New Spells"): the six steps as fields, the final
/// difficulty as it is built, and Save.
#[component]
fn Builder(draft: Draft) -> impl IntoView {
    // Each adder and Save says its refusal under itself.
    let (overload_said, empower_said, save_said) = (
        RwSignal::new(String::new()),
        RwSignal::new(String::new()),
        RwSignal::new(String::new()),
    );
    let ctx = expect_context::<Ctx>().beside(save_said);
    let sp = draft.spell;
    let texts: [(&'static str, TextGet, TextPut, Option<usize>, bool); 5] = [
        (
            "Spell name",
            |s| s.design.name.clone(),
            |s, v| s.design.name = v,
            Some(NAME_MAX),
            false,
        ),
        (
            "Effect category",
            |s| s.design.category.name.clone(),
            |s, v| s.design.category.name = v,
            Some(NAME_MAX),
            false,
        ),
        (
            "Duration",
            |s| s.design.duration.clone(),
            |s, v| s.design.duration = v,
            Some(NAME_MAX),
            false,
        ),
        (
            "What it does",
            |s| s.effect.clone(),
            |s, v| s.effect = v,
            None,
            true,
        ),
        (
            "Fallout (optional)",
            |s| s.design.fallout.clone().unwrap_or_default(),
            |s, v| s.design.fallout = (!v.trim().is_empty()).then_some(v),
            None,
            true,
        ),
    ];
    let text_view = |k: usize| {
        let (label, get, put, max, multiline) = texts[k];
        let value = Signal::derive(move || sp.with(get));
        let on_commit = Callback::new(move |v| sp.update(|s| put(s, v)));
        match max {
            Some(m) => {
                view! { <TextInput label value on_commit max_chars=m multiline/> }.into_any()
            }
            None => view! { <TextInput label value on_commit multiline/> }.into_any(),
        }
    };
    let nums: [(&'static str, i64, NumGet, NumPut, &'static str); 3] = [
        (
            "Category base (Trial dice)",
            10,
            |s| s.design.category.base_trial_dice,
            |s, v| s.design.category.base_trial_dice = v,
            "Damage and Protection are Average: 2.",
        ),
        (
            "Duration steps beyond the base",
            i64::from(MAX_DURATION_STEPS),
            |s| s.design.duration_steps,
            |s, v| s.design.duration_steps = v,
            "Each step adds a Trial die; Instant and Concentration add none.",
        ),
        (
            "Strain to cast",
            i64::from(MAX_SPELL_STRAIN),
            |s| s.design.strain,
            |s, v| s.design.strain = v,
            "Paid when the casting check is rolled.",
        ),
    ];
    let [base, steps, strain] = nums.map(|(label, max, get, put, hint)| {
        view! {
            <NumberInput
                label
                value=Signal::derive(move || i64::from(sp.with(get)))
                min=0
                max
                hint
                on_commit=Callback::new(move |v: i64| sp.update(|s| put(s, v as i32)))
            />
        }
    });
    let trad = choice(
        "Tradition",
        TRADITIONS
            .iter()
            .map(|t| t.skill_name().to_string())
            .collect(),
        move || {
            sp.with(|s| {
                TRADITIONS
                    .iter()
                    .position(|t| *t == s.design.tradition)
                    .unwrap_or(0)
            })
        },
        move |k| sp.update(|s| s.design.tradition = TRADITIONS[k % 3]),
    );
    let range = choice(
        "Range",
        SpellRange::ALL
            .iter()
            .map(|r| format!("{} (+{} Trial)", r.name(), r.steps()))
            .collect(),
        move || sp.with(|s| s.design.range.steps() as usize),
        move |k| sp.update(|s| s.design.range = SpellRange::ALL[k % 5]),
    );
    let cats = default_categories()
        .into_iter()
        .map(|c: SpellCategory| {
            let label = format!("{} (base {})", c.name, c.base_trial_dice);
            view! { <button type="button" on:click=move |_| sp.update(|s| s.design.category = c.clone())>{label}</button> }
        })
        .collect_view();
    let trigger = RwSignal::new(0usize);
    let trig = choice(
        "Empower trigger",
        EmpowerTrigger::COMMON.iter().map(|t| t.words()).collect(),
        move || trigger.get(),
        move |k| trigger.set(k % 3),
    );
    let options = move |empower: bool| {
        sp.with(|s| {
            let lines: Vec<String> = if empower {
                s.design
                    .empowers
                    .iter()
                    .map(|e| format!("{}: {}", e.trigger.words(), e.text))
                    .collect()
            } else {
                s.design
                    .overloads
                    .iter()
                    .map(|o| format!("Overload (Trial die): {o}"))
                    .collect()
            };
            lines
                .into_iter()
                .enumerate()
                .map(|(k, l)| {
                    view! {
                        <li class="row">
                            <span>{l.clone()}</span>
                            <button
                                type="button"
                                aria-label=format!("Remove {l}")
                                on:click=move |_| sp.update(|s| {
                                    if empower {
                                        s.design.empowers.remove(k);
                                    } else {
                                        s.design.overloads.remove(k);
                                    }
                                })
                            >
                                "Remove"
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let add_overload = move |text: String| {
        if text.is_empty() {
            return overload_said.set("Write what the Overload option does.".into());
        }
        overload_said.set(String::new());
        sp.update(|s| s.design.overloads.push(text))
    };
    let ideas = OVERLOAD_PATTERNS
        .map(|p| view! { <button type="button" on:click=move |_| add_overload(p.to_string())>{format!("+ {p}")}</button> });
    let status = move || {
        sp.with(|s| {
            let d = &s.design;
            let mut lines = vec![format!(
                "Final difficulty: {} Trial dice (category {} + range {} + duration {}); {} Strain.",
                d.trial_dice(),
                d.category.base_trial_dice,
                d.range.steps(),
                d.duration_steps,
                d.strain
            )];
            lines.extend(d.validate().into_iter().map(|e| e.to_string()));
            lines.extend(d.advice().into_iter().map(|a| format!("Advice: {a}.")));
            lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()
        })
    };
    let save = move |_| {
        if ctx.try_edit(IxEdit::SaveSpell(
            draft.editing.get_untracked(),
            Box::new(sp.get_untracked()),
        )) {
            sp.set(blank());
            draft.editing.set(None);
            draft.open.set(false);
        }
    };
    view! {
        <details
            class="spell-builder"
            prop:open=move || draft.open.get()
            on:toggle=move |ev| draft.open.set(event_target::<web_sys::Element>(&ev).has_attribute("open"))
        >
            <summary node_ref=draft.summary>
                {move || match draft.editing.get() {
                    Some(_) => "Spell builder: editing a spell",
                    None => "Spell builder: new spell",
                }}
            </summary>
            {text_view(0)}
            {trad}
            <div class="row wrap" role="group" aria-label="Categories the rules price">{cats}</div>
            {text_view(1)}
            {base}
            {range}
            {text_view(2)}
            {steps}
            {strain}
            {text_view(3)}
            <h4>"Overload options"</h4>
            <ul class="list-plain small" aria-label="Overload options">{move || options(false)}</ul>
            <div class="row wrap" role="group" aria-label="Overload patterns from the rules">{ideas}</div>
            <AddRow label="Overload option" on_add=Callback::new(add_overload)/>
            {super::said_line(overload_said)}
            <h4>"Empower options"</h4>
            <ul class="list-plain small" aria-label="Empower options">{move || options(true)}</ul>
            {trig}
            <AddRow
                label="Empower option"
                on_add=Callback::new(move |text: String| {
                    if text.is_empty() {
                        return empower_said.set("Write what the Empower option does.".into());
                    }
                    empower_said.set(String::new());
                    let trigger = EmpowerTrigger::COMMON[trigger.get_untracked()];
                    sp.update(|s| s.design.empowers.push(EmpowerOption { trigger, text }))
                })
            />
            {super::said_line(empower_said)}
            {text_view(4)}
            <div role="status">
                <ul class="list-plain small" aria-label="Spell check">{status}</ul>
            </div>
            <div class="row wrap">
                <button type="button" class="primary" on:click=save>"Save spell"</button>
                <button type="button" on:click=move |_| { sp.set(blank()); draft.editing.set(None); }>"Clear"</button>
            </div>
            {super::said_line(save_said)}
        </details>
    }
}
