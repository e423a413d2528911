import { useEffect } from 'react';
import { ROLE_PARAM, type WorkerRole } from '../../sw/pages.ts';

/** The worker's script, written by the build (site/integrations/service-worker.ts) at the site's root: its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

let registering = false;

/**
 * Registers the service worker for `role` once the page has finished loading (its precache
 * download then waits for nothing the person is waiting for). Only the signed-in pages call it,
 * once the session is known (the guards): the first signed-in visit installs it, public pages
 * never download the app, and the landing page stays free of JavaScript. The role is in the
 * script's address (/sw.js?for=customer): the worker precaches that role's pages and parts only;
 * another role signing in on the same phone registers another address, whose worker installs and
 * takes over once no page of the first is open. A failed registration (offline) is tried again by
 * the next signed-in page.
 */
export function registerServiceWorker(role: WorkerRole): void {
  if (registering || !('serviceWorker' in navigator)) return;
  registering = true;
  const register = () => {
    navigator.serviceWorker.register(`${SERVICE_WORKER_URL}?${ROLE_PARAM}=${role}`).catch(() => {
      registering = false;
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Registers the service worker for `role` once the person is signed in as that role (null until then). */
export function useServiceWorker(role: WorkerRole | null): void {
  useEffect(() => {
    if (role) registerServiceWorker(role);
  }, [role]);
}
