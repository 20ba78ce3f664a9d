//! The spell catalogue ("4. Spell Families"): 81 spells, Fell Blast plus eight families of ten.

use satchel::rules::expedition::dice::Ability;
use satchel::rules::expedition::spells::{
    CATALOGUE, Family, SpellOb, family_spells, find_spell, spell_by_number,
};
use std::collections::HashSet;

#[test]
fn eighty_one_spells_ten_per_family() {
    assert_eq!(CATALOGUE.len(), 81);
    assert_eq!(family_spells(Family::FellBlast).len(), 1);
    for f in Family::ROLLABLE {
        let spells = family_spells(f);
        assert_eq!(spells.len(), 10, "{f:?}");
        let numbers: Vec<u8> = spells.iter().map(|s| s.number).collect();
        assert_eq!(numbers, (1..=10).collect::<Vec<u8>>(), "{f:?}");
    }
}

#[test]
fn names_are_unique_and_summaries_short() {
    let names: HashSet<&str> = CATALOGUE.iter().map(|s| s.name).collect();
    assert_eq!(names.len(), 81);
    for s in CATALOGUE.iter() {
        assert!(!s.summary.is_empty() && s.summary.len() <= 90, "{}", s.name);
    }
}

#[test]
fn obs_rise_two_to_five_within_each_family() {
    // Each family runs two spells at Ob 2, three at 3, three at 4 and two at 5.
    for f in Family::ROLLABLE {
        let obs: Vec<u8> = family_spells(f)
            .iter()
            .map(|s| match s.ob {
                SpellOb::Fixed(o) => o,
                SpellOb::VersusCombatCheck => 0,
            })
            .collect();
        assert_eq!(obs, vec![2, 2, 3, 3, 3, 4, 4, 4, 5, 5], "{f:?}");
    }
}

#[test]
fn family_abilities_match_their_headings() {
    // "In addition to Discipline, <family> spells depend on ..." for each family.
    let expected = [
        (Family::BloodMagic, [Ability::Might, Ability::Presence]),
        (Family::Diabolism, [Ability::Presence, Ability::Might]),
        (Family::Hypercognition, [Ability::Acuity, Ability::Presence]),
        (Family::Metacomposition, [Ability::Might, Ability::Agility]),
        (Family::Naturecraft, [Ability::Might, Ability::Acuity]),
        (Family::PrimalSpeech, [Ability::Agility, Ability::Presence]),
        (Family::Psychomancy, [Ability::Presence, Ability::Acuity]),
        (Family::Translocation, [Ability::Agility, Ability::Acuity]),
    ];
    // The reference itself lists one exception: Shroud (Psychomancy) uses Agility.
    let mut outside = Vec::new();
    for (f, pair) in expected {
        for s in family_spells(f) {
            if s.ability != Ability::Discipline && !pair.contains(&s.ability) {
                outside.push(s.name);
            }
        }
    }
    assert_eq!(outside, vec!["Shroud"]);
}

#[test]
fn lookups() {
    let s = find_spell("  leech ").unwrap();
    assert_eq!(
        (s.family, s.number, s.ability),
        (Family::BloodMagic, 6, Ability::Might)
    );
    assert_eq!(s.ob, SpellOb::Fixed(4));
    assert_eq!(
        find_spell("Fell Blast").unwrap().ob,
        SpellOb::VersusCombatCheck
    );
    assert!(find_spell("Magic Missile").is_err());
    assert_eq!(
        spell_by_number(Family::Translocation, 10).unwrap().name,
        "Time Skip"
    );
    assert!(spell_by_number(Family::Translocation, 11).is_err());
    assert_eq!(Family::from_d8(5).unwrap(), Family::Naturecraft);
    assert!(Family::from_d8(0).is_err());
}
