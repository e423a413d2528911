import type { Knex } from 'knex';
import { SIGNIN_CODE_SHARES } from '../../../../contract/signin-codes.ts';
import type { Conn } from '../../db.ts';
import type { Count, SigninCodeRow, UserRow } from '../../db-tables.ts';

/** Sign-in code requests (signin_codes): the queries of features/auth/code-signin.ts. */

/** One number's code requests are counted and written one at a time, until the transaction ends. */
export async function lockNumber(trx: Knex.Transaction, phone: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`signin-code:${phone}`]);
}

/** When each text to `phone` since `since` went, oldest first. */
export async function textsTo(conn: Conn, phone: string, since: Date): Promise<Date[]> {
  const rows = await conn('signin_codes')
    .where({ phone, texted: true })
    .where('created_at', '>', since)
    .orderBy('created_at')
    .select('created_at');
  return rows.map((r) => new Date(r.created_at));
}

/**
 * The newest code texted to `phone` (the one its owner types), when it still works and fewer than
 * SIGNIN_CODE_SHARES later requests share it; otherwise undefined.
 */
export async function shareableCode(
  conn: Conn,
  phone: string,
  now: Date,
): Promise<Pick<SigninCodeRow, 'id' | 'code_hash' | 'expires_at'> | undefined> {
  const newest = await conn('signin_codes')
    .where({ phone, texted: true })
    .orderBy('id', 'desc')
    .first('id', 'code_hash', 'expires_at', 'used_at');
  if (!newest || newest.used_at || new Date(newest.expires_at) <= now) return undefined;
  const [{ n }] = await conn('signin_codes').where({ shares: newest.id }).count({ n: '*' });
  return Number(n) < SIGNIN_CODE_SHARES ? newest : undefined;
}

export async function insertCode(conn: Conn, row: Omit<SigninCodeRow, 'id' | 'tries' | 'used_at'>): Promise<void> {
  await conn('signin_codes').insert(row);
}

/** Requests older than `before` go (kept a day: the number's texts are counted over a day). */
export async function dropCodesBefore(conn: Conn, before: Date): Promise<void> {
  await conn('signin_codes').where('created_at', '<=', before).delete();
}

/** The request a page holds. */
export const findRequest = (conn: Conn, requestHash: string): Promise<SigninCodeRow | undefined> =>
  conn('signin_codes').where({ request_hash: requestHash }).first();

/**
 * Locks a code (its texted request's row) until the transaction ends: the requests that share it
 * are tried and spent one at a time.
 */
export async function lockCode(trx: Knex.Transaction, textedId: SigninCodeRow['id']): Promise<void> {
  await trx('signin_codes').where({ id: textedId }).forUpdate().first('id');
}

export async function countWrongTry(conn: Conn, id: SigninCodeRow['id']): Promise<number> {
  const [row] = await conn('signin_codes')
    .where({ id })
    .update({ tries: conn.raw('tries + 1') })
    .returning('tries');
  return row.tries;
}

/**
 * Spends a texted code and every request that shares it; answers the ids spent now (a request
 * whose code was spent at the same moment by another is not among them: a code signs in once).
 */
export async function spendCode(conn: Conn, textedId: SigninCodeRow['id'], now: Date): Promise<number[]> {
  const rows = await conn('signin_codes')
    .where((q) => q.where({ id: textedId }).orWhere({ shares: textedId }))
    .whereNull('used_at')
    .update({ used_at: now })
    .returning('id');
  return rows.map((r) => Number(r.id));
}

/** A forgotten account's code requests, by account and by its number (privacy/anonymise.ts). */
export const forgetCodesOf = (conn: Conn, user: Pick<UserRow, 'id' | 'phone'>) =>
  conn('signin_codes').where({ user_id: user.id }).orWhere({ phone: user.phone }).delete();

/** The password reset links made for an account since `since`. */
export async function resetsSince(conn: Conn, userId: UserRow['id'], since: Date): Promise<number> {
  const [row] = await conn('password_resets')
    .where({ user_id: userId })
    .where('created_at', '>', since)
    .count<{ n: Count }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}
