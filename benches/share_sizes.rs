//! Prints how big the share links and their QR codes are for the well-filled fixture
//! characters (`tests/fixtures/well-filled.json`), one line per figure: link characters,
//! QR version and modules a side. Sizes, not times: `tests/it/sync.rs` asserts the status
//! update's version stays at 10 or less.

use satchel::model::sync::{qr_size, status_fragment};
use satchel::model::{parse_import, share_fragment};

/// A GitHub Pages address with a project sub-path: a long base for a link.
const BASE: &str = "https://a-longer-user-name.github.io/satchel/";

fn main() {
    let text = std::fs::read_to_string("tests/fixtures/well-filled.json")
        .expect("run from the repository's root");
    let file = parse_import(&text).expect("the fixture reads");
    for c in &file.characters {
        let game = c.system().slug();
        let status = format!("{BASE}{}", status_fragment(c));
        let whole = format!("{BASE}{}", share_fragment(c).expect("fits a link"));
        for (what, link) in [("status", &status), ("whole", &whole)] {
            println!("share_{game}_{what}_link_chars {}", link.len());
            match qr_size(link, qrcode::EcLevel::M) {
                Some((version, modules)) => {
                    println!("share_{game}_{what}_qr_version {version}");
                    println!("share_{game}_{what}_qr_modules {modules}");
                    // What the dialog draws at its default size (whole pixels, at least 3).
                    let side = modules + 8;
                    println!(
                        "share_{game}_{what}_qr_px_per_module {}",
                        (288 / side).max(3)
                    );
                }
                None => println!("share_{game}_{what}_qr_version none"),
            }
        }
    }
}
