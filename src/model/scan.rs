//! Reading a Satchel code from a camera frame: the frame's brightness in, the link's fragment
//! out. Where the browser has a barcode detector the UI asks it first; this decoder (rqrr, a
//! port of quirc) reads the frame where it has none. Pure, so a test feeds it a generated code.
//!
//! | | |
//! | --- | --- |
//! | [`luma_from_rgba`] | a canvas frame's RGBA pixels as brightness |
//! | [`decode_luma`] | the text of the first QR code found in a frame |
//! | [`satchel_fragment`] | the `#/...` fragment of a Satchel link, or why the text is not one |
//! | [`ScanError`] | what a frame or a code is not, with a sentence for the user |

use std::fmt;

use super::link_code::{ANSWER_ROUTE, JOIN_ROUTE};
use super::sealed::{CHECK_ROUTE, RECEIPT_ROUTE};
use super::share::{POOL_ROUTE, SHARE_MAX_ENCODED, SHARE_ROUTE};
use super::sync::STATUS_ROUTE;
use super::table_link::MSG_ROUTE;

/// Every route a Satchel link may carry, each opened by its own preview (the shell routes
/// them from this same list).
pub const LINK_ROUTES: [&str; 6] = [
    SHARE_ROUTE,
    MSG_ROUTE,
    STATUS_ROUTE,
    POOL_ROUTE,
    CHECK_ROUTE,
    RECEIPT_ROUTE,
];

/// The longest text taken from a code: the longest share link and its address.
const TEXT_MAX: usize = SHARE_MAX_ENCODED + 2048;

/// Why a frame gave no Satchel link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScanError {
    /// No QR code in the frame (the usual case while the camera is still being aimed).
    NothingFound,
    /// A code was found but could not be read (blurred, cut off, too far away).
    Unreadable,
    /// The frame's size and pixels disagree.
    BadFrame,
    /// A code that is not a Satchel link (a web address, a Wi-Fi code...).
    NotSatchel,
}

impl fmt::Display for ScanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScanError::NothingFound => "No QR code in view yet.",
            ScanError::Unreadable => {
                "A QR code is in view but cannot be read yet: hold it steady, closer, in good light."
            }
            ScanError::BadFrame => "The camera's picture could not be read.",
            ScanError::NotSatchel => {
                "That QR code is not a Satchel link (a character, a status update, a difficulty, a sealed check, a receipt, or a table's join or answer code). Nothing was opened."
            }
        })
    }
}

impl std::error::Error for ScanError {}

/// Brightness (ITU-R BT.601 weights, in integers) of each RGBA pixel; alpha is ignored.
pub fn luma_from_rgba(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .map(|p| {
            ((299 * u32::from(p[0]) + 587 * u32::from(p[1]) + 114 * u32::from(p[2])) / 1000) as u8
        })
        .collect()
}

/// The text of the first QR code in a `width` x `height` frame of brightness values that can
/// be read; the first failure if codes were found but none could be.
pub fn decode_luma(width: usize, height: usize, luma: &[u8]) -> Result<String, ScanError> {
    if width == 0 || height == 0 || width.checked_mul(height) != Some(luma.len()) {
        return Err(ScanError::BadFrame);
    }
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| luma[y * width + x]);
    let grids = image.detect_grids();
    if grids.is_empty() {
        return Err(ScanError::NothingFound);
    }
    grids
        .iter()
        .find_map(|g| g.decode().ok().map(|(_, text)| text))
        .ok_or(ScanError::Unreadable)
}

/// The fragment (`#/status/...`) of a Satchel link, whichever deployment's address it starts
/// with: a code made on the GM's fork opens in the player's. Anything else is refused, so a
/// code never sends the app to another site.
pub fn satchel_fragment(text: &str) -> Result<String, ScanError> {
    let text = text.trim();
    if text.len() > TEXT_MAX {
        return Err(ScanError::NotSatchel);
    }
    let fragment = text.find('#').map_or(text, |at| &text[at..]);
    LINK_ROUTES
        .iter()
        .chain(&[JOIN_ROUTE, ANSWER_ROUTE])
        .any(|r| fragment.starts_with(r) && fragment.len() > r.len())
        .then(|| fragment.to_string())
        .ok_or(ScanError::NotSatchel)
}
