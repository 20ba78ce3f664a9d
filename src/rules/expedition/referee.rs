//! Referee procedures ("3. Procedures for Encounters", "5. Treasure", "Hirelings"): encounter
//! frequency, number appearing, adversary statistics, hireling morale and treasure caches. The
//! table rolls themselves live in [`super::tables`].

use super::dice::{VersusOutcome, versus_test};
use super::error::{RulesError, RulesResult};
use super::spells::{Family, Spell, spell_by_number};
use super::tables::{DieSize, MoraleReading, roll_die};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Most players the helpers accept.
pub const MAX_PLAYERS: u32 = 20;
/// Highest adversary Level accepted.
pub const MAX_LEVEL: u32 = 20;

/// How populated a site is ("Modifying Frequency").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Population {
    /// Populous or hostile: a check every turn.
    Populous,
    /// Depopulated (average): every other turn.
    Average,
    /// Empty: every third turn.
    Empty,
}

impl Population {
    /// Turns between checks.
    pub fn interval(self) -> u32 {
        match self {
            Population::Populous => 1,
            Population::Average => 2,
            Population::Empty => 3,
        }
    }
}

/// Whether exploration turn `turn` (counted from 1) calls for an encounter check
/// ("Modifying Frequency"): the check falls on the last turn of each interval.
pub fn encounter_check_due(population: Population, turn: u32) -> bool {
    turn > 0 && turn.is_multiple_of(population.interval())
}

/// Tag for how many appear ("Number of Monsters Appearing").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Appearing {
    /// Half the players +-1.
    Several,
    /// The players +-1 (plural name).
    Plural,
    /// One and a half times the players +-1.
    Many,
    /// Three to five times the players.
    Tons,
}

impl Appearing {
    /// The tag's name.
    pub fn label(self) -> &'static str {
        match self {
            Appearing::Several => "Several",
            Appearing::Plural => "Plural",
            Appearing::Many => "Many",
            Appearing::Tons => "Tons",
        }
    }
}

/// The range of a number appearing, inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CountRange {
    /// Fewest.
    pub min: u32,
    /// Usual.
    pub typical: u32,
    /// Most.
    pub max: u32,
}

/// Number appearing for `players` (1-20) ("Number of Monsters Appearing"); halves round up, and
/// at least one creature always appears.
pub fn number_appearing(tag: Appearing, players: u32) -> RulesResult<CountRange> {
    RulesError::check_range("players", i64::from(players), 1, i64::from(MAX_PLAYERS))?;
    let around = |typical: u32| CountRange {
        min: typical.saturating_sub(1).max(1),
        typical: typical.max(1),
        max: typical + 1,
    };
    Ok(match tag {
        Appearing::Several => around(players.div_ceil(2)),
        Appearing::Plural => around(players),
        Appearing::Many => around((3 * players).div_ceil(2)),
        Appearing::Tons => CountRange {
            min: 3 * players,
            typical: 4 * players,
            max: 5 * players,
        },
    })
}

/// Rolls a number appearing uniformly within its range.
pub fn roll_number_appearing<R: Rng + ?Sized>(
    rng: &mut R,
    tag: Appearing,
    players: u32,
) -> RulesResult<u32> {
    let r = number_appearing(tag, players)?;
    Ok(rng.random_range(r.min..=r.max))
}

/// Adversary statistics from Level ("Monster/Adversary Statistics").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Adversary {
    /// Level 0-20.
    pub level: u32,
    /// Pool = Level + 2.
    pub pool: u32,
    /// HP = 2 x Level.
    pub hp: u32,
}

/// Pool Level + 2 and HP 2 x Level ("Monster/Adversary Statistics").
pub fn adversary(level: u32) -> RulesResult<Adversary> {
    RulesError::check_range("level", i64::from(level), 0, i64::from(MAX_LEVEL))?;
    Ok(Adversary {
        level,
        pool: level + 2,
        hp: 2 * level,
    })
}

/// Hireling morale ("Hirelings" under "Morale Checks"): instead of a d6, the controlling
/// player's Presence pool against the hireling's pool (or the Referee's chosen opposition).
/// The hirelings hold on a player win; a tie counts as holding, as the player keeps order.
pub fn hireling_morale<R: Rng + ?Sized>(
    rng: &mut R,
    player_presence_dice: u32,
    opposition_dice: u32,
) -> RulesResult<(VersusOutcome, MoraleReading)> {
    let out = versus_test(rng, player_presence_dice, opposition_dice, 0, 0)?;
    let reading = if out.a_successes >= out.b_successes {
        MoraleReading::Holds
    } else {
        MoraleReading::Routs
    };
    Ok((out, reading))
}

/// Area or cache difficulty ("Difficulty Guidelines", "Rule of Thumb Table for Caches").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Difficulty {
    /// Easy areas, Level 1 (0-2); caches 10 (8-12).
    Minor,
    /// Moderate areas, Level 3 (1-5); caches 20 (16-24).
    Moderate,
    /// Hard areas, Level 5 (3-7); caches 40 (35-45).
    Major,
    /// Very hard areas, Level 7 (5-9); caches 80 (70-90).
    Headliner,
    /// Fiendish areas, Level 9 (7-12); caches 160 (140-180).
    Fiendish,
}

impl Difficulty {
    /// Typical adversary Level and its range.
    pub fn levels(self) -> CountRange {
        let (min, typical, max) = match self {
            Difficulty::Minor => (0, 1, 2),
            Difficulty::Moderate => (1, 3, 5),
            Difficulty::Major => (3, 5, 7),
            Difficulty::Headliner => (5, 7, 9),
            Difficulty::Fiendish => (7, 9, 12),
        };
        CountRange { min, typical, max }
    }

    /// Cash per cache and its range.
    pub fn cache(self) -> CountRange {
        let (min, typical, max) = match self {
            Difficulty::Minor => (8, 10, 12),
            Difficulty::Moderate => (16, 20, 24),
            Difficulty::Major => (35, 40, 45),
            Difficulty::Headliner => (70, 80, 90),
            Difficulty::Fiendish => (140, 160, 180),
        };
        CountRange { min, typical, max }
    }
}

/// Treasure guidance for a site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TreasureGuide {
    /// Fewest hoards to place: half the usual number of players, rounded down (at least one).
    pub hoards_fewest: u32,
    /// Most hoards: half rounded up. The digest's own example rounds either way ("Scaling
    /// Treasure": five players, "two or three hordes").
    pub hoards_most: u32,
    /// Cash per hoard.
    pub per_hoard: CountRange,
    /// Total Cash at the typical value: half the players' count in hoards, unrounded ("around
    /// 100" for five players at 40 each), or the whole hoards when the count is one.
    pub total_typical: u32,
}

/// Treasure guidance by difficulty and party size ("5. Treasure").
pub fn treasure_guide(difficulty: Difficulty, players: u32) -> RulesResult<TreasureGuide> {
    RulesError::check_range("players", i64::from(players), 1, i64::from(MAX_PLAYERS))?;
    let (fewest, most) = ((players / 2).max(1), players.div_ceil(2));
    let per_hoard = difficulty.cache();
    let total_typical = if fewest == most {
        most * per_hoard.typical
    } else {
        players * per_hoard.typical / 2
    };
    Ok(TreasureGuide {
        hoards_fewest: fewest,
        hoards_most: most,
        per_hoard,
        total_typical,
    })
}

/// A hireling for hire, from the price list ("Costs for Goods and Services").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct HirelingTemplate {
    /// Role name.
    pub role: &'static str,
    /// Cost to hire.
    pub cost: u32,
    /// Pool.
    pub pool: u8,
    /// Hit points.
    pub hp: u8,
}

/// The hirelings the price list names, cheapest first ("Costs for Goods and Services").
pub const HIRELINGS: [HirelingTemplate; 7] = [
    HirelingTemplate {
        role: "Porter",
        cost: 3,
        pool: 2,
        hp: 2,
    },
    HirelingTemplate {
        role: "Torchbearer or Shieldbearer",
        cost: 4,
        pool: 4,
        hp: 2,
    },
    HirelingTemplate {
        role: "Mercenary",
        cost: 5,
        pool: 4,
        hp: 4,
    },
    HirelingTemplate {
        role: "Expert Craftsman or Professional",
        cost: 6,
        pool: 5,
        hp: 3,
    },
    HirelingTemplate {
        role: "Veteran Mercenary",
        cost: 6,
        pool: 5,
        hp: 5,
    },
    HirelingTemplate {
        role: "Seasoned Adventurer",
        cost: 8,
        pool: 6,
        hp: 6,
    },
    HirelingTemplate {
        role: "Sorcerous Adept",
        cost: 8,
        pool: 6,
        hp: 4,
    },
];

/// Kinds of settlement that sell runestones ("Purchasing Runestones (Spells Known)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Settlement {
    /// Small holdfast: 50% chance of one.
    Holdfast,
    /// Hardscrabble village: one, and 75% chance of a second.
    HardscrabbleVillage,
    /// Thriving village: two, plus 50% chance each for up to three more.
    ThrivingVillage,
    /// Seasonal trade meet: six, plus 50% chance each for up to four more.
    TradeMeet,
}

/// Rolls which random runestones a settlement has for sale ("Purchasing Runestones"). Each
/// spell is a d8 family then a d10 number (Fell Blast is never sold); the percentage chances
/// are rolled on a d100 whose faces are returned with the spells.
pub fn runestones_for_sale<R: Rng + ?Sized>(
    rng: &mut R,
    settlement: Settlement,
) -> (Vec<u8>, Vec<&'static Spell>) {
    let (sure, chance, extra) = match settlement {
        Settlement::Holdfast => (0, 50, 1),
        Settlement::HardscrabbleVillage => (1, 75, 1),
        Settlement::ThrivingVillage => (2, 50, 3),
        Settlement::TradeMeet => (6, 50, 4),
    };
    let mut faces = Vec::new();
    let mut count = sure;
    for _ in 0..extra {
        let f = roll_die(rng, DieSize::D100);
        faces.push(f);
        if f <= chance {
            count += 1;
        }
    }
    let mut spells = Vec::with_capacity(count);
    for _ in 0..count {
        let fam = roll_die(rng, DieSize::D8);
        let num = roll_die(rng, DieSize::D10);
        faces.push(fam);
        faces.push(num);
        if let Ok(s) = Family::from_d8(fam).and_then(|f| spell_by_number(f, num)) {
            spells.push(s);
        }
    }
    (faces, spells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn frequency_by_population() {
        assert!(encounter_check_due(Population::Populous, 1));
        assert!(!encounter_check_due(Population::Average, 1));
        assert!(encounter_check_due(Population::Average, 2));
        assert!(encounter_check_due(Population::Empty, 3));
        assert!(!encounter_check_due(Population::Empty, 4));
    }

    #[test]
    fn numbers_appearing() {
        let r = number_appearing(Appearing::Several, 5).unwrap();
        assert_eq!((r.min, r.typical, r.max), (2, 3, 4));
        let r = number_appearing(Appearing::Many, 4).unwrap();
        assert_eq!((r.min, r.typical, r.max), (5, 6, 7));
        let r = number_appearing(Appearing::Tons, 4).unwrap();
        assert_eq!((r.min, r.max), (12, 20));
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let n = roll_number_appearing(&mut rng, Appearing::Plural, 4).unwrap();
        assert!((3..=5).contains(&n));
        assert!(number_appearing(Appearing::Plural, 0).is_err());
    }

    #[test]
    fn adversaries_and_treasure() {
        let a = adversary(5).unwrap();
        assert_eq!((a.pool, a.hp), (7, 10));
        assert_eq!(HIRELINGS.iter().map(|h| h.pool).max(), Some(6));
        // The digest's example: five players at a major site, "two or three hordes of 40
        // Cash each, i.e. around 100 Cash".
        let t = treasure_guide(Difficulty::Major, 5).unwrap();
        assert_eq!(
            (t.hoards_fewest, t.hoards_most, t.total_typical),
            (2, 3, 100)
        );
        let t = treasure_guide(Difficulty::Major, 4).unwrap();
        assert_eq!(
            (t.hoards_fewest, t.hoards_most, t.total_typical),
            (2, 2, 80)
        );
        let t = treasure_guide(Difficulty::Minor, 1).unwrap();
        assert_eq!(
            (t.hoards_fewest, t.hoards_most, t.total_typical),
            (1, 1, 10)
        );
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (faces, spells) = runestones_for_sale(&mut rng, Settlement::TradeMeet);
        // Four d100 chances, then a d8 and a d10 per spell.
        assert_eq!(faces.len(), 4 + 2 * spells.len());
        let extra = faces.iter().take(4).filter(|&&f| f <= 50).count();
        assert_eq!(spells.len(), 6 + extra);
        let (o, m) = hireling_morale(&mut rng, 5, 3).unwrap();
        assert_eq!(m == MoraleReading::Holds, o.a_successes >= o.b_successes);
    }
}
