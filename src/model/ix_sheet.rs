//! The Ix character sheet document: what a player of Exodus NDS tracks, stored inside the
//! character. Edits go through [`IxSheet::apply`], a pure reducer, so every change is testable
//! without a browser and reaches storage the same way. Every rule comes from `rules::ix`; this
//! file only routes edits to it and checks the result with [`IxCharacter::validate`].

use serde::{Deserialize, Serialize};

use super::error::EditError;
use super::gear::{GearEdit, apply_gear};
use crate::rules::inventory::Inventory;
use crate::rules::ix::character::{CarriedInjury, IxCharacter, Talent};
use crate::rules::ix::check::{ActionKind, FortuneState, may_act};
use crate::rules::ix::checks::{Condition, Guard};
use crate::rules::ix::critical::{
    CriticalRoll, MedicineTask, ROW_COUNT, StepDown, care_steps_down, step_down,
};
use crate::rules::ix::dice::CheckResult;
use crate::rules::ix::error::IxError;
use crate::rules::ix::health::Vitality;
use crate::rules::ix::magic::{CONCENTRATION_STRAIN, CalamityTally, EmpowerTrigger, SpellDesign};
use crate::rules::ix::stats::{Characteristic, Skill, find_skill};
use crate::rules::ix::weapon::Weapon;

/// Longest skill, talent, spell or condition name.
pub const NAME_MAX: usize = 40;
/// Longest Overload or Empower option text.
pub const OPTION_MAX: usize = 200;
/// Wound and Strain maxima of a new character (the player sets their own).
pub const START_TRACK: i32 = 10;

fn fresh_character() -> Box<IxCharacter> {
    Box::new(
        IxCharacter::new("", START_TRACK, START_TRACK).expect("the starting maxima are in range"),
    )
}

/// Everything on an Ix sheet beyond the roster's name and id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IxSheet {
    /// The rules' character: characteristics, skills, health, injuries, magic.
    #[serde(default = "fresh_character")]
    pub character: Box<IxCharacter>,
    /// Player, concept and the like (boxed: a character stays small to move around).
    #[serde(default)]
    pub about: Box<About>,
    /// An Arcana focus in hand (+1 Boon die on Arcana casting).
    #[serde(default)]
    pub focus: bool,
    /// The character's gear (the inventory-slot manager's data).
    pub gear: Inventory,
    /// Spells, built with the spell builder or copied from a list. Spells stored by older
    /// versions in `character.spells` move here (see [`IxSheet::migrate`]).
    #[serde(default)]
    pub spellbook: Vec<SheetSpell>,
    /// A hit triggered a Critical Injury that has not been rolled yet (reference, "A Critical
    /// Injury is triggered when"): kept on the sheet so a reload or a glance away does not
    /// lose it. Rolling one, or the GM waiving it, clears it.
    #[serde(default)]
    pub critical_owed: bool,
    /// Weapons with their damage, Crit rating, range and skill. Left out of the stored record
    /// while empty, so a sheet without weapons is stored as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<Weapon>,
    /// Calamities on this character's Divine workings, by the area or recurring action they
    /// fell on (reference, "Divine-tradition checks"): three in one area means the god has an
    /// opinion about it. Left out of the stored record while empty.
    #[serde(default, skip_serializing_if = "CalamityTally::is_empty")]
    pub divine_calamities: CalamityTally,
    /// Bane dice the GM spent on this character's next check (reference, "The GM's Spend
    /// Menus"), kept until that check is rolled so a reload or a different screen cannot drop
    /// them. Left out of the stored record at 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub carried_banes: u8,
    /// The Concentration spell this character keeps going (1 Strain a round), by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concentrating: Option<String>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Most Bane dice carried to one check: a pool holds at most this many of a kind anyway.
pub const CARRIED_BANES_MAX: u8 = 5;

/// A spell on the sheet: the rules' design (difficulty, Strain, Overload and Empower
/// options) and what it does in the player's words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetSpell {
    /// Tradition, category, range, duration, Strain and options.
    pub design: SpellDesign,
    /// The effect as the player writes it.
    #[serde(default)]
    pub effect: String,
}

/// The sheet's own words about the character.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct About {
    /// Who plays the character.
    #[serde(default)]
    pub player: String,
    /// Concept or archetype.
    #[serde(default)]
    pub concept: String,
    /// Who or what the character is Frightened of, while Frightened.
    #[serde(default)]
    pub frightened_by: String,
}

/// A text field of the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Text {
    Player,
    Concept,
    Notes,
    Patron,
    FrightenedBy,
}

/// A number of the sheet set by typing or by the steppers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Num {
    /// Wounds remaining (lowering suffers Wounds, raising heals, through the rules).
    Wounds,
    WoundsMax,
    /// Strain remaining.
    Strain,
    StrainMax,
    /// Raw Melee Defense from all sources (read through the cap of 3).
    Melee,
    Ranged,
}

/// One change to an Ix sheet.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum IxEdit {
    /// A change to the character's gear.
    Gear(GearEdit),
    SetText(Text, String),
    Set(Num, i32),
    Characteristic(Characteristic, i32),
    SkillRank(usize, i32),
    AddSkill(String, Characteristic),
    RenameSkill(usize, String),
    LinkSkill(usize, Characteristic),
    RemoveSkill(usize),
    /// End of a round while incapacitated: lose 1 Wound unless stabilised.
    BleedOut,
    /// A Medicine check to stabilise a bleeding-out character (an Action, Average): success
    /// stops the bleeding; failure changes nothing.
    Stabilise(CheckResult),
    /// A Medicine check to treat a conscious character's Wounds (Average): each net Success
    /// heals 1 Wound. Once per encounter per patient, whatever the result.
    TreatWounds(CheckResult),
    /// Extended rest: Strain to full, Wounds + Might.
    Rest,
    CatchBreath,
    /// Clears the once-per-encounter flags.
    NewEncounter,
    /// A second Maneuver this turn, for 2 Strain (refused when Strain is short, the
    /// character cannot act, or one was already bought this turn).
    SecondManeuver,
    /// The character's turn begins (the GM table's turn order): their guard comes down and a
    /// second Maneuver may be bought again.
    TurnStarts,
    /// Suffers `n` Wounds (or Strain): from an attack or not, which decides the Critical
    /// Injury owed by a hit on a character already down.
    Harm {
        strain: bool,
        n: i32,
        from_attack: bool,
    },
    /// Heals `n` Wounds (or recovers `n` Strain), up to the maximum.
    Recover {
        strain: bool,
        n: i32,
    },
    /// Adds a rolled Critical Injury (rolled by the UI with `roll_critical`) and settles the
    /// one owed. A Killed result kills: Wounds go to minus the maximum.
    AddInjury(CriticalRoll),
    /// The GM rules that the Critical Injury owed is not rolled.
    WaiveCritical,
    /// A Medicine check on injury `index`: success removes it.
    TreatInjury(usize, CheckResult),
    StepDownInjury(usize),
    RemoveInjury(usize),
    SetGuard(Guard),
    AddCondition(Condition),
    RemoveCondition(usize),
    AddTalent(String),
    TalentNote(usize, String),
    RemoveTalent(usize),
    Focus(bool),
    /// A minor (false) or major (true) divine offense with its note.
    Offense(bool, String),
    /// Repentance lowers the offense count by 1.
    Repent(String),
    /// A Calamity on a Divine working, recorded against an area or recurring action (named,
    /// up to 60 characters; names match ignoring case).
    DivineCalamity(String),
    /// Forgets the Calamities recorded against area `i` (the god's opinion has been dealt with).
    ClearCalamityArea(usize),
    /// Adds a spell (`None`) or replaces spell `i` with the builder's design.
    SaveSpell(Option<usize>, Box<SheetSpell>),
    RemoveSpell(usize),
    /// Casting spell `index` with the chosen Overload options (indices): checks the options
    /// and pays the Strain.
    CastSpell(usize, Vec<usize>),
    /// What casting spell `index` rolled: a Concentration spell that succeeds is held from
    /// now on (replacing any other held); anything else changes nothing.
    CastResult(usize, CheckResult),
    /// Pays this round's Strain to keep the Concentration spell going.
    Upkeep,
    /// Lets the Concentration spell go.
    EndConcentration,
    /// The GM spends a Bane on this character's next check: one more Bane die there.
    CarryBane,
    /// The next check was rolled: the carried Bane dice are used up.
    ClearCarriedBanes,
    /// Adds a weapon (`None`) or replaces weapon `i`.
    SaveWeapon(Option<usize>, Box<Weapon>),
    RemoveWeapon(usize),
}

fn name_ok(name: &str) -> Result<String, EditError> {
    let t = name.trim();
    let n = t.chars().count();
    if t.is_empty() {
        Err("Give it a name.".into())
    } else if n > NAME_MAX {
        Err(format!("{n} characters; a name here holds {NAME_MAX}.").into())
    } else {
        Ok(t.to_string())
    }
}

fn option_ok(text: &str, what: &str) -> Result<String, EditError> {
    let t = text.trim();
    let n = t.chars().count();
    if t.is_empty() {
        Err(format!("Write what the {what} option does.").into())
    } else if n > OPTION_MAX {
        Err(format!("{n} characters; an option holds {OPTION_MAX}.").into())
    } else {
        Ok(t.to_string())
    }
}

/// Most areas the Divine Calamity tally keeps.
pub const CALAMITY_AREAS_MAX: usize = 30;

fn at<T>(v: &[T], i: usize, what: &str) -> Result<(), EditError> {
    if i < v.len() {
        Ok(())
    } else {
        Err(format!("That {what} is no longer on the sheet.").into())
    }
}

impl IxSheet {
    /// A fresh sheet for a new character called `name`.
    pub fn new(name: &str) -> Self {
        let mut character = fresh_character();
        character.name = name.to_string();
        IxSheet {
            character,
            about: Box::default(),
            focus: false,
            gear: Inventory::new(name),
            spellbook: Vec::new(),
            critical_owed: false,
            weapons: Vec::new(),
            divine_calamities: CalamityTally::default(),
            carried_banes: 0,
            concentrating: None,
        }
    }

    /// Moves spells stored by older versions (the rules' `KnownSpell`: difficulty and Strain
    /// only) to the front of the spellbook, so their positions stay the same.
    pub fn migrate(&mut self) {
        if self.character.spells.is_empty() {
            return;
        }
        let old = std::mem::take(&mut self.character.spells);
        let moved = old.into_iter().map(|k| SheetSpell {
            design: SpellDesign::listed(&k.name, k.tradition, k.trial_dice, k.strain),
            effect: k.notes,
        });
        self.spellbook.splice(0..0, moved);
    }

    /// The inventory the gear component shows and edits.
    pub fn gear(&self) -> &Inventory {
        &self.gear
    }

    /// Applies one edit; on error the sheet is unchanged and the message says why. An edit
    /// is refused when it adds a problem the sheet did not have; one that leaves an old problem
    /// in place (a value out of range that came in from elsewhere) still goes through, so such
    /// a sheet can always be mended one edit at a time.
    pub fn apply(&mut self, edit: IxEdit) -> Result<(), EditError> {
        let before = self.character.validate();
        let mut next = self.clone();
        next.migrate();
        next.apply_inner(edit)?;
        if let Some(e) = next
            .character
            .validate()
            .into_iter()
            .find(|e| !before.contains(e))
        {
            return Err(e.into());
        }
        *self = next;
        Ok(())
    }

    /// Why this character cannot receive `task` now, if they cannot: asked before anyone rolls
    /// (so a check that could change nothing is never made) and again when the result comes
    /// back.
    pub fn medicine_refusal(&self, task: MedicineTask) -> Result<(), EditError> {
        let h = &self.character.health;
        match (task, h.vitality()) {
            (_, Vitality::Dead) => Err(IxError::Dead.into()),
            (MedicineTask::CriticalInjury { .. }, _) => {
                task.difficulty().map(drop).map_err(Into::into)
            }
            (MedicineTask::Stabilise, Vitality::Incapacitated { bleeding: true }) => Ok(()),
            (MedicineTask::Stabilise, Vitality::Incapacitated { bleeding: false }) => {
                Err("Already stabilised: no longer bleeding out.".into())
            }
            (MedicineTask::Stabilise, Vitality::Standing) => {
                Err("Only a character who is bleeding out needs stabilising.".into())
            }
            (MedicineTask::TreatWounds, Vitality::Incapacitated { .. }) => {
                Err("Treating Wounds needs a conscious patient; heal them above 0 first.".into())
            }
            (MedicineTask::TreatWounds, Vitality::Standing) if h.treated_this_encounter => Err(
                "Already treated this encounter: Medicine treats a patient once per encounter."
                    .into(),
            ),
            (MedicineTask::TreatWounds, Vitality::Standing) if h.wounds >= h.wounds_max => {
                Err(format!(
                    "Not wounded: Wounds are at their maximum ({}).",
                    h.wounds_max
                )
                .into())
            }
            (MedicineTask::TreatWounds, Vitality::Standing) => Ok(()),
        }
    }

    /// Every value out of its range, in words (empty when the sheet is sound).
    pub fn problems(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .character
            .validate()
            .iter()
            .map(ToString::to_string)
            .collect();
        let areas = &self.divine_calamities.areas;
        if areas.len() > CALAMITY_AREAS_MAX {
            out.push(format!(
                "The Divine Calamity tally has {} areas; at most {CALAMITY_AREAS_MAX} are kept.",
                areas.len()
            ));
        }
        if let Some(a) = areas
            .iter()
            .find(|a| a.calamities < 1 || a.calamities > 999 || a.area.chars().count() > 60)
        {
            out.push(format!(
                "The Divine Calamity tally's area \"{}\" is out of range (1 to 999 Calamities, a name up to 60 characters).",
                a.area.chars().take(60).collect::<String>()
            ));
        }
        out
    }

    fn apply_inner(&mut self, edit: IxEdit) -> Result<(), EditError> {
        let c = &mut self.character;
        let s = EditError::Ix;
        match edit {
            IxEdit::Gear(GearEdit::CashIn { .. }) => {
                return Err("An Ix character keeps no Cash dice to cash treasure into.".into());
            }
            IxEdit::Gear(e) => return apply_gear(&mut self.gear, e),
            IxEdit::SetText(f, v) => {
                let slot = match f {
                    Text::Player => &mut self.about.player,
                    Text::Concept => &mut self.about.concept,
                    Text::Notes => &mut c.notes,
                    Text::FrightenedBy => &mut self.about.frightened_by,
                    Text::Patron => {
                        c.patron = (!v.trim().is_empty()).then_some(v);
                        return Ok(());
                    }
                };
                *slot = v;
            }
            IxEdit::Set(n, v) => match n {
                Num::Wounds | Num::Strain
                    if !(-c.health.wounds_max..=c.health.wounds_max).contains(&v)
                        || (n == Num::Strain && !(0..=c.health.strain_max).contains(&v)) =>
                {
                    let (lo, hi) = if n == Num::Wounds {
                        (-c.health.wounds_max, c.health.wounds_max)
                    } else {
                        (0, c.health.strain_max)
                    };
                    return Err(format!("{v} is out of range; use {lo} to {hi}.").into());
                }
                // A step down is harm from the fiction (bleeding out has its own button), so
                // on a character already down it owes the automatic Critical Injury
                // (RULINGS.md, "Contests, Defense, crits"); the GM waives one that was not a hit.
                Num::Wounds if v < c.health.wounds => {
                    let r = c
                        .health
                        .suffer_wounds(c.health.wounds.saturating_sub(v), true)
                        .map_err(s)?;
                    self.critical_owed |= r.critical_injury;
                }
                Num::Wounds => {
                    c.health
                        .heal_wounds(v.saturating_sub(c.health.wounds))
                        .map_err(s)?;
                }
                Num::Strain if v < c.health.strain => {
                    let r = c
                        .health
                        .suffer_strain(c.health.strain.saturating_sub(v), true)
                        .map_err(s)?;
                    self.critical_owed |= r.critical_injury;
                }
                Num::Strain => {
                    c.health
                        .recover_strain(v.saturating_sub(c.health.strain))
                        .map_err(s)?;
                }
                Num::WoundsMax => {
                    // Remaining Wounds keep their distance from the maximum (a wounded
                    // character stays as wounded), within the new track.
                    let lost = c.health.wounds_max.saturating_sub(c.health.wounds);
                    c.health.wounds_max = v;
                    c.health.wounds = v.saturating_sub(lost).max(-v.abs());
                }
                Num::StrainMax => {
                    let lost = c.health.strain_max.saturating_sub(c.health.strain);
                    c.health.strain_max = v;
                    c.health.strain = v.saturating_sub(lost).max(0);
                }
                Num::Melee => c.defenses.melee = v,
                Num::Ranged => c.defenses.ranged = v,
            },
            IxEdit::Characteristic(k, v) => c.characteristics.set(k, v),
            IxEdit::SkillRank(i, v) => {
                at(&c.skills, i, "skill")?;
                c.skills[i].rank = v;
            }
            IxEdit::AddSkill(name, characteristic) => {
                let name = name_ok(&name)?;
                self.unique_skill(&name, None)?;
                self.character.skills.push(Skill {
                    name,
                    characteristic,
                    rank: 0,
                });
            }
            IxEdit::RenameSkill(i, name) => {
                at(&c.skills, i, "skill")?;
                let name = name_ok(&name)?;
                self.unique_skill(&name, Some(i))?;
                // Weapons follow their skill's new name.
                let old = std::mem::replace(&mut self.character.skills[i].name, name.clone());
                for w in &mut self.weapons {
                    if w.skill.trim().eq_ignore_ascii_case(old.trim()) {
                        w.skill.clone_from(&name);
                    }
                }
            }
            IxEdit::LinkSkill(i, k) => {
                at(&c.skills, i, "skill")?;
                c.skills[i].characteristic = k;
            }
            IxEdit::RemoveSkill(i) => {
                at(&c.skills, i, "skill")?;
                // A weapon names its skill; removing it would leave the weapon nothing to roll.
                let name = &c.skills[i].name;
                if let Some(w) = self
                    .weapons
                    .iter()
                    .find(|w| w.skill.trim().eq_ignore_ascii_case(name.trim()))
                {
                    return Err(format!(
                        "{} attacks with {name}: change or remove the weapon first.",
                        w.name
                    )
                    .into());
                }
                self.character.skills.remove(i);
            }
            IxEdit::BleedOut => {
                c.health.bleed_out().map_err(s)?;
            }
            IxEdit::Stabilise(result) => {
                self.medicine_refusal(MedicineTask::Stabilise)?;
                if !result.succeeded {
                    return Err("The Medicine check failed; they are still bleeding out.".into());
                }
                self.character.health.stabilise().map_err(s)?;
            }
            IxEdit::TreatWounds(result) => {
                self.medicine_refusal(MedicineTask::TreatWounds)?;
                self.character.health.treat_wounds(&result).map_err(s)?;
            }
            IxEdit::Rest => {
                let might = c.characteristics.might;
                c.health.extended_rest(might).map_err(s)?;
            }
            IxEdit::CatchBreath => {
                c.catch_breath().map_err(s)?;
            }
            IxEdit::SecondManeuver => c.health.second_maneuver().map_err(s)?,
            IxEdit::TurnStarts => {
                c.health.turn_starts();
                c.guard = Guard::None;
            }
            IxEdit::NewEncounter => {
                c.health.new_encounter();
                c.guard = Guard::None;
            }
            IxEdit::Harm {
                strain,
                n,
                from_attack,
            } => {
                let what = if strain { "Strain" } else { "Wounds" };
                if n < 1 {
                    return Err(format!("Enter the {what} taken, 1 or more.").into());
                }
                let r = if strain {
                    c.health.suffer_strain(n, from_attack)
                } else {
                    c.health.suffer_wounds(n, from_attack)
                }
                .map_err(s)?;
                self.critical_owed |= r.critical_injury;
            }
            IxEdit::Recover { strain, n } => {
                if n < 1 {
                    let what = if strain { "Strain" } else { "Wounds" };
                    return Err(format!("Enter the {what} to recover, 1 or more.").into());
                }
                let (now, max) = if strain {
                    (c.health.strain, c.health.strain_max)
                } else {
                    (c.health.wounds, c.health.wounds_max)
                };
                if now >= max {
                    let full = if strain {
                        "Strain is already at its maximum"
                    } else {
                        "Wounds are already at their maximum"
                    };
                    return Err(format!("{full} ({max}).").into());
                }
                if strain {
                    c.health.recover_strain(n).map_err(s)?;
                } else {
                    c.health.heal_wounds(n).map_err(s)?;
                }
            }
            IxEdit::AddInjury(roll) => {
                c.critical_injuries.push(CarriedInjury {
                    row: roll.row,
                    note: format!(
                        "Rolled {} + {} for {} carried = {}",
                        roll.d100,
                        10 * roll.carried,
                        roll.carried,
                        roll.total
                    ),
                });
                if roll.killed() {
                    c.health.wounds = c.health.wounds_max.saturating_neg();
                }
                self.critical_owed = false;
            }
            IxEdit::WaiveCritical => {
                if !self.critical_owed {
                    return Err("No Critical Injury is owed.".into());
                }
                self.critical_owed = false;
            }
            IxEdit::TreatInjury(i, result) => {
                at(&c.critical_injuries, i, "injury")?;
                MedicineTask::CriticalInjury {
                    row: c.critical_injuries[i].row,
                }
                .difficulty()
                .map_err(s)?;
                if !result.succeeded {
                    return Err("The Medicine check failed; the injury stays.".into());
                }
                c.critical_injuries.remove(i);
            }
            IxEdit::StepDownInjury(i) => {
                at(&c.critical_injuries, i, "injury")?;
                // Ordinary care never steps a Mortal injury down (docs/rules-ix.md); the sheet
                // does not offer it, and a stray request is refused rather than obeyed.
                let row = c.critical_injuries[i].row;
                if row < ROW_COUNT - 1 && !care_steps_down(row) {
                    return Err(
                        "A Mortal injury does not step down by ordinary means; treat it with Medicine."
                            .into(),
                    );
                }
                match step_down(row).map_err(s)? {
                    StepDown::Row(r) => c.critical_injuries[i].row = r,
                    StepDown::Cleared => {
                        c.critical_injuries.remove(i);
                    }
                }
            }
            IxEdit::RemoveInjury(i) => {
                at(&c.critical_injuries, i, "injury")?;
                c.critical_injuries.remove(i);
            }
            // RULINGS.md: Guarded is the Guarded talent's Maneuver, and a Maneuver is acting.
            IxEdit::SetGuard(Guard::Guarded) if !c.has_talent("Guarded") => {
                return Err(
                    "Guarded is the Guarded talent's Maneuver: add the talent under Talents first."
                        .into(),
                );
            }
            IxEdit::SetGuard(g) => {
                if g != Guard::None {
                    let actor = self.actor(FortuneState::Available);
                    may_act(&actor, ActionKind::Maneuver)?;
                }
                self.character.guard = g;
            }
            IxEdit::AddCondition(Condition::CarriedBanes(_)) => {
                return Err(
                    "Bane dice for the next check come from a GM's spend in the tray.".into(),
                );
            }
            IxEdit::AddCondition(k) => {
                if let Condition::Other(n) = &k {
                    name_ok(n)?;
                }
                if c.conditions.contains(&k) {
                    return Err(format!("Already {}.", k.name()).into());
                }
                c.conditions.push(k);
            }
            IxEdit::RemoveCondition(i) => {
                at(&c.conditions, i, "condition")?;
                if c.conditions.remove(i) == Condition::Frightened {
                    self.about.frightened_by.clear();
                }
            }
            IxEdit::AddTalent(name) => {
                let name = name_ok(&name)?;
                c.talents.push(Talent {
                    name,
                    note: String::new(),
                });
            }
            IxEdit::TalentNote(i, note) => {
                at(&c.talents, i, "talent")?;
                c.talents[i].note = note;
            }
            IxEdit::RemoveTalent(i) => {
                at(&c.talents, i, "talent")?;
                c.talents.remove(i);
            }
            IxEdit::Focus(on) => self.focus = on,
            IxEdit::Offense(major, note) => {
                c.offenses.record(major, note.trim());
            }
            IxEdit::Repent(note) => {
                c.offenses.repent(1, note.trim()).map_err(s)?;
            }
            IxEdit::DivineCalamity(area) => {
                let area = EditError::text("the area or recurring action", &area, 60)?;
                if self.divine_calamities.areas.len() >= CALAMITY_AREAS_MAX
                    && !self
                        .divine_calamities
                        .areas
                        .iter()
                        .any(|a| a.area.eq_ignore_ascii_case(&area))
                {
                    return Err(format!(
                        "{CALAMITY_AREAS_MAX} areas is the most kept; clear one first."
                    )
                    .into());
                }
                self.divine_calamities.record(&area);
            }
            IxEdit::ClearCalamityArea(i) => {
                at(&self.divine_calamities.areas, i, "area")?;
                self.divine_calamities.areas.remove(i);
            }
            IxEdit::SaveSpell(at_i, spell) => {
                let mut spell = *spell;
                let d = &mut spell.design;
                d.name = name_ok(&d.name)?;
                if let Some(e) = d.validate().into_iter().next() {
                    return Err(e.into());
                }
                for o in d.overloads.iter_mut() {
                    *o = option_ok(o, "Overload")?;
                }
                for e in d.empowers.iter_mut() {
                    e.text = option_ok(&e.text, "Empower")?;
                    if e.trigger == EmpowerTrigger::Boons(0) {
                        return Err("An Empower option needs at least 1 Boon.".into());
                    }
                }
                let clash = self.spellbook.iter().enumerate().any(|(i, s)| {
                    Some(i) != at_i && s.design.name.eq_ignore_ascii_case(&spell.design.name)
                });
                if clash {
                    return Err(
                        format!("There is already a spell called {}.", spell.design.name).into(),
                    );
                }
                match at_i {
                    Some(i) => {
                        at(&self.spellbook, i, "spell")?;
                        self.spellbook[i] = spell;
                    }
                    None => self.spellbook.push(spell),
                }
            }
            IxEdit::RemoveSpell(i) => {
                at(&self.spellbook, i, "spell")?;
                self.spellbook.remove(i);
            }
            IxEdit::CastSpell(i, chosen) => {
                at(&self.spellbook, i, "spell")?;
                let actor = self.actor(FortuneState::Available);
                may_act(&actor, ActionKind::Cast)?;
                let c = &mut self.character;
                let d = &self.spellbook[i].design;
                d.casting_trial_dice(&chosen).map_err(s)?;
                c.health.pay_strain(d.strain).map_err(s)?;
            }
            IxEdit::CastResult(i, result) => {
                at(&self.spellbook, i, "spell")?;
                let d = &self.spellbook[i].design;
                if d.is_concentration() && result.succeeded {
                    self.concentrating = Some(d.name.clone());
                }
            }
            IxEdit::Upkeep => {
                let Some(spell) = &self.concentrating else {
                    return Err("Not concentrating on a spell.".into());
                };
                c.health
                    .pay_strain(CONCENTRATION_STRAIN)
                    .map_err(|e| format!("{spell} cannot be kept going: {e}. End it."))?;
            }
            IxEdit::EndConcentration => self.concentrating = None,
            IxEdit::CarryBane => {
                if self.carried_banes >= CARRIED_BANES_MAX {
                    return Err(format!(
                        "{CARRIED_BANES_MAX} Bane dice already wait for the next check."
                    )
                    .into());
                }
                self.carried_banes += 1;
            }
            IxEdit::ClearCarriedBanes => self.carried_banes = 0,
            IxEdit::SaveWeapon(at_i, weapon) => {
                let mut w = *weapon;
                w.name = name_ok(&w.name)?;
                w.validate().map_err(s)?;
                let skill = find_skill(&c.skills, &w.skill).ok_or_else(|| {
                    EditError::from(format!(
                        "There is no skill called {} on this sheet; add it under Skills first.",
                        w.skill.trim()
                    ))
                })?;
                w.skill.clone_from(&skill.name);
                let clash = self
                    .weapons
                    .iter()
                    .enumerate()
                    .any(|(i, o)| Some(i) != at_i && o.name.eq_ignore_ascii_case(&w.name));
                if clash {
                    return Err(format!("There is already a weapon called {}.", w.name).into());
                }
                match at_i {
                    Some(i) => {
                        at(&self.weapons, i, "weapon")?;
                        self.weapons[i] = w;
                    }
                    None => self.weapons.push(w),
                }
            }
            IxEdit::RemoveWeapon(i) => {
                at(&self.weapons, i, "weapon")?;
                self.weapons.remove(i);
            }
        }
        Ok(())
    }

    fn unique_skill(&self, name: &str, except: Option<usize>) -> Result<(), EditError> {
        let clash = self
            .character
            .skills
            .iter()
            .enumerate()
            .any(|(i, s)| Some(i) != except && s.name.trim().eq_ignore_ascii_case(name));
        if clash {
            Err(format!("There is already a skill called {name}.").into())
        } else {
            Ok(())
        }
    }
}
