import Router from '@koa/router';
import { type ClockAnswer, DEV_PATHS, type MailboxAnswer } from '../../../../contract/dev.ts';
import type { Context } from 'koa';
import type { AppDeps, RequestState } from '../../deps.ts';
import { DAY_MS } from '../../../../contract/dates.ts';
import * as z from 'zod/mini';
import { forbidden, notFound } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { creditAffiliate, mailbox } from './service.ts';
import type { OkAnswer } from '../../../../contract/api.ts';

// Forward only, or back to the real time: a browser test puts back what it moved.
const clockSchema = z.union([
  z.object({ advanceMs: z.number().check(z.int(), z.minimum(0), z.maximum(366 * DAY_MS)) }),
  z.object({ reset: z.literal(true) }),
]);
const creditSchema = z.object({
  email: z.string().check(z.minLength(3)),
  amount: z.number().check(z.minimum(0.01), z.maximum(100_000)),
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request from this machine itself: the socket's own address (never X-Forwarded-For) is a
 * loopback one, and no proxy says it forwarded it from elsewhere.
 */
export const fromThisMachine = (ctx: Context) =>
  LOOPBACK.has(ctx.req.socket.remoteAddress ?? '') && !ctx.get('X-Forwarded-For') && !ctx.get('Forwarded');

// localhost, 127.0.0.1 or [::1], with or without a port: the names that never lead elsewhere.
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/**
 * Whether the browser asked for this server by a loopback name. A page of another site whose name
 * was rebound to 127.0.0.1 (DNS rebinding) reaches this machine from this machine, but its Host
 * is still that site's name: only the Host tells the two apart.
 */
export const askedByLoopbackName = (ctx: Context) => LOOPBACK_HOST.test((ctx.req.headers.host ?? '').slice(0, 300));

/** Refuses, in words that say where to open it, a dev page's data asked for under another name. */
export function requireLoopbackName(ctx: Context, what: string, page = ''): void {
  if (!askedByLoopbackName(ctx))
    throw forbidden(
      `The ${what} answers only at localhost, 127.0.0.1 or [::1]: open http://localhost:${ctx.req.socket.localPort}${page} instead.`,
    );
}

/**
 * The dev mailbox: the outbox on every channel (email, SMS, WhatsApp), sent or not. It holds
 * password-reset links, so only with diagnostics on and only to this machine (issue #14).
 */
export function devRoutes(deps: AppDeps): Router {
  const { db, config } = deps;
  const router = new Router<RequestState>();
  router.get(DEV_PATHS.mailbox, async (ctx) => {
    if (!config.diagnostics || !fromThisMachine(ctx)) throw notFound('No such API endpoint.');
    requireLoopbackName(ctx, 'dev mailbox', '/dev-mailbox');
    ctx.body = { success: true, messages: await mailbox(db) } satisfies MailboxAnswer;
  });
  // Only when the app was built with a movable clock, which server.ts does under NODE_ENV=test.
  router.post(DEV_PATHS.clock, async (ctx) => {
    const clock = deps.clock as Partial<{ advance(ms: number): void; reset(): void }>;
    if (config.env !== 'test' || typeof clock.advance !== 'function' || typeof clock.reset !== 'function')
      throw notFound('No such API endpoint.');
    const body = validate(clockSchema, ctx.request.body);
    if ('reset' in body) clock.reset();
    else clock.advance(body.advanceMs);
    ctx.body = { success: true, now: deps.clock.now().toISOString() } satisfies ClockAnswer;
  });
  router.post(DEV_PATHS.affiliateCredit, async (ctx) => {
    if (config.env !== 'test') throw notFound('No such API endpoint.');
    const { email, amount } = validate(creditSchema, ctx.request.body);
    await creditAffiliate(db, email, amount, deps.clock.now());
    ctx.body = { success: true } satisfies OkAnswer;
  });
  return router;
}
