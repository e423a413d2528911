import Router from '@koa/router';
import {
  completeRegistration as completeRegistrationRoute,
  paymentsConfig,
  paystackWebhook,
  recordSandboxCharge as recordSandboxChargeRoute,
  startTestPayment,
  verifyPayment as verifyPaymentRoute,
} from '../../../../contract/payments.ts';
import { answerTestPhone as answerTestPhoneRoute } from '../../../../contract/momo.ts';
import { PAYMENT_CHANNELS } from '../../../../contract/plans.ts';
import type { AppDeps, RequestState, FeatureDeps } from '../../deps.ts';
import { messageAnswer, okAnswer } from '../../http/common-answers.ts';
import { HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { routeTable } from '../../http/serve.ts';
import { ProviderUnavailableError } from '../../providers/payments.ts';
import { settleTransfer } from '../affiliates/index.ts';
import { completeRegistrationAnswer, paymentAnswer, paymentsConfigAnswer } from './answers.ts';
import {
  answerTestPhone,
  completeRegistration,
  createPaymentIntent,
  recordSandboxCharge,
  settlePayment,
  verifyPayment,
} from './service.ts';

/** Paystack's transfer outcomes for payouts; the payout asks Paystack again before it moves. */
const TRANSFER_EVENTS = ['transfer.success', 'transfer.failed', 'transfer.reversed'];

export function paymentRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const { payments, logger } = deps;

  serve(paymentsConfig, paymentsConfigAnswer, () => ({
    provider: payments.name,
    publicKey: payments.publicKey,
    channels: PAYMENT_CHANNELS,
  }));

  serve(verifyPaymentRoute, messageAnswer, async (_ctx, { body }) => {
    await verifyPayment(deps, body.reference);
    return { success: true, message: 'Payment verified successfully.' };
  });

  serve(completeRegistrationRoute, completeRegistrationAnswer, (_ctx, { body }) =>
    completeRegistration(deps, {
      userId: Number(body.userId),
      paymentReference: body.paymentReference,
      completionSecret: body.completionSecret,
    }),
  );

  serve(paystackWebhook, okAnswer, async (ctx) => {
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
    return { success: true };
  });

  serve(
    recordSandboxChargeRoute,
    okAnswer,
    async (_ctx, { body }) => {
      await recordSandboxCharge(deps, body);
      return { success: true };
    },
    { use: [sandboxOnly(deps)] },
  );

  // The TEST MODE phone: approves or declines a mobile-money prompt the sandbox "sent" (providers/sandbox.ts).
  serve(
    answerTestPhoneRoute,
    okAnswer,
    async (_ctx, { params, body }) => {
      const answered = await answerTestPhone(deps, params.reference.slice(0, 64), body.approve);
      if (answered === 'none') throw notFound('No prompt is waiting on the test phone with this reference.');
      if (answered === 'voucher') throw new HttpError(409, 'conflict', 'Type the voucher code first.');
      return { success: true };
    },
    { use: [sandboxOnly(deps)] },
  );

  serve(
    startTestPayment,
    paymentAnswer,
    async (_ctx, { body }) => {
      const payment = await createPaymentIntent(
        deps,
        { userId: null, email: body.email, fullName: 'Payment Test', phone: '' },
        body.plan,
        'test',
      );
      return { success: true, payment };
    },
    {
      // Refused before its body is read: the route is not there without diagnostics.
      use: [
        async (_ctx, next) => {
          if (!deps.config.diagnostics) throw notFound('No such API endpoint.');
          await next();
        },
      ],
    },
  );

  return router;
}

/** The sandbox's own routes: the 404 of a missing address once real payments are configured, before the body is read. */
const sandboxOnly =
  ({ payments }: AppDeps) =>
  async (_ctx: unknown, next: () => Promise<unknown>) => {
    if (payments.name !== 'sandbox') throw notFound('The sandbox is off: real payments are configured.');
    await next();
  };
