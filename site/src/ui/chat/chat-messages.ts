import type { ChatMessage } from '../../../../contract/bookings.ts';
import { OFFLINE_WORDS } from '../../../../contract/connection.ts';
import { dayMonth, hourLabel } from '../../../../contract/dates.ts';
import { NetworkError, TimeoutError } from '../../lib/api.ts';
import { readKept, type KeptName } from '../../lib/kept.ts';
import { LIVE_TIMING } from '../../stores/events.ts';

/**
 * New messages arrive without reload: read with `since` when the live stream says one came;
 * every CHAT_POLL_MS only while the stream cannot be opened (the fallback).
 */
export const CHAT_POLL_MS = LIVE_TIMING.pollMs;

/** A message typed without a connection: the offline banner says the rest (docs/PRODUCT.md "Working offline"). */
export const CHAT_OFFLINE = OFFLINE_WORDS.willSend;
/** At most this many messages wait to be sent per chat (they are kept on the phone). */
export const MAX_WAITING = 20;
export const TOO_MANY_WAITING = `${MAX_WAITING} messages are waiting to be sent. Wait until you are back online, then send more.`;

/** A message typed here and not yet stored by the server, with the key it is always sent with. */
export interface Waiting {
  key: string;
  body: string;
}

/**
 * A message's key (contract/bookings.ts MESSAGE_KEY_PATTERN): 128 random bits in hex. Made with
 * getRandomValues, which every browser has even on a plain-http address (randomUUID needs https).
 */
export function messageKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where a chat's waiting messages are kept on the phone, per person. */
export const waitingKey = (bookingId: number): KeptName => `chat:${bookingId}`;

/** The chat's waiting messages as kept on the phone (a reload or a closed chat loses none). */
export const readWaiting = (meId: number, bookingId: number): Waiting[] =>
  readKept<Waiting[]>(waitingKey(bookingId), meId)?.data.filter((w) => typeof w?.key === 'string') ?? [];

/** When a message was written: "28 Nov 2:05 PM" (the chat is on a booking's card: its clock). */
export const messageTime = (iso: string) => {
  const d = new Date(iso);
  return `${dayMonth(d)} ${hourLabel(d)}`;
};

/** The messages shown with the ones just read: each once, oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The waiting messages not yet read back from the server (one may be read back before its answer came). */
export const stillWaiting = (queued: Waiting[], messages: ChatMessage[]): Waiting[] =>
  queued.filter((w) => !messages.some((m) => m.clientKey === w.key));

/** The call got no answer (no connection, or none in time): the message may be sent again with its key. */
export const noAnswer = (error: unknown) =>
  error instanceof NetworkError || (error instanceof TimeoutError && error.message !== 'Request aborted');

/** What a refused send says. */
export const notSentText = (error: unknown) =>
  error instanceof Error ? `Message not sent: ${error.message}` : 'Message not sent. Please try again.';
