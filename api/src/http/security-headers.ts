import type { Middleware } from 'koa';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Headers on every response. Pages also carry Astro's <meta> CSP with the hashes of its inline
 * scripts (site/astro.config.mjs); the header adds what a <meta> policy cannot: frame-ancestors.
 * API responses are data only, so they allow nothing at all.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    ctx.set('Permissions-Policy', 'geolocation=(self), camera=(), microphone=()');
    ctx.set(
      'Content-Security-Policy',
      ctx.path.startsWith('/api/')
        ? "default-src 'none'; frame-ancestors 'none'"
        : "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
    if (!LOCAL_HOSTS.has(ctx.hostname)) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
