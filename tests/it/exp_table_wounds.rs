//! The combat tracker's hits go through the sheet's one wound door: a Block chosen beside the
//! fight meets the next hit, a hit that drops a character to 0 owes Down and Out, and fighters
//! on full defense, dodging or channeling wound no one. Each test drives the table's and the
//! roster's reducers together, as the screen does.

use satchel::model::exp_sheet::{ExpEdit, ExpSheet};
use satchel::model::exp_table::{ExpTable, TableEdit, TableRoll};
use satchel::model::gear::GearEdit;
use satchel::model::{CharacterAction, Roster, System, apply_with_roster};
use satchel::rules::expedition::combat::CombatAction;
use satchel::rules::expedition::dice::Ability;
use satchel::rules::expedition::harm::BlockSource;
use satchel::rules::inventory::Item;

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

/// Ada (8 HP, Agility 5, wearing armour, knowing Bind) threatens a Ghoul (Level 2: 4 dice,
/// 4 HP), who threatens her.
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
    exp(&mut r, ExpEdit::Learn("Bind".into()));
    exp(
        &mut r,
        ExpEdit::Gear(GearEdit::Add {
            carrier: 0,
            item: Item::armour("Mail"),
        }),
    );
    let mut t = ExpTable::default();
    for e in [
        TableEdit::AddCharacter("ada".into()),
        TableEdit::AddAdversary("Ghoul".into(), 2),
        TableEdit::Threaten(0, Some(1)),
        TableEdit::Threaten(1, Some(0)),
    ] {
        apply_with_roster(&mut t, &mut r, e, 3).unwrap();
    }
    (r, t)
}

fn edit(t: &mut ExpTable, r: &mut Roster, e: TableEdit) {
    apply_with_roster(t, r, e, 4).unwrap();
}

/// The table's refusal, checking that neither document changed.
fn refused(t: &mut ExpTable, r: &mut Roster, e: TableEdit) -> String {
    let (before_t, before_r) = (t.clone(), r.clone());
    let err = apply_with_roster(t, r, e, 5).unwrap_err().to_string();
    assert_eq!((&*t, &*r), (&before_t, &before_r), "{err}");
    err
}

/// The successes the exchange line gives `who`: "Ada rolled 4, 1, 6 (2 successes)".
fn successes(line: &str, who: &str) -> u32 {
    line.split(&format!("{who} rolled "))
        .nth(1)
        .and_then(|x| x.split(" (").nth(1))
        .and_then(|x| x.split(' ').next())
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("{who}'s successes in {line}"))
}

/// What a Combat Check exchange deals each of two fighters who threaten each other, by the
/// digest's "Dealing Damage": the winner's margin to the loser, 1 to both on a tie.
fn dealt(mine: u32, theirs: u32) -> (u32, u32) {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => (0, mine - theirs),
        std::cmp::Ordering::Less => (theirs - mine, 0),
        std::cmp::Ordering::Equal => (1, 1),
    }
}

#[test]
fn full_defense_dodging_and_channeling_wound_no_one_even_with_a_target_set() {
    // "Full Defense": all attention on evading; "Dealing Damage": a channeler's win is the
    // power taking effect, not a wound. Ada still threatens the Ghoul on the tracker.
    let setups: [(&str, TableEdit); 3] = [
        (
            "is on full defense",
            TableEdit::Action(0, CombatAction::FullDefense { shield: false }),
        ),
        ("dodges", TableEdit::Action(0, CombatAction::NonCombatant)),
        ("channels", TableEdit::Channel(0, "Bind".into())),
    ];
    for (doing, setup) in setups {
        let (mut r, mut t) = fight();
        edit(&mut t, &mut r, setup);
        let mut won = 0;
        for seed in 0..30u64 {
            let (mut r, mut t) = (r.clone(), t.clone());
            edit(&mut t, &mut r, TableEdit::Roll(seed, TableRoll::Exchange));
            let line = t.log.last().unwrap().clone();
            assert!(
                line.contains(&format!("Ada {doing}, so deals no damage to Ghoul")),
                "{line}"
            );
            let (a, g) = (successes(&line, "Ada"), successes(&line, "Ghoul"));
            // The Ghoul is hurt only by a tie's 1; Ada takes what the Ghoul wins by.
            let (to_ada, _) = dealt(a, g);
            let to_ghoul = u32::from(a == g);
            assert_eq!(t.fighters[1].hp, 4 - to_ghoul, "{line}");
            assert_eq!(sheet(&r).core.health.hp, 8 - to_ada, "{line}");
            won += u32::from(a > g);
        }
        assert!(won > 0, "Ada never out-rolled the Ghoul while she {doing}");
    }
    // With no one fighting to wound, there is no exchange to roll.
    let (mut r, mut t) = fight();
    edit(
        &mut t,
        &mut r,
        TableEdit::Action(0, CombatAction::FullDefense { shield: false }),
    );
    edit(&mut t, &mut r, TableEdit::Threaten(1, None));
    let why = refused(&mut t, &mut r, TableEdit::Roll(1, TableRoll::Exchange));
    assert!(why.contains("No one fights to wound"), "{why}");
}

#[test]
fn a_block_chosen_beside_the_fight_meets_the_next_hit_and_a_fall_to_zero_owes_down_and_out() {
    let (mut r, mut t) = fight();
    // Only a character's own armour and shields block here, and only those ready.
    let why = refused(
        &mut t,
        &mut r,
        TableEdit::Block(1, Some(BlockSource::Armour)),
    );
    assert!(why.contains("Ghoul has no sheet"), "{why}");
    let why = refused(
        &mut t,
        &mut r,
        TableEdit::Block(0, Some(BlockSource::Shield)),
    );
    assert!(why.contains("no Block of a shield ready"), "{why}");
    assert_eq!(t.fighters[0].block_options(&r), vec![BlockSource::Armour]);
    edit(
        &mut t,
        &mut r,
        TableEdit::Block(0, Some(BlockSource::Armour)),
    );
    // The Hit button: 5 - 2 blocked = 3 from her 8 HP, through the sheet's wound door.
    edit(&mut t, &mut r, TableEdit::Harm(0, 5));
    assert_eq!(sheet(&r).core.health.hp, 5);
    assert!(sheet(&r).protection().armour_block_used);
    assert_eq!(
        sheet(&r).last(),
        Some("Took 5 damage (armour blocked 2): 0 from Bonus HP, 3 from HP.")
    );
    assert_eq!(t.log.last().unwrap(), "Ada blocks with armour.");
    assert_eq!(t.fighters[0].block, None, "a Block meets one hit");
    // The armour has blocked today: not offered, and refused.
    assert!(t.fighters[0].block_options(&r).is_empty());
    let why = refused(
        &mut t,
        &mut r,
        TableEdit::Block(0, Some(BlockSource::Armour)),
    );
    assert!(why.contains("no Block of armour ready"), "{why}");
    // Unblocked, 5 more drops her to 0: Down and Out is owed, and healing waits for it.
    edit(&mut t, &mut r, TableEdit::Harm(0, 5));
    let h = &sheet(&r).core.health;
    assert_eq!((h.hp, h.pending_down_and_out), (0, 1));
    assert!(
        sheet(&r)
            .last()
            .unwrap()
            .ends_with("Down and Out check owed.")
    );
    let why = refused(&mut t, &mut r, TableEdit::Harm(0, -3));
    assert!(why.contains("Down and Out comes first"), "{why}");
}

#[test]
fn an_exchange_hit_meets_the_chosen_block_and_one_that_drops_her_to_zero_owes_down_and_out() {
    let (mut blocked, mut fell) = (0, 0);
    for seed in 0..40u64 {
        // Armour chosen beside the fight: the exchange's hit meets it.
        let (mut r, mut t) = fight();
        edit(
            &mut t,
            &mut r,
            TableEdit::Block(0, Some(BlockSource::Armour)),
        );
        edit(&mut t, &mut r, TableEdit::Roll(seed, TableRoll::Exchange));
        let line = t.log.last().unwrap().clone();
        let (to_ada, _) = dealt(successes(&line, "Ada"), successes(&line, "Ghoul"));
        let h = &sheet(&r).core.health;
        if to_ada > 0 {
            assert_eq!(h.hp, 8 - to_ada.saturating_sub(2), "{line}");
            assert!(sheet(&r).protection().armour_block_used, "{line}");
            assert!(line.contains("Ada blocks with armour"), "{line}");
            assert_eq!(t.fighters[0].block, None, "{line}");
            blocked += 1;
        } else {
            // No hit: the Block waits for the next one.
            assert_eq!(h.hp, 8, "{line}");
            assert_eq!(t.fighters[0].block, Some(BlockSource::Armour), "{line}");
        }
        // At 1 HP with no Block, any hit drops her to 0 and owes the check.
        let (mut r, mut t) = fight();
        exp(&mut r, ExpEdit::Hp(1));
        edit(&mut t, &mut r, TableEdit::Roll(seed, TableRoll::Exchange));
        let line = t.log.last().unwrap().clone();
        let (to_ada, _) = dealt(successes(&line, "Ada"), successes(&line, "Ghoul"));
        let h = &sheet(&r).core.health;
        assert_eq!(
            (h.hp, h.pending_down_and_out),
            if to_ada > 0 { (0, 1) } else { (1, 0) },
            "{line}"
        );
        fell += u32::from(to_ada > 0);
    }
    assert!(blocked > 0 && fell > 0, "{blocked} blocked, {fell} fell");
}

#[test]
fn damage_a_block_stops_does_not_raise_a_channeling_ob() {
    // "Block (prevent and ignore) two points of damage": ignored damage is not taken, so only
    // what gets past the Block adds to the Channeling Objective ("Spell Potency").
    let (mut r, mut t) = fight();
    edit(&mut t, &mut r, TableEdit::Channel(0, "Bind".into()));
    edit(
        &mut t,
        &mut r,
        TableEdit::Block(0, Some(BlockSource::Armour)),
    );
    edit(&mut t, &mut r, TableEdit::Harm(0, 3));
    assert_eq!(sheet(&r).core.health.hp, 7);
    assert_eq!(t.fighters[0].channel_damage, 1, "3 - 2 blocked");
    // Unblocked, all of it counts.
    edit(&mut t, &mut r, TableEdit::Harm(0, 2));
    assert_eq!(t.fighters[0].channel_damage, 3);
}
