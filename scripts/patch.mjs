// Text patches for the build hooks. A patch whose pattern has drifted (a new wasm-bindgen, Trunk
// or splitter writing its output differently) would otherwise replace nothing and ship a build
// that fails only in a browser, so every patch states how often its pattern must occur and the
// build stops when it does not.

/**
 * `text` with `pattern` (a string or a RegExp) replaced by the string `replacement`, taken
 * literally. `times` is how often the pattern must occur: 1 by default, or "some" for one or
 * more (all are replaced). `what` names the patch in the error.
 */
export function patch(text, pattern, replacement, what, times = 1) {
  const all =
    typeof pattern === "string"
      ? pattern
      : new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  const found = typeof all === "string" ? text.split(all).length - 1 : [...text.matchAll(all)].length;
  const ok = times === "some" ? found > 0 : found === times;
  if (!ok) {
    const wanted = times === "some" ? "at least once" : `${times} time(s)`;
    throw new Error(`${what}: expected ${JSON.stringify(String(pattern))} ${wanted}, found it ${found} time(s)`);
  }
  // A function, so a `$` in the replacement (a hash, a file name) is never read as a pattern.
  return text.replaceAll(all, () => replacement);
}
