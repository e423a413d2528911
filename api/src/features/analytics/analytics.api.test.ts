import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES, acceptanceWords } from '../../../../contract/analytics.ts';
import { bearer, listedProfessional, signUpAffiliate, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';

// GET /api/me/analytics: a customer's or professional's own figures for the last six
// calendar months, from real bookings and reviews. The test clock starts on Sunday 22 November
// 2026 at 09:00 GMT, so the window is June to November 2026.
const WINDOW = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

describe('GET /api/me/analytics', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  const analytics = (token: string) => app.request('/api/me/analytics', { headers: bearer(token) });
  const act = (id: number, action: string, token: string) =>
    app.request(`/api/bookings/${id}/${action}`, { method: 'POST', headers: bearer(token) });
  const book = async (token: string, professionalId: number, date: string, time: string) => {
    const res = await app.request('/api/bookings', {
      method: 'POST',
      headers: bearer(token),
      json: { professionalId, date, time, description: 'Analytics job' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.booking.id as number;
  };

  it('gives a new account six empty months and no figures', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, { lat: 5.6, lng: -0.2 });
    const c = await analytics(customer.token);
    expect(c.status).toBe(200);
    expect(c.body.analytics).toEqual({
      role: 'customer',
      months: WINDOW.map((month) => ({ month, bookings: 0 })),
      completed: 0,
      cancelled: 0,
      totalSpent: 0,
      topCategories: [],
    });
    const p = await analytics(pro.token);
    expect(p.body.analytics).toEqual({
      role: 'professional',
      months: WINDOW.map((month) => ({ month, jobs: 0, earnings: 0 })),
      answered: 0,
      accepted: 0,
      expired: 0,
      kept: { jobs: 0, kept: 0 },
      acceptanceRate: null,
      rating: null,
      reviews: 0,
    });
  });

  it("counts the caller's own bookings only: per month, completed vs cancelled, spent, top categories, acceptance and rating", async () => {
    const customer = await signUpAndPay(app, { firstName: 'Adwoa' });
    const stranger = await signUpAndPay(app, { firstName: 'Stranger' });
    const plumber = await listedProfessional(app, { lat: 5.6, lng: -0.2 }, { profession: 'Plumber' });
    const electrician = await listedProfessional(app, { lat: 5.6, lng: -0.2 }, { profession: 'Electrician' });

    // Three with the plumber (one completed and reviewed, one declined, one accepted then cancelled
    // by the customer), one with the electrician still pending; the stranger books the plumber too.
    const done = await book(customer.token, plumber.userId, '2026-11-23', '09:00');
    const declined = await book(customer.token, plumber.userId, '2026-11-23', '11:00');
    const cancelled = await book(customer.token, plumber.userId, '2026-11-24', '09:00');
    await book(customer.token, electrician.userId, '2026-11-24', '10:00');
    const strangers = await book(stranger.token, plumber.userId, '2026-11-25', '09:00');
    expect((await act(done, 'accept', plumber.token)).status).toBe(200);
    expect((await act(declined, 'decline', plumber.token)).status).toBe(200);
    expect((await act(cancelled, 'accept', plumber.token)).status).toBe(200);
    expect((await act(cancelled, 'cancel', customer.token)).status).toBe(200);
    expect((await act(strangers, 'accept', plumber.token)).status).toBe(200);
    // One request was made in August; the window still counts it.
    await app
      .db('bookings')
      .where({ id: declined })
      .update({ created_at: new Date('2026-08-10T12:00:00Z') });
    app.clock.set(new Date('2026-11-23T12:00:00Z'));
    expect((await act(done, 'complete', plumber.token)).status).toBe(200);
    const review = await app.request(`/api/bookings/${done}/review`, {
      method: 'POST',
      headers: bearer(customer.token),
      json: { rating: 4, comment: 'Good' },
    });
    expect(review.status).toBe(200);

    const c = (await analytics(customer.token)).body.analytics;
    expect(c.months).toEqual(
      WINDOW.map((month) => ({ month, bookings: month === '2026-11' ? 3 : month === '2026-08' ? 1 : 0 })),
    );
    expect(c).toMatchObject({ completed: 1, cancelled: 2, totalSpent: 60 });
    // Cancelled bookings are not counted as booked categories.
    expect(c.topCategories).toEqual([
      { category: 'Electrician', bookings: 1 },
      { category: 'Plumber', bookings: 1 },
    ]);

    const p = (await analytics(plumber.token)).body.analytics;
    expect(p.months.at(-1)).toEqual({ month: '2026-11', jobs: 1, earnings: 60 });
    // Four answered (the stranger's too: the professional's own figures), one declined.
    expect(p).toMatchObject({ answered: 4, accepted: 3, acceptanceRate: 75, rating: 4, reviews: 1, expired: 0 });
    // The jobs kept, as his public page says them: the one whose time came.
    expect(p.kept).toEqual({ jobs: 1, kept: 1 });

    // A request left to its deadline is not an answer: it is counted apart, and the rate stays over answers.
    const ignored = await book(customer.token, plumber.userId, '2026-11-26', '09:00');
    app.clock.set(new Date('2026-11-24T12:01:00Z'));
    await app.request('/api/bookings', { headers: bearer(plumber.token) }); // settles it (bookings/expiry.ts)
    expect((await app.db('bookings').where({ id: ignored }).first('cancelled_by'))!.cancelled_by).toBe('system');
    const later = (await analytics(plumber.token)).body.analytics;
    expect(later).toMatchObject({ answered: 4, accepted: 3, expired: 1, acceptanceRate: 75 });
    expect(acceptanceWords(later)).toBe('3 of 4 answered requests accepted; 1 expired unanswered');

    // The stranger sees none of the customer's bookings.
    const s = (await analytics(stranger.token)).body.analytics;
    expect(s).toMatchObject({
      completed: 0,
      cancelled: 0,
      totalSpent: 0,
      topCategories: [{ category: 'Plumber', bookings: 1 }],
    });
  });

  it('refuses affiliates (403, saying where their figures are) and anyone not signed in (401)', async () => {
    const affiliate = await signUpAffiliate(app);
    const res = await analytics(affiliate.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ANALYTICS_MESSAGES.notForAffiliates);
    expect((await app.request('/api/me/analytics')).status).toBe(401);
    expect((await analytics('not-a-token')).status).toBe(401);
  });
});
