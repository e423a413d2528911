import type { Conn } from '../../db.ts';

export const stopAutoRenewal = (db: Conn, userId: number) =>
  db('card_authorizations').where({ user_id: userId }).update({ auto_renew: false });

/**
 * A forgotten account's saved card (it could still be charged) and the numbers it proved for
 * mobile-money prompts, which are other people's, not the books' (privacy/anonymise.ts).
 */
export async function forgetPaymentMethodsOf(conn: Conn, userId: number): Promise<void> {
  await conn('card_authorizations').where({ user_id: userId }).delete();
  await conn('momo_numbers').where({ user_id: userId }).delete();
}
