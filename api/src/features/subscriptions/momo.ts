import { periodBoughtBy } from './paid-period.ts';
import {
  maskPhone,
  MOMO_MESSAGES,
  MOMO_PROMPT_TTL_MS,
  type MomoNetworkCode,
  type MomoPromptRequest,
  type MomoPromptResponse,
  type MomoStatus,
} from '../../../../contract/momo.ts';
import { formatCedisText, toCedis } from '../../../../contract/money.ts';
import { toE164 } from '../../../../contract/phone.ts';
import { PLANS, type PlanType } from '../../../../contract/plans.ts';
import { longDate, subtractTime, timeBetween } from '../../../../contract/dates.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { countRequest, LIMITS } from '../../http/rate-limit.ts';
import { ChargeRefusedError, ProviderUnavailableError, type ChargeProgress } from '../../providers/payments.ts';
import {
  createPaymentIntent,
  settlePayment,
  type PaymentPurpose,
  type PaymentRow,
  type PaymentsDeps,
} from '../payments/index.ts';
import { assertPromptable } from './momo-numbers.ts';
import { usersRepo } from '../accounts/index.ts';
import { paymentsRepo } from '../payments/index.ts';

/**
 * Renewal by a prompt sent to the payer's phone (docs/PRODUCT.md "Mobile money in one
 * tap"): the renewal payment is created exactly as for the checkout (its own reference, the price
 * in force), then the provider's direct charge sends the prompt. Value is granted only by
 * settlePayment, from the webhook or from a page asking how the prompt stands.
 */

type PromptPayment = PaymentRow;

/**
 * The provider is asked how an open prompt stands at most this often, however many pages ask
 * (each poll and each reload of /renew/{token}?ref= used to call Paystack). The webhook
 * settles a paid prompt at once; between asks, pages are answered from the database.
 */
export const PROVIDER_CHECK_MS = 5_000;

/** Whose subscription a prompt pays, as the payer reads it (no name anyone typed: the masked number). */
export const promptDescription = (plan: PlanType, months: number, accountPhone: string) =>
  `ServiceConnect Ghana: ${months === 1 ? '1 month' : `${months} months`} of the ${PLANS[plan].name} plan for the account of ${maskPhone(accountPhone)}`;

/** What the payer reads for each state of a prompt. */
const say = {
  approve: (p: PromptPayment) =>
    `Approve the ${formatCedisText(toCedis(p.amount_pesewas), { fixed: true })} prompt on ${maskPhone(p.prompt_phone ?? '')} within 3 minutes.`,
  voucher: () =>
    'Telecel needs a voucher code: dial *110#, choose "Generate voucher", then type the code here within 3 minutes.',
  pending: () => 'Waiting for the mobile-money network to answer. This page checks again by itself.',
  unconfirmed: () =>
    'We could not confirm that the prompt was sent. If one arrives, approve it; this page keeps checking.',
  paid: (until: Date) => `Paid. Your subscription now runs until ${longDate(until)}.`,
  failed: (reason: string | null) =>
    `The payment did not go through${reason ? `: ${reason.replace(/\.$/, '')}` : ''}. Nothing was taken. You can send the prompt again.`,
  refused: (p: PromptPayment) =>
    `The network would not send a prompt to ${maskPhone(p.prompt_phone ?? '')}. Check the number and the network, then try again.`,
  expired: () =>
    'Nobody approved the prompt within 3 minutes, so it expired and nothing was taken. Send it again when your phone is at hand.',
};

const IN_PROGRESS: MomoStatus[] = ['pay_offline', 'send_otp', 'pending'];

interface Account {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  user_type: string;
  momo_network: MomoNetworkCode | null;
}

async function account(deps: PaymentsDeps, userId: number): Promise<Account> {
  const row = await deps
    .db('users')
    .where({ id: userId })
    .whereNull('deleted_at')
    .first('id', 'email', 'first_name', 'last_name', 'phone', 'user_type', 'momo_network');
  if (!row) throw notFound('No such account.');
  if (row.user_type === 'affiliate') throw forbidden(MOMO_MESSAGES.affiliate);
  return { ...row, id: Number(row.id) };
}

/** The answer for a prompt still open, as last heard from the provider. */
function openAnswer(payment: PromptPayment): MomoPromptResponse {
  const status = (
    IN_PROGRESS.includes(payment.prompt_status as MomoStatus) ? payment.prompt_status : 'pending'
  ) as MomoStatus;
  const message =
    status === 'pay_offline'
      ? say.approve(payment)
      : status === 'send_otp'
        ? (payment.prompt_message ?? say.voucher())
        : say.pending();
  return { success: true, status, message, reference: payment.reference };
}

async function paidAnswer(deps: PaymentsDeps, payment: PromptPayment): Promise<MomoPromptResponse> {
  const until = (await periodBoughtBy(deps.db, Number(payment.id))) ?? deps.clock.now();
  return {
    success: true,
    status: 'success',
    message: say.paid(until),
    reference: payment.reference,
    paidUntil: until.toISOString(),
  };
}

/** Records the prompt as failed (`expired`: by our clock, not the provider's word) with the payer's reason. */
async function fail(
  deps: PaymentsDeps,
  payment: PromptPayment,
  message: string,
  how: 'failed' | 'expired' = 'failed',
): Promise<MomoPromptResponse> {
  await paymentsRepo.failPrompt(deps.db, payment.id, how, message, payment.settled_at ?? deps.clock.now());
  return { success: false, status: 'failed', message, reference: payment.reference };
}

/** Turns the provider's answer (to the charge or to the voucher code) into the payer's next step. */
async function afterProgress(
  deps: PaymentsDeps,
  payment: PromptPayment,
  progress: ChargeProgress,
): Promise<MomoPromptResponse> {
  if (progress.status === 'success')
    return promptStatus(deps, Number(payment.user_id), payment.reference, { ask: 'now' });
  if (progress.status === 'failed') return fail(deps, payment, say.failed(progress.message));
  const status: MomoStatus =
    progress.status === 'pay_offline' || progress.status === 'send_otp' ? progress.status : 'pending';
  // The provider's words for a voucher (Telecel) are what the payer must do; for a prompt, ours name the phone.
  const message = status === 'send_otp' ? progress.message : null;
  await paymentsRepo.setPromptStatus(deps.db, payment.id, status, message);
  return openAnswer({ ...payment, prompt_status: status, prompt_message: message });
}

async function charge(
  deps: PaymentsDeps,
  payment: PromptPayment,
  call: () => Promise<ChargeProgress>,
): Promise<MomoPromptResponse> {
  try {
    return await afterProgress(deps, payment, await call());
  } catch (err) {
    if (err instanceof ChargeRefusedError) return fail(deps, payment, say.refused(payment));
    if (err instanceof ProviderUnavailableError) {
      // It may have been sent before the connection failed: checked by reference until it expires.
      deps.logger.error(
        { reference: payment.reference, err: err.message },
        'mobile-money prompt: provider unavailable',
      );
      return { success: true, status: 'pending', message: say.unconfirmed(), reference: payment.reference };
    }
    throw err;
  }
}

/**
 * Sends a renewal prompt to the phone (the account's number and last network unless others are
 * given; another number only once its owner proved it: momo-numbers.ts). A repeated request while
 * the same prompt is open (same number, network, months and origin) answers with that prompt
 * instead of sending a second one. Only a request that sends a prompt counts against the limits
 * per account and per number, so refused requests naming a number never lock its owner out.
 * `renewLinkHash`: the one-tap link that asks (it may act on its own prompts only). `purpose`:
 * 'registration' for a pending account's first payment (docs/PRODUCT.md "Signed up by an affiliate").
 */
export async function sendMomoPrompt(
  deps: PaymentsDeps,
  userId: number,
  input: MomoPromptRequest,
  {
    renewLinkHash = null,
    purpose = 'renewal',
  }: { renewLinkHash?: string | null; purpose?: Extract<PaymentPurpose, 'renewal' | 'registration'> } = {},
): Promise<MomoPromptResponse> {
  const user = await account(deps, userId);
  const phone = toE164(input.phone ?? user.phone);
  if (!phone) throw badRequest(MOMO_MESSAGES.badPhone, [{ field: 'phone', message: MOMO_MESSAGES.badPhone }]);
  const network = input.provider ?? user.momo_network;
  if (!network) throw badRequest(MOMO_MESSAGES.noNetwork, [{ field: 'provider', message: MOMO_MESSAGES.noNetwork }]);
  await assertPromptable(deps, user, phone);
  const months = input.months ?? 1;
  const now = deps.clock.now();
  const { payment, fresh } = await deps.db.transaction(async (trx) => {
    // One at a time per account: of two taps at once, the second finds the first's prompt.
    await trx('users').where({ id: user.id }).forUpdate().first('id');
    const open: PromptPayment | undefined = await trx('payments')
      .where({
        user_id: user.id,
        initiated_via: 'momo_prompt',
        purpose,
        status: 'initialized',
        prompt_phone: phone,
        prompt_network: network,
        months,
        renew_link_hash: renewLinkHash,
      })
      .where('created_at', '>', subtractTime(now, { ms: MOMO_PROMPT_TTL_MS }))
      .orderBy('id', 'desc')
      .first();
    if (open) return { payment: open, fresh: false };
    // Counted in this transaction: a request refused later (or past the limit) leaves no count behind.
    await countRequest(trx, LIMITS.momoPromptsByAccount, String(user.id), now);
    await countRequest(trx, LIMITS.momoPromptsByPhone, phone.slice(-9), now);
    const intent = await createPaymentIntent(
      deps,
      { userId: user.id, email: user.email, fullName: `${user.first_name} ${user.last_name}`, phone: user.phone },
      user.user_type as PlanType,
      purpose,
      trx,
      { months, via: 'momo_prompt' },
    );
    const created = await paymentsRepo.startPrompt(trx, intent.reference, {
      prompt_phone: phone,
      prompt_network: network,
      renew_link_hash: renewLinkHash,
    });
    await usersRepo.setMomoNetwork(trx, user.id, network);
    return { payment: created as PromptPayment, fresh: true };
  });
  if (!fresh) return openAnswer(payment);
  const description = promptDescription(payment.plan_type, months, user.phone);
  return charge(deps, payment, () =>
    deps.payments.chargeMobileMoney({
      email: payment.email,
      amount: payment.amount_pesewas,
      reference: payment.reference,
      phone: phone.replace(/^\+233/, '0'),
      network,
      metadata: {
        user_id: String(user.id),
        subscription_type: payment.plan_type,
        months,
        initiated_via: 'momo_prompt',
        // Paystack shows custom_fields with the payment: whoever approves sees whose subscription it pays.
        description,
        custom_fields: [{ display_name: 'Pays for', variable_name: 'pays_for', value: description }],
      },
    }),
  );
}

export async function ownPrompt(deps: PaymentsDeps, userId: number, reference: string): Promise<PromptPayment> {
  const payment: PromptPayment | undefined = await deps
    .db('payments')
    .where({ reference, user_id: userId, initiated_via: 'momo_prompt' })
    .first();
  if (!payment) throw notFound(MOMO_MESSAGES.noSuchPrompt);
  return payment;
}

/** Telecel's voucher code for a prompt that asked for one. */
export async function submitMomoOtp(
  deps: PaymentsDeps,
  userId: number,
  input: { reference: string; otp: string },
): Promise<MomoPromptResponse> {
  const payment = await ownPrompt(deps, userId, input.reference);
  if (payment.status !== 'initialized' || payment.prompt_status !== 'send_otp')
    throw conflict(MOMO_MESSAGES.notAwaitingOtp);
  return charge(deps, payment, () => deps.payments.submitOtp(payment.reference, input.otp));
}

/**
 * Claims the next ask of the provider about an open payment: true for at most one caller every
 * PROVIDER_CHECK_MS (one conditional update, so concurrent pages and processes agree).
 */
async function claimProviderCheck(deps: PaymentsDeps, payment: PromptPayment, now: Date): Promise<boolean> {
  return paymentsRepo.claimProviderCheck(deps.db, payment.id, now, subtractTime(now, { ms: PROVIDER_CHECK_MS }));
}

/**
 * How a prompt stands, asking the provider while it is open (settlePayment grants the months once
 * it says success, with every check a checkout payment gets) at most once every PROVIDER_CHECK_MS
 * (`ask`: 'now' when the provider has just said success; 'never' answers from the database only).
 * Open past its 3 minutes, it is recorded as failed: expired.
 */
export async function promptStatus(
  deps: PaymentsDeps,
  userId: number,
  reference: string,
  { ask = 'when-due' }: { ask?: 'when-due' | 'now' | 'never' } = {},
): Promise<MomoPromptResponse> {
  let payment = await ownPrompt(deps, userId, reference);
  const asking =
    payment.status === 'initialized' &&
    ask !== 'never' &&
    (ask === 'now' || (await claimProviderCheck(deps, payment, deps.clock.now())));
  if (asking) {
    const settled = await settlePayment(deps, reference, { userId, purposes: ['renewal', 'registration'] });
    payment = await ownPrompt(deps, userId, reference);
    if (!settled.ok && payment.status === 'failed' && !payment.prompt_message)
      return fail(deps, payment, say.failed(null));
  }
  if (payment.status === 'success') return paidAnswer(deps, payment);
  if (payment.status === 'failed')
    return { success: false, status: 'failed', message: payment.prompt_message ?? say.failed(null), reference };
  if (timeBetween(payment.created_at, deps.clock.now()) > MOMO_PROMPT_TTL_MS)
    return fail(deps, payment, say.expired(), 'expired');
  return openAnswer(payment);
}
