import { addMonths } from '../../../../contract/dates.ts';
import type { PlanType } from '../../../../contract/plans.ts';
import type { Knex } from 'knex';
import type { Conn } from '../../db.ts';
import type { Tables } from 'knex/types/tables.js';
import type { ProviderTransaction } from '../../providers/payments.ts';
import { usersRepo } from '../accounts/index.ts';
import { profilesRepo } from '../professionals/index.ts';
import { keepReusableCard } from './repo.ts';

/**
 * "Paid until" (docs/PRODUCT.md "Subscriptions"): the latest end of an account's paid periods, one
 * `subscriptions` row per settled payment. This module is the only writer of those rows and of
 * the copy a professional's listing keeps (professional_profiles.paid_until, so the search filters
 * listings by an indexed column without a join), written in the same transaction; every reading
 * that is not inside a larger statement goes through `paidUntil`.
 */

/** The end of `userId`'s paid service, or null when nothing was ever paid. */
export async function paidUntil(conn: Conn, userId: number): Promise<Date | null> {
  const [latest] = await conn('subscriptions').where({ user_id: userId }).max({ end: 'period_end' });
  return latest?.end ? new Date(latest.end) : null;
}

/** Each account's paid until, as a subquery `s` (user_id, period_end) for the sweeps that look for ends near now. */
export const paidUntilOfEach = (db: Conn) =>
  db('subscriptions').select('user_id').max({ period_end: 'period_end' }).groupBy('user_id').as('s');

/** The paid period a settled payment bought (undefined for one that bought none, a test charge). */
export async function periodBoughtBy(conn: Conn, paymentId: number): Promise<Date | undefined> {
  const period = await conn('subscriptions').where({ payment_id: paymentId }).first('period_end');
  return period ? new Date(period.period_end) : undefined;
}

/** A settled payment, as the paid period reads it. */
export interface SettledPayment {
  id: number;
  user_id: number;
  plan_type: PlanType;
  amount_pesewas: number;
  months: number | null;
}

/**
 * What a settled payment grants its account, in the settlement's transaction (the account's row
 * already locked, so two settlements never read the same end): its months, from the later of now
 * and the current end, so paying early loses nothing (docs/PRODUCT.md "Paying months ahead"); the
 * card it was paid with, when reusable; and reminders again, since paying means wanting the
 * subscription. Answers the new end of the paid period.
 */
export async function grantPaidMonths(
  trx: Conn,
  payment: SettledPayment,
  tx: ProviderTransaction,
  now: Date,
): Promise<Date> {
  const userId = payment.user_id;
  const end = await paidUntil(trx, userId);
  const start = end && end > now ? end : now;
  const until = addMonths(start, payment.months ?? 1);
  await trx('subscriptions').insert({
    user_id: userId,
    payment_id: payment.id,
    plan_type: payment.plan_type,
    amount_pesewas: payment.amount_pesewas,
    period_start: start,
    period_end: until,
    created_at: now,
  });
  await profilesRepo.setPaidUntil(trx, userId, until);
  await keepReusableCard(trx, userId, tx, now);
  await usersRepo.setRenewalCancelledAt(trx, userId, null);
  return until;
}

/** A paid period as it is (the demo data's); a payment's period is granted by grantPaidMonths. */
export const insertSubscription = (conn: Conn, row: Knex.ResolveTableType<Tables['subscriptions'], 'insert'>) =>
  conn('subscriptions').insert(row);
