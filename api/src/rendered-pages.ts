import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Context } from 'koa';
import type { CacheBudget, ReadCache } from './cache/read-cache.ts';
import { withoutScripts } from './script-free-csp.ts';
import { addTime, MINUTE_MS } from '../../contract/dates.ts';

/** The headers object among writeHead's arguments (status, [message], [headers]). */
const headersArg = (rest: unknown[]) =>
  rest.find((arg): arg is Record<string, unknown> => typeof arg === 'object' && arg !== null && !Array.isArray(arg));

/**
 * Astro answers the pages it renders per request with its CSP as a header (pre-rendered pages
 * carry it in a <meta>), and writeHead would replace the one security-headers.ts set, losing
 * frame-ancestors. Both are sent instead: browsers enforce every policy they are given.
 */
export function keepOwnPolicy(res: ServerResponse, scriptFree: boolean): void {
  const own = res.getHeader('content-security-policy');
  if (typeof own !== 'string') return;
  if (scriptFree) res.removeHeader('Cross-Origin-Opener-Policy');
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = headersArg(rest);
    const name = headers && Object.keys(headers).find((key) => key.toLowerCase() === 'content-security-policy');
    const astro = (policy: unknown) => (scriptFree && typeof policy === 'string' ? withoutScripts(policy) : policy);
    if (headers && name) headers[name] = [own, ...[headers[name]].flat().map(astro)];
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
}

type Encoding = 'br' | 'gzip';

/** A rendered page as it went out compressed: Astro's own headers and the encoded bytes. */
export interface RenderedPage {
  headers: OutgoingHttpHeaders;
  encoding: Encoding;
  body: Buffer;
}

/**
 * Brotli when the request accepts it, else gzip, else none, as koa-send chooses for the built
 * files: an encoding the request gives q=0 is refused (`br;q=0, gzip` is gzip).
 */
export const acceptedEncoding = (ctx: Context): Encoding | null =>
  ctx.acceptsEncodings('br', 'identity') === 'br'
    ? 'br'
    : ctx.acceptsEncodings('gzip', 'identity') === 'gzip'
      ? 'gzip'
      : null;

/**
 * Pages rendered per request (the directory) go out compressed like the built ones: on 3G the
 * bytes are the wait. Astro writes to the Node response itself, so its writes are piped through
 * brotli (quality 5: a few milliseconds for a page) or gzip when the browser accepts one and the
 * answer is HTML, XML or text. `keep` receives a 200 page's encoded bytes once it has been sent,
 * or null for anything else.
 */
export function compressRendered(ctx: Context, keep?: (page: RenderedPage | null) => void): void {
  const { res } = ctx;
  const encoding = acceptedEncoding(ctx);
  if (!encoding || ctx.method === 'HEAD') {
    // Uncompressed because of this request's header: a shared cache must not hand it to others.
    if (!encoding) res.setHeader('Vary', 'Accept-Encoding');
    keep?.(null);
    return;
  }
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...rest: unknown[]) => ServerResponse;
  let zip: Transform | null = null;
  let kept: { headers: OutgoingHttpHeaders; chunks: Buffer[] } | null = null;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = headersArg(rest) ?? {};
    const type = String(
      Object.entries(headers).find(([key]) => key.toLowerCase() === 'content-type')?.[1] ??
        res.getHeader('content-type') ??
        '',
    );
    if (status === 200 && /^(text\/|application\/xml)/.test(type)) {
      zip =
        encoding === 'br'
          ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : createGzip({ level: 6 });
      zip.on('data', (chunk: Buffer) => {
        kept?.chunks.push(chunk);
        write(chunk);
      });
      zip.on('end', () => {
        end();
        keep?.(kept && { headers: kept.headers, encoding, body: Buffer.concat(kept.chunks) });
      });
      for (const key of Object.keys(headers)) if (key.toLowerCase() === 'content-length') delete headers[key];
      res.removeHeader('content-length');
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', 'Accept-Encoding');
      if (!rest.includes(headers)) rest.push(headers);
      // A copy: keepOwnPolicy rewrites the object it is given.
      if (keep) kept = { headers: structuredClone(headers) as OutgoingHttpHeaders, chunks: [] };
    } else keep?.(null);
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown, ...rest: unknown[]) =>
    zip ? zip.write(chunk as Buffer, ...(rest as [])) : write(chunk, ...rest)) as ServerResponse['write'];
  res.end = ((...rest: unknown[]) => {
    if (!zip) return end(...rest);
    const [chunk] = rest;
    if (chunk !== undefined && typeof chunk !== 'function') zip.end(chunk as Buffer);
    else zip.end();
    return res;
  }) as ServerResponse['end'];
  // A client gone before the end: nothing complete to keep.
  res.once('close', () => {
    if (!res.writableFinished) keep?.(null);
  });
}

interface CachedPage extends RenderedPage {
  etag: string;
  users: number[];
  /** Clock time (ms) after which it is rendered again. */
  until: number;
}

/** What a kept page is counted as: its bytes, and about as much again for its headers and bookkeeping. */
const PAGE_OVERHEAD_BYTES = 2048;

/**
 * The rendered pages' own cache (a ReadCache apart from the sessions'): 32 MiB of compressed
 * pages, a few thousand profiles, the least recently asked for leaving first. Nothing is kept
 * longer than the longest-lived page, the sitemap's (docs/OPERATIONS.md "Memory").
 */
export const PAGE_CACHE_BUDGET: Partial<CacheBudget> = {
  maxBytes: 32 * 1024 * 1024,
  maxEntries: Infinity,
  ttlMs: 10 * MINUTE_MS,
};

/** How a kind of page is kept: for how long, and whether it must name the users it showed. */
export interface KeptPagePolicy {
  ttlMs: number;
  /** The page shows users' data: kept only when the render named them, so that a change to one drops it. */
  showsUsers: boolean;
}

/**
 * A profile page costs Astro's rendering and brotli on every request (about 2.3 ms of CPU,
 * docs/BENCHMARKS.md "Public directory and profile pages"), though it changes only when its
 * professional or a reviewer does; a sitemap file costs far more and may be an hour late for search engines. The compressed
 * bytes are kept in the pages' cache, dropped by the same change feed as the data they were made
 * from (the users the render read) or after their time; an ETag lets a phone that has the page
 * already get a 304 instead of the bytes. Requests that arrive while the same page is being
 * rendered wait for that render instead of starting their own.
 */
export function renderedPageCache(pageCache: ReadCache, clock: { now(): Date }) {
  const inFlight = new Map<string, { changesHeard: number; page: Promise<CachedPage | undefined> }>();
  /**
   * Answers from the cache, or runs `render` (which must pass `keep` to compressRendered) and
   * keeps what it sent under `policy`. False when the request is not one a kept page can answer
   * (HEAD, a query, no compression accepted, a render that kept nothing): render it as usual.
   */
  return async (
    ctx: Context,
    render: (keep: (page: RenderedPage | null) => void) => Promise<void>,
    usersRead: () => number[],
    policy: KeptPagePolicy,
  ): Promise<boolean> => {
    const encoding = acceptedEncoding(ctx);
    if (!encoding || ctx.method !== 'GET' || ctx.querystring) return false;
    const key = `page:${encoding}:${ctx.path}`;
    const now = clock.now();
    const rendering: { done?: Promise<void> } = {};
    const renderAndKeep = () =>
      new Promise<CachedPage | undefined>((resolve, reject) => {
        rendering.done = render((kept) => {
          const users = usersRead();
          resolve(
            kept && (users.length || !policy.showsUsers)
              ? {
                  ...kept,
                  etag: `"${createHash('sha1').update(kept.body).digest('base64url')}"`,
                  users,
                  until: addTime(now, { ms: policy.ttlMs }).getTime(),
                }
              : undefined,
          );
        }).then(() => {
          if (!ctx.res.headersSent) resolve(undefined); // handed back unanswered
        }, reject);
      });
    // The same page being rendered (and, if it shows users, no change heard since): its bytes will do.
    const shared = inFlight.get(key);
    const load =
      shared && (!policy.showsUsers || shared.changesHeard === pageCache.changesHeard)
        ? () => shared.page
        : () => {
            const page = renderAndKeep();
            const entry = { changesHeard: pageCache.changesHeard, page };
            inFlight.set(key, entry);
            const done = () => {
              if (inFlight.get(key) === entry) inFlight.delete(key);
            };
            page.then(done, done);
            return page;
          };
    const page = await pageCache.get(key, now, load, {
      users: (cached) => cached?.users ?? [],
      validUntil: (cached) => cached?.until ?? 0,
      bytes: (cached) => (cached ? cached.body.length + PAGE_OVERHEAD_BYTES : 0),
    });
    if (rendering.done) {
      await rendering.done;
      return true;
    }
    if (!page) return false;
    const res = ctx.res;
    res.setHeader('Content-Encoding', page.encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', page.etag);
    if (ctx.get('If-None-Match') === page.etag) {
      res.writeHead(304, structuredClone(page.headers));
      res.end();
    } else {
      res.writeHead(200, { ...structuredClone(page.headers), 'Content-Length': page.body.length });
      res.end(page.body);
    }
    return true;
  };
}
