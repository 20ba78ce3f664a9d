//! Share links: a character (`#/share/<data>`) or a GM's proposed difficulty (`#/pool/<data>`)
//! travels inside the URL fragment, deflated and base64url-encoded. The fragment never reaches
//! a server. Opening a link is an import of untrusted data: it is bounded, validated like a
//! file, previewed, and used only when the user says so.

use serde::{Deserialize, Serialize};

use super::character::{Character, clean_name, routable_id};
use super::document::{DocError, decode_character, encode};
use crate::rules::ix::pool::Pool as IxPool;
use std::fmt;

/// Route prefix of a shared character's fragment.
pub const SHARE_ROUTE: &str = "#/share/";
/// Route prefix of a proposed difficulty's fragment.
pub const POOL_ROUTE: &str = "#/pool/";
/// Longest label a proposal may carry.
pub const PROPOSAL_LABEL_MAX: usize = 120;
/// Longest encoded payload accepted (a link this long is already unwieldy).
pub const SHARE_MAX_ENCODED: usize = 16 * 1024;
/// Largest payload after inflating: stops a small "zip bomb" fragment.
pub const SHARE_MAX_JSON: usize = 256 * 1024;
/// The most dice, or the highest Ob, one of the dice tray's fields takes. A proposal is held to
/// it when read, so a link the tray would refuse is refused at once, in words.
pub const TRAY_FIELD_MAX: u32 = 30;

/// Why a share link cannot be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareError {
    TooLong,
    NotALink,
    Damaged,
    Character(DocError),
    BadName(String),
    /// A value on the shared sheet is out of its range; the first such, in words.
    OutOfRange(String),
    /// A proposal's label is longer than [`PROPOSAL_LABEL_MAX`].
    LongLabel,
    /// A proposal's Ob is more than the tray takes.
    ObTooHigh(u32),
    /// A proposal's Ob carries more reasons, or longer ones, than a proposal may.
    LongReasons,
    /// Sending: the character's link would be longer than a receiver accepts.
    TooBigToShare {
        bytes: usize,
    },
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::TooLong => write!(f, "This share link is too long to be a Satchel link."),
            ShareError::NotALink => write!(f, "This is not a Satchel share link."),
            ShareError::Damaged => write!(
                f,
                "This share link is damaged (perhaps cut off when it was copied)."
            ),
            ShareError::Character(e) => write!(f, "The shared character cannot be opened: {e}."),
            ShareError::BadName(why) => write!(f, "The shared character's name is unusable: {why}"),
            ShareError::OutOfRange(why) => write!(
                f,
                "The shared character has a value Satchel cannot use ({why}); nothing was saved."
            ),
            ShareError::LongLabel => write!(
                f,
                "The proposed check's label is longer than {PROPOSAL_LABEL_MAX} characters."
            ),
            ShareError::ObTooHigh(ob) => write!(
                f,
                "The proposed Ob is {ob}; the dice tray takes an Ob from 0 to {TRAY_FIELD_MAX}."
            ),
            ShareError::LongReasons => write!(
                f,
                "The proposed Ob gives more reasons than Satchel shows (at most {PROPOSAL_REASONS_MAX}, each within {PROPOSAL_REASON_CHARS} characters)."
            ),
            ShareError::TooBigToShare { bytes } => write!(
                f,
                "This character is too big for a link ({} KB, and a link carries at most {} KB). Export it from the roster and send the file instead.",
                bytes.div_ceil(1024),
                SHARE_MAX_ENCODED / 1024
            ),
        }
    }
}

impl std::error::Error for ShareError {}

/// A difficulty the GM proposes for a check, to merge into a player's dice tray.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "system", rename_all = "lowercase")]
pub enum Proposal {
    /// The difficulty side (Trial, Crisis, Bane dice, a Peril spend) of this pool.
    Ix { label: String, pool: IxPool },
    /// The Objective of an Expedition test, and what made it ("Complexity: moderate +2"), so
    /// the player sees the Factors before rolling.
    Expedition {
        label: String,
        ob: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        why: Vec<String>,
    },
}

/// Most reasons an Ob carries, and the longest one, in characters.
pub const PROPOSAL_REASONS_MAX: usize = 12;
pub const PROPOSAL_REASON_CHARS: usize = 60;

impl Proposal {
    pub fn label(&self) -> &str {
        match self {
            Proposal::Ix { label, .. } | Proposal::Expedition { label, .. } => label,
        }
    }
}

pub(crate) fn pack(json: &str, route: &str) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    format!("{route}{}", base64url_encode(&packed))
}

fn unpack(fragment: &str, route: &str) -> Result<String, ShareError> {
    unpack_within(fragment, route, SHARE_MAX_ENCODED, SHARE_MAX_JSON)
}

/// [`unpack`] with the route's own limits on the encoded and the inflated length.
pub(crate) fn unpack_within(
    fragment: &str,
    route: &str,
    max_encoded: usize,
    max_json: usize,
) -> Result<String, ShareError> {
    let data = fragment.strip_prefix(route).ok_or(ShareError::NotALink)?;
    if data.len() > max_encoded {
        return Err(ShareError::TooLong);
    }
    let packed = base64url_decode(data).ok_or(ShareError::Damaged)?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, max_json)
        .map_err(|_| ShareError::Damaged)?;
    String::from_utf8(json).map_err(|_| ShareError::Damaged)
}

/// The fragment (starting with `#/share/`) that carries this character, refused when it would
/// be longer than `read_share_fragment` accepts: a link is never offered that cannot be opened.
pub fn share_fragment(c: &Character) -> Result<String, ShareError> {
    let fragment = pack(&encode(c), SHARE_ROUTE);
    let bytes = fragment.len() - SHARE_ROUTE.len();
    if bytes > SHARE_MAX_ENCODED {
        return Err(ShareError::TooBigToShare { bytes });
    }
    Ok(fragment)
}

/// Reads a share fragment back into a validated character.
pub fn read_share_fragment(fragment: &str) -> Result<Character, ShareError> {
    let text = unpack(fragment, SHARE_ROUTE)?;
    let mut c = decode_character(&text).map_err(ShareError::Character)?;
    c.id = routable_id(&c.id);
    clean_name(&c.name).map_err(|e| ShareError::BadName(e.to_string()))?;
    c.sheet.check().map_err(ShareError::OutOfRange)?;
    Ok(c)
}

/// The fragment (starting with `#/pool/`) that carries a proposed difficulty.
pub fn proposal_fragment(p: &Proposal) -> String {
    pack(&encode(p), POOL_ROUTE)
}

/// Reads a proposed difficulty; the pool's counts are checked by its own deserialisation.
pub fn read_proposal_fragment(fragment: &str) -> Result<Proposal, ShareError> {
    let text = unpack(fragment, POOL_ROUTE)?;
    let p: Proposal = serde_json::from_str(&text).map_err(|_| ShareError::Damaged)?;
    check_proposal(&p)?;
    Ok(p)
}

/// What a proposal must be wherever it arrives from (a proposal link, a sealed check): a label
/// the tray shows, an Ob the tray takes.
pub(crate) fn check_proposal(p: &Proposal) -> Result<(), ShareError> {
    if p.label().chars().count() > PROPOSAL_LABEL_MAX {
        return Err(ShareError::LongLabel);
    }
    if let Proposal::Expedition { ob, why, .. } = p {
        if *ob > TRAY_FIELD_MAX {
            return Err(ShareError::ObTooHigh(*ob));
        }
        if why.len() > PROPOSAL_REASONS_MAX
            || why
                .iter()
                .any(|w| w.chars().count() > PROPOSAL_REASON_CHARS)
        {
            return Err(ShareError::LongReasons);
        }
    }
    Ok(())
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Unpadded base64url (RFC 4648 section 5): safe in a fragment without escaping.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// Decodes unpadded base64url; `None` on any character outside the alphabet or a bad length.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.as_bytes().chunks(4) {
        if chunk.len() == 1 {
            return None;
        }
        let mut n = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            let v = ALPHABET.iter().position(|a| a == c)? as u32;
            n |= v << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::System;

    #[test]
    fn base64url_matches_the_rfc_vectors() {
        // RFC 4648 section 10, without padding.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url_encode(plain.as_bytes()), coded);
            assert_eq!(base64url_decode(coded).unwrap(), plain.as_bytes());
        }
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(base64url_decode("Z"), None);
        assert_eq!(base64url_decode("Zm9v!"), None);
    }

    #[test]
    fn a_character_survives_the_trip_through_a_link() {
        let c = Character::new("abc".into(), System::Expedition, "Rook <b>".into(), 9);
        let fragment = share_fragment(&c).unwrap();
        assert!(fragment.starts_with("#/share/"));
        assert!(
            fragment.len() < 200,
            "small enough for a QR code: {}",
            fragment.len()
        );
        assert_eq!(read_share_fragment(&fragment), Ok(c));
        // An id an address cannot carry (from a hand-made link) is rewritten, not kept.
        let mut odd = Character::new("x".into(), System::Ix, "Odd".into(), 1);
        odd.id = "a b/c".into();
        let read = read_share_fragment(&share_fragment(&odd).unwrap()).unwrap();
        assert_eq!(read.id, "a_20b_2fc");
    }

    #[test]
    fn proposals_survive_the_trip_and_bad_ones_are_refused() {
        let pool = IxPool::from_counts(0, 0, 0, 2, 1, 1).unwrap();
        for p in [
            Proposal::Ix {
                label: "Pick the lock".into(),
                pool,
            },
            Proposal::Expedition {
                label: "Climb the wall".into(),
                ob: 3,
                why: Vec::new(),
            },
            Proposal::Expedition {
                label: "Climb the wall in the dark".into(),
                ob: 4,
                why: vec!["Complexity: moderate +2".into(), "Lighting: dark +2".into()],
            },
        ] {
            let fragment = proposal_fragment(&p);
            assert!(fragment.starts_with(POOL_ROUTE));
            assert_eq!(read_proposal_fragment(&fragment), Ok(p));
        }
        let too_many = r#"{"system":"ix","label":"x","pool":{"ability":0,"mastery":0,"boon_dice":0,"trial":99,"crisis":0,"bane_dice":0}}"#;
        assert_eq!(
            read_proposal_fragment(&pack(too_many, POOL_ROUTE)),
            Err(ShareError::Damaged)
        );
        // An Ob the tray would refuse is refused here, saying why; the tray's highest passes.
        let high_ob = r#"{"system":"expedition","label":"x","ob":200}"#;
        let refused = read_proposal_fragment(&pack(high_ob, POOL_ROUTE));
        assert_eq!(refused, Err(ShareError::ObTooHigh(200)));
        assert_eq!(
            refused.unwrap_err().to_string(),
            "The proposed Ob is 200; the dice tray takes an Ob from 0 to 30."
        );
        let top = Proposal::Expedition {
            label: "x".into(),
            ob: TRAY_FIELD_MAX,
            why: vec!["y".repeat(PROPOSAL_REASON_CHARS); PROPOSAL_REASONS_MAX],
        };
        assert_eq!(read_proposal_fragment(&proposal_fragment(&top)), Ok(top));
        // A long label is named as a label, not as a character's name.
        for why in [
            vec!["y".repeat(PROPOSAL_REASON_CHARS + 1)],
            vec!["y".into(); PROPOSAL_REASONS_MAX + 1],
        ] {
            let many = Proposal::Expedition {
                label: "x".into(),
                ob: 2,
                why,
            };
            let refused = read_proposal_fragment(&proposal_fragment(&many));
            assert_eq!(refused, Err(ShareError::LongReasons));
        }
        let long = Proposal::Expedition {
            label: "x".repeat(PROPOSAL_LABEL_MAX + 1),
            ob: 2,
            why: Vec::new(),
        };
        let refused = read_proposal_fragment(&proposal_fragment(&long)).unwrap_err();
        assert_eq!(refused, ShareError::LongLabel);
        assert!(
            refused
                .to_string()
                .starts_with("The proposed check's label")
        );
        assert_eq!(
            read_proposal_fragment(
                &share_fragment(&Character::new("a".into(), System::Ix, "A".into(), 1)).unwrap()
            ),
            Err(ShareError::NotALink)
        );
    }

    #[test]
    fn damaged_links_are_refused() {
        assert_eq!(read_share_fragment("#/roster"), Err(ShareError::NotALink));
        assert_eq!(read_share_fragment("#/share/%%%"), Err(ShareError::Damaged));
        assert_eq!(
            read_share_fragment("#/share/Zm9v"),
            Err(ShareError::Damaged)
        );
        let long = format!("#/share/{}", "A".repeat(SHARE_MAX_ENCODED + 1));
        assert_eq!(read_share_fragment(&long), Err(ShareError::TooLong));
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; SHARE_MAX_JSON + 10], 9);
        let fragment = format!("#/share/{}", base64url_encode(&bomb));
        assert_eq!(read_share_fragment(&fragment), Err(ShareError::Damaged));
    }
}
