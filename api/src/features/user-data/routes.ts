import Router from '@koa/router';
import { USER_TYPES, type SessionUser, type UserType } from '../../../../contract/accounts.ts';
import type { AppDeps } from '../../app.ts';
import type { Db } from '../../db.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/auth.ts';

const cedis = (pesewas: number) => pesewas / 100;

/** The account record a dashboard starts from (spec 001 §3); later issues add live figures. */
async function accountRecord(db: Db, user: SessionUser) {
  const row = await db('users').where({ id: user.id }).first();
  const base = {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    location: row.location,
    joinDate: new Date(row.created_at).toISOString().slice(0, 10),
    status: user.status,
  };
  if (user.userType === 'affiliate') {
    const a = await db('affiliate_profiles').where({ user_id: user.id }).first();
    return {
      ...base,
      referrerCode: a.referrer_code,
      payoutMethod: a.payout_method,
      payoutDetails: a.payout_method === 'mobile-money' ? a.momo_number : a.bank_account,
    };
  }
  const subscription = await db('subscriptions').where({ user_id: user.id }).orderBy('period_end', 'desc').first();
  const withSubscription = {
    ...base,
    localAddress: row.local_address,
    description: row.description,
    subscription: subscription
      ? { planType: subscription.plan_type, paidUntil: new Date(subscription.period_end).toISOString() }
      : null,
  };
  if (user.userType === 'customer') return { ...withSubscription, preferredLocation: row.location };
  const p = await db('professional_profiles').where({ user_id: user.id }).first();
  return {
    ...withSubscription,
    profession: p.profession,
    baseRate: cedis(p.base_rate_pesewas),
    maxRate: cedis(p.max_rate_pesewas),
    rateNegotiable: p.rate_negotiable,
    skills: typeof p.skills === 'string' ? JSON.parse(p.skills) : p.skills,
    experience: p.experience,
    verified: p.verified,
    availability: typeof p.availability === 'string' ? JSON.parse(p.availability) : p.availability,
  };
}

/** GET /api/{userType}-data/{email}: only the signed-in account's own record (spec 000 §7). */
export function userDataRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get('/api/:type-data/:email', requireUser(deps), async (ctx) => {
    const type = ctx.params.type as UserType;
    if (!USER_TYPES.includes(type)) throw notFound('No such API endpoint.');
    const user = ctx.state.user as SessionUser;
    if (ctx.params.email.toLowerCase() !== user.email.toLowerCase()) throw forbidden('You can only see your own account.');
    if (type !== user.userType) throw notFound('User data not found. Please try logging in again.');
    ctx.body = { success: true, [type]: await accountRecord(deps.db, user) };
  });
  return router;
}
