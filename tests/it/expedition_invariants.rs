//! Property tests: arbitrary input never panics, refusals change nothing, and the invariants
//! of the rules hold (Cash never negative, slots never over capacity, improvement never past
//! the maximum, HP never above max).

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::rules::expedition::character::{Abilities, Character};
use satchel::rules::expedition::combat::{Combatant, resolve_exchange};
use satchel::rules::expedition::dice::{Ability, MAX_POOL, Pool, independent_test, versus_test};
use satchel::rules::expedition::harm::Health;
use satchel::rules::expedition::improvement::Stat;
use satchel::rules::expedition::money::{Purse, purchase, sell};
use satchel::rules::expedition::objective::{
    ConnectionsFactors, Degree, Role, channeling_objective, connections_objective,
};
use satchel::rules::expedition::tables::{
    read_depletion, read_distance, read_down_and_out, read_exploration_check, read_reaction,
};
use satchel::rules::inventory::{CarrierKind, Inventory, Item};

proptest! {
    #[test]
    fn pools_never_panic_and_stay_bounded(
        ability in any::<u8>(), bonus in any::<u32>(), penalty in any::<u32>(), help in any::<u32>()
    ) {
        match Pool::ability(ability, bonus, penalty, help) {
            Ok(p) => {
                prop_assert!((1..=8).contains(&ability));
                prop_assert!(p.dice() <= MAX_POOL);
                let raw = 2i64 + i64::from(ability) + i64::from(bonus) + i64::from(help)
                    - i64::from(penalty);
                prop_assert_eq!(i64::from(p.dice()), raw.max(0));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn independent_tests_read_their_dice(
        seed in any::<u64>(), dice in 0u32..300, ob in 0u32..300, free in 0u32..300
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        match independent_test(&mut rng, dice, ob, free) {
            Ok(t) => {
                prop_assert_eq!(t.roll.dice.len() as u32, dice);
                prop_assert!(t.roll.faces().iter().all(|f| (1..=6).contains(f)));
                prop_assert_eq!(t.passed, t.successes >= ob);
                if !t.passed {
                    prop_assert_eq!(t.margin, i64::from(t.successes) - i64::from(ob));
                }
            }
            Err(_) => prop_assert!(dice > MAX_POOL || ob > MAX_POOL || free > MAX_POOL),
        }
    }

    #[test]
    fn versus_tests_never_panic(seed in any::<u64>(), a in 0u32..300, b in 0u32..300) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        match versus_test(&mut rng, a, b, 1, 1) {
            Ok(v) => prop_assert_eq!(v.a.dice.len() as u32, a),
            Err(_) => prop_assert!(a > MAX_POOL || b > MAX_POOL),
        }
    }

    #[test]
    fn cash_never_negative_and_ledger_balances(
        start in 0u32..1000, ops in proptest::collection::vec((any::<bool>(), 0u32..500), 0..40)
    ) {
        let mut p = Purse::new(start).unwrap();
        for (gain, n) in ops {
            let before = p.clone();
            let r = if gain { p.gain(n, "test") } else { p.spend(n, "test") };
            if r.is_err() {
                prop_assert_eq!(&p, &before);
            }
        }
        let sum: i64 = p.ledger.iter().map(|e| e.amount).sum();
        prop_assert_eq!(i64::from(start) + sum, i64::from(p.cash));
    }

    #[test]
    fn purchases_and_sales_never_panic(
        seed in any::<u64>(), wealth in any::<u8>(), cost in any::<u32>(), scarcity in any::<u32>(),
        wager in any::<u32>(), cash in 0u32..300
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut p = Purse::new(cash).unwrap();
        let before = p.clone();
        match purchase(&mut rng, wealth, cost, scarcity, wager, &mut p, "thing") {
            Ok(o) => {
                prop_assert!(p.cash < before.cash);
                prop_assert_eq!(i64::from(p.cash) - i64::from(before.cash), o.entry.amount);
            }
            Err(_) => prop_assert_eq!(&p, &before),
        }
        let before = p.clone();
        if sell(&mut rng, wealth, cost, &mut p, "thing").is_err() {
            prop_assert_eq!(&p, &before);
        }
    }

    #[test]
    fn slots_never_exceed_capacity(
        ops in proptest::collection::vec((0usize..4, any::<u8>()), 0..60)
    ) {
        let mut inv = Inventory::new("Ada");
        inv.add_carrier("Mule", CarrierKind::PackAnimal).unwrap();
        inv.add_carrier("Cart", CarrierKind::SmallCart).unwrap();
        inv.add_carrier("Porter", CarrierKind::Porter).unwrap();
        let names = ["Ada", "Mule", "Cart", "Porter"];
        for (i, (c, size)) in ops.into_iter().enumerate() {
            let before = inv.clone();
            let item = Item { size, ..Item::new(&format!("item {i}")) };
            if inv.place(names[c], item).is_err() {
                prop_assert_eq!(&inv, &before);
            }
            for carrier in &inv.carriers {
                prop_assert!(carrier.used() <= carrier.kind.capacity());
            }
        }
        prop_assert!(inv.validate().is_empty());
    }

    #[test]
    fn improvement_never_exceeds_maximum(seed in any::<u64>(), sessions in 1usize..40) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let ab = Abilities { might: 7, agility: 1, presence: 1, acuity: 1, discipline: 1 };
        let mut c = Character::new("Ada", ab, 19, 9, 10_000).unwrap();
        c.connections = 5;
        c.in_haven = true;
        let stats = [Stat::Ability(Ability::Might), Stat::Wealth, Stat::HitPoints, Stat::Connections];
        for _ in 0..sessions {
            for s in &stats {
                let _ = c.improve(&mut rng, s, 60);
            }
            c.new_session();
        }
        prop_assert!(c.abilities.might <= 8);
        prop_assert!(c.wealth <= 10);
        prop_assert!(c.health.max_hp <= 20);
        prop_assert!(c.connections <= 6);
        prop_assert!(c.validate().is_empty());
    }

    #[test]
    fn damage_keeps_hp_in_bounds(max in any::<u32>(), hits in proptest::collection::vec(any::<u32>(), 0..20)) {
        if let Ok(mut h) = Health::new(max) {
            for d in hits {
                let before = h.clone();
                if h.take_damage(d).is_err() {
                    prop_assert_eq!(&h, &before);
                }
                prop_assert!(h.hp <= h.max_hp);
            }
        } else {
            prop_assert!(max == 0 || max > 20);
        }
    }

    #[test]
    fn table_readers_never_panic(a in any::<u8>(), b in any::<u8>(), armour in any::<bool>()) {
        prop_assert_eq!(read_depletion(a, b).is_ok(), (1..=20).contains(&a) && (1..=20).contains(&b));
        prop_assert_eq!(read_down_and_out(a, b, armour).is_ok(), (1..=6).contains(&a) && (1..=6).contains(&b));
        prop_assert_eq!(read_reaction(a).is_ok(), (1..=10).contains(&a));
        prop_assert_eq!(read_exploration_check(a).is_ok(), (1..=6).contains(&a));
        prop_assert_eq!(read_distance(a).is_ok(), (1..=6).contains(&a));
    }

    #[test]
    fn connections_ob_at_least_one(
        role in 0u8..4, degree in 0u8..4, flags in proptest::collection::vec(any::<bool>(), 8)
    ) {
        let f = ConnectionsFactors {
            role: [Role::Common, Role::Uncommon, Role::Rare, Role::Unique][usize::from(role)],
            degree: [Degree::SameCircles, Degree::SimilarCircles, Degree::NotMuchConnection,
                Degree::VeryDifferentCircles][usize::from(degree)],
            hostile: flags[0], small_settlement: flags[1], wilderness: flags[2], in_hiding: flags[3],
            sincere_ally: flags[4], known_location: flags[5], actively_looking: flags[6],
            caroused: flags[7],
        };
        let o = connections_objective(&f);
        prop_assert!(o.ob >= 1);
        let raw: i32 = o.factors.iter().map(|x| x.delta).sum();
        prop_assert_eq!(o.ob as i32, raw.max(1));
    }

    #[test]
    fn channeling_ob_never_panics(ob in any::<u8>(), ar in any::<u8>(), sh in any::<u8>(), dmg in any::<u32>()) {
        if let Ok(o) = channeling_objective(ob, ar, sh, dmg) {
            prop_assert_eq!(o.ob, u32::from(ob) + u32::from(ar) + u32::from(sh) + dmg);
        }
    }

    #[test]
    fn exchanges_never_panic(
        succ in proptest::collection::vec(0u32..10, 1..6),
        threats in proptest::collection::vec((0usize..8, 0usize..8), 0..10),
        helpless in proptest::collection::vec(any::<bool>(), 6)
    ) {
        let cs: Vec<Combatant> = succ.iter().enumerate().map(|(i, _)| Combatant {
            name: format!("c{i}"), dice: 3, free_successes: 0, helpless: helpless[i],
        }).collect();
        match resolve_exchange(&cs, &succ, &threats) {
            Ok((dmg, _)) => {
                prop_assert_eq!(dmg.len(), cs.len());
                let total: u32 = dmg.iter().sum();
                // Nobody can take more than every pairing's biggest possible hit.
                prop_assert!(total <= 20 * threats.len() as u32);
            }
            Err(_) => prop_assert!(threats.iter().any(|&(a, t)| a >= cs.len() || t >= cs.len() || a == t)),
        }
    }

    #[test]
    fn character_validation_names_bad_abilities(m in any::<u8>(), a in any::<u8>()) {
        let ab = Abilities { might: m, agility: a, presence: 3, acuity: 3, discipline: 3 };
        match Character::new("X", ab, 5, 2, 0) {
            Ok(c) => prop_assert!(c.validate().is_empty()),
            Err(errs) => {
                let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
                if !(1..=8).contains(&m) {
                    prop_assert!(text.iter().any(|t| t.starts_with("abilities.might")));
                }
                if !(1..=8).contains(&a) {
                    prop_assert!(text.iter().any(|t| t.starts_with("abilities.agility")));
                }
            }
        }
    }
}

proptest! {
    /// A d6 makes at most one success, so a stake is hopeless exactly when its dice are fewer
    /// than the Ob, and only Cash at stake is ever asked about.
    #[test]
    fn a_stake_is_hopeless_exactly_when_the_dice_are_fewer_than_the_ob(
        dice in 0u32..=40,
        ob in 0u32..=40,
        cash in 0u32..=40,
    ) {
        use satchel::rules::expedition::money::HopelessStake;
        let asked = HopelessStake::check(dice, ob, cash);
        prop_assert_eq!(asked.is_some(), cash > 0 && dice < ob);
        // A wager stakes every die, and one larger than the purse is the rules' to refuse.
        let held = 20;
        let w = HopelessStake::wager(dice, held, ob);
        prop_assert_eq!(w.is_some(), dice > 0 && dice <= held && dice < ob);
        if let Some(w) = w {
            prop_assert_eq!((w.dice, w.cash), (dice, dice));
        }
    }
}
