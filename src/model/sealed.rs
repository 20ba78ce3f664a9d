//! Sealed rolls: the GM asks a player for a check by link, and the player's answer can be
//! checked on the GM's device, offline.
//!
//! | | |
//! | --- | --- |
//! | [`SealedCheck`], [`check_fragment`], [`read_check_fragment`] | a proposed difficulty with a random seal, as a `#/check/` link, and back |
//! | [`SealedPool`], [`sealed_rng`], [`roll_sealed`] -> [`SealedRoll`] | the player's whole pool, and the one roll the seal gives it |
//! | [`Receipt`], [`receipt_fragment`], [`read_receipt_fragment`] | what the player sends back, as a `#/receipt/` link, and back |
//! | [`verify`] -> [`Verdict`] | the GM's device rolls again from the seal and names every difference |
//! | [`SentChecks`], [`SentEdit`] | the GM's store of checks sent and receipts verified, and its reducer |
//! | [`SentChecks::open`] -> [`Opened`] | what opening a receipt here finds, and whether it is logged (once) |
//! | [`receipt_record`] | a receipt, verified or not, as a roll-log entry |
//! | [`SealError`] | every refusal, with a sentence for the user |
//!
//! The roll is a function of the seal and the player's whole pool, so rolling again gives the
//! same dice: a player cannot reroll a check until it succeeds, and the GM recomputes the dice
//! instead of trusting them. What a seal cannot stop: anyone holding the check's link can work
//! out the roll of any pool offline, so a player could try pools before sending one. The pool
//! is on the receipt, die by die, for the GM to judge, and a seal verifies only once.

use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

use super::rolls::{RollRecord, hex};
use super::seeded::Seeded;
pub use super::share::PROPOSAL_LABEL_MAX;
use super::share::{
    PROPOSAL_REASON_CHARS, PROPOSAL_REASONS_MAX, Proposal, ShareError, TRAY_FIELD_MAX,
    check_proposal, pack, unpack_within,
};
use crate::rules::expedition::dice::{
    MAX_POOL, PoolRoll as ExpRoll, TestOutcome, describe_test, roll_pool, test_of_roll,
};
use crate::rules::ix::check::Part;
use crate::rules::ix::dice::{DieKind, RolledDie};
use crate::rules::ix::pool::{Pool as IxPool, PoolData, PoolRoll};

/// Route prefix of a sealed check's fragment.
pub const CHECK_ROUTE: &str = "#/check/";
/// Route prefix of a receipt's fragment.
pub const RECEIPT_ROUTE: &str = "#/receipt/";
/// Longest encoded check accepted: a real one is a few hundred characters, and one with the
/// longest label of four-byte characters still fits.
pub const CHECK_MAX_ENCODED: usize = 1024;
/// Largest check after inflating (stops a "zip bomb" fragment).
pub const CHECK_MAX_JSON: usize = 4096;
/// Longest encoded receipt accepted: it carries a label, a name and every die, so it has more
/// room than a check.
pub const RECEIPT_MAX_ENCODED: usize = 2048;
/// Largest receipt after inflating.
pub const RECEIPT_MAX_JSON: usize = 4096;
/// Longest character name a receipt carries; [`Receipt::of`] cuts a longer one.
pub const RECEIPT_NAME_MAX: usize = 60;
/// Longest outcome a receipt carries: the rules' words are far shorter.
pub const RECEIPT_OUTCOME_MAX: usize = 200;
/// Hex digits of a seal (128 random bits).
pub const SEAL_CHARS: usize = 32;
/// Schema of the GM's store of sent checks.
pub const SENT_SCHEMA: u32 = 1;
/// Sent checks kept; the oldest are dropped first.
pub const SENT_KEPT: usize = 50;
/// Receipts remembered as logged, for the checks kept; the oldest are dropped first. Past it a
/// receipt opened long ago may be logged a second time, nothing worse.
pub const OPENED_KEPT: usize = 200;
/// Names the receipt fingerprint's hash (see [`receipt_fingerprint`]).
pub const RECEIPT_DOMAIN: &str = "satchel-receipt-v1";
/// Names this use of SHA-256, and the version of the seed's encoding: changing how a pool is
/// encoded changes every sealed roll, so it needs a new domain, and old receipts stay
/// checkable by a build that knows both.
pub const SEAL_DOMAIN: &str = "satchel-sealed-roll-v1";
/// Most additions a receipt names (every condition, a carried Bane, a guard, Defense, a
/// spell and a Grant fit well within it).
pub const ADDITIONS_MAX: usize = 12;

/// Why a sealed check, a receipt or an edit of the sent checks was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SealError {
    /// The text does not start with the route it should.
    NotALink,
    /// Longer than the route accepts.
    TooLong,
    /// Not base64url, not deflate, inflates past the limit, or not JSON.
    Damaged,
    /// Reads as JSON, but not as a sealed check or receipt.
    Foreign,
    /// The seal is not 32 lowercase hex digits.
    BadSeal,
    /// The label is longer than [`PROPOSAL_LABEL_MAX`].
    LongLabel,
    /// The Ob's reasons are more, or longer, than a check may carry.
    LongReasons,
    /// The character's name is longer than [`RECEIPT_NAME_MAX`].
    LongName,
    /// The receipt's outcome is longer than [`RECEIPT_OUTCOME_MAX`].
    LongOutcome,
    /// An Ob above what the dice tray takes.
    ObTooHigh(u32),
    /// An Expedition pool above the rules' largest.
    TooManyDice(u32),
    /// An Ix pool with no dice at all.
    EmptyPool,
    /// The pool is for the other game than the check.
    WrongGame,
    /// The pool's difficulty side (or Ob) is not the check's: only the player's own dice may
    /// change. Both in words.
    DifficultyDiffers { sent: String, rolled: String },
    /// The receipt's dice do not fit its pool (a die too many or too few, or a face no such
    /// die has).
    DiceDontFit,
    /// No sent check has this seal.
    UnknownSeal,
    /// A check with this seal was already sent.
    DuplicateSeal,
    /// This very receipt was opened and logged already.
    AlreadyLogged,
}

impl fmt::Display for SealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealError::NotALink => write!(f, "This is not a Satchel check or receipt link."),
            SealError::TooLong => {
                write!(f, "This link is too long to be a Satchel check or receipt.")
            }
            SealError::Damaged => write!(
                f,
                "This link is damaged (perhaps cut off when it was copied)."
            ),
            SealError::Foreign => write!(
                f,
                "This link opens, but it is not a check or a receipt Satchel made."
            ),
            SealError::BadSeal => write!(
                f,
                "This link's seal is not one Satchel makes, so the roll cannot be checked."
            ),
            SealError::LongLabel => write!(
                f,
                "The check's label is longer than {PROPOSAL_LABEL_MAX} characters."
            ),
            SealError::LongReasons => f.write_str(
                "The check's Ob gives more reasons, or longer ones, than Satchel shows.",
            ),
            SealError::LongName => write!(
                f,
                "The character's name on the receipt is longer than {RECEIPT_NAME_MAX} characters."
            ),
            SealError::LongOutcome => write!(
                f,
                "The receipt's outcome is longer than {RECEIPT_OUTCOME_MAX} characters."
            ),
            SealError::ObTooHigh(ob) => write!(
                f,
                "The Ob is {ob}; the dice tray takes an Ob from 0 to {TRAY_FIELD_MAX}."
            ),
            SealError::TooManyDice(n) => {
                write!(f, "The pool has {n} dice; a pool rolls at most {MAX_POOL}.")
            }
            SealError::EmptyPool => write!(f, "There are no dice in this pool to roll."),
            SealError::WrongGame => {
                write!(f, "This pool is for a different game from the check's.")
            }
            SealError::DifficultyDiffers { sent, rolled } => write!(
                f,
                "The GM's difficulty for this check is {sent}, but this pool has {rolled}. Only your own dice may change."
            ),
            SealError::DiceDontFit => write!(
                f,
                "The receipt's dice do not fit its pool (a die too many or too few, or a face no such die has)."
            ),
            SealError::UnknownSeal => {
                write!(f, "No check with this seal was sent from this device.")
            }
            SealError::DuplicateSeal => {
                write!(f, "A check with this seal was already sent.")
            }
            SealError::AlreadyLogged => {
                write!(f, "This receipt is already in the roll log.")
            }
        }
    }
}

impl std::error::Error for SealError {}

impl From<ShareError> for SealError {
    fn from(e: ShareError) -> Self {
        match e {
            ShareError::NotALink => SealError::NotALink,
            ShareError::TooLong => SealError::TooLong,
            ShareError::LongLabel => SealError::LongLabel,
            ShareError::LongReasons => SealError::LongReasons,
            ShareError::ObTooHigh(ob) => SealError::ObTooHigh(ob),
            _ => SealError::Damaged,
        }
    }
}

/// Whether `seal` is what [`SealedCheck::new`] makes: 32 lowercase hex digits.
pub fn is_seal(seal: &str) -> bool {
    seal.len() == SEAL_CHARS && seal.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// A proposed difficulty with a seal, as the GM sends it and keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SealedCheck {
    /// 128 random bits as 32 lowercase hex digits: too many to guess, so a receipt naming a
    /// seal can only come from someone who was sent the check.
    pub seal: String,
    pub proposal: Proposal,
    /// When the GM sent it, milliseconds since the Unix epoch.
    #[serde(default)]
    pub sent_ms: u64,
}

impl SealedCheck {
    /// Seals `proposal`. A label longer than a reader accepts is cut to
    /// [`PROPOSAL_LABEL_MAX`] characters, so every check link made can be opened.
    pub fn new<R: Rng + ?Sized>(proposal: Proposal, sent_ms: u64, rng: &mut R) -> SealedCheck {
        let mut bits = [0u8; SEAL_CHARS / 2];
        rng.fill_bytes(&mut bits);
        let proposal = match proposal {
            Proposal::Ix { label, pool } => Proposal::Ix {
                label: cut(&label, PROPOSAL_LABEL_MAX),
                pool,
            },
            Proposal::Expedition { label, ob, why } => Proposal::Expedition {
                label: cut(&label, PROPOSAL_LABEL_MAX),
                ob,
                why: why
                    .iter()
                    .take(PROPOSAL_REASONS_MAX)
                    .map(|w| cut(w, PROPOSAL_REASON_CHARS))
                    .collect(),
            },
        };
        SealedCheck {
            seal: hex(&bits),
            proposal,
            sent_ms,
        }
    }
}

fn cut(text: &str, max_chars: usize) -> String {
    text.chars().take(max_chars).collect()
}

/// A sealed check on the wire, as short as the receipt's (one-letter keys, the Ix pool as its
/// counts): a check the GM shows as a QR code should stay a small one.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckWire {
    s: String,
    #[serde(default)]
    l: String,
    #[serde(default)]
    t: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    x: Option<IxCounts>,
    /// Expedition: the Ob.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    e: Option<u32>,
    /// Expedition: what made the Ob.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    f: Vec<String>,
}

fn ix_counts(pool: &IxPool) -> IxCounts {
    let d = PoolData::from(*pool);
    (
        d.ability,
        d.mastery,
        d.boon_dice,
        d.trial,
        d.crisis,
        d.bane_dice,
        d.fortune_spent,
        d.peril_spent,
    )
}

fn ix_pool(counts: IxCounts) -> Result<IxPool, SealError> {
    let (ability, mastery, boon_dice, trial, crisis, bane_dice, fortune, peril) = counts;
    IxPool::try_from(PoolData {
        ability,
        mastery,
        boon_dice,
        trial,
        crisis,
        bane_dice,
        fortune_spent: fortune,
        peril_spent: peril,
    })
    .map_err(|_| SealError::Foreign)
}

/// The fragment (starting with `#/check/`) that carries a sealed check.
pub fn check_fragment(check: &SealedCheck) -> String {
    let (label, x, e, f) = match &check.proposal {
        Proposal::Ix { label, pool } => (label, Some(ix_counts(pool)), None, Vec::new()),
        Proposal::Expedition { label, ob, why } => (label, None, Some(*ob), why.clone()),
    };
    let wire = CheckWire {
        s: check.seal.clone(),
        l: label.clone(),
        t: check.sent_ms,
        x,
        e,
        f,
    };
    pack(
        &serde_json::to_string(&wire).unwrap_or_default(),
        CHECK_ROUTE,
    )
}

/// Reads a sealed check: bounded like every link, then held to the rules a proposal link is
/// (label length, the tray's highest Ob) and to the seal's format. The Ix pool's counts are
/// checked by its own conversion.
pub fn read_check_fragment(fragment: &str) -> Result<SealedCheck, SealError> {
    let text = unpack_within(fragment, CHECK_ROUTE, CHECK_MAX_ENCODED, CHECK_MAX_JSON)?;
    let w: CheckWire = parse(&text)?;
    if !is_seal(&w.s) {
        return Err(SealError::BadSeal);
    }
    let proposal = match (w.x, w.e) {
        (Some(x), None) => Proposal::Ix {
            label: w.l,
            pool: ix_pool(x)?,
        },
        (None, Some(ob)) => Proposal::Expedition {
            label: w.l,
            ob,
            why: w.f,
        },
        _ => return Err(SealError::Foreign),
    };
    // Held to what a proposal link is held to.
    check_proposal(&proposal)?;
    Ok(SealedCheck {
        seal: w.s,
        proposal,
        sent_ms: w.t,
    })
}

/// Text that is not JSON is damaged; JSON of another shape is foreign.
fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, SealError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|_| SealError::Damaged)?;
    serde_json::from_value(value).map_err(|_| SealError::Foreign)
}

/// The player's whole pool as rolled: their own dice with the GM's difficulty (Ix), or their
/// dice against the GM's Ob (Expedition).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SealedPool {
    Ix(IxPool),
    /// `free`: the player's free successes (+Ns). They count on the margin after a pass and
    /// never change the dice, so the seal's roll is the same with or without them.
    Expedition {
        dice: u32,
        ob: u32,
        #[serde(default, skip_serializing_if = "is_zero")]
        free: u32,
    },
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl SealedPool {
    /// The roll log's mode: "Ix" or "Expedition".
    pub fn mode(&self) -> &'static str {
        match self {
            SealedPool::Ix(_) => "Ix",
            SealedPool::Expedition { .. } => "Expedition",
        }
    }

    /// The pool in words, as the tray says it.
    pub fn describe(&self) -> String {
        match self {
            SealedPool::Ix(pool) => pool.describe(),
            SealedPool::Expedition { dice, ob, free: 0 } => describe_test(*dice, *ob),
            SealedPool::Expedition { dice, ob, free } => {
                format!("{} +{free}s", describe_test(*dice, *ob))
            }
        }
    }

    /// The fixed bytes the seed hashes. Written out here rather than taken from serde, so
    /// that a field added to a pool's stored form one day cannot change old rolls.
    fn canonical(&self) -> Vec<u8> {
        match self {
            SealedPool::Ix(pool) => {
                let mut bytes = vec![b'i'];
                bytes.extend(DieKind::ALL.map(|k| pool.count(k)));
                bytes.push(u8::from(pool.fortune_spent()));
                bytes.push(u8::from(pool.peril_spent()));
                bytes
            }
            SealedPool::Expedition { dice, ob, .. } => {
                let mut bytes = vec![b'e'];
                bytes.extend(dice.to_le_bytes());
                bytes.extend(ob.to_le_bytes());
                bytes
            }
        }
    }
}

/// The difficulty side of an Ix pool in words: "2 Trial, 1 Crisis", with a Peril spend.
pub fn ix_difficulty(pool: &IxPool) -> String {
    let mut words = pool
        .describe_side(false)
        .unwrap_or_else(|| "no difficulty dice".to_string());
    if pool.peril_spent() {
        words.push_str(" (a Peril Point spent)");
    }
    words
}

/// The generator a sealed roll draws from. Its seed is the first 8 bytes (little-endian) of
/// SHA-256 over [`SEAL_DOMAIN`], the seal and the pool's fixed encoding, each followed by a
/// zero byte so no two inputs run together. The seal makes every check's dice its own; the
/// pool in the hash ties the dice to that pool, so a receipt whose pool was edited after the
/// roll no longer matches its dice; the domain keeps these hashes apart from the roll log's.
pub fn sealed_rng(seal: &str, pool: &SealedPool) -> Seeded {
    let mut hash = Sha256::new();
    for part in [SEAL_DOMAIN.as_bytes(), seal.as_bytes(), &pool.canonical()] {
        hash.update(part);
        hash.update([0u8]);
    }
    let digest = hash.finalize();
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&digest[..8]);
    Seeded(u64::from_le_bytes(seed))
}

/// The dice of a sealed roll, as the rules rolled them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RawRoll {
    Ix(PoolRoll),
    /// The dice and the test read against the Ob.
    Expedition(TestOutcome),
}

/// A sealed roll: the pool, its dice, and both in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedRoll {
    pub pool: SealedPool,
    /// What the rules added to the GM's difficulty for this player (a condition, a carried
    /// Bane die, the target's guard or Defense, a spell's dice), each named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub additions: Vec<Part>,
    pub roll: RawRoll,
    /// The outcome in words: "Success, 2 Boons", "Pass by 1. 3 of 4 dice succeeded against Ob 2."
    pub outcome: String,
    /// Every die spelled out as the tray logs it: "Mastery die: Success and Boon",
    /// "d6: 4, success".
    pub dice: Vec<String>,
}

impl SealedRoll {
    /// The receipt's compact form of the dice: one number per die, in the order rolled. For
    /// Ix, the face's index into [`DieKind::faces`] (the die's kind follows from the pool's
    /// counts, in [`DieKind::ALL`] order); for Expedition, the face 1-6.
    pub fn faces(&self) -> Vec<u8> {
        match &self.roll {
            RawRoll::Ix(r) => r.dice.iter().map(|d| d.face_index).collect(),
            RawRoll::Expedition(t) => t.roll.faces(),
        }
    }
}

/// Rolls the player's whole pool for a sealed check with nothing added by the rules: see
/// [`roll_sealed_with`].
pub fn roll_sealed(check: &SealedCheck, pool: &SealedPool) -> Result<SealedRoll, SealError> {
    roll_sealed_with(check, pool, &[])
}

/// Rolls the player's whole pool for a sealed check. The GM sets the difficulty side (Ix) or
/// Ob (Expedition); on an Ix check the rules still add what they add to the player's own
/// check (RULINGS.md, "Sealed checks"), each named in `additions` and carried on the receipt.
/// Refused when the pool's difficulty side is not the GM's plus those additions.
pub fn roll_sealed_with(
    check: &SealedCheck,
    pool: &SealedPool,
    additions: &[Part],
) -> Result<SealedRoll, SealError> {
    if let Some(e) = difficulty_mismatch(&check.proposal, pool, additions) {
        return Err(e);
    }
    let mut roll = roll_pool_of(&check.seal, pool)?;
    roll.additions = additions.to_vec();
    Ok(roll)
}

/// Why `pool` does not carry `proposal`'s difficulty with `additions` on top, if it does not.
fn difficulty_mismatch(
    proposal: &Proposal,
    pool: &SealedPool,
    additions: &[Part],
) -> Option<SealError> {
    match (proposal, pool) {
        (Proposal::Ix { .. }, SealedPool::Ix(_)) if additions.len() > ADDITIONS_MAX => {
            Some(SealError::Foreign)
        }
        (Proposal::Ix { .. }, SealedPool::Ix(_)) if additions.iter().any(|a| !a.negative()) => {
            Some(SealError::Foreign)
        }
        (Proposal::Ix { pool: sent, .. }, SealedPool::Ix(rolled)) => {
            // The GM's side as sent, then what the rules added, in order.
            let mut expected = rolled.with_difficulty_of(sent);
            for a in additions {
                if a.apply_to(&mut expected).is_err() {
                    return Some(SealError::Foreign);
                }
            }
            let negative = [DieKind::Trial, DieKind::Crisis, DieKind::BaneDie];
            let differs = negative
                .iter()
                .any(|&k| expected.count(k) != rolled.count(k))
                || expected.peril_spent() != rolled.peril_spent();
            differs.then(|| SealError::DifficultyDiffers {
                sent: ix_difficulty(&expected),
                rolled: ix_difficulty(rolled),
            })
        }
        (Proposal::Expedition { ob: sent, .. }, SealedPool::Expedition { ob: rolled, .. }) => {
            (sent != rolled).then(|| SealError::DifficultyDiffers {
                sent: format!("Ob {sent}"),
                rolled: format!("Ob {rolled}"),
            })
        }
        _ => Some(SealError::WrongGame),
    }
}

/// The roll the seal gives `pool`, whatever the check said.
fn roll_pool_of(seal: &str, pool: &SealedPool) -> Result<SealedRoll, SealError> {
    let mut rng = sealed_rng(seal, pool);
    match pool {
        SealedPool::Ix(p) => {
            if p.is_empty() {
                return Err(SealError::EmptyPool);
            }
            let rolled = p.roll(&mut rng);
            Ok(SealedRoll {
                pool: pool.clone(),
                additions: Vec::new(),
                outcome: rolled.result.describe(),
                dice: rolled.dice.iter().map(RolledDie::label).collect(),
                roll: RawRoll::Ix(rolled),
            })
        }
        SealedPool::Expedition { dice, ob, free } => {
            let (dice, ob, free) = (*dice, *ob, *free);
            check_expedition(dice, ob, free)?;
            let roll = roll_pool(&mut rng, dice).map_err(|_| SealError::TooManyDice(dice))?;
            let test = test_of_roll(roll, ob, free).map_err(|_| SealError::ObTooHigh(ob))?;
            Ok(SealedRoll {
                pool: pool.clone(),
                additions: Vec::new(),
                outcome: format!(
                    "{}. {} of {dice} dice succeeded against Ob {ob}.",
                    test.words(),
                    test.successes
                ),
                dice: d6_labels(&test.roll),
                roll: RawRoll::Expedition(test),
            })
        }
    }
}

fn check_expedition(dice: u32, ob: u32, free: u32) -> Result<(), SealError> {
    if dice > MAX_POOL || free > MAX_POOL {
        return Err(SealError::TooManyDice(dice.max(free)));
    }
    if ob > TRAY_FIELD_MAX {
        return Err(SealError::ObTooHigh(ob));
    }
    Ok(())
}

/// The tray's words for a d6 of a pool.
fn d6_labels(roll: &ExpRoll) -> Vec<String> {
    roll.dice
        .iter()
        .map(|d| format!("d6: {}", d.label()))
        .collect()
}

/// Each die of `faces` (the receipt's compact form) spelled out for `pool`, or `None` when
/// they do not fit it.
fn labels_of(pool: &SealedPool, faces: &[u8]) -> Option<Vec<String>> {
    match pool {
        SealedPool::Ix(p) => {
            let kinds: Vec<DieKind> = DieKind::ALL
                .into_iter()
                .flat_map(|k| std::iter::repeat_n(k, usize::from(p.count(k))))
                .collect();
            if kinds.len() != faces.len() {
                return None;
            }
            kinds
                .iter()
                .zip(faces)
                .map(|(kind, &index)| {
                    let face = *kind.faces().get(usize::from(index))?;
                    Some(
                        RolledDie {
                            kind: *kind,
                            face_index: index,
                            face,
                        }
                        .label(),
                    )
                })
                .collect()
        }
        SealedPool::Expedition { dice, .. } => {
            if u32::try_from(faces.len()).ok()? != *dice {
                return None;
            }
            ExpRoll::from_faces(faces).ok().map(|r| d6_labels(&r))
        }
    }
}

/// What the player sends back: enough for the GM's device to roll again and compare.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Receipt {
    pub seal: String,
    pub label: String,
    /// Who rolled, at most [`RECEIPT_NAME_MAX`] characters.
    pub character: String,
    pub pool: SealedPool,
    /// What the rules added to the GM's difficulty, each named (see [`roll_sealed_with`]).
    pub additions: Vec<Part>,
    /// One number per die, as [`SealedRoll::faces`] gives them. On the link each is one
    /// base-36 digit ("0"-"9", "a", "b"), so a die costs one character.
    pub dice: Vec<u8>,
    /// The outcome in words, as the player's device read it.
    pub outcome: String,
}

impl Receipt {
    /// The receipt of `roll`, rolled for `check` by `character` (cut to
    /// [`RECEIPT_NAME_MAX`] characters, so every receipt made can be read).
    pub fn of(check: &SealedCheck, character: &str, roll: &SealedRoll) -> Receipt {
        Receipt {
            seal: check.seal.clone(),
            label: check.proposal.label().to_string(),
            character: cut(character, RECEIPT_NAME_MAX),
            pool: roll.pool.clone(),
            additions: roll.additions.clone(),
            dice: roll.faces(),
            outcome: cut(&roll.outcome, RECEIPT_OUTCOME_MAX),
        }
    }
}

/// An Ix pool on the wire: Ability, Mastery, Boon, Trial, Crisis, Bane dice; Fortune spent;
/// Peril spent.
type IxCounts = (u8, u8, u8, u8, u8, u8, bool, bool);

/// The receipt on the wire: one-letter keys, the Ix pool as its counts, and the dice as one
/// character each, because every byte makes the QR code denser. Unknown keys are refused so a
/// payload of another kind is never half-read.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReceiptWire {
    s: String,
    #[serde(default)]
    l: String,
    #[serde(default)]
    c: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    x: Option<IxCounts>,
    /// Expedition: dice, Ob.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    e: Option<(u32, u32)>,
    /// Expedition: free successes.
    #[serde(default, skip_serializing_if = "is_zero")]
    n: u32,
    /// What the rules added to an Ix difficulty, named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    a: Vec<Part>,
    d: String,
    o: String,
}

/// The fragment (starting with `#/receipt/`) that carries a receipt.
pub fn receipt_fragment(r: &Receipt) -> String {
    let (x, e) = match &r.pool {
        SealedPool::Ix(p) => (Some(ix_counts(p)), None),
        SealedPool::Expedition { dice, ob, .. } => (None, Some((*dice, *ob))),
    };
    let n = match &r.pool {
        SealedPool::Expedition { free, .. } => *free,
        SealedPool::Ix(_) => 0,
    };
    let wire = ReceiptWire {
        s: r.seal.clone(),
        l: r.label.clone(),
        c: r.character.clone(),
        x,
        e,
        n,
        a: r.additions.clone(),
        // A face past 35 has no digit; none of the rules' dice has that many sides.
        d: r.dice
            .iter()
            .map(|&f| char::from_digit(u32::from(f), 36).unwrap_or('?'))
            .collect(),
        o: r.outcome.clone(),
    };
    pack(
        &serde_json::to_string(&wire).unwrap_or_default(),
        RECEIPT_ROUTE,
    )
}

/// Reads a receipt: bounded, every field held to its limit, and the dice to the pool.
pub fn read_receipt_fragment(fragment: &str) -> Result<Receipt, SealError> {
    let text = unpack_within(
        fragment,
        RECEIPT_ROUTE,
        RECEIPT_MAX_ENCODED,
        RECEIPT_MAX_JSON,
    )?;
    let w: ReceiptWire = parse(&text)?;
    if !is_seal(&w.s) {
        return Err(SealError::BadSeal);
    }
    if w.l.chars().count() > PROPOSAL_LABEL_MAX {
        return Err(SealError::LongLabel);
    }
    if w.c.chars().count() > RECEIPT_NAME_MAX {
        return Err(SealError::LongName);
    }
    if w.o.chars().count() > RECEIPT_OUTCOME_MAX {
        return Err(SealError::LongOutcome);
    }
    let pool = match (w.x, w.e) {
        (Some(x), None) => SealedPool::Ix(ix_pool(x)?),
        (None, Some((dice, ob))) => {
            check_expedition(dice, ob, w.n)?;
            SealedPool::Expedition {
                dice,
                ob,
                free: w.n,
            }
        }
        _ => return Err(SealError::Foreign),
    };
    let dice =
        w.d.chars()
            .map(|c| c.to_digit(36).and_then(|v| u8::try_from(v).ok()))
            .collect::<Option<Vec<u8>>>()
            .ok_or(SealError::DiceDontFit)?;
    if labels_of(&pool, &dice).is_none() {
        return Err(SealError::DiceDontFit);
    }
    Ok(Receipt {
        seal: w.s,
        label: w.l,
        character: w.c,
        pool,
        additions: w.a,
        dice,
        outcome: w.o,
    })
}

/// What the GM's device found in a receipt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The dice are the ones the seal gives the receipt's pool, with the difficulty and label
    /// sent. `roll` is the roll as recomputed here: show it, not the receipt's words.
    Verified { sent_ms: u64, roll: SealedRoll },
    /// Each difference, in words.
    Differs(Vec<String>),
    /// No check with this seal was sent from this device (or it was dropped as too old).
    NeverSent,
    /// The dice fit the seal, but this device already verified a different receipt for the
    /// check: a seal verifies once, or a player could send the pool they liked best of several.
    AnsweredBefore { sent_ms: u64 },
}

/// Checks a receipt against the checks this device sent: rolls again from the seal and the
/// receipt's pool, and compares the game, the difficulty, the label, the dice and the outcome.
pub fn verify(receipt: &Receipt, sent: &[SealedCheck]) -> Verdict {
    let Some(check) = sent.iter().find(|c| c.seal == receipt.seal) else {
        return Verdict::NeverSent;
    };
    let mut differences = Vec::new();
    match difficulty_mismatch(&check.proposal, &receipt.pool, &receipt.additions) {
        Some(SealError::DifficultyDiffers { sent, rolled }) => differences.push(format!(
            "the difficulty sent was {sent}; the receipt rolled {rolled}"
        )),
        Some(_) => differences.push(format!(
            "the check sent was an {} check; the receipt rolled an {} pool",
            match check.proposal {
                Proposal::Ix { .. } => "Ix",
                Proposal::Expedition { .. } => "Expedition",
            },
            receipt.pool.mode()
        )),
        None => {}
    }
    if receipt.label != check.proposal.label() {
        differences.push(format!(
            "the label sent was \"{}\"; the receipt says \"{}\"",
            check.proposal.label(),
            receipt.label
        ));
    }
    let roll = match roll_pool_of(&check.seal, &receipt.pool) {
        Ok(roll) => SealedRoll {
            additions: receipt.additions.clone(),
            ..roll
        },
        Err(e) => {
            differences.push(format!("the receipt's pool cannot be rolled: {e}"));
            return Verdict::Differs(differences);
        }
    };
    let faces = roll.faces();
    if faces.len() != receipt.dice.len() {
        differences.push(format!(
            "the seal gives {} dice; the receipt has {}",
            faces.len(),
            receipt.dice.len()
        ));
    } else if faces != receipt.dice {
        differences.extend(die_differences(&roll, receipt));
    } else if roll.outcome != receipt.outcome {
        differences.push(format!(
            "the seal's dice read \"{}\"; the receipt says \"{}\"",
            roll.outcome, receipt.outcome
        ));
    }
    if differences.is_empty() {
        Verdict::Verified {
            sent_ms: check.sent_ms,
            roll,
        }
    } else {
        Verdict::Differs(differences)
    }
}

/// One sentence per die the receipt changed. Two faces of a die can show the same symbols
/// (an Ability die has two single Successes), so when the words match, the face says which.
fn die_differences(roll: &SealedRoll, receipt: &Receipt) -> Vec<String> {
    let claimed = labels_of(&receipt.pool, &receipt.dice).unwrap_or_default();
    let faces = roll.faces();
    let count = faces.len();
    faces
        .iter()
        .zip(&receipt.dice)
        .enumerate()
        .filter(|(_, (seal, said))| seal != said)
        .map(|(i, (seal, said))| {
            let ours = roll.dice.get(i).cloned().unwrap_or_default();
            let theirs = claimed
                .get(i)
                .cloned()
                .unwrap_or_else(|| "a face no such die has".to_string());
            let (ours, theirs) = if ours == theirs {
                (
                    format!("{ours} (face {})", u32::from(*seal) + 1),
                    format!("{theirs} (face {})", u32::from(*said) + 1),
                )
            } else {
                (ours, theirs)
            };
            format!(
                "the seal's die {} of {count} is {ours}; the receipt says {theirs}",
                i + 1
            )
        })
        .collect()
}

/// The roll-log entry of a receipt: the recomputed dice and outcome when it verified, the
/// receipt's own with the reason otherwise, so the log never shows an unverified roll as
/// verified.
pub fn receipt_record(receipt: &Receipt, verdict: &Verdict, time_ms: u64) -> RollRecord {
    let (faces, outcome) = match verdict {
        Verdict::Verified { roll, .. } => (
            roll.dice.clone(),
            format!("{} (sealed, verified)", roll.outcome),
        ),
        Verdict::Differs(why) => (
            labels_of(&receipt.pool, &receipt.dice).unwrap_or_default(),
            format!(
                "{} (sealed, NOT verified: {})",
                receipt.outcome,
                why.join("; ")
            ),
        ),
        Verdict::NeverSent => (
            labels_of(&receipt.pool, &receipt.dice).unwrap_or_default(),
            format!(
                "{} (sealed, NOT verified: no check with this seal was sent from this device)",
                receipt.outcome
            ),
        ),
        Verdict::AnsweredBefore { .. } => (
            labels_of(&receipt.pool, &receipt.dice).unwrap_or_default(),
            format!(
                "{} (sealed, NOT verified: a different receipt for this check was already verified on this device)",
                receipt.outcome
            ),
        ),
    };
    RollRecord {
        time_ms,
        character_id: None,
        character: Some(receipt.character.clone()),
        mode: receipt.pool.mode().to_string(),
        label: receipt.label.clone(),
        pool: receipt.pool.describe(),
        faces,
        outcome,
        seal: None,
    }
}

/// A receipt's fingerprint: SHA-256 over [`RECEIPT_DOMAIN`] and every field of the receipt,
/// each preceded by its length (so no two receipts run together), as 32 hex digits. Two links
/// that read as the same receipt have the same fingerprint; any other difference (a die, the
/// pool, the name) gives another. Compared only on this device, never sent.
pub fn receipt_fingerprint(r: &Receipt) -> String {
    let mut hash = Sha256::new();
    hash.update(RECEIPT_DOMAIN.as_bytes());
    let pool = r.pool.canonical();
    for part in [
        r.seal.as_bytes(),
        r.label.as_bytes(),
        r.character.as_bytes(),
        &pool,
        &r.dice,
        r.outcome.as_bytes(),
    ] {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part);
    }
    hex(&hash.finalize()[..SEAL_CHARS / 2])
}

/// A receipt this device opened and put in the roll log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenedReceipt {
    pub seal: String,
    /// [`receipt_fingerprint`] of the receipt.
    pub fingerprint: String,
    /// Whether it verified (then it is the one receipt its seal verifies).
    pub verified: bool,
}

/// What opening a receipt on this device found (see [`SentChecks::open`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    pub verdict: Verdict,
    /// Not opened here before: it goes in the roll log (with [`SentEdit::Opened`], which
    /// remembers it). A receipt opened again, matching or not, is not logged twice.
    pub first_time: bool,
}

/// The GM's store of sealed checks sent and of the seals whose receipts verified.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SentChecks {
    pub schema: u32,
    /// Oldest first, at most [`SENT_KEPT`].
    pub checks: Vec<SealedCheck>,
    /// Seals of the checks whose receipts verified: a seal verifies once.
    pub verified: Vec<String>,
    /// Receipts opened and logged, oldest first, at most [`OPENED_KEPT`]: the verified one
    /// of each seal, so opening it again is told apart from a second receipt, and every
    /// mismatch, so it is logged once, not at every open. (Absent before this was kept: a seal
    /// verified then counts every receipt as a second one.)
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub opened: Vec<OpenedReceipt>,
}

impl Default for SentChecks {
    fn default() -> Self {
        SentChecks {
            schema: SENT_SCHEMA,
            checks: Vec::new(),
            verified: Vec::new(),
            opened: Vec::new(),
        }
    }
}

/// A change to the sent checks.
#[derive(Debug, Clone, PartialEq)]
pub enum SentEdit {
    /// The GM sent this check.
    Sent(SealedCheck),
    /// This receipt was opened here and logged: remembered so it is never logged again, and,
    /// when it verified, as the one receipt its seal verifies. Refused for a receipt
    /// [`SentChecks::open`] would not log (opened before, or for a check never sent).
    Opened(Receipt),
}

impl SentChecks {
    /// The sent check with this seal.
    pub fn find(&self, seal: &str) -> Option<&SealedCheck> {
        self.checks.iter().find(|c| c.seal == seal)
    }

    /// Whether a receipt for this seal already verified.
    pub fn is_verified(&self, seal: &str) -> bool {
        self.verified.iter().any(|s| s == seal)
    }

    /// What opening `receipt` here finds. [`verify`] alone would verify any pool's honest
    /// dice, so a player could send a second receipt (another pool, tried after the first)
    /// and see it verified too: once a seal has verified, only that same receipt still reads
    /// as verified, and any other is [`Verdict::AnsweredBefore`].
    pub fn open(&self, receipt: &Receipt) -> Opened {
        let fingerprint = receipt_fingerprint(receipt);
        let seen = |verified_only: bool| {
            self.opened
                .iter()
                .any(|o| o.fingerprint == fingerprint && (o.verified || !verified_only))
        };
        let verdict = match verify(receipt, &self.checks) {
            Verdict::Verified { sent_ms, .. } if self.is_verified(&receipt.seal) && !seen(true) => {
                Verdict::AnsweredBefore { sent_ms }
            }
            verdict => verdict,
        };
        let first_time = !seen(false) && verdict != Verdict::NeverSent;
        Opened {
            verdict,
            first_time,
        }
    }

    /// Remembers a receipt opened for the first time (see [`SentEdit::Opened`]).
    fn remember(&mut self, receipt: &Receipt) -> Result<(), SealError> {
        let opened = self.open(receipt);
        if opened.verdict == Verdict::NeverSent {
            return Err(SealError::UnknownSeal);
        }
        if !opened.first_time {
            return Err(SealError::AlreadyLogged);
        }
        let verified = matches!(opened.verdict, Verdict::Verified { .. });
        if verified {
            self.verified.push(receipt.seal.clone());
        }
        self.opened.push(OpenedReceipt {
            seal: receipt.seal.clone(),
            fingerprint: receipt_fingerprint(receipt),
            verified,
        });
        // The oldest mismatch goes first: a flood of bad receipts must not push out the one
        // that verified (one per kept check, so far fewer than the limit).
        while self.opened.len() > OPENED_KEPT {
            let oldest = self.opened.iter().position(|o| !o.verified).unwrap_or(0);
            self.opened.remove(oldest);
        }
        Ok(())
    }

    /// Applies an edit, or refuses it and changes nothing. Past [`SENT_KEPT`] checks the
    /// oldest is dropped, and its seal with it.
    pub fn apply(&mut self, edit: SentEdit) -> Result<(), SealError> {
        match edit {
            SentEdit::Sent(check) => {
                if !is_seal(&check.seal) {
                    return Err(SealError::BadSeal);
                }
                if self.find(&check.seal).is_some() {
                    return Err(SealError::DuplicateSeal);
                }
                self.checks.push(check);
                let over = self.checks.len().saturating_sub(SENT_KEPT);
                self.checks.drain(..over);
                let checks = &self.checks;
                self.verified
                    .retain(|seal| checks.iter().any(|c| &c.seal == seal));
                self.opened
                    .retain(|o| checks.iter().any(|c| c.seal == o.seal));
            }
            SentEdit::Opened(receipt) => self.remember(&receipt)?,
        }
        Ok(())
    }
}

/// Storage name of the GM's sent checks (`satchel/v1/doc/sealed-checks`).
pub const SENT_DOC: &str = "sealed-checks";

/// Kept like the GM's other documents, so a second tab sees a check sent from the first and a
/// receipt verifies in whichever tab opens it. It never touches a character.
impl super::NamedDocument for SentChecks {
    const NAME: &'static str = SENT_DOC;
    const SCHEMA: u32 = SENT_SCHEMA;
    type Edit = SentEdit;

    fn edit_in_place(
        &mut self,
        edit: SentEdit,
        _roster: &super::Roster,
    ) -> Result<Vec<super::CharacterAction>, super::error::EditError> {
        SentChecks::apply(self, edit).map_err(|e| e.to_string())?;
        Ok(Vec::new())
    }
}
