//! The gear reducer and the inventory rules it builds on: exact outcomes for every edit, the
//! quick-add list, warnings, treasure totals and the end-of-session split, and properties
//! (a refused edit changes nothing; nothing is ever lost; stored gear round-trips).

use proptest::prelude::*;
use satchel::model::gear::{GearEdit, apply_gear};
use satchel::rules::expedition::inventory::{
    COMMON_ITEMS, CarrierKind, Inventory, Item, ItemKind, TreasureSplit, split_treasure,
};
use satchel::rules::expedition::tables::DepletionReading;

fn add(inv: &mut Inventory, carrier: usize, item: Item) -> Result<(), String> {
    apply_gear(inv, GearEdit::Add { carrier, item })
}

fn common(name: &str) -> Item {
    COMMON_ITEMS
        .iter()
        .find(|c| c.name == name)
        .expect("in the list")
        .item()
}

fn with_mule() -> Inventory {
    let mut inv = Inventory::new("Ada");
    apply_gear(
        &mut inv,
        GearEdit::AddCarrier {
            name: "Mule".into(),
            kind: CarrierKind::PackAnimal,
        },
    )
    .unwrap();
    inv
}

#[test]
fn fifteen_slots_then_a_bulky_item_is_refused_with_the_free_space() {
    let mut inv = Inventory::new("Ada");
    add(&mut inv, 0, Item::armour("Mail")).unwrap();
    for i in 0..12 {
        add(&mut inv, 0, Item::new(&format!("Thing {i}"))).unwrap();
    }
    assert_eq!(inv.carriers[0].used(), 14);
    let before = inv.clone();
    let err = add(&mut inv, 0, Item::bulky("Chest", 3).unwrap()).unwrap_err();
    assert_eq!(err, "Ada: the item needs 3 slots but only 1 are free");
    assert_eq!(inv, before);
    add(&mut inv, 0, Item::mouth_sized("Ring")).unwrap();
    add(&mut inv, 0, Item::new("Last")).unwrap();
    assert_eq!(inv.carriers[0].used(), 15);
    assert_eq!(inv.carriers[0].free(), 0);
}

#[test]
fn move_to_a_pack_animal_and_refusal_when_full() {
    let mut inv = with_mule();
    add(&mut inv, 0, Item::bulky("Chest", 4).unwrap()).unwrap();
    add(&mut inv, 0, Item::bulky("Tent", 3).unwrap()).unwrap();
    apply_gear(
        &mut inv,
        GearEdit::Move {
            from: 0,
            index: 0,
            to: 1,
        },
    )
    .unwrap();
    assert_eq!(inv.carriers[1].items[0].name, "Chest");
    assert_eq!(inv.carriers[0].used(), 3);
    assert_eq!(inv.carriers[1].used(), 4);
    let before = inv.clone();
    let err = apply_gear(
        &mut inv,
        GearEdit::Move {
            from: 0,
            index: 0,
            to: 1,
        },
    )
    .unwrap_err();
    assert_eq!(err, "Mule: the item needs 3 slots but only 2 are free");
    assert_eq!(inv, before);
    // Moving onto itself is a no-op, a stale index is refused.
    apply_gear(
        &mut inv,
        GearEdit::Move {
            from: 0,
            index: 0,
            to: 0,
        },
    )
    .unwrap();
    assert_eq!(inv, before);
    assert_eq!(
        apply_gear(
            &mut inv,
            GearEdit::Move {
                from: 0,
                index: 9,
                to: 1
            }
        )
        .unwrap_err(),
        "That item is no longer there."
    );
}

#[test]
fn removing_a_carrier_moves_its_items_or_is_refused_whole() {
    let mut inv = with_mule();
    add(&mut inv, 1, Item::bulky("Chest", 4).unwrap()).unwrap();
    add(&mut inv, 0, Item::bulky("Tent", 12).unwrap()).unwrap();
    let before = inv.clone();
    let err = apply_gear(
        &mut inv,
        GearEdit::RemoveCarrier {
            carrier: 1,
            items_to: 0,
        },
    )
    .unwrap_err();
    assert_eq!(err, "Ada: the item needs 4 slots but only 3 are free");
    assert_eq!(inv, before);
    apply_gear(
        &mut inv,
        GearEdit::Remove {
            carrier: 0,
            index: 0,
        },
    )
    .unwrap();
    apply_gear(
        &mut inv,
        GearEdit::RemoveCarrier {
            carrier: 1,
            items_to: 0,
        },
    )
    .unwrap();
    assert_eq!(inv.carriers.len(), 1);
    assert_eq!(inv.carriers[0].items[0].name, "Chest");
    assert!(
        apply_gear(
            &mut inv,
            GearEdit::RemoveCarrier {
                carrier: 0,
                items_to: 0
            }
        )
        .is_err()
    );
}

#[test]
fn removing_a_carrier_into_a_later_one() {
    let mut inv = with_mule();
    apply_gear(
        &mut inv,
        GearEdit::AddCarrier {
            name: "Wagon".into(),
            kind: CarrierKind::LargeCart,
        },
    )
    .unwrap();
    add(&mut inv, 1, Item::new("Sack")).unwrap();
    apply_gear(
        &mut inv,
        GearEdit::RemoveCarrier {
            carrier: 1,
            items_to: 2,
        },
    )
    .unwrap();
    assert_eq!(inv.carriers[1].name, "Wagon");
    assert_eq!(inv.carriers[1].items[0].name, "Sack");
}

#[test]
fn carriers_have_unique_names_and_their_capacities() {
    let mut inv = with_mule();
    let e = apply_gear(
        &mut inv,
        GearEdit::AddCarrier {
            name: " Mule ".into(),
            kind: CarrierKind::Porter,
        },
    )
    .unwrap_err();
    assert_eq!(e, "There is already a carrier called \"Mule\".");
    apply_gear(
        &mut inv,
        GearEdit::RenameCarrier {
            carrier: 1,
            name: "  Bess ".into(),
        },
    )
    .unwrap();
    assert_eq!(inv.carriers[1].name, "Bess");
    assert_eq!(
        apply_gear(
            &mut inv,
            GearEdit::RenameCarrier {
                carrier: 1,
                name: "Ada".into()
            }
        )
        .unwrap_err(),
        "There is already a carrier called \"Ada\"."
    );
    assert_eq!(
        apply_gear(
            &mut inv,
            GearEdit::RenameCarrier {
                carrier: 1,
                name: " ".into()
            }
        )
        .unwrap_err(),
        "Give the carrier a name."
    );
    let caps: Vec<u32> = CarrierKind::ADDABLE.iter().map(|k| k.capacity()).collect();
    assert_eq!(caps, vec![3, 3, 3, 6, 3, 6]);
}

#[test]
fn update_checks_the_grown_size_only() {
    let mut inv = Inventory::new("Ada");
    add(&mut inv, 0, Item::bulky("Tent", 13).unwrap()).unwrap();
    add(&mut inv, 0, Item::new("Rope")).unwrap();
    let mut rope = inv.carriers[0].items[1].clone();
    rope.notes = "50 feet".into();
    rope.quantity = 1;
    apply_gear(
        &mut inv,
        GearEdit::Update {
            carrier: 0,
            index: 1,
            item: rope.clone(),
        },
    )
    .unwrap();
    assert_eq!(inv.carriers[0].items[1].notes, "50 feet");
    rope.size = 3;
    let e = apply_gear(
        &mut inv,
        GearEdit::Update {
            carrier: 0,
            index: 1,
            item: rope.clone(),
        },
    )
    .unwrap_err();
    assert_eq!(e, "Ada: the item needs 2 slots but only 1 are free");
    rope.size = 2;
    apply_gear(
        &mut inv,
        GearEdit::Update {
            carrier: 0,
            index: 1,
            item: rope.clone(),
        },
    )
    .unwrap();
    assert_eq!(inv.carriers[0].used(), 15);
    rope.name = "   ".into();
    assert_eq!(
        apply_gear(
            &mut inv,
            GearEdit::Update {
                carrier: 0,
                index: 1,
                item: rope.clone()
            }
        )
        .unwrap_err(),
        "Give the item a name."
    );
    rope.name = "x".repeat(81);
    assert!(
        apply_gear(
            &mut inv,
            GearEdit::Update {
                carrier: 0,
                index: 1,
                item: rope
            }
        )
        .is_err()
    );
}

#[test]
fn depletion_marks_last_use_and_only_on_consumables() {
    let mut inv = Inventory::new("Ada");
    add(&mut inv, 0, common("Torches")).unwrap();
    add(&mut inv, 0, common("Rope")).unwrap();
    let hold = GearEdit::Depleted {
        carrier: 0,
        index: 0,
        reading: DepletionReading::Holds,
    };
    apply_gear(&mut inv, hold).unwrap();
    assert!(!inv.carriers[0].items[0].last_use);
    let last = GearEdit::Depleted {
        carrier: 0,
        index: 0,
        reading: DepletionReading::LastUse,
    };
    apply_gear(&mut inv, last).unwrap();
    assert!(inv.carriers[0].items[0].last_use);
    let rope = GearEdit::Depleted {
        carrier: 0,
        index: 1,
        reading: DepletionReading::LastUse,
    };
    assert_eq!(
        apply_gear(&mut inv, rope).unwrap_err(),
        "Rope has no Depletion score."
    );
}

#[test]
fn common_items_carry_cost_tiers_and_depletion() {
    let torches = COMMON_ITEMS.iter().find(|c| c.name == "Torches").unwrap();
    assert_eq!(
        (torches.cost, torches.depletion, torches.kind),
        (1, Some(15), ItemKind::Light)
    );
    let rations = common("Rations");
    assert_eq!(rations.depletion, Some(11));
    let armour = COMMON_ITEMS.iter().find(|c| c.name == "Armour").unwrap();
    assert_eq!((armour.size, armour.cost), (2, 6));
    assert_eq!(common("Bow").needs_ammo.as_deref(), Some("arrows"));
    assert_eq!(
        common("Arrows (quiver)").ammo_type.as_deref(),
        Some("arrows")
    );
    for c in COMMON_ITEMS {
        assert!(c.item().validate("item").is_empty(), "{}", c.name);
        assert!((1..=6).contains(&c.cost), "{}", c.name);
    }
}

#[test]
fn bow_without_arrows_warns_until_arrows_are_in_own_slots() {
    let mut inv = with_mule();
    add(&mut inv, 0, common("Bow")).unwrap();
    assert_eq!(
        inv.warnings(),
        vec!["Bow: no arrows in your own slots, so it cannot be fired.".to_string()]
    );
    add(&mut inv, 1, common("Arrows (quiver)")).unwrap();
    assert_eq!(inv.warnings().len(), 1);
    apply_gear(
        &mut inv,
        GearEdit::Move {
            from: 1,
            index: 0,
            to: 0,
        },
    )
    .unwrap();
    assert!(inv.warnings().is_empty());
    add(&mut inv, 0, common("Sling stones")).unwrap();
    add(&mut inv, 0, common("Firearm")).unwrap();
    assert_eq!(
        inv.warnings(),
        vec!["Firearm: no bullets in your own slots, so it cannot be fired.".to_string()]
    );
}

#[test]
fn over_capacity_carriers_and_burdens_are_reported() {
    let mut inv = with_mule();
    inv.carriers[1].items.push(Item::bulky("Anvil", 8).unwrap());
    assert_eq!(
        inv.warnings(),
        vec!["Mule carries 8 of 6 slots: move 2 off.".to_string()]
    );
    add(&mut inv, 0, common("Armour")).unwrap();
    add(&mut inv, 0, common("Shield")).unwrap();
    add(&mut inv, 1, common("Shield")).unwrap_err();
    let names: Vec<&str> = inv.burdens().iter().map(|i| i.name.as_str()).collect();
    assert_eq!(names, vec!["Armour", "Shield"]);
    inv.unlimited = true;
    assert!(inv.warnings().is_empty());
}

#[test]
fn list_mode_has_no_slot_limit() {
    let mut inv = Inventory::new("Vex");
    apply_gear(&mut inv, GearEdit::Unlimited(true)).unwrap();
    for i in 0..20 {
        add(&mut inv, 0, Item::armour(&format!("Plate {i}"))).unwrap();
    }
    assert_eq!(inv.carriers[0].used(), 40);
    assert!(inv.validate().is_empty());
}

#[test]
fn treasure_value_counts_treasure_only() {
    let mut inv = with_mule();
    let gem = Item {
        kind: ItemKind::Treasure,
        value: 12,
        ..Item::new("Gems")
    };
    let idol = Item {
        kind: ItemKind::Treasure,
        value: 30,
        size: 2,
        ..Item::new("Idol")
    };
    add(&mut inv, 0, gem).unwrap();
    add(&mut inv, 1, idol).unwrap();
    add(
        &mut inv,
        0,
        Item {
            value: 99,
            ..Item::new("Sword")
        },
    )
    .unwrap();
    assert_eq!(inv.treasure_value(), 42);
}

#[test]
fn treasure_split_is_exact() {
    assert_eq!(
        split_treasure(42, 4, 1).unwrap(),
        TreasureSplit {
            each: 8,
            per_absent: 8,
            set_aside: 8,
            left_over: 2
        }
    );
    assert_eq!(
        split_treasure(40, 4, 0).unwrap(),
        TreasureSplit {
            each: 10,
            per_absent: 10,
            set_aside: 0,
            left_over: 0
        }
    );
    assert_eq!(
        split_treasure(3, 2, 2).unwrap(),
        TreasureSplit {
            each: 0,
            per_absent: 0,
            set_aside: 0,
            left_over: 3
        }
    );
    assert_eq!(
        split_treasure(5, 0, 2).unwrap_err().to_string(),
        "present characters is 0, but it must be between 1 and 1000"
    );
}

#[test]
fn old_stored_items_load_with_defaults() {
    let json = r#"{"carriers":[{"name":"Ada","kind":"Character","items":[{"name":"Rope","size":1,"depletion":null,"last_use":false,"needs_ammo":null,"ammo_type":null}]}]}"#;
    let inv: Inventory = serde_json::from_str(json).unwrap();
    let rope = &inv.carriers[0].items[0];
    assert_eq!(
        (rope.kind, rope.quantity, rope.value, rope.notes.as_str()),
        (ItemKind::Other, 0, 0, "")
    );
    assert!(!inv.unlimited);
}

fn edit_strategy() -> impl Strategy<Value = GearEdit> {
    let item = (0u8..18, 0usize..3, any::<bool>()).prop_map(|(size, n, t)| Item {
        size,
        kind: if t {
            ItemKind::Treasure
        } else {
            ItemKind::Other
        },
        depletion: if n == 0 { Some(15) } else { None },
        ..Item::new(["Torch", "Sack", "Tent"][n])
    });
    prop_oneof![
        (0usize..4, item.clone()).prop_map(|(carrier, item)| GearEdit::Add { carrier, item }),
        (0usize..4, 0usize..6, item).prop_map(|(carrier, index, item)| GearEdit::Update {
            carrier,
            index,
            item
        }),
        (0usize..4, 0usize..6, 0usize..4).prop_map(|(from, index, to)| GearEdit::Move {
            from,
            index,
            to
        }),
        (0usize..4, 0usize..4)
            .prop_map(|(carrier, items_to)| GearEdit::RemoveCarrier { carrier, items_to }),
        (0usize..6, "[A-Za-z ]{0,8}").prop_map(|(k, name)| GearEdit::AddCarrier {
            name,
            kind: CarrierKind::ADDABLE[k]
        }),
        (0usize..4, 0usize..6).prop_map(|(carrier, index)| GearEdit::Depleted {
            carrier,
            index,
            reading: DepletionReading::LastUse
        }),
    ]
}

fn items(inv: &Inventory) -> usize {
    inv.carriers.iter().map(|c| c.items.len()).sum()
}

proptest! {
    /// A refused edit changes nothing; no edit but Remove loses an item; capacity holds.
    #[test]
    fn refusals_change_nothing_and_nothing_is_lost(edits in proptest::collection::vec(edit_strategy(), 0..40)) {
        let mut inv = with_mule();
        for e in edits {
            let before = inv.clone();
            let adding = matches!(e, GearEdit::Add { .. });
            match apply_gear(&mut inv, e) {
                Err(_) => prop_assert_eq!(&inv, &before),
                Ok(()) => prop_assert_eq!(items(&inv), items(&before) + usize::from(adding)),
            }
            for c in &inv.carriers {
                prop_assert!(c.used() <= c.kind.capacity());
            }
            let back: Inventory = serde_json::from_str(&serde_json::to_string(&inv).unwrap()).unwrap();
            prop_assert_eq!(&back, &inv);
        }
    }
}

#[test]
fn light_sources_for_the_encounter_die_and_expendable_kinds() {
    let mut inv = with_mule();
    add(&mut inv, 0, common("Lantern")).unwrap();
    add(&mut inv, 0, common("Rope")).unwrap();
    add(&mut inv, 1, common("Torches")).unwrap();
    add(&mut inv, 0, common("Torches")).unwrap();
    // The lantern has no Depletion score; its oil does.
    assert_eq!(inv.light_sources(), vec![(0, 2), (1, 0)]);
    assert!(ItemKind::Ammunition.is_expendable());
    assert!(!ItemKind::Weapon.is_expendable());
}
