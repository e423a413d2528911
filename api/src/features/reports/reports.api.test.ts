import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../../contract/dates.ts';
import { REPORT_LIMITS, REPORT_MESSAGES, REPORT_PHOTOS_MAX } from '../../../../contract/reports.ts';
import { signInAdmin, type SignedInAdmin } from '../../../test/admin.ts';
import { bearer, listedProfessional, makeRoomForBooking, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, TEST_START, type TestApp, useTestApp } from '../../../test/harness.ts';

// Items 3–5 (docs/PRODUCT.md "Cancellations that count", "Was the job done?", "Problem
// reports"). The test clock starts on Sunday 22 November 2026 at 09:00 GMT; each test books its
// own slot on its own day, so every test stands alone.

let app: TestApp;
/** Signed in again where a test has moved the clock past its 12 hours. */
let admin: SignedInAdmin;
type Person = Awaited<ReturnType<typeof signUpAndPay>>;
let customer: Person;
let stranger: Person;
let pro: Person;
useTestApp(async () => {
  app = await startTestApp();
  admin = await signInAdmin(app);
  customer = await signUpAndPay(app, { firstName: 'Abena' });
  stranger = await signUpAndPay(app, { firstName: 'Yaa' });
  pro = await listedProfessional(app, { lat: 5.6, lng: -0.18 }, { firstName: 'Kwame' });
  return app;
});

let day = 0;
/** A weekday slot from Monday 23 November on, a different day each call (the default hours are 09:00 to 17:00). */
function nextSlot(time = '10:00') {
  const weekdays = day++;
  const date = new Date(Date.UTC(2026, 10, 23 + Math.floor(weekdays / 5) * 7 + (weekdays % 5)));
  return {
    date: date.toISOString().slice(0, 10),
    time,
    start: new Date(`${date.toISOString().slice(0, 10)}T${time}:00Z`),
  };
}

const post = (path: string, token: string, json: unknown = {}) =>
  app.request(path, { method: 'POST', headers: bearer(token), json });
const get = (path: string, token: string) => app.request(path, { headers: bearer(token) });
const asAdmin = (path: string, json?: unknown) =>
  app.request(path, { method: json === undefined ? 'GET' : 'POST', headers: bearer(admin.token), json });

/** A booking of `customer` with `professional`, accepted: its id and start. */
async function confirmed(professional = pro, who = customer, slot = nextSlot()) {
  await makeRoomForBooking(app, who.userId);
  const made = await post('/api/bookings', who.token, {
    professionalId: professional.userId,
    date: slot.date,
    time: slot.time,
  });
  expect(made.status).toBe(201);
  expect((await post(`/api/bookings/${made.body.booking.id}/accept`, professional.token)).status).toBe(200);
  return { id: made.body.booking.id as number, start: slot.start };
}

/** The booking as `token`'s owner reads it in GET /api/bookings. */
async function read(id: number, token: string) {
  const res = await get('/api/bookings', token);
  return res.body.bookings.find((b: { id: number }) => b.id === id);
}

const at = (instant: Date | number) => app.clock.set(new Date(instant));

/** A completed booking (marked done one hour after its start). */
async function completed(professional = pro, who = customer) {
  const booking = await confirmed(professional, who);
  at(booking.start.getTime() + HOUR_MS);
  expect((await post(`/api/bookings/${booking.id}/complete`, professional.token)).status).toBe(200);
  return booking;
}

describe('cancellations that count', () => {
  it('a cancellation exactly 24 hours before the start is late; a second earlier it is not', async () => {
    const early = await confirmed();
    at(early.start.getTime() - 24 * HOUR_MS - 1000);
    expect((await read(early.id, customer.token)).trust.cancelNow).toBe('early');
    expect((await post(`/api/bookings/${early.id}/cancel`, customer.token)).status).toBe(200);
    expect((await read(early.id, pro.token)).trust.cancellation).toBe('early');

    const late = await confirmed();
    at(late.start.getTime() - 24 * HOUR_MS);
    expect((await read(late.id, customer.token)).trust.cancelNow).toBe('late');
    const cancelled = await post(`/api/bookings/${late.id}/cancel`, customer.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking.trust.cancellation).toBe('late');
    // The professional sees the customer's late cancellations on the next request.
    at(TEST_START);
    const next = nextSlot();
    await makeRoomForBooking(app, customer.userId);
    const request = await post('/api/bookings', customer.token, {
      professionalId: pro.userId,
      date: next.date,
      time: next.time,
    });
    expect((await read(request.body.booking.id, pro.token)).trust.customerLateCancellations).toBe(1);
    // The customer's own card does not carry it.
    expect((await read(request.body.booking.id, customer.token)).trust.customerLateCancellations).toBeNull();
  });

  it('a pending request cancelled late does not count: only confirmed bookings do', async () => {
    const other = await signUpAndPay(app, { firstName: 'Esi' });
    const slot = nextSlot();
    // Requested 20 hours ahead and cancelled 3 hours before the start: late, and still before the
    // request's answer deadline (2 hours before the start), so it is the customer's cancel, not an expiry.
    at(slot.start.getTime() - 20 * HOUR_MS);
    const made = await post('/api/bookings', other.token, {
      professionalId: pro.userId,
      date: slot.date,
      time: slot.time,
    });
    at(slot.start.getTime() - 3 * HOUR_MS);
    const cancelled = await post(`/api/bookings/${made.body.booking.id}/cancel`, other.token);
    expect(cancelled.body.booking.trust.cancellation).toBeNull();
  });

  it('the professional may cancel a confirmed job (the customer is told), not a pending one; after the start it is a no-show', async () => {
    const kojo = await listedProfessional(app, { lat: 5.6, lng: -0.18 }, { firstName: 'Kojo' });
    const page = async () =>
      (await get(`/api/professionals/${kojo.userId}`, customer.token)).body.professional.reliability;
    expect(await page()).toBe('No jobs in the last 90 days');

    const slot = nextSlot();
    await makeRoomForBooking(app, customer.userId);
    const pending = await post('/api/bookings', customer.token, {
      professionalId: kojo.userId,
      date: slot.date,
      time: slot.time,
    });
    const refused = await post(`/api/bookings/${pending.body.booking.id}/cancel`, kojo.token);
    expect(refused.status).toBe(409);
    expect((await post(`/api/bookings/${pending.body.booking.id}/decline`, kojo.token)).status).toBe(200);

    const kept = await completed(kojo);
    expect(await page()).toBe('Kept 1 of 1 job in the last 90 days');

    const noShow = await confirmed(kojo);
    at(noShow.start.getTime() + 30 * 60_000);
    const cancelled = await post(`/api/bookings/${noShow.id}/cancel`, kojo.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking.trust.cancellation).toBe('no_show');
    expect(await page()).toBe('Kept 1 of 2 jobs in the last 90 days');
    const told = await app.db('notifications').where({ user_id: customer.userId }).select('channel', 'subject', 'body');
    expect(told.filter((n) => n.channel === 'email' && /^Booking cancelled by Kojo/.test(n.subject))).toHaveLength(1);
    expect(
      told.filter((n) => n.channel !== 'email' && /the professional cancelled your booking/.test(n.body)).length,
    ).toBeGreaterThan(0);

    // 90 days after the kept job it no longer counts; the no-show a little longer.
    // (Both keep paying meanwhile: the page is read by a customer who has just joined.)
    const paidUntil = new Date(kept.start.getTime() + 200 * DAY_MS);
    await app.db('subscriptions').where({ user_id: kojo.userId }).update({ period_end: paidUntil });
    await app.db('professional_profiles').where({ user_id: kojo.userId }).update({ paid_until: paidUntil });
    at(kept.start.getTime() + 90 * DAY_MS + HOUR_MS);
    const newcomer = await signUpAndPay(app, { firstName: 'Efua' });
    const later = await get(`/api/professionals/${kojo.userId}`, newcomer.token);
    expect(later.body.professional.reliability).toBe('Kept 0 of 1 job in the last 90 days');
  });
});

describe('was the job done?', () => {
  it('asks the customer when the job is marked done: texted, emailed, a chat line; Yes answers it', async () => {
    const booking = await completed();
    const card = await read(booking.id, customer.token);
    expect(card.trust.done).toEqual({
      state: 'awaiting',
      until: new Date(app.clock.now().getTime() + 72 * HOUR_MS).toISOString(),
    });
    const sent = await app
      .db('notifications')
      .where({ user_id: customer.userId })
      .whereILike('body', '%was marked done%');
    expect(sent.length).toBeGreaterThan(0);
    const chat = await get(`/api/bookings/${booking.id}/messages`, pro.token);
    expect(chat.body.messages.at(-1)).toMatchObject({ senderId: null, senderName: 'ServiceConnect' });
    expect(chat.body.messages.at(-1).body).toMatch(/marked done/);

    expect((await post(`/api/bookings/${booking.id}/done`, pro.token)).status).toBe(403);
    expect((await post(`/api/bookings/${booking.id}/done`, stranger.token)).status).toBe(404);
    const yes = await post(`/api/bookings/${booking.id}/done`, customer.token);
    expect(yes.status).toBe(200);
    expect(yes.body.booking.trust.done.state).toBe('yes');
    expect((await post(`/api/bookings/${booking.id}/done`, customer.token)).body.message).toBe(
      REPORT_MESSAGES.alreadyAnswered,
    );
    // The review follows as before.
    expect((await post(`/api/bookings/${booking.id}/review`, customer.token, { rating: 5 })).status).toBe(200);
    // Having said Yes, the customer can no longer report; the professional still can.
    const report = await post(`/api/bookings/${booking.id}/reports`, customer.token, {
      reason: 'other',
      description: 'x',
    });
    expect(report.status).toBe(409);
    expect(report.body.message).toBe(REPORT_MESSAGES.answeredYes);
  });

  it('unanswered, it counts as done 72 hours after it was marked done, not a second before', async () => {
    const booking = await completed();
    const markedAt = app.clock.now().getTime();
    at(markedAt + 72 * HOUR_MS - 1000);
    expect((await read(booking.id, customer.token)).trust.done.state).toBe('awaiting');
    at(markedAt + 72 * HOUR_MS);
    expect((await read(booking.id, customer.token)).trust.done.state).toBe('counted');
    expect((await read(booking.id, pro.token)).trust.done.state).toBe('counted');
    const late = await post(`/api/bookings/${booking.id}/done`, customer.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(REPORT_MESSAGES.questionClosed);
  });

  it('"Yes" and "Report a problem" sent at the same moment: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const booking = await completed();
      const [yes, report] = await Promise.all([
        post(`/api/bookings/${booking.id}/done`, customer.token),
        post(`/api/bookings/${booking.id}/reports`, customer.token, {
          reason: 'poor_work',
          description: 'Still leaking',
        }),
      ]);
      expect([yes.status, report.status].sort()).toEqual(yes.status === 200 ? [200, 409] : [201, 409]);
      const state = (await read(booking.id, customer.token)).trust.done.state;
      expect(state).toBe(yes.status === 200 ? 'yes' : 'problem');
      const reports = await app.db('problem_reports').where({ booking_id: booking.id });
      expect(reports).toHaveLength(yes.status === 200 ? 0 : 1);
      await app.db('problem_reports').where({ booking_id: booking.id }).delete(); // the 30-day cap is not what this tests
    }
  });
});

describe('problem reports', () => {
  const report = (id: number, token: string, reason = 'not_attended', description = 'Nobody came.') =>
    post(`/api/bookings/${id}/reports`, token, { reason, description });

  it('opens from the start of the job until 7 days after it, for the two parties only', async () => {
    const booking = await confirmed();
    at(booking.start.getTime() - 1000);
    const early = await report(booking.id, customer.token);
    expect([early.status, early.body.message]).toEqual([409, REPORT_MESSAGES.tooEarly]);
    at(booking.start.getTime() + 7 * DAY_MS + 1000);
    const late = await report(booking.id, customer.token);
    expect([late.status, late.body.message]).toEqual([409, REPORT_MESSAGES.tooLate]);
    at(booking.start.getTime() + 7 * DAY_MS);
    expect((await report(booking.id, stranger.token)).status).toBe(404);
    expect((await get(`/api/bookings/${booking.id}/reports`, stranger.token)).status).toBe(404);
    const opened = await report(booking.id, customer.token);
    expect(opened.status).toBe(201);
    expect(opened.body.report).toMatchObject({ by: 'customer', reason: 'not_attended', status: 'open', photos: [] });
    // One open report per party per booking; the other party may open their own.
    const again = await report(booking.id, customer.token, 'other');
    expect([again.status, again.body.message]).toEqual([409, REPORT_MESSAGES.alreadyOpen]);
    expect((await report(booking.id, pro.token, 'other', 'The gate was locked.')).status).toBe(201);
    const both = await get(`/api/bookings/${booking.id}/reports`, pro.token);
    expect(both.body.reports.map((r: { by: string }) => r.by)).toEqual(['customer', 'professional']);
    // Both were told, the other party by text too; the chat says so.
    const texts = await app
      .db('notifications')
      .where({ user_id: pro.userId })
      .whereILike('body', '%problem was reported%');
    expect(texts.length).toBeGreaterThan(0);
    const chat = await get(`/api/bookings/${booking.id}/messages`, customer.token);
    expect(chat.body.messages.filter((m: { senderId: number | null }) => m.senderId === null)).toHaveLength(2);
  });

  it('refuses a bad reason, an empty or over-long description, and a pending request', async () => {
    const booking = await confirmed();
    at(booking.start.getTime() + HOUR_MS);
    expect((await report(booking.id, customer.token, 'bored')).status).toBe(400);
    expect((await report(booking.id, customer.token, 'late', '   ')).status).toBe(400);
    expect((await report(booking.id, customer.token, 'late', 'x'.repeat(2001))).status).toBe(400);
    const slot = nextSlot();
    await makeRoomForBooking(app, customer.userId);
    const pending = await post('/api/bookings', customer.token, {
      professionalId: pro.userId,
      date: slot.date,
      time: slot.time,
    });
    at(slot.start.getTime() + HOUR_MS);
    const refused = await report(pending.body.booking.id, customer.token);
    expect([refused.status, refused.body.message]).toEqual([409, REPORT_MESSAGES.notReportable]);
  });

  it('a report of "did not come" alone does not change the professional\'s figures', async () => {
    const ekow = await listedProfessional(app, { lat: 5.6, lng: -0.18 }, { firstName: 'Ekow' });
    const booking = await confirmed(ekow);
    at(booking.start.getTime() + 2 * HOUR_MS);
    expect((await get(`/api/professionals/${ekow.userId}`, customer.token)).body.professional.reliability).toBe(
      'Kept 1 of 1 job in the last 90 days',
    );
    expect((await report(booking.id, customer.token)).status).toBe(201);
    // An accusation is not a verdict (docs/PRODUCT.md "Problem reports").
    expect((await get(`/api/professionals/${ekow.userId}`, customer.token)).body.professional.reliability).toBe(
      'Kept 1 of 1 job in the last 90 days',
    );
  });

  it('takes up to 3 photos from the reporter through the photo pipeline', async () => {
    const booking = await confirmed();
    at(booking.start.getTime() + HOUR_MS);
    const opened = await report(booking.id, customer.token, 'damage', 'The sink cracked.');
    const id = opened.body.report.id;
    const photo = (shade: number) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 40, b: 40 } } })
        .png()
        .toBuffer();
    const upload = async (token: string, bytes: Buffer, type = 'image/png') =>
      app.request(`/api/reports/${id}/photos`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': type },
        body: new Uint8Array(bytes),
      });
    expect((await upload(stranger.token, await photo(1))).status).toBe(404);
    expect((await upload(pro.token, await photo(1))).status).toBe(403);
    const notPhoto = await upload(
      customer.token,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    expect(notPhoto.status).toBe(400);
    for (let n = 1; n <= REPORT_PHOTOS_MAX; n++) {
      const added = await upload(customer.token, await photo(n * 50));
      expect(added.status).toBe(201);
      expect(added.body.report.photos).toHaveLength(n);
    }
    const fourth = await upload(customer.token, await photo(250));
    expect([fourth.status, fourth.body.message]).toEqual([400, REPORT_MESSAGES.photosFull]);
    // Both parties see them; the stored copy is the re-encoded WebP.
    const seen = await get(`/api/bookings/${booking.id}/reports`, pro.token);
    const thumb = await app.request(seen.body.reports[0].photos[0].thumb);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
  });

  it('caps reports per account and messages per hour', async () => {
    const capped = await signUpAndPay(app, { firstName: 'Akua' });
    const booking = await confirmed(pro, capped);
    at(booking.start.getTime() + HOUR_MS);
    const row = await app.db('bookings').where({ id: booking.id }).first();
    await app.db('problem_reports').insert(
      Array.from({ length: REPORT_LIMITS.reportsPer30Days }, () => ({
        booking_id: booking.id,
        customer_id: capped.userId,
        professional_id: row!.professional_id,
        reporter_role: 'customer' as const,
        reason: 'other' as const,
        description: 'earlier',
        status: 'closed' as const,
        outcome: 'resolved' as const,
        closing_note: 'ok',
        closed_at: app.clock.now(),
        created_at: new Date(app.clock.now().getTime() - DAY_MS),
      })),
    );
    const refused = await report(booking.id, capped.token);
    expect([refused.status, refused.body.message]).toEqual([429, REPORT_MESSAGES.tooMany]);
    await app
      .db('problem_reports')
      .where({ booking_id: booking.id })
      .update({ created_at: new Date(app.clock.now().getTime() - 31 * DAY_MS) });
    const opened = await report(booking.id, capped.token);
    expect(opened.status).toBe(201);
    const id = opened.body.report.id;
    for (let n = 0; n < REPORT_LIMITS.messagesPerHour; n++)
      expect((await post(`/api/reports/${id}/messages`, capped.token, { body: `note ${n}` })).status).toBe(201);
    const over = await post(`/api/reports/${id}/messages`, capped.token, { body: 'one more' });
    expect([over.status, over.body.message]).toEqual([429, REPORT_MESSAGES.messagesPerHour]);
    expect((await post(`/api/reports/${id}/messages`, stranger.token, { body: 'hi' })).status).toBe(404);
  });

  it('gives each party its own share of the thread: the accused filling theirs leaves the reporter room to answer', async () => {
    const accused = await listedProfessional(app, { lat: 5.6, lng: -0.18 }, { firstName: 'Kojo' });
    const reporter = await signUpAndPay(app, { firstName: 'Esi' });
    // The first day's afternoon, free for these two: the sessions of the tests after it last 30 days from the start.
    const booking = await confirmed(accused, reporter, {
      date: '2026-11-23',
      time: '15:00',
      start: new Date('2026-11-23T15:00:00Z'),
    });
    at(booking.start.getTime() + HOUR_MS);
    const opened = await report(booking.id, reporter.token);
    expect(opened.status).toBe(201);
    const id = opened.body.report.id;
    const write = (token: string, body: string) => post(`/api/reports/${id}/messages`, token, { body });
    const share = REPORT_LIMITS.messagesPerPartyPerReport;
    // The accused writes as fast as the hourly limit allows, hour after hour: its share, and no more.
    for (let n = 0; n < share + 5; n++) {
      if (n > 0 && n % REPORT_LIMITS.messagesPerHour === 0) at(app.clock.now().getTime() + HOUR_MS + 1);
      const sent = await write(accused.token, `noise ${n}`);
      if (n < share) expect(sent.status).toBe(201);
      else expect([sent.status, sent.body.message]).toEqual([409, REPORT_MESSAGES.threadFull]);
    }
    // The reporter still has a whole share of its own, and an administrator is never refused.
    at(app.clock.now().getTime() + HOUR_MS + 1);
    for (let n = 0; n < share; n++) expect((await write(reporter.token, `answer ${n}`)).status).toBe(201);
    at(app.clock.now().getTime() + HOUR_MS + 1); // past the hourly limit: the share is what refuses
    const over = await write(reporter.token, 'one more');
    expect([over.status, over.body.message]).toEqual([409, REPORT_MESSAGES.threadFull]);
    admin = await signInAdmin(app); // a session of 12 hours, the clock having moved days
    expect((await asAdmin(`/api/admin/reports/${id}/messages`, { body: 'We are looking into it.' })).status).toBe(201);
    const thread = (await get(`/api/bookings/${booking.id}/reports`, reporter.token)).body.reports[0].messages;
    expect(thread.filter((m: { by: string }) => m.by === 'customer')).toHaveLength(share);
  });

  it('an administrator reads the queue, writes to both parties and closes with a suspension that really suspends', async () => {
    const yaw = await listedProfessional(app, { lat: 5.6, lng: -0.18 }, { firstName: 'Yaw' });
    const booking = await confirmed(yaw);
    await post(`/api/bookings/${booking.id}/messages`, customer.token, { body: 'Are you on your way?' });
    at(booking.start.getTime() + 3 * HOUR_MS);
    const opened = await report(booking.id, customer.token);
    const id = opened.body.report.id;

    for (const token of [customer.token, yaw.token]) {
      expect((await get('/api/admin/reports', token)).status).toBe(401);
      expect((await post(`/api/admin/reports/${id}/close`, token, { outcome: 'resolved', note: 'x' })).status).toBe(
        401,
      );
    }
    admin = await signInAdmin(app); // a session of 12 hours, the clock having moved days
    const queue = await asAdmin('/api/admin/reports');
    expect(queue.body.reports.find((r: { id: number }) => r.id === id)).toMatchObject({
      bookingId: booking.id,
      by: 'customer',
      reason: 'not_attended',
      reporterName: 'Abena Mensah',
    });
    const detail = await asAdmin(`/api/admin/reports/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.report.chat.map((m: { body: string }) => m.body)).toContain('Are you on your way?');
    // An open report is an accusation: the figure waits for the verdict.
    expect(detail.body.report.professional.reliability).toBe('Kept 1 of 1 job in the last 90 days');
    expect(detail.body.report.customer.reliability).toMatch(/late/);

    const wrote = await asAdmin(`/api/admin/reports/${id}/messages`, { body: 'Yaw, please tell us what happened.' });
    expect(wrote.status).toBe(201);
    const answered = await post(`/api/reports/${id}/messages`, yaw.token, { body: 'My motorbike broke down.' });
    expect(answered.status).toBe(201);
    const thread = (await get(`/api/bookings/${booking.id}/reports`, customer.token)).body.reports[0].messages;
    expect(thread.map((m: { by: string; body: string }) => [m.by, m.body])).toEqual([
      ['admin', 'Yaw, please tell us what happened.'],
      ['professional', 'My motorbike broke down.'],
    ]);

    expect((await asAdmin(`/api/admin/reports/${id}/close`, { outcome: 'warning', note: 'x' })).status).toBe(400);
    const closed = await asAdmin(`/api/admin/reports/${id}/close`, {
      outcome: 'suspension',
      party: 'professional',
      note: 'Three no-shows this month.',
    });
    expect(closed.status).toBe(200);
    expect((await asAdmin(`/api/admin/reports/${id}/close`, { outcome: 'resolved', note: 'again' })).status).toBe(409);
    // The account is suspended through the usual path: its session ends at once.
    expect((await get('/api/bookings', yaw.token)).status).toBe(401);
    expect((await app.db('users').where({ id: yaw.userId }).first('status'))!.status).toBe('suspended');
    // Both parties read the outcome and the note.
    const seen = (await get(`/api/bookings/${booking.id}/reports`, customer.token)).body.reports[0];
    expect(seen).toMatchObject({
      status: 'closed',
      outcome: 'suspension',
      outcomeParty: 'professional',
      closingNote: 'Three no-shows this month.',
    });
    expect((await post(`/api/reports/${id}/messages`, customer.token, { body: 'Thanks' })).body.message).toBe(
      REPORT_MESSAGES.closed,
    );
    // Every step is in the audit log.
    const audit = await app
      .db('admin_audit_log')
      .where({ admin_id: admin.id })
      .whereIn('action', ['report.view', 'report.message', 'report.close', 'user.suspend'])
      .orderBy('id')
      .select('action', 'target_id');
    expect(audit.map((a) => a.action)).toEqual(['report.view', 'report.message', 'report.close', 'user.suspend']);
    expect(audit.at(-1)!.target_id).toBe(String(yaw.userId));
    const closing = await app
      .db('notifications')
      .where({ user_id: customer.userId, channel: 'email' })
      .whereILike('subject', 'Report closed%');
    expect(closing.length).toBe(1);
    // The customer's "Download my data" carries the report and its thread.
    const exported = (await get('/api/me/export', customer.token)).body.problemReports;
    expect(exported.find((r: { bookingId: number }) => r.bookingId === booking.id)).toMatchObject({
      by: 'you',
      reason: 'not_attended',
      outcome: 'suspension',
      administratorNote: 'Three no-shows this month.',
      messages: [
        { from: 'ServiceConnect', text: 'Yaw, please tell us what happened.' },
        { from: 'the professional', text: 'My motorbike broke down.' },
      ],
    });
  });

  it('does not stop a review; a review after a report carries the "reported" mark for administrators only', async () => {
    const booking = await completed();
    const opened = await report(booking.id, customer.token, 'poor_work', 'Still leaking.');
    at(app.clock.now().getTime() + 60_000);
    expect(
      (await post(`/api/bookings/${booking.id}/review`, customer.token, { rating: 2, comment: 'Leaks' })).status,
    ).toBe(200);
    admin = await signInAdmin(app);
    const detail = await asAdmin(`/api/admin/reports/${opened.body.report.id}`);
    expect(detail.body.report.review).toMatchObject({ rating: 2, afterReport: true });
    const publicPage = await get(`/api/professionals/${pro.userId}`, customer.token);
    expect(JSON.stringify(publicPage.body.reviews)).not.toMatch(/report/i);
  });

  it("deleting the reporter's account removes the words they wrote; the report stays for the other party", async () => {
    const leaving = await signUpAndPay(app, { firstName: 'Kofi' });
    const booking = await confirmed(pro, leaving);
    at(booking.start.getTime() + HOUR_MS);
    const opened = await report(booking.id, leaving.token, 'late', 'Came two hours late.');
    await post(`/api/reports/${opened.body.report.id}/messages`, leaving.token, { body: 'Still waiting.' });
    admin = await signInAdmin(app);
    expect(
      (await app.request(`/api/admin/users/${leaving.userId}`, { method: 'DELETE', headers: bearer(admin.token) }))
        .status,
    ).toBe(200);
    const [seen] = (await get(`/api/bookings/${booking.id}/reports`, pro.token)).body.reports;
    expect(JSON.stringify(seen)).not.toMatch(/two hours|Still waiting/);
    expect(seen.reason).toBe('late');
  });

  it('admin routes answer 404 for an unknown report and 400 for a bad outcome', async () => {
    expect((await asAdmin('/api/admin/reports/999999')).status).toBe(404);
    expect((await asAdmin('/api/admin/reports/999999/close', { outcome: 'banish', note: 'x' })).status).toBe(400);
    expect((await asAdmin('/api/admin/reports?status=maybe')).status).toBe(400);
  });
});

describe('what a verdict does (docs/PRODUCT.md "Problem reports")', () => {
  const report = (id: number, token: string, reason = 'not_attended', description = 'Nobody came.') =>
    post(`/api/bookings/${id}/reports`, token, { reason, description });
  /** A weekday slot at 10:00 at least a day after the test clock (these tests run after others moved it). */
  function soon() {
    const date = new Date(app.clock.now().getTime() + DAY_MS);
    while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
    const day = date.toISOString().slice(0, 10);
    return { date: day, time: '10:00', start: new Date(`${day}T10:00:00Z`) };
  }

  it('a "did not come" report changes the public figure only when upheld against the professional', async () => {
    const abena = await signUpAndPay(app, { firstName: 'Abena' });
    const ekow = await listedProfessional(app, { lat: 5.6, lng: -0.18 }, { firstName: 'Ekow' });
    const figure = async () =>
      (await get(`/api/professionals/${ekow.userId}`, abena.token)).body.professional.reliability;
    const first = await confirmed(ekow, abena, soon());
    at(first.start.getTime() + 60_000);
    expect(await figure()).toBe('Kept 1 of 1 job in the last 90 days');
    const accused = await report(first.id, abena.token);
    expect(accused.status).toBe(201);
    // An accusation is not a verdict.
    expect(await figure()).toBe('Kept 1 of 1 job in the last 90 days');
    admin = await signInAdmin(app);
    const toCustomer = await asAdmin(`/api/admin/reports/${accused.body.report.id}/close`, {
      outcome: 'warning',
      party: 'customer',
      note: 'Ekow was there; the gate was locked.',
    });
    expect(toCustomer.status).toBe(200);
    expect(await figure()).toBe('Kept 1 of 1 job in the last 90 days');
    const stands = await read(first.id, ekow.token);
    expect([stands.status, stands.trust.noShowFound, stands.trust.cancellation]).toEqual(['confirmed', false, null]);

    const second = await confirmed(ekow, abena, soon());
    at(second.start.getTime() + 60_000);
    const upheld = await report(second.id, abena.token);
    expect(await figure()).toBe('Kept 2 of 2 jobs in the last 90 days');
    admin = await signInAdmin(app);
    const resolved = await asAdmin(`/api/admin/reports/${upheld.body.report.id}/close`, {
      outcome: 'warning',
      party: 'professional',
      note: 'You did not come and did not call.',
    });
    expect(resolved.status).toBe(200);
    expect(await figure()).toBe('Kept 1 of 2 jobs in the last 90 days');
  });

  it('an upheld "did not come" ends the job as the professional\'s no-show; "resolved" leaves it', async () => {
    const abena = await signUpAndPay(app, { firstName: 'Abena' });
    const kojo = await listedProfessional(app, { lat: 5.6, lng: -0.18 }, { firstName: 'Kojo' });
    const left = await confirmed(kojo, abena, soon());
    at(left.start.getTime() + HOUR_MS);
    const kept = await report(left.id, abena.token);
    admin = await signInAdmin(app);
    const closedResolved = await asAdmin(`/api/admin/reports/${kept.body.report.id}/close`, {
      outcome: 'resolved',
      note: 'Kojo came at noon, as agreed in the chat.',
    });
    expect(closedResolved.status).toBe(200);
    expect((await read(left.id, kojo.token)).status).toBe('confirmed');
    expect((await post(`/api/bookings/${left.id}/complete`, kojo.token)).status).toBe(200);

    const ended = await confirmed(kojo, abena, soon());
    await post(`/api/bookings/${ended.id}/messages`, abena.token, { body: 'Where are you?' });
    at(ended.start.getTime() + HOUR_MS);
    const opened = await report(ended.id, abena.token);
    admin = await signInAdmin(app);
    const closed = await asAdmin(`/api/admin/reports/${opened.body.report.id}/close`, {
      outcome: 'suspension',
      party: 'professional',
      note: 'Third no-show this month.',
    });
    expect(closed.status).toBe(200);
    const seen = await read(ended.id, abena.token);
    expect(seen).toMatchObject({ status: 'cancelled', contactPhone: null });
    expect(seen.trust).toMatchObject({ cancellation: 'no_show', noShowFound: true, cancelNow: null, canReport: false });
    expect(seen.trust.reports[0]).toMatchObject({
      reason: 'not_attended',
      outcome: 'suspension',
      outcomeParty: 'professional',
    });
    // The professional (suspended here) can no longer act on it; a customer's cancel is refused too.
    expect((await app.db('bookings').where({ id: ended.id }).first('cancelled_by'))!.cancelled_by).toBe('professional');
    expect((await post(`/api/bookings/${ended.id}/cancel`, abena.token)).status).toBe(409);
    const chat = await get(`/api/bookings/${ended.id}/messages`, abena.token);
    expect(chat.body.messages.at(-1).body).toMatch(/ended as a no-show by the professional/);
  });

  it('an upheld "did not come" on a job marked completed takes it out of the completed jobs; he can no longer act on it', async () => {
    const abena = await signUpAndPay(app, { firstName: 'Abena' });
    const kofi = await listedProfessional(app, { lat: 5.6, lng: -0.18 }, { firstName: 'Kofi' });
    const booking = await confirmed(kofi, abena, soon());
    at(booking.start.getTime() + HOUR_MS);
    expect((await post(`/api/bookings/${booking.id}/complete`, kofi.token)).status).toBe(200);
    const completedJobs = async () =>
      (await get(`/api/professionals/${kofi.userId}`, abena.token)).body.professional.completedJobs;
    expect(await completedJobs()).toBe(1);
    const opened = await report(booking.id, abena.token, 'not_attended', 'He marked it done but never came.');
    admin = await signInAdmin(app);
    await asAdmin(`/api/admin/reports/${opened.body.report.id}/close`, {
      outcome: 'warning',
      party: 'professional',
      note: 'Do not mark a job done that you did not do.',
    });
    expect(await completedJobs()).toBe(0);
    const seen = await read(booking.id, kofi.token);
    expect(seen.status).toBe('cancelled');
    expect(seen.trust.noShowFound).toBe(true);
    for (const action of ['complete', 'cancel']) {
      expect((await post(`/api/bookings/${booking.id}/${action}`, kofi.token)).status).toBe(409);
    }
    const slot = soon();
    const propose = await post(`/api/bookings/${booking.id}/proposals`, kofi.token, {
      date: slot.date,
      time: slot.time,
    });
    expect(propose.status).toBe(409);
    expect((await get(`/api/professionals/${kofi.userId}`, abena.token)).body.professional.reliability).toBe(
      'Kept 0 of 1 job in the last 90 days',
    );
  });
});
