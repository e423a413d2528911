import Router from '@koa/router';
import * as z from 'zod/mini';
import { eventStream, eventTicket } from '../../../../contract/events.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { liveSession, type UserState } from '../auth/index.ts';
import { HttpError, unauthorized } from '../../http/errors.ts';
import { byAddress, LIMITS, rateLimit } from '../../http/rate-limit.ts';
import { routeTable } from '../../http/serve.ts';
import { hashToken } from '../../tokens.ts';
import * as eventsRepo from './repo.ts';

const UNAVAILABLE = 'Live updates are not available right now. The page checks for news every few seconds instead.';
/** The process holds as many streams as it may (in all, or from this address): hub.ts StreamLimits. */
export const EVENTS_BUSY = 'Live updates are busy right now. The page checks for news every few seconds instead.';

const ticketAnswer = z.object({ ticket: z.string() });

/** Live updates (docs/PRODUCT.md "Live updates"): a ticket, then the stream it opens. */
export function eventRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);
  const { db, clock, events } = deps;
  const sessionOf = liveSession(deps);

  serve(
    eventTicket,
    ticketAnswer,
    async (ctx) => {
      if (!events?.accepting) throw new HttpError(503, 'unavailable', UNAVAILABLE);
      // Told before a ticket is written; the stream asks again (it may reach another process).
      if (!events.admits(ctx.state.user.id, byAddress(ctx))) throw new HttpError(503, 'busy', EVENTS_BUSY);
      return { ticket: await eventsRepo.issueTicket(db, ctx.state.user.id, hashToken(ctx.state.token), clock.now()) };
    },
    {
      use: [
        rateLimit<UserState>(db, () => clock.now(), [
          [LIMITS.eventTicketsByAccount, (ctx) => String(ctx.state.user.id)],
        ]),
      ],
    },
  );

  // The ticket is the proof of who listens: EventSource cannot send the session's header.
  serve(eventStream, null, async (ctx, { query }) => {
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
    return events.open(taken.userId, taken.sessionHash, byAddress(ctx), after);
  });
  return router;
}
