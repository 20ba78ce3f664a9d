//! The Expedition sheet's reducer: exact values for each edit, refusals that change nothing,
//! and seeded procedures that replay identically.

use proptest::prelude::*;
use satchel::model::exp_sheet::{ExpEdit, ExpSheet, ListKind, Procedure};
use satchel::model::gear::GearEdit;
use satchel::rules::expedition::character::{Abilities, Character};
use satchel::rules::expedition::dice::Ability;
use satchel::rules::expedition::harm::BlockSource;
use satchel::rules::expedition::improvement::Stat;
use satchel::rules::expedition::money::LedgerEntry;
use satchel::rules::inventory::{Item, ItemKind};

fn sheet() -> ExpSheet {
    let mut s = ExpSheet::new("Ada");
    s.apply(ExpEdit::MaxHp(6)).unwrap();
    s.apply(ExpEdit::Hp(6)).unwrap();
    s
}

/// A sheet carrying standard Rations (Depletion 11+) at carrier 0, item 0, for the rests.
fn sheet_with_rations() -> ExpSheet {
    let mut s = sheet();
    set_rations(&mut s, Some(11));
    s
}

/// Puts Rations with `score` at carrier 0, item 0 (replacing any there).
fn set_rations(s: &mut ExpSheet, score: Option<u8>) {
    let item = Item {
        kind: ItemKind::Rations,
        depletion: score,
        ..Item::new("Rations")
    };
    let edit = match s.gear.carriers[0].items.first().map(|i| i.kind) {
        Some(ItemKind::Rations) => GearEdit::Update {
            carrier: 0,
            index: 0,
            item,
        },
        _ => GearEdit::Insert {
            carrier: 0,
            index: 0,
            item,
        },
    };
    s.apply(ExpEdit::Gear(edit)).unwrap();
}

/// Puts on a suit of armour: it goes into the character's own slots, worn.
fn wear_armour(s: &mut ExpSheet) {
    s.apply(ExpEdit::Gear(GearEdit::Add {
        carrier: 0,
        item: Item::armour("Mail"),
    }))
    .unwrap();
}

#[test]
fn new_sheet_is_valid_and_round_trips() {
    let s = sheet();
    assert!(s.validate().is_empty());
    // The sheet's defaults are what the rules' validating constructor makes.
    let a = Abilities {
        might: 2,
        agility: 2,
        presence: 2,
        acuity: 2,
        discipline: 2,
    };
    assert_eq!(
        *ExpSheet::new("Ada").core,
        Character::new("", a, 6, 1, 0).unwrap()
    );
    assert_eq!(s.core.abilities.might, 2);
    let json = serde_json::to_string(&s).unwrap();
    let back: ExpSheet = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    // A schema-2 sheet from before this issue (gear only) loads with defaults.
    let old = format!("{{\"gear\":{}}}", serde_json::to_string(&s.gear).unwrap());
    let back: ExpSheet = serde_json::from_str(&old).unwrap();
    assert_eq!(back.core.health.max_hp, 6);
    assert!(back.history.is_empty());
}

#[test]
fn abilities_validate_range() {
    let mut s = sheet();
    s.apply(ExpEdit::Ability(Ability::Agility, 5)).unwrap();
    assert_eq!(s.core.abilities.agility, 5);
    let before = s.clone();
    let err = s
        .apply(ExpEdit::Ability(Ability::Might, 9))
        .unwrap_err()
        .to_string();
    assert!(err.contains("between 1 and 8"), "{err}");
    assert_eq!(s, before);
}

#[test]
fn damage_blocks_then_bonus_then_hp_and_down_and_out() {
    let mut s = sheet();
    wear_armour(&mut s);
    s.apply(ExpEdit::BonusHp(1)).unwrap();
    s.apply(ExpEdit::Damage {
        amount: 4,
        block: Some(BlockSource::Armour),
        infusion: None,
    })
    .unwrap();
    // 4 - 2 blocked = 2: 1 from Bonus HP, 1 from HP.
    assert_eq!((s.core.health.hp, s.core.health.bonus_hp), (5, 0));
    assert!(s.protection().armour_block_used);
    assert_eq!(
        s.last(),
        Some("Took 4 damage (armour blocked 2): 1 from Bonus HP, 1 from HP.")
    );
    // The armour's Block is once per day.
    let before = s.clone();
    assert!(
        s.apply(ExpEdit::Damage {
            amount: 1,
            block: Some(BlockSource::Armour),
            infusion: None,
        })
        .is_err()
    );
    assert_eq!(s, before);
    s.apply(ExpEdit::Damage {
        amount: 9,
        block: None,
        infusion: None,
    })
    .unwrap();
    assert_eq!(s.core.health.hp, 0);
    assert_eq!(s.core.health.pending_down_and_out, 1);
    s.apply(ExpEdit::Roll(7, Procedure::DownAndOut { aided: true }))
        .unwrap();
    assert_eq!(s.core.health.pending_down_and_out, 0);
    assert!(s.last().unwrap().starts_with("Down and Out: rolled "));
    // No check owed now: refused.
    assert!(
        s.apply(ExpEdit::Roll(7, Procedure::DownAndOut { aided: true }))
            .is_err()
    );
}

#[test]
fn unaided_down_and_out_is_death() {
    let mut s = sheet();
    s.apply(ExpEdit::Damage {
        amount: 6,
        block: None,
        infusion: None,
    })
    .unwrap();
    s.apply(ExpEdit::Roll(1, Procedure::DownAndOut { aided: false }))
        .unwrap();
    assert!(s.core.health.dead);
    assert!(s.apply(ExpEdit::Heal(3)).is_err());
}

#[test]
fn a_downed_character_is_not_healed_or_rested_before_the_down_and_out_roll() {
    let mut s = sheet_with_rations();
    s.apply(ExpEdit::Damage {
        amount: 6,
        block: None,
        infusion: None,
    })
    .unwrap();
    assert_eq!(s.core.health.pending_down_and_out, 1);
    let down = s.clone();
    // Raising HP, healing and either rest are refused, changing nothing: the roll comes first.
    for edit in [
        ExpEdit::Hp(3),
        ExpEdit::Heal(3),
        ExpEdit::Roll(3, Procedure::ShortRest(0, 0)),
        ExpEdit::Roll(3, Procedure::LongRest(0, 0)),
    ] {
        let why = s.apply(edit).unwrap_err().to_string();
        assert!(why.contains("Down and Out comes first"), "{why}");
        assert_eq!(s, down);
    }
    // Lowering HP further is still allowed (HP stay at 0, the check stays owed).
    s.apply(ExpEdit::Hp(0)).unwrap();
    assert_eq!(s.core.health.pending_down_and_out, 1);
    // Tended: the roll with seed 7 is survived; then healing works.
    s.apply(ExpEdit::Roll(7, Procedure::DownAndOut { aided: true }))
        .unwrap();
    assert!(!s.core.health.dead, "{:?}", s.last());
    assert_eq!(s.core.health.pending_down_and_out, 0);
    s.apply(ExpEdit::Heal(2)).unwrap();
    assert_eq!(s.core.health.hp, 2);
}

#[test]
fn the_hp_stepper_down_to_zero_owes_down_and_out_and_healing_waits_for_it() {
    // Digest, "Down and Out": "When reduced to zero Hit Points, you are down and out", however
    // the HP got there.
    let mut s = sheet_with_rations();
    s.apply(ExpEdit::BonusHp(2)).unwrap();
    s.apply(ExpEdit::Hp(2)).unwrap();
    assert_eq!(s.core.health.pending_down_and_out, 0);
    assert_eq!(s.core.health.bonus_hp, 2, "the stepper sets HP, not damage");
    s.apply(ExpEdit::Hp(0)).unwrap();
    assert_eq!(s.core.health.pending_down_and_out, 1);
    assert_eq!(s.last(), Some("HP set to 0: Down and Out check owed."));
    // Setting 0 again is no new instance of harm.
    s.apply(ExpEdit::Hp(0)).unwrap();
    assert_eq!(s.core.health.pending_down_and_out, 1);
    let down = s.clone();
    for edit in [
        ExpEdit::Hp(3),
        ExpEdit::Heal(3),
        ExpEdit::Roll(3, Procedure::ShortRest(0, 0)),
    ] {
        let why = s.apply(edit).unwrap_err().to_string();
        assert!(why.contains("Down and Out comes first"), "{why}");
        assert_eq!(s, down);
    }
    // Seed 7 is survived (as in the test above); then healing works.
    s.apply(ExpEdit::Roll(7, Procedure::DownAndOut { aided: true }))
        .unwrap();
    assert_eq!(s.core.health.pending_down_and_out, 0);
    s.apply(ExpEdit::Heal(2)).unwrap();
    assert_eq!(s.core.health.hp, 2);
}

#[test]
fn a_failed_spell_mastery_is_a_down_and_out_of_its_own_and_leaves_the_owed_one() {
    // "3. Acquiring Spells": failure means "immediately make a Down and Out Check"; it is not
    // the check a fall to 0 owes, which still waits for someone to tend her.
    let mut checked = 0;
    for seed in 0..40u64 {
        let mut s = sheet();
        s.apply(ExpEdit::Ability(Ability::Acuity, 1)).unwrap();
        s.apply(ExpEdit::Damage {
            amount: 6,
            block: None,
            infusion: None,
        })
        .unwrap();
        assert_eq!(s.core.health.pending_down_and_out, 1);
        s.apply(ExpEdit::Roll(seed, Procedure::Mastery("Conduit".into())))
            .unwrap();
        let line = s.last().unwrap().to_string();
        if line.contains("Learned.") || s.core.health.dead {
            continue;
        }
        assert!(
            line.contains("Never learnable. Down and Out: rolled "),
            "{line}"
        );
        let h = &s.core.health;
        assert_eq!(h.scars + h.lingering_wounds, 1, "{line}");
        assert_eq!(h.pending_down_and_out, 1, "{line}");
        checked += 1;
    }
    assert!(
        checked > 0,
        "no seed failed the mastery and survived its backlash"
    );
}

#[test]
fn a_session_ended_away_from_safety_rolls_down_and_out_even_with_hp_left() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let mut s = sheet();
        s.apply(ExpEdit::Roll(seed, Procedure::UnsafeReturn))
            .unwrap();
        let line = s.last().unwrap().to_string();
        // The faces read by hand, without armour: doubles kill, 7+ a lingering wound,
        // else a scar.
        let faces: Vec<u8> = line
            .split("rolled ")
            .nth(1)
            .unwrap()
            .split(": ")
            .next()
            .unwrap()
            .split(" and ")
            .map(|f| f.parse().unwrap())
            .collect();
        let h = &s.core.health;
        let reading = if faces[0] == faces[1] {
            assert!(h.dead, "{line}");
            "Death"
        } else if faces[0] + faces[1] >= 7 {
            assert_eq!(
                (h.max_hp, h.lingering_wounds, h.dead),
                (5, 1, false),
                "{line}"
            );
            "Lingering wound"
        } else {
            assert_eq!((h.max_hp, h.scars, h.dead), (6, 1, false), "{line}");
            "Scar"
        };
        assert!(
            line.starts_with("Session ended away from safety. Down and Out: rolled"),
            "{line}"
        );
        assert!(line.contains(reading), "{line}");
        // Not a check owed by a fall: none is owed after it either.
        assert_eq!(h.pending_down_and_out, 0);
        seen.insert(reading);
        // The dead roll no more.
        if h.dead {
            assert!(
                s.apply(ExpEdit::Roll(seed, Procedure::UnsafeReturn))
                    .is_err()
            );
        }
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
}

#[test]
fn seeded_rolls_replay_identically() {
    let mut a = sheet();
    a.apply(ExpEdit::Wealth(6)).unwrap();
    // Income comes in a Haven phase only.
    let away = a.clone();
    let err = a
        .apply(ExpEdit::Roll(42, Procedure::Income))
        .unwrap_err()
        .to_string();
    assert!(err.contains("Haven phase"), "{err}");
    assert_eq!(a, away);
    a.apply(ExpEdit::Haven(true)).unwrap();
    let mut b = a.clone();
    a.apply(ExpEdit::Roll(42, Procedure::Income)).unwrap();
    b.apply(ExpEdit::Roll(42, Procedure::Income)).unwrap();
    assert_eq!(a, b);
    assert!(
        a.last()
            .unwrap()
            .starts_with("Income: 6 Wealth dice rolled ")
    );
    // Once per session, until a new session.
    let before = a.clone();
    let err = a
        .apply(ExpEdit::Roll(43, Procedure::Income))
        .unwrap_err()
        .to_string();
    assert!(err.contains("once per session"), "{err}");
    assert_eq!(a, before);
    a.apply(ExpEdit::NewSession).unwrap();
    a.apply(ExpEdit::Roll(43, Procedure::Income)).unwrap();
}

#[test]
fn rests_heal_and_check_rations() {
    let mut s = sheet_with_rations();
    s.apply(ExpEdit::Damage {
        amount: 5,
        block: None,
        infusion: None,
    })
    .unwrap();
    s.apply(ExpEdit::Roll(3, Procedure::ShortRest(0, 0)))
        .unwrap();
    assert_eq!(s.core.health.hp, 4);
    assert!(s.last().unwrap().contains("Rations Depletion d20"));
    assert!(
        s.apply(ExpEdit::Roll(4, Procedure::ShortRest(0, 0)))
            .is_err()
    );
    wear_armour(&mut s);
    s.apply(ExpEdit::Damage {
        amount: 2,
        block: Some(BlockSource::Armour),
        infusion: None,
    })
    .unwrap();
    s.apply(ExpEdit::Roll(5, Procedure::LongRest(0, 0)))
        .unwrap();
    assert_eq!(s.core.health.hp, 6);
    assert!(!s.protection().armour_block_used);
    assert!(!s.core.health.short_rest_taken);
    // Rations without a Depletion score are refused with words, and so is anything else.
    set_rations(&mut s, None);
    let err = s
        .apply(ExpEdit::Roll(5, Procedure::LongRest(0, 0)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("no Depletion score"), "{err}");
    let err = s
        .apply(ExpEdit::Roll(5, Procedure::LongRest(0, 1)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("is not Rations"), "{err}");
}

#[test]
fn improvement_once_per_session_in_haven() {
    let mut s = sheet();
    s.apply(ExpEdit::Cash(30, "Loot".into())).unwrap();
    let stat = Stat::HitPoints;
    let err = s
        .apply(ExpEdit::Roll(9, Procedure::Improve(stat.clone(), 10)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("Haven"), "{err}");
    s.apply(ExpEdit::Haven(true)).unwrap();
    s.apply(ExpEdit::Roll(9, Procedure::Improve(stat.clone(), 10)))
        .unwrap();
    assert_eq!(s.core.purse.cash, 20);
    assert!(
        s.last()
            .unwrap()
            .starts_with("Improve Hit Points to 7: wagered 10 Cash vs Ob 7")
    );
    let before = s.clone();
    let err = s
        .apply(ExpEdit::Roll(10, Procedure::Improve(stat.clone(), 5)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("already attempted this session"), "{err}");
    assert_eq!(s, before);
    // The gear is untouched by the rules call that borrows it.
    assert_eq!(s.gear, sheet().gear);
}

#[test]
fn an_item_bought_by_wager_goes_into_the_gear_and_the_cash_is_spent_either_way() {
    let mut s = sheet();
    s.apply(ExpEdit::Cash(9, "Loot".into())).unwrap();
    let wager = |amount: i64, balance: u32| LedgerEntry {
        amount,
        reason: "Wagered on a Shield".into(),
        balance,
        at: None,
    };
    // Bought: 3 Cash spent, and a Shield (a common item: its kind and size) in own slots.
    s.apply(ExpEdit::Bought {
        entry: wager(-3, 6),
        acquired: true,
        item: " shield ".into(),
    })
    .unwrap();
    assert_eq!(s.core.purse.cash, 6);
    let mine = &s.gear.carriers[0].items;
    assert_eq!(mine.len(), 1);
    assert_eq!(
        (mine[0].name.as_str(), mine[0].kind, mine[0].size),
        ("Shield", ItemKind::Shield, 1)
    );
    assert_eq!(
        s.last(),
        Some("Bought Shield: added to your slots (1 slot).")
    );
    // Not bought: the wagered Cash is gone, no item.
    s.apply(ExpEdit::Bought {
        entry: wager(-2, 4),
        acquired: false,
        item: "Mule".into(),
    })
    .unwrap();
    assert_eq!((s.core.purse.cash, s.gear.carriers[0].items.len()), (4, 1));
    // An item not on the common list comes in as 1 slot; with no room the Cash is still
    // spent and the history says where things stand.
    for k in 0..14 {
        s.apply(ExpEdit::Gear(GearEdit::Add {
            carrier: 0,
            item: Item::new(&format!("Stone {k}")),
        }))
        .unwrap();
    }
    s.apply(ExpEdit::Bought {
        entry: wager(-1, 3),
        acquired: true,
        item: "Brass compass".into(),
    })
    .unwrap();
    assert_eq!(s.core.purse.cash, 3);
    assert_eq!(s.gear.carriers[0].items.len(), 15);
    let line = s.last().unwrap();
    assert!(
        line.starts_with("Bought Brass compass, but it is not in your gear:"),
        "{line}"
    );
    assert!(line.ends_with("Make room, then add it in Gear."), "{line}");
    // A wager above the Cash held is refused whole: nothing spent, nothing added.
    let before = s.clone();
    assert!(
        s.apply(ExpEdit::Bought {
            entry: wager(-9, 0),
            acquired: true,
            item: "Rope".into(),
        })
        .is_err()
    );
    assert_eq!(s, before);
}

#[test]
fn treasure_cashes_in_for_its_value_and_ordinary_gear_does_not() {
    let mut s = sheet();
    let chalice = Item {
        kind: ItemKind::Treasure,
        value: 4,
        ..Item::new("Silver chalice")
    };
    s.apply(ExpEdit::Gear(GearEdit::Add {
        carrier: 0,
        item: chalice,
    }))
    .unwrap();
    s.apply(ExpEdit::Gear(GearEdit::Add {
        carrier: 0,
        item: Item::new("Rope"),
    }))
    .unwrap();
    // Mid-delve the chalice stays treasure: it turns into Cash only back in a Haven
    // ("5. Treasure": carried home in the slots first). Refused in words, nothing changes.
    let delving = s.clone();
    let why = s
        .apply(ExpEdit::Gear(GearEdit::CashIn {
            carrier: 0,
            index: 0,
        }))
        .unwrap_err();
    assert!(
        matches!(
            &why,
            satchel::model::EditError::Expedition(
                satchel::rules::expedition::RulesError::TreasureAwayFromHaven { item }
            ) if item == "Silver chalice"
        ),
        "{why:?}"
    );
    assert_eq!(
        why.to_string(),
        "Silver chalice turns into Cash only back in a Haven: carry it home in your slots, then cash it in during the Haven phase."
    );
    assert_eq!(s, delving);
    s.apply(ExpEdit::Haven(true)).unwrap();
    s.apply(ExpEdit::Gear(GearEdit::CashIn {
        carrier: 0,
        index: 0,
    }))
    .unwrap();
    assert_eq!(s.core.purse.cash, 4);
    assert_eq!(
        s.core.purse.ledger.last().unwrap().reason,
        "Cashed in Silver chalice"
    );
    assert_eq!(s.last(), Some("Cashed in Silver chalice: +4 Cash (now 4)."));
    assert_eq!(s.gear.carriers[0].items.len(), 1);
    // Rope has no Cash value: refused in words, nothing changes; a gone item likewise.
    let before = s.clone();
    let why = s
        .apply(ExpEdit::Gear(GearEdit::CashIn {
            carrier: 0,
            index: 0,
        }))
        .unwrap_err()
        .to_string();
    assert!(why.starts_with("Rope has no Cash value"), "{why}");
    assert!(
        s.apply(ExpEdit::Gear(GearEdit::CashIn {
            carrier: 0,
            index: 7,
        }))
        .is_err()
    );
    assert_eq!(s, before);
}

#[test]
fn founding_a_stronghold_is_the_ob_10_wager_in_a_haven() {
    let found = |seed: u64, haven: bool| {
        let mut s = sheet();
        s.apply(ExpEdit::Cash(12, "Hoard".into())).unwrap();
        s.apply(ExpEdit::Haven(haven)).unwrap();
        let r = s.apply(ExpEdit::Roll(
            seed,
            Procedure::Improve(Stat::Stronghold("Keep".into()), 10),
        ));
        (s, r)
    };
    // Outside a Haven: refused, nothing spent, nothing founded.
    let (s, r) = found(1, false);
    assert!(r.is_err());
    assert_eq!((s.core.purse.cash, s.core.strongholds.len()), (12, 0));
    // In a Haven: 10 dice must all succeed (1/1024); the 10 Cash go either way.
    let mut seen = [false, false];
    for seed in 0..20_000 {
        let (s, r) = found(seed, true);
        r.unwrap();
        assert_eq!(s.core.purse.cash, 2);
        let founded = s.core.strongholds.len() == 1;
        if founded {
            assert_eq!(
                (
                    s.core.strongholds[0].name.as_str(),
                    s.core.strongholds[0].rating
                ),
                ("Keep", 1)
            );
        }
        assert!(s.last().unwrap().contains("vs Ob 10"), "{:?}", s.last());
        seen[usize::from(founded)] = true;
        if seen == [true, true] {
            break;
        }
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn ledger_from_the_tray_and_typed_cash() {
    let mut s = sheet();
    s.apply(ExpEdit::Cash(5, "Sold a gem".into())).unwrap();
    s.apply(ExpEdit::Ledger(LedgerEntry {
        amount: -3,
        reason: "Wager for a mule".into(),
        balance: 2,
        at: None,
    }))
    .unwrap();
    assert_eq!(s.core.purse.cash, 2);
    let l = &s.core.purse.ledger;
    assert_eq!(l.len(), 2);
    assert_eq!((l[1].amount, l[1].balance), (-3, 2));
    assert_eq!(l[1].reason, "Wager for a mule");
    let before = s.clone();
    assert!(s.apply(ExpEdit::Cash(-3, "Too much".into())).is_err());
    assert!(s.apply(ExpEdit::Cash(1, "  ".into())).is_err());
    assert_eq!(s, before);
}

#[test]
fn spells_learn_and_channel_in_armour() {
    let mut s = sheet();
    s.apply(ExpEdit::Learn("Bind".into())).unwrap();
    assert!(s.apply(ExpEdit::Learn("Bind".into())).is_err());
    assert!(s.apply(ExpEdit::Learn("Nonsense".into())).is_err());
    wear_armour(&mut s);
    s.apply(ExpEdit::Roll(
        11,
        Procedure::Channel {
            spell: "Bind".into(),
            damage: 0,
            ritual_hp: 0,
            ritual_cash: 0,
            rolled: None,
        },
    ))
    .unwrap();
    // Channeling costs 1 HP; armour adds +1 Ob, named in the line.
    assert_eq!(s.core.health.hp, 5);
    let line = s.last().unwrap();
    assert!(line.starts_with("Channel Bind: "), "{line}");
    assert!(line.to_lowercase().contains("armour"), "{line}");
    s.apply(ExpEdit::Remove(ListKind::Spell, 0)).unwrap();
    assert!(s.core.spells.is_empty());
    assert!(s.apply(ExpEdit::Remove(ListKind::Spell, 0)).is_err());
}

#[test]
fn projects_tick_once_per_session_as_a_week_of_downtime() {
    let mut s = sheet();
    s.apply(ExpEdit::AddProject("Tower".into(), 4)).unwrap();
    let err = s.apply(ExpEdit::TickProject(0)).unwrap_err().to_string();
    assert!(err.contains("Haven phase"), "{err}");
    s.apply(ExpEdit::Haven(true)).unwrap();
    s.apply(ExpEdit::TickProject(0)).unwrap();
    assert_eq!(s.core.projects[0].filled, 1);
    assert_eq!(s.last(), Some("Week 1: Tower: 1 of 4 ticks."));
    s.apply(ExpEdit::NextWeek).unwrap();
    // A new week, but the clock ticks once a session.
    let err = s.apply(ExpEdit::TickProject(0)).unwrap_err().to_string();
    assert!(err.contains("this session"), "{err}");
    s.apply(ExpEdit::NewSession).unwrap();
    s.apply(ExpEdit::TickProject(0)).unwrap();
    assert_eq!(s.core.projects[0].filled, 2);
    assert!(s.apply(ExpEdit::AddProject("Big".into(), 9)).is_err());
}

#[test]
fn one_substantial_downtime_action_a_week() {
    let mut s = sheet();
    s.apply(ExpEdit::Cash(6, "Loot".into())).unwrap();
    s.apply(ExpEdit::AddProject("Tower".into(), 4)).unwrap();
    assert!(
        s.apply(ExpEdit::NextWeek).is_err(),
        "no weeks outside a Haven"
    );
    s.apply(ExpEdit::Haven(true)).unwrap();
    assert_eq!(s.core.downtime.week, 1);
    // Training takes the week: the wager is spent, and nothing else substantial fits.
    s.apply(ExpEdit::Roll(5, Procedure::Improve(Stat::Wealth, 2)))
        .unwrap();
    assert_eq!(s.core.purse.cash, 4);
    for edit in [
        ExpEdit::TickProject(0),
        ExpEdit::Carouse("Dockhands".into()),
        ExpEdit::OtherDowntime("A job for the guild".into()),
        ExpEdit::Roll(6, Procedure::Improve(Stat::HitPoints, 1)),
    ] {
        let before = s.clone();
        let err = s.apply(edit).unwrap_err().to_string();
        assert!(err.contains("Week 1 already went on training"), "{err}");
        assert_eq!(s, before);
    }
    // Connections checks and purchases are not downtime actions.
    s.apply(ExpEdit::Roll(
        7,
        Procedure::Connections {
            ask: "a fence".into(),
            factors: Default::default(),
            faction: None,
        },
    ))
    .unwrap();
    s.apply(ExpEdit::NextWeek).unwrap();
    assert_eq!(
        s.last(),
        Some("Haven week 2 begins: a downtime action is free.")
    );
    s.apply(ExpEdit::OtherDowntime("A job for the guild".into()))
        .unwrap();
    assert_eq!(s.last(), Some("Week 2: A job for the guild."));
    // Leaving the Haven ends its weeks; the next one starts again at week 1.
    s.apply(ExpEdit::Haven(false)).unwrap();
    assert_eq!((s.core.downtime.week, s.core.downtime.taken), (0, None));
    s.apply(ExpEdit::Haven(true)).unwrap();
    assert_eq!(s.core.downtime.week, 1);
}

#[test]
fn carousing_makes_the_degree_of_connection_zero_among_those_circles() {
    use satchel::rules::expedition::objective::{ConnectionsFactors, Degree, Role};
    let mut s = sheet();
    let ask = |caroused| Procedure::Connections {
        ask: "the harbourmaster".into(),
        factors: ConnectionsFactors {
            role: Role::Rare,
            degree: Degree::NotMuchConnection,
            caroused,
            ..Default::default()
        },
        faction: None,
    };
    let err = s
        .apply(ExpEdit::Roll(1, ask(true)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("no circle yet"), "{err}");
    assert!(s.apply(ExpEdit::Carouse("Dockhands".into())).is_err());
    s.apply(ExpEdit::Haven(true)).unwrap();
    s.apply(ExpEdit::Carouse("Dockhands".into())).unwrap();
    assert_eq!(s.core.downtime.circles, vec!["Dockhands".to_string()]);
    // RULINGS, "Carousing": the caroused circles count as Degree +0 in place of the +2 for
    // "not much connection", never a -1 on top of it: Rare 2 + 0 = Ob 2 (not 2 + 2 - 1 = 3).
    s.apply(ExpEdit::Roll(1, ask(true))).unwrap();
    let line = s.last().unwrap();
    assert!(
        line.contains("Ob 2 (Role: rare +2, Degree: circles you carouse with +0)"),
        "{line}"
    );
    // Without carousing the Degree counts: 2 + 2 = Ob 4.
    s.apply(ExpEdit::Roll(1, ask(false))).unwrap();
    let line = s.last().unwrap();
    assert!(
        line.contains("Ob 4 (Role: rare +2, Degree: not much connection +2)"),
        "{line}"
    );
    s.apply(ExpEdit::Remove(ListKind::Circle, 0)).unwrap();
    assert!(s.core.downtime.circles.is_empty());
}

#[test]
fn a_stronghold_rise_brings_two_tags() {
    let mut s = sheet();
    s.apply(ExpEdit::Cash(100, "Hoard".into())).unwrap();
    s.apply(ExpEdit::Haven(true)).unwrap();
    // Founding is the rise from 0 to 1 (Ob 10); 30 dice wagered pass it most of the time,
    // so try seeds until one founds it, each in a new week and session.
    let mut seed = 0;
    while s.core.strongholds.is_empty() {
        seed += 1;
        assert!(seed < 50, "no seed founded it");
        s.apply(ExpEdit::Roll(
            seed,
            Procedure::Improve(Stat::Stronghold("Keep".into()), 30),
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        s.apply(ExpEdit::NewSession).unwrap();
        s.apply(ExpEdit::NextWeek).unwrap();
    }
    assert_eq!(s.core.strongholds[0].tags_due, 2);
    s.apply(ExpEdit::DueTag(0, "Library".into())).unwrap();
    s.apply(ExpEdit::DueTag(0, "Garrison".into())).unwrap();
    let before = s.clone();
    let err = s
        .apply(ExpEdit::DueTag(0, "Stables".into()))
        .unwrap_err()
        .to_string();
    assert!(err.contains("No new tags are due for Keep"), "{err}");
    assert_eq!(s, before);
    assert_eq!(s.core.strongholds[0].tags, vec!["Library", "Garrison"]);
    // One held from before Satchel brings none.
    s.apply(ExpEdit::AddStronghold("Old tower".into(), 2))
        .unwrap();
    assert_eq!(s.core.strongholds[1].tags_due, 0);
}

proptest! {
    #[test]
    fn refused_edits_change_nothing_and_sheet_stays_valid(
        ops in proptest::collection::vec((0u8..8, any::<i16>(), any::<u64>()), 1..40)
    ) {
        let mut s = sheet();
        for (k, v, seed) in ops {
            let edit = match k {
                0 => ExpEdit::Hp(v as u32),
                1 => ExpEdit::Damage { amount: (v as u32) % 30, block: None, infusion: None },
                2 => ExpEdit::Ability(Ability::Might, v as u8),
                3 => ExpEdit::Cash(i64::from(v), "x".into()),
                4 => ExpEdit::Roll(seed, Procedure::LongRest(0, usize::from(v as u8 % 3))),
                5 => ExpEdit::Roll(seed, Procedure::DownAndOut { aided: v % 2 == 0 }),
                6 => ExpEdit::Wealth(v as u8),
                _ => ExpEdit::Roll(seed, Procedure::Income),
            };
            let before = s.clone();
            if s.apply(edit).is_err() {
                prop_assert_eq!(&s, &before);
            }
            prop_assert!(s.validate().is_empty(), "{:?}", s.validate());
        }
    }
}

#[test]
fn retirement_needs_wealth_four_and_passes_three_benefits() {
    let mut old = sheet();
    old.apply(ExpEdit::Wealth(3)).unwrap();
    assert!(
        old.apply(ExpEdit::Retire)
            .unwrap_err()
            .to_string()
            .contains("Wealth 4")
    );
    old.apply(ExpEdit::Wealth(7)).unwrap();
    old.apply(ExpEdit::Ability(Ability::Acuity, 5)).unwrap();
    old.apply(ExpEdit::AddWise("Crypt-wise".into())).unwrap();
    // Only at the start of a session: after a new session, before anything happens in it.
    let err = old.apply(ExpEdit::Retire).unwrap_err().to_string();
    assert!(err.contains("start of a session"), "{err}");
    old.apply(ExpEdit::NewSession).unwrap();
    old.apply(ExpEdit::Cash(1, "Found a coin".into())).unwrap();
    assert!(old.apply(ExpEdit::Retire).is_err(), "play has begun");
    // Cashing in treasure is Cash changing hands too.
    old.apply(ExpEdit::NewSession).unwrap();
    old.apply(ExpEdit::Haven(true)).unwrap();
    old.apply(ExpEdit::Gear(GearEdit::Add {
        carrier: 0,
        item: Item {
            kind: ItemKind::Treasure,
            value: 2,
            ..Item::new("Chalice")
        },
    }))
    .unwrap();
    old.apply(ExpEdit::Gear(GearEdit::CashIn {
        carrier: 0,
        index: 0,
    }))
    .unwrap();
    assert!(old.apply(ExpEdit::Retire).is_err(), "cashed in during play");
    old.apply(ExpEdit::NewSession).unwrap();
    old.apply(ExpEdit::Notes("Retiring to the coast".into()))
        .unwrap();
    old.apply(ExpEdit::Retire).unwrap();
    assert!(old.retired);
    assert!(old.apply(ExpEdit::Retire).is_err());
    let mut heir = sheet();
    heir.apply(ExpEdit::Inherit {
        ability: Ability::Acuity,
        retiree_ability: old.core.abilities.acuity,
        retiree_wealth: old.core.wealth,
        retiree_wises: old.core.wises.clone(),
        wise: Some("Crypt-wise".into()),
    })
    .unwrap();
    // Acuity 2 -> 3 (below the retiree's 5), Wealth 1 + 7/3 = 3, the Wise inherited.
    assert_eq!(heir.core.abilities.acuity, 3);
    assert_eq!(heir.core.wealth, 3);
    assert_eq!(heir.core.wises, vec!["Crypt-wise".to_string()]);
    let before = heir.clone();
    assert!(
        heir.apply(ExpEdit::Inherit {
            ability: Ability::Might,
            retiree_ability: 2,
            retiree_wealth: 7,
            retiree_wises: vec![],
            wise: Some("Not a wise of theirs".into()),
        })
        .is_err()
    );
    assert_eq!(heir, before);
}

#[test]
fn selling_rolls_cost_minus_wealth_dice() {
    let mut s = sheet();
    s.apply(ExpEdit::Wealth(3)).unwrap();
    // Cost within Wealth: pocket change, nothing rolled.
    s.apply(ExpEdit::Roll(1, Procedure::Sell(3))).unwrap();
    assert_eq!(
        s.last(),
        Some("Sold goods of Cost 3: 0 dice rolled no dice: 0 Cash gained (now 0).")
    );
    s.apply(ExpEdit::Roll(2, Procedure::Sell(9))).unwrap();
    let line = s.last().unwrap();
    assert!(
        line.starts_with("Sold goods of Cost 9: 6 dice rolled "),
        "{line}"
    );
    assert!(
        line.ends_with(&format!("(now {}).", s.core.purse.cash)),
        "{line}"
    );
    assert!(s.apply(ExpEdit::Roll(2, Procedure::Sell(101))).is_err());
}

fn rune(spell: &str, scarcity: u32, wager: u32) -> Procedure {
    Procedure::Runestone {
        spell: spell.into(),
        scarcity,
        wager,
    }
}

#[test]
fn runestone_scarcity_is_set_per_purchase() {
    let mut s = sheet();
    s.apply(ExpEdit::Wealth(6)).unwrap();
    s.apply(ExpEdit::Cash(3, "Purse".into())).unwrap();
    // Conduit (Ob 2) costs 6, within Wealth 6; scarcity +1 makes it 7: a wager against Ob 1,
    // which one Cash die makes with probability 1/2 (a 4, 5 or 6).
    let mut bought = 0;
    for seed in 0..200u64 {
        let mut t = s.clone();
        t.apply(ExpEdit::Roll(seed, rune("Conduit", 1, 1))).unwrap();
        let line = t.last().unwrap().to_string();
        assert!(
            line.starts_with(
                "Runestone of Conduit (scarcity +1): Cost 7 − Wealth 6: wager Cash against Ob 1, rolled "
            ),
            "{line}"
        );
        assert_eq!(t.core.purse.cash, 2, "the wager is spent either way");
        bought += usize::from(t.core.spells.len() == 1);
    }
    // 200 fair coin flips: 100 expected; outside 70..130 has probability below 1e-5.
    assert!((70..=130).contains(&bought), "{bought} of 200");
    // Over the Referee's limit, refused with nothing spent.
    let before = s.clone();
    assert!(s.apply(ExpEdit::Roll(1, rune("Conduit", 6, 1))).is_err());
    assert_eq!(s, before);
}

#[test]
fn runestones_cost_three_times_ob_and_are_learned_when_bought() {
    let mut s = sheet();
    s.apply(ExpEdit::Wealth(6)).unwrap();
    s.apply(ExpEdit::Cash(2, "Purse".into())).unwrap();
    // Conduit is Ob 2: Cost 6 is within Wealth 6, so one Cash die and no roll.
    s.apply(ExpEdit::Roll(3, rune("Conduit", 0, 1))).unwrap();
    assert_eq!(s.core.purse.cash, 1);
    assert_eq!(s.core.spells.len(), 1);
    assert!(s.last().unwrap().ends_with("Bought and learned (Cash 1)."));
    let before = s.clone();
    assert!(
        s.apply(ExpEdit::Roll(3, rune("Conduit", 0, 1)))
            .unwrap_err()
            .to_string()
            .contains("already known")
    );
    assert!(s.apply(ExpEdit::Roll(3, rune("Fell Blast", 0, 1))).is_err());
    assert_eq!(s, before);
}

#[test]
fn recognition_rolls_a_d8_against_reputation() {
    let mut s = sheet();
    s.apply(ExpEdit::Reputation("Guild".into(), 6)).unwrap();
    s.apply(ExpEdit::Reputation("Guild".into(), -6)).unwrap();
    assert_eq!(s.core.reputation.len(), 1);
    s.apply(ExpEdit::Roll(8, Procedure::Recognition("Guild".into())))
        .unwrap();
    let line = s.last().unwrap();
    assert!(
        line.starts_with("Recognition by Guild (Reputation -6): d8 rolled "),
        "{line}"
    );
    // Unknown factions have Reputation 0: never recognised.
    s.apply(ExpEdit::Roll(8, Procedure::Recognition("Crown".into())))
        .unwrap();
    assert!(s.last().unwrap().ends_with(": not recognised."));
    assert!(s.apply(ExpEdit::Reputation("Guild".into(), 7)).is_err());
}

#[test]
fn infuse_then_release_for_bonus_dice_at_one_hp() {
    let mut s = sheet();
    s.apply(ExpEdit::Learn("Conduit".into())).unwrap();
    assert!(s.apply(ExpEdit::Release(0)).is_err());
    s.apply(ExpEdit::Infuse(0)).unwrap();
    assert!(s.core.spells[0].infused && s.core.spells[0].exhausted);
    assert!(s.apply(ExpEdit::Infuse(0)).is_err());
    s.apply(ExpEdit::Release(0)).unwrap();
    // Conduit is Ob 2: +2 dice for 1 HP.
    assert_eq!(s.core.health.hp, 5);
    assert_eq!(
        s.last(),
        Some("Released Conduit: +2 bonus dice to one test or save, for 1 HP.")
    );
    assert!(s.apply(ExpEdit::Infuse(3)).is_err());
}

#[test]
fn spell_mastery_learns_or_bars_the_spell_for_good() {
    for seed in 0..20u64 {
        let mut s = sheet();
        s.apply(ExpEdit::Roll(seed, Procedure::Mastery("Conduit".into())))
            .unwrap();
        let line = s.last().unwrap().to_string();
        assert!(
            line.starts_with("Spell Mastery of Conduit: Ob 3, rolled "),
            "{line}"
        );
        if line.contains("Learned.") {
            assert_eq!(s.core.spells.len(), 1);
        } else {
            assert!(
                line.contains("Never learnable. Down and Out: rolled "),
                "{line}"
            );
            assert_eq!(s.core.never_learnable, vec!["Conduit".to_string()]);
            let before = s.clone();
            assert!(
                s.apply(ExpEdit::Roll(seed, Procedure::Mastery("Conduit".into())))
                    .is_err()
            );
            assert_eq!(s, before);
        }
    }
}

/// The seeds of a test's procedures, drawn from a seeded ChaCha stream so every run is the same.
fn seeds(n: usize) -> Vec<u64> {
    use rand::{RngCore, SeedableRng};
    let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(0xC0EAC);
    (0..n).map(|_| r.next_u64()).collect()
}

/// The dice faces of the first "rolled a, b, c:" in a history line.
fn rolled(line: &str) -> Vec<u8> {
    let rest = &line[line.find("rolled ").expect(line) + 7..];
    rest[..rest.find([':', '(']).unwrap()]
        .trim()
        .split(", ")
        .map(|f| f.parse().unwrap())
        .collect()
}

#[test]
fn fell_blast_is_rolled_from_discipline_per_target_for_one_hp() {
    use satchel::model::seeded::Seeded;
    use satchel::rules::expedition::harm::Health;
    use satchel::rules::expedition::magic::{FellBlastMode, fell_blast};
    for seed in seeds(12) {
        let mut s = sheet();
        let blast =
            |area, targets: Vec<u32>| ExpEdit::Roll(seed, Procedure::FellBlast { area, targets });
        // Not known yet: refused, nothing changes.
        let before = s.clone();
        let err = s.apply(blast(false, vec![1])).unwrap_err();
        assert_eq!(err.to_string(), "Fell Blast is not a known spell.");
        assert_eq!(s, before);
        s.apply(ExpEdit::Learn("Fell Blast".into())).unwrap();
        s.apply(ExpEdit::Ability(Ability::Discipline, 4)).unwrap();
        // One target takes exactly one Combat Check.
        let before = s.clone();
        assert!(s.apply(blast(false, vec![1, 2])).is_err());
        assert_eq!(s, before);
        // Armour and damage this round never matter: the same seed gives the same blast.
        wear_armour(&mut s);
        s.apply(blast(true, vec![0, 9])).unwrap();
        let mut h = Health::new(6).unwrap();
        let want = fell_blast(
            &mut Seeded(seed),
            4,
            0,
            FellBlastMode::Area,
            &[0, 9],
            &mut h,
        )
        .unwrap();
        assert_eq!(s.core.health.hp, 5);
        let line = s.last().unwrap();
        assert!(
            line.starts_with("Fell Blast (melee area, 2d to each beaten): Discipline rolled "),
            "{line}"
        );
        assert_eq!(rolled(line), want.roll.faces());
        assert_eq!(rolled(line).len(), 6);
        // Nobody rolls 10 successes on 6 dice: the second target is never beaten.
        assert!(
            line.contains("Target 2 (Combat Check 9): not beaten."),
            "{line}"
        );
        match &want.hits[0] {
            Some((_, d)) => assert!(
                line.contains("Target 1 (Combat Check 0): beaten, rolled ")
                    && line.contains(&format!(": {d} damage.")),
                "{line}"
            ),
            None => assert!(
                line.contains("Target 1 (Combat Check 0): not beaten."),
                "{line}"
            ),
        }
        // Never exhausted.
        assert!(!s.core.spells[0].exhausted);
    }
}

#[test]
fn ritual_casting_spends_hp_and_cash_for_bonus_dice() {
    for seed in seeds(8) {
        let mut s = sheet();
        s.apply(ExpEdit::Learn("Bind".into())).unwrap();
        s.apply(ExpEdit::Cash(5, "Loot".into())).unwrap();
        let channel = |hp, cash| {
            ExpEdit::Roll(
                seed,
                Procedure::Channel {
                    spell: "Bind".into(),
                    damage: 0,
                    ritual_hp: hp,
                    ritual_cash: cash,
                    rolled: None,
                },
            )
        };
        // More Cash than held, or more HP than the character has: refused, nothing changes.
        let before = s.clone();
        assert!(s.apply(channel(0, 6)).is_err());
        assert!(s.apply(channel(6, 0)).is_err());
        assert_eq!(s, before);
        s.apply(channel(2, 3)).unwrap();
        // 1 HP to channel + 2 ritual HP; 3 Cash sacrificed; Agility 2: 2 + 2 + 5 dice vs Ob 4.
        assert_eq!(s.core.health.hp, 3);
        assert_eq!(s.core.purse.cash, 2);
        let l = s.core.purse.ledger.last().unwrap();
        assert_eq!(
            (l.amount, l.reason.as_str()),
            (-3, "Sacrificed in a ritual for Bind")
        );
        let line = s.last().unwrap();
        assert!(
            line.starts_with("Channel Bind as a ritual (2 HP and 3 Cash for +5d): Ob 4"),
            "{line}"
        );
        assert_eq!(rolled(line).len(), 9);
    }
}

#[test]
fn an_infusion_expelled_against_damage_blocks_one_point() {
    let mut s = sheet();
    s.apply(ExpEdit::Learn("Bind".into())).unwrap();
    let hit = |amount, block, infusion| ExpEdit::Damage {
        amount,
        block,
        infusion,
    };
    // Nothing infused: refused, nothing changes.
    let before = s.clone();
    assert!(s.apply(hit(3, None, Some(0))).is_err());
    assert!(s.apply(hit(3, None, Some(4))).is_err());
    assert_eq!(s, before);
    s.apply(ExpEdit::Infuse(0)).unwrap();
    s.apply(hit(3, None, Some(0))).unwrap();
    assert_eq!(s.core.health.hp, 4);
    assert!(!s.core.spells[0].infused);
    // The runestone stays drained until a long rest.
    assert!(s.core.spells[0].exhausted);
    assert_eq!(
        s.last(),
        Some("Took 3 damage (infused Bind expelled, blocked 1): 0 from Bonus HP, 2 from HP.")
    );
    // With armour too: 4 - 2 - 1 = 1 gets through.
    set_rations(&mut s, Some(20));
    s.apply(ExpEdit::Roll(1, Procedure::LongRest(0, 0)))
        .unwrap();
    s.apply(ExpEdit::Infuse(0)).unwrap();
    wear_armour(&mut s);
    s.apply(hit(4, Some(BlockSource::Armour), Some(0))).unwrap();
    assert_eq!(s.core.health.hp, 5);
    assert!(s.protection().armour_block_used);
}

#[test]
fn ledger_entries_carry_the_time_of_their_edit() {
    let mut s = sheet();
    let at = |ms, e| ExpEdit::At(ms, Box::new(e));
    s.apply(at(1_700_000_000_000, ExpEdit::Cash(5, "Loot".into())))
        .unwrap();
    s.apply(ExpEdit::Cash(-1, "Untimed".into())).unwrap();
    s.apply(ExpEdit::Haven(true)).unwrap();
    s.apply(at(1_700_000_060_000, ExpEdit::Roll(3, Procedure::Income)))
        .unwrap();
    let times: Vec<Option<u64>> = s.core.purse.ledger.iter().map(|l| l.at).collect();
    let mut want = vec![Some(1_700_000_000_000), None];
    // Income of Wealth 1 adds an entry only when it gains Cash.
    if s.core.purse.ledger.len() == 3 {
        want.push(Some(1_700_000_060_000));
    }
    assert_eq!(times, want);
    // A refused edit stamps nothing and changes nothing.
    let before = s.clone();
    assert!(
        s.apply(at(9, ExpEdit::Cash(-100, "Too much".into())))
            .is_err()
    );
    assert_eq!(s, before);
    // Entries saved before times existed load without one; untimed entries save without the key.
    let old: LedgerEntry =
        serde_json::from_str(r#"{"amount":2,"reason":"Old","balance":2}"#).unwrap();
    assert_eq!(old.at, None);
    assert!(!serde_json::to_string(&old).unwrap().contains("\"at\""));
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.contains("\"at\":1700000000000"), "{json}");
    assert_eq!(serde_json::from_str::<ExpSheet>(&json).unwrap(), s);
}

#[test]
fn connections_check_uses_the_factors_reputation_and_flags_enmity() {
    use satchel::rules::expedition::objective::{ConnectionsFactors, Degree, Role};
    let mut s = sheet();
    s.apply(ExpEdit::Reputation("Guild".into(), 3)).unwrap();
    let check = |seed, ask: &str, factors, faction: Option<&str>| {
        ExpEdit::Roll(
            seed,
            Procedure::Connections {
                ask: ask.into(),
                factors,
                faction: faction.map(str::to_string),
            },
        )
    };
    // An empty Ask is refused, in a sentence.
    let before = s.clone();
    let refused = s
        .apply(check(1, " ", ConnectionsFactors::default(), None))
        .unwrap_err();
    assert_eq!(refused.to_string(), "Type an Ask.");
    assert_eq!(s, before);
    // Ob 10 against 4 dice always fails by 6 or more: the Enmity Clause opens, once per Ask.
    let hard = ConnectionsFactors {
        role: Role::Unique,
        degree: Degree::VeryDifferentCircles,
        hostile: true,
        small_settlement: true,
        wilderness: true,
        in_hiding: true,
        ..Default::default()
    };
    for seed in seeds(3) {
        s.apply(check(seed, "the Pale Abbess", hard, None)).unwrap();
        let line = s.last().unwrap();
        assert!(
            line.starts_with("Connections check to find the Pale Abbess: Ob 10"),
            "{line}"
        );
        assert_eq!(rolled(line).len(), 4);
        assert!(line.ends_with("Found, but not amenable without more. Enmity Clause: the Referee may make them a rival."), "{line}");
    }
    assert_eq!(s.enmities, vec!["the Pale Abbess".to_string()]);
    // All mitigating factors: floored at Ob 1; Guild Reputation 3 adds 3 dice.
    let easy = ConnectionsFactors {
        sincere_ally: true,
        known_location: true,
        actively_looking: true,
        ..Default::default()
    };
    s.apply(check(5, "a fence", easy, Some("Guild"))).unwrap();
    let line = s.last().unwrap();
    assert!(
        line.starts_with("Connections check to find a fence: Ob 1"),
        "{line}"
    );
    assert_eq!(rolled(line).len(), 7);
    // No factors at all: the raw 0 is floored at Ob 1, said without an empty list.
    s.apply(check(6, "a smith", ConnectionsFactors::default(), None))
        .unwrap();
    let line = s.last().unwrap();
    assert!(
        line.starts_with("Connections check to find a smith: Ob 1 (no factors); 4 dice rolled "),
        "{line}"
    );
    s.apply(ExpEdit::Remove(ListKind::Enmity, 0)).unwrap();
    assert!(s.enmities.is_empty());
    assert!(s.apply(ExpEdit::Remove(ListKind::Enmity, 0)).is_err());
}

#[test]
fn hireling_morale_is_contested_presence_and_recorded() {
    use satchel::model::seeded::Seeded;
    use satchel::rules::expedition::character::{Companion, CompanionKind};
    use satchel::rules::expedition::referee::hireling_morale;
    let mate = |name: &str, kind, pool| Companion {
        name: name.into(),
        kind,
        role: "Porter".into(),
        pool,
        hp: 0,
        max_hp: 2,
        morale: None,
    };
    for seed in seeds(10) {
        let mut s = sheet();
        s.apply(ExpEdit::Ability(Ability::Presence, 3)).unwrap();
        s.apply(ExpEdit::AddCompanion(mate(
            "Bo",
            CompanionKind::Follower,
            3,
        )))
        .unwrap();
        s.apply(ExpEdit::AddCompanion(mate(
            "Gil",
            CompanionKind::Hireling,
            2,
        )))
        .unwrap();
        let morale = |companion, opposition| {
            ExpEdit::Roll(
                seed,
                Procedure::Morale {
                    companion,
                    opposition,
                },
            )
        };
        // Followers are loyal; a missing companion is refused.
        let before = s.clone();
        let err = s.apply(morale(0, 0)).unwrap_err();
        assert!(err.to_string().starts_with("Bo is not a hireling"), "{err}");
        assert!(s.apply(morale(5, 0)).is_err());
        assert_eq!(s, before);
        // 0 opposition means the hireling's own pool (2 dice) against Presence 3 (5 dice).
        s.apply(morale(1, 0)).unwrap();
        let (v, r) = hireling_morale(&mut Seeded(seed), 5, 2).unwrap();
        assert_eq!(s.core.companions[1].morale, Some(r));
        let line = s.last().unwrap();
        assert!(
            line.starts_with("Morale of Gil: Presence 5 dice rolled "),
            "{line}"
        );
        assert_eq!(rolled(line), v.a.faces());
        assert!(line.ends_with(&format!(": {}.", r.words())), "{line}");
    }
}

#[test]
fn a_trained_animal_checks_morale_with_a_d6_and_animal_companions_never_do() {
    use satchel::model::seeded::Seeded;
    use satchel::rules::expedition::character::{Companion, CompanionKind};
    use satchel::rules::expedition::tables::{Disposition, MoraleReading, morale_check};
    let beast = |name: &str, kind| Companion {
        name: name.into(),
        kind,
        role: "Hound".into(),
        pool: 3,
        hp: 0,
        max_hp: 3,
        morale: None,
    };
    let mut s = sheet();
    s.apply(ExpEdit::AddCompanion(beast("Rex", CompanionKind::Animal)))
        .unwrap();
    s.apply(ExpEdit::AddCompanion(beast(
        "Wisp",
        CompanionKind::AnimalCompanion,
    )))
    .unwrap();
    let check = |companion, disposition, mortal_danger| Procedure::BeastMorale {
        companion,
        disposition,
        mortal_danger,
    };
    // An animal companion is a follower: loyal, refused, nothing changes.
    let before = s.clone();
    let err = s
        .apply(ExpEdit::Roll(1, check(1, Disposition::Average, false)))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("Wisp is not a trained animal"), "{err}");
    assert_eq!(s, before);
    // A trained animal: the d6 against 3+, 4+ or 5+, the same face the rules roll from the seed.
    let mut holds = [0u32; 3];
    for seed in 0..600u64 {
        for (k, d) in [
            Disposition::Militant,
            Disposition::Average,
            Disposition::Timid,
        ]
        .into_iter()
        .enumerate()
        {
            let mut t = s.clone();
            t.apply(ExpEdit::Roll(seed, check(0, d, false))).unwrap();
            let want = morale_check(&mut Seeded(seed), d, false);
            assert_eq!(t.core.companions[0].morale, Some(want.reading));
            assert_eq!(
                t.last().unwrap(),
                format!(
                    "Morale of Rex: d6 rolled {} (holds on {}+): {}.",
                    want.faces[0],
                    d.target(),
                    want.reading.words()
                )
            );
            holds[k] += u32::from(want.reading == MoraleReading::Holds);
        }
    }
    // 4/6, 3/6 and 2/6 of 600: 400, 300, 200; each within 60 (more than 4 standard deviations).
    for (got, want) in holds.into_iter().zip([400, 300, 200]) {
        assert!(got.abs_diff(want) <= 60, "{holds:?}");
    }
    // In mortal danger it breaks without a roll.
    s.apply(ExpEdit::Roll(2, check(0, Disposition::Militant, true)))
        .unwrap();
    assert_eq!(s.core.companions[0].morale, Some(MoraleReading::Routs));
    assert_eq!(
        s.last().unwrap(),
        "Morale of Rex: in mortal danger, no roll: routs."
    );
}

#[test]
fn bonus_hp_expire_at_the_rest_chosen() {
    use satchel::model::exp_sheet::BonusUntil;
    for (until, short_keeps, long_keeps) in [
        (BonusUntil::Manual, true, true),
        (BonusUntil::AnyRest, false, false),
        (BonusUntil::LongRest, true, false),
    ] {
        let mut s = sheet();
        s.apply(ExpEdit::BonusHp(4)).unwrap();
        s.apply(ExpEdit::BonusUntil(until)).unwrap();
        // Damage is taken from the bonus pool first.
        s.apply(ExpEdit::Damage {
            amount: 1,
            block: None,
            infusion: None,
        })
        .unwrap();
        assert_eq!((s.core.health.hp, s.core.health.bonus_hp), (6, 3));
        set_rations(&mut s, Some(20));
        s.apply(ExpEdit::Roll(2, Procedure::ShortRest(0, 0)))
            .unwrap();
        assert_eq!(
            s.core.health.bonus_hp,
            if short_keeps { 3 } else { 0 },
            "{until:?}"
        );
        if !short_keeps {
            assert!(s.last().unwrap().ends_with(" 3 Bonus HP expired."));
        }
        s.apply(ExpEdit::BonusHp(2)).unwrap();
        set_rations(&mut s, Some(20));
        s.apply(ExpEdit::Roll(2, Procedure::LongRest(0, 0)))
            .unwrap();
        assert_eq!(
            s.core.health.bonus_hp,
            if long_keeps { 2 } else { 0 },
            "{until:?}"
        );
        // The choice survives a save and load; the default is left out of the JSON.
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json.contains("bonus_until"), until != BonusUntil::Manual);
        assert_eq!(serde_json::from_str::<ExpSheet>(&json).unwrap(), s);
    }
}

proptest! {
    #[test]
    fn refused_spell_money_and_social_edits_change_nothing(
        ops in proptest::collection::vec((0u8..8, any::<u16>(), any::<u64>()), 1..30)
    ) {
        let mut s = sheet();
        s.apply(ExpEdit::Learn("Bind".into())).unwrap();
        s.apply(ExpEdit::Learn("Fell Blast".into())).unwrap();
        for (k, v, seed) in ops {
            let n = u32::from(v % 8);
            let edit = match k {
                0 => ExpEdit::Damage { amount: n, block: None, infusion: Some(usize::from(v % 3)) },
                1 => ExpEdit::Roll(seed, Procedure::Channel { spell: "Bind".into(), damage: n, ritual_hp: n, ritual_cash: u32::from(v % 5), rolled: None }),
                2 => ExpEdit::Roll(seed, Procedure::FellBlast { area: v % 2 == 0, targets: (0..v % 3).map(u32::from).collect() }),
                3 => ExpEdit::Roll(seed, Procedure::Morale { companion: usize::from(v % 2), opposition: n }),
                4 => ExpEdit::Infuse(usize::from(v % 3)),
                5 => ExpEdit::At(u64::from(v), Box::new(ExpEdit::Cash(i64::from(v % 9) - 4, "x".into()))),
                6 => ExpEdit::Roll(seed, Procedure::LongRest(0, 0)),
                _ => ExpEdit::Remove(ListKind::Enmity, usize::from(v % 2)),
            };
            let before = s.clone();
            if s.apply(edit).is_err() {
                prop_assert_eq!(&s, &before);
            }
            prop_assert!(s.validate().is_empty(), "{:?}", s.validate());
        }
    }
}

#[test]
fn an_encounter_six_checks_the_lantern_oil_from_the_sheet() {
    use satchel::rules::inventory::COMMON_ITEMS;
    let mut s = sheet();
    let common = |n: &str| COMMON_ITEMS.iter().find(|c| c.name == n).unwrap().item();
    for n in ["Lantern", "Lantern oil"] {
        s.apply(ExpEdit::Gear(GearEdit::Add {
            carrier: 0,
            item: common(n),
        }))
        .unwrap();
    }
    // Nothing lit: refused with words, nothing changes.
    let before = s.clone();
    let err = s
        .apply(ExpEdit::Roll(1, Procedure::LightsBurn))
        .unwrap_err()
        .to_string();
    assert!(err.contains("No light source is in use"), "{err}");
    assert_eq!(s, before);
    s.apply(ExpEdit::Gear(GearEdit::Light {
        carrier: 0,
        index: 0,
        on: true,
    }))
    .unwrap();
    for seed in 0..40u64 {
        let mut t = s.clone();
        t.apply(ExpEdit::Roll(seed, Procedure::LightsBurn)).unwrap();
        let line = t.last().unwrap().to_string();
        let face: u8 = line
            .split("d20 ")
            .nth(1)
            .and_then(|x| x.split(',').next())
            .and_then(|x| x.parse().ok())
            .unwrap_or_else(|| panic!("a d20 face in {line}"));
        assert!(
            line.starts_with("The lights burn down. Lantern (Lantern oil): Depletion d20 "),
            "{line}"
        );
        assert_eq!(t.gear.carriers[0].items[1].last_use, face >= 14, "{line}");
        // The same seed replays the same line.
        let mut u = s.clone();
        u.apply(ExpEdit::Roll(seed, Procedure::LightsBurn)).unwrap();
        assert_eq!(u.last(), t.last());
    }
}

#[test]
fn a_lantern_saved_before_lights_named_their_fuel_burns_oil_after_loading() {
    let mut s = sheet();
    for (name, kind, dep) in [
        ("Lantern", ItemKind::Light, None),
        ("Lantern oil", ItemKind::Consumable, Some(14)),
    ] {
        s.apply(ExpEdit::Gear(GearEdit::Add {
            carrier: 0,
            item: Item {
                kind,
                depletion: dep,
                ..Item::new(name)
            },
        }))
        .unwrap();
    }
    s.migrate();
    let items = &s.gear.carriers[0].items;
    assert_eq!(items[0].needs_ammo.as_deref(), Some("oil"));
    assert_eq!(items[1].ammo_type.as_deref(), Some("oil"));
    let again = s.clone();
    s.migrate();
    assert_eq!(s, again, "migration is idempotent");
}

/// Channels `spell` from `seed`, with no damage and no ritual.
fn channel(seed: u64, spell: &str) -> ExpEdit {
    ExpEdit::Roll(
        seed,
        Procedure::Channel {
            spell: spell.into(),
            damage: 0,
            ritual_hp: 0,
            ritual_cash: 0,
            rolled: None,
        },
    )
}

/// Channels `spell` (learned first) from seeds in turn until a channeling passes; returns the
/// sheet and the potency. Might and Discipline 8 make a pass likely.
fn channel_until_passed(spell: &str) -> (ExpSheet, u32) {
    let mut s = sheet();
    s.apply(ExpEdit::MaxHp(20)).unwrap();
    for a in [Ability::Might, Ability::Discipline, Ability::Presence] {
        s.apply(ExpEdit::Ability(a, 8)).unwrap();
    }
    s.apply(ExpEdit::Learn(spell.into())).unwrap();
    for seed in 0..100u64 {
        let mut t = s.clone();
        t.apply(ExpEdit::Hp(20)).unwrap();
        t.apply(channel(seed, spell)).unwrap();
        let line = t.last().unwrap().to_string();
        if !line.contains("exhausted") {
            let potency: u32 = line
                .split("Potency ")
                .nth(1)
                .and_then(|x| x.split([',', '.']).next())
                .and_then(|x| x.parse().ok())
                .unwrap_or_else(|| panic!("a potency in {line}"));
            return (t, potency);
        }
    }
    panic!("{spell} never passed in 100 seeds");
}

#[test]
fn each_spell_lasts_in_its_own_unit_and_counts_down() {
    use satchel::rules::expedition::magic::{DurationUnit, SpellDuration};
    use satchel::rules::expedition::spells::find_spell;
    let unit = |n: &str| find_spell(n).unwrap().duration();
    // The digest's text for each: rounds, hours, days, minutes, instant, special; the default
    // (no duration in the text) is one exploration turn per Success.
    assert_eq!(unit("Bind"), DurationUnit::Rounds);
    assert_eq!(unit("Conduit"), DurationUnit::Hours);
    assert_eq!(unit("Death Mask"), DurationUnit::Days);
    assert_eq!(unit("Time Skip"), DurationUnit::Minutes);
    assert_eq!(unit("Banish"), DurationUnit::Instant);
    assert_eq!(unit("Hypnosis"), DurationUnit::Special);
    assert_eq!(unit("Gleam"), DurationUnit::ExplorationTurns);
    assert_eq!(
        find_spell("Hypnosis").unwrap().duration_words(),
        "while eye contact holds"
    );
    assert_eq!(
        find_spell("Bind").unwrap().duration_words(),
        "1 round per Success"
    );

    // Bind (Might Ob 4) passed with potency p lasts p rounds, whatever the old table select said.
    let (mut s, p) = channel_until_passed("Bind");
    assert!(p >= 4, "a pass at Ob 4 has at least 4 successes: {p}");
    assert_eq!(
        s.core.spells[0].active,
        Some(SpellDuration {
            count: p,
            unit: DurationUnit::Rounds
        })
    );
    assert!(s.last().unwrap().contains(&format!("lasts {p} rounds")));
    s.apply(ExpEdit::SpellPasses(0)).unwrap();
    assert_eq!(s.core.spells[0].active.map(|d| d.count), Some(p - 1));
    assert_eq!(
        s.last().unwrap(),
        format!(
            "Bind: {} left.",
            SpellDuration {
                count: p - 1,
                unit: DurationUnit::Rounds
            }
            .words()
        )
    );
    for _ in 1..p {
        s.apply(ExpEdit::SpellPasses(0)).unwrap();
    }
    assert_eq!(s.core.spells[0].active, None);
    assert_eq!(s.last().unwrap(), "Bind has run its course.");
    let before = s.clone();
    assert!(s.apply(ExpEdit::SpellPasses(0)).is_err());
    assert!(s.apply(ExpEdit::EndSpell(0)).is_err());
    assert_eq!(s, before);

    // An instant spell leaves nothing active; a special one lasts until ended by hand.
    let (s, _) = channel_until_passed("Banish");
    assert_eq!(s.core.spells[0].active, None);
    assert!(!s.last().unwrap().contains("lasts"));
    let (mut s, _) = channel_until_passed("Hypnosis");
    assert!(
        s.last().unwrap().contains("lasts while eye contact holds"),
        "{}",
        s.last().unwrap()
    );
    let err = s.apply(ExpEdit::SpellPasses(0)).unwrap_err().to_string();
    assert!(err.contains("not counted"), "{err}");
    s.apply(ExpEdit::EndSpell(0)).unwrap();
    assert_eq!(s.core.spells[0].active, None);
    assert_eq!(s.last().unwrap(), "Hypnosis ends.");
}

#[test]
fn a_failed_channeling_still_takes_effect_and_replaces_the_earlier_instance() {
    use satchel::rules::expedition::magic::{DurationUnit, SpellDuration};
    // Digest, "Channeling Tests": "Regardless of the result of the test, the spell effect
    // occurs", lasting by its Potency; and casting again ends the first instance ("only one
    // instance of a given spell may be active"). Bind (Might Ob 4) runs p >= 4 rounds first.
    let (mut s, p) = channel_until_passed("Bind");
    assert_eq!(s.core.spells[0].active.map(|d| d.count), Some(p));
    // Agility 1 rolls 3 dice against Ob 4: it can never pass.
    s.apply(ExpEdit::Ability(Ability::Agility, 1)).unwrap();
    let (mut some, mut none) = (0, 0);
    for seed in 0..40u64 {
        let mut t = s.clone();
        t.apply(channel(seed, "Bind")).unwrap();
        let line = t.last().unwrap().to_string();
        assert!(line.contains("Fail by"), "{line}");
        assert!(line.contains("The earlier instance ends."), "{line}");
        assert!(t.core.spells[0].exhausted, "{line}");
        let q: u32 = line
            .split("Potency ")
            .nth(1)
            .and_then(|x| x.split([',', '.']).next())
            .and_then(|x| x.parse().ok())
            .unwrap_or_else(|| panic!("a potency in {line}"));
        if q > 0 {
            // The failed casting's own q rounds (q <= 3) replace the earlier p (p >= 4).
            assert_eq!(
                t.core.spells[0].active,
                Some(SpellDuration {
                    count: q,
                    unit: DurationUnit::Rounds
                }),
                "{line}"
            );
            let unit = if q == 1 { "round" } else { "rounds" };
            assert!(line.contains(&format!("lasts {q} {unit}")), "{line}");
            some += 1;
        } else {
            // Potency 0 lasts no round: the earlier instance has ended all the same.
            assert_eq!(t.core.spells[0].active, None, "{line}");
            none += 1;
        }
    }
    assert!(
        some > 0 && none > 0,
        "{some} with successes, {none} without"
    );
}

#[test]
fn zero_successes_on_banish_hurl_the_caster_away() {
    let mut s = sheet();
    s.apply(ExpEdit::MaxHp(20)).unwrap();
    s.apply(ExpEdit::Ability(Ability::Discipline, 1)).unwrap();
    s.apply(ExpEdit::Learn("Banish".into())).unwrap();
    // 3 dice: zero successes 1/8 of the time; the line says what the spell's text makes of it.
    let (mut zero, mut some) = (0, 0);
    for seed in 0..200u64 {
        let mut t = s.clone();
        t.apply(ExpEdit::Hp(20)).unwrap();
        t.apply(channel(seed, "Banish")).unwrap();
        let line = t.last().unwrap().to_string();
        let hurled = line.ends_with(
            "Zero successes: the caster is hurled into the creature's home dimension instead.",
        );
        if line.contains("Potency 0") {
            assert!(hurled, "{line}");
            assert!(line.contains("Cascade!"), "{line}");
            zero += 1;
        } else {
            assert!(!hurled && !line.contains("Zero successes"), "{line}");
            some += 1;
        }
    }
    assert!(zero > 0 && some > 0, "{zero} zero, {some} with successes");
    // A spell whose text names no such effect only cascades.
    let mut s = sheet();
    s.apply(ExpEdit::Learn("Bind".into())).unwrap();
    for seed in 0..60u64 {
        let mut t = s.clone();
        t.apply(channel(seed, "Bind")).unwrap();
        assert!(!t.last().unwrap().contains("Zero successes"));
    }
}

#[test]
fn a_cascade_is_owed_on_the_caster_and_rolled_with_save_for_half() {
    // Digest, "Channeling Tests": zero successes on a failed test cascades, 3d per point of
    // the Channeling Objective to everyone in the area, Save (Discipline) for half, rounded up.
    let mut s = sheet();
    s.apply(ExpEdit::MaxHp(20)).unwrap();
    s.apply(ExpEdit::Hp(20)).unwrap();
    s.apply(ExpEdit::Learn("Bind".into())).unwrap();
    s.apply(ExpEdit::Ability(Ability::Agility, 1)).unwrap();
    let cascaded = (0..200u64)
        .map(|seed| {
            let mut t = s.clone();
            t.apply(channel(seed, "Bind")).unwrap();
            t
        })
        .find(|t| t.cascade_owed.is_some())
        .expect("3 dice roll no success in 1 of 8 castings");
    // Bind's Ob 4, no armour: 12 dice.
    assert_eq!(cascaded.cascade_owed, Some(12));
    let line = cascaded.last().unwrap().to_string();
    assert!(line.contains("Cascade! 12d"), "{line}");
    let hp = cascaded.core.health.hp;

    let cascade = |seed, saved| ExpEdit::Roll(seed, Procedure::Cascade { saved, block: None });
    let mut halved = 0;
    for seed in 0..30u64 {
        let mut full = cascaded.clone();
        full.apply(cascade(seed, false)).unwrap();
        let mut saved = cascaded.clone();
        saved.apply(cascade(seed, true)).unwrap();
        // The same dice either way: the Save halves what they deal, rounding up.
        let taken = hp - full.core.health.hp.min(hp);
        let successes: u32 = full
            .last()
            .unwrap()
            .split(": ")
            .nth(2)
            .and_then(|x| x.split(' ').next())
            .and_then(|x| x.parse().ok())
            .unwrap_or_else(|| panic!("successes in {}", full.last().unwrap()));
        if full.core.health.hp > 0 {
            assert_eq!(taken, successes, "{}", full.last().unwrap());
        }
        if saved.core.health.hp > 0 {
            assert_eq!(hp - saved.core.health.hp, successes.div_ceil(2));
            halved += u32::from(successes > 1);
        }
        assert!(
            saved.last().unwrap().contains("halved by the Save"),
            "{}",
            saved.last().unwrap()
        );
        // Rolled once: nothing is owed after, and a second roll is refused.
        assert_eq!(full.cascade_owed, None);
        let before = full.clone();
        assert!(full.apply(cascade(seed, false)).is_err());
        assert_eq!(full, before);
    }
    assert!(halved > 0);
    // Nothing owed on a sheet that never cascaded.
    assert!(s.clone().apply(cascade(1, false)).is_err());
}

#[test]
fn exploration_turns_count_down_spells_measured_in_turns_and_a_short_rest_takes_two() {
    // Demonic Blessing lasts [Successes] Turns: a spell measured in exploration turns.
    let (mut s, p) = channel_until_passed("Demonic Blessing");
    let unit = s.core.spells[0].active.map(|d| d.unit);
    assert_eq!(
        unit,
        Some(satchel::rules::expedition::magic::DurationUnit::ExplorationTurns)
    );
    s.apply(ExpEdit::TurnsPass(1)).unwrap();
    assert_eq!(
        s.core.spells[0].active.map(|d| d.count),
        Some(p - 1).filter(|&n| n > 0)
    );
    assert!(
        s.last()
            .unwrap()
            .starts_with("An exploration turn passes: Demonic Blessing"),
        "{}",
        s.last().unwrap()
    );
    // A short rest takes two turns.
    set_rations(&mut s, Some(11));
    let left = s.core.spells[0].active.map_or(0, |d| d.count);
    s.apply(ExpEdit::Roll(3, Procedure::ShortRest(0, 0)))
        .unwrap();
    assert_eq!(
        s.core.spells[0].active.map_or(0, |d| d.count),
        left.saturating_sub(2)
    );
    if left > 0 {
        assert!(
            s.last()
                .unwrap()
                .contains("2 exploration turns pass: Demonic Blessing"),
            "{}",
            s.last().unwrap()
        );
    }
    // Out of range, refused; nothing counted on a sheet with no spell in turns.
    assert!(s.clone().apply(ExpEdit::TurnsPass(0)).is_err());
    assert!(s.clone().apply(ExpEdit::TurnsPass(7)).is_err());
    let mut plain = sheet();
    let before = plain.clone();
    plain.apply(ExpEdit::TurnsPass(1)).unwrap();
    assert_eq!(plain.history, before.history);
}

#[test]
fn an_item_sold_leaves_the_slots_and_its_cash_arrives() {
    let mut s = sheet();
    s.apply(ExpEdit::Wealth(0)).unwrap();
    let add = |s: &mut ExpSheet, item: Item| {
        s.apply(ExpEdit::Gear(GearEdit::Add { carrier: 0, item }))
            .unwrap();
    };
    add(&mut s, Item::new("Shield"));
    let mut arrows = Item::new("Arrows");
    arrows.quantity = 2;
    add(&mut s, arrows);
    let cash = s.core.purse.cash;
    // Cost 4 over Wealth 0: four dice, one Cash a success; the shield is gone either way.
    s.apply(ExpEdit::Roll(
        7,
        Procedure::SellItem {
            carrier: 0,
            index: 0,
            cost: 4,
        },
    ))
    .unwrap();
    let line = s.last().unwrap().to_string();
    assert!(
        line.starts_with("Sold Shield (Cost 4): 4 dice rolled"),
        "{line}"
    );
    assert!(line.ends_with("Shield left the slots."), "{line}");
    let gained: u32 = line
        .split(": ")
        .nth(2)
        .and_then(|x| x.split(' ').next())
        .and_then(|x| x.parse().ok())
        .unwrap();
    assert_eq!(s.core.purse.cash, cash + gained);
    let names: Vec<&str> = s.gear.carriers[0]
        .items
        .iter()
        .map(|i| i.name.as_str())
        .collect();
    assert_eq!(names, ["Arrows"]);
    // One of a stack: the rest stay.
    s.apply(ExpEdit::Roll(
        8,
        Procedure::SellItem {
            carrier: 0,
            index: 0,
            cost: 1,
        },
    ))
    .unwrap();
    assert_eq!(s.gear.carriers[0].items[0].quantity, 1);
    // Nothing there: refused, nothing changed.
    let before = s.clone();
    assert!(
        s.apply(ExpEdit::Roll(
            9,
            Procedure::SellItem {
                carrier: 0,
                index: 5,
                cost: 1
            }
        ))
        .is_err()
    );
    assert_eq!(s, before);
}

#[test]
fn a_cash_stake_that_cannot_succeed_is_named_before_it_is_rolled() {
    let mut s = sheet();
    s.apply(ExpEdit::Cash(3, "Purse".into())).unwrap();
    s.apply(ExpEdit::Haven(true)).unwrap();
    // Max HP 6 to 7 is Ob 7: a wager of 3 Cash dice makes at most 3 successes.
    let improve = |stat: Stat, w| Procedure::Improve(stat, w);
    let h = s
        .hopeless_stake(&improve(Stat::HitPoints, 3))
        .expect("3 dice cannot make 7 successes");
    assert_eq!((h.dice, h.ob, h.cash), (3, 7, 3));
    assert!(h.is_wager());
    assert_eq!(
        h.to_string(),
        "3 Cash dice cannot reach Ob 7: this wager cannot succeed, and wagered dice are lost \
         whatever the result."
    );
    // Connections 0 to 1 is Ob 1: one die makes it half the time, so nothing is asked;
    // Might 2 to 3 is Ob 6, out of reach of 3 dice.
    assert_eq!(s.core.connections, 0);
    assert_eq!(s.hopeless_stake(&improve(Stat::Connections, 1)), None);
    let h = s.hopeless_stake(&improve(Stat::Ability(Ability::Might), 3));
    assert_eq!(h.map(|h| h.ob), Some(6));
    // A wager the rules refuse for a reason of their own says that reason instead.
    assert_eq!(
        s.hopeless_stake(&improve(Stat::HitPoints, 4)),
        None,
        "more than held"
    );
    assert_eq!(
        s.hopeless_stake(&improve(Stat::HitPoints, 0)),
        None,
        "no wager"
    );
    let mut away = s.clone();
    away.apply(ExpEdit::Haven(false)).unwrap();
    assert_eq!(
        away.hopeless_stake(&improve(Stat::HitPoints, 3)),
        None,
        "not in a Haven"
    );

    // Conduit costs 3 x Ob 2 = 6; over a new character's Wealth 1 it is a wager against Ob 5.
    assert_eq!(s.core.wealth, 1);
    let h = s
        .hopeless_stake(&rune("Conduit", 0, 3))
        .expect("3 dice, Ob 5");
    assert_eq!((h.dice, h.ob, h.cash), (3, 5, 3));
    s.apply(ExpEdit::Wealth(6)).unwrap();
    assert_eq!(
        s.hopeless_stake(&rune("Conduit", 0, 3)),
        None,
        "within Wealth: no wager"
    );
    // Scarcity +3 makes Cost 9 over Wealth 6: Ob 3, which 3 dice can make.
    assert_eq!(s.hopeless_stake(&rune("Conduit", 3, 3)), None);
    assert!(s.hopeless_stake(&rune("Conduit", 3, 2)).is_some());

    // A ritual channeling: Conduit tests Acuity 2 (2 + 2 dice) and 1 sacrificed Cash adds a
    // die; 10 damage this round raises Ob 2 to 12, out of reach of 5 dice.
    s.apply(ExpEdit::Learn("Conduit".into())).unwrap();
    let channel = |damage, ritual_cash| Procedure::Channel {
        spell: "Conduit".into(),
        damage,
        ritual_hp: 0,
        ritual_cash,
        rolled: None,
    };
    let h = s.hopeless_stake(&channel(10, 1)).expect("5 dice, Ob 12");
    assert_eq!((h.dice, h.ob, h.cash), (5, 12, 1));
    assert!(!h.is_wager(), "a sacrifice added to the spell's own dice");
    assert_eq!(
        h.to_string(),
        "5 dice cannot reach Ob 12: this test cannot pass, and the 1 Cash sacrificed is lost \
         whatever the result."
    );
    assert_eq!(s.hopeless_stake(&channel(10, 0)), None, "no Cash at stake");
    assert_eq!(
        s.hopeless_stake(&channel(0, 1)),
        None,
        "Ob 2 is within reach"
    );
    // Asking changes nothing: the stake is only spent when the roll is made.
    let before = s.clone();
    let _ = s.hopeless_stake(&channel(10, 1));
    assert_eq!(s, before);
    s.apply(ExpEdit::Roll(4, channel(10, 1))).unwrap();
    assert_eq!(s.core.purse.cash, 2, "wagered anyway: the Cash is spent");
}
