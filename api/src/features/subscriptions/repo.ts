import type { Conn } from '../../db.ts';

export const stopAutoRenewal = (db: Conn, userId: number) =>
  db('card_authorizations').where({ user_id: userId }).update({ auto_renew: false });
