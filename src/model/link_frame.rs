//! What travels on a live link's channel: one frame per message. A hello when the channel
//! opens (who is on this end), a ping now and then (so each side knows when it last heard
//! the other), and data: the table's own messages, as opaque text.
//!
//! A hello may ask for the other side's hello in return. A side that has not heard the other's
//! hello keeps asking in place of its pings, so a hello lost to a missed `open` event (or sent
//! before the other side listened) is said again and neither side stays "connecting".
//!
//! A frame is its kind's letter, then its body. Text, because a data channel carries text as
//! is and the messages riding on it are text.

use std::fmt;

use super::link_code::{valid_device, valid_name};

/// Largest frame sent or read: the message size every browser accepts (256 KiB).
pub const FRAME_MAX_BYTES: usize = 262_144;

/// One message on the channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// Who is on this end; `asks` when the other side's hello is still wanted in return.
    Hello {
        device: String,
        name: String,
        asks: bool,
    },
    Ping,
    Data(String),
}

/// Why a frame was not read or not sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FrameError {
    TooLarge,
    Unknown,
    BadHello,
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FrameError::TooLarge => {
                "This message is larger than a live link carries at once (256 KB)."
            }
            FrameError::Unknown => {
                "A message of a kind this Satchel does not know arrived and was ignored."
            }
            FrameError::BadHello => {
                "The other device said who it is in a form Satchel does not accept."
            }
        })
    }
}

impl std::error::Error for FrameError {}

impl Frame {
    /// The frame as sent; refuses data larger than a channel carries.
    pub fn encode(&self) -> Result<String, FrameError> {
        let text = match self {
            Frame::Hello { device, name, asks } => {
                format!("{}{device}\n{name}", if *asks { 'H' } else { 'h' })
            }
            Frame::Ping => "p".to_string(),
            Frame::Data(text) => format!("d{text}"),
        };
        if text.len() > FRAME_MAX_BYTES {
            return Err(FrameError::TooLarge);
        }
        Ok(text)
    }

    /// Reads a received frame; a hello must carry an id and a name Satchel makes.
    pub fn decode(text: &str) -> Result<Frame, FrameError> {
        if text.len() > FRAME_MAX_BYTES {
            return Err(FrameError::TooLarge);
        }
        let mut chars = text.chars();
        match chars.next() {
            Some(kind @ ('h' | 'H')) => {
                let (device, name) = chars
                    .as_str()
                    .split_once('\n')
                    .ok_or(FrameError::BadHello)?;
                if !valid_device(device) || !valid_name(name) {
                    return Err(FrameError::BadHello);
                }
                Ok(Frame::Hello {
                    device: device.to_string(),
                    name: name.to_string(),
                    asks: kind == 'H',
                })
            }
            Some('p') if chars.as_str().is_empty() => Ok(Frame::Ping),
            Some('d') => Ok(Frame::Data(chars.as_str().to_string())),
            _ => Err(FrameError::Unknown),
        }
    }
}
