//! "What would help" (issue 22): each change's odds, derived by hand as fractions, and the
//! order the list shows them in; Depletion's outlook.
//!
//! Faces used below (RULINGS.md, "Dice and faces"), as (net Successes, net Boons):
//! - Ability d8: blank (0,0), S (1,0) x2, SS (2,0), B (0,1) x2, SB (1,1), BB (0,2).
//! - Mastery d12: blank, S x2, SS x2, B, SB x3, BB x2, T (counts a Success): Successes >= 1
//!   on S, S, SS, SS, SB, SB, SB, T = 8 of 12.
//! - Boon die d6: blank x2, S (1,0), SB (1,1), BB (0,2), B (0,1).
//! - Bane die d6: blank x2, F (-1,0) x2, N (0,-1) x2.
//! - Trial d8: Successes 0 on blank, N, N, N, NN (5); -1 on F, FN (2); -2 on FF (1).
//! - Crisis d12: Successes 0 on blank, N, N, NN, NN (5); -1 on F, F, FN, FN, C (5); -2 on
//!   FF, FF (2).

use satchel::rules::depletion::depletion_outlook;
use satchel::rules::expedition::help::{
    ExpChances, ExpChange, ExpTest, ExpUnavailable, candidates as exp_candidates,
    weigh as exp_weigh,
};
use satchel::rules::ix::check::Fortune;
use satchel::rules::ix::help::{IxChange, Side, Unavailable, candidates, weigh};
use satchel::rules::ix::pool::Pool;

/// `got` is the fraction `num/den` (to rounding: f64 sums of exact dyadic-ish terms).
fn is_fraction(got: f64, num: u64, den: u64) -> bool {
    (got - num as f64 / den as f64).abs() < 1e-12
}

fn pool(a: i32, m: i32, boon: i32, t: i32, c: i32, bane: i32) -> Pool {
    Pool::from_counts(a, m, boon, t, c, bane).unwrap()
}

fn gain_of(help: &[satchel::rules::ix::help::IxOption], change: IxChange) -> (f64, f64, f64) {
    let o = help.iter().find(|o| o.change == change).unwrap();
    let g = o.outcome.unwrap();
    (
        g.after.success,
        g.after.success_with_boon,
        g.after.breakthrough,
    )
}

#[test]
fn ix_one_ability_die_fortune_and_boon_die_tie_on_success() {
    // 1 Ability alone: Success on S, S, SS, SB = 4/8 = 1/2; with Boon only SB = 1/8.
    // + Boon die: no Success only when both show none: 1 - (4/8)(4/6) = 2/3.
    //   Success and Boon, counting (Ability face x Boon-die faces) of 48:
    //   blank x {SB} 1, S (x2) x {SB,BB,B} 6, SS x 3, B (x2) x {S,SB} 4, SB x 6, BB x {S,SB} 2
    //   = 22/48 = 11/24.
    // Fortune (Ability -> Mastery): Success 8/12 = 2/3, with Boon SB x3 = 3/12 = 1/4,
    //   Breakthrough 1/12.
    let p = pool(1, 0, 0, 0, 0, 0);
    let help = weigh(&p, &candidates(None, Fortune::May), |p| p);
    assert!(is_fraction(help.now.success, 1, 2));
    assert!(is_fraction(help.now.success_with_boon, 1, 8));
    let (s, b, t) = gain_of(&help.player, IxChange::AddBoonDie);
    assert!(is_fraction(s, 2, 3) && is_fraction(b, 11, 24) && is_fraction(t, 0, 1));
    let (s, b, t) = gain_of(&help.player, IxChange::SpendFortune);
    assert!(is_fraction(s, 2, 3) && is_fraction(b, 1, 4) && is_fraction(t, 1, 12));
    // Both gain 1/6 on success; the Boon die's 11/24 beats Fortune's 1/4 on Boons: it leads.
    assert_eq!(help.player[0].change, IxChange::AddBoonDie);
    assert_eq!(help.player[1].change, IxChange::SpendFortune);
    // The player's own list is theirs alone: Fortune and a Boon die, nothing the GM grants.
    assert_eq!(help.player.len(), 2);
    // Nothing to remove or lower: unavailable "what ifs", with the reason.
    let no_bane = help
        .what_if
        .iter()
        .find(|o| o.change == IxChange::RemoveBaneDie)
        .unwrap();
    assert_eq!(no_bane.outcome.unwrap_err(), Unavailable::NoBaneDie);
    let no_skill = help
        .what_if
        .iter()
        .find(|o| matches!(o.change, IxChange::SkillRank(_)));
    assert_eq!(no_skill.unwrap().outcome.unwrap_err(), Unavailable::NoSkill);
    assert!(help.what_if.iter().all(|o| o.outcome.is_err()));
}

#[test]
fn ix_an_adversarys_check_is_never_offered_a_fortune_point() {
    // The one door says adversaries never spend Fortune; "what would help" weighs none.
    let p = pool(2, 0, 0, 2, 0, 0);
    let help = weigh(&p, &candidates(None, Fortune::NotForAdversaries), |p| p);
    let all = help.player.iter().chain(&help.what_if).chain(&help.gm);
    assert!(all.clone().all(|o| o.change != IxChange::SpendFortune));
    assert_eq!(
        help.player.iter().map(|o| o.change).collect::<Vec<_>>(),
        vec![IxChange::AddBoonDie]
    );
    // The GM's levers are never the player's: they are listed apart.
    assert!(help.gm.iter().all(|o| o.change.side() == Side::Gm));
    assert!(help.player.iter().all(|o| o.change.side() == Side::Player));
}

#[test]
fn ix_removing_a_bane_die() {
    // 1 Ability vs 1 Bane die. Ability Successes 0 (4/8), 1 (3/8), 2 (1/8); the Bane die
    // takes one on F (2/6). Success: 3/8 x 4/6 + 1/8 = 12/48 + 6/48 = 18/48 = 3/8.
    // With Boon: only SB survives with a Boon, against a blank Bane die: 1/8 x 2/6 = 1/24.
    // Without the Bane die: 1/2 and 1/8, gains +1/8 and +1/12.
    let p = pool(1, 0, 0, 0, 0, 1);
    let help = weigh(&p, &candidates(None, Fortune::May), |p| p);
    assert!(is_fraction(help.now.success, 3, 8));
    assert!(is_fraction(help.now.success_with_boon, 1, 24));
    let o = help
        .what_if
        .iter()
        .find(|o| o.change == IxChange::RemoveBaneDie)
        .unwrap();
    let g = o.outcome.unwrap();
    assert!(is_fraction(g.after.success, 1, 2) && is_fraction(g.gain.success, 1, 8));
    assert!(is_fraction(g.gain.success_with_boon, 1, 12));
}

#[test]
fn ix_easier_difficulty_and_the_gms_peril_point() {
    // 1 Ability vs 1 Trial (Easy): 3/8 x 5/8 + 1/8 x 7/8 = 15/64 + 7/64 = 22/64 = 11/32.
    // Easier (no Trial die): 1/2 = 16/32, a gain of 5/32.
    // Peril (Trial -> Crisis): 3/8 x 5/12 + 1/8 x 10/12 = 25/96, a drop of 33/96 - 25/96 = 1/12.
    // GM's Bane die (1 Ability vs 1 Trial, 1 Bane die): Successes need the Ability's to
    //   outlast both: s = 1 (3/8) with Trial 0 (5/8) and Bane 0 (4/6) = 60/384; s = 2 (1/8)
    //   with Trial + Bane >= -1: Trial 0 (5/8) any Bane + Trial -1 (2/8) with Bane 0 (4/6)
    //   = 1/8 (5/8 + 1/6) = 1/8 x 19/24 = 19/192. Total 60/384 + 19/192 = 30/192 + 19/192
    //   = 49/192.
    let p = pool(1, 0, 0, 1, 0, 0);
    let help = weigh(&p, &candidates(None, Fortune::May), |p| p);
    assert!(is_fraction(help.now.success, 11, 32));
    let g = help.what_if[0];
    assert_eq!(g.change, IxChange::EasierDifficulty);
    assert!(is_fraction(g.outcome.unwrap().gain.success, 5, 32));
    let (s, ..) = gain_of(&help.gm, IxChange::SpendPeril);
    assert!(is_fraction(s, 25, 96));
    let (s, ..) = gain_of(&help.gm, IxChange::AddBaneDie);
    assert!(is_fraction(s, 49, 192));
    // The GM's list leads with the bigger drop: the Bane die (66/192 - 49/192 = -17/192)
    // beats the Peril Point (-1/12 = -16/192).
    assert_eq!(help.gm[0].change, IxChange::AddBaneDie);
}

#[test]
fn ix_skill_rank_follows_the_higher_and_lower_rating() {
    // Characteristic 1, skill 0: 1 Ability. One rank more makes the skill the lower of 1 and
    // 1: 1 Mastery, Success 8/12 = 2/3.
    let p = Pool::from_ratings(1, 0).unwrap();
    let help = weigh(&p, &[IxChange::SkillRank(Some((1, 0)))], |p| p);
    assert!(is_fraction(
        help.what_if[0].outcome.unwrap().after.success,
        2,
        3
    ));
    // Skill at or above the characteristic: one Ability die more (3,3 -> 3 Mastery + 1 Ability).
    let mut p = Pool::from_ratings(3, 3).unwrap();
    IxChange::SkillRank(Some((3, 3))).apply(&mut p).unwrap();
    assert_eq!(p, Pool::from_ratings(3, 4).unwrap());
    // Rank 5 is the top.
    let mut p = Pool::from_ratings(2, 5).unwrap();
    assert_eq!(
        IxChange::SkillRank(Some((2, 5))).apply(&mut p),
        Err(Unavailable::SkillAtTop)
    );
}

#[test]
fn ix_a_point_already_marked_is_unavailable_and_applying_is_what_was_weighed() {
    let mut p = pool(2, 0, 0, 2, 0, 0);
    p.spend_fortune().unwrap();
    let help = weigh(&p, &candidates(None, Fortune::May), |p| p);
    let f = help
        .player
        .iter()
        .find(|o| o.change == IxChange::SpendFortune)
        .unwrap();
    assert_eq!(f.outcome.unwrap_err(), Unavailable::FortuneSpent);
    // The promise is the pool's odds once the same change is made.
    let best = help.player[0];
    let mut next = p;
    best.change.apply(&mut next).unwrap();
    assert_eq!(next.odds().p_success, best.outcome.unwrap().after.success);
}

#[test]
fn ix_changes_are_judged_with_what_the_check_adds_on_top() {
    // A condition's Bane die sits on top of the pool as built: removing a Bane die from the
    // built pool is unavailable, but the odds judged include the condition's die.
    let p = pool(1, 0, 0, 0, 0, 0);
    let on_top = |mut q: Pool| {
        q.add_dice(satchel::rules::ix::dice::DieKind::BaneDie, 1)
            .unwrap();
        q
    };
    let help = weigh(&p, &candidates(None, Fortune::May), on_top);
    assert!(is_fraction(help.now.success, 3, 8));
    let o = help
        .what_if
        .iter()
        .find(|o| o.change == IxChange::RemoveBaneDie)
        .unwrap();
    assert_eq!(o.outcome.unwrap_err(), Unavailable::NoBaneDie);
}

fn exp_after(help: &satchel::rules::expedition::help::ExpHelp, c: ExpChange) -> ExpChances {
    help.options
        .iter()
        .find(|o| o.change == c)
        .unwrap()
        .outcome
        .unwrap()
        .after
}

#[test]
fn exp_independent_test_ob_lower_beats_a_die() {
    // 3 dice Ob 2: C(3,2) + C(3,3) = 4 of 8 = 1/2.
    // +1 die: 4 dice Ob 2: 16 - C(4,0) - C(4,1) = 11 of 16, a gain of 3/16.
    // Ob 1: 3 dice Ob 1: 1 - 1/8 = 7/8, a gain of 3/8: first.
    let t = ExpTest::Independent {
        dice: 3,
        ob: 2,
        ob_from_factors: false,
        wise_used: false,
    };
    let help = exp_weigh(&t, &exp_candidates(&t)).unwrap();
    assert_eq!(help.now, ExpChances::Pass(0.5));
    assert_eq!(help.options[0].change, ExpChange::ObLower);
    let g = help.options[0].outcome.unwrap();
    assert!(is_fraction(g.gain, 3, 8));
    let ExpChances::Pass(p) = exp_after(&help, ExpChange::HelpingDie) else {
        panic!()
    };
    assert!(is_fraction(p, 11, 16));
    // Bonus, helping and Wise dice are each one die: the same 11/16, in the asked order.
    let order: Vec<_> = help.options.iter().map(|o| o.change).collect();
    assert_eq!(
        order,
        [
            ExpChange::ObLower,
            ExpChange::BonusDie,
            ExpChange::HelpingDie,
            ExpChange::Wise
        ]
    );
}

#[test]
fn exp_versus_test_one_die_more() {
    // 1 die vs 1 die: win = P(S,F) = 1/4, tie = P(S,S) + P(F,F) = 1/2, lose = 1/4.
    // 2 dice vs 1: A has 0/1/2 Successes with 1/4, 1/2, 1/4; B 0/1 with 1/2 each.
    //   win = A1B0 + A2B0 + A2B1 = 1/4 + 1/8 + 1/8 = 1/2; tie = A0B0 + A1B1 = 1/8 + 1/4 = 3/8;
    //   lose = A0B1 = 1/8.
    let t = ExpTest::Versus {
        dice: 1,
        opposing: 1,
        wise_used: false,
    };
    let help = exp_weigh(&t, &exp_candidates(&t)).unwrap();
    let ExpChances::Versus(v) = exp_after(&help, ExpChange::BonusDie) else {
        panic!()
    };
    assert!(is_fraction(v.win, 1, 2) && is_fraction(v.tie, 3, 8) && is_fraction(v.lose, 1, 8));
    assert!(is_fraction(help.options[0].outcome.unwrap().gain, 1, 4));
    // No Ob to lower in a versus test, and a Wise only once.
    assert_eq!(ExpChange::ObLower.apply(&t), Err(ExpUnavailable::NoOb));
    let used = ExpTest::Versus {
        dice: 1,
        opposing: 1,
        wise_used: true,
    };
    assert_eq!(ExpChange::Wise.apply(&used), Err(ExpUnavailable::WiseUsed));
}

#[test]
fn exp_wager_one_or_two_cash_dice_more() {
    // 2 Cash dice vs Ob 2: both succeed, 1/4. 3 dice: 4/8 = 1/2. 4 dice: 11/16 (as above).
    // With 3 Cash held, two more (4 in all) is more than held: unavailable, with the reason.
    let t = ExpTest::Wager {
        wagered: 2,
        ob: 2,
        held: 3,
    };
    let help = exp_weigh(&t, &exp_candidates(&t)).unwrap();
    assert_eq!(help.now, ExpChances::Pass(0.25));
    let ExpChances::Pass(p) = exp_after(&help, ExpChange::MoreCash(1)) else {
        panic!()
    };
    assert!(is_fraction(p, 1, 2));
    let two = help
        .options
        .iter()
        .find(|o| o.change == ExpChange::MoreCash(2))
        .unwrap();
    assert_eq!(
        two.outcome.unwrap_err(),
        ExpUnavailable::NotEnoughCash { held: 3, needed: 4 }
    );
    let rich = ExpTest::Wager {
        wagered: 2,
        ob: 2,
        held: 9,
    };
    let help = exp_weigh(&rich, &exp_candidates(&rich)).unwrap();
    assert_eq!(help.options[0].change, ExpChange::MoreCash(2));
    let ExpChances::Pass(p) = help.options[0].outcome.unwrap().after else {
        panic!()
    };
    assert!(is_fraction(p, 11, 16));
    // A wager rolls only Cash dice.
    assert_eq!(
        ExpChange::BonusDie.apply(&t),
        Err(ExpUnavailable::CashDiceOnly)
    );
}

#[test]
fn exp_ob_from_factors_changes_by_a_factor() {
    let t = ExpTest::Independent {
        dice: 3,
        ob: 2,
        ob_from_factors: true,
        wise_used: false,
    };
    assert_eq!(
        ExpChange::ObLower.apply(&t),
        Err(ExpUnavailable::ObFromFactors)
    );
    let zero = ExpTest::Independent {
        dice: 3,
        ob: 0,
        ob_from_factors: false,
        wise_used: false,
    };
    assert_eq!(ExpChange::ObLower.apply(&zero), Err(ExpUnavailable::ObZero));
}

#[test]
fn depletion_outlook_by_hand() {
    // Torches (15+): the d20 marks on 15..=20, 6 of 20 = 3/10. Uses until the mark average
    // 20/6, then one last use: 20/6 + 1 = 26/6 = 13/3, "about 4 more uses".
    let o = depletion_outlook(15, false).unwrap();
    assert_eq!(o.mark_chance, (6, 20));
    assert_eq!(o.uses_left.0 * 3, o.uses_left.1 * 13);
    assert_eq!(o.words(), "about 4 more uses");
    assert_eq!(o.mark_words(), "30% the next check marks it last use");
    // Score 1: every check marks, so exactly the use that marks it and the last: 2.
    let o = depletion_outlook(1, false).unwrap();
    assert_eq!((o.mark_chance, o.uses_left), ((20, 20), (40, 20)));
    assert_eq!(o.words(), "2 more uses");
    // Score 20: 1/20; 20 + 1 = 21 uses on average.
    let o = depletion_outlook(20, false).unwrap();
    assert_eq!((o.mark_chance, o.uses_left), ((1, 20), (21, 1)));
    // Marked: one use, the last, and no more checks.
    let o = depletion_outlook(15, true).unwrap();
    assert_eq!(o.words(), "1 more use, the last");
    assert!(depletion_outlook(0, false).is_err());
}
