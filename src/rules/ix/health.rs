//! Wounds, Strain, bleeding out, rest, Catch Breath, the second Maneuver and the Defense cap
//! (reference, "Initiative and Turn Order", "Wounds, incapacitation, and death (GM summary)",
//! "Wounds, Healing, and the Soul Economy"; RULINGS.md, "Wounds and Strain").

use super::dice::CheckResult;
use super::error::IxError;

/// Largest Wound or Strain maximum the app accepts (the reference gives no formula; this only
/// guards against typos).
pub const MAX_TRACK: i32 = 99;
/// Melee and Ranged Defense are each capped at 3 (reference, "Defense cap").
pub const DEFENSE_CAP: i32 = 3;
/// Strain a second Maneuver costs (reference, "Initiative and Turn Order").
pub const SECOND_MANEUVER_STRAIN: i32 = 2;

/// Where a character stands on the Wound track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Vitality {
    /// Wounds above 0.
    Standing,
    /// Wounds at 0 or below; `bleeding` until stabilised (-1 Wound a round).
    Incapacitated {
        /// Still losing 1 Wound a round.
        bleeding: bool,
    },
    /// Wounds at minus the maximum or below.
    Dead,
}

impl Vitality {
    /// The state in a word or two, as the sheet and the party board show it.
    pub fn label(self) -> &'static str {
        match self {
            Vitality::Standing => "Healthy",
            Vitality::Incapacitated { bleeding: true } => "Incapacitated and bleeding out",
            Vitality::Incapacitated { bleeding: false } => "Incapacitated, stabilised",
            Vitality::Dead => "Dead",
        }
    }
}

/// What a hit did, for the log and for triggering a Critical Injury roll
/// (reference, "A Critical Injury is triggered when").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct DamageReport {
    /// Wounds actually lost.
    pub wounds_lost: i32,
    /// Strain actually lost.
    pub strain_lost: i32,
    /// This hit took the character to 0 Wounds or below.
    pub became_incapacitated: bool,
    /// A Critical Injury is triggered: on incapacitation, or automatically when an attack hurts
    /// an already incapacitated target.
    pub critical_injury: bool,
    /// This hit killed the character.
    pub died: bool,
}

/// What an extended rest restored.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct RestReport {
    /// Strain restored.
    pub strain: i32,
    /// Wounds restored (0 while Wounds are negative).
    pub wounds: i32,
    /// Wounds were negative, so rest healed none.
    pub blocked_by_negative_wounds: bool,
}

/// A Wound and Strain track counted as points remaining (RULINGS.md, "Wounds and Strain").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Health {
    /// Wound maximum, 1-[`MAX_TRACK`] (entered by the player).
    pub wounds_max: i32,
    /// Wounds remaining, from minus the maximum (dead) to the maximum.
    pub wounds: i32,
    /// Strain maximum, 0-[`MAX_TRACK`].
    pub strain_max: i32,
    /// Strain remaining, 0 to the maximum.
    pub strain: i32,
    /// Stabilised while incapacitated: no longer bleeding out.
    #[serde(default)]
    pub stabilised: bool,
    /// Catch Breath already used this encounter.
    #[serde(default)]
    pub catch_breath_used: bool,
    /// Medicine "treat" already received this encounter.
    #[serde(default)]
    pub treated_this_encounter: bool,
    /// A second Maneuver was bought this turn (RULINGS.md: at most one a turn). Left out of
    /// the stored record while false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub second_maneuver_taken: bool,
}

fn non_negative(field: &str, n: i32) -> Result<i32, IxError> {
    IxError::check(field, i64::from(n), 0, i64::from(i32::MAX))?;
    Ok(n)
}

impl Health {
    /// Full tracks with the given maxima.
    pub fn new(wounds_max: i32, strain_max: i32) -> Result<Health, IxError> {
        IxError::check(
            "Wound maximum",
            i64::from(wounds_max),
            1,
            i64::from(MAX_TRACK),
        )?;
        IxError::check(
            "Strain maximum",
            i64::from(strain_max),
            0,
            i64::from(MAX_TRACK),
        )?;
        Ok(Health {
            wounds_max,
            wounds: wounds_max,
            strain_max,
            strain: strain_max,
            stabilised: false,
            catch_breath_used: false,
            treated_this_encounter: false,
            second_maneuver_taken: false,
        })
    }

    /// Every out-of-range value, one error per field.
    pub fn validate(&self) -> Vec<IxError> {
        let mut errs = Vec::new();
        let wm = i64::from(self.wounds_max);
        let sm = i64::from(self.strain_max);
        if let Err(e) = IxError::check("Wound maximum", wm, 1, i64::from(MAX_TRACK)) {
            errs.push(e);
        }
        if let Err(e) = IxError::check("Strain maximum", sm, 0, i64::from(MAX_TRACK)) {
            errs.push(e);
        }
        if let Err(e) = IxError::check("Wounds", i64::from(self.wounds), -wm.abs(), wm.abs()) {
            errs.push(e);
        }
        if let Err(e) = IxError::check("Strain", i64::from(self.strain), 0, sm.max(0)) {
            errs.push(e);
        }
        errs
    }

    /// Current state on the Wound track.
    /// The state in a word or two, true to the numbers: "Healthy" only with every Wound left,
    /// "Hurt" with more than half, "Badly hurt" with half or fewer; down or dead as
    /// [`Vitality::label`] says.
    pub fn state_label(&self) -> &'static str {
        match self.vitality() {
            Vitality::Standing if self.wounds >= self.wounds_max => "Healthy",
            Vitality::Standing if self.wounds * 2 > self.wounds_max => "Hurt",
            Vitality::Standing => "Badly hurt",
            v => v.label(),
        }
    }

    pub fn vitality(&self) -> Vitality {
        if self.wounds <= self.wounds_max.saturating_neg() {
            Vitality::Dead
        } else if self.wounds <= 0 {
            Vitality::Incapacitated {
                bleeding: !self.stabilised,
            }
        } else {
            Vitality::Standing
        }
    }

    fn alive(&self) -> Result<(), IxError> {
        if self.vitality() == Vitality::Dead {
            Err(IxError::Dead)
        } else {
            Ok(())
        }
    }

    fn lose_wounds(&mut self, n: i32, from_attack: bool) -> DamageReport {
        let before = self.vitality();
        let floor = self.wounds_max.saturating_neg();
        let after = (i64::from(self.wounds) - i64::from(n)).max(i64::from(floor)) as i32;
        let lost = self.wounds.saturating_sub(after).max(0);
        self.wounds = after;
        let now = self.vitality();
        let was_down = matches!(before, Vitality::Incapacitated { .. });
        let became = before == Vitality::Standing && now != Vitality::Standing;
        DamageReport {
            wounds_lost: lost,
            strain_lost: 0,
            became_incapacitated: became,
            critical_injury: became || (was_down && from_attack && n >= 1),
            died: now == Vitality::Dead && before != Vitality::Dead,
        }
    }

    /// Suffers `n` Wounds. Wounds stop at minus the maximum (death). `from_attack` matters
    /// only for the automatic Critical Injury on an already incapacitated target.
    pub fn suffer_wounds(&mut self, n: i32, from_attack: bool) -> Result<DamageReport, IxError> {
        let n = non_negative("Wounds suffered", n)?;
        self.alive()?;
        Ok(self.lose_wounds(n, from_attack))
    }

    /// Suffers `n` Strain; Strain stops at 0 (the reference gives no overflow rule).
    pub fn suffer_strain(&mut self, n: i32, from_attack: bool) -> Result<DamageReport, IxError> {
        let n = non_negative("Strain suffered", n)?;
        self.alive()?;
        let lost = n.min(self.strain.max(0));
        self.strain = self.strain.saturating_sub(lost);
        let down = matches!(self.vitality(), Vitality::Incapacitated { .. });
        Ok(DamageReport {
            strain_lost: lost,
            critical_injury: down && from_attack && n >= 1,
            ..DamageReport::default()
        })
    }

    /// Heals `n` Wounds from wherever the track stands, negative included (healing spells and
    /// Medicine count from the negative total). Rising above 0 ends incapacitation.
    pub fn heal_wounds(&mut self, n: i32) -> Result<i32, IxError> {
        let n = non_negative("Wounds healed", n)?;
        self.alive()?;
        let after = (i64::from(self.wounds) + i64::from(n)).min(i64::from(self.wounds_max)) as i32;
        let healed = after.saturating_sub(self.wounds);
        self.wounds = after;
        if self.wounds > 0 {
            self.stabilised = false;
        }
        Ok(healed.max(0))
    }

    /// Recovers `n` Strain, up to the maximum.
    pub fn recover_strain(&mut self, n: i32) -> Result<i32, IxError> {
        let n = non_negative("Strain recovered", n)?;
        self.alive()?;
        let after = (i64::from(self.strain) + i64::from(n)).min(i64::from(self.strain_max)) as i32;
        let got = after.saturating_sub(self.strain);
        self.strain = after;
        Ok(got.max(0))
    }

    /// End of a round: an incapacitated, unstabilised character loses 1 Wound.
    pub fn bleed_out(&mut self) -> Result<DamageReport, IxError> {
        self.alive()?;
        match self.vitality() {
            Vitality::Incapacitated { bleeding: true } => Ok(self.lose_wounds(1, false)),
            _ => Ok(DamageReport::default()),
        }
    }

    /// A successful stabilise (Medicine or magic) stops bleeding out; restores no Wounds.
    pub fn stabilise(&mut self) -> Result<(), IxError> {
        self.alive()?;
        if self.vitality() == Vitality::Standing {
            return Err(IxError::WrongCondition {
                needs: "an incapacitated character".to_string(),
            });
        }
        self.stabilised = true;
        Ok(())
    }

    /// Medicine "treat": each net Success restores 1 Wound; once per encounter per target;
    /// only for a conscious character.
    pub fn treat_wounds(&mut self, result: &CheckResult) -> Result<i32, IxError> {
        self.alive()?;
        if self.vitality() != Vitality::Standing {
            return Err(IxError::WrongCondition {
                needs: "a conscious character (stabilise first)".to_string(),
            });
        }
        if self.treated_this_encounter {
            return Err(IxError::AlreadyTreatedThisEncounter);
        }
        self.treated_this_encounter = true;
        let n = if result.succeeded {
            result.net_successes.max(0)
        } else {
            0
        };
        self.heal_wounds(n)
    }

    /// Extended rest: Strain to full; Wounds + Might (1-6) unless Wounds are negative.
    pub fn extended_rest(&mut self, might: i32) -> Result<RestReport, IxError> {
        IxError::check("Might", i64::from(might), 1, 6)?;
        self.alive()?;
        let strain = self.strain_max.saturating_sub(self.strain).max(0);
        self.strain = self.strain_max;
        if self.wounds < 0 {
            return Ok(RestReport {
                strain,
                wounds: 0,
                blocked_by_negative_wounds: true,
            });
        }
        let wounds = self.heal_wounds(might)?;
        Ok(RestReport {
            strain,
            wounds,
            blocked_by_negative_wounds: false,
        })
    }

    /// Catch Breath (a Maneuver, once per encounter): 1 Strain, or 2 with the talent.
    pub fn catch_breath(&mut self, has_talent: bool) -> Result<i32, IxError> {
        self.alive()?;
        if self.catch_breath_used {
            return Err(IxError::CatchBreathUsed);
        }
        self.catch_breath_used = true;
        self.recover_strain(if has_talent { 2 } else { 1 })
    }

    /// Pays a Strain cost, refusing with a reason when Strain is short.
    pub fn pay_strain(&mut self, cost: i32) -> Result<(), IxError> {
        let cost = non_negative("Strain cost", cost)?;
        self.alive()?;
        if self.strain < cost {
            return Err(IxError::NotEnoughStrain {
                needed: cost,
                remaining: self.strain,
            });
        }
        self.strain = self.strain.saturating_sub(cost);
        Ok(())
    }

    /// A second Maneuver this turn: 2 Strain, at most one a turn (RULINGS.md), refused when
    /// Strain is short or the character is incapacitated (they cannot act at all).
    pub fn second_maneuver(&mut self) -> Result<(), IxError> {
        if matches!(self.vitality(), Vitality::Incapacitated { .. }) {
            return Err(IxError::CannotManeuver);
        }
        if self.second_maneuver_taken {
            return Err(IxError::SecondManeuverTaken);
        }
        self.pay_strain(SECOND_MANEUVER_STRAIN)?;
        self.second_maneuver_taken = true;
        Ok(())
    }

    /// The character's turn begins: a second Maneuver may be bought again.
    pub fn turn_starts(&mut self) {
        self.second_maneuver_taken = false;
    }

    /// Clears the once-per-encounter flags.
    pub fn new_encounter(&mut self) {
        self.catch_breath_used = false;
        self.second_maneuver_taken = false;
        self.treated_this_encounter = false;
    }
}

/// A Defense from all its sources, capped at 3 (reference, "Defense cap"). Negative sources
/// count as 0 because the reference has no negative Defense.
pub fn capped_defense(sources: &[i32]) -> i32 {
    let total: i64 = sources.iter().map(|s| i64::from((*s).max(0))).sum();
    total.clamp(0, i64::from(DEFENSE_CAP)) as i32
}

/// Melee and Ranged Defense totals as entered, each capped separately when read.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct Defenses {
    /// Melee Defense before the cap.
    pub melee: i32,
    /// Ranged Defense before the cap.
    pub ranged: i32,
}

impl Defenses {
    /// Melee Defense after the cap of 3.
    pub fn effective_melee(&self) -> i32 {
        capped_defense(&[self.melee])
    }

    /// Ranged Defense after the cap of 3.
    pub fn effective_ranged(&self) -> i32 {
        capped_defense(&[self.ranged])
    }
}
