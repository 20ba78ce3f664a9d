//! Objective calculators ("4. Factors for Establishing Objectives": "General Factors",
//! "Connections Test Factors", "Channeling Test Factors"). Each returns the Ob and the factors
//! that produced it, so the UI shows the "why" next to the number.

use super::error::{RulesError, RulesResult};
use serde::{Deserialize, Serialize};

/// One line of an Objective breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Factor {
    /// Label, e.g. `"Lighting: dark"`.
    pub label: String,
    /// Contribution to the Ob (negative for mitigating factors).
    pub delta: i32,
}

impl Factor {
    fn new(label: impl Into<String>, delta: i32) -> Self {
        Factor {
            label: label.into(),
            delta,
        }
    }

    /// `"Lighting: dark +2"`.
    pub fn words(&self) -> String {
        if self.delta < 0 {
            format!("{} {}", self.label, self.delta)
        } else {
            format!("{} +{}", self.label, self.delta)
        }
    }
}

/// An Objective with the factors that produced it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Objective {
    /// The final Ob.
    pub ob: u32,
    /// Every factor counted, in order.
    pub factors: Vec<Factor>,
    /// A note when a floor changed the raw sum (e.g. "floored at Ob 1").
    pub note: Option<String>,
}

impl Objective {
    /// `"Ob 4 (Complexity: moderate +2, Lighting: dark +2)"`.
    pub fn words(&self) -> String {
        let parts: Vec<String> = self.factors.iter().map(Factor::words).collect();
        let mut s = format!("Ob {} ({})", self.ob, parts.join(", "));
        if let Some(n) = &self.note {
            s.push_str(&format!("; {n}"));
        }
        s
    }
}

/// The Objective a test starts from when nothing sets another: 3, Moderate, the table's
/// "Default" row ("Common Objectives").
pub const DEFAULT_OB: u32 = 3;

/// Name of an Objective from the rule-of-thumb table ("Common Objectives"): 1 Trivial, 2 Easy,
/// 3 Moderate, 4 Hard, 5 Very difficult, 6-7 Fiendish; 0 needs no roll and 8+ is beyond the
/// table, which we call superhuman.
pub fn ob_name(ob: u32) -> &'static str {
    match ob {
        0 => "No roll needed",
        1 => "Trivial",
        2 => "Easy",
        3 => "Moderate",
        4 => "Hard",
        5 => "Very difficult",
        6 | 7 => "Fiendish",
        _ => "Superhuman",
    }
}

/// Complexity, the base of a general Ob ("General Factors"; RULINGS: low 1, moderate 2, high 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Complexity {
    /// Base Ob 1.
    Low,
    /// Base Ob 2.
    #[default]
    Moderate,
    /// Base Ob 3.
    High,
}

/// A two-step factor: the parenthetical baseline counts 0, then +1, then +2 ("General Factors").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Step {
    /// Baseline (none / good / normal): +0.
    #[default]
    None,
    /// First step (some / dim / rushed): +1.
    One,
    /// Second step (substantial / dark / breakneck): +2.
    Two,
}

impl Step {
    fn delta(self) -> i32 {
        match self {
            Step::None => 0,
            Step::One => 1,
            Step::Two => 2,
        }
    }
}

/// Inputs of a general Ob ("General Factors", "Armor").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct GeneralFactors {
    /// Base Ob.
    pub complexity: Complexity,
    /// Pressure: none / some / substantial.
    pub pressure: Step,
    /// Lighting: good / dim / dark.
    pub lighting: Step,
    /// Time: normal / rushed / breakneck.
    pub time: Step,
    /// Tools or preparation inadequate: +1.
    pub inadequate_tools: bool,
    /// A relevant serious injury: +1.
    pub serious_injury: bool,
}

/// What a character carries that weighs on some tests ("Armor"): each worn armour and each
/// carried shield is +1 Ob on endurance, flexibility, balance, climbing and channeling tests.
/// It is the character's, not the situation's, so it is not among the General Factors: a
/// test's Ob counts it whether the Ob was typed or worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Carried {
    /// Armour pieces worn (0-5).
    pub armour_worn: u8,
    /// Shields carried (0-5).
    pub shields_carried: u8,
}

impl Carried {
    /// Whether nothing carried weighs on a test.
    pub fn is_empty(self) -> bool {
        self.armour_worn == 0 && self.shields_carried == 0
    }

    /// One factor per armour and per shield, after checking the counts.
    fn factors(self) -> RulesResult<Vec<Factor>> {
        RulesError::check_range("armour worn", i64::from(self.armour_worn), 0, 5)?;
        RulesError::check_range("shields carried", i64::from(self.shields_carried), 0, 5)?;
        let armour = (0..self.armour_worn).map(|_| Factor::new("Armour worn", 1));
        let shields = (0..self.shields_carried).map(|_| Factor::new("Shield carried", 1));
        Ok(armour.chain(shields).collect())
    }
}

/// Where an ability test's Ob starts: as set (by the GM, or the default 3), or worked out
/// from the General Factors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ObBase {
    Set(u32),
    Factors(GeneralFactors),
}

/// An ability test's Ob: its base, then worn armour and carried shields when the test is one
/// they weigh on (`encumbering`: endurance, flexibility, balance, climbing or channeling).
/// The one place a test's Ob is put together, so armour counts the same whichever way the
/// base was found.
pub fn test_objective(
    base: &ObBase,
    encumbering: bool,
    carried: Carried,
) -> RulesResult<Objective> {
    let mut o = match base {
        ObBase::Set(ob) => {
            RulesError::check_range("Ob", i64::from(*ob), 0, 99)?;
            Objective {
                ob: *ob,
                factors: vec![Factor::new("Ob as set", *ob as i32)],
                note: None,
            }
        }
        ObBase::Factors(f) => general_objective(f)?,
    };
    if encumbering {
        let weigh = carried.factors()?;
        o.ob += weigh.len() as u32;
        o.factors.extend(weigh);
    }
    Ok(o)
}

/// General Objective ("General Factors"): the complexity base plus each factor's step.
pub fn general_objective(f: &GeneralFactors) -> RulesResult<Objective> {
    let mut factors = Vec::new();
    let (label, base) = match f.complexity {
        Complexity::Low => ("Complexity: low", 1),
        Complexity::Moderate => ("Complexity: moderate", 2),
        Complexity::High => ("Complexity: high", 3),
    };
    factors.push(Factor::new(label, base));
    let steps = [
        (f.pressure, "Pressure: some", "Pressure: substantial"),
        (f.lighting, "Lighting: dim", "Lighting: dark"),
        (f.time, "Time: rushed", "Time: breakneck"),
    ];
    for (step, one, two) in steps {
        match step {
            Step::None => {}
            Step::One => factors.push(Factor::new(one, step.delta())),
            Step::Two => factors.push(Factor::new(two, step.delta())),
        }
    }
    if f.inadequate_tools {
        factors.push(Factor::new("Tools: inadequate", 1));
    }
    if f.serious_injury {
        factors.push(Factor::new("Health: relevant serious injury", 1));
    }
    let ob = factors.iter().map(|x| x.delta).sum::<i32>().max(0) as u32;
    Ok(Objective {
        ob,
        factors,
        note: None,
    })
}

/// How rare the person sought is ("Connections Test Factors").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Role {
    /// +0.
    #[default]
    Common,
    /// +1.
    Uncommon,
    /// +2.
    Rare,
    /// +3.
    Unique,
}

/// How far the person is from the character's circles ("Connections Test Factors").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Degree {
    /// Same circles: +0.
    #[default]
    SameCircles,
    /// Similar circles: +1.
    SimilarCircles,
    /// Not much connection: +2.
    NotMuchConnection,
    /// Very different circles: +3.
    VeryDifferentCircles,
}

/// Inputs of a Connections Ob ("Connections Test Factors").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct ConnectionsFactors {
    /// Role/profession/identity.
    pub role: Role,
    /// Degree of connection.
    pub degree: Degree,
    /// Aggravating: hostile (+1).
    pub hostile: bool,
    /// Aggravating: in a small town or settlement (+1).
    pub small_settlement: bool,
    /// Aggravating: in the wilderness (+1).
    pub wilderness: bool,
    /// Aggravating: in hiding (+1).
    pub in_hiding: bool,
    /// Mitigating: sincere ally or former PC (-1).
    pub sincere_ally: bool,
    /// Mitigating: general location known (-1).
    pub known_location: bool,
    /// Mitigating: actively looking to connect (-1).
    pub actively_looking: bool,
    /// The one the character looks for moves in circles the character habitually carouses
    /// with: the Degree of Connection counts +0 in place of `degree` (RULINGS, "Carousing":
    /// it replaces the Degree factor and never stacks with it).
    #[serde(default)]
    pub caroused: bool,
}

/// Connections Objective ("Connections Test Factors"): base 0, role, degree (+0 among circles
/// the character carouses with, RULINGS "Carousing"), +1 per aggravating and -1 per mitigating
/// factor; floored at Ob 1 (RULINGS: the check is always rolled).
pub fn connections_objective(f: &ConnectionsFactors) -> Objective {
    let mut factors = Vec::new();
    match f.role {
        Role::Common => {}
        Role::Uncommon => factors.push(Factor::new("Role: uncommon", 1)),
        Role::Rare => factors.push(Factor::new("Role: rare", 2)),
        Role::Unique => factors.push(Factor::new("Role: unique", 3)),
    }
    match f.degree {
        // Caroused circles replace the Degree, whatever it would have been.
        _ if f.caroused => factors.push(Factor::new("Degree: circles you carouse with", 0)),
        Degree::SameCircles => {}
        Degree::SimilarCircles => factors.push(Factor::new("Degree: similar circles", 1)),
        Degree::NotMuchConnection => factors.push(Factor::new("Degree: not much connection", 2)),
        Degree::VeryDifferentCircles => {
            factors.push(Factor::new("Degree: very different circles", 3))
        }
    }
    for (on, label, d) in [
        (f.hostile, "Hostile", 1),
        (f.small_settlement, "Small settlement", 1),
        (f.wilderness, "Wilderness", 1),
        (f.in_hiding, "In hiding", 1),
        (f.sincere_ally, "Sincere ally or former PC", -1),
        (f.known_location, "Known general location", -1),
        (f.actively_looking, "Actively looking", -1),
    ] {
        if on {
            factors.push(Factor::new(label, d));
        }
    }
    let raw: i32 = factors.iter().map(|x| x.delta).sum();
    let (ob, note) = if raw < 1 {
        (1, Some(format!("raw total {raw}, floored at Ob 1")))
    } else {
        (raw as u32, None)
    };
    Objective { ob, factors, note }
}

/// Channeling Objective ("Channeling Tests", "Channeling Test Factors"): the spell's Ob + 1 per
/// worn armour + 1 per carried shield + damage taken while channeling this round.
pub fn channeling_objective(
    spell_ob: u8,
    armour_worn: u8,
    shields_carried: u8,
    damage_this_round: u32,
) -> RulesResult<Objective> {
    RulesError::check_range("spell Ob", i64::from(spell_ob), 1, 10)?;
    RulesError::check_range("damage this round", i64::from(damage_this_round), 0, 100)?;
    let mut factors = vec![Factor::new("Spell Ob", i32::from(spell_ob))];
    factors.extend(
        Carried {
            armour_worn,
            shields_carried,
        }
        .factors()?,
    );
    if damage_this_round > 0 {
        factors.push(Factor::new(
            "Damage taken while channeling",
            damage_this_round as i32,
        ));
    }
    let ob = factors.iter().map(|x| x.delta).sum::<i32>().max(0) as u32;
    Ok(Objective {
        ob,
        factors,
        note: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn general_factors_add_up() {
        let f = GeneralFactors {
            complexity: Complexity::Moderate,
            lighting: Step::Two,
            time: Step::One,
            inadequate_tools: true,
            ..Default::default()
        };
        // 2 + 2 + 1 + 1 = 6
        let o = general_objective(&f).unwrap();
        assert_eq!(o.ob, 6);
        assert_eq!(o.factors.len(), 4);
        let o = general_objective(&GeneralFactors {
            lighting: Step::Two,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(
            o.words(),
            "Ob 4 (Complexity: moderate +2, Lighting: dark +2)"
        );
    }

    #[test]
    fn armour_and_shields_weigh_only_on_the_tests_they_weigh_on_whatever_the_base() {
        let carried = Carried {
            armour_worn: 1,
            shields_carried: 1,
        };
        // An armoured fighter's ordinary test keeps the default Ob 3.
        let plain = test_objective(&ObBase::Set(DEFAULT_OB), false, carried).unwrap();
        assert_eq!(plain.ob, 3);
        // A climb: 3 + armour 1 + shield 1.
        let climb = test_objective(&ObBase::Set(DEFAULT_OB), true, carried).unwrap();
        assert_eq!(climb.ob, 5);
        assert_eq!(
            climb.words(),
            "Ob 5 (Ob as set +3, Armour worn +1, Shield carried +1)"
        );
        // The same weight on an Ob worked out from factors: moderate 2 + dark 2 + 1 + 1.
        let dark = GeneralFactors {
            lighting: Step::Two,
            ..Default::default()
        };
        assert_eq!(
            test_objective(&ObBase::Factors(dark), true, carried)
                .unwrap()
                .ob,
            6
        );
        assert_eq!(
            test_objective(&ObBase::Factors(dark), false, carried)
                .unwrap()
                .ob,
            4
        );
        // Nothing carried: nothing added.
        let none = test_objective(&ObBase::Set(4), true, Carried::default()).unwrap();
        assert_eq!((none.ob, none.factors.len()), (4, 1));
        let six = Carried {
            armour_worn: 6,
            shields_carried: 0,
        };
        assert!(test_objective(&ObBase::Set(3), true, six).is_err());
    }

    #[test]
    fn ob_names() {
        assert_eq!(ob_name(DEFAULT_OB), "Moderate");
        assert_eq!(ob_name(1), "Trivial");
        assert_eq!(ob_name(3), "Moderate");
        assert_eq!(ob_name(7), "Fiendish");
        assert_eq!(ob_name(9), "Superhuman");
    }

    #[test]
    fn connections_floor_at_one() {
        let f = ConnectionsFactors {
            sincere_ally: true,
            known_location: true,
            ..Default::default()
        };
        let o = connections_objective(&f);
        assert_eq!(o.ob, 1);
        assert!(o.note.is_some());
        let f = ConnectionsFactors {
            role: Role::Rare,
            degree: Degree::VeryDifferentCircles,
            hostile: true,
            actively_looking: true,
            ..Default::default()
        };
        // 2 + 3 + 1 - 1 = 5
        assert_eq!(connections_objective(&f).ob, 5);
        // Carousing in their circles replaces the very different circles' +3 with +0
        // (RULINGS, "Carousing"): 2 + 0 + 1 - 1 = 2.
        let o = connections_objective(&ConnectionsFactors {
            caroused: true,
            ..f
        });
        assert_eq!(o.ob, 2);
        assert_eq!(
            o.words(),
            "Ob 2 (Role: rare +2, Degree: circles you carouse with +0, Hostile +1, Actively looking -1)"
        );
        // Whatever the Degree, never below it: same circles caroused is still +0, not -1.
        let o = connections_objective(&ConnectionsFactors {
            role: Role::Unique,
            caroused: true,
            ..Default::default()
        });
        assert_eq!(o.ob, 3);
    }

    #[test]
    fn channeling_adds_gear_and_damage() {
        let o = channeling_objective(3, 1, 1, 2).unwrap();
        assert_eq!(o.ob, 7);
        assert!(channeling_objective(3, 6, 0, 0).is_err());
    }
}
