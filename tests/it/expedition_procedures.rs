//! Seeded runs of every random procedure: each result is checked against the faces it
//! reports, and the same seed always gives the same result.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::rules::expedition::character::{Abilities, Character};
use satchel::rules::expedition::combat::{Combatant, combat_exchange, stray_shot, variable_damage};
use satchel::rules::expedition::dice::{Ability, VersusResult, cash_test, versus_test};
use satchel::rules::expedition::harm::{Health, Rations, long_rest, short_rest};
use satchel::rules::expedition::improvement::Stat;
use satchel::rules::expedition::magic::{
    ChannelingSetup, FellBlastMode, KnownSpell, MasteryOutcome, cascade_damage, channel,
    fell_blast, spell_mastery,
};
use satchel::rules::expedition::money::{Purse, purchase, roll_income, sell};
use satchel::rules::expedition::objective::{ConnectionsFactors, connections_objective};
use satchel::rules::expedition::referee::{Appearing, hireling_morale, roll_number_appearing};
use satchel::rules::expedition::social::{connections_check, connections_pool};
use satchel::rules::expedition::tables::{
    DepletionReading, Disposition, DownAndOutReading, EncounterReading, EncounterScale,
    MoraleReading, distance_roll, down_and_out_roll, encounter_check, morale_check, reaction_roll,
    read_distance, read_down_and_out, read_exploration_check, read_reaction, recognition_roll,
};

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn successes(faces: &[u8]) -> u32 {
    faces.iter().filter(|&&f| f >= 4).count() as u32
}

#[test]
fn table_rolls_match_their_faces() {
    let mut r = rng(100);
    for _ in 0..200 {
        let d = down_and_out_roll(&mut r, true);
        assert_eq!(d.faces.len(), 2);
        assert_eq!(
            read_down_and_out(d.faces[0], d.faces[1], true).unwrap(),
            d.reading
        );
        let x = reaction_roll(&mut r);
        assert_eq!(read_reaction(x.faces[0]).unwrap(), x.reading);
        let x = distance_roll(&mut r);
        assert_eq!(read_distance(x.faces[0]).unwrap(), x.reading);
        let x = encounter_check(&mut r, EncounterScale::Exploration);
        assert_eq!(read_exploration_check(x.faces[0]).unwrap(), x.reading);
        let x = encounter_check(&mut r, EncounterScale::OverlandNight);
        assert!((1..=10).contains(&x.faces[0]));
        let expect = match x.faces[0] {
            1 => EncounterReading::Encounter,
            2 => EncounterReading::Omen,
            _ => EncounterReading::Nothing,
        };
        assert_eq!(x.reading, expect);
        let x = encounter_check(&mut r, EncounterScale::Water);
        assert!((1..=8).contains(&x.faces[0]));
        assert_eq!(x.reading == EncounterReading::Encounter, x.faces[0] == 1);
        let x = morale_check(&mut r, Disposition::Timid, false);
        assert_eq!(x.reading == MoraleReading::Holds, x.faces[0] >= 5);
        let x = recognition_roll(&mut r, -3).unwrap();
        assert_eq!(x.reading, x.faces[0] <= 3);
    }
}

#[test]
fn same_seed_same_rolls() {
    let a = down_and_out_roll(&mut rng(5), false);
    let b = down_and_out_roll(&mut rng(5), false);
    assert_eq!(a, b);
    let a = versus_test(&mut rng(6), 5, 4, 0, 0).unwrap();
    let b = versus_test(&mut rng(6), 5, 4, 0, 0).unwrap();
    assert_eq!(a, b);
}

#[test]
fn down_and_out_reaches_every_reading() {
    // 2d6 without armour: death 6/36, lingering (sum >= 7, not doubles) 18/36, scar 12/36;
    // over 3600 seeded rolls each reading must appear.
    let mut r = rng(7);
    let mut seen = [0u32; 3];
    for _ in 0..3600 {
        match down_and_out_roll(&mut r, false).reading {
            DownAndOutReading::Death => seen[0] += 1,
            DownAndOutReading::LingeringWound => seen[1] += 1,
            DownAndOutReading::Scar => seen[2] += 1,
        }
    }
    // Expected 600 / 1800 / 1200; allow a wide band.
    assert!((450..750).contains(&seen[0]), "{seen:?}");
    assert!((1600..2000).contains(&seen[1]), "{seen:?}");
    assert!((1000..1400).contains(&seen[2]), "{seen:?}");
}

#[test]
fn versus_and_cash_tests() {
    let mut r = rng(8);
    let v = versus_test(&mut r, 6, 3, 2, 0).unwrap();
    let (a, b) = (successes(&v.a.faces()), successes(&v.b.faces()));
    let expect = match a.cmp(&b) {
        std::cmp::Ordering::Greater => VersusResult::Win,
        std::cmp::Ordering::Less => VersusResult::Lose,
        std::cmp::Ordering::Equal => VersusResult::Tie,
    };
    assert_eq!(v.result, expect);
    if v.result == VersusResult::Win {
        assert_eq!(v.margin, a - b + 2);
    }
    let t = cash_test(&mut r, 3, 2).unwrap();
    assert_eq!(t.roll.dice.len(), 3, "Cash tests roll only the dice named");
}

#[test]
fn combat_exchange_seeded() {
    let cs = vec![
        Combatant {
            name: "Ada".into(),
            dice: 5,
            free_successes: 1,
            helpless: false,
        },
        Combatant {
            name: "Orc".into(),
            dice: 4,
            free_successes: 0,
            helpless: false,
        },
    ];
    let out = combat_exchange(&mut rng(9), &cs, &[(0, 1), (1, 0)]).unwrap();
    let (a, o) = (out.successes[0], out.successes[1]);
    assert_eq!(a, successes(&out.rolls[0].faces()));
    let expect = if a > o {
        [0, a - o + 1]
    } else if o > a {
        [o - a, 0]
    } else {
        [1, 1]
    };
    assert_eq!(out.damage, expect.to_vec());
    let v = variable_damage(&mut rng(10), 6, 1, false).unwrap();
    assert_eq!(v.damage, successes(&v.roll.faces()) + 1);
    let s = stray_shot(&mut rng(11), 0, 5, 3).unwrap().unwrap();
    assert_eq!(s.damage, successes(&s.roll.faces()));
}

#[test]
fn money_procedures_seeded() {
    let mut r = rng(12);
    let mut p = Purse::new(6).unwrap();
    let inc = roll_income(&mut r, 4, true, &mut p).unwrap();
    assert_eq!(inc.gained, successes(&inc.roll.faces()));
    assert_eq!(p.cash, 6 + inc.gained);
    let before = p.cash;
    let o = purchase(&mut r, 2, 6, 1, 5, &mut p, "warhorse").unwrap();
    assert_eq!(o.plan.ob, Some(5));
    assert_eq!(p.cash, before - 5);
    assert_eq!(o.acquired, successes(&o.test.unwrap().roll.faces()) >= 5);
    let s = sell(&mut r, 1, 5, &mut p, "shield").unwrap();
    assert_eq!(s.dice, 4);
    assert_eq!(s.gained, successes(&s.roll.faces()));
    assert_eq!(p.ledger.last().map(|e| e.balance), Some(p.cash));
}

#[test]
fn magic_procedures_seeded() {
    let mut r = rng(13);
    let mut h = Health::new(8).unwrap();
    let mut p = Purse::new(0).unwrap();
    let mut k = KnownSpell::new("Disintegrate").unwrap();
    let setup = ChannelingSetup {
        ability: 2,
        shields: 1,
        ..Default::default()
    };
    let o = channel(&mut r, &mut k, &setup, &mut h, &mut p).unwrap();
    // Agility Ob 5 + 1 shield.
    assert_eq!(o.objective.ob, 6);
    assert_eq!(o.test.roll.dice.len(), 4);
    assert_eq!(o.cascade_dice, (o.potency == 0).then_some(18));
    assert!(k.exhausted, "4 dice can never make Ob 6");
    let (roll, dmg) = cascade_damage(&mut r, 18, true).unwrap();
    assert_eq!(dmg, successes(&roll.faces()).div_ceil(2));

    let fb = fell_blast(&mut r, 3, 0, FellBlastMode::Area, &[0, 9], &mut h).unwrap();
    assert!(fb.hits[1].is_none(), "nobody beats 9 Successes with 5 dice");
    assert_eq!(fb.hits[0].is_some(), successes(&fb.roll.faces()) > 0);
    if let Some((r2, d)) = &fb.hits[0] {
        assert_eq!(r2.dice.len(), 2);
        assert_eq!(*d, successes(&r2.faces()));
    }

    let mut never = Vec::new();
    let m = spell_mastery(&mut r, "Time Skip", 1, &[], &mut never, &mut h).unwrap();
    match m {
        // 3 dice against Ob 6 cannot pass.
        MasteryOutcome::Failed { test, .. } => {
            assert_eq!(test.ob, 6);
            assert_eq!(never, vec!["Time Skip".to_string()]);
        }
        MasteryOutcome::Learned { .. } => panic!("3 dice cannot meet Ob 6"),
    }
    assert!(spell_mastery(&mut r, "Time Skip", 8, &[], &mut never, &mut h).is_err());
}

#[test]
fn rest_and_social_seeded() {
    let mut r = rng(14);
    let mut party = vec![Health::new(6).unwrap()];
    party[0].take_damage(6).unwrap();
    let d = party[0].down_and_out(&mut r, true).unwrap();
    assert_eq!(
        read_down_and_out(d.faces[0], d.faces[1], true).unwrap(),
        d.reading
    );
    let out = short_rest(&mut r, &mut party, Rations::Score(20)).unwrap();
    let rations = out.rations.clone().unwrap();
    assert_eq!(
        rations.reading == DepletionReading::LastUse,
        rations.faces[0] >= 20
    );
    if !party[0].dead {
        assert_eq!(out.healed[0], 3.min(party[0].max_hp));
        long_rest(&mut r, &mut party, Rations::Score(11)).unwrap();
        assert_eq!(party[0].hp, party[0].max_hp);
    }

    let pool = connections_pool(3, 2, 1).unwrap();
    let ob = connections_objective(&ConnectionsFactors::default());
    let c = connections_check(&mut r, &pool, &ob).unwrap();
    assert_eq!(c.test.roll.dice.len(), 8);
    assert_eq!(ob.ob, 1);
    assert_eq!(c.test.passed, successes(&c.test.roll.faces()) >= 1);

    let (v, m) = hireling_morale(&mut r, 5, 4).unwrap();
    assert_eq!(m == MoraleReading::Holds, v.a_successes >= v.b_successes);
    let n = roll_number_appearing(&mut r, Appearing::Tons, 3).unwrap();
    assert!((9..=15).contains(&n));
}

#[test]
fn character_improvement_seeded() {
    let ab = Abilities {
        might: 2,
        agility: 2,
        presence: 2,
        acuity: 2,
        discipline: 2,
    };
    let mut c = Character::new("Ada", ab, 5, 2, 40).unwrap();
    let refused = c.improve(&mut rng(15), &Stat::Ability(Ability::Might), 10);
    assert!(refused.unwrap_err().to_string().contains("Haven"));
    assert_eq!(c.purse.cash, 40);
    c.in_haven = true;
    let o = c
        .improve(&mut rng(15), &Stat::Ability(Ability::Might), 10)
        .unwrap();
    assert_eq!(o.test.ob, 6);
    assert_eq!(o.test.passed, successes(&o.test.roll.faces()) >= 6);
    assert_eq!(c.abilities.might, if o.test.passed { 3 } else { 2 });
    assert_eq!(c.purse.cash, 30);
}
