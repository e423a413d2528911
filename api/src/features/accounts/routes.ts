import Router from '@koa/router';
import { ACCOUNTS_PATHS, SIGNUP_CHECK_ORDER, signupSchema } from '../../../../contract/accounts.ts';
import { registrationPaymentSchema } from '../../../../contract/payments.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { byAddress, countRequest, LIMITS } from '../../http/rate-limit.ts';
import { validate } from '../../http/validate.ts';
import { firstPaymentAgain, signup } from './signup.ts';
import type { PaymentAnswer, SignupResponse } from '../../../../contract/payments.ts';

export function accountRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  router.post(ACCOUNTS_PATHS.signup, async (ctx) => {
    const input = validate(signupSchema, ctx.request.body, SIGNUP_CHECK_ORDER);
    await countRequest(deps.db, LIMITS.signupByAddress, byAddress(ctx), deps.clock.now());
    ctx.status = 201;
    ctx.body = (await signup(deps, input, byAddress(ctx))) satisfies SignupResponse;
  });
  router.post(ACCOUNTS_PATHS.signupPayment, async (ctx) => {
    const input = validate(registrationPaymentSchema, ctx.request.body);
    ctx.body = { success: true, payment: await firstPaymentAgain(deps, input) } satisfies PaymentAnswer;
  });
  return router;
}
