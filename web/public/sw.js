// The room's service worker: keeps the app shell (the page, its scripts and styles, the icons)
// so the page opens fast and, with no connection, shows the offline page instead of the
// browser's error; shows the room's Web Push messages ("your move") as notifications, and a
// click on one opens (or focuses) the table. The room's API and WebSocket are never cached.

const CACHE = 'nimmt-shell-v1';
const SHELL = ['/', '/offline.html', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(SHELL))
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

/** Whether a request is the room's own data (never cached). */
function live(url) {
  return url.pathname.startsWith('/api/') || url.pathname === '/ws' || url.pathname === '/healthz' || url.pathname === '/metrics';
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || live(url)) return;
  if (req.mode === 'navigate') {
    // The page: from the network (it is small and may be new); the kept one or the offline
    // page when the room cannot be reached.
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok && url.pathname === '/') {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put('/', copy));
          }
          return res;
        })
        .catch(() => caches.match('/offline.html')),
    );
    return;
  }
  // Scripts, styles and icons: hashed names never change, so the kept copy is good; others are
  // fetched and kept for the next time.
  event.respondWith(
    caches.match(req).then(
      (hit) =>
        hit ||
        fetch(req).then((res) => {
          if (res.ok && (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname))) {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put(req, copy));
          }
          return res;
        }),
    ),
  );
});

// A Web Push message: `{table, game, deadline_ms, title, body, url}` in the subscriber's
// language (the room's `push/message.rs`).
self.addEventListener('push', (event) => {
  let m = {};
  try {
    m = event.data ? event.data.json() : {};
  } catch {
    m = { title: 'nimmt', body: event.data ? event.data.text() : '' };
  }
  const table = Number(m.table);
  event.waitUntil(
    self.registration.showNotification(m.title || 'nimmt', {
      body: m.body || '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      tag: Number.isFinite(table) ? `table-${table}` : undefined,
      renotify: true,
      timestamp: Date.now(),
      data: { url: typeof m.url === 'string' && m.url.startsWith('/') ? m.url : Number.isFinite(table) ? `/t/${table}` : '/' },
    }),
  );
});

// A click opens the table: in a window of the room already open (focused and sent there), else
// in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const mine = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (mine) return mine.focus().then((w) => (w || mine).navigate(target));
      return self.clients.openWindow(target);
    }),
  );
});
