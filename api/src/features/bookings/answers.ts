import * as z from 'zod/mini';
import { BOOKING_STATUSES, CHAT_SYSTEM_EVENTS } from '../../../../contract/bookings.ts';
import { CANCELLATION_KINDS, REPORT_OUTCOMES, REPORT_REASONS } from '../../../../contract/reports.ts';
import { cardFields } from '../professionals/index.ts';

/** The answers of the bookings' routes (with chat, reviews and another time), for the OpenAPI document: each matches its declared type. */

const party = z.enum(['customer', 'professional']);

/** What a booking's card shows of the trust around the job (BookingTrust, contract/reports.ts). */
export const bookingTrustAnswer = z.object({
  done: z.nullable(z.object({ state: z.enum(['awaiting', 'yes', 'problem', 'counted']), until: z.string() })),
  reportableUntil: z.nullable(z.string()),
  reportableFrom: z.nullable(z.string()),
  canReport: z.boolean(),
  reports: z.array(
    z.object({
      id: z.number(),
      by: party,
      reason: z.enum(REPORT_REASONS),
      status: z.enum(['open', 'closed']),
      outcome: z.nullable(z.enum(REPORT_OUTCOMES)),
      outcomeParty: z.nullable(party),
      messages: z.number(),
      photos: z.number(),
    }),
  ),
  customerLateCancellations: z.nullable(z.number()),
  cancellation: z.nullable(z.enum(CANCELLATION_KINDS)),
  cancelNow: z.nullable(z.enum(CANCELLATION_KINDS)),
  noShowFound: z.boolean(),
});

export const bookingSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  professionalId: z.number(),
  professionalName: z.string(),
  customerName: z.string(),
  customerAvatar: z.nullable(z.string()),
  service: z.string(),
  description: z.string(),
  date: z.string(),
  time: z.string(),
  duration: z.number(),
  agreedRate: z.number(),
  proposedRate: z.nullable(z.number()),
  status: z.enum(BOOKING_STATUSES),
  location: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  createdAt: z.string(),
  totalAmount: z.number(),
  contactPhone: z.nullable(z.string()),
  reviewed: z.boolean(),
  answerBy: z.nullable(z.string()),
  expired: z.boolean(),
  proposal: z.nullable(
    z.object({ id: z.number(), date: z.string(), time: z.string(), proposedBy: party, answerBy: z.string() }),
  ),
  answeredProposal: z.nullable(
    z.object({
      id: z.number(),
      date: z.string(),
      time: z.string(),
      proposedBy: party,
      answer: z.enum(['accepted', 'declined', 'expired']),
      answeredAt: z.string(),
    }),
  ),
  declined: z.boolean(),
  declineReason: z.nullable(z.string()),
  trust: z.optional(bookingTrustAnswer),
});

export const bookingsAnswer = z.object({ success: z.literal(true), bookings: z.array(bookingSchema), now: z.string() });
export const bookingAnswer = z.object({ success: z.literal(true), booking: bookingSchema });
export const bookingChangedAnswer = z.object({ success: z.literal(true), message: z.string(), booking: bookingSchema });

const chatMessage = z.object({
  id: z.number(),
  senderId: z.nullable(z.number()),
  senderName: z.string(),
  senderAvatar: z.nullable(z.string()),
  body: z.string(),
  createdAt: z.string(),
  clientKey: z.nullable(z.string()),
  systemEvent: z.nullable(z.enum(CHAT_SYSTEM_EVENTS)),
});
export const chatMessagesAnswer = z.object({ success: z.literal(true), messages: z.array(chatMessage) });
export const chatMessageAnswer = z.object({ success: z.literal(true), message: chatMessage });

/** A change confirmed in the server's own words (MessageAnswer). */
export const messageAnswer = z.object({ success: z.literal(true), message: z.string() });

export const openTimesAnswer = z.object({
  success: z.literal(true),
  days: z.array(z.object({ date: z.string(), times: z.array(z.string()) })),
});

export const alternativesAnswer = z.object({
  success: z.literal(true),
  professionals: z.array(z.object(cardFields)),
  message: z.nullable(z.string()),
});
