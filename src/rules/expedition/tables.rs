//! Plain table rolls for the dice tray: d20 Depletion ("Depletion"), 2d6 Down and Out ("Down
//! and Out", "Armor"), d10 reaction ("Reaction Rolls"), d8 recognition ("Reputation"), d6
//! encounter, morale and distance ("Encounter Check Mechanics", "Morale Checks", "Encounter
//! Distance"), and the overland and water checks ("The Overland Scale"). Each returns the faces
//! rolled and the reading, and each reading also has a pure `read_*` function for replays.

use super::error::{RulesError, RulesResult};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// The die sizes the Expedition tables use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DieSize {
    /// d6.
    D6,
    /// d8.
    D8,
    /// d10.
    D10,
    /// d20.
    D20,
    /// d100 (percentile).
    D100,
}

impl DieSize {
    /// Number of faces.
    pub fn sides(self) -> u8 {
        match self {
            DieSize::D6 => 6,
            DieSize::D8 => 8,
            DieSize::D10 => 10,
            DieSize::D20 => 20,
            DieSize::D100 => 100,
        }
    }
}

/// Rolls one die, uniform on 1..=sides.
pub fn roll_die<R: Rng + ?Sized>(rng: &mut R, size: DieSize) -> u8 {
    rng.random_range(1..=size.sides())
}

/// A table roll: the faces rolled and what they mean.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableRoll<T> {
    /// Faces in the order rolled (empty when the rule needs no roll).
    pub faces: Vec<u8>,
    /// The reading.
    pub reading: T,
}

/// Reading of a Depletion check ("Depletion").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DepletionReading {
    /// Below the score: the item keeps going.
    Holds,
    /// At or above the score: one use remains.
    LastUse,
}

/// d20 >= Depletion score marks the item's last use ("Depletion"). Score must be 1-20.
pub fn read_depletion(face: u8, score: u8) -> RulesResult<DepletionReading> {
    RulesError::check_range("Depletion score", i64::from(score), 1, 20)?;
    RulesError::check_range("d20 face", i64::from(face), 1, 20)?;
    Ok(if face >= score {
        DepletionReading::LastUse
    } else {
        DepletionReading::Holds
    })
}

/// Rolls a d20 Depletion check against `score` (1-20) ("Depletion").
pub fn depletion_check<R: Rng + ?Sized>(
    rng: &mut R,
    score: u8,
) -> RulesResult<TableRoll<DepletionReading>> {
    RulesError::check_range("Depletion score", i64::from(score), 1, 20)?;
    let face = roll_die(rng, DieSize::D20);
    Ok(TableRoll {
        faces: vec![face],
        reading: read_depletion(face, score)?,
    })
}

/// Reading of a Down and Out roll ("Down and Out").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DownAndOutReading {
    /// Doubles (without armour's exception): the character dies.
    Death,
    /// Lose 1 maximum HP for good.
    LingeringWound,
    /// A scar, nothing worse.
    Scar,
}

impl DownAndOutReading {
    /// Reading in words.
    pub fn words(self) -> &'static str {
        match self {
            DownAndOutReading::Death => "Death",
            DownAndOutReading::LingeringWound => "Lingering wound (-1 max HP for good)",
            DownAndOutReading::Scar => "Scar",
        }
    }
}

/// Reads 2d6 for Down and Out ("Down and Out", "Armor"): doubles kill; with armour double 5s and
/// double 6s are a lingering wound instead; otherwise 7+ (9+ with armour) is a lingering wound,
/// else a scar.
pub fn read_down_and_out(a: u8, b: u8, armour: bool) -> RulesResult<DownAndOutReading> {
    RulesError::check_range("first d6", i64::from(a), 1, 6)?;
    RulesError::check_range("second d6", i64::from(b), 1, 6)?;
    if a == b {
        if armour && a >= 5 {
            return Ok(DownAndOutReading::LingeringWound);
        }
        return Ok(DownAndOutReading::Death);
    }
    let threshold = if armour { 9 } else { 7 };
    Ok(if a + b >= threshold {
        DownAndOutReading::LingeringWound
    } else {
        DownAndOutReading::Scar
    })
}

/// Rolls 2d6 for Down and Out ("Down and Out"). `armour` is whether armour softens the roll
/// (false for a failed Spell Mastery check, "3. Acquiring Spells").
pub fn down_and_out_roll<R: Rng + ?Sized>(
    rng: &mut R,
    armour: bool,
) -> TableRoll<DownAndOutReading> {
    let a = roll_die(rng, DieSize::D6);
    let b = roll_die(rng, DieSize::D6);
    // Both faces are 1-6 by construction, so the reading cannot fail; Scar is a harmless
    // fallback that is never reached.
    let reading = read_down_and_out(a, b, armour).unwrap_or(DownAndOutReading::Scar);
    TableRoll {
        faces: vec![a, b],
        reading,
    }
}

/// Initial disposition from a Reaction Roll ("Reaction Rolls").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reaction {
    /// 1-3.
    Aggressive,
    /// 4-9.
    Cautious,
    /// 10.
    Friendly,
}

impl Reaction {
    /// Reading in words.
    pub fn words(self) -> &'static str {
        match self {
            Reaction::Aggressive => "aggressive",
            Reaction::Cautious => "cautious",
            Reaction::Friendly => "friendly",
        }
    }
}

/// Reads a d10 reaction ("Reaction Rolls"): 1-3 aggressive, 4-9 cautious, 10 friendly.
pub fn read_reaction(face: u8) -> RulesResult<Reaction> {
    RulesError::check_range("d10 face", i64::from(face), 1, 10)?;
    Ok(match face {
        1..=3 => Reaction::Aggressive,
        4..=9 => Reaction::Cautious,
        _ => Reaction::Friendly,
    })
}

/// Rolls a d10 reaction ("Reaction Rolls").
pub fn reaction_roll<R: Rng + ?Sized>(rng: &mut R) -> TableRoll<Reaction> {
    let face = roll_die(rng, DieSize::D10);
    TableRoll {
        faces: vec![face],
        reading: read_reaction(face).unwrap_or(Reaction::Cautious),
    }
}

/// Rolls 1d8 recognition against a Reputation of -6..+6 ("Reputation"): recognised when the
/// face is at most |Reputation|.
pub fn recognition_roll<R: Rng + ?Sized>(
    rng: &mut R,
    reputation: i8,
) -> RulesResult<TableRoll<bool>> {
    RulesError::check_range("reputation", i64::from(reputation), -6, 6)?;
    let face = roll_die(rng, DieSize::D8);
    Ok(TableRoll {
        faces: vec![face],
        reading: face <= reputation.unsigned_abs(),
    })
}

/// Reading of an encounter check ("Encounter Check Mechanics").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EncounterReading {
    /// An encounter.
    Encounter,
    /// An omen of a possible encounter.
    Omen,
    /// Nothing happens.
    Nothing,
    /// Light sources in use take a Depletion check.
    DepleteLights,
}

impl EncounterReading {
    /// Reading in words.
    pub fn words(self) -> &'static str {
        match self {
            EncounterReading::Encounter => "an encounter",
            EncounterReading::Omen => "an omen of one",
            EncounterReading::Nothing => "nothing",
            EncounterReading::DepleteLights => "the lights burn down (Depletion checks)",
        }
    }
}

/// Reads an exploration d6 ("Encounter Check Mechanics"): 1 encounter, 2 omen, 3-5 nothing,
/// 6 Depletion of lights.
pub fn read_exploration_check(face: u8) -> RulesResult<EncounterReading> {
    RulesError::check_range("d6 face", i64::from(face), 1, 6)?;
    Ok(match face {
        1 => EncounterReading::Encounter,
        2 => EncounterReading::Omen,
        6 => EncounterReading::DepleteLights,
        _ => EncounterReading::Nothing,
    })
}

/// Scale at which an encounter check is made ("2. Scales of Play").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EncounterScale {
    /// Exploration turn: d6 with 1 encounter, 2 omen, 6 lights ("The Exploration Scale").
    Exploration,
    /// A daytime overland watch: 1-in-6 encounter, 1-in-6 omen ("The Overland Scale").
    OverlandDay,
    /// The overnight watch: 1-in-10 each ("The Overland Scale").
    OverlandNight,
    /// A day on the water: 1-in-8 encounter ("The Overland Scale").
    Water,
}

/// Rolls an encounter check at `scale` ("Encounter Check Mechanics", "The Overland Scale").
/// Overland and water checks use 1 for an encounter and 2 for an omen (the water check has no
/// omen), which keeps each chance at exactly 1-in-N.
pub fn encounter_check<R: Rng + ?Sized>(
    rng: &mut R,
    scale: EncounterScale,
) -> TableRoll<EncounterReading> {
    let size = match scale {
        EncounterScale::Exploration | EncounterScale::OverlandDay => DieSize::D6,
        EncounterScale::OverlandNight => DieSize::D10,
        EncounterScale::Water => DieSize::D8,
    };
    let face = roll_die(rng, size);
    let reading = match (scale, face) {
        (EncounterScale::Exploration, f) => {
            read_exploration_check(f).unwrap_or(EncounterReading::Nothing)
        }
        (_, 1) => EncounterReading::Encounter,
        (EncounterScale::OverlandDay | EncounterScale::OverlandNight, 2) => EncounterReading::Omen,
        _ => EncounterReading::Nothing,
    };
    TableRoll {
        faces: vec![face],
        reading,
    }
}

/// How willing a creature is to fight ("Morale Checks").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Disposition {
    /// Militant, disciplined, or with a substantial advantage: holds on 3+.
    Militant,
    /// Average: holds on 4+.
    Average,
    /// Timid, or at a substantial disadvantage, or leader lost: holds on 5+.
    Timid,
}

impl Disposition {
    /// Lowest d6 face that holds.
    pub fn target(self) -> u8 {
        match self {
            Disposition::Militant => 3,
            Disposition::Average => 4,
            Disposition::Timid => 5,
        }
    }
}

/// Reading of a morale check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoraleReading {
    /// Keeps fighting.
    Holds,
    /// Withdraws, surrenders, cowers or refuses to act.
    Routs,
}

impl MoraleReading {
    /// Reading in words.
    pub fn words(self) -> &'static str {
        match self {
            MoraleReading::Holds => "holds",
            MoraleReading::Routs => "routs",
        }
    }
}

/// Rolls a d6 morale check ("Morale Checks"). In mortal danger the check fails with no roll
/// ("Breaking"), so `faces` is empty.
pub fn morale_check<R: Rng + ?Sized>(
    rng: &mut R,
    disposition: Disposition,
    mortal_danger: bool,
) -> TableRoll<MoraleReading> {
    if mortal_danger {
        return TableRoll {
            faces: Vec::new(),
            reading: MoraleReading::Routs,
        };
    }
    let face = roll_die(rng, DieSize::D6);
    TableRoll {
        faces: vec![face],
        reading: if face >= disposition.target() {
            MoraleReading::Holds
        } else {
            MoraleReading::Routs
        },
    }
}

/// Encounter distance ("Encounter Distance"); the reference names only the poles, the middle
/// names are ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Distance {
    /// 1: immediately underfoot.
    Underfoot,
    /// 2.
    Close,
    /// 3.
    Near,
    /// 4.
    Middling,
    /// 5.
    Distant,
    /// 6: over the next hill, behind a closed door.
    Far,
}

impl Distance {
    /// Reading in words.
    pub fn words(self) -> &'static str {
        match self {
            Distance::Underfoot => "underfoot",
            Distance::Close => "close",
            Distance::Near => "near",
            Distance::Middling => "middling",
            Distance::Distant => "distant",
            Distance::Far => "far (over the hill, behind a door)",
        }
    }
}

/// Reads a d6 encounter distance ("Encounter Distance").
pub fn read_distance(face: u8) -> RulesResult<Distance> {
    RulesError::check_range("d6 face", i64::from(face), 1, 6)?;
    Ok(match face {
        1 => Distance::Underfoot,
        2 => Distance::Close,
        3 => Distance::Near,
        4 => Distance::Middling,
        5 => Distance::Distant,
        _ => Distance::Far,
    })
}

/// Rolls a d6 encounter distance ("Encounter Distance").
pub fn distance_roll<R: Rng + ?Sized>(rng: &mut R) -> TableRoll<Distance> {
    let face = roll_die(rng, DieSize::D6);
    TableRoll {
        faces: vec![face],
        reading: read_distance(face).unwrap_or(Distance::Middling),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn down_and_out_table() {
        use DownAndOutReading::*;
        assert_eq!(read_down_and_out(3, 3, false).unwrap(), Death);
        assert_eq!(read_down_and_out(6, 6, false).unwrap(), Death);
        assert_eq!(read_down_and_out(6, 6, true).unwrap(), LingeringWound);
        assert_eq!(read_down_and_out(5, 5, true).unwrap(), LingeringWound);
        assert_eq!(read_down_and_out(4, 4, true).unwrap(), Death);
        assert_eq!(read_down_and_out(3, 4, false).unwrap(), LingeringWound);
        assert_eq!(read_down_and_out(3, 4, true).unwrap(), Scar);
        assert_eq!(read_down_and_out(4, 5, true).unwrap(), LingeringWound);
        assert_eq!(read_down_and_out(1, 5, false).unwrap(), Scar);
        assert!(read_down_and_out(0, 5, false).is_err());
    }

    #[test]
    fn depletion_reading() {
        assert_eq!(read_depletion(15, 15).unwrap(), DepletionReading::LastUse);
        assert_eq!(read_depletion(14, 15).unwrap(), DepletionReading::Holds);
        assert!(read_depletion(3, 0).is_err());
        assert!(read_depletion(3, 21).is_err());
    }

    #[test]
    fn morale_breaks_without_roll_in_mortal_danger() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let r = morale_check(&mut rng, Disposition::Militant, true);
        assert!(r.faces.is_empty());
        assert_eq!(r.reading, MoraleReading::Routs);
        let r = morale_check(&mut rng, Disposition::Average, false);
        let face = r.faces.first().copied().unwrap_or(0);
        assert_eq!(r.reading == MoraleReading::Holds, face >= 4);
    }

    #[test]
    fn recognition_and_reaction() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for rep in -6..=6 {
            let r = recognition_roll(&mut rng, rep).unwrap();
            let face = r.faces.first().copied().unwrap_or(0);
            assert_eq!(r.reading, face <= rep.unsigned_abs());
        }
        assert!(recognition_roll(&mut rng, 7).is_err());
        assert_eq!(read_reaction(3).unwrap(), Reaction::Aggressive);
        assert_eq!(read_reaction(4).unwrap(), Reaction::Cautious);
        assert_eq!(read_reaction(10).unwrap(), Reaction::Friendly);
        assert_eq!(
            read_exploration_check(6).unwrap(),
            EncounterReading::DepleteLights
        );
        assert_eq!(read_distance(1).unwrap(), Distance::Underfoot);
    }
}
