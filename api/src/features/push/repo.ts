import type { Knex } from 'knex';
import type { Conn } from '../../db.ts';
import type { Int8 } from '../../db-tables.ts';

/** The phones that got a forgotten account's notifications: nothing more is sent to them (privacy/anonymise.ts). */
export const forgetPushSubscriptionsOf = (conn: Conn, userId: number) =>
  conn('push_subscriptions').where({ user_id: userId }).delete();

/**
 * The phones turned on by sign-ins that ended (a sign-out there): nothing more is sent to them
 * (docs/PRODUCT.md "Notifications on the phone"). auth/sessions.ts calls it as it ends them.
 */
export const forgetPushSubscriptionsOfSessions = (conn: Conn, sessionIds: Int8[]) =>
  conn('push_subscriptions').whereIn('session_id', sessionIds).delete();

/** The push service said this phone's address is gone for good: nothing more is sent to it. */
export const dropPushSubscription = (conn: Conn, id: Int8) => conn('push_subscriptions').where({ id }).delete();

/** One of this account's phones, dropped from its Profile (a lost phone); 0 when it is not this account's. */
export const dropAccountPhone = (conn: Conn, userId: number, id: number) =>
  conn('push_subscriptions').where({ id, user_id: userId }).delete();

/** This account's phones, the first turned on first. */
export const accountPhones = (conn: Conn, userId: number) =>
  conn('push_subscriptions')
    .where({ user_id: userId })
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .select('id', 'device', 'endpoint', 'created_at', 'last_used_at');

/**
 * This phone, for this account and sign-in: turned on again when its address is known (another
 * account's phone becomes this one's). Its id.
 */
export async function savePhone(
  trx: Knex.Transaction,
  phone: { userId: number; endpoint: string; p256dh: string; auth: string; device: string; sessionId: Int8; now: Date },
): Promise<number> {
  const [row] = await trx('push_subscriptions')
    .insert({
      user_id: phone.userId,
      endpoint: phone.endpoint,
      p256dh: phone.p256dh,
      auth: phone.auth,
      device: phone.device,
      created_at: phone.now,
      last_used_at: phone.now,
      session_id: phone.sessionId,
    })
    .onConflict('endpoint')
    .merge(['user_id', 'p256dh', 'auth', 'device', 'last_used_at', 'session_id'])
    .returning('id');
  return Number(row.id);
}

/** Beyond the `keep` phones used last, the account's others get nothing more. */
export async function dropPhonesBeyond(trx: Knex.Transaction, userId: number, keep: number): Promise<void> {
  const stale = await trx('push_subscriptions')
    .where({ user_id: userId })
    .orderBy('last_used_at', 'desc')
    .offset(keep)
    .pluck('id');
  if (stale.length) await trx('push_subscriptions').whereIn('id', stale).delete();
}

/** This account's phone with this address gets nothing more. */
export const dropPhoneAt = (conn: Conn, userId: number, endpoint: string) =>
  conn('push_subscriptions').where({ user_id: userId, endpoint }).delete();

/** This account's phone with this address: its keys, or undefined. */
export const phoneAt = (conn: Conn, userId: number, endpoint: string) =>
  conn('push_subscriptions').where({ user_id: userId, endpoint }).first('p256dh', 'auth');

/** Whether the account asked for texts too ("Also text me"). */
export const alsoTextOf = async (conn: Conn, userId: number): Promise<boolean> =>
  !!(await conn('users').where({ id: userId }).first('also_text'))?.also_text;

/** The phone showed a notification now: it is in use. */
export async function notePhoneUsed(conn: Conn, id: number, now: Date): Promise<void> {
  await conn('push_subscriptions').where({ id }).update({ last_used_at: now });
}
