//! Sealed rolls (`model::sealed`): a check's seal fixes the roll of a whole pool, the check and
//! the receipt survive their links and bad links are refused in words, the GM's device verifies
//! an honest receipt and names what a changed one changed, and the store of sent checks refuses
//! edits that would make it lie.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satchel::model::sealed::{
    CHECK_MAX_ENCODED, CHECK_ROUTE, PROPOSAL_LABEL_MAX, RECEIPT_MAX_ENCODED, RECEIPT_MAX_JSON,
    RECEIPT_NAME_MAX, RECEIPT_ROUTE, RawRoll, Receipt, SENT_KEPT, SENT_SCHEMA, SealError,
    SealedCheck, SealedPool, SentChecks, SentEdit, Verdict, check_fragment, is_seal,
    read_check_fragment, read_receipt_fragment, receipt_fingerprint, receipt_fragment,
    receipt_record, roll_sealed, sealed_rng, verify,
};
use satchel::model::{Proposal, RollLog, base64url_encode, proposal_fragment};
use satchel::rules::ix::dice::DieKind;
use satchel::rules::ix::pool::Pool;

fn pool(a: i32, m: i32, b: i32, t: i32, c: i32, n: i32) -> Pool {
    Pool::from_counts(a, m, b, t, c, n).expect("a small pool")
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The GM's "Pick the lock": Average difficulty upgraded once (1 Trial, 1 Crisis) and a Bane die.
fn ix_check(seed: u64) -> SealedCheck {
    let proposal = Proposal::Ix {
        label: "Pick the lock".into(),
        pool: pool(0, 0, 0, 1, 1, 1),
    };
    SealedCheck::new(proposal, 1_700_000_000_000, &mut rng(seed))
}

fn exp_check(seed: u64, ob: u32) -> SealedCheck {
    let proposal = Proposal::Expedition {
        label: "Climb the wall".into(),
        ob,
        why: Vec::new(),
    };
    SealedCheck::new(proposal, 1_700_000_000_000, &mut rng(seed))
}

/// The player's side (2 Ability, 1 Mastery, 1 Boon) with the check's difficulty, as the tray
/// merges it.
fn player_pool(check: &SealedCheck) -> SealedPool {
    let Proposal::Ix { pool: gm, .. } = &check.proposal else {
        panic!("an Ix check");
    };
    SealedPool::Ix(pool(2, 1, 1, 0, 0, 0).with_difficulty_of(gm))
}

fn honest_receipt(check: &SealedCheck, pool: &SealedPool) -> Receipt {
    Receipt::of(check, "Rook", &roll_sealed(check, pool).unwrap())
}

fn sent(checks: &[&SealedCheck]) -> Vec<SealedCheck> {
    checks.iter().map(|c| (*c).clone()).collect()
}

fn packed(route: &str, bytes: &[u8]) -> String {
    let deflated = miniz_oxide::deflate::compress_to_vec(bytes, 9);
    format!("{route}{}", base64url_encode(&deflated))
}

#[test]
fn a_seal_is_128_random_bits_in_lowercase_hex() {
    let mut r = rng(1);
    let a = SealedCheck::new(ix_check(0).proposal, 5, &mut r);
    let b = SealedCheck::new(ix_check(0).proposal, 5, &mut r);
    for check in [&a, &b] {
        assert_eq!(check.seal.len(), 32);
        assert!(is_seal(&check.seal), "{}", check.seal);
    }
    assert_ne!(a.seal, b.seal);
    assert!(!is_seal(&a.seal.to_uppercase()));
    assert!(!is_seal(&a.seal[..31]));
    assert!(!is_seal(&format!("{}0", a.seal)));
}

#[test]
fn the_same_seal_and_pool_roll_the_same_dice() {
    let check = ix_check(7);
    let pool = player_pool(&check);
    let first = roll_sealed(&check, &pool).unwrap();
    let again = roll_sealed(&check, &pool).unwrap();
    assert_eq!(first, again);
    // The player's device reads the check from its link and rolls the same dice.
    let opened = read_check_fragment(&check_fragment(&check)).unwrap();
    assert_eq!(roll_sealed(&opened, &pool).unwrap(), first);
    // 2 Ability, 1 Mastery, 1 Boon, 1 Trial, 1 Crisis, 1 Bane: seven dice, in pool order.
    let RawRoll::Ix(raw) = &first.roll else {
        panic!("an Ix roll");
    };
    let kinds: Vec<DieKind> = raw.dice.iter().map(|d| d.kind).collect();
    use DieKind::*;
    assert_eq!(
        kinds,
        [Ability, Ability, Mastery, BoonDie, Trial, Crisis, BaneDie]
    );
    assert_eq!(first.dice.len(), 7);
    assert!(
        first.dice[2].starts_with("Mastery die: "),
        "{:?}",
        first.dice
    );
    assert_eq!(first.outcome, raw.result.describe());
}

#[test]
fn different_seals_roll_different_dice() {
    let pool = player_pool(&ix_check(0));
    let rolls: Vec<Vec<u8>> = (0..64)
        .map(|seed| roll_sealed(&ix_check(seed), &pool).unwrap().faces())
        .collect();
    assert!(rolls.iter().any(|r| r != &rolls[0]), "64 seals, one roll");
    // Seven dice of 8, 8, 12, 6, 8, 12 and 6 faces: two of 64 rolls alike would be rare;
    // most should differ from one another.
    let mut distinct = rolls.clone();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() > 48,
        "{} distinct rolls of 64",
        distinct.len()
    );
}

#[test]
fn the_seed_covers_the_seal_and_every_part_of_the_pool() {
    let seal = ix_check(3).seal;
    let base = pool(2, 1, 1, 1, 1, 1);
    let mut fortune = base;
    fortune.spend_fortune().unwrap();
    let first = |s: &str, p: SealedPool| sealed_rng(s, &p).next_u64();
    let seen = [
        first(&seal, SealedPool::Ix(base)),
        first(&seal, SealedPool::Ix(pool(2, 1, 2, 1, 1, 1))),
        first(&seal, SealedPool::Ix(pool(2, 1, 1, 1, 1, 0))),
        first(&seal, SealedPool::Ix(fortune)),
        first(&ix_check(4).seal, SealedPool::Ix(base)),
        first(
            &seal,
            SealedPool::Expedition {
                dice: 4,
                ob: 2,
                free: 0,
            },
        ),
        first(
            &seal,
            SealedPool::Expedition {
                dice: 4,
                ob: 3,
                free: 0,
            },
        ),
        first(
            &seal,
            SealedPool::Expedition {
                dice: 5,
                ob: 2,
                free: 0,
            },
        ),
    ];
    for (i, a) in seen.iter().enumerate() {
        for b in &seen[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert_eq!(seen[0], first(&seal, SealedPool::Ix(base)));
}

#[test]
fn an_expedition_roll_reads_its_successes_against_the_ob() {
    let check = exp_check(11, 2);
    let pool = SealedPool::Expedition {
        dice: 5,
        ob: 2,
        free: 0,
    };
    let roll = roll_sealed(&check, &pool).unwrap();
    assert_eq!(roll, roll_sealed(&check, &pool).unwrap());
    let RawRoll::Expedition(test) = &roll.roll else {
        panic!("an Expedition roll");
    };
    let faces = roll.faces();
    assert_eq!(faces.len(), 5);
    assert!(faces.iter().all(|f| (1..=6).contains(f)));
    // 4-6 succeed; a pass needs at least the Ob.
    let successes = faces.iter().filter(|&&f| f >= 4).count() as u32;
    assert_eq!(test.successes, successes);
    assert_eq!(test.passed, successes >= 2);
    assert!(
        roll.outcome
            .ends_with(&format!("{successes} of 5 dice succeeded against Ob 2.")),
        "{}",
        roll.outcome
    );
    assert!(roll.dice.iter().all(|d| d.starts_with("d6: ")));
}

#[test]
fn only_the_players_own_dice_may_change() {
    let check = ix_check(2);
    // More of the player's own dice, and a Fortune spend, are the player's to add.
    let mut own = pool(4, 2, 3, 1, 1, 1);
    own.spend_fortune().unwrap();
    assert!(roll_sealed(&check, &SealedPool::Ix(own)).is_ok());
    // One Trial die fewer than the GM asked for.
    let easier = SealedPool::Ix(pool(2, 1, 1, 0, 1, 1));
    let refused = roll_sealed(&check, &easier).unwrap_err();
    assert_eq!(
        refused,
        SealError::DifficultyDiffers {
            sent: "1 Trial, 1 Crisis, 1 Bane".into(),
            rolled: "1 Crisis, 1 Bane".into(),
        }
    );
    assert_eq!(
        refused.to_string(),
        "The GM's difficulty for this check is 1 Trial, 1 Crisis, 1 Bane, but this pool has 1 Crisis, 1 Bane. Only your own dice may change."
    );
    // A Peril spend is the GM's, even with the same dice.
    let mut peril = pool(2, 1, 1, 1, 1, 1);
    peril.spend_peril().unwrap();
    assert!(matches!(
        roll_sealed(&check, &SealedPool::Ix(peril)),
        Err(SealError::DifficultyDiffers { .. })
    ));
    // Expedition: the Ob is the GM's; the pool is the player's.
    let exp = exp_check(2, 3);
    assert!(
        roll_sealed(
            &exp,
            &SealedPool::Expedition {
                dice: 9,
                ob: 3,
                free: 0
            }
        )
        .is_ok()
    );
    assert_eq!(
        roll_sealed(
            &exp,
            &SealedPool::Expedition {
                dice: 4,
                ob: 2,
                free: 0
            }
        ),
        Err(SealError::DifficultyDiffers {
            sent: "Ob 3".into(),
            rolled: "Ob 2".into()
        })
    );
    assert_eq!(
        roll_sealed(&exp, &SealedPool::Ix(pool(2, 0, 0, 0, 0, 0))),
        Err(SealError::WrongGame)
    );
    assert_eq!(
        roll_sealed(
            &exp,
            &SealedPool::Expedition {
                dice: 201,
                ob: 3,
                free: 0
            }
        ),
        Err(SealError::TooManyDice(201))
    );
    let empty_check = SealedCheck::new(
        Proposal::Ix {
            label: String::new(),
            pool: Pool::new(),
        },
        0,
        &mut rng(9),
    );
    assert_eq!(
        roll_sealed(&empty_check, &SealedPool::Ix(Pool::new())),
        Err(SealError::EmptyPool)
    );
}

#[test]
fn a_check_survives_its_link() {
    for check in [ix_check(5), exp_check(5, 4)] {
        let fragment = check_fragment(&check);
        assert!(fragment.starts_with(CHECK_ROUTE));
        assert_eq!(read_check_fragment(&fragment), Ok(check));
    }
    // The longest label, in four-byte characters, still makes a link a reader takes.
    let long = SealedCheck::new(
        Proposal::Expedition {
            label: "\u{1F3B2}".repeat(PROPOSAL_LABEL_MAX + 5),
            ob: 30,
            why: Vec::new(),
        },
        u64::MAX,
        &mut rng(6),
    );
    assert_eq!(long.proposal.label().chars().count(), PROPOSAL_LABEL_MAX);
    let fragment = check_fragment(&long);
    assert!(fragment.len() - CHECK_ROUTE.len() <= CHECK_MAX_ENCODED);
    assert_eq!(read_check_fragment(&fragment), Ok(long));
}

#[test]
fn bad_check_links_are_refused_saying_why() {
    let check = ix_check(8);
    let fragment = check_fragment(&check);
    // The link's own JSON, to tamper with one field at a time.
    let packed_bytes = satchel::model::base64url_decode(&fragment[CHECK_ROUTE.len()..]).unwrap();
    let json: serde_json::Value =
        serde_json::from_slice(&miniz_oxide::inflate::decompress_to_vec(&packed_bytes).unwrap())
            .unwrap();
    let with = |changes: &[(&str, serde_json::Value)]| {
        let mut j = json.clone();
        for (key, value) in changes {
            if value.is_null() {
                j.as_object_mut().unwrap().remove(*key);
            } else {
                j[*key] = value.clone();
            }
        }
        packed(CHECK_ROUTE, j.to_string().as_bytes())
    };
    assert_eq!(read_check_fragment("#/roster"), Err(SealError::NotALink));
    // A proposal link is not a sealed check, and neither is a receipt.
    let proposal = proposal_fragment(&check.proposal);
    assert_eq!(read_check_fragment(&proposal), Err(SealError::NotALink));
    let receipt = receipt_fragment(&honest_receipt(&check, &player_pool(&check)));
    assert_eq!(read_check_fragment(&receipt), Err(SealError::NotALink));
    // Cut off when copied.
    let cut = &fragment[..CHECK_ROUTE.len() + (fragment.len() - CHECK_ROUTE.len()) / 2];
    assert_eq!(read_check_fragment(cut), Err(SealError::Damaged));
    assert_eq!(
        read_check_fragment("#/check/not*base64"),
        Err(SealError::Damaged)
    );
    assert_eq!(
        read_check_fragment(&packed(CHECK_ROUTE, b"not json")),
        Err(SealError::Damaged)
    );
    // JSON, but not a check: the proposal alone, without its seal.
    let bare = serde_json::to_string(&check.proposal).unwrap();
    assert_eq!(
        read_check_fragment(&packed(CHECK_ROUTE, bare.as_bytes())),
        Err(SealError::Foreign)
    );
    // Tampered fields.
    let upper = check.seal.to_uppercase();
    assert_eq!(
        read_check_fragment(&with(&[("s", upper.into())])),
        Err(SealError::BadSeal)
    );
    assert_eq!(
        read_check_fragment(&with(&[("s", "abc".into())])),
        Err(SealError::BadSeal)
    );
    let refused = read_check_fragment(&with(&[("l", "x".repeat(121).into())])).unwrap_err();
    assert_eq!(refused, SealError::LongLabel);
    assert_eq!(
        refused.to_string(),
        "The check's label is longer than 120 characters."
    );
    let expedition = |ob: u32| with(&[("x", serde_json::Value::Null), ("e", ob.into())]);
    assert_eq!(
        read_check_fragment(&expedition(31)),
        Err(SealError::ObTooHigh(31))
    );
    assert!(matches!(
        read_check_fragment(&expedition(30)).map(|c| c.proposal),
        Ok(satchel::model::Proposal::Expedition { ob: 30, .. })
    ));
    let too_many = serde_json::json!([0, 0, 0, 99, 0, 0, false, false]);
    assert_eq!(
        read_check_fragment(&with(&[("x", too_many)])),
        Err(SealError::Foreign)
    );
    // Both games at once, or neither: not a check.
    assert_eq!(
        read_check_fragment(&with(&[("e", 2.into())])),
        Err(SealError::Foreign)
    );
    assert_eq!(
        read_check_fragment(&with(&[("x", serde_json::Value::Null)])),
        Err(SealError::Foreign)
    );
    // Too long to be ours, before anything is decoded.
    let long = format!("{CHECK_ROUTE}{}", "A".repeat(CHECK_MAX_ENCODED + 1));
    assert_eq!(read_check_fragment(&long), Err(SealError::TooLong));
}

#[test]
fn a_receipt_survives_its_link_and_is_short() {
    let check = ix_check(12);
    let receipt = honest_receipt(&check, &player_pool(&check));
    assert_eq!(receipt.dice.len(), 7);
    let fragment = receipt_fragment(&receipt);
    assert!(fragment.starts_with(RECEIPT_ROUTE));
    assert_eq!(read_receipt_fragment(&fragment), Ok(receipt.clone()));
    eprintln!(
        "receipt link for a typical Ix check ({} dice, label {:?}, outcome {:?}): {} characters",
        receipt.dice.len(),
        receipt.label,
        receipt.outcome,
        fragment.len()
    );
    assert!(fragment.len() < 250, "{} characters", fragment.len());

    let exp = exp_check(12, 3);
    let exp_receipt = honest_receipt(
        &exp,
        &SealedPool::Expedition {
            dice: 6,
            ob: 3,
            free: 0,
        },
    );
    let exp_fragment = receipt_fragment(&exp_receipt);
    assert_eq!(read_receipt_fragment(&exp_fragment), Ok(exp_receipt));
    eprintln!(
        "check link: {} characters; Expedition receipt link (6 dice): {} characters",
        check_fragment(&check).len(),
        exp_fragment.len()
    );

    // The longest label and name, in four-byte characters, and the most Ix dice still fit.
    let big = SealedCheck::new(
        Proposal::Ix {
            label: "\u{1F3B2}".repeat(PROPOSAL_LABEL_MAX),
            pool: pool(0, 0, 0, 20, 20, 20),
        },
        0,
        &mut rng(13),
    );
    let most = SealedPool::Ix(pool(20, 20, 20, 20, 20, 20));
    let name = "\u{1F9D9}".repeat(RECEIPT_NAME_MAX + 10);
    let big_receipt = Receipt::of(&big, &name, &roll_sealed(&big, &most).unwrap());
    assert_eq!(big_receipt.character.chars().count(), RECEIPT_NAME_MAX);
    let fragment = receipt_fragment(&big_receipt);
    assert!(fragment.len() - RECEIPT_ROUTE.len() <= RECEIPT_MAX_ENCODED);
    assert_eq!(read_receipt_fragment(&fragment), Ok(big_receipt));
}

/// A receipt's wire form with one field replaced, packed as a link.
fn receipt_with(receipt: &Receipt, key: &str, value: serde_json::Value) -> String {
    let fragment = receipt_fragment(receipt);
    let data = satchel::model::base64url_decode(&fragment[RECEIPT_ROUTE.len()..]).unwrap();
    let json = miniz_oxide::inflate::decompress_to_vec(&data).unwrap();
    let mut wire: serde_json::Value = serde_json::from_slice(&json).unwrap();
    wire[key] = value;
    packed(RECEIPT_ROUTE, wire.to_string().as_bytes())
}

#[test]
fn bad_receipt_links_are_refused_saying_why() {
    let check = ix_check(14);
    let receipt = honest_receipt(&check, &player_pool(&check));
    let fragment = receipt_fragment(&receipt);
    assert_eq!(
        read_receipt_fragment(&check_fragment(&check)),
        Err(SealError::NotALink)
    );
    let cut = &fragment[..fragment.len() - 12];
    assert_eq!(read_receipt_fragment(cut), Err(SealError::Damaged));
    // A status update's payload is JSON, but not a receipt.
    let status = br#"{"i":"abc","r":3,"t":5,"d":"phone","x":[1,10,0,12,false,false]}"#;
    assert_eq!(
        read_receipt_fragment(&packed(RECEIPT_ROUTE, status)),
        Err(SealError::Foreign)
    );
    assert_eq!(
        read_receipt_fragment(&receipt_with(&receipt, "z", 1.into())),
        Err(SealError::Foreign)
    );
    // Both games' pools, or neither.
    assert_eq!(
        read_receipt_fragment(&receipt_with(&receipt, "e", serde_json::json!([3, 2]))),
        Err(SealError::Foreign)
    );
    assert_eq!(
        read_receipt_fragment(&receipt_with(&receipt, "x", serde_json::Value::Null)),
        Err(SealError::Foreign)
    );
    assert_eq!(
        read_receipt_fragment(&receipt_with(&receipt, "s", "0123".into())),
        Err(SealError::BadSeal)
    );
    assert_eq!(
        read_receipt_fragment(&receipt_with(&receipt, "l", "x".repeat(121).into())),
        Err(SealError::LongLabel)
    );
    let refused = read_receipt_fragment(&receipt_with(&receipt, "c", "n".repeat(61).into()));
    assert_eq!(refused, Err(SealError::LongName));
    assert_eq!(
        refused.unwrap_err().to_string(),
        "The character's name on the receipt is longer than 60 characters."
    );
    assert_eq!(
        read_receipt_fragment(&receipt_with(&receipt, "o", "o".repeat(201).into())),
        Err(SealError::LongOutcome)
    );
    // Seven dice in the pool: six or eight digits do not fit it, and no Ability die has a
    // ninth face ("8" is the index of the ninth).
    for dice in ["000000", "00000000", "8000000", "00-0000"] {
        assert_eq!(
            read_receipt_fragment(&receipt_with(&receipt, "d", dice.into())),
            Err(SealError::DiceDontFit),
            "{dice}"
        );
    }
    // Expedition: an Ob or a pool past the limits, a face no d6 has.
    let exp = honest_receipt(
        &exp_check(14, 3),
        &SealedPool::Expedition {
            dice: 3,
            ob: 3,
            free: 0,
        },
    );
    for (dice, ob, faces, why) in [
        (3, 31, vec![1, 2, 3], SealError::ObTooHigh(31)),
        (201, 3, vec![1; 201], SealError::TooManyDice(201)),
        (3, 3, vec![1, 2, 7], SealError::DiceDontFit),
        (3, 3, vec![1, 2, 0], SealError::DiceDontFit),
        (3, 3, vec![1, 2], SealError::DiceDontFit),
    ] {
        let tampered = Receipt {
            pool: SealedPool::Expedition { dice, ob, free: 0 },
            dice: faces,
            ..exp.clone()
        };
        assert_eq!(
            read_receipt_fragment(&receipt_fragment(&tampered)),
            Err(why),
            "{dice} dice vs Ob {ob}"
        );
    }
    let long = format!("{RECEIPT_ROUTE}{}", "A".repeat(RECEIPT_MAX_ENCODED + 1));
    assert_eq!(read_receipt_fragment(&long), Err(SealError::TooLong));
}

#[test]
fn decompression_bombs_are_refused() {
    // 1 MB of spaces deflates to about a kilobyte: short enough to be decoded, and refused
    // while inflating, long before a megabyte is allocated.
    let bomb = vec![b' '; 1 << 20];
    let link = packed(RECEIPT_ROUTE, &bomb);
    assert!(link.len() - RECEIPT_ROUTE.len() <= RECEIPT_MAX_ENCODED);
    assert_eq!(read_receipt_fragment(&link), Err(SealError::Damaged));
    // On the check route, whose links are shorter, it is refused for its length alone.
    assert_eq!(
        read_check_fragment(&packed(CHECK_ROUTE, &bomb)),
        Err(SealError::TooLong)
    );
    // A small bomb that fits the check route is refused when it inflates past the limit.
    let small = vec![b' '; RECEIPT_MAX_JSON * 4];
    let link = packed(CHECK_ROUTE, &small);
    assert!(link.len() - CHECK_ROUTE.len() <= CHECK_MAX_ENCODED);
    assert_eq!(read_check_fragment(&link), Err(SealError::Damaged));
}

#[test]
fn an_honest_receipt_verifies() {
    let check = ix_check(20);
    let other = ix_check(21);
    let pool = player_pool(&check);
    let roll = roll_sealed(&check, &pool).unwrap();
    let receipt = read_receipt_fragment(&receipt_fragment(&Receipt::of(&check, "Rook", &roll)));
    let verdict = verify(&receipt.unwrap(), &sent(&[&other, &check]));
    assert_eq!(
        verdict,
        Verdict::Verified {
            sent_ms: check.sent_ms,
            roll
        }
    );
    let exp = exp_check(120, 3);
    let pool = SealedPool::Expedition {
        dice: 5,
        ob: 3,
        free: 0,
    };
    let receipt = honest_receipt(&exp, &pool);
    assert!(matches!(
        verify(&receipt, &sent(&[&check, &exp])),
        Verdict::Verified { .. }
    ));
}

#[test]
fn a_receipt_with_one_die_changed_names_the_die() {
    let check = ix_check(22);
    let mut receipt = honest_receipt(&check, &player_pool(&check));
    // The Mastery die (third) shows the next face of its twelve.
    let true_face = receipt.dice[2];
    receipt.dice[2] = (true_face + 1) % 12;
    let Verdict::Differs(why) = verify(&receipt, &sent(&[&check])) else {
        panic!("a changed die must not verify");
    };
    assert_eq!(why.len(), 1, "{why:?}");
    assert!(
        why[0].starts_with("the seal's die 3 of 7 is Mastery die: "),
        "{}",
        why[0]
    );
    assert!(
        why[0].contains("; the receipt says Mastery die: "),
        "{}",
        why[0]
    );
    // The log records it as not verified, with the reason, and the receipt's own dice.
    let record = receipt_record(&receipt, &Verdict::Differs(why.clone()), 99);
    assert!(
        record
            .outcome
            .contains("(sealed, NOT verified: the seal's die 3 of 7")
    );
    assert_eq!(record.faces.len(), 7);
    assert_eq!(record.mode, "Ix");
}

#[test]
fn a_receipt_with_a_lowered_difficulty_names_the_difficulty() {
    let check = ix_check(23);
    // A player who rolls 1 Trial die fewer straight from the seal, so the dice themselves
    // are the seal's dice for that pool: only the difficulty gives it away.
    let easier = SealedPool::Ix(pool(2, 1, 1, 0, 1, 1));
    let SealedPool::Ix(p) = &easier else {
        unreachable!()
    };
    let rolled = p.roll(&mut sealed_rng(&check.seal, &easier));
    let receipt = Receipt {
        seal: check.seal.clone(),
        label: "Pick the lock".into(),
        character: "Rook".into(),
        pool: easier.clone(),
        additions: Vec::new(),
        dice: rolled.dice.iter().map(|d| d.face_index).collect(),
        outcome: rolled.result.describe(),
    };
    assert_eq!(
        verify(&receipt, &sent(&[&check])),
        Verdict::Differs(vec![
            "the difficulty sent was 1 Trial, 1 Crisis, 1 Bane; the receipt rolled 1 Crisis, 1 Bane"
                .into()
        ])
    );
    // Expedition: a lower Ob.
    let exp = exp_check(23, 4);
    let mut lowered = honest_receipt(
        &exp,
        &SealedPool::Expedition {
            dice: 5,
            ob: 4,
            free: 0,
        },
    );
    lowered.pool = SealedPool::Expedition {
        dice: 5,
        ob: 2,
        free: 0,
    };
    let Verdict::Differs(why) = verify(&lowered, &sent(&[&exp])) else {
        panic!("a lowered Ob must not verify");
    };
    assert_eq!(
        why[0],
        "the difficulty sent was Ob 4; the receipt rolled Ob 2"
    );
}

#[test]
fn a_changed_label_outcome_or_game_is_named() {
    let check = ix_check(24);
    let honest = honest_receipt(&check, &player_pool(&check));
    let mut relabelled = honest.clone();
    relabelled.label = "Open the door".into();
    assert_eq!(
        verify(&relabelled, &sent(&[&check])),
        Verdict::Differs(vec![
            "the label sent was \"Pick the lock\"; the receipt says \"Open the door\"".into()
        ])
    );
    let mut boasted = honest.clone();
    boasted.outcome = "Success, 3 Breakthroughs".into();
    let Verdict::Differs(why) = verify(&boasted, &sent(&[&check])) else {
        panic!("a changed outcome must not verify");
    };
    assert_eq!(
        why,
        vec![format!(
            "the seal's dice read \"{}\"; the receipt says \"Success, 3 Breakthroughs\"",
            honest.outcome
        )]
    );
    let mut other_game = honest.clone();
    other_game.pool = SealedPool::Expedition {
        dice: 7,
        ob: 1,
        free: 0,
    };
    other_game.dice = vec![6; 7];
    let Verdict::Differs(why) = verify(&other_game, &sent(&[&check])) else {
        panic!("the other game must not verify");
    };
    assert_eq!(
        why[0],
        "the check sent was an Ix check; the receipt rolled an Expedition pool"
    );
}

#[test]
fn a_receipt_for_a_check_never_sent_is_said_so() {
    let check = ix_check(25);
    let receipt = honest_receipt(&check, &player_pool(&check));
    assert_eq!(verify(&receipt, &[]), Verdict::NeverSent);
    assert_eq!(
        verify(&receipt, &sent(&[&ix_check(26)])),
        Verdict::NeverSent
    );
    let record = receipt_record(&receipt, &Verdict::NeverSent, 5);
    assert!(
        record
            .outcome
            .ends_with("(sealed, NOT verified: no check with this seal was sent from this device)")
    );
}

#[test]
fn a_verified_receipt_goes_into_the_roll_log() {
    let check = exp_check(27, 3);
    let receipt = honest_receipt(
        &check,
        &SealedPool::Expedition {
            dice: 4,
            ob: 3,
            free: 0,
        },
    );
    let verdict = verify(&receipt, &sent(&[&check]));
    let Verdict::Verified { roll, .. } = &verdict else {
        panic!("honest");
    };
    let record = receipt_record(&receipt, &verdict, 1234);
    assert_eq!(record.time_ms, 1234);
    assert_eq!(record.mode, "Expedition");
    assert_eq!(record.label, "Climb the wall");
    assert_eq!(record.character.as_deref(), Some("Rook"));
    assert_eq!(record.pool, "4 dice vs Ob 3");
    assert_eq!(record.faces, roll.dice);
    assert_eq!(
        record.outcome,
        format!("{} (sealed, verified)", roll.outcome)
    );
    let mut log = RollLog::default();
    log.append(record.clone());
    assert_eq!(log.entries[0].record, record);
}

#[test]
fn sent_checks_refuse_what_would_make_them_lie() {
    let mut store = SentChecks::default();
    assert_eq!(store.schema, SENT_SCHEMA);
    let a = ix_check(30);
    store.apply(SentEdit::Sent(a.clone())).unwrap();
    let before = store.clone();
    // The same seal twice, a seal never sent, a malformed seal: refused, nothing changes.
    assert_eq!(
        store.apply(SentEdit::Sent(a.clone())),
        Err(SealError::DuplicateSeal)
    );
    let never_sent = ix_check(31);
    assert_eq!(
        store.apply(SentEdit::Opened(honest_receipt(
            &never_sent,
            &player_pool(&never_sent)
        ))),
        Err(SealError::UnknownSeal)
    );
    let mut bad = ix_check(32);
    bad.seal = "not a seal".into();
    assert_eq!(store.apply(SentEdit::Sent(bad)), Err(SealError::BadSeal));
    assert_eq!(store, before);
    // A seal verifies once, and a receipt is remembered once.
    let receipt = honest_receipt(&a, &player_pool(&a));
    store.apply(SentEdit::Opened(receipt.clone())).unwrap();
    assert!(store.is_verified(&a.seal));
    let verified = store.clone();
    let again = store.apply(SentEdit::Opened(receipt));
    assert_eq!(again, Err(SealError::AlreadyLogged));
    assert_eq!(store, verified);
    assert_eq!(
        SealError::UnknownSeal.to_string(),
        "No check with this seal was sent from this device."
    );
}

#[test]
fn sent_checks_keep_the_newest_fifty() {
    let mut store = SentChecks::default();
    let checks: Vec<SealedCheck> = (0..SENT_KEPT as u64 + 5)
        .map(|i| ix_check(100 + i))
        .collect();
    store.apply(SentEdit::Sent(checks[0].clone())).unwrap();
    store
        .apply(SentEdit::Opened(honest_receipt(
            &checks[0],
            &player_pool(&checks[0]),
        )))
        .unwrap();
    for c in &checks[1..] {
        store.apply(SentEdit::Sent(c.clone())).unwrap();
    }
    assert_eq!(store.checks.len(), SENT_KEPT);
    assert_eq!(store.checks, checks[5..]);
    // The dropped check's verification goes with it; its receipt is now one never sent.
    assert!(store.verified.is_empty() && store.opened.is_empty());
    let receipt = honest_receipt(&checks[0], &player_pool(&checks[0]));
    assert_eq!(verify(&receipt, &store.checks), Verdict::NeverSent);
}

#[test]
fn stored_sent_checks_read_with_missing_fields() {
    let empty: SentChecks = serde_json::from_str("{}").unwrap();
    assert_eq!(empty, SentChecks::default());
    let check = ix_check(40);
    let mut stored = serde_json::json!({ "checks": [check] });
    stored["checks"][0]
        .as_object_mut()
        .unwrap()
        .remove("sent_ms");
    let read: SentChecks = serde_json::from_value(stored).unwrap();
    assert_eq!(read.schema, SENT_SCHEMA);
    assert_eq!(read.checks[0].seal, check.seal);
    assert_eq!(read.checks[0].sent_ms, 0);
    assert!(read.verified.is_empty());
    let mut store = SentChecks::default();
    store.apply(SentEdit::Sent(check)).unwrap();
    let text = serde_json::to_string(&store).unwrap();
    assert_eq!(serde_json::from_str::<SentChecks>(&text).unwrap(), store);
}

proptest! {
    #[test]
    fn any_seal_and_small_pool_rolls_the_same_and_verifies(
        bits in any::<[u8; 16]>(),
        positive in (0..=3i32, 0..=3i32, 0..=3i32),
        difficulty in (0..=3i32, 0..=3i32, 0..=3i32),
        fortune in any::<bool>(),
    ) {
        let seal: String = bits.iter().map(|b| format!("{b:02x}")).collect();
        let gm = pool(0, 0, 0, difficulty.0, difficulty.1, difficulty.2);
        let mut own = pool(positive.0 + 1, positive.1, positive.2, 0, 0, 0);
        if fortune {
            own.spend_fortune().unwrap();
        }
        let check = SealedCheck {
            seal,
            proposal: Proposal::Ix { label: "Any check".into(), pool: gm },
            sent_ms: 1,
        };
        let whole = SealedPool::Ix(own.with_difficulty_of(&gm));
        let roll = roll_sealed(&check, &whole).unwrap();
        prop_assert_eq!(&roll, &roll_sealed(&check, &whole).unwrap());
        let opened = read_check_fragment(&check_fragment(&check)).unwrap();
        prop_assert_eq!(&roll, &roll_sealed(&opened, &whole).unwrap());
        let receipt = Receipt::of(&opened, "Rook", &roll);
        let read = read_receipt_fragment(&receipt_fragment(&receipt)).unwrap();
        prop_assert_eq!(&read, &receipt);
        prop_assert_eq!(
            verify(&read, std::slice::from_ref(&check)),
            Verdict::Verified { sent_ms: 1, roll }
        );
    }
}

/// The GM's device opens receipts as `ui::sealed::ReceiptPreview` does: `open`, then, the first
/// time only, `SentEdit::Opened` and one roll-log entry. Returns the verdict and whether it was
/// logged.
fn open_as_the_gm(store: &mut SentChecks, log: &mut RollLog, receipt: &Receipt) -> (Verdict, bool) {
    let opened = store.open(receipt);
    let logged = opened.first_time && store.apply(SentEdit::Opened(receipt.clone())).is_ok();
    if logged {
        log.append(receipt_record(receipt, &opened.verdict, 5));
    }
    (opened.verdict, logged)
}

/// A receipt that does not match was logged again at every open; now once, however often.
#[test]
fn a_receipt_that_does_not_match_is_logged_once() {
    let check = ix_check(50);
    let mut store = SentChecks::default();
    store.apply(SentEdit::Sent(check.clone())).unwrap();
    let mut receipt = honest_receipt(&check, &player_pool(&check));
    receipt.dice[2] = (receipt.dice[2] + 1) % 12;
    let mut log = RollLog::default();
    for open in 1..=3 {
        let (verdict, logged) = open_as_the_gm(&mut store, &mut log, &receipt);
        assert!(matches!(verdict, Verdict::Differs(_)), "open {open}");
        assert_eq!(logged, open == 1, "open {open}");
    }
    assert_eq!(log.entries.len(), 1);
    assert!(
        log.entries[0]
            .record
            .outcome
            .contains("(sealed, NOT verified: the seal's die 3 of 7")
    );
    assert!(!store.is_verified(&check.seal));
    // The honest receipt still verifies after the bad one, and is logged once too.
    let honest = honest_receipt(&check, &player_pool(&check));
    for open in 1..=2 {
        let (verdict, logged) = open_as_the_gm(&mut store, &mut log, &honest);
        assert!(matches!(verdict, Verdict::Verified { .. }), "open {open}");
        assert_eq!(logged, open == 1);
    }
    assert_eq!(log.entries.len(), 2);
    assert!(
        log.entries[1]
            .record
            .outcome
            .ends_with("(sealed, verified)")
    );
}

/// After a seal verified, another pool's honest receipt for it also fits the seal, so `verify`
/// alone says "verified": the GM's device flags it instead, logs it once as not verified, and
/// still knows the first receipt when it is opened again.
#[test]
fn a_second_different_receipt_for_a_verified_seal_is_flagged() {
    let check = ix_check(51);
    let mut store = SentChecks::default();
    store.apply(SentEdit::Sent(check.clone())).unwrap();
    let mut log = RollLog::default();
    let first = honest_receipt(&check, &player_pool(&check));
    let (verdict, logged) = open_as_the_gm(&mut store, &mut log, &first);
    assert!(matches!(verdict, Verdict::Verified { .. }) && logged);

    // The player's pool with one more Ability die: its dice are the seal's too.
    let Proposal::Ix { pool: gm, .. } = &check.proposal else {
        panic!("an Ix check");
    };
    let bigger = SealedPool::Ix(pool(3, 1, 1, 0, 0, 0).with_difficulty_of(gm));
    let second = honest_receipt(&check, &bigger);
    assert!(matches!(
        verify(&second, &sent(&[&check])),
        Verdict::Verified { .. }
    ));
    for open in 1..=2 {
        let (verdict, logged) = open_as_the_gm(&mut store, &mut log, &second);
        assert_eq!(
            verdict,
            Verdict::AnsweredBefore {
                sent_ms: check.sent_ms
            },
            "open {open}"
        );
        assert_eq!(logged, open == 1);
    }
    assert_eq!(log.entries.len(), 2);
    assert_eq!(
        log.entries[1].record.outcome,
        format!(
            "{} (sealed, NOT verified: a different receipt for this check was already verified on this device)",
            second.outcome
        )
    );
    // The first receipt, opened again: still verified, not logged again.
    let (verdict, logged) = open_as_the_gm(&mut store, &mut log, &first);
    assert!(matches!(verdict, Verdict::Verified { .. }) && !logged);
    // Only the name changed is a different receipt too.
    let mut renamed = first.clone();
    renamed.character = "Not Rook".into();
    assert!(matches!(
        store.open(&renamed).verdict,
        Verdict::AnsweredBefore { .. }
    ));
    // The store, written and read back, still tells them apart.
    let text = serde_json::to_string(&store).unwrap();
    let read: SentChecks = serde_json::from_str(&text).unwrap();
    assert_eq!(read, store);
    assert!(!read.open(&first).first_time);
    assert_eq!(
        read.open(&second).verdict,
        Verdict::AnsweredBefore {
            sent_ms: check.sent_ms
        }
    );
}

/// The fingerprint is fixed for a receipt and differs for every changed field; worked out by
/// hand for the shape: 32 hex digits.
#[test]
fn a_receipts_fingerprint_tells_receipts_apart() {
    let check = ix_check(52);
    let r = honest_receipt(&check, &player_pool(&check));
    let f = receipt_fingerprint(&r);
    assert_eq!(f.len(), 32);
    assert!(is_seal(&f), "lowercase hex: {f}");
    let read = read_receipt_fragment(&receipt_fragment(&r)).unwrap();
    assert_eq!(receipt_fingerprint(&read), f);
    let mut label = r.clone();
    label.label.push('!');
    let mut outcome = r.clone();
    outcome.outcome.push('!');
    let mut dice = r.clone();
    dice.dice[0] = (dice.dice[0] + 1) % 6;
    for other in [label, outcome, dice] {
        assert_ne!(receipt_fingerprint(&other), f);
    }
}

/// An Expedition check carries the Factors that made its Ob to the player, and a player's free
/// successes ride on the receipt: they count on the margin, never change a die, and verify.
#[test]
fn an_expedition_check_shows_its_factors_and_takes_free_successes() {
    let why = vec![
        "Complexity: moderate +2".to_string(),
        "Lighting: dark +2".to_string(),
    ];
    let check = SealedCheck::new(
        Proposal::Expedition {
            label: "Climb the wall".into(),
            ob: 4,
            why: why.clone(),
        },
        1_700_000_000_000,
        &mut rng(41),
    );
    let read = read_check_fragment(&check_fragment(&check)).unwrap();
    assert_eq!(read, check);
    let Proposal::Expedition { why: heard, .. } = &read.proposal else {
        panic!("an Expedition check");
    };
    assert_eq!(heard, &why);

    let with_free = SealedPool::Expedition {
        dice: 6,
        ob: 4,
        free: 2,
    };
    let without = SealedPool::Expedition {
        dice: 6,
        ob: 4,
        free: 0,
    };
    let (a, b) = (
        roll_sealed(&check, &with_free).unwrap(),
        roll_sealed(&check, &without).unwrap(),
    );
    assert_eq!(a.dice, b.dice, "a free success changes no die");
    let (RawRoll::Expedition(ta), RawRoll::Expedition(tb)) = (&a.roll, &b.roll) else {
        panic!("Expedition rolls");
    };
    assert_eq!(ta.passed, tb.passed, "free successes never make a pass");
    if ta.passed {
        assert_eq!(ta.margin, tb.margin + 2);
    }
    let receipt = Receipt::of(&check, "Rook", &a);
    let back = read_receipt_fragment(&receipt_fragment(&receipt)).unwrap();
    assert_eq!(back.pool, with_free);
    assert!(matches!(verify(&back, &[check]), Verdict::Verified { .. }));
}
