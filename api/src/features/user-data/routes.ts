import Router from '@koa/router';
import { USER_DATA_PATHS } from '../../../../contract/user-data.ts';
import { USER_TYPES, type SessionUser, type UserType } from '../../../../contract/accounts.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { requireUser } from '../auth/guards.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { expireOverdue } from '../bookings/index.ts';
import { affiliateRecord, customerRecord, professionalRecord } from './service.ts';

/**
 * A record's answer as sent (kept as text, so a repeated read is not serialised again), the users
 * whose changes it shows, and when its figures change by themselves: the next answer deadline of
 * a request it counts as waiting (bookings/expiry.ts), after which it must be read again.
 */
interface Answer {
  json: string;
  users: number[];
  changesAt: number;
}

async function answer(deps: AppDeps, user: SessionUser, type: UserType, now: Date): Promise<Answer> {
  const json = (record: object) => JSON.stringify({ success: true, [type]: record });
  if (type === 'affiliate')
    return { json: json(await affiliateRecord(deps.db, user, now)), users: [user.id], changesAt: Infinity };
  const read = () => (type === 'customer' ? customerRecord : professionalRecord)(deps.db, user, now);
  let found = await read();
  // A request past its answer deadline counts as expired in the figures too, sweep or not: settle it, then read again.
  if (found.overdue) {
    await expireOverdue(deps, { userId: user.id });
    found = await read();
  }
  return { json: json(found.record), users: found.shows, changesAt: found.changesAt };
}

/** GET /api/{userType}-data/{email}: only the signed-in account's own record (docs/PRODUCT.md "Dashboards"). */
export function userDataRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  router.get(USER_DATA_PATHS.record, requireUser(deps), async (ctx) => {
    const type = ctx.params.type as UserType;
    if (!USER_TYPES.includes(type)) throw notFound('No such API endpoint.');
    const user = ctx.state.user;
    if (ctx.params.email.toLowerCase() !== user.email.toLowerCase())
      throw forbidden('You can only see your own account.');
    if (type !== user.userType) throw notFound('User data not found. Please try logging in again.');
    const now = deps.clock.now();
    const load = () => answer(deps, user, type, now);
    // The affiliate record is not kept: it shows the names of the people referred, whose changes announce only themselves.
    // A kept record lasts until a request it counts as waiting reaches its deadline (then it is read, and settled, again).
    const { json } =
      deps.readCache && type !== 'affiliate'
        ? await deps.readCache.get(`${type}:${user.id}`, now, load, {
            users: (a) => a.users,
            validUntil: (a) => a.changesAt,
          })
        : await load();
    ctx.type = 'json';
    ctx.body = json;
  });
  return router;
}
