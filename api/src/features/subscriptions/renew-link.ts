import { paidUntil } from './paid-period.ts';
import { randomBytes } from 'node:crypto';
import { formatCedisText, toCedis } from '../../../../contract/money.ts';
import {
  maskPhone,
  MOMO_MESSAGES,
  momoOtpSchema,
  networkByPrefix,
  type MomoNetworkCode,
  type MomoPromptResponse,
} from '../../../../contract/momo.ts';
import { PLANS, type PlanType } from '../../../../contract/plans.ts';
import { addTime, HOUR_MS } from '../../../../contract/dates.ts';
import type { Conn } from '../../db.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { hashToken } from '../../tokens.ts';
import { answerTestPhone, priceFor, type PaymentsDeps } from '../payments/index.ts';
import { getSettings } from '../settings/index.ts';
import { promptStatus, sendMomoPrompt, submitMomoOtp } from './momo.ts';
import { validate } from '../../http/validate.ts';

/**
 * One-tap renewal from a reminder (docs/PRODUCT.md "Mobile money in one tap"):
 * /renew/{token} sends the account's renewal prompt without a sign-in. The token is the only key,
 * so it is random (128 bits, short enough for an SMS), kept hashed, good for 72 hours and for the
 * renewal of one paid period, and spent once that renewal is paid.
 */
export const RENEW_LINK_TTL_MS = 72 * HOUR_MS;

export const RENEW_LINK_MESSAGES = {
  gone: 'This renewal link has been used or has expired. Sign in to renew from your dashboard.',
} as const;

/** A new link for `userId`'s renewal of the period ending `periodEnd`, written with the reminder that carries it. */
export async function issueRenewLink(trx: Conn, userId: number, periodEnd: Date, now: Date): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  await trx('renew_links').insert({
    token_hash: hashToken(token),
    user_id: userId,
    period_end: periodEnd,
    created_at: now,
    expires_at: addTime(now, { ms: RENEW_LINK_TTL_MS }),
  });
  return token;
}

/** What the renewal page shows: whose plan, for how much, to which phone. */
export interface RenewLinkView {
  planName: string;
  amount: string;
  phone: string;
  network: MomoNetworkCode | null;
  paidUntil: string;
}

/** How a link's own prompt ended, for the page opened again: when it was paid, and how long the account now runs. */
export interface RenewLinkEnded {
  paidAt: string;
  paidUntil: string;
}

/** The shape of a token issueRenewLink writes: anything else is known to be nobody's, without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,30}$/;

/** The latest end of `userId`'s paid periods, or null with none. */
const paidUntilOf = (deps: PaymentsDeps, userId: number) => paidUntil(deps.db, userId);

/** The account a live link renews, or undefined (unknown, expired, spent, or the period renewed since). */
async function linkedAccount(deps: PaymentsDeps, token: string) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const now = deps.clock.now();
  const link = await deps
    .db('renew_links as l')
    .join('users as u', 'u.id', 'l.user_id')
    .where('l.token_hash', hashToken(token))
    .whereNull('l.used_at')
    .where('l.expires_at', '>', now)
    .whereNull('u.deleted_at')
    .where('u.status', 'active')
    .first('l.token_hash', 'l.period_end', 'u.id', 'u.user_type', 'u.phone', 'u.momo_network');
  if (!link) return undefined;
  const paidUntil = await paidUntilOf(deps, Number(link.id));
  if (!paidUntil || paidUntil.getTime() !== new Date(link.period_end).getTime()) return undefined;
  return { ...link, id: Number(link.id), paidUntil };
}

const gone = () => new HttpError(410, 'gone', RENEW_LINK_MESSAGES.gone);

/**
 * A prompt this link started, while the link lasts (a spent or expired link used to act
 * on every prompt of its owner, dashboard prompts to other numbers too). `spent`: whether the link
 * was spent since; then it may still show how its own prompt ended, from the database.
 */
async function linkPrompt(deps: PaymentsDeps, token: string, reference: string) {
  const link = await deps
    .db('renew_links')
    .where({ token_hash: hashToken(token.slice(0, 40)) })
    .where('expires_at', '>', deps.clock.now())
    .first('token_hash', 'user_id', 'used_at');
  if (!link) throw gone();
  const prompt = await deps
    .db('payments')
    .where({ reference, renew_link_hash: link.token_hash, initiated_via: 'momo_prompt' })
    .first('id');
  if (!prompt) throw notFound(MOMO_MESSAGES.noSuchPrompt);
  return { userId: Number(link.user_id), tokenHash: link.token_hash, spent: link.used_at !== null };
}

export function renewLinks(deps: PaymentsDeps) {
  /** A prompt of this link, which must not be spent yet to be acted on. */
  const actOn = async (token: string, reference: string) => {
    const prompt = await linkPrompt(deps, token, reference);
    if (prompt.spent) throw gone();
    return prompt;
  };
  return {
    async view(token: string): Promise<RenewLinkView | undefined> {
      const account = await linkedAccount(deps, token);
      if (!account) return undefined;
      const plan = account.user_type as PlanType;
      return {
        planName: PLANS[plan].name,
        amount: formatCedisText(toCedis(priceFor(await getSettings(deps.db), plan, 1)), { fixed: true }),
        phone: maskPhone(account.phone),
        // The network named last time, else the number's first network as a guess shown (and changeable) on the page.
        network: account.momo_network ?? networkByPrefix(account.phone),
        paidUntil: account.paidUntil.toISOString(),
      };
    },

    /**
     * A link whose own prompt was paid, opened again before it expires (docs/PRODUCT.md "Mobile
     * money in one tap": once spent it still shows how its own prompt ended, without asking
     * Paystack): when it was paid and how long the account now runs. Undefined for any other link:
     * unknown, expired, or with no paid prompt of its own.
     */
    async ended(token: string): Promise<RenewLinkEnded | undefined> {
      if (!TOKEN_SHAPE.test(token)) return undefined;
      const link = await deps
        .db('renew_links')
        .where({ token_hash: hashToken(token) })
        .where('expires_at', '>', deps.clock.now())
        .first('token_hash', 'user_id');
      if (!link) return undefined;
      const paid = await deps
        .db('payments')
        .where({ renew_link_hash: link.token_hash, initiated_via: 'momo_prompt', status: 'success' })
        .orderBy('id', 'desc')
        .first('paid_at', 'settled_at', 'created_at');
      const paidUntil = paid ? await paidUntilOf(deps, Number(link.user_id)) : null;
      if (!paid || !paidUntil) return undefined;
      const paidAt = new Date(paid.paid_at ?? paid.settled_at ?? paid.created_at);
      return { paidAt: paidAt.toISOString(), paidUntil: paidUntil.toISOString() };
    },

    /** Sends the prompt to the account's own number, on the network chosen on the page (limited as the API's prompts are). */
    async send(token: string, network: MomoNetworkCode | undefined): Promise<MomoPromptResponse> {
      const account = await linkedAccount(deps, token);
      if (!account) throw gone();
      return sendMomoPrompt(deps, account.id, { provider: network, months: 1 }, { renewLinkHash: account.token_hash });
    },

    /** Telecel's voucher code for the link's prompt. */
    async otp(token: string, reference: string, otp: string): Promise<MomoPromptResponse> {
      const { userId } = await actOn(token, reference);
      return submitMomoOtp(deps, userId, validate(momoOtpSchema, { reference, otp }));
    },

    /** TEST MODE only: the test phone approves or declines the link's prompt. */
    async testPhone(token: string, reference: string, approve: boolean): Promise<void> {
      if (deps.payments.name !== 'sandbox') return;
      await actOn(token, reference);
      await answerTestPhone(deps, reference, approve);
    },

    /** How the link's prompt stands; a paid one spends the link. Once spent, answered from the database only. */
    async status(token: string, reference: string): Promise<MomoPromptResponse> {
      const { userId, tokenHash, spent } = await linkPrompt(deps, token, reference);
      const answer = await promptStatus(deps, userId, reference, { ask: spent ? 'never' : 'when-due' });
      if (answer.status === 'success')
        await deps
          .db('renew_links')
          .where({ token_hash: tokenHash })
          .whereNull('used_at')
          .update({ used_at: deps.clock.now() });
      return answer;
    },
  };
}
export type RenewLinks = ReturnType<typeof renewLinks>;
