import { expect, it } from 'vitest';
import { type ErrorCode, isErrorCode } from '../../../contract/errors.ts';
import { bearer, signUpAndPay } from '../../test/accounts.ts';
import { type TestApp, useTestApp, startTestApp, withTableClosed } from '../../test/harness.ts';

// Every refusal carries a code from contract/errors.ts beside its sentence (ARCHITECTURE.md
// "Errors as JSON"): one of each kind the API answers, over real HTTP.
let app: TestApp;
useTestApp(async () => (app = await startTestApp()));

/** The answer is a refusal with this status and code, and a sentence for people. */
function expectRefusal(res: { status: number; body: unknown }, status: number, code: ErrorCode) {
  expect({ status: res.status, body: res.body }).toMatchObject({
    status,
    body: { success: false, code, message: expect.stringMatching(/\w/) },
  });
  expect(isErrorCode((res.body as { code: unknown }).code)).toBe(true);
}

const contact = (email: string) => ({ name: 'Ama Mensah', email, message: 'Is there a plumber in Tema?' });

it('answers malformed JSON, a broken rule, too large a body and an unknown route with their codes', async () => {
  const malformed = await app.request('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name": ',
  });
  expectRefusal(malformed, 400, 'invalid_json');

  const invalid = await app.request('/api/contact', { method: 'POST', json: { name: 'Ama' } });
  expectRefusal(invalid, 400, 'invalid_input');
  expect(invalid.body.errors.length).toBeGreaterThan(0);

  const tooLarge = await app.request('/api/contact', {
    method: 'POST',
    body: JSON.stringify({ ...contact('ama@example.com'), message: 'x'.repeat(1_100_000) }),
    headers: { 'content-type': 'application/json' },
  });
  expectRefusal(tooLarge, 413, 'too_large');

  expectRefusal(await app.request('/api/no-such-thing'), 404, 'not_found');
});

it('answers the signed-out, the signed-in stranger and a missing row with their codes', async () => {
  expectRefusal(await app.request('/api/bookings'), 401, 'not_signed_in');

  const customer = await signUpAndPay(app);
  expectRefusal(await app.request('/api/affiliate/payouts', { headers: bearer(customer.token) }), 403, 'forbidden');
  expectRefusal(await app.request('/api/professionals/987654', { headers: bearer(customer.token) }), 404, 'not_found');

  expect((await app.request('/api/auth/logout', { method: 'POST', headers: bearer(customer.token) })).status).toBe(200);
  expectRefusal(await app.request('/api/bookings', { headers: bearer(customer.token) }), 401, 'signed_out');
});

it('answers a used-up rate limit and a fault on our side with their codes', async () => {
  for (let sent = 0; sent < 10; sent++)
    expect((await app.request('/api/contact', { method: 'POST', json: contact('kofi@example.com') })).status).toBe(201);
  expectRefusal(
    await app.request('/api/contact', { method: 'POST', json: contact('kofi@example.com') }),
    429,
    'rate_limited',
  );

  await withTableClosed(app.db, 'contact_messages', async () => {
    const fault = await app.request('/api/contact', { method: 'POST', json: contact('efua@example.com') });
    expectRefusal(fault, 500, 'server_error');
  });
});
