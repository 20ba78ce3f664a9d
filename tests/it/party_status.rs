//! The party status board reads every fact from where it lives: the sheets' own state
//! functions, the session's Fortune, the GM's Critical Injury names and the table's Ix slot
//! limit. Characters are changed through the roster, as the sheets change them.

use satchel::model::exp_sheet::ExpEdit;
use satchel::model::gear::GearEdit;
use satchel::model::ix_sheet::{IxEdit, Num};
use satchel::model::ix_table::IxTableDoc;
use satchel::model::party::PartyDoc;
use satchel::model::party_status::{AwayWhy, Board, Vitals, lights_lit};
use satchel::model::session::{IxSession, SessionEdit};
use satchel::model::{CharacterAction, NamedDocument, Roster, System};
use satchel::rules::inventory::{COMMON_ITEMS, CarrierKind, Item};
use satchel::rules::ix::checks::Condition;
use satchel::rules::ix::critical::critical_from_d100;
use satchel::rules::ix::health::Vitality;

fn create(r: &mut Roster, id: &str, system: System, name: &str, at: u64) {
    r.apply(
        CharacterAction::Create {
            id: id.into(),
            system,
            name: name.into(),
        },
        at,
    )
    .unwrap();
}

fn ix(r: &mut Roster, id: &str, edit: IxEdit, at: u64) {
    r.apply(
        CharacterAction::EditIx {
            id: id.into(),
            edit,
        },
        at,
    )
    .unwrap();
}

fn exp(r: &mut Roster, id: &str, edit: ExpEdit, at: u64) {
    r.apply(
        CharacterAction::EditExpedition {
            id: id.into(),
            edit,
        },
        at,
    )
    .unwrap();
}

fn common(name: &str) -> Item {
    COMMON_ITEMS.iter().find(|c| c.name == name).unwrap().item()
}

fn read(r: &Roster, party: &PartyDoc, session: &IxSession) -> Board {
    Board::read(r, party, session, &IxTableDoc::default())
}

#[test]
fn an_ix_card_shows_the_sheets_state_conditions_injuries_and_the_tables_slot_limit() {
    let mut r = Roster::default();
    create(&mut r, "a1", System::Ix, "Vex", 1_000);
    let harm = |strain, n| IxEdit::Harm {
        strain,
        n,
        from_attack: true,
    };
    ix(&mut r, "a1", harm(false, 4), 2_000);
    ix(&mut r, "a1", harm(true, 3), 3_000);
    ix(
        &mut r,
        "a1",
        IxEdit::AddCondition(Condition::Frightened),
        4_000,
    );
    // d100 12 with nothing carried reads row 11-15, the third row: "Winded" by default.
    ix(
        &mut r,
        "a1",
        IxEdit::AddInjury(critical_from_d100(12, 0)),
        5_000,
    );
    for name in ["Rope", "Crowbar", "Hammer"] {
        ix(
            &mut r,
            "a1",
            IxEdit::Gear(GearEdit::Add {
                carrier: 0,
                item: common(name),
            }),
            6_000,
        );
    }
    let mut party = PartyDoc::default();
    party.set_capacity("a1", Some(2)).unwrap();

    let b = read(&r, &party, &IxSession::default());
    assert!(b.expedition.is_empty() && b.away.is_empty());
    let card = &b.ix[0];
    assert_eq!((card.id.as_str(), card.name.as_str()), ("a1", "Vex"));
    assert_eq!(card.updated_ms, 6_000);
    let Vitals::Ix(v) = &card.vitals else {
        panic!("an Ix card")
    };
    assert_eq!(
        (
            v.health.wounds,
            v.health.wounds_max,
            v.health.strain,
            v.health.strain_max
        ),
        (6, 10, 7, 10)
    );
    assert_eq!(v.vitality, Vitality::Standing);
    // 6 of 10 Wounds left: standing, and hurt, not "Healthy".
    assert_eq!(v.health.state_label(), "Hurt");
    assert_eq!(v.conditions, vec!["Frightened".to_string()]);
    assert_eq!(v.injuries, vec!["Winded".to_string()]);
    // The state line names the gravest injury carried, its severity and effect (row 11-15 is
    // Minor, 01-30).
    assert_eq!(
        v.worst_injury.as_deref(),
        Some("Winded (Minor): Your next Maneuver costs 1 Strain.")
    );
    assert!(!v.critical_owed);
    assert_eq!((v.slots_used, v.slot_limit), (3, Some(2)));
    assert_eq!(
        v.over.as_deref(),
        Some("Uses 3 slots; the table allows 2, so 1 over.")
    );
    assert_eq!(b.pool, None);
    assert_eq!(b.fortune_next, 0);

    // Six more Wounds from an attack take Vex to 0: incapacitated, bleeding, an injury owed.
    ix(&mut r, "a1", harm(false, 6), 7_000);
    let b = read(&r, &party, &IxSession::default());
    let Vitals::Ix(v) = &b.ix[0].vitals else {
        panic!("an Ix card")
    };
    assert_eq!(v.health.wounds, 0);
    assert_eq!(v.vitality.label(), "Incapacitated and bleeding out");
    assert!(v.critical_owed);
    assert_eq!(b.ix[0].updated_ms, 7_000);

    // A second, graver injury (d100 90 + 10 for the one carried: 100, row 96-100, Deadly)
    // leads the line, whichever came first.
    ix(
        &mut r,
        "a1",
        IxEdit::AddInjury(critical_from_d100(90, 1)),
        8_000,
    );
    let b = read(&r, &party, &IxSession::default());
    let Vitals::Ix(v) = &b.ix[0].vitals else {
        panic!("an Ix card")
    };
    let worst = v.worst_injury.as_deref().unwrap_or_default();
    assert!(worst.contains("(Deadly): "), "{worst}");
    assert_eq!(v.injuries.len(), 2);
}

#[test]
fn the_session_pool_is_read_from_its_one_document() {
    let mut r = Roster::default();
    create(&mut r, "a1", System::Ix, "Vex", 1_000);
    let mut session = IxSession::default();
    session.apply(SessionEdit::Start(3), &r).unwrap();
    let b = read(&r, &PartyDoc::default(), &session);
    let pool = b.pool.unwrap();
    assert_eq!((pool.fortune, pool.peril), (3, 1));
    assert_eq!(b.fortune_next, 1);
}

#[test]
fn an_expedition_card_shows_hp_slots_cash_wealth_and_the_lights_lit() {
    let mut r = Roster::default();
    create(&mut r, "b2", System::Expedition, "Rook", 1_000);
    exp(&mut r, "b2", ExpEdit::BonusHp(3), 2_000);
    exp(
        &mut r,
        "b2",
        ExpEdit::Damage {
            amount: 5,
            block: None,
            infusion: None,
        },
        3_000,
    );
    exp(&mut r, "b2", ExpEdit::Cash(7, "found".into()), 4_000);
    exp(&mut r, "b2", ExpEdit::Wealth(3), 5_000);
    let add = |carrier, name| {
        ExpEdit::Gear(GearEdit::Add {
            carrier,
            item: common(name),
        })
    };
    exp(&mut r, "b2", add(0, "Torches"), 6_000);
    exp(&mut r, "b2", add(0, "Armour"), 6_000);
    exp(
        &mut r,
        "b2",
        ExpEdit::Gear(GearEdit::AddCarrier {
            name: "Mule".into(),
            kind: CarrierKind::PackAnimal,
        }),
        6_000,
    );
    exp(&mut r, "b2", add(1, "Lantern"), 6_000);
    exp(
        &mut r,
        "b2",
        ExpEdit::Gear(GearEdit::Light {
            carrier: 0,
            index: 0,
            on: true,
        }),
        7_000,
    );

    let b = read(&r, &PartyDoc::default(), &IxSession::default());
    let card = &b.expedition[0];
    assert_eq!(card.updated_ms, 7_000);
    let Vitals::Expedition(v) = &card.vitals else {
        panic!("an Expedition card")
    };
    // 5 damage: the 3 Bonus HP first, then 2 of the 6 HP.
    assert_eq!((v.health.hp, v.health.max_hp, v.health.bonus_hp), (4, 6, 0));
    assert_eq!(v.health.state_label(), "Standing");
    // Torches 1 slot and armour 2 in the character's own 15.
    assert_eq!((v.slots_used, v.slots), (3, 15));
    assert_eq!(v.carriers, vec!["Mule: 1 of 6 slots used".to_string()]);
    assert_eq!((v.cash, v.wealth, v.lifestyle), (7, 3, "Meager"));
    assert_eq!(v.lights, vec!["Torches".to_string()]);

    // Lit on the mule too, it is named with its carrier.
    exp(
        &mut r,
        "b2",
        ExpEdit::Gear(GearEdit::Light {
            carrier: 1,
            index: 0,
            on: true,
        }),
        8_000,
    );
    let s = r.get("b2").unwrap().expedition().unwrap();
    assert_eq!(
        lights_lit(&s.gear),
        vec!["Torches".to_string(), "Lantern (on Mule)".to_string()]
    );

    // Down to 0: down and out, one check owed.
    exp(
        &mut r,
        "b2",
        ExpEdit::Damage {
            amount: 4,
            block: None,
            infusion: None,
        },
        9_000,
    );
    let b = read(&r, &PartyDoc::default(), &IxSession::default());
    let Vitals::Expedition(v) = &b.expedition[0].vitals else {
        panic!("an Expedition card")
    };
    assert_eq!(v.health.hp, 0);
    assert_eq!(v.health.state_label(), "Down and out");
    assert_eq!(v.health.pending_down_and_out, 1);
}

#[test]
fn the_dead_and_the_retired_get_no_card_but_are_named() {
    let mut r = Roster::default();
    create(&mut r, "a1", System::Ix, "Vex", 1_000);
    create(&mut r, "a2", System::Ix, "Gone", 1_000);
    create(&mut r, "b1", System::Expedition, "Rook", 1_000);
    create(&mut r, "b2", System::Expedition, "Old Hand", 1_000);
    // Wounds at minus the maximum: dead.
    ix(&mut r, "a2", IxEdit::Set(Num::Wounds, -10), 2_000);
    exp(&mut r, "b2", ExpEdit::Wealth(4), 2_000);
    exp(&mut r, "b2", ExpEdit::NewSession, 3_000);
    exp(&mut r, "b2", ExpEdit::Retire, 3_000);

    let b = read(&r, &PartyDoc::default(), &IxSession::default());
    let names = |cards: &[satchel::model::party_status::Card]| {
        cards.iter().map(|c| c.name.clone()).collect::<Vec<_>>()
    };
    assert_eq!(names(&b.ix), vec!["Vex"]);
    assert_eq!(names(&b.expedition), vec!["Rook"]);
    let away: Vec<_> = b
        .away
        .iter()
        .map(|a| (a.name.as_str(), a.system, a.why))
        .collect();
    assert_eq!(
        away,
        vec![
            ("Gone", System::Ix, AwayWhy::Dead),
            ("Old Hand", System::Expedition, AwayWhy::Retired)
        ]
    );
    assert!(!b.is_empty());
    assert!(
        read(
            &Roster::default(),
            &PartyDoc::default(),
            &IxSession::default()
        )
        .is_empty()
    );
}
