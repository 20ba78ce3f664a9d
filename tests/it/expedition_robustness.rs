//! Arbitrary input against every remaining public function: nothing panics, out-of-range
//! values are refused with an error naming the field, and a refusal changes nothing.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::rules::expedition::RulesError;
use satchel::rules::expedition::character::Character;
use satchel::rules::expedition::combat::{
    gang_up_dice, resolve_gang_up, stray_shot, variable_damage,
};
use satchel::rules::expedition::dice::{ExtendedTest, Pool, PoolRoll, roll_pool};
use satchel::rules::expedition::harm::{
    BlockSource, Health, Hit, Rations, long_rest, short_rest, wound,
};
use satchel::rules::expedition::improvement::{Stat, improvement_ob};
use satchel::rules::expedition::magic::{
    ChannelingSetup, FellBlastMode, KnownSpell, channel, fell_blast, infuse,
    release_infusion_boost, spell_mastery,
};
use satchel::rules::expedition::money::{Purse, lifestyle, purchase_plan, runestone_cost};
use satchel::rules::expedition::objective::{Carried, GeneralFactors, ObBase, test_objective};
use satchel::rules::expedition::odds::expected_variable_damage;
use satchel::rules::expedition::referee::{
    Appearing, Difficulty, adversary, number_appearing, treasure_guide,
};
use satchel::rules::expedition::social::{
    ProjectClock, Reputation, Stronghold, connections_pool, retire,
};
use satchel::rules::expedition::spells::{CATALOGUE, Family, find_spell, spell_by_number};
use satchel::rules::expedition::tables::{depletion_check, recognition_roll};
use satchel::rules::inventory::{CarrierKind, Inventory, Item, ItemKind};

fn names_field(e: &RulesError) -> bool {
    match e {
        RulesError::OutOfRange {
            field, min, max, ..
        } => !field.is_empty() && min <= max,
        other => !other.to_string().is_empty(),
    }
}

proptest! {
    #[test]
    fn channel_refusals_change_nothing(
        seed in any::<u64>(), spell in 0usize..81, ability in any::<u8>(), armour in any::<u8>(),
        shields in any::<u8>(), dmg in any::<u32>(), ritual_hp in any::<u32>(), ritual_cash in any::<u32>(),
        hp in 0u32..=20, cash in 0u32..50, exhausted in any::<bool>()
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut k = KnownSpell::new(CATALOGUE[spell].name).unwrap();
        k.exhausted = exhausted;
        let mut h = Health::new(20).unwrap();
        h.hp = hp;
        let mut p = Purse::new(cash).unwrap();
        let setup = ChannelingSetup {
            ability, armour, shields, damage_this_round: dmg, ritual_hp, ritual_cash,
            ..Default::default()
        };
        let (k0, h0, p0) = (k.clone(), h.clone(), p.clone());
        match channel(&mut rng, &mut k, &setup, &mut h, &mut p) {
            Ok(o) => {
                prop_assert_eq!(o.potency, o.test.successes);
                prop_assert_eq!(k.exhausted, !o.test.passed);
                prop_assert_eq!(p.cash, cash - ritual_cash);
            }
            Err(e) => {
                prop_assert!(names_field(&e));
                prop_assert_eq!(k, k0);
                prop_assert_eq!(h, h0);
                prop_assert_eq!(p, p0);
            }
        }
    }

    #[test]
    fn fell_blast_and_mastery_never_panic(
        seed in any::<u64>(), d in any::<u8>(), bonus in any::<u32>(),
        targets in proptest::collection::vec(0u32..12, 0..5), name in ".{0,20}", hp in 0u32..=20
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut h = Health::new(20).unwrap();
        h.hp = hp;
        let before = h.clone();
        match fell_blast(&mut rng, d, bonus, FellBlastMode::Area, &targets, &mut h) {
            Ok(o) => prop_assert_eq!(o.hits.len(), targets.len()),
            Err(_) => prop_assert_eq!(&h, &before),
        }
        let mut never = Vec::new();
        if let Err(e) = spell_mastery(&mut rng, &name, d, &[], &mut never, &mut h) {
            prop_assert!(names_field(&e));
            prop_assert!(never.is_empty());
        }
    }

    #[test]
    fn infusion_state_machine(steps in proptest::collection::vec(0u8..3, 0..10), hp in 0u32..=5) {
        let mut k = KnownSpell::new("Bind").unwrap();
        let mut h = Health::new(5).unwrap();
        h.hp = hp;
        for s in steps {
            let before = (k.clone(), h.clone());
            let r = match s {
                0 => infuse(&mut k).map(|_| 0),
                1 => release_infusion_boost(&mut k, &mut h),
                _ => { k.long_rest(); Ok(0) }
            };
            if r.is_err() {
                prop_assert_eq!((k.clone(), h.clone()), before);
            }
            prop_assert!(!k.infused || k.exhausted);
        }
    }

    #[test]
    fn inventory_ops_never_panic(
        seed in any::<u64>(),
        ops in proptest::collection::vec((0u8..6, 0usize..3, 0usize..3, 0usize..6), 0..40)
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut inv = Inventory::new("Ada");
        let carriers = ["Ada", "Mule", "Ghost"];
        let items = ["Torch", "Bow", "Quiver", "Mail", "Ring", "Nothing"];
        for (op, c1, c2, it) in ops {
            let before = inv.clone();
            let r = match op {
                0 => inv.add_carrier(carriers[c1], CarrierKind::PackAnimal),
                1 => {
                    let item = match it {
                        0 => Item::consumable("Torch", 10).unwrap(),
                        1 => Item::ranged_weapon("Bow", "arrows"),
                        2 => Item::ammunition("Quiver", "arrows", Some(8)).unwrap(),
                        3 => Item::armour("Mail"),
                        _ => Item::mouth_sized("Ring"),
                    };
                    inv.place(carriers[c1], item)
                }
                2 => inv.move_item(carriers[c1], carriers[c2], items[it]),
                3 => inv.use_item(&mut rng, carriers[c1], items[it]).map(|_| ()),
                4 => inv.remove_carrier(carriers[c1]).map(|_| ()),
                _ => inv.can_fire(items[it]).map(|_| ()),
            };
            if op != 3 && r.is_err() {
                prop_assert_eq!(&inv, &before);
            }
            prop_assert!(inv.validate().is_empty());
        }
    }

    #[test]
    fn referee_and_money_helpers(
        tag in 0u8..4, players in any::<u32>(), level in any::<u32>(), wealth in any::<u8>(),
        cost in any::<u32>(), scarcity in any::<u32>(), ob in any::<u8>()
    ) {
        let tag = [Appearing::Several, Appearing::Plural, Appearing::Many, Appearing::Tons][usize::from(tag)];
        match number_appearing(tag, players) {
            Ok(r) => prop_assert!(r.min <= r.typical && r.typical <= r.max && r.min >= 1),
            Err(e) => prop_assert!(names_field(&e) && (players == 0 || players > 20)),
        }
        if let Ok(a) = adversary(level) {
            prop_assert_eq!((a.pool, a.hp), (level + 2, 2 * level));
        }
        if let Ok(t) = treasure_guide(Difficulty::Fiendish, players) {
            prop_assert_eq!(t.hoards_most, players.div_ceil(2));
            prop_assert_eq!(t.hoards_fewest, (players / 2).max(1));
            // Between the two counts of whole hoards.
            prop_assert!(t.total_typical >= t.hoards_fewest * t.per_hoard.typical);
            prop_assert!(t.total_typical <= t.hoards_most * t.per_hoard.typical);
        }
        prop_assert_eq!(lifestyle(wealth).is_ok(), wealth <= 10);
        if let Ok(p) = purchase_plan(wealth, cost, scarcity) {
            prop_assert_eq!(p.ob.is_none(), cost + scarcity <= u32::from(wealth));
        }
        match runestone_cost(ob) {
            Ok(c) => prop_assert_eq!(c, 3 * u32::from(ob)),
            Err(_) => prop_assert!(ob == 0 || ob > 10),
        }
    }

    #[test]
    fn social_helpers(
        presence in any::<u8>(), conn in any::<u8>(), rep in any::<i8>(), delta in any::<i32>(),
        rating in any::<u8>(), size in any::<u8>(), rw in any::<u8>(), ra in any::<u8>(), sa in any::<u8>()
    ) {
        if let Ok(p) = connections_pool(presence, conn, rep) {
            prop_assert_eq!(p.dice(), 2 + u32::from(presence) + u32::from(conn) + u32::from(rep.max(0).unsigned_abs()));
        }
        let mut r = Reputation { faction: "F".into(), score: rep };
        r.adjust(delta);
        prop_assert!((-6..=6).contains(&r.score));
        prop_assert_eq!(Stronghold::new("S", rating).is_ok(), (1..=6).contains(&rating));
        prop_assert_eq!(ProjectClock::new("P", size).is_ok(), (2..=8).contains(&size));
        if let Ok(b) = retire(rw, ra, sa, satchel::rules::expedition::dice::Ability::Might, &[], None) {
            prop_assert!(b.new_ability_score <= ra.max(sa));
            prop_assert_eq!(b.wealth_bonus, rw / 3);
        }
    }

    #[test]
    fn combat_and_damage_helpers(
        seed in any::<u64>(), a in any::<u32>(), b in any::<u32>(), c in any::<u32>(), d in any::<u32>(),
        allies in any::<u32>(), n in any::<u32>(), saved in any::<bool>()
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let _ = gang_up_dice(a, allies);
        let g = resolve_gang_up(a, b, c, d, allies);
        prop_assert!(g.to_target == 0 || g.to_each_member == 0 || a == c);
        if let Ok(Some(s)) = stray_shot(&mut rng, a % 20, c % 20, (allies % 5) as usize) {
            prop_assert!(s.ally < (allies % 5) as usize);
        }
        match variable_damage(&mut rng, n % 300, b % 300, saved) {
            Ok(v) => prop_assert!(v.damage <= v.full),
            Err(_) => prop_assert!(n % 300 > 200 || b % 300 > 200),
        }
        if let Ok(e) = expected_variable_damage(n % 300, b % 300, saved) {
            prop_assert!(e >= 0.0);
        }
    }

    #[test]
    fn harm_helpers(
        seed in any::<u64>(), bonus in any::<u32>(), hps in proptest::collection::vec(1u32..=20, 0..5),
        score in any::<u8>(), armour in any::<bool>(), shields in 0u8..4, blocks in proptest::collection::vec(any::<bool>(), 0..8)
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut h = Health::new(10).unwrap();
        let _ = h.add_bonus_hp(bonus);
        prop_assert!(h.bonus_hp <= 100);
        let mut party: Vec<Health> = hps.iter().map(|&m| Health::new(m).unwrap()).collect();
        let before = party.clone();
        match short_rest(&mut rng, &mut party, Rations::Score(score)) {
            Ok(o) => prop_assert_eq!(o.healed.len(), party.len()),
            Err(_) => prop_assert_eq!(&party, &before),
        }
        if long_rest(&mut rng, &mut party, Rations::Score(score)).is_ok() {
            prop_assert!(party.iter().all(|p| p.hp == p.max_hp));
        }
        let mut gear = Inventory::new("Ada");
        if armour {
            gear.carriers[0].items.push(Item::armour("Mail"));
        }
        for _ in 0..shields {
            gear.carriers[0].items.push(Item { kind: ItemKind::Shield, ..Item::new("Shield") });
        }
        let mut h = Health::new(20).unwrap();
        let mut used = 0;
        for use_armour in blocks {
            let src = if use_armour { BlockSource::Armour } else { BlockSource::Shield };
            let before = (h.clone(), gear.clone());
            let hit = Hit { amount: 1, block: Some(src), infusion: None };
            match wound(&mut h, &mut gear, &mut [], hit) {
                Ok(w) => {
                    used += 1;
                    prop_assert_eq!(w.damage.from_hp, 0, "a Block 2 stops a 1-point hit");
                }
                Err(_) => prop_assert_eq!((h.clone(), gear.clone()), before),
            }
        }
        prop_assert!(used <= u32::from(armour) + u32::from(shields));
        prop_assert_eq!(gear.protection().blocks_left(), u32::from(armour) + u32::from(shields) - used);
        prop_assert_eq!(depletion_check(&mut rng, score).is_ok(), (1..=20).contains(&score));
    }

    #[test]
    fn dice_helpers(
        seed in any::<u64>(), faces in proptest::collection::vec(any::<u8>(), 0..10),
        n in any::<u32>(), target in any::<u32>(), maxf in proptest::option::of(any::<u32>()),
        results in proptest::collection::vec(any::<bool>(), 0..50), rep in any::<i8>()
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        prop_assert_eq!(PoolRoll::from_faces(&faces).is_ok(), faces.iter().all(|f| (1..=6).contains(f)));
        prop_assert_eq!(roll_pool(&mut rng, n % 400).is_ok(), n % 400 <= 200);
        prop_assert_eq!(Pool::cash(n).is_ok(), n <= 200);
        prop_assert!(Pool::npc(n % 50, n % 7, n % 9).is_ok());
        if let Ok(mut e) = ExtendedTest::new(target, maxf) {
            for r in results {
                let _ = e.record(r);
                prop_assert!(e.passes <= e.target_passes);
            }
        }
        prop_assert_eq!(recognition_roll(&mut rng, rep).is_ok(), (-6..=6).contains(&rep));
    }

    #[test]
    fn catalogue_and_stats(name in ".{0,30}", fam in any::<u8>(), num in any::<u8>(), rank in any::<u32>(), g in any::<u8>()) {
        if let Err(e) = find_spell(&name) {
            let unknown = matches!(e, RulesError::UnknownSpell { .. });
            prop_assert!(unknown);
        }
        if let Ok(f) = Family::from_d8(fam) {
            prop_assert_eq!(spell_by_number(f, num).is_ok(), (1..=10).contains(&num));
        }
        for s in [Stat::Wealth, Stat::HitPoints, Stat::Connections, Stat::Stronghold("K".into())] {
            if let Ok(ob) = improvement_ob(&s, rank) { prop_assert!(rank <= s.max() && ob >= 1); }
        }
        let carried = Carried { armour_worn: g, shields_carried: g / 2 };
        match test_objective(&ObBase::Factors(GeneralFactors::default()), true, carried) {
            Ok(o) => prop_assert_eq!(o.ob, 2 + u32::from(g) + u32::from(g / 2)),
            Err(e) => prop_assert!(names_field(&e)),
        }
        // Armour weighs on no test but its own kinds, whatever it is.
        if let Ok(o) = test_objective(&ObBase::Set(3), false, carried) {
            prop_assert_eq!(o.ob, 3);
        }
    }

    #[test]
    fn runestone_purchases_never_overspend(
        seed in any::<u64>(), name in prop_oneof![Just("Leech".to_string()), Just("Time Skip".to_string()), ".{0,12}"],
        wealth in 0u8..=10, cash in 0u32..30, scarcity in any::<u32>(), wager in any::<u32>()
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let ab = satchel::rules::expedition::character::Abilities {
            might: 3, agility: 3, presence: 3, acuity: 3, discipline: 3,
        };
        let mut c = Character::new("Ada", ab, 6, wealth, cash).unwrap();
        let before = c.clone();
        match c.buy_runestone(&mut rng, &name, scarcity, wager) {
            Ok(o) => {
                prop_assert!(c.purse.cash < cash);
                prop_assert_eq!(c.spells.len(), usize::from(o.acquired));
            }
            Err(_) => prop_assert_eq!(&c, &before),
        }
        let (faces, spells) = satchel::rules::expedition::referee::runestones_for_sale(
            &mut rng, satchel::rules::expedition::referee::Settlement::Holdfast);
        prop_assert!(spells.len() <= 1);
        prop_assert_eq!(faces.len(), 1 + 2 * spells.len());
    }

    #[test]
    fn stored_json_is_validated(might in any::<i64>(), wealth in any::<i64>(), garbage in ".{0,100}") {
        let ab = satchel::rules::expedition::character::Abilities {
            might: 3, agility: 3, presence: 3, acuity: 3, discipline: 3,
        };
        let c = Character::new("Ada", ab, 6, 2, 1).unwrap();
        let mut v = serde_json::to_value(&c).unwrap();
        v["abilities"]["might"] = serde_json::json!(might);
        v["wealth"] = serde_json::json!(wealth);
        match serde_json::from_value::<Character>(v) {
            Ok(back) => {
                prop_assert!((0..=255).contains(&might) && (0..=255).contains(&wealth));
                let ok = (1..=8).contains(&might) && (0..=10).contains(&wealth);
                prop_assert_eq!(back.validate().is_empty(), ok);
            }
            Err(_) => prop_assert!(!(0..=255).contains(&might) || !(0..=255).contains(&wealth)),
        }
        // Arbitrary text never panics the loader.
        let parsed: Result<Character, _> = serde_json::from_str(&garbage);
        prop_assert!(parsed.is_err() || parsed.is_ok_and(|c| c.validate().len() < 1000));
    }
}
