import type { ChatMessage } from '../../../../contract/bookings.ts';
import { forget, keep, type Kept, readKept } from '../../lib/kept.ts';

/**
 * The chats kept on the phone (docs/PRODUCT.md "Working offline"): the messages a person has seen
 * in a booking's chat, so that the gate colour, the time and the price agreed can be read again
 * without a signal. Kept per account like the rest of the kept data (lib/kept.ts: another account
 * on the phone never sees them, signing out forgets them), and bounded so storage stays small:
 * the newest KEPT_MESSAGES of a chat, at most MAX_CHAT_CHARS of them, for the KEPT_CHATS bookings
 * whose chats were seen last (an older one is forgotten when another is kept).
 */
export const KEPT_MESSAGES = 100;
export const KEPT_CHATS = 10;
export const MAX_CHAT_CHARS = 60_000;

const messagesOf = (bookingId: number) => `messages:${bookingId}` as const;

/** The newest messages that fit the bounds, oldest first. */
function newestThatFit(messages: ChatMessage[]): ChatMessage[] {
  const newest = messages.slice(-KEPT_MESSAGES);
  // The array's brackets, then each message and its comma.
  let size = 2;
  let first = newest.length;
  while (first > 0) {
    size += JSON.stringify(newest[first - 1]).length + 1;
    if (size > MAX_CHAT_CHARS) break;
    first--;
  }
  return newest.slice(first);
}

/** The bookings whose chats are kept for `account`, most recently seen first. */
function keptChats(account: number): number[] {
  const kept = readKept<unknown>('chats', account)?.data;
  return Array.isArray(kept) ? kept.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

/** Keeps what `account` has seen of the chat of `bookingId`, as the server gave it at `at`. */
export function keepChat(account: number, bookingId: number, messages: ChatMessage[], at: number = Date.now()): void {
  keep(messagesOf(bookingId), account, newestThatFit(messages), at);
  const chats = [bookingId, ...keptChats(account).filter((id) => id !== bookingId)];
  for (const dropped of chats.slice(KEPT_CHATS)) forget(messagesOf(dropped), account);
  keep('chats', account, chats.slice(0, KEPT_CHATS), at);
}

const isMessage = (m: unknown): m is ChatMessage => {
  const message = m as Partial<ChatMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    Number.isSafeInteger(message.id) &&
    typeof message.body === 'string' &&
    typeof message.createdAt === 'string'
  );
};

/** The chat of `bookingId` as `account` last saw it, with when, or null when none is kept. */
export function readKeptChat(account: number, bookingId: number): Kept<ChatMessage[]> | null {
  const kept = readKept<unknown>(messagesOf(bookingId), account);
  if (!kept || !Array.isArray(kept.data)) return null;
  return { data: kept.data.filter(isMessage), at: kept.at };
}
