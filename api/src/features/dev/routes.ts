import Router from '@koa/router';
import type { AppDeps } from '../../app.ts';
import { notFound } from '../../http/errors.ts';

/** The dev mailbox: what the outbox notifier "sent". Only with diagnostics on, never in production. */
export function devRoutes({ db, config }: AppDeps): Router {
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
  return router;
}
