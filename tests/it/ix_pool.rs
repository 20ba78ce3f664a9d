//! Ix pool building: ratings, difficulty, upgrades/downgrades, Fortune/Peril, grapple, fear,
//! magic, Forbidden Grant, guards and conditions.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::rules::ix::check::{Action, Actor, Against, Ratings, Refusal, Target, check};
use satchel::rules::ix::checks::{
    Condition, FearOutcome, FearRating, FearSubject, ForbiddenGrantCase, Guard, ShakyStrain,
    Tradition, casting_pool, fear_check_pool, fear_outcome, grapple_difficulty,
};
use satchel::rules::ix::dice::{CheckResult, DieKind, SymbolTotals};
use satchel::rules::ix::error::IxError;
use satchel::rules::ix::pool::{Difficulty, Pool};

fn counts(p: &Pool) -> [u8; 6] {
    DieKind::ALL.map(|k| p.count(k))
}

#[test]
fn reference_example_intellect_3_lore_2() {
    // RULINGS.md: "Intellect 3, Lore 2" is 1 Ability + 2 Mastery.
    let p = Pool::from_ratings(3, 2).unwrap_or_default();
    assert_eq!(counts(&p), [1, 2, 0, 0, 0, 0]);
}

#[test]
fn untrained_rolls_ability_only_and_skill_higher_works_too() {
    assert_eq!(
        counts(&Pool::from_ratings(4, 0).unwrap_or_default()),
        [4, 0, 0, 0, 0, 0]
    );
    // Skill higher than characteristic: skill gives the dice, characteristic the upgrades.
    assert_eq!(
        counts(&Pool::from_ratings(2, 5).unwrap_or_default()),
        [3, 2, 0, 0, 0, 0]
    );
}

#[test]
fn bad_ratings_name_field_and_range() {
    let e = Pool::from_ratings(7, 1);
    assert_eq!(e, Err(IxError::out_of_range("characteristic", 7, 1, 6)));
    let e = Pool::from_ratings(3, -1);
    assert_eq!(e, Err(IxError::out_of_range("skill rank", -1, 0, 5)));
    let msg = IxError::out_of_range("skill rank", -1, 0, 5).to_string();
    assert!(
        msg.contains("skill rank") && msg.contains("0 to 5"),
        "{msg}"
    );
}

#[test]
fn difficulty_names_and_counts() {
    let want = [
        ("Easy", 1),
        ("Average", 2),
        ("Hard", 3),
        ("Severe", 4),
        ("Extreme", 5),
    ];
    for (name, n) in want {
        let d = Difficulty::from_name(name);
        assert_eq!(d.map(|d| d.trial_dice()), Some(n));
        assert_eq!(Difficulty::from_trial_dice(n).map(|d| d.name()), Some(name));
    }
    assert_eq!(Difficulty::from_name(" hard "), Some(Difficulty::Hard));
    let mut p = Pool::new();
    assert!(p.add_difficulty_count(11).is_err());
    assert!(p.add_difficulty_count(10).is_ok());
    assert_eq!(p.count(DieKind::Trial), 10);
}

#[test]
fn upgrades_with_no_die_left_add_a_base_die() {
    let mut p = Pool::from_counts(1, 0, 0, 0, 0, 0).unwrap_or_default();
    let r = p.upgrade_ability(2).unwrap_or_default();
    // First upgrade turns the Ability die into Mastery, second finds none and adds Ability.
    assert_eq!((r.upgraded, r.added), (1, 1));
    assert_eq!(counts(&p), [1, 1, 0, 0, 0, 0]);
    let mut p = Pool::new();
    let r = p.upgrade_difficulty(1).unwrap_or_default();
    assert_eq!((r.upgraded, r.added), (0, 1));
    assert_eq!(p.count(DieKind::Trial), 1);
}

#[test]
fn downgrade_with_nothing_to_downgrade_does_nothing_and_says_so() {
    let mut p = Pool::from_counts(2, 1, 0, 2, 0, 0).unwrap_or_default();
    let r = p.downgrade_ability(2).unwrap_or_default();
    assert_eq!((r.downgraded, r.missing), (1, 1));
    assert_eq!(counts(&p), [3, 0, 0, 2, 0, 0]);
    let before = p;
    let r = p.downgrade_difficulty(1).unwrap_or_default();
    assert_eq!((r.downgraded, r.missing), (0, 1));
    assert_eq!(p, before);
    assert!(r.describe(DieKind::Crisis).contains("no Crisis die left"));
}

#[test]
fn fortune_and_peril_one_each_per_check() {
    let mut p = Pool::from_counts(2, 0, 0, 2, 0, 0).unwrap_or_default();
    assert!(p.spend_fortune().is_ok());
    assert_eq!(p.spend_fortune(), Err(IxError::FortuneAlreadySpent));
    assert!(p.spend_peril().is_ok());
    assert_eq!(p.spend_peril(), Err(IxError::PerilAlreadySpent));
    assert_eq!(counts(&p), [1, 1, 0, 1, 1, 0]);
    assert!(p.fortune_spent() && p.peril_spent());
}

#[test]
fn describe_in_words() {
    let p = Pool::from_counts(2, 1, 1, 2, 1, 0).unwrap_or_default();
    assert_eq!(
        p.describe(),
        "2 Ability, 1 Mastery, 1 Boon vs 2 Trial, 1 Crisis"
    );
    assert_eq!(Pool::new().describe(), "no dice vs no dice");
}

#[test]
fn add_and_remove_dice_respect_limits() {
    let mut p = Pool::new();
    assert!(p.add_dice(DieKind::BoonDie, 2).is_ok());
    assert!(p.add_dice(DieKind::BoonDie, 19).is_err());
    assert_eq!(
        p.count(DieKind::BoonDie),
        2,
        "refused add leaves the pool unchanged"
    );
    assert_eq!(p.remove_dice(DieKind::BoonDie, 5), Ok(2));
    assert_eq!(p.count(DieKind::BoonDie), 0);
    assert!(p.add_dice(DieKind::BaneDie, -1).is_err());
}

#[test]
fn serde_round_trip_and_rejects_oversized_pool() {
    let p = Pool::from_counts(1, 2, 3, 4, 5, 6).unwrap_or_default();
    let json = serde_json::to_string(&p).unwrap_or_default();
    let back: Result<Pool, _> = serde_json::from_str(&json);
    assert_eq!(back.ok(), Some(p));
    let bad = r#"{"ability":99,"mastery":0,"boon_dice":0,"trial":0,"crisis":0,"bane_dice":0}"#;
    assert!(serde_json::from_str::<Pool>(bad).is_err());
}

#[test]
fn seeded_roll_shows_every_die_and_reads_them() {
    let p = Pool::from_counts(2, 1, 1, 1, 1, 1).unwrap_or_default();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let roll = p.roll(&mut rng);
    assert_eq!(roll.dice.len(), 7);
    let kinds: Vec<DieKind> = roll.dice.iter().map(|d| d.kind).collect();
    assert_eq!(
        kinds,
        vec![
            DieKind::Ability,
            DieKind::Ability,
            DieKind::Mastery,
            DieKind::BoonDie,
            DieKind::Trial,
            DieKind::Crisis,
            DieKind::BaneDie
        ]
    );
    // Reading recomputed from the displayed faces, symbol by symbol.
    let mut net_s = 0i32;
    let mut net_b = 0i32;
    for d in &roll.dice {
        net_s += i32::from(d.face.successes) + i32::from(d.face.breakthroughs)
            - i32::from(d.face.failures)
            - i32::from(d.face.calamities);
        net_b += i32::from(d.face.boons) - i32::from(d.face.banes);
    }
    assert_eq!(roll.result.net_successes, net_s);
    assert_eq!(roll.result.net_boons, net_b);
    assert_eq!(roll.result.succeeded, net_s >= 1);
    // Same seed, same roll.
    let mut rng2 = ChaCha8Rng::seed_from_u64(7);
    assert_eq!(p.roll(&mut rng2), roll);
}

#[test]
fn grapple_uses_targets_physical_ratings() {
    // Might 4, Agility 2: 4 dice, 2 of them upgraded -> 2 Trial + 2 Crisis.
    let d = grapple_difficulty(4, 2).unwrap_or_default();
    assert_eq!(counts(&d), [0, 0, 0, 2, 2, 0]);
    assert!(grapple_difficulty(0, 3).is_err());
    let mut p = Pool::from_ratings(3, 1).unwrap_or_default();
    assert!(p.add_grapple_difficulty(3, 3).is_ok());
    assert_eq!(counts(&p), [2, 1, 0, 0, 3, 0]);
}

#[test]
fn fear_ratings_map_to_difficulty_and_outcomes_by_subject() {
    let want = [
        (1, Difficulty::Easy),
        (2, Difficulty::Average),
        (3, Difficulty::Hard),
        (4, Difficulty::Severe),
    ];
    for (r, d) in want {
        assert_eq!(FearRating::new(r).map(|f| f.difficulty()), Ok(d));
    }
    assert!(FearRating::new(0).is_err() && FearRating::new(5).is_err());
    let rating = FearRating::new(3).expect("3 is a valid Fear rating");
    let p = fear_check_pool(3, 1, rating).unwrap_or_default();
    assert_eq!(counts(&p), [2, 1, 0, 3, 0, 0]);
    let fail = CheckResult::from_totals(&SymbolTotals::default());
    let pass = CheckResult::from_totals(&SymbolTotals {
        successes: 1,
        ..SymbolTotals::default()
    });
    assert_eq!(
        fear_outcome(FearSubject::PlayerCharacter, false, &fail),
        FearOutcome::Frightened
    );
    assert_eq!(
        fear_outcome(FearSubject::Nemesis, false, &fail),
        FearOutcome::Frightened
    );
    assert_eq!(
        fear_outcome(FearSubject::MinionGroup, false, &fail),
        FearOutcome::Demoralized
    );
    assert_eq!(
        fear_outcome(FearSubject::Elite, false, &fail),
        FearOutcome::Demoralized
    );
    assert_eq!(
        fear_outcome(FearSubject::Elite, false, &pass),
        FearOutcome::Steady
    );
    assert_eq!(
        fear_outcome(FearSubject::Elite, true, &fail),
        FearOutcome::Immune
    );
    // Rally, by the one door: Presence 3 and Leadership 2 against the causing rating (3:
    // Hard, 3 Trial dice); a Frightened or Demoralized leader is refused.
    let rally = |conditions: Vec<Condition>| {
        let actor = Actor {
            conditions,
            ..Actor::default()
        };
        let action = Action::Rally {
            ratings: Ratings::new(3, 2),
            rating,
        };
        check(&actor, action, None, Against::Own).map(|c| c.pool())
    };
    assert_eq!(
        rally(vec![Condition::Frightened]),
        Err(Refusal::LeaderAfraid)
    );
    assert_eq!(
        rally(vec![Condition::Demoralized]),
        Err(Refusal::LeaderAfraid)
    );
    assert_eq!(counts(&rally(vec![]).unwrap()), [1, 2, 0, 3, 0, 0]);
}

#[test]
fn conditions_and_guards_add_what_they_should() {
    // Through the one check door (`check::check`), the only home of these rules.
    let bane = |conditions: Vec<Condition>, action: Action| {
        let actor = Actor {
            conditions,
            ..Actor::default()
        };
        check(&actor, action, None, Against::Count(2))
            .unwrap()
            .pool()
            .count(DieKind::BaneDie)
    };
    let skill = Action::Skill(Ratings::new(2, 0));
    let attack = Action::Attack {
        ratings: Ratings::new(2, 0),
        ranged: false,
    };
    assert_eq!(bane(vec![Condition::Frightened], skill), 1);
    assert_eq!(bane(vec![Condition::Demoralized], skill), 0);
    assert_eq!(
        bane(vec![Condition::Frightened, Condition::Demoralized], attack),
        2
    );

    let against = |guard| {
        let target = Target {
            guard,
            ..Target::default()
        };
        check(&Actor::default(), attack, Some(&target), Against::Count(2))
            .unwrap()
            .pool()
    };
    assert_eq!(counts(&against(Guard::Guarded)), [2, 0, 0, 1, 1, 0]);
    assert_eq!(counts(&against(Guard::DefensiveGuard)), [2, 0, 0, 2, 0, 1]);
}

#[test]
fn casting_pools_by_tradition() {
    assert_eq!(Tradition::Arcana.characteristic().name(), "Intellect");
    assert_eq!(Tradition::Divine.characteristic().name(), "Willpower");
    assert_eq!(Tradition::Primal.characteristic().name(), "Savvy");
    let p = casting_pool(Tradition::Arcana, 3, 2, 3, true).unwrap_or_default();
    assert_eq!(counts(&p), [1, 2, 1, 3, 0, 0]);
    assert_eq!(
        casting_pool(Tradition::Divine, 3, 2, 2, true),
        Err(IxError::FocusNotArcana)
    );
    assert!(casting_pool(Tradition::Primal, 3, 6, 2, false).is_err());
}

#[test]
fn forbidden_grant_cases() {
    let base = casting_pool(Tradition::Divine, 4, 2, 2, false).unwrap_or_default();
    let mut p = base;
    assert_eq!(p.apply_forbidden_grant(ForbiddenGrantCase::Sound), Ok(None));
    assert_eq!(p, base);
    let mut p = base;
    assert!(
        p.apply_forbidden_grant(ForbiddenGrantCase::Shaky(ShakyStrain::UpgradeTrial))
            .is_ok()
    );
    assert_eq!((p.count(DieKind::Trial), p.count(DieKind::Crisis)), (1, 1));
    let mut p = base;
    assert!(
        p.apply_forbidden_grant(ForbiddenGrantCase::Shaky(ShakyStrain::BaneDice(2)))
            .is_ok()
    );
    assert_eq!(p.count(DieKind::BaneDie), 2);
    let mut p = base;
    assert!(
        p.apply_forbidden_grant(ForbiddenGrantCase::Shaky(ShakyStrain::BaneDice(3)))
            .is_err()
    );
    assert_eq!(
        p.apply_forbidden_grant(ForbiddenGrantCase::BadFaith),
        Err(IxError::ChannelShut)
    );
    assert_eq!(p, base);
}

#[test]
fn a_proposed_difficulty_replaces_only_the_difficulty_side() {
    let player = Pool::from_counts(2, 1, 1, 1, 0, 0).unwrap();
    let mut gm = Pool::from_counts(5, 5, 5, 2, 1, 1).unwrap();
    gm.spend_peril().unwrap();
    let merged = player.with_difficulty_of(&gm);
    let counts: Vec<u8> = [
        DieKind::Ability,
        DieKind::Mastery,
        DieKind::BoonDie,
        DieKind::Trial,
        DieKind::Crisis,
        DieKind::BaneDie,
    ]
    .into_iter()
    .map(|k| merged.count(k))
    .collect();
    // Peril upgraded one of the GM's two Trial dice: 1 Trial, 2 Crisis.
    assert_eq!(counts, [2, 1, 1, 1, 2, 1]);
    assert!(merged.peril_spent() && !merged.fortune_spent());
}

/// A named difficulty is the whole difficulty side: Crisis dice from an upgrade count toward
/// it, and choosing a preset never stacks on them.
#[test]
fn difficulty_presets_count_crisis_dice() {
    let mut p = Pool::from_counts(2, 0, 0, 0, 0, 0).unwrap();
    p.set_difficulty(Difficulty::Average).unwrap();
    assert_eq!((p.count(DieKind::Trial), p.count(DieKind::Crisis)), (2, 0));
    // A Peril upgrade turns a Trial die into a Crisis die: still Average (2 dice).
    p.upgrade_difficulty(1).unwrap();
    assert_eq!((p.count(DieKind::Trial), p.count(DieKind::Crisis)), (1, 1));
    assert_eq!(p.difficulty_dice(), 2);
    assert_eq!(
        Difficulty::from_trial_dice(p.difficulty_dice()),
        Some(Difficulty::Average)
    );
    // Hard keeps the Crisis die and makes up the rest with Trial dice: 3 in all, not 4.
    p.set_difficulty(Difficulty::Hard).unwrap();
    assert_eq!((p.count(DieKind::Trial), p.count(DieKind::Crisis)), (2, 1));
    // Easy after two upgrades: the Crisis dice stay (upgrades are not undone by a preset).
    p.upgrade_difficulty(1).unwrap();
    p.set_difficulty(Difficulty::Easy).unwrap();
    assert_eq!((p.count(DieKind::Trial), p.count(DieKind::Crisis)), (0, 2));
    // The positive side is never touched.
    assert_eq!(p.count(DieKind::Ability), 2);
}
