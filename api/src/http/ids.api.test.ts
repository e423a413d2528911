import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../../contract/photos.ts';
import { VERIFICATION_MESSAGES } from '../../../contract/verification.ts';
import { bearer, signUpAndPay } from '../../test/accounts.ts';
import { signInAdmin } from '../../test/admin.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// One answer for a malformed id in a path, in every feature: 404 with the words the
// route gives for an id that names no row, since such an address names nothing either. Never a 5xx.
const MALFORMED = ['abc', '0', '007', '-1', '1.5', '1e20', '99999999999999999999', '1%20', 'null', '9'.repeat(2000)];

let app: TestApp;
let tokens: { customer: string; professional: string; admin: string };

beforeAll(async () => {
  app = await startTestApp();
  const customer = await signUpAndPay(app);
  const professional = await signUpAndPay(app, {
    userType: 'professional',
    profession: 'Plumber',
    localAddress: 'Osu, Accra',
  });
  tokens = { customer: customer.token, professional: professional.token, admin: (await signInAdmin(app)).token };
});
afterAll(() => app?.close());

type Caller = keyof typeof tokens;
/** Each route of the family with `{id}` in its path, who may call it, and its not-found words. */
async function expectNotFound(
  routes: [method: string, path: string, caller: Caller, json?: unknown][],
  message: string,
) {
  for (const [method, path, caller, json] of routes) {
    for (const id of MALFORMED) {
      const res = await app.request(path.replace('{id}', id), { method, headers: bearer(tokens[caller]), json });
      expect({
        route: `${method} ${path}`,
        id: id.slice(0, 20),
        status: res.status,
        message: res.body?.message,
      }).toEqual({
        route: `${method} ${path}`,
        id: id.slice(0, 20),
        status: 404,
        message,
      });
    }
  }
}

describe('a malformed path id is a 404 with the resource’s not-found words', () => {
  it('bookings', async () => {
    await expectNotFound(
      [
        ...['accept', 'decline', 'cancel', 'complete'].map((action): [string, string, Caller] => [
          'POST',
          `/api/bookings/{id}/${action}`,
          'customer',
        ]),
        ['GET', '/api/bookings/{id}/messages', 'customer'],
        ['POST', '/api/bookings/{id}/messages', 'customer', { body: 'Hello' }],
        ['POST', '/api/bookings/{id}/review', 'customer', { rating: 5, comment: 'Good work, on time.' }],
      ],
      'Booking not found.',
    );
  });

  it('professionals and favourites', async () => {
    await expectNotFound(
      [
        ['GET', '/api/professionals/{id}', 'customer'],
        ['POST', '/api/favourites/{id}', 'customer'],
        ['DELETE', '/api/favourites/{id}', 'customer'],
      ],
      'Professional not found.',
    );
  });

  it('administrators’ user and payout routes', async () => {
    await expectNotFound(
      [
        ['GET', '/api/admin/users/{id}', 'admin'],
        [
          'PUT',
          '/api/admin/users/{id}/profile',
          'admin',
          {
            firstName: 'Ama',
            lastName: 'Mensah',
            email: 'ama@example.com',
            phone: '0241234567',
            type: 'customer',
            status: 'active',
          },
        ],
        ['PUT', '/api/admin/users/{id}/status', 'admin', { status: 'suspended' }],
        ['DELETE', '/api/admin/users/{id}', 'admin'],
        ['POST', '/api/admin/users/{id}/reminder', 'admin'],
      ],
      'User not found.',
    );
    await expectNotFound(
      [['PUT', '/api/admin/payouts/{id}/reject', 'admin', { notes: 'Wrong number' }]],
      'Payout not found.',
    );
  });

  it('photos', async () => {
    await expectNotFound(
      [
        ['DELETE', '/api/me/work-photos/{id}', 'professional'],
        ['DELETE', '/api/admin/photos/{id}', 'admin'],
      ],
      PHOTO_MESSAGES.notFound,
    );
  });

  it('verification', async () => {
    await expectNotFound(
      [
        ['GET', '/api/admin/professionals/{id}/documents', 'admin'],
        [
          'PUT',
          '/api/admin/professionals/{id}/verification',
          'admin',
          { decision: 'rejected', reason: 'The card is unreadable.' },
        ],
      ],
      VERIFICATION_MESSAGES.notProfessional,
    );
    await expectNotFound([['GET', '/api/admin/documents/{id}/file', 'admin']], VERIFICATION_MESSAGES.documentNotFound);
  });

  it('an id that is well formed but names no row gets the same answer', async () => {
    expect(
      (await app.request('/api/bookings/999999/cancel', { method: 'POST', headers: bearer(tokens.customer), json: {} }))
        .body,
    ).toMatchObject({ message: 'Booking not found.' });
    expect(
      (await app.request('/api/favourites/999999', { method: 'POST', headers: bearer(tokens.customer) })).body,
    ).toMatchObject({ message: 'Professional not found.' });
    expect((await app.request('/api/admin/users/999999', { headers: bearer(tokens.admin) })).body).toMatchObject({
      message: 'User not found.',
    });
  });
});
