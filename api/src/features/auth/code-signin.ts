import { randomInt, timingSafeEqual } from 'node:crypto';
import type { LoginResponse } from '../../../../contract/account-types.ts';
import { addTime, subtractTime } from '../../../../contract/dates.ts';
import { toE164 } from '../../../../contract/phone.ts';
import {
  SIGNIN_CODE_MESSAGES,
  SIGNIN_CODE_TRIES,
  SIGNIN_CODE_TTL_MINUTES,
  SIGNIN_CODE_TTL_MS,
  SIGNIN_TEXTS_PER_NUMBER_DAY,
  SIGNIN_TEXTS_PER_NUMBER_HOUR,
  type SignInCodeAnswer,
} from '../../../../contract/signin-codes.ts';
import { addressKey } from '../../http/address-key.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { countRequest, LIMITS, takeFromHour } from '../../http/rate-limit.ts';
import { usersRepo } from '../accounts/index.ts';
import { textMessages } from '../notifications/index.ts';
import * as repo from './repo.ts';
import { admit, type AuthDeps } from './service.ts';
import { hashToken, newToken } from '../../tokens.ts';

/**
 * Sign-in with a code texted to the account's phone (docs/PRODUCT.md "Signing in with a texted
 * code"). How nobody can lock the owner out or run up the texting bill:
 * - a code is typed back with the request it answers (a token only the asking page holds), so
 *   wrong tries from anywhere else never use up its SIGNIN_CODE_TRIES;
 * - a number gets at most SIGNIN_TEXTS_PER_NUMBER_HOUR texts an hour and
 *   SIGNIN_TEXTS_PER_NUMBER_DAY a day, whoever asks, and the service at most
 *   LIMITS.signinTextsInTotal an hour; past them a request is never refused: it sends no text and
 *   shares the newest code already texted to the number (the text on the owner's phone), with
 *   tries of its own, so asking for codes never stops the owner signing in with one received;
 * - asking never cancels a code already sent.
 */

const codeHash = (phone: string, code: string) => hashToken(`signin:${phone}:${code}`);

/** Constant-time comparison of two hex SHA-256 hashes. */
export const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Every answer to a code request takes at least this long (real time), so its timing does not tell
 * whether an account has the number (as "Forgot password?" does).
 */
export const CODE_REQUEST_FLOOR_MS = 150;

/** POST /api/auth/code: the same answer, in the same time, whether or not an account has the number. */
export async function requestSignInCode(deps: AuthDeps, typed: string, ip: string): Promise<SignInCodeAnswer> {
  const now = deps.clock.now();
  await countRequest(deps.db, LIMITS.signinCodesByAddress, addressKey(ip), now);
  const phone = toE164(typed);
  if (!phone)
    throw badRequest(SIGNIN_CODE_MESSAGES.badPhone, [{ field: 'phone', message: SIGNIN_CODE_MESSAGES.badPhone }]);
  const floor = new Promise((resolve) => setTimeout(resolve, CODE_REQUEST_FLOOR_MS));
  const request = newToken();
  await Promise.all([writeRequest(deps, phone, request.hash, now), floor]);
  return {
    success: true,
    message: SIGNIN_CODE_MESSAGES.sent,
    requestId: request.token,
    devMailbox: deps.config.diagnostics,
  };
}

async function writeRequest(deps: AuthDeps, phone: string, requestHash: string, now: Date): Promise<void> {
  const user = await usersRepo.findByPhone(deps.db, phone);
  const code = newCode();
  const dayAgo = subtractTime(now, { days: 1 });
  await deps.db.transaction(async (trx) => {
    await repo.lockNumber(trx, phone);
    const texts = await repo.textsTo(trx, phone, dayAgo);
    const lastHour = texts.filter((at) => at > subtractTime(now, { hours: 1 }));
    const textable =
      lastHour.length < SIGNIN_TEXTS_PER_NUMBER_HOUR &&
      texts.length < SIGNIN_TEXTS_PER_NUMBER_DAY &&
      // Only a real text counts on the service's total (a number with no account gets none).
      (!user || (await takeFromHour(trx, LIMITS.signinTextsInTotal, 'all', now)));
    const base = { phone, user_id: user?.id ?? null, request_hash: requestHash, created_at: now };
    if (textable) {
      // A number with no account gets the same row, counted the same way; its code is texted to nobody.
      await repo.insertCode(trx, {
        ...base,
        code_hash: codeHash(phone, code),
        texted: true,
        shares: null,
        expires_at: addTime(now, { ms: SIGNIN_CODE_TTL_MS }),
      });
      if (user) {
        // Queued in the outbox with the row (sent after the commit, never inside a transaction); one channel: one text per code.
        await deps.notifier.sendText(phone, textMessages.signInCode(code, SIGNIN_CODE_TTL_MINUTES), trx, {
          oneChannel: true,
        });
      }
    } else {
      const shared = await repo.shareableCode(trx, phone, now);
      await repo.insertCode(trx, {
        ...base,
        // Nothing left to share: a code nobody holds, so the answer still looks the same.
        code_hash: shared?.code_hash ?? codeHash(phone, newCode()),
        texted: false,
        shares: shared?.id ?? null,
        expires_at: shared?.expires_at ?? addTime(now, { ms: SIGNIN_CODE_TTL_MS }),
      });
    }
    await repo.dropCodesBefore(trx, dayAgo);
  });
}

const gone = () => new HttpError(410, 'gone', SIGNIN_CODE_MESSAGES.gone);
const wrong = () =>
  new HttpError(401, 'wrong_credentials', SIGNIN_CODE_MESSAGES.wrongCode, {
    errors: [{ field: 'code', message: SIGNIN_CODE_MESSAGES.wrongCode }],
  });

/**
 * POST /api/auth/code/sign-in: the right code, within its time and tries, signs in exactly as a
 * password does (same session, same refusals); it works once.
 */
export async function signInWithCode(
  deps: AuthDeps,
  input: { requestId: string; code: string },
  ip: string,
): Promise<LoginResponse> {
  const now = deps.clock.now();
  await countRequest(deps.db, LIMITS.signinCodeTriesByAddress, addressKey(ip), now);
  const requestHash = hashToken(input.requestId);
  const outcome = await deps.db.transaction(async (trx) => {
    const found = await repo.findRequest(trx, requestHash);
    if (!found) return 'gone' as const;
    const texted = found.shares ?? found.id;
    await repo.lockCode(trx, texted);
    const row = await repo.findRequest(trx, requestHash);
    if (!row || row.used_at || new Date(row.expires_at) <= now || row.tries >= SIGNIN_CODE_TRIES)
      return 'gone' as const;
    if (!sameHash(row.code_hash, codeHash(row.phone, input.code)) || row.user_id === null) {
      // The try is written though the answer is a refusal: the transaction commits it.
      const tries = await repo.countWrongTry(trx, row.id);
      return tries >= SIGNIN_CODE_TRIES ? ('gone' as const) : ('wrong' as const);
    }
    const spent = await repo.spendCode(trx, texted, now);
    return spent.includes(Number(row.id)) ? Number(row.user_id) : ('gone' as const);
  });
  if (outcome === 'gone') throw gone();
  if (outcome === 'wrong') throw wrong();
  const user = await usersRepo.findById(deps.db, outcome);
  if (!user) throw gone();
  return admit(deps, user, now);
}
