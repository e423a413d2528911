import type { Middleware } from 'koa';
import { badRequest } from './errors.ts';

const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

/** The path ("items.0.name") of the first string holding U+0000 in a parsed JSON value, or null. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(body)' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')].join('.');
    const found = nulPath(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 (it fails the statement), and no person types one: refuse it
 * in the body or the query with a 400 naming the field, before any handler sees it.
 */
export function noNulCharacters(): Middleware {
  return async (ctx, next) => {
    const field = nulPath((ctx.request as { body?: unknown }).body) ?? (ctx.querystring ? nulPath(ctx.query) : null);
    if (field) throw badRequest(NUL_MESSAGE, [{ field, message: NUL_MESSAGE }]);
    await next();
  };
}
