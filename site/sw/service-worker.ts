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
 */
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { pageAddress } from './pages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The navigation request starts while the worker boots (tens to hundreds of ms on a cheap phone).
enableNavigationPreload();
// Registered before the precache's route, so it takes every navigation (routes match in order).
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: ({ request }) => matchPrecache(pageAddress(request.url)) }],
    }),
    { denylist: [/^\/api\//] },
  ),
);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();
// A page that is not precached, asked for offline: the browser's own "no connection" page.
setCatchHandler(async () => Response.error());
