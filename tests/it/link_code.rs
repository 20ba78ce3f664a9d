//! The live link's codes (`model::link_code`), its stored document and its frames, from a real
//! Chromium offer and answer (`tests/fixtures/chromium-*.sdp`, captured from two browser
//! contexts whose data channel then opened).

use satchel::model::link_code::{
    ANSWER_ROUTE, AnswerCode, CODE_MAX_CHARS, CandidateAddress, CodeKind, JOIN_ROUTE, JoinCode,
    LinkCode, LinkCodeError, Setup, TrimmedSdp, read_code,
};
use satchel::model::link_doc::{LinkDoc, LinkedPeer, Role, key_from_hex, key_hex};
use satchel::model::link_frame::{FRAME_MAX_BYTES, Frame, FrameError};
use satchel::model::sync::qr_size;
use satchel::model::{base64url_decode, base64url_encode};

const OFFER: &str = include_str!("../fixtures/chromium-offer.sdp");
const ANSWER: &str = include_str!("../fixtures/chromium-answer.sdp");
/// A GitHub Pages address with a project sub-path: the longest base a link usually has.
const BASE: &str = "https://a-longer-user-name.github.io/satchel/";

fn join() -> JoinCode {
    JoinCode {
        sdp: TrimmedSdp::from_sdp(OFFER).unwrap(),
        host: "0123456789abcdef".into(),
        host_name: "Mara's laptop (GM)".into(),
        key: [0xa5; 32],
    }
}

fn answer() -> AnswerCode {
    AnswerCode {
        sdp: TrimmedSdp::from_sdp(ANSWER).unwrap(),
        device: "fedcba9876543210".into(),
        name: "Kara's phone".into(),
    }
}

/// The value of every `a=<key>:` line, in order.
fn attrs<'a>(sdp: &'a str, key: &str) -> Vec<&'a str> {
    let prefix = format!("a={key}:");
    sdp.lines()
        .filter_map(|l| l.trim().strip_prefix(prefix.as_str()))
        .collect()
}

#[test]
fn trimming_keeps_what_a_data_channel_needs() {
    let t = TrimmedSdp::from_sdp(OFFER).unwrap();
    assert_eq!(t.ufrag, "jBbY");
    assert_eq!(t.pwd, "5LaWmYnSVwNcT9SeE4W9QmzT");
    assert_eq!(t.setup, Setup::ActPass);
    assert_eq!(t.mid, "0");
    assert_eq!((t.sctp_port, t.max_message_size), (5000, 262_144));
    assert_eq!(t.fingerprint[0], 0xD0);
    assert_eq!(t.fingerprint[31], 0xDD);
    assert_eq!(t.candidates.len(), 2);
    assert_eq!(t.candidates[0].port, 51526);
    assert!(
        matches!(t.candidates[0].address, CandidateAddress::Mdns(u) if u[0] == 0x71 && u[15] == 0x87)
    );

    // The rebuilt description carries every field a browser checks, with the same values.
    let rebuilt = t.to_sdp();
    for key in [
        "ice-ufrag",
        "ice-pwd",
        "fingerprint",
        "setup",
        "mid",
        "sctp-port",
        "max-message-size",
    ] {
        assert_eq!(attrs(&rebuilt, key), attrs(OFFER, key), "{key}");
    }
    assert!(rebuilt.contains("m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n"));
    assert!(rebuilt.contains("a=group:BUNDLE 0\r\n"));
    let cands = attrs(&rebuilt, "candidate");
    assert_eq!(cands.len(), 2);
    assert!(
        cands[0].contains(" udp ")
            && cands[0].contains("71791774-6103-491b-b206-56e289034187.local 51526 typ host")
    );
    // Trimming what was rebuilt changes nothing: the code is a fixed point.
    assert_eq!(TrimmedSdp::from_sdp(&rebuilt).unwrap(), t);
    assert_eq!(TrimmedSdp::from_sdp(ANSWER).unwrap().setup, Setup::Active);
}

#[test]
fn codes_round_trip_from_a_real_chromium_session() {
    let j = join();
    let fragment = j.fragment().unwrap();
    assert!(fragment.starts_with(JOIN_ROUTE));
    assert_eq!(JoinCode::read(&fragment).unwrap(), j);
    assert_eq!(JoinCode::read(&format!("{BASE}{fragment}")).unwrap(), j);
    assert_eq!(JoinCode::read(&j.encode().unwrap()).unwrap(), j);

    let a = answer();
    let fragment = a.fragment().unwrap();
    assert!(fragment.starts_with(ANSWER_ROUTE));
    assert_eq!(
        AnswerCode::read(&format!("  {BASE}{fragment}\n")).unwrap(),
        a
    );
    assert_eq!(read_code(&fragment).unwrap(), LinkCode::Answer(a.clone()));
    assert_eq!(
        JoinCode::read(&fragment),
        Err(LinkCodeError::WrongKind {
            found: CodeKind::Answer
        })
    );
    assert_eq!(
        AnswerCode::read(&j.fragment().unwrap()),
        Err(LinkCodeError::WrongKind {
            found: CodeKind::Join
        })
    );
}

#[test]
fn codes_are_small_and_their_qr_versions_are_stated() {
    let join_link = format!("{BASE}{}", join().fragment().unwrap());
    let answer_link = format!("{BASE}{}", answer().fragment().unwrap());
    // Measured with the fixture (two mDNS candidates) and the longest usual base: docs/link.md.
    assert_eq!(join().encode().unwrap().len(), 210);
    assert_eq!(answer().encode().unwrap().len(), 159);
    assert_eq!(qr_size(&join_link, qrcode::EcLevel::L), Some((10, 57)));
    assert_eq!(qr_size(&join_link, qrcode::EcLevel::M), Some((12, 65)));
    assert_eq!(qr_size(&answer_link, qrcode::EcLevel::L), Some((9, 53)));
    assert_eq!(qr_size(&answer_link, qrcode::EcLevel::M), Some((10, 57)));
    // The untrimmed offer alone would need a far denser code.
    let untrimmed = format!("{BASE}#/x/{}", base64url_encode(OFFER.as_bytes()));
    assert!(qr_size(&untrimmed, qrcode::EcLevel::L).unwrap().0 >= 20);
}

#[test]
fn hostile_codes_are_refused_in_words() {
    let good = join().encode().unwrap();
    let cases: Vec<(String, LinkCodeError)> = vec![
        ("".into(), LinkCodeError::NotACode),
        ("#/share/abc".into(), LinkCodeError::NotACode),
        ("not base64 !".into(), LinkCodeError::NotACode),
        ("A".repeat(CODE_MAX_CHARS + 4), LinkCodeError::TooLong),
        ("x".repeat(100_000), LinkCodeError::TooLong),
        (good[..good.len() - 8].to_string(), LinkCodeError::Damaged),
        (format!("{good}AAAA"), LinkCodeError::Damaged),
    ];
    for (text, want) in cases {
        let got = read_code(&text).unwrap_err();
        assert_eq!(got, want, "{}", &text[..text.len().min(40)]);
        assert!(got.to_string().ends_with('.'));
    }
    // A newer Satchel's code, and a code claiming more candidates than any code keeps.
    let mut bytes = base64url_decode(&good).unwrap();
    bytes[0] = 0x21;
    assert_eq!(
        read_code(&base64url_encode(&bytes)),
        Err(LinkCodeError::Newer)
    );
    let mut bytes = base64url_decode(&good).unwrap();
    // version, ufrag (1 + 3), pwd (1 + 18), fingerprint (32), flags, mid (1 + 1): the count.
    let count_at = 1 + 4 + 19 + 32 + 1 + 2;
    assert_eq!(bytes[count_at], 2);
    bytes[count_at] = 200;
    assert_eq!(
        read_code(&base64url_encode(&bytes)),
        Err(LinkCodeError::Damaged)
    );
    // A name with a line break in it is refused on both sides.
    let mut j = join();
    j.host_name = "Mara\nGM".into();
    assert_eq!(j.encode(), Err(LinkCodeError::BadName));
    j.host_name = "Mara".into();
    j.host = "not-an-id".into();
    assert_eq!(j.encode(), Err(LinkCodeError::BadDevice));
}

#[test]
fn descriptions_without_a_link_are_refused() {
    let media = OFFER.replace(
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "m=audio 9 UDP/TLS/RTP/SAVPF 111",
    );
    assert_eq!(
        TrimmedSdp::from_sdp(&media),
        Err(LinkCodeError::NotDataChannel)
    );
    let no_pwd: String = OFFER
        .lines()
        .filter(|l| !l.starts_with("a=ice-pwd"))
        .collect::<Vec<_>>()
        .join("\r\n");
    assert_eq!(
        TrimmedSdp::from_sdp(&no_pwd),
        Err(LinkCodeError::Missing("ICE password"))
    );
    let no_candidates: String = OFFER
        .lines()
        .filter(|l| !l.starts_with("a=candidate"))
        .collect::<Vec<_>>()
        .join("\r\n");
    assert!(matches!(
        TrimmedSdp::from_sdp(&no_candidates),
        Err(LinkCodeError::Missing(_))
    ));
    let sha1 = OFFER.replace("sha-256", "sha-1");
    assert_eq!(TrimmedSdp::from_sdp(&sha1), Err(LinkCodeError::Fingerprint));
    assert_eq!(
        TrimmedSdp::from_sdp(&"a".repeat(20_000)),
        Err(LinkCodeError::TooLong)
    );
    // TCP and relayed candidates are left out; IPv4 and IPv6 are kept as addresses.
    let extra = OFFER.replace(
        "a=ice-ufrag",
        "a=candidate:9 1 tcp 1518280447 192.168.1.4 9 typ host tcptype active\r\n\
         a=candidate:8 1 udp 2122260223 192.168.1.4 50000 typ host\r\n\
         a=candidate:7 1 udp 2122194687 fe80::1 50001 typ host\r\n\
         a=candidate:6 1 udp 41885439 203.0.113.9 3478 typ relay raddr 0.0.0.0 rport 0\r\n\
         a=ice-ufrag",
    );
    let t = TrimmedSdp::from_sdp(&extra).unwrap();
    assert_eq!(t.candidates.len(), 4);
    assert_eq!(
        t.candidates[2].address,
        CandidateAddress::V4([192, 168, 1, 4])
    );
    assert!(
        matches!(t.candidates[3].address, CandidateAddress::V6(a) if a[0] == 0xfe && a[15] == 1)
    );
    assert!(t.to_sdp().contains(" fe80::1 50001 typ host"));
}

#[test]
fn a_rejoining_device_replaces_its_entry() {
    let mut doc = LinkDoc::new("0123456789abcdef".into(), "GM".into());
    let peer = |key: u8, t: u64| LinkedPeer {
        device: "fedcba9876543210".into(),
        name: "Kara's phone".into(),
        role: Role::Guest,
        key: key_hex(&[key; 32]),
        linked_ms: t,
    };
    doc.link(peer(1, 10));
    doc.link(peer(2, 20));
    assert_eq!(doc.peers.len(), 1);
    assert_eq!(key_from_hex(&doc.peers[0].key), Some([2; 32]));
    assert!(doc.is_sound());
    assert_eq!(doc.rename("  "), Err(LinkCodeError::BadName));
    assert_eq!(doc.rename(" Mara "), Ok(()));
    assert_eq!(doc.name, "Mara");
    assert!(doc.forget("fedcba9876543210"));
    assert!(doc.peers.is_empty());
}

#[test]
fn frames_round_trip_and_refuse_what_they_do_not_know() {
    for f in [
        Frame::Hello {
            device: "0123456789abcdef".into(),
            name: "Kara's phone".into(),
            asks: false,
        },
        Frame::Hello {
            device: "0123456789abcdef".into(),
            name: "Kara's phone".into(),
            asks: true,
        },
        Frame::Ping,
        Frame::Data("{\"any\":\"text\"}\nwith lines".into()),
        Frame::Data(String::new()),
    ] {
        assert_eq!(Frame::decode(&f.encode().unwrap()).unwrap(), f);
    }
    assert_eq!(Frame::decode("x"), Err(FrameError::Unknown));
    assert_eq!(Frame::decode(""), Err(FrameError::Unknown));
    assert_eq!(Frame::decode("hnot-an-id\nKara"), Err(FrameError::BadHello));
    assert_eq!(Frame::decode("Hnot-an-id\nKara"), Err(FrameError::BadHello));
    assert_eq!(
        Frame::decode("H0123456789abcdef\nKara"),
        Ok(Frame::Hello {
            device: "0123456789abcdef".into(),
            name: "Kara".into(),
            asks: true
        })
    );
    assert_eq!(
        Frame::Data("a".repeat(FRAME_MAX_BYTES)).encode(),
        Err(FrameError::TooLarge)
    );
}
