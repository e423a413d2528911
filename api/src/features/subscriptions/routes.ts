import Router from '@koa/router';
import { type AutoRenewalAnswer, SUBSCRIPTIONS_PATHS } from '../../../../contract/subscriptions.ts';
import { type PaymentAnswer, renewSchema } from '../../../../contract/payments.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { requireUser, type UserState } from '../auth/guards.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import * as z from 'zod/mini';
import { setAutoRenewal } from './auto-renewal.ts';
import {
  MOMO_MESSAGES,
  type MomoNumberResponse,
  type MomoPromptResponse,
  momoNumberConfirmSchema,
  momoNumberSchema,
  momoOtpSchema,
  momoPromptSchema,
} from '../../../../contract/momo.ts';
import { promptStatus, sendMomoPrompt, submitMomoOtp } from './momo.ts';
import { confirmNumberCode, requestNumberCode } from './momo-numbers.ts';
import { createPaymentIntent } from '../payments/service.ts';
import { cancelRenewal } from './service.ts';
import type { MessageAnswer } from '../../../../contract/api.ts';

/**
 * POST /api/subscription/renew `{ months? }` (ARCHITECTURE API map): a payment for the price of 1, 3, 6
 * or 12 months (docs/PRODUCT.md "Paying months ahead") with a fresh reference. It is verified like
 * the first payment (POST /api/verify-payment), and settling it extends the paid period by those
 * months from the later of now and the current end, so paying early loses nothing.
 */
export function subscriptionRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  router.post(SUBSCRIPTIONS_PATHS.renew, requireUser(deps), async (ctx) => {
    const user = ctx.state.user;
    if (user.userType === 'affiliate') throw forbidden('Affiliate accounts have no subscription.');
    const { months } = validate(renewSchema, ctx.request.body);
    const payment = await createPaymentIntent(
      deps,
      { userId: user.id, email: user.email, fullName: `${user.firstName} ${user.lastName}`, phone: user.phone },
      user.userType,
      'renewal',
      deps.db,
      { months },
    );
    ctx.body = { success: true, payment } satisfies PaymentAnswer;
  });

  // Each prompt rings a phone: limited per account and per number, counted by sendMomoPrompt only
  // when a prompt is sent (a refused request naming a number must not lock its owner out).
  router.post(SUBSCRIPTIONS_PATHS.momo, requireUser(deps), async (ctx) => {
    ctx.body = (await sendMomoPrompt(
      deps,
      ctx.state.user.id,
      validate(momoPromptSchema, ctx.request.body),
    )) satisfies MomoPromptResponse;
  });
  // Another number than the account's own: a code texted to it, typed back by its owner's consent.
  router.post(SUBSCRIPTIONS_PATHS.momoNumbers, requireUser(deps), async (ctx) => {
    const account = subscriber(ctx.state.user);
    ctx.body = (await requestNumberCode(
      deps,
      account,
      validate(momoNumberSchema, ctx.request.body).phone,
    )) satisfies MomoNumberResponse;
  });
  router.post(SUBSCRIPTIONS_PATHS.momoNumbersConfirm, requireUser(deps), async (ctx) => {
    ctx.body = (await confirmNumberCode(
      deps,
      subscriber(ctx.state.user),
      validate(momoNumberConfirmSchema, ctx.request.body),
    )) satisfies MomoNumberResponse;
  });
  router.post(SUBSCRIPTIONS_PATHS.momoOtp, requireUser(deps), async (ctx) => {
    ctx.body = (await submitMomoOtp(
      deps,
      ctx.state.user.id,
      validate(momoOtpSchema, ctx.request.body),
    )) satisfies MomoPromptResponse;
  });
  router.get(SUBSCRIPTIONS_PATHS.momoPrompt, requireUser(deps), async (ctx) => {
    ctx.body = (await promptStatus(
      deps,
      ctx.state.user.id,
      ctx.params.reference.slice(0, 64),
    )) satisfies MomoPromptResponse;
  });

  router.post(SUBSCRIPTIONS_PATHS.cancel, requireUser(deps), async (ctx) => {
    const user = ctx.state.user;
    if (user.userType === 'affiliate') throw forbidden('Affiliate accounts have no subscription.');
    await cancelRenewal(deps.db, user.id, deps.clock.now());
    ctx.body = {
      success: true,
      message: 'Your subscription will not be renewed. It stays active until the end of the period you paid for.',
    } satisfies MessageAnswer;
  });
  /**
   * Opt in or out of automatic renewal with the saved card. Only a card Paystack marked reusable is
   * saved, so a mobile-money payer gets 409 and renews by hand after the reminder.
   */
  router.post(SUBSCRIPTIONS_PATHS.autoRenew, requireUser(deps), async (ctx) => {
    const user = ctx.state.user;
    if (user.userType === 'affiliate') throw forbidden('Affiliate accounts have no subscription.');
    const { enabled } = validate(autoRenewSchema, ctx.request.body);
    const autoRenewal = await setAutoRenewal(deps.db, user.id, enabled);
    if (!autoRenewal) throw conflict(NO_CARD);
    ctx.body = {
      success: true,
      autoRenewal,
      message: enabled
        ? `Your subscription will renew automatically with your ${autoRenewal.card}.`
        : 'Automatic renewal is off. Renew by hand before your period ends.',
    } satisfies AutoRenewalAnswer;
  });
  return router;
}

/** An account that has a subscription to pay (affiliates have none). */
function subscriber(user: UserState['user']) {
  if (user.userType === 'affiliate') throw forbidden(MOMO_MESSAGES.affiliate);
  return { id: user.id, phone: user.phone };
}

const autoRenewSchema = z.object({
  enabled: z.boolean({ error: 'Say whether automatic renewal should be on (enabled: true or false).' }),
});
export const NO_CARD =
  'Automatic renewal needs a card saved from a card payment. Mobile money cannot be charged automatically: pay by card once, or renew by hand.';
