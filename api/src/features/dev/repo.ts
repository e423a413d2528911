import type { Knex } from 'knex';
import type { Conn } from '../../db.ts';
import { usersRepo } from '../accounts/index.ts';
import { recordCommission, recordReferral } from '../affiliates/index.ts';
import { insertPayment } from '../payments/index.ts';

export const latestNotifications = (db: Conn) => db('notifications').orderBy('id', 'desc').limit(50);

export const findAffiliateByEmail = (db: Conn, email: string): Promise<{ id: number | string } | undefined> =>
  db('users').whereRaw('lower(email) = lower(?)', [email]).where({ user_type: 'affiliate' }).first('id');

/** A customer referred by the affiliate who paid, with the commission row settlement would write. `tag` makes the contacts unique. */
export async function insertPaidReferral(
  trx: Knex.Transaction,
  affiliateId: number | string,
  commissionPesewas: number,
  tag: string,
  now: Date,
): Promise<void> {
  const user = await usersRepo.insert(trx, {
    user_type: 'customer',
    email: `referred-${tag}@example.invalid`,
    phone: `test-${tag}`,
    password_hash: '!',
    first_name: 'Referred',
    last_name: 'Customer',
    status: 'active',
    location: null,
    local_address: null,
    description: null,
    profile_picture: null,
    terms_version: null,
    created_at: now,
    terms_agreed_at: now,
  });
  const paymentId = await insertPayment(trx, {
    user_id: user.id,
    reference: `TEST${tag}`,
    purpose: 'registration',
    plan_type: 'customer',
    amount_pesewas: 1000,
    email: `referred-${tag}@example.invalid`,
    provider: 'sandbox',
    status: 'success',
    created_at: now,
    settled_at: now,
    paid_at: now,
  });
  const code = (await trx('affiliate_profiles').where({ user_id: affiliateId }).first('referrer_code'))!.referrer_code; // an affiliate always has a profile
  await recordReferral(trx, { id: affiliateId, referrer_code: code }, user.id, now);
  await recordCommission(trx, {
    affiliate_user_id: affiliateId,
    referred_user_id: user.id,
    payment_id: paymentId,
    plan_type: 'customer',
    amount_pesewas: commissionPesewas,
    created_at: now,
  });
}
