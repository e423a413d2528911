import type { Knex } from 'knex';
import { SYSTEM_SENDER, type ChatMessage } from '../../../../../contract/bookings.ts';
import { MINUTE_MS, subtractTime } from '../../../../../contract/dates.ts';
import type { SessionUser } from '../../../../../contract/accounts.ts';
import { conflict } from '../../../http/errors.ts';
import { bookingMessages, bookingStep } from '../../notifications/index.ts';
import { avatarUrl } from '../../photos/index.ts';
import { emailOf, findBookings } from '../repo.ts';
import { type BookingDeps, partyBooking } from '../service.ts';
import * as chatRepo from './repo.ts';

/**
 * A booking's chat (docs/PRODUCT.md "Chat"): its two parties' messages and the booking's steps as
 * system lines. A chat exists only inside its booking (the party check is the booking's), so it is
 * a part of features/bookings with its own tables (booking_messages, chat_reads) and repo.
 */

/** Someone who has not read the chat for this long is "away" and is emailed about new messages. */
export const CHAT_AWAY_MS = 5 * MINUTE_MS;
/** …at most once in this long per booking, however many messages arrive. */
const CHAT_EMAIL_GAP_MS = 30 * MINUTE_MS;
/** …and a notification on the phone at most once in this long per booking. */
const CHAT_PUSH_GAP_MS = 60_000;

export async function listMessages(
  deps: BookingDeps,
  user: SessionUser,
  bookingId: number,
  since: number,
): Promise<ChatMessage[]> {
  const { db } = deps;
  await partyBooking(db, user.id, bookingId);
  await chatRepo.markRead(db, bookingId, user.id, deps.clock.now());
  const rows = await chatRepo.messagesAfter(db, bookingId, since);
  return rows.map((r) => ({
    id: Number(r.id),
    // A system line (every row without a sender is one) is from ServiceConnect; the row keeps who took the step (unread counts).
    senderId: r.system_event ? null : Number(r.sender_id),
    senderName: r.system_event ? SYSTEM_SENDER : `${r.first_name} ${r.last_name}`,
    senderAvatar: avatarUrl(r.avatar_hash),
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
    // The key is the sender's phone's business: the other party never sees it.
    clientKey: Number(r.sender_id) === user.id ? r.client_key : null,
    systemEvent: r.system_event,
  }));
}

/**
 * Stores a message from one party of the booking and emails the other if away. With a `clientKey`
 * the same message sent again (a lost answer, the phone's offline queue) is stored once: the
 * second send answers the first one's message (`created: false`), and emails nobody.
 */
export async function postMessage(
  deps: BookingDeps,
  user: SessionUser,
  bookingId: number,
  body: string,
  clientKey: string | null = null,
): Promise<{ message: ChatMessage; created: boolean }> {
  const booking = await partyBooking(deps.db, user.id, bookingId);
  const now = deps.clock.now();
  const otherId =
    Number(booking.customer_id) === user.id ? Number(booking.professional_id) : Number(booking.customer_id);
  // The message and the email about it are written together: both exist, or neither. A second send
  // of a key waits on the unique index for the first, then stores nothing.
  const stored = await deps.db.transaction(async (trx) => {
    const sentBefore =
      clientKey === null ? undefined : await chatRepo.messageWithKey(trx, bookingId, user.id, clientKey);
    if (sentBefore) return { row: sentBefore, created: false };
    if (booking.status === 'cancelled') throw conflict('This booking was cancelled, so its chat is closed.');
    const inserted = await chatRepo.insertMessage(trx, { bookingId, senderId: user.id, body, now, clientKey });
    if (!inserted) {
      const raced = await chatRepo.messageWithKey(trx, bookingId, user.id, clientKey as string);
      if (!raced) throw new Error('A message key conflicted but no message has it');
      return { row: raced, created: false };
    }
    await emailIfAway(deps, trx, bookingId, otherId, user, now);
    await pushToOther(deps, trx, bookingId, otherId, now);
    return { row: inserted, created: true };
  });
  if (!stored.created && stored.row.body !== body)
    throw conflict('This message key was used for another message. Please send your message again.');
  return {
    created: stored.created,
    message: {
      id: Number(stored.row.id),
      senderId: user.id,
      senderName: `${user.firstName} ${user.lastName}`,
      senderAvatar: avatarUrl(await chatRepo.avatarHashOf(deps.db, user.id)),
      body: stored.row.body,
      createdAt: new Date(stored.row.created_at).toISOString(),
      clientKey: stored.row.client_key,
      systemEvent: null,
    },
  };
}

/** Emails the other party about a new message when they have not read the chat lately (in the message's transaction). */
async function emailIfAway(
  deps: BookingDeps,
  trx: Knex.Transaction,
  bookingId: number,
  otherId: number,
  sender: SessionUser,
  now: Date,
) {
  const awaySince = subtractTime(now, { ms: CHAT_AWAY_MS });
  const emailedBefore = subtractTime(now, { ms: CHAT_EMAIL_GAP_MS });
  if (!(await chatRepo.claimChatEmail(trx, bookingId, otherId, now, awaySince, emailedBefore))) return;
  const [booking] = await findBookings(trx, otherId, { id: bookingId });
  await deps.notifier.sendEmail(bookingMessages.chat(await emailOf(trx, otherId), booking, sender.firstName), trx);
}

/**
 * A notification on the other party's phones about a new message (docs/PRODUCT.md "Notifications
 * on the phone"), at most one per booking per CHAT_PUSH_GAP_MS; it waits a few seconds and is
 * dropped if they read the chat meanwhile (the outbox checks). The lock screen says who wrote, not what.
 */
async function pushToOther(deps: BookingDeps, trx: Knex.Transaction, bookingId: number, otherId: number, now: Date) {
  if (!(await chatRepo.claimChatPush(trx, bookingId, otherId, now, subtractTime(now, { ms: CHAT_PUSH_GAP_MS }))))
    return;
  const [booking] = await findBookings(trx, otherId, { id: bookingId });
  await deps.notifier.sendChatPush(
    otherId,
    bookingId,
    bookingStep(booking, otherId, undefined, 'New message').push,
    trx,
  );
}
