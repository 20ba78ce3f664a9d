//! The Expedition sheet's reducer: exact values for each edit, refusals that change nothing,
//! and seeded procedures that replay identically.

use proptest::prelude::*;
use satchel::model::exp_sheet::{ExpEdit, ExpSheet, ListKind, Procedure};
use satchel::rules::expedition::character::{Abilities, Character};
use satchel::rules::expedition::dice::Ability;
use satchel::rules::expedition::harm::BlockSource;
use satchel::rules::expedition::improvement::Stat;
use satchel::rules::expedition::magic::DurationUnit;
use satchel::rules::expedition::money::LedgerEntry;

fn sheet() -> ExpSheet {
    let mut s = ExpSheet::new("Ada");
    s.apply(ExpEdit::MaxHp(6)).unwrap();
    s.apply(ExpEdit::Hp(6)).unwrap();
    s
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
    let err = s.apply(ExpEdit::Ability(Ability::Might, 9)).unwrap_err();
    assert!(err.contains("between 1 and 8"), "{err}");
    assert_eq!(s, before);
}

#[test]
fn damage_blocks_then_bonus_then_hp_and_down_and_out() {
    let mut s = sheet();
    s.apply(ExpEdit::Armour(true)).unwrap();
    s.apply(ExpEdit::BonusHp(1)).unwrap();
    s.apply(ExpEdit::Damage {
        amount: 4,
        block: Some(BlockSource::Armour),
    })
    .unwrap();
    // 4 - 2 blocked = 2: 1 from Bonus HP, 1 from HP.
    assert_eq!((s.core.health.hp, s.core.health.bonus_hp), (5, 0));
    assert!(s.core.protection.armour_block_used);
    assert_eq!(
        s.last(),
        Some("Took 4 damage (armour blocked 2): 1 from Bonus HP, 1 from HP.")
    );
    // The armour's Block is once per day.
    let before = s.clone();
    assert!(
        s.apply(ExpEdit::Damage {
            amount: 1,
            block: Some(BlockSource::Armour)
        })
        .is_err()
    );
    assert_eq!(s, before);
    s.apply(ExpEdit::Damage {
        amount: 9,
        block: None,
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
    })
    .unwrap();
    s.apply(ExpEdit::Roll(1, Procedure::DownAndOut { aided: false }))
        .unwrap();
    assert!(s.core.health.dead);
    assert!(s.apply(ExpEdit::Heal(3)).is_err());
}

#[test]
fn seeded_rolls_replay_identically() {
    let mut a = sheet();
    a.apply(ExpEdit::Wealth(6)).unwrap();
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
    let err = a.apply(ExpEdit::Roll(43, Procedure::Income)).unwrap_err();
    assert!(err.contains("once per session"), "{err}");
    assert_eq!(a, before);
    a.apply(ExpEdit::NewSession).unwrap();
    a.apply(ExpEdit::Roll(43, Procedure::Income)).unwrap();
}

#[test]
fn rests_heal_and_check_rations() {
    let mut s = sheet();
    s.apply(ExpEdit::Damage {
        amount: 5,
        block: None,
    })
    .unwrap();
    s.apply(ExpEdit::Roll(3, Procedure::ShortRest(11))).unwrap();
    assert_eq!(s.core.health.hp, 4);
    assert!(s.last().unwrap().contains("Rations Depletion d20"));
    assert!(s.apply(ExpEdit::Roll(4, Procedure::ShortRest(11))).is_err());
    s.apply(ExpEdit::Armour(true)).unwrap();
    s.apply(ExpEdit::Damage {
        amount: 2,
        block: Some(BlockSource::Armour),
    })
    .unwrap();
    s.apply(ExpEdit::Roll(5, Procedure::LongRest(11))).unwrap();
    assert_eq!(s.core.health.hp, 6);
    assert!(!s.core.protection.armour_block_used);
    assert!(!s.core.health.short_rest_taken);
    // A Depletion score out of range is refused with words.
    let err = s
        .apply(ExpEdit::Roll(5, Procedure::LongRest(0)))
        .unwrap_err();
    assert!(err.contains("between 1 and 20"), "{err}");
}

#[test]
fn improvement_once_per_session_in_haven() {
    let mut s = sheet();
    s.apply(ExpEdit::Cash(30, "Loot".into())).unwrap();
    let stat = Stat::HitPoints;
    let err = s
        .apply(ExpEdit::Roll(9, Procedure::Improve(stat.clone(), 10)))
        .unwrap_err();
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
        .unwrap_err();
    assert!(err.contains("already attempted this session"), "{err}");
    assert_eq!(s, before);
    // The gear is untouched by the rules call that borrows it.
    assert_eq!(s.gear, sheet().gear);
}

#[test]
fn ledger_from_the_tray_and_typed_cash() {
    let mut s = sheet();
    s.apply(ExpEdit::Cash(5, "Sold a gem".into())).unwrap();
    s.apply(ExpEdit::Ledger(LedgerEntry {
        amount: -3,
        reason: "Wager for a mule".into(),
        balance: 2,
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
    s.apply(ExpEdit::Armour(true)).unwrap();
    s.apply(ExpEdit::Roll(
        11,
        Procedure::Channel {
            spell: "Bind".into(),
            damage: 0,
            unit: DurationUnit::Rounds,
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
fn projects_tick_once_per_session() {
    let mut s = sheet();
    s.apply(ExpEdit::AddProject("Tower".into(), 4)).unwrap();
    s.apply(ExpEdit::TickProject(0)).unwrap();
    assert_eq!(s.core.projects[0].filled, 1);
    assert!(s.apply(ExpEdit::TickProject(0)).is_err());
    s.apply(ExpEdit::NewSession).unwrap();
    s.apply(ExpEdit::TickProject(0)).unwrap();
    assert_eq!(s.core.projects[0].filled, 2);
    assert!(s.apply(ExpEdit::AddProject("Big".into(), 9)).is_err());
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
                1 => ExpEdit::Damage { amount: (v as u32) % 30, block: None },
                2 => ExpEdit::Ability(Ability::Might, v as u8),
                3 => ExpEdit::Cash(i64::from(v), "x".into()),
                4 => ExpEdit::Roll(seed, Procedure::LongRest((v as u8) % 22)),
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
    assert!(old.apply(ExpEdit::Retire).unwrap_err().contains("Wealth 4"));
    old.apply(ExpEdit::Wealth(7)).unwrap();
    old.apply(ExpEdit::Ability(Ability::Acuity, 5)).unwrap();
    old.apply(ExpEdit::AddWise("Crypt-wise".into())).unwrap();
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

#[test]
fn runestones_cost_three_times_ob_and_are_learned_when_bought() {
    let mut s = sheet();
    s.apply(ExpEdit::Wealth(6)).unwrap();
    s.apply(ExpEdit::Cash(2, "Purse".into())).unwrap();
    // Conduit is Ob 2: Cost 6 is within Wealth 6, so one Cash die and no roll.
    s.apply(ExpEdit::Roll(3, Procedure::Runestone("Conduit".into(), 1)))
        .unwrap();
    assert_eq!(s.core.purse.cash, 1);
    assert_eq!(s.core.spells.len(), 1);
    assert!(s.last().unwrap().ends_with("Bought and learned (Cash 1)."));
    let before = s.clone();
    assert!(
        s.apply(ExpEdit::Roll(3, Procedure::Runestone("Conduit".into(), 1)))
            .unwrap_err()
            .contains("already known")
    );
    assert!(
        s.apply(ExpEdit::Roll(
            3,
            Procedure::Runestone("Fell Blast".into(), 1)
        ))
        .is_err()
    );
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
