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
 * The module with every import from `module` renamed: the module to `shortModule` and each
 * field to a short identifier. Returns the new bytes and the renames, old field name to new.
 */
export function shortenImports(bytes, module, shortModule) {
  const list = sections(bytes);
  const index = list.findIndex((s) => s.id === 2);
  if (index < 0) throw new Error("wasm: the module has no import section");
  const { body, end } = list[index];
  let [count, at] = leb(bytes, body);
  const parts = [toLeb(count)];
  const renames = new Map();
  for (let i = 0; i < count; i++) {
    const [moduleLen, moduleAt] = leb(bytes, at);
    const from = bytes.subarray(moduleAt, moduleAt + moduleLen).toString("utf8");
    const [fieldLen, fieldAt] = leb(bytes, moduleAt + moduleLen);
    const field = bytes.subarray(fieldAt, fieldAt + fieldLen).toString("utf8");
    const descAt = fieldAt + fieldLen;
    at = skipImportDesc(bytes, descAt);
    if (from === module) {
      if (renames.has(field)) throw new Error(`wasm: ${module} is imported twice as ${field}`);
      const short = shortName(renames.size);
      renames.set(field, short);
      parts.push(nameBytes(shortModule), nameBytes(short));
    } else {
      parts.push(nameBytes(from), nameBytes(field));
    }
    parts.push(bytes.subarray(descAt, at));
  }
  if (at !== end) throw new Error("wasm: the import section did not end where its size says");
  return { bytes: withSection(bytes, list, index, Buffer.concat(parts)), renames };
}

/** The module without the exports whose names `drop` accepts; returns the names dropped. */
export function dropExports(bytes, drop) {
  const list = sections(bytes);
  const index = list.findIndex((s) => s.id === 7);
  if (index < 0) throw new Error("wasm: the module has no export section");
  const { body, end } = list[index];
  let [count, at] = leb(bytes, body);
  const kept = [];
  const dropped = [];
  for (let i = 0; i < count; i++) {
    const start = at;
    const [len, nameAt] = leb(bytes, at);
    const name = bytes.subarray(nameAt, nameAt + len).toString("utf8");
    at = leb(bytes, nameAt + len + 1)[1];
    if (drop(name)) dropped.push(name);
    else kept.push(bytes.subarray(start, at));
  }
  if (at !== end) throw new Error("wasm: the export section did not end where its size says");
  const newBody = Buffer.concat([toLeb(kept.length), ...kept]);
  return { bytes: withSection(bytes, list, index, newBody), dropped };
}
