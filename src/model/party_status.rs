//! The GM's party status board: every character on this device at a glance, grouped by game.
//! [`Board::read`] derives it from the roster and the documents that hold the other facts (the
//! Ix session's Fortune, the GM's Critical Injury names, the table's Ix slot limits); it keeps
//! no copy of anything, so the board is recomputed whenever one of them changes.
//!
//! Each fact is read through the function its own sheet uses: the Ix state is
//! `Health::vitality()`, the Expedition state `Health::state_label()`, lights lit are the
//! gear's `lit` items, an Ix list's slot warning is [`over_capacity`].

use super::ix_table::IxTableDoc;
use super::party::{PartyDoc, over_capacity};
use super::session::IxSession;
use super::{Character, Roster, System};
use crate::rules::expedition::harm::Health as ExpHealth;
use crate::rules::expedition::money::lifestyle;
use crate::rules::inventory::{Inventory, ItemKind};
use crate::rules::ix::health::{Health as IxHealth, Vitality};
use crate::rules::ix::session::SessionPool;

/// Everything the board shows, in roster order within each game.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// Living Ix characters.
    pub ix: Vec<Card>,
    /// Living Expedition characters who have not retired.
    pub expedition: Vec<Card>,
    /// The dead and the retired: named (with a link) but given no card.
    pub away: Vec<Away>,
    /// The Ix session's Fortune and Peril, `None` before a session starts.
    pub pool: Option<SessionPool>,
    /// Fortune Points a player may spend on their next check (0 or 1).
    pub fortune_next: i32,
}

/// One character's card.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub id: String,
    pub name: String,
    /// When the character last changed (ms since the Unix epoch; 0 when never recorded).
    pub updated_ms: u64,
    pub vitals: Vitals,
}

/// What a card shows, by game.
#[derive(Debug, Clone, PartialEq)]
pub enum Vitals {
    Ix(IxVitals),
    Expedition(ExpVitals),
}

/// An Ix character's state.
#[derive(Debug, Clone, PartialEq)]
pub struct IxVitals {
    /// Wounds and Strain remaining, with their maxima.
    pub health: IxHealth,
    pub vitality: Vitality,
    /// Condition names (Frightened, Demoralized or the table's own words).
    pub conditions: Vec<String>,
    /// Critical Injuries carried, by the GM's names for their rows.
    pub injuries: Vec<String>,
    /// The gravest injury carried (every one carried is untreated): its name, severity and
    /// effect from the GM's table, what the state line must not leave out.
    pub worst_injury: Option<String>,
    /// A hit owes a Critical Injury roll that has not been made.
    pub critical_owed: bool,
    /// Slots the gear list fills, all carriers together.
    pub slots_used: u32,
    /// The table's slot limit for this list, if it set one.
    pub slot_limit: Option<u32>,
    /// Over that limit, in words.
    pub over: Option<String>,
}

/// An Expedition character's state.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpVitals {
    /// HP, Bonus HP, Down and Out checks owed.
    pub health: ExpHealth,
    /// Slots used in the character's own slots, and how many they have.
    pub slots_used: u32,
    pub slots: u32,
    /// Every other carrier in the carrier's own words ("Mule: 4 of 6 slots used").
    pub carriers: Vec<String>,
    pub cash: u32,
    pub wealth: u8,
    /// The Lifestyle that Wealth gives, empty if Wealth is out of range.
    pub lifestyle: &'static str,
    /// Light sources lit, by name (on another carrier: "Lantern (on Mule)").
    pub lights: Vec<String>,
}

/// A character on the roster without a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Away {
    pub id: String,
    pub name: String,
    pub system: System,
    pub why: AwayWhy,
}

/// Why a character has no card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AwayWhy {
    Dead,
    Retired,
}

impl AwayWhy {
    pub fn label(self) -> &'static str {
        match self {
            AwayWhy::Dead => "dead",
            AwayWhy::Retired => "retired",
        }
    }
}

impl Board {
    /// The board for `roster`, with the session's points, the GM's Critical Injury names and
    /// the party document's Ix slot limits.
    pub fn read(
        roster: &Roster,
        party: &PartyDoc,
        session: &IxSession,
        table: &IxTableDoc,
    ) -> Board {
        let mut board = Board {
            ix: Vec::new(),
            expedition: Vec::new(),
            away: Vec::new(),
            pool: session.pool,
            fortune_next: session.fortune_for_next_check(),
        };
        for c in &roster.characters {
            let away = |why| Away {
                id: c.id.clone(),
                name: c.name.clone(),
                system: c.system(),
                why,
            };
            if let Some(s) = c.ix() {
                let ch = &s.character;
                let vitality = ch.health.vitality();
                if vitality == Vitality::Dead {
                    board.away.push(away(AwayWhy::Dead));
                    continue;
                }
                let cap = party.capacity(&c.id);
                let injuries = ch
                    .critical_injuries
                    .iter()
                    .map(|i| {
                        table
                            .critical
                            .rows
                            .get(i.row)
                            .map_or_else(|| format!("Row {}", i.row + 1), |r| r.name.clone())
                    })
                    .collect();
                // Rows run from the mildest to the gravest: the highest row carried leads.
                let worst_injury = ch
                    .critical_injuries
                    .iter()
                    .map(|i| i.row)
                    .max()
                    .and_then(|r| table.critical.rows.get(r))
                    .map(|r| format!("{} ({}): {}", r.name, r.severity().name(), r.effect));
                board.ix.push(card(
                    c,
                    Vitals::Ix(IxVitals {
                        health: ch.health,
                        vitality,
                        conditions: ch.conditions.iter().map(|k| k.name().to_string()).collect(),
                        injuries,
                        worst_injury,
                        critical_owed: s.critical_owed,
                        slots_used: slots_used(&s.gear),
                        slot_limit: cap,
                        over: over_capacity(&s.gear, cap),
                    }),
                ));
            } else if let Some(s) = c.expedition() {
                let h = &s.core.health;
                if h.dead {
                    board.away.push(away(AwayWhy::Dead));
                    continue;
                }
                if s.retired {
                    board.away.push(away(AwayWhy::Retired));
                    continue;
                }
                let own = s.gear.carriers.first();
                let wealth = s.core.wealth;
                board.expedition.push(card(
                    c,
                    Vitals::Expedition(ExpVitals {
                        health: h.clone(),
                        slots_used: own.map_or(0, |o| o.used()),
                        slots: own.map_or(0, |o| o.kind.capacity()),
                        carriers: s.gear.carriers.iter().skip(1).map(|k| k.words()).collect(),
                        cash: s.core.purse.cash,
                        wealth,
                        lifestyle: lifestyle(wealth).map_or("", |l| l.label()),
                        lights: lights_lit(&s.gear),
                    }),
                ));
            }
        }
        board
    }

    /// No character on the roster at all.
    pub fn is_empty(&self) -> bool {
        self.ix.is_empty() && self.expedition.is_empty() && self.away.is_empty()
    }
}

fn card(c: &Character, vitals: Vitals) -> Card {
    Card {
        id: c.id.clone(),
        name: c.name.clone(),
        updated_ms: c.updated_ms,
        vitals,
    }
}

fn slots_used(inv: &Inventory) -> u32 {
    inv.carriers.iter().map(|c| c.used()).sum()
}

/// The light sources lit, wherever they are carried.
pub fn lights_lit(inv: &Inventory) -> Vec<String> {
    inv.carriers
        .iter()
        .enumerate()
        .flat_map(|(ci, c)| {
            c.items
                .iter()
                .filter(|it| it.kind == ItemKind::Light && it.lit)
                .map(move |it| {
                    if ci == 0 {
                        it.name.clone()
                    } else {
                        format!("{} (on {})", it.name, c.name)
                    }
                })
        })
        .collect()
}
