import type { Middleware } from 'koa';
import { HttpError } from './errors.ts';

/** A body sent as anything but JSON would otherwise be read as empty and mislead the caller. */
export function jsonOnly(): Middleware {
  return async (ctx, next) => {
    const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) && hasBody && !ctx.is('application/json')) {
      throw new HttpError(415, 'unsupported_type', 'Send the request body as JSON (Content-Type: application/json).');
    }
    await next();
  };
}
