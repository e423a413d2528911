import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../../contract/bookings.ts';
import { DAY_MS } from '../../../../contract/dates.ts';
import { bearer, listedProfessional, makeRoomForBooking, signUpAndPay } from '../../../test/accounts.ts';
import { signInAdmin } from '../../../test/admin.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';

// docs/PRODUCT.md "Bookings": pending on creation; accept → confirmed, decline → cancelled;
// the customer cancels pending or confirmed; the professional completes a confirmed booking once
// its slot has started; duration 2 hours; total = rate × 2; custom rate 70% of base to 120% of max.
// The test clock starts on Sunday 22 November 2026 at 09:00 GMT.
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';

describe('bookings', () => {
  let app: TestApp;
  let customer: Awaited<ReturnType<typeof signUpAndPay>>;
  let pro: Awaited<ReturnType<typeof listedProfessional>>;
  let fixedRatePro: Awaited<ReturnType<typeof listedProfessional>>;
  useTestApp(async () => {
    app = await startTestApp();
    customer = await signUpAndPay(app, { localAddress: 'Osu, Oxford Street' });
    pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Kojo', lastName: 'Pipes' });
    fixedRatePro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Fixed', lastName: 'Rate' });
    await app.db('professional_profiles').where({ user_id: fixedRatePro.userId }).update({ rate_negotiable: false });
    return app;
  });

  // The journey books far more than a customer may keep open (BOOKING_LIMITS): each request
  // finds the customer's earlier ones answered and an hour old.
  const book = async (json: Record<string, unknown>, token = customer.token) => {
    await makeRoomForBooking(app, customer.userId);
    return app.request('/api/bookings', {
      method: 'POST',
      json: { professionalId: pro.userId, description: 'Leaking kitchen tap', ...json },
      headers: bearer(token),
    });
  };
  const act = (id: number, action: string, token: string) =>
    app.request(`/api/bookings/${id}/${action}`, { method: 'POST', headers: bearer(token) });

  it('creates a pending booking at the base rate: 2 hours, total = rate × 2', async () => {
    const res = await book({ date: MONDAY, time: '09:00' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(BOOKING_MESSAGES.submitted);
    expect(res.body.booking).toMatchObject({
      status: 'pending',
      date: MONDAY,
      time: '09:00',
      duration: 2,
      agreedRate: 30,
      proposedRate: null,
      totalAmount: 60,
      service: 'Plumber',
      professionalName: 'Kojo Pipes',
      customerName: 'Ama Mensah',
      location: 'Osu, Oxford Street',
      notes: null,
      contactPhone: null,
    });
  });

  it("gives the professional the customer's photo (or null: initials) on the job request", async () => {
    const res = await book({ date: MONDAY, time: '16:00' });
    expect(res.body.booking.customerAvatar).toBeNull();
    const hash = 'c'.repeat(64);
    await app.db('users').where({ id: customer.userId }).update({ avatar_hash: hash });
    const list = await app.request('/api/bookings', { headers: bearer(pro.token) });
    const job = list.body.bookings.find((b: { id: number }) => b.id === res.body.booking.id);
    expect(job.customerAvatar).toBe(`/media/${hash}-thumb.webp`);
    await app.db('users').where({ id: customer.userId }).update({ avatar_hash: null });
  });

  it('uses a negotiated rate within 70% of base to 120% of max, with the negotiation note', async () => {
    const res = await book({ date: MONDAY, time: '10:00', proposedRate: 25 });
    expect(res.body.booking).toMatchObject({
      agreedRate: 25,
      proposedRate: 25,
      totalAmount: 50,
      notes: 'Rate negotiated to ₵25/hour',
    });
    expect((await book({ date: MONDAY, time: '11:00', proposedRate: 21 })).body.booking.agreedRate).toBe(21); // exactly 70% of ₵30
    expect((await book({ date: MONDAY, time: '12:00', proposedRate: 60 })).body.booking.agreedRate).toBe(60); // exactly 120% of ₵50
    const low = await book({ date: MONDAY, time: '13:00', proposedRate: 20.99 });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe('Custom rate must be between ₵21 and ₵60 per hour.');
    expect((await book({ date: MONDAY, time: '13:00', proposedRate: 60.01 })).status).toBe(400);
  });

  it('refuses a custom rate when the rate is not negotiable', async () => {
    const res = await book({ professionalId: fixedRatePro.userId, date: MONDAY, time: '09:00', proposedRate: 30 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BOOKING_MESSAGES.notNegotiable);
  });

  it.each([
    ['a past date', { date: '2026-11-20', time: '10:00' }, BOOKING_MESSAGES.pastDate],
    ["today's slot that has already started", { date: '2026-11-22', time: '09:00' }, BOOKING_MESSAGES.pastDate],
    ['a time that is not one of the ten slots', { date: MONDAY, time: '07:00' }, BOOKING_MESSAGES.required],
    ['a half-hour', { date: MONDAY, time: '09:30' }, BOOKING_MESSAGES.required],
    ['a day the professional does not work', { date: '2026-11-28', time: '10:00' }, BOOKING_MESSAGES.unavailable],
    ['an hour outside their hours', { date: MONDAY, time: '08:00' }, BOOKING_MESSAGES.unavailable],
    ['the end of their day', { date: MONDAY, time: '17:00' }, BOOKING_MESSAGES.unavailable],
    ['a date that does not exist', { date: '2026-02-30', time: '10:00' }, BOOKING_MESSAGES.required],
    ['a missing date', { time: '10:00' }, BOOKING_MESSAGES.required],
  ])('refuses %s', async (_label, json, message) => {
    const res = await book(json);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a slot the professional already has pending or confirmed, with 409', async () => {
    const other = await signUpAndPay(app);
    const res = await book({ date: MONDAY, time: '09:00' }, other.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(BOOKING_MESSAGES.slotTaken);
  });

  it('lets exactly one of several concurrent requests for one slot win', async () => {
    const customers = await Promise.all([1, 2, 3, 4, 5].map(() => signUpAndPay(app)));
    const results = await Promise.all(customers.map((c) => book({ date: TUESDAY, time: '15:00' }, c.token)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await app.db('bookings').where({ professional_id: pro.userId, time: '15:00' }).where('date', TUESDAY);
    expect(rows).toHaveLength(1);
  });

  it('walks pending → confirmed → completed, with the right party at each step', async () => {
    const { body } = await book({ date: TUESDAY, time: '10:00' });
    const id = body.booking.id;
    expect((await act(id, 'accept', customer.token)).status).toBe(403);
    const accepted = await act(id, 'accept', pro.token);
    expect(accepted.body.booking).toMatchObject({ status: 'confirmed', contactPhone: customer.user.phone });
    const asCustomer = await app.request(`/api/bookings?status=confirmed`, { headers: bearer(customer.token) });
    expect(asCustomer.body.bookings.find((b: { id: number }) => b.id === id).contactPhone).toBe(pro.user.phone);
    expect((await act(id, 'accept', pro.token)).status).toBe(409);
    const early = await act(id, 'complete', pro.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not started/);
    app.clock.set(new Date('2026-11-24T10:00:00Z'));
    const completed = await act(id, 'complete', pro.token);
    expect(completed.body.booking.status).toBe('completed');
    expect((await act(id, 'cancel', customer.token)).body.message).toBe(
      'This booking is completed, so it cannot be cancelled.',
    );
  });

  it('lets the professional decline and the customer cancel; the slot opens again', async () => {
    const first = (await book({ date: TUESDAY, time: '11:00' })).body.booking;
    expect((await act(first.id, 'decline', pro.token)).body.booking.status).toBe('cancelled');
    const second = (await book({ date: TUESDAY, time: '11:00' })).body.booking;
    // A professional declines a request; only a confirmed job is theirs to cancel (docs/PRODUCT.md "Cancellations that count").
    expect((await act(second.id, 'cancel', pro.token)).status).toBe(409);
    await act(second.id, 'accept', pro.token);
    expect((await act(second.id, 'cancel', customer.token)).body.booking.status).toBe('cancelled');
    const third = (await book({ date: TUESDAY, time: '11:00' })).body.booking;
    await act(third.id, 'accept', pro.token);
    expect((await act(third.id, 'cancel', pro.token)).body.booking).toMatchObject({ status: 'cancelled' });
    expect((await book({ date: TUESDAY, time: '11:00' })).status).toBe(201);
  });

  it('a decline may carry a reason the customer reads, on the card and in the email; it is bounded', async () => {
    const decline = (id: number, json: unknown) =>
      app.request(`/api/bookings/${id}/decline`, { method: 'POST', headers: bearer(pro.token), json });
    const asked = (await book({ date: '2026-11-25', time: '15:00' })).body.booking;
    expect(asked).toMatchObject({ declined: false, declineReason: null });
    const tooLong = await decline(asked.id, { reason: 'x'.repeat(501) });
    expect([tooLong.status, tooLong.body.message]).toEqual([400, 'Keep the reason under 500 characters.']);
    expect((await decline(asked.id, { reason: 42 })).status).toBe(400);
    const declined = await decline(asked.id, { reason: '  I am away in Kumasi that week.  ' });
    expect(declined.status).toBe(200);
    const list = await app.request('/api/bookings', { headers: bearer(customer.token) });
    expect(list.body.bookings.find((b: { id: number }) => b.id === asked.id)).toMatchObject({
      status: 'cancelled',
      declined: true,
      declineReason: 'I am away in Kumasi that week.',
    });
    const email = await app
      .db('notifications')
      .where({ user_id: customer.userId, channel: 'email' })
      .whereILike('subject', 'Booking declined%')
      .orderBy('id', 'desc')
      .first('body');
    expect(email?.body).toContain('Their reason: "I am away in Kumasi that week."');
    // Without a reason (or an empty one) it is declined all the same, with none shown.
    const plain = (await book({ date: '2026-11-25', time: '16:00' })).body.booking;
    expect((await decline(plain.id, { reason: '   ' })).body.booking).toMatchObject({
      declined: true,
      declineReason: null,
    });
    // "Download my data" carries it; forgetting the professional's account removes his words.
    const exported = (await app.request('/api/me/export', { headers: bearer(customer.token) })).body.bookings;
    expect(exported.find((b: { id: number }) => b.id === asked.id).declineReason).toBe(
      'I am away in Kumasi that week.',
    );
    const leaving = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Leaving' });
    const theirs = (await book({ professionalId: leaving.userId, date: '2026-11-25', time: '15:00' })).body.booking;
    await app.request(`/api/bookings/${theirs.id}/decline`, {
      method: 'POST',
      headers: bearer(leaving.token),
      json: { reason: 'Moving to Tamale.' },
    });
    const admin = await signInAdmin(app);
    const removed = await app.request(`/api/admin/users/${leaving.userId}`, {
      method: 'DELETE',
      headers: bearer(admin.token),
    });
    expect(removed.status).toBe(200);
    expect((await app.db('bookings').where({ id: theirs.id }).first('decline_reason'))!.decline_reason).toBeNull();
  });

  it("hides other people's bookings: 404 to act on them, and absent from lists", async () => {
    const stranger = await signUpAndPay(app);
    const { body } = await book({ date: TUESDAY, time: '12:00' });
    for (const action of ['accept', 'decline', 'cancel', 'complete']) {
      expect((await act(body.booking.id, action, stranger.token)).status).toBe(404);
    }
    expect(
      (await app.request(`/api/bookings/${body.booking.id}/messages`, { headers: bearer(stranger.token) })).status,
    ).toBe(404);
    expect((await app.request('/api/bookings', { headers: bearer(stranger.token) })).body.bookings).toEqual([]);
    const proList = await app.request('/api/bookings?status=pending', { headers: bearer(pro.token) });
    expect(proList.body.bookings.every((b: { professionalId: number }) => b.professionalId === pro.userId)).toBe(true);
  });

  it('lets a customer book in the 3-day grace period after their month, and not after', async () => {
    const lapsing = await signUpAndPay(app);
    const daysAgo = (days: number) => new Date(app.clock.now().getTime() - days * DAY_MS);
    await app
      .db('subscriptions')
      .where({ user_id: lapsing.userId })
      .update({ period_end: daysAgo(2) });
    expect((await book({ date: TUESDAY, time: '16:00' }, lapsing.token)).status).toBe(201);
    await app
      .db('subscriptions')
      .where({ user_id: lapsing.userId })
      .update({ period_end: daysAgo(3) });
    const res = await book({ date: MONDAY, time: '16:00' }, lapsing.token);
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Your subscription has ended. Renew it to book professionals.');
  });

  it('refuses bookings from professionals, of unlisted professionals, and without a session', async () => {
    expect((await book({ date: MONDAY, time: '14:00' }, pro.token)).status).toBe(403);
    expect((await book({ professionalId: 999999, date: MONDAY, time: '14:00' })).status).toBe(404);
    expect((await app.request('/api/bookings', { method: 'POST', json: {} })).status).toBe(401);
  });

  it('carries a chat between the two parties, in order, with since for polling', async () => {
    const { body } = await book({ date: TUESDAY, time: '13:00' });
    const id = body.booking.id;
    const say = (token: string, text: string) =>
      app.request(`/api/bookings/${id}/messages`, { method: 'POST', json: { body: text }, headers: bearer(token) });
    const first = await say(customer.token, 'Hello, is 1pm fine?');
    expect(first.status).toBe(201);
    await say(pro.token, 'Yes, see you then.');
    await say(customer.token, 'Thanks!');
    const all = await app.request(`/api/bookings/${id}/messages`, { headers: bearer(pro.token) });
    expect(all.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Hello, is 1pm fine?',
      'Yes, see you then.',
      'Thanks!',
    ]);
    const newer = await app.request(`/api/bookings/${id}/messages?since=${first.body.message.id}`, {
      headers: bearer(customer.token),
    });
    expect(newer.body.messages).toHaveLength(2);
    expect(newer.body.messages[0]).toMatchObject({
      senderId: pro.userId,
      senderName: 'Kojo Pipes',
      senderAvatar: null,
    });
    expect((await say(customer.token, '   ')).status).toBe(400);
    await act(id, 'cancel', customer.token);
    expect((await say(customer.token, 'Still there?')).status).toBe(409);
  });

  it('stores a message sent again with its key once (a lost answer, the offline queue), even sent at the same moment', async () => {
    const { body } = await book({ date: '2026-11-25', time: '10:00' });
    const id = body.booking.id;
    const send = (json: Record<string, unknown>, token = customer.token) =>
      app.request(`/api/bookings/${id}/messages`, { method: 'POST', json, headers: bearer(token) });
    const key = 'k8V2mQ9xLr3T5wYz';
    const first = await send({ body: 'Typed on the bus', clientKey: key });
    expect(first.status).toBe(201);
    const again = await send({ body: 'Typed on the bus', clientKey: key });
    expect(again.status).toBe(200);
    expect(again.body.message).toEqual(first.body.message);
    expect(first.body.message.clientKey).toBe(key);

    // Five at once with one key (the queue flushed twice): one message.
    const raceKey = 'race-0123456789abcdef';
    const raced = await Promise.all(Array.from({ length: 5 }, () => send({ body: 'On my way', clientKey: raceKey })));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(raced.map((r) => r.body.message.id)).size).toBe(1);

    // The other party may use the same key for a message of its own; it never sees the sender's key.
    expect((await send({ body: 'Noted', clientKey: key }, pro.token)).status).toBe(201);
    const read = await app.request(`/api/bookings/${id}/messages`, { headers: bearer(pro.token) });
    expect(read.body.messages.map((m: { body: string }) => m.body)).toEqual(['Typed on the bus', 'On my way', 'Noted']);
    expect(read.body.messages.map((m: { clientKey: string | null }) => m.clientKey)).toEqual([null, null, key]);

    // A key reused for other words is refused in plain words; a malformed or huge key is a 400.
    const reused = await send({ body: 'Something else', clientKey: key });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toMatch(/send your message again/);
    for (const clientKey of ['short', 'has spaces in it here', 'x'.repeat(65), 'x'.repeat(100_000), 42]) {
      expect((await send({ body: 'Hi', clientKey })).status).toBe(400);
    }
    // A message sent before the booking was cancelled is still answered when sent again.
    await act(id, 'cancel', customer.token);
    expect((await send({ body: 'Typed on the bus', clientKey: key })).status).toBe(200);
    expect((await send({ body: 'Late', clientKey: 'late-0123456789abcd' })).status).toBe(409);
  });

  it('takes one review per completed booking from its customer, and the rating shows in search at once', async () => {
    // A professional of its own, with one job done before the reviewed one (search counts both).
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Kwesi', lastName: 'Reviewed' });
    const earlier = (await book({ professionalId: pro.userId, date: TUESDAY, time: '10:00' })).body.booking.id;
    await act(earlier, 'accept', pro.token);
    const { body } = await book({ professionalId: pro.userId, date: TUESDAY, time: '14:00' });
    const id = body.booking.id;
    const review = (json: unknown, token = customer.token) =>
      app.request(`/api/bookings/${id}/review`, { method: 'POST', json, headers: bearer(token) });
    expect((await review({ rating: 5, comment: 'Great' })).status).toBe(409); // not completed yet
    await act(id, 'accept', pro.token);
    app.clock.set(new Date('2026-11-24T14:00:00Z'));
    await act(earlier, 'complete', pro.token);
    await act(id, 'complete', pro.token);
    expect((await review({ rating: 6 })).status).toBe(400);
    expect((await review({ rating: 4.5 })).status).toBe(400);
    expect((await review({ rating: 4 }, pro.token)).status).toBe(403);
    expect((await review({ rating: 4, comment: 'Fixed it fast' })).body).toEqual({
      success: true,
      message: 'Thank you for your review!',
    });
    const again = await review({ rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reviewed this booking.');
    const [listing] = (await app.request('/api/professionals?q=Kwesi', { headers: bearer(customer.token) })).body
      .professionals;
    expect(listing).toMatchObject({ rating: 4, reviews: 1 });
    expect(listing.response).toMatch(/^Usually responds within/);
    // The card carries no job count; the profile does.
    const detail = await app.request(`/api/professionals/${pro.userId}`, { headers: bearer(customer.token) });
    expect(detail.body.professional).toMatchObject({ rating: 4, reviews: 1, completedJobs: 2 });
    expect(detail.body.reviews[0]).toMatchObject({
      rating: 4,
      comment: 'Fixed it fast',
      customerName: 'Ama',
      verified: true,
    });
  });

  it("offers open slots for the next two weeks, without taken ones, from the server's date", async () => {
    // A professional of its own, booked on Monday at 09:00.
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Slots', lastName: 'Taken' });
    expect((await book({ professionalId: pro.userId, date: MONDAY, time: '09:00' })).status).toBe(201);
    const detail = await app.request(`/api/professionals/${pro.userId}`, { headers: bearer(customer.token) });
    expect(detail.body.today).toBe('2026-11-22'); // the test clock's day
    const monday = detail.body.slots.find((d: { date: string }) => d.date === MONDAY);
    expect(monday.times).not.toContain('09:00'); // booked
    expect(monday.times).not.toContain('08:00'); // before their hours
    expect(monday.times).toContain('14:00');
    expect(detail.body.slots.some((d: { date: string }) => d.date === '2026-11-28')).toBe(false); // Saturday
  });
});

describe('dashboard figures from real data (customer-data, professional-data)', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  it('counts bookings, spending, earnings and rating exactly as hand-computed', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 }, { firstName: 'Figures' });
    const book = async (date: string, time: string, proposedRate?: number) =>
      (
        await app.request('/api/bookings', {
          method: 'POST',
          json: { professionalId: pro.userId, date, time, proposedRate },
          headers: bearer(customer.token),
        })
      ).body.booking.id as number;
    const act = (id: number, action: string, token: string) =>
      app.request(`/api/bookings/${id}/${action}`, { method: 'POST', headers: bearer(token) });

    const a = await book(MONDAY, '09:00'); // ₵30 × 2 = ₵60, completed, reviewed 5
    const b = await book(MONDAY, '11:00', 45); // ₵45 × 2 = ₵90, completed, reviewed 2
    for (const id of [a, b]) await act(id, 'accept', pro.token); // answered before more are asked (BOOKING_LIMITS)
    // Asked 3 hours later: still waiting (within its 24 hours) when the figures are read on Monday at noon.
    app.clock.set(new Date('2026-11-22T12:30:00Z'));
    const c = await book(TUESDAY, '09:00'); // pending
    const d = await book(TUESDAY, '10:00'); // declined
    await act(d, 'decline', pro.token);
    app.clock.set(new Date('2026-11-23T12:00:00Z'));
    for (const id of [a, b]) await act(id, 'complete', pro.token);
    await app.request(`/api/bookings/${a}/review`, {
      method: 'POST',
      json: { rating: 5 },
      headers: bearer(customer.token),
    });
    await app.request(`/api/bookings/${b}/review`, {
      method: 'POST',
      json: { rating: 2 },
      headers: bearer(customer.token),
    });
    await app.request(`/api/favourites/${pro.userId}`, { method: 'POST', headers: bearer(customer.token) });

    const mine = await app.request(`/api/customer-data/${encodeURIComponent(customer.body.email)}`, {
      headers: bearer(customer.token),
    });
    expect(mine.body.customer).toMatchObject({ totalBookings: 4, completedJobs: 2, totalSpent: 150 });
    expect(mine.body.customer.recentBookings.map((r: { id: number }) => r.id)).toEqual([d, c, b]);
    expect(mine.body.customer.favoriteServices.map((f: { id: number }) => f.id)).toEqual([pro.userId]);

    const theirs = await app.request(`/api/professional-data/${encodeURIComponent(pro.body.email)}`, {
      headers: bearer(pro.token),
    });
    expect(theirs.body.professional).toMatchObject({
      totalJobs: 3,
      pendingJobs: 1,
      completedJobs: 2,
      totalEarnings: 150,
      monthlyEarnings: 150,
      earningsByMonth: [{ month: '2026-11', amount: 150, jobs: 2 }],
      rating: 3.5,
      reviews: 2,
    });
    expect(c).toBeGreaterThan(0);
  });
});
