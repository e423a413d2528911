import type Router from '@koa/router';
import {
  type AlternativesAnswer,
  type OpenTimesAnswer,
  proposeTimeSchema,
  RESCHEDULE_MESSAGES,
  RESCHEDULE_PATHS,
} from '../../../../contract/reschedule.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import type { requireUser } from '../auth/guards.ts';
import { pathId } from '../../http/ids.ts';
import { validate } from '../../http/validate.ts';
import { suggestAlternatives } from './expiry.ts';
import { answerProposal, openTimesFor, proposeTime } from './reschedule.ts';
import { BOOKING_NOT_FOUND } from './service.ts';
import type { BookingChangedAnswer } from '../../../../contract/bookings.ts';

const bookingId = (raw: string) => pathId(raw, BOOKING_NOT_FOUND);

/** Issue #28 items 1 and 2: another time for a booking, and other professionals for a request that expired. */
export function addTimeRoutes(router: Router<RequestState>, deps: AppDeps, auth: ReturnType<typeof requireUser>): void {
  router.get(RESCHEDULE_PATHS.openTimes, auth, async (ctx) => {
    ctx.body = {
      success: true,
      days: await openTimesFor(deps, ctx.state.user, bookingId(ctx.params.id)),
    } satisfies OpenTimesAnswer;
  });

  router.post(RESCHEDULE_PATHS.proposals, auth, async (ctx) => {
    const id = bookingId(ctx.params.id);
    const input = validate(proposeTimeSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: RESCHEDULE_MESSAGES.proposed,
      booking: await proposeTime(deps, ctx.state.user, id, input),
    } satisfies BookingChangedAnswer;
  });

  for (const answer of ['accept', 'decline'] as const) {
    router.post(RESCHEDULE_PATHS[answer], auth, async (ctx) => {
      ctx.body = {
        success: true,
        message: answer === 'accept' ? RESCHEDULE_MESSAGES.accepted : RESCHEDULE_MESSAGES.declined,
        booking: await answerProposal(deps, ctx.state.user, bookingId(ctx.params.id), answer),
      } satisfies BookingChangedAnswer;
    });
  }

  router.get(RESCHEDULE_PATHS.alternatives, auth, async (ctx) => {
    ctx.body = {
      success: true,
      ...(await suggestAlternatives(deps, ctx.state.user, bookingId(ctx.params.id))),
    } satisfies AlternativesAnswer;
  });
}
