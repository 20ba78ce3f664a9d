//! Rules the GM table and the sheets apply between checks: Concentration upkeep each round,
//! fear once per source per scene, and Bane dice a GM's spend carries to a character's next
//! check. Each goes through the reducers the screens use (`IxSheet::apply`, the table's
//! `apply_with_roster`), with refusals that change nothing.

use satchel::model::apply_with_roster;
use satchel::model::ix_sheet::{CARRIED_BANES_MAX, IxEdit, IxSheet, Num, SheetSpell};
use satchel::model::ix_table::{Fighter, IxTableDoc, TableEdit};
use satchel::model::{CharacterAction, Roster, System};
use satchel::rules::ix::check::{Action, Actor, Against, Ratings, check};
use satchel::rules::ix::checks::{Condition, Tradition};
use satchel::rules::ix::dice::{CheckResult, DieKind};
use satchel::rules::ix::magic::SpellDesign;
use satchel::rules::ix::session::InitiativeKind;

fn result(net: i32) -> CheckResult {
    CheckResult {
        net_successes: net,
        net_boons: 0,
        breakthroughs: 0,
        calamities: 0,
        succeeded: net >= 1,
    }
}

/// A listed spell that lasts while its caster concentrates ("Concentration" as the player
/// typed it), costing `strain` to cast.
fn held_spell(name: &str, duration: &str, strain: i32) -> SheetSpell {
    let mut design = SpellDesign::listed(name, Tradition::Arcana, 2, strain);
    design.duration = duration.into();
    SheetSpell {
        design,
        effect: "Floats.".into(),
    }
}

fn edit(r: &mut Roster, id: &str, edit: IxEdit) -> Result<(), String> {
    r.apply(
        CharacterAction::EditIx {
            id: id.into(),
            edit,
        },
        2,
    )
    .map(drop)
    .map_err(|e| e.to_string())
}

fn ix<'a>(r: &'a Roster, id: &str) -> &'a IxSheet {
    r.get(id).unwrap().ix().unwrap()
}

/// Vex (a caster) and Ada on the roster, both in a rolled initiative order.
fn fight() -> (Roster, IxTableDoc) {
    let mut r = Roster::default();
    let mut d = IxTableDoc::default();
    for name in ["Vex", "Ada"] {
        let id = format!("id-{name}");
        r.apply(
            CharacterAction::Create {
                id: id.clone(),
                system: System::Ix,
                name: name.into(),
            },
            1,
        )
        .unwrap();
        apply_with_roster(
            &mut d,
            &mut r,
            TableEdit::AddFighter(Fighter {
                name: String::new(),
                character_id: Some(id),
                kind: InitiativeKind::OnWatch,
                rating: 0,
                rank: 0,
                result: None,
                foe_id: None,
            }),
            1,
        )
        .unwrap();
    }
    (r, d)
}

#[test]
fn concentration_starts_on_a_successful_cast_only() {
    let mut s = IxSheet::new("Vex");
    for sp in [
        held_spell("Levitate", " concentration ", 1),
        held_spell("Ward", "Concentration (up to an hour)", 1),
        held_spell("Bolt", "Instant", 1),
    ] {
        s.apply(IxEdit::SaveSpell(None, Box::new(sp))).unwrap();
    }
    // A failed casting holds nothing; an Instant spell never does.
    s.apply(IxEdit::CastResult(0, result(0))).unwrap();
    s.apply(IxEdit::CastResult(2, result(2))).unwrap();
    assert_eq!(s.concentrating, None);
    s.apply(IxEdit::CastResult(0, result(1))).unwrap();
    assert_eq!(s.concentrating.as_deref(), Some("Levitate"));
    // A second one replaces the first; ending it lets go.
    s.apply(IxEdit::CastResult(1, result(1))).unwrap();
    assert_eq!(s.concentrating.as_deref(), Some("Ward"));
    s.apply(IxEdit::EndConcentration).unwrap();
    assert_eq!(s.concentrating, None);
    // Upkeep with nothing held is refused and changes nothing.
    let before = s.clone();
    assert!(s.apply(IxEdit::Upkeep).is_err());
    assert_eq!(s, before);
    // A spell no longer there is refused.
    assert!(s.apply(IxEdit::CastResult(9, result(1))).is_err());
}

#[test]
fn the_table_reminds_each_round_and_the_upkeep_is_one_strain_once_a_round() {
    let (mut r, mut d) = fight();
    edit(
        &mut r,
        "id-Vex",
        IxEdit::SaveSpell(None, Box::new(held_spell("Levitate", "Concentration", 2))),
    )
    .unwrap();
    edit(&mut r, "id-Vex", IxEdit::Set(Num::Strain, 3)).unwrap();
    edit(&mut r, "id-Vex", IxEdit::CastResult(0, result(1))).unwrap();
    // Before initiative there is no round to pay for.
    assert!(apply_with_roster(&mut d, &mut r, TableEdit::Upkeep("id-Vex".into()), 3).is_err());
    apply_with_roster(
        &mut d,
        &mut r,
        TableEdit::Rolled(vec![result(2), result(1)]),
        3,
    )
    .unwrap();
    let held = d.concentrating(&r);
    assert_eq!(held.len(), 1, "only Vex holds a spell");
    assert_eq!(
        (held[0].name.as_str(), held[0].spell.as_str(), held[0].paid),
        ("Vex", "Levitate", false)
    );
    // Round 1: paid from the table, 3 Strain -> 2; a second payment is refused, unchanged.
    apply_with_roster(&mut d, &mut r, TableEdit::Upkeep("id-Vex".into()), 4).unwrap();
    assert_eq!(ix(&r, "id-Vex").character.health.strain, 2);
    assert!(d.concentrating(&r)[0].paid);
    let (r0, d0) = (r.clone(), d.clone());
    let again = apply_with_roster(&mut d, &mut r, TableEdit::Upkeep("id-Vex".into()), 5);
    assert_eq!(
        again.unwrap_err().to_string(),
        "Vex has paid for round 1 already."
    );
    assert_eq!((&r, &d), (&r0, &d0));
    // Round 2 comes round: due again; paid, 2 -> 1; round 3, 1 -> 0.
    for (round, left) in [(2, 1), (3, 0)] {
        apply_with_roster(&mut d, &mut r, TableEdit::Step(true), 6).unwrap();
        apply_with_roster(&mut d, &mut r, TableEdit::Step(true), 6).unwrap();
        assert_eq!(d.round, round);
        assert!(!d.concentrating(&r)[0].paid, "round {round} is due");
        apply_with_roster(&mut d, &mut r, TableEdit::Upkeep("id-Vex".into()), 7).unwrap();
        assert_eq!(ix(&r, "id-Vex").character.health.strain, left);
    }
    // Round 4 with no Strain left: refused whole (the table records no payment) and says
    // to end it.
    apply_with_roster(&mut d, &mut r, TableEdit::Step(true), 8).unwrap();
    apply_with_roster(&mut d, &mut r, TableEdit::Step(true), 8).unwrap();
    let (r0, d0) = (r.clone(), d.clone());
    let short = apply_with_roster(&mut d, &mut r, TableEdit::Upkeep("id-Vex".into()), 9)
        .unwrap_err()
        .to_string();
    assert!(
        short.contains("Levitate cannot be kept going") && short.contains("End it."),
        "{short}"
    );
    assert_eq!((&r, &d), (&r0, &d0));
    // Ended on the sheet: the reminder goes.
    edit(&mut r, "id-Vex", IxEdit::EndConcentration).unwrap();
    assert!(d.concentrating(&r).is_empty());
}

#[test]
fn each_source_of_fear_is_checked_once_a_scene() {
    let (mut r, mut d) = fight();
    let faced = |who: &[&str], source: &str| TableEdit::FearFaced {
        source: source.into(),
        who: who.iter().map(|w| w.to_string()).collect(),
    };
    apply_with_roster(
        &mut d,
        &mut r,
        faced(&["id-Vex", "Goblins"], "The dragon"),
        1,
    )
    .unwrap();
    assert!(d.fear_faced("the dragon ", "id-Vex"));
    assert!(d.fear_faced("The dragon", "Goblins"));
    assert!(!d.fear_faced("The dragon", "id-Ada"));
    // Again against the same source (any case): refused whole, by name, nothing recorded.
    let before = d.clone();
    let again = apply_with_roster(
        &mut d,
        &mut r,
        faced(&["id-Ada", "id-Vex"], "THE DRAGON"),
        2,
    );
    assert_eq!(
        again.unwrap_err().to_string(),
        "Vex has already checked against THE DRAGON this scene."
    );
    assert_eq!(d, before);
    // Another source is another check; an unnamed one is refused.
    apply_with_roster(&mut d, &mut r, faced(&["id-Vex"], "The lich"), 3).unwrap();
    assert!(apply_with_roster(&mut d, &mut r, faced(&["id-Ada"], "  "), 3).is_err());
    // A new scene: the dragon may frighten them again.
    apply_with_roster(&mut d, &mut r, TableEdit::NewScene, 4).unwrap();
    assert!(!d.fear_faced("The dragon", "id-Vex"));
    apply_with_roster(&mut d, &mut r, faced(&["id-Vex"], "The dragon"), 5).unwrap();
    // The record round-trips with the table and is left out while empty.
    let text = serde_json::to_string(&d).unwrap();
    let back: IxTableDoc = serde_json::from_str(&text).unwrap();
    assert_eq!(back, d);
    let fresh = serde_json::to_string(&IxTableDoc::default()).unwrap();
    assert!(
        !fresh.contains("fear_faced") && !fresh.contains("upkeep"),
        "{fresh}"
    );
}

#[test]
fn a_gms_bane_waits_on_the_sheet_for_the_next_check() {
    let mut s = IxSheet::new("Vex");
    // A sheet with nothing carried stores no field for it, as before.
    assert!(!serde_json::to_string(&s).unwrap().contains("carried_banes"));
    for n in 1..=CARRIED_BANES_MAX {
        s.apply(IxEdit::CarryBane).unwrap();
        assert_eq!(s.carried_banes, n);
    }
    let before = s.clone();
    assert!(s.apply(IxEdit::CarryBane).is_err());
    assert_eq!(s, before);
    // It is not a condition anyone types in.
    assert!(
        s.apply(IxEdit::AddCondition(Condition::CarriedBanes(1)))
            .is_err()
    );
    // On the next check, whatever it is, the carried dice are Bane dice, by name.
    let c = Condition::CarriedBanes(2);
    let actor = Actor {
        conditions: vec![c.clone()],
        ..Actor::default()
    };
    let action = Action::Skill(Ratings::new(2, 1));
    let pool = check(&actor, action, None, Against::Own).unwrap().pool();
    assert_eq!(pool.count(DieKind::BaneDie), 2);
    assert_eq!(c.name(), "Carried from an earlier check");
    // Rolled: gone, and the stored form is as before again.
    s.apply(IxEdit::ClearCarriedBanes).unwrap();
    assert_eq!(s.carried_banes, 0);
    let text = serde_json::to_string(&s).unwrap();
    assert!(!text.contains("carried_banes"));
    // A stored sheet with some waiting reads them back.
    s.apply(IxEdit::CarryBane).unwrap();
    let back: IxSheet = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back.carried_banes, 1);
}
