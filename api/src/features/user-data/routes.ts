import Router from '@koa/router';
import { USER_TYPES, type SessionUser, type UserType } from '../../../../contract/accounts.ts';
import type { AppDeps } from '../../app.ts';
import { requireUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { affiliateRecord, customerRecord, professionalRecord } from './service.ts';

/** Through the read cache when the app has one; `users`: whose changes the record shows. */
const cached = <T>({ readCache }: AppDeps, key: string, now: Date, load: () => Promise<T>, users: (record: T) => number[]) =>
  readCache ? readCache.get(key, now, load, { users }) : load();

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
        ? await cached(deps, `customer:${user.id}`, now, () => customerRecord(deps.db, user, now), (r) => [
            user.id,
            ...r.favoriteServices.map((listing) => listing.id),
            ...r.recentBookings.map((booking) => booking.professionalId),
          ])
        : type === 'professional'
          ? await cached(deps, `professional:${user.id}`, now, () => professionalRecord(deps.db, user, now), () => [user.id])
          : // Not kept: it shows the names of the people referred, whose changes announce only themselves.
            await affiliateRecord(deps.db, user, now);
    ctx.body = { success: true, [type]: record };
  });
  return router;
}
