/**
 * What the service worker keeps, by address (shared with the build step that writes its precache
 * list, site/integrations/service-worker.ts; ARCHITECTURE.md "Offline and releases").
 */

/** Who the worker is installed for: the signed-in person's role, given in its script's address. */
export const WORKER_ROLES = ['customer', 'professional', 'affiliate', 'admin'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

/** The parameter of the worker's script address that names its role: /sw.js?for=customer. */
export const ROLE_PARAM = 'for';

/**
 * The pages each role's worker precaches at install: its dashboard, its way back in (the page
 * that installed the worker is among them, and comes from the browser's cache), and /app, where the
 * home-screen icon opens, so the icon works without a signal.
 */
export const ROLE_PAGES: Record<WorkerRole, readonly string[]> = {
  customer: ['/customer-dashboard', '/signin', '/app'],
  professional: ['/professional-dashboard', '/signin', '/app'],
  affiliate: ['/affiliate-dashboard', '/signin', '/app'],
  admin: ['/admin/dashboard', '/admin/login', '/app'],
};

/** Ours, instead of the browser's "This site can't be reached": a page never kept, asked for offline. */
export const OFFLINE_PAGE = '/offline';

/** The dashboards' addresses: one not kept opens the role's own dashboard offline (a signed-in person's "home"). */
const DASHBOARDS = /^\/(?:dashboard|customer-dashboard|professional-dashboard|affiliate-dashboard)$/;

/**
 * Pages kept when visited (network first, this copy offline): the public pages and the
 * dashboards, all the same for everyone (the data comes from the API, never kept by the worker).
 * Never: the API, the operator's metrics, a renewal link (/renew/{token} is one person's),
 * a password reset (its token), the administrators' console, the dev mailbox and the diagnostic
 * pages.
 */
const KEPT_WHEN_VISITED =
  /^\/(?:|pricing|terms|privacy|support|affiliate-terms|signup|affiliate-signup|forgot-password|professionals(?:\/[^/]+)?|dashboard|customer-dashboard|professional-dashboard|affiliate-dashboard)$/;

/** The role named in the worker's script address, or null (a worker registered before roles, or a stray). */
export function roleOf(scriptUrl: string): WorkerRole | null {
  const named = new URL(scriptUrl, 'https://x.invalid').searchParams.get(ROLE_PARAM);
  return WORKER_ROLES.find((role) => role === named) ?? null;
}

/**
 * The address under which a page is kept, as the person's browser asks for it: `/signin`, so the
 * copy the browser already has answers the worker's install; `/customer-dashboard/`,
 * `/customer-dashboard/index.html` and any query or fragment are the same page.
 */
export function pageAddress(url: string): string {
  const { pathname } = new URL(url, 'https://x.invalid');
  const page = pathname.replace(/\/index\.html$/, '/');
  return page.length > 1 && page.endsWith('/') ? page.slice(0, -1) : page;
}

/** Whether a page visited online is kept for offline (see KEPT_WHEN_VISITED). */
export function keptWhenVisited(url: string): boolean {
  return KEPT_WHEN_VISITED.test(pageAddress(url));
}

/** The page that answers `url` offline when neither the precache nor the kept pages hold it. */
export function standIn(url: string, role: WorkerRole | null): string {
  if (role && role !== 'admin' && DASHBOARDS.test(pageAddress(url))) return ROLE_PAGES[role][0];
  return OFFLINE_PAGE;
}

/** Whether a response may be kept: a whole page for anyone (no `no-store`, no `private`). */
export function mayKeep(response: { ok: boolean; status: number; headers: { get(name: string): string | null } }) {
  const control = response.headers.get('cache-control') ?? '';
  return response.ok && response.status === 200 && !/\b(?:no-store|private)\b/i.test(control);
}

/** The build's files a page names (scripts, islands and their renderer, preloads, stylesheets), each once. */
export function filesNamed(html: string): string[] {
  return [...new Set(html.match(/\/_astro\/[\w.-]+\.(?:js|css)\b/g) ?? [])];
}
