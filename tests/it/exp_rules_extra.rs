//! Additions to the Expedition rules for the sheet: the Cost guideline list and ledger times.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::rules::expedition::money::{COST_GUIDE, Purse, purchase, purchase_plan};

#[test]
fn cost_guide_is_the_reference_list_in_cost_order() {
    assert_eq!(COST_GUIDE.len(), 51);
    assert!(COST_GUIDE.windows(2).all(|w| w[0].1 <= w[1].1));
    let costs: Vec<u32> = {
        let mut c: Vec<u32> = COST_GUIDE.iter().map(|g| g.1).collect();
        c.dedup();
        c
    };
    assert_eq!(costs, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 18, 24, 30, 42]);
    for (name, cost) in [
        ("Shield", 4),
        ("Armour", 6),
        ("Porter (2d, 2 HP)", 3),
        ("Standing army", 42),
    ] {
        assert!(COST_GUIDE.contains(&(name, cost)), "{name}");
    }
    let mut names: Vec<&str> = COST_GUIDE.iter().map(|g| g.0).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), COST_GUIDE.len(), "names are unique");
    // Every entry plans: within Wealth 4 a Shield is one die; Armour is a wager against Ob 2.
    for &(_, c) in COST_GUIDE {
        assert!(purchase_plan(4, c, 0).is_ok());
    }
    assert_eq!(purchase_plan(4, 4, 0).unwrap().ob, None);
    assert_eq!(purchase_plan(4, 6, 0).unwrap().ob, Some(2));
}

#[test]
fn the_rules_leave_ledger_times_to_the_sheet() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut p = Purse::new(6).unwrap();
    let o = purchase(&mut rng, 4, 6, 0, 3, &mut p, "Armour").unwrap();
    assert_eq!(o.entry.at, None);
    assert_eq!(o.entry.amount, -3);
    assert_eq!(p.cash, 3);
    assert!(p.ledger.iter().all(|l| l.at.is_none()));
}
