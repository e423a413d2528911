import sharp from 'sharp';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../../contract/dates.ts';
import { eventStream, eventTicket } from '../../../contract/events.ts';
import { approvedSandboxCharge } from '../../../contract/payments.ts';
import { FILE_NAME_HEADER } from '../../../contract/verification.ts';
import {
  affiliateSignupBody,
  bearer,
  listedProfessional,
  makeRoomForBooking,
  paySandbox,
  proveNumber,
  signUp,
  signUpAffiliate,
  signUpAndPay,
  signupBody,
} from '../../test/accounts.ts';
import { signInAdmin } from '../../test/admin.ts';
import { StreamReader } from '../../test/event-stream.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { fakePhone } from '../../test/push-phone.ts';
import { routesNotIn } from '../../test/route-coverage.ts';
import { USSD_SECRET, ussdEnv } from '../../test/ussd-gateway.ts';
import { createAdmin } from '../features/admin/accounts.ts';
import { LOCAL_PUSH_PATH } from '../features/dev/push-service.ts';
import { CONTROL_TOKEN_HEADER } from '../features/local-control/routes.ts';
import { SANDBOX_VOUCHER } from '../providers/sandbox.ts';

// Every API route, called the way the site calls it, with the
// number of SQL statements it may send written beside it. A query per item of a list (an N+1) or a
// read repeated where one would do costs every request, and nothing else shows it: the answers stay
// right, only slower under load. Here it fails the test of its route, which names the statements.
//
// The budgets are exactly what the routes send today (on PostgreSQL; the larger count where PGlite
// differs), so any statement that comes in fails, and a change that saves one writes the new figure. The read cache is off: every read goes to the
// database, and repeated reads count as often as they are made. Each row's lists are not empty
// (a list of none would hide a query per item), and what a row needs is made before counting starts.
// No row depends on the rows before it (what one changes is its own), so rows may be added anywhere.

type Caller = 'anonymous' | 'customer' | 'professional' | 'affiliate' | 'admin';

/** What a row sends; the method is its key's first word. */
interface Call {
  path: string;
  json?: unknown;
  /** Bytes sent as they are (a photo, a document, a push message): `headers` say what they are. */
  bytes?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Another session than the world's caller's: an account whose changes no other row sees, or one to end. */
  token?: string;
  /** An event stream: counted until its `ready` event, then closed. */
  stream?: true;
}

/** Keyed by "METHOD /path (note)", as the authorisation matrix's rows. */
interface Row {
  as: Caller;
  /** What is sent; whatever it needs (a fresh booking, an account of its own) is made here, before counting. */
  call: () => Call | Promise<Call>;
  status: number;
  /** The SQL statements the request may send: measured, not guessed. */
  budget: number;
}

interface Account {
  id: number;
  token: string;
  email: string;
}

interface World {
  /** Keeps the professional among their favourites, and books them. */
  customer: Account & { password: string };
  /** Listed, with a phone that gets notifications, a work photo and the Ghana card uploaded. */
  professional: Account;
  /** Another plumber nearby: searches and suggestions list more than one. */
  otherProfessional: Account;
  /** With a customer they referred, and a payout an administrator approved. */
  affiliate: Account;
  admin: { token: string };
  /** The push address of the professional's phone (the local push service). */
  phone: string;
  /** The professional's Ghana card, for the administrator to open. */
  documentId: number;
}

let app: TestApp;
let world: World;

/** The token commands on this machine hand work to the server with (features/local-control). */
const LOCAL_CONTROL_TOKEN = 'query-budget-local-control-token';
const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'));
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

const ROWS: Record<string, Row> = {
  // Public.
  'GET /api/health': { as: 'anonymous', call: () => ({ path: '/api/health' }), status: 200, budget: 1 },
  // Drawn from the route table in memory.
  'GET /api/openapi.json': { as: 'anonymous', call: () => ({ path: '/api/openapi.json' }), status: 200, budget: 0 },
  // The outbox per channel, in one statement; the rest is read from memory.
  'GET /metrics': { as: 'anonymous', call: () => ({ path: '/metrics' }), status: 200, budget: 1 },
  // Commands on this machine, with the data folder's token (the app is started with one). The demo loads a whole
  // data set and the backup copies PGlite's files (PostgreSQL has pg_dump): neither is a request of the site, so
  // both are sent without the token, and answer 404 before anything is read.
  'POST /api/local/demo': {
    as: 'anonymous',
    call: () => ({ path: '/api/local/demo', json: {} }),
    status: 404,
    budget: 0,
  },
  'POST /api/local/administrators': {
    as: 'anonymous',
    call: () => ({
      path: '/api/local/administrators',
      json: { username: 'budget-admin', password: 'Admin-Passw0rd!' },
      headers: { [CONTROL_TOKEN_HEADER]: LOCAL_CONTROL_TOKEN },
    }),
    status: 200,
    budget: 2,
  },
  'GET /api/local/backup': { as: 'anonymous', call: () => ({ path: '/api/local/backup' }), status: 404, budget: 0 },
  'GET /api/plans': { as: 'anonymous', call: () => ({ path: '/api/plans' }), status: 200, budget: 1 },
  'GET /api/payments/config': {
    as: 'anonymous',
    call: () => ({ path: '/api/payments/config' }),
    status: 200,
    budget: 0,
  },
  'POST /api/signup': {
    as: 'anonymous',
    call: () => ({ path: '/api/signup', json: signupBody() }),
    status: 201,
    budget: 10,
  },
  'POST /api/signup/payment': {
    as: 'anonymous',
    call: async () => {
      const { userId, payment } = await signUp(app);
      return { path: '/api/signup/payment', json: { userId, completionSecret: payment.completionSecret, months: 3 } };
    },
    status: 200,
    budget: 4,
  },
  'POST /api/affiliate-signup': {
    as: 'anonymous',
    call: () => ({ path: '/api/affiliate-signup', json: affiliateSignupBody() }),
    status: 201,
    budget: 10,
  },
  'POST /api/auth/login': {
    as: 'anonymous',
    call: () => ({
      path: '/api/auth/login',
      json: { loginMethod: 'email', email: world.customer.email, password: world.customer.password },
    }),
    status: 200,
    budget: 8,
  },
  'POST /api/auth/forgot-password': {
    as: 'anonymous',
    call: () => ({ path: '/api/auth/forgot-password', json: { email: world.customer.email } }),
    status: 200,
    budget: 7,
  },
  // An account of its own, whose number gets the code by text (written to the outbox with the request).
  'POST /api/auth/code': {
    as: 'anonymous',
    call: async () => ({ path: '/api/auth/code', json: { phone: (await signUpAndPay(app)).body.phone } }),
    status: 200,
    budget: 13,
  },
  'POST /api/auth/code/sign-in': {
    as: 'anonymous',
    call: async () => ({ path: '/api/auth/code/sign-in', json: await textedSignInCode() }),
    status: 200,
    budget: 11,
  },
  // An account of its own: the new password ends every session of the account, and every phone's notifications.
  'POST /api/auth/reset-password': {
    as: 'anonymous',
    call: async () => ({
      path: '/api/auth/reset-password',
      json: { token: await resetToken(), password: 'new-pass-42' },
    }),
    status: 200,
    budget: 7,
  },
  'POST /api/contact': {
    as: 'anonymous',
    call: () => ({
      path: '/api/contact',
      json: { name: 'Ama Mensah', email: 'ama@example.com', phone: '0241234567', message: 'Saturday plumber?' },
    }),
    status: 201,
    budget: 5,
  },
  // The support page's plain form, followed to the page with its reference (which reads nothing).
  'POST /api/contact (the support page without JavaScript)': {
    as: 'anonymous',
    call: () => ({
      path: '/api/contact',
      bytes: new TextEncoder().encode('name=Ama+Mensah&email=ama%40example.com&message=Saturday+plumber%3F'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    status: 200,
    budget: 5,
  },
  'GET /api/contact/sent': { as: 'anonymous', call: () => ({ path: '/api/contact/sent' }), status: 200, budget: 0 },
  'POST /api/verify-payment': {
    as: 'anonymous',
    call: async () => ({ path: '/api/verify-payment', json: { reference: (await paidSignUp()).payment.reference } }),
    status: 200,
    budget: 14,
  },
  'POST /api/complete-registration': {
    as: 'anonymous',
    call: async () => {
      const { userId, payment } = await paidSignUp();
      const json = { userId, paymentReference: payment.reference, completionSecret: payment.completionSecret };
      return { path: '/api/complete-registration', json };
    },
    status: 200,
    budget: 20,
  },
  'POST /api/sandbox/charge': {
    as: 'anonymous',
    call: async () => ({ path: '/api/sandbox/charge', json: approvedSandboxCharge((await signUp(app)).payment) }),
    status: 200,
    budget: 2,
  },
  'POST /api/payments/test-intent': {
    as: 'anonymous',
    call: () => ({ path: '/api/payments/test-intent', json: { plan: 'customer', email: 'test@example.com' } }),
    status: 200,
    budget: 2,
  },
  // Webhooks need Paystack keys; these tests pay in the sandbox, where the webhook is a 404.
  'POST /api/paystack/webhook': {
    as: 'anonymous',
    call: () => ({ path: '/api/paystack/webhook', json: {} }),
    status: 404,
    budget: 0,
  },
  'POST /api/admin/login': {
    as: 'anonymous',
    call: async () => {
      const admin = await createAdmin(app.db, 'budget-login', 'Admin-Passw0rd!', app.clock.now());
      return { path: '/api/admin/login', json: { username: admin.username, password: 'Admin-Passw0rd!' } };
    },
    status: 200,
    budget: 8,
  },

  // Signed-in users.
  'POST /api/auth/verify': { as: 'customer', call: () => ({ path: '/api/auth/verify' }), status: 200, budget: 1 },
  'GET /api/customer-data/{own-email}': {
    as: 'customer',
    call: () => ({ path: `/api/customer-data/${encodeURIComponent(world.customer.email)}` }),
    status: 200,
    budget: 5,
  },
  'GET /api/professional-data/{own-email}': {
    as: 'professional',
    call: () => ({ path: `/api/professional-data/${encodeURIComponent(world.professional.email)}` }),
    status: 200,
    budget: 4,
  },
  'GET /api/affiliate-data/{own-email}': {
    as: 'affiliate',
    call: () => ({ path: `/api/affiliate-data/${encodeURIComponent(world.affiliate.email)}` }),
    status: 200,
    budget: 8,
  },
  'GET /api/me/export': {
    as: 'customer',
    call: () => ({ path: '/api/me/export' }),
    status: 200,
    // The 26th: the sign-in codes asked for the person's number (auth/repo.ts); the 27th and 28th:
    // the phone menu's PIN and sessions (ussd/repo.ts).
    budget: 28,
  },
  'POST /api/events/ticket': { as: 'customer', call: () => ({ path: eventTicket.path }), status: 200, budget: 4 },
  'GET /api/events': {
    as: 'customer',
    call: async () => {
      const { ticket } = await act(world.customer.token, 'POST', eventTicket.path);
      return { path: `${eventStream.path}?ticket=${ticket}`, stream: true };
    },
    status: 200,
    budget: 3,
  },
  // The fifth: the jobs kept in 90 days, by the public page's own function (bookings/reliability.ts).
  'GET /api/me/analytics': { as: 'professional', call: () => ({ path: '/api/me/analytics' }), status: 200, budget: 5 },
  'GET /api/professionals': {
    as: 'customer',
    call: () => ({ path: '/api/professionals?lat=5.6&lng=-0.18' }),
    status: 200,
    budget: 3,
  },
  'GET /api/professionals/{id}': {
    as: 'customer',
    call: () => ({ path: `/api/professionals/${world.professional.id}` }),
    status: 200,
    budget: 5,
  },
  'GET /api/location/reverse': {
    as: 'customer',
    call: () => ({ path: '/api/location/reverse?lat=5.6&lng=-0.18' }),
    status: 200,
    budget: 5,
  },
  'PUT /api/professional/rates': {
    as: 'professional',
    call: () => ({ path: '/api/professional/rates', json: { baseRate: 35, maxRate: 60, rateNegotiable: false } }),
    status: 200,
    budget: 2,
  },
  'PUT /api/professional/availability': {
    as: 'professional',
    call: () => ({ path: '/api/professional/availability', json: { days: WEEKDAYS, start: '09:00', end: '17:00' } }),
    status: 200,
    budget: 2,
  },
  'PUT /api/ussd/pin': {
    as: 'professional',
    call: () => ({ path: '/api/ussd/pin', json: { pin: '4821', repeat: '4821' } }),
    status: 200,
    budget: 3,
  },
  // A step of the phone menu: the PIN typed, answered with the home screen (its counts of requests and jobs):
  // the session, the number's hourly count, the caller, the PIN and its reset, the two lists, the session saved.
  'POST /api/ussd/africastalking/{secret} (the PIN, then the home screen)': {
    as: 'anonymous',
    call: async () => {
      await act(world.professional.token, 'PUT', '/api/ussd/pin', { pin: '4821', repeat: '4821' });
      const phone = (await app.db('users').where({ id: world.professional.id }).first('phone'))!.phone;
      const sessionId = `budget-${Date.now()}`;
      const form = (text: string) =>
        new Uint8Array(Buffer.from(new URLSearchParams({ sessionId, phoneNumber: phone, text }).toString()));
      const path = `/api/ussd/africastalking/${USSD_SECRET}`;
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      const dialled = await app.request(path, { method: 'POST', headers, body: form('') });
      if (dialled.status !== 200) throw new Error(`dial (setup): ${dialled.status}`);
      return { path, bytes: form('4821'), headers };
    },
    status: 200,
    budget: 9,
  },
  'PUT /api/profile': {
    as: 'professional',
    call: () => ({
      path: '/api/profile',
      json: { bio: 'Pipes and taps', skills: ['Plumbing', 'Water heaters'], experience: '12 years' },
    }),
    status: 200,
    budget: 7,
  },
  'GET /api/professional/documents': {
    as: 'professional',
    call: () => ({ path: '/api/professional/documents' }),
    status: 200,
    budget: 3,
  },
  'PUT /api/professional/documents/{kind}': {
    as: 'professional',
    call: () => ({
      path: '/api/professional/documents/trade-certificate',
      bytes: PDF,
      headers: { 'content-type': 'application/pdf', [FILE_NAME_HEADER]: 'certificate.pdf' },
    }),
    status: 200,
    budget: 10,
  },
  // Notifications on the phone. The other professional, whom no other row notifies, turns phones
  // on and off: each phone is one more notification written for its owner, in whichever row notifies them.
  'GET /api/push/key': { as: 'anonymous', call: () => ({ path: '/api/push/key' }), status: 200, budget: 0 },
  'GET /api/push/devices': { as: 'professional', call: () => ({ path: '/api/push/devices' }), status: 200, budget: 3 },
  'POST /api/push/subscriptions': {
    as: 'professional',
    call: () => ({ path: '/api/push/subscriptions', json: newPhone(), token: world.otherProfessional.token }),
    status: 201,
    budget: 8,
  },
  'DELETE /api/push/subscriptions': {
    as: 'professional',
    call: async () => {
      const phone = newPhone();
      const { token } = world.otherProfessional;
      await act(token, 'POST', '/api/push/subscriptions', phone);
      return { path: '/api/push/subscriptions', json: { endpoint: phone.endpoint }, token };
    },
    status: 204,
    budget: 2,
  },
  'DELETE /api/push/devices/{id}': {
    as: 'professional',
    call: async () => {
      const { token } = world.otherProfessional;
      const { id } = await act(token, 'POST', '/api/push/subscriptions', newPhone());
      return { path: `/api/push/devices/${id}`, token };
    },
    status: 204,
    budget: 2,
  },
  'POST /api/push/test': {
    as: 'professional',
    call: () => ({ path: '/api/push/test', json: { endpoint: world.phone } }),
    status: 202,
    budget: 4,
  },
  'PUT /api/push/preferences': {
    as: 'professional',
    call: () => ({ path: '/api/push/preferences', json: { alsoText: true }, token: world.otherProfessional.token }),
    status: 200,
    budget: 2,
  },
  // The receipt of the notification a new request sent to the professional's phone.
  'POST /api/push/shown': {
    as: 'anonymous',
    call: async () => {
      await newBooking();
      const push = await app
        .db('notifications')
        .where({ channel: 'push', user_id: world.professional.id })
        .orderBy('id', 'desc')
        .first('receipt');
      return { path: '/api/push/shown', json: { receipt: push!.receipt } };
    },
    status: 204,
    budget: 5,
  },
  'POST /api/dev/push-service/{channel}': {
    as: 'anonymous',
    call: () => pushMessage('budget'),
    status: 201,
    budget: 0,
  },
  'GET /api/dev/push-service/{channel}': {
    as: 'anonymous',
    call: () => ({ path: `${LOCAL_PUSH_PATH}/budget` }),
    status: 200,
    budget: 0,
  },
  'GET /api/me/photos': { as: 'professional', call: () => ({ path: '/api/me/photos' }), status: 200, budget: 2 },
  'PUT /api/me/photo': { as: 'customer', call: () => photo('/api/me/photo'), status: 200, budget: 10 },
  'DELETE /api/me/photo': {
    as: 'customer',
    call: async () => {
      await upload(world.customer.token, 'PUT', '/api/me/photo');
      return { path: '/api/me/photo' };
    },
    status: 200,
    budget: 8,
  },
  'POST /api/me/work-photos': { as: 'professional', call: () => photo('/api/me/work-photos'), status: 201, budget: 11 },
  'DELETE /api/me/work-photos/{id}': {
    as: 'professional',
    call: async () => ({ path: `/api/me/work-photos/${await newWorkPhoto()}` }),
    status: 200,
    budget: 8,
  },
  'POST /api/favourites/{professional}': {
    as: 'customer',
    call: () => ({ path: `/api/favourites/${world.otherProfessional.id}` }),
    status: 200,
    budget: 4,
  },
  'DELETE /api/favourites/{professional}': {
    as: 'customer',
    call: async () => {
      await act(world.customer.token, 'POST', `/api/favourites/${world.otherProfessional.id}`);
      return { path: `/api/favourites/${world.otherProfessional.id}` };
    },
    status: 200,
    budget: 2,
  },
  // Subscriptions: a customer renews, by the checkout or by a prompt to a phone (the sandbox's test phone answers).
  // Each prompt, the cancellation, automatic renewal and the reminder have a subscriber of their own: a prompt
  // still open is answered again instead of sent, and a renewal cancelled is not reminded of.
  'POST /api/subscription/renew': {
    as: 'customer',
    call: () => ({ path: '/api/subscription/renew', json: { months: 3 } }),
    status: 200,
    budget: 3,
  },
  'POST /api/subscription/momo': {
    as: 'customer',
    call: async () => ({
      path: '/api/subscription/momo',
      json: { provider: 'mtn' },
      token: (await signUpAndPay(app)).token,
    }),
    status: 200,
    budget: 16,
  },
  'POST /api/subscription/momo/numbers': {
    as: 'customer',
    call: () => ({ path: '/api/subscription/momo/numbers', json: { phone: '0201112221' } }),
    status: 200,
    budget: 10,
  },
  'POST /api/subscription/momo/numbers/confirm': {
    as: 'customer',
    call: async () => {
      const phone = '0201112222';
      await act(world.customer.token, 'POST', '/api/subscription/momo/numbers', { phone });
      return { path: '/api/subscription/momo/numbers/confirm', json: { phone, code: await codeTextedTo(phone) } };
    },
    status: 200,
    budget: 5,
  },
  // Telecel asks for a voucher code before it rings the phone: another number, proved first.
  'POST /api/subscription/momo/otp': {
    as: 'customer',
    call: async () => {
      const phone = '0201112223';
      const { token } = await signUpAndPay(app);
      await proveNumber(app, token, phone);
      const { reference } = await act(token, 'POST', '/api/subscription/momo', { provider: 'vod', phone });
      return { path: '/api/subscription/momo/otp', json: { reference, otp: SANDBOX_VOUCHER }, token };
    },
    status: 200,
    budget: 5,
  },
  // The page asks until the phone answered: this is the answer that grants the month.
  'GET /api/subscription/momo/{reference}': {
    as: 'customer',
    call: async () => {
      const { token } = await signUpAndPay(app);
      const reference = await momoPrompt(token);
      await act(null, 'POST', `/api/sandbox/momo/${reference}`, { approve: true });
      return { path: `/api/subscription/momo/${reference}`, token };
    },
    status: 200,
    budget: 17,
  },
  'POST /api/sandbox/momo/{reference}': {
    as: 'anonymous',
    call: async () => ({
      path: `/api/sandbox/momo/${await momoPrompt((await signUpAndPay(app)).token)}`,
      json: { approve: true },
    }),
    status: 200,
    budget: 3,
  },
  'POST /api/subscription/cancel': {
    as: 'customer',
    call: async () => ({ path: '/api/subscription/cancel', json: {}, token: (await signUpAndPay(app)).token }),
    status: 200,
    budget: 3,
  },
  'POST /api/subscription/auto-renew': {
    as: 'customer',
    call: async () => ({ path: '/api/subscription/auto-renew', json: { enabled: true }, token: await cardPayer() }),
    status: 200,
    budget: 4,
  },
  'GET /api/affiliate/payouts': {
    as: 'affiliate',
    call: () => ({ path: '/api/affiliate/payouts' }),
    status: 200,
    budget: 2,
  },
  'POST /api/affiliate/payouts': {
    as: 'affiliate',
    call: async () => {
      await creditAffiliate();
      return { path: '/api/affiliate/payouts' };
    },
    status: 201,
    budget: 11,
  },
  // An affiliate signs up a professional, each row with an affiliate of its own (their texts are capped).
  'POST /api/affiliate/signups': {
    as: 'affiliate',
    call: async () => ({
      path: '/api/affiliate/signups',
      json: professionalDetails(),
      token: (await signUpAffiliate(app)).token,
    }),
    status: 201,
    budget: 14,
  },
  'GET /api/affiliate/signups': {
    as: 'affiliate',
    call: async () => ({ path: '/api/affiliate/signups', token: (await affiliateSignupStarted()).token }),
    status: 200,
    budget: 2,
  },
  'POST /api/affiliate/signups/{id}/code': {
    as: 'affiliate',
    call: async () => {
      const { token, id, code } = await affiliateSignupStarted();
      return { path: `/api/affiliate/signups/${id}/code`, json: { code }, token };
    },
    status: 200,
    budget: 28,
  },
  // The affiliate's page asks until the professional's phone answered: this is the answer that lists them.
  'GET /api/affiliate/signups/{id}': {
    as: 'affiliate',
    call: async () => {
      const { token, id, reference } = await affiliateSignupProved();
      await act(null, 'POST', `/api/sandbox/momo/${reference}`, { approve: true });
      return { path: `/api/affiliate/signups/${id}`, token };
    },
    status: 200,
    budget: 22,
  },
  'POST /api/affiliate/signups/{id}/prompt': {
    as: 'affiliate',
    call: async () => {
      const { token, id, reference } = await affiliateSignupProved();
      await act(null, 'POST', `/api/sandbox/momo/${reference}`, { approve: false });
      await act(token, 'GET', `/api/affiliate/signups/${id}`); // the page learns it was declined
      return { path: `/api/affiliate/signups/${id}/prompt`, token };
    },
    status: 200,
    budget: 20,
  },
  'POST /api/affiliate/signups/{id}/voucher': {
    as: 'affiliate',
    call: async () => {
      const { token, id } = await affiliateSignupProved({ network: 'vod' });
      return { path: `/api/affiliate/signups/${id}/voucher`, json: { otp: SANDBOX_VOUCHER }, token };
    },
    status: 200,
    budget: 8,
  },

  // Bookings, each on a booking of its own (a fresh slot).
  'POST /api/bookings': {
    as: 'customer',
    call: async () => ({ path: '/api/bookings', json: await bookingRequest() }),
    status: 201,
    budget: 19,
  },
  'GET /api/bookings': { as: 'customer', call: () => ({ path: '/api/bookings' }), status: 200, budget: 6 },
  'POST /api/bookings/{id}/accept': {
    as: 'professional',
    call: async () => ({ path: `/api/bookings/${(await newBooking()).id}/accept` }),
    status: 200,
    budget: 18,
  },
  'POST /api/bookings/{id}/decline': {
    as: 'professional',
    call: async () => ({ path: `/api/bookings/${(await newBooking()).id}/decline` }),
    status: 200,
    budget: 18,
  },
  'POST /api/bookings/{id}/cancel': {
    as: 'customer',
    call: async () => ({ path: `/api/bookings/${await confirmedBooking()}/cancel` }),
    status: 200,
    budget: 17,
  },
  'POST /api/bookings/{id}/complete': {
    as: 'professional',
    call: async () => ({ path: `/api/bookings/${await startedJob()}/complete` }),
    status: 200,
    budget: 19,
  },
  'GET /api/bookings/{id}/messages': {
    as: 'customer',
    call: async () => {
      const { id } = await newBooking();
      await act(world.professional.token, 'POST', `/api/bookings/${id}/messages`, { body: 'I will bring the parts.' });
      return { path: `/api/bookings/${id}/messages` };
    },
    status: 200,
    budget: 4,
  },
  'POST /api/bookings/{id}/messages': {
    as: 'customer',
    call: async () => ({
      path: `/api/bookings/${(await newBooking()).id}/messages`,
      json: { body: 'The gate is blue.' },
    }),
    status: 201,
    budget: 14,
  },
  'GET /api/bookings/{id}/open-times': {
    as: 'customer',
    call: async () => ({ path: `/api/bookings/${(await newBooking()).id}/open-times` }),
    status: 200,
    budget: 4,
  },
  'POST /api/bookings/{id}/proposals': {
    as: 'customer',
    call: async () => ({ path: `/api/bookings/${(await newBooking()).id}/proposals`, json: nextProposalTime() }),
    status: 201,
    budget: 23,
  },
  'POST /api/bookings/{id}/proposal/accept': {
    as: 'professional',
    call: async () => ({ path: `/api/bookings/${await newProposal()}/proposal/accept` }),
    status: 200,
    budget: 21,
  },
  'POST /api/bookings/{id}/proposal/decline': {
    as: 'professional',
    call: async () => ({ path: `/api/bookings/${await newProposal()}/proposal/decline` }),
    status: 200,
    budget: 17,
  },
  'GET /api/bookings/{id}/alternatives': {
    as: 'customer',
    call: async () => ({ path: `/api/bookings/${await expiredRequest()}/alternatives` }),
    status: 200,
    budget: 9,
  },
  'POST /api/bookings/{id}/review': {
    as: 'customer',
    call: async () => ({ path: `/api/bookings/${await completedJob()}/review`, json: { rating: 5, comment: 'Great' } }),
    status: 200,
    budget: 6,
  },
  'POST /api/bookings/{id}/done': {
    as: 'customer',
    call: async () => ({ path: `/api/bookings/${await completedJob()}/done` }),
    status: 200,
    budget: 9,
  },
  'GET /api/bookings/{id}/reports': {
    as: 'customer',
    call: async () => ({ path: `/api/bookings/${(await newReport()).bookingId}/reports` }),
    status: 200,
    budget: 5,
  },
  'POST /api/bookings/{id}/reports': {
    as: 'customer',
    call: async () => ({
      path: `/api/bookings/${await jobToReport()}/reports`,
      json: { reason: 'late', description: 'Came two hours late.' },
    }),
    status: 201,
    budget: 25,
  },
  'POST /api/reports/{id}/messages': {
    as: 'customer',
    call: async () => ({ path: `/api/reports/${(await newReport()).id}/messages`, json: { body: 'Any news?' } }),
    status: 201,
    budget: 12,
  },
  'POST /api/reports/{id}/photos': {
    as: 'customer',
    call: async () => photo(`/api/reports/${(await newReport()).id}/photos`),
    status: 201,
    budget: 14,
  },

  // Administrators; what an action changes is an account of its own.
  'GET /api/admin/stats': { as: 'admin', call: () => ({ path: '/api/admin/stats' }), status: 200, budget: 8 },
  'GET /api/admin/users': { as: 'admin', call: () => ({ path: '/api/admin/users' }), status: 200, budget: 4 },
  'GET /api/admin/users/{id}': {
    as: 'admin',
    call: () => ({ path: `/api/admin/users/${world.customer.id}` }),
    status: 200,
    budget: 7,
  },
  'PUT /api/admin/users/{id}/profile': {
    as: 'admin',
    call: async () => {
      const { userId, body } = await signUpAndPay(app, { firstName: 'Efua' });
      const json = {
        firstName: 'Efua',
        lastName: 'After',
        email: body.email,
        phone: body.phone,
        type: 'customer',
        status: 'active',
        location: 'Kumasi',
        description: '',
        profession: '',
      };
      return { path: `/api/admin/users/${userId}/profile`, json };
    },
    status: 200,
    budget: 12,
  },
  'PUT /api/admin/users/{id}/status': {
    as: 'admin',
    call: async () => ({
      path: `/api/admin/users/${(await signUpAndPay(app)).userId}/status`,
      json: { status: 'suspended' },
    }),
    status: 200,
    // Suspension ends every session, and the notifications on every phone of the account.
    budget: 12,
  },
  'DELETE /api/admin/users/{id}': {
    as: 'admin',
    call: async () => ({ path: `/api/admin/users/${(await signUpAndPay(app)).userId}` }),
    status: 200,
    // The 31st: the reasons a professional gave for declining go with his words (bookings/repo.ts);
    // the 32nd: the sign-in codes asked for the account's number (auth/repo.ts); the 33rd and 34th:
    // its phone-menu PIN and menu sessions (ussd/repo.ts).
    budget: 34,
  },
  'POST /api/admin/users/{id}/reminder': {
    as: 'admin',
    call: async () => ({ path: `/api/admin/users/${(await signUpAndPay(app)).userId}/reminder` }),
    status: 200,
    budget: 18,
  },
  'GET /api/admin/activity': { as: 'admin', call: () => ({ path: '/api/admin/activity' }), status: 200, budget: 2 },
  'GET /api/admin/payments': { as: 'admin', call: () => ({ path: '/api/admin/payments' }), status: 200, budget: 3 },
  'GET /api/admin/affiliates': { as: 'admin', call: () => ({ path: '/api/admin/affiliates' }), status: 200, budget: 3 },
  'GET /api/admin/payouts': { as: 'admin', call: () => ({ path: '/api/admin/payouts' }), status: 200, budget: 3 },
  'PUT /api/admin/payouts/{id}/{action} (approve)': {
    as: 'admin',
    call: async () => ({ path: `/api/admin/payouts/${await newPayout()}/approve` }),
    status: 200,
    // One read before the transaction: whether a Paystack transfer goes out, which is sent with
    // no transaction open (docs/OPERATIONS.md "Outside services: time-outs, caps, circuits").
    budget: 12,
  },
  'GET /api/admin/verification-queue': {
    as: 'admin',
    call: () => ({ path: '/api/admin/verification-queue' }),
    status: 200,
    budget: 5,
  },
  'GET /api/admin/professionals/{id}/documents': {
    as: 'admin',
    call: () => ({ path: `/api/admin/professionals/${world.professional.id}/documents` }),
    status: 200,
    budget: 5,
  },
  'GET /api/admin/documents/{id}/file': {
    as: 'admin',
    call: () => ({ path: `/api/admin/documents/${world.documentId}/file` }),
    status: 200,
    budget: 6,
  },
  'PUT /api/admin/professionals/{id}/verification': {
    as: 'admin',
    call: async () => ({
      path: `/api/admin/professionals/${await readyForReview()}/verification`,
      json: { decision: 'verified' },
    }),
    status: 200,
    budget: 16,
  },
  'DELETE /api/admin/photos/{id}': {
    as: 'admin',
    call: async () => ({ path: `/api/admin/photos/${await newWorkPhoto()}` }),
    status: 200,
    budget: 8,
  },
  'GET /api/admin/reports': { as: 'admin', call: () => ({ path: '/api/admin/reports' }), status: 200, budget: 2 },
  'GET /api/admin/reports/{id}': {
    as: 'admin',
    call: async () => ({ path: `/api/admin/reports/${(await newReport()).id}` }),
    status: 200,
    budget: 20,
  },
  'POST /api/admin/reports/{id}/messages': {
    as: 'admin',
    call: async () => ({
      path: `/api/admin/reports/${(await newReport()).id}/messages`,
      json: { body: 'Please tell us what happened.' },
    }),
    status: 201,
    budget: 15,
  },
  'POST /api/admin/reports/{id}/close': {
    as: 'admin',
    call: async () => ({
      path: `/api/admin/reports/${(await newReport()).id}/close`,
      json: { outcome: 'resolved', note: 'Settled between you.' },
    }),
    status: 200,
    budget: 25,
  },
  'GET /api/admin/settings': { as: 'admin', call: () => ({ path: '/api/admin/settings' }), status: 200, budget: 2 },
  'PUT /api/admin/settings': {
    as: 'admin',
    call: async () => ({
      path: '/api/admin/settings',
      json: (await act(world.admin.token, 'GET', '/api/admin/settings')).settings,
    }),
    status: 200,
    budget: 7,
  },

  // Signing out: a session of its own, so the callers' stay.
  'POST /api/auth/logout': {
    as: 'customer',
    call: async () => ({
      path: '/api/auth/logout',
      token: (
        await act(null, 'POST', '/api/auth/login', {
          loginMethod: 'email',
          email: world.customer.email,
          password: world.customer.password,
        })
      ).token,
    }),
    status: 200,
    // The session ends, then the notifications of the phone it turned on.
    budget: 2,
  },
  'POST /api/admin/logout': {
    as: 'admin',
    call: async () => ({ path: '/api/admin/logout', token: (await signInAdmin(app)).token }),
    status: 200,
    budget: 2,
  },
};

/** A request made to set a row up (never counted), which must succeed: its answer's body. */
async function act(token: string | null, method: string, path: string, json?: unknown): Promise<any> {
  const res = await app.request(path, {
    method,
    headers: token ? bearer(token) : {},
    ...(json !== undefined ? { json } : {}),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} (setup): ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let professionalsSignedUp = 0;
/** A professional's details as an affiliate types them, with a number no account has. */
const professionalDetails = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Yaw',
  lastName: 'Mason',
  phone: `0278${String(process.pid % 1000).padStart(3, '0')}${String(professionalsSignedUp++).padStart(3, '0')}`,
  profession: 'Plumber',
  location: 'Kumasi',
  localAddress: 'Asokwa',
  network: 'mtn',
  agreeToTerms: true,
  ...overrides,
});

/** A new affiliate's sign-up of a professional, its code texted: the affiliate's token, the sign-up and the code. */
async function affiliateSignupStarted(overrides: Record<string, unknown> = {}) {
  const { token } = await signUpAffiliate(app);
  const details = professionalDetails(overrides);
  const { signup } = await act(token, 'POST', '/api/affiliate/signups', details);
  const text = await app
    .db('notifications')
    .where({ recipient: `+233${details.phone.slice(1)}`, subject: 'Sign-up code' })
    .first('body');
  return { token, id: signup.id as number, code: /code (\d{6})\./.exec(text!.body)![1] };
}

/** As affiliateSignupStarted, with the code typed back: the payment's prompt is ringing the professional's phone. */
async function affiliateSignupProved(overrides: Record<string, unknown> = {}) {
  const { token, id, code } = await affiliateSignupStarted(overrides);
  const { signup } = await act(token, 'POST', `/api/affiliate/signups/${id}/code`, { code });
  return { token, id, reference: signup.prompt.reference as string };
}

/** Signed up and paid in the sandbox, not yet completed. */
async function paidSignUp() {
  const signedUp = await signUp(app);
  await paySandbox(app, signedUp.payment);
  return signedUp;
}

/** A customer who paid by card (the sandbox's test Visa, saved for automatic renewal): their session. */
async function cardPayer(): Promise<string> {
  const { userId, payment } = await signUp(app);
  await paySandbox(app, payment, 'card');
  const json = { userId, paymentReference: payment.reference, completionSecret: payment.completionSecret };
  return (await act(null, 'POST', '/api/complete-registration', json)).token;
}

/** The reset link's token from the outbox, for a customer of its own who asked for one. */
/** A sign-in code request of a new account's number, and the code texted to it. */
async function textedSignInCode(): Promise<{ requestId: string; code: string }> {
  const { body } = await signUpAndPay(app);
  const asked = await act(null, 'POST', '/api/auth/code', { phone: body.phone });
  const text = await app
    .db('notifications')
    .where({ recipient: `+233${body.phone.slice(1)}`, channel: 'sms' })
    .orderBy('id', 'desc')
    .first('body');
  return { requestId: asked.requestId, code: /(\d{6}) is your sign-in code/.exec(text!.body)![1] };
}

async function resetToken(): Promise<string> {
  const { body } = await signUpAndPay(app);
  await act(null, 'POST', '/api/auth/forgot-password', { email: body.email });
  const mail = await app.db('notifications').where({ recipient: body.email }).orderBy('id', 'desc').first('body');
  return /reset-password\?token=([\w-]+)/.exec(mail!.body)![1];
}

/** The code the last SMS to `phone` carries (proving a number for mobile money). */
async function codeTextedTo(phone: string): Promise<string> {
  const sms = await app
    .db('notifications')
    .where({ channel: 'sms', recipient: `+233${phone.slice(1)}` })
    .orderBy('id', 'desc')
    .first('body');
  return /code (\d{6})/.exec(sms!.body)![1];
}

/** A renewal prompt rung on the subscriber's own number (the sandbox's test phone); its reference. */
async function momoPrompt(token: string): Promise<string> {
  return (await act(token, 'POST', '/api/subscription/momo', { provider: 'mtn' })).reference;
}

let phones = 0;
/** A phone's subscription to notifications, at the local push service. */
function newPhone() {
  phones++;
  return { ...fakePhone(`${app.url}${LOCAL_PUSH_PATH}/phone-${phones}`).subscription, device: 'Chrome on Android' };
}

/** A push message as a push service receives it: encrypted for a phone, signed with the server's key. */
async function pushMessage(channel: string): Promise<Call> {
  const path = `${LOCAL_PUSH_PATH}/${channel}`;
  const keys = await app.db('push_vapid_keys').first('public_key', 'private_key');
  const request = webpush.generateRequestDetails(fakePhone(app.url + path).subscription, '{"title":"Hello"}', {
    vapidDetails: { subject: 'mailto:test@example.com', publicKey: keys!.public_key, privateKey: keys!.private_key },
    TTL: 60,
    contentEncoding: 'aes128gcm',
  });
  return { path, bytes: new Uint8Array(request.body), headers: request.headers as Record<string, string> };
}

let shade = 0;
/** A small PNG no upload has sent before (equal photos share one stored copy). */
async function freshPhoto(): Promise<Uint8Array<ArrayBuffer>> {
  shade++;
  const background = { r: (shade * 37) % 256, g: (shade * 91) % 256, b: 200 };
  return new Uint8Array(
    await sharp({ create: { width: 24, height: 16, channels: 3, background } })
      .png()
      .toBuffer(),
  );
}

const photo = async (path: string): Promise<Call> => ({
  path,
  bytes: await freshPhoto(),
  headers: { 'content-type': 'image/png' },
});

async function upload(token: string, method: string, path: string) {
  const { bytes, headers } = await photo(path);
  const res = await app.request(path, { method, headers: { ...bearer(token), ...headers }, body: bytes });
  if (res.status >= 300) throw new Error(`${method} ${path} (setup): ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A work photo the professional just added; its id. */
async function newWorkPhoto(): Promise<number> {
  return (await upload(world.professional.token, 'POST', '/api/me/work-photos')).work.at(-1).id;
}

let slot = 0;
/**
 * A booking request for a fresh slot: weekdays from Monday 23 November 2026 (the test clock's next
 * day), eight hourly slots each (the default availability is 09:00 to 17:00), with room made for it.
 */
async function bookingRequest() {
  slot++;
  const weekday = Math.floor(slot / 8);
  const day = new Date(Date.UTC(2026, 10, 23 + Math.floor(weekday / 5) * 7 + (weekday % 5)));
  const time = `${String(9 + (slot % 8)).padStart(2, '0')}:00`;
  await makeRoomForBooking(app, world.customer.id);
  const date = day.toISOString().slice(0, 10);
  return { professionalId: world.professional.id, date, time, description: 'Leaking kitchen tap' };
}

/** A new pending booking of the customer with the professional. */
async function newBooking(): Promise<{ id: number; date: string; time: string; answerBy: string }> {
  return (await act(world.customer.token, 'POST', '/api/bookings', await bookingRequest())).booking;
}

/** A booking the professional accepted; its id. */
async function confirmedBooking(): Promise<number> {
  const { id } = await newBooking();
  await act(world.professional.token, 'POST', `/api/bookings/${id}/accept`);
  return id;
}

/** A confirmed booking whose time has come: the clock moves to an hour after its start (afterEach puts it back). */
async function startedJob(): Promise<number> {
  const booking = await newBooking();
  await act(world.professional.token, 'POST', `/api/bookings/${booking.id}/accept`);
  app.clock.set(new Date(new Date(`${booking.date}T${booking.time}:00Z`).getTime() + HOUR_MS));
  return booking.id;
}

async function completedJob(): Promise<number> {
  const id = await startedJob();
  await act(world.professional.token, 'POST', `/api/bookings/${id}/complete`);
  return id;
}

/** A request the professional did not answer in time, declined by the system (the sweep ran). */
async function expiredRequest(): Promise<number> {
  const { id, answerBy } = await newBooking();
  app.clock.set(new Date(new Date(answerBy).getTime() + 60_000));
  await act(world.customer.token, 'GET', '/api/bookings');
  return id;
}

let proposed = 0;
/** Another time for a booking: weekdays from Monday 21 December 2026, clear of the bookings' times. */
function nextProposalTime() {
  proposed++;
  const day = new Date(Date.UTC(2026, 11, 21 + (Math.floor(proposed / 8) % 5)));
  return { date: day.toISOString().slice(0, 10), time: `${String(9 + (proposed % 8)).padStart(2, '0')}:00` };
}

/** A new booking with another time proposed by its customer; the booking's id. */
async function newProposal(): Promise<number> {
  const { id } = await newBooking();
  await act(world.customer.token, 'POST', `/api/bookings/${id}/proposals`, nextProposalTime());
  return id;
}

/**
 * A started job to report, with room for a report: the customer's earlier reports (other rows') are moved
 * out of the count of reports per 30 days, as 30 days passing would.
 */
async function jobToReport(): Promise<number> {
  await app
    .db('problem_reports')
    .where({ customer_id: world.customer.id })
    .update({ created_at: app.db.raw("created_at - interval '31 days'") });
  return startedJob();
}

/** A new open problem report by the customer, on a new booking. */
async function newReport(): Promise<{ id: number; bookingId: number }> {
  const { id: bookingId } = await newBooking();
  const [report] = await app
    .db('problem_reports')
    .insert({
      booking_id: bookingId,
      customer_id: world.customer.id,
      professional_id: world.professional.id,
      reporter_role: 'customer',
      reason: 'other',
      description: 'Budget report',
      created_at: app.clock.now(),
    })
    .returning('id');
  return { id: Number(report.id), bookingId };
}

/** ₵260 of commissions for the affiliate: over the ₵250 a payout needs. */
const creditAffiliate = () =>
  act(null, 'POST', '/api/dev/affiliate-credit', { email: world.affiliate.email, amount: 260 });

/** A payout the affiliate just asked for; its id. */
async function newPayout(): Promise<number> {
  await creditAffiliate();
  return (await act(world.affiliate.token, 'POST', '/api/affiliate/payouts')).payout.id;
}

/** A professional of their own with both documents uploaded and opened by the administrator; their id. */
async function readyForReview(): Promise<number> {
  const pro = await signUpAndPay(app, { userType: 'professional', profession: 'Electrician', localAddress: 'Osu' });
  const uploadDocument = (kind: string) =>
    app.request(`/api/professional/documents/${kind}`, {
      method: 'PUT',
      headers: { ...bearer(pro.token), 'content-type': 'application/pdf', [FILE_NAME_HEADER]: `${kind}.pdf` },
      body: PDF,
    });
  await uploadDocument('ghana-card');
  const { body } = await uploadDocument('trade-certificate');
  for (const { id } of body.documents) await act(world.admin.token, 'GET', `/api/admin/documents/${id}/file`);
  return pro.userId;
}

// Counting: every statement knex sends (builders and raw, in transactions BEGIN and COMMIT too).
const QUIET_MS = 25;
let heard = 0;
let counted: string[] | null = null;

/** Until no statement has started for QUIET_MS: what a request sets going after its answer is its own. */
async function quiet(): Promise<void> {
  for (let before = -1; before !== heard; ) {
    before = heard;
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  }
}

/** Sends `call` as `as` and returns its status and the SQL statements it sent. */
async function measure(method: string, as: Caller, call: Call) {
  const token = call.token ?? (as === 'anonymous' ? null : world[as].token);
  const headers = { ...(token ? bearer(token) : {}), ...call.headers };
  let close = () => {};
  const statements: string[] = [];
  // Limits count per hour, and the first request of an hour also clears the hours before: every row is
  // measured as the first (with the clearing), whatever the rows before it asked.
  await app.db('rate_limits').delete();
  await quiet();
  counted = statements;
  try {
    let answer: { status: number; body?: unknown };
    if (call.stream) {
      const controller = new AbortController();
      const response = await fetch(app.url + call.path, { headers, signal: controller.signal });
      const reader = new StreamReader(response, controller);
      close = () => reader.close();
      if (response.ok) await reader.until('ready');
      answer = { status: response.status };
    } else {
      answer = await app.request(call.path, {
        method,
        headers,
        ...(call.json !== undefined ? { json: call.json } : {}),
        ...(call.bytes ? { body: call.bytes } : {}),
      });
    }
    await quiet();
    return { ...answer, statements };
  } finally {
    counted = null;
    close();
  }
}

const overBudget = (route: string, statements: string[], budget: number) =>
  [
    `${route} sent ${statements.length} SQL statements; its budget is ${budget}.`,
    'Find the statement that came in and take it out (one query per item of a list is an N+1: read the list in',
    'one), or, if the route needs it, raise the budget beside its row and say why. What it sent:',
    ...statements.map((sql, i) => `  ${i + 1}. ${sql.replace(/\s+/g, ' ').slice(0, 200)}`),
  ].join('\n');

beforeAll(async () => {
  app = await startTestApp({
    env: { READ_CACHE: 'off', ...ussdEnv('africastalking') },
    push: true,
    localControlToken: LOCAL_CONTROL_TOKEN,
  });
  const signedUp = await signUpAndPay(app, { firstName: 'Abena' });
  const customer = {
    id: signedUp.userId,
    token: signedUp.token,
    email: signedUp.body.email,
    password: signedUp.body.password,
  };
  const professional = await listedProfessional(app, { lat: 5.6, lng: -0.18 }, { firstName: 'Kwame' });
  const other = await listedProfessional(app, { lat: 5.61, lng: -0.18 }, { firstName: 'Kojo' });
  const affiliate = await signUpAffiliate(app);
  const pro = { id: professional.userId, token: professional.token, email: professional.body.email };
  const phone = newPhone();
  world = {
    customer,
    professional: pro,
    otherProfessional: { id: other.userId, token: other.token, email: other.body.email },
    affiliate: { id: affiliate.id, token: affiliate.token, email: affiliate.email },
    admin: { token: (await signInAdmin(app)).token },
    phone: phone.endpoint,
    documentId: 0,
  };
  // What the lists show, none empty.
  await act(pro.token, 'POST', '/api/push/subscriptions', phone);
  await newWorkPhoto();
  const card = await app.request('/api/professional/documents/ghana-card', {
    method: 'PUT',
    headers: { ...bearer(pro.token), 'content-type': 'application/pdf', [FILE_NAME_HEADER]: 'card.pdf' },
    body: PDF,
  });
  world.documentId = card.body.documents[0].id;
  await act(customer.token, 'POST', `/api/favourites/${pro.id}`);
  await newReport();
  await signUpAndPay(app, { referrerCode: affiliate.code });
  await act(world.admin.token, 'PUT', `/api/admin/payouts/${await newPayout()}/approve`);
  app.db.on('query', ({ sql }: { sql: string }) => {
    heard++;
    counted?.push(sql);
  });
});
afterEach(() => app?.clock.reset());
afterAll(async () => {
  await app?.close();
});

describe('query budget: the SQL statements each API route sends for a typical request', () => {
  for (const [route, row] of Object.entries(ROWS)) {
    it(route, async () => {
      const call = await row.call();
      const { status, body, statements } = await measure(route.split(' ')[0], row.as, call);
      expect({ route, status }, JSON.stringify(body)).toEqual({ route, status: row.status });
      expect(statements.length, overBudget(route, statements, row.budget)).toBeLessThanOrEqual(row.budget);
      // A budget stays what the route sends: one that saved a statement writes its new figure here.
      expect(statements.length, `${route} now sends ${statements.length}: lower its budget to that`).toBe(row.budget);
    });
  }

  it('has a budget for every route the API serves (a new route must be added to the table)', () => {
    const { served, missing } = routesNotIn(app, Object.keys(ROWS));
    expect(served).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
