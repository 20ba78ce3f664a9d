// The body of scripts/size-profile: the first-load module (before wasm-opt, as wasm-bindgen left
// it) optimised as the release is, but keeping function names, then read by twiggy.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const source = join(import.meta.dirname, "..", "target", "wasm-split", "release", "bindgen", "satchel_bg.wasm");
const dir = mkdtempSync(join(tmpdir(), "satchel-size-"));
const named = join(dir, "first.wasm");
const stripped = join(dir, "stripped.wasm");
const features = ["bulk-memory", "bulk-memory-opt", "sign-ext", "mutable-globals", "nontrapping-float-to-int", "multivalue", "reference-types"].map((f) => `--enable-${f}`);
const opt = (extra, out) =>
  execFileSync("wasm-opt", ["-Oz", ...features, ...extra, source, "-o", out], { stdio: ["ignore", "ignore", "ignore"] });
opt(["--reorder-functions-by-name", "--debuginfo"], named);
opt(["--reorder-functions-by-name", "--strip-debug", "--strip-producers"], stripped);

const bytes = readFileSync(stripped);
const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
console.log(`first-load module: ${bytes.length} bytes raw, ${gzipSync(bytes, { level: 9 }).length} gzip -9, ${br} brotli 11`);

const csv = execFileSync("twiggy", ["top", "-n", "1000000", "-f", "csv", named], { encoding: "utf8", maxBuffer: 1 << 28 });
const rows = csv
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => {
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g).map((c) => c.replace(/,$/, "").replace(/^"|"$/g, "").replace(/""/g, '"'));
    return { name: cells[0], size: Number(cells[1]) };
  })
  .filter((r) => !r.name.includes("names\" subsection") && !r.name.endsWith("subsection"));
const total = rows.reduce((n, r) => n + r.size, 0);
const pct = (n) => `${((100 * n) / total).toFixed(1)}%`;

// A function's crate: the first path segment of its name, or of the type its impl is for.
const crateOf = (name) => {
  if (name.startsWith("data segment")) return "(data: strings, tables, vtables)";
  const m = name.match(/^<*&?(?:mut |dyn )?([a-z_][a-z0-9_]*)(?:\[[0-9a-f]+\])?::/);
  return m ? m[1] : "(other: imports, table, glue)";
};
const byCrate = new Map();
for (const r of rows) byCrate.set(crateOf(r.name), (byCrate.get(crateOf(r.name)) ?? 0) + r.size);
console.log(`\n== by crate (code and data, ${total} bytes before compression)`);
for (const [crate, size] of [...byCrate].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  console.log(`${String(size).padStart(8)}  ${pct(size).padStart(6)}  ${crate}`);
}

// The sheets' types: their serde code, validation, comparison and copies, by name.
const sheetish = /Sheet|rules::|ix_sheet|exp_sheet|[Ii]nventory|Spell|Talent|Skill|Weapon|Health|Purse|character::Character/;
const serdeGeneric = /serde_json::(de|ser)|serde_core/;
const sheet = rows.filter((r) => sheetish.test(r.name)).reduce((n, r) => n + r.size, 0);
const generic = rows.filter((r) => !sheetish.test(r.name) && serdeGeneric.test(r.name)).reduce((n, r) => n + r.size, 0);
console.log(`\n== the sheets' types (named for them): ${sheet} bytes (${pct(sheet)}); serde code named for no type: ${generic} (${pct(generic)})`);

// What reading and writing a character keeps, all it calls that nothing else does (twiggy's
// dominator tree): the part a roster holding its sheets unread would leave to the sheet chunks.
const tree = execFileSync("twiggy", ["dominators", "-r", "100000", named], { encoding: "utf8", maxBuffer: 1 << 28 });
for (const [label, pattern] of [
  ["decoding a character (character_from)", /satchel::model::document::character_from::/],
  ["encoding a sheet (Sheet's Serialize)", /Serialize for satchel::model::character::Sheet>::serialize/],
]) {
  const line = tree.split("\n").find((l) => pattern.test(l));
  if (!line) {
    console.log(`retained by ${label}: none (not in the first load)`);
    continue;
  }
  const retained = Number(line.trim().split(/\s+/)[0]);
  console.log(`retained by ${label}: ${retained} bytes (${pct(retained)})`);
}

console.log("\n== largest functions and data");
for (const r of rows.slice(0, 25)) console.log(`${String(r.size).padStart(8)}  ${r.name.slice(0, 150)}`);
rmSync(dir, { recursive: true, force: true });
