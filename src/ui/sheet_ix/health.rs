//! Wounds, Strain, Defense and Critical Injuries.

use leptos::prelude::*;
use std::sync::Arc;

use super::Ctx;
use crate::model::CharacterAction;
use crate::model::EditError;
use crate::model::ix_checks::SheetCheck;
use crate::model::ix_sheet::{IxEdit, Num};
use crate::model::ix_table::IxTableDoc;
use crate::rules::ix::IxError;
use crate::rules::ix::check::{
    Action, Actor, Against, Check, FortuneState, Ratings, Refusal, check,
};
use crate::rules::ix::critical::{
    Healer, MedicineTask, TreatmentClock, roll_critical, row_bounds, treatment_clock,
};
use crate::rules::ix::dice::CheckResult;
use crate::rules::ix::health::{DEFENSE_CAP, Health as Track, Vitality};
use crate::ui::fields::{NumberInput, Stepper, TextInput};
use crate::ui::state::{AppState, Doc};
use crate::ui::tray::{CryptoRng, Hook};

/// The character's state in words (the rules' label, shared with the party board), and what
/// it means.
fn state_words(h: &Track) -> (&'static str, String) {
    let max = h.wounds_max;
    let meaning = match h.vitality() {
        Vitality::Standing if h.wounds >= max => "Standing, every Wound left.".into(),
        Vitality::Standing => format!("Standing, {} of {max} Wounds left.", h.wounds),
        Vitality::Incapacitated { bleeding: true } => format!(
            "Cannot act. Loses 1 Wound at the end of each round until stabilised; dies at −{max}."
        ),
        Vitality::Incapacitated { bleeding: false } => {
            "Cannot act, but no longer bleeding. Healing above 0 brings them back.".into()
        }
        Vitality::Dead => format!("Wounds reached −{max}, or a Killed injury."),
    };
    (h.state_label(), meaning)
}

/// Rolls a Critical Injury for the sheet's character (+10 per injury carried), adds it and
/// says what was rolled; a refusal comes back as the sentence.
fn roll_injury(ctx: Ctx) -> String {
    roll_injury_for(ctx.state, ctx.table, &ctx.id.get_value())
}

/// [`roll_injury`] for roster character `id` (an attack's target, from a sheet or the GM
/// table): the same roll and edit, with the injuries that character carries, named from the
/// GM's table `table`.
pub(crate) fn roll_injury_for(state: AppState, table: Doc<IxTableDoc>, id: &str) -> String {
    let carried = state
        .roster
        .with_untracked(|r| {
            r.get(id)
                .and_then(|c| c.ix())
                .map(|s| s.character.injuries_carried())
        })
        .unwrap_or(0);
    let r = match roll_critical(&mut CryptoRng, carried) {
        Ok(r) => r,
        Err(e) => return e.to_string(),
    };
    let name = table
        .with_untracked(|t| t.critical.rows.get(r.row).map(|x| x.name.clone()))
        .unwrap_or_default();
    let said = format!(
        "Rolled {} + {} ({} carried) = {}: {name}{}",
        r.d100,
        10 * r.carried,
        r.carried,
        r.total,
        if r.killed() {
            ". The character dies."
        } else {
            ""
        }
    );
    let action = CharacterAction::EditIx {
        id: id.to_string(),
        edit: IxEdit::AddInjury(r),
    };
    match state.dispatch(action) {
        Ok(()) => said,
        Err(e) => e,
    }
}

/// What a take or recover did, in words, read from the sheet before and after it.
pub(crate) fn harm_words(
    verb: &str,
    strain: bool,
    before: (Track, bool),
    after: (Track, bool),
) -> String {
    let (b, a) = (before.0, after.0);
    let (what, was, now, max) = if strain {
        ("Strain", b.strain, a.strain, a.strain_max)
    } else {
        ("Wounds", b.wounds, a.wounds, a.wounds_max)
    };
    let moved = (now - was).abs();
    let unit = match (strain, moved) {
        (true, _) => "Strain".to_string(),
        (false, 1) => "Wound".to_string(),
        (false, _) => "Wounds".to_string(),
    };
    let mut said = format!("{verb} {moved} {unit}: {now} of {max} {what} left.");
    if a.vitality() == Vitality::Dead && b.vitality() != Vitality::Dead {
        said.push_str(" The character dies.");
    } else if matches!(a.vitality(), Vitality::Incapacitated { .. })
        && b.vitality() == Vitality::Standing
    {
        said.push_str(" Incapacitated.");
    } else if a.vitality() == Vitality::Standing && b.vitality() != Vitality::Standing {
        said.push_str(" Back on their feet.");
    }
    if after.1 && !before.1 {
        said.push_str(" A Critical Injury is owed: roll it below.");
    }
    said
}

/// Take N or recover N Wounds or Strain, with whether the hit came from an attack, the result
/// beside the buttons, and the Critical Injury a hit owes, rolled right there.
#[component]
fn TakeOrRecover() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let amount = RwSignal::new(1i64);
    let attack = RwSignal::new(true);
    let said = RwSignal::new(String::new());
    let owed = move || ctx.read(|s| s.critical_owed);
    let go = move |strain: bool, take: bool| {
        let n = amount.get_untracked() as i32;
        let now = || ctx.read(|s| (s.character.health, s.critical_owed));
        let before = now();
        let edit = if take {
            IxEdit::Harm {
                strain,
                n,
                from_attack: attack.get_untracked(),
            }
        } else {
            IxEdit::Recover { strain, n }
        };
        let words = crate::model::table_link::Change::Ix(edit.clone()).words();
        said.set(match ctx.attempt(edit) {
            Ok(()) if ctx.is_mirror() => {
                format!("Asked of the player's device: {words}. Their sheet applies it and sends it back.")
            }
            Ok(()) => {
                let verb = match (take, strain) {
                    (true, _) => "Took",
                    (false, false) => "Healed",
                    (false, true) => "Recovered",
                };
                harm_words(verb, strain, before, now())
            }
            Err(e) => e,
        });
    };
    let buttons = [
        ("Take Wounds", false, true),
        ("Take Strain", true, true),
        ("Heal Wounds", false, false),
        ("Recover Strain", true, false),
    ]
    .map(|(label, strain, take)| {
        view! { <button type="button" on:click=move |_| go(strain, take)>{label}</button> }
    });
    // What was said, and a Critical Injury owed under it, come into sight together.
    let group = NodeRef::<leptos::html::Div>::new();
    crate::ui::sections::reveal_when_said(said, move || {
        group.try_get_untracked().flatten().map(Into::into)
    });
    view! {
        <div node_ref=group class="take no-print" role="group" aria-labelledby="ix-take">
            <h3 id="ix-take">"Take or recover"</h3>
            <div class="row wrap">
                <NumberInput label="Amount" value=amount min=1 max=99 on_commit=Callback::new(move |v| amount.set(v))/>
                <label class="check">
                    <input
                        type="checkbox"
                        prop:checked=move || attack.get()
                        on:change=move |ev| attack.set(event_target_checked(&ev))
                    />
                    "From an attack"
                </label>
            </div>
            <div class="row wrap">{buttons}</div>
            <button type="button" on:click=move |_| {
                said.set(match ctx.attempt(IxEdit::SecondManeuver) {
                    Ok(()) => ctx.read(|s| {
                        let h = s.character.health;
                        format!("Second Maneuver taken: 2 Strain paid, {} of {} Strain left.", h.strain, h.strain_max)
                    }),
                    Err(e) => e,
                })
            }>"Second Maneuver (2 Strain)"</button>
            <p role="status" class="said">{move || said.get()}</p>
            <Show when=owed>
                <div class="owed" role="alert">
                    <p>
                        <strong>"Critical Injury owed. "</strong>
                        "A hit took them down, or hit them while down: roll d100, +10 for each injury carried."
                    </p>
                    <div class="row wrap">
                        <button type="button" class="primary" on:click=move |_| said.set(roll_injury(ctx))>
                            "Roll a Critical Injury"
                        </button>
                        <button type="button" on:click=move |_| {
                            said.set(match ctx.attempt(IxEdit::WaiveCritical) {
                                Ok(()) => "The GM waived the Critical Injury.".into(),
                                Err(e) => e,
                            })
                        }>"GM waives it"</button>
                    </div>
                </div>
            </Show>
        </div>
    }
}

/// The Wound and Strain maxima (the player's or the GM's numbers; the reference gives no
/// formula).
pub(super) fn maxima(ctx: Ctx) -> impl IntoView {
    let read = move |strain: bool| {
        Signal::derive(move || {
            let h = ctx.read(|s| s.character.health);
            i64::from(if strain { h.strain_max } else { h.wounds_max })
        })
    };
    view! {
        <div class="ix-grid">
            <NumberInput label="Wound maximum" value=read(false) min=1 max=99 on_commit=ctx.cb(|v| IxEdit::Set(Num::WoundsMax, v as i32))/>
            <NumberInput label="Strain maximum" value=read(true) min=0 max=99 on_commit=ctx.cb(|v| IxEdit::Set(Num::StrainMax, v as i32))/>
        </div>
    }
}

/// Wounds and Strain with steppers, the state in words, rest and Defense.
#[component]
pub fn Health() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let h = move || ctx.read(|s| s.character.health);
    let num = move |n: Num| {
        Signal::derive(move || {
            let c = ctx.read(|s| (s.character.health, s.character.defenses));
            i64::from(match n {
                Num::Wounds => c.0.wounds,
                Num::WoundsMax => c.0.wounds_max,
                Num::Strain => c.0.strain,
                Num::StrainMax => c.0.strain_max,
                Num::Melee => c.1.melee,
                Num::Ranged => c.1.ranged,
            })
        })
    };
    // The steppers and the rest buttons each say their refusals on a line of their own.
    let steps_said = RwSignal::new(String::new());
    let rest_said = RwSignal::new(String::new());
    let set = move |n: Num| ctx.beside(steps_said).cb(move |v| IxEdit::Set(n, v as i32));
    // The steppers' ranges follow the maxima; rebuilt only when a maximum changes.
    let maxima = Memo::new(move |_| {
        let h = h();
        (i64::from(h.wounds_max), i64::from(h.strain_max))
    });
    let words = move || state_words(&h());
    let down = move || h().wounds <= 0;
    let rest_ctx = ctx.beside(rest_said);
    let actions = [
        ("Catch Breath", IxEdit::CatchBreath),
        ("New encounter", IxEdit::NewEncounter),
    ]
    .map(|(label, e)| super::act(rest_ctx, label, e));
    let defenses = [
        ("Melee Defense", Num::Melee),
        ("Ranged Defense", Num::Ranged),
    ]
    .map(|(label, n)| {
        let value = num(n);
        let hint = Signal::derive(move || {
            let v = value.get();
            if v > i64::from(DEFENSE_CAP) {
                format!("Sources add up to {v}; it counts as {DEFENSE_CAP}, the cap.")
            } else {
                format!("At most {DEFENSE_CAP} counts.")
            }
        });
        view! { <NumberInput label value min=0 max=20 on_commit=set(n) hint/> }
    });
    view! {
        <section class="panel" aria-labelledby="ix-health">
            <h2 id="ix-health">"Wounds and Strain"</h2>
            <p class="ix-state" role="status">
                <strong class="state-words">{move || words().0}</strong>
                ": "
                {move || words().1}
            </p>
            {move || {
                let (wm, sm) = maxima.get();
                view! {
                    <Stepper
                        label=format!("Wounds remaining (of {wm})")
                        value=num(Num::Wounds)
                        min=-wm
                        max=wm
                        on_commit=set(Num::Wounds)
                        noun="Wound"
                    />
                    <Stepper
                        label=format!("Strain remaining (of {sm})")
                        value=num(Num::Strain)
                        min=0
                        max=sm
                        on_commit=set(Num::Strain)
                        noun="Strain"
                    />
                }
            }}
            {super::said_line(steps_said)}
            <TakeOrRecover/>
            <div class="row wrap" role="group" aria-label="Recovery">
                // Only a character at 0 Wounds or below bleeds: the button waits until then.
                <Show when=down>{move || super::act(rest_ctx, "End of round: bleed out", IxEdit::BleedOut)}</Show>
                {actions}
            </div>
            // A night's rest is not a fight's: folded, with what each recovery gives.
            <details class="no-print">
                <summary>"Extended rest"</summary>
                <p class="muted small">
                    "Catch Breath: 1 Strain once per encounter (2 with the talent). Extended rest: Strain to full, and Might in Wounds unless below 0."
                </p>
                {super::act(rest_ctx, "Extended rest", IxEdit::Rest)}
            </details>
            {super::said_line(rest_said)}
            <div class="ix-grid">{defenses}</div>
        </section>
    }
}

/// Critical Injuries: roll with +10 per injury carried, treat, step down, remove.
#[component]
pub fn Injuries() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let list = Memo::new(move |_| ctx.read(|s| s.character.critical_injuries.clone()));
    let last = RwSignal::new(String::new());
    let roll = move |_| last.set(roll_injury(ctx));
    // `row_ctx` says on the injury's own line; a treated injury leaves the list, so what
    // happened to it is said above the list.
    let treat = move |row_ctx: Ctx, i: usize, row: usize, name: String| {
        let task = MedicineTask::CriticalInjury { row };
        let editor = row_ctx.editor();
        let on: Hook<CheckResult> = Arc::new(move |r| {
            if editor.edit(IxEdit::TreatInjury(i, r)) {
                last.try_set(format!("{name} treated: the injury is gone."));
            }
        });
        if let Err(e) = medicine(row_ctx, task, "treat a Critical Injury", on) {
            row_ctx.say(e);
        }
    };
    let rows = move || {
        list.get()
            .into_iter()
            .enumerate()
            .map(|(i, inj)| {
                let (name, effect) = ctx.table.with(|t| {
                    t.critical
                        .rows
                        .get(inj.row)
                        .map(|r| (r.name.clone(), r.effect.clone()))
                        .unwrap_or_default()
                });
                let (low, high) = row_bounds(inj.row);
                let task = MedicineTask::CriticalInjury { row: inj.row };
                let severity = crate::rules::ix::critical::Severity::for_total(low);
                let clock = match treatment_clock(inj.row) {
                    TreatmentClock::ThisTurn => Some("Treat this turn or die"),
                    TreatmentClock::ThisRound => Some("Treat before the round ends or die"),
                    TreatmentClock::Untreatable => Some("Killed"),
                    TreatmentClock::None => None,
                };
                let treat_with = task.difficulty().ok();
                let said = RwSignal::new(String::new());
                let ctx = ctx.beside(said);
                let treated = name.clone();
                view! {
                    <li class="injury">
                        <p>
                            <strong>{format!("{name} ({low}–{high})")}</strong>
                            " "
                            {severity.name()}
                            {treat_with.map(|d| format!("; treat: {} Medicine", d.name()))}
                            " "
                            {clock.map(|c| view! { <span class="flag">{c}</span> })}
                        </p>
                        <p class="small">
                            {effect}
                            " "
                            <span class="muted">{inj.note.clone()}</span>
                        </p>
                        <div class="row wrap">
                            {treat_with.map(|_| view! {
                                // "Treat", "Step down" and "Remove" fit one phone row; the
                                // spoken name says which injury.
                                <button type="button" aria-label=format!("Treat {name}") on:click=move |_| treat(ctx, i, inj.row, treated.clone())>
                                    "Treat"
                                </button>
                            })}
                            {crate::rules::ix::critical::care_steps_down(inj.row)
                                .then(|| super::act(ctx, "Step down", IxEdit::StepDownInjury(i)))}
                            {super::act(ctx, "Remove", IxEdit::RemoveInjury(i))}
                        </div>
                        {super::said_line(said)}
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel" aria-labelledby="ix-crit">
            <h2 id="ix-crit">"Critical Injuries"</h2>
            <div class="row wrap">
                <button type="button" class="primary" on:click=roll>
                    "Roll Critical Injury"
                </button>
                <span class="muted small">
                    {move || format!("d100 + 10 for each carried (now +{}).", 10 * list.with(Vec::len))}
                </span>
            </div>
            <p role="status" class="crit-last">{move || last.get()}</p>
            <ul class="list-plain injuries" aria-label="Critical Injuries carried">{rows}</ul>
        </section>
    }
}

/// Who makes the sheet's Medicine checks: this character, another Ix character on the roster
/// (by id), or someone the GM names and rates. The sheet's own choice, kept while it is open.
#[derive(Clone, Copy)]
pub(crate) struct HealerChoice {
    /// `SELF`, `GM` or a roster id.
    pick: RwSignal<String>,
    name: RwSignal<String>,
    intellect: RwSignal<i64>,
    medicine: RwSignal<i64>,
}

const SELF: &str = "";
const GM: &str = "gm:";

impl HealerChoice {
    pub(crate) fn new() -> Self {
        HealerChoice {
            pick: RwSignal::new(SELF.to_string()),
            name: RwSignal::new(String::new()),
            intellect: RwSignal::new(2),
            medicine: RwSignal::new(1),
        }
    }
}

/// The healer as chosen now, read from the roster (a healer who has gone down since the choice
/// is seen as down).
fn healer(ctx: Ctx) -> Result<Healer, String> {
    let h = ctx.healer;
    // Read as the roster changes, which can be the moment the sheet goes (its character let go):
    // the choice goes with the sheet, so a read after that finds nothing rather than panics.
    let gone = || String::from("The sheet has closed.");
    let pick = h.pick.try_get().ok_or_else(gone)?;
    if pick == GM {
        let name = h.name.try_get().unwrap_or_default();
        return Ok(Healer {
            name: if name.trim().is_empty() {
                "The GM's healer".into()
            } else {
                name.trim().to_string()
            },
            intellect: h.intellect.try_get().unwrap_or(2) as i32,
            medicine: h.medicine.try_get().unwrap_or(0) as i32,
            can_act: true,
        });
    }
    let id = if pick == SELF {
        ctx.id.try_get_value().ok_or_else(gone)?
    } else {
        pick
    };
    ctx.state.roster.with(|r| {
        let c = r
            .get(&id)
            .ok_or_else(|| "That healer is no longer on the roster; choose another.".to_string())?;
        let sheet = c
            .ix()
            .ok_or_else(|| format!("{} is not an Ix character.", c.name))?;
        Ok(Healer {
            name: c.name.clone(),
            ..Healer::from_character(&sheet.character)
        })
    })
}

/// Opens the tray with the chosen healer's Medicine pool for `task` on this character, after
/// asking whether the task can change anything; `then` gets the result. The refusal comes back
/// for the caller to show beside its button.
fn medicine(
    ctx: Ctx,
    task: MedicineTask,
    what: &str,
    then: Hook<CheckResult>,
) -> Result<(), String> {
    ctx.read(|s| s.medicine_refusal(task))
        .map_err(|e| e.to_string())?;
    let healer = healer(ctx)?;
    let (roller, check) = healer_check(ctx, task)?;
    let difficulty = task.difficulty().map(|d| d.name()).unwrap_or_default();
    let patient = untrack(super::name_of(ctx));
    ctx.roll_as(
        roller,
        format!(
            "{}'s Medicine ({difficulty}) to {what} on {patient}",
            healer.name
        ),
        Ok(check),
        Some(then),
    );
    Ok(())
}

/// The chosen healer's Medicine check for `task`, by the one door, with the healer's own
/// conditions and carried Bane dice (not the patient's), and who rolls it: `None` for this
/// character or a healer the GM names, the healer's roster id otherwise.
fn healer_check(ctx: Ctx, task: MedicineTask) -> Result<(Option<String>, Check), String> {
    let h = healer(ctx)?;
    // A healer who cannot act cannot treat: said with the healer's name.
    let words = |e: EditError| match e {
        EditError::Check(Refusal::Incapacitated | Refusal::Dead) => {
            EditError::from(IxError::CannotTreat {
                who: h.name.clone(),
            })
            .to_string()
        }
        e => e.to_string(),
    };
    let pick = ctx.healer.pick.get_untracked();
    let what = SheetCheck::Medicine(task);
    if pick == GM {
        let ratings = Ratings::new(h.intellect, h.medicine);
        let action = Action::Medicine { ratings, task };
        let check =
            check(&Actor::default(), action, None, Against::Own).map_err(|e| words(e.into()))?;
        return Ok((None, check));
    }
    let me = ctx.id.try_get_value();
    let roller = (pick != SELF && Some(&pick) != me.as_ref()).then_some(pick);
    let id = roller
        .clone()
        .or(me)
        .ok_or_else(|| String::from("The sheet has closed."))?;
    ctx.state.roster.with_untracked(|r| {
        let sheet = r
            .get(&id)
            .and_then(|c| c.ix())
            .ok_or_else(|| "That healer is no longer on the roster; choose another.".to_string())?;
        let check = sheet
            .check(what, FortuneState::Available, None, Against::Own)
            .map_err(words)?;
        Ok((roller, check))
    })
}

/// Medicine on this character: who heals (this character, another on the roster, or one the GM
/// names), stabilising a bleeding-out character and treating Wounds once per encounter, each a
/// roll of the healer's Intellect and Medicine in the tray. Critical Injuries are treated from
/// their own rows below, by the same healer.
#[component]
pub fn Medicine() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let h = ctx.healer;
    let said = RwSignal::new(String::new());
    let me = ctx.id.get_value();
    let others = move || {
        let me = me.clone();
        ctx.state.roster.with(|r| {
            r.characters
                .iter()
                .filter(|c| c.id != me && c.ix().is_some())
                .map(|c| (c.id.clone(), c.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let who = move || match healer(ctx) {
        Ok(x) => format!(
            "Healer: {} (Intellect {}, Medicine {}){}",
            x.name,
            x.intellect,
            x.medicine,
            if x.can_act {
                ""
            } else {
                ", who cannot act now, so cannot treat anyone"
            }
        ),
        Err(e) => e,
    };
    let go = move |task: MedicineTask| {
        // The roll's outcome comes back after the tray closes, to the line beside these buttons.
        let editor = ctx.beside(said).editor();
        let (what, on): (&str, Hook<CheckResult>) = match task {
            MedicineTask::Stabilise => (
                "stabilise",
                Arc::new(move |r| {
                    if editor.edit(IxEdit::Stabilise(r)) {
                        editor.say("Stabilised: no longer bleeding out.".into());
                    }
                }),
            ),
            _ => (
                "treat Wounds",
                Arc::new(move |r| {
                    let wounds = || editor.read(|s| s.character.health.wounds).unwrap_or(0);
                    let before = wounds();
                    if editor.edit(IxEdit::TreatWounds(r)) {
                        editor.say(match wounds() - before {
                            0 => "The Medicine check failed: no Wounds healed, and the treatment for this encounter is spent.".into(),
                            1 => "Treated: 1 Wound healed.".into(),
                            n => format!("Treated: {n} Wounds healed."),
                        });
                    }
                }),
            ),
        };
        said.set(match medicine(ctx, task, what, on) {
            Ok(()) => String::new(),
            Err(e) => e,
        });
    };
    let status = move || {
        if ctx.read(|s| s.character.health.treated_this_encounter) {
            "Treated for Wounds this encounter (once per encounter; New encounter clears it)."
        } else {
            "Not yet treated for Wounds this encounter."
        }
    };
    let gm = move || h.pick.with(|p| p == GM);
    let bleeding = move || {
        ctx.read(|s| s.character.health.vitality()) == Vitality::Incapacitated { bleeding: true }
    };
    let hurt = move || {
        ctx.read(|s| {
            let h = s.character.health;
            h.wounds < h.wounds_max || !s.character.critical_injuries.is_empty()
        })
    };
    view! {
        <section class="panel no-print" aria-labelledby="ix-medicine">
            <h2 id="ix-medicine">"Medicine"</h2>
            // Who heals is chosen once and rarely changed: folded under its name.
            <details class="healer">
            <summary>{who}</summary>
            <div class="field">
                <label for="ix-healer">"Healer"</label>
                <select
                    id="ix-healer"
                    on:change=move |ev| h.pick.set(event_target_value(&ev))
                    prop:value=move || h.pick.get()
                >
                    <option value=SELF>"This character"</option>
                    {move || {
                        others()
                            .into_iter()
                            .map(|(id, name)| view! { <option value=id>{name}</option> })
                            .collect_view()
                    }}
                    <option value=GM>"Someone the GM names"</option>
                </select>
            </div>
            <Show when=gm>
                <div class="ix-grid">
                    <TextInput label="Healer's name".to_string() value=h.name max_chars=40 on_commit=Callback::new(move |t| h.name.set(t))/>
                    <NumberInput label="Healer's Intellect" value=h.intellect min=1 max=6 on_commit=Callback::new(move |v| h.intellect.set(v))/>
                    <NumberInput label="Healer's Medicine rank" value=h.medicine min=0 max=5 on_commit=Callback::new(move |v| h.medicine.set(v))/>
                </div>
            </Show>
            </details>
            // The checks show once there is something to treat, so Play stays short until then.
            <Show
                when=hurt
                fallback=|| view! { <p class="muted small">"Nothing to treat: Wounds are full and no Critical Injury is carried."</p> }
            >
            <div class="row wrap">
                // Only a character bleeding out has anything to stabilise.
                <Show when=bleeding>
                    <button type="button" on:click=move |_| go(MedicineTask::Stabilise)>
                        "Stabilise"
                    </button>
                </Show>
                <button type="button" on:click=move |_| go(MedicineTask::TreatWounds)>
                    "Treat Wounds"
                </button>
            </div>
            <p class="muted small">
                {move || if bleeding() {
                    "Each is an Average Medicine check. Stabilising stops bleeding out and heals nothing; treating heals 1 Wound per net Success on a conscious patient. "
                } else {
                    "An Average Medicine check: heals 1 Wound per net Success on a conscious patient. "
                }}
                {status}
            </p>
            </Show>
            {super::said_line(said)}
        </section>
    }
}
