import { approvedSandboxCharge, type PaymentIntent, type SandboxCharge } from '../../contract/payments.ts';
import { sendReminderNow } from '../src/features/subscriptions/reminders.ts';
import { createLogger } from '../src/logger.ts';
import { outboxNotifier } from '../src/providers/notifier.ts';
import type { TestApp } from './harness.ts';

let serial = 0;

/** A valid sign-up body (docs/PRODUCT.md "First payment and activation"); each call gets a fresh email and phone. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  serial++;
  const n = `${process.pid % 1000}${serial}`.padStart(7, '0').slice(-7);
  return {
    email: `ama${serial}.${process.pid}@example.com`,
    phone: `024${n}`,
    firstName: 'Ama',
    lastName: 'Mensah',
    password: 'correct-horse-42',
    confirmPassword: 'correct-horse-42',
    userType: 'customer',
    location: 'Accra',
    localAddress: '',
    profession: '',
    description: '',
    profilePicture: '',
    baseRate: 0,
    maxRate: 0,
    rateNegotiable: false,
    agreeToTerms: true,
    ...overrides,
  };
}

export async function signUp(app: TestApp, overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const res = await app.request('/api/signup', { method: 'POST', json: body });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { body, userId: res.body.user.id as number, payment: res.body.payment };
}

/** Approves `payment` in the sandbox, as the TEST MODE checkout does. */
export const paySandbox = (app: TestApp, payment: PaymentIntent, method?: SandboxCharge['method']) =>
  app.request('/api/sandbox/charge', { method: 'POST', json: approvedSandboxCharge(payment, method) });

/** Pays in the sandbox (what the TEST MODE checkout does) and completes the registration. */
export async function signUpAndPay(app: TestApp, overrides: Record<string, unknown> = {}) {
  const { body, userId, payment } = await signUp(app, overrides);
  await paySandbox(app, payment);
  const done = await app.request('/api/complete-registration', {
    method: 'POST',
    json: { userId, paymentReference: payment.reference, completionSecret: payment.completionSecret },
  });
  if (done.status !== 200) throw new Error(`completion failed: ${done.status} ${JSON.stringify(done.body)}`);
  return { body, userId, payment, token: done.body.token as string, user: done.body.user };
}

let affiliateSerial = 0;
/** A valid affiliate sign-up body (mobile-money payouts); each call gets a fresh email and phone. */
export function affiliateSignupBody(overrides: Record<string, unknown> = {}) {
  affiliateSerial++;
  return {
    firstName: 'Kofi',
    lastName: 'Refer',
    email: `kofi.refer${affiliateSerial}.${process.pid}@example.com`,
    phone: `050${String(process.pid % 1000).padStart(3, '0')}${String(affiliateSerial).padStart(4, '0')}`,
    password: 'affiliate-pass-1',
    location: 'Accra',
    payoutMethod: 'mobile-money',
    momoNumber: '0559990001',
    agreeToTerms: true,
    ...overrides,
  };
}

/** An affiliate signed up through the API (mobile-money payouts), with their session token and code. */
export async function signUpAffiliate(app: TestApp, overrides: Record<string, unknown> = {}) {
  const res = await app.request('/api/affiliate-signup', { method: 'POST', json: affiliateSignupBody(overrides) });
  return {
    id: res.body.user.id as number,
    token: res.body.token as string,
    code: res.body.affiliate.referrerCode as string,
    email: res.body.user.email as string,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Miles north of a point, in degrees of latitude, with the Earth radius of the distances shown (3959 miles, docs/PRODUCT.md "Distances"). */
export const milesNorth = (miles: number) => (miles / 3959) * (180 / Math.PI);

/** A paid, listed professional placed at the given coordinates. */
export async function listedProfessional(
  app: TestApp,
  at: { lat: number; lng: number },
  overrides: Record<string, unknown> = {},
) {
  const pro = await signUpAndPay(app, {
    userType: 'professional',
    profession: 'Plumber',
    localAddress: 'Osu, Accra',
    ...overrides,
  });
  await app
    .db('professional_profiles')
    .where({ user_id: pro.userId })
    .update({ latitude: at.lat, longitude: at.lng, location_source: 'own' });
  return pro;
}

/**
 * For suites that book many times as one customer (the authorisation matrix, the bookings
 * journey): moves the customer's earlier bookings out of the way of BOOKING_LIMITS, as hours
 * passing and the professional answering would: made an hour earlier, and no longer pending.
 */
export async function makeRoomForBooking(app: TestApp, customerId: number): Promise<void> {
  await app
    .db('bookings')
    .where({ customer_id: customerId })
    .update({ created_at: app.db.raw("created_at - interval '1 hour'") });
  await app.db('bookings').where({ customer_id: customerId, status: 'pending' }).update({ status: 'confirmed' });
}

/**
 * Proves `phone` for the account of `token` as its owner would (docs/PRODUCT.md "Mobile money in
 * one tap"): asks for the code, reads the SMS the outbox holds for that number, types it back.
 */
export async function proveNumber(app: TestApp, token: string, phone: string): Promise<void> {
  const asked = await app.request('/api/subscription/momo/numbers', {
    method: 'POST',
    json: { phone },
    headers: bearer(token),
  });
  if (asked.status !== 200) throw new Error(`code not sent: ${asked.status} ${JSON.stringify(asked.body)}`);
  if (asked.body.proven) return;
  const sms = await app
    .db('notifications')
    .where({ channel: 'sms', recipient: `+233${phone.replace(/^(\+233|0)/, '')}` })
    .orderBy('id', 'desc')
    .first('body');
  const code = /code (\d{6})/.exec(sms?.body ?? '')?.[1];
  const confirmed = await app.request('/api/subscription/momo/numbers/confirm', {
    method: 'POST',
    json: { phone, code },
    headers: bearer(token),
  });
  if (confirmed.status !== 200) throw new Error(`not proved: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
}

/** Sends `userId` the renewal reminder now (as the worker would) and returns the one-tap link's token from its SMS. */
export async function remindedRenewLink(app: TestApp, userId: number): Promise<string> {
  await sendReminderNow(
    {
      db: app.db,
      clock: app.clock,
      logger: createLogger('error', { write: () => true }),
      notifier: outboxNotifier({ clock: app.clock }),
      config: { publicUrl: 'https://sc.example' },
    },
    userId,
  );
  const sms = await app
    .db('notifications')
    .where({ user_id: userId, channel: 'sms' })
    .orderBy('id', 'desc')
    .first('body');
  const token = /\/renew\/([\w-]+)$/.exec(sms?.body ?? '')?.[1];
  if (!token) throw new Error(`no renewal link in the reminder to user ${userId}`);
  return token;
}
