//! The gear reducer and the inventory rules it builds on: exact outcomes for every edit, the
//! quick-add list, warnings, treasure totals and the end-of-session split, and properties
//! (a refused edit changes nothing; nothing is ever lost; stored gear round-trips).

use proptest::prelude::*;
use satchel::model::gear::{GearEdit, apply_gear as reduce};
use satchel::rules::expedition::tables::DepletionReading;
use satchel::rules::inventory::{
    COMMON_ITEMS, CarrierKind, Inventory, Item, ItemKind, TreasureSplit, split_treasure,
};

/// The reducer, with its refusal in the words a user reads.
fn apply_gear(inv: &mut Inventory, edit: GearEdit) -> Result<(), String> {
    reduce(inv, edit).map_err(|e| e.to_string())
}

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
    assert_eq!(err, "Ada: the item needs 3 slots but only 1 are free.");
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
    assert_eq!(err, "Mule: the item needs 3 slots but only 2 are free.");
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
        "That item is no longer there (another tab may have changed it)."
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
    assert_eq!(err, "Ada: the item needs 4 slots but only 3 are free.");
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
        "Type a name for the carrier."
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
    assert_eq!(e, "Ada: the item needs 2 slots but only 1 are free.");
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
        "Type a name for the item."
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
fn commodities_fill_a_slot_per_one_to_three_cash() {
    let mut inv = with_mule();
    let silks = |value, size| Item {
        kind: ItemKind::Commodity,
        value,
        size,
        ..Item::new("Silks")
    };
    // 7 Cash of silks: at the lightest 3 Cash a slot, so 3 slots at least.
    let before = inv.clone();
    let err = add(&mut inv, 0, silks(7, 2)).unwrap_err();
    assert!(
        err.contains("Silks is 7 Cash of trade goods: at least 3 slots"),
        "{err}"
    );
    assert_eq!(inv, before);
    add(&mut inv, 0, silks(7, 3)).unwrap();
    // Bulkier goods may fill more, up to a slot per Cash.
    add(&mut inv, 1, silks(3, 3)).unwrap();
    assert_eq!(inv.treasure_value(), 10, "commodities count as treasure");
    // Shrinking the load below its least is refused too.
    let err = apply_gear(
        &mut inv,
        GearEdit::Update {
            carrier: 0,
            index: 0,
            item: silks(7, 1),
        },
    )
    .unwrap_err();
    assert!(err.contains("at least 3 slots"), "{err}");
    // Cashed in back in civilization like any treasure.
    apply_gear(
        &mut inv,
        GearEdit::CashIn {
            carrier: 1,
            index: 0,
        },
    )
    .unwrap();
    assert_eq!(inv.treasure_value(), 7);
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
fn expendable_kinds() {
    assert!(ItemKind::Ammunition.is_expendable());
    assert!(!ItemKind::Weapon.is_expendable());
}

// ---- Lights in use and the encounter die's 6 ---------------------------------------------------

fn light(inv: &mut Inventory, carrier: usize, index: usize, on: bool) -> Result<(), String> {
    apply_gear(inv, GearEdit::Light { carrier, index, on })
}

/// Own slots: Lantern, Rope, Torches; the mule: Torches, Lantern oil.
fn lights_kit() -> Inventory {
    let mut inv = with_mule();
    add(&mut inv, 0, common("Lantern")).unwrap();
    add(&mut inv, 0, common("Rope")).unwrap();
    add(&mut inv, 1, common("Torches")).unwrap();
    add(&mut inv, 0, common("Torches")).unwrap();
    add(&mut inv, 1, common("Lantern oil")).unwrap();
    inv
}

#[test]
fn a_lit_lantern_is_checked_through_its_oil_and_only_lights_in_use_are_checked() {
    use rand::SeedableRng;
    use satchel::rules::inventory::{Burn, LightCheck};
    let mut inv = lights_kit();
    // Nothing lit: nothing to check, and a 6 changes nothing.
    assert!(inv.lights_in_use().is_empty());
    let before = inv.clone();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    assert!(inv.burn_lights(&mut rng).unwrap().is_empty());
    assert_eq!(inv, before);
    // Rope is no light; the lantern and the mule's torches are lit.
    let err = light(&mut inv, 0, 1, true).unwrap_err();
    assert!(err.contains("not a light source"), "{err}");
    light(&mut inv, 0, 0, true).unwrap();
    light(&mut inv, 1, 0, true).unwrap();
    assert_eq!(
        inv.lights_in_use(),
        vec![
            LightCheck {
                light: (0, 0),
                burns: Some((1, 1))
            },
            LightCheck {
                light: (1, 0),
                burns: Some((1, 0))
            },
        ]
    );
    // Over seeds, each check reads its own d20 against its own score (oil 14+, torches 15+),
    // marks what it checked, and leaves the unlit torches alone.
    let mut oil_marked = None;
    for seed in 0..300u64 {
        let mut t = inv.clone();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let burns = t.burn_lights(&mut rng).unwrap();
        assert_eq!(burns.len(), 2);
        assert_eq!(
            (burns[0].light.as_str(), burns[0].fuel.as_deref()),
            ("Lantern", Some("Lantern oil"))
        );
        assert_eq!(
            (burns[1].light.as_str(), burns[1].fuel.as_deref()),
            ("Torches", None)
        );
        for (b, (ci, ii), score) in [(&burns[0], (1, 1), 14), (&burns[1], (1, 0), 15)] {
            let Burn::Checked(r) = &b.burn else {
                panic!("a fresh item is rolled: {b:?}")
            };
            assert_eq!(r.faces.len(), 1);
            let last = r.faces[0] >= score;
            assert_eq!(r.reading == DepletionReading::LastUse, last);
            assert_eq!(t.carriers[ci].items[ii].last_use, last);
        }
        assert!(
            !t.carriers[0].items[0].last_use,
            "the lantern itself is never checked"
        );
        assert!(
            !t.carriers[0].items[2].last_use,
            "unlit torches are not checked"
        );
        if t.carriers[1].items[1].last_use && oil_marked.is_none() {
            oil_marked = Some(t);
        }
    }
    // The oil on its last use: the next 6 uses it up and the lantern goes out.
    let mut t = oil_marked.expect("a 14 or more turns up within 300 seeds");
    light(&mut t, 1, 0, false).unwrap();
    let burns = t.burn_lights(&mut rng).unwrap();
    assert_eq!(burns.len(), 1);
    assert_eq!(burns[0].burn, Burn::UsedUp);
    assert!(!t.carriers[1].items.iter().any(|i| i.name == "Lantern oil"));
    assert!(
        !t.carriers[0].items[0].lit,
        "no oil left: the lantern is out"
    );
    // Lit again with no oil carried: it goes out at the next 6 without a roll.
    light(&mut t, 0, 0, true).unwrap();
    assert_eq!(t.lights_in_use()[0].burns, None);
    assert_eq!(t.burn_lights(&mut rng).unwrap()[0].burn, Burn::NoFuel);
    assert!(!t.carriers[0].items[0].lit);
}

#[test]
fn two_lanterns_on_one_flask_of_oil_make_one_check() {
    use rand::SeedableRng;
    use satchel::rules::inventory::Burn;
    let mut inv = lights_kit();
    add(&mut inv, 0, common("Lantern")).unwrap();
    light(&mut inv, 0, 0, true).unwrap();
    light(&mut inv, 0, 3, true).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let burns = inv.burn_lights(&mut rng).unwrap();
    assert!(matches!(burns[0].burn, Burn::Checked(_)));
    assert_eq!(burns[1].burn, Burn::Shared);
}

// ---- The party's treasure pay-out --------------------------------------------------------

mod payout {
    use super::*;
    use satchel::model::exp_sheet::ExpEdit;
    use satchel::model::party::{PartyDoc, Payout, SPLIT_REASON, over_capacity};
    use satchel::model::{CharacterAction, Roster, System};

    /// Applies roster actions all or nothing, as the party screen does (one batch).
    fn apply_all(r: &mut Roster, actions: &[CharacterAction], now: u64) -> Result<(), String> {
        r.apply(CharacterAction::Batch(actions.to_vec()), now)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
    use satchel::rules::expedition::money::{LedgerEntry, MAX_CASH};

    fn treasure(name: &str, value: u32) -> Item {
        Item {
            kind: ItemKind::Treasure,
            value,
            ..Item::new(name)
        }
    }

    fn edit(r: &mut Roster, id: &str, edit: ExpEdit) {
        r.apply(
            CharacterAction::EditExpedition {
                id: id.into(),
                edit,
            },
            1,
        )
        .unwrap();
    }

    fn gear(r: &mut Roster, id: &str, g: GearEdit) {
        edit(r, id, ExpEdit::Gear(g));
    }

    fn create(r: &mut Roster, id: &str, system: System) {
        r.apply(
            CharacterAction::Create {
                id: id.into(),
                system,
                name: id.to_uppercase(),
            },
            1,
        )
        .unwrap();
    }

    fn cash(r: &Roster, id: &str) -> u32 {
        r.get(id).unwrap().expedition().unwrap().core.purse.cash
    }

    fn inv(r: &Roster, id: &str) -> Inventory {
        r.get(id).unwrap().expedition().unwrap().gear.clone()
    }

    /// Ann carries a torch then gems (30); Bo an idol (13) on his mule, between two other
    /// things; Cy is absent; Vex plays Ix and carries treasure that is not part of the split.
    fn table() -> Roster {
        let mut r = Roster::default();
        for id in ["ann", "bo", "cy"] {
            create(&mut r, id, System::Expedition);
            // Back in a Haven: treasure turns into Cash only there.
            edit(&mut r, id, ExpEdit::Haven(true));
        }
        create(&mut r, "vex", System::Ix);
        gear(
            &mut r,
            "ann",
            GearEdit::Add {
                carrier: 0,
                item: common("Torches"),
            },
        );
        gear(
            &mut r,
            "ann",
            GearEdit::Add {
                carrier: 0,
                item: treasure("Gems", 30),
            },
        );
        gear(
            &mut r,
            "bo",
            GearEdit::AddCarrier {
                name: "Mule".into(),
                kind: CarrierKind::PackAnimal,
            },
        );
        gear(
            &mut r,
            "bo",
            GearEdit::Add {
                carrier: 1,
                item: common("Rope"),
            },
        );
        gear(
            &mut r,
            "bo",
            GearEdit::Add {
                carrier: 1,
                item: treasure("Idol", 13),
            },
        );
        gear(
            &mut r,
            "bo",
            GearEdit::Add {
                carrier: 1,
                item: common("Rations"),
            },
        );
        // A worthless curio stays: only valued treasure is sold.
        gear(
            &mut r,
            "cy",
            GearEdit::Add {
                carrier: 0,
                item: treasure("Curio", 0),
            },
        );
        edit(&mut r, "bo", ExpEdit::Cash(5, "start".into()));
        r.apply(
            CharacterAction::EditIx {
                id: "vex".into(),
                edit: satchel::model::ix_sheet::IxEdit::Gear(GearEdit::Add {
                    carrier: 0,
                    item: treasure("Crown", 50),
                }),
            },
            1,
        )
        .unwrap();
        r
    }

    fn cy_absent() -> PartyDoc {
        PartyDoc {
            absent: vec!["cy".into()],
            ..PartyDoc::default()
        }
    }

    #[test]
    fn treasure_is_paid_out_only_in_a_haven_and_never_to_the_dead_or_retired() {
        use satchel::model::exp_sheet::Procedure;
        let everyone = PartyDoc::default();
        // Bo is still out on the delve: his idol cannot turn into Cash yet, so nothing is sold.
        let mut r = table();
        edit(&mut r, "bo", ExpEdit::Haven(false));
        let why = Payout::plan(&r, &everyone).unwrap_err();
        assert_eq!(
            why.to_string(),
            "BO's Idol turns into Cash only back in a Haven: carry it home in your slots, then cash it in during the Haven phase."
        );
        // Cy out of play, dead or retired: 43 Cash over Ann and Bo is 21 each, 1 left over,
        // and no share is set aside for Cy (before, Cy was counted: 14 each).
        let leave: [(&str, &[ExpEdit]); 2] = [
            (
                "dead",
                &[
                    ExpEdit::Damage {
                        amount: 6,
                        block: None,
                        infusion: None,
                    },
                    ExpEdit::Roll(1, Procedure::DownAndOut { aided: false }),
                ],
            ),
            (
                "retired",
                &[ExpEdit::Wealth(4), ExpEdit::NewSession, ExpEdit::Retire],
            ),
        ];
        for (how, edits) in leave {
            let mut r = table();
            for e in edits {
                edit(&mut r, "cy", e.clone());
            }
            let p = Payout::plan(&r, &everyone).unwrap();
            assert_eq!(
                (p.each, p.paid.clone(), p.aside.clone(), p.left_over),
                (21, vec!["ann".to_string(), "bo".to_string()], vec![], 1),
                "Cy {how}"
            );
            // Nor do they rest with the party, burn lights or roll the session's end: all
            // of those take the party at the table.
            let names: Vec<String> = everyone.at_table(&r).into_iter().map(|c| c.1).collect();
            assert_eq!(names, vec!["ANN".to_string(), "BO".to_string()], "Cy {how}");
        }
    }

    #[test]
    fn pays_each_present_character_sets_aside_and_sells_the_treasure() {
        let mut r = table();
        let mut doc = cy_absent();
        let p = Payout::plan(&r, &doc).unwrap();
        // 43 Cash over 2 present + 1 set aside: 14 each, 1 left over.
        assert_eq!(p.each, 14);
        assert_eq!(p.paid, vec!["ann".to_string(), "bo".to_string()]);
        assert_eq!(p.aside, vec![("cy".to_string(), 14)]);
        assert_eq!(p.left_over, 1);
        assert_eq!(
            p.sold,
            vec![
                ("ann".to_string(), 0, 1, treasure("Gems", 30)),
                ("bo".to_string(), 1, 1, treasure("Idol", 13)),
            ]
        );
        let before = r.clone();
        apply_all(&mut r, &p.actions(), 2).unwrap();
        assert_eq!(
            (cash(&r, "ann"), cash(&r, "bo"), cash(&r, "cy")),
            (14, 19, 0)
        );
        let ledger = &r
            .get("ann")
            .unwrap()
            .expedition()
            .unwrap()
            .core
            .purse
            .ledger;
        assert_eq!(
            ledger.last(),
            Some(&LedgerEntry {
                amount: 14,
                reason: SPLIT_REASON.into(),
                balance: 14,
                at: Some(2),
            })
        );
        let names = |r: &Roster, id: &str, c: usize| -> Vec<String> {
            inv(r, id).carriers[c]
                .items
                .iter()
                .map(|i| i.name.clone())
                .collect()
        };
        assert_eq!(names(&r, "ann", 0), vec!["Torches"]);
        assert_eq!(names(&r, "bo", 1), vec!["Rope", "Rations"]);
        assert_eq!(names(&r, "cy", 0), vec!["Curio"]);
        assert_eq!(r.get("vex"), before.get("vex"));
        doc.record(&p, false);
        assert_eq!(
            (doc.aside.clone(), doc.left_over),
            (vec![("cy".into(), 14)], 1)
        );
        // A second pay-out has nothing left to sell.
        assert_eq!(
            Payout::plan(&r, &doc),
            Err("There is no valued treasure to pay out.".into())
        );

        // Undo takes the Cash back and puts every item back exactly where it was.
        apply_all(&mut r, &p.undo_actions(), 3).unwrap();
        doc.record(&p, true);
        for id in ["ann", "bo", "cy"] {
            assert_eq!(inv(&r, id), inv(&before, id), "{id}");
            assert_eq!(cash(&r, id), cash(&before, id), "{id}");
        }
        assert_eq!(doc, cy_absent());
    }

    #[test]
    fn without_set_aside_and_with_no_one_present() {
        let r = table();
        let mut doc = cy_absent();
        doc.no_set_aside = true;
        let p = Payout::plan(&r, &doc).unwrap();
        assert_eq!((p.each, p.left_over, p.aside.len()), (21, 1, 0));
        doc.absent = vec!["ann".into(), "bo".into(), "cy".into()];
        assert_eq!(
            Payout::plan(&r, &doc),
            Err("Mark at least one character present to pay out.".into())
        );
    }

    #[test]
    fn a_purse_at_its_limit_refuses_the_whole_pay_out() {
        let mut r = table();
        edit(
            &mut r,
            "bo",
            ExpEdit::Cash(i64::from(MAX_CASH) - 10, "hoard".into()),
        );
        let before = r.clone();
        let p = Payout::plan(&r, &cy_absent()).unwrap();
        let err = apply_all(&mut r, &p.actions(), 2).unwrap_err();
        assert!(err.starts_with("BO: "), "{err}");
        assert_eq!(r, before);
    }

    #[test]
    fn undo_is_refused_whole_when_the_cash_was_spent() {
        let mut r = table();
        let p = Payout::plan(&r, &cy_absent()).unwrap();
        apply_all(&mut r, &p.actions(), 2).unwrap();
        edit(&mut r, "ann", ExpEdit::Cash(-10, "ale".into()));
        let before = r.clone();
        assert!(apply_all(&mut r, &p.undo_actions(), 3).is_err());
        assert_eq!(r, before);
    }

    #[test]
    fn ix_capacity_warns_and_is_validated() {
        let mut doc = PartyDoc::default();
        let mut list = Inventory::new("Vex");
        list.unlimited = true;
        for n in 0..3 {
            add(&mut list, 0, Item::new(&format!("Thing {n}"))).unwrap();
        }
        assert_eq!(over_capacity(&list, doc.capacity("vex")), None);
        doc.set_capacity("vex", Some(2)).unwrap();
        assert_eq!(
            over_capacity(&list, doc.capacity("vex")).as_deref(),
            Some("Uses 3 slots; the table allows 2, so 1 over.")
        );
        // Never refused: a fourth item still goes on.
        add(&mut list, 0, Item::new("Thing 4")).unwrap();
        let kept = doc.clone();
        assert!(doc.set_capacity("vex", Some(0)).is_err());
        assert!(doc.set_capacity("vex", Some(301)).is_err());
        assert_eq!(doc, kept);
        doc.set_capacity("vex", None).unwrap();
        assert_eq!(doc.capacity("vex"), None);
    }

    proptest! {
        /// Whatever the treasure and the purses, a pay-out either changes nothing or sells
        /// exactly the valued treasure, pays every present character the same share, loses
        /// no other item, and Undo brings every inventory and purse back.
        #[test]
        fn pay_out_is_all_or_nothing_and_loses_nothing(
            values in proptest::collection::vec((0usize..3, 0u32..40), 0..8),
            purses in proptest::collection::vec(prop_oneof![0u32..100, MAX_CASH - 50..=MAX_CASH], 3),
            absent in proptest::collection::vec(any::<bool>(), 3),
            no_aside in any::<bool>(),
        ) {
            let ids = ["a", "b", "c"];
            let mut r = Roster::default();
            for (i, id) in ids.iter().enumerate() {
                create(&mut r, id, System::Expedition);
                // Back in a Haven: treasure turns into Cash only there.
                edit(&mut r, id, ExpEdit::Haven(true));
                edit(&mut r, id, ExpEdit::Cash(purses[i].into(), "start".into()));
                gear(&mut r, id, GearEdit::Add { carrier: 0, item: common("Rope") });
            }
            for (n, (who, v)) in values.iter().enumerate() {
                gear(&mut r, ids[*who], GearEdit::Add { carrier: 0, item: treasure(&format!("T{n}"), *v) });
            }
            let doc = PartyDoc {
                absent: ids.iter().zip(&absent).filter(|x| *x.1).map(|x| x.0.to_string()).collect(),
                no_set_aside: no_aside,
                ..PartyDoc::default()
            };
            let before = r.clone();
            let Ok(p) = Payout::plan(&r, &doc) else {
                return Ok(());
            };
            let total: u32 = values.iter().map(|v| v.1).sum();
            let sold: u32 = p.sold.iter().map(|s| s.3.value).sum();
            prop_assert_eq!(sold, total);
            prop_assert_eq!(p.sold.len(), values.iter().filter(|v| v.1 > 0).count());
            let aside: u32 = p.aside.iter().map(|a| a.1).sum();
            prop_assert_eq!(p.each * p.paid.len() as u32 + aside + p.left_over, total);
            match apply_all(&mut r, &p.actions(), 2) {
                Err(_) => prop_assert_eq!(&r, &before),
                Ok(()) => {
                    for id in ids {
                        let paid = if p.paid.iter().any(|x| x == id) { p.each } else { 0 };
                        prop_assert_eq!(cash(&r, id), cash(&before, id) + paid);
                        let mut left = inv(&before, id);
                        for c in &mut left.carriers {
                            c.items.retain(|i| i.kind != ItemKind::Treasure || i.value == 0);
                        }
                        prop_assert_eq!(inv(&r, id), left);
                    }
                    apply_all(&mut r, &p.undo_actions(), 3).unwrap();
                    for id in ids {
                        prop_assert_eq!(inv(&r, id), inv(&before, id));
                        prop_assert_eq!(cash(&r, id), cash(&before, id));
                    }
                }
            }
        }
    }
}

#[test]
fn a_shield_costs_the_same_in_the_quick_add_list_and_the_cost_guide() {
    use satchel::rules::expedition::money::COST_GUIDE;
    // The digest lists a shield under Cost 3 ("crude weapon") and Cost 4 ("Shield"); the
    // guide takes the explicit entry, and the quick-add list must agree with it.
    let guide = COST_GUIDE.iter().find(|(n, _)| *n == "Shield").unwrap().1;
    let quick = COMMON_ITEMS
        .iter()
        .find(|c| c.name == "Shield")
        .unwrap()
        .cost;
    assert_eq!((guide, u32::from(quick)), (4, 4));
}
