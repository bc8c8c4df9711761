// The demo offline: a service worker that keeps a copy of every file the page needs (the page, the
// .wasm, the JS glue, the icon, the manifest), fetched when it installs. A file is served from that
// copy; the page itself (a navigation) from the network first, so a new build is seen at once while
// online, and from the copy when there is no network. Each build writes its own version below (the
// .wasm's hash, scripts/build-web.sh): a new build installs a new copy and drops the old one.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "circle-aabb-lab-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("circle-aabb-lab-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The page: the network's, else the copy (whatever the query: ?embed=1 is the same page).
    event.respondWith(
      fetch(request).catch(() =>
        caches.open(CACHE).then((cache) => cache.match("index.html").then((r) => r || cache.match(request, { ignoreSearch: true })))
      )
    );
    return;
  }
  event.respondWith(
    caches.open(CACHE).then((cache) => cache.match(request, { ignoreSearch: true }).then((r) => r || fetch(request)))
  );
});
