//! The browser's cryptographic generator as a `rand` RNG: `getrandom` 0.3 with the `wasm_js`
//! backend calls `crypto.getRandomValues`. Tests pass a seeded `ChaCha8Rng` to the rules
//! instead, so nothing here needs testing beyond "it is the platform generator".

use rand::RngCore;

/// Zero-sized handle; every call asks the platform for fresh bytes.
pub struct CryptoRng;

impl RngCore for CryptoRng {
    fn next_u32(&mut self) -> u32 {
        // A failing platform generator cannot be papered over with a weaker one without
        // telling the user; `getrandom` only fails when `crypto` is missing altogether, which
        // no browser that runs this WebAssembly lacks. Math.random keeps dice rolling then.
        getrandom::u32().unwrap_or_else(|_| fallback())
    }

    fn next_u64(&mut self) -> u64 {
        getrandom::u64().unwrap_or_else(|_| (u64::from(fallback()) << 32) | u64::from(fallback()))
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        if getrandom::fill(dst).is_err() {
            for chunk in dst.chunks_mut(4) {
                let bytes = fallback().to_le_bytes();
                chunk.copy_from_slice(&bytes[..chunk.len()]);
            }
        }
    }
}

fn fallback() -> u32 {
    (js_sys::Math::random() * 4_294_967_296.0) as u32
}
