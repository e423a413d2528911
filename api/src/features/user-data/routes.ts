import Router from '@koa/router';
import type { SessionUser, UserType } from '../../../../contract/accounts.ts';
import {
  affiliateRecord as affiliateRoute,
  type AffiliateRecordAnswer,
  customerRecord as customerRoute,
  type CustomerRecordAnswer,
  professionalRecord as professionalRoute,
  type ProfessionalRecordAnswer,
} from '../../../../contract/user-data.ts';
import type { AppDeps, RequestState, FeatureDeps } from '../../deps.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { routeTable, type SerialisedJson, serialisedJson } from '../../http/serve.ts';
import { expireOverdue } from '../bookings/index.ts';
import { affiliateRecordAnswer, customerRecordAnswer, professionalRecordAnswer } from './answers.ts';
import { affiliateRecord, customerRecord, professionalRecord } from './service.ts';

/**
 * A record's answer as sent (kept as text, so a repeated read is not serialised again), the users
 * whose changes it shows, and when its figures change by themselves: the next answer deadline of
 * a request it counts as waiting (bookings/expiry.ts), after which it must be read again.
 */
interface Kept<T> {
  json: SerialisedJson<T>;
  users: number[];
  changesAt: number;
}

type Read<T> = () => Promise<{ record: T; shows: number[]; overdue: boolean; changesAt: number }>;

/** A request past its answer deadline counts as expired in the figures too, sweep or not: settle it, then read again. */
async function settled<T>(deps: AppDeps, user: SessionUser, read: Read<T>) {
  const found = await read();
  if (!found.overdue) return found;
  await expireOverdue(deps, { userId: user.id });
  return read();
}

/** Only the signed-in account's own record, of its own kind (docs/PRODUCT.md "Dashboards"). */
function ownRecord(ctx: { state: { user: SessionUser } }, email: string, type: UserType): SessionUser {
  const user = ctx.state.user;
  if (email.toLowerCase() !== user.email.toLowerCase()) throw forbidden('You can only see your own account.');
  if (type !== user.userType) throw notFound('User data not found. Please try logging in again.');
  return user;
}

/** GET /api/{userType}-data/{email}: the three dashboards' records. */
export function userDataRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);

  /**
   * A kept record lasts until a request it counts as waiting reaches its deadline (then it is
   * read, and settled, again), or until a user it shows changes.
   */
  async function kept<T>(key: string, now: Date, load: () => Promise<Kept<T>>): Promise<SerialisedJson<T>> {
    const { json } = deps.readCache
      ? await deps.readCache.get(key, now, load, { users: (a) => a.users, validUntil: (a) => a.changesAt })
      : await load();
    return json;
  }

  serve(customerRoute, customerRecordAnswer, (ctx, { params }) => {
    const user = ownRecord(ctx, params.email, 'customer');
    const now = deps.clock.now();
    return kept(`customer:${user.id}`, now, async () => {
      const found = await settled(deps, user, () => customerRecord(deps.db, user, now));
      const answer: CustomerRecordAnswer = { success: true, customer: found.record };
      return { json: serialisedJson(answer), users: found.shows, changesAt: found.changesAt };
    });
  });

  serve(professionalRoute, professionalRecordAnswer, (ctx, { params }) => {
    const user = ownRecord(ctx, params.email, 'professional');
    const now = deps.clock.now();
    return kept(`professional:${user.id}`, now, async () => {
      const found = await settled(deps, user, () => professionalRecord(deps.db, user, now));
      const answer: ProfessionalRecordAnswer = { success: true, professional: found.record };
      return { json: serialisedJson(answer), users: found.shows, changesAt: found.changesAt };
    });
  });

  // The affiliate record is not kept: it shows the names of the people referred, whose changes announce only themselves.
  serve(affiliateRoute, affiliateRecordAnswer, async (ctx, { params }) => {
    const user = ownRecord(ctx, params.email, 'affiliate');
    const answer: AffiliateRecordAnswer = {
      success: true,
      affiliate: await affiliateRecord(deps.db, user, deps.clock.now()),
    };
    return serialisedJson(answer);
  });
  return router;
}
