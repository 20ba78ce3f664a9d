// Small rewrites of a wasm module's sections for the build hook (scripts/wasm.mjs). Only the
// sections named here are read; every other byte is copied as it is.

/** The unsigned LEB128 number at `at` in `bytes`, and where the bytes after it start. */
function leb(bytes, at) {
  let value = 0, shift = 0, b;
  do {
    b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return [value, at];
}

/** `n` as unsigned LEB128. */
function toLeb(n) {
  const out = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return Buffer.from(out);
}

/** A length-prefixed UTF-8 name, as wasm writes one. */
const nameBytes = (text) => {
  const utf8 = Buffer.from(text, "utf8");
  return Buffer.concat([toLeb(utf8.length), utf8]);
};

/** The module's sections in order: `id`, and `start`/`body`/`end` offsets into `bytes`. */
function sections(bytes) {
  const out = [];
  let at = 8;
  while (at < bytes.length) {
    const start = at;
    const id = bytes[at++];
    const [size, body] = leb(bytes, at);
    at = body + size;
    out.push({ id, start, body, end: at });
  }
  return out;
}

/** The module with the section at `index` of `list` given the new body `body`. */
function withSection(bytes, list, index, body) {
  const s = list[index];
  return Buffer.concat([
    bytes.subarray(0, s.start),
    Buffer.from([s.id]),
    toLeb(body.length),
    body,
    bytes.subarray(s.end),
  ]);
}

/** A copy of the wasm module `bytes` without the custom section called `name`. */
export function dropCustomSection(bytes, name) {
  const kept = [bytes.subarray(0, 8)];
  for (const s of sections(bytes)) {
    if (s.id === 0) {
      const [len, text] = leb(bytes, s.body);
      if (Buffer.from(bytes.subarray(text, text + len)).toString() === name) continue;
    }
    kept.push(bytes.subarray(s.start, s.end));
  }
  return Buffer.concat(kept);
}

/** Short, distinct JavaScript identifiers: a..z, A..Z, then two characters and so on. */
function shortName(i) {
  const first = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const rest = `${first}0123456789`;
  let name = first[i % first.length];
  i = Math.floor(i / first.length);
  while (i > 0) {
    i -= 1;
    name += rest[i % rest.length];
    i = Math.floor(i / rest.length);
  }
  return name;
}

/** Skips an import's description (function, table, memory, global or tag) from `at`. */
function skipImportDesc(bytes, at) {
  const kind = bytes[at++];
  const limits = (p) => {
    const flags = bytes[p++];
    [, p] = leb(bytes, p);
    if (flags & 1) [, p] = leb(bytes, p);
    return p;
  };
  switch (kind) {
    case 0: // a function: its type index
      return leb(bytes, at)[1];
    case 1: // a table: its element type, then limits
      return limits(at + 1);
    case 2: // a memory: limits
      return limits(at);
    case 3: // a global: its value type and mutability
      return at + 2;
    case 4: // a tag: an attribute byte and a type index
      return leb(bytes, at + 1)[1];
    default:
      throw new Error(`wasm: unknown import kind ${kind}`);
  }
}

/**
 * The module with the vector section `id` (imports, exports) rewritten entry by entry:
 * `entry(at)` reads the entry starting at `at` and returns where it ends and its new bytes,
 * or null to leave it out. `what` names the section in errors.
 */
function rewriteEntries(bytes, id, what, entry) {
  const list = sections(bytes);
  const index = list.findIndex((s) => s.id === id);
  if (index < 0) throw new Error(`wasm: the module has no ${what} section`);
  const { body, end } = list[index];
  let [count, at] = leb(bytes, body);
  const kept = [];
  for (let i = 0; i < count; i++) {
    const [next, out] = entry(at);
    if (out) kept.push(out);
    at = next;
  }
  if (at !== end) throw new Error(`wasm: the ${what} section did not end where its size says`);
  return withSection(bytes, list, index, Buffer.concat([toLeb(kept.length), ...kept]));
}

/**
 * The module with every import from `module` renamed: the module to `shortModule` and each
 * field to a short identifier. Returns the new bytes and the renames, old field name to new.
 */
export function shortenImports(bytes, module, shortModule) {
  const renames = new Map();
  const out = rewriteEntries(bytes, 2, "import", (at) => {
    const [moduleLen, moduleAt] = leb(bytes, at);
    const from = bytes.subarray(moduleAt, moduleAt + moduleLen).toString("utf8");
    const [fieldLen, fieldAt] = leb(bytes, moduleAt + moduleLen);
    const field = bytes.subarray(fieldAt, fieldAt + fieldLen).toString("utf8");
    const descAt = fieldAt + fieldLen;
    const next = skipImportDesc(bytes, descAt);
    const desc = bytes.subarray(descAt, next);
    if (from !== module) return [next, Buffer.concat([nameBytes(from), nameBytes(field), desc])];
    if (renames.has(field)) throw new Error(`wasm: ${module} is imported twice as ${field}`);
    const short = shortName(renames.size);
    renames.set(field, short);
    return [next, Buffer.concat([nameBytes(shortModule), nameBytes(short), desc])];
  });
  return { bytes: out, renames };
}

/** The module without the exports whose names `drop` accepts; returns the names dropped. */
export function dropExports(bytes, drop) {
  const dropped = [];
  const out = rewriteEntries(bytes, 7, "export", (at) => {
    const [len, nameAt] = leb(bytes, at);
    const name = bytes.subarray(nameAt, nameAt + len).toString("utf8");
    // The name, a kind byte, then the index.
    const next = leb(bytes, nameAt + len + 1)[1];
    if (!drop(name)) return [next, bytes.subarray(at, next)];
    dropped.push(name);
    return [next, null];
  });
  return { bytes: out, dropped };
}
