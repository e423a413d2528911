import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, listedProfessional, makeRoomForBooking, signUpAffiliate, signUpAndPay } from '../../test/accounts.ts';
import { signInAdmin } from '../../test/admin.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { routesNotIn, TEST_ONLY_ROUTES } from '../../test/route-coverage.ts';
import { USSD_SECRET, ussdEnv } from '../../test/ussd-gateway.ts';

// Every API route × every kind of caller, with the status each must get,
// written as one table. A cell that answers 2xx where the table expects a refusal is a leak; a
// refusal must also say nothing about the resource it protects (no other person's data in it).
//
// Callers: the customer and professional are the two parties of a booking; "other" customer and
// professional are strangers to it; "expired" is a customer whose session ran out; "suspended" a
// customer an administrator suspended.
const ROLES = [
  'anonymous',
  'customer',
  'otherCustomer',
  'professional',
  'otherProfessional',
  'affiliate',
  'admin',
  'expired',
  'suspended',
] as const;
type Role = (typeof ROLES)[number];

interface World {
  app: TestApp;
  tokens: Record<Exclude<Role, 'anonymous'>, string>;
  emails: Record<Exclude<Role, 'anonymous' | 'admin'>, string>;
  customerId: number;
  professionalId: number;
  affiliateId: number;
  /** A new pending booking of the customer with the professional (a fresh slot each time). */
  newBooking(): Promise<number>;
  /** A new booking as newBooking's, with another time proposed by its customer (a fresh time each call). */
  newProposal(): Promise<number>;
  /** A new open problem report by the customer, on a new booking. */
  newReport(): Promise<number>;
}

/** Keyed by "METHOD /path (note)"; the method is the key's first word. */
interface Row {
  /** The path; `role` is who calls, for paths that name the caller (their own email). */
  path: (w: World, role: Role) => string | Promise<string>;
  body?: unknown;
  /** One status for every role, or one per role. */
  expect: number | Record<Role, number>;
}

/** Status per role, in ROLES order. */
const per = (...statuses: number[]): Record<Role, number> =>
  Object.fromEntries(ROLES.map((r, i) => [r, statuses[i]])) as Record<Role, number>;

// Columns: anonymous, customer, otherCustomer, professional, otherProfessional, affiliate, admin,
// expired, suspended. A suspended customer's session ends at once (only a suspended affiliate keeps a
// read-only one), and an administrator's token is not a user's: both get 401 on user routes.
const USERS = per(401, 200, 200, 200, 200, 200, 401, 401, 401);
/** A body the route refuses (400) from every signed-in user; the rest are refused before it is read. */
const USER_BODIES = per(401, 400, 400, 400, 400, 400, 401, 401, 401);
const SUBSCRIBERS = per(401, 200, 200, 200, 200, 403, 401, 401, 401);
const FINDERS = SUBSCRIBERS;
const PROFESSIONALS = (ok: number) => per(401, 403, 403, ok, ok, 403, 401, 401, 401);
/** A booking's two parties get `ok`; anyone else a 404, as if it did not exist. */
const PARTIES = (ok: number) => per(401, ok, 404, ok, 404, 404, 401, 401, 401);
const ADMIN_ONLY = (ok: number) => per(401, 401, 401, 401, 401, 401, ok, 401, 401);

const ROWS: Record<string, Row> = {
  // Public: the same answer whoever asks.
  'GET /api/health': { path: () => '/api/health', expect: 200 },
  'GET /api/openapi.json': { path: () => '/api/openapi.json', expect: 200 },
  // The operator's metrics: every caller here is on this machine (loopback, no proxy), as a local
  // scraper is; a forwarded request or another address without METRICS_TOKEN gets 404
  // (features/metrics/metrics.api.test.ts).
  'GET /metrics': { path: () => '/metrics', expect: 200 },
  // Commands on this machine hand work to the server with the data folder's token; no caller has it.
  'POST /api/local/demo': { path: () => '/api/local/demo', body: {}, expect: 404 },
  'POST /api/local/administrators': {
    path: () => '/api/local/administrators',
    body: { username: 'intruder', password: 'a-long-enough-password' },
    expect: 404,
  },
  'GET /api/local/backup': { path: () => '/api/local/backup', expect: 404 },
  'GET /api/plans': { path: () => '/api/plans', expect: 200 },
  'GET /api/payments/config': { path: () => '/api/payments/config', expect: 200 },
  'POST /api/signup': { path: () => '/api/signup', body: {}, expect: 400 },
  // Only with the completion secret of a pending account's payment: no caller's token opens it.
  'POST /api/signup/payment': { path: () => '/api/signup/payment', body: {}, expect: 400 },
  'POST /api/signup/payment (a secret it was never given)': {
    path: () => '/api/signup/payment',
    body: { userId: 1, completionSecret: 'not-a-secret-anyone-was-given', months: 3 },
    expect: 403,
  },
  'POST /api/affiliate-signup': { path: () => '/api/affiliate-signup', body: {}, expect: 400 },
  'POST /api/auth/login': { path: () => '/api/auth/login', body: {}, expect: 400 },
  'POST /api/auth/forgot-password': { path: () => '/api/auth/forgot-password', body: {}, expect: 400 },
  'POST /api/auth/code': { path: () => '/api/auth/code', body: {}, expect: 400 },
  'POST /api/auth/code/sign-in': { path: () => '/api/auth/code/sign-in', body: {}, expect: 400 },
  'POST /api/auth/reset-password': { path: () => '/api/auth/reset-password', body: {}, expect: 400 },
  'POST /api/contact': { path: () => '/api/contact', body: {}, expect: 400 },
  // The page a sent support form is redirected to: a reference only with the cookie its own post set.
  'GET /api/contact/sent': { path: () => '/api/contact/sent', expect: 200 },
  'POST /api/verify-payment': { path: () => '/api/verify-payment', body: {}, expect: 400 },
  'POST /api/complete-registration': { path: () => '/api/complete-registration', body: {}, expect: 400 },
  'POST /api/sandbox/charge': { path: () => '/api/sandbox/charge', body: {}, expect: 400 },
  'POST /api/payments/test-intent': { path: () => '/api/payments/test-intent', body: {}, expect: 400 },
  'POST /api/paystack/webhook': { path: () => '/api/paystack/webhook', body: {}, expect: 404 },
  'POST /api/admin/login': { path: () => '/api/admin/login', body: {}, expect: 400 },

  // Signed-in users.
  'POST /api/auth/verify': { path: () => '/api/auth/verify', expect: USERS },
  'GET /api/{type}-data/{own-email}': {
    path: (w, role) =>
      `/api/${role.includes('rofessional') ? 'professional' : role === 'affiliate' ? 'affiliate' : 'customer'}-data/${encodeURIComponent(ownEmail(w, role))}`,
    expect: USERS,
  },
  "GET /api/customer-data/{customer-email} (the customer's, asked by all)": {
    path: (w) => `/api/customer-data/${encodeURIComponent(w.emails.customer)}`,
    expect: per(401, 200, 403, 403, 403, 403, 401, 401, 401),
  },
  "GET /api/professional-data/{professional-email} (the professional's, asked by all)": {
    path: (w) => `/api/professional-data/${encodeURIComponent(w.emails.professional)}`,
    expect: per(401, 403, 403, 200, 403, 403, 401, 401, 401),
  },
  "GET /api/affiliate-data/{affiliate-email} (the affiliate's, asked by all)": {
    path: (w) => `/api/affiliate-data/${encodeURIComponent(w.emails.affiliate)}`,
    expect: per(401, 403, 403, 403, 403, 200, 401, 401, 401),
  },
  'GET /api/me/export': { path: () => '/api/me/export', expect: USERS },
  'POST /api/events/ticket': { path: () => '/api/events/ticket', body: {}, expect: USERS },
  // The stream takes a ticket, never a session token: a bearer header alone opens nothing.
  'GET /api/events': { path: () => '/api/events', expect: 401 },
  'GET /api/me/analytics': {
    path: () => '/api/me/analytics',
    expect: per(401, 200, 200, 200, 200, 403, 401, 401, 401),
  },
  // Affiliates have no find-pro access (docs/PRODUCT.md "Roles and pages"): the public directory is theirs.
  'GET /api/professionals': { path: () => '/api/professionals', expect: FINDERS },
  'GET /api/professionals/{id}': { path: (w) => `/api/professionals/${w.professionalId}`, expect: FINDERS },
  'GET /api/location/reverse': { path: () => '/api/location/reverse?lat=5.6&lng=-0.18', expect: USERS },
  'PUT /api/professional/rates': { path: () => '/api/professional/rates', body: {}, expect: PROFESSIONALS(400) },
  'PUT /api/professional/availability': {
    path: () => '/api/professional/availability',
    body: {},
    expect: PROFESSIONALS(400),
  },
  'PUT /api/profile': { path: () => '/api/profile', body: {}, expect: USERS },
  'PUT /api/ussd/pin': { path: () => '/api/ussd/pin', body: {}, expect: USER_BODIES },
  'PUT /api/ussd/pin (a PIN)': {
    path: () => '/api/ussd/pin',
    body: { pin: '4821', repeat: '4821' },
    expect: PROFESSIONALS(200),
  },
  // The USSD gateway's callback: only with the secret in its path; a caller's token opens nothing.
  'POST /api/ussd/africastalking/{secret} (a wrong secret)': {
    path: () => '/api/ussd/africastalking/not-the-callback-secret',
    body: {},
    expect: 404,
  },
  'POST /api/ussd/africastalking/{secret} (the secret, but JSON instead of its form)': {
    path: () => `/api/ussd/africastalking/${USSD_SECRET}`,
    body: {},
    expect: 415,
  },
  'POST /api/ussd/arkesel/{secret} (not the gateway configured)': {
    path: () => `/api/ussd/arkesel/${USSD_SECRET}`,
    body: {},
    expect: 404,
  },
  'GET /api/professional/documents': { path: () => '/api/professional/documents', expect: PROFESSIONALS(200) },
  // A JSON body is not a document: professionals get 415, everyone else is refused before that.
  'PUT /api/professional/documents/{kind}': {
    path: () => '/api/professional/documents/ghana-card',
    body: {},
    expect: PROFESSIONALS(415),
  },
  // Notifications on the phone: every account may turn them on; a bad body is a plain 400.
  'GET /api/push/key': { path: () => '/api/push/key', expect: 200 },
  'GET /api/push/devices': { path: () => '/api/push/devices', expect: USERS },
  'POST /api/push/subscriptions': { path: () => '/api/push/subscriptions', body: {}, expect: USER_BODIES },
  // Another account's phone is as unknown as one that does not exist.
  'DELETE /api/push/devices/{id}': {
    path: () => '/api/push/devices/999999',
    expect: per(401, 404, 404, 404, 404, 404, 401, 401, 401),
  },
  'DELETE /api/push/subscriptions': { path: () => '/api/push/subscriptions', body: {}, expect: USER_BODIES },
  'POST /api/push/test': { path: () => '/api/push/test', body: {}, expect: USER_BODIES },
  'PUT /api/push/preferences': { path: () => '/api/push/preferences', body: {}, expect: USER_BODIES },
  // From the service worker, which has no session: the receipt is the proof.
  'POST /api/push/shown': { path: () => '/api/push/shown', body: {}, expect: 400 },
  // The push service on this machine stands in for Google's only while push is local-only, for this machine.
  'POST /api/dev/push-service/{channel}': { path: () => '/api/dev/push-service/x', body: {}, expect: 404 },
  'GET /api/dev/push-service/{channel}': { path: () => '/api/dev/push-service/x', expect: 404 },
  'GET /api/me/photos': { path: () => '/api/me/photos', expect: USERS },
  // A JSON body is not a photo: a plain 400 for everyone who may upload.
  'PUT /api/me/photo': {
    path: () => '/api/me/photo',
    body: {},
    expect: per(401, 400, 400, 400, 400, 400, 401, 401, 401),
  },
  'DELETE /api/me/photo': { path: () => '/api/me/photo', expect: USERS },
  'POST /api/me/work-photos': { path: () => '/api/me/work-photos', body: {}, expect: PROFESSIONALS(400) },
  'DELETE /api/me/work-photos/{id}': { path: () => '/api/me/work-photos/999999', expect: PROFESSIONALS(404) },
  'POST /api/favourites/{professional}': {
    path: (w) => `/api/favourites/${w.professionalId}`,
    expect: per(401, 200, 200, 403, 403, 403, 401, 401, 401),
  },
  'DELETE /api/favourites/{professional}': { path: (w) => `/api/favourites/${w.professionalId}`, expect: USERS },
  'POST /api/subscription/renew': { path: () => '/api/subscription/renew', body: {}, expect: SUBSCRIBERS },
  // No network named yet: a clear 400 for everyone who has a subscription.
  'POST /api/subscription/momo': {
    path: () => '/api/subscription/momo',
    body: {},
    expect: per(401, 400, 400, 400, 400, 403, 401, 401, 401),
  },
  'POST /api/subscription/momo/numbers': {
    path: () => '/api/subscription/momo/numbers',
    body: {},
    expect: per(401, 400, 400, 400, 400, 403, 401, 401, 401),
  },
  'POST /api/subscription/momo/numbers/confirm': {
    path: () => '/api/subscription/momo/numbers/confirm',
    body: {},
    expect: per(401, 400, 400, 400, 400, 403, 401, 401, 401),
  },
  'POST /api/subscription/momo/otp': {
    path: () => '/api/subscription/momo/otp',
    body: {},
    expect: per(401, 400, 400, 400, 400, 400, 401, 401, 401),
  },
  'GET /api/subscription/momo/{reference}': {
    path: () => '/api/subscription/momo/SEPC1NOSUCH',
    expect: per(401, 404, 404, 404, 404, 404, 401, 401, 401),
  },
  'POST /api/sandbox/momo/{reference}': {
    path: () => '/api/sandbox/momo/SEPC1NOSUCH',
    body: { approve: true },
    expect: 404,
  },
  'POST /api/subscription/cancel': { path: () => '/api/subscription/cancel', body: {}, expect: SUBSCRIBERS },
  'POST /api/subscription/auto-renew': {
    path: () => '/api/subscription/auto-renew',
    body: {},
    expect: per(401, 400, 400, 400, 400, 403, 401, 401, 401),
  },
  'GET /api/affiliate/payouts': {
    path: () => '/api/affiliate/payouts',
    expect: per(401, 403, 403, 403, 403, 200, 401, 401, 401),
  },
  'POST /api/affiliate/payouts': {
    path: () => '/api/affiliate/payouts',
    expect: per(401, 403, 403, 403, 403, 400, 401, 401, 401),
  },
  // An affiliate's sign-up of a professional: only affiliates, and only their own (another's is a 404).
  'POST /api/affiliate/signups': { path: () => '/api/affiliate/signups', body: {}, expect: USER_BODIES },
  'GET /api/affiliate/signups': {
    path: () => '/api/affiliate/signups',
    expect: per(401, 403, 403, 403, 403, 200, 401, 401, 401),
  },
  'GET /api/affiliate/signups/{id}': {
    path: async (w) => `/api/affiliate/signups/${await affiliateSignup(w)}`,
    expect: per(401, 403, 403, 403, 403, 200, 401, 401, 401),
  },
  'POST /api/affiliate/signups/{id}/code': {
    path: async (w) => `/api/affiliate/signups/${await affiliateSignup(w)}/code`,
    body: { code: '000000' },
    expect: per(401, 403, 403, 403, 403, 400, 401, 401, 401),
  },
  'POST /api/affiliate/signups/{id}/prompt': {
    path: async (w) => `/api/affiliate/signups/${await affiliateSignup(w)}/prompt`,
    expect: per(401, 403, 403, 403, 403, 409, 401, 401, 401),
  },
  'POST /api/affiliate/signups/{id}/voucher': {
    path: async (w) => `/api/affiliate/signups/${await affiliateSignup(w)}/voucher`,
    body: { otp: '123456' },
    expect: per(401, 403, 403, 403, 403, 409, 401, 401, 401),
  },
  'POST /api/bookings': {
    path: () => '/api/bookings',
    body: {},
    expect: per(401, 400, 400, 400, 400, 400, 401, 401, 401),
  },
  'GET /api/bookings': { path: () => '/api/bookings', expect: USERS },
  'POST /api/bookings/{id}/accept': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/accept`),
    expect: per(401, 403, 404, 200, 404, 404, 401, 401, 401),
  },
  'POST /api/bookings/{id}/decline': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/decline`),
    expect: per(401, 403, 404, 200, 404, 404, 401, 401, 401),
  },
  // The professional cancels only a confirmed job (a pending one is declined): 409 on a pending one.
  'POST /api/bookings/{id}/cancel': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/cancel`),
    expect: per(401, 200, 404, 409, 404, 404, 401, 401, 401),
  },
  'POST /api/bookings/{id}/complete': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/complete`),
    expect: per(401, 403, 404, 409, 404, 404, 401, 401, 401),
  },
  'GET /api/bookings/{id}/messages': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/messages`),
    expect: PARTIES(200),
  },
  'POST /api/bookings/{id}/messages': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/messages`),
    body: { body: 'Hello' },
    expect: PARTIES(201),
  },
  // Another time: the professional's open times to either party; the proposer never answers
  // their own proposal (403); a past time is refused (400) once the caller is known to be a party.
  'GET /api/bookings/{id}/open-times': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/open-times`),
    expect: PARTIES(200),
  },
  'POST /api/bookings/{id}/proposals': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/proposals`),
    body: { date: '2026-11-20', time: '10:00' },
    expect: PARTIES(400),
  },
  'POST /api/bookings/{id}/proposal/accept': {
    path: (w) => w.newProposal().then((id) => `/api/bookings/${id}/proposal/accept`),
    expect: per(401, 403, 404, 200, 404, 404, 401, 401, 401),
  },
  'POST /api/bookings/{id}/proposal/decline': {
    path: (w) => w.newProposal().then((id) => `/api/bookings/${id}/proposal/decline`),
    expect: per(401, 403, 404, 200, 404, 404, 401, 401, 401),
  },
  // Only the customer of a request that expired is offered others: this one is still waiting (409).
  'GET /api/bookings/{id}/alternatives': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/alternatives`),
    expect: per(401, 409, 404, 403, 404, 404, 401, 401, 401),
  },
  'POST /api/bookings/{id}/review': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/review`),
    body: { rating: 5, comment: 'Great' },
    expect: per(401, 409, 404, 403, 404, 404, 401, 401, 401),
  },
  // "Was the job done?" (nothing to confirm on a pending booking) and problem reports.
  'POST /api/bookings/{id}/done': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/done`),
    expect: per(401, 409, 404, 403, 404, 404, 401, 401, 401),
  },
  'GET /api/bookings/{id}/reports': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/reports`),
    expect: PARTIES(200),
  },
  'POST /api/bookings/{id}/reports': {
    path: (w) => w.newBooking().then((id) => `/api/bookings/${id}/reports`),
    body: { reason: 'other', description: 'Matrix report' },
    expect: PARTIES(409),
  },
  'POST /api/reports/{id}/messages': {
    path: (w) => w.newReport().then((id) => `/api/reports/${id}/messages`),
    body: { body: 'Matrix message' },
    expect: PARTIES(201),
  },
  // Only the reporter adds photos; a JSON body is not a photo.
  'POST /api/reports/{id}/photos': {
    path: (w) => w.newReport().then((id) => `/api/reports/${id}/photos`),
    body: {},
    expect: per(401, 400, 404, 403, 404, 404, 401, 401, 401),
  },

  // Administrators only.
  'GET /api/admin/stats': { path: () => '/api/admin/stats', expect: ADMIN_ONLY(200) },
  'GET /api/admin/users': { path: () => '/api/admin/users', expect: ADMIN_ONLY(200) },
  'GET /api/admin/users/{id}': { path: (w) => `/api/admin/users/${w.customerId}`, expect: ADMIN_ONLY(200) },
  'PUT /api/admin/users/{id}/profile': {
    path: (w) => `/api/admin/users/${w.customerId}/profile`,
    body: {},
    expect: ADMIN_ONLY(400),
  },
  'PUT /api/admin/users/{id}/status': {
    path: (w) => `/api/admin/users/${w.customerId}/status`,
    body: {},
    expect: ADMIN_ONLY(400),
  },
  'DELETE /api/admin/users/{id}': { path: () => '/api/admin/users/999999', expect: ADMIN_ONLY(404) },
  'POST /api/admin/users/{id}/reminder': {
    path: (w) => `/api/admin/users/${w.affiliateId}/reminder`,
    expect: ADMIN_ONLY(409),
  },
  'GET /api/admin/activity': { path: () => '/api/admin/activity', expect: ADMIN_ONLY(200) },
  'GET /api/admin/payments': { path: () => '/api/admin/payments', expect: ADMIN_ONLY(200) },
  'GET /api/admin/affiliates': { path: () => '/api/admin/affiliates', expect: ADMIN_ONLY(200) },
  'GET /api/admin/payouts': { path: () => '/api/admin/payouts', expect: ADMIN_ONLY(200) },
  'PUT /api/admin/payouts/{id}/{action} (approve)': {
    path: () => '/api/admin/payouts/999999/approve',
    expect: ADMIN_ONLY(404),
  },
  'GET /api/admin/verification-queue': { path: () => '/api/admin/verification-queue', expect: ADMIN_ONLY(200) },
  'GET /api/admin/professionals/{id}/documents': {
    path: (w) => `/api/admin/professionals/${w.professionalId}/documents`,
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/documents/{id}/file': { path: () => '/api/admin/documents/999999/file', expect: ADMIN_ONLY(404) },
  'PUT /api/admin/professionals/{id}/verification': {
    path: (w) => `/api/admin/professionals/${w.professionalId}/verification`,
    body: {},
    expect: ADMIN_ONLY(400),
  },
  'DELETE /api/admin/photos/{id}': { path: () => '/api/admin/photos/999999', expect: ADMIN_ONLY(404) },
  'GET /api/admin/reports': { path: () => '/api/admin/reports', expect: ADMIN_ONLY(200) },
  'GET /api/admin/reports/{id}': { path: () => '/api/admin/reports/999999', expect: ADMIN_ONLY(404) },
  'POST /api/admin/reports/{id}/messages': {
    path: () => '/api/admin/reports/999999/messages',
    body: {},
    expect: ADMIN_ONLY(400),
  },
  'POST /api/admin/reports/{id}/close': {
    path: () => '/api/admin/reports/999999/close',
    body: {},
    expect: ADMIN_ONLY(400),
  },
  'GET /api/admin/settings': { path: () => '/api/admin/settings', expect: ADMIN_ONLY(200) },
  'PUT /api/admin/settings': { path: () => '/api/admin/settings', body: {}, expect: ADMIN_ONLY(400) },

  // Last: signing out ends the callers' sessions.
  'POST /api/auth/logout': { path: () => '/api/auth/logout', expect: 200 },
  'POST /api/admin/logout': { path: () => '/api/admin/logout', expect: ADMIN_ONLY(200) },
};

function ownEmail(w: World, role: Role): string {
  if (role === 'anonymous' || role === 'admin') return w.emails.customer;
  return w.emails[role];
}

let world: World;
beforeAll(async () => {
  // With the phone menu on (Africa's Talking), so that its callback is served too.
  const app = await startTestApp({ env: ussdEnv('africastalking') });
  const customer = await signUpAndPay(app, { firstName: 'Abena' });
  const otherCustomer = await signUpAndPay(app, { firstName: 'Yaa' });
  const professional = await listedProfessional(app, { lat: 5.6, lng: -0.18 }, { firstName: 'Kwame' });
  const otherProfessional = await listedProfessional(app, { lat: 5.61, lng: -0.18 }, { firstName: 'Kojo' });
  const affiliate = await signUpAffiliate(app);
  const admin = await signInAdmin(app);
  const expired = await signUpAndPay(app, { firstName: 'Esi' });
  const suspended = await signUpAndPay(app, { firstName: 'Adjoa' });
  await app
    .db('sessions')
    .where({ user_id: expired.userId })
    .update({ expires_at: new Date(app.clock.now().getTime() - 1000) });
  await app.db('users').where({ id: suspended.userId }).update({ status: 'suspended' });
  let slot = 0;
  let proposed = 0;
  world = {
    app,
    tokens: {
      customer: customer.token,
      otherCustomer: otherCustomer.token,
      professional: professional.token,
      otherProfessional: otherProfessional.token,
      affiliate: affiliate.token,
      admin: admin.token,
      expired: expired.token,
      suspended: suspended.token,
    },
    emails: {
      customer: customer.body.email,
      otherCustomer: otherCustomer.body.email,
      professional: professional.body.email,
      otherProfessional: otherProfessional.body.email,
      affiliate: affiliate.email,
      expired: expired.body.email,
      suspended: suspended.body.email,
    },
    customerId: customer.userId,
    professionalId: professional.userId,
    affiliateId: affiliate.id,
    async newBooking() {
      slot++;
      // Weekdays from Monday 23 November 2026 (the test clock's next day), eight hourly slots each
      // (the default availability is 09:00 to 17:00).
      const weekday = Math.floor(slot / 8);
      const day = new Date(Date.UTC(2026, 10, 23 + Math.floor(weekday / 5) * 7 + (weekday % 5)));
      const time = `${String(9 + (slot % 8)).padStart(2, '0')}:00`;
      await makeRoomForBooking(app, customer.userId); // a fresh booking per cell, 63 in all
      const res = await app.request('/api/bookings', {
        method: 'POST',
        headers: bearer(customer.token),
        json: {
          professionalId: professional.userId,
          date: day.toISOString().slice(0, 10),
          time,
          description: 'Matrix booking',
        },
      });
      if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.booking.id as number;
    },
    async newProposal() {
      const id = await world.newBooking();
      proposed++;
      // Weekdays from Monday 21 December 2026, clear of newBooking's times.
      const day = new Date(Date.UTC(2026, 11, 21 + (Math.floor(proposed / 8) % 5)));
      const time = `${String(9 + (proposed % 8)).padStart(2, '0')}:00`;
      const res = await app.request(`/api/bookings/${id}/proposals`, {
        method: 'POST',
        headers: bearer(customer.token),
        json: { date: day.toISOString().slice(0, 10), time },
      });
      if (res.status !== 201) throw new Error(`proposal failed: ${res.status} ${JSON.stringify(res.body)}`);
      return id;
    },
    async newReport() {
      const bookingId = await world.newBooking();
      const [report] = await app
        .db('problem_reports')
        .insert({
          booking_id: bookingId,
          customer_id: customer.userId,
          professional_id: professional.userId,
          reporter_role: 'customer',
          reason: 'other',
          description: 'Matrix report',
          created_at: app.clock.now(),
        })
        .returning('id');
      return Number(report.id);
    },
  };
});
afterAll(async () => {
  await world?.app.close();
});

describe('authorisation matrix: every API route × every kind of caller', () => {
  for (const [name, row] of Object.entries(ROWS)) {
    it(name, async () => {
      const method = name.split(' ')[0];
      const seen: Partial<Record<Role, number>> = {};
      for (const role of ROLES) {
        const path = await row.path(world, role);
        const headers = role === 'anonymous' ? {} : bearer(world.tokens[role]);
        const res = await world.app.request(path, {
          method,
          headers,
          ...(row.body !== undefined ? { json: row.body } : {}),
        });
        seen[role] = res.status;
        if (res.status >= 400) {
          // A refusal says why, and nothing about whom it protects.
          const text = JSON.stringify(res.body);
          expect(res.body, `${role}: ${text}`).toMatchObject({ success: false, message: expect.any(String) });
          for (const email of Object.values(world.emails)) expect(text).not.toContain(email);
          expect(text).not.toMatch(/"stack"|\bat \S+ \(\/|password_hash|token_hash/);
        }
      }
      const expected = typeof row.expect === 'number' ? per(...ROLES.map(() => row.expect as number)) : row.expect;
      expect(seen).toEqual(expected);
    });
  }

  it('covers every route the API serves (a new route must be added to the table)', () => {
    const { served, missing } = routesNotIn(world.app, Object.keys(ROWS));
    expect(served).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});

describe('test-only routes', () => {
  it('do not exist in production, whoever asks', async () => {
    const production = await startTestApp({ env: { NODE_ENV: 'production', PAYMENTS: 'sandbox' } });
    try {
      for (const route of TEST_ONLY_ROUTES) {
        const [method, path] = route.split(' ');
        const res = await production.request(path, {
          method,
          ...(method === 'POST' ? { json: { advanceMs: 1000, email: 'x@example.com', amount: 250 } } : {}),
        });
        expect({ route, status: res.status }).toEqual({ route, status: 404 });
      }
    } finally {
      await production.close();
    }
  });
});

let startedSignup: Promise<number> | undefined;
/** The affiliate's one sign-up of a professional, its code texted and not typed back (started once). */
function affiliateSignup(w: World): Promise<number> {
  startedSignup ??= w.app
    .request('/api/affiliate/signups', {
      method: 'POST',
      headers: bearer(w.tokens.affiliate),
      json: {
        firstName: 'Yaw',
        lastName: 'Mason',
        phone: '0279990001',
        profession: 'Plumber',
        location: 'Kumasi',
        localAddress: 'Asokwa',
        network: 'mtn',
        agreeToTerms: true,
      },
    })
    .then((res) => res.body.signup.id as number);
  return startedSignup;
}
