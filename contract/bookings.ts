import * as z from 'zod/mini';
import type { MessageAnswer } from './api.ts';
import { afterIdQuery } from './ids.ts';
import { formatCedisText, roundToPesewa } from './money.ts';
import type { BookingTrust } from './reports.ts';
import type { AnsweredProposal, TimeProposal } from './reschedule.ts';
import { json, route } from './route.ts';

/** Booking (docs/PRODUCT.md "Bookings"; ARCHITECTURE API map). Times are Ghana time (GMT). */
export const TIME_SLOTS = [
  '08:00',
  '09:00',
  '10:00',
  '11:00',
  '12:00',
  '13:00',
  '14:00',
  '15:00',
  '16:00',
  '17:00',
] as const;
/** A time a booking may start at. */
export type TimeSlot = (typeof TIME_SLOTS)[number];
export const BOOKING_HOURS = 2;
export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Custom rate bounds (docs/PRODUCT.md "Bookings"): allowed 70% of base to 120% of max; suggested 80% to 110%. */
export const customRateBounds = (baseRate: number, maxRate: number) => ({
  min: roundToPesewa(baseRate * 0.7),
  max: roundToPesewa(maxRate * 1.2),
  suggestedMin: roundToPesewa(baseRate * 0.8),
  suggestedMax: roundToPesewa(maxRate * 1.1),
});

export const BOOKING_MESSAGES = {
  required: 'Please fill in all required fields',
  submitted: 'Booking request submitted successfully!',
  pastDate: 'Please choose a date and time that has not passed.',
  slotTaken: 'This time slot is already booked. Please choose another time.',
  unavailable: 'The professional does not work at that time. Please choose another day or time.',
  notNegotiable: "This professional's rate is not negotiable.",
  customRateNote: 'Custom rate requires professional approval',
  negotiatedNote: (rate: number) => `Rate negotiated to ${formatCedisText(rate)}/hour`,
} as const;

/**
 * How many requests one customer may have waiting for an answer, and make in an hour (without
 * them, one customer made 60 in seconds, blocking a professional's week and queueing 186 messages).
 */
export const BOOKING_LIMITS = { openWithOneProfessional: 3, openInAll: 10, perHour: 10 } as const;
export const BOOKING_LIMIT_MESSAGES = {
  openWithOne: `You already have ${BOOKING_LIMITS.openWithOneProfessional} requests waiting for this professional's answer. Wait for an answer, or cancel one, before asking again.`,
  openInAll: `You have ${BOOKING_LIMITS.openInAll} booking requests waiting for answers. Wait for answers, or cancel one, before making another.`,
  perHour: `You have made ${BOOKING_LIMITS.perHour} booking requests in the last hour. Please wait a while before making another.`,
} as const;

export const bookingRequestSchema = z.object({
  professionalId: z.number({ error: BOOKING_MESSAGES.required }).check(z.int(), z.positive()),
  date: z.string({ error: BOOKING_MESSAGES.required }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, BOOKING_MESSAGES.required)),
  time: z.enum(TIME_SLOTS, BOOKING_MESSAGES.required),
  description: z._default(z.optional(z.string().check(z.trim(), z.maxLength(2000))), ''),
  proposedRate: z.optional(z.nullable(z.number().check(z.positive(), z.maximum(100_000)))),
});

/** The longest reason a professional may give for declining a request. */
export const DECLINE_REASON_MAX = 500;

/** POST /api/bookings/:id/decline: an optional reason the customer reads (docs/PRODUCT.md "Bookings"). */
export const declineSchema = z.object({
  reason: z.optional(
    z.string({ error: 'Write the reason as text, or leave it empty.' }).check(
      z.maxLength(DECLINE_REASON_MAX, {
        error: `Keep the reason under ${DECLINE_REASON_MAX} characters.`,
        abort: true,
      }),
      z.trim(),
    ),
  ),
});

/** A message's key, chosen by the sender's phone: 16 to 64 letters, digits, - or _. */
export const MESSAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const messageSchema = z.object({
  body: z
    .string({ error: 'Type a message first.' })
    .check(z.trim(), z.minLength(1, 'Type a message first.'), z.maxLength(2000)),
  /**
   * The phone's own name for this message (docs/PRODUCT.md "Chat"): sent again with the same key
   * (after a lost answer, or from the offline queue), it is stored and delivered once.
   */
  clientKey: z.optional(
    z
      .string()
      .check(
        z.maxLength(64, { abort: true }),
        z.regex(MESSAGE_KEY_PATTERN, 'This message key is not valid: send the message again.'),
      ),
  ),
});

export const reviewSchema = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars.' })
    .check(
      z.int('Choose a rating from 1 to 5 stars.'),
      z.minimum(1, 'Choose a rating from 1 to 5 stars.'),
      z.maximum(5, 'Choose a rating from 1 to 5 stars.'),
    ),
  comment: z._default(z.optional(z.string().check(z.trim(), z.maxLength(2000))), ''),
});

export interface Booking {
  id: number;
  customerId: number;
  professionalId: number;
  professionalName: string;
  customerName: string;
  /** The customer's profile thumbnail (or null: initials), for the professional's Job Requests. */
  customerAvatar: string | null;
  service: string;
  description: string;
  date: string;
  time: string;
  duration: number;
  agreedRate: number;
  proposedRate: number | null;
  status: BookingStatus;
  location: string | null;
  notes: string | null;
  createdAt: string;
  totalAmount: number;
  /** The other party's phone, shown for Call once the booking is confirmed. */
  contactPhone: string | null;
  reviewed: boolean;
  /** While pending: when the request expires unanswered (ISO; contract/reschedule.ts `answerBy`). */
  answerBy: string | null;
  /** Declined by the system because the professional did not answer in time. */
  expired: boolean;
  /** Another time waiting for an answer (docs/PRODUCT.md "Bookings"), or null. */
  proposal: TimeProposal | null;
  /** The last proposed time answered or expired, while none waits (its proposer is told), or null. */
  answeredProposal: AnsweredProposal | null;
  /** The professional declined the request (not an expiry, not a cancellation of a confirmed job). */
  declined: boolean;
  /** The reason he gave when declining, if any. */
  declineReason: string | null;
  /** The trust around the job (contract/reports.ts): in GET /api/bookings and the answers of reports; absent elsewhere. */
  trust?: BookingTrust;
}

/** The name a system line (a booking's step written into its chat) is shown under. */
export const SYSTEM_SENDER = 'ServiceConnect';

/** A step of the booking the chat shows as a line of its own (booking_messages.system_event). */
export const CHAT_SYSTEM_EVENTS = [
  'request_expired',
  'time_proposed',
  'proposal_accepted',
  'proposal_declined',
  'proposal_expired',
  'job_marked_done',
  'job_confirmed_done',
  'report_opened',
  'report_closed',
] as const;
export type ChatSystemEvent = (typeof CHAT_SYSTEM_EVENTS)[number];

export interface ChatMessage {
  id: number;
  /** Null for a system line: a step of the booking, from ServiceConnect. */
  senderId: number | null;
  senderName: string;
  /** The sender's profile photo thumbnail, or null (initials are shown). */
  senderAvatar: string | null;
  body: string;
  createdAt: string;
  /** The key the sender's phone gave the message: only in the sender's own reads (null otherwise). */
  clientKey: string | null;
  /** A booking step shown as a line of its own, or null for a person's message. */
  systemEvent: ChatSystemEvent | null;
}

/** GET /api/bookings; `now` is the server's time (a phone's clock may be wrong). */
export interface BookingsAnswer {
  success: true;
  bookings: Booking[];
  now: string;
}

/** A booking's state after a change (accept, decline, cancel, complete, done). */
export interface BookingAnswer {
  success: true;
  booking: Booking;
}

/** A booking's state after a change the browser confirms in words (a request, another time). */
export interface BookingChangedAnswer extends BookingAnswer {
  message: string;
}

export interface ChatMessagesAnswer {
  success: true;
  messages: ChatMessage[];
}

export interface ChatMessageAnswer {
  success: true;
  message: ChatMessage;
}

/** GET /api/bookings?status=: one status, or all. */
export const bookingsQuerySchema = z.object({ status: z.optional(z.enum(BOOKING_STATUSES)) });

/** GET /api/bookings/:id/messages?since=: the messages after this id (0: all). */
export const chatSinceQuerySchema = z.object({ since: afterIdQuery });

/** A customer asks a professional for a time (docs/PRODUCT.md "Bookings"). */
export const requestBooking = route({
  method: 'POST',
  path: '/api/bookings',
  body: bookingRequestSchema,
  caller: 'signed-in',
  answer: json<BookingChangedAnswer>(),
  status: 201,
  summary: 'A customer requests a booking: it waits for the professional’s answer until its deadline.',
});

export const listBookings = route({
  method: 'GET',
  path: '/api/bookings',
  query: bookingsQuerySchema,
  caller: 'signed-in',
  answer: json<BookingsAnswer>(),
  summary: 'The caller’s bookings (as customer or professional), with the server’s time.',
});

export const acceptBooking = route({
  method: 'POST',
  path: '/api/bookings/:id/accept',
  caller: 'signed-in',
  answer: json<BookingAnswer>(),
  summary: 'The professional accepts a pending request.',
});

export const declineBooking = route({
  method: 'POST',
  path: '/api/bookings/:id/decline',
  body: declineSchema,
  caller: 'signed-in',
  answer: json<BookingAnswer>(),
  summary: 'The professional declines a pending request, with an optional reason the customer reads.',
});

export const cancelBooking = route({
  method: 'POST',
  path: '/api/bookings/:id/cancel',
  caller: 'signed-in',
  answer: json<BookingAnswer>(),
  summary: 'Either party cancels a pending or confirmed booking.',
});

export const completeBooking = route({
  method: 'POST',
  path: '/api/bookings/:id/complete',
  caller: 'signed-in',
  answer: json<BookingAnswer>(),
  summary: 'The professional marks a started job done.',
});

export const listChatMessages = route({
  method: 'GET',
  path: '/api/bookings/:id/messages',
  query: chatSinceQuerySchema,
  caller: 'signed-in',
  answer: json<ChatMessagesAnswer>(),
  summary: 'A booking’s chat, after a message id.',
});

export const sendChatMessage = route({
  method: 'POST',
  path: '/api/bookings/:id/messages',
  body: messageSchema,
  caller: 'signed-in',
  answer: json<ChatMessageAnswer>(),
  status: 201,
  summary: 'A message in a booking’s chat: 201, or 200 with the stored one when its key was sent before.',
});

export const reviewBooking = route({
  method: 'POST',
  path: '/api/bookings/:id/review',
  body: reviewSchema,
  caller: 'signed-in',
  answer: json<MessageAnswer>(),
  summary: 'The customer rates a completed job, once.',
});
