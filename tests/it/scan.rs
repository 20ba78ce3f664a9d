//! Scanning a Satchel code (`model::scan`): a QR code generated here, drawn as a camera would
//! see it (grey, unevenly lit, at a few sizes), reads back as the very link it was made from;
//! a frame without a code, a bad frame and codes that are not Satchel links are refused.

use satchel::model::parse_import;
use satchel::model::scan::{ScanError, decode_luma, luma_from_rgba, satchel_fragment};
use satchel::model::sync::{STATUS_ROUTE, read_status_fragment, status_fragment};

const BASE: &str = "https://a-longer-user-name.github.io/satchel/";

/// `text` as a QR code drawn `scale` pixels a module with a 4-module quiet zone, dark modules
/// at `dark` and light ones at `light`, plus a left-to-right lighting gradient of `slope`.
fn frame(text: &str, scale: usize, dark: u8, light: u8, slope: u8) -> (usize, Vec<u8>) {
    let code = qrcode::QrCode::new(text.as_bytes()).expect("encodes");
    let modules = code.width();
    let colors = code.to_colors();
    let side = (modules + 8) * scale;
    let mut luma = vec![0u8; side * side];
    for y in 0..side {
        for x in 0..side {
            let (mx, my) = ((x / scale) as isize - 4, (y / scale) as isize - 4);
            let inside = (0..modules as isize).contains(&mx) && (0..modules as isize).contains(&my);
            let is_dark =
                inside && colors[my as usize * modules + mx as usize] == qrcode::Color::Dark;
            let base = if is_dark { dark } else { light };
            let shade = (x * usize::from(slope) / side) as u8;
            luma[y * side + x] = base.saturating_sub(shade);
        }
    }
    (side, luma)
}

fn well_filled() -> Vec<satchel::model::Character> {
    parse_import(&std::fs::read_to_string("tests/fixtures/well-filled.json").unwrap())
        .unwrap()
        .characters
}

#[test]
fn a_status_update_code_reads_back_as_its_link_at_several_sizes_and_lights() {
    for c in well_filled() {
        let link = format!("{BASE}{}", status_fragment(&c));
        for (scale, dark, light, slope) in [(3, 0, 255, 0), (4, 40, 220, 60), (6, 70, 200, 40)] {
            let (side, luma) = frame(&link, scale, dark, light, slope);
            let text = decode_luma(side, side, &luma)
                .unwrap_or_else(|e| panic!("{} at {scale} px a module: {e}", c.name));
            assert_eq!(text, link);
            let fragment = satchel_fragment(&text).unwrap();
            assert!(fragment.starts_with(STATUS_ROUTE));
            // And the fragment opens as the update it was made from.
            let update = read_status_fragment(&fragment).unwrap();
            assert_eq!(update.id, c.id);
        }
    }
}

#[test]
fn canvas_pixels_become_brightness() {
    // White, black, pure red, green and blue (alpha ignored): BT.601's 0.299, 0.587, 0.114.
    let rgba = [
        255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 0, 0, 255, 0, 9, 0, 0, 255, 255,
    ];
    assert_eq!(luma_from_rgba(&rgba), vec![255, 0, 76, 149, 29]);
}

#[test]
fn frames_without_a_satchel_code_say_why() {
    // Blank, and a picture of the wrong size.
    assert_eq!(
        decode_luma(64, 64, &[255; 64 * 64]),
        Err(ScanError::NothingFound)
    );
    assert_eq!(decode_luma(64, 64, &[255; 10]), Err(ScanError::BadFrame));
    assert_eq!(decode_luma(0, 0, &[]), Err(ScanError::BadFrame));
    // A web address and a Wi-Fi code read fine but are not Satchel links.
    for text in [
        "https://example.com/#/somewhere",
        "WIFI:T:WPA;S:table;P:dice;;",
        "https://example.com/satchel/#/status/",
    ] {
        let (side, luma) = frame(text, 4, 0, 255, 0);
        let read = decode_luma(side, side, &luma).unwrap();
        assert_eq!(read, text);
        assert_eq!(satchel_fragment(&read), Err(ScanError::NotSatchel));
    }
    // Another deployment's link opens here: only the fragment counts.
    assert_eq!(
        satchel_fragment("https://gm.example.org/fork/#/receipt/abc").unwrap(),
        "#/receipt/abc"
    );
    let long = format!("{BASE}#/share/{}", "A".repeat(40_000));
    assert_eq!(satchel_fragment(&long), Err(ScanError::NotSatchel));
    assert!(
        ScanError::NotSatchel
            .to_string()
            .contains("Nothing was opened")
    );
}
