//! The dice tray, on every screen: Ix and Expedition pools with exact odds, plain dice and
//! table rolls, and the chained roll log. Everything about dice comes from `crate::rules`;
//! this module builds pools from taps, shows what the rules compute, and stores the log.
//!
//! Other modules hold a [`TrayHandle`] (context provided by the shell) and nothing else:
//!
//! | call | what it does |
//! | --- | --- |
//! | [`TrayHandle::open`] | opens the tray with a [`TrayRequest`]: label, character, [`Prefill`], hooks |
//! | `TrayRequest::on_ix` / `on_cash` | receive what the roll decided, back at the requester |
//! | [`TrayHandle::show_roll`] | shows and logs a roll made elsewhere (the gear's Depletion check) |
//! | [`TrayHandle::set_story_points`] | attaches the session's Fortune/Peril pool ([`StoryPoints`]) |
//! | [`TrayHandle::attack_target`] | the character chosen under "Attack on", for an attack's hook |
//! | [`TrayHandle::proposal`] | the difficulty being built, for the GM's share link |
//!
//! Inside, the state is one plain `state::TrayState` in one signal, changed only through
//! its `apply`; the views read it through memos.

mod action;
mod button;
mod exp_mode;
mod faces;
mod fields;
mod help;
mod help_view;
mod ix_mode;
mod log_view;
mod outcome;
mod panel;
mod plain_mode;
mod rng;
mod roll;
mod roll_sealed;
mod state;
mod tables;

use std::fmt;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::*;

use super::browser;
use super::state::AppState;
use crate::model::{Proposal, RollLog};
use crate::rules::ix::dice::CheckResult as IxResult;
use crate::rules::ix::pool::Pool as IxPool;
use crate::storage::{KeyValue, RollStore, RollsProblem, StorageError, open_local};
pub use button::DiceTray;
pub use log_view::CharacterRolls;
pub use outcome::{Outcome, Shown, Wager};
pub use panel::TrayPanel;
pub use rng::CryptoRng;
use state::{AttackTarget, Opening, TrayAction, TrayApplied, TrayState};
pub use state::{Prefill, TrayError};

/// The session's Fortune and Peril pool, as the tray needs it. `fortune: true` is a player's
/// Fortune Point, `false` the GM's Peril Point. The tray asks `check` before marking a point
/// on a check (and shows the refusal beside the buttons), and calls `spend` for each point
/// marked when the check is rolled; a refused spend refuses the roll, with those words.
pub trait StoryPoints {
    /// Whether a point is available now, or why not (a sentence shown as is).
    fn check(&self, fortune: bool) -> Result<(), String>;
    /// Spends one point for `who`'s roll called `label`, or says why it cannot.
    fn spend(&self, fortune: bool, who: Option<String>, label: &str) -> Result<(), String>;
}

/// What a requester asks done with a roll's result. A shared closure rather than a `Callback`:
/// the tray lives as long as the app, and a roll made after leaving the sheet that opened it
/// still belongs to its character, whereas a `Callback` is disposed with the sheet (and running
/// it then panics). So a hook captures only what lives as long as the app, the [`AppState`] and
/// the character's id, never the sheet's own signals.
pub type Hook<T> = std::sync::Arc<dyn Fn(T) + Send + Sync>;

/// What a sheet asks the tray to roll. Everything is optional: an empty request just opens.
#[derive(Clone, Default)]
pub struct TrayRequest {
    /// Shown above the pool and stored with the roll: "Lore check, Intellect 3, Lore 2".
    pub label: String,
    /// The character rolling, stored with the roll.
    pub character_id: Option<String>,
    /// Used when the id is not on the roster (or to override the roster name).
    pub character_name: Option<String>,
    /// The pool to build.
    pub prefill: Prefill,
    /// Cash dice the character holds, for a Cash wager.
    pub cash: Option<u32>,
    /// The character's Wealth, for a Cash wager.
    pub wealth: Option<u8>,
    /// Receives the Cash change of each wager until the tray closes (the sheet applies it to
    /// the character). Without one, the tray only updates its own Cash field.
    pub on_cash: Option<Hook<Wager>>,
    /// Receives the pool as rolled and the result of the next Ix roll (once), so a sheet can
    /// record what the check decided (a treated injury, a spell cast). Closing the tray
    /// without rolling drops it.
    pub on_ix: Option<Hook<(IxPool, IxResult)>>,
    /// With an Ix pool from a skill: `(characteristic, skill)`, so the tray can weigh one
    /// skill rank more.
    pub ratings: Option<(u8, u8)>,
    /// An attack: the same character's next attack keeps the character chosen under
    /// "Attack on".
    pub attack: bool,
    /// A check the GM sealed: kept until left, and rolled from its seal and the pool.
    pub sealed: Option<crate::model::sealed::SealedCheck>,
}

/// The current request's hooks: closures are not data, so they stay out of `TrayState`. Both
/// belong to the request that opened the tray and are dropped when it closes.
#[derive(Clone, Default)]
struct Hooks {
    on_cash: Option<Hook<Wager>>,
    on_ix: Option<Hook<(IxPool, IxResult)>>,
}

/// A note about the log under the Log tab.
#[derive(Debug, Clone)]
enum LogNote {
    Load(RollsProblem),
    NotSaved(StorageError),
    Trimmed,
}

impl fmt::Display for LogNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogNote::Load(p) => p.fmt(f),
            LogNote::NotSaved(e) => {
                write!(
                    f,
                    "Rolls are kept in this tab but not saved yet ({e}); they are saved, in order, with the next roll or \"Try saving again\"."
                )
            }
            LogNote::Trimmed => write!(
                f,
                "The log keeps the newest 1,000 rolls; the oldest was dropped. Export the log to keep a full history."
            ),
        }
    }
}

/// The tray's parts, private to this module: other modules get a [`TrayHandle`].
#[derive(Clone, Copy)]
struct Tray {
    /// Everything the tray shows, changed only through [`TrayState::apply`].
    state: RwSignal<TrayState>,
    /// Whether the panel is showing (see `state.rs` for why this is not in the state).
    open: RwSignal<bool>,
    hooks: StoredValue<Hooks>,
    points: RwSignal<Option<Rc<dyn StoryPoints>>, LocalStorage>,
    /// The roll log is its own document (stored under its own key), not part of the tray's
    /// state: the sheets show it too.
    log: RwSignal<RollLog>,
    log_note: RwSignal<Option<LogNote>>,
    /// The log as last read from or written to storage, without `owed`: what a roll is added
    /// to when the stored log cannot be read.
    saved_log: StoredValue<RollLog>,
    /// Whether `log` holds what storage had. The log is read on first use (a sheet's rolls, the
    /// Log tab, a roll to add), not at start-up: decoding and checking its chain is code the
    /// roster never needs, so it stays out of the first load.
    log_read: StoredValue<bool>,
    /// Rolls made here that storage refused, oldest first: written, in order, after whatever
    /// the stored log holds by then, with the next roll or the "Not saved" banner's retry.
    owed: StoredValue<Vec<crate::model::RollRecord>>,
    store: StoredValue<RollStore<Box<dyn KeyValue>>, LocalStorage>,
    app: Option<AppState>,
    /// Where focus was when a request opened the tray, to bring it back on close.
    opener: StoredValue<Option<web_sys::Element>, LocalStorage>,
}

/// What other modules hold: `expect_context::<TrayHandle>()`. Cheap to copy; it exposes
/// requests in and outcomes out, never the tray's state.
#[derive(Clone, Copy)]
pub struct TrayHandle(Tray);

impl TrayHandle {
    /// Opens the tray with the request's pool built, its label and character shown and its
    /// hooks attached; the previous result and refusal are cleared.
    pub fn open(&self, request: TrayRequest) {
        let tray = self.0;
        let TrayRequest {
            label,
            character_id,
            character_name,
            prefill,
            cash,
            wealth,
            on_cash,
            on_ix,
            ratings,
            attack,
            sealed,
        } = request;
        let cash_to_sheet = on_cash.is_some();
        tray.hooks.set_value(Hooks { on_cash, on_ix });
        let active = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element());
        tray.opener.set_value(active);
        tray.act(TrayAction::Open(Box::new(Opening {
            label,
            character_id,
            character_name,
            prefill,
            cash,
            wealth,
            cash_to_sheet,
            ratings,
            attack,
            sealed,
        })));
        tray.refresh_target();
        tray.open.set(true);
    }

    /// Shows a roll made elsewhere as the tray's latest result and stores it in the log under
    /// `character_id` and `label` (which the tray then shows too). The tray does not open.
    pub fn show_roll(&self, character_id: Option<String>, label: String, outcome: Outcome) {
        let roll = outcome::RollElsewhere {
            character_id,
            label,
            outcome,
        };
        self.0.settle(Ok(TrayAction::Show(Box::new(roll))));
    }

    /// The roster character ("Attack on") the check on screen attacks: id and name. Read by a
    /// sheet's roll hook, which runs once the roll is on screen and its target still chosen.
    pub fn attack_target(&self) -> Option<(String, String)> {
        self.0
            .state
            .try_with_untracked(|s| s.target().map(|t| (t.id.clone(), t.name.clone())))
            .flatten()
    }

    /// Attaches the session's Fortune and Peril pool; `None` makes points always available.
    pub fn set_story_points(&self, points: Option<Rc<dyn StoryPoints>>) {
        self.0.points.set(points);
    }

    /// Appends a roll made on another device (a sealed roll's receipt) to the log.
    pub fn log_record(&self, record: crate::model::RollRecord) {
        self.0.record(record);
    }

    /// The difficulty being built, as a GM shares it with a player. Tracked: read it in a
    /// view and it follows the tray.
    pub fn proposal(&self) -> Result<Proposal, TrayError> {
        self.0.state.with(TrayState::proposal)
    }
}

/// Creates the tray's state, loads the log and provides [`TrayHandle`]. Call once, in the
/// shell, before the screens render so sheets find the context. `points` is the session's
/// Fortune/Peril pool; with `None` a point can always be marked.
pub fn provide_tray(points: Option<Rc<dyn StoryPoints>>) {
    let store = RollStore::new(open_local().0);
    let tray = Tray {
        state: RwSignal::new(TrayState::default()),
        open: RwSignal::new(false),
        hooks: StoredValue::new(Hooks::default()),
        points: RwSignal::new_local(points),
        saved_log: StoredValue::new(RollLog::default()),
        log_read: StoredValue::new(false),
        owed: StoredValue::new(Vec::new()),
        log: RwSignal::new(RollLog::default()),
        log_note: RwSignal::new(None),
        store: StoredValue::new_local(store),
        app: use_context::<AppState>(),
        opener: StoredValue::new_local(None),
    };
    provide_context(TrayHandle(tray));
}

impl Tray {
    /// The one way in: applies `action`, and shows a refusal in the tray instead.
    fn act(&self, action: TrayAction) -> Option<TrayApplied> {
        let done = self.state.try_maybe_update(|s| {
            let r = s.apply(action);
            (r.is_ok(), r)
        })?;
        done.map_err(|why| self.refuse(why)).ok()
    }

    /// Shows a refusal until the next change.
    fn refuse(&self, why: TrayError) {
        self.state.update(|s| {
            // `Refused` is never refused.
            let _ = s.apply(TrayAction::Refused(why));
        });
    }

    /// A memo of one part of the state, so a view redraws only when that part changes.
    fn read<T>(&self, part: impl Fn(&TrayState) -> T + Send + Sync + 'static) -> Memo<T>
    where
        T: PartialEq + Send + Sync + 'static,
    {
        let state = self.state;
        Memo::new(move |_| state.with(&part))
    }

    /// Roster character `id` as an attack target, with the guard their sheet has up now;
    /// `None` for anyone not an Ix character here.
    fn target_of(&self, id: &str) -> Option<AttackTarget> {
        self.app?.roster.with_untracked(|r| {
            let c = r.get(id)?;
            let target = c.ix()?.character.as_target();
            Some(AttackTarget {
                id: c.id.clone(),
                name: c.name.clone(),
                guard: target.guard,
                melee_defense: target.melee_defense,
                ranged_defense: target.ranged_defense,
                on: true,
            })
        })
    }

    /// A target kept from the last attack takes their guard as their sheet has it now (it
    /// may have come down on their turn); one no longer on the roster is let go.
    fn refresh_target(&self) {
        let Some(id) = self
            .state
            .with_untracked(|s| s.target().map(|t| t.id.clone()))
        else {
            return;
        };
        self.act(TrayAction::Target(self.target_of(&id)));
    }

    /// Spends one of the last roll's Banes on its character's next check: the Bane die
    /// goes on their sheet, where their next check picks it up.
    fn carry_bane(&self) {
        let Some(id) = self
            .state
            .with_untracked(|s| s.carry_offer().map(|(id, _)| id.to_string()))
        else {
            return self.refuse(TrayError::NoBaneToCarry);
        };
        let Some(app) = self.app else { return };
        let edit = crate::model::ix_sheet::IxEdit::CarryBane;
        match app.dispatch(crate::model::CharacterAction::EditIx { id, edit }) {
            Ok(()) => {
                self.act(TrayAction::CarriedBane);
            }
            Err(why) => self.refuse(TrayError::Sheet(why)),
        }
    }

    /// The name of a character on the roster now.
    fn roster_name(&self, id: Option<&String>) -> Option<String> {
        let id = id?;
        self.app?
            .roster
            .with_untracked(|r| r.get(id).map(|c| c.name.clone()))
    }

    /// Rolls whatever the current mode has built (what Enter and the Roll buttons do).
    fn roll(&self) {
        let rolled = self.state.with_untracked(|s| s.roll(&mut CryptoRng));
        self.settle_roll(rolled);
    }

    /// Rolls one of the Plain dice mode's tables.
    fn roll_table(&self, table: tables::Table) {
        let rolled = self
            .state
            .with_untracked(|s| s.roll_table(table, &mut CryptoRng));
        self.settle_roll(rolled);
    }

    /// Puts a roll on screen once the Story points marked on it are spent.
    fn settle_roll(&self, rolled: Result<outcome::Rolled, TrayError>) {
        let rolled = rolled.and_then(|r| self.spend_points(&r).map(|()| r));
        self.settle(rolled.map(|r| TrayAction::Rolled(Box::new(r))));
    }

    /// Shows a roll, runs the requester's hooks, and logs it just after, so the dice paint
    /// first.
    fn settle(&self, action: Result<TrayAction, TrayError>) {
        let action = match action {
            Ok(a) => a,
            Err(why) => return self.refuse(why),
        };
        let Some(TrayApplied::Rolled(settled)) = self.act(action) else {
            return;
        };
        let state::Settled {
            log,
            ix,
            cash,
            used_carried,
        } = *settled;
        if let (Some(id), Some(app)) = (used_carried, self.app) {
            // The dice are on this roll; the sheet forgets them (a sheet gone since has
            // nothing to forget).
            let _ = app.dispatch(crate::model::CharacterAction::EditIx {
                id,
                edit: crate::model::ix_sheet::IxEdit::ClearCarriedBanes,
            });
        }
        if let Some(ix) = ix
            && let Some(hook) = self.hooks.try_update_value(|h| h.on_ix.take()).flatten()
        {
            hook(ix);
        }
        if let Some(wager) = cash
            && let Some(hook) = self.hooks.try_with_value(|h| h.on_cash.clone()).flatten()
        {
            hook(wager);
        }
        let name = self.roster_name(log.character_id.as_ref());
        let record = log.record(browser::now_ms(), name);
        let tray = *self;
        // Hashing and saving wait until the dice have painted (a timer rather than an
        // animation frame, so a roll in a background tab is still saved).
        set_timeout(move || tray.record(record), Duration::from_millis(20));
    }

    /// Spends the Fortune and Peril Points marked on an Ix roll. All are checked before any
    /// is spent, so a refusal of the second rarely leaves the first spent.
    fn spend_points(&self, rolled: &outcome::Rolled) -> Result<(), TrayError> {
        let Some((pool, _)) = &rolled.ix else {
            return Ok(());
        };
        let gm_peril = self.state.with_untracked(TrayState::peril_from_gm);
        let marked: Vec<bool> = [
            (true, pool.fortune_spent()),
            (false, pool.peril_spent() && !gm_peril),
        ]
        .into_iter()
        .filter_map(|(fortune, on)| on.then_some(fortune))
        .collect();
        let Some(points) = self.points.get_untracked() else {
            return Ok(());
        };
        let refused = |fortune| move |why| TrayError::StoryPoint { fortune, why };
        for &fortune in &marked {
            points.check(fortune).map_err(refused(fortune))?;
        }
        let (who, label) = self
            .state
            .with_untracked(|s| (s.who().cloned(), s.label().to_string()));
        for &fortune in &marked {
            points
                .spend(fortune, who.clone(), &label)
                .map_err(refused(fortune))?;
        }
        Ok(())
    }

    /// Appends to the log as stored now (another tab may have rolled meanwhile), then saves;
    /// a refused write keeps the roll owed rather than dropping it.
    fn record(&self, record: crate::model::RollRecord) {
        self.owed.update_value(|o| o.push(record));
        let tray = *self;
        if self.write_owed().is_err()
            && let Some(app) = self.app
        {
            app.owe_write("rolls", Rc::new(move || tray.write_owed()));
        } else if let Some(app) = self.app {
            app.wrote("rolls");
        }
    }

    /// The outcome of this device's roll of the sealed check waiting here, if it rolled it:
    /// one roll per seal, so trying pools until the dice please is not possible
    /// (`RollLog::rolled_seal`).
    fn rolled_seal(&self) -> Option<String> {
        let seal = self
            .state
            .with_untracked(|s| s.sealed_here().map(|c| c.seal.clone()))?;
        self.read_log();
        let logged = self
            .log
            .with_untracked(|l| l.rolled_seal(&seal).map(|e| e.record.outcome.clone()));
        logged.or_else(|| {
            self.owed.with_value(|o| {
                o.iter()
                    .find(|r| r.seal.as_deref() == Some(seal.as_str()))
                    .map(|r| r.outcome.clone())
            })
        })
    }

    /// Reads the stored log into `log`, once.
    fn read_log(&self) {
        if self.log_read.try_get_value() != Some(false) {
            return;
        }
        self.log_read.set_value(true);
        let Some((log, problem)) = self.store.try_with_value(|s| s.load(browser::now_ms())) else {
            return;
        };
        self.saved_log.set_value(log.clone());
        self.log.set(log);
        self.log_note.set(problem.map(LogNote::Load));
    }

    /// Writes every owed roll, in the order it was made, after the log as stored now. The
    /// tray shows them either way, numbered where they will be stored.
    fn write_owed(&self) -> Result<(), StorageError> {
        self.read_log();
        let Some((mut log, problem)) = self.store.try_with_value(|s| s.load(browser::now_ms()))
        else {
            return Ok(());
        };
        if problem.is_some() {
            // Unreadable or newer: keep this tab's log rather than start over.
            log = self.saved_log.get_value();
        }
        let base = log.clone();
        let owed = self.owed.get_value();
        let trimmed: usize = owed.into_iter().map(|r| log.append(r)).sum();
        let saved = self.store.with_value(|s| s.save(&log));
        if saved.is_ok() {
            self.owed.set_value(Vec::new());
            self.saved_log.set_value(log.clone());
        } else {
            self.saved_log.set_value(base);
        }
        self.log.set(log);
        self.log_note.set(match (&saved, problem) {
            (Err(e), _) => Some(LogNote::NotSaved(e.clone())),
            (Ok(()), Some(p)) => Some(LogNote::Load(p)),
            (Ok(()), None) if trimmed > 0 => Some(LogNote::Trimmed),
            _ => None,
        });
        saved
    }
}
