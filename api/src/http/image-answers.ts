import type { Context } from 'koa';

/** Headers for an image the server serves outside the API (photos, share cards): nothing in it runs. */
export function imageHeaders(ctx: Context): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
}

/** A short plain-text answer where an image was asked for (404, 503), never kept by a cache. */
export function plainAnswer(ctx: Context, status: number, text: string, headers: Record<string, string> = {}): void {
  ctx.status = status;
  ctx.set({ 'Cache-Control': 'no-store', ...headers });
  ctx.type = 'text/plain';
  ctx.body = text;
}
