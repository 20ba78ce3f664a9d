//! The dice tray's state as plain data, changed only by [`TrayState::apply`]. No signals and
//! no DOM here, so what a request builds and what a refusal leaves alone are tested natively
//! (`state_tests.rs`); the components hold one `RwSignal<TrayState>` and read it through memos.
//!
//! | item | what it is |
//! | --- | --- |
//! | [`TrayState`] | what the tray shows and what its next roll would use |
//! | [`TrayAction`] | every change, from a tap, a request or a roll |
//! | [`TrayApplied`] | what a change asks of its caller (log a roll, run a hook) |
//! | [`TrayError`] | why a change was refused; its `Display` is a sentence for users |
//! | [`Opening`], [`Prefill`] | what a request builds |
//!
//! The action, result and error types are in `action.rs`.
//!
//! Rolling itself lives in `roll.rs` ([`TrayState::roll`]): it reads the state, draws from
//! the generator it is given and returns a [`Rolled`] that `apply` puts on screen.
//!
//! Whether the panel is showing is not here: like the focus to return to, it belongs to the
//! always-loaded Dice button. That keeps `apply`, and the rules it calls, out of the first
//! load: only sheets and the panel (chunks) change the tray.

pub use super::action::{
    AttackTarget, ExpKind, Mode, Opening, PoolStep, Prefill, Settled, TrayAction, TrayApplied,
    TrayError,
};
use super::fields::{Field, Fields};
use super::outcome::{LogDraft, Outcome, RollElsewhere, Rolled};
use crate::model::Proposal;
use crate::model::sealed::{Receipt, SealedCheck};
use crate::rules::expedition::objective::{Carried, GeneralFactors, ObBase, test_objective};
use crate::rules::ix::IxError;
use crate::rules::ix::check::{Fortune, Part, Reason, TargetKind, target_parts};
use crate::rules::ix::checks::Guard;
use crate::rules::ix::dice::DieKind;
use crate::rules::ix::pool::{DowngradeReport, Pool as IxPool, UpgradeReport};

/// "an Ability die", "a Mastery die": a die kind with its article, inside a sentence.
fn article(kind: DieKind) -> String {
    let name = kind.name();
    let an = name.starts_with(['A', 'E', 'I', 'O', 'U']);
    format!("{} {name}", if an { "an" } else { "a" })
}

/// What the tray shows and what its next roll would use.
#[derive(Debug, Clone, PartialEq)]
pub struct TrayState {
    mode: Mode,
    label: String,
    who: Option<String>,
    /// The request's name for `who`, for an id that is not on the roster.
    who_name: Option<String>,
    /// The pool as built by taps or a request, before conditions.
    ix: IxPool,
    /// What the rules add on top of the pool as built (conditions, carried Bane dice, a
    /// spell's dice under a seal), each with whether it counts on this check.
    additions: Vec<(Part, bool)>,
    /// An attack or a grapple: what a target's guard and Defense bear on.
    target_kind: Option<TargetKind>,
    /// Whether this check may take a Fortune Point (the one door's word).
    fortune: Fortune,
    /// The character this check attacks, whose guard adds to its difficulty.
    target: Option<AttackTarget>,
    /// What the last upgrade or downgrade did, in words.
    step_note: Option<String>,
    /// The check's `(characteristic, skill)` when it came from a skill: what "one skill rank
    /// more" builds on. Follows that change; cleared with the pool.
    ratings: Option<(u8, u8)>,
    /// A Wise is counted among the Expedition bonus dice (one Wise, one die).
    wise_used: bool,
    /// The pool's Peril Point came with a GM's proposal: the GM spends it on their own device,
    /// so this one never takes it from its session.
    peril_from_gm: bool,
    exp_kind: ExpKind,
    fields: Fields,
    factors: Option<GeneralFactors>,
    /// The character's worn armour and carried shields (none without a sheet).
    carried: Carried,
    /// The test is one of endurance, flexibility, balance, climbing or channeling.
    encumbering: bool,
    saved: bool,
    armour: bool,
    plain: String,
    cash_to_sheet: bool,
    result: Option<Outcome>,
    /// The last roll's Banes the GM has not yet spent on its character's next check.
    banes_to_carry: u32,
    /// Counts rolls, so equal words are announced again and the dice redraw (and animate).
    rolls: u64,
    message: Option<TrayError>,
    /// A check the GM sealed: its rolls come from the seal and the pool (see `sealed.rs`).
    sealed: Option<SealedCheck>,
    /// The last sealed roll's receipt, shown with its result.
    receipt: Option<Receipt>,
}

impl Default for TrayState {
    fn default() -> Self {
        TrayState {
            mode: Mode::Ix,
            label: String::new(),
            who: None,
            who_name: None,
            ix: IxPool::new(),
            additions: Vec::new(),
            target_kind: None,
            fortune: Fortune::May,
            target: None,
            step_note: None,
            ratings: None,
            wise_used: false,
            peril_from_gm: false,
            exp_kind: ExpKind::Test,
            fields: Fields::default(),
            factors: None,
            carried: Carried::default(),
            encumbering: false,
            saved: false,
            armour: false,
            plain: "2d6".into(),
            cash_to_sheet: false,
            result: None,
            banes_to_carry: 0,
            rolls: 0,
            message: None,
            sealed: None,
            receipt: None,
        }
    }
}

impl TrayState {
    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn label(&self) -> &str {
        &self.label
    }
    /// Whether the marked Peril Point came with a GM's proposal (not to be spent here).
    pub fn peril_from_gm(&self) -> bool {
        self.peril_from_gm && self.ix.peril_spent()
    }

    pub fn who(&self) -> Option<&String> {
        self.who.as_ref()
    }
    pub fn who_name(&self) -> Option<&String> {
        self.who_name.as_ref()
    }
    /// The pool a roll would use: as built, plus the dice of each condition switched on,
    /// added by the rules (a condition whose die would pass a limit adds nothing).
    pub fn ix(&self) -> IxPool {
        self.with_on_top(self.ix)
    }
    /// `pool` with what this check adds on top of the pool as built: the rules' additions
    /// switched on and the target's guard and Defense, each added by the rules (one that
    /// would pass a limit adds nothing).
    pub fn with_on_top(&self, mut pool: IxPool) -> IxPool {
        let on = self.additions.iter().filter(|(_, on)| *on).map(|(p, _)| p);
        for part in on.chain(self.target_parts().iter()) {
            let _ = part.apply_to(&mut pool);
        }
        pool
    }
    /// The parts the chosen target adds, while they count. A target chosen for a pool the
    /// one door did not build counts as a grapple's: its guard only.
    fn target_parts(&self) -> Vec<Part> {
        match self.target.as_ref().filter(|t| t.on) {
            Some(t) => target_parts(
                &t.as_target(),
                self.target_kind.unwrap_or(TargetKind::Grapple),
            ),
            None => Vec::new(),
        }
    }
    /// The character this check attacks.
    pub fn target(&self) -> Option<&AttackTarget> {
        self.target.as_ref()
    }
    /// What the target adds in words ("Vex is Guarded: one Trial die becomes a Crisis die;
    /// Vex's Melee Defense 2: +2 Bane dice") and whether it counts; none without a target or
    /// anything it adds.
    pub fn target_line(&self) -> Option<(String, bool)> {
        let t = self.target.as_ref()?;
        let kind = self.target_kind.unwrap_or(TargetKind::Grapple);
        let parts = target_parts(&t.as_target(), kind);
        if parts.is_empty() {
            return None;
        }
        let name = &t.name;
        let words = parts
            .iter()
            .map(|p| match p.reason {
                Reason::Guard(Guard::Guarded) => format!("{name} is Guarded: {}", p.change),
                Reason::Guard(_) => format!("{name}'s Defensive Guard: {}", p.change),
                Reason::Defense { ranged, points } => format!(
                    "{name}'s {} Defense {points}: {}",
                    if ranged { "Ranged" } else { "Melee" },
                    p.change
                ),
                _ => p.label(),
            })
            .collect::<Vec<_>>()
            .join("; ");
        Some((words, t.on))
    }
    /// What the last upgrade or downgrade did ("No Ability die left to upgrade: added an
    /// Ability die instead."), until the next change.
    pub fn step_note(&self) -> Option<&str> {
        self.step_note.as_deref()
    }
    /// The pool as built, before conditions: what the die counters show and change.
    pub fn ix_built(&self) -> IxPool {
        self.ix
    }
    pub(super) fn set_built(&mut self, pool: IxPool) {
        self.ix = pool;
    }
    /// Whether this check may take a Fortune Point.
    pub fn fortune(&self) -> Fortune {
        self.fortune
    }
    /// The check's `(characteristic, skill)`, when it came from a skill.
    pub fn ratings(&self) -> Option<(u8, u8)> {
        self.ratings
    }
    pub(super) fn set_ratings(&mut self, ratings: Option<(u8, u8)>) {
        self.ratings = ratings;
    }
    /// Whether a Wise is counted among the bonus dice.
    pub fn wise_used(&self) -> bool {
        self.wise_used
    }
    pub(super) fn set_wise_used(&mut self, used: bool) {
        self.wise_used = used;
    }
    pub(super) fn set_field(&mut self, field: Field, value: i64) {
        self.fields.set(field, value);
    }
    /// Each addition in words with what it adds ("Frightened: +1 Bane die"), whether it
    /// counts on this check, and whether the GM may switch it off.
    pub fn condition_lines(&self) -> Vec<(String, bool, bool)> {
        self.additions
            .iter()
            .map(|(p, on)| (p.label(), *on, p.switchable()))
            .collect()
    }
    /// The additions that count on the difficulty side, as a sealed roll's receipt names them.
    pub fn sealed_additions(&self) -> Vec<Part> {
        let on = self.additions.iter().filter(|(_, on)| *on).map(|(p, _)| p);
        on.cloned()
            .chain(self.target_parts())
            .filter(Part::negative)
            .collect()
    }
    pub fn exp_kind(&self) -> ExpKind {
        self.exp_kind
    }
    pub fn fields(&self) -> &Fields {
        &self.fields
    }
    pub fn field(&self, field: Field) -> i64 {
        self.fields.get(field)
    }
    pub fn factors(&self) -> Option<GeneralFactors> {
        self.factors
    }
    pub fn carried(&self) -> Carried {
        self.carried
    }
    pub fn encumbering(&self) -> bool {
        self.encumbering
    }
    pub fn saved(&self) -> bool {
        self.saved
    }
    pub fn armour(&self) -> bool {
        self.armour
    }
    pub fn plain(&self) -> &str {
        &self.plain
    }
    pub fn cash_to_sheet(&self) -> bool {
        self.cash_to_sheet
    }
    pub fn result(&self) -> Option<&Outcome> {
        self.result.as_ref()
    }
    /// The roster character whose next check the last roll's Banes could go to, with how
    /// many are left to spend that way.
    pub fn carry_offer(&self) -> Option<(&str, u32)> {
        let who = self.who.as_deref()?;
        (self.banes_to_carry > 0 && self.result.is_some()).then_some((who, self.banes_to_carry))
    }
    pub fn rolls(&self) -> u64 {
        self.rolls
    }
    pub fn message(&self) -> Option<&TrayError> {
        self.message.as_ref()
    }
    pub fn sealed(&self) -> Option<&SealedCheck> {
        self.sealed.as_ref()
    }
    /// The sealed check, when the mode showing is its game's (an Expedition check is rolled
    /// as a plain test against its Ob).
    pub fn sealed_here(&self) -> Option<&SealedCheck> {
        self.sealed.as_ref().filter(|c| match c.proposal {
            Proposal::Ix { .. } => self.mode == Mode::Ix,
            Proposal::Expedition { .. } => {
                self.mode == Mode::Expedition && self.exp_kind == ExpKind::Test
            }
        })
    }
    pub fn receipt(&self) -> Option<&Receipt> {
        self.receipt.as_ref()
    }

    /// The Ob (`rules::expedition::objective::test_objective`): from the factor calculator
    /// when it is on, else as typed; then worn armour and shields on the tests they weigh on.
    /// With the reasons in words, when there is more to say than the typed number.
    pub fn ob(&self) -> Result<(u32, Vec<String>), TrayError> {
        let base = match &self.factors {
            Some(f) => ObBase::Factors(*f),
            None => ObBase::Set(self.fields.count(Field::Ob)?),
        };
        let typed = matches!(base, ObBase::Set(_));
        let o = test_objective(&base, self.encumbering, self.carried)?;
        // A typed Ob with nothing on top says no more than the number.
        let words = if typed && o.factors.len() == 1 {
            Vec::new()
        } else {
            o.factors.iter().map(|f| f.words()).collect()
        };
        Ok((o.ob, words))
    }

    /// The difficulty being built, as a GM shares it with a player.
    pub fn proposal(&self) -> Result<Proposal, TrayError> {
        let label = self.label.clone();
        match self.mode {
            Mode::Expedition => self
                .ob()
                .map(|(ob, why)| Proposal::Expedition { label, ob, why }),
            _ => Ok(Proposal::Ix {
                label,
                pool: self.ix,
            }),
        }
    }

    /// Applies one change. A refusal changes nothing (the caller shows it with
    /// [`TrayAction::Refused`]); a successful change also clears the last refusal.
    pub fn apply(&mut self, action: TrayAction) -> Result<TrayApplied, TrayError> {
        // What an upgrade or downgrade did, said until the next change (RULINGS, "Difficulty").
        let mut step_note = None;
        let applied = match action {
            TrayAction::Open(opening) => {
                self.open_with(*opening);
                TrayApplied::Changed
            }
            TrayAction::EndRequest => {
                self.cash_to_sheet = false;
                TrayApplied::Changed
            }
            TrayAction::Receipt(receipt) => {
                self.receipt = Some(*receipt);
                TrayApplied::Changed
            }
            TrayAction::EndSealed => {
                self.sealed = None;
                self.receipt = None;
                TrayApplied::Changed
            }
            TrayAction::SetMode(mode) => {
                self.mode = mode;
                TrayApplied::Changed
            }
            TrayAction::SetWho(who) => {
                if self.who != who {
                    self.banes_to_carry = 0;
                }
                self.who = who;
                TrayApplied::Changed
            }
            TrayAction::SetLabel(label) => {
                self.label = label;
                TrayApplied::Changed
            }
            TrayAction::AddDie(kind) => self.change_pool(|p| p.add_dice(kind, 1))?,
            TrayAction::RemoveDie(kind) => {
                if self.ix.count(kind) == 0 {
                    return Err(TrayError::NoDieToRemove(kind));
                }
                self.change_pool(|p| p.remove_dice(kind, 1).map(drop))?
            }
            TrayAction::Difficulty(d) => self.change_pool(|p| p.set_difficulty(d))?,
            TrayAction::Step(step) => self.change_pool(|p| {
                use DieKind::{Ability, Crisis, Mastery, Trial};
                let up = |r: UpgradeReport, from: DieKind, to: DieKind| {
                    if r.added > 0 {
                        format!(
                            "No {} left to upgrade: added {} instead.",
                            from.name(),
                            article(from)
                        )
                    } else {
                        format!("Upgraded {} to {}.", article(from), article(to))
                    }
                };
                let down = |r: DowngradeReport, from: DieKind, to: DieKind| {
                    if r.missing > 0 {
                        format!("No {} left to downgrade: nothing changed.", from.name())
                    } else {
                        format!("Downgraded {} to {}.", article(from), article(to))
                    }
                };
                step_note = Some(match step {
                    PoolStep::UpgradeAbility => up(p.upgrade_ability(1)?, Ability, Mastery),
                    PoolStep::DowngradeAbility => down(p.downgrade_ability(1)?, Mastery, Ability),
                    PoolStep::UpgradeDifficulty => up(p.upgrade_difficulty(1)?, Trial, Crisis),
                    PoolStep::DowngradeDifficulty => {
                        down(p.downgrade_difficulty(1)?, Crisis, Trial)
                    }
                });
                Ok(())
            })?,
            TrayAction::MarkFortune if self.fortune == Fortune::NotForAdversaries => {
                return Err(TrayError::StoryPoint {
                    fortune: true,
                    why: "An adversary's check takes no Fortune Point; the GM spends Peril.".into(),
                });
            }
            TrayAction::MarkFortune => self.change_pool(|p| p.spend_fortune().map(drop))?,
            TrayAction::MarkPeril => self.change_pool(|p| p.spend_peril().map(drop))?,
            TrayAction::Help(change) => {
                self.apply_ix_help(change)?;
                TrayApplied::Changed
            }
            TrayAction::ExpHelp(change) => {
                self.apply_exp_help(change)?;
                TrayApplied::Changed
            }
            TrayAction::ClearPool => {
                let done = self.change_pool(|p| {
                    *p = IxPool::new();
                    Ok(())
                })?;
                self.peril_from_gm = false;
                self.ratings = None;
                self.additions.clear();
                self.target_kind = None;
                self.fortune = Fortune::May;
                self.target = None;
                done
            }
            TrayAction::Target(target) => {
                self.target = target;
                TrayApplied::Changed
            }
            TrayAction::ToggleTargetGuard => {
                let Some(t) = self.target.as_mut() else {
                    return Err(TrayError::NoSuchCondition);
                };
                t.on = !t.on;
                TrayApplied::Changed
            }
            TrayAction::ToggleCondition(i) => {
                let Some((_, on)) = self.additions.get_mut(i).filter(|(p, _)| p.switchable())
                else {
                    return Err(TrayError::NoSuchCondition);
                };
                *on = !*on;
                TrayApplied::Changed
            }
            TrayAction::SetExpKind(kind) => {
                self.exp_kind = kind;
                TrayApplied::Changed
            }
            TrayAction::SetField(field, value) => {
                self.fields.set(field, value);
                TrayApplied::Changed
            }
            TrayAction::SetSaved(saved) => {
                self.saved = saved;
                TrayApplied::Changed
            }
            TrayAction::SetArmour(armour) => {
                self.armour = armour;
                TrayApplied::Changed
            }
            TrayAction::SetFactors(factors) => {
                self.factors = factors;
                TrayApplied::Changed
            }
            TrayAction::SetEncumbering(on) => {
                self.encumbering = on;
                TrayApplied::Changed
            }
            TrayAction::SetNotation(text) => {
                self.plain = text;
                TrayApplied::Changed
            }
            TrayAction::Rolled(rolled) => {
                let Rolled { outcome, ix, cash } = *rolled;
                if let Some(w) = &cash
                    && !self.cash_to_sheet
                {
                    self.fields.set(Field::CashHeld, i64::from(w.entry.balance));
                }
                // Carried Bane dice belong to one check: this one, if they counted on it.
                let before = self.additions.len();
                self.additions
                    .retain(|(p, on)| !(*on && matches!(p.reason, Reason::CarriedBanes(_))));
                let used_carried = (self.additions.len() < before)
                    .then(|| self.who.clone())
                    .flatten();
                let log = self.show(outcome);
                self.banes_to_carry = match &ix {
                    Some((_, r)) if self.who.is_some() => (-r.net_boons).max(0).unsigned_abs(),
                    _ => 0,
                };
                TrayApplied::Rolled(Box::new(Settled {
                    log,
                    ix,
                    cash,
                    used_carried,
                }))
            }
            TrayAction::CarriedBane => {
                if self.carry_offer().is_none() {
                    return Err(TrayError::NoBaneToCarry);
                }
                self.banes_to_carry -= 1;
                TrayApplied::Changed
            }
            TrayAction::Show(roll) => {
                let RollElsewhere {
                    character_id,
                    label,
                    outcome,
                } = *roll;
                if self.who != character_id {
                    self.who_name = None;
                }
                self.who = character_id;
                self.label = label;
                // Rolled elsewhere (a Depletion check), never the sealed check waiting here.
                let log = LogDraft {
                    seal: None,
                    ..self.show(outcome)
                };
                self.banes_to_carry = 0;
                TrayApplied::Rolled(Box::new(Settled {
                    log,
                    ix: None,
                    cash: None,
                    used_carried: None,
                }))
            }
            TrayAction::Refused(why) => {
                self.message = Some(why);
                return Ok(TrayApplied::Changed);
            }
        };
        self.message = None;
        self.step_note = step_note;
        Ok(applied)
    }

    /// Every pool change goes through the rules, on a copy: a refusal leaves the pool as it
    /// was.
    fn change_pool(
        &mut self,
        f: impl FnOnce(&mut IxPool) -> Result<(), IxError>,
    ) -> Result<TrayApplied, TrayError> {
        let mut next = self.ix;
        f(&mut next)?;
        self.ix = next;
        Ok(TrayApplied::Changed)
    }

    fn show(&mut self, outcome: Outcome) -> LogDraft {
        self.rolls += 1;
        self.result = Some(outcome.clone());
        self.receipt = None;
        LogDraft {
            character_id: self.who.clone(),
            request_name: self.who_name.clone(),
            label: self.label.clone(),
            outcome,
            seal: self.sealed_here().map(|c| c.seal.clone()),
        }
    }

    fn open_with(&mut self, o: Opening) {
        // A request is a check of its own: an attack target chosen for the last one is not
        // this one's, unless the same attacker attacks again (the fight goes on): the same
        // roster character, or the same adversary (no roster id, the same name).
        let same = match (&o.character_id, &self.who) {
            (Some(id), Some(was)) => id == was,
            (None, None) => o.character_name.is_some() && o.character_name == self.who_name,
            _ => false,
        };
        if !(o.attack && same) {
            self.target = None;
        }
        // Armour and shields are the character's: another character's test starts without.
        if o.character_id != self.who || o.character_name != self.who_name {
            self.carried = Carried::default();
            self.encumbering = false;
        }
        let exp = |s: &mut Self, kind: ExpKind, values: &[(Field, u32)]| {
            for &(field, v) in values {
                s.fields.set(field, i64::from(v));
            }
            s.exp_kind = kind;
            s.mode = Mode::Expedition;
        };
        match o.prefill {
            Prefill::Keep => {}
            Prefill::Ix(pool) => {
                self.ix = pool;
                self.ratings = o.ratings;
                self.additions.clear();
                self.target_kind = None;
                self.fortune = Fortune::May;
                self.peril_from_gm = false;
                self.mode = Mode::Ix;
            }
            Prefill::IxCheck(check) => {
                // Under a seal the GM's difficulty replaces the one chosen here, and what the
                // rules add (a spell's dice, the resistance of a grapple) stays, named.
                let sealed = o.sealed.as_ref().or(self.sealed.as_ref());
                let check = match sealed.map(|c| &c.proposal) {
                    Some(Proposal::Ix { pool, .. }) => check.under_seal(pool),
                    _ => *check,
                };
                self.ix = check.base();
                self.additions = check.additions();
                self.target_kind = check.target_kind;
                self.fortune = check.fortune;
                self.ratings = o.ratings;
                self.peril_from_gm = false;
                self.mode = Mode::Ix;
            }
            Prefill::IxDifficulty(proposal) => {
                self.ix = self.ix.with_difficulty_of(&proposal);
                self.peril_from_gm = proposal.peril_spent();
                self.mode = Mode::Ix;
            }
            Prefill::Expedition {
                ability,
                bonus,
                penalty,
                helping,
                ob,
                free,
                factors,
                carried,
            } => {
                use Field::*;
                let values = [
                    (Ability, ability.into()),
                    (Bonus, bonus),
                    (Penalty, penalty),
                    (Helping, helping),
                    (Ob, ob),
                    (Free, free),
                ];
                exp(self, ExpKind::Test, &values);
                self.factors = factors;
                self.carried = carried;
                self.encumbering = false;
            }
            Prefill::Ob(ob) => {
                exp(self, ExpKind::Test, &[(Field::Ob, ob)]);
                self.factors = None;
            }
            Prefill::Versus {
                ability,
                bonus,
                opposing,
            } => {
                let values = [
                    (Field::Ability, ability.into()),
                    (Field::Bonus, bonus),
                    (Field::Opposing, opposing),
                ];
                exp(self, ExpKind::Versus, &values);
            }
            Prefill::Damage { dice, free } => {
                let values = [(Field::DamageDice, dice), (Field::Free, free)];
                exp(self, ExpKind::Damage, &values);
            }
            Prefill::CashWager {
                cost,
                scarcity,
                wager,
            } => {
                let values = [
                    (Field::Cost, cost),
                    (Field::Scarcity, scarcity),
                    (Field::Wager, wager),
                ];
                exp(self, ExpKind::Cash, &values);
            }
            Prefill::Plain(text) => {
                self.plain = text;
                self.mode = Mode::Plain;
            }
        }
        if let Some(c) = o.cash {
            self.fields.set(Field::CashHeld, c.into());
        }
        if let Some(w) = o.wealth {
            self.fields.set(Field::Wealth, w.into());
        }
        self.wise_used = false;
        self.label = o.label;
        self.who = o.character_id;
        self.who_name = o.character_name;
        self.cash_to_sheet = o.cash_to_sheet;
        self.result = None;
        self.banes_to_carry = 0;
        self.receipt = None;
        if o.sealed.is_some() {
            self.sealed = o.sealed;
        }
        // While a sealed check waits, the GM's difficulty is the one rolled, whichever sheet
        // built the player's dice.
        match self.sealed_here().map(|c| c.proposal.clone()) {
            Some(Proposal::Ix { pool, .. }) => {
                self.ix = self.ix.with_difficulty_of(&pool);
                self.peril_from_gm = pool.peril_spent();
            }
            Some(Proposal::Expedition { ob, .. }) => {
                self.fields.set(Field::Ob, i64::from(ob));
                self.factors = None;
            }
            None => {}
        }
    }
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
