//! The tray's reducer, natively: what a request builds, what a refusal leaves alone, and what
//! a roll reports back. Expected values are worked out by hand from the rules, not restated
//! from the code.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::rules::expedition::money::LedgerEntry;
use crate::rules::ix::check::{Action, Actor, Against, Ratings, check};
use crate::rules::ix::checks::Condition;
use crate::rules::ix::dice::DieKind;
use crate::rules::ix::pool::Difficulty;
use crate::ui::tray::fields::{EMPTY, FieldError};
use crate::ui::tray::outcome::Wager;
use crate::ui::tray::tables::Table;

/// A check built by the one door for an actor with `conditions` and `carried` Bane dice:
/// a skill check (not an attack) from `(characteristic, skill)` against `difficulty`.
fn door(
    ratings: (i32, i32),
    difficulty: Option<Difficulty>,
    conditions: Vec<Condition>,
    carried: u8,
) -> Prefill {
    let actor = Actor {
        conditions,
        carried_banes: carried,
        ..Actor::default()
    };
    let action = Action::Skill(Ratings::new(ratings.0, ratings.1));
    let against = difficulty.map_or(Against::Own, Against::Preset);
    Prefill::IxCheck(Box::new(check(&actor, action, None, against).unwrap()))
}

fn opened(opening: Opening) -> TrayState {
    let mut s = TrayState::default();
    s.apply(TrayAction::Open(Box::new(opening))).unwrap();
    s
}

/// A Cash wager request from a character with Wealth 3 and 4 Cash.
fn wager_opening(cost: u32, scarcity: u32, wager: u32) -> Opening {
    Opening {
        label: "Rope".into(),
        prefill: Prefill::CashWager {
            cost,
            scarcity,
            wager,
        },
        cash: Some(4),
        wealth: Some(3),
        ..Opening::default()
    }
}

fn outcome(words: &str) -> Outcome {
    Outcome {
        mode: "Plain",
        pool: "1d6".into(),
        groups: vec![],
        words: words.into(),
        notes: vec![],
    }
}

fn rolled(words: &str, cash: Option<LedgerEntry>) -> TrayAction {
    TrayAction::Rolled(Box::new(Rolled {
        outcome: outcome(words),
        ix: None,
        cash: cash.map(|entry| Wager {
            entry,
            acquired: words == "Bought",
        }),
    }))
}

fn seeded() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(7)
}

#[test]
fn an_ix_request_builds_its_pool_and_names_the_roll() {
    let mut pool = IxPool::from_ratings(3, 2).unwrap();
    pool.add_difficulty(Difficulty::Average).unwrap();
    let s = opened(Opening {
        label: "Lore check".into(),
        character_id: Some("c1".into()),
        character_name: Some("Vex".into()),
        prefill: Prefill::Ix(pool),
        ..Opening::default()
    });
    assert_eq!(s.mode(), Mode::Ix);
    // Intellect 3, Lore 2: three dice, two of them upgraded; Average is two Trial dice.
    assert_eq!(s.ix().describe(), "1 Ability, 2 Mastery vs 2 Trial");
    assert_eq!(s.label(), "Lore check");
    assert_eq!(s.who().map(String::as_str), Some("c1"));
    assert_eq!(s.who_name().map(String::as_str), Some("Vex"));
}

#[test]
fn an_expedition_request_fills_the_fields_and_the_factor_calculator() {
    let factors = GeneralFactors {
        lighting: crate::rules::expedition::objective::Step::One,
        ..GeneralFactors::default()
    };
    let s = opened(Opening {
        prefill: Prefill::Expedition {
            ability: 4,
            bonus: 1,
            penalty: 2,
            helping: 3,
            ob: 5,
            free: 1,
            factors: Some(factors),
            carried: Carried::default(),
        },
        ..Opening::default()
    });
    assert_eq!(s.mode(), Mode::Expedition);
    assert_eq!(s.exp_kind(), ExpKind::Test);
    let typed: Vec<i64> = [
        Field::Ability,
        Field::Bonus,
        Field::Penalty,
        Field::Helping,
        Field::Ob,
        Field::Free,
    ]
    .into_iter()
    .map(|f| s.field(f))
    .collect();
    assert_eq!(typed, [4, 1, 2, 3, 5, 1]);
    // The calculator wins over the typed Ob: moderate complexity 2 + dim light 1.
    assert_eq!(s.ob().unwrap().0, 3);
}

#[test]
fn a_cash_wager_request_sets_the_purchase_and_who_takes_the_change() {
    let s = opened(Opening {
        cash_to_sheet: true,
        ..wager_opening(5, 1, 2)
    });
    assert_eq!(s.exp_kind(), ExpKind::Cash);
    let typed: Vec<i64> = [
        Field::Cost,
        Field::Scarcity,
        Field::Wager,
        Field::CashHeld,
        Field::Wealth,
    ]
    .into_iter()
    .map(|f| s.field(f))
    .collect();
    assert_eq!(typed, [5, 1, 2, 4, 3]);
    assert!(s.cash_to_sheet());
}

#[test]
fn a_proposed_difficulty_keeps_the_players_dice_and_fields() {
    let mut s = TrayState::default();
    s.apply(TrayAction::AddDie(DieKind::Ability)).unwrap();
    s.apply(TrayAction::AddDie(DieKind::BoonDie)).unwrap();
    s.apply(TrayAction::SetField(Field::Ability, 5)).unwrap();
    let gm = IxPool::from_counts(4, 0, 0, 2, 1, 0).unwrap();
    s.apply(TrayAction::Open(Box::new(Opening {
        prefill: Prefill::IxDifficulty(gm),
        ..Opening::default()
    })))
    .unwrap();
    assert_eq!(s.ix().describe(), "1 Ability, 1 Boon vs 2 Trial, 1 Crisis");
    assert!(!s.peril_from_gm(), "no Peril Point came with this proposal");

    s.apply(TrayAction::SetFactors(Some(GeneralFactors::default())))
        .unwrap();
    s.apply(TrayAction::Open(Box::new(Opening {
        prefill: Prefill::Ob(4),
        ..Opening::default()
    })))
    .unwrap();
    assert_eq!((s.mode(), s.exp_kind()), (Mode::Expedition, ExpKind::Test));
    assert_eq!(s.factors(), None);
    assert_eq!((s.field(Field::Ability), s.ob().unwrap().0), (5, 4));
}

#[test]
fn opening_a_request_clears_the_last_result_and_refusal() {
    let mut s = TrayState::default();
    s.apply(rolled("Total 4", None)).unwrap();
    s.apply(TrayAction::Refused(TrayError::EmptyPool)).unwrap();
    assert!(s.result().is_some() && s.message().is_some());
    s.apply(TrayAction::Open(Box::default())).unwrap();
    assert_eq!(s.result(), None);
    assert_eq!(s.message(), None);
    // The count of rolls goes on, so the next result is announced as a new one.
    assert_eq!(s.rolls(), 1);
}

#[test]
fn removing_a_die_that_is_not_there_is_refused_and_changes_nothing() {
    let mut s = TrayState::default();
    s.apply(TrayAction::AddDie(DieKind::Trial)).unwrap();
    let before = s.clone();
    let err = s
        .apply(TrayAction::RemoveDie(DieKind::Ability))
        .unwrap_err();
    assert_eq!(err, TrayError::NoDieToRemove(DieKind::Ability));
    assert_eq!(
        err.to_string(),
        "There is no Ability die in the pool to remove."
    );
    assert_eq!(s, before);
}

#[test]
fn a_kind_over_its_limit_and_a_second_fortune_point_are_refused_whole() {
    let mut s = TrayState::default();
    for _ in 0..20 {
        s.apply(TrayAction::AddDie(DieKind::BaneDie)).unwrap();
    }
    s.apply(TrayAction::AddDie(DieKind::Ability)).unwrap();
    s.apply(TrayAction::MarkFortune).unwrap();
    let before = s.clone();
    let over = s.apply(TrayAction::AddDie(DieKind::BaneDie)).unwrap_err();
    assert!(matches!(over, TrayError::Ix(_)));
    assert!(over.to_string().contains("Bane"), "{over}");
    let again = s.apply(TrayAction::MarkFortune).unwrap_err();
    assert_eq!(
        again.to_string(),
        "A Fortune Point is already spent on this check (one per check)."
    );
    assert_eq!(s, before);
}

#[test]
fn an_armoured_characters_test_opens_at_the_default_ob_and_armour_weighs_only_when_it_should() {
    let vex = |ob| Opening {
        label: "Might test".into(),
        character_id: Some("c1".into()),
        character_name: Some("Vex".into()),
        prefill: Prefill::Expedition {
            ability: 3,
            bonus: 0,
            penalty: 0,
            helping: 0,
            ob,
            free: 0,
            factors: None,
            carried: Carried {
                armour_worn: 1,
                shields_carried: 1,
            },
        },
        ..Opening::default()
    };
    let mut s = opened(vex(3));
    // Not an encumbering test: the default Ob 3 stands, armour or not.
    assert_eq!(s.ob().unwrap(), (3, Vec::new()));
    s.apply(TrayAction::SetEncumbering(true)).unwrap();
    let (ob, why) = s.ob().unwrap();
    assert_eq!(ob, 5);
    assert_eq!(why, ["Ob as set +3", "Armour worn +1", "Shield carried +1"]);
    // Working the Ob out from factors keeps the armour: moderate 2 + 1 + 1.
    s.apply(TrayAction::SetFactors(Some(GeneralFactors::default())))
        .unwrap();
    assert_eq!(s.ob().unwrap().0, 4);
    s.apply(TrayAction::SetEncumbering(false)).unwrap();
    assert_eq!(s.ob().unwrap().0, 2);
    // Another character's test carries none of Vex's armour.
    s.apply(TrayAction::Open(Box::new(Opening {
        character_id: Some("c2".into()),
        character_name: Some("Kara".into()),
        prefill: Prefill::Ob(3),
        ..Opening::default()
    })))
    .unwrap();
    s.apply(TrayAction::SetEncumbering(true)).unwrap();
    assert_eq!(s.ob().unwrap().0, 3);
    assert!(s.carried().is_empty());
}

#[test]
fn a_field_out_of_range_refuses_the_roll_in_words() {
    let mut s = opened(Opening {
        prefill: Prefill::Expedition {
            ability: 3,
            bonus: 0,
            penalty: 0,
            helping: 0,
            ob: 2,
            free: 0,
            factors: None,
            carried: Carried::default(),
        },
        ..Opening::default()
    });
    // Kept as typed, so the field shows what was typed and the odds say what is wrong.
    s.apply(TrayAction::SetField(Field::Bonus, 35)).unwrap();
    let before = s.clone();
    let err = s.roll(&mut seeded()).unwrap_err();
    assert_eq!(
        err,
        TrayError::Field(FieldError::OutOfRange {
            field: Field::Bonus,
            value: 35
        })
    );
    assert_eq!(
        err.to_string(),
        "bonus dice is 35, but it must be between 0 and 30."
    );
    assert_eq!(s.exp_plan().unwrap_err(), err);
    s.apply(TrayAction::SetField(Field::Bonus, EMPTY)).unwrap();
    assert_eq!(
        s.roll(&mut seeded()).unwrap_err().to_string(),
        "Type a whole number for bonus dice."
    );
    s.apply(TrayAction::SetField(Field::Bonus, 35)).unwrap();
    assert_eq!(s, before);
}

#[test]
fn a_table_roll_checks_its_field() {
    let mut s = TrayState::default();
    s.apply(TrayAction::SetField(Field::Reputation, 9)).unwrap();
    assert_eq!(
        s.roll_table(Table::Recognition, &mut seeded())
            .unwrap_err()
            .to_string(),
        "Reputation is 9, but it must be between -6 and 6."
    );
    s.apply(TrayAction::SetField(Field::Reputation, -6))
        .unwrap();
    let r = s.roll_table(Table::Recognition, &mut seeded()).unwrap();
    assert_eq!(r.outcome.groups[0].1.len(), 1);
}

#[test]
fn an_empty_pool_and_the_log_have_nothing_to_roll() {
    let mut s = TrayState::default();
    assert_eq!(
        s.roll(&mut seeded()).unwrap_err().to_string(),
        "Add at least one die first."
    );
    s.apply(TrayAction::SetMode(Mode::Log)).unwrap();
    assert_eq!(s.roll(&mut seeded()), Err(TrayError::NothingToRoll));
}

#[test]
fn an_ix_roll_reports_the_pool_as_rolled_and_is_logged_with_the_request() {
    let mut pool = IxPool::from_ratings(2, 1).unwrap();
    pool.add_difficulty(Difficulty::Easy).unwrap();
    let mut s = opened(Opening {
        label: "Athletics".into(),
        character_id: Some("c1".into()),
        character_name: Some("Vex".into()),
        prefill: Prefill::Ix(pool),
        ..Opening::default()
    });
    s.apply(TrayAction::MarkFortune).unwrap();
    let roll = s.roll(&mut seeded()).unwrap();
    let (as_rolled, _) = roll.ix.unwrap();
    assert!(as_rolled.fortune_spent());
    // Two dice and an Easy check; the Fortune Point upgrades the remaining Ability die.
    assert_eq!(as_rolled.describe(), "2 Mastery vs 1 Trial");
    assert_eq!(roll.outcome.groups[0].1.len(), 3);

    let applied = s.apply(TrayAction::Rolled(Box::new(roll.clone()))).unwrap();
    let TrayApplied::Rolled(settled) = applied else {
        panic!("a roll settles");
    };
    assert_eq!(settled.ix, roll.ix);
    assert_eq!(s.result(), Some(&roll.outcome));
    assert_eq!(s.rolls(), 1);
    let record = settled.log.record(1_000, None);
    assert_eq!(record.label, "Athletics");
    assert_eq!(record.character_id.as_deref(), Some("c1"));
    assert_eq!(record.character.as_deref(), Some("Vex"));
    assert_eq!(record.faces.len(), 3);
}

#[test]
fn the_roster_name_wins_and_notes_follow_the_words() {
    let draft = LogDraft {
        character_id: Some("c1".into()),
        request_name: Some("Old name".into()),
        label: String::new(),
        outcome: Outcome {
            notes: vec!["Cash 4 → 1.".into()],
            ..outcome("Bought")
        },
        seal: None,
    };
    let r = draft.record(5, Some("Vex".into()));
    assert_eq!(r.character.as_deref(), Some("Vex"));
    assert_eq!(r.outcome, "Bought. Cash 4 → 1.");
}

#[test]
fn a_wager_without_a_sheet_updates_the_trays_cash() {
    let entry = LedgerEntry {
        amount: -3,
        reason: "Rope".into(),
        balance: 1,
        at: None,
    };
    let mut alone = TrayState::default();
    alone
        .apply(TrayAction::SetField(Field::CashHeld, 4))
        .unwrap();
    alone.apply(rolled("Bought", Some(entry.clone()))).unwrap();
    assert_eq!(alone.field(Field::CashHeld), 1);

    let mut for_sheet = opened(Opening {
        cash: Some(4),
        cash_to_sheet: true,
        ..Opening::default()
    });
    for_sheet.apply(rolled("Bought", Some(entry))).unwrap();
    // The sheet applies the change and opens the tray with its new Cash next time.
    assert_eq!(for_sheet.field(Field::CashHeld), 4);
}

#[test]
fn after_the_tray_closes_a_wager_updates_the_trays_cash_not_the_sheets() {
    let entry = LedgerEntry {
        amount: -3,
        reason: "Rope".into(),
        balance: 1,
        at: None,
    };
    let mut s = opened(Opening {
        cash: Some(4),
        cash_to_sheet: true,
        ..Opening::default()
    });
    s.apply(TrayAction::EndRequest).unwrap();
    assert!(!s.cash_to_sheet());
    s.apply(rolled("Bought", Some(entry))).unwrap();
    assert_eq!(s.field(Field::CashHeld), 1);
}

#[test]
fn a_cash_wager_above_the_cash_held_is_refused_by_the_rules() {
    let s = opened(wager_opening(5, 0, 6));
    let err = s.roll(&mut seeded()).unwrap_err();
    assert!(matches!(err, TrayError::Expedition(_)));
    assert!(
        err.to_string()
            .contains("Wager is 6, but it must be between 1 and 4."),
        "{err}"
    );
}

#[test]
fn a_wager_tells_the_sheet_whether_it_bought_the_thing() {
    // Cost 5 against Wealth 3: Ob 2. Each roll is reported to the sheet as its words say.
    let mut seen = [false, false];
    for seed in 0..40 {
        let s = opened(wager_opening(5, 0, 3));
        let r = s.roll(&mut ChaCha8Rng::seed_from_u64(seed)).unwrap();
        let w = r.cash.unwrap();
        assert_eq!(w.acquired, r.outcome.words == "Bought");
        // Three dice are wagered, and lost, whatever the result.
        assert_eq!((w.entry.amount, w.entry.balance), (-3, 1));
        seen[usize::from(w.acquired)] = true;
    }
    // P(at least 2 of 3) = 1/2: forty seeds show both outcomes.
    assert_eq!(seen, [true, true]);
}

#[test]
fn a_roll_made_elsewhere_takes_its_character_and_label() {
    let mut s = opened(Opening {
        character_id: Some("c1".into()),
        character_name: Some("Vex".into()),
        ..Opening::default()
    });
    let applied = s
        .apply(TrayAction::Show(Box::new(RollElsewhere {
            character_id: Some("c2".into()),
            label: "Depletion: Torches".into(),
            outcome: outcome("Holds"),
        })))
        .unwrap();
    let TrayApplied::Rolled(settled) = applied else {
        panic!("a shown roll is logged");
    };
    assert_eq!(settled.log.character_id.as_deref(), Some("c2"));
    // Vex's name must not be logged against another character.
    assert_eq!(settled.log.request_name, None);
    assert_eq!(s.label(), "Depletion: Torches");
    assert_eq!(s.result().map(|o| o.words.as_str()), Some("Holds"));
}

#[test]
fn a_refusal_shows_until_the_next_change() {
    let mut s = TrayState::default();
    s.apply(TrayAction::Refused(TrayError::StoryPoint {
        fortune: true,
        why: "No Fortune Point is left in the session pool.".into(),
    }))
    .unwrap();
    assert_eq!(
        s.message().map(ToString::to_string).as_deref(),
        Some("No Fortune Point is left in the session pool.")
    );
    s.apply(TrayAction::AddDie(DieKind::Ability)).unwrap();
    assert_eq!(s.message(), None);
}

#[test]
fn a_preset_after_a_peril_upgrade_replaces_the_difficulty_side() {
    let mut s = TrayState::default();
    s.apply(TrayAction::AddDie(DieKind::Ability)).unwrap();
    s.apply(TrayAction::Difficulty(Difficulty::Average))
        .unwrap();
    s.apply(TrayAction::Step(PoolStep::UpgradeDifficulty))
        .unwrap();
    assert_eq!(s.ix().difficulty_dice(), 2);
    s.apply(TrayAction::Difficulty(Difficulty::Hard)).unwrap();
    assert_eq!(
        (s.ix().count(DieKind::Trial), s.ix().count(DieKind::Crisis)),
        (2, 1)
    );
}

#[test]
fn the_shared_difficulty_follows_the_mode() {
    let mut s = TrayState::default();
    s.apply(TrayAction::SetLabel("Pick the lock".into()))
        .unwrap();
    s.apply(TrayAction::Difficulty(Difficulty::Hard)).unwrap();
    match s.proposal().unwrap() {
        Proposal::Ix { label, pool } => {
            assert_eq!(label, "Pick the lock");
            assert_eq!(pool.count(DieKind::Trial), 3);
        }
        other => panic!("{other:?}"),
    }
    s.apply(TrayAction::SetMode(Mode::Expedition)).unwrap();
    s.apply(TrayAction::SetField(Field::Ob, 4)).unwrap();
    assert_eq!(
        s.proposal().unwrap(),
        Proposal::Expedition {
            label: "Pick the lock".into(),
            ob: 4,
            why: Vec::new(),
        }
    );
    // Worked out from factors, the proposal carries them, for the player to see.
    s.apply(TrayAction::SetFactors(Some(GeneralFactors {
        lighting: crate::rules::expedition::objective::Step::Two,
        ..GeneralFactors::default()
    })))
    .unwrap();
    assert_eq!(
        s.proposal().unwrap(),
        Proposal::Expedition {
            label: "Pick the lock".into(),
            ob: 4,
            why: vec!["Complexity: moderate +2".into(), "Lighting: dark +2".into()],
        }
    );
}

#[cfg(not(target_arch = "wasm32"))]
mod props {
    use proptest::prelude::*;

    use super::*;

    fn action() -> impl Strategy<Value = TrayAction> {
        let kind = prop::sample::select(DieKind::ALL.to_vec());
        let step = prop::sample::select(vec![
            PoolStep::UpgradeAbility,
            PoolStep::DowngradeAbility,
            PoolStep::UpgradeDifficulty,
            PoolStep::DowngradeDifficulty,
        ]);
        let difficulty = prop::sample::select(Difficulty::ALL.to_vec());
        prop_oneof![
            kind.clone().prop_map(TrayAction::AddDie),
            kind.prop_map(TrayAction::RemoveDie),
            step.prop_map(TrayAction::Step),
            difficulty.prop_map(TrayAction::Difficulty),
            Just(TrayAction::MarkFortune),
            Just(TrayAction::MarkPeril),
            Just(TrayAction::ClearPool),
        ]
    }

    proptest! {
        /// Whatever the taps, a refused one leaves the tray exactly as it was, and the pool
        /// never holds more than the rules allow.
        #[test]
        fn a_refused_change_changes_nothing(actions in prop::collection::vec(action(), 0..120)) {
            let mut s = TrayState::default();
            for a in actions {
                let before = s.clone();
                if s.apply(a).is_err() {
                    prop_assert_eq!(&s, &before);
                }
                for kind in DieKind::ALL {
                    prop_assert!(s.ix().count(kind) <= 20);
                }
            }
        }
    }
}

#[test]
fn a_peril_point_from_the_gms_proposal_is_not_this_devices_to_spend() {
    let mut s = TrayState::default();
    let mut gm = IxPool::from_counts(0, 0, 0, 3, 0, 0).unwrap();
    gm.spend_peril().unwrap();
    s.apply(TrayAction::Open(Box::new(Opening {
        prefill: Prefill::IxDifficulty(gm),
        ..Opening::default()
    })))
    .unwrap();
    assert!(s.ix().peril_spent() && s.peril_from_gm());
    // The player's own sheet opens a new check: any Peril on it would be this table's.
    s.apply(TrayAction::Open(Box::new(Opening {
        prefill: Prefill::Ix(gm),
        ..Opening::default()
    })))
    .unwrap();
    assert!(!s.peril_from_gm());
    s.apply(TrayAction::ClearPool).unwrap();
    assert!(!s.peril_from_gm());
}

#[test]
fn the_line_beside_roll_names_the_pool_and_its_chance_or_why_not() {
    let mut s = TrayState::default();
    assert_eq!(s.roll_summary(), "Add at least one die first.");
    s.apply(TrayAction::SetMode(Mode::Expedition)).unwrap();
    s.apply(TrayAction::SetExpKind(ExpKind::Test)).unwrap();
    // Ability 1 and the 2 base dice: 3 dice.
    s.apply(TrayAction::SetField(Field::Ability, 1)).unwrap();
    s.apply(TrayAction::SetField(Field::Bonus, 0)).unwrap();
    s.apply(TrayAction::SetField(Field::Penalty, 0)).unwrap();
    s.apply(TrayAction::SetField(Field::Helping, 0)).unwrap();
    s.apply(TrayAction::SetField(Field::Ob, 1)).unwrap();
    // Three dice against Ob 1 fail only when all three miss: 1 - (1/2)^3 = 7/8.
    assert_eq!(s.roll_summary(), "3 dice vs Ob 1 (Trivial): 87.5% to pass");
    s.apply(TrayAction::SetField(Field::Ob, 3)).unwrap();
    // All three must hit: (1/2)^3 = 1/8.
    assert_eq!(s.roll_summary(), "3 dice vs Ob 3 (Moderate): 12.5% to pass");
    s.apply(TrayAction::SetMode(Mode::Plain)).unwrap();
    s.apply(TrayAction::SetNotation("2d6+1".into())).unwrap();
    assert_eq!(s.roll_summary(), "Rolls 2d6+1");
    s.apply(TrayAction::SetNotation("2q6".into())).unwrap();
    assert_ne!(s.roll_summary(), "", "bad notation says why");
    assert!(!s.roll_summary().starts_with("Rolls"));
}

#[test]
fn a_wager_that_cannot_reach_its_ob_is_questioned_before_cash_is_spent() {
    // Cost 5 + Scarcity 1 against Wealth 3: wager against Ob 3.
    let mut s = opened(wager_opening(5, 1, 2));
    let why = s.hopeless_wager().expect("2 dice cannot make 3 successes");
    assert!(why.starts_with("2 Cash dice cannot reach Ob 3"), "{why}");
    // Three dice can, just: (1/2)^3.
    s.apply(TrayAction::SetField(Field::Wager, 3)).unwrap();
    assert_eq!(s.hopeless_wager(), None);
    assert_eq!(s.roll_summary(), "Chance to buy: 12.5% with 3 Cash wagered");
    // A Cost within Wealth needs no wager at all.
    s.apply(TrayAction::SetField(Field::Cost, 2)).unwrap();
    s.apply(TrayAction::SetField(Field::Scarcity, 0)).unwrap();
    s.apply(TrayAction::SetField(Field::Wager, 1)).unwrap();
    assert_eq!(s.hopeless_wager(), None);
    // Only a Cash wager is ever questioned.
    s.apply(TrayAction::SetField(Field::Cost, 9)).unwrap();
    assert!(s.hopeless_wager().is_some());
    s.apply(TrayAction::SetExpKind(ExpKind::Test)).unwrap();
    assert_eq!(s.hopeless_wager(), None);
}

#[test]
fn conditions_add_their_dice_by_name_and_come_off_for_an_exempt_check() {
    // Intellect 3, Lore 2 against Average: 1 Ability, 2 Mastery vs 2 Trial. The one door
    // puts Frightened on (the source is near in play) and Demoralized off (not an attack).
    let mut pool = IxPool::from_ratings(3, 2).unwrap();
    pool.add_difficulty(Difficulty::Average).unwrap();
    let both = vec![Condition::Frightened, Condition::Demoralized];
    let mut s = opened(Opening {
        prefill: door((3, 2), Some(Difficulty::Average), both, 0),
        ..Opening::default()
    });
    assert_eq!(
        s.condition_lines(),
        vec![
            ("Frightened: +1 Bane die".to_string(), true, true),
            ("Demoralized: +1 Bane die".to_string(), false, true),
        ]
    );
    // Frightened is on: its Bane die is in the pool rolled, not in the counters' pool.
    assert_eq!(s.ix().describe(), "1 Ability, 2 Mastery vs 2 Trial, 1 Bane");
    assert_eq!(s.ix_built().count(DieKind::BaneDie), 0);
    // Both on: two Bane dice; the odds follow the pool rolled.
    s.apply(TrayAction::ToggleCondition(1)).unwrap();
    assert_eq!(s.ix().count(DieKind::BaneDie), 2);
    // Exempt from both: the pool as built.
    s.apply(TrayAction::ToggleCondition(0)).unwrap();
    s.apply(TrayAction::ToggleCondition(1)).unwrap();
    assert_eq!(s.ix(), pool);
    // A roll uses the pool with its conditions, and hands that pool to the sheet's hook.
    s.apply(TrayAction::ToggleCondition(0)).unwrap();
    let r = s.roll(&mut seeded()).unwrap();
    let (as_rolled, _) = r.ix.unwrap();
    assert_eq!(as_rolled.count(DieKind::BaneDie), 1);
    assert_eq!(r.outcome.pool, "1 Ability, 2 Mastery vs 2 Trial, 1 Bane");
    // A die tapped in goes to the built pool; the condition's die stays on top.
    s.apply(TrayAction::AddDie(DieKind::BaneDie)).unwrap();
    assert_eq!(
        (
            s.ix_built().count(DieKind::BaneDie),
            s.ix().count(DieKind::BaneDie)
        ),
        (1, 2)
    );
    // No such condition: refused, nothing changes. Clear drops the conditions too.
    let before = s.clone();
    assert!(s.apply(TrayAction::ToggleCondition(5)).is_err());
    assert_eq!(s, before);
    s.apply(TrayAction::ClearPool).unwrap();
    assert!(s.condition_lines().is_empty());
    // A request without conditions replaces them: another character's check starts clean.
    let mut s = opened(Opening {
        prefill: door(
            (3, 2),
            Some(Difficulty::Average),
            vec![Condition::Frightened],
            0,
        ),
        ..Opening::default()
    });
    s.apply(TrayAction::Open(Box::new(Opening {
        prefill: Prefill::Ix(pool),
        ..Opening::default()
    })))
    .unwrap();
    assert_eq!(s.ix(), pool);
}

#[test]
fn upgrades_and_downgrades_say_what_they_did() {
    let mut s = TrayState::default();
    s.apply(TrayAction::AddDie(DieKind::Ability)).unwrap();
    s.apply(TrayAction::Step(PoolStep::UpgradeAbility)).unwrap();
    assert_eq!(
        s.step_note(),
        Some("Upgraded an Ability die to a Mastery die.")
    );
    // No Ability die left: the rules add one instead (RULINGS, "Difficulty").
    s.apply(TrayAction::Step(PoolStep::UpgradeAbility)).unwrap();
    assert_eq!(
        s.step_note(),
        Some("No Ability die left to upgrade: added an Ability die instead.")
    );
    assert_eq!(s.ix().describe(), "1 Ability, 1 Mastery vs no dice");
    // Difficulty: with no Crisis die, a downgrade changes nothing and says so.
    s.apply(TrayAction::Step(PoolStep::DowngradeDifficulty))
        .unwrap();
    assert_eq!(
        s.step_note(),
        Some("No Crisis die left to downgrade: nothing changed.")
    );
    s.apply(TrayAction::Step(PoolStep::UpgradeDifficulty))
        .unwrap();
    assert_eq!(
        s.step_note(),
        Some("No Trial die left to upgrade: added a Trial die instead.")
    );
    s.apply(TrayAction::Step(PoolStep::DowngradeAbility))
        .unwrap();
    assert_eq!(
        s.step_note(),
        Some("Downgraded a Mastery die to an Ability die.")
    );
    // Any other change clears the line.
    s.apply(TrayAction::AddDie(DieKind::BoonDie)).unwrap();
    assert_eq!(s.step_note(), None);
}

#[test]
fn a_targets_guard_changes_the_attackers_pool_by_name_and_comes_off_when_ruled_out() {
    use crate::rules::ix::checks::Guard;
    // Agility 3, Ranged 1 against Average: 2 Ability, 1 Mastery vs 2 Trial.
    let mut pool = IxPool::from_ratings(3, 1).unwrap();
    pool.add_difficulty(Difficulty::Average).unwrap();
    let mut s = opened(Opening {
        prefill: Prefill::Ix(pool),
        ..Opening::default()
    });
    let target = |guard| AttackTarget {
        id: "id-Vex".into(),
        name: "Vex".into(),
        guard,
        on: true,
        ..AttackTarget::default()
    };
    // No guard up: nothing to say, nothing added.
    s.apply(TrayAction::Target(Some(target(Guard::None))))
        .unwrap();
    assert_eq!(s.target_line(), None);
    assert_eq!(s.ix(), pool);
    // Defensive Guard: one Bane die on top of the pool as built.
    s.apply(TrayAction::Target(Some(target(Guard::DefensiveGuard))))
        .unwrap();
    assert_eq!(
        s.target_line(),
        Some(("Vex's Defensive Guard: +1 Bane die".to_string(), true))
    );
    assert_eq!(s.ix().describe(), "2 Ability, 1 Mastery vs 2 Trial, 1 Bane");
    assert_eq!(s.ix_built(), pool);
    // Guarded instead (they do not stack): one Trial die becomes a Crisis die.
    s.apply(TrayAction::Target(Some(target(Guard::Guarded))))
        .unwrap();
    assert_eq!(
        (
            s.ix().count(DieKind::Trial),
            s.ix().count(DieKind::Crisis),
            s.ix().count(DieKind::BaneDie)
        ),
        (1, 1, 0)
    );
    // Ruled out for this check: the pool as built, and the roll uses it.
    s.apply(TrayAction::ToggleTargetGuard).unwrap();
    assert_eq!(s.target_line().map(|l| l.1), Some(false));
    assert_eq!(s.ix(), pool);
    s.apply(TrayAction::ToggleTargetGuard).unwrap();
    let r = s.roll(&mut seeded()).unwrap();
    assert_eq!(r.ix.unwrap().0.count(DieKind::Crisis), 1);
    // A new request, or Clear, forgets the target.
    s.apply(TrayAction::ClearPool).unwrap();
    assert!(s.target().is_none());
    s.apply(TrayAction::Target(Some(target(Guard::Guarded))))
        .unwrap();
    s.apply(TrayAction::Open(Box::new(Opening {
        prefill: Prefill::Ix(pool),
        ..Opening::default()
    })))
    .unwrap();
    assert!(s.target().is_none());
    assert!(s.apply(TrayAction::ToggleTargetGuard).is_err());
}

#[test]
fn a_help_tap_makes_the_change_the_list_weighed() {
    use crate::rules::ix::help::IxChange;
    // Intellect 3, Lore 1 with a Frightened Bane die on top: every available option's promise
    // is the odds the tray shows once it is tapped.
    let s = opened(Opening {
        prefill: door((3, 1), None, vec![Condition::Frightened], 0),
        ratings: Some((3, 1)),
        ..Opening::default()
    });
    let help = s.ix_help();
    for option in help.player.iter().chain(&help.gm) {
        let mut next = s.clone();
        match option.outcome {
            Ok(g) => {
                next.apply(TrayAction::Help(option.change)).unwrap();
                assert_eq!(next.ix().odds().p_success, g.after.success, "{option:?}");
            }
            Err(why) => {
                let refused = next.apply(TrayAction::Help(option.change));
                assert_eq!(refused, Err(TrayError::IxHelp(why)));
                assert_eq!(next, s, "a refused change changes nothing");
            }
        }
    }
    // One skill rank more follows the ratings: 3/1 -> 3/2, then 3/3.
    let mut next = s.clone();
    next.apply(TrayAction::Help(IxChange::SkillRank(Some((3, 1)))))
        .unwrap();
    assert_eq!(next.ratings(), Some((3, 2)));
    assert_eq!(next.ix_built(), IxPool::from_ratings(3, 2).unwrap());
}

#[test]
fn an_expedition_help_tap_sets_the_field_and_a_wise_counts_once() {
    use crate::rules::expedition::help::{ExpChange, ExpUnavailable};
    // Ability 1 with no bonus: 3 dice against Ob 2 (1/2). The Ob - 1 option promises 7/8.
    let mut s = opened(Opening {
        prefill: Prefill::Expedition {
            ability: 1,
            bonus: 0,
            penalty: 0,
            helping: 0,
            ob: 2,
            free: 0,
            factors: None,
            carried: Carried::default(),
        },
        ..Opening::default()
    });
    let help = s.exp_help().unwrap().unwrap();
    assert_eq!(help.options[0].change, ExpChange::ObLower);
    s.apply(TrayAction::ExpHelp(ExpChange::ObLower)).unwrap();
    assert_eq!(s.field(Field::Ob), 1);
    s.apply(TrayAction::ExpHelp(ExpChange::Wise)).unwrap();
    assert_eq!(s.field(Field::Bonus), 1);
    assert_eq!(
        s.apply(TrayAction::ExpHelp(ExpChange::Wise)),
        Err(TrayError::ExpHelp(ExpUnavailable::WiseUsed))
    );
    s.apply(TrayAction::ExpHelp(ExpChange::HelpingDie)).unwrap();
    assert_eq!(s.field(Field::Helping), 1);
}

/// An Ix roll for `who` with these net Banes (as negative net Boons) and nothing else.
fn ix_rolled(pool: IxPool, net_boons: i32) -> TrayAction {
    let result = crate::rules::ix::dice::CheckResult {
        net_successes: 1,
        net_boons,
        breakthroughs: 0,
        calamities: 0,
        succeeded: true,
    };
    TrayAction::Rolled(Box::new(Rolled {
        outcome: outcome("Success"),
        ix: Some((pool, result)),
        cash: None,
    }))
}

#[test]
fn a_rolls_banes_can_each_go_to_the_characters_next_check_once() {
    let pool = IxPool::from_ratings(2, 1).unwrap();
    let mut s = opened(Opening {
        character_id: Some("id-Vex".into()),
        prefill: Prefill::Ix(pool),
        ..Opening::default()
    });
    // Nothing to spend before a roll.
    assert_eq!(s.carry_offer(), None);
    assert_eq!(
        s.apply(TrayAction::CarriedBane),
        Err(TrayError::NoBaneToCarry)
    );
    // Two net Banes: two to spend, one at a time, then none.
    s.apply(ix_rolled(pool, -2)).unwrap();
    assert_eq!(s.carry_offer(), Some(("id-Vex", 2)));
    s.apply(TrayAction::CarriedBane).unwrap();
    assert_eq!(s.carry_offer(), Some(("id-Vex", 1)));
    s.apply(TrayAction::CarriedBane).unwrap();
    assert_eq!(s.carry_offer(), None);
    let before = s.clone();
    assert_eq!(
        s.apply(TrayAction::CarriedBane),
        Err(TrayError::NoBaneToCarry)
    );
    assert_eq!(s, before);
    // Net Boons leave nothing for the GM; nor does a roll for nobody in particular.
    s.apply(ix_rolled(pool, 1)).unwrap();
    assert_eq!(s.carry_offer(), None);
    let mut nobody = opened(Opening {
        prefill: Prefill::Ix(pool),
        ..Opening::default()
    });
    nobody.apply(ix_rolled(pool, -3)).unwrap();
    assert_eq!(nobody.carry_offer(), None);
    // Another character takes over the tray: the Banes were the first one's.
    s.apply(ix_rolled(pool, -1)).unwrap();
    s.apply(TrayAction::SetWho(Some("id-Ada".into()))).unwrap();
    assert_eq!(s.carry_offer(), None);
}

#[test]
fn carried_bane_dice_go_on_one_check_by_name_unless_unticked() {
    // Agility 2, Athletics 1 against Average: 1 Ability, 1 Mastery vs 2 Trial.
    let mut pool = IxPool::from_ratings(2, 1).unwrap();
    pool.add_difficulty(Difficulty::Average).unwrap();
    let opening = |on: bool| {
        let mut s = opened(Opening {
            character_id: Some("id-Vex".into()),
            prefill: door((2, 1), Some(Difficulty::Average), Vec::new(), 2),
            ..Opening::default()
        });
        if !on {
            s.apply(TrayAction::ToggleCondition(0)).unwrap();
        }
        s
    };
    let mut s = opening(true);
    assert_eq!(
        s.condition_lines(),
        vec![(
            "Carried from an earlier check: +2 Bane dice".to_string(),
            true,
            true
        )]
    );
    assert_eq!(s.ix().describe(), "1 Ability, 1 Mastery vs 2 Trial, 2 Bane");
    let r = s.roll(&mut seeded()).unwrap();
    assert_eq!(r.ix.unwrap().0.count(DieKind::BaneDie), 2);
    let TrayApplied::Rolled(settled) = s.apply(TrayAction::Rolled(Box::new(r))).unwrap() else {
        panic!("a roll settles");
    };
    // Used up: the sheet is told whose, and Roll again does not add them twice.
    assert_eq!(settled.used_carried.as_deref(), Some("id-Vex"));
    assert!(s.condition_lines().is_empty());
    assert_eq!(s.ix(), pool);
    // Unticked (the GM waved them off for this check): still waiting for the next one.
    let mut s = opening(false);
    let r = s.roll(&mut seeded()).unwrap();
    assert_eq!(r.ix.unwrap().0.count(DieKind::BaneDie), 0);
    let TrayApplied::Rolled(settled) = s.apply(TrayAction::Rolled(Box::new(r))).unwrap() else {
        panic!("a roll settles");
    };
    assert_eq!(settled.used_carried, None);
    assert_eq!(s.condition_lines().len(), 1);
}

#[test]
fn the_same_characters_next_attack_keeps_attack_on() {
    use crate::rules::ix::checks::Guard;
    let pool = IxPool::from_ratings(3, 1).unwrap();
    let attack = |who: &str, attack| Opening {
        character_id: Some(who.into()),
        prefill: Prefill::Ix(pool),
        attack,
        ..Opening::default()
    };
    let ada = AttackTarget {
        id: "id-Ada".into(),
        name: "Ada".into(),
        guard: Guard::None,
        on: true,
        ..AttackTarget::default()
    };
    let mut s = opened(attack("id-Vex", true));
    s.apply(TrayAction::Target(Some(ada.clone()))).unwrap();
    // Vex attacks again: still on Ada.
    s.apply(TrayAction::Open(Box::new(attack("id-Vex", true))))
        .unwrap();
    assert_eq!(s.target(), Some(&ada));
    // A check that is not an attack starts without a target...
    s.apply(TrayAction::Open(Box::new(attack("id-Vex", false))))
        .unwrap();
    assert_eq!(s.target(), None);
    // ...and so does another character's attack.
    s.apply(TrayAction::Target(Some(ada))).unwrap();
    s.apply(TrayAction::Open(Box::new(attack("id-Bo", true))))
        .unwrap();
    assert_eq!(s.target(), None);
}

#[test]
fn the_same_adversarys_next_attack_keeps_attack_on() {
    use crate::rules::ix::checks::Guard;
    let pool = IxPool::from_ratings(3, 1).unwrap();
    // An adversary has no roster id: it is known by its name.
    let attack = |name: &str| Opening {
        character_name: Some(name.into()),
        prefill: Prefill::Ix(pool),
        attack: true,
        ..Opening::default()
    };
    let bo = AttackTarget {
        id: "id-Bo".into(),
        name: "Bo".into(),
        guard: Guard::None,
        on: true,
        ..AttackTarget::default()
    };
    let mut s = opened(attack("Captain"));
    s.apply(TrayAction::Target(Some(bo.clone()))).unwrap();
    s.apply(TrayAction::Open(Box::new(attack("Captain"))))
        .unwrap();
    assert_eq!(s.target(), Some(&bo), "the Captain attacks Bo again");
    // Another adversary's attack starts over...
    s.apply(TrayAction::Open(Box::new(attack("Spears"))))
        .unwrap();
    assert_eq!(s.target(), None);
    // ...as does a roster character's, even one whose name is the adversary's.
    s.apply(TrayAction::Target(Some(bo))).unwrap();
    s.apply(TrayAction::Open(Box::new(Opening {
        character_id: Some("id-Spears".into()),
        ..attack("Spears")
    })))
    .unwrap();
    assert_eq!(s.target(), None);
    // A request with neither id nor name is nobody's: never the same attacker.
    let nobody = Opening {
        character_name: None,
        ..attack("x")
    };
    s.apply(TrayAction::Open(Box::new(nobody.clone()))).unwrap();
    s.apply(TrayAction::Target(Some(AttackTarget {
        id: "id-Bo".into(),
        name: "Bo".into(),
        guard: Guard::None,
        on: true,
        ..AttackTarget::default()
    })))
    .unwrap();
    s.apply(TrayAction::Open(Box::new(nobody))).unwrap();
    assert_eq!(s.target(), None);
}
