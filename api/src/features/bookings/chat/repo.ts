import type { Knex } from 'knex';
import type { ChatSystemEvent } from '../../../../../contract/bookings.ts';
import type { BookingMessageRow, UserRow } from '../../../db-tables.ts';
import type { Conn } from '../../../db.ts';

/** The chat's queries (features/bookings/chat): the tables `booking_messages` and `chat_reads`. */

/**
 * A step of a booking written into its chat as a system line (docs/PRODUCT.md "Chat"): a row of
 * booking_messages naming the step, so it takes its place in the chat's id order and reaches both
 * parties through the chat's live event (trigger). The sender is whoever took the step, or null
 * for one nobody took (a request expired, an administrator closing a report). Written in the
 * step's own transaction.
 */
export async function addSystemLine(
  trx: Knex.Transaction,
  bookingId: number,
  senderId: number | null,
  event: ChatSystemEvent,
  body: string,
  now: Date,
): Promise<void> {
  await trx('booking_messages').insert({
    booking_id: bookingId,
    sender_id: senderId,
    body,
    created_at: now,
    system_event: event,
  });
}

/** The reader has read the booking's chat now. */
export async function markRead(conn: Conn, bookingId: number, userId: number, now: Date): Promise<void> {
  await conn('chat_reads')
    .insert({ booking_id: bookingId, user_id: userId, last_read_at: now })
    .onConflict(['booking_id', 'user_id'])
    .merge(['last_read_at']);
}

/** A row of messagesAfter: the message with its sender's name and photo. */
export type MessageListRow = Pick<
  BookingMessageRow,
  'id' | 'sender_id' | 'body' | 'created_at' | 'client_key' | 'system_event'
> &
  Nullable<Pick<UserRow, 'first_name' | 'last_name' | 'avatar_hash'>>;
type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Up to 200 of a booking's messages after the id `since`, oldest first. */
export const messagesAfter = (conn: Conn, bookingId: number, since: number): Promise<MessageListRow[]> =>
  conn('booking_messages as m')
    .leftJoin('users as u', 'u.id', 'm.sender_id') // a system line may have no sender
    .where('m.booking_id', bookingId)
    .where('m.id', '>', since)
    .orderBy('m.id', 'asc')
    .limit(200)
    .select(
      'm.id',
      'm.sender_id',
      'm.body',
      'm.created_at',
      'm.client_key',
      'm.system_event',
      'u.first_name',
      'u.last_name',
      'u.avatar_hash',
    );

/** The sender's message on this booking with this key, if it was stored already. */
export const messageWithKey = (conn: Conn, bookingId: number, senderId: number, clientKey: string) =>
  conn('booking_messages')
    .where({ booking_id: bookingId, sender_id: senderId, client_key: clientKey })
    .first('id', 'body', 'created_at', 'client_key');

/** A person's message; undefined when one with its key was stored first (the unique index decides). */
export async function insertMessage(
  conn: Conn,
  message: { bookingId: number; senderId: number; body: string; now: Date; clientKey: string | null },
) {
  const [inserted] = await conn('booking_messages')
    .insert({
      booking_id: message.bookingId,
      sender_id: message.senderId,
      body: message.body,
      created_at: message.now,
      client_key: message.clientKey,
    })
    .onConflict(['booking_id', 'sender_id', 'client_key'])
    .ignore()
    .returning(['id', 'body', 'created_at', 'client_key']);
  return inserted as Pick<BookingMessageRow, 'id' | 'body' | 'created_at' | 'client_key'> | undefined;
}

/**
 * Claims the email about a new message to `userId`: only when they have not read the chat since
 * `awaySince` and were not emailed after `emailedBefore`. One statement decides and claims: the
 * upsert locks the row, so a message sent at the same moment sees this one's last_emailed_at and
 * sends nothing (a read, then a write, let both send). Whether it was claimed.
 */
export async function claimChatEmail(
  trx: Knex.Transaction,
  bookingId: number,
  userId: number,
  now: Date,
  awaySince: Date,
  emailedBefore: Date,
): Promise<boolean> {
  const claimed = await trx('chat_reads')
    .insert({ booking_id: bookingId, user_id: userId, last_emailed_at: now })
    .onConflict(['booking_id', 'user_id'])
    .merge(['last_emailed_at'])
    .where((away) => away.whereNull('chat_reads.last_read_at').orWhere('chat_reads.last_read_at', '<', awaySince))
    .andWhere((notLately) =>
      notLately.whereNull('chat_reads.last_emailed_at').orWhere('chat_reads.last_emailed_at', '<=', emailedBefore),
    )
    .returning('booking_id');
  return claimed.length > 0;
}

/** Claims the notification on the phone about a new message to `userId`, unless one went after `pushedBefore`. */
export async function claimChatPush(
  trx: Knex.Transaction,
  bookingId: number,
  userId: number,
  now: Date,
  pushedBefore: Date,
): Promise<boolean> {
  const claimed = await trx('chat_reads')
    .insert({ booking_id: bookingId, user_id: userId, last_pushed_at: now })
    .onConflict(['booking_id', 'user_id'])
    .merge(['last_pushed_at'])
    .where((notLately) =>
      notLately.whereNull('chat_reads.last_pushed_at').orWhere('chat_reads.last_pushed_at', '<=', pushedBefore),
    )
    .returning('booking_id');
  return claimed.length > 0;
}

/** The sender's photo, for the answer to their message. */
export const avatarHashOf = async (conn: Conn, userId: number): Promise<string | null | undefined> =>
  (await conn('users').where({ id: userId }).first('avatar_hash'))?.avatar_hash;

/**
 * A forgotten account's words in chats (privacy/anonymise.ts): its lines stay as rows, since the
 * other party's booking is kept, with the words gone; its read marks go.
 */
export async function forgetChatOf(conn: Conn, userId: number): Promise<void> {
  await conn('chat_reads').where({ user_id: userId }).delete();
  await conn('booking_messages').where({ sender_id: userId }).update({ body: '[message removed: account deleted]' });
}
