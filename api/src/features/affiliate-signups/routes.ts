import Router from '@koa/router';
import {
  AFFILIATE_SIGNUP_MESSAGES,
  affiliateSignupStatus,
  affiliateSignupsToday,
  affiliateSignupVoucher,
  promptAffiliateSignupAgain,
  proveAffiliateSignup,
  startAffiliateSignup,
} from '../../../../contract/affiliate-signups.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { pathId } from '../../http/ids.ts';
import { routeTable } from '../../http/serve.ts';
import { affiliateSignupAnswer, affiliateSignupsAnswer } from './answers.ts';
import { listSignups, promptAgain, proveSignup, signupStatus, startSignup, submitVoucher } from './service.ts';

/** An affiliate signs up a professional (docs/PRODUCT.md "Signed up by an affiliate"). */
export function affiliateSignupRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const signupId = (raw: string) => pathId(raw, AFFILIATE_SIGNUP_MESSAGES.notFound);

  serve(affiliateSignupsToday, affiliateSignupsAnswer, async (ctx) => ({
    success: true,
    signups: await listSignups(deps, ctx.state.user),
  }));
  serve(startAffiliateSignup, affiliateSignupAnswer, async (ctx, { body }) => ({
    success: true,
    signup: await startSignup(deps, ctx.state.user, body),
  }));
  serve(proveAffiliateSignup, affiliateSignupAnswer, async (ctx, { params, body }) => ({
    success: true,
    signup: await proveSignup(deps, ctx.state.user, signupId(params.id), body.code),
  }));
  serve(affiliateSignupStatus, affiliateSignupAnswer, async (ctx, { params }) => ({
    success: true,
    signup: await signupStatus(deps, ctx.state.user, signupId(params.id)),
  }));
  serve(promptAffiliateSignupAgain, affiliateSignupAnswer, async (ctx, { params }) => ({
    success: true,
    signup: await promptAgain(deps, ctx.state.user, signupId(params.id)),
  }));
  serve(affiliateSignupVoucher, affiliateSignupAnswer, async (ctx, { params, body }) => ({
    success: true,
    signup: await submitVoucher(deps, ctx.state.user, signupId(params.id), body.otp),
  }));
  return router;
}
