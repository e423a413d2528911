import Router from '@koa/router';
import type { Context } from 'koa';
import * as z from 'zod/mini';
import { creditAffiliate as creditAffiliateRoute, devMailbox, moveClock } from '../../../../contract/dev.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { okAnswer } from '../../http/common-answers.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { routeTable } from '../../http/serve.ts';
import { creditAffiliate, mailbox } from './service.ts';

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
 * password-reset links, so only with diagnostics on and only to this machine.
 */
export function devRoutes(deps: FeatureDeps): Router {
  const { db, config } = deps;
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  serve(devMailbox, mailboxAnswer, async (ctx) => {
    if (!config.diagnostics || !fromThisMachine(ctx)) throw notFound('No such API endpoint.');
    requireLoopbackName(ctx, 'dev mailbox', '/dev-mailbox');
    return { success: true, messages: await mailbox(db) };
  });
  // Only when the app was built with a movable clock, which server.ts does under NODE_ENV=test.
  const clock = deps.clock as Partial<{ advance(ms: number): void; reset(): void }>;
  const movable = async (_ctx: unknown, next: () => Promise<unknown>) => {
    if (config.env !== 'test' || typeof clock.advance !== 'function' || typeof clock.reset !== 'function')
      throw notFound('No such API endpoint.');
    await next();
  };
  serve(
    moveClock,
    clockAnswer,
    (_ctx, { body }) => {
      if (body.advanceMs !== undefined) clock.advance?.(body.advanceMs);
      else clock.reset?.();
      return { success: true, now: deps.clock.now().toISOString() };
    },
    { use: [movable] },
  );
  const testsOnly = async (_ctx: unknown, next: () => Promise<unknown>) => {
    if (config.env !== 'test') throw notFound('No such API endpoint.');
    await next();
  };
  serve(
    creditAffiliateRoute,
    okAnswer,
    async (_ctx, { body }) => {
      await creditAffiliate(db, body.email, body.amount, deps.clock.now());
      return { success: true };
    },
    { use: [testsOnly] },
  );
  return router;
}

const mailboxAnswer = z.object({
  success: z.literal(true),
  messages: z.array(
    z.object({
      id: z.number(),
      channel: z.string(),
      status: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      createdAt: z.string(),
    }),
  ),
});
const clockAnswer = z.object({ success: z.literal(true), now: z.string() });
