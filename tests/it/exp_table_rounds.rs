//! What the combat tracker carries across a round: an ambush's Acuity save and the free round
//! it may give, and a character channeling a spell as its defence until the spell resolves.
//! Each test drives the table's and the roster's reducers together, as the screen does.

use satchel::model::exp_sheet::{ExpEdit, ExpSheet, Procedure};
use satchel::model::exp_table::{ExpTable, Side, TableEdit, TableRoll};
use satchel::model::{CharacterAction, NamedDocument, Roster, System, apply_with_roster};
use satchel::rules::expedition::combat::CombatAction;
use satchel::rules::expedition::dice::{Ability, PoolRoll};

fn exp(r: &mut Roster, edit: ExpEdit) {
    r.apply(
        CharacterAction::EditExpedition {
            id: "ada".into(),
            edit,
        },
        2,
    )
    .unwrap();
}

fn sheet(r: &Roster) -> &ExpSheet {
    r.get("ada").unwrap().expedition().unwrap()
}

/// Ada (8 HP; Might 2, Agility 5, Acuity 4) knows Bind (Agility, Ob 4) and Leech (Might), whose
/// runestone she has infused, so it is exhausted. She and Rook (a hireling: 4 dice, 6 HP) face
/// a Ghoul (Level 2: 4 dice, 4 HP); everyone threatens someone.
fn fight() -> (Roster, ExpTable) {
    let mut r = Roster::default();
    r.apply(
        CharacterAction::Create {
            id: "ada".into(),
            system: System::Expedition,
            name: "Ada".into(),
        },
        1,
    )
    .unwrap();
    exp(&mut r, ExpEdit::MaxHp(8));
    exp(&mut r, ExpEdit::Hp(8));
    exp(&mut r, ExpEdit::Ability(Ability::Agility, 5));
    exp(&mut r, ExpEdit::Ability(Ability::Acuity, 4));
    exp(&mut r, ExpEdit::Learn("Bind".into()));
    exp(&mut r, ExpEdit::Learn("Leech".into()));
    exp(&mut r, ExpEdit::Infuse(1));
    let mut t = ExpTable::default();
    for e in [
        TableEdit::AddCharacter("ada".into()),
        TableEdit::AddAlly("Rook".into(), 4, 6),
        TableEdit::AddAdversary("Ghoul".into(), 2),
        TableEdit::Threaten(0, Some(2)),
        TableEdit::Threaten(1, Some(2)),
        TableEdit::Threaten(2, Some(0)),
    ] {
        apply_with_roster(&mut t, &mut r, e, 3).unwrap();
    }
    (r, t)
}

fn roll(t: &mut ExpTable, r: &mut Roster, seed: u64, roll: TableRoll) {
    apply_with_roster(t, r, TableEdit::Roll(seed, roll), 4).unwrap();
}

const FOES_AMBUSH: TableRoll = TableRoll::Ambush {
    ambushers: Side::Foes,
    lookout: 0,
    ambusher: 2,
};

/// The table's refusal, checking that neither document changed.
fn refused(t: &mut ExpTable, r: &mut Roster, e: TableEdit) -> String {
    let (before_t, before_r) = (t.clone(), r.clone());
    let err = apply_with_roster(t, r, e, 5).unwrap_err().to_string();
    assert_eq!((&*t, &*r), (&before_t, &before_r), "{err}");
    err
}

#[test]
fn the_lookouts_acuity_save_against_the_ambushers_agility_reads_both_ways() {
    // Seed 1: Ada (2 + Acuity 4 = 6 dice) rolls 4, 5, 6, 3, 3, 5: four of them 4+, against the
    // Ghoul's 6, 4, 2, 5: three. She spots it.
    let (mut r, mut t) = fight();
    roll(&mut t, &mut r, 1, FOES_AMBUSH);
    assert_eq!(
        t.log.last().unwrap(),
        "Ambush by the foes: Ada keeps watch, 6 dice (2 + Acuity) against Ghoul's 4 (its pool). \
         Ada rolled 4, 5, 6, 3, 3, 5 (4 successes); Ghoul rolled 6, 4, 2, 5 (3 successes). \
         The ambush is spotted: no free round."
    );
    assert_eq!(t.surprised, None);
    // Seed 5: 3, 5, 2, 1, 2, 3 is one success to the Ghoul's three (6, 4, 3, 4): the save
    // fails and the party is caught.
    let (mut r, mut t) = fight();
    roll(&mut t, &mut r, 5, FOES_AMBUSH);
    assert!(
        t.log.last().unwrap().ends_with(
            "Ada rolled 3, 5, 2, 1, 2, 3 (1 success); Ghoul rolled 6, 4, 3, 4 (3 successes). \
             The save fails: the foes take a free round, and the party are helpless through the next exchange."
        ),
        "{}",
        t.log.last().unwrap()
    );
    assert_eq!(t.surprised, Some(Side::Party));
    // Seed 0: two successes each (6, 6 against 5, 6). A tie is no clean surprise.
    let (mut r, mut t) = fight();
    roll(&mut t, &mut r, 0, FOES_AMBUSH);
    assert!(
        t.log
            .last()
            .unwrap()
            .ends_with("A tie: not a clean surprise, so no free round."),
        "{}",
        t.log.last().unwrap()
    );
    assert_eq!(t.surprised, None);
    // The party can ambush too: Rook keeps no watch for the foes, the Ghoul does (its pool),
    // against Ada's 2 + Agility 5.
    let (mut r, mut t) = fight();
    roll(
        &mut t,
        &mut r,
        1,
        TableRoll::Ambush {
            ambushers: Side::Party,
            lookout: 2,
            ambusher: 0,
        },
    );
    assert!(
        t.log.last().unwrap().starts_with(
            "Ambush by the party: Ghoul keeps watch, 4 dice (its pool) against Ada's 7 (2 + Agility)."
        ),
        "{}",
        t.log.last().unwrap()
    );
}

#[test]
fn a_free_round_leaves_the_ambushed_helpless_for_exactly_one_exchange() {
    let (mut r, mut t) = fight();
    roll(&mut t, &mut r, 5, FOES_AMBUSH);
    // Caught by surprise, Ada cannot start channeling in the ambushers' round.
    assert_eq!(
        refused(&mut t, &mut r, TableEdit::Channel(0, "Bind".into())),
        "Ada is caught by surprise: nothing can be channelled in the ambushers' free round."
    );
    // Seed 1: the Ghoul rolls 4, 5, 6, 3 (three successes) against Ada, who rolls nothing and
    // counts 0, so she takes all three; Ada and Rook threaten it but deal nothing.
    roll(&mut t, &mut r, 1, TableRoll::Exchange);
    assert_eq!(
        t.log.last().unwrap(),
        "Free round for the foes (the party are caught by surprise and helpless). Exchange: \
         Ada is caught by surprise (no roll); Rook is caught by surprise (no roll); \
         Ghoul rolled 4, 5, 6, 3 (3 successes). Ghoul beats Ada by 3: Ada takes 3."
    );
    assert_eq!(sheet(&r).core.health.hp, 8 - 3);
    assert_eq!((t.fighters[1].hp, t.fighters[2].hp), (6, 4));
    assert_eq!(t.surprised, None, "the free round is over");
    // The next exchange is an ordinary one: everyone rolls. Seed 1 again: Ada 4, 5, 6, 3 and
    // Rook 3, 5, 6, 4 (three each) beat the Ghoul's 2, 5, 3, 4 (two) by 1 each.
    roll(&mut t, &mut r, 1, TableRoll::Exchange);
    assert_eq!(
        t.log.last().unwrap(),
        "Exchange: Ada rolled 4, 5, 6, 3 (3 successes); Rook rolled 3, 5, 6, 4 (3 successes); \
         Ghoul rolled 2, 5, 3, 4 (2 successes). Ada beats Ghoul by 1: Ghoul takes 1. \
         Rook beats Ghoul by 1: Ghoul takes 1."
    );
    assert_eq!((sheet(&r).core.health.hp, t.fighters[2].hp), (5, 2));
}

#[test]
fn a_free_round_can_be_called_off_and_one_waits_at_a_time() {
    let (mut r, mut t) = fight();
    roll(&mut t, &mut r, 5, FOES_AMBUSH);
    assert_eq!(
        refused(&mut t, &mut r, TableEdit::Roll(1, FOES_AMBUSH)),
        "The foes already have a free round waiting: roll the exchange or cancel it first."
    );
    apply_with_roster(&mut t, &mut r, TableEdit::CancelFreeRound, 5).unwrap();
    assert_eq!(t.surprised, None);
    assert_eq!(
        t.log.last().unwrap(),
        "The free round for the foes is called off."
    );
    assert_eq!(
        refused(&mut t, &mut r, TableEdit::CancelFreeRound),
        "No free round is waiting."
    );
    // The exchange after it is an ordinary one.
    roll(&mut t, &mut r, 1, TableRoll::Exchange);
    assert!(
        t.log
            .last()
            .unwrap()
            .starts_with("Exchange: Ada rolled 4, 5, 6, 3 (3 successes)")
    );
}

#[test]
fn an_ambush_needs_a_lookout_and_an_ambusher_from_the_right_sides() {
    let (mut r, mut t) = fight();
    let ambush = |lookout, ambusher| {
        TableEdit::Roll(
            3,
            TableRoll::Ambush {
                ambushers: Side::Foes,
                lookout,
                ambusher,
            },
        )
    };
    assert_eq!(
        refused(&mut t, &mut r, ambush(2, 2)),
        "Ghoul is with the foes, who lay the ambush: the lookout comes from the party."
    );
    assert_eq!(
        refused(&mut t, &mut r, ambush(0, 1)),
        "Rook is not with the foes: roll against one of the ambushers."
    );
    assert!(refused(&mut t, &mut r, ambush(0, 9)).contains("no longer there"));
    apply_with_roster(&mut t, &mut r, TableEdit::Harm(1, 6), 5).unwrap();
    assert_eq!(
        refused(&mut t, &mut r, ambush(1, 2)),
        "Rook is down and cannot keep watch: pick another lookout."
    );
}

#[test]
fn stored_tables_from_before_keep_loading() {
    let old = r#"{"schema":1,"players":4,"turn":2,"session":1,"log":[],
        "fighters":[{"name":"Ghoul","dice":4,"hp":4,"max_hp":4,"threatens":null,"ally":false},
                    {"character":"ada","action":"HardAttack","threatens":0,"ally":true}]}"#;
    let t: ExpTable = serde_json::from_str(old).unwrap();
    assert_eq!(t.surprised, None);
    assert_eq!(
        (
            t.fighters[1].channeling.as_deref(),
            t.fighters[1].channel_damage
        ),
        (None, 0)
    );
    let (_, mut t) = fight();
    t.fighters[0].channeling = Some("Bind".into());
    t.fighters[0].channel_damage = 2;
    t.surprised = Some(Side::Foes);
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(serde_json::from_str::<ExpTable>(&json).unwrap(), t);
}

#[test]
fn channeling_makes_the_spells_ability_the_combat_check() {
    let (mut r, mut t) = fight();
    // Bind can be channelled; Leech is exhausted (infused), so it is not offered.
    assert_eq!(
        t.fighters[0].channel_options(&r),
        vec![("Bind", Ability::Agility)]
    );
    assert_eq!(t.fighters[1].channel_options(&r), vec![]);
    // A hard attack is 2 + Might 2 = 4 dice; channeling Bind is 2 + Agility 5 = 7.
    assert_eq!(t.views(&r)[0].dice, 4);
    apply_with_roster(&mut t, &mut r, TableEdit::Channel(0, "Bind".into()), 5).unwrap();
    assert_eq!(
        t.fighters[0].action,
        Some(CombatAction::Channeling(Ability::Agility))
    );
    assert_eq!(t.fighters[0].channeling.as_deref(), Some("Bind"));
    assert_eq!(t.views(&r)[0].dice, 7);
    // Another action drops the channeling.
    apply_with_roster(
        &mut t,
        &mut r,
        TableEdit::Action(0, CombatAction::FastAttack),
        5,
    )
    .unwrap();
    assert_eq!(
        (t.fighters[0].channeling.as_deref(), t.views(&r)[0].dice),
        (None, 7)
    );
    assert_eq!(t.fighters[0].action, Some(CombatAction::FastAttack));
}

#[test]
fn channeling_refusals_change_nothing() {
    let (mut r, mut t) = fight();
    assert_eq!(
        refused(&mut t, &mut r, TableEdit::Channel(0, "Leech".into())),
        "Leech is exhausted until a long rest."
    );
    assert_eq!(
        refused(&mut t, &mut r, TableEdit::Channel(0, "Shroud".into())),
        "Ada does not know Shroud."
    );
    assert_eq!(
        refused(&mut t, &mut r, TableEdit::Channel(2, "Bind".into())),
        "Only a character from this device channels here: its spells are on its sheet."
    );
    assert_eq!(
        refused(
            &mut t,
            &mut r,
            TableEdit::Action(0, CombatAction::Channeling(Ability::Might))
        ),
        "Pick the spell to channel: its Ability is the Combat Check."
    );
    assert_eq!(
        refused(&mut t, &mut r, TableEdit::Resolve(0, 1)),
        "Ada is not channeling a spell."
    );
    // A channeling the sheet can no longer power is refused whole: the tracker keeps it.
    apply_with_roster(&mut t, &mut r, TableEdit::Channel(0, "Bind".into()), 5).unwrap();
    apply_with_roster(&mut t, &mut r, TableEdit::Harm(0, 8), 5).unwrap();
    assert!(refused(&mut t, &mut r, TableEdit::Resolve(0, 1)).starts_with("Not enough HP"));
    assert_eq!(
        refused(&mut t, &mut r, TableEdit::Channel(0, "Bind".into())),
        "Ada is down and cannot channel."
    );
}

#[test]
fn damage_while_channeling_raises_the_ob_and_resolve_casts_it_on_the_sheet() {
    let (mut r, mut t) = fight();
    apply_with_roster(&mut t, &mut r, TableEdit::Channel(0, "Bind".into()), 5).unwrap();
    // Seed 0: Ada's channeling test (7 dice: 6, 3, 1, 6, 1, 2, 2, two successes) loses to the
    // Ghoul's 5, 4, 4, 5 (four): she takes 2. Channeling, she threatens no one: her win
    // would be the spell taking effect, not a wound.
    roll(&mut t, &mut r, 0, TableRoll::Exchange);
    assert!(
        t.log.last().unwrap().starts_with(
            "Exchange: Ada channels, so deals no damage to Ghoul. \
             Ada rolled 6, 3, 1, 6, 1, 2, 2 (2 successes); Rook rolled 5, 2, 6, 3 (2 successes); \
             Ghoul rolled 5, 4, 4, 5 (4 successes). Ghoul beats Rook by 2 but does not threaten them: no damage. \
             Ghoul beats Ada by 2: Ada takes 2."
        ),
        "{}",
        t.log.last().unwrap()
    );
    assert_eq!(
        (sheet(&r).core.health.hp, t.fighters[0].channel_damage),
        (6, 2)
    );
    // The roll is made: the spell happens whatever it shows, so it cannot be swapped away.
    assert_eq!(
        refused(
            &mut t,
            &mut r,
            TableEdit::Action(0, CombatAction::HardAttack)
        ),
        "Resolve Bind first: once the round has touched it, the spell happens whatever the roll."
    );
    // A hit from the Hit button adds too; healing does not take it back.
    apply_with_roster(&mut t, &mut r, TableEdit::Harm(0, 1), 5).unwrap();
    apply_with_roster(&mut t, &mut r, TableEdit::Harm(0, -1), 5).unwrap();
    assert_eq!(
        (sheet(&r).core.health.hp, t.fighters[0].channel_damage),
        (6, 3)
    );
    // Choosing the same spell again keeps the damage taken.
    apply_with_roster(&mut t, &mut r, TableEdit::Channel(0, "Bind".into()), 5).unwrap();
    assert_eq!(t.fighters[0].channel_damage, 3);
    // The spell ends its round before another exchange: its one roll is spent once.
    assert_eq!(
        refused(&mut t, &mut r, TableEdit::Roll(1, TableRoll::Exchange)),
        "Resolve Bind for Ada first: the spell ends its round before the next exchange."
    );
    // Resolve hands the sheet the channeling with the 3 damage taken and the dice she rolled
    // as her Combat Check: one roll serves both.
    let rolled = PoolRoll::from_faces(&[6, 3, 1, 6, 1, 2, 2]).unwrap();
    let mut peek = t.clone();
    let follow = NamedDocument::apply(&mut peek, TableEdit::Resolve(0, 11), &r).unwrap();
    assert_eq!(
        follow,
        vec![CharacterAction::EditExpedition {
            id: "ada".into(),
            edit: ExpEdit::Roll(
                11,
                Procedure::Channel {
                    spell: "Bind".into(),
                    damage: 3,
                    ritual_hp: 0,
                    ritual_cash: 0,
                    rolled: Some(rolled),
                },
            ),
        }]
    );
    apply_with_roster(&mut t, &mut r, TableEdit::Resolve(0, 11), 6).unwrap();
    let cast = sheet(&r).last().unwrap().to_string();
    // Bind's Ob 4 + 3 damage = Ob 7, and channeling costs 1 HP.
    assert_eq!(sheet(&r).core.health.hp, 5);
    // The exchange's 6, 3, 1, 6, 1, 2, 2 is two successes against Ob 7: it fails by 5, the
    // spell still happens at Potency 2 and binds for 2 rounds (the effect occurs whatever the
    // result), and the runestone is exhausted.
    assert_eq!(
        cast,
        "Channel Bind: Ob 7 (Spell Ob +4, Damage taken while channeling +3); rolled 6, 3, 1, 6, 1, 2, 2: \
         Fail by 5. Potency 2, lasts 2 rounds. The runestone is exhausted until a long rest."
    );
    assert_eq!(sheet(&r).core.spells[0].active.map(|d| d.count), Some(2));
    assert!(sheet(&r).core.spells[0].exhausted);
    assert_eq!(t.fighters[0].channel_options(&r), vec![]);
    assert_eq!(
        t.log.last().unwrap(),
        &format!(
            "Ada resolves Bind at the end of the round (+3 Ob for damage taken while channeling). {cast}"
        )
    );
    // The row is a hard attack again, with nothing carried into the next round.
    let f = &t.fighters[0];
    assert_eq!(
        (f.channeling.as_deref(), f.channel_damage, f.action),
        (None, 0, Some(CombatAction::HardAttack))
    );
    assert_eq!(t.views(&r)[0].dice, 4);
}
