//! Starting a grapple, folded under the weapons: the character's skill against a difficulty
//! the target's Might and Agility build (the rules' `grapple_difficulty`), rolled in the tray.
//! The target's numbers are asked for each time: they belong to whoever is grabbed, not to
//! this sheet.

use leptos::prelude::*;

use super::Ctx;
use crate::model::ix_checks::SheetCheck;
use crate::rules::ix::check::{Against, Target};
use crate::rules::ix::checks::grapple_difficulty;
use crate::rules::ix::dice::DieKind;
use crate::ui::fields::{NumberInput, field_id};

/// The skills a grapple is usually made with, first in the list when the sheet has them.
const USUAL: [&str; 2] = ["Athletics", "Brawl"];

/// Grapple: skill, the target's Might and Agility, the difficulty in words, and the button.
#[component]
pub fn Grapple() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let skill = RwSignal::new(USUAL[0].to_string());
    let might = RwSignal::new(2i64);
    let agility = RwSignal::new(2i64);
    let said = RwSignal::new(String::new());
    let row = ctx.beside(said);
    let skills = move || {
        ctx.read(|s| {
            let mut v: Vec<(String, i32)> = s
                .character
                .skills
                .iter()
                .map(|k| (k.name.clone(), k.rank))
                .collect();
            v.sort_by_key(|(n, _)| !USUAL.iter().any(|u| u.eq_ignore_ascii_case(n)));
            v
        })
    };
    let difficulty = move || match grapple_difficulty(might.get() as i32, agility.get() as i32) {
        Ok(p) => format!(
            "Difficulty: {} Trial, {} Crisis (the higher of Might and Agility in dice, the lower upgraded).",
            p.count(DieKind::Trial),
            p.count(DieKind::Crisis)
        ),
        Err(e) => e.to_string(),
    };
    let go = move |_| {
        let name = skill.get_untracked();
        let (m, a) = (might.get_untracked() as i32, agility.get_untracked() as i32);
        let target = Target {
            might: m,
            agility: a,
            ..Target::default()
        };
        let check = row.build(SheetCheck::Grapple(&name), Some(&target), Against::Own);
        let label = format!("Grapple with {name}, target Might {m}, Agility {a}");
        row.roll(label, check, None);
    };
    let skill_id = field_id("grapple-skill");
    view! {
        <details class="grapple">
            <summary>"Grapple"</summary>
            <div class="field">
                <label for=skill_id.clone()>"Grapple with"</label>
                <select id=skill_id on:change=move |ev| skill.set(event_target_value(&ev))>
                    {move || skills().into_iter().map(|(n, rank)| {
                        let on = n.eq_ignore_ascii_case(&skill.get_untracked());
                        let words = format!("{n} (rank {rank})");
                        view! { <option value=n selected=on>{words}</option> }
                    }).collect_view()}
                </select>
            </div>
            <div class="ix-grid">
                <NumberInput label="Target's Might" value=might min=1 max=6 on_commit=Callback::new(move |v| might.set(v))/>
                <NumberInput label="Target's Agility" value=agility min=1 max=6 on_commit=Callback::new(move |v| agility.set(v))/>
            </div>
            <p class="hint">{difficulty}</p>
            <button type="button" class="primary" on:click=go>"Roll grapple"</button>
            {super::said_line(said)}
        </details>
    }
}
