import {
  FORGOT_PASSWORD_ANSWER,
  type ForgotPasswordResponse,
  LOGIN_MESSAGES,
  type LoginResponse,
} from '../../../../contract/accounts.ts';
import { toE164 } from '../../../../contract/phone.ts';
import { addTime, HOUR_MS, MINUTE_MS, subtractTime } from '../../../../contract/dates.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import type { Notifier } from '../../providers/notifier.ts';
import { hashPassword, verifyPassword } from '../accounts/index.ts';
import { usersRepo } from '../accounts/index.ts';
import { toSessionUser, type UserRow } from '../accounts/index.ts';
import { passwordResetMessage, textMessages } from '../notifications/index.ts';
import { resetsSince } from './repo.ts';
import { createPaymentIntent, type PaymentsDeps } from '../payments/index.ts';
import * as sessionsRepo from './sessions.ts';
import * as throttle from './throttle.ts';
import { THROTTLE } from './throttle.ts';
import { hashToken, newToken } from '../../tokens.ts';

export type AuthDeps = PaymentsDeps & { config: Config; notifier: Notifier };

// Verifying against this when no account matches keeps a wrong email as slow as a wrong password.
let dummyHash: Promise<string> | undefined;
const timingDecoy = () => (dummyHash ??= hashPassword('not-a-real-password'));

async function findAccount(
  deps: AuthDeps,
  method: 'email' | 'phone',
  identifier: string,
): Promise<UserRow | undefined> {
  if (method === 'phone') {
    const phone = toE164(identifier);
    return phone ? usersRepo.findByPhone(deps.db, phone) : undefined;
  }
  return usersRepo.findByEmail(deps.db, identifier);
}

/** POST /api/auth/login: the server's userType decides where the user goes (docs/PRODUCT.md "Signing in and sessions"). */
export async function login(
  deps: AuthDeps,
  input: { loginMethod: 'email' | 'phone'; email?: string; phone?: string; password: string },
  ip: string,
): Promise<LoginResponse> {
  const identifier = (input.loginMethod === 'phone' ? input.phone : input.email) ?? '';
  const now = deps.clock.now();
  const user = await findAccount(deps, input.loginMethod, identifier);
  // One count per account, whether its email or its phone is typed; the typed identifier when none matches.
  const accountKey = user
    ? `user:${user.id}`
    : input.loginMethod === 'phone'
      ? (toE164(identifier) ?? identifier)
      : identifier.toLowerCase();
  const ok = await throttle.attempt(
    deps.db,
    accountKey,
    ip,
    now,
    async () => (await verifyPassword(user?.password_hash ?? (await timingDecoy()), input.password)) && !!user,
  );
  if (ok === 'blocked') {
    throw new HttpError(429, 'rate_limited', LOGIN_MESSAGES.throttled, {
      headers: { 'Retry-After': String(THROTTLE.windowMs / 1000) },
    });
  }
  if (!user || !ok) throw new HttpError(401, 'wrong_credentials', LOGIN_MESSAGES.wrongCredentials);
  return admit(deps, user, now);
}

/**
 * An account whose owner has proved who they are (a password, a texted code) is let in: a session,
 * or the same refusals for every way of signing in (suspended, first payment not made).
 */
export async function admit(deps: AuthDeps, user: UserRow, now: Date): Promise<LoginResponse> {
  // A suspended affiliate may still sign in to see their balance; nobody else may.
  if (user.status === 'suspended' && user.user_type !== 'affiliate') {
    throw new HttpError(403, 'suspended', LOGIN_MESSAGES.suspended);
  }
  if (user.status === 'pending') {
    const payment = await createPaymentIntent(
      deps,
      {
        userId: Number(user.id),
        email: user.email,
        fullName: `${user.first_name} ${user.last_name}`,
        phone: user.phone,
      },
      user.user_type === 'professional' ? 'professional' : 'customer',
      'registration',
    );
    throw new HttpError(403, 'payment_required', LOGIN_MESSAGES.pendingPayment, {
      extra: { userId: Number(user.id), payment },
    });
  }
  const earlier = await deps.db('sessions').where({ user_id: user.id }).first('id');
  return {
    success: true,
    message: 'Login successful',
    token: await sessionsRepo.create(deps.db, Number(user.id), now),
    user: toSessionUser(user),
    firstVisit: !earlier,
  };
}

export const RESET_TTL_MS = HOUR_MS;
const RESET_RESEND_MS = MINUTE_MS;
/** A link by text (an account without an email): at most one every 20 minutes and 5 a day. */
const RESET_TEXT_RESEND_MS = 20 * MINUTE_MS;
const RESET_TEXTS_PER_DAY = 5;
/**
 * Every answer to forgot-password takes at least this long (real time), so its timing does not
 * tell whether an account exists: writing the link took 7–23 ms, finding nobody 2.5 ms.
 */
export const FORGOT_PASSWORD_FLOOR_MS = 150;

/** Same answer, in the same time, whether or not an account matches, so the form cannot be used to find accounts. */
export async function forgotPassword(
  deps: AuthDeps,
  input: { email?: string; phone?: string },
): Promise<ForgotPasswordResponse> {
  const floor = new Promise((resolve) => setTimeout(resolve, FORGOT_PASSWORD_FLOOR_MS));
  await Promise.all([sendResetLink(deps, input), floor]);
  return { success: true, message: FORGOT_PASSWORD_ANSWER, devMailbox: deps.config.diagnostics };
}

async function sendResetLink(deps: AuthDeps, input: { email?: string; phone?: string }): Promise<void> {
  const user = input.email
    ? await findAccount(deps, 'email', input.email)
    : await findAccount(deps, 'phone', input.phone ?? '');
  const now = deps.clock.now();
  if (user && user.status !== 'suspended') {
    const { token, hash } = newToken();
    // The link and its email are written together: a crash between them would leave a link no
    // one received, which also refuses a new request for a minute. The user's row is locked so
    // that two requests at the same moment (a double tap) send one link, not two.
    await deps.db.transaction(async (trx) => {
      await trx('users').where({ id: user.id }).forUpdate().first('id');
      // An account made without an email gets the link by text (docs/PRODUCT.md "Signed up by an
      // affiliate"): a paid text anyone who knows the number can ask for, so fewer and further apart.
      const byText = usersRepo.hasNoEmail(user.email);
      const recent = await trx('password_resets')
        .where({ user_id: user.id })
        .where('created_at', '>', subtractTime(now, { ms: byText ? RESET_TEXT_RESEND_MS : RESET_RESEND_MS }))
        .first('id');
      if (recent) return;
      if (byText && (await resetsSince(trx, user.id, subtractTime(now, { days: 1 }))) >= RESET_TEXTS_PER_DAY) return;
      await trx('password_resets').insert({
        user_id: user.id,
        token_hash: hash,
        created_at: now,
        expires_at: addTime(now, { ms: RESET_TTL_MS }),
      });
      const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
      if (byText)
        await deps.notifier.sendText(user.phone, textMessages.passwordResetLink(link), trx, { oneChannel: true });
      else await deps.notifier.sendEmail(passwordResetMessage(user.email, user.first_name, link), trx);
    });
  }
}

export const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * Single use: the token is spent, the user's other links voided (an older one must not work after a
 * newer one was used), the password changed and every session signed out, together.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
): Promise<{ success: true; message: string }> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password);
  const changed = await deps.db.transaction(async (trx) => {
    const [reset] = await trx('password_resets')
      .where({ token_hash: hashToken(input.token) })
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .update({ used_at: now })
      .returning('user_id');
    if (!reset) return false;
    await trx('password_resets').where({ user_id: reset.user_id }).whereNull('used_at').update({ used_at: now });
    await usersRepo.setPassword(trx, Number(reset.user_id), passwordHash, now);
    await sessionsRepo.revokeAllForUser(trx, Number(reset.user_id), now);
    return true;
  });
  if (!changed) throw new HttpError(400, 'invalid_input', RESET_INVALID);
  return { success: true, message: 'Your password has been changed. Please sign in with your new password.' };
}
