import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { getManifest, injectManifest } from 'workbox-build';
import type { ManifestEntry, ManifestTransform } from 'workbox-build';
import { OFFLINE_PAGE, pageAddress, ROLE_PAGES, WORKER_ROLES, type WorkerRole } from '../sw/pages.ts';

/**
 * Build step: the service worker (ARCHITECTURE.md "Offline and releases"). Its source,
 * site/sw/service-worker.ts, is bundled with the Workbox modules it imports (Rolldown, as Vite
 * bundles the site), then Workbox's injectManifest gives it the precache list of this build: for
 * each role, its pages (ROLE_PAGES in site/sw/pages.ts) and every chunk those pages can load for
 * that role, read from the built files (static imports and import() alike, so the lazy parts are
 * in); and our offline page for everyone. Each entry names the roles it is for, and has its revision (a hashed file's
 * name; the hash of anything else). Runs after every step that changes a page (a page's revision is
 * its final HTML) and before the .br/.gz twins are written.
 */

export const SERVICE_WORKER_FILE = 'sw.js';
const SOURCE = fileURLToPath(new URL('../sw/service-worker.ts', import.meta.url));

/** Every page some role's worker precaches (the build fails without one). */
export const PRECACHED_PAGES = [...new Set([...Object.values(ROLE_PAGES).flat(), OFFLINE_PAGE])];

/**
 * The chunks that draw one role's screens, by the name the build gives them: a role's list does not
 * follow another role's (the sign-in guard can load any role's dashboard), nor the general
 * dashboard's (/dashboard: its parts are kept when first used, so a customer's first visit stays
 * small), nor the texted-code sign-in's (a sign-in needs the server, so it is never used offline). The build fails when one of these is missing, so a rename cannot let every role's code in.
 */
const SCREENS: Record<string, WorkerRole | null> = {
  CustomerDashboard: 'customer',
  ProfessionalDashboard: 'professional',
  AffiliateDashboard: 'affiliate',
  GeneralDashboard: null,
  CodeSignIn: null,
};

const pageFile = (page: string) => `${page.slice(1)}/index.html`;
/** Hashed by the build: the name changes with the content, so the name is the revision. */
const HASHED = /^_astro\//;
/** The build's files a page names: its scripts, islands and their renderer, stylesheets. */
const PAGE_FILES = /(?:src|href|component-url|renderer-url|before-hydration-url)="\/_astro\/([\w.-]+)"/g;
/** The files a chunk imports, statically or with import(): "./x.js", or "_astro/x.css" in Vite's preload lists. */
const CHUNK_FILES = /["'`](?:\.\/|\/?_astro\/)([\w.-]+\.(?:js|css))["'`]/g;
const screenOf = (file: string) => file.split('.')[0];

/** The files under _astro/ that `role`'s pages can load, each page's closure over its chunks' imports. */
export function roleFiles(clientDir: string, role: WorkerRole): Set<string> {
  const others = Object.entries(SCREENS)
    .filter(([, owner]) => owner !== role)
    .map(([screen]) => screen);
  const found = new Set<string>();
  const next = ROLE_PAGES[role].flatMap((page) =>
    [...readFileSync(join(clientDir, pageFile(page)), 'utf8').matchAll(PAGE_FILES)].map((match) => match[1]),
  );
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (found.has(file) || others.includes(screenOf(file)) || !existsSync(join(clientDir, '_astro', file))) continue;
    found.add(file);
    if (file.endsWith('.js'))
      for (const match of readFileSync(join(clientDir, '_astro', file), 'utf8').matchAll(CHUNK_FILES))
        next.push(match[1]);
  }
  return found;
}

/** For each file of the list (as globbed: `_astro/x.js`, `signin/index.html`), the roles that precache it. */
function rolesByFile(clientDir: string): Map<string, WorkerRole[]> {
  const chunks = new Set(
    existsSync(join(clientDir, '_astro')) ? readdirSync(join(clientDir, '_astro')).map(screenOf) : [],
  );
  for (const screen of Object.keys(SCREENS))
    if (!chunks.has(screen))
      throw new Error(`The service worker keeps ${screen}'s chunk to its role, and the build has none by that name.`);
  const roles = new Map<string, WorkerRole[]>();
  const add = (file: string, role: WorkerRole) => roles.set(file, [...(roles.get(file) ?? []), role]);
  for (const role of WORKER_ROLES) {
    for (const page of ROLE_PAGES[role]) add(pageFile(page), role);
    for (const file of roleFiles(clientDir, role)) add(`_astro/${file}`, role);
  }
  roles.set(pageFile(OFFLINE_PAGE), [...WORKER_ROLES]);
  return roles;
}

/**
 * Each entry as the worker asks for it (/_astro/x.js without a revision, a page as the browser
 * names it: /signin), with the roles it is for (`for`, left out when it is for every role).
 */
export const byAddress =
  (roles: Map<string, WorkerRole[]>): ManifestTransform =>
  (entries) => ({
    manifest: entries.map((entry) => {
      const owners = roles.get(entry.url) ?? [];
      return {
        ...entry,
        url: entry.url.endsWith('/index.html') ? pageAddress(`/${entry.url}`) : `/${entry.url}`,
        revision: HASHED.test(entry.url) ? null : entry.revision,
        ...(owners.length < WORKER_ROLES.length ? { for: owners.join(' ') } : {}),
      };
    }),
    warnings: [],
  });

/** Workbox's options for the precache list of the built site in `clientDir`. */
export function precacheOptions(clientDir: string) {
  const roles = rolesByFile(clientDir);
  return {
    globDirectory: clientDir,
    globPatterns: [...roles.keys()],
    manifestTransforms: [byAddress(roles)],
  };
}

/** The precache list of the built site in `clientDir` (what the worker written by buildServiceWorker holds). */
export async function precacheList(clientDir: string): Promise<ManifestEntry[]> {
  const { manifestEntries, warnings } = await getManifest(precacheOptions(clientDir));
  if (warnings.length) throw new Error(`The precache list is incomplete: ${warnings.join('; ')}`);
  return manifestEntries;
}

/** The precache list a written worker holds (injectManifest puts it in place of self.__WB_MANIFEST), or null. */
export function precacheListIn(worker: string): ManifestEntry[] | null {
  const list = /\[\{"(?:for|revision|url)":[^\]]*\]/.exec(worker);
  return list ? (JSON.parse(list[0]) as ManifestEntry[]) : null;
}

/** Writes `sw.js` into the built site. Returns how many files it precaches, their bytes and its own. */
export async function buildServiceWorker(
  clientDir: string,
): Promise<{ entries: number; precachedBytes: number; workerBytes: number }> {
  for (const page of PRECACHED_PAGES)
    if (!existsSync(join(clientDir, pageFile(page))))
      throw new Error(`The service worker precaches ${page}, which the build did not write.`);
  const dir = await mkdtemp(join(tmpdir(), 'service-worker-'));
  try {
    const bundled = join(dir, SERVICE_WORKER_FILE);
    const bundle = await rolldown({
      input: SOURCE,
      platform: 'browser',
      // Workbox's development logging and checks go: the worker ships as production code.
      transform: { define: { 'process.env.NODE_ENV': JSON.stringify('production') } },
    });
    try {
      await bundle.write({ file: bundled, format: 'iife', minify: true });
    } finally {
      await bundle.close();
    }
    const swDest = join(clientDir, SERVICE_WORKER_FILE);
    const { count, size, warnings } = await injectManifest({ swSrc: bundled, swDest, ...precacheOptions(clientDir) });
    if (warnings.length) throw new Error(`The precache list is incomplete: ${warnings.join('; ')}`);
    return { entries: count, precachedBytes: size, workerBytes: (await stat(swDest)).size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
