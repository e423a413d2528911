/**
 * The service worker (ARCHITECTURE.md "Offline and releases"), bundled with Workbox's modules and
 * given its precache list by site/integrations/service-worker.ts at the end of the build.
 *
 * - Installed for one role, named in its script's address (/sw.js?for=customer, ui/useServiceWorker.ts):
 *   it precaches that role's pages (its dashboard, its sign-in page) and every chunk they can load
 *   for that role, lazy parts included, plus our offline page; never another role's screens, the
 *   admin console or the diagnostic pages. Hashed files and pages the browser already holds come
 *   from its HTTP cache (a page is revalidated: 304 when unchanged), so a first visit downloads
 *   only the parts not yet opened.
 * - A navigation goes to the network first, so an online visit always gets the newest release's
 *   HTML (and, from it, that release's chunks). Offline it is answered by this worker's own copy
 *   of the page (HTML and chunks of one release), else by the copy kept when it was last visited
 *   (public pages and the dashboards: pages.ts), else a dashboard address opens the role's own
 *   dashboard, else our small offline page with the support line.
 * - Chunks come from the precache; one it does not hold (the general dashboard's parts, a part of
 *   another release) goes to the network and is kept when it arrives, so a part used once opens
 *   offline. /api/*, /metrics and everything else go to the network untouched.
 * - No skipWaiting: a new release's worker installs in the background and waits until no page of
 *   the old one is open, so an open page never loses the chunks it was built with; its activation
 *   drops the old precache. clientsClaim only matters for the first install (no older worker): the
 *   page that installed it is served from its precache at once.
 * - A push (docs/PRODUCT.md "Notifications on the phone") shows its notification and tells the
 *   server it was shown (its receipt), so no text message goes instead; a tap focuses an open
 *   window of the site on the notification's screen, or opens one.
 */
import { clientsClaim } from 'workbox-core';
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
import { METRICS_PATHS } from '../../contract/health.ts';
import { keptWhenVisited, mayKeep, pageAddress, roleOf, standIn } from './pages.ts';
import { noticeFor, tapTarget } from './push.ts';

/** An entry of the build's list: `for` names the roles that precache it (space-separated), absent for all. */
type ListedEntry = PrecacheEntry & { for?: string };
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const ROLE = roleOf(self.location.href);
/** Pages kept when visited, and chunks kept when used: a bounded number of each, the oldest out first. */
const KEPT_PAGES = { name: 'pages-kept', max: 40 };
const KEPT_CHUNKS = { name: 'chunks-kept', max: 120 };

// The navigation request starts while the worker boots (tens to hundreds of ms on a cheap phone).
enableNavigationPreload();

/** Puts `response` in `store` under `key`, then drops the oldest entries past its bound. */
async function keep(store: { name: string; max: number }, key: string, response: Response): Promise<void> {
  const cache = await caches.open(store.name);
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - store.max))) await cache.delete(old);
}

async function kept(store: { name: string }, key: string): Promise<Response | undefined> {
  return (await caches.open(store.name)).match(key);
}

/** Offline: this worker's copy, the copy kept at the last visit, the role's dashboard, or our offline page. */
async function offlineAnswer(url: string): Promise<Response> {
  const page = pageAddress(url);
  return (
    (await matchPrecache(page)) ??
    (await kept(KEPT_PAGES, page)) ??
    (await matchPrecache(standIn(url, ROLE))) ??
    Response.error()
  );
}

// Registered before the precache's route, so it takes every navigation (routes match in order).
registerRoute(
  new NavigationRoute(
    async ({ request, event, url }) => {
      try {
        const preloaded = await (event as FetchEvent).preloadResponse;
        const response = (preloaded as Response | undefined) ?? (await fetch(request));
        // A page this worker precaches keeps its own release's copy only (HTML and chunks together).
        if (keptWhenVisited(url.href) && !getCacheKeyForURL(pageAddress(url.href)) && mayKeep(response))
          (event as FetchEvent).waitUntil(keep(KEPT_PAGES, pageAddress(url.href), response.clone()));
        return response;
      } catch {
        return offlineAnswer(url.href);
      }
    },
    // The API and the operator's metrics (contract/health.ts) are never answered from a cache.
    { denylist: [/^\/api\//, new RegExp(`^${METRICS_PATHS.metrics}$`)] },
  ),
);

// The build's list, for this worker's role; a page is revalidated instead of downloaded again
// (Workbox asks for an entry with a revision with cache: 'reload'): unchanged, it costs a 304.
precacheAndRoute(
  (self.__WB_MANIFEST as ListedEntry[])
    .filter((entry) => !entry.for || (ROLE !== null && entry.for.split(' ').includes(ROLE)))
    .map(({ url, revision }) => ({ url, revision })),
);
addPlugins([
  {
    requestWillFetch: async ({ request }) =>
      request.cache === 'reload' ? new Request(request, { cache: 'no-cache' }) : request,
  },
]);
cleanupOutdatedCaches();
clientsClaim();

// A chunk the precache does not hold (also one asked for again as ?attempt=N after a failure):
// the precache's copy of the file, else the one kept, else the network, kept when it arrives.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
  async ({ request, event, url }) => {
    const file = url.origin + url.pathname;
    const held = (await matchPrecache(file)) ?? (await kept(KEPT_CHUNKS, file));
    if (held) return held;
    const response = await fetch(request);
    if (response.ok && response.status === 200)
      (event as FetchEvent).waitUntil(keep(KEPT_CHUNKS, file, response.clone()));
    return response;
  },
);

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
