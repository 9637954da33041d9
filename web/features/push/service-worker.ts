/// <reference lib="webworker" />
/**
 * The app's service worker (vite-plugin-pwa, injectManifest). It keeps the app shell for the gate's
 * offline mode, as Workbox's generated worker did, the driver's pass and balance (web/lib/own-answers.ts),
 * and the map tiles already seen.
 * It shows Web Push notifications: a tap opens what the notice is about, and "Extend 1 hour" opens the reservation's Extend dialog, priced, where the
 * driver confirms (docs/notifications.md).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { EXTEND_ACTION, type PushPayload } from '../../../core/push';
import { PLATE_MODEL_FILES } from '../gate/plate-reader/model-files';
import { OWN_ANSWERS, OWN_ANSWERS_CACHE } from '../../lib/own-answers';
import { MAP_TILES_CACHE, keepNewestTiles, isMapTile } from '../../lib/map-tiles-cache';

/** `__WB_MANIFEST`: the build's list of the app's files, put here by vite-plugin-pwa. */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));
// The plate reader's files, kept on first use (their names change with their content).
registerRoute(({ url }) => PLATE_MODEL_FILES.test(url.pathname), new CacheFirst({ cacheName: 'plate-reader' }));
// The other screens' files, kept as they are first loaded (the install fetches only the app's shell and
// its offline screens, scripts/offline-files.ts); their names change with their content, so the newest few hundred.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'parkada-files', plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })] }),
);
// The pass and the wallet's balance readable offline: the network's answer first, the last one kept
// without a connection; a 401 means the session ended, and its copies go with it.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && OWN_ANSWERS.test(url.pathname),
  new NetworkFirst({
    cacheName: OWN_ANSWERS_CACHE,
    plugins: [
      {
        fetchDidSucceed: async ({ response }) => {
          if (response.status === 401) await caches.delete(OWN_ANSWERS_CACHE);
          return response;
        },
      },
    ],
  }),
);
// The map's tiles already seen, so the map around a booked lot stays readable offline: from the cache
// first, in a cache of their own, only tiles the server gave (not an error), the newest few hundred kept.
registerRoute(
  ({ request, url }) => isMapTile(request, url, self.location.origin),
  new CacheFirst({
    cacheName: MAP_TILES_CACHE,
    plugins: [{ cacheWillUpdate: async ({ response }) => (response.ok ? response : null), cacheDidUpdate: keepNewestTiles }],
  }),
);

/** The app's mark, as in the page's icon. */
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%23f97316'/%3E%3Ctext x='16' y='23' font-size='20' text-anchor='middle' fill='white' font-family='Arial' font-weight='bold'%3EP%3C/text%3E%3C/svg%3E";

self.addEventListener('push', (event) => {
  const payload = event.data?.json() as PushPayload | undefined;
  if (!payload) return;
  const options: NotificationOptions & { actions?: { action: string; title: string }[] } = {
    body: payload.body,
    tag: payload.tag,
    icon: ICON,
    data: payload,
    actions: payload.extendUrl ? [{ action: EXTEND_ACTION, title: 'Extend 1 hour' }] : [],
  };
  event.waitUntil(self.registration.showNotification(payload.title, options));
});

self.addEventListener('notificationclick', (event) => {
  const payload = event.notification.data as PushPayload;
  event.notification.close();
  const path = event.action === EXTEND_ACTION && payload.extendUrl ? payload.extendUrl : payload.url;
  event.waitUntil(openInApp(new URL(path, self.location.origin).href));
});

/** The app's open window is taken there and brought forward; without one, a new window opens there. */
async function openInApp(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(url);
  await open.navigate(url);
  return open.focus();
}
