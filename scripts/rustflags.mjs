// Compiler flags for wasm32 builds that set flags of their own.
//
// cargo takes extra rustc flags from the first of these that is set: CARGO_ENCODED_RUSTFLAGS,
// RUSTFLAGS, then .cargo/config.toml's target rustflags. So a script that sets RUSTFLAGS drops
// the config's flags, and one that overwrites it drops the caller's (a CI's -Dwarnings, a
// --remap-path-prefix). This joins all three, in that order: the caller's, the config's wasm32
// flags, then the script's own, so a later flag wins.
//
// Run as a script, it prints the caller's and the config's flags in CARGO_ENCODED_RUSTFLAGS form
// (scripts/lib.sh's cargo_wasm32 uses it when the caller set flags).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The caller's flags, split the way cargo splits them. */
function callerFlags(env) {
  if (env.CARGO_ENCODED_RUSTFLAGS) return env.CARGO_ENCODED_RUSTFLAGS.split("\x1f");
  return (env.RUSTFLAGS || "").split(/\s+/).filter(Boolean);
}

/** `[target.wasm32-unknown-unknown] rustflags` from .cargo/config.toml. */
function configFlags() {
  const path = join(root, ".cargo", "config.toml");
  const toml = readFileSync(path, "utf8");
  // Only the shape the file uses (a one-line array of double-quoted strings) is understood;
  // anything else stops the build rather than quietly losing the flags.
  const section = toml.split(/^\[/m).find((s) => s.startsWith("target.wasm32-unknown-unknown]"));
  const line = section?.match(/^rustflags\s*=\s*(\[.*\])\s*$/m);
  if (!line) throw new Error(`${path}: no one-line rustflags = [...] under [target.wasm32-unknown-unknown]`);
  return JSON.parse(line[1]);
}

/** The environment for a wasm32 cargo build adding `extra` to every other source's flags. */
export function wasm32Env(env, extra = []) {
  const flags = [...callerFlags(env), ...configFlags(), ...extra];
  const { RUSTFLAGS: _dropped, ...rest } = env;
  return { ...rest, CARGO_ENCODED_RUSTFLAGS: flags.join("\x1f") };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(wasm32Env(process.env).CARGO_ENCODED_RUSTFLAGS);
}
