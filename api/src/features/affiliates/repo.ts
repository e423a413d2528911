import type { Conn } from '../../db.ts';
import type {
  AffiliateCommissionRow,
  AffiliateProfileRow,
  Int8,
  PaymentRow,
  ReferralRow,
  UserRow,
} from '../../db-tables.ts';
import { getSettings } from '../settings/index.ts';

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

/** The affiliate of a referral and the referred user, with the contact details that tell a self-referral. */
type ReferralParties = Pick<ReferralRow, 'affiliate_user_id'> &
  Pick<UserRow, 'email' | 'phone'> & { affiliate_email: string; affiliate_phone: string };

/**
 * The referring affiliate's commission on a registration payment, in its transaction (docs/PRODUCT.md
 * "Affiliates, commission and payouts"): once per referred user, none for a self-referral.
 */
export async function creditReferralCommission(trx: Conn, userId: number, payment: PaymentRow, now: Date) {
  const referral: ReferralParties | undefined = await trx('referrals as r')
    .join('users as a', 'a.id', 'r.affiliate_user_id')
    .join('users as u', 'u.id', 'r.referred_user_id')
    .where('r.referred_user_id', userId)
    .first('r.affiliate_user_id', 'a.email as affiliate_email', 'a.phone as affiliate_phone', 'u.email', 'u.phone');
  if (!referral) return;
  const selfReferral =
    referral.affiliate_email.toLowerCase() === referral.email.toLowerCase() ||
    referral.affiliate_phone === referral.phone;
  const amount = (await getSettings(trx)).commissionPesewas[payment.plan_type];
  if (selfReferral || amount <= 0) return;
  await recordCommission(trx, {
    affiliate_user_id: referral.affiliate_user_id,
    referred_user_id: userId,
    payment_id: payment.id,
    plan_type: payment.plan_type,
    amount_pesewas: amount,
    created_at: now,
  });
}

/** A commission on the ledger: one per referred user, a second is ignored. */
export const recordCommission = (
  conn: Conn,
  row: Pick<
    AffiliateCommissionRow,
    'affiliate_user_id' | 'referred_user_id' | 'payment_id' | 'plan_type' | 'amount_pesewas' | 'created_at'
  >,
) => conn('affiliate_commissions').insert(row).onConflict('referred_user_id').ignore();

/** The affiliate whose code brought this new account, for the commission on its first payment. */
export const recordReferral = (
  conn: Conn,
  referrer: Pick<AffiliateProfileRow, 'referrer_code'> & { id: Int8 },
  referredUserId: Int8,
  now: Date,
) =>
  conn('referrals').insert({
    affiliate_user_id: referrer.id,
    referred_user_id: referredUserId,
    referrer_code: referrer.referrer_code,
    created_at: now,
  });

/** A new affiliate's profile; false when its referrer code is taken already (nothing written). */
export async function insertAffiliateProfile(
  conn: Conn,
  profile: Pick<
    AffiliateProfileRow,
    'user_id' | 'referrer_code' | 'payout_method' | 'momo_number' | 'momo_network' | 'bank_account'
  >,
): Promise<boolean> {
  const inserted = await conn('affiliate_profiles')
    .insert(profile)
    .onConflict('referrer_code')
    .ignore()
    .returning('referrer_code');
  return inserted.length > 0;
}
