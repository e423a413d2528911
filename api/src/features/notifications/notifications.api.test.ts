import { expect, it } from 'vitest';
import { bearer, listedProfessional, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp, withOutboxClosed } from '../../../test/harness.ts';

// Registration receipt, new booking request (to the professional), booking
// accepted/declined/cancelled (to the other party); each carries only what it must.
let app: TestApp;
useTestApp(async () => (app = await startTestApp()));
const inbox = async (email: string) =>
  (await app.db('notifications').where({ recipient: email }).orderBy('id')).map((n) => n.subject as string);

it('sends the payment receipt and the booking messages to the right person', async () => {
  const customer = await signUpAndPay(app, { firstName: 'Akosua', lastName: 'Owusu' });
  expect(await inbox(customer.body.email)).toEqual(['Welcome: your subscription is active']);
  const receipt = await app.db('notifications').where({ recipient: customer.body.email }).first();
  expect(receipt!.body).toContain('₵10');
  expect(receipt!.body).toContain('paid until 22 December 2026');

  const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Kojo', lastName: 'Notify' });
  const created = await app.request('/api/bookings', {
    method: 'POST',
    json: { professionalId: pro.userId, date: '2026-11-23', time: '10:00', description: 'Blocked drain' },
    headers: bearer(customer.token),
  });
  const id = created.body.booking.id;
  const request = await app.db('notifications').where({ recipient: pro.body.email }).orderBy('id', 'desc').first();
  expect(request!.subject).toBe('New booking request: Plumber, Monday, 23 November at 10:00');
  expect(request!.body).toContain('Blocked drain');
  expect(request!.body).not.toContain(customer.user.phone); // no phone before the booking is confirmed

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

/** A customer's booking of a new professional, and a way to post in its chat. */
async function bookingChat(
  customerName: string,
  proName: { firstName: string; lastName: string },
  slot: { date: string; time: string },
) {
  const customer = await signUpAndPay(app, { firstName: customerName });
  const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, proName);
  const created = await app.request('/api/bookings', {
    method: 'POST',
    json: { professionalId: pro.userId, ...slot },
    headers: bearer(customer.token),
  });
  const id = created.body.booking.id as number;
  const say = (token: string, body: string) =>
    app.request(`/api/bookings/${id}/messages`, { method: 'POST', json: { body }, headers: bearer(token) });
  return { customer, pro, id, say };
}
const chatMails = async (email: string) => (await inbox(email)).filter((s) => s.startsWith('New message'));

it('emails a new chat message only to a party who is away, and not for every message', async () => {
  const { customer, pro, id, say } = await bookingChat(
    'Adjoa',
    { firstName: 'Yaw', lastName: 'Away' },
    { date: '2026-11-24', time: '11:00' },
  );
  const read = (token: string) => app.request(`/api/bookings/${id}/messages`, { headers: bearer(token) });

  await say(customer.token, 'Hello?'); // the professional has never opened the chat: away
  await say(customer.token, 'Are you there?'); // already emailed: no second email
  expect(await chatMails(pro.body.email)).toEqual(['New message from Adjoa about Tuesday, 24 November at 11:00']);

  await read(customer.token); // the customer is reading
  await say(pro.token, 'Yes, coming at 11.');
  expect(await chatMails(customer.body.email)).toEqual([]);

  app.clock.advance(31 * 60_000); // both away now, and the last email was over 30 minutes ago
  await say(customer.token, 'See you then.');
  expect(await chatMails(pro.body.email)).toHaveLength(2);
  const mail = await app.db('notifications').where({ recipient: pro.body.email }).orderBy('id', 'desc').first();
  expect(mail!.body).not.toContain('See you then.'); // the message itself stays in the app
});

// On PostgreSQL (PGlite runs one statement at a time) each of these messages sent its own email
// while the check and the write were two statements.
it('emails an away party once for messages sent at the same moment', async () => {
  const { customer, pro, say } = await bookingChat(
    'Efua',
    { firstName: 'Kwesi', lastName: 'Burst' },
    { date: '2026-11-25', time: '09:00' },
  );
  const sent = await Promise.all(
    ['Hello?', 'Are you there?', 'The tap is still dripping.', 'Please call.'].map((body) => say(customer.token, body)),
  );
  expect(sent.map((r) => r.status)).toEqual([201, 201, 201, 201]);
  expect(await chatMails(pro.body.email)).toEqual(['New message from Efua about Wednesday, 25 November at 09:00']);
});

it('writes a booking and the messages about it together: when the outbox cannot take them, nothing changes', async () => {
  const customer = await signUpAndPay(app, { firstName: 'Esi' });
  const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Kwesi', lastName: 'Atomic' });
  const book = () =>
    app.request('/api/bookings', {
      method: 'POST',
      json: { professionalId: pro.userId, date: '2026-11-25', time: '14:00' },
      headers: bearer(customer.token),
    });
  const bookings = async () =>
    (await app.db('bookings').where({ professional_id: pro.userId })).map((b) => b.status as string);

  // A crash between the booking and its email would lose the email: here the outbox refuses instead.
  await withOutboxClosed(app.db, async () => {
    expect((await book()).status).toBe(500);
    expect(await bookings()).toEqual([]);
  });
  const created = await book();
  expect(created.status).toBe(201);
  expect(await bookings()).toEqual(['pending']);

  await withOutboxClosed(app.db, async () => {
    expect(
      (
        await app.request(`/api/bookings/${created.body.booking.id}/accept`, {
          method: 'POST',
          headers: bearer(pro.token),
        })
      ).status,
    ).toBe(500);
    expect(await bookings()).toEqual(['pending']);
  });
});

it('writes a chat message and the email about it together: when the outbox cannot take the email, the message is not kept', async () => {
  const { customer, pro, id, say } = await bookingChat(
    'Abena',
    { firstName: 'Kobby', lastName: 'Atomic' },
    { date: '2026-11-26', time: '15:00' },
  );
  const messages = async () =>
    (await app.db('booking_messages').where({ booking_id: id }).orderBy('id')).map((m) => m.body as string);

  // The professional has never opened the chat, so the message must be emailed to them.
  await withOutboxClosed(app.db, async () => {
    expect((await say(customer.token, 'Is 15:00 fine?')).status).toBe(500);
  });
  expect(await messages()).toEqual([]);
  expect(await chatMails(pro.body.email)).toEqual([]);
  expect(
    await app.db('chat_reads').where({ booking_id: id, user_id: pro.userId }).whereNotNull('last_emailed_at'),
  ).toEqual([]);

  expect((await say(customer.token, 'Is 15:00 fine?')).status).toBe(201);
  expect(await messages()).toEqual(['Is 15:00 fine?']);
  expect(await chatMails(pro.body.email)).toEqual(['New message from Abena about Thursday, 26 November at 15:00']);
});
