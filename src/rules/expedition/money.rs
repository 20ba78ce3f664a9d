//! Wealth, Cash and purchases ("Wealth", "Lifestyle", "Cash", "Purchasing Goods and Services",
//! "Buying", "Selling", "Purchasing Runestones (Spells Known)"). Every change to Cash goes
//! through [`Purse`] and returns a [`LedgerEntry`], so the sheet keeps a history.

use super::dice::{MAX_POOL, PoolRoll, TestOutcome, cash_test, roll_pool};
use super::error::{RulesError, RulesResult};
use super::odds::pass_probability;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Largest Cost accepted (the reference's price list tops out at 42).
pub const MAX_COST: u32 = 100;
/// Largest scarcity surcharge accepted (the reference's usual surcharge is +1).
pub const MAX_SCARCITY: u32 = 5;
/// Largest Cash pool a purse may hold; keeps sums far from overflow.
pub const MAX_CASH: u32 = 100_000;

/// One change to Cash.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LedgerEntry {
    /// Cash dice gained (positive) or spent (negative).
    pub amount: i64,
    /// Why, e.g. `"Income (Wealth 4)"`.
    pub reason: String,
    /// Cash held after the change.
    pub balance: u32,
    /// When it happened, in milliseconds since 1970 (UTC). The rules have no clock: the sheet
    /// stamps entries as it records them; older entries have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
}

/// A character's Cash dice and their history ("Cash").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Purse {
    /// Cash dice held; never negative.
    pub cash: u32,
    /// Every change so far, oldest first.
    pub ledger: Vec<LedgerEntry>,
    /// Whether Income was rolled this session ("Wealth": once per session).
    pub income_rolled_this_session: bool,
}

impl Purse {
    /// A purse holding `cash` dice with an empty ledger.
    pub fn new(cash: u32) -> RulesResult<Self> {
        RulesError::check_range("cash", i64::from(cash), 0, i64::from(MAX_CASH))?;
        Ok(Purse {
            cash,
            ..Default::default()
        })
    }

    /// Adds Cash dice (treasure, sales, income, jobs).
    pub fn gain(&mut self, amount: u32, reason: &str) -> RulesResult<LedgerEntry> {
        let new = u64::from(self.cash) + u64::from(amount);
        if new > u64::from(MAX_CASH) {
            return Err(RulesError::out_of_range(
                "cash",
                i64::try_from(new).unwrap_or(i64::MAX),
                0,
                i64::from(MAX_CASH),
            ));
        }
        self.cash = new as u32;
        Ok(self.record(i64::from(amount), reason))
    }

    /// Removes Cash dice; refused (nothing changes) when fewer are held.
    pub fn spend(&mut self, amount: u32, reason: &str) -> RulesResult<LedgerEntry> {
        if amount > self.cash {
            return Err(RulesError::NotEnoughCash {
                needed: amount,
                available: self.cash,
            });
        }
        self.cash -= amount;
        Ok(self.record(-i64::from(amount), reason))
    }

    fn record(&mut self, amount: i64, reason: &str) -> LedgerEntry {
        let e = LedgerEntry {
            amount,
            reason: reason.to_string(),
            balance: self.cash,
            at: None,
        };
        self.ledger.push(e.clone());
        e
    }

    /// Starts a new session: Income may be rolled again.
    pub fn new_session(&mut self) {
        self.income_rolled_this_session = false;
    }
}

/// Lifestyle grade ("Lifestyle").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lifestyle {
    /// Wealth 0-1.
    Destitute,
    /// Wealth 2-3.
    Meager,
    /// Wealth 4-5.
    Modest,
    /// Wealth 6-7.
    Bountiful,
    /// Wealth 8-10.
    Opulent,
}

impl Lifestyle {
    /// The lifestyle's name.
    pub fn label(self) -> &'static str {
        match self {
            Lifestyle::Destitute => "Destitute",
            Lifestyle::Meager => "Meager",
            Lifestyle::Modest => "Modest",
            Lifestyle::Bountiful => "Bountiful",
            Lifestyle::Opulent => "Opulent",
        }
    }
}

/// Lifestyle from Wealth 0-10 ("Lifestyle").
pub fn lifestyle(wealth: u8) -> RulesResult<Lifestyle> {
    check_wealth(wealth)?;
    Ok(match wealth {
        0..=1 => Lifestyle::Destitute,
        2..=3 => Lifestyle::Meager,
        4..=5 => Lifestyle::Modest,
        6..=7 => Lifestyle::Bountiful,
        _ => Lifestyle::Opulent,
    })
}

fn check_wealth(wealth: u8) -> RulesResult<()> {
    RulesError::check_range("wealth", i64::from(wealth), 0, 10)
}

fn check_cost(cost: u32) -> RulesResult<()> {
    RulesError::check_range("cost", i64::from(cost), 0, i64::from(MAX_COST))
}

/// Result of an Income roll.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IncomeOutcome {
    /// The Wealth dice rolled.
    pub roll: PoolRoll,
    /// Cash dice gained (one per Success).
    pub gained: u32,
    /// The ledger entry.
    pub entry: LedgerEntry,
}

/// Whether treasure can turn into Cash now ("5. Treasure": commodities and other treasure are
/// carried back to civilization in the slots before they become Cash): only in a Haven phase.
/// `item` names the treasure for the refusal.
pub fn treasure_to_cash(item: &str, in_haven: bool) -> RulesResult<()> {
    if in_haven {
        Ok(())
    } else {
        Err(RulesError::TreasureAwayFromHaven {
            item: item.to_string(),
        })
    }
}

/// Rolls Income ("Wealth", "Haven Turns"): Wealth dice, one Cash die per Success, once per
/// session, in a Haven phase.
pub fn roll_income<R: Rng + ?Sized>(
    rng: &mut R,
    wealth: u8,
    in_haven: bool,
    purse: &mut Purse,
) -> RulesResult<IncomeOutcome> {
    check_wealth(wealth)?;
    if !in_haven {
        return Err(RulesError::not_allowed(
            "Income is rolled in a Haven phase; start one first",
        ));
    }
    if purse.income_rolled_this_session {
        return Err(RulesError::not_allowed(
            "Income is already rolled this session (once per session)",
        ));
    }
    let roll = roll_pool(rng, u32::from(wealth))?;
    let gained = roll.successes();
    let entry = purse.gain(gained, &format!("Income (Wealth {wealth})"))?;
    purse.income_rolled_this_session = true;
    Ok(IncomeOutcome {
        roll,
        gained,
        entry,
    })
}

/// Cash put at stake on a test that cannot pass: its dice can never make the Ob, and the
/// Cash is spent whatever the result ("Buying", "Experience", "Arcane Ceremony"). A player
/// is asked before such a stake is taken, never refused: the rules allow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HopelessStake {
    /// Dice the test would roll.
    pub dice: u32,
    /// The Ob they cannot reach.
    pub ob: u32,
    /// Cash dice spent whatever the result (all of `dice` for a wager).
    pub cash: u32,
}

impl HopelessStake {
    /// `Some` when `dice`, `cash` of them staked Cash, have no chance at Ob `ob`; `None` when
    /// they have one, or nothing is staked.
    pub fn check(dice: u32, ob: u32, cash: u32) -> Option<Self> {
        let hopeless = pass_probability(dice, ob).is_ok_and(|p| p == 0.0);
        (cash > 0 && hopeless).then_some(HopelessStake { dice, ob, cash })
    }

    /// Whether every die at stake is Cash (a wager), rather than Cash added to a test's own
    /// dice (a ritual's sacrifice).
    pub fn is_wager(&self) -> bool {
        self.dice == self.cash
    }

    /// A wager of `wager` Cash dice (at most `held`) against `ob`: `None` for a wager the
    /// rules would refuse anyway (none, or more than is held), which says its own reason.
    pub fn wager(wager: u32, held: u32, ob: u32) -> Option<Self> {
        (wager <= held)
            .then(|| Self::check(wager, ob, wager))
            .flatten()
    }
}

impl std::fmt::Display for HopelessStake {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dice = |n: u32| if n == 1 { "die" } else { "dice" };
        if self.is_wager() {
            write!(
                f,
                "{} Cash {} cannot reach Ob {}: this wager cannot succeed, and wagered dice are lost whatever the result.",
                self.cash,
                dice(self.cash),
                self.ob
            )
        } else {
            write!(
                f,
                "{} {} cannot reach Ob {}: this test cannot pass, and the {} Cash sacrificed is lost whatever the result.",
                self.dice,
                dice(self.dice),
                self.ob,
                self.cash
            )
        }
    }
}

/// What a purchase will take, before anything is spent ("Buying").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PurchasePlan {
    /// Cost after scarcity.
    pub cost: u32,
    /// `None`: one Cash die, no roll. `Some(ob)`: wager Cash against this Ob.
    pub ob: Option<u32>,
    /// Plain words, e.g. `"Cost 8 − Wealth 6: wager Cash against Ob 2"`.
    pub words: String,
}

/// Plans a purchase ("Buying", "Purchasing Goods and Services"): Cost (+ scarcity) at or below
/// Wealth costs one Cash die; above it, wager Cash against Ob = Cost - Wealth.
pub fn purchase_plan(wealth: u8, cost: u32, scarcity: u32) -> RulesResult<PurchasePlan> {
    check_wealth(wealth)?;
    check_cost(cost)?;
    RulesError::check_range("scarcity", i64::from(scarcity), 0, i64::from(MAX_SCARCITY))?;
    let cost = cost + scarcity;
    let w = u32::from(wealth);
    if cost <= w {
        Ok(PurchasePlan {
            cost,
            ob: None,
            words: format!("Cost {cost} is within Wealth {w}: pay 1 Cash die, no roll"),
        })
    } else {
        let ob = cost - w;
        Ok(PurchasePlan {
            cost,
            ob: Some(ob),
            words: format!("Cost {cost} − Wealth {w}: wager Cash against Ob {ob}"),
        })
    }
}

/// Result of a purchase.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PurchaseOutcome {
    /// The plan that was followed.
    pub plan: PurchasePlan,
    /// The Cash test, when one was rolled.
    pub test: Option<TestOutcome>,
    /// Whether the good or service was acquired.
    pub acquired: bool,
    /// The ledger entry for the Cash spent.
    pub entry: LedgerEntry,
}

/// Buys something ("Buying"). `wager` is the Cash dice put up when a roll is needed (1 to the
/// Cash held); it is ignored when the Cost is within Wealth. Wagered dice are lost whatever the
/// result.
pub fn purchase<R: Rng + ?Sized>(
    rng: &mut R,
    wealth: u8,
    cost: u32,
    scarcity: u32,
    wager: u32,
    purse: &mut Purse,
    what: &str,
) -> RulesResult<PurchaseOutcome> {
    let plan = purchase_plan(wealth, cost, scarcity)?;
    match plan.ob {
        None => {
            let entry = purse.spend(1, &format!("Bought {what} (Cost {})", plan.cost))?;
            Ok(PurchaseOutcome {
                plan,
                test: None,
                acquired: true,
                entry,
            })
        }
        Some(ob) => {
            if wager == 0 || wager > purse.cash.min(MAX_POOL) {
                if purse.cash == 0 {
                    return Err(RulesError::NotEnoughCash {
                        needed: 1,
                        available: 0,
                    });
                }
                return Err(RulesError::out_of_range(
                    "wager",
                    i64::from(wager),
                    1,
                    i64::from(purse.cash.min(MAX_POOL)),
                ));
            }
            let test = cash_test(rng, wager, ob)?;
            let acquired = test.passed;
            let verdict = if acquired { "bought" } else { "failed to buy" };
            let entry = purse.spend(
                wager,
                &format!("Wagered on {what} (Cost {}, Ob {ob}): {verdict}", plan.cost),
            )?;
            Ok(PurchaseOutcome {
                plan,
                test: Some(test),
                acquired,
                entry,
            })
        }
    }
}

/// Result of selling.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SaleOutcome {
    /// Dice rolled: Cost - Wealth, or 0 when the Cost is not above Wealth.
    pub dice: u32,
    /// The roll (empty when nothing is rolled).
    pub roll: PoolRoll,
    /// Cash gained, one per Success.
    pub gained: u32,
    /// The ledger entry (only when Cash was gained).
    pub entry: Option<LedgerEntry>,
}

/// Sells a good ("Selling"): Cost above Wealth rolls Cost - Wealth dice, one Cash per Success;
/// otherwise it is pocket change and yields nothing.
pub fn sell<R: Rng + ?Sized>(
    rng: &mut R,
    wealth: u8,
    cost: u32,
    purse: &mut Purse,
    what: &str,
) -> RulesResult<SaleOutcome> {
    check_wealth(wealth)?;
    check_cost(cost)?;
    let dice = cost.saturating_sub(u32::from(wealth));
    let roll = roll_pool(rng, dice)?;
    let gained = roll.successes();
    let entry = if gained > 0 {
        Some(purse.gain(gained, &format!("Sold {what} (Cost {cost})"))?)
    } else {
        None
    };
    Ok(SaleOutcome {
        dice,
        roll,
        gained,
        entry,
    })
}

/// The Cost guideline list ("Costs for Goods and Services"): a short name of our own and its
/// Cost, cheapest first. Where the reference lists a shield at both Cost 3 and Cost 4, the
/// explicit "Shield" entry (4) is used.
pub const COST_GUIDE: &[(&str, u32)] = &[
    ("Torches, oil, rations or arrows", 1),
    ("Simple weapon (club, sling)", 1),
    ("Household good", 1),
    ("Bed and a warm meal", 1),
    ("Quality expendable (gunpowder)", 2),
    ("Basic tool (hammer)", 2),
    ("Small animal (chicken, cat)", 2),
    ("Quality tool (crowbar, lantern)", 3),
    ("Crude weapon (spear, bow)", 3),
    ("Dog", 3),
    ("Sheep, goat or pig", 3),
    ("Porter (2d, 2 HP)", 3),
    ("Cheap local passage", 3),
    ("Regional parcel", 3),
    ("Specialty tool (alembic)", 4),
    ("Quality weapon (sword, axe, firearm)", 4),
    ("Shield", 4),
    ("Horse, mule or camel", 4),
    ("Cow, ox or buffalo", 4),
    ("Horse-drawn cart", 4),
    ("Rowboat", 4),
    ("Torchbearer (4d, 2 HP)", 4),
    ("Regional passage", 4),
    ("Long-distance parcel", 4),
    ("Hut or tenement room", 5),
    ("Mercenary (4d, 4 HP)", 5),
    ("Long-distance passage", 5),
    ("Heirloom weapon", 6),
    ("Armour", 6),
    ("Warhorse", 6),
    ("Cabin or apartment", 6),
    ("Expert or professional (5d, 3 HP)", 6),
    ("Veteran mercenary (5d, 5 HP)", 6),
    ("Small sailing boat", 7),
    ("Modest house", 7),
    ("Rural shrine", 7),
    ("Seasoned adventurer (6d, 6 HP)", 8),
    ("Sorcerous adept (6d, 4 HP)", 8),
    ("Exotic mount", 8),
    ("Exotic warbeast", 9),
    ("Urban shrine", 9),
    ("Large building (inn, warehouse)", 10),
    ("Large sailing ship", 10),
    ("Small estate with land", 14),
    ("Private security company", 14),
    ("Fortified manor or tower", 18),
    ("Small militia", 18),
    ("Mercenary company", 24),
    ("Small castle", 30),
    ("Large castle or palace", 42),
    ("Standing army", 42),
];

/// Runestone Cost = 3 x the spell's Channeling Ob ("Purchasing Runestones (Spells Known)").
pub fn runestone_cost(spell_ob: u8) -> RulesResult<u32> {
    RulesError::check_range("spell Ob", i64::from(spell_ob), 1, 10)?;
    Ok(3 * u32::from(spell_ob))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn cost_within_wealth_costs_one_die() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut p = Purse::new(3).unwrap();
        let o = purchase(&mut rng, 4, 4, 0, 0, &mut p, "sword").unwrap();
        assert!(o.acquired && o.test.is_none());
        assert_eq!(p.cash, 2);
        assert_eq!(o.entry.amount, -1);
        let mut empty = Purse::new(0).unwrap();
        assert!(purchase(&mut rng, 4, 1, 0, 0, &mut empty, "torch").is_err());
    }

    #[test]
    fn wager_is_lost_whatever_the_result() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut p = Purse::new(10).unwrap();
        let o = purchase(&mut rng, 6, 8, 0, 4, &mut p, "service").unwrap();
        assert_eq!(o.plan.ob, Some(2));
        assert_eq!(p.cash, 6);
        let t = o.test.unwrap();
        assert_eq!(t.roll.dice.len(), 4);
        assert_eq!(o.acquired, t.successes >= 2);
        // Over-wagering is refused and changes nothing.
        assert!(purchase(&mut rng, 6, 8, 0, 7, &mut p, "service").is_err());
        assert_eq!(p.cash, 6);
    }

    #[test]
    fn scarcity_raises_cost() {
        let plan = purchase_plan(4, 4, 1).unwrap();
        assert_eq!(plan.ob, Some(1));
    }

    #[test]
    fn lifestyle_bands() {
        assert_eq!(lifestyle(1).unwrap(), Lifestyle::Destitute);
        assert_eq!(lifestyle(3).unwrap(), Lifestyle::Meager);
        assert_eq!(lifestyle(4).unwrap(), Lifestyle::Modest);
        assert_eq!(lifestyle(7).unwrap(), Lifestyle::Bountiful);
        assert_eq!(lifestyle(10).unwrap(), Lifestyle::Opulent);
        assert!(lifestyle(11).is_err());
    }

    #[test]
    fn income_once_per_session() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut p = Purse::new(0).unwrap();
        let away = roll_income(&mut rng, 5, false, &mut p).unwrap_err();
        assert!(away.to_string().contains("Haven phase"), "{away}");
        assert_eq!(p, Purse::new(0).unwrap());
        let o = roll_income(&mut rng, 5, true, &mut p).unwrap();
        assert_eq!(o.roll.dice.len(), 5);
        assert_eq!(p.cash, o.roll.successes());
        assert!(roll_income(&mut rng, 5, true, &mut p).is_err());
        p.new_session();
        assert!(roll_income(&mut rng, 5, true, &mut p).is_ok());
    }

    #[test]
    fn selling_and_runestones() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut p = Purse::new(0).unwrap();
        let o = sell(&mut rng, 3, 3, &mut p, "lantern").unwrap();
        assert_eq!((o.dice, o.gained, p.cash), (0, 0, 0));
        let o = sell(&mut rng, 2, 6, &mut p, "armour").unwrap();
        assert_eq!(o.dice, 4);
        assert_eq!(p.cash, o.gained);
        assert_eq!(runestone_cost(4).unwrap(), 12);
    }
}
