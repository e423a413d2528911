import type { Conn } from '../../db.ts';

/** Reminders stop; the paid period runs out (paying again clears it). */
export const markRenewalCancelled = (db: Conn, userId: number, now: Date) =>
  db('users').where({ id: userId }).update({ renewal_cancelled_at: now });

export const stopAutoRenewal = (db: Conn, userId: number) =>
  db('card_authorizations').where({ user_id: userId }).update({ auto_renew: false });
