//! Opposed checks: exact odds against fractions derived by hand from the die faces, the tie
//! going to the defending side, seeded rolls, and the GM table's reducer that holds the two
//! sides (a roster character's pool read from its sheet, refusals that change nothing).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::model::ix_table::{Contender, Contest, IxTableDoc, TableEdit};
use satchel::model::{CharacterAction, NamedDocument, Roster, System};
use satchel::rules::ix::dice::CheckResult;
use satchel::rules::ix::opposed::{OpposedResult, Side, opposed_odds, roll_opposed};
use satchel::rules::ix::pool::{Difficulty, Pool};

fn pool(a: i32, m: i32, b: i32, t: i32, c: i32, n: i32) -> Pool {
    Pool::from_counts(a, m, b, t, c, n).expect("a small pool")
}

fn close(x: f64, y: f64) -> bool {
    (x - y).abs() < 1e-12
}

fn result(net_successes: i32) -> CheckResult {
    CheckResult {
        net_successes,
        net_boons: 0,
        breakthroughs: 0,
        calamities: 0,
        succeeded: net_successes >= 1,
    }
}

// One Ability die's net Successes: 0 on blank, B, B, BB (4 of 8); 1 on S, S, SB (3 of 8);
// 2 on SS (1 of 8). One Mastery die: 0 on blank, B, BB, BB (4 of 12); 1 on S, S, SB, SB, SB
// and the Breakthrough (6 of 12); 2 on SS, SS (2 of 12).

#[test]
fn ability_against_ability_by_hand() {
    // Acting ahead: (1 vs 0) 3/8 * 4/8 + (2 vs 0 or 1) 1/8 * 7/8 = 12/64 + 7/64 = 19/64.
    // Tie: (4/8)^2 + (3/8)^2 + (1/8)^2 = 26/64. By symmetry the defending side is ahead 19/64.
    let o = opposed_odds(&pool(1, 0, 0, 0, 0, 0), &pool(1, 0, 0, 0, 0, 0));
    assert!(close(o.acting_wins, 19.0 / 64.0), "{}", o.acting_wins);
    assert!(close(o.tie, 26.0 / 64.0), "{}", o.tie);
    assert!(close(o.defending_ahead, 19.0 / 64.0));
    assert!(close(o.defending_wins(), 45.0 / 64.0));
    // Margins run from -2 to 2; a margin of 2 needs SS against 0: 1/8 * 4/8 = 4/64.
    let m: Vec<i32> = o.margins.iter().map(|x| x.margin).collect();
    assert_eq!(m, vec![-2, -1, 0, 1, 2]);
    assert!(close(o.margins[4].probability, 4.0 / 64.0));
    assert!(close(o.expected_margin, 0.0));
}

#[test]
fn mastery_against_ability_by_hand() {
    // Acting ahead: P(M=1) P(A=0) + P(M=2) P(A<=1) = 1/2 * 1/2 + 1/6 * 7/8 = 24/96 + 14/96.
    // Tie: 1/3 * 1/2 + 1/2 * 3/8 + 1/6 * 1/8 = 16/96 + 18/96 + 2/96 = 36/96.
    // Defending ahead: 1 - 38/96 - 36/96 = 22/96.
    let o = opposed_odds(&pool(0, 1, 0, 0, 0, 0), &pool(1, 0, 0, 0, 0, 0));
    assert!(close(o.acting_wins, 38.0 / 96.0), "{}", o.acting_wins);
    assert!(close(o.tie, 36.0 / 96.0), "{}", o.tie);
    assert!(close(o.defending_ahead, 22.0 / 96.0));
    // Means: Mastery (6 + 4) / 12 = 5/6, Ability (3 + 2) / 8 = 5/8.
    assert!(close(o.expected_margin, 5.0 / 6.0 - 5.0 / 8.0));
}

#[test]
fn against_nobody_the_opposed_check_is_the_pool_s_own_success() {
    // The reference's example pool (Intellect 3, Lore 2 vs Average) succeeds 6455/9216;
    // opposed by a side that rolls no dice (always 0 net Successes), it wins exactly as often.
    let mut acting = Pool::from_ratings(3, 2).expect("ratings");
    acting
        .add_difficulty(Difficulty::Average)
        .expect("difficulty");
    let o = opposed_odds(&acting, &Pool::default());
    assert!(close(o.acting_wins, 6455.0 / 9216.0), "{}", o.acting_wins);
}

#[test]
fn a_side_s_own_working_counts_against_it() {
    // 1 Ability + 1 Trial (its own working's difficulty) against 1 Ability. Trial: 0 net on
    // blank and the four Bane-only faces (5 of 8), -1 on F and FN (2 of 8), -2 on FF (1 of 8).
    // The acting side's net: +2 = 1/8 * 5/8 = 5/64; +1 = 3/8 * 5/8 + 1/8 * 2/8 = 17/64;
    // 0 = 4/8 * 5/8 + 3/8 * 2/8 + 1/8 * 1/8 = 27/64; -1 = 4/8 * 2/8 + 3/8 * 1/8 = 11/64;
    // -2 = 4/8 * 1/8 = 4/64. Against the defending Ability die (32, 24, 8 of 64 at 0, 1, 2):
    // acting ahead = 17/64 * 32/64 + 5/64 * 56/64 = (544 + 280) / 4096 = 824/4096.
    let o = opposed_odds(&pool(1, 0, 0, 1, 0, 0), &pool(1, 0, 0, 0, 0, 0));
    assert!(close(o.acting_wins, 824.0 / 4096.0), "{}", o.acting_wins);
    // Tie = 27/64 * 32/64 + 17/64 * 24/64 + 5/64 * 8/64 = (864 + 408 + 40) / 4096.
    assert!(close(o.tie, 1312.0 / 4096.0), "{}", o.tie);
}

#[test]
fn ties_go_to_the_defending_side() {
    let tie = OpposedResult::compare(result(2), result(2));
    assert_eq!((tie.winner, tie.margin), (Side::Defending, 0));
    assert!(tie.held_on_tie());
    assert_eq!(
        tie.describe("Ash", "the ward"),
        "Tie at 2 net Successes: the ward holds (ties go to the defending side)."
    );
    let ahead = OpposedResult::compare(result(1), result(-2));
    assert_eq!((ahead.winner, ahead.margin), (Side::Acting, 3));
    assert_eq!(
        ahead.describe("Ash", "the ward"),
        "Ash wins by 3 net Successes."
    );
    let behind = OpposedResult::compare(result(0), result(1));
    assert_eq!((behind.winner, behind.margin), (Side::Defending, 1));
    assert_eq!(
        behind.describe("Ash", "the ward"),
        "the ward wins by 1 net Success."
    );
    // Both failing still has a winner: the one with fewer net Failures.
    let both_fail = OpposedResult::compare(result(-1), result(-3));
    assert_eq!((both_fail.winner, both_fail.margin), (Side::Acting, 2));
}

#[test]
fn a_seeded_roll_reads_both_sides_dice() {
    let (a, d) = (pool(2, 1, 1, 0, 0, 0), pool(1, 2, 0, 1, 0, 1));
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let r = roll_opposed(&a, &d, &mut rng);
    assert_eq!(r.acting.dice.len(), 4);
    assert_eq!(r.defending.dice.len(), 5);
    assert_eq!(
        r.result,
        OpposedResult::compare(r.acting.result, r.defending.result)
    );
    // The same seed gives the same dice: acting is rolled first, then defending.
    let mut again = ChaCha8Rng::seed_from_u64(16);
    assert_eq!(a.roll(&mut again), r.acting);
    assert_eq!(d.roll(&mut again), r.defending);
}

#[test]
fn rolled_frequencies_match_the_exact_odds() {
    // 40,000 seeded opposed rolls of Ability against Ability: the share the acting side wins
    // sits within four standard errors of 19/64 (sd = sqrt(p(1-p)/n) ~ 0.0023).
    let (a, d) = (pool(1, 0, 0, 0, 0, 0), pool(1, 0, 0, 0, 0, 0));
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let n = 40_000;
    let wins = (0..n)
        .filter(|_| roll_opposed(&a, &d, &mut rng).result.winner == Side::Acting)
        .count();
    let p = 19.0 / 64.0;
    let se = (p * (1.0 - p) / f64::from(n)).sqrt();
    let share = wins as f64 / f64::from(n);
    assert!((share - p).abs() < 4.0 * se, "share {share}");
}

fn small_pool() -> impl Strategy<Value = Pool> {
    (0i32..=3, 0i32..=3, 0i32..=2, 0i32..=3, 0i32..=2, 0i32..=2)
        .prop_map(|(a, m, b, t, c, n)| Pool::from_counts(a, m, b, t, c, n).unwrap_or_default())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn odds_add_up_and_mirror(a in small_pool(), d in small_pool()) {
        let o = opposed_odds(&a, &d);
        prop_assert!((o.acting_wins + o.tie + o.defending_ahead - 1.0).abs() < 1e-9);
        let total: f64 = o.margins.iter().map(|m| m.probability).sum();
        prop_assert!((total - 1.0).abs() < 1e-9);
        let mean: f64 = o.margins.iter().map(|m| f64::from(m.margin) * m.probability).sum();
        prop_assert!((mean - o.expected_margin).abs() < 1e-9);
        // Swapping the sides swaps who is ahead; the tie stays.
        let r = opposed_odds(&d, &a);
        prop_assert!((r.acting_wins - o.defending_ahead).abs() < 1e-9);
        prop_assert!((r.tie - o.tie).abs() < 1e-9);
    }

    #[test]
    fn the_winner_is_ahead_or_defending_on_a_tie(x in -20i32..20, y in -20i32..20) {
        let r = OpposedResult::compare(result(x), result(y));
        prop_assert_eq!(r.margin, x.abs_diff(y));
        prop_assert_eq!(r.winner == Side::Acting, x > y);
    }
}

fn roster_with_ash() -> (Roster, String) {
    let mut roster = Roster::default();
    roster
        .apply(
            CharacterAction::Create {
                id: "ash".into(),
                name: "Ash".into(),
                system: System::Ix,
            },
            1,
        )
        .expect("created");
    (roster, "ash".into())
}

#[test]
fn the_table_holds_both_sides_and_reads_a_character_from_its_sheet() {
    let (mut roster, id) = roster_with_ash();
    let mut doc = IxTableDoc::default();
    // Ash rolls Arcana (Intellect 2, rank 0 on a new sheet): two Ability dice.
    let ash = Contest {
        who: Contender::Character {
            id: id.clone(),
            skill: "Arcana".into(),
        },
        boon_dice: 1,
        bane_dice: 0,
        trial: 1,
        crisis: 0,
    };
    doc.edit_in_place(TableEdit::SetContest(Side::Acting, ash), &roster)
        .expect("set");
    let (a, _) = doc.opposed.pools(&roster, &doc.foes).expect("pools");
    assert_eq!(a, pool(2, 0, 1, 1, 0, 0));
    assert_eq!(doc.opposed.acting.name(&roster, &doc.foes), "Ash");

    // A rank raised on the sheet shows in the next roll: nothing was copied to the table.
    let arcana = roster
        .get(&id)
        .and_then(|c| c.ix())
        .and_then(|s| s.character.skills.iter().position(|k| k.name == "Arcana"))
        .expect("Arcana is a default skill");
    roster
        .apply(
            CharacterAction::EditIx {
                id: id.clone(),
                edit: satchel::model::ix_sheet::IxEdit::SkillRank(arcana, 1),
            },
            2,
        )
        .expect("rank");
    let (a, _) = doc.opposed.pools(&roster, &doc.foes).expect("pools");
    assert_eq!(a, pool(1, 1, 1, 1, 0, 0));

    // The ward, set by hand, defends; a roll is recorded with both names.
    let ward = Contest {
        who: Contender::ByHand {
            name: "The ward".into(),
            characteristic: 3,
            skill: 1,
        },
        ..Contest::by_hand("x")
    };
    doc.edit_in_place(TableEdit::SetContest(Side::Defending, ward), &roster)
        .expect("set");
    let r = OpposedResult::compare(result(1), result(1));
    doc.edit_in_place(TableEdit::OpposedRolled(r), &roster)
        .expect("rolled");
    assert_eq!(doc.opposed.last, Some(r));
    assert_eq!(
        (
            doc.opposed.acting.name(&roster, &doc.foes),
            doc.opposed.defending.name(&roster, &doc.foes)
        ),
        ("Ash".to_string(), "The ward".to_string())
    );

    // Swapping forgets the result, which belonged to the other arrangement.
    doc.edit_in_place(TableEdit::SwapContest, &roster)
        .expect("swap");
    assert_eq!(doc.opposed.acting.name(&roster, &doc.foes), "The ward");
    assert_eq!(doc.opposed.last, None);
}

#[test]
fn a_side_that_cannot_be_built_is_refused_and_changes_nothing() {
    let (roster, id) = roster_with_ash();
    let mut doc = IxTableDoc::default();
    let before = doc.clone();
    let bad = [
        (
            Contest {
                who: Contender::ByHand {
                    name: "Giant".into(),
                    characteristic: 9,
                    skill: 0,
                },
                ..Contest::by_hand("x")
            },
            "characteristic is 9",
        ),
        (
            Contest {
                crisis: 11,
                ..Contest::by_hand("Ogre")
            },
            "Crisis dice",
        ),
        (
            Contest {
                who: Contender::Character {
                    id: id.clone(),
                    skill: "Juggling".into(),
                },
                ..Contest::by_hand("x")
            },
            "no skill called Juggling",
        ),
        (
            Contest {
                who: Contender::Character {
                    id: "gone".into(),
                    skill: "Arcana".into(),
                },
                ..Contest::by_hand("x")
            },
            "character",
        ),
        (Contest::by_hand("   "), "name"),
    ];
    for (contest, says) in bad {
        let err = doc
            .edit_in_place(TableEdit::SetContest(Side::Acting, contest), &roster)
            .expect_err("refused")
            .to_string();
        assert!(err.to_lowercase().contains(&says.to_lowercase()), "{err}");
        assert_eq!(doc, before);
    }
}

#[test]
fn older_tables_without_an_opposed_check_still_load() {
    let doc: IxTableDoc = serde_json::from_str(r#"{"schema":1}"#).expect("loads");
    assert_eq!(
        doc.opposed.acting.name(&Roster::default(), &[]),
        "Acting side"
    );
    assert_eq!(doc.opposed.last, None);
}
