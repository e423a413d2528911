import { paidUntilOfEach } from './paid-period.ts';
import { FAILED_PAYMENT_DAYS, type AutoRenewal } from '../../../../contract/subscriptions.ts';
import { addTime, HOUR_MS, subtractTime, timeBetween, wholeDaysBetween } from '../../../../contract/dates.ts';
import type { PlanType } from '../../../../contract/plans.ts';
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import type { Db } from '../../db.ts';
import { usersRepo } from '../accounts/index.ts';
import { paymentsRepo } from '../payments/index.ts';
import { startJob, type Job } from '../../jobs.ts';
import { ChargeRefusedError, ProviderUnavailableError } from '../../providers/payments.ts';
import { chargeFailedMessage, textMessages } from '../notifications/index.ts';
import { createPaymentIntent, settlePayment, type PaymentsDeps } from '../payments/index.ts';
import type { Int8, RenewalChargeRow } from '../../db-tables.ts';
import { getSettings } from '../settings/index.ts';

/**
 * Automatic renewal for card payers, and the failed-payment rule (docs/PRODUCT.md "Failed payments"):
 *
 * - Only a card Paystack marked reusable is kept (payments/service.ts), and only its owner's
 *   opt-in (card_authorizations.auto_renew) lets this job charge it. Mobile money never is.
 * - Service stops at the end of the grace period (paid period end + the administrator's grace
 *   days). The first automatic charge is tried FAILED_PAYMENT_DAYS (7) days before that, i.e.
 *   4 days before the period ends with the default 3 days of grace; a settled charge extends from
 *   the end of the current period, so charging early costs the payer nothing.
 * - A declined charge grants nothing; the payer is told by email and text (queued in the
 *   transaction that records the failed attempt), and the card is tried again every 24 hours.
 *   When no charge has succeeded when the grace period ends, 7 days after the first failure,
 *   attempts stop and service stops (listing and booking already follow the
 *   grace period) until the user renews by hand. The account itself is never suspended: they can
 *   still sign in and pay.
 * - Each attempt is a row (user, period end, attempt number) claimed by a unique insert before the
 *   card is charged, so several processes running this job charge a period's attempt once; the
 *   charge goes through settlePayment like any payment, so a month is granted once.
 */
export interface AutoRenewalDeps extends PaymentsDeps {
  config: Pick<Config, 'publicUrl'>;
}

const brand = (cardType: string) => {
  const t = cardType.trim().toLowerCase();
  if (t === 'visa') return 'Visa';
  if (t === 'mastercard') return 'Mastercard';
  if (t === 'verve') return 'Verve';
  return t ? t[0].toUpperCase() + t.slice(1) : 'Card';
};
export const cardLabel = (row: { card_type: string; last4: string }) => `${brand(row.card_type)} ending ${row.last4}`;

/** What the dashboard may show: the card's label and the opt-in; never the authorization code. */
export async function autoRenewalOf(db: Db, userId: number): Promise<AutoRenewal | null> {
  return autoRenewalFrom(
    await db('card_authorizations').where({ user_id: userId }).first('card_type', 'last4', 'auto_renew'),
  );
}

/** As autoRenewalOf, from the card's row read with others (null: no card saved). */
export const autoRenewalFrom = (
  row: { card_type: string | null; last4: string | null; auto_renew: boolean | null } | undefined,
): AutoRenewal | null =>
  row?.card_type && row.last4
    ? { card: cardLabel({ card_type: row.card_type, last4: row.last4 }), enabled: !!row.auto_renew }
    : null;

/** "Visa ending 4081" when the user chose automatic renewal (and did not cancel), else null. */
export async function autoRenewCard(db: Db, userId: number): Promise<string | null> {
  const row = await db('card_authorizations as ca')
    .join('users as u', 'u.id', 'ca.user_id')
    .where({ 'ca.user_id': userId, 'ca.auto_renew': true })
    .whereNull('u.renewal_cancelled_at')
    .first('ca.card_type', 'ca.last4');
  return row ? cardLabel(row) : null;
}

/**
 * The owner's choice. Turning it on needs a saved reusable card (false otherwise) and means they
 * want the subscription, so a cancellation is withdrawn.
 */
export async function setAutoRenewal(db: Db, userId: number, enabled: boolean): Promise<AutoRenewal | null> {
  const updated = await db('card_authorizations').where({ user_id: userId }).update({ auto_renew: enabled });
  if (!updated) return null;
  if (enabled) await usersRepo.setRenewalCancelledAt(db, userId, null);
  return autoRenewalOf(db, userId);
}

type Outcome = 'success' | 'pending' | 'failed';

/** Queues the payer's notice that attempt number `attempt` (of `amountPesewas`) was declined, in `trx`. */
type DeclineNotice = (trx: Knex.Transaction, attempt: number, amountPesewas: number) => Promise<void>;

function declineNotice(
  deps: AutoRenewalDeps,
  payer: { email: string; phone: string; first_name: string; card_type: string; last4: string },
  firstAt: Date,
  serviceEnds: Date,
): DeclineNotice {
  const card = cardLabel(payer);
  return async (trx, attempt, amount) => {
    const retry = addTime(firstAt, { days: attempt + 1 }) < serviceEnds;
    await deps.notifier.sendEmail(
      chargeFailedMessage(payer.email, {
        firstName: payer.first_name,
        card,
        amountPesewas: amount,
        retry,
        serviceEnds,
        publicUrl: deps.config.publicUrl,
      }),
      trx,
    );
    await deps.notifier.sendText(
      payer.phone,
      textMessages.chargeFailed(card, amount, serviceEnds, retry, deps.config.publicUrl),
      trx,
    );
  };
}

/**
 * Records an attempt's outcome, only while the attempt is open (charging or pending), so of two
 * processes one records it. A failed attempt's notice (`notify`) is written in the same
 * transaction: a crash can neither close the attempt and lose its notice, nor, since a closed
 * attempt is never closed again, send the notice twice. `failPayment` fails the payment with it.
 */
async function closeAttempt(
  deps: AutoRenewalDeps,
  attemptId: number | string,
  outcome: Outcome,
  reason: string | null,
  failed: { failPayment?: number | string; notify?: (trx: Knex.Transaction) => Promise<void> } = {},
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    if (failed.failPayment !== undefined) {
      await paymentsRepo.failOpenPayment(trx, failed.failPayment, deps.clock.now());
    }
    const moved = await trx('renewal_charges')
      .where({ id: attemptId })
      .whereIn('status', ['charging', 'pending'])
      .update({ status: outcome, reason: reason?.slice(0, 300) ?? null });
    if (moved && outcome === 'failed') await failed.notify?.(trx);
  });
}

/**
 * Asks the provider again about an earlier attempt whose outcome was unknown (pending, or a
 * time-out). A decline learnt this way is told like any other; a charge that never reached the
 * provider was not declined, so it is closed without a notice.
 */
/** A renewal charge that has its payment (selected with whereNotNull('payment_id')). */
type ChargeWithPayment = RenewalChargeRow & { payment_id: Int8 };

async function resolvePending(
  deps: AutoRenewalDeps,
  attempt: ChargeWithPayment,
  notice: DeclineNotice,
): Promise<Outcome> {
  const payment = await deps.db('payments').where({ id: attempt.payment_id }).first();
  if (!payment) return 'failed';
  const result = await settlePayment(deps, payment.reference, {
    userId: Number(attempt.user_id),
    purposes: ['renewal'],
  });
  // A charge the provider still has no record of an hour later never reached it.
  const stale = timeBetween(attempt.created_at, deps.clock.now()) > HOUR_MS;
  // Its payment fails with the attempt: failed alone, the next run would take it for a decline.
  const neverReached = !result.ok && result.reason === 'provider does not know the reference' && stale;
  const now = await deps.db('payments').where({ id: attempt.payment_id }).first('status');
  const outcome: Outcome = result.ok ? 'success' : neverReached || now?.status === 'failed' ? 'failed' : 'pending';
  if (outcome !== 'pending') {
    await closeAttempt(
      deps,
      attempt.id,
      outcome,
      result.ok ? null : result.reason,
      neverReached
        ? { failPayment: payment.id }
        : { notify: (trx) => notice(trx, Number(attempt.attempt), payment.amount_pesewas) },
    );
  }
  return outcome;
}

/** A payer whose automatic renewal is due, as chargeDueRenewals selects them. */
interface DueRenewal {
  id: number;
  email: string;
  phone: string;
  first_name: string;
  last_name: string;
  user_type: string;
  period_end: Date;
  authorization_code: string;
  card_type: string;
  last4: string;
}

/**
 * Charges the due automatic renewals (see the rule above). Returns how many attempts it made.
 * Safe to run in several processes at once.
 */
export async function chargeDueRenewals(deps: AutoRenewalDeps): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  const settings = await getSettings(db);
  const leadDays = Math.max(0, FAILED_PAYMENT_DAYS - settings.graceDays);
  const latest = paidUntilOfEach(db);
  const due: DueRenewal[] = await db
    .from(latest)
    .join('users as u', 'u.id', 's.user_id')
    .join('card_authorizations as ca', 'ca.user_id', 'u.id')
    .where('ca.auto_renew', true)
    .where('u.status', 'active')
    .whereIn('u.user_type', ['customer', 'professional'])
    .whereNull('u.renewal_cancelled_at')
    .whereNull('u.deleted_at')
    .where('s.period_end', '<=', addTime(now, { days: leadDays }))
    .where('s.period_end', '>', subtractTime(now, { days: settings.graceDays }))
    .select(
      'u.id',
      'u.email',
      'u.phone',
      'u.first_name',
      'u.last_name',
      'u.user_type',
      's.period_end',
      'ca.authorization_code',
      'ca.card_type',
      'ca.last4',
    );

  let attempts = 0;
  for (const row of due) {
    // One payer's failure (the database, an unexpected answer) is logged and the others still renew.
    // An attempt that got as far as a charge is asked about on the next run; one that failed before
    // charging is tried again the next day (a new attempt).
    try {
      if (await renewOne(deps, row, now, leadDays, settings.graceDays)) attempts++;
    } catch (err) {
      deps.logger.error({ err, userId: Number(row.id) }, 'automatic renewal failed for this payer');
    }
  }
  return attempts;
}

/** One due payer: settles an earlier open attempt or charges today's. True when it charged. */
async function renewOne(
  deps: AutoRenewalDeps,
  row: DueRenewal,
  now: Date,
  leadDays: number,
  graceDays: number,
): Promise<boolean> {
  const { db } = deps;
  const userId = Number(row.id);
  const end = new Date(row.period_end);
  const firstAt = subtractTime(end, { days: leadDays });
  const serviceEnds = addTime(end, { days: graceDays });
  const attempt = wholeDaysBetween(firstAt, now);
  const notice = declineNotice(deps, row, firstAt, serviceEnds);

  // An earlier charge whose outcome is unknown is asked about, never charged a second time.
  const open = (await db('renewal_charges')
    .where({ user_id: userId, period_end: end })
    .whereIn('status', ['pending', 'charging'])
    .whereNotNull('payment_id')) as ChargeWithPayment[];
  let unresolved = false;
  for (const previous of open) if ((await resolvePending(deps, previous, notice)) !== 'failed') unresolved = true;
  if (unresolved) return false;

  const [claimed] = await db('renewal_charges')
    .insert({ user_id: userId, period_end: end, attempt, status: 'charging', created_at: now })
    .onConflict(['user_id', 'period_end', 'attempt'])
    .ignore()
    .returning('id');
  if (!claimed) return false;

  const plan = row.user_type as PlanType;
  const intent = await createPaymentIntent(
    deps,
    { userId, email: row.email, fullName: `${row.first_name} ${row.last_name}`, phone: row.phone },
    plan,
    'renewal',
    db,
    { via: 'auto_renewal' },
  );
  const payment = await db('payments').where({ reference: intent.reference }).first('id');
  await db('renewal_charges').where({ id: claimed.id }).update({ payment_id: payment!.id });

  let outcome: Outcome;
  let reason: string | null = null;
  try {
    await deps.payments.chargeAuthorization({
      authorizationCode: row.authorization_code,
      email: row.email,
      amount: intent.amountKobo,
      reference: intent.reference,
      metadata: { ...intent.metadata, automatic_renewal: true },
    });
    // Granted only through settlePayment, which asks the provider and checks amount and owner.
    const settled = await settlePayment(deps, intent.reference, { userId, purposes: ['renewal'] });
    const status = (await db('payments').where({ id: payment!.id }).first('status'))!.status;
    outcome = settled.ok ? 'success' : status === 'failed' ? 'failed' : 'pending';
    reason = settled.ok ? null : settled.reason;
  } catch (err) {
    if (err instanceof ChargeRefusedError) {
      outcome = 'failed';
      reason = err.message;
      // Failed at once, before the attempt is closed: should that not happen (a crash), the next
      // run finds the payment failed and closes the attempt with its notice.
      await paymentsRepo.failOpenPayment(db, payment!.id, now);
    } else if (err instanceof ProviderUnavailableError) {
      // Unknown: the charge may have gone through. The next run asks before charging again.
      outcome = 'pending';
      reason = err.message;
    } else {
      throw err;
    }
  }
  await closeAttempt(deps, claimed.id, outcome, reason, { notify: (trx) => notice(trx, attempt, intent.amountKobo) });
  deps.logger.info({ userId, attempt, outcome }, 'automatic renewal attempted');
  return true;
}

/** Runs the job now and then every `everyMs` in the background (api/src/jobs.ts). */
export function startAutoRenewalWorker(deps: AutoRenewalDeps, everyMs = 60_000): Job {
  return startJob({
    name: 'automatic renewal job',
    everyMs,
    run: () => chargeDueRenewals(deps),
    logger: deps.logger,
    errorForLog: (err) => (err as Error).message,
  });
}
