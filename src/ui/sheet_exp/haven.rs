//! The Haven phase (improvement by Cash wager), Connections, Reputation and Wises,
//! strongholds with project clocks, and followers and hirelings.

use leptos::prelude::*;

use super::{Ctx, ListSaid, check, local};
use crate::model::exp_sheet::{ExpEdit, ExpSheet, ListKind, Procedure, ob_words};
use crate::model::{CharacterAction, System};
use crate::rules::expedition::character::{Companion, CompanionKind};
use crate::rules::expedition::dice::Ability;
use crate::rules::expedition::improvement::{Stat, improvement_ob, improvement_refusal};
use crate::rules::expedition::objective::{
    ConnectionsFactors, Degree, Role, connections_objective,
};
use crate::rules::expedition::odds::pass_probability;
use crate::rules::expedition::social::connections_pool;
use crate::rules::expedition::tables::{Disposition, MoraleReading};
use crate::ui::browser;
use crate::ui::fields::TextInput;
use crate::ui::format::pct;
use crate::ui::route::sheet_href;
use crate::ui::state::AppState;

fn stats(s: &ExpSheet) -> Vec<Stat> {
    let mut v: Vec<Stat> = Ability::ALL.into_iter().map(Stat::Ability).collect();
    v.extend([Stat::Wealth, Stat::HitPoints, Stat::Connections]);
    v.extend(
        s.core
            .strongholds
            .iter()
            .map(|h| Stat::Stronghold(h.name.clone())),
    );
    v
}

/// A remove button for entry `i` of a list.
fn remove(ctx: Ctx, kind: ListKind, i: usize, what: String) -> impl IntoView {
    view! {
        <button type="button" class="exp-x" aria-label=format!("Remove {what}") on:click=move |_| ctx.edit.run(ExpEdit::Remove(kind, i))>
            "×"
        </button>
    }
}

/// A text field and an Add button.
fn adder(
    label: &'static str,
    text: RwSignal<String>,
    add: impl Fn(String) + 'static,
) -> impl IntoView {
    view! {
        <div class="exp-add">
            <TextInput label=label.to_string() value=text max_chars=80 on_commit=Callback::new(move |t| text.set(t))/>
            <button type="button" on:click=move |_| add(text.get_untracked())>"Add"</button>
        </div>
    }
}

/// Improvement in the Haven phase: each statistic's next rank, its Ob and the odds.
pub(super) fn haven(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    // The list is rebuilt by every attempt; the answer is kept here and shown on its row.
    let said = ListSaid::new();
    let ctx = said.panel(ctx);
    let wager = RwSignal::new(1i64);
    let rows = move || {
        s.with(|sh| {
            let c = &sh.core;
            let cash = c.purse.cash;
            stats(sh)
                .into_iter()
                .map(|st| {
                    let cur = c.rank(&st).unwrap_or(0);
                    let target = st.next_target(cur);
                    // The week's refusal would be the same on every row: the section says it once.
                    let refusal = improvement_refusal(&st, cur, c.in_haven, &c.improved_this_session);
                    // The button stays pressable: a refused attempt says why in a notice.
                    let done = c.improved_this_session.contains(&st);
                    let info = match improvement_ob(&st, target) {
                        Ok(ob) if cur < st.max() => format!(
                            "{cur} → {target}: Ob {ob} · {}",
                            super::wager_odds(ob, cash).unwrap_or_else(|| "no Cash to wager".into())
                        ),
                        _ => format!("{cur}, at its maximum"),
                    };
                    let name = st.name();
                    // Outside a Haven every row would say the same; the section says it once.
                    let why = refusal.filter(|_| c.in_haven).map(|e| e.to_string());
                    let st2 = st.clone();
                    let row = said.row(ctx, name.clone());
                    view! {
                        <li class="exp-improve">
                            <span>
                                <strong>{name.clone()}</strong>
                                " "
                                {info}
                                {done.then(|| view! { " " <span class="flag">"Attempted this session"</span> })}
                            </span>
                            {why.map(|w| view! { <span class="muted">{w}</span> })}
                            <button
                                type="button"
                                on:click=move |_| row.roll(Procedure::Improve(st2.clone(), wager.get_untracked().max(0) as u32))
                            >
                                {format!("Improve {name}")}
                            </button>
                            {said.line(Some(name.clone()))}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <section class="panel" aria-labelledby="exp-haven">
            <h2 id="exp-haven">"Haven phase"</h2>
            {check("In a Haven phase", Signal::derive(move || s.with(|s| s.core.in_haven)), move |b| ctx.edit.run(ExpEdit::Haven(b)))}
            <button type="button" on:click=move |_| ctx.edit.run(ExpEdit::NewSession)>"Start a new session"</button>
            {said.line(None)}
            {said.announce()}
            <p class="hint">"Improve each statistic at most once a session, in a Haven, by wagering Cash dice against the next rank's Ob. The wager is spent either way. Each line gives the chance of success for each number of Cash dice wagered, up to what you hold."</p>
            <Show when=move || !s.with(|s| s.core.in_haven)>
                <p class="muted">"Not in a Haven phase: attempts are refused until it starts."</p>
            </Show>
            <Show when=move || s.with(|s| s.core.in_haven && s.core.downtime.taken.is_some())>
                <p class="muted">"This week's downtime action is spent: an attempt waits for the next week (Downtime, below)."</p>
            </Show>
            // A dozen rows that matter only in a Haven: folded outside one, open in one.
            <details class="exp-improvements" open=move || s.with(|s| s.core.in_haven)>
                <summary>"Improve a statistic"</summary>
                <div class="no-print">{local("Cash to wager", wager, 1, 200)}</div>
                <ul class="list-plain">{rows}</ul>
            </details>
        </section>
    }
}

const ROLES: [(Role, &str); 4] = [
    (Role::Common, "Common (+0)"),
    (Role::Uncommon, "Uncommon (+1)"),
    (Role::Rare, "Rare (+2)"),
    (Role::Unique, "Unique (+3)"),
];
const DEGREES: [(Degree, &str); 4] = [
    (Degree::SameCircles, "Same circles (+0)"),
    (Degree::SimilarCircles, "Similar circles (+1)"),
    (Degree::NotMuchConnection, "Not much connection (+2)"),
    (Degree::VeryDifferentCircles, "Very different circles (+3)"),
];
/// The yes/no Connections factors: label and where each lives.
type Flag = fn(&mut ConnectionsFactors) -> &mut bool;
const FLAGS: [(&str, Flag); 7] = [
    ("Hostile (+1)", |f| &mut f.hostile),
    ("Small settlement (+1)", |f| &mut f.small_settlement),
    ("In the wilderness (+1)", |f| &mut f.wilderness),
    ("In hiding (+1)", |f| &mut f.in_hiding),
    ("Sincere ally or former PC (−1)", |f| &mut f.sincere_ally),
    ("Known general location (−1)", |f| &mut f.known_location),
    ("Actively looking for you (−1)", |f| {
        &mut f.actively_looking
    }),
];

/// A select over a table of labelled choices, bound to an index signal.
fn choice(
    id: &'static str,
    label: &'static str,
    names: [&'static str; 4],
    sel: RwSignal<usize>,
) -> impl IntoView {
    let opts = names
        .iter()
        .enumerate()
        .map(|(i, n)| view! { <option value=i.to_string() selected=move || sel.get() == i>{*n}</option> })
        .collect_view();
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <select id=id on:change=move |ev| sel.set(event_target_value(&ev).parse().unwrap_or(0))>{opts}</select>
        </div>
    }
}

/// Connections, Reputation and Wises.
pub(super) fn social(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    let said = ListSaid::new();
    let ctx = said.panel(ctx);
    let wise = RwSignal::new(String::new());
    let faction = RwSignal::new(String::new());
    let ask = RwSignal::new(String::new());
    let role = RwSignal::new(0usize);
    let degree = RwSignal::new(0usize);
    let flags = RwSignal::new(ConnectionsFactors::default());
    let helps = RwSignal::new(String::new());
    let factors = move || ConnectionsFactors {
        role: ROLES[role.get().min(3)].0,
        degree: DEGREES[degree.get().min(3)].0,
        ..flags.get()
    };
    let plan = move || {
        let f = factors();
        let ob = connections_objective(&f);
        let h = helps.get();
        s.with(|s| {
            let c = &s.core;
            let rep = if h.is_empty() { 0 } else { c.reputation_with(&h) };
            let dice = connections_pool(c.abilities.presence, c.connections, rep)
                .map(|p| p.dice())
                .unwrap_or(0);
            format!(
                "{}. {dice} dice (2 + Presence {} + Connections {}{}): {} to find them amenable. Failing by 3 or more opens the Enmity Clause.",
                ob_words(&ob),
                c.abilities.presence,
                c.connections,
                if rep > 0 { format!(" + Reputation {rep}") } else { String::new() },
                pct(pass_probability(dice, ob.ob).unwrap_or(0.0))
            )
        })
    };
    let checks = FLAGS
        .iter()
        .map(|&(label, at)| {
            check(
                label,
                Signal::derive(move || *at(&mut flags.get())),
                move |b| flags.update(|f| *at(f) = b),
            )
        })
        .collect_view();
    let factions = move || {
        s.with(|s| {
            s.core
                .reputation
                .iter()
                .map(|r| view! { <option value=r.faction.clone()>{r.faction.clone()}</option> })
                .collect_view()
        })
    };
    let enmities = move || {
        s.with(|s| {
            s.enmities
                .iter()
                .enumerate()
                .map(|(i, w)| view! { <li class="flag">{format!("Enmity Clause: {w}")} {remove(ctx, ListKind::Enmity, i, format!("the Enmity flag for {w}"))}</li> })
                .collect_view()
        })
    };
    let reps = move || {
        s.with(|s| {
            s.core
                .reputation
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let f = r.faction.clone();
                    let score = r.score;
                    let (f2, f3) = (f.clone(), f.clone());
                    let ctx = said.row(ctx, format!("faction:{f}"));
                    view! {
                        <li class="exp-add exp-rep">
                            <crate::ui::fields::NumberInput
                                label=f.clone()
                                value=Signal::derive(move || i64::from(score))
                                min=-6
                                max=6
                                on_commit=Callback::new(move |v| ctx.edit.run(ExpEdit::Reputation(f2.clone(), v as i8)))
                            />
                            <button type="button" on:click=move |_| ctx.roll(Procedure::Recognition(f3.clone()))>
                                {format!("Recognised by {f}?")}
                            </button>
                            {remove(ctx, ListKind::Reputation, i, f.clone())}
                            {said.line(Some(format!("faction:{f}")))}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let wises = move || {
        s.with(|s| {
            s.core
                .wises
                .iter()
                .enumerate()
                .map(|(i, w)| view! { <li class="tag">{w.clone()} {remove(ctx, ListKind::Wise, i, w.clone())}</li> })
                .collect_view()
        })
    };
    view! {
        <section class="panel" aria-labelledby="exp-social">
            <h2 id="exp-social">"Connections, Reputation, Wises"</h2>
            {ctx.num("Connections", 0, 6, |s| s.core.connections.into(), |v| ExpEdit::Connections(v as u8))}
            <fieldset class="exp-conn">
                <legend>"Connections check"</legend>
                // A town errand, not a delve's: folded until wanted; the Enmity flags stay in view.
                <details>
                <summary>"Look for someone"</summary>
                <TextInput label="Who you look for".to_string() value=ask max_chars=80 on_commit=Callback::new(move |t| ask.set(t))/>
                <div class="exp-row">
                    {choice("exp-conn-role", "Role or identity", ROLES.map(|r| r.1), role)}
                    {choice("exp-conn-degree", "Degree of connection", DEGREES.map(|r| r.1), degree)}
                    <div class="field">
                        <label for="exp-conn-rep">"Reputation that helps"</label>
                        <select id="exp-conn-rep" on:change=move |ev| helps.set(event_target_value(&ev))>
                            <option value="">"None"</option>
                            {factions}
                        </select>
                    </div>
                </div>
                <div class="exp-checks">
                    {checks}
                    <Show when=move || s.with(|s| !s.core.downtime.circles.is_empty())>
                        {check(
                            "Among circles you carouse with (Degree +0)",
                            Signal::derive(move || flags.get().caroused),
                            move |b| flags.update(|f| f.caroused = b),
                        )}
                    </Show>
                </div>
                <p aria-live="polite">{plan}</p>
                <button
                    type="button"
                    on:click=move |_| {
                        let h = helps.get_untracked();
                        ctx.roll(Procedure::Connections {
                            ask: ask.get_untracked(),
                            factors: factors(),
                            faction: (!h.is_empty()).then_some(h),
                        })
                    }
                >
                    "Roll the Connections check"
                </button>
                </details>
                {said.line(None)}
                {said.announce()}
                <ul class="list-plain exp-enmity">{enmities}</ul>
            </fieldset>
            <h3>"Reputation"</h3>
            <ul class="list-plain">{reps}</ul>
            {adder("Faction", faction, move |f| ctx.edit.run(ExpEdit::Reputation(f, 0)))}
            <h3>"Wises"</h3>
            <ul class="tags">{wises}</ul>
            {adder("Wise", wise, move |w| ctx.edit.run(ExpEdit::AddWise(w)))}
        </section>
    }
}

/// A project clock as a pie of `size` wedges, `filled` of them shaded: a thick dashed circle
/// (`pathLength` in wedges) and a spoke per wedge, so no trigonometry is needed.
fn pie(size: u8, filled: u8, label: String) -> impl IntoView {
    let n = u32::from(size.max(1));
    let spokes = (0..n)
        .map(|i| {
            let d = 36000 * i / n;
            view! { <line x1="20" y1="20" x2="20" y2="2" transform=format!("rotate({}.{:02} 20 20)", d / 100, d % 100)/> }
        })
        .collect_view();
    view! {
        <svg class="exp-pie" viewBox="0 0 40 40" role="img" aria-label=label>
            <circle cx="20" cy="20" r="18" class="off"/>
            <circle
                cx="20"
                cy="20"
                r="9"
                class="on"
                pathLength=n.to_string()
                stroke-dasharray=format!("{filled} {n}")
                transform="rotate(-90 20 20)"
            />
            {spokes}
        </svg>
    }
}

/// What founding costs, with the chance for each wager up to the Cash held.
fn found_hint(cash: u32) -> String {
    let ob = improvement_ob(&Stat::Stronghold(String::new()), 1).unwrap_or(10);
    format!(
        "In a Haven, wager Cash dice against Ob {ob}; the wager is spent either way. {}",
        super::wager_odds(ob, cash).map_or_else(
            || "No Cash to wager.".to_string(),
            |odds| format!("Chance by Cash dice wagered: {odds}.")
        )
    )
}

/// Strongholds and project clocks.
pub(super) fn holdings(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    let name = RwSignal::new(String::new());
    let held = RwSignal::new(String::new());
    let found_wager = RwSignal::new(10i64);
    let said = RwSignal::new(String::new());
    let project = RwSignal::new(String::new());
    let ticked_said = RwSignal::new(String::new());
    let (ctx, project_ctx) = (ctx.beside(said), ctx.beside(ticked_said));
    // Founding is the improvement from rating 0 to 1 (Ob 10), in a Haven, by wager: the
    // rules' improvement procedure, so it is refused and paid for exactly as any other.
    let found = move |_| {
        let n = name.get_untracked().trim().to_string();
        if n.is_empty() {
            return said.set("Name the stronghold first.".into());
        }
        if s.with_untracked(|s| s.core.strongholds.iter().any(|h| h.name == n)) {
            return said.set(format!(
                "There is already a stronghold called {n}: improve it in the Haven phase list."
            ));
        }
        let count = move || s.with_untracked(|s| (s.core.strongholds.len(), s.history.len()));
        let before = count();
        let stat = Stat::Stronghold(n.clone());
        // A refusal is said by the edit itself; a roll is said here in fewer words.
        ctx.roll_then(
            Procedure::Improve(stat, found_wager.get_untracked().max(0) as u32),
            move || {
                let after = count();
                if after.0 > before.0 {
                    name.set(String::new());
                    said.set(format!("{n} is founded, at rating 1."));
                } else if after != before {
                    said.set(format!("The wager failed: {n} is not founded this time."));
                }
            },
        );
    };
    let size = RwSignal::new(4i64);
    let holds = move || {
        s.with(|s| {
            s.core
                .strongholds
                .iter()
                .enumerate()
                .map(|(i, h)| {
                    let tags = RwSignal::new(h.tags.join(", "));
                    let due = (h.tags_due > 0).then(|| {
                        let tag = RwSignal::new(String::new());
                        let label = format!("New tag for {}", h.name);
                        view! {
                            <p class="flag">{format!("Rating rose: {} new tag{} to add", h.tags_due, if h.tags_due == 1 { "" } else { "s" })}</p>
                            <div class="exp-add no-print">
                                <TextInput label=label value=tag max_chars=80 on_commit=Callback::new(move |t| tag.set(t))/>
                                <button type="button" on:click=move |_| said.set(ctx.answer(ctx.editor().try_edit(ExpEdit::DueTag(i, tag.get_untracked()))))>
                                    "Add tag"
                                </button>
                            </div>
                        }
                    });
                    view! {
                        <li>
                            <strong>{format!("{} (rating {})", h.name, h.rating)}</strong>
                            {format!(" Garrison population {}.", h.garrison_population())}
                            {remove(ctx, ListKind::Stronghold, i, h.name.clone())}
                            {due}
                            <TextInput
                                label="Tags, separated by commas".to_string()
                                value=tags
                                max_chars=400
                                on_commit=Callback::new(move |t: String| {
                                    ctx.edit.run(ExpEdit::StrongholdTags(i, t.split(',').map(str::to_string).collect()))
                                })
                            />
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let clocks = move || {
        s.with(|s| {
            s.core
                .projects
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let ticked = p.ticked_this_session;
                    view! {
                        <li class="exp-clock">
                            {pie(p.size, p.filled, format!("{}: {}", p.name, p.words()))}
                            <span>{format!("{}: {} of {}", p.name, p.filled, p.size)}</span>
                            <button type="button" disabled=ticked || p.is_complete() on:click=move |_| ticked_said.set(ctx.answer(ctx.editor().try_edit(ExpEdit::TickProject(i))))>
                                {if ticked { "Ticked this session" } else { "Tick" }}
                            </button>
                            {remove(ctx, ListKind::Project, i, p.name.clone())}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <section class="panel" aria-labelledby="exp-holds">
            <h2 id="exp-holds">"Strongholds and projects"</h2>
            <ul class="list-plain">{holds}</ul>
            <h3>"Found a stronghold"</h3>
            <p class="hint">{move || found_hint(s.with(|s| s.core.purse.cash))}</p>
            <div class="exp-add no-print">
                <TextInput label="Stronghold name".to_string() value=name max_chars=80 on_commit=Callback::new(move |t| name.set(t))/>
                {local("Cash to wager on it", found_wager, 1, 200)}
                <button type="button" on:click=found>"Found by wager"</button>
            </div>
            <p class="said" role="status">{move || said.get()}</p>
            <details class="no-print">
                <summary>"Already hold one from before Satchel?"</summary>
                {adder("Stronghold held", held, move |n| ctx.edit.run(ExpEdit::AddStronghold(n, 1)))}
            </details>
            <h3>"Project clocks"</h3>
            <p class="hint">"A tick a session, as that week's downtime action in a Haven."</p>
            <ul class="list-plain">{clocks}</ul>
            <p class="said" role="status" aria-label="Project clocks">{move || ticked_said.get()}</p>
            <div class="no-print">{local("Clock size", size, 2, 8)}</div>
            {adder("New project", project, move |n| project_ctx.edit.run(ExpEdit::AddProject(n, size.get_untracked() as u8)))}
        </section>
    }
}

const KINDS: [(CompanionKind, &str); 4] = [
    (CompanionKind::Follower, "Follower"),
    (CompanionKind::Hireling, "Hireling"),
    (CompanionKind::Animal, "Trained animal"),
    (CompanionKind::AnimalCompanion, "Animal companion"),
];

const DISPOSITIONS: [(Disposition, &str); 3] = [
    (Disposition::Militant, "Militant or savage (holds on 3+)"),
    (Disposition::Average, "Average (holds on 4+)"),
    (Disposition::Timid, "Timid (holds on 5+)"),
];

/// Followers, hirelings and animals.
pub(super) fn companions(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    let name = RwSignal::new(String::new());
    let role = RwSignal::new(String::new());
    let kind = RwSignal::new(0usize);
    let pool = RwSignal::new(2i64);
    let hp = RwSignal::new(3i64);
    let opp = RwSignal::new(0i64);
    let disposition = RwSignal::new(1usize);
    let danger = RwSignal::new(false);
    let said = ListSaid::new();
    let ctx = said.panel(ctx);
    let list = move || {
        s.with(|s| {
            s.core
                .companions
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let k = KINDS.iter().find(|k| k.0 == c.kind).map_or("", |k| k.1);
                    let cur = c.hp;
                    let key = format!("{i}:{}", c.name);
                    let ctx = said.row(ctx, key.clone());
                    view! {
                        <li>
                            <strong>{c.name.clone()}</strong>
                            {format!(" {k}, {}; pool {}. ", c.role, c.pool)}
                            {c.morale.map(|m| view! { <span class="flag">{if m == MoraleReading::Holds { "Morale holds" } else { "Morale broke" }}</span> " " })}
                            {(c.kind == CompanionKind::Hireling).then(|| view! {
                                <button
                                    type="button"
                                    on:click=move |_| ctx.roll(Procedure::Morale { companion: i, opposition: opp.get_untracked().max(0) as u32 })
                                >
                                    {format!("Morale: {} (contested Presence)", c.name)}
                                </button>
                            })}
                            {(c.kind == CompanionKind::Animal).then(|| view! {
                                <button
                                    type="button"
                                    on:click=move |_| ctx.roll(Procedure::BeastMorale {
                                        companion: i,
                                        disposition: DISPOSITIONS[disposition.get_untracked().min(2)].0,
                                        mortal_danger: danger.get_untracked(),
                                    })
                                >
                                    {format!("Morale: {} (d6)", c.name)}
                                </button>
                            })}
                            {remove(ctx, ListKind::Companion, i, c.name.clone())}
                            <crate::ui::fields::NumberInput
                                label=format!("{} HP (of {})", c.name, c.max_hp)
                                value=Signal::derive(move || i64::from(cur))
                                min=0
                                max=i64::from(c.max_hp)
                                on_commit=Callback::new(move |v| ctx.edit.run(ExpEdit::CompanionHp(i, v as u8)))
                            />
                            {said.line(Some(key))}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let add = move |_| {
        ctx.edit.run(ExpEdit::AddCompanion(Companion {
            name: name.get_untracked(),
            kind: KINDS[kind.get_untracked()].0,
            role: role.get_untracked(),
            pool: pool.get_untracked() as u8,
            hp: 0,
            max_hp: hp.get_untracked() as u8,
            morale: None,
        }))
    };
    let kinds = KINDS
        .iter()
        .enumerate()
        .map(|(i, k)| view! { <option value=i.to_string() selected=move || kind.get() == i>{k.1}</option> })
        .collect_view();
    view! {
        <section class="panel" aria-labelledby="exp-comp">
            <h2 id="exp-comp">"Followers and hirelings"</h2>
            <ul class="list-plain">{list}</ul>
            // Hiring is rarer than leading: folded once someone follows, and it stays as the
            // player leaves it while they add several.
            <details class="no-print" open=s.with_untracked(|s| s.core.companions.is_empty())>
            <summary>"Add a follower, hireling or animal"</summary>
            <div class="exp-row">
                <TextInput label="Name".to_string() value=name max_chars=80 on_commit=Callback::new(move |t| name.set(t))/>
                <TextInput label="Role".to_string() value=role max_chars=80 on_commit=Callback::new(move |t| role.set(t))/>
                <div class="field">
                    <label for="exp-kind">"Kind"</label>
                    <select id="exp-kind" on:change=move |ev| kind.set(event_target_value(&ev).parse().unwrap_or(0))>{kinds}</select>
                </div>
                {local("Pool", pool, 0, 12)}
                {local("Max HP", hp, 1, 20)}
            </div>
            <button type="button" on:click=add>"Add companion"</button>
            </details>
            {said.line(None)}
            {said.announce()}
            <p class="hint">"A hireling's morale is your Presence against the Referee's dice; a tie holds. A trained animal obeys until it fails a d6 Morale Check; followers and animal companions are loyal."</p>
            <div class="exp-row no-print">
                {local("Morale opposition dice (0: the hireling's pool)", opp, 0, 20)}
                <div class="field">
                    <label for="exp-disposition">"Trained animal's disposition"</label>
                    <select id="exp-disposition" on:change=move |ev| disposition.set(event_target_value(&ev).parse().unwrap_or(1))>
                        {DISPOSITIONS.iter().enumerate().map(|(i, d)| view! { <option value=i.to_string() selected=move || disposition.get() == i>{d.1}</option> }).collect_view()}
                    </select>
                </div>
                <label class="check">
                    <input type="checkbox" prop:checked=move || danger.get() on:change=move |ev| danger.set(event_target_checked(&ev))/>
                    "In mortal danger (the check fails)"
                </label>
            </div>
        </section>
    }
}

/// Retirement at Wealth 4+: the character becomes a record and a successor is created with the
/// three benefits, then opened.
pub(super) fn retirement(ctx: Ctx) -> impl IntoView {
    let s = ctx.s;
    let state = expect_context::<AppState>();
    let heir = RwSignal::new(String::new());
    let ability = RwSignal::new(0usize);
    let wise = RwSignal::new(String::new());
    let said = RwSignal::new(String::new());
    let go = move |_| {
        let from = ctx.id.get_value();
        if let Err(m) = state.dispatch(CharacterAction::EditExpedition {
            id: from,
            edit: ExpEdit::Retire,
        }) {
            return said.set(m);
        }
        let (c, a) = s.with_untracked(|s| (s.core.clone(), Ability::ALL[ability.get_untracked()]));
        let id = browser::new_id();
        let w = wise.get_untracked();
        let steps = [
            CharacterAction::Create {
                id: id.clone(),
                system: System::Expedition,
                name: heir.get_untracked(),
            },
            CharacterAction::EditExpedition {
                id: id.clone(),
                edit: ExpEdit::Inherit {
                    ability: a,
                    retiree_ability: c.abilities.get(a),
                    retiree_wealth: c.wealth,
                    retiree_wises: c.wises.clone(),
                    wise: (!w.is_empty()).then_some(w),
                },
            },
        ];
        for step in steps {
            if let Err(m) = state.dispatch(step) {
                return said.set(m);
            }
        }
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_hash(&sheet_href(&id)[1..]);
        }
    };
    // The form is built again only when the character retires, not on every sheet change,
    // so what the player picked stays shown.
    let retired = Memo::new(move |_| s.with(|s| s.retired));
    let abilities = move || {
        Ability::ALL
            .iter()
            .enumerate()
            .map(|(i, a)| view! { <option value=i.to_string() selected=move || ability.get() == i>{a.name()}</option> })
            .collect_view()
    };
    let wises = move || {
        s.with(|s| {
            s.core
                .wises
                .iter()
                .map(|w| {
                    let v = w.clone();
                    view! { <option value=w.clone() selected=move || wise.get() == v>{w.clone()}</option> }
                })
                .collect_view()
        })
    };
    view! {
        <section class="panel no-print" aria-labelledby="exp-retire">
            <h2 id="exp-retire">"Retirement"</h2>
            {move || {
                if retired.get() {
                    view! { <p class="flag">"Retired: kept as a record"</p> }.into_any()
                } else {
                    view! {
                        <p class="hint">"At Wealth 4 or more, at the start of a session. The successor gets +1 to one Ability (up to this character's score), +1 Wealth per 3 Wealth here, and one Wise."</p>
                        <p class="muted">
                            {move || if s.with(|s| s.session_fresh) {
                                "A session has just begun: retiring is possible now."
                            } else {
                                "Not at the start of a session: \"Start a new session\" (Town) first, then retire before anything else happens."
                            }}
                        </p>
                        <TextInput label="Successor's name".to_string() value=heir max_chars=80 on_commit=Callback::new(move |t| heir.set(t))/>
                        <div class="exp-row">
                            <div class="field">
                                <label for="exp-heir-ab">"Ability raised"</label>
                                <select id="exp-heir-ab" on:change=move |ev| ability.set(event_target_value(&ev).parse().unwrap_or(0))>{abilities()}</select>
                            </div>
                            <div class="field">
                                <label for="exp-heir-wise">"Wise passed on"</label>
                                <select id="exp-heir-wise" on:change=move |ev| wise.set(event_target_value(&ev))>
                                    <option value="">"None"</option>
                                    {wises}
                                </select>
                            </div>
                        </div>
                        <button type="button" on:click=go>"Retire and create the successor"</button>
                        {super::said_line(said)}
                    }
                        .into_any()
                }
            }}
        </section>
    }
}
