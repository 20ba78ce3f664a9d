//! The wasm splitter (run by scripts/wasm.mjs) needs the linker's relocations to move code between
//! chunks; only the split release build asks for them.
fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let split = std::env::var_os("CARGO_FEATURE_SPLIT").is_some();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if split && wasm {
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
    }
}
