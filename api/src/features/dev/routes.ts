import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import * as z from 'zod/mini';
import { notFound } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';

// Forward only, or back to the real time: a browser test puts back what it moved.
const clockSchema = z.union([
  z.object({ advanceMs: z.number().check(z.int(), z.minimum(0), z.maximum(366 * 86400_000)) }),
  z.object({ reset: z.literal(true) }),
]);
const creditSchema = z.object({ email: z.string().check(z.minLength(3)), amount: z.number().check(z.minimum(0.01), z.maximum(100_000)) });

/**
 * A referred customer who paid, with the affiliate's commission of `amount` cedis, written as
 * settlement would write it: so browser tests can reach the ₵250 payout minimum without 63 sign-ups.
 */
async function creditAffiliate(db: AppDeps['db'], email: string, amount: number, now: Date) {
  const affiliate = await db('users').whereRaw('lower(email) = lower(?)', [email]).where({ user_type: 'affiliate' }).first('id');
  if (!affiliate) throw notFound('No affiliate with that email.');
  await db.transaction(async (trx) => {
    const tag = `${now.getTime()}${Math.floor(Math.random() * 1e6)}`;
    const [user] = await trx('users')
      .insert({ user_type: 'customer', email: `referred-${tag}@example.invalid`, phone: `test-${tag}`, password_hash: '!', first_name: 'Referred', last_name: 'Customer', status: 'active', created_at: now, updated_at: now })
      .returning('id');
    const [payment] = await trx('payments')
      .insert({ user_id: user.id, reference: `TEST${tag}`, purpose: 'registration', plan_type: 'customer', amount_pesewas: 1000, email: `referred-${tag}@example.invalid`, provider: 'sandbox', status: 'success', created_at: now, settled_at: now, paid_at: now })
      .returning('id');
    const code = (await trx('affiliate_profiles').where({ user_id: affiliate.id }).first('referrer_code')).referrer_code;
    await trx('referrals').insert({ affiliate_user_id: affiliate.id, referred_user_id: user.id, referrer_code: code, created_at: now });
    await trx('affiliate_commissions').insert({
      affiliate_user_id: affiliate.id,
      referred_user_id: user.id,
      payment_id: payment.id,
      plan_type: 'customer',
      amount_pesewas: Math.round(amount * 100),
      created_at: now,
    });
  });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request from this machine itself: the socket's own address (never X-Forwarded-For) is a
 * loopback one, and no proxy says it forwarded it from elsewhere.
 */
export const fromThisMachine = (ctx: Context) =>
  LOOPBACK.has(ctx.req.socket.remoteAddress ?? '') && !ctx.get('X-Forwarded-For') && !ctx.get('Forwarded');

/**
 * The dev mailbox: the outbox on every channel (email, SMS, WhatsApp), sent or not. It holds
 * password-reset links, so only with diagnostics on and only to this machine (issue #14).
 */
export function devRoutes(deps: AppDeps): Router {
  const { db, config } = deps;
  const router = new Router();
  router.get('/api/dev/mailbox', async (ctx) => {
    if (!config.diagnostics || !fromThisMachine(ctx)) throw notFound('No such API endpoint.');
    const rows = await db('notifications').orderBy('id', 'desc').limit(50);
    ctx.body = {
      success: true,
      messages: rows.map((r) => ({
        id: Number(r.id),
        channel: r.channel,
        status: r.status,
        to: r.recipient,
        subject: r.subject,
        text: r.body,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  });
  // Only when the app was built with a movable clock, which server.ts does under NODE_ENV=test.
  router.post('/api/dev/clock', async (ctx) => {
    const clock = deps.clock as Partial<{ advance(ms: number): void; reset(): void }>;
    if (config.env !== 'test' || typeof clock.advance !== 'function' || typeof clock.reset !== 'function') throw notFound('No such API endpoint.');
    const body = validate(clockSchema, ctx.request.body);
    if ('reset' in body) clock.reset();
    else clock.advance(body.advanceMs);
    ctx.body = { success: true, now: deps.clock.now().toISOString() };
  });
  router.post('/api/dev/affiliate-credit', async (ctx) => {
    if (config.env !== 'test') throw notFound('No such API endpoint.');
    const { email, amount } = validate(creditSchema, ctx.request.body);
    await creditAffiliate(db, email, amount, deps.clock.now());
    ctx.body = { success: true };
  });
  return router;
}
