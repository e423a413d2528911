import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import * as z from 'zod/mini';
import {
  completeRegistrationSchema,
  PAYMENT_MESSAGES,
  sandboxChargeSchema,
  verifyPaymentSchema,
  type PaymentsConfig,
} from '../../../../contract/payments.ts';
import { PAYMENT_CHANNELS } from '../../../../contract/plans.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { ProviderUnavailableError } from '../../providers/payments.ts';
import { answerTestPrompt } from '../../providers/sandbox.ts';
import { sandboxPhoneSchema } from '../../../../contract/momo.ts';
import { settleTransfer } from '../affiliates/payouts.ts';
import { toSessionUser, usersRepo } from '../accounts/users.ts';
import { sessionsRepo } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { createPaymentIntent, settlePayment, type PaymentRow } from './service.ts';

/** A completion may sign the payer in only soon after the sign-up that started it. */
const AUTO_LOGIN_WINDOW_MS = 60 * 60 * 1000;

/**
 * Whether this completion may sign the payer in (issue #14: a payment reference is in logs, the
 * receipt and on screen, and used to be a replayable sign-in). Only with the secret the browser
 * that started the payment holds, within the hour, once (claimed under a conditional update), and
 * never once the password was reset after the payment began.
 */
async function claimCompletion(db: AppDeps['db'], payment: PaymentRow, secret: string | undefined, now: Date): Promise<boolean> {
  if (!secret || now.getTime() - new Date(payment.created_at).getTime() >= AUTO_LOGIN_WINDOW_MS) return false;
  return db.transaction(async (trx) => {
    const resetSince = await trx('password_resets').where({ user_id: payment.user_id! }).where('used_at', '>=', payment.created_at).first('id');
    if (resetSince) return false;
    const claimed = await trx('payments')
      .where({ id: payment.id, completion_secret_hash: hashToken(secret) })
      .whereNull('completion_claimed_at')
      .update({ completion_claimed_at: now });
    return claimed === 1;
  });
}

const verifyFailed = () => new HttpError(400, PAYMENT_MESSAGES.verifyFailed);

const testIntentSchema = z.object({
  plan: z.enum(['customer', 'professional']),
  email: z.email('Please enter a valid email address'),
});

/** Paystack's transfer outcomes for payouts; the payout asks Paystack again before it moves. */
const TRANSFER_EVENTS = ['transfer.success', 'transfer.failed', 'transfer.reversed'];

export function paymentRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const { db, clock, payments, logger } = deps;

  router.get('/api/payments/config', (ctx) => {
    ctx.body = { provider: payments.name, publicKey: payments.publicKey, channels: PAYMENT_CHANNELS } satisfies PaymentsConfig;
  });

  router.post('/api/verify-payment', async (ctx) => {
    const { reference } = validate(verifyPaymentSchema, ctx.request.body);
    const result = await settlePayment(deps, reference);
    if (!result.ok) throw verifyFailed();
    ctx.body = { success: true, message: 'Payment verified successfully.' };
  });

  router.post('/api/complete-registration', async (ctx) => {
    const { userId, paymentReference, completionSecret } = validate(completeRegistrationSchema, ctx.request.body);
    const id = Number(userId);
    const result = await settlePayment(deps, paymentReference, { userId: id, purposes: ['registration'] });
    if (!result.ok) throw verifyFailed();
    const user = await usersRepo.findById(db, id);
    if (!user) throw verifyFailed();
    const now = clock.now();
    const autoLogin = user.status === 'active' && (await claimCompletion(db, result.payment, completionSecret, now));
    ctx.body = {
      success: true,
      message: autoLogin ? 'Registration complete. Welcome!' : 'Your payment is recorded. Please sign in.',
      autoLogin,
      ...(autoLogin && { token: await sessionsRepo.create(db, id, now) }),
      user: toSessionUser(user),
    };
  });

  router.post('/api/paystack/webhook', async (ctx) => {
    if (payments.name !== 'paystack') throw notFound('Webhooks need Paystack keys.');
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    if (!payments.verifyWebhookSignature(raw, ctx.get('x-paystack-signature') || undefined)) {
      logger.warn({ ip: ctx.ip }, 'webhook refused: bad signature');
      throw unauthorized('Invalid signature.');
    }
    const event = ctx.request.body as { event?: string; data?: { reference?: string } };
    if (TRANSFER_EVENTS.includes(event.event ?? '') && typeof event.data?.reference === 'string') {
      try {
        await settleTransfer(deps, event.data.reference);
      } catch (err) {
        if (err instanceof ProviderUnavailableError) throw new HttpError(503, 'Payment provider unavailable; retry later.');
        throw err;
      }
    }
    if (event.event === 'charge.success' && typeof event.data?.reference === 'string') {
      const result = await settlePayment(deps, event.data.reference);
      // Paystack retries on anything but 200: ask again only when the answer could change.
      if (!result.ok && result.retryable) throw new HttpError(503, 'Payment provider unavailable; retry later.');
    }
    ctx.body = { success: true };
  });

  router.post('/api/sandbox/charge', async (ctx) => {
    if (payments.name !== 'sandbox') throw notFound('The sandbox is off: real payments are configured.');
    const charge = validate(sandboxChargeSchema, ctx.request.body);
    const payment = await db<PaymentRow>('payments').where({ reference: charge.reference }).first();
    if (!payment) throw notFound('Unknown payment reference.');
    const inserted = await db('sandbox_transactions')
      .insert({
        reference: charge.reference,
        amount: charge.amount,
        currency: charge.currency,
        email: charge.email,
        metadata: JSON.stringify(charge.metadata ?? {}),
        status: charge.outcome,
        channel: charge.method ?? 'mobile_money',
        // Paystack returns an authorization for every payment; only the card's is reusable.
        authorization_code: `AUTH_sbx${randomBytes(6).toString('hex')}`,
        created_at: clock.now(),
      })
      .onConflict('reference')
      .ignore()
      .returning('reference');
    if (inserted.length === 0) throw new HttpError(409, 'This payment was already made.');
    ctx.body = { success: true };
  });

  // The TEST MODE phone: approves or declines a mobile-money prompt the sandbox "sent" (providers/sandbox.ts).
  router.post('/api/sandbox/momo/:reference', async (ctx) => {
    if (payments.name !== 'sandbox') throw notFound('The sandbox is off: real payments are configured.');
    const { approve } = validate(sandboxPhoneSchema, ctx.request.body);
    const answered = await answerTestPrompt(db, ctx.params.reference.slice(0, 64), approve, clock.now());
    if (answered === 'none') throw notFound('No prompt is waiting on the test phone with this reference.');
    if (answered === 'voucher') throw new HttpError(409, 'Type the voucher code first.');
    ctx.body = { success: true };
  });

  router.post('/api/payments/test-intent', async (ctx) => {
    if (!deps.config.diagnostics) throw notFound('No such API endpoint.');
    const { plan, email } = validate(testIntentSchema, ctx.request.body);
    const payment = await createPaymentIntent(deps, { userId: null, email, fullName: 'Payment Test', phone: '' }, plan, 'test');
    ctx.body = { success: true, payment };
  });

  return router;
}

