import Router from '@koa/router';
import type { Middleware } from 'koa';
import { affiliateSignup, listAffiliatePayouts, requestAffiliatePayout } from '../../../../contract/affiliates.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { byAddress, countRequest, LIMITS } from '../../http/rate-limit.ts';
import { routeTable } from '../../http/serve.ts';
import type { UserState } from '../auth/index.ts';
import { forbidden } from '../../http/errors.ts';
import { affiliatePayoutsAnswer, affiliateSignupAnswer, payoutRequestedAnswer } from './answers.ts';
import { listPayouts, requestPayout } from './payouts.ts';
import { affiliateSignup as signUpAffiliate } from './signup.ts';

export function affiliateRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  serve(affiliateSignup, affiliateSignupAnswer, async (ctx, { body }) => {
    await countRequest(deps.db, LIMITS.signupByAddress, byAddress(ctx), deps.clock.now()); // affiliate sign-up is free: it must not mint accounts
    return signUpAffiliate(deps, body, byAddress(ctx));
  });

  const affiliatesOnly: Middleware<UserState> = async (ctx, next) => {
    if (ctx.state.user.userType !== 'affiliate') throw forbidden('Only affiliate accounts have payouts.');
    await next();
  };
  serve(
    listAffiliatePayouts,
    affiliatePayoutsAnswer,
    async (ctx) => ({ success: true, payouts: await listPayouts(deps.db, ctx.state.user.id) }),
    { use: [affiliatesOnly] },
  );
  serve(
    requestAffiliatePayout,
    payoutRequestedAnswer,
    async (ctx) => ({
      success: true,
      message: 'Payout requested.',
      payout: await requestPayout(deps, ctx.state.user.id),
    }),
    { use: [affiliatesOnly] },
  );
  return router;
}
