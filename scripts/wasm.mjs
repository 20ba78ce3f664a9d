// Trunk post-build hook: builds the app's wasm and splits it into the
// first load and chunks that load on demand (the split points are in src/ui/lazy.rs).
//
// Trunk 0.21 cannot split, so this hook owns the whole wasm pipeline instead of Trunk's rust
// asset:
//   cargo build --features split    -> satchel.wasm, with relocations (see build.rs)
//   wasm_split_cli                  -> main.wasm + one module per split point + shared chunks
//                                      + __wasm_split.js, the loader the chunks go through
//   wasm-bindgen (main.wasm only)   -> the JS glue and the first-load wasm
//   short import names, no unused wasm-streams classes (release only; scripts/wasm-sections.mjs)
//   wasm-opt -Oz (release only)     -> every module, smaller
// then gives every file a content-hashed name, so caches never mix two builds, and adds the
// start-up script and preload links to index.html. Then postbuild.mjs adds the CSP and sw.js.
import { createHash } from "node:crypto";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { patch } from "./patch.mjs";
import { dropCustomSection, dropExports, shortenImports } from "./wasm-sections.mjs";
import { wasm32Env } from "./rustflags.mjs";

const staging = process.env.TRUNK_STAGING_DIR;
const source = process.env.TRUNK_SOURCE_DIR || process.cwd();
const profile = process.env.TRUNK_PROFILE === "release" ? "release" : "debug";
if (!staging) throw new Error("run by trunk: TRUNK_STAGING_DIR is not set");

const MARKER = "<!-- satchel:wasm -->";
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"] });
const hash = (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);

const target = process.env.CARGO_TARGET_DIR || join(source, "target");
const input = join(target, "wasm32-unknown-unknown", profile, "satchel.wasm");
const work = join(target, "wasm-split", profile);
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, "bindgen"), { recursive: true });

// Chunks call into the first-load module through the shared function table. With reference
// types on, wasm-bindgen rewrites the signatures of its casts in the first-load module and such
// a call fails ("function signature mismatch"), so split builds turn them off, after the
// caller's and .cargo/config.toml's flags so nothing turns them back on. Tests are never split
// and keep the defaults.
//
// A panic location names its source file, and a dependency's file is under this machine's cargo
// home (about 60 such paths in the first load). Named from the registry instead, the paths are
// shorter and the build is the same on every machine.
const registry = join(process.env.CARGO_HOME || join(homedir(), ".cargo"), "registry", "src");
const remaps = existsSync(registry) ? readdirSync(registry).map((d) => `--remap-path-prefix=${join(registry, d)}/=`) : [];
const cargoArgs = ["build", "--target=wasm32-unknown-unknown", "--bin=satchel", "--features=split"];
if (profile === "release") cargoArgs.push("--release");
execFileSync("cargo", cargoArgs, {
  cwd: source,
  stdio: ["ignore", "inherit", "inherit"],
  env: wasm32Env(process.env, ["-Ctarget-feature=-reference-types", ...remaps]),
});
run("wasm_split_cli", [input, work]);
const chunks = readdirSync(work).filter((f) => f.endsWith(".wasm") && f !== "main.wasm");
if (chunks.length === 0) throw new Error("wasm: no split points found (is the `split` feature on?)");

// Built without reference types, but the precompiled standard library still declares them in
// the `target_features` section, which would turn wasm-bindgen's externref pass back on.
// Without the section it keeps JS values as plain i32 handles, which every chunk agrees on.
writeFileSync(join(work, "main.wasm"), dropCustomSection(readFileSync(join(work, "main.wasm")), "target_features"));

run("wasm-bindgen", [
  join(work, "main.wasm"),
  `--out-dir=${join(work, "bindgen")}`,
  "--out-name=satchel",
  "--target=web",
  "--no-typescript",
  "--no-demangle",
  "--keep-lld-exports",
]);

// Every JS function the wasm calls is imported by name, and wasm-bindgen's names carry a
// 16-digit hash each: 6 KB of names that do not compress, in the first load twice (the wasm's
// import section and the glue's import object). A release gives them short names in both
// (-2.5 KB brotli, -3.6 KB gzip on the wasm). The chunks reach these functions through the
// function table, never by name.
const bgWasm = join(work, "bindgen", "satchel_bg.wasm");
let glueText = readFileSync(join(work, "bindgen", "satchel.js"), "utf8");
if (profile === "release") {
  const { bytes, renames } = shortenImports(readFileSync(bgWasm), "./satchel_bg.js", "a");
  writeFileSync(bgWasm, bytes);
  for (const [long, short] of renames) {
    // The import object's key must be the name's one use, or a rename would miss a reference.
    const word = new RegExp(`(?<![\\w$])${long}(?=\\s*:)`);
    glueText = patch(glueText, word, short, `wasm: the glue's import ${long}`);
    const left = glueText.split(long).length - 1;
    if (left) throw new Error(`wasm: the glue names ${long} ${left} more time(s) besides its import's key`);
  }
  glueText = patch(glueText, '"./satchel_bg.js": import0', "a: import0", "wasm: the glue's import module");

  // Leptos's server functions bring wasm-streams, whose three classes wasm-bindgen exports
  // whether or not anything uses them; Satchel has no server and never does. Without the
  // exports, wasm-opt drops their code (-1 KB brotli). Nothing in the wasm creates one: the
  // glue would then hold a constructor import naming the class, and the check below fails.
  const stream = /intounderlying/i;
  const { bytes: kept, dropped } = dropExports(readFileSync(bgWasm), (name) => stream.test(name));
  if (dropped.length === 0) throw new Error("wasm: no wasm-streams exports to drop (did Leptos stop bringing them?)");
  writeFileSync(bgWasm, kept);
  glueText = patch(
    glueText,
    /^export class (IntoUnderlying\w+) \{\n[\s\S]*?^\}\n(?:if \(Symbol\.dispose\) \1\.[^\n]*\n)?/m,
    "",
    "wasm: the glue's wasm-streams classes",
    3,
  );
  glueText = patch(
    glueText,
    /^const IntoUnderlying\w+Finalization = [^;]*;\n/m,
    "",
    "wasm: the glue's wasm-streams finalizers",
    3,
  );
  if (stream.test(glueText)) throw new Error("wasm: the glue still uses a wasm-streams class");
}

// What rustc's wasm32 target enables by default; named here because main.wasm no longer says.
const FEATURES = [
  "--enable-bulk-memory",
  "--enable-bulk-memory-opt",
  "--enable-sign-ext",
  "--enable-mutable-globals",
  "--enable-nontrapping-float-to-int",
  "--enable-multivalue",
  "--enable-reference-types",
];
const optimise = (from, to) => {
  if (profile !== "release") return writeFileSync(to, readFileSync(from));
  // wasm-opt warns once per module about a name subsection it does not know (the splitter's
  // local names); it drops it with the other debug names, so only other output is shown.
  // Functions sorted by name before the names go: a generic's copies then sit side by side,
  // within gzip's 32 KB window of each other (-3.3 KB gzip on the first load, issue 20).
  const args = ["-Oz", ...FEATURES, "--reorder-functions-by-name", "--strip-debug", "--strip-producers"];
  const out = spawnSync("wasm-opt", [...args, from, "-o", to], {
    encoding: "utf8",
  });
  if (out.error) throw out.error;
  const noise = /^warning: unknown name subsection with id \d+ at \d+$/;
  const said = `${out.stdout}${out.stderr}`.split("\n").filter((l) => l && !noise.test(l));
  if (said.length) console.error(said.join("\n"));
  if (out.status !== 0) throw new Error(`wasm-opt failed on ${from}`);
};

// The glue and the loader are in the first load, next to the wasm on the same slow link:
// minified in a release (-2.9 KB gzip). Export names and the wasm's import names (properties)
// stay as they are; the loader's hash is taken before, so it names the same source.
async function minified(code) {
  if (profile !== "release") return code;
  const { minify } = await import("terser");
  const out = await minify(code, { module: true, ecma: 2020, compress: { passes: 2 }, mangle: true });
  if (typeof out.code !== "string") throw new Error("wasm: terser returned no code");
  return out.code;
}

// The first-load wasm and its glue are named by the wasm's hash.
optimise(bgWasm, join(work, "main-opt.wasm"));
const base = `satchel-${hash(readFileSync(join(work, "main-opt.wasm")))}`;
const glue = `${base}.js`;
const wasmFile = `${base}_bg.wasm`;
renameSync(join(work, "main-opt.wasm"), join(staging, wasmFile));

let loader = readFileSync(join(work, "__wasm_split.js"), "utf8");
loader = patch(loader, '"./main.js"', `"./${glue}"`, "wasm: the loader's import of the glue");
for (const chunk of chunks) {
  const tmp = join(work, `opt-${chunk}`);
  optimise(join(work, chunk), tmp);
  const named = `${chunk.slice(0, -5)}-${hash(readFileSync(tmp))}.wasm`;
  renameSync(tmp, join(staging, named));
  loader = patch(loader, `"./${chunk}"`, `"./${named}"`, `wasm: the loader's name for ${chunk}`, "some");
}
const loaderName = `__wasm_split-${hash(loader)}.js`;
writeFileSync(join(staging, loaderName), await minified(loader));

// Only the module specifiers change: the wasm still names its import module "./__wasm_split.js".
const js = patch(
  glueText,
  'from "./__wasm_split.js"',
  `from "./${loaderName}"`,
  "wasm: the glue's import of the loader",
  "some",
);
writeFileSync(join(staging, glue), await minified(js));

// Start-up, as Trunk's rust asset would write it: fetch the glue and the wasm in parallel with
// the page, then start the app.
const sri = (file) => `sha384-${createHash("sha384").update(readFileSync(join(staging, file))).digest("base64")}`;
const startup = [
  `<link rel="modulepreload" href="./${glue}" crossorigin="anonymous" integrity="${sri(glue)}">`,
  `<link rel="preload" href="./${wasmFile}" crossorigin="anonymous" integrity="${sri(wasmFile)}" as="fetch" type="application/wasm">`,
  `<script type="module">import init from "./${glue}"; init({ module_or_path: "./${wasmFile}" });</script>`,
].join("\n  ");
const indexPath = join(staging, "index.html");
let html = patch(readFileSync(indexPath, "utf8"), MARKER, startup, "wasm: index.html's start-up marker");
// Trunk leaves its skipped rust link behind; the browser has no use for it.
html = patch(html, /\s*<link data-trunk rel="rust"[^>]*>/, "", "wasm: index.html's skipped rust link");
writeFileSync(indexPath, html);
console.log(`wasm: ${glue}, ${wasmFile} and ${chunks.length} chunks`);

// The CSP and the service worker's file list must see the final files.
await import("./postbuild.mjs");
