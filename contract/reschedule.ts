import * as z from 'zod/mini';
import { type BookingChangedAnswer, TIME_SLOTS } from './bookings.ts';
import {
  addTime,
  compactDay,
  DAY_MS,
  HOUR_MS,
  hourLabel,
  subtractTime,
  timeLabel,
  WEEKDAY_SHORT,
  weekdayOf,
} from './dates.ts';
import type { ListingCard, ProfessionalDetail } from './professionals.ts';
import { json, route } from './route.ts';

/**
 * Answer deadlines and moving a booking's time (docs/PRODUCT.md
 * "Bookings"): a request waits for the professional's answer, and a proposed time for the other
 * party's, until the earlier of ANSWER_WITHIN_MS after it was made and ANSWER_BEFORE_START_MS
 * before the (earlier) start; one made later than that must be answered before the start.
 */
export const ANSWER_WITHIN_MS = DAY_MS;
export const ANSWER_BEFORE_START_MS = 2 * HOUR_MS;

/** The deadline of a request or a proposal made at `madeAt` for a job starting at `startAt` (the earlier start, for a proposal). */
export function answerBy(madeAt: Date, startAt: Date): Date {
  const deadline = new Date(
    Math.min(
      addTime(madeAt, { ms: ANSWER_WITHIN_MS }).getTime(),
      subtractTime(startAt, { ms: ANSWER_BEFORE_START_MS }).getTime(),
    ),
  );
  return deadline > madeAt ? deadline : new Date(startAt);
}

/** "Tue 2:00 PM": a deadline on a card (at most a day away, so the weekday says which day). */
export const deadlineLabel = (iso: string): string => `${WEEKDAY_SHORT[weekdayOf(iso)]} ${hourLabel(iso)}`;

/** "Tue 24 Nov at 2:00 PM": a booking's time in plain words, on the clock its card uses. */
export const slotLabel = (date: string, time: string): string => `${compactDay(date)} at ${timeLabel(time)}`;

export const EXPIRY_MESSAGES = {
  /** An accept, decline or proposal on a request that was not answered in time. */
  expired: 'This request expired because it was not answered in time, so it can no longer be answered.',
  /** The customer's card: nobody similar is free then. */
  noAlternatives: 'No other professional of this kind nearby is free at that time. Try another day or time.',
  /** The time of the expired request has passed, so there is nobody to suggest for it. */
  timePassed: 'The time of this request has passed. Book another time from Find Professionals.',
  onlyExpired: 'Other professionals are suggested only for a request that expired.',
} as const;

/** Proposals one booking may have in all: each texts the other party, so a third try and on is a chat's job. */
export const MAX_PROPOSALS_PER_BOOKING = 10;

export const RESCHEDULE_MESSAGES = {
  proposed: 'New time proposed. We will tell you when it is answered.',
  accepted: 'The booking has moved to the new time.',
  declined: 'You declined the new time. The booking keeps its time.',
  sameTime: 'That is already the booking’s time. Choose another time.',
  notOpen: 'Only a pending or confirmed booking can move to another time.',
  oneOpen: 'A new time is already waiting for an answer on this booking. Wait for it to be answered first.',
  noProposal: 'There is no proposed time waiting on this booking. Refresh to see its latest state.',
  proposalExpired: 'The proposed time was not answered in time, so it can no longer be accepted. Propose another time.',
  ownProposal: 'You proposed this time, so the other party answers it.',
  slotGone: 'That time has just been booked by someone else. Decline it, and propose another time.',
  tooMany: `This booking's time has been proposed ${MAX_PROPOSALS_PER_BOOKING} times. Agree a time in the chat, or cancel and book again.`,
} as const;

export const proposeTimeSchema = z.object({
  date: z
    .string({ error: 'Choose a day.' })
    .check(z.maxLength(10, { abort: true }), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day.')),
  time: z.enum(TIME_SLOTS, 'Choose one of the times offered.'),
});
export type ProposeTime = z.infer<typeof proposeTimeSchema>;

/** The time waiting for an answer on a booking (the other party accepts or declines it). */
export interface TimeProposal {
  id: number;
  date: string;
  time: string;
  proposedBy: 'customer' | 'professional';
  /** When it expires unanswered (ISO). */
  answerBy: string;
}

/** The last proposed time answered (or left to expire) on a booking, while no other waits. */
export interface AnsweredProposal {
  id: number;
  date: string;
  time: string;
  proposedBy: 'customer' | 'professional';
  answer: 'accepted' | 'declined' | 'expired';
  answeredAt: string;
}

/** What the one who proposed reads on the card, and in the toast when it comes live (docs/PRODUCT.md "Bookings"). */
export function answeredProposalWords(p: AnsweredProposal, otherName: string): string {
  const slot = slotLabel(p.date, p.time);
  if (p.answer === 'accepted') return `${otherName} accepted your proposed time: the booking is now ${slot}.`;
  if (p.answer === 'declined') return `${otherName} declined your proposed time (${slot}). The booking keeps its time.`;
  return `${otherName} did not answer your proposed time (${slot}) in time. The booking keeps its time.`;
}

/** GET /api/bookings/{id}/open-times: the professional's next open days, as a listing shows them. */
export interface OpenTimesAnswer {
  success: true;
  days: ProfessionalDetail['slots'];
}

/** GET /api/bookings/{id}/alternatives: other professionals for a request that expired. */
export interface AlternativesAnswer {
  success: true;
  professionals: ListingCard[];
  message: string | null;
}

export const bookingOpenTimes = route({
  method: 'GET',
  path: '/api/bookings/:id/open-times',
  caller: 'signed-in',
  answer: json<OpenTimesAnswer>(),
  summary: 'The professional’s next open days, to propose another time for a booking.',
});

export const proposeBookingTime = route({
  method: 'POST',
  path: '/api/bookings/:id/proposals',
  body: proposeTimeSchema,
  caller: 'signed-in',
  answer: json<BookingChangedAnswer>(),
  status: 201,
  summary: 'Either party proposes another time for a booking; the other answers it.',
});

export const acceptProposedTime = route({
  method: 'POST',
  path: '/api/bookings/:id/proposal/accept',
  caller: 'signed-in',
  answer: json<BookingChangedAnswer>(),
  summary: 'The other party accepts the proposed time: the booking moves to it.',
});

export const declineProposedTime = route({
  method: 'POST',
  path: '/api/bookings/:id/proposal/decline',
  caller: 'signed-in',
  answer: json<BookingChangedAnswer>(),
  summary: 'The other party declines the proposed time: the booking keeps its time.',
});

export const expiredRequestAlternatives = route({
  method: 'GET',
  path: '/api/bookings/:id/alternatives',
  caller: 'signed-in',
  answer: json<AlternativesAnswer>(),
  summary: 'Other professionals free at the time of a request that expired unanswered.',
});
