//! The well-filled characters the phone journeys measure (`tests/fixtures/well-filled.json`):
//! one of each game with most of its sheet in use, built here through the reducers, so the file
//! is a character the app itself could have made. The committed file must equal what this
//! builds; after a change to the documents, write it again with
//! `SATCHEL_WRITE_FIXTURES=1 cargo test --test it fixtures::`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::model::exp_sheet::{ExpEdit, Procedure};
use satchel::model::gear::GearEdit;
use satchel::model::ix_sheet::{IxEdit, SheetSpell, Text};
use satchel::model::{CharacterAction, ExportKind, Roster, System, export_file, parse_import};
use satchel::rules::expedition::character::{Companion, CompanionKind};
use satchel::rules::expedition::dice::Ability;
use satchel::rules::expedition::spells::CATALOGUE;
use satchel::rules::inventory::{COMMON_ITEMS, ix_item};
use satchel::rules::ix::checks::{Condition, Tradition};
use satchel::rules::ix::critical::roll_critical;
use satchel::rules::ix::magic::{EmpowerOption, EmpowerTrigger, SpellDesign, default_categories};
use satchel::rules::ix::stats::Characteristic;
use satchel::rules::ix::weapon::{RangeBand, Weapon};

const FILE: &str = "tests/fixtures/well-filled.json";
const IX: &str = "well-filled-ix";
const EXP: &str = "well-filled-exp";
/// A fixed clock, so the file is the same every time it is built.
const NOW: u64 = 1_764_680_000_000;

fn ix(r: &mut Roster, edit: IxEdit) {
    let what = format!("{edit:?}");
    r.apply(
        CharacterAction::EditIx {
            id: IX.into(),
            edit,
        },
        NOW,
    )
    .unwrap_or_else(|e| panic!("{what}: {e}"));
}

fn exp(r: &mut Roster, edit: ExpEdit) {
    let what = format!("{edit:?}");
    r.apply(
        CharacterAction::EditExpedition {
            id: EXP.into(),
            edit: ExpEdit::At(NOW, Box::new(edit)),
        },
        NOW,
    )
    .unwrap_or_else(|e| panic!("{what}: {e}"));
}

/// Vex, a wounded Ix battle-mage: ten skills ranked, talents, two weapons, three Critical Injuries, three
/// conditions, a spellbook, offenses, a full gear list and notes.
fn build_ix(r: &mut Roster) {
    r.apply(
        CharacterAction::Create {
            id: IX.into(),
            system: System::Ix,
            name: "Vex Arrandi".into(),
        },
        NOW,
    )
    .unwrap();
    ix(r, IxEdit::SetText(Text::Player, "Sam".into()));
    ix(
        r,
        IxEdit::SetText(Text::Concept, "Soldier turned hedge-mage".into()),
    );
    for (c, v) in [
        (Characteristic::Might, 3),
        (Characteristic::Agility, 3),
        (Characteristic::Intellect, 4),
        (Characteristic::Savvy, 2),
        (Characteristic::Willpower, 3),
        (Characteristic::Presence, 2),
    ] {
        ix(r, IxEdit::Characteristic(c, v));
    }
    for (i, rank) in [3, 2, 1, 2, 1, 3, 1, 2, 1, 2].into_iter().enumerate() {
        ix(r, IxEdit::SkillRank(i, rank));
    }
    ix(
        r,
        IxEdit::AddSkill("Sailing".into(), Characteristic::Agility),
    );
    for (name, note) in [
        (
            "Catch Breath",
            "Recover 2 Strain instead of 1 when catching breath.",
        ),
        ("Guarded", "Guarded upgrades two difficulty dice."),
        ("Battle Caster", "Casting in melee adds no Bane die."),
        ("Field Medic", "Treat Wounds twice per encounter."),
    ] {
        let i = r.get(IX).unwrap().ix().unwrap().character.talents.len();
        ix(r, IxEdit::AddTalent(name.into()));
        ix(r, IxEdit::TalentNote(i, note.into()));
    }
    // Three injuries from a seeded table roll, each adding +10 to the next.
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    for carried in 0..3 {
        ix(
            r,
            IxEdit::AddInjury(roll_critical(&mut rng, carried).unwrap()),
        );
    }
    ix(r, IxEdit::AddCondition(Condition::Frightened));
    ix(
        r,
        IxEdit::SetText(Text::FrightenedBy, "The drowned king".into()),
    );
    ix(
        r,
        IxEdit::AddCondition(Condition::Other("Staggered".into())),
    );
    ix(r, IxEdit::AddCondition(Condition::Other("Poisoned".into())));
    ix(
        r,
        IxEdit::Harm {
            strain: false,
            n: 4,
            from_attack: false,
        },
    );
    ix(
        r,
        IxEdit::Harm {
            strain: true,
            n: 3,
            from_attack: false,
        },
    );
    for (name, damage, crit, range, skill) in [
        ("Longsword", 5, 3, RangeBand::Engaged, "Melee"),
        ("Crossbow", 7, 2, RangeBand::Medium, "Ranged"),
    ] {
        let weapon = Weapon {
            name: name.into(),
            damage,
            crit,
            range,
            skill: skill.into(),
        };
        ix(r, IxEdit::SaveWeapon(None, Box::new(weapon)));
    }
    ix(r, IxEdit::Focus(true));
    ix(r, IxEdit::SetText(Text::Patron, "The Lantern Saint".into()));
    ix(r, IxEdit::Offense(false, "Lied at the shrine".into()));
    ix(r, IxEdit::Repent("Lit a candle".into()));
    let categories = default_categories();
    for (k, (name, tradition)) in [
        ("Bolt", Tradition::Arcana),
        ("Mend Flesh", Tradition::Divine),
        ("Thornwall", Tradition::Primal),
    ]
    .into_iter()
    .enumerate()
    {
        let mut design = SpellDesign::listed(name, tradition, 2, 2);
        design.category = categories[k % categories.len()].clone();
        design.duration = "Instant".into();
        design.overloads = vec!["Strike a second target".into()];
        design.empowers = vec![EmpowerOption {
            trigger: EmpowerTrigger::COMMON[0],
            text: "One more point of effect.".into(),
        }];
        let spell = SheetSpell {
            design,
            effect: format!("{name}: what it does, in the player's words."),
        };
        ix(r, IxEdit::SaveSpell(None, Box::new(spell)));
    }
    for name in [
        "Melee weapon",
        "Ranged weapon",
        "Armour",
        "Shield",
        "Arcane focus",
        "Healer's kit",
        "Tools",
        "Rope",
        "Torches",
        "Lantern",
        "Rations",
        "Bedroll",
    ] {
        ix(
            r,
            IxEdit::Gear(GearEdit::Add {
                carrier: 0,
                item: ix_item(name).unwrap(),
            }),
        );
    }
    ix(
        r,
        IxEdit::SetText(
            Text::Notes,
            "Owes the harbourmaster a favour. Sister in the temple at Vell. ".repeat(6),
        ),
    );
}

/// Ash, an Expedition delver between delves: Abilities set, hurt, 15 slots filled, spells,
/// Connections, Reputation and Wises, companions, strongholds and projects, a ledger and a
/// history of rolls, and notes.
fn build_exp(r: &mut Roster) {
    r.apply(
        CharacterAction::Create {
            id: EXP.into(),
            system: System::Expedition,
            name: "Ash".into(),
        },
        NOW,
    )
    .unwrap();
    for (a, v) in [
        (Ability::Might, 3),
        (Ability::Agility, 2),
        (Ability::Presence, 2),
        (Ability::Acuity, 3),
        (Ability::Discipline, 4),
    ] {
        exp(r, ExpEdit::Ability(a, v));
    }
    exp(r, ExpEdit::MaxHp(8));
    exp(r, ExpEdit::Hp(5));
    exp(r, ExpEdit::BonusHp(2));
    exp(r, ExpEdit::Wealth(5));
    exp(r, ExpEdit::Connections(3));
    exp(r, ExpEdit::Cash(12, "Loot from the crypt".into()));
    exp(r, ExpEdit::Cash(-3, "Rooms at the inn".into()));
    // Fifteen slots: armour takes two.
    for name in [
        "Armour",
        "Shield",
        "Sword",
        "Bow",
        "Arrows (quiver)",
        "Torches",
        "Lantern",
        "Lantern oil",
        "Rations",
        "Rations",
        "Rope",
        "Iron spikes",
        "Crowbar",
        "Hammer",
    ] {
        let item = COMMON_ITEMS.iter().find(|c| c.name == name).unwrap().item();
        exp(r, ExpEdit::Gear(GearEdit::Add { carrier: 0, item }));
    }
    for spell in [&CATALOGUE[0], &CATALOGUE[1], &CATALOGUE[12], &CATALOGUE[23]] {
        exp(r, ExpEdit::Learn(spell.name.into()));
    }
    for (faction, score) in [
        ("Harbour Guild", 2),
        ("Temple of Vell", 1),
        ("Red Hand", -1),
    ] {
        exp(r, ExpEdit::Reputation(faction.into(), score));
    }
    for wise in ["Crypt-wise", "Rat-wise", "Harbour-wise"] {
        exp(r, ExpEdit::AddWise(wise.into()));
    }
    for (name, kind, role) in [
        ("Pell", CompanionKind::Hireling, "Torchbearer"),
        ("Grit", CompanionKind::Animal, "Guard dog"),
    ] {
        exp(
            r,
            ExpEdit::AddCompanion(Companion {
                name: name.into(),
                kind,
                role: role.into(),
                pool: 2,
                hp: 0,
                max_hp: 3,
                morale: None,
            }),
        );
    }
    exp(r, ExpEdit::AddStronghold("Hillfort".into(), 2));
    exp(r, ExpEdit::AddStronghold("Salt warehouse".into(), 1));
    exp(r, ExpEdit::AddProject("Rebuild the chapel".into(), 6));
    exp(r, ExpEdit::AddProject("Map the lower crypt".into(), 4));
    exp(r, ExpEdit::Haven(true));
    // A few seeded procedures, for a history and a ledger with some length.
    exp(r, ExpEdit::Roll(7, Procedure::Income));
    exp(
        r,
        ExpEdit::Roll(8, Procedure::Recognition("Harbour Guild".into())),
    );
    exp(r, ExpEdit::Haven(false));
    exp(
        r,
        ExpEdit::Notes("Owes Pell a month's wages. The map shows a second stair. ".repeat(6)),
    );
}

fn build() -> String {
    let mut r = Roster::default();
    build_ix(&mut r);
    build_exp(&mut r);
    export_file(ExportKind::Everything, &r.characters, &[], "fixture", NOW)
}

#[test]
fn the_well_filled_fixture_is_what_the_reducers_build() {
    let built = build();
    assert_eq!(built, build(), "the build is deterministic");
    if std::env::var_os("SATCHEL_WRITE_FIXTURES").is_some() {
        std::fs::write(FILE, &built).unwrap();
    }
    let stored = std::fs::read_to_string(FILE).unwrap();
    assert!(
        stored == built,
        "{FILE} is stale: write it again with SATCHEL_WRITE_FIXTURES=1"
    );
}

#[test]
fn the_well_filled_characters_are_well_filled() {
    let file = parse_import(&std::fs::read_to_string(FILE).unwrap()).unwrap();
    let [vex, ash] = &file.characters[..] else {
        panic!("two characters");
    };
    let s = vex.ix().unwrap();
    let c = &s.character;
    assert!(c.skills.iter().filter(|k| k.rank > 0).count() >= 10);
    assert_eq!(
        (
            c.talents.len(),
            c.critical_injuries.len(),
            c.conditions.len()
        ),
        (4, 3, 3)
    );
    // Wounded, so the Medicine panel is open.
    assert!(c.health.wounds < c.health.wounds_max);
    assert_eq!(s.spellbook.len(), 3);
    let e = ash.expedition().unwrap();
    assert_eq!(e.gear.carriers[0].used(), 15);
    assert_eq!(
        (
            e.core.spells.len(),
            e.core.strongholds.len(),
            e.core.companions.len()
        ),
        (4, 2, 2)
    );
    assert!(e.core.health.hp < e.core.health.max_hp && !e.notes.is_empty());
}
