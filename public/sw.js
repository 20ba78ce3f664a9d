// Satchel's service worker. scripts/postbuild.mjs fills in the build id and the file list.
// Every URL here is relative to this script, so the app works under any sub-path.
const CACHE = "satchel-__SATCHEL_BUILD__";
const SHELL = __SATCHEL_FILES__;

self.addEventListener("install", (event) => {
  // No skipWaiting here: a new build waits until the user accepts the update prompt.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("satchel-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The app shell answers every navigation (routes live in the hash), online or not.
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match("./index.html"))
        .then((cached) => cached || fetch(request)),
    );
    return;
  }
  event.respondWith(
    caches.match(request, { ignoreSearch: true }).then((cached) => cached || fetch(request)),
  );
});
