import Router from '@koa/router';
import * as z from 'zod/mini';
import {
  BOOKING_STATUSES,
  BOOKINGS_PATHS,
  type BookingAnswer,
  type BookingChangedAnswer,
  type BookingsAnswer,
  type ChatMessageAnswer,
  type ChatMessagesAnswer,
  bookingRequestSchema,
  bookingsQuerySchema,
  chatSinceQuerySchema,
  declineSchema,
  messageSchema,
  reviewSchema,
} from '../../../../contract/bookings.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { requireUser } from '../auth/guards.ts';
import { pathId } from '../../http/ids.ts';
import { validate } from '../../http/validate.ts';
import {
  BOOKING_NOT_FOUND,
  createBooking,
  findBookings,
  listMessages,
  postMessage,
  reviewBooking,
  slotStart,
  transitionBooking,
  type BookingAction,
} from './service.ts';
import { addTimeRoutes } from './reschedule-routes.ts';
import { expireOverdue } from './expiry.ts';
import { withTrust } from './reliability.ts';
import type { MessageAnswer } from '../../../../contract/api.ts';

const listQuery = bookingsQuerySchema;
const sinceQuery = chatSinceQuerySchema;

const bookingId = (raw: string) => pathId(raw, BOOKING_NOT_FOUND);

export function bookingRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();
  const auth = requireUser(deps);

  router.post(BOOKINGS_PATHS.list, auth, async (ctx) => {
    const input = validate(bookingRequestSchema, ctx.request.body);
    // A request for this time not answered by its deadline no longer holds it, sweep or not (expiry.ts).
    const { professionalId, date, time } = input;
    if (slotStart(date, time)) await expireOverdue(deps, { slot: { professionalId, date, time } }); // a real day only
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: 'Booking request submitted successfully!',
      booking: await createBooking(deps, ctx.state.user, input),
    } satisfies BookingChangedAnswer;
  });

  router.get(BOOKINGS_PATHS.list, auth, async (ctx) => {
    const { status } = validate(listQuery, ctx.query);
    await expireOverdue(deps, { userId: ctx.state.user.id }); // requests past their deadline read as expired
    // `now`: the server's time, so a phone with a wrong clock still knows which jobs have started (Mark Completed).
    ctx.body = {
      success: true,
      bookings: await withTrust(
        deps.db,
        ctx.state.user.id,
        await findBookings(deps.db, ctx.state.user.id, { status }),
        deps.clock.now(),
      ),
      now: deps.clock.now().toISOString(),
    } satisfies BookingsAnswer;
  });

  for (const action of ['accept', 'decline', 'cancel', 'complete'] as BookingAction[]) {
    router.post(BOOKINGS_PATHS[action], auth, async (ctx) => {
      const id = bookingId(ctx.params.id);
      await expireOverdue(deps, { bookingId: id }); // declined by the system first when past its deadline
      // Only a decline carries words: its optional reason, which the customer reads.
      const reason = action === 'decline' ? validate(declineSchema, ctx.request.body ?? {}).reason : undefined;
      const booking = await transitionBooking(deps, ctx.state.user, id, action, reason ?? null);
      ctx.body = {
        success: true,
        booking: (await withTrust(deps.db, ctx.state.user.id, [booking], deps.clock.now()))[0],
      } satisfies BookingAnswer;
    });
  }

  router.get(BOOKINGS_PATHS.messages, auth, async (ctx) => {
    const { since } = validate(sinceQuery, ctx.query);
    ctx.body = {
      success: true,
      messages: await listMessages(deps, ctx.state.user, bookingId(ctx.params.id), since),
    } satisfies ChatMessagesAnswer;
  });

  router.post(BOOKINGS_PATHS.messages, auth, async (ctx) => {
    const { body, clientKey } = validate(messageSchema, ctx.request.body);
    const sent = await postMessage(deps, ctx.state.user, bookingId(ctx.params.id), body, clientKey ?? null);
    // Sent before with this key: the stored message again, and nothing new was made.
    ctx.status = sent.created ? 201 : 200;
    ctx.body = { success: true, message: sent.message } satisfies ChatMessageAnswer;
  });

  router.post(BOOKINGS_PATHS.review, auth, async (ctx) => {
    ctx.body = (await reviewBooking(
      deps,
      ctx.state.user,
      bookingId(ctx.params.id),
      validate(reviewSchema, ctx.request.body),
    )) satisfies MessageAnswer;
  });

  addTimeRoutes(router, deps, auth);
  return router;
}
