//! What an Ix attack did, in words, with the buttons that finish it on the character attacked:
//! its damage through their own damage edit (as from an attack), and the Critical Injury it
//! buys. One piece for every attacker: a character's weapons on the sheet, and an adversary's
//! on the GM table (its card and its row in the turn order).

use leptos::prelude::*;

use super::health::harm_words;
pub(crate) use super::health::roll_injury_for;
use crate::model::CharacterAction;
use crate::model::ix_sheet::IxEdit;
use crate::model::ix_table::IxTableDoc;
use crate::rules::ix::Health as Track;
use crate::rules::ix::weapon::{AttackReport, CritBy, Weapon};
use crate::ui::state::{AppState, Doc};

/// An attack as rolled, kept for the words and buttons under the list.
#[derive(Clone, PartialEq)]
pub(crate) struct Attack {
    pub weapon: Weapon,
    pub report: AttackReport,
    pub net_boons: i32,
    pub net_successes: i32,
    /// The roster character chosen under "Attack on" (id, name).
    pub target: Option<(String, String)>,
    /// Damage put on the target already (so a second tap cannot repeat it).
    pub applied: bool,
}

impl Attack {
    pub fn target_name(&self) -> String {
        self.target
            .as_ref()
            .map_or_else(|| "the target".to_string(), |(_, n)| n.clone())
    }

    /// "Hit: 7 damage" with where it comes from, or "Miss".
    pub fn hit_words(&self) -> (String, String) {
        let r = self.report;
        if !r.hit {
            return ("Miss".into(), ": no damage.".into());
        }
        let on = match &self.target {
            Some((_, n)) => format!(" on {n}"),
            None => ". No character was chosen under \"Attack on\": take it off the target's Wounds on their sheet or the GM table".into(),
        };
        (
            format!("Hit: {} damage", r.damage),
            format!(
                " ({} {} + {} net Success{}){on}.",
                self.weapon.name,
                self.weapon.damage,
                self.net_successes,
                if self.net_successes == 1 { "" } else { "es" }
            ),
        )
    }

    /// "Critical Injury: roll it on Bo" and what pays for it.
    pub fn crit_words(&self) -> Option<(String, String)> {
        let why = match self.report.critical? {
            CritBy::Boons => format!(
                "{} net Boon{} Crit {}; spend them on it, or on something else.",
                self.net_boons,
                if self.net_boons == 1 {
                    " reaches"
                } else {
                    "s reach"
                },
                self.weapon.crit
            ),
            CritBy::Breakthrough => "A Breakthrough may be spent on it.".into(),
        };
        let on = match &self.target {
            Some((_, n)) => n.clone(),
            None => "the target (their sheet, or the adversary on the GM table)".into(),
        };
        Some((
            format!("Critical Injury: roll it on {on}"),
            format!(" {why}"),
        ))
    }
}

/// The target's Wounds and whether a Critical Injury is owed, as the roster holds them now.
fn target_state(state: AppState, id: &str) -> Option<(Track, bool)> {
    state.roster.with_untracked(|r| {
        r.get(id)
            .and_then(|c| c.ix())
            .map(|s| (s.character.health, s.critical_owed))
    })
}

/// The last attack's words, with Apply (its damage on the target) and Roll Critical Injury
/// (when it buys one, or the damage left one owed); `after` says what those did.
#[component]
pub(crate) fn AttackOutcome(
    last: RwSignal<Option<Attack>>,
    after: RwSignal<String>,
    state: AppState,
    /// The GM's Critical Injury table, for the injury's name.
    table: Doc<IxTableDoc>,
) -> impl IntoView {
    let apply = move |_| {
        let Some(a) = last.get_untracked() else {
            return;
        };
        let Some((id, name)) = a.target.clone() else {
            return;
        };
        let Some(before) = target_state(state, &id) else {
            return after.set(format!("{name} is no longer on the roster."));
        };
        let action = CharacterAction::EditIx {
            id: id.clone(),
            edit: IxEdit::Harm {
                strain: false,
                n: a.report.damage,
                from_attack: true,
            },
        };
        after.set(match state.dispatch(action) {
            Ok(()) => {
                last.update(|l| {
                    if let Some(l) = l {
                        l.applied = true;
                    }
                });
                let now = target_state(state, &id).unwrap_or(before);
                format!("{name}: {}", harm_words("Took", false, before, now))
            }
            Err(e) => e,
        });
    };
    let roll_crit = move |_| {
        let Some((id, name)) = last.get_untracked().and_then(|a| a.target) else {
            return;
        };
        after.set(format!("{name}: {}", roll_injury_for(state, table, &id)));
        // One roll per attack: the Boons (or the Breakthrough) are spent.
        last.update(|l| {
            if let Some(l) = l {
                l.report.critical = None;
            }
        });
    };
    let result = move || {
        last.get().map(|a| {
            let (hit, how) = a.hit_words();
            let crit = a.crit_words();
            let target = a.target.clone();
            let owed = target
                .as_ref()
                .and_then(|(id, _)| target_state(state, id))
                .is_some_and(|(_, owed)| owed);
            let can_apply = a.report.hit && a.report.damage > 0 && !a.applied && target.is_some();
            let can_roll = target.is_some() && (a.report.critical.is_some() || owed);
            let who = a.target_name();
            view! {
                <p><strong>{hit}</strong>{how}</p>
                {crit.map(|(head, why)| view! { <p><strong>{head}</strong>{why}</p> })}
                <div class="row wrap">
                    {can_apply.then(|| view! {
                        <button type="button" on:click=apply>
                            {format!("Apply {} Wounds to {who}", a.report.damage)}
                        </button>
                    })}
                    {can_roll.then(|| view! {
                        <button type="button" on:click=roll_crit>
                            {format!("Roll Critical Injury on {}", a.target_name())}
                        </button>
                    })}
                </div>
            }
        })
    };
    view! {
        {result}
        <p class="said">{move || after.get()}</p>
    }
}
