import type { Conn } from '../../db.ts';
import type { Int8 } from '../../db-tables.ts';

/** The phones that got a forgotten account's notifications: nothing more is sent to them (privacy/anonymise.ts; issue #30). */
export const forgetPushSubscriptionsOf = (conn: Conn, userId: number) =>
  conn('push_subscriptions').where({ user_id: userId }).delete();

/** The push service said this phone's address is gone for good: nothing more is sent to it. */
export const dropPushSubscription = (conn: Conn, id: Int8) => conn('push_subscriptions').where({ id }).delete();
