import { randomBytes, randomInt } from 'node:crypto';
import { toCedis } from '../../../../contract/money.ts';
import {
  lengthPricePesewas,
  PAYMENT_CHANNELS,
  type PaymentRoute,
  type PlanLength,
  type PlanType,
} from '../../../../contract/plans.ts';
import {
  type CompleteRegistrationResponse,
  PAYMENT_MESSAGES,
  type PaymentIntent,
  type SandboxCharge,
} from '../../../../contract/payments.ts';
import { HOUR_MS, timeBetween } from '../../../../contract/dates.ts';
import type { Clock } from '../../clock.ts';
import type { Conn, Db } from '../../db.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { ProviderUnavailableError, type PaymentProvider, type ProviderTransaction } from '../../providers/payments.ts';
import type { Notifier } from '../../providers/notifier.ts';
import { usersRepo } from '../accounts/index.ts';
import { toSessionUser } from '../accounts/index.ts';
import * as sessionsRepo from '../auth/sessions.ts';
import { hashToken, newToken } from '../../tokens.ts';
import { receipt } from '../notifications/index.ts';
import { getSettings, type Settings } from '../settings/index.ts';
import * as paymentsRepo from './repo.ts';
import { answerTestPrompt, recordCharge } from '../../providers/sandbox.ts';
import { creditReferralCommission } from '../affiliates/index.ts';
import { grantPaidMonths } from '../subscriptions/paid-period.ts';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  payments: PaymentProvider;
  notifier: Notifier;
}

import type { PaymentPurpose } from '../../../../contract/payments.ts';
import type { PaymentRow } from '../../db-tables.ts';

export type { PaymentPurpose, PaymentRow };

const REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** SEPC/SEPP + timestamp + 6 random characters + user id (docs/PRODUCT.md "First payment and activation"). */
export function paymentReference(planType: PlanType, userId: number | null, now: Date): string {
  const random = Array.from({ length: 6 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');
  return `${planType === 'customer' ? 'SEPC' : 'SEPP'}${now.getTime()}${random}${userId ?? 0}`;
}

export interface Payer {
  userId: number | null;
  email: string;
  fullName: string;
  phone: string;
}

/** Records the payment the server expects and returns what the pop-up needs. */
export async function createPaymentIntent(
  deps: PaymentsDeps,
  payer: Payer,
  planType: PlanType,
  purpose: PaymentPurpose,
  db: Conn = deps.db,
  { months = 1, via = 'checkout' }: { months?: PlanLength; via?: PaymentRoute } = {},
): Promise<PaymentIntent> {
  // The price now in force is written on the payment; verification compares with that, so a
  // later price change never refuses a payment already started.
  const amountPesewas = priceFor(await getSettings(db), planType, months);
  const amount = toCedis(amountPesewas);
  const now = deps.clock.now();
  const reference = paymentReference(planType, payer.userId, now);
  // A registration signs its payer in once, in the browser that holds this secret.
  const completion = purpose === 'registration' ? newToken() : undefined;
  await paymentsRepo.insertPayment(db, {
    user_id: payer.userId,
    reference,
    purpose,
    plan_type: planType,
    amount_pesewas: amountPesewas,
    months,
    initiated_via: via,
    currency: 'GHS',
    email: payer.email,
    provider: deps.payments.name,
    completion_secret_hash: completion?.hash,
    created_at: now,
  });
  return {
    ...(completion && { completionSecret: completion.token }),
    provider: deps.payments.name,
    publicKey: deps.payments.publicKey,
    reference,
    // The address the provider knows the payer by (a stand-in email becomes one on the site's host).
    email: deps.payments.payerEmail(payer.email),
    amount,
    amountKobo: amountPesewas,
    months,
    currency: 'GHS',
    channels: PAYMENT_CHANNELS,
    metadata: {
      subscription_type: planType,
      user_id: String(payer.userId ?? ''),
      plan_duration: months === 1 ? 'monthly' : `${months} months`,
      full_name: payer.fullName,
      phone: payer.phone,
      amount_ghs: amount,
      payment_methods: PAYMENT_CHANNELS.join(','),
    },
  };
}

export type SettleResult =
  | { ok: true; payment: PaymentRow; granted: boolean }
  | { ok: false; reason: string; retryable?: boolean };

/**
 * The affiliate's commission on a referred user's first month (docs/PRODUCT.md "Affiliates, commission and payouts": 40%, ₵4.00 and ₵10.80;
 * the administrator's setting at the time the payment settles), written in the transaction
 * that settles that payment: only for registrations, at most once per referred user (unique), and
 * never when the affiliate shares the referred user's email or phone.
 */
/** What `months` of a plan cost now, in pesewas: the monthly price times the months, less the length's discount. */
export function priceFor(settings: Settings, planType: PlanType, months: PlanLength): number {
  return lengthPricePesewas(settings.pricePesewas[planType], months, settings.lengthDiscounts);
}

/** A provider's statuses for a payment not finished yet: it may still succeed. */
const IN_PROGRESS = ['ongoing', 'pending', 'processing', 'queued', 'abandoned', 'pay_offline', 'send_otp'];

/** What must hold before a payment grants anything (ARCHITECTURE.md "Payments through a provider"). */
function refusal(payment: PaymentRow, tx: ProviderTransaction, payerEmail: (email: string) => string): string | null {
  if (tx.reference !== payment.reference) return 'provider answered for another reference';
  if (tx.status !== 'success') return `provider status is ${tx.status || 'empty'}`;
  if (tx.amount !== payment.amount_pesewas) {
    return `amount ${tx.amount} is not the plan price ${payment.amount_pesewas}`;
  }
  if (tx.currency !== 'GHS') return `currency ${tx.currency} is not GHS`;
  // Read defensively: metadata comes from the payer's side, and String() of an object whose
  // toString is not a function throws (a 500). Anything but a string or number is no id.
  const named = tx.metadata.user_id;
  const metadataUser =
    named === undefined || named === null || named === ''
      ? ''
      : typeof named === 'string' || typeof named === 'number'
        ? String(named)
        : '(not an id)';
  const ownerByMetadata = payment.user_id !== null && metadataUser === String(payment.user_id);
  const ownerByEmail = tx.customerEmail.toLowerCase() === payerEmail(payment.email).toLowerCase();
  if (metadataUser && !ownerByMetadata) return 'metadata names another user';
  if (!ownerByMetadata && !ownerByEmail) return 'payment does not belong to this account';
  return null;
}

/**
 * Asks the provider about a reference the server issued and, when every check holds, grants the
 * paid month exactly once: the payment row moves initialized → success under a row lock, and the
 * subscription's unique payment_id backs that up, and the receipt is queued in the same
 * transaction. Repeats answer ok with granted: false.
 */
export async function settlePayment(
  deps: PaymentsDeps,
  reference: string,
  expected: { userId?: number; purposes?: PaymentPurpose[] } = {},
): Promise<SettleResult> {
  const { db, logger } = deps;
  const payment = await db('payments').where({ reference }).first();
  if (!payment) return { ok: false, reason: 'unknown reference' };
  if (expected.userId !== undefined && Number(payment.user_id) !== expected.userId) {
    logger.warn({ reference, userId: expected.userId }, 'payment refused: reference belongs to another account');
    return { ok: false, reason: 'reference belongs to another account' };
  }
  if (expected.purposes && !expected.purposes.includes(payment.purpose))
    return { ok: false, reason: `payment is for ${payment.purpose}` };
  if (payment.status === 'success') return { ok: true, payment, granted: false };
  // A mobile-money prompt we stopped waiting for (expired by our clock) may still be approved at
  // the last second: if the provider then says success, the money was taken and the months are due.
  const expiredPrompt = payment.status === 'failed' && payment.prompt_status === 'expired';
  if (payment.status === 'failed' && !expiredPrompt) return { ok: false, reason: 'payment failed earlier' };

  let tx: ProviderTransaction | null;
  try {
    tx = await deps.payments.verify(reference);
  } catch (err) {
    if (err instanceof ProviderUnavailableError) {
      logger.error({ reference, err: err.message }, 'payment provider unavailable');
      return { ok: false, reason: 'provider unavailable', retryable: true };
    }
    throw err;
  }
  if (!tx) return { ok: false, reason: 'provider does not know the reference' };
  const refused = refusal(payment, tx, deps.payments.payerEmail);
  if (refused) {
    // Still in progress at the provider (a prompt waiting on the phone is asked about every few
    // seconds): leave it open, quietly. Anything else is final, and worth a warning.
    if (IN_PROGRESS.includes(tx.status)) {
      logger.debug({ reference, status: tx.status }, 'payment still in progress');
      return { ok: false, reason: refused };
    }
    logger.warn({ reference, reason: refused }, 'payment refused');
    await db('payments')
      .where({ id: payment.id, status: 'initialized' })
      .update({ status: 'failed', settled_at: deps.clock.now() });
    return { ok: false, reason: refused };
  }

  return db.transaction(async (trx) => {
    const now = deps.clock.now();
    // One settlement per account at a time, the account locked first (as everywhere else): two
    // renewals settling together would both read the same period end and lose a month between them
    // (PostgreSQL runs them side by side, PGlite one after the other).
    if (payment.user_id !== null) await trx('users').where({ id: payment.user_id }).forUpdate().first('id');
    const [settled] = await trx('payments')
      .where({ id: payment.id })
      .where((open) => open.where('status', 'initialized').orWhere({ status: 'failed', prompt_status: 'expired' }))
      .update({
        status: 'success',
        provider_transaction_id: tx.providerId,
        channel: tx.channel,
        paid_at: tx.paidAt ?? now,
        settled_at: now,
      })
      .returning('*');
    if (!settled) return { ok: true as const, payment, granted: false };
    if (settled.purpose !== 'test' && settled.user_id !== null) {
      const userId = Number(settled.user_id);
      const paidUntil = await grantPaidMonths(trx, { ...settled, id: Number(settled.id), user_id: userId }, tx, now);
      if (settled.purpose === 'registration') await creditReferralCommission(trx, userId, settled, now);
      const user = await usersRepo.findById(trx, userId);
      if (user?.status === 'pending') await usersRepo.setStatus(trx, userId, 'active', now);
      // The receipt is written with the month it reports, and only by the call that granted it.
      await deps.notifier.sendEmail(
        receipt(settled.email, {
          reference,
          planType: settled.plan_type,
          amountPesewas: settled.amount_pesewas,
          months: settled.months,
          paidUntil,
          renewal: settled.purpose === 'renewal',
        }),
        trx,
      );
    }
    logger.info({ reference, purpose: settled.purpose, userId: settled.user_id }, 'payment settled');
    return { ok: true as const, payment: settled, granted: true };
  });
}

/** A completion may sign the payer in only soon after the sign-up that started it. */
const AUTO_LOGIN_WINDOW_MS = HOUR_MS;

/**
 * Whether this completion may sign the payer in (a payment reference is in logs, the
 * receipt and on screen, and used to be a replayable sign-in). Only with the secret the browser
 * that started the payment holds, within the hour, once (claimed under a conditional update), and
 * never once the password was reset after the payment began.
 */
async function claimCompletion(db: Db, payment: PaymentRow, secret: string | undefined, now: Date): Promise<boolean> {
  if (!secret || timeBetween(payment.created_at, now) >= AUTO_LOGIN_WINDOW_MS) return false;
  return db.transaction(async (trx) => {
    const resetSince = await paymentsRepo.passwordResetSince(
      trx,
      payment.user_id as number | string,
      payment.created_at,
    );
    if (resetSince) return false;
    const claimed = await paymentsRepo.claimCompletion(trx, payment.id, hashToken(secret), now);
    return claimed === 1;
  });
}

const verifyFailed = () => new HttpError(400, 'payment_failed', PAYMENT_MESSAGES.verifyFailed);
/** Paystack did not answer in time: the payment stays pending, checked again later (docs/PRODUCT.md "Failed payments"). */
const providerSlow = () => new HttpError(503, 'provider_unavailable', PAYMENT_MESSAGES.providerSlow);
/** A settlement that could not be made: pending when Paystack could not be asked, refused otherwise. */
const notSettled = (result: { retryable?: boolean }) => (result.retryable ? providerSlow() : verifyFailed());

/**
 * POST /api/complete-registration: settles the first payment of `userId`, then signs the payer in
 * when `claimCompletion` allows it.
 */
export async function completeRegistration(
  deps: PaymentsDeps,
  input: { userId: number; paymentReference: string; completionSecret?: string },
): Promise<CompleteRegistrationResponse> {
  const { db, clock } = deps;
  const { userId: id, paymentReference, completionSecret } = input;
  const result = await settlePayment(deps, paymentReference, { userId: id, purposes: ['registration'] });
  if (!result.ok) throw notSettled(result);
  const user = await usersRepo.findById(db, id);
  if (!user) throw verifyFailed();
  const now = clock.now();
  const autoLogin = user.status === 'active' && (await claimCompletion(db, result.payment, completionSecret, now));
  return {
    success: true,
    message: autoLogin ? 'Registration complete. Welcome!' : 'Your payment is recorded. Please sign in.',
    autoLogin,
    ...(autoLogin && { token: await sessionsRepo.create(db, id, now) }),
    user: toSessionUser(user),
  };
}

/** POST /api/verify-payment: settles the payment, or 400 when it cannot be granted. */
export async function verifyPayment(deps: PaymentsDeps, reference: string): Promise<void> {
  const result = await settlePayment(deps, reference);
  if (!result.ok) throw notSettled(result);
}

/** The TEST MODE checkout's charge for a payment the server started, recorded once (what Paystack would report). */
export async function recordSandboxCharge(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  charge: SandboxCharge,
): Promise<void> {
  const { db, clock } = deps;
  const payment = await paymentsRepo.findByReference(db, charge.reference);
  if (!payment) throw notFound('Unknown payment reference.');
  const inserted = await recordCharge(db, {
    reference: charge.reference,
    amount: charge.amount,
    currency: charge.currency,
    email: charge.email,
    metadata: JSON.stringify(charge.metadata ?? {}),
    status: charge.outcome,
    channel: charge.method ?? 'mobile_money',
    // Paystack returns an authorization for every payment; only the card's is reusable.
    authorization_code: `AUTH_sbx${randomBytes(6).toString('hex')}`,
    created_at: clock.now(),
  });
  if (inserted.length === 0) throw new HttpError(409, 'conflict', 'This payment was already made.');
}

/**
 * The TEST MODE phone approves or declines a prompt the sandbox "sent" (see answerTestPrompt); once
 * answered, the next status read asks the provider at once, as Paystack's webhook makes it for a
 * real prompt.
 */
export async function answerTestPhone(
  { db, clock }: Pick<PaymentsDeps, 'db' | 'clock'>,
  reference: string,
  approve: boolean,
): ReturnType<typeof answerTestPrompt> {
  const answered = await answerTestPrompt(db, reference, approve, clock.now());
  if (answered === 'answered') await paymentsRepo.askProviderNow(db, reference);
  return answered;
}
