import Router from '@koa/router';
import {
  EVENTS_PATH,
  EVENTS_TICKET_PATH,
  eventsQuerySchema,
  type EventTicketResponse,
} from '../../../../contract/events.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { liveSession, requireUser, type UserState } from '../auth/guards.ts';
import { HttpError, unauthorized } from '../../http/errors.ts';
import { byAddress, LIMITS, rateLimit } from '../../http/rate-limit.ts';
import { validate } from '../../http/validate.ts';
import { hashToken } from '../auth/tokens.ts';
import * as eventsRepo from './repo.ts';

const UNAVAILABLE = 'Live updates are not available right now. The page checks for news every few seconds instead.';
/** The process holds as many streams as it may (in all, or from this address): hub.ts StreamLimits. */
export const EVENTS_BUSY = 'Live updates are busy right now. The page checks for news every few seconds instead.';

/** Live updates (issue #18, docs/PRODUCT.md "Live updates"): a ticket, then the stream it opens. */
export function eventRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const { db, clock, events } = deps;
  const sessionOf = liveSession(deps);

  router.post(
    EVENTS_TICKET_PATH,
    requireUser(deps),
    rateLimit<UserState>(db, () => clock.now(), [[LIMITS.eventTicketsByAccount, (ctx) => String(ctx.state.user.id)]]),
    async (ctx) => {
      if (!events?.accepting) throw new HttpError(503, 'unavailable', UNAVAILABLE);
      // Told before a ticket is written; the stream asks again (it may reach another process).
      if (!events.admits(ctx.state.user.id, byAddress(ctx))) throw new HttpError(503, 'busy', EVENTS_BUSY);
      const ticket = await eventsRepo.issueTicket(db, ctx.state.user.id, hashToken(ctx.state.token), clock.now());
      ctx.body = { ticket } satisfies EventTicketResponse;
    },
  );

  router.get(EVENTS_PATH, async (ctx) => {
    const query = validate(eventsQuerySchema, ctx.query);
    if (!events?.accepting) throw new HttpError(503, 'unavailable', UNAVAILABLE);
    const taken = query.ticket ? await eventsRepo.takeTicket(db, query.ticket, clock.now()) : undefined;
    if (!taken) throw unauthorized('This live-update ticket is unknown, used or expired. Ask for a new one.', 'gone');
    const session = await sessionOf(taken.sessionHash);
    if (session?.user.id !== taken.userId)
      throw unauthorized('Your session has ended. Please sign in again.', 'signed_out');
    if (!events.admits(taken.userId, byAddress(ctx))) throw new HttpError(503, 'busy', EVENTS_BUSY);
    // The stream stays open: no idle timeout, each frame sent at once.
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('X-Accel-Buffering', 'no'); // nginx would otherwise hold the frames back
    const after = query.after ?? (ctx.get('last-event-id') || undefined);
    ctx.body = events.open(taken.userId, taken.sessionHash, byAddress(ctx), after);
  });
  return router;
}
