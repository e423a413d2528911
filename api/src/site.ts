import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import { TEST_MODE_BANNER } from '../../site/src/components/site.ts';
import { DAY_MS } from '../../contract/dates.ts';
import { SITEMAP_KEPT_MS } from '../../contract/directory.ts';
import type { ReadCache } from './cache/read-cache.ts';
import type { DirectoryReader } from './features/directory/index.ts';
import type { RenewLinks } from './features/subscriptions/index.ts';
import { refuseCrossSiteForm } from './http/cross-site.ts';
import type { Logger } from './logger.ts';
import { readRawBody } from './http/raw-body.ts';
import { HttpError } from './http/errors.ts';
import { carriesBody } from './http/unread-body.ts';
import {
  compressRendered,
  keepOwnPolicy,
  renderedPageCache,
  type KeptPagePolicy,
  type RenderedPage,
} from './rendered-pages.ts';
import { SCRIPT_FREE_RENDERED, scriptFreePages } from './script-free-csp.ts';
import { isBuildAsset } from './http/build-assets.ts';
import type { PlanPrices } from '../../contract/plans.ts';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const siteDist = join(projectRoot, 'site', 'dist');
const serverEntry = join(siteDist, 'server', 'entry.mjs');
const clientDir = join(siteDist, 'client');

/** `astro build` on the Node running us (Node 24 from npm); its integrations finish the site (site/integrations/build-steps.ts). */
export function buildSite(): void {
  const astro = join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build', '--root', join(projectRoot, 'site')], {
    stdio: 'inherit',
    cwd: projectRoot,
  });
  if (result.status !== 0) throw new Error(`astro build failed with exit code ${result.status}`);
}

export async function ensureSiteBuilt(logger: Logger): Promise<void> {
  if (existsSync(serverEntry)) return;
  logger.info('No site build found: building it once (npm run build)…');
  buildSite();
}

/** The built support page's HTML (its look is the support form's answers', features/contact/pages.ts); undefined without a build. */
export const builtSupportPage = (): Promise<string | undefined> =>
  readFile(join(clientDir, 'support', 'index.html'), 'utf8').catch(() => undefined);

/** Calls `next` for an address none of its per-request routes takes. */
type AstroHandler = (req: unknown, res: unknown, next: () => void, locals: SiteLocals) => Promise<void>;

/** What Astro pages read from Astro.locals (declared for the pages in site/src/env.d.ts). */
export interface SiteLocals {
  diagnostics: boolean;
  /** The public directory's data (/professionals, /professionals/{id}, /sitemap.xml). */
  directory: DirectoryReader;
  /** Payments run in the sandbox: pages rendered per request show the TEST MODE strip themselves. */
  testMode: boolean;
  /** One-tap renewal links (/renew/{token}). */
  renewal: RenewLinks;
  /** The prices in force, which an administrator can change (/pricing). */
  plans: () => Promise<PlanPrices>;
}

/** The pages rendered per request that are kept between requests (rendered-pages.ts renderedPageCache). */
const KEPT_PAGES: { path: RegExp; policy: KeptPagePolicy }[] = [
  // A professional's page at its one address (/professionals/{id}-{slug}; any other slug is a 301 to it).
  { path: /^\/professionals\/[^/]+$/, policy: { ttlMs: 60_000, showsUsers: true } },
  // The sitemap and its files (docs/PRODUCT.md "Public directory"): search engines can wait.
  { path: /^\/(?:sitemap\.xml|sitemaps\/[^/]+\.xml)$/, policy: { ttlMs: SITEMAP_KEPT_MS, showsUsers: false } },
];
/** Pages rendered per request (the directory, renewal links, the sitemap): the build has no file to look for (a few stat calls each). */
const RENDERED_ONLY = /^\/(?:professionals(?:\/[^/]+)?|pricing|renew\/[^/]+|sitemap\.xml|sitemaps\/[^/]+)\/?$/;
/**
 * A form a page takes (the renewal page's) is a few fields: a body to any page is read here, at
 * most this much whether its length is declared or not (chunked), before anything parses it.
 */
const PAGE_FORM_MAX_BYTES = 4096;
const FORM_TOO_LARGE = 'This form is too large.';

const YEAR_MS = 365 * DAY_MS;
/** Pages change with each build under the same address: kept, but checked before each use. */
const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Browsers ask for the icon after every page; it changes perhaps once a year: a day without asking. */
const FAVICON_CACHE = 'public, max-age=86400';
/** The 404 page answers for any missing address, which a later build may fill: never reused unchecked. */
const NOT_FOUND_CACHE = 'no-cache';
/**
 * The service worker's script (site/integrations/service-worker.ts) holds the list of a release's
 * files: asked for again on every check, so a new release is found at the next visit
 * (ARCHITECTURE.md "Offline and releases").
 */
const WORKER_CACHE = 'no-cache';
const CACHE_BY_FILE = new Map([
  ['/favicon.ico', FAVICON_CACHE],
  ['/sw.js', WORKER_CACHE],
]);

/**
 * Sends a file of the build as brotli or gzip when the request accepts it (the .br/.gz twins
 * written by the build: site/integrations/precompress.ts), with Vary: Accept-Encoding. Returns the
 * file it stands for (without .br/.gz), or null when the build has no such file.
 */
async function sendBuilt(
  ctx: Context,
  path: string,
  cache: { control?: string; immutableFor?: number },
): Promise<string | null> {
  try {
    const served = await send(ctx, path, {
      root: clientDir,
      index: 'index.html',
      brotli: true,
      gzip: true,
      immutable: cache.immutableFor !== undefined,
      maxage: cache.immutableFor ?? 0,
      setHeaders: (res) => {
        if (cache.control) res.setHeader('Cache-Control', cache.control);
      },
    });
    if (!served) return null;
    ctx.vary('Accept-Encoding');
    return served.replace(/\.(br|gz)$/, '');
  } catch (err) {
    if ((err as { status?: number }).status !== 404) throw err;
    return null;
  }
}

/**
 * The pages as sent while payments run in the sandbox: each with the TEST MODE banner after its
 * <body> tag, in the encoding koa-send chose, made once per page and kept.
 */
function testModePages() {
  const made = new Map<string, Promise<Record<'identity' | 'br' | 'gzip', Buffer>>>();
  const make = async (file: string) => {
    const html = Buffer.from((await readFile(file, 'utf8')).replace(/<body\b[^>]*>/, (tag) => tag + TEST_MODE_BANNER));
    return {
      identity: html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
  };
  return async (ctx: Context, file: string) => {
    if (!file.endsWith('.html')) return;
    if (!made.has(file)) made.set(file, make(file));
    const encoding = ctx.response.get('Content-Encoding');
    const variants = await made.get(file)!;
    (ctx.body as { destroy?: () => void } | null)?.destroy?.();
    ctx.body = encoding === 'br' ? variants.br : encoding === 'gzip' ? variants.gzip : variants.identity;
  };
}

/**
 * Reads a page's form body, at most PAGE_FORM_MAX_BYTES however it is sent, and hands it to Astro
 * as the request's body (the node adapter takes `req.body` as it is and reads nothing itself;
 * left to itself it would read up to 1 GiB). Larger is 413, and the connection is closed so that
 * the rest is never read.
 */
async function readPageForm(ctx: Context): Promise<void> {
  try {
    (ctx.req as { body?: Buffer }).body = await readRawBody(ctx.req, PAGE_FORM_MAX_BYTES, FORM_TOO_LARGE);
  } catch (err) {
    if (err instanceof HttpError) ctx.throw(err.status, err.message, { headers: err.headers });
    throw err;
  }
}

/**
 * Everything outside /api: files from the build (hashed ones cached for a year, pages
 * revalidated), then Astro's handler for the pages rendered per request (the diagnostic ones),
 * and for any other address the pre-rendered 404 page with status 404, compressed like the rest.
 * A pre-rendered page that runs no script goes without Cross-Origin-Opener-Policy: it holds no
 * user data and no state another window could read, so COOP guards nothing there, while it makes a
 * first visit start a new browser process after the response has arrived (40–80 ms of the landing
 * page's first paint on 3G, docs/BENCHMARKS.md).
 */
export async function siteMiddleware(options: {
  diagnostics: boolean;
  testMode: boolean;
  directory: DirectoryReader;
  renewal: RenewLinks;
  plans: () => Promise<PlanPrices>;
  /** Keeps rendered profile pages and the sitemap (rendered-pages.ts): a cache of its own, bounded in bytes. */
  pageCache?: ReadCache;
  clock: { now(): Date };
}): Promise<Middleware> {
  const { handler } = (await import(pathToFileURL(serverEntry).href)) as { handler: AstroHandler };
  const { directory } = options;
  const locals: SiteLocals = {
    diagnostics: options.diagnostics,
    directory,
    testMode: options.testMode,
    renewal: options.renewal,
    plans: options.plans,
  };
  const pageCache = options.pageCache && renderedPageCache(options.pageCache, options.clock);
  const scriptFree = await scriptFreePages(clientDir);
  const withBanner = options.testMode ? testModePages() : undefined;
  const sendPage = async (ctx: Context, path: string, cache: { control?: string; immutableFor?: number }) => {
    const file = await sendBuilt(ctx, path, cache);
    if (file && scriptFree.has(file)) ctx.remove('Cross-Origin-Opener-Policy');
    if (file && withBanner) await withBanner(ctx, file);
    return file !== null;
  };
  return async (ctx) => {
    // No file or page has a NUL in its address (koa-send refuses one for the built files too).
    if (/%00|\0/.test(ctx.path)) ctx.throw(400, 'This address is not valid.');
    // A form posted to a page must come from this site (Astro's own check is off: astro.config).
    refuseCrossSiteForm(ctx);
    if (!['GET', 'HEAD'].includes(ctx.method) || carriesBody(ctx.req)) await readPageForm(ctx);
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && !RENDERED_ONLY.test(ctx.path)) {
      const hashed = isBuildAsset(ctx.path);
      // koa-send looks for the .br/.gz twin before it turns a folder into its index.html, so a
      // page asked for as /terms would go out uncompressed: name the folder (/terms/) instead.
      const path = hashed || ctx.path.endsWith('/') || /\.[^/]*$/.test(ctx.path) ? ctx.path : `${ctx.path}/`;
      if (
        await sendPage(
          ctx,
          path,
          hashed ? { immutableFor: YEAR_MS } : { control: CACHE_BY_FILE.get(path) ?? REVALIDATE },
        )
      ) {
        if (ctx.fresh) {
          ctx.status = 304;
          ctx.body = null;
        }
        return;
      }
    }
    // Astro answers the routes it renders per request and hands every other address back.
    let unmatched = false;
    keepOwnPolicy(ctx.res, SCRIPT_FREE_RENDERED.test(ctx.path));
    // The users whose data this render showed: a kept profile page is dropped when one changes.
    const shown: number[] = [];
    const requestLocals: SiteLocals = {
      ...locals,
      directory: {
        ...directory,
        profile: async (id) => {
          const profile = await directory.profile(id);
          if (profile) shown.push(id, ...profile.reviewList.map((review) => review.customerId));
          return profile;
        },
      },
    };
    const render = (keep?: (page: RenderedPage | null) => void) => {
      compressRendered(ctx, keep);
      return handler(
        ctx.req,
        ctx.res,
        () => {
          unmatched = true;
        },
        requestLocals,
      );
    };
    const kept = KEPT_PAGES.find(({ path }) => path.test(ctx.path));
    if (!(pageCache && kept && (await pageCache(ctx, render, () => shown, kept.policy)))) await render();
    if (!unmatched) {
      ctx.respond = false;
      return;
    }
    // Missing, or a method no page takes (POST /terms): the 404 page, logged by request-context.
    if (!(await sendPage(ctx, '/404.html', { control: NOT_FOUND_CACHE }))) ctx.body = 'Page not found';
    ctx.status = 404;
  };
}
