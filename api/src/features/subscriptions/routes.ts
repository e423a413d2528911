import Router from '@koa/router';
import type { SessionUser } from '../../../../contract/account-types.ts';
import type { AppDeps } from '../../app.ts';
import { requireUser } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import { createPaymentIntent } from '../payments/service.ts';

/**
 * POST /api/subscription/renew (ARCHITECTURE API map): a payment for the plan's price with a fresh
 * reference. It is verified like the first payment (POST /api/verify-payment), and settling it
 * extends the paid period from the later of now and the current end, so paying early loses nothing.
 */
export function subscriptionRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post('/api/subscription/renew', requireUser(deps), async (ctx) => {
    const user = ctx.state.user as SessionUser;
    if (user.userType === 'affiliate') throw forbidden('Affiliate accounts have no subscription.');
    const payment = await createPaymentIntent(
      deps,
      { userId: user.id, email: user.email, fullName: `${user.firstName} ${user.lastName}`, phone: user.phone },
      user.userType,
      'renewal',
    );
    ctx.body = { success: true, payment };
  });

  router.post('/api/subscription/cancel', requireUser(deps), async (ctx) => {
    const user = ctx.state.user as SessionUser;
    if (user.userType === 'affiliate') throw forbidden('Affiliate accounts have no subscription.');
    await deps.db('users').where({ id: user.id }).update({ renewal_cancelled_at: deps.clock.now() });
    ctx.body = {
      success: true,
      message: 'Your subscription will not be renewed. It stays active until the end of the period you paid for.',
    };
  });
  return router;
}
