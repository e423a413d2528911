import Router from '@koa/router';
import { payForSignupAgain, signUp } from '../../../../contract/accounts.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { byAddress, countRequest, LIMITS } from '../../http/rate-limit.ts';
import { routeTable } from '../../http/serve.ts';
import { paymentAnswer, signupAnswer } from '../payments/index.ts';
import { firstPaymentAgain, signup } from './signup.ts';

export function accountRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  serve(signUp, signupAnswer, async (ctx, { body }) => {
    await countRequest(deps.db, LIMITS.signupByAddress, byAddress(ctx), deps.clock.now());
    return signup(deps, body, byAddress(ctx));
  });
  serve(payForSignupAgain, paymentAnswer, async (_ctx, { body }) => ({
    success: true,
    payment: await firstPaymentAgain(deps, body),
  }));
  return router;
}
