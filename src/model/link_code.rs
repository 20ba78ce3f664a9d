//! The two codes that set up a live link between two devices at the table, with no server:
//! the host's join code and the joining device's answer code. Each carries one side's WebRTC
//! session description, trimmed to what a data channel needs (see `docs/link.md`).
//!
//! | | |
//! | --- | --- |
//! | [`TrimmedSdp`] | the few fields of a session description a data channel needs, and back |
//! | [`JoinCode`] | the host's offer, who hosts, and the link's key: `#/join/<code>` |
//! | [`AnswerCode`] | the joining device's answer and who it is: `#/answer/<code>` |
//! | [`read_code`] | either code from a link, a fragment or the bare code, or why not |
//! | [`LinkCodeError`] | what a code or a description is not, with a sentence for the user |
//!
//! A code is binary (fixed-size fields where the browser's values have a fixed size, the ICE
//! strings packed at six bits a character) then base64url, because every character makes the
//! QR code denser. Length limits are checked before anything is decoded.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use super::share::{base64url_decode, base64url_encode};

/// Route prefix of a join code's fragment.
pub const JOIN_ROUTE: &str = "#/join/";
/// Route prefix of an answer code's fragment.
pub const ANSWER_ROUTE: &str = "#/answer/";
/// Longest code text read (a real join code is about 200 characters).
pub const CODE_MAX_CHARS: usize = 600;
/// Longest session description trimmed (a browser's is under 1,000 characters).
pub const SDP_MAX_CHARS: usize = 16 * 1024;
/// Candidates a code keeps: enough for a device on two networks, few enough for the QR code.
pub const CANDIDATES_KEPT: usize = 4;
/// Longest display name, in characters.
pub const NAME_MAX_CHARS: usize = 40;
/// Bytes of a device id (shown as twice as many hex digits).
pub const DEVICE_ID_BYTES: usize = 8;

const VERSION: u8 = 1;
const KIND_JOIN: u8 = 1;
const KIND_ANSWER: u8 = 2;
const UFRAG_MAX: usize = 32;
const PWD_MAX: usize = 64;
const MID_MAX: usize = 16;
const HOSTNAME_MAX: usize = 64;
const NAME_MAX_BYTES: usize = NAME_MAX_CHARS * 4;
/// Chromium's, Firefox's and Safari's values: a code leaves them out when they are these.
const DEFAULT_SCTP_PORT: u16 = 5000;
const DEFAULT_MAX_MESSAGE: u32 = 262_144;
const FLAG_SCTP_DEFAULTS: u8 = 0b100;

/// Which code a text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeKind {
    Join,
    Answer,
}

impl CodeKind {
    pub fn label(self) -> &'static str {
        match self {
            CodeKind::Join => "a table's join code",
            CodeKind::Answer => "a player's answer code",
        }
    }
}

/// Why a code or a session description was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkCodeError {
    /// Longer than any code Satchel makes.
    TooLong,
    /// Empty, or not a code at all (other characters, a damaged copy).
    NotACode,
    /// A code of the other kind.
    WrongKind { found: CodeKind },
    /// Made by a newer Satchel.
    Newer,
    /// The code's bytes do not add up (cut short, trailing bytes, a field out of range).
    Damaged,
    /// A session description without a field a link needs (named).
    Missing(&'static str),
    /// A session description for something other than one data channel.
    NotDataChannel,
    /// A fingerprint other than sha-256.
    Fingerprint,
    /// A name that is empty, too long, or holds control characters.
    BadName,
    /// A device id that is not Satchel's.
    BadDevice,
}

impl fmt::Display for LinkCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkCodeError::TooLong => f.write_str("This is longer than any Satchel link code, so it was not read."),
            LinkCodeError::NotACode => f.write_str("This is not a Satchel link code: copy the whole code or link again."),
            LinkCodeError::WrongKind { found } => write!(f, "This is {}, not the code asked for here.", found.label()),
            LinkCodeError::Newer => f.write_str("This code was made by a newer Satchel: update Satchel on this device (Reload to update) and try again."),
            LinkCodeError::Damaged => f.write_str("This code is damaged or cut short: copy or scan it again."),
            LinkCodeError::Missing(what) => write!(f, "The browser's connection details have no {what}, so no code could be made."),
            LinkCodeError::NotDataChannel => f.write_str("The browser's connection details are not for a data link, so no code could be made."),
            LinkCodeError::Fingerprint => f.write_str("The browser's connection details use a fingerprint other than sha-256, which Satchel's codes do not carry."),
            LinkCodeError::BadName => write!(f, "A name must be 1 to {NAME_MAX_CHARS} characters, without line breaks."),
            LinkCodeError::BadDevice => f.write_str("This code names a device id Satchel does not make."),
        }
    }
}

impl std::error::Error for LinkCodeError {}

/// The DTLS role a side takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setup {
    ActPass,
    Active,
    Passive,
}

impl Setup {
    fn word(self) -> &'static str {
        match self {
            Setup::ActPass => "actpass",
            Setup::Active => "active",
            Setup::Passive => "passive",
        }
    }
}

/// Where a candidate listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CandidateAddress {
    V4([u8; 4]),
    V6([u8; 16]),
    /// A browser's mDNS name (`<uuid>.local`), which hides the device's address: the uuid.
    Mdns([u8; 16]),
    /// Any other host name.
    Name(String),
}

/// A host candidate over UDP: no ICE servers, so the only kind a browser offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub address: CandidateAddress,
    pub port: u16,
}

/// What a data channel's session description needs, and nothing else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrimmedSdp {
    pub ufrag: String,
    pub pwd: String,
    pub fingerprint: [u8; 32],
    pub setup: Setup,
    pub mid: String,
    pub sctp_port: u16,
    pub max_message_size: u32,
    pub candidates: Vec<Candidate>,
}

/// The host's code: its offer, who it is, and the key the two devices will share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinCode {
    pub sdp: TrimmedSdp,
    /// The host's device id.
    pub host: String,
    pub host_name: String,
    pub key: [u8; 32],
}

/// The joining device's code: its answer and who it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerCode {
    pub sdp: TrimmedSdp,
    pub device: String,
    pub name: String,
}

/// Either code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkCode {
    Join(JoinCode),
    Answer(AnswerCode),
}

fn ice_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '+' || c == '/'
}

fn valid_ice(s: &str, max: usize) -> bool {
    !s.is_empty() && s.len() <= max && s.chars().all(ice_char)
}

fn hex_pair(s: &str) -> Option<u8> {
    (s.len() == 2).then_some(())?;
    u8::from_str_radix(s, 16).ok()
}

fn parse_fingerprint(value: &str) -> Result<[u8; 32], LinkCodeError> {
    let (algorithm, hex) = value
        .trim()
        .split_once(' ')
        .ok_or(LinkCodeError::Missing("fingerprint"))?;
    if !algorithm.eq_ignore_ascii_case("sha-256") {
        return Err(LinkCodeError::Fingerprint);
    }
    let bytes: Vec<u8> = hex
        .trim()
        .split(':')
        .map(hex_pair)
        .collect::<Option<_>>()
        .ok_or(LinkCodeError::Missing("fingerprint"))?;
    bytes
        .try_into()
        .map_err(|_| LinkCodeError::Missing("fingerprint"))
}

fn parse_uuid(name: &str) -> Option<[u8; 16]> {
    let uuid = name.strip_suffix(".local")?;
    let groups: Vec<&str> = uuid.split('-').collect();
    if groups.iter().map(|g| g.len()).collect::<Vec<_>>() != [8, 4, 4, 4, 12]
        || uuid.bytes().any(|b| b.is_ascii_uppercase())
    {
        return None;
    }
    let hex: String = groups.concat();
    let mut out = [0u8; 16];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = hex_pair(&hex[2 * i..2 * i + 2])?;
    }
    Some(out)
}

fn valid_hostname(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= HOSTNAME_MAX
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
}

/// Reads one `a=candidate:` value; `None` for anything but a UDP host candidate of component 1
/// (TCP candidates, which a data channel does not need, and relayed ones, which need servers).
fn parse_candidate(value: &str) -> Option<Candidate> {
    let f: Vec<&str> = value.split_ascii_whitespace().collect();
    if f.len() < 8
        || f[1] != "1"
        || !f[2].eq_ignore_ascii_case("udp")
        || f[6] != "typ"
        || f[7] != "host"
    {
        return None;
    }
    let port: u16 = f[5].parse().ok().filter(|p| *p != 0)?;
    let address = if let Ok(v4) = f[4].parse::<Ipv4Addr>() {
        CandidateAddress::V4(v4.octets())
    } else if let Ok(v6) = f[4].parse::<Ipv6Addr>() {
        CandidateAddress::V6(v6.octets())
    } else if let Some(uuid) = parse_uuid(f[4]) {
        CandidateAddress::Mdns(uuid)
    } else if valid_hostname(f[4]) {
        CandidateAddress::Name(f[4].to_string())
    } else {
        return None;
    };
    Some(Candidate { address, port })
}

impl TrimmedSdp {
    /// Keeps what a data channel needs of a browser's offer or answer (gathering complete, so
    /// its candidates are in it); refuses a description for media or without a needed field.
    pub fn from_sdp(sdp: &str) -> Result<TrimmedSdp, LinkCodeError> {
        if sdp.len() > SDP_MAX_CHARS {
            return Err(LinkCodeError::TooLong);
        }
        let (mut ufrag, mut pwd, mut fingerprint, mut setup, mut mid) =
            (None, None, None, None, None);
        let (mut sctp_port, mut max_message_size) = (DEFAULT_SCTP_PORT, DEFAULT_MAX_MESSAGE);
        let mut candidates = Vec::new();
        let mut media = 0;
        for line in sdp.lines().map(str::trim) {
            if let Some(m) = line.strip_prefix("m=") {
                media += 1;
                if !m.starts_with("application ") || !m.ends_with("webrtc-datachannel") {
                    return Err(LinkCodeError::NotDataChannel);
                }
                continue;
            }
            let Some((key, value)) = line.strip_prefix("a=").and_then(|a| a.split_once(':')) else {
                continue;
            };
            match key {
                "ice-ufrag" => ufrag = Some(value.to_string()),
                "ice-pwd" => pwd = Some(value.to_string()),
                "fingerprint" => fingerprint = Some(parse_fingerprint(value)?),
                "setup" => {
                    setup = Some(match value {
                        "actpass" => Setup::ActPass,
                        "active" => Setup::Active,
                        "passive" => Setup::Passive,
                        _ => return Err(LinkCodeError::Missing("DTLS role")),
                    })
                }
                "mid" => mid = Some(value.to_string()),
                "sctp-port" => {
                    sctp_port = value
                        .parse()
                        .map_err(|_| LinkCodeError::Missing("SCTP port"))?
                }
                "max-message-size" => {
                    max_message_size = value
                        .parse()
                        .map_err(|_| LinkCodeError::Missing("message size"))?
                }
                "candidate" => {
                    if let Some(c) = parse_candidate(value)
                        && candidates.len() < CANDIDATES_KEPT
                        && !candidates.contains(&c)
                    {
                        candidates.push(c);
                    }
                }
                _ => {}
            }
        }
        if media != 1 {
            return Err(LinkCodeError::NotDataChannel);
        }
        let ufrag = ufrag
            .filter(|u| valid_ice(u, UFRAG_MAX))
            .ok_or(LinkCodeError::Missing("ICE user name"))?;
        let pwd = pwd
            .filter(|p| valid_ice(p, PWD_MAX))
            .ok_or(LinkCodeError::Missing("ICE password"))?;
        let mid = mid
            .filter(|m| {
                !m.is_empty() && m.len() <= MID_MAX && m.bytes().all(|b| b.is_ascii_alphanumeric())
            })
            .ok_or(LinkCodeError::Missing("media id"))?;
        if candidates.is_empty() {
            return Err(LinkCodeError::Missing("network address (candidate)"));
        }
        Ok(TrimmedSdp {
            ufrag,
            pwd,
            fingerprint: fingerprint.ok_or(LinkCodeError::Missing("fingerprint"))?,
            setup: setup.ok_or(LinkCodeError::Missing("DTLS role"))?,
            mid,
            sctp_port,
            max_message_size,
            candidates,
        })
    }

    /// A session description a browser accepts as the remote side's: the kept fields, and
    /// what every data channel's description says anyway.
    pub fn to_sdp(&self) -> String {
        let mut s = String::with_capacity(640);
        let mid = &self.mid;
        s.push_str("v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n");
        s.push_str(&format!("a=group:BUNDLE {mid}\r\na=msid-semantic: WMS\r\n"));
        s.push_str("m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n");
        for (i, c) in self.candidates.iter().enumerate() {
            // A host candidate's priority (RFC 8445, 5.1.2.1): type preference 126, then the
            // order the browser listed them in.
            let priority = (126u32 << 24) | ((65_535 - i as u32) << 8) | 255;
            let address = match &c.address {
                CandidateAddress::V4(a) => Ipv4Addr::from(*a).to_string(),
                CandidateAddress::V6(a) => Ipv6Addr::from(*a).to_string(),
                CandidateAddress::Mdns(u) => mdns_name(u),
                CandidateAddress::Name(n) => n.clone(),
            };
            s.push_str(&format!(
                "a=candidate:{} 1 udp {priority} {address} {} typ host generation 0\r\n",
                i + 1,
                c.port
            ));
        }
        s.push_str(&format!(
            "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\n",
            self.ufrag, self.pwd
        ));
        let fingerprint: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        s.push_str(&format!(
            "a=fingerprint:sha-256 {}\r\n",
            fingerprint.join(":")
        ));
        s.push_str(&format!("a=setup:{}\r\na=mid:{mid}\r\n", self.setup.word()));
        s.push_str(&format!(
            "a=sctp-port:{}\r\na=max-message-size:{}\r\n",
            self.sctp_port, self.max_message_size
        ));
        s
    }
}

fn mdns_name(u: &[u8; 16]) -> String {
    let hex: String = u.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}.local",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// Whether `name` can be a display name in a code.
pub fn valid_name(name: &str) -> bool {
    let chars = name.chars().count();
    (1..=NAME_MAX_CHARS).contains(&chars)
        && !name.chars().any(char::is_control)
        && name.trim() == name
}

/// Whether `id` is a device id Satchel makes: [`DEVICE_ID_BYTES`] bytes as lowercase hex.
pub fn valid_device(id: &str) -> bool {
    id.len() == DEVICE_ID_BYTES * 2 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// A device id from random bytes.
pub fn device_id(bytes: [u8; DEVICE_ID_BYTES]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

// ---- the binary form ----

const SIXBIT: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn put_sixbit(out: &mut Vec<u8>, text: &str) {
    out.push(text.len() as u8);
    let mut acc = 0u32;
    let mut bits = 0;
    for b in text.bytes() {
        let v = SIXBIT.iter().position(|c| *c == b).unwrap_or(0) as u32;
        acc = (acc << 6) | v;
        bits += 6;
        while bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    if bits > 0 {
        out.push((acc << (8 - bits)) as u8);
    }
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    out.push(text.len() as u8);
    out.extend_from_slice(text.as_bytes());
}

fn put_device(out: &mut Vec<u8>, id: &str) {
    for i in 0..DEVICE_ID_BYTES {
        out.push(hex_pair(&id[2 * i..2 * i + 2]).unwrap_or(0));
    }
}

/// Reads a code's bytes front to back; every read fails as [`LinkCodeError::Damaged`].
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], LinkCodeError> {
        if self.bytes.len() < n {
            return Err(LinkCodeError::Damaged);
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, LinkCodeError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], LinkCodeError> {
        self.take(N)?.try_into().map_err(|_| LinkCodeError::Damaged)
    }

    fn sixbit(&mut self, max: usize) -> Result<String, LinkCodeError> {
        let len = usize::from(self.byte()?);
        if len == 0 || len > max {
            return Err(LinkCodeError::Damaged);
        }
        let packed = self.take((len * 6).div_ceil(8))?;
        let mut out = String::with_capacity(len);
        let (mut acc, mut bits) = (0u32, 0);
        for b in packed {
            acc = (acc << 8) | u32::from(*b);
            bits += 8;
            while bits >= 6 && out.len() < len {
                bits -= 6;
                out.push(char::from(SIXBIT[((acc >> bits) & 63) as usize]));
            }
            acc &= (1 << bits) - 1;
        }
        Ok(out)
    }

    fn text(&mut self, max: usize) -> Result<String, LinkCodeError> {
        let len = usize::from(self.byte()?);
        if len > max {
            return Err(LinkCodeError::Damaged);
        }
        String::from_utf8(self.take(len)?.to_vec()).map_err(|_| LinkCodeError::Damaged)
    }

    fn device(&mut self) -> Result<String, LinkCodeError> {
        Ok(device_id(self.array()?))
    }

    fn name(&mut self) -> Result<String, LinkCodeError> {
        let name = self.text(NAME_MAX_BYTES)?;
        valid_name(&name)
            .then_some(name)
            .ok_or(LinkCodeError::BadName)
    }
}

fn put_sdp(out: &mut Vec<u8>, sdp: &TrimmedSdp) {
    put_sixbit(out, &sdp.ufrag);
    put_sixbit(out, &sdp.pwd);
    out.extend_from_slice(&sdp.fingerprint);
    let defaults =
        sdp.sctp_port == DEFAULT_SCTP_PORT && sdp.max_message_size == DEFAULT_MAX_MESSAGE;
    out.push(sdp.setup as u8 | if defaults { FLAG_SCTP_DEFAULTS } else { 0 });
    if !defaults {
        out.extend_from_slice(&sdp.sctp_port.to_be_bytes());
        out.extend_from_slice(&sdp.max_message_size.to_be_bytes());
    }
    put_text(out, &sdp.mid);
    out.push(sdp.candidates.len() as u8);
    for c in &sdp.candidates {
        match &c.address {
            CandidateAddress::V4(a) => {
                out.push(0);
                out.extend_from_slice(a);
            }
            CandidateAddress::V6(a) => {
                out.push(1);
                out.extend_from_slice(a);
            }
            CandidateAddress::Mdns(u) => {
                out.push(2);
                out.extend_from_slice(u);
            }
            CandidateAddress::Name(n) => {
                out.push(3);
                put_text(out, n);
            }
        }
        out.extend_from_slice(&c.port.to_be_bytes());
    }
}

fn read_sdp(r: &mut Reader) -> Result<TrimmedSdp, LinkCodeError> {
    let ufrag = r.sixbit(UFRAG_MAX)?;
    let pwd = r.sixbit(PWD_MAX)?;
    let fingerprint = r.array::<32>()?;
    let flags = r.byte()?;
    let setup = match flags & 0b11 {
        0 => Setup::ActPass,
        1 => Setup::Active,
        2 => Setup::Passive,
        _ => return Err(LinkCodeError::Damaged),
    };
    if flags & !(FLAG_SCTP_DEFAULTS | 0b11) != 0 {
        return Err(LinkCodeError::Damaged);
    }
    let (sctp_port, max_message_size) = if flags & FLAG_SCTP_DEFAULTS != 0 {
        (DEFAULT_SCTP_PORT, DEFAULT_MAX_MESSAGE)
    } else {
        (
            u16::from_be_bytes(r.array()?),
            u32::from_be_bytes(r.array()?),
        )
    };
    let mid = r.text(MID_MAX)?;
    if mid.is_empty() || !mid.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(LinkCodeError::Damaged);
    }
    let count = usize::from(r.byte()?);
    if count == 0 || count > CANDIDATES_KEPT {
        return Err(LinkCodeError::Damaged);
    }
    let mut candidates = Vec::with_capacity(count);
    for _ in 0..count {
        let address = match r.byte()? {
            0 => CandidateAddress::V4(r.array()?),
            1 => CandidateAddress::V6(r.array()?),
            2 => CandidateAddress::Mdns(r.array()?),
            3 => {
                let name = r.text(HOSTNAME_MAX)?;
                valid_hostname(&name)
                    .then_some(())
                    .ok_or(LinkCodeError::Damaged)?;
                CandidateAddress::Name(name)
            }
            _ => return Err(LinkCodeError::Damaged),
        };
        let port = u16::from_be_bytes(r.array()?);
        if port == 0 {
            return Err(LinkCodeError::Damaged);
        }
        candidates.push(Candidate { address, port });
    }
    Ok(TrimmedSdp {
        ufrag,
        pwd,
        fingerprint,
        setup,
        mid,
        sctp_port,
        max_message_size,
        candidates,
    })
}

fn check_people(device: &str, name: &str) -> Result<(), LinkCodeError> {
    if !valid_device(device) {
        return Err(LinkCodeError::BadDevice);
    }
    if !valid_name(name) {
        return Err(LinkCodeError::BadName);
    }
    Ok(())
}

impl JoinCode {
    /// The bare code (base64url); refuses a name or device id the other side would refuse.
    pub fn encode(&self) -> Result<String, LinkCodeError> {
        check_people(&self.host, &self.host_name)?;
        let mut out = vec![(VERSION << 4) | KIND_JOIN];
        put_sdp(&mut out, &self.sdp);
        put_device(&mut out, &self.host);
        put_text(&mut out, &self.host_name);
        out.extend_from_slice(&self.key);
        Ok(base64url_encode(&out))
    }

    /// The link's fragment: `#/join/<code>`.
    pub fn fragment(&self) -> Result<String, LinkCodeError> {
        Ok(format!("{JOIN_ROUTE}{}", self.encode()?))
    }

    /// A join code from a link, a fragment or the bare code.
    pub fn read(text: &str) -> Result<JoinCode, LinkCodeError> {
        match read_code(text)? {
            LinkCode::Join(j) => Ok(j),
            LinkCode::Answer(_) => Err(LinkCodeError::WrongKind {
                found: CodeKind::Answer,
            }),
        }
    }
}

impl AnswerCode {
    /// The bare code (base64url).
    pub fn encode(&self) -> Result<String, LinkCodeError> {
        check_people(&self.device, &self.name)?;
        let mut out = vec![(VERSION << 4) | KIND_ANSWER];
        put_sdp(&mut out, &self.sdp);
        put_device(&mut out, &self.device);
        put_text(&mut out, &self.name);
        Ok(base64url_encode(&out))
    }

    /// The link's fragment: `#/answer/<code>`.
    pub fn fragment(&self) -> Result<String, LinkCodeError> {
        Ok(format!("{ANSWER_ROUTE}{}", self.encode()?))
    }

    /// An answer code from a link, a fragment or the bare code.
    pub fn read(text: &str) -> Result<AnswerCode, LinkCodeError> {
        match read_code(text)? {
            LinkCode::Answer(a) => Ok(a),
            LinkCode::Join(_) => Err(LinkCodeError::WrongKind {
                found: CodeKind::Join,
            }),
        }
    }
}

/// Either code, from a whole link (any deployment's address), its fragment, or the bare code
/// as pasted. The length is checked before anything is decoded.
pub fn read_code(text: &str) -> Result<LinkCode, LinkCodeError> {
    let text = text.trim();
    if text.len() > CODE_MAX_CHARS + 2048 {
        return Err(LinkCodeError::TooLong);
    }
    let code = match text.find('#') {
        Some(at) => {
            let fragment = &text[at..];
            [JOIN_ROUTE, ANSWER_ROUTE]
                .iter()
                .find_map(|r| fragment.strip_prefix(r))
                .ok_or(LinkCodeError::NotACode)?
        }
        None => text,
    };
    if code.len() > CODE_MAX_CHARS {
        return Err(LinkCodeError::TooLong);
    }
    let bytes = base64url_decode(code)
        .filter(|b| !b.is_empty())
        .ok_or(LinkCodeError::NotACode)?;
    let mut r = Reader { bytes: &bytes };
    let head = r.byte()?;
    if head >> 4 > VERSION {
        return Err(LinkCodeError::Newer);
    }
    if head >> 4 != VERSION {
        return Err(LinkCodeError::NotACode);
    }
    let sdp = read_sdp(&mut r)?;
    let code = match head & 0x0f {
        KIND_JOIN => {
            let host = r.device()?;
            let host_name = r.name()?;
            let key = r.array()?;
            LinkCode::Join(JoinCode {
                sdp,
                host,
                host_name,
                key,
            })
        }
        KIND_ANSWER => {
            let device = r.device()?;
            let name = r.name()?;
            LinkCode::Answer(AnswerCode { sdp, device, name })
        }
        _ => return Err(LinkCodeError::NotACode),
    };
    if !r.bytes.is_empty() {
        return Err(LinkCodeError::Damaged);
    }
    Ok(code)
}
