import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, listedProfessional, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

// Issue #5: registration receipt, new booking request (to the professional), booking
// accepted/declined/cancelled (to the other party); each carries only what it must.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
const inbox = async (email: string) => (await app.db('notifications').where({ recipient: email }).orderBy('id')).map((n) => n.subject as string);

it('sends the payment receipt and the booking messages to the right person', async () => {
  const customer = await signUpAndPay(app, { firstName: 'Akosua', lastName: 'Owusu' });
  expect(await inbox(customer.body.email)).toEqual(['Welcome: your subscription is active']);
  const receipt = await app.db('notifications').where({ recipient: customer.body.email }).first();
  expect(receipt.body).toContain('₵10');
  expect(receipt.body).toContain('paid until 22 December 2026');

  const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Kojo', lastName: 'Notify' });
  const created = await app.request('/api/bookings', {
    method: 'POST',
    json: { professionalId: pro.userId, date: '2026-11-23', time: '10:00', description: 'Blocked drain' },
    headers: bearer(customer.token),
  });
  const id = created.body.booking.id;
  const request = await app.db('notifications').where({ recipient: pro.body.email }).orderBy('id', 'desc').first();
  expect(request.subject).toBe('New booking request: Plumber, Monday, 23 November at 10:00');
  expect(request.body).toContain('Blocked drain');
  expect(request.body).not.toContain(customer.user.phone); // no phone before the booking is confirmed

  await app.request(`/api/bookings/${id}/accept`, { method: 'POST', headers: bearer(pro.token) });
  await app.request(`/api/bookings/${id}/cancel`, { method: 'POST', headers: bearer(customer.token) });
  expect(await inbox(customer.body.email)).toEqual([
    'Welcome: your subscription is active',
    'Booking confirmed: Kojo Notify, Monday, 23 November at 10:00',
  ]);
  expect((await inbox(pro.body.email)).slice(-2)).toEqual([
    'New booking request: Plumber, Monday, 23 November at 10:00',
    'Booking cancelled: Monday, 23 November at 10:00',
  ]);
  const all = await app.db('notifications').select('body');
  expect(all.every((n) => !/password|argon2|card/i.test(n.body))).toBe(true);
});
