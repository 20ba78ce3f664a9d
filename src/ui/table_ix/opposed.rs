//! The opposed check panel of the Ix GM table: two sides, each a roster character's skill or
//! numbers set by hand plus the dice of its own working, the exact odds before rolling, and
//! both rolls with who won and by how much. The sides live in the table's document, so they
//! survive a reload; the rules are [`crate::rules::ix::opposed`].

use leptos::prelude::*;

use super::{T, act};
use crate::model::ix_table::{Contender, Contest, TableEdit};
use crate::rules::ix::opposed::{Side, opposed_odds, roll_opposed};
use crate::rules::ix::pool::PoolRoll;
use crate::rules::ix::stats::{Characteristics, Skill};
use crate::ui::fields::{NumberInput, TextInput};
use crate::ui::format::pct;
use crate::ui::party_rest::Said;
use crate::ui::tray::CryptoRng;

/// The value of the "who" list for a side set by hand.
const BY_HAND: &str = "";
/// How the "who" list's value for adversary `i` starts (roster ids never contain a colon).
const ADVERSARY: &str = "adversary:";

fn contest(t: T, role: Side) -> Contest {
    t.doc.with(|d| match role {
        Side::Acting => d.opposed.acting.clone(),
        Side::Defending => d.opposed.defending.clone(),
    })
}

/// Each die spelled out for a screen reader and for the eye: "Ability: Success, Boon; ...".
fn dice_words(roll: &PoolRoll) -> String {
    if roll.dice.is_empty() {
        return "no dice".into();
    }
    roll.dice
        .iter()
        .map(|d| d.label())
        .collect::<Vec<_>>()
        .join("; ")
}

/// A side set by hand: its characteristic and skill rank (0 for a roster character, whose
/// sheet holds them), and their setters, in the shape [`ContestSide`]'s number fields take.
fn hand_rating(c: &Contest) -> i32 {
    match c.who {
        Contender::ByHand { characteristic, .. } => characteristic,
        Contender::Character { .. } | Contender::Adversary { .. } => 0,
    }
}

fn hand_rank(c: &Contest) -> i32 {
    match c.who {
        Contender::ByHand { skill, .. } => skill,
        Contender::Character { .. } | Contender::Adversary { .. } => 0,
    }
}

fn set_hand_rating(c: &mut Contest, v: i32) {
    if let Contender::ByHand { characteristic, .. } = &mut c.who {
        *characteristic = v;
    }
}

fn set_hand_rank(c: &mut Contest, v: i32) {
    if let Contender::ByHand { skill, .. } = &mut c.who {
        *skill = v;
    }
}

/// One side's controls: who rolls, their skill or numbers, and the dice their working adds.
#[component]
fn ContestSide(role: Side) -> impl IntoView {
    let t = expect_context::<T>().here();
    let current = move || contest(t, role);
    let set = move |c: Contest| t.edit(TableEdit::SetContest(role, c));
    let heading = match role {
        Side::Acting => "Acting side",
        Side::Defending => "Defending side (wins ties)",
    };
    let who_id = format!("ixt-opp-who-{}", role.word());
    let skill_id = format!("ixt-opp-skill-{}", role.word());
    let on_who = move |ev: leptos::ev::Event| {
        let v = event_target_value(&ev);
        if let Some(i) = v.strip_prefix(ADVERSARY).and_then(|i| i.parse().ok()) {
            return t.edit(TableEdit::ContestAdversary(role, i));
        }
        let mut c = current();
        c.who = if v == BY_HAND {
            Contender::ByHand {
                name: t
                    .doc
                    .with_untracked(|d| t.state.roster.with_untracked(|r| c.name(r, &d.foes))),
                characteristic: 2,
                skill: 0,
            }
        } else {
            // Keep the skill when the new character has one of that name; otherwise start
            // from the first of theirs.
            let keep = match &c.who {
                Contender::Character { skill, .. } | Contender::Adversary { skill, .. } => {
                    Some(skill.clone())
                }
                Contender::ByHand { .. } => None,
            };
            let skills = t
                .sheet(&v, |s| {
                    s.character
                        .skills
                        .iter()
                        .map(|k| k.name.clone())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default();
            let skill = keep
                .filter(|k| skills.contains(k))
                .or_else(|| skills.first().cloned())
                .unwrap_or_default();
            Contender::Character { id: v, skill }
        };
        set(c);
    };
    let who_value = move || match current().who {
        Contender::Character { id, .. } => id,
        Contender::Adversary { id, .. } => t.doc.with(|d| {
            d.foes
                .iter()
                .position(|f| f.id == id)
                .map_or_else(String::new, |i| format!("{ADVERSARY}{i}"))
        }),
        Contender::ByHand { .. } => BY_HAND.to_string(),
    };
    // A memo, so that the fields below are rebuilt only when who rolls changes, not on every
    // edit to the table (a field being typed in would be replaced under the cursor).
    let rolls = Memo::new(move |_| match current().who {
        Contender::Character { id, skill } => Some((Some(id), None, skill)),
        Contender::Adversary { id, skill } => Some((None, Some(id), skill)),
        Contender::ByHand { .. } => None,
    });
    let words = |skills: &[Skill], ratings: &Characteristics| {
        skills
            .iter()
            .map(|k| {
                let rating = ratings.get(k.characteristic);
                (
                    k.name.clone(),
                    format!(
                        "{} ({} {rating}, rank {})",
                        k.name,
                        k.characteristic.name(),
                        k.rank
                    ),
                )
            })
            .collect::<Vec<_>>()
    };
    // A character's skills from their sheet; an adversary's own, then the standard ones it
    // rolls untrained. Derived, so a rank changed on the sheet or the stat block shows here.
    let skills = Memo::new(move |_| match rolls.get() {
        Some((Some(id), _, _)) => t
            .sheet(&id, |s| {
                words(&s.character.skills, &s.character.characteristics)
            })
            .unwrap_or_default(),
        Some((None, Some(id), _)) => t.doc.with(|d| {
            d.foes
                .iter()
                .find(|f| f.id == id)
                .map(|f| words(&f.stats.all_skills(), &f.stats.characteristics))
                .unwrap_or_default()
        }),
        _ => Vec::new(),
    });
    let number = move |label: &'static str,
                       get: fn(&Contest) -> i32,
                       put: fn(&mut Contest, i32),
                       min: i64,
                       max: i64| {
        view! {
            <NumberInput
                label=label
                value=Signal::derive(move || i64::from(get(&current())))
                min
                max
                on_commit=Callback::new(move |v: i64| {
                    let mut c = current();
                    put(&mut c, v as i32);
                    set(c);
                })
            />
        }
    };
    // A fear condition is the GM's to weigh here (near its source, or an attack), so it is
    // named rather than added.
    let condition = move || {
        let Contender::Adversary { id, .. } = current().who else {
            return String::new();
        };
        t.doc
            .with(|d| {
                d.foes
                    .iter()
                    .find(|f| f.id == id)
                    .and_then(|f| f.condition())
            })
            .map_or_else(String::new, |c| {
                format!(" {c}: add its Bane die above when the condition applies.")
            })
    };
    let pool_words = move || {
        let pool = t
            .state
            .roster
            .with(|r| t.doc.with(|d| current().pool(r, &d.foes)));
        let words = match pool {
            Ok(p) if p.is_empty() => "No dice: this side always has 0 net Successes.".to_string(),
            // No difficulty is the usual case here: the other side is the opposition.
            Ok(p) => {
                let words = p.describe();
                words
                    .strip_suffix(" vs no dice")
                    .map_or(words.clone(), str::to_string)
            }
            Err(e) => e.to_string(),
        };
        words + &condition()
    };
    let adversaries = move || {
        t.doc.with(|d| {
            d.foes
                .iter()
                .enumerate()
                .map(|(i, f)| (format!("{ADVERSARY}{i}"), f.name().to_string()))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <fieldset class="contest">
            <legend>{heading}</legend>
            <div class="field">
                <label for=who_id.clone()>"Who rolls"</label>
                <select id=who_id on:change=on_who>
                    <option value=BY_HAND selected=move || who_value().is_empty()>"Set by hand"</option>
                    <optgroup label="Characters">
                        {move || t.roster().into_iter().map(|(id, name)| {
                            let id2 = id.clone();
                            view! { <option value=id selected=move || who_value() == id2>{name}</option> }
                        }).collect_view()}
                    </optgroup>
                    <optgroup label="Adversaries">
                        {move || adversaries().into_iter().map(|(value, name)| {
                            let v2 = value.clone();
                            view! { <option value=value selected=move || who_value() == v2>{name}</option> }
                        }).collect_view()}
                    </optgroup>
                </select>
            </div>
            {move || match rolls.get() {
                Some((_, _, skill)) => {
                    let skill_id = skill_id.clone();
                    view! {
                        <div class="field">
                            <label for=skill_id.clone()>"Skill"</label>
                            <select id=skill_id on:change=move |ev| {
                                let mut c = current();
                                if let Contender::Character { skill, .. }
                                | Contender::Adversary { skill, .. } = &mut c.who
                                {
                                    *skill = event_target_value(&ev);
                                }
                                set(c);
                            }>
                                {skills.get().into_iter().map(|(name, words)| {
                                    let on = name == skill;
                                    view! { <option value=name selected=on>{words}</option> }
                                }).collect_view()}
                            </select>
                        </div>
                    }.into_any()
                }
                None => view! {
                    <TextInput
                        label="Name"
                        value=Signal::derive(move || match current().who {
                            Contender::ByHand { name, .. } => name,
                            Contender::Character { .. } | Contender::Adversary { .. } => {
                                String::new()
                            }
                        })
                        on_commit=Callback::new(move |v: String| {
                            let mut c = current();
                            if let Contender::ByHand { name, .. } = &mut c.who {
                                *name = v;
                            }
                            set(c);
                        })
                        max_chars=60
                    />
                    <div class="ix-grid">
                        {number("Characteristic", hand_rating, set_hand_rating, 1, 6)}
                        {number("Skill rank", hand_rank, set_hand_rank, 0, 5)}
                    </div>
                }.into_any(),
            }}
            <div class="ix-grid">
                {number("Boon dice", |c| c.boon_dice, |c, v| c.boon_dice = v, 0, 10)}
                {number("Bane dice", |c| c.bane_dice, |c, v| c.bane_dice = v, 0, 10)}
                {number("Trial dice of its own working", |c| c.trial, |c, v| c.trial = v, 0, 10)}
                {number("Crisis dice of its own working", |c| c.crisis, |c, v| c.crisis = v, 0, 10)}
            </div>
            <p class="hint" aria-label=format!("{heading}: pool")>{pool_words}</p>
            <Said label=format!("{heading}: changes") lines=t.said/>
        </fieldset>
    }
}

/// Two sides roll against each other (a spell pushing against a ward, a tug on a rope): more
/// net Successes wins, a tie goes to the defending side.
#[component]
pub(super) fn Opposed() -> impl IntoView {
    let t = expect_context::<T>().here();
    let dice = RwSignal::new(None::<(String, String)>);
    let odds = move || {
        t.state
            .roster
            .with(|r| t.doc.with(|d| d.opposed.pools(r, &d.foes)))
            .map(|(a, d)| opposed_odds(&a, &d))
    };
    let roll = move |_| {
        let pools = t
            .state
            .roster
            .with_untracked(|r| t.doc.with_untracked(|d| d.opposed.pools(r, &d.foes)));
        match pools {
            Ok((a, d)) => {
                let r = roll_opposed(&a, &d, &mut CryptoRng);
                t.edit(TableEdit::OpposedRolled(r.result));
                dice.set(Some((dice_words(&r.acting), dice_words(&r.defending))));
            }
            Err(e) => t.say(e.to_string()),
        }
    };
    let last = move || {
        t.doc.with(|d| {
            let names = t.state.roster.with(|roster| {
                (
                    d.opposed.acting.name(roster, &d.foes),
                    d.opposed.defending.name(roster, &d.foes),
                )
            });
            d.opposed.last.map(|r| {
                let (a, b) = names;
                let side = |name: &str, res: &crate::rules::ix::dice::CheckResult| {
                    format!(
                        "{name}: {} ({} net {})",
                        res.describe(),
                        res.net_successes,
                        if res.net_successes.abs() == 1 {
                            "Success"
                        } else {
                            "Successes"
                        }
                    )
                };
                (
                    r.describe(&a, &b),
                    side(&a, &r.acting),
                    side(&b, &r.defending),
                )
            })
        })
    };
    view! {
        <section class="panel wide" aria-labelledby="ixt-opp">
            <h2 id="ixt-opp">"Opposed check"</h2>
            <p class="hint">
                "Each side rolls its own pool, with its own working's difficulty but none for being opposed. More net Successes wins; a tie goes to the defending side."
            </p>
            <div class="contest-sides">
                <ContestSide role=Side::Acting/>
                <ContestSide role=Side::Defending/>
            </div>
            <p class="odds-line" role="status" aria-label="Opposed odds">
                {move || match odds() {
                    Ok(o) => format!(
                        "Before rolling: acting side wins {}; tie, defending side holds {}; defending side ahead {}. Average margin {:+.1} net Successes.",
                        pct(o.acting_wins),
                        pct(o.tie),
                        pct(o.defending_ahead),
                        o.expected_margin
                    ),
                    Err(e) => e.to_string(),
                }}
            </p>
            <div class="row">
                <button type="button" class="primary" on:click=roll>"Roll opposed check"</button>
                {act(t, "Swap sides", TableEdit::SwapContest)}
            </div>
            <Said label="Opposed check" lines=t.said/>
            <div role="status" aria-label="Opposed result">
                {move || last().map(|(outcome, a, b)| view! {
                    <p class="said"><strong>{outcome}</strong></p>
                    <ul class="list-plain">
                        <li>{a}</li>
                        <li>{b}</li>
                    </ul>
                })}
                {move || last().and(dice.get()).map(|(a, b)| view! {
                    <details>
                        <summary>"The dice"</summary>
                        <p>"Acting: " {a}</p>
                        <p>"Defending: " {b}</p>
                    </details>
                })}
            </div>
        </section>
    }
}
