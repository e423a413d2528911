import type { Conn } from '../../db.ts';

/**
 * A forgotten affiliate's payout details (privacy/anonymise.ts). Payout records are kept for the
 * books; the account number they were sent to is cut to its last 3 characters.
 */
export async function forgetPayoutDetailsOf(conn: Conn, userId: number): Promise<void> {
  await conn('affiliate_profiles').where({ user_id: userId }).update({ momo_number: '', bank_account: '' });
  await conn('affiliate_payouts')
    .where({ affiliate_user_id: userId })
    .update({ details: conn.raw(`case when length(details) > 3 then '…' || right(details, 3) else details end`) });
}
