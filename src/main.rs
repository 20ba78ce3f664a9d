// Talc in place of the standard library's dlmalloc: the same job in less code, and the
// allocator is part of every first load (docs/size.md). One thread, so the single-threaded
// build fits; a build with atomics would keep the default.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    satchel::ui::mount();
}
