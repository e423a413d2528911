import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../../contract/bookings.ts';
import { EXPIRY_MESSAGES } from '../../../../contract/reschedule.ts';
import { bearer, listedProfessional, milesNorth, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { createLogger } from '../../logger.ts';
import { outboxNotifier } from '../../providers/notifier.ts';
import { expireOverdue, startExpiryWorker } from './expiry.ts';

// docs/PRODUCT.md "Bookings": a request the professional has not answered by the
// earlier of 24 hours after it was made and 2 hours before its start is declined by the system at
// that instant: the time frees, both are told once, the customer is offered up to three similar
// professionals free then, and it counts in the professional's response figures.
// The test clock starts on Sunday 22 November 2026 at 09:00 GMT; professionals work Mon–Fri 09:00–17:00.
const ACCRA = { lat: 5.56, lng: -0.18 };
const at = (iso: string) => new Date(iso);

describe('requests expire', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  const request = (token: string, professionalId: number, date: string, time: string) =>
    app.request('/api/bookings', {
      method: 'POST',
      json: { professionalId, date, time, description: 'Fix the sink' },
      headers: bearer(token),
    });
  const listed = async (token: string, id: number) =>
    (await app.request('/api/bookings', { headers: bearer(token) })).body.bookings.find(
      (b: { id: number }) => b.id === id,
    );
  const sentTo = (userId: number) =>
    app.db('notifications').where({ user_id: userId }).orderBy('id').select('channel', 'subject');
  /** The sweep as another server runs it: its own notifier, the app's database and clock. */
  const sweepElsewhere = () =>
    expireOverdue({ db: app.db, clock: app.clock, notifier: outboxNotifier({ clock: app.clock }) });

  it('gives the earlier deadline: 24 hours after the request, or 2 hours before the start, or the start itself', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, ACCRA);
    const farAhead = await request(customer.token, pro.userId, '2026-11-25', '10:00');
    expect(farAhead.body.booking.answerBy).toBe('2026-11-23T09:00:00.000Z'); // 24 h after Sunday 09:00
    const soon = await request(customer.token, pro.userId, '2026-11-23', '10:00');
    expect(soon.body.booking.answerBy).toBe('2026-11-23T08:00:00.000Z'); // 2 h before Monday 10:00
    // Both parties see it on the card.
    expect((await listed(pro.token, farAhead.body.booking.id)).answerBy).toBe('2026-11-23T09:00:00.000Z');
    app.clock.set(at('2026-11-23T09:30:00Z'));
    const late = await request(customer.token, pro.userId, '2026-11-23', '11:00');
    expect(late.body.booking.answerBy).toBe('2026-11-23T11:00:00.000Z'); // made later than 2 h before: by the start
    // A confirmed booking has no deadline.
    await app.request(`/api/bookings/${late.body.booking.id}/accept`, { method: 'POST', headers: bearer(pro.token) });
    expect((await listed(customer.token, late.body.booking.id)).answerBy).toBeNull();
  });

  it('is still pending a second before the deadline and expired at it, the time free and an answer refused', async () => {
    const customer = await signUpAndPay(app);
    const other = await signUpAndPay(app);
    const pro = await listedProfessional(app, ACCRA);
    const { booking } = (await request(customer.token, pro.userId, '2026-11-25', '14:00')).body;
    app.clock.set(at('2026-11-23T08:59:59Z'));
    expect(await listed(customer.token, booking.id)).toMatchObject({ status: 'pending', expired: false });
    expect((await request(other.token, pro.userId, '2026-11-25', '14:00')).body.message).toBe(
      BOOKING_MESSAGES.slotTaken,
    );

    app.clock.set(at('2026-11-23T09:00:00Z'));
    // No sweep has run: the answer is refused at the deadline all the same, in plain words.
    const accept = await app.request(`/api/bookings/${booking.id}/accept`, {
      method: 'POST',
      headers: bearer(pro.token),
    });
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(EXPIRY_MESSAGES.expired);
    expect(await listed(customer.token, booking.id)).toMatchObject({
      status: 'cancelled',
      expired: true,
      answerBy: null,
    });
    expect(await listed(pro.token, booking.id)).toMatchObject({ status: 'cancelled', expired: true });
    // The time is free again: in the professional's open times, and to another customer.
    const detail = await app.request(`/api/professionals/${pro.userId}`, { headers: bearer(other.token) });
    expect(detail.body.slots.find((d: { date: string }) => d.date === '2026-11-25').times).toContain('14:00');
    expect((await request(other.token, pro.userId, '2026-11-25', '14:00')).status).toBe(201);
  });

  it('frees the time for a new request at the deadline even before any sweep or read', async () => {
    const customer = await signUpAndPay(app);
    const other = await signUpAndPay(app);
    const pro = await listedProfessional(app, ACCRA);
    const { booking } = (await request(customer.token, pro.userId, '2026-11-26', '15:00')).body;
    app.clock.set(at('2026-11-23T09:00:00Z'));
    expect((await request(other.token, pro.userId, '2026-11-26', '15:00')).status).toBe(201);
    expect((await app.db('bookings').where({ id: booking.id }).first())!.cancelled_by).toBe('system');
  });

  it("leaves the dashboards' figures at the deadline, before any sweep", async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, ACCRA);
    await request(customer.token, pro.userId, '2026-11-26', '16:00');
    const figures = async () =>
      (
        await app.request(`/api/professional-data/${encodeURIComponent(pro.body.email)}`, {
          headers: bearer(pro.token),
        })
      ).body.professional.pendingJobs;
    expect(await figures()).toBe(1);
    app.clock.set(at('2026-11-23T09:00:00Z'));
    expect(await figures()).toBe(0);
  });

  it('is declined once when two servers sweep and a read comes at the same moment: one message each, counted once', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, ACCRA, { firstName: 'Slow', lastName: 'Answerer' });
    const { booking } = (await request(customer.token, pro.userId, '2026-11-25', '11:00')).body;
    const before = (await app.db('professional_profiles').where({ user_id: pro.userId }).first())!;
    const sentBefore = { customer: (await sentTo(customer.userId)).length, pro: (await sentTo(pro.userId)).length };

    app.clock.set(at('2026-11-23T09:00:00Z'));
    const [first, second] = await Promise.all([
      sweepElsewhere(),
      sweepElsewhere(),
      app.request('/api/bookings', { headers: bearer(pro.token) }),
    ]);
    expect(first + second).toBeLessThanOrEqual(1);
    expect((await app.db('bookings').where({ id: booking.id }).first())!.status).toBe('cancelled');

    const customerNews = (await sentTo(customer.userId)).slice(sentBefore.customer);
    expect(customerNews.filter((n) => n.channel === 'email').map((n) => n.subject)).toEqual([
      'Request not answered: Slow Answerer, Wednesday, 25 November at 11:00',
    ]);
    expect(customerNews.filter((n) => n.channel === 'sms')).toHaveLength(1);
    const proNews = (await sentTo(pro.userId)).slice(sentBefore.pro);
    expect(proNews.map((n) => `${n.channel}: ${n.subject}`)).toEqual([
      'email: Request expired: Plumber, Wednesday, 25 November at 11:00',
    ]);
    // One system line in the chat, and each party hears of it live once.
    const chat = await app.request(`/api/bookings/${booking.id}/messages`, { headers: bearer(customer.token) });
    expect(chat.body.messages).toEqual([
      expect.objectContaining({ senderId: null, senderName: 'ServiceConnect', systemEvent: 'request_expired' }),
    ]);
    for (const userId of [customer.userId, pro.userId])
      expect(await app.db('user_events').where({ user_id: userId, type: 'booking.expired' })).toHaveLength(1);
    // Counted once against the response figures: a request that waited its whole 24 hours.
    const after = (await app.db('professional_profiles').where({ user_id: pro.userId }).first())!;
    expect(after.answered_requests - before.answered_requests).toBe(1);
    expect(Number(after.response_seconds_total) - Number(before.response_seconds_total)).toBe(24 * 3600);
    expect(await sweepElsewhere()).toBe(0);
    const listing = await app.request(`/api/professionals/${pro.userId}`, { headers: bearer(customer.token) });
    expect(listing.body.professional).toMatchObject({ response: 'Usually responds within 1 day', successRate: 0 });
  });

  it('leaves answered requests alone, and lets the professional answer up to the last second', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, ACCRA);
    const { booking } = (await request(customer.token, pro.userId, '2026-11-27', '09:00')).body;
    app.clock.set(at('2026-11-23T08:59:59Z'));
    expect(
      (await app.request(`/api/bookings/${booking.id}/accept`, { method: 'POST', headers: bearer(pro.token) })).status,
    ).toBe(200);
    app.clock.set(at('2026-11-24T09:00:00Z'));
    await sweepElsewhere();
    expect(await listed(customer.token, booking.id)).toMatchObject({ status: 'confirmed', expired: false });
  });
});

describe('other professionals for an expired request', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  it('offers up to three of the same profession nearby who work then and are free, to the customer only', async () => {
    const customer = await signUpAndPay(app);
    const stranger = await signUpAndPay(app);
    const silent = await listedProfessional(app, ACCRA, { firstName: 'Silent' });
    const near = (miles: number) => ({ lat: ACCRA.lat + milesNorth(miles), lng: ACCRA.lng });
    const free = [];
    for (const [i, miles] of [0.5, 1, 2, 3].entries())
      free.push(await listedProfessional(app, near(miles), { firstName: `Free${i}` }));
    const busy = await listedProfessional(app, near(0.2), { firstName: 'Busy' });
    const painter = await listedProfessional(app, near(0.3), { firstName: 'Paint', profession: 'Painter' });
    const farAway = await listedProfessional(app, near(12), { firstName: 'Far' });
    const weekendOnly = await listedProfessional(app, near(0.4), { firstName: 'Weekend' });
    await app
      .db('professional_profiles')
      .where({ user_id: weekendOnly.userId })
      .update({ availability: JSON.stringify({ days: ['saturday'], start: '09:00', end: '17:00' }) });
    const taken = await app.request('/api/bookings', {
      method: 'POST',
      json: { professionalId: busy.userId, date: '2026-11-25', time: '10:00' },
      headers: bearer(stranger.token),
    });
    await app.request(`/api/bookings/${taken.body.booking.id}/accept`, { method: 'POST', headers: bearer(busy.token) });
    const { booking } = (
      await app.request('/api/bookings', {
        method: 'POST',
        json: { professionalId: silent.userId, date: '2026-11-25', time: '10:00' },
        headers: bearer(customer.token),
      })
    ).body;
    const ask = (token: string) => app.request(`/api/bookings/${booking.id}/alternatives`, { headers: bearer(token) });
    expect((await ask(customer.token)).status).toBe(409); // not expired
    expect((await ask(customer.token)).body.message).toBe(EXPIRY_MESSAGES.onlyExpired);

    app.clock.set(new Date('2026-11-23T09:00:00Z'));
    const offered = await ask(customer.token);
    expect(offered.status).toBe(200);
    expect(offered.body.professionals.map((p: { id: number }) => p.id)).toEqual(free.slice(0, 3).map((p) => p.userId));
    expect(offered.body.message).toBeNull();
    const shown = new Set(offered.body.professionals.map((p: { id: number }) => p.id));
    for (const left of [silent, busy, painter, farAway, weekendOnly]) expect(shown.has(left.userId)).toBe(false);
    expect((await ask(silent.token)).status).toBe(403);
    expect((await ask(stranger.token)).status).toBe(404);

    // The customer books one of them for that time.
    const rebooked = await app.request('/api/bookings', {
      method: 'POST',
      json: { professionalId: free[0].userId, date: '2026-11-25', time: '10:00' },
      headers: bearer(customer.token),
    });
    expect(rebooked.status).toBe(201);
    expect((await ask(customer.token)).body.professionals.map((p: { id: number }) => p.id)).toEqual(
      free.slice(1, 4).map((p) => p.userId),
    );

    // Once the time has passed there is nobody to suggest, and the card says so.
    app.clock.set(new Date('2026-11-25T10:00:00Z'));
    expect((await ask(customer.token)).body).toMatchObject({ professionals: [], message: EXPIRY_MESSAGES.timePassed });
  });

  it('says plainly when nobody is free', async () => {
    const customer = await signUpAndPay(app);
    const lonely = await listedProfessional(app, { lat: 9.4, lng: -0.85 }, { profession: 'Welder' });
    const { booking } = (
      await app.request('/api/bookings', {
        method: 'POST',
        json: { professionalId: lonely.userId, date: '2026-11-26', time: '10:00' },
        headers: bearer(customer.token),
      })
    ).body;
    app.clock.set(new Date('2026-11-24T09:00:00Z'));
    const offered = await app.request(`/api/bookings/${booking.id}/alternatives`, { headers: bearer(customer.token) });
    expect(offered.body).toMatchObject({ professionals: [], message: EXPIRY_MESSAGES.noAlternatives });
  });
});

// The worker's run is the sweep: a failed run is logged and the next one happens.
it('is run by the background job', async () => {
  const app = await startTestApp();
  try {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, ACCRA);
    const { booking } = (
      await app.request('/api/bookings', {
        method: 'POST',
        json: { professionalId: pro.userId, date: '2026-11-25', time: '10:00' },
        headers: bearer(customer.token),
      })
    ).body;
    app.clock.set(new Date('2026-11-23T09:00:00Z'));
    const job = startExpiryWorker({
      db: app.db,
      clock: app.clock,
      notifier: outboxNotifier({ clock: app.clock }),
      logger: createLogger('silent'),
    });
    await job.stop(); // waits for the run in flight
    expect((await app.db('bookings').where({ id: booking.id }).first())!.status).toBe('cancelled');
  } finally {
    await app.close();
  }
});
