/* global self, caches */
// Hourmark's service worker: the signed-in screens open without a network (issue 10).
// Pages: network first, so a deploy shows at once; the copy kept from the last visit when
// offline. Built assets (/_astro/, named by their content hash): from the cache once fetched.
// The API (/user/, /sync/, /api/, /health) is never cached: sync keeps its own outbox.
const CACHE = 'hourmark-shell-v1';
const SCREENS = [
  '/login/',
  '/allHours',
  '/projects',
  '/clients',
  '/clients/new',
  '/users',
  '/users/new',
  '/accountSetting',
];
/** Fetches `urls` into the cache two at a time, so the page's own requests are not held up. */
async function keepAll(cache, urls) {
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const hit = await cache.match(url);
      if (!hit) await cache.add(url).catch(() => undefined);
    }
  };
  await Promise.all([worker(), worker()]);
}

async function precache() {
  const cache = await caches.open(CACHE);
  // Every built script and style (the build lists them), so code a screen loads on first use
  // is there offline too; hashed names mean a file already kept never needs fetching again.
  const listed = await fetch('/offline-assets.json').then((r) => (r.ok ? r.json() : []));
  await keepAll(cache, [...listed, '/manifest.webmanifest', '/favicon.svg']);
  for (const path of SCREENS) await cache.add(path).catch(() => undefined);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    precache()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const isApi = (path) =>
  path.startsWith('/user/') ||
  path.startsWith('/sync/') ||
  path.startsWith('/api/') ||
  path === '/health';

async function pageFirstFromNetwork(request) {
  const url = new URL(request.url);
  const key = url.pathname;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const cache = await caches.open(CACHE);
      await cache.put(key, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(key);
    if (cached) return cached;
    throw error;
  }
}

async function assetFromCache(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(pageFirstFromNetwork(request));
  else if (url.pathname.startsWith('/_astro/')) event.respondWith(assetFromCache(request));
});
