// Registers the room's service worker (`public/sw.js`: the app shell offline, Web Push
// notifications) where the browser has them and the page is a secure context (https, or
// localhost).

export function registerServiceWorker() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the page works as before: no offline page, no Web Push.
    });
  });
}
