/**
 * The service worker (ARCHITECTURE.md "Offline and releases"). The build
 * (site/integrations/service-worker.ts) bundles it and puts its precache list in place of
 * self.__WB_MANIFEST (Workbox's injectManifest); the runtime is this file, a few hundred bytes
 * where Workbox's was six thousand, which a first sign-in on a phone pays for.
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
 * - The precache is one cache for every release: a page's key carries its revision, a hashed
 *   file's name is its own. An install adds only the keys it lacks; no skipWaiting, so a new
 *   release's worker waits until no page of the old one is open (an open page never loses the
 *   chunks it was built with), and its activation drops every key not in its own list. Claiming
 *   the clients only matters for the first install (no older worker): the page that installed it
 *   is served from its precache at once.
 * - A push (docs/PRODUCT.md "Notifications on the phone") shows its notification and tells the
 *   server it was shown (its receipt), so no text message goes instead; a tap focuses an open
 *   window of the site on the notification's screen, or opens one.
 */
import { METRICS_PATHS } from '../../contract/health.ts';
import { filesNamed, keptWhenVisited, mayKeep, pageAddress, roleOf, standIn } from './pages.ts';
import { noticeFor, tapTarget } from './push.ts';

/** An entry of the build's list: `for` names the roles that precache it (space-separated), absent for all. */
interface ListedEntry {
  url: string;
  revision: string | null;
  for?: string;
}
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: ListedEntry[] };

const ROLE = roleOf(self.location.href);
const PRECACHE = 'precache';
/** Pages kept when visited, and chunks kept when used: a bounded number of each, the oldest out first. */
const KEPT_PAGES = { name: 'pages-kept', max: 40 };
const KEPT_CHUNKS = { name: 'chunks-kept', max: 120 };
/** Never answered from a cache: the API and the operator's metrics (contract/health.ts). */
const NEVER = new RegExp(`^(?:/api/|${METRICS_PATHS.metrics}$)`);

/** This worker's list: each address (as the browser asks for it) and its key in the precache. */
const KEYS = new Map(
  self.__WB_MANIFEST
    .filter((entry) => !entry.for || (ROLE !== null && entry.for.split(' ').includes(ROLE)))
    .map(({ url, revision }) => {
      const address = new URL(url, self.location.origin).href;
      return [address, revision ? `${address}?__rev=${revision}` : address] as const;
    }),
);

/** What the browser asks for the entry at `address`: a page is revalidated, a hashed file taken from its cache. */
async function download(address: string, key: string): Promise<Response> {
  const response = await fetch(address, {
    cache: key === address ? 'default' : 'no-cache',
    credentials: 'same-origin',
  });
  if (!response.ok || response.status !== 200) throw new Error(`${address} answered ${response.status}`);
  // A redirected response cannot answer a navigation: keep its body and headers only.
  return response.redirected
    ? new Response(await response.blob(), { headers: response.headers, status: 200, statusText: response.statusText })
    : response;
}

async function install(): Promise<void> {
  const cache = await caches.open(PRECACHE);
  // One at a time, as Workbox did: a phone's connection is better used by one file than shared by forty.
  for (const [address, key] of KEYS) if (!(await cache.match(key))) await cache.put(key, await download(address, key));
}

/**
 * A page kept at a visit names the files it runs (its scripts, islands and preloads): once a
 * release has dropped one of them from the precache, and it was not kept either, the page would
 * open offline without its code. Such a page is forgotten (a page without scripts, most public
 * pages, is kept across releases).
 */
async function forgetBrokenPages(): Promise<void> {
  const pages = await caches.open(KEPT_PAGES.name);
  const chunks = await caches.open(KEPT_CHUNKS.name);
  for (const request of await pages.keys()) {
    const html = (await (await pages.match(request))?.text()) ?? '';
    for (const file of filesNamed(html)) {
      const address = new URL(file, self.location.origin).href;
      if (KEYS.has(address) || (await chunks.match(address))) continue;
      await pages.delete(request);
      break;
    }
  }
}

async function activate(): Promise<void> {
  const cache = await caches.open(PRECACHE);
  const mine = new Set(KEYS.values());
  for (const request of await cache.keys()) if (!mine.has(request.url)) await cache.delete(request);
  // The caches of the worker before this one (Workbox's, named workbox-precache-…).
  for (const name of await caches.keys()) if (name.startsWith('workbox-')) await caches.delete(name);
  await forgetBrokenPages();
  // The navigation request starts while the worker boots (tens to hundreds of ms on a cheap phone).
  await self.registration.navigationPreload?.enable();
  await self.clients.claim();
}

self.addEventListener('install', (event) => event.waitUntil(install()));
self.addEventListener('activate', (event) => event.waitUntil(activate()));

/** This worker's precached copy of `address` (its own release's). */
async function precached(address: string): Promise<Response | undefined> {
  const key = KEYS.get(new URL(address, self.location.origin).href);
  return key ? (await caches.open(PRECACHE)).match(key) : undefined;
}

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

/** Network first; offline: this worker's copy, the copy kept at the last visit, the role's dashboard, or our offline page. */
async function navigate(event: FetchEvent, url: URL): Promise<Response> {
  const page = pageAddress(url.href);
  try {
    const response = ((await event.preloadResponse) as Response | undefined) ?? (await fetch(event.request));
    // A page this worker precaches keeps its own release's copy only (HTML and chunks together).
    if (keptWhenVisited(url.href) && !KEYS.has(new URL(page, url).href) && mayKeep(response))
      event.waitUntil(keep(KEPT_PAGES, page, response.clone()));
    return response;
  } catch {
    return (
      (await precached(page)) ??
      (await kept(KEPT_PAGES, page)) ??
      (await precached(standIn(url.href, ROLE))) ??
      Response.error()
    );
  }
}

/**
 * A chunk: the precache's copy (also of one asked for again as ?attempt=N after a failure), else
 * the one kept, else the network, kept when it arrives. Offline and held nowhere, a network error,
 * which the part that asked says in its place.
 */
async function chunk(event: FetchEvent, url: URL): Promise<Response> {
  const file = url.origin + url.pathname;
  const held = (await precached(file)) ?? (await kept(KEPT_CHUNKS, file));
  if (held) return held;
  const response = await fetch(event.request);
  if (response.ok && response.status === 200) event.waitUntil(keep(KEPT_CHUNKS, file, response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(navigate(event, url));
  else if (url.pathname.startsWith('/_astro/')) event.respondWith(chunk(event, url));
});

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
