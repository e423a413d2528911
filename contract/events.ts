import * as z from 'zod/mini';
import { events, json, route } from './route.ts';

/**
 * Live updates (issue #18, docs/PRODUCT.md "Live updates"): one Server-Sent Events stream per
 * signed-in tab. EventSource cannot send headers, so the page first trades its session token for
 * a ticket (POST EVENTS_TICKET_PATH with the usual Authorization header), then opens
 * GET EVENTS_PATH?ticket=… . A ticket is single-use and short-lived; the session token never goes
 * in an address.
 *
 * The stream's frames:
 * - `id: <cursor>` + `data: <UserEvent as JSON>` for each event, in order. The cursor is opaque.
 * - an event named EVENTS_PING with no data every EVENTS_HEARTBEAT_MS while idle: it keeps proxies
 *   from closing the stream, and a page that hears none for twice as long knows the connection
 *   died silently (a comment would do for proxies, but EventSource never shows one to the page).
 * A reconnect names the last cursor it saw, as `after=<cursor>` in the address (a new EventSource
 * cannot set Last-Event-ID; the header is honoured too) and receives every event it missed, from
 * the database. When it missed too much, or the cursor is unknown, the first event is `reset`:
 * read everything again.
 */
export const EVENTS_PATH = '/api/events';
export const EVENTS_TICKET_PATH = '/api/events/ticket';

/** A ticket is good for this long after it is issued, once. */
export const EVENT_TICKET_TTL_MS = 60_000;
/** An idle stream carries a comment this often; a client that hears nothing for twice as long reconnects. */
export const EVENTS_HEARTBEAT_MS = 50_000;
/** The heartbeat's event name: one letter, since it goes out every 50 s all day. */
export const EVENTS_PING = 'p';
/** Open streams per user in one server process; opening one more closes the oldest. */
export const EVENT_STREAMS_PER_USER = 4;
/** Events are kept this long for reconnects; a client away longer gets `reset`. */
export const EVENTS_KEPT_DAYS = 7;

export const eventTicketResponseSchema = z.object({ ticket: z.string().check(z.minLength(20), z.maxLength(100)) });
export type EventTicketResponse = z.infer<typeof eventTicketResponseSchema>;

export const eventsQuerySchema = z.object({
  ticket: z.optional(z.string().check(z.maxLength(100))),
  after: z.optional(z.string().check(z.maxLength(60))),
});

/** A booking's life as its two people see it (the customer and the professional). */
export const BOOKING_EVENT_TYPES = [
  'booking.created',
  'booking.accepted',
  'booking.declined',
  'booking.cancelled',
  'booking.completed',
  'booking.updated',
  /** A request was not answered in time and the system declined it. */
  'booking.expired',
  /** Another time was proposed, or a proposal was answered or expired. */
  'booking.proposal',
] as const;

const id = z.number().check(z.int(), z.positive());
export const userEventSchema = z.discriminatedUnion('type', [
  /** The stream is open; nothing was missed (or this is a first connection). */
  z.object({ type: z.literal('ready') }),
  /** Events were missed and cannot be replayed: read everything again. */
  z.object({ type: z.literal('reset') }),
  /** senderId: who sent the message or took the step; null for a step nobody took (a request expired). */
  z.object({ type: z.literal('chat.message'), bookingId: id, messageId: id, senderId: z.nullable(id) }),
  z.object({ type: z.enum(BOOKING_EVENT_TYPES), bookingId: id, status: z.string() }),
  z.object({ type: z.literal('payment.settled'), reference: z.string(), purpose: z.string() }),
  z.object({ type: z.literal('payout.moved'), payoutId: id, status: z.string() }),
  /** An affiliate earned a commission (a referred person paid): the balance changed. */
  z.object({ type: z.literal('commission.earned'), commissionId: id }),
  z.object({ type: z.literal('verification.decided'), status: z.string() }),
  /** Paid period, auto-renewal or saved card changed. */
  z.object({ type: z.literal('subscription.changed') }),
]);
export type UserEvent = z.infer<typeof userEventSchema>;
export type UserEventType = UserEvent['type'];

/** The ticket that opens the stream (EventSource cannot send the session's header). */
export const eventTicket = route({
  method: 'POST',
  path: '/api/events/ticket',
  caller: 'signed-in',
  answer: json<EventTicketResponse>(),
  summary: 'A single-use ticket, good for a minute, that opens the live-update stream.',
});

/** The stream itself: the ticket is the proof of who listens. */
export const eventStream = route({
  method: 'GET',
  path: '/api/events',
  query: eventsQuerySchema,
  caller: 'anyone',
  answer: events(),
  summary: 'Live updates as Server-Sent Events, opened with a ticket; `after` replays what was missed.',
});
