//! Ix adversaries, session pool, initiative, magic bookkeeping, spell builder and the sheet.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::rules::ix::adversary::{Elite, MinionGroup, Nemesis};
use satchel::rules::ix::character::{CarriedInjury, IxCharacter, KnownSpell};
use satchel::rules::ix::checks::{FearOutcome, Tradition};
use satchel::rules::ix::dice::{CheckResult, DieKind, SymbolTotals};
use satchel::rules::ix::error::IxError;
use satchel::rules::ix::magic::{
    CalamityTally, DivineOffenses, EmpowerOption, EmpowerTrigger, SpellCategory, SpellDesign,
    SpellRange, default_categories, overload_alternatives,
};
use satchel::rules::ix::session::{
    InitiativeEntry, InitiativeKind, SessionPool, Side, TieBreaker, initiative_order,
    initiative_pool, reorder_tie,
};
use satchel::rules::ix::stats::default_skills;

fn result(s: u32, f: u32, b: u32, n: u32) -> CheckResult {
    CheckResult::from_totals(&SymbolTotals {
        successes: s,
        failures: f,
        boons: b,
        banes: n,
        ..SymbolTotals::default()
    })
}

#[test]
fn minion_group_pools_wounds_and_counts_members_standing() {
    let mut g = MinionGroup::new("Bandits", 4, 3, 1, false).expect("valid");
    assert_eq!((g.wounds, g.wounds_max(), g.standing()), (12, 12, 3));
    assert_eq!(g.suffer_wounds(5), Ok(5));
    // 7 left, 4 per minion: ceiling(7/4) = 2 standing.
    assert_eq!(g.standing(), 2);
    assert_eq!(g.suffer_wounds(10), Ok(7));
    assert!(g.defeated());
    assert_eq!(g.standing(), 0);
    assert_eq!(
        g.resolve_fear(&result(0, 1, 0, 0)),
        FearOutcome::Demoralized
    );
    assert!(g.demoralized);
    let mut undead = MinionGroup::new("Skeletons", 3, 5, 0, true).expect("valid");
    assert_eq!(
        undead.resolve_fear(&result(0, 3, 0, 0)),
        FearOutcome::Immune
    );
    assert!(!undead.demoralized);
    assert!(MinionGroup::new("Too many", 4, 31, 0, false).is_err());
}

#[test]
fn elite_takes_strain_as_wounds_and_nemesis_has_its_own_peril() {
    let mut e = Elite::new("Captain", 12, false).expect("valid");
    let r = e.suffer_strain(3, true).expect("alive");
    assert_eq!((r.wounds_lost, e.health.wounds), (3, 9));
    assert_eq!(
        e.resolve_fear(&result(0, 0, 0, 0)),
        FearOutcome::Demoralized
    );

    let mut session = SessionPool::start(3).expect("valid");
    let mut n = Nemesis::new("Anchor Dragon", 30, 20, 2, false).expect("valid");
    assert!(n.spend_peril(1).is_ok());
    assert_eq!(n.peril, 1);
    assert!(n.spend_peril(2).is_err());
    assert_eq!(n.resolve_fear(&result(0, 1, 0, 0)), FearOutcome::Frightened);
    // Spending the session pool leaves the Nemesis budget alone and vice versa.
    assert!(session.spend_peril().is_ok());
    assert_eq!((n.peril, session.peril, session.fortune), (1, 0, 4));
}

#[test]
fn session_pool_flips_points_and_never_changes_the_total() {
    let mut s = SessionPool::start(4).expect("valid");
    assert_eq!((s.fortune, s.peril), (4, 1));
    assert!(s.spend_fortune().is_ok());
    assert_eq!((s.fortune, s.peril), (3, 2));
    assert!(s.spend_peril().is_ok() && s.spend_peril().is_ok());
    assert_eq!((s.fortune, s.peril), (5, 0));
    assert!(matches!(
        s.spend_peril(),
        Err(IxError::NoPointToSpend { .. })
    ));
    assert_eq!(s.total(), 5);
    assert!(SessionPool::start(0).is_err());
    // Nothing carries over: a new session starts fresh whatever the old pool held.
    assert_eq!(
        SessionPool::start(4),
        Ok(SessionPool {
            fortune: 4,
            peril: 1
        })
    );
}

#[test]
fn spending_session_points_on_a_check_is_all_or_nothing() {
    let mut s = SessionPool::start(1).expect("valid");
    let mut p = initiative_pool(InitiativeKind::OnWatch, 3, 1).expect("valid");
    p.add_difficulty_count(2).expect("valid");
    assert!(s.spend_fortune_on(&mut p).is_ok());
    assert_eq!((s.fortune, s.peril), (0, 2));
    assert_eq!(
        (p.count(DieKind::Ability), p.count(DieKind::Mastery)),
        (1, 2)
    );
    // No Fortune left: refused, and the pool is untouched.
    let before = p;
    assert!(s.spend_fortune_on(&mut p).is_err());
    assert_eq!(p, before);
    assert!(s.spend_peril_on(&mut p).is_ok());
    assert_eq!((p.count(DieKind::Trial), p.count(DieKind::Crisis)), (1, 1));
    // A second Peril on the same check: refused by the pool, the session keeps its point.
    assert_eq!(s.spend_peril_on(&mut p), Err(IxError::PerilAlreadySpent));
    assert_eq!((s.fortune, s.peril), (1, 1));
}

#[test]
fn initiative_orders_by_successes_then_boons_and_marks_ties() {
    let e = |name: &str, side, r| InitiativeEntry {
        name: name.into(),
        side,
        result: r,
    };
    let entries = vec![
        e("Ash", Side::Player, result(2, 0, 1, 0)),
        e("Goblin", Side::Npc, result(3, 0, 0, 0)),
        e("Bryn", Side::Player, result(2, 0, 1, 0)),
        e("Orc", Side::Npc, result(2, 0, 0, 1)),
        e("Wolf", Side::Npc, result(0, 1, 0, 0)),
        e("Bat", Side::Npc, result(0, 1, 0, 0)),
    ];
    let mut order = initiative_order(entries);
    let names: Vec<&str> = order.iter().map(|s| s.entry.name.as_str()).collect();
    assert_eq!(names, ["Goblin", "Ash", "Bryn", "Orc", "Wolf", "Bat"]);
    let groups: Vec<Option<u32>> = order.iter().map(|s| s.tie_group).collect();
    assert_eq!(groups, [None, Some(0), Some(0), None, Some(1), Some(1)]);
    assert_eq!(
        order.get(1).and_then(|s| s.tie_broken_by),
        Some(TieBreaker::Players)
    );
    assert_eq!(
        order.get(4).and_then(|s| s.tie_broken_by),
        Some(TieBreaker::Gm)
    );
    assert!(reorder_tie(&mut order, 2, 1).is_ok());
    assert_eq!(order.get(1).map(|s| s.entry.name.as_str()), Some("Bryn"));
    assert!(reorder_tie(&mut order, 0, 1).is_err());
    assert!(reorder_tie(&mut order, 3, 99).is_err());
}

#[test]
fn seeded_initiative_rolls_come_out_sorted() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut entries = Vec::new();
    for (i, (c, s)) in [(3, 1), (2, 2), (4, 0), (1, 3), (2, 1)]
        .into_iter()
        .enumerate()
    {
        let p = initiative_pool(InitiativeKind::OnWatch, c, s).expect("valid");
        entries.push(InitiativeEntry {
            name: format!("pc{i}"),
            side: Side::Player,
            result: p.roll(&mut rng).result,
        });
    }
    let order = initiative_order(entries);
    assert_eq!(order.len(), 5);
    for w in order.windows(2) {
        let (a, b) = (&w[0].entry.result, &w[1].entry.result);
        assert!((a.net_successes, a.net_boons) >= (b.net_successes, b.net_boons));
    }
    assert!(initiative_pool(InitiativeKind::Surprised, 3, 6).is_err());
}

#[test]
fn divine_offenses_and_calamity_tally() {
    let mut o = DivineOffenses::default();
    assert_eq!(o.record(false, "small lie"), 1);
    assert_eq!(o.record(true, "betrayal"), 3);
    assert_eq!(o.repent(2, "absolution"), Ok(1));
    assert_eq!(o.log.len(), 3);
    assert_eq!(o.log.iter().map(|e| e.change).sum::<i32>(), o.count);
    assert!(o.repent(5, "too much").is_err());

    let mut t = CalamityTally::default();
    assert!(!t.record("Old Mill"));
    assert!(!t.record("Harbour"));
    assert!(!t.record("old mill"));
    assert!(t.record(" Old Mill "));
    assert_eq!(t.flagged().len(), 1);
    assert_eq!(t.flagged().first().map(|a| a.calamities), Some(3));
}

fn gravity_anchor() -> SpellDesign {
    SpellDesign {
        name: "Gravity Anchor".into(),
        tradition: Tradition::Arcana,
        category: SpellCategory {
            name: "Protection".into(),
            base_trial_dice: 2,
        },
        range: SpellRange::Short,
        duration: "Concentration".into(),
        duration_steps: 0,
        strain: 2,
        // As the reference's worked example writes it: one option, "A, or B", and a distinct
        // second option of our own.
        overloads: vec![
            "Extend to Medium range, or protect two targets instead of one".into(),
            "Increased damage".into(),
        ],
        empowers: vec![EmpowerOption {
            trigger: EmpowerTrigger::Boons(2),
            text: "Athletics bonus".into(),
        }],
        fallout: None,
    }
}

#[test]
fn spell_builder_matches_the_worked_examples() {
    // Protection base 2 + Short range 1 = 3 Trial dice (reference worked example).
    let g = gravity_anchor();
    assert_eq!(g.trial_dice(), 3);
    assert!(g.validate().is_empty() && g.advice().is_empty());
    // Fire bolt: Damage (2) at Short (+1), Instant (+0) = 3.
    let damage = default_categories()
        .into_iter()
        .find(|c| c.name == "Damage")
        .expect("Damage is a default category");
    let bolt = SpellDesign {
        category: damage,
        duration: "Instant".into(),
        overloads: vec![],
        empowers: vec![],
        ..gravity_anchor()
    };
    assert_eq!(bolt.trial_dice(), 3);
    assert_eq!(bolt.advice().len(), 2);
    // Each Overload chosen adds a Trial die; each at most once. The example's "Medium range,
    // or two targets" is one option: either half costs its one die, and the halves cannot be
    // stacked; only a distinct option (Increased damage) adds a second.
    assert_eq!(
        overload_alternatives(&g.overloads[0]),
        [
            "Extend to Medium range",
            "protect two targets instead of one"
        ]
    );
    assert_eq!(g.casting_trial_dice(&[0]), Ok(4));
    assert!(g.casting_trial_dice(&[0, 0]).is_err());
    assert_eq!(g.casting_trial_dice(&[0, 1]), Ok(5));
    assert!(g.casting_trial_dice(&[1, 1]).is_err());
    assert!(g.casting_trial_dice(&[2]).is_err());
    let p = g.casting_pool(3, 2, &[1], true).expect("valid");
    assert_eq!(DieKind::ALL.map(|k| p.count(k)), [1, 2, 1, 4, 0, 0]);
    // Extreme range adds 4 steps.
    let far = SpellDesign {
        range: SpellRange::Extreme,
        duration_steps: 2,
        ..gravity_anchor()
    };
    assert_eq!(far.trial_dice(), 8);
    let bad = SpellDesign {
        strain: 11,
        overloads: vec!["a".into(), "b".into(), "c".into(), "d".into()],
        ..gravity_anchor()
    };
    assert_eq!(bad.validate().len(), 2);
}

#[test]
fn character_validation_reports_every_bad_field() {
    let mut c = IxCharacter::new("Ilse", 12, 10).expect("valid");
    assert!(c.validate().is_empty());
    assert_eq!(c.skills, default_skills());
    c.characteristics.might = 7;
    c.characteristics.presence = 0;
    if let Some(s) = c.skills.iter_mut().find(|s| s.name == "Lore") {
        s.rank = 9;
    }
    c.health.strain = 11;
    c.defenses.melee = 25;
    c.critical_injuries.push(CarriedInjury {
        row: 30,
        note: String::new(),
    });
    c.spells.push(KnownSpell {
        name: "Bolt".into(),
        tradition: Tradition::Arcana,
        trial_dice: 12,
        strain: 2,
        notes: String::new(),
    });
    let errs = c.validate();
    let want = [
        IxError::out_of_range("Might", 7, 1, 6),
        IxError::out_of_range("Presence", 0, 1, 6),
        IxError::out_of_range("skill rank (Lore)", 9, 0, 5),
        IxError::out_of_range("Strain", 11, 0, 10),
        IxError::out_of_range("Melee Defense", 25, 0, 20),
        IxError::out_of_range("Critical Injury 1 row", 30, 0, 24),
        IxError::out_of_range("spell difficulty (Bolt)", 12, 0, 10),
    ];
    assert_eq!(errs.len(), want.len(), "{errs:?}");
    for w in want {
        assert!(errs.contains(&w), "missing {w}");
    }
}

#[test]
fn character_pools_and_round_trip() {
    let mut c = IxCharacter::new("Ilse", 12, 10).expect("valid");
    c.characteristics.savvy = 3;
    c.characteristics.willpower = 4;
    for s in c.skills.iter_mut() {
        match s.name.as_str() {
            "Perception" => s.rank = 1,
            "Divine" => s.rank = 2,
            _ => {}
        }
    }
    let p = c.initiative_pool(InitiativeKind::OnWatch).expect("valid");
    assert_eq!(
        (p.count(DieKind::Ability), p.count(DieKind::Mastery)),
        (2, 1)
    );
    let p = c.initiative_pool(InitiativeKind::Surprised).expect("valid");
    assert_eq!(
        (p.count(DieKind::Ability), p.count(DieKind::Mastery)),
        (4, 0)
    );
    let p = c.casting_pool(Tradition::Divine, 2, false).expect("valid");
    assert_eq!(DieKind::ALL.map(|k| p.count(k)), [2, 2, 0, 2, 0, 0]);
    assert!(c.casting_pool(Tradition::Divine, 2, true).is_err());
    c.talents.push(satchel::rules::ix::character::Talent {
        name: "Catch Breath".into(),
        note: String::new(),
    });
    assert!(c.health.suffer_strain(5, false).is_ok());
    assert_eq!(c.catch_breath(), Ok(2));
    let json = serde_json::to_string(&c).unwrap_or_default();
    let back: Result<IxCharacter, _> = serde_json::from_str(&json);
    assert_eq!(back.ok(), Some(c));
}

/// Property tests run natively only (proptest is not a wasm dev-dependency).
#[cfg(not(target_arch = "wasm32"))]
mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn procedures_never_panic(
            a in any::<i32>(), b in any::<i32>(), c in any::<i32>(), d in any::<i32>(),
            idx in proptest::collection::vec(any::<usize>(), 0..5)
        ) {
            let _ = MinionGroup::new("g", a, b, c, d % 2 == 0).map(|mut g| {
                let _ = g.suffer_wounds(c);
                g.standing()
            });
            let _ = Nemesis::new("n", a, b, c, false).map(|mut n| n.spend_peril(d));
            let _ = SessionPool::start(a);
            let _ = initiative_pool(InitiativeKind::OnWatch, a, b);
            let mut o = DivineOffenses::default();
            o.record(a % 2 == 0, "x");
            let _ = o.repent(b, "y");
            prop_assert!(o.count >= 0);
            let s = SpellDesign {
                category: SpellCategory { name: "Any".into(), base_trial_dice: a },
                duration_steps: b,
                strain: c,
                ..gravity_anchor()
            };
            let _ = s.validate();
            let _ = s.casting_trial_dice(&idx);
            let _ = s.casting_pool(c, d, &idx, false);
            let mut ch = IxCharacter::new("p", 10, 10).map_err(|e| TestCaseError::fail(e.to_string()))?;
            ch.characteristics.might = a;
            ch.health.wounds = b;
            ch.defenses.ranged = c;
            let _ = ch.validate();
            let _ = ch.casting_pool(Tradition::Arcana, d, true);
        }
    }
}
