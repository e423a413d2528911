import { randomInt } from 'node:crypto';
import {
  ACCOUNT_CODES_PER_DAY,
  maskPhone,
  MOMO_MESSAGES,
  NUMBER_CODE_LIMIT_MESSAGES,
  NUMBER_CODES_PER_DAY,
  NUMBER_CODE_TRIES,
  NUMBER_CODE_TTL_MS,
  NUMBER_PROOF_DAYS,
  type MomoNumberResponse,
} from '../../../../contract/momo.ts';
import { addTime, secondsBetween, subtractTime } from '../../../../contract/dates.ts';
import { toE164 } from '../../../../contract/phone.ts';
import type { Conn, Db } from '../../db.ts';
import { badRequest, forbidden, HttpError } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import type { ShortText } from '../../providers/notifier.ts';
import { hashToken } from '../../tokens.ts';
import type { PaymentsDeps } from '../payments/index.ts';

/**
 * Numbers other than the account's own that its mobile-money prompts may ring (
 * docs/PRODUCT.md "Mobile money in one tap"): a prompt asks whoever holds the phone to pay, so a
 * number typed on the dashboard could make a stranger pay the caller's subscription. Another
 * number is used only after the code texted to it was typed back on the account, which its owner
 * does only by reading it out: they agreed to pay. A proof holds for NUMBER_PROOF_DAYS.
 */

/** Plain GSM-7, one SMS, no name anyone typed (docs/SECURITY.md: texts carry no user-chosen words). */
const codeText = (code: string, accountPhone: string): ShortText => ({
  label: 'Code for mobile-money prompts',
  text: `ServiceConnect: code ${code} lets account ${maskPhone(accountPhone).replace('…', '...')} send payment prompts to this phone. Share it only if you agree to pay for them.`,
});

const codeHash = (userId: number, phone: string, code: string) => hashToken(`${userId}:${phone}:${code}`);

const gone = () => new HttpError(410, 'gone', MOMO_MESSAGES.codeGone);

interface NumberAccount {
  id: number;
  phone: string;
}

/** The number in E.164, and whether it is the account's own (no proof needed). */
function numberOf(account: NumberAccount, typed: string): { phone: string; own: boolean } {
  const phone = toE164(typed);
  if (!phone) throw badRequest(MOMO_MESSAGES.badPhone, [{ field: 'phone', message: MOMO_MESSAGES.badPhone }]);
  return { phone, own: phone === toE164(account.phone) };
}

/** Proofs made since then hold. */
const proofSince = (now: Date) => subtractTime(now, { days: NUMBER_PROOF_DAYS });

/** Whether prompts of `userId` may go to `phone` (E.164): proved, and not too long ago. */
export async function isProvenNumber(db: Db, userId: number, phone: string, now: Date): Promise<boolean> {
  const row = await db('momo_numbers')
    .where({ user_id: userId, phone })
    .where('proven_at', '>', proofSince(now))
    .first('id');
  return !!row;
}

/** Refuses a prompt to a number that is neither the account's own nor proved by its owner. */
export async function assertPromptable(deps: PaymentsDeps, account: NumberAccount, phone: string): Promise<void> {
  if (phone === toE164(account.phone)) return;
  if (await isProvenNumber(deps.db, account.id, phone, deps.clock.now())) return;
  throw new HttpError(403, 'number_unproven', MOMO_MESSAGES.unprovenNumber, {
    errors: [{ field: 'phone', message: MOMO_MESSAGES.unprovenNumber }],
  });
}

const tooMany = (message: string, now: Date, freeAt: Date) =>
  new HttpError(429, 'rate_limited', message, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(secondsBetween(now, freeAt)))) },
  });

/**
 * Counts a code to `phone` asked by `userId`, or refuses it (429) (docs/PRODUCT.md "Mobile money
 * in one tap"): an account asks LIMITS.momoCodesByAccount.perHour an hour and ACCOUNT_CODES_PER_DAY
 * a day; a number gets LIMITS.momoCodesByPhone.perHour an hour and NUMBER_CODES_PER_DAY a day from
 * the accounts that never proved it, all together, while an account that proved it before
 * (`provedBefore`) has the same allowance there to itself, so others' requests never lock it out.
 * Only a code sent counts: a refusal rolls the count back with the rest.
 */
async function countCode(trx: Conn, userId: number, phone: string, provedBefore: boolean, now: Date): Promise<void> {
  // One number's codes are counted one request at a time, and one account's (always in this order).
  await trx.raw('select pg_advisory_xact_lock(hashtext(?)), pg_advisory_xact_lock(hashtext(?))', [
    `momo-code-number:${phone}`,
    `momo-code-account:${userId}`,
  ]);
  const dayAgo = subtractTime(now, { days: 1 });
  const sends = await trx('momo_code_sends')
    .where('sent_at', '>', dayAgo)
    .where((q) => q.where({ phone }).orWhere({ user_id: userId }))
    .orderBy('sent_at')
    .select('phone', 'user_id', 'own_allowance', 'sent_at');
  const byAccount = sends.filter((s) => Number(s.user_id) === userId);
  const toNumber = sends.filter(
    (s) => s.phone === phone && s.own_allowance === provedBefore && (!provedBefore || Number(s.user_id) === userId),
  );
  const refuseOver = (
    counted: typeof sends,
    perHour: number,
    hourMessage: string,
    perDay: number,
    dayMessage: string,
  ) => {
    const times = counted.map((s) => new Date(s.sent_at));
    const lastHour = times.filter((at) => at > subtractTime(now, { hours: 1 }));
    if (lastHour.length >= perHour) throw tooMany(hourMessage, now, addTime(lastHour[0], { hours: 1 }));
    if (times.length >= perDay) throw tooMany(dayMessage, now, addTime(times[0], { days: 1 }));
  };
  refuseOver(
    byAccount,
    LIMITS.momoCodesByAccount.perHour,
    LIMITS.momoCodesByAccount.message,
    ACCOUNT_CODES_PER_DAY,
    NUMBER_CODE_LIMIT_MESSAGES.accountToday,
  );
  refuseOver(
    toNumber,
    LIMITS.momoCodesByPhone.perHour,
    LIMITS.momoCodesByPhone.message,
    NUMBER_CODES_PER_DAY,
    NUMBER_CODE_LIMIT_MESSAGES.numberToday,
  );
  // Counted, and the counts older than a day let go, in one statement.
  await trx.raw(
    'with gone as (delete from momo_code_sends where sent_at <= ?) insert into momo_code_sends (phone, user_id, own_allowance, sent_at) values (?, ?, ?, ?)',
    [dayAgo, phone, userId, provedBefore, now],
  );
}

/** Texts a new code to `typed` (limited per account and per number; only a code sent counts). */
export async function requestNumberCode(
  deps: PaymentsDeps,
  account: NumberAccount,
  typed: string,
): Promise<MomoNumberResponse> {
  const { phone, own } = numberOf(account, typed);
  const now = deps.clock.now();
  const proof = own
    ? undefined
    : await deps.db('momo_numbers').where({ user_id: account.id, phone }).first('proven_at');
  if (own || (proof?.proven_at && new Date(proof.proven_at) > proofSince(now)))
    return { success: true, proven: true, message: `Prompts can go to ${maskPhone(phone)}: no code needed.` };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction(async (trx) => {
    await countCode(trx, account.id, phone, !!proof?.proven_at, now);
    await trx('momo_numbers')
      .insert({
        user_id: account.id,
        phone,
        code_hash: codeHash(account.id, phone, code),
        code_expires_at: addTime(now, { ms: NUMBER_CODE_TTL_MS }),
        code_attempts: 0,
        created_at: now,
      })
      .onConflict(['user_id', 'phone'])
      .merge(['code_hash', 'code_expires_at', 'code_attempts']);
    // One text per code: the first text channel, the next only if that one fails for good.
    await deps.notifier.sendText(phone, codeText(code, account.phone), trx, { oneChannel: true });
  });
  return {
    success: true,
    proven: false,
    message: `We texted a 6-digit code to ${maskPhone(phone)}. Ask the owner of that phone for it and type it here within 10 minutes.`,
  };
}

/** The code typed back: the number is proved for this account, or the try is counted. */
export async function confirmNumberCode(
  deps: PaymentsDeps,
  account: NumberAccount,
  input: { phone: string; code: string },
): Promise<MomoNumberResponse> {
  const { phone, own } = numberOf(account, input.phone);
  if (own) throw forbidden('This is your own number: it needs no code.');
  const now = deps.clock.now();
  return deps.db
    .transaction(async (trx) => {
      const row = await trx('momo_numbers').where({ user_id: account.id, phone }).forUpdate().first();
      if (!row?.code_hash || !row.code_expires_at || new Date(row.code_expires_at) <= now) throw gone();
      if (row.code_attempts >= NUMBER_CODE_TRIES) throw gone();
      if (row.code_hash !== codeHash(account.id, phone, input.code)) {
        await trx('momo_numbers')
          .where({ id: row.id })
          .update({ code_attempts: row.code_attempts + 1 });
        // The try is written even though the answer is an error: the transaction must commit.
        return null;
      }
      await trx('momo_numbers')
        .where({ id: row.id })
        .update({ proven_at: now, code_hash: null, code_expires_at: null, code_attempts: 0 });
      return {
        success: true as const,
        proven: true,
        message: `Number confirmed: prompts can now go to ${maskPhone(phone)}.`,
      };
    })
    .then((answer) => {
      if (!answer) throw badRequest(MOMO_MESSAGES.wrongCode, [{ field: 'code', message: MOMO_MESSAGES.wrongCode }]);
      return answer;
    });
}
