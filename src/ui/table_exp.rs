//! The Expedition referee's tools: session start, exploration turns and encounter checks,
//! reaction, morale, distance and number appearing, a combat tracker with exchanges, the Ob
//! factor calculator (in the tray) and treasure guidance. Stored as the `exp-table` document.

use leptos::prelude::*;
use rand::RngCore;

use super::fields::{NumberInput, TextInput};
use super::history::doc_history;
use super::party_rest::{PartyRest, PresentList, Said};
use super::route::sheet_href;
use super::state::{AppState, Doc};
use super::tray::{CryptoRng, Prefill, TrayHandle, TrayRequest};
use crate::model::exp_sheet::{ExpEdit, ExpSheet, Procedure};
use crate::model::exp_table::{ExpTable, MAX_GROUP, Side, TableEdit, TableRoll, block_words};
use crate::model::gear::GearEdit;
use crate::model::party::PartyDoc;
use crate::model::{CharacterAction, System};
use crate::rules::expedition::combat::CombatAction;
use crate::rules::expedition::harm::BlockSource;
use crate::rules::expedition::objective::{Carried, DEFAULT_OB, GeneralFactors};
use crate::rules::expedition::referee::{
    Appearing, Difficulty, Population, adversary, treasure_guide,
};
use crate::rules::expedition::tables::{Disposition, EncounterReading, EncounterScale};
use crate::rules::inventory::ItemKind;

/// A row of buttons, one per choice.
fn buttons<T: Copy + Send + Sync + 'static>(
    label: &'static str,
    items: &'static [(T, &'static str)],
    run: impl Fn(T) + Copy + 'static,
) -> impl IntoView {
    let b = items
        .iter()
        .map(|&(v, l)| view! { <button type="button" on:click=move |_| run(v)>{l}</button> })
        .collect_view();
    view! { <div class="exp-actions" role="group" aria-label=label>{b}</div> }
}

/// A select over choices, storing the index.
fn choose(
    label: &'static str,
    items: &'static [&'static str],
    sig: RwSignal<usize>,
) -> impl IntoView {
    let id = super::fields::field_id("sel");
    let opts = items
        .iter()
        .enumerate()
        .map(|(i, l)| view! { <option value=i.to_string() selected=move || sig.get() == i>{*l}</option> })
        .collect_view();
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <select id=id on:change=move |ev| sig.set(event_target_value(&ev).parse().unwrap_or(0))>{opts}</select>
        </div>
    }
}

const SCALES: [(EncounterScale, &str); 4] = [
    (EncounterScale::Exploration, "Exploration (d6)"),
    (EncounterScale::OverlandDay, "Overland by day (d6)"),
    (EncounterScale::OverlandNight, "Overnight (d10)"),
    (EncounterScale::Water, "Water (d8)"),
];
const POPS: [(Population, &str); 3] = [
    (Population::Populous, "Next turn (populous)"),
    (Population::Average, "Next turn (average)"),
    (Population::Empty, "Next turn (empty)"),
];
const MORALE: [(Disposition, &str); 3] = [
    (Disposition::Militant, "Morale: militant"),
    (Disposition::Average, "Morale: average"),
    (Disposition::Timid, "Morale: timid"),
];
const APPEAR: [(Appearing, &str); 4] = [
    (Appearing::Several, "Several"),
    (Appearing::Plural, "Plural"),
    (Appearing::Many, "Many"),
    (Appearing::Tons, "Tons"),
];
const DIFFS: [Difficulty; 5] = [
    Difficulty::Minor,
    Difficulty::Moderate,
    Difficulty::Major,
    Difficulty::Headliner,
    Difficulty::Fiendish,
];
const DIFF_NAMES: [&str; 5] = ["Minor", "Moderate", "Major", "Headliner", "Fiendish"];
/// What a character can do in an exchange, and the Ability it tests ("Combat Checks").
const ACTIONS: [(CombatAction, &str); 5] = [
    (CombatAction::HardAttack, "Hard attack (Might)"),
    (CombatAction::FastAttack, "Fast attack (Agility)"),
    (
        CombatAction::FullDefense { shield: false },
        "Full defense (Agility +1d)",
    ),
    (
        CombatAction::FullDefense { shield: true },
        "Full defense, shield (Might +1d)",
    ),
    (CombatAction::NonCombatant, "Dodge, no attack (Agility +1d)"),
];

/// The Expedition referee's tools.
#[component]
pub fn ExpeditionReferee() -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = state.doc::<ExpTable>();
    // The tracker's rows are redrawn on every change; the control that had focus (found by its
    // id) gets it back right after the redraw, so keyboard use carries on.
    let refocus = StoredValue::new(None::<String>);
    // Each panel says what its controls did beside them, where the referee is looking: a
    // roll's line (the log keeps it too) or why an edit changed nothing.
    let fight_said = RwSignal::new(Vec::<String>::new());
    let add_said = RwSignal::new(Vec::<String>::new());
    let rolls_said = RwSignal::new(Vec::<String>::new());
    let morale_said = RwSignal::new(Vec::<String>::new());
    let appear_said = RwSignal::new(Vec::<String>::new());
    let session_said = RwSignal::new(Vec::<String>::new());
    let act = move |said: RwSignal<Vec<String>>, e: TableEdit| {
        refocus.set_value(
            document()
                .active_element()
                .map(|a| a.id())
                .filter(|i| !i.is_empty()),
        );
        let rolled = matches!(e, TableEdit::Roll(..));
        match doc.dispatch(e) {
            Ok(()) if rolled => {
                said.set(doc.with_untracked(|d| d.log.last().cloned().into_iter().collect()));
            }
            Ok(()) => said.update(Vec::clear),
            Err(m) => {
                refocus.set_value(None);
                said.set(vec![m]);
            }
        }
    };
    let edit = move |e: TableEdit| act(fight_said, e);
    let roll = move |said, r: TableRoll| act(said, TableEdit::Roll(CryptoRng.next_u64(), r));
    let session = move |_| {
        act(session_said, TableEdit::NewSession);
        // Once-per-session markers reset on every Expedition character on this device.
        for id in state.roster.with_untracked(|r| r.ids()) {
            let exp = state
                .roster
                .with_untracked(|r| r.get(&id).is_some_and(|c| c.system() == System::Expedition));
            if exp {
                let _ = state.dispatch(CharacterAction::EditExpedition {
                    id,
                    edit: ExpEdit::NewSession,
                });
            }
        }
    };
    let danger = RwSignal::new(false);
    let foe = RwSignal::new(String::new());
    let level = RwSignal::new(1i64);
    let how_many = RwSignal::new(1i64);
    // The Level rule's numbers, shown before the GM adds them.
    let foe_stats = move || match adversary(level.get() as u32) {
        Ok(a) => format!(
            "Level {}: {} dice, {} HP{}.",
            a.level,
            a.pool,
            a.hp.max(1),
            if how_many.get() > 1 { " each" } else { "" }
        ),
        Err(e) => e.to_string(),
    };
    let ally_dice = RwSignal::new(4i64);
    let ally_hp = RwSignal::new(6i64);
    let dmg = RwSignal::new(1i64);
    let diff = RwSignal::new(1usize);
    let factors = move |_| {
        expect_context::<TrayHandle>().open(TrayRequest {
            label: "Ob from factors".into(),
            prefill: Prefill::Expedition {
                ability: 2,
                bonus: 0,
                penalty: 0,
                helping: 0,
                ob: DEFAULT_OB,
                free: 0,
                factors: Some(GeneralFactors::default()),
                carried: Carried::default(),
            },
            ..Default::default()
        });
    };
    let players = Signal::derive(move || i64::from(doc.with(|d| d.players)));
    let party_doc = state.doc::<PartyDoc>();
    // Expedition characters on this device, for the tracker's picker.
    let party = move || {
        state.roster.with(|r| {
            r.characters
                .iter()
                .filter(|c| c.expedition().is_some())
                .map(|c| (c.id.clone(), c.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let pick = RwSignal::new(String::new());
    let resolve = move |i: usize| {
        fight_said.set(vec![
            match doc.dispatch(TableEdit::Resolve(i, CryptoRng.next_u64())) {
                Ok(()) => doc.with_untracked(|d| d.log.last().cloned().unwrap_or_default()),
                Err(m) => m,
            },
        ]);
    };
    let tracker = move || {
        doc.with(|d| {
            // A roster character's name, dice and HP come from its sheet, read here.
            let views = state.roster.with(|r| d.views(r));
            let names: Vec<String> = views.iter().map(|v| v.name.clone()).collect();
            d.fighters
                .iter()
                .zip(views.clone())
                .enumerate()
                .map(|(i, (f, v))| {
                    let opts = names
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != i)
                        .map(|(j, n)| view! { <option value=j.to_string() selected=f.threatens == Some(j)>{n.clone()}</option> })
                        .collect_view();
                    let sel = format!("threat-{i}");
                    let gang = format!("gang-{i}");
                    // Only a fighter no one helps may help, and only a same-side one who helps no one leads.
                    let led = d.fighters.iter().any(|g| g.helps == Some(i));
                    let leaders = names
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| {
                            let g = &d.fighters[*j];
                            *j != i && g.helps.is_none() && g.ally == f.ally && !led
                        })
                        .map(|(j, n)| view! { <option value=j.to_string() selected=f.helps == Some(j)>{n.clone()}</option> })
                        .collect_view();
                    let action = f.character.is_some().then(|| {
                        let id = format!("act-{i}");
                        let now = f.action.unwrap_or(CombatAction::HardAttack);
                        let channeling = f.channeling.clone();
                        let opts = ACTIONS
                            .iter()
                            .enumerate()
                            .map(|(k, (a, l))| view! { <option value=format!("a{k}") selected=*a == now && channeling.is_none()>{*l}</option> })
                            .collect_view();
                        // Each spell the sheet can channel now; the one being channelled stays
                        // listed even if the sheet has since exhausted it.
                        let mut spells: Vec<(String, String)> = state.roster.with(|r| f.channel_options(r))
                            .into_iter()
                            .map(|(n, a)| (n.to_string(), format!("Channel {n} ({})", a.name())))
                            .collect();
                        if let Some(c) = &channeling && !spells.iter().any(|(n, _)| n == c) {
                            let a = match now { CombatAction::Channeling(a) => a.name(), _ => "" };
                            spells.push((c.clone(), format!("Channel {c} ({a})")));
                        }
                        let spell_opts = spells
                            .into_iter()
                            .map(|(n, l)| view! { <option value=format!("s{n}") selected=channeling.as_deref() == Some(n.as_str())>{l}</option> })
                            .collect_view();
                        view! {
                            <label class="sr-only" for=id.clone()>{format!("{} does", v.name)}</label>
                            <select id=id on:change=move |ev| {
                                let pick = event_target_value(&ev);
                                match pick.split_at_checked(1) {
                                    Some(("s", spell)) => edit(TableEdit::Channel(i, spell.to_string())),
                                    Some((_, k)) => {
                                        let k: usize = k.parse().unwrap_or(0);
                                        edit(TableEdit::Action(i, ACTIONS[k.min(ACTIONS.len() - 1)].0));
                                    }
                                    None => {}
                                }
                            }>{opts}{spell_opts}</select>
                        }
                    });
                    let channel_line = f.channeling.clone().map(|sp| {
                        let note = match f.channel_damage {
                            0 => format!("Channeling {sp}"),
                            n => format!("Channeling {sp}: +{n} Ob"),
                        };
                        view! { <span class="exp-stats exp-channel">{note}</span> }
                    });
                    let resolve_button = f.channeling.clone().map(|sp| view! {
                        <button type="button" id=format!("resolve-{i}") on:click=move |_| resolve(i)>{format!("Resolve {sp}")}</button>
                    });
                    // The Block that meets this character's next hit, chosen before it lands:
                    // once a hit drops them to 0 the sheet heals nothing until Down and Out.
                    let ready = state.roster.with(|r| f.block_options(r));
                    let block = (f.block.is_some() || !ready.is_empty()).then(|| {
                        let id = format!("block-{i}");
                        let now = f.block;
                        let mut choices = ready;
                        if let Some(b) = now && !choices.contains(&b) {
                            choices.push(b);
                        }
                        let opts = choices
                            .into_iter()
                            .map(|b| {
                                let value = if b == BlockSource::Armour { "armour" } else { "shield" };
                                view! { <option value=value selected=now == Some(b)>{format!("Block with {}", block_words(b))}</option> }
                            })
                            .collect_view();
                        view! {
                            <label class="sr-only" for=id.clone()>{format!("{} blocks the next hit", v.name)}</label>
                            <select id=id on:change=move |ev| {
                                let b = match event_target_value(&ev).as_str() {
                                    "armour" => Some(BlockSource::Armour),
                                    "shield" => Some(BlockSource::Shield),
                                    _ => None,
                                };
                                edit(TableEdit::Block(i, b));
                            }>
                                <option value="" selected=now.is_none()>"No Block"</option>
                                {opts}
                            </select>
                        }
                    });
                    let bonus = if v.bonus_hp > 0 { format!(" (+{} Bonus)", v.bonus_hp) } else { String::new() };
                    view! {
                        <tr>
                            // Pool and HP sit under the name: two fewer columns keep the
                            // Hit button on a phone's screen without scrolling sideways.
                            <th scope="row">
                                {match &v.character {
                                    Some(id) => view! { <a href=sheet_href(id)>{v.name.clone()}</a> }.into_any(),
                                    None => v.name.clone().into_any(),
                                }}
                                {v.down().then(|| view! { " " <span class="flag">"Down"</span> })}
                                <span class="exp-stats">{format!("{}d · {} of {} HP{bonus}", v.dice, v.hp, v.max_hp)}</span>
                                {channel_line}
                            </th>
                            <td><div class="exp-fight">
                                <label class="sr-only" for=sel.clone()>{format!("{} threatens", v.name)}</label>
                                <select id=sel on:change=move |ev| edit(TableEdit::Threaten(i, event_target_value(&ev).parse().ok()))>
                                    <option value="" selected=f.threatens.is_none()>"No one"</option>
                                    {opts}
                                </select>
                                <label class="sr-only" for=gang.clone()>{format!("{} gangs up behind", v.name)}</label>
                                <select id=gang on:change=move |ev| edit(TableEdit::Helps(i, event_target_value(&ev).parse().ok()))>
                                    <option value="" selected=f.helps.is_none()>"Fights alone"</option>
                                    {leaders}
                                </select>
                                {action}
                                {resolve_button}
                                {block}
                                <label class="check">
                                    <input type="checkbox" id=format!("shoot-{i}") aria-label=format!("{} shoots", v.name) prop:checked=f.ranged on:change=move |ev| edit(TableEdit::Ranged(i, event_target_checked(&ev)))/>
                                    "Shoots"
                                </label>
                            </div></td>
                            <td><div class="exp-actions">
                                <button type="button" id=format!("hit-{i}") aria-label=format!("Damage {}", v.name) on:click=move |_| edit(TableEdit::Harm(i, dmg.get_untracked()))>"Hit"</button>
                                <button type="button" aria-label=format!("Remove {}", v.name) on:click=move |_| edit(TableEdit::Remove(i))>"×"</button>
                            </div></td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let guide = move || {
        let d = DIFFS[diff.get()];
        let l = d.levels();
        match treasure_guide(d, doc.with(|d| d.players)) {
            Ok(g) => format!(
                "Adversaries Level {} (range {} to {}). {} of about {} Cash ({} to {}): around {} in all.",
                l.typical,
                l.min,
                l.max,
                match (g.hoards_fewest, g.hoards_most) {
                    (1, 1) => "1 hoard".to_string(),
                    (a, b) if a == b => format!("{a} hoards"),
                    (a, b) => format!("{a} or {b} hoards"),
                },
                g.per_hoard.typical,
                g.per_hoard.min,
                g.per_hoard.max,
                g.total_typical
            ),
            Err(e) => e.to_string(),
        }
    };
    let v = view! {
        <section class="screen sheet columns exp-ref" aria-label="Expedition referee">
            <header class="sheet-head wide">
                <span class="muted">{move || doc.with(|d| format!("Session {}, turn {}", d.session, d.turn))}</span>
            </header>
            <section class="panel" aria-labelledby="ref-session">
                <h2 id="ref-session">"Session and turns"</h2>
                <NumberInput label="Players".to_string() value=players min=1 max=20 on_commit=Callback::new(move |v| act(session_said, TableEdit::Players(v as u32)))/>
                // The rolls (number appearing, treasure) count the players typed here; the
                // party at the table is known, so a difference is said, and one tap settles
                // it. The count stays the referee's: a player may be here without a
                // character on this device.
                {move || {
                    let here = party_doc.with(|d| state.roster.with(|r| d.resting(r).len())) as u32;
                    let counted = doc.with(|d| d.players);
                    (here > 0 && here != counted).then(|| view! {
                        <p class="hint">
                            {format!("The rolls count {counted} players; {here} of the party {} at the table. ", if here == 1 { "is" } else { "are" })}
                            <button type="button" on:click=move |_| act(session_said, TableEdit::Players(here))>
                                {format!("Count {here}")}
                            </button>
                        </p>
                    })
                }}
                <PresentList/>
                <button type="button" on:click=session>"Start a new session"</button>
                <p class="hint">"Resets Income, improvements and project ticks on every Expedition character on this device."</p>
                <Said label="Session" lines=session_said/>
                <SessionEnd/>
            </section>
            <section class="panel" aria-labelledby="ref-turns">
                <h2 id="ref-turns">"Exploration turns"</h2>
                <ExplorationTurn/>
            </section>
            <section class="panel" aria-labelledby="ref-extended">
                <h2 id="ref-extended">"Extended test"</h2>
                <Extended/>
            </section>
            <section class="panel" aria-labelledby="ref-rolls">
                <h2 id="ref-rolls">"Table rolls"</h2>
                <h3>"Encounter check"</h3>
                {buttons("Encounter check", &SCALES, move |s| roll(rolls_said, TableRoll::Encounter(s)))}
                <div class="exp-actions">
                    <button type="button" on:click=move |_| roll(rolls_said, TableRoll::Reaction)>"Reaction (d10)"</button>
                    <button type="button" on:click=move |_| roll(rolls_said, TableRoll::Distance)>"Distance (d6)"</button>
                </div>
                <Said label="Table roll" lines=rolls_said/>
                <label class="check">
                    <input type="checkbox" prop:checked=move || danger.get() on:change=move |ev| danger.set(event_target_checked(&ev))/>
                    "In mortal danger"
                </label>
                {buttons("Morale", &MORALE, move |d| roll(morale_said, TableRoll::Morale(d, danger.get_untracked())))}
                <Said label="Morale roll" lines=morale_said/>
                <h3>"Number appearing"</h3>
                {buttons("Number appearing", &APPEAR, move |a| roll(appear_said, TableRoll::Appearing(a)))}
                <Said label="Number appearing roll" lines=appear_said/>
                <button type="button" on:click=factors>"Ob factor calculator"</button>
            </section>
            <section class="panel wide" aria-labelledby="ref-fight">
                <h2 id="ref-fight">"Combat tracker"</h2>
                <div class="exp-row">
                    <TextInput label="Name".to_string() value=foe max_chars=60 on_commit=Callback::new(move |t| foe.set(t))/>
                    <NumberInput label="Level".to_string() value=level min=0 max=20 on_commit=Callback::new(move |v| level.set(v))/>
                    <NumberInput label="How many".to_string() value=how_many min=1 max=i64::from(MAX_GROUP) on_commit=Callback::new(move |v| how_many.set(v))/>
                    <button type="button" on:click=move |_| act(add_said, TableEdit::AddAdversaries {
                        name: foe.get_untracked(),
                        level: level.get_untracked() as u32,
                        count: how_many.get_untracked() as u32,
                    })>
                        {move || match how_many.get() {
                            1 => "Add adversary".to_string(),
                            n => format!("Add {n} adversaries"),
                        }}
                    </button>
                </div>
                <p class="hint" aria-live="polite">{foe_stats}</p>
                <div class="exp-row">
                    <div class="field">
                        <label for="ref-pc">"Character on this device"</label>
                        <select id="ref-pc" on:change=move |ev| pick.set(event_target_value(&ev))>
                            <option value="">"Choose…"</option>
                            {move || party().into_iter().map(|(id, n)| view! { <option value=id.clone() selected=move || pick.get() == id>{n}</option> }).collect_view()}
                        </select>
                    </div>
                    <button type="button" on:click=move |_| {
                        let id = pick.get_untracked();
                        if id.is_empty() {
                            add_said.set(vec!["Choose a character first.".into()]);
                        } else {
                            act(add_said, TableEdit::AddCharacter(id));
                        }
                    }>"Add to the fight"</button>
                </div>
                <div class="exp-row">
                    <NumberInput label="Ally dice".to_string() value=ally_dice min=0 max=30 on_commit=Callback::new(move |v| ally_dice.set(v))/>
                    <NumberInput label="Ally HP".to_string() value=ally_hp min=1 max=20 on_commit=Callback::new(move |v| ally_hp.set(v))/>
                    <button type="button" on:click=move |_| act(add_said, TableEdit::AddAlly(foe.get_untracked(), ally_dice.get_untracked() as u32, ally_hp.get_untracked() as u32))>"Add ally"</button>
                </div>
                <Said label="Adding" lines=add_said/>
                <p class="hint">"A character from this device fights with its own sheet: its HP here and on the sheet are the same, and hits reach the sheet."</p>
                <div class="table-scroll" tabindex="0" role="region" aria-label="Fighters">
                <table>
                    <thead><tr><th scope="col">"Fighter, pool, HP"</th><th scope="col">"Threatens, gangs up behind, shoots"</th><th scope="col">"Actions"</th></tr></thead>
                    <tbody>{tracker}</tbody>
                </table>
                </div>
                <div class="exp-row">
                    <NumberInput label="Damage per hit (negative heals)".to_string() value=dmg min=-100 max=100 on_commit=Callback::new(move |v| dmg.set(v))/>
                    <button type="button" on:click=move |_| roll(fight_said, TableRoll::Exchange)>"Roll the exchange"</button>
                </div>
                <Said label="Fight" lines=fight_said/>
                <p class="hint">"Everyone rolls at once; a winner who threatens the loser deals the margin; any tie deals 1 to both. A helper rolls nothing, adds 1d to the leader it gangs up behind and takes what the leader takes. A shooter whose target is in melee with its side rolls 1d less; missing by more than 3 sends 3d into one of them. Damage is applied to the tracker."</p>
                <p class="hint">"A character who channels a spell rolls its Ability as the Combat Check; damage taken before the spell resolves adds to its Ob. Resolve it at the end of the round: the sheet casts it."</p>
                <Ambush/>
            </section>
            <section class="panel" aria-labelledby="ref-rest">
                <h2 id="ref-rest">"Rest"</h2>
                <PartyRest/>
            </section>
            <section class="panel" aria-labelledby="ref-treasure">
                <h2 id="ref-treasure">"Treasure guidance"</h2>
                {choose("Difficulty", &DIFF_NAMES, diff)}
                <p aria-live="polite">{guide}</p>
            </section>
            <section class="panel" aria-labelledby="ref-log">
                <h2 id="ref-log">"Table log"</h2>
                <ol class="list-plain exp-history" reversed tabindex="0" aria-labelledby="ref-log" aria-live="polite">
                    {move || doc.with(|d| d.log.iter().rev().map(|l| view! { <li>{l.clone()}</li> }).collect_view())}
                </ol>
                <button type="button" on:click=move |_| act(session_said, TableEdit::ClearLog)>"Clear the log"</button>
            </section>
            {doc_history::<ExpTable>("this table")}
        </section>
    };
    Effect::new(move |_| {
        doc.track();
        if let Some(el) = refocus
            .try_update_value(Option::take)
            .flatten()
            .and_then(|id| document().get_element_by_id(&id))
            .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok())
        {
            let _ = el.focus();
        }
    });
    v
}

const SIDES: [(Side, &str); 2] = [(Side::Foes, "The foes"), (Side::Party, "The party")];

/// An ambush: the reactive side's lookout rolls an Acuity save against one ambusher's Agility;
/// lost, the ambushers' next exchange is a free round against a helpless side.
#[component]
fn Ambush() -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = state.doc::<ExpTable>();
    let side = RwSignal::new(0usize);
    let lookout = RwSignal::new(None::<usize>);
    let ambusher = RwSignal::new(None::<usize>);
    let said = RwSignal::new(Vec::<String>::new());
    let ambushers = move || SIDES[side.get().min(1)].0;
    // (index, name) of each fighter on a side, names read from the sheets.
    let on = move |want: Side| {
        doc.with(|d| {
            let views = state.roster.with(|r| d.views(r));
            d.fighters
                .iter()
                .zip(views)
                .enumerate()
                .filter(|(_, (f, _))| Side::of(f) == want)
                .map(|(i, (_, v))| (i, v.name))
                .collect::<Vec<_>>()
        })
    };
    let picker = move |label: &'static str,
                       id: &'static str,
                       sig: RwSignal<Option<usize>>,
                       ambushing: bool| {
        let opts = move || {
            let want = if ambushing {
                ambushers()
            } else {
                ambushers().other()
            };
            on(want)
                .into_iter()
                .map(|(i, n)| view! { <option value=i.to_string() selected=move || sig.get() == Some(i)>{n}</option> })
                .collect_view()
        };
        view! {
            <div class="field">
                <label for=id>{label}</label>
                <select id=id on:change=move |ev| sig.set(event_target_value(&ev).parse().ok())>
                    <option value="" selected=move || sig.get().is_none()>"Choose…"</option>
                    {opts}
                </select>
            </div>
        }
    };
    let act = move |e: TableEdit| {
        said.set(vec![match doc.dispatch(e) {
            Ok(()) => doc.with_untracked(|d| d.log.last().cloned().unwrap_or_default()),
            Err(m) => m,
        }]);
    };
    let roll = move |_| match (lookout.get_untracked(), ambusher.get_untracked()) {
        (Some(l), Some(a)) => act(TableEdit::Roll(
            CryptoRng.next_u64(),
            TableRoll::Ambush {
                ambushers: ambushers(),
                lookout: l,
                ambusher: a,
            },
        )),
        _ => said.set(vec!["Choose the lookout and the ambusher first.".into()]),
    };
    let waiting = move || doc.with(|d| d.surprised);
    view! {
        <h3>"Ambush"</h3>
        <p class="hint">"The side that is ambushed saves with its lookout's Acuity against one ambusher's Agility (an adversary rolls its pool). If the lookout loses, the ambushers' next exchange is a free round: the ambushed roll nothing, threaten no one, and take every success rolled against them. A tie is no clean surprise."</p>
        <div class="exp-row">
            {choose_side(side, lookout, ambusher)}
            {picker("Lookout", "ambush-lookout", lookout, false)}
            {picker("Ambusher", "ambush-ambusher", ambusher, true)}
        </div>
        <button type="button" on:click=roll>"Roll the Acuity save"</button>
        {move || waiting().map(|s| view! {
            <p class="state-words">{format!("Free round waiting: in the next exchange only {} act; {} are helpless.", s.other().label(), s.label())}</p>
            <button type="button" on:click=move |_| act(TableEdit::CancelFreeRound)>"Cancel the free round"</button>
        })}
        <Said label="Ambush" lines=said/>
    }
}

/// Which side ambushes; changing it clears the picks, which belong to the sides.
fn choose_side(
    side: RwSignal<usize>,
    lookout: RwSignal<Option<usize>>,
    ambusher: RwSignal<Option<usize>>,
) -> impl IntoView {
    let opts = SIDES
        .iter()
        .enumerate()
        .map(|(i, (_, l))| view! { <option value=i.to_string() selected=move || side.get() == i>{*l}</option> })
        .collect_view();
    view! {
        <div class="field">
            <label for="ambush-side">"Who ambushes"</label>
            <select id="ambush-side" on:change=move |ev| {
                side.set(event_target_value(&ev).parse().unwrap_or(0));
                lookout.set(None);
                ambusher.set(None);
            }>{opts}</select>
        </div>
    }
}

/// Rolls a procedure on each character's own sheet in turn, each from a fresh seed: one line
/// per character, the sheet's own record of it without `prefix`, or why it was refused (one
/// refusal does not stop the others: each roll stands alone).
fn roll_each(
    state: AppState,
    who: Vec<(String, String)>,
    procedure: impl Fn() -> Procedure,
    prefix: &str,
) -> Vec<String> {
    who.into_iter()
        .map(|(id, name)| {
            let edit = ExpEdit::Roll(CryptoRng.next_u64(), procedure());
            match state.dispatch(CharacterAction::EditExpedition {
                id: id.clone(),
                edit,
            }) {
                Ok(()) => {
                    let line = state.roster.with_untracked(|r| {
                        r.get(&id)
                            .and_then(|c| c.expedition()?.last().map(str::to_string))
                            .unwrap_or_default()
                    });
                    format!("{name}: {}", line.trim_start_matches(prefix))
                }
                Err(why) => format!("{name}: {why}"),
            }
        })
        .collect()
}

/// (id, name, lights in use in words) for each character at the table with a light lit.
fn lights_in_use(state: AppState, doc: Doc<PartyDoc>) -> Vec<(String, String, String)> {
    doc.with(|d| {
        state.roster.with(|r| {
            d.resting(r)
                .into_iter()
                .filter_map(|c| {
                    let g = c.expedition()?.gear();
                    let words: Vec<String> = g
                        .lights_in_use()
                        .into_iter()
                        .map(|l| {
                            let it = &g.carriers[l.light.0].items[l.light.1];
                            match l.burns {
                                Some(f) if f != l.light => {
                                    let f = &g.carriers[f.0].items[f.1];
                                    format!(
                                        "{} ({} {}+)",
                                        it.name,
                                        f.name,
                                        f.depletion.unwrap_or_default()
                                    )
                                }
                                Some(_) => {
                                    format!("{} ({}+)", it.name, it.depletion.unwrap_or_default())
                                }
                                None => format!("{} (no fuel)", it.name),
                            }
                        })
                        .collect();
                    (!words.is_empty()).then(|| (c.id.clone(), c.name.clone(), words.join(", ")))
                })
                .collect::<Vec<_>>()
        })
    })
}

/// Each character at the table whose sheet `concerns`: the line `edit` wrote on it, by name,
/// when it wrote one (a mirror's change is a request: its line comes back with the player's
/// revision, so a phone is asked only when the change concerns its character).
fn each_at_table(
    state: AppState,
    party: Doc<PartyDoc>,
    concerns: impl Fn(&ExpSheet) -> bool,
    edit: impl Fn() -> ExpEdit,
) -> Vec<String> {
    let who: Vec<(String, String)> = party.with_untracked(|d| {
        state.roster.with_untracked(|r| {
            d.resting(r)
                .into_iter()
                .filter(|c| c.expedition().is_some_and(&concerns))
                .map(|c| (c.id.clone(), c.name.clone()))
                .collect()
        })
    });
    let newest = |id: &str| {
        state.roster.with_untracked(|r| {
            r.get(id)
                .and_then(|c| c.expedition())
                .map(|s| (s.history.len(), s.last().map(str::to_string)))
        })
    };
    who.into_iter()
        .filter_map(|(id, name)| {
            let before = newest(&id);
            let edit = edit();
            match state.dispatch(CharacterAction::EditExpedition {
                id: id.clone(),
                edit,
            }) {
                Ok(()) => {
                    let after = newest(&id);
                    (after != before)
                        .then(|| after.and_then(|a| a.1))
                        .flatten()
                        .map(|line| format!("{name}: {line}"))
                }
                Err(why) => Some(format!("{name}: {why}")),
            }
        })
        .collect()
}

/// An exploration turn in one tap: the turn advances and, when it is due, the encounter die
/// is rolled; what it read is said beside the buttons, with what follows from it right there
/// (an encounter's reaction, distance and numbers; on a 6, the lights' checks below).
#[component]
fn ExplorationTurn() -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = state.doc::<ExpTable>();
    let lines = RwSignal::new(Vec::<String>::new());
    // Each roll here says its line beside the buttons (and in the log, as every table roll).
    let here = move |r: TableRoll, fresh: bool| {
        let said = match doc.dispatch(TableEdit::Roll(CryptoRng.next_u64(), r)) {
            Ok(()) => doc.with_untracked(|d| d.log.last().cloned().unwrap_or_default()),
            Err(m) => m,
        };
        lines.update(|l| {
            if fresh {
                l.clear();
            }
            l.push(said);
        });
    };
    let check = move || doc.with(|d| d.turn_check);
    let party = state.doc::<PartyDoc>();
    // The turn passes for everyone at the table: spells measured in turns count down, and
    // an encounter die's 6 checks every light in use then and there.
    let next_turn = move |p: Population| {
        here(TableRoll::Turn(p), true);
        let mut more = each_at_table(state, party, ExpSheet::counts_turns, || {
            ExpEdit::TurnsPass(1)
        });
        if doc.with_untracked(|d| d.turn_check) == Some(EncounterReading::DepleteLights) {
            let who: Vec<(String, String)> = lights_in_use(state, party)
                .into_iter()
                .map(|(id, name, _)| (id, name))
                .collect();
            if who.is_empty() {
                more.push("No light in use at the table: nothing burns down.".into());
            } else {
                more.extend(roll_each(
                    state,
                    who,
                    || Procedure::LightsBurn,
                    "The lights burn down. ",
                ));
            }
        }
        lines.update(|l| l.extend(more));
    };
    view! {
        <p class="hint">{move || doc.with(|d| format!("Turn {} of this delve. The encounter die is rolled when due: every turn (populous), every 2nd (average), every 3rd (empty).", d.turn))}</p>
        {buttons("Next turn", &POPS, next_turn)}
        <Said label="This turn" lines/>
        {move || (check() == Some(EncounterReading::Encounter)).then(|| view! {
            <div class="exp-actions" role="group" aria-label="After the encounter">
                <button type="button" on:click=move |_| here(TableRoll::Reaction, false)>"Reaction (d10)"</button>
                <button type="button" on:click=move |_| here(TableRoll::Distance, false)>"Distance (d6)"</button>
                {APPEAR.iter().map(|&(a, l)| view! {
                    <button type="button" on:click=move |_| here(TableRoll::Appearing(a), false)>{format!("How many: {}", l.to_lowercase())}</button>
                }).collect_view()}
            </div>
        })}
        <LightsBurn/>
    }
}

/// The encounter die's 6: every light in use among the characters at the table is checked for
/// Depletion (a lantern through its oil), the results beside the button and on each sheet.
#[component]
fn LightsBurn() -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = state.doc::<PartyDoc>();
    let lines = RwSignal::new(Vec::<String>::new());
    let lit = move || lights_in_use(state, doc);
    let burn = move |_| {
        let who = lit();
        if who.is_empty() {
            return lines.set(vec![
                "No light in use at the table: nothing to check.".into(),
            ]);
        }
        let who = who.into_iter().map(|(id, name, _)| (id, name)).collect();
        let out = roll_each(
            state,
            who,
            || Procedure::LightsBurn,
            "The lights burn down. ",
        );
        lines.set(out);
    };
    // Every light source the party carries, (id, name, [(carrier, index, item, lit)]): lit or
    // put out here, through the character's own gear (the sheet shows the same).
    let sources = move || {
        doc.with(|d| {
            state.roster.with(|r| {
                d.resting(r)
                    .into_iter()
                    .filter_map(|c| {
                        let g = c.expedition()?.gear();
                        let lights: Vec<(usize, usize, String, bool)> = g
                            .carriers
                            .iter()
                            .enumerate()
                            .flat_map(|(ci, k)| {
                                k.items.iter().enumerate().map(move |(ii, it)| (ci, ii, it))
                            })
                            .filter(|(_, _, it)| it.kind == ItemKind::Light)
                            .map(|(ci, ii, it)| (ci, ii, it.name.clone(), it.lit))
                            .collect();
                        (!lights.is_empty()).then(|| (c.id.clone(), c.name.clone(), lights))
                    })
                    .collect::<Vec<_>>()
            })
        })
    };
    let switch = move |id: String,
                       who: String,
                       (carrier, index, item, lit): (usize, usize, String, bool)| {
        let edit = ExpEdit::Gear(GearEdit::Light {
            carrier,
            index,
            on: !lit,
        });
        let said = match state.dispatch(CharacterAction::EditExpedition { id, edit }) {
            Ok(()) if lit => format!("{who}'s {item} put out."),
            Ok(()) => format!("{who}'s {item} lit."),
            Err(why) => format!("{who}: {why}"),
        };
        lines.set(vec![said]);
    };
    view! {
        <p class="hint">"On a 6 the lights burn down: every light in use is checked for Depletion, a lantern through its oil. Next turn checks them itself when its die reads 6; the button below is for a 6 rolled by hand. Light one or put it out here or on its sheet."</p>
        <ul class="list-plain party-lights" aria-label="The party's light sources">
            {move || sources().into_iter().map(|(id, who, lights)| view! {
                <li class="row wrap">
                    <span>{format!("{who}:")}</span>
                    {lights.into_iter().map(|l| {
                        let (id, who2) = (id.clone(), who.clone());
                        let label = format!("{} {who}'s {}", if l.3 { "Put out" } else { "Light" }, l.2);
                        let text = format!("{} {}", if l.3 { "Put out" } else { "Light" }, l.2);
                        let lit = l.3;
                        view! {
                            <button type="button" aria-pressed=lit.to_string() aria-label=label on:click=move |_| switch(id.clone(), who2.clone(), l.clone())>
                                {text}
                            </button>
                        }
                    }).collect_view()}
                </li>
            }).collect_view()}
        </ul>
        <ul class="list-plain" aria-label="Lights in use">
            {move || lit().into_iter().map(|(id, name, words)| view! {
                <li><a href=sheet_href(&id)>{name}</a>": "{words}</li>
            }).collect_view()}
        </ul>
        <button type="button" on:click=burn>"Encounter 6: check every light in use"</button>
        <Said label="Lights" lines/>
    }
}

/// The end of a session ("End of Session Procedures"): back in a safe haven, nothing to roll;
/// not back to safety, each present character rolls Down and Out, whatever their HP. The
/// results stay beside the buttons.
/// An extended test: several tests in a row, a number of them to pass, perhaps before a number
/// of failures. The referee starts one, records each test (rolled on a sheet or in the tray) or
/// rolls it here, and reads the tally and the chance to finish from there.
#[component]
fn Extended() -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = state.doc::<ExpTable>();
    let what = RwSignal::new(String::new());
    let passes = RwSignal::new(3i64);
    let ends = RwSignal::new(0i64);
    let dice = RwSignal::new(4i64);
    let ob = RwSignal::new(i64::from(DEFAULT_OB));
    let said = RwSignal::new(String::new());
    let run = move || doc.with(|d| d.extended.clone());
    // A started test says where it stands; a test recorded or rolled says what it was, as the
    // log has it.
    let act = move |e: TableEdit| {
        let logged = !matches!(e, TableEdit::ExtendedStart { .. });
        said.set(match doc.dispatch(e) {
            Ok(()) => doc.with_untracked(|d| match (&d.extended, logged) {
                (Some(r), false) => r.words(),
                _ => d.log.last().cloned().unwrap_or_default(),
            }),
            Err(m) => m,
        });
    };
    let start = move |_| {
        act(TableEdit::ExtendedStart {
            name: what.get_untracked(),
            passes: passes.get_untracked().clamp(0, 20) as u32,
            ends_at_failure: match ends.get_untracked() {
                0 => None,
                n => Some(n.clamp(1, 20) as u32),
            },
            dice: dice.get_untracked().clamp(0, 30) as u32,
            ob: ob.get_untracked().clamp(0, 30) as u32,
        })
    };
    let end = move |_| {
        let _ = doc.dispatch(TableEdit::ExtendedEnd);
        said.set("The extended test is put away.".into());
    };
    view! {
        <Show
            when=move || run().is_some()
            fallback=move || view! {
                <p class="hint">"For a chase, a long climb or crafting: a number of tests to pass, perhaps before a number of failures."</p>
                <TextInput label="What it is".to_string() value=what max_chars=60 on_commit=Callback::new(move |t| what.set(t))/>
                <div class="exp-row">
                    <NumberInput label="Passes needed".to_string() value=passes min=1 max=20 on_commit=Callback::new(move |v| passes.set(v))/>
                    <NumberInput label="Lost at failure (0: never)".to_string() value=ends min=0 max=20 on_commit=Callback::new(move |v| ends.set(v))/>
                </div>
                <div class="exp-row">
                    <NumberInput label="Dice per test".to_string() value=dice min=0 max=30 on_commit=Callback::new(move |v| dice.set(v))/>
                    <NumberInput label="Ob per test".to_string() value=ob min=1 max=30 on_commit=Callback::new(move |v| ob.set(v))/>
                </div>
                <button type="button" on:click=start>"Start the extended test"</button>
            }
        >
            <p class="state-words">{move || run().map(|r| r.words())}</p>
            <div class="exp-actions">
                <button type="button" on:click=move |_| act(TableEdit::ExtendedRoll(CryptoRng.next_u64()))>"Roll a test here"</button>
                <button type="button" on:click=move |_| act(TableEdit::ExtendedRecord(true))>"A test passed"</button>
                <button type="button" on:click=move |_| act(TableEdit::ExtendedRecord(false))>"A test failed"</button>
                <button type="button" on:click=end>"Put it away"</button>
            </div>
        </Show>
        <p role="status" class="said">{move || said.get()}</p>
    }
}

#[component]
fn SessionEnd() -> impl IntoView {
    let state = expect_context::<AppState>();
    let doc = state.doc::<PartyDoc>();
    let lines = RwSignal::new(Vec::<String>::new());
    // The living Expedition characters at the table: (id, name).
    let present = move || doc.with_untracked(|d| state.roster.with_untracked(|r| d.at_table(r)));
    let safe = move |_| {
        lines.set(vec![
            "Back in a safe haven: no Down and Out checks. Divide the treasure on the Party screen."
                .into(),
        ]);
    };
    let away = move |_| {
        let who = present();
        if who.is_empty() {
            return lines.set(vec!["No one present to roll for.".into()]);
        }
        let out = roll_each(
            state,
            who,
            || Procedure::UnsafeReturn,
            "Session ended away from safety. ",
        );
        lines.set(out);
    };
    view! {
        <h3>"End of the session"</h3>
        <p class="hint">"Back in a town or a safe camp: nothing to roll. Not back: each character at the table rolls Down and Out (worn armour helps), whatever their HP."</p>
        <div class="exp-actions">
            <button type="button" on:click=safe>"Back in a safe haven"</button>
            <button type="button" on:click=away>"Not back to safety: roll for each"</button>
        </div>
        <Said label="End of session" lines/>
    }
}
