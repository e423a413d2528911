import Router from '@koa/router';
import {
  acceptBooking,
  cancelBooking,
  completeBooking,
  declineBooking,
  listBookings,
  listChatMessages,
  requestBooking,
  reviewBooking,
  sendChatMessage,
} from '../../../../contract/bookings.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { pathId } from '../../http/ids.ts';
import { routeTable } from '../../http/serve.ts';
import { acceptRequest, cancelAsParty, declineRequest, markJobCompleted } from './actions.ts';
import {
  bookingAnswer,
  bookingChangedAnswer,
  bookingsAnswer,
  chatMessageAnswer,
  chatMessagesAnswer,
  messageAnswer,
} from './answers.ts';
import { listMessages, postMessage } from './chat/service.ts';
import { expireOverdue } from './expiry.ts';
import { withTrust } from './reliability.ts';
import { addTimeRoutes } from './reschedule-routes.ts';
import { reviewBooking as review } from './reviews/service.ts';
import { findBookings } from './repo.ts';
import { BOOKING_NOT_FOUND, createBooking, slotStart } from './service.ts';

const bookingId = (raw: string) => pathId(raw, BOOKING_NOT_FOUND);

export function bookingRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);

  serve(requestBooking, bookingChangedAnswer, async (ctx, { body }) => {
    // A request for this time not answered by its deadline no longer holds it, sweep or not (expiry.ts).
    const { professionalId, date, time } = body;
    if (slotStart(date, time)) await expireOverdue(deps, { slot: { professionalId, date, time } }); // a real day only
    return {
      success: true,
      message: 'Booking request submitted successfully!',
      booking: await createBooking(deps, ctx.state.user, body),
    };
  });

  serve(listBookings, bookingsAnswer, async (ctx, { query }) => {
    await expireOverdue(deps, { userId: ctx.state.user.id }); // requests past their deadline read as expired
    // `now`: the server's time, so a phone with a wrong clock still knows which jobs have started (Mark Completed).
    const now = deps.clock.now();
    const bookings = await findBookings(deps.db, ctx.state.user.id, { status: query.status });
    return {
      success: true,
      bookings: await withTrust(deps.db, ctx.state.user.id, bookings, now),
      now: now.toISOString(),
    };
  });

  serve(acceptBooking, bookingAnswer, async (ctx) => ({
    success: true,
    booking: await acceptRequest(deps, ctx.state.user, bookingId(ctx.params.id)),
  }));
  // Only a decline carries words: its optional reason, which the customer reads.
  serve(declineBooking, bookingAnswer, async (ctx, { body }) => ({
    success: true,
    booking: await declineRequest(deps, ctx.state.user, bookingId(ctx.params.id), body.reason ?? null),
  }));
  serve(cancelBooking, bookingAnswer, async (ctx) => ({
    success: true,
    booking: await cancelAsParty(deps, ctx.state.user, bookingId(ctx.params.id)),
  }));
  serve(completeBooking, bookingAnswer, async (ctx) => ({
    success: true,
    booking: await markJobCompleted(deps, ctx.state.user, bookingId(ctx.params.id)),
  }));

  serve(listChatMessages, chatMessagesAnswer, async (ctx, { query }) => ({
    success: true,
    messages: await listMessages(deps, ctx.state.user, bookingId(ctx.params.id), query.since),
  }));

  serve(sendChatMessage, chatMessageAnswer, async (ctx, { body }) => {
    const sent = await postMessage(deps, ctx.state.user, bookingId(ctx.params.id), body.body, body.clientKey ?? null);
    // Sent before with this key: the stored message again, and nothing new was made.
    if (!sent.created) ctx.status = 200;
    return { success: true, message: sent.message };
  });

  serve(reviewBooking, messageAnswer, async (ctx, { body }) =>
    review(deps, ctx.state.user, bookingId(ctx.params.id), body),
  );

  addTimeRoutes(serve, deps);
  return router;
}
