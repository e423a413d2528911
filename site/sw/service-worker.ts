/**
 * The service worker (issue #27; ARCHITECTURE.md "Offline and releases"), bundled with Workbox's
 * modules and given its precache list by site/integrations/service-worker.ts at the end of the build.
 *
 * - Every island chunk under /_astro/, the signed-in pages, the manifest and the icons are
 *   precached at install, revisioned by content (a hashed file's name is its revision; a page's
 *   revision is the hash of its HTML): the first signed-in visit downloads what every part needs.
 * - A navigation goes to the network first, so an online visit always gets the newest release's
 *   HTML (and, from it, that release's chunks); only when the network fails is the page answered
 *   from this worker's own precache, whose HTML and chunks are one and the same release.
 * - Chunks come from the precache; what it does not hold (another release's chunk) goes to the
 *   network. Nothing else is handled: /api/* and every other request go to the network untouched.
 * - No skipWaiting: a new release's worker installs in the background and waits until no page of
 *   the old one is open, so an open page never loses the chunks it was built with. clientsClaim
 *   only matters for the first install (no older worker): the page that installed it is served from
 *   its precache at once, so a signal that drops during the first visit finds every part there.
 * - A push (issue #30, docs/PRODUCT.md "Notifications on the phone") shows its notification and
 *   tells the server it was shown (its receipt), so no text message goes instead; a tap focuses an
 *   open window of the site on the notification's screen, or opens one.
 */
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { METRICS_PATHS } from '../../contract/health.ts';
import { pageAddress } from './pages.ts';
import { noticeFor, tapTarget } from './push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The navigation request starts while the worker boots (tens to hundreds of ms on a cheap phone).
enableNavigationPreload();
// Registered before the precache's route, so it takes every navigation (routes match in order).
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: ({ request }) => matchPrecache(pageAddress(request.url)) }],
    }),
    // The API and the operator's metrics (contract/health.ts) are never answered from a cache.
    { denylist: [/^\/api\//, new RegExp(`^${METRICS_PATHS.metrics}$`)] },
  ),
);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();
// A page that is not precached, asked for offline: the browser's own "no connection" page.
setCatchHandler(async () => Response.error());

/** Where the worker tells the server a notification was shown (contract/push.ts: no session, the receipt is the proof). */
const SHOWN_URL = '/api/push/shown';

async function showPush(event: PushEvent): Promise<void> {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    text = null;
  }
  const { title, options } = noticeFor(text);
  await self.registration.showNotification(title, options);
  const { receipt } = options.data;
  if (!receipt) return;
  try {
    // keepalive: the browser may stop the worker as soon as waitUntil settles.
    await fetch(SHOWN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ receipt }),
      keepalive: true,
      credentials: 'omit',
    });
  } catch {
    // No signal: the server sends the text message instead, which is what "not shown in time" means.
  }
}

self.addEventListener('push', (event) => event.waitUntil(showPush(event)));

async function openTarget(data: unknown): Promise<void> {
  const target = new URL(tapTarget(data), self.location.origin).href;
  // Only a window this worker controls can be navigated: the one in front, else any.
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (open) {
    try {
      await open.focus();
    } catch {
      // Focus is for a real tap only; the screen still changes below.
    }
    try {
      // Null or a rejection (the window went meanwhile): open one instead.
      if (await open.navigate(target)) return;
    } catch {
      // open a window instead
    }
  }
  try {
    await self.clients.openWindow(target);
  } catch {
    // Refused without a real tap (only a test dispatches one): nothing to open.
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTarget(event.notification.data));
});
