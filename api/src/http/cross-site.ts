import type { Context } from 'koa';

/**
 * Whether a request that changes something (a form posted to a page) comes from another site,
 * by any of the three headers a browser may send (the renewal form was accepted with no
 * Origin, a foreign Referer ignored). Each header that is present must name this origin:
 * Sec-Fetch-Site `same-origin` (or `none`: the person's own navigation), Origin exactly this
 * origin (`null`, sent from sandboxed or privacy-sensitive contexts, is not), Referer on this
 * origin. A request with none of them comes from no browser page (a script or a very old
 * browser), which no other site can make a visitor's browser send.
 */
export function isCrossSite(header: (name: string) => string, ownOrigin: string): boolean {
  const fetchSite = header('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = header('origin');
  if (origin && origin !== ownOrigin) return true;
  const referer = header('referer').slice(0, 4096);
  if (referer && !URL.canParse(referer)) return true;
  return !!referer && new URL(referer).origin !== ownOrigin;
}

/** Refuses (403) a form posted to a page from another site; reads and safe methods pass. */
export function refuseCrossSiteForm(ctx: Context): void {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return;
  if (isCrossSite((name) => ctx.get(name), `${ctx.protocol}://${ctx.host}`))
    ctx.throw(403, 'Forms from other sites are refused. Open the page on this site and use its button.');
}
