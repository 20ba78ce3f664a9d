//! Prints how big the share links and their QR codes are for the well-filled fixture
//! characters (`tests/fixtures/well-filled.json`), one line per figure: link characters,
//! QR version and modules a side. Sizes, not times: `tests/it/sync.rs` asserts the status
//! update's version stays at 10 or less.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satchel::model::sealed::{
    Receipt, SealedCheck, SealedPool, check_fragment, receipt_fragment, roll_sealed,
};
use satchel::model::sync::{qr_size, status_fragment};
use satchel::model::{Proposal, parse_import, share_fragment};
use satchel::rules::ix::pool::{Difficulty, Pool};

/// A GitHub Pages address with a project sub-path: a long base for a link.
const BASE: &str = "https://a-longer-user-name.github.io/satchel/";

/// Prints one link's length and its QR code's version and modules.
fn print(name: &str, link: &str) {
    println!("{name}_link_chars {}", link.len());
    if let Some((version, modules)) = qr_size(link, qrcode::EcLevel::M) {
        println!("{name}_qr_version {version}");
        println!("{name}_qr_modules {modules}");
    }
}

/// A sealed check of a typical Ix difficulty (Hard, with a label) and a receipt for a
/// five-die pool rolled against it.
fn sealed_sizes() {
    let mut gm = Pool::new();
    gm.add_difficulty(Difficulty::Hard).expect("Hard");
    let check = SealedCheck::new(
        Proposal::Ix {
            label: "Pick the vault's lock".into(),
            pool: gm,
        },
        0,
        &mut ChaCha8Rng::seed_from_u64(1),
    );
    print(
        "sealed_ix_check",
        &format!("{BASE}{}", check_fragment(&check)),
    );
    let pool = Pool::from_ratings(3, 2)
        .expect("a pool")
        .with_difficulty_of(&gm);
    let roll = roll_sealed(&check, &SealedPool::Ix(pool)).expect("rolls");
    let receipt = Receipt::of(&check, "Vex Arrandi", &roll);
    print(
        "sealed_ix_receipt",
        &format!("{BASE}{}", receipt_fragment(&receipt)),
    );
}

fn main() {
    let text = std::fs::read_to_string("tests/fixtures/well-filled.json")
        .expect("run from the repository's root");
    let file = parse_import(&text).expect("the fixture reads");
    sealed_sizes();
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
