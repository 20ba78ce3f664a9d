//! A sealed check through the tray's reducer: the GM's difficulty holds whatever sheet builds
//! the player's dice, the roll shown is the one the seal gives that pool, its receipt verifies
//! against the check sent with what the rules added named, and what the seal cannot cover
//! is refused in words.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::action::Opening;
use super::super::fields::Field;
use super::super::state::{ExpKind, Mode, Prefill, TrayAction, TrayError, TrayState};
use crate::model::Proposal;
use crate::model::sealed::{Receipt, SealedCheck, SealedPool, Verdict, roll_sealed, verify};
use crate::rules::ix::check::{Action, Actor, Against, Ratings, check as door_check};
use crate::rules::ix::checks::Condition;
use crate::rules::ix::dice::DieKind;
use crate::rules::ix::pool::{Difficulty, Pool as IxPool};

fn opened(s: &mut TrayState, opening: Opening) {
    s.apply(TrayAction::Open(Box::new(opening))).unwrap();
}

/// The GM's check: 2 Trial dice (Average), sealed from a seeded generator.
fn ix_check() -> SealedCheck {
    let mut gm = IxPool::new();
    gm.add_difficulty(Difficulty::Average).unwrap();
    let proposal = Proposal::Ix {
        label: "Pick the lock".into(),
        pool: gm,
    };
    SealedCheck::new(proposal, 1_000, &mut ChaCha8Rng::seed_from_u64(11))
}

fn sealed_opening(check: &SealedCheck) -> Opening {
    let Proposal::Ix { pool, .. } = check.proposal else {
        panic!("an Ix check");
    };
    Opening {
        label: check.proposal.label().into(),
        prefill: Prefill::IxDifficulty(pool),
        sealed: Some(check.clone()),
        ..Opening::default()
    }
}

#[test]
fn a_sealed_ix_roll_is_the_seals_and_its_receipt_verifies() {
    let check = ix_check();
    let mut s = TrayState::default();
    opened(&mut s, sealed_opening(&check));
    assert!(s.sealed_here().is_some());
    // The player's sheet opens a Skulduggery check at Hard (3 Trial): their dice come with it,
    // the difficulty stays the GM's 2 Trial.
    let mut sheet = IxPool::from_ratings(3, 1).unwrap();
    sheet.add_difficulty(Difficulty::Hard).unwrap();
    opened(
        &mut s,
        Opening {
            prefill: Prefill::Ix(sheet),
            character_id: Some("vex".into()),
            ..Opening::default()
        },
    );
    assert_eq!(s.ix().describe(), "2 Ability, 1 Mastery vs 2 Trial");
    assert!(
        s.sealed().is_some(),
        "a sheet's request keeps the sealed check"
    );

    let (rolled, receipt) = s.roll_sealed("Vex").unwrap();
    let pool = SealedPool::Ix(s.ix());
    let expected = roll_sealed(&check, &pool).unwrap();
    // The dice on screen are the seal's for this pool: the same words, die by die.
    let shown: Vec<String> = rolled.outcome.groups[0]
        .1
        .iter()
        .map(|(_, l)| l.clone())
        .collect();
    assert_eq!(shown, expected.dice);
    assert_eq!(rolled.outcome.words, expected.outcome);
    // Rolling again from the same pool gives the same dice.
    assert_eq!(s.roll_sealed("Vex").unwrap().0, rolled);
    // The receipt verifies on the GM's side, and names who rolled.
    assert_eq!(receipt.character, "Vex");
    assert!(matches!(
        verify(&receipt, std::slice::from_ref(&check)),
        Verdict::Verified { .. }
    ));

    // Shown: the receipt waits with the result, and goes with the next roll.
    s.apply(TrayAction::Rolled(Box::new(rolled.clone())))
        .unwrap();
    s.apply(TrayAction::Receipt(Box::new(receipt.clone())))
        .unwrap();
    assert_eq!(s.receipt(), Some(&receipt));
    s.apply(TrayAction::Rolled(Box::new(rolled))).unwrap();
    assert_eq!(s.receipt(), None);

    // Leaving it: rolls are the player's own again.
    s.apply(TrayAction::EndSealed).unwrap();
    assert!(s.sealed().is_none());
    assert!(matches!(
        s.roll_sealed("Vex"),
        Err(TrayError::NothingToRoll)
    ));
}

#[test]
fn a_frightened_players_sealed_roll_names_the_die_the_rules_added() {
    // RULINGS.md, "Sealed checks": the GM seals the difficulty; the player's own additions
    // still go on, each named on the receipt, and the GM's device verifies them.
    let check = ix_check();
    let mut s = TrayState::default();
    opened(&mut s, sealed_opening(&check));
    let actor = Actor {
        conditions: vec![Condition::Frightened],
        ..Actor::default()
    };
    // The sheet asked Hard; under the seal the GM's Average holds, Frightened goes on top.
    let built = door_check(
        &actor,
        Action::Skill(Ratings::new(2, 0)),
        None,
        Against::Preset(Difficulty::Hard),
    )
    .unwrap();
    let conditioned = Opening {
        prefill: Prefill::IxCheck(Box::new(built)),
        ..Opening::default()
    };
    opened(&mut s, conditioned);
    assert_eq!(s.ix().describe(), "2 Ability vs 2 Trial, 1 Bane");
    let (_, receipt) = s.roll_sealed("Vex").unwrap();
    let named: Vec<String> = receipt.additions.iter().map(|a| a.label()).collect();
    assert_eq!(named, vec!["Frightened: +1 Bane die".to_string()]);
    let Verdict::Verified { roll, .. } = verify(&receipt, std::slice::from_ref(&check)) else {
        panic!("the receipt verifies with its named addition");
    };
    assert_eq!(roll.additions, receipt.additions);
    // The same pool with the addition left off the receipt is a difficulty the GM never set.
    let unnamed = Receipt {
        additions: Vec::new(),
        ..receipt.clone()
    };
    assert!(matches!(
        verify(&unnamed, std::slice::from_ref(&check)),
        Verdict::Differs(_)
    ));
}

#[test]
fn what_the_seal_does_not_cover_is_refused_in_words() {
    let check = ix_check();
    let mut s = TrayState::default();
    opened(&mut s, sealed_opening(&check));
    // A Bane die tapped in by hand is not the GM's difficulty nor a rule's: refused in words.
    opened(
        &mut s,
        Opening {
            prefill: Prefill::Ix(IxPool::from_ratings(2, 0).unwrap()),
            ..Opening::default()
        },
    );
    s.apply(TrayAction::AddDie(DieKind::BaneDie)).unwrap();
    let why = s.roll_sealed("Vex").unwrap_err().to_string();
    assert!(why.contains("2 Trial"), "{why}");

    // In another mode, the sealed check is not the one rolled.
    s.apply(TrayAction::SetMode(Mode::Plain)).unwrap();
    assert!(s.sealed_here().is_none());

    // An Expedition check: Ob 3 from the GM's factors, and the player's free successes.
    let exp = SealedCheck::new(
        Proposal::Expedition {
            label: "Climb".into(),
            ob: 3,
            why: vec!["Complexity: moderate +2".into(), "Lighting: dim +1".into()],
        },
        1_000,
        &mut ChaCha8Rng::seed_from_u64(12),
    );
    let mut s = TrayState::default();
    opened(
        &mut s,
        Opening {
            prefill: Prefill::Ob(3),
            sealed: Some(exp.clone()),
            ..Opening::default()
        },
    );
    assert_eq!(s.exp_kind(), ExpKind::Test);
    s.apply(TrayAction::SetField(Field::Ability, 4)).unwrap();
    s.apply(TrayAction::SetField(Field::Free, 1)).unwrap();
    // The test's own dice (Ability 4 with nothing added or taken) against the GM's Ob, with
    // the player's free success.
    let dice = s.own_pool().unwrap().dice();
    let pool = SealedPool::Expedition {
        dice,
        ob: 3,
        free: 1,
    };
    assert_eq!(s.sealed_pool().unwrap(), pool);
    let (rolled, receipt) = s.roll_sealed("Ash").unwrap();
    let expected = roll_sealed(&exp, &pool).unwrap();
    // A free success changes no die: the seal gives the same dice without it.
    let plain = roll_sealed(
        &exp,
        &SealedPool::Expedition {
            dice,
            ob: 3,
            free: 0,
        },
    )
    .unwrap();
    assert_eq!(plain.dice, expected.dice);
    assert_eq!(receipt.pool, pool);
    assert_eq!(
        rolled.outcome.words.split('.').next(),
        expected.outcome.split('.').next()
    );
    assert_eq!(rolled.outcome.groups[0].1.len(), dice as usize);
    assert!(matches!(verify(&receipt, &[exp]), Verdict::Verified { .. }));
}
