import Router from '@koa/router';
import {
  AFFILIATES_PATHS,
  type AffiliatePayoutsAnswer,
  type AffiliateSignupResponse,
  type PayoutRequestedAnswer,
} from '../../../../contract/affiliates.ts';
import { AFFILIATE_CHECK_ORDER, affiliateSignupSchema } from '../../../../contract/accounts.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { byAddress, countRequest, LIMITS } from '../../http/rate-limit.ts';
import { validate } from '../../http/validate.ts';
import { requireUser, type UserState } from '../auth/guards.ts';
import { forbidden } from '../../http/errors.ts';
import { listPayouts, requestPayout } from './payouts.ts';
import { affiliateSignup } from './signup.ts';

export function affiliateRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  router.post(AFFILIATES_PATHS.signup, async (ctx) => {
    const input = validate(affiliateSignupSchema, ctx.request.body, AFFILIATE_CHECK_ORDER);
    await countRequest(deps.db, LIMITS.signupByAddress, byAddress(ctx), deps.clock.now()); // affiliate sign-up is free: it must not mint accounts
    ctx.status = 201;
    ctx.body = (await affiliateSignup(deps, input, byAddress(ctx))) satisfies AffiliateSignupResponse;
  });

  const affiliateOnly = requireUser(deps);
  router.use(AFFILIATES_PATHS.payouts, affiliateOnly, async (ctx, next) => {
    if (ctx.state.user.userType !== 'affiliate') throw forbidden('Only affiliate accounts have payouts.');
    await next();
  });
  // <UserState>: the use() above signed the user in for this path.
  router.get<UserState>(AFFILIATES_PATHS.payouts, async (ctx) => {
    ctx.body = {
      success: true,
      payouts: await listPayouts(deps.db, ctx.state.user.id),
    } satisfies AffiliatePayoutsAnswer;
  });
  router.post<UserState>(AFFILIATES_PATHS.payouts, async (ctx) => {
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: 'Payout requested.',
      payout: await requestPayout(deps, ctx.state.user.id),
    } satisfies PayoutRequestedAnswer;
  });
  return router;
}
