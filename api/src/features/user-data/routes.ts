import Router from '@koa/router';
import { USER_TYPES, type SessionUser, type UserType } from '../../../../contract/accounts.ts';
import type { AppDeps } from '../../app.ts';
import { requireUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { affiliateRecord, customerRecord, professionalRecord } from './service.ts';

/** GET /api/{userType}-data/{email}: only the signed-in account's own record (spec 000 §7). */
export function userDataRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get('/api/:type-data/:email', requireUser(deps), async (ctx) => {
    const type = ctx.params.type as UserType;
    if (!USER_TYPES.includes(type)) throw notFound('No such API endpoint.');
    const user = ctx.state.user as SessionUser;
    if (ctx.params.email.toLowerCase() !== user.email.toLowerCase()) throw forbidden('You can only see your own account.');
    if (type !== user.userType) throw notFound('User data not found. Please try logging in again.');
    const now = deps.clock.now();
    const record =
      type === 'customer'
        ? await customerRecord(deps.db, user, now)
        : type === 'professional'
          ? await professionalRecord(deps.db, user, now)
          : await affiliateRecord(deps.db, user, now);
    ctx.body = { success: true, [type]: record };
  });
  return router;
}
