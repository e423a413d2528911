import {
  acceptProposedTime,
  bookingOpenTimes,
  declineProposedTime,
  expiredRequestAlternatives,
  proposeBookingTime,
  RESCHEDULE_MESSAGES,
} from '../../../../contract/reschedule.ts';
import type { AppDeps } from '../../deps.ts';
import type { routeTable } from '../../http/serve.ts';
import { alternativesAnswer, bookingChangedAnswer, openTimesAnswer } from './answers.ts';
import { suggestAlternatives } from './expiry.ts';
import { answerProposal, openTimesFor, proposeTime } from './reschedule.ts';
import { BOOKING_NOT_FOUND } from './service.ts';
import { pathId } from '../../http/ids.ts';

const bookingId = (raw: string) => pathId(raw, BOOKING_NOT_FOUND);

/** Another time for a booking, and other professionals for a request that expired (docs/PRODUCT.md "Bookings"). */
export function addTimeRoutes(serve: ReturnType<typeof routeTable>, deps: AppDeps): void {
  serve(bookingOpenTimes, openTimesAnswer, async (ctx) => ({
    success: true,
    days: await openTimesFor(deps, ctx.state.user, bookingId(ctx.params.id)),
  }));

  serve(proposeBookingTime, bookingChangedAnswer, async (ctx, { body }) => ({
    success: true,
    message: RESCHEDULE_MESSAGES.proposed,
    booking: await proposeTime(deps, ctx.state.user, bookingId(ctx.params.id), body),
  }));

  serve(acceptProposedTime, bookingChangedAnswer, async (ctx) => ({
    success: true,
    message: RESCHEDULE_MESSAGES.accepted,
    booking: await answerProposal(deps, ctx.state.user, bookingId(ctx.params.id), 'accept'),
  }));
  serve(declineProposedTime, bookingChangedAnswer, async (ctx) => ({
    success: true,
    message: RESCHEDULE_MESSAGES.declined,
    booking: await answerProposal(deps, ctx.state.user, bookingId(ctx.params.id), 'decline'),
  }));

  serve(expiredRequestAlternatives, alternativesAnswer, async (ctx) => ({
    success: true,
    ...(await suggestAlternatives(deps, ctx.state.user, bookingId(ctx.params.id))),
  }));
}
