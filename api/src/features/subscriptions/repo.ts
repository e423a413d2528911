import type { Db } from '../../db.ts';

export const subscriptionsRepo = {
  /** Reminders stop; the paid period runs out (paying again clears it). */
  markRenewalCancelled: (db: Db, userId: number, now: Date) =>
    db('users').where({ id: userId }).update({ renewal_cancelled_at: now }),
  stopAutoRenewal: (db: Db, userId: number) =>
    db('card_authorizations').where({ user_id: userId }).update({ auto_renew: false }),
};
