import Router from '@koa/router';
import { AFFILIATE_CHECK_ORDER, affiliateSignupSchema } from '../../../../contract/accounts.ts';
import type { AppDeps } from '../../app.ts';
import { validate } from '../../http/validate.ts';
import { affiliateSignup } from './signup.ts';

export function affiliateRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post('/api/affiliate-signup', async (ctx) => {
    const input = validate(affiliateSignupSchema, ctx.request.body, AFFILIATE_CHECK_ORDER);
    ctx.status = 201;
    ctx.body = await affiliateSignup(deps, input);
  });
  return router;
}
