//! The Expedition referee's table: party size, exploration turn, a combat tracker and a log of
//! table rolls. Stored as the named document `exp-table`; edits go through a pure reducer, and
//! rolls carry a seed drawn by the UI.

use serde::{Deserialize, Serialize};

use super::exp_sheet::Seeded;
use crate::rules::expedition::combat::{
    Combatant, combat_exchange, firing_into_melee_dice, gang_up_dice, resolve_gang_up, stray_shot,
};
use crate::rules::expedition::referee::{
    Appearing, Population, adversary, encounter_check_due, roll_number_appearing,
};
use crate::rules::expedition::tables::{
    Disposition, EncounterScale, distance_roll, encounter_check, morale_check, reaction_roll,
};

/// Schema of the referee's table document.
pub const EXP_TABLE_SCHEMA: u32 = 1;
/// Name of the stored document.
pub const EXP_TABLE_DOC: &str = "exp-table";
/// Log lines kept.
pub const TABLE_LOG_KEPT: usize = 60;
/// Most combatants in the tracker.
pub const MAX_FIGHTERS: usize = 40;

/// One side of a fight in the tracker: an adversary by Level or a character typed in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// Name shown.
    pub name: String,
    /// Combat Check dice.
    pub dice: u32,
    /// Current HP.
    pub hp: u32,
    /// Maximum HP.
    pub max_hp: u32,
    /// Index of the fighter this one threatens this round.
    #[serde(default)]
    pub threatens: Option<usize>,
    /// Whether this one fights for the party (no threat defaults between allies).
    #[serde(default)]
    pub ally: bool,
    /// The leader this one gangs up behind: it rolls nothing itself, adds 1d to the leader's
    /// pool and shares the damage if the leader's target wins ("Ganging Up").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub helps: Option<usize>,
    /// Shoots rather than fights hand to hand: firing at a target engaged with its own side
    /// costs 1d and a bad miss can hit one of them ("Firing Into Melee").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ranged: bool,
}

/// The referee's document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpTable {
    /// Document schema.
    pub schema: u32,
    /// Players at the table (1-20).
    pub players: u32,
    /// Exploration turn count this delve.
    pub turn: u32,
    /// Session number.
    pub session: u32,
    /// The combat tracker.
    pub fighters: Vec<Fighter>,
    /// Table rolls in words, oldest first.
    pub log: Vec<String>,
}

impl Default for ExpTable {
    fn default() -> Self {
        ExpTable {
            schema: EXP_TABLE_SCHEMA,
            players: 4,
            turn: 0,
            session: 1,
            fighters: Vec::new(),
            log: Vec::new(),
        }
    }
}

/// A roll the table makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableRoll {
    /// Encounter check at a scale.
    Encounter(EncounterScale),
    /// Reaction d10.
    Reaction,
    /// Morale d6 by disposition (mortal danger routs without a roll).
    Morale(Disposition, bool),
    /// Encounter distance d6.
    Distance,
    /// Number appearing for a tag and the party size.
    Appearing(Appearing),
    /// One combat exchange between the fighters, as they threaten each other.
    Exchange,
}

/// One change to the table.
#[derive(Debug, Clone, PartialEq)]
pub enum TableEdit {
    /// Players at the table.
    Players(u32),
    /// Advance the exploration turn; says when an encounter check falls due.
    NextTurn(Population),
    /// A new session.
    NewSession,
    /// Add an adversary of a Level (Pool Level + 2, HP 2 x Level, at least 1 HP).
    AddAdversary(String, u32),
    /// Add a character by dice and HP.
    AddAlly(String, u32, u32),
    /// Damage (positive) or healing (negative) to a fighter.
    Harm(usize, i64),
    /// Who a fighter threatens.
    Threaten(usize, Option<usize>),
    /// Who a fighter gangs up behind (the leader), or no one.
    Helps(usize, Option<usize>),
    /// Whether a fighter shoots (ranged) this round.
    Ranged(usize, bool),
    /// Remove a fighter.
    Remove(usize),
    /// Clear the log.
    ClearLog,
    /// A roll from a seed.
    Roll(u64, TableRoll),
}

fn name(s: &str) -> Result<String, String> {
    let t = s.trim();
    if t.is_empty() || t.chars().count() > 60 {
        return Err("Type a name of 1 to 60 characters.".into());
    }
    Ok(t.to_string())
}

impl ExpTable {
    fn log(&mut self, line: String) {
        self.log.push(line);
        if self.log.len() > TABLE_LOG_KEPT {
            self.log.remove(0);
        }
    }

    fn add(&mut self, f: Fighter) -> Result<(), String> {
        if self.fighters.len() >= MAX_FIGHTERS {
            return Err(format!("The tracker holds at most {MAX_FIGHTERS}."));
        }
        self.fighters.push(f);
        Ok(())
    }

    /// Applies one edit; on error nothing changes and the message says why.
    pub fn apply(&mut self, edit: TableEdit) -> Result<(), String> {
        let mut next = self.clone();
        next.apply_in_place(edit)?;
        *self = next;
        Ok(())
    }

    fn apply_in_place(&mut self, edit: TableEdit) -> Result<(), String> {
        let e = |r: crate::rules::expedition::RulesError| r.to_string();
        match edit {
            TableEdit::Players(n) => {
                crate::rules::expedition::RulesError::check_range("players", n.into(), 1, 20)
                    .map_err(e)?;
                self.players = n;
            }
            TableEdit::NextTurn(pop) => {
                self.turn += 1;
                let due = encounter_check_due(pop, self.turn);
                self.log(format!(
                    "Turn {}: {}",
                    self.turn,
                    if due {
                        "an encounter check is due."
                    } else {
                        "no encounter check this turn."
                    }
                ));
            }
            TableEdit::NewSession => {
                self.session += 1;
                self.turn = 0;
                self.log(format!(
                    "Session {} begins: each player rolls Income; improvements and project ticks are available again.",
                    self.session
                ));
            }
            TableEdit::AddAdversary(n, level) => {
                let a = adversary(level).map_err(e)?;
                let n = name(&n)?;
                self.add(Fighter {
                    name: n,
                    dice: a.pool,
                    hp: a.hp.max(1),
                    max_hp: a.hp.max(1),
                    threatens: None,
                    ally: false,
                    helps: None,
                    ranged: false,
                })?;
            }
            TableEdit::AddAlly(n, dice, hp) => {
                let n = name(&n)?;
                if dice > 30 || !(1..=20).contains(&hp) {
                    return Err("Dice must be 0 to 30 and HP 1 to 20.".into());
                }
                self.add(Fighter {
                    name: n,
                    dice,
                    hp,
                    max_hp: hp,
                    threatens: None,
                    ally: true,
                    helps: None,
                    ranged: false,
                })?;
            }
            TableEdit::Harm(i, d) => {
                let f = self.fighters.get_mut(i).ok_or("No such fighter.")?;
                if !(-1000..=1000).contains(&d) {
                    return Err("Damage must be between -1000 and 1000.".into());
                }
                f.hp = (i64::from(f.hp) - d).clamp(0, f.max_hp.into()) as u32;
            }
            TableEdit::Threaten(i, t) => {
                let n = self.fighters.len();
                if i >= n || t.is_some_and(|t| t >= n || t == i) {
                    return Err("Pick another fighter to threaten.".into());
                }
                self.fighters[i].threatens = t;
            }
            TableEdit::Helps(i, l) => {
                let n = self.fighters.len();
                if i >= n || l.is_some_and(|l| l >= n || l == i) {
                    return Err("Pick another fighter to gang up with.".into());
                }
                if let Some(l) = l {
                    if self.fighters[l].ally != self.fighters[i].ally {
                        return Err(
                            "A gang fights on one side: pick someone on the same side.".into()
                        );
                    }
                    if self.fighters[l].helps.is_some() {
                        return Err(format!(
                            "{} is helping someone else: pick the leader of that gang.",
                            self.fighters[l].name
                        ));
                    }
                    if self.fighters.iter().any(|f| f.helps == Some(i)) {
                        return Err(format!(
                            "Others gang up behind {}: a leader helps no one.",
                            self.fighters[i].name
                        ));
                    }
                }
                self.fighters[i].helps = l;
            }
            TableEdit::Ranged(i, on) => {
                self.fighters.get_mut(i).ok_or("No such fighter.")?.ranged = on;
            }
            TableEdit::Remove(i) => {
                if i >= self.fighters.len() {
                    return Err("No such fighter.".into());
                }
                self.fighters.remove(i);
                let fix = |x: Option<usize>| match x {
                    Some(t) if t == i => None,
                    Some(t) if t > i => Some(t - 1),
                    t => t,
                };
                for f in &mut self.fighters {
                    f.threatens = fix(f.threatens);
                    f.helps = fix(f.helps);
                }
            }
            TableEdit::ClearLog => self.log.clear(),
            TableEdit::Roll(seed, r) => {
                let line = self.roll(&mut Seeded(seed), r)?;
                self.log(line);
            }
        }
        Ok(())
    }

    fn roll(&mut self, rng: &mut Seeded, r: TableRoll) -> Result<String, String> {
        let scale_words = |s: EncounterScale| match s {
            EncounterScale::Exploration => "exploration",
            EncounterScale::OverlandDay => "overland, by day",
            EncounterScale::OverlandNight => "overnight",
            EncounterScale::Water => "on the water",
        };
        let e = |r: crate::rules::expedition::RulesError| r.to_string();
        Ok(match r {
            TableRoll::Encounter(scale) => {
                let t = encounter_check(rng, scale);
                format!(
                    "Encounter check ({}): rolled {}: {}.",
                    scale_words(scale),
                    t.faces[0],
                    t.reading.words()
                )
            }
            TableRoll::Reaction => {
                let t = reaction_roll(rng);
                format!("Reaction: rolled {}: {}.", t.faces[0], t.reading.words())
            }
            TableRoll::Morale(d, danger) => {
                let t = morale_check(rng, d, danger);
                match t.faces.first() {
                    Some(f) => format!(
                        "Morale (holds on {}+): rolled {f}: {}.",
                        d.target(),
                        t.reading.words()
                    ),
                    None => "Morale: in mortal danger they rout.".into(),
                }
            }
            TableRoll::Distance => {
                let t = distance_roll(rng);
                format!("Distance: rolled {}: {}.", t.faces[0], t.reading.words())
            }
            TableRoll::Appearing(tag) => {
                let n = roll_number_appearing(rng, tag, self.players).map_err(e)?;
                format!("Number appearing ({tag:?}, {} players): {n}.", self.players)
            }
            TableRoll::Exchange => self.exchange(rng)?,
        })
    }

    /// Who gangs up behind leader `l` this round: standing helpers of a standing leader who
    /// threatens someone.
    fn gang(&self, l: usize) -> Vec<usize> {
        let f = &self.fighters;
        if f[l].hp == 0 || f[l].helps.is_some() || f[l].threatens.is_none() {
            return Vec::new();
        }
        (0..f.len())
            .filter(|&i| f[i].helps == Some(l) && f[i].hp > 0)
            .collect()
    }

    /// Those on the shooter's side engaged hand to hand with its target (either threatens the
    /// other), who a stray shot may hit.
    fn engaged_with(&self, shooter: usize, t: usize) -> Vec<usize> {
        let f = &self.fighters;
        (0..f.len())
            .filter(|&j| {
                j != shooter
                    && j != t
                    && f[j].ally == f[shooter].ally
                    && f[j].hp > 0
                    && !f[j].ranged
                    && (f[j].threatens == Some(t) || f[t].threatens == Some(j) || {
                        // A helper is in the melee its leader is in.
                        f[j].helps.is_some_and(|l| f[l].threatens == Some(t))
                    })
            })
            .collect()
    }

    /// One exchange: everyone standing rolls their Combat Check at once, with ganging up and
    /// firing into melee applied, then damage is applied to the tracker.
    fn exchange(&mut self, rng: &mut Seeded) -> Result<String, String> {
        let e = |r: crate::rules::expedition::RulesError| r.to_string();
        let n = self.fighters.len();
        let gangs: Vec<Vec<usize>> = (0..n).map(|l| self.gang(l)).collect();
        let helping = |i: usize| gangs.iter().any(|g| g.contains(&i));
        let mut notes = Vec::new();
        let mut shooters = Vec::new();
        let mut cs = Vec::with_capacity(n);
        for (i, f) in self.fighters.iter().enumerate() {
            let mut dice = f.dice;
            if helping(i) {
                dice = 0;
            } else if !gangs[i].is_empty() {
                dice = gang_up_dice(dice, gangs[i].len() as u32).map_err(e)?;
                let names: Vec<&str> = gangs[i]
                    .iter()
                    .map(|&j| self.fighters[j].name.as_str())
                    .collect();
                notes.push(format!(
                    "{} leads {} in ganging up: {} + {} = {dice} dice",
                    f.name,
                    names.join(" and "),
                    f.dice,
                    gangs[i].len()
                ));
            }
            if f.ranged
                && f.hp > 0
                && let Some(t) = f.threatens
                && !helping(i)
            {
                let near = self.engaged_with(i, t);
                if !near.is_empty() {
                    let before = dice;
                    dice = firing_into_melee_dice(dice);
                    notes.push(format!(
                        "{} fires into melee at {}: {before} - 1 = {dice} dice",
                        f.name, self.fighters[t].name
                    ));
                    shooters.push((i, t, near));
                }
            }
            cs.push(Combatant {
                name: f.name.clone(),
                dice,
                free_successes: 0,
                helpless: f.hp == 0,
            });
        }
        let threats: Vec<(usize, usize)> = self
            .fighters
            .iter()
            .enumerate()
            .filter(|(i, f)| f.hp > 0 && !helping(*i))
            .filter_map(|(i, f)| f.threatens.map(|t| (i, t)))
            .collect();
        if threats.is_empty() {
            return Err("Choose who threatens whom first.".into());
        }
        let o = combat_exchange(rng, &cs, &threats).map_err(e)?;
        let mut damage = o.damage.clone();
        let mut log = o.log.clone();
        let name = |i: usize| self.fighters[i].name.clone();
        for (l, gang) in gangs.iter().enumerate() {
            let Some(t) = self.fighters[l].threatens.filter(|_| !gang.is_empty()) else {
                continue;
            };
            let (sl, st) = (o.successes[l], o.successes[t]);
            let g = resolve_gang_up(sl, 0, st, 0, gang.len() as u32);
            // The helpers take what the leader takes: on a tie always, on a loss only when the
            // target fights the leader (as the leader's own damage is dealt).
            let hurt = sl == st || (st > sl && self.fighters[t].threatens == Some(l));
            if g.members_hit > 0 && hurt && g.to_each_member > 0 {
                for &j in gang {
                    damage[j] = damage[j].saturating_add(g.to_each_member);
                }
                let names: Vec<String> = gang.iter().map(|&j| name(j)).collect();
                log.push(format!(
                    "{} ganged up with {}: each takes {} too",
                    names.join(" and "),
                    name(l),
                    g.to_each_member
                ));
            }
        }
        for (i, t, near) in shooters {
            let (si, st) = (o.successes[i], o.successes[t]);
            if let Some(shot) = stray_shot(rng, si, st, near.len()).map_err(e)? {
                let hit = near[shot.ally];
                damage[hit] = damage[hit].saturating_add(shot.damage);
                let faces: Vec<String> = shot.roll.faces().iter().map(u8::to_string).collect();
                log.push(format!(
                    "{} misses by {}: the stray shot hits {}, 3d rolled {}: {} damage",
                    name(i),
                    st - si,
                    name(hit),
                    faces.join(", "),
                    shot.damage
                ));
            }
        }
        let mut parts = Vec::new();
        for (i, f) in self.fighters.iter_mut().enumerate() {
            let faces: Vec<String> = o.rolls[i].faces().iter().map(u8::to_string).collect();
            parts.push(if helping(i) {
                format!("{} helps (no roll)", f.name)
            } else {
                format!(
                    "{} rolled {} ({} success{})",
                    f.name,
                    if faces.is_empty() {
                        "nothing".into()
                    } else {
                        faces.join(", ")
                    },
                    o.successes[i],
                    if o.successes[i] == 1 { "" } else { "es" }
                )
            });
            f.hp = f.hp.saturating_sub(damage[i]);
        }
        let mut line = String::from("Exchange: ");
        for n in &notes {
            line.push_str(n);
            line.push_str(". ");
        }
        line.push_str(&parts.join("; "));
        line.push_str(". ");
        line.push_str(&log.join(". "));
        line.push('.');
        Ok(line)
    }
}
