//! The GM's party status board (`#/table/status`): a card per character at the table, grouped
//! by game, each name a link to that sheet's Play section. The board is
//! [`crate::model::party_status::Board`], derived from the roster and the documents; this file
//! only puts it into words. Like the party's gear, it is drawn as escaped HTML text by a pure
//! function (small in the bundle, tested natively).

use std::fmt::Write;
use std::time::Duration;

use leptos::prelude::*;

use super::browser::now_ms;
use super::format::ago;
use super::gear::{Focus, esc, live_html};
use super::route::section_href;
use super::state::AppState;
use crate::model::ix_table::IxTableDoc;
use crate::model::party::PartyDoc;
use crate::model::party_status::{Board, Card, ExpVitals, IxVitals, Vitals};
use crate::model::session::IxSession;
use crate::rules::ix::health::Vitality;

/// Every character on this device at a glance: health, conditions, slots, Cash, lights and
/// the session's Fortune. Nothing here is stored: the board is recomputed from the roster and
/// the documents whenever one changes, and the "changed ... ago" lines every half minute.
#[component]
pub fn PartyStatus() -> impl IntoView {
    let state = expect_context::<AppState>();
    let party = state.doc::<PartyDoc>();
    let session = state.doc::<IxSession>();
    let table = state.doc::<IxTableDoc>();
    let board = Memo::new(move |_| {
        state
            .roster
            .with(|r| party.with(|p| session.with(|s| table.with(|t| Board::read(r, p, s, t)))))
    });
    let now = RwSignal::new(now_ms());
    if let Ok(tick) = set_interval_with_handle(move || now.set(now_ms()), Duration::from_secs(30)) {
        on_cleanup(move || tick.clear());
    }
    let el = NodeRef::<leptos::html::Div>::new();
    let want: Focus = StoredValue::new(None);
    live_html(el, want, move || board.with(|b| status_html(b, now.get())));
    view! {
        <super::scan::ScanCode/>
        <div class="party-status" node_ref=el></div>
    }
}

/// The board as HTML: a section per game with a list of cards, then the dead and retired.
pub fn status_html(b: &Board, now_ms: u64) -> String {
    let mut o = String::from(
        r#"<p class="hint">Everyone on this device, read from their sheets. A name opens that sheet at Play.</p>"#,
    );
    if b.is_empty() {
        o.push_str(r##"<p class="muted">No characters yet: create them on the <a href="#/roster">roster</a>.</p>"##);
        return o;
    }
    if !b.ix.is_empty() {
        let fortune = match b.pool {
            None => "No Ix session has started on this device.".to_string(),
            Some(p) => format!(
                "Fortune on the players' side: {} · Peril on the GM's side: {}. {}",
                p.fortune,
                p.peril,
                if b.fortune_next > 0 {
                    "A player may spend 1 on their next check."
                } else {
                    "No Fortune Point to spend now."
                }
            ),
        };
        group(&mut o, "ix", "Ix", &fortune, &b.ix, now_ms);
    }
    if !b.expedition.is_empty() {
        group(
            &mut o,
            "expedition",
            "Expedition",
            "",
            &b.expedition,
            now_ms,
        );
    }
    if !b.away.is_empty() {
        o.push_str(r#"<section class="panel" aria-labelledby="st-away"><h2 id="st-away">Dead or retired</h2><ul class="list-plain">"#);
        for a in &b.away {
            let _ = write!(
                o,
                r#"<li><a href="{}">{}</a>: {} ({})</li>"#,
                esc(&section_href(&a.id, "play")),
                esc(&a.name),
                a.why.label(),
                a.system.label()
            );
        }
        o.push_str("</ul></section>");
    }
    o
}

fn group(o: &mut String, slug: &str, title: &str, lead: &str, cards: &[Card], now_ms: u64) {
    let _ = write!(
        o,
        r#"<section class="panel" aria-labelledby="st-{slug}"><h2 id="st-{slug}">{title}</h2>"#
    );
    if !lead.is_empty() {
        let _ = write!(o, "<p>{}</p>", esc(lead));
    }
    let _ = write!(
        o,
        r#"<ul class="status-cards" aria-label="{title} characters">"#
    );
    for c in cards {
        card(o, c, now_ms);
    }
    o.push_str("</ul></section>");
}

/// One row of a card's facts.
fn fact(o: &mut String, term: &str, value: &str) {
    let _ = write!(o, "<div><dt>{term}</dt><dd>{}</dd></div>", esc(value));
}

fn list_or(items: &[String], none: &str) -> String {
    if items.is_empty() {
        none.to_string()
    } else {
        items.join(", ")
    }
}

fn card(o: &mut String, c: &Card, now_ms: u64) {
    // The state is always in words; the colour (from `data-state`) only repeats it.
    let (mood, state, note) = match &c.vitals {
        Vitals::Ix(v) => (
            match v.vitality {
                Vitality::Standing if v.health.wounds < v.health.wounds_max => "hurt",
                Vitality::Standing => "ok",
                _ => "down",
            },
            v.health.state_label(),
            {
                let owed = v
                    .critical_owed
                    .then(|| "A Critical Injury roll is owed.".to_string());
                let untreated = v.worst_injury.as_ref().map(|w| {
                    let more = v.injuries.len().saturating_sub(1);
                    match more {
                        0 => format!("Untreated: {w}"),
                        n => format!("Untreated: {w} (and {n} more)"),
                    }
                });
                let words: Vec<String> = untreated.into_iter().chain(owed).collect();
                (!words.is_empty()).then(|| words.join(" "))
            },
        ),
        Vitals::Expedition(v) => {
            let h = &v.health;
            (
                if h.is_down() {
                    "down"
                } else if h.hp < h.max_hp {
                    "hurt"
                } else {
                    "ok"
                },
                h.state_label(),
                (h.pending_down_and_out > 0).then(|| {
                    format!(
                        "{} owed.",
                        super::format::plural(
                            h.pending_down_and_out as usize,
                            "Down and Out check"
                        )
                    )
                }),
            )
        }
    };
    let _ = write!(
        o,
        r#"<li class="status-card" data-state="{mood}"><h3><a href="{}">{}</a></h3><p class="status-state"><strong>{state}</strong>{}</p><dl class="status-facts">"#,
        esc(&section_href(&c.id, "play")),
        esc(&c.name),
        note.map(|n| format!(" {n}")).unwrap_or_default()
    );
    match &c.vitals {
        Vitals::Ix(v) => ix_facts(o, v),
        Vitals::Expedition(v) => exp_facts(o, v),
    }
    let _ = write!(
        o,
        r#"</dl><p class="status-when">Changed {}</p></li>"#,
        ago(c.updated_ms, now_ms)
    );
}

fn ix_facts(o: &mut String, v: &IxVitals) {
    let h = &v.health;
    fact(
        o,
        "Wounds left",
        &format!("{} / {}", h.wounds, h.wounds_max),
    );
    fact(
        o,
        "Strain left",
        &format!("{} / {}", h.strain, h.strain_max),
    );
    fact(o, "Conditions", &list_or(&v.conditions, "none"));
    fact(o, "Critical Injuries", &list_or(&v.injuries, "none"));
    let slots = match v.slot_limit {
        Some(cap) => format!("{} / {cap} (the table's limit)", v.slots_used),
        None => format!("{} (no limit set)", v.slots_used),
    };
    fact(o, "Slots used", &slots);
    if let Some(over) = &v.over {
        let _ = write!(
            o,
            r#"<div class="warn"><dt>Over</dt><dd>{}</dd></div>"#,
            esc(over)
        );
    }
}

fn exp_facts(o: &mut String, v: &ExpVitals) {
    let h = &v.health;
    fact(o, "HP", &format!("{} / {}", h.hp, h.max_hp));
    fact(o, "Bonus HP", &h.bonus_hp.to_string());
    let mut slots = format!("{} / {}", v.slots_used, v.slots);
    for c in &v.carriers {
        let _ = write!(slots, "; {c}");
    }
    fact(o, "Slots used", &slots);
    fact(o, "Cash", &v.cash.to_string());
    let wealth = if v.lifestyle.is_empty() {
        v.wealth.to_string()
    } else {
        format!("{} ({})", v.wealth, v.lifestyle)
    };
    fact(o, "Wealth", &wealth);
    fact(o, "Light lit", &list_or(&v.lights, "none"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::party_status::{Away, AwayWhy};
    use crate::model::{Character, Roster, System};

    fn board() -> Board {
        let mut roster = Roster::default();
        roster.characters.push(Character::new(
            "a1".into(),
            System::Ix,
            "Vex <i>".into(),
            1_000,
        ));
        roster.characters.push(Character::new(
            "b2".into(),
            System::Expedition,
            "Rook".into(),
            1_000,
        ));
        Board::read(
            &roster,
            &PartyDoc::default(),
            &IxSession::default(),
            &IxTableDoc::default(),
        )
    }

    #[test]
    fn cards_say_the_state_in_words_and_link_to_play() {
        let h = status_html(&board(), 1_000 + 120_000);
        assert!(h.contains(r##"<h3><a href="#/c/a1/play">Vex &lt;i&gt;</a></h3>"##));
        assert!(h.contains(r##"data-state="ok"><h3><a href="#/c/b2/play">Rook</a>"##));
        assert!(h.contains("<strong>Healthy</strong>"));
        assert!(h.contains("<strong>Standing</strong>"));
        assert!(h.contains("<dt>Wounds left</dt><dd>10 / 10</dd>"));
        assert!(h.contains("<dt>HP</dt><dd>6 / 6</dd>"));
        assert!(h.contains("<dt>Slots used</dt><dd>0 / 15</dd>"));
        assert!(h.contains("<dt>Light lit</dt><dd>none</dd>"));
        assert!(h.contains("No Ix session has started on this device."));
        assert_eq!(h.matches("Changed 2 min ago").count(), 2);
        assert!(h.contains(r#"aria-label="Ix characters""#));
        assert!(!h.contains("Dead or retired"));
    }

    #[test]
    fn the_dead_and_retired_are_named_without_a_card() {
        let mut b = board();
        b.away.push(Away {
            id: "c3".into(),
            name: "Bo".into(),
            system: System::Expedition,
            why: AwayWhy::Retired,
        });
        let h = status_html(&b, 1_000);
        assert!(h.contains(r##"<li><a href="#/c/c3/play">Bo</a>: retired (Expedition)</li>"##));
        let empty = Board::read(
            &Roster::default(),
            &PartyDoc::default(),
            &IxSession::default(),
            &IxTableDoc::default(),
        );
        assert!(status_html(&empty, 0).contains("No characters yet"));
    }
}
