import { describe, expect, it } from 'vitest';
import { EXPIRY_MESSAGES } from '../../../../contract/reschedule.ts';
import { bearer, listedProfessional, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { outboxNotifier } from '../../providers/notifier.ts';
import { acceptRequest, declineRequest, markJobCompleted, proposeTime } from './index.ts';

// What a party does to a booking from outside the web's routes (the phone menu): the same rules,
// the same answer, through the bookings' public face. The test clock starts on Sunday 22 November
// 2026 at 09:00 GMT; professionals work Mon–Fri 09:00–17:00.
const ACCRA = { lat: 5.56, lng: -0.18 };

describe('booking actions called outside HTTP', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  const deps = () => ({ db: app.db, clock: app.clock, notifier: outboxNotifier({ clock: app.clock }) });
  const request = async (token: string, professionalId: number, date: string, time: string) =>
    (
      await app.request('/api/bookings', {
        method: 'POST',
        json: { professionalId, date, time, description: 'Fix the sink' },
        headers: bearer(token),
      })
    ).body.booking.id as number;

  it('accepts, moves and completes a job as the web does, answering the booking with its trust', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, ACCRA);
    const id = await request(customer.token, pro.userId, '2026-11-24', '10:00');
    const accepted = await acceptRequest(deps(), pro.user, id);
    expect(accepted).toMatchObject({ id, status: 'confirmed', trust: expect.any(Object) });
    const moved = await proposeTime(deps(), pro.user, id, { date: '2026-11-24', time: '14:00' });
    expect(moved.proposal).toMatchObject({ date: '2026-11-24', time: '14:00', proposedBy: 'professional' });
    // Too early to complete: the same refusal the route gives.
    await expect(markJobCompleted(deps(), pro.user, id)).rejects.toMatchObject({ status: 409 });
    app.clock.set(new Date('2026-11-24T11:00:00Z'));
    expect((await markJobCompleted(deps(), pro.user, id)).status).toBe('completed');
    // The web reads what the menu did.
    const listed = (await app.request('/api/bookings', { headers: bearer(customer.token) })).body.bookings;
    expect(listed.find((b: { id: number }) => b.id === id).status).toBe('completed');
  });

  it('expires a request past its deadline before answering it, and keeps others out', async () => {
    const customer = await signUpAndPay(app);
    const stranger = await signUpAndPay(app);
    const pro = await listedProfessional(app, ACCRA);
    const id = await request(customer.token, pro.userId, '2026-11-25', '10:00');
    await expect(acceptRequest(deps(), stranger.user, id)).rejects.toMatchObject({ status: 404 });
    app.clock.set(new Date('2026-11-23T09:00:00Z')); // 24 hours after the request: its deadline
    await expect(declineRequest(deps(), pro.user, id, 'Busy')).rejects.toMatchObject({
      status: 409,
      code: 'booking_expired',
      message: EXPIRY_MESSAGES.expired,
    });
  });
});
