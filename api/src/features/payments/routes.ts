import Router from '@koa/router';
import * as z from 'zod/mini';
import {
  type CompleteRegistrationResponse,
  completeRegistrationSchema,
  type PaymentAnswer,
  PAYMENTS_PATHS,
  sandboxChargeSchema,
  verifyPaymentSchema,
  type PaymentsConfig,
} from '../../../../contract/payments.ts';
import { PAYMENT_CHANNELS } from '../../../../contract/plans.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { ProviderUnavailableError } from '../../providers/payments.ts';
import { sandboxPhoneSchema } from '../../../../contract/momo.ts';
import { settleTransfer } from '../affiliates/index.ts';
import {
  answerTestPhone,
  completeRegistration,
  createPaymentIntent,
  recordSandboxCharge,
  settlePayment,
  verifyPayment,
} from './service.ts';
import type { MessageAnswer, OkAnswer } from '../../../../contract/api.ts';

const testIntentSchema = z.object({
  plan: z.enum(['customer', 'professional']),
  email: z.email('Please enter a valid email address'),
});

/** Paystack's transfer outcomes for payouts; the payout asks Paystack again before it moves. */
const TRANSFER_EVENTS = ['transfer.success', 'transfer.failed', 'transfer.reversed'];

export function paymentRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const { payments, logger } = deps;

  router.get(PAYMENTS_PATHS.config, (ctx) => {
    ctx.body = {
      provider: payments.name,
      publicKey: payments.publicKey,
      channels: PAYMENT_CHANNELS,
    } satisfies PaymentsConfig;
  });

  router.post(PAYMENTS_PATHS.verify, async (ctx) => {
    const { reference } = validate(verifyPaymentSchema, ctx.request.body);
    await verifyPayment(deps, reference);
    ctx.body = { success: true, message: 'Payment verified successfully.' } satisfies MessageAnswer;
  });

  router.post(PAYMENTS_PATHS.completeRegistration, async (ctx) => {
    const { userId, paymentReference, completionSecret } = validate(completeRegistrationSchema, ctx.request.body);
    ctx.body = (await completeRegistration(deps, {
      userId: Number(userId),
      paymentReference,
      completionSecret,
    })) satisfies CompleteRegistrationResponse;
  });

  router.post(PAYMENTS_PATHS.paystackWebhook, async (ctx) => {
    if (payments.name !== 'paystack') throw notFound('Webhooks need Paystack keys.');
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    if (!payments.verifyWebhookSignature(raw, ctx.get('x-paystack-signature') || undefined)) {
      logger.warn({ ip: ctx.ip }, 'webhook refused: bad signature');
      throw unauthorized('Invalid signature.', 'bad_signature');
    }
    const event = ctx.request.body as { event?: string; data?: { reference?: string } };
    if (TRANSFER_EVENTS.includes(event.event ?? '') && typeof event.data?.reference === 'string') {
      try {
        await settleTransfer(deps, event.data.reference);
      } catch (err) {
        if (err instanceof ProviderUnavailableError)
          throw new HttpError(503, 'provider_unavailable', 'Payment provider unavailable; retry later.');
        throw err;
      }
    }
    if (event.event === 'charge.success' && typeof event.data?.reference === 'string') {
      const result = await settlePayment(deps, event.data.reference);
      // Paystack retries on anything but 200: ask again only when the answer could change.
      if (!result.ok && result.retryable)
        throw new HttpError(503, 'provider_unavailable', 'Payment provider unavailable; retry later.');
    }
    ctx.body = { success: true } satisfies OkAnswer;
  });

  router.post(PAYMENTS_PATHS.sandboxCharge, async (ctx) => {
    if (payments.name !== 'sandbox') throw notFound('The sandbox is off: real payments are configured.');
    await recordSandboxCharge(deps, validate(sandboxChargeSchema, ctx.request.body));
    ctx.body = { success: true } satisfies OkAnswer;
  });

  // The TEST MODE phone: approves or declines a mobile-money prompt the sandbox "sent" (providers/sandbox.ts).
  router.post(PAYMENTS_PATHS.sandboxMomo, async (ctx) => {
    if (payments.name !== 'sandbox') throw notFound('The sandbox is off: real payments are configured.');
    const { approve } = validate(sandboxPhoneSchema, ctx.request.body);
    const answered = await answerTestPhone(deps, ctx.params.reference.slice(0, 64), approve);
    if (answered === 'none') throw notFound('No prompt is waiting on the test phone with this reference.');
    if (answered === 'voucher') throw new HttpError(409, 'conflict', 'Type the voucher code first.');
    ctx.body = { success: true } satisfies OkAnswer;
  });

  router.post(PAYMENTS_PATHS.testIntent, async (ctx) => {
    if (!deps.config.diagnostics) throw notFound('No such API endpoint.');
    const { plan, email } = validate(testIntentSchema, ctx.request.body);
    const payment = await createPaymentIntent(
      deps,
      { userId: null, email, fullName: 'Payment Test', phone: '' },
      plan,
      'test',
    );
    ctx.body = { success: true, payment } satisfies PaymentAnswer;
  });

  return router;
}
