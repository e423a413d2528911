import type { Conn } from '../../db.ts';

/** The phones that got a forgotten account's notifications: nothing more is sent to them (privacy/anonymise.ts; issue #30). */
export const forgetPushSubscriptionsOf = (conn: Conn, userId: number) =>
  conn('push_subscriptions').where({ user_id: userId }).delete();
