import type { Knex } from 'knex';
import type { Tables } from 'knex/types/tables.js';
import type { Conn } from '../../db.ts';
import type { Int8, PaymentRow } from '../../db-tables.ts';

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

/** A forgotten account's payments stay for the books, under the account's placeholder email (privacy/anonymise.ts). */
export const forgetPayerEmail = (conn: Conn, userId: number, placeholderEmail: string) =>
  conn('payments').where({ user_id: userId }).update({ email: placeholderEmail });

/** A payment still open fails (a declined or abandoned charge); one already settled stays as it is. */
export const failOpenPayment = (conn: Conn, paymentId: Int8, now: Date) =>
  conn('payments').where({ id: paymentId, status: 'initialized' }).update({ status: 'failed', settled_at: now });

/** A mobile-money prompt failed, or `expired` by our clock, with the payer's reason. */
export const failPrompt = (conn: Conn, paymentId: Int8, how: 'failed' | 'expired', message: string, settledAt: Date) =>
  conn('payments')
    .where({ id: paymentId })
    .whereIn('status', ['initialized', 'failed'])
    .update({ status: 'failed', prompt_status: how, prompt_message: message, settled_at: settledAt });

/** The prompt's next step for the payer, and the provider's words for it when the payer must act on them. */
export const setPromptStatus = (conn: Conn, paymentId: Int8, status: string, message: string | null) =>
  conn('payments').where({ id: paymentId }).update({ prompt_status: status, prompt_message: message });

/** A new payment becomes a mobile-money prompt to this phone, waiting for the payer. */
export async function startPrompt(
  conn: Conn,
  reference: string,
  prompt: Pick<PaymentRow, 'prompt_phone' | 'prompt_network' | 'renew_link_hash'>,
): Promise<PaymentRow> {
  const [started] = await conn('payments')
    .where({ reference })
    .update({ ...prompt, prompt_status: 'pending' })
    .returning('*');
  return started;
}

/**
 * Claims the next ask of the provider about an open payment, if none was made since `lastDueBefore`:
 * one conditional update, so concurrent pages and processes agree on one caller.
 */
export async function claimProviderCheck(
  conn: Conn,
  paymentId: Int8,
  now: Date,
  lastDueBefore: Date,
): Promise<boolean> {
  const claimed = await conn('payments')
    .where({ id: paymentId, status: 'initialized' })
    .where((due) => due.whereNull('provider_checked_at').orWhere('provider_checked_at', '<=', lastDueBefore))
    .update({ provider_checked_at: now });
  return claimed === 1;
}

/** The provider is asked about this payment on the next status read, as Paystack's webhook makes it. */
export const askProviderNow = (conn: Conn, reference: string) =>
  conn('payments').where({ reference }).update({ provider_checked_at: null });

/** A new payment row: its id. */
export async function insertPayment(
  conn: Conn,
  row: Knex.ResolveTableType<Tables['payments'], 'insert'>,
): Promise<PaymentRow['id']> {
  const [inserted] = await conn('payments').insert(row).returning('id');
  return inserted.id;
}
