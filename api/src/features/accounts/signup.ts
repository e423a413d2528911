import type { Signup } from '../../../../contract/accounts.ts';
import { toPesewas } from '../../../../contract/money.ts';
import { SIGNUP_PAYMENT_GONE, type PaymentIntent, type SignupResponse } from '../../../../contract/payments.ts';
import type { PlanLength } from '../../../../contract/plans.ts';
import { fallbackLocation } from '../../../../contract/cities.ts';
import { toE164 } from '../../../../contract/phone.ts';
import { SIGNUP_MESSAGES, TERMS_VERSION } from '../../../../contract/account-types.ts';
import type { Conn } from '../../db.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { hashToken } from '../../tokens.ts';
import { hashPassword } from './passwords.ts';
import { createPaymentIntent, type PaymentsDeps } from '../payments/index.ts';
import * as usersRepo from './users.ts';
import { refuseTakenEmailOrPhone } from './users.ts';
import { profilesRepo } from '../professionals/index.ts';
import { recordReferral } from '../affiliates/index.ts';

const DEFAULT_RATES = { base: 30, max: 50 };

/**
 * Creates a pending customer or professional and the payment that will activate it (docs/PRODUCT.md "First payment and activation"). Professionals who send 0/empty rates get the defaults (₵30–₵50, negotiable; docs/PRODUCT.md "Finding a professional").
 */
/** The affiliate whose code this is, in any letter case. */
const findReferrer = (
  db: PaymentsDeps['db'],
  code: string,
): Promise<{ id: number; referrer_code: string; status: string } | undefined> =>
  db('affiliate_profiles as a')
    .join('users as u', 'u.id', 'a.user_id')
    .whereRaw('upper(a.referrer_code) = upper(?)', [code])
    .first('u.id', 'a.referrer_code', 'u.status');

/** `network`: the caller's address key (byAddress), which the account-existence answer is limited by. */
export async function signup(deps: PaymentsDeps, input: Signup, network: string): Promise<SignupResponse> {
  const { db, clock } = deps;
  const phone = toE164(input.phone)!; // the schema accepted it
  const now = clock.now();
  // A code someone typed or followed must reach its affiliate: an unknown one is refused by its
  // field (docs/PRODUCT.md "Sign-up and referrals"), before the slow password hash, and before
  // anything is said about an existing account.
  const referrer = input.referrerCode ? await findReferrer(db, input.referrerCode) : undefined;
  if (input.referrerCode && referrer?.status !== 'active') {
    const message = referrer ? SIGNUP_MESSAGES.referrerInactive : SIGNUP_MESSAGES.referrerUnknown;
    throw badRequest(message, [{ field: 'referrerCode', message }]);
  }
  await refuseTakenEmailOrPhone(db, { email: input.email, phoneE164: phone, network, now });
  const passwordHash = await hashPassword(input.password);

  return db.transaction(async (trx) => {
    const userId = await insertPendingAccount(trx, { ...input, phone, passwordHash }, now);

    // (Self-referral cannot happen: the affiliate's email and phone already belong to an account.)
    if (referrer) {
      await recordReferral(trx, referrer, userId, now);
    }

    const payment = await createPaymentIntent(
      deps,
      { userId, email: input.email, fullName: `${input.firstName} ${input.lastName}`, phone },
      input.userType,
      'registration',
      trx,
      { months: input.months },
    );
    return {
      success: true,
      message: 'Account created. Complete your subscription payment to activate it.',
      user: { id: userId },
      payment,
    };
  });
}

/** What a pending account is made of (`passwordHash`: none, '!none', for an account made without one). */
export type PendingAccount = Pick<
  Signup,
  | 'userType'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'location'
  | 'localAddress'
  | 'description'
  | 'profilePicture'
  | 'profession'
  | 'baseRate'
  | 'maxRate'
  | 'rateNegotiable'
> & { phone: string; passwordHash: string };

/**
 * Inserts a pending customer or professional (with the professional's profile), agreeing to the
 * terms in force, in the caller's transaction; answers the account's id. Used by sign-up and by an
 * affiliate's sign-up of a professional (docs/PRODUCT.md "Signed up by an affiliate").
 */
export async function insertPendingAccount(trx: Conn, input: PendingAccount, now: Date): Promise<number> {
  const user = await usersRepo.insert(trx, {
    user_type: input.userType,
    email: input.email,
    phone: input.phone,
    password_hash: input.passwordHash,
    first_name: input.firstName,
    last_name: input.lastName,
    status: 'pending',
    location: input.location || null,
    local_address: input.localAddress || null,
    description: input.description || null,
    profile_picture: input.profilePicture || null,
    created_at: now,
    terms_version: TERMS_VERSION, // the schema refused a sign-up without the tick
    terms_agreed_at: now,
  });
  const userId = Number(user.id);
  if (input.userType === 'professional') {
    const ratesGiven = input.baseRate > 0;
    const base = ratesGiven ? input.baseRate : DEFAULT_RATES.base;
    const max = ratesGiven ? Math.max(input.maxRate, base) : DEFAULT_RATES.max;
    const place = fallbackLocation(input.location);
    await profilesRepo.insertProfile(trx, {
      latitude: place.lat,
      longitude: place.lng,
      location_source: place.source,
      user_id: userId,
      profession: input.profession,
      skills: JSON.stringify([input.profession]),
      base_rate_pesewas: toPesewas(base),
      max_rate_pesewas: toPesewas(max),
      rate_negotiable: ratesGiven ? input.rateNegotiable : true,
    });
  }
  return userId;
}

/**
 * A pending account's first payment again, for another length (docs/PRODUCT.md "Paying months
 * ahead"): asked by the browser that holds the completion secret of one of that account's first
 * payments, while the account is unpaid. An earlier payment stays payable (it activates the
 * account as before); nothing is granted here.
 */
export async function firstPaymentAgain(
  deps: PaymentsDeps,
  input: { userId: number; completionSecret: string; months: PlanLength },
): Promise<PaymentIntent> {
  const { db } = deps;
  const user = await usersRepo.findById(db, input.userId);
  const started =
    user?.status === 'pending' &&
    (await db('payments')
      .where({
        user_id: input.userId,
        purpose: 'registration',
        completion_secret_hash: hashToken(input.completionSecret),
      })
      .first('id'));
  if (!user || !started) throw forbidden(SIGNUP_PAYMENT_GONE);
  return createPaymentIntent(
    deps,
    { userId: input.userId, email: user.email, fullName: `${user.first_name} ${user.last_name}`, phone: user.phone },
    user.user_type === 'professional' ? 'professional' : 'customer',
    'registration',
    db,
    { months: input.months },
  );
}
