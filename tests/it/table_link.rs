//! One table, many devices (`model::table_link`): a player's phone keeps the character, the GM's
//! device a mirror that only the phone's revisions change; the GM's table asks, the phone's
//! reducers decide. Two devices here are two rosters with their own ids and link books, and
//! every message goes through `seal` and `receive`, as the live channel and the `#/msg/` codes
//! carry them.

use proptest::prelude::*;
use satchel::model::NamedDocument;
use satchel::model::exp_sheet::ExpEdit;
use satchel::model::ix_sheet::{IxEdit, Text};
use satchel::model::session::{IxSession, Point, SessionEdit};
use satchel::model::table_link::{
    Body, Change, LinkBook, LinkEdit, LinkError, Peer, msg_fragment, read_msg_fragment,
};
use satchel::model::{
    Applied, CharacterAction, Roster, RosterError, System, base64url_encode, encode,
};
use satchel::rules::ix::checks::Condition;
use satchel::rules::ix::session::SessionPool;

struct Device {
    roster: Roster,
    book: LinkBook,
    session: IxSession,
}

impl Device {
    fn new(id: &str) -> Self {
        Device {
            roster: Roster {
                device: id.into(),
                ..Roster::default()
            },
            book: LinkBook::default(),
            session: IxSession::default(),
        }
    }

    fn id(&self) -> String {
        self.roster.device.clone()
    }

    fn seal(&mut self, to: &str, body: &Body) -> String {
        let me = self.id();
        self.book.seal(&me, to, body).unwrap()
    }

    /// Takes a message as the app does (`ui::requests::receive`): the book first, then the
    /// roster actions and mirrors it returns, then the session's edits (a spend, the pool).
    fn take(&mut self, text: &str) -> Result<Vec<String>, LinkError> {
        let heard = self.book.receive(&self.roster, text, 1_000)?;
        for a in heard.actions {
            self.roster.apply(a, 1_000).unwrap();
        }
        for m in heard.mirrors {
            self.roster.upsert(m);
        }
        for e in heard.session {
            self.session.apply(e, &self.roster).unwrap();
        }
        Ok(heard.said)
    }

    /// Every revision of the characters kept here, for `to`.
    fn revisions(&mut self, to: &str) -> Vec<String> {
        let own: Vec<_> = self
            .roster
            .characters
            .iter()
            .filter(|c| c.owner.is_none())
            .cloned()
            .collect();
        own.iter()
            .map(|c| {
                let body = self.book.revision_body(c, to);
                self.seal(to, &body)
            })
            .collect()
    }

    fn owed(&mut self, to: &str) -> String {
        let owed = self.book.owed_to(to).into_iter().cloned().collect();
        self.seal(to, &Body::Requests(owed))
    }

    /// A GM table edit (or a tap on the mirror's sheet): a mirror's change becomes a request.
    fn edit(&mut self, id: &str, edit: IxEdit) -> Result<(), RosterError> {
        let applied = self.roster.apply(
            CharacterAction::EditIx {
                id: id.into(),
                edit,
            },
            1_000,
        )?;
        self.queue(applied);
        Ok(())
    }

    fn edit_exp(&mut self, id: &str, edit: ExpEdit) -> Result<(), RosterError> {
        let applied = self.roster.apply(
            CharacterAction::EditExpedition {
                id: id.into(),
                edit,
            },
            1_000,
        )?;
        self.queue(applied);
        Ok(())
    }

    fn queue(&mut self, applied: Applied) {
        for one in applied.each() {
            if let Applied::Requested {
                owner,
                id,
                name,
                change,
            } = one.clone()
            {
                self.book
                    .apply(
                        LinkEdit::Ask {
                            to: owner,
                            id,
                            name,
                            change,
                        },
                        &self.roster,
                    )
                    .unwrap();
            }
        }
    }

    fn wounds(&self, id: &str) -> i32 {
        self.roster
            .get(id)
            .unwrap()
            .ix()
            .unwrap()
            .character
            .health
            .wounds
    }
}

fn key(byte: u8) -> String {
    base64url_encode(&[byte; 32])
}

fn peer(d: &Device, name: &str, hosts: bool, k: &str) -> Peer {
    Peer {
        device: d.id(),
        name: name.into(),
        key: k.into(),
        hosts,
        last_heard_ms: 0,
        heard: 0,
        sent: 0,
        asked: 0,
        answered: 0,
    }
}

/// A GM's device (`gm`) and a phone (`phone`) that joined it, with the phone's character
/// `id` of `system` and, as joining brings it, its mirror on the GM's device.
fn joined(gm: &str, phone: &str, id: &str, name: &str, system: System) -> (Device, Device) {
    let mut gm = Device::new(gm);
    let mut phone = Device::new(phone);
    let k = key(7);
    let phone_peer = peer(&phone, &format!("{name}'s phone"), false, &k);
    gm.book
        .apply(LinkEdit::Join(phone_peer), &gm.roster)
        .unwrap();
    phone
        .book
        .apply(LinkEdit::Join(peer(&gm, "GM", true, &k)), &phone.roster)
        .unwrap();
    phone
        .roster
        .apply(
            CharacterAction::Create {
                id: id.into(),
                system,
                name: name.into(),
            },
            10,
        )
        .unwrap();
    let to = gm.id();
    for text in phone.revisions(&to) {
        gm.take(&text).unwrap();
    }
    (gm, phone)
}

/// A GM's device and a phone that joined it, with Kara on the phone and her mirror on the GM's.
fn table() -> (Device, Device) {
    joined("gm-laptop", "kara-phone", "kara", "Kara", System::Ix)
}

#[test]
fn joining_brings_the_whole_character_as_a_mirror_of_the_phone() {
    let (gm, phone) = table();
    let mirror = gm.roster.get("kara").unwrap();
    assert_eq!(mirror.owner.as_deref(), Some("kara-phone"));
    assert_eq!(mirror.name, "Kara");
    assert_eq!(mirror.rev, phone.roster.get("kara").unwrap().rev);
    assert!(gm.roster.is_mirror("kara") && !phone.roster.is_mirror("kara"));
}

#[test]
fn a_gm_hit_is_a_request_the_phone_applies_and_its_revision_updates_the_mirror() {
    let (mut gm, mut phone) = table();
    let full = gm.wounds("kara");
    gm.edit(
        "kara",
        IxEdit::Harm {
            strain: false,
            n: 3,
            from_attack: true,
        },
    )
    .unwrap();
    assert_eq!(gm.wounds("kara"), full, "the mirror waits for its owner");
    assert_eq!(gm.book.owed_to("kara-phone").len(), 1);

    let msg = gm.owed("kara-phone");
    let said = phone.take(&msg).unwrap();
    assert_eq!(phone.wounds("kara"), full - 3);
    assert!(
        said.iter().any(|s| s.contains("suffered 3 Wounds")),
        "{said:?}"
    );

    for text in phone.revisions("gm-laptop") {
        gm.take(&text).unwrap();
    }
    assert_eq!(gm.wounds("kara"), full - 3);
    assert!(gm.book.owed_to("kara-phone").is_empty(), "answered");
    assert_eq!(
        encode(gm.roster.get("kara").unwrap().ix().unwrap()),
        encode(phone.roster.get("kara").unwrap().ix().unwrap()),
        "the mirror is the phone's sheet"
    );
}

#[test]
fn the_players_own_edits_are_never_refused_as_older_after_the_gm_asked() {
    // The old status update refused the player's update once the GM's copy moved on.
    let (mut gm, mut phone) = table();
    gm.edit("kara", IxEdit::AddCondition(Condition::Frightened))
        .unwrap();
    // The player heals on the phone before the GM's request arrives.
    phone
        .roster
        .apply(
            CharacterAction::EditIx {
                id: "kara".into(),
                edit: IxEdit::SetText(Text::Concept, "Scout".into()),
            },
            20,
        )
        .unwrap();
    for text in phone.revisions("gm-laptop") {
        gm.take(&text).unwrap();
    }
    let msg = gm.owed("kara-phone");
    phone.take(&msg).unwrap();
    for text in phone.revisions("gm-laptop") {
        gm.take(&text).unwrap();
    }
    let mirror = gm.roster.get("kara").unwrap().ix().unwrap().clone();
    assert_eq!(mirror.character.conditions, vec![Condition::Frightened]);
    assert_eq!(mirror.about.concept, "Scout");
}

#[test]
fn a_request_the_rules_refuse_is_named_and_told_back_never_applied() {
    let (mut gm, mut phone) = table();
    // Refused on the GM's device already, by the same reducer the phone runs.
    let err = gm
        .edit(
            "kara",
            IxEdit::Harm {
                strain: false,
                n: 0,
                from_attack: false,
            },
        )
        .unwrap_err();
    assert!(gm.book.outbox.is_empty(), "{err}");
    // A part of the sheet only the player changes.
    let err = gm
        .edit("kara", IxEdit::SetText(Text::Concept, "Villain".into()))
        .unwrap_err();
    assert!(err.to_string().contains("only the player"), "{err}");

    // A forged or stale request that got past the GM's device is refused on the phone.
    gm.book
        .apply(
            LinkEdit::Ask {
                to: "kara-phone".into(),
                id: "kara".into(),
                name: "Kara".into(),
                change: Change::Ix(IxEdit::SetText(Text::Concept, "Villain".into())),
            },
            &gm.roster,
        )
        .unwrap();
    let before = encode(phone.roster.get("kara").unwrap());
    let said = phone.take(&gm.owed("kara-phone")).unwrap();
    assert_eq!(encode(phone.roster.get("kara").unwrap()), before);
    assert!(
        said.iter().any(|s| s.starts_with("Refused for Kara")),
        "{said:?}"
    );
    let said: Vec<String> = phone
        .revisions("gm-laptop")
        .iter()
        .flat_map(|t| gm.take(t).unwrap())
        .collect();
    assert!(
        said.iter()
            .any(|s| s.contains("refused") && s.contains("only the player")),
        "{said:?}"
    );
    assert!(
        gm.book.outbox.is_empty(),
        "a refused request is answered too"
    );
}

#[test]
fn forged_altered_replayed_and_misaddressed_messages_are_refused_and_named() {
    let (mut gm, mut phone) = table();
    gm.edit(
        "kara",
        IxEdit::Harm {
            strain: false,
            n: 2,
            from_attack: true,
        },
    )
    .unwrap();
    let good = gm.owed("kara-phone");

    // Altered: the hit made bigger on the way.
    let altered = good.replace("\\\"n\\\":2", "\\\"n\\\":9");
    assert_ne!(altered, good);
    assert!(matches!(
        phone.take(&altered),
        Err(LinkError::Forged { .. })
    ));

    // Sealed with a key the phone does not share (someone who saw one code).
    let mut stranger = Device::new("gm-laptop");
    stranger
        .book
        .apply(
            LinkEdit::Join(peer(&phone, "Kara's phone", false, &key(9))),
            &stranger.roster,
        )
        .unwrap();
    let forged = stranger.seal(
        "kara-phone",
        &Body::Pool(Some(SessionPool {
            fortune: 9,
            peril: 0,
        })),
    );
    let err = phone.take(&forged).unwrap_err();
    assert!(matches!(err, LinkError::Forged { .. }));
    assert!(err.to_string().contains("forged"), "{err}");

    // From a device never joined.
    let mut other = Device::new("someone");
    other
        .book
        .apply(
            LinkEdit::Join(peer(&phone, "x", false, &key(7))),
            &other.roster,
        )
        .unwrap();
    let text = other.seal("kara-phone", &Body::Pool(None));
    assert!(matches!(phone.take(&text), Err(LinkError::Stranger)));

    // The good one applies once; again, it is a replay.
    phone.take(&good).unwrap();
    let hurt = phone.wounds("kara");
    let err = phone.take(&good).unwrap_err();
    assert!(matches!(err, LinkError::Replayed { .. }), "{err}");
    assert_eq!(phone.wounds("kara"), hurt);

    // Addressed to another device.
    let mut third = Device::new("bo-phone");
    gm.book
        .apply(
            LinkEdit::Join(peer(&third, "Bo's phone", false, &key(7))),
            &gm.roster,
        )
        .unwrap();
    let for_bo = gm.seal("bo-phone", &Body::Pool(None));
    third
        .book
        .apply(
            LinkEdit::Join(peer(&gm, "GM", true, &key(7))),
            &third.roster,
        )
        .unwrap();
    assert!(third.take(&for_bo).is_ok());
    assert!(matches!(
        phone.take(&for_bo),
        Err(LinkError::Forged { .. } | LinkError::NotForUs)
    ));
}

#[test]
fn a_revision_is_taken_only_from_the_characters_owner() {
    let (mut gm, mut phone) = table();
    gm.roster
        .apply(
            CharacterAction::Create {
                id: "npc".into(),
                system: System::Ix,
                name: "Guard".into(),
            },
            5,
        )
        .unwrap();
    // The phone claims the GM's own character.
    let mut fake = gm.roster.get("npc").unwrap().clone();
    fake.name = "Mine now".into();
    let body = phone.book.revision_body(&fake, "gm-laptop");
    let text = phone.seal("gm-laptop", &body);
    let err = gm.take(&text).unwrap_err();
    assert!(matches!(err, LinkError::NotTheirs(_)), "{err}");
    assert_eq!(gm.roster.get("npc").unwrap().name, "Guard");
}

#[test]
fn the_pool_lives_on_the_gms_device_and_a_phones_spend_is_a_request() {
    let (mut gm, mut phone) = table();
    gm.session.apply(SessionEdit::Start(3), &gm.roster).unwrap();
    let pool = gm.seal("kara-phone", &Body::Pool(gm.session.pool));
    phone.take(&pool).unwrap();
    assert_eq!(phone.session.pool, gm.session.pool);
    assert_eq!(phone.session.host.as_deref(), Some("gm-laptop"));
    // The phone cannot flip its copy: one home.
    let err = phone
        .session
        .apply(
            SessionEdit::Spend {
                point: Point::Fortune,
                who: "Kara".into(),
                what: "Athletics".into(),
            },
            &phone.roster,
        )
        .unwrap_err();
    assert!(err.to_string().contains("GM's device"), "{err}");

    let spend = phone.seal(
        "gm-laptop",
        &Body::Spend {
            who: "Kara".into(),
            what: "Athletics".into(),
        },
    );
    gm.take(&spend).unwrap();
    assert_eq!(
        gm.session.pool,
        Some(SessionPool {
            fortune: 2,
            peril: 2
        })
    );
    let pool = gm.seal("kara-phone", &Body::Pool(gm.session.pool));
    phone.take(&pool).unwrap();
    assert_eq!(
        phone.session.pool, gm.session.pool,
        "every spend entered once"
    );

    // A phone cannot set the pool, and the host cannot be asked by itself.
    let fake = phone.seal("gm-laptop", &Body::Pool(None));
    assert!(matches!(gm.take(&fake), Err(LinkError::NotTheirs(_))));
}

#[test]
fn a_phone_cannot_ask_for_changes_to_the_gms_own_characters() {
    let (mut gm, mut phone) = table();
    gm.roster
        .apply(
            CharacterAction::Create {
                id: "npc".into(),
                system: System::Ix,
                name: "Guard".into(),
            },
            5,
        )
        .unwrap();
    let before = encode(gm.roster.get("npc").unwrap());
    let forged = phone.seal(
        "gm-laptop",
        &Body::Requests(vec![satchel::model::table_link::Request {
            n: 1,
            to: "gm-laptop".into(),
            id: "npc".into(),
            name: "Guard".into(),
            change: Change::Ix(IxEdit::Harm {
                strain: false,
                n: 5,
                from_attack: true,
            }),
        }]),
    );
    let err = gm.take(&forged).unwrap_err();
    assert!(matches!(err, LinkError::NotTheirs(_)), "{err}");
    assert!(err.to_string().contains("does not host"), "{err}");
    assert_eq!(encode(gm.roster.get("npc").unwrap()), before);
}

#[test]
fn without_a_live_link_the_same_messages_travel_as_codes_batched_and_in_order() {
    let (mut gm, mut phone) = table();
    let full = gm.wounds("kara");
    for n in [1, 2] {
        gm.edit(
            "kara",
            IxEdit::Harm {
                strain: false,
                n,
                from_attack: true,
            },
        )
        .unwrap();
    }
    let older = msg_fragment(&gm.owed("kara-phone"));
    gm.edit("kara", IxEdit::AddCondition(Condition::Frightened))
        .unwrap();
    let newer = msg_fragment(&gm.owed("kara-phone"));
    // "3 changes for Kara" in one code.
    phone.take(&read_msg_fragment(&newer).unwrap()).unwrap();
    assert_eq!(phone.wounds("kara"), full - 3);
    // The older code, scanned late, changes nothing.
    let err = phone.take(&read_msg_fragment(&older).unwrap()).unwrap_err();
    assert!(matches!(err, LinkError::Replayed { .. }));
    assert_eq!(phone.wounds("kara"), full - 3, "nothing applied twice");
    for text in phone.revisions("gm-laptop") {
        gm.take(&read_msg_fragment(&msg_fragment(&text)).unwrap())
            .unwrap();
    }
    assert_eq!(gm.wounds("kara"), full - 3);
    assert!(gm.book.outbox.is_empty());
}

#[test]
fn an_expedition_hit_goes_through_the_phones_wound_door_with_its_block() {
    let (mut gm, mut phone) = joined("gm", "ash-phone", "ash", "Ash", System::Expedition);
    let hp = |d: &Device| {
        d.roster
            .get("ash")
            .unwrap()
            .expedition()
            .unwrap()
            .core
            .health
            .hp
    };
    let before = hp(&phone);
    gm.edit_exp(
        "ash",
        ExpEdit::Damage {
            amount: 2,
            block: None,
            infusion: None,
        },
    )
    .unwrap();
    assert_eq!(hp(&gm), before);
    let msg = gm.owed("ash-phone");
    phone.take(&msg).unwrap();
    assert_eq!(hp(&phone), before.saturating_sub(2));
    for t in phone.revisions("gm") {
        gm.take(&t).unwrap();
    }
    assert_eq!(hp(&gm), hp(&phone));
}

proptest! {
    /// Any one character of a sealed message changed: refused, never applied.
    #[test]
    fn any_altered_byte_is_refused(at in 0usize..400, to in 32u8..127) {
        let (mut gm, mut phone) = table();
        gm.edit("kara", IxEdit::Harm { strain: false, n: 1, from_attack: true }).unwrap();
        let good = gm.owed("kara-phone");
        let mut bytes = good.clone().into_bytes();
        let i = at % bytes.len();
        prop_assume!(bytes[i] != to);
        bytes[i] = to;
        let bad = String::from_utf8(bytes).unwrap();
        let before = phone.wounds("kara");
        prop_assert!(phone.take(&bad).is_err());
        prop_assert_eq!(phone.wounds("kara"), before);
    }
}

/// The MAC's last character carries two bits no decoder reads: spelt another way, the message
/// is not the one sealed, and is refused (found by `any_altered_byte_is_refused`).
#[test]
fn a_mac_spelt_another_way_is_refused() {
    let (mut gm, mut phone) = table();
    gm.edit(
        "kara",
        IxEdit::Harm {
            strain: false,
            n: 1,
            from_attack: true,
        },
    )
    .unwrap();
    let good = gm.owed("kara-phone");
    let at = good.rfind("\"}").expect("the MAC ends the message") - 1;
    const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let last = ALPHABET.find(good.as_bytes()[at] as char).unwrap();
    // Flip the lowest bit of the last character: one of the two no decoder reads.
    let other = ALPHABET.as_bytes()[last ^ 0b01] as char;
    let mut bad = good.clone();
    bad.replace_range(at..at + 1, &other.to_string());
    assert_ne!(bad, good);
    let before = phone.wounds("kara");
    assert!(phone.take(&bad).is_err());
    assert_eq!(phone.wounds("kara"), before);
    assert!(phone.take(&good).is_ok());
}
