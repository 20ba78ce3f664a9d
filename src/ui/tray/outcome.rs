//! A roll as plain data: what the result area draws ([`Outcome`], [`Shown`]), what a roll
//! made from the tray's state carries back to the requester ([`Rolled`]), and what the log
//! stores ([`LogDraft`]).

use crate::model::RollRecord;
use crate::rules::expedition::money::LedgerEntry;
use crate::rules::ix::dice::{CheckResult, DieKind, Symbol};
use crate::rules::ix::pool::Pool as IxPool;

/// A die as shown in a result.
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    /// An Ix die and the symbols on the face it landed on.
    Ix(DieKind, Vec<Symbol>),
    /// A six-sided pool die (Expedition): 4-6 is a success.
    D6(u8),
    /// A plain die: sides and face.
    Plain(u32, u32),
}

/// A result on screen and in the log.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// "Ix", "Expedition", "Plain", "Table".
    pub mode: &'static str,
    /// The pool in words.
    pub pool: String,
    /// Named groups of dice ("Your dice", "Opposition"), each die with its spoken label.
    pub groups: Vec<(String, Vec<(Shown, String)>)>,
    /// The outcome in words.
    pub words: String,
    /// Extra lines (margins, Cash change, what to spend symbols on).
    pub notes: Vec<String>,
}

/// A roll made from what the tray has built, not yet on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Rolled {
    pub outcome: Outcome,
    /// The Ix pool as rolled and its result, for the requester's `on_ix`.
    pub ix: Option<(IxPool, CheckResult)>,
    /// The Cash change of a wager, for the requester's `on_cash`.
    pub cash: Option<Wager>,
}

/// What a Cash wager did, for the requester's `on_cash`: the ledger entry for the Cash spent,
/// and whether the thing was bought (a sheet puts a bought item into the gear).
#[derive(Debug, Clone, PartialEq)]
pub struct Wager {
    pub entry: LedgerEntry,
    pub acquired: bool,
}

/// A roll made elsewhere (the gear's Depletion check) that the tray shows and logs.
#[derive(Debug, Clone, PartialEq)]
pub struct RollElsewhere {
    /// The character it was for.
    pub character_id: Option<String>,
    /// What it was for: "Depletion: Torches".
    pub label: String,
    pub outcome: Outcome,
}

/// Everything a log entry needs except what only the browser knows (the time, and the
/// character's name on the roster now).
#[derive(Debug, Clone, PartialEq)]
pub struct LogDraft {
    pub character_id: Option<String>,
    /// The name the request gave, used when the id is not on the roster.
    pub request_name: Option<String>,
    pub label: String,
    pub outcome: Outcome,
    /// The GM's seal, when the roll was a sealed check's.
    pub seal: Option<String>,
}

impl LogDraft {
    /// The record to append, with the roster's name for the character when it has one.
    pub fn record(self, time_ms: u64, roster_name: Option<String>) -> RollRecord {
        let o = self.outcome;
        RollRecord {
            time_ms,
            character_id: self.character_id,
            character: roster_name.or(self.request_name),
            mode: o.mode.to_string(),
            label: self.label,
            pool: o.pool,
            faces: o
                .groups
                .iter()
                .flat_map(|(_, dice)| dice.iter().map(|(_, l)| l.clone()))
                .collect(),
            outcome: if o.notes.is_empty() {
                o.words
            } else {
                format!("{}. {}", o.words, o.notes.join(" "))
            },
            seal: self.seal,
        }
    }
}
