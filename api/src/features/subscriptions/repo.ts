import type { Conn } from '../../db.ts';
import type { ProviderTransaction } from '../../providers/payments.ts';

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

/**
 * A card Paystack can charge again is kept (its authorization code, brand, last four, expiry) so
 * its owner may opt into automatic renewal. Consent belongs to a card: a different card replaces
 * the saved one with automatic renewal off. Mobile money is never reusable, so never kept.
 */
export async function keepReusableCard(trx: Conn, userId: number, tx: ProviderTransaction, now: Date) {
  const a = tx.authorization;
  if (!a?.reusable || a.channel !== 'card' || !/^\d{4}$/.test(a.last4)) return;
  const card = {
    card_type: a.cardType || 'card',
    last4: a.last4,
    exp_month: a.expMonth,
    exp_year: a.expYear,
    bank: a.bank,
  };
  const saved = await trx('card_authorizations').where({ user_id: userId }).forUpdate().first();
  const sameCard =
    saved &&
    saved.card_type === card.card_type &&
    saved.last4 === card.last4 &&
    saved.exp_month === card.exp_month &&
    saved.exp_year === card.exp_year;
  if (saved) {
    await trx('card_authorizations')
      .where({ user_id: userId })
      .update({
        authorization_code: a.code,
        ...card,
        auto_renew: sameCard ? saved.auto_renew : false,
        updated_at: now,
      });
  } else {
    await trx('card_authorizations').insert({
      user_id: userId,
      authorization_code: a.code,
      ...card,
      auto_renew: false,
      created_at: now,
      updated_at: now,
    });
  }
}
