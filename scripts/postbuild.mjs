// The last build step, run by scripts/wasm.mjs (a Trunk post-build hook, with TRUNK_STAGING_DIR set).
// 1. Adds a strict Content-Security-Policy to index.html, allowing exactly this build's inline
//    scripts by hash (the theme peek, the service-worker registration, Trunk's wasm loader).
// 2. Writes sw.js with the list of files to precache and a cache name that changes whenever any
//    of them does.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { patch } from "./patch.mjs";

const staging = process.env.TRUNK_STAGING_DIR;
const source = process.env.TRUNK_SOURCE_DIR || process.cwd();
if (!staging) throw new Error("run by trunk: TRUNK_STAGING_DIR is not set");

const indexPath = join(staging, "index.html");
let html = readFileSync(indexPath, "utf8");

// Styles. The roster's (main.css) is written into the page, so the first paint waits for no
// second request; the screens' (sheets, GM tables, gear) leave the head and are named in a
// meta tag, fetched by `satchelStyles()` in index.html when the first such screen opens or the
// roster is idle (src/ui/lazy.rs). The files stay in dist, so the service worker keeps them.
const styleLink = /<link rel="stylesheet" href="\.\/([a-z]+)-[0-9a-f]+\.css"[^>]*\/>\n?\s*/g;
const links = [...html.matchAll(styleLink)];
const main = links.filter((m) => m[1] === "main");
if (main.length !== 1 || links.length < 2) throw new Error(`postbuild: expected main.css and the screens' styles, found ${links.map((m) => m[1])}`);
// Minified in a release (comments and spaces out, no rules merged or moved: csso's
// `restructure: false`): the roster's styles travel in the page ahead of the wasm's request,
// the screens' with the screen that opens them.
const release = process.env.TRUNK_PROFILE === "release";
if (release) {
  const { minify } = await import("csso");
  for (const m of links) {
    const file = join(staging, m[0].match(/href="\.\/([^"]+)"/)[1]);
    writeFileSync(file, minify(readFileSync(file, "utf8"), { restructure: false }).css);
  }
}
const mainCss = readFileSync(join(staging, main[0][0].match(/href="\.\/([^"]+)"/)[1]), "utf8");
if (mainCss.includes("</style")) throw new Error("postbuild: main.css cannot be written into a <style> element");
const screens = links.filter((m) => m[1] !== "main").map((m) => m[0].match(/href="([^"]+)"/)[1]);
html = patch(html, main[0][0], `<style>${mainCss}</style>\n  `, "postbuild: main.css's link");
for (const m of links.filter((m) => m[1] !== "main")) html = patch(html, m[0], "", `postbuild: ${m[1]}.css's link`);
html = patch(
  html,
  "<!-- satchel:styles -->",
  `<meta name="satchel-styles" content="${screens.join(" ")}">`,
  "postbuild: index.html's marker for the screens' styles",
);
const styleHashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
  (m) => `'sha256-${createHash("sha256").update(m[1]).digest("base64")}'`,
);
const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
  (m) => `'sha256-${createHash("sha256").update(m[1]).digest("base64")}'`,
);
const csp = [
  "default-src 'self'",
  // 'wasm-unsafe-eval' lets WebAssembly compile; it does not allow JavaScript eval.
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(" ")}`,
  `style-src 'self' ${styleHashes.join(" ")}`,
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join("; ");
// `trunk serve` adds its own live-reload script after this step, which a CSP would block, so
// development builds go without one; every release build (and every test) has it.
if (release) {
  html = patch(
    html,
    '<meta charset="utf-8">',
    `<meta charset="utf-8">\n  <meta http-equiv="Content-Security-Policy" content="${csp}">`,
    "postbuild: index.html's charset, where the CSP goes",
  );
}
writeFileSync(indexPath, html);

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
const files = walk(staging)
  .map((p) => relative(staging, p).split("\\").join("/"))
  .filter((f) => f !== "sw.js" && !f.endsWith(".map"))
  .sort();
const digest = createHash("sha256");
for (const f of files) digest.update(f).update(readFileSync(join(staging, f)));
const build = digest.digest("hex").slice(0, 16);
let sw = readFileSync(join(source, "public", "sw.js"), "utf8");
sw = patch(sw, "__SATCHEL_BUILD__", build, "postbuild: sw.js's cache name");
sw = patch(sw, "__SATCHEL_FILES__", JSON.stringify(["./", ...files.map((f) => `./${f}`)]), "postbuild: sw.js's file list");
writeFileSync(join(staging, "sw.js"), sw);
console.log(`postbuild: ${release ? `CSP with ${hashes.length} inline script hashes` : "no CSP (development build)"}; sw.js cache satchel-${build}, ${files.length} files`);
