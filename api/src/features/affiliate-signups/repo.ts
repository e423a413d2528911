import type { Conn } from '../../db.ts';
import type { AffiliateSignupRow, Count, Insertable } from '../../db-tables.ts';

/** The details the affiliate typed, kept until the code is proved (then the account holds them). */
export interface SignupDetails {
  firstName: string;
  lastName: string;
  email: string;
  profession: string;
  location: string;
  localAddress: string;
}

/** One number's sign-up codes, and one affiliate's, are counted one request at a time (always in this order). */
export const lockNumberAndAffiliate = (trx: Conn, phone: string, affiliateId: number) =>
  trx.raw('select pg_advisory_xact_lock(hashtext(?)), pg_advisory_xact_lock(hashtext(?))', [
    `affiliate-signup-number:${phone}`,
    `affiliate-signup-affiliate:${affiliateId}`,
  ]);

/** Codes texted since `since`: to this number (by any affiliate), or by this affiliate. */
export async function codesTexted(
  conn: Conn,
  where: { phone: string } | { affiliate_id: number },
  since: Date,
): Promise<number> {
  const [row] = await conn('affiliate_signups')
    .where(where)
    .where('created_at', '>', since)
    .count<{ n: Count }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

export async function insertSignup(
  trx: Conn,
  row: Omit<Insertable<AffiliateSignupRow, 'id' | 'tries'>, 'details'> & { details: SignupDetails },
): Promise<AffiliateSignupRow> {
  const [created] = await trx('affiliate_signups')
    .insert({ ...row, details: JSON.stringify(row.details) })
    .returning('*');
  return created as AffiliateSignupRow;
}

/**
 * Sign-ups are dropped after a day, proved or not: their texts no longer count, and what lasts is
 * in the account and the referral (the professional's number is not kept here any longer).
 */
export const dropBefore = (trx: Conn, before: Date) =>
  trx('affiliate_signups').where('created_at', '<', before).delete();

/** One of the affiliate's sign-ups (another affiliate's is not found); `lock` in a transaction. */
export function findOwn(
  conn: Conn,
  id: number,
  affiliateId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<AffiliateSignupRow | undefined> {
  const query = conn('affiliate_signups').where({ id, affiliate_id: affiliateId });
  return (lock ? query.forUpdate() : query).first();
}

/**
 * The affiliate's sign-ups made since `since`, newest first: the row, and once proved the
 * account's name and status (the row no longer keeps the details then).
 */
export const listOwnSince = (conn: Conn, affiliateId: number, since: Date, limit: number) =>
  conn('affiliate_signups as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .where('s.affiliate_id', affiliateId)
    .where('s.created_at', '>', since)
    .orderBy('s.id', 'desc')
    .limit(limit)
    .select<(AffiliateSignupRow & { first_name: string | null; last_name: string | null; status: string | null })[]>(
      's.*',
      'u.first_name',
      'u.last_name',
      'u.status',
    );

export async function countWrongTry(trx: Conn, id: number | string): Promise<number> {
  const [row] = await trx('affiliate_signups').where({ id }).increment('tries', 1).returning('tries');
  return row.tries;
}

/** Proved: the account it made; the code and the details typed are no longer kept. */
export const markProved = (trx: Conn, id: number | string, userId: number, now: Date) =>
  trx('affiliate_signups').where({ id }).update({ proved_at: now, user_id: userId, code_hash: null, details: null });

export const setPaymentReference = (conn: Conn, id: number | string, reference: string) =>
  conn('affiliate_signups').where({ id }).update({ payment_reference: reference });

/** The affiliate's referrer code, which the referral records. */
export const referrerCodeOf = (conn: Conn, affiliateId: number) =>
  conn('affiliate_profiles').where({ user_id: affiliateId }).first('referrer_code');
