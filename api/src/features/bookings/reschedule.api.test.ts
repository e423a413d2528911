import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../../contract/bookings.ts';
import { MAX_PROPOSALS_PER_BOOKING, RESCHEDULE_MESSAGES } from '../../../../contract/reschedule.ts';
import { bearer, listedProfessional, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';

// docs/PRODUCT.md "Bookings": either party of a pending or confirmed booking
// proposes another open time; the other accepts (the booking moves, the old time frees) or declines
// (nothing changes). One open proposal per booking; it expires like a request. The chat shows each step.
// The test clock starts on Sunday 22 November 2026 at 09:00 GMT; professionals work Mon–Fri 09:00–17:00.
const ACCRA = { lat: 5.56, lng: -0.18 };

describe('moving a booking to another time', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  /** A fresh customer and professional with a booking on `date` `time`, confirmed unless `pending`. */
  async function booked(date: string, time: string, { pending = false } = {}) {
    const customer = await signUpAndPay(app, { firstName: 'Ama' });
    const pro = await listedProfessional(app, ACCRA, { firstName: 'Kojo' });
    const made = await app.request('/api/bookings', {
      method: 'POST',
      json: { professionalId: pro.userId, date, time },
      headers: bearer(customer.token),
    });
    const id = made.body.booking.id as number;
    if (!pending) await app.request(`/api/bookings/${id}/accept`, { method: 'POST', headers: bearer(pro.token) });
    return { customer, pro, id };
  }
  const propose = (id: number, token: string, date: string, time: string) =>
    app.request(`/api/bookings/${id}/proposals`, { method: 'POST', json: { date, time }, headers: bearer(token) });
  const answer = (id: number, token: string, what: 'accept' | 'decline') =>
    app.request(`/api/bookings/${id}/proposal/${what}`, { method: 'POST', headers: bearer(token) });
  const read = async (id: number, token: string) =>
    (await app.request('/api/bookings', { headers: bearer(token) })).body.bookings.find(
      (b: { id: number }) => b.id === id,
    );
  const chatLines = async (id: number, token: string) =>
    (await app.request(`/api/bookings/${id}/messages`, { headers: bearer(token) })).body.messages.map(
      (m: { systemEvent: string | null; body: string }) => `${m.systemEvent}: ${m.body}`,
    );

  it('moves a confirmed booking when the other party accepts, freeing the old time, with the chat and messages', async () => {
    const { customer, pro, id } = await booked('2026-11-24', '10:00');
    const proposed = await propose(id, customer.token, '2026-11-25', '14:00');
    expect(proposed.status).toBe(201);
    expect(proposed.body.message).toBe(RESCHEDULE_MESSAGES.proposed);
    expect(proposed.body.booking.proposal).toEqual({
      id: expect.any(Number),
      date: '2026-11-25',
      time: '14:00',
      proposedBy: 'customer',
      answerBy: '2026-11-23T09:00:00.000Z', // 24 h after the proposal: earlier than 2 h before either start
    });
    expect((await read(id, pro.token)).proposal).toMatchObject({ date: '2026-11-25', time: '14:00' });
    // Both hear of it live (and of the chat's system line), as of every booking step.
    for (const userId of [customer.userId, pro.userId]) {
      const heard = await app.db('user_events').where({ user_id: userId }).orderBy('id', 'desc').limit(2).pluck('type');
      expect(heard.sort()).toEqual(['booking.proposal', 'chat.message']);
    }
    const asked = await app.db('notifications').where({ user_id: pro.userId }).orderBy('id', 'desc').limit(3);
    expect(asked.map((n) => n.subject)).toContain('New time proposed: Wednesday, 25 November at 14:00');
    expect(asked.some((n) => n.channel === 'sms' && n.subject === 'New time proposed')).toBe(true);

    expect((await answer(id, customer.token, 'accept')).status).toBe(403); // the proposer does not answer
    const accepted = await answer(id, pro.token, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.booking).toMatchObject({
      date: '2026-11-25',
      time: '14:00',
      status: 'confirmed',
      proposal: null,
    });
    expect(await read(id, customer.token)).toMatchObject({ date: '2026-11-25', time: '14:00', proposal: null });
    expect(await chatLines(id, customer.token)).toEqual([
      'time_proposed: Ama proposed moving the booking to Wed 25 Nov at 2:00 PM.',
      'proposal_accepted: Kojo accepted: the booking is now Wed 25 Nov at 2:00 PM.',
    ]);
    const told = await app.db('notifications').where({ user_id: customer.userId }).orderBy('id', 'desc').limit(3);
    expect(told.map((n) => n.subject)).toContain('New time accepted: Wednesday, 25 November at 14:00');

    // The old time is free for anyone; the new one is taken.
    const other = await signUpAndPay(app);
    const book = (time: string, date: string) =>
      app.request('/api/bookings', {
        method: 'POST',
        json: { professionalId: pro.userId, date, time },
        headers: bearer(other.token),
      });
    expect((await book('10:00', '2026-11-24')).status).toBe(201);
    expect((await book('14:00', '2026-11-25')).body.message).toBe(BOOKING_MESSAGES.slotTaken);
    expect((await answer(id, pro.token, 'accept')).body.message).toBe(RESCHEDULE_MESSAGES.noProposal);
  });

  it('changes nothing when declined, and lets the professional propose too', async () => {
    const { customer, pro, id } = await booked('2026-11-24', '11:00');
    expect((await propose(id, pro.token, '2026-11-24', '15:00')).body.booking.proposal.proposedBy).toBe('professional');
    const declined = await answer(id, customer.token, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body.message).toBe(RESCHEDULE_MESSAGES.declined);
    expect(declined.body.booking).toMatchObject({
      date: '2026-11-24',
      time: '11:00',
      status: 'confirmed',
      proposal: null,
    });
    expect((await chatLines(id, pro.token)).at(-1)).toBe('proposal_declined: Ama declined Tue 24 Nov at 3:00 PM.');
    // The professional's card tells him the answer, until the next proposal.
    expect((await read(id, pro.token)).answeredProposal).toMatchObject({
      date: '2026-11-24',
      time: '15:00',
      proposedBy: 'professional',
      answer: 'declined',
    });
    // A new proposal may follow a closed one; the old answer no longer holds then.
    expect((await propose(id, pro.token, '2026-11-24', '16:00')).status).toBe(201);
    expect((await read(id, pro.token)).answeredProposal).toBeNull();
    expect((await answer(id, customer.token, 'accept')).status).toBe(200);
    expect((await read(id, pro.token)).answeredProposal).toMatchObject({ time: '16:00', answer: 'accepted' });
  });

  it(`caps a booking's proposals at ${MAX_PROPOSALS_PER_BOOKING}: each texts the other party`, async () => {
    const { customer, pro, id } = await booked('2026-11-30', '09:00');
    for (let n = 0; n < MAX_PROPOSALS_PER_BOOKING; n++) {
      expect((await propose(id, customer.token, '2026-11-30', n % 2 ? '10:00' : '11:00')).status).toBe(201);
      expect((await answer(id, pro.token, 'decline')).status).toBe(200);
    }
    const refused = await propose(id, pro.token, '2026-11-30', '12:00');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(RESCHEDULE_MESSAGES.tooMany);
  });

  it('confirms a waiting request whose time both agreed, counting it as the professional’s answer', async () => {
    const { customer, pro, id } = await booked('2026-11-26', '10:00', { pending: true });
    app.clock.set(new Date('2026-11-22T10:00:00Z'));
    expect((await propose(id, pro.token, '2026-11-26', '12:00')).status).toBe(201);
    const before = (await app.db('professional_profiles').where({ user_id: pro.userId }).first())!;
    app.clock.set(new Date('2026-11-22T15:00:00Z'));
    const accepted = await answer(id, customer.token, 'accept');
    expect(accepted.body.booking).toMatchObject({ status: 'confirmed', time: '12:00', answerBy: null });
    const after = (await app.db('professional_profiles').where({ user_id: pro.userId }).first())!;
    expect(after.answered_requests - before.answered_requests).toBe(1);
    expect(Number(after.response_seconds_total) - Number(before.response_seconds_total)).toBe(3600); // when they proposed
  });

  it.each([
    ['a time that has passed', '2026-11-20', '10:00', 400, BOOKING_MESSAGES.pastDate],
    ['a day the professional does not work', '2026-11-28', '10:00', 400, BOOKING_MESSAGES.unavailable],
    ['an hour outside their hours', '2026-11-25', '08:00', 400, BOOKING_MESSAGES.unavailable],
    ['the booking’s own time', '2026-11-24', '09:00', 400, RESCHEDULE_MESSAGES.sameTime],
    ['not one of the times', '2026-11-25', '10:30', 400, 'Choose one of the times offered.'],
    ['a day that does not exist', '2026-02-30', '10:00', 400, BOOKING_MESSAGES.required],
  ])('refuses %s', async (_label, date, time, status, message) => {
    const { customer, id } = await booked('2026-11-24', '09:00');
    const res = await propose(id, customer.token, date, time);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it('refuses a time already taken, a cancelled booking, and hostile input', async () => {
    const { customer, pro, id } = await booked('2026-11-24', '12:00');
    const other = await signUpAndPay(app);
    await app.request('/api/bookings', {
      method: 'POST',
      json: { professionalId: pro.userId, date: '2026-11-24', time: '13:00' },
      headers: bearer(other.token),
    });
    expect((await propose(id, customer.token, '2026-11-24', '13:00')).body.message).toBe(BOOKING_MESSAGES.slotTaken);
    for (const json of [{}, { date: 'x'.repeat(100_000), time: '10:00' }, { date: 20261125, time: '10:00' }, []])
      expect(
        (await app.request(`/api/bookings/${id}/proposals`, { method: 'POST', json, headers: bearer(customer.token) }))
          .status,
      ).toBe(400);
    await app.request(`/api/bookings/${id}/cancel`, { method: 'POST', headers: bearer(customer.token) });
    const closed = await propose(id, customer.token, '2026-11-25', '10:00');
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(RESCHEDULE_MESSAGES.notOpen);
  });

  it('hides the booking from strangers (404) and keeps one open proposal, even two sent at once', async () => {
    const { customer, pro, id } = await booked('2026-11-25', '09:00');
    const stranger = await signUpAndPay(app);
    expect((await propose(id, stranger.token, '2026-11-25', '10:00')).status).toBe(404);
    const both = await Promise.all([
      propose(id, customer.token, '2026-11-25', '10:00'),
      propose(id, pro.token, '2026-11-25', '11:00'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe(RESCHEDULE_MESSAGES.oneOpen);
    expect(await app.db('booking_proposals').where({ booking_id: id })).toHaveLength(1);
    for (const what of ['accept', 'decline'] as const)
      expect((await answer(id, stranger.token, what)).status).toBe(404);
    expect((await app.request(`/api/bookings/${id}/open-times`, { headers: bearer(stranger.token) })).status).toBe(404);
  });

  it('expires an unanswered proposal like a request: 2 hours before the earlier start, refused after', async () => {
    const { customer, pro, id } = await booked('2026-11-23', '15:00');
    const made = await propose(id, customer.token, '2026-11-23', '11:00');
    expect(made.body.booking.proposal.answerBy).toBe('2026-11-23T09:00:00.000Z'); // 2 h before Monday 11:00
    app.clock.set(new Date('2026-11-23T09:00:00Z'));
    const late = await answer(id, pro.token, 'accept');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(RESCHEDULE_MESSAGES.proposalExpired);
    expect(await read(id, customer.token)).toMatchObject({ time: '15:00', proposal: null });
    expect((await chatLines(id, customer.token)).at(-1)).toBe(
      'proposal_expired: The proposed time, Mon 23 Nov at 11:00 AM, was not answered in time. The booking keeps its time.',
    );
    const told = await app
      .db('notifications')
      .where({ user_id: customer.userId, subject: 'New time not answered: Monday, 23 November at 11:00' });
    expect(told).toHaveLength(1);
  });

  it("settles an overdue proposal when the dashboard is read, before any sweep (the record's one statement says so)", async () => {
    const { customer, id } = await booked('2026-11-23', '16:00');
    await propose(id, customer.token, '2026-11-23', '12:00');
    const recent = async () =>
      (
        await app.request(`/api/customer-data/${encodeURIComponent(customer.body.email)}`, {
          headers: bearer(customer.token),
        })
      ).body.customer.recentBookings.find((b: { id: number }) => b.id === id);
    expect((await recent()).proposal).toMatchObject({ time: '12:00' });
    app.clock.set(new Date('2026-11-23T10:00:00Z')); // 2 h before Monday 12:00
    expect(await recent()).toMatchObject({ time: '16:00', proposal: null });
    expect((await app.db('booking_proposals').where({ booking_id: id }).first())!.status).not.toBe('open');
  });

  it('lists the professional’s open times for the picker, without the booking’s own', async () => {
    const { customer, pro, id } = await booked('2026-11-24', '14:00');
    for (const token of [customer.token, pro.token]) {
      const { body } = await app.request(`/api/bookings/${id}/open-times`, { headers: bearer(token) });
      const tuesday = body.days.find((d: { date: string }) => d.date === '2026-11-24');
      expect(tuesday.times).not.toContain('14:00');
      expect(tuesday.times).toContain('15:00');
      expect(body.days.some((d: { date: string }) => d.date === '2026-11-28')).toBe(false); // Saturday
    }
  });

  // PGlite runs one statement at a time; PostgreSQL shows the real race (both run in CI).
  it('lets exactly one of an accept and a new request for the same time win, and frees the old time at once', async () => {
    for (const [oldTime, newTime] of [
      ['09:00', '13:00'],
      ['10:00', '14:00'],
      ['11:00', '15:00'],
      ['12:00', '16:00'],
    ]) {
      const { customer, pro, id } = await booked('2026-11-26', oldTime);
      expect((await propose(id, pro.token, '2026-11-26', newTime)).status).toBe(201);
      const rival = await signUpAndPay(app);
      const oldTaker = await signUpAndPay(app);
      const [accepted, rivalRequest, oldRequest] = await Promise.all([
        answer(id, customer.token, 'accept'),
        app.request('/api/bookings', {
          method: 'POST',
          json: { professionalId: pro.userId, date: '2026-11-26', time: newTime },
          headers: bearer(rival.token),
        }),
        app.request('/api/bookings', {
          method: 'POST',
          json: { professionalId: pro.userId, date: '2026-11-26', time: oldTime },
          headers: bearer(oldTaker.token),
        }),
      ]);
      const open = await app
        .db('bookings')
        .where({ professional_id: pro.userId, time: newTime })
        .whereIn('status', ['pending', 'confirmed']);
      expect(open).toHaveLength(1);
      // One wins: the accept (200) or the new request (201); the other is a 409.
      expect([accepted.status, rivalRequest.status]).toSatisfy(
        ([a, r]: number[]) => (a === 200 && r === 409) || (a === 409 && r === 201),
      );
      if (accepted.status === 409) {
        expect(accepted.body.message).toBe(RESCHEDULE_MESSAGES.slotGone);
        expect(await read(id, customer.token)).toMatchObject({ time: oldTime }); // nothing moved
        expect(oldRequest.status).toBe(409);
      } else {
        expect(rivalRequest.body.message).toBe(BOOKING_MESSAGES.slotTaken);
        // The old time: free once the move committed, so the request made alongside either got it or came first and lost.
        expect([201, 409]).toContain(oldRequest.status);
      }
    }
  });
});
