import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { getManifest, injectManifest } from 'workbox-build';
import type { ManifestEntry, ManifestTransform } from 'workbox-build';
import { pageAddress } from '../sw/pages.ts';
import { APP_MANIFEST_FILE, ICONS_DIR } from './app-manifest.ts';

/**
 * Build step: the service worker (issue #27; ARCHITECTURE.md "Offline and releases"). Its source,
 * site/sw/service-worker.ts, is bundled with Workbox's modules (Rolldown, as Vite bundles the site),
 * then Workbox's injectManifest gives it the precache list of this build: every chunk and
 * stylesheet under /_astro/, the pages a signed-in person opens, the manifest and the icons, each
 * with its revision (a hashed file's name; the hash of anything else). Runs after every step that
 * changes a page (a page's revision is its final HTML) and before the .br/.gz twins are written.
 */

export const SERVICE_WORKER_FILE = 'sw.js';
const SOURCE = fileURLToPath(new URL('../sw/service-worker.ts', import.meta.url));

/**
 * The pages precached, so they open offline after the first signed-in visit: the dashboards, the
 * admin's, and the ways in. Public pages are not (the landing page, the legal texts, /support),
 * nor pages rendered per request (/professionals…, /renew/…): they are not in the build.
 */
export const PRECACHED_PAGES = [
  '/dashboard',
  '/customer-dashboard',
  '/professional-dashboard',
  '/affiliate-dashboard',
  '/signin',
  '/signup',
  '/admin',
  '/admin/login',
  '/admin/dashboard',
] as const;

const pageFile = (page: string) => `${page.slice(1)}/index.html`;
/** Hashed by the build: the name changes with the content, so the name is the revision. */
const HASHED = /^_astro\//;

/** Each entry as the worker asks for it: /_astro/x.js without a revision, a page as its folder (/signin/). */
export const byAddress: ManifestTransform = (entries) => ({
  manifest: entries.map((entry) => ({
    ...entry,
    url: entry.url.endsWith('/index.html') ? pageAddress(`/${entry.url}`) : `/${entry.url}`,
    revision: HASHED.test(entry.url) ? null : entry.revision,
  })),
  warnings: [],
});

/** Workbox's options for the precache list of the built site in `clientDir`. */
export function precacheOptions(clientDir: string) {
  return {
    globDirectory: clientDir,
    globPatterns: ['_astro/**/*.{js,css}', ...PRECACHED_PAGES.map(pageFile), `${ICONS_DIR}/*.png`, APP_MANIFEST_FILE],
    manifestTransforms: [byAddress],
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
  const list = /\[\{"revision":[^\]]*\]/.exec(worker);
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
      // Workbox's development logging goes: the worker ships as production code.
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
