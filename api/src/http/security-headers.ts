import type { Middleware } from 'koa';
import { isBuildAsset } from './build-assets.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Headers on every response. Pages also carry Astro's <meta> CSP with the hashes of its inline
 * scripts (site/astro.config.mjs); the header adds what a <meta> policy cannot: frame-ancestors.
 * API responses are data only, so they allow nothing at all, and skip the headers that only mean
 * something for a document (referrer, opener, permissions): OWASP's REST set, and fewer bytes on
 * every call. The build's hashed scripts and stylesheets (/_astro/) are not documents either: only
 * nosniff means something there, and a first sign-in fetches dozens of them, each paying ~400 B of
 * headers that do nothing on a phone's metered line (docs/BENCHMARKS.md "First sign-in").
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ctx.path.startsWith('/api/')) {
      ctx.set('X-Frame-Options', 'DENY');
      ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    } else if (!isBuildAsset(ctx.path)) {
      ctx.set('X-Frame-Options', 'DENY');
      ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
      // Taken off again by api/src/site.ts for the pre-rendered pages that run no script.
      ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
      ctx.set('Permissions-Policy', 'geolocation=(self), camera=(), microphone=()');
      ctx.set(
        'Content-Security-Policy',
        "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
      );
    }
    if (!LOCAL_HOSTS.has(ctx.hostname)) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
