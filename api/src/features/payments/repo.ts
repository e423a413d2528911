import type { Conn } from '../../db.ts';
import type { Insertable, SandboxTransactionRow } from '../../db-tables.ts';

export const findByReference = (db: Conn, reference: string) => db('payments').where({ reference }).first();

/** Whether the user reset their password at or after `since` (a used reset). */
export const passwordResetSince = (db: Conn, userId: number | string, since: Date) =>
  db('password_resets').where({ user_id: userId }).where('used_at', '>=', since).first('id');

/** Marks the completion claimed if the secret matches and it was not claimed before: the count of rows changed (0 or 1). */
export const claimCompletion = (db: Conn, paymentId: number | string, secretHash: string, now: Date): Promise<number> =>
  db('payments')
    .where({ id: paymentId, completion_secret_hash: secretHash })
    .whereNull('completion_claimed_at')
    .update({ completion_claimed_at: now });

/** The TEST MODE checkout's charge, once per reference: the references inserted (none when it was already there). */
export const recordCharge = (
  db: Conn,
  row: Insertable<SandboxTransactionRow, 'channel' | 'metadata'>,
): Promise<{ reference: string }[]> =>
  db('sandbox_transactions').insert(row).onConflict('reference').ignore().returning('reference');

/** A forgotten account's payments stay for the books, under the account's placeholder email (privacy/anonymise.ts). */
export const forgetPayerEmail = (conn: Conn, userId: number, placeholderEmail: string) =>
  conn('payments').where({ user_id: userId }).update({ email: placeholderEmail });
