//! Plain dice notation: what it accepts, what it refuses, and that nothing panics.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::rules::dice::{DiceError, MAX_DICE, MAX_OF_A_KIND, SIDES, check_count, parse};

#[test]
fn every_size_rolls_in_range_and_adds_up() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for sides in SIDES {
        let n = parse(&format!("4d{sides}-1")).unwrap();
        for _ in 0..100 {
            let r = n.roll(&mut rng);
            assert_eq!(r.dice.len(), 4);
            assert!(
                r.dice
                    .iter()
                    .all(|d| d.sides == sides && (1..=sides).contains(&d.face))
            );
            assert_eq!(
                r.total,
                r.dice.iter().map(|d| i64::from(d.face)).sum::<i64>() - 1
            );
            assert!(r.words().ends_with(&format!("= {}", r.total)));
        }
    }
}

#[test]
fn three_d6_plus_two() {
    let n = parse("3d6+2").unwrap();
    assert_eq!(n.canonical(), "3d6+2");
    let r = n.roll(&mut ChaCha8Rng::seed_from_u64(1));
    let faces: Vec<u32> = r.dice.iter().map(|d| d.face).collect();
    assert_eq!(
        r.words(),
        format!(
            "{} + {} + {} + 2 = {}",
            faces[0], faces[1], faces[2], r.total
        )
    );
}

#[test]
fn absurd_input_is_refused_with_words() {
    for bad in [
        "999d999", "31d6", "1000d6", "d7", "2d", "d", "+", "2d6++1", "abc", "2d6 x", "0d6",
    ] {
        let e = parse(bad).unwrap_err();
        assert!(!e.to_string().is_empty(), "{bad}");
    }
    assert!(parse(&format!("{MAX_OF_A_KIND}d6")).is_ok());
    assert!(matches!(
        parse("30d4+30d6+1d8"),
        Err(DiceError::TooManyDice { kind: None, count }) if count == u64::from(MAX_DICE) + 1
    ));
    assert_eq!(
        check_count("bonus dice", 31, 0, 30)
            .unwrap_err()
            .to_string(),
        "bonus dice is 31, but it must be between 0 and 30."
    );
    assert_eq!(check_count("bonus dice", 3, 0, 30), Ok(3));
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,100}") {
        let _ = parse(&s).map(|n| n.roll(&mut ChaCha8Rng::seed_from_u64(0)));
    }

    #[test]
    fn dice_like_text_never_panics(s in "[0-9dD%+\\- ]{0,40}") {
        if let Ok(n) = parse(&s) {
            prop_assert!(n.dice() >= 1 && n.dice() <= MAX_DICE);
            prop_assert!(n.groups.iter().all(|g| g.0 <= MAX_OF_A_KIND));
            // The canonical form reads back to the same thing.
            prop_assert_eq!(parse(&n.canonical()), Ok(n));
        }
    }
}
