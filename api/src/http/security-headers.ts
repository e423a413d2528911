import type { Middleware } from 'koa';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Pre-rendered pages without a single script: the landing page and the legal texts. They hold no
 * user data, no form and no state another window could read, so Cross-Origin-Opener-Policy guards
 * nothing there, while it costs a first visit a new browser process started after the response
 * has arrived (a browsing-context-group switch): 50–80 ms of the landing page's first paint on 3G
 * in bench:network. e2e/security-headers.spec.ts checks that each of them really has no script and
 * that every page with one keeps COOP.
 */
export const SCRIPT_FREE_PAGES = new Set(['/', '/terms', '/privacy', '/affiliate-terms']);

/**
 * Headers on every response. Pages also carry Astro's <meta> CSP with the hashes of its inline
 * scripts (site/astro.config.mjs); the header adds what a <meta> policy cannot: frame-ancestors.
 * API responses are data only, so they allow nothing at all, and skip the headers that only mean
 * something for a document (referrer, opener, permissions): OWASP's REST set, and fewer bytes on
 * every call.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    if (ctx.path.startsWith('/api/')) {
      ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    } else {
      ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
      if (!SCRIPT_FREE_PAGES.has(ctx.path.replace(/(.)\/$/, '$1'))) ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
      ctx.set('Permissions-Policy', 'geolocation=(self), camera=(), microphone=()');
      ctx.set('Content-Security-Policy', "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'");
    }
    if (!LOCAL_HOSTS.has(ctx.hostname)) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
