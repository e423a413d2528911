import type { Conn } from '../../db.ts';
import type { Int8 } from '../../db-tables.ts';

/** The phones that got a forgotten account's notifications: nothing more is sent to them (privacy/anonymise.ts; issue #30). */
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
