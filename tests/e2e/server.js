// A tiny static server for dist/, mounted under a sub-path as on GitHub Pages. Each test that
// needs to stop it (the offline test) starts its own on a free port on 127.0.0.1.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { gzipSync } from "node:zlib";

export const BASE = "/satchel/";
// SATCHEL_DIST lets a second checkout or build share these tests without sharing dist/.
const DIST = resolve(process.env.SATCHEL_DIST || resolve(import.meta.dirname, "../../dist"));
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/**
 * Serves dist/ on a free port of 127.0.0.1. `{ gzip: true }` compresses text and wasm with gzip
 * for a browser that asks, as GitHub Pages does (it sends gzip, not brotli), so timings on a
 * slow link see the bytes a real visit would.
 */
export async function startServer({ gzip = false } = {}) {
  const zipped = new Map();
  // bumpServiceWorker() makes sw.js differ byte-wise, as a new release would.
  let swExtra = "";
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (!url.pathname.startsWith(BASE)) {
      res.writeHead(404).end("not found");
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(BASE.length)) || "index.html";
    const file = normalize(join(DIST, rel));
    if (!file.startsWith(DIST)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const s = await stat(file);
      const path = s.isDirectory() ? join(file, "index.html") : file;
      let body = await readFile(path);
      if (path.endsWith("sw.js") && swExtra) body = Buffer.concat([body, Buffer.from(swExtra)]);
      const headers = {
        "content-type": TYPES[extname(path)] ?? "application/octet-stream",
        "cache-control": "no-cache",
      };
      if (gzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "") && extname(path) !== ".png") {
        const key = `${path}:${body.length}`;
        if (!zipped.has(key)) zipped.set(key, gzipSync(body, { level: 6 }));
        body = zipped.get(key);
        headers["content-encoding"] = "gzip";
        headers.vary = "accept-encoding";
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: origin + BASE,
    bumpServiceWorker: () => {
      swExtra += `\n// release ${Date.now()}\n`;
    },
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(ok);
      }),
  };
}
