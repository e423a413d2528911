import { verifyPayment } from '../../../../contract/payments.ts';
import { renewSubscription } from '../../../../contract/subscriptions.ts';
import { call } from '../../lib/call.ts';
import { atom } from 'nanostores';
import { PAYMENT_MESSAGES, type PaymentIntent } from '../../../../contract/payments.ts';
import type { PlanLength } from '../../../../contract/plans.ts';
import { addMonths } from '../../../../contract/dates.ts';
import { actionErrorMessage, logUnexpected } from '../../lib/api.ts';
import { payForIntent } from '../../lib/payment.ts';

/**
 * Renew now (POST /api/subscription/renew → the pop-up or sandbox checkout → POST
 * /api/verify-payment): $renewal is where the renewal of the card on screen stands; the actions
 * move it.
 */
export type RenewalPhase =
  | { kind: 'idle' }
  | { kind: 'opening' }
  | { kind: 'verifying'; reference: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string; reference: string | null; months: PlanLength }
  | { kind: 'renewed'; previous: string; estimate: string };

type Renewed = Extract<RenewalPhase, { kind: 'renewed' }>;

export const RENEW_FAILED = 'Could not start the renewal payment. Please try again.';

export const $renewal = atom<RenewalPhase>({ kind: 'idle' });

/**
 * The success survives the dashboard reloading its data (the customer dashboard shows its loading
 * screen, which unmounts the card): the next card shown takes it once.
 */
let flash: Renewed | null = null;
/** Each card shown is a new one: a renewal started by a card no longer shown moves nothing. */
let shownCard = 0;

/** A card is shown: it starts idle, or with the success its predecessor earned. */
export function showRenewalCard(): number {
  shownCard += 1;
  $renewal.set(flash ?? { kind: 'idle' });
  flash = null;
  return shownCard;
}

export interface RenewalContext {
  /** The card that started it (from showRenewalCard). */
  card: number;
  token: string | null;
  /** The paid-until date shown before the renewal ('' when none). */
  previous: string;
  /** Asks the dashboard to reload its data. */
  onRenewed: () => void;
}

function move(context: RenewalContext, next: RenewalPhase): void {
  if (context.card === shownCard) $renewal.set(next);
}

/** Verifies a paid renewal of `bought` months. */
export async function verifyRenewal(context: RenewalContext, reference: string, bought: PlanLength): Promise<void> {
  move(context, { kind: 'verifying', reference });
  let answer: { success: boolean; message?: string };
  try {
    answer = await call(verifyPayment, { body: { reference } }, { token: context.token });
  } catch (error) {
    logUnexpected('Renewal verification failed', error);
    move(context, {
      kind: 'failed',
      message: actionErrorMessage(error, PAYMENT_MESSAGES.verifyFailed),
      reference,
      months: bought,
    });
    return;
  }
  if (!answer.success) {
    move(context, {
      kind: 'failed',
      message: answer.message || PAYMENT_MESSAGES.verifyFailed,
      reference,
      months: bought,
    });
    return;
  }
  const { previous } = context;
  const from = Math.max(previous ? Date.parse(previous) : 0, Date.now());
  const renewed: Renewed = { kind: 'renewed', previous, estimate: addMonths(new Date(from), bought).toISOString() };
  flash = renewed;
  move(context, renewed);
  context.onRenewed();
}

/** Starts a renewal of `months` months and pays it. */
export async function renew(context: RenewalContext, months: PlanLength): Promise<void> {
  move(context, { kind: 'opening' });
  let intent: PaymentIntent;
  try {
    const answer = await call(renewSubscription, { body: { months } }, { token: context.token });
    // A body that is not the contract's (a proxy's 200 page) starts nothing.
    if (!answer?.payment) throw new Error(RENEW_FAILED);
    intent = answer.payment;
  } catch (error) {
    logUnexpected('Renewal could not start', error);
    move(context, { kind: 'failed', message: actionErrorMessage(error, RENEW_FAILED), reference: null, months });
    return;
  }
  let result: Awaited<ReturnType<typeof payForIntent>>;
  try {
    result = await payForIntent(intent);
  } catch (error) {
    logUnexpected('Payment pop-up failed', error);
    move(context, {
      kind: 'failed',
      message: actionErrorMessage(error, PAYMENT_MESSAGES.initFailed),
      reference: null,
      months,
    });
    return;
  }
  if (result.status === 'cancelled') {
    move(context, { kind: 'cancelled' });
    return;
  }
  await verifyRenewal(context, result.reference, intent.months);
}

/** Try Again after a failure: verify the paid reference again, or start over for the months now chosen. */
export function retryRenewal(context: RenewalContext, months: PlanLength): Promise<void> {
  const phase = $renewal.get();
  if (phase.kind !== 'failed') return Promise.resolve();
  return phase.reference ? verifyRenewal(context, phase.reference, phase.months) : renew(context, months);
}
