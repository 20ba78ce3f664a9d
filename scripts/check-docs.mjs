// Fails when a document or a comment points at a file that is not there, so renames cannot leave
// stale references behind. Checked, in every file git tracks (or would track):
// - Markdown links and images to a relative path, resolved from the Markdown file (GitHub's rule);
// - repo paths in Markdown inline code (`scripts/wasm.mjs`, `tests/fixtures/`), from the root;
// - repo paths with a file extension in any other text file (a comment naming
//   script since renamed), from the root.
// A repo path is one whose first segment is a top-level directory of the repository. Paths git
// ignores (`tests/e2e/screenshots/`, made by a test run) may be missing.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const git = (args) => execFileSync("git", args, { cwd: root, encoding: "utf8" });

const files = git(["ls-files", "--cached", "--others", "--exclude-standard", "-z"])
  .split("\0")
  .filter((f) => f && existsSync(join(root, f)));
const topDirs = new Set(readdirSync(root).filter((f) => f !== ".git" && statSync(join(root, f)).isDirectory()));
const isRepoPath = (p) => p.includes("/") && topDirs.has(p.split("/")[0]);

// Everything a lock file or a picture holds is not prose.
const skipped = /(^|\/)(Cargo\.lock|package-lock\.json)$|\.(png|jpe?g|gif|ico|webp|woff2?|pdf|wasm)$/;

/** [file, line, reference, resolved path from the root] for every reference found. */
const found = [];
const lineOf = (text, index) => text.slice(0, index).split("\n").length;

function markdown(file, text) {
  // Fenced blocks are examples and layouts, not references; blank them, keeping line numbers.
  const prose = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, " "));
  const code = /`([^`\n]+)`/g;
  for (const m of prose.matchAll(code)) {
    const path = m[1].replace(/\/$/, "");
    if (/^[\w.\/-]+$/.test(path) && isRepoPath(path)) found.push([file, lineOf(prose, m.index), m[1], path]);
  }
  const withoutCode = prose.replace(code, (span) => " ".repeat(span.length));
  const links = [
    /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g, // [text](target "title")
    /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm, // [label]: target
    /<(?:a|img)\b[^>]*\b(?:href|src)="([^"]+)"/g,
  ];
  for (const pattern of links) {
    for (const m of withoutCode.matchAll(pattern)) {
      const target = m[1];
      if (/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target)) continue; // a URL or an anchor on this page
      const path = decodeURIComponent(target.replace(/[#?].*$/, ""));
      const resolved = path.startsWith("/") ? path.slice(1) : posix.join(posix.dirname(file), path);
      found.push([file, lineOf(withoutCode, m.index), target, resolved]);
    }
  }
}

function other(file, text) {
  // With an extension only: a bare `src/storage` in a sentence may be a module, not a path.
  for (const m of text.matchAll(/(?<![\w./-])([.\w-]+(?:\/[\w.-]+)+\.[a-z]{1,5})\b/g)) {
    if (isRepoPath(m[1])) found.push([file, lineOf(text, m.index), m[1], m[1]]);
  }
}

for (const file of files) {
  if (skipped.test(file)) continue;
  const text = readFileSync(join(root, file), "utf8");
  if (text.includes("\0")) continue;
  (file.endsWith(".md") ? markdown : other)(file, text);
}

const missing = found.filter(([, , , path]) => !existsSync(join(root, path)));
// check-ignore exits 1 when it ignores none of them: an answer, not an error.
const check = spawnSync("git", ["check-ignore", "--no-index", "--stdin"], {
  cwd: root,
  encoding: "utf8",
  input: missing.map(([, , , p]) => `${p}\n`).join(""),
});
if (check.status > 1 || check.error) throw check.error || new Error(`git check-ignore: ${check.stderr}`);
const ignored = new Set(check.stdout.split("\n").filter(Boolean));
const broken = missing.filter(([, , , path]) => !ignored.has(path));
for (const [file, line, reference] of broken) console.error(`${file}:${line}: ${reference} does not exist`);
if (broken.length) {
  console.error(`check-docs: ${broken.length} reference(s) to missing files`);
  process.exit(1);
}
console.log(`check-docs: ${found.length} references to repository files, all present`);
