import Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  confirmMomoNumber,
  MOMO_MESSAGES,
  momoPromptStatus,
  requestMomoNumberCode,
  sendMomoPrompt as sendMomoPromptRoute,
  submitMomoOtp as submitMomoOtpRoute,
} from '../../../../contract/momo.ts';
import {
  cancelRenewal as cancelRenewalRoute,
  renewSubscription,
  setAutoRenewal as setAutoRenewalRoute,
} from '../../../../contract/subscriptions.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { messageAnswer } from '../../http/common-answers.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { routeTable, type UserState } from '../../http/serve.ts';
import { paymentAnswer } from '../payments/index.ts';
import { createPaymentIntent } from '../payments/index.ts';
import { autoRenewalAnswer, momoNumberAnswer, momoPromptAnswer } from './answers.ts';
import { setAutoRenewal } from './auto-renewal.ts';
import { confirmNumberCode, requestNumberCode } from './momo-numbers.ts';
import { promptStatus, sendMomoPrompt, submitMomoOtp } from './momo.ts';
import { cancelRenewal } from './service.ts';

/** Affiliates have no subscription: refused in these words before the body is read. */
const subscribersOnly =
  (message: string): Middleware<UserState> =>
  async (ctx, next) => {
    if (ctx.state.user.userType === 'affiliate') throw forbidden(message);
    await next();
  };
const NO_SUBSCRIPTION = 'Affiliate accounts have no subscription.';

export function subscriptionRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const subscribers = { use: [subscribersOnly(NO_SUBSCRIPTION)] };
  const payers = { use: [subscribersOnly(MOMO_MESSAGES.affiliate)] };

  serve(
    renewSubscription,
    paymentAnswer,
    async (ctx, { body }) => {
      const user = ctx.state.user;
      const payment = await createPaymentIntent(
        deps,
        { userId: user.id, email: user.email, fullName: `${user.firstName} ${user.lastName}`, phone: user.phone },
        user.userType as 'customer' | 'professional',
        'renewal',
        deps.db,
        { months: body.months },
      );
      return { success: true, payment };
    },
    subscribers,
  );

  // Each prompt rings a phone: limited per account and per number, counted by sendMomoPrompt only
  // when a prompt is sent (a refused request naming a number must not lock its owner out).
  serve(sendMomoPromptRoute, momoPromptAnswer, (ctx, { body }) => sendMomoPrompt(deps, ctx.state.user.id, body));
  // Another number than the account's own: a code texted to it, typed back by its owner's consent.
  serve(
    requestMomoNumberCode,
    momoNumberAnswer,
    (ctx, { body }) => requestNumberCode(deps, subscriber(ctx.state.user), body.phone),
    payers,
  );
  serve(
    confirmMomoNumber,
    momoNumberAnswer,
    (ctx, { body }) => confirmNumberCode(deps, subscriber(ctx.state.user), body),
    payers,
  );
  serve(submitMomoOtpRoute, momoPromptAnswer, (ctx, { body }) => submitMomoOtp(deps, ctx.state.user.id, body));
  serve(momoPromptStatus, momoPromptAnswer, (ctx, { params }) =>
    promptStatus(deps, ctx.state.user.id, params.reference.slice(0, 64)),
  );

  serve(
    cancelRenewalRoute,
    messageAnswer,
    async (ctx) => {
      await cancelRenewal(deps.db, ctx.state.user.id, deps.clock.now());
      return {
        success: true,
        message: 'Your subscription will not be renewed. It stays active until the end of the period you paid for.',
      };
    },
    subscribers,
  );
  /**
   * Opt in or out of automatic renewal with the saved card. Only a card Paystack marked reusable is
   * saved, so a mobile-money payer gets 409 and renews by hand after the reminder.
   */
  serve(
    setAutoRenewalRoute,
    autoRenewalAnswer,
    async (ctx, { body: { enabled } }) => {
      const autoRenewal = await setAutoRenewal(deps.db, ctx.state.user.id, enabled);
      if (!autoRenewal) throw conflict(NO_CARD);
      return {
        success: true,
        autoRenewal,
        message: enabled
          ? `Your subscription will renew automatically with your ${autoRenewal.card}.`
          : 'Automatic renewal is off. Renew by hand before your period ends.',
      };
    },
    subscribers,
  );
  return router;
}

/** An account that has a subscription to pay (the route admits no affiliate). */
const subscriber = (user: UserState['user']) => ({ id: user.id, phone: user.phone });

export const NO_CARD =
  'Automatic renewal needs a card saved from a card payment. Mobile money cannot be charged automatically: pay by card once, or renew by hand.';
