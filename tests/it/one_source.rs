//! Every fact stored once: armour, shields, Blocks and Rations come from the gear; a combat
//! tracker's character is the roster's character; the session's Fortune and Peril live in one
//! document; a character holds exactly one sheet; changes to several characters are one
//! all-or-nothing batch. Each test drives the model's reducers as the screens do.

use satchel::model::exp_sheet::{ExpEdit, ExpSheet, Procedure};
use satchel::model::exp_table::{ExpTable, TableEdit as RefEdit, TableRoll};
use satchel::model::gear::GearEdit;
use satchel::model::ix_sheet::{IxEdit, Num};
use satchel::model::ix_table::{Fighter, IxTableDoc, TableEdit as IxEdit2};
use satchel::model::party::{PartyDoc, PartyEdit, RationsPick};
use satchel::model::session::{IxSession, Point, SessionEdit};
use satchel::model::{
    CHARACTER_SCHEMA, CharacterAction, NamedDocument, Roster, Sheet, System, apply_with_roster,
    decode_character, encode,
};
use satchel::rules::expedition::combat::CombatAction;
use satchel::rules::expedition::harm::BlockSource;
use satchel::rules::inventory::{CarrierKind, Item, ItemKind};
use satchel::rules::ix::session::{InitiativeKind, SessionPool};

fn create(r: &mut Roster, id: &str, system: System, name: &str) {
    r.apply(
        CharacterAction::Create {
            id: id.into(),
            system,
            name: name.into(),
        },
        1,
    )
    .unwrap();
}

fn exp(r: &mut Roster, id: &str, edit: ExpEdit) {
    r.apply(
        CharacterAction::EditExpedition {
            id: id.into(),
            edit,
        },
        2,
    )
    .unwrap();
}

fn sheet<'a>(r: &'a Roster, id: &str) -> &'a ExpSheet {
    r.get(id).unwrap().expedition().unwrap()
}

fn gear(s: &mut ExpSheet, edit: GearEdit) {
    s.apply(ExpEdit::Gear(edit)).unwrap();
}

fn shield() -> Item {
    Item {
        kind: ItemKind::Shield,
        ..Item::new("Round shield")
    }
}

// ---- A character holds one sheet ------------------------------------------------------------

#[test]
fn schema_2_characters_migrate_to_one_sheet_with_their_gear_as_the_record() {
    let c = decode_character(include_str!("../fixtures/character-v2-expedition.json")).unwrap();
    assert_eq!(c.schema, CHARACTER_SCHEMA);
    assert_eq!(
        (c.system(), c.name.as_str(), c.rev),
        (System::Expedition, "Mara Vell", 7)
    );
    let s = c.expedition().unwrap();
    assert_eq!(s.core.health.hp, 4);
    // The old sheet said: armour worn, its Block used; 2 shields, one Block used. The gear
    // held the Mail and no shield. Now the Mail is worn with its Block used, and the two
    // shields are in the character's own slots, the first one's Block used.
    let p = s.protection();
    assert_eq!(
        (
            p.armour,
            p.armour_block_used,
            p.shields,
            p.shield_blocks_used
        ),
        (true, true, 2, 1)
    );
    let me = &s.gear.carriers[0].items;
    assert_eq!(me[0].name, "Mail");
    assert!(me[0].worn && me[0].block_used);
    assert_eq!(me.iter().filter(|i| i.kind == ItemKind::Shield).count(), 2);
    // Rations typed as a plain consumable are Rations now; the old fields are gone.
    assert_eq!(me[1].kind, ItemKind::Rations);
    assert_eq!(s.legacy_protection, None);
    // Saved again, it reads back the same, and the JSON names the game once.
    let raw = encode(&c);
    assert_eq!(decode_character(&raw).unwrap(), c);
    let v: serde_json::Value = serde_json::from_str(&raw).unwrap();
    assert!(v["sheet"]["expedition"].is_object());
    assert!(v.get("system").is_none() && v.get("expedition").is_none());

    let ix = decode_character(include_str!("../fixtures/character-v2-ix.json")).unwrap();
    assert_eq!((ix.system(), ix.name.as_str()), (System::Ix, "Vex"));
    assert!(matches!(*ix.sheet, Sheet::Ix(_)));
    // The old per-sheet Fortune flag is not carried: the session document holds the points.
    assert!(!encode(&ix).contains("fortune"));
}

#[test]
fn a_sheet_of_one_game_refuses_the_other_games_edits() {
    let mut r = Roster::default();
    create(&mut r, "vex", System::Ix, "Vex");
    let before = r.clone();
    let err = r
        .apply(
            CharacterAction::EditExpedition {
                id: "vex".into(),
                edit: ExpEdit::Hp(1),
            },
            3,
        )
        .unwrap_err();
    assert!(err.to_string().contains("Expedition sheet"), "{err}");
    assert_eq!(r, before);
}

// ---- Armour, shields and Blocks come from the gear -----------------------------------------

#[test]
fn armour_in_your_own_slots_is_worn_and_blocks_once_a_day() {
    let mut s = ExpSheet::new("Ada");
    assert!(!s.protection().armour);
    let err = s
        .apply(ExpEdit::Damage {
            amount: 3,
            block: Some(BlockSource::Armour),
            infusion: None,
        })
        .unwrap_err();
    assert!(err.to_string().contains("No armour is worn"), "{err}");
    gear(
        &mut s,
        GearEdit::Add {
            carrier: 0,
            item: Item::armour("Mail"),
        },
    );
    gear(
        &mut s,
        GearEdit::Add {
            carrier: 0,
            item: shield(),
        },
    );
    let p = s.protection();
    assert_eq!((p.armour, p.shields, p.blocks_left()), (true, 1, 2));
    s.apply(ExpEdit::Damage {
        amount: 3,
        block: Some(BlockSource::Armour),
        infusion: None,
    })
    .unwrap();
    // 3 - 2 = 1 through; the Mail's Block is used.
    assert_eq!(s.core.health.hp, 5);
    assert!(s.gear.carriers[0].items[0].block_used);
    // Taking the armour off and putting it back on does not repair it.
    gear(
        &mut s,
        GearEdit::Wear {
            index: 0,
            on: false,
        },
    );
    assert!(!s.protection().armour);
    gear(&mut s, GearEdit::Wear { index: 0, on: true });
    let p = s.protection();
    assert!(p.armour && p.armour_block_used);
    let before = s.clone();
    assert!(
        s.apply(ExpEdit::Damage {
            amount: 3,
            block: Some(BlockSource::Armour),
            infusion: None,
        })
        .is_err()
    );
    assert_eq!(s, before, "a refused Block changes nothing");
    // Nor does moving it to a mule and back: off your own slots it is not worn at all.
    gear(
        &mut s,
        GearEdit::AddCarrier {
            name: "Mule".into(),
            kind: CarrierKind::PackAnimal,
        },
    );
    gear(
        &mut s,
        GearEdit::Move {
            from: 0,
            index: 0,
            to: 1,
        },
    );
    assert!(!s.protection().armour);
    assert!(!s.gear.carriers[1].items[0].worn);
    let err = s
        .apply(ExpEdit::Gear(GearEdit::Wear { index: 5, on: true }))
        .unwrap_err();
    assert!(err.to_string().contains("Only armour"), "{err}");
    let back = s.gear.carriers[1].items.len() - 1;
    gear(
        &mut s,
        GearEdit::Move {
            from: 1,
            index: back,
            to: 0,
        },
    );
    let i = s.gear.carriers[0].items.len() - 1;
    gear(&mut s, GearEdit::Wear { index: i, on: true });
    assert!(s.protection().armour_block_used, "the Block stays used");
    // A long rest repairs every Block.
    gear(
        &mut s,
        GearEdit::Add {
            carrier: 0,
            item: Item {
                kind: ItemKind::Rations,
                depletion: Some(11),
                ..Item::new("Rations")
            },
        },
    );
    let r = s.gear.carriers[0].items.len() - 1;
    s.apply(ExpEdit::Roll(7, Procedure::LongRest(0, r)))
        .unwrap();
    assert_eq!(s.protection().blocks_left(), 2);
}

#[test]
fn one_suit_is_worn_at_a_time_and_channeling_counts_what_is_worn() {
    let mut s = ExpSheet::new("Ada");
    for name in ["Mail", "Plate"] {
        gear(
            &mut s,
            GearEdit::Add {
                carrier: 0,
                item: Item::armour(name),
            },
        );
    }
    // The second suit arrives carried, not worn.
    let worn: Vec<bool> = s.gear.carriers[0].items.iter().map(|i| i.worn).collect();
    assert_eq!(worn, [true, false]);
    gear(&mut s, GearEdit::Wear { index: 1, on: true });
    let worn: Vec<bool> = s.gear.carriers[0].items.iter().map(|i| i.worn).collect();
    assert_eq!(worn, [false, true]);
    // Channeling Bind (Ob 4) in the worn suit and with a shield: Ob 4 + 1 + 1 = 6; the suit
    // carried but not worn adds nothing.
    gear(
        &mut s,
        GearEdit::Add {
            carrier: 0,
            item: shield(),
        },
    );
    s.apply(ExpEdit::Learn("Bind".into())).unwrap();
    s.apply(ExpEdit::Roll(
        4,
        Procedure::Channel {
            spell: "Bind".into(),
            damage: 0,
            ritual_hp: 0,
            ritual_cash: 0,
            rolled: None,
        },
    ))
    .unwrap();
    let line = s.last().unwrap();
    assert!(
        line.contains("Ob 6 (Spell Ob +4, Armour worn +1, Shield carried +1)"),
        "{line}"
    );
}

#[test]
fn a_rest_checks_the_rations_actually_carried_and_marks_them() {
    let mut s = ExpSheet::new("Ada");
    s.apply(ExpEdit::Damage {
        amount: 4,
        block: None,
        infusion: None,
    })
    .unwrap();
    // Rations that a d20 can only mark on a 20: the check is against their own score.
    gear(
        &mut s,
        GearEdit::Add {
            carrier: 0,
            item: Item {
                kind: ItemKind::Rations,
                depletion: Some(20),
                ..Item::new("Trail rations")
            },
        },
    );
    let mut marked = None;
    for seed in 0..200u64 {
        let mut t = s.clone();
        t.apply(ExpEdit::Roll(seed, Procedure::ShortRest(0, 0)))
            .unwrap();
        let line = t.last().unwrap().to_string();
        assert!(line.contains("Trail rations Depletion d20"), "{line}");
        let last = t.gear.carriers[0].items[0].last_use;
        assert_eq!(last, line.contains("d20 20:"), "{line}");
        if last {
            marked = Some(t);
            break;
        }
    }
    // Marked "last use": the next rest finishes them without a roll, and they are gone.
    let mut s = marked.expect("a 20 turns up within 200 seeds");
    s.apply(ExpEdit::Roll(1, Procedure::LongRest(0, 0)))
        .unwrap();
    assert!(s.gear.carriers[0].items.is_empty());
    assert!(s.last().unwrap().contains("now used up"));
    assert_eq!(s.core.health.hp, s.core.health.max_hp);
    // With nothing to spend, a rest is refused.
    assert!(
        s.apply(ExpEdit::Roll(2, Procedure::ShortRest(0, 0)))
            .is_err()
    );
}

// ---- The party rests on one member's Rations -----------------------------------------------

/// Ada carries Rations (Depletion 11+); Bo and Cy carry none; Dee is an Ix character. Everyone
/// has taken some damage.
fn resting_party() -> Roster {
    let mut r = Roster::default();
    for (id, name) in [("a", "Ada"), ("b", "Bo"), ("c", "Cy")] {
        create(&mut r, id, System::Expedition, name);
    }
    create(&mut r, "d", System::Ix, "Dee");
    exp(
        &mut r,
        "a",
        ExpEdit::Gear(GearEdit::Add {
            carrier: 0,
            item: Item {
                kind: ItemKind::Rations,
                depletion: Some(11),
                ..Item::new("Rations")
            },
        }),
    );
    for (id, amount) in [("a", 2), ("b", 4), ("c", 5)] {
        exp(
            &mut r,
            id,
            ExpEdit::Damage {
                amount,
                block: None,
                infusion: None,
            },
        );
    }
    r
}

fn ada_rations() -> RationsPick {
    RationsPick {
        id: "a".into(),
        carrier: 0,
        index: 0,
    }
}

#[test]
fn a_party_rest_makes_one_rations_check_and_marks_the_item_spent() {
    let r = resting_party();
    let doc = PartyDoc {
        absent: vec!["c".into()],
        ..PartyDoc::default()
    };
    let hp = |r: &Roster, id| sheet(r, id).core.health.hp;
    let (max, a0, b0, c0) = (
        sheet(&r, "a").core.health.max_hp,
        hp(&r, "a"),
        hp(&r, "b"),
        hp(&r, "c"),
    );
    // Ada and Bo rest (Cy's player is away, Dee plays the other game): one check, Ada's.
    let mut marked = None;
    for seed in 0..200u64 {
        let mut t = r.clone();
        t.apply(doc.rest(&t, &ada_rations(), false, seed).unwrap(), 3)
            .unwrap();
        assert_eq!(hp(&t, "a"), (a0 + 3).min(max));
        assert_eq!(hp(&t, "b"), (b0 + 3).min(max));
        assert_eq!(hp(&t, "c"), c0, "an absent character does not rest");
        let ada = sheet(&t, "a").last().unwrap().to_string();
        let bo = sheet(&t, "b").last().unwrap().to_string();
        assert!(ada.contains("Rations Depletion d20"), "{ada}");
        assert_eq!(bo, "Short rest: regained 3 HP. Ada spent the Rations.");
        assert!(
            !bo.contains("d20"),
            "one check per rest, on the spender's sheet: {bo}"
        );
        let item = &sheet(&t, "a").gear.carriers[0].items[0];
        let face: u8 = ada
            .split("d20 ")
            .nth(1)
            .and_then(|x| x.split(':').next())
            .and_then(|x| x.parse().ok())
            .expect("the face is in the line");
        assert_eq!(item.last_use, face >= 11, "{ada}");
        if item.last_use && marked.is_none() {
            marked = Some(t);
        }
    }
    let mut t = marked.expect("a face of 11 or more turns up within 200 seeds");
    // Today's short rest is taken by both: a second one is refused, naming who, changing nobody.
    let before = t.clone();
    let err = t
        .apply(doc.rest(&t, &ada_rations(), false, 9).unwrap(), 4)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("Ada") && err.contains("short rest is already taken"),
        "{err}"
    );
    assert_eq!(t, before);
    // A long rest on the last use finishes the Rations: everyone present is whole again and
    // the item is gone from Ada's gear, no roll made.
    let bo_short = max - hp(&t, "b");
    t.apply(doc.rest(&t, &ada_rations(), true, 10).unwrap(), 5)
        .unwrap();
    assert_eq!((hp(&t, "a"), hp(&t, "b"), hp(&t, "c")), (max, max, c0));
    assert!(sheet(&t, "a").gear.carriers[0].items.is_empty());
    assert!(sheet(&t, "a").last().unwrap().contains("now used up"));
    assert_eq!(
        sheet(&t, "b").last().unwrap(),
        format!(
            "Long rest: regained {bo_short} HP; Blocks and spells restored. Ada spent the Rations."
        )
    );
    assert!(!sheet(&t, "b").core.health.short_rest_taken);
}

#[test]
fn a_party_rest_is_refused_for_all_when_one_cannot_rest() {
    let mut r = resting_party();
    // Bo falls to 0 HP: Down and Out comes before any rest, for the whole party.
    exp(
        &mut r,
        "b",
        ExpEdit::Damage {
            amount: 20,
            block: None,
            infusion: None,
        },
    );
    let doc = PartyDoc::default();
    let before = r.clone();
    let err = r
        .apply(doc.rest(&r, &ada_rations(), true, 1).unwrap(), 3)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("Bo") && err.contains("Down and Out comes first"),
        "{err}"
    );
    assert_eq!(r, before);
    // Rations whose carrier is away cannot feed the party.
    let away = PartyDoc {
        absent: vec!["a".into()],
        ..PartyDoc::default()
    };
    let err = away
        .rest(&r, &ada_rations(), true, 1)
        .unwrap_err()
        .to_string();
    assert!(err.contains("not resting with the party"), "{err}");
    // Cy carries no Rations: picking an item Cy does not have is refused, nobody changes.
    let without_bo = PartyDoc {
        absent: vec!["b".into()],
        ..PartyDoc::default()
    };
    let err = r
        .apply(
            without_bo
                .rest(
                    &r,
                    &RationsPick {
                        id: "c".into(),
                        carrier: 0,
                        index: 0,
                    },
                    true,
                    1,
                )
                .unwrap(),
            3,
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("Cy") && err.contains("Rations item"), "{err}");
    assert_eq!(r, before);
}

// ---- The combat tracker holds the character, not a copy -------------------------------------

fn party() -> (Roster, ExpTable) {
    let mut r = Roster::default();
    create(&mut r, "ada", System::Expedition, "Ada");
    exp(&mut r, "ada", ExpEdit::MaxHp(6));
    exp(&mut r, "ada", ExpEdit::Hp(6));
    exp(
        &mut r,
        "ada",
        ExpEdit::Ability(satchel::rules::expedition::dice::Ability::Agility, 4),
    );
    let mut t = ExpTable::default();
    apply_with_roster(&mut t, &mut r, RefEdit::AddCharacter("ada".into()), 3).unwrap();
    apply_with_roster(&mut t, &mut r, RefEdit::AddAdversary("Ghoul".into(), 2), 3).unwrap();
    (r, t)
}

#[test]
fn a_hit_on_the_tracker_is_a_hit_on_the_sheet_and_back() {
    let (mut r, mut t) = party();
    assert_eq!(t.fighters[0].name, "", "no copy of the name is kept");
    let v = t.views(&r);
    // Hard attack: 2 + Might 2 = 4 dice; 6 of 6 HP, read from the sheet.
    assert_eq!(
        (v[0].name.as_str(), v[0].dice, v[0].hp, v[0].max_hp),
        ("Ada", 4, 6, 6)
    );
    apply_with_roster(&mut t, &mut r, RefEdit::Harm(0, 2), 4).unwrap();
    assert_eq!(sheet(&r, "ada").core.health.hp, 4);
    assert_eq!(t.views(&r)[0].hp, 4);
    // The sheet heals; the tracker shows it.
    exp(&mut r, "ada", ExpEdit::Heal(1));
    assert_eq!(t.views(&r)[0].hp, 5);
    // Negative damage heals through the sheet too, never above its maximum.
    apply_with_roster(&mut t, &mut r, RefEdit::Harm(0, -9), 5).unwrap();
    assert_eq!(sheet(&r, "ada").core.health.hp, 6);
    // The action picks the Ability: a fast attack rolls Agility 4 + 2.
    apply_with_roster(
        &mut t,
        &mut r,
        RefEdit::Action(0, CombatAction::FastAttack),
        5,
    )
    .unwrap();
    assert_eq!(t.views(&r)[0].dice, 6);
    // Adding the same character twice is refused, and changes nothing.
    let (before_t, before_r) = (t.clone(), r.clone());
    assert!(apply_with_roster(&mut t, &mut r, RefEdit::AddCharacter("ada".into()), 6).is_err());
    assert_eq!((t, r), (before_t, before_r));
}

#[test]
fn an_exchange_deals_its_damage_to_the_characters_sheet() {
    let (mut r, mut t) = party();
    apply_with_roster(&mut t, &mut r, RefEdit::Threaten(0, Some(1)), 4).unwrap();
    apply_with_roster(&mut t, &mut r, RefEdit::Threaten(1, Some(0)), 4).unwrap();
    let mut hurt = false;
    for seed in 0..60u64 {
        let (mut r2, mut t2) = (r.clone(), t.clone());
        apply_with_roster(
            &mut t2,
            &mut r2,
            RefEdit::Roll(seed, TableRoll::Exchange),
            5,
        )
        .unwrap();
        let line = t2.log.last().unwrap().clone();
        let hp = sheet(&r2, "ada").core.health.hp;
        // The tracker keeps no HP of its own for Ada: whatever the log says she took, the
        // sheet took.
        assert_eq!(t2.fighters[0].hp, 0);
        assert_eq!(t2.views(&r2)[0].hp, hp);
        if hp < 6 {
            assert!(line.contains("Ada"), "{line}");
            hurt = true;
            // The sheet's own history records the damage.
            assert!(sheet(&r2, "ada").last().unwrap().starts_with("Took "));
        }
    }
    assert!(hurt, "a Ghoul lands a blow within 60 exchanges");
}

#[test]
fn a_character_deleted_elsewhere_shows_as_gone_and_cannot_be_hit() {
    let (mut r, mut t) = party();
    r.apply(CharacterAction::Delete { id: "ada".into() }, 4)
        .unwrap();
    let v = t.views(&r);
    assert_eq!(v[0].name, "(no longer on this device)");
    assert!(v[0].down());
    let (before_t, before_r) = (t.clone(), r.clone());
    let err = apply_with_roster(&mut t, &mut r, RefEdit::Harm(0, 1), 5).unwrap_err();
    assert!(err.to_string().contains("no longer exists"), "{err}");
    assert_eq!((t, r), (before_t, before_r), "both documents unchanged");
}

#[test]
fn ix_participants_are_named_by_their_sheet() {
    let mut r = Roster::default();
    create(&mut r, "vex", System::Ix, "Vex");
    let mut d = IxTableDoc::default();
    let pc = Fighter {
        name: "a stale copy".into(),
        character_id: Some("vex".into()),
        kind: InitiativeKind::OnWatch,
        rating: 0,
        rank: 0,
        result: None,
        foe_id: None,
    };
    apply_with_roster(&mut d, &mut r, IxEdit2::AddFighter(pc), 2).unwrap();
    assert_eq!(
        d.fighters[0].name, "",
        "the table keeps no copy of the name"
    );
    r.apply(
        CharacterAction::Rename {
            id: "vex".into(),
            name: "Vexa".into(),
        },
        3,
    )
    .unwrap();
    assert_eq!(d.fighters[0].display_name(&r), "Vexa");
    // Wounds changed on the sheet are the Wounds the table reads.
    r.apply(
        CharacterAction::EditIx {
            id: "vex".into(),
            edit: IxEdit::Set(Num::Wounds, 7),
        },
        4,
    )
    .unwrap();
    assert_eq!(
        r.get("vex").unwrap().ix().unwrap().character.health.wounds,
        7
    );
    // A character not on this device cannot join.
    let ghost = Fighter {
        character_id: Some("ghost".into()),
        name: String::new(),
        kind: InitiativeKind::OnWatch,
        rating: 0,
        rank: 0,
        result: None,
        foe_id: None,
    };
    assert!(apply_with_roster(&mut d, &mut r, IxEdit2::AddFighter(ghost), 5).is_err());
}

// ---- The session's points: one document ------------------------------------------------------

#[test]
fn fortune_spent_anywhere_flips_the_one_pool_and_is_refused_when_none_is_left() {
    let r = Roster::default();
    let mut s = IxSession::default();
    let spend = |s: &mut IxSession, point, who: &str| {
        s.apply(
            SessionEdit::Spend {
                point,
                who: who.into(),
                what: "a check".into(),
            },
            &r,
        )
    };
    // A player alone: no session yet, so nothing to spend.
    let err = spend(&mut s, Point::Fortune, "Vex").unwrap_err();
    assert!(err.to_string().contains("No session"), "{err}");
    s.apply(SessionEdit::Start(2), &r).unwrap();
    assert_eq!(s.fortune_for_next_check(), 1);
    spend(&mut s, Point::Fortune, "Vex").unwrap();
    spend(&mut s, Point::Fortune, "Ada").unwrap();
    assert_eq!(
        s.pool,
        Some(SessionPool {
            fortune: 0,
            peril: 3
        })
    );
    let before = s.clone();
    let err = spend(&mut s, Point::Fortune, "Vex").unwrap_err();
    assert!(err.to_string().contains("No Fortune Point"), "{err}");
    assert_eq!(s, before);
    // The GM spends Peril: a point comes back to the players' side.
    spend(&mut s, Point::Peril, "GM").unwrap();
    assert_eq!(s.fortune_for_next_check(), 1);
    let words: Vec<String> = s.flips.iter().map(|f| f.words()).collect();
    assert_eq!(
        words,
        [
            "Fortune spent, now Peril (Vex: a check)",
            "Fortune spent, now Peril (Ada: a check)",
            "Peril spent, now Fortune (GM: a check)"
        ]
    );
    // The same document round-trips as stored.
    let raw = encode(&s);
    let back: IxSession = satchel::model::decode(&raw, IxSession::SCHEMA).unwrap();
    assert_eq!(back, s);
}

#[test]
fn an_old_ix_table_hands_its_pool_to_the_session_document() {
    let raw = r#"{"schema":1,"session":{"fortune":2,"peril":3},"flips":["Fortune spent, now Peril (Vex)"]}"#;
    let t: IxTableDoc = satchel::model::decode(raw, IxTableDoc::SCHEMA).unwrap();
    assert_eq!(
        t.legacy_session,
        Some(SessionPool {
            fortune: 2,
            peril: 3
        })
    );
    let mut s = IxSession::default();
    s.apply(
        SessionEdit::Adopt(t.legacy_session.unwrap(), t.legacy_flips.clone()),
        &Roster::default(),
    )
    .unwrap();
    assert_eq!(
        s.pool,
        Some(SessionPool {
            fortune: 2,
            peril: 3
        })
    );
    // The table never writes the old pool again.
    assert!(!encode(&t).contains("fortune"));
}

// ---- Several characters at once: all or nothing ----------------------------------------------

#[test]
fn a_pay_out_is_one_batch_that_applies_whole_or_not_at_all() {
    let mut r = Roster::default();
    create(&mut r, "ann", System::Expedition, "Ann");
    create(&mut r, "bo", System::Expedition, "Bo");
    // Back in a Haven: treasure turns into Cash only there.
    exp(&mut r, "ann", ExpEdit::Haven(true));
    exp(
        &mut r,
        "ann",
        ExpEdit::Gear(GearEdit::Add {
            carrier: 0,
            item: Item {
                kind: ItemKind::Treasure,
                value: 9,
                ..Item::new("Gems")
            },
        }),
    );
    let mut doc = PartyDoc::default();
    assert_eq!(doc.schema, PartyDoc::SCHEMA);
    let applied = apply_with_roster(&mut doc, &mut r, PartyEdit::PayOut, 5)
        .unwrap()
        .expect("the pay-out changes characters");
    // Gems sold (9 Cash): 4 each to two, 1 left over; three roster changes in one batch.
    assert_eq!(applied.each().len(), 3);
    assert_eq!(sheet(&r, "ann").core.purse.cash, 4);
    assert_eq!(sheet(&r, "bo").core.purse.cash, 4);
    assert_eq!(doc.left_over, 1);
    // Bo spends his share; the undo cannot take it back, so nothing is undone at all.
    exp(&mut r, "bo", ExpEdit::Cash(-4, "ale".into()));
    let (before_doc, before_r) = (doc.clone(), r.clone());
    let err = apply_with_roster(&mut doc, &mut r, PartyEdit::UndoPayOut, 6).unwrap_err();
    assert!(err.to_string().starts_with("Bo: "), "{err}");
    assert!(err.to_string().ends_with("Nothing was changed."), "{err}");
    assert_eq!((doc, r), (before_doc, before_r));
}
