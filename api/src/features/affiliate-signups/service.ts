import type { Config } from '../../config.ts';
import type { SessionUser } from '../../../../contract/accounts.ts';
import {
  AFFILIATE_SIGNUP_CODE_TRIES,
  AFFILIATE_SIGNUP_CODE_TTL_MINUTES,
  AFFILIATE_SIGNUP_MESSAGES,
  AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_DAY,
  AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_HOUR,
  AFFILIATE_SIGNUP_TEXTS_PER_NUMBER_DAY,
  AFFILIATE_SIGNUPS_LISTED,
  type AffiliateSignupListItem,
  type AffiliateSignupStart,
  type AffiliateSignupView,
} from '../../../../contract/affiliate-signups.ts';
import { addTime, MINUTE_MS, subtractTime } from '../../../../contract/dates.ts';
import { maskPhone, type MomoPromptResponse } from '../../../../contract/momo.ts';
import { toE164 } from '../../../../contract/phone.ts';
import type { AffiliateSignupRow } from '../../db-tables.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { type Limit, takeFromHour } from '../../http/rate-limit.ts';
import { insertPendingAccount } from '../accounts/signup.ts';
import { usersRepo } from '../accounts/index.ts';
import { recordReferral } from '../affiliates/index.ts';
import { newCode, sameHash } from '../auth/index.ts';
import { hashToken } from '../../tokens.ts';
import { textMessages } from '../notifications/index.ts';
import type { PaymentsDeps } from '../payments/index.ts';
import { promptStatus, sendMomoPrompt, submitMomoOtp } from '../subscriptions/index.ts';
import * as repo from './repo.ts';

/**
 * An affiliate signs up a professional (docs/PRODUCT.md "Signed up by an affiliate"). The number
 * is proved before anything is made: a code is texted to it and the affiliate types back what its
 * holder reads out, which is also the holder's consent. Only then is the account made (pending,
 * with no password), the referral recorded as the affiliate's, and the first payment's
 * mobile-money prompt sent to that phone; the account is listed once settlePayment grants it.
 *
 * What bounds the texting bill (each code is a paid text to someone's phone): a number gets
 * AFFILIATE_SIGNUP_TEXTS_PER_NUMBER_DAY codes a day whichever affiliates ask, an affiliate has
 * AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_HOUR an hour and …_DAY a day, and the service
 * TEXTS_IN_TOTAL.perHour an hour; a number that already has an account gets none.
 */

/** All the sign-up codes the service texts in an hour, whichever affiliates ask. */
export const TEXTS_IN_TOTAL: Limit = {
  name: 'affiliate-signup-texts',
  perHour: 500,
  message: AFFILIATE_SIGNUP_MESSAGES.inTotal,
};

/** What this feature reads beyond payments: whether the phone menu is on, and its code (USSD_CODE). */
type SignupDeps = PaymentsDeps & { config: Pick<Config, 'ussd'> };

/** What a listed professional does next: set the phone menu's PIN, or, without the menu, sign in on the web. */
export const nextStepOf = (ussd: Config['ussd']): string =>
  ussd
    ? `Ask them to dial ${ussd.dialCode} to set their PIN.`
    : 'They can sign in with Mobile Money on the website to answer requests.';

const CODE_TTL_MS = AFFILIATE_SIGNUP_CODE_TTL_MINUTES * MINUTE_MS;
const codeHash = (phone: string, code: string) => hashToken(`affiliate-signup:${phone}:${code}`);

type Affiliate = Pick<SessionUser, 'id' | 'userType' | 'status' | 'firstName'>;

/** Only an affiliate who may change things (a suspended one may only look: docs/PRODUCT.md "Signing in and sessions"). */
function refuseUnlessActiveAffiliate(affiliate: Affiliate): void {
  if (affiliate.userType !== 'affiliate') throw forbidden(AFFILIATE_SIGNUP_MESSAGES.notAffiliate);
  if (affiliate.status === 'suspended') throw new HttpError(403, 'suspended', AFFILIATE_SIGNUP_MESSAGES.suspended);
}

const tooMany = (message: string) =>
  new HttpError(429, 'rate_limited', message, { headers: { 'Retry-After': '3600' } });

const nameOf = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`;

/** The refusal for a number (or email) that already has an account, in words for the affiliate. */
const taken = (field: 'phone' | 'email') => {
  const message =
    field === 'phone'
      ? 'This phone number already has an account. They can sign in or renew from their own phone.'
      : 'This email already has an account. Leave the email empty, or use another.';
  return new HttpError(409, 'already_exists', message, { errors: [{ field, message }] });
};

/**
 * POST /api/affiliate/signups: checks the details, then texts the code to the professional's phone
 * (queued with the row, sent after the commit).
 */
export async function startSignup(
  deps: SignupDeps,
  affiliate: Affiliate,
  input: AffiliateSignupStart,
): Promise<AffiliateSignupView> {
  refuseUnlessActiveAffiliate(affiliate);
  const { db } = deps;
  const now = deps.clock.now();
  const phone = toE164(input.phone)!; // the schema accepted it
  // What an affiliate may learn about who has an account is bounded by its texts' limits below
  // (a refusal here is counted like a text).
  const takenField = (await usersRepo.findByPhone(db, phone))
    ? 'phone'
    : input.email && (await usersRepo.findByEmail(db, input.email))
      ? 'email'
      : null;
  const code = newCode();
  const row = await db.transaction(async (trx) => {
    await repo.lockNumberAndAffiliate(trx, phone, affiliate.id);
    const dayAgo = subtractTime(now, { days: 1 });
    if (
      (await repo.codesTexted(trx, { affiliate_id: affiliate.id }, dayAgo)) >= AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_DAY
    )
      throw tooMany(AFFILIATE_SIGNUP_MESSAGES.affiliateDay);
    const hourAgo = subtractTime(now, { hours: 1 });
    if (
      (await repo.codesTexted(trx, { affiliate_id: affiliate.id }, hourAgo)) >=
      AFFILIATE_SIGNUP_TEXTS_PER_AFFILIATE_HOUR
    )
      throw tooMany(AFFILIATE_SIGNUP_MESSAGES.affiliateHour);
    if ((await repo.codesTexted(trx, { phone }, dayAgo)) >= AFFILIATE_SIGNUP_TEXTS_PER_NUMBER_DAY)
      throw tooMany(AFFILIATE_SIGNUP_MESSAGES.numberDay);
    // Only a real text counts on the service's total.
    if (!takenField && !(await takeFromHour(trx, TEXTS_IN_TOTAL, 'all', now))) throw tooMany(TEXTS_IN_TOTAL.message);
    const created = await repo.insertSignup(trx, {
      affiliate_id: affiliate.id,
      phone,
      details: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        profession: input.profession,
        location: input.location,
        localAddress: input.localAddress,
      },
      momo_network: input.network,
      months: input.months,
      // A taken number gets no text: the row only counts the refusal against the affiliate.
      code_hash: takenField ? null : codeHash(phone, code),
      expires_at: addTime(now, { ms: CODE_TTL_MS }),
      created_at: now,
    });
    if (!takenField) {
      await deps.notifier.sendText(
        phone,
        textMessages.affiliateSignupCode(
          code,
          input.profession,
          affiliate.firstName,
          AFFILIATE_SIGNUP_CODE_TTL_MINUTES,
        ),
        trx,
        { oneChannel: true },
      );
    }
    await repo.dropBefore(trx, dayAgo);
    return created;
  });
  if (takenField) throw taken(takenField);
  return view(deps, row, `${input.firstName} ${input.lastName}`);
}

/**
 * POST /api/affiliate/signups/:id/code: the right code, within its time and tries, makes the
 * pending professional with the affiliate's referral, then rings their phone for the first payment.
 * Typed again once proved, it answers where the sign-up stands.
 */
export async function proveSignup(
  deps: SignupDeps,
  affiliate: Affiliate,
  id: number,
  code: string,
): Promise<AffiliateSignupView> {
  refuseUnlessActiveAffiliate(affiliate);
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (trx) => {
    const row = await repo.findOwn(trx, id, affiliate.id, { lock: true });
    if (!row) throw notFound(AFFILIATE_SIGNUP_MESSAGES.notFound);
    if (row.user_id !== null) return { row };
    if (!row.code_hash || row.expires_at <= now || row.tries >= AFFILIATE_SIGNUP_CODE_TRIES) return 'gone' as const;
    if (!sameHash(row.code_hash, codeHash(row.phone, code))) {
      // The try is written though the answer is a refusal: the transaction commits it.
      const tries = await repo.countWrongTry(trx, row.id);
      return tries >= AFFILIATE_SIGNUP_CODE_TRIES ? ('gone' as const) : ('wrong' as const);
    }
    // Taken since the code was sent (another sign-up of the number): the unique index would refuse it too.
    await repo.lockNumberAndAffiliate(trx, row.phone, affiliate.id);
    if (await usersRepo.findByPhone(trx, row.phone)) throw taken('phone');
    const details = row.details as repo.SignupDetails;
    if (details.email && (await usersRepo.findByEmail(trx, details.email))) throw taken('email');
    const userId = await insertPendingAccount(
      trx,
      {
        userType: 'professional',
        ...details,
        email: details.email || usersRepo.noEmailFor(row.phone),
        phone: row.phone,
        passwordHash: usersRepo.NO_PASSWORD,
        description: '',
        profilePicture: '',
        baseRate: 0,
        maxRate: 0,
        rateNegotiable: true,
      },
      now,
    );
    const referrer = await repo.referrerCodeOf(trx, affiliate.id);
    if (referrer) await recordReferral(trx, { id: affiliate.id, referrer_code: referrer.referrer_code }, userId, now);
    await repo.markProved(trx, row.id, userId, now);
    return { row: { ...row, user_id: userId }, fresh: true };
  });
  if (outcome === 'gone') throw new HttpError(410, 'gone', AFFILIATE_SIGNUP_MESSAGES.gone);
  if (outcome === 'wrong')
    throw badRequest(AFFILIATE_SIGNUP_MESSAGES.wrongCode, [
      { field: 'code', message: AFFILIATE_SIGNUP_MESSAGES.wrongCode },
    ]);
  // The prompt goes out after the commit: no outside call inside a transaction.
  if ('fresh' in outcome) return prompt(deps, outcome.row);
  return signupStatus(deps, affiliate, id);
}

/** Sends (or finds, while one is open) the first payment's prompt to the professional's phone. */
async function prompt(deps: SignupDeps, row: AffiliateSignupRow): Promise<AffiliateSignupView> {
  const userId = Number(row.user_id);
  const sent = await sendMomoPrompt(
    deps,
    userId,
    { provider: row.momo_network, months: row.months },
    { purpose: 'registration' },
  );
  if (sent.reference) await repo.setPaymentReference(deps.db, row.id, sent.reference);
  return provedView(deps, row, sent);
}

async function provedView(
  deps: SignupDeps,
  row: AffiliateSignupRow,
  prompt: MomoPromptResponse | null,
): Promise<AffiliateSignupView> {
  const user = await usersRepo.findById(deps.db, Number(row.user_id));
  if (!user) throw notFound(AFFILIATE_SIGNUP_MESSAGES.notFound);
  return view(deps, row, nameOf(user), { active: user.status === 'active', prompt });
}

function view(
  deps: SignupDeps,
  row: AffiliateSignupRow,
  name: string,
  proved?: { active: boolean; prompt: MomoPromptResponse | null },
): AffiliateSignupView {
  const base = { id: Number(row.id), name, phone: maskPhone(row.phone), prompt: null, nextStep: null };
  if (!proved) {
    const open = row.expires_at > deps.clock.now() && row.tries < AFFILIATE_SIGNUP_CODE_TRIES;
    const message = open ? AFFILIATE_SIGNUP_MESSAGES.sent(maskPhone(row.phone)) : AFFILIATE_SIGNUP_MESSAGES.gone;
    return { ...base, stage: 'code_sent', message };
  }
  if (proved.active || proved.prompt?.status === 'success')
    return {
      ...base,
      stage: 'listed',
      message: `${name} has paid and is listed.`,
      nextStep: nextStepOf(deps.config.ussd),
    };
  const prompt = proved.prompt && {
    status: proved.prompt.status,
    message: proved.prompt.message,
    reference: proved.prompt.reference,
  };
  return {
    ...base,
    stage: 'paying',
    message: prompt?.message ?? 'Send the payment prompt to their phone.',
    prompt,
  };
}

/** GET /api/affiliate/signups/:id: where it stands, asking how the prompt stands while it is open. */
export async function signupStatus(deps: SignupDeps, affiliate: Affiliate, id: number): Promise<AffiliateSignupView> {
  if (affiliate.userType !== 'affiliate') throw forbidden(AFFILIATE_SIGNUP_MESSAGES.notAffiliate);
  const row = await repo.findOwn(deps.db, id, affiliate.id);
  if (!row) throw notFound(AFFILIATE_SIGNUP_MESSAGES.notFound);
  if (row.user_id === null) {
    const details = row.details as repo.SignupDetails | null;
    return view(deps, row, details ? `${details.firstName} ${details.lastName}` : '');
  }
  const status = row.payment_reference ? await promptStatus(deps, Number(row.user_id), row.payment_reference) : null;
  return provedView(deps, row, status);
}

/**
 * GET /api/affiliate/signups: the affiliate's sign-ups of the last day, newest first, from what is
 * stored (no payment provider is asked: opening one asks, signupStatus). One whose account has
 * since been deleted is left out.
 */
export async function listSignups(deps: SignupDeps, affiliate: Affiliate): Promise<AffiliateSignupListItem[]> {
  if (affiliate.userType !== 'affiliate') throw forbidden(AFFILIATE_SIGNUP_MESSAGES.notAffiliate);
  const since = subtractTime(deps.clock.now(), { days: 1 });
  const rows = await repo.listOwnSince(deps.db, affiliate.id, since, AFFILIATE_SIGNUPS_LISTED);
  return rows.flatMap((row): AffiliateSignupListItem[] => {
    const base = { id: Number(row.id), phone: maskPhone(row.phone) };
    if (row.proved_at === null) {
      const details = row.details as repo.SignupDetails | null;
      return [{ ...base, stage: 'code_sent', name: details ? `${details.firstName} ${details.lastName}` : '' }];
    }
    if (row.first_name === null || row.last_name === null) return [];
    const name = nameOf({ first_name: row.first_name, last_name: row.last_name });
    return [{ ...base, stage: row.status === 'pending' ? 'paying' : 'listed', name }];
  });
}

/** The proved, unpaid sign-up of this affiliate (for sending the prompt again or its voucher). */
async function unpaid(deps: SignupDeps, affiliate: Affiliate, id: number): Promise<AffiliateSignupRow> {
  refuseUnlessActiveAffiliate(affiliate);
  const row = await repo.findOwn(deps.db, id, affiliate.id);
  if (!row) throw notFound(AFFILIATE_SIGNUP_MESSAGES.notFound);
  if (row.user_id === null) throw conflict(AFFILIATE_SIGNUP_MESSAGES.notProved);
  const user = await usersRepo.findById(deps.db, Number(row.user_id));
  if (user?.status !== 'pending') throw conflict(AFFILIATE_SIGNUP_MESSAGES.alreadyPaid);
  return row;
}

/** POST /api/affiliate/signups/:id/prompt: rings the phone again (the prompt's own limits apply). */
export async function promptAgain(deps: SignupDeps, affiliate: Affiliate, id: number): Promise<AffiliateSignupView> {
  return prompt(deps, await unpaid(deps, affiliate, id));
}

/** POST /api/affiliate/signups/:id/voucher: Telecel's voucher code for the open prompt. */
export async function submitVoucher(
  deps: SignupDeps,
  affiliate: Affiliate,
  id: number,
  otp: string,
): Promise<AffiliateSignupView> {
  const row = await unpaid(deps, affiliate, id);
  if (!row.payment_reference) throw conflict(AFFILIATE_SIGNUP_MESSAGES.notProved);
  const answer = await submitMomoOtp(deps, Number(row.user_id), { reference: row.payment_reference, otp });
  return provedView(deps, row, answer);
}
