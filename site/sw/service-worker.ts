/**
 * The service worker (ARCHITECTURE.md "Offline and releases"), bundled with Workbox's modules and
 * given its precache list by site/integrations/service-worker.ts at the end of the build.
 *
 * - Installed for one role, named in its script's address (/sw.js?for=customer, ui/useServiceWorker.ts):
 *   it precaches that role's pages (its dashboard, its sign-in page) and every chunk they can load
 *   for that role, lazy parts included, plus our offline page; never another role's screens, the
 *   admin console or the diagnostic pages. A hashed file is asked for with the default cache mode
 *   and a page is revalidated (`no-cache`: a 304 when unchanged), so what the browser already
 *   holds is not downloaded again: a first visit downloads only the parts not yet opened.
 * - A navigation goes to the network first, so an online visit always gets the newest release's
 *   HTML (and, from it, that release's chunks). Offline it is answered by this worker's own copy
 *   of the page (HTML and chunks of one release), else by the copy kept when it was last visited
 *   (public pages and the dashboards: pages.ts), else a dashboard address opens the role's own
 *   dashboard, else our small offline page with the support line.
 * - Chunks come from the precache; one it does not hold (the general dashboard's parts, a part of
 *   another release) goes to the network and is kept when it arrives, so a part used once opens
 *   offline. /api/*, /metrics and everything else go to the network untouched.
 * - No skipWaiting: a new release's worker installs in the background (adding only what the
 *   precache lacks) and waits until no page of the old one is open, so an open page never loses
 *   the chunks it was built with; its activation drops what is not in its own list, and forgets a
 *   kept page that runs a file it no longer holds. clientsClaim only matters for the first install
 *   (no older worker): the page that installed it is served from its precache at once.
 * - A push (docs/PRODUCT.md "Notifications on the phone") shows its notification and tells the
 *   server it was shown (its receipt), so no text message goes instead; a tap focuses an open
 *   window of the site on the notification's screen, or opens one.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import {
  addPlugins,
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { scrapeMetrics } from '../../contract/health.ts';
import { filesNamed, keptWhenVisited, mayKeep, pageAddress, roleOf, standIn } from './pages.ts';
import { noticeFor, tapTarget } from './push.ts';

/** An entry of the build's list: `for` names the roles that precache it (space-separated), absent for all. */
type ListedEntry = PrecacheEntry & { for?: string };
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const ROLE = roleOf(self.location.href);
/** Pages kept when visited, and chunks kept when used: a bounded number of each, the least recently used out first. */
const KEPT_PAGES = 'pages-kept';
const KEPT_CHUNKS = 'chunks-kept';

// The navigation request starts while the worker boots (tens to hundreds of ms on a cheap phone).
enableNavigationPreload();

/** Whether this worker's list holds `address` (its own release's copy). */
const precaches = (address: string) => getCacheKeyForURL(address) !== undefined;

// Registered before the precache's route, so it takes every navigation (routes match in order).
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: KEPT_PAGES,
      plugins: [
        {
          // One copy per page, however it is asked for (/support/, ?tab=…).
          cacheKeyWillBeUsed: async ({ request }) => new URL(pageAddress(request.url), request.url).href,
          // A page this worker precaches keeps its own release's copy only (HTML and chunks together);
          // never a page for one person (pages.ts), nor one marked no-store or private.
          cacheWillUpdate: async ({ request, response }) =>
            keptWhenVisited(request.url) && !precaches(pageAddress(request.url)) && mayKeep(response) ? response : null,
        },
        new ExpirationPlugin({ maxEntries: 40 }),
        {
          // Offline: this worker's own copy first, then the copy kept at the last visit.
          cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
            (await matchPrecache(pageAddress(request.url))) ?? cachedResponse,
          // Neither: a dashboard address opens the role's own dashboard, anything else our offline page.
          handlerDidError: async ({ request }) => matchPrecache(standIn(request.url, ROLE)),
        },
      ] satisfies WorkboxPlugin[],
    }),
    // The API and the operator's metrics (contract/health.ts) are never answered from a cache.
    { denylist: [/^\/api\//, new RegExp(`^${scrapeMetrics.path}(?:\\?|$)`)] },
  ),
);

// The build's list, for this worker's role; a chunk asked for again as ?attempt=N after a failure
// is the same file. A page is revalidated instead of downloaded again (Workbox asks for an entry
// with a revision with cache: 'reload'): unchanged, it costs a 304.
precacheAndRoute(
  (self.__WB_MANIFEST as ListedEntry[])
    .filter((entry) => !entry.for || (ROLE !== null && entry.for.split(' ').includes(ROLE)))
    .map(({ url, revision }) => ({ url, revision })),
  { ignoreURLParametersMatching: [/^attempt$/] },
);
addPlugins([
  {
    requestWillFetch: async ({ request }) =>
      request.cache === 'reload' ? new Request(request, { cache: 'no-cache' }) : request,
  },
]);
cleanupOutdatedCaches();
clientsClaim();

// A chunk the precache does not hold (the general dashboard's parts, another release's): the one
// kept, else the network, kept when it arrives (hashed names never go stale). Offline and held
// nowhere, a network error, which the part that asked says in its place.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
  new CacheFirst({
    cacheName: KEPT_CHUNKS,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => request.url.split('?')[0] },
      new ExpirationPlugin({ maxEntries: 120 }),
    ],
  }),
);

/**
 * A page kept at a visit names the files it runs (its scripts, islands and preloads): once a
 * release has dropped one of them from the precache, and it was not kept either, the page would
 * open offline without its code. Such a page is forgotten (a page without scripts, most public
 * pages, is kept across releases).
 */
async function forgetBrokenPages(): Promise<void> {
  const pages = await caches.open(KEPT_PAGES);
  const chunks = await caches.open(KEPT_CHUNKS);
  for (const request of await pages.keys()) {
    const html = (await (await pages.match(request))?.text()) ?? '';
    for (const file of filesNamed(html)) {
      const address = new URL(file, self.location.origin).href;
      if (precaches(address) || (await chunks.match(address))) continue;
      await pages.delete(request);
      break;
    }
  }
}

self.addEventListener('activate', (event) => event.waitUntil(forgetBrokenPages()));

/**
 * Where the worker tells the server a notification was shown (contract/push.ts `pushShown`: no session,
 * the receipt is the proof). Written as text: importing the declaration would bring zod into the worker.
 */
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
