import Router from '@koa/router';
import { payForSignupAgain, signUp } from '../../../../contract/accounts.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { byAddress, countRequest, LIMITS } from '../../http/rate-limit.ts';
import { routeTable } from '../../http/serve.ts';
import { callerGuards } from '../auth/guards.ts';
import { paymentAnswer, signupAnswer } from '../payments/answers.ts';
import { firstPaymentAgain, signup } from './signup.ts';

export function accountRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, callerGuards(deps));
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
