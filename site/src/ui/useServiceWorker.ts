import { useEffect } from 'react';

/** The worker's script, written by the build (site/integrations/service-worker.ts) at the site's root: its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

let registering = false;

/**
 * Registers the service worker once the page has finished loading (its precache download then
 * waits for nothing the person is waiting for). Only the signed-in pages call it, once the session
 * is known (the guards): the first signed-in visit installs it, public pages never download the
 * app, and the landing page stays free of JavaScript. A failed registration (offline) is tried
 * again by the next signed-in page.
 */
export function registerServiceWorker(): void {
  if (registering || !('serviceWorker' in navigator)) return;
  registering = true;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
      registering = false;
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Registers the service worker when `signedIn` becomes true. */
export function useServiceWorker(signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) registerServiceWorker();
  }, [signedIn]);
}
