import Router from '@koa/router';
import type { AppDeps } from '../../app.ts';
import * as z from 'zod/mini';
import { notFound } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';

const advanceSchema = z.object({ advanceMs: z.number().check(z.int(), z.minimum(0), z.maximum(366 * 86400_000)) });

/** The dev mailbox: what the outbox notifier "sent". Only with diagnostics on, never in production. */
export function devRoutes(deps: AppDeps): Router {
  const { db, config } = deps;
  const router = new Router();
  router.get('/api/dev/mailbox', async (ctx) => {
    if (!config.diagnostics) throw notFound('No such API endpoint.');
    const rows = await db('notifications').orderBy('id', 'desc').limit(50);
    ctx.body = {
      success: true,
      messages: rows.map((r) => ({
        id: Number(r.id),
        to: r.recipient,
        subject: r.subject,
        text: r.body,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  });
  // Only when the app was built with a movable clock, which server.ts does under NODE_ENV=test.
  router.post('/api/dev/clock', async (ctx) => {
    const clock = deps.clock as Partial<{ advance(ms: number): void }>;
    if (config.env !== 'test' || typeof clock.advance !== 'function') throw notFound('No such API endpoint.');
    const { advanceMs } = validate(advanceSchema, ctx.request.body);
    clock.advance(advanceMs);
    ctx.body = { success: true, now: deps.clock.now().toISOString() };
  });
  return router;
}
